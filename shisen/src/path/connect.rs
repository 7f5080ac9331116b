//! The query every caller uses: [`shortest_path`] and [`connects`] pick the bit masks when
//! the board has them, the scan otherwise.

use engine::Coord;

use super::scan::scan;
use super::shape::Path;
use crate::board::Board;

/// The shortest connection between cells `a` and `b` of `board` (tie-break in the module
/// docs), whatever they hold; `None` when there is none, when `a == b`, or when either is
/// outside the board. The tiles' kinds are not checked: see [`crate::game`] for the rules.
///
/// ```
/// use engine::Coord;
/// // U around the top border: A at (0,0) and (2,0) with B between them.
/// let board = shisen::Board::parse("A B A\nC B C").unwrap();
/// let p = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(2, 0)).unwrap();
/// assert_eq!(p.corners(), &[Coord::new(0, 0), Coord::new(0, -1), Coord::new(2, -1), Coord::new(2, 0)]);
/// assert_eq!(p.length(), 4);
/// // Paths are geometric: kinds are the rules' business.
/// let d = shisen::Board::parse("A B A\nC B C\n. . .").unwrap();
/// assert!(shisen::path::shortest_path(&d, Coord::new(1, 1), Coord::new(0, 1)).is_some());
/// ```
#[must_use]
#[inline]
pub fn shortest_path(board: &Board, a: Coord, b: Coord) -> Option<Path> {
    match board.masks() {
        Some(masks) => masks.shortest(a, b),
        None => scan(board, a, b),
    }
}

/// Whether `a` and `b` connect (see [`shortest_path`]).
///
/// ```
/// use engine::Coord;
/// let board = shisen::Board::parse("A B\nB A").unwrap();
/// assert!(!shisen::path::connects(&board, Coord::new(0, 0), Coord::new(1, 1)));
/// assert!(shisen::path::connects(&board, Coord::new(0, 0), Coord::new(1, 0)));
/// ```
#[must_use]
pub fn connects(board: &Board, a: Coord, b: Coord) -> bool {
    shortest_path(board, a, b).is_some()
}
