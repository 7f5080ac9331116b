//! `shisen solve`: whether the board can be cleared, with the removals in play order.

use std::fmt::Write as _;

use engine::cli::{Failure, Input, TimeoutArg};
use engine::{Outcome, StopReason};
use serde::Serialize;
use shisen::solver::{self, Answer, Options, Removal};

use crate::pairs::xy;

/// The arguments of `shisen solve`.
#[derive(clap::Args)]
#[command(mut_arg("timeout", |a| a.help("Give up after this many seconds (prints `unknown`, exit 3); no node limit then")))]
pub(crate) struct SolveArgs {
    /// Tiles fall toward larger y after each removal (also when the puzzle says so).
    #[arg(long)]
    gravity: bool,
    #[command(flatten)]
    timeout: TimeoutArg,
    /// Board file, or `-` for standard input.
    #[arg(default_value = "-")]
    board: String,
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

/// `shisen solve [--gravity] [--timeout S] [BOARD]`: exit 0 solvable, 1 unsolvable, 3
/// unknown. Without `--timeout` the solver's default node limit stops the search.
pub(crate) fn run(args: &SolveArgs, json: bool, input: Input<'_>) -> Result<(u8, String), Failure> {
    let (board, marked) = crate::code::read_puzzle(&args.board, input)?;
    let gravity = args.gravity || marked;
    let budget = match args.timeout.timeout {
        Some(_) => args.timeout.budget(),
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
        Outcome::Proved(Answer::Solvable(moves)) | Outcome::Found(Answer::Solvable(moves)) => (moves, None, None),
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
