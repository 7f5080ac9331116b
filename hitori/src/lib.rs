#![doc = include_str!("../README.md")]

pub mod board;
pub mod connectivity;
pub mod fixture;
pub mod game;
pub mod generate;
pub mod rules;
pub mod solver;
pub mod steps;
pub mod svg;

pub use board::Puzzle;
pub use generate::{GenerateError, Spec, generate};
pub use rules::Cell;
pub use solver::{Answer, Options, solve};

/// The next deduction from the player's marks, with the rule that makes it: the easiest
/// rule that decides an undecided cell ([`steps::Step`]); `None` when no rule applies, when
/// the marks already break a rule, or when `state` does not have the puzzle's shape.
///
/// ```
/// let puzzle: hitori::Puzzle = "2 1 2\n1 2 1\n".parse().unwrap();
/// let state: hitori::game::State = ". . .\n. . .\n".parse().unwrap();
/// let step = hitori::hint(&puzzle, &state).unwrap();
/// assert_eq!(step.to_string(), "1,0 is unshaded (sandwich)");
/// assert_eq!(step.rule.name(), "sandwich");
/// ```
#[must_use]
pub fn hint(puzzle: &Puzzle, state: &game::State) -> Option<steps::Step> {
    steps::hint(puzzle, state.cells())
}

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
    /// A fixture file that is not valid RON of the fixture format.
    #[error("{0}")]
    Fixture(#[from] engine::RonError),
}
