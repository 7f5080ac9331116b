//! `hitori hint`: the next deduction from the player's marks, with the rule that makes it;
//! and the JSON form of a deduction, which `steps` shares.

use engine::cli::{Failure, Input};
use hitori::Cell;
use hitori::steps::{Difficulty, Rule, Step};
use serde::Serialize;

use crate::input::read_position;

/// The arguments of `hitori hint`.
#[derive(clap::Args)]
pub(crate) struct HintArgs {
    /// The player's marks (state text file, `-` for standard input).
    #[arg(long, value_name = "FILE")]
    state: Option<String>,
    /// Puzzle file, `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
}

/// `hint --json`.
#[derive(Serialize)]
struct HintJson {
    /// `hint`, `solved`, `broken` or `none`.
    status: &'static str,
    /// The deduction (`status` = `hint`).
    hint: Option<HintStep>,
    /// The rules the marks break, as text.
    violations: Vec<String>,
}

/// A deduction in JSON (`hint --json`, `steps --json`).
#[derive(Serialize)]
pub(crate) struct HintStep {
    x: i32,
    y: i32,
    /// `shaded` or `unshaded`.
    state: Cell,
    /// The rule's identifier, e.g. `sandwich`.
    rule: Rule,
    /// Its name in words.
    rule_name: &'static str,
    /// The difficulty class of the rule.
    difficulty: Difficulty,
    /// The line the text output prints.
    text: String,
}

impl From<&Step> for HintStep {
    fn from(s: &Step) -> HintStep {
        HintStep {
            x: s.cell.x,
            y: s.cell.y,
            state: s.state,
            rule: s.rule,
            rule_name: s.rule.name(),
            difficulty: s.rule.difficulty(),
            text: s.to_string(),
        }
    }
}

/// `hitori hint [--state FILE] [INPUT]`.
pub(crate) fn run(args: &HintArgs, json: bool, read: Input<'_>) -> Result<(u8, String), Failure> {
    let (puzzle, state) = read_position(read, &args.input, args.state.as_deref())?;
    let violations: Vec<String> =
        hitori::rules::check(&puzzle, state.cells()).iter().map(ToString::to_string).collect();
    let step = if violations.is_empty() { hitori::hint(&puzzle, &state) } else { None };
    let solved = violations.is_empty()
        && !state.cells().cells().contains(&Cell::Unknown)
        && hitori::rules::is_solution(&puzzle, &state.cells().map(|&c| c == Cell::Shaded));
    let (code, status, text) = match (&step, violations.first()) {
        (Some(step), _) => (0, "hint", format!("{step}\n")),
        (None, Some(first)) => (1, "broken", format!("broken: {first}\n")),
        (None, None) if solved => (0, "solved", "solved\n".to_string()),
        (None, None) => (1, "none", "none\n".to_string()),
    };
    if !json {
        return Ok((code, text));
    }
    let hint = step.as_ref().map(HintStep::from);
    Ok((code, engine::cli::json_line(&HintJson { status, hint, violations })))
}
