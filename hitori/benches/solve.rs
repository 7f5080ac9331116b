//! Proving generated puzzles unique.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hitori::solver::{Answer, Limits, solve};

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_unique");
    for side in [10usize, 15, 25, 50] {
        let puzzle = hitori::generate::generate(side, side, 2026).expect("a unique puzzle");
        assert!(matches!(solve(&puzzle, Limits::default()), Answer::Unique(_)));
        group.bench_with_input(BenchmarkId::new("solver", side), &puzzle, |b, p| {
            b.iter(|| solve(black_box(p), Limits::default()));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
