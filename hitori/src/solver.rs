//! The uniqueness-proving solver: propagation with sound deductions, then branching,
//! counting solutions up to two, under an [`engine::Budget`].
//!
//! Every deduction holds for *every* solution, so the count is exact: the rule that assumes
//! a unique solution ("a number alone in its row and column is unshaded") is never used.
//! When only cells whose number is alone among the open cells of its row and column remain
//! undecided, leaving them all unshaded is a solution, and shading any one of them (none
//! touches a shaded cell or is a cut, after propagation) is a second one.
//!
//! The budget counts branchings as nodes; its clock and cancel token are read every
//! [`engine::budget::CHECK_EVERY`] branchings and after every deduction round, so a search
//! on a big board stops soon after it is cancelled.

use std::fmt;

use engine::{Budget, Coord, Grid, Meter, Outcome, Report};
use serde::{Deserialize, Serialize};

use crate::board::Puzzle;
use crate::propagate::Propagator;
use crate::rules::{Cell, lines};

/// The solver's verdict on a puzzle (`true` = shaded in the solutions).
///
/// ```
/// use hitori::solver::{solve, Answer, Options};
/// let p = hitori::Puzzle::parse("1 1\n1 1").unwrap();
/// assert_eq!(solve(&p, &Options::default()).outcome.into_answer(), Some(Answer::None));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Exactly one solution.
    Unique(Grid<bool>),
    /// At least two solutions; two different ones.
    Multiple(Grid<bool>, Grid<bool>),
    /// No solution.
    None,
}

impl Answer {
    /// `"unique"`, `"multiple"` or `"none"`.
    ///
    /// ```
    /// assert_eq!(hitori::solver::Answer::None.class(), "none");
    /// ```
    #[must_use]
    pub fn class(&self) -> &'static str {
        match self {
            Answer::Unique(_) => "unique",
            Answer::Multiple(..) => "multiple",
            Answer::None => "none",
        }
    }

    /// The solutions found: one, two, or none.
    ///
    /// ```
    /// let p = hitori::Puzzle::parse("1 2\n2 1").unwrap();
    /// let a = hitori::solver::solve(&p, &Default::default()).outcome.into_answer().unwrap();
    /// assert_eq!(a.class(), "multiple");
    /// assert_eq!(a.solutions().len(), 2);
    /// ```
    #[must_use]
    pub fn solutions(&self) -> Vec<&Grid<bool>> {
        match self {
            Answer::Unique(s) => vec![s],
            Answer::Multiple(a, b) => vec![a, b],
            Answer::None => Vec::new(),
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.class())
    }
}

/// How to solve: the search budget (nodes are branchings). Hitori's solver has no other
/// setting.
///
/// ```
/// use std::time::Duration;
/// let options = hitori::solver::Options::default()
///     .with_budget(engine::Budget::default().with_time_limit(Duration::from_secs(1)));
/// assert_eq!(options.budget.time_limit(), Some(Duration::from_secs(1)));
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// Node limit (branchings), time limit, cancel token and progress callback.
    pub budget: Budget,
}

impl Options {
    /// The same options with `budget`.
    ///
    /// ```
    /// let o = hitori::solver::Options::default().with_budget(engine::Budget::default().with_node_limit(5));
    /// assert_eq!(o.budget.node_limit(), Some(5));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }
}

/// What [`solve`] returns: the verdict, proven ([`Outcome::Proved`]), or
/// [`Outcome::GaveUp`] with the solution found before the budget ran out, if there was one
/// (the puzzle then has at least that solution); and the [`engine::Stats`] spent.
pub type SolveReport = Report<Answer, Option<Grid<bool>>>;

/// Answers whether `puzzle` has no, one, or several solutions, with the solutions. The
/// verdict is always proven; the search gives up only when `options.budget` runs out.
/// The progress callback hears the number of solutions found so far as its `best`.
///
/// ```
/// use engine::Outcome;
/// use hitori::solver::{solve, Answer, Options};
/// let p = hitori::Puzzle::parse("1 1\n1 2").unwrap();
/// let report = solve(&p, &Options::default());
/// match report.outcome {
///     Outcome::Proved(Answer::Unique(s)) => assert!(hitori::rules::is_solution(&p, &s)),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(report.stats.nodes, 0); // solved by deductions alone
/// ```
#[must_use]
pub fn solve(puzzle: &Puzzle, options: &Options) -> SolveReport {
    let mut meter = options.budget.start();
    let outcome = solve_in(puzzle, &mut meter);
    Report { outcome, stats: meter.stats() }
}

/// [`solve`] on a running meter (the generator shares one meter across its proofs).
pub(crate) fn solve_in(puzzle: &Puzzle, meter: &mut Meter) -> Outcome<Answer, Option<Grid<bool>>> {
    let mut s = Search::new(puzzle, meter);
    for (i, v, _) in static_deductions(puzzle) {
        s.p.queue.push((i, v));
    }
    s.search();
    let mut solutions = std::mem::take(&mut s.solutions);
    let aborted = s.aborted;
    match (solutions.len(), aborted) {
        (2, _) => {
            let b = solutions.pop().expect("two solutions");
            let a = solutions.pop().expect("two solutions");
            Outcome::Proved(Answer::Multiple(a, b))
        }
        (_, true) => meter.gave_up(solutions.pop()),
        (1, false) => Outcome::Proved(Answer::Unique(solutions.pop().expect("one solution"))),
        _ => Outcome::Proved(Answer::None),
    }
}

/// The named deductions that depend only on the numbers, as used by the solvers.
///
/// ```
/// use hitori::solver::StaticRule;
/// let p = hitori::Puzzle::parse("2 1 2").unwrap();
/// let facts = hitori::solver::static_deductions(&p);
/// assert_eq!(facts, vec![(1, hitori::Cell::Unshaded, StaticRule::Sandwich)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StaticRule {
    /// `a a a` in a line: the middle one is unshaded (the outer ones follow).
    Triple,
    /// `a x a` in a line: `x` is unshaded (one of the `a`s must be shaded, so `x` may not be).
    Sandwich,
    /// `a a` side by side: one of them is shaded, so every other `a` in that line is shaded.
    PairIsolation,
    /// A corner cell equal to both its side neighbours is shaded (else it is cut off).
    CornerTriple,
    /// A corner 2×2 block `a a / b b` (or its transpose): the corner and the opposite cell
    /// are shaded (the other diagonal would cut the corner off).
    CornerPairs,
}

/// Every static deduction `(cell index, state, rule)`, in a fixed order. All are sound: they
/// hold in every solution.
#[must_use]
pub fn static_deductions(puzzle: &Puzzle) -> Vec<(usize, Cell, StaticRule)> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let g = puzzle.numbers();
    let mut out = Vec::new();
    for (_, cells) in lines(w, h) {
        let line: Vec<usize> = cells.collect();
        for k in 1..line.len().saturating_sub(1) {
            let (a, m, b) = (line[k - 1], line[k], line[k + 1]);
            if g[a] == g[b] {
                let rule = if g[m] == g[a] { StaticRule::Triple } else { StaticRule::Sandwich };
                out.push((m, Cell::Unshaded, rule));
            }
        }
        for k in 1..line.len() {
            let (a, b) = (line[k - 1], line[k]);
            if g[a] == g[b] {
                for &o in &line {
                    if o != a && o != b && g[o] == g[a] {
                        out.push((o, Cell::Shaded, StaticRule::PairIsolation));
                    }
                }
            }
        }
    }
    if w >= 2 && h >= 2 {
        let (wi, hi) = (w as i32, h as i32);
        for (cx, cy, dx, dy) in [(0, 0, 1, 1), (wi - 1, 0, -1, 1), (0, hi - 1, 1, -1), (wi - 1, hi - 1, -1, -1)] {
            let at = |x: i32, y: i32| (y * wi + x) as usize;
            let (c, p, q, d) = (at(cx, cy), at(cx + dx, cy), at(cx, cy + dy), at(cx + dx, cy + dy));
            if g[c] == g[p] && g[c] == g[q] {
                out.push((c, Cell::Shaded, StaticRule::CornerTriple));
            } else if (g[c] == g[p] && g[q] == g[d]) || (g[c] == g[q] && g[p] == g[d]) {
                out.push((c, Cell::Shaded, StaticRule::CornerPairs));
                out.push((d, Cell::Shaded, StaticRule::CornerPairs));
            }
        }
    }
    out
}

/// Finds solutions by trying every shading with no two shaded cells side by side and no
/// number repeated among earlier unshaded cells of a row or column, checking each complete
/// one with [`crate::rules::is_solution`]; stops after `cap` solutions. Only
/// for small boards (the work grows like 1.5^cells): the slow, obviously-correct
/// counterpart the tests check [`solve`] against.
///
/// ```
/// let p = hitori::Puzzle::parse("1 2\n2 1").unwrap();
/// assert_eq!(hitori::solver::brute_force(&p, 10).len(), 5); // nothing shaded, or any one cell
/// ```
#[must_use]
pub fn brute_force(puzzle: &Puzzle, cap: usize) -> Vec<Grid<bool>> {
    fn go(puzzle: &Puzzle, shaded: &mut Grid<bool>, i: usize, cap: usize, out: &mut Vec<Grid<bool>>) {
        if out.len() >= cap {
            return;
        }
        if i == shaded.len() {
            if crate::rules::is_solution(puzzle, shaded) {
                out.push(shaded.clone());
            }
            return;
        }
        let c = shaded.coord_of(i);
        // Unshaded: only if no earlier unshaded cell of its row or column has its number.
        let n = puzzle.numbers()[i];
        let repeats = (0..c.x)
            .map(|x| Coord::new(x, c.y))
            .chain((0..c.y).map(|y| Coord::new(c.x, y)))
            .any(|d| !shaded[d] && puzzle.numbers()[d] == n);
        if !repeats {
            go(puzzle, shaded, i + 1, cap, out);
        }
        let touches = [Coord::LEFT, Coord::UP].iter().any(|&d| shaded.get(c + d) == Some(&true));
        if !touches {
            shaded[i] = true;
            go(puzzle, shaded, i + 1, cap, out);
            shaded[i] = false;
        }
    }
    let mut out = Vec::new();
    let mut shaded = Grid::new(puzzle.width(), puzzle.height(), false);
    go(puzzle, &mut shaded, 0, cap, &mut out);
    out
}

/// The backtracking search state.
struct Search<'m> {
    p: Propagator,
    solutions: Vec<Grid<bool>>,
    aborted: bool,
    meter: &'m mut Meter,
}

impl<'m> Search<'m> {
    fn new(puzzle: &Puzzle, meter: &'m mut Meter) -> Search<'m> {
        Search { p: Propagator::new(puzzle), solutions: Vec::new(), aborted: false, meter }
    }

    /// [`Propagator::propagate`], stopping (with `aborted` set) when the meter does: a
    /// deduction round on a big board can take long, so the clock is read before each.
    fn propagate(&mut self) -> bool {
        let meter = &mut *self.meter;
        let ok = self.p.propagate(|| meter.check());
        self.aborted |= self.p.stopped;
        ok
    }

    fn shading(&self, extra: Option<usize>) -> Grid<bool> {
        let cells = self.p.state.iter().enumerate().map(|(i, &s)| s == Cell::Shaded || Some(i) == extra).collect();
        Grid::from_vec(self.p.width(), self.p.state.len() / self.p.width(), cells).expect("state has the board's shape")
    }

    /// [`Propagator::probe`], leaving out the cells whose number is alone in their lines
    /// (the last stage decides them); `false` on a contradiction or when the budget ran out.
    fn probe(&mut self) -> bool {
        let meter = &mut *self.meter;
        let ok = self.p.probe(Propagator::free, &mut || meter.check());
        self.aborted |= self.p.stopped;
        ok
    }

    fn search(&mut self) {
        if !self.propagate() {
            return;
        }
        if !self.probe() {
            return;
        }
        let branch = (0..self.p.state.len()).find(|&i| self.p.state[i] == Cell::Unknown && !self.p.free(i));
        let Some(i) = branch else {
            self.solutions.push(self.shading(None));
            if self.solutions.len() < 2 && self.p.not_shaded > 1 {
                if let Some(s) = (0..self.p.state.len()).find(|&i| self.p.state[i] == Cell::Unknown) {
                    self.solutions.push(self.shading(Some(s)));
                }
            }
            self.meter.set_best(self.solutions.len() as u64);
            return;
        };
        for v in [Cell::Unshaded, Cell::Shaded] {
            let stop = self.meter.tick();
            if self.solutions.len() >= 2 {
                return;
            }
            if stop || self.aborted {
                self.aborted = true;
                return;
            }
            let mark = self.p.mark();
            if self.p.assign(i, v) {
                self.search();
            } else {
                self.p.queue.clear();
            }
            self.p.undo(mark);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::is_solution;
    use engine::{SeededRng, StopReason};
    use proptest::prelude::*;
    use std::time::{Duration, Instant};

    /// The proven verdict with an unlimited budget.
    pub(crate) fn answer(p: &Puzzle) -> Answer {
        solve(p, &Options::default()).outcome.into_answer().expect("no budget, no giving up")
    }

    fn random_puzzle(w: usize, h: usize, k: u32, seed: u64) -> Puzzle {
        let mut rng = SeededRng::new(seed);
        Puzzle::from_grid(Grid::from_fn(w, h, |_| 1 + rng.below(u64::from(k)) as u32)).unwrap()
    }

    /// A latin-square board with about a third of the cells copied from a cell of their row
    /// or column: a mix of unique, multiple and unsolvable puzzles.
    pub(crate) fn mixed_puzzle(w: usize, h: usize, seed: u64) -> Puzzle {
        let mut rng = SeededRng::new(seed);
        let m = w.max(h);
        let mut g = Grid::from_fn(w, h, |c| 1 + ((c.x + c.y) as usize % m) as u32);
        for i in 0..w * h {
            if rng.chance(1, 3) {
                let c = g.coord_of(i);
                let d = if rng.chance(1, 2) {
                    Coord::new(rng.index(w) as i32, c.y)
                } else {
                    Coord::new(c.x, rng.index(h) as i32)
                };
                g[i] = g[d];
            }
        }
        Puzzle::from_grid(g).unwrap()
    }

    #[test]
    fn mixed_boards_cover_every_class() {
        let mut seen = std::collections::BTreeMap::new();
        for seed in 0..150 {
            let p = mixed_puzzle(2 + seed as usize % 4, 2 + seed as usize / 4 % 4, seed);
            agrees_with_brute_force(&p);
            *seen.entry(answer(&p).class()).or_insert(0) += 1;
        }
        assert_eq!(seen.len(), 3, "{seen:?}");
        assert!(seen.values().all(|&n| n >= 10), "{seen:?}");
    }

    fn agrees_with_brute_force(p: &Puzzle) {
        let all = brute_force(p, usize::MAX);
        let answer = answer(p);
        for s in answer.solutions() {
            assert!(is_solution(p, s), "{p:?} {answer:?}");
            assert!(all.contains(s));
        }
        let expected = match all.len() {
            0 => "none",
            1 => "unique",
            _ => "multiple",
        };
        assert_eq!(answer.class(), expected, "{p:?}");
        if let Answer::Multiple(a, b) = &answer {
            assert_ne!(a, b);
        }
        if let Answer::Unique(s) = &answer {
            assert_eq!(s, &all[0]);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn solver_matches_brute_force(w in 1usize..5, h in 1usize..5, k in 1u32..5, seed in any::<u64>()) {
            agrees_with_brute_force(&random_puzzle(w, h, k, seed));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn solver_matches_brute_force_on_latin_like(w in 1usize..6, h in 1usize..6, seed in any::<u64>()) {
            agrees_with_brute_force(&mixed_puzzle(w, h, seed));
        }
    }

    #[test]
    fn small_cases() {
        for text in ["1", "1 1", "1 2", "1 1 1", "1 1\n1 2", "1 1\n1 1", "2 1 2", "1\n1\n1"] {
            agrees_with_brute_force(&Puzzle::parse(text).unwrap());
        }
    }

    #[test]
    fn static_rules_hold_in_every_solution() {
        for seed in 0..300 {
            let p = random_puzzle(4, 4, 3, seed);
            let all = brute_force(&p, usize::MAX);
            for (i, v, rule) in static_deductions(&p) {
                for s in &all {
                    assert_eq!(Cell::from_shaded(s[i]), v, "{rule:?} at {i} in {p:?}");
                }
            }
        }
    }

    #[test]
    fn budget_gives_up() {
        // Any puzzle that branches at all (with probing, those are mostly ambiguous ones):
        // without branchings left the solver cannot have seen two solutions yet.
        let needs_search = (0..2000)
            .map(|seed| mixed_puzzle(6, 6, seed))
            .find(|p| solve(p, &Options::default()).stats.nodes > 0)
            .unwrap();
        let with = |b: Budget| solve(&needs_search, &Options::default().with_budget(b)).outcome;
        assert!(matches!(
            with(Budget::default().with_node_limit(0)),
            Outcome::GaveUp { reason: StopReason::NodeLimit, .. }
        ));
        assert!(matches!(
            with(Budget::default().with_time_limit(Duration::ZERO)),
            Outcome::GaveUp { reason: StopReason::TimeLimit, .. }
        ));
        let free = Puzzle::parse("1 2 3\n2 3 1\n3 1 2").unwrap();
        let report = solve(&free, &Options::default().with_budget(Budget::default().with_node_limit(0)));
        assert_eq!(report.outcome.answer().map(Answer::class), Some("multiple"));
    }

    /// A 100x100 board of latin rows with one cell in 30 copied from a random number:
    /// failed-literal probing on it runs for many seconds without a budget.
    fn long_search_board() -> Puzzle {
        let mut rng = SeededRng::new(4);
        let side = 100u32;
        let g = Grid::from_fn(side as usize, side as usize, |c| {
            if rng.chance(1, 30) { 1 + rng.below(u64::from(side)) as u32 } else { 1 + (c.x + c.y) as u32 % side }
        });
        Puzzle::from_grid(g).unwrap()
    }

    /// A search cancelled from another thread while it runs stops, and says it was
    /// cancelled. The margins hold on a loaded machine: the search is known to be running
    /// when it is cancelled (it has reported progress), `Cancelled` shows it had not finished
    /// (unbudgeted, it runs for many seconds), and it must stop within seconds (it reads the
    /// token before every cut scan, so in practice within milliseconds).
    #[test]
    fn cancel_from_another_thread_stops_a_running_search() {
        let puzzle = long_search_board();
        let token = engine::CancelToken::new();
        let (running, heard) = std::sync::mpsc::channel();
        let budget = Budget::default().with_cancel(token.clone()).with_progress(move |_| {
            let _ = running.send(());
        });
        let handle = std::thread::spawn(move || solve(&puzzle, &Options::default().with_budget(budget)));
        heard.recv_timeout(Duration::from_secs(60)).expect("a running search reports progress");
        let start = Instant::now();
        token.cancel();
        let report = handle.join().unwrap();
        let took = start.elapsed();
        assert!(
            matches!(report.outcome, Outcome::GaveUp { reason: StopReason::Cancelled, .. }),
            "{:?}",
            report.outcome
        );
        assert!(took < Duration::from_secs(10), "{took:?}");
    }

    #[test]
    fn progress_hears_the_solutions_found() {
        use std::sync::{Arc, Mutex};
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        let budget = Budget::default().with_progress(move |p| log.lock().unwrap().push(p.best));
        let p = Puzzle::parse("1 2\n2 1").unwrap();
        let report = solve(&p, &Options::default().with_budget(budget));
        assert_eq!(report.outcome.answer().map(Answer::class), Some("multiple"));
        assert_eq!(seen.lock().unwrap().last(), Some(&Some(2)));
    }
}
