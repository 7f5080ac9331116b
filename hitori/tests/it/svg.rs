//! Snapshots of the SVG text: a hand-made board with every kind of mark and broken rule,
//! and a seeded puzzle with and without its solution.

use engine::SeededRng;
use hitori::game::State;
use hitori::svg::{SvgOptions, render, render_state, render_with};
use hitori::{Puzzle, Spec};

#[test]
fn hand_made_marks_and_violations() {
    let puzzle: Puzzle = "1 1 2\n2 3 1\n3 2 2\n".parse().unwrap();
    insta::assert_snapshot!("plain", render(&puzzle));
    // (0,0) and (1,0) both unshaded 1s; (2,1), (2,2) and (1,2) shaded side by side.
    let state: State = "o o .\n. . x\n. x x\n".parse().unwrap();
    insta::assert_snapshot!("broken", render_state(&puzzle, &state).unwrap());
}

#[test]
fn seeded_puzzle_and_its_solution() {
    let g = hitori::generate::generate_with_solution(&Spec::new(4, 4), &mut SeededRng::new(3)).unwrap();
    let solved = State::from_shading(&g.solution);
    let svg = render_with(&g.puzzle, &solved, &SvgOptions::default().with_cell(24.0)).unwrap();
    assert!(!svg.contains("data-violation"));
    insta::assert_snapshot!("seeded_4x4_solved", svg);
}
