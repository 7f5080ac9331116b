//! Goal layouts: blank-last, blank-first, snake, spiral, or any explicit board.

use std::fmt;
use std::str::FromStr;

use engine::ParseError;
use serde::{Deserialize, Serialize};

use crate::Board;
use crate::board::BoardError;

/// Why a goal could not be read or laid out.
///
/// ```
/// use fifteen::{goal::GoalError, Goal};
/// let e = Goal::parse("sideways", None).unwrap_err();
/// assert!(matches!(e, GoalError::Unknown { .. }));
/// assert!(e.to_string().starts_with("unknown goal \"sideways\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GoalError {
    /// Neither a goal name nor a tile list.
    #[error("unknown goal {name:?}: expected blank-last, blank-first, snake, spiral or a tile list")]
    Unknown {
        /// The text given.
        name: String,
    },
    /// A tile list that is not a board.
    #[error("goal: {}", .0.message)]
    Tiles(#[source] ParseError),
    /// An explicit goal of another size than the puzzle.
    #[error("the goal is {goal_width}x{goal_height}, the puzzle {width}x{height}")]
    Size {
        /// The goal's width.
        goal_width: usize,
        /// The goal's height.
        goal_height: usize,
        /// The puzzle's width.
        width: usize,
        /// The puzzle's height.
        height: usize,
    },
    /// More cells than tiles can number.
    #[error("{cells} cells is too many")]
    TooManyCells {
        /// Cells asked for.
        cells: usize,
    },
    /// The layout is not a board (too small, too large).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The board's tiles are not the goal's.
    #[error("the board's tiles are not the tiles of the goal ({goal})")]
    OtherTiles {
        /// The goal, as [`Goal::label`] prints it.
        goal: String,
    },
}

/// Where the tiles should end.
///
/// ```
/// use fifteen::Goal;
/// let snake = Goal::Snake.layout(4, 4).unwrap();
/// assert_eq!(snake.to_line(), "1 2 3 4 8 7 6 5 9 10 11 12 0 15 14 13");
/// let spiral = Goal::Spiral.layout(4, 4).unwrap();
/// assert_eq!(spiral.to_line(), "1 2 3 4 12 13 14 5 11 0 15 6 10 9 8 7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Goal {
    /// `1 2 … n-1 0`.
    BlankLast,
    /// `0 1 … n-1`.
    BlankFirst,
    /// Rows alternate left-to-right and right-to-left, numbers `1 … n-1` along the path,
    /// the blank at its end.
    Snake,
    /// Clockwise from the top-left corner inward, the blank at the end (the centre).
    Spiral,
    /// Any layout, such as the "missing number" variant (one of `1..=n` absent, the blank
    /// where it belongs).
    Explicit(Board),
}

impl Goal {
    /// Parses a goal name (`blank-last`, `blank-first`, `snake`, `spiral`) or an explicit
    /// tile list, which is square unless `width` is given.
    ///
    /// ```
    /// use fifteen::Goal;
    /// assert_eq!(Goal::parse("snake", None).unwrap(), Goal::Snake);
    /// let g = Goal::parse("2 1 3 0", None).unwrap();
    /// assert_eq!(g.layout(2, 2).unwrap().to_line(), "2 1 3 0");
    /// assert!(Goal::parse("sideways", None).is_err());
    /// ```
    pub fn parse(text: &str, width: Option<usize>) -> Result<Goal, GoalError> {
        match text.trim() {
            "blank-last" => Ok(Goal::BlankLast),
            "blank-first" => Ok(Goal::BlankFirst),
            "snake" => Ok(Goal::Snake),
            "spiral" => Ok(Goal::Spiral),
            list if list.starts_with(|c: char| c.is_ascii_digit()) => {
                let board =
                    if text.contains(['\n', '\r']) { Board::parse_grid(text) } else { Board::parse_line(list, width) };
                board.map(Goal::Explicit).map_err(GoalError::Tiles)
            }
            other => Err(GoalError::Unknown { name: other.to_string() }),
        }
    }

    /// The goal's one-line label: its name, or the tile list of an explicit goal in the
    /// one-line form (what the command line prints in messages).
    ///
    /// ```
    /// use fifteen::Goal;
    /// assert_eq!(Goal::Snake.label(), "snake");
    /// let g = Goal::parse("1 2 3 0 4 5", Some(3)).unwrap();
    /// assert_eq!(g.label(), "1 2 3 0 4 5");
    /// ```
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Goal::Explicit(b) => b.to_line(),
            named => named.to_string(),
        }
    }

    /// The order in which cells are visited along the goal's path (row-major indices);
    /// the numbers `1, 2, …` are laid along it and the blank takes the last cell.
    /// `None` for an explicit goal.
    ///
    /// ```
    /// assert_eq!(fifteen::Goal::Snake.path(3, 2), Some(vec![0, 1, 2, 5, 4, 3]));
    /// assert_eq!(fifteen::Goal::Spiral.path(3, 3), Some(vec![0, 1, 2, 5, 8, 7, 6, 3, 4]));
    /// ```
    #[must_use]
    pub fn path(&self, width: usize, height: usize) -> Option<Vec<usize>> {
        let n = width * height;
        match self {
            Goal::BlankLast | Goal::BlankFirst => Some((0..n).collect()),
            Goal::Snake => Some(
                (0..height)
                    .flat_map(|y| {
                        let row = (0..width).map(move |x| y * width + x);
                        if y % 2 == 0 { row.collect::<Vec<_>>() } else { row.rev().collect() }
                    })
                    .collect(),
            ),
            Goal::Spiral => Some(spiral(width, height)),
            Goal::Explicit(_) => None,
        }
    }

    /// The goal board for a `width` × `height` puzzle. An explicit goal must have that size.
    ///
    /// ```
    /// use fifteen::Goal;
    /// assert_eq!(Goal::BlankFirst.layout(3, 1).unwrap().to_line(), "0 1 2");
    /// assert_eq!(Goal::BlankLast.layout(2, 2).unwrap().to_line(), "1 2 3 0");
    /// assert!(Goal::BlankLast.layout(1, 1).is_err());
    /// ```
    pub fn layout(&self, width: usize, height: usize) -> Result<Board, GoalError> {
        let n = width.saturating_mul(height);
        if let Goal::Explicit(board) = self {
            return if board.width() == width && board.height() == height {
                Ok(board.clone())
            } else {
                Err(GoalError::Size { goal_width: board.width(), goal_height: board.height(), width, height })
            };
        }
        if n > crate::MAX_CELLS + 1 {
            return Err(GoalError::TooManyCells { cells: n });
        }
        let mut tiles = vec![0u8; n];
        if let Goal::BlankFirst = self {
            for (i, t) in tiles.iter_mut().enumerate() {
                *t = u8::try_from(i).map_err(|_| GoalError::TooManyCells { cells: n })?;
            }
        } else {
            let path = self.path(width, height).unwrap_or_default();
            for (k, &cell) in path.iter().enumerate().take(n.saturating_sub(1)) {
                tiles[cell] = u8::try_from(k + 1).map_err(|_| GoalError::TooManyCells { cells: n })?;
            }
        }
        Ok(Board::new(width, height, tiles)?)
    }
}

/// Row-major indices of a `width` × `height` rectangle in clockwise spiral order from the
/// top-left corner.
fn spiral(width: usize, height: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(width * height);
    let (mut top, mut left) = (0usize, 0usize);
    let (mut bottom, mut right) = (height, width); // exclusive bounds
    while top < bottom && left < right {
        out.extend((left..right).map(|x| top * width + x));
        out.extend((top + 1..bottom).map(|y| y * width + right - 1));
        if top + 1 < bottom {
            out.extend((left..right - 1).rev().map(|x| (bottom - 1) * width + x));
        }
        if left + 1 < right {
            out.extend((top + 1..bottom - 1).rev().map(|y| y * width + left));
        }
        top += 1;
        left += 1;
        bottom -= 1;
        right -= 1;
    }
    out
}

impl fmt::Display for Goal {
    /// The name accepted by [`Goal::parse`]; an explicit goal prints its tiles in the
    /// one-line form when it is square, in the grid form (with line breaks) otherwise, so
    /// that [`FromStr`] reads every goal back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::BlankLast => f.write_str("blank-last"),
            Goal::BlankFirst => f.write_str("blank-first"),
            Goal::Snake => f.write_str("snake"),
            Goal::Spiral => f.write_str("spiral"),
            Goal::Explicit(b) if b.width() == b.height() => f.write_str(&b.to_line()),
            Goal::Explicit(b) => write!(f, "{b}"),
        }
    }
}

impl FromStr for Goal {
    type Err = GoalError;

    /// [`Goal::parse`] without a width: a name, a square tile list, or a grid.
    ///
    /// ```
    /// use fifteen::Goal;
    /// for text in ["spiral", "1 0 3 2", "1 2 0\n3 4 5\n"] {
    ///     let goal: Goal = text.parse().unwrap();
    ///     assert_eq!(goal.to_string().parse::<Goal>().unwrap(), goal);
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Goal, GoalError> {
        Goal::parse(text, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_visit_every_cell_once_in_unit_steps() {
        for w in 1..7 {
            for h in 1..7 {
                for goal in [Goal::BlankLast, Goal::Snake, Goal::Spiral] {
                    let p = goal.path(w, h).unwrap();
                    let mut sorted = p.clone();
                    sorted.sort_unstable();
                    assert_eq!(sorted, (0..w * h).collect::<Vec<_>>(), "{goal} {w}x{h}");
                    if goal != Goal::BlankLast {
                        for pair in p.windows(2) {
                            let (a, b) = (pair[0], pair[1]);
                            let d = crate::board::taxicab(a, b, w);
                            assert_eq!(d, 1, "{goal} {w}x{h} jumps from {a} to {b}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn layouts_are_valid_boards() {
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
            for (w, h) in [(1, 2), (2, 1), (3, 3), (4, 4), (5, 3), (16, 16)] {
                let b = goal.layout(w, h).unwrap();
                assert_eq!((b.width(), b.height()), (w, h));
            }
        }
        assert_eq!(Goal::Spiral.layout(3, 3).unwrap().to_line(), "1 2 3 8 0 4 7 6 5");
        assert!(Goal::BlankFirst.layout(17, 16).is_err());
    }
}
