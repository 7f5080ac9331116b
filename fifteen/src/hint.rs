//! The next move toward the goal: the first move of an optimal solution on boards of at
//! most [`crate::pdb::MAX_PDB_CELLS`] cells (the 15-puzzle and smaller; give a pattern
//! database in the options for 4×4 speed), or of the fast solver's solution on bigger
//! boards.

use engine::{Outcome, Report};
use serde::{Deserialize, Serialize};

use crate::pdb::MAX_PDB_CELLS;
use crate::solver::{Answer, Options, solve};
use crate::{Error, Move, Puzzle};

/// What [`hint`] advises.
///
/// ```
/// use fifteen::{Hint, Move};
/// let h = Hint::Slide { step: Move::Up, length: 3 };
/// assert_eq!(serde_json::to_string(&h).unwrap(), r#"{"slide":{"step":"Up","length":3}}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hint {
    /// Move the blank by `step`: the first move of a solution of `length` moves.
    Slide {
        /// The move of the blank.
        step: Move,
        /// The length of the solution it begins (optimal when the outcome is proved).
        length: usize,
    },
    /// The board is the goal already.
    Solved,
    /// The goal cannot be reached.
    Unsolvable,
}

/// The next move for `puzzle`: [`Outcome::Proved`] with the first move of an optimal
/// solution on boards of at most 16 cells (unless `options.fast` is set), [`Outcome::Found`]
/// with the first move of the fast solver's solution on bigger boards; gives up as
/// [`crate::solve`] does, with the lower bound it proved.
///
/// ```
/// use engine::Outcome;
/// use fifteen::{hint, Board, Goal, Hint, Move, Options, Puzzle};
/// let p = Puzzle::with_goal(Board::parse_line("1 2 3 4 5 6 7 0 8", None).unwrap(), &Goal::BlankLast).unwrap();
/// let h = hint(&p, &Options::default()).unwrap();
/// assert_eq!(h.outcome, Outcome::Proved(Hint::Slide { step: Move::Right, length: 1 }));
/// ```
pub fn hint(puzzle: &Puzzle, options: &Options) -> Result<Report<Hint, u32>, Error> {
    let big = puzzle.start().tiles().len() > MAX_PDB_CELLS;
    let options = if big && !options.fast { &options.clone().with_fast(true) } else { options };
    let report = solve(puzzle, options)?;
    let to_hint = |answer: Answer| match answer {
        Answer::Unsolvable => Hint::Unsolvable,
        Answer::Moves(moves) => match moves.first() {
            Some(&step) => Hint::Slide { step, length: moves.len() },
            None => Hint::Solved,
        },
    };
    let outcome = match report.outcome {
        Outcome::Proved(a) => Outcome::Proved(to_hint(a)),
        Outcome::Found(a) => Outcome::Found(to_hint(a)),
        Outcome::GaveUp { reason, proven } => Outcome::GaveUp { reason, proven },
    };
    Ok(Report { outcome, stats: report.stats })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Goal};

    #[test]
    fn hints_follow_an_optimal_solution_to_the_goal() {
        let start = Board::parse_line("8 6 7 2 5 4 3 0 1", None).unwrap();
        let goal = Goal::BlankLast.layout(3, 3).unwrap();
        let mut board = start;
        for left in (1..=31).rev() {
            let p = Puzzle::new(board.clone(), goal.clone()).unwrap();
            let Outcome::Proved(Hint::Slide { step, length }) = hint(&p, &Options::default()).unwrap().outcome else {
                panic!("no hint at {board}")
            };
            assert_eq!(length, left);
            assert!(board.apply(step));
        }
        let p = Puzzle::new(board, goal).unwrap();
        assert_eq!(hint(&p, &Options::default()).unwrap().outcome, Outcome::Proved(Hint::Solved));
    }

    #[test]
    fn big_boards_get_the_fast_solvers_move() {
        let goal = Goal::BlankLast.layout(6, 6).unwrap();
        let start = crate::generate::uniform(&goal, &mut engine::SeededRng::new(5));
        let p = Puzzle::new(start, goal).unwrap();
        assert!(matches!(hint(&p, &Options::default()).unwrap().outcome, Outcome::Found(Hint::Slide { .. })));
        let swapped = Board::parse_line("2 1 3 0", None).unwrap();
        let p = Puzzle::with_goal(swapped, &Goal::BlankLast).unwrap();
        assert_eq!(hint(&p, &Options::default()).unwrap().outcome, Outcome::Proved(Hint::Unsolvable));
    }
}
