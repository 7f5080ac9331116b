//! A game in progress: the player's marks on a puzzle, with undo and redo.
//!
//! A [`State`] says what the player has decided about each cell ([`Cell::Shaded`],
//! [`Cell::Unshaded`] — "circled" — or [`Cell::Unknown`]). Its text form has one row per
//! line, tokens separated by whitespace: `x` shaded, `o` unshaded, `.` undecided (`#`
//! cannot mark a shaded cell here: a line starting with `#` is a comment).
//!
//! A [`Game`] is a puzzle, the current state and the history of [`Move`]s, all serde, so a
//! game can be saved and resumed with its undo history.

use std::fmt;

use engine::Coord;
use serde::{Deserialize, Serialize};

use crate::board::Puzzle;
use crate::rules::{Cell, Violation};
pub use crate::state::State;
use crate::steps::Step;

/// One change of one cell, as the history records it.
///
/// ```
/// let m = hitori::game::Move { cell: engine::Coord::new(1, 0), from: hitori::Cell::Unknown, to: hitori::Cell::Shaded };
/// assert_eq!(m.to_string(), "1,0 unknown -> shaded");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The cell.
    pub cell: Coord,
    /// Its state before.
    pub from: Cell,
    /// Its state after.
    pub to: Cell,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} -> {}", self.cell, self.from.name(), self.to.name())
    }
}

/// A move that cannot be made.
///
/// ```
/// let mut g = hitori::game::Game::new(hitori::Puzzle::parse("1 2").unwrap());
/// let e = g.set(engine::Coord::new(5, 0), hitori::Cell::Shaded).unwrap_err();
/// assert_eq!(e.to_string(), "5,0 is outside the 2x1 board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum GameError {
    /// The cell is not on the board.
    #[error("{cell} is outside the {width}x{height} board")]
    OutsideBoard {
        /// The cell asked for.
        cell: Coord,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A saved game whose state does not have its puzzle's shape.
    #[error("the state is {}x{}, the puzzle is {}x{}", found.0, found.1, expected.0, expected.1)]
    WrongShape {
        /// The puzzle's width and height.
        expected: (usize, usize),
        /// The state's width and height.
        found: (usize, usize),
    },
}

/// A game in progress: the puzzle, the player's marks, and the moves made (for undo) and
/// undone (for redo).
///
/// ```
/// use engine::Coord;
/// use hitori::{Cell, game::Game};
/// let mut g = Game::new(hitori::Puzzle::parse("1 1\n2 1").unwrap());
/// g.cycle(Coord::new(1, 0)).unwrap(); // undecided -> shaded
/// assert!(g.violations().is_empty());
/// assert!(g.is_solved()); // the undecided cells count as unshaded once the rules hold
/// g.undo();
/// assert_eq!(g.state().cells()[Coord::new(1, 0)], Cell::Unknown);
/// g.redo();
/// let saved = serde_json::to_string(&g).unwrap();
/// let back: Game = serde_json::from_str(&saved).unwrap();
/// assert_eq!(back, g);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameRepr", into = "GameRepr")]
pub struct Game {
    puzzle: Puzzle,
    state: State,
    done: Vec<Move>,
    undone: Vec<Move>,
}

/// The serialised form of a game (checked on the way in).
#[derive(Serialize, Deserialize)]
struct GameRepr {
    puzzle: Puzzle,
    state: State,
    #[serde(default)]
    done: Vec<Move>,
    #[serde(default)]
    undone: Vec<Move>,
}

impl TryFrom<GameRepr> for Game {
    type Error = GameError;
    fn try_from(r: GameRepr) -> Result<Game, GameError> {
        let expected = (r.puzzle.width(), r.puzzle.height());
        let found = (r.state.cells.width(), r.state.cells.height());
        if expected != found {
            return Err(GameError::WrongShape { expected, found });
        }
        let game = Game { puzzle: r.puzzle, state: r.state, done: Vec::new(), undone: Vec::new() };
        for m in r.done.iter().chain(&r.undone) {
            game.index(m.cell)?;
        }
        Ok(Game { done: r.done, undone: r.undone, ..game })
    }
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> GameRepr {
        GameRepr { puzzle: g.puzzle, state: g.state, done: g.done, undone: g.undone }
    }
}

impl Game {
    /// A new game: every cell undecided, no history.
    ///
    /// ```
    /// let g = hitori::game::Game::new(hitori::Puzzle::parse("1 2").unwrap());
    /// assert_eq!(g.state().to_string(), ". .\n");
    /// ```
    #[must_use]
    pub fn new(puzzle: Puzzle) -> Game {
        let state = State::new(&puzzle);
        Game { puzzle, state, done: Vec::new(), undone: Vec::new() }
    }

    /// The puzzle.
    ///
    /// ```
    /// let g = hitori::game::Game::new(hitori::Puzzle::parse("1 2").unwrap());
    /// assert_eq!(g.puzzle().width(), 2);
    /// ```
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The player's marks.
    ///
    /// ```
    /// let g = hitori::game::Game::new(hitori::Puzzle::parse("1").unwrap());
    /// assert_eq!(g.state().cells().len(), 1);
    /// ```
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The moves made, oldest first (the undo history).
    ///
    /// ```
    /// let mut g = hitori::game::Game::new(hitori::Puzzle::parse("1 1").unwrap());
    /// g.cycle(engine::Coord::new(0, 0)).unwrap();
    /// assert_eq!(g.history().len(), 1);
    /// ```
    #[must_use]
    pub fn history(&self) -> &[Move] {
        &self.done
    }

    fn index(&self, cell: Coord) -> Result<usize, GameError> {
        self.state.cells.index_of(cell).ok_or(GameError::OutsideBoard {
            cell,
            width: self.puzzle.width(),
            height: self.puzzle.height(),
        })
    }

    /// Sets `cell` to `to` (recorded for undo unless nothing changes; clears the redo
    /// list).
    ///
    /// ```
    /// let mut g = hitori::game::Game::new(hitori::Puzzle::parse("1 1").unwrap());
    /// g.set(engine::Coord::new(1, 0), hitori::Cell::Unshaded).unwrap();
    /// assert_eq!(g.state().to_string(), ". o\n");
    /// ```
    pub fn set(&mut self, cell: Coord, to: Cell) -> Result<(), GameError> {
        let i = self.index(cell)?;
        let from = self.state.cells[i];
        if from != to {
            self.state.cells[i] = to;
            self.done.push(Move { cell, from, to });
            self.undone.clear();
        }
        Ok(())
    }

    /// What a click does: undecided → shaded → unshaded (circled) → undecided. Returns the
    /// cell's new state.
    ///
    /// ```
    /// use hitori::Cell;
    /// let mut g = hitori::game::Game::new(hitori::Puzzle::parse("1").unwrap());
    /// let c = engine::Coord::new(0, 0);
    /// assert_eq!(g.cycle(c).unwrap(), Cell::Shaded);
    /// assert_eq!(g.cycle(c).unwrap(), Cell::Unshaded);
    /// assert_eq!(g.cycle(c).unwrap(), Cell::Unknown);
    /// ```
    pub fn cycle(&mut self, cell: Coord) -> Result<Cell, GameError> {
        let i = self.index(cell)?;
        let to = match self.state.cells[i] {
            Cell::Unknown => Cell::Shaded,
            Cell::Shaded => Cell::Unshaded,
            Cell::Unshaded => Cell::Unknown,
        };
        self.set(cell, to)?;
        Ok(to)
    }

    /// Takes back the last move; `false` when there is none.
    ///
    /// ```
    /// let mut g = hitori::game::Game::new(hitori::Puzzle::parse("1").unwrap());
    /// assert!(!g.undo());
    /// ```
    pub fn undo(&mut self) -> bool {
        let Some(m) = self.done.pop() else { return false };
        self.state.cells[m.cell] = m.from;
        self.undone.push(m);
        true
    }

    /// Makes the last undone move again; `false` when there is none.
    ///
    /// ```
    /// let mut g = hitori::game::Game::new(hitori::Puzzle::parse("1").unwrap());
    /// g.cycle(engine::Coord::new(0, 0)).unwrap();
    /// g.undo();
    /// assert!(g.redo());
    /// assert!(!g.redo());
    /// ```
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.undone.pop() else { return false };
        self.state.cells[m.cell] = m.to;
        self.done.push(m);
        true
    }

    /// The rules the marks break now ([`crate::rules::check`]).
    ///
    /// ```
    /// let mut g = hitori::game::Game::new(hitori::Puzzle::parse("1 1").unwrap());
    /// g.set(engine::Coord::new(0, 0), hitori::Cell::Unshaded).unwrap();
    /// g.set(engine::Coord::new(1, 0), hitori::Cell::Unshaded).unwrap();
    /// assert_eq!(g.violations().len(), 1);
    /// ```
    #[must_use]
    pub fn violations(&self) -> Vec<Violation> {
        crate::rules::check(&self.puzzle, &self.state.cells)
    }

    /// Whether the shaded cells solve the puzzle (undecided cells count as unshaded).
    ///
    /// ```
    /// let g = hitori::game::Game::new(hitori::Puzzle::parse("1 2").unwrap());
    /// assert!(g.is_solved());
    /// ```
    #[must_use]
    pub fn is_solved(&self) -> bool {
        crate::rules::is_solution(&self.puzzle, &self.state.cells.map(|&c| c == Cell::Shaded))
    }

    /// The next deduction from the current marks ([`crate::steps::hint`]).
    ///
    /// ```
    /// let g = hitori::game::Game::new(hitori::Puzzle::parse("2 1 2").unwrap());
    /// assert_eq!(g.hint().unwrap().to_string(), "1,0 is unshaded (sandwich)");
    /// ```
    #[must_use]
    pub fn hint(&self) -> Option<Step> {
        crate::steps::hint(&self.puzzle, &self.state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut g = Game::new(Puzzle::parse("1 1 2\n2 3 1\n3 2 2").unwrap());
        let c = Coord::new(0, 0);
        g.cycle(c).unwrap();
        g.cycle(c).unwrap();
        g.set(Coord::new(2, 2), Cell::Shaded).unwrap();
        assert_eq!(g.state().to_string(), "o . .\n. . .\n. . x\n");
        assert!(g.undo() && g.undo());
        assert_eq!(g.state().to_string(), "x . .\n. . .\n. . .\n");
        g.set(Coord::new(1, 1), Cell::Unshaded).unwrap();
        assert!(!g.redo(), "a new move clears the redo list");
        assert_eq!(g.history().len(), 2);
        assert!(g.set(Coord::new(-1, 0), Cell::Shaded).is_err());
    }

    #[test]
    fn saved_games_are_checked() {
        let json = r#"{"puzzle":["1 2"],"state":["x"],"done":[],"undone":[]}"#;
        assert!(serde_json::from_str::<Game>(json).is_err());
        let json =
            r#"{"puzzle":["1 2"],"state":["x o"],"done":[{"cell":{"x":7,"y":0},"from":"unknown","to":"shaded"}]}"#;
        assert!(serde_json::from_str::<Game>(json).is_err());
        let json = r#"{"puzzle":["1 2"],"state":["x o"]}"#;
        assert_eq!(serde_json::from_str::<Game>(json).unwrap().state().to_string(), "x o\n");
    }
}
