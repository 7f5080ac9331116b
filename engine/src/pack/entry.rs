//! What a game supplies: its entries, what it makes of a seed, and what can go wrong.

use std::fmt;
use std::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{Budget, StopReason};

/// What a game makes of one seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Made<E> {
    /// An entry: the puzzle and its proof.
    Entry(E),
    /// No entry for this seed, and why (a filter refused it, the search for its proof
    /// spent its own budget…): counted under that reason in the summary.
    Skipped(String),
    /// The pack's budget ran out (or it was cancelled) before this seed was done.
    Stopped(StopReason),
    /// The game cannot make puzzles of this plan at all (e.g. the size is too small for
    /// the grade asked for): the pack stops with this error.
    Failed(String),
}

/// Why an entry does not hold, found by [`Entry::verify`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The entry is wrong: its puzzle breaks the rules, its proof does not replay, its
    /// claim (uniqueness, par, length) is false.
    Wrong(String),
    /// The budget ran out before the claim was re-proven.
    Unknown(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Wrong(m) => f.write_str(m),
            Fault::Unknown(m) => write!(f, "unknown: {m}"),
        }
    }
}

/// One entry of a game's pack: a JSON object with at least the fields `game` and `seed`.
pub trait Entry: Serialize + DeserializeOwned + Send + Sync {
    /// The canonical key of the puzzle: equal for puzzles equal up to the game's
    /// symmetries.
    type Key: Eq + Hash + Send + Sync;
    /// The game's name, the entries' `game` field.
    const GAME: &'static str;
    /// The seed the entry was made from.
    fn seed(&self) -> u64;
    /// The canonical key of the entry's puzzle (an error when its puzzle does not parse).
    ///
    /// # Errors
    /// The puzzle text is not a puzzle of the game.
    fn key(&self) -> Result<Self::Key, String>;
    /// What the summary counts the entry under: its grade, par, length.
    fn label(&self) -> String;
    /// Re-checks the entry: parses, replays the proof through the rules, re-proves the
    /// claim under `budget`.
    ///
    /// # Errors
    /// What does not hold.
    fn verify(&self, budget: &Budget) -> Result<(), Fault>;
    /// The puzzle's code (see [`crate::code`]), for `pack --format code`; `None` when the
    /// game's entries carry none.
    fn code(&self) -> Option<&str> {
        None
    }
}

/// Why a pack could not be made, read, merged or verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackError {
    /// A line of a pack file is not an entry of this game's packs: `source:line: message`.
    Line {
        /// The file's name.
        source: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The file holds another game's entries.
    OtherGame {
        /// The file's name.
        source: String,
        /// The first line naming another game.
        line: usize,
        /// The game it names.
        game: String,
        /// The game expected.
        expected: &'static str,
    },
    /// The file holds no entry of any game.
    NotAPack {
        /// The file's name.
        source: String,
    },
    /// The game cannot make a puzzle of this plan.
    Make {
        /// The seed that failed.
        seed: u64,
        /// Why.
        message: String,
    },
    /// The thread pool could not be built, or the output could not be written.
    Io(String),
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::Line { source, line, message } => write!(f, "{source}:{line}: {message}"),
            PackError::OtherGame { source, line, game, expected } => {
                write!(f, "{source}:{line}: an entry of a {game} pack, not of a {expected} pack")
            }
            PackError::NotAPack { source } => write!(f, "{source}: not a pack (no line is a JSON entry)"),
            PackError::Make { seed, message } => write!(f, "seed {seed}: {message}"),
            PackError::Io(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for PackError {}
