//! The pack benchmark: `engine::pack::run` with `shisen::pack::make_entry` on 18x8 deals
//! with gravity (the typical pack), on one and on two threads, in puzzles a second.
//!
//! 1,000 seeds an iteration (steady state: the pool's start and the last seeds weigh little);
//! with `PUZZLE_BENCH_QUICK=1` (set by `cargo xtask bench --quick`), 200.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use engine::Budget;
use engine::pack::{Plan, SeedRange, Seeds, Start};
use shisen::pack::{PackOptions, make_entry};

fn pack_bench(c: &mut Criterion) {
    let n: u64 = if engine::bench::quick() { 200 } else { 1000 };
    let options = PackOptions::new(18, 8, true, None, 4).expect("the default size");
    let mut group = c.benchmark_group("pack");
    group.sample_size(10);
    group.throughput(Throughput::Elements(n));
    for threads in [1, 2] {
        let plan = Plan::new(Seeds::Range(SeedRange::new(0, n))).with_threads(threads);
        group.bench_with_input(BenchmarkId::new("threads", threads), &plan, |bench, plan| {
            bench.iter(|| {
                let mut lines = 0u64;
                let make = |seed, budget: &Budget| make_entry(seed, &options, budget);
                let tally = engine::pack::run(
                    plan,
                    Start::default(),
                    &Budget::default(),
                    make,
                    |_| {
                        lines += 1;
                        Ok(())
                    },
                    |_| {},
                )
                .expect("a pack");
                black_box((tally, lines))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, pack_bench);
criterion_main!(benches);
