//! Slow solvers, kept to check and to compare: exhaustive breadth-first search (the
//! tests' optimum for tiny levels) and the seed's best-first search (the benches'
//! reference, which is not optimal).

use crate::{Level, Move, RegionGraph, State};

/// The optimum by exhaustive breadth-first search, trying every region with every colour of
/// the level: the obviously-correct reference for tiny levels. States are region-graph
/// states (whose moves are checked against flood fill on the triangles in property tests).
/// `None` when more than `max_states` states would be expanded.
///
/// ```
/// let level: kami::Level = "012\n120\n".parse().unwrap();
/// let moves = kami::solver::bfs_optimum(&level, 100_000).unwrap();
/// assert_eq!(moves.len(), kami::solver::optimal(&level).unwrap().len());
/// ```
#[must_use]
pub fn bfs_optimum(level: &Level, max_states: usize) -> Option<Vec<Move>> {
    let graph = RegionGraph::new(level);
    let colours = level.colours_used();
    let mut expanded = 0usize;
    let path = engine::bfs(
        &graph.initial_state(),
        |state: &State| {
            expanded += 1;
            let mut next = Vec::new();
            if expanded > max_states {
                return next;
            }
            // Tapping any original region of a current region has the same effect.
            let mut covered = vec![false; graph.len()];
            for r in 0..graph.len() {
                if covered[r] {
                    continue;
                }
                for g in graph.current_region(state, r) {
                    covered[g] = true;
                }
                for &c in &colours {
                    let mut s = state.clone();
                    if !graph.apply(&mut s, r, c).is_empty() {
                        next.push(s);
                    }
                }
            }
            next
        },
        |state| graph.is_solved(state),
    )?;
    let moves = path
        .windows(2)
        .map(|w| {
            let r = (0..graph.len()).find(|&r| w[0].colours[r] != w[1].colours[r]).unwrap_or(0);
            graph.tap(r, w[1].colours[r])
        })
        .collect();
    Some(moves)
}

/// The seed article's greedy best-first search, kept as the benchmarks' `reference`.
///
/// It is **not optimal**: states are taken in order of `(regions at the start − regions
/// removed by the last move) + depth`, the first solved state taken wins, and a state seen
/// once is never improved; moves that remove no region are skipped. It also assumes one
/// island (all islands must become one region, so levels with holes that split them are
/// not solved: `None`). `None` as well after `max_states` expanded states.
///
/// ```
/// let level: kami::Level = "0120\n1201\n2012\n".parse().unwrap();
/// let moves = kami::solver::reference_best_first(&level, 100_000).unwrap();
/// assert!(kami::game::is_solved(&kami::game::replay(&level, &moves).unwrap()));
/// assert!(moves.len() >= kami::solver::optimal(&level).unwrap().len());
/// ```
#[must_use]
pub fn reference_best_first(level: &Level, max_states: usize) -> Option<Vec<Move>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    let graph = RegionGraph::new(level);
    let colours = level.colours_used();
    let start = graph.initial_state();
    let original = graph.current_regions(&start).len();
    // Nodes: (state, parent, move); the heap orders by (heuristic, insertion order).
    let mut nodes: Vec<(State, usize, Option<Move>, usize)> = vec![(start.clone(), usize::MAX, None, 0)];
    let mut heap = BinaryHeap::from([Reverse((original, 0usize))]);
    let mut visited = rustc_hash::FxHashSet::default();
    visited.insert(start);
    let mut expanded = 0;
    while let Some(Reverse((_, id))) = heap.pop() {
        let (state, _, _, depth) = nodes[id].clone();
        let regions = graph.current_regions(&state);
        if regions.len() == 1 {
            let mut moves = Vec::new();
            let mut at = id;
            while let Some(mv) = nodes[at].2 {
                moves.push(mv);
                at = nodes[at].1;
            }
            moves.reverse();
            return Some(moves);
        }
        expanded += 1;
        if expanded > max_states {
            return None;
        }
        for region in &regions {
            let r = region[0];
            for &c in &colours {
                let mut next = state.clone();
                if graph.apply(&mut next, r, c).is_empty() {
                    continue;
                }
                let removed = regions.len() - graph.current_regions(&next).len();
                if removed > 0 && visited.insert(next.clone()) {
                    let h = original - removed + depth + 1;
                    nodes.push((next, id, Some(graph.tap(r, c)), depth + 1));
                    heap.push(Reverse((h, nodes.len() - 1)));
                }
            }
        }
    }
    None
}
