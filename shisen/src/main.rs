//! The `shisen` command: `pairs`, `solve`, `generate` (see the command-line contract).

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use engine::SeededRng;
use engine::cli::Failure;
use shisen::Board;
use shisen::generate::{self, Spec};
use shisen::solver::{self, Answer, Options};

/// Shisen-Sho: removable pairs, exact solver, solvable deals.
#[derive(Parser)]
#[command(name = "shisen", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every currently removable pair with its shortest connection.
    Pairs {
        /// Board file, or `-` for standard input.
        #[arg(default_value = "-")]
        board: String,
    },
    /// Whether the board can be cleared, with the removals in play order.
    Solve {
        /// Tiles fall toward larger y after each removal.
        #[arg(long)]
        gravity: bool,
        /// Give up after this many seconds (prints `unknown`, exit 3).
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Board file, or `-` for standard input.
        #[arg(default_value = "-")]
        board: String,
    },
    /// A full deal, solvable unless --any.
    Generate {
        /// Board size.
        #[arg(long, value_name = "WxH", default_value = "18x8")]
        size: String,
        /// Number of kinds (default: W*H/copies).
        #[arg(long, value_name = "K")]
        kinds: Option<usize>,
        /// Tiles per kind.
        #[arg(long, value_name = "C", default_value_t = 4)]
        copies: usize,
        /// Random seed.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
        /// Solvable under gravity.
        #[arg(long)]
        gravity: bool,
        /// A plain uniform deal, solvable or not.
        #[arg(long)]
        any: bool,
    },
}

fn read_board(source: &str) -> Result<Board, Failure> {
    let (name, text) = engine::read_input(source).map_err(|e| Failure(2, e.to_string()))?;
    Board::parse(&text).map_err(|e| Failure(2, e.with_source(name).to_string()))
}

fn parse_size(size: &str) -> Result<(usize, usize), Failure> {
    let bad = || Failure(2, format!("--size {size:?}: expected WxH, e.g. 18x8"));
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((w.trim().parse().map_err(|_| bad())?, h.trim().parse().map_err(|_| bad())?))
}

fn run(command: Command) -> Result<String, Failure> {
    match command {
        Command::Pairs { board } => {
            let board = read_board(&board)?;
            let mut out = String::new();
            for p in shisen::path::removable_pairs(&board) {
                let (a, b, path) = (p.a, p.b, p.path);
                writeln!(out, "{},{} {},{} {} {}", a.x, a.y, b.x, b.y, path.length(), path.corners_text())
                    .expect("writing to a String");
            }
            Ok(out)
        }
        Command::Solve { gravity, timeout, board } => {
            let board = read_board(&board)?;
            let deadline = timeout.map(|t| Instant::now() + t);
            let budget = if deadline.is_some() { u64::MAX } else { Options::default().budget };
            let answer = solver::solve(&board, &Options { gravity, budget, deadline });
            let mut out = format!("{}\n", answer.word());
            match answer {
                Answer::Solvable(moves) => {
                    for (a, b) in moves {
                        writeln!(out, "{},{} {},{}", a.x, a.y, b.x, b.y).expect("writing to a String");
                    }
                    Ok(out)
                }
                Answer::Unsolvable => Err(Failure(1, out)),
                Answer::Unknown => Err(Failure(3, out)),
            }
        }
        Command::Generate { size, kinds, copies, seed, gravity, any } => {
            let (width, height) = parse_size(&size)?;
            let kinds = kinds.unwrap_or((width * height).checked_div(copies).unwrap_or(0));
            let spec = Spec { width, height, kinds, copies }.checked().map_err(|e| Failure(2, e))?;
            let mut rng = SeededRng::new(seed);
            if any {
                return Ok(generate::deal_any(spec, &mut rng).to_string());
            }
            match generate::deal_solvable(spec, gravity, &mut rng) {
                Some((board, _)) => Ok(board.to_string()),
                None => Err(Failure(3, String::new())),
            }
        }
    }
}

fn main() -> ExitCode {
    engine::cli::main("shisen", |cli: Cli| match run(cli.command) {
        Ok(out) => Ok((0, out)),
        // Exit 1 and 3 are answers: `unsolvable` / `unknown` go to stdout.
        Err(Failure(code @ (1 | 3), out)) if !out.is_empty() => Ok((code, out)),
        Err(Failure(code, message)) if message.is_empty() => Err(Failure(code, "no solvable deal found".into())),
        Err(failure) => Err(failure),
    })
}
