//! The node and time budget shared by the searches of one solve, and the trace: an
//! [`engine::Meter`] (nodes, clock, cancel token, progress) with the solver's [`Tuning`].

use engine::{CancelToken, Meter, StopReason};
use serde::{Deserialize, Serialize};

use super::tuning::Tuning;

/// Search counters shared by every island search.
pub(super) struct Budget {
    /// The nodes spent, the limits, the cancel token and the progress callback.
    pub(super) meter: Meter,
    /// The budget's cancel token, read at every node (a node of a big island costs tens of
    /// microseconds, so the meter's cadence of [`engine::budget::CHECK_EVERY`] nodes would
    /// let a cancelled search run on for tens of milliseconds).
    pub(super) cancel: CancelToken,
    /// Threads to search with (0 and 1: the calling thread only).
    pub(super) threads: usize,
    /// The proven lower bounds of the islands searched before this one (progress reports
    /// add the current island's bound to it).
    pub(super) base: u64,
    /// The iterations so far, when tracing (see [`solve_traced`](super::solve_traced)).
    pub(super) trace: Option<Vec<Iteration>>,
    /// The nodes each thread spent in the last parallel iteration (for the trace).
    pub(super) split: Vec<u64>,
    /// The island being searched (for the trace).
    pub(super) island: usize,
    /// The thresholds and sizes the driver searches with (its own values in tests).
    pub(super) tuning: Tuning,
}

impl Budget {
    /// A budget for one solve under `budget` on `threads` threads with `tuning`, started now.
    pub(super) fn new(budget: &engine::Budget, threads: usize, trace: bool, tuning: Tuning) -> Self {
        Budget::metered(budget.start(), budget.cancel_token().clone(), threads, trace, tuning)
    }

    fn metered(meter: Meter, cancel: CancelToken, threads: usize, trace: bool, tuning: Tuning) -> Self {
        Budget { meter, cancel, threads, base: 0, trace: trace.then(Vec::new), split: Vec::new(), island: 0, tuning }
    }

    /// Nodes counted so far.
    pub(super) fn nodes(&self) -> u64 {
        self.meter.nodes()
    }

    /// Whether the budget has run out (a node limit or cap, the clock, the cancel token).
    pub(super) fn aborted(&self) -> bool {
        self.meter.is_stopped()
    }

    /// A budget for one of `of` threads: an equal share of the nodes left ([`Meter::share`]),
    /// the same deadline, cancel token and settings, nothing spent yet and no trace. Its
    /// nodes come back with [`absorb`](Self::absorb).
    pub(super) fn share(&self, of: usize) -> Budget {
        Budget {
            base: self.base,
            ..Budget::metered(self.meter.share(of), self.cancel.clone(), self.threads, false, self.tuning)
        }
    }

    /// Counts `nodes` spent by the threads' shares, and stops for `stopped` when a share
    /// ran out (its reason).
    pub(super) fn absorb(&mut self, nodes: u64, stopped: Option<StopReason>) {
        self.meter.add(nodes);
        if let Some(reason) = stopped {
            self.meter.stop(reason);
        }
    }

    /// Caps the search at node count `end` (within any node limit of its own) until
    /// [`uncap`](Self::uncap); returns the limit to restore.
    pub(super) fn cap(&mut self, end: u64) -> Option<u64> {
        let global = self.meter.node_limit();
        self.meter.set_node_limit(Some(global.map_or(end, |g| g.min(end))));
        global
    }

    /// Restores the limit `global` that [`cap`](Self::cap) returned; whether the budget
    /// itself is spent (its node limit, deadline or cancel token). A search stopped by the
    /// cap alone is no longer stopped.
    pub(super) fn uncap(&mut self, global: Option<u64>) -> bool {
        self.meter.set_node_limit(global);
        if !self.meter.is_stopped() {
            return false;
        }
        self.meter.resume();
        self.meter.check()
    }

    /// Counts one node; whether the budget is exhausted (node limit and cancel token at
    /// every node, clock every [`engine::budget::CHECK_EVERY`] nodes).
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        if self.meter.tick() {
            return true;
        }
        if self.cancel.is_cancelled() {
            self.meter.stop(StopReason::Cancelled);
            return true;
        }
        false
    }

    /// Reports the search's current lower bound `bound` on the island being searched.
    pub(super) fn set_bound(&mut self, bound: u32) {
        self.meter.set_bound(self.base + u64::from(bound));
    }
}

/// One IDA* iteration of an island's search to any colour, as reported by [`solve_traced`](super::solve_traced);
/// when the capped probes of the root's children (`kami/docs/solver.md`, *Upper bounds*) find a
/// solution, they are listed as one more iteration with its threshold, on one thread.
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// let (_, iterations) = kami::solver::solve_traced(&level, &kami::Options::default()).unwrap();
/// assert_eq!(iterations[0].island, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Iteration {
    /// The island (an index into [`RegionGraph::islands`](crate::RegionGraph::islands)).
    pub island: usize,
    /// The iteration's threshold: the most moves a solution may have.
    pub bound: u32,
    /// Search nodes spent in the iteration (as counted in [`Report::stats`](engine::Report::stats)).
    pub nodes: u64,
    /// Transposition table entries at its end.
    pub table: usize,
    /// Wall-clock seconds (not deterministic).
    pub seconds: f64,
    /// The length of the shortest path found by the beam searches that ran after the
    /// iteration (each shortened by searches from its states), if one ran (see
    /// [`solve_traced`](super::solve_traced)).
    pub beam: Option<u32>,
    /// With several threads ([`Options::threads`](super::Options::threads)), the nodes each spent (in an iteration
    /// that finds a solution, including those spent after it, which `nodes` leaves out);
    /// empty with one thread.
    pub threads: Vec<u64>,
}

impl std::fmt::Display for Iteration {
    /// One line: island, threshold, nodes (per thread too, with several), table size,
    /// seconds and the beam's path length, as the `designed` and `generated` examples print
    /// their traces.
    ///
    /// ```
    /// let it = kami::solver::Iteration {
    ///     island: 0,
    ///     bound: 9,
    ///     nodes: 1200,
    ///     table: 80,
    ///     seconds: 0.25,
    ///     beam: Some(10),
    ///     threads: vec![600, 600],
    /// };
    /// assert_eq!(
    ///     it.to_string(),
    ///     "island 0 bound  9:      1200 nodes [600, 600], table       80, 0.250s, then a beam found 10 moves"
    /// );
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Iteration { island, bound, nodes, table, seconds, .. } = self;
        write!(f, "island {island} bound {bound:>2}: {nodes:>9} nodes")?;
        if !self.threads.is_empty() {
            write!(f, " {:?}", self.threads)?;
        }
        write!(f, ", table {table:>8}, {seconds:.3}s")?;
        if let Some(b) = self.beam {
            write!(f, ", then a beam found {b} moves")?;
        }
        Ok(())
    }
}

/// The solver's limits in the form the tests write them (test builds only).
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Limits {
    pub(super) node_limit: Option<u64>,
    pub(super) threads: usize,
}

/// A solver budget for `limits`, traced or not, with the default [`Tuning`] (tests
/// replace it with their own).
#[cfg(test)]
pub(super) fn test_budget(limits: Limits, trace: bool) -> Budget {
    let mut budget = engine::Budget::default();
    if let Some(n) = limits.node_limit {
        budget = budget.with_node_limit(n);
    }
    Budget::new(&budget, limits.threads, trace, Tuning::default())
}
