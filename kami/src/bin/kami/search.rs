//! The search `solve`, `hint` and `render --solution` share: solver options from the
//! command line, the solver's answer with a progress display, and moves in JSON.

use std::time::Instant;

use engine::cli::{Failure, ThreadsArg, TimeoutArg};
use engine::{Outcome, StopReason};
use kami::{Level, Move, Options, SolveError, colour_char};
use serde::Serialize;

/// What the progress display says after a few seconds.
pub(crate) const ADVICE: &str =
    "no answer yet: --timeout S stops the search with the bounds and the best solution found";

/// Solver options for `--timeout` (a time limit for each search) and `--threads` (every
/// core when not given: the par is the one a single thread finds; the moves may differ
/// from run to run, rarely: see `Options::threads`).
pub(crate) fn options(timeout: &TimeoutArg, threads: ThreadsArg) -> Options {
    Options::default().with_budget(timeout.budget()).with_threads(threads.or_cores())
}

/// A move in JSON: row, column and colour character.
#[derive(Serialize)]
pub(crate) struct MoveJson {
    row: usize,
    col: usize,
    colour: String,
}

impl From<&Move> for MoveJson {
    fn from(m: &Move) -> Self {
        MoveJson { row: m.row, col: m.col, colour: colour_char(m.colour).to_string() }
    }
}

/// Why a search gave up, as the JSON answers name it.
pub(crate) fn reason_word(reason: StopReason) -> &'static str {
    match reason {
        StopReason::NodeLimit => "node_limit",
        StopReason::TimeLimit => "time_limit",
        StopReason::Cancelled => "cancelled",
    }
}

/// The solver's answer as `(optimal, moves, lower bound, reason, nodes, seconds)`.
pub(crate) type Solved = (bool, Option<Vec<Move>>, u32, Option<&'static str>, u64, f64);

/// Solves `level` with a progress display on a terminal.
pub(crate) fn solve_level(level: &Level, options: &Options) -> Result<Solved, Failure> {
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
