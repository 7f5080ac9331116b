//! `fifteen hint`: the next move of each puzzle and the optimal length after it.

use engine::cli::{Failure, Input, json_line};
use engine::{Outcome, StopReason};
use serde::Serialize;

use super::args::{InputArgs, SearchArgs, read_puzzles};
use super::output::{Output, worse};
use super::search::Solver;
use crate::Hint;

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

/// Runs `fifteen hint`.
pub(super) fn run(
    input: &InputArgs,
    search: &SearchArgs,
    json: bool,
    out: &mut Output,
    source: Input<'_>,
) -> Result<u8, Failure> {
    let puzzles = read_puzzles(input, source)?;
    let mut solver = Solver::new(search)?;
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
