//! Breadth-first search, flood fill and connected components.
//!
//! [`bfs`] and [`bfs_reach`] are generic over any node type and a successor closure, in the
//! style of the `pathfinding` crate. [`flood_fill`] and [`components`] work on the cell
//! indices of a [`Topology`] without hashing.

use std::collections::VecDeque;
use std::hash::Hash;

use rustc_hash::FxHashSet;

use crate::Topology;

/// A shortest path (fewest edges) from `start` to the first node satisfying `success`,
/// both ends included, or `None` when no such node is reachable.
///
/// Successors are explored in the order `successors` yields them, so among several
/// shortest paths the result is deterministic.
///
/// ```
/// // Reach 11 from 1 with steps "+1" and "*3".
/// let path = engine::bfs(&1u32, |&n| [n + 1, n * 3], |&n| n == 11).unwrap();
/// assert_eq!(path, vec![1, 3, 9, 10, 11]);
/// assert_eq!(engine::bfs(&1u32, |&n| [n * 2].into_iter().filter(|&m| m < 100), |&n| n == 3), None);
/// ```
pub fn bfs<N, FN, IN, FS>(start: &N, mut successors: FN, mut success: FS) -> Option<Vec<N>>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    // `nodes[i]` is the i-th discovered node, `parents[i]` the index of its predecessor.
    let mut nodes = vec![start.clone()];
    let mut parents = vec![usize::MAX];
    let mut seen: FxHashSet<N> = FxHashSet::default();
    seen.insert(start.clone());
    let mut head = 0;
    let mut found = success(start).then_some(0);
    while found.is_none() && head < nodes.len() {
        let current = nodes[head].clone();
        for next in successors(&current) {
            if seen.insert(next.clone()) {
                let done = success(&next);
                nodes.push(next);
                parents.push(head);
                if done {
                    found = Some(nodes.len() - 1);
                    break;
                }
            }
        }
        head += 1;
    }
    let mut i = found?;
    let mut path = Vec::new();
    while i != usize::MAX {
        path.push(nodes[i].clone());
        i = parents[i];
    }
    path.reverse();
    Some(path)
}

/// Every node reachable from `start` with its distance (fewest edges), in BFS order.
///
/// ```
/// let reach = engine::bfs_reach(&0i32, |&n| [n - 1, n + 1].into_iter().filter(|m| m.abs() <= 2));
/// assert_eq!(reach, vec![(0, 0), (-1, 1), (1, 1), (-2, 2), (2, 2)]);
/// ```
pub fn bfs_reach<N, FN, IN>(start: &N, mut successors: FN) -> Vec<(N, usize)>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    let mut out = vec![(start.clone(), 0)];
    let mut seen: FxHashSet<N> = FxHashSet::default();
    seen.insert(start.clone());
    let mut head = 0;
    while head < out.len() {
        let (current, d) = out[head].clone();
        for next in successors(&current) {
            if seen.insert(next.clone()) {
                out.push((next, d + 1));
            }
        }
        head += 1;
    }
    out
}

/// The cells reachable from `start` through cells for which `include` holds, in BFS order
/// (the order a "blooming" fill animation shows them). Empty when `start` itself is not
/// included. Neighbours are visited in the topology's order.
///
/// ```
/// use engine::{flood_fill, Grid, SquareGrid};
/// let g = Grid::from_vec(3, 2, vec![1, 1, 2, 2, 1, 1]).unwrap();
/// let t = SquareGrid::new(3, 2);
/// assert_eq!(flood_fill(&t, 0, |i| g[i] == 1), vec![0, 1, 4, 5]);
/// assert!(flood_fill(&t, 2, |i| g[i] == 1).is_empty());
/// ```
pub fn flood_fill<T: Topology + ?Sized>(
    topology: &T,
    start: usize,
    mut include: impl FnMut(usize) -> bool,
) -> Vec<usize> {
    if !include(start) {
        return Vec::new();
    }
    let mut seen = vec![false; topology.cell_count()];
    seen[start] = true;
    let mut out = vec![start];
    let mut head = 0;
    while head < out.len() {
        for n in topology.neighbours(out[head]) {
            if !seen[n] {
                seen[n] = true;
                if include(n) {
                    out.push(n);
                }
            }
        }
        head += 1;
    }
    out
}

/// Shortest distances (in edges) from `start` to every cell through cells for which
/// `passable` holds (`start` always counts), `None` where unreachable.
///
/// ```
/// use engine::{distances, SquareGrid};
/// let t = SquareGrid::new(3, 1);
/// assert_eq!(distances(&t, 0, |i| i != 1), vec![Some(0), None, None]);
/// assert_eq!(distances(&t, 0, |_| true), vec![Some(0), Some(1), Some(2)]);
/// ```
pub fn distances<T: Topology + ?Sized>(
    topology: &T,
    start: usize,
    mut passable: impl FnMut(usize) -> bool,
) -> Vec<Option<u32>> {
    let mut dist = vec![None; topology.cell_count()];
    dist[start] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        let d = dist[cell].unwrap_or(0);
        for n in topology.neighbours(cell) {
            if dist[n].is_none() && passable(n) {
                dist[n] = Some(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Connected components of a labelled topology.
///
/// ```
/// use engine::{components, SquareGrid};
/// let colours = [0, 0, 1, 1, 0, 0];
/// let c = components(&SquareGrid::new(3, 2), |i| Some(colours[i]));
/// assert_eq!(c.count, 3);
/// assert_eq!(c.labels, vec![Some(0), Some(0), Some(1), Some(2), Some(0), Some(0)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    /// Component number of each cell (`0..count`, numbered in order of their first cell),
    /// `None` for cells that take part in no component.
    pub labels: Vec<Option<u32>>,
    /// Number of components.
    pub count: usize,
}

impl Components {
    /// The cells of each component, each list in increasing index order.
    ///
    /// ```
    /// use engine::{components, SquareGrid};
    /// let c = components(&SquareGrid::new(3, 1), |i| Some(i == 1));
    /// assert_eq!(c.members(), vec![vec![0], vec![1], vec![2]]);
    /// ```
    #[must_use]
    pub fn members(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.count];
        for (cell, label) in self.labels.iter().enumerate() {
            if let Some(l) = label {
                out[*l as usize].push(cell);
            }
        }
        out
    }
}

/// Labels the connected components of cells with equal keys: two neighbouring cells are
/// in one component when `key` gives both the same `Some` value. Cells with key `None`
/// (holes, walls) get no label. Components are numbered in order of their smallest cell.
///
/// ```
/// use engine::{components, TriangleGrid};
/// // Two columns of triangles: (0,0) and (0,1) do not touch, (0,0) and (1,0) do.
/// let t = TriangleGrid::new(2, 2);
/// let c = components(&t, |i| Some(i % 2));
/// assert_eq!(c.count, 2);
/// ```
pub fn components<T, K>(topology: &T, mut key: impl FnMut(usize) -> Option<K>) -> Components
where
    T: Topology + ?Sized,
    K: PartialEq,
{
    let n = topology.cell_count();
    let keys: Vec<Option<K>> = (0..n).map(&mut key).collect();
    let mut labels = vec![None; n];
    let mut count = 0;
    let mut stack = Vec::new();
    for start in 0..n {
        if labels[start].is_some() || keys[start].is_none() {
            continue;
        }
        let label = Some(count as u32);
        labels[start] = label;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            for nb in topology.neighbours(cell) {
                if labels[nb].is_none() && keys[nb] == keys[start] {
                    labels[nb] = label;
                    stack.push(nb);
                }
            }
        }
        count += 1;
    }
    Components { labels, count }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Coord, SquareGrid};

    #[test]
    fn bfs_start_is_goal() {
        assert_eq!(bfs(&5, |&n| [n + 1], |&n| n == 5), Some(vec![5]));
    }

    #[test]
    fn bfs_finds_shortest_grid_path_around_a_wall() {
        // 3x3 with a wall in the middle column except the bottom cell.
        let t = SquareGrid::new(3, 3);
        let wall = |c: Coord| c.x == 1 && c.y < 2;
        let from = Coord::new(0, 0);
        let to = Coord::new(2, 0);
        let path = bfs(
            &from,
            |&c| {
                Coord::ORTHOGONAL
                    .iter()
                    .map(move |&d| c + d)
                    .filter(|&n| t.index(n).is_some() && !wall(n))
                    .collect::<Vec<_>>()
            },
            |&c| c == to,
        )
        .unwrap();
        assert_eq!(path.len(), 7);
        assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1));
    }

    #[test]
    fn components_skip_unlabelled_cells() {
        let t = SquareGrid::new(3, 1);
        let c = components(&t, |i| (i != 1).then_some(0));
        assert_eq!(c.count, 2);
        assert_eq!(c.labels[1], None);
    }
}
