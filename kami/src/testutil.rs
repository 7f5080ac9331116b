//! Test helpers shared by the modules' unit tests (test builds only).

use proptest::prelude::*;

use crate::{Colour, Level, Move};

/// Random small levels: 1-5 rows, 1-6 columns, 1-4 colours, some holes (so islands too).
pub(crate) fn level_strategy() -> impl Strategy<Value = Level> {
    (1usize..6, 1usize..7, 1u8..5, 0u32..4).prop_flat_map(|(rows, cols, k, hole_weight)| {
        proptest::collection::vec((0u8..k, 0u32..10), rows * cols).prop_filter_map("no triangles", move |cells| {
            let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h >= hole_weight).then_some(c)).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}

/// The levels a cross-check compares: those whose reference answer is shorter than this
/// are drawn again (the same bar as `tests/it/solver.rs`'s `MIN_PAR`).
pub(crate) const MIN_PAR: usize = 4;

/// The states exhaustive BFS may expand before it gives up on a level (as in
/// `tests/it/solver.rs`); a level it gives up on counts as skipped.
pub(crate) const BFS_STATES: usize = 20_000;

/// Random levels of 3 or 4 rows, 3-5 columns, 3 or 4 colours and a few holes (so islands
/// too), most of them of par [`MIN_PAR`] or more and within [`BFS_STATES`] of exhaustive
/// search: the ranges of `tests/it/solver.rs`'s `level_strategy` (an integration test
/// cannot share the library's test-only code, so the ranges are written twice).
pub(crate) fn decidable_level_strategy() -> impl Strategy<Value = Level> {
    (3usize..5, 3usize..6, 3u8..5, 0u32..2).prop_flat_map(|(rows, cols, k, hole_weight)| {
        proptest::collection::vec((0u8..k, 0u32..10), rows * cols).prop_filter_map("no triangles", move |cells| {
            let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h >= hole_weight).then_some(c)).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}

/// The number of levels in [`bfs_levels`].
const BFS_LEVELS: usize = 64;

/// [`BFS_LEVELS`] levels of [`decidable_level_strategy`] of par [`MIN_PAR`] or more, each
/// with its optimum by exhaustive BFS ([`bfs_optimum`](crate::solver::bfs_optimum) within
/// [`BFS_STATES`]), drawn once per test run and shared by the unit tests that check the
/// solver's features against exhaustive search: the breadth-first search of a level of
/// par 4 costs more than all their checks of it. Levels of a lower par are drawn again; a
/// level BFS gives up on counts as skipped, and drawing fails when it skips more levels
/// than it keeps, since a cross-check that skips most of its levels proves little.
pub(crate) fn bfs_levels() -> &'static [(Level, Vec<Move>)] {
    static LEVELS: std::sync::LazyLock<Vec<(Level, Vec<Move>)>> = std::sync::LazyLock::new(|| {
        // Two halves on two threads (the other tests that need the levels wait for them).
        let halves = std::thread::scope(|scope| {
            let half = || scope.spawn(|| bfs_decided(BFS_LEVELS / 2));
            [half(), half()].map(|half| half.join().expect("drawing levels never panics"))
        });
        let skipped: usize = halves.iter().map(|(_, skipped)| skipped).sum();
        let levels: Vec<_> = halves.into_iter().flat_map(|(levels, _)| levels).collect();
        assert!(
            skipped <= levels.len(),
            "BFS gave up on {skipped} levels and answered {}: the cross-checks prove little",
            levels.len()
        );
        levels
    });
    &LEVELS
}

/// `count` levels of [`decidable_level_strategy`] of par [`MIN_PAR`] or more with their
/// optimum by exhaustive BFS, and the number of levels BFS gave up on meanwhile.
fn bfs_decided(count: usize) -> (Vec<(Level, Vec<Move>)>, usize) {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::default();
    let strategy = decidable_level_strategy();
    let (mut levels, mut skipped, mut drawn) = (Vec::new(), 0, 0);
    while levels.len() < count {
        drawn += 1;
        assert!(drawn < 64 * count, "too few levels of par {MIN_PAR} or more");
        let level = strategy.new_tree(&mut runner).expect("levels are drawn").current();
        match crate::solver::bfs_optimum(&level, BFS_STATES) {
            None => skipped += 1,
            Some(moves) if moves.len() >= MIN_PAR => levels.push((level, moves)),
            Some(_) => {}
        }
    }
    (levels, skipped)
}

/// One of [`bfs_levels`] with its optimum by exhaustive BFS.
pub(crate) fn bfs_level() -> impl Strategy<Value = (Level, Vec<Move>)> {
    proptest::sample::select(bfs_levels())
}

/// Runs `test` on `cases` values of `strategy` whose level `reference` answers with at
/// least [`MIN_PAR`] moves, giving it the level, the reference's moves and the value's
/// other parts. A level `reference` gives up on (`None`) counts as skipped, a shorter
/// answer is drawn again; fails with the first failure `test` reports (shrunk), and when
/// more than half the cases are skipped, since a cross-check that skips most of its levels
/// proves little.
pub(crate) fn cross_check<T: std::fmt::Debug>(
    cases: u32,
    strategy: impl Strategy<Value = (Level, T)>,
    reference: impl Fn(&Level) -> Option<Vec<Move>>,
    test: impl Fn(&Level, &[Move], T) -> Result<(), TestCaseError>,
) {
    use std::cell::Cell;
    let config = ProptestConfig { cases, max_global_rejects: 64 * cases, ..ProptestConfig::default() };
    let (checked, skipped) = (Cell::new(0u32), Cell::new(0u32));
    let result = proptest::test_runner::TestRunner::new(config).run(&strategy, |(level, rest)| {
        let Some(moves) = reference(&level) else {
            skipped.set(skipped.get() + 1);
            return Ok(());
        };
        prop_assume!(moves.len() >= MIN_PAR);
        checked.set(checked.get() + 1);
        test(&level, &moves, rest)
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
    let (checked, skipped) = (checked.get(), skipped.get());
    assert!(
        skipped <= checked,
        "the reference gave up on {skipped} levels and answered {checked}: the cross-check proves little"
    );
}
