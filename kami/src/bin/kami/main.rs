//! The `kami` command: `solve`, `hint`, `render` and `generate` KAMI levels, make packs of
//! levels and `verify` them, as in the workspace's command-line contract (`docs/cli.md`).
//! This file holds the commands' arguments and the one-level commands; `code.rs` the
//! puzzle codes, `pack.rs` the packs. Every command that reads a level also reads its
//! code (`kami:1:…`, told apart by its shape).
//!
//! Exit codes: 0 answered, 2 bad input or usage (one line on stderr, nothing on stdout;
//! clap's suggestion and a "try --help" line may follow a usage error), 3 the `--timeout`
//! budget ran out (or a level too big for the search).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use engine::cli::Failure;
use engine::{Budget, InputError, Outcome, SeededRng, Size, SizeError, SizeLimits, StopReason};
use kami::generate::{GenerateError, MAX_SIDE, MAX_TRIANGLES, Spec, generate_within};
use kami::hint::Hint;
use kami::{Game, Level, Move, Options, SolveError, colour_char};
use serde::Serialize;

mod code;
mod pack;

/// The sizes `generate --size` accepts: at most 200 rows and 200 columns, at most 10000
/// triangles (a side of 0 is left to `generate`, which names it).
const SIZE_LIMITS: SizeLimits = SizeLimits::new(0, MAX_SIDE).with_max_cells(MAX_TRIANGLES);

/// The most moves `hint --moves-made` takes.
const MAX_MOVES_MADE: usize = 10_000;

/// The most threads `--threads` takes.
const MAX_THREADS: u16 = 256;

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
    /// Print the answer as one JSON document (fields in docs/cli.md).
    #[arg(long, global = true)]
    json: bool,
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
    Solve {
        /// Give up after this many seconds: `unknown lb=<lower bound> best=<n or ->`, exit 3.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Search threads (1-256; default: every core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_THREADS)))]
        threads: Option<u16>,
        /// Level file, `-` for standard input.
        #[arg(default_value = "-")]
        level: String,
    },
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
    Hint {
        /// Moves already played: `r c colour;r c colour;...`.
        #[arg(long, value_name = "MOVES")]
        moves_made: Option<String>,
        /// Give up after this many seconds: the first move of the best solution found, exit 3.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Search threads (1-256; default: every core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_THREADS)))]
        threads: Option<u16>,
        /// Level or saved game file, `-` for standard input.
        #[arg(default_value = "-")]
        level: String,
    },
    /// An SVG picture of the level.
    #[command(after_help = concat!(
        level_format!(),
        "\nOutput: one SVG document (`<svg data-testid=\"board\">`, one `<polygon data-r data-c\n",
        "data-value>` per triangle); with --solution, the taps of an optimal solution numbered\n",
        "on their triangles (the best found, exit 3, when the --timeout runs out).\n\n",
        "Example:\n  kami generate --size 8x6 --colors 3 --regions 10 | kami render --solution > level.svg",
    ))]
    Render {
        /// Number the taps of an optimal solution on the picture.
        #[arg(long)]
        solution: bool,
        /// With --solution: give up after this many seconds (the best solution found, exit 3).
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Level file, `-` for standard input.
        #[arg(default_value = "-")]
        level: String,
    },
    /// A random level with its proven optimum in a `# par: N` header.
    #[command(after_help = concat!(
        "Limits: --size RxC with at most 200 rows, 200 columns and 10000 triangles; --colors 1-36;\n",
        "--regions from the colour count to the triangle count, at most 1000.\n\n",
        "Output: the level text, with a `# par: N` header (--format code: its code, par included,\n",
        "one line). When --timeout runs out first: nothing\n",
        "on standard output, one line on standard error, exit 3.\n\n",
        "Example:\n  kami generate --size 8x6 --colors 3 --regions 10 --seed 9",
    ))]
    Generate {
        /// Size `RxC`: rows and columns of triangles (at most 200 each, 10000 triangles).
        #[arg(long, default_value = "29x10")]
        size: String,
        /// Number of colours (1-36).
        #[arg(long, alias = "colours", default_value_t = 4)]
        colors: usize,
        /// Number of regions, exactly (from the colour count to the triangles, at most 1000).
        #[arg(long, default_value_t = 40)]
        regions: usize,
        /// Random seed: the same seed gives the same level.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Give up after this many seconds: exit 3.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Print the level as its text (`text`) or as its one-line code (`code`).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
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

/// How `generate` prints a level.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// The level text format, with a `# par: N` header.
    Text,
    /// The level's one-line code (`kami:1:…`), par included.
    Code,
}

fn main() -> ExitCode {
    engine::cli::main("kami", |cli: Cli| run(cli, &mut engine::read_input))
}

/// Reads an INPUT argument: `(source name, text)`.
type Reader<'a> = dyn FnMut(&str) -> Result<(String, String), InputError> + 'a;

/// One command: its exit code and standard output, or a failure.
fn run(cli: Cli, read: &mut Reader<'_>) -> Result<(u8, String), Failure> {
    let json = cli.json;
    match cli.command {
        Command::Solve { timeout, threads, level } => {
            let (name, level) = read_level(read, &level)?;
            solve_command(&name, &level, &options(timeout, threads), json)
        }
        Command::Hint { moves_made, timeout, threads, level } => {
            let game = read_game(read, &level, moves_made.as_deref())?;
            Ok(hint_command(&game, &options(timeout, threads), json))
        }
        Command::Render { solution, timeout, level } => {
            let (_, level) = read_level(read, &level)?;
            render_command(&level, solution.then(|| options(timeout, None)), json)
        }
        Command::Generate { size, colors, regions, seed, timeout, format } => {
            generate_command(&size, colors, regions, seed, timeout, json, format)
        }
        Command::Pack(args) => pack::pack(&args, json),
        Command::Verify(args) => pack::verify(&args, json),
        Command::Code(args) => code::run(&args, read, json),
    }
}

/// Solver options for `--timeout` and `--threads` (every core when not given: the par is
/// the one a single thread finds; the moves may differ from run to run, rarely: see
/// `Options::threads`).
fn options(timeout: Option<Duration>, threads: Option<u16>) -> Options {
    let threads =
        threads.map_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get), usize::from);
    let budget = timeout.map_or_else(Budget::default, |t| Budget::default().with_time_limit(t));
    Options::default().with_budget(budget).with_threads(threads)
}

/// What the progress display says after a few seconds.
const ADVICE: &str = "no answer yet: --timeout S stops the search with the bounds and the best solution found";

/// A move in JSON: row, column and colour character.
#[derive(Serialize)]
struct MoveJson {
    row: usize,
    col: usize,
    colour: String,
}

impl From<&Move> for MoveJson {
    fn from(m: &Move) -> Self {
        MoveJson { row: m.row, col: m.col, colour: colour_char(m.colour).to_string() }
    }
}

/// `solve --json`.
#[derive(Serialize)]
struct SolveJson {
    /// `optimal` or `unknown`.
    answer: &'static str,
    /// The optimal solution, or the best found (empty if none).
    moves: Vec<MoveJson>,
    /// The number of moves of `moves` (`null` when there are none and the answer is unknown).
    length: Option<usize>,
    /// A proven lower bound on the optimum (the optimum itself when optimal).
    lower_bound: u32,
    /// Why the search gave up: `time_limit`, `node_limit`, `cancelled` or `too_many_regions`.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    /// Search nodes.
    nodes: u64,
    /// Time spent, in seconds.
    seconds: f64,
}

fn reason_word(reason: StopReason) -> &'static str {
    match reason {
        StopReason::NodeLimit => "node_limit",
        StopReason::TimeLimit => "time_limit",
        StopReason::Cancelled => "cancelled",
    }
}

/// The solver's answer as `(optimal, moves, lower bound, reason, nodes, seconds)`.
type Solved = (bool, Option<Vec<Move>>, u32, Option<&'static str>, u64, f64);

/// Solves `level` with a progress display on a terminal.
fn solve_level(level: &Level, options: &Options) -> Result<Solved, Failure> {
    let (budget, watch) = engine::cli::watch(options.budget.clone(), ADVICE);
    let start = Instant::now();
    let report = kami::solve(level, &options.clone().with_budget(budget));
    drop(watch);
    match report {
        Ok(report) => {
            let (nodes, seconds) = (report.stats.nodes, report.stats.elapsed.as_secs_f64());
            Ok(match report.outcome {
                Outcome::Proved(moves) | Outcome::Found(moves) => {
                    let n = u32::try_from(moves.len()).unwrap_or(u32::MAX);
                    (true, Some(moves), n, None, nodes, seconds)
                }
                Outcome::GaveUp { reason, proven } => {
                    (false, proven.best, proven.lower_bound, Some(reason_word(reason)), nodes, seconds)
                }
            })
        }
        Err(SolveError::TooManyRegions { lower_bound, .. }) => {
            Ok((false, None, lower_bound, Some("too_many_regions"), 0, start.elapsed().as_secs_f64()))
        }
        Err(e) => Err(Failure(2, e.to_string())),
    }
}

fn solve_command(name: &str, level: &Level, options: &Options, json: bool) -> Result<(u8, String), Failure> {
    let start = Instant::now();
    let (optimal, moves, lower_bound, reason, nodes, seconds) = solve_level(level, options)?;
    eprintln!("{name}: searched for {:.3} s", start.elapsed().as_secs_f64());
    let code = if optimal { 0 } else { 3 };
    if json {
        let doc = SolveJson {
            answer: if optimal { "optimal" } else { "unknown" },
            length: moves.as_ref().map(Vec::len),
            moves: moves.iter().flatten().map(MoveJson::from).collect(),
            lower_bound,
            reason,
            nodes,
            seconds,
        };
        return Ok((code, engine::cli::json_line(&doc)));
    }
    let text = match moves {
        Some(moves) if optimal => {
            let mut lines = vec![moves.len().to_string()];
            lines.extend(moves.iter().map(ToString::to_string));
            lines.join("\n") + "\n"
        }
        best => {
            let best = best.map_or_else(|| "-".to_string(), |b| b.len().to_string());
            format!("unknown lb={lower_bound} best={best}\n")
        }
    };
    Ok((code, text))
}

/// `hint --json`.
#[derive(Serialize)]
struct HintJson {
    /// `play`, `solved` or `unknown`.
    hint: &'static str,
    /// The move to play (`play` only).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    next: Option<MoveJson>,
    /// The moves of the solution the move begins, the move included (`play` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    moves_left: Option<u32>,
    /// Whether `moves_left` is proven optimal.
    optimal: bool,
    /// A proven lower bound on the moves the position needs.
    lower_bound: u32,
    /// The moves played so far.
    moves_made: usize,
}

fn hint_command(game: &Game, options: &Options, json: bool) -> (u8, String) {
    let (budget, watch) = engine::cli::watch(options.budget.clone(), ADVICE);
    let hint = kami::hint(game.level(), &options.clone().with_budget(budget));
    drop(watch);
    let moves_made = game.moves().len();
    let (code, text, doc) = match hint {
        Hint::Solved => {
            let doc =
                HintJson { hint: "solved", next: None, moves_left: None, optimal: true, lower_bound: 0, moves_made };
            (0, "solved\n".to_string(), doc)
        }
        Hint::Play { next, moves_left, optimal, lower_bound } => {
            let doc = HintJson {
                hint: "play",
                next: Some(MoveJson::from(&next)),
                moves_left: Some(moves_left),
                optimal,
                lower_bound,
                moves_made,
            };
            (if optimal { 0 } else { 3 }, format!("{next}\n"), doc)
        }
        Hint::Unknown { lower_bound } => {
            let doc =
                HintJson { hint: "unknown", next: None, moves_left: None, optimal: false, lower_bound, moves_made };
            (3, format!("unknown lb={lower_bound}\n"), doc)
        }
    };
    (code, if json { engine::cli::json_line(&doc) } else { text })
}

/// `render --json`.
#[derive(Serialize)]
struct RenderJson<'a> {
    /// The SVG document.
    svg: &'a str,
}

fn render_command(level: &Level, solution: Option<Options>, json: bool) -> Result<(u8, String), Failure> {
    let (code, svg) = match solution {
        None => (0, kami::svg::render(level)),
        Some(options) => {
            let (optimal, moves, ..) = solve_level(level, &options)?;
            let svg_options = kami::svg::SvgOptions { moves: moves.unwrap_or_default(), ..Default::default() };
            (if optimal { 0 } else { 3 }, kami::svg::render_with(level, &svg_options))
        }
    };
    Ok((code, if json { engine::cli::json_line(&RenderJson { svg: &svg }) } else { svg }))
}

/// `generate --json`.
#[derive(Serialize)]
struct GenerateJson {
    /// The level in the level text format (`null` when the --timeout ran out).
    level: Option<String>,
    /// Its proven optimum.
    #[serde(skip_serializing_if = "Option::is_none")]
    par: Option<u32>,
    /// Its code, par included (`null` when the --timeout ran out).
    code: Option<String>,
    /// Why generation gave up (`time_limit`), when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    rows: usize,
    cols: usize,
    colours: usize,
    regions: usize,
    seed: u64,
}

/// The `--size` argument as `(rows, cols)`, or a message naming it and its limit.
fn parse_size(size: &str) -> Result<(usize, usize), Failure> {
    match Size::parse(size, &SIZE_LIMITS) {
        Ok(s) => Ok((s.width, s.height)),
        Err(SizeError::Malformed) => Err(Failure(2, format!("--size {size:?}: expected RxC, for example 29x10"))),
        Err(SizeError::Side { .. } | SizeError::Cells { .. }) => Err(Failure(
            2,
            format!("--size {size:?}: at most {MAX_SIDE} rows, {MAX_SIDE} columns and {MAX_TRIANGLES} triangles"),
        )),
    }
}

fn generate_command(
    size: &str,
    colours: usize,
    regions: usize,
    seed: u64,
    timeout: Option<Duration>,
    json: bool,
    format: Format,
) -> Result<(u8, String), Failure> {
    let (rows, cols) = parse_size(size)?;
    let spec = Spec::default().with_size(rows, cols).with_colours(colours).with_regions(regions);
    let budget = timeout.map_or_else(Budget::default, |t| Budget::default().with_time_limit(t));
    let doc = |level: Option<&Level>, reason| GenerateJson {
        level: level.map(ToString::to_string),
        par: level.and_then(|l| l.par),
        code: level.and_then(|l| kami::code::encode(l).ok()),
        reason,
        rows,
        cols,
        colours,
        regions,
        seed,
    };
    let advice = "no level yet: --timeout S stops the generation; fewer --regions or a smaller --size are quicker";
    let (budget, watch) = engine::cli::watch(budget, advice);
    let generated = generate_within(&spec, &mut SeededRng::new(seed), &budget);
    drop(watch);
    match generated {
        Ok(level) if json => Ok((0, engine::cli::json_line(&doc(Some(&level), None)))),
        Ok(level) if format == Format::Code => {
            let code = kami::code::encode(&level).map_err(|e| Failure(2, format!("generate: {e}")))?;
            Ok((0, format!("{code}\n")))
        }
        Ok(level) => Ok((0, level.to_string())),
        Err(GenerateError::GaveUp(reason)) if json => {
            Ok((3, engine::cli::json_line(&doc(None, Some(reason_word(reason))))))
        }
        Err(e @ GenerateError::GaveUp(_)) => Err(Failure(3, format!("generate: {e}"))),
        Err(e) => Err(Failure(2, format!("generate: {e}"))),
    }
}

/// Reads and parses a level from a path or `-` (stdin); errors name the source and line.
fn read_level(read: &mut Reader<'_>, path: &str) -> Result<(String, Level), Failure> {
    let (name, text) = read(path).map_err(|e| Failure(2, e.to_string()))?;
    let level = parse_level(&name, &text)?;
    Ok((name, level))
}

/// A level from its text or its code (told apart by [`engine::code::looks_like_code`]).
fn parse_level(name: &str, text: &str) -> Result<Level, Failure> {
    if engine::code::looks_like_code(text) {
        // The line the code is on: after the blank lines before it.
        let line = 1 + text[..text.len() - text.trim_start().len()].matches('\n').count();
        kami::code::decode(text).map_err(|e| Failure(2, format!("{name}:{line}: {e}")))
    } else {
        Level::parse(text).map_err(|e| Failure(2, e.with_source(name).to_string()))
    }
}

/// The position for `hint`: a level (or a saved game as JSON) with `--moves-made` played.
fn read_game(read: &mut Reader<'_>, path: &str, moves_made: Option<&str>) -> Result<Game, Failure> {
    let (name, text) = read(path).map_err(|e| Failure(2, e.to_string()))?;
    let mut game = if text.trim_start().starts_with('{') {
        serde_json::from_str::<Game>(&text).map_err(|e| Failure(2, format!("{name}: not a saved game: {e}")))?
    } else {
        Game::new(&parse_level(&name, &text)?)
    };
    if let Some(text) = moves_made {
        let moves = kami::game::parse_moves(text).map_err(|e| Failure(2, format!("--moves-made: {e}")))?;
        if moves.len() > MAX_MOVES_MADE {
            return Err(Failure(2, format!("--moves-made: at most {MAX_MOVES_MADE} moves, not {}", moves.len())));
        }
        for (index, mv) in (1..).zip(moves) {
            game.play(mv).map_err(|e| Failure(2, format!("--moves-made: move {index} ({mv}): {e}")))?;
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
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
