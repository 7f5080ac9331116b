//! The fixture file format of `fixtures/shisen/*.ron`.
//!
//! A fixture file holds named boards, stored as their text rows so that the files read
//! like the boards they describe. `cargo xtask fixtures --check` requires every file to be
//! in the canonical form [`canonicalize`] prints.

use serde::{Deserialize, Serialize};

use crate::Board;

/// One fixture file.
///
/// ```
/// let text = "(boards: [(name: \"pair\", board: [\"A A\"])])";
/// let file: shisen::fixture::FixtureFile = engine::from_ron(text).unwrap();
/// assert_eq!(file.boards[0].board.tile_count(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureFile {
    /// The boards, in file order.
    pub boards: Vec<NamedBoard>,
}

/// A board with a name saying what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedBoard {
    /// What the board is about, e.g. `"U around the border"`.
    pub name: String,
    /// The board.
    pub board: Board,
}

/// The canonical text of a fixture file: parsed (boards validated) and printed in the
/// workspace's RON style.
///
/// ```
/// let text = "(boards:[(name:\"pair\",board:[\"A  A\"])])";
/// let tidy = shisen::fixture::canonicalize(text).unwrap();
/// assert!(tidy.contains("\"A A\""));
/// assert_eq!(shisen::fixture::canonicalize(&tidy).unwrap(), tidy);
/// ```
pub fn canonicalize(text: &str) -> Result<String, String> {
    engine::canonical_ron::<FixtureFile>(text).map_err(|e| e.to_string())
}

/// The fixture files generated from this crate's own APIs, as `(file name, contents)`.
/// None yet: the generator issue adds seeded deals here.
///
/// ```
/// assert!(shisen::fixture::generated().iter().all(|(name, _)| name.ends_with(".ron")));
/// ```
#[must_use]
pub fn generated() -> Vec<(String, String)> {
    Vec::new()
}
