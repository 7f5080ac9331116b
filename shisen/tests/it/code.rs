//! Puzzle codes: every board of every size the crate allows round-trips exactly; bad codes
//! (cut, altered, foreign, random, huge) are errors that say what is wrong, never panics;
//! version 1 codes written today decode to the same boards for ever.

use engine::SeededRng;
use engine::code::CodeError as Envelope;
use proptest::prelude::*;
use shisen::Board;
use shisen::code::{self, CodeError, Coded};

/// A board of `width` × `height` with `pairs` pairs of tiles of `kinds` kinds (at most
/// `pairs`) at random cells, labelled in `labels` style: 0 the generator's letters in a
/// random order, 1 other letters, 2 arbitrary words (some not ASCII).
fn board(width: usize, height: usize, pairs: usize, kinds: usize, labels: u8, seed: u64) -> Board {
    let mut rng = SeededRng::new(seed);
    let cells = width * height;
    let pairs = pairs.min(cells / 2);
    let kinds = kinds.clamp(1, pairs.max(1));
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut names: Vec<String> = match labels {
        0 => (0..kinds).map(shisen::generate::label).collect(),
        1 => (0..kinds).map(|k| shisen::generate::label(k * 7 + 3)).collect(),
        _ => (0..kinds).map(|k| if k % 3 == 0 { format!("tile-{k}") } else { format!("ü{k}#") }).collect(),
    };
    rng.shuffle(&mut names);
    let mut grid = vec![".".to_string(); cells];
    for (j, pair) in order[..2 * pairs].chunks(2).enumerate() {
        for &cell in pair {
            grid[cell].clone_from(&names[j % kinds]);
        }
    }
    let text: Vec<String> = grid.chunks(width).map(|row| row.join(" ")).collect();
    Board::parse(&text.join("\n")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every size from 1x1 to 100x100, full or sparse, every label style: the decoded board
    /// prints the same text and keeps the gravity flag; the code uses only code characters.
    #[test]
    fn codes_round_trip(width in 1usize..=100, height in 1usize..=100, fill in 0.0f64..=1.0, kinds in 1usize..5000, labels in 0u8..3, gravity: bool, seed: u64) {
        let pairs = ((width * height / 2) as f64 * fill) as usize;
        let board = board(width, height, pairs, kinds, labels, seed);
        let text = code::encode(&board, gravity).unwrap();
        prop_assert!(text.starts_with("shisen:1:"));
        prop_assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_:".contains(&b)), "{text}");
        prop_assert!(engine::code::looks_like_code(&text));
        let back = code::decode(&text).unwrap();
        prop_assert_eq!(back.board().to_string(), board.to_string());
        prop_assert_eq!(back.gravity(), gravity);
        prop_assert_eq!(back.to_string(), text);
    }

    /// Any text decodes to a board or an error, never a panic.
    #[test]
    fn arbitrary_text_never_panics(text in "(?s).{0,400}") {
        let _ = code::decode(&text);
    }

    /// Random payloads in a well-formed envelope: an error, or a board whose code is the
    /// same text again (a board has exactly one code).
    #[test]
    fn arbitrary_payloads_are_errors_or_canonical(payload in proptest::collection::vec(any::<u8>(), 0..300), small in proptest::collection::vec(0u8..4, 0..40)) {
        for payload in [payload, small] {
            let text = engine::code::encode("shisen", 1, &payload);
            if let Ok(coded) = code::decode(&text) {
                prop_assert_eq!(coded.to_string(), text);
            }
        }
    }

    /// A valid payload with bits flipped, bytes dropped or added, in a well-formed envelope
    /// (so the check passes): an error, or a board whose code is the same text again.
    #[test]
    fn mutated_payloads_are_errors_or_canonical(width in 1usize..=12, height in 1usize..=8, labels in 0u8..3, seed: u64, flips in proptest::collection::vec(any::<prop::sample::Index>(), 1..4), cut in 0usize..3, extra in proptest::collection::vec(any::<u8>(), 0..3)) {
        let board = board(width, height, 100, 10, labels, seed);
        let text = code::encode(&board, seed % 2 == 1).unwrap();
        let mut payload = engine::code::decode(&text).unwrap().payload;
        let bits = payload.len() * 8;
        for flip in &flips {
            let i = flip.index(bits);
            payload[i / 8] ^= 0x80 >> (i % 8);
        }
        let mut variants = vec![payload.clone()];
        variants.push(payload[..payload.len().saturating_sub(cut)].to_vec());
        variants.push([&payload[..], &extra[..]].concat());
        for payload in variants {
            let text = engine::code::encode("shisen", 1, &payload);
            if let Ok(coded) = code::decode(&text) {
                prop_assert_eq!(coded.to_string(), text);
            }
        }
    }

    /// One character changed, two neighbours swapped, or the code cut anywhere: an error.
    #[test]
    fn altered_and_cut_codes_are_errors(width in 1usize..=18, height in 1usize..=8, labels in 0u8..3, seed: u64, at in any::<prop::sample::Index>(), to in "[A-Za-z0-9_:-]") {
        let board = board(width, height, 100, 30, labels, seed);
        let text = code::encode(&board, seed % 2 == 0).unwrap();
        let i = at.index(text.len());
        let mut changed = text.clone();
        changed.replace_range(i..=i, &to);
        if changed != text {
            prop_assert!(code::decode(&changed).is_err(), "{changed}");
        }
        if i + 1 < text.len() {
            let mut swapped = text.clone().into_bytes();
            swapped.swap(i, i + 1);
            let swapped = String::from_utf8(swapped).unwrap();
            if swapped != text {
                prop_assert!(code::decode(&swapped).is_err(), "{swapped}");
            }
        }
        prop_assert!(code::decode(&text[..i]).is_err());
    }
}

/// An 18x8 deal of 36 kinds (`shisen generate`'s default) fits in 200 characters.
#[test]
fn an_18x8_deal_takes_at_most_200_characters() {
    for seed in 0..20 {
        for gravity in [false, true] {
            let spec = shisen::Spec::default().with_gravity(gravity).with_solvable(seed % 2 == 0);
            let deal = shisen::generate(&spec, &mut SeededRng::new(seed)).unwrap();
            let text = code::encode(&deal.board, gravity).unwrap();
            assert!(text.len() <= 200, "{} characters: {text}", text.len());
            assert_eq!(text.len(), 161, "{text}");
        }
    }
}

/// Codes written by version 1, pinned: they decode to these boards for ever.
#[test]
fn version_1_codes_decode_for_ever() {
    let pinned = [
        ("shisen:1:CAoADYbwLo", "A B . A\nB C C .\n", true),
        ("shisen:1:BAQABwUS", "A A\n", false),
        ("shisen:1:BAgAClgvz", "B A\nA B\n", false),
        ("shisen:1:CAkADBmRyYWdvbgdiYW1ib28xAsO8RK8rp", "dragon . dragon .\nbamboo1 bamboo1 ü ü\n", false),
        (
            "shisen:1:EBIAIR1dnEWNRIoQ4ZSJBg2dThAD5",
            "D G E G F G A A\nF C E A B B H D\nC H F E B B D A\nH C F G E C H D\n",
            true,
        ),
    ];
    for (text, board, gravity) in pinned {
        let coded: Coded = text.parse().unwrap();
        assert_eq!((coded.board().to_string().as_str(), coded.gravity()), (board, gravity), "{text}");
        assert_eq!(coded.to_string(), text);
    }
}

/// Bad codes: the error names what is wrong.
#[test]
fn bad_codes_say_what_is_wrong() {
    let good = code::encode(&"A B\nB A".parse().unwrap(), false).unwrap();
    let message = |text: &str| code::decode(text).unwrap_err().to_string();
    assert_eq!(message(""), "empty code");
    assert_eq!(message(&engine::code::encode("kami", 1, &[1])), "a kami code, not a shisen code");
    assert_eq!(message(&engine::code::encode("shisen", 2, &[1])), "unknown shisen code version 2");
    assert_eq!(message(&engine::code::encode("shisen", 0, &[1])), "unknown shisen code version 0");
    assert_eq!(message(&good[..good.len() - 1]), "bad check characters: the code was mistyped or cut");
    assert_eq!(message("hello world"), "bad character ' ' at position 6 of the code");
    assert_eq!(message(&"x".repeat(1 << 20)), format!("code too long: {} characters, at most 65536", 1 << 20));
    let payload = |bits: &[(u64, u32)]| {
        let mut w = engine::code::BitWriter::default();
        for &(v, n) in bits {
            w.push(v, n);
        }
        engine::code::encode("shisen", 1, &w.finish())
    };
    // 2x1, no gravity, standard labels, 1 kind, then cells.
    let head = [(2, 7), (1, 7), (0, 1), (0, 2), (1, 13)];
    assert_eq!(code::decode(&payload(&[&head[..], &[(1, 1), (1, 1)]].concat())).unwrap().board().to_string(), "A A\n");
    assert_eq!(message(&payload(&head[..4])), "bad code length: the payload is cut short");
    let e = message(&payload(&[&head[..], &[(1, 1), (1, 1), (0, 7), (1, 8)]].concat()));
    assert_eq!(e, "bad code length: bits left over after the last cell");
    let e = message(&payload(&[&head[..], &[(1, 1), (0, 1)]].concat()));
    assert_eq!(
        e,
        "the code's puzzle breaks the rules: kind \"A\" has 1 tiles; every kind needs an even number, at least 2"
    );
    let e = message(&payload(&[(0, 7), (1, 7), (0, 1), (0, 2), (0, 13)]));
    assert_eq!(e, "the code's puzzle breaks the rules: a 0x1 board; sides are from 1 to 100");
    let e = message(&payload(&[(101, 7), (1, 7), (0, 1), (0, 2), (0, 13)]));
    assert_eq!(e, "the code's puzzle breaks the rules: a 101x1 board; sides are from 1 to 100");
    let e = message(&payload(&[(2, 7), (1, 7), (0, 1), (3, 2)]));
    assert_eq!(e, "the code's puzzle breaks the rules: the label format is 3, at most 2");
    let e = message(&payload(&[(2, 7), (1, 7), (0, 1), (0, 2), (2, 13)]));
    assert_eq!(e, "the code's puzzle breaks the rules: the number of kinds is 2, at most 1");
    // Named labels "a" and "a": two kinds with one label.
    let e = message(&payload(&[(4, 7), (1, 7), (0, 1), (2, 2), (2, 13), (1, 8), (97, 8), (1, 8), (97, 8)]));
    assert_eq!(e, "the code's puzzle breaks the rules: label \"a\" names two kinds");
    // Named label "a b": white space in a label.
    let e = message(&payload(&[
        (2, 7),
        (1, 7),
        (0, 1),
        (2, 2),
        (1, 13),
        (3, 8),
        (97, 8),
        (32, 8),
        (98, 8),
        (1, 1),
        (1, 1),
    ]));
    assert_eq!(e, "the code's puzzle breaks the rules: label \"a b\" is not a token of the board text");
    // Named label "#": a row that starts with it is a comment.
    let e = message(&payload(&[(1, 7), (2, 7), (0, 1), (2, 2), (1, 13), (1, 8), (35, 8), (1, 1), (1, 1)]));
    assert_eq!(e, "the code's puzzle breaks the rules: its board text does not read back: no grid rows");
    // Letter labels B and A listed in that order, but A appears first.
    let e = message(&payload(&[
        (4, 7),
        (1, 7),
        (0, 1),
        (1, 2),
        (2, 13),
        (1, 5),
        (1, 1),
        (0, 1),
        (2, 2),
        (2, 2),
        (1, 2),
        (1, 2),
    ]));
    assert_eq!(e, "the code's puzzle breaks the rules: cell 0,0 holds \"A\" before the kind listed before it");
    // Letter labels that are standard ones: written in the standard way only.
    let e = message(&payload(&[(2, 7), (1, 7), (0, 1), (1, 2), (1, 13), (1, 5), (0, 1), (1, 1), (1, 1)]));
    assert_eq!(e, "the code's puzzle breaks the rules: the labels are not written the way the encoder writes them");
}

/// Boards without a code: too big, or with a text that does not read back.
#[test]
fn boards_without_a_code_are_errors() {
    let wide = Board::parse(&"A A ".repeat(51)).unwrap();
    assert_eq!(
        code::encode(&wide, false).unwrap_err().to_string(),
        "a code holds boards up to 100x100, this one is 102x1"
    );
    let mut odd = Board::parse("A A").unwrap();
    odd.set(engine::Coord::new(1, 0), None);
    let err = code::encode(&odd, false).unwrap_err();
    assert!(matches!(err, CodeError::Unwritable(_)), "{err}");
    let long: Vec<String> = (0..5000).map(|k| format!("{k}{}", "x".repeat(20))).collect();
    let text: Vec<String> = long.chunks(50).map(|row| format!("{0} {0}", row.join(" "))).collect();
    let big = Board::parse(&text.join("\n")).unwrap();
    assert!(matches!(code::encode(&big, false), Err(CodeError::TooLong(_))));
    assert!(matches!(code::decode("shisen:1:"), Err(CodeError::Code(Envelope::BadCheck))));
}

/// A code survives serde as its board and gravity flag.
#[test]
fn coded_is_serde() {
    let coded: Coded = "shisen:1:CAoADYbwLo".parse().unwrap();
    let json = serde_json::to_string(&coded).unwrap();
    assert_eq!(json, r#"{"board":["A B . A","B C C ."],"gravity":true}"#);
    assert_eq!(serde_json::from_str::<Coded>(&json).unwrap(), coded);
    let wide = format!(r#"{{"board":["{}"],"gravity":false}}"#, "A A ".repeat(51).trim_end());
    let err = serde_json::from_str::<Coded>(&wide).unwrap_err().to_string();
    assert!(err.starts_with("a code holds boards up to 100x100, this one is 102x1"), "{err}");
}
