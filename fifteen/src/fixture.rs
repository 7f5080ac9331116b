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

/// A board with a name saying what it shows, and its goal (blank-last when absent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedBoard {
    /// What the board is about.
    pub name: String,
    /// The board.
    pub board: Board,
    /// The goal, blank-last when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
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
pub fn canonicalize(text: &str) -> Result<String, engine::RonError> {
    engine::canonical_ron::<FixtureFile>(text)
}

/// The sizes and goals of the generated `goals.ron`.
const GOAL_SIZES: [(usize, usize); 6] = [(2, 2), (3, 2), (2, 3), (3, 3), (4, 4), (5, 3)];

/// The fixture files generated from this crate's own APIs, as `(file name, contents)`:
/// `goals.ron`, every named goal laid out at a few sizes, and `generated.ron`, seeded
/// random boards of every goal kind (see [`generated_boards`]).
///
/// ```
/// let files = fifteen::fixture::generated();
/// assert_eq!(files[0].0, "goals.ron");
/// assert_eq!(files[1].0, "generated.ron");
/// for (_, text) in &files {
///     assert_eq!(&fifteen::fixture::canonicalize(text).unwrap(), text);
/// }
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
    let boards = FixtureFile { boards: generated_boards(), goals: Vec::new() };
    vec![
        ("goals.ron".to_string(), engine::to_ron(&file).expect("fixtures serialise")),
        ("generated.ron".to_string(), engine::to_ron(&boards).expect("fixtures serialise")),
    ]
}

/// Seeded boards from [`mod@crate::generate`]: uniform ones on small boards for every goal kind
/// (named, explicit, missing number), random walks on 4×4 (short enough for the snapshot
/// test to solve optimally in a debug build), strips, and a 6×6 for the fast solver.
///
/// ```
/// let boards = fifteen::fixture::generated_boards();
/// assert!(boards.iter().all(|b| b.goal.is_some()));
/// assert_eq!(boards, fifteen::fixture::generated_boards());
/// ```
#[must_use]
pub fn generated_boards() -> Vec<NamedBoard> {
    use crate::generate::{random_walk, uniform};
    use engine::SeededRng;

    let mut rng = SeededRng::new(2026);
    let mut out = Vec::new();
    let explicit = |w: usize, h: usize, rng: &mut SeededRng| {
        let mut tiles: Vec<u8> = (0..(w * h) as u8).collect();
        rng.shuffle(&mut tiles);
        Goal::Explicit(Board::new(w, h, tiles).expect("a shuffle of 0..n is a board"))
    };
    let missing = |w: usize, h: usize, k: usize| {
        let tiles = (1..=(w * h) as u8).map(|t| if usize::from(t) == k { 0 } else { t }).collect();
        Goal::Explicit(Board::new(w, h, tiles).expect("1..=n with one blank is a board"))
    };
    let mut push = |name: String, goal: Goal, w: usize, h: usize, walk: Option<usize>, rng: &mut SeededRng| {
        let layout = goal.layout(w, h).expect("goals fit their sizes");
        let board = match walk {
            Some(steps) => random_walk(&layout, steps, rng),
            None => uniform(&layout, rng),
        };
        out.push(NamedBoard { name, board, goal: Some(goal) });
    };
    for (w, h) in [(3, 3), (3, 2), (2, 3)] {
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
            push(format!("uniform {w}x{h} {goal}"), goal, w, h, None, &mut rng);
        }
        let e = explicit(w, h, &mut rng);
        push(format!("uniform {w}x{h} explicit"), e, w, h, None, &mut rng);
        push(format!("uniform {w}x{h} missing 2"), missing(w, h, 2), w, h, None, &mut rng);
    }
    for i in 0..3 {
        push(format!("uniform 3x3 blank-last #{i}"), Goal::BlankLast, 3, 3, None, &mut rng);
    }
    for (label, goal) in [
        ("blank-last", Goal::BlankLast),
        ("snake", Goal::Snake),
        ("spiral", Goal::Spiral),
        ("missing 7", missing(4, 4, 7)),
    ] {
        push(format!("walk 4x4 {label}"), goal, 4, 4, Some(36), &mut rng);
    }
    push("uniform 4x3 blank-last".to_string(), Goal::BlankLast, 4, 3, None, &mut rng);
    push("uniform 5x1 strip".to_string(), Goal::BlankLast, 5, 1, None, &mut rng);
    push("uniform 1x5 strip blank-first".to_string(), Goal::BlankFirst, 1, 5, None, &mut rng);
    push("uniform 6x6 spiral".to_string(), Goal::Spiral, 6, 6, None, &mut rng);
    out
}
