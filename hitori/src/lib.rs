#![doc = include_str!("../README.md")]

pub mod board;
pub mod code;
pub mod connectivity;
pub mod fixture;
pub mod game;
pub mod generate;
mod grader;
pub mod pack;
mod propagate;
pub mod rules;
pub mod solver;
pub mod steps;
pub mod svg;
pub mod symmetry;

pub use board::Puzzle;
pub use generate::{GenerateError, Spec, generate};
pub use rules::Cell;
pub use solver::{Answer, Options, solve};
pub use steps::hint;

/// Every error of the crate, for callers that want one type (`?` into it from any of the
/// crate's functions). Each variant displays as the error it holds, and names it as its
/// `source`.
///
/// ```
/// fn load(text: &str) -> Result<hitori::Puzzle, hitori::Error> {
///     Ok(text.parse()?)
/// }
/// let e = load("1 0").unwrap_err();
/// assert_eq!(e.to_string(), "line 1, column 3: 0 is not a positive number");
/// assert!(std::error::Error::source(&e).is_some());
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Puzzle or position text that does not parse.
    #[error("{0}")]
    Parse(#[from] engine::ParseError),
    /// Generation failed or gave up.
    #[error("{0}")]
    Generate(#[from] GenerateError),
    /// An unknown difficulty name.
    #[error("{0}")]
    Difficulty(#[from] steps::ParseDifficultyError),
    /// A move off the board, or a saved game whose marks do not fit its puzzle.
    #[error("{0}")]
    Game(#[from] game::GameError),
    /// A fixture file that is not valid RON of the fixture format.
    #[error("{0}")]
    Fixture(#[from] engine::RonError),
    /// A text that is not the code of a puzzle, or a puzzle too big for a code.
    #[error("{0}")]
    Code(#[from] code::CodeError),
}
