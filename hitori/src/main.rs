//! The `hitori` command: `solve` and `generate` Hitori puzzles, exactly as in the
//! workspace's command-line contract.
//!
//! Exit codes: 0 answered (unique or multiple), 1 no solution (or no puzzle of that kind
//! exists), 2 bad input or usage (one line on stderr, nothing on stdout), 3 the `--timeout`
//! ran out (`unknown` on stdout).

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use engine::cli::Failure;
use engine::{Budget, Outcome, SeededRng};
use hitori::Puzzle;
use hitori::generate::{GenerateError, Spec, generate};
use hitori::solver::{Answer, Options, solve};
use hitori::steps::Difficulty;

/// Hitori ("Singles"): prove puzzles unique, generate unique puzzles.
#[derive(Parser)]
#[command(name = "hitori", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// `unique`, `multiple` or `none`, then the solution (and a second one for `multiple`).
    Solve {
        /// Give up after this many seconds: prints `unknown`, exit 3.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Puzzle file, `-` for standard input.
        #[arg(default_value = "-")]
        input: String,
    },
    /// A puzzle with exactly one solution, in the puzzle text format.
    Generate {
        /// Size: `N` for N×N, or `WxH`.
        #[arg(long, default_value = "10")]
        size: String,
        /// Random seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// `easy`, `medium`, `hard` or `search` (the hardest rule a human needs).
        #[arg(long, value_name = "D")]
        difficulty: Option<String>,
    },
}

fn main() -> ExitCode {
    engine::cli::main("hitori", |cli: Cli| run(cli.command))
}

fn run(command: Command) -> Result<(u8, String), Failure> {
    match command {
        Command::Solve { timeout: time, input } => {
            let puzzle = read_puzzle(&input)?;
            let mut budget = Budget::default();
            if let Some(time) = time {
                budget = budget.with_time_limit(time);
            }
            Ok(match solve(&puzzle, &Options::default().with_budget(budget)).outcome {
                Outcome::Proved(Answer::Unique(s)) | Outcome::Found(Answer::Unique(s)) => {
                    (0, format!("unique\n{}", puzzle.format_solution(&s)))
                }
                Outcome::Proved(Answer::Multiple(a, b)) | Outcome::Found(Answer::Multiple(a, b)) => {
                    (0, format!("multiple\n{}\n{}", puzzle.format_solution(&a), puzzle.format_solution(&b)))
                }
                Outcome::Proved(Answer::None) | Outcome::Found(Answer::None) => (1, "none\n".to_string()),
                Outcome::GaveUp { .. } => (3, "unknown\n".to_string()),
            })
        }
        Command::Generate { size, seed, difficulty } => {
            let (w, h) = parse_size(&size)?;
            let mut spec = Spec::new(w, h);
            if let Some(d) = difficulty {
                let d: Difficulty = d.parse().map_err(|e| Failure(2, format!("--difficulty {d}: {e}")))?;
                spec = spec.with_difficulty(d);
            }
            match generate(&spec, &mut SeededRng::new(seed)) {
                Ok(puzzle) => Ok((0, puzzle.to_string())),
                Err(e @ GenerateError::Empty) => Err(Failure(2, format!("--size {size}: {e}"))),
                Err(e) => Err(Failure(1, e.to_string())),
            }
        }
    }
}

fn parse_size(size: &str) -> Result<(usize, usize), Failure> {
    let bad = || Failure(2, format!("--size {size}: expected N or WxH with positive whole numbers"));
    let number = |t: &str| t.trim().parse::<usize>().ok().filter(|&n| n > 0 && n <= 10_000);
    let (w, h) = if let Some((w, h)) = size.split_once(['x', 'X']) {
        (number(w).ok_or_else(bad)?, number(h).ok_or_else(bad)?)
    } else {
        let n = number(size).ok_or_else(bad)?;
        (n, n)
    };
    // Generation time grows faster than the area (400x400 takes a few seconds).
    if w * h > 1_000_000 {
        return Err(Failure(2, format!("--size {size}: at most 1000000 cells")));
    }
    Ok((w, h))
}

fn read_puzzle(input: &str) -> Result<Puzzle, Failure> {
    let (source, text) = engine::read_input(input).map_err(|e| Failure(2, e.to_string()))?;
    Puzzle::parse(&text).map_err(|e| Failure(2, e.with_source(source).to_string()))
}
