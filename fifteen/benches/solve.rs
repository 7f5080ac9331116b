//! Optimal solving: IDA* with Manhattan + linear conflicts against additive pattern
//! databases on a fixed seeded set of uniformly random 4×4 instances; 3×3 instances;
//! pattern database build time (the compact builder against the plain `reference`); the
//! fast solver on big boards.
//!
//! Opt-in, because it loads or builds the 7-8 databases (about 95 s on two quiet cores
//! and 2.4 GB the first time, then a 289 MB cache file): `FIFTEEN_BENCH_78=1 cargo bench
//! -p fifteen --bench solve -- solve_4x4_100` solves the 100 instances of seed 2026 with
//! 6-6-3 and with 7-8 (both with reflection), the databases loaded once, outside the timed
//! loop, from `$FIFTEEN_PDB_DIR` (else the default cache directory), and prints nodes and
//! time per instance once before timing.

use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::SeededRng;
use fifteen::fast::solve_fast;
use fifteen::generate::uniform;
use fifteen::pdb::{PatternDb, default_cache_dir, default_partition, partition, partition_by_sizes};
use fifteen::{Answer, Heuristic, Options, Puzzle, solve};
use fifteen::{Board, Goal};

fn instances(w: usize, h: usize, count: usize) -> (Board, Vec<Board>) {
    let goal = Goal::BlankLast.layout(w, h).unwrap();
    let mut rng = SeededRng::new(2026);
    let boards = (0..count).map(|_| uniform(&goal, &mut rng)).collect();
    (goal, boards)
}

/// Solves every board; the total solution length (checked equal across heuristics).
fn solve_all(goal: &Board, boards: &[Board], options: &Options) -> usize {
    boards
        .iter()
        .map(|b| {
            let p = Puzzle::new(b.clone(), goal.clone()).unwrap();
            solve(&p, options).unwrap().outcome.answer().and_then(Answer::moves).unwrap().len()
        })
        .sum()
}

fn bench_4x4(c: &mut Criterion) {
    let (goal, boards) = instances(4, 4, 10);
    let options = |patterns: &[Vec<u8>], reflect: bool| {
        let db = PatternDb::build(4, 4, 15, patterns, &mut |_, _| {}).unwrap();
        Options::default().with_heuristic(Heuristic::Pdb(Arc::new(db))).with_reflect(reflect)
    };
    let lc = Options::default();
    let five = partition(4, 4, 15, &[5, 5, 5]).unwrap();
    let six = default_partition(4, 4, 15);
    let runs = [
        ("manhattan_lc", lc),
        ("pdb_5_5_5", options(&five, false)),
        ("pdb_5_5_5_reflected", options(&five, true)),
        ("pdb_6_6_3", options(&six, false)),
        ("pdb_6_6_3_reflected", options(&six, true)),
    ];
    let lengths: Vec<usize> = runs.iter().map(|(_, o)| solve_all(&goal, &boards, o)).collect();
    assert!(lengths.iter().all(|&l| l == lengths[0]), "{lengths:?}");
    let mut group = c.benchmark_group("solve_4x4");
    group.sample_size(10);
    for (name, o) in &runs {
        group.bench_with_input(BenchmarkId::new(*name, "10 random"), &boards, |b, boards| {
            b.iter(|| solve_all(&goal, boards, o));
        });
    }
    group.finish();
}

fn bench_3x3(c: &mut Criterion) {
    let (goal, boards) = instances(3, 3, 100);
    let mut group = c.benchmark_group("solve_3x3");
    for (name, heuristic) in [("manhattan", Heuristic::Manhattan), ("manhattan_lc", Heuristic::LinearConflict)] {
        let options = Options::default().with_heuristic(heuristic);
        group.bench_with_input(BenchmarkId::new(name, "100 random"), &boards, |b, boards| {
            b.iter(|| solve_all(&goal, boards, &options));
        });
    }
    group.finish();
}

/// The 100 instances of seed 2026 with 6-6-3 and 7-8, both reflected: only with
/// `FIFTEEN_BENCH_78=1` (see the module docs).
fn bench_4x4_100(c: &mut Criterion) {
    if std::env::var_os("FIFTEEN_BENCH_78").is_none() {
        return;
    }
    let (goal, boards) = instances(4, 4, 100);
    let dir = default_cache_dir().expect("a cache directory: set FIFTEEN_PDB_DIR");
    let mut runs = Vec::new();
    for (name, sizes) in [("pdb_6_6_3_reflected", &[6usize, 6, 3][..]), ("pdb_7_8_reflected", &[7, 8])] {
        let patterns = partition(4, 4, 15, sizes).unwrap();
        let started = std::time::Instant::now();
        let (db, status) = PatternDb::load_or_build(&dir, 4, 4, 15, &patterns, &mut |_, _| {}).unwrap();
        eprintln!("{name}: {status:?} in {:.2} s", started.elapsed().as_secs_f64());
        let options = Options::default().with_heuristic(Heuristic::Pdb(Arc::new(db)));
        let started = std::time::Instant::now();
        let (mut nodes, mut length) = (0u64, 0usize);
        for b in &boards {
            let s = solve(&Puzzle::new(b.clone(), goal.clone()).unwrap(), &options).unwrap();
            let moves = s.outcome.answer().and_then(Answer::moves).unwrap();
            let mut replay = b.clone();
            replay.replay(moves).unwrap();
            assert_eq!(replay, goal);
            nodes += s.stats.nodes;
            length += moves.len();
        }
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "{name}: 100 instances, mean length {:.2}, {:.0} nodes and {:.2} ms per instance ({secs:.2} s in all)",
            length as f64 / 100.0,
            nodes as f64 / 100.0,
            secs * 10.0
        );
        runs.push((name, options, length));
    }
    assert!(runs.iter().all(|r| r.2 == runs[0].2), "optimal lengths differ");
    let mut group = c.benchmark_group("solve_4x4_100");
    group.sample_size(10);
    for (name, options, _) in &runs {
        group.bench_with_input(BenchmarkId::new(*name, "100 random"), &boards, |b, boards| {
            b.iter(|| solve_all(&goal, boards, options));
        });
    }
    group.finish();
}

fn bench_pdb_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("pdb_build");
    group.sample_size(10);
    for (name, sizes, take) in [("3_3_3_3_3", &[3usize, 3, 3, 3, 3][..], 5), ("one_5_tile_pattern", &[5, 5, 5], 1)] {
        let patterns: Vec<Vec<u8>> = partition_by_sizes(4, 4, 15, sizes).unwrap().into_iter().take(take).collect();
        group.bench_with_input(BenchmarkId::new("compact", name), &patterns, |b, patterns| {
            b.iter(|| PatternDb::build_with_threads(4, 4, 15, patterns, 1, &mut |_, _| {}).unwrap());
        });
        group.bench_with_input(BenchmarkId::new("reference", name), &patterns, |b, patterns| {
            b.iter(|| PatternDb::build_reference(4, 4, 15, patterns).unwrap());
        });
    }
    group.finish();
}

fn bench_fast(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_fast");
    group.sample_size(10);
    for side in [4usize, 8, 16] {
        let (goal, boards) = instances(side, side, 5);
        group.bench_with_input(BenchmarkId::new("reduce_then_ida", side), &boards, |b, boards| {
            b.iter(|| boards.iter().map(|s| solve_fast(s, &goal).unwrap().unwrap().len()).sum::<usize>());
        });
    }
    group.finish();
}

criterion_group!(benches, bench_3x3, bench_4x4, bench_4x4_100, bench_pdb_build, bench_fast);
criterion_main!(benches);
