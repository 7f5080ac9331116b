//! `fifteen hint`: the next move of each puzzle and the optimal length after it.

use engine::cli::{Failure, Input, json_line};
use engine::{Report, StopReason};
use fifteen::Hint;
use serde::Serialize;

use super::args::{InputArgs, SearchArgs, read_puzzles};
use super::output::{Output, Verdict, worse};
use super::search::Solver;

/// `fifteen hint`.
#[derive(clap::Args, Debug)]
pub(super) struct HintArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    search: SearchArgs,
}

/// The verdict of a hint: `move` or `solved` (exit 0), `unsolvable` (exit 1).
fn verdict(report: &Report<Hint, u32>) -> Verdict<'_, Hint> {
    Verdict::of(&report.outcome, |h| match h {
        Hint::Slide { .. } => ("move", 0),
        Hint::Solved => ("solved", 0),
        Hint::Unsolvable => ("unsolvable", 1),
    })
}

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
    fn new(report: &Report<Hint, u32>) -> HintJson {
        let v = verdict(report);
        let (step, length) = match v.answer {
            Some(Hint::Slide { step, length }) => (Some(step.to_string()), Some(*length)),
            Some(Hint::Solved) => (None, Some(0)),
            Some(Hint::Unsolvable) | None => (None, None),
        };
        HintJson { status: v.status, step, length, optimal: v.optimal, lower_bound: v.lower_bound, reason: v.reason }
    }
}

/// The contract's line for a hint: `<move> <length>`, `solved`, `unsolvable` or `unknown`.
fn line(report: &Report<Hint, u32>) -> String {
    let v = verdict(report);
    match v.answer {
        Some(Hint::Slide { step, length }) => format!("{step} {length}\n"),
        _ => format!("{}\n", v.status),
    }
}

/// Runs `fifteen hint`.
pub(super) fn run(args: &HintArgs, json: bool, out: &mut Output, source: Input<'_>) -> Result<u8, Failure> {
    let puzzles = read_puzzles(&args.input, source)?;
    let mut solver = Solver::new(&args.search)?;
    let mut code = 0u8;
    for puzzle in &puzzles {
        let report = solver.hint(puzzle)?;
        code = worse(code, verdict(&report).code);
        out.emit(&if json { json_line(&HintJson::new(&report)) } else { line(&report) });
    }
    Ok(code)
}
