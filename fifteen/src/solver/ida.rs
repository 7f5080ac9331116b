//! The optimal search: IDA* over goal-cell labels with an admissible heuristic (Manhattan
//! distance, linear conflicts or additive pattern databases), incrementally updated on every
//! slide, for any board size and goal.

use engine::{Meter, Outcome, Report};

use super::options::{Answer, Heuristic, Options, Solution};
use crate::board::neighbour;
use crate::board::taxicab;
use crate::heuristic::{column_conflicts, manhattan_cells, row_conflicts};
use crate::pdb::PatternDb;
use crate::solvable::{goal_cells, is_reachable};
use crate::{Board, Error, Move};

/// Solves `start` to `goal` optimally by IDA* with `options.heuristic` (ignoring
/// `options.fast`), within `options.budget`.
pub(crate) fn solve_optimal(start: &Board, goal: &Board, options: &Options) -> Result<Solution, Error> {
    let cells = goal_cells(start, goal).ok_or(Error::Mismatch)?;
    let meter = options.budget.start();
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
                dist[l * n + c] = taxicab(l, c, w) as u8;
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
