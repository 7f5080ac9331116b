//! What the solver answers: [`Answer`], what a search that gave up still found
//! ([`Partial`]), and the report of both ([`Solution`]).

use engine::Report;
use serde::{Deserialize, Serialize};

pub use crate::game::Removal;

/// The solver's answer, always proven (inside [`engine::Outcome::Proved`]).
///
/// ```
/// use shisen::solver::{solve, Answer, Options};
/// let board: shisen::Board = "A B\nB A".parse().unwrap();
/// assert_eq!(solve(&board, &Options::default()).outcome, engine::Outcome::Proved(Answer::Unsolvable));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Every tile can be removed; the removals in play order.
    Solvable(Vec<Removal>),
    /// No sequence of removals clears the board.
    Unsolvable,
}

impl Answer {
    /// The first line of `shisen solve`: `solvable` or `unsolvable`.
    ///
    /// ```
    /// assert_eq!(shisen::solver::Answer::Unsolvable.word(), "unsolvable");
    /// ```
    #[must_use]
    pub fn word(&self) -> &'static str {
        match self {
            Answer::Solvable(_) => "solvable",
            Answer::Unsolvable => "unsolvable",
        }
    }
}

/// What a search that gave up still found: the line of play that removed the most tiles.
///
/// ```
/// use engine::{Budget, Outcome};
/// use shisen::solver::{solve, Options};
/// let board: shisen::Board = "A B C\nC B A\nD D .".parse().unwrap();
/// let report = solve(&board, &Options::default().with_budget(Budget::default().with_node_limit(0)));
/// let Outcome::GaveUp { proven, .. } = report.outcome else { panic!() };
/// assert_eq!(proven.tiles_left, 8);
/// assert!(proven.removals.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Partial {
    /// The tiles that line leaves on the board.
    pub tiles_left: usize,
    /// Its removals, in play order (a prefix of a game, not necessarily of a winning one).
    pub removals: Vec<Removal>,
}

/// What `solver::solve` returns: the answer, or what was found when the budget ran
/// out, and the nodes and time spent.
pub type Solution = Report<Answer, Partial>;
