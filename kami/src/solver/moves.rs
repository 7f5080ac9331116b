//! Move generation: each region to each colour of its neighbours (and the target), with
//! the partial-order reduction, the leaf rule, the tap filter, the colour bound and, as the
//! moves are listed, the colour look-ahead.

use super::bounds::{child_colour_bound, colour_summary, moved_counts, single_within_one_move_after};
use super::island::{bits, first_bit};
use super::search::Search;
use crate::{Colour, MAX_COLOURS};

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
    /// [`ColourSets`](super::bounds::ColourSets) computed), also without the moves whose child has no move to spare
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
        let has = |r: usize, bit: usize| node.adj[r * w + bit / 64] >> (bit % 64) & 1 == 1;
        let (mut skipped, mut filtered) = (false, false);
        for r in bits(&node.alive) {
            if taps.is_some_and(|taps| taps[r / 64] >> (r % 64) & 1 == 0) {
                filtered = true;
                continue;
            }
            let degree: u32 = node.adj[r * w..(r + 1) * w].iter().map(|a| a.count_ones()).sum();
            if degree == 1 && node.count >= 3 && self.target.is_none() {
                // A leaf region is never tapped before the last move (module docs).
                continue;
            }
            // The neighbours of each colour, and the colours present among them (a bitset).
            let mut counts = [0u32; MAX_COLOURS];
            let mut seen = 0u64;
            for s in bits(&node.adj[r * w..(r + 1) * w]) {
                counts[usize::from(node.col[s])] += 1;
                seen |= 1 << node.col[s];
            }
            // Independence of (r, x) from the last move: r's region comes earlier in the
            // canonical order, is not the last merged region, and neither it nor its `x`
            // neighbours touch that region.
            let may_skip = last
                .is_some_and(|l| first_bit(&node.members[r * w..(r + 1) * w]) < l.key && r != l.rep && !has(r, l.rep));
            // The colours of r's neighbours that touch the last merged region (adjacency is
            // symmetric: they are r's neighbours in that region's row).
            let touching = match last {
                Some(l) if may_skip => {
                    let (row, rep) = (&node.adj[r * w..(r + 1) * w], &node.adj[l.rep * w..(l.rep + 1) * w]);
                    let touches = |s: &usize| rep[s / 64] >> (s % 64) & 1 == 1;
                    bits(row).filter(touches).fold(0u64, |colours, s| colours | 1 << node.col[s])
                }
                _ => 0,
            };
            let independent = |x: Colour| may_skip && touching >> x & 1 == 0;
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

/// The candidate moves of a node (see [`Search::moves`]).
pub(super) struct Moves {
    /// `(merges, region, colour)`, in search order.
    pub(super) list: Vec<(u32, usize, Colour)>,
    /// A lower bound on the moves after each child left out by the tap filter, plus one
    /// (`u32::MAX` if none was).
    pub(super) floor: u32,
    /// Whether the partial-order reduction left out some move.
    pub(super) skipped: bool,
    /// The moves left out by the look-ahead (see [`Search::moves_with`]).
    pub(super) ahead_cut: u32,
}

/// The move that led to a search node, for the partial-order reduction: `key` is the
/// smallest original region of the tapped region (the canonical order of moves), `rep` the
/// node's representative of the merged region, `merged` its smallest original region.
#[derive(Clone, Copy)]
pub(super) struct Last {
    pub(super) key: usize,
    pub(super) rep: usize,
    pub(super) merged: usize,
}
