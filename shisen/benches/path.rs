//! Path queries: ours against the seed's BFS (`reference`), and the all-pairs hint list.
//!
//! Two workloads per board size and fill density:
//!
//! - `path_WxH`: a uniform deal with random cells emptied, and 200 queries between random
//!   tiles whatever their kinds (paths do not look at kinds). The empty cells are scattered,
//!   which a real game never has: play removes tiles that connect, so the holes grow from the
//!   border and from each other.
//! - `path_played_WxH`: a solvable deal played along its witness until the fill is reached (a
//!   position a player can actually see), queried with every pair of matching tiles: exactly
//!   the queries of the hint list, and of a player's clicks on two tiles of one kind.
//!
//! `removable_pairs` enumerates the hint list on the played positions, ours against the same
//! enumeration with the seed's BFS.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::{Coord, SeededRng};
use shisen::Board;
use shisen::game::Game;
use shisen::generate::{self, Spec};
use shisen::path;

const FILLS: [u64; 4] = [25, 50, 75, 100];
const SIZES: [(usize, usize); 2] = [(18, 8), (30, 16)];

/// A `w` × `h` deal with about `fill`% of its cells still holding tiles (each kept with that
/// chance), and 200 queries between random tiles.
fn scattered(w: usize, h: usize, fill: u64, seed: u64) -> (Board, Vec<(Coord, Coord)>) {
    let mut rng = SeededRng::new(seed);
    let mut board = generate::deal_any(&Spec::new(w, h), &mut rng).unwrap();
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

/// A solvable `w` × `h` deal played along its witness until at most `fill`% of the cells
/// hold tiles, and every pair of matching tiles on it.
fn played(w: usize, h: usize, fill: u64) -> (Board, Vec<(Coord, Coord)>) {
    let generate::Deal { board: deal, witness } =
        generate::generate(&Spec::new(w, h), &mut SeededRng::new(fill)).unwrap();
    let witness = witness.unwrap_or_default();
    let mut game = Game::new(deal, false);
    let target = (w * h) as u64 * fill / 100;
    for &(a, b) in &witness {
        if game.board().tile_count() as u64 <= target {
            break;
        }
        game.remove(a, b).unwrap();
    }
    let board = game.board().clone();
    let tiles: Vec<(Coord, u16)> = board.cells().iter().filter_map(|(c, k)| k.map(|k| (c, board.class(k)))).collect();
    let mut queries = Vec::new();
    for (i, &(a, ka)) in tiles.iter().enumerate() {
        for &(b, kb) in &tiles[i + 1..] {
            if ka == kb {
                queries.push((a, b));
            }
        }
    }
    (board, queries)
}

/// Benches ours against the reference on one board and query set, after checking that both
/// give the same answers (or the comparison means nothing).
fn compare(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    board: &Board,
    queries: &[(Coord, Coord)],
) {
    for &(a, b) in queries {
        let ours = path::shortest_path(board, a, b).map(|p| p.length());
        assert_eq!(ours, path::reference::shortest_path(board, a, b).map(|p| p.length()));
    }
    group.bench_with_input(BenchmarkId::new("ours", id), queries, |bench, queries| {
        bench.iter(|| queries.iter().filter(|&&(a, b)| path::shortest_path(board, a, b).is_some()).count());
    });
    group.bench_with_input(BenchmarkId::new("reference", id), queries, |bench, queries| {
        bench.iter(|| queries.iter().filter(|&&(a, b)| path::reference::find_path(board, a, b).is_some()).count());
    });
}

fn queries(c: &mut Criterion) {
    for (w, h) in SIZES {
        let mut group = c.benchmark_group(format!("path_{w}x{h}"));
        for fill in FILLS {
            let (board, queries) = scattered(w, h, fill, fill);
            compare(&mut group, &format!("fill{fill}"), &board, &queries);
        }
        group.finish();
    }
    for (w, h) in SIZES {
        let mut group = c.benchmark_group(format!("path_played_{w}x{h}"));
        for fill in FILLS {
            let (board, queries) = played(w, h, fill);
            compare(&mut group, &format!("fill{fill}"), &board, &queries);
        }
        group.finish();
    }
}

/// The hint list with the seed's BFS: every pair of matching tiles that it connects, tiles
/// grouped by class as ours does (so that only the queries differ).
fn reference_pairs(board: &Board) -> usize {
    let mut tiles: Vec<(u16, i32, i32)> =
        board.cells().iter().filter_map(|(c, k)| k.map(|k| (board.class(k), c.y, c.x))).collect();
    tiles.sort_unstable();
    let mut count = 0;
    for class in tiles.chunk_by(|p, q| p.0 == q.0) {
        for (i, &(_, ay, ax)) in class.iter().enumerate() {
            for &(_, by, bx) in &class[i + 1..] {
                count +=
                    usize::from(path::reference::find_path(board, Coord::new(ax, ay), Coord::new(bx, by)).is_some());
            }
        }
    }
    count
}

fn all_pairs(c: &mut Criterion) {
    let mut group = c.benchmark_group("removable_pairs");
    for (w, h) in SIZES {
        for fill in FILLS {
            let (board, _) = played(w, h, fill);
            assert_eq!(path::removable_pairs(&board).len(), reference_pairs(&board));
            let id = format!("{w}x{h}_fill{fill}");
            group.bench_with_input(BenchmarkId::new("ours", &id), &board, |bench, board| {
                bench.iter(|| black_box(path::removable_pairs(board)).len());
            });
            group.bench_with_input(BenchmarkId::new("reference", &id), &board, |bench, board| {
                bench.iter(|| reference_pairs(black_box(board)));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, queries, all_pairs);
criterion_main!(benches);
