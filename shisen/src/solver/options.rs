//! The solver's settings: the gravity rule and the search budget.

use engine::Budget;

/// The node limit of [`Options::default`]: enough to decide nearly every 18x8 deal (see the
/// crate README), small enough to answer within seconds.
pub const DEFAULT_NODE_LIMIT: u64 = 2_000_000;

/// Solver settings: the gravity rule and the search budget.
///
/// ```
/// use shisen::solver::{Options, DEFAULT_NODE_LIMIT};
/// let options = Options::default().with_gravity(true);
/// assert!(options.gravity);
/// assert_eq!(options.budget.node_limit(), Some(DEFAULT_NODE_LIMIT));
/// let quick = options.with_budget(engine::Budget::default().with_time_limit(std::time::Duration::from_millis(10)));
/// assert_eq!(quick.budget.node_limit(), None);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Options {
    /// Whether tiles fall after each removal.
    pub gravity: bool,
    /// Nodes, time, cancel token and progress callback of the search. Default: at most
    /// [`DEFAULT_NODE_LIMIT`] nodes.
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { gravity: false, budget: Budget::default().with_node_limit(DEFAULT_NODE_LIMIT) }
    }
}

impl Options {
    /// The same options, with gravity or not.
    ///
    /// ```
    /// assert!(shisen::solver::Options::default().with_gravity(true).gravity);
    /// ```
    #[must_use]
    pub fn with_gravity(mut self, gravity: bool) -> Options {
        self.gravity = gravity;
        self
    }

    /// The same options, with `budget` for the search.
    ///
    /// ```
    /// let options = shisen::solver::Options::default().with_budget(engine::Budget::unlimited());
    /// assert_eq!(options.budget.node_limit(), None);
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Options {
        self.budget = budget;
        self
    }
}
