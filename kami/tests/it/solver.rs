//! Whole solves through the public API: the par against exhaustive breadth-first search
//! on random small levels, the final colour common to the islands, and what a solve
//! reports when its budget runs out or an island is too big. (The solver's own tests of
//! its layers, and the whole solves that need its internal tuning, are unit tests in
//! `src/solver/`.)

use std::cell::Cell;

use engine::Outcome;
use kami::{Colour, Level, Move, Options, Proven, SolveError, game, solver};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

/// Random levels of 3 or 4 rows, 3-6 columns, 3 or 4 colours and a few holes (so islands
/// too): most of them have a par of [`MIN_PAR`] or more.
fn level_strategy() -> impl Strategy<Value = Level> {
    (3usize..5, 3usize..6, 3u8..5, 0u32..2).prop_flat_map(|(rows, cols, k, hole_weight)| {
        proptest::collection::vec((0u8..k, 0u32..10), rows * cols).prop_filter_map("no triangles", move |cells| {
            let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h >= hole_weight).then_some(c)).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}

/// An optimal solution of `level`.
fn solve(level: &Level) -> Vec<Move> {
    solver::optimal(level).unwrap()
}

/// The levels the cross-check compares: those of a par below this are drawn again.
const MIN_PAR: usize = 4;

/// The states exhaustive BFS may visit before it gives up on a level (which the
/// cross-check then counts as skipped).
const BFS_STATES: usize = 20_000;

/// The solver's optimum equals exhaustive BFS over every triangle and colour; its answer
/// replays to a solved level; the lower bound never exceeds the optimum. On levels of par
/// [`MIN_PAR`] or more; fails when BFS gives up on more levels than it checks.
#[test]
fn solver_matches_exhaustive_bfs() {
    let config = ProptestConfig { cases: 120, max_global_rejects: 4_096, ..ProptestConfig::default() };
    let mut runner = TestRunner::new(config);
    let (checked, skipped) = (Cell::new(0u32), Cell::new(0u32));
    let result = runner.run(&level_strategy(), |level| {
        let Some(reference) = solver::bfs_optimum(&level, BFS_STATES) else {
            skipped.set(skipped.get() + 1);
            return Ok(());
        };
        prop_assume!(reference.len() >= MIN_PAR);
        checked.set(checked.get() + 1);
        let moves = solve(&level);
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(game::is_solved(&game::replay(&level, &moves).unwrap()));
        prop_assert!(game::is_solved(&game::replay(&level, &reference).unwrap()));
        prop_assert!(solver::lower_bound(&level) as usize <= moves.len());
        prop_assert!(solver::greedy(&level).len() >= moves.len());
        // The seed's best-first search, where it ends within a few states: never shorter.
        if let Some(seed_answer) = solver::reference_best_first(&level, 5_000) {
            prop_assert!(game::is_solved(&game::replay(&level, &seed_answer).unwrap()));
            prop_assert!(seed_answer.len() >= moves.len());
        }
        Ok(())
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
    let (checked, skipped) = (checked.get(), skipped.get());
    eprintln!("checked {checked} levels of par {MIN_PAR} or more; BFS gave up on {skipped}");
    assert!(skipped < checked, "BFS gave up on {skipped} levels and checked {checked}: the cross-check proves little");
}

#[test]
fn budget_reports_bounds_and_a_replayable_best() {
    let level: Level = "0120120\n1201201\n2012012\n0120120\n".parse().unwrap();
    let options = Options::default().with_budget(engine::Budget::default().with_node_limit(3));
    let Outcome::GaveUp { proven: Proven { lower_bound: lb, best }, .. } =
        kami::solve(&level, &options).unwrap().outcome
    else {
        panic!("three nodes cannot prove this level");
    };
    let best = best.unwrap();
    let optimum = solve(&level).len() as u32;
    assert!(lb <= optimum && optimum <= best.len() as u32);
    assert!(game::is_solved(&game::replay(&level, &best).unwrap()));
}

/// An island too big for the search is an error that carries the colour bound (the
/// solver keeps no distance matrix, and so no memory, for it).
#[test]
fn giant_islands_get_the_colour_bound_without_exhausting_memory() {
    // 130 × 130 triangles coloured by parity: every triangle is its own region.
    let rows: Vec<String> =
        (0..130).map(|r| (0..130).map(|c| if (r + c) % 2 == 0 { '0' } else { '1' }).collect()).collect();
    let level: Level = rows.join("\n").parse().unwrap();
    let regions = 130 * 130;
    assert_eq!(
        kami::solve(&level, &Options::default()).map(|report| report.outcome),
        Err(SolveError::TooManyRegions { regions, lower_bound: 1 })
    );
    assert_eq!(solver::lower_bound(&level), 1);
}

#[test]
fn islands_pick_the_cheapest_common_colour() {
    // Left island is colour 0 already; the right one needs one move to 0 or to 1.
    let level: Level = "0.01\n0.01\n".parse().unwrap();
    let moves = solve(&level);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].colour, 0);
}
