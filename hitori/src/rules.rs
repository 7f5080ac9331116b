//! The rules of Hitori, and a checker that explains every violation.
//!
//! A solution shades some cells so that
//! 1. no number repeats among the unshaded cells of a row or of a column,
//! 2. no two shaded cells are side by side (diagonal contact is allowed),
//! 3. the unshaded cells form one orthogonally connected area (so there is at least one).
//!
//! Nothing else is required: a shading that shades a cell "for no reason" is still a
//! solution if it keeps the three rules, which is why a good puzzle must rule out every such
//! optional shading (see [`crate::solver`]).

use std::fmt;

use engine::{Coord, Grid, SquareGrid};
use serde::{Deserialize, Serialize};

use crate::board::Puzzle;

/// What is known about a cell during solving.
///
/// ```
/// use hitori::rules::Cell;
/// assert_eq!(Cell::default(), Cell::Unknown);
/// assert_eq!(Cell::from_shaded(true), Cell::Shaded);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    /// Not decided yet.
    #[default]
    Unknown,
    /// Blacked out.
    Shaded,
    /// Kept (its number counts).
    Unshaded,
}

impl Cell {
    /// `Shaded` for `true`, `Unshaded` for `false`.
    ///
    /// ```
    /// assert_eq!(hitori::rules::Cell::from_shaded(false), hitori::rules::Cell::Unshaded);
    /// ```
    #[must_use]
    pub fn from_shaded(shaded: bool) -> Cell {
        if shaded { Cell::Shaded } else { Cell::Unshaded }
    }

    /// `"unknown"`, `"shaded"` or `"unshaded"` (as in the serialised form).
    ///
    /// ```
    /// assert_eq!(hitori::rules::Cell::Shaded.name(), "shaded");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Cell::Unknown => "unknown",
            Cell::Shaded => "shaded",
            Cell::Unshaded => "unshaded",
        }
    }
}

/// A row or a column of the board.
///
/// ```
/// assert_eq!(hitori::rules::Line::Row(2).to_string(), "row 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// Row `y` (from the top, from 0).
    Row(usize),
    /// Column `x` (from the left, from 0).
    Column(usize),
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(y) => write!(f, "row {y}"),
            Line::Column(x) => write!(f, "column {x}"),
        }
    }
}

impl Line {
    /// The indices (`y * width + x`) of the line's cells on a `width`×`height` board, left
    /// to right or top to bottom.
    ///
    /// ```
    /// use hitori::rules::Line;
    /// assert_eq!(Line::Row(1).cells(3, 2).collect::<Vec<_>>(), vec![3, 4, 5]);
    /// assert_eq!(Line::Column(2).cells(3, 2).collect::<Vec<_>>(), vec![2, 5]);
    /// ```
    pub fn cells(self, width: usize, height: usize) -> impl Iterator<Item = usize> {
        let (start, step, len) = match self {
            Line::Row(y) => (y * width, 1, width),
            Line::Column(x) => (x, width, height),
        };
        (0..len).map(move |k| start + k * step)
    }
}

/// Every line of a `width`×`height` board with the indices (`y * width + x`) of its cells:
/// the rows from the top (each left to right), then the columns from the left (each top to
/// bottom).
///
/// ```
/// use hitori::rules::{Line, lines};
/// let all: Vec<(Line, Vec<usize>)> = lines(3, 2).map(|(line, cells)| (line, cells.collect())).collect();
/// assert_eq!(all.len(), 5);
/// assert_eq!(all[1], (Line::Row(1), vec![3, 4, 5]));
/// assert_eq!(all[4], (Line::Column(2), vec![2, 5]));
/// ```
pub fn lines(width: usize, height: usize) -> impl Iterator<Item = (Line, impl Iterator<Item = usize>)> {
    (0..height).map(Line::Row).chain((0..width).map(Line::Column)).map(move |line| (line, line.cells(width, height)))
}

/// The other cells of cell `i`'s row (left to right), then of its column (top to bottom),
/// on a board `width` cells wide and `height` high.
pub(crate) fn line_mates(width: usize, height: usize, i: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % width, i / width);
    Line::Row(y).cells(width, height).chain(Line::Column(x).cells(width, height)).filter(move |&j| j != i)
}

/// One broken rule, with the cells that break it.
///
/// ```
/// use hitori::rules::{check_shading, Violation};
/// let p = hitori::Puzzle::parse("1 1\n2 3").unwrap();
/// let none = engine::Grid::new(2, 2, false);
/// let v = check_shading(&p, &none);
/// assert_eq!(v.len(), 1);
/// assert_eq!(v[0].to_string(), "row 0: 1 is repeated among unshaded cells 0,0 1,0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Violation {
    /// The cell states do not have the puzzle's shape.
    WrongShape {
        /// The puzzle's width and height.
        expected: (usize, usize),
        /// The states' width and height.
        found: (usize, usize),
    },
    /// A number appears more than once among the unshaded cells of a line.
    Repeated {
        /// The repeated number.
        number: u32,
        /// Where.
        line: Line,
        /// The unshaded cells holding it, in order along the line.
        cells: Vec<Coord>,
    },
    /// Two shaded cells side by side.
    AdjacentShaded {
        /// The upper or left cell.
        first: Coord,
        /// The lower or right cell.
        second: Coord,
    },
    /// The unshaded cells cannot all be joined through cells that are not shaded.
    Disconnected {
        /// How many separate areas hold unshaded cells.
        areas: usize,
        /// The first unshaded cell (row-major) outside the area of the first unshaded cell.
        cut_off: Coord,
    },
    /// Every cell is shaded.
    NothingUnshaded,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::WrongShape { expected, found } => {
                write!(f, "states are {}x{}, the puzzle is {}x{}", found.0, found.1, expected.0, expected.1)
            }
            Violation::Repeated { number, line, cells } => {
                write!(f, "{line}: {number} is repeated among unshaded cells")?;
                for c in cells {
                    write!(f, " {c}")?;
                }
                Ok(())
            }
            Violation::AdjacentShaded { first, second } => write!(f, "shaded cells {first} and {second} touch"),
            Violation::Disconnected { areas, cut_off } => {
                write!(f, "unshaded cells fall into {areas} separate areas ({cut_off} is cut off)")
            }
            Violation::NothingUnshaded => write!(f, "every cell is shaded"),
        }
    }
}

/// Every violation in a (possibly partial) state: repeats among `Unshaded` cells, touching
/// `Shaded` cells, and `Unshaded` cells that cannot be joined through cells that are not
/// `Shaded`. A complete state with no violation is a solution.
///
/// ```
/// use hitori::rules::{check, Cell::*};
/// let p = hitori::Puzzle::parse("1 1\n2 1").unwrap();
/// let s = engine::Grid::from_vec(2, 2, vec![Shaded, Unknown, Unknown, Unknown]).unwrap();
/// assert!(check(&p, &s).is_empty());
/// let bad = engine::Grid::from_vec(2, 2, vec![Shaded, Shaded, Unknown, Unknown]).unwrap();
/// assert_eq!(check(&p, &bad).len(), 1);
/// ```
#[must_use]
pub fn check(puzzle: &Puzzle, states: &Grid<Cell>) -> Vec<Violation> {
    let (w, h) = (puzzle.width(), puzzle.height());
    if (states.width(), states.height()) != (w, h) {
        return vec![Violation::WrongShape { expected: (w, h), found: (states.width(), states.height()) }];
    }
    let numbers = puzzle.numbers();
    let mut out = Vec::new();
    for (line, cells) in lines(w, h) {
        let cells: Vec<Coord> = cells.map(|i| Coord::new((i % w) as i32, (i / w) as i32)).collect();
        let mut seen: Vec<u32> = Vec::new();
        for &c in &cells {
            let n = numbers[c];
            if states[c] != Cell::Unshaded || seen.contains(&n) {
                continue;
            }
            let holders: Vec<Coord> =
                cells.iter().copied().filter(|&d| states[d] == Cell::Unshaded && numbers[d] == n).collect();
            if holders.len() > 1 {
                seen.push(n);
                out.push(Violation::Repeated { number: n, line, cells: holders });
            }
        }
    }
    for c in states.coords() {
        for step in [Coord::RIGHT, Coord::DOWN] {
            let d = c + step;
            if states[c] == Cell::Shaded && states.get(d) == Some(&Cell::Shaded) {
                out.push(Violation::AdjacentShaded { first: c, second: d });
            }
        }
    }
    let topology = SquareGrid::new(w, h);
    let parts = engine::components(&topology, |i| (states[i] != Cell::Shaded).then_some(()));
    let mut areas: Vec<u32> = Vec::new();
    let mut cut_off = None;
    for (i, label) in parts.labels.iter().enumerate() {
        if let (Cell::Unshaded, Some(l)) = (states[i], label) {
            if !areas.contains(l) {
                areas.push(*l);
                if areas.len() == 2 {
                    cut_off = Some(states.coord_of(i));
                }
            }
        }
    }
    if let Some(cut_off) = cut_off {
        out.push(Violation::Disconnected { areas: areas.len(), cut_off });
    }
    if states.cells().iter().all(|&s| s == Cell::Shaded) {
        out.push(Violation::NothingUnshaded);
    }
    out
}

/// Every violation of a complete shading (`true` = shaded).
///
/// ```
/// let p = hitori::Puzzle::parse("1 1\n2 1").unwrap();
/// let s = engine::Grid::from_vec(2, 2, vec![false, true, false, false]).unwrap();
/// assert!(hitori::rules::check_shading(&p, &s).is_empty());
/// ```
#[must_use]
pub fn check_shading(puzzle: &Puzzle, shaded: &Grid<bool>) -> Vec<Violation> {
    check(puzzle, &shaded.map(|&s| Cell::from_shaded(s)))
}

/// Whether a complete shading (`true` = shaded) solves the puzzle.
///
/// ```
/// let p = hitori::Puzzle::parse("1 1\n2 1").unwrap();
/// let s = engine::Grid::from_vec(2, 2, vec![false, true, false, false]).unwrap();
/// assert!(hitori::rules::is_solution(&p, &s));
/// assert!(!hitori::rules::is_solution(&p, &engine::Grid::new(2, 2, false)));
/// ```
#[must_use]
pub fn is_solution(puzzle: &Puzzle, shaded: &Grid<bool>) -> bool {
    check_shading(puzzle, shaded).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_list_rows_then_columns() {
        let all: Vec<(Line, Vec<usize>)> = lines(3, 2).map(|(l, cells)| (l, cells.collect())).collect();
        assert_eq!(
            all,
            vec![
                (Line::Row(0), vec![0, 1, 2]),
                (Line::Row(1), vec![3, 4, 5]),
                (Line::Column(0), vec![0, 3]),
                (Line::Column(1), vec![1, 4]),
                (Line::Column(2), vec![2, 5]),
            ]
        );
        assert_eq!(line_mates(3, 2, 4).collect::<Vec<_>>(), vec![3, 5, 1]);
    }

    fn shading(rows: &[&str]) -> Grid<bool> {
        Grid::from_rows(rows.iter().map(|r| r.chars().map(|c| c == '#').collect()).collect()).unwrap()
    }

    #[test]
    fn each_rule_is_explained() {
        let p = Puzzle::parse("1 2 1\n2 2 3\n3 1 2").unwrap();
        let v = check_shading(&p, &shading(&["...", "...", "..."]));
        assert_eq!(v.len(), 3, "{v:?}");
        assert!(v.iter().any(|v| matches!(v, Violation::Repeated { number: 1, line: Line::Row(0), .. })));
        assert!(v.iter().any(|v| matches!(v, Violation::Repeated { number: 2, line: Line::Row(1), .. })));
        assert!(v.iter().any(|v| matches!(v, Violation::Repeated { number: 2, line: Line::Column(1), .. })));
        let v = check_shading(&p, &shading(&["##.", "...", "..."]));
        assert!(v.contains(&Violation::AdjacentShaded { first: Coord::new(0, 0), second: Coord::new(1, 0) }));
        let v = check_shading(&p, &shading(&[".#.", "#..", "..."]));
        assert!(v.contains(&Violation::Disconnected { areas: 2, cut_off: Coord::new(2, 0) }));
        assert_eq!(v.last().unwrap().to_string(), "unshaded cells fall into 2 separate areas (2,0 is cut off)");
        let v = check_shading(&p, &shading(&["#.#", "...", ".#."]));
        assert!(!v.iter().any(|v| matches!(v, Violation::Disconnected { .. } | Violation::AdjacentShaded { .. })));
        assert!(is_solution(&p, &shading(&["#..", ".#.", "..."])));
    }

    #[test]
    fn one_cell_must_stay_unshaded() {
        let p = Puzzle::parse("5").unwrap();
        assert!(is_solution(&p, &shading(&["."])));
        assert_eq!(check_shading(&p, &shading(&["#"])), vec![Violation::NothingUnshaded]);
    }

    #[test]
    fn partial_states_only_blame_decided_cells() {
        let p = Puzzle::parse("1 1 1").unwrap();
        let s = Grid::from_vec(3, 1, vec![Cell::Unshaded, Cell::Unknown, Cell::Unshaded]).unwrap();
        assert_eq!(check(&p, &s).len(), 1);
        let s = Grid::from_vec(3, 1, vec![Cell::Unshaded, Cell::Shaded, Cell::Unknown]).unwrap();
        assert!(check(&p, &s).is_empty());
        let s = Grid::new(2, 1, Cell::Unknown);
        assert!(matches!(check(&p, &s)[0], Violation::WrongShape { .. }));
    }
}
