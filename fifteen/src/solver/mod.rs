//! The solvers behind one entry point, [`solve`]: IDA* over goal-cell labels with an
//! admissible heuristic (optimal, for any board size and goal; `ida`), or the fast
//! reduction solver of [`fast`] when [`Options::fast`] is set. The search runs under the
//! [`engine::Budget`] of its options: a node limit, a time limit or a cancel token turns a
//! search that takes too long into [`Outcome::GaveUp`] with the lower bound it proved. An
//! unsolvable position is never searched.
//!
//! The modules read bottom up: `options` (what a search is told and answers), `ida`
//! (the optimal search), [`fast`] (the reduction solver, which solves its last region with
//! `ida`), and this module, which chooses between them.

pub mod fast;
mod ida;
mod options;

use engine::{Outcome, Report};

pub use options::{Answer, Heuristic, Options, Solution};

use crate::solvable::goal_cells;
use crate::{Board, Error, Puzzle};

/// Solves `puzzle`: optimally by IDA* with `options.heuristic`, or quickly with
/// `options.fast`, within `options.budget`. An error when a pattern database in the options
/// does not serve the goal.
///
/// ```
/// use engine::Outcome;
/// use fifteen::{solve, Answer, Board, Goal, Options, Puzzle};
/// let board = Board::parse_line("8 6 7 2 5 4 3 0 1", None).unwrap();
/// let puzzle = Puzzle::with_goal(board, &Goal::BlankLast).unwrap();
/// let report = solve(&puzzle, &Options::default()).unwrap();
/// let Outcome::Proved(Answer::Moves(moves)) = &report.outcome else { panic!() };
/// assert_eq!(moves.len(), 31);
/// let mut replay = puzzle.start().clone();
/// replay.replay(moves).unwrap();
/// assert_eq!(&replay, puzzle.goal());
/// let swapped = Puzzle::with_goal(Board::parse_line("2 1 3 4 5 6 7 8 0", None).unwrap(), &Goal::BlankLast).unwrap();
/// assert_eq!(solve(&swapped, &Options::default()).unwrap().outcome, Outcome::Proved(Answer::Unsolvable));
/// ```
pub fn solve(puzzle: &Puzzle, options: &Options) -> Result<Solution, Error> {
    solve_boards(puzzle.start(), puzzle.goal(), options)
}

/// [`solve`] on a start board and a goal board.
pub(crate) fn solve_boards(start: &Board, goal: &Board, options: &Options) -> Result<Solution, Error> {
    if !options.fast {
        return ida::solve_optimal(start, goal, options);
    }
    goal_cells(start, goal).ok_or(Error::Mismatch)?;
    let mut meter = options.budget.start();
    let outcome = match fast::solve_fast(start, goal)? {
        Some(moves) => {
            meter.set_best(moves.len() as u64);
            Outcome::Found(Answer::Moves(moves))
        }
        None => Outcome::Proved(Answer::Unsolvable),
    };
    Ok(Report { outcome, stats: meter.stats() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::{PatternDb, partition, partition_by_sizes};
    use crate::table::DistanceTable;
    use crate::{Goal, Move};
    use engine::Budget;
    use std::sync::Arc;

    fn check(b: &Board, g: &Board, options: &Options, want: u8) {
        let s = solve_boards(b, g, options).unwrap();
        assert!(s.outcome.is_proved());
        let moves = s.outcome.answer().and_then(Answer::moves).unwrap_or_else(|| panic!("{b}: {:?}", s.outcome));
        assert_eq!(moves.len(), usize::from(want), "{b} -> {g}");
        let mut r = b.clone();
        r.replay(moves).unwrap();
        assert_eq!(&r, g);
    }

    #[test]
    fn optimal_against_bfs_on_small_boards() {
        for (w, h) in [(3, 3), (2, 3), (3, 2), (4, 2), (1, 4)] {
            for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
                let g = goal.layout(w, h).unwrap();
                let table = DistanceTable::new(&g).unwrap();
                let db = Arc::new(
                    PatternDb::build(
                        w,
                        h,
                        g.blank(),
                        &partition_by_sizes(w, h, g.blank(), &[3; 4]).unwrap(),
                        &mut |_, _| {},
                    )
                    .unwrap(),
                );
                let heuristics = [Heuristic::Manhattan, Heuristic::LinearConflict, Heuristic::Pdb(db)];
                for d in 0..=u8::try_from(table.histogram().len() - 1).unwrap() {
                    // Every distance, a few states each.
                    for b in table.states_at(d).iter().step_by(997).take(3) {
                        for heuristic in &heuristics {
                            for reflect in [false, true] {
                                let options =
                                    Options::default().with_heuristic(heuristic.clone()).with_reflect(reflect);
                                check(b, &g, &options, d);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn budget_gives_up_with_a_lower_bound() {
        use engine::StopReason;
        use std::time::Duration;
        let g = Goal::BlankLast.layout(4, 4).unwrap();
        let b = Board::parse_line("0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1", None).unwrap();
        let o = Options::default().with_budget(Budget::default().with_node_limit(10_000));
        let r = solve_boards(&b, &g, &o).unwrap();
        let Outcome::GaveUp { reason: StopReason::NodeLimit, proven } = r.outcome else { panic!("{r:?}") };
        // Manhattan distance plus linear conflicts of the start, at least.
        assert!(proven >= crate::heuristic::linear_conflict(&b, &g).unwrap(), "{proven}");
        assert_eq!(r.stats.nodes, 10_001);
        let o = Options::default().with_budget(Budget::default().with_time_limit(Duration::ZERO));
        assert!(matches!(
            solve_boards(&b, &g, &o).unwrap().outcome,
            Outcome::GaveUp { reason: StopReason::TimeLimit, .. }
        ));
    }

    #[test]
    fn progress_reports_every_bound() {
        use std::sync::Mutex;
        let g = Goal::BlankLast.layout(3, 3).unwrap();
        let b = Board::parse_line("8 6 7 2 5 4 3 0 1", None).unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        let budget = Budget::default().with_progress(move |p| log.lock().unwrap().push((p.bound, p.best)));
        let r = solve_boards(&b, &g, &Options::default().with_budget(budget)).unwrap();
        assert_eq!(r.outcome.answer().and_then(Answer::moves).map(<[Move]>::len), Some(31));
        let seen = seen.lock().unwrap();
        let bounds: Vec<u64> = seen.iter().filter_map(|p| p.0).collect();
        assert!(bounds.windows(2).all(|w| w[0] <= w[1]) && bounds.last() == Some(&31), "{bounds:?}");
        assert_eq!(seen.last(), Some(&(Some(31), Some(31))));
    }

    #[test]
    fn mismatched_inputs_are_errors() {
        let g = Goal::BlankLast.layout(3, 3).unwrap();
        let b = Board::parse_line("1 2 3 0", None).unwrap();
        assert_eq!(solve_boards(&b, &g, &Options::default()), Err(Error::Mismatch));
        let db = PatternDb::build(2, 2, 0, &[vec![1, 2, 3]], &mut |_, _| {}).unwrap();
        let o = Options::default().with_heuristic(Heuristic::Pdb(Arc::new(db)));
        let g2 = Goal::BlankLast.layout(2, 2).unwrap();
        assert_eq!(solve_boards(&b, &g2, &o), Err(Error::PdbMismatch));
    }

    /// On 4×4 boards, small patterns never exceed the optimal length found by IDA* with
    /// linear conflicts (itself checked against breadth-first search on smaller boards).
    #[test]
    fn pattern_databases_admissible_on_fifteen_puzzle_samples() {
        let g = Goal::BlankLast.layout(4, 4).unwrap();
        let db = PatternDb::build(4, 4, 15, &partition(4, 4, 15, &[3; 5]).unwrap(), &mut |_, _| {}).unwrap();
        let mut rng = engine::SeededRng::new(5);
        for _ in 0..30 {
            let b = crate::generate::random_walk(&g, 40, &mut rng);
            let s = solve_boards(&b, &g, &Options::default()).unwrap();
            let d = s.outcome.answer().and_then(Answer::moves).unwrap().len() as u32;
            let h = db.heuristic(&b, &g).unwrap();
            assert!(h <= d, "{b}: pdb {h} > {d}");
            assert!(h >= crate::heuristic::manhattan(&b, &g).unwrap());
        }
    }

    /// Every table entry must be at most the true distance of every state it covers, and
    /// on 3×3 small patterns the sum must be admissible for every state.
    #[test]
    fn pattern_databases_admissible_on_every_eight_puzzle_state() {
        for goal in [Goal::BlankLast, Goal::Spiral, Goal::BlankFirst] {
            let g = goal.layout(3, 3).unwrap();
            let table = DistanceTable::new(&g).unwrap();
            let partition = partition_by_sizes(3, 3, g.blank(), &[3, 3, 2]).unwrap();
            let db = PatternDb::build(3, 3, g.blank(), &partition, &mut |_, _| {}).unwrap();
            let mut beats_manhattan = 0;
            for d in 0..=31u8 {
                for b in table.states_at(d).iter().step_by(5) {
                    let h = db.heuristic(b, &g).unwrap();
                    assert!(h <= u32::from(d), "{goal} {b}: pdb {h} > true {d}");
                    let md = crate::heuristic::manhattan(b, &g).unwrap();
                    assert!(h >= md, "a pattern database is never below Manhattan");
                    beats_manhattan += usize::from(h > md);
                }
            }
            assert!(beats_manhattan > 0);
        }
    }

    #[test]
    fn a_pattern_database_of_all_tiles_is_exact() {
        let g = Goal::Snake.layout(3, 2).unwrap();
        let table = DistanceTable::new(&g).unwrap();
        let db = PatternDb::build(3, 2, g.blank(), &partition_by_sizes(3, 2, g.blank(), &[5]).unwrap(), &mut |_, _| {})
            .unwrap();
        for d in 0..=u8::try_from(table.histogram().len() - 1).unwrap() {
            for b in table.states_at(d) {
                assert_eq!(db.heuristic(&b, &g), Some(u32::from(d)), "{b}");
            }
        }
    }
}
