//! Every call into the `fifteen` crate: dealing, solving, hints and the pattern databases
//! the optimal 4×4 solver needs (built once per goal in the background, with progress).

use engine::{Budget, Outcome, SeededRng, SizeLimits};
use fifteen::generate::Spec;
use fifteen::pdb::{self, PdbCache, PdbSlot};
use fifteen::solvable::is_reachable;
use fifteen::{Answer, Board, Goal, Heuristic, Hint, Move, Options, Puzzle as Problem};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Board sides the page offers.
const SIZES: SizeLimits = SizeLimits::new(2, 8).square_shorthand();
/// Boards up to this many cells are solved optimally with linear conflicts alone.
const SMALL: usize = 9;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewRequest {
    size: String,
    #[serde(default)]
    goal: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Serialize)]
pub(crate) struct Puzzle {
    width: usize,
    height: usize,
    tiles: Vec<u8>,
    goal: String,
    goal_tiles: Vec<u8>,
    /// The seed that dealt it (`null` for a board opened from its code).
    seed: Option<u64>,
    /// The fewest moves, when known quickly.
    optimum: Option<usize>,
    /// The board's code (`fifteen:1:…`, the board and its goal): what the share link
    /// carries.
    code: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardRequest {
    width: usize,
    height: usize,
    tiles: Vec<u8>,
    #[serde(default)]
    goal: Option<String>,
}

#[derive(Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub(crate) enum SolveReply {
    /// Moves of the blank (`UDLR`) and, for each, the tile it slides.
    Solved { moves: String, tiles: Vec<u8>, optimal: bool },
    /// The goal cannot be reached from this board.
    Unsolvable,
    /// The pattern database this board needs is being built.
    Building { done: u64, total: u64 },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PdbQuery {
    size: String,
    #[serde(default)]
    goal: Option<String>,
}

#[derive(Serialize)]
pub(crate) struct PdbStatus {
    /// `none` (the board needs no database), `missing`, `building`, `ready` or `failed`.
    state: &'static str,
    done: u64,
    total: u64,
}

fn parse_goal(name: Option<&str>) -> Result<(Goal, String), ApiError> {
    let name = name.unwrap_or("blank-last");
    match name {
        "blank-last" | "blank-first" | "snake" | "spiral" => {
            Goal::parse(name, None).map(|g| (g, name.to_string())).map_err(|e| ApiError::bad(e.to_string()))
        }
        other => {
            Err(ApiError::bad(format!("unknown goal {other:?}: expected blank-last, blank-first, snake or spiral")))
        }
    }
}

fn goal_board(goal: &Goal, width: usize, height: usize) -> Result<Board, ApiError> {
    goal.layout(width, height).map_err(|e| ApiError::bad(e.to_string()))
}

/// A validated `new` request: the size, the goal (with its name and layout) and the seed.
pub(crate) struct NewWork {
    size: engine::Size,
    goal: Goal,
    name: String,
    target: Board,
    seed: u64,
}

/// Reads a `new` request (its size and goal) before it may wait for a thread.
pub(crate) fn read_new(req: &NewRequest) -> Result<NewWork, ApiError> {
    let size = crate::error::parse_size(&req.size, &SIZES)?;
    let (goal, name) = parse_goal(req.goal.as_deref())?;
    let target = goal_board(&goal, size.width, size.height)?;
    Ok(NewWork { size, goal, name, target, seed: req.seed.unwrap_or_else(crate::fresh_seed) })
}

pub(crate) fn new(work: NewWork, pdbs: &PdbCache, budget: &Budget) -> Result<Puzzle, ApiError> {
    let NewWork { size, goal, name, target, seed } = work;
    let spec = Spec::default().with_size(size).with_goal(goal.clone());
    let dealt = fifteen::generate_within(&spec, &mut SeededRng::new(seed), budget)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let board = dealt.start().clone();
    answer(Opened { board, goal, name, target }, Some(seed), pdbs, budget)
}

/// A board to show with its goal: dealt by `new` or read from a code.
pub(crate) struct Opened {
    board: Board,
    goal: Goal,
    name: String,
    target: Board,
}

/// The answer for a board: its goal, its code and, when found in the budget, its optimum.
fn answer(opened: Opened, seed: Option<u64>, pdbs: &PdbCache, budget: &Budget) -> Result<Puzzle, ApiError> {
    let Opened { board, goal, name, target } = opened;
    let code = fifteen::code::encode(&board, &goal).map_err(crate::codes::bad_code)?;
    let puzzle = Problem::new(board, target).map_err(|e| ApiError::bad(e.to_string()))?;
    let optimum = match optimal(&puzzle, pdbs, budget)? {
        Some(SolveReply::Solved { moves, optimal: true, .. }) => Some(moves.len()),
        _ => None,
    };
    Ok(Puzzle {
        width: puzzle.start().width(),
        height: puzzle.start().height(),
        tiles: puzzle.start().tiles().to_vec(),
        goal: name,
        goal_tiles: puzzle.goal().tiles().to_vec(),
        seed,
        optimum,
        code,
    })
}

/// Reads a code before it may wait for a thread: `400` for a bad code, a board the page
/// does not play (2x2 to 8x8) or a goal it does not offer (the named ones).
pub(crate) fn read_code(req: &crate::codes::CodeRequest) -> Result<Opened, ApiError> {
    let coded = fifteen::code::decode(crate::codes::code_of(req)?).map_err(crate::codes::bad_code)?;
    let (board, goal) = coded.into_parts();
    let (w, h) = (board.width(), board.height());
    if !(2..=8).contains(&w) || !(2..=8).contains(&h) {
        return Err(ApiError::bad(format!("code: a {w}x{h} board; the playground plays 2x2 to 8x8")));
    }
    let (goal, name) = parse_goal(Some(&goal.label()))
        .map_err(|_| ApiError::bad("code: a board toward an explicit goal; the playground plays the named goals"))?;
    let target = goal_board(&goal, w, h)?;
    Ok(Opened { board, goal, name, target })
}

/// The board of a code, as `new` answers.
pub(crate) fn open(opened: Opened, pdbs: &PdbCache, budget: &Budget) -> Result<Puzzle, ApiError> {
    answer(opened, None, pdbs, budget)
}

/// Reads a request's board and goal before it may wait for a thread.
pub(crate) fn read_board(req: &BoardRequest) -> Result<Problem, ApiError> {
    puzzle_of(req)
}

fn puzzle_of(req: &BoardRequest) -> Result<Problem, ApiError> {
    if !(2..=8).contains(&req.width) || !(2..=8).contains(&req.height) {
        return Err(ApiError::bad(format!("a board is 2x2 to 8x8, not {}x{}", req.width, req.height)));
    }
    let board = Board::new(req.width, req.height, req.tiles.clone()).map_err(|e| ApiError::bad(e.to_string()))?;
    let (goal, _) = parse_goal(req.goal.as_deref())?;
    Problem::with_goal(board, &goal).map_err(|e| ApiError::bad(e.to_string()))
}

/// The reply for `moves` (legal on `board`: the solver's or the hint's) with the tile each slides.
fn solved(board: &Board, moves: &[Move], optimal: bool) -> SolveReply {
    let tiles = board.slid_tiles(moves).expect("the solver's moves are legal on its board");
    SolveReply::Solved { moves: Move::format_all(moves), tiles, optimal }
}

/// The heuristic for an optimal search of `puzzle`: linear conflicts up to [`SMALL`]
/// cells, the pattern database up to 16 cells (`Err` with its progress while it is built);
/// `Ok(None)` when an optimal search is out of reach (bigger boards, a failed build).
fn heuristic(puzzle: &Problem, pdbs: &PdbCache) -> Result<Option<Heuristic>, SolveReply> {
    let (board, goal) = (puzzle.start(), puzzle.goal());
    let cells = board.tiles().len();
    if cells <= SMALL {
        return Ok(Some(Heuristic::LinearConflict));
    }
    if cells > pdb::MAX_PDB_CELLS {
        return Ok(None);
    }
    match pdbs.get_or_start(board.width(), board.height(), goal.blank()) {
        PdbSlot::Ready(db) => Ok(Some(Heuristic::Pdb(db))),
        PdbSlot::Building(p) => Err(SolveReply::Building { done: p.done, total: p.total }),
        PdbSlot::Missing | PdbSlot::Failed(_) => Ok(None),
    }
}

/// An optimal solution when one is in reach: boards of up to [`SMALL`] cells always, up to
/// 16 cells with a pattern database (`Building` while it is built); `None` when out of
/// reach or when the budget ran out.
fn optimal(puzzle: &Problem, pdbs: &PdbCache, budget: &Budget) -> Result<Option<SolveReply>, ApiError> {
    let heuristic = match heuristic(puzzle, pdbs) {
        Ok(Some(h)) => h,
        Ok(None) => return Ok(None),
        Err(building) => return Ok(Some(building)),
    };
    let options = Options::default().with_heuristic(heuristic).with_budget(budget.clone());
    let report = fifteen::solve(puzzle, &options).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(match report.outcome {
        Outcome::Proved(Answer::Moves(moves)) => Some(solved(puzzle.start(), &moves, true)),
        Outcome::Found(Answer::Moves(moves)) => Some(solved(puzzle.start(), &moves, false)),
        Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => Some(SolveReply::Unsolvable),
        Outcome::GaveUp { .. } => None,
    })
}

/// The fast solver's answer (any size, a fraction of a second).
fn fast() -> Options {
    Options::default().with_fast(true)
}

pub(crate) fn solve(puzzle: &Problem, pdbs: &PdbCache, budget: &Budget) -> Result<SolveReply, ApiError> {
    if !is_reachable(puzzle.start(), puzzle.goal()) {
        return Ok(SolveReply::Unsolvable);
    }
    if let Some(reply) = optimal(puzzle, pdbs, budget)? {
        return Ok(reply);
    }
    // Above 16 cells, or when the optimal search ran out of time: the fast solver.
    let report =
        fifteen::solve(puzzle, &fast().with_budget(budget.clone())).map_err(|e| ApiError::bad(e.to_string()))?;
    let proved = report.outcome.is_proved();
    match report.outcome {
        Outcome::Proved(Answer::Moves(moves)) | Outcome::Found(Answer::Moves(moves)) => {
            Ok(solved(puzzle.start(), &moves, proved))
        }
        Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => Ok(SolveReply::Unsolvable),
        Outcome::GaveUp { reason, .. } => Err(ApiError::stopped(reason)),
    }
}

/// The next move: `fifteen::hint` with the pattern database when the board needs one (and
/// `Building` while it is built), the fast solver's move when the optimal search is out of
/// reach or runs out of time.
pub(crate) fn hint(puzzle: &Problem, pdbs: &PdbCache, budget: &Budget) -> Result<SolveReply, ApiError> {
    let options = match heuristic(puzzle, pdbs) {
        Ok(Some(h)) => Options::default().with_heuristic(h),
        Ok(None) => fast(),
        Err(building) if is_reachable(puzzle.start(), puzzle.goal()) => return Ok(building),
        Err(_) => return Ok(SolveReply::Unsolvable),
    };
    let ask = |options: &Options| fifteen::hint(puzzle, &options.clone().with_budget(budget.clone()));
    let mut report = ask(&options).map_err(|e| ApiError::bad(e.to_string()))?;
    if matches!(report.outcome, Outcome::GaveUp { .. }) {
        report = ask(&fast()).map_err(|e| ApiError::bad(e.to_string()))?;
    }
    let optimal = report.outcome.is_proved();
    Ok(match report.outcome {
        Outcome::Proved(Hint::Slide { step, .. }) | Outcome::Found(Hint::Slide { step, .. }) => {
            solved(puzzle.start(), &[step], optimal)
        }
        Outcome::Proved(Hint::Solved) | Outcome::Found(Hint::Solved) => solved(puzzle.start(), &[], true),
        Outcome::Proved(Hint::Unsolvable) | Outcome::Found(Hint::Unsolvable) => SolveReply::Unsolvable,
        Outcome::GaveUp { reason, .. } => return Err(ApiError::stopped(reason)),
    })
}

pub(crate) fn pdb_status(req: &PdbQuery, pdbs: &PdbCache) -> Result<PdbStatus, ApiError> {
    let size = crate::error::parse_size(&req.size, &SIZES)?;
    let (goal, _) = parse_goal(req.goal.as_deref())?;
    let target = goal_board(&goal, size.width, size.height)?;
    let cells = size.width * size.height;
    if cells <= SMALL || cells > pdb::MAX_PDB_CELLS {
        return Ok(PdbStatus { state: "none", done: 0, total: 0 });
    }
    Ok(match pdbs.get(size.width, size.height, target.blank()) {
        PdbSlot::Missing => PdbStatus { state: "missing", done: 0, total: 0 },
        PdbSlot::Building(p) => PdbStatus { state: "building", done: p.done, total: p.total },
        PdbSlot::Ready(_) => PdbStatus { state: "ready", done: 1, total: 1 },
        PdbSlot::Failed(_) => PdbStatus { state: "failed", done: 0, total: 0 },
    })
}
