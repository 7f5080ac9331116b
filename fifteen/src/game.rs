//! A puzzle (a start board and the goal it must reach) and a game in progress on it, with
//! its undo history.

use std::fmt;
use std::str::FromStr;

use engine::ParseError;
use serde::{Deserialize, Serialize};

use crate::board::MoveError;
use crate::solvable::{goal_board, goal_cells};
use crate::{Board, Error, Goal, Move};

/// A start board and a goal board of the same size and tiles: what [`crate::solve`] and
/// [`crate::hint()`] take.
///
/// Text: the start board in the grid form, a blank line, the goal board in the grid form
/// (what `Display` prints and `FromStr` reads).
///
/// ```
/// use fifteen::{Board, Goal, Puzzle};
/// let p = Puzzle::with_goal(Board::parse_line("1 2 0 3", None).unwrap(), &Goal::BlankLast).unwrap();
/// assert_eq!(p.to_string(), "1 2\n0 3\n\n1 2\n3 0\n");
/// assert_eq!(p.to_string().parse::<Puzzle>().unwrap(), p);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "PuzzleRepr")]
pub struct Puzzle {
    start: Board,
    goal: Board,
}

#[derive(Deserialize)]
struct PuzzleRepr {
    start: Board,
    goal: Board,
}

impl TryFrom<PuzzleRepr> for Puzzle {
    type Error = Error;
    fn try_from(r: PuzzleRepr) -> Result<Puzzle, Error> {
        Puzzle::new(r.start, r.goal)
    }
}

impl Puzzle {
    /// A puzzle from `start` to `goal`; an error when they differ in size or tiles.
    ///
    /// ```
    /// use fifteen::{Board, Puzzle};
    /// let b = |s: &str| Board::parse_line(s, None).unwrap();
    /// assert!(Puzzle::new(b("1 2 0 3"), b("1 2 3 0")).is_ok());
    /// assert!(Puzzle::new(b("1 2 0 3"), b("1 2 4 0")).is_err());
    /// ```
    pub fn new(start: Board, goal: Board) -> Result<Puzzle, Error> {
        goal_cells(&start, &goal).ok_or(Error::Mismatch)?;
        Ok(Puzzle { start, goal })
    }

    /// A puzzle from `start` to `goal` laid out at `start`'s size.
    ///
    /// ```
    /// use fifteen::{Board, Goal, Puzzle};
    /// let p = Puzzle::with_goal(Board::parse_line("1 2 0 3", None).unwrap(), &Goal::Snake).unwrap();
    /// assert_eq!(p.goal().to_line(), "1 2 0 3");
    /// assert!(Puzzle::with_goal(Board::parse_line("4 1 3 0", None).unwrap(), &Goal::BlankLast).is_err());
    /// ```
    pub fn with_goal(start: Board, goal: &Goal) -> Result<Puzzle, Error> {
        let goal = goal_board(&start, goal)?;
        Ok(Puzzle { start, goal })
    }

    /// The start board.
    ///
    /// ```
    /// let p: fifteen::Puzzle = "1 0\n\n0 1\n".parse().unwrap();
    /// assert_eq!(p.start().to_line(), "1 0");
    /// ```
    #[must_use]
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The goal board.
    ///
    /// ```
    /// let p: fifteen::Puzzle = "1 0\n\n0 1\n".parse().unwrap();
    /// assert_eq!(p.goal().to_line(), "0 1");
    /// ```
    #[must_use]
    pub fn goal(&self) -> &Board {
        &self.goal
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.start, self.goal)
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Two grids separated by a blank line; errors name the line and column.
    fn from_str(text: &str) -> Result<Puzzle, ParseError> {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines.iter().position(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
        let gap = first.and_then(|f| lines.iter().skip(f).position(|l| l.trim().is_empty()).map(|g| f + g));
        let Some(gap) = gap else {
            return Err(ParseError::new(
                lines.len().max(1),
                1,
                "expected the start board, a blank line, then the goal board",
            ));
        };
        let start = Board::parse_grid(&lines[..gap].join("\n"))?;
        let goal = Board::parse_grid(&lines[gap + 1..].join("\n")).map_err(|e| e.shifted(gap + 1))?;
        Puzzle::new(start, goal).map_err(|e| ParseError::new(gap + 2, 1, e.to_string()))
    }
}

/// A game in progress: a puzzle, the board as it stands and the moves played, which
/// [`Game::undo`] takes back one by one. Serialised as the puzzle and the moves; reading
/// it back replays them.
///
/// ```
/// use fifteen::{Game, Move, Puzzle};
/// let mut game = Game::new("1 2\n0 3\n\n1 2\n3 0\n".parse::<Puzzle>().unwrap());
/// game.play(Move::Up).unwrap();
/// assert!(game.play(Move::Up).is_err());
/// assert_eq!(game.undo(), Some(Move::Up));
/// game.play(Move::Right).unwrap();
/// assert!(game.is_solved());
/// let json = serde_json::to_string(&game).unwrap();
/// assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameRepr", into = "GameRepr")]
pub struct Game {
    puzzle: Puzzle,
    board: Board,
    history: Vec<Move>,
}

#[derive(Serialize, Deserialize)]
struct GameRepr {
    puzzle: Puzzle,
    history: Vec<Move>,
}

impl TryFrom<GameRepr> for Game {
    type Error = MoveError;
    fn try_from(r: GameRepr) -> Result<Game, MoveError> {
        let mut board = r.puzzle.start().clone();
        board.replay(&r.history)?;
        Ok(Game { puzzle: r.puzzle, board, history: r.history })
    }
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> GameRepr {
        GameRepr { puzzle: g.puzzle, history: g.history }
    }
}

impl Game {
    /// A game at the puzzle's start.
    ///
    /// ```
    /// let game = fifteen::Game::new("1 0\n\n0 1\n".parse().unwrap());
    /// assert_eq!(game.board().to_line(), "1 0");
    /// ```
    #[must_use]
    pub fn new(puzzle: Puzzle) -> Game {
        let board = puzzle.start().clone();
        Game { puzzle, board, history: Vec::new() }
    }

    /// Moves the blank one step; an error, and no change, when it is at that edge.
    ///
    /// ```
    /// let mut game = fifteen::Game::new("1 0\n\n0 1\n".parse().unwrap());
    /// assert!(game.play(fifteen::Move::Left).is_ok());
    /// ```
    pub fn play(&mut self, step: Move) -> Result<(), MoveError> {
        if self.board.apply(step) {
            self.history.push(step);
            Ok(())
        } else {
            Err(MoveError::Illegal { index: self.history.len(), step })
        }
    }

    /// Takes back the last move; `None` at the start.
    ///
    /// ```
    /// let mut game = fifteen::Game::new("1 0\n\n0 1\n".parse().unwrap());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let step = self.history.pop()?;
        self.board.apply(step.inverse());
        Some(step)
    }

    /// The puzzle.
    ///
    /// ```
    /// let game = fifteen::Game::new("1 0\n\n0 1\n".parse().unwrap());
    /// assert_eq!(game.puzzle().goal().to_line(), "0 1");
    /// ```
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The board as it stands.
    ///
    /// ```
    /// let game = fifteen::Game::new("1 0\n\n0 1\n".parse().unwrap());
    /// assert_eq!(game.board().blank(), 1);
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played, oldest first.
    ///
    /// ```
    /// let game = fifteen::Game::new("1 0\n\n0 1\n".parse().unwrap());
    /// assert!(game.history().is_empty());
    /// ```
    #[must_use]
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The puzzle from the board as it stands (to ask [`crate::hint()`] about).
    ///
    /// ```
    /// let game = fifteen::Game::new("1 0\n\n0 1\n".parse().unwrap());
    /// assert_eq!(game.position().start(), game.board());
    /// ```
    #[must_use]
    pub fn position(&self) -> Puzzle {
        Puzzle { start: self.board.clone(), goal: self.puzzle.goal.clone() }
    }

    /// Whether the board is the goal.
    ///
    /// ```
    /// let game = fifteen::Game::new("1 0\n\n1 0\n".parse().unwrap());
    /// assert!(game.is_solved());
    /// ```
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.board == self.puzzle.goal
    }
}
