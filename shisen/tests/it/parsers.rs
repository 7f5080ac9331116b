//! Every parser of the crate takes any text (and any bytes, decoded lossily) and answers
//! `Ok` or `Err`: never a panic, never a hang.

use proptest::prelude::*;
use shisen::Board;
use shisen::game::Game;
use shisen::generate::Spec;

/// Every text parser of the crate, on `text`.
fn parse_everything(text: &str) {
    if let Ok(board) = Board::parse(text) {
        // What parses prints back to a board that parses to the same board.
        assert_eq!(board.to_string().parse::<Board>().as_ref(), Ok(&board));
    }
    let _ = Board::parse_grouped(text, &[&["A", "B"], &["C"]]);
    let _ = text.parse::<shisen::Path>();
    let _ = shisen::fixture::canonicalize(text);
    let _ = engine::from_ron::<Game>(text);
    let _ = serde_json::from_str::<Game>(text);
    let _ = serde_json::from_str::<Board>(text);
    let _ = serde_json::from_str::<Spec>(text);
    let _ = serde_json::from_str::<shisen::Path>(text);
    let _ = engine::from_ron::<shisen::generate::Deal>(text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_strings(text in "(?s).{0,80}") {
        parse_everything(&text);
    }

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    /// Board-like text: tokens, dots, comments, ragged rows.
    #[test]
    fn board_like_text(text in "([AB.#x ]{0,7}\n){0,6}") {
        parse_everything(&text);
    }

    /// Path-like text.
    #[test]
    fn path_like_text(text in "(-?[0-9]{1,11},-?[0-9]{1,11};){0,5}-?[0-9]{0,3},?-?[0-9]{0,3}") {
        parse_everything(&text);
    }

    /// Game-like JSON: right fields, wrong values (sizes, kinds and labels that do not fit).
    #[test]
    fn game_like_json(
        rows in proptest::collection::vec("[AB. ]{0,5}", 0..3),
        labels in proptest::collection::vec("[AB]", 0..3),
        kinds in proptest::collection::vec(0u16..4, 0..6),
        coords in proptest::collection::vec((-2i32..6, -2i32..4), 0..4),
        gravity: bool,
    ) {
        let mut steps = vec![serde_json::json!({ "shuffle": kinds })];
        for pair in coords.chunks(2) {
            let cells: Vec<_> = pair.iter().map(|&(x, y)| serde_json::json!({ "x": x, "y": y })).collect();
            steps.push(serde_json::json!({ "remove": cells }));
        }
        let game = serde_json::json!({ "start": rows, "labels": labels, "gravity": gravity, "done": steps, "undone": [] });
        let _ = serde_json::from_value::<Game>(game);
        // A save without its start board (boards per step instead): refused, not a panic.
        let old = serde_json::json!({ "board": rows, "labels": labels, "gravity": true, "done": [], "undone": [] });
        prop_assert!(serde_json::from_value::<Game>(old).is_err());
    }
}

#[test]
fn extreme_paths_are_refused_or_measured_without_overflow() {
    let (lo, hi) = (i32::MIN, i32::MAX);
    let far: shisen::Path = format!("{lo},0;{hi},0").parse().unwrap();
    assert_eq!(far.length(), u32::MAX);
    assert_eq!(far.cells().nth(1), Some(engine::Coord::new(lo + 1, 0)));
    assert!(format!("{lo},0;{hi},0;{hi},{hi}").parse::<shisen::Path>().is_err(), "too long for a u32");
    assert!(format!("0,0;{hi},0;{lo},0").parse::<shisen::Path>().is_err(), "turns back");
}
