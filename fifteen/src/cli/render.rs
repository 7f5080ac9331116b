//! `fifteen render`: an SVG picture of each puzzle, with its solution on request.

use engine::cli::{Failure, Input, json_line};
use serde::Serialize;

use super::args::{InputArgs, SearchArgs, read_puzzles};
use super::output::{Output, worse};
use super::search::Solver;
use super::solve::solve_line;
use crate::solver::Answer;

/// `fifteen render --json`.
#[derive(Serialize)]
struct RenderJson {
    svg: String,
}

/// Runs `fifteen render`.
pub(super) fn run(
    input: &InputArgs,
    solution: bool,
    search: &SearchArgs,
    json: bool,
    out: &mut Output,
    source: Input<'_>,
) -> Result<u8, Failure> {
    let puzzles = read_puzzles(input, source)?;
    let mut solver = Solver::new(search)?;
    let options = crate::svg::SvgOptions::default();
    let mut code = 0u8;
    for puzzle in &puzzles {
        let svg = if solution {
            let report = solver.solve(puzzle, true)?;
            code = worse(code, solve_line(&report.outcome).1);
            match report.outcome.answer().and_then(Answer::moves) {
                Some(moves) => crate::svg::render_solution(puzzle.start(), moves, &options)
                    .map_err(|e| Failure(2, format!("internal: {e}")))?,
                None => crate::svg::render_with(puzzle.start(), &options),
            }
        } else {
            crate::svg::render_with(puzzle.start(), &options)
        };
        out.emit(&if json { json_line(&RenderJson { svg }) } else { svg });
    }
    Ok(code)
}
