//! What to generate ([`Spec`]) and what comes out: a [`Generated`] puzzle with its
//! solution, the [`Stats`] of graded generation, or a [`GenerateError`].

use engine::{Budget, Grid, Size, StopReason};
use serde::{Deserialize, Serialize};

use crate::board::Puzzle;
use crate::difficulty::Difficulty;

/// Starting puzzles tried for a wanted difficulty.
pub const GRADED_TRIES: usize = 300;

/// Why no puzzle came out.
///
/// ```
/// use hitori::generate::{generate, GenerateError, Spec};
/// let e = generate(&Spec::new(1, 2), &mut engine::SeededRng::new(0)).unwrap_err();
/// assert_eq!(e, GenerateError::NoUniquePuzzle { width: 1, height: 2 });
/// assert_eq!(e.to_string(), "found no puzzle with exactly one solution at 1x2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum GenerateError {
    /// A side is 0.
    #[error("the board must be at least 1x1")]
    Empty,
    /// Every attempt failed (1×2 and 2×1 have no unique puzzle at all).
    #[error("found no puzzle with exactly one solution at {width}x{height}")]
    NoUniquePuzzle {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// No puzzle of the wanted difficulty turned up in [`GRADED_TRIES`] tries.
    #[error("found no {difficulty} puzzle at {width}x{height} in {GRADED_TRIES} tries")]
    NoPuzzleOfDifficulty {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// What was asked for.
        difficulty: Difficulty,
    },
    /// A `search` puzzle was asked for on a board too small for the cores it is built
    /// around (module `search`).
    #[error("search puzzles need both sides at least 7 and one at least 10, not {width}x{height}")]
    TooSmallForSearch {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// The budget ([`generate_within`](super::generate_within)) ran out (or was cancelled) first.
    #[error("gave up before a puzzle was found ({reason})")]
    GaveUp {
        /// Which limit stopped generation.
        reason: StopReason,
    },
}

/// What to generate: a size and optionally a difficulty. The budget generation runs under
/// goes to [`generate_within`](super::generate_within) (or the other `_within` forms).
///
/// ```
/// use hitori::generate::Spec;
/// use hitori::steps::Difficulty;
/// let spec = Spec::new(8, 6).with_difficulty(Difficulty::Medium);
/// assert_eq!((spec.size.width, spec.size.height), (8, 6));
/// assert_eq!(Spec::default().size, engine::Size::new(10, 10));
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Spec {
    /// Columns and rows (each at least 1).
    pub size: Size,
    /// The wanted grade ([`crate::steps::grade`]); `None` for any unique puzzle.
    #[serde(default)]
    pub difficulty: Option<Difficulty>,
    /// Time limit, cancel token, node limit (branchings of all uniqueness proofs, and one
    /// node per puzzle graded), set by the deprecated [`Spec::with_budget`]: [`generate`](super::generate),
    /// [`generate_with_solution`](super::generate_with_solution) and
    /// [`generate_with_stats`](super::generate_with_stats) run under it, the `_within` forms
    /// under the budget they are given. Not part of the serialised form.
    #[serde(skip)]
    pub budget: Budget,
}

impl Default for Spec {
    /// 10×10, any difficulty, no limit.
    fn default() -> Self {
        Spec::new(10, 10)
    }
}

impl Spec {
    /// A `width` × `height` puzzle of any difficulty, no limit.
    ///
    /// ```
    /// assert_eq!(hitori::generate::Spec::new(3, 4).size, engine::Size::new(3, 4));
    /// ```
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        Spec { size: Size::new(width, height), difficulty: None, budget: Budget::default() }
    }

    /// The same spec with size `size`.
    ///
    /// ```
    /// let spec = hitori::generate::Spec::default().with_size(engine::Size::new(5, 7));
    /// assert_eq!(spec.size.height, 7);
    /// ```
    #[must_use]
    pub fn with_size(mut self, size: Size) -> Self {
        self.size = size;
        self
    }

    /// The same spec, asking for a puzzle of `difficulty`.
    ///
    /// ```
    /// use hitori::steps::Difficulty;
    /// assert_eq!(hitori::generate::Spec::default().with_difficulty(Difficulty::Hard).difficulty, Some(Difficulty::Hard));
    /// ```
    #[must_use]
    pub fn with_difficulty(mut self, difficulty: Difficulty) -> Self {
        self.difficulty = Some(difficulty);
        self
    }

    /// The same spec with `budget`, which [`generate`](super::generate) honours; pass the
    /// budget to [`generate_within`](super::generate_within) instead.
    ///
    /// ```
    /// #![allow(deprecated)]
    /// let spec = hitori::generate::Spec::default().with_budget(engine::Budget::default().with_node_limit(9));
    /// assert_eq!(spec.budget.node_limit(), Some(9));
    /// ```
    #[deprecated(note = "pass the budget to generate_within")]
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }
}

/// A generated puzzle with its one solution (`true` = shaded).
///
/// ```
/// let g = hitori::generate::generate_with_solution(&hitori::generate::Spec::new(4, 4), &mut engine::SeededRng::new(1)).unwrap();
/// assert!(hitori::rules::is_solution(&g.puzzle, &g.solution));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Grid<bool>,
}

/// What graded generation did: the unique puzzles it started from, how many of them it
/// threw away (renumbering did not reach the grade), and the renumberings it graded.
///
/// ```
/// use hitori::generate::{generate_with_stats, Spec};
/// use hitori::steps::Difficulty;
/// let spec = Spec::new(8, 8).with_difficulty(Difficulty::Medium);
/// let (g, stats) = generate_with_stats(&spec, &mut engine::SeededRng::new(1)).unwrap();
/// assert_eq!(hitori::steps::grade(&g.puzzle), Difficulty::Medium);
/// assert!(stats.thrown_away < stats.puzzles);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Stats {
    /// Unique puzzles generated as starting points (1 without a difficulty).
    pub puzzles: u32,
    /// Starting points abandoned because renumbering did not reach the grade.
    pub thrown_away: u32,
    /// Renumbered puzzles graded.
    pub renumberings: u32,
}
