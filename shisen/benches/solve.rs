//! Solving random full deals, with and without gravity; generating solvable deals.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::SeededRng;
use engine::{Budget, Outcome};
use shisen::generate::{self, Spec};
use shisen::solver::{self, Answer, Options};

fn deals(w: usize, h: usize, count: u64) -> Vec<shisen::Board> {
    let spec = Spec::new(w, h);
    (0..count).map(|seed| generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap()).collect()
}

fn solve(c: &mut Criterion) {
    let boards = deals(18, 8, 40);
    for gravity in [false, true] {
        // Report how the deals come out, once, on stderr: each deal gets one second (the
        // target: every deal decided without gravity, 99% with gravity).
        let mut tally = [0usize; 3];
        let mut times = Vec::new();
        for b in &boards {
            let budget = Budget::default().with_time_limit(std::time::Duration::from_secs(1));
            let options = Options::default().with_gravity(gravity).with_budget(budget);
            let report = solver::solve(b, &options);
            times.push((report.stats.elapsed, report.stats.nodes));
            tally[match report.outcome {
                Outcome::Proved(Answer::Solvable(_)) | Outcome::Found(Answer::Solvable(_)) => 0,
                Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => 1,
                Outcome::GaveUp { .. } => 2,
            }] += 1;
        }
        times.sort();
        eprintln!(
            "18x8 gravity={gravity}, 1 s each: solvable {} unsolvable {} unknown {}; median (time, nodes) {:?} max {:?}",
            tally[0],
            tally[1],
            tally[2],
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    // Cycling through the deals, each with a budget of 20k nodes so that one hard deal
    // cannot dominate the mean.
    let mut group = c.benchmark_group("solve_18x8");
    for gravity in [false, true] {
        let options = Options::default().with_gravity(gravity).with_budget(Budget::default().with_node_limit(20_000));
        let name = if gravity { "gravity" } else { "plain" };
        group.bench_with_input(BenchmarkId::new("ours", name), &boards, |bench, boards| {
            let mut i = 0;
            bench.iter(|| {
                i = (i + 1) % boards.len();
                black_box(solver::solve(&boards[i], &options))
            });
        });
    }
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    for (w, h) in [(18, 8), (30, 16)] {
        for gravity in [false, true] {
            let spec = Spec::new(w, h).with_gravity(gravity);
            let name = format!("{w}x{h}{}", if gravity { "_gravity" } else { "" });
            group.bench_function(BenchmarkId::new("ours", name), |bench| {
                let mut seed = 0;
                bench.iter(|| {
                    seed += 1;
                    black_box(generate::generate(&spec, &mut SeededRng::new(seed)))
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, solve, generate);
criterion_main!(benches);
