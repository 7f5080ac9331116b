//! The depth-first search of one IDA* iteration (`Search`, with all its methods): the
//! node's bounds and tap filter, move generation (neighbour colours, leaves last, the
//! partial-order reduction, the colour look-ahead), the tests that cut a child before it
//! is played (pair cut, no colour move, dead-end and grandchildren cuts, each with its
//! proof), the transposition table's reads and writes, and a parallel iteration's share of
//! the work. Built on `node`, `bounds`, `children`, `table` and `budget`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

use super::bounds::{
    ColourSets, Scratch, child_colour_bound, colour_bound, colour_summary, heuristic, moved_counts, open_colours,
    pair_delta, pair_reaches, set_neighbours, single_within_one_move_after,
};
use super::budget::Budget;
use super::children::{
    ChildKey, Last, Moves, Swap, TapFilter, colour_radius_cut, in_child, kept_colours, pair_taps, radius_taps,
    radius_test_applies,
};
use super::node::Path;
use super::node::{Island, Node, bits, first_bit, merged_row};
use super::table::{SharedTable, bound_of, context_key, raise_bound};
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
    /// Per depth, the tap filter of the node (see `Search::tap_filter`).
    pub(super) filters: Vec<TapFilter>,
    /// Per depth, the node's regions of each colour and their common neighbours, computed
    /// when a child first needs them (see `Search::single_after_move`).
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

/// When the pair filter leaves at most this many regions to tap, the radius filter is
/// skipped (the per-child radius test, exact on its own, handles the few moves left).
pub(super) const PAIR_TAPS_ENOUGH: u32 = 30;

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

    pub(super) fn solved(&self, node: &Node) -> bool {
        node.count == 1 && self.target.is_none_or(|t| node.col[bits(&node.alive).next().unwrap_or(0)] == t)
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
        if self.solved(node) {
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
        let (filter, centred) = self.tap_filter(depth, left);
        if let Some(sets) = self.colour_sets.get_mut(depth) {
            sets.ready = false;
        }
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
            let (last, built) = match self.cut_before_playing(depth, (r, x, &child), child_bound, left, centred) {
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
                self.child_structure(depth, r, x);
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

    /// The moves of the node at `depth` to search (see [`moves_with`](Self::moves_with)),
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
        let look = ahead.then_some((&mut buffers.0[..], &mut buffers.1[..]));
        let moves = self.moves_with(depth, last, left, taps, look);
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
    /// the tests before playing (`cut_before_playing`): its parent's tests of it read the
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

    /// Builds the structure (adjacency and colours, not the matrix) of the child of the
    /// node at `depth` by move `(r, x)` at `depth + 1`, the merged set in
    /// `scratch.merged`.
    pub(super) fn child_structure(&mut self, depth: usize, r: usize, x: Colour) {
        let (done, rest) = self.stack.split_at_mut(depth + 1);
        rest[0].copy_structure(&done[depth]);
        self.island.apply_structure(&mut rest[0], r, x, &mut self.scratch.merged);
    }

    /// The [`ColourSets`] of the node at `depth`, computed on first use.
    pub(super) fn colour_sets_of(&mut self, depth: usize) -> &ColourSets {
        if self.colour_sets.len() <= depth {
            self.colour_sets.resize_with(depth + 1, ColourSets::default);
        }
        let sets = &mut self.colour_sets[depth];
        if !sets.ready {
            sets.fill(&self.stack[depth], self.island.words, self.target);
        }
        sets
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

    /// Computes the node's tap filter (`filters[depth]`): the regions whose tap may leave a
    /// child within the moves left, by the radius (`radius_taps`, when the per-child radius
    /// test applies) and by the pair potentials (`pair_taps`). Returns whether some alive
    /// region is excluded, and whether the radius filter's centre sets are available to
    /// the radius test.
    pub(super) fn tap_filter(&mut self, depth: usize, left: u32) -> (bool, bool) {
        let node = &self.stack[depth];
        if let Some(filter) = self.filters.get_mut(depth) {
            filter.pairs.clear();
            // The centre witnesses and the region keys are found when a child first needs
            // them (`radius_cut`, `dead_end_cut`).
            filter.witnessed = false;
            filter.keyed = false;
        }
        if node.dist.is_empty() || left < 2 {
            return (false, false);
        }
        let (n, w) = (self.island.n, self.island.words);
        if self.filters.len() <= depth {
            self.filters.resize_with(depth + 1, || TapFilter { taps: vec![0; w], ..TapFilter::default() });
        }
        let filter = &mut self.filters[depth];
        let mut pair = node.alive.clone();
        if pair_taps(node, n, left, self.target, &mut filter.keep, &mut filter.pairs, &mut filter.far) {
            for r in bits(&node.alive) {
                if filter.keep[r] == 0 {
                    pair[r / 64] &= !(1 << (r % 64));
                }
            }
        }
        let kept: u32 = pair.iter().map(|p| p.count_ones()).sum();
        let mut centred = false;
        if node.radius >= left && kept > PAIR_TAPS_ENOUGH {
            radius_taps(node, n, left - 1, filter, &mut self.scratch.ds);
            centred = filter.complete;
            for (t, p) in filter.taps.iter_mut().zip(&pair) {
                *t &= p;
            }
        } else {
            filter.taps.copy_from_slice(&pair);
        }
        (filter.taps != node.alive, centred)
    }
}

// Move generation: each region to each colour of its neighbours (and the target), with
// the partial-order reduction, the leaf rule, the tap filter, the colour bound and, as the
// moves are listed, the colour look-ahead.

impl Search<'_> {
    /// Candidate moves: each current region to each colour of its neighbours (and to the
    /// target colour) as `(merges, region, colour)`, the lowest child colour bound first,
    /// then bigger merges, minus the moves the partial-order reduction skips after `last`,
    /// the moves tapping regions outside `taps` (the node's tap filter) and the moves whose
    /// child's colour bound leaves no room within `left` moves; `floor` bounds the latter
    /// two.
    pub(super) fn moves(&self, depth: usize, last: Option<Last>, left: u32, taps: Option<&[u64]>) -> Moves {
        self.moves_with(depth, last, left, taps, None)
    }

    /// [`moves`](Self::moves), and with `look` (two buffers of a bitset each), for a node
    /// with no colour other than the target with one region within one move (its
    /// [`ColourSets`] computed), also without the moves whose child has no move to spare
    /// over its colour bound, more than two regions, and no such colour either (see
    /// [`single_within_one_move_after`]): such a child needs two moves more than its
    /// colour bound, which `floor` then bounds too, and `ahead_cut` counts them.
    pub(super) fn moves_with(
        &self,
        depth: usize,
        last: Option<Last>,
        left: u32,
        taps: Option<&[u64]>,
        mut look: Option<(&mut [u64], &mut [u64])>,
    ) -> Moves {
        let node = &self.stack[depth];
        let (counts, w) = (node.counts, self.island.words);
        let (present, singles) = colour_summary(&counts);
        let mut keyed: Vec<(u32, std::cmp::Reverse<u32>, usize, Colour)> = Vec::new();
        let mut floor = u32::MAX;
        let mut ahead_cut = 0;
        let (skipped, filtered) = self.each_move(depth, last, taps, |merges, r, x| {
            let bound = child_colour_bound(&counts, present, singles, node.col[r], x, merges, self.target);
            // A child whose colour bound exceeds the moves it would have left is cut here,
            // with that bound (the same test as in `dfs`, without visiting it).
            if bound >= left {
                floor = floor.min(bound + 1);
                return false;
            }
            if let Some((merged, around)) = look.as_mut() {
                if bound + 2 > left && node.count - merges as usize > 2 {
                    let sets = &self.colour_sets[depth];
                    let child = moved_counts(&counts, node.col[r], x, merges);
                    sets.merged_by(node, w, r, x, merged);
                    if !single_within_one_move_after((node, w), (r, x, merged), &child, self.target, (sets, around)) {
                        floor = floor.min(bound + 2);
                        ahead_cut += 1;
                        return false;
                    }
                }
            }
            keyed.push((bound, std::cmp::Reverse(merges), r, x));
            false
        });
        if filtered {
            // Every child by a tap the filter left out has a radius or a pair bound of at
            // least `left` (see `radius_taps`, `pair_taps`): it would be cut with the
            // bound `left + 1`.
            floor = floor.min(left + 1);
        }
        // Children with the lowest colour bound first, then bigger merges.
        keyed.sort_unstable();
        let list = keyed.into_iter().map(|(_, std::cmp::Reverse(n), r, c)| (n, r, c)).collect();
        Moves { list, floor, skipped, ahead_cut }
    }

    /// Whether the node at `depth` (its structure: adjacency and colours, whose colour
    /// counts are `counts`; its matrix is not read) has a move that [`moves`](Self::moves)
    /// would keep without a tap filter: one the partial-order reduction after `last` and the
    /// leaf rule do not skip, whose child's colour bound is below `left`. When it has none,
    /// every move it would search needs at least `left` more after it, so the node needs
    /// `left + 1` in its context.
    pub(super) fn has_colour_move(
        &self,
        depth: usize,
        last: Option<Last>,
        counts: &[u32; MAX_COLOURS],
        left: u32,
    ) -> bool {
        let node = &self.stack[depth];
        let (present, singles) = colour_summary(counts);
        let mut found = false;
        self.each_move(depth, last, None, |merges, r, x| {
            found = child_colour_bound(counts, present, singles, node.col[r], x, merges, self.target) < left;
            found
        });
        found
    }

    /// Calls `visit(merges, region, colour)` for each candidate move of the node at `depth`
    /// (see [`moves`](Self::moves)) that the partial-order reduction after `last`, the leaf
    /// rule and the tap filter `taps` leave, until `visit` returns `true`. Returns whether
    /// the partial-order reduction skipped a move, and whether the tap filter left out a
    /// region.
    fn each_move(
        &self,
        depth: usize,
        last: Option<Last>,
        taps: Option<&[u64]>,
        mut visit: impl FnMut(u32, usize, Colour) -> bool,
    ) -> (bool, bool) {
        let node = &self.stack[depth];
        let w = self.island.words;
        let swap = last.map(|l| Swap::new(&self.stack[depth - 1], node, l));
        let (mut skipped, mut filtered) = (false, false);
        for r in bits(&node.alive) {
            if taps.is_some_and(|taps| taps[r / 64] >> (r % 64) & 1 == 0) {
                filtered = true;
                continue;
            }
            let degree: u32 = node.adj[r * w..(r + 1) * w].iter().map(|a| a.count_ones()).sum();
            if degree == 1 && node.count >= 3 && self.target.is_none() {
                // A leaf region is never tapped before the last move (`kami/docs/solver.md`, *Leaves last*).
                continue;
            }
            // The partial-order reduction after the last move (see [`Swap`]): a region with
            // an earlier key is tapped only if it touches the merged region, and only to
            // the colours `Swap::keeps` leaves.
            let earlier = swap.as_ref().filter(|s| first_bit(&node.members[r * w..(r + 1) * w]) < s.key && r != s.rep);
            if earlier.is_some_and(|s| !s.touches(node, w, r)) {
                skipped = true;
                continue;
            }
            // The neighbours of each colour, and the colours present among them (a bitset).
            let mut counts = [0u32; MAX_COLOURS];
            let mut seen = 0u64;
            for s in bits(&node.adj[r * w..(r + 1) * w]) {
                counts[usize::from(node.col[s])] += 1;
                seen |= 1 << node.col[s];
            }
            let independent = |x: Colour| earlier.is_some_and(|s| !s.keeps(node, w, r, x, self.target.is_some()));
            if let Some(t) = self.target {
                if node.col[r] != t && counts[usize::from(t)] == 0 && self.palette.contains(&t) {
                    if independent(t) {
                        skipped = true;
                    } else if visit(0, r, t) {
                        return (skipped, filtered);
                    }
                }
            }
            for c in bits(&[seen]) {
                if independent(c as Colour) {
                    skipped = true;
                } else if visit(counts[c], r, c as Colour) {
                    return (skipped, filtered);
                }
            }
        }
        (skipped, filtered)
    }
}

// The tests that cut a child before it is played: its bounds read off the parent's
// distance matrix by the merge rule, its colour look-ahead, its transposition table
// entries, whether it is a dead end, and its structure.

/// `Search::dead_end_cut` tests each move of a child left with at most this many moves
/// (`Search::grandchildren_cut`): below, nearly every child with 5 moves left that passed
/// the other tests had no child of its own that did. Children with 6 left die in more
/// ways (the table, the radius), and testing them costs more than it saves.
pub(super) const GRANDCHILD_TEST_LEFT: u32 = 6;

/// The pairs `Search::dead_end_cut` tests on whole rows before it lists the regions left
/// (a few cost less than none or all).
const DENSE_PAIRS: usize = 4;

impl Search<'_> {
    /// The tests of the child by move `(r, x)` (colour counts `child`) that need no
    /// distance matrix of it, in this order: its colour bound `child_bound`, its pair and
    /// final-colour potentials (see `pair_cut`; a scan of at most
    /// [`CRITICAL_PAIRS`](super::children::CRITICAL_PAIRS) pairs, it cuts most of the children
    /// at the nodes with 5–7 moves left), its radius (see `radius_cut`, which reads a row
    /// per candidate centre), with no move to spare over its colour bound its one-move
    /// look-ahead (see `single_after_move`) when the node has a colour with one region
    /// within one move (when it has none, the look-ahead was made as the moves were
    /// listed, see `listed_moves`: the child has such a colour only if the move makes one,
    /// and the test cuts most such children), its transposition table
    /// entries, whether it is a dead end (see `dead_end_cut`), and when it has at most one
    /// move to spare over its colour bound the test of its structure (see
    /// `cut_by_structure`, which builds it at `depth + 1`: last, as most children reaching
    /// it pass, and are then played on that structure). `Err` holds the bound a cut child
    /// gives its parent (a proven lower bound on the moves from the parent through it);
    /// `Ok` the child's [`Last`] and whether its structure is built.
    pub(super) fn cut_before_playing(
        &mut self,
        depth: usize,
        (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
        child_bound: u32,
        left: u32,
        centred: bool,
    ) -> Result<(Last, bool), u32> {
        if child_bound + 1 > left {
            return Err(child_bound + 1);
        }
        // The merged set's row serves the radius and pair tests, when either runs.
        let pairs = self.filters.get(depth).is_some_and(|f| !f.pairs.is_empty());
        self.merged_set(depth, r, x, radius_test_applies(&self.stack[depth], left) || pairs);
        // The bound tests read the parent's matrix, which is in cache; the table, a
        // random read of a big map, only for the children they leave.
        if self.pair_cut(depth, (x, child), left) || self.radius_cut(depth, (r, x, child), left, centred) {
            return Err(left + 1);
        }
        // A child with no move to spare over its colour bound needs one more when it has
        // no colour with one region within one move (the look-ahead). Where the node has
        // none, `listed_moves` tested every such child: a child's colour bound is at most
        // the node's number of colours.
        let child_count = self.stack[depth].count + 1 - self.scratch.set.len();
        let ahead = child_bound + 2 > left && child_count > 2;
        if ahead && self.colour_sets_of(depth).near && !self.single_after_move(depth, (r, x), child) {
            return Err(child_bound + 2);
        }
        let ChildKey { key, state, tapped, context } = self.child_key(depth, r, x);
        let known = self.stored(key);
        if known + 1 > left {
            return Err(known + 1);
        }
        // The child state's context-free entry (`kami/docs/solver.md`, *Context-free entries*).
        let plain = self.stored(state);
        if plain + 1 > left {
            return Err(plain + 1);
        }
        if let Some(any_context) = self.dead_end_cut(depth, (r, x, child), tapped, left) {
            // Stored like a searched child's bound, so that the child is not tested again.
            self.store(key, left);
            if any_context {
                self.store(state, left);
            }
            return Err(left + 1);
        }
        // With at most one move to spare over its colour bound, the child's structure is
        // built and tested.
        let last = Last { key: tapped, rep: r, context };
        let tight = child_bound + 2 >= left;
        if tight {
            if let Some(cut) = self.cut_by_structure(depth, (r, x, child), last, left) {
                return Err(cut);
            }
        }
        Ok((last, tight))
    }

    /// The set the move `(r, x)` at `depth` merges (`r` and its neighbours of colour `x`),
    /// listed in `scratch.set` and as a bitset in `scratch.merged`, for the child tests;
    /// with `row`, also its distances to every region in `scratch.ds` (see [`merged_row`]).
    pub(super) fn merged_set(&mut self, depth: usize, r: usize, x: Colour, row: bool) {
        let node = &self.stack[depth];
        let w = self.island.words;
        let (set, merged) = (&mut self.scratch.set, &mut self.scratch.merged);
        set.clear();
        set.push(r);
        set.extend(bits(&node.adj[r * w..(r + 1) * w]).filter(|&s| node.col[s] == x));
        merged.fill(0);
        for &s in set.iter() {
            merged[s / 64] |= 1 << (s % 64);
        }
        if row && !node.dist.is_empty() {
            merged_row(&node.dist, self.island.n, merged, &mut self.scratch.ds);
        }
    }

    /// Whether the child by the move to colour `x` (colour counts `child`) has a pair bound,
    /// or without a target a final-colour bound, of at least `left`, by the pairs the node's
    /// pair filter recorded (see [`pair_taps`]), read off the parent's matrix by the merge
    /// rule: with `S` the merged set (the tapped region and its neighbours of colour `x`,
    /// whose distances `d(S, ·)` are in `scratch.ds`, see `merged_set`), the child's
    /// distance is `min(d(u, w), d(u, S) + d(S, w))` and its colours are the parent's but
    /// `x` on `S`. Exact for the recorded pairs; pairs not recorded only miss cuts.
    pub(super) fn pair_cut(&mut self, depth: usize, (x, child): (Colour, &[u32; MAX_COLOURS]), left: u32) -> bool {
        let Some(filter) = self.filters.get(depth).filter(|f| !f.pairs.is_empty()) else { return false };
        let node = &self.stack[depth];
        let critical = 2 * left - 1;
        // Without a target: the present colours whose own colour bound stays below `left`
        // (the final-colour bound is at least `left` once each of them meets a pair).
        let mut open = if self.target.is_none() { open_colours(child, left) } else { 0 };
        let ds = &self.scratch.ds;
        filter.pairs.iter().any(|&pair| {
            let (d, cu, cv) = in_child(node, ds, x, pair);
            pair_reaches(self.target, (u32::from(d), cu, cv), critical, &mut open)
        })
    }

    /// Whether the child of the node at `depth` by move `(r, x)` (colour counts `child`)
    /// has a radius above `left - 1`, or a colour-radius bound of at least `left` for every
    /// final colour its colour bound leaves open (the target's, with one), read off the
    /// parent's matrix (see `colour_radius_cut`; the merged set from `scratch.merged` and
    /// its row from `scratch.ds`, see `merged_set`).
    pub(super) fn radius_cut(
        &mut self,
        depth: usize,
        (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
        left: u32,
        centred: bool,
    ) -> bool {
        let parent = &self.stack[depth];
        if !radius_test_applies(parent, left) {
            return false;
        }
        let merged = &self.scratch.merged;
        let centres = if centred {
            self.filters[depth].centres_of(r, self.island.n, &mut self.scratch.centres);
            &self.scratch.centres[..]
        } else {
            &parent.alive[..]
        };
        let open = match self.target {
            Some(t) => 1 << t,
            None => open_colours(child, left),
        };
        let witnesses = self.filters.get_mut(depth).map(|f| {
            if !f.witnessed {
                f.witnesses.fill(parent, self.island.n, left - 1);
                f.witnessed = true;
            }
            &mut f.witnesses
        });
        colour_radius_cut(parent, self.island.n, (merged, x), left - 1, (centres, open), &self.scratch.ds, witnesses)
    }

    /// Whether the child of the node at `depth` by the move to colour `x` (colour counts
    /// `child`, the merged set in `scratch.merged`) has a colour other than the target with
    /// one region now or after one move (see `single_within_one_move_after`).
    fn single_after_move(&mut self, depth: usize, (r, x): (usize, Colour), child: &[u32; MAX_COLOURS]) -> bool {
        self.colour_sets_of(depth);
        let (node, w) = (&self.stack[depth], self.island.words);
        let Scratch { merged, acc, .. } = &mut self.scratch;
        single_within_one_move_after((node, w), (r, x, merged), child, self.target, (&self.colour_sets[depth], acc))
    }

    /// The transposition table keys of the child of the node at `depth` by move `(r, x)`
    /// (see [`ChildKey`]). Reads the merged set from `scratch.set` (see `merged_set`).
    pub(super) fn child_key(&self, depth: usize, r: usize, x: Colour) -> ChildKey {
        let node = &self.stack[depth];
        let w = self.island.words;
        let old = usize::from(node.col[r]);
        let mut state = node.hash;
        for i in bits(&node.members[r * w..(r + 1) * w]) {
            let z = &self.island.zobrist[i * MAX_COLOURS..];
            state ^= z[old] ^ z[usize::from(x)];
        }
        let tapped = first_bit(&node.members[r * w..(r + 1) * w]);
        let context = context_key(node.hash, state);
        ChildKey { key: state ^ context, state, tapped, context }
    }

    /// Whether the child by move `(r, x)` (colour counts `child`, tapping the region whose
    /// smallest original region is `tapped`) would find no move to search whose own child
    /// passes its tests, and whether that holds in any context (`Some(true)`) or only in
    /// the child's (`Some(false)`): such a child needs at least `left` more moves, so the
    /// move needs `left + 1`.
    ///
    /// First, every region the child may tap fails its pair filter (see [`pair_taps`]) for
    /// one of the pairs the node's pair filter recorded, read off the node's matrix by the
    /// merge rule (see `pair_cut`). The child's pair filter keeps a region `v` only if, for
    /// every pair `u, w` whose child potential is critical (at least `2·(left − 1) − 1`),
    /// `d'(u, v) + d'(v, w) ≤ d'(u, w) + 1` (`≤ d'(u, w)` above critical), with the child's
    /// distances `d'`; the recorded pairs are some of those pairs, so a region failing one
    /// of them fails the child's filter, in any context. Then the partial-order reduction
    /// (see [`Swap`]): in the child, with `S` the merged set and `r` its
    /// region, a region `v` other than `r` whose smallest original region comes before
    /// `tapped` is tapped only if it touches `r`, and then only to the colour `r` had
    /// before the move or to `x`: so only regions `v` with a later key or touching `S`
    /// (`d(S, v) ≤ 1`) may be tapped in the child's context. With at most
    /// [`GRANDCHILD_TEST_LEFT`] moves left, the regions left are tested move by move
    /// (`grandchildren_cut`; with only those two colours for the regions with an earlier
    /// key when the reduction left some region out, as the cut then holds in the child's
    /// context only).
    pub(super) fn dead_end_cut(
        &mut self,
        depth: usize,
        (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
        tapped: usize,
        left: u32,
    ) -> Option<bool> {
        if left < 3 {
            // The child, with fewer than 2 moves left, has no pair filter.
            return None;
        }
        let filter = self.filters.get_mut(depth).filter(|f| !f.pairs.is_empty())?;
        let node = &self.stack[depth];
        let (n, w) = (self.island.n, self.island.words);
        if !filter.keyed {
            filter.keys.resize(n, 0);
            for v in bits(&node.alive) {
                filter.keys[v] = first_bit(&node.members[v * w..(v + 1) * w]);
            }
            filter.keyed = true;
        }
        let Scratch { ds, live, dense, .. } = &mut self.scratch;
        let ds = &*ds;
        let critical = 2 * left - 3;
        // The recorded pairs critical in the child, with what their test needs: the ends'
        // distances to `S`, the longest path allowed through a kept region, and the ends'
        // rows.
        let mut critical_pairs = filter.pairs.iter().filter_map(|&(u, v, d)| {
            let (d, cu, cv) = in_child(node, ds, x, (u, v, d));
            let phi = u32::from(d) + pair_delta(self.target, cu, cv);
            if phi < critical {
                return None;
            }
            let (u, v) = (usize::from(u), usize::from(v));
            let lens = if phi > critical { d } else { d.saturating_add(1) };
            Some(((ds[u], ds[v]), lens, (&node.dist[u * n..(u + 1) * n], &node.dist[v * n..(v + 1) * n])))
        });
        // The first `DENSE_PAIRS` of them mark the regions they keep in `dense`, reading
        // whole rows, one byte per region (loops the compiler vectorizes).
        let mut dense_pairs = 0;
        for ((du, dv), lens, (row_u, row_v)) in critical_pairs.by_ref().take(DENSE_PAIRS) {
            let near = |((&a, &b), &s): ((&u8, &u8), &u8)| {
                u8::from(a.min(du.saturating_add(s)).saturating_add(b.min(dv.saturating_add(s))) <= lens)
            };
            if dense_pairs == 0 {
                dense.clear();
                dense.extend(row_u.iter().zip(row_v).zip(ds).map(near));
            } else {
                for (k, entries) in dense.iter_mut().zip(row_u.iter().zip(row_v).zip(ds)) {
                    *k &= near(entries);
                }
            }
            dense_pairs += 1;
        }
        // The child's alive regions (the merged set is `r` alone) they keep are listed, and
        // the other pairs filter the list in place (a plain loop: this runs for most
        // children that pass the other tests).
        live.clear();
        live.extend(bits(&node.alive).filter(|&t| (dense_pairs == 0 || dense[t] != 0) && (ds[t] != 0 || t == r)));
        if live.is_empty() {
            return Some(true);
        }
        for ((du, dv), lens, (row_u, row_v)) in critical_pairs {
            // The regions still on or next to a shortest `u`–`v` path in the child.
            let mut kept = 0;
            for i in 0..live.len() {
                let t = live[i];
                let a = row_u[t].min(du.saturating_add(ds[t]));
                let b = row_v[t].min(dv.saturating_add(ds[t]));
                live[kept] = t;
                kept += usize::from(a.saturating_add(b) <= lens);
            }
            live.truncate(kept);
            if live.is_empty() {
                return Some(true);
            }
        }
        let all = live.len();
        live.retain(|&t| ds[t] <= 1 || filter.keys[t] >= tapped);
        if live.is_empty() {
            return Some(false);
        }
        // The reduction skipped nothing: what the moves prove holds in any context.
        let any_context = live.len() == all;
        let earlier = (!any_context).then_some(tapped);
        (left <= GRANDCHILD_TEST_LEFT && self.grandchildren_cut(depth, (r, x, child), left, earlier))
            .then_some(any_context)
    }

    /// Whether every move of the child by move `(r, x)` (colour counts `child`) that taps a
    /// region of `scratch.live` (with `earlier`, a region touching the merged set whose key
    /// comes before `earlier` only to the colours the partial-order reduction keeps, see
    /// [`Swap`]) leaves a grandchild whose colour bound, or pair or
    /// (without a target) final-colour potential for a pair the node's pair filter
    /// recorded, reaches `left − 1`: the grandchild, with `left − 2` moves left, would be
    /// cut by its parent's `pair_cut` (or colour bound) if that parent recorded the pair.
    ///
    /// Distances are read off the node's matrix through two merges. The child's are
    /// `d'(a, b) = min(d(a, b), d(a, S) + d(S, b))` (`S` the merged set, `d(S, ·)` in
    /// `scratch.ds`), its colours the node's but `x` on `S`. A move of the child taps a
    /// region `v` and recolours it to a colour `y` of one of its neighbours (or the
    /// target): the grandchild merges `S₂ = v ∪ {neighbours of v of colour y}`, its
    /// distances are `d''(a, b) = min(d'(a, b), d'(a, S₂) + d'(S₂, b))` and its colours the
    /// child's but `y` on `S₂`, exactly as `merge_distances` would compute them. The
    /// child's neighbours of `v` are the node's, with the regions of `S` standing for `r`
    /// (and for `v = r`, the neighbours of `S`, each once). The grandchild's colour counts
    /// follow from the child's as in `moved_counts`. So each test is one the grandchild's
    /// own bounds pass, and every move the child's search would try (its moves are among
    /// these) leaves a grandchild needing at least `left − 1` more: the child needs `left`.
    ///
    /// Applied to the children with at most `GRANDCHILD_TEST_LEFT` moves left, most of
    /// which have no child that passes the tests.
    fn grandchildren_cut(
        &mut self,
        depth: usize,
        (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
        left: u32,
        earlier: Option<usize>,
    ) -> bool {
        let Some(filter) = self.filters.get(depth) else { return false };
        let node = &self.stack[depth];
        let (n, w) = (self.island.n, self.island.words);
        let Scratch { ds, merged, live, acc: around, grand, .. } = &mut self.scratch;
        let ds = &*ds;
        let colour = |t: usize| if ds[t] == 0 { x } else { node.col[t] };
        let child_dist = |a: usize, b: usize| node.dist[a * n + b].min(ds[a].saturating_add(ds[b]));
        let critical = 2 * (left - 1) - 1;
        // The recorded pairs that may reach `critical` in a grandchild (`d'' ≤ d'`, and the
        // colour part adds at most one; with a target, up to two), as they are in the child.
        let slack = if self.target.is_some() { 2 } else { 1 };
        grand.pairs.clear();
        for &pair in &filter.pairs {
            let (d, cu, cv) = in_child(node, ds, x, pair);
            if u32::from(d) + slack >= critical {
                grand.pairs.push((usize::from(pair.0), usize::from(pair.1), d, cu, cv));
            }
        }
        if grand.pairs.is_empty() {
            return false;
        }
        // The pair that cut the last grandchild is tried first.
        let mut first = 0;
        for &v in live.iter() {
            // The child's neighbours of `v`, as regions of the node (`r` standing for `S`).
            let near = &mut grand.near;
            near.clear();
            if v == r {
                set_neighbours((node, w), merged, around);
                near.extend(bits(around));
            } else {
                let mut touches = false;
                for t in bits(&node.adj[v * w..(v + 1) * w]) {
                    if ds[t] == 0 {
                        touches = true;
                    } else {
                        near.push(t);
                    }
                }
                if touches {
                    near.push(r);
                }
            }
            let cv = colour(v);
            let mut colours = self.target.map_or(0u64, |t| 1 << t);
            for &t in near.iter() {
                colours |= 1 << colour(t);
            }
            colours &= !(1u64 << cv);
            if earlier.is_some_and(|tapped| v != r && ds[v] == 1 && filter.keys[v] < tapped) {
                // `v` touches the merged region: only these colours may be kept.
                colours &= kept_colours(node.col[r], x);
            }
            for y in bits(&[colours]) {
                let y = y as Colour;
                // `S₂`: whether it holds `S` (through `r`), and its other regions.
                let mut holds_s = v == r;
                grand.merged.clear();
                if v != r {
                    grand.merged.push(v);
                }
                let mut merges = 0;
                for &t in near.iter() {
                    if colour(t) == y {
                        merges += 1;
                        if t == r {
                            holds_s = true;
                        } else {
                            grand.merged.push(t);
                        }
                    }
                }
                let counts = moved_counts(child, cv, y, merges);
                if colour_bound(&counts, self.target) + 1 > left - 1 {
                    continue;
                }
                let to_merged = |a: usize| {
                    let through_s = if holds_s { ds[a] } else { u8::MAX };
                    grand.merged.iter().map(|&s| child_dist(a, s)).fold(through_s, u8::min)
                };
                let mut open = if self.target.is_none() { open_colours(&counts, left - 1) } else { 0 };
                let k = grand.pairs.len();
                let cut = (first..k).chain(0..first).find(|&i| {
                    let (u, v, d, cu, cv) = grand.pairs[i];
                    let (du, dv) = (to_merged(u), to_merged(v));
                    let d = d.min(du.saturating_add(dv));
                    let (cu, cv) = (if du == 0 { y } else { cu }, if dv == 0 { y } else { cv });
                    pair_reaches(self.target, (u32::from(d), cu, cv), critical, &mut open)
                });
                match cut {
                    Some(i) => first = i,
                    None => return false,
                }
            }
        }
        true
    }

    /// Builds the structure of the child of the node at `depth` by move `(r, x)` (colour
    /// counts `child`, at most one move to spare over its colour bound within `left − 1`)
    /// reached in the context `last` (see `child_structure`), and tests what needs it:
    /// `Some(left + 1)` when it has no move keeping its colour bound within `left − 1`
    /// (see `has_colour_move`; with two moves to spare every move would): it then needs
    /// `left` more moves in its context. This cuts about half the nodes with 5 moves left
    /// on 5-colour levels, before their matrix is built.
    fn cut_by_structure(
        &mut self,
        depth: usize,
        (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
        last: Last,
        left: u32,
    ) -> Option<u32> {
        self.child_structure(depth, r, x);
        let no_colour_move =
            !self.solved(&self.stack[depth + 1]) && !self.has_colour_move(depth + 1, Some(last), child, left - 1);
        no_colour_move.then_some(left + 1)
    }
}
