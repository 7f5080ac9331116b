//! A node's candidate moves: each region to each colour of its neighbours (and the
//! target), with the partial-order reduction, the leaf rule, the tap filter, the colour
//! bound and, as the moves are listed, the colour look-ahead. Free functions of the node
//! (and of its parent, for the reduction).

use super::{Last, Moves, Problem, Swap};
use crate::solver::bounds::{
    ColourSets, child_colour_bound, colour_summary, moved_counts, single_within_one_move_after,
};
use crate::solver::node::{Node, bits, first_bit};
use crate::{Colour, MAX_COLOURS};

/// Candidate moves of `node`, reached from its parent by the move `after` records (none at
/// the root): each current region to each colour of its neighbours (and to the target
/// colour) as `(merges, region, colour)`, the lowest child colour bound first, then bigger
/// merges, minus the moves the partial-order reduction skips after the last move, the
/// moves tapping regions outside `taps` (the node's tap filter) and the moves whose
/// child's colour bound leaves no room within `left` moves; `floor` bounds the latter two.
pub(in crate::solver) fn moves(
    p: Problem<'_>,
    node: &Node,
    after: Option<(&Node, Last)>,
    left: u32,
    taps: Option<&[u64]>,
) -> Moves {
    moves_with(p, node, after, left, taps, None)
}

/// [`moves`], and with `look` (the node's [`ColourSets`], computed, and two buffers of a
/// bitset each), for a node with no colour other than the target with one region within
/// one move, also without the moves whose child has no move to spare over its colour
/// bound, more than two regions, and no such colour either (see
/// [`single_within_one_move_after`]): such a child needs two moves more than its colour
/// bound, which `floor` then bounds too, and `ahead_cut` counts them.
pub(in crate::solver) fn moves_with(
    p: Problem<'_>,
    node: &Node,
    after: Option<(&Node, Last)>,
    left: u32,
    taps: Option<&[u64]>,
    mut look: Option<(&ColourSets, &mut [u64], &mut [u64])>,
) -> Moves {
    let (counts, w) = (node.counts, p.island.words);
    let (present, singles) = colour_summary(&counts);
    let mut keyed: Vec<(u32, std::cmp::Reverse<u32>, usize, Colour)> = Vec::new();
    let mut floor = u32::MAX;
    let mut ahead_cut = 0;
    let (skipped, filtered) = each_move(p, node, after, taps, |merges, r, x| {
        let bound = child_colour_bound(&counts, present, singles, node.col[r], x, merges, p.target);
        // A child whose colour bound exceeds the moves it would have left is cut here,
        // with that bound (the same test as in `dfs`, without visiting it).
        if bound >= left {
            floor = floor.min(bound + 1);
            return false;
        }
        if let Some((sets, merged, around)) = look.as_mut() {
            if bound + 2 > left && node.count - merges as usize > 2 {
                let child = moved_counts(&counts, node.col[r], x, merges);
                sets.merged_by(node, w, r, x, merged);
                if !single_within_one_move_after((node, w), (r, x, merged), &child, p.target, (sets, around)) {
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

/// Whether `node` (its structure: adjacency and colours, whose colour counts are
/// `counts`; its matrix is not read) has a move that [`moves`] would keep without a tap
/// filter: one the partial-order reduction after `after` and the leaf rule do not skip,
/// whose child's colour bound is below `left`. When it has none, every move it would
/// search needs at least `left` more after it, so the node needs `left + 1` in its context.
pub(in crate::solver) fn has_colour_move(
    p: Problem<'_>,
    node: &Node,
    after: Option<(&Node, Last)>,
    counts: &[u32; MAX_COLOURS],
    left: u32,
) -> bool {
    let (present, singles) = colour_summary(counts);
    let mut found = false;
    each_move(p, node, after, None, |merges, r, x| {
        found = child_colour_bound(counts, present, singles, node.col[r], x, merges, p.target) < left;
        found
    });
    found
}

/// Calls `visit(merges, region, colour)` for each candidate move of `node` (see [`moves`])
/// that the partial-order reduction after `after` (the parent and the move from it), the
/// leaf rule and the tap filter `taps` leave, until `visit` returns `true`. Returns whether
/// the partial-order reduction skipped a move, and whether the tap filter left out a
/// region.
pub(in crate::solver) fn each_move(
    p: Problem<'_>,
    node: &Node,
    after: Option<(&Node, Last)>,
    taps: Option<&[u64]>,
    mut visit: impl FnMut(u32, usize, Colour) -> bool,
) -> (bool, bool) {
    let w = p.island.words;
    let swap = after.map(|(parent, l)| Swap::new(parent, node, l));
    let (mut skipped, mut filtered) = (false, false);
    for r in bits(&node.alive) {
        if taps.is_some_and(|taps| taps[r / 64] >> (r % 64) & 1 == 0) {
            filtered = true;
            continue;
        }
        let degree: u32 = node.adj[r * w..(r + 1) * w].iter().map(|a| a.count_ones()).sum();
        if degree == 1 && node.count >= 3 && p.target.is_none() {
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
        let independent = |x: Colour| earlier.is_some_and(|s| !s.keeps(node, w, r, x, p.target.is_some()));
        if let Some(t) = p.target {
            if node.col[r] != t && counts[usize::from(t)] == 0 && p.palette.contains(&t) {
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
