//! The symmetries of a sliding puzzle and its canonical key: two puzzles have the same key
//! exactly when a symmetry of the grid and a renaming of the tiles turn one into the other.
//!
//! Write a puzzle as the permutation `f`: cell → the goal cell of the tile on that cell (the
//! blank's cell goes to the goal's blank cell `b`). A move of the blank is a transposition
//! of two neighbouring cells, so only `f`, `b` and the grid matter: two puzzles with the
//! same `f` and `b` have the same solutions, whatever their tiles are called. A symmetry `s`
//! of the grid (the 8 of a square; on a W×H rectangle the 4 that keep W×H and the 4 that
//! make it H×W) maps neighbours to neighbours, so the puzzle `(s∘f∘s⁻¹, s(b))` on the
//! transformed grid — the board and the goal both turned by `s`, then the tiles renamed —
//! has the same optimal length, with every solution turned by `s`.
//!
//! The [`Key`] is the smallest of the eight encodings `(W', H', s(b), s∘f∘s⁻¹)`. Equal keys
//! mean `s₁` and `s₂` with equal encodings, and then `s₂⁻¹∘s₁` maps one puzzle onto the
//! other; conversely the eight encodings of a puzzle are those of any image of it. Keeping
//! `s(b)` in the key matters: a symmetry that moves the goal's blank cell does not keep the
//! optimal length (the blank would have to become a tile).

use serde::{Deserialize, Serialize};

use crate::solvable::goal_cells;
use crate::{Board, Error};

/// One of the eight symmetries of a grid: `x` is the column from the left, `y` the row
/// from the top, of a `width` × `height` grid.
///
/// ```
/// use fifteen::symmetry::Symmetry;
/// assert_eq!(Symmetry::ALL.len(), 8);
/// // A quarter turn clockwise makes a 3x2 grid 2x3: its top-left cell goes top-right.
/// assert_eq!(Symmetry::RotateRight.size(3, 2), (2, 3));
/// assert_eq!(Symmetry::RotateRight.map(3, 2, 0), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Nothing moves.
    Identity,
    /// Left and right swap: `(W-1-x, y)`.
    MirrorColumns,
    /// Top and bottom swap: `(x, H-1-y)`.
    MirrorRows,
    /// A half turn: `(W-1-x, H-1-y)`.
    HalfTurn,
    /// Across the main diagonal: `(y, x)` (the grid becomes H×W).
    Transpose,
    /// Across the other diagonal: `(H-1-y, W-1-x)`.
    AntiTranspose,
    /// A quarter turn clockwise: `(H-1-y, x)`.
    RotateRight,
    /// A quarter turn counter-clockwise: `(y, W-1-x)`.
    RotateLeft,
}

impl Symmetry {
    /// The eight symmetries.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::HalfTurn,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
        Symmetry::RotateRight,
        Symmetry::RotateLeft,
    ];

    /// Whether the symmetry swaps the grid's width and height.
    ///
    /// ```
    /// use fifteen::symmetry::Symmetry;
    /// assert!(Symmetry::Transpose.swaps_sides() && !Symmetry::HalfTurn.swaps_sides());
    /// ```
    #[must_use]
    pub fn swaps_sides(self) -> bool {
        matches!(self, Symmetry::Transpose | Symmetry::AntiTranspose | Symmetry::RotateRight | Symmetry::RotateLeft)
    }

    /// The size of the transformed `width` × `height` grid.
    ///
    /// ```
    /// use fifteen::symmetry::Symmetry;
    /// assert_eq!(Symmetry::Transpose.size(4, 3), (3, 4));
    /// assert_eq!(Symmetry::MirrorRows.size(4, 3), (4, 3));
    /// ```
    #[must_use]
    pub fn size(self, width: usize, height: usize) -> (usize, usize) {
        if self.swaps_sides() { (height, width) } else { (width, height) }
    }

    /// Where cell `index` (row-major) of a `width` × `height` grid goes, as a row-major
    /// index of the transformed grid.
    ///
    /// ```
    /// use fifteen::symmetry::Symmetry;
    /// // On a 3x2 grid, cell 2 is (x 2, y 0).
    /// assert_eq!(Symmetry::MirrorColumns.map(3, 2, 2), 0);
    /// assert_eq!(Symmetry::Transpose.map(3, 2, 2), 4); // (x 0, y 2) of the 2x3 grid
    /// ```
    #[must_use]
    pub fn map(self, width: usize, height: usize, index: usize) -> usize {
        let (x, y) = (index % width, index / width);
        let (w, h) = (width - 1, height - 1);
        let (nx, ny) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::MirrorColumns => (w - x, y),
            Symmetry::MirrorRows => (x, h - y),
            Symmetry::HalfTurn => (w - x, h - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (h - y, w - x),
            Symmetry::RotateRight => (h - y, x),
            Symmetry::RotateLeft => (y, w - x),
        };
        ny * self.size(width, height).0 + nx
    }

    /// The board turned by the symmetry: the tile of cell `p` lies on cell `map(p)`.
    ///
    /// ```
    /// use fifteen::{symmetry::Symmetry, Board};
    /// let b = Board::parse_line("1 2 3 4 5 0", Some(3)).unwrap();
    /// assert_eq!(Symmetry::Transpose.apply(&b).to_string(), "1 4\n2 5\n3 0\n");
    /// assert_eq!(Symmetry::HalfTurn.apply(&b).to_line(), "0 5 4 3 2 1");
    /// ```
    #[must_use]
    pub fn apply(self, board: &Board) -> Board {
        let (w, h) = (board.width(), board.height());
        let mut tiles = vec![0u8; board.tiles().len()];
        for (p, &t) in board.tiles().iter().enumerate() {
            tiles[self.map(w, h, p)] = t;
        }
        let (nw, nh) = self.size(w, h);
        Board::new(nw, nh, tiles).expect("a rearrangement of a valid board is valid")
    }
}

/// The canonical key of a puzzle (see the module docs): its bytes are the width, height and
/// goal blank cell of the chosen orientation, then `s∘f∘s⁻¹` cell by cell.
///
/// ```
/// use fifteen::symmetry::canonical_key;
/// use fifteen::Board;
/// let goal = Board::parse_line("1 2 3 0", None).unwrap();
/// let a = Board::parse_line("1 0 3 2", None).unwrap(); // one move from the goal
/// let b = Board::parse_line("1 2 0 3", None).unwrap(); // its mirror image across the diagonal
/// let c = Board::parse_line("0 2 3 1", None).unwrap();
/// assert_eq!(canonical_key(&a, &goal).unwrap(), canonical_key(&b, &goal).unwrap());
/// assert_ne!(canonical_key(&a, &goal).unwrap(), canonical_key(&c, &goal).unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Key(Vec<u8>);

impl Key {
    /// The key's bytes: width, height, goal blank cell, then the goal cell of each cell's
    /// tile, row-major.
    ///
    /// ```
    /// use fifteen::{symmetry::canonical_key, Board};
    /// let goal = Board::parse_line("1 2 3 0", None).unwrap();
    /// assert_eq!(canonical_key(&goal, &goal).unwrap().as_bytes(), &[2, 2, 0, 0, 1, 2, 3]);
    /// ```
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

/// The canonical [`Key`] of the puzzle `start` → `goal`: equal for two puzzles exactly when
/// a symmetry of the grid and a renaming of the tiles map one onto the other (start onto
/// start, goal onto goal); such puzzles have the same optimal length. An error when the
/// boards differ in size or tiles.
///
/// ```
/// use fifteen::symmetry::{canonical_key, Symmetry};
/// use fifteen::{Board, Error, Goal};
/// let goal = Goal::BlankLast.layout(4, 4).unwrap();
/// let start = Board::parse_line("5 1 2 4 9 6 3 8 13 10 7 11 14 15 12 0", None).unwrap();
/// // Transposing both boards keeps the blank-last corner and the key.
/// let (t, tg) = (Symmetry::Transpose.apply(&start), Symmetry::Transpose.apply(&goal));
/// assert_eq!(canonical_key(&t, &tg), canonical_key(&start, &goal));
/// assert_eq!(canonical_key(&start, &Goal::BlankLast.layout(2, 8).unwrap()), Err(Error::Mismatch));
/// ```
pub fn canonical_key(start: &Board, goal: &Board) -> Result<Key, Error> {
    let f = goal_cells(start, goal).ok_or(Error::Mismatch)?;
    let (w, h) = (start.width(), start.height());
    let mut best: Option<Vec<u8>> = None;
    let mut bytes = vec![0u8; f.len() + 3];
    for s in Symmetry::ALL {
        let (nw, nh) = s.size(w, h);
        bytes[0] = nw as u8;
        bytes[1] = nh as u8;
        bytes[2] = s.map(w, h, goal.blank()) as u8;
        for (p, &fp) in f.iter().enumerate() {
            bytes[3 + s.map(w, h, p)] = s.map(w, h, usize::from(fp)) as u8;
        }
        if best.as_ref().is_none_or(|b| bytes < *b) {
            best = Some(bytes.clone());
        }
    }
    Ok(Key(best.unwrap_or_default()))
}

#[cfg(test)]
mod tests;
