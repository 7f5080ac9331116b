//! Engine primitives: index-based component labelling against the generic hashing BFS
//! (`reference`), and the two union-finds.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::{Coord, Grid, SeededRng, SquareGrid, UndoUnionFind, UnionFind, bfs_reach, components};

fn random_board(side: usize, colours: u64, seed: u64) -> Grid<u8> {
    let mut rng = SeededRng::new(seed);
    Grid::from_fn(side, side, |_| rng.below(colours) as u8)
}

/// Component count by repeated generic BFS over hashed coordinates.
fn reference_count(board: &Grid<u8>) -> usize {
    let mut seen = Grid::new(board.width(), board.height(), false);
    let mut count = 0;
    for start in board.coords() {
        if seen[start] {
            continue;
        }
        count += 1;
        let colour = board[start];
        for (c, _) in bfs_reach(&start, |&c| {
            Coord::ORTHOGONAL.map(|d| c + d).into_iter().filter(|&n| board.get(n) == Some(&colour)).collect::<Vec<_>>()
        }) {
            seen[c] = true;
        }
    }
    count
}

fn bench_components(c: &mut Criterion) {
    let mut group = c.benchmark_group("components");
    for side in [16usize, 64] {
        let board = random_board(side, 3, 1);
        let topology = SquareGrid::new(side, side);
        assert_eq!(components(&topology, |i| Some(board[i])).count, reference_count(&board));
        group.bench_with_input(BenchmarkId::new("components", side), &board, |b, board| {
            b.iter(|| components(&topology, |i| Some(board[i])).count);
        });
        group.bench_with_input(BenchmarkId::new("reference", side), &board, |b, board| {
            b.iter(|| reference_count(black_box(board)));
        });
    }
    group.finish();
}

fn bench_union_find(c: &mut Criterion) {
    let n = 10_000;
    let mut rng = SeededRng::new(2);
    let pairs: Vec<(usize, usize)> = (0..n).map(|_| (rng.index(n), rng.index(n))).collect();
    let mut group = c.benchmark_group("union_find");
    group.bench_function("path_halving", |b| {
        b.iter(|| {
            let mut uf = UnionFind::new(n);
            pairs.iter().filter(|&&(a, b)| uf.union(a, b)).count()
        });
    });
    group.bench_function("undoable_with_rollback", |b| {
        b.iter(|| {
            let mut uf = UndoUnionFind::new(n);
            let start = uf.checkpoint();
            let merged = pairs.iter().filter(|&&(a, b)| uf.union(a, b)).count();
            uf.rollback(start);
            merged
        });
    });
    group.finish();
}

criterion_group!(benches, bench_components, bench_union_find);
criterion_main!(benches);
