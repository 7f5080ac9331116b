//! The player's marks on a puzzle: one [`Cell`] per cell, with a text form of one row per
//! line, tokens separated by whitespace: `x` shaded, `o` unshaded, `.` undecided (`#`
//! cannot mark a shaded cell here: a line starting with `#` is a comment). Re-exported by
//! [`crate::game`], whose path (`hitori::game::State`) is the public one.

use std::fmt;
use std::str::FromStr;

use engine::{Grid, ParseError};

use crate::board::Puzzle;
use crate::rules::Cell;

/// The player's marks: one [`Cell`] per cell of a puzzle.
///
/// ```
/// use hitori::{Cell, game::State};
/// let s: State = "x o\n. .\n".parse().unwrap();
/// assert_eq!(s.cells()[engine::Coord::new(0, 0)], Cell::Shaded);
/// assert_eq!(s.cells()[engine::Coord::new(1, 0)], Cell::Unshaded);
/// assert_eq!(s.to_string(), "x o\n. .\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The marks ([`crate::game::Game`] changes them in place).
    pub(crate) cells: Grid<Cell>,
}

impl State {
    /// Every cell undecided, in the shape of `puzzle`.
    ///
    /// ```
    /// let p = hitori::Puzzle::parse("1 2 3").unwrap();
    /// assert_eq!(hitori::game::State::new(&p).to_string(), ". . .\n");
    /// ```
    #[must_use]
    pub fn new(puzzle: &Puzzle) -> State {
        State { cells: Grid::new(puzzle.width(), puzzle.height(), Cell::Unknown) }
    }

    /// Parses the state text. Tokens other than `x`, `o` and `.`, ragged rows and empty
    /// input are errors naming line and column.
    ///
    /// ```
    /// let e = hitori::game::State::parse("x o\no #\n").unwrap_err();
    /// assert_eq!((e.line, e.column, e.message.as_str()), (2, 3, "\"#\" is not x, o or ."));
    /// ```
    pub fn parse(text: &str) -> Result<State, ParseError> {
        let cells = engine::parse_token_grid(text, |token| match token {
            "x" | "X" => Ok(Cell::Shaded),
            "o" | "O" => Ok(Cell::Unshaded),
            "." => Ok(Cell::Unknown),
            _ => Err(format!("{token:?} is not x, o or .")),
        })?;
        Ok(State { cells })
    }

    /// A state from a grid of cells; `None` if the grid is empty.
    ///
    /// ```
    /// let g = engine::Grid::new(2, 2, hitori::Cell::Unshaded);
    /// assert_eq!(hitori::game::State::from_grid(g).unwrap().to_string(), "o o\no o\n");
    /// ```
    #[must_use]
    pub fn from_grid(cells: Grid<Cell>) -> Option<State> {
        (!cells.is_empty()).then_some(State { cells })
    }

    /// The complete state of a shading (`true` = shaded).
    ///
    /// ```
    /// let g = engine::Grid::from_vec(2, 1, vec![true, false]).unwrap();
    /// assert_eq!(hitori::game::State::from_shading(&g).to_string(), "x o\n");
    /// ```
    #[must_use]
    pub fn from_shading(shaded: &Grid<bool>) -> State {
        State { cells: shaded.map(|&s| Cell::from_shaded(s)) }
    }

    /// The cells.
    ///
    /// ```
    /// let s: hitori::game::State = ". x".parse().unwrap();
    /// assert_eq!(s.cells().cells(), &[hitori::Cell::Unknown, hitori::Cell::Shaded]);
    /// ```
    #[must_use]
    pub fn cells(&self) -> &Grid<Cell> {
        &self.cells
    }

    /// The state's rows as text lines.
    ///
    /// ```
    /// let s: hitori::game::State = "x  o\no .".parse().unwrap();
    /// assert_eq!(s.rows(), vec!["x o", "o ."]);
    /// ```
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        engine::text_rows(self)
    }
}

impl fmt::Display for State {
    /// The state text: `x`, `o` and `.` separated by one space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&engine::format_token_grid(&self.cells, |c| {
            match c {
                Cell::Shaded => "x",
                Cell::Unshaded => "o",
                Cell::Unknown => ".",
            }
            .to_string()
        }))
    }
}

impl FromStr for State {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<State, ParseError> {
        State::parse(text)
    }
}

engine::serde_text_rows!(State);
