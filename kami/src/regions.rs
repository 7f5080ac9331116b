//! The region graph: a level contracted into its colour regions ("colour shapes"), with
//! adjacency, islands, and moves played on the graph directly.
//!
//! Regions never split: a move recolours a whole current region, which then merges with its
//! neighbours of the new colour. So every state reachable from the start is a union of
//! *original* regions, and the colour of every original region identifies the state: that
//! vector is the canonical [`State`] key.

use engine::{Topology, components};

use crate::{Colour, Level, Move};

/// A state of play on the region graph: the colour of every original region.
///
/// ```
/// let level: kami::Level = "0011\n".parse().unwrap();
/// let graph = kami::RegionGraph::new(&level);
/// assert_eq!(graph.initial_state().colours, vec![0, 0, 1, 1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct State {
    /// Colour of each original region, indexed by region number.
    pub colours: Vec<Colour>,
}

/// The colour regions of a level and how they touch.
///
/// Regions are numbered in order of their first triangle (row-major). Islands are the
/// groups of regions connected through triangles (holes separate them), numbered the same
/// way.
///
/// ```
/// let level: kami::Level = "# two islands\n01.1\n01.0\n".parse().unwrap();
/// let graph = kami::RegionGraph::new(&level);
/// assert_eq!(graph.len(), 4);
/// assert_eq!(graph.islands(), &[vec![0, 1], vec![2, 3]]);
/// assert_eq!(graph.region_at(1, 0), Some(0)); // (0,0) and (1,0) touch
/// assert_eq!(graph.neighbours(0), &[1]); // (1,0) points left and touches (1,1)
/// ```
#[derive(Clone, Debug)]
pub struct RegionGraph {
    cols: usize,
    labels: Vec<Option<u32>>,
    cells: Vec<Vec<usize>>,
    colours: Vec<Colour>,
    adjacency: Vec<Vec<u32>>,
    islands: Vec<Vec<u32>>,
    island_of: Vec<u32>,
}

impl RegionGraph {
    /// Contracts `level` into its regions.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"000\n".parse().unwrap());
    /// // (0,0) and (0,1) touch tip to tip only; (0,1) and (0,2) share a side.
    /// assert_eq!(graph.len(), 2);
    /// ```
    #[must_use]
    pub fn new(level: &Level) -> Self {
        let topology = level.topology();
        let cell_colours = level.cells().cells();
        let comps = components(&topology, |i| cell_colours[i]);
        let labels = comps.labels.clone();
        let cells = comps.members();
        let colours: Vec<Colour> = cells.iter().map(|c| cell_colours[c[0]].unwrap_or(0)).collect();
        let mut adjacency = vec![Vec::new(); cells.len()];
        for (cell, label) in labels.iter().enumerate() {
            let Some(a) = *label else { continue };
            for n in topology.neighbours(cell) {
                if let Some(b) = labels[n].filter(|&b| b != a) {
                    adjacency[a as usize].push(b);
                }
            }
        }
        for list in &mut adjacency {
            list.sort_unstable();
            list.dedup();
        }
        let land = components(&topology, |i| cell_colours[i].map(|_| ()));
        let mut islands: Vec<Vec<u32>> = vec![Vec::new(); land.count];
        let mut island_of = vec![0; cells.len()];
        for (r, region_cells) in cells.iter().enumerate() {
            let island = land.labels[region_cells[0]].unwrap_or(0);
            island_of[r] = island;
            islands[island as usize].push(r as u32);
        }
        RegionGraph { cols: level.cols(), labels, cells, colours, adjacency, islands, island_of }
    }

    /// Number of regions.
    ///
    /// ```
    /// assert_eq!(kami::RegionGraph::new(&"01\n10\n".parse().unwrap()).len(), 4);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are no regions (never true for a parsed level).
    ///
    /// ```
    /// assert!(!kami::RegionGraph::new(&"0".parse().unwrap()).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The region of triangle `(row, col)`, `None` for a hole or outside.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"0.1\n".parse().unwrap());
    /// assert_eq!(graph.region_at(0, 2), Some(1));
    /// assert_eq!(graph.region_at(0, 1), None);
    /// assert_eq!(graph.region_at(3, 0), None);
    /// ```
    #[must_use]
    pub fn region_at(&self, row: usize, col: usize) -> Option<usize> {
        if col >= self.cols {
            return None;
        }
        self.labels.get(row * self.cols + col).copied().flatten().map(|r| r as usize)
    }

    /// The cells (row-major indices, ascending) of region `r`.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"01\n01\n".parse().unwrap());
    /// assert_eq!(graph.cells(0), &[0, 2]);
    /// ```
    #[must_use]
    pub fn cells(&self, r: usize) -> &[usize] {
        &self.cells[r]
    }

    /// The starting colour of region `r`.
    ///
    /// ```
    /// assert_eq!(kami::RegionGraph::new(&"0z".parse().unwrap()).colour(1), 35);
    /// ```
    #[must_use]
    pub fn colour(&self, r: usize) -> Colour {
        self.colours[r]
    }

    /// The regions touching region `r`, ascending.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"0101\n".parse().unwrap());
    /// assert_eq!(graph.neighbours(1), &[2]); // (0,1) points left: its side neighbour is (0,2)
    /// ```
    #[must_use]
    pub fn neighbours(&self, r: usize) -> &[u32] {
        &self.adjacency[r]
    }

    /// The islands: each a list of regions, ascending.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"0.0\n".parse().unwrap());
    /// assert_eq!(graph.islands(), &[vec![0], vec![1]]);
    /// ```
    #[must_use]
    pub fn islands(&self) -> &[Vec<u32>] {
        &self.islands
    }

    /// The island of region `r`.
    ///
    /// ```
    /// assert_eq!(kami::RegionGraph::new(&"0.0\n".parse().unwrap()).island_of(1), 1);
    /// ```
    #[must_use]
    pub fn island_of(&self, r: usize) -> usize {
        self.island_of[r] as usize
    }

    /// A move tapping region `r`'s first triangle with `colour`.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"01\n01\n".parse().unwrap());
    /// assert_eq!(graph.tap(1, 0), kami::Move::new(0, 1, 0));
    /// ```
    #[must_use]
    pub fn tap(&self, r: usize, colour: Colour) -> Move {
        let cell = self.cells[r][0];
        Move::new(cell / self.cols, cell % self.cols, colour)
    }

    /// The starting state.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"01".parse().unwrap());
    /// assert_eq!(graph.initial_state().colours, vec![0, 1]);
    /// ```
    #[must_use]
    pub fn initial_state(&self) -> State {
        State { colours: self.colours.clone() }
    }

    /// The current region containing original region `r` in `state`: the original regions
    /// connected to `r` through regions of the same colour, in BFS order from `r`.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"0101\n".parse().unwrap());
    /// let mut state = graph.initial_state();
    /// state.colours[2] = 1;
    /// assert_eq!(graph.current_region(&state, 1), vec![1, 2]);
    /// ```
    #[must_use]
    pub fn current_region(&self, state: &State, r: usize) -> Vec<usize> {
        let colour = state.colours[r];
        let mut seen = vec![false; self.len()];
        seen[r] = true;
        let mut out = vec![r];
        let mut head = 0;
        while head < out.len() {
            for &n in &self.adjacency[out[head]] {
                let n = n as usize;
                if !seen[n] && state.colours[n] == colour {
                    seen[n] = true;
                    out.push(n);
                }
            }
            head += 1;
        }
        out
    }

    /// The current regions of `state`, each a list of original regions (ascending), ordered
    /// by their smallest original region.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"0101\n".parse().unwrap());
    /// let mut state = graph.initial_state();
    /// state.colours[2] = 1;
    /// assert_eq!(graph.current_regions(&state), vec![vec![0], vec![1, 2], vec![3]]);
    /// ```
    #[must_use]
    pub fn current_regions(&self, state: &State) -> Vec<Vec<usize>> {
        let mut done = vec![false; self.len()];
        let mut out = Vec::new();
        for r in 0..self.len() {
            if done[r] {
                continue;
            }
            let mut group = self.current_region(state, r);
            for &g in &group {
                done[g] = true;
            }
            group.sort_unstable();
            out.push(group);
        }
        out
    }

    /// Plays a move on the graph: the current region containing original region `r` takes
    /// `colour` (and so merges with its neighbours of that colour). Returns the original
    /// regions recoloured, empty when the region already had that colour.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"0120\n".parse().unwrap());
    /// let mut state = graph.initial_state();
    /// assert_eq!(graph.apply(&mut state, 1, 2), vec![1]);
    /// // Region 1 merged with region 2; regions 0 and 3 touch nothing on their sides.
    /// assert_eq!(graph.current_regions(&state).len(), 3);
    /// ```
    pub fn apply(&self, state: &mut State, r: usize, colour: Colour) -> Vec<usize> {
        if state.colours[r] == colour {
            return Vec::new();
        }
        let region = self.current_region(state, r);
        for &g in &region {
            state.colours[g] = colour;
        }
        region
    }

    /// Whether every region of `state` has one colour.
    ///
    /// ```
    /// let graph = kami::RegionGraph::new(&"0.1\n".parse().unwrap());
    /// let mut state = graph.initial_state();
    /// assert!(!graph.is_solved(&state));
    /// graph.apply(&mut state, 0, 1);
    /// assert!(graph.is_solved(&state));
    /// ```
    #[must_use]
    pub fn is_solved(&self, state: &State) -> bool {
        state.colours.windows(2).all(|w| w[0] == w[1])
    }

    /// The level with every triangle coloured as in `state`.
    ///
    /// ```
    /// let level: kami::Level = "01\n".parse().unwrap();
    /// let graph = kami::RegionGraph::new(&level);
    /// let mut state = graph.initial_state();
    /// graph.apply(&mut state, 0, 1);
    /// assert_eq!(graph.level_of(&level, &state).grid_text(), "11\n");
    /// ```
    #[must_use]
    pub fn level_of(&self, level: &Level, state: &State) -> Level {
        let mut out = level.clone();
        let mut grid = level.cells().clone();
        for (r, cells) in self.cells.iter().enumerate() {
            for &c in cells {
                grid.cells_mut()[c] = Some(state.colours[r]);
            }
        }
        out.replace_cells(grid);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::testutil::level_strategy;
    use proptest::prelude::*;

    proptest! {
        /// Moves on the graph agree with flood fill on the triangles followed by a fresh
        /// contraction: same colours everywhere, same partition into regions.
        #[test]
        fn graph_moves_match_flood_fill(level in level_strategy(), taps in proptest::collection::vec((0usize..64, 0u8..5), 0..8)) {
            let graph = RegionGraph::new(&level);
            let mut state = graph.initial_state();
            let mut game = Game::new(&level);
            for (pick, colour) in taps {
                let r = pick % graph.len();
                let mv = graph.tap(r, colour);
                let changed = game.play(mv).unwrap();
                let regions = graph.apply(&mut state, r, colour);
                let cells: usize = regions.iter().map(|&g| graph.cells(g).len()).sum();
                prop_assert_eq!(changed.len(), cells);
                prop_assert_eq!(&graph.level_of(&level, &state), game.level());
                // Re-contract the played level: its regions are unions of original ones.
                let fresh = RegionGraph::new(game.level());
                let mut partition: Vec<Vec<usize>> = graph
                    .current_regions(&state)
                    .iter()
                    .map(|g| {
                        let mut cells: Vec<usize> = g.iter().flat_map(|&o| graph.cells(o).iter().copied()).collect();
                        cells.sort_unstable();
                        cells
                    })
                    .collect();
                partition.sort();
                let mut expected: Vec<Vec<usize>> = (0..fresh.len()).map(|r| fresh.cells(r).to_vec()).collect();
                expected.sort();
                prop_assert_eq!(partition, expected);
                prop_assert_eq!(graph.is_solved(&state), game.is_solved());
            }
        }
    }

    #[test]
    fn islands_and_adjacency_are_symmetric() {
        let level: Level = "0120.1\n1201.0\n2012.2\n".parse().unwrap();
        let graph = RegionGraph::new(&level);
        for r in 0..graph.len() {
            for &n in graph.neighbours(r) {
                assert!(graph.neighbours(n as usize).contains(&(r as u32)));
                assert_eq!(graph.island_of(r), graph.island_of(n as usize));
                assert_ne!(graph.colour(r), graph.colour(n as usize));
            }
        }
        assert_eq!(graph.islands().len(), 2);
    }
}
