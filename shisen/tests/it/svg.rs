//! Snapshots of the SVG text of a few small boards, hand-made and seeded.

use engine::{Coord, SeededRng};
use shisen::Board;
use shisen::generate::{Spec, generate};

#[test]
fn a_hand_made_board_with_an_empty_cell() {
    let board: Board = "A B A\nC . C\n. B .\n".parse().unwrap();
    insta::assert_snapshot!(shisen::svg::render(&board, None));
}

#[test]
fn a_path_around_the_top_of_the_ring() {
    let board: Board = "A B A\nC . C\n. B .\n".parse().unwrap();
    let path = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(2, 0)).unwrap();
    insta::assert_snapshot!(shisen::svg::render(&board, Some(&path)));
}

#[test]
fn a_seeded_deal_with_its_hint() {
    let deal = generate(&Spec::new(4, 2), &mut SeededRng::new(2026)).unwrap();
    let hint = shisen::hint(&deal.board).unwrap();
    insta::assert_snapshot!(shisen::svg::render(&deal.board, Some(&hint.path)));
}

#[test]
fn labels_that_need_escaping() {
    let board: Board = "<b> & .\n& <b> .\n".parse().unwrap();
    insta::assert_snapshot!(shisen::svg::render(&board, None));
}
