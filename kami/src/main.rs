//! The `kami` command: `solve`, `render` and `generate` KAMI levels, exactly as in the
//! workspace's command-line contract.
//!
//! Exit codes: 0 answered, 2 bad input or usage (one line on stderr, nothing on stdout),
//! 3 the `--timeout` budget ran out.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use engine::cli::Failure;
use kami::generate::{Spec, generate};
use kami::{Level, SolveOptions, solve};

/// KAMI 2 levels: optimal par, SVG pictures, generation.
#[derive(Parser)]
#[command(name = "kami", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Optimal solution: the number of moves, then one `r c colour` line per move.
    Solve {
        /// Give up after this many seconds: `unknown lb=<lower bound> best=<n or ->`, exit 3.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Level file, `-` for standard input.
        #[arg(default_value = "-")]
        level: String,
    },
    /// An SVG picture of the level.
    Render {
        /// Level file, `-` for standard input.
        #[arg(default_value = "-")]
        level: String,
    },
    /// A random level with its proven optimum in a `# par: N` header.
    Generate {
        /// Size `RxC`: rows and columns of triangles.
        #[arg(long, default_value = "29x10")]
        size: String,
        /// Number of colours.
        #[arg(long, default_value_t = 4)]
        colors: usize,
        /// Number of regions (exactly).
        #[arg(long, default_value_t = 40)]
        regions: usize,
        /// Random seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

fn main() -> ExitCode {
    engine::cli::main("kami", |cli: Cli| run(cli.command))
}

/// Runs a command: the exit code and what goes to stdout, or a failure.
fn run(command: Command) -> Result<(u8, String), Failure> {
    match command {
        Command::Solve { timeout, level } => {
            let deadline = timeout.map(|t| Instant::now() + t);
            let (name, level) = read_level(&level)?;
            let start = Instant::now();
            // Every core: the par is the one a single thread finds (the moves may differ
            // from run to run, rarely: see `SolveOptions::threads`).
            let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
            let mut budget = engine::Budget::default();
            if let Some(deadline) = deadline {
                budget = budget.with_deadline(deadline);
            }
            let report = solve(&level, &SolveOptions::default().with_budget(budget).with_threads(threads));
            eprintln!("{name}: searched for {:.3} s", start.elapsed().as_secs_f64());
            match report {
                Ok(engine::Report {
                    outcome: engine::Outcome::Proved(moves) | engine::Outcome::Found(moves), ..
                }) => {
                    let mut lines = vec![moves.len().to_string()];
                    lines.extend(moves.iter().map(ToString::to_string));
                    Ok((0, lines.join("\n") + "\n"))
                }
                Ok(engine::Report { outcome: engine::Outcome::GaveUp { proven, .. }, .. }) => {
                    let best = proven.best.map_or_else(|| "-".to_string(), |b| b.len().to_string());
                    Ok((3, format!("unknown lb={} best={best}\n", proven.lower_bound)))
                }
                Err(kami::SolveError::TooManyRegions { lower_bound, .. }) => {
                    Ok((3, format!("unknown lb={lower_bound} best=-\n")))
                }
                Err(e) => Err(Failure(2, e.to_string())),
            }
        }
        Command::Render { level } => {
            let (_, level) = read_level(&level)?;
            Ok((0, kami::svg::render(&level)))
        }
        Command::Generate { size, colors, regions, seed } => {
            let (rows, cols) = size
                .split_once(['x', 'X'])
                .and_then(|(r, c)| Some((r.trim().parse::<usize>().ok()?, c.trim().parse::<usize>().ok()?)))
                .ok_or_else(|| Failure(2, format!("--size {size:?}: expected RxC, for example 29x10")))?;
            let spec = Spec::default().with_size(rows, cols).with_colours(colors).with_regions(regions);
            let level =
                generate(&spec, &mut engine::SeededRng::new(seed)).map_err(|e| Failure(2, format!("generate: {e}")))?;
            Ok((0, level.to_string()))
        }
    }
}

/// Reads and parses a level from a path or `-` (stdin); errors name the source and line.
fn read_level(path: &str) -> Result<(String, Level), Failure> {
    let (name, text) = engine::read_input(path).map_err(|e| Failure(2, e.to_string()))?;
    let level = Level::parse(&text).map_err(|e| Failure(2, e.with_source(&name).to_string()))?;
    Ok((name, level))
}
