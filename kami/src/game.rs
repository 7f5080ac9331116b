//! Playing a level: a move taps a triangle and picks a colour; the connected same-colour
//! region of the tapped triangle takes that colour. Flood fill returns the changed
//! triangles in BFS order (the "blooming" animation order); moves can be undone.

use std::fmt;
use std::str::FromStr;

use engine::{Coord, TriangleGrid, flood_fill};
use serde::{Deserialize, Serialize};

use crate::{Colour, Level, MAX_COLOURS, colour_char, colour_from_char};

/// A move: tap triangle `(row, col)` and recolour its region to `colour`.
///
/// Printed as in the CLI contract, `r c colour`, and parsed back from that form:
///
/// ```
/// let m = kami::Move::new(2, 0, 11);
/// assert_eq!(m.to_string(), "2 0 b");
/// assert_eq!("2 0 b".parse::<kami::Move>(), Ok(m));
/// assert!("2 0 B".parse::<kami::Move>().is_err());
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

    /// A move tapping the triangle at `at` in the engine's convention (`x` = column,
    /// `y` = row) with `colour`; `None` for a negative coordinate.
    ///
    /// ```
    /// let m = kami::Move::at(engine::Coord::new(2, 1), 3).unwrap();
    /// assert_eq!((m.row, m.col), (1, 2));
    /// assert_eq!(m.coord(), engine::Coord::new(2, 1));
    /// assert_eq!(kami::Move::at(engine::Coord::new(-1, 0), 3), None);
    /// ```
    #[must_use]
    pub fn at(at: Coord, colour: Colour) -> Option<Self> {
        Some(Move { row: usize::try_from(at.y).ok()?, col: usize::try_from(at.x).ok()?, colour })
    }

    /// The tapped triangle in the engine's convention: `x` = column, `y` = row (a
    /// coordinate past `i32::MAX` saturates; no level is that large).
    ///
    /// ```
    /// assert_eq!(kami::Move::new(4, 7, 0).coord(), engine::Coord::new(7, 4));
    /// ```
    #[must_use]
    pub fn coord(&self) -> Coord {
        let side = |v: usize| i32::try_from(v).unwrap_or(i32::MAX);
        Coord::new(side(self.col), side(self.row))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.row, self.col, colour_char(self.colour))
    }
}

/// Why a move's text `r c colour` does not parse.
///
/// ```
/// assert_eq!("1 x 0".parse::<kami::Move>(), Err(kami::game::MoveParseError::Number("x".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveParseError {
    /// Not three tokens.
    #[error("expected `r c colour`, for example `0 3 a`")]
    Shape,
    /// A row or column that is not a whole number.
    #[error("{0:?} is not a row or column number")]
    Number(String),
    /// A colour that is not one character of `0-9`, `a-z`.
    #[error("{0:?} is not a colour (0-9, a-z)")]
    Colour(String),
}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let [row, col, colour] = tokens[..] else { return Err(MoveParseError::Shape) };
        let number = |t: &str| {
            if t.bytes().all(|b| b.is_ascii_digit()) { t.parse::<usize>().ok() } else { None }
                .ok_or_else(|| MoveParseError::Number(t.to_string()))
        };
        let mut chars = colour.chars();
        let (Some(colour), None) = (chars.next().and_then(colour_from_char), chars.next()) else {
            return Err(MoveParseError::Colour(colour.to_string()));
        };
        Ok(Move { row: number(row)?, col: number(col)?, colour })
    }
}

/// Parses a list of moves `r c colour`, separated by `;`, `,` or new lines (blank entries
/// are skipped); an error names the move (from 1).
///
/// ```
/// let moves = kami::game::parse_moves("0 0 1; 1 2 b\n").unwrap();
/// assert_eq!(moves, vec![kami::Move::new(0, 0, 1), kami::Move::new(1, 2, 11)]);
/// assert_eq!(kami::game::parse_moves("0 0 1;x").unwrap_err().index, 2);
/// ```
///
/// # Errors
/// The first move that does not parse.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MovesParseError> {
    text.split([';', ',', '\n'])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| t.parse().map_err(|error| MovesParseError { index: i + 1, error }))
        .collect()
}

/// A move of a list that does not parse (see [`parse_moves`]).
///
/// ```
/// let e = kami::game::parse_moves("0 0").unwrap_err();
/// assert_eq!(e.to_string(), "move 1: expected `r c colour`, for example `0 3 a`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index}: {error}")]
pub struct MovesParseError {
    /// The move's place in the list, from 1.
    pub index: usize,
    /// What is wrong with it.
    #[source]
    pub error: MoveParseError,
}

/// Why a move cannot be played.
///
/// ```
/// let mut game = kami::Game::new(&"0.".parse().unwrap());
/// assert_eq!(game.play(kami::Move::new(0, 1, 1)), Err(kami::MoveError::Hole));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum MoveError {
    /// The tapped position lies outside the level.
    #[error("the tapped triangle is outside the level")]
    OffBoard,
    /// The tapped position is a hole.
    #[error("the tapped position is a hole")]
    Hole,
    /// The colour is not one of the 36 colours, or has no entry in the level's palette
    /// (when it has one).
    #[error("the colour is not one of 0-9, a-z, or not in the level's palette")]
    BadColour,
}

/// Why a list of moves does not replay (see [`replay`]).
///
/// ```
/// let level: kami::Level = "01\n".parse().unwrap();
/// let e = kami::game::replay(&level, &[kami::Move::new(0, 1, 1)]).unwrap_err();
/// assert_eq!(e.to_string(), "move 1 (0 1 1) changes nothing");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// A move cannot be played.
    #[error("move {index} ({mv}): {error}")]
    Illegal {
        /// The move's place, from 1.
        index: usize,
        /// The move.
        mv: Move,
        /// Why.
        #[source]
        error: MoveError,
    },
    /// A move recolours a region to the colour it has.
    #[error("move {index} ({mv}) changes nothing")]
    NoChange {
        /// The move's place, from 1.
        index: usize,
        /// The move.
        mv: Move,
    },
}

/// The triangles (cell indices, row-major) recoloured by tapping `cell` with `colour`, in
/// BFS order from the tapped triangle; empty when the region already has that colour or
/// `cell` is a hole.
///
/// ```
/// let level: kami::Level = "0011\n0111\n".parse().unwrap();
/// let t = level.topology();
/// // (0,0) points right and touches (1,0) below; (1,0) points left and touches (1,1),
/// // which has colour 1: the region is cells 0 and 4.
/// assert_eq!(kami::game::fill_cells(&level, &t, 0, 1), vec![0, 4]);
/// assert!(kami::game::fill_cells(&level, &t, 0, 0).is_empty());
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameRepr", into = "GameRepr")]
pub struct Game {
    level: Level,
    topology: TriangleGrid,
    /// Each move with the cells it changed and their old colour.
    history: Vec<(Move, Vec<usize>, Colour)>,
}

/// A saved game: the level as it stands and the undo history (each move, the cells it
/// changed and their old colour).
#[derive(Serialize, Deserialize)]
struct GameRepr {
    level: Level,
    history: Vec<(Move, Vec<usize>, Colour)>,
}

impl From<Game> for GameRepr {
    fn from(game: Game) -> Self {
        GameRepr { level: game.level, history: game.history }
    }
}

impl TryFrom<GameRepr> for Game {
    type Error = GameError;

    fn try_from(repr: GameRepr) -> Result<Self, GameError> {
        let cells = repr.level.cells().cells();
        for (index, (_, changed, old)) in (1..).zip(&repr.history) {
            let bad = changed.iter().any(|&c| cells.get(c).copied().flatten().is_none());
            if bad || usize::from(*old) >= MAX_COLOURS {
                return Err(GameError::History { index });
            }
        }
        Ok(Game { topology: repr.level.topology(), level: repr.level, history: repr.history })
    }
}

/// Why a saved game does not load.
///
/// ```
/// let err = serde_json::from_str::<kami::Game>(r#"{"level":{"rows":["01"]},"history":[[{"row":0,"col":0,"colour":1},[5],0]]}"#);
/// assert!(err.unwrap_err().to_string().contains("undo history entry 1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// An undo history entry names a cell outside the level or a hole, or a colour out of
    /// range.
    #[error("undo history entry {index} does not fit the level")]
    History {
        /// The entry, from 1.
        index: usize,
    },
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
        let palette = &self.level.palette;
        if usize::from(mv.colour) >= MAX_COLOURS || (!palette.is_empty() && usize::from(mv.colour) >= palette.len()) {
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
/// assert!(kami::game::is_solved(&"11\n.1".parse().unwrap()));
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
/// let end = kami::game::replay(&level, &[kami::Move::new(0, 1, 0)]).unwrap();
/// assert!(kami::game::is_solved(&end));
/// assert!(kami::game::replay(&level, &[kami::Move::new(0, 1, 1)]).is_err()); // no change
/// ```
///
/// # Errors
/// The first move that cannot be played or changes nothing.
pub fn replay(level: &Level, moves: &[Move]) -> Result<Level, ReplayError> {
    let mut game = Game::new(level);
    for (index, &mv) in (1..).zip(moves) {
        let changed = game.play(mv).map_err(|error| ReplayError::Illegal { index, mv, error })?;
        if changed.is_empty() {
            return Err(ReplayError::NoChange { index, mv });
        }
    }
    Ok(game.level.clone())
}

/// The coordinate of a cell index as an engine [`Coord`] (`x` = column, `y` = row).
///
/// ```
/// let level: kami::Level = "012\n345\n".parse().unwrap();
/// assert_eq!(kami::game::coord(&level, 4), engine::Coord::new(1, 1));
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
