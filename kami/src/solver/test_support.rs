//! Helpers shared by the solver's unit tests (test builds only): random levels of the
//! sizes the tests need, random play on a level's islands, every move of a node, the
//! colour counts of a node by definition, and brute force (the exact distance of a level
//! by breadth-first search, the states reachable from a level). Built on `node` only, so
//! that the tests of every layer above it may use it.

use proptest::prelude::*;

use super::node::{Island, Node, bits};
use crate::{Colour, Level, MAX_COLOURS, RegionGraph, State};

/// The number of regions of each colour in `node`, counted by definition (the search
/// keeps them in [`Node::counts`], which `Island::apply_structure` keeps up to date; the
/// tests check one against the other).
pub(super) fn colour_counts(node: &Node) -> [u32; MAX_COLOURS] {
    let mut counts = [0u32; MAX_COLOURS];
    for r in bits(&node.alive) {
        counts[usize::from(node.col[r])] += 1;
    }
    counts
}

/// Random levels of 16 to 80 triangles with 3 or 4 colours and a few holes.
pub(super) fn medium_level_strategy() -> impl Strategy<Value = Level> {
    (4usize..11, 4usize..9, 3u8..5).prop_flat_map(|(rows, cols, k)| {
        proptest::collection::vec((0u8..k, 0u32..20), rows * cols).prop_filter_map("no triangles", move |cells| {
            let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h > 0).then_some(c)).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}

/// Random levels bigger than `level_strategy`'s (radius up to about 8), with holes.
pub(super) fn big_level_strategy() -> impl Strategy<Value = Level> {
    (4usize..14, 4usize..11, 2u8..6).prop_flat_map(|(rows, cols, k)| {
        proptest::collection::vec((0u8..k, 0u32..20), rows * cols).prop_filter_map("no triangles", move |cells| {
            let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h > 0).then_some(c)).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}

/// Random small levels without holes (one island): 2-4 rows, 3-6 columns, 2-4 colours.
pub(super) fn one_island_strategy() -> impl Strategy<Value = Level> {
    (2usize..5, 3usize..7, 2u8..5).prop_flat_map(|(rows, cols, k)| {
        proptest::collection::vec(0u8..k, rows * cols).prop_filter_map("not a level", move |cells| {
            let cells = cells.into_iter().map(Some).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}

/// Every move of the search at `node` (`w` words a bitset): each alive region to each
/// colour of its neighbours, and to every colour of `extra` other than its own.
pub(super) fn every_move(node: &Node, w: usize, extra: &[Colour]) -> Vec<(usize, Colour)> {
    let mut moves = Vec::new();
    for r in bits(&node.alive) {
        let mut colours: Vec<Colour> = bits(&node.adj[r * w..(r + 1) * w]).map(|s| node.col[s]).collect();
        colours.extend(extra.iter().copied().filter(|&c| c != node.col[r]));
        colours.sort_unstable();
        colours.dedup();
        moves.extend(colours.into_iter().map(|x| (r, x)));
    }
    moves
}

/// Random play on every island of `level`: `check` sees each state reached (the root
/// first) with its moves (`every_move` with `extra`), then the move `picks[i] % moves`
/// is played, until the island is one region or the picks run out.
pub(super) fn random_play(
    level: &Level,
    picks: &[usize],
    extra: &[Colour],
    mut check: impl FnMut(&Island, &Node, &[(usize, Colour)]) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let graph = RegionGraph::new(level);
    for regions in graph.islands() {
        let island = Island::new(&graph, regions);
        let mut node = island.root();
        let mut merged = vec![0u64; island.words];
        for &pick in picks {
            if node.count == 1 {
                break;
            }
            prop_assert_eq!(node.counts, colour_counts(&node));
            let moves = every_move(&node, island.words, extra);
            check(&island, &node, &moves)?;
            let (r, x) = moves[pick % moves.len()];
            island.apply(&mut node, r, x, &mut merged);
        }
    }
    Ok(())
}

/// The exact number of moves from `level` to one region (of colour `target` if given),
/// by breadth-first search over every region and every colour of `palette`.
pub(super) fn exact_distance(level: &Level, palette: &[Colour], target: Option<Colour>) -> Option<usize> {
    let graph = RegionGraph::new(level);
    let mut seen = 0usize;
    let path = engine::bfs(
        &graph.initial_state(),
        |state: &State| {
            seen += 1;
            let mut next = Vec::new();
            if seen > 3_000 {
                return next;
            }
            for r in 0..graph.len() {
                for &c in palette {
                    let mut s = state.clone();
                    if !graph.apply(&mut s, r, c).is_empty() {
                        next.push(s);
                    }
                }
            }
            next
        },
        |state| graph.is_solved(state) && target.is_none_or(|t| state.colours[0] == t),
    )?;
    Some(path.len() - 1)
}

/// The states reachable from the start of `graph` by moves to colours of `palette`, in
/// breadth-first order, the start first; the search stops adding once it has `limit`.
pub(super) fn reachable_states(graph: &RegionGraph, palette: &[Colour], limit: usize) -> Vec<State> {
    let mut states = vec![graph.initial_state()];
    let mut known: rustc_hash::FxHashSet<State> = states.iter().cloned().collect();
    let mut head = 0;
    while head < states.len() && states.len() < limit {
        let state = states[head].clone();
        head += 1;
        for r in 0..graph.len() {
            for &c in palette {
                let mut s = state.clone();
                if !graph.apply(&mut s, r, c).is_empty() && known.insert(s.clone()) {
                    states.push(s);
                }
            }
        }
    }
    states
}

/// A reachable state (see [`reachable_islands`]): its level, its island, and the exact
/// distance for each target that exhaustive search settles.
pub(super) type Reached = (Level, Island, Vec<(Option<Colour>, usize)>);

/// For a one-island level of at most `regions` regions (else nothing): up to `limit`
/// states reachable from it (see `reachable_states`), each as a level, its island, and
/// the exact distance of each target (`None`, then each colour used) that exhaustive
/// search settles.
pub(super) fn reachable_islands(level: &Level, regions: usize, limit: usize) -> Vec<Reached> {
    let graph = RegionGraph::new(level);
    if graph.islands().len() != 1 || graph.len() > regions {
        return Vec::new();
    }
    let palette = level.colours_used();
    let targets: Vec<Option<Colour>> = std::iter::once(None).chain(palette.iter().map(|&c| Some(c))).collect();
    reachable_states(&graph, &palette, limit)
        .iter()
        .map(|state| {
            let here = graph.level_of(level, state);
            let sub = RegionGraph::new(&here);
            let island = Island::new(&sub, &sub.islands()[0]);
            let exact = targets.iter().filter_map(|&t| Some((t, exact_distance(&here, &palette, t)?))).collect();
            (here, island, exact)
        })
        .collect()
}
