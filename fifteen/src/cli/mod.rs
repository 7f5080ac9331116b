//! The `fifteen` command line (feature `cli`): `solve`, `hint`, `check`, `generate`,
//! `render`, `code`, `pack` and `verify`, as `docs/cli.md` describes them. [`run`] is the
//! whole command, in process: the binary is [`main`]. The module `pack` holds `pack` and
//! `verify`, the module `code` holds `code`. Every command that reads puzzles reads puzzle
//! codes too ([`crate::code`]), detected line by line: a code carries its own size and
//! goal, `--width` and `--goal` apply to the lines of tiles.
//!
//! Exit codes: 0 answered, 1 some puzzle is unsolvable (or, for `verify`, some entry is
//! wrong), 2 bad input or usage (one line on stderr, nothing on stdout), 3 some puzzle, a
//! generation or a pack ran out of time or budget.

mod code;
mod pack;

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use engine::cli::{Failure, Input, json_line};
use engine::{Budget, Outcome, SeededRng, Size, StopReason};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::code::Code;
use crate::generate::{self, MAX_WALK, Spec};
use crate::pdb::{self, CacheStatus, PatternDb};
use crate::solvable::is_reachable;
use crate::solver::{Answer, Heuristic, Options, solve};
use crate::{Board, Goal, Hint, Move, Puzzle, hint};

/// The most boards `fifteen generate --count` makes.
pub const MAX_COUNT: usize = 100_000;

/// The most moves all the walks of one `fifteen generate --walk` make together
/// (`--count` × `--walk`).
pub const MAX_WALK_TOTAL: u64 = 100_000_000;

/// What the long searches advise after a few seconds without an answer.
pub const ADVICE: &str = "fifteen: no answer yet: --fast gives a quick answer; --timeout S stops the search";

/// Sliding puzzles of any size: solvability, optimal and fast solving, hints, generation,
/// pictures.
#[derive(Parser, Debug)]
#[command(name = "fifteen", version, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one puzzle per line: `<length> <moves>`, `unsolvable` or `unknown`.
    #[command(after_help = concat!(
        "Input: one puzzle per line, the tiles row-major separated by whitespace or commas, 0 for the\n",
        "blank; lines starting with # and blank lines are skipped. The board is square unless --width W\n",
        "is given. A line may instead hold a puzzle code (`fifteen code`), which carries its own size\n",
        "and goal. INPUT is a file, or - (the default) for standard input.\n\n",
        "Output: `<length> <moves>` per puzzle, moves over UDLR naming where the blank goes (`0 -` when\n",
        "solved already), `unsolvable` (exit 1) or `unknown` (out of time or nodes, exit 3).\n\n",
        "Example:\n  echo '8 6 7 2 5 4 3 0 1' | fifteen solve\n  31 UULDDRRUULDLDRRUULDLDRRUULLDDRR"
    ))]
    Solve {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        search: SearchArgs,
        /// Print search statistics (nodes, time) to stderr.
        #[arg(long)]
        stats: bool,
        /// One JSON document per puzzle.
        #[arg(long)]
        json: bool,
    },
    /// The next move of each puzzle: `<move> <length>`, `solved`, `unsolvable` or `unknown`.
    #[command(after_help = concat!(
        "Input: one puzzle per line, as for `fifteen solve`.\n\n",
        "Output: the next move of the blank (U, D, L or R) and the length of the solution it begins:\n",
        "optimal on boards of at most 16 cells (unless --fast), the fast solver's above; `solved` when\n",
        "the board is the goal, `unsolvable` (exit 1) or `unknown` (exit 3).\n\n",
        "Example:\n  echo '1 2 3 4 5 6 7 0 8' | fifteen hint\n  R 1"
    ))]
    Hint {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        search: SearchArgs,
        /// One JSON document per puzzle.
        #[arg(long)]
        json: bool,
    },
    /// `solvable` or `unsolvable`, one line per puzzle.
    #[command(after_help = concat!(
        "Input: one puzzle per line, as for `fifteen solve`.\n\n",
        "Output: `solvable` or `unsolvable` per puzzle; exit 1 when any is unsolvable.\n\n",
        "Example:\n  printf '1 2 3 0\\n2 1 3 0\\n' | fifteen check\n  solvable\n  unsolvable"
    ))]
    Check {
        #[command(flatten)]
        input: InputArgs,
        /// One JSON document per puzzle.
        #[arg(long)]
        json: bool,
    },
    /// Random boards that can reach the goal, uniform over them, never the goal itself.
    #[command(after_help = concat!(
        "Output: one board per line in the input format of `fifteen solve` (tiles row-major, 0 for\n",
        "the blank), or with --format code its code (board and goal, see `fifteen code`). Limits: --size up to 256 cells, --count at most 100000, --walk at most 1000000\n",
        "(and --count x --walk at most 100000000).\n",
        "Exit 3 when --timeout or the --min-moves tries run out (nothing printed then).\n\n",
        "Example:\n  fifteen generate --size 3x3 --count 2 --seed 7"
    ))]
    Generate {
        /// Board size, `WxH`: 2 to 256 cells, each side at most 255.
        #[arg(long, default_value = "4x4")]
        size: String,
        /// The goal: a name or an explicit tile list in quotes.
        #[arg(long, default_value = "blank-last", value_parser = GoalParser)]
        goal: GoalArg,
        /// Number of boards (at most 100000).
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Random seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The seed article's method instead: this many random moves from the goal (at most
        /// 1000000).
        #[arg(long, value_name = "K")]
        walk: Option<u64>,
        /// Only boards at least this many moves from the goal (boards of at most 16 cells).
        #[arg(long, value_name = "K")]
        min_moves: Option<u32>,
        /// Give up after this many seconds (exit 3, nothing printed).
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// `text`: the tiles; `code`: the puzzle code (with --json: a `code` field more).
        #[arg(long, value_enum, default_value_t = BoardFormat::Text)]
        format: BoardFormat,
        /// One JSON document per board.
        #[arg(long)]
        json: bool,
    },
    /// An SVG picture of each puzzle's board (or, with --solution, of its solution, frame by frame).
    #[command(after_help = concat!(
        "Input: one puzzle per line, as for `fifteen solve`.\n\n",
        "Output: one SVG document per puzzle. Every cell carries data-x, data-y and data-value (the\n",
        "tile, 0 for the blank). With --solution, a strip of frames from the board to the goal, solved\n",
        "as `fifteen solve` would (exit 1 unsolvable, 3 unknown: then the board alone is drawn).\n\n",
        "Example:\n  echo '1 2 3 4 5 6 7 0 8' | fifteen render --solution > solution.svg"
    ))]
    Render {
        #[command(flatten)]
        input: InputArgs,
        /// Draw the solution as a strip of frames.
        #[arg(long)]
        solution: bool,
        #[command(flatten)]
        search: SearchArgs,
        /// One JSON document per puzzle: `{"svg": "..."}`.
        #[arg(long)]
        json: bool,
    },
    /// The code of each puzzle (one short line holding the board and its goal), or with
    /// --decode the tiles of each code.
    #[command(after_help = code::CODE_HELP)]
    Code(code::CodeCommand),
    /// A pack: one random board per seed with its solution, JSON Lines in seed order.
    #[command(after_help = pack::PACK_HELP)]
    Pack(Box<pack::PackCommand>),
    /// Re-checks every entry of a pack: the board, the moves, the length and its optimality.
    #[command(after_help = pack::VERIFY_HELP)]
    Verify(pack::VerifyCommand),
}

#[derive(clap::Args, Debug)]
struct InputArgs {
    /// The goal: a name or an explicit tile list in quotes (square unless --width is given).
    #[arg(long, default_value = "blank-last", value_parser = GoalParser)]
    goal: GoalArg,
    /// Board width (square boards otherwise), at most 255.
    #[arg(long)]
    width: Option<usize>,
    /// Input file, `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
}

#[derive(clap::Args, Debug)]
struct SearchArgs {
    /// A valid, not necessarily optimal solution, quickly, for any size.
    #[arg(long)]
    fast: bool,
    /// Give up on a puzzle after this many seconds (prints `unknown`, exit 3).
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
    timeout: Option<Duration>,
    /// Give up on a puzzle after expanding this many search nodes.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// The lower bound of the optimal search; `auto` uses pattern databases on boards
    /// of 10 to 16 cells and linear conflicts otherwise.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Auto)]
    heuristic: HeuristicArg,
    /// Pattern sizes: on a 4x4 board with the goal blank in a corner, `6-6-3`, `5-5-5`
    /// and `7-8` are the classic compact blocks (`7-8` is the fastest to solve with but
    /// takes minutes and about 2.5 GB of memory to build once, then a 289 MB cache
    /// file); otherwise the non-blank goal cells are cut in row-major order.
    #[arg(long, value_name = "SIZES", default_value = "6-6-3")]
    pdb_partition: String,
    /// Where pattern databases are cached (default: `$FIFTEEN_PDB_DIR`, else
    /// `$XDG_CACHE_HOME/puzzle-engines`, else `~/.cache/puzzle-engines`).
    #[arg(long, value_name = "DIR")]
    pdb_dir: Option<PathBuf>,
    /// Build pattern databases in memory only.
    #[arg(long)]
    no_pdb_cache: bool,
    /// Do not also look up the transposed position in the pattern databases (done by
    /// default on square boards whose goal blank lies on the main diagonal).
    #[arg(long)]
    no_pdb_reflect: bool,
}

/// What `generate` prints for a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum BoardFormat {
    /// The tiles, row-major.
    Text,
    /// The puzzle code.
    Code,
}

/// The lower bound of the optimal search.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum HeuristicArg {
    /// Pattern databases on boards of 10 to 16 cells, linear conflicts otherwise.
    Auto,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases (boards of at most 16 cells).
    Pdb,
}

/// The named goals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum NamedGoal {
    /// 1 2 .. n-1 0.
    BlankLast,
    /// 0 1 .. n-1.
    BlankFirst,
    /// Rows alternate direction, the blank at the end of the path.
    Snake,
    /// Clockwise inward from the top-left corner, the blank at the centre.
    Spiral,
}

/// A `--goal` value: a name, or a tile list read once the width is known.
#[derive(Clone, Debug)]
enum GoalArg {
    Named(NamedGoal),
    List(String),
}

/// Accepts the named goals (listed by `--help`) and tile lists; anything else is an error
/// in the contract's words.
#[derive(Clone, Copy)]
struct GoalParser;

impl TypedValueParser for GoalParser {
    type Value = GoalArg;

    fn parse_ref(&self, _: &clap::Command, _: Option<&clap::Arg>, value: &OsStr) -> Result<GoalArg, clap::Error> {
        let text = value.to_string_lossy();
        if let Ok(named) = NamedGoal::from_str(text.trim(), false) {
            return Ok(GoalArg::Named(named));
        }
        if text.trim().starts_with(|c: char| c.is_ascii_digit()) {
            return Ok(GoalArg::List(text.into_owned()));
        }
        let message = Goal::parse(&text, None).err().map_or_else(|| "bad goal".to_string(), |e| e.to_string());
        Err(clap::Error::raw(clap::error::ErrorKind::ValueValidation, format!("--goal: {message}\n")))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            NamedGoal::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value)
                .chain([PossibleValue::new("\"<tiles>\"").help("an explicit goal: tiles row-major, 0 for the blank")]),
        ))
    }
}

impl GoalArg {
    fn goal(&self, width: Option<usize>) -> Result<Goal, Failure> {
        match self {
            GoalArg::Named(NamedGoal::BlankLast) => Ok(Goal::BlankLast),
            GoalArg::Named(NamedGoal::BlankFirst) => Ok(Goal::BlankFirst),
            GoalArg::Named(NamedGoal::Snake) => Ok(Goal::Snake),
            GoalArg::Named(NamedGoal::Spiral) => Ok(Goal::Spiral),
            GoalArg::List(text) => Goal::parse(text, width).map_err(|e| usage(format!("--goal: {e}"))),
        }
    }
}

fn usage(message: impl Into<String>) -> Failure {
    Failure(2, message.into())
}

/// The binary: [`run`] on the process's arguments, answers on standard output, the one-line
/// message on standard error.
#[must_use]
pub fn main() -> ExitCode {
    let mut stdout = std::io::stdout();
    let (code, message) = run(std::env::args_os(), &mut stdout);
    if !message.is_empty() {
        eprintln!("{message}");
    }
    ExitCode::from(code)
}

/// Runs the command line `args` (the program name first), writing answers to `out` as they
/// come; the exit code and what to print on standard error (empty for nothing). Usage
/// errors keep clap's suggestion and "try --help" lines; other failures are one line.
///
/// ```
/// let mut out = Vec::new();
/// let (code, err) = fifteen::cli::run(["fifteen", "slove"], &mut out);
/// assert_eq!(code, 2);
/// assert!(err.starts_with("fifteen: unrecognized subcommand 'slove'"));
/// assert!(err.contains("tip: a similar subcommand exists: 'solve'"));
/// assert!(out.is_empty());
/// ```
pub fn run<I, T>(args: I, out: &mut dyn Write) -> (u8, String)
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with_input(args, out, None)
}

/// [`run`] with `stdin` standing for standard input (for tests; `None` reads the process's).
///
/// ```
/// let mut out = Vec::new();
/// let (code, err) = fifteen::cli::run_with_input(["fifteen", "check"], &mut out, Some("1 2 3 0\n2 1 3 0\n"));
/// assert_eq!((code, err.as_str()), (1, ""));
/// assert_eq!(String::from_utf8(out).unwrap(), "solvable\nunsolvable\n");
/// ```
pub fn run_with_input<I, T>(args: I, out: &mut dyn Write, stdin: Option<&str>) -> (u8, String)
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli: Cli = match engine::cli::parse_from(args) {
        Ok(cli) => cli,
        Err((0, help)) => {
            let _ = out.write_all(help.as_bytes());
            return (0, String::new());
        }
        Err((code, text)) => return (code, format!("fifteen: {text}")),
    };
    let mut sink = Output { out, failed: false };
    // `-` is `stdin` when given; files are read from disk either way.
    let input = stdin.map_or_else(Input::process, |text| Input::stdin(text).with_files());
    let result = command(cli.command, &mut sink, input);
    let _ = sink.out.flush();
    match result {
        Ok(_) if sink.failed => (2, "fifteen: cannot write the answer".to_string()),
        Ok(code) => (code, String::new()),
        Err(Failure(code, message)) => (code, format!("fifteen: {}", engine::cli::first_line(&message))),
    }
}

/// Standard output, remembering a failed write (a closed pipe).
struct Output<'a> {
    out: &'a mut dyn Write,
    failed: bool,
}

impl Output<'_> {
    fn emit(&mut self, text: &str) {
        if self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()).is_err() {
            self.failed = true;
        }
    }
}

fn command(command: Command, out: &mut Output, source: Input<'_>) -> Result<u8, Failure> {
    match command {
        Command::Check { input, json } => {
            let puzzles = read_puzzles(&input, source)?;
            let mut text = String::new();
            let mut code = 0;
            for p in &puzzles {
                let solvable = is_reachable(p.start(), p.goal());
                if !solvable {
                    code = 1;
                }
                if json {
                    text.push_str(&json_line(&CheckJson { solvable }));
                } else {
                    text.push_str(if solvable { "solvable\n" } else { "unsolvable\n" });
                }
            }
            out.emit(&text);
            Ok(code)
        }
        Command::Solve { input, search, stats, json } => {
            let puzzles = read_puzzles(&input, source)?;
            let mut solver = Solver::new(&search)?;
            let bar = (puzzles.len() > 1).then(|| progress(puzzles.len() as u64, "solving"));
            let mut code = 0u8;
            for puzzle in &puzzles {
                let report = solver.solve(puzzle, bar.is_none())?;
                if stats {
                    eprintln!("fifteen: {} nodes, {:.3} s", report.stats.nodes, report.stats.elapsed.as_secs_f64());
                }
                let (line, c) = solve_line(&report.outcome);
                code = worse(code, c);
                out.emit(&if json { json_line(&SolveJson::new(&report)) } else { format!("{line}\n") });
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            Ok(code)
        }
        Command::Hint { input, search, json } => {
            let puzzles = read_puzzles(&input, source)?;
            let mut solver = Solver::new(&search)?;
            let mut code = 0u8;
            for puzzle in &puzzles {
                let report = solver.hint(puzzle)?;
                let (line, c) = match &report.outcome {
                    Outcome::Proved(h) | Outcome::Found(h) => match h {
                        Hint::Slide { step, length } => (format!("{step} {length}"), 0),
                        Hint::Solved => ("solved".to_string(), 0),
                        Hint::Unsolvable => ("unsolvable".to_string(), 1),
                    },
                    Outcome::GaveUp { .. } => ("unknown".to_string(), 3),
                };
                code = worse(code, c);
                out.emit(&if json { json_line(&HintJson::new(&report)) } else { format!("{line}\n") });
            }
            Ok(code)
        }
        Command::Render { input, solution, search, json } => {
            let puzzles = read_puzzles(&input, source)?;
            let mut solver = Solver::new(&search)?;
            let options = crate::svg::SvgOptions::default();
            let mut code = 0u8;
            for puzzle in &puzzles {
                let svg = if solution {
                    let report = solver.solve(puzzle, true)?;
                    code = worse(code, solve_line(&report.outcome).1);
                    match report.outcome.answer().and_then(Answer::moves) {
                        Some(moves) => crate::svg::render_solution(puzzle.start(), moves, &options)
                            .map_err(|e| Failure(2, format!("internal: {e}")))?,
                        None => crate::svg::render_with(puzzle.start(), &options),
                    }
                } else {
                    crate::svg::render_with(puzzle.start(), &options)
                };
                out.emit(&if json { json_line(&RenderJson { svg }) } else { svg });
            }
            Ok(code)
        }
        Command::Generate { size, goal, count, seed, walk, min_moves, timeout, format, json } => {
            let (boards, goal) = generate_boards(&size, &goal, count, seed, walk, min_moves, timeout)?;
            out.emit(&board_lines(boards, &goal, format, json)?);
            Ok(0)
        }
        Command::Code(args) => printed(code::code(&args, source), out),
        Command::Pack(args) => printed(pack::pack(&args), out),
        Command::Verify(args) => printed(pack::verify(&args, source), out),
    }
}

/// Prints a command's standard output; its exit code.
fn printed(result: Result<(u8, String), Failure>, out: &mut Output) -> Result<u8, Failure> {
    let (code, text) = result?;
    out.emit(&text);
    Ok(code)
}

/// What `generate` prints for `boards` toward `goal`: one line each, the tiles or the code,
/// or one JSON document each.
fn board_lines(boards: Vec<Board>, goal: &Goal, format: BoardFormat, json: bool) -> Result<String, Failure> {
    let mut text = String::new();
    for board in boards {
        let code = match format {
            BoardFormat::Text => None,
            BoardFormat::Code => {
                Some(Code::new(board.clone(), goal.clone()).map_err(|e| usage(e.to_string()))?.to_string())
            }
        };
        if json {
            text.push_str(&json_line(&BoardJson::new(&board).with_code(code)));
        } else {
            text.push_str(&code.unwrap_or_else(|| board.to_line()));
            text.push('\n');
        }
    }
    Ok(text)
}

/// The larger exit code, 3 (gave up) above 1 (unsolvable).
fn worse(a: u8, b: u8) -> u8 {
    a.max(b)
}

/// The contract's line for a solve outcome, and its exit code.
fn solve_line(outcome: &Outcome<Answer, u32>) -> (String, u8) {
    match outcome {
        Outcome::Proved(Answer::Moves(moves)) | Outcome::Found(Answer::Moves(moves)) => {
            (format!("{} {}", moves.len(), Move::format_all(moves)), 0)
        }
        Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => ("unsolvable".to_string(), 1),
        Outcome::GaveUp { .. } => ("unknown".to_string(), 3),
    }
}

/// `fifteen check --json`.
#[derive(Serialize)]
struct CheckJson {
    solvable: bool,
}

/// `fifteen solve --json`.
#[derive(Serialize)]
struct SolveJson {
    status: &'static str,
    optimal: bool,
    length: Option<usize>,
    moves: Option<String>,
    lower_bound: Option<u32>,
    reason: Option<StopReason>,
    nodes: u64,
    seconds: f64,
}

impl SolveJson {
    fn new(report: &crate::solver::Solution) -> SolveJson {
        let mut j = SolveJson {
            status: "solved",
            optimal: report.outcome.is_proved(),
            length: None,
            moves: None,
            lower_bound: None,
            reason: None,
            nodes: report.stats.nodes,
            seconds: report.stats.elapsed.as_secs_f64(),
        };
        match &report.outcome {
            Outcome::Proved(Answer::Moves(m)) | Outcome::Found(Answer::Moves(m)) => {
                j.length = Some(m.len());
                j.moves = Some(Move::format_all(m));
                j.lower_bound = j.optimal.then_some(m.len() as u32);
            }
            Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => j.status = "unsolvable",
            Outcome::GaveUp { reason, proven } => {
                j.status = "unknown";
                j.lower_bound = Some(*proven);
                j.reason = Some(*reason);
            }
        }
        j
    }
}

/// `fifteen hint --json`.
#[derive(Serialize)]
struct HintJson {
    status: &'static str,
    #[serde(rename = "move")]
    step: Option<String>,
    length: Option<usize>,
    optimal: bool,
    lower_bound: Option<u32>,
    reason: Option<StopReason>,
}

impl HintJson {
    fn new(report: &engine::Report<Hint, u32>) -> HintJson {
        let mut j = HintJson {
            status: "move",
            step: None,
            length: None,
            optimal: report.outcome.is_proved(),
            lower_bound: None,
            reason: None,
        };
        match &report.outcome {
            Outcome::Proved(h) | Outcome::Found(h) => match h {
                Hint::Slide { step, length } => {
                    j.step = Some(step.to_string());
                    j.length = Some(*length);
                }
                Hint::Solved => {
                    j.status = "solved";
                    j.length = Some(0);
                }
                Hint::Unsolvable => j.status = "unsolvable",
            },
            Outcome::GaveUp { reason, proven } => {
                j.status = "unknown";
                j.lower_bound = Some(*proven);
                j.reason = Some(*reason);
            }
        }
        j
    }
}

/// `fifteen render --json`.
#[derive(Serialize)]
struct RenderJson {
    svg: String,
}

/// `fifteen generate --json`.
#[derive(Serialize)]
struct BoardJson {
    width: usize,
    height: usize,
    tiles: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
}

impl BoardJson {
    fn new(board: &Board) -> BoardJson {
        BoardJson { width: board.width(), height: board.height(), tiles: board.to_line(), code: None }
    }

    fn with_code(self, code: Option<String>) -> BoardJson {
        BoardJson { code, ..self }
    }
}

/// The solver of `solve`, `hint` and `render --solution`, with the pattern databases it
/// has built or loaded.
struct Solver<'a> {
    search: &'a SearchArgs,
    sizes: Vec<usize>,
    cache: Option<PathBuf>,
    dbs: Vec<Arc<PatternDb>>,
}

impl<'a> Solver<'a> {
    fn new(search: &'a SearchArgs) -> Result<Solver<'a>, Failure> {
        let sizes = pdb::parse_sizes(&search.pdb_partition).map_err(|e| usage(e.to_string()))?;
        let cache = if search.no_pdb_cache { None } else { search.pdb_dir.clone().or_else(pdb::default_cache_dir) };
        Ok(Solver { search, sizes, cache, dbs: Vec::new() })
    }

    fn budget(&self) -> Budget {
        let mut budget = Budget::default();
        if let Some(t) = self.search.timeout {
            budget = budget.with_time_limit(t);
        }
        if let Some(n) = self.search.nodes {
            budget = budget.with_node_limit(n);
        }
        budget
    }

    fn options(&mut self, goal: &Board, fast: bool) -> Result<Options, Failure> {
        let heuristic = if fast { Heuristic::default() } else { self.heuristic(goal)? };
        Ok(Options::default()
            .with_heuristic(heuristic)
            .with_reflect(!self.search.no_pdb_reflect)
            .with_fast(fast)
            .with_budget(self.budget()))
    }

    /// Solves one puzzle; with `watch`, an optimal search shows a spinner on a terminal.
    fn solve(&mut self, puzzle: &Puzzle, watch: bool) -> Result<crate::solver::Solution, Failure> {
        let mut options = self.options(puzzle.goal(), self.search.fast)?;
        let mut _watch = None;
        if watch && !self.search.fast {
            let (budget, w) = engine::cli::watch(options.budget.clone(), ADVICE);
            options = options.with_budget(budget);
            _watch = Some(w);
        }
        solve(puzzle, &options).map_err(|e| usage(e.to_string()))
    }

    fn hint(&mut self, puzzle: &Puzzle) -> Result<engine::Report<Hint, u32>, Failure> {
        let fast = self.search.fast || puzzle.start().tiles().len() > pdb::MAX_PDB_CELLS;
        let options = self.options(puzzle.goal(), fast)?;
        let (budget, _watch) = engine::cli::watch(options.budget.clone(), ADVICE);
        hint(puzzle, &options.with_budget(budget)).map_err(|e| usage(e.to_string()))
    }

    /// The heuristic for one goal: pattern databases are built (or loaded) once per board
    /// size and goal blank cell.
    fn heuristic(&mut self, goal: &Board) -> Result<Heuristic, Failure> {
        let n = goal.tiles().len();
        let use_pdb = match self.search.heuristic {
            HeuristicArg::Manhattan => return Ok(Heuristic::Manhattan),
            HeuristicArg::LinearConflict => return Ok(Heuristic::LinearConflict),
            HeuristicArg::Pdb => true,
            HeuristicArg::Auto => (10..=pdb::MAX_PDB_CELLS).contains(&n),
        };
        if !use_pdb {
            return Ok(Heuristic::LinearConflict);
        }
        if n > pdb::MAX_PDB_CELLS {
            return Err(usage(format!(
                "pattern databases take boards of at most {} cells, not {n}: use --heuristic linear-conflict or --fast",
                pdb::MAX_PDB_CELLS
            )));
        }
        if let Some(db) = self.dbs.iter().find(|db| db.fits(goal)) {
            return Ok(Heuristic::Pdb(Arc::clone(db)));
        }
        let patterns = pdb::partition(goal.width(), goal.height(), goal.blank(), &self.sizes)
            .map_err(|e| usage(format!("--pdb-partition: {e}")))?;
        let db = Arc::new(load_db(goal, &patterns, self.cache.as_ref())?);
        self.dbs.push(Arc::clone(&db));
        Ok(Heuristic::Pdb(db))
    }
}

/// The `--size` of `generate` and `pack`: 2 to [`crate::MAX_CELLS`] cells, sides at most 255.
fn parse_size(text: &str) -> Result<Size, Failure> {
    crate::pack::parse_size(text).map_err(|e| usage(format!("--{e}")))
}

/// `fifteen generate`: the boards and their goal, or a failure (nothing is printed then).
#[allow(clippy::too_many_arguments)]
fn generate_boards(
    size: &str,
    goal: &GoalArg,
    count: usize,
    seed: u64,
    walk: Option<u64>,
    min_moves: Option<u32>,
    timeout: Option<Duration>,
) -> Result<(Vec<Board>, Goal), Failure> {
    let size = parse_size(size)?;
    let goal_spec = goal.goal(Some(size.width))?;
    let goal = goal_spec.layout(size.width, size.height).map_err(|e| usage(format!("--goal: {e}")))?;
    if count > MAX_COUNT {
        return Err(usage(format!("--count {count}: at most {MAX_COUNT} boards")));
    }
    if let Some(steps) = walk.filter(|&s| s > MAX_WALK) {
        return Err(usage(format!("--walk {steps}: at most {MAX_WALK} moves")));
    }
    if let Some(steps) = walk.filter(|&s| s.saturating_mul(count as u64) > MAX_WALK_TOTAL) {
        return Err(usage(format!("--count {count} --walk {steps}: at most {MAX_WALK_TOTAL} moves in all")));
    }
    if let (Some(steps), Some(k)) = (walk, min_moves) {
        if u64::from(k) > steps {
            return Err(usage(format!("a walk of {steps} moves never ends {k} moves from the goal")));
        }
    }
    // One deadline for the whole run: every walk and every --min-moves search shares it.
    let budget = match timeout {
        Some(t) => Budget::default().with_deadline(std::time::Instant::now() + t),
        None => Budget::default(),
    };
    let mut searcher = match min_moves {
        Some(k) => Some(MinMoves::new(&goal, k, budget.clone())?),
        None => None,
    };
    let spec = Spec::new(size).with_goal(goal_spec.clone()).with_walk(walk).with_budget(budget.clone());
    let mut rng = SeededRng::new(seed);
    let mut meter = budget.start();
    let gave_up = |reason: StopReason| Failure(3, format!("generation stopped: {reason} (--timeout)"));
    let mut out = Vec::new();
    for _ in 0..count {
        let mut tries = 0;
        let board = loop {
            if meter.check() {
                return Err(gave_up(meter.stopped().unwrap_or(StopReason::TimeLimit)));
            }
            let b = match generate::generate(&spec, &mut rng) {
                Ok(b) => b,
                Err(crate::Error::GaveUp(reason)) => return Err(gave_up(reason)),
                Err(e) => return Err(usage(e.to_string())),
            };
            match searcher.as_mut().map_or(Ok(true), |s| s.accepts(&b, &goal)) {
                Ok(true) => break b,
                Ok(false) => {}
                Err(reason) => return Err(gave_up(reason)),
            }
            tries += 1;
            if tries == MIN_MOVES_TRIES {
                // Nothing on stdout: the boards found so far are dropped with the rest.
                return Err(Failure(
                    3,
                    format!("no board at least {} moves from the goal in {tries} tries", min_moves.unwrap_or(0)),
                ));
            }
        };
        out.push(board);
    }
    Ok((out, goal_spec))
}

/// How many random boards `--min-moves` looks at for one board before giving up.
const MIN_MOVES_TRIES: usize = 10_000;

/// The `--min-moves` filter: an optimal search with pattern databases.
struct MinMoves {
    k: u32,
    options: Options,
}

impl MinMoves {
    fn new(goal: &Board, k: u32, budget: Budget) -> Result<MinMoves, Failure> {
        let n = goal.tiles().len();
        if n > pdb::MAX_PDB_CELLS {
            return Err(usage(format!("--min-moves takes boards of at most {} cells", pdb::MAX_PDB_CELLS)));
        }
        if goal.width() == 1 || goal.height() == 1 {
            if k as usize >= n {
                return Err(usage(format!("no board of this strip is {k} moves from the goal")));
            }
        } else if n == 9 && k > 31 {
            return Err(usage("no 3x3 board is more than 31 moves from the goal"));
        } else if n == 16 && k > 80 {
            return Err(usage("no 4x4 board is more than 80 moves from the goal"));
        }
        let patterns = pdb::default_partition(goal.width(), goal.height(), goal.blank());
        let cache = pdb::default_cache_dir();
        let db = load_db(goal, &patterns, cache.as_ref())?;
        let options = Options::default().with_heuristic(Heuristic::Pdb(Arc::new(db))).with_budget(budget);
        Ok(MinMoves { k, options })
    }

    /// Whether `board` is at least `k` moves from the goal; why the search stopped, if it did.
    fn accepts(&self, board: &Board, goal: &Board) -> Result<bool, StopReason> {
        let Ok(puzzle) = Puzzle::new(board.clone(), goal.clone()) else { return Ok(false) };
        match solve(&puzzle, &self.options).map(|r| r.outcome) {
            Ok(Outcome::GaveUp { reason, .. }) => Err(reason),
            Ok(o) => Ok(o.answer().and_then(Answer::moves).is_some_and(|m| m.len() as u32 >= self.k)),
            Err(_) => Ok(false),
        }
    }
}

fn progress(total: u64, message: &'static str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(message);
    bar
}

/// Every puzzle of the input; the first bad line is a failure naming the source, line and
/// column.
fn read_puzzles(args: &InputArgs, source: Input<'_>) -> Result<Vec<Puzzle>, Failure> {
    let codes = read_codes(args, source)?;
    codes
        .into_iter()
        .map(|c| {
            let (board, goal) = c.into_parts();
            Puzzle::with_goal(board, &goal).map_err(|e| usage(e.to_string()))
        })
        .collect()
}

/// Every puzzle of the input with its goal: a line of tiles (read with `--width`, toward
/// `--goal`) or a puzzle code (its own size and goal). The first bad line is a failure
/// naming the source and line (and the column, in a line of tiles).
fn read_codes(args: &InputArgs, source: Input<'_>) -> Result<Vec<Code>, Failure> {
    if let Some(w) = args.width.filter(|&w| w > usize::from(u8::MAX)) {
        return Err(usage(format!("--width {w}: at most 255")));
    }
    let goal = args.goal.goal(args.width)?;
    let (source, text) = source.read(&args.input).map_err(|e| usage(e.to_string()))?;
    let mut out = Vec::new();
    for (line_no, line) in engine::content_lines(&text) {
        let at_line = |e: crate::Error| usage(format!("{source}:{line_no}: {e}"));
        if engine::code::looks_like_code(line) {
            out.push(crate::code::decode(line).map_err(at_line)?);
            continue;
        }
        let board = Board::parse_line(line, args.width)
            .map_err(|e| usage(e.shifted(line_no - 1).with_source(source.clone()).to_string()))?;
        out.push(Code::new(board, goal.clone()).map_err(at_line)?);
    }
    Ok(out)
}

/// Loads a pattern database from the cache or builds it, with a progress bar.
fn load_db(goal: &Board, patterns: &[Vec<u8>], cache: Option<&PathBuf>) -> Result<PatternDb, Failure> {
    let (w, h, b) = (goal.width(), goal.height(), goal.blank());
    let bar = progress(0, "building pattern databases");
    let mut report = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let result = match cache {
        Some(dir) => PatternDb::load_or_build(dir, w, h, b, patterns, &mut report).map(|(db, status)| {
            match status {
                CacheStatus::Rebuilt(why) => eprintln!("fifteen: rebuilt the pattern database cache ({why})"),
                CacheStatus::Unwritten(why) => eprintln!("fifteen: pattern database not cached: {why}"),
                CacheStatus::Loaded | CacheStatus::Built => {}
            }
            db
        }),
        None => PatternDb::build(w, h, b, patterns, &mut report),
    };
    bar.finish_and_clear();
    result.map_err(|e| usage(format!("pattern database: {e}")))
}
