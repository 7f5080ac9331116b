//! Parsers never panic and never hang: arbitrary strings and bytes fed to every text parser
//! of the crate (boards in both forms, goals, puzzles, moves, pattern sizes, fixture RON,
//! saved games and specs in JSON). Each answers `Ok` or `Err`, and what parses prints back
//! to the same value. (Arbitrary argument vectors go to the command line in the binary's
//! own tests, `src/bin/fifteen/tests.rs`.)

use fifteen::fixture::{FixtureFile, canonicalize};
use fifteen::generate::Spec;
use fifteen::{Board, Game, Goal, Move, Puzzle, pdb};
use proptest::prelude::*;

/// Every parser of the crate on `text`: none panics, and what parses prints back to text
/// that parses to the same value (boards in both forms, goals, puzzles, moves, and the
/// JSON of boards, puzzles and saved games).
fn parse_everything(text: &str) {
    if let Ok(b) = Board::parse_line(text, None) {
        assert_eq!(Board::parse_line(&b.to_line(), Some(b.width())), Ok(b.clone()), "{text:?}");
    }
    for w in [1, 2, 3, 7, 255, 256] {
        if let Ok(b) = Board::parse_line(text, Some(w)) {
            assert_eq!(Board::parse_line(&b.to_line(), Some(w)), Ok(b), "{text:?} at width {w}");
        }
    }
    if let Ok(b) = Board::parse_grid(text) {
        assert_eq!(Board::parse_grid(&b.to_string()), Ok(b), "{text:?}");
    }
    if let Ok(b) = text.parse::<Board>() {
        assert_eq!(b.to_string().parse::<Board>(), Ok(b), "{text:?}");
    }
    let _ = Goal::parse(text, None);
    let _ = Goal::parse(text, Some(3));
    if let Ok(g) = text.parse::<Goal>() {
        assert_eq!(g.to_string().parse::<Goal>(), Ok(g), "{text:?}");
    }
    if let Ok(p) = text.parse::<Puzzle>() {
        assert_eq!(p.to_string().parse::<Puzzle>(), Ok(p), "{text:?}");
    }
    if let Ok(moves) = Move::parse_all(text) {
        assert_eq!(Move::parse_all(&Move::format_all(&moves)), Ok(moves), "{text:?}");
    }
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m), "{text:?}");
    }
    if let Ok(sizes) = pdb::parse_sizes(text) {
        for (w, h, b) in [(4, 4, 15), (3, 3, 0), (2, 5, 9)] {
            let _ = pdb::partition(w, h, b, &sizes);
        }
    }
    let _ = canonicalize(text);
    let _ = engine::from_ron::<FixtureFile>(text);
    if let Ok(game) = serde_json::from_str::<Game>(text) {
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game, "{text:?}");
    }
    if let Ok(p) = serde_json::from_str::<Puzzle>(text) {
        assert_eq!(serde_json::from_str::<Puzzle>(&serde_json::to_string(&p).unwrap()).unwrap(), p, "{text:?}");
    }
    if let Ok(b) = serde_json::from_str::<Board>(text) {
        assert_eq!(serde_json::from_str::<Board>(&serde_json::to_string(&b).unwrap()).unwrap(), b, "{text:?}");
    }
    let _ = serde_json::from_str::<Spec>(text);
    let _ = engine::from_ron::<Game>(text);
}

/// Text that looks like boards: numbers, separators, line breaks, a few odd characters.
fn boardish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => (0u32..300).prop_map(|n| n.to_string()),
            2 => Just(" ".to_string()),
            1 => Just(",".to_string()),
            1 => Just("\n".to_string()),
            1 => Just("#".to_string()),
            1 => prop::sample::select(vec!["-", "x", "\r", "99999999999999999999", "UDLR", "(", ")", "\"", ":"])
                .prop_map(String::from),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn arbitrary_strings(text in any::<String>()) {
        parse_everything(&text);
    }

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn board_like_text(text in boardish()) {
        parse_everything(&text);
        // What parses prints back to the same board.
        if let Ok(b) = text.parse::<Board>() {
            prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        }
    }
}
