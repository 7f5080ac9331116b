//! `shisen pairs`: every removable pair with its shortest connection; and the line and JSON
//! form of a pair, which `hint` shares.

use engine::Coord;
use engine::cli::{Failure, Input};
use serde::Serialize;
use shisen::{Pair, Path};

use crate::code::read_board;

/// The arguments of `shisen pairs`.
#[derive(clap::Args)]
pub(crate) struct PairsArgs {
    /// Board file, or `-` for standard input.
    #[arg(default_value = "-")]
    board: String,
}

/// A cell as `x,y`.
pub(crate) fn xy(c: Coord) -> String {
    format!("{},{}", c.x, c.y)
}

/// A pair as `shisen pairs` prints it.
pub(crate) fn pair_line(p: &Pair) -> String {
    format!("{} {} {} {}\n", xy(p.a), xy(p.b), p.path.length(), p.path)
}

/// A pair in JSON: its tiles, the length and the corners of its shortest connection.
#[derive(Serialize)]
pub(crate) struct PairJson {
    a: Coord,
    b: Coord,
    length: u32,
    path: Path,
}

impl From<&Pair> for PairJson {
    fn from(p: &Pair) -> PairJson {
        PairJson { a: p.a, b: p.b, length: p.path.length(), path: p.path }
    }
}

/// `shisen pairs [BOARD]`.
pub(crate) fn run(args: &PairsArgs, json: bool, input: Input<'_>) -> Result<(u8, String), Failure> {
    let board = read_board(&args.board, input)?;
    let pairs = shisen::path::removable_pairs(&board);
    if json {
        let pairs: Vec<PairJson> = pairs.iter().map(PairJson::from).collect();
        return Ok((0, engine::cli::json_line(&serde_json::json!({ "pairs": pairs }))));
    }
    Ok((0, pairs.iter().map(pair_line).collect()))
}
