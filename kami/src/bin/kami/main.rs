//! The `kami` command: `solve`, `hint`, `render` and `generate` KAMI levels, make packs of
//! levels and `verify` them, as in the workspace's command-line contract (`docs/cli.md`).
//! This file holds the command line and its dispatch; each command is a module of its own
//! (`solve.rs`, `hint.rs`, `render.rs`, `generate.rs`, `pack.rs` with `verify`, `code.rs`),
//! `input.rs` reads levels and `search.rs` holds the search `solve`, `hint` and `render`
//! share. Every command that reads a level also reads its code (`kami:1:…`, told apart by
//! its shape).
//!
//! Exit codes: 0 answered, 2 bad input or usage (one line on stderr, nothing on stdout;
//! clap's suggestion and a "try --help" line may follow a usage error), 3 the `--timeout`
//! budget ran out (or a level too big for the search).

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use engine::cli::{Failure, JsonArg};

use input::Reader;

mod code;
mod generate;
mod hint;
mod input;
mod pack;
mod render;
mod search;
mod solve;

/// The level text format, for the commands' `--help`.
macro_rules! level_format {
    () => {
        concat!(
            "Level text: one row of triangles per line, one character per triangle: `.` = hole,\n",
            "`0-9` and `a-z` = colour. Triangle (r, c) points right when r + c is even. Optional\n",
            "headers `# name: ...`, `# par: N`, `# palette: #rrggbb ...`; other `#` lines are comments.\n",
            "A level's code (`kami code`) may be given instead of its text.\n",
        )
    };
}

/// KAMI 2 levels: optimal par, hints, SVG pictures, generation.
#[derive(Parser)]
#[command(name = "kami", version, arg_required_else_help = true)]
#[command(after_help = "The full reference: docs/cli.md in the repository.")]
struct Cli {
    #[command(flatten)]
    json: JsonArg,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Optimal solution: the number of moves, then one `r c colour` line per move.
    #[command(after_help = concat!(
        level_format!(),
        "\nOutput: the optimal number of moves n, then n lines `r c colour` (exit 0); when the\n",
        "--timeout runs out, `unknown lb=<lower bound> best=<moves of the best solution or ->` (exit 3).\n\n",
        "Example:\n  printf '0112\\n0122\\n' | kami solve\n  2\n  0 1 0\n  0 1 2",
    ))]
    Solve(solve::SolveArgs),
    /// The next move of an optimal solution from the position reached.
    #[command(after_help = concat!(
        level_format!(),
        "A saved game (JSON, as the library's `kami::Game` serialises) may be given instead of a level.\n",
        "--moves-made: the moves played so far, `r c colour` each, separated by `;` (at most 10000).\n",
        "\nOutput: `r c colour`, the next move of an optimal solution (exit 0); `solved` when the\n",
        "position is solved (exit 0); when the --timeout runs out, the first move of the best\n",
        "solution found (exit 3).\n\n",
        "Example:\n  printf '0112\\n0122\\n' | kami hint --moves-made '0 1 0'\n  0 0 2",
    ))]
    Hint(hint::HintArgs),
    /// An SVG picture of the level.
    #[command(after_help = concat!(
        level_format!(),
        "\nOutput: one SVG document (`<svg data-testid=\"board\">`, one `<polygon data-r data-c\n",
        "data-value>` per triangle); with --solution, the taps of an optimal solution numbered\n",
        "on their triangles (the best found, exit 3, when the --timeout runs out).\n\n",
        "Example:\n  kami generate --size 8x6 --colors 3 --regions 10 | kami render --solution > level.svg",
    ))]
    Render(render::RenderArgs),
    /// A random level with its proven optimum in a `# par: N` header.
    #[command(after_help = concat!(
        "Limits: --size RxC with at most 200 rows, 200 columns and 10000 triangles; --colors 1-36;\n",
        "--regions from the colour count to the triangle count, at most 1000.\n\n",
        "Output: the level text, with a `# par: N` header (--format code: its code, par included,\n",
        "one line). When --timeout runs out first: nothing\n",
        "on standard output, one line on standard error, exit 3.\n\n",
        "Example:\n  kami generate --size 8x6 --colors 3 --regions 10 --seed 9",
    ))]
    Generate(generate::GenerateArgs),
    /// A pack of levels: one JSON line per seed's level, with its proven par and moves.
    #[command(after_help = concat!(
        "Seeds: --seeds A..B tries every seed from A to B-1; --count N tries seeds from --seed-start\n",
        "(default 0) on until the pack holds N levels. --size, --colors and --regions are those of\n",
        "`generate`; --par A..B keeps the levels whose proven par is A to B, both included (--par N:\n",
        "exactly N). Levels equal up to a symmetry of the rectangle and a renaming of colours are\n",
        "kept once. The same bytes for any --threads.\n\n",
        "Output: JSON Lines on standard output or in --out FILE, one entry per level in seed order:\n",
        "{\"game\":\"kami\",\"seed\",\"puzzle\",\"code\",\"par\",\"moves\":[{\"row\",\"col\",\"colour\"}],\"options\"};\n",
        "the summary on standard error. Exit 0 done, 2 bad options, 3 --timeout stopped it (--resume).\n\n",
        "Example:\n  kami pack --count 200 --size 10x29 --colors 4 --regions 24 --par 6..9 --out levels.jsonl",
    ))]
    Pack(pack::PackCommand),
    /// Re-checks every level of a pack: its moves, its par (re-proven), its seed and options.
    #[command(after_help = concat!(
        "Output: `N entries: H hold, W wrong, U unknown`; each bad line on standard error as\n",
        "FILE:LINE: reason. Exit 0 all hold, 1 some wrong, 3 some not re-proven within --timeout,\n",
        "2 not a kami pack.\n\n",
        "Example:\n  kami verify levels.jsonl",
    ))]
    Verify(pack::VerifyCommand),
    /// The one-line code of each level (levels separated by blank lines); --decode: the
    /// level of each code.
    #[command(after_help = concat!(
        level_format!(),
        "\nOutput: one code per level of INPUT, one a line (a code holds the triangles and the par,\n",
        "not the name or palette). --decode: INPUT holds codes, one a line (blank and `#` lines\n",
        "skipped); the level text of each, with its `# par: N` header when the code holds a par,\n",
        "levels separated by a blank line. A bad code or level: exit 2, naming its line.\n\n",
        "Example:\n  kami generate --size 4x6 --colors 3 --regions 6 --seed 1 | kami code\n",
        "  kami code --decode codes.txt",
    ))]
    Code(code::CodeCommand),
}

fn main() -> ExitCode {
    engine::cli::main("kami", |cli: Cli| run(cli, &mut engine::read_input))
}

/// One command: its exit code and standard output, or a failure.
fn run(cli: Cli, read: &mut Reader<'_>) -> Result<(u8, String), Failure> {
    let json = cli.json.json;
    match cli.command {
        Command::Solve(args) => solve::run(&args, read, json),
        Command::Hint(args) => hint::run(&args, read, json),
        Command::Render(args) => render::run(&args, read, json),
        Command::Generate(args) => generate::run(&args, json),
        Command::Pack(args) => pack::pack(&args, json),
        Command::Verify(args) => pack::verify(&args, json),
        Command::Code(args) => code::run(&args, read, json),
    }
}

#[cfg(test)]
mod tests {
    use engine::InputError;
    use proptest::prelude::*;

    use super::*;

    /// Runs the command line `args` in-process, with `stdin` as every input.
    fn run_args(args: &[String], stdin: &str) -> Result<(u8, String), (u8, String)> {
        let cli: Cli = engine::cli::parse_from(std::iter::once("kami".to_string()).chain(args.iter().cloned()))?;
        let mut read = |path: &str| -> Result<(String, String), InputError> {
            if path == "-" { Ok(("-".to_string(), stdin.to_string())) } else { engine::read_input(path) }
        };
        run(cli, &mut read).map_err(|Failure(code, message)| (code, message))
    }

    /// Words the argument vectors are made of: commands, flags, and values good and bad.
    fn word() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("solve".to_string()),
            Just("hint".to_string()),
            Just("render".to_string()),
            Just("generate".to_string()),
            Just("code".to_string()),
            Just("--decode".to_string()),
            Just("--format".to_string()),
            Just("kami:1:IaQEVgPQ8QIQ2".to_string()),
            Just("--json".to_string()),
            Just("--timeout".to_string()),
            Just("--threads".to_string()),
            Just("--moves-made".to_string()),
            Just("--solution".to_string()),
            Just("--size".to_string()),
            Just("--colors".to_string()),
            Just("--regions".to_string()),
            Just("--seed".to_string()),
            Just("-".to_string()),
            Just("0".to_string()),
            Just("0.01".to_string()),
            Just("3x4".to_string()),
            Just("0 0 1".to_string()),
            "[0-9]{1,6}",
            "[0-9]{1,6}x[0-9]{1,6}",
            ".{0,12}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// Any argument vector: an answer or a failure with a known exit code, never a
        /// panic. Searches get a small timeout so no case hangs.
        #[test]
        fn argument_vectors_never_panic(mut args in proptest::collection::vec(word(), 0..7), stdin in "[0-2.\n]{0,20}") {
            // Keep every search short: a tiny timeout applies to every command that has one.
            if args.first().is_some_and(|c| ["solve", "hint", "generate", "render"].contains(&c.as_str())) {
                args.insert(1, "--timeout".to_string());
                args.insert(2, "0.05".to_string());
                if args[0] == "generate" && !args.iter().any(|a| a == "--size") {
                    args.push("--size".to_string());
                    args.push("6x5".to_string());
                }
            }
            match run_args(&args, &stdin) {
                Ok((code, _)) => prop_assert!([0, 3].contains(&code)),
                Err((code, _)) => prop_assert!([0, 2, 3].contains(&code)),
            }
        }
    }

    /// A flag of `command` with a value, good or bad.
    fn flag(command: &'static str) -> impl Strategy<Value = Vec<String>> {
        let flags: &[&str] = match command {
            "solve" => &["--threads", "--json"],
            "hint" => &["--moves-made", "--threads", "--json"],
            "render" => &["--solution", "--json"],
            _ => &["--size", "--colors", "--regions", "--seed", "--json"],
        };
        let value = prop_oneof![
            "[0-9]{1,3}",
            "[0-9]{1,3}x[0-9]{1,3}",
            "[0-9]{1,2} [0-9]{1,2} [0-9a-z]( ?; ?[0-9] [0-9] [0-9a-z]){0,3}",
            "-?[0-9]{1,20}",
            ".{0,8}",
        ];
        (proptest::sample::select(flags), value).prop_map(|(flag, value)| match flag {
            "--json" | "--solution" => vec![flag.to_string()],
            _ => vec![flag.to_string(), value],
        })
    }

    /// A command line of one command with its own flags (values good and bad).
    fn command_line() -> impl Strategy<Value = Vec<String>> {
        proptest::sample::select(vec!["solve", "hint", "render", "generate"]).prop_flat_map(|command| {
            proptest::collection::vec(flag(command), 0..4).prop_map(move |flags| {
                let mut args = vec![command.to_string(), "--timeout".to_string(), "0.05".to_string()];
                args.extend(flags.into_iter().flatten());
                args
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Each command with its own flags on small levels: an answer (0, or 3 when the
        /// timeout ran out) whose `--json` form parses, or a failure with exit code 2 or 3.
        #[test]
        fn command_lines_of_each_command_answer_or_fail(args in command_line(), stdin in "[0-3]{1,4}(\n[0-3.]{1,4}){0,3}\n") {
            let json = args.iter().any(|a| a == "--json");
            match run_args(&args, &stdin) {
                Ok((code, out)) => {
                    prop_assert!([0, 3].contains(&code), "{args:?}: {code}");
                    if json {
                        prop_assert!(serde_json::from_str::<serde_json::Value>(&out).is_ok(), "{args:?}: {out}");
                    }
                }
                Err((code, message)) => prop_assert!([0, 2, 3].contains(&code) && !message.is_empty(), "{args:?}"),
            }
        }
    }

    #[test]
    fn no_arguments_print_the_commands() {
        let (code, help) = run_args(&[], "").unwrap_err();
        assert_eq!(code, 0);
        for command in ["solve", "hint", "render", "generate"] {
            assert!(help.contains(command), "{help}");
        }
    }
}
