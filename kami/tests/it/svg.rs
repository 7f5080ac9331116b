//! Snapshots of the SVG text of a few small boards: hand-made ones (holes, a palette, a
//! name) and a seeded generated one with its solution's taps numbered.

use kami::svg::{SvgOptions, render, render_with};
use kami::{Level, Move};

#[test]
fn a_hand_made_board() {
    let level: Level = "0112\n0122\n".parse().unwrap();
    insta::assert_snapshot!(render(&level));
}

#[test]
fn holes_a_palette_and_a_name() {
    let level: Level = "# name: ring <3>\n# palette: #102030 #405060 #708090\n.010.\n2...2\n.121.\n".parse().unwrap();
    let svg = render(&level);
    // Holes have no element: 15 cells, 7 holes.
    assert_eq!(svg.matches("<polygon").count(), 8);
    insta::assert_snapshot!(svg);
}

#[test]
fn a_seeded_level_with_its_solution_numbered() {
    let spec = kami::generate::Spec::new(5, 4).with_colours(3).with_regions(7);
    let level = kami::generate::generate(&spec, &mut engine::SeededRng::new(11)).unwrap();
    let moves = kami::solver::optimal(&level).unwrap();
    assert_eq!(level.par, Some(moves.len() as u32));
    insta::assert_snapshot!(render_with(&level, &SvgOptions { moves, ..SvgOptions::default() }));
}

#[test]
fn taps_on_one_triangle_share_a_label() {
    let level: Level = "01\n".parse().unwrap();
    let moves = vec![Move::new(0, 0, 1), Move::new(0, 0, 0)];
    let svg = render_with(&level, &SvgOptions { side: 10.0, moves, ..SvgOptions::default() });
    insta::assert_snapshot!(svg);
}
