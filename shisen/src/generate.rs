//! Seeded deals: plain uniform ones, and ones solvable by construction (with or without
//! gravity), returned with their witness.
//!
//! A solvable deal is built by playing a game backwards from the empty board: each step puts
//! a pair of one kind on two empty cells that connect through the cells still empty (under
//! gravity: inserts two tiles into columns, pushing the tiles above them up, so that they
//! connect on the resulting board). Removing the pairs in the reverse order is then a legal
//! game, so the deal is solvable and that order is the witness.
//!
//! Without gravity each pair goes on the most hemmed-in empty cell (fewest empty neighbours,
//! ties at random) and on the most hemmed-in empty cell that connects to it without walling
//! in another empty cell (an empty cell with no empty neighbour can never be filled). Under
//! gravity insertion points are tried in random order. An attempt that gets stuck restarts
//! (in practice the first attempt succeeds on every standard layout). Every random choice
//! comes from the seed. The deals are not uniform over solvable deals; [`deal_any`] is uniform.

use engine::{Coord, SeededRng};

use crate::path;
use crate::solver::Removal;
use crate::{Board, Kind};

/// The standard layouts, `(width, height)`; 18×8 is the default.
///
/// ```
/// assert!(shisen::generate::STANDARD_LAYOUTS.contains(&(18, 8)));
/// ```
pub const STANDARD_LAYOUTS: [(usize, usize); 6] = [(14, 6), (16, 9), (18, 8), (24, 12), (26, 14), (30, 16)];

/// What to deal: a `width` × `height` board, full, with `kinds` kinds of `copies` tiles each.
///
/// ```
/// let spec = shisen::generate::Spec::new(18, 8, 4).unwrap();
/// assert_eq!(spec.kinds, 36);
/// assert!(shisen::generate::Spec::new(3, 3, 4).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// Number of kinds.
    pub kinds: usize,
    /// Tiles of each kind (even).
    pub copies: usize,
}

impl Spec {
    /// A full board of `width * height / copies` kinds.
    ///
    /// ```
    /// assert_eq!(shisen::generate::Spec::new(30, 16, 4).unwrap().kinds, 120);
    /// ```
    pub fn new(width: usize, height: usize, copies: usize) -> Result<Spec, String> {
        let kinds = (width * height).checked_div(copies).unwrap_or(0);
        Spec { width, height, kinds, copies }.checked()
    }

    /// Checks that the numbers describe a full board with an even number of each kind.
    ///
    /// ```
    /// use shisen::generate::Spec;
    /// assert!(Spec { width: 4, height: 2, kinds: 2, copies: 4 }.checked().is_ok());
    /// assert!(Spec { width: 4, height: 2, kinds: 3, copies: 4 }.checked().is_err());
    /// ```
    pub fn checked(self) -> Result<Spec, String> {
        let Spec { width, height, kinds, copies } = self;
        if width == 0 || height == 0 || width > 100 || height > 100 {
            return Err(format!("board size {width}x{height} must be between 1x1 and 100x100"));
        }
        if copies == 0 || copies % 2 == 1 {
            return Err(format!("copies must be even and positive, not {copies}"));
        }
        if kinds == 0 || kinds > 65536 || kinds * copies != width * height {
            return Err(format!(
                "{kinds} kinds x {copies} copies must fill the {width}x{height} board ({} cells)",
                width * height
            ));
        }
        Ok(self)
    }
}

/// The label of kind `k`: `A`..`Z`, then `AA`, `AB`, ...
///
/// ```
/// assert_eq!(shisen::generate::label(0), "A");
/// assert_eq!(shisen::generate::label(26), "AA");
/// assert_eq!(shisen::generate::label(27), "AB");
/// ```
#[must_use]
pub fn label(k: usize) -> String {
    let mut k = k;
    let mut out = Vec::new();
    loop {
        out.push(b'A' + (k % 26) as u8);
        if k < 26 {
            break;
        }
        k = k / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII letters")
}

fn empty_board(spec: Spec) -> Board {
    Board::empty(spec.width, spec.height, (0..spec.kinds).map(label).collect())
}

/// A uniformly random full deal (not necessarily solvable).
///
/// ```
/// let spec = shisen::generate::Spec::new(4, 2, 4).unwrap();
/// let board = shisen::generate::deal_any(spec, &mut engine::SeededRng::new(1));
/// assert_eq!(board.kind_counts(), vec![4, 4]);
/// ```
#[must_use]
pub fn deal_any(spec: Spec, rng: &mut SeededRng) -> Board {
    let mut tiles: Vec<Kind> = (0..spec.kinds).flat_map(|k| std::iter::repeat_n(Kind(k as u16), spec.copies)).collect();
    rng.shuffle(&mut tiles);
    let mut board = empty_board(spec);
    for (i, k) in tiles.into_iter().enumerate() {
        board.set(Coord::new((i % spec.width) as i32, (i / spec.width) as i32), Some(k));
    }
    board
}

/// A full deal that can be cleared (under gravity when `gravity`), with a witness: the
/// removals in play order. `None` only when all of 200 construction attempts got stuck,
/// which the standard layouts never do (tested); tiny boards always work too.
///
/// ```
/// let spec = shisen::generate::Spec::new(18, 8, 4).unwrap();
/// let (board, moves) = shisen::generate::deal_solvable(spec, false, &mut engine::SeededRng::new(2026)).unwrap();
/// assert_eq!(board.tile_count(), 144);
/// assert!(shisen::solver::replay(&board, false, &moves).unwrap().is_cleared());
/// ```
#[must_use]
pub fn deal_solvable(spec: Spec, gravity: bool, rng: &mut SeededRng) -> Option<(Board, Vec<Removal>)> {
    let mut pairs: Vec<u32> =
        (0..spec.kinds).flat_map(|k| std::iter::repeat_n(k as u32 + 1, spec.copies / 2)).collect();
    for _ in 0..200 {
        rng.shuffle(&mut pairs);
        let mut builder = Builder::new(spec.width, spec.height);
        let placed = if gravity { builder.build_gravity(&pairs, rng) } else { builder.build_plain(&pairs, rng) };
        if placed {
            let mut board = empty_board(spec);
            for (i, &t) in builder.grid.iter().enumerate() {
                board.set(builder.coord(i), Some(Kind((t - 1) as u16)));
            }
            builder.witness.reverse();
            return Some((board, builder.witness));
        }
    }
    None
}

/// A board under construction: cells hold kind + 1, or 0 when empty.
struct Builder {
    w: usize,
    h: usize,
    grid: Vec<u32>,
    /// Tiles per column (under gravity, stacked at the bottom).
    counts: Vec<usize>,
    /// The placements, last removal first.
    witness: Vec<Removal>,
}

impl Builder {
    fn new(w: usize, h: usize) -> Builder {
        Builder { w, h, grid: vec![0; w * h], counts: vec![0; w], witness: Vec::new() }
    }

    fn coord(&self, i: usize) -> Coord {
        Coord::new((i % self.w) as i32, (i / self.w) as i32)
    }

    fn connects(&self, a: usize, b: usize) -> bool {
        let (w, grid) = (self.w, &self.grid);
        path::find(w as i32, self.h as i32, |x, y| grid[y as usize * w + x as usize] == 0, self.coord(a), self.coord(b))
            .is_some()
    }

    /// Empty neighbours of cell `i`, the ring counted as empty.
    fn room(&self, i: usize) -> usize {
        let c = self.coord(i);
        Coord::ORTHOGONAL
            .iter()
            .filter(|d| {
                let n = Coord::new(c.x + d.x, c.y + d.y);
                n.x < 0
                    || n.y < 0
                    || n.x >= self.w as i32
                    || n.y >= self.h as i32
                    || self.grid[n.y as usize * self.w + n.x as usize] == 0
            })
            .count()
    }

    fn build_plain(&mut self, pairs: &[u32], rng: &mut SeededRng) -> bool {
        for &kind in pairs {
            let mut empty: Vec<(usize, u64, usize)> = (0..self.grid.len())
                .filter(|&i| self.grid[i] == 0)
                .map(|i| (self.room(i), rng.next_u64(), i))
                .collect();
            empty.sort_unstable();
            let p = empty[0].2;
            // Partners: the most hemmed-in first, never one that walls in an empty cell.
            let mut partners: Vec<(usize, u64, usize)> = empty[1..].to_vec();
            partners.sort_unstable();
            let mut found = None;
            for &(_, _, q) in &partners {
                if self.connects(p, q) {
                    self.grid[p] = kind;
                    self.grid[q] = kind;
                    let walls_in = [p, q].iter().any(|&c| {
                        let c = self.coord(c);
                        Coord::ORTHOGONAL.iter().any(|d| {
                            let n = Coord::new(c.x + d.x, c.y + d.y);
                            let inside = n.x >= 0 && n.y >= 0 && n.x < self.w as i32 && n.y < self.h as i32;
                            inside && {
                                let i = n.y as usize * self.w + n.x as usize;
                                self.grid[i] == 0 && self.room(i) == 0
                            }
                        })
                    });
                    self.grid[p] = 0;
                    self.grid[q] = 0;
                    if !walls_in {
                        found = Some(q);
                        break;
                    }
                }
            }
            let Some(q) = found else { return false };
            self.grid[p] = kind;
            self.grid[q] = kind;
            let (a, b) = if p < q { (p, q) } else { (q, p) };
            self.witness.push((self.coord(a), self.coord(b)));
        }
        true
    }

    /// Inserts `kind` in column `x` at height `k` (0 = bottom), pushing the tiles above up.
    fn insert(&mut self, x: usize, k: usize, kind: u32) {
        let (w, h) = (self.w, self.h);
        let top = h - self.counts[x];
        let at = h - 1 - k;
        for y in top..=at {
            self.grid[(y - 1) * w + x] = self.grid[y * w + x];
        }
        self.grid[at * w + x] = kind;
        self.counts[x] += 1;
    }

    /// Takes out the tile of column `x` at height `k`, letting the tiles above fall.
    fn take(&mut self, x: usize, k: usize) {
        let (w, h) = (self.w, self.h);
        let top = h - self.counts[x];
        let at = h - 1 - k;
        for y in (top..at).rev() {
            self.grid[(y + 1) * w + x] = self.grid[y * w + x];
        }
        self.grid[top * w + x] = 0;
        self.counts[x] -= 1;
    }

    fn build_gravity(&mut self, pairs: &[u32], rng: &mut SeededRng) -> bool {
        'pairs: for &kind in pairs {
            let mut firsts: Vec<(usize, usize)> =
                (0..self.w).flat_map(|x| (0..=self.counts[x]).map(move |k| (x, k))).collect();
            firsts.retain(|&(x, _)| self.counts[x] < self.h);
            rng.shuffle(&mut firsts);
            for (x1, k1) in firsts {
                self.insert(x1, k1, kind);
                let mut seconds: Vec<(usize, usize)> = (0..self.w)
                    .filter(|&x| self.counts[x] < self.h)
                    .flat_map(|x| (0..=self.counts[x]).map(move |k| (x, k)))
                    .collect();
                rng.shuffle(&mut seconds);
                for (x2, k2) in seconds {
                    self.insert(x2, k2, kind);
                    let k1 = if x2 == x1 && k2 <= k1 { k1 + 1 } else { k1 };
                    let cell = |x: usize, k: usize| (self.h - 1 - k) * self.w + x;
                    let (a, b) = (cell(x1, k1), cell(x2, k2));
                    if self.connects(a, b) {
                        let (a, b) = if a < b { (a, b) } else { (b, a) };
                        self.witness.push((self.coord(a), self.coord(b)));
                        continue 'pairs;
                    }
                    self.take(x2, k2);
                }
                self.take(x1, k1);
            }
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_thin_boards_deal_too() {
        for (w, h, copies) in [(1, 2, 2), (2, 1, 2), (1, 4, 4), (4, 1, 2), (2, 2, 4), (3, 2, 2), (5, 4, 4), (1, 12, 4)]
        {
            for gravity in [false, true] {
                let spec = Spec::new(w, h, copies).unwrap();
                let (board, moves) = deal_solvable(spec, gravity, &mut SeededRng::new(1)).unwrap();
                assert!(crate::solver::replay(&board, gravity, &moves).unwrap().is_cleared(), "{w}x{h}");
            }
        }
        assert!(Spec::new(101, 2, 2).is_err());
    }

    #[test]
    fn labels_are_distinct() {
        let labels: std::collections::HashSet<String> = (0..2000).map(label).collect();
        assert_eq!(labels.len(), 2000);
        assert_eq!(label(701), "ZZ");
        assert_eq!(label(702), "AAA");
    }

    #[test]
    fn insert_and_take_are_inverse() {
        let mut b = Builder::new(2, 3);
        b.insert(0, 0, 1);
        b.insert(0, 0, 2);
        b.insert(0, 1, 3);
        assert_eq!(b.grid, vec![1, 0, 3, 0, 2, 0]);
        b.take(0, 1);
        assert_eq!(b.grid, vec![0, 0, 1, 0, 2, 0]);
    }

    #[test]
    fn every_standard_layout_deals_solvable_boards() {
        for (w, h) in STANDARD_LAYOUTS {
            for gravity in [false, true] {
                let spec = Spec::new(w, h, 4).unwrap();
                let (board, moves) = deal_solvable(spec, gravity, &mut SeededRng::new(7)).unwrap();
                assert_eq!(board.kind_counts(), vec![4; spec.kinds]);
                let end = crate::solver::replay(&board, gravity, &moves).unwrap();
                assert!(end.is_cleared(), "{w}x{h} gravity {gravity}");
            }
        }
    }
}
