//! The vocabulary of grading: the [`Rule`] behind one deduction and the [`Difficulty`] of
//! a puzzle (the hardest rule its walkthrough needs). Re-exported by [`crate::steps`], whose
//! paths (`hitori::steps::Rule`, `hitori::steps::Difficulty`) are the public ones.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::solver::StaticRule;

/// The rule behind one deduction, from easiest to hardest.
///
/// ```
/// use hitori::steps::{Difficulty, Rule};
/// assert_eq!(Rule::Cut.difficulty(), Difficulty::Easy);
/// assert_eq!(Rule::PairIsolation.difficulty(), Difficulty::Medium);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// `a a a` in a line: the middle is unshaded.
    Triple,
    /// `a x a` in a line: `x` is unshaded.
    Sandwich,
    /// `a a` side by side: every other `a` of that line is shaded.
    PairIsolation,
    /// A corner equal to both its side neighbours is shaded.
    CornerTriple,
    /// A corner block `a a / b b`: the corner and its opposite are shaded.
    CornerPairs,
    /// The side neighbours of a shaded cell are unshaded.
    ShadedNeighbour,
    /// The cells of an unshaded cell's row and column with its number are shaded.
    UnshadedDuplicate,
    /// Shading the cell would cut the unshaded cells apart (or leave none), so it is
    /// unshaded.
    Cut,
    /// The other state leads, by the rules above, to a contradiction.
    Contradiction,
}

impl Rule {
    /// The difficulty class of the rule.
    ///
    /// ```
    /// assert_eq!(hitori::steps::Rule::Contradiction.difficulty(), hitori::steps::Difficulty::Hard);
    /// ```
    #[must_use]
    pub fn difficulty(self) -> Difficulty {
        match self {
            Rule::PairIsolation | Rule::CornerTriple | Rule::CornerPairs => Difficulty::Medium,
            Rule::Contradiction => Difficulty::Hard,
            Rule::Triple | Rule::Sandwich | Rule::ShadedNeighbour | Rule::UnshadedDuplicate | Rule::Cut => {
                Difficulty::Easy
            }
        }
    }

    /// The rule's name as [`Step`](crate::steps::Step)'s text prints it.
    ///
    /// ```
    /// assert_eq!(hitori::steps::Rule::PairIsolation.name(), "pair isolation");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Triple => "triple",
            Rule::Sandwich => "sandwich",
            Rule::PairIsolation => "pair isolation",
            Rule::CornerTriple => "corner triple",
            Rule::CornerPairs => "corner pairs",
            Rule::ShadedNeighbour => "next to a shaded cell",
            Rule::UnshadedDuplicate => "repeats an unshaded number",
            Rule::Cut => "shading it would cut the board",
            Rule::Contradiction => "the other choice fails",
        }
    }

    pub(crate) fn from_static(rule: StaticRule) -> Rule {
        match rule {
            StaticRule::Triple => Rule::Triple,
            StaticRule::Sandwich => Rule::Sandwich,
            StaticRule::PairIsolation => Rule::PairIsolation,
            StaticRule::CornerTriple => Rule::CornerTriple,
            StaticRule::CornerPairs => Rule::CornerPairs,
        }
    }
}

/// How hard a puzzle is for a person: the hardest rule its walkthrough needs, or
/// `NeedsSearch` when the rules get stuck (or the puzzle has no unique solution).
///
/// ```
/// use hitori::steps::Difficulty;
/// assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
/// assert_eq!(Difficulty::NeedsSearch.to_string(), "search");
/// assert_eq!("x".parse::<Difficulty>().unwrap_err().to_string(), "expected easy, medium, hard or search");
/// assert!(Difficulty::Easy < Difficulty::Medium);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// The three rules applied one cell at a time (a shaded cell's neighbours, an unshaded
    /// cell's duplicates, cells whose shading would cut the board) and the line patterns
    /// `a a a` and `a x a`.
    Easy,
    /// Also pair isolation and the corner patterns.
    Medium,
    /// Also one-step contradictions.
    Hard,
    /// Needs trial and error beyond one step.
    #[serde(rename = "search")]
    NeedsSearch,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 4] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::NeedsSearch];
}

/// A difficulty name that is not `easy`, `medium`, `hard` or `search`.
///
/// ```
/// let e = "tricky".parse::<hitori::steps::Difficulty>().unwrap_err();
/// assert_eq!(e.0, "tricky");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected easy, medium, hard or search")]
pub struct ParseDifficultyError(pub String);

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::NeedsSearch => "search",
        })
    }
}

impl FromStr for Difficulty {
    type Err = ParseDifficultyError;
    fn from_str(s: &str) -> Result<Difficulty, ParseDifficultyError> {
        Difficulty::ALL.into_iter().find(|d| d.to_string() == s).ok_or_else(|| ParseDifficultyError(s.to_string()))
    }
}
