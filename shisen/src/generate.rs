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

use engine::{Budget, Coord, Meter, SeededRng, Size, StopReason};
use serde::{Deserialize, Serialize};

use crate::board::{Board, Kind};
use crate::game::Removal;
use crate::path;

/// The standard layouts, `(width, height)`; 18×8 is the default.
///
/// ```
/// assert!(shisen::generate::STANDARD_LAYOUTS.contains(&(18, 8)));
/// ```
pub const STANDARD_LAYOUTS: [(usize, usize); 6] = [(14, 6), (16, 9), (18, 8), (24, 12), (26, 14), (30, 16)];

/// The largest side of a deal (the biggest standard layout is 30x16).
pub const MAX_SIDE: usize = 100;

/// The most kinds a deal may have.
pub const MAX_KINDS: usize = 65536;

/// What to deal: a `width` × `height` board, full, with `kinds` kinds of `copies` tiles each,
/// solvable (under gravity when `gravity`) unless `solvable` is off. Default: 18x8, 4 copies
/// of 36 kinds, solvable, no gravity. Any numbers make a spec; [`generate`] reports the ones
/// that describe no deal, and [`Spec::check`] tells them up front.
///
/// ```
/// use shisen::generate::Spec;
/// let spec = Spec::new(30, 16).with_gravity(true);
/// assert_eq!(spec.kinds(), 120);
/// assert!(spec.check().is_ok());
/// assert!(Spec::new(3, 3).check().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Spec {
    /// Number of columns, `1..=MAX_SIDE`.
    pub width: usize,
    /// Number of rows, `1..=MAX_SIDE`.
    pub height: usize,
    /// Number of kinds; `None`: `width * height / copies`.
    #[serde(default)]
    pub kinds: Option<usize>,
    /// Tiles of each kind (even).
    pub copies: usize,
    /// Whether the deal is played with gravity (then it is solvable under gravity).
    #[serde(default)]
    pub gravity: bool,
    /// Whether the deal must be solvable; `false` gives a plain uniform deal.
    #[serde(default = "yes")]
    pub solvable: bool,
}

fn yes() -> bool {
    true
}

impl Default for Spec {
    fn default() -> Spec {
        Spec { width: 18, height: 8, kinds: None, copies: 4, gravity: false, solvable: true }
    }
}

/// Why a [`Spec`] describes no deal ([`Spec::check`], [`GenerateError::Spec`]). The
/// messages are those of `shisen generate`.
///
/// ```
/// let err = shisen::generate::Spec::new(5, 3).check().unwrap_err();
/// assert_eq!(err.to_string(), "3 kinds x 4 copies must fill the 5x3 board (15 cells)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SpecError {
    /// A side is 0 or above [`MAX_SIDE`].
    #[error("board size {width}x{height} must be between 1x1 and {max}x{max}", max = MAX_SIDE)]
    Size {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// `copies` is odd or 0.
    #[error("copies must be even and positive, not {copies}")]
    Copies {
        /// The copies asked for.
        copies: usize,
    },
    /// The kinds and copies do not fill the board exactly (or there are more than [`MAX_KINDS`] kinds).
    #[error("{kinds} kinds x {copies} copies must fill the {width}x{height} board ({} cells)", width.saturating_mul(*height))]
    Fill {
        /// The kinds asked for.
        kinds: usize,
        /// The copies asked for.
        copies: usize,
        /// The width.
        width: usize,
        /// The height.
        height: usize,
    },
}

/// Why no deal was made.
///
/// ```
/// use shisen::generate::{generate_within, GenerateError, Spec};
/// let budget = engine::Budget::default().with_node_limit(0);
/// let err = generate_within(&Spec::default(), &mut engine::SeededRng::new(1), &budget).unwrap_err();
/// assert_eq!(err, GenerateError::GaveUp(engine::StopReason::NodeLimit));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GenerateError {
    /// The spec describes no deal ([`Spec::check`]).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Every construction attempt got stuck (never seen on the standard layouts).
    #[error("no solvable deal found")]
    Stuck,
    /// The budget ran out first.
    #[error("no solvable deal found within the budget ({0})")]
    GaveUp(engine::StopReason),
}

/// A deal: the board, and for a solvable deal a witness (its removals in play order).
///
/// ```
/// let deal = shisen::generate::generate(&Default::default(), &mut engine::SeededRng::new(2026)).unwrap();
/// let witness = deal.witness.as_ref().unwrap();
/// assert!(shisen::solver::replay(&deal.board, false, witness).unwrap().is_cleared());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// The board, full.
    pub board: Board,
    /// The removals that clear it, in play order; `None` for a deal that need not be solvable.
    pub witness: Option<Vec<Removal>>,
}

impl Spec {
    /// A full solvable `width` × `height` board, the rest as [`Spec::default`]'s: 4 copies
    /// of `width * height / 4` kinds, no gravity. Not checked: [`generate`] reports a spec
    /// that describes no deal, [`Spec::check`] tells it up front.
    ///
    /// ```
    /// let spec = shisen::generate::Spec::new(30, 16);
    /// assert_eq!((spec.kinds(), spec.copies), (120, 4));
    /// assert!(shisen::generate::Spec::new(0, 16).check().is_err());
    /// ```
    #[must_use]
    pub fn new(width: usize, height: usize) -> Spec {
        Spec { width, height, ..Spec::default() }
    }

    /// The same spec with another size.
    ///
    /// ```
    /// let spec = shisen::generate::Spec::default().with_size(engine::Size::new(14, 6));
    /// assert_eq!((spec.width, spec.height), (14, 6));
    /// ```
    #[must_use]
    pub fn with_size(mut self, size: Size) -> Spec {
        self.width = size.width;
        self.height = size.height;
        self
    }

    /// The same spec with `kinds` kinds (`None`: as many as fill the board).
    ///
    /// ```
    /// assert_eq!(shisen::generate::Spec::default().with_kinds(Some(18)).with_copies(8).kinds(), 18);
    /// ```
    #[must_use]
    pub fn with_kinds(mut self, kinds: Option<usize>) -> Spec {
        self.kinds = kinds;
        self
    }

    /// The same spec with `copies` tiles of each kind.
    ///
    /// ```
    /// assert_eq!(shisen::generate::Spec::default().with_copies(2).kinds(), 72);
    /// ```
    #[must_use]
    pub fn with_copies(mut self, copies: usize) -> Spec {
        self.copies = copies;
        self
    }

    /// The same spec, played with gravity or not.
    ///
    /// ```
    /// assert!(shisen::generate::Spec::default().with_gravity(true).gravity);
    /// ```
    #[must_use]
    pub fn with_gravity(mut self, gravity: bool) -> Spec {
        self.gravity = gravity;
        self
    }

    /// The same spec, solvable or a plain uniform deal.
    ///
    /// ```
    /// assert!(!shisen::generate::Spec::default().with_solvable(false).solvable);
    /// ```
    #[must_use]
    pub fn with_solvable(mut self, solvable: bool) -> Spec {
        self.solvable = solvable;
        self
    }

    /// The number of kinds: `kinds`, or `width * height / copies`.
    ///
    /// ```
    /// assert_eq!(shisen::generate::Spec::default().kinds(), 36);
    /// ```
    #[must_use]
    pub fn kinds(&self) -> usize {
        self.kinds.unwrap_or_else(|| self.width.saturating_mul(self.height).checked_div(self.copies).unwrap_or(0))
    }

    /// Whether the numbers describe a deal: sides from 1 to [`MAX_SIDE`], an even positive
    /// number of copies, and kinds (at most [`MAX_KINDS`]) that fill the board exactly. The
    /// one check of a spec: [`generate`] and [`deal_any`] make it, and give its error.
    ///
    /// ```
    /// use shisen::generate::{Spec, SpecError};
    /// assert!(Spec::new(4, 2).with_kinds(Some(2)).check().is_ok());
    /// let err = Spec::new(4, 2).with_kinds(Some(3)).check().unwrap_err();
    /// assert!(matches!(err, SpecError::Fill { kinds: 3, .. }));
    /// assert_eq!(Spec::new(101, 2).check().unwrap_err().to_string(), "board size 101x2 must be between 1x1 and 100x100");
    /// assert_eq!(Spec::default().with_copies(3).check().unwrap_err().to_string(), "copies must be even and positive, not 3");
    /// ```
    ///
    /// # Errors
    /// The first rule the numbers break, in the order above.
    pub fn check(&self) -> Result<(), SpecError> {
        let Spec { width, height, copies, .. } = *self;
        let kinds = self.kinds();
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(SpecError::Size { width, height });
        }
        if copies == 0 || copies % 2 == 1 {
            return Err(SpecError::Copies { copies });
        }
        if kinds == 0 || kinds > MAX_KINDS || kinds.checked_mul(copies) != Some(width * height) {
            return Err(SpecError::Fill { kinds, copies, width, height });
        }
        Ok(())
    }

    /// The spec itself when it describes a deal ([`Spec::check`]).
    ///
    /// ```
    /// assert!(shisen::generate::Spec::new(4, 2).checked().is_ok());
    /// assert!(shisen::generate::Spec::new(3, 3).checked().is_err());
    /// ```
    ///
    /// # Errors
    /// As [`Spec::check`].
    pub fn checked(self) -> Result<Spec, SpecError> {
        self.check().map(|()| self)
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

fn empty_board(spec: &Spec) -> Board {
    Board::empty(spec.width, spec.height, (0..spec.kinds()).map(label).collect())
}

/// `board` with its kinds numbered in order of first appearance, as parsing its text gives
/// (so a deal equals the board its text or its serde form reads back as).
fn renumbered(board: Board) -> Board {
    board.to_string().parse().unwrap_or(board)
}

/// A uniformly random full deal (not necessarily solvable), whatever `spec.solvable` says.
///
/// ```
/// let spec = shisen::generate::Spec::new(4, 2);
/// let board = shisen::generate::deal_any(&spec, &mut engine::SeededRng::new(1)).unwrap();
/// assert_eq!(board.kind_counts(), vec![4, 4]);
/// ```
pub fn deal_any(spec: &Spec, rng: &mut SeededRng) -> Result<Board, SpecError> {
    spec.check()?;
    let mut tiles: Vec<Kind> =
        (0..spec.kinds()).flat_map(|k| std::iter::repeat_n(Kind(k as u16), spec.copies)).collect();
    rng.shuffle(&mut tiles);
    let mut board = empty_board(spec);
    for (i, k) in tiles.into_iter().enumerate() {
        board.set(Coord::new((i % spec.width) as i32, (i / spec.width) as i32), Some(k));
    }
    Ok(renumbered(board))
}

/// A deal as `spec` asks: a full deal that can be cleared (under gravity when
/// `spec.gravity`), with a witness, or a plain uniform one when `spec.solvable` is off
/// ([`generate_within`] with no budget).
///
/// ```
/// use shisen::generate::{generate, Spec};
/// let spec = Spec::new(18, 8);
/// let deal = generate(&spec, &mut engine::SeededRng::new(2026)).unwrap();
/// assert_eq!(deal.board.tile_count(), 144);
/// assert_eq!(deal, generate(&spec, &mut engine::SeededRng::new(2026)).unwrap()); // same seed, same deal
/// assert!(shisen::solver::replay(&deal.board, false, &deal.witness.unwrap()).unwrap().is_cleared());
/// ```
///
/// # Errors
/// A spec out of range, or all of 200 construction attempts stuck, which the standard
/// layouts never are (tested); tiny boards always work too.
pub fn generate(spec: &Spec, rng: &mut SeededRng) -> Result<Deal, GenerateError> {
    generate_within(spec, rng, &Budget::default())
}

/// [`generate`] within `budget`: a node is one connection test of the construction; the
/// clock and the cancel token are also read before each pair is placed. The deal for a seed
/// is the same as [`generate`]'s when the budget does not run out.
///
/// ```
/// use shisen::generate::{generate_within, GenerateError, Spec};
/// let cancel = engine::CancelToken::new();
/// cancel.cancel();
/// let budget = engine::Budget::default().with_cancel(cancel);
/// let spec = Spec::new(30, 16);
/// let err = generate_within(&spec, &mut engine::SeededRng::new(1), &budget).unwrap_err();
/// assert_eq!(err, GenerateError::GaveUp(engine::StopReason::Cancelled));
/// ```
///
/// # Errors
/// As [`generate`], and [`GenerateError::GaveUp`] when the budget runs out.
pub fn generate_within(spec: &Spec, rng: &mut SeededRng, budget: &Budget) -> Result<Deal, GenerateError> {
    spec.check()?;
    if !spec.solvable {
        return Ok(Deal { board: deal_any(spec, rng)?, witness: None });
    }
    let mut meter = budget.start();
    if meter.check() {
        return Err(GenerateError::GaveUp(meter.stopped().unwrap_or(StopReason::Cancelled)));
    }
    let mut pairs: Vec<u32> =
        (0..spec.kinds()).flat_map(|k| std::iter::repeat_n(k as u32 + 1, spec.copies / 2)).collect();
    for _ in 0..200 {
        rng.shuffle(&mut pairs);
        let mut builder = Builder::new(spec.width, spec.height, meter);
        let placed = if spec.gravity { builder.build_gravity(&pairs, rng) } else { builder.build_plain(&pairs, rng) };
        meter = builder.meter.clone();
        if let Some(reason) = meter.stopped() {
            return Err(GenerateError::GaveUp(reason));
        }
        if placed {
            let mut board = empty_board(spec);
            for (i, &t) in builder.grid.iter().enumerate() {
                board.set(builder.coord(i), Some(Kind((t - 1) as u16)));
            }
            builder.witness.reverse();
            return Ok(Deal { board: renumbered(board), witness: Some(builder.witness) });
        }
    }
    Err(GenerateError::Stuck)
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
    /// The budget: one node per connection test.
    meter: Meter,
}

impl Builder {
    fn new(w: usize, h: usize, meter: Meter) -> Builder {
        Builder { w, h, grid: vec![0; w * h], counts: vec![0; w], witness: Vec::new(), meter }
    }

    fn coord(&self, i: usize) -> Coord {
        Coord::new((i % self.w) as i32, (i / self.w) as i32)
    }

    /// Whether cells `a` and `b` connect; `false` once the budget ran out.
    fn connects(&mut self, a: usize, b: usize) -> bool {
        if self.meter.tick() {
            return false;
        }
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
            // A pair costs a sort of the empty cells, besides its connection tests.
            if self.meter.check() {
                return false;
            }
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
                if self.meter.is_stopped() {
                    return false;
                }
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
            if self.meter.check() {
                return false;
            }
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
                    if self.meter.is_stopped() {
                        return false;
                    }
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
    use crate::game::{Game, MoveError};

    /// Plays `moves` on `board` through the game rules (what `solver::replay` does, kept
    /// here so that the generator's tests do not depend on the solver).
    fn replay(board: &Board, gravity: bool, moves: &[Removal]) -> Result<Board, MoveError> {
        let mut game = Game::new(board.clone(), gravity);
        for &(a, b) in moves {
            game.remove(a, b)?;
        }
        Ok(game.board().clone())
    }

    #[test]
    fn small_and_thin_boards_deal_too() {
        for (w, h, copies) in [(1, 2, 2), (2, 1, 2), (1, 4, 4), (4, 1, 2), (2, 2, 4), (3, 2, 2), (5, 4, 4), (1, 12, 4)]
        {
            for gravity in [false, true] {
                let spec = Spec::new(w, h).with_copies(copies).with_gravity(gravity);
                let Deal { board, witness } = generate(&spec, &mut SeededRng::new(1)).unwrap();
                let moves = witness.unwrap();
                assert!(replay(&board, gravity, &moves).unwrap().is_cleared(), "{w}x{h}");
            }
        }
        let err = generate(&Spec::new(101, 2).with_copies(2), &mut SeededRng::new(1)).unwrap_err();
        assert_eq!(err, GenerateError::Spec(SpecError::Size { width: 101, height: 2 }));
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
        let mut b = Builder::new(2, 3, Budget::default().start());
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
                let spec = Spec::new(w, h).with_gravity(gravity);
                let Deal { board, witness } = generate(&spec, &mut SeededRng::new(7)).unwrap();
                let moves = witness.unwrap();
                assert_eq!(board.kind_counts(), vec![4; spec.kinds()]);
                let end = replay(&board, gravity, &moves).unwrap();
                assert!(end.is_cleared(), "{w}x{h} gravity {gravity}");
            }
        }
    }
}
