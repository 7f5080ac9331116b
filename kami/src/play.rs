//! Playing a level: a move taps a triangle and picks a colour; the connected same-colour
//! region of the tapped triangle takes that colour. Flood fill returns the changed
//! triangles in BFS order (the "blooming" animation order); moves can be undone.

use std::fmt;

use engine::{Coord, TriangleGrid, flood_fill};

use crate::{Colour, Level, MAX_COLOURS, colour_char};

/// A move: tap triangle `(row, col)` and recolour its region to `colour`.
///
/// Printed as in the CLI contract, `r c colour`:
///
/// ```
/// let m = kami::Move::new(2, 0, 11);
/// assert_eq!(m.to_string(), "2 0 b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Move {
    /// Row of the tapped triangle, from the top, from 0.
    pub row: usize,
    /// Column of the tapped triangle, from the left, from 0.
    pub col: usize,
    /// The new colour of the tapped region.
    pub colour: Colour,
}

impl Move {
    /// A move tapping `(row, col)` with `colour`.
    ///
    /// ```
    /// assert_eq!(kami::Move::new(1, 2, 3).col, 2);
    /// ```
    #[must_use]
    pub fn new(row: usize, col: usize, colour: Colour) -> Self {
        Move { row, col, colour }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.row, self.col, colour_char(self.colour))
    }
}

/// Why a move cannot be played.
///
/// ```
/// let mut game = kami::Game::new(&"0.".parse().unwrap());
/// assert_eq!(game.play(kami::Move::new(0, 1, 1)), Err(kami::MoveError::Hole));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The tapped position lies outside the level.
    OffBoard,
    /// The tapped position is a hole.
    Hole,
    /// The colour is not one of the 36 colours.
    BadColour,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::OffBoard => "the tapped triangle is outside the level",
            MoveError::Hole => "the tapped position is a hole",
            MoveError::BadColour => "the colour is not one of 0-9, a-z",
        })
    }
}

impl std::error::Error for MoveError {}

/// The triangles (cell indices, row-major) recoloured by tapping `cell` with `colour`, in
/// BFS order from the tapped triangle; empty when the region already has that colour or
/// `cell` is a hole.
///
/// ```
/// let level: kami::Level = "0011\n0111\n".parse().unwrap();
/// let t = level.topology();
/// // (0,0) points right and touches (1,0) below; (1,0) points left and touches (1,1),
/// // which has colour 1: the region is cells 0 and 4.
/// assert_eq!(kami::play::fill_cells(&level, &t, 0, 1), vec![0, 4]);
/// assert!(kami::play::fill_cells(&level, &t, 0, 0).is_empty());
/// ```
#[must_use]
pub fn fill_cells(level: &Level, topology: &TriangleGrid, cell: usize, colour: Colour) -> Vec<usize> {
    let cells = level.cells().cells();
    match cells.get(cell).copied().flatten() {
        Some(old) if old != colour => flood_fill(topology, cell, |i| cells[i] == Some(old)),
        _ => Vec::new(),
    }
}

/// A level being played: the current colours, the moves so far, undo.
///
/// ```
/// use kami::{Game, Move};
/// let level: kami::Level = "0011\n0011\n".parse().unwrap();
/// let mut game = Game::new(&level);
/// let changed = game.play(Move::new(0, 1, 1)).unwrap();
/// assert_eq!(changed, vec![(0, 1), (1, 1), (1, 0), (0, 0)]);
/// assert!(game.is_solved());
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.undo(), Some(Move::new(0, 1, 1)));
/// assert_eq!(game.level(), &level);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    level: Level,
    topology: TriangleGrid,
    /// Each move with the cells it changed and their old colour.
    history: Vec<(Move, Vec<usize>, Colour)>,
}

impl Game {
    /// Starts playing `level`.
    ///
    /// ```
    /// let game = kami::Game::new(&"01".parse().unwrap());
    /// assert!(!game.is_solved());
    /// ```
    #[must_use]
    pub fn new(level: &Level) -> Self {
        Game { topology: level.topology(), level: level.clone(), history: Vec::new() }
    }

    /// The level as it stands now.
    ///
    /// ```
    /// let mut game = kami::Game::new(&"01".parse().unwrap());
    /// game.play(kami::Move::new(0, 0, 1)).unwrap();
    /// assert_eq!(game.level().grid_text(), "11\n");
    /// ```
    #[must_use]
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The moves played so far (moves that changed nothing are not recorded).
    ///
    /// ```
    /// let mut game = kami::Game::new(&"01".parse().unwrap());
    /// game.play(kami::Move::new(0, 0, 0)).unwrap(); // already colour 0: no move
    /// assert!(game.moves().is_empty());
    /// ```
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.history.iter().map(|(m, _, _)| *m).collect()
    }

    /// Plays a move: returns the recoloured triangles as `(row, col)` in BFS order from the
    /// tapped one (empty, and no move recorded, when the region already has that colour).
    ///
    /// ```
    /// let mut game = kami::Game::new(&"001\n".parse().unwrap());
    /// assert_eq!(game.play(kami::Move::new(0, 2, 0)).unwrap(), vec![(0, 2)]);
    /// assert_eq!(game.play(kami::Move::new(5, 0, 0)), Err(kami::MoveError::OffBoard));
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Vec<(usize, usize)>, MoveError> {
        if usize::from(mv.colour) >= MAX_COLOURS {
            return Err(MoveError::BadColour);
        }
        if mv.row >= self.level.rows() || mv.col >= self.level.cols() {
            return Err(MoveError::OffBoard);
        }
        let cell = mv.row * self.level.cols() + mv.col;
        let Some(old) = self.level.cells().cells()[cell] else { return Err(MoveError::Hole) };
        let changed = fill_cells(&self.level, &self.topology, cell, mv.colour);
        if changed.is_empty() {
            return Ok(Vec::new());
        }
        self.set_cells(&changed, mv.colour);
        let out = changed.iter().map(|&i| self.rc(i)).collect();
        self.history.push((mv, changed, old));
        Ok(out)
    }

    /// Takes back the last move, returning it.
    ///
    /// ```
    /// let mut game = kami::Game::new(&"01".parse().unwrap());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let (mv, cells, old) = self.history.pop()?;
        self.set_cells(&cells, old);
        Some(mv)
    }

    /// Whether every triangle has one colour (all islands the same colour).
    ///
    /// ```
    /// assert!(kami::Game::new(&"0.0".parse().unwrap()).is_solved());
    /// assert!(!kami::Game::new(&"0.1".parse().unwrap()).is_solved());
    /// ```
    #[must_use]
    pub fn is_solved(&self) -> bool {
        is_solved(&self.level)
    }

    fn rc(&self, cell: usize) -> (usize, usize) {
        (cell / self.level.cols(), cell % self.level.cols())
    }

    fn set_cells(&mut self, cells: &[usize], colour: Colour) {
        let mut grid = self.level.cells().clone();
        for &i in cells {
            grid.cells_mut()[i] = Some(colour);
        }
        self.level.replace_cells(grid);
    }
}

/// Whether every triangle of `level` has the same colour.
///
/// ```
/// assert!(kami::play::is_solved(&"11\n.1".parse().unwrap()));
/// ```
#[must_use]
pub fn is_solved(level: &Level) -> bool {
    let mut colours = level.cells().cells().iter().flatten();
    let first = colours.next();
    colours.all(|c| Some(c) == first)
}

/// Plays `moves` from the start of `level`; `Ok(final level)` when every move is legal and
/// changes something.
///
/// ```
/// let level: kami::Level = "01\n".parse().unwrap();
/// let end = kami::play::replay(&level, &[kami::Move::new(0, 1, 0)]).unwrap();
/// assert!(kami::play::is_solved(&end));
/// assert!(kami::play::replay(&level, &[kami::Move::new(0, 1, 1)]).is_err()); // no change
/// ```
pub fn replay(level: &Level, moves: &[Move]) -> Result<Level, String> {
    let mut game = Game::new(level);
    for (i, &mv) in moves.iter().enumerate() {
        let changed = game.play(mv).map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
        if changed.is_empty() {
            return Err(format!("move {} ({mv}) changes nothing", i + 1));
        }
    }
    Ok(game.level.clone())
}

/// The coordinate of a cell index as an engine [`Coord`] (`x` = column, `y` = row).
///
/// ```
/// let level: kami::Level = "012\n345\n".parse().unwrap();
/// assert_eq!(kami::play::coord(&level, 4), engine::Coord::new(1, 1));
/// ```
#[must_use]
pub fn coord(level: &Level, cell: usize) -> Coord {
    level.cells().coord_of(cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_order_is_bfs_from_the_tap() {
        // A column of 0s: (0,0) right, (1,0) left, (2,0) right ... each touches the next.
        let level: Level = "01\n01\n01\n01\n".parse().unwrap();
        let mut game = Game::new(&level);
        let changed = game.play(Move::new(2, 0, 1)).unwrap();
        // (2,0): up (1,0), down (3,0), then the side neighbours come later.
        assert_eq!(changed[0], (2, 0));
        assert_eq!(&changed[1..3], &[(1, 0), (3, 0)]);
        assert_eq!(changed.len(), 4);
    }

    #[test]
    fn undo_restores_every_step() {
        let level: Level = "0120\n2101\n0.12\n".parse().unwrap();
        let mut game = Game::new(&level);
        let mut seen = vec![game.level().clone()];
        for mv in [Move::new(0, 0, 1), Move::new(1, 1, 2), Move::new(2, 3, 0)] {
            game.play(mv).unwrap();
            seen.push(game.level().clone());
        }
        while game.undo().is_some() {
            seen.pop();
            assert_eq!(game.level(), seen.last().unwrap());
        }
        assert_eq!(game.level(), &level);
    }
}
