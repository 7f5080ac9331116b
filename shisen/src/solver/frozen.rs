//! A proof, under gravity, that some tiles can never go: the column-count fixpoint.
//!
//! Let `G` be a set of tiles ("could go"). Until a tile outside `G` goes, every column holds
//! all its tiles outside `G`, in their order, at its bottom: a tile `t` stands at a row
//! (counted from the bottom) between the number of tiles outside `G` below it and the number
//! of tiles below it now, the bottom cells of each column, as many as its tiles outside `G`,
//! are occupied, and so are the cells of `t`'s column up to `t` and the tiles outside `G`
//! above it. Call a pair of tiles of one class *possible* when some such row for each and a
//! path of at most two turns through cells not known occupied join them. The least `G` that
//! holds every tile with a possible pair ([`Frozen::stuck`] finds it by adding tiles until
//! none is added) is a proof: were a tile outside `G` removed in some line of play, take the
//! first such removal; just before it every tile outside `G` is still there, so the board
//! is one of those described and the removed pair is possible, so its tiles are in `G`. So
//! the tiles outside `G` stay on the board for ever, and a position with one is lost. Two
//! tiles of one column also keep between them at least the tiles outside `G` that stand
//! between them now, so they are neighbours only when no such tile does.
//!
//! Pairs known to be used by no winning line ([`Frozen::forbid`]) are left out of the
//! possible pairs: the same argument, over the lines that avoid them, shows that no such
//! line removes a tile outside `G`, so none clears the board, and every winning line is
//! one. This is how `Search::probe_pairings` (in `gravity`) rules out a pairing of a class
//! of four: with the pairs of the other two pairings forbidden, a tile left outside `G`
//! shows that no winning line pairs the class that way.
//!
//! Speed: a path leaves a tile through an empty neighbour or the ring, so a tile that may
//! have no empty neighbour (not on the edge, tiles outside `G` above it, and both
//! neighbouring columns too high) is tried only with the tiles beside it, and is looked at
//! again only when its column or a neighbouring one changed; the path test works on the
//! columns' heights ([`joins`], checked against the cell-by-cell `reference_joins` of the tests).
//! The pairs that the last check to put every tile in `G` found possible are tried first, in
//! the order it found them (a position in the search differs little from the last one
//! checked); each is tested as usual, and the sweeps follow until nothing changes, so `G` is
//! the least set all the same.
//!
//! The positions must be settled (no tile above an empty cell): every position a move
//! reaches is, and a dealt board floating above holes is not checked. The proof is checked
//! against brute force on small boards in the tests; `docs/gravity.md` has the measurements.

use super::common::{Tile, TileGrid};

/// The fixpoint's buffers, kept from one position to the next.
pub(super) struct Frozen {
    w: usize,
    h: usize,
    /// Per column: its tiles from the bottom up.
    cols: Vec<Vec<Tile>>,
    /// Per tile on the board: its column and its index in it from the bottom.
    at: Vec<(u32, u32)>,
    /// Per tile: whether it is on the board.
    present: Vec<bool>,
    /// Per tile: whether it is in `G` (could go).
    go: Vec<bool>,
    /// Per tile: how many tiles of `G` stand below it in its column.
    go_below: Vec<u32>,
    /// Per column: how many of its tiles are outside `G` (its cells from the bottom, as
    /// many, are occupied until a tile outside `G` goes).
    floor: Vec<usize>,
    /// Per column: whether its tiles are all looked at in this sweep, and in the next.
    dirty: Vec<bool>,
    next: Vec<bool>,
    /// Per tile: the tiles of its class it is known never to go with in a winning line.
    pub(super) forbid: Vec<Vec<Tile>>,
    /// The possible pairs in the order the last check that put every tile in `G` found them,
    /// tried first by the next checks.
    order: Vec<(Tile, Tile)>,
    /// The possible pairs the current check found, in order.
    admitted: Vec<(Tile, Tile)>,
}

/// A cell as (column, row from the bottom); the ring around the board is column -1 and `w`,
/// row -1 and `h`.
type Cell = (i32, i32);

impl Frozen {
    /// Buffers for a `w` × `h` board of `n` tiles.
    pub(super) fn new(w: usize, h: usize, n: usize) -> Frozen {
        Frozen {
            w,
            h,
            cols: vec![Vec::with_capacity(h); w],
            at: vec![(0, 0); n],
            present: vec![false; n],
            go: vec![false; n],
            go_below: vec![0; n],
            floor: vec![0; w],
            dirty: Vec::new(),
            next: Vec::new(),
            forbid: vec![Vec::new(); n],
            order: Vec::new(),
            admitted: Vec::new(),
        }
    }

    /// Whether some tile of the settled position on `grid` can never go (see the module
    /// docs), `class` giving each tile's matching class and `members` each class's tiles.
    pub(super) fn stuck(&mut self, grid: &TileGrid, class: &[u32], members: &[Vec<Tile>]) -> bool {
        let (w, h) = (self.w, self.h);
        self.present.fill(false);
        self.go.fill(false);
        for x in 0..w {
            let col = &mut self.cols[x];
            col.clear();
            for y in (0..h).rev() {
                let Some(t) = grid.tile(y * w + x) else { break };
                self.at[t as usize] = (x as u32, col.len() as u32);
                self.present[t as usize] = true;
                self.go_below[t as usize] = 0;
                col.push(t);
            }
            self.floor[x] = col.len();
        }
        let mut left: usize = self.floor.iter().sum();
        // A tile that may have no empty neighbour is looked at again only when a tile of its
        // column or of a neighbouring column joined `G` since it was last looked at.
        self.dirty.clear();
        self.dirty.resize(w, true);
        self.next.clear();
        self.next.resize(w, false);
        // The pairs the last check that found no stuck tile found possible are tried first, in
        // its order: a position differs little from the last one checked, so most of `G` is
        // found in one pass, each tile with one path test. Every pair is tested as usual, so
        // `G` is the same.
        let order = std::mem::take(&mut self.order);
        self.admitted.clear();
        for &(t, u) in &order {
            // The tile outside `G` first, as the sweeps below ask.
            let (t, u) = if self.go.get(t as usize) == Some(&true) { (u, t) } else { (t, u) };
            let (ti, ui) = (t as usize, u as usize);
            if self.present[ti]
                && self.present[ui]
                && class[ti] == class[ui]
                && !(self.go[ti] && self.go[ui])
                && !self.forbid[ti].contains(&u)
                && self.possible(t, self.rows(t), u)
            {
                left -= self.admit(t, u);
            }
        }
        self.order = order;
        loop {
            if left == 0 {
                break;
            }
            let mut changed = false;
            self.next.clear();
            self.next.resize(w, false);
            for x in 0..w {
                for i in 0..self.cols[x].len() {
                    let t = self.cols[x][i];
                    if self.go[t as usize] {
                        continue;
                    }
                    let Some(u) = self.could_go(t, self.dirty[x], class, members) else { continue };
                    left -= self.admit(t, u);
                    changed = true;
                }
            }
            if left == 0 || !changed {
                break;
            }
            std::mem::swap(&mut self.dirty, &mut self.next);
        }
        // A complete order (a position not stuck) serves the next checks best.
        if left == 0 {
            std::mem::swap(&mut self.order, &mut self.admitted);
        }
        left > 0
    }

    /// Puts both tiles of the possible pair `t`, `u` in `G` (a possible pair is possible both
    /// ways) and records the pair; how many tiles joined.
    fn admit(&mut self, t: Tile, u: Tile) -> usize {
        self.admitted.push((t, u));
        let mut joined = 0;
        for s in [t, u] {
            if !self.go[s as usize] {
                self.join(s);
                joined += 1;
            }
        }
        joined
    }

    /// Puts tile `t` in `G`.
    fn join(&mut self, t: Tile) {
        let (x, i) = self.at[t as usize];
        let x = x as usize;
        self.go[t as usize] = true;
        for &s in &self.cols[x][i as usize + 1..] {
            self.go_below[s as usize] += 1;
        }
        self.floor[x] -= 1;
        for d in x.saturating_sub(1)..(x + 2).min(self.w) {
            self.next[d] = true;
            // Columns still to come in this sweep look again now.
            self.dirty[d] = true;
        }
    }

    /// The rows (from the bottom) tile `t` can stand at until a tile outside `G` goes, and
    /// how many tiles outside `G` stand above it.
    fn rows(&self, t: Tile) -> (i32, i32, i32) {
        let (x, i) = self.at[t as usize];
        let (len, floor) = (self.cols[x as usize].len() as u32, self.floor[x as usize] as u32);
        let below = self.go_below[t as usize];
        let above = (len - 1 - i) - (len - floor - below - u32::from(self.go[t as usize]));
        ((i - below) as i32, i as i32, above as i32)
    }

    /// A tile that makes a possible pair with tile `t` (see the module docs); when `t` may
    /// have no empty neighbour only if `near` (its column or a neighbouring one changed).
    fn could_go(&self, t: Tile, near: bool, class: &[u32], members: &[Vec<Tile>]) -> Option<Tile> {
        let (xt, _) = self.at[t as usize];
        let (lo, hi, above) = self.rows(t);
        // A path leaves a cell through an empty neighbour or the ring; otherwise `t` only
        // meets a neighbour.
        let open = lo == 0 || self.open(xt as i32, hi, above);
        if !(open || near) {
            return None;
        }
        members[class[t as usize] as usize].iter().copied().find(|&u| {
            u != t
                && self.present[u as usize]
                && !self.forbid[t as usize].contains(&u)
                && (open || self.at[u as usize].0.abs_diff(xt) <= 1)
                && self.possible(t, (lo, hi, above), u)
        })
    }

    /// Whether a tile of column `x` at row `r` (from the bottom), with `above` tiles outside
    /// `G` above it, may have an empty neighbour or lie on the edge.
    fn open(&self, x: i32, r: i32, above: i32) -> bool {
        let x = x as usize;
        x == 0
            || x + 1 == self.w
            || r == 0
            || above == 0
            || self.floor[x - 1] as i32 <= r
            || self.floor[x + 1] as i32 <= r
    }

    /// How many tiles outside `G` stand between tiles `t` and `u` of one column.
    fn fixed_between(&self, t: Tile, u: Tile) -> i32 {
        let (x, i) = self.at[t as usize];
        let j = self.at[u as usize].1;
        let col = &self.cols[x as usize];
        col[i.min(j) as usize + 1..i.max(j) as usize].iter().filter(|&&s| !self.go[s as usize]).count() as i32
    }

    /// Whether tiles `t` (with its [`Frozen::rows`]) and `u` make a possible pair.
    fn possible(&self, t: Tile, (t_lo, t_hi, t_above): (i32, i32, i32), u: Tile) -> bool {
        let (u_lo, u_hi, u_above) = self.rows(u);
        let (xt, xu) = (self.at[t as usize].0 as i32, self.at[u as usize].0 as i32);
        // Tiles of two columns that can each be the top of its column meet over the board,
        // and tiles that can each be in the bottom row meet under it; two tiles of an edge
        // column meet beside it.
        if xt != xu && (t_above == 0 && u_above == 0 || t_lo == 0 && u_lo == 0)
            || xt == xu && (xt == 0 || xt + 1 == self.w as i32)
        {
            return true;
        }
        // In one column the tiles outside `G` between the two stay between them.
        let between = if xt == xu { self.fixed_between(t, u) } else { 0 };
        let near = xt.abs_diff(xu) <= 1;
        for rt in t_lo..=t_hi {
            let t_open = self.open(xt, rt, t_above);
            if !(t_open || near) {
                continue;
            }
            for ru in u_lo..=u_hi {
                // A path leaves a tile through an empty neighbour or the ring; otherwise the
                // two tiles must be neighbours.
                if !(t_open && self.open(xu, ru, u_above) || near && (xt == xu || rt == ru)) {
                    continue;
                }
                if xt == xu {
                    let gap = rt.abs_diff(ru) as i32 - 1;
                    if gap < between || (rt < ru) != (self.at[t as usize].1 < self.at[u as usize].1) {
                        continue;
                    }
                    if gap == 0 {
                        return true;
                    }
                }
                // The height of the occupied cells of the two tiles' columns.
                let top_t = rt + 1 + t_above;
                let top_u = ru + 1 + u_above;
                let height = |x: i32| {
                    let base = self.floor[x as usize] as i32;
                    if x == xt && x == xu {
                        base.max(top_t).max(top_u)
                    } else if x == xt {
                        base.max(top_t)
                    } else if x == xu {
                        base.max(top_u)
                    } else {
                        base
                    }
                };
                if joins(self.w as i32, self.h as i32, (xt, rt), (xu, ru), height) {
                    return true;
                }
            }
        }
        false
    }
}

/// Whether a path of at most two turns joins cells `a` and `b` (tiles on the `w` × `h`
/// board, each below the height of its column) through the ring and the cells at or above
/// `height(x)` in each column `x`. The empty cells of a column are those above its height,
/// so a line leaves a tile only to cells that are all empty: the four rays from each tile
/// are found by stepping, and a path is one column or row both tiles' rays reach whose
/// segment between the two rows or columns is empty, which on such a skyline is one
/// comparison for a column and a scan for a row.
fn joins(w: i32, h: i32, a: Cell, b: Cell, height: impl Fn(i32) -> i32) -> bool {
    let empty = |x: i32, r: i32| (x, r) == a || (x, r) == b || x < 0 || x >= w || r < 0 || r >= h || r >= height(x);
    // How far the four rays from `p` reach: left, right, down, up.
    let reach = |p: Cell| {
        let mut l = p.0;
        while l > -1 && empty(l - 1, p.1) {
            l -= 1;
        }
        let mut r = p.0;
        while r < w && empty(r + 1, p.1) {
            r += 1;
        }
        let mut d = p.1;
        while d > -1 && empty(p.0, d - 1) {
            d -= 1;
        }
        let mut u = p.1;
        while u < h && empty(p.0, u + 1) {
            u += 1;
        }
        (l, r, d, u)
    };
    let (al, ar, ad, au) = reach(a);
    let (bl, br, bd, bu) = reach(b);
    // Horizontal, vertical in column `x`, horizontal.
    let (lo, hi) = (a.1.min(b.1), a.1.max(b.1));
    for x in al.max(bl)..=ar.min(br) {
        if x < 0 || x >= w {
            return true;
        }
        // The lowest cell of the segment that is not a tile's own decides.
        let mut r = lo;
        while r <= hi && ((x, r) == a || (x, r) == b) {
            r += 1;
        }
        if r > hi || r >= height(x) {
            return true;
        }
    }
    // Vertical, horizontal in row `y`, vertical.
    let (left, right) = (a.0.min(b.0), a.0.max(b.0));
    (ad.max(bd)..=au.min(bu)).any(|y| y < 0 || y >= h || (left..=right).all(|x| empty(x, y)))
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::check::brute_force;
    use super::super::common::Tiles;
    use super::super::test_support::{deal, played};
    use super::*;
    use crate::board::Board;
    use engine::SeededRng;
    use proptest::prelude::*;

    /// Whether the fixpoint proves the settled `board` lost.
    pub(in crate::solver) fn stuck(board: &Board) -> bool {
        let tiles = Tiles::new(board);
        let mut class = vec![0; tiles.len()];
        for (k, members) in tiles.members.iter().enumerate() {
            for &t in members {
                class[t as usize] = k as u32;
            }
        }
        Frozen::new(board.width(), board.height(), tiles.len()).stuck(&tiles.grid, &class, &tiles.members)
    }

    /// [`joins`] the slow way: every path of at most two turns, cell by cell.
    fn reference_joins(w: i32, h: i32, a: Cell, b: Cell, height: impl Fn(i32) -> i32) -> bool {
        let empty = |c: Cell| c == a || c == b || c.0 < 0 || c.0 >= w || c.1 < 0 || c.1 >= h || c.1 >= height(c.0);
        // Cells from `p` to `q` on one line, both ends included, all empty.
        let clear = |p: Cell, q: Cell| {
            let step = ((q.0 - p.0).signum(), (q.1 - p.1).signum());
            let mut c = p;
            loop {
                if !empty(c) {
                    return false;
                }
                if c == q {
                    return true;
                }
                c = (c.0 + step.0, c.1 + step.1);
            }
        };
        (-1..=w).any(|x| clear(a, (x, a.1)) && clear((x, a.1), (x, b.1)) && clear((x, b.1), b))
            || (-1..=h).any(|y| clear(a, (a.0, y)) && clear((a.0, y), (b.0, y)) && clear((b.0, y), b))
    }

    #[test]
    fn crossed_columns_are_stuck() {
        // The A's can only meet with three turns, and the bottom B and A never match.
        assert!(stuck(&"A B\nB A".parse().unwrap()));
        assert!(!stuck(&"A B\nA B".parse().unwrap()));
        // Tiles of a class that could become neighbours once the tiles between them go.
        assert!(!stuck(&"A C\nB C\nA B".parse().unwrap()));
    }

    #[test]
    fn small_deals_stuck_are_lost() {
        // Every 4x3 deal of seeds 0..300 with 2 copies, after 0 to 2 removals: a proof of
        // loss is never wrong, and it settles most of the lost ones.
        let (mut lost, mut proved) = (0, 0);
        for seed in 0..300 {
            let board = played(deal(4, 3, 2, seed), (seed % 3) as usize, seed);
            let solvable = brute_force(&board, true).is_some();
            if stuck(&board) {
                assert!(!solvable, "{board}");
                proved += 1;
            }
            lost += usize::from(!solvable);
        }
        assert!(proved * 2 > lost, "{proved} of {lost}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A fixpoint that tries the last check's pairs first finds what a fresh one finds,
        /// along a game and across unrelated boards of one size.
        #[test]
        fn reused_fixpoint_agrees_with_a_fresh_one(w in 2usize..7, h in 2usize..6, copies in 1usize..=2, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let mut reused = Frozen::new(w, h, w * h);
            for (i, moves) in [0, 1, 2, 4, 0, 3].into_iter().enumerate() {
                let board = played(deal(w, h, copies, seed.wrapping_add((i / 4) as u64)), moves, seed);
                let tiles = Tiles::new(&board);
                let mut class = vec![0; tiles.len()];
                for (k, members) in tiles.members.iter().enumerate() {
                    for &t in members {
                        class[t as usize] = k as u32;
                    }
                }
                // Tiles are numbered on the board as it stands, so the reused buffers see
                // other tiles under the same numbers: the order is only a guess.
                let fresh = Frozen::new(w, h, w * h).stuck(&tiles.grid, &class, &tiles.members);
                prop_assert_eq!(reused.stuck(&tiles.grid, &class, &tiles.members), fresh, "{}", board);
            }
        }

        /// The skyline path test agrees with the cell-by-cell one.
        #[test]
        fn joins_agrees_with_the_reference(w in 1i32..8, h in 1i32..6, seed: u64) {
            let mut rng = SeededRng::new(seed);
            let heights: Vec<i32> = (0..w).map(|_| rng.below(h as u64 + 1) as i32).collect();
            let tiles: Vec<Cell> = (0..w).flat_map(|x| (0..heights[x as usize]).map(move |r| (x, r))).collect();
            for &a in &tiles {
                for &b in &tiles {
                    if a != b {
                        let height = |x: i32| heights[x as usize];
                        prop_assert_eq!(joins(w, h, a, b, height), reference_joins(w, h, a, b, height), "{:?} {:?} {:?}", heights, a, b);
                    }
                }
            }
        }

        /// A board the fixpoint proves lost has no solution (brute force).
        #[test]
        fn stuck_boards_are_lost(w in 2usize..6, h in 2usize..5, copies in 1usize..=2, moves in 0usize..4, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0 && w * h <= 14);
            let board = played(deal(w, h, copies, seed), moves, seed);
            if stuck(&board) {
                prop_assert!(brute_force(&board, true).is_none(), "{}", board);
            }
        }
    }
}
