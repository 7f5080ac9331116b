//! `kami hint`: the next move of an optimal solution from the position reached.

use engine::cli::{Failure, ThreadsArg, TimeoutArg};
use kami::Game;
use kami::hint::Hint;
use serde::Serialize;

use crate::input::{Reader, parse_level};
use crate::search::{ADVICE, MoveJson, options};

/// The most moves `hint --moves-made` takes.
const MAX_MOVES_MADE: usize = 10_000;

/// `kami hint`'s arguments.
#[derive(clap::Args)]
#[command(mut_arg("timeout", |a| a.help("Give up after this many seconds: the first move of the best solution found, exit 3")))]
pub(crate) struct HintArgs {
    /// Moves already played: `r c colour;r c colour;...`.
    #[arg(long, value_name = "MOVES")]
    moves_made: Option<String>,
    #[command(flatten)]
    timeout: TimeoutArg,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Level or saved game file, `-` for standard input.
    #[arg(default_value = "-")]
    level: String,
}

/// `hint --json`.
#[derive(Serialize)]
struct HintJson {
    /// `play`, `solved` or `unknown`.
    hint: &'static str,
    /// The move to play (`play` only).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    next: Option<MoveJson>,
    /// The moves of the solution the move begins, the move included (`play` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    moves_left: Option<u32>,
    /// Whether `moves_left` is proven optimal.
    optimal: bool,
    /// A proven lower bound on the moves the position needs.
    lower_bound: u32,
    /// The moves played so far.
    moves_made: usize,
}

/// `kami hint [--moves-made MOVES] [--timeout S] [--threads T] [LEVEL]`.
pub(crate) fn run(args: &HintArgs, read: &mut Reader<'_>, json: bool) -> Result<(u8, String), Failure> {
    let game = read_game(read, &args.level, args.moves_made.as_deref())?;
    let options = options(&args.timeout, args.threads);
    let (budget, watch) = engine::cli::watch(options.budget.clone(), ADVICE);
    let hint = kami::hint(game.level(), &options.with_budget(budget));
    drop(watch);
    let moves_made = game.moves().len();
    let (code, text, doc) = match hint {
        Hint::Solved => {
            let doc =
                HintJson { hint: "solved", next: None, moves_left: None, optimal: true, lower_bound: 0, moves_made };
            (0, "solved\n".to_string(), doc)
        }
        Hint::Play { next, moves_left, optimal, lower_bound } => {
            let doc = HintJson {
                hint: "play",
                next: Some(MoveJson::from(&next)),
                moves_left: Some(moves_left),
                optimal,
                lower_bound,
                moves_made,
            };
            (if optimal { 0 } else { 3 }, format!("{next}\n"), doc)
        }
        Hint::Unknown { lower_bound } => {
            let doc =
                HintJson { hint: "unknown", next: None, moves_left: None, optimal: false, lower_bound, moves_made };
            (3, format!("unknown lb={lower_bound}\n"), doc)
        }
    };
    Ok((code, if json { engine::cli::json_line(&doc) } else { text }))
}

/// The position for `hint`: a level (or a saved game as JSON) with `--moves-made` played.
fn read_game(read: &mut Reader<'_>, path: &str, moves_made: Option<&str>) -> Result<Game, Failure> {
    let (name, text) = read(path).map_err(|e| Failure(2, e.to_string()))?;
    let mut game = if text.trim_start().starts_with('{') {
        serde_json::from_str::<Game>(&text).map_err(|e| Failure(2, format!("{name}: not a saved game: {e}")))?
    } else {
        Game::new(&parse_level(&name, &text)?)
    };
    if let Some(text) = moves_made {
        let moves = kami::game::parse_moves(text).map_err(|e| Failure(2, format!("--moves-made: {e}")))?;
        if moves.len() > MAX_MOVES_MADE {
            return Err(Failure(2, format!("--moves-made: at most {MAX_MOVES_MADE} moves, not {}", moves.len())));
        }
        for (index, mv) in (1..).zip(moves) {
            game.play(mv).map_err(|e| Failure(2, format!("--moves-made: move {index} ({mv}): {e}")))?;
        }
    }
    Ok(game)
}
