//! Property tests: the solver against brute force on tiny boards, every witness replayed.

use engine::SeededRng;
use proptest::prelude::*;
use shisen::Board;
use shisen::solver::{self, Answer, Options};

/// A random `w` × `h` board holding `pairs` pairs of up to `kinds` kinds.
fn tiny_board(w: usize, h: usize, pairs: usize, kinds: usize, seed: u64) -> Board {
    let mut rng = SeededRng::new(seed);
    let mut tokens: Vec<&str> = vec!["."; w * h];
    for p in 0..pairs.min(w * h / 2) {
        let label = ["A", "B", "C", "D"][p % kinds];
        tokens[2 * p] = label;
        tokens[2 * p + 1] = label;
    }
    rng.shuffle(&mut tokens);
    let rows: Vec<String> = tokens.chunks(w).map(|r| r.join(" ")).collect();
    rows.join("\n").parse().unwrap()
}

fn check(board: &Board, gravity: bool) -> Result<(), TestCaseError> {
    let answer = solver::solve(board, &Options { gravity, ..Options::default() });
    let brute = solver::brute_force(board, gravity);
    match (&answer, &brute) {
        (Answer::Solvable(moves), Some(_)) => {
            let end = solver::replay(board, gravity, moves);
            prop_assert!(end.as_ref().is_ok_and(Board::is_cleared), "{:?} on\n{}", end, board);
        }
        (Answer::Unsolvable, None) => {}
        _ => prop_assert!(false, "solver {:?}, brute force {:?}, gravity {}, on\n{}", answer, brute, gravity, board),
    }
    if let Some(moves) = brute {
        prop_assert!(solver::replay(board, gravity, &moves).is_ok_and(|b| b.is_cleared()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    #[test]
    fn solver_agrees_with_brute_force(w in 2usize..6, h in 2usize..5, pairs in 1usize..5, kinds in 1usize..4, seed: u64, gravity: bool) {
        check(&tiny_board(w, h, pairs, kinds, seed), gravity)?;
    }

    #[test]
    fn full_tiny_boards(w in 2usize..5, h in 2usize..4, kinds in 1usize..4, seed: u64, gravity: bool) {
        prop_assume!(w * h <= 10 && (w * h) % 2 == 0);
        check(&tiny_board(w, h, w * h / 2, kinds, seed), gravity)?;
    }
}

#[test]
fn the_ab_ba_deadlock_is_unsolvable() {
    let board: Board = "A B\nB A".parse().unwrap();
    for gravity in [false, true] {
        assert_eq!(solver::solve(&board, &Options { gravity, ..Options::default() }), Answer::Unsolvable);
        assert_eq!(solver::brute_force(&board, gravity), None);
    }
}

#[test]
fn random_full_deals_are_decided_and_witnesses_replay() {
    let mut decided = 0;
    for seed in 0..6 {
        let mut rng = SeededRng::new(seed);
        let labels: Vec<String> = (0..12).map(|k| format!("k{k}")).collect();
        let mut tokens: Vec<&str> = labels.iter().flat_map(|l| std::iter::repeat_n(l.as_str(), 4)).collect();
        rng.shuffle(&mut tokens);
        let rows: Vec<String> = tokens.chunks(8).map(|r| r.join(" ")).collect();
        let board: Board = rows.join("\n").parse().unwrap();
        for gravity in [false, true] {
            match solver::solve(&board, &Options { gravity, ..Options::default() }) {
                Answer::Solvable(moves) => {
                    assert!(solver::replay(&board, gravity, &moves).unwrap().is_cleared());
                    decided += 1;
                }
                Answer::Unsolvable => decided += 1,
                Answer::Unknown => {}
            }
        }
    }
    assert_eq!(decided, 12);
}

#[test]
fn generated_deals_are_confirmed_by_the_solver() {
    for seed in 0..4 {
        for gravity in [false, true] {
            let spec = shisen::generate::Spec::new(8, 4, 4).unwrap();
            let (board, witness) = shisen::generate::deal_solvable(spec, gravity, &mut SeededRng::new(seed)).unwrap();
            assert!(solver::replay(&board, gravity, &witness).unwrap().is_cleared());
            let Answer::Solvable(moves) = solver::solve(&board, &Options { gravity, ..Options::default() }) else {
                panic!("seed {seed} gravity {gravity}:\n{board}");
            };
            assert!(solver::replay(&board, gravity, &moves).unwrap().is_cleared());
        }
    }
}
