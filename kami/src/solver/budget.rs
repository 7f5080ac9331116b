//! The node and time budget shared by the searches of one solve, and the trace.

use std::time::Instant;

use super::beam::{BEAM_AFTER, BEAM_WIDTH};
use super::ida::{PROBE_AFTER, PROBE_FIRST_CAP};
use super::search::PARALLEL_AFTER;
use super::table::TABLE_LIMIT;
use super::{Iteration, Limits};

/// Search counters shared by every island search.
pub(super) struct Budget {
    pub(super) limits: Limits,
    pub(super) nodes: u64,
    pub(super) aborted: bool,
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
    pub(super) fn new(limits: Limits, trace: bool) -> Self {
        Budget {
            limits,
            nodes: 0,
            aborted: false,
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

    /// A budget for one of `of` threads: an equal share of the nodes left, the same deadline
    /// and settings, nothing spent yet and no trace.
    pub(super) fn share(&self, of: usize) -> Budget {
        let node_limit = self.limits.node_limit.map(|l| l.saturating_sub(self.nodes) / of as u64);
        Budget {
            table_limit: self.table_limit,
            beam_after: self.beam_after,
            beam_width: self.beam_width,
            parallel_after: self.parallel_after,
            probe_after: self.probe_after,
            probe_cap: self.probe_cap,
            ..Budget::new(Limits { node_limit, ..self.limits }, false)
        }
    }

    /// Caps the search at node count `end` (within any node limit of its own) until
    /// [`uncap`](Self::uncap); returns the limit to restore.
    pub(super) fn cap(&mut self, end: u64) -> Option<u64> {
        let global = self.limits.node_limit;
        self.limits.node_limit = Some(global.map_or(end, |g| g.min(end)));
        global
    }

    /// Restores the limit `global` that [`cap`](Self::cap) returned; whether the budget
    /// itself is spent (its node limit or deadline). A search stopped by the cap alone is
    /// no longer `aborted`.
    pub(super) fn uncap(&mut self, global: Option<u64>) -> bool {
        self.limits.node_limit = global;
        if !self.aborted {
            return false;
        }
        let out_of_nodes = global.is_some_and(|g| self.nodes > g);
        if out_of_nodes || self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return true;
        }
        self.aborted = false;
        false
    }

    /// Counts one node; whether the budget is exhausted.
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.node_limit.is_some_and(|n| self.nodes > n) {
            self.aborted = true;
        }
        if self.nodes % 1024 == 0 && self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            self.aborted = true;
        }
        self.aborted
    }
}
