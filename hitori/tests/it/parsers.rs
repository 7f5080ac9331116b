//! Every parser of the crate answers `Ok` or `Err` on any text — never a panic — and what
//! it accepts prints back to text it accepts again.

use hitori::Puzzle;
use hitori::fixture::FixtureFile;
use hitori::game::{Game, State};
use hitori::generate::Spec;
use hitori::steps::Difficulty;
use proptest::prelude::*;

/// Text that looks like the puzzle and state formats often enough to reach their deeper
/// checks: digits, signs, marks, comments, whitespace of every kind.
fn gridish() -> impl Strategy<Value = String> {
    prop_oneof!["[0-9 \t\r\n#xo.-]{0,60}", "([0-9]{1,12}[ \t]{1,2}){0,5}(\n([0-9]{1,3} ){0,5}){0,5}", ".{0,60}",]
}

fn every_parser(text: &str) {
    if let Ok(p) = Puzzle::parse(text) {
        assert_eq!(p.to_string().parse::<Puzzle>().unwrap(), p);
        // A parsed puzzle can be drawn, hinted and solved within a small budget.
        let _ = hitori::svg::render(&p);
        let _ = hitori::hint(&p, &State::new(&p));
    }
    if let Ok(s) = State::parse(text) {
        assert_eq!(s.to_string().parse::<State>().unwrap(), s);
    }
    let _ = text.parse::<Difficulty>();
    let _ = hitori::fixture::canonicalize(text);
    let _ = engine::from_ron::<FixtureFile>(text);
    let _ = engine::from_ron::<Game>(text);
    let _ = serde_json::from_str::<Game>(text);
    let _ = serde_json::from_str::<Puzzle>(text);
    let _ = serde_json::from_str::<State>(text);
    let _ = serde_json::from_str::<Spec>(text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_string(text in gridish()) {
        every_parser(&text);
    }

    #[test]
    fn any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        every_parser(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn any_saved_game_shape(rows in prop::collection::vec("[0-9 ]{0,8}", 0..4), marks in prop::collection::vec("[xo. ]{0,8}", 0..4), x in -3i32..9, y in -3i32..9) {
        let json = serde_json::json!({
            "puzzle": rows,
            "state": marks,
            "done": [{"cell": {"x": x, "y": y}, "from": "unknown", "to": "shaded"}],
        });
        if let Ok(mut g) = serde_json::from_value::<Game>(json) {
            // A game that loads can be played back and forth without panicking.
            while g.undo() {}
            while g.redo() {}
            let _ = g.violations();
            let _ = g.hint();
        }
    }
}
