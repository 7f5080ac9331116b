//! Codes round-trip on random levels of every shape, and bad codes are errors that say
//! what is wrong, never panics.

use engine::code::BitWriter;
use proptest::prelude::*;

use super::*;

/// Random levels: every shape from 1x1 to long thin ones and 40x40, 1 to 36 colours,
/// with holes or not, noisy or in regions (each cell copies its left or upper neighbour
/// with some chance), with a par or not.
fn any_level() -> impl Strategy<Value = Level> {
    let size = prop_oneof![
        (1usize..6, 1usize..6),
        (1usize..=1, 1usize..300),
        (1usize..300, 1usize..=1),
        (1usize..41, 1usize..41)
    ];
    (size, 1u8..=36, 0u32..4, 0u32..10, proptest::option::of(any::<u32>())).prop_flat_map(
        |((rows, cols), k, hole_weight, copy_weight, par)| {
            proptest::collection::vec((0u8..k, 0u32..10, 0u32..10, any::<bool>()), rows * cols).prop_filter_map(
                "no triangles",
                move |cells| {
                    let mut out: Vec<Option<Colour>> = Vec::with_capacity(cells.len());
                    for (i, (c, h, copy, up)) in cells.into_iter().enumerate() {
                        let neighbour = if up && i >= cols {
                            out.get(i - cols)
                        } else if i % cols > 0 {
                            out.get(i - 1)
                        } else {
                            None
                        };
                        let cell = match neighbour {
                            Some(&n) if copy < copy_weight => n,
                            _ => (h >= hole_weight).then_some(c),
                        };
                        out.push(cell);
                    }
                    let mut level = Level::from_cells(Grid::from_vec(cols, rows, out).ok()?).ok()?;
                    level.par = par;
                    Some(level)
                },
            )
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn codes_round_trip(level in any_level()) {
        let code = encode(&level).unwrap();
        prop_assert!(code.starts_with("kami:1:"));
        prop_assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~:".contains(&b)), "{code}");
        prop_assert!(engine::code::looks_like_code(&code));
        prop_assert_eq!(decode(&code).unwrap(), level.clone());
        prop_assert_eq!(decode(&format!("  {code}\n")).unwrap(), level);
    }

    #[test]
    fn a_small_level_of_four_colours_takes_at_most_24_characters(cells in proptest::collection::vec(proptest::option::weighted(0.8, 0u8..4), 16), par in proptest::option::of(0u32..100)) {
        let Ok(mut level) = Level::from_cells(Grid::from_vec(4, 4, cells).unwrap()) else { return Ok(()) };
        level.par = par;
        let code = encode(&level).unwrap();
        prop_assert!(code.len() <= 24, "{code}");
    }

    #[test]
    fn arbitrary_texts_are_errors_never_panics(text in ".{0,200}", payload in "[A-Za-z0-9_-]{0,120}") {
        let _ = decode(&text);
        let _ = decode(&format!("kami:1:{payload}"));
    }

    /// Any payload with a good check: a level whose code is that very payload, or an error.
    #[test]
    fn random_payloads_decode_to_their_level_or_fail(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        let code = engine::code::encode(GAME, VERSION, &bytes);
        if let Ok(level) = decode(&code) {
            prop_assert_eq!(encode(&level).unwrap(), code);
        }
    }

    /// A valid code with characters changed, cut or swapped: an error (or, by a 1 in 4093
    /// chance of the check, the code of another level), never a panic.
    #[test]
    fn mutated_codes_are_errors(level in any_level(), at in any::<prop::sample::Index>(), to in "[A-Za-z0-9_:-]", cut in any::<prop::sample::Index>()) {
        let code = encode(&level).unwrap();
        let mut chars: Vec<char> = code.chars().collect();
        let i = at.index(chars.len());
        chars[i] = to.chars().next().unwrap();
        let changed: String = chars.into_iter().collect();
        if changed != code {
            if let Ok(other) = decode(&changed) {
                prop_assert_eq!(encode(&other).unwrap(), changed);
            }
        }
        let short = &code[..cut.index(code.len())];
        if let Ok(other) = decode(short) {
            prop_assert_eq!(encode(&other).unwrap(), short);
        }
    }
}

#[test]
fn names_and_palettes_stay_behind_and_the_par_travels() {
    let level: Level = "# name: x\n# par: 2\n# palette: #000000 #ffffff #ff0000\n0.12\n".parse().unwrap();
    let back = decode(&encode(&level).unwrap()).unwrap();
    assert_eq!(back.to_string(), "# par: 2\n0.12\n");
    assert_eq!((back.name.as_ref(), back.palette.len()), (None, 0));
    let mut no_par = level.clone();
    no_par.par = None;
    assert_ne!(encode(&no_par).unwrap(), encode(&level).unwrap());
    assert_eq!(decode(&encode(&no_par).unwrap()).unwrap().par, None);
}

/// Generated 10x29 levels of 4 to 12 colours take far fewer than 200 characters.
#[test]
fn a_generated_10x29_level_takes_at_most_200_characters() {
    for (colours, regions) in [(4, 24), (4, 40), (8, 40), (12, 60)] {
        let spec = crate::Spec::default()
            .with_size(engine::Size::new(29, 10))
            .with_colours(colours)
            .with_regions(regions)
            .with_node_limit(20_000);
        for seed in 0..3 {
            let Ok(level) = crate::generate(&spec, &mut engine::SeededRng::new(seed)) else { continue };
            let code = encode(&level).unwrap();
            assert!(code.len() <= 200, "{colours} colours, seed {seed}: {} characters", code.len());
            assert_eq!(decode(&code).unwrap(), level);
        }
    }
    // Even a 10x29 level of 8 colours in no regions at all fits.
    let cells = (0..290).map(|i: u32| Some((i * 7 % 8) as Colour)).collect();
    let noisy = Level::from_cells(Grid::from_vec(29, 10, cells).unwrap()).unwrap();
    assert!(encode(&noisy).unwrap().len() <= 200);
}

/// A payload written field by field.
fn payload_of(fields: &[(u64, u32)]) -> String {
    let mut w = BitWriter::default();
    for &(v, b) in fields {
        w.push(v, b);
    }
    engine::code::encode(GAME, VERSION, &w.finish())
}

#[test]
fn bad_codes_say_what_is_wrong() {
    let message = |text: &str| decode(text).unwrap_err().to_string();
    assert_eq!(message(""), "empty code");
    assert_eq!(message("hello"), "not a puzzle code: expected <game>:<version>:<payload>");
    assert_eq!(message(&engine::code::encode("shisen", 1, &[1])), "a shisen code, not a kami code");
    assert_eq!(message(&engine::code::encode("kami", 2, &[1])), "unknown kami code version 2");
    assert_eq!(message(&engine::code::encode("kami", 0, &[1])), "unknown kami code version 0");
    assert_eq!(message(&"k".repeat(1 << 20)), format!("code too long: {} characters, at most 65536", 1 << 20));
    let good = encode(&"0011\n0111\n2211".parse().unwrap()).unwrap();
    assert_eq!(message(&good[..good.len() - 1]), "bad check characters: the code was mistyped or cut");
    assert_eq!(message(&engine::code::encode("kami", 1, &[])), "bad code length: the payload is cut short");
    // rows 1, cols 1, no par, holes, top 0, flat, cell = the hole: no triangle.
    let holes_only = payload_of(&[(1, 1), (1, 1), (0, 1), (1, 1), (0, 6), (0, 1), (1, 1)]);
    assert_eq!(message(&holes_only), "the code's puzzle breaks the rules: the level has no triangles");
    let colour_36 = payload_of(&[(1, 1), (1, 1), (0, 1), (0, 1), (36, 6), (0, 1)]);
    assert_eq!(
        message(&colour_36),
        "the code's puzzle breaks the rules: colour 36 is out of range (at most 36 colours)"
    );
    let top_unused = payload_of(&[(1, 1), (2, 3), (0, 1), (0, 1), (1, 6), (0, 1), (0, 2)]);
    assert_eq!(
        message(&top_unused),
        "the code's puzzle breaks the rules: the code says colour 1 is the highest, but no triangle has it"
    );
    let no_hole = payload_of(&[(1, 1), (1, 1), (0, 1), (1, 1), (0, 6), (0, 1), (0, 1)]);
    assert_eq!(
        message(&no_hole),
        "the code's puzzle breaks the rules: the code says the level has holes, but no cell is one"
    );
    // 300 x 300 cells.
    let huge = payload_of(&[(0, 8), (300, 9), (0, 8), (300, 9), (0, 1), (0, 1), (0, 6), (0, 1)]);
    assert_eq!(message(&huge), "the code's puzzle breaks the rules: a 300x300 level: a code holds at most 65536 cells");
    // One level, the flat packing where the predicted one is shorter.
    let row: Level = "000000000012".parse().unwrap();
    let (symbols, n) = super::symbols(&row);
    assert!(predicted(&symbols, 12, n).1 < flat(&symbols, n).1);
    let mut fields = vec![(1, 1), (12, 7), (0, 1), (0, 1), (2, 6), (0, 1)];
    fields.extend(flat(&symbols, n).0);
    let stripes = payload_of(&fields);
    assert!(message(&stripes).contains("another packing"), "{}", message(&stripes));
    // Trailing bytes.
    let long = payload_of(&[(1, 1), (1, 1), (0, 1), (0, 1), (0, 6), (0, 1), (0, 16)]);
    assert_eq!(message(&long), "bad code length: the payload is longer than its level");
}

#[test]
fn a_level_too_big_has_no_code() {
    let level = Level::from_cells(Grid::new(300, 300, Some(0))).unwrap();
    assert_eq!(encode(&level).unwrap_err(), CodeError::TooBig { rows: 300, cols: 300 });
    let largest = Level::from_cells(Grid::new(256, 256, Some(0))).unwrap();
    assert_eq!(decode(&encode(&largest).unwrap()).unwrap(), largest);
}
