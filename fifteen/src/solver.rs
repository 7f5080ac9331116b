//! The solvers behind one entry point, [`solve`]: IDA* over goal-cell labels with an
//! admissible heuristic (optimal, for any board size and goal), or the fast reduction solver
//! of [`crate::fast`] when [`Options::fast`] is set. The search runs under the
//! [`engine::Budget`] of its options: a node limit, a time limit or a cancel token turns a
//! search that takes too long into [`Outcome::GaveUp`] with the lower bound it proved. An
//! unsolvable position is never searched.

use std::sync::Arc;

use engine::{Budget, Meter, Outcome, Report};
use serde::{Deserialize, Serialize};

use crate::heuristic::{column_conflicts, manhattan_cells, row_conflicts};
use crate::pdb::PatternDb;
use crate::solvable::{goal_cells, is_reachable};
use crate::table::neighbour;
use crate::{Board, Error, Move, Puzzle};

/// The lower bound guiding the search.
///
/// ```
/// use fifteen::solver::Heuristic;
/// assert!(matches!(Heuristic::default(), Heuristic::LinearConflict));
/// ```
#[derive(Clone, Debug, Default)]
pub enum Heuristic {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    #[default]
    LinearConflict,
    /// Additive pattern databases (they must serve the goal: same size and blank cell).
    Pdb(Arc<PatternDb>),
}

/// How to search: what is particular to the sliding puzzle (heuristic, reflection, the fast
/// solver) and the shared [`Budget`].
///
/// ```
/// use fifteen::solver::{Heuristic, Options};
/// let o = Options::default().with_heuristic(Heuristic::Manhattan)
///     .with_budget(engine::Budget::default().with_node_limit(1_000));
/// assert!(o.reflect && !o.fast);
/// assert_eq!(o.budget.node_limit(), Some(1_000));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Options {
    /// The heuristic of the optimal search.
    pub heuristic: Heuristic,
    /// With pattern databases on a square board whose goal blank lies on the main
    /// diagonal, also look up the transposed state and take the larger bound (on by
    /// default: it halves the nodes of random 15-puzzles).
    pub reflect: bool,
    /// Use the fast solver: a valid, not necessarily optimal solution for any size
    /// ([`Outcome::Found`]).
    pub fast: bool,
    /// Node limit, time limit, cancel token and progress callback.
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { heuristic: Heuristic::default(), reflect: true, fast: false, budget: Budget::default() }
    }
}

impl Options {
    /// The same options with `heuristic`.
    ///
    /// ```
    /// let o = fifteen::Options::default().with_heuristic(fifteen::Heuristic::Manhattan);
    /// assert!(matches!(o.heuristic, fifteen::Heuristic::Manhattan));
    /// ```
    #[must_use]
    pub fn with_heuristic(mut self, heuristic: Heuristic) -> Options {
        self.heuristic = heuristic;
        self
    }

    /// The same options with reflection on or off.
    ///
    /// ```
    /// assert!(!fifteen::Options::default().with_reflect(false).reflect);
    /// ```
    #[must_use]
    pub fn with_reflect(mut self, reflect: bool) -> Options {
        self.reflect = reflect;
        self
    }

    /// The same options with the fast solver on or off.
    ///
    /// ```
    /// assert!(fifteen::Options::default().with_fast(true).fast);
    /// ```
    #[must_use]
    pub fn with_fast(mut self, fast: bool) -> Options {
        self.fast = fast;
        self
    }

    /// The same options with `budget`.
    ///
    /// ```
    /// let o = fifteen::Options::default().with_budget(engine::Budget::default().with_node_limit(5));
    /// assert_eq!(o.budget.node_limit(), Some(5));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Options {
        self.budget = budget;
        self
    }
}

/// What a solver answers about a puzzle (inside [`Outcome::Proved`] or [`Outcome::Found`]).
///
/// ```
/// use fifteen::{Answer, Move};
/// assert_eq!(Answer::Moves(vec![Move::Up]).moves(), Some(&[Move::Up][..]));
/// assert_eq!(Answer::Unsolvable.moves(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// A sequence of moves (of the blank) from the start to the goal: optimal inside
    /// [`Outcome::Proved`], valid inside [`Outcome::Found`].
    Moves(Vec<Move>),
    /// The goal cannot be reached (always [`Outcome::Proved`]).
    Unsolvable,
}

impl Answer {
    /// The moves, if the puzzle is solvable.
    ///
    /// ```
    /// assert_eq!(fifteen::Answer::Moves(vec![]).moves().map(<[_]>::len), Some(0));
    /// ```
    #[must_use]
    pub fn moves(&self) -> Option<&[Move]> {
        match self {
            Answer::Moves(m) => Some(m),
            Answer::Unsolvable => None,
        }
    }
}

/// What [`solve`] returns: the [`Answer`], or — when the budget ran out — the lower bound on
/// the optimal length that the search proved, with the nodes and time spent.
pub type Solution = Report<Answer, u32>;

/// Solves `puzzle`: optimally by IDA* with `options.heuristic`, or quickly with
/// `options.fast`, within `options.budget`. An error when a pattern database in the options
/// does not serve the goal.
///
/// ```
/// use engine::Outcome;
/// use fifteen::{solve, Answer, Board, Goal, Options, Puzzle};
/// let board = Board::parse_line("8 6 7 2 5 4 3 0 1", None).unwrap();
/// let puzzle = Puzzle::with_goal(board, &Goal::BlankLast).unwrap();
/// let report = solve(&puzzle, &Options::default()).unwrap();
/// let Outcome::Proved(Answer::Moves(moves)) = &report.outcome else { panic!() };
/// assert_eq!(moves.len(), 31);
/// let mut replay = puzzle.start().clone();
/// replay.replay(moves).unwrap();
/// assert_eq!(&replay, puzzle.goal());
/// let swapped = Puzzle::with_goal(Board::parse_line("2 1 3 4 5 6 7 8 0", None).unwrap(), &Goal::BlankLast).unwrap();
/// assert_eq!(solve(&swapped, &Options::default()).unwrap().outcome, Outcome::Proved(Answer::Unsolvable));
/// ```
pub fn solve(puzzle: &Puzzle, options: &Options) -> Result<Solution, Error> {
    solve_boards(puzzle.start(), puzzle.goal(), options)
}

/// [`solve`] on a start board and a goal board.
pub(crate) fn solve_boards(start: &Board, goal: &Board, options: &Options) -> Result<Solution, Error> {
    let cells = goal_cells(start, goal).ok_or(Error::Mismatch)?;
    let mut meter = options.budget.start();
    if options.fast {
        let outcome = match crate::fast::solve_fast(start, goal)? {
            Some(moves) => {
                meter.set_best(moves.len() as u64);
                Outcome::Found(Answer::Moves(moves))
            }
            None => Outcome::Proved(Answer::Unsolvable),
        };
        return Ok(Report { outcome, stats: meter.stats() });
    }
    if let Heuristic::Pdb(db) = &options.heuristic {
        if !db.fits(goal) {
            return Err(Error::PdbMismatch);
        }
    }
    if !is_reachable(start, goal) {
        return Ok(Report { outcome: Outcome::Proved(Answer::Unsolvable), stats: meter.stats() });
    }
    let mut search = Search::new(&cells, start.width(), start.height(), goal.blank(), options, meter);
    let outcome = search.run();
    Ok(Report { outcome, stats: search.meter.stats() })
}

/// What one depth-first pass found.
enum Pass {
    Found,
    /// The smallest f-value beyond the bound (`u32::MAX` when nothing is left).
    Exceeded(u32),
    Aborted,
}

/// The pattern database entries of a child (see `Search::entries`).
#[derive(Clone, Copy, Default)]
struct Entries {
    p: u8,
    r: u32,
    v: u8,
    mp: u8,
    mr: u32,
    mv: u8,
}

/// The bounds before a slide.
#[derive(Clone, Copy)]
struct Saved {
    md: u32,
    lines: u32,
    line_values: [u32; 2],
    pdb_sum: u32,
    /// The pattern whose value changed (`u8::MAX`: none), its old value and old index.
    pdb: (u8, u8, u32),
    /// The same for the reflected state.
    mirror_sum: u32,
    mirror: (u8, u8, u32),
}

struct Search<'a> {
    w: usize,
    h: usize,
    n: usize,
    /// The cell the blank reaches by each move of [`Move::ALL`] (`u8::MAX`: none).
    nbr: Vec<[u8; 4]>,
    row: Vec<u8>,
    col: Vec<u8>,
    cells: Vec<u8>,
    pos: Vec<u8>,
    blank: usize,
    goal_blank: u8,
    /// `dist[label * n + cell]`.
    dist: Vec<u8>,
    md: u32,
    lc: bool,
    rows: Vec<u32>,
    cols: Vec<u32>,
    lines: u32,
    pdb: Option<&'a PatternDb>,
    pdb_vals: Vec<u8>,
    /// Every pattern's index of the current placement.
    ranks: Vec<u32>,
    /// For every label: its pattern (`u8::MAX`: none), its place in the pattern and its
    /// multiplier in the pattern's ranking.
    tile_pattern: Vec<u8>,
    tile_index: Vec<u8>,
    tile_mult: Vec<u32>,
    pdb_sum: u32,
    /// The transposition of cells when the board is square and the goal blank lies on the
    /// diagonal: then the transposed state is as far from the goal, and its database value
    /// is a second admissible bound.
    transpose: Option<Vec<u8>>,
    /// Cell of every label in the transposed state.
    mirror_pos: Vec<u8>,
    mirror_vals: Vec<u8>,
    mirror_ranks: Vec<u32>,
    mirror_sum: u32,
    path: Vec<Move>,
    meter: Meter,
}

impl<'a> Search<'a> {
    fn new(cells: &[u8], w: usize, h: usize, goal_blank: usize, options: &'a Options, meter: Meter) -> Search<'a> {
        let n = cells.len();
        let mut dist = vec![0u8; n * n];
        for l in 0..n {
            for c in 0..n {
                dist[l * n + c] = ((l % w).abs_diff(c % w) + (l / w).abs_diff(c / w)) as u8;
            }
        }
        let mut pos = vec![0u8; n];
        for (i, &l) in cells.iter().enumerate() {
            pos[usize::from(l)] = i as u8;
        }
        let pdb = match &options.heuristic {
            Heuristic::Pdb(db) => Some(db.as_ref()),
            _ => None,
        };
        let gb = goal_blank as u8;
        let rows: Vec<u32> = (0..h).map(|r| row_conflicts(cells, w, gb, r)).collect();
        let cols: Vec<u32> = (0..w).map(|c| column_conflicts(cells, w, h, gb, c)).collect();
        let transpose: Option<Vec<u8>> =
            (pdb.is_some() && options.reflect && w == h && goal_blank % w == goal_blank / w)
                .then(|| (0..n).map(|c| ((c % w) * w + c / w) as u8).collect());
        let mut mirror_pos = vec![0u8; n];
        if let Some(t) = &transpose {
            for l in 0..n {
                mirror_pos[usize::from(t[l])] = t[usize::from(pos[l])];
            }
        }
        let mirror_vals: Vec<u8> = match (pdb, &transpose) {
            (Some(db), Some(_)) => (0..db.patterns().len()).map(|p| db.lookup(p, &mirror_pos)).collect(),
            _ => Vec::new(),
        };
        let pdb_vals: Vec<u8> =
            pdb.map(|db| (0..db.patterns().len()).map(|p| db.lookup(p, &pos)).collect()).unwrap_or_default();
        let ranks: Vec<u32> =
            pdb.map(|db| (0..db.patterns().len()).map(|p| db.rank(p, &pos)).collect()).unwrap_or_default();
        let mirror_ranks: Vec<u32> = match (pdb, &transpose) {
            (Some(db), Some(_)) => (0..db.patterns().len()).map(|p| db.rank(p, &mirror_pos)).collect(),
            _ => Vec::new(),
        };
        let (mut tile_pattern, mut tile_index, mut tile_mult) = (vec![u8::MAX; n], vec![0u8; n], vec![0u32; n]);
        if let Some(db) = pdb {
            for (p, tiles) in db.patterns().iter().enumerate() {
                for (i, (&l, &m)) in tiles.iter().zip(db.multipliers(p)).enumerate() {
                    let l = usize::from(l);
                    (tile_pattern[l], tile_index[l], tile_mult[l]) = (p as u8, i as u8, m as u32);
                }
            }
        }
        Search {
            ranks,
            mirror_ranks,
            tile_pattern,
            tile_index,
            tile_mult,
            w,
            h,
            n,
            nbr: (0..n).map(|c| Move::ALL.map(|m| neighbour(c, w, h, m).map_or(u8::MAX, |e| e as u8))).collect(),
            row: (0..n).map(|c| (c / w) as u8).collect(),
            col: (0..n).map(|c| (c % w) as u8).collect(),
            cells: cells.to_vec(),
            blank: usize::from(pos[goal_blank]),
            pos,
            goal_blank: gb,
            dist,
            md: manhattan_cells(cells, w, goal_blank),
            lc: matches!(options.heuristic, Heuristic::LinearConflict),
            lines: rows.iter().sum::<u32>() + cols.iter().sum::<u32>(),
            rows,
            cols,
            pdb_sum: pdb_vals.iter().map(|&v| u32::from(v)).sum(),
            pdb_vals,
            transpose,
            mirror_pos,
            mirror_sum: mirror_vals.iter().map(|&v| u32::from(v)).sum(),
            mirror_vals,
            pdb,
            path: Vec::new(),
            meter,
        }
    }

    fn heuristic(&self) -> u32 {
        if self.pdb.is_some() {
            self.md + 2 * self.pdb_sum.max(self.mirror_sum)
        } else if self.lc {
            self.md + 2 * self.lines
        } else {
            self.md
        }
    }

    /// Swaps the blank (at `from`) with the tile at `to`; the tile's label.
    fn swap(&mut self, from: usize, to: usize) -> u8 {
        let l = self.cells[to];
        self.cells[from] = l;
        self.cells[to] = self.goal_blank;
        self.pos[usize::from(l)] = from as u8;
        self.pos[usize::from(self.goal_blank)] = to as u8;
        self.blank = to;
        l
    }

    /// The two lines whose conflicts a move between `a` and `b` changes: the columns of a
    /// horizontal move, the rows of a vertical one (`true` = rows).
    fn lines_of(&self, a: usize, b: usize) -> (bool, [usize; 2]) {
        if self.row[a] == self.row[b] {
            (false, [usize::from(self.col[a]), usize::from(self.col[b])])
        } else {
            (true, [usize::from(self.row[a]), usize::from(self.row[b])])
        }
    }

    /// Where the pattern database entries of the child whose blank moves to `next` are:
    /// the moved tile's pattern and the index of the child in its table, for the state and
    /// for the reflected state (pattern `u8::MAX`: none).
    fn entries(&self, next: usize) -> Entries {
        let mut e = Entries { p: u8::MAX, r: 0, v: 0, mp: u8::MAX, mr: 0, mv: 0 };
        let Some(db) = self.pdb else { return e };
        let l = self.cells[next];
        let p = self.tile_pattern[usize::from(l)];
        if p != u8::MAX {
            e.p = p;
            e.r = self.moved_rank(self.ranks[usize::from(p)], l, next, self.blank, |c| self.cells[c]);
            debug_assert_eq!(e.r, db.rank_moved(usize::from(p), &self.pos, l, self.blank as u8));
        }
        if let Some(t) = &self.transpose {
            let tl = t[usize::from(l)];
            let p = self.tile_pattern[usize::from(tl)];
            if p != u8::MAX {
                e.mp = p;
                let (a, b) = (usize::from(t[next]), usize::from(t[self.blank]));
                e.mr = self.moved_rank(self.mirror_ranks[usize::from(p)], tl, a, b, |c| {
                    t[usize::from(self.cells[usize::from(t[c])])]
                });
                debug_assert_eq!(e.mr, db.rank_moved(usize::from(p), &self.mirror_pos, tl, t[self.blank]));
            }
        }
        e
    }

    /// The index in its pattern's table after tile `l` moves from cell `a` to cell `b`
    /// (`label_at` names the tile of every cell), from the index `rank` before: the digit
    /// of the tile (its cell less the earlier pattern tiles below it) changes by `b - a`
    /// less the earlier pattern tiles strictly between, and every later pattern tile
    /// strictly between gains or loses the moved tile below it (none for a horizontal move).
    fn moved_rank(&self, rank: u32, l: u8, a: usize, b: usize, label_at: impl Fn(usize) -> u8) -> u32 {
        let (p, i) = (self.tile_pattern[usize::from(l)], self.tile_index[usize::from(l)]);
        let (lo, hi) = (a.min(b), a.max(b));
        let mut digit = (hi - lo) as i64;
        let mut others = 0i64;
        for c in lo + 1..hi {
            let o = usize::from(label_at(c));
            if self.tile_pattern[o] == p {
                if self.tile_index[o] < i {
                    digit -= 1;
                } else {
                    others += i64::from(self.tile_mult[o]);
                }
            }
        }
        let delta = digit * i64::from(self.tile_mult[usize::from(l)]) + others;
        (if b > a { i64::from(rank) + delta } else { i64::from(rank) - delta }) as u32
    }

    /// Reads the entries of [`Search::entries`]. The children's reads are random accesses
    /// into hundreds of megabytes: made one after another, with no work in between, they
    /// overlap.
    fn read_entries(&self, children: &mut [(Move, usize, Entries)]) {
        let Some(db) = self.pdb else { return };
        for (_, _, e) in children.iter_mut() {
            if e.p != u8::MAX {
                e.v = db.entry(usize::from(e.p), e.r);
            }
            if e.mp != u8::MAX {
                e.mv = db.entry(usize::from(e.mp), e.mr);
            }
        }
    }

    /// The pattern database bound of the child whose blank moves to `next` with entries `e`.
    fn child_bound(&self, next: usize, e: Entries) -> u32 {
        let li = usize::from(self.cells[next]);
        let md = self.md + u32::from(self.dist[li * self.n + self.blank]) - u32::from(self.dist[li * self.n + next]);
        let mut sum = self.pdb_sum;
        if e.p != u8::MAX {
            sum = sum + u32::from(e.v) - u32::from(self.pdb_vals[usize::from(e.p)]);
        }
        let mut mirror = self.mirror_sum;
        if e.mp != u8::MAX {
            mirror = mirror + u32::from(e.mv) - u32::from(self.mirror_vals[usize::from(e.mp)]);
        }
        md + 2 * sum.max(mirror)
    }

    /// Moves the blank to `next` (a neighbour), updating every bound incrementally; what
    /// [`Search::undo`] needs to restore them without recomputing.
    fn slide(&mut self, next: usize, e: Entries) -> Saved {
        let mut saved = Saved {
            md: self.md,
            lines: self.lines,
            line_values: [0; 2],
            pdb_sum: self.pdb_sum,
            pdb: (u8::MAX, 0, 0),
            mirror_sum: self.mirror_sum,
            mirror: (u8::MAX, 0, 0),
        };
        let from = self.blank;
        let l = self.swap(from, next);
        let li = usize::from(l);
        self.md = self.md + u32::from(self.dist[li * self.n + from]) - u32::from(self.dist[li * self.n + next]);
        if self.lc {
            let (rows, lines) = self.lines_of(from, next);
            for (k, line) in lines.into_iter().enumerate() {
                let (v, old) = if rows {
                    (row_conflicts(&self.cells, self.w, self.goal_blank, line), &mut self.rows[line])
                } else {
                    (column_conflicts(&self.cells, self.w, self.h, self.goal_blank, line), &mut self.cols[line])
                };
                saved.line_values[k] = *old;
                self.lines = self.lines + v - *old;
                *old = v;
            }
        }
        if e.p != u8::MAX {
            let p = usize::from(e.p);
            saved.pdb = (e.p, self.pdb_vals[p], self.ranks[p]);
            self.pdb_sum = self.pdb_sum + u32::from(e.v) - u32::from(self.pdb_vals[p]);
            self.pdb_vals[p] = e.v;
            self.ranks[p] = e.r;
        }
        if let Some(t) = &self.transpose {
            self.mirror_pos[usize::from(t[li])] = t[from];
            self.mirror_pos[usize::from(self.goal_blank)] = t[next];
            if e.mp != u8::MAX {
                let p = usize::from(e.mp);
                saved.mirror = (e.mp, self.mirror_vals[p], self.mirror_ranks[p]);
                self.mirror_sum = self.mirror_sum + u32::from(e.mv) - u32::from(self.mirror_vals[p]);
                self.mirror_vals[p] = e.mv;
                self.mirror_ranks[p] = e.mr;
            }
        }
        saved
    }

    /// Takes back the [`Search::slide`] that moved the blank from `from`.
    fn undo(&mut self, from: usize, saved: Saved) {
        let next = self.blank;
        self.swap(next, from);
        self.md = saved.md;
        self.lines = saved.lines;
        self.pdb_sum = saved.pdb_sum;
        if self.lc {
            let (rows, lines) = self.lines_of(from, next);
            for (k, line) in lines.into_iter().enumerate() {
                if rows {
                    self.rows[line] = saved.line_values[k];
                } else {
                    self.cols[line] = saved.line_values[k];
                }
            }
        }
        if saved.pdb.0 != u8::MAX {
            self.pdb_vals[usize::from(saved.pdb.0)] = saved.pdb.1;
            self.ranks[usize::from(saved.pdb.0)] = saved.pdb.2;
        }
        if let Some(t) = &self.transpose {
            let l = self.cells[next];
            self.mirror_pos[usize::from(t[usize::from(l)])] = t[next];
            self.mirror_pos[usize::from(self.goal_blank)] = t[from];
            self.mirror_sum = saved.mirror_sum;
            if saved.mirror.0 != u8::MAX {
                self.mirror_vals[usize::from(saved.mirror.0)] = saved.mirror.1;
                self.mirror_ranks[usize::from(saved.mirror.0)] = saved.mirror.2;
            }
        }
    }

    /// Deepening passes until a solution: each pass bound is a proven lower bound on the
    /// optimum (every shorter sequence was searched by the passes before), so a pass the
    /// budget stops gives up with it.
    fn run(&mut self) -> Outcome<Answer, u32> {
        let mut bound = self.heuristic();
        loop {
            self.meter.set_bound(u64::from(bound));
            if self.meter.check() {
                return self.meter.gave_up(bound);
            }
            match self.dfs(0, bound, None) {
                Pass::Found => {
                    self.meter.set_best(self.path.len() as u64);
                    return Outcome::Proved(Answer::Moves(std::mem::take(&mut self.path)));
                }
                Pass::Aborted => return self.meter.gave_up(bound),
                // Cannot happen on a reachable position; answer honestly if it does.
                Pass::Exceeded(u32::MAX) => return Outcome::Proved(Answer::Unsolvable),
                Pass::Exceeded(next) => bound = next,
            }
        }
    }

    fn dfs(&mut self, g: u32, bound: u32, prev: Option<Move>) -> Pass {
        if self.md == 0 {
            return Pass::Found;
        }
        let f = g + self.heuristic();
        if f > bound {
            return Pass::Exceeded(f);
        }
        if self.meter.tick() {
            return Pass::Aborted;
        }
        let mut least = u32::MAX;
        let mut children = [(Move::Up, 0usize, Entries::default()); 4];
        let mut count = 0;
        for (i, m) in Move::ALL.into_iter().enumerate() {
            let next = self.nbr[self.blank][i];
            if next != u8::MAX && prev != Some(m.inverse()) {
                children[count] = (m, usize::from(next), self.entries(usize::from(next)));
                count += 1;
            }
        }
        self.read_entries(&mut children[..count]);
        let mut order = [(0u32, 0usize); 4];
        for (k, &(_, next, e)) in children[..count].iter().enumerate() {
            order[k] = (if self.pdb.is_some() { self.child_bound(next, e) } else { 0 }, k);
        }
        // With pattern databases, the children with the smallest bound first: the last
        // pass finds a solution sooner (the passes before it search everything anyway).
        order[..count].sort_unstable();
        for &(h, k) in &order[..count] {
            let (m, next, e) = children[k];
            if self.pdb.is_some() {
                // A child the bound prunes is not even entered. (The goal child has the
                // bound 0 and f = g + 1, within the bound: this node's own bound is at
                // least its Manhattan distance, at least 1.)
                let f = g + 1 + h;
                if f > bound {
                    least = least.min(f);
                    continue;
                }
            }
            let from = self.blank;
            let saved = self.slide(next, e);
            self.path.push(m);
            match self.dfs(g + 1, bound, Some(m)) {
                Pass::Found => return Pass::Found,
                Pass::Aborted => return Pass::Aborted,
                Pass::Exceeded(v) => least = least.min(v),
            }
            self.path.pop();
            self.undo(from, saved);
        }
        Pass::Exceeded(least)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;
    use crate::pdb::{PatternDb, partition_by_sizes};
    use crate::table::DistanceTable;

    fn check(b: &Board, g: &Board, options: &Options, want: u8) {
        let s = solve_boards(b, g, options).unwrap();
        assert!(s.outcome.is_proved());
        let moves = s.outcome.answer().and_then(Answer::moves).unwrap_or_else(|| panic!("{b}: {:?}", s.outcome));
        assert_eq!(moves.len(), usize::from(want), "{b} -> {g}");
        let mut r = b.clone();
        r.replay(moves).unwrap();
        assert_eq!(&r, g);
    }

    #[test]
    fn optimal_against_bfs_on_small_boards() {
        for (w, h) in [(3, 3), (2, 3), (3, 2), (4, 2), (1, 4)] {
            for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
                let g = goal.layout(w, h).unwrap();
                let table = DistanceTable::new(&g).unwrap();
                let db = Arc::new(
                    PatternDb::build(
                        w,
                        h,
                        g.blank(),
                        &partition_by_sizes(w, h, g.blank(), &[3; 4]).unwrap(),
                        &mut |_, _| {},
                    )
                    .unwrap(),
                );
                let heuristics = [Heuristic::Manhattan, Heuristic::LinearConflict, Heuristic::Pdb(db)];
                for d in 0..=u8::try_from(table.histogram().len() - 1).unwrap() {
                    // Every distance, a few states each.
                    for b in table.states_at(d).iter().step_by(997).take(3) {
                        for heuristic in &heuristics {
                            for reflect in [false, true] {
                                let options =
                                    Options::default().with_heuristic(heuristic.clone()).with_reflect(reflect);
                                check(b, &g, &options, d);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn budget_gives_up_with_a_lower_bound() {
        use engine::StopReason;
        use std::time::Duration;
        let g = Goal::BlankLast.layout(4, 4).unwrap();
        let b = Board::parse_line("0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1", None).unwrap();
        let o = Options::default().with_budget(Budget::default().with_node_limit(10_000));
        let r = solve_boards(&b, &g, &o).unwrap();
        let Outcome::GaveUp { reason: StopReason::NodeLimit, proven } = r.outcome else { panic!("{r:?}") };
        // Manhattan distance plus linear conflicts of the start, at least.
        assert!(proven >= crate::heuristic::linear_conflict(&b, &g).unwrap(), "{proven}");
        assert_eq!(r.stats.nodes, 10_001);
        let o = Options::default().with_budget(Budget::default().with_time_limit(Duration::ZERO));
        assert!(matches!(
            solve_boards(&b, &g, &o).unwrap().outcome,
            Outcome::GaveUp { reason: StopReason::TimeLimit, .. }
        ));
    }

    #[test]
    fn progress_reports_every_bound() {
        use std::sync::Mutex;
        let g = Goal::BlankLast.layout(3, 3).unwrap();
        let b = Board::parse_line("8 6 7 2 5 4 3 0 1", None).unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        let budget = Budget::default().with_progress(move |p| log.lock().unwrap().push((p.bound, p.best)));
        let r = solve_boards(&b, &g, &Options::default().with_budget(budget)).unwrap();
        assert_eq!(r.outcome.answer().and_then(Answer::moves).map(<[Move]>::len), Some(31));
        let seen = seen.lock().unwrap();
        let bounds: Vec<u64> = seen.iter().filter_map(|p| p.0).collect();
        assert!(bounds.windows(2).all(|w| w[0] <= w[1]) && bounds.last() == Some(&31), "{bounds:?}");
        assert_eq!(seen.last(), Some(&(Some(31), Some(31))));
    }

    #[test]
    fn mismatched_inputs_are_errors() {
        let g = Goal::BlankLast.layout(3, 3).unwrap();
        let b = Board::parse_line("1 2 3 0", None).unwrap();
        assert_eq!(solve_boards(&b, &g, &Options::default()), Err(Error::Mismatch));
        let db = PatternDb::build(2, 2, 0, &[vec![1, 2, 3]], &mut |_, _| {}).unwrap();
        let o = Options::default().with_heuristic(Heuristic::Pdb(Arc::new(db)));
        let g2 = Goal::BlankLast.layout(2, 2).unwrap();
        assert_eq!(solve_boards(&b, &g2, &o), Err(Error::PdbMismatch));
    }
}
