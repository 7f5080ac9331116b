//! `hitori render`: an SVG picture of the puzzle and of the player's marks.

use engine::cli::{Failure, Input};
use serde::Serialize;

use crate::input::read_position;

/// The arguments of `hitori render`.
#[derive(clap::Args)]
pub(crate) struct RenderArgs {
    /// The player's marks (state text file, `-` for standard input).
    #[arg(long, value_name = "FILE")]
    state: Option<String>,
    /// Puzzle file, `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
}

/// `render --json`.
#[derive(Serialize)]
struct RenderJson<'a> {
    svg: &'a str,
}

/// `hitori render [--state FILE] [INPUT]`.
pub(crate) fn run(args: &RenderArgs, json: bool, read: Input<'_>) -> Result<(u8, String), Failure> {
    let (puzzle, state) = read_position(read, &args.input, args.state.as_deref())?;
    let svg = hitori::svg::render_state(&puzzle, &state).map_err(|e| Failure(2, e.to_string()))?;
    Ok((0, if json { engine::cli::json_line(&RenderJson { svg: &svg }) } else { svg }))
}
