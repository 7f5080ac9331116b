//! The search over removals, for play with gravity (and, without gravity, the plain move
//! search the tests compare the pairing search of the `free` module with).
//!
//! With gravity a pair that connects may stop connecting, so the search tries removals one
//! by one. A position is still determined by the set of removed tiles (each column keeps its
//! remaining tiles, in order, at the bottom), so a transposition table of failed positions
//! serves: its key is the bit set of removed tiles, and a child position already proven
//! lost is skipped before it is played (no node, no grid copy). Moves are ordered: pairs
//! within one column first (only that column moves), then kinds being finished, then upper
//! tiles first; when the last two tiles of a kind are both the top of their column and
//! connect, that removal is the only one tried (a safe move: [`Search::branch`]). The search
//! restarts with node limits of 1,000 times the Luby sequence (1,000, 1,000, 2,000, 1,000,
//! 1,000, 2,000, 4,000, ...), each time with the order of the upper tiles shuffled a little
//! more (up to a limit); failed positions stay remembered, so the search stays exact while
//! one early wrong move no longer costs the whole budget (random 18x8 deals left undecided
//! after 200,000 nodes: 11 in 200 without restarts, 2 with), and solvable deals get many
//! differently ordered dives. The move list looks only at the tiles a path can
//! leave (found on the occupancy masks, a few word operations a row) and at the tiles beside
//! a tile of their class: an enclosed tile connects only to a neighbour. A position in
//! which the fixpoint of [`super::frozen`] leaves a tile that can never go is lost: the
//! dealt board is checked first (most random big deals end there), then every position
//! with more than two thirds of the tiles left, from the first restart on (the first
//! search dives without it, so solvable deals pay for one check) and on boards of at least
//! 200 tiles (on smaller ones a check costs more than the nodes it saves). Before the first
//! restart the three pairings of every class of four are probed at the root with the same
//! fixpoint ([`Search::probe_pairings`]): a pairing it proves lost is used by no winning
//! line, so its pairs are never played. The rules tried and dropped (other dead-end tests)
//! and the measurements are in `docs/gravity.md`.

use engine::{Meter, SeededRng};
use rustc_hash::FxHashSet;

use super::answer::{Partial, Removal};
use super::common::{Line, Step, Tile, Tiles, out_of_budget};
use super::frozen::Frozen;
use crate::board::Board;

/// An empty cell of the padded class grid.
const NO_CLASS: u32 = u32::MAX;

/// The node limit of the first search, the unit of the restarts' limits ([`luby`]).
const RESTART_NODES: u64 = 1000;

/// The fewest tiles a dealt board needs for [`Search::run_with_restarts`] to check positions
/// below the root with [`Frozen`]. On 18x8 deals (144 tiles) a check costs about five nodes and
/// cuts small subtrees: random 18x8 gravity deals, seeds 0 to 299, are all decided without the
/// checks (p99 79 ms) and 298 with them (p99 569 ms); from 24x12 (288 tiles) on the checks
/// decide many more deals (`docs/gravity.md`).
const CHECK_TILES: usize = 200;

/// The spread of the random part of the move order at the first restart, in thousandths of a row.
const NOISE: u64 = 10_000;

/// The most the random part of the move order spreads (640 rows), below the weights of a
/// kind being finished (1,000 rows) and of a pair within one column.
const NOISE_MAX: u64 = 640_000;

/// The search over removals (see the module docs).
pub(super) struct Search {
    tiles: Tiles,
    gravity: bool,
    /// The budget's account: nodes, clock, cancel token, progress.
    pub(super) meter: Meter,
    line: Line,
    /// The removed tiles, one bit each: the key of the position.
    removed: Vec<u64>,
    /// The keys of the positions proven lost.
    failed: FxHashSet<Box<[u64]>>,
    /// The key of a child position, to look up before playing into it.
    child: Vec<u64>,
    /// Per tile: its class.
    class: Vec<u32>,
    /// Per class: its tiles left.
    left: Vec<u32>,
    /// Per tile: whether the move list looks at it (0: no, 1: enclosed but beside a tile of
    /// its class, 2: a path can leave it); all 0 between nodes.
    candidate: Vec<u8>,
    /// The tiles marked in `candidate`.
    marked: Vec<Tile>,
    /// Per cell of the grid padded with an empty column on the right and an empty row at the
    /// bottom (stride `w + 1`): the class of its tile, or [`NO_CLASS`].
    classes: Vec<u32>,
    /// The tiles of each removal of the line, for undoing.
    taken: Vec<(Tile, Tile)>,
    /// Grid snapshots for undoing gravity moves, one per removal.
    saved: Vec<u32>,
    /// Tie-breaks in the move order, redrawn at every restart.
    rng: SeededRng,
    /// The spread of the random part of the move order (0: none).
    noise: u64,
    /// The node limit of the first search ([`Search::run_with_restarts`]).
    pub(super) first_limit: u64,
    /// The columns a removal changes: `None` when only the two tiles' own (every tile of the
    /// dealt board rests on the bottom or on a tile, or there is no gravity), else every
    /// column (the floating tiles fall at the first removal).
    all_columns: Option<Vec<usize>>,
    /// The proof that some tiles can never go ([`Frozen`]), under gravity.
    pub(super) frozen: Option<Frozen>,
    /// Whether every position is checked with [`Frozen`] (else only the root): not in the
    /// first search of [`Search::run_with_restarts`], whose dive finds most solutions, nor on
    /// boards dealt with fewer than [`CHECK_TILES`] tiles.
    pub(super) checking: bool,
    /// Whether a safe move is played alone ([`Search::branch`]); off only in the tests
    /// that compare the search with and without it.
    pub(super) safe_moves: bool,
}

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...:
/// the node limits of the restarts, in units of [`RESTART_NODES`].
fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = u64::BITS - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

impl Search {
    pub(super) fn new(board: &Board, gravity: bool, meter: Meter) -> Search {
        let tiles = Tiles::new(board);
        let n = tiles.len();
        let settled = !gravity || tiles.grid.is_settled();
        let all_columns = (!settled).then(|| (0..tiles.grid.width()).collect());
        let left = tiles.members.iter().map(|m| m.len() as u32).collect();
        let (w, h) = (tiles.grid.width(), tiles.grid.size() / tiles.grid.width().max(1));
        let mut class = vec![0; n];
        for (k, members) in tiles.members.iter().enumerate() {
            for &t in members {
                class[t as usize] = k as u32;
            }
        }
        let mut search = Search {
            tiles,
            gravity,
            meter,
            line: Line::new(n),
            removed: vec![0; n.div_ceil(64)],
            failed: FxHashSet::default(),
            child: Vec::new(),
            class,
            left,
            candidate: vec![0; n],
            marked: Vec::new(),
            classes: vec![NO_CLASS; (w + 1) * (h + 1)],
            taken: Vec::new(),
            saved: Vec::new(),
            rng: SeededRng::new(0x6a7e),
            noise: 0,
            first_limit: RESTART_NODES,
            frozen: gravity.then(|| Frozen::new(w, h, n)),
            checking: true,
            safe_moves: true,
            all_columns,
        };
        search.refresh_classes(&(0..w).collect::<Vec<_>>());
        search
    }

    /// The line found (the winning one after [`Step::Solved`]), the deepest line, and the meter.
    pub(super) fn finish(self) -> (Vec<Removal>, Partial, Meter) {
        let (moves, best) = self.line.into_removals(&self.tiles.grid);
        (moves, best, self.meter)
    }

    /// Depth-first searches with the node limits of the Luby sequence (in units of
    /// `first_limit`), each with the move order shuffled a little more, until one ends within
    /// its limit or the budget runs out; the limits grow without bound, so a search within
    /// an unlimited budget ends. Failed positions stay failed from one
    /// search to the next, so the search stays exact; the restarts only keep one early wrong
    /// move from costing the whole budget.
    pub(super) fn run_with_restarts(&mut self) -> Step {
        let overall = self.meter.node_limit();
        let mut limit = self.first_limit;
        let mut restarts = 1;
        self.checking = false;
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
            if restarts == 1 && self.probe_pairings() {
                self.failed.insert(self.key());
                return Step::Failed;
            }
            restarts += 1;
            limit = self.first_limit.saturating_mul(luby(restarts));
            self.checking = self.tiles.len() >= CHECK_TILES;
            self.noise = (self.noise * 2).clamp(NOISE, NOISE_MAX);
        }
    }

    /// Probes, at the root, the three pairings of every class of four: a pairing under which
    /// the [`Frozen`] fixpoint (with the pairs of the other two forbidden) leaves a tile
    /// that can never go is used by no winning line, so its two pairs are forbidden from
    /// then on (in the fixpoint and in the move list). Whether a class has no pairing left
    /// (the deal is lost).
    pub(super) fn probe_pairings(&mut self) -> bool {
        let Some(frozen) = &mut self.frozen else { return false };
        if self.all_columns.is_some() {
            return false;
        }
        let forbid = |frozen: &mut Frozen, t: Tile, u: Tile, on: bool| {
            for (s, v) in [(t, u), (u, t)] {
                let list = &mut frozen.forbid[s as usize];
                if on {
                    list.push(v);
                } else {
                    let i = list.iter().rposition(|&x| x == v).expect("forbidden");
                    list.remove(i);
                }
            }
        };
        let mut changed = true;
        while changed {
            changed = false;
            for k in 0..self.tiles.members.len() {
                let &[a, b, c, d] = &self.tiles.members[k][..] else { continue };
                let pairings = [[(a, b), (c, d)], [(a, c), (b, d)], [(a, d), (b, c)]];
                let mut left = 0;
                for (i, pairing) in pairings.iter().enumerate() {
                    if frozen.forbid[pairing[0].0 as usize].contains(&pairing[0].1)
                        || frozen.forbid[pairing[1].0 as usize].contains(&pairing[1].1)
                    {
                        continue;
                    }
                    if out_of_budget(&mut self.meter) {
                        return false;
                    }
                    let others: Vec<(Tile, Tile)> =
                        pairings.iter().enumerate().filter(|&(j, _)| j != i).flat_map(|(_, p)| *p).collect();
                    for &(t, u) in &others {
                        forbid(frozen, t, u, true);
                    }
                    let stuck = frozen.stuck(&self.tiles.grid, &self.class, &self.tiles.members);
                    for &(t, u) in &others {
                        forbid(frozen, t, u, false);
                    }
                    if stuck {
                        for &(t, u) in pairing {
                            forbid(frozen, t, u, true);
                        }
                        changed = true;
                    } else {
                        left += 1;
                    }
                }
                if left == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// The columns that a removal at cells `a` and `b` changes.
    fn changed_columns(&self, a: usize, b: usize) -> Vec<usize> {
        let w = self.tiles.grid.width();
        self.all_columns.clone().unwrap_or_else(|| vec![a % w, b % w])
    }

    /// Marks tile `t` removed, or back.
    fn flip(&mut self, t: Tile) {
        self.removed[t as usize / 64] ^= 1 << (t % 64);
        let k = self.class[t as usize] as usize;
        if self.is_removed(t) {
            self.left[k] -= 1;
        } else {
            self.left[k] += 1;
        }
    }

    fn is_removed(&self, t: Tile) -> bool {
        self.removed[t as usize / 64] & (1 << (t % 64)) != 0
    }

    /// Removes the tiles at cells `a` and `b` (then lets tiles fall under gravity).
    fn apply(&mut self, a: usize, b: usize) {
        self.line.moves.push((a, b));
        let grid = &self.tiles.grid;
        let (t, u) = (grid.tile(a).expect("a tile"), grid.tile(b).expect("a tile"));
        self.flip(t);
        self.flip(u);
        self.taken.push((t, u));
        self.line.tiles_left -= 2;
        if self.gravity {
            self.tiles.grid.save(&mut self.saved);
        }
        self.tiles.grid.set(a, None);
        self.tiles.grid.set(b, None);
        if self.gravity {
            let columns = self.changed_columns(a, b);
            let Tiles { grid, pos, .. } = &mut self.tiles;
            for &x in &columns {
                grid.fall(x, |t, cell| pos[t as usize] = cell);
            }
            self.refresh_classes(&columns);
        } else {
            let w = self.tiles.grid.width();
            self.refresh_classes(&[a % w, b % w]);
        }
    }

    /// Takes the last removal back.
    fn undo(&mut self) {
        let (a, b) = self.line.moves.pop().expect("a move to undo");
        let (t, u) = self.taken.pop().expect("a move to undo");
        if self.gravity {
            let start = self.saved.len() - self.tiles.grid.size();
            let columns = self.changed_columns(a, b);
            let Tiles { grid, pos, .. } = &mut self.tiles;
            grid.restore(&self.saved[start..], &columns, |t, cell| pos[t as usize] = cell);
            self.saved.truncate(start);
            self.refresh_classes(&columns);
        } else {
            self.tiles.grid.set(a, Some(t));
            self.tiles.grid.set(b, Some(u));
            let w = self.tiles.grid.width();
            self.refresh_classes(&[a % w, b % w]);
        }
        self.flip(t);
        self.flip(u);
        self.line.tiles_left += 2;
    }

    /// Marks in `candidate` the tiles that can be in a pair now (see [`Search::branch`]),
    /// listing them in `marked`.
    fn mark_candidates(&mut self, marked: &mut Vec<Tile>) {
        marked.clear();
        let Search { tiles, candidate, .. } = self;
        let grid = &tiles.grid;
        grid.open_cells(|cell| {
            let t = grid.tile(cell).expect("an open tile");
            candidate[t as usize] = 2;
            marked.push(t);
        });
        // Tiles of one class side by side, on the padded class grid.
        let stride = grid.width() + 1;
        for p in 0..self.classes.len() - stride {
            let k = self.classes[p];
            if k == NO_CLASS {
                continue;
            }
            for q in [p + 1, p + stride] {
                if self.classes[q] == k {
                    for cell in [p, q] {
                        let t = grid.tile(cell / stride * grid.width() + cell % stride).expect("a tile");
                        if candidate[t as usize] == 0 {
                            candidate[t as usize] = 1;
                            marked.push(t);
                        }
                    }
                }
            }
        }
    }

    /// Whether the tiles at cells `a` and `b` are known never to go together in a winning
    /// line ([`Search::probe_pairings`]).
    fn forbidden(&self, a: usize, b: usize) -> bool {
        let grid = &self.tiles.grid;
        let (t, u) = (grid.tile(a).expect("a tile"), grid.tile(b).expect("a tile"));
        self.frozen.as_ref().is_some_and(|f| f.forbid[t as usize].contains(&u))
    }

    /// Brings the padded class grid up to date in `columns`.
    fn refresh_classes(&mut self, columns: &[usize]) {
        let grid = &self.tiles.grid;
        let (w, stride) = (grid.width(), grid.width() + 1);
        for &x in columns {
            for y in 0..grid.size() / w {
                self.classes[y * stride + x] = grid.tile(y * w + x).map_or(NO_CLASS, |t| self.class[t as usize]);
            }
        }
    }

    /// Whether no tile stands above the tile at `cell` (always, without gravity).
    fn is_top(&self, cell: usize) -> bool {
        let w = self.tiles.grid.width();
        !self.gravity || cell < w || self.tiles.grid.tile(cell - w).is_none()
    }

    fn key(&self) -> Box<[u64]> {
        self.removed.clone().into_boxed_slice()
    }

    /// Whether the position after removing the tiles at cells `a` and `b` is known lost.
    fn lost_after(&mut self, a: usize, b: usize) -> bool {
        self.child.clone_from(&self.removed);
        for cell in [a, b] {
            let t = self.tiles.grid.tile(cell).expect("a tile");
            self.child[t as usize / 64] ^= 1 << (t % 64);
        }
        self.failed.contains(&self.child[..])
    }

    /// One node: the position after the line so far.
    pub(super) fn run(&mut self) -> Step {
        if out_of_budget(&mut self.meter) {
            return Step::OutOfBudget;
        }
        self.line.note_best(&mut self.meter);
        self.branch()
    }

    /// The children of the position, best first; a position all of whose children fail
    /// fails. A safe move is tried alone: the last two tiles `a` and `b` of a kind, each the
    /// top of its column, that connect (on a settled board). Take a winning line from the
    /// position; it removes `a` with `b`, the only tile of its kind left. Play that removal
    /// first, then the line's other removals in their order: no tile stands above `a` or `b`
    /// and none can come to, so removing them moves no other tile, and every later position
    /// is the line's with the two cells of `a` and `b` empty (or `a` and `b` fallen lower in
    /// the line's), so every removal still connects (an empty cell never blocks a path). So
    /// the position after the safe move wins whenever the position does, and its siblings
    /// need not be tried. (Without gravity no tile ever moves, and every connecting pair of
    /// the last two tiles of a kind is safe.)
    fn branch(&mut self) -> Step {
        if self.line.tiles_left == 0 {
            return Step::Solved;
        }
        let key = self.key();
        if self.failed.contains(&key) {
            return Step::Failed;
        }
        // Settled positions only: the dealt board when nothing floats, then every position
        // (after the first search, while more than two thirds of the tiles are left: the
        // check costs a tenth of a millisecond or more on big boards, and solvable deals
        // spend most of their nodes near the end).
        if let Some(frozen) = &mut self.frozen
            && (self.line.moves.is_empty() || self.checking && self.line.tiles_left * 3 > self.tiles.len() * 2)
            && (self.all_columns.is_none() || !self.line.moves.is_empty())
            && frozen.stuck(&self.tiles.grid, &self.class, &self.tiles.members)
        {
            self.failed.insert(key);
            return Step::Failed;
        }
        let mut moves: Vec<(u64, usize, usize)> = Vec::new();
        let mut safe = None;
        let settled = self.all_columns.is_none() || !self.line.moves.is_empty();
        // The tiles that can be in a pair: those a path can leave, and those beside a tile of
        // their class (enclosed tiles connect only to a neighbour). By class, then tile.
        let mut marked = std::mem::take(&mut self.marked);
        self.mark_candidates(&mut marked);
        // Per candidate tile of a class: its cell, column, row, and whether a path can leave it.
        let mut group: Vec<(usize, usize, usize, bool)> = Vec::new();
        for k in 0..self.tiles.members.len() {
            group.clear();
            let grid = &self.tiles.grid;
            group.extend(self.tiles.members[k].iter().filter(|&&t| self.candidate[t as usize] != 0).map(|&t| {
                let cell = self.tiles.cell(t);
                (cell, grid.x(cell), grid.y(cell), self.candidate[t as usize] == 2)
            }));
            for (i, &(a, xa, ya, ea)) in group.iter().enumerate() {
                for &(b, xb, yb, eb) in &group[i + 1..] {
                    // Enclosed tiles connect only to a neighbour: a cheap test first.
                    if !(ea && eb) && xa.abs_diff(xb) + ya.abs_diff(yb) != 1 {
                        continue;
                    }
                    let (a, b) = (a.min(b), a.max(b));
                    if self.tiles.grid.connects(a, b) && !self.forbidden(a, b) {
                        // Pairs within one column first (only that column moves), then
                        // kinds being finished, then upper tiles first.
                        let across = u64::from(self.tiles.grid.x(a) != self.tiles.grid.x(b));
                        let finishing = u64::from(self.left[k] != 2);
                        let depth = (self.tiles.grid.y(a) + self.tiles.grid.y(b)) as u64;
                        let noise = if self.noise == 0 { 0 } else { self.rng.below(self.noise) };
                        moves.push((across * 1_000_000_000 + finishing * 1_000_000 + depth * 1000 + noise, a, b));
                        if finishing == 0 && safe.is_none() && settled && self.is_top(a) && self.is_top(b) {
                            safe = Some((0, a, b));
                        }
                    }
                }
            }
        }
        for &t in &marked {
            self.candidate[t as usize] = 0;
        }
        self.marked = marked;
        if let Some(m) = safe.filter(|_| self.safe_moves) {
            moves.clear();
            moves.push(m);
        }
        moves.sort_unstable();
        for (_, a, b) in moves {
            if self.lost_after(a, b) {
                continue;
            }
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

#[cfg(test)]
mod tests {
    use super::super::check::{brute_force, replay};
    use super::super::frozen::tests::stuck;
    use super::super::test_support::{deal, meter, played};
    use super::*;
    use engine::Coord;
    use proptest::prelude::*;

    #[test]
    fn restart_limits_follow_the_luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(0), 1);
        assert_eq!(luby(1023), 512);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// Safe moves ([`Search::branch`]) change no answer: the search with them and the
        /// search without them agree (and a line found wins), on boards too big for brute
        /// force, played a few moves in (so that kinds are down to their last two tiles).
        #[test]
        fn safe_moves_keep_every_answer(w in 3usize..7, h in 2usize..6, copies in 1usize..=2, moves in 0usize..8, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let board = played(deal(w, h, copies, seed), moves, seed);
            let mut without = Search::new(&board, true, meter());
            without.safe_moves = false;
            let expected = without.run();
            prop_assert_ne!(expected, Step::OutOfBudget);
            let mut with = Search::new(&board, true, meter());
            prop_assert_eq!(with.run(), expected, "{}", board);
            if expected == Step::Solved {
                let (moves, _, _) = with.finish();
                prop_assert!(replay(&board, true, &moves).unwrap().is_cleared());
            }
        }

        /// The search restarting after every few nodes (so that the failed positions of a
        /// search cut short serve the next one) agrees with brute force.
        #[test]
        fn restarts_agree_with_brute_force(w in 2usize..5, h in 2usize..4, copies in 1usize..=2, limit in 1u64..20, hole in 0usize..12, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0 && w * h <= 12);
            let mut board = deal(w, h, copies, seed);
            // Empty two cells of one kind (some deals then float above a hole).
            let tiles: Vec<(Coord, crate::board::Kind)> = board.cells().iter().filter_map(|(c, k)| k.map(|k| (c, k))).collect();
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
                let (moves, _, _) = search.finish();
                prop_assert!(replay(&board, true, &moves).unwrap().is_cleared());
            }
        }

        /// The same against one search without restarts, on boards too big for brute force.
        #[test]
        fn restarts_agree_with_one_search(w in 3usize..7, h in 2usize..6, copies in 1usize..=2, limit in 1u64..50, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let board = deal(w, h, copies, seed);
            let mut search = Search::new(&board, true, meter());
            search.first_limit = limit;
            let outcome = search.run_with_restarts();
            let expected = Search::new(&board, true, meter()).run();
            prop_assert_ne!(expected, Step::OutOfBudget);
            prop_assert_eq!(outcome, expected, "{}", board);
            if outcome == Step::Solved {
                let (moves, _, _) = search.finish();
                prop_assert!(replay(&board, true, &moves).unwrap().is_cleared());
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Probing pairings ([`Search::probe_pairings`]) never rules out a solution:
        /// a board it finds lost has none, and the search that skips the forbidden pairs
        /// finds one when there is one (against the search without the fixpoint).
        #[test]
        fn probed_pairings_keep_every_solution(size in 0usize..6, moves in 0usize..6, seed: u64) {
            let (w, h) = [(4, 3), (2, 6), (4, 4), (3, 8), (4, 6), (8, 3)][size];
            let board = played(deal(w, h, 4, seed), moves, seed);
            let meter = || engine::Budget::default().with_node_limit(2_000_000).start();
            let mut search = Search::new(&board, true, meter());
            let lost = search.probe_pairings();
            let mut plain = Search::new(&board, true, meter());
            plain.frozen = None;
            let expected = plain.run();
            if lost {
                prop_assert_eq!(expected, Step::Failed, "{}", board);
            } else {
                prop_assert_eq!(search.run(), expected, "{}", board);
            }
        }

        /// On boards too big for brute force: the search without the fixpoint finds every
        /// board the fixpoint proves lost lost, and both searches agree.
        #[test]
        fn stuck_boards_are_lost_by_search(w in 4usize..8, h in 3usize..6, copies in 1usize..=2, moves in 0usize..6, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let board = played(deal(w, h, copies, seed), moves, seed);
            let meter = || engine::Budget::default().with_node_limit(2_000_000).start();
            let mut plain = Search::new(&board, true, meter());
            plain.frozen = None;
            let expected = plain.run();
            prop_assert_ne!(expected, Step::OutOfBudget);
            if stuck(&board) {
                prop_assert_eq!(expected, Step::Failed, "{}", board);
            }
            prop_assert_eq!(Search::new(&board, true, meter()).run(), expected, "{}", board);
        }
    }
}
