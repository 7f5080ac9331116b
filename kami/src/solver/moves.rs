//! Move generation: each region to each colour of its neighbours (and the target), with
//! the partial-order reduction, the leaf rule, the tap filter, the colour bound and, as the
//! moves are listed, the colour look-ahead.

use super::bounds::{child_colour_bound, colour_summary, moved_counts, single_within_one_move_after};
use super::node::{Node, bits, first_bit};
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
        let swap = last.map(|l| Swap::new(&self.stack[depth - 1], node, l));
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
/// tapped region's index in the parent (which the node keeps for the merged region), and
/// `context` the part of the node's table key that names the move (see
/// [`context_key`](super::table::context_key)).
#[derive(Clone, Copy)]
pub(super) struct Last {
    pub(super) key: usize,
    pub(super) rep: usize,
    pub(super) context: u128,
}

/// The colours (a bitset) to which [`Swap`] may keep a move of a region with an earlier
/// key touching the merged region, after a tap of a region of colour `a` into `x`: every
/// other colour is skipped.
pub(super) fn kept_colours(a: Colour, x: Colour) -> u64 {
    1 << a | 1 << x
}

/// The partial-order reduction at a node `C` reached from its parent `P` by the move `l`
/// that tapped region `A` (of colour `a`) and recoloured it to `x`.
///
/// A move `m` of `C` that taps a region `v` with an earlier key than `A`'s is skipped when
/// playing `m` before `l` from `P` reaches `C`'s child by `m` through moves the search of
/// `P` generates: that sequence is searched instead (`P` tries `m`, and `l` after it is
/// not skipped, its key being later). A move only recolours the original regions of the
/// tapped region, so two moves give the same state in either order when each one's region
/// is the same before and after the other. With `v` a region of `C` other than the merged
/// one (so `v` is a region of `P` untouched by `l`) and `m` recolouring it to `y`:
///
/// * `A` is unchanged by `m` unless `v` touches `A` and `y = a` (then they merge), and `v`
///   is unchanged by `l` (it is a region of `C`). So unless `v` touches `A` and `y = a`,
///   both orders give `C`'s child by `m`.
/// * `v` not touching the merged region in `C` touches no region of it in `P`: its
///   neighbours and their colours are the same in both, so `m` is generated in `P` as in
///   `C` (a leaf in one is a leaf in the other, and `C` has at least three regions: `v`, its
///   neighbour and the merged one). `m` merges `v` with regions outside the merged
///   region, so `A` keeps its neighbours of colour `x` and, if it touches the merged set
///   of `m`, has at least two neighbours after it: `l` is still generated. So every move
///   of such a `v` is skipped.
/// * `v` touching the merged region and `y` neither `a` nor `x`: `v`'s neighbours of colour
///   `y` lie outside the merged region (all `x` in `C`), so `m` is generated in `P` as in
///   `C` (a neighbour colour there, or the target absent from both), and `v` has at least
///   two neighbours in `C` (one of colour `y`, and the merged region) so it is no leaf in
///   `P`; `l` is generated after `m` as above. Skipped.
/// * `y = a`: skipped when `v` does not touch `A` in `P` and `a` is present in `C` (then
///   `v` has a neighbour of colour `a` outside the merged region, in `P` too, and the merged
///   set of `m`, all of colour `a`, cannot touch `A` without being part of it).
/// * `y = x`: skipped when `P` generates `m` (`v` has a neighbour of colour `x` in `P` and
///   is no leaf there, or `x` is the target absent from `P`) and `l` after it (`A` keeps a
///   neighbour of colour `x`; it must not become a leaf, that is have every neighbour in
///   the merged set of `m`, while three regions or more are left), read off `P`.
///
/// So the moves kept are those of regions with a later key, of the merged region, and of
/// regions touching it to the colours `a` and `x` (some of those skipped as above). Which
/// moves are skipped depends on `P`, not only on `C`: the table keys a node by its state
/// and `context_key` of the two states.
///
/// The search enumerates exactly the generated sequences with no skipped move, and so
/// finds a shortest one: among the shortest generated solutions (they exist by the
/// neighbour-colour and leaves-last rules), the least by the sequence of keys skips
/// nothing, as a skipped move and the move before it, swapped, would give a generated
/// solution as short with a lesser key sequence.
pub(super) struct Swap<'a> {
    parent: &'a Node,
    pub(super) key: usize,
    pub(super) rep: usize,
    a: Colour,
    x: Colour,
}

impl<'a> Swap<'a> {
    /// The reduction at `node`, reached from `parent` by the move `last`.
    pub(super) fn new(parent: &'a Node, node: &Node, last: Last) -> Self {
        Swap { parent, key: last.key, rep: last.rep, a: parent.col[last.rep], x: node.col[last.rep] }
    }

    /// Whether region `v` of the node touches the merged region.
    pub(super) fn touches(&self, node: &Node, w: usize, v: usize) -> bool {
        node.adj[v * w + self.rep / 64] >> (self.rep % 64) & 1 == 1
    }

    /// Whether the move of region `v` of the node (an earlier key than the last move's,
    /// touching the merged region) to colour `y` is searched (see [`Swap`]); `target`
    /// whether the search has a target colour.
    pub(super) fn keeps(&self, node: &Node, w: usize, v: usize, y: Colour, target: bool) -> bool {
        if kept_colours(self.a, self.x) >> y & 1 == 0 {
            return false;
        }
        let p = self.parent;
        let row = &p.adj[v * w..(v + 1) * w];
        if y == self.a {
            let touches_a = row[self.rep / 64] >> (self.rep % 64) & 1 == 1;
            return touches_a || node.counts[usize::from(y)] == 0;
        }
        // `m` = `v` to `x` from the parent, then `l`.
        let degree: u32 = row.iter().map(|a| a.count_ones()).sum();
        let merged = bits(row).filter(|&s| p.col[s] == y).count();
        // Generated as the target's move (`x` absent from the parent), or to a neighbour
        // colour by a region that is no leaf there.
        let m_generated =
            (target && p.counts[usize::from(y)] == 0) || (merged > 0 && (target || degree >= 2 || p.count < 3));
        if !m_generated {
            return true;
        }
        // `l` after `m`: `A` becomes a leaf when every neighbour of it is `v` or one of
        // `v`'s neighbours of colour `x`.
        let in_m = |s: usize| s == v || (row[s / 64] >> (s % 64) & 1 == 1 && p.col[s] == y);
        let leaf = bits(&p.adj[self.rep * w..(self.rep + 1) * w]).all(in_m);
        leaf && !target && p.count - merged >= 3
    }
}
