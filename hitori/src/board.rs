//! The Hitori puzzle: a rectangle of positive numbers, and the shadings that solve it.
//!
//! Puzzle text: one row per line, positive integers separated by whitespace, rectangular
//! (`#` lines are comments). Solution text: one row per line, tokens separated by one
//! space, `#` for a shaded cell and the number for an unshaded one.

use std::fmt;
use std::str::FromStr;

use engine::{Grid, ParseError};

/// A Hitori puzzle: any size from 1×1, numbers of any magnitude.
///
/// ```
/// let p: hitori::Puzzle = "1 1 2\n2 3 1\n3 2 2\n".parse().unwrap();
/// assert_eq!((p.width(), p.height()), (3, 3));
/// assert_eq!(p.numbers()[engine::Coord::new(2, 1)], 1);
/// assert_eq!(p.to_string(), "1 1 2\n2 3 1\n3 2 2\n");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    numbers: Grid<u32>,
}

impl Puzzle {
    /// Parses the puzzle text format. Zero, negative and non-numeric entries, ragged rows
    /// and empty input are errors naming line and column.
    ///
    /// ```
    /// let e = hitori::Puzzle::parse("1 2\n2 0\n").unwrap_err();
    /// assert_eq!((e.line, e.column), (2, 3));
    /// assert_eq!(e.message, "0 is not a positive number");
    /// assert!(hitori::Puzzle::parse("1 -2").is_err());
    /// assert!(hitori::Puzzle::parse("# nothing\n").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
        let numbers = engine::parse_token_grid(text, |token| match token.parse::<u32>() {
            Ok(0) => Err("0 is not a positive number".to_string()),
            Ok(n) => Ok(n),
            Err(_) if token.starts_with('-') && token[1..].bytes().all(|b| b.is_ascii_digit()) => {
                Err(format!("{token} is not a positive number"))
            }
            Err(_) if token.bytes().all(|b| b.is_ascii_digit()) => Err(format!("{token} is too large")),
            Err(_) => Err(format!("{token:?} is not a number")),
        })?;
        Ok(Puzzle { numbers })
    }

    /// A puzzle from a grid of numbers; `None` if a number is 0 or the grid is empty.
    ///
    /// ```
    /// let g = engine::Grid::from_vec(2, 1, vec![3, 3]).unwrap();
    /// assert!(hitori::Puzzle::from_grid(g).is_some());
    /// ```
    #[must_use]
    pub fn from_grid(numbers: Grid<u32>) -> Option<Puzzle> {
        (!numbers.is_empty() && numbers.cells().iter().all(|&n| n > 0)).then_some(Puzzle { numbers })
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(hitori::Puzzle::parse("1 2").unwrap().width(), 2);
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        self.numbers.width()
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(hitori::Puzzle::parse("1 2").unwrap().height(), 1);
    /// ```
    #[must_use]
    pub fn height(&self) -> usize {
        self.numbers.height()
    }

    /// The numbers.
    ///
    /// ```
    /// assert_eq!(hitori::Puzzle::parse("4 5").unwrap().numbers().cells(), &[4, 5]);
    /// ```
    #[must_use]
    pub fn numbers(&self) -> &Grid<u32> {
        &self.numbers
    }

    /// The puzzle's rows as text lines.
    ///
    /// ```
    /// assert_eq!(hitori::Puzzle::parse("1  2\n2 1").unwrap().rows(), vec!["1 2", "2 1"]);
    /// ```
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        engine::text_rows(self)
    }

    /// Prints a shading of this puzzle in the solution text format: `#` where `shaded`
    /// is true, the number elsewhere. `shaded` must have the puzzle's shape.
    ///
    /// ```
    /// let p = hitori::Puzzle::parse("1 1\n2 1").unwrap();
    /// let shaded = engine::Grid::from_vec(2, 2, vec![true, false, false, false]).unwrap();
    /// assert_eq!(p.format_solution(&shaded), "# 1\n2 1\n");
    /// ```
    #[must_use]
    pub fn format_solution(&self, shaded: &Grid<bool>) -> String {
        let cells = Grid::from_fn(self.width(), self.height(), |c| {
            if shaded.get(c).copied().unwrap_or(false) { "#".to_string() } else { self.numbers[c].to_string() }
        });
        engine::format_token_grid(&cells, Clone::clone)
    }
}

impl fmt::Display for Puzzle {
    /// The puzzle text format: numbers separated by one space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&engine::format_token_grid(&self.numbers, u32::to_string))
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Puzzle {}x{}:\n{self}", self.width(), self.height())
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Puzzle, ParseError> {
        Puzzle::parse(text)
    }
}

engine::serde_text_rows!(Puzzle);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(Puzzle::parse("1 x").unwrap_err().message, "\"x\" is not a number");
        assert_eq!(Puzzle::parse("1 99999999999").unwrap_err().message, "99999999999 is too large");
        assert_eq!(Puzzle::parse("1 -3").unwrap_err().message, "-3 is not a positive number");
        let e = Puzzle::parse("1 2\n3\n").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn big_numbers_and_one_by_one() {
        let p = Puzzle::parse("12 100\n100 12\n").unwrap();
        assert_eq!(p.numbers().cells(), &[12, 100, 100, 12]);
        assert_eq!(Puzzle::parse("7").unwrap().width(), 1);
    }
}
