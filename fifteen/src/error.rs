//! The crate's error type: every fallible function of the crate returns it or one of the
//! module errors it wraps ([`BoardError`], [`MoveError`], [`GoalError`], [`PdbError`],
//! [`CodeError`]).

use engine::code::CodeError;
use engine::{ParseError, StopReason};

use crate::board::{BoardError, MoveError};
use crate::goal::GoalError;
use crate::pdb::PdbError;

/// Everything that can go wrong in this crate.
///
/// ```
/// use fifteen::{Board, Error, Goal, Puzzle};
/// let board = Board::parse_line("1 2 3 0", None).unwrap();
/// let goal = Goal::BlankLast.layout(3, 3).unwrap();
/// let e = Puzzle::new(board, goal).unwrap_err();
/// assert_eq!(e, Error::Mismatch);
/// assert_eq!(e.to_string(), "the board's tiles and size are not the goal's");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The start board and the goal differ in size or tiles.
    #[error("the board's tiles and size are not the goal's")]
    Mismatch,
    /// A pattern database given in the options was built for another size or goal blank.
    #[error("the pattern database was built for another board size or goal blank cell")]
    PdbMismatch,
    /// Tiles that do not make a board.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// Moves that cannot be read or played.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A goal that cannot be read or laid out.
    #[error(transparent)]
    Goal(#[from] GoalError),
    /// Text that is not a board.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A pattern database that cannot be built or read.
    #[error(transparent)]
    Pdb(#[from] PdbError),
    /// A puzzle code that cannot be read (see [`crate::code`]).
    #[error(transparent)]
    Code(#[from] CodeError),
    /// A distance table asked for a board that is too big.
    #[error("a distance table takes at most {max} cells, not {cells}")]
    TableSize {
        /// Cells of the board.
        cells: usize,
        /// [`crate::table::MAX_TABLE_CELLS`].
        max: usize,
    },
    /// A distance table whose states lie farther than its bytes can count.
    #[error("a state is farther than 254 moves")]
    TableDepth,
    /// A generator setting beyond its documented limit.
    #[error("{what} is {value}, more than the {max} allowed")]
    Limit {
        /// The setting (`walk`, `count`, …).
        what: &'static str,
        /// The value given.
        value: u64,
        /// The largest value allowed.
        max: u64,
    },
    /// A generator's budget ran out before it made a board.
    #[error("generation stopped: {0}")]
    GaveUp(StopReason),
    /// A step of the fast solver that cannot fail did (a bug: please report it).
    #[error("internal: {0}")]
    Internal(&'static str),
}
