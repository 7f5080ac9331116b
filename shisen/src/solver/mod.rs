//! The exact solver: can every tile be removed? [`solve`] answers with an [`engine::Report`]:
//! [`Outcome::Proved`] with a witness (the removals in play order) or a proof of impossibility
//! (the search space exhausted), or [`Outcome::GaveUp`] when the [`engine::Budget`] ran out,
//! with the deepest line of play found ([`Partial`]). Progress: the best is the fewest tiles
//! left by a line found so far; with gravity the bound is the node limit of the current restart.
//!
//! Two searches share the board as numbered tiles on a grid with one occupancy bit mask per
//! row and per column (`common`): without gravity, a search over how the tiles of each kind
//! pair up, with commitments, a doom check and probing (`free`); with gravity, a search over
//! removals with a transposition table of failed positions and restarts (`gravity`). Their
//! module docs explain each.

mod common;
mod free;
mod frozen;
mod gravity;

use engine::{Budget, Coord, Outcome, Report, SeededRng};
use serde::{Deserialize, Serialize};

use crate::Board;
use crate::path;
use common::Step;

/// A removal: the two tiles' positions as the board stands at that moment.
pub type Removal = (Coord, Coord);

/// The solver's answer, always proven (inside [`Outcome::Proved`]).
///
/// ```
/// use shisen::solver::{solve, Answer, Options};
/// let board: shisen::Board = "A B\nB A".parse().unwrap();
/// assert_eq!(solve(&board, &Options::default()).outcome, engine::Outcome::Proved(Answer::Unsolvable));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Every tile can be removed; the removals in play order.
    Solvable(Vec<Removal>),
    /// No sequence of removals clears the board.
    Unsolvable,
}

impl Answer {
    /// The first line of `shisen solve`: `solvable` or `unsolvable`.
    ///
    /// ```
    /// assert_eq!(shisen::solver::Answer::Unsolvable.word(), "unsolvable");
    /// ```
    #[must_use]
    pub fn word(&self) -> &'static str {
        match self {
            Answer::Solvable(_) => "solvable",
            Answer::Unsolvable => "unsolvable",
        }
    }
}

/// What a search that gave up still found: the line of play that removed the most tiles.
///
/// ```
/// use engine::{Budget, Outcome};
/// use shisen::solver::{solve, Options};
/// let board: shisen::Board = "A B C\nC B A\nD D .".parse().unwrap();
/// let report = solve(&board, &Options::default().with_budget(Budget::default().with_node_limit(0)));
/// let Outcome::GaveUp { proven, .. } = report.outcome else { panic!() };
/// assert_eq!(proven.tiles_left, 8);
/// assert!(proven.removals.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Partial {
    /// The tiles that line leaves on the board.
    pub tiles_left: usize,
    /// Its removals, in play order (a prefix of a game, not necessarily of a winning one).
    pub removals: Vec<Removal>,
}

/// What [`solve`] returns: the answer, or what was found when the budget ran out, and the
/// nodes and time spent.
pub type Solution = Report<Answer, Partial>;

/// The node limit of [`Options::default`]: enough to decide nearly every 18x8 deal (see the
/// crate README), small enough to answer within seconds.
pub const DEFAULT_NODE_LIMIT: u64 = 2_000_000;

/// Solver settings: the gravity rule and the search budget.
///
/// ```
/// use shisen::solver::{Options, DEFAULT_NODE_LIMIT};
/// let options = Options::default().with_gravity(true);
/// assert!(options.gravity);
/// assert_eq!(options.budget.node_limit(), Some(DEFAULT_NODE_LIMIT));
/// let quick = options.with_budget(engine::Budget::default().with_time_limit(std::time::Duration::from_millis(10)));
/// assert_eq!(quick.budget.node_limit(), None);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Options {
    /// Whether tiles fall after each removal.
    pub gravity: bool,
    /// Nodes, time, cancel token and progress callback of the search. Default: at most
    /// [`DEFAULT_NODE_LIMIT`] nodes.
    pub budget: Budget,
}

impl Default for Options {
    fn default() -> Options {
        Options { gravity: false, budget: Budget::default().with_node_limit(DEFAULT_NODE_LIMIT) }
    }
}

impl Options {
    /// The same options, with gravity or not.
    ///
    /// ```
    /// assert!(shisen::solver::Options::default().with_gravity(true).gravity);
    /// ```
    #[must_use]
    pub fn with_gravity(mut self, gravity: bool) -> Options {
        self.gravity = gravity;
        self
    }

    /// The same options, with `budget` for the search.
    ///
    /// ```
    /// let options = shisen::solver::Options::default().with_budget(engine::Budget::unlimited());
    /// assert_eq!(options.budget.node_limit(), None);
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Options {
        self.budget = budget;
        self
    }
}

/// Decides whether `board` can be cleared (see the module docs), within `options.budget`.
///
/// ```
/// use engine::Outcome;
/// use shisen::solver::{solve, Answer, Options};
/// let board: shisen::Board = "A B\nA B".parse().unwrap();
/// let report = solve(&board, &Options::default());
/// let Outcome::Proved(Answer::Solvable(moves)) = report.outcome else { panic!() };
/// assert_eq!(moves.len(), 2);
/// assert!(report.stats.nodes >= 1);
/// ```
#[must_use]
pub fn solve(board: &Board, options: &Options) -> Solution {
    let mut meter = options.budget.start();
    if meter.check() {
        // A budget spent before the search starts (a zero time limit, a cancelled token).
        let proven = Partial { tiles_left: board.tile_count(), removals: Vec::new() };
        return Report { outcome: meter.gave_up(proven), stats: meter.stats() };
    }
    let (outcome, moves, best, meter) = if options.gravity {
        let mut search = gravity::Search::new(board, true, meter);
        let outcome = search.run_with_restarts();
        let (moves, best, meter) = search.finish();
        (outcome, moves, best, meter)
    } else {
        let mut search = free::Search::new(board, meter);
        let mut rng = SeededRng::new(0x5eed);
        let probed = (0..free::PROBES).any(|i| search.probe(&mut rng, i.min(2), false, false));
        let outcome = if probed { Step::Solved } else { search.run_in_two_phases() };
        let (moves, best, meter) = search.finish();
        (outcome, moves, best, meter)
    };
    let outcome = match outcome {
        Step::Solved => Outcome::Proved(Answer::Solvable(moves)),
        Step::Failed => Outcome::Proved(Answer::Unsolvable),
        Step::OutOfBudget => meter.gave_up(best),
    };
    Report { outcome, stats: meter.stats() }
}

/// Brute force for tiny boards: tries every removable pair in every position, through the
/// game rules and the seed's BFS, with no memory and no shortcuts. Exponential: for tests.
///
/// ```
/// let board: shisen::Board = "A B\nB A\nC C".parse().unwrap();
/// assert!(shisen::solver::brute_force(&board, false).is_none());
/// assert_eq!(shisen::solver::brute_force(&"A B\nA B".parse().unwrap(), true).unwrap().len(), 2);
/// ```
#[must_use]
pub fn brute_force(board: &Board, gravity: bool) -> Option<Vec<Removal>> {
    if board.is_cleared() {
        return Some(Vec::new());
    }
    let tiles: Vec<(Coord, crate::Kind)> = board.cells().iter().filter_map(|(c, k)| k.map(|k| (c, k))).collect();
    for (i, &(a, ka)) in tiles.iter().enumerate() {
        for &(b, kb) in &tiles[i + 1..] {
            if board.matches(ka, kb) && path::reference::find_path(board, a, b).is_some() {
                let mut next = board.clone();
                next.set(a, None);
                next.set(b, None);
                if gravity {
                    crate::game::apply_gravity(&mut next);
                }
                if let Some(mut rest) = brute_force(&next, gravity) {
                    rest.insert(0, (a, b));
                    return Some(rest);
                }
            }
        }
    }
    None
}

/// Plays `moves` on `board` through the game rules; the final board, or the first illegal
/// removal and why.
///
/// ```
/// use engine::Coord;
/// let board: shisen::Board = "A A".parse().unwrap();
/// let end = shisen::solver::replay(&board, false, &[(Coord::new(0, 0), Coord::new(1, 0))]).unwrap();
/// assert!(end.is_cleared());
/// ```
pub fn replay(board: &Board, gravity: bool, moves: &[Removal]) -> Result<Board, ReplayError> {
    let mut game = crate::game::Game::new(board.clone(), gravity);
    for (index, &(a, b)) in moves.iter().enumerate() {
        game.remove(a, b).map_err(|source| ReplayError { index, source })?;
    }
    Ok(game.board().clone())
}

/// A removal of a witness that the rules refuse ([`replay`]).
///
/// ```
/// use engine::Coord;
/// use shisen::game::MoveError;
/// let board: shisen::Board = "A B\nB A".parse().unwrap();
/// let err = shisen::solver::replay(&board, false, &[(Coord::new(0, 0), Coord::new(1, 1))]).unwrap_err();
/// assert_eq!((err.index, err.source), (0, MoveError::NoPath));
/// assert_eq!(err.to_string(), "removal 0: the tiles do not connect with at most two turns");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("removal {index}: {source}")]
pub struct ReplayError {
    /// The index of the refused removal in the list, from 0.
    pub index: usize,
    /// Why the rules refuse it.
    #[source]
    pub source: crate::game::MoveError,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The proven answer of [`solve`] (panics when it gave up).
    fn answer(board: &Board, gravity: bool) -> Answer {
        match solve(board, &Options::default().with_gravity(gravity)).outcome {
            Outcome::Proved(answer) => answer,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn deadlock_and_budget() {
        let board: Board = "A B\nB A\nC C".parse().unwrap();
        assert_eq!(answer(&board, false), Answer::Unsolvable);
        assert_eq!(answer(&board, true), Answer::Unsolvable);
        let board: Board = "A B C\nC B A\nD D .".parse().unwrap();
        for gravity in [false, true] {
            let tight = Options::default().with_gravity(gravity).with_budget(Budget::default().with_node_limit(0));
            let report = solve(&board, &tight);
            let proven = Partial { tiles_left: 8, removals: Vec::new() };
            assert_eq!(report.outcome, Outcome::GaveUp { reason: engine::StopReason::NodeLimit, proven });
        }
    }

    #[test]
    fn gravity_changes_the_answer() {
        // Without gravity: B B first, then the A's meet around the ring. With gravity the
        // A column falls and the A's end up beside each other either way.
        let board: Board = "A B\nB A".parse().unwrap();
        assert_eq!(answer(&board, true), Answer::Unsolvable);
        let board: Board = "A .\nB B\nC A\nC .".parse().unwrap();
        let found = answer(&board, true);
        let Answer::Solvable(moves) = found else { panic!("{found:?}") };
        assert!(replay(&board, true, &moves).unwrap().is_cleared());
    }
}

/// Helpers shared by the tests of both searches.
#[cfg(test)]
mod test_support {
    use engine::{Meter, SeededRng};

    use super::Options;
    use crate::Board;

    /// A meter with the default node limit.
    pub(super) fn meter() -> Meter {
        Options::default().budget.start()
    }

    /// A random full deal of `copies` tiles of each kind.
    pub(super) fn deal(w: usize, h: usize, copies: usize, seed: u64) -> Board {
        let spec = crate::generate::Spec::new(w, h, copies).unwrap();
        crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap()
    }

    /// `board` after up to `moves` removals chosen at random (gravity after each).
    pub(super) fn played(mut board: Board, moves: usize, seed: u64) -> Board {
        let mut rng = SeededRng::new(seed);
        for _ in 0..moves {
            let pairs = crate::path::removable_pairs(&board);
            if pairs.is_empty() {
                break;
            }
            let pair = &pairs[rng.below(pairs.len() as u64) as usize];
            board.set(pair.a, None);
            board.set(pair.b, None);
            crate::game::apply_gravity(&mut board);
        }
        board
    }
}
