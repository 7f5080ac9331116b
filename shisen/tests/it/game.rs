//! Property tests of the game rules: undo and redo restore the exact board.

use engine::{Coord, SeededRng};
use proptest::prelude::*;
use shisen::Board;
use shisen::game::Game;

/// A random board of `w` × `h` with about `fill`% of the cells holding pairs of up to four kinds.
fn random_board(w: usize, h: usize, fill: u64, seed: u64) -> Board {
    let mut rng = SeededRng::new(seed);
    let n = w * h;
    let pairs = (n as u64 * fill / 200) as usize;
    let mut tokens: Vec<&str> = vec!["."; n];
    for p in 0..pairs {
        let label = ["A", "B", "C", "D"][p % 4];
        tokens[2 * p] = label;
        tokens[2 * p + 1] = label;
    }
    rng.shuffle(&mut tokens);
    let rows: Vec<String> = tokens.chunks(w).map(|r| r.join(" ")).collect();
    rows.join("\n").parse().unwrap()
}

fn settled(board: &Board) -> bool {
    (0..board.width() as i32).all(|x| {
        (1..board.height() as i32)
            .all(|y| board.get(Coord::new(x, y - 1)).is_none() || board.get(Coord::new(x, y)).is_some())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_move_then_undo_is_the_original(w in 1usize..7, h in 1usize..7, fill in 20u64..=100, seed: u64, gravity: bool, picks in proptest::collection::vec(0usize..1000, 1..8)) {
        let mut game = Game::new(random_board(w, h, fill, seed), gravity);
        let mut rng = SeededRng::new(seed ^ 1);
        for pick in picks {
            let before = game.board().clone();
            let hints = game.hints();
            if hints.is_empty() {
                let moves = game.shuffle(&mut rng);
                prop_assert_eq!(moves, game.has_moves());
                prop_assert_eq!(game.board().kind_counts(), before.kind_counts());
            } else {
                let p = hints[pick % hints.len()];
                let path = game.remove(p.a, p.b).unwrap();
                prop_assert_eq!(path, p.path);
                prop_assert_eq!(game.board().tile_count() + 2, before.tile_count());
                if gravity {
                    prop_assert!(settled(game.board()));
                }
            }
            let after = game.board().clone();
            prop_assert!(game.undo());
            prop_assert_eq!(game.board(), &before);
            prop_assert!(game.redo());
            prop_assert_eq!(game.board(), &after);
        }
        while game.undo() {}
        prop_assert_eq!(game.board(), &random_board(w, h, fill, seed));
    }
}
