//! The fixture file format of `fixtures/fifteen/*.ron`: named boards and goal layouts.

use serde::{Deserialize, Serialize};

use crate::{Board, Goal};

/// One fixture file; each section may be absent.
///
/// ```
/// let text = "(boards: [(name: \"solved 2x2\", board: (width: 2, tiles: \"1 2 3 0\"))])";
/// let file: fifteen::fixture::FixtureFile = engine::from_ron(text).unwrap();
/// assert_eq!(file.boards[0].board.blank(), 3);
/// assert!(file.goals.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureFile {
    /// Named boards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<NamedBoard>,
    /// Goal layouts as computed by [`Goal::layout`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub goals: Vec<GoalLayout>,
}

/// A board with a name saying what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedBoard {
    /// What the board is about.
    pub name: String,
    /// The board.
    pub board: Board,
}

/// A goal and its layout at one size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoalLayout {
    /// The goal.
    pub goal: Goal,
    /// Its layout.
    pub layout: Board,
}

/// The canonical text of a fixture file: parsed (boards validated) and printed in the
/// workspace's RON style.
///
/// ```
/// let messy = "(boards:[(name:\"b\",board:(width:2,tiles:\"1,2,3,0\"))])";
/// let tidy = fifteen::fixture::canonicalize(messy).unwrap();
/// assert!(tidy.contains("\"1 2 3 0\""));
/// assert_eq!(fifteen::fixture::canonicalize(&tidy).unwrap(), tidy);
/// ```
pub fn canonicalize(text: &str) -> Result<String, String> {
    engine::canonical_ron::<FixtureFile>(text).map_err(|e| e.to_string())
}

/// The sizes and goals of the generated `goals.ron`.
const GOAL_SIZES: [(usize, usize); 6] = [(2, 2), (3, 2), (2, 3), (3, 3), (4, 4), (5, 3)];

/// The fixture files generated from this crate's own APIs, as `(file name, contents)`:
/// `goals.ron`, every named goal laid out at a few sizes.
///
/// ```
/// let files = fifteen::fixture::generated();
/// assert_eq!(files[0].0, "goals.ron");
/// assert_eq!(fifteen::fixture::canonicalize(&files[0].1).unwrap(), files[0].1);
/// ```
#[must_use]
pub fn generated() -> Vec<(String, String)> {
    let mut goals = Vec::new();
    for (w, h) in GOAL_SIZES {
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
            let layout = goal.layout(w, h).expect("named goals fit every listed size");
            goals.push(GoalLayout { goal, layout });
        }
    }
    let file = FixtureFile { boards: Vec::new(), goals };
    vec![("goals.ron".to_string(), engine::to_ron(&file).expect("fixtures serialise"))]
}
