//! A human-style step-by-step solver: each deduction is made by the easiest rule that
//! applies and recorded with that rule. The hardest rule needed grades the puzzle, and the
//! next step of any position is a hint.
//!
//! Like the prover, every rule holds in every solution (no rule assumes uniqueness).

use std::fmt;

use engine::{Budget, Coord, Grid, Meter, Outcome, Report};
use serde::{Deserialize, Serialize};

use crate::board::Puzzle;
use crate::connectivity::Connectivity;
pub use crate::difficulty::{Difficulty, ParseDifficultyError, Rule};
use crate::rules::Cell;
use crate::solver::{StaticRule, static_deductions};
use crate::state::State;

/// One deduction: `cell` is `state`, by `rule`.
///
/// ```
/// let p = hitori::Puzzle::parse("2 1 2").unwrap();
/// let step = hitori::hint(&p, &hitori::game::State::new(&p)).unwrap();
/// assert_eq!(step.to_string(), "1,0 is unshaded (sandwich)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The cell.
    pub cell: Coord,
    /// Its state: `Shaded` or `Unshaded`.
    pub state: Cell,
    /// Why.
    pub rule: Rule,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = if self.state == Cell::Shaded { "shaded" } else { "unshaded" };
        write!(f, "{} is {state} ({})", self.cell, self.rule.name())
    }
}

/// A full human-style solve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walkthrough {
    /// The deductions, in order.
    pub steps: Vec<Step>,
    /// The hardest rule used, or `NeedsSearch` when cells were left undecided.
    pub difficulty: Difficulty,
    /// The final states (all decided unless `NeedsSearch`).
    pub states: Grid<Cell>,
}

/// Solves step by step, always with the easiest applicable rule.
///
/// ```
/// use hitori::steps::{walkthrough, Difficulty};
/// let p = hitori::Puzzle::parse("1 1\n1 2").unwrap();
/// let w = walkthrough(&p);
/// assert_eq!(w.difficulty, Difficulty::Medium);
/// assert_eq!(w.steps[0].to_string(), "0,0 is shaded (corner triple)");
/// ```
#[must_use]
pub fn walkthrough(puzzle: &Puzzle) -> Walkthrough {
    walk(puzzle, None).unwrap_or_else(|_| unreachable!("no meter, no stop"))
}

/// [`walkthrough`] under a [`Budget`]: [`Outcome::Proved`] with the walkthrough, or
/// [`Outcome::GaveUp`] with the steps made before the budget ran out. Each step counts as
/// one node; the clock and the cancel token are read at every step and while looking for a
/// contradiction.
///
/// ```
/// use engine::{Budget, Outcome, StopReason};
/// let p = hitori::Puzzle::parse("1 1\n1 2").unwrap();
/// let report = hitori::steps::walkthrough_within(&p, &Budget::default());
/// assert!(matches!(report.outcome, Outcome::Proved(ref w) if w.steps.len() == 4));
/// let capped = hitori::steps::walkthrough_within(&p, &Budget::default().with_node_limit(1));
/// assert!(matches!(capped.outcome, Outcome::GaveUp { reason: StopReason::NodeLimit, ref proven } if proven.len() == 1));
/// ```
#[must_use]
pub fn walkthrough_within(puzzle: &Puzzle, budget: &Budget) -> Report<Walkthrough, Vec<Step>> {
    let mut meter = budget.start();
    let outcome = match walk(puzzle, Some(&mut meter)) {
        Ok(w) => Outcome::Proved(w),
        Err(steps) => meter.gave_up(steps),
    };
    Report { outcome, stats: meter.stats() }
}

/// [`walkthrough`] under a running meter (one node per step): the steps made so far when
/// it stopped.
pub(crate) fn walk(puzzle: &Puzzle, mut meter: Option<&mut Meter>) -> Result<Walkthrough, Vec<Step>> {
    let mut d = Deducer::new(puzzle, &Grid::new(puzzle.width(), puzzle.height(), Cell::Unknown));
    let mut steps = Vec::new();
    let mut difficulty = Difficulty::Easy;
    let mut stuck = false;
    while d.state.contains(&Cell::Unknown) {
        if meter.as_deref_mut().is_some_and(|m| m.add(1)) {
            return Err(steps);
        }
        let Some(step) = d.next_step(meter.as_deref_mut()) else {
            if meter.as_deref().is_some_and(Meter::is_stopped) {
                return Err(steps);
            }
            stuck = true;
            break;
        };
        difficulty = difficulty.max(step.rule.difficulty());
        let i = d.index(step.cell);
        if !d.set(i, step.state) {
            stuck = true;
            break;
        }
        steps.push(step);
    }
    let states = Grid::from_vec(puzzle.width(), puzzle.height(), d.state.clone()).expect("board shape");
    let solved = !stuck && crate::rules::check(puzzle, &states).is_empty();
    Ok(Walkthrough { steps, difficulty: if solved { difficulty } else { Difficulty::NeedsSearch }, states })
}

/// The difficulty of a puzzle: [`walkthrough`]'s, computed without recording the steps,
/// as the easiest level whose rules decide every cell (a few milliseconds at 25×25).
///
/// ```
/// let p = hitori::Puzzle::parse("1 2\n2 1").unwrap(); // five solutions
/// assert_eq!(hitori::steps::grade(&p), hitori::steps::Difficulty::NeedsSearch);
/// ```
#[must_use]
pub fn grade(puzzle: &Puzzle) -> Difficulty {
    crate::grader::grade(puzzle)
}

/// The easiest next deduction from the player's marks: the rule that decides an undecided
/// cell, or `None` when the rules find nothing (or the marks already break a rule, or do
/// not have the puzzle's shape). Also available as `hitori::hint`.
///
/// ```
/// let p = hitori::Puzzle::parse("1 1\n2 1").unwrap();
/// let s: hitori::game::State = ". x\n. .".parse().unwrap();
/// assert_eq!(hitori::steps::hint(&p, &s).unwrap().to_string(), "0,0 is unshaded (next to a shaded cell)");
/// ```
#[must_use]
pub fn hint(puzzle: &Puzzle, state: &State) -> Option<Step> {
    let states = state.cells();
    if (states.width(), states.height()) != (puzzle.width(), puzzle.height())
        || !crate::rules::check(puzzle, states).is_empty()
    {
        return None;
    }
    Deducer::new(puzzle, states).next_step(None)
}

#[derive(Clone)]
struct Deducer {
    width: usize,
    height: usize,
    numbers: Vec<u32>,
    state: Vec<Cell>,
    conn: Connectivity,
    facts: Vec<(usize, Cell, StaticRule)>,
}

impl Deducer {
    fn new(puzzle: &Puzzle, states: &Grid<Cell>) -> Deducer {
        let (width, height) = (puzzle.width(), puzzle.height());
        let mut facts = static_deductions(puzzle);
        // Easiest first; each cell's first fact is the one reported.
        facts.sort_by_key(|&(i, _, r)| (Rule::from_static(r).difficulty(), i));
        Deducer {
            width,
            height,
            numbers: puzzle.numbers().cells().to_vec(),
            state: states.cells().to_vec(),
            conn: Connectivity::from_shading(&states.map(|&s| s == Cell::Shaded)),
            facts,
        }
    }

    fn index(&self, c: Coord) -> usize {
        c.y as usize * self.width + c.x as usize
    }

    fn coord(&self, i: usize) -> Coord {
        Coord::new((i % self.width) as i32, (i / self.width) as i32)
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (w, n) = (self.width, self.width * self.height);
        let x = i % w;
        [(x > 0).then(|| i - 1), (x + 1 < w).then(|| i + 1), (i >= w).then(|| i - w), (i + w < n).then(|| i + w)]
            .into_iter()
            .flatten()
    }

    fn line_mates(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        crate::rules::line_mates(self.width, self.height, i)
    }

    /// Sets a cell; `false` when that breaks a rule at once.
    fn set(&mut self, i: usize, v: Cell) -> bool {
        if self.state[i] != Cell::Unknown {
            return self.state[i] == v;
        }
        if v == Cell::Shaded {
            let others_open = self.state.iter().enumerate().any(|(j, &s)| j != i && s != Cell::Shaded);
            if !others_open || self.conn.would_disconnect(i) {
                return false;
            }
            self.conn.shade(i);
        }
        self.state[i] = v;
        true
    }

    /// The easiest forced assignment by the rules without lookahead. It may contradict
    /// the cell's current state (a contradiction).
    fn forced(&self) -> Option<(usize, Cell, Rule)> {
        let mut best: Option<(usize, Cell, Rule)> = None;
        let offer = |i: usize, v: Cell, r: Rule, best: &mut Option<(usize, Cell, Rule)>| {
            if self.state[i] != v && best.is_none_or(|(_, _, b)| r.difficulty() < b.difficulty()) {
                *best = Some((i, v, r));
            }
        };
        for &(i, v, r) in &self.facts {
            offer(i, v, Rule::from_static(r), &mut best);
        }
        if best.is_some_and(|(_, _, r)| r.difficulty() == Difficulty::Easy) {
            return best;
        }
        for i in 0..self.state.len() {
            match self.state[i] {
                Cell::Shaded => {
                    for n in self.neighbours(i) {
                        offer(n, Cell::Unshaded, Rule::ShadedNeighbour, &mut best);
                    }
                }
                Cell::Unshaded => {
                    for j in self.line_mates(i) {
                        if self.numbers[j] == self.numbers[i] {
                            offer(j, Cell::Shaded, Rule::UnshadedDuplicate, &mut best);
                        }
                    }
                }
                Cell::Unknown => {}
            }
            if best.is_some_and(|(_, _, r)| r.difficulty() == Difficulty::Easy) {
                return best;
            }
        }
        // Cuts are easy: they beat a pattern fact still pending. Shading the last cell not
        // shaded would leave no unshaded cell at all: a cut too.
        if best.is_none_or(|(_, _, r)| r.difficulty() > Difficulty::Easy) {
            let last_open = self.conn.shaded_count() + 1 == self.state.len();
            for i in 0..self.state.len() {
                if self.state[i] == Cell::Unknown && (last_open || self.conn.would_disconnect(i)) {
                    return Some((i, Cell::Unshaded, Rule::Cut));
                }
            }
        }
        best
    }

    /// Applies forced assignments until none is left (`true`) or one contradicts (`false`).
    fn saturate(&mut self) -> bool {
        while let Some((i, v, _)) = self.forced() {
            if !self.set(i, v) {
                return false;
            }
        }
        true
    }

    /// The next step; `None` when there is none, or when `meter` stopped.
    fn next_step(&self, mut meter: Option<&mut Meter>) -> Option<Step> {
        if let Some((i, v, rule)) = self.forced() {
            return (self.state[i] == Cell::Unknown).then(|| Step { cell: self.coord(i), state: v, rule });
        }
        for i in 0..self.state.len() {
            if self.state[i] != Cell::Unknown {
                continue;
            }
            if meter.as_deref_mut().is_some_and(Meter::check) {
                return None;
            }
            for (assume, conclude) in [(Cell::Shaded, Cell::Unshaded), (Cell::Unshaded, Cell::Shaded)] {
                let mut trial = self.clone();
                if !trial.set(i, assume) || !trial.saturate() {
                    return Some(Step { cell: self.coord(i), state: conclude, rule: Rule::Contradiction });
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Answer;
    use crate::solver::tests::answer;

    #[test]
    fn steps_hold_in_every_solution_of_any_puzzle() {
        for seed in 0..200u64 {
            let p = crate::solver::tests::mixed_puzzle(2 + seed as usize % 4, 2 + seed as usize / 4 % 4, seed);
            let all = crate::solver::brute_force(&p, usize::MAX);
            let w = walkthrough(&p);
            for step in &w.steps {
                for s in &all {
                    assert_eq!(step.state, Cell::from_shaded(s[step.cell]), "{step} in {p:?}");
                }
            }
            let unique = matches!(answer(&p), Answer::Unique(_));
            if !unique {
                assert_eq!(w.difficulty, Difficulty::NeedsSearch);
            }
        }
    }

    /// The fast grader ([`crate::grader`]) computes the walkthrough's grade.
    #[test]
    fn the_grader_agrees_with_the_walkthrough_on_random_puzzles() {
        let mut seen = std::collections::BTreeMap::new();
        for seed in 0..400u64 {
            let p = crate::solver::tests::mixed_puzzle(2 + seed as usize % 6, 2 + seed as usize / 6 % 6, seed);
            let d = crate::grader::grade(&p);
            assert_eq!(d, walkthrough(&p).difficulty, "{p:?}");
            *seen.entry(d).or_insert(0) += 1;
        }
        assert!(seen.len() >= 3, "{seen:?}");
    }

    /// A 1×1 puzzle needs no rule beyond the cut: its one cell cannot be shaded (no
    /// unshaded cell would be left), so it is easy, for the walkthrough and the grader.
    #[test]
    fn one_cell_is_easy() {
        let p = Puzzle::parse("1").unwrap();
        let w = walkthrough(&p);
        assert_eq!(w.difficulty, Difficulty::Easy);
        assert_eq!(
            w.steps.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["0,0 is unshaded (shading it would cut the board)"]
        );
        assert_eq!(grade(&p), Difficulty::Easy);
        assert_eq!(hint(&p, &State::new(&p)).map(|s| s.rule), Some(Rule::Cut));
    }

    #[test]
    fn hints_refuse_broken_positions() {
        let p = Puzzle::parse("1 1\n2 1").unwrap();
        let broken: State = "x x\n. .".parse().unwrap();
        assert_eq!(hint(&p, &broken), None);
        assert_eq!(hint(&p, &"x".parse().unwrap()), None);
    }
}
