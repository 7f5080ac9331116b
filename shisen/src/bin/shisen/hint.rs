//! `shisen hint`: the removable pair with the shortest connection, or `none`.

use engine::cli::{Failure, Input};

use crate::code::read_board;
use crate::pairs::{PairJson, pair_line};

/// The arguments of `shisen hint`.
#[derive(clap::Args)]
pub(crate) struct HintArgs {
    /// Board file, or `-` for standard input.
    #[arg(default_value = "-")]
    board: String,
}

/// `shisen hint [BOARD]`: exit 1 when no pair is removable.
pub(crate) fn run(args: &HintArgs, json: bool, input: Input<'_>) -> Result<(u8, String), Failure> {
    let board = read_board(&args.board, input)?;
    let hint = shisen::hint(&board);
    let code = u8::from(hint.is_none());
    if json {
        let hint = hint.as_ref().map(PairJson::from);
        return Ok((code, engine::cli::json_line(&serde_json::json!({ "hint": hint }))));
    }
    Ok((code, hint.as_ref().map_or_else(|| "none\n".to_string(), pair_line)))
}
