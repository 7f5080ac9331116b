//! How long a search takes to notice a cancel: a thread ticks a `Meter` as a search does
//! once per node (each node a few hundred nanoseconds of work), another cancels its token,
//! and the time from `cancel()` to the search's return is measured (`iter_custom`, so
//! thread start-up is not counted). The tests check that a cancelled search stops and says
//! so; this bench says how fast.

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::{Budget, CancelToken};

/// A search of nodes costing about `work` iterations of arithmetic each, until its budget
/// stops it; returns when it stopped.
fn search(budget: &Budget, work: u64, started: &AtomicBool) -> Instant {
    let mut meter = budget.start();
    let mut x = 1u64;
    loop {
        for i in 0..work {
            x = black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i));
        }
        started.store(true, Ordering::Release);
        if meter.tick() {
            return Instant::now();
        }
    }
}

fn bench_cancel(c: &mut Criterion) {
    let mut group = c.benchmark_group("budget");
    group.sample_size(20);
    for work in [10u64, 200] {
        group.bench_with_input(BenchmarkId::new("cancel_latency", work), &work, |b, &work| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let token = CancelToken::new();
                    let budget = Budget::default().with_cancel(token.clone());
                    let started = Arc::new(AtomicBool::new(false));
                    let running = Arc::clone(&started);
                    let search = std::thread::spawn(move || search(&budget, work, &running));
                    while !started.load(Ordering::Acquire) {
                        std::hint::spin_loop();
                    }
                    // Let it run a little, as a real search would be when the user leaves.
                    std::thread::sleep(Duration::from_micros(200));
                    let cancelled = Instant::now();
                    token.cancel();
                    let stopped = search.join().expect("the search thread ends");
                    total += stopped.saturating_duration_since(cancelled);
                }
                total
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_cancel);
criterion_main!(benches);
