//! `kami render`: an SVG picture of a level, with `--solution` the taps of an optimal
//! solution numbered on it.

use engine::cli::{Failure, ThreadsArg, TimeoutArg};
use serde::Serialize;

use crate::input::{Reader, read_level};
use crate::search::{options, solve_level};

/// `kami render`'s arguments.
#[derive(clap::Args)]
#[command(mut_arg("timeout", |a| a.help("With --solution: give up after this many seconds (the best solution found, exit 3)")))]
pub(crate) struct RenderArgs {
    /// Number the taps of an optimal solution on the picture.
    #[arg(long)]
    solution: bool,
    #[command(flatten)]
    timeout: TimeoutArg,
    /// Level file, `-` for standard input.
    #[arg(default_value = "-")]
    level: String,
}

/// `render --json`.
#[derive(Serialize)]
struct RenderJson<'a> {
    /// The SVG document.
    svg: &'a str,
}

/// `kami render [--solution [--timeout S]] [LEVEL]`.
pub(crate) fn run(args: &RenderArgs, read: &mut Reader<'_>, json: bool) -> Result<(u8, String), Failure> {
    let (_, level) = read_level(read, &args.level)?;
    let (code, svg) = if args.solution {
        let (optimal, moves, ..) = solve_level(&level, &options(&args.timeout, ThreadsArg::default()))?;
        let svg_options = kami::svg::SvgOptions { moves: moves.unwrap_or_default(), ..Default::default() };
        (if optimal { 0 } else { 3 }, kami::svg::render_with(&level, &svg_options))
    } else {
        (0, kami::svg::render(&level))
    };
    Ok((code, if json { engine::cli::json_line(&RenderJson { svg: &svg }) } else { svg }))
}
