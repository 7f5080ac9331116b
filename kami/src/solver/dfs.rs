//! The depth-first search of one IDA* iteration (`Search`): the node's bounds, the order
//! of the root's moves, the transposition table's reads and writes, and a parallel
//! iteration's share of the work. The moves and the tests that cut a child before it is
//! played are free functions in `children`, which `Search` calls with the node and the
//! buffers it keeps per depth. Built on `node`, `bounds`, `children`, `table` and `budget`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

use super::bounds::{ColourSets, Scratch, child_colour_bound, colour_summary, heuristic, moved_counts};
use super::budget::Budget;
use super::children::{
    Last, Moves, Problem, Table, TapFilter, child_structure, colour_sets, cut_before_playing, moves_with, solved,
    tap_filter,
};
use super::node::Path;
use super::node::{Island, Node};
use super::table::{SharedTable, bound_of, raise_bound};
use crate::{Colour, MAX_COLOURS};

#[derive(Debug)]
pub(super) enum Probe {
    Found,
    Bound(u32),
}

pub(super) struct Search<'a> {
    pub(super) island: &'a Island,
    pub(super) target: Option<Colour>,
    pub(super) palette: &'a [Colour],
    pub(super) budget: &'a mut Budget,
    pub(super) table: &'a mut FxHashMap<u128, u8>,
    pub(super) stack: Vec<Node>,
    pub(super) path: Path,
    pub(super) scratch: Scratch,
    /// Per depth, the tap filter of the node (see [`tap_filter`]).
    pub(super) filters: Vec<TapFilter>,
    /// Per depth, the node's regions of each colour and their common neighbours, computed
    /// when a child first needs them (see [`colour_sets`]).
    pub(super) colour_sets: Vec<ColourSets>,
    /// In a parallel iteration, this thread's share of the units of work.
    pub(super) part: Option<Part>,
    /// The table shared by the threads of a search without a node limit (see
    /// [`SharedTable`]); `table` then serves only the searches under node caps (see
    /// `capped_alone` in `ida`).
    pub(super) shared: Option<&'a SharedTable>,
}

/// A thread's share of the units of work in a parallel iteration (module docs,
/// [Threads](super#threads)).
pub(super) struct Part {
    /// The units of work are the root's children (`split` 0) or its grandchildren
    /// (`split` 1). Child `k` is unit `k` and grandchild `j` of child `k` unit `k + j`:
    /// the units `u` with `u % of == index` are this thread's.
    pub(super) split: usize,
    pub(super) index: usize,
    pub(super) of: usize,
    /// The root's child being searched.
    pub(super) child: u64,
    /// The earliest unit below which some thread found a solution (`u64::MAX` if none):
    /// the units after it are skipped. Units are ordered as the search visits them by
    /// their code: `k << UNIT_BITS` for child `k` (and the work on child `k` outside its
    /// grandchildren), `k << UNIT_BITS | (j + 1)` for grandchild `j`.
    pub(super) first: Arc<AtomicU64>,
    /// Whether the threads skip the units after `first` (else each thread goes on to its
    /// own first solution).
    pub(super) skip: bool,
    /// The unit below which this thread found its solution.
    pub(super) found: Option<u64>,
    /// The nodes this thread spent on each unit `(code, nodes)` (a code may recur).
    pub(super) spent: Vec<(u64, u64)>,
    /// The unit being searched, and the node count when it began.
    pub(super) open: Option<(u64, u64)>,
}

/// Bits of a unit's code for the grandchild (see [`Part::first`]): a node has fewer than
/// `2^20` moves (at most [`MAX_ISLAND_REGIONS`](super::MAX_ISLAND_REGIONS) regions times 36 colours).
pub(super) const UNIT_BITS: u32 = 20;

/// The units of work of a parallel iteration (see [`Part`]): the root's grandchildren,
/// many more than its children, so a few heavy children do not leave a thread idle.
pub(super) const SPLIT_DEPTH: usize = 1;

impl Part {
    pub(super) fn new(split: usize, index: usize, of: usize, first: Arc<AtomicU64>, skip: bool) -> Self {
        Part { split, index, of, child: 0, first, skip, found: None, spent: Vec::new(), open: None }
    }

    /// Closes the account of the unit being searched, at node count `now`.
    pub(super) fn close(&mut self, now: u64) {
        if let Some((code, from)) = self.open.take() {
            self.spent.push((code, now - from));
        }
    }
}

impl<'a> Search<'a> {
    pub(super) fn new(
        island: &'a Island,
        target: Option<Colour>,
        palette: &'a [Colour],
        budget: &'a mut Budget,
        table: &'a mut FxHashMap<u128, u8>,
    ) -> Self {
        Search {
            island,
            target,
            palette,
            budget,
            table,
            stack: vec![island.root()],
            path: Vec::new(),
            scratch: Scratch::new(island),
            filters: Vec::new(),
            colour_sets: Vec::new(),
            part: None,
            shared: None,
        }
    }

    /// What the moves and the child tests read besides the node (see [`Problem`]).
    pub(super) fn problem(&self) -> Problem<'a> {
        Problem { island: self.island, target: self.target, palette: self.palette }
    }

    /// Searches for a solution of at most `bound` moves in total from the node at `depth`,
    /// the node having been reached by the move described by `last` (see [`Last`]). On
    /// failure returns a proven lower bound on the moves needed from that node *in that
    /// context* (moves skipped by the partial-order reduction excluded), which is what the
    /// transposition table stores, keyed by state and context.
    pub(super) fn dfs(&mut self, depth: usize, bound: u32, last: Option<Last>) -> Probe {
        if self.budget.tick() {
            return Probe::Bound(0);
        }
        let node = &self.stack[depth];
        if solved(node, self.target) {
            return Probe::Found;
        }
        let left = bound - depth as u32;
        let key = last.map_or(node.hash, |l| node.hash ^ l.context);
        let known = self.stored(key);
        if known > left {
            return Probe::Bound(known);
        }
        // The state's bound in any context, stored by nodes of this state at which the
        // partial-order reduction skipped nothing (`kami/docs/solver.md`, *Context-free entries*).
        let plain = if last.is_some() { self.stored(node.hash) } else { 0 };
        if plain > left {
            return Probe::Bound(plain);
        }
        // The node's own bounds (see `Search::bounds`): at the root, and where a parallel
        // iteration splits its units, at once; below, only once a child passes its tests.
        let mut free = None;
        if depth == 0 || self.part.as_ref().is_some_and(|p| depth <= p.split) {
            let h = self.bounds(depth, left, (known, plain), &mut free);
            if h > left {
                return Probe::Bound(h);
            }
        }
        let problem = self.problem();
        let (filter, centred) =
            tap_filter(problem, &self.stack[depth], (&mut self.filters, depth), left, &mut self.scratch);
        // The node's colour sets, computed when first needed (see [`colour_sets`]).
        if self.colour_sets.len() <= depth {
            self.colour_sets.resize_with(depth + 1, ColourSets::default);
        }
        self.colour_sets[depth].ready = false;
        let Some(mut moves) = self.listed_moves(depth, last, left, filter) else { return Probe::Bound(0) };
        self.make_room(depth);
        if depth == 0 {
            moves.list = self.interleave_by_bound(&moves.list, left);
        }
        let mut best = moves.floor;
        let skipped = moves.skipped;
        let counts = self.stack[depth].counts;
        let (present, singles) = colour_summary(&counts);
        for (k, (merges, r, x)) in moves.list.into_iter().enumerate() {
            match self.takes_child(depth, k) {
                Some(true) => {}
                Some(false) => continue,
                None => break,
            }
            // The child's colour bound, before paying for the move: `r` turns from its
            // colour to `x` and its `merges` neighbours of colour `x` join it.
            let a = self.stack[depth].col[r];
            let child_bound = child_colour_bound(&counts, present, singles, a, x, merges, self.target);
            let child = moved_counts(&counts, a, x, merges);
            let (last, built) = match self.test_child(depth, (r, x, &child), (child_bound, left, centred)) {
                Ok(kept) => kept,
                Err(cut) => {
                    if self.budget.tick() {
                        return Probe::Bound(0);
                    }
                    best = best.min(cut);
                    continue;
                }
            };
            let h = self.bounds(depth, left, (known, plain), &mut free);
            if h > left {
                return Probe::Bound(h);
            }
            if !built {
                let (done, rest) = self.stack.split_at_mut(depth + 1);
                child_structure(self.island, (&done[depth], &mut rest[0]), r, x, &mut self.scratch.merged);
            }
            self.child_matrix(depth, r);
            self.path.push((r as u32, x));
            match self.dfs(depth + 1, bound, Some(last)) {
                Probe::Found => {
                    self.found_below(depth);
                    return Probe::Found;
                }
                Probe::Bound(b) => best = best.min(b.saturating_add(1)),
            }
            self.path.pop();
            if self.budget.aborted() {
                return Probe::Bound(0);
            }
        }
        // Without its own bounds (no child passed), the node is refuted by its children.
        let free = free.unwrap_or(plain);
        let proven = free.max(known).max(best).min(u32::from(u8::MAX));
        if let Some(part) = self.part.as_mut().filter(|p| depth <= p.split) {
            // A bound over this thread's share of the units only: not stored.
            if depth == 0 {
                part.close(self.budget.nodes());
            }
            return Probe::Bound(proven);
        }
        self.store(key, proven);
        // Every move searched: what a search rooted at this state proves (without the
        // entry of this node's context) holds in any context.
        if !skipped && last.is_some() {
            self.store(self.stack[depth].hash, free.max(best));
        }
        Probe::Bound(proven)
    }

    /// [`cut_before_playing`] for the child of the node at `depth` by move `(r, x)` (colour
    /// counts `child`), with the node's tap filter and colour sets, the search's scratch
    /// buffers and tables, and the slot at `depth + 1` for its structure.
    fn test_child(
        &mut self,
        depth: usize,
        (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
        (child_bound, left, centred): (u32, u32, bool),
    ) -> Result<(Last, bool), u32> {
        let problem = self.problem();
        let (done, rest) = self.stack.split_at_mut(depth + 1);
        let tests = (self.filters.get_mut(depth), &mut self.colour_sets[depth]);
        let mut table = Tables { table: &mut *self.table, shared: self.shared, limit: self.budget.tuning.table_limit };
        let node_and_slot = (&done[depth], &mut rest[0]);
        cut_before_playing(
            problem,
            node_and_slot,
            tests,
            &mut self.scratch,
            &mut table,
            (r, x, child),
            (child_bound, left, centred),
        )
    }

    /// The moves of the node at `depth` to search (see [`moves_with`]),
    /// with the node's tap filter when `filter`; when the node has no colour with one
    /// region within one move, the children with no move to spare over their colour bound
    /// are tested by the look-ahead as the moves are listed (it cuts most of them, and a
    /// test in the listing costs less than a child's). The children it cut count as nodes;
    /// `None` when the budget ran out on them.
    fn listed_moves(&mut self, depth: usize, last: Option<Last>, left: u32, filter: bool) -> Option<Moves> {
        // A child's colour bound is at most the node's number of colours (the target's
        // counted): the look-ahead may apply only when that leaves no move to spare.
        let counts = &self.stack[depth].counts;
        let colours = colour_summary(counts).0 + u32::from(self.target.is_some_and(|t| counts[usize::from(t)] == 0));
        let ahead = colours + 2 > left && !self.colour_sets_of(depth).near;
        let mut buffers = (std::mem::take(&mut self.scratch.merged), std::mem::take(&mut self.scratch.acc));
        let taps = if filter { Some(&self.filters[depth].taps[..]) } else { None };
        let look = ahead.then(|| (&self.colour_sets[depth], &mut buffers.0[..], &mut buffers.1[..]));
        let after = last.map(|l| (&self.stack[depth - 1], l));
        let moves = moves_with(self.problem(), &self.stack[depth], after, left, taps, look);
        (self.scratch.merged, self.scratch.acc) = buffers;
        for _ in 0..moves.ahead_cut {
            if self.budget.tick() {
                return None;
            }
        }
        Some(moves)
    }

    /// Makes room on the stack for the child of the node at `depth` (the first time that
    /// depth is reached, a copy of the node, overwritten by each child built there).
    pub(super) fn make_room(&mut self, depth: usize) {
        if self.stack.len() <= depth + 1 {
            let copy = self.stack[depth].clone();
            self.stack.push(copy);
        }
    }

    /// The node's admissible bound ([`heuristic`], at least the table's context-free
    /// entry `plain`), computed once into `free`, and at least its entry in its context
    /// `known`.
    ///
    /// Below the root a node's bounds are computed only once one of its children passes
    /// the tests before playing ([`cut_before_playing`]): its parent's tests of it read the
    /// same bounds off the parent's matrix, so they rarely cut it (never on the 4-colour
    /// levels of 130 regions), and most nodes with 5 or 6 moves left have no child that
    /// passes. Such a node is refuted by its children's bounds, each above
    /// its moves left, whatever its own bounds: every move is searched or cut with a proven
    /// bound, so their least is one too.
    fn bounds(&mut self, depth: usize, left: u32, (known, plain): (u32, u32), free: &mut Option<u32>) -> u32 {
        let free = *free.get_or_insert_with(|| {
            heuristic(self.island, &self.stack[depth], self.target, left + 1, &mut self.scratch).max(plain)
        });
        free.max(known)
    }

    /// The [`ColourSets`] of the node at `depth` (whose slot `dfs` made), computed on
    /// first use.
    pub(super) fn colour_sets_of(&mut self, depth: usize) -> &ColourSets {
        colour_sets(self.problem(), &self.stack[depth], &mut self.colour_sets[depth])
    }

    /// The transposition table's bound for `key` (0 when it has none).
    pub(super) fn stored(&self, key: u128) -> u32 {
        match self.shared {
            Some(shared) => shared.stored(key),
            None => bound_of(self.table, key),
        }
    }

    /// Raises the table's bound for `key` to `bound` (saturating at 255), halving the table
    /// first when it is full.
    pub(super) fn store(&mut self, key: u128, bound: u32) {
        match self.shared {
            Some(shared) => shared.store(key, bound, self.budget.tuning.table_limit),
            None => raise_bound(self.table, key, bound, self.budget.tuning.table_limit),
        }
    }

    /// Fills the distance matrix of the child at `depth + 1`, played by tapping `r` (the
    /// merged set in `scratch.merged`), from the node's by the merge rule.
    pub(super) fn child_matrix(&mut self, depth: usize, r: usize) {
        let (done, rest) = self.stack.split_at_mut(depth + 1);
        self.island.child_matrix(&done[depth], &mut rest[0], r, &self.scratch.merged, &mut self.scratch.ds);
    }

    /// In a parallel iteration, at the root and above the units (`depth ≤ split`): whether
    /// this thread searches the node's move `k` (`Some(true)`), leaves it to another thread
    /// (`Some(false)`: a unit not its own), or stops (`None`: some thread found a solution
    /// below an earlier unit). Elsewhere `Some(true)`.
    pub(super) fn takes_child(&mut self, depth: usize, k: usize) -> Option<bool> {
        let Some(part) = self.part.as_mut().filter(|p| depth <= p.split) else { return Some(true) };
        if depth == 0 {
            part.child = k as u64;
        }
        if depth == part.split && (part.child as usize + if depth == 0 { 0 } else { k }) % part.of != part.index {
            return Some(false);
        }
        let code = part.child << UNIT_BITS | if depth == 0 { 0 } else { k as u64 + 1 };
        if code > part.first.load(Ordering::Relaxed) {
            return None;
        }
        part.close(self.budget.nodes());
        part.open = Some((code, self.budget.nodes()));
        Some(true)
    }

    /// In a parallel iteration, where the units are split: records the unit below which
    /// this thread found a solution (the innermost one open), and tells the other threads
    /// when they may skip later units.
    pub(super) fn found_below(&mut self, depth: usize) {
        let Some(part) = self.part.as_mut().filter(|p| depth <= p.split) else { return };
        if part.found.is_none() {
            part.found = part.open.map(|(code, _)| code);
            part.close(self.budget.nodes());
            if part.skip {
                part.first.fetch_min(part.found.unwrap_or(0), Ordering::Relaxed);
            }
        }
    }

    /// The root's moves in a second order, by the bound of their child, interleaved with
    /// the first (`list`): the 1st of `list`, the 1st of the second order not yet taken, the
    /// 2nd of `list` not yet taken, and so on. Any order is sound and a failing iteration
    /// visits every child anyway; in the iteration that finds the solution, which child
    /// leads to it first is a matter of luck, and two orders taken in turns bound the work
    /// by about twice that of the better one.
    pub(super) fn interleave_by_bound(
        &mut self,
        list: &[(u32, usize, Colour)],
        left: u32,
    ) -> Vec<(u32, usize, Colour)> {
        let mut keyed = Vec::with_capacity(list.len());
        for (i, &(_, r, x)) in list.iter().enumerate() {
            let (done, rest) = self.stack.split_at_mut(1);
            // The whole node, distance matrix included: `apply` updates it in place.
            rest[0].clone_from(&done[0]);
            self.island.apply(&mut rest[0], r, x, &mut self.scratch.merged);
            keyed.push((heuristic(self.island, &rest[0], self.target, left, &mut self.scratch), i));
        }
        keyed.sort_unstable();
        let mut taken = vec![false; list.len()];
        let mut out = Vec::with_capacity(list.len());
        let (mut a, mut b) = (0, 0);
        while out.len() < list.len() {
            for (next, from_list) in [(&mut a, true), (&mut b, false)] {
                while *next < list.len() {
                    let i = if from_list { *next } else { keyed[*next].1 };
                    *next += 1;
                    if !taken[i] {
                        taken[i] = true;
                        out.push(list[i]);
                        break;
                    }
                }
            }
        }
        out
    }
}

/// The transposition tables of a search as the child tests see them (see [`Table`]): the
/// shared table when there is one, else the search's own, with the size limit.
struct Tables<'t> {
    table: &'t mut FxHashMap<u128, u8>,
    shared: Option<&'t SharedTable>,
    limit: usize,
}

impl Table for Tables<'_> {
    fn stored(&self, key: u128) -> u32 {
        match self.shared {
            Some(shared) => shared.stored(key),
            None => bound_of(self.table, key),
        }
    }

    fn store(&mut self, key: u128, bound: u32) {
        match self.shared {
            Some(shared) => shared.store(key, bound, self.limit),
            None => raise_bound(self.table, key, bound, self.limit),
        }
    }
}
