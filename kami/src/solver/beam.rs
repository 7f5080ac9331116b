//! Beam searches for short (not proven) solutions while IDA* is still raising its
//! bound, the shortening of a found solution, and the greedy fallback.

use rustc_hash::FxHashMap;

use super::bounds::{Scratch, heuristic};
use super::node::Path;
use engine::StopReason;

use super::budget::Budget;
use super::dfs::{Probe, SPLIT_DEPTH, Search};
use super::node::{Island, Node, bits};
use super::parallel::{joined, parallel_dfs};
use crate::{Colour, MAX_COLOURS};

/// The most bytes of distance matrices a beam's layer holds (big islands get narrower
/// beams).
pub(super) const BEAM_BYTES: usize = 1 << 28;

/// A short path found by beam search; `None` when the budget runs out first (every child
/// scored counts as a node).
///
/// Layer by layer, every move (to a neighbour's colour, leaves last as in the search) of
/// the `width` best states of the layer is scored by the child's admissible bound
/// ([`heuristic`]), then by the sum of its regions' eccentricities (a compact graph is
/// closer to one region), and the `width` best distinct children form the next layer. Not
/// optimal in general, but often as short as the optimum: the search uses it as an upper
/// bound (see [`ida_star`](super::driver::ida_star)), and as the best answer when the budget runs out.
pub(super) fn beam_path(island: &Island, width: usize, budget: &mut Budget) -> Option<Path> {
    let n = island.n;
    // Each state of a layer keeps its distance matrix: at most `BEAM_BYTES` of them.
    let width = width.min(BEAM_BYTES / (n * n).max(1)).max(1);
    let mut scratch = Scratch::new(island);
    let mut layer: Vec<(Node, Path)> = vec![(island.root(), Vec::new())];
    loop {
        if let Some((_, path)) = layer.iter().find(|(node, _)| node.count <= 1) {
            return Some(path.clone());
        }
        let mut scored = score_layer(island, &layer, budget)?;
        scored.sort_unstable_by_key(|&(h, spread, hash, ..)| (h, spread, hash));
        scored.dedup_by_key(|&mut (_, _, hash, ..)| hash);
        let mut next = Vec::with_capacity(width);
        for &(_, _, _, i, r, x) in scored.iter().take(width) {
            let (node, path) = &layer[i];
            let mut node = node.clone();
            island.apply(&mut node, r, x, &mut scratch.merged);
            let mut path = path.clone();
            path.push((r as u32, x));
            next.push((node, path));
        }
        layer = next;
    }
}

/// A beam's scored children: `(bound, spread, hash, state, region, colour)` for every move
/// of every state of `layer` (see [`beam_path`]), in the order of the states; `None` when
/// the budget runs out. With [`Limits::threads`](super::Options::threads) above one, each thread scores a run of
/// states (with an equal share of the nodes left, under a node limit), and the runs are
/// joined in order, so the list is the same as one thread's. The calling thread scores
/// the first run itself (waiting instead for threads started for every run made the
/// second thread begin late in the wide layers, and a narrow beam gained nothing from a
/// second thread).
pub(super) fn score_layer(island: &Island, layer: &[(Node, Path)], budget: &mut Budget) -> Option<Vec<Scored>> {
    let threads = budget.threads.clamp(1, layer.len().max(1));
    if threads == 1 {
        return score_states(island, layer, 0, budget);
    }
    let run = layer.len().div_ceil(threads);
    let budgets: Vec<Budget> = (0..threads).map(|_| budget.share(threads)).collect();
    let results: Vec<_> = std::thread::scope(|scope| {
        let mut chunks = layer.chunks(run).zip(budgets).enumerate();
        let (_, (own, mut own_budget)) = chunks.next().unwrap_or_else(|| unreachable!("at least one state"));
        let handles: Vec<_> = chunks
            .map(|(t, (states, mut budget))| {
                scope.spawn(move || {
                    let scored = score_states(island, states, t * run, &mut budget);
                    (scored, budget.nodes(), budget.meter.stopped())
                })
            })
            .collect();
        let scored = score_states(island, own, 0, &mut own_budget);
        let mut results = vec![(scored, own_budget.nodes(), own_budget.meter.stopped())];
        results.extend(handles.into_iter().map(joined));
        results
    });
    let stopped = results.iter().find(|r| r.0.is_none()).map(|r| r.2.unwrap_or(StopReason::NodeLimit));
    budget.absorb(results.iter().map(|r| r.1).sum::<u64>(), stopped);
    let mut out = Vec::new();
    for (scored, ..) in results {
        let scored = scored?;
        out.extend(scored);
    }
    Some(out)
}

/// A scored child of a beam's state (see [`score_layer`]).
pub(super) type Scored = (u32, usize, u128, usize, usize, Colour);

/// [`score_layer`] on one thread, for `states` (the first being state `first` of the layer).
pub(super) fn score_states(
    island: &Island,
    states: &[(Node, Path)],
    first: usize,
    budget: &mut Budget,
) -> Option<Vec<Scored>> {
    let w = island.words;
    let mut scratch = Scratch::new(island);
    let mut child = island.root();
    let mut scored = Vec::new();
    for (i, (node, _)) in states.iter().enumerate() {
        let i = first + i;
        for r in bits(&node.alive) {
            let row = &node.adj[r * w..(r + 1) * w];
            if node.count >= 3 && row.iter().map(|a| a.count_ones()).sum::<u32>() == 1 {
                // A leaf region is never tapped before the last move (`kami/docs/solver.md`, *Leaves last*).
                continue;
            }
            let mut colours = 0u64;
            for s in bits(row) {
                colours |= 1 << node.col[s];
            }
            for x in bits(&[colours]) {
                if budget.tick() {
                    return None;
                }
                let x = x as Colour;
                child.copy_structure(node);
                island.apply_structure(&mut child, r, x, &mut scratch.merged);
                island.child_matrix(node, &mut child, r, &scratch.merged, &mut scratch.ds);
                let h = heuristic(island, &child, None, u32::MAX, &mut scratch);
                let spread =
                    if child.ecc.is_empty() { 0 } else { bits(&child.alive).map(|u| usize::from(child.ecc[u])).sum() };
                scored.push((h, spread, child.hash, i, r, x));
            }
        }
    }
    Some(scored)
}

/// Shortens a solution `path` of the island suffix by suffix: from the state after each
/// prefix, last to first, a search of at most `suffix_nodes` nodes (IDA* like the main
/// one, with the transposition tables of the search's own threads, whose entries are
/// proven bounds of states; never the table the threads share, see `capped_alone` in `ida`) looks
/// for a shorter way to finish, and takes it. Stops early, returning what it has, when the
/// budget runs out.
///
/// `lower` is a proven lower bound on the island's optimum (the main search's refuted
/// thresholds): no suffix after `start` moves is shorter than `lower − start`, so each
/// search starts there, and a path of `lower` moves is returned as it is. (A beam of 8
/// states often finds the par itself: its shortening used to search every suffix in vain,
/// 4 000–11 000 nodes on the 130-region levels of par 9.)
pub(super) fn shorten(
    island: &Island,
    palette: &[Colour],
    budget: &mut Budget,
    (table, tables): (&mut FxHashMap<u128, u8>, &mut [FxHashMap<u128, u8>]),
    (path, lower): (Path, u32),
    suffix_nodes: u64,
) -> Path {
    let mut best = path;
    for start in (0..best.len().saturating_sub(1)).rev() {
        let remaining = (best.len() - start) as u32;
        // Every suffix from here has at least this many moves.
        let least = lower.saturating_sub(start as u32);
        if least >= remaining {
            continue;
        }
        let global = budget.cap(budget.nodes().saturating_add(suffix_nodes));
        let mut search = Search::new(island, None, palette, budget, table);
        search.stack[0] = island.played(&best[..start]);
        let mut bound = heuristic(island, &search.stack[0], None, u32::MAX, &mut search.scratch).max(least);
        let mut found = None;
        while bound < remaining {
            // On the threads from the start: each thread's table knows its own units.
            let probe = if tables.is_empty() {
                search.dfs(0, bound, None)
            } else {
                parallel_dfs(&mut search, tables, bound, (SPLIT_DEPTH, false))
            };
            match probe {
                Probe::Found => {
                    found = Some(std::mem::take(&mut search.path));
                    break;
                }
                Probe::Bound(b) if !search.budget.aborted() => bound = b.max(bound + 1),
                Probe::Bound(_) => break,
            }
        }
        if budget.uncap(global) {
            return best;
        }
        if let Some(suffix) = found {
            best.truncate(start);
            best.extend(suffix);
        }
    }
    best
}

/// The greedy path of one island: always the move merging the most regions.
pub(super) fn greedy_path(island: &Island) -> Path {
    let mut node = island.root();
    let mut scratch = Scratch::new(island);
    let w = island.words;
    let mut path = Vec::new();
    while node.count > 1 {
        let mut best = (0u32, 0usize, 0 as Colour);
        for r in bits(&node.alive) {
            let mut counts = [0u32; MAX_COLOURS];
            for s in bits(&node.adj[r * w..(r + 1) * w]) {
                counts[usize::from(node.col[s])] += 1;
            }
            for (c, &n) in counts.iter().enumerate() {
                if n > best.0 {
                    best = (n, r, c as Colour);
                }
            }
        }
        island.apply(&mut node, best.1, best.2, &mut scratch.merged);
        path.push((best.1 as u32, best.2));
    }
    path
}
