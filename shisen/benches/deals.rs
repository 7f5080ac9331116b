//! The deal benchmark: random (`deal_any`) and generated (solvable) full deals at every
//! KShisen size (14x6, 18x8, 24x12, 26x14, 30x16), with and without gravity. First the table
//! of `examples/deals.rs` on stderr (each deal within one second: the share decided, median,
//! p99 and maximum time per class), then one criterion benchmark per class that solves its
//! deals in turn, each within 20,000 nodes (so that an undecided deal costs a bounded time).
//!
//! 100 deals per class (seeds `0..100`); with `PUZZLE_BENCH_QUICK=1` (set by `cargo xtask
//! bench --quick`), 5 per class.

#[path = "support/deals.rs"]
#[allow(dead_code)]
mod deals;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use deals::{Class, HEAD, Row};
use engine::Budget;
use shisen::solver::{self, Options};

fn deals_bench(c: &mut Criterion) {
    let count = if engine::bench::quick() { 5 } else { 100 };
    eprintln!("{count} deals per class, each within 1 s:\n{HEAD}");
    for class in Class::all() {
        eprintln!("{}", Row::measure(class, count, Duration::from_secs(1)).line());
    }
    let mut group = c.benchmark_group("deals");
    for class in Class::all() {
        let boards = class.deals(count);
        let options =
            Options::default().with_gravity(class.gravity).with_budget(Budget::default().with_node_limit(20_000));
        group.bench_with_input(BenchmarkId::new("ours", class.name().replace(' ', "_")), &boards, |bench, boards| {
            let mut i = 0;
            bench.iter(|| {
                i = (i + 1) % boards.len();
                black_box(solver::solve(&boards[i], &options))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, deals_bench);
criterion_main!(benches);
