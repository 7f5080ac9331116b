//! `fifteen check`: whether each puzzle is solvable.

use engine::cli::{Failure, Input, json_line};
use serde::Serialize;

use super::args::{InputArgs, read_puzzles};
use super::output::Output;
use fifteen::solvable::is_reachable;

/// `fifteen check`.
#[derive(clap::Args, Debug)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,
}

/// `fifteen check --json`.
#[derive(Serialize)]
struct CheckJson {
    solvable: bool,
}

/// Runs `fifteen check`.
pub(super) fn run(args: &CheckArgs, json: bool, out: &mut Output, source: Input<'_>) -> Result<u8, Failure> {
    let puzzles = read_puzzles(&args.input, source)?;
    let mut text = String::new();
    let mut code = 0;
    for p in &puzzles {
        let solvable = is_reachable(p.start(), p.goal());
        if !solvable {
            code = 1;
        }
        if json {
            text.push_str(&json_line(&CheckJson { solvable }));
        } else {
            text.push_str(if solvable { "solvable\n" } else { "unsolvable\n" });
        }
    }
    out.emit(&text);
    Ok(code)
}
