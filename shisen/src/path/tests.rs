use engine::{Coord, SeededRng};
use proptest::prelude::*;

use super::scan::scan;
use super::*;
use crate::board::{Board, Kind, Masks};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The bit-mask query and the scanning one (used for boards too big for masks) give
    /// the same path, tie-break included, for every pair of cells.
    #[test]
    fn masks_and_scan_agree(w in 1usize..12, h in 1usize..9, fill in 0u64..=100, seed: u64) {
        let mut rng = SeededRng::new(seed);
        let mut board = Board::empty(w, h, vec!["A".into()]);
        for c in board.cells().coords().collect::<Vec<_>>() {
            if rng.chance(fill, 100) {
                board.set(c, Some(Kind(0)));
            }
        }
        let masks = board.masks().unwrap();
        for a in board.cells().coords() {
            for b in board.cells().coords() {
                let scanned = scan(&board, a, b);
                prop_assert_eq!(masks.shortest(a, b), scanned, "{:?} {:?}\n{}", a, b, board);
                if board.get(a).is_some() && board.get(b).is_some() {
                    prop_assert_eq!(masks.connects(a, b), scanned.is_some());
                }
            }
        }
        for (a, b) in [(Coord::new(-1, 0), Coord::new(0, 0)), (Coord::new(0, 0), Coord::new(w as i32, 0))] {
            prop_assert_eq!(masks.shortest(a, b), None);
        }
    }
}

/// The widest and tallest boards with masks (62 cells and two ring bits fill a word).
#[test]
fn masks_at_their_size_limit_agree_with_the_scan() {
    for (w, h) in [(Masks::MAX, 3), (3, Masks::MAX), (Masks::MAX, 2)] {
        let mut rng = SeededRng::new(w as u64);
        let mut board = Board::empty(w, h, vec!["A".into()]);
        for c in board.cells().coords().collect::<Vec<_>>() {
            if rng.chance(2, 3) {
                board.set(c, Some(Kind(0)));
            }
        }
        let masks = board.masks().unwrap();
        let cells: Vec<Coord> = board.cells().coords().collect();
        let mut found = 0;
        for &a in &cells {
            for &b in &cells {
                let scanned = scan(&board, a, b);
                assert_eq!(masks.shortest(a, b), scanned, "{a:?} {b:?}");
                found += usize::from(scanned.is_some());
            }
        }
        assert!(found > cells.len(), "{found}");
    }
}

#[test]
fn boards_too_big_for_masks_use_the_scan() {
    // 64 columns: the masks would need 66 bits a row.
    let mut text = String::new();
    for y in 0..3 {
        let row: Vec<&str> = (0..64).map(|x| if (x + y) % 3 == 0 { "." } else { "A" }).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let b = Board::parse(&text).unwrap();
    assert!(b.masks().is_none());
    let tiles: Vec<Coord> = b.cells().coords().filter(|&c| b.get(c).is_some()).collect();
    let mut connected = 0;
    for &p in tiles.iter().step_by(7) {
        for &q in tiles.iter().step_by(5) {
            let ours = shortest_path(&b, p, q);
            assert_eq!(ours.map(|p| p.length()), reference::shortest_path(&b, p, q).map(|p| p.length()));
            connected += usize::from(ours.is_some());
        }
    }
    assert!(connected > 10, "{connected}");
}

fn c(x: i32, y: i32) -> Coord {
    Coord::new(x, y)
}

#[test]
fn shapes() {
    let b = Board::parse("A . .\nB B .\nC C A").unwrap();
    let p = shortest_path(&b, c(0, 0), c(2, 2)).unwrap();
    assert_eq!(p.corners(), &[c(0, 0), c(2, 0), c(2, 2)]);
    assert_eq!(p.length(), 4);
    // Z through the middle column, two turns.
    let b = Board::parse("A B .\nC B .\n. B A\nC B .").unwrap();
    let p = shortest_path(&b, c(0, 0), c(2, 2)).unwrap();
    assert_eq!(p.length(), 6);
    assert_eq!(p.turns(), 2);
    // Three turns needed: refused.
    let b = Board::parse(". B B B B B\nB A . B B B\nB B . B B B\nB B . . . B\nB B B B A B\nB B B B B B").unwrap();
    assert!(shortest_path(&b, c(1, 1), c(4, 4)).is_none());
    assert!(reference::find_path(&b, c(1, 1), c(4, 4)).is_none());
    // One cell opened: two turns suffice.
    let b = Board::parse(". . B B B B\nB A . . . B\nB B . B . B\nB B . . . B\nB B B B A B\nB B B B B B").unwrap();
    assert_eq!(shortest_path(&b, c(1, 1), c(4, 4)).map(|p| p.length()), Some(6));
}

#[test]
fn tie_break_prefers_fewer_turns_then_smaller_corners() {
    // Both L shapes have length 2: (1,0) comes before (0,1) in (y, x) order.
    let b = Board::parse("A .\n. A").unwrap();
    let p = shortest_path(&b, c(0, 0), c(1, 1)).unwrap();
    assert_eq!(p.corners(), &[c(0, 0), c(1, 0), c(1, 1)]);
    // A Z of length 4 beats the L around the border (length 6)... and one turn beats two.
    let b = Board::parse(". . .\nA . .\n. . A").unwrap();
    let p = shortest_path(&b, c(0, 1), c(2, 2)).unwrap();
    assert_eq!((p.length(), p.turns()), (3, 1));
    assert_eq!(p.corners(), &[c(0, 1), c(2, 1), c(2, 2)]);
}

#[test]
fn bad_queries() {
    let b = Board::parse("A A").unwrap();
    assert!(shortest_path(&b, c(0, 0), c(0, 0)).is_none());
    assert!(shortest_path(&b, c(0, 0), c(2, 0)).is_none());
    assert!(shortest_path(&b, c(-1, 0), c(1, 0)).is_none());
    assert!(Path::from_corners(&[c(0, 0), c(0, 2), c(0, 1)]).is_none());
    assert!(Path::from_corners(&[c(0, 0)]).is_none());
}
