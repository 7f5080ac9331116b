//! The `fifteen` command: `solve`, `hint`, `check`, `generate`, `render`, `code`, `pack` and
//! `verify`, as in the workspace's command-line contract (`docs/cli.md`). This file holds
//! the command line and its dispatch; each command is a module of its own (`pack.rs` holds
//! `pack` and `verify`). The modules read bottom up: `output` (what the commands print),
//! `args` (the options they share, parsed in one place, and reading the input), `search`
//! (the solver of `solve`, `hint` and `render`), then the commands. Every command that
//! reads puzzles reads puzzle codes too (`fifteen::code`), detected line by line: a code
//! carries its own size and goal, `--width` and `--goal` apply to the lines of tiles.
//!
//! Exit codes: 0 answered, 1 some puzzle is unsolvable (or, for `verify`, some entry is
//! wrong), 2 bad input or usage (one line on stderr, nothing on stdout; clap's suggestion
//! and a "try --help" line may follow a usage error), 3 some puzzle, a generation or a pack
//! ran out of time or budget.

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
#[cfg(test)]
mod tests;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use engine::cli::{Failure, Input, JsonArg};

use output::{Output, printed};

/// Sliding puzzles of any size: solvability, optimal and fast solving, hints, generation,
/// pictures.
#[derive(Parser, Debug)]
#[command(name = "fifteen", version, arg_required_else_help = true)]
struct Cli {
    #[command(flatten)]
    json: JsonArg,
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
    Solve(solve::SolveArgs),
    /// The next move of each puzzle: `<move> <length>`, `solved`, `unsolvable` or `unknown`.
    #[command(after_help = concat!(
        "Input: one puzzle per line, as for `fifteen solve`.\n\n",
        "Output: the next move of the blank (U, D, L or R) and the length of the solution it begins:\n",
        "optimal on boards of at most 16 cells (unless --fast), the fast solver's above; `solved` when\n",
        "the board is the goal, `unsolvable` (exit 1) or `unknown` (exit 3).\n\n",
        "Example:\n  echo '1 2 3 4 5 6 7 0 8' | fifteen hint\n  R 1"
    ))]
    Hint(hint::HintArgs),
    /// `solvable` or `unsolvable`, one line per puzzle.
    #[command(after_help = concat!(
        "Input: one puzzle per line, as for `fifteen solve`.\n\n",
        "Output: `solvable` or `unsolvable` per puzzle; exit 1 when any is unsolvable.\n\n",
        "Example:\n  printf '1 2 3 0\\n2 1 3 0\\n' | fifteen check\n  solvable\n  unsolvable"
    ))]
    Check(check::CheckArgs),
    /// Random boards that can reach the goal, uniform over them, never the goal itself.
    #[command(after_help = concat!(
        "Output: one board per line in the input format of `fifteen solve` (tiles row-major, 0 for\n",
        "the blank), or with --format code its code (board and goal, see `fifteen code`). Limits: --size up to 256 cells, --count at most 100000, --walk at most 1000000\n",
        "(and --count x --walk at most 100000000).\n",
        "Exit 3 when --timeout or the --min-moves tries run out (nothing printed then).\n\n",
        "Example:\n  fifteen generate --size 3x3 --count 2 --seed 7"
    ))]
    Generate(generate::GenerateArgs),
    /// An SVG picture of each puzzle's board (or, with --solution, of its solution, frame by frame).
    #[command(after_help = concat!(
        "Input: one puzzle per line, as for `fifteen solve`.\n\n",
        "Output: one SVG document per puzzle. Every cell carries data-x, data-y and data-value (the\n",
        "tile, 0 for the blank). With --solution, a strip of frames from the board to the goal, solved\n",
        "as `fifteen solve` would (exit 1 unsolvable, 3 unknown: then the board alone is drawn).\n\n",
        "Example:\n  echo '1 2 3 4 5 6 7 0 8' | fifteen render --solution > solution.svg"
    ))]
    Render(render::RenderArgs),
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

/// [`run`] on the process's arguments, answers on standard output as they come, the
/// one-line message on standard error.
fn main() -> ExitCode {
    let mut stdout = std::io::stdout();
    let (code, message) = run(std::env::args_os(), &mut stdout, Input::process());
    if !message.is_empty() {
        eprintln!("{message}");
    }
    ExitCode::from(code)
}

/// Runs the command line `args` (the program name first) reading INPUT through `source`,
/// writing answers to `out` as they come; the exit code and what to print on standard
/// error (empty for nothing). Usage errors keep clap's suggestion and "try --help" lines;
/// other failures are one line.
fn run<I, T>(args: I, out: &mut dyn Write, source: Input<'_>) -> (u8, String)
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
    let result = dispatch(cli, &mut sink, source);
    let _ = sink.out.flush();
    match result {
        Ok(_) if sink.failed => (2, "fifteen: cannot write the answer".to_string()),
        Ok(code) => (code, String::new()),
        Err(Failure(code, message)) => (code, format!("fifteen: {}", engine::cli::first_line(&message))),
    }
}

/// One command: its exit code (its answers written to `out`), or a failure.
fn dispatch(cli: Cli, out: &mut Output, source: Input<'_>) -> Result<u8, Failure> {
    let json = cli.json.json;
    match cli.command {
        Command::Solve(args) => solve::run(&args, json, out, source),
        Command::Hint(args) => hint::run(&args, json, out, source),
        Command::Check(args) => check::run(&args, json, out, source),
        Command::Generate(args) => generate::run(&args, json, out),
        Command::Render(args) => render::run(&args, json, out, source),
        Command::Code(args) => printed(code::code(&args, json, source), out),
        Command::Pack(args) => printed(pack::pack(&args, json), out),
        Command::Verify(args) => printed(pack::verify(&args, json, source), out),
    }
}
