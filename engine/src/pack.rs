//! Packs: many puzzles made at once, on every core, in seed order, with no repeats.
//!
//! A pack is a list of entries, one puzzle each with its proof, defined by a plan: the
//! seeds to try (a range `A..B`, or seeds from `S` on until `N` entries exist), an optional
//! shard (`I/N`: only the seeds that are `I` modulo `N`) and optional quotas per label. A
//! game supplies two things:
//!
//! * the entry for a seed — `make(seed, &budget)` gives a [`Made`]: an entry, a seed that
//!   gives none (a filter refused it), or a search stopped by the budget;
//! * the [`Entry`] trait on its entry type: the seed, the canonical key of the puzzle (the
//!   same for two puzzles equal up to the game's symmetries), a label for the summary, and
//!   how to re-check the entry.
//!
//! [`run()`] makes the entries on a rayon pool and hands them over **in seed order**, each at
//! most once per canonical key: the output depends only on the plan, never on the number
//! of threads or on the order in which they finish. Packs are stored as JSON Lines, one
//! entry per line; [`read_existing`] reads what an interrupted run left (dropping a torn
//! last line) so that [`run()`] can go on from the first seed not done, [`merge`] joins shard
//! files in seed order dropping later repeats, and [`verify`] re-checks every line in
//! parallel.
//!
//! ```
//! use engine::pack::{Entry, Fault, Made, Plan, SeedRange, Seeds, Start};
//! use serde::{Deserialize, Serialize};
//!
//! /// A toy game: the puzzle of seed `s` is `s % 7`, and puzzles `p` and `7 - p` are the
//! /// same up to a symmetry.
//! #[derive(Serialize, Deserialize)]
//! struct Toy { game: String, seed: u64, puzzle: u64 }
//!
//! impl Entry for Toy {
//!     type Key = u64;
//!     const GAME: &'static str = "toy";
//!     fn seed(&self) -> u64 { self.seed }
//!     fn key(&self) -> Result<u64, String> { Ok(self.puzzle.min(7 - self.puzzle)) }
//!     fn label(&self) -> String { self.puzzle.to_string() }
//!     fn verify(&self, _: &engine::Budget) -> Result<(), Fault> {
//!         if self.puzzle == self.seed % 7 { Ok(()) } else { Err(Fault::Wrong("not the seed's puzzle".into())) }
//!     }
//! }
//!
//! let plan = Plan::new(Seeds::Range(SeedRange::new(0, 20))).with_threads(2);
//! let make = |seed: u64, _: &engine::Budget| Made::Entry(Toy { game: "toy".into(), seed, puzzle: seed % 7 });
//! let mut puzzles = Vec::new();
//! let tally = engine::pack::run(&plan, Start::default(), &engine::Budget::default(), make,
//!     |e: &Toy| { puzzles.push(e.puzzle); Ok(()) }, |_| {}).unwrap();
//! // Seeds 0..4 give 0, 1, 2, 3; seed 4 gives 4 = 7 - 3, a repeat, and so on.
//! assert_eq!(puzzles, vec![0, 1, 2, 3]);
//! assert_eq!((tally.tried, tally.duplicates), (20, 16));
//! ```

mod entry;
mod files;
mod plan;
mod run;

pub use entry::{Entry, Fault, Made, PackError};
pub use files::{Checked, Existing, Merged, merge, parse_line, read_existing, to_line, verify};
pub use plan::{Plan, SeedRange, Seeds, Shard};
pub use run::{Start, Tally, run};

#[cfg(test)]
mod tests;
