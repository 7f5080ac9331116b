//! The `shisen` command: `pairs`, `hint`, `solve`, `generate`, `render`, puzzle codes
//! (`code`: module `code`, which also reads the puzzle of every command) and packs of deals
//! (`pack`, `verify`: module `pack`). The full reference is `docs/cli.md` in the repository.

mod code;
mod limits;
mod pack;

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use engine::cli::{Failure, Input};
use engine::{Budget, Coord, Outcome, SeededRng, StopReason};
use limits::{MAX_COPIES, parse_size};
use serde::Serialize;
use shisen::generate::{self, GenerateError, Spec};
use shisen::solver::{self, Answer, Options, Removal};
use shisen::{Board, Pair, Path};

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
    /// Print each answer as one JSON document on stdout (same exit codes).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every currently removable pair with its shortest connection.
    #[command(after_help = format!("{BOARD_FORMAT}\n\nOutput: one line per pair, `x1,y1 x2,y2 <len> <corners>`, sorted by (y1,x1,y2,x2).\n\nExample:\n  printf 'A B . A\\nB C C .\\n' | shisen pairs\n  0,0 3,0 5 0,0;0,-1;3,-1;3,0\n  1,1 2,1 1 1,1;2,1"))]
    Pairs {
        /// Board file, or `-` for standard input.
        #[arg(default_value = "-")]
        board: String,
    },
    /// A removable pair to suggest: the one with the shortest connection.
    #[command(after_help = format!("{BOARD_FORMAT}\n\nOutput: one line `x1,y1 x2,y2 <len> <corners>` as `pairs` prints it, or `none` (exit 1).\n\nExample:\n  printf 'A B . A\\nB C C .\\n' | shisen hint\n  1,1 2,1 1 1,1;2,1"))]
    Hint {
        /// Board file, or `-` for standard input.
        #[arg(default_value = "-")]
        board: String,
    },
    /// Whether the board can be cleared, with the removals in play order.
    #[command(after_help = format!("{BOARD_FORMAT}\nGravity applies with --gravity, or when the code or the `# gravity: true` line says so.\n\nOutput: `solvable` and one removal `x1,y1 x2,y2` per line, or `unsolvable` (exit 1), or `unknown` (exit 3).\nWithout --timeout the search stops after {} nodes.\n\nExample:\n  printf 'B .\\nA A\\nB .\\n' | shisen solve --gravity\n  solvable\n  0,0 0,2\n  0,2 1,2", solver::DEFAULT_NODE_LIMIT))]
    Solve {
        /// Tiles fall toward larger y after each removal (also when the puzzle says so).
        #[arg(long)]
        gravity: bool,
        /// Give up after this many seconds (prints `unknown`, exit 3); no node limit then.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Board file, or `-` for standard input.
        #[arg(default_value = "-")]
        board: String,
    },
    /// A full deal, solvable unless --any.
    #[command(after_help = format!("Output: a board in the board text format (see `shisen pairs --help`), or its code with --format code.\nLimits: each side of --size from 1 to {max}; --kinds at most {kinds}; --copies at most {MAX_COPIES}, even.\n\nExample:\n  shisen generate --size 4x2 --seed 1\n  A A B A\n  B A B B", max = generate::MAX_SIDE, kinds = generate::MAX_KINDS))]
    Generate {
        /// Board size, each side from 1 to 100.
        #[arg(long, value_name = "WxH", default_value = "18x8")]
        size: String,
        /// Number of kinds (default: W*H/copies), at most 65536.
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(0..=generate::MAX_KINDS as u64))]
        kinds: Option<u64>,
        /// Tiles per kind, even, at most 10000.
        #[arg(long, value_name = "C", default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=MAX_COPIES))]
        copies: u64,
        /// Random seed.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
        /// Solvable under gravity.
        #[arg(long)]
        gravity: bool,
        /// A plain uniform deal, solvable or not.
        #[arg(long)]
        any: bool,
        /// Give up after this many seconds (exit 3).
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Print the board (`board`) or its code (`code`, with the gravity flag).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// An SVG picture of the board, optionally with a connection drawn.
    #[command(after_help = format!("{BOARD_FORMAT}\n\nOutput: an SVG document: tiles as labelled squares, empty cells as nothing, the connection as a red polyline.\n\nExample:\n  printf 'A B A\\nC . C\\n. B .\\n' | shisen render --path 0,0,2,0 > board.svg"))]
    Render {
        /// Draw the shortest connection between the tiles at (X1,Y1) and (X2,Y2); they must be
        /// removable now.
        #[arg(long, value_name = "X1,Y1,X2,Y2", conflicts_with = "hint", value_parser = parse_pair)]
        path: Option<(Coord, Coord)>,
        /// Draw the connection of the hint (see `shisen hint`), if there is one.
        #[arg(long)]
        hint: bool,
        /// Board file, or `-` for standard input.
        #[arg(default_value = "-")]
        board: String,
    },
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

/// What `generate` prints.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// The board text (also spelled `board`).
    #[value(alias = "board")]
    Text,
    /// The puzzle code.
    Code,
}

/// `generate --format code`: the deal's code, or with `--json` the deal's document with a
/// `code` field more.
fn code_answer(deal: &generate::Deal, gravity: bool, json: bool) -> Result<(u8, String), Failure> {
    let code = shisen::code::encode(&deal.board, gravity).map_err(|e| Failure(2, e.to_string()))?;
    if json {
        let mut doc = serde_json::to_value(deal).map_err(|e| Failure(2, e.to_string()))?;
        doc["code"] = serde_json::Value::String(code);
        return Ok((0, engine::cli::json_line(&doc)));
    }
    Ok((0, format!("{code}\n")))
}

/// Reads `X1,Y1,X2,Y2` (a clap value parser).
fn parse_pair(text: &str) -> Result<(Coord, Coord), String> {
    let numbers: Vec<i32> = text
        .split(',')
        .map(|t| t.trim().parse::<i32>())
        .collect::<Result<_, _>>()
        .map_err(|_| "expected X1,Y1,X2,Y2 with whole numbers".to_string())?;
    match numbers[..] {
        [x1, y1, x2, y2] => Ok((Coord::new(x1, y1), Coord::new(x2, y2))),
        _ => Err("expected X1,Y1,X2,Y2 with whole numbers".to_string()),
    }
}

/// The board in `source`, given as its text or its code.
fn read_board(source: &str, input: Input<'_>) -> Result<Board, Failure> {
    code::read_puzzle(source, input).map(|(board, _)| board)
}

fn xy(c: Coord) -> String {
    format!("{},{}", c.x, c.y)
}

/// A pair as `shisen pairs` prints it.
fn pair_line(p: &Pair) -> String {
    format!("{} {} {} {}\n", xy(p.a), xy(p.b), p.path.length(), p.path)
}

/// A pair in JSON: its tiles, the length and the corners of its shortest connection.
#[derive(Serialize)]
struct PairJson {
    a: Coord,
    b: Coord,
    length: u32,
    path: Path,
}

impl From<&Pair> for PairJson {
    fn from(p: &Pair) -> PairJson {
        PairJson { a: p.a, b: p.b, length: p.path.length(), path: p.path }
    }
}

/// `shisen solve --json`.
#[derive(Serialize)]
struct SolveJson {
    /// `solvable`, `unsolvable` or `unknown`.
    answer: &'static str,
    /// The removals in play order (empty unless solvable).
    removals: Vec<Removal>,
    /// Why the search stopped (`unknown` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<StopReason>,
    /// The fewest tiles a line of play found left (`unknown` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    tiles_left: Option<usize>,
    /// Search nodes spent.
    nodes: u64,
}

/// Runs one command: `(exit code, stdout)` or a failure for stderr.
fn run(cli: Cli, input: Input<'_>) -> Result<(u8, String), Failure> {
    let json = cli.json;
    match cli.command {
        Command::Pairs { board } => {
            let board = read_board(&board, input)?;
            let pairs = shisen::path::removable_pairs(&board);
            if json {
                let pairs: Vec<PairJson> = pairs.iter().map(PairJson::from).collect();
                return Ok((0, engine::cli::json_line(&serde_json::json!({ "pairs": pairs }))));
            }
            Ok((0, pairs.iter().map(pair_line).collect()))
        }
        Command::Hint { board } => {
            let board = read_board(&board, input)?;
            let hint = shisen::hint(&board);
            let code = u8::from(hint.is_none());
            if json {
                let hint = hint.as_ref().map(PairJson::from);
                return Ok((code, engine::cli::json_line(&serde_json::json!({ "hint": hint }))));
            }
            Ok((code, hint.as_ref().map_or_else(|| "none\n".to_string(), pair_line)))
        }
        Command::Solve { gravity, timeout, board } => {
            let (board, marked) = code::read_puzzle(&board, input)?;
            let gravity = gravity || marked;
            let budget = match timeout {
                Some(t) => Budget::default().with_time_limit(t),
                None => Options::default().budget,
            };
            let (budget, watch) = engine::cli::watch(budget, "no answer yet: --timeout S stops the search");
            let report = solver::solve(&board, &Options::default().with_gravity(gravity).with_budget(budget));
            drop(watch);
            let (code, word) = match &report.outcome {
                Outcome::Proved(Answer::Solvable(_)) | Outcome::Found(Answer::Solvable(_)) => (0, "solvable"),
                Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => (1, "unsolvable"),
                Outcome::GaveUp { .. } => (3, "unknown"),
            };
            let (removals, reason, tiles_left) = match report.outcome {
                Outcome::Proved(Answer::Solvable(moves)) | Outcome::Found(Answer::Solvable(moves)) => {
                    (moves, None, None)
                }
                Outcome::GaveUp { reason, proven } => (Vec::new(), Some(reason), Some(proven.tiles_left)),
                _ => (Vec::new(), None, None),
            };
            if json {
                let answer = SolveJson { answer: word, removals, reason, tiles_left, nodes: report.stats.nodes };
                return Ok((code, engine::cli::json_line(&answer)));
            }
            let mut out = format!("{word}\n");
            for (a, b) in removals {
                let _ = writeln!(out, "{} {}", xy(a), xy(b));
            }
            Ok((code, out))
        }
        Command::Generate { size, kinds, copies, seed, gravity, any, timeout, format } => {
            let size = parse_size(&size)?;
            let spec = Spec::default()
                .with_size(size.width, size.height)
                .with_copies(copies as usize)
                .with_kinds(kinds.map(|k| k as usize))
                .with_gravity(gravity)
                .with_solvable(!any);
            let spec = spec.checked().map_err(|e| Failure(2, e.to_string()))?;
            let budget = timeout.map_or_else(Budget::default, |t| Budget::default().with_time_limit(t));
            let deal = generate::generate_within(&spec, &mut SeededRng::new(seed), &budget).map_err(|e| match e {
                GenerateError::Spec(e) => Failure(2, e.to_string()),
                e => Failure(3, e.to_string()),
            })?;
            if format == Format::Code {
                return code_answer(&deal, gravity, json);
            }
            if json {
                return Ok((0, engine::cli::json_line(&deal)));
            }
            Ok((0, deal.board.to_string()))
        }
        Command::Code(args) => code::run(&args, json, input),
        Command::Pack(args) => pack::pack(&args, json),
        Command::Verify(args) => pack::verify(&args, json, input),
        Command::Render { path, hint, board } => {
            let board = read_board(&board, input)?;
            let path = match (path, hint) {
                (Some((a, b)), _) => Some(
                    shisen::game::check_move(&board, a, b)
                        .map_err(|e| Failure(2, format!("--path {},{},{},{}: {e}", a.x, a.y, b.x, b.y)))?,
                ),
                (None, true) => shisen::hint(&board).map(|p| p.path),
                (None, false) => None,
            };
            let svg = shisen::svg::render(&board, path.as_ref());
            if json {
                return Ok((0, engine::cli::json_line(&serde_json::json!({ "svg": svg }))));
            }
            Ok((0, svg))
        }
    }
}

fn main() -> ExitCode {
    engine::cli::main("shisen", |cli: Cli| run(cli, Input::process()))
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
