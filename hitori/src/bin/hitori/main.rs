//! The `hitori` command: `solve`, `generate`, `hint`, `steps` and `render` Hitori puzzles,
//! share them as codes (`code`; every command that reads a puzzle also reads its code),
//! make packs of them (`pack`, `verify`: module `pack`), as in the workspace's
//! command-line contract (`docs/cli.md`). This file holds the commands and their help;
//! each command is its own module, `input` what several of them read.
//!
//! Exit codes: 0 answered, 1 no solution (or no puzzle of that kind exists, or no hint),
//! 2 bad input or usage (one line on stderr, nothing on stdout; clap's suggestion and a
//! "try --help" line may follow a usage error), 3 the `--timeout` ran out.

mod code;
mod generate;
mod hint;
mod input;
mod pack;
mod render;
mod solve;
mod steps;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use engine::cli::{Failure, Input, JsonArg};

/// Hitori ("Singles"): prove puzzles unique, generate unique puzzles, give hints, draw them.
#[derive(Parser)]
#[command(name = "hitori", version, arg_required_else_help = true)]
#[command(after_help = "The full reference: docs/cli.md in the repository.")]
struct Cli {
    #[command(flatten)]
    json: JsonArg,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// `unique`, `multiple` or `none`, then the solution (and a second one for `multiple`).
    #[command(after_help = concat!(
        "Puzzle text: one row per line, positive whole numbers separated by whitespace, every row\n",
        "as long as the first; lines starting with `#` are comments, blank lines are ignored.\n\n",
        "Output: `unique`, `multiple` or `none`, then each solution with `#` for a shaded cell.\n\n",
        "Example:\n  printf '1 1\\n1 2\\n' | hitori solve\n  unique\n  # 1\n  1 2",
    ))]
    Solve(solve::SolveArgs),
    /// A puzzle with exactly one solution, in the puzzle text format.
    #[command(after_help = concat!(
        "Output: the puzzle text (one row per line, numbers separated by one space), or with\n",
        "--format code its one-line code (`hitori:1:…`, read by every command and `code --decode`).\n",
        "Sizes: N (N x N) or WxH, each side from 1 to 10000, at most 1000000 cells.\n\n",
        "Example:\n  hitori generate --size 5 --seed 3 --difficulty medium",
    ))]
    Generate(generate::GenerateArgs),
    /// The next deduction from the marks so far, with the rule that makes it.
    #[command(after_help = concat!(
        "Puzzle text: one row per line, positive whole numbers separated by whitespace.\n",
        "State text (--state): the player's marks, in the puzzle's shape: `x` shaded, `o` unshaded\n",
        "(circled), `.` undecided, separated by whitespace. Without --state nothing is marked.\n\n",
        "Output: `X,Y is shaded|unshaded (rule)` (exit 0); `solved` (exit 0); `broken: <rule>`\n",
        "when the marks break a rule, or `none` when no rule decides another cell (exit 1).\n\n",
        "Example:\n  printf '2 1 2\\n1 2 1\\n' | hitori hint\n  1,0 is unshaded (sandwich)",
    ))]
    Hint(hint::HintArgs),
    /// Every deduction from an empty board, easiest rule first, then the grade.
    #[command(after_help = concat!(
        "Puzzle text: one row per line, positive whole numbers separated by whitespace.\n\n",
        "Output: one line per deduction, `X,Y is shaded|unshaded (rule)`, in the order a person\n",
        "would make them (always the easiest rule that applies), then `grade: easy|medium|hard`\n",
        "(exit 0): the hardest rule used; or `grade: search` when the rules get stuck (exit 1).\n\n",
        "Example:\n  printf '1 1\\n1 2\\n' | hitori steps\n  0,0 is shaded (corner triple)\n  ...\n  grade: medium",
    ))]
    Steps(steps::StepsArgs),
    /// An SVG picture of the puzzle (and of the marks, with broken rules in red).
    #[command(after_help = concat!(
        "Puzzle text: one row per line, positive whole numbers separated by whitespace.\n",
        "State text (--state): `x` shaded, `o` unshaded (circled), `.` undecided.\n\n",
        "Output: one SVG document (`<svg data-testid=\"board\">`, one `<g data-x data-y data-value>`\n",
        "per cell).\n\n",
        "Example:\n  hitori generate --size 5 | hitori render > puzzle.svg",
    ))]
    Render(render::RenderArgs),
    /// The one-line code of each puzzle, or (--decode) the puzzle of each code.
    #[command(after_help = concat!(
        "Input: puzzles in the puzzle text form separated by blank lines (a code stands for its\n",
        "puzzle); with --decode one code per line (`#` comments and blank lines skipped).\n\n",
        "Output: one code per line, `hitori:1:` then letters, digits, `-` and `_`; with --decode\n",
        "the puzzle text of each code, puzzles separated by a blank line. Every command that reads\n",
        "a puzzle also reads its code.\n\n",
        "Examples:\n  hitori generate --size 5 --seed 3 | hitori code\n  echo hitori:1:SQgm6 | hitori code --decode",
    ))]
    Code(code::CodeCommand),
    /// Many graded puzzles with their proven solutions, as JSON Lines, in seed order.
    #[command(after_help = concat!(
        "Output: one JSON object per line: game, seed, puzzle (rows joined by \\n), code (its\n",
        "one-line code), grade, solution (one string per row, `#` shaded, `.` unshaded), options.\n",
        "The summary goes to standard error. The same options give the same bytes for any\n",
        "--threads.\n\n",
        "Examples:\n  hitori pack --count 1000 --mix easy=400,medium=400,hard=160,search=40 --out pack.jsonl\n",
        "  hitori pack --seeds 0..5000 --shard 1/4 --difficulty hard --out shard1.jsonl",
    ))]
    Pack(pack::PackCommand),
    /// Re-checks every entry of a pack: rules, uniqueness, grade, code, options.
    #[command(after_help = concat!(
        "Output: `N entries: H hold, W wrong, U unknown`; each bad entry on standard error as\n",
        "`FILE:LINE: reason`. Exit 0 all hold, 1 some wrong, 3 some not re-proven in --timeout,\n",
        "2 not a hitori pack.\n\n",
        "Example:\n  hitori verify pack.jsonl",
    ))]
    Verify(pack::VerifyCommand),
}

fn main() -> ExitCode {
    engine::cli::main("hitori", |cli: Cli| run(cli, Input::process()))
}

/// One command: its exit code and standard output, or a failure.
fn run(cli: Cli, read: Input<'_>) -> Result<(u8, String), Failure> {
    let json = cli.json.json;
    match cli.command {
        Command::Solve(args) => solve::run(&args, json, read),
        Command::Generate(args) => generate::run(&args, json),
        Command::Hint(args) => hint::run(&args, json, read),
        Command::Steps(args) => steps::run(&args, json, read),
        Command::Render(args) => render::run(&args, json, read),
        Command::Code(args) => code::code(&args, json, read),
        Command::Pack(args) => pack::pack(&args, json),
        Command::Verify(args) => pack::verify(&args, json, read),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use proptest::prelude::*;

    /// Runs the command line `args` in-process, with `stdin` as standard input and no file
    /// readable; the time limit is capped at one second so no case can hang.
    fn run_args(args: &[String], stdin: &str) -> Result<(u8, String), Failure> {
        let mut argv = vec!["hitori".to_string()];
        argv.extend(args.iter().cloned());
        let mut cli: Cli = match engine::cli::parse_from(argv) {
            Ok(cli) => cli,
            Err((code, text)) => return Err(Failure(code, text)),
        };
        let cap = Some(Duration::from_secs(1));
        let timeout = match &mut cli.command {
            Command::Solve(args) => Some(&mut args.timeout.timeout),
            Command::Generate(args) => Some(&mut args.timeout.timeout),
            Command::Steps(args) => Some(&mut args.timeout.timeout),
            Command::Hint(_) | Command::Render(_) | Command::Code(_) | Command::Pack(_) | Command::Verify(_) => None,
        };
        if let Some(timeout) = timeout {
            *timeout = (*timeout).min(cap).or(cap);
        }
        run(cli, Input::stdin(stdin))
    }

    /// A value for a flag: plausible ones, extreme ones, anything.
    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "-",
                "0",
                "1",
                "3",
                "5x4",
                "2x1",
                "0x3",
                "100000",
                "9999x100",
                "easy",
                "code",
                "text",
                "medium",
                "hard",
                "search",
                "0.01",
                "0.3",
                "-1",
                "nan",
                "1e99",
                "18446744073709551615",
                "x",
                "",
            ])
            .prop_map(str::to_string),
            "[0-9xX.]{1,7}",
            ".{0,12}",
        ]
    }

    /// Flags with values (mostly the command's own), lone flags and stray words.
    fn words(command: &'static str) -> impl Strategy<Value = Vec<String>> {
        let own: Vec<&'static str> = match command {
            "solve" | "steps" => vec!["--timeout"],
            "generate" => vec!["--size", "--seed", "--difficulty", "--timeout", "--format"],
            "code" => vec!["--decode"],
            "hint" | "render" => vec!["--state"],
            _ => vec!["--timeout", "--size", "--seed", "--difficulty", "--state"],
        };
        prop_oneof![
            4 => (prop::sample::select(own), value()).prop_map(|(flag, v)| vec![flag.to_string(), v]),
            1 => (prop::sample::select(vec!["--timeout", "--size", "--seed", "--difficulty", "--state"]), value())
                .prop_map(|(flag, v)| vec![flag.to_string(), v]),
            1 => prop::sample::select(vec!["--json", "--help", "--version", "-", "--", "-h"]).prop_map(|w| vec![w.to_string()]),
            1 => value().prop_map(|v| vec![v]),
        ]
    }

    /// A command (mostly a real one) and what follows it.
    fn command_line() -> impl Strategy<Value = Vec<String>> {
        prop::sample::select(vec!["solve", "generate", "hint", "steps", "render", "code", "help", "--json", ""])
            .prop_flat_map(|command| {
                prop::collection::vec(words(command), 0..4).prop_map(move |rest| {
                    let mut args = vec![command.to_string()];
                    args.extend(rest.into_iter().flatten());
                    args
                })
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn any_argument_vector_answers_or_fails_cleanly(
            args in command_line(),
            stdin in prop_oneof![
                ".{0,40}",
                "([1-4] ){1,3}\n([1-4] ){1,3}\n",
                "([xo.] ){1,3}\n",
                "hitori:1:SQgm6",
                "hitori:1:[A-Za-z0-9_-]{0,12}\n",
            ],
        ) {
            match run_args(&args, &stdin) {
                Ok((code, _)) => prop_assert!([0, 1, 3].contains(&code)),
                Err(Failure(code, message)) => {
                    prop_assert!([0, 1, 2, 3].contains(&code));
                    prop_assert!(!message.is_empty());
                }
            }
        }

        #[test]
        fn any_bytes_as_puzzle_or_state(bytes in prop::collection::vec(any::<u8>(), 0..80), code in any::<bool>(), command in 0usize..6) {
            let mut text = String::from_utf8_lossy(&bytes).into_owned();
            if code {
                text = format!("hitori:1:{}", text.replace(|c: char| c.is_whitespace(), ""));
            }
            let args: Vec<String> = match command {
                0 => vec!["solve".into()],
                1 => vec!["hint".into()],
                2 => vec!["render".into(), "--json".into()],
                3 => vec!["code".into()],
                4 => vec!["code".into(), "--decode".into()],
                _ => vec!["solve".into(), "--json".into()],
            };
            if let Ok((code, out)) = run_args(&args, &text) {
                prop_assert!([0, 1, 3].contains(&code));
                prop_assert!(!out.is_empty());
            }
        }
    }
}
