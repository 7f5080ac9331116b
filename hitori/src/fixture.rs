//! The fixture file format of `fixtures/hitori/*.ron`: named puzzles stored as text rows.

use serde::{Deserialize, Serialize};

use crate::Puzzle;

/// One fixture file.
///
/// ```
/// let file: hitori::fixture::FixtureFile =
///     engine::from_ron("(puzzles: [(name: \"tiny\", puzzle: [\"1 1\", \"1 2\"])])").unwrap();
/// assert_eq!(file.puzzles[0].puzzle.width(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureFile {
    /// The puzzles, in file order.
    pub puzzles: Vec<NamedPuzzle>,
}

/// A puzzle with a name saying what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedPuzzle {
    /// What the puzzle is about.
    pub name: String,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// The canonical text of a fixture file: parsed (puzzles validated) and printed in the
/// workspace's RON style.
///
/// ```
/// let tidy = hitori::fixture::canonicalize("(puzzles:[(name:\"t\",puzzle:[\"1  1\"])])").unwrap();
/// assert_eq!(hitori::fixture::canonicalize(&tidy).unwrap(), tidy);
/// ```
pub fn canonicalize(text: &str) -> Result<String, String> {
    engine::canonical_ron::<FixtureFile>(text).map_err(|e| e.to_string())
}

/// The fixture files generated from this crate's own APIs, as `(file name, contents)`.
/// None yet: the generator issue adds seeded unique puzzles here.
///
/// ```
/// assert!(hitori::fixture::generated().is_empty());
/// ```
#[must_use]
pub fn generated() -> Vec<(String, String)> {
    Vec::new()
}
