//! Graded generation: every grade at 10, 15, 20, 25 and 50 over a set of seeds.
//!
//! Before criterion's own measurements, one pass over the seeds prints, per grade and size,
//! the median, p99 and max wall time of one `generate` call and the share of starting
//! puzzles thrown away (`hitori::generate::Stats`). Criterion then times `generate` cycling
//! through the same seeds. With `PUZZLE_BENCH_QUICK=1` (`cargo xtask bench --quick`): 5 seeds
//! at 10, 25 and 50.

use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hitori::generate::{Spec, generate_with_stats};
use hitori::steps::Difficulty;

fn plan() -> (u64, Vec<usize>) {
    if engine::bench::quick() { (5, vec![10, 25, 50]) } else { (50, vec![10, 15, 20, 25, 50]) }
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).ceil() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn summary(seeds: u64, sizes: &[usize]) {
    println!("| grade | size | median | p99 | max | thrown away | failed |");
    println!("|---|---|---|---|---|---|---|");
    for d in Difficulty::ALL {
        for &side in sizes {
            let mut times = Vec::new();
            let (mut puzzles, mut thrown, mut failed) = (0, 0, 0);
            for seed in 0..seeds {
                let spec = Spec::new(side, side).with_difficulty(d);
                let start = Instant::now();
                let result = generate_with_stats(&spec, &mut engine::SeededRng::new(seed));
                times.push(start.elapsed());
                match result {
                    Ok((_, stats)) => {
                        puzzles += stats.puzzles;
                        thrown += stats.thrown_away;
                    }
                    Err(_) => failed += 1,
                }
            }
            times.sort();
            println!(
                "| {d} | {side} | {:.2?} | {:.2?} | {:.2?} | {thrown}/{puzzles} | {failed}/{seeds} |",
                quantile(&times, 0.5),
                quantile(&times, 0.99),
                quantile(&times, 1.0),
            );
        }
    }
}

fn bench_graded(c: &mut Criterion) {
    let (seeds, sizes) = plan();
    summary(seeds, &sizes);
    for d in Difficulty::ALL {
        let mut group = c.benchmark_group(format!("generate_{d}"));
        group.sample_size(10);
        for &side in &sizes {
            group.bench_with_input(BenchmarkId::new("generator", side), &side, |b, &side| {
                let mut seed = 0;
                b.iter(|| {
                    seed = (seed + 1) % seeds;
                    let spec = Spec::new(side, side).with_difficulty(d);
                    generate_with_stats(&spec, &mut engine::SeededRng::new(seed)).ok()
                });
            });
        }
        group.finish();
    }
}

fn bench_grade(c: &mut Criterion) {
    let mut group = c.benchmark_group("grade");
    for side in [10usize, 25, 50] {
        let puzzles: Vec<hitori::Puzzle> = Difficulty::ALL[..3]
            .iter()
            .map(|&d| {
                hitori::generate(&Spec::new(side, side).with_difficulty(d), &mut engine::SeededRng::new(1))
                    .expect("a graded puzzle")
            })
            .collect();
        group.bench_with_input(BenchmarkId::new("grader", side), &puzzles, |b, puzzles| {
            b.iter(|| puzzles.iter().map(hitori::steps::grade).max());
        });
    }
    group.finish();
}

criterion_group!(benches, bench_grade, bench_graded);
criterion_main!(benches);
