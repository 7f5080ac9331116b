//! Solvability: our O(n) cycle-parity rule against the seed article's O(n²) inversion
//! count (`reference`), on seeded random boards of several sizes; generation: uniform
//! against the seed's random walk (`reference`).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::SeededRng;
use fifteen::solvable::{is_reachable, reference};
use fifteen::{Board, Goal};

/// 100 uniformly random arrangements (half of them unsolvable) of the blank-last tiles.
fn boards(side: usize) -> (Board, Vec<Board>) {
    let goal = Goal::BlankLast.layout(side, side).unwrap();
    let mut rng = SeededRng::new(2026);
    let boards = (0..100)
        .map(|_| {
            let mut tiles = goal.tiles().to_vec();
            rng.shuffle(&mut tiles);
            Board::new(side, side, tiles).unwrap()
        })
        .collect();
    (goal, boards)
}

fn bench_solvability(c: &mut Criterion) {
    let mut group = c.benchmark_group("solvability");
    for side in [3usize, 4, 8, 16] {
        let (goal, boards) = boards(side);
        for b in &boards {
            assert_eq!(is_reachable(b, &goal), reference(b.tiles(), goal.tiles(), side));
        }
        group.bench_with_input(BenchmarkId::new("cycle_parity", side), &boards, |bench, boards| {
            bench.iter(|| boards.iter().filter(|b| is_reachable(black_box(b), &goal)).count());
        });
        group.bench_with_input(BenchmarkId::new("reference", side), &boards, |bench, boards| {
            bench.iter(|| boards.iter().filter(|b| reference(black_box(b.tiles()), goal.tiles(), side)).count());
        });
    }
    group.finish();
}

/// Generating a 4×4 board: uniform (shuffle + parity fix) against the seed's first
/// method, 150 random moves of the blank (`reference`).
fn bench_generate(c: &mut Criterion) {
    let goal = Goal::BlankLast.layout(4, 4).unwrap();
    let mut group = c.benchmark_group("generate");
    let mut rng = SeededRng::new(1);
    group.bench_function(BenchmarkId::new("uniform", "4x4"), |b| {
        b.iter(|| fifteen::generate::uniform(&goal, &mut rng));
    });
    group.bench_function(BenchmarkId::new("reference", "4x4"), |b| {
        b.iter(|| fifteen::generate::random_walk(&goal, 150, &mut rng));
    });
    group.finish();
}

criterion_group!(benches, bench_solvability, bench_generate);
criterion_main!(benches);
