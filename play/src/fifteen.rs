//! Every call into the `fifteen` crate: dealing, solving, hints and the pattern databases
//! the optimal 4×4 solver needs (built once per goal in the background, with progress).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use engine::{SeededRng, Size, SizeLimits};
use fifteen::fast::solve_fast;
use fifteen::pdb::{self, PatternDb};
use fifteen::solvable::is_reachable;
use fifteen::solver::{self, Heuristic, Outcome, SolveOptions};
use fifteen::{Board, Goal, Move};
use serde::{Deserialize, Serialize};

use crate::api::ApiError;
use crate::jobs::Limits;

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
    seed: u64,
    /// The fewest moves, when known quickly.
    optimum: Option<usize>,
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

impl SolveReply {
    /// Only the first move (a hint).
    pub(crate) fn first(self) -> SolveReply {
        match self {
            SolveReply::Solved { moves, tiles, optimal } => SolveReply::Solved {
                moves: moves.chars().take(1).collect(),
                tiles: tiles.into_iter().take(1).collect(),
                optimal,
            },
            other => other,
        }
    }
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
            Goal::parse(name, None).map(|g| (g, name.to_string())).map_err(ApiError::bad)
        }
        other => {
            Err(ApiError::bad(format!("unknown goal {other:?}: expected blank-last, blank-first, snake or spiral")))
        }
    }
}

fn parse_size(text: &str) -> Result<Size, ApiError> {
    Size::parse(text, &SIZES).map_err(|e| ApiError::bad(format!("size: {e}")))
}

fn goal_board(goal: &Goal, width: usize, height: usize) -> Result<Board, ApiError> {
    goal.layout(width, height).map_err(ApiError::bad)
}

pub(crate) fn new(req: &NewRequest, pdbs: &Pdbs, limits: &Limits) -> Result<Puzzle, ApiError> {
    let size = parse_size(&req.size)?;
    let (goal, name) = parse_goal(req.goal.as_deref())?;
    let target = goal_board(&goal, size.width, size.height)?;
    let seed = req.seed.unwrap_or_else(crate::fresh_seed);
    let board = fifteen::generate::uniform(&target, &mut SeededRng::new(seed));
    let optimum = match optimal(&board, &target, pdbs, limits)? {
        Some(SolveReply::Solved { moves, optimal: true, .. }) => Some(moves.len()),
        _ => None,
    };
    Ok(Puzzle {
        width: size.width,
        height: size.height,
        tiles: board.tiles().to_vec(),
        goal: name,
        goal_tiles: target.tiles().to_vec(),
        seed,
        optimum,
    })
}

fn board_of(req: &BoardRequest) -> Result<(Board, Board), ApiError> {
    if !(2..=8).contains(&req.width) || !(2..=8).contains(&req.height) {
        return Err(ApiError::bad(format!("a board is 2x2 to 8x8, not {}x{}", req.width, req.height)));
    }
    let board = Board::new(req.width, req.height, req.tiles.clone()).map_err(ApiError::bad)?;
    let (goal, _) = parse_goal(req.goal.as_deref())?;
    Ok((board, goal_board(&goal, req.width, req.height)?))
}

/// The tile each move of the blank slides.
fn tiles_of(board: &Board, moves: &[Move]) -> Vec<u8> {
    let mut b = board.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        let c = b.coord(b.blank()) + m.step();
        out.push(b.tiles()[c.y as usize * b.width() + c.x as usize]);
        b.apply(m);
    }
    out
}

fn solved(board: &Board, moves: &[Move], optimal: bool) -> SolveReply {
    SolveReply::Solved { moves: Move::format_all(moves), tiles: tiles_of(board, moves), optimal }
}

/// An optimal solution when one is in reach: boards of up to [`SMALL`] cells always, up to
/// 16 cells with a pattern database (`Building` while it is built); `None` when out of
/// reach or out of time.
fn optimal(board: &Board, goal: &Board, pdbs: &Pdbs, limits: &Limits) -> Result<Option<SolveReply>, ApiError> {
    let cells = board.tiles().len();
    let heuristic = if cells <= SMALL {
        Heuristic::LinearConflict
    } else if cells <= pdb::MAX_PDB_CELLS {
        match pdbs.get(board.width(), board.height(), goal.blank(), true) {
            Slot::Ready(db) => Heuristic::Pdb(db),
            Slot::Building { done, total } => return Ok(Some(SolveReply::Building { done, total })),
            Slot::Missing | Slot::Failed => return Ok(None),
        }
    } else {
        return Ok(None);
    };
    let options = SolveOptions { heuristic, timeout: Some(limits.remaining()), ..SolveOptions::default() };
    let answer = solver::solve(board, goal, &options).map_err(ApiError::bad)?;
    Ok(match answer.outcome {
        Outcome::Solved(moves) => Some(solved(board, &moves, true)),
        Outcome::Unsolvable => Some(SolveReply::Unsolvable),
        Outcome::Unknown => None,
    })
}

pub(crate) fn solve(req: &BoardRequest, pdbs: &Pdbs, limits: &Limits) -> Result<SolveReply, ApiError> {
    let (board, goal) = board_of(req)?;
    if !is_reachable(&board, &goal) {
        return Ok(SolveReply::Unsolvable);
    }
    if let Some(reply) = optimal(&board, &goal, pdbs, limits)? {
        return Ok(reply);
    }
    // Above 16 cells, or when the optimal search ran out of time: the fast solver.
    match solve_fast(&board, &goal).map_err(ApiError::bad)? {
        Some(moves) => Ok(solved(&board, &moves, false)),
        None => Ok(SolveReply::Unsolvable),
    }
}

pub(crate) fn pdb_status(req: &PdbQuery, pdbs: &Pdbs) -> Result<PdbStatus, ApiError> {
    let size = parse_size(&req.size)?;
    let (goal, _) = parse_goal(req.goal.as_deref())?;
    let target = goal_board(&goal, size.width, size.height)?;
    let cells = size.width * size.height;
    if cells <= SMALL || cells > pdb::MAX_PDB_CELLS {
        return Ok(PdbStatus { state: "none", done: 0, total: 0 });
    }
    Ok(match pdbs.get(size.width, size.height, target.blank(), false) {
        Slot::Missing => PdbStatus { state: "missing", done: 0, total: 0 },
        Slot::Building { done, total } => PdbStatus { state: "building", done, total },
        Slot::Ready(_) => PdbStatus { state: "ready", done: 1, total: 1 },
        Slot::Failed => PdbStatus { state: "failed", done: 0, total: 0 },
    })
}

/// A pattern database's place: being built (with its progress), ready, or failed.
enum Entry {
    Building(Arc<(AtomicU64, AtomicU64)>),
    Ready(Arc<PatternDb>),
    Failed,
}

/// The databases by width, height and goal blank cell.
type Entries = HashMap<(usize, usize, usize), Entry>;

/// What [`Pdbs::get`] found.
enum Slot {
    Missing,
    Building { done: u64, total: u64 },
    Ready(Arc<PatternDb>),
    Failed,
}

/// The default pattern databases by board size and goal blank cell, loaded from the
/// `fifteen` CLI's cache directory or built (and cached) on a background thread, one at
/// a time.
#[derive(Default)]
pub(crate) struct Pdbs {
    entries: Arc<Mutex<Entries>>,
    building: Arc<Mutex<()>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Pdbs {
    /// The database for a board and goal blank cell; when `start` and it is missing, its
    /// build begins.
    fn get(&self, width: usize, height: usize, blank: usize, start: bool) -> Slot {
        let mut entries = lock(&self.entries);
        let key = (width, height, blank);
        match entries.get(&key) {
            Some(Entry::Ready(db)) => return Slot::Ready(Arc::clone(db)),
            Some(Entry::Failed) => return Slot::Failed,
            Some(Entry::Building(p)) => {
                return Slot::Building { done: p.0.load(Ordering::Relaxed), total: p.1.load(Ordering::Relaxed) };
            }
            None if !start => return Slot::Missing,
            None => {}
        }
        let progress = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
        entries.insert(key, Entry::Building(Arc::clone(&progress)));
        drop(entries);
        let (building, entries) = (Arc::clone(&self.building), Arc::clone(&self.entries));
        std::thread::spawn(move || {
            let _one_at_a_time = lock(&building);
            let build = || {
                let patterns = pdb::default_partition(width, height, blank);
                let mut report = |d: u64, t: u64| {
                    progress.0.store(d, Ordering::Relaxed);
                    progress.1.store(t, Ordering::Relaxed);
                };
                match pdb::default_cache_dir() {
                    Some(dir) => {
                        PatternDb::load_or_build(&dir, width, height, blank, &patterns, &mut report).map(|(db, _)| db)
                    }
                    None => PatternDb::build(width, height, blank, &patterns, &mut report),
                }
            };
            let entry = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(build)) {
                Ok(Ok(db)) => Entry::Ready(Arc::new(db)),
                _ => Entry::Failed,
            };
            lock(&entries).insert(key, entry);
        });
        Slot::Building { done: 0, total: 0 }
    }
}
