//! The fixture file format of `fixtures/shisen/*.ron`.
//!
//! A fixture file holds named boards, stored as their text rows so that the files read
//! like the boards they describe, with what the snapshot test must find on them: the
//! connections asked about (`queries`, with the expected length or `None` for a refusal)
//! and whether the board can be cleared (`solvable`, under gravity when `gravity`). `cargo xtask fixtures --check` requires every file to be
//! in the canonical form [`canonicalize`] prints.

use serde::{Deserialize, Serialize};

use crate::board::Board;

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

/// A board with a name saying what it shows, and expectations.
///
/// ```
/// let text = "(boards: [(name: \"pair\", board: [\"A . A\"], queries: [(a: (0, 0), b: (2, 0), length: Some(2))])])";
/// let file: shisen::fixture::FixtureFile = engine::from_ron(text).unwrap();
/// assert_eq!(file.boards[0].queries[0].length, Some(2));
/// assert!(!file.boards[0].gravity);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedBoard {
    /// What the board is about, e.g. `"U around the border"`.
    pub name: String,
    /// The board.
    pub board: Board,
    /// Whether the game is played with gravity.
    #[serde(default, skip_serializing_if = "is_false")]
    pub gravity: bool,
    /// Connections to look up, with the expected shortest length.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queries: Vec<Query>,
    /// Whether the board can be cleared, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solvable: Option<bool>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // the signature serde's skip_serializing_if needs
fn is_false(b: &bool) -> bool {
    !*b
}

/// A connection to look up between cells `a` and `b` (as `(x, y)`), with the expected length
/// of the shortest one, `None` when they must not connect.
///
/// ```
/// let q: shisen::fixture::Query = engine::from_ron("(a: (0, 0), b: (1, 1), length: None)").unwrap();
/// assert_eq!(q.b, (1, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Query {
    /// The first cell.
    pub a: (i32, i32),
    /// The second cell.
    pub b: (i32, i32),
    /// The expected length of the shortest connection, `None` for "no connection".
    pub length: Option<u32>,
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
pub fn canonicalize(text: &str) -> Result<String, engine::RonError> {
    engine::canonical_ron::<FixtureFile>(text)
}

/// The fixture files generated from this crate's own APIs, as `(file name, contents)`:
/// `generated.ron`, seeded solvable deals (with and without gravity) to be played to the end.
///
/// ```
/// let files = shisen::fixture::generated();
/// assert_eq!(files[0].0, "generated.ron");
/// assert_eq!(shisen::fixture::canonicalize(&files[0].1).unwrap(), files[0].1);
/// ```
#[must_use]
pub fn generated() -> Vec<(String, String)> {
    use crate::generate::{Spec, generate};
    let mut boards = Vec::new();
    for (w, h, gravity) in [(8, 4, false), (8, 4, true), (18, 8, false), (18, 8, true)] {
        let spec = Spec::new(w, h).with_gravity(gravity);
        let mut rng = engine::SeededRng::new(2026);
        let board = generate(&spec, &mut rng).expect("standard layouts always deal").board;
        let rule = if gravity { "with gravity" } else { "without gravity" };
        boards.push(NamedBoard {
            name: format!("{w}x{h} solvable deal {rule}, seed 2026, played to the end"),
            board,
            gravity,
            queries: Vec::new(),
            solvable: Some(true),
        });
    }
    let file = FixtureFile { boards };
    vec![("generated.ron".to_string(), engine::to_ron(&file).expect("fixtures print"))]
}
