//! `fifteen render`: an SVG picture of each puzzle, with its solution on request.

use engine::cli::{Failure, Input, json_line};
use fifteen::solver::Answer;
use serde::Serialize;

use super::args::{InputArgs, SearchArgs, read_puzzles};
use super::output::{Output, worse};
use super::search::Solver;
use super::solve::verdict;

/// `fifteen render`.
#[derive(clap::Args, Debug)]
pub(super) struct RenderArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Draw the solution as a strip of frames.
    #[arg(long)]
    solution: bool,
    #[command(flatten)]
    search: SearchArgs,
}

/// `fifteen render --json`.
#[derive(Serialize)]
struct RenderJson {
    svg: String,
}

/// Runs `fifteen render`.
pub(super) fn run(args: &RenderArgs, json: bool, out: &mut Output, source: Input<'_>) -> Result<u8, Failure> {
    let puzzles = read_puzzles(&args.input, source)?;
    let mut solver = Solver::new(&args.search)?;
    let options = fifteen::svg::SvgOptions::default();
    let mut code = 0u8;
    for puzzle in &puzzles {
        let svg = if args.solution {
            let solution = solver.solve(puzzle, true)?;
            let v = verdict(&solution);
            code = worse(code, v.code);
            match v.answer.and_then(Answer::moves) {
                Some(moves) => fifteen::svg::render_solution(puzzle.start(), moves, &options)
                    .map_err(|e| Failure(2, format!("internal: {e}")))?,
                None => fifteen::svg::render_with(puzzle.start(), &options),
            }
        } else {
            fifteen::svg::render_with(puzzle.start(), &options)
        };
        out.emit(&if json { json_line(&RenderJson { svg }) } else { svg });
    }
    Ok(code)
}
