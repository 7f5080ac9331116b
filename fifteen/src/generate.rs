//! Seeded random boards that can reach their goal.
//!
//! [`uniform`] draws uniformly from the states that reach the goal, the goal itself
//! excluded: a uniformly random arrangement of the goal's tiles; when it cannot reach the
//! goal, swapping two fixed non-blank tiles (the seed's trick) makes it reachable — a
//! bijection between the unreachable and the reachable arrangements, so the result stays
//! uniform. A strip (1×N or N×1) only shifts, so there the blank cell is drawn instead.
//! [`random_walk`] is the seed's other method: random legal moves from the goal.
//!
//! [`generate`] is the one entry point: a [`Spec`] (size, goal, method) and a seeded rng
//! give a [`Puzzle`], the board with the goal it was drawn for; [`generate_within`] runs a
//! long walk under a budget.

use engine::{Budget, Meter, SeededRng, Size};
use serde::{Deserialize, Serialize};

use crate::board::neighbour;
use crate::solvable::is_reachable;
use crate::{Board, Error, Goal, Move, Puzzle};

/// The longest random walk [`generate`] takes, in moves.
pub const MAX_WALK: u64 = 1_000_000;

/// What to generate: a board size, a goal, uniform boards or random walks. Serialised
/// without the budget.
///
/// ```
/// use fifteen::generate::Spec;
/// let spec = Spec::new(4, 3).with_goal(fifteen::Goal::Spiral).with_walk(Some(40));
/// assert_eq!(spec.walk, Some(40));
/// let json = serde_json::to_string(&spec).unwrap();
/// assert_eq!(json, r#"{"size":{"width":4,"height":3},"goal":"Spiral","walk":40}"#);
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Spec {
    /// Board size.
    pub size: Size,
    /// The goal the boards must reach.
    pub goal: Goal,
    /// `None`: uniform over the boards that reach the goal; `Some(k)`: `k` random moves
    /// from the goal (at most [`MAX_WALK`]).
    pub walk: Option<u64>,
    /// The budget [`generate`] runs a walk under (set by the deprecated
    /// [`Spec::with_budget`]; [`generate_within`] takes its budget as an argument instead).
    #[serde(skip)]
    pub budget: Budget,
}

impl Spec {
    /// Uniform boards of `width`×`height` cells for the blank-last goal. Any numbers are
    /// accepted: a size no goal fits is an error of [`generate`].
    ///
    /// ```
    /// let spec = fifteen::generate::Spec::new(4, 4);
    /// assert_eq!(spec.goal, fifteen::Goal::BlankLast);
    /// assert!(fifteen::generate(&fifteen::Spec::new(1, 1), &mut engine::SeededRng::new(1)).is_err());
    /// ```
    #[must_use]
    pub fn new(width: usize, height: usize) -> Spec {
        Spec { size: Size::new(width, height), goal: Goal::BlankLast, walk: None, budget: Budget::default() }
    }

    /// The same spec with a board of `size`.
    ///
    /// ```
    /// let spec = fifteen::Spec::default().with_size(engine::Size::new(5, 3));
    /// assert_eq!((spec.size.width, spec.size.height), (5, 3));
    /// ```
    #[must_use]
    pub fn with_size(mut self, size: Size) -> Spec {
        self.size = size;
        self
    }

    /// The same spec with `goal`.
    ///
    /// ```
    /// let spec = fifteen::generate::Spec::new(3, 3).with_goal(fifteen::Goal::Snake);
    /// assert_eq!(spec.goal, fifteen::Goal::Snake);
    /// ```
    #[must_use]
    pub fn with_goal(mut self, goal: Goal) -> Spec {
        self.goal = goal;
        self
    }

    /// The same spec with random walks of `walk` moves (`None`: uniform).
    ///
    /// ```
    /// let spec = fifteen::generate::Spec::new(3, 3).with_walk(Some(9));
    /// assert_eq!(spec.walk, Some(9));
    /// ```
    #[must_use]
    pub fn with_walk(mut self, walk: Option<u64>) -> Spec {
        self.walk = walk;
        self
    }

    /// The same spec with `budget`, which [`generate`] honours.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let b = engine::Budget::default().with_node_limit(10);
    /// let spec = fifteen::generate::Spec::new(3, 3).with_budget(b);
    /// assert_eq!(spec.budget.node_limit(), Some(10));
    /// ```
    #[deprecated(note = "pass the budget to generate_within")]
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Spec {
        self.budget = budget;
        self
    }
}

impl Default for Spec {
    /// The 15-puzzle: uniform 4×4 boards for the blank-last goal.
    ///
    /// ```
    /// let spec = fifteen::Spec::default();
    /// assert_eq!((spec.size.width, spec.size.height, spec.walk), (4, 4, None));
    /// ```
    fn default() -> Spec {
        Spec::new(4, 4)
    }
}

/// A puzzle for `spec`, drawn from `rng`: a start board that is never the goal and always
/// reaches it, with the goal laid out at the spec's size. An error when the goal does not
/// fit the size, the walk is longer than [`MAX_WALK`], or the spec's budget stops a walk.
///
/// ```
/// use engine::SeededRng;
/// use fifteen::{generate, generate::Spec, solvable::is_reachable, Goal};
/// let spec = Spec::new(4, 4);
/// let p = generate(&spec, &mut SeededRng::new(2026)).unwrap();
/// assert_eq!(p.goal(), &Goal::BlankLast.layout(4, 4).unwrap());
/// assert!(is_reachable(p.start(), p.goal()));
/// assert_eq!(p, generate(&spec, &mut SeededRng::new(2026)).unwrap());
/// assert!(generate(&spec.with_walk(Some(u64::MAX)), &mut SeededRng::new(1)).is_err());
/// ```
pub fn generate(spec: &Spec, rng: &mut SeededRng) -> Result<Puzzle, Error> {
    generate_within(spec, rng, &spec.budget)
}

/// [`generate`] within `budget` (in place of the spec's own): a walk stops with
/// [`Error::GaveUp`] when the budget runs out.
///
/// ```
/// use engine::{Budget, SeededRng};
/// use fifteen::generate::{generate_within, Spec};
/// let budget = Budget::default().with_node_limit(10);
/// let spec = Spec::new(4, 4).with_walk(Some(1000));
/// assert!(generate_within(&spec, &mut SeededRng::new(1), &budget).is_err());
/// assert!(generate_within(&spec, &mut SeededRng::new(1), &Budget::default()).is_ok());
/// ```
pub fn generate_within(spec: &Spec, rng: &mut SeededRng, budget: &Budget) -> Result<Puzzle, Error> {
    let goal = spec.goal.layout(spec.size.width, spec.size.height)?;
    let board = match spec.walk {
        None => uniform(&goal, rng),
        Some(steps) if steps > MAX_WALK => return Err(Error::Limit { what: "walk", value: steps, max: MAX_WALK }),
        Some(steps) => {
            let mut meter = budget.start();
            let board = walk(&goal, steps as usize, rng, &mut meter);
            if let Some(reason) = meter.stopped() {
                return Err(Error::GaveUp(reason));
            }
            board
        }
    };
    Puzzle::new(board, goal)
}

/// A uniformly random board, other than `goal`, that can reach `goal`.
///
/// ```
/// use engine::SeededRng;
/// use fifteen::{generate::uniform, solvable::is_reachable, Goal};
/// let goal = Goal::BlankLast.layout(4, 4).unwrap();
/// let mut rng = SeededRng::new(2026);
/// let b = uniform(&goal, &mut rng);
/// assert!(is_reachable(&b, &goal) && b != goal);
/// assert_eq!(b, uniform(&goal, &mut SeededRng::new(2026)));
/// ```
#[must_use]
pub fn uniform(goal: &Board, rng: &mut SeededRng) -> Board {
    let (w, h) = (goal.width(), goal.height());
    let n = w * h;
    if w == 1 || h == 1 {
        // Reachable states: the same tile order, the blank in any other cell.
        let order: Vec<u8> = goal.tiles().iter().copied().filter(|&t| t != 0).collect();
        let mut cell = rng.index(n - 1);
        if cell >= goal.blank() {
            cell += 1;
        }
        let mut tiles = order;
        tiles.insert(cell, 0);
        return Board::new(w, h, tiles).expect("a rearrangement of a valid board is valid");
    }
    // The two largest non-blank tiles.
    let mut sorted = goal.tiles().to_vec();
    sorted.sort_unstable();
    let (a, b) = (sorted[n - 1], sorted[n - 2]);
    loop {
        let mut tiles = goal.tiles().to_vec();
        rng.shuffle(&mut tiles);
        let mut board = Board::new(w, h, tiles.clone()).expect("a rearrangement of a valid board is valid");
        if !is_reachable(&board, goal) {
            let ia = tiles.iter().position(|&t| t == a).unwrap_or(0);
            let ib = tiles.iter().position(|&t| t == b).unwrap_or(0);
            tiles.swap(ia, ib);
            board = Board::new(w, h, tiles).expect("a rearrangement of a valid board is valid");
        }
        if &board != goal {
            return board;
        }
    }
}

/// The seed's random-walk method: `steps` random legal moves of the blank from `goal`
/// (never straight back, except out of a dead end), continued until the board differs from the goal.
///
/// ```
/// use engine::SeededRng;
/// use fifteen::{generate::random_walk, solvable::is_reachable, Goal};
/// let goal = Goal::Snake.layout(3, 3).unwrap();
/// let b = random_walk(&goal, 20, &mut SeededRng::new(1));
/// assert!(is_reachable(&b, &goal) && b != goal);
/// ```
#[must_use]
pub fn random_walk(goal: &Board, steps: usize, rng: &mut SeededRng) -> Board {
    walk(goal, steps, rng, &mut Budget::default().start())
}

/// [`random_walk`], one meter tick a move; stops early (with some board) when the meter does.
fn walk(goal: &Board, steps: usize, rng: &mut SeededRng, meter: &mut Meter) -> Board {
    let (w, h) = (goal.width(), goal.height());
    let mut board = goal.clone();
    let mut prev: Option<Move> = None;
    let mut done = 0;
    while done < steps || &board == goal {
        if meter.tick() {
            break;
        }
        let blank = board.blank();
        let legal = |m: Move| neighbour(blank, w, h, m).is_some();
        let mut options: Vec<Move> = Move::ALL.into_iter().filter(|&m| legal(m) && prev != Some(m.inverse())).collect();
        if options.is_empty() {
            // A dead end of a strip: going back is the only move.
            options = Move::ALL.into_iter().filter(|&m| legal(m)).collect();
        }
        let m = *rng.choose(&options).expect("a blank always has a neighbour on boards of 2 cells or more");
        board.apply(m);
        prev = Some(m);
        done += 1;
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;
    use crate::table::DistanceTable;

    #[test]
    fn uniform_covers_every_reachable_state_evenly() {
        // 2x3 blank-last: 359 reachable non-goal states; draw many and check each is hit
        // and none far too often.
        for goal in [Goal::BlankLast, Goal::Spiral] {
            let g = goal.layout(3, 2).unwrap();
            let table = DistanceTable::new(&g).unwrap();
            let mut rng = SeededRng::new(7);
            let mut counts = rustc_hash::FxHashMap::default();
            let draws = 359 * 40;
            for _ in 0..draws {
                let b = uniform(&g, &mut rng);
                assert!(table.distance(&b).is_some_and(|d| d > 0), "{b}");
                *counts.entry(b).or_insert(0usize) += 1;
            }
            assert_eq!(counts.len(), 359);
            assert!(counts.values().all(|&c| (10..=80).contains(&c)), "{:?}", counts.values().max());
        }
    }

    #[test]
    fn strips_and_missing_numbers() {
        let mut rng = SeededRng::new(3);
        for text in ["1 2 3 0", "0 1 3 4", "4 3 0 1 2"] {
            for width in [None, Some(1)] {
                let g = Board::parse_line(text, width.or(Some(text.split(' ').count()))).unwrap();
                for _ in 0..20 {
                    let b = uniform(&g, &mut rng);
                    assert!(is_reachable(&b, &g) && b != g, "{b} -> {g}");
                    let w = random_walk(&g, 5, &mut rng);
                    assert!(is_reachable(&w, &g) && w != g, "{w} -> {g}");
                }
            }
        }
        let g = Board::parse_line("1 0", Some(2)).unwrap();
        assert_eq!(uniform(&g, &mut rng).to_line(), "0 1");
        assert_eq!(random_walk(&g, 4, &mut rng).to_line(), "0 1");
    }
}
