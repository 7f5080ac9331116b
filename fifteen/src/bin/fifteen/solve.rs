//! `fifteen solve`: one line per puzzle, its length and moves.

use engine::StopReason;
use engine::cli::{Failure, Input, json_line};
use fifteen::Move;
use fifteen::solver::{Answer, Solution};
use serde::Serialize;

use super::args::{InputArgs, SearchArgs, read_puzzles};
use super::output::{Output, Verdict, progress, worse};
use super::search::Solver;

/// `fifteen solve`.
#[derive(clap::Args, Debug)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Print search statistics (nodes, time) to stderr.
    #[arg(long)]
    stats: bool,
}

/// The verdict of a solve: `solved` (exit 0) or `unsolvable` (exit 1) when answered.
pub(super) fn verdict(solution: &Solution) -> Verdict<'_, Answer> {
    Verdict::of(&solution.outcome, |a| match a {
        Answer::Moves(_) => ("solved", 0),
        Answer::Unsolvable => ("unsolvable", 1),
    })
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
    fn new(solution: &Solution) -> SolveJson {
        let v = verdict(solution);
        let moves = v.answer.and_then(Answer::moves);
        SolveJson {
            status: v.status,
            optimal: v.optimal,
            length: moves.map(<[Move]>::len),
            moves: moves.map(Move::format_all),
            lower_bound: v.lower_bound.or(moves.filter(|_| v.optimal).map(|m| m.len() as u32)),
            reason: v.reason,
            nodes: solution.stats.nodes,
            seconds: solution.stats.elapsed.as_secs_f64(),
        }
    }
}

/// The contract's line for a solve: `<length> <moves>`, `unsolvable` or `unknown`.
fn line(solution: &Solution) -> String {
    let v = verdict(solution);
    match v.answer.and_then(Answer::moves) {
        Some(moves) => format!("{} {}\n", moves.len(), Move::format_all(moves)),
        None => format!("{}\n", v.status),
    }
}

/// Runs `fifteen solve`.
pub(super) fn run(args: &SolveArgs, json: bool, out: &mut Output, source: Input<'_>) -> Result<u8, Failure> {
    let puzzles = read_puzzles(&args.input, source)?;
    let mut solver = Solver::new(&args.search)?;
    let bar = (puzzles.len() > 1).then(|| progress(puzzles.len() as u64, "solving"));
    let mut code = 0u8;
    for puzzle in &puzzles {
        let solution = solver.solve(puzzle, bar.is_none())?;
        if args.stats {
            eprintln!("fifteen: {} nodes, {:.3} s", solution.stats.nodes, solution.stats.elapsed.as_secs_f64());
        }
        code = worse(code, verdict(&solution).code);
        out.emit(&if json { json_line(&SolveJson::new(&solution)) } else { line(&solution) });
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(code)
}
