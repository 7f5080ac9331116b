//! Parsers never panic: arbitrary strings and bytes to every parser of the crate (level
//! text, moves, saved games and levels in JSON and RON, fixture files, generator specs),
//! and arbitrary small specs to the generator: `Ok` or `Err`, never a panic, never a hang.

use kami::generate::{DesignOptions, Spec};
use kami::{Game, Level, Move};
use proptest::prelude::*;

/// Every parser of the crate on `text`.
fn parse_everything(text: &str) {
    if let Ok(level) = Level::parse(text) {
        // What parses prints and parses back to the same level.
        assert_eq!(level.to_string().parse::<Level>().ok(), Some(level));
    }
    let _ = text.parse::<Level>();
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    let _ = kami::game::parse_moves(text);
    let _ = serde_json::from_str::<Game>(text);
    let _ = serde_json::from_str::<Level>(text);
    let _ = serde_json::from_str::<Spec>(text);
    let _ = serde_json::from_str::<kami::hint::Hint>(text);
    let _ = serde_json::from_str::<kami::Solution>(text);
    let _ = engine::from_ron::<Game>(text);
    let _ = engine::from_ron::<Level>(text);
    let _ = engine::from_ron::<Spec>(text);
    let _ = engine::from_ron::<DesignOptions>(text);
    let _ = kami::fixture::canonicalize(text);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings(text in "\\PC{0,64}") {
        parse_everything(&text);
    }

    #[test]
    fn level_like_strings(text in "(# (name|par|palette): ?[#0-9a-fx ]{0,10}\n)?[0-9a-z.#\n ]{0,40}") {
        parse_everything(&text);
    }

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn json_like_strings(text in r#"\{"(level|history|rows|row|col|colour|kind)":[\[\]\{\}"0-9a-z:,.-]{0,40}\}?"#) {
        parse_everything(&text);
    }

    /// Moves on a saved level: played, they are an error or a change, never a panic.
    #[test]
    fn arbitrary_moves_on_a_level(row in any::<usize>(), col in any::<usize>(), colour in any::<u8>()) {
        let mut game = Game::new(&"01.\n.10\n".parse().unwrap());
        let _ = game.play(Move::new(row, col, colour));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Small arbitrary specs (zero and out-of-range values included): a level with the
    /// regions and colours asked for, or an error.
    #[test]
    fn arbitrary_small_specs(rows in 0usize..7, cols in 0usize..7, colours in 0usize..6, regions in 0usize..16, seed in any::<u64>()) {
        let spec = Spec::new(cols, rows)
            .with_colours(colours)
            .with_regions(regions)
            .with_node_limit(20_000)
            .with_attempts(3);
        if let Ok(level) = kami::generate::generate(&spec, &mut engine::SeededRng::new(seed)) {
            prop_assert_eq!(kami::RegionGraph::new(&level).len(), regions);
            prop_assert_eq!(level.colours_used().len(), colours);
        }
    }

    #[test]
    fn arbitrary_designs(rows in 0usize..7, cols in 0usize..7, colours in 0usize..6, moves in 0usize..8, lo in 0usize..5, hi in 0usize..9, seed in any::<u64>()) {
        let options = DesignOptions { rows, cols, colours, moves, blob: (lo, hi), bulk: 20, seed };
        if let Ok(designed) = kami::generate::design(&options) {
            let end = kami::game::replay(&designed.level, &designed.solution).unwrap();
            prop_assert!(kami::game::is_solved(&end));
        }
    }
}

#[test]
fn sizes_beyond_the_limits_are_errors_not_allocations() {
    use kami::generate::{GenerateError, generate};
    let mut rng = engine::SeededRng::new(0);
    for (rows, cols) in [(100_000, 100_000), (1, 100_000_000), (usize::MAX, 2), (300, 300)] {
        let spec = Spec::new(cols, rows);
        assert_eq!(generate(&spec, &mut rng), Err(GenerateError::TooBig { rows, cols }));
    }
    let spec = Spec::new(100, 100).with_regions(5_000);
    assert_eq!(generate(&spec, &mut rng), Err(GenerateError::TooManyRegions { regions: 5_000 }));
}
