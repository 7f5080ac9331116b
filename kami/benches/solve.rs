//! Criterion benches: region graph build, flood fill, and the par solver against the seed
//! article's best-first search (`reference`, not optimal, capped at 2 000 expanded states:
//! a capped run already takes seconds on these levels, and it never proves a bound) on our
//! own generated 29 × 10 levels: `generate`'s (random layouts, and reverse play for the
//! ones of 130 to 190 regions, par 9 to 14; `examples/generated.rs` times more of them)
//! and the designed benchmark set built by reverse play (`generate::bench_set`; only the
//! levels the solver proves within 1 000 000 nodes are timed here, `examples/designed.rs`
//! reports all of them). `ida_star` runs on one thread, `ida_star_2_threads` on two.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use kami::generate::{Options, bench_set, design, generate};
use kami::{Level, Limits, Outcome, RegionGraph, solver};

/// The seed's best-first search stops after this many expanded states.
const CAP: usize = 2_000;

/// Our own 29 × 10 levels: (colours, regions, seed). The first four have par 5 and 6;
/// the next three are the most regions `generate` reaches with a proven par within its
/// default budget for 3, 4 and 5 colours on most seeds (par 12, 11 and 9; built by reverse
/// play, which takes 5 to 9 s each here); the last two are the deepest levels it builds
/// and proves quickly, 190 regions in 3 colours (par 13 and 14, under a second each).
const LEVELS: [(usize, usize, u64); 9] =
    [(3, 50, 1), (3, 50, 3), (5, 60, 3), (4, 60, 3), (3, 170, 2), (4, 150, 1), (5, 130, 1), (3, 190, 2), (3, 190, 1)];

/// The generated levels, named with their colours, regions, par and seed; every one must be
/// built (a bench that silently lost its levels would measure nothing).
fn levels() -> Vec<(String, Level)> {
    LEVELS
        .iter()
        .map(|&(colours, regions, seed)| {
            let options = Options { colours, regions, seed, ..Options::default() };
            let level = generate(&options).unwrap_or_else(|e| panic!("bench level {options:?}: {e}"));
            let (n, par) = (RegionGraph::new(&level).len(), level.par.unwrap_or(0));
            let name = format!("k{colours}-n{n}-par{par}-seed{seed}");
            (name, level)
        })
        .collect()
}

/// The designed levels the solver proves within the node limit, named with their regions,
/// colours and par.
fn designed() -> Vec<(String, Level)> {
    bench_set()
        .iter()
        .filter_map(|options| {
            let level = design(options).ok()?.level;
            let (Outcome::Optimal(moves), _) =
                solver::solve_counted(&level, Limits { node_limit: Some(1_000_000), ..Limits::default() })
            else {
                return None;
            };
            let name = format!("designed-k{}-n{}-par{}", options.colours, RegionGraph::new(&level).len(), moves.len());
            Some((name, level))
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let levels = levels();
    let mut group = c.benchmark_group("region_graph");
    for (name, level) in &levels {
        group
            .bench_with_input(BenchmarkId::new("build", name), level, |b, l| b.iter(|| RegionGraph::new(black_box(l))));
    }
    group.finish();

    let mut group = c.benchmark_group("flood_fill");
    for (name, level) in &levels {
        // Tap the middle triangle with the next colour: a real fill of its whole region.
        let topology = level.topology();
        let cell = level.cells().len() / 2;
        let colours = level.colours_used();
        let old = level.cells().cells()[cell].unwrap_or(0);
        let colour = colours[(colours.iter().position(|&c| c == old).unwrap_or(0) + 1) % colours.len()];
        group.bench_with_input(BenchmarkId::new("fill", name), level, |b, l| {
            b.iter(|| kami::play::fill_cells(black_box(l), &topology, cell, colour));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    let designed = designed();
    for (name, level) in levels.iter().chain(designed.iter()) {
        group.bench_with_input(BenchmarkId::new("ida_star", name), level, |b, l| b.iter(|| kami::solve(black_box(l))));
        // The same search on two threads (`Limits::threads`), as `kami solve` runs it.
        let two = Limits { threads: 2, ..Limits::default() };
        group.bench_with_input(BenchmarkId::new("ida_star_2_threads", name), level, |b, l| {
            b.iter(|| kami::solve_with(black_box(l), two));
        });
        group.bench_with_input(BenchmarkId::new("reference", name), level, |b, l| {
            b.iter(|| solver::reference_best_first(black_box(l), CAP));
        });
    }
    group.finish();
}

criterion_group!(kami_benches, benches);
criterion_main!(kami_benches);
