//! The tests that cut a child before it is played: its bounds read off the parent's
//! distance matrix by the merge rule, its colour look-ahead, its transposition table
//! entries, whether it is a dead end, and its structure.

use super::bounds::{
    Scratch, colour_bound, moved_counts, open_colours, pair_delta, pair_reaches, set_neighbours,
    single_within_one_move_after,
};
use super::children::{colour_radius_cut, radius_test_applies};
use super::moves::{Last, kept_colours};
use super::node::{Node, bits, first_bit, merged_row};
use super::search::Search;
use super::table::context_key;
use crate::{Colour, MAX_COLOURS};

/// `Search::dead_end_cut` tests each move of a child left with at most this many moves
/// (`Search::grandchildren_cut`): below, nearly every child with 5 moves left that passed
/// the other tests had no child of its own that did (k4-n130 seed 2, refuting 9: 12 765
/// of 12 984). Children with 6 left die in more ways (the table, the radius), and testing
/// them cost more than it saved.
pub(super) const GRANDCHILD_TEST_LEFT: u32 = 6;

/// The pairs `Search::dead_end_cut` tests on whole rows before it lists the regions left
/// (k4-n130 seed 2: one, 3.6% fewer instructions than none; four, 1.3% fewer again; all,
/// 1.4% more than four).
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
        // The child state's context-free entry (module docs, *Context-free entries*).
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
    /// pair filter recorded (see [`pair_taps`](super::children::pair_taps)), read off the parent's matrix by the merge
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
    /// First, every region the child may tap fails its pair filter (see [`pair_taps`](super::children::pair_taps)) for
    /// one of the pairs the node's pair filter recorded, read off the node's matrix by the
    /// merge rule (see `pair_cut`). The child's pair filter keeps a region `v` only if, for
    /// every pair `u, w` whose child potential is critical (at least `2·(left − 1) − 1`),
    /// `d'(u, v) + d'(v, w) ≤ d'(u, w) + 1` (`≤ d'(u, w)` above critical), with the child's
    /// distances `d'`; the recorded pairs are some of those pairs, so a region failing one
    /// of them fails the child's filter, in any context. Then the partial-order reduction
    /// (see [`Swap`](super::moves::Swap)): in the child, with `S` the merged set and `r` its
    /// region, a region `v` other than `r` whose smallest original region comes before
    /// `tapped` is tapped only if it touches `r`, and then only to the colour `r` had
    /// before the move or to `x`: so only regions `v` with a later key or touching `S`
    /// (`d(S, v) ≤ 1`) may be tapped in the child's context. About a third of the nodes
    /// the deep levels expanded had no move left this way. With at most
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
    /// [`Swap`](super::moves::Swap)) leaves a grandchild whose colour bound, or pair or
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
    /// Applied to the children with 5 moves left (`GRANDCHILD_TEST_LEFT`), 98% of which
    /// used to be built only to find every child cut.
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

/// The transposition table keys of a child (see [`Search::child_key`]): `key` is the one
/// `dfs` computes at the child (its state in the context of its move), `state` the state's
/// key alone (its context-free entry), `tapped` the smallest original region of the tapped
/// region and `context` the key's part that names the move (see [`context_key`]; both for
/// the child's [`Last`]).
pub(super) struct ChildKey {
    pub(super) key: u128,
    pub(super) state: u128,
    pub(super) tapped: usize,
    pub(super) context: u128,
}

/// A recorded pair `(u, w, d(u, w))` of the node in its child by a move merging a set `S`
/// into colour `x` (`ds` the distances from `S`): the child's distance
/// `min(d(u, w), d(u, S) + d(S, w))` and the ends' colours (`x` on `S`).
fn in_child(node: &Node, ds: &[u8], x: Colour, (u, w, d): (u16, u16, u8)) -> (u8, Colour, Colour) {
    let (u, w) = (usize::from(u), usize::from(w));
    let colour = |v: usize| if ds[v] == 0 { x } else { node.col[v] };
    (d.min(ds[u].saturating_add(ds[w])), colour(u), colour(w))
}
