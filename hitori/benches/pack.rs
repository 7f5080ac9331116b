//! Packs: `engine::pack::run` making 10×10 hard puzzles with `hitori::pack::make_entry`,
//! on 1 and 2 threads; criterion reports puzzles a second (`Throughput::Elements`). With
//! `PUZZLE_BENCH_QUICK=1` (`cargo xtask bench --quick`): 200 puzzles a run instead of 1,000.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use engine::Budget;
use engine::pack::{Plan, Seeds, Start};
use hitori::pack::{PackOptions, make_entry};
use hitori::steps::Difficulty;

fn bench_pack(c: &mut Criterion) {
    let n: u64 = if engine::bench::quick() { 200 } else { 1000 };
    let options = PackOptions::new(engine::Size::new(10, 10)).with_difficulties([Difficulty::Hard]);
    let mut group = c.benchmark_group("pack");
    group.throughput(Throughput::Elements(n));
    group.sample_size(10);
    for threads in [1usize, 2] {
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &threads| {
            let plan = Plan::new(Seeds::Count { count: n, start: 0 }).with_threads(threads);
            b.iter(|| {
                let make = |seed, budget: &Budget| make_entry(seed, &options, budget);
                let tally = engine::pack::run(&plan, Start::default(), &Budget::default(), make, |_| Ok(()), |_| {})
                    .expect("a pack");
                assert_eq!(tally.entries, n);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_pack);
criterion_main!(benches);
