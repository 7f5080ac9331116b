//! `fifteen solve`: one line per puzzle, its length and moves.

use engine::cli::{Failure, Input, json_line};
use engine::{Outcome, StopReason};
use serde::Serialize;

use super::args::{InputArgs, SearchArgs, read_puzzles};
use super::output::{Output, progress, worse};
use super::search::Solver;
use crate::Move;
use crate::solver::Answer;

/// The contract's line for a solve outcome, and its exit code.
pub(super) fn solve_line(outcome: &Outcome<Answer, u32>) -> (String, u8) {
    match outcome {
        Outcome::Proved(Answer::Moves(moves)) | Outcome::Found(Answer::Moves(moves)) => {
            (format!("{} {}", moves.len(), Move::format_all(moves)), 0)
        }
        Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => ("unsolvable".to_string(), 1),
        Outcome::GaveUp { .. } => ("unknown".to_string(), 3),
    }
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

/// Runs `fifteen solve`.
pub(super) fn run(
    input: &InputArgs,
    search: &SearchArgs,
    stats: bool,
    json: bool,
    out: &mut Output,
    source: Input<'_>,
) -> Result<u8, Failure> {
    let puzzles = read_puzzles(input, source)?;
    let mut solver = Solver::new(search)?;
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
