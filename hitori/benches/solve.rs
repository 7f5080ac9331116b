//! Proving generated puzzles unique, and answering boards that need search.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::{Coord, Grid, SeededRng};
use hitori::Puzzle;
use hitori::solver::{Answer, Options, solve};

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_unique");
    for side in [10usize, 15, 25, 50] {
        let spec = hitori::Spec::new(side, side);
        let puzzle = hitori::generate(&spec, &mut SeededRng::new(2026)).expect("a unique puzzle");
        assert!(matches!(solve(&puzzle, &Options::default()).outcome.answer(), Some(Answer::Unique(_))));
        group.bench_with_input(BenchmarkId::new("solver", side), &puzzle, |b, p| {
            b.iter(|| solve(black_box(p), &Options::default()));
        });
    }
    group.finish();
}

/// A latin square with one cell in `den` copied from its row or column.
fn mixed(side: usize, seed: u64, den: u64) -> Puzzle {
    let mut rng = SeededRng::new(seed);
    let mut g = Grid::from_fn(side, side, |c| 1 + ((c.x + c.y) as usize % side) as u32);
    for i in 0..side * side {
        if rng.chance(1, den) {
            let c = g.coord_of(i);
            let d = if rng.chance(1, 2) {
                Coord::new(rng.index(side) as i32, c.y)
            } else {
                Coord::new(c.x, rng.index(side) as i32)
            };
            g[i] = g[d];
        }
    }
    Puzzle::from_grid(g).expect("positive numbers")
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_needs_search");
    for side in [15usize, 25] {
        // The first board of the family on which the solver has to branch.
        let puzzle = (0..500)
            .map(|seed| mixed(side, seed, 12))
            .find(|p| solve(p, &Options::default()).stats.nodes > 0)
            .expect("a board that needs search");
        group.bench_with_input(BenchmarkId::new("solver", side), &puzzle, |b, p| {
            b.iter(|| solve(black_box(p), &Options::default()));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solve, bench_search);
criterion_main!(benches);
