//! Property tests: each fast primitive against a slow, obviously-correct model.

use std::collections::{BTreeSet, HashSet};

use engine::{
    Coord, Grid, SquareGrid, Topology, TriangleGrid, UndoUnionFind, UnionFind, bfs_reach, components, distances,
    flood_fill, format_char_grid, format_token_grid, parse_char_grid, parse_token_grid,
};
use proptest::prelude::*;

fn square_topology() -> impl Strategy<Value = SquareGrid> {
    (1usize..7, 1usize..7, any::<bool>(), 0usize..3).prop_map(|(w, h, diag, pad)| {
        let t = SquareGrid::new(w, h).with_padding(pad);
        if diag { t.with_diagonals() } else { t }
    })
}

fn triangle_topology() -> impl Strategy<Value = TriangleGrid> {
    (1usize..8, 1usize..8).prop_flat_map(|(r, c)| {
        proptest::collection::vec(proptest::bool::weighted(0.2), r * c)
            .prop_map(move |holes| TriangleGrid::with_holes(r, c, |p| holes[p.y as usize * c + p.x as usize]))
    })
}

fn assert_symmetric<T: Topology>(t: &T) {
    for a in 0..t.cell_count() {
        let n: Vec<usize> = t.neighbours(a).collect();
        let unique: HashSet<usize> = n.iter().copied().collect();
        assert_eq!(unique.len(), n.len(), "duplicate neighbour of {a}");
        for b in n {
            assert_ne!(a, b);
            assert!(t.neighbours(b).any(|x| x == a), "{a} -> {b} but not back");
        }
    }
}

/// Naive neighbours of a square grid: every in-bounds cell at the right distance.
fn naive_square_neighbours(t: &SquareGrid, cell: usize) -> BTreeSet<usize> {
    let c = t.coord(cell);
    (0..t.cell_count())
        .filter(|&o| {
            let d = t.coord(o) - c;
            let (dx, dy) = (d.x.abs(), d.y.abs());
            match t.adjacency() {
                engine::Adjacency::Four => dx + dy == 1,
                engine::Adjacency::Eight => dx.max(dy) == 1,
            }
        })
        .collect()
}

proptest! {
    #[test]
    fn square_neighbours_are_symmetric_and_exact(t in square_topology()) {
        assert_symmetric(&t);
        for cell in 0..t.cell_count() {
            let fast: BTreeSet<usize> = t.neighbours(cell).collect();
            prop_assert_eq!(fast, naive_square_neighbours(&t, cell));
            prop_assert_eq!(t.index(t.coord(cell)), Some(cell));
        }
    }

    #[test]
    fn triangle_neighbours_are_symmetric_and_alternate(t in triangle_topology()) {
        assert_symmetric(&t);
        for cell in 0..t.cell_count() {
            let c = t.coord(cell);
            let mut vertical = 0;
            for n in t.neighbours(cell) {
                prop_assert!(!t.is_hole(n));
                let d = t.coord(n);
                // Orientation alternates across every shared edge.
                prop_assert_ne!(TriangleGrid::points_right(c), TriangleGrid::points_right(d));
                if d.x == c.x { vertical += 1; }
                if d.y == c.y {
                    // The side neighbour is on the flat side: left of a right-pointing one.
                    let expected = if TriangleGrid::points_right(c) { -1 } else { 1 };
                    prop_assert_eq!(d.x - c.x, expected);
                }
            }
            prop_assert!(vertical <= 2);
        }
    }

    #[test]
    fn union_find_matches_naive_partition(n in 1usize..40, ops in proptest::collection::vec((0usize..40, 0usize..40), 0..80)) {
        let mut uf = UnionFind::new(n);
        let mut undo = UndoUnionFind::new(n);
        let mut label: Vec<usize> = (0..n).collect();
        for (a, b) in ops.into_iter().map(|(a, b)| (a % n, b % n)) {
            let (la, lb) = (label[a], label[b]);
            let merged = la != lb;
            if merged {
                for l in &mut label { if *l == lb { *l = la; } }
            }
            prop_assert_eq!(uf.union(a, b), merged);
            prop_assert_eq!(undo.union(a, b), merged);
            let sets: HashSet<usize> = label.iter().copied().collect();
            prop_assert_eq!(uf.set_count(), sets.len());
            prop_assert_eq!(undo.set_count(), sets.len());
        }
        for a in 0..n {
            for b in 0..n {
                prop_assert_eq!(uf.same(a, b), label[a] == label[b]);
                prop_assert_eq!(undo.same(a, b), label[a] == label[b]);
            }
            prop_assert_eq!(uf.set_size(a), label.iter().filter(|&&l| l == label[a]).count());
        }
    }

    #[test]
    fn undo_union_find_rolls_back_exactly(
        n in 1usize..30,
        first in proptest::collection::vec((0usize..30, 0usize..30), 0..30),
        second in proptest::collection::vec((0usize..30, 0usize..30), 0..30),
    ) {
        let mut uf = UndoUnionFind::new(n);
        for &(a, b) in &first { uf.union(a % n, b % n); }
        let before: Vec<Vec<bool>> = (0..n).map(|a| (0..n).map(|b| uf.same(a, b)).collect()).collect();
        let count = uf.set_count();
        let mark = uf.checkpoint();
        for &(a, b) in &second { uf.union(a % n, b % n); }
        uf.rollback(mark);
        let after: Vec<Vec<bool>> = (0..n).map(|a| (0..n).map(|b| uf.same(a, b)).collect()).collect();
        prop_assert_eq!(before, after);
        prop_assert_eq!(uf.set_count(), count);
    }

    #[test]
    fn flood_fill_matches_generic_bfs(w in 1usize..9, h in 1usize..9, seed in any::<u64>(), start in 0usize..81) {
        let mut rng = engine::SeededRng::new(seed);
        let board = Grid::from_fn(w, h, |_| rng.below(2) as u8);
        let t = SquareGrid::new(w, h);
        let start = start % board.len();
        let colour = board[start];
        let fill = flood_fill(&t, start, |i| board[i] == colour);
        let reach = bfs_reach(&board.coord_of(start), |&c| {
            Coord::ORTHOGONAL.map(|d| c + d).into_iter().filter(|&n| board.get(n) == Some(&colour)).collect::<Vec<_>>()
        });
        let fill_set: BTreeSet<Coord> = fill.iter().map(|&i| board.coord_of(i)).collect();
        let reach_set: BTreeSet<Coord> = reach.iter().map(|(c, _)| *c).collect();
        prop_assert_eq!(fill.len(), fill_set.len());
        prop_assert_eq!(&fill_set, &reach_set);
        // BFS order: distances along the fill never decrease.
        let dist = distances(&t, start, |i| board[i] == colour);
        prop_assert!(fill.windows(2).all(|p| dist[p[0]] <= dist[p[1]]));
        for (c, d) in reach {
            prop_assert_eq!(dist[board.index_of(c).unwrap()], Some(d as u32));
        }
    }

    #[test]
    fn components_partition_like_flood_fill(t in triangle_topology(), seed in any::<u64>()) {
        let mut rng = engine::SeededRng::new(seed);
        let colour: Vec<u8> = (0..t.cell_count()).map(|_| rng.below(3) as u8).collect();
        let comps = components(&t, |i| (!t.is_hole(i)).then_some(colour[i]));
        let members = comps.members();
        prop_assert_eq!(members.len(), comps.count);
        for cell in 0..t.cell_count() {
            if t.is_hole(cell) {
                prop_assert_eq!(comps.labels[cell], None);
                continue;
            }
            let mut fill = flood_fill(&t, cell, |i| !t.is_hole(i) && colour[i] == colour[cell]);
            fill.sort_unstable();
            prop_assert_eq!(&fill, &members[comps.labels[cell].unwrap() as usize]);
        }
    }

    #[test]
    fn token_and_char_grids_round_trip(w in 1usize..6, h in 1usize..6, seed in any::<u64>()) {
        let mut rng = engine::SeededRng::new(seed);
        let g = Grid::from_fn(w, h, |_| rng.below(1000) as u32);
        let text = format_token_grid(&g, u32::to_string);
        prop_assert_eq!(parse_token_grid(&text, |t| t.parse::<u32>().map_err(|e| e.to_string())).unwrap(), g.clone());
        let chars = g.map(|v| char::from(b'a' + (v % 26) as u8));
        let text = format_char_grid(&chars, |c| *c);
        prop_assert_eq!(parse_char_grid(&text, Ok::<_, String>).unwrap(), chars);
        prop_assert_eq!(engine::from_ron::<Grid<u32>>(&engine::to_ron(&g).unwrap()).unwrap(), g);
    }
}
