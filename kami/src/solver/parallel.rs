//! Searches on several threads: running one piece of work per thread on shares of the
//! budget, and one IDA* iteration split among the threads by units of work (the root's
//! grandchildren; see the [solver module docs](super#threads)). Built on [`dfs`](super::dfs);
//! the driver and the beam searches use it.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use engine::StopReason;
use rustc_hash::FxHashMap;

use super::budget::Budget;
use super::dfs::{Part, Probe, Search};

/// Runs `work` on `1 + tables.len()` threads, given each thread's search and index: on
/// `search` itself (thread 0, with an equal share of any node limit left, on a meter of
/// its own) and on a new search for each other thread (its table one of `tables`, an equal
/// share of the node limit, a copy of `search`'s root and its shared table, if any).
/// Returns, thread by thread, what `work` returned, the nodes it spent and why its budget
/// ran out, if it did. `search.budget.split` holds each thread's nodes; the caller counts
/// them in `search.budget` with [`Budget::absorb`]: all of them, or only those up to a
/// solution it keeps.
pub(super) fn on_threads<T: Send>(
    search: &mut Search<'_>,
    tables: &mut [FxHashMap<u128, u8>],
    work: impl Fn(&mut Search<'_>, usize) -> T + Sync,
) -> Vec<(T, u64, Option<StopReason>)> {
    let of = tables.len() + 1;
    let budgets: Vec<Budget> = (1..of).map(|_| search.budget.share(of)).collect();
    let own = search.budget.meter.share(of);
    let (island, target, palette, shared) = (search.island, search.target, search.palette, search.shared);
    let (root, work) = (&search.stack[0].clone(), &work);
    let results = std::thread::scope(|scope| {
        let handles: Vec<_> = tables
            .iter_mut()
            .zip(budgets)
            .enumerate()
            .map(|(i, (table, mut budget))| {
                scope.spawn(move || {
                    let mut worker = Search::new(island, target, palette, &mut budget, table);
                    worker.stack[0].clone_from(root);
                    worker.shared = shared;
                    let out = work(&mut worker, i + 1);
                    (out, budget.nodes(), budget.meter.stopped())
                })
            })
            .collect();
        let main = std::mem::replace(&mut search.budget.meter, own);
        let out = work(search, 0);
        let own = std::mem::replace(&mut search.budget.meter, main);
        let mut results = vec![(out, own.nodes(), own.stopped())];
        results.extend(handles.into_iter().map(joined));
        results
    });
    search.budget.split = results.iter().map(|r| r.1).collect();
    results
}

/// Counts in `search.budget` every thread's nodes of `results` (see [`on_threads`]), and
/// stops it when a thread's budget ran out.
pub(super) fn absorb_all<T>(search: &mut Search<'_>, results: &[(T, u64, Option<StopReason>)]) {
    let stopped = results.iter().find_map(|r| r.2);
    search.budget.absorb(results.iter().map(|r| r.1).sum(), stopped);
}

/// The nodes a thread spent on the units (`(code, nodes)`, see [`Part::spent`]) up to
/// `unit`.
pub(super) fn spent_up_to(spent: &[(u64, u64)], unit: u64) -> u64 {
    spent.iter().filter(|&&(code, _)| code <= unit).map(|&(_, n)| n).sum()
}

/// The result of a search thread (its panic, if it panicked, goes on in the caller).
pub(super) fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// One IDA* iteration of `search` (at its root, to threshold `bound`) on `1 + tables.len()`
/// threads, the calling one with `search`'s table and each other with one of `tables` (see
/// the module docs, [Threads](self#threads)). With a node limit, each thread gets an equal
/// share of the nodes left. The nodes of every thread count in `search.budget`, but in an
/// iteration that finds a solution only those spent up to the unit of the solution kept:
/// what the other threads spent after it depends on when they learnt of it.
pub(super) fn parallel_dfs(
    search: &mut Search<'_>,
    tables: &mut [FxHashMap<u128, u8>],
    bound: u32,
    (split, skip): (usize, bool),
) -> Probe {
    if search.budget.aborted() {
        // As on one thread: nothing more is searched once the budget has run out.
        return search.dfs(0, bound, None);
    }
    let of = tables.len() + 1;
    let first = Arc::new(AtomicU64::new(u64::MAX));
    let mut results = on_threads(search, tables, |search, index| {
        search.part = Some(Part::new(split, index, of, Arc::clone(&first), skip));
        let probe = search.dfs(0, bound, None);
        let mut part = search.part.take().unwrap_or_else(|| unreachable!("set above"));
        part.close(search.budget.nodes());
        (probe, part, std::mem::take(&mut search.path))
    });
    let kept = results
        .iter()
        .enumerate()
        .filter(|(_, ((probe, ..), ..))| matches!(probe, Probe::Found))
        .min_by_key(|(_, ((_, part, _), ..))| part.found)
        .map(|(t, ((_, part, _), ..))| (t, part.found.unwrap_or(0)));
    if let Some((t, unit)) = kept {
        // The solution below the earliest unit: the one a single thread finds (unless a
        // thread ran out of its share of a node limit on an earlier unit). Counted:
        // each thread's root and its units up to `unit` (searched whatever the timing).
        let counted: u64 = results.iter().map(|((_, part, _), ..)| 1 + spent_up_to(&part.spent, unit)).sum();
        search.budget.absorb(counted, None);
        search.path = std::mem::take(&mut results[t].0.2);
        return Probe::Found;
    }
    absorb_all(search, &results);
    if search.budget.aborted() {
        return Probe::Bound(0);
    }
    Probe::Bound(
        results
            .iter()
            .filter_map(|((probe, ..), ..)| if let Probe::Bound(b) = probe { Some(*b) } else { None })
            .min()
            .unwrap_or(0),
    )
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rustc_hash::FxHashMap;

    use super::*;
    use crate::RegionGraph;
    use crate::solver::bounds::heuristic;
    use crate::solver::budget::{Limits, test_budget};
    use crate::solver::node::Island;
    use crate::solver::test_support::medium_level_strategy;

    proptest! {
        // 24: a case costs up to 1.5 s (every iteration of a medium level searched twice,
        // up to 50 000 nodes on one thread); whole parallel solves are checked against
        // exhaustive search in `solve_tests`.
        #![proptest_config(ProptestConfig::with_cases(24))]

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
                // more than this many nodes on one thread are left out after the iterations
                // checked within it (whose number adds nothing but time). The threads get no
                // limit: a thread whose share of one runs out on an earlier unit lets a later
                // unit's solution be kept (as short, but another one).
                let limits = Limits { node_limit: Some(50_000), ..Limits::default() };
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
}
