//! The tests that cut a child before it is played, as free functions of the node (and of
//! what they read besides: its tap filter, its colour sets, the scratch buffers, the
//! transposition table): the node's tap filter, the child's bounds read off the parent's
//! distance matrix by the merge rule (pair and radius cuts), its colour look-ahead, its
//! table entries, whether it is a dead end (with the grandchildren cut), and its
//! structure. [`cut_before_playing`] runs them in order.

use super::moves::has_colour_move;
use super::{
    ChildKey, Last, Problem, Table, TapFilter, colour_radius_cut, context_key, in_child, kept_colours, pair_taps,
    radius_taps, radius_test_applies,
};
use crate::solver::bounds::{
    ColourSets, Scratch, colour_bound, moved_counts, open_colours, pair_delta, pair_reaches, set_neighbours,
    single_within_one_move_after,
};
use crate::solver::node::{Island, Node, bits, first_bit, merged_row};
use crate::{Colour, MAX_COLOURS};

/// When the pair filter leaves at most this many regions to tap, the radius filter is
/// skipped (the per-child radius test, exact on its own, handles the few moves left).
pub(in crate::solver) const PAIR_TAPS_ENOUGH: u32 = 30;

/// [`dead_end_cut`] tests each move of a child left with at most this many moves
/// ([`grandchildren_cut`]): below, nearly every child with 5 moves left that passed the
/// other tests had no child of its own that did. Children with 6 left die in more ways
/// (the table, the radius), and testing them costs more than it saves.
pub(in crate::solver) const GRANDCHILD_TEST_LEFT: u32 = 6;

/// The pairs [`dead_end_cut`] tests on whole rows before it lists the regions left (a few
/// cost less than none or all).
const DENSE_PAIRS: usize = 4;

/// Whether `node` is solved: one region left, of the target colour if there is one.
pub(in crate::solver) fn solved(node: &Node, target: Option<Colour>) -> bool {
    node.count == 1 && target.is_none_or(|t| node.col[bits(&node.alive).next().unwrap_or(0)] == t)
}

/// The node's [`ColourSets`] in `sets`, computed unless they are ready.
pub(in crate::solver) fn colour_sets<'s>(p: Problem<'_>, node: &Node, sets: &'s mut ColourSets) -> &'s ColourSets {
    if !sets.ready {
        sets.fill(node, p.island.words, p.target);
    }
    sets
}

/// Builds in `child` the structure (adjacency and colours, not the matrix) of the child of
/// `node` by move `(r, x)`, the merged set in `merged`.
pub(in crate::solver) fn child_structure(
    island: &Island,
    (node, child): (&Node, &mut Node),
    r: usize,
    x: Colour,
    merged: &mut [u64],
) {
    child.copy_structure(node);
    island.apply_structure(child, r, x, merged);
}

/// Computes the tap filter of the node at `depth` (`filters[depth]`, made when first
/// needed): the regions whose tap may leave a child within the moves left, by the radius
/// ([`radius_taps`], when the per-child radius test applies) and by the pair potentials
/// ([`pair_taps`]). Returns whether some alive region is excluded, and whether the radius
/// filter's centre sets are available to the radius test. `scratch.ds` is used as a
/// buffer.
pub(in crate::solver) fn tap_filter(
    p: Problem<'_>,
    node: &Node,
    (filters, depth): (&mut Vec<TapFilter>, usize),
    left: u32,
    scratch: &mut Scratch,
) -> (bool, bool) {
    if let Some(filter) = filters.get_mut(depth) {
        filter.pairs.clear();
        // The centre witnesses and the region keys are found when a child first needs
        // them (`radius_cut`, `dead_end_cut`).
        filter.witnessed = false;
        filter.keyed = false;
    }
    if node.dist.is_empty() || left < 2 {
        return (false, false);
    }
    let (n, w) = (p.island.n, p.island.words);
    if filters.len() <= depth {
        filters.resize_with(depth + 1, || TapFilter { taps: vec![0; w], ..TapFilter::default() });
    }
    let filter = &mut filters[depth];
    let mut pair = node.alive.clone();
    if pair_taps(node, n, left, p.target, &mut filter.keep, &mut filter.pairs, &mut filter.far) {
        for r in bits(&node.alive) {
            if filter.keep[r] == 0 {
                pair[r / 64] &= !(1 << (r % 64));
            }
        }
    }
    let kept: u32 = pair.iter().map(|p| p.count_ones()).sum();
    let mut centred = false;
    if node.radius >= left && kept > PAIR_TAPS_ENOUGH {
        radius_taps(node, n, left - 1, filter, &mut scratch.ds);
        centred = filter.complete;
        for (t, p) in filter.taps.iter_mut().zip(&pair) {
            *t &= p;
        }
    } else {
        filter.taps.copy_from_slice(&pair);
    }
    (filter.taps != node.alive, centred)
}

/// The tests of the child of `node` by move `(r, x)` (colour counts `child`), with the
/// node's tap filter `filter` and colour sets `sets`, in this order: its colour bound
/// `child_bound`, its pair and final-colour potentials (see [`pair_cut`]; a scan of at
/// most [`CRITICAL_PAIRS`](super::parent::CRITICAL_PAIRS) pairs, it cuts most of the children at
/// the nodes with 5–7 moves left), its radius (see [`radius_cut`], which reads a row per
/// candidate centre), with no move to spare over its colour bound its one-move look-ahead
/// (see [`single_after_move`]) when the node has a colour with one region within one move
/// (when it has none, the look-ahead was made as the moves were listed, see
/// [`moves_with`](super::moves_with): the child has such a colour only if the move makes
/// one, and the test cuts most such children), its transposition table entries in `table`,
/// whether it is a dead end (see [`dead_end_cut`]), and when it has at most one move to
/// spare over its colour bound the test of its structure (see [`cut_by_structure`], which
/// builds it in `slot`: last, as most children reaching it pass, and are then played on
/// that structure). `Err` holds the bound a cut child gives its parent (a proven lower
/// bound on the moves from the parent through it); `Ok` the child's [`Last`] and whether
/// its structure is built.
pub(in crate::solver) fn cut_before_playing(
    p: Problem<'_>,
    (node, slot): (&Node, &mut Node),
    (mut filter, sets): (Option<&mut TapFilter>, &mut ColourSets),
    scratch: &mut Scratch,
    table: &mut impl Table,
    (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
    (child_bound, left, centred): (u32, u32, bool),
) -> Result<(Last, bool), u32> {
    if child_bound + 1 > left {
        return Err(child_bound + 1);
    }
    // The merged set's row serves the radius and pair tests, when either runs.
    let pairs = filter.as_ref().is_some_and(|f| !f.pairs.is_empty());
    merged_set(p.island, node, (r, x), radius_test_applies(node, left) || pairs, scratch);
    // The bound tests read the parent's matrix, which is in cache; the table, a
    // random read of a big map, only for the children they leave.
    if pair_cut(node, filter.as_deref(), p.target, (x, child), left, &scratch.ds)
        || radius_cut(p, node, filter.as_deref_mut(), (r, x, child), (left, centred), scratch)
    {
        return Err(left + 1);
    }
    // A child with no move to spare over its colour bound needs one more when it has
    // no colour with one region within one move (the look-ahead). Where the node has
    // none, `moves_with` tested every such child: a child's colour bound is at most
    // the node's number of colours.
    let child_count = node.count + 1 - scratch.set.len();
    let ahead = child_bound + 2 > left && child_count > 2;
    if ahead && colour_sets(p, node, sets).near && !single_after_move(p, (node, sets), (r, x), child, scratch) {
        return Err(child_bound + 2);
    }
    let ChildKey { key, state, tapped, context } = child_key(p.island, node, (r, x));
    let known = table.stored(key);
    if known + 1 > left {
        return Err(known + 1);
    }
    // The child state's context-free entry (`kami/docs/solver.md`, *Context-free entries*).
    let plain = table.stored(state);
    if plain + 1 > left {
        return Err(plain + 1);
    }
    if let Some(any_context) = dead_end_cut(p, (node, filter), (r, x, child), (tapped, left), scratch) {
        // Stored like a searched child's bound, so that the child is not tested again.
        table.store(key, left);
        if any_context {
            table.store(state, left);
        }
        return Err(left + 1);
    }
    // With at most one move to spare over its colour bound, the child's structure is
    // built and tested.
    let last = Last { key: tapped, rep: r, context };
    let tight = child_bound + 2 >= left;
    if tight {
        if let Some(cut) = cut_by_structure(p, (node, slot), (r, x, child), (last, left), &mut scratch.merged) {
            return Err(cut);
        }
    }
    Ok((last, tight))
}

/// The set the move `(r, x)` of `node` merges (`r` and its neighbours of colour `x`),
/// listed in `scratch.set` and as a bitset in `scratch.merged`, for the child tests; with
/// `row`, also its distances to every region in `scratch.ds` (see [`merged_row`]).
pub(in crate::solver) fn merged_set(
    island: &Island,
    node: &Node,
    (r, x): (usize, Colour),
    row: bool,
    scratch: &mut Scratch,
) {
    let w = island.words;
    let (set, merged) = (&mut scratch.set, &mut scratch.merged);
    set.clear();
    set.push(r);
    set.extend(bits(&node.adj[r * w..(r + 1) * w]).filter(|&s| node.col[s] == x));
    merged.fill(0);
    for &s in set.iter() {
        merged[s / 64] |= 1 << (s % 64);
    }
    if row && !node.dist.is_empty() {
        merged_row(&node.dist, island.n, merged, &mut scratch.ds);
    }
}

/// Whether the child of `node` by the move to colour `x` (colour counts `child`) has a
/// pair bound, or without a target a final-colour bound, of at least `left`, by the pairs
/// the node's pair filter `filter` recorded (see [`pair_taps`]), read off the parent's
/// matrix by the merge rule: with `S` the merged set (the tapped region and its neighbours
/// of colour `x`, whose distances `d(S, ·)` are `ds`, see [`merged_set`]), the child's
/// distance is `min(d(u, w), d(u, S) + d(S, w))` and its colours are the parent's but `x`
/// on `S`. Exact for the recorded pairs; pairs not recorded only miss cuts.
pub(in crate::solver) fn pair_cut(
    node: &Node,
    filter: Option<&TapFilter>,
    target: Option<Colour>,
    (x, child): (Colour, &[u32; MAX_COLOURS]),
    left: u32,
    ds: &[u8],
) -> bool {
    let Some(filter) = filter.filter(|f| !f.pairs.is_empty()) else { return false };
    let critical = 2 * left - 1;
    // Without a target: the present colours whose own colour bound stays below `left`
    // (the final-colour bound is at least `left` once each of them meets a pair).
    let mut open = if target.is_none() { open_colours(child, left) } else { 0 };
    filter.pairs.iter().any(|&pair| {
        let (d, cu, cv) = in_child(node, ds, x, pair);
        pair_reaches(target, (u32::from(d), cu, cv), critical, &mut open)
    })
}

/// Whether the child of `node` by move `(r, x)` (colour counts `child`) has a radius above
/// `left - 1`, or a colour-radius bound of at least `left` for every final colour its
/// colour bound leaves open (the target's, with one), read off the parent's matrix (see
/// [`colour_radius_cut`]; the merged set from `scratch.merged` and its row from
/// `scratch.ds`, see [`merged_set`]). With `centred`, the candidate centres are those of
/// the node's tap filter `filter` (see [`TapFilter::centres_of`]); the filter keeps the
/// centre witnesses.
pub(in crate::solver) fn radius_cut(
    p: Problem<'_>,
    node: &Node,
    filter: Option<&mut TapFilter>,
    (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
    (left, centred): (u32, bool),
    scratch: &mut Scratch,
) -> bool {
    if !radius_test_applies(node, left) {
        return false;
    }
    let n = p.island.n;
    let Scratch { merged, centres: buffer, ds, .. } = scratch;
    let centres = match filter.as_deref().filter(|_| centred) {
        Some(f) => {
            f.centres_of(r, n, buffer);
            &buffer[..]
        }
        None => &node.alive[..],
    };
    let open = match p.target {
        Some(t) => 1 << t,
        None => open_colours(child, left),
    };
    let witnesses = filter.map(|f| {
        if !f.witnessed {
            f.witnesses.fill(node, n, left - 1);
            f.witnessed = true;
        }
        &mut f.witnesses
    });
    colour_radius_cut(node, n, (merged, x), left - 1, (centres, open), ds, witnesses)
}

/// Whether the child of `node` by the move to colour `x` (colour counts `child`, the
/// merged set in `scratch.merged`) has a colour other than the target with one region now
/// or after one move (see [`single_within_one_move_after`]), with the node's colour sets
/// `sets` (computed).
pub(in crate::solver) fn single_after_move(
    p: Problem<'_>,
    (node, sets): (&Node, &ColourSets),
    (r, x): (usize, Colour),
    child: &[u32; MAX_COLOURS],
    scratch: &mut Scratch,
) -> bool {
    let Scratch { merged, acc, .. } = scratch;
    single_within_one_move_after((node, p.island.words), (r, x, merged), child, p.target, (sets, acc))
}

/// The transposition table keys of the child of `node` by move `(r, x)` (see
/// [`ChildKey`]).
pub(in crate::solver) fn child_key(island: &Island, node: &Node, (r, x): (usize, Colour)) -> ChildKey {
    let w = island.words;
    let old = usize::from(node.col[r]);
    let mut state = node.hash;
    for i in bits(&node.members[r * w..(r + 1) * w]) {
        let z = &island.zobrist[i * MAX_COLOURS..];
        state ^= z[old] ^ z[usize::from(x)];
    }
    let tapped = first_bit(&node.members[r * w..(r + 1) * w]);
    let context = context_key(node.hash, state);
    ChildKey { key: state ^ context, state, tapped, context }
}

/// Whether the child of `node` by move `(r, x)` (colour counts `child`, tapping the region whose
/// smallest original region is `tapped`) would find no move to search whose own child
/// passes its tests, and whether that holds in any context (`Some(true)`) or only in
/// the child's (`Some(false)`): such a child needs at least `left` more moves, so the
/// move needs `left + 1`.
///
/// First, every region the child may tap fails its pair filter (see [`pair_taps`]) for
/// one of the pairs the node's pair filter `filter` recorded, read off the node's matrix by the
/// merge rule (see [`pair_cut`]). The child's pair filter keeps a region `v` only if, for
/// every pair `u, w` whose child potential is critical (at least `2·(left − 1) − 1`),
/// `d'(u, v) + d'(v, w) ≤ d'(u, w) + 1` (`≤ d'(u, w)` above critical), with the child's
/// distances `d'`; the recorded pairs are some of those pairs, so a region failing one
/// of them fails the child's filter, in any context. Then the partial-order reduction
/// (see [`Swap`](super::Swap)): in the child, with `S` the merged set and `r` its
/// region, a region `v` other than `r` whose smallest original region comes before
/// `tapped` is tapped only if it touches `r`, and then only to the colour `r` had
/// before the move or to `x`: so only regions `v` with a later key or touching `S`
/// (`d(S, v) ≤ 1`) may be tapped in the child's context. With at most
/// [`GRANDCHILD_TEST_LEFT`] moves left, the regions left are tested move by move
/// ([`grandchildren_cut`]; with only those two colours for the regions with an earlier
/// key when the reduction left some region out, as the cut then holds in the child's
/// context only).
pub(in crate::solver) fn dead_end_cut(
    p: Problem<'_>,
    (node, filter): (&Node, Option<&mut TapFilter>),
    (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
    (tapped, left): (usize, u32),
    scratch: &mut Scratch,
) -> Option<bool> {
    if left < 3 {
        // The child, with fewer than 2 moves left, has no pair filter.
        return None;
    }
    let filter = filter.filter(|f| !f.pairs.is_empty())?;
    let (n, w) = (p.island.n, p.island.words);
    if !filter.keyed {
        filter.keys.resize(n, 0);
        for v in bits(&node.alive) {
            filter.keys[v] = first_bit(&node.members[v * w..(v + 1) * w]);
        }
        filter.keyed = true;
    }
    let Scratch { ds, live, dense, .. } = &mut *scratch;
    let ds = &*ds;
    let critical = 2 * left - 3;
    // The recorded pairs critical in the child, with what their test needs: the ends'
    // distances to `S`, the longest path allowed through a kept region, and the ends'
    // rows.
    let mut critical_pairs = filter.pairs.iter().filter_map(|&(u, v, d)| {
        let (d, cu, cv) = in_child(node, ds, x, (u, v, d));
        let phi = u32::from(d) + pair_delta(p.target, cu, cv);
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
    (left <= GRANDCHILD_TEST_LEFT && grandchildren_cut(p, (node, filter), (r, x, child), (left, earlier), scratch))
        .then_some(any_context)
}

/// Whether every move of the child by move `(r, x)` (colour counts `child`) that taps a
/// region of `scratch.live` (with `earlier`, a region touching the merged set whose key
/// comes before `earlier` only to the colours the partial-order reduction keeps, see
/// [`Swap`](super::Swap)) leaves a grandchild whose colour bound, or pair or
/// (without a target) final-colour potential for a pair the node's pair filter
/// recorded, reaches `left − 1`: the grandchild, with `left − 2` moves left, would be
/// cut by its parent's [`pair_cut`] (or colour bound) if that parent recorded the pair.
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
/// Applied to the children with at most [`GRANDCHILD_TEST_LEFT`] moves left, most of
/// which have no child that passes the tests.
pub(in crate::solver) fn grandchildren_cut(
    p: Problem<'_>,
    (node, filter): (&Node, &TapFilter),
    (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
    (left, earlier): (u32, Option<usize>),
    scratch: &mut Scratch,
) -> bool {
    let (n, w) = (p.island.n, p.island.words);
    let Scratch { ds, merged, live, acc: around, grand, .. } = scratch;
    let ds = &*ds;
    let colour = |t: usize| if ds[t] == 0 { x } else { node.col[t] };
    let child_dist = |a: usize, b: usize| node.dist[a * n + b].min(ds[a].saturating_add(ds[b]));
    let critical = 2 * (left - 1) - 1;
    // The recorded pairs that may reach `critical` in a grandchild (`d'' ≤ d'`, and the
    // colour part adds at most one; with a target, up to two), as they are in the child.
    let slack = if p.target.is_some() { 2 } else { 1 };
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
        let mut colours = p.target.map_or(0u64, |t| 1 << t);
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
            if colour_bound(&counts, p.target) + 1 > left - 1 {
                continue;
            }
            let to_merged = |a: usize| {
                let through_s = if holds_s { ds[a] } else { u8::MAX };
                grand.merged.iter().map(|&s| child_dist(a, s)).fold(through_s, u8::min)
            };
            let mut open = if p.target.is_none() { open_colours(&counts, left - 1) } else { 0 };
            let k = grand.pairs.len();
            let cut = (first..k).chain(0..first).find(|&i| {
                let (u, v, d, cu, cv) = grand.pairs[i];
                let (du, dv) = (to_merged(u), to_merged(v));
                let d = d.min(du.saturating_add(dv));
                let (cu, cv) = (if du == 0 { y } else { cu }, if dv == 0 { y } else { cv });
                pair_reaches(p.target, (u32::from(d), cu, cv), critical, &mut open)
            });
            match cut {
                Some(i) => first = i,
                None => return false,
            }
        }
    }
    true
}

/// Builds in `slot` the structure of the child of `node` by move `(r, x)` (colour counts
/// `child`, at most one move to spare over its colour bound within `left − 1`) reached in
/// the context `last` (see [`child_structure`]; the merged set in `merged`), and tests what
/// needs it: `Some(left + 1)` when it has no move keeping its colour bound within
/// `left − 1` (see [`has_colour_move`]; with two moves to spare every move would): it then
/// needs `left` more moves in its context. This cuts about half the nodes with 5 moves
/// left on 5-colour levels, before their matrix is built.
pub(in crate::solver) fn cut_by_structure(
    p: Problem<'_>,
    (node, slot): (&Node, &mut Node),
    (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
    (last, left): (Last, u32),
    merged: &mut [u64],
) -> Option<u32> {
    child_structure(p.island, (node, slot), r, x, merged);
    let no_colour_move = !solved(slot, p.target) && !has_colour_move(p, slot, Some((node, last)), child, left - 1);
    no_colour_move.then_some(left + 1)
}
