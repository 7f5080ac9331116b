//! `hitori steps`: every deduction from an empty board, easiest rule first, then the grade.

use engine::Outcome;
use engine::cli::{Failure, Input, TimeoutArg};
use hitori::steps::Difficulty;
use serde::Serialize;

use crate::hint::HintStep;
use crate::input::read_puzzle;

/// The arguments of `hitori steps`.
#[derive(clap::Args)]
#[command(mut_arg("timeout", |a| a.help("Give up after this many seconds: prints `unknown`, exit 3")))]
pub(crate) struct StepsArgs {
    #[command(flatten)]
    pub(crate) timeout: TimeoutArg,
    /// Puzzle file, `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
}

/// `steps --json`.
#[derive(Serialize)]
struct StepsJson {
    /// The deductions, in order (the ones made before the budget ran out, for `unknown`).
    steps: Vec<HintStep>,
    /// The grade (`easy`, `medium`, `hard`, `search`), or `unknown` when the timeout hit.
    grade: String,
}

/// `hitori steps [--timeout S] [INPUT]`.
pub(crate) fn run(args: &StepsArgs, json: bool, read: Input<'_>) -> Result<(u8, String), Failure> {
    let puzzle = read_puzzle(read, &args.input)?;
    let (budget, watch) = engine::cli::watch(args.timeout.budget(), "still deducing: --timeout S stops it");
    let report = hitori::steps::walkthrough_within(&puzzle, &budget);
    drop(watch);
    let (code, steps, grade) = match report.outcome {
        Outcome::Proved(w) | Outcome::Found(w) => {
            (u8::from(w.difficulty == Difficulty::NeedsSearch), w.steps, w.difficulty.to_string())
        }
        Outcome::GaveUp { proven, .. } => (3, proven, "unknown".to_string()),
    };
    if json {
        let doc = StepsJson { steps: steps.iter().map(HintStep::from).collect(), grade };
        return Ok((code, engine::cli::json_line(&doc)));
    }
    if code == 3 {
        return Ok((code, "unknown\n".to_string()));
    }
    let mut lines: Vec<String> = steps.iter().map(ToString::to_string).collect();
    lines.push(format!("grade: {grade}"));
    Ok((code, lines.join("\n") + "\n"))
}
