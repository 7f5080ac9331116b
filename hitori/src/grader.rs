//! The fast grader: the same grade as [`crate::steps::walkthrough`], computed as closures.
//!
//! Every rule of [`crate::steps`] is monotone: knowing more cells never takes a deduction
//! away. So the cells the rules up to a difficulty `D` decide form one closure, whatever
//! the order the rules are applied in, and the walkthrough (which always applies the
//! easiest rule that applies) is stuck at an easier level exactly when that level's closure
//! is. The grade is therefore the easiest `D` whose closure decides every cell:
//!
//! 1. easy: `a a a`, `a x a`, then worklist propagation (a shaded cell's side neighbours
//!    are unshaded, an unshaded cell's duplicates in its lines are shaded) and, whenever
//!    something was shaded, one scan for cells whose shading would cut the board;
//! 2. medium: the same closure, seeded also with pair isolation and the corner patterns;
//! 3. hard: failed-literal probing on top of the medium closure (assume a state, propagate
//!    by the medium rules, undo on the trail; a contradiction decides the cell the other
//!    way), until no probe decides anything;
//! 4. search: the probing closure leaves cells undecided (or finds no solution).
//!
//! Instead of cloning the position for each probe (as the walkthrough does), a probe
//! propagates on the one position and rolls it back: the propagation is the solver's
//! [`Propagator`].

use engine::{Grid, Meter};

use crate::board::Puzzle;
use crate::difficulty::{Difficulty, Rule};
use crate::propagate::Propagator;
use crate::rules::Cell;
use crate::solver::static_deductions;

/// A grade with the number of cells left undecided by the closures of easy, medium and
/// hard (`usize::MAX` everywhere when the rules find a contradiction; a level's count is 0
/// from the level that solves the puzzle on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Profile {
    pub(crate) difficulty: Difficulty,
    pub(crate) undecided: [usize; 3],
}

/// Propagation state over one puzzle, optionally under a running meter.
pub(crate) struct Grader<'m> {
    p: Propagator,
    /// Static facts by level: easy, medium.
    facts: [Vec<(usize, Cell)>; 2],
    /// Read (clock, cancel token) before every cut scan.
    meter: Option<&'m mut Meter>,
    /// The meter stopped grading: the profile means nothing.
    pub(crate) stopped: bool,
}

impl<'m> Grader<'m> {
    pub(crate) fn new(puzzle: &Puzzle) -> Grader<'m> {
        let mut facts = [Vec::new(), Vec::new()];
        for (i, v, r) in static_deductions(puzzle) {
            let level = usize::from(Rule::from_static(r).difficulty() != Difficulty::Easy);
            facts[level].push((i, v));
        }
        // The cut rule on a cell with no neighbour: shading the one cell of a 1×1 board
        // would leave no unshaded cell. (On a larger board, the last cell not shaded has a
        // shaded neighbour, which decides it first; the propagator's cut scan runs after a
        // shading, and on a 1×1 board nothing is ever shaded.)
        if puzzle.width() * puzzle.height() == 1 {
            facts[0].push((0, Cell::Unshaded));
        }
        Grader { p: Propagator::new(puzzle), facts, meter: None, stopped: false }
    }

    /// The same grader, with `facts` known from the start (as easy facts).
    #[cfg(test)]
    pub(crate) fn assuming(mut self, facts: &[(usize, Cell)]) -> Grader<'m> {
        self.facts[0].extend_from_slice(facts);
        self
    }

    /// The same grader, stopping (with [`Grader::stopped`] set) when `meter` does.
    pub(crate) fn within(mut self, meter: &'m mut Meter) -> Grader<'m> {
        self.meter = Some(meter);
        self
    }

    /// The grade, leaving the grader at the closure of that grade (for `NeedsSearch`, at the
    /// probing closure, or where a contradiction was found).
    pub(crate) fn grade(&mut self, puzzle: &Puzzle) -> Difficulty {
        self.profile(puzzle).difficulty
    }

    /// The grade and the cells each level's closure leaves undecided.
    pub(crate) fn profile(&mut self, puzzle: &Puzzle) -> Profile {
        let mut undecided = [0; 3];
        for (level, difficulty) in [Difficulty::Easy, Difficulty::Medium].into_iter().enumerate() {
            self.p.queue.extend_from_slice(&self.facts[level]);
            if !self.propagate() {
                return Profile { difficulty: Difficulty::NeedsSearch, undecided: [usize::MAX; 3] };
            }
            undecided[level] = self.undecided();
            if self.solved(puzzle) {
                return Profile { difficulty, undecided };
            }
        }
        if !self.probe() {
            return Profile { difficulty: Difficulty::NeedsSearch, undecided: [usize::MAX; 3] };
        }
        undecided[2] = self.undecided();
        let difficulty = if self.solved(puzzle) { Difficulty::Hard } else { Difficulty::NeedsSearch };
        Profile { difficulty, undecided }
    }

    /// After the medium closure, how many undecided cells one probe decides (a measure of
    /// how far a puzzle is from needing search: 0 means it does); `None` on a contradiction.
    #[cfg(test)]
    pub(crate) fn probe_options(&mut self) -> Option<usize> {
        for level in 0..2 {
            self.p.queue.extend_from_slice(&self.facts[level]);
            if !self.propagate() {
                return None;
            }
        }
        let mut count = 0;
        for i in 0..self.p.state.len() {
            if self.p.state[i] != Cell::Unknown {
                continue;
            }
            for assume in [Cell::Shaded, Cell::Unshaded] {
                let mark = self.p.mark();
                let ok = self.p.assign(i, assume) && self.propagate();
                self.p.undo(mark);
                if !ok {
                    count += 1;
                    break;
                }
            }
        }
        Some(count)
    }

    fn undecided(&self) -> usize {
        self.p.undecided()
    }

    fn solved(&self, puzzle: &Puzzle) -> bool {
        if self.p.state.contains(&Cell::Unknown) {
            return false;
        }
        let states = Grid::from_vec(puzzle.width(), puzzle.height(), self.p.state.clone()).expect("board shape");
        crate::rules::check(puzzle, &states).is_empty()
    }

    /// [`Propagator::propagate`], stopping (with `stopped` set) when the meter does.
    fn propagate(&mut self) -> bool {
        let meter = &mut self.meter;
        let ok = self.p.propagate(|| meter.as_deref_mut().is_some_and(Meter::check));
        self.stopped |= self.p.stopped;
        ok
    }

    /// Failed-literal probing by the medium rules until no probe decides a cell
    /// ([`Propagator::probe`] on every undecided cell); `false` when a cell fails both ways
    /// (no solution) or the meter stopped.
    fn probe(&mut self) -> bool {
        let meter = &mut self.meter;
        let ok = self.p.probe(|_, _| false, &mut || meter.as_deref_mut().is_some_and(Meter::check));
        self.stopped |= self.p.stopped;
        ok
    }
}

/// The grade of `puzzle` (see the module documentation).
pub(crate) fn grade(puzzle: &Puzzle) -> Difficulty {
    Grader::new(puzzle).grade(puzzle)
}
