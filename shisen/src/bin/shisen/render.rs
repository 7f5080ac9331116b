//! `shisen render`: an SVG picture of the board, optionally with a connection drawn.

use engine::Coord;
use engine::cli::{Failure, Input};

use crate::code::read_board;

/// The arguments of `shisen render`.
#[derive(clap::Args)]
pub(crate) struct RenderArgs {
    /// Draw the shortest connection between the tiles at (X1,Y1) and (X2,Y2); they must be
    /// removable now.
    #[arg(long, value_name = "X1,Y1,X2,Y2", conflicts_with = "hint", value_parser = parse_pair)]
    path: Option<(Coord, Coord)>,
    /// Draw the connection of the hint (see `shisen hint`), if there is one.
    #[arg(long)]
    hint: bool,
    /// Board file, or `-` for standard input.
    #[arg(default_value = "-")]
    board: String,
}

/// Reads `X1,Y1,X2,Y2` (a clap value parser).
fn parse_pair(text: &str) -> Result<(Coord, Coord), String> {
    let numbers: Vec<i32> = text
        .split(',')
        .map(|t| t.trim().parse::<i32>())
        .collect::<Result<_, _>>()
        .map_err(|_| "expected X1,Y1,X2,Y2 with whole numbers".to_string())?;
    match numbers[..] {
        [x1, y1, x2, y2] => Ok((Coord::new(x1, y1), Coord::new(x2, y2))),
        _ => Err("expected X1,Y1,X2,Y2 with whole numbers".to_string()),
    }
}

/// `shisen render [--path X1,Y1,X2,Y2 | --hint] [BOARD]`: a `--path` whose tiles are not
/// removable now exits 2 with the reason.
pub(crate) fn run(args: &RenderArgs, json: bool, input: Input<'_>) -> Result<(u8, String), Failure> {
    let board = read_board(&args.board, input)?;
    let path = match (args.path, args.hint) {
        (Some((a, b)), _) => Some(
            shisen::game::check_move(&board, a, b)
                .map_err(|e| Failure(2, format!("--path {},{},{},{}: {e}", a.x, a.y, b.x, b.y)))?,
        ),
        (None, true) => shisen::hint(&board).map(|p| p.path),
        (None, false) => None,
    };
    let svg = shisen::svg::render(&board, path.as_ref());
    if json {
        return Ok((0, engine::cli::json_line(&serde_json::json!({ "svg": svg }))));
    }
    Ok((0, svg))
}
