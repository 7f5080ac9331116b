//! Packs of random 4×4 boards with their optimal length (IDA* with the default 6-6-3
//! pattern databases, loaded once outside the timed loop from `$FIFTEEN_PDB_DIR`, else the
//! default cache directory), made by `engine::pack::run` on 1 and 2 threads: criterion
//! reports puzzles a second. `PUZZLE_BENCH_QUICK=1` makes fewer boards.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use engine::Budget;
use engine::pack::{Plan, SeedRange, Seeds, Start};
use fifteen::pack::{Maker, PackEntry, PackSpec};
use fifteen::pdb::PdbCache;

fn bench_pack(c: &mut Criterion) {
    let maker = Maker::new(&PackSpec::default(), &PdbCache::default()).expect("the 4x4 pattern databases");
    let n: u64 = if engine::bench::quick() { 20 } else { 100 };
    let mut group = c.benchmark_group("pack");
    group.sample_size(10);
    group.throughput(Throughput::Elements(n));
    for threads in [1usize, 2] {
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &threads| {
            let plan = Plan::new(Seeds::Range(SeedRange::new(0, n))).with_threads(threads);
            b.iter(|| {
                let mut made = 0u64;
                let make = |seed, budget: &Budget| maker.make_entry(seed, budget);
                let emit = |_: &PackEntry| {
                    made += 1;
                    Ok(())
                };
                engine::pack::run(&plan, Start::default(), &Budget::default(), make, emit, |_| {}).unwrap();
                assert_eq!(made, n);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_pack);
criterion_main!(benches);
