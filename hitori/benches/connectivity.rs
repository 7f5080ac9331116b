//! "Would shading this cell disconnect the unshaded cells?": the dual union-find against
//! the seed's depth-first search (`reference`), asked for every cell of a half-shaded board.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use engine::{Grid, SeededRng};
use hitori::connectivity::{Connectivity, reference_would_disconnect};

/// A valid shading (no two shaded cells touch, the rest connected) with about half as many
/// shaded cells as a maximal one.
fn board(side: usize, seed: u64) -> Grid<bool> {
    let mut rng = SeededRng::new(seed);
    let mut conn = Connectivity::new(side, side);
    let mut order: Vec<usize> = (0..side * side).collect();
    rng.shuffle(&mut order);
    for i in order {
        let (x, y) = (i % side, i / side);
        let touching = (x > 0 && conn.is_shaded(i - 1))
            || (x + 1 < side && conn.is_shaded(i + 1))
            || (y > 0 && conn.is_shaded(i - side))
            || (y + 1 < side && conn.is_shaded(i + side));
        if !touching && !conn.would_disconnect(i) && rng.chance(1, 2) {
            conn.shade(i);
        }
    }
    Grid::from_fn(side, side, |c| conn.is_shaded(c.y as usize * side + c.x as usize))
}

fn bench_connectivity(c: &mut Criterion) {
    let mut group = c.benchmark_group("would_disconnect_all_cells");
    for side in [10usize, 25, 50] {
        let shading = board(side, side as u64);
        let conn = Connectivity::from_shading(&shading);
        let cells = shading.cells().to_vec();
        let ours: Vec<bool> = (0..side * side).map(|i| conn.would_disconnect(i)).collect();
        let theirs: Vec<bool> = (0..side * side).map(|i| reference_would_disconnect(side, side, &cells, i)).collect();
        assert_eq!(ours, theirs);
        group.bench_with_input(BenchmarkId::new("union_find", side), &conn, |b, conn| {
            b.iter(|| (0..side * side).filter(|&i| black_box(conn).would_disconnect(i)).count());
        });
        group.bench_with_input(BenchmarkId::new("reference", side), &cells, |b, cells| {
            b.iter(|| {
                (0..side * side).filter(|&i| reference_would_disconnect(side, side, black_box(cells), i)).count()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_connectivity);
criterion_main!(benches);
