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
//! the tiles outside `G` stay on the board for ever, and a position with one is lost.
//!
//! The positions must be settled (no tile above an empty cell): every position a move
//! reaches is, and a dealt board floating above holes is not checked. The proof is checked
//! against brute force on small boards in the tests; `docs/gravity.md` has the measurements.

use super::common::{Grid, Tile};

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
    /// Per column: how many of its tiles are outside `G` (its cells from the bottom, as
    /// many, are occupied until a tile outside `G` goes).
    floor: Vec<usize>,
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
            floor: vec![0; w],
        }
    }

    /// Whether some tile of the settled position on `grid` can never go (see the module
    /// docs), `class` giving each tile's matching class and `members` each class's tiles.
    pub(super) fn stuck(&mut self, grid: &Grid, class: &[u32], members: &[Vec<Tile>]) -> bool {
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
                col.push(t);
            }
            self.floor[x] = col.len();
        }
        let mut left: usize = self.floor.iter().sum();
        loop {
            let mut changed = false;
            for x in 0..w {
                for i in 0..self.cols[x].len() {
                    let t = self.cols[x][i];
                    if self.go[t as usize] || !self.could_go(t, class, members) {
                        continue;
                    }
                    self.go[t as usize] = true;
                    self.floor[x] -= 1;
                    left -= 1;
                    changed = true;
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

    /// The rows (from the bottom) tile `t` can stand at until a tile outside `G` goes, and
    /// how many tiles outside `G` stand above it.
    fn rows(&self, t: Tile) -> (i32, i32, i32) {
        let (x, i) = self.at[t as usize];
        let col = &self.cols[x as usize];
        let fixed = |s: &&Tile| !self.go[**s as usize];
        let below = col[..i as usize].iter().filter(fixed).count();
        let above = col[i as usize + 1..].iter().filter(fixed).count();
        (below as i32, i as i32, above as i32)
    }

    /// Whether tile `t` has a possible pair (see the module docs).
    fn could_go(&self, t: Tile, class: &[u32], members: &[Vec<Tile>]) -> bool {
        let (xt, _) = self.at[t as usize];
        let (lo, hi, above) = self.rows(t);
        let x = xt as usize;
        // A path leaves a cell through an empty neighbour or the ring; otherwise `t` only
        // meets a neighbour.
        let open = x == 0
            || x + 1 == self.w
            || lo == 0
            || above == 0
            || (x > 0 && self.floor[x - 1] as i32 <= hi)
            || (x + 1 < self.w && self.floor[x + 1] as i32 <= hi);
        members[class[t as usize] as usize].iter().any(|&u| {
            u != t
                && self.present[u as usize]
                && (open || self.at[u as usize].0.abs_diff(xt) <= 1)
                && self.possible(t, (lo, hi, above), u)
        })
    }

    /// Whether tiles `t` (with its [`Frozen::rows`]) and `u` make a possible pair.
    fn possible(&self, t: Tile, (t_lo, t_hi, t_above): (i32, i32, i32), u: Tile) -> bool {
        let (u_lo, u_hi, u_above) = self.rows(u);
        let (xt, xu) = (self.at[t as usize].0 as i32, self.at[u as usize].0 as i32);
        for rt in t_lo..=t_hi {
            for ru in u_lo..=u_hi {
                if xt == xu {
                    if rt == ru {
                        continue;
                    }
                    if rt.abs_diff(ru) == 1 {
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
                if self.joins((xt, rt), (xu, ru), height) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a path of at most two turns joins cells `a` and `b` through cells at or above
    /// `height(x)` in each column `x` (the ring is empty).
    fn joins(&self, a: Cell, b: Cell, height: impl Fn(i32) -> i32) -> bool {
        let (w, h) = (self.w as i32, self.h as i32);
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
}

#[cfg(test)]
mod tests {
    use super::super::common::Tiles;
    use super::super::test_support::deal;
    use super::super::{brute_force, gravity};
    use super::*;
    use crate::Board;
    use engine::SeededRng;
    use proptest::prelude::*;

    /// Whether the fixpoint proves the settled `board` lost.
    fn stuck(board: &Board) -> bool {
        let tiles = Tiles::new(board);
        let mut class = vec![0; tiles.len()];
        for (k, members) in tiles.members.iter().enumerate() {
            for &t in members {
                class[t as usize] = k as u32;
            }
        }
        Frozen::new(board.width(), board.height(), tiles.len()).stuck(&tiles.grid, &class, &tiles.members)
    }

    /// `board` after up to `moves` removals chosen at random (gravity after each).
    fn played(mut board: Board, moves: usize, seed: u64) -> Board {
        let mut rng = SeededRng::new(seed);
        for _ in 0..moves {
            let pairs = crate::path::removable_pairs(&board);
            if pairs.is_empty() {
                break;
            }
            let pair = &pairs[rng.below(pairs.len() as u64) as usize];
            board.set(pair.a, None);
            board.set(pair.b, None);
            crate::game::apply_gravity(&mut board);
        }
        board
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

        /// On boards too big for brute force: the search without the fixpoint finds every
        /// board the fixpoint proves lost lost, and both searches agree.
        #[test]
        fn stuck_boards_are_lost_by_search(w in 4usize..8, h in 3usize..6, copies in 1usize..=2, moves in 0usize..6, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let board = played(deal(w, h, copies, seed), moves, seed);
            let meter = || engine::Budget::default().with_node_limit(2_000_000).start();
            let mut plain = gravity::Search::new(&board, true, meter());
            plain.frozen = None;
            let expected = plain.run();
            prop_assert_ne!(expected, super::super::common::Step::OutOfBudget);
            if stuck(&board) {
                prop_assert_eq!(expected, super::super::common::Step::Failed, "{}", board);
            }
            prop_assert_eq!(gravity::Search::new(&board, true, meter()).run(), expected, "{}", board);
        }
    }
}
