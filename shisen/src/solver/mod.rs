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

mod answer;
mod check;
mod common;
mod free;
mod frozen;
mod gravity;
mod options;
#[cfg(test)]
mod test_support;

use engine::{Outcome, Report, SeededRng};

use crate::board::Board;
pub use answer::{Answer, Partial, Removal, Solution};
pub use check::{ReplayError, brute_force, replay};
use common::Step;
pub use options::{DEFAULT_NODE_LIMIT, Options};

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

#[cfg(test)]
mod tests {
    use engine::Budget;
    use proptest::prelude::*;

    use super::test_support::{deal, meter};
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

    /// The answer of the move search (no pairings), which must decide.
    fn move_search(board: &Board) -> Step {
        let outcome = gravity::Search::new(board, false, meter()).run();
        assert_ne!(outcome, Step::OutOfBudget);
        outcome
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// The pairing search (probes, doom check, commitments) against the plain move search
        /// with a transposition table, on deals too big for brute force.
        #[test]
        fn pairing_search_agrees_with_the_move_search(w in 2usize..7, h in 2usize..5, copies in 1usize..=3, seed: u64) {
            // Two, four or six copies of each kind; pairs deadlock often.
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let board = deal(w, h, copies, seed);
            let ours = match solve(&board, &Options::default()).outcome {
                Outcome::Proved(answer) => answer,
                other => panic!("{other:?}"),
            };
            prop_assert_eq!(matches!(ours, Answer::Solvable(_)), move_search(&board) == Step::Solved, "{}", board);
            if let Answer::Solvable(moves) = &ours {
                prop_assert!(replay(&board, false, moves).unwrap().is_cleared());
            }
        }
    }
}
