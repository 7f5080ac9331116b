//! Snapshots of the SVG text of a few small boards and a solution strip, and the hooks the
//! playground's tests rely on.

use engine::SeededRng;
use fifteen::generate::Spec;
use fifteen::svg::{SvgOptions, render, render_solution, render_with};
use fifteen::{Board, Goal, Move, generate};

#[test]
fn a_hand_made_2x2() {
    let board = Board::parse_line("3 1 0 2", None).unwrap();
    insta::assert_snapshot!(render(&board));
}

#[test]
fn a_seeded_3x2_spiral() {
    let spec = Spec::new(3, 2).with_goal(Goal::Spiral);
    let puzzle = generate(&spec, &mut SeededRng::new(7)).unwrap();
    insta::assert_snapshot!(render_with(puzzle.start(), &SvgOptions::default().with_cell(20.0)));
}

#[test]
fn a_solution_strip() {
    let board = Board::parse_line("1 2 3 4 0 5 7 8 6", None).unwrap();
    let moves = Move::parse_all("RD").unwrap();
    insta::assert_snapshot!(
        render_solution(&board, &moves, &SvgOptions::default().with_cell(20.0).with_columns(2)).unwrap()
    );
}

#[test]
fn every_cell_carries_its_coordinates_and_value() {
    let board = Board::parse_line("5 1 2 0 4 3", Some(3)).unwrap();
    let svg = render(&board);
    assert_eq!(svg.matches(r#"<svg xmlns="http://www.w3.org/2000/svg" data-testid="board""#).count(), 1);
    for (i, &t) in board.tiles().iter().enumerate() {
        let hook = format!(r#"data-x="{}" data-y="{}" data-value="{t}""#, i % 3, i / 3);
        assert_eq!(svg.matches(&hook).count(), 1, "{hook}");
    }
    // Numbers on the tiles, none on the blank.
    assert_eq!(svg.matches("</text>").count(), 5);
}
