//! What a search is told: the [`Heuristic`] and the [`Options`], and what it answers: the
//! [`Answer`] and the [`Solution`] report.

use std::sync::Arc;

use engine::{Budget, Report};
use serde::{Deserialize, Serialize};

use crate::Move;
use crate::pdb::PatternDb;

/// The lower bound guiding the search.
///
/// ```
/// use fifteen::solver::Heuristic;
/// assert!(matches!(Heuristic::default(), Heuristic::LinearConflict));
/// ```
#[derive(Clone, Debug, Default)]
pub enum Heuristic {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    #[default]
    LinearConflict,
    /// Additive pattern databases (they must serve the goal: same size and blank cell).
    Pdb(Arc<PatternDb>),
}

/// How to search: what is particular to the sliding puzzle (heuristic, reflection, the fast
/// solver) and the shared [`Budget`].
///
/// ```
/// use fifteen::solver::{Heuristic, Options};
/// let o = Options::default().with_heuristic(Heuristic::Manhattan)
///     .with_budget(engine::Budget::default().with_node_limit(1_000));
/// assert!(o.reflect && !o.fast);
/// assert_eq!(o.budget.node_limit(), Some(1_000));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Options {
    /// The heuristic of the optimal search.
    pub heuristic: Heuristic,
    /// With pattern databases on a square board whose goal blank lies on the main
    /// diagonal, also look up the transposed state and take the larger bound (on by
    /// default: it halves the nodes of random 15-puzzles).
    pub reflect: bool,
    /// Use the fast solver: a valid, not necessarily optimal solution for any size
    /// ([`Outcome::Found`](engine::Outcome::Found)).
    pub fast: bool,
    /// Node limit, time limit, cancel token and progress callback.
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { heuristic: Heuristic::default(), reflect: true, fast: false, budget: Budget::default() }
    }
}

impl Options {
    /// The same options with `heuristic`.
    ///
    /// ```
    /// let o = fifteen::Options::default().with_heuristic(fifteen::Heuristic::Manhattan);
    /// assert!(matches!(o.heuristic, fifteen::Heuristic::Manhattan));
    /// ```
    #[must_use]
    pub fn with_heuristic(mut self, heuristic: Heuristic) -> Options {
        self.heuristic = heuristic;
        self
    }

    /// The same options with reflection on or off.
    ///
    /// ```
    /// assert!(!fifteen::Options::default().with_reflect(false).reflect);
    /// ```
    #[must_use]
    pub fn with_reflect(mut self, reflect: bool) -> Options {
        self.reflect = reflect;
        self
    }

    /// The same options with the fast solver on or off.
    ///
    /// ```
    /// assert!(fifteen::Options::default().with_fast(true).fast);
    /// ```
    #[must_use]
    pub fn with_fast(mut self, fast: bool) -> Options {
        self.fast = fast;
        self
    }

    /// The same options with `budget`.
    ///
    /// ```
    /// let o = fifteen::Options::default().with_budget(engine::Budget::default().with_node_limit(5));
    /// assert_eq!(o.budget.node_limit(), Some(5));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Options {
        self.budget = budget;
        self
    }
}

/// What a solver answers about a puzzle (inside [`Outcome::Proved`](engine::Outcome::Proved) or [`Outcome::Found`](engine::Outcome::Found)).
///
/// ```
/// use fifteen::{Answer, Move};
/// assert_eq!(Answer::Moves(vec![Move::Up]).moves(), Some(&[Move::Up][..]));
/// assert_eq!(Answer::Unsolvable.moves(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// A sequence of moves (of the blank) from the start to the goal: optimal inside
    /// [`Outcome::Proved`](engine::Outcome::Proved), valid inside [`Outcome::Found`](engine::Outcome::Found).
    Moves(Vec<Move>),
    /// The goal cannot be reached (always [`Outcome::Proved`](engine::Outcome::Proved)).
    Unsolvable,
}

impl Answer {
    /// The moves, if the puzzle is solvable.
    ///
    /// ```
    /// assert_eq!(fifteen::Answer::Moves(vec![]).moves().map(<[_]>::len), Some(0));
    /// ```
    #[must_use]
    pub fn moves(&self) -> Option<&[Move]> {
        match self {
            Answer::Moves(m) => Some(m),
            Answer::Unsolvable => None,
        }
    }
}

/// What [`crate::solve`] returns: the [`Answer`], or — when the budget ran out — the lower bound on
/// the optimal length that the search proved, with the nodes and time spent.
pub type Solution = Report<Answer, u32>;
