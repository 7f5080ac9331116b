//! `hitori solve`: `unique`, `multiple` or `none`, then the solutions.

use engine::cli::{Failure, Input, TimeoutArg};
use engine::{Outcome, StopReason};
use hitori::solver::{Answer, Options, solve};
use serde::Serialize;

use crate::input::read_puzzle;

/// The arguments of `hitori solve`.
#[derive(clap::Args)]
#[command(mut_arg("timeout", |a| a.help("Give up after this many seconds: prints `unknown`, exit 3")))]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub(crate) timeout: TimeoutArg,
    /// Puzzle file, `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
}

/// `solve --json`.
#[derive(Serialize)]
struct SolveJson {
    /// `unique`, `multiple`, `none` or `unknown`.
    answer: &'static str,
    /// Each solution in the solution text format, one string per row.
    solutions: Vec<Vec<String>>,
    /// Why the search gave up (`unknown` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<StopReason>,
    /// Branchings made.
    nodes: u64,
    /// Time spent, in seconds.
    seconds: f64,
}

/// `hitori solve [--timeout S] [INPUT]`: the `--timeout` limits the search.
pub(crate) fn run(args: &SolveArgs, json: bool, read: Input<'_>) -> Result<(u8, String), Failure> {
    let puzzle = read_puzzle(read, &args.input)?;
    let (budget, watch) = engine::cli::watch(args.timeout.budget(), "no answer yet: --timeout S stops the search");
    let report = solve(&puzzle, &Options::default().with_budget(budget));
    drop(watch);
    let rows = |s: &engine::Grid<bool>| puzzle.format_solution(s).lines().map(str::to_string).collect::<Vec<_>>();
    let (code, answer, solutions, reason) = match &report.outcome {
        Outcome::Proved(a) | Outcome::Found(a) => {
            (u8::from(*a == Answer::None), a.class(), a.solutions().into_iter().map(rows).collect(), None)
        }
        Outcome::GaveUp { reason, proven } => (3, "unknown", proven.iter().map(rows).collect(), Some(*reason)),
    };
    if json {
        let doc = SolveJson {
            answer,
            solutions,
            reason,
            nodes: report.stats.nodes,
            seconds: report.stats.elapsed.as_secs_f64(),
        };
        return Ok((code, engine::cli::json_line(&doc)));
    }
    if reason.is_some() {
        return Ok((code, "unknown\n".to_string()));
    }
    let shown: Vec<String> = solutions.iter().map(|rows| rows.join("\n") + "\n").collect();
    Ok((code, format!("{answer}\n{}", shown.join("\n"))))
}
