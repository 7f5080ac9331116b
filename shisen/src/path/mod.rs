//! Connection paths: the shortest way to join two tiles with at most two turns.
//!
//! Two cells connect when a path of at most three axis-parallel segments joins them through
//! empty cells; the empty ring around the board (`x = -1`, `x = W`, `y = -1`, `y = H`) counts
//! as empty. [`shortest_path`] returns the SHORTEST such path (fewest unit steps) with a
//! deterministic tie-break:
//!
//! 1. fewest unit steps;
//! 2. then fewest turns;
//! 3. then the smallest sequence of corner points compared as `(y, x)` pairs, read from the
//!    first cell to the second.
//!
//! How: every path with at most three segments is either horizontal–vertical–horizontal
//! through some column `c`, or vertical–horizontal–vertical through some row `r` (one- and
//! two-segment paths are the degenerate cases). The first segment lies in the run of empty
//! cells beside the first tile, the last one in the run beside the second tile, so only the
//! columns (rows) in both runs are candidates. The board keeps one occupancy bit mask per row
//! and per column (the ring included, boards up to 62 cells a side), updated by every change
//! of a cell: a run is a leading or trailing zero count, the free candidate columns are one
//! AND of the runs' span with the OR of the rows between the tiles, and the best candidate is
//! picked with a few more bit operations (see `Masks::shortest` in the source). A tile with no
//! empty neighbour is rejected at once. No allocation; bigger boards scan the runs cell by cell.
//!
//! [`mod@reference`] keeps the seed article's breadth-first search over (cell, direction, turns
//! left) as the slow, obviously-correct check.
//!
//! The modules, each importing only the ones listed ahead of it: `shape` ([`Path`], its
//! text and the tie-break order), `scan` (the cell-by-cell query), `masks` (the bit-mask
//! query), `connect` ([`shortest_path`], [`connects`]: masks or scan), `pairs` ([`Pair`],
//! [`removable_pairs`], [`hint`], [`hints`]), and [`mod@reference`] (on `shape` alone).

mod connect;
mod masks;
mod pairs;
pub mod reference;
mod scan;
mod shape;
#[cfg(test)]
mod tests;

pub use connect::{connects, shortest_path};
pub(crate) use pairs::candidate_pairs;
pub use pairs::{Pair, hint, hints, removable_pairs};
pub(crate) use scan::find;
pub use shape::{Path, PathError};
