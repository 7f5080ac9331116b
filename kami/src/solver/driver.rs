//! IDA* over one island (`ida_star`): its iterations, on one thread or split across
//! several, the probes of the root's children, and the beams between iterations, as the
//! budget's [`Tuning`](super::tuning::Tuning) says. The top of the search's layers, below
//! `mod.rs` only.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rustc_hash::FxHashMap;

use super::beam::{beam_path, shorten};
use super::bounds::heuristic;

use super::budget::Budget;
use super::budget::Iteration;
use super::children::{ChildKey, Last, child_key, merged_set, moves};
use super::dfs::{Probe, SPLIT_DEPTH, Search, UNIT_BITS};
use super::node::Island;
use super::node::Path;
use super::parallel::{absorb_all, on_threads, parallel_dfs, spent_up_to};
use super::table::SharedTable;
use crate::Colour;

/// IDA*: the optimal path of `(local rep, colour)` moves, or, when the budget runs out, a
/// proven lower bound and the shortest path found by beam search (if it ran).
///
/// After an iteration of at least [`Tuning::probe_after`](super::tuning::Tuning::probe_after) nodes, when the narrowest beam due (if
/// any) found no path of the next threshold's length, the root's children are probed for
/// one by capped searches ([`probe_children`]) before that beam's path is shortened and
/// before the wider beams; a solution found ends the search.
///
/// Searches without a target colour also run [`beam_path`] after an iteration, while its
/// path is longer than the next threshold, once the search has spent [`Tuning::beam_after`](super::tuning::Tuning::beam_after) nodes
/// per unit of beam width: the first beam is [`Tuning::beam_width`](super::tuning::Tuning::beam_width) wide, each later one four
/// times wider than the last, up to [`Tuning::beam_widest`](super::tuning::Tuning::beam_widest). Each beam's path is then shortened by
/// [`shorten`] with a quarter of that many nodes per suffix. After an iteration, the
/// beams due run narrowest first, and stop at the first whose path has at most the next
/// threshold's moves: a long iteration that makes several widths due pays for the wide
/// ones only when the narrow ones fall short (a beam of 8 states finds the par of some
/// 190-region levels that used to get one of 512 or 2 048). Once every threshold below
/// the beam's length is refuted, the beam's path is optimal and is returned without searching the last
/// threshold (the iteration that finds a solution, whose length is a matter of move
/// order). Beam nodes count against the budget like search nodes.
///
/// On several threads without a node limit, the threads share one table (module docs,
/// [Threads](super#threads)): `table`'s entries, shared for the search and given back
/// after it.
pub(super) fn ida_star(
    island: &Island,
    target: Option<Colour>,
    palette: &[Colour],
    budget: &mut Budget,
    table: &mut FxHashMap<u128, u8>,
) -> Result<Path, (u32, Option<Path>)> {
    if budget.threads > 1 && budget.meter.node_limit().is_none() {
        let shared = SharedTable::new(std::mem::take(table));
        let result = iterate(island, (target, palette), budget, table, Some(&shared));
        *table = shared.into_table();
        return result;
    }
    iterate(island, (target, palette), budget, table, None)
}

/// [`ida_star`] with the table `table`, or `shared` when given.
fn iterate(
    island: &Island,
    (target, palette): (Option<Colour>, &[Colour]),
    budget: &mut Budget,
    table: &mut FxHashMap<u128, u8>,
    shared: Option<&SharedTable>,
) -> Result<Path, (u32, Option<Path>)> {
    let mut search = Search::new(island, target, palette, budget, table);
    search.shared = shared;
    let root = search.stack[0].clone();
    let mut bound = heuristic(island, &root, target, u32::MAX, &mut search.scratch);
    if target.is_none() {
        search.budget.set_bound(bound);
    }
    let mut upper: Option<Path> = None;
    let mut width = search.budget.tuning.beam_width;
    // The nodes the last beam and its shortening took.
    let mut beam_cost: Option<u64> = None;
    // The other threads' tables (see `parallel_dfs`).
    let threads = search.budget.threads;
    let mut tables: Vec<FxHashMap<u128, u8>> = Vec::new();
    // The nodes of the last iteration (see `Tuning::parallel_after`).
    let mut last = 0;
    loop {
        if upper.as_ref().is_some_and(|path| path.len() as u32 <= bound) {
            // Every shorter threshold was refuted.
            return Ok(upper.unwrap_or_default());
        }
        let (nodes, start) = (search.budget.nodes(), Instant::now());
        search.budget.split.clear();
        let probe = if threads > 1 && last >= search.budget.tuning.parallel_after {
            tables.resize_with(threads - 1, FxHashMap::default);
            parallel_dfs(&mut search, &mut tables, bound, (SPLIT_DEPTH, true))
        } else {
            search.dfs(0, bound, None)
        };
        last = search.budget.nodes() - nodes;
        let threads = std::mem::take(&mut search.budget.split);
        traced(&mut search, &tables, bound, (nodes, start), threads);
        match probe {
            Probe::Found => return Ok(search.path),
            Probe::Bound(b) => {
                if search.budget.aborted() {
                    return Err((bound, upper));
                }
                bound = b.max(bound + 1);
                if target.is_none() {
                    search.budget.set_bound(bound);
                }
            }
        }
        let open = |upper: &Option<Path>| upper.as_ref().is_none_or(|path| path.len() as u32 > bound);
        let beam_after = search.budget.tuning.beam_after;
        let due = |nodes: u64, width: usize| nodes >= beam_after.saturating_mul(width as u64);
        // Every beam due, narrowest first, until one's path is short enough to end the
        // search once this threshold is refuted (a long iteration may have passed several);
        // capped searches of the root's children, whose solution ends the search, after the
        // first beam that falls short, before its shortening (or at once if no beam is due).
        let mut probe_due = last >= search.budget.tuning.probe_after;
        // The probes' nodes, which do not make the next beam due (they ran after the
        // shortening when the next beam was decided).
        let mut probing = 0;
        while open(&upper) {
            let beam_due = target.is_none()
                && width <= search.budget.tuning.beam_widest
                && due(search.budget.nodes() - probing, width);
            if !beam_due {
                if probe_due {
                    // About what the next beam would cost (a beam four times wider than
                    // the last costs about three times more), and at most twice the
                    // iteration.
                    let nodes = beam_cost.map_or(2 * last, |b| (2 * last).min(3 * b));
                    if let Some(path) = probes(&mut search, &mut tables, bound, nodes) {
                        return Ok(path);
                    }
                    if search.budget.aborted() {
                        return Err((bound, upper));
                    }
                }
                break;
            }
            let before = search.budget.nodes();
            let Some(path) = beam_path(island, width, search.budget) else { return Err((bound, upper)) };
            let suffix_nodes = (search.budget.tuning.beam_after.saturating_mul(width as u64) / 4).max(1_000);
            beam_traced(&mut search, path.len());
            if probe_due && path.len() as u32 > bound {
                // The shortening looks for a path of the threshold's length too, but only
                // after the beam's states, and it finds none on levels where the probes
                // do, so the probes go first. Their nodes: about what the next beam
                // would cost and the most this one's shortening may take, and at most
                // twice the iteration.
                probe_due = false;
                let most = suffix_nodes.saturating_mul(path.len() as u64 - 1);
                let nodes = (2 * last).min(3 * (search.budget.nodes() - before) + most);
                let start = search.budget.nodes();
                if let Some(found) = probes(&mut search, &mut tables, bound, nodes) {
                    return Ok(found);
                }
                probing = search.budget.nodes() - start;
                if search.budget.aborted() {
                    return Err((bound, Some(shorter(upper, path))));
                }
            }
            let path = capped_alone(&mut search, &mut tables, |search, tables| {
                let tables = (&mut *search.table, tables);
                shorten(island, palette, &mut *search.budget, tables, (path, bound), suffix_nodes)
            });
            if search.budget.aborted() {
                return Err((bound, Some(shorter(upper, path))));
            }
            beam_traced(&mut search, path.len());
            let best = shorter(upper, path);
            search.budget.meter.set_best(search.budget.base + best.len() as u64);
            upper = Some(best);
            width *= 4;
            beam_cost = Some(search.budget.nodes() - before);
        }
    }
}

/// The shorter of the best path so far `upper` and `path`, `upper` when they are as long.
fn shorter(upper: Option<Path>, path: Path) -> Path {
    match upper {
        Some(upper) if upper.len() <= path.len() => upper,
        _ => path,
    }
}

/// Notes in the trace, when tracing, a beam's path of `moves` moves after the last
/// iteration (the shortest such path is kept).
fn beam_traced(search: &mut Search<'_>, moves: usize) {
    if let Some(last) = search.budget.trace.as_mut().and_then(|t| t.last_mut()) {
        last.beam = Some(last.beam.map_or(moves as u32, |b| b.min(moves as u32)));
    }
}

/// The capped searches of the root's children for a solution of `bound` moves
/// ([`probe_children`], at most `nodes` nodes, with tables of their own: see
/// [`capped_alone`]), traced as an iteration when they find one.
fn probes(search: &mut Search<'_>, tables: &mut [FxHashMap<u128, u8>], bound: u32, nodes: u64) -> Option<Path> {
    let (before, start) = (search.budget.nodes(), Instant::now());
    search.budget.split.clear();
    let found = capped_alone(search, tables, |search, tables| probe_children(search, tables, bound, nodes))?;
    let threads = std::mem::take(&mut search.budget.split);
    traced(search, tables, bound, (before, start), threads);
    Some(found)
}

/// Adds to the trace, when tracing, an iteration to threshold `bound` that began at node
/// count `from` and instant `start`, with the nodes of each thread (`threads`, empty on
/// one) and the size of the tables (`search`'s and the other threads' `tables`).
fn traced(
    search: &mut Search<'_>,
    tables: &[FxHashMap<u128, u8>],
    bound: u32,
    (from, start): (u64, Instant),
    threads: Vec<u64>,
) {
    let own = search.shared.map_or(search.table.len(), SharedTable::len);
    let table = own + tables.iter().map(HashMap::len).sum::<usize>();
    let (island, nodes) = (search.budget.island, search.budget.nodes() - from);
    if let Some(trace) = search.budget.trace.as_mut() {
        let seconds = start.elapsed().as_secs_f64();
        trace.push(Iteration { island, bound, nodes, table, seconds, beam: None, threads });
    }
}

/// Before an IDA* iteration to threshold `bound` (every smaller one refuted): the root's
/// children, in the order the iteration takes them, each searched to `bound − 1` moves by
/// a depth-first search of at most a few nodes, in passes: the first
/// [`Tuning::probe_first_children`](super::tuning::Tuning::probe_first_children) children with at most [`Tuning::probe_cap`](super::tuning::Tuning::probe_cap) nodes each, then
/// twice as many children with four times the nodes, and so on, until `nodes` are spent;
/// the first solution found, which has `bound` moves and so is optimal (the order puts
/// the likeliest children first, and a child with an easy solution needs few nodes).
///
/// In an iteration that finds a solution, the search must refute every child before the
/// one leading to it, which can cost far more than finding it: on one generated level of
/// 130 regions (4 colours, par 10), the iteration refuted six children in 5.4 M nodes
/// before the seventh gave a solution in 1 792. Capped, a child that would take long to
/// refute is left for the iteration, and a child with an easy solution is found first.
/// The caller gives `nodes` about what the next beam would cost, so an iteration that
/// only refutes pays little for it. Nodes count against the budget like search nodes;
/// `None` when no child found a solution (or the budget ran out: `aborted` is then set).
///
/// With `tables` (the other threads' own tables, see [`capped_alone`]), the probes run on
/// `1 + tables.len()` threads: thread `i` probes the children `k` with `k mod threads = i`
/// in every pass, with its table and an equal share of `nodes`, so what each thread finds
/// does not depend on the others. The solution kept is the one of the earliest pass, then
/// the earliest child, and the nodes counted are those each thread spent up to it (see
/// [`parallel_dfs`]): given the same `nodes`, two runs find the same path and count the
/// same nodes.
fn probe_children(search: &mut Search<'_>, tables: &mut [FxHashMap<u128, u8>], bound: u32, nodes: u64) -> Option<Path> {
    search.make_room(0);
    let moves = moves(search.problem(), &search.stack[0], None, bound, None).list;
    let moves = search.interleave_by_bound(&moves, bound);
    let first = AtomicU64::new(u64::MAX);
    if tables.is_empty() || search.budget.aborted() {
        return probe_share(search, &moves, (bound, nodes), (0, 1, &first)).found.map(|(_, path)| path);
    }
    let of = tables.len() + 1;
    let share = nodes / of as u64;
    let results =
        on_threads(search, tables, |search, index| probe_share(search, &moves, (bound, share), (index, of, &first)));
    let kept = results.iter().filter_map(|(probed, ..)| probed.found.as_ref()).min_by_key(|(code, _)| *code);
    let Some((unit, path)) = kept else {
        absorb_all(search, &results);
        return None;
    };
    // Each thread's nodes up to the unit of the solution kept (searched whatever the
    // timing).
    search.budget.absorb(results.iter().map(|(probed, ..)| spent_up_to(&probed.spent, *unit)).sum::<u64>(), None);
    Some(path.clone())
}

/// What one thread's probes found (see [`probe_share`]).
struct Probed {
    /// The unit (pass and child, see [`probe_share`]) of the solution found, and its path.
    found: Option<(u64, Path)>,
    /// The nodes spent on each unit probed, in order.
    spent: Vec<(u64, u64)>,
}

/// The probes of [`probe_children`] by thread `index` of `of`: the children `k` of `moves`
/// with `k mod of = index`, in passes, until `nodes` are spent, a solution of `bound` moves
/// is found, or another thread found one in an earlier unit (`first`). A unit is coded
/// `pass << UNIT_BITS | k`, so codes order units as one thread takes them.
fn probe_share(
    search: &mut Search<'_>,
    moves: &[(u32, usize, Colour)],
    (bound, nodes): (u32, u64),
    (index, of, first): (usize, usize, &AtomicU64),
) -> Probed {
    let island = search.island;
    search.make_room(0);
    let mut merged = vec![0u64; island.words];
    let end = search.budget.nodes().saturating_add(nodes);
    let (mut cap, mut count) = (search.budget.tuning.probe_cap, search.budget.tuning.probe_first_children);
    let mut probed = Probed { found: None, spent: Vec::new() };
    for pass in 0u64.. {
        for (k, &(_, r, x)) in moves.iter().enumerate().take(count).skip(index).step_by(of) {
            let code = pass << UNIT_BITS | k as u64;
            if search.budget.nodes() >= end || code > first.load(Ordering::Relaxed) {
                return probed;
            }
            // The child as the iteration reaches it: at depth 1, in the context of its
            // move (so the table entries the probe leaves are the iteration's own).
            merged_set(island, &search.stack[0], (r, x), false, &mut search.scratch);
            let ChildKey { tapped: key, context, .. } = child_key(island, &search.stack[0], (r, x));
            let (done, rest) = search.stack.split_at_mut(1);
            rest[0].clone_from(&done[0]);
            island.apply(&mut rest[0], r, x, &mut merged);
            let before = search.budget.nodes();
            let global = search.budget.cap(before.saturating_add(cap).min(end));
            search.path.clear();
            search.path.push((r as u32, x));
            let probe = search.dfs(1, bound, Some(Last { key, rep: r, context }));
            let spent = search.budget.uncap(global);
            probed.spent.push((code, search.budget.nodes() - before));
            if let Probe::Found = probe {
                first.fetch_min(code, Ordering::Relaxed);
                probed.found = Some((code, std::mem::take(&mut search.path)));
                return probed;
            }
            search.path.clear();
            if spent {
                return probed;
            }
        }
        if cap >= nodes && count >= moves.len() {
            break;
        }
        cap = cap.saturating_mul(4);
        count = count.saturating_mul(2);
    }
    probed
}

/// Runs `capped` (searches under node caps: the probes, a beam's shortening) on `search`
/// with the tables of its own threads, `search.table` and `tables`, instead of the shared
/// table, then moves their entries into the shared table (when there is one).
///
/// How much a capped search finds within its cap depends on the entries it reads, and the
/// shared table's depend on timing (module docs, [Threads](super#threads)): with tables
/// of their own, filled only by these searches, what the probes and the shortening find
/// depends on their node budgets alone. (Those follow the iterations' node counts, so
/// the moves may still differ from run to run: module docs,
/// [Threads](super#threads).) Their entries, proven bounds, then serve the iterations,
/// which search without a cap.
fn capped_alone<T>(
    search: &mut Search<'_>,
    tables: &mut [FxHashMap<u128, u8>],
    capped: impl FnOnce(&mut Search<'_>, &mut [FxHashMap<u128, u8>]) -> T,
) -> T {
    let shared = search.shared.take();
    let out = capped(search, tables);
    if let Some(shared) = shared {
        let limit = search.budget.tuning.table_limit;
        for table in std::iter::once(&mut *search.table).chain(tables.iter_mut()) {
            for (key, bound) in table.drain() {
                shared.store(key, u32::from(bound), limit);
            }
        }
        search.shared = Some(shared);
    }
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::solver::budget::{Limits, test_budget};
    use crate::solver::test_support::{exact_distance, medium_level_strategy, one_island_strategy, reachable_states};
    use crate::solver::tuning::Tuning;
    use crate::{Level, MAX_COLOURS, RegionGraph};

    proptest! {
        // 12: a case costs 0.2-0.5 s (four searches on two threads with probes, beams and
        // shortening after every iteration); the solver's tests against exhaustive search
        // run the shared table too, and `a_full_table_may_change_the_moves_but_not_the_par`
        // pins a level whose moves the full table changes. Levels the search on one thread
        // does not prove within `PROVEN_NODES` are drawn again (a few seconds each on
        // threads, for nothing the others do not show), at most as many as the cases.
        #![proptest_config(ProptestConfig { cases: 12, max_global_rejects: 12, ..ProptestConfig::default() })]

        /// Without a node limit, the threads share a table whose entries depend on timing,
        /// so the par a search finds must not depend on what that table holds: a search
        /// whose table starts with every entry a first search left (all proven bounds) finds
        /// a path as short, with probes, beams and their shortening after every iteration;
        /// both paths solve the island. Not always the same path: with the fuller table the
        /// iterations take fewer nodes, and the probes and beams that follow get node
        /// budgets from those counts (module docs, [Threads](super#threads)).
        #[test]
        fn what_the_shared_table_holds_never_changes_the_par(level in medium_level_strategy(), width in 1usize..3, cap in 1u64..32) {
            prop_assume!(proven_within(&level, PROVEN_NODES));
            for (first, again) in with_a_full_table(&level, width, cap) {
                prop_assert_eq!(again.len(), first.len());
            }
        }
    }

    /// The nodes within which `what_the_shared_table_holds_never_changes_the_par` wants
    /// its levels proven on one thread.
    const PROVEN_NODES: u64 = 100_000;

    /// Whether the search on one thread proves the par of `level` within `nodes` nodes.
    fn proven_within(level: &Level, nodes: u64) -> bool {
        let mut budget = test_budget(Limits { node_limit: Some(nodes), ..Limits::default() }, false);
        matches!(crate::solver::solve_budget(level, &mut budget), crate::solver::Solved::Optimal(_))
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
}
