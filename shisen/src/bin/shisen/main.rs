//! The `shisen` command: `pairs`, `hint`, `solve`, `generate`, `render`, puzzle codes
//! (`code`, which also reads the puzzle of every command) and packs of deals (`pack`,
//! `verify`), as in the workspace's command-line contract (the full reference is
//! `docs/cli.md` in the repository). This file holds the commands and their help; each
//! command is its own module, `limits` what `generate` and `pack` both check.

mod code;
mod generate;
mod hint;
mod limits;
mod pack;
mod pairs;
mod render;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use engine::cli::{Failure, Input, JsonArg};
use limits::MAX_COPIES;
use shisen::solver;

/// The board text format, shown by `--help`.
const BOARD_FORMAT: &str = "\
Board text: one row per line, tokens separated by whitespace; `.` = empty cell, any other
token = a tile kind's label; rows of equal length; every kind occurs an even number of times;
lines starting with `#` are comments (`# gravity: true` marks a board played with gravity).
(x, y) = (column from the left, row from the top), from 0; paths may use the empty ring around
the board (x = -1 or W, y = -1 or H). A puzzle code (`shisen:1:...`, see `shisen code`) may
stand in place of a board.";

/// The exit codes, shown by `--help`.
const EXIT_CODES: &str = "\
Exit codes: 0 answered; 1 no answer exists (unsolvable, no removable pair); 2 bad input or
usage (one line on stderr); 3 gave up (--timeout or the node budget ran out).
--json prints each answer as one JSON document (fields in docs/cli.md).";

/// Shisen-Sho: removable pairs, hints, exact solver, solvable deals, pictures.
#[derive(Parser)]
#[command(name = "shisen", version, about, arg_required_else_help = true, after_help = format!("{BOARD_FORMAT}\n\n{EXIT_CODES}"))]
struct Cli {
    #[command(flatten)]
    json: JsonArg,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every currently removable pair with its shortest connection.
    #[command(after_help = format!("{BOARD_FORMAT}\n\nOutput: one line per pair, `x1,y1 x2,y2 <len> <corners>`, sorted by (y1,x1,y2,x2).\n\nExample:\n  printf 'A B . A\\nB C C .\\n' | shisen pairs\n  0,0 3,0 5 0,0;0,-1;3,-1;3,0\n  1,1 2,1 1 1,1;2,1"))]
    Pairs(pairs::PairsArgs),
    /// A removable pair to suggest: the one with the shortest connection.
    #[command(after_help = format!("{BOARD_FORMAT}\n\nOutput: one line `x1,y1 x2,y2 <len> <corners>` as `pairs` prints it, or `none` (exit 1).\n\nExample:\n  printf 'A B . A\\nB C C .\\n' | shisen hint\n  1,1 2,1 1 1,1;2,1"))]
    Hint(hint::HintArgs),
    /// Whether the board can be cleared, with the removals in play order.
    #[command(after_help = format!("{BOARD_FORMAT}\nGravity applies with --gravity, or when the code or the `# gravity: true` line says so.\n\nOutput: `solvable` and one removal `x1,y1 x2,y2` per line, or `unsolvable` (exit 1), or `unknown` (exit 3).\nWithout --timeout the search stops after {} nodes.\n\nExample:\n  printf 'B .\\nA A\\nB .\\n' | shisen solve --gravity\n  solvable\n  0,0 0,2\n  0,2 1,2", solver::DEFAULT_NODE_LIMIT))]
    Solve(solve::SolveArgs),
    /// A full deal, solvable unless --any.
    #[command(after_help = format!("Output: a board in the board text format (see `shisen pairs --help`), or its code with --format code.\nLimits: each side of --size from 1 to {max}; --kinds at most {kinds}; --copies at most {MAX_COPIES}, even.\n\nExample:\n  shisen generate --size 4x2 --seed 1\n  A A B A\n  B A B B", max = shisen::generate::MAX_SIDE, kinds = shisen::generate::MAX_KINDS))]
    Generate(generate::GenerateArgs),
    /// An SVG picture of the board, optionally with a connection drawn.
    #[command(after_help = format!("{BOARD_FORMAT}\n\nOutput: an SVG document: tiles as labelled squares, empty cells as nothing, the connection as a red polyline.\n\nExample:\n  printf 'A B A\\nC . C\\n. B .\\n' | shisen render --path 0,0,2,0 > board.svg"))]
    Render(render::RenderArgs),
    /// The code of each puzzle (one line, URL-safe, with a check), or the board of each code.
    #[command(
        after_help = "Input: boards separated by blank lines (codes one a line also read); with --decode, codes one a line.\nOutput: one code per puzzle, one a line; with --decode, each code's board text (`# gravity: true` above a board played with gravity), boards separated by a blank line.\nA code is `shisen:1:` then the board and its gravity flag packed in the characters A-Z a-z 0-9 - _, then two check characters: a mistyped code is an error, not another puzzle.\n\nExample:\n  printf 'A B . A\\nB C C .\\n' | shisen code --gravity\n  shisen:1:CAoADYbwLo\n  echo shisen:1:CAoADYbwLo | shisen code --decode\n  # gravity: true\n  A B . A\n  B C C ."
    )]
    Code(code::CodeCommand),
    /// A pack of solvable deals with their witnesses, as JSON Lines, in seed order.
    #[command(after_help = format!("Output: one JSON entry per line: game, seed, puzzle (the board text, rows joined by \\n), code (its puzzle code, see `shisen code`), removals (the witness, `x1,y1 x2,y2` in play order), options. Deals equal up to a symmetry and a renaming of the kinds appear once. The summary (counted by the pairs removable at the start) goes to stderr.\nLimits: as `shisen generate`.\n\nExample:\n  shisen pack --seeds 0..500 --gravity --out deals.jsonl\n  shisen pack --seeds 0..500 --gravity --shard 0/2 --out a.jsonl   # and 1/2 into b.jsonl, then\n  shisen pack --merge a.jsonl b.jsonl --out deals.jsonl"))]
    Pack(pack::PackCommand),
    /// Re-checks every entry of a pack: the deal agrees with its options, the removals clear it.
    #[command(
        after_help = "Output: `N entries: H hold, W wrong, U unknown`; each wrong entry on stderr as `FILE:LINE: reason`.\nExit 0 all hold, 1 some entry is wrong, 2 not a shisen pack.\n\nExample:\n  shisen verify deals.jsonl"
    )]
    Verify(pack::VerifyCommand),
}

fn main() -> ExitCode {
    engine::cli::main("shisen", |cli: Cli| run(cli, Input::process()))
}

/// Runs one command: `(exit code, stdout)` or a failure for stderr.
fn run(cli: Cli, input: Input<'_>) -> Result<(u8, String), Failure> {
    let json = cli.json.json;
    match cli.command {
        Command::Pairs(args) => pairs::run(&args, json, input),
        Command::Hint(args) => hint::run(&args, json, input),
        Command::Solve(args) => solve::run(&args, json, input),
        Command::Generate(args) => generate::run(&args, json),
        Command::Render(args) => render::run(&args, json, input),
        Command::Code(args) => code::run(&args, json, input),
        Command::Pack(args) => pack::pack(&args, json),
        Command::Verify(args) => pack::verify(&args, json, input),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Runs `shisen args` in-process with `stdin` as the board of `-`; files other than `-`
    /// are refused. `Err` holds the exit code and stderr line of a usage error or a failure.
    fn shisen(args: &[&str], stdin: &str) -> Result<(u8, String), (u8, String)> {
        let cli: Cli = engine::cli::parse_from(std::iter::once("shisen").chain(args.iter().copied()))?;
        run(cli, Input::stdin(stdin)).map_err(|Failure(code, message)| (code, message))
    }

    #[test]
    fn in_process_runs_match_the_binary() {
        let out = shisen(&["pairs"], "A B . A\nB C C .\n").unwrap();
        assert_eq!(out, (0, "0,0 3,0 5 0,0;0,-1;3,-1;3,0\n1,1 2,1 1 1,1;2,1\n".to_string()));
        assert_eq!(shisen(&["hint"], "A B\nB A\n").unwrap(), (1, "none\n".to_string()));
        assert_eq!(shisen(&["generate", "--size", "0x2"], "").unwrap_err().0, 2);
        assert_eq!(shisen(&[], "").unwrap_err().0, 0);
    }

    /// Words the argument vectors are made of: every command and flag, and values good,
    /// bad and extreme.
    const WORDS: &[&str] = &[
        "pairs",
        "hint",
        "solve",
        "generate",
        "render",
        "verify",
        "code",
        "--decode",
        "--format",
        "board",
        "shisen:1:CAoADYbwLo",
        "shisen:1:CAoADYbwLp",
        "kami:1:AQIDK5",
        "--json",
        "--gravity",
        "--timeout",
        "--size",
        "--kinds",
        "--copies",
        "--seed",
        "--any",
        "--path",
        "--hint",
        "--help",
        "-",
        "0",
        "1",
        "2",
        "4",
        "-1",
        "0.01",
        "nan",
        "1e99",
        "8x4",
        "4x2",
        "1x2",
        "0x0",
        "101x2",
        "100x1",
        "18x",
        "x",
        "99999999999999999999x2",
        "65536",
        "65537",
        "10000",
        "10001",
        "18446744073709551615",
        "0,0,1,0",
        "0,0,2,0",
        "1,1",
        "a,b,c,d",
        "",
        "\u{0}",
        "ü",
        "--",
        "-x",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any argument vector ends in an answer, a failure or a usage error: never a panic.
        /// Runs are in-process, so a hang would stop the test run (sizes are bounded, deals
        /// of at most 100x2 cells or generated in well under a second).
        #[test]
        fn arbitrary_arguments_never_panic(words in proptest::collection::vec(proptest::sample::select(WORDS), 0..7), stdin in "[AB. \n]{0,24}|shisen:1:CAoADYbwL[a-z]|# gravity: true\nA A|shisen:1:BAQABwUS\n\nA A") {
            let args: Vec<&str> = words.clone();
            let _ = shisen(&args, &stdin);
        }

        /// Arbitrary strings as arguments, too.
        #[test]
        fn arbitrary_strings_never_panic(args in proptest::collection::vec(".{0,12}", 0..5), stdin in "(?s).{0,40}") {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let _ = shisen(&args, &stdin);
        }
    }
}
