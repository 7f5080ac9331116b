//! The canonical key of a deal: the same for two deals that are the same game up to a
//! symmetry of the board and a renaming of the kinds.
//!
//! Without gravity the eight symmetries of the rectangle keep the game: a connection with at
//! most two turns maps to one with as many turns, and the empty ring around the board maps
//! onto itself (a quarter turn or a transposition swaps width and height, so the key holds
//! the dimensions after the transform). With gravity, tiles fall toward larger `y`: only the
//! left-right mirror keeps that. Kinds match only themselves (or their matching group,
//! [`Board::with_groups`]), so any renaming of the matching classes keeps the game too.
//!
//! The key is the smallest, over the allowed symmetries, of the transformed board's cells
//! read row by row, each class numbered by first appearance (`0` = empty), after the
//! gravity flag and the dimensions.

use engine::Coord;
use serde::{Deserialize, Serialize};

use crate::board::Board;

/// One of the eight symmetries of a rectangle, as a map of cell `(x, y)` of a `w` × `h`
/// board to a cell of the transformed board.
///
/// ```
/// use engine::Coord;
/// use shisen::symmetry::Symmetry;
/// // A quarter turn clockwise: the top-left corner of a 3x2 board goes to the top-right of a 2x3 one.
/// assert_eq!(Symmetry::Rotate90.dimensions(3, 2), (2, 3));
/// assert_eq!(Symmetry::Rotate90.map(Coord::new(0, 0), 3, 2), Coord::new(1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symmetry {
    /// Nothing moves.
    Identity,
    /// Left-right mirror: `(w-1-x, y)`.
    MirrorX,
    /// Top-bottom mirror: `(x, h-1-y)`.
    MirrorY,
    /// Half turn: `(w-1-x, h-1-y)`.
    Rotate180,
    /// Quarter turn clockwise: `(h-1-y, x)`, on an `h` × `w` board.
    Rotate90,
    /// Quarter turn counter-clockwise: `(y, w-1-x)`, on an `h` × `w` board.
    Rotate270,
    /// Mirror in the main diagonal: `(y, x)`, on an `h` × `w` board.
    Transpose,
    /// Mirror in the other diagonal: `(h-1-y, w-1-x)`, on an `h` × `w` board.
    AntiTranspose,
}

impl Symmetry {
    /// All eight symmetries of the rectangle.
    ///
    /// ```
    /// assert_eq!(shisen::symmetry::Symmetry::ALL.len(), 8);
    /// ```
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The symmetries that keep the game: all eight without gravity, the identity and the
    /// left-right mirror with gravity.
    ///
    /// ```
    /// use shisen::symmetry::Symmetry;
    /// assert_eq!(Symmetry::of_game(true), &[Symmetry::Identity, Symmetry::MirrorX]);
    /// assert_eq!(Symmetry::of_game(false).len(), 8);
    /// ```
    #[must_use]
    pub fn of_game(gravity: bool) -> &'static [Symmetry] {
        if gravity { &Symmetry::ALL[..2] } else { &Symmetry::ALL }
    }

    /// Whether the transform swaps width and height.
    ///
    /// ```
    /// assert!(shisen::symmetry::Symmetry::Transpose.swaps_sides());
    /// ```
    #[must_use]
    pub fn swaps_sides(self) -> bool {
        matches!(self, Symmetry::Rotate90 | Symmetry::Rotate270 | Symmetry::Transpose | Symmetry::AntiTranspose)
    }

    /// The width and height of a `w` × `h` board after the transform.
    ///
    /// ```
    /// assert_eq!(shisen::symmetry::Symmetry::MirrorY.dimensions(18, 8), (18, 8));
    /// ```
    #[must_use]
    pub fn dimensions(self, w: usize, h: usize) -> (usize, usize) {
        if self.swaps_sides() { (h, w) } else { (w, h) }
    }

    /// Where cell `c` of a `w` × `h` board goes.
    ///
    /// ```
    /// use engine::Coord;
    /// use shisen::symmetry::Symmetry;
    /// assert_eq!(Symmetry::AntiTranspose.map(Coord::new(0, 0), 3, 2), Coord::new(1, 2));
    /// ```
    #[must_use]
    pub fn map(self, c: Coord, w: usize, h: usize) -> Coord {
        let (w, h) = (w as i32, h as i32);
        let (x, y) = (c.x, c.y);
        let (nx, ny) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::MirrorX => (w - 1 - x, y),
            Symmetry::MirrorY => (x, h - 1 - y),
            Symmetry::Rotate180 => (w - 1 - x, h - 1 - y),
            Symmetry::Rotate90 => (h - 1 - y, x),
            Symmetry::Rotate270 => (y, w - 1 - x),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (h - 1 - y, w - 1 - x),
        };
        Coord::new(nx, ny)
    }

    /// The board transformed (labels and matching groups kept).
    ///
    /// ```
    /// use shisen::symmetry::Symmetry;
    /// let board: shisen::Board = "A B\nB A\nC C".parse().unwrap();
    /// assert_eq!(Symmetry::Rotate90.apply(&board).to_string(), "C B A\nC A B\n");
    /// ```
    #[must_use]
    pub fn apply(self, board: &Board) -> Board {
        let (w, h) = (board.width(), board.height());
        let (nw, nh) = self.dimensions(w, h);
        let mut out = board.resized(nw, nh);
        for (c, kind) in board.cells().iter() {
            out.set(self.map(c, w, h), *kind);
        }
        out
    }
}

/// The canonical key of a deal ([`canonical_key`]): equal for two deals that are the same
/// game up to a symmetry and a renaming of the kinds.
///
/// ```
/// let a: shisen::Board = "A B\nB A".parse().unwrap();
/// let key = shisen::symmetry::canonical_key(&a, false);
/// assert_eq!((key.width, key.height, key.gravity), (2, 2, false));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// Whether the deal is played with gravity.
    pub gravity: bool,
    /// The width after the transform that gives the smallest key.
    pub width: u16,
    /// The height after that transform.
    pub height: u16,
    /// The cells row by row, `0` for empty, classes numbered from 1 by first appearance.
    pub cells: Box<[u16]>,
}

/// The canonical key of `board` played with or without `gravity` (see the module docs).
/// Boards wider or taller than 65535 cells, or with more than 65535 classes, do not occur
/// (the text format and the generator stop far below); their cells are clamped.
///
/// ```
/// use shisen::symmetry::canonical_key;
/// let a: shisen::Board = "A B C\nC . B\nA . .".parse().unwrap();
/// let b: shisen::Board = ". . x\ny . z\nz y x".parse().unwrap(); // turned by half, kinds renamed
/// assert_eq!(canonical_key(&a, false), canonical_key(&b, false));
/// assert_ne!(canonical_key(&a, true), canonical_key(&b, true)); // gravity: mirror only
/// ```
#[must_use]
pub fn canonical_key(board: &Board, gravity: bool) -> Key {
    let (w, h) = (board.width(), board.height());
    let cells = board.cells().cells();
    let mut best: Option<(usize, usize, Vec<u16>)> = None;
    let mut numbers: Vec<u16> = vec![0; board.kind_count()];
    let mut buffer: Vec<u16> = Vec::with_capacity(cells.len());
    for &symmetry in Symmetry::of_game(gravity) {
        let (nw, nh) = symmetry.dimensions(w, h);
        if best.as_ref().is_some_and(|(bw, bh, _)| (nw, nh) > (*bw, *bh)) {
            continue;
        }
        // The inverse map: which cell of `board` lands on each cell of the transformed one.
        let inverse = inverse(symmetry);
        numbers.fill(0);
        buffer.clear();
        let mut next = 0u16;
        for ny in 0..nh {
            for nx in 0..nw {
                let c = inverse.map(Coord::new(nx as i32, ny as i32), nw, nh);
                let cell = cells[c.y as usize * w + c.x as usize];
                buffer.push(match cell {
                    None => 0,
                    Some(kind) => {
                        let class = usize::from(board.class(kind));
                        if numbers[class] == 0 {
                            next = next.saturating_add(1);
                            numbers[class] = next;
                        }
                        numbers[class]
                    }
                });
            }
        }
        let better = match &best {
            None => true,
            Some((bw, bh, cells)) => (nw, nh, buffer.as_slice()) < (*bw, *bh, cells.as_slice()),
        };
        if better {
            best = Some((nw, nh, buffer.clone()));
        }
    }
    let (nw, nh, cells) = best.unwrap_or_default();
    let side = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    Key { gravity, width: side(nw), height: side(nh), cells: cells.into_boxed_slice() }
}

/// The symmetry that undoes `s` (the quarter turns undo each other; the rest undo themselves).
fn inverse(s: Symmetry) -> Symmetry {
    match s {
        Symmetry::Rotate90 => Symmetry::Rotate270,
        Symmetry::Rotate270 => Symmetry::Rotate90,
        other => other,
    }
}

#[cfg(test)]
mod tests;
