//! Tests of the children layer: the read-only radius tests and the tap filters against
//! the children built, the partial-order reduction against the moves of the other order,
//! the cuts of a child against its own bounds, the listing with the look-ahead, and the
//! no-colour-move rule against exhaustive search.

use proptest::prelude::*;

use super::cuts::{dead_end_cut, pair_cut, radius_cut};
use super::moves::has_colour_move;
use super::parent::{CRITICAL_PAIRS, CentreWitnesses};
use super::*;
use crate::solver::bounds::{
    ColourSets, Far, Scratch, bfs_radius, colour_bound, heuristic, lone_far_colours, moved_counts, pair_bound,
    pair_delta, single_within_one_move,
};
use crate::solver::node::{Island, Node, bits, merged_row};
use crate::solver::test_support::{
    big_level_strategy, colour_counts, medium_level_strategy, one_island_strategy, random_play, reachable_islands,
};
use crate::testutil::level_strategy;
use crate::{Colour, Level, MAX_COLOURS, RegionGraph};

proptest! {
    /// The distance matrix kept through moves gives the same radius as breadth-first
    /// search on the merged graph, after every move of random play; the read-only test
    /// `colour_radius_cut` agrees with it (see `colour_radius_cuts_the_child`).
    #[test]
    fn incremental_radius_matches_bfs(level in level_strategy(), taps in proptest::collection::vec((0usize..64, 0usize..8), 0..10)) {
        let graph = RegionGraph::new(&level);
        for regions in graph.islands() {
            let island = Island::new(&graph, regions);
            let mut node = island.root();
            let mut scratch = Scratch::new(&island);
            let mut witnesses = CentreWitnesses::default();
            for &(pick, c) in &taps {
                prop_assert_eq!(bfs_radius(&island, &node, u32::MAX, &mut scratch), node.radius);
                let reps: Vec<usize> = bits(&node.alive).collect();
                let r = reps[pick % reps.len()];
                let x = (c % MAX_COLOURS.min(5)) as Colour;
                if x != node.col[r] {
                    let w = island.words;
                    let mut merged = vec![0u64; w];
                    merged[r / 64] |= 1 << (r % 64);
                    for s in bits(&node.adj[r * w..(r + 1) * w]) {
                        if node.col[s] == x {
                            merged[s / 64] |= 1 << (s % 64);
                        }
                    }
                    let before = node.clone();
                    island.apply(&mut node, r, x, &mut scratch.merged);
                    let n = island.n;
                    for limit in 0..6 {
                        merged_row(&before.dist, n, &merged, &mut scratch.ds);
                        for open in open_masks() {
                            let cut = colour_radius_cut(&before, n, (&merged, x), limit, (&before.alive, open), &scratch.ds, None);
                            prop_assert_eq!(cut, colour_radius_cuts_the_child(&node, n, limit, open));
                        }
                        // The tap filter never drops a tap that brings the radius to
                        // `limit`, and its centres suffice for the exact test.
                        let mut filter = TapFilter { taps: vec![0; w], ..TapFilter::default() };
                        radius_taps(&before, n, limit, &mut filter, &mut scratch.ds);
                        if filter.taps[r / 64] >> (r % 64) & 1 == 0 {
                            prop_assert!(node.radius > limit);
                        }
                        filter.centres_of(r, n, &mut scratch.centres);
                        // `radius_taps` used `ds` as scratch: the merged row again.
                        merged_row(&before.dist, n, &merged, &mut scratch.ds);
                        for open in open_masks() {
                            let cut = colour_radius_cut(&before, n, (&merged, x), limit, (&scratch.centres, open), &scratch.ds, None);
                            prop_assert_eq!(cut, colour_radius_cuts_the_child(&node, n, limit, open));
                            // With the centre witnesses and their order of candidates (for the same limit).
                            witnesses.fill(&before, n, limit);
                            let cut = colour_radius_cut(&before, n, (&merged, x), limit, (&scratch.centres, open), &scratch.ds, Some(&mut witnesses));
                            prop_assert_eq!(cut, colour_radius_cuts_the_child(&node, n, limit, open));
                        }
                    }
                }
            }
        }
    }
}

/// What `colour_radius_cut` must say of a built `child`, for `limit` and the open final
/// colours `open`: its radius exceeds `limit`, or equals it and no colour of `open` is
/// one some centre sees alone at that distance.
fn colour_radius_cuts_the_child(child: &Node, n: usize, limit: u32, open: u64) -> bool {
    child.radius > limit || (child.radius == limit && lone_far_colours(child, n) & open == 0)
}

/// The final colours to test the colour-radius cut with: every colour, and each alone.
fn open_masks() -> impl Iterator<Item = u64> {
    std::iter::once(!0).chain((0..5).map(|c| 1 << c))
}

/// The moves generated at `node` (each region to each neighbour colour, the target's rule
/// and the leaf rule), with no partial-order reduction; sorted.
fn generated(p: Problem<'_>, node: &Node) -> Vec<(usize, Colour)> {
    let mut moves: Vec<(usize, Colour)> =
        super::moves(p, node, None, u32::MAX, None).list.into_iter().map(|(_, r, x)| (r, x)).collect();
    moves.sort_unstable();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The partial-order reduction (see `Swap`), through random play on medium levels,
    /// without a target colour and with one: after a move `l` from a node `P` to `C` (a
    /// few of each node's), every move `m` of `C` the reduction skips taps a region with
    /// an earlier key than `l`'s, is generated at `P`, `l` is generated after it, and the
    /// two orders reach the same state. So the search of `P` reaches the skipped child
    /// through `m` and `l`.
    #[test]
    fn reduction_skips_only_moves_searched_in_the_other_order(level in medium_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..8)) {
        let palette = level.colours_used();
        let some_target = palette[picks.len() % palette.len()];
        random_play(&level, &picks, &[], |island, parent, _| {
            let w = island.words;
            let mut merged = vec![0u64; w];
            let key = |node: &Node, r: usize| bits(&node.members[r * w..(r + 1) * w]).next().unwrap();
            let mut apply = |node: &Node, (r, x): (usize, Colour)| {
                let mut next = node.clone();
                island.apply(&mut next, r, x, &mut merged);
                next
            };
            for target in [None, Some(some_target)] {
                let p = Problem { island, target, palette: &palette };
                let at_parent = generated(p, parent);
                for &(r, x) in at_parent.iter().step_by(1 + at_parent.len() / 6) {
                    let ChildKey { tapped, context, .. } = child_key(island, parent, (r, x));
                    let child = apply(parent, (r, x));
                    let last = Last { key: tapped, rep: r, context };
                    let kept: Vec<(usize, Colour)> = super::moves(p, &child, Some((parent, last)), u32::MAX, None).list.into_iter().map(|(_, v, y)| (v, y)).collect();
                    for m in generated(p, &child) {
                        if kept.contains(&m) {
                            continue;
                        }
                        prop_assert!(key(&child, m.0) < tapped);
                        prop_assert!(at_parent.binary_search(&m).is_ok(), "{:?} skipped after {:?} is not generated at the parent", m, (r, x));
                        let between = apply(parent, m);
                        prop_assert!(generated(p, &between).binary_search(&(r, x)).is_ok());
                        prop_assert_eq!(apply(&between, (r, x)).hash, apply(&child, m).hash);
                    }
                }
            }
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// On bigger levels, through random play: `radius_taps` computes its test as defined,
    /// for every move of the search (each region
    /// to each neighbour colour) and every limit, a tap the filter drops leaves a radius
    /// above the limit, and the radius and colour-radius test with the filter's centres
    /// is exact.
    #[test]
    fn tap_filter_keeps_every_radius_reducing_move(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        random_play(&level, &picks, &[], |island, node, moves| {
            let (n, w) = (island.n, island.words);
            let mut scratch = Scratch::new(island);
            let mut witnesses = CentreWitnesses::default();
            let mut filter = TapFilter { taps: vec![0; w], ..TapFilter::default() };
            for limit in node.radius.saturating_sub(2)..=node.radius {
                radius_taps(node, n, limit, &mut filter, &mut scratch.ds);
                let (centres, ok) = radius_tests_by_definition(node, n, limit);
                prop_assert_eq!(&filter.centres, &centres);
                for (i, r) in (0..centres.len()).flat_map(|i| bits(&node.alive).map(move |r| (i, r))) {
                    prop_assert_eq!(filter.ok[i * n + r], ok[i * n + r]);
                }
                for &(r, x) in moves {
                    let mut child = node.clone();
                    island.apply(&mut child, r, x, &mut scratch.merged);
                    if filter.taps[r / 64] >> (r % 64) & 1 == 0 {
                        prop_assert!(child.radius > limit);
                    }
                    filter.centres_of(r, n, &mut scratch.centres);
                    let merged = scratch.merged.clone();
                    merged_row(&node.dist, n, &merged, &mut scratch.ds);
                    for open in open_masks() {
                        let cut = colour_radius_cut(node, n, (&merged, x), limit, (&scratch.centres, open), &scratch.ds, None);
                        prop_assert_eq!(cut, colour_radius_cuts_the_child(&child, n, limit, open));
                        witnesses.fill(node, n, limit);
                        let cut = colour_radius_cut(node, n, (&merged, x), limit, (&scratch.centres, open), &scratch.ds, Some(&mut witnesses));
                        prop_assert_eq!(cut, colour_radius_cuts_the_child(&child, n, limit, open));
                    }
                }
            }
            Ok(())
        })?;
    }
}

/// The centres and per-tap tests of [`radius_taps`] straight from its definition: the
/// alive regions `u` of eccentricity at most `limit + 2`, and for each alive region `r`,
/// whether `d(u, r) + d(r, v) ≤ limit + 2` for every alive `v` with `d(u, v) > limit`.
fn radius_tests_by_definition(node: &Node, n: usize, limit: u32) -> (Vec<usize>, Vec<u8>) {
    let alive: Vec<usize> = bits(&node.alive).collect();
    let d = |a: usize, b: usize| u32::from(node.dist[a * n + b]);
    let centres: Vec<usize> = alive.iter().copied().filter(|&u| u32::from(node.ecc[u]) <= limit + 2).collect();
    let mut ok = vec![0; centres.len() * n];
    for (i, &u) in centres.iter().enumerate() {
        for &r in &alive {
            let far = alive.iter().filter(|&&v| d(u, v) > limit).map(|&v| d(r, v)).max().unwrap_or(0);
            ok[i * n + r] = u8::from(d(u, r) + far <= limit + 2);
        }
    }
    (centres, ok)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// On bigger levels, through random play, with and without a target colour: a tap
    /// the pair filter drops always leaves a child whose pair bound is at least the
    /// moves left (so the search would cut it). The pairs it records are pairs of the
    /// node at their distance, of potential within 2 of critical, the critical ones first,
    /// and as many of each as there is room for.
    #[test]
    fn pair_filter_keeps_every_move_that_lowers_the_pair_bound(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        let palette = level.colours_used();
        random_play(&level, &picks, &palette, |island, node, moves| {
            let n = island.n;
            let (mut keep, mut merged, mut pairs) = (Vec::new(), vec![0u64; island.words], Vec::new());
            for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                let pb = pair_bound(node, n, target, &mut Far::default());
                for left in pb.max(2) - 1..=pb + 1 {
                    if left < 2 {
                        continue;
                    }
                    let any = pair_taps(node, n, left, target, &mut keep, &mut pairs, &mut Far::default());
                    // The pairs to record, by a plain scan: critical ones, and near ones.
                    let critical = 2 * left - 1;
                    let is_critical = |u: usize, w: usize| {
                        u32::from(node.dist[u * n + w]) + pair_delta(target, node.col[u], node.col[w]) >= critical
                    };
                    let alive: Vec<usize> = bits(&node.alive).collect();
                    let (mut critical_pairs, mut near_pairs) = (0, 0);
                    for (i, &u) in alive.iter().enumerate() {
                        for &w in &alive[i + 1..] {
                            if is_critical(u, w) {
                                critical_pairs += 1;
                            } else if u32::from(node.dist[u * n + w]) + 2 >= critical {
                                near_pairs += 1;
                            }
                        }
                    }
                    prop_assert_eq!(any, critical_pairs > 0);
                    let recorded = pairs.iter().filter(|&&(u, w, _)| is_critical(usize::from(u), usize::from(w))).count();
                    prop_assert_eq!(recorded, critical_pairs.min(CRITICAL_PAIRS));
                    prop_assert_eq!(pairs.len(), (critical_pairs + near_pairs).min(CRITICAL_PAIRS));
                    for (k, &(u, w, d)) in pairs.iter().enumerate() {
                        let (u, w) = (usize::from(u), usize::from(w));
                        prop_assert_eq!(d, node.dist[u * n + w]);
                        prop_assert!(u32::from(d) + 2 >= critical);
                        prop_assert_eq!(is_critical(u, w), k < recorded);
                    }
                    if !any {
                        continue;
                    }
                    for &(r, x) in moves {
                        if keep[r] == 0 {
                            let mut child = node.clone();
                            island.apply(&mut child, r, x, &mut merged);
                            prop_assert!(pair_bound(&child, n, target, &mut Far::default()) >= left);
                        }
                    }
                }
            }
            Ok(())
        })?;
    }
}

proptest! {
    // 12: a case costs about 1 s in the test profile (the tap filter of every child a
    // cut removes, at each number of moves left, at up to 12 nodes of every island); the
    // filters these cuts read are checked on 200 levels each above, and a cut that lost
    // a solution would lose the optimum in the solver's tests against exhaustive search.
    // `child_cuts_only_cut_children_the_bounds_cut_on_many_levels` (ignored) runs 256.
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// On bigger levels, through random play, with and without a target colour: every
    /// child `radius_cut` or `pair_cut` cuts before the move is played has a bound
    /// (radius, colour-radius, pair or, without a target, final-colour) of at least the
    /// moves left, so the search would cut it at its own node; every child `dead_end_cut`
    /// cuts has no move left to search (after its filters and the partial-order reduction).
    #[test]
    fn child_cuts_only_cut_children_the_bounds_cut(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        child_cuts_hold(&level, &picks)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `child_cuts_only_cut_children_the_bounds_cut` on 256 levels (a few minutes):
    /// `cargo test -p kami --lib -- --ignored`.
    #[test]
    #[ignore = "minutes: the exhaustive run of child_cuts_only_cut_children_the_bounds_cut"]
    fn child_cuts_only_cut_children_the_bounds_cut_on_many_levels(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        child_cuts_hold(&level, &picks)?;
    }
}

/// The property of `child_cuts_only_cut_children_the_bounds_cut`, through random play on
/// `level` by `picks`.
fn child_cuts_hold(level: &Level, picks: &[usize]) -> Result<(), TestCaseError> {
    let palette = level.colours_used();
    random_play(level, picks, &palette, |island, node, moves| {
        let w = island.words;
        let mut merged = vec![0u64; w];
        // The colour counts of the child by move `(r, x)`.
        let counts = colour_counts(node);
        let child_counts = |r: usize, x: Colour| {
            let merges = bits(&node.adj[r * w..(r + 1) * w]).filter(|&s| node.col[s] == x).count() as u32;
            moved_counts(&counts, node.col[r], x, merges)
        };
        for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
            let p = Problem { island, target, palette: &palette };
            let (mut filters, mut scratch) = (Vec::new(), Scratch::new(island));
            let h = heuristic(island, node, target, u32::MAX, &mut scratch);
            for left in h.max(2) - 1..=h + 1 {
                if left < 2 {
                    continue;
                }
                let (_, centred) = tap_filter(p, node, (&mut filters, 0), left, &mut scratch);
                for &(r, x) in moves {
                    let child_counts = child_counts(r, x);
                    merged_set(island, node, (r, x), true, &mut scratch);
                    let radius_cut =
                        radius_cut(p, node, filters.get_mut(0), (r, x, &child_counts), (left, centred), &mut scratch);
                    if radius_cut || pair_cut(node, filters.first(), target, (x, &child_counts), left, &scratch.ds) {
                        let mut child = node.clone();
                        island.apply(&mut child, r, x, &mut merged);
                        let mut scratch = Scratch::new(island);
                        prop_assert!(heuristic(island, &child, target, u32::MAX, &mut scratch) >= left);
                    }
                }
            }
            // Every move `dead_end_cut` cuts leaves a child each of whose moves to
            // search (in its context, or in any when it says so) leaves a grandchild
            // needing at least `left − 1` more, at any number of moves left (also
            // below the bound).
            for left in 3..=h + 1 {
                tap_filter(p, node, (&mut filters, 0), left, &mut scratch);
                for &(r, x) in moves {
                    let child_counts = child_counts(r, x);
                    merged_set(island, node, (r, x), true, &mut scratch);
                    let ChildKey { tapped, context, .. } = child_key(island, node, (r, x));
                    let cut = dead_end_cut(
                        p,
                        (node, filters.get_mut(0)),
                        (r, x, &child_counts),
                        (tapped, left),
                        &mut scratch,
                    );
                    let Some(any_context) = cut else {
                        continue;
                    };
                    let mut child = node.clone();
                    island.apply(&mut child, r, x, &mut merged);
                    // The child's own tap filter (its reduction reads its parent, the node).
                    let (mut below, mut below_scratch) = (Vec::new(), Scratch::new(island));
                    let (filter, _) = tap_filter(p, &child, (&mut below, 0), left - 1, &mut below_scratch);
                    let taps = filter.then(|| below[0].taps.clone());
                    let last = Last { key: tapped, rep: r, context };
                    let after = if any_context { None } else { Some((node, last)) };
                    for (_, v, y) in super::moves(p, &child, after, left - 1, taps.as_deref()).list {
                        let mut grandchild = child.clone();
                        island.apply(&mut grandchild, v, y, &mut merged);
                        let mut scratch = Scratch::new(island);
                        prop_assert!(heuristic(island, &grandchild, target, u32::MAX, &mut scratch) >= left - 1);
                    }
                }
            }
        }
        Ok(())
    })
}

proptest! {
    // 200, as the checks of the filters on bigger levels above: a case costs about 15 ms.
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Through random play, with and without a target colour, at a node with no colour
    /// with one region within one move: the moves listed with the look-ahead
    /// (`moves_with`) are those listed without it but the ones whose child has no
    /// move to spare over its colour bound, more than two regions and no such colour
    /// either (tested on the child built), which `ahead_cut` counts and `floor` bounds.
    #[test]
    fn moves_listed_with_the_look_ahead(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        let palette = level.colours_used();
        random_play(&level, &picks, &palette, |island, node, _| {
            let w = island.words;
            let (mut masks, mut merged) = (Vec::new(), vec![0u64; w]);
            for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                let p = Problem { island, target, palette: &palette };
                let mut sets = ColourSets::default();
                if colour_sets(p, node, &mut sets).near {
                    continue;
                }
                let bound = colour_bound(&node.counts, target);
                for left in bound.max(1)..=bound + 2 {
                    let plain = super::moves(p, node, None, left, None);
                    let (mut a, mut b) = (vec![0u64; w], vec![0u64; w]);
                    let listed = moves_with(p, node, None, left, None, Some((&sets, &mut a, &mut b)));
                    let (mut kept, mut floor, mut cut) = (Vec::new(), plain.floor, 0);
                    for &(merges, r, x) in &plain.list {
                        let mut child = node.clone();
                        island.apply(&mut child, r, x, &mut merged);
                        let child_bound = colour_bound(&child.counts, target);
                        let tested = child_bound + 2 > left && child.count > 2;
                        if tested && !single_within_one_move(island, &child, &child.counts, target, &mut masks) {
                            floor = floor.min(child_bound + 2);
                            cut += 1;
                        } else {
                            kept.push((merges, r, x));
                        }
                    }
                    prop_assert_eq!(&listed.list, &kept);
                    prop_assert_eq!(listed.ahead_cut, cut);
                    prop_assert_eq!(listed.floor, floor);
                    prop_assert_eq!(listed.skipped, plain.skipped);
                }
            }
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// When a state has no move whose child's colour bound is below `left` (the leaf rule
    /// applied, no partial-order context), it needs at least `left + 1` moves: checked
    /// against exhaustive search on every state reachable from small one-island levels,
    /// with and without a target colour, for every `left` below the exact distance.
    #[test]
    fn no_colour_move_means_one_more_move(level in one_island_strategy()) {
        let palette = level.colours_used();
        for (here, island, exact) in reachable_islands(&level, 8, 60) {
            for (target, exact) in exact {
                let p = Problem { island: &island, target, palette: &palette };
                let root = island.root();
                if solved(&root, target) {
                    continue;
                }
                for left in 1..=exact as u32 {
                    let has = has_colour_move(p, &root, None, &colour_counts(&root), left);
                    prop_assert!(has || exact as u32 > left, "no colour move within {} but exact {} for target {:?} on\n{}", left, exact, target, here);
                }
            }
        }
    }
}
