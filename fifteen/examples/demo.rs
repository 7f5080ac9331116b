//! One seeded puzzle, solved: a 3×3 optimally (IDA* with linear conflicts) and a 4×4 with
//! the fast solver, each solution replayed. `cargo run -p fifteen --example demo`.

use engine::SeededRng;
use fifteen::fast::solve_fast;
use fifteen::solver::{SolveOptions, solve};
use fifteen::{Goal, Move, generate};

fn main() {
    let mut rng = SeededRng::new(2026);
    let goal = Goal::BlankLast.layout(3, 3).expect("3x3 fits");
    let board = generate::uniform(&goal, &mut rng);
    let solution = solve(&board, &goal, &SolveOptions::default()).expect("the goal fits the board");
    let moves = solution.outcome.moves().expect("generated boards are solvable");
    let mut replay = board.clone();
    replay.replay(moves).expect("solutions are legal");
    assert_eq!(replay, goal);
    println!("fifteen 3x3 (seed 2026):\n{board:?}optimal: {} {}", moves.len(), Move::format_all(moves));

    let goal = Goal::BlankLast.layout(4, 4).expect("4x4 fits");
    let board = generate::uniform(&goal, &mut rng);
    let moves = solve_fast(&board, &goal).expect("the goal fits the board").expect("generated boards are solvable");
    let mut replay = board.clone();
    replay.replay(&moves).expect("solutions are legal");
    assert_eq!(replay, goal);
    println!("fifteen 4x4:\n{board:?}fast: {} {}", moves.len(), Move::format_all(&moves));
}
