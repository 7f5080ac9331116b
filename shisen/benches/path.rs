//! Path queries: ours against the seed's BFS (`reference`), and the all-pairs hint list.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::{Coord, SeededRng};
use shisen::generate::{self, Spec};
use shisen::path;
use shisen::{Board, Kind};

/// A `w` × `h` deal with about `fill`% of its cells still holding tiles, and 200 queries
/// between random tiles of one kind... of any kind: paths do not look at kinds.
fn setup(w: usize, h: usize, fill: u64, seed: u64) -> (Board, Vec<(Coord, Coord)>) {
    let mut rng = SeededRng::new(seed);
    let mut board = generate::deal_any(Spec::new(w, h, 4).unwrap(), &mut rng);
    let cells: Vec<Coord> = board.cells().coords().collect();
    for &c in &cells {
        if !rng.chance(fill, 100) {
            board.set(c, None);
        }
    }
    let tiles: Vec<Coord> = cells.iter().copied().filter(|&c| board.get(c).is_some()).collect();
    let mut queries = Vec::new();
    while queries.len() < 200 && tiles.len() >= 2 {
        let (a, b) = (*rng.choose(&tiles).unwrap(), *rng.choose(&tiles).unwrap());
        if a != b {
            queries.push((a, b));
        }
    }
    (board, queries)
}

fn queries(c: &mut Criterion) {
    for (w, h) in [(18, 8), (30, 16)] {
        let mut group = c.benchmark_group(format!("path_{w}x{h}"));
        for fill in [25, 50, 75, 100] {
            let (board, queries) = setup(w, h, fill, fill);
            // Same answers, or the comparison means nothing.
            for &(a, b) in &queries {
                let ours = path::shortest_path(&board, a, b).map(|p| p.length());
                assert_eq!(ours, path::reference::shortest_path(&board, a, b).map(|p| p.length()));
            }
            let id = format!("fill{fill}");
            group.bench_with_input(BenchmarkId::new("ours", &id), &queries, |bench, queries| {
                bench.iter(|| queries.iter().filter(|&&(a, b)| path::shortest_path(&board, a, b).is_some()).count());
            });
            group.bench_with_input(BenchmarkId::new("reference", &id), &queries, |bench, queries| {
                bench.iter(|| {
                    queries.iter().filter(|&&(a, b)| path::reference::find_path(&board, a, b).is_some()).count()
                });
            });
        }
        group.finish();
    }
}

fn all_pairs(c: &mut Criterion) {
    let mut group = c.benchmark_group("removable_pairs");
    for (w, h) in [(18, 8), (30, 16)] {
        for fill in [50, 100] {
            let (board, _) = setup(w, h, fill, 7);
            let board = board_with_kinds(&board);
            group.bench_with_input(BenchmarkId::new("ours", format!("{w}x{h}_fill{fill}")), &board, |bench, board| {
                bench.iter(|| black_box(path::removable_pairs(board)).len());
            });
        }
    }
    group.finish();
}

/// The board itself: `setup` keeps the deal's kinds, so hints are realistic.
fn board_with_kinds(board: &Board) -> Board {
    let mut b = board.clone();
    if b.tile_count() == 0 {
        b.set(Coord::new(0, 0), Some(Kind(0)));
    }
    b
}

criterion_group!(benches, queries, all_pairs);
criterion_main!(benches);
