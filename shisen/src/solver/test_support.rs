//! Helpers shared by the tests of both searches.

use engine::{Meter, SeededRng};

use super::options::Options;
use crate::board::Board;

/// A meter with the default node limit.
pub(super) fn meter() -> Meter {
    Options::default().budget.start()
}

/// A random full deal of `copies` tiles of each kind.
pub(super) fn deal(w: usize, h: usize, copies: usize, seed: u64) -> Board {
    let spec = crate::generate::Spec::new(w, h).with_copies(copies);
    crate::generate::deal_any(&spec, &mut SeededRng::new(seed)).unwrap()
}

/// `board` after up to `moves` removals chosen at random (gravity after each).
pub(super) fn played(mut board: Board, moves: usize, seed: u64) -> Board {
    let mut rng = SeededRng::new(seed);
    for _ in 0..moves {
        let pairs = crate::path::removable_pairs(&board);
        if pairs.is_empty() {
            break;
        }
        let pair = &pairs[rng.below(pairs.len() as u64) as usize];
        board.set(pair.a, None);
        board.set(pair.b, None);
        crate::game::apply_gravity(&mut board);
    }
    board
}
