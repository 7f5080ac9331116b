//! Generating puzzles with exactly one solution (median over seeds 0, 1, 2, ...).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn bench_generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate_unique");
    for side in [10usize, 15, 20, 25, 50] {
        group.bench_with_input(BenchmarkId::new("generator", side), &side, |b, &side| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let spec = hitori::Spec::new(side, side);
                hitori::generate(&spec, &mut engine::SeededRng::new(seed)).expect("a unique puzzle")
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
