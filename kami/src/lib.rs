#![doc = include_str!("../README.md")]

pub mod code;
pub mod fixture;
pub mod game;
pub mod generate;
pub mod hint;
pub mod level;
pub mod pack;
pub mod play;
pub mod regions;
pub mod solver;
pub mod svg;
pub mod symmetry;
#[cfg(test)]
mod testutil;

pub use game::{Game, Move, MoveError};
pub use generate::{GenerateError, Spec, generate, generate_within};
pub use hint::{Hint, hint};
pub use level::{Colour, Level, LevelError, MAX_COLOURS, colour_char, colour_from_char};
pub use regions::{RegionGraph, State};
pub use solver::{Options, Proven, Solution, SolveError, solve};
#[allow(deprecated)]
pub use solver::{Outcome, Report, SolveOptions};

/// Every error of the crate, for callers that want one type (`?` into it from any of the
/// crate's functions). Each variant displays as the error it holds and hands on that
/// error's own `source` (so an error chain names each cause once).
///
/// ```
/// fn par(text: &str) -> Result<usize, kami::Error> {
///     let level: kami::Level = text.parse()?;
///     Ok(kami::solver::optimal(&level)?.len())
/// }
/// assert_eq!(par("0011\n0011\n").unwrap(), 1);
/// let e = par("0A\n").unwrap_err();
/// assert!(matches!(e, kami::Error::Parse(_)));
/// assert!(e.to_string().starts_with("line 1, column 2: unknown character 'A'"), "{e}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Level text that does not parse ([`Level::parse`]).
    #[error(transparent)]
    Parse(#[from] engine::ParseError),
    /// Cells or a palette that make no level ([`Level::from_cells`], [`Level::set_palette`]).
    #[error(transparent)]
    Level(#[from] LevelError),
    /// A move's text that does not parse.
    #[error(transparent)]
    MoveParse(#[from] game::MoveParseError),
    /// A list of moves whose text does not parse ([`game::parse_moves`]).
    #[error(transparent)]
    MovesParse(#[from] game::MovesParseError),
    /// A move the level refuses ([`Game::play`]).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// Moves that do not replay on a level ([`game::replay`]).
    #[error(transparent)]
    Replay(#[from] game::ReplayError),
    /// A stored game that does not fit together.
    #[error(transparent)]
    Game(#[from] game::GameError),
    /// A level the solver cannot search ([`solve`]).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A generator spec out of range, or a generator that found no level ([`generate()`]).
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// A level without a code, or a text that is not a kami code ([`code`]).
    #[error(transparent)]
    Code(#[from] code::CodeError),
    /// Pack options that describe no pack ([`pack::PackOptions`]).
    #[error(transparent)]
    PackOptions(#[from] pack::PackOptionsError),
    /// A fixture file that is not valid RON of the fixture format.
    #[error(transparent)]
    Fixture(#[from] engine::RonError),
}
