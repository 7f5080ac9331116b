//! Criterion benches: region graph build, flood fill, and the par solver against the seed
//! article's best-first search (`reference`, not optimal, capped at 2 000 expanded states:
//! a capped run already takes seconds on these levels, and it never proves a bound) on our
//! own generated 29 × 10 levels: `generate`'s, kept as files (random layouts, and reverse
//! play for the ones of 130 to 190 regions, par 9 to 14; `examples/targets.rs` times more
//! of them against the targets)
//! and the designed benchmark set built by reverse play (`generate::bench_set`; only the
//! levels the solver proves within 1 000 000 nodes are timed here, `examples/designed.rs`
//! reports all of them), with one more designed level of par 10 (5 colours, 122 regions,
//! 10 un-moves, seed 1002: the median of the par-10 levels of `examples/targets.rs`'s
//! `designed-m10` class, which all miss the 0.1 s target, taking 1.5 to 14 s on
//! two threads). `ida_star` runs on one thread, `ida_star_2_threads` on two.
//!
//! With `PUZZLE_BENCH_QUICK=1` (set by `cargo xtask bench --quick`), the seed's best-first
//! search runs on the first level only and the designed par-10 level is left out: those
//! take seconds per iteration, most of a full run.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use kami::generate::{DesignOptions, bench_set, design};
use kami::{Level, Options, RegionGraph, solver};

/// The seed's best-first search stops after this many expanded states.
const CAP: usize = 2_000;

/// Our own 29 × 10 levels, kept as files (`benches/<directory>/<name>.txt`, made by
/// `generate` on the seed in their name, with its proven par; not generated again, since
/// which attempts `generate` keeps, and so its level for a seed, depends on the solver's
/// node counts): the first four have par 5 and 6; the next three are the most regions
/// `generate` reaches with a proven par within its default budget for 3, 4 and 5 colours
/// on most seeds (par 12, 11 and 9; built by reverse play); the last two are the deepest
/// levels it builds and proves quickly, 190 regions in 3 colours (par 13 and 14, under a
/// second each, from the deep set).
const LEVELS: [(&str, &str); 9] = [
    ("generated", "k3-n50-seed01"),
    ("generated", "k3-n50-seed03"),
    ("generated", "k5-n60-seed03"),
    ("generated", "k4-n60-seed03"),
    ("generated", "k3-n170-seed02"),
    ("generated", "k4-n150-seed01"),
    ("generated", "k5-n130-seed01"),
    ("deep", "k3-n190-seed02"),
    ("deep", "k3-n190-seed01"),
];

/// The generated levels, named with their colours, regions, par and seed; every one must be
/// read (a bench that silently lost its levels would measure nothing).
fn levels() -> Vec<(String, Level)> {
    LEVELS
        .iter()
        .map(|&(dir, file)| {
            let path = format!("{}/benches/{dir}/{file}.txt", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("bench level {path}: {e}"));
            let level = Level::parse(&text).unwrap_or_else(|e| panic!("bench level {path}: {e}"));
            let (colours, n, par) =
                (level.colours_used().len(), RegionGraph::new(&level).len(), level.par.unwrap_or(0));
            let seed = file.rsplit("seed").next().unwrap_or_default().trim_start_matches('0');
            (format!("k{colours}-n{n}-par{par}-seed{seed}"), level)
        })
        .collect()
}

/// A designed level named with its colours, regions and par, if the solver proves the par
/// within `limits`.
fn named_design(options: &DesignOptions, limits: &Options) -> Option<(String, Level)> {
    let level = design(options).ok()?.level;
    let engine::Outcome::Proved(moves) = kami::solve(&level, limits).ok()?.outcome else {
        return None;
    };
    let name = format!("designed-k{}-n{}-par{}", options.colours, RegionGraph::new(&level).len(), moves.len());
    Some((name, level))
}

/// The designed levels the solver proves within the node limit, and the designed level of
/// par 10 (module docs; its proof takes a few seconds, before the timing starts), named
/// like them with its seed.
fn designed() -> Vec<(String, Level)> {
    let quick = Options::default().with_budget(engine::Budget::default().with_node_limit(1_000_000));
    let mut levels: Vec<_> = bench_set().iter().filter_map(|options| named_design(options, &quick)).collect();
    if engine::bench::quick() {
        return levels;
    }
    let options = DesignOptions { colours: 5, moves: 10, seed: 1002, ..DesignOptions::default() };
    let (name, level) =
        named_design(&options, &Options::default().with_threads(2)).expect("a search without limits ends");
    levels.push((format!("{name}-seed{}", options.seed), level));
    levels
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
            b.iter(|| kami::game::fill_cells(black_box(l), &topology, cell, colour));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    let designed = designed();
    for (i, (name, level)) in levels.iter().chain(designed.iter()).enumerate() {
        group.bench_with_input(BenchmarkId::new("ida_star", name), level, |b, l| {
            b.iter(|| solver::optimal(black_box(l)));
        });
        // The same search on two threads (`Options::threads`), as `kami solve` runs it.
        let two = Options::default().with_threads(2);
        group.bench_with_input(BenchmarkId::new("ida_star_2_threads", name), level, |b, l| {
            b.iter(|| kami::solve(black_box(l), &two));
        });
        if i > 0 && engine::bench::quick() {
            continue;
        }
        group.bench_with_input(BenchmarkId::new("reference", name), level, |b, l| {
            b.iter(|| solver::reference_best_first(black_box(l), CAP));
        });
    }
    group.finish();
}

criterion_group!(kami_benches, benches);
criterion_main!(kami_benches);
