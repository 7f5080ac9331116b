//! The exact solver: can every tile be removed? [`solve`] answers with an [`engine::Report`]:
//! [`Outcome::Proved`] with a witness (the removals in play order) or a proof of impossibility
//! (the search space exhausted), or [`Outcome::GaveUp`] when the [`engine::Budget`] ran out,
//! with the deepest line of play found ([`Partial`]). Progress: the best is the fewest tiles
//! left by a line found so far; with gravity the bound is the node limit of the current restart.
//!
//! Without gravity removing tiles only empties cells, so a pair that connects keeps
//! connecting, and any solution stays a solution once some other kind's tiles are gone. So
//! the order of removals hardly matters; what matters is how the tiles of each kind (matching
//! group) pair up. The search commits pairs ("tile t goes with tile u") and, without
//! branching, removes every committed pair that connects, clears every kind whose last two or
//! four tiles can all go now, and pairs a kind's last two uncommitted tiles. It branches on
//! the partner of a tile that has a connecting partner, and remembers every failed position
//! (removed tiles plus commitments). Each position is also checked for doom: the tiles that
//! could ever go are found as a fixpoint (a tile could go once it connects to an allowed
//! partner on the board without the tiles found so far); a tile left over proves the position
//! lost, which settles deadlocks like AB/BA at once. A few seeded greedy games are tried
//! first: they clear most solvable deals at once. When a deal still needs more than a
//! thousand nodes, the search goes on probing pairings: each class with four uncommitted
//! tiles has its three pairings checked for doom; no pairing left proves the position lost,
//! one left is committed without branching, and a class left with two is branched on first.
//! This finds the conflicts that a wrong early pairing causes many classes away (a random
//! 18x8 deal that needed 85,000 nodes now needs 170 after the first thousand).
//! Connection tests use one bit mask per row and per column of the board.
//!
//! With gravity none of that holds, but a position is still determined by the set of removed
//! tiles (each column keeps its remaining tiles, in order, at the bottom), so the same
//! transposition table of failed positions serves: keys are hashed with Zobrist keys per tile
//! and compared exactly. Moves are ordered: pairs within one column first (only that column
//! moves), then kinds being finished, then upper tiles first. The search restarts after
//! 2,000 nodes, then 4,000, 8,000, ..., each time with the order of the upper tiles shuffled
//! a little more; failed positions stay remembered, so the search stays exact while one
//! early wrong move no longer costs the whole budget (random 18x8 deals left undecided after
//! 200,000 nodes: 11 in 200 without restarts, 2 with).

use std::hash::{Hash, Hasher};

use engine::{Budget, Coord, Meter, Outcome, Report, SeededRng};
use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};

use crate::Board;
use crate::board::Masks;
use crate::path;

/// A removal: the two tiles' positions as the board stands at that moment.
pub type Removal = (Coord, Coord);

/// The solver's answer, always proven (inside [`Outcome::Proved`]).
///
/// ```
/// use shisen::solver::{solve, Answer, Options};
/// let board: shisen::Board = "A B\nB A".parse().unwrap();
/// assert_eq!(solve(&board, &Options::default()).outcome, engine::Outcome::Proved(Answer::Unsolvable));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Every tile can be removed; the removals in play order.
    Solvable(Vec<Removal>),
    /// No sequence of removals clears the board.
    Unsolvable,
}

impl Answer {
    /// The first line of `shisen solve`: `solvable` or `unsolvable`.
    ///
    /// ```
    /// assert_eq!(shisen::solver::Answer::Unsolvable.word(), "unsolvable");
    /// ```
    #[must_use]
    pub fn word(&self) -> &'static str {
        match self {
            Answer::Solvable(_) => "solvable",
            Answer::Unsolvable => "unsolvable",
        }
    }
}

/// What a search that gave up still found: the line of play that removed the most tiles.
///
/// ```
/// use engine::{Budget, Outcome};
/// use shisen::solver::{solve, Options};
/// let board: shisen::Board = "A B C\nC B A\nD D .".parse().unwrap();
/// let report = solve(&board, &Options::default().with_budget(Budget::default().with_node_limit(0)));
/// let Outcome::GaveUp { proven, .. } = report.outcome else { panic!() };
/// assert_eq!(proven.tiles_left, 8);
/// assert!(proven.removals.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Partial {
    /// The tiles that line leaves on the board.
    pub tiles_left: usize,
    /// Its removals, in play order (a prefix of a game, not necessarily of a winning one).
    pub removals: Vec<Removal>,
}

/// What [`solve`] returns: the answer, or what was found when the budget ran out, and the
/// nodes and time spent.
pub type Solution = Report<Answer, Partial>;

/// The node limit of [`Options::default`]: enough to decide nearly every 18x8 deal (see the
/// crate README), small enough to answer within seconds.
pub const DEFAULT_NODE_LIMIT: u64 = 2_000_000;

/// Solver settings: the gravity rule and the search budget.
///
/// ```
/// use shisen::solver::{Options, DEFAULT_NODE_LIMIT};
/// let options = Options::default().with_gravity(true);
/// assert!(options.gravity);
/// assert_eq!(options.budget.node_limit(), Some(DEFAULT_NODE_LIMIT));
/// let quick = options.with_budget(engine::Budget::default().with_time_limit(std::time::Duration::from_millis(10)));
/// assert_eq!(quick.budget.node_limit(), None);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Options {
    /// Whether tiles fall after each removal.
    pub gravity: bool,
    /// Nodes, time, cancel token and progress callback of the search. Default: at most
    /// [`DEFAULT_NODE_LIMIT`] nodes.
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { gravity: false, budget: Budget::default().with_node_limit(DEFAULT_NODE_LIMIT) }
    }
}

impl Options {
    /// The same options, with gravity or not.
    ///
    /// ```
    /// assert!(shisen::solver::Options::default().with_gravity(true).gravity);
    /// ```
    #[must_use]
    pub fn with_gravity(mut self, gravity: bool) -> Options {
        self.gravity = gravity;
        self
    }

    /// The same options, with `budget` for the search.
    ///
    /// ```
    /// let options = shisen::solver::Options::default().with_budget(engine::Budget::unlimited());
    /// assert_eq!(options.budget.node_limit(), None);
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Options {
        self.budget = budget;
        self
    }
}

/// Decides whether `board` can be cleared (see the module docs), within `options.budget`.
///
/// ```
/// use engine::Outcome;
/// use shisen::solver::{solve, Answer, Options};
/// let board: shisen::Board = "A B\nA B".parse().unwrap();
/// let report = solve(&board, &Options::default());
/// let Outcome::Proved(Answer::Solvable(moves)) = report.outcome else { panic!() };
/// assert_eq!(moves.len(), 2);
/// assert!(report.stats.nodes >= 1);
/// ```
#[must_use]
pub fn solve(board: &Board, options: &Options) -> Solution {
    let mut meter = options.budget.start();
    if meter.check() {
        // A budget spent before the search starts (a zero time limit, a cancelled token).
        let proven = Partial { tiles_left: board.tile_count(), removals: Vec::new() };
        return Report { outcome: meter.gave_up(proven), stats: meter.stats() };
    }
    let (outcome, moves, best, meter) = if options.gravity {
        let mut search = Search::new(board, true, meter);
        let outcome = search.run_with_restarts();
        (outcome, search.moves, search.best, search.meter)
    } else {
        let mut search = Plain::new(board, meter);
        let mut rng = SeededRng::new(0x5eed);
        let probed = (0..PROBES).any(|i| search.probe(&mut rng, i.min(2)));
        let outcome = if probed { Step::Solved } else { search.run_in_two_phases() };
        let cells = |moves: &[(usize, usize)]| -> Vec<Removal> {
            moves.iter().map(|&(a, b)| (search.coord(a), search.coord(b))).collect()
        };
        let best = Partial { tiles_left: search.best.tiles_left, removals: cells(&search.best_moves) };
        (outcome, cells(&search.moves), best, search.meter)
    };
    let outcome = match outcome {
        Step::Solved => Outcome::Proved(Answer::Solvable(moves)),
        Step::Failed => Outcome::Proved(Answer::Unsolvable),
        Step::OutOfBudget => meter.gave_up(best),
    };
    Report { outcome, stats: meter.stats() }
}

/// How a search (or a branch of it) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Solved,
    Failed,
    OutOfBudget,
}

/// A failed position: its set of removed tiles, hashed by Zobrist keys.
#[derive(Clone, PartialEq, Eq)]
struct Key {
    zobrist: u64,
    removed: Box<[u64]>,
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist);
    }
}

struct Search {
    w: usize,
    h: usize,
    gravity: bool,
    /// The budget's account: nodes, clock, cancel token, progress.
    meter: Meter,
    /// The deepest line found so far.
    best: Partial,
    /// Cell → tile id + 1, or 0 when empty.
    grid: Vec<u32>,
    /// The occupied cells as bit masks, when the board is small enough.
    masks: Option<Masks>,
    /// Tile id → cell.
    pos: Vec<usize>,
    /// Matching class → its tile ids.
    members: Vec<Vec<u32>>,
    removed: Vec<u64>,
    zobrist: u64,
    keys: Vec<u64>,
    failed: FxHashSet<Key>,
    moves: Vec<Removal>,
    /// Grid snapshots for undoing gravity moves.
    saved: Vec<u32>,
    tiles_left: usize,
    /// Tie-breaks in the move order, redrawn at every restart.
    rng: SeededRng,
    /// The spread of the random part of the move order (0: none).
    noise: u64,
    /// The node limit of the first search ([`Search::run_with_restarts`]).
    first_limit: u64,
    /// Whether no tile of the dealt board floats above an empty cell, or there is no gravity.
    settled: bool,
}

/// The tiles of a board numbered `0..n` in row-major order, shared by both searches.
struct TileIndex {
    /// Per cell: 0 when empty, else the tile's number + 1.
    grid: Vec<u32>,
    /// Per tile: its cell index.
    pos: Vec<usize>,
    /// Per matching class: its tiles.
    members: Vec<Vec<u32>>,
}

impl TileIndex {
    fn new(board: &Board) -> TileIndex {
        let mut grid = vec![0; board.width() * board.height()];
        let mut pos = Vec::new();
        let mut members = vec![Vec::new(); board.kind_count().max(1)];
        for (i, cell) in board.cells().cells().iter().enumerate() {
            if let Some(kind) = cell {
                members[usize::from(board.class(*kind))].push(pos.len() as u32);
                pos.push(i);
                grid[i] = pos.len() as u32;
            }
        }
        TileIndex { grid, pos, members }
    }
}

impl Search {
    fn new(board: &Board, gravity: bool, meter: Meter) -> Search {
        let (w, h) = (board.width(), board.height());
        let TileIndex { grid, pos, members } = TileIndex::new(board);
        let n = pos.len();
        let mut rng = SeededRng::new(0x5eed_5150);
        let masks = board.masks().cloned();
        let settled = !gravity || (w..w * h).all(|i| grid[i] != 0 || grid[i - w] == 0);
        Search {
            w,
            h,
            gravity,
            meter,
            best: Partial { tiles_left: n, removals: Vec::new() },
            grid,
            masks,
            pos,
            members,
            removed: vec![0; n.div_ceil(64)],
            zobrist: 0,
            keys: (0..n).map(|_| rng.next_u64()).collect(),
            failed: FxHashSet::default(),
            moves: Vec::new(),
            saved: Vec::new(),
            tiles_left: n,
            rng: SeededRng::new(0x6a7e),
            noise: 0,
            first_limit: RESTART_NODES,
            settled,
        }
    }

    /// Depth-first searches with a doubling node limit, each with the move order shuffled a
    /// little more, the last one with the whole budget. Failed positions stay failed from one
    /// search to the next, so the search stays exact; the restarts only keep one early wrong
    /// move from costing the whole budget.
    fn run_with_restarts(&mut self) -> Step {
        let overall = self.meter.node_limit();
        let mut limit = self.first_limit;
        loop {
            let cap = self.meter.nodes().saturating_add(limit);
            self.meter.set_node_limit(Some(overall.map_or(cap, |n| n.min(cap))));
            self.meter.set_bound(limit);
            let outcome = self.run();
            self.meter.set_node_limit(overall);
            self.meter.resume();
            if outcome != Step::OutOfBudget || self.meter.check() {
                return outcome;
            }
            limit = limit.saturating_mul(2);
            self.noise = (self.noise * 2).clamp(NOISE, NOISE_MAX);
        }
    }

    fn coord(&self, i: usize) -> Coord {
        Coord::new((i % self.w) as i32, (i / self.w) as i32)
    }

    fn connects(&self, a: usize, b: usize) -> bool {
        connected(self.w, self.h, &self.grid, self.masks.as_ref(), self.coord(a), self.coord(b))
    }

    /// The columns that a removal at cells `a` and `b` changes: theirs, or every column when
    /// tiles of the dealt board float above empty cells (they fall at the first removal).
    fn changed_columns(&self, a: usize, b: usize) -> Vec<usize> {
        if self.settled { vec![a % self.w, b % self.w] } else { (0..self.w).collect() }
    }

    /// Brings the masks and tile positions of the columns of cells `a` and `b` up to date
    /// with the grid.
    fn refresh_columns(&mut self, a: usize, b: usize) {
        let (w, h) = (self.w, self.h);
        for x in self.changed_columns(a, b) {
            for y in 0..h {
                let t = self.grid[y * w + x];
                if t != 0 {
                    self.pos[t as usize - 1] = y * w + x;
                }
                if let Some(masks) = &mut self.masks {
                    masks.set(Coord::new(x as i32, y as i32), t != 0);
                }
            }
        }
    }

    /// Removes the tiles at cells `a` and `b` (then lets tiles fall under gravity).
    fn apply(&mut self, a: usize, b: usize) {
        self.moves.push((self.coord(a), self.coord(b)));
        for cell in [a, b] {
            let t = self.grid[cell] as usize - 1;
            self.removed[t / 64] |= 1 << (t % 64);
            self.zobrist ^= self.keys[t];
        }
        self.tiles_left -= 2;
        if self.gravity {
            self.saved.extend_from_slice(&self.grid);
            self.grid[a] = 0;
            self.grid[b] = 0;
            let w = self.w;
            for x in self.changed_columns(a, b) {
                let mut bottom = self.h;
                for y in (0..self.h).rev() {
                    let t = self.grid[y * w + x];
                    if t != 0 {
                        bottom -= 1;
                        self.grid[y * w + x] = 0;
                        self.grid[bottom * w + x] = t;
                    }
                }
            }
        } else {
            self.saved.push(self.grid[a]);
            self.saved.push(self.grid[b]);
            self.grid[a] = 0;
            self.grid[b] = 0;
        }
        self.refresh_columns(a, b);
    }

    fn undo(&mut self) {
        let (ca, cb) = self.moves.pop().expect("a move to undo");
        let (a, b) = (ca.y as usize * self.w + ca.x as usize, cb.y as usize * self.w + cb.x as usize);
        if self.gravity {
            let start = self.saved.len() - self.grid.len();
            self.grid.copy_from_slice(&self.saved[start..]);
            self.saved.truncate(start);
        } else {
            self.grid[b] = self.saved.pop().expect("saved cell");
            self.grid[a] = self.saved.pop().expect("saved cell");
        }
        self.refresh_columns(a, b);
        for cell in [a, b] {
            let t = self.grid[cell] as usize - 1;
            self.removed[t / 64] &= !(1 << (t % 64));
            self.zobrist ^= self.keys[t];
        }
        self.tiles_left += 2;
    }

    fn is_removed(&self, t: u32) -> bool {
        self.removed[t as usize / 64] & (1 << (t % 64)) != 0
    }

    fn key(&self) -> Key {
        Key { zobrist: self.zobrist, removed: self.removed.clone().into_boxed_slice() }
    }

    fn run(&mut self) -> Step {
        if out_of_budget(&mut self.meter) {
            return Step::OutOfBudget;
        }
        if self.tiles_left < self.best.tiles_left {
            self.best = Partial { tiles_left: self.tiles_left, removals: self.moves.clone() };
            self.meter.set_best(self.tiles_left as u64);
        }
        self.branch()
    }

    fn branch(&mut self) -> Step {
        if self.tiles_left == 0 {
            return Step::Solved;
        }
        let key = self.key();
        if self.failed.contains(&key) {
            return Step::Failed;
        }
        let mut moves: Vec<(u64, usize, usize)> = Vec::new();
        let mut group: Vec<usize> = Vec::new();
        for k in 0..self.members.len() {
            group.clear();
            group.extend(self.members[k].iter().filter(|&&t| !self.is_removed(t)).map(|&t| self.pos[t as usize]));
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    let (a, b) = (a.min(b), a.max(b));
                    if self.connects(a, b) {
                        // Pairs within one column first (only that column moves), then
                        // kinds being finished, then upper tiles first.
                        let across = u64::from(a % self.w != b % self.w);
                        let finishing = u64::from(group.len() != 2);
                        let depth = ((a / self.w) + (b / self.w)) as u64;
                        let noise = if self.noise == 0 { 0 } else { self.rng.below(self.noise) };
                        moves.push((across * 1_000_000_000 + finishing * 1_000_000 + depth * 1000 + noise, a, b));
                    }
                }
            }
        }
        moves.sort_unstable();
        for (_, a, b) in moves {
            self.apply(a, b);
            let outcome = self.run();
            if outcome == Step::Solved {
                return outcome;
            }
            self.undo();
            if outcome == Step::OutOfBudget {
                return outcome;
            }
        }
        self.failed.insert(key);
        Step::Failed
    }
}

const NONE: u32 = u32::MAX;

/// How many nodes the searches count between two reads of the clock and the cancel token.
/// Their nodes cost microseconds to a millisecond (a node with gravity on a 30x16 board
/// about 0.15 ms unoptimised), so [`engine::budget::CHECK_EVERY`] nodes could take far
/// longer than the 50 ms a cancel must take at most.
const CHECK_CLOCK_EVERY: u64 = 16;

/// Counts a node on `meter`; whether the search must stop (once stopped, always stopped).
fn out_of_budget(meter: &mut Meter) -> bool {
    meter.tick() || (meter.nodes() % CHECK_CLOCK_EVERY == 0 && meter.check())
}

/// Whether the tiles at `a` and `b` connect on a `w` × `h` board of tile ids (0 = empty),
/// through the masks when there are some.
fn connected(w: usize, h: usize, grid: &[u32], masks: Option<&Masks>, a: Coord, b: Coord) -> bool {
    match masks {
        Some(masks) => masks.connects(a, b),
        None => path::find(w as i32, h as i32, |x, y| grid[y as usize * w + x as usize] == 0, a, b).is_some(),
    }
}

/// Greedy random games tried before the exhaustive search without gravity.
const PROBES: usize = 4;

/// The node limit of the first search with gravity (doubled at each restart).
const RESTART_NODES: u64 = 2000;

/// The spread of the random part of the move order at the first restart, in thousandths of a row.
const NOISE: u64 = 10_000;

/// The most the random part of the move order spreads (640 rows), below the weights of a
/// kind being finished (1,000 rows) and of a pair within one column.
const NOISE_MAX: u64 = 640_000;

/// Nodes the search without gravity spends before it starts probing pairings.
const UNPROBED_NODES: u64 = 1000;

/// A step of the no-gravity search, for undoing.
#[derive(Clone, Copy)]
enum Change {
    Removed(u32, u32),
    Committed(u32, u32),
}

/// The search without gravity. Since pairs that connect keep connecting, what matters is how
/// the tiles of each kind pair up, not the order: the search commits pairs (tile `t` will be
/// removed with tile `u`) and removes greedily every committed pair that connects, every kind
/// whose remaining two or four tiles can all go now, and every kind's last two uncommitted
/// tiles are committed to each other. Positions are keyed by removed tiles and commitments.
struct Plain {
    w: usize,
    h: usize,
    /// The budget's account: nodes, clock, cancel token, progress.
    meter: Meter,
    /// The fewest tiles left by a position found so far, and its removals (`best_moves`).
    best: Partial,
    best_moves: Vec<(usize, usize)>,
    /// Cell → tile id + 1, or 0 when empty.
    grid: Vec<u32>,
    /// The occupied cells as bit masks, when the board is small enough.
    masks: Option<Masks>,
    /// Tile id → cell.
    pos: Vec<usize>,
    /// Class → its tiles.
    members: Vec<Vec<u32>>,
    removed: Vec<bool>,
    partner: Vec<u32>,
    trail: Vec<Change>,
    /// Removed cells in play order.
    moves: Vec<(usize, usize)>,
    failed: FxHashSet<Box<[u64]>>,
    /// Whether each position's pairings are probed for doom ([`Plain::probe_pairings`]).
    probing: bool,
    /// Nodes to spend before probing starts ([`Plain::run_in_two_phases`]).
    unprobed: u64,
    /// A tile of a class that probing left with two pairings, and its partners in them.
    split: Option<(u32, Vec<u32>)>,
    tiles_left: usize,
    /// Bumped by every change; a class whose `checked` stamp is current needs no new look.
    stamp: u64,
    checked: Vec<u64>,
}

impl Plain {
    fn new(board: &Board, meter: Meter) -> Plain {
        let (w, h) = (board.width(), board.height());
        let TileIndex { grid, pos, members } = TileIndex::new(board);
        let n = pos.len();
        let members_len = members.len();
        let masks = board.masks().cloned();
        Plain {
            w,
            h,
            meter,
            best: Partial { tiles_left: n, removals: Vec::new() },
            best_moves: Vec::new(),
            grid,
            masks,
            pos,
            members,
            removed: vec![false; n],
            partner: vec![NONE; n],
            trail: Vec::new(),
            moves: Vec::new(),
            failed: FxHashSet::default(),
            probing: false,
            unprobed: UNPROBED_NODES,
            split: None,
            tiles_left: n,
            stamp: 0,
            checked: vec![u64::MAX; members_len],
        }
    }

    fn coord(&self, i: usize) -> Coord {
        Coord::new((i % self.w) as i32, (i / self.w) as i32)
    }

    fn connects(&self, t: u32, u: u32) -> bool {
        let (a, b) = (self.coord(self.pos[t as usize]), self.coord(self.pos[u as usize]));
        connected(self.w, self.h, &self.grid, self.masks.as_ref(), a, b)
    }

    fn remove(&mut self, t: u32, u: u32) {
        let (a, b) = (self.pos[t as usize], self.pos[u as usize]);
        self.grid[a] = 0;
        self.grid[b] = 0;
        let (ca, cb) = (self.coord(a), self.coord(b));
        if let Some(masks) = &mut self.masks {
            masks.set(ca, false);
            masks.set(cb, false);
        }
        self.removed[t as usize] = true;
        self.removed[u as usize] = true;
        self.tiles_left -= 2;
        self.moves.push((a, b));
        self.trail.push(Change::Removed(t, u));
        self.stamp += 1;
    }

    fn commit(&mut self, t: u32, u: u32) {
        self.partner[t as usize] = u;
        self.partner[u as usize] = t;
        self.trail.push(Change::Committed(t, u));
        self.stamp += 1;
    }

    fn undo_to(&mut self, mark: usize) {
        self.stamp += 1;
        while self.trail.len() > mark {
            match self.trail.pop().expect("a change") {
                Change::Removed(t, u) => {
                    let (a, b) = (self.pos[t as usize], self.pos[u as usize]);
                    self.grid[a] = t + 1;
                    self.grid[b] = u + 1;
                    let (ca, cb) = (self.coord(a), self.coord(b));
                    if let Some(masks) = &mut self.masks {
                        masks.set(ca, true);
                        masks.set(cb, true);
                    }
                    self.removed[t as usize] = false;
                    self.removed[u as usize] = false;
                    self.tiles_left += 2;
                    self.moves.pop();
                }
                Change::Committed(t, u) => {
                    self.partner[t as usize] = NONE;
                    self.partner[u as usize] = NONE;
                }
            }
        }
    }

    /// The forced steps, until none applies. Classes already examined since the last change
    /// are skipped.
    fn closure(&mut self) {
        let mut live: Vec<u32> = Vec::new();
        loop {
            let mut changed = false;
            for k in 0..self.members.len() {
                if self.checked[k] == self.stamp {
                    continue;
                }
                let before = self.stamp;
                self.examine(k, &mut live, &mut changed);
                if self.stamp == before {
                    self.checked[k] = self.stamp;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The forced steps of class `k` (see [`Plain::closure`]).
    fn examine(&mut self, k: usize, live: &mut Vec<u32>, changed: &mut bool) {
        live.clear();
        live.extend(self.members[k].iter().copied().filter(|&t| !self.removed[t as usize]));
        if live.is_empty() {
            return;
        }
        // Committed pairs that connect.
        let mut any_committed = false;
        for &t in live.iter() {
            let u = self.partner[t as usize];
            if u != NONE {
                any_committed = true;
                if t < u && !self.removed[t as usize] && self.connects(t, u) {
                    self.remove(t, u);
                    *changed = true;
                }
            }
        }
        if any_committed {
            let free: Vec<u32> = live
                .iter()
                .copied()
                .filter(|&t| !self.removed[t as usize] && self.partner[t as usize] == NONE)
                .collect();
            if let [t, u] = free[..] {
                self.commit(t, u);
                *changed = true;
            }
            return;
        }
        match live[..] {
            [t, u] => {
                if self.connects(t, u) {
                    self.remove(t, u);
                    *changed = true;
                } else {
                    self.commit(t, u);
                }
            }
            [p, q, r, s] => {
                for ((a, b), (c, d)) in [((p, q), (r, s)), ((p, r), (q, s)), ((p, s), (q, r))] {
                    for ((a, b), (c, d)) in [((a, b), (c, d)), ((c, d), (a, b))] {
                        if self.connects(a, b) {
                            let (mark, stamp) = (self.trail.len(), self.stamp);
                            self.remove(a, b);
                            if self.connects(c, d) {
                                self.remove(c, d);
                                *changed = true;
                                return;
                            }
                            // A trial only: the position is as it was, so is its stamp.
                            self.undo_to(mark);
                            self.stamp = stamp;
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn key(&self) -> Box<[u64]> {
        let mut key = vec![0u64; self.removed.len().div_ceil(64)];
        for (t, &r) in self.removed.iter().enumerate() {
            if r {
                key[t / 64] |= 1 << (t % 64);
            }
        }
        for (t, &u) in self.partner.iter().enumerate() {
            if u != NONE && (t as u32) < u && !self.removed[t] {
                key.push((t as u64) << 32 | u64::from(u));
            }
        }
        key.into_boxed_slice()
    }

    /// Whether some tile can never be removed, whatever happens: the tiles that could go are
    /// found as a fixpoint, each assumed gone as soon as it connects to an allowed partner
    /// (its committed partner, or any uncommitted tile of its class) on the board without the
    /// tiles found so far. Any real game removes only such tiles (removing tiles never breaks
    /// a connection), so a tile left over proves the position lost.
    fn doomed(&self) -> bool {
        self.doom_run(None)
    }

    /// [`Plain::doomed`]; with `seen`, also records for each uncommitted tile (of a class of
    /// at most 64 tiles) the allowed partners it connects to when it is found, as a bit set of
    /// indices into its class's members.
    fn doom_run(&self, mut seen: Option<&mut [u64]>) -> bool {
        let mut grid = self.grid.clone();
        let mut masks = self.masks.clone();
        let mut gone = self.removed.clone();
        let (w, h) = (self.w, self.h);
        let mut left = self.tiles_left;
        loop {
            let mut changed = false;
            for members in &self.members {
                for &t in members {
                    if gone[t as usize] {
                        continue;
                    }
                    let p = self.partner[t as usize];
                    let allowed = |u: u32| u != t && if p == NONE { self.partner[u as usize] == NONE } else { u == p };
                    let a = self.coord(self.pos[t as usize]);
                    let joins = |u: u32| {
                        allowed(u) && connected(w, h, &grid, masks.as_ref(), a, self.coord(self.pos[u as usize]))
                    };
                    let reachable = match seen.as_deref_mut() {
                        Some(seen) if p == NONE && members.len() <= 64 => {
                            let set =
                                members.iter().enumerate().filter(|&(_, &u)| joins(u)).fold(0, |s, (i, _)| s | 1 << i);
                            seen[t as usize] = set;
                            set != 0
                        }
                        _ => members.iter().any(|&u| joins(u)),
                    };
                    if reachable {
                        gone[t as usize] = true;
                        grid[self.pos[t as usize]] = 0;
                        if let Some(masks) = &mut masks {
                            masks.set(a, false);
                        }
                        left -= 1;
                        changed = true;
                    }
                }
            }
            if left == 0 {
                return false;
            }
            if !changed {
                return true;
            }
        }
    }

    /// Failed-literal probing on pairings: for each class with four uncommitted tiles, the
    /// pairings whose commitment is doomed are ruled out; none left proves the position lost,
    /// one left is committed. Returns whether the position is lost.
    ///
    /// A pairing needs no check when the doom run of the position itself found each of the
    /// four tiles through its partner in that pairing: the same run then clears the board with
    /// the pairing committed.
    fn probe_pairings(&mut self) -> bool {
        let mut seen = vec![0u64; self.pos.len()];
        loop {
            let mut forced = false;
            let mut fresh = false;
            for k in 0..self.members.len() {
                if self.meter.check() {
                    // Out of budget: no verdict (the caller's next node stops the search).
                    return false;
                }
                let free: Vec<u32> = self.members[k].iter().copied().filter(|&t| !self.removed[t as usize]).collect();
                let [p, q, r, s] = free[..] else { continue };
                if free.iter().any(|&t| self.partner[t as usize] != NONE) {
                    continue;
                }
                if !fresh {
                    if self.doom_run(Some(&mut seen)) {
                        return true;
                    }
                    fresh = true;
                }
                let index = |t: u32| self.members[k].iter().position(|&u| u == t).unwrap_or(64);
                let found = |t: u32, u: u32| index(u) < 64 && seen[t as usize] & (1 << index(u)) != 0;
                let mut viable = Vec::new();
                for ((a, b), (c, d)) in [((p, q), (r, s)), ((p, r), (q, s)), ((p, s), (q, r))] {
                    if found(a, b) && found(b, a) && found(c, d) && found(d, c) {
                        viable.push(((a, b), (c, d)));
                        continue;
                    }
                    for (x, y) in [(a, b), (c, d)] {
                        self.partner[x as usize] = y;
                        self.partner[y as usize] = x;
                    }
                    let doomed = self.doomed();
                    for t in [a, b, c, d] {
                        self.partner[t as usize] = NONE;
                    }
                    if !doomed {
                        viable.push(((a, b), (c, d)));
                    }
                }
                if viable.len() == 2 && self.split.is_none() {
                    let mut partners: Vec<u32> = viable
                        .iter()
                        .map(|&((a, b), (c, d))| {
                            if a == p {
                                b
                            } else if b == p {
                                a
                            } else if c == p {
                                d
                            } else {
                                c
                            }
                        })
                        .collect();
                    partners.sort_by_key(|&v| !self.connects(p, v));
                    self.split = Some((p, partners));
                }
                match viable[..] {
                    [] => return true,
                    [((a, b), (c, d))] => {
                        self.commit(a, b);
                        self.commit(c, d);
                        forced = true;
                        fresh = false;
                        self.split = None;
                    }
                    _ => {}
                }
            }
            if !forced {
                return false;
            }
            self.closure();
            if self.tiles_left == 0 {
                return false;
            }
            if self.doomed() {
                return true;
            }
        }
    }

    /// A quick greedy game: commit a random pair that connects, clear what the closure
    /// clears, repeat. Keeps the position when it clears the board; otherwise takes it back.
    fn probe(&mut self, rng: &mut SeededRng, noise: usize) -> bool {
        let mark = self.trail.len();
        loop {
            if self.out_of_budget() {
                self.undo_to(mark);
                return false;
            }
            self.closure();
            self.note_best();
            if self.tiles_left == 0 {
                return true;
            }
            // Options: pairs that connect, scored by how far apart the tiles left behind in
            // their class are (closer tiles are likelier to connect later).
            let mut options = Vec::new();
            for k in 0..self.members.len() {
                let free: Vec<u32> = self.members[k]
                    .iter()
                    .copied()
                    .filter(|&t| !self.removed[t as usize] && self.partner[t as usize] == NONE)
                    .collect();
                for (i, &t) in free.iter().enumerate() {
                    for &u in &free[i + 1..] {
                        if self.connects(t, u) {
                            let rest: Vec<usize> =
                                free.iter().filter(|&&v| v != t && v != u).map(|&v| self.pos[v as usize]).collect();
                            let score = match rest[..] {
                                [v, w] => self.coord(v).manhattan(self.coord(w)),
                                _ => 0,
                            };
                            options.push((score, rng.next_u32(), t, u));
                        }
                    }
                }
            }
            if options.is_empty() {
                self.undo_to(mark);
                return false;
            }
            options.sort_unstable();
            let (_, _, t, u) = options[rng.index(options.len().min(noise + 1))];
            self.commit(t, u);
        }
    }

    /// Counts a node; whether the budget ran out (once out, always out). A node that probes
    /// pairings may cost milliseconds, so then the clock and the cancel token are read at
    /// every node (and between the classes [`Plain::probe_pairings`] probes).
    fn out_of_budget(&mut self) -> bool {
        out_of_budget(&mut self.meter) || (self.probing && self.meter.check())
    }

    /// Records the position as the deepest line so far when it leaves fewer tiles.
    fn note_best(&mut self) {
        if self.tiles_left < self.best.tiles_left {
            self.best.tiles_left = self.tiles_left;
            self.best_moves.clone_from(&self.moves);
            self.meter.set_best(self.tiles_left as u64);
        }
    }

    /// The search without probing for up to `unprobed` nodes (most deals need far
    /// fewer), then with probing, which costs more per node but cuts the rare hard deals
    /// down (failed positions found in the first phase stay failed).
    fn run_in_two_phases(&mut self) -> Step {
        let overall = self.meter.node_limit();
        let cap = self.meter.nodes().saturating_add(self.unprobed);
        self.meter.set_node_limit(Some(overall.map_or(cap, |n| n.min(cap))));
        let outcome = self.run();
        self.meter.set_node_limit(overall);
        self.meter.resume();
        if outcome != Step::OutOfBudget || self.meter.check() {
            return outcome;
        }
        self.probing = true;
        self.run()
    }

    fn run(&mut self) -> Step {
        if self.out_of_budget() {
            return Step::OutOfBudget;
        }
        let mark = self.trail.len();
        self.closure();
        self.note_best();
        if self.tiles_left == 0 {
            return Step::Solved;
        }
        let key = self.key();
        if self.failed.contains(&key) {
            self.undo_to(mark);
            return Step::Failed;
        }
        self.split = None;
        if self.doomed() || (self.probing && self.probe_pairings()) {
            self.failed.insert(key);
            self.undo_to(mark);
            return Step::Failed;
        }
        if self.tiles_left == 0 {
            return Step::Solved;
        }
        // Branch on a tile of an uncommitted pair that connects now: its partner is one of the
        // other uncommitted tiles of its class (those that connect now first).
        // When probing left a class with two pairings, branch on those two instead.
        let mut choice: Option<(usize, u32, Vec<u32>)> = self.split.take().map(|(t, partners)| (0, t, partners));
        for k in 0..self.members.len() {
            let free: Vec<u32> = self.members[k]
                .iter()
                .copied()
                .filter(|&t| !self.removed[t as usize] && self.partner[t as usize] == NONE)
                .collect();
            if choice.as_ref().is_some_and(|c| c.0 <= free.len()) {
                continue;
            }
            'find: for (i, &t) in free.iter().enumerate() {
                for &u in &free[i + 1..] {
                    if self.connects(t, u) {
                        let mut partners: Vec<u32> = free.iter().copied().filter(|&v| v != t).collect();
                        partners.sort_by_key(|&v| !self.connects(t, v));
                        choice = Some((free.len(), t, partners));
                        break 'find;
                    }
                }
            }
        }
        let mut outcome = Step::Failed;
        if let Some((_, t, partners)) = choice {
            for u in partners {
                let inner = self.trail.len();
                self.commit(t, u);
                outcome = self.run();
                if outcome == Step::Solved {
                    return outcome;
                }
                self.undo_to(inner);
                if outcome == Step::OutOfBudget {
                    break;
                }
            }
        }
        if outcome == Step::Failed {
            self.failed.insert(key);
        }
        self.undo_to(mark);
        outcome
    }
}

/// Brute force for tiny boards: tries every removable pair in every position, through the
/// game rules and the seed's BFS, with no memory and no shortcuts. Exponential: for tests.
///
/// ```
/// let board: shisen::Board = "A B\nB A\nC C".parse().unwrap();
/// assert!(shisen::solver::brute_force(&board, false).is_none());
/// assert_eq!(shisen::solver::brute_force(&"A B\nA B".parse().unwrap(), true).unwrap().len(), 2);
/// ```
#[must_use]
pub fn brute_force(board: &Board, gravity: bool) -> Option<Vec<Removal>> {
    if board.is_cleared() {
        return Some(Vec::new());
    }
    let tiles: Vec<(Coord, crate::Kind)> = board.cells().iter().filter_map(|(c, k)| k.map(|k| (c, k))).collect();
    for (i, &(a, ka)) in tiles.iter().enumerate() {
        for &(b, kb) in &tiles[i + 1..] {
            if board.matches(ka, kb) && path::reference::find_path(board, a, b).is_some() {
                let mut next = board.clone();
                next.set(a, None);
                next.set(b, None);
                if gravity {
                    crate::game::apply_gravity(&mut next);
                }
                if let Some(mut rest) = brute_force(&next, gravity) {
                    rest.insert(0, (a, b));
                    return Some(rest);
                }
            }
        }
    }
    None
}

/// Plays `moves` on `board` through the game rules; the final board, or the first illegal
/// removal and why.
///
/// ```
/// use engine::Coord;
/// let board: shisen::Board = "A A".parse().unwrap();
/// let end = shisen::solver::replay(&board, false, &[(Coord::new(0, 0), Coord::new(1, 0))]).unwrap();
/// assert!(end.is_cleared());
/// ```
pub fn replay(board: &Board, gravity: bool, moves: &[Removal]) -> Result<Board, ReplayError> {
    let mut game = crate::game::Game::new(board.clone(), gravity);
    for (index, &(a, b)) in moves.iter().enumerate() {
        game.remove(a, b).map_err(|source| ReplayError { index, source })?;
    }
    Ok(game.board().clone())
}

/// A removal of a witness that the rules refuse ([`replay`]).
///
/// ```
/// use engine::Coord;
/// use shisen::game::MoveError;
/// let board: shisen::Board = "A B\nB A".parse().unwrap();
/// let err = shisen::solver::replay(&board, false, &[(Coord::new(0, 0), Coord::new(1, 1))]).unwrap_err();
/// assert_eq!((err.index, err.source), (0, MoveError::NoPath));
/// assert_eq!(err.to_string(), "removal 0: the tiles do not connect with at most two turns");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("removal {index}: {source}")]
pub struct ReplayError {
    /// The index of the refused removal in the list, from 0.
    pub index: usize,
    /// Why the rules refuse it.
    #[source]
    pub source: crate::game::MoveError,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A meter with the default node limit.
    fn meter() -> Meter {
        Options::default().budget.start()
    }

    /// The proven answer of [`solve`] (panics when it gave up).
    fn answer(board: &Board, gravity: bool) -> Answer {
        match solve(board, &Options::default().with_gravity(gravity)).outcome {
            Outcome::Proved(answer) => answer,
            other => panic!("{other:?}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// The pairing search (probes, doom check, commitments) against the plain move search
        /// with a transposition table, on deals too big for brute force.
        #[test]
        fn pairing_search_agrees_with_the_move_search(w in 2usize..7, h in 2usize..5, copies in 1usize..=3, seed: u64) {
            // Two, four or six copies of each kind; pairs deadlock often.
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let spec = crate::generate::Spec::new(w, h, copies).unwrap();
            let board = crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap();
            let ours = answer(&board, false);
            let mut moves_search = Search::new(&board, false, meter());
            let theirs = moves_search.run();
            prop_assert_eq!(matches!(ours, Answer::Solvable(_)), theirs == Step::Solved, "{}", board);
            if let Answer::Solvable(moves) = &ours {
                prop_assert!(replay(&board, false, moves).unwrap().is_cleared());
            }
        }
    }

    /// The answer of the search without gravity that probes pairings from the first node on
    /// (no greedy games first).
    fn probing_answer(board: &Board) -> Step {
        let mut search = Plain::new(board, meter());
        search.unprobed = 0;
        let outcome = search.run_in_two_phases();
        if outcome == Step::Solved {
            let moves: Vec<Removal> = search.moves.iter().map(|&(a, b)| (search.coord(a), search.coord(b))).collect();
            assert!(replay(board, false, &moves).unwrap().is_cleared(), "{board}");
        }
        outcome
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The bit-mask connection test agrees with the path search on random boards.
        #[test]
        fn masks_agree_with_the_path_search(w in 1usize..9, h in 1usize..7, fill in 0u64..100, seed: u64) {
            let mut rng = SeededRng::new(seed);
            let mut grid = vec![0u32; w * h];
            let mut masks = Masks::new(w, h).unwrap();
            for (i, cell) in grid.iter_mut().enumerate() {
                if rng.below(100) < fill {
                    *cell = 1;
                    masks.set(Coord::new((i % w) as i32, (i / w) as i32), true);
                }
            }
            for a in 0..w * h {
                for b in 0..w * h {
                    let (ca, cb) = (Coord::new((a % w) as i32, (a / w) as i32), Coord::new((b % w) as i32, (b / w) as i32));
                    if grid[a] == 0 || grid[b] == 0 {
                        continue;
                    }
                    let slow = connected(w, h, &grid, None, ca, cb);
                    prop_assert_eq!(masks.connects(ca, cb), slow, "{:?} {:?} {:?}", ca, cb, grid);
                }
            }
        }

        /// Probing pairings from the first node agrees with brute force on tiny boards.
        #[test]
        fn probing_agrees_with_brute_force(w in 2usize..5, h in 2usize..4, copies in 1usize..=2, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0 && w * h <= 12);
            let spec = crate::generate::Spec::new(w, h, copies).unwrap();
            let board = crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap();
            let brute = brute_force(&board, false);
            prop_assert_eq!(probing_answer(&board) == Step::Solved, brute.is_some(), "{}", board);
        }

        /// Probing pairings from the first node agrees with the move search with a
        /// transposition table, on deals too big for brute force.
        #[test]
        fn probing_agrees_with_the_move_search(w in 2usize..7, h in 2usize..5, copies in 1usize..=3, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let spec = crate::generate::Spec::new(w, h, copies).unwrap();
            let board = crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap();
            let ours = probing_answer(&board);
            let theirs = Search::new(&board, false, meter()).run();
            prop_assert_ne!(ours, Step::OutOfBudget);
            prop_assert_eq!(ours == Step::Solved, theirs == Step::Solved, "{}", board);
        }
    }

    /// Full 6x6, 8x6 and 8x8 deals of four copies: probing pairings from the first node
    /// agrees with the search that never probes (these sizes are the smallest where probing
    /// rules out pairings: a wrong cut, or a branch on too few pairings, would answer
    /// "unsolvable" for a solvable deal).
    #[test]
    fn probing_agrees_with_the_plain_pairing_search() {
        for (w, h) in [(6, 6), (8, 6), (8, 8)] {
            for seed in 0..300 {
                let spec = crate::generate::Spec::new(w, h, 4).unwrap();
                let board = crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap();
                let mut plain = Plain::new(&board, meter());
                plain.unprobed = u64::MAX;
                let expected = plain.run_in_two_phases();
                assert_ne!(expected, Step::OutOfBudget);
                assert_eq!(probing_answer(&board), expected, "{board}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// The gravity search restarting after every few nodes (so that the failed positions
        /// of a search cut short serve the next one) agrees with brute force.
        #[test]
        fn restarts_agree_with_brute_force(w in 2usize..5, h in 2usize..4, copies in 1usize..=2, limit in 1u64..20, hole in 0usize..12, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0 && w * h <= 12);
            let spec = crate::generate::Spec::new(w, h, copies).unwrap();
            let mut board = crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap();
            // Empty two cells of one kind (some deals then float above a hole).
            let tiles: Vec<(Coord, crate::Kind)> = board.cells().iter().filter_map(|(c, k)| k.map(|k| (c, k))).collect();
            if let Some(&(c, k)) = tiles.get(hole) {
                let other = tiles.iter().find(|&&(d, l)| l == k && d != c).unwrap().0;
                board.set(c, None);
                board.set(other, None);
            }
            let mut search = Search::new(&board, true, meter());
            search.first_limit = limit;
            let outcome = search.run_with_restarts();
            prop_assert_eq!(outcome == Step::Solved, brute_force(&board, true).is_some(), "{}", board);
            if outcome == Step::Solved {
                prop_assert!(replay(&board, true, &search.moves).unwrap().is_cleared());
            }
        }

        /// The same against one search without restarts, on boards too big for brute force.
        #[test]
        fn restarts_agree_with_one_search(w in 3usize..7, h in 2usize..6, copies in 1usize..=2, limit in 1u64..50, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let spec = crate::generate::Spec::new(w, h, copies).unwrap();
            let board = crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap();
            let mut search = Search::new(&board, true, meter());
            search.first_limit = limit;
            let outcome = search.run_with_restarts();
            let expected = Search::new(&board, true, meter()).run();
            prop_assert_ne!(expected, Step::OutOfBudget);
            prop_assert_eq!(outcome, expected, "{}", board);
            if outcome == Step::Solved {
                prop_assert!(replay(&board, true, &search.moves).unwrap().is_cleared());
            }
        }
    }

    /// Every pairing that the doom check rules out at the start of a deal is lost: the
    /// search that never probes fails with it committed.
    #[test]
    fn pairings_ruled_out_are_lost() {
        let mut ruled_out = 0;
        for seed in 0..40 {
            let spec = crate::generate::Spec::new(8, 6, 4).unwrap();
            let board = crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap();
            let mut root = Plain::new(&board, meter());
            root.closure();
            for k in 0..root.members.len() {
                let free: Vec<u32> = root.members[k].iter().copied().filter(|&t| !root.removed[t as usize]).collect();
                let [p, q, r, s] = free[..] else { continue };
                for ((a, b), (c, d)) in [((p, q), (r, s)), ((p, r), (q, s)), ((p, s), (q, r))] {
                    let mut search = Plain::new(&board, meter());
                    search.unprobed = u64::MAX;
                    search.closure();
                    search.commit(a, b);
                    search.commit(c, d);
                    if search.doomed() {
                        ruled_out += 1;
                        assert_eq!(search.run_in_two_phases(), Step::Failed, "seed {seed}\n{board}");
                    }
                }
            }
        }
        assert!(ruled_out > 0);
    }

    #[test]
    fn deadlock_and_budget() {
        let board: Board = "A B\nB A\nC C".parse().unwrap();
        assert_eq!(answer(&board, false), Answer::Unsolvable);
        assert_eq!(answer(&board, true), Answer::Unsolvable);
        let board: Board = "A B C\nC B A\nD D .".parse().unwrap();
        for gravity in [false, true] {
            let tight = Options::default().with_gravity(gravity).with_budget(Budget::default().with_node_limit(0));
            let report = solve(&board, &tight);
            let proven = Partial { tiles_left: 8, removals: Vec::new() };
            assert_eq!(report.outcome, Outcome::GaveUp { reason: engine::StopReason::NodeLimit, proven });
        }
    }

    #[test]
    fn gravity_changes_the_answer() {
        // Without gravity: B B first, then the A's meet around the ring. With gravity the
        // A column falls and the A's end up beside each other either way.
        let board: Board = "A B\nB A".parse().unwrap();
        assert_eq!(answer(&board, true), Answer::Unsolvable);
        let board: Board = "A .\nB B\nC A\nC .".parse().unwrap();
        let found = answer(&board, true);
        let Answer::Solvable(moves) = found else { panic!("{found:?}") };
        assert!(replay(&board, true, &moves).unwrap().is_cleared());
    }
}
