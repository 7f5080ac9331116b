//! What a search answers: the result vocabulary every solver shares — [`Outcome`]
//! (proved, found, or gave up with what it proved), [`StopReason`] (which limit stopped
//! it), [`Stats`] (what it spent) and [`Report`] (both). The search budget that produces
//! them is [`crate::budget`].

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Why a search stopped before it proved an answer.
///
/// ```
/// assert_eq!(engine::StopReason::TimeLimit.to_string(), "time limit");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The [`CancelToken`](crate::CancelToken) was triggered.
    Cancelled,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit",
            StopReason::TimeLimit => "time limit",
            StopReason::Cancelled => "cancelled",
        })
    }
}

/// What a search spent.
///
/// ```
/// let s = engine::Stats::default();
/// assert_eq!((s.nodes, s.elapsed), (0, std::time::Duration::ZERO));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// The answer of a search, in the words all four games share (see the [module
/// docs](self)). `T` is the game's answer, `P` what a search that gave up still proved.
///
/// ```
/// use engine::{Outcome, StopReason};
/// let done: Outcome<u32, u32> = Outcome::Proved(7);
/// assert_eq!(done.answer(), Some(&7));
/// assert!(done.is_proved());
/// let open: Outcome<u32, u32> = Outcome::GaveUp { reason: StopReason::TimeLimit, proven: 5 };
/// assert_eq!(open.answer(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome<T, P = ()> {
    /// The answer, proven (optimal, or the exact verdict).
    Proved(T),
    /// A valid answer, not proven best.
    Found(T),
    /// The budget ran out first.
    GaveUp {
        /// Which limit stopped the search.
        reason: StopReason,
        /// What the search proved before it stopped.
        proven: P,
    },
}

impl<T, P> Outcome<T, P> {
    /// The answer, proven or found; `None` when the search gave up.
    ///
    /// ```
    /// assert_eq!(engine::Outcome::<u8>::Found(3).answer(), Some(&3));
    /// ```
    pub fn answer(&self) -> Option<&T> {
        match self {
            Outcome::Proved(t) | Outcome::Found(t) => Some(t),
            Outcome::GaveUp { .. } => None,
        }
    }

    /// The answer by value; `None` when the search gave up.
    ///
    /// ```
    /// assert_eq!(engine::Outcome::<u8>::Proved(3).into_answer(), Some(3));
    /// ```
    pub fn into_answer(self) -> Option<T> {
        match self {
            Outcome::Proved(t) | Outcome::Found(t) => Some(t),
            Outcome::GaveUp { .. } => None,
        }
    }

    /// Whether the answer is proven.
    ///
    /// ```
    /// assert!(!engine::Outcome::<u8>::Found(3).is_proved());
    /// ```
    pub fn is_proved(&self) -> bool {
        matches!(self, Outcome::Proved(_))
    }

    /// The same outcome with the answer mapped by `f`.
    ///
    /// ```
    /// assert_eq!(engine::Outcome::<u8>::Proved(3).map(u32::from), engine::Outcome::Proved(3u32));
    /// ```
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U, P> {
        match self {
            Outcome::Proved(t) => Outcome::Proved(f(t)),
            Outcome::Found(t) => Outcome::Found(f(t)),
            Outcome::GaveUp { reason, proven } => Outcome::GaveUp { reason, proven },
        }
    }
}

/// A search's [`Outcome`] with the [`Stats`] it spent: what every game's `solve` returns.
///
/// ```
/// let r = engine::Report { outcome: engine::Outcome::<u8>::Proved(1), stats: engine::Stats::default() };
/// assert!(r.outcome.is_proved());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report<T, P = ()> {
    /// The answer.
    pub outcome: Outcome<T, P>,
    /// What it cost.
    pub stats: Stats,
}
