//! The `fifteen` command line (feature `cli`): `solve`, `hint`, `check`, `generate`,
//! `render`, `code`, `pack` and `verify`, as `docs/cli.md` describes them. [`run`] is the
//! whole command, in process: the binary is [`main`]. Each command is a module (`pack`
//! holds `pack` and `verify`); they read bottom up: `output` (what the commands print),
//! `args` (the options they share, parsed in one place, and reading the input), `search`
//! (the solver of `solve`, `hint` and `render`), then the commands. Every command that
//! reads puzzles reads puzzle codes too ([`crate::code`]), detected line by line: a code
//! carries its own size and goal, `--width` and `--goal` apply to the lines of tiles.
//!
//! Exit codes: 0 answered, 1 some puzzle is unsolvable (or, for `verify`, some entry is
//! wrong), 2 bad input or usage (one line on stderr, nothing on stdout), 3 some puzzle, a
//! generation or a pack ran out of time or budget.

mod args;
mod check;
mod code;
mod generate;
mod hint;
mod output;
mod pack;
mod render;
mod search;
mod solve;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use engine::cli::{Failure, Input};

use args::{BoardFormat, GoalArg, GoalParser, InputArgs, SearchArgs};
pub use generate::{MAX_COUNT, MAX_WALK_TOTAL};
use output::{Output, printed};
pub use search::ADVICE;

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

fn command(command: Command, out: &mut Output, source: Input<'_>) -> Result<u8, Failure> {
    match command {
        Command::Check { input, json } => check::run(&input, json, out, source),
        Command::Solve { input, search, stats, json } => solve::run(&input, &search, stats, json, out, source),
        Command::Hint { input, search, json } => hint::run(&input, &search, json, out, source),
        Command::Render { input, solution, search, json } => render::run(&input, solution, &search, json, out, source),
        Command::Generate { size, goal, count, seed, walk, min_moves, timeout, format, json } => {
            let (boards, goal) = generate::generate_boards(&size, &goal, count, seed, walk, min_moves, timeout)?;
            out.emit(&generate::board_lines(boards, &goal, format, json)?);
            Ok(0)
        }
        Command::Code(args) => printed(code::code(&args, source), out),
        Command::Pack(args) => printed(pack::pack(&args), out),
        Command::Verify(args) => printed(pack::verify(&args, source), out),
    }
}
