//! The default pattern databases of the 15-puzzle against another admissible heuristic:
//! on random 4x4 boards of moderate depth (random walks of 20 to 30 moves from the goal),
//! IDA* with the default 6-6-3 databases (with and without the transposed lookup) finds
//! solutions as short as IDA* with linear conflicts, and every solution reaches the goal.

use std::path::Path;
use std::sync::Arc;

use engine::{Outcome, SeededRng};
use fifteen::generate::random_walk;
use fifteen::pdb::{PatternDb, default_partition};
use fifteen::{Answer, Board, Goal, Heuristic, Options, Puzzle, solve};

/// The optimal length `options` proves for `puzzle`, after replaying its solution.
fn optimal_length(puzzle: &Puzzle, options: &Options) -> usize {
    let report = solve(puzzle, options).unwrap();
    let Outcome::Proved(Answer::Moves(moves)) = &report.outcome else { panic!("{puzzle}: {:?}", report.outcome) };
    let mut b: Board = puzzle.start().clone();
    b.replay(moves).unwrap();
    assert_eq!(&b, puzzle.goal(), "{puzzle}: the solution does not reach the goal");
    moves.len()
}

#[test]
fn default_pattern_databases_agree_with_linear_conflicts_on_random_4x4_boards() {
    let goal = Goal::BlankLast.layout(4, 4).unwrap();
    // The cache directory the command-line tests share: the databases are built once.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fifteen-cli-pdb-v2");
    let (db, _) =
        PatternDb::load_or_build(&dir, 4, 4, goal.blank(), &default_partition(4, 4, goal.blank()), &mut |_, _| {})
            .unwrap();
    let db = Arc::new(db);
    let mut rng = SeededRng::new(52);
    let mut lengths = Vec::new();
    for i in 0..24 {
        let start = random_walk(&goal, 20 + i % 11, &mut rng);
        let puzzle = Puzzle::new(start, goal.clone()).unwrap();
        let want = optimal_length(&puzzle, &Options::default().with_heuristic(Heuristic::LinearConflict));
        for reflect in [true, false] {
            let options = Options::default().with_heuristic(Heuristic::Pdb(Arc::clone(&db))).with_reflect(reflect);
            assert_eq!(optimal_length(&puzzle, &options), want, "{puzzle}, reflect {reflect}");
        }
        lengths.push(want);
    }
    // Moderate depth, not trivial: the walks do not all fold back to the goal.
    assert!(lengths.iter().filter(|&&l| l >= 12).count() >= lengths.len() / 2, "{lengths:?}");
}
