//! The optimal par solver: IDA* over region-graph states, one island at a time.
//!
//! # Rules the solver works under
//!
//! A move recolours one current region (a connected set of original regions of one colour)
//! to a colour used somewhere in the level; a level is solved when every triangle has one
//! colour. Islands (groups of triangles separated by holes) never interact, so the solver
//! works on each island's region graph on its own and then picks the final colour (see
//! [Islands](#islands)).
//!
//! # Lower bounds (admissible, each proven here and tested against exhaustive BFS)
//!
//! **Colour bound.** Let `C` be the set of colours present in an island, plus the target
//! colour when the island must end in a given colour `t`, and `K = |C|`. A move recolours one
//! region from colour `c` to `x`: only `c` can disappear, so `K` drops by at most one per
//! move, and it drops only if the tapped region was the *only* region of colour `c` and
//! `c ≠ t` (the target stays in `C` by definition). The goal has `K = 1`, so at least `K − 1`
//! moves are needed. If `K ≥ 2` and no colour other than the target consists of a single
//! region, the first move cannot lower `K`, so at least `K` moves are needed.
//!
//! **Colour bound, one move ahead.** Say a move *removes* colour `c` when it taps the
//! last region of colour `c`; a move taps one region, so it removes at most one colour, and
//! `K − 1` colours must be removed (all present colours but the final one; the target is
//! never removed), so a solution has `K − 1` removing moves plus its non-removing ones. A
//! move can remove `c` only when `c ≠ t` has exactly one region. A move tapping a region
//! of colour `a` to `x` changes the region counts `m` of two colours only: `m_a` drops by
//! one and `m_x` becomes `m_x − n_x + 1`, where `n_x` is the number of `x` regions it
//! touches. So if no colour other than the target has one or two regions and no region
//! touches every region of some other colour `x ≠ t` (`n_x = m_x`), then after any first
//! move still no colour other than the target has one region: neither the first nor the
//! second move removes a colour, and at least `(K − 1) + 2 = K + 1` moves are needed (the
//! state is unsolved, so `K ≥ 2` and at least one removing move follows the two). The
//! bound is checked on every state reachable from hundreds of small random levels against
//! the exact distance by breadth-first search, with and without a target colour.
//!
//! **Radius bound.** Let `H` be the current region graph of an island and `rad(H)` its radius
//! (the least, over regions, of the largest distance to another region). Meeks and Scott
//! (*Spanning trees and the complexity of flood-filling games*, 2012) prove that the number
//! of moves to flood a connected graph equals the least, over its spanning trees `T`, of
//! the number of moves to flood `T`. In `T`, a move merges the tapped region with some of its
//! neighbours, a set of diameter at most 2, so the distance between any two vertices of
//! `T`'s region graph falls by at most 2 per move; flooding `T` therefore takes at least
//! `⌈diam(T)/2⌉ = rad(T)` moves (`T`'s region graph is a tree, and a tree's radius is
//! `⌈diam/2⌉`). Distances in `T` are at least those in `H` (a path in `T` is a path in the
//! level), so `rad(T) ≥ rad(H)`, and every solution takes at least `rad(H)` moves. The
//! solver takes the largest of the colour, radius and pair bounds. Each search node keeps the matrix of
//! distances between its regions, updated in `O(n²)` per move (a merge of a set `S` gives
//! `d'(u, v) = min(d(u, v), d(u, S) + d(S, v))`, see `merge_distances`), so the exact radius
//! comes with every node; islands of more than 1024 regions compute it instead by
//! bit-parallel breadth-first search from every region at once, up to the remaining budget.
//!
//! **Colour-distance (pair) bound.** For two regions `u` and `w` of an island, let `d` be
//! the distance between their current regions in the region graph and `δ = 1` if their
//! colours differ, else 0. Every solution takes at least `⌈(d + δ) / 2⌉` moves. Proof: a
//! move taps a region `R` of colour `a` and gives it colour `x`; `S = R ∪ {x-coloured
//! neighbours of R}` becomes one region, and only `R`'s triangles change colour. (i) No
//! distance shrinks by more than 2, since `S` has diameter at most 2 (a path through the
//! merged region lifts to an old path with at most 2 more steps inside `S`). (ii) If `u`'s
//! region is `R`, its new region is `S`, every region of which is `R` or next to it, so
//! `d' ≥ d(R, w) − 1 = d − 1`. (iii) `δ` changes only if the colour of `u`'s or `w`'s region
//! changes, that is, only if one of them is `R`. So if neither is `R`, `d + δ` drops by at
//! most 2 by (i), and if one is, `d` drops by at most 1 by (ii) and `δ` by at most 1: in
//! every case `φ = d + δ` drops by at most 2 per move, and it is 0 when the island is one
//! region. With a target colour `t` take `φ = d + [colour(u) ≠ t] + [colour(w) ≠ t]`
//! instead: it is 0 only at the goal, and the same cases (plus `u, w` both in `R`, where
//! `d = 0` stays and the two indicators drop by at most 1 each) show it drops by at most
//! 2 per move. The solver takes the largest value over all pairs, read off the distance
//! matrix (`pair_bound`). It is at most `⌈diam/2⌉ + 1 ≤ radius + 1`, so it adds one to the
//! radius bound exactly when the diameter is twice the radius and two regions at that
//! distance differ in colour (or in the target case, when the ends of a longest path are
//! not of the target colour): on the designed set that holds at 70–85% of the nodes the
//! search used to expand. Checked against exhaustive breadth-first search on thousands
//! of random coloured graphs of any shape, with and without targets, and on every state
//! reachable from small random levels.
//!
//! **Final-colour bound** (searches without a target colour). A solution ends with the
//! island in some colour `c`, and the colour of a solution's last state is one of the
//! colours present now (moves only ever take a neighbour's colour, see *Move colours*
//! below; an optimal solution exists among those). So the optimum is the least, over the
//! present colours `c`, of the optimum ending in `c`, and that is at least the larger of
//! the target bounds for `c`: the colour bound with target `c` and the pair bound
//! `max ⌈(d + [colour(u) ≠ c] + [colour(w) ≠ c]) / 2⌉` (the radius is the same for every
//! `c`). The least of these over `c` is a lower bound. It is at most one more than the
//! bounds above (a pair's potential for `c` exceeds `d + δ` by at most one, and the colour
//! bound with a present target by at most one), and it adds that one exactly when every
//! present colour is "far" from some pair: typically, the diameter is odd, `2k − 1`, so
//! the pair bound gives only `k`, and for every colour `c` some pair of regions at the
//! diameter has neither end of colour `c`, so ending in `c` takes `k + 1` moves
//! (`final_colour_cuts`). On the designed set it raised the bound at 7–70% of the nodes
//! where it was tested. Checked against exhaustive breadth-first search like the others.
//!
//! # Pruning (only safe pruning)
//!
//! * **Move colours.** A region is recoloured only to a colour of one of its neighbours,
//!   or to the island's target colour when there is one (islands). A move to any other colour
//!   merges nothing; the property tests check on hundreds of random levels (holes and islands
//!   included) that the optimum under this restriction equals the optimum of an exhaustive
//!   breadth-first search over every triangle and every colour ([`bfs_optimum`]).
//! * **Leaves last** (searches without a target colour). A region with exactly one
//!   neighbouring region (a *leaf*) is not tapped while three or more regions are left.
//!   Proof: take a solution whose first leaf tap at three or more regions, at step `i`,
//!   taps leaf `r` whose one neighbour region is `N`. From then on every triangle next to
//!   `r` lies in the region containing `N` (regions only grow). Drop that move and play the
//!   others unchanged (when a move tapped the region holding `N` and `r`, tap a triangle
//!   outside `r`): the region of `N` minus `r` is still connected, its neighbours are the
//!   old ones plus `r`, so every move merges what it merged before, plus `r` when `r` has
//!   the new colour (after which play is identical, and we are done). Otherwise the play
//!   differs only in `r` being its own region, so every region count is one higher. The
//!   last original move merged the last two regions `X` and `Y`, say `N ⊆ Y`; now there
//!   are three, `X`, `Y` and `r`, and `Y` touches both others. Replace the last move by a
//!   tap of `Y` to the colour of `X` (two neighbours: no leaf), leaving at most two regions,
//!   and finish with one more move if two are left: the same length as before. Every other
//!   kept move has at least the neighbours it had, so no new leaf tap at three or more
//!   regions appears; repeating this gives a solution as short with none. With a target
//!   colour this fails (the last tap must produce that colour: `2 1 0` with target `1`
//!   needs two leaf taps), so the rule is off in target searches. The partial-order
//!   reduction only swaps independent adjacent moves, which changes neither move's
//!   neighbours (that is what independence means) and never moves the final two-region
//!   tap, so a shortest solution exists that is both leaf-free and in canonical order, and
//!   the search (which enumerates exactly such sequences) finds it.
//! * **Transposition table.** States are keyed by the colour of every original region
//!   (regions never split, so this identifies the state; the key is a 128-bit Zobrist hash,
//!   seeded and deterministic). The table stores a *proven lower bound on the moves still
//!   needed* from the state — never a depth-ignoring "visited" mark. After a state has been
//!   searched with `b` moves left and no solution was found, at least `b + 1` moves are
//!   needed from it; this bound is valid in every later iteration and at every depth.
//!
//! **Cheap child tests.** Before a move is played on a copy of the node, the child's colour
//! bound is computed from the parent's colour counts (the tapped region changes colour, its
//! neighbours of the new colour disappear), and its radius is tested against the moves
//! left by reading the parent's distance matrix through the merge rule of
//! `merge_distances` without writing it (`radius_exceeds`); the look-ahead of the colour
//! bound is tested once the child's regions are merged and before its distance matrix is
//! written. The radius test scans only regions whose eccentricity in the parent is at most
//! the limit plus 2 (a merged set has diameter at most 2, so no distance shrinks by more),
//! and runs only when the parent's radius is not already below the limit (merging never
//! lengthens a distance, so the child's radius is at most the parent's). A child failing either test
//! would be cut by the same bound at its own node, so the search is unchanged; the bound
//! it reports to its parent may be lower than the child's own (still a proven lower bound,
//! as the tests are the admissible bounds above).
//!
//! **Pair cut.** The pairs the pair filter meets at or near the critical potential (up to
//! 64) are kept, and before a move is played its child's potentials for them are read off
//! the parent's matrix by the merge rule (the merged set `S`'s row `d(S, ·)`, the least
//! of its few regions' rows, is computed once per move for this and the radius test): a
//! child keeping a potential of `2·left − 1`, or (without a target)
//! one at or above that for every colour's final-colour potential, is cut without being
//! built (`Search::pair_cut`). It is exact for the pairs it reads, so it cuts only
//! children whose own pair or final-colour bound would cut them; at the nodes where the
//! bounds are tight, those were 29–78% of the children built (now 10–15%).
//!
//! **Pair filter.** At a node with `left` moves left, a child needs a pair bound of at most
//! `left − 1`, so every pair of regions whose potential `φ` is at least `2·left − 1` must
//! see it drop, and that takes a tap of a region on or next to a shortest path between
//! them, and on one when the potential is `2·left` and must drop by 2 (`pair_taps`, with
//! its proof). The node computes the regions passing this for all
//! such pairs once; moves tapping other regions are not generated, and the node reports
//! `left + 1` for them (what their own pair bound would give).
//!
//! **Tap filter.** When the radius test applies at a node (its radius is at least the moves
//! left, so every child must bring it down to `left − 1`), the node first computes, once,
//! the set of regions whose tap can do that at all (`radius_taps`, with its proof: a
//! necessary condition on the tapped region `r` alone, for each region `u` that could
//! become a centre, `d(u, r) + max{d(r, v) : d(u, v) > left − 1} ≤ left + 1`). Moves
//! tapping other regions are not generated; the node reports `left + 1` for them, the
//! bound the radius test would have given them. For the remaining moves, the radius test
//! tries as centres only the merged region and the regions `u` that passed the condition
//! for `r`, which keeps it exact. The two filters are intersected; the radius filter is
//! skipped when the pair filter already leaves at most `PAIR_TAPS_ENOUGH` regions (the
//! per-child radius test then tries every region as a centre). Neither changes which
//! children pass: a child left out would have been cut by its own bounds. The colour
//! look-ahead is computed only when it can raise the bound, and skips regions with fewer
//! neighbours than the rarest colour has regions (touching every region of a colour `x`
//! takes at least `m_x` neighbours).
//!
//! Pruning known to lose optimality (moves restricted to touch the previous one, skipping
//! regions by eccentricity, a fixed pivot region, depth-ignoring visited sets) is not used.
//!
//! # Upper bounds
//!
//! IDA* proves that no solution has fewer moves than its threshold, one threshold at a
//! time; the iteration at the par must then *find* a solution, and how long that takes
//! depends on which moves it happens to try first. Once a search has spent some effort,
//! a beam search (`beam_path`: layer by layer, the best few states by their lower bound,
//! then by how compact their region graph is) finds a solution, and `shorten` replaces its
//! suffixes with shorter ones found by small searches from its states. When every
//! threshold below that solution's length is refuted, it is optimal and is returned
//! without the last iteration. Beams widen (and get bigger searches) as the search goes
//! on. The proof of optimality is the refutations, exactly as without beams; beams only
//! stop the search sooner, and when the budget runs out their solution is reported as the
//! best one found (greedy play otherwise).
//!
//! # Threads
//!
//! With [`Limits::threads`] above one, each IDA* iteration that follows one of at least
//! `PARALLEL_AFTER` nodes, and each iteration of the searches that shorten a beam's path,
//! deal units of work round-robin to the threads, each with its own stack and its own
//! transposition table, kept from one iteration to the next. The units are the root's grandchildren (grandchild `j` of child
//! `k` goes to thread `(k + j) mod threads`, the same thread in every iteration): with
//! children as units, a few heavy children left a thread idle for up to half an iteration.
//! Every thread visits every child, searching only its own grandchildren below it. A
//! thread's result at the root or at a child is a bound over its own units only, so it is
//! never stored in the table; the least of the threads' results is what one thread would
//! have proven there. The beam search scores each layer's states in runs, one run per
//! thread, and joins the runs in order.
//!
//! An iteration finds the solution a single thread would. A table holds only proven bounds
//! in their context, so it decides how much a thread searches, never what it finds: in a
//! subtree, the first solution in search order is the same whatever the table holds. Each
//! thread stops at its own first solution, and the solution kept is the one below the
//! earliest unit in search order, every earlier unit having been searched. In an
//! iteration of the main search, a thread also skips its units after a unit where
//! another thread found a solution (that solution ends the island's search, and its
//! tables); only the nodes spent up to the kept unit are counted, which do not depend on
//! when the threads learnt of it. So the work, the node counts and the outcome are the same
//! from run to run, under a node limit too: each thread of an iteration or of a beam's layer
//! gets an equal share of the nodes left, so whether a limit runs out can depend on the
//! number of threads, but not on timing.

//! # Islands
//!
//! Every island must end in the same colour. For island `i`, let `opt_i` be its optimum to
//! any colour and `opt_i(c)` its optimum ending in colour `c`; then
//! `opt_i ≤ opt_i(c) ≤ opt_i + 1` (one more move recolours the whole island). The solver
//! finds `opt_i`, then for each colour `c` checks with a bounded search whether
//! `opt_i(c) = opt_i`, and returns `min over c of Σ_i opt_i(c)`.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use engine::SeededRng;
use rustc_hash::FxHashMap;

use crate::{Colour, Level, MAX_COLOURS, Move, RegionGraph, State, play};

/// When to give up, and how many threads to search with.
///
/// ```
/// let limits = kami::Limits { node_limit: Some(1_000), ..kami::Limits::default() };
/// assert!(limits.deadline.is_none());
/// assert_eq!(limits.threads, 0); // the calling thread only
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop at this instant (not deterministic: use `node_limit` where output must be).
    pub deadline: Option<Instant>,
    /// Stop after this many search nodes (deterministic, for a given number of threads).
    pub node_limit: Option<u64>,
    /// Search with this many threads (0 and 1: the calling thread only): long IDA*
    /// iterations split the root's grandchildren among them (see [Threads](self#threads)).
    /// The par is the one a single thread finds. The moves may differ from one thread
    /// count to another (the beam paths' shortening gets a share of its nodes per
    /// thread), and so may whether a `node_limit` runs out, but nothing differs from one
    /// run to the next.
    pub threads: usize,
}

/// What the solver found.
///
/// ```
/// let level: kami::Level = "0011\n0011\n".parse().unwrap();
/// let outcome = kami::solve_with(&level, kami::Limits::default());
/// assert!(matches!(outcome, kami::Outcome::Optimal(ref moves) if moves.len() == 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A proven optimal solution (replayed and checked).
    Optimal(Vec<Move>),
    /// The budget ran out.
    GaveUp {
        /// A proven lower bound on the optimum.
        lower_bound: u32,
        /// The best solution found (replayed and checked), if any.
        best: Option<Vec<Move>>,
    },
}

/// An optimal solution of `level` (no budget: may take long on deep levels).
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// let moves = kami::solve(&level);
/// let end = kami::play::replay(&level, &moves).unwrap();
/// assert!(kami::play::is_solved(&end));
/// ```
#[must_use]
pub fn solve(level: &Level) -> Vec<Move> {
    match solve_with(level, Limits::default()) {
        Outcome::Optimal(moves) => moves,
        Outcome::GaveUp { best, .. } => best.unwrap_or_default(),
    }
}

/// Solves `level` optimally within `limits`.
///
/// ```
/// let level: kami::Level = "01.10\n01.10\n".parse().unwrap(); // two islands
/// let kami::Outcome::Optimal(moves) = kami::solve_with(&level, kami::Limits::default()) else { panic!() };
/// assert_eq!(moves.len(), 2);
/// ```
#[must_use]
pub fn solve_with(level: &Level, limits: Limits) -> Outcome {
    solve_counted(level, limits).0
}

/// [`solve_with`], also returning the number of search nodes visited (for benchmarks).
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// let (outcome, nodes) = kami::solver::solve_counted(&level, kami::Limits::default());
/// assert_eq!(outcome, kami::solve_with(&level, kami::Limits::default()));
/// assert!(nodes > 0);
/// ```
#[must_use]
pub fn solve_counted(level: &Level, limits: Limits) -> (Outcome, u64) {
    let mut budget = Budget::new(limits, false);
    let outcome = solve_budget(level, &mut budget);
    (outcome, budget.nodes)
}

/// One IDA* iteration of an island's search to any colour, as reported by [`solve_traced`].
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// let (_, _, iterations) = kami::solver::solve_traced(&level, kami::Limits::default());
/// assert_eq!(iterations[0].island, 0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    /// The island (an index into [`RegionGraph::islands`]).
    pub island: usize,
    /// The iteration's threshold: the most moves a solution may have.
    pub bound: u32,
    /// Search nodes spent in the iteration (as counted by [`solve_counted`]).
    pub nodes: u64,
    /// Transposition table entries at its end.
    pub table: usize,
    /// Wall-clock seconds (not deterministic).
    pub seconds: f64,
    /// The length of the path found by the beam search that ran after the iteration (and
    /// shortened by searches from its states), if one ran (see [`solve_traced`]).
    pub beam: Option<u32>,
    /// With several threads ([`Limits::threads`]), the nodes each spent (in an iteration
    /// that finds a solution, including those spent after it, which `nodes` leaves out);
    /// empty with one thread.
    pub threads: Vec<u64>,
}

/// [`solve_counted`], also listing every IDA* iteration of the islands' searches to any
/// colour (where the time goes: the iterations below the par prove that fewer moves are not
/// enough; the last one either finds a solution, with the par as its threshold, or refutes
/// the par minus one when a beam search already found a path of par moves, which is then
/// optimal). The checks of islands' final colours are not listed.
///
/// ```
/// let level: kami::Level = "0120120\n1201201\n2012012\n".parse().unwrap();
/// let (outcome, nodes, iterations) = kami::solver::solve_traced(&level, kami::Limits::default());
/// assert_eq!(outcome, kami::solve_with(&level, kami::Limits::default()));
/// let kami::Outcome::Optimal(moves) = outcome else { panic!() };
/// let last = iterations.last().unwrap();
/// let beam = iterations.iter().filter_map(|i| i.beam).min();
/// assert!(last.bound as usize == moves.len() || (last.bound + 1 == moves.len() as u32 && beam == Some(last.bound + 1)));
/// assert!(iterations.iter().map(|i| i.nodes).sum::<u64>() <= nodes);
/// ```
#[must_use]
pub fn solve_traced(level: &Level, limits: Limits) -> (Outcome, u64, Vec<Iteration>) {
    let mut budget = Budget::new(limits, true);
    let outcome = solve_budget(level, &mut budget);
    (outcome, budget.nodes, budget.trace.unwrap_or_default())
}

fn solve_budget(level: &Level, budget: &mut Budget) -> Outcome {
    let graph = RegionGraph::new(level);
    let palette = level.colours_used();
    if graph.islands().iter().any(|island| island.len() > MAX_ISLAND_REGIONS) {
        return Outcome::GaveUp { lower_bound: colour_bounds(&graph), best: None };
    }
    let islands: Vec<Island> = graph.islands().iter().map(|regions| Island::new(&graph, regions)).collect();
    let mut tables: FxHashMap<(usize, Option<Colour>), FxHashMap<u128, u8>> = FxHashMap::default();

    // Each island's optimum to any colour.
    let mut found: Vec<Option<Path>> = Vec::new();
    // The shortest path known per island (optimal where found, else the beam's).
    let mut known: Vec<Option<Path>> = Vec::new();
    let mut lower = 0u32;
    for (i, island) in islands.iter().enumerate() {
        budget.island = i;
        let table = tables.entry((i, None)).or_default();
        match ida_star(island, None, &palette, budget, table) {
            Ok(path) => {
                lower += path.len() as u32;
                known.push(Some(path.clone()));
                found.push(Some(path));
            }
            Err((lb, beam)) => {
                lower += lb;
                known.push(beam);
                found.push(None);
            }
        }
    }
    if budget.aborted {
        return gave_up(level, &graph, &islands, &known, &palette, lower);
    }
    let paths: Vec<Path> = found.into_iter().map(Option::unwrap_or_default).collect();
    let finals: Vec<Colour> = islands.iter().zip(&paths).map(|(is, p)| is.final_colour(p)).collect();

    // The final colour: least total of opt_i(c).
    let mut best: Option<(u32, Vec<Path>)> = None;
    let ending = final_counts(&finals);
    let mut order = palette.clone();
    order.sort_by_key(|&c| std::cmp::Reverse(ending[usize::from(c)]));
    for &c in &order {
        let mut extra = 0u32;
        let mut chosen = Vec::new();
        for (i, island) in islands.iter().enumerate() {
            if best.as_ref().is_some_and(|(b, _)| lower + extra >= *b) {
                break;
            }
            if finals[i] == c {
                chosen.push(paths[i].clone());
                continue;
            }
            let table = tables.entry((i, Some(c))).or_default();
            let opt = paths[i].len() as u32;
            let mut search = Search::new(island, Some(c), &palette, budget, table);
            if let Probe::Found = search.dfs(0, opt, None) {
                chosen.push(search.path.clone());
            } else {
                if search.budget.aborted {
                    let found: Vec<Option<Path>> = paths.iter().cloned().map(Some).collect();
                    return gave_up(level, &graph, &islands, &found, &palette, lower);
                }
                let mut path = paths[i].clone();
                // After its path the island is one region: tap its region 0.
                path.push((0, c));
                chosen.push(path);
                extra += 1;
            }
        }
        if chosen.len() == islands.len() && best.as_ref().is_none_or(|(b, _)| lower + extra < *b) {
            best = Some((lower + extra, chosen));
        }
    }
    let (_, chosen) = best.unwrap_or_default();
    Outcome::Optimal(checked_moves(level, &graph, &islands, &chosen))
}

/// The solver's lower bound for `level` at the start: the sum over islands of the larger of
/// the colour bound and the radius bound (see the module docs).
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// assert!(kami::solver::lower_bound(&level) as usize <= kami::solve(&level).len());
/// ```
#[must_use]
pub fn lower_bound(level: &Level) -> u32 {
    let graph = RegionGraph::new(level);
    if graph.islands().iter().any(|island| island.len() > MAX_ISLAND_REGIONS) {
        return colour_bounds(&graph);
    }
    graph
        .islands()
        .iter()
        .map(|regions| {
            let island = Island::new(&graph, regions);
            let node = island.root();
            let mut scratch = Scratch::new(&island);
            heuristic(&island, &node, None, u32::MAX, &mut scratch)
        })
        .sum()
}

/// The most regions one island may have for the search (its bitsets take `n²/64` words per
/// node); bigger levels get only the colour bound and no answer.
///
/// ```
/// assert!(kami::solver::MAX_ISLAND_REGIONS >= 29 * 10);
/// ```
pub const MAX_ISLAND_REGIONS: usize = 16_384;

/// The sum over islands of (distinct colours − 1): cheap and admissible on any level.
fn colour_bounds(graph: &RegionGraph) -> u32 {
    graph
        .islands()
        .iter()
        .map(|island| {
            let mut present = [false; MAX_COLOURS];
            for &r in island {
                present[usize::from(graph.colour(r as usize))] = true;
            }
            (present.iter().filter(|&&p| p).count() as u32).saturating_sub(1)
        })
        .sum()
}

/// A quick, not necessarily optimal solution: every move makes the largest merge, then all
/// islands are recoloured to their most common final colour.
///
/// ```
/// let level: kami::Level = "0120\n1201\n2012\n".parse().unwrap();
/// let moves = kami::solver::greedy(&level);
/// assert!(kami::play::is_solved(&kami::play::replay(&level, &moves).unwrap()));
/// assert!(moves.len() >= kami::solve(&level).len());
/// ```
#[must_use]
pub fn greedy(level: &Level) -> Vec<Move> {
    let graph = RegionGraph::new(level);
    let islands: Vec<Island> = graph.islands().iter().map(|regions| Island::new(&graph, regions)).collect();
    let found = vec![None; islands.len()];
    let chosen = combine(&islands, &found, &level.colours_used());
    checked_moves(level, &graph, &islands, &chosen)
}

/// The optimum by exhaustive breadth-first search, trying every region with every colour of
/// the level: the obviously-correct reference for tiny levels. States are region-graph
/// states (whose moves are checked against flood fill on the triangles in property tests).
/// `None` when more than `max_states` states would be expanded.
///
/// ```
/// let level: kami::Level = "012\n120\n".parse().unwrap();
/// let moves = kami::solver::bfs_optimum(&level, 100_000).unwrap();
/// assert_eq!(moves.len(), kami::solve(&level).len());
/// ```
#[must_use]
pub fn bfs_optimum(level: &Level, max_states: usize) -> Option<Vec<Move>> {
    let graph = RegionGraph::new(level);
    let colours = level.colours_used();
    let mut expanded = 0usize;
    let path = engine::bfs(
        &graph.initial_state(),
        |state: &State| {
            expanded += 1;
            let mut next = Vec::new();
            if expanded > max_states {
                return next;
            }
            // Tapping any original region of a current region has the same effect.
            let mut covered = vec![false; graph.len()];
            for r in 0..graph.len() {
                if covered[r] {
                    continue;
                }
                for g in graph.current_region(state, r) {
                    covered[g] = true;
                }
                for &c in &colours {
                    let mut s = state.clone();
                    if !graph.apply(&mut s, r, c).is_empty() {
                        next.push(s);
                    }
                }
            }
            next
        },
        |state| graph.is_solved(state),
    )?;
    let moves = path
        .windows(2)
        .map(|w| {
            let r = (0..graph.len()).find(|&r| w[0].colours[r] != w[1].colours[r]).unwrap_or(0);
            graph.tap(r, w[1].colours[r])
        })
        .collect();
    Some(moves)
}

/// The seed article's greedy best-first search, kept as the benchmarks' `reference`.
///
/// It is **not optimal**: states are taken in order of `(regions at the start − regions
/// removed by the last move) + depth`, the first solved state taken wins, and a state seen
/// once is never improved; moves that remove no region are skipped. It also assumes one
/// island (all islands must become one region, so levels with holes that split them are
/// not solved: `None`). `None` as well after `max_states` expanded states.
///
/// ```
/// let level: kami::Level = "0120\n1201\n2012\n".parse().unwrap();
/// let moves = kami::solver::reference_best_first(&level, 100_000).unwrap();
/// assert!(kami::play::is_solved(&kami::play::replay(&level, &moves).unwrap()));
/// assert!(moves.len() >= kami::solve(&level).len());
/// ```
#[must_use]
pub fn reference_best_first(level: &Level, max_states: usize) -> Option<Vec<Move>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    let graph = RegionGraph::new(level);
    let colours = level.colours_used();
    let start = graph.initial_state();
    let original = graph.current_regions(&start).len();
    // Nodes: (state, parent, move); the heap orders by (heuristic, insertion order).
    let mut nodes: Vec<(State, usize, Option<Move>, usize)> = vec![(start.clone(), usize::MAX, None, 0)];
    let mut heap = BinaryHeap::from([Reverse((original, 0usize))]);
    let mut visited = rustc_hash::FxHashSet::default();
    visited.insert(start);
    let mut expanded = 0;
    while let Some(Reverse((_, id))) = heap.pop() {
        let (state, _, _, depth) = nodes[id].clone();
        let regions = graph.current_regions(&state);
        if regions.len() == 1 {
            let mut moves = Vec::new();
            let mut at = id;
            while let Some(mv) = nodes[at].2 {
                moves.push(mv);
                at = nodes[at].1;
            }
            moves.reverse();
            return Some(moves);
        }
        expanded += 1;
        if expanded > max_states {
            return None;
        }
        for region in &regions {
            let r = region[0];
            for &c in &colours {
                let mut next = state.clone();
                if graph.apply(&mut next, r, c).is_empty() {
                    continue;
                }
                let removed = regions.len() - graph.current_regions(&next).len();
                if removed > 0 && visited.insert(next.clone()) {
                    let h = original - removed + depth + 1;
                    nodes.push((next, id, Some(graph.tap(r, c)), depth + 1));
                    heap.push(Reverse((h, nodes.len() - 1)));
                }
            }
        }
    }
    None
}

/// A solution of one island: `(local rep, colour)` moves.
type Path = Vec<(u32, Colour)>;

/// How many islands end in each colour.
fn final_counts(finals: &[Colour]) -> [usize; MAX_COLOURS] {
    let mut out = [0; MAX_COLOURS];
    for &f in finals {
        out[usize::from(f)] += 1;
    }
    out
}

/// Search counters shared by every island search.
struct Budget {
    limits: Limits,
    nodes: u64,
    aborted: bool,
    /// The iterations so far, when tracing (see [`solve_traced`]).
    trace: Option<Vec<Iteration>>,
    /// The nodes each thread spent in the last parallel iteration (for the trace).
    split: Vec<u64>,
    /// Nodes of an iteration after which the next runs on the threads
    /// ([`PARALLEL_AFTER`] but in tests).
    parallel_after: u64,
    /// The island being searched (for the trace).
    island: usize,
    /// Transposition table entries kept at most ([`TABLE_LIMIT`] but in tests).
    table_limit: usize,
    /// Search nodes per unit of beam width before a beam search ([`BEAM_AFTER`] but in
    /// tests).
    beam_after: u64,
    /// The first beam's width ([`BEAM_WIDTH`] but in tests).
    beam_width: usize,
}

impl Budget {
    fn new(limits: Limits, trace: bool) -> Self {
        Budget {
            limits,
            nodes: 0,
            aborted: false,
            trace: trace.then(Vec::new),
            split: Vec::new(),
            parallel_after: PARALLEL_AFTER,
            island: 0,
            table_limit: TABLE_LIMIT,
            beam_after: BEAM_AFTER,
            beam_width: BEAM_WIDTH,
        }
    }

    /// A budget for one of `of` threads: an equal share of the nodes left, the same deadline
    /// and settings, nothing spent yet and no trace.
    fn share(&self, of: usize) -> Budget {
        let node_limit = self.limits.node_limit.map(|l| l.saturating_sub(self.nodes) / of as u64);
        Budget {
            table_limit: self.table_limit,
            beam_after: self.beam_after,
            beam_width: self.beam_width,
            parallel_after: self.parallel_after,
            ..Budget::new(Limits { node_limit, ..self.limits }, false)
        }
    }

    /// Counts one node; whether the budget is exhausted.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.node_limit.is_some_and(|n| self.nodes > n) {
            self.aborted = true;
        }
        if self.nodes % 1024 == 0 && self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            self.aborted = true;
        }
        self.aborted
    }
}

/// One island's region graph as bitsets over its regions (numbered `0..n` locally).
struct Island {
    n: usize,
    words: usize,
    /// Local region number → region number in the level's graph.
    global: Vec<u32>,
    colours: Vec<Colour>,
    adjacency: Vec<u64>,
    /// Zobrist keys, `[region * MAX_COLOURS + colour]`.
    zobrist: Vec<u128>,
    /// Zobrist keys of the search context (`2 * region` and `2 * region + 1`).
    context: Vec<u128>,
}

/// A state of one island during search. Each current region is represented by one of its
/// original regions (its "rep"); `adj`, `members` and `col` are meaningful for reps only.
#[derive(Clone)]
struct Node {
    alive: Vec<u64>,
    adj: Vec<u64>,
    members: Vec<u64>,
    col: Vec<Colour>,
    count: usize,
    hash: u128,
    /// Distances between regions (`n × n`, saturating at 255, see [`Island::apply`]);
    /// empty for islands of more than [`MATRIX_LIMIT`] regions.
    dist: Vec<u8>,
    /// The radius of the region graph (from `dist`; 0 when `dist` is empty).
    radius: u32,
    /// The eccentricity of each alive region (from `dist`; stale for dead regions).
    ecc: Vec<u8>,
}

impl Node {
    /// Copies everything but the distance matrix (sized, contents left stale).
    fn copy_structure(&mut self, from: &Node) {
        self.alive.clone_from(&from.alive);
        self.adj.clone_from(&from.adj);
        self.members.clone_from(&from.members);
        self.col.clone_from(&from.col);
        self.count = from.count;
        self.hash = from.hash;
        self.radius = from.radius;
        self.dist.resize(from.dist.len(), 0);
        self.ecc.resize(from.ecc.len(), 0);
    }
}

/// Islands up to this many regions keep a distance matrix in every search node.
const MATRIX_LIMIT: usize = 1024;

fn bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                i * 64 + b
            })
        })
    })
}

impl Island {
    fn new(graph: &RegionGraph, regions: &[u32]) -> Self {
        let mut local = FxHashMap::default();
        for (i, &r) in regions.iter().enumerate() {
            local.insert(r, i);
        }
        let adjacency: Vec<Vec<usize>> =
            regions.iter().map(|&r| graph.neighbours(r as usize).iter().map(|nb| local[nb]).collect()).collect();
        let colours = regions.iter().map(|&r| graph.colour(r as usize)).collect();
        Island::from_adjacency(regions.to_vec(), colours, &adjacency)
    }

    /// An island from its regions' numbers in the level (`global`), colours and neighbour
    /// lists (local numbers; symmetric, neighbours of different colours).
    fn from_adjacency(global: Vec<u32>, colours: Vec<Colour>, neighbours: &[Vec<usize>]) -> Self {
        let n = global.len();
        let words = n.div_ceil(64).max(1);
        let mut adjacency = vec![0u64; n * words];
        for (i, list) in neighbours.iter().enumerate() {
            for &j in list {
                adjacency[i * words + j / 64] |= 1 << (j % 64);
            }
        }
        // Seeded, so hashes (and the search) are the same on every run.
        let mut rng = SeededRng::new(0x6b61_6d69);
        let zobrist =
            (0..n * MAX_COLOURS).map(|_| u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())).collect();
        let context = (0..2 * n).map(|_| u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())).collect();
        Island { n, words, global, colours, adjacency, zobrist, context }
    }

    fn root(&self) -> Node {
        let w = self.words;
        let mut alive = vec![0u64; w];
        let mut members = vec![0u64; self.n * w];
        let mut hash = 0u128;
        for i in 0..self.n {
            alive[i / 64] |= 1 << (i % 64);
            members[i * w + i / 64] |= 1 << (i % 64);
            hash ^= self.zobrist[i * MAX_COLOURS + usize::from(self.colours[i])];
        }
        let mut node = Node {
            alive,
            adj: self.adjacency.clone(),
            members,
            col: self.colours.clone(),
            count: self.n,
            hash,
            dist: Vec::new(),
            radius: 0,
            ecc: Vec::new(),
        };
        if self.n <= MATRIX_LIMIT {
            let n = self.n;
            let mut dist = vec![u8::MAX; n * n];
            let mut queue = Vec::with_capacity(n);
            for u in 0..n {
                let row = &mut dist[u * n..(u + 1) * n];
                row[u] = 0;
                queue.clear();
                queue.push(u);
                let mut head = 0;
                while head < queue.len() {
                    let a = queue[head];
                    head += 1;
                    for b in bits(&self.adjacency[a * w..(a + 1) * w]) {
                        if row[b] == u8::MAX && b != u {
                            row[b] = row[a].saturating_add(1);
                            queue.push(b);
                        }
                    }
                }
            }
            node.ecc = (0..n).map(|u| dist[u * n..(u + 1) * n].iter().copied().max().unwrap_or(0)).collect();
            node.radius = node.ecc.iter().copied().min().map_or(0, u32::from);
            node.dist = dist;
        }
        node
    }

    /// Recolours the current region of rep `r` to `x`, merging its `x` neighbours into it,
    /// distance matrix included.
    fn apply(&self, node: &mut Node, r: usize, x: Colour, merged: &mut [u64]) {
        self.apply_structure(node, r, x, merged);
        if !node.dist.is_empty() {
            node.radius = merge_distances(&mut node.dist, &mut node.ecc, self.n, &node.alive, r, merged);
        }
    }

    /// Fills the distance matrix of `child`, played from `parent` by tapping `r` (see
    /// [`Island::apply_structure`]; the merged set in `merged`), from the parent's by the
    /// merge rule, `ds` receiving the merged set's row (see [`merged_row`]).
    fn child_matrix(&self, parent: &Node, child: &mut Node, r: usize, merged: &[u64], ds: &mut [u8]) {
        if parent.dist.is_empty() {
            return;
        }
        merged_row(&parent.dist, self.n, merged, ds);
        child.radius = merge_distances_into(&parent.dist, &mut child.dist, &mut child.ecc, self.n, &child.alive, r, ds);
    }

    /// [`Island::apply`] without the distance matrix (left stale); `merged` is left holding
    /// the regions merged, `r` included.
    fn apply_structure(&self, node: &mut Node, r: usize, x: Colour, merged: &mut [u64]) {
        let w = self.words;
        let old = node.col[r];
        merged.fill(0);
        for s in bits(&node.adj[r * w..(r + 1) * w]) {
            if node.col[s] == x {
                merged[s / 64] |= 1 << (s % 64);
            }
        }
        for i in bits(&node.members[r * w..(r + 1) * w]) {
            node.hash ^=
                self.zobrist[i * MAX_COLOURS + usize::from(old)] ^ self.zobrist[i * MAX_COLOURS + usize::from(x)];
        }
        for s in bits(merged) {
            for k in 0..w {
                let a = node.adj[s * w + k];
                node.adj[r * w + k] |= a;
                let m = node.members[s * w + k];
                node.members[r * w + k] |= m;
            }
        }
        for (k, m) in merged.iter().enumerate() {
            node.adj[r * w + k] &= !m;
            node.alive[k] &= !m;
        }
        node.adj[r * w + r / 64] &= !(1 << (r % 64));
        node.count -= merged.iter().map(|m| m.count_ones() as usize).sum::<usize>();
        let rows: Vec<usize> = bits(&node.adj[r * w..(r + 1) * w]).collect();
        for t in rows {
            for (a, m) in node.adj[t * w..(t + 1) * w].iter_mut().zip(merged.iter()) {
                *a &= !m;
            }
            node.adj[t * w + r / 64] |= 1 << (r % 64);
        }
        node.col[r] = x;
        merged[r / 64] |= 1 << (r % 64);
    }

    /// The island's colour after playing `path` from the start.
    fn final_colour(&self, path: &[(u32, Colour)]) -> Colour {
        path.last().map_or(self.colours[0], |&(_, c)| c)
    }
}

/// Updates the distance matrix after the regions `merged` (a bitset, including `r`) became
/// one region represented by `r`, and returns the new radius.
///
/// A path in the new graph either avoids the merged vertex (a path of the old graph) or
/// passes through it once, so `d'(u, v) = min(d(u, v), d(u, S) + d(S, v))` with
/// `d(u, S) = min over s ∈ S of d(u, s)`. Saturating at 255 keeps every entry equal to
/// `min(true distance, 255)`: a true distance below 255 is one of the two terms, both
/// exact. Rows of dead regions are left alone; columns of dead regions hold the distance to
/// the region they merged into (they follow the same rule), so the largest entry of an
/// alive row is its eccentricity.
fn merge_distances(dist: &mut [u8], ecc: &mut [u8], n: usize, alive: &[u64], r: usize, merged: &[u64]) -> u32 {
    let mut ds = vec![u8::MAX; n];
    merged_row(dist, n, merged, &mut ds);
    let src = dist.to_vec();
    merge_distances_into(&src, dist, ecc, n, alive, r, &ds)
}

/// `ds[v]` = the distance from the merged set to `v`: the least of the rows of `merged`.
fn merged_row(dist: &[u8], n: usize, merged: &[u64], ds: &mut [u8]) {
    ds.fill(u8::MAX);
    for s in bits(merged) {
        for (d, &x) in ds.iter_mut().zip(&dist[s * n..(s + 1) * n]) {
            *d = (*d).min(x);
        }
    }
}

/// [`merge_distances`] from the matrix `src` into `dst` (rows of alive regions only), with
/// the merged set's row `ds` already computed by [`merged_row`].
fn merge_distances_into(
    src: &[u8],
    dst: &mut [u8],
    eccs: &mut [u8],
    n: usize,
    alive: &[u64],
    r: usize,
    ds: &[u8],
) -> u32 {
    let mut radius = u32::MAX;
    for u in bits(alive) {
        let row = &mut dst[u * n..(u + 1) * n];
        let du = ds[u];
        let mut ecc = 0u8;
        if u == r {
            row.copy_from_slice(ds);
            ecc = ds.iter().copied().max().unwrap_or(0);
        } else {
            for ((d, &old), &x) in row.iter_mut().zip(&src[u * n..(u + 1) * n]).zip(ds) {
                *d = old.min(du.saturating_add(x));
                ecc = ecc.max(*d);
            }
        }
        eccs[u] = ecc;
        radius = radius.min(u32::from(ecc));
    }
    radius
}

/// Whether the radius after merging the regions `merged` (a bitset) into one region
/// would exceed `limit`, read off the current matrix without changing it (the same rule as
/// [`merge_distances`]), given the merged set's row `ds` (see [`merged_row`]): the merged
/// region and every remaining region of `centres` must have some region farther than
/// `limit`. Exact when `centres` holds every alive region that could become a centre (all
/// alive regions, or the set `radius_taps` found).
fn radius_exceeds(node: &Node, n: usize, merged: &[u64], limit: u32, centres: &[u64], ds: &[u8]) -> bool {
    let (dist, eccs, alive) = (&node.dist[..], &node.ecc[..], &node.alive[..]);
    let limit = u8::try_from(limit).unwrap_or(u8::MAX);
    if ds.iter().all(|&d| d <= limit) {
        return false;
    }
    for (k, (&a, &c)) in alive.iter().zip(centres).enumerate() {
        let mut word = a & c & !merged[k];
        while word != 0 {
            let u = k * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            if u32::from(eccs[u]) > u32::from(limit) + 2 {
                // A merge of a set of diameter at most 2 shortens no distance by more than 2.
                continue;
            }
            let du = ds[u];
            let row = &dist[u * n..(u + 1) * n];
            let ecc = row.iter().zip(ds.iter()).fold(0u8, |m, (&d, &x)| m.max(d.min(du.saturating_add(x))));
            if ecc <= limit {
                return false;
            }
        }
    }
    true
}

/// The regions `r` whose tap may leave a region graph of radius at most `limit`, into
/// `taps`; `false` when that is every alive region (nothing to filter).
///
/// A tap of `r` merges a set `S ⊆ N[r]`, so `d(u, S) ≥ d(u, r) − 1` for every region `u`.
/// Write `F_u = {v : d(u, v) > limit}`. After the merge the distances are
/// `d'(u, v) = min(d(u, v), d(u, S) + d(S, v))`, and no distance shrinks by more than 2.
/// If the new radius is at most `limit`, some centre has eccentricity at most `limit`:
/// either a region `u ∉ S`, and then every `v ∈ F_u` has `d(u, S) + d(S, v) ≤ limit`, so
/// `d(u, r) + d(r, v) ≤ limit + 2`; or the merged region, and then `u = r` has
/// `d(r, v) ≤ d(S, v) + 1 ≤ limit + 1` for every `v`. In both cases `ecc(u) ≤ limit + 2`
/// and `d(u, r) + max over v ∈ F_u of d(r, v) ≤ limit + 2`: only regions `r` passing that
/// test for some such `u` are kept. Saturated matrix entries (255) are at most the true
/// distances, so the test only keeps more. Dead regions' columns repeat their region's
/// distances, so `v` ranges over alive regions. `out` also records which regions `u`
/// passed the test for each `r`: the only regions other than the merged one that can be a
/// centre after a tap of `r` (for [`radius_exceeds`]).
fn radius_taps(node: &Node, n: usize, limit: u32, out: &mut TapFilter, far: &mut [u8]) -> bool {
    let (dist, eccs, alive) = (&node.dist[..], &node.ecc[..], &node.alive[..]);
    out.centres.clear();
    out.ok.clear();
    out.complete = false;
    let Ok(reach) = u8::try_from(limit + 2) else {
        out.taps.copy_from_slice(alive);
        return false;
    };
    out.any.clear();
    out.any.resize(n, 0);
    for u in bits(alive) {
        if eccs[u] > reach {
            continue;
        }
        let row_u = &dist[u * n..(u + 1) * n];
        far.fill(0);
        for v in bits(alive) {
            if u32::from(row_u[v]) > limit {
                for (f, &d) in far.iter_mut().zip(&dist[v * n..(v + 1) * n]) {
                    *f = (*f).max(d);
                }
            }
        }
        let at = out.ok.len();
        out.ok.resize(at + n, 0);
        for (((ok, any), &d), &f) in out.ok[at..].iter_mut().zip(out.any.iter_mut()).zip(row_u).zip(far.iter()) {
            *ok = u8::from(d.saturating_add(f) <= reach);
            *any |= *ok;
        }
        out.centres.push(u);
    }
    let mut all = true;
    for (k, &a) in alive.iter().enumerate() {
        let mut word = a;
        let mut taps = 0u64;
        while word != 0 {
            let r = k * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            taps |= u64::from(out.any[r]) << (r % 64);
        }
        out.taps[k] = taps;
        all &= taps == a;
    }
    out.complete = true;
    !all
}

/// The entries `(w, d)` of a distance row, from index `from` on, with `d ≥ at_least`.
/// Most entries of a row are far below the distances the pair scans look for, so the row
/// is read eight bytes at a time and only chunks holding a candidate are looked into.
fn entries_at_least(row: &[u8], from: usize, at_least: u32) -> AtLeast<'_> {
    match u8::try_from(at_least) {
        Ok(threshold) => AtLeast { row, chunk: from, next: from, mask: 0, threshold },
        // No byte reaches it.
        Err(_) => AtLeast { row, chunk: 0, next: row.len(), mask: 0, threshold: u8::MAX },
    }
}

/// The iterator of [`entries_at_least`].
struct AtLeast<'a> {
    row: &'a [u8],
    /// The start of the chunk `mask` describes, and of the next chunk.
    chunk: usize,
    next: usize,
    /// The high bit of byte `i` is set when `row[chunk + i]` may be a candidate.
    mask: u64,
    threshold: u8,
}

/// Bytes `0x01` and `0x80`, for comparing eight bytes at once.
const LOW_BYTES: u64 = 0x0101_0101_0101_0101;
const HIGH_BYTES: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` set when that byte is at least `t ≤ 128`: for a
/// byte `b < 128`, `(b | 0x80) − t` (no borrow, as `t ≤ 128`) has its high bit set
/// exactly when `b ≥ t`; a byte `b ≥ 128 ≥ t` has its own high bit set.
fn bytes_at_least(word: u64, t: u8) -> u64 {
    debug_assert!(t <= 128);
    (((word | HIGH_BYTES).wrapping_sub(u64::from(t) * LOW_BYTES)) | word) & HIGH_BYTES
}

impl Iterator for AtLeast<'_> {
    type Item = (usize, u8);

    fn next(&mut self) -> Option<(usize, u8)> {
        loop {
            while self.mask != 0 {
                let w = self.chunk + (self.mask.trailing_zeros() / 8) as usize;
                self.mask &= self.mask - 1;
                // Thresholds above 128 are compared at 128 first.
                if self.row[w] >= self.threshold {
                    return Some((w, self.row[w]));
                }
            }
            let rest = self.row.get(self.next..).filter(|r| !r.is_empty())?;
            let take = rest.len().min(8);
            let word = rest.first_chunk::<8>().map_or_else(
                || {
                    let mut bytes = [0u8; 8];
                    bytes[..take].copy_from_slice(rest);
                    u64::from_le_bytes(bytes)
                },
                |chunk| u64::from_le_bytes(*chunk),
            );
            let mut mask = bytes_at_least(word, self.threshold.min(128));
            if take < 8 {
                mask &= (1u64 << (8 * take)) - 1;
            }
            (self.chunk, self.next, self.mask) = (self.next, self.next + take, mask);
        }
    }
}

/// The tap filter of one search node: what [`radius_taps`] and [`pair_taps`] found.
#[derive(Default)]
struct TapFilter {
    /// The regions whose tap may leave the radius at most `limit` (and, once
    /// `Search::tap_filter` is done, the pair bound within the moves left too).
    taps: Vec<u64>,
    /// The regions `u` that may be centres after some tap.
    centres: Vec<usize>,
    /// `ok[i * n + r]`: whether `centres[i]` passed the test for a tap of `r`.
    ok: Vec<u8>,
    /// `any[r]`: whether some centre passed the test for `r`.
    any: Vec<u8>,
    /// Whether `centres` and `ok` hold every possible centre (see [`radius_taps`]).
    complete: bool,
    /// `keep[r]`: whether a tap of `r` may lower every pair potential that must drop (see
    /// [`pair_taps`]).
    keep: Vec<u8>,
    /// Pairs `(u, w, d(u, w))` whose potential is critical (see [`pair_taps`]), for
    /// `Search::pair_cut`.
    pairs: Vec<(u16, u16, u8)>,
}

impl TapFilter {
    /// The possible centres after a tap of `r`, as a bitset into `out`.
    fn centres_of(&self, r: usize, n: usize, out: &mut [u64]) {
        out.fill(0);
        for (i, &u) in self.centres.iter().enumerate() {
            out[u / 64] |= u64::from(self.ok[i * n + r]) << (u % 64);
        }
    }
}

/// Marks in `keep` the regions `r` whose tap may leave a pair bound of at most `left − 1`;
/// `false` when no pair needs to drop (then every region may).
///
/// For the child's pair bound to be at most `left − 1`, every pair `u, w` whose potential
/// `φ = d(u, w) + δ` (module docs, with or without a target) is at least `2·left − 1` must
/// see it drop. A tap of `r` merges `S ⊆ N[r]`. `δ` (or the target indicators) changes
/// only when `u`'s or `w`'s region is `r`, and then `d(u, r) + d(r, w) = d(u, w)`. The
/// distance drops only when `d(u, S) + d(S, w) < d(u, w)` (for `u ∈ S`, read `d(u, S) = 0`,
/// and then `d(u, r) ≤ 1`), and `d(u, S) ≥ d(u, r) − 1`, `d(S, w) ≥ d(r, w) − 1`. So in every
/// case `d(u, r) + d(r, w) ≤ d(u, w) + 1`: `r` lies on or next to a shortest `u`–`w` path,
/// for every such pair. A pair with `φ = 2·left` must drop by 2, and then `r` lies on a
/// shortest path, `d(u, r) + d(r, w) ≤ d(u, w)`: if `u`'s region is `r` that holds with
/// equality (and likewise for `w`); otherwise `δ` and the indicators stay, so the distance
/// drops by 2, which for `u, w ∉ S` means `d(u, r) − 1 + d(r, w) − 1 ≤ d(u, S) + d(S, w) =
/// d − 2`, and for `u ∈ S` (so `d(u, r) = 1`) means `d(r, w) − 1 ≤ d(S, w) = d − 2`.
/// Saturated entries (255) only keep more regions.
fn pair_taps(
    node: &Node,
    n: usize,
    left: u32,
    target: Option<Colour>,
    keep: &mut Vec<u8>,
    pairs: &mut Vec<(u16, u16, u8)>,
) -> bool {
    let critical = 2 * left - 1;
    let off = |c: Colour| u32::from(target.is_some_and(|t| c != t));
    // The most `δ` (or the target indicators) add; pairs within 2 of critical are also
    // recorded, while there is room, for the final-colour test of `pair_cut`.
    let filter_slack = if target.is_some() { 2 } else { 1 };
    keep.clear();
    keep.resize(n, 1);
    pairs.clear();
    let mut any = false;
    for u in bits(&node.alive) {
        let slack = if pairs.len() < CRITICAL_PAIRS { 2 } else { filter_slack };
        if u32::from(node.ecc[u]) + slack < critical {
            // Every pair with `u` has `φ ≤ ecc(u) + slack`.
            continue;
        }
        let row_u = &node.dist[u * n..(u + 1) * n];
        let cu = node.col[u];
        for (w, d) in entries_at_least(row_u, u + 1, critical.saturating_sub(2)) {
            let slack = if pairs.len() < CRITICAL_PAIRS { 2 } else { filter_slack };
            // Distances first (a byte compare); most pairs are too close.
            if u32::from(d) + slack < critical || node.alive[w / 64] >> (w % 64) & 1 == 0 {
                continue;
            }
            let cw = node.col[w];
            let delta = if target.is_some() { off(cu) + off(cw) } else { u32::from(cu != cw) };
            if pairs.len() < CRITICAL_PAIRS {
                pairs.push((u as u16, w as u16, d));
            }
            if u32::from(d) + delta < critical {
                continue;
            }
            any = true;
            // A drop of 2 (needed when `φ = 2·left`) takes a region on a shortest path.
            let lens = if u32::from(d) + delta > critical { d } else { d.saturating_add(1) };
            for ((k, &a), &b) in keep.iter_mut().zip(row_u).zip(&node.dist[w * n..(w + 1) * n]) {
                *k &= u8::from(a.saturating_add(b) <= lens);
            }
        }
    }
    any
}

/// The most critical pairs [`pair_taps`] records for `Search::pair_cut` (the first ones
/// found; fewer only miss cuts).
const CRITICAL_PAIRS: usize = 64;

/// Whether the per-child radius test applies at a node with `left` moves left: it has a
/// distance matrix and a radius of at least `left` (a child's radius is at most its
/// parent's, so below that no child can fail it).
fn radius_test_applies(node: &Node, left: u32) -> bool {
    !node.dist.is_empty() && left >= 2 && node.radius >= left
}

/// Scratch buffers for the heuristic and moves.
struct Scratch {
    ds: Vec<u8>,
    /// A merged set of regions, listed.
    set: Vec<usize>,
    reach: Vec<u64>,
    next: Vec<u64>,
    acc: Vec<u64>,
    merged: Vec<u64>,
    centres: Vec<u64>,
    masks: Vec<u64>,
}

impl Scratch {
    fn new(island: &Island) -> Self {
        let size = island.n * island.words;
        Scratch {
            ds: vec![0; island.n],
            set: Vec::new(),
            reach: vec![0; size],
            next: vec![0; size],
            acc: vec![0; island.words],
            merged: vec![0; island.words],
            centres: vec![0; island.words],
            masks: Vec::new(),
        }
    }
}

/// The largest of the colour, radius, pair and final-colour bounds (module docs), the
/// radius computed only up to `cap` (any bound `≥ cap` is reported as at least `cap`).
fn heuristic(island: &Island, node: &Node, target: Option<Colour>, cap: u32, scratch: &mut Scratch) -> u32 {
    let counts = colour_counts(node);
    let plain = colour_bound(&counts, target);
    if node.count <= 2 {
        return plain.max(u32::from(node.count == 2));
    }
    if plain >= cap {
        return plain;
    }
    let other = if node.dist.is_empty() {
        bfs_radius(island, node, cap, scratch)
    } else if node.radius < cap && plain <= node.radius {
        // The pair bound is at most the radius plus one: only worth it when it can count.
        node.radius.max(pair_bound(node, island.n, target))
    } else {
        node.radius
    };
    // The colour look-ahead adds at most one: only worth it when that can count.
    let ahead = plain + 1 > other && !single_within_one_move(island, node, &counts, target, &mut scratch.masks);
    let h = (plain + u32::from(ahead)).max(other);
    // The final-colour bound exceeds `h` by at most one; in a search it is tested only when
    // that decides a cut, and always when the full value is asked for (`cap` unbounded).
    let wanted = h + 1 == cap || cap == u32::MAX;
    if target.is_none() && !node.dist.is_empty() && wanted && final_colour_cuts(node, island.n, &counts, h + 1) {
        return h + 1;
    }
    h
}

/// Whether the final-colour bound (module docs) is at least `cap`: for every present
/// colour `c`, the colour bound with target `c` or the pair bound with target `c` reaches
/// `cap` (the caller knows the radius is below it).
fn final_colour_cuts(node: &Node, n: usize, counts: &[u32; MAX_COLOURS], cap: u32) -> bool {
    // The colours whose pair bound must reach `cap`, as a bitset.
    let mut open = open_colours(counts, cap);
    // `⌈φ_c / 2⌉ ≥ cap` takes `φ_c ≥ 2·cap − 1`, so `d ≥ 2·cap − 3`.
    let need = 2 * cap - 1;
    let far = need.saturating_sub(2);
    for u in bits(&node.alive) {
        if u32::from(node.ecc[u]) < far {
            continue;
        }
        let row = &node.dist[u * n..(u + 1) * n];
        let cu = usize::from(node.col[u]);
        for (w, d) in entries_at_least(row, u + 1, far) {
            let d = u32::from(d);
            if d < far || node.alive[w / 64] >> (w % 64) & 1 == 0 {
                continue;
            }
            open &= !colours_met(d, cu, usize::from(node.col[w]), need);
            if open == 0 {
                return true;
            }
        }
    }
    open == 0
}

/// The colours `c` (as a bitset) for which a pair at distance `d` with end colours `cu`
/// and `cw` has a final-colour potential `d + [cu ≠ c] + [cw ≠ c]` of at least `need`:
/// colours other than the two ends get `d + 2`, the ends' colours less.
fn colours_met(d: u32, cu: usize, cw: usize, need: u32) -> u64 {
    if d >= need || (d + 1 >= need && cu != cw) {
        !0
    } else if d + 2 >= need {
        !((1u64 << cu) | (1u64 << cw))
    } else {
        0
    }
}

/// The colour-distance bound (module docs): the largest, over pairs of alive regions
/// `u, w`, of `⌈(d(u, w) + δ(u, w)) / 2⌉`, where `δ` is 1 when their colours differ
/// (without a target) or the number of the two not of the target colour (with one).
/// Saturated matrix entries are at most the true distances, so the bound stays a lower
/// bound.
fn pair_bound(node: &Node, n: usize, target: Option<Colour>) -> u32 {
    let off = |c: Colour| u32::from(target.is_some_and(|t| c != t));
    let slack = if target.is_some() { 2 } else { 1 };
    let mut best = bits(&node.alive).map(|u| u32::from(node.ecc[u])).max().unwrap_or(0);
    for u in bits(&node.alive) {
        if u32::from(node.ecc[u]) + slack <= best {
            // No pair with `u` beats the best: `d(u, w) + δ ≤ ecc(u) + slack`.
            continue;
        }
        let row = &node.dist[u * n..(u + 1) * n];
        let cu = node.col[u];
        for (w, d) in entries_at_least(row, 0, (best + 1).saturating_sub(slack)) {
            // Distances first; most pairs cannot beat the best.
            if u32::from(d) + slack <= best || node.alive[w / 64] >> (w % 64) & 1 == 0 {
                continue;
            }
            let cw = node.col[w];
            let delta = if target.is_some() { off(cu) + off(cw) } else { u32::from(cu != cw) };
            best = best.max(u32::from(d) + delta);
        }
    }
    best.div_ceil(2)
}

/// Whether some colour other than the target has one region now or after one move (see
/// the colour bound in the module docs): a colour with one or two regions, or a region
/// touching every region of some other colour.
fn single_within_one_move(
    island: &Island,
    node: &Node,
    counts: &[u32; MAX_COLOURS],
    target: Option<Colour>,
    masks: &mut Vec<u64>,
) -> bool {
    let free = |c: usize| Some(c as Colour) != target;
    if counts.iter().enumerate().any(|(c, &m)| (m == 1 || m == 2) && free(c)) {
        return true;
    }
    // The regions of each colour as a bitset, and one region of each colour.
    let w = island.words;
    masks.clear();
    masks.resize(MAX_COLOURS * w, 0);
    let mut first = [usize::MAX; MAX_COLOURS];
    for s in bits(&node.alive) {
        let c = usize::from(node.col[s]);
        masks[c * w + s / 64] |= 1 << (s % 64);
        if first[c] == usize::MAX {
            first[c] = s;
        }
    }
    // A region touching every region of colour `x` touches `first[x]` in particular.
    for (x, &s0) in first.iter().enumerate() {
        if s0 == usize::MAX || !free(x) {
            continue;
        }
        let mask = &masks[x * w..(x + 1) * w];
        for t in bits(&node.adj[s0 * w..(s0 + 1) * w]) {
            if node.adj[t * w..(t + 1) * w].iter().zip(mask).all(|(&a, &m)| a & m == m) {
                return true;
            }
        }
    }
    false
}

/// How many current regions have each colour.
fn colour_counts(node: &Node) -> [u32; MAX_COLOURS] {
    let mut counts = [0u32; MAX_COLOURS];
    for r in bits(&node.alive) {
        counts[usize::from(node.col[r])] += 1;
    }
    counts
}

/// The colour bound (module docs) from the number of regions of each colour.
fn colour_bound(counts: &[u32; MAX_COLOURS], target: Option<Colour>) -> u32 {
    let mut k = counts.iter().filter(|&&c| c > 0).count() as u32;
    if let Some(t) = target {
        if counts[usize::from(t)] == 0 {
            k += 1;
        }
    }
    let single = counts.iter().enumerate().any(|(c, &n)| n == 1 && Some(c as Colour) != target);
    match k {
        0 | 1 => 0,
        _ if single => k - 1,
        _ => k,
    }
}

/// The present colours `c` (as a bitset) whose colour bound with target `c` is below
/// `cap`: the same as testing [`colour_bound`]`(counts, Some(c))` for each, in one pass.
/// With a present target `c` the bound is `K − 1` when a colour other than `c` has one
/// region, else `K` (0 when `K ≤ 1`).
fn open_colours(counts: &[u32; MAX_COLOURS], cap: u32) -> u64 {
    let (present, singles) = colour_summary(counts);
    let mut open = 0u64;
    for (c, &m) in counts.iter().enumerate() {
        if m == 0 {
            continue;
        }
        let bound = match present {
            0 | 1 => 0,
            k if singles > u32::from(m == 1) => k - 1,
            k => k,
        };
        if bound < cap {
            open |= 1 << c;
        }
    }
    open
}

/// The colour bound of the child in which a region of colour `a` turned `x` and merged
/// with `merges` neighbours of colour `x`, from the parent's colour counts: the same value
/// as [`colour_bound`] on the child's counts (only `a` and `x` change), in constant time
/// without a target.
fn child_colour_bound(
    counts: &[u32; MAX_COLOURS],
    present: u32,
    singles: u32,
    a: Colour,
    x: Colour,
    merges: u32,
    target: Option<Colour>,
) -> u32 {
    if target.is_some() {
        return colour_bound(&moved_counts(counts, a, x, merges), target);
    }
    let (a, x) = (usize::from(a), usize::from(x));
    let (ma, mx) = (counts[a] - 1, counts[x] + 1 - merges);
    let k = present - u32::from(ma == 0) + u32::from(counts[x] == 0);
    let singles =
        singles - u32::from(counts[a] == 1) - u32::from(counts[x] == 1) + u32::from(ma == 1) + u32::from(mx == 1);
    match k {
        0 | 1 => 0,
        _ if singles > 0 => k - 1,
        _ => k,
    }
}

/// The colour counts after a region of colour `a` turned `x` and merged with `merges`
/// neighbours of colour `x`.
fn moved_counts(counts: &[u32; MAX_COLOURS], a: Colour, x: Colour, merges: u32) -> [u32; MAX_COLOURS] {
    let mut child = *counts;
    child[usize::from(a)] -= 1;
    child[usize::from(x)] = child[usize::from(x)] + 1 - merges;
    child
}

/// The number of colours present and of colours with exactly one region.
fn colour_summary(counts: &[u32; MAX_COLOURS]) -> (u32, u32) {
    let present = counts.iter().filter(|&&m| m > 0).count() as u32;
    let singles = counts.iter().filter(|&&m| m == 1).count() as u32;
    (present, singles)
}

/// The radius of the node's region graph by bit-parallel breadth-first search from every
/// region at once, computed only up to `cap`.
fn bfs_radius(island: &Island, node: &Node, cap: u32, scratch: &mut Scratch) -> u32 {
    let w = island.words;
    // Radius: after `d` rounds, reach[u] = the regions within distance d of u.
    for u in bits(&node.alive) {
        scratch.reach[u * w..(u + 1) * w].fill(0);
        scratch.reach[u * w + u / 64] |= 1 << (u % 64);
    }
    let mut d = 0;
    while d < cap {
        scratch.acc.copy_from_slice(&node.alive);
        for u in bits(&node.alive) {
            for k in 0..w {
                scratch.acc[k] &= scratch.reach[u * w + k];
            }
        }
        if scratch.acc.iter().any(|&a| a != 0) {
            break;
        }
        for u in bits(&node.alive) {
            for k in 0..w {
                scratch.next[u * w + k] = scratch.reach[u * w + k];
            }
            for v in bits(&node.adj[u * w..(u + 1) * w]) {
                for k in 0..w {
                    scratch.next[u * w + k] |= scratch.reach[v * w + k];
                }
            }
        }
        std::mem::swap(&mut scratch.reach, &mut scratch.next);
        d += 1;
    }
    d
}

#[derive(Debug)]
enum Probe {
    Found,
    Bound(u32),
}

struct Search<'a> {
    island: &'a Island,
    target: Option<Colour>,
    palette: &'a [Colour],
    budget: &'a mut Budget,
    table: &'a mut FxHashMap<u128, u8>,
    stack: Vec<Node>,
    path: Path,
    scratch: Scratch,
    /// Per depth, the tap filter of the node (see `Search::tap_filter`).
    filters: Vec<TapFilter>,
    /// In a parallel iteration, this thread's share of the units of work.
    part: Option<Part>,
}

/// A thread's share of the units of work in a parallel iteration (module docs,
/// [Threads](self#threads)).
struct Part {
    /// The units of work are the root's children (`split` 0) or its grandchildren
    /// (`split` 1). Child `k` is unit `k` and grandchild `j` of child `k` unit `k + j`:
    /// the units `u` with `u % of == index` are this thread's.
    split: usize,
    index: usize,
    of: usize,
    /// The root's child being searched.
    child: u64,
    /// The earliest unit below which some thread found a solution (`u64::MAX` if none):
    /// the units after it are skipped. Units are ordered as the search visits them by
    /// their code: `k << UNIT_BITS` for child `k` (and the work on child `k` outside its
    /// grandchildren), `k << UNIT_BITS | (j + 1)` for grandchild `j`.
    first: Arc<AtomicU64>,
    /// Whether the threads skip the units after `first` (else each thread goes on to its
    /// own first solution).
    skip: bool,
    /// The unit below which this thread found its solution.
    found: Option<u64>,
    /// The nodes this thread spent on each unit `(code, nodes)` (a code may recur).
    spent: Vec<(u64, u64)>,
    /// The unit being searched, and the node count when it began.
    open: Option<(u64, u64)>,
}

/// With several threads, an iteration runs on them when the one before it (in the same
/// search) spent at least this many nodes: the next is then likely to take hundreds of
/// times more (level 4 of the designed set: 87 nodes, then 24 000), while short searches
/// would pay more for starting threads (about 0.1 ms a time) than they gain.
const PARALLEL_AFTER: u64 = 50;

/// Bits of a unit's code for the grandchild (see [`Part::first`]): a node has fewer than
/// `2^20` moves (at most [`MAX_ISLAND_REGIONS`] regions times 36 colours).
const UNIT_BITS: u32 = 20;

/// The units of work of a parallel iteration (see [`Part`]): the root's grandchildren,
/// many more than its children, so a few heavy children do not leave a thread idle.
const SPLIT_DEPTH: usize = 1;

impl Part {
    fn new(split: usize, index: usize, of: usize, first: Arc<AtomicU64>, skip: bool) -> Self {
        Part { split, index, of, child: 0, first, skip, found: None, spent: Vec::new(), open: None }
    }

    /// Closes the account of the unit being searched, at node count `now`.
    fn close(&mut self, now: u64) {
        if let Some((code, from)) = self.open.take() {
            self.spent.push((code, now - from));
        }
    }
}

/// When the pair filter leaves at most this many regions to tap, the radius filter is
/// skipped (the per-child radius test, exact on its own, handles the few moves left).
const PAIR_TAPS_ENOUGH: u32 = 30;

/// Drops the transposition table entries with the smallest bounds (the subtrees nearest
/// the leaves, the cheapest to search again) until at most `keep` are left. Entries are
/// proven lower bounds, so dropping any of them only loses information.
fn shrink_table(table: &mut FxHashMap<u128, u8>, keep: usize) {
    let mut counts = [0usize; 256];
    for &b in table.values() {
        counts[usize::from(b)] += 1;
    }
    let mut left = table.len();
    let mut floor = 0;
    while left > keep && floor < counts.len() {
        left -= counts[floor];
        floor += 1;
    }
    table.retain(|_, b| usize::from(*b) >= floor);
}

/// Transposition table entries kept at most (about 100 MB); when it is full, the entries
/// with the smallest bounds are dropped (`shrink_table`).
const TABLE_LIMIT: usize = 1 << 22;

impl<'a> Search<'a> {
    fn new(
        island: &'a Island,
        target: Option<Colour>,
        palette: &'a [Colour],
        budget: &'a mut Budget,
        table: &'a mut FxHashMap<u128, u8>,
    ) -> Self {
        Search {
            island,
            target,
            palette,
            budget,
            table,
            stack: vec![island.root()],
            path: Vec::new(),
            scratch: Scratch::new(island),
            filters: Vec::new(),
            part: None,
        }
    }

    fn solved(&self, node: &Node) -> bool {
        node.count == 1 && self.target.is_none_or(|t| node.col[bits(&node.alive).next().unwrap_or(0)] == t)
    }

    /// Searches for a solution of at most `bound` moves in total from the node at `depth`,
    /// the node having been reached by the move described by `last` (see [`Last`]). On
    /// failure returns a proven lower bound on the moves needed from that node *in that
    /// context* (moves skipped by the partial-order reduction excluded), which is what the
    /// transposition table stores, keyed by state and context.
    fn dfs(&mut self, depth: usize, bound: u32, last: Option<Last>) -> Probe {
        if self.budget.tick() {
            return Probe::Bound(0);
        }
        let node = &self.stack[depth];
        if self.solved(node) {
            return Probe::Found;
        }
        let left = bound - depth as u32;
        let key = last
            .map_or(node.hash, |l| node.hash ^ self.island.context[2 * l.key] ^ self.island.context[2 * l.merged + 1]);
        let known = self.table.get(&key).map_or(0, |&k| u32::from(k));
        if known > left {
            return Probe::Bound(known);
        }
        let h = heuristic(self.island, node, self.target, left + 1, &mut self.scratch).max(known);
        if h > left {
            return Probe::Bound(h);
        }
        let (filter, centred) = self.tap_filter(depth, left);
        let mut moves = self.moves(depth, last, left, if filter { Some(&self.filters[depth].taps[..]) } else { None });
        if self.stack.len() <= depth + 1 {
            let copy = self.stack[depth].clone();
            self.stack.push(copy);
        }
        if depth == 0 {
            moves.list = self.interleave_by_bound(&moves.list, left);
        }
        let mut best = moves.floor;
        let counts = colour_counts(&self.stack[depth]);
        let (present, singles) = colour_summary(&counts);
        for (k, (merges, r, x)) in moves.list.into_iter().enumerate() {
            match self.takes_child(depth, k) {
                Some(true) => {}
                Some(false) => continue,
                None => break,
            }
            // The child's colour bound, before paying for the move: `r` turns from its
            // colour to `x` and its `merges` neighbours of colour `x` join it.
            let a = self.stack[depth].col[r];
            let child_bound = child_colour_bound(&counts, present, singles, a, x, merges, self.target);
            let child = moved_counts(&counts, a, x, merges);
            let (tapped_key, merged) = match self.cut_before_playing(depth, (r, x, &child), child_bound, left, centred)
            {
                Ok(keys) => keys,
                Err(cut) => {
                    if self.budget.tick() {
                        return Probe::Bound(0);
                    }
                    best = best.min(cut);
                    continue;
                }
            };
            let (done, rest) = self.stack.split_at_mut(depth + 1);
            rest[0].copy_structure(&done[depth]);
            self.island.apply_structure(&mut rest[0], r, x, &mut self.scratch.merged);
            // The full colour bound of the child (needs its adjacency), before its matrix.
            let mut full = child_bound;
            if child_bound + 2 > left
                && rest[0].count > 2
                && !single_within_one_move(self.island, &rest[0], &child, self.target, &mut self.scratch.masks)
            {
                full += 1;
            }
            if full + 1 > left {
                if self.budget.tick() {
                    return Probe::Bound(0);
                }
                best = best.min(full + 1);
                continue;
            }
            self.child_matrix(depth, r);
            self.path.push((r as u32, x));
            match self.dfs(depth + 1, bound, Some(Last { key: tapped_key, rep: r, merged })) {
                Probe::Found => {
                    self.found_below(depth);
                    return Probe::Found;
                }
                Probe::Bound(b) => best = best.min(b.saturating_add(1)),
            }
            self.path.pop();
            if self.budget.aborted {
                return Probe::Bound(0);
            }
        }
        let proven = h.max(best).min(u32::from(u8::MAX));
        if let Some(part) = self.part.as_mut().filter(|p| depth <= p.split) {
            // A bound over this thread's share of the units only: not stored.
            if depth == 0 {
                part.close(self.budget.nodes);
            }
            return Probe::Bound(proven);
        }
        if self.table.len() >= self.budget.table_limit && !self.table.contains_key(&key) {
            shrink_table(self.table, self.budget.table_limit / 2);
        }
        let entry = self.table.entry(key).or_insert(0);
        *entry = (*entry).max(proven as u8);
        Probe::Bound(proven)
    }

    /// Fills the distance matrix of the child at `depth + 1`, played by tapping `r` (the
    /// merged set in `scratch.merged`), from the node's by the merge rule.
    fn child_matrix(&mut self, depth: usize, r: usize) {
        let (done, rest) = self.stack.split_at_mut(depth + 1);
        self.island.child_matrix(&done[depth], &mut rest[0], r, &self.scratch.merged, &mut self.scratch.ds);
    }

    /// In a parallel iteration, at the root and above the units (`depth ≤ split`): whether
    /// this thread searches the node's move `k` (`Some(true)`), leaves it to another thread
    /// (`Some(false)`: a unit not its own), or stops (`None`: some thread found a solution
    /// below an earlier unit). Elsewhere `Some(true)`.
    fn takes_child(&mut self, depth: usize, k: usize) -> Option<bool> {
        let Some(part) = self.part.as_mut().filter(|p| depth <= p.split) else { return Some(true) };
        if depth == 0 {
            part.child = k as u64;
        }
        if depth == part.split && (part.child as usize + if depth == 0 { 0 } else { k }) % part.of != part.index {
            return Some(false);
        }
        let code = part.child << UNIT_BITS | if depth == 0 { 0 } else { k as u64 + 1 };
        if code > part.first.load(Ordering::Relaxed) {
            return None;
        }
        part.close(self.budget.nodes);
        part.open = Some((code, self.budget.nodes));
        Some(true)
    }

    /// In a parallel iteration, where the units are split: records the unit below which
    /// this thread found a solution (the innermost one open), and tells the other threads
    /// when they may skip later units.
    fn found_below(&mut self, depth: usize) {
        let Some(part) = self.part.as_mut().filter(|p| depth <= p.split) else { return };
        if part.found.is_none() {
            part.found = part.open.map(|(code, _)| code);
            part.close(self.budget.nodes);
            if part.skip {
                part.first.fetch_min(part.found.unwrap_or(0), Ordering::Relaxed);
            }
        }
    }

    /// The root's moves in a second order, by the bound of their child, interleaved with
    /// the first (`list`): the 1st of `list`, the 1st of the second order not yet taken, the
    /// 2nd of `list` not yet taken, and so on. Any order is sound and a failing iteration
    /// visits every child anyway; in the iteration that finds the solution, which child
    /// leads to it first is a matter of luck, and two orders taken in turns bound the work
    /// by about twice that of the better one.
    fn interleave_by_bound(&mut self, list: &[(u32, usize, Colour)], left: u32) -> Vec<(u32, usize, Colour)> {
        let mut keyed = Vec::with_capacity(list.len());
        for (i, &(_, r, x)) in list.iter().enumerate() {
            let (done, rest) = self.stack.split_at_mut(1);
            // The whole node, distance matrix included: `apply` updates it in place.
            rest[0].clone_from(&done[0]);
            self.island.apply(&mut rest[0], r, x, &mut self.scratch.merged);
            keyed.push((heuristic(self.island, &rest[0], self.target, left, &mut self.scratch), i));
        }
        keyed.sort_unstable();
        let mut taken = vec![false; list.len()];
        let mut out = Vec::with_capacity(list.len());
        let (mut a, mut b) = (0, 0);
        while out.len() < list.len() {
            for (next, from_list) in [(&mut a, true), (&mut b, false)] {
                while *next < list.len() {
                    let i = if from_list { *next } else { keyed[*next].1 };
                    *next += 1;
                    if !taken[i] {
                        taken[i] = true;
                        out.push(list[i]);
                        break;
                    }
                }
            }
        }
        out
    }

    /// Computes the node's tap filter (`filters[depth]`): the regions whose tap may leave a
    /// child within the moves left, by the radius (`radius_taps`, when the per-child radius
    /// test applies) and by the pair potentials (`pair_taps`). Returns whether some alive
    /// region is excluded, and whether the radius filter's centre sets are available to
    /// the radius test.
    fn tap_filter(&mut self, depth: usize, left: u32) -> (bool, bool) {
        let node = &self.stack[depth];
        if let Some(filter) = self.filters.get_mut(depth) {
            filter.pairs.clear();
        }
        if node.dist.is_empty() || left < 2 {
            return (false, false);
        }
        let (n, w) = (self.island.n, self.island.words);
        if self.filters.len() <= depth {
            self.filters.resize_with(depth + 1, || TapFilter { taps: vec![0; w], ..TapFilter::default() });
        }
        let filter = &mut self.filters[depth];
        let mut pair = node.alive.clone();
        if pair_taps(node, n, left, self.target, &mut filter.keep, &mut filter.pairs) {
            for r in bits(&node.alive) {
                if filter.keep[r] == 0 {
                    pair[r / 64] &= !(1 << (r % 64));
                }
            }
        }
        let kept: u32 = pair.iter().map(|p| p.count_ones()).sum();
        let mut centred = false;
        if node.radius >= left && kept > PAIR_TAPS_ENOUGH {
            radius_taps(node, n, left - 1, filter, &mut self.scratch.ds);
            centred = filter.complete;
            for (t, p) in filter.taps.iter_mut().zip(&pair) {
                *t &= p;
            }
        } else {
            filter.taps.copy_from_slice(&pair);
        }
        (filter.taps != node.alive, centred)
    }

    /// The tests of the child by move `(r, x)` (colour counts `child`) that need no copy of
    /// the node: its colour bound `child_bound`, its transposition table entry, its radius
    /// (see `radius_cut`) and its pair and final-colour potentials (see `pair_cut`). `Err`
    /// holds the bound a cut child gives its parent (a proven lower bound on the moves from
    /// the parent through it); `Ok` the child's [`Last`] keys.
    fn cut_before_playing(
        &mut self,
        depth: usize,
        (r, x, child): (usize, Colour, &[u32; MAX_COLOURS]),
        child_bound: u32,
        left: u32,
        centred: bool,
    ) -> Result<(usize, usize), u32> {
        if child_bound + 1 > left {
            return Err(child_bound + 1);
        }
        // The merged set's row serves the radius and pair tests, when either runs.
        let pairs = self.filters.get(depth).is_some_and(|f| !f.pairs.is_empty());
        self.merged_set(depth, r, x, radius_test_applies(&self.stack[depth], left) || pairs);
        let (key, tapped_key, merged) = self.child_key(depth, r, x);
        let known = self.table.get(&key).map_or(0, |&k| u32::from(k));
        if known + 1 > left {
            return Err(known + 1);
        }
        if self.radius_cut(depth, r, left, centred) || self.pair_cut(depth, (x, child), left) {
            return Err(left + 1);
        }
        Ok((tapped_key, merged))
    }

    /// Whether the child by the move to colour `x` (colour counts `child`) has a pair bound,
    /// or without a target a final-colour bound, of at least `left`, by the pairs the node's
    /// pair filter recorded (see [`pair_taps`]), read off the parent's matrix by the merge
    /// rule: with `S` the merged set (the tapped region and its neighbours of colour `x`,
    /// whose distances `d(S, ·)` are in `scratch.ds`, see `merged_set`), the child's
    /// distance is `min(d(u, w), d(u, S) + d(S, w))` and its colours are the parent's but
    /// `x` on `S`. Exact for the recorded pairs; pairs not recorded only miss cuts.
    fn pair_cut(&mut self, depth: usize, (x, child): (Colour, &[u32; MAX_COLOURS]), left: u32) -> bool {
        let Some(filter) = self.filters.get(depth).filter(|f| !f.pairs.is_empty()) else { return false };
        let node = &self.stack[depth];
        let critical = 2 * left - 1;
        // Without a target: the present colours whose own colour bound stays below `left`
        // (the final-colour bound is at least `left` once each of them meets a pair).
        let mut open = if self.target.is_none() { open_colours(child, left) } else { 0 };
        let ds = &self.scratch.ds;
        for &(u, v, d) in &filter.pairs {
            let (u, v) = (usize::from(u), usize::from(v));
            let (du, dv) = (ds[u], ds[v]);
            let d = u32::from(d.min(du.saturating_add(dv)));
            let cu = if du == 0 { x } else { node.col[u] };
            let cv = if dv == 0 { x } else { node.col[v] };
            if let Some(t) = self.target {
                if d + u32::from(cu != t) + u32::from(cv != t) >= critical {
                    return true;
                }
                continue;
            }
            if d + u32::from(cu != cv) >= critical {
                return true;
            }
            open &= !colours_met(d, usize::from(cu), usize::from(cv), critical);
            if open == 0 {
                return true;
            }
        }
        false
    }

    /// The transposition table key of the child of the node at `depth` by move `(r, x)`
    /// (the key `dfs` computes at the child), with the smallest original regions of the
    /// tapped region and of the merged one (the [`Last`] of that child). Reads the merged
    /// set from `scratch.set` (see `merged_set`).
    fn child_key(&self, depth: usize, r: usize, x: Colour) -> (u128, usize, usize) {
        let node = &self.stack[depth];
        let w = self.island.words;
        let old = usize::from(node.col[r]);
        let mut hash = node.hash;
        for i in bits(&node.members[r * w..(r + 1) * w]) {
            let z = &self.island.zobrist[i * MAX_COLOURS..];
            hash ^= z[old] ^ z[usize::from(x)];
        }
        let tapped = first_bit(&node.members[r * w..(r + 1) * w]);
        let merged =
            self.scratch.set.iter().map(|&s| first_bit(&node.members[s * w..(s + 1) * w])).fold(tapped, usize::min);
        let key = hash ^ self.island.context[2 * tapped] ^ self.island.context[2 * merged + 1];
        (key, tapped, merged)
    }

    /// The set the move `(r, x)` at `depth` merges (`r` and its neighbours of colour `x`),
    /// listed in `scratch.set` and as a bitset in `scratch.merged`, for the child tests;
    /// with `row`, also its distances to every region in `scratch.ds` (see [`merged_row`]).
    fn merged_set(&mut self, depth: usize, r: usize, x: Colour, row: bool) {
        let node = &self.stack[depth];
        let w = self.island.words;
        let (set, merged) = (&mut self.scratch.set, &mut self.scratch.merged);
        set.clear();
        set.push(r);
        set.extend(bits(&node.adj[r * w..(r + 1) * w]).filter(|&s| node.col[s] == x));
        merged.fill(0);
        for &s in set.iter() {
            merged[s / 64] |= 1 << (s % 64);
        }
        if row && !node.dist.is_empty() {
            merged_row(&node.dist, self.island.n, merged, &mut self.scratch.ds);
        }
    }

    /// Whether the child of the node at `depth` by move `(r, x)` has a radius above
    /// `left - 1` (read off the parent's matrix, see `radius_exceeds`; the merged set from
    /// `scratch.merged` and its row from `scratch.ds`, see `merged_set`).
    fn radius_cut(&mut self, depth: usize, r: usize, left: u32, centred: bool) -> bool {
        let parent = &self.stack[depth];
        if !radius_test_applies(parent, left) {
            return false;
        }
        let merged = &self.scratch.merged;
        let centres = if centred {
            self.filters[depth].centres_of(r, self.island.n, &mut self.scratch.centres);
            &self.scratch.centres[..]
        } else {
            &parent.alive[..]
        };
        radius_exceeds(parent, self.island.n, merged, left - 1, centres, &self.scratch.ds)
    }

    /// Candidate moves: each current region to each colour of its neighbours (and to the
    /// target colour) as `(merges, region, colour)`, the lowest child colour bound first,
    /// then bigger merges, minus the moves the partial-order reduction skips after `last`,
    /// the moves tapping regions outside `taps` (the node's tap filter) and the moves whose
    /// child's colour bound leaves no room within `left` moves; `floor` bounds the latter
    /// two.
    fn moves(&self, depth: usize, last: Option<Last>, left: u32, taps: Option<&[u64]>) -> Moves {
        let node = &self.stack[depth];
        let w = self.island.words;
        let has = |r: usize, bit: usize| node.adj[r * w + bit / 64] >> (bit % 64) & 1 == 1;
        let mut out = Vec::new();
        let mut floor = u32::MAX;
        for r in bits(&node.alive) {
            if let Some(taps) = taps {
                if taps[r / 64] >> (r % 64) & 1 == 0 {
                    // Every child by a tap of `r` has a radius or a pair bound of at least
                    // `left` (see `radius_taps`, `pair_taps`): it would be cut with the
                    // bound `left + 1`.
                    floor = left + 1;
                    continue;
                }
            }
            let degree: u32 = node.adj[r * w..(r + 1) * w].iter().map(|a| a.count_ones()).sum();
            if degree == 1 && node.count >= 3 && self.target.is_none() {
                // A leaf region is never tapped before the last move (module docs).
                continue;
            }
            // The neighbours of each colour, and the colours present among them (a bitset).
            let mut counts = [0u32; MAX_COLOURS];
            let mut seen = 0u64;
            for s in bits(&node.adj[r * w..(r + 1) * w]) {
                counts[usize::from(node.col[s])] += 1;
                seen |= 1 << node.col[s];
            }
            // Independence of (r, x) from the last move: r's region comes earlier in the
            // canonical order, is not the last merged region, and neither it nor its `x`
            // neighbours touch that region.
            let may_skip = last
                .is_some_and(|l| first_bit(&node.members[r * w..(r + 1) * w]) < l.key && r != l.rep && !has(r, l.rep));
            let independent = |x: Colour| {
                let Some(l) = last else { return false };
                may_skip && bits(&node.adj[r * w..(r + 1) * w]).all(|s| node.col[s] != x || !has(s, l.rep))
            };
            if let Some(t) = self.target {
                if node.col[r] != t && counts[usize::from(t)] == 0 && self.palette.contains(&t) && !independent(t) {
                    out.push((0, r, t));
                }
            }
            for c in bits(&[seen]) {
                if !independent(c as Colour) {
                    out.push((counts[c], r, c as Colour));
                }
            }
        }
        // Children with the lowest colour bound first, then bigger merges.
        let counts = colour_counts(node);
        let (present, singles) = colour_summary(&counts);
        let mut keyed: Vec<(u32, std::cmp::Reverse<u32>, usize, Colour)> = out
            .into_iter()
            .map(|(n, r, c)| {
                let bound = child_colour_bound(&counts, present, singles, node.col[r], c, n, self.target);
                (bound, std::cmp::Reverse(n), r, c)
            })
            .collect();
        // A child whose colour bound exceeds the moves it would have left is cut here, with
        // that bound (the same test as in `dfs`, without visiting it).
        keyed.retain(|&(bound, ..)| {
            if bound + 1 > left {
                floor = floor.min(bound + 1);
            }
            bound < left
        });
        keyed.sort_unstable();
        Moves { list: keyed.into_iter().map(|(_, std::cmp::Reverse(n), r, c)| (n, r, c)).collect(), floor }
    }
}

/// The candidate moves of a node (see [`Search::moves`]).
struct Moves {
    /// `(merges, region, colour)`, in search order.
    list: Vec<(u32, usize, Colour)>,
    /// A lower bound on the moves after each child left out by the tap filter, plus one
    /// (`u32::MAX` if none was).
    floor: u32,
}

/// The move that led to a search node, for the partial-order reduction: `key` is the
/// smallest original region of the tapped region (the canonical order of moves), `rep` the
/// node's representative of the merged region, `merged` its smallest original region.
#[derive(Clone, Copy)]
struct Last {
    key: usize,
    rep: usize,
    merged: usize,
}

fn first_bit(words: &[u64]) -> usize {
    bits(words).next().unwrap_or(usize::MAX)
}

/// IDA*: the optimal path of `(local rep, colour)` moves, or, when the budget runs out, a
/// proven lower bound and the shortest path found by beam search (if it ran).
///
/// Searches without a target colour also run [`beam_path`] after an iteration, while its
/// path is longer than the next threshold, once the search has spent [`BEAM_AFTER`] nodes
/// per unit of beam width: the first beam is [`BEAM_WIDTH`] wide, each later one four
/// times wider than the last (or more, as far as the nodes spent allow), up to
/// [`BEAM_WIDEST`]. Each beam's path is then shortened by [`shorten`] with a quarter of
/// that many nodes per suffix. Once every threshold below the beam's length is
/// refuted, the beam's path is optimal and is returned without searching the last
/// threshold (the iteration that finds a solution, whose length is a matter of move
/// order). Beam nodes count against the budget like search nodes.
fn ida_star(
    island: &Island,
    target: Option<Colour>,
    palette: &[Colour],
    budget: &mut Budget,
    table: &mut FxHashMap<u128, u8>,
) -> Result<Path, (u32, Option<Path>)> {
    let mut search = Search::new(island, target, palette, budget, table);
    let root = search.stack[0].clone();
    let mut bound = heuristic(island, &root, target, u32::MAX, &mut search.scratch);
    let mut upper: Option<Path> = None;
    let mut width = search.budget.beam_width;
    // The other threads' tables (see `parallel_dfs`).
    let threads = search.budget.limits.threads;
    let mut tables: Vec<FxHashMap<u128, u8>> = Vec::new();
    // The nodes of the last iteration (see `PARALLEL_AFTER`).
    let mut last = 0;
    loop {
        if upper.as_ref().is_some_and(|path| path.len() as u32 <= bound) {
            // Every shorter threshold was refuted.
            return Ok(upper.unwrap_or_default());
        }
        let (nodes, start) = (search.budget.nodes, Instant::now());
        search.budget.split.clear();
        let probe = if threads > 1 && last >= search.budget.parallel_after {
            tables.resize_with(threads - 1, FxHashMap::default);
            parallel_dfs(&mut search, &mut tables, bound, (SPLIT_DEPTH, true))
        } else {
            search.dfs(0, bound, None)
        };
        last = search.budget.nodes - nodes;
        if let Some(trace) = search.budget.trace.as_mut() {
            trace.push(Iteration {
                island: search.budget.island,
                bound,
                nodes: search.budget.nodes - nodes,
                table: search.table.len() + tables.iter().map(HashMap::len).sum::<usize>(),
                seconds: start.elapsed().as_secs_f64(),
                beam: None,
                threads: std::mem::take(&mut search.budget.split),
            });
        }
        match probe {
            Probe::Found => return Ok(search.path),
            Probe::Bound(b) => {
                if search.budget.aborted {
                    return Err((bound, upper));
                }
                bound = b.max(bound + 1);
            }
        }
        let open = upper.as_ref().is_none_or(|path| path.len() as u32 > bound);
        let due = |width: usize| search.budget.nodes >= search.budget.beam_after.saturating_mul(width as u64);
        if target.is_none() && open && width <= BEAM_WIDEST && due(width) {
            // The widest beam due (a long iteration may have passed several).
            while width * 4 <= BEAM_WIDEST && due(width * 4) {
                width *= 4;
            }
            let Some(path) = beam_path(island, width, search.budget) else { return Err((bound, upper)) };
            let suffix_nodes = (search.budget.beam_after.saturating_mul(width as u64) / 4).max(1_000);
            let tables = (&mut *search.table, &mut tables[..]);
            let path = shorten(island, palette, &mut *search.budget, tables, path, suffix_nodes);
            if search.budget.aborted {
                return Err((bound, upper.filter(|u| u.len() <= path.len()).or(Some(path))));
            }
            if let Some(last) = search.budget.trace.as_mut().and_then(|t| t.last_mut()) {
                last.beam = Some(path.len() as u32);
            }
            if upper.as_ref().is_none_or(|u| path.len() < u.len()) {
                upper = Some(path);
            }
            width *= 4;
        }
    }
}

/// The result of a search thread (its panic, if it panicked, goes on in the caller).
fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// One IDA* iteration of `search` (at its root, to threshold `bound`) on `1 + tables.len()`
/// threads, the calling one with `search`'s table and each other with one of `tables` (see
/// the module docs, [Threads](self#threads)). With a node limit, each thread gets an equal
/// share of the nodes left. The nodes of every thread count in `search.budget`, but in an
/// iteration that finds a solution only those spent up to the unit of the solution kept:
/// what the other threads spent after it depends on when they learnt of it.
fn parallel_dfs(
    search: &mut Search<'_>,
    tables: &mut [FxHashMap<u128, u8>],
    bound: u32,
    (split, skip): (usize, bool),
) -> Probe {
    if search.budget.aborted {
        // As on one thread: nothing more is searched once the budget has run out.
        return search.dfs(0, bound, None);
    }
    let of = tables.len() + 1;
    let budgets: Vec<Budget> = (1..of).map(|_| search.budget.share(of)).collect();
    let share = search.budget.share(of).limits.node_limit;
    let first = Arc::new(AtomicU64::new(u64::MAX));
    let (island, target, palette) = (search.island, search.target, search.palette);
    let start = search.budget.nodes;
    let root = &search.stack[0].clone();
    let mut results = std::thread::scope(|scope| {
        let handles: Vec<_> = tables
            .iter_mut()
            .zip(budgets)
            .enumerate()
            .map(|(i, (table, mut budget))| {
                let first = Arc::clone(&first);
                scope.spawn(move || {
                    let mut worker = Search::new(island, target, palette, &mut budget, table);
                    worker.stack[0].clone_from(root);
                    worker.part = Some(Part::new(split, i + 1, of, first, skip));
                    let probe = worker.dfs(0, bound, None);
                    let path = std::mem::take(&mut worker.path);
                    let mut part = worker.part.take().unwrap_or_else(|| unreachable!("set above"));
                    part.close(budget.nodes);
                    (probe, part, path, budget.nodes, budget.aborted)
                })
            })
            .collect();
        let global = search.budget.limits.node_limit;
        search.budget.limits.node_limit = share.map(|s| start.saturating_add(s));
        search.part = Some(Part::new(split, 0, of, Arc::clone(&first), skip));
        let probe = search.dfs(0, bound, None);
        search.budget.limits.node_limit = global;
        let mut part = search.part.take().unwrap_or_else(|| unreachable!("set above"));
        part.close(search.budget.nodes);
        let mut results =
            vec![(probe, part, std::mem::take(&mut search.path), search.budget.nodes - start, search.budget.aborted)];
        results.extend(handles.into_iter().map(joined));
        results
    });
    search.budget.split = results.iter().map(|r| r.3).collect();
    let kept = results
        .iter()
        .enumerate()
        .filter(|(_, (probe, ..))| matches!(probe, Probe::Found))
        .min_by_key(|(_, (_, part, ..))| part.found)
        .map(|(t, (_, part, ..))| (t, part.found.unwrap_or(0)));
    if let Some((t, unit)) = kept {
        // The solution below the earliest unit: the one a single thread finds. Counted:
        // each thread's root and its units up to `unit` (searched whatever the timing).
        let counted: u64 = results
            .iter()
            .map(|(_, part, ..)| 1 + part.spent.iter().filter(|&&(code, _)| code <= unit).map(|&(_, n)| n).sum::<u64>())
            .sum();
        search.budget.nodes = start + counted;
        search.budget.aborted = false;
        search.path = std::mem::take(&mut results[t].2);
        return Probe::Found;
    }
    search.budget.nodes = start + results.iter().map(|r| r.3).sum::<u64>();
    search.budget.aborted = results.iter().any(|r| r.4);
    if search.budget.aborted {
        return Probe::Bound(0);
    }
    Probe::Bound(
        results.iter().filter_map(|r| if let Probe::Bound(b) = r.0 { Some(b) } else { None }).min().unwrap_or(0),
    )
}

/// The first beam's width (see [`ida_star`]).
const BEAM_WIDTH: usize = 8;

/// The widest beam (each state of a layer keeps its distance matrix).
const BEAM_WIDEST: usize = 2048;

/// The most bytes of distance matrices a beam's layer holds (big islands get narrower
/// beams).
const BEAM_BYTES: usize = 1 << 28;

/// Search nodes spent per unit of beam width before a beam search runs (see [`ida_star`]).
/// On 29 × 10 levels a beam scores a few thousand children per unit of width (about 300
/// moves per state, about 12 layers), so a beam and its shortening cost at most about as
/// much as the search before them, and usually much less (level 5 of the designed set:
/// 163 000 of its 891 000 nodes).
const BEAM_AFTER: u64 = 2_500;

/// A short path found by beam search; `None` when the budget runs out first (every child
/// scored counts as a node).
///
/// Layer by layer, every move (to a neighbour's colour, leaves last as in the search) of
/// the `width` best states of the layer is scored by the child's admissible bound
/// ([`heuristic`]), then by the sum of its regions' eccentricities (a compact graph is
/// closer to one region), and the `width` best distinct children form the next layer. Not
/// optimal in general, but often as short as the optimum: the search uses it as an upper
/// bound (see [`ida_star`]), and as the best answer when the budget runs out.
fn beam_path(island: &Island, width: usize, budget: &mut Budget) -> Option<Path> {
    let n = island.n;
    // Each state of a layer keeps its distance matrix: at most `BEAM_BYTES` of them.
    let width = width.min(BEAM_BYTES / (n * n).max(1)).max(1);
    let mut scratch = Scratch::new(island);
    let mut layer: Vec<(Node, Path)> = vec![(island.root(), Vec::new())];
    loop {
        if let Some((_, path)) = layer.iter().find(|(node, _)| node.count <= 1) {
            return Some(path.clone());
        }
        let mut scored = score_layer(island, &layer, budget)?;
        scored.sort_unstable_by_key(|&(h, spread, hash, ..)| (h, spread, hash));
        scored.dedup_by_key(|&mut (_, _, hash, ..)| hash);
        let mut next = Vec::with_capacity(width);
        for &(_, _, _, i, r, x) in scored.iter().take(width) {
            let (node, path) = &layer[i];
            let mut node = node.clone();
            island.apply(&mut node, r, x, &mut scratch.merged);
            let mut path = path.clone();
            path.push((r as u32, x));
            next.push((node, path));
        }
        layer = next;
    }
}

/// A beam's scored children: `(bound, spread, hash, state, region, colour)` for every move
/// of every state of `layer` (see [`beam_path`]), in the order of the states; `None` when
/// the budget runs out. With [`Limits::threads`] above one, each thread scores a run of
/// states (with an equal share of the nodes left, under a node limit), and the runs are
/// joined in order, so the list is the same as one thread's.
fn score_layer(island: &Island, layer: &[(Node, Path)], budget: &mut Budget) -> Option<Vec<Scored>> {
    let threads = budget.limits.threads.clamp(1, layer.len().max(1));
    if threads == 1 {
        return score_states(island, layer, 0, budget);
    }
    let run = layer.len().div_ceil(threads);
    let budgets: Vec<Budget> = (0..threads).map(|_| budget.share(threads)).collect();
    let results: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = layer
            .chunks(run)
            .zip(budgets)
            .enumerate()
            .map(|(t, (states, mut budget))| {
                scope.spawn(move || {
                    let scored = score_states(island, states, t * run, &mut budget);
                    (scored, budget.nodes)
                })
            })
            .collect();
        handles.into_iter().map(joined).collect()
    });
    budget.nodes += results.iter().map(|r| r.1).sum::<u64>();
    let mut out = Vec::new();
    for (scored, _) in results {
        let Some(scored) = scored else {
            budget.aborted = true;
            return None;
        };
        out.extend(scored);
    }
    Some(out)
}

/// A scored child of a beam's state (see [`score_layer`]).
type Scored = (u32, usize, u128, usize, usize, Colour);

/// [`score_layer`] on one thread, for `states` (the first being state `first` of the layer).
fn score_states(island: &Island, states: &[(Node, Path)], first: usize, budget: &mut Budget) -> Option<Vec<Scored>> {
    let w = island.words;
    let mut scratch = Scratch::new(island);
    let mut child = island.root();
    let mut scored = Vec::new();
    for (i, (node, _)) in states.iter().enumerate() {
        let i = first + i;
        for r in bits(&node.alive) {
            let row = &node.adj[r * w..(r + 1) * w];
            if node.count >= 3 && row.iter().map(|a| a.count_ones()).sum::<u32>() == 1 {
                // A leaf region is never tapped before the last move (module docs).
                continue;
            }
            let mut colours = 0u64;
            for s in bits(row) {
                colours |= 1 << node.col[s];
            }
            for x in bits(&[colours]) {
                if budget.tick() {
                    return None;
                }
                let x = x as Colour;
                child.copy_structure(node);
                island.apply_structure(&mut child, r, x, &mut scratch.merged);
                island.child_matrix(node, &mut child, r, &scratch.merged, &mut scratch.ds);
                let h = heuristic(island, &child, None, u32::MAX, &mut scratch);
                let spread =
                    if child.ecc.is_empty() { 0 } else { bits(&child.alive).map(|u| usize::from(child.ecc[u])).sum() };
                scored.push((h, spread, child.hash, i, r, x));
            }
        }
    }
    Some(scored)
}

/// Shortens a solution `path` of the island suffix by suffix: from the state after each
/// prefix, last to first, a search of at most `suffix_nodes` nodes (IDA* like the main
/// one, sharing its transposition table, whose entries are proven bounds of states) looks
/// for a shorter way to finish, and takes it. Stops early, returning what it has, when the
/// budget runs out.
fn shorten(
    island: &Island,
    palette: &[Colour],
    budget: &mut Budget,
    (table, tables): (&mut FxHashMap<u128, u8>, &mut [FxHashMap<u128, u8>]),
    path: Path,
    suffix_nodes: u64,
) -> Path {
    let mut best = path;
    let mut merged = vec![0u64; island.words];
    for start in (0..best.len().saturating_sub(1)).rev() {
        let remaining = (best.len() - start) as u32;
        let mut node = island.root();
        for &(r, x) in &best[..start] {
            island.apply(&mut node, r as usize, x, &mut merged);
        }
        let global = budget.limits.node_limit;
        let local = budget.nodes.saturating_add(suffix_nodes);
        budget.limits.node_limit = Some(global.map_or(local, |g| g.min(local)));
        let mut search = Search::new(island, None, palette, budget, table);
        search.stack[0] = node;
        let mut bound = heuristic(island, &search.stack[0], None, u32::MAX, &mut search.scratch);
        let mut found = None;
        while bound < remaining {
            // On the threads from the start: each thread's table knows its own units.
            let probe = if tables.is_empty() {
                search.dfs(0, bound, None)
            } else {
                parallel_dfs(&mut search, tables, bound, (SPLIT_DEPTH, false))
            };
            match probe {
                Probe::Found => {
                    found = Some(std::mem::take(&mut search.path));
                    break;
                }
                Probe::Bound(b) if !search.budget.aborted => bound = b.max(bound + 1),
                Probe::Bound(_) => break,
            }
        }
        budget.limits.node_limit = global;
        if budget.aborted {
            let out_of_nodes = global.is_some_and(|g| budget.nodes > g);
            if out_of_nodes || budget.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                return best;
            }
            budget.aborted = false;
        }
        if let Some(suffix) = found {
            best.truncate(start);
            best.extend(suffix);
        }
    }
    best
}

/// The greedy path of one island: always the move merging the most regions.
fn greedy_path(island: &Island) -> Path {
    let mut node = island.root();
    let mut scratch = Scratch::new(island);
    let w = island.words;
    let mut path = Vec::new();
    while node.count > 1 {
        let mut best = (0u32, 0usize, 0 as Colour);
        for r in bits(&node.alive) {
            let mut counts = [0u32; MAX_COLOURS];
            for s in bits(&node.adj[r * w..(r + 1) * w]) {
                counts[usize::from(node.col[s])] += 1;
            }
            for (c, &n) in counts.iter().enumerate() {
                if n > best.0 {
                    best = (n, r, c as Colour);
                }
            }
        }
        island.apply(&mut node, best.1, best.2, &mut scratch.merged);
        path.push((best.1 as u32, best.2));
    }
    path
}

/// Per-island paths (optimal where found, greedy otherwise) joined with one extra move per
/// island that does not end in the most common final colour.
fn combine(islands: &[Island], found: &[Option<Path>], palette: &[Colour]) -> Vec<Path> {
    let paths: Vec<Path> = islands
        .iter()
        .zip(found)
        .map(|(is, f)| {
            let greedy = greedy_path(is);
            f.clone().filter(|p| p.len() <= greedy.len()).unwrap_or(greedy)
        })
        .collect();
    let finals: Vec<Colour> = islands.iter().zip(&paths).map(|(is, p)| is.final_colour(p)).collect();
    let ending = final_counts(&finals);
    let target = palette.iter().copied().max_by_key(|&c| (ending[usize::from(c)], std::cmp::Reverse(c)));
    paths
        .into_iter()
        .zip(finals)
        .map(|(mut p, f)| {
            if let Some(t) = target.filter(|&t| t != f) {
                p.push((0, t));
            }
            p
        })
        .collect()
}

fn gave_up(
    level: &Level,
    graph: &RegionGraph,
    islands: &[Island],
    found: &[Option<Path>],
    palette: &[Colour],
    lower: u32,
) -> Outcome {
    let chosen = combine(islands, found, palette);
    let best = checked_moves(level, graph, islands, &chosen);
    Outcome::GaveUp { lower_bound: lower, best: Some(best) }
}

/// Turns per-island paths into tap moves and replays them through flood fill: the moves
/// must be legal, each must change something, and the end must be solved.
fn checked_moves(level: &Level, graph: &RegionGraph, islands: &[Island], chosen: &[Path]) -> Vec<Move> {
    let moves: Vec<Move> = islands
        .iter()
        .zip(chosen)
        .flat_map(|(island, path)| path.iter().map(|&(r, c)| graph.tap(island.global[r as usize] as usize, c)))
        .collect();
    let end = play::replay(level, &moves).unwrap_or_else(|e| panic!("solver bug: answer does not replay: {e}"));
    assert!(play::is_solved(&end), "solver bug: answer does not solve the level");
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::level_strategy;
    use proptest::prelude::*;

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
            let mut budget = Budget { table_limit: 8, ..Budget::new(Limits::default(), true) };
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
            let mut budget = Budget { beam_after: 0, beam_width: width, ..Budget::new(Limits::default(), true) };
            let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
            prop_assert_eq!(moves.len(), reference.len());
            prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
            let graph = RegionGraph::new(&level);
            for regions in graph.islands() {
                let island = Island::new(&graph, regions);
                let path = beam_path(&island, width, &mut Budget::new(Limits::default(), false)).unwrap();
                let mut node = island.root();
                let mut scratch = Scratch::new(&island);
                for &(r, x) in &path {
                    prop_assert!(node.alive[r as usize / 64] >> (r % 64) & 1 == 1);
                    prop_assert!(node.col[r as usize] != x);
                    island.apply(&mut node, r as usize, x, &mut scratch.merged);
                }
                prop_assert_eq!(node.count, 1);
                let mut alone = Budget::new(Limits::default(), false);
                let mut table = FxHashMap::default();
                let palette = level.colours_used();
                let optimum = ida_star(&island, None, &palette, &mut alone, &mut table).unwrap();
                prop_assert!(path.len() >= optimum.len());
                // Shortening keeps a solution, never longer; with room for a whole search
                // from the start, an optimal one.
                for (suffix_nodes, optimal) in [(10, false), (1_000_000, true)] {
                    let mut table = FxHashMap::default();
                    let budget = &mut Budget::new(Limits::default(), false);
                    let short = shorten(&island, &palette, budget, (&mut table, &mut []), path.clone(), suffix_nodes);
                    prop_assert!(short.len() <= path.len());
                    prop_assert!(!optimal || short.len() == optimum.len());
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
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// On levels too big for breadth-first search, the search closed by beam paths
        /// (narrow beams after every iteration) finds optima as short as the search
        /// without beams, itself checked against breadth-first search above.
        #[test]
        fn beams_keep_the_solver_optimal_on_bigger_levels(level in medium_level_strategy(), width in 1usize..3) {
            let limits = Limits { node_limit: Some(200_000), ..Limits::default() };
            let mut plain = Budget { beam_after: u64::MAX, ..Budget::new(limits, false) };
            let Outcome::Optimal(reference) = solve_budget(&level, &mut plain) else { return Ok(()) };
            let mut budget = Budget { beam_after: 0, beam_width: width, ..Budget::new(Limits::default(), true) };
            let Outcome::Optimal(moves) = solve_budget(&level, &mut budget) else { panic!("no budget limit") };
            prop_assert_eq!(moves.len(), reference.len());
            prop_assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
        }
    }

    /// Solves `level` with `threads` threads and a beam of width `width` after every
    /// iteration (so beams and their shortening run on the threads too; no beams if `width`
    /// is 0): the outcome and the node count.
    fn solve_on_threads(level: &Level, threads: usize, width: usize, node_limit: Option<u64>) -> (Outcome, u64) {
        let limits = Limits { node_limit, threads, ..Limits::default() };
        let beam_after = if width == 0 { u64::MAX } else { 0 };
        let mut budget =
            Budget { beam_after, beam_width: width.max(1), parallel_after: 0, ..Budget::new(limits, false) };
        let outcome = solve_budget(level, &mut budget);
        (outcome, budget.nodes)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// With 2 or 3 threads, the solver finds the optimum of exhaustive breadth-first
        /// search, its answer replays to a solved level, and a second run gives the same
        /// outcome and node count.
        #[test]
        fn threads_keep_the_solver_optimal_and_deterministic(
            level in level_strategy(),
            threads in 2usize..4,
            width in 0usize..4,
        ) {
            let Some(reference) = bfs_optimum(&level, 5_000) else { return Ok(()) };
            let (outcome, nodes) = solve_on_threads(&level, threads, width, None);
            let Outcome::Optimal(moves) = &outcome else { panic!("no budget limit") };
            prop_assert_eq!(moves.len(), reference.len());
            prop_assert!(play::is_solved(&play::replay(&level, moves).unwrap()));
            prop_assert_eq!(solve_on_threads(&level, threads, width, None), (outcome, nodes));
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
                // more than this many nodes are left out.
                let limits = Limits { node_limit: Some(300_000), ..Limits::default() };
                let (mut one_budget, mut many_budget) = (Budget::new(limits, false), Budget::new(limits, false));
                let (mut one_table, mut many_table) = (FxHashMap::default(), FxHashMap::default());
                let mut tables = vec![FxHashMap::default(); threads - 1];
                let mut one = Search::new(&island, None, &palette, &mut one_budget, &mut one_table);
                let mut many = Search::new(&island, None, &palette, &mut many_budget, &mut many_table);
                let mut bound = heuristic(&island, &one.stack[0], None, u32::MAX, &mut one.scratch);
                let mut proven = 0;
                loop {
                    prop_assert!(bound < 40, "the bounds pass any par of these levels");
                    let probes = (one.dfs(0, bound, None), parallel_dfs(&mut many, &mut tables, bound, (split, skip)));
                    if one.budget.aborted || many.budget.aborted {
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
    #[test]
    fn a_spent_budget_stays_spent_on_the_next_island() {
        let level: Level = "...1\n..02\n..20\n..02\n..01\n..11\n..12\n.021\n".parse().unwrap();
        assert_eq!(RegionGraph::new(&level).islands().len(), 2);
        for threads in [1, 2] {
            let (outcome, _) = solve_on_threads(&level, threads, 2, Some(1_118));
            let Outcome::GaveUp { lower_bound, best: Some(best) } = outcome else { panic!("the budget runs out") };
            assert!(lower_bound <= 5);
            assert!(play::is_solved(&play::replay(&level, &best).unwrap()));
        }
    }

    proptest! {
        /// `open_colours` lists exactly the present colours whose colour bound with that
        /// colour as the target is below the cap.
        #[test]
        fn open_colours_matches_the_colour_bound(
            few in proptest::collection::vec(0u32..4, 6),
            cap in 0u32..8,
        ) {
            let mut counts = [0u32; MAX_COLOURS];
            counts[..few.len()].copy_from_slice(&few);
            let slow = (0..MAX_COLOURS)
                .filter(|&c| counts[c] > 0 && colour_bound(&counts, Some(c as Colour)) < cap)
                .fold(0u64, |open, c| open | 1 << c);
            prop_assert_eq!(open_colours(&counts, cap), slow);
        }
    }

    proptest! {
        /// `entries_at_least` yields exactly the entries at or above the threshold, in
        /// order, whatever the row length, start and threshold.
        #[test]
        fn entries_at_least_matches_a_plain_scan(
            row in proptest::collection::vec(any::<u8>(), 0..40),
            from in 0usize..45,
            at_least in 0u32..300,
        ) {
            let fast: Vec<(usize, u8)> = entries_at_least(&row, from, at_least).collect();
            let slow: Vec<(usize, u8)> =
                row.iter().copied().enumerate().skip(from).filter(|&(_, d)| u32::from(d) >= at_least).collect();
            prop_assert_eq!(fast, slow);
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
            let mut budget =
                Budget { beam_after: 1, ..Budget::new(Limits { node_limit: Some(limit), ..Limits::default() }, false) };
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
    fn shrinking_the_table_keeps_the_largest_bounds() {
        let mut table: FxHashMap<u128, u8> = (0..100u128).map(|k| (k, (k % 10) as u8)).collect();
        shrink_table(&mut table, 35);
        // Bounds 0 to 6 go (70 entries); 7, 8 and 9 stay.
        assert_eq!(table.len(), 30);
        assert!(table.iter().all(|(&k, &b)| b >= 7 && u128::from(b) == k % 10));
        shrink_table(&mut table, 100);
        assert_eq!(table.len(), 30);
    }

    proptest! {
        /// The distance matrix kept through moves gives the same radius as breadth-first
        /// search on the merged graph, after every move of random play; the read-only test
        /// `radius_exceeds` agrees with it.
        #[test]
        fn incremental_radius_matches_bfs(level in level_strategy(), taps in proptest::collection::vec((0usize..64, 0usize..8), 0..10)) {
            let graph = RegionGraph::new(&level);
            for regions in graph.islands() {
                let island = Island::new(&graph, regions);
                let mut node = island.root();
                let mut scratch = Scratch::new(&island);
                for &(pick, c) in &taps {
                    prop_assert_eq!(bfs_radius(&island, &node, u32::MAX, &mut scratch), node.radius);
                    let reps: Vec<usize> = bits(&node.alive).collect();
                    let r = reps[pick % reps.len()];
                    let x = (c % MAX_COLOURS.min(5)) as Colour;
                    if x != node.col[r] {
                        let w = island.words;
                        let mut merged = vec![0u64; w];
                        merged[r / 64] |= 1 << (r % 64);
                        for s in bits(&node.adj[r * w..(r + 1) * w]) {
                            if node.col[s] == x {
                                merged[s / 64] |= 1 << (s % 64);
                            }
                        }
                        let before = node.clone();
                        island.apply(&mut node, r, x, &mut scratch.merged);
                        let n = island.n;
                        for limit in 0..6 {
                            merged_row(&before.dist, n, &merged, &mut scratch.ds);
                            let exceeds = radius_exceeds(&before, n, &merged, limit, &before.alive, &scratch.ds);
                            prop_assert_eq!(exceeds, node.radius > limit);
                            // The tap filter never drops a tap that brings the radius to
                            // `limit`, and its centres suffice for the exact test.
                            let mut filter = TapFilter { taps: vec![0; w], ..TapFilter::default() };
                            radius_taps(&before, n, limit, &mut filter, &mut scratch.ds);
                            if filter.taps[r / 64] >> (r % 64) & 1 == 0 {
                                prop_assert!(node.radius > limit);
                            }
                            filter.centres_of(r, n, &mut scratch.centres);
                            // `radius_taps` used `ds` as scratch: the merged row again.
                            merged_row(&before.dist, n, &merged, &mut scratch.ds);
                            let exceeds = radius_exceeds(&before, n, &merged, limit, &scratch.centres, &scratch.ds);
                            prop_assert_eq!(exceeds, node.radius > limit);
                        }
                    }
                }
            }
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

        /// On bigger levels, through random play: for every move of the search (each region
        /// to each neighbour colour) and every limit, a tap the filter drops leaves a radius
        /// above the limit, and the radius test with the filter's centres is exact.
        #[test]
        fn tap_filter_keeps_every_radius_reducing_move(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
            random_play(&level, &picks, &[], |island, node, moves| {
                let (n, w) = (island.n, island.words);
                let mut scratch = Scratch::new(island);
                let mut filter = TapFilter { taps: vec![0; w], ..TapFilter::default() };
                for limit in node.radius.saturating_sub(2)..=node.radius {
                    radius_taps(node, n, limit, &mut filter, &mut scratch.ds);
                    for &(r, x) in moves {
                        let mut child = node.clone();
                        island.apply(&mut child, r, x, &mut scratch.merged);
                        if filter.taps[r / 64] >> (r % 64) & 1 == 0 {
                            prop_assert!(child.radius > limit);
                        }
                        filter.centres_of(r, n, &mut scratch.centres);
                        let merged = scratch.merged.clone();
                        merged_row(&node.dist, n, &merged, &mut scratch.ds);
                        let exceeds = radius_exceeds(node, n, &merged, limit, &scratch.centres, &scratch.ds);
                        prop_assert_eq!(exceeds, child.radius > limit);
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
        /// moves left (so the search would cut it).
        #[test]
        fn pair_filter_keeps_every_move_that_lowers_the_pair_bound(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
            let palette = level.colours_used();
            random_play(&level, &picks, &palette, |island, node, moves| {
                let n = island.n;
                let (mut keep, mut merged) = (Vec::new(), vec![0u64; island.words]);
                for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                    let pb = pair_bound(node, n, target);
                    for left in pb.max(2) - 1..=pb + 1 {
                        if left < 2 || !pair_taps(node, n, left, target, &mut keep, &mut Vec::new()) {
                            continue;
                        }
                        for &(r, x) in moves {
                            if keep[r] == 0 {
                                let mut child = node.clone();
                                island.apply(&mut child, r, x, &mut merged);
                                prop_assert!(pair_bound(&child, n, target) >= left);
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
        /// child `pair_cut` cuts before the move is played has a bound (pair or, without a
        /// target, final-colour) of at least the moves left, so the search would cut it at
        /// its own node.
        #[test]
        fn pair_cut_only_cuts_children_the_bounds_cut(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
            let palette = level.colours_used();
            random_play(&level, &picks, &palette, |island, node, moves| {
                let w = island.words;
                let mut merged = vec![0u64; w];
                for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                    let (mut budget, mut table) = (Budget::new(Limits::default(), false), FxHashMap::default());
                    let mut search = Search::new(island, target, &palette, &mut budget, &mut table);
                    search.stack[0] = node.clone();
                    let h = heuristic(island, node, target, u32::MAX, &mut search.scratch);
                    for left in h.max(2) - 1..=h + 1 {
                        if left < 2 {
                            continue;
                        }
                        search.tap_filter(0, left);
                        let counts = colour_counts(node);
                        for &(r, x) in moves {
                            let merges = bits(&node.adj[r * w..(r + 1) * w]).filter(|&s| node.col[s] == x).count() as u32;
                            let child_counts = moved_counts(&counts, node.col[r], x, merges);
                            search.merged_set(0, r, x, true);
                            if search.pair_cut(0, (x, &child_counts), left) {
                                let mut child = node.clone();
                                island.apply(&mut child, r, x, &mut merged);
                                let mut scratch = Scratch::new(island);
                                prop_assert!(heuristic(island, &child, target, u32::MAX, &mut scratch) >= left);
                            }
                        }
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

    proptest! {
        #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

        /// The lower bound (colour bound with its one-move look-ahead, radius), with and
        /// without a target colour, never exceeds the exact distance, on every state
        /// reachable from small one-island levels.
        #[test]
        fn bounds_never_exceed_the_exact_distance_on_reachable_states(level in level_strategy()) {
            let graph = RegionGraph::new(&level);
            if graph.islands().len() != 1 || graph.len() > 8 {
                return Ok(());
            }
            let palette = level.colours_used();
            let mut states = vec![graph.initial_state()];
            let mut known: rustc_hash::FxHashSet<State> = states.iter().cloned().collect();
            let mut head = 0;
            while head < states.len() && states.len() < 60 {
                let state = states[head].clone();
                head += 1;
                for r in 0..graph.len() {
                    for &c in &palette {
                        let mut s = state.clone();
                        if !graph.apply(&mut s, r, c).is_empty() && known.insert(s.clone()) {
                            states.push(s);
                        }
                    }
                }
            }
            for state in &states {
                let here = graph.level_of(&level, state);
                let sub = RegionGraph::new(&here);
                let island = Island::new(&sub, &sub.islands()[0]);
                let node = island.root();
                let mut scratch = Scratch::new(&island);
                for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                    let Some(exact) = exact_distance(&here, &palette, target) else { continue };
                    let h = heuristic(&island, &node, target, u32::MAX, &mut scratch);
                    prop_assert!(h as usize <= exact, "bound {} > exact {} for target {:?} on\n{}", h, exact, target, here);
                }
            }
        }
    }

    /// A random connected coloured graph with 2 to 10 vertices and 2 to 4 colours (a random
    /// spanning tree plus random extra edges, any shape: not only triangle levels),
    /// contracted into regions: the regions' colours and neighbour lists.
    fn graph_strategy() -> impl Strategy<Value = (Vec<Colour>, Vec<Vec<usize>>)> {
        (2usize..11, 2u8..5).prop_flat_map(|(n, k)| {
            let colours = proptest::collection::vec(0u8..k, n);
            let tree = proptest::collection::vec(0usize..1000, n);
            let extra = proptest::collection::vec(0u8..3, n * (n - 1) / 2);
            (colours, tree, extra).prop_map(move |(colours, tree, extra)| {
                let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (tree[v] % v, v)).collect();
                let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b)));
                edges.extend(pairs.zip(&extra).filter(|&(_, &e)| e == 0).map(|(p, _)| p));
                let mut sets = engine::UnionFind::new(n);
                for &(a, b) in &edges {
                    if colours[a] == colours[b] {
                        sets.union(a, b);
                    }
                }
                let mut region = vec![usize::MAX; n];
                let mut region_colours = Vec::new();
                for v in 0..n {
                    let root = sets.find(v);
                    if region[root] == usize::MAX {
                        region[root] = region_colours.len();
                        region_colours.push(colours[v]);
                    }
                    region[v] = region[root];
                }
                let mut adjacency = vec![Vec::new(); region_colours.len()];
                for &(a, b) in &edges {
                    let (ra, rb) = (region[a], region[b]);
                    if ra != rb && !adjacency[ra].contains(&rb) {
                        adjacency[ra].push(rb);
                        adjacency[rb].push(ra);
                    }
                }
                (region_colours, adjacency)
            })
        })
    }

    /// The exact number of moves to flood a coloured graph into one region, to any colour
    /// (`None` key) and to each colour of `palette`, by breadth-first search over colourings.
    fn graph_distances(
        colours: &[Colour],
        adjacency: &[Vec<usize>],
        palette: &[Colour],
    ) -> Vec<(Option<Colour>, usize)> {
        let n = colours.len();
        let component = |state: &[Colour], v: usize| {
            let mut out = vec![v];
            let mut head = 0;
            while head < out.len() {
                for &u in &adjacency[out[head]] {
                    if state[u] == state[v] && !out.contains(&u) {
                        out.push(u);
                    }
                }
                head += 1;
            }
            out
        };
        let mut found: Vec<(Option<Colour>, usize)> = Vec::new();
        let mut layer = vec![colours.to_vec()];
        let mut seen: rustc_hash::FxHashSet<Vec<Colour>> = layer.iter().cloned().collect();
        for depth in 0.. {
            for state in &layer {
                if component(state, 0).len() == n {
                    if found.is_empty() {
                        found.push((None, depth));
                    }
                    if !found.iter().any(|&(t, _)| t == Some(state[0])) {
                        found.push((Some(state[0]), depth));
                    }
                }
            }
            if found.len() == palette.len() + 1 {
                return found;
            }
            let mut next = Vec::new();
            for state in &layer {
                for v in 0..n {
                    let comp = component(state, v);
                    for &c in palette {
                        if c != state[v] {
                            let mut s = state.clone();
                            for &g in &comp {
                                s[g] = c;
                            }
                            if seen.insert(s.clone()) {
                                next.push(s);
                            }
                        }
                    }
                }
            }
            layer = next;
        }
        unreachable!("every colouring of a connected graph can be flooded")
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

        /// On random coloured graphs of any shape, the pair bound and the whole heuristic
        /// never exceed the exact distance found by exhaustive breadth-first search, with
        /// and without a target colour.
        #[test]
        fn bounds_never_exceed_the_exact_distance_on_random_graphs((colours, adjacency) in graph_strategy()) {
            let mut palette = colours.clone();
            palette.sort_unstable();
            palette.dedup();
            let island = Island::from_adjacency((0..colours.len() as u32).collect(), colours.clone(), &adjacency);
            let node = island.root();
            let mut scratch = Scratch::new(&island);
            for (target, exact) in graph_distances(&colours, &adjacency, &palette) {
                let pair = pair_bound(&node, island.n, target);
                prop_assert!(pair as usize <= exact, "pair bound {} > exact {} for {:?}: {:?} {:?}", pair, exact, target, colours, adjacency);
                let h = heuristic(&island, &node, target, u32::MAX, &mut scratch);
                prop_assert!(h as usize <= exact, "bound {} > exact {} for {:?}: {:?} {:?}", h, exact, target, colours, adjacency);
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
}
