//! The optimal par solver: IDA* over region-graph states, one island at a time.
//!
//! A move recolours one current region (a connected set of original regions of one colour)
//! to a colour used somewhere in the level; a level is solved when every triangle has one
//! colour. Islands (groups of triangles separated by holes) never interact, so the solver
//! searches each island's region graph on its own and then picks the final colour (see
//! [Islands](#islands)).
//!
//! The reference for the search is `kami/docs/solver.md`: every lower bound and pruning
//! rule with its proof, the rules that are not safe, the ideas measured and not kept, and
//! the measurements. The proofs that need the code's details sit on the items they prove
//! (private items: read them in the source, or with
//! `cargo doc -p kami --document-private-items`).
//!
//! # Layers
//!
//! Each module imports only from the ones listed before it, and so do the tests of each
//! (`tests/layers.rs` fails on an import of a layer above):
//!
//! * `reference`: the seed's best-first search and exhaustive breadth-first search, on
//!   levels (no solver module).
//! * `node`: an island's region graph as bitsets, the search states with their distance
//!   matrices, and the primitives on both (the matrix update of a merge, `merge_distances`).
//! * `bounds`: the admissible lower bounds, pure functions of a node: the colour bound and
//!   its look-ahead, the radius, pair (colour-distance), final-colour and colour-radius
//!   bounds (`heuristic` takes the largest).
//! * `children`: a node's moves and the tests that cut a child before it is played, as
//!   free functions of the node: the tests read off its parent's matrix before it is built
//!   (`colour_radius_cut`), the tap filters (`radius_taps`, `pair_taps`), the records of
//!   the partial-order reduction (`Last`, `Swap`, with its proof; `ChildKey`,
//!   `context_key`); move generation (neighbour colours, leaves last, the reduction, the
//!   filters, the colour look-ahead) and the cuts of a child (pair cut, radius cut, no
//!   colour move, dead-end and grandchildren cuts), each with its proof.
//! * `table`: the transposition table of proven lower bounds, keyed by state and context,
//!   and the table the threads share.
//! * `tuning`: `Tuning`, the thresholds and sizes the driver works with.
//! * `budget`: the solver's budget (an [`engine::Meter`] and the cancel token) and the
//!   trace ([`Iteration`]).
//! * `dfs`: `Search`, one IDA* iteration: the depth-first search, the node's bounds, the
//!   order of the root's moves, the table's reads and writes; it calls `children` for the
//!   moves and the cuts.
//! * `parallel`: work on several threads, and one iteration split among them.
//! * `beam`: beam searches, the shortening of their paths, and greedy play.
//! * `driver`: an island's search (`ida_star`): iterations, the probes of the root's
//!   children, beams, threads.
//! * this module: [`solve`] and its options and results, the islands and the final colour.
//!
//! In test builds, `test_support` (random levels, random play, brute force; built on
//! `node` only) serves the tests of the layers above `node`, and `solve_tests` holds the
//! tests of this module.
//!
//! # Threads
//!
//! With [`Options::threads`] above one, long IDA* iterations deal the root's
//! grandchildren round-robin to the threads, each with its own stack; beams score their
//! layers in runs, one per thread; the probes of the root's children deal the children.
//! An iteration finds the solution a single thread would: a table holds only proven
//! bounds, so it decides how much a thread searches, never what it finds, and the solution
//! kept is the one below the earliest unit in search order.
//!
//! Under a node limit each thread keeps a table of its own, and the work, the node counts
//! and the outcome are the same from run to run (each thread gets an equal share of the
//! nodes left, so whether a limit runs out can depend on the number of threads, but not on
//! timing). Without one, the threads share one transposition table (`SharedTable`), which
//! saves nodes; then how many nodes an iteration takes depends on timing, and so do the
//! node budgets of the probes and beams between iterations, so the moves (never the par)
//! may rarely differ from run to run. `kami/docs/solver.md` (*Threads and determinism*)
//! has the argument and the measurements.
//!
//! # Islands
//!
//! Every island must end in the same colour. For island `i`, let `opt_i` be its optimum to
//! any colour and `opt_i(c)` its optimum ending in colour `c`; then
//! `opt_i ≤ opt_i(c) ≤ opt_i + 1` (one more move recolours the whole island). The solver
//! finds `opt_i`, then for each colour `c` checks with a bounded search whether
//! `opt_i(c) = opt_i`, and returns `min over c of Σ_i opt_i(c)`.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::{Colour, Level, MAX_COLOURS, Move, RegionGraph, game};

use beam::greedy_path;
use bounds::{Scratch, heuristic};
use budget::Budget;
use dfs::{Probe, Search};
use driver::ida_star;
use node::{Island, Path};
use tuning::Tuning;

mod beam;
mod bounds;
mod budget;
mod children;

mod driver;

mod dfs;
mod node;
mod parallel;
mod reference;
mod table;
#[cfg(test)]
mod test_support;
mod tuning;

pub use budget::Iteration;
pub use reference::{bfs_optimum, reference_best_first};

/// What [`solve`] takes besides the level: the search budget (node limit, time limit,
/// cancel token, progress callback: an [`engine::Budget`]) and the number of threads.
/// `Default` is unlimited, on the calling thread only.
///
/// ```
/// use kami::Options;
/// let options = Options::default().with_budget(engine::Budget::default().with_node_limit(1_000));
/// assert_eq!(options.budget.node_limit(), Some(1_000));
/// assert_eq!(options.threads, 0); // the calling thread only
///
/// // Two threads under a node limit, each with a table of its own: the same moves on every run.
/// let level: kami::Level = "0120\n1201\n2012\n".parse().unwrap();
/// let options = Options::default().with_threads(2).with_budget(engine::Budget::default().with_node_limit(u64::MAX));
/// let first = kami::solve(&level, &options).unwrap().outcome;
/// assert_eq!(kami::solve(&level, &options).unwrap().outcome, first);
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// When to give up: a node limit (deterministic, for a given number of threads), a time
    /// limit or deadline (not deterministic), a cancel token; and a progress callback, fed
    /// the sum of the islands' proven lower bounds as the bound and the best solution's
    /// length as it improves.
    pub budget: engine::Budget,
    /// Search with this many threads (0 and 1: the calling thread only): long IDA*
    /// iterations split the root's grandchildren among them (see [Threads](self#threads)).
    /// The par is the one a single thread finds. The moves may differ from one thread
    /// count to another (the beam paths' shortening and the probes of the root's
    /// children get a share of their nodes per thread), and so may whether a node limit
    /// runs out.
    ///
    /// With a node limit (even `u64::MAX`) each thread keeps a table of its own, and
    /// nothing differs from one run to the next. Without one the threads share one
    /// transposition table, which saves nodes.
    /// The node counts then differ a little from run to run, and so,
    /// rarely, may the moves, never the par: the probes and beams between iterations get
    /// node budgets from the iterations' counts (see [Threads](self#threads)).
    pub threads: usize,
}

impl Options {
    /// The same options with `budget`.
    ///
    /// ```
    /// let options = kami::Options::default().with_budget(engine::Budget::default().with_node_limit(5));
    /// assert_eq!(options.budget.node_limit(), Some(5));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: engine::Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same options searching on `threads` threads.
    ///
    /// ```
    /// assert_eq!(kami::Options::default().with_threads(4).threads, 4);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }
}

/// What a search that gave up still proved: a lower bound on the optimum, and the best
/// solution found (replayed and checked; the beam searches' or greedy play's).
///
/// ```
/// let level: kami::Level = "0120120\n1201201\n2012012\n0120120\n".parse().unwrap();
/// let options = kami::Options::default().with_budget(engine::Budget::default().with_node_limit(3));
/// let report = kami::solve(&level, &options).unwrap();
/// let engine::Outcome::GaveUp { proven, .. } = report.outcome else { panic!("3 nodes prove nothing") };
/// assert!(proven.lower_bound as usize <= proven.best.unwrap().len());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Proven {
    /// A proven lower bound on the optimum.
    pub lower_bound: u32,
    /// The best solution found, if any.
    pub best: Option<Vec<Move>>,
}

/// What [`solve`] returns: an [`engine::Report`] whose outcome is
/// [`engine::Outcome::Proved`] with an optimal solution (replayed and checked), or
/// [`engine::Outcome::GaveUp`] with what was [`Proven`], and the nodes and time it spent.
///
/// ```
/// let level: kami::Level = "0011\n0011\n".parse().unwrap();
/// let report: kami::Solution = kami::solve(&level, &kami::Options::default()).unwrap();
/// assert!(matches!(report.outcome, engine::Outcome::Proved(ref moves) if moves.len() == 1));
/// assert!(report.stats.nodes > 0);
/// ```
pub type Solution = engine::Report<Vec<Move>, Proven>;

/// The outcome of a [`Solution`].
#[deprecated(note = "use `engine::Outcome<Vec<Move>, Proven>` (the `outcome` of a `kami::Solution`)")]
pub type Outcome = engine::Outcome<Vec<Move>, Proven>;

/// The old name of [`Solution`].
#[deprecated(note = "renamed `Solution`")]
pub type Report = Solution;

/// The old name of [`Options`].
#[deprecated(note = "renamed `Options`")]
pub type SolveOptions = Options;

/// Why [`solve`] cannot search a level.
///
/// ```
/// let rows: Vec<String> =
///     (0..130).map(|r| (0..130).map(|c| if (r + c) % 2 == 0 { '0' } else { '1' }).collect()).collect();
/// let level: kami::Level = rows.join("\n").parse().unwrap();
/// let err = kami::solve(&level, &kami::Options::default()).unwrap_err();
/// assert_eq!(err, kami::SolveError::TooManyRegions { regions: 16_900, lower_bound: 1 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SolveError {
    /// An island has more regions than [`MAX_ISLAND_REGIONS`]; `lower_bound` is the
    /// colour bound of the level (see [`lower_bound`]).
    #[error("an island of {regions} regions is more than the solver searches ({MAX_ISLAND_REGIONS})")]
    TooManyRegions {
        /// The regions of the largest island.
        regions: usize,
        /// The colour bound: a proven lower bound on the optimum.
        lower_bound: u32,
    },
}

/// Solves `level` optimally within `options.budget`: [`engine::Outcome::Proved`] with an
/// optimal solution, or [`engine::Outcome::GaveUp`] with a lower bound and the best
/// solution found when the budget runs out (or is cancelled from another thread).
///
/// ```
/// let level: kami::Level = "01.10\n01.10\n".parse().unwrap(); // two islands
/// let report = kami::solve(&level, &kami::Options::default()).unwrap();
/// let engine::Outcome::Proved(moves) = report.outcome else { panic!("no limit") };
/// assert_eq!(moves.len(), 2);
/// assert!(kami::game::is_solved(&kami::game::replay(&level, &moves).unwrap()));
/// assert!(report.stats.nodes > 0);
/// ```
///
/// # Errors
/// [`SolveError::TooManyRegions`] when an island is too big for the search.
pub fn solve(level: &Level, options: &Options) -> Result<Solution, SolveError> {
    let mut budget = Budget::new(&options.budget, options.threads, false, Tuning::default());
    let solved = solve_budget(level, &mut budget);
    report(level, solved, &budget)
}

/// The optimal solution of `level` with no budget (may take long on deep levels), or an
/// error when an island is too big for the search.
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// let moves = kami::solver::optimal(&level).unwrap();
/// assert!(kami::game::is_solved(&kami::game::replay(&level, &moves).unwrap()));
/// ```
///
/// # Errors
/// As [`solve`].
pub fn optimal(level: &Level) -> Result<Vec<Move>, SolveError> {
    Ok(solve(level, &Options::default())?.outcome.into_answer().unwrap_or_default())
}

/// [`solve`]'s answer before it becomes an [`engine::Outcome`], with why the budget stopped the
/// search, if it did (for the generator, which tells a node limit from a deadline).
pub(crate) fn solve_solved(level: &Level, options: &Options) -> (Solved, Option<engine::StopReason>) {
    let mut budget = Budget::new(&options.budget, options.threads, false, Tuning::default());
    let solved = solve_budget(level, &mut budget);
    (solved, budget.meter.stopped())
}

fn report(level: &Level, solved: Solved, budget: &Budget) -> Result<Solution, SolveError> {
    let outcome = match solved {
        Solved::Optimal(moves) => engine::Outcome::Proved(moves),
        Solved::GaveUp { lower_bound, best: None } => {
            let graph = RegionGraph::new(level);
            let regions = graph.islands().iter().map(Vec::len).max().unwrap_or(0);
            return Err(SolveError::TooManyRegions { regions, lower_bound });
        }
        Solved::GaveUp { lower_bound, best } => budget.meter.gave_up(Proven { lower_bound, best }),
    };
    Ok(engine::Report { outcome, stats: budget.meter.stats() })
}

/// The solver's answer before it becomes an [`engine::Outcome`] (`best: None` only for islands too
/// big for the search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Solved {
    /// A proven optimal solution.
    Optimal(Vec<Move>),
    /// The budget ran out.
    GaveUp { lower_bound: u32, best: Option<Vec<Move>> },
}

/// [`solve`], also listing every IDA* iteration of the islands' searches to any
/// colour (where the time goes: the iterations below the par prove that fewer moves are not
/// enough; the last one either finds a solution, with the par as its threshold, or refutes
/// the par minus one when a beam search already found a path of par moves, which is then
/// optimal). The checks of islands' final colours are not listed.
///
/// ```
/// let level: kami::Level = "0120120\n1201201\n2012012\n".parse().unwrap();
/// let options = kami::Options::default();
/// let (report, iterations) = kami::solver::solve_traced(&level, &options).unwrap();
/// assert_eq!(report.outcome, kami::solve(&level, &options).unwrap().outcome);
/// let engine::Outcome::Proved(moves) = report.outcome else { panic!() };
/// let last = iterations.last().unwrap();
/// let beam = iterations.iter().filter_map(|i| i.beam).min();
/// assert!(last.bound as usize == moves.len() || (last.bound + 1 == moves.len() as u32 && beam == Some(last.bound + 1)));
/// assert!(iterations.iter().map(|i| i.nodes).sum::<u64>() <= report.stats.nodes);
/// ```
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(level: &Level, options: &Options) -> Result<(Solution, Vec<Iteration>), SolveError> {
    let mut budget = Budget::new(&options.budget, options.threads, true, Tuning::default());
    let solved = solve_budget(level, &mut budget);
    let report = report(level, solved, &budget)?;
    Ok((report, budget.trace.take().unwrap_or_default()))
}

fn solve_budget(level: &Level, budget: &mut Budget) -> Solved {
    let graph = RegionGraph::new(level);
    let palette = level.colours_used();
    if graph.islands().iter().any(|island| island.len() > MAX_ISLAND_REGIONS) {
        return Solved::GaveUp { lower_bound: colour_bounds(&graph), best: None };
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
        budget.base = u64::from(lower);
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
    if budget.aborted() {
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
                if search.budget.aborted() {
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
    Solved::Optimal(checked_moves(level, &graph, &islands, &chosen))
}

/// The solver's lower bound for `level` at the start: the sum over islands of the larger of
/// the colour bound and the radius bound (see `kami/docs/solver.md`, *Lower bounds*).
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// assert!(kami::solver::lower_bound(&level) as usize <= kami::solver::optimal(&level).unwrap().len());
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
/// assert!(kami::game::is_solved(&kami::game::replay(&level, &moves).unwrap()));
/// assert!(moves.len() >= kami::solver::optimal(&level).unwrap().len());
/// ```
#[must_use]
pub fn greedy(level: &Level) -> Vec<Move> {
    let graph = RegionGraph::new(level);
    let islands: Vec<Island> = graph.islands().iter().map(|regions| Island::new(&graph, regions)).collect();
    let found = vec![None; islands.len()];
    let chosen = combine(&islands, &found, &level.colours_used());
    checked_moves(level, &graph, &islands, &chosen)
}

/// How many islands end in each colour.
fn final_counts(finals: &[Colour]) -> [usize; MAX_COLOURS] {
    let mut out = [0; MAX_COLOURS];
    for &f in finals {
        out[usize::from(f)] += 1;
    }
    out
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
) -> Solved {
    let chosen = combine(islands, found, palette);
    let best = checked_moves(level, graph, islands, &chosen);
    Solved::GaveUp { lower_bound: lower, best: Some(best) }
}

/// Turns per-island paths into tap moves and replays them through flood fill: the moves
/// must be legal, each must change something, and the end must be solved.
fn checked_moves(level: &Level, graph: &RegionGraph, islands: &[Island], chosen: &[Path]) -> Vec<Move> {
    let moves: Vec<Move> = islands
        .iter()
        .zip(chosen)
        .flat_map(|(island, path)| path.iter().map(|&(r, c)| graph.tap(island.global[r as usize] as usize, c)))
        .collect();
    let end = game::replay(level, &moves).unwrap_or_else(|e| panic!("solver bug: answer does not replay: {e}"));
    assert!(game::is_solved(&end), "solver bug: answer does not solve the level");
    moves
}

#[cfg(test)]
mod solve_tests;
