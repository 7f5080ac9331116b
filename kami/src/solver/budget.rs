//! The node and time budget shared by the searches of one solve, and the trace: an
//! [`engine::Meter`] (nodes, clock, cancel token, progress) with the solver's settings.

use engine::{CancelToken, Meter, StopReason};

use super::beam::{BEAM_AFTER, BEAM_WIDTH};
use super::ida::{PROBE_AFTER, PROBE_FIRST_CAP};
use super::search::PARALLEL_AFTER;
use super::table::TABLE_LIMIT;
use super::{Iteration, SolveOptions};

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
    /// Nodes of an iteration after which the next runs on the threads
    /// ([`PARALLEL_AFTER`] but in tests).
    pub(super) parallel_after: u64,
    /// The island being searched (for the trace).
    pub(super) island: usize,
    /// Transposition table entries kept at most ([`TABLE_LIMIT`] but in tests).
    pub(super) table_limit: usize,
    /// Search nodes per unit of beam width before a beam search ([`BEAM_AFTER`] but in
    /// tests).
    pub(super) beam_after: u64,
    /// The first beam's width ([`BEAM_WIDTH`] but in tests).
    pub(super) beam_width: usize,
    /// Nodes of an iteration after which the root's children are probed before the next
    /// ([`PROBE_AFTER`] but in tests).
    pub(super) probe_after: u64,
    /// The first cap of nodes per child of the probes ([`PROBE_FIRST_CAP`] but in tests).
    pub(super) probe_cap: u64,
}

impl Budget {
    /// A budget for one solve under `options`, started now.
    pub(super) fn new(options: &SolveOptions, trace: bool) -> Self {
        Budget::metered(options.budget.start(), options.budget.cancel_token().clone(), options.threads, trace)
    }

    fn metered(meter: Meter, cancel: CancelToken, threads: usize, trace: bool) -> Self {
        Budget {
            meter,
            cancel,
            threads,
            base: 0,
            trace: trace.then(Vec::new),
            split: Vec::new(),
            parallel_after: PARALLEL_AFTER,
            island: 0,
            table_limit: TABLE_LIMIT,
            beam_after: BEAM_AFTER,
            beam_width: BEAM_WIDTH,
            probe_after: PROBE_AFTER,
            probe_cap: PROBE_FIRST_CAP,
        }
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
            table_limit: self.table_limit,
            beam_after: self.beam_after,
            beam_width: self.beam_width,
            parallel_after: self.parallel_after,
            probe_after: self.probe_after,
            probe_cap: self.probe_cap,
            ..Budget::metered(self.meter.share(of), self.cancel.clone(), self.threads, false)
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
