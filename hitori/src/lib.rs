#![doc = include_str!("../README.md")]

pub mod board;
pub mod code;
pub mod connectivity;
mod difficulty;
pub mod fixture;
pub mod game;
pub mod generate;
mod grader;
pub mod pack;
mod propagate;
pub mod rules;
pub mod solver;
mod state;
pub mod steps;
pub mod svg;
pub mod symmetry;

pub use board::Puzzle;
pub use game::Game;
pub use generate::{GenerateError, Spec, generate, generate_within};
pub use rules::Cell;
pub use solver::{Answer, Options, solve};
pub use steps::hint;

/// Every error of the crate, for callers that want one type (`?` into it from any of the
/// crate's functions). Each variant is transparent: it displays as the error it holds and
/// its `source` is that error's own, so a report that prints an error and then its sources
/// prints each message once.
///
/// ```
/// fn load(text: &str) -> Result<hitori::Puzzle, hitori::Error> {
///     Ok(text.parse()?)
/// }
/// let e = load("1 0").unwrap_err();
/// assert_eq!(e.to_string(), "line 1, column 3: 0 is not a positive number");
/// // The whole chain, as an error reporter prints it: one message.
/// let mut chain = vec![e.to_string()];
/// let mut source = std::error::Error::source(&e);
/// while let Some(s) = source {
///     chain.push(s.to_string());
///     source = s.source();
/// }
/// assert_eq!(chain, ["line 1, column 3: 0 is not a positive number"]);
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Puzzle or position text that does not parse.
    #[error(transparent)]
    Parse(#[from] engine::ParseError),
    /// Generation failed or gave up.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// An unknown difficulty name.
    #[error(transparent)]
    Difficulty(#[from] steps::ParseDifficultyError),
    /// A move off the board, or a saved game whose marks do not fit its puzzle.
    #[error(transparent)]
    Game(#[from] game::GameError),
    /// A fixture file that is not valid RON of the fixture format.
    #[error(transparent)]
    Fixture(#[from] engine::RonError),
    /// A text that is not the code of a puzzle, or a puzzle too big for a code.
    #[error(transparent)]
    Code(#[from] code::CodeError),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages of an error and of its sources, as an error reporter prints them.
    fn chain(e: &Error) -> Vec<String> {
        let mut out = vec![e.to_string()];
        let mut source = std::error::Error::source(e);
        while let Some(s) = source {
            out.push(s.to_string());
            source = s.source();
        }
        out
    }

    #[test]
    fn every_error_prints_its_message_once_in_a_chain() {
        let errors: Vec<Error> = vec![
            "1 0".parse::<Puzzle>().unwrap_err().into(),
            generate(&Spec::new(1, 2), &mut engine::SeededRng::new(0)).unwrap_err().into(),
            "tricky".parse::<steps::Difficulty>().unwrap_err().into(),
            Game::new(Puzzle::parse("1 2").unwrap()).set(engine::Coord::new(5, 0), Cell::Shaded).unwrap_err().into(),
            fixture::canonicalize("(").unwrap_err().into(),
            code::decode("not a code").unwrap_err().into(),
            code::decode("hitori:1:SQgm7").unwrap_err().into(),
            generate_within(
                &Spec::new(30, 30),
                &mut engine::SeededRng::new(0),
                &engine::Budget::default().with_node_limit(0),
            )
            .unwrap_err()
            .into(),
        ];
        for e in &errors {
            // No message of the chain shows up again in another one.
            let messages = chain(e);
            for (i, message) in messages.iter().enumerate() {
                for (j, other) in messages.iter().enumerate() {
                    assert!(i == j || !other.contains(message.as_str()), "{messages:?}");
                }
            }
        }
    }
}
