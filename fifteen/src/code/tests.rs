use engine::code::{CodeError, encode as envelope};
use proptest::prelude::*;

use super::*;

/// Every size a board may have: 2 to 256 cells, sides of at most 255.
fn size() -> impl Strategy<Value = (usize, usize)> {
    (2usize..=MAX_CELLS)
        .prop_flat_map(|n| {
            let widths: Vec<usize> = (1..=n).filter(|&w| n % w == 0 && w <= 255 && n / w <= 255).collect();
            proptest::sample::select(widths).prop_map(move |w| (w, n / w))
        })
        .boxed()
}

/// A random board and a goal that fits it: any size, a named goal or an explicit one,
/// the usual tiles or a missing number.
fn coded() -> impl Strategy<Value = Code> {
    (size(), any::<prop::sample::Index>(), 0usize..6, any::<bool>())
        .prop_flat_map(|((w, h), m, g, standard)| {
            let n = w * h;
            // A 256-cell board has no tile 256: it leaves out 256.
            let missing = if standard || n > 255 { n } else { 1 + m.index(n) };
            let set: Vec<u8> = (0..=n).filter(|&t| t != missing).map(|t| t as u8).collect();
            (Just((w, h, missing, g)), Just(set.clone()).prop_shuffle(), Just(set).prop_shuffle())
        })
        .prop_map(|((w, h, missing, g), board, goal)| {
            let board = Board::new(w, h, board).unwrap();
            let goal = match NAMED.get(g) {
                Some(named) if missing == w * h => named.clone(),
                _ => Goal::Explicit(Board::new(w, h, goal).unwrap()),
            };
            Code::new(board, goal).unwrap()
        })
}

/// Codes of small boards of every shape with every named goal.
fn small_codes() -> impl Strategy<Value = Code> {
    ((1usize..=4, 1usize..=4).prop_filter("two cells at least", |&(w, h)| w * h >= 2), 0usize..4)
        .prop_flat_map(|((w, h), g)| {
            let tiles: Vec<u8> = (0..(w * h) as u8).collect();
            (Just((w, h, g)), Just(tiles).prop_shuffle())
        })
        .prop_map(|((w, h, g), tiles)| Code::new(Board::new(w, h, tiles).unwrap(), NAMED[g].clone()).unwrap())
}

proptest! {
    #[test]
    fn codes_round_trip_at_every_size(code in coded()) {
        let text = code.to_string();
        prop_assert!(text.starts_with("fifteen:1:"));
        prop_assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_:".contains(&b)));
        prop_assert!(engine::code::looks_like_code(&text));
        prop_assert_eq!(decode(&text).unwrap(), code.clone());
        prop_assert_eq!(encode(code.board(), code.goal()).unwrap(), text);
    }

    #[test]
    fn decoding_arbitrary_text_never_panics(text in ".{0,400}") {
        let _ = decode(&text);
        let _ = decode(&format!("fifteen:1:{text}"));
    }

    /// Any payload in a valid envelope: an error, or a puzzle whose code is exactly that
    /// text (every puzzle has one code, every code one puzzle).
    #[test]
    fn any_payload_is_an_error_or_its_puzzles_only_code(payload in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = envelope(GAME, VERSION, &payload);
        if let Ok(code) = decode(&text) {
            prop_assert_eq!(code.to_string(), text);
        }
    }

    /// A valid payload with one bit flipped, one byte cut or one added: an error, or
    /// another puzzle whose code is exactly that text; never a panic.
    #[test]
    fn mutated_payloads_are_errors_or_other_puzzles(code in small_codes(), at in any::<prop::sample::Index>(), bit in 0u8..8) {
        let payload = engine::code::decode(&code.to_string()).unwrap().payload;
        let mut flipped = payload.clone();
        let i = at.index(flipped.len());
        flipped[i] ^= 1 << bit;
        let mut cut = payload.clone();
        cut.pop();
        let mut longer = payload.clone();
        longer.push(1 << bit);
        for bytes in [flipped, cut, longer] {
            let text = envelope(GAME, VERSION, &bytes);
            match decode(&text) {
                Ok(other) => {
                    prop_assert_ne!(&other, &code);
                    prop_assert_eq!(other.to_string(), text);
                }
                Err(e) => prop_assert!(matches!(e, Error::Code(CodeError::BadLength(_) | CodeError::Puzzle(_))), "{e}"),
            }
        }
    }

    /// One character of a valid code changed: the check catches it.
    #[test]
    fn a_mistyped_character_is_an_error(code in small_codes(), at in any::<prop::sample::Index>(), to in "[A-Za-z0-9_-]") {
        let text = code.to_string();
        let start = "fifteen:1:".len();
        let i = start + at.index(text.len() - start);
        let mut typo = text.clone();
        typo.replace_range(i..=i, &to);
        if typo != text {
            prop_assert!(decode(&typo).is_err());
        }
    }
}

#[test]
fn a_4x4_board_with_a_named_goal_is_23_characters() {
    for goal in NAMED {
        for tiles in [(0..16).collect::<Vec<u8>>(), (0..16).rev().collect()] {
            let text = encode(&Board::new(4, 4, tiles).unwrap(), &goal).unwrap();
            assert_eq!(text.len(), 23, "{text}");
        }
    }
    // The largest boards, for scale.
    let big = Board::new(16, 16, (0..=255).rev().collect()).unwrap();
    let text = encode(&big, &Goal::Spiral).unwrap();
    assert!(text.len() <= 300, "{} characters", text.len());
    let explicit = Goal::Explicit(Board::new(16, 16, (0..=255).collect()).unwrap());
    assert!(encode(&big, &explicit).unwrap().len() <= 600);
}

/// All permutations of `0..n` in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..n {
        for rest in permutations(n - 1) {
            let mut p = vec![first];
            p.extend(rest.into_iter().map(|x| if x >= first { x + 1 } else { x }));
            out.push(p);
        }
    }
    out
}

#[test]
fn ranks_are_lexicographic_positions_and_unrank_inverts_them() {
    for n in 1..=7 {
        let all = permutations(n);
        let max_bits = rank_bits(n.max(2));
        for (position, p) in all.iter().enumerate() {
            let r = rank(p);
            let value = r.iter().rev().fold(0u64, |v, &l| v << 32 | u64::from(l));
            assert_eq!(value, position as u64, "{p:?}");
            assert!(bit_width(&r) <= max_bits);
            assert_eq!(unrank(r, n, "board").unwrap(), *p);
        }
        // n! itself is not a rank.
        let mut factorial = vec![1u32];
        for k in 2..=n {
            mul_add(&mut factorial, k as u32, 0);
        }
        assert!(matches!(unrank(factorial, n, "board"), Err(CodeError::Puzzle(_))));
    }
}

#[test]
fn rank_bits_are_the_width_of_the_largest_rank() {
    let exact = |n: u32| (2..=u64::from(n)).product::<u64>() - 1;
    for n in 2..=20 {
        assert_eq!(rank_bits(n as usize), 64 - exact(n).leading_zeros(), "{n}");
    }
    assert_eq!(rank_bits(16), 45);
    // log2(256!) = 1683.99…
    assert_eq!(rank_bits(256), 1684);
    // The largest rank of 256 tiles round-trips.
    let last: Vec<usize> = (0..256).rev().collect();
    assert_eq!(bit_width(&rank(&last)), 1684);
    assert_eq!(unrank(rank(&last), 256, "board").unwrap(), last);
}

/// A payload of version 1 written by hand: (value, bits) pairs.
fn hand_made(fields: &[(u64, u32)]) -> String {
    let mut bits = BitWriter::default();
    for &(v, b) in fields {
        bits.push(v, b);
    }
    envelope(GAME, VERSION, &bits.finish())
}

#[test]
fn bad_codes_say_what_is_wrong() {
    let error = |text: &str| match decode(text) {
        Err(Error::Code(e)) => e,
        other => panic!("{text}: {other:?}"),
    };
    let good = encode(&Board::new(2, 2, vec![1, 2, 3, 0]).unwrap(), &Goal::BlankLast).unwrap();
    // The envelope's errors.
    assert_eq!(error(""), CodeError::Empty);
    assert_eq!(error(&good[..good.len() - 1]), CodeError::BadCheck);
    assert!(matches!(error(&"x".repeat(1 << 20)), CodeError::TooLong(_)));
    assert!(matches!(error(&good.replace("fifteen", "kami")), CodeError::BadCheck));
    assert!(matches!(error(&envelope("kami", 1, &[1, 2, 3])), CodeError::OtherGame { .. }));
    assert!(matches!(error(&envelope(GAME, 2, &[1, 2, 3])), CodeError::UnknownVersion { version: 2, .. }));
    assert!(matches!(error(&envelope(GAME, 0, &[1, 2, 3])), CodeError::UnknownVersion { version: 0, .. }));
    // The payload's.
    assert!(matches!(error(&envelope(GAME, 1, &[])), CodeError::BadLength(_)));
    assert!(matches!(error(&envelope(GAME, 1, &[1, 1])), CodeError::BadLength(_)));
    let too_big = error(&hand_made(&[(19, 8), (19, 8), (0, 3), (0, 64)]));
    assert_eq!(
        too_big.to_string(),
        "the code's puzzle breaks the rules: a 20x20 board: boards have 2 to 256 cells and sides of at most 255"
    );
    assert!(matches!(error(&hand_made(&[(0, 8), (0, 8), (0, 3)])), CodeError::Puzzle(_)));
    assert!(matches!(error(&hand_made(&[(255, 8), (0, 8), (0, 3)])), CodeError::Puzzle(_)));
    let tag = error(&hand_made(&[(1, 8), (1, 8), (6, 3), (0, 5)]));
    assert_eq!(tag, CodeError::Puzzle("unknown goal tag 6".into()));
    // 2x2: ranks take 5 bits, 4! = 24 and above are not permutations.
    let rank = error(&hand_made(&[(1, 8), (1, 8), (0, 3), (24, 5)]));
    assert_eq!(
        rank.to_string(),
        "the code's puzzle breaks the rules: the board's tiles are not a permutation (rank 4! or more)"
    );
    let goal_rank = error(&hand_made(&[(1, 8), (1, 8), (4, 3), (0, 2), (31, 5), (0, 5)]));
    assert!(goal_rank.to_string().contains("the goal's tiles are not a permutation"), "{goal_rank}");
    // 3x1: the missing number is 3 - offset, offsets 0..=2 in two bits.
    let missing = error(&hand_made(&[(2, 8), (0, 8), (4, 3), (3, 2), (0, 3), (0, 3)]));
    assert!(missing.to_string().contains("is not in 1..=3"), "{missing}");
    let missing_256 = error(&hand_made(&[(15, 8), (15, 8), (4, 3), (1, 8)]));
    assert!(missing_256.to_string().contains("tile 256 is too large"), "{missing_256}");
    assert!(matches!(error(&hand_made(&[(1, 8), (1, 8), (0, 3), (0, 5), (1, 8)])), CodeError::BadLength(_)));
    assert!(matches!(error(&hand_made(&[(1, 8), (1, 8), (0, 3), (0, 5), (1, 1)])), CodeError::BadLength(_)));
    assert!(matches!(error(&hand_made(&[(1, 8), (1, 8)])), CodeError::BadLength(_)));
    // The smallest code: 2x2, blank-first, rank 0.
    let zero = decode(&hand_made(&[(1, 8), (1, 8), (1, 3), (0, 5)])).unwrap();
    assert_eq!((zero.board().to_line(), zero.goal()), ("0 1 2 3".to_string(), &Goal::BlankFirst));
}

/// Version 1 codes, pinned: a change to the format fails here even if the fixtures change.
#[test]
fn version_1_codes_decode_for_ever() {
    for (text, width, tiles, goal) in [
        ("fifteen:1:AQAQ-1", 2, "1 0", "blank-last"),
        ("fifteen:1:AwMTB3d1f_8cG", 4, "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0", "blank-last"),
        ("fifteen:1:AgIV0ZgC4", 3, "8 6 7 2 5 4 3 0 1", "blank-last"),
        ("fifteen:1:AgFQEAkc", 3, "4 1 2 5 0 3", "snake"),
        ("fifteen:1:AQGS6gm8", 2, "4 1 3 0", "1 4 3 0"),
    ] {
        let code = decode(text).unwrap();
        assert_eq!(code.board(), &Board::parse_line(tiles, Some(width)).unwrap(), "{text}");
        assert_eq!(code.goal(), &Goal::parse(goal, Some(width)).unwrap(), "{text}");
        assert_eq!(code.to_string(), text);
    }
}
