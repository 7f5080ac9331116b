#![doc = include_str!("../README.md")]

pub mod board;
pub mod code;
pub mod fixture;
pub mod game;
pub mod generate;
pub mod pack;
pub mod path;
pub mod solver;
pub mod svg;
pub mod symmetry;
pub use board::{Board, Kind};
pub use game::Game;
pub use generate::{Deal, Spec, generate, generate_within};
pub use path::{Pair, Path, hint};
pub use solver::{Answer, Options, solve};

/// Any error of this crate, for callers that put them all through one `?`: each module's
/// error converts into it.
///
/// ```
/// fn first_pair(text: &str) -> Result<Option<shisen::Pair>, shisen::Error> {
///     let board: shisen::Board = text.parse()?;
///     let spec = shisen::generate::Spec::new(board.width(), board.height()).with_copies(2);
///     spec.check()?;
///     assert_eq!(spec.width, board.width());
///     Ok(shisen::hint(&board))
/// }
/// assert!(first_pair("A A").unwrap().is_some());
/// let err = first_pair("A B").unwrap_err();
/// assert!(matches!(err, shisen::Error::Parse(_)));
/// assert!(err.to_string().contains("occurs 1 time"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A board's text ([`Board::parse`]).
    #[error(transparent)]
    Parse(#[from] engine::ParseError),
    /// Matching groups that do not fit a board ([`Board::with_groups`]).
    #[error(transparent)]
    Group(#[from] board::GroupError),
    /// A connection path's corners or text ([`Path`]).
    #[error(transparent)]
    Path(#[from] path::PathError),
    /// A removal the rules refuse ([`game::Game::remove`]).
    #[error(transparent)]
    Move(#[from] game::MoveError),
    /// A stored game that does not fit together.
    #[error(transparent)]
    Load(#[from] game::LoadError),
    /// A witness with an illegal removal ([`solver::replay`]).
    #[error(transparent)]
    Replay(#[from] solver::ReplayError),
    /// A generator spec out of range ([`generate::Spec::check`]).
    #[error(transparent)]
    Spec(#[from] generate::SpecError),
    /// Pack options that describe no pack ([`pack::PackOptions`]).
    #[error(transparent)]
    Options(#[from] pack::OptionsError),
    /// A board without a code, or a text that is not a shisen code ([`code`]).
    #[error(transparent)]
    Code(#[from] code::CodeError),
    /// A generator that found no deal.
    #[error(transparent)]
    Generate(#[from] generate::GenerateError),
    /// A fixture file that is not valid RON of the fixture format.
    #[error(transparent)]
    Fixture(#[from] engine::RonError),
}
