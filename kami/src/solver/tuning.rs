//! The solver's tuning: the thresholds and sizes that decide when the driver runs its
//! beams, probes and threads, and how big a transposition table may grow. They change how
//! much work a search does, never its answer's length (every one is a heuristic choice;
//! the proofs do not depend on them). One [`Tuning`] is made by the driver for a solve and
//! carried by its budget; tests pass their own values.

/// The tuning of one solve (see the module docs); [`Tuning::default`] is what
/// [`solve`](super::solve) uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tuning {
    /// Transposition table entries kept at most (about 100 MB with the default); when a
    /// table is full, the entries with the smallest bounds are dropped (`shrink_table`).
    pub(super) table_limit: usize,
    /// With several threads, an iteration runs on them when the one before it (in the same
    /// search) spent at least this many nodes: the next is then likely to take hundreds of
    /// times more, while short searches would pay more for starting threads (about 0.1 ms a
    /// time) than they gain.
    pub(super) parallel_after: u64,
    /// The first beam's width (see `driver::ida_star`); each later beam is four times wider.
    pub(super) beam_width: usize,
    /// The widest beam (each state of a layer keeps its distance matrix).
    pub(super) beam_widest: usize,
    /// Search nodes spent per unit of beam width before a beam search runs (see
    /// `driver::ida_star`). On 29 × 10 levels a beam scores a few thousand children per
    /// unit of width (about 300 moves per state, about 12 layers), so a beam and its
    /// shortening cost at most about as much as the search before them, and usually much
    /// less.
    pub(super) beam_after: u64,
    /// An iteration follows capped searches of the root's children (`driver::probe_children`)
    /// when the iteration before it spent at least this many nodes.
    pub(super) probe_after: u64,
    /// The first cap of nodes per child of those probes (four times more in each later pass).
    pub(super) probe_cap: u64,
    /// The children the first pass of the probes searches (twice as many in each later pass).
    pub(super) probe_first_children: usize,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            table_limit: 1 << 22,
            parallel_after: 50,
            beam_width: 8,
            beam_widest: 2048,
            beam_after: 2_500,
            probe_after: 10_000,
            probe_cap: 256,
            probe_first_children: 8,
        }
    }
}
