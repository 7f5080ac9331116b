use proptest::prelude::*;

use super::Solved as Outcome;
use super::beam::{beam_path, shorten};
use super::bounds::Far;
use super::bounds::{
    ColourSets, Scratch, colour_bound, colour_counts, heuristic, moved_counts, pair_bound, pair_delta,
    single_within_one_move, single_within_one_move_after,
};
use super::budget::Budget;
use super::children::tests::{colour_radius_cuts_the_child, open_masks};
use super::children::{self, ChildKey, Last, Problem};
use super::children::{CRITICAL_PAIRS, CentreWitnesses, TapFilter, colour_radius_cut, pair_taps, radius_taps};
use super::dfs::{Probe, Search};
use super::driver::ida_star;
use super::node::merged_row;
use super::node::{Island, Node, bits};
use super::parallel::parallel_dfs;
use super::table::SHARDS;
use super::tuning::Tuning;
use super::*;
use crate::State;
use crate::testutil::level_strategy;

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// The solver's optimum equals exhaustive BFS over every triangle and colour; its
    /// answer replays to a solved level; the lower bound never exceeds the optimum.
    #[test]
    fn solver_matches_exhaustive_bfs(level in level_strategy()) {
        let Some(reference) = bfs_optimum(&level, 5_000) else { return Ok(()) };
        let moves = solve(&level);
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
        prop_assert!(play::is_solved(&play::replay(&level, &reference).unwrap()));
        prop_assert!(lower_bound(&level) as usize <= moves.len());
        prop_assert!(greedy(&level).len() >= moves.len());
        if let Some(seed_answer) = reference_best_first(&level, 5_000) {
            prop_assert!(play::is_solved(&play::replay(&level, &seed_answer).unwrap()));
            prop_assert!(seed_answer.len() >= moves.len());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// With a transposition table of at most 8 entries (shrunk all the time), the solver
    /// still finds the optimum of exhaustive breadth-first search, and its thresholds
    /// never pass it.
    #[test]
    fn a_tiny_transposition_table_keeps_the_solver_optimal(level in level_strategy()) {
        let Some(reference) = bfs_optimum(&level, 5_000) else { return Ok(()) };
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
    /// With a beam search after every iteration (so searches often end on a beam's
    /// path once the threshold below it is refuted), the solver still finds the
    /// optimum of exhaustive breadth-first search; every beam path is a real solution
    /// of its island, never shorter than the optimum, and so is every path `shorten`
    /// makes of it.
    #[test]
    fn beams_keep_the_solver_optimal(level in level_strategy(), width in 1usize..6) {
        let Some(reference) = bfs_optimum(&level, 5_000) else { return Ok(()) };
        let mut budget = Budget { tuning: Tuning { beam_after: 0, beam_width: width,  ..Tuning::default() }, ..test_budget(Limits::default(), true) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
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
}

proptest! {
    /// With the root's children probed after every iteration (so searches often end on
    /// a probe's solution), the solver still finds the optimum of exhaustive
    /// breadth-first search, also with beams after every iteration and on two threads
    /// (the threads share a table, so the nodes, and the moves, may differ from run to
    /// run: see `what_the_shared_table_holds_never_changes_the_par`); under a node
    /// limit, the lower bound it reports never exceeds it.
    #[test]
    fn probes_keep_the_solver_optimal(level in level_strategy(), limit in 1u64..400) {
        let Some(reference) = bfs_optimum(&level, 5_000) else { return Ok(()) };
        let mut budget = Budget { tuning: Tuning { probe_after: 0, beam_after: u64::MAX,  ..Tuning::default() }, ..test_budget(Limits::default(), true) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
        // With beams too, the probes run between a beam that falls short and its shortening.
        let mut budget = Budget { tuning: Tuning { probe_after: 0, beam_after: 0,  ..Tuning::default() }, ..test_budget(Limits::default(), false) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
        let two = || {
            let limits = Limits { threads: 2, ..Limits::default() };
            let mut budget = Budget { tuning: Tuning { probe_after: 0, parallel_after: 0, beam_after: 0,  ..Tuning::default() }, ..test_budget(limits, false) };
            solve_budget(&level, &mut budget)
        };
        for _ in 0..2 {
            let Outcome::Optimal(moves) = two() else { panic!("no budget limit") };
            prop_assert_eq!(moves.len(), reference.len());
            prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
        }
        let limits = Limits { node_limit: Some(limit), ..Limits::default() };
        let mut budget = Budget { tuning: Tuning { probe_after: 0, beam_after: u64::MAX,  ..Tuning::default() }, ..test_budget(limits, false) };
        match solve_budget(&level, &mut budget) {
            Outcome::Optimal(moves) => prop_assert_eq!(moves.len(), reference.len()),
            Outcome::GaveUp { lower_bound, .. } => prop_assert!(lower_bound as usize <= reference.len()),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// On levels too big for breadth-first search, the search with the root's children
    /// probed after every iteration finds optima as short as the search without.
    #[test]
    fn probes_keep_the_solver_optimal_on_bigger_levels(level in medium_level_strategy()) {
        let limits = Limits { node_limit: Some(200_000), ..Limits::default() };
        let mut plain = Budget { tuning: Tuning { probe_after: u64::MAX, beam_after: u64::MAX,  ..Tuning::default() }, ..test_budget(limits, false) };
        let Outcome::Optimal(reference) = solve_budget(&level, &mut plain) else { return Ok(()) };
        let mut budget = Budget { tuning: Tuning { probe_after: 0, beam_after: u64::MAX,  ..Tuning::default() }, ..test_budget(Limits::default(), true) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
    }

    /// On levels too big for breadth-first search, the search closed by beam paths
    /// (narrow beams after every iteration) finds optima as short as the search
    /// without beams, itself checked against breadth-first search above.
    #[test]
    fn beams_keep_the_solver_optimal_on_bigger_levels(level in medium_level_strategy(), width in 1usize..3) {
        let limits = Limits { node_limit: Some(200_000), ..Limits::default() };
        let mut plain = Budget { tuning: Tuning { beam_after: u64::MAX,  ..Tuning::default() }, ..test_budget(limits, false) };
        let Outcome::Optimal(reference) = solve_budget(&level, &mut plain) else { return Ok(()) };
        let mut budget = Budget { tuning: Tuning { beam_after: 0, beam_width: width,  ..Tuning::default() }, ..test_budget(Limits::default(), true) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Without a node limit, the threads share a table whose entries depend on timing,
    /// so the par a search finds must not depend on what that table holds: a search
    /// whose table starts with every entry a first search left (all proven bounds) finds
    /// a path as short, with probes, beams and their shortening after every iteration;
    /// both paths solve the island. Not always the same path: with the fuller table the
    /// iterations take fewer nodes, and the probes and beams that follow get node
    /// budgets from those counts (module docs, [Threads](super#threads)).
    #[test]
    fn what_the_shared_table_holds_never_changes_the_par(level in medium_level_strategy(), width in 1usize..3, cap in 1u64..32) {
        for (first, again) in with_a_full_table(&level, width, cap) {
            prop_assert_eq!(again.len(), first.len());
        }
    }
}

/// For each island of `level`: the path a search on two threads without a node limit
/// finds (probes with a first cap of `cap` nodes, beams of width `width` and their
/// shortening, after every iteration), then the path of a second search whose table
/// starts with every entry the first left; each checked to solve the island.
fn with_a_full_table(level: &Level, width: usize, cap: u64) -> Vec<(Path, Path)> {
    let graph = RegionGraph::new(level);
    let palette = level.colours_used();
    let mut out = Vec::new();
    for regions in graph.islands() {
        let island = Island::new(&graph, regions);
        let limits = Limits { threads: 2, ..Limits::default() };
        let budget = || Budget {
            tuning: Tuning {
                probe_after: 0,
                probe_cap: cap,
                parallel_after: 0,
                beam_after: 0,
                beam_width: width,
                ..Tuning::default()
            },
            ..test_budget(limits, false)
        };
        let mut table = FxHashMap::default();
        let mut solve = || {
            let Ok(path) = ida_star(&island, None, &palette, &mut budget(), &mut table) else {
                panic!("no budget limit")
            };
            let left = island.played(&path).count;
            assert!(left <= 1, "{path:?} leaves {left} regions");
            path
        };
        let first = solve();
        out.push((first, solve()));
    }
    out
}

/// The case the property above shrank to when it still asked for the same path: with the full table the second search's probes get fewer nodes, miss
/// the solution the first search's probes found, and its iteration finds another as
/// short.
#[test]
fn a_full_table_may_change_the_moves_but_not_the_par() {
    let level: Level = ".1......\n01..002.\n0030101.\n1323.200\n32310001\n".parse().unwrap();
    let islands = with_a_full_table(&level, 1, 16);
    let [(first, again)] = &islands[..] else { panic!("one island") };
    assert_eq!((first.len(), again.len()), (8, 8));
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
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// With 2 or 3 threads, the solver finds the optimum of exhaustive breadth-first
    /// search, and its answer replays to a solved level, run after run (the threads
    /// share a table, so the node count, and the moves, may differ); under a node limit
    /// (each thread with its own table), two runs give the same outcome and node count.
    #[test]
    fn threads_keep_the_solver_optimal_and_deterministic(
        level in level_strategy(),
        threads in 2usize..4,
        width in 0usize..4,
        share in 1u64..4,
    ) {
        let Some(reference) = bfs_optimum(&level, 5_000) else { return Ok(()) };
        let runs = [(); 2].map(|()| solve_on_threads(&level, threads, width, None));
        for (outcome, _) in &runs {
            let Outcome::Optimal(moves) = outcome else { panic!("no budget limit") };
            prop_assert_eq!(moves.len(), reference.len());
            prop_assert!(play::is_solved(&play::replay(&level, moves).unwrap()));
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// On 16–80-triangle levels, two threads find the par of one thread; under a node
    /// limit too small to finish, two runs give the same outcome and node count, and the
    /// lower bound reported never exceeds the par.
    #[test]
    fn threads_keep_the_par_on_bigger_levels(level in medium_level_strategy(), limit in 50u64..3_000) {
        let (Outcome::Optimal(one), _) = solve_on_threads(&level, 1, 2, Some(200_000)) else { return Ok(()) };
        let (outcome, _) = solve_on_threads(&level, 2, 2, None);
        let Outcome::Optimal(two) = outcome else { panic!("no budget limit") };
        prop_assert_eq!(two.len(), one.len());
        prop_assert!(play::is_solved(&play::replay(&level, &two).unwrap()));
        let limited = solve_on_threads(&level, 2, 2, Some(limit));
        prop_assert_eq!(solve_on_threads(&level, 2, 2, Some(limit)), limited.clone());
        match limited.0 {
            Outcome::Optimal(moves) => prop_assert_eq!(moves.len(), one.len()),
            Outcome::GaveUp { lower_bound, best } => {
                prop_assert!(lower_bound as usize <= one.len());
                if let Some(best) = best {
                    prop_assert!(play::is_solved(&play::replay(&level, &best).unwrap()));
                }
            }
        }
    }

    /// Iteration by iteration (tables kept, as in IDA*), a parallel iteration at the root
    /// finds a solution exactly when one thread does, the same one, and otherwise a
    /// bound above the threshold and at most the optimum; with the root's children or its
    /// grandchildren as the units of work, with or without skipping. (One
    /// thread's search has run the iterations before, the threads' stacks are new: this
    /// also checks that what a search finds does not depend on what it ran before.)
    #[test]
    fn a_parallel_iteration_finds_what_one_thread_finds(
        level in medium_level_strategy(),
        threads in 2usize..4,
        split in 0usize..2,
        skip in any::<bool>(),
    ) {
        let graph = RegionGraph::new(&level);
        let palette = level.colours_used();
        for regions in graph.islands() {
            let island = Island::new(&graph, regions);
            // Plain IDA* (no beams) can take long to find a solution: levels that need
            // more than this many nodes on one thread are left out. The threads get no
            // limit: a thread whose share of one runs out on an earlier unit lets a later
            // unit's solution be kept (as short, but another one).
            let limits = Limits { node_limit: Some(300_000), ..Limits::default() };
            let (mut one_budget, mut many_budget) = (test_budget(limits, false), test_budget(Limits::default(), false));
            let (mut one_table, mut many_table) = (FxHashMap::default(), FxHashMap::default());
            let mut tables = vec![FxHashMap::default(); threads - 1];
            let mut one = Search::new(&island, None, &palette, &mut one_budget, &mut one_table);
            let mut many = Search::new(&island, None, &palette, &mut many_budget, &mut many_table);
            let mut bound = heuristic(&island, &one.stack[0], None, u32::MAX, &mut one.scratch);
            let mut proven = 0;
            loop {
                prop_assert!(bound < 40, "the bounds pass any par of these levels");
                let probes = (one.dfs(0, bound, None), parallel_dfs(&mut many, &mut tables, bound, (split, skip)));
                if one.budget.aborted() || many.budget.aborted() {
                    return Ok(());
                }
                match probes {
                    (Probe::Found, Probe::Found) => {
                        prop_assert_eq!(&one.path, &many.path);
                        prop_assert!(proven <= bound, "a bound {} passed the optimum {}", proven, bound);
                        break;
                    }
                    (Probe::Bound(a), Probe::Bound(b)) => {
                        prop_assert!(a > bound && b > bound);
                        proven = proven.max(b);
                        bound += 1;
                    }
                    (a, b) => prop_assert!(false, "one thread {:?}, threads {:?}", a, b),
                }
            }
        }
    }
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
        assert!(play::is_solved(&play::replay(&level, &best).unwrap()));
    }
}

/// Random levels of 16 to 80 triangles with 3 or 4 colours and a few holes.
fn medium_level_strategy() -> impl Strategy<Value = Level> {
    (4usize..11, 4usize..9, 3u8..5).prop_flat_map(|(rows, cols, k)| {
        proptest::collection::vec((0u8..k, 0u32..20), rows * cols).prop_filter_map("no triangles", move |cells| {
            let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h > 0).then_some(c)).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
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
                assert!(play::is_solved(&play::replay(&level, &best).unwrap()));
            }
        }
    }
}

#[test]
fn the_probes_go_before_the_shortening_of_a_beam_that_falls_short() {
    // Generated 29x10 level, 5 colours, 100 regions, seed 4 (par 8): after the iteration
    // that refutes 7, the beam of 8 finds 10 moves, and the probes find 8. They run before
    // the beam's path is shortened (whose searches found no 8 there, in 20 000 nodes), so
    // every node but the beam's is in the trace's iterations, the probes' last.
    let spec = crate::generate::Spec::default().with_colours(5).with_regions(100);
    let level = crate::generate::generate(&spec, &mut engine::SeededRng::new(4)).unwrap();
    let mut budget = test_budget(Limits::default(), true);
    let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
    assert_eq!(Some(moves.len() as u32), level.par);
    assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
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
    let spec = crate::generate::Spec::default().with_colours(5).with_regions(100);
    let level = crate::generate::generate(&spec, &mut engine::SeededRng::new(4)).unwrap();
    let run = |node_limit| {
        let mut budget = test_budget(Limits { node_limit, threads: 2 }, true);
        let outcome = solve_budget(&level, &mut budget);
        (outcome, budget.nodes(), budget.trace.unwrap_or_default())
    };
    for node_limit in [None, Some(10_000_000)] {
        let (outcome, nodes, trace) = run(node_limit);
        let Outcome::Optimal(moves) = &outcome else { panic!("the limit is far above the nodes needed") };
        assert_eq!(Some(moves.len() as u32), level.par);
        assert!(play::is_solved(&play::replay(&level, moves).unwrap()));
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
            assert!(play::is_solved(&play::replay(&level, &again).unwrap()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Threads sharing a table of a few entries per shard (so its shards shrink all the
    /// time, while other threads read them) still find the optimum.
    #[test]
    fn a_tiny_shared_table_keeps_the_threads_optimal(level in level_strategy()) {
        let Some(reference) = bfs_optimum(&level, 5_000) else { return Ok(()) };
        let limits = Limits { threads: 2, ..Limits::default() };
        let mut budget =
            Budget { tuning: Tuning { table_limit: 2 * SHARDS, parallel_after: 0, probe_after: 0,  ..Tuning::default() }, ..test_budget(limits, false) };
        let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
        prop_assert_eq!(moves.len(), reference.len());
        prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
    }
}

/// The moves generated at `node` (each region to each neighbour colour, the target's rule
/// and the leaf rule), with no partial-order reduction; sorted.
fn generated(p: Problem<'_>, node: &Node) -> Vec<(usize, Colour)> {
    let mut moves: Vec<(usize, Colour)> =
        children::moves(p, node, None, u32::MAX, None).list.into_iter().map(|(_, r, x)| (r, x)).collect();
    moves.sort_unstable();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The partial-order reduction (see `Swap`), through random play on medium levels,
    /// without a target colour and with one: after a move `l` from a node `P` to `C` (a
    /// few of each node's), every move `m` of `C` the reduction skips taps a region with
    /// an earlier key than `l`'s, is generated at `P`, `l` is generated after it, and the
    /// two orders reach the same state. So the search of `P` reaches the skipped child
    /// through `m` and `l`.
    #[test]
    fn reduction_skips_only_moves_searched_in_the_other_order(level in medium_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..8)) {
        let palette = level.colours_used();
        let some_target = palette[picks.len() % palette.len()];
        random_play(&level, &picks, &[], |island, parent, _| {
            let w = island.words;
            let mut merged = vec![0u64; w];
            let key = |node: &Node, r: usize| bits(&node.members[r * w..(r + 1) * w]).next().unwrap();
            let mut apply = |node: &Node, (r, x): (usize, Colour)| {
                let mut next = node.clone();
                island.apply(&mut next, r, x, &mut merged);
                next
            };
            for target in [None, Some(some_target)] {
                let p = Problem { island, target, palette: &palette };
                let at_parent = generated(p, parent);
                for &(r, x) in at_parent.iter().step_by(1 + at_parent.len() / 6) {
                    let ChildKey { tapped, context, .. } = children::child_key(island, parent, (r, x));
                    let child = apply(parent, (r, x));
                    let last = Last { key: tapped, rep: r, context };
                    let kept: Vec<(usize, Colour)> = children::moves(p, &child, Some((parent, last)), u32::MAX, None).list.into_iter().map(|(_, v, y)| (v, y)).collect();
                    for m in generated(p, &child) {
                        if kept.contains(&m) {
                            continue;
                        }
                        prop_assert!(key(&child, m.0) < tapped);
                        prop_assert!(at_parent.binary_search(&m).is_ok(), "{:?} skipped after {:?} is not generated at the parent", m, (r, x));
                        let between = apply(parent, m);
                        prop_assert!(generated(p, &between).binary_search(&(r, x)).is_ok());
                        prop_assert_eq!(apply(&between, (r, x)).hash, apply(&child, m).hash);
                    }
                }
            }
            Ok(())
        })?;
    }
}

/// Random levels bigger than `level_strategy`'s (radius up to about 8), with holes.
fn big_level_strategy() -> impl Strategy<Value = Level> {
    (4usize..14, 4usize..11, 2u8..6).prop_flat_map(|(rows, cols, k)| {
        proptest::collection::vec((0u8..k, 0u32..20), rows * cols).prop_filter_map("no triangles", move |cells| {
            let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h > 0).then_some(c)).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// On bigger levels, through random play: `radius_taps` computes its test as defined,
    /// for every move of the search (each region
    /// to each neighbour colour) and every limit, a tap the filter drops leaves a radius
    /// above the limit, and the radius and colour-radius test with the filter's centres
    /// is exact.
    #[test]
    fn tap_filter_keeps_every_radius_reducing_move(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        random_play(&level, &picks, &[], |island, node, moves| {
            let (n, w) = (island.n, island.words);
            let mut scratch = Scratch::new(island);
            let mut witnesses = CentreWitnesses::default();
            let mut filter = TapFilter { taps: vec![0; w], ..TapFilter::default() };
            for limit in node.radius.saturating_sub(2)..=node.radius {
                radius_taps(node, n, limit, &mut filter, &mut scratch.ds);
                let (centres, ok) = radius_tests_by_definition(node, n, limit);
                prop_assert_eq!(&filter.centres, &centres);
                for (i, r) in (0..centres.len()).flat_map(|i| bits(&node.alive).map(move |r| (i, r))) {
                    prop_assert_eq!(filter.ok[i * n + r], ok[i * n + r]);
                }
                for &(r, x) in moves {
                    let mut child = node.clone();
                    island.apply(&mut child, r, x, &mut scratch.merged);
                    if filter.taps[r / 64] >> (r % 64) & 1 == 0 {
                        prop_assert!(child.radius > limit);
                    }
                    filter.centres_of(r, n, &mut scratch.centres);
                    let merged = scratch.merged.clone();
                    merged_row(&node.dist, n, &merged, &mut scratch.ds);
                    for open in open_masks() {
                        let cut = colour_radius_cut(node, n, (&merged, x), limit, (&scratch.centres, open), &scratch.ds, None);
                        prop_assert_eq!(cut, colour_radius_cuts_the_child(&child, n, limit, open));
                        witnesses.fill(node, n, limit);
                        let cut = colour_radius_cut(node, n, (&merged, x), limit, (&scratch.centres, open), &scratch.ds, Some(&mut witnesses));
                        prop_assert_eq!(cut, colour_radius_cuts_the_child(&child, n, limit, open));
                    }
                }
            }
            Ok(())
        })?;
    }
}

/// Every move of the search at `node` (`w` words a bitset): each alive region to each
/// colour of its neighbours, and to every colour of `extra` other than its own.
fn every_move(node: &Node, w: usize, extra: &[Colour]) -> Vec<(usize, Colour)> {
    let mut moves = Vec::new();
    for r in bits(&node.alive) {
        let mut colours: Vec<Colour> = bits(&node.adj[r * w..(r + 1) * w]).map(|s| node.col[s]).collect();
        colours.extend(extra.iter().copied().filter(|&c| c != node.col[r]));
        colours.sort_unstable();
        colours.dedup();
        moves.extend(colours.into_iter().map(|x| (r, x)));
    }
    moves
}

/// Random play on every island of `level`: `check` sees each state reached (the root
/// first) with its moves (`every_move` with `extra`), then the move `picks[i] % moves`
/// is played, until the island is one region or the picks run out.
fn random_play(
    level: &Level,
    picks: &[usize],
    extra: &[Colour],
    mut check: impl FnMut(&Island, &Node, &[(usize, Colour)]) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let graph = RegionGraph::new(level);
    for regions in graph.islands() {
        let island = Island::new(&graph, regions);
        let mut node = island.root();
        let mut merged = vec![0u64; island.words];
        for &pick in picks {
            if node.count == 1 {
                break;
            }
            prop_assert_eq!(node.counts, colour_counts(&node));
            let moves = every_move(&node, island.words, extra);
            check(&island, &node, &moves)?;
            let (r, x) = moves[pick % moves.len()];
            island.apply(&mut node, r, x, &mut merged);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// On bigger levels, through random play, with and without a target colour: a tap
    /// the pair filter drops always leaves a child whose pair bound is at least the
    /// moves left (so the search would cut it). The pairs it records are pairs of the
    /// node at their distance, of potential within 2 of critical, the critical ones first,
    /// and as many of each as there is room for.
    #[test]
    fn pair_filter_keeps_every_move_that_lowers_the_pair_bound(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        let palette = level.colours_used();
        random_play(&level, &picks, &palette, |island, node, moves| {
            let n = island.n;
            let (mut keep, mut merged, mut pairs) = (Vec::new(), vec![0u64; island.words], Vec::new());
            for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                let pb = pair_bound(node, n, target, &mut Far::default());
                for left in pb.max(2) - 1..=pb + 1 {
                    if left < 2 {
                        continue;
                    }
                    let any = pair_taps(node, n, left, target, &mut keep, &mut pairs, &mut Far::default());
                    // The pairs to record, by a plain scan: critical ones, and near ones.
                    let critical = 2 * left - 1;
                    let is_critical = |u: usize, w: usize| {
                        u32::from(node.dist[u * n + w]) + pair_delta(target, node.col[u], node.col[w]) >= critical
                    };
                    let alive: Vec<usize> = bits(&node.alive).collect();
                    let (mut critical_pairs, mut near_pairs) = (0, 0);
                    for (i, &u) in alive.iter().enumerate() {
                        for &w in &alive[i + 1..] {
                            if is_critical(u, w) {
                                critical_pairs += 1;
                            } else if u32::from(node.dist[u * n + w]) + 2 >= critical {
                                near_pairs += 1;
                            }
                        }
                    }
                    prop_assert_eq!(any, critical_pairs > 0);
                    let recorded = pairs.iter().filter(|&&(u, w, _)| is_critical(usize::from(u), usize::from(w))).count();
                    prop_assert_eq!(recorded, critical_pairs.min(CRITICAL_PAIRS));
                    prop_assert_eq!(pairs.len(), (critical_pairs + near_pairs).min(CRITICAL_PAIRS));
                    for (k, &(u, w, d)) in pairs.iter().enumerate() {
                        let (u, w) = (usize::from(u), usize::from(w));
                        prop_assert_eq!(d, node.dist[u * n + w]);
                        prop_assert!(u32::from(d) + 2 >= critical);
                        prop_assert_eq!(is_critical(u, w), k < recorded);
                    }
                    if !any {
                        continue;
                    }
                    for &(r, x) in moves {
                        if keep[r] == 0 {
                            let mut child = node.clone();
                            island.apply(&mut child, r, x, &mut merged);
                            prop_assert!(pair_bound(&child, n, target, &mut Far::default()) >= left);
                        }
                    }
                }
            }
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// On bigger levels, through random play, with and without a target colour: every
    /// child `radius_cut` or `pair_cut` cuts before the move is played has a bound
    /// (radius, colour-radius, pair or, without a target, final-colour) of at least the
    /// moves left, so the search would cut it at its own node; every child `dead_end_cut`
    /// cuts has no move left to search (after its filters and the partial-order reduction).
    #[test]
    fn child_cuts_only_cut_children_the_bounds_cut(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        let palette = level.colours_used();
        random_play(&level, &picks, &palette, |island, node, moves| {
            let w = island.words;
            let mut merged = vec![0u64; w];
            // The colour counts of the child by move `(r, x)`.
            let counts = colour_counts(node);
            let child_counts = |r: usize, x: Colour| {
                let merges = bits(&node.adj[r * w..(r + 1) * w]).filter(|&s| node.col[s] == x).count() as u32;
                moved_counts(&counts, node.col[r], x, merges)
            };
            for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                let p = Problem { island, target, palette: &palette };
                let (mut filters, mut scratch) = (Vec::new(), Scratch::new(island));
                let h = heuristic(island, node, target, u32::MAX, &mut scratch);
                for left in h.max(2) - 1..=h + 1 {
                    if left < 2 {
                        continue;
                    }
                    let (_, centred) = children::tap_filter(p, node, (&mut filters, 0), left, &mut scratch);
                    for &(r, x) in moves {
                        let child_counts = child_counts(r, x);
                        children::merged_set(island, node, (r, x), true, &mut scratch);
                        let radius_cut = children::cuts::radius_cut(p, node, filters.get_mut(0), (r, x, &child_counts), (left, centred), &mut scratch);
                        if radius_cut || children::cuts::pair_cut(node, filters.first(), target, (x, &child_counts), left, &scratch.ds) {
                            let mut child = node.clone();
                            island.apply(&mut child, r, x, &mut merged);
                            let mut scratch = Scratch::new(island);
                            prop_assert!(heuristic(island, &child, target, u32::MAX, &mut scratch) >= left);
                        }
                    }
                }
                // Every move `dead_end_cut` cuts leaves a child each of whose moves to
                // search (in its context, or in any when it says so) leaves a grandchild
                // needing at least `left − 1` more, at any number of moves left (also
                // below the bound).
                for left in 3..=h + 1 {
                    children::tap_filter(p, node, (&mut filters, 0), left, &mut scratch);
                    for &(r, x) in moves {
                        let child_counts = child_counts(r, x);
                        children::merged_set(island, node, (r, x), true, &mut scratch);
                        let ChildKey { tapped, context, .. } = children::child_key(island, node, (r, x));
                        let cut = children::cuts::dead_end_cut(p, (node, filters.get_mut(0)), (r, x, &child_counts), (tapped, left), &mut scratch);
                        let Some(any_context) = cut else {
                            continue;
                        };
                        let mut child = node.clone();
                        island.apply(&mut child, r, x, &mut merged);
                        // The child's own tap filter (its reduction reads its parent, the node).
                        let (mut below, mut below_scratch) = (Vec::new(), Scratch::new(island));
                        let (filter, _) = children::tap_filter(p, &child, (&mut below, 0), left - 1, &mut below_scratch);
                        let taps = filter.then(|| below[0].taps.clone());
                        let last = Last { key: tapped, rep: r, context };
                        let after = if any_context { None } else { Some((node, last)) };
                        for (_, v, y) in children::moves(p, &child, after, left - 1, taps.as_deref()).list {
                            let mut grandchild = child.clone();
                            island.apply(&mut grandchild, v, y, &mut merged);
                            let mut scratch = Scratch::new(island);
                            prop_assert!(heuristic(island, &grandchild, target, u32::MAX, &mut scratch) >= left - 1);
                        }
                    }
                }
            }
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// On bigger levels, through random play, with and without a target colour: the
    /// colour look-ahead of every child read off its parent (`single_within_one_move_after`)
    /// is the look-ahead of the child built, and the parent's `ColourSets::near` its own.
    #[test]
    fn look_ahead_read_off_the_parent_is_the_childs(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        let palette = level.colours_used();
        random_play(&level, &picks, &palette, |island, node, moves| {
            let w = island.words;
            let (mut sets, mut masks, mut merged) = (ColourSets::default(), Vec::new(), vec![0u64; w]);
            let mut around = vec![0u64; w];
            for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                sets.fill(node, w, target);
                prop_assert_eq!(sets.near, single_within_one_move(island, node, &node.counts, target, &mut masks));
                for &(r, x) in moves {
                    let mut child = node.clone();
                    island.apply(&mut child, r, x, &mut merged);
                    let built = single_within_one_move(island, &child, &child.counts, target, &mut masks);
                    // The merged set `S`: `r` and the neighbours `apply` merged into it.
                    merged[r / 64] |= 1 << (r % 64);
                    let mut by = vec![0u64; w];
                    sets.merged_by(node, w, r, x, &mut by);
                    prop_assert_eq!(&by, &merged);
                    let read = single_within_one_move_after(
                        (node, w), (r, x, &merged), &child.counts, target, (&sets, &mut around),
                    );
                    prop_assert_eq!(read, built, "move ({}, {}), target {:?}", r, x, target);
                }
            }
            Ok(())
        })?;
    }

    /// Through random play, with and without a target colour, at a node with no colour
    /// with one region within one move: the moves listed with the look-ahead
    /// (`children::moves_with`) are those listed without it but the ones whose child has no
    /// move to spare over its colour bound, more than two regions and no such colour
    /// either (tested on the child built), which `ahead_cut` counts and `floor` bounds.
    #[test]
    fn moves_listed_with_the_look_ahead(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
        let palette = level.colours_used();
        random_play(&level, &picks, &palette, |island, node, _| {
            let w = island.words;
            let (mut masks, mut merged) = (Vec::new(), vec![0u64; w]);
            for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                let p = Problem { island, target, palette: &palette };
                let mut sets = ColourSets::default();
                if children::colour_sets(p, node, &mut sets).near {
                    continue;
                }
                let bound = colour_bound(&node.counts, target);
                for left in bound.max(1)..=bound + 2 {
                    let plain = children::moves(p, node, None, left, None);
                    let (mut a, mut b) = (vec![0u64; w], vec![0u64; w]);
                    let listed = children::moves_with(p, node, None, left, None, Some((&sets, &mut a, &mut b)));
                    let (mut kept, mut floor, mut cut) = (Vec::new(), plain.floor, 0);
                    for &(merges, r, x) in &plain.list {
                        let mut child = node.clone();
                        island.apply(&mut child, r, x, &mut merged);
                        let child_bound = colour_bound(&child.counts, target);
                        let tested = child_bound + 2 > left && child.count > 2;
                        if tested && !single_within_one_move(island, &child, &child.counts, target, &mut masks) {
                            floor = floor.min(child_bound + 2);
                            cut += 1;
                        } else {
                            kept.push((merges, r, x));
                        }
                    }
                    prop_assert_eq!(&listed.list, &kept);
                    prop_assert_eq!(listed.ahead_cut, cut);
                    prop_assert_eq!(listed.floor, floor);
                    prop_assert_eq!(listed.skipped, plain.skipped);
                }
            }
            Ok(())
        })?;
    }
}

/// The exact number of moves from `level` to one region (of colour `target` if given),
/// by breadth-first search over every region and every colour of `palette`.
fn exact_distance(level: &Level, palette: &[Colour], target: Option<Colour>) -> Option<usize> {
    let graph = RegionGraph::new(level);
    let mut seen = 0usize;
    let path = engine::bfs(
        &graph.initial_state(),
        |state: &State| {
            seen += 1;
            let mut next = Vec::new();
            if seen > 3_000 {
                return next;
            }
            for r in 0..graph.len() {
                for &c in palette {
                    let mut s = state.clone();
                    if !graph.apply(&mut s, r, c).is_empty() {
                        next.push(s);
                    }
                }
            }
            next
        },
        |state| graph.is_solved(state) && target.is_none_or(|t| state.colours[0] == t),
    )?;
    Some(path.len() - 1)
}

/// The states reachable from the start of `graph` by moves to colours of `palette`, in
/// breadth-first order, the start first; the search stops adding once it has `limit`.
fn reachable_states(graph: &RegionGraph, palette: &[Colour], limit: usize) -> Vec<State> {
    let mut states = vec![graph.initial_state()];
    let mut known: rustc_hash::FxHashSet<State> = states.iter().cloned().collect();
    let mut head = 0;
    while head < states.len() && states.len() < limit {
        let state = states[head].clone();
        head += 1;
        for r in 0..graph.len() {
            for &c in palette {
                let mut s = state.clone();
                if !graph.apply(&mut s, r, c).is_empty() && known.insert(s.clone()) {
                    states.push(s);
                }
            }
        }
    }
    states
}

/// A reachable state (see [`reachable_islands`]): its level, its island, and the exact
/// distance for each target that exhaustive search settles.
type Reached = (Level, Island, Vec<(Option<Colour>, usize)>);

/// For a one-island level of at most `regions` regions (else nothing): up to `limit`
/// states reachable from it (see `reachable_states`), each as a level, its island, and
/// the exact distance of each target (`None`, then each colour used) that exhaustive
/// search settles.
fn reachable_islands(level: &Level, regions: usize, limit: usize) -> Vec<Reached> {
    let graph = RegionGraph::new(level);
    if graph.islands().len() != 1 || graph.len() > regions {
        return Vec::new();
    }
    let palette = level.colours_used();
    let targets: Vec<Option<Colour>> = std::iter::once(None).chain(palette.iter().map(|&c| Some(c))).collect();
    reachable_states(&graph, &palette, limit)
        .iter()
        .map(|state| {
            let here = graph.level_of(level, state);
            let sub = RegionGraph::new(&here);
            let island = Island::new(&sub, &sub.islands()[0]);
            let exact = targets.iter().filter_map(|&t| Some((t, exact_distance(&here, &palette, t)?))).collect();
            (here, island, exact)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// The lower bound (colour bound with its one-move look-ahead, radius), with and
    /// without a target colour, never exceeds the exact distance, on every state
    /// reachable from small one-island levels.
    #[test]
    fn bounds_never_exceed_the_exact_distance_on_reachable_states(level in level_strategy()) {
        for (here, island, exact) in reachable_islands(&level, 8, 60) {
            let node = island.root();
            let mut scratch = Scratch::new(&island);
            for (target, exact) in exact {
                let h = heuristic(&island, &node, target, u32::MAX, &mut scratch);
                prop_assert!(h as usize <= exact, "bound {} > exact {} for target {:?} on\n{}", h, exact, target, here);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// When a state has no move whose child's colour bound is below `left` (the leaf rule
    /// applied, no partial-order context), it needs at least `left + 1` moves: checked
    /// against exhaustive search on every state reachable from small one-island levels,
    /// with and without a target colour, for every `left` below the exact distance.
    #[test]
    fn no_colour_move_means_one_more_move(level in one_island_strategy()) {
        let palette = level.colours_used();
        for (here, island, exact) in reachable_islands(&level, 8, 60) {
            for (target, exact) in exact {
                let p = Problem { island: &island, target, palette: &palette };
                let root = island.root();
                if children::solved(&root, target) {
                    continue;
                }
                for left in 1..=exact as u32 {
                    let has = children::moves::has_colour_move(p, &root, None, &colour_counts(&root), left);
                    prop_assert!(has || exact as u32 > left, "no colour move within {} but exact {} for target {:?} on\n{}", left, exact, target, here);
                }
            }
        }
    }
}

/// Random small levels without holes (one island): 2-4 rows, 3-6 columns, 2-4 colours.
fn one_island_strategy() -> impl Strategy<Value = Level> {
    (2usize..5, 3usize..7, 2u8..5).prop_flat_map(|(rows, cols, k)| {
        proptest::collection::vec(0u8..k, rows * cols).prop_filter_map("not a level", move |cells| {
            let cells = cells.into_iter().map(Some).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// The table entries under a state's key alone (`kami/docs/solver.md`, *Context-free entries*)
    /// never exceed the exact distance of the state: after a search with or without a
    /// target colour, every state reachable from a small one-island level is looked up by
    /// its key.
    #[test]
    fn context_free_entries_never_exceed_the_exact_distance(level in one_island_strategy()) {
        let graph = RegionGraph::new(&level);
        if graph.islands().len() != 1 || graph.len() > 12 {
            return Ok(());
        }
        let palette = level.colours_used();
        let regions = &graph.islands()[0];
        let island = Island::new(&graph, regions);
        let states = reachable_states(&graph, &palette, 300);
        for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
            let mut table = FxHashMap::default();
            let mut budget = test_budget(Limits::default(), false);
            prop_assert!(ida_star(&island, target, &palette, &mut budget, &mut table).is_ok());
            for state in &states {
                let key = (0..island.n).fold(0u128, |key, i| {
                    key ^ island.zobrist[i * MAX_COLOURS + usize::from(state.colours[regions[i] as usize])]
                });
                let Some(&bound) = table.get(&key) else { continue };
                let here = graph.level_of(&level, state);
                let Some(exact) = exact_distance(&here, &palette, target) else { continue };
                prop_assert!(usize::from(bound) <= exact, "entry {} > exact {} for target {:?} on\n{}", bound, exact, target, here);
            }
        }
    }
}

/// Levels where the colour bound's one-move look-ahead is the best bound and exact.
#[test]
fn colour_look_ahead_is_tight_on_small_levels() {
    for text in ["02120\n00112\n01002\n22101\n", "010\n021\n202\n012\n"] {
        let level: Level = text.parse().unwrap();
        let graph = RegionGraph::new(&level);
        let island = Island::new(&graph, &graph.islands()[0]);
        let node = island.root();
        let counts = colour_counts(&node);
        let plain = colour_bound(&counts, None);
        assert!(!single_within_one_move(&island, &node, &counts, None, &mut Vec::new()), "{text}");
        let h = heuristic(&island, &node, None, u32::MAX, &mut Scratch::new(&island));
        assert_eq!(h, plain + 1, "{text}");
        assert!(node.radius < h, "{text}");
        assert_eq!(bfs_optimum(&level, 100_000).unwrap().len(), h as usize, "{text}");
    }
}

#[test]
fn budget_reports_bounds_and_a_replayable_best() {
    let level: Level = "0120120\n1201201\n2012012\n0120120\n".parse().unwrap();
    let Outcome::GaveUp { lower_bound: lb, best } =
        solve_with(&level, Limits { node_limit: Some(3), ..Limits::default() })
    else {
        panic!("three nodes cannot prove this level");
    };
    let best = best.unwrap();
    let optimum = solve(&level).len() as u32;
    assert!(lb <= optimum && optimum <= best.len() as u32);
    assert!(play::is_solved(&play::replay(&level, &best).unwrap()));
}

#[test]
fn giant_islands_get_the_colour_bound_without_exhausting_memory() {
    // 130 × 130 triangles coloured by parity: every triangle is its own region.
    let rows: Vec<String> =
        (0..130).map(|r| (0..130).map(|c| if (r + c) % 2 == 0 { '0' } else { '1' }).collect()).collect();
    let level: Level = rows.join("\n").parse().unwrap();
    assert_eq!(solve_with(&level, Limits::default()), Outcome::GaveUp { lower_bound: 1, best: None });
    assert_eq!(lower_bound(&level), 1);
}

#[test]
fn islands_pick_the_cheapest_common_colour() {
    // Left island is colour 0 already; the right one needs one move to 0 or to 1.
    let level: Level = "0.01\n0.01\n".parse().unwrap();
    let moves = solve(&level);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].colour, 0);
}

/// The centres and per-tap tests of [`radius_taps`] straight from its definition: the
/// alive regions `u` of eccentricity at most `limit + 2`, and for each alive region `r`,
/// whether `d(u, r) + d(r, v) ≤ limit + 2` for every alive `v` with `d(u, v) > limit`.
fn radius_tests_by_definition(node: &Node, n: usize, limit: u32) -> (Vec<usize>, Vec<u8>) {
    let alive: Vec<usize> = bits(&node.alive).collect();
    let d = |a: usize, b: usize| u32::from(node.dist[a * n + b]);
    let centres: Vec<usize> = alive.iter().copied().filter(|&u| u32::from(node.ecc[u]) <= limit + 2).collect();
    let mut ok = vec![0; centres.len() * n];
    for (i, &u) in centres.iter().enumerate() {
        for &r in &alive {
            let far = alive.iter().filter(|&&v| d(u, v) > limit).map(|&v| d(r, v)).max().unwrap_or(0);
            ok[i * n + r] = u8::from(d(u, r) + far <= limit + 2);
        }
    }
    (centres, ok)
}

/// The solver's limits in the form these tests write them.
#[derive(Clone, Copy, Debug, Default)]
struct Limits {
    node_limit: Option<u64>,
    threads: usize,
}

/// A solver budget for `limits`, traced or not.
fn test_budget(limits: Limits, trace: bool) -> Budget {
    let mut budget = engine::Budget::default();
    if let Some(n) = limits.node_limit {
        budget = budget.with_node_limit(n);
    }
    Budget::new(&budget, limits.threads, trace, Tuning::default())
}

/// [`solve_solved`] under `limits`.
fn solve_with(level: &Level, limits: Limits) -> Outcome {
    let mut budget = test_budget(limits, false);
    solve_budget(level, &mut budget)
}

/// An optimal solution of `level`.
fn solve(level: &Level) -> Vec<Move> {
    optimal(level).unwrap()
}
