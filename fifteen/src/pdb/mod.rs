//! Additive disjoint pattern databases, for boards of at most 16 cells (the 15-puzzle and
//! everything smaller).
//!
//! Tiles are named by their goal cell (see [`crate::heuristic`]), so a database depends only
//! on the board size, the goal's blank cell and the partition: one database serves
//! blank-last, snake, missing-number … goals that share the blank cell.
//!
//! A pattern is a set of goal cells. Its table holds, for every placement of the pattern's
//! tiles, the fewest moves *of pattern tiles* that bring them home (other tiles are
//! indistinguishable and their moves are free): a 0-1 breadth-first search over
//! (pattern placement, blank region) from the goal. Moves of different patterns' tiles are
//! distinct, so the tables of a partition add up to an admissible bound (tiles outside
//! every pattern count their Manhattan distance, a one-tile pattern).
//!
//! Entries are four bits: a value `h` is at least the pattern tiles' Manhattan distance
//! `md` and of the same parity, so the table stores `(h - md) / 2` (at most 15; saturating
//! only lowers the bound) and a lookup reads `md + 2 * entry`. The table of a k-tile pattern
//! on n cells has n!/(n-k)! entries: 262,080 bytes for 5 tiles on 16 cells, 259 MB for the
//! 8 tiles of the 7-8 partition. The builder keeps four bytes per placement while it runs
//! (on transparent huge pages where the system grants them) and no frontier lists (see the
//! `build` module), on up to two threads.
//!
//! Databases are cached on disk ([`PatternDb::load_or_build`]): a header (magic, version,
//! entry width, size, blank cell, partition), the tables and a word-at-a-time checksum. A
//! file that does not match exactly is rebuilt, never trusted. A [`PdbCache`] keeps a
//! program's default databases, loading or building each on a background thread with its
//! progress readable meanwhile.
//!
//! The modules read bottom up: `rank` (placements and table entries), `error`,
//! `partition`, `moves` (the board's moves on bitboards), `buffer` (huge-page arrays),
//! `reference` (the plain table builder), `build` (the compact one), `db` ([`PatternDb`] and
//! its lookups), `file` (the cache file and directory) and `cache` ([`PdbCache`]).

mod buffer;
mod build;
mod cache;
mod db;
mod error;
mod file;
mod moves;
mod partition;
mod rank;
mod reference;

pub use cache::{BuildProgress, PdbCache, PdbSlot};
pub use db::PatternDb;
pub use error::PdbError;
pub use file::{CacheStatus, default_cache_dir};
pub use partition::{default_partition, parse_sizes, partition, partition_by_sizes};
pub use rank::{MAX_BUILD_STATES, MAX_PDB_CELLS};
