//! A pack of levels on one and two threads: `engine::pack::run` with `kami::pack::make_entry`
//! at the typical size, 10 × 29 triangles with 4 colours and 24 regions, par 6–9 kept.
//! Criterion's throughput is in entries (levels kept) a second; about seven seeds in ten
//! give one.
//!
//! With `PUZZLE_BENCH_QUICK=1` (set by `cargo xtask bench --quick`) the range is shorter.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use engine::pack::{Plan, SeedRange, Seeds, Start, run};
use kami::generate::Spec;
use kami::pack::{PackEntry, PackOptions, ParRange, make_entry};

fn benches(c: &mut Criterion) {
    let options =
        PackOptions::new(Spec::new(29, 10).with_colours(4).with_regions(24)).with_par(Some(ParRange::new(6, 9)));
    let seeds: u64 = if engine::bench::quick() { 24 } else { 96 };
    let make = |seed, budget: &engine::Budget| make_entry(seed, &options, budget);
    let whole = Plan::new(Seeds::Range(SeedRange::new(0, seeds)));
    let tally =
        run(&whole, Start::default(), &engine::Budget::default(), make, |_: &PackEntry| Ok(()), |_| {}).unwrap();
    let mut group = c.benchmark_group("pack");
    group.sample_size(10);
    group.throughput(Throughput::Elements(tally.entries));
    for threads in [1, 2] {
        let plan = Plan::new(Seeds::Range(SeedRange::new(0, seeds))).with_threads(threads);
        group.bench_with_input(BenchmarkId::new("threads", threads), &plan, |b, plan| {
            b.iter(|| {
                let mut entries = 0u64;
                let tally = run(
                    plan,
                    Start::default(),
                    &engine::Budget::default(),
                    make,
                    |_: &PackEntry| {
                        entries += 1;
                        Ok(())
                    },
                    |_| {},
                )
                .unwrap();
                black_box((tally, entries))
            });
        });
    }
    group.finish();
}

criterion_group!(pack_benches, benches);
criterion_main!(pack_benches);
