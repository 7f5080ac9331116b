//! Grid coordinates.
//!
//! One convention everywhere in the workspace: `x` is the column counted from the left,
//! `y` is the row counted from the top, both from 0. Coordinates are signed so that cells
//! outside a board (a padding ring at `x = -1`, a neighbour that falls off the edge) can be
//! represented and then rejected by a bounds check.

use std::fmt;
use std::ops::{Add, Sub};

use serde::{Deserialize, Serialize};

/// A cell position: `x` = column from the left, `y` = row from the top.
///
/// ```
/// use engine::Coord;
/// let c = Coord::new(2, 1);
/// assert_eq!(c + Coord::RIGHT, Coord::new(3, 1));
/// assert_eq!(c.manhattan(Coord::new(0, 0)), 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Coord {
    /// Column, counted from the left.
    pub x: i32,
    /// Row, counted from the top.
    pub y: i32,
}

impl Coord {
    /// One step up (towards row 0).
    pub const UP: Coord = Coord::new(0, -1);
    /// One step down.
    pub const DOWN: Coord = Coord::new(0, 1);
    /// One step left (towards column 0).
    pub const LEFT: Coord = Coord::new(-1, 0);
    /// One step right.
    pub const RIGHT: Coord = Coord::new(1, 0);

    /// The four orthogonal steps in the fixed order up, right, down, left (clockwise).
    ///
    /// ```
    /// use engine::Coord;
    /// assert_eq!(Coord::ORTHOGONAL[0], Coord::UP);
    /// ```
    pub const ORTHOGONAL: [Coord; 4] = [Coord::UP, Coord::RIGHT, Coord::DOWN, Coord::LEFT];

    /// The four diagonal steps, clockwise from up-right.
    ///
    /// ```
    /// use engine::Coord;
    /// assert!(Coord::DIAGONAL.iter().all(|d| d.x != 0 && d.y != 0));
    /// ```
    pub const DIAGONAL: [Coord; 4] = [Coord::new(1, -1), Coord::new(1, 1), Coord::new(-1, 1), Coord::new(-1, -1)];

    /// All eight king-move steps, clockwise from up.
    ///
    /// ```
    /// use engine::Coord;
    /// assert_eq!(Coord::ALL8.len(), 8);
    /// ```
    pub const ALL8: [Coord; 8] = [
        Coord::UP,
        Coord::new(1, -1),
        Coord::RIGHT,
        Coord::new(1, 1),
        Coord::DOWN,
        Coord::new(-1, 1),
        Coord::LEFT,
        Coord::new(-1, -1),
    ];

    /// A coordinate from column `x` and row `y`.
    ///
    /// ```
    /// let c = engine::Coord::new(4, 7);
    /// assert_eq!((c.x, c.y), (4, 7));
    /// ```
    #[must_use]
    pub const fn new(x: i32, y: i32) -> Self {
        Coord { x, y }
    }

    /// Taxicab distance `|dx| + |dy|`.
    ///
    /// ```
    /// use engine::Coord;
    /// assert_eq!(Coord::new(1, 5).manhattan(Coord::new(4, 1)), 7);
    /// ```
    #[must_use]
    pub const fn manhattan(self, other: Coord) -> u32 {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y)
    }

    /// The coordinate `n` steps of `step` away.
    ///
    /// ```
    /// use engine::Coord;
    /// assert_eq!(Coord::new(0, 0).step(Coord::DOWN, 3), Coord::new(0, 3));
    /// ```
    #[must_use]
    pub const fn step(self, step: Coord, n: i32) -> Coord {
        Coord::new(self.x + step.x * n, self.y + step.y * n)
    }
}

impl Add for Coord {
    type Output = Coord;
    fn add(self, rhs: Coord) -> Coord {
        Coord::new(self.x + rhs.x, self.y + rhs.y)
    }
}

impl Sub for Coord {
    type Output = Coord;
    fn sub(self, rhs: Coord) -> Coord {
        Coord::new(self.x - rhs.x, self.y - rhs.y)
    }
}

/// Prints as `x,y`, the form the command-line contracts use.
///
/// ```
/// assert_eq!(engine::Coord::new(3, -1).to_string(), "3,-1");
/// ```
impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_inverse_pairs() {
        for (i, d) in Coord::ORTHOGONAL.iter().enumerate() {
            assert_eq!(*d + Coord::ORTHOGONAL[(i + 2) % 4], Coord::default());
        }
        for (i, d) in Coord::ALL8.iter().enumerate() {
            assert_eq!(*d + Coord::ALL8[(i + 4) % 8], Coord::default());
            assert_eq!(d.x.abs().max(d.y.abs()), 1);
        }
    }

    #[test]
    fn ordering_is_by_column_then_row() {
        // Derived Ord compares x first: callers wanting row-major order sort by (y, x).
        assert!(Coord::new(0, 5) < Coord::new(1, 0));
        assert_eq!(Coord::new(2, 3) - Coord::new(1, 1), Coord::new(1, 2));
    }
}
