//! Tests of the solver's top layer (`mod.rs`, test builds only): whole solves, islands
//! and final colour included, with the driver's features forced on by a [`Tuning`] of
//! their own (a tiny table, beams, probes and threads after every iteration), checked
//! against exhaustive breadth-first search or against the plain search; and what a solve
//! reports when its budget runs out on a beam or an island. Whole solves the public API
//! can express are in `tests/solver.rs`.

use proptest::prelude::*;
use rustc_hash::FxHashMap;

use super::Solved as Outcome;
use super::beam::{beam_path, shorten};
use super::bounds::Scratch;
use super::budget::{Budget, Limits, test_budget};
use super::driver::ida_star;
use super::node::Island;
use super::table::SHARDS;
use super::test_support::medium_level_strategy;
use super::tuning::Tuning;
use super::{optimal, solve_budget};
use crate::testutil::{bfs_level, cross_check};
use crate::{Level, Move, RegionGraph, game};

proptest! {
    // The levels and their BFS optima are `bfs_levels`, drawn once; a case is one solve
    // (a few milliseconds), so 128 draws see most of the 64 levels and twice some.
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// With a transposition table of at most 8 entries (shrunk all the time), the solver
    /// still finds the optimum of exhaustive breadth-first search, and its thresholds
    /// never pass it.
    #[test]
    fn a_tiny_transposition_table_keeps_the_solver_optimal((level, reference) in bfs_level()) {
        let mut budget = Budget { tuning: Tuning { table_limit: 8,  ..Tuning::default() }, ..test_budget(Limits::default(), true) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        // No iteration's threshold overshoots an island's optimum (at most the level's):
        // every failed iteration proved its next threshold.
        for it in budget.trace.unwrap_or_default() {
            prop_assert!(it.bound as usize <= reference.len());
        }
    }
}

proptest! {
    // One draw for each of the 64 levels of `bfs_levels`, on average: a case is a few
    // solves, beams and shortenings (10-30 ms).
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// With a beam search after every iteration (so searches often end on a beam's
    /// path once the threshold below it is refuted), the solver still finds the
    /// optimum of exhaustive breadth-first search; every beam path is a real solution
    /// of its island, never shorter than the optimum, and so is every path `shorten`
    /// makes of it.
    #[test]
    fn beams_keep_the_solver_optimal((level, reference) in bfs_level(), width in 1usize..6) {
        let mut budget = Budget { tuning: Tuning { beam_after: 0, beam_width: width,  ..Tuning::default() }, ..test_budget(Limits::default(), true) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(game::is_solved(&game::replay(&level, &moves).unwrap()));
        let graph = RegionGraph::new(&level);
        for regions in graph.islands() {
            let island = Island::new(&graph, regions);
            let path = beam_path(&island, width, &mut test_budget(Limits::default(), false)).unwrap();
            let mut node = island.root();
            let mut scratch = Scratch::new(&island);
            for &(r, x) in &path {
                prop_assert!(node.alive[r as usize / 64] >> (r % 64) & 1 == 1);
                prop_assert!(node.col[r as usize] != x);
                island.apply(&mut node, r as usize, x, &mut scratch.merged);
            }
            prop_assert_eq!(node.count, 1);
            let mut alone = test_budget(Limits::default(), false);
            let mut table = FxHashMap::default();
            let palette = level.colours_used();
            let optimum = ida_star(&island, None, &palette, &mut alone, &mut table).unwrap();
            prop_assert!(path.len() >= optimum.len());
            // Shortening keeps a solution, never longer; with room for a whole search
            // from the start, an optimal one, whether it is told the optimum's lower
            // bound or not; told that the path is as short as can be, it searches nothing.
            let (none, par, all) = (0, optimum.len() as u32, path.len() as u32);
            for (suffix_nodes, optimal, lower) in [(10, false, none), (1_000_000, true, none), (1_000_000, true, par), (1, false, all)] {
                let mut table = FxHashMap::default();
                let budget = &mut test_budget(Limits::default(), false);
                let short = shorten(&island, &palette, budget, (&mut table, &mut []), (path.clone(), lower), suffix_nodes);
                prop_assert!(short.len() <= path.len());
                prop_assert!(!optimal || short.len() == optimum.len());
                prop_assert!(lower < all || (short == path && budget.nodes() == 0));
                let mut node = island.root();
                for &(r, x) in &short {
                    prop_assert!(node.alive[r as usize / 64] >> (r % 64) & 1 == 1);
                    island.apply(&mut node, r as usize, x, &mut scratch.merged);
                }
                prop_assert_eq!(node.count, 1);
            }
        }
    }

    /// With the root's children probed after every iteration (so searches often end on
    /// a probe's solution), the solver still finds the optimum of exhaustive
    /// breadth-first search, also with beams after every iteration and on two threads
    /// (the threads share a table, so the nodes, and the moves, may differ from run to
    /// run: see `what_the_shared_table_holds_never_changes_the_par`); under a node
    /// limit, the lower bound it reports never exceeds it.
    #[test]
    fn probes_keep_the_solver_optimal((level, reference) in bfs_level(), limit in 1u64..400) {
        let mut budget = Budget { tuning: Tuning { probe_after: 0, beam_after: u64::MAX,  ..Tuning::default() }, ..test_budget(Limits::default(), true) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(game::is_solved(&game::replay(&level, &moves).unwrap()));
        // With beams too, the probes run between a beam that falls short and its shortening.
        let mut budget = Budget { tuning: Tuning { probe_after: 0, beam_after: 0,  ..Tuning::default() }, ..test_budget(Limits::default(), false) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(game::is_solved(&game::replay(&level, &moves).unwrap()));
        let two = || {
            let limits = Limits { threads: 2, ..Limits::default() };
            let mut budget = Budget { tuning: Tuning { probe_after: 0, parallel_after: 0, beam_after: 0,  ..Tuning::default() }, ..test_budget(limits, false) };
            solve_budget(&level, &mut budget)
        };
        for _ in 0..2 {
            let Outcome::Optimal(moves) = two() else { panic!("no budget limit") };
            prop_assert_eq!(moves.len(), reference.len());
            prop_assert!(game::is_solved(&game::replay(&level, &moves).unwrap()));
        }
        let limits = Limits { node_limit: Some(limit), ..Limits::default() };
        let mut budget = Budget { tuning: Tuning { probe_after: 0, beam_after: u64::MAX,  ..Tuning::default() }, ..test_budget(limits, false) };
        match solve_budget(&level, &mut budget) {
            Outcome::Optimal(moves) => prop_assert_eq!(moves.len(), reference.len()),
            Outcome::GaveUp { lower_bound, .. } => prop_assert!(lower_bound as usize <= reference.len()),
        }
    }
}

/// The nodes the plain search (no probes, no beams) may take as the reference of the
/// checks on bigger levels; a level it gives up on counts as skipped (see [`cross_check`]).
const PLAIN_NODES: u64 = 100_000;

/// The optimum of `level` by the search with neither probes nor beams, `None` when it
/// takes more than [`PLAIN_NODES`] nodes.
fn plain(level: &Level) -> Option<Vec<Move>> {
    let limits = Limits { node_limit: Some(PLAIN_NODES), ..Limits::default() };
    let mut plain = Budget {
        tuning: Tuning { probe_after: u64::MAX, beam_after: u64::MAX, ..Tuning::default() },
        ..test_budget(limits, false)
    };
    match solve_budget(level, &mut plain) {
        Outcome::Optimal(moves) => Some(moves),
        Outcome::GaveUp { .. } => None,
    }
}

/// On levels too big for breadth-first search, the search with the root's children
/// probed after every iteration finds optima as short as the search without.
#[test]
fn probes_keep_the_solver_optimal_on_bigger_levels() {
    // Two solves a level (about 20 ms).
    cross_check(64, medium_level_strategy().prop_map(|level| (level, ())), plain, |level, reference, ()| {
        let mut budget = Budget {
            tuning: Tuning { probe_after: 0, beam_after: u64::MAX, ..Tuning::default() },
            ..test_budget(Limits::default(), true)
        };
        let Outcome::Optimal(moves) = solve_budget(level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(game::is_solved(&game::replay(level, &moves).unwrap()));
        Ok(())
    });
}

/// On levels too big for breadth-first search, the search closed by beam paths
/// (narrow beams after every iteration) finds optima as short as the search
/// without beams, itself checked against breadth-first search above.
#[test]
fn beams_keep_the_solver_optimal_on_bigger_levels() {
    // 12: a case costs about 0.4 s (a beam and its shortening after every iteration);
    // beams against exhaustive search are `beams_keep_the_solver_optimal`'s, on 64 levels.
    cross_check(12, (medium_level_strategy(), 1usize..3), plain, |level, reference, width| {
        let mut budget = Budget {
            tuning: Tuning { beam_after: 0, beam_width: width, ..Tuning::default() },
            ..test_budget(Limits::default(), true)
        };
        let Outcome::Optimal(moves) = solve_budget(level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(game::is_solved(&game::replay(level, &moves).unwrap()));
        Ok(())
    });
}

/// Solves `level` with `threads` threads and a beam of width `width` after every
/// iteration (so beams and their shortening run on the threads too; no beams if `width`
/// is 0): the outcome and the node count.
fn solve_on_threads(level: &Level, threads: usize, width: usize, node_limit: Option<u64>) -> (Outcome, u64) {
    let limits = Limits { node_limit, threads };
    let beam_after = if width == 0 { u64::MAX } else { 0 };
    let mut budget = Budget {
        tuning: Tuning { beam_after, beam_width: width.max(1), parallel_after: 0, probe_after: 0, ..Tuning::default() },
        ..test_budget(limits, false)
    };
    let outcome = solve_budget(level, &mut budget);
    (outcome, budget.nodes())
}

proptest! {
    // One draw for each of the 64 levels of `bfs_levels`, on average: a case is four
    // solves on threads (about 40 ms).
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// With 2 or 3 threads, the solver finds the optimum of exhaustive breadth-first
    /// search, and its answer replays to a solved level, run after run (the threads
    /// share a table, so the node count, and the moves, may differ); under a node limit
    /// (each thread with its own table), two runs give the same outcome and node count.
    #[test]
    fn threads_keep_the_solver_optimal_and_deterministic(
        (level, reference) in bfs_level(),
        threads in 2usize..4,
        width in 0usize..4,
        share in 1u64..4,
    ) {
        let runs = [(); 2].map(|()| solve_on_threads(&level, threads, width, None));
        for (outcome, _) in &runs {
            let Outcome::Optimal(moves) = outcome else { panic!("no budget limit") };
            prop_assert_eq!(moves.len(), reference.len());
            prop_assert!(game::is_solved(&game::replay(&level, moves).unwrap()));
        }
        let nodes = runs[1].1;
        // A limit that may or may not run out.
        let limit = Some(nodes * share / 2);
        let limited = solve_on_threads(&level, threads, width, limit);
        prop_assert_eq!(solve_on_threads(&level, threads, width, limit), limited.clone());
        if let Outcome::Optimal(moves) = limited.0 {
            prop_assert_eq!(moves.len(), reference.len());
        }
    }
}

/// On 16–80-triangle levels, two threads find the par of one thread (the plain search);
/// under a node limit too small to finish, two runs give the same outcome and node count,
/// and the lower bound reported never exceeds the par.
#[test]
fn threads_keep_the_par_on_bigger_levels() {
    // 16: a case costs about 0.3 s (four solves on threads with beams after every
    // iteration); threads against exhaustive search are
    // `threads_keep_the_solver_optimal_and_deterministic`'s, on 64 levels.
    cross_check(16, (medium_level_strategy(), 50u64..3_000), plain, |level, one, limit| {
        let (outcome, _) = solve_on_threads(level, 2, 2, None);
        let Outcome::Optimal(two) = outcome else { panic!("no budget limit") };
        prop_assert_eq!(two.len(), one.len());
        prop_assert!(game::is_solved(&game::replay(level, &two).unwrap()));
        let limited = solve_on_threads(level, 2, 2, Some(limit));
        prop_assert_eq!(solve_on_threads(level, 2, 2, Some(limit)), limited.clone());
        match limited.0 {
            Outcome::Optimal(moves) => prop_assert_eq!(moves.len(), one.len()),
            Outcome::GaveUp { lower_bound, best } => {
                prop_assert!(lower_bound as usize <= one.len());
                if let Some(best) = best {
                    prop_assert!(game::is_solved(&game::replay(level, &best).unwrap()));
                }
            }
        }
        Ok(())
    });
}

/// A budget that runs out on the first island stays spent on the next, which is one
/// region already: the outcome is `GaveUp` with a replayable best, on threads as on
/// one (a parallel iteration once cleared the flag when it found the empty solution).
/// The node limit is one at which the two-thread run panics without the guard at the
/// top of `parallel_dfs` (checked when the beam policy changed; it moves with it).
#[test]
fn a_spent_budget_stays_spent_on_the_next_island() {
    let level: Level = "...1\n..02\n..20\n..02\n..01\n..11\n..12\n.021\n".parse().unwrap();
    assert_eq!(RegionGraph::new(&level).islands().len(), 2);
    for threads in [1, 2] {
        let (outcome, _) = solve_on_threads(&level, threads, 2, Some(95));
        let Outcome::GaveUp { lower_bound, best: Some(best) } = outcome else { panic!("the budget runs out") };
        assert!(lower_bound <= 5);
        assert!(game::is_solved(&game::replay(&level, &best).unwrap()));
    }
}

#[test]
fn a_budget_spent_in_a_beam_still_reports_a_lower_bound() {
    // Every node budget, including ones that run out inside a beam search, gives a
    // proven lower bound and a replayable best answer.
    let level: Level = "0120120\n1201201\n2012012\n0120120\n".parse().unwrap();
    let optimum = solve(&level).len() as u32;
    for limit in [1, 10, 100, 1_000, 10_000, 100_000] {
        let mut budget = Budget {
            tuning: Tuning { beam_after: 1, ..Tuning::default() },
            ..test_budget(Limits { node_limit: Some(limit), ..Limits::default() }, false)
        };
        match solve_budget(&level, &mut budget) {
            Outcome::Optimal(moves) => assert_eq!(moves.len() as u32, optimum),
            Outcome::GaveUp { lower_bound, best } => {
                assert!(lower_bound <= optimum);
                let best = best.expect("a best answer");
                assert!(best.len() as u32 >= optimum);
                assert!(game::is_solved(&game::replay(&level, &best).unwrap()));
            }
        }
    }
}

/// The generated 29x10 level of 5 colours and 100 regions of seed 4, par 8
/// (`kami generate --size 29x10 --colors 5 --regions 100 --seed 4`), written out so that
/// the solver's tests do not depend on the generator.
const SEED_4: &str = "\
# par: 8
1444111110
1141111111
1411114140
1141410000
4114114400
1100110004
1144114000
1400421400
1000011144
1404411111
4000004112
4000041141
4404004111
4041004141
0412400101
4012144104
0042214140
0011211100
0114111404
4111400400
1144140000
1141140034
4111104434
0414100334
0011144443
0411433344
0014033434
0014033043
0040043003
";

#[test]
fn the_probes_go_before_the_shortening_of_a_beam_that_falls_short() {
    // Generated 29x10 level, 5 colours, 100 regions, seed 4 (par 8): after the iteration
    // that refutes 7, the beam of 8 finds 10 moves, and the probes find 8. They run before
    // the beam's path is shortened (whose searches found no 8 there, in 20 000 nodes), so
    // every node but the beam's is in the trace's iterations, the probes' last.
    let level: Level = SEED_4.parse().unwrap();
    let mut budget = test_budget(Limits::default(), true);
    let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
    assert_eq!(Some(moves.len() as u32), level.par);
    assert!(game::is_solved(&game::replay(&level, &moves).unwrap()));
    let trace = budget.trace.take().unwrap_or_default();
    let [.., refuted, probes] = &trace[..] else { panic!("two iterations at least") };
    assert_eq!((refuted.bound, refuted.beam, probes.bound, probes.beam), (7, Some(10), 8, None));
    let graph = RegionGraph::new(&level);
    let [regions] = graph.islands() else { panic!("one island") };
    let mut beam = test_budget(Limits::default(), false);
    let path = beam_path(&Island::new(&graph, regions), 8, &mut beam).unwrap();
    assert_eq!(path.len(), 10);
    assert_eq!(budget.nodes(), trace.iter().map(|it| it.nodes).sum::<u64>() + beam.nodes());
}

#[test]
fn the_probes_run_on_the_threads_and_find_the_par_every_time() {
    // The level above: on two threads too, the probes find the par after the beam falls
    // short, each thread probing its own children; under a node limit (every table a
    // thread's own) with the same path and nodes every run, and without one (a shared
    // table for the iterations, the probes' own tables for them) with the par.
    let level: Level = SEED_4.parse().unwrap();
    let run = |node_limit| {
        let mut budget = test_budget(Limits { node_limit, threads: 2 }, true);
        let outcome = solve_budget(&level, &mut budget);
        (outcome, budget.nodes(), budget.trace.unwrap_or_default())
    };
    for node_limit in [None, Some(10_000_000)] {
        let (outcome, nodes, trace) = run(node_limit);
        let Outcome::Optimal(moves) = &outcome else { panic!("the limit is far above the nodes needed") };
        assert_eq!(Some(moves.len() as u32), level.par);
        assert!(game::is_solved(&game::replay(&level, moves).unwrap()));
        let [.., refuted, probes] = &trace[..] else { panic!("two iterations at least") };
        assert_eq!((refuted.bound, refuted.beam, probes.bound, probes.beam), (7, Some(10), 8, None));
        // Each thread's nodes, of which those up to the solution's unit are counted.
        assert_eq!(probes.threads.len(), 2);
        assert!(probes.threads.iter().all(|&spent| spent > 0));
        assert!(probes.nodes <= probes.threads.iter().sum::<u64>());
        let (again, again_nodes, _) = run(node_limit);
        if node_limit.is_some() {
            assert_eq!((again, again_nodes), (outcome, nodes));
        } else {
            let Outcome::Optimal(again) = again else { panic!("no budget limit") };
            assert_eq!(again.len(), moves.len());
            assert!(game::is_solved(&game::replay(&level, &again).unwrap()));
        }
    }
}

proptest! {
    // One draw for each of the 64 levels of `bfs_levels`, on average (a case is one solve).
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Threads sharing a table of a few entries per shard (so its shards shrink all the
    /// time, while other threads read them) still find the optimum.
    #[test]
    fn a_tiny_shared_table_keeps_the_threads_optimal((level, reference) in bfs_level()) {
        let limits = Limits { threads: 2, ..Limits::default() };
        let mut budget =
            Budget { tuning: Tuning { table_limit: 2 * SHARDS, parallel_after: 0, probe_after: 0,  ..Tuning::default() }, ..test_budget(limits, false) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(game::is_solved(&game::replay(&level, &moves).unwrap()));
    }
}

/// An optimal solution of `level`.
fn solve(level: &Level) -> Vec<Move> {
    optimal(level).unwrap()
}
