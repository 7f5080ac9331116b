//! Every call into the `shisen` crate: dealing, removing a pair (with its path and
//! gravity), hints, shuffles and the exact solver's verdict.

use std::time::Duration;

use engine::{Budget, Coord, Outcome, SeededRng, SizeLimits};
use serde::{Deserialize, Serialize};
use shisen::game::Game;
use shisen::generate::{GenerateError, generate_within};
use shisen::solver::{DEFAULT_NODE_LIMIT, Removal};
use shisen::{Answer, Board, Options, Spec};

use crate::error::ApiError;

/// The largest board: KShisen's biggest layout.
const MAX: (usize, usize) = (30, 16);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewRequest {
    size: String,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    gravity: bool,
}

/// A board as its rows of text (tokens separated by one space, `.` for an empty cell).
#[derive(Serialize)]
pub(crate) struct Deal {
    width: usize,
    height: usize,
    rows: Vec<String>,
    gravity: bool,
    /// The seed that dealt it (`null` for a deal opened from its code).
    seed: Option<u64>,
    /// The deal's code (`shisen:1:…`, the board and the gravity flag): what the share link
    /// carries.
    code: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardRequest {
    rows: Vec<String>,
    #[serde(default)]
    gravity: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RemoveRequest {
    rows: Vec<String>,
    #[serde(default)]
    gravity: bool,
    a: [i32; 2],
    b: [i32; 2],
}

#[derive(Serialize)]
pub(crate) struct RemoveReply {
    /// Whether the pair was removed; when not, `reason` says why.
    removed: bool,
    reason: Option<String>,
    /// The path's corners, from `a` to `b` (cells of the empty ring included).
    path: Vec<[i32; 2]>,
    rows: Vec<String>,
    cleared: bool,
    has_moves: bool,
}

#[derive(Serialize)]
pub(crate) struct Hint {
    a: [i32; 2],
    b: [i32; 2],
    path: Vec<[i32; 2]>,
}

#[derive(Serialize)]
pub(crate) struct HintReply {
    /// A removable pair with the shortest path, or `null` when no pair can be removed.
    hint: Option<Hint>,
    /// How many pairs can be removed now.
    pairs: usize,
    /// Whether the hinted pair begins a sequence that clears the board.
    clears: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ShuffleRequest {
    rows: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Serialize)]
pub(crate) struct ShuffleReply {
    rows: Vec<String>,
    has_moves: bool,
}

#[derive(Serialize)]
pub(crate) struct SolveReply {
    /// `solvable`, `unsolvable` or `unknown` (the search ran out of time or nodes).
    verdict: &'static str,
    /// For `solvable`: the removals in play order (empty for a verdict only).
    removals: Vec<[[i32; 2]; 2]>,
}

impl SolveReply {
    pub(crate) fn verdict(self) -> SolveReply {
        SolveReply { removals: Vec::new(), ..self }
    }
}

fn xy(c: Coord) -> [i32; 2] {
    [c.x, c.y]
}

fn board_of(rows: &[String]) -> Result<Board, ApiError> {
    if rows.len() > MAX.1 {
        return Err(ApiError::bad(format!("a board has at most {} rows", MAX.1)));
    }
    let board = Board::parse(&rows.join("\n")).map_err(|e| ApiError::bad(format!("board: {e}")))?;
    if board.width() > MAX.0 {
        return Err(ApiError::bad(format!("a board has at most {} columns", MAX.0)));
    }
    Ok(board)
}

/// A validated `new` request: the deal's spec (gravity included), its size and the seed.
pub(crate) struct NewWork {
    spec: Spec,
    size: engine::Size,
    gravity: bool,
    seed: u64,
}

/// Reads a `new` request (its size) before it may wait for a thread.
pub(crate) fn read_new(req: &NewRequest) -> Result<NewWork, ApiError> {
    let limits = SizeLimits::new(2, MAX.0).with_max_cells(MAX.0 * MAX.1);
    let size = crate::error::parse_size(&req.size, &limits)?;
    if size.height > MAX.1 {
        return Err(ApiError::bad(format!("a board has at most {} rows", MAX.1)));
    }
    let spec = Spec::default().with_size(size);
    spec.check().map_err(|e| ApiError::bad(format!("size: {e}")))?;
    let seed = req.seed.unwrap_or_else(crate::fresh_seed);
    Ok(NewWork { spec: spec.with_gravity(req.gravity), size, gravity: req.gravity, seed })
}

pub(crate) fn new(work: &NewWork, budget: &Budget) -> Result<Deal, ApiError> {
    let (size, seed) = (work.size, work.seed);
    let deal = match generate_within(&work.spec, &mut SeededRng::new(seed), budget) {
        Ok(deal) => deal,
        Err(GenerateError::GaveUp(reason)) => return Err(ApiError::stopped(reason)),
        Err(e) => return Err(ApiError::unprocessable(format!("no solvable {size} deal: {e}"))),
    };
    deal_of(&deal.board, work.gravity, Some(seed))
}

/// The answer for a deal: its rows and code.
fn deal_of(board: &Board, gravity: bool, seed: Option<u64>) -> Result<Deal, ApiError> {
    let code = shisen::code::encode(board, gravity).map_err(crate::codes::bad_code)?;
    Ok(Deal { width: board.width(), height: board.height(), rows: board.rows(), gravity, seed, code })
}

/// The deal of a code, as `new` answers: `400` for a bad code or a board larger than the
/// page plays.
pub(crate) fn open(req: &crate::codes::CodeRequest) -> Result<Deal, ApiError> {
    let coded = shisen::code::decode(crate::codes::code_of(req)?).map_err(crate::codes::bad_code)?;
    let board = board_of(&coded.board().rows())?;
    deal_of(&board, coded.gravity(), None)
}

pub(crate) fn remove(req: &RemoveRequest) -> Result<RemoveReply, ApiError> {
    let mut game = Game::new(board_of(&req.rows)?, req.gravity);
    let (a, b) = (Coord::new(req.a[0], req.a[1]), Coord::new(req.b[0], req.b[1]));
    let (removed, reason, path) = match game.remove(a, b) {
        Ok(path) => (true, None, path.corners().iter().copied().map(xy).collect()),
        Err(e) => (false, Some(e.to_string()), Vec::new()),
    };
    Ok(RemoveReply {
        removed,
        reason,
        path,
        rows: game.board().rows(),
        cleared: game.is_won(),
        has_moves: game.has_moves(),
    })
}

/// The exact solver's options for a call: its gravity, and the call's budget capped at the
/// solver's default node limit.
fn options(gravity: bool, budget: &Budget) -> Options {
    Options::default().with_gravity(gravity).with_budget(budget.clone().with_node_limit(DEFAULT_NODE_LIMIT))
}

/// A board to search, read before it may wait for a thread.
pub(crate) struct BoardWork {
    board: Board,
    gravity: bool,
}

/// Reads a request's board before it may wait for a thread.
pub(crate) fn read_board(req: &BoardRequest) -> Result<BoardWork, ApiError> {
    Ok(BoardWork { board: board_of(&req.rows)?, gravity: req.gravity })
}

/// The hint: the first removal of a sequence that clears the board, when the exact
/// solver finds one within a second; otherwise `shisen::hint`'s pair (the shortest path).
pub(crate) fn hint(work: &BoardWork, budget: &Budget) -> HintReply {
    let BoardWork { board, gravity } = work;
    let pairs = Game::new(board.clone(), *gravity).hints();
    let quick = budget.clone().with_time_limit(Duration::from_secs(1));
    let clearing = match shisen::solve(board, &options(*gravity, &quick)).outcome {
        Outcome::Proved(Answer::Solvable(moves)) | Outcome::Found(Answer::Solvable(moves)) => {
            moves.first().and_then(|&(a, b)| pairs.iter().find(|p| (p.a, p.b) == (a, b) || (p.a, p.b) == (b, a)))
        }
        _ => None,
    };
    let best = clearing.copied().or_else(|| shisen::hint(board));
    HintReply {
        hint: best.map(|p| Hint { a: xy(p.a), b: xy(p.b), path: p.path.corners().iter().copied().map(xy).collect() }),
        pairs: pairs.len(),
        clears: clearing.is_some(),
    }
}

pub(crate) fn shuffle(req: &ShuffleRequest) -> Result<ShuffleReply, ApiError> {
    let mut game = Game::new(board_of(&req.rows)?, false);
    let has_moves = game.shuffle(&mut SeededRng::new(req.seed.unwrap_or_else(crate::fresh_seed)));
    Ok(ShuffleReply { rows: game.board().rows(), has_moves })
}

pub(crate) fn solve(work: &BoardWork, budget: &Budget) -> SolveReply {
    let removals = |moves: Vec<Removal>| moves.into_iter().map(|(a, b)| [xy(a), xy(b)]).collect();
    match shisen::solve(&work.board, &options(work.gravity, budget)).outcome {
        Outcome::Proved(Answer::Solvable(moves)) | Outcome::Found(Answer::Solvable(moves)) => {
            SolveReply { verdict: "solvable", removals: removals(moves) }
        }
        Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => {
            SolveReply { verdict: "unsolvable", removals: Vec::new() }
        }
        Outcome::GaveUp { .. } => SolveReply { verdict: "unknown", removals: Vec::new() },
    }
}
