//! Puzzle codes: one line that holds a Hitori puzzle, `hitori:1:…`, to share the puzzle
//! itself instead of the seed that made it (the envelope, its alphabet and its 12-bit check
//! are [`engine::code`]'s; this module packs the payload).
//!
//! Version 1 payload, bits most significant first:
//!
//! | field | bits | meaning |
//! |---|---|---|
//! | width, height | Elias gamma | 1 to [`MAX_SIDE`] each, at most [`MAX_CELLS`] cells |
//! | largest number M | Elias gamma | 1 to 2³² − 1; it must occur in the grid |
//! | numbers | groups | row by row, each number n as the digit n − 1 in base M: groups of k digits (the most with M^k ≤ 2⁶⁴, the first digit most significant), each group as one number of as many bits as its largest value M^k − 1 needs (the last group holds the digits left over); nothing when M = 1 |
//!
//! then zero bits to the byte. Elias gamma writes v ≥ 1 as (bit length of v) − 1 zero bits,
//! then v in binary. A 4x4 puzzle with numbers up to 4 takes 19 characters, a 25x25 one with
//! numbers up to 25 takes 505. The round trip is exact: the same numbers come back, not
//! renamed ones. Decoding checks everything — sizes, numbers above M, an M that does not
//! occur, cut or trailing bits — and accepts only the payload the encoder writes, so a
//! puzzle has exactly one code.
//!
//! ```
//! let puzzle: hitori::Puzzle = "1 1\n1 2".parse().unwrap();
//! let code = hitori::code::encode(&puzzle).unwrap();
//! assert_eq!(code, "hitori:1:SQgm6");
//! assert_eq!(hitori::code::decode(&code).unwrap(), puzzle);
//! ```

use engine::Grid;
use engine::code::{BitReader, BitWriter, CodeError as EnvelopeError};

use crate::board::Puzzle;

/// The game's name at the front of its codes.
pub const GAME: &str = "hitori";

/// The newest payload format: what [`encode`] writes. Older ones decode for ever.
pub const VERSION: u32 = 1;

/// The longest side a code holds (the generator's limit).
pub const MAX_SIDE: usize = 10_000;

/// The most cells a code holds (the generator's limit).
pub const MAX_CELLS: usize = 1_000_000;

/// Why a puzzle has no code, or a text is not the code of a Hitori puzzle.
///
/// ```
/// use hitori::code::{CodeError, decode};
/// let err = decode(&engine::code::encode("kami", 1, &[1, 2, 3])).unwrap_err();
/// assert_eq!(err.to_string(), "a kami code, not a hitori code");
/// assert!(matches!(err, CodeError::Code(engine::code::CodeError::OtherGame { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CodeError {
    /// The text is not a Hitori code, or its payload is not a puzzle: what is wrong.
    #[error(transparent)]
    Code(#[from] EnvelopeError),
    /// A puzzle with a side above [`MAX_SIDE`] or more than [`MAX_CELLS`] cells.
    #[error(
        "a code holds puzzles with sides up to {MAX_SIDE} and at most {MAX_CELLS} cells, this one is {width}x{height}"
    )]
    TooBig {
        /// The puzzle's width.
        width: usize,
        /// The puzzle's height.
        height: usize,
    },
    /// Numbers so many and so large that the code would pass [`engine::code::MAX_LEN`]
    /// characters.
    #[error("the code would be {0} characters long, more than a code may be ({max})", max = engine::code::MAX_LEN)]
    TooLong(usize),
}

/// The code of `puzzle`, in the newest format.
///
/// ```
/// use hitori::code::{CodeError, encode};
/// let p: hitori::Puzzle = "3 1 2\n1 3 3".parse().unwrap();
/// assert_eq!(encode(&p).unwrap(), "hitori:1:acEg6v");
/// let long = hitori::Puzzle::parse(&"1 ".repeat(10_001)).unwrap();
/// assert!(matches!(encode(&long), Err(CodeError::TooBig { width: 10_001, height: 1 })));
/// ```
///
/// # Errors
/// The puzzle is too big for a code ([`CodeError::TooBig`]), or its code would be longer
/// than a code may be ([`CodeError::TooLong`]).
pub fn encode(puzzle: &Puzzle) -> Result<String, CodeError> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if !fits(width, height) {
        return Err(CodeError::TooBig { width, height });
    }
    let text = engine::code::encode(GAME, VERSION, &v1::encode(puzzle));
    if text.len() > engine::code::MAX_LEN {
        return Err(CodeError::TooLong(text.len()));
    }
    Ok(text)
}

/// The puzzle of a code (surrounding white space ignored), any version.
///
/// ```
/// use engine::code::CodeError as Envelope;
/// use hitori::code::{CodeError, decode};
/// assert_eq!(decode(" hitori:1:SQgm6\n").unwrap().to_string(), "1 1\n1 2\n");
/// assert_eq!(decode("hitori:1:SQgm7").unwrap_err(), CodeError::Code(Envelope::BadCheck));
/// let future = engine::code::encode("hitori", 7, &[0]);
/// assert_eq!(decode(&future).unwrap_err().to_string(), "unknown hitori code version 7");
/// ```
///
/// # Errors
/// The text is not a code, not a Hitori code, of an unknown version, or its payload is not
/// a puzzle; the error says which.
pub fn decode(text: &str) -> Result<Puzzle, CodeError> {
    let code = engine::code::decode_for(GAME, VERSION, text)?;
    match code.version {
        1 => Ok(v1::decode(&code.payload)?),
        version => Err(EnvelopeError::UnknownVersion { game: code.game, version }.into()),
    }
}

/// Whether a `width`×`height` puzzle fits in a code.
fn fits(width: usize, height: usize) -> bool {
    (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height) && width * height <= MAX_CELLS
}

/// Format version 1.
mod v1 {
    use super::{BitReader, BitWriter, EnvelopeError, Grid, MAX_SIDE, Puzzle, fits};

    /// The payload of `puzzle` (which [`fits`]).
    pub fn encode(puzzle: &Puzzle) -> Vec<u8> {
        let numbers = puzzle.numbers().cells();
        let largest = numbers.iter().copied().max().unwrap_or(1);
        let mut w = BitWriter::default();
        gamma(&mut w, puzzle.width() as u64);
        gamma(&mut w, puzzle.height() as u64);
        gamma(&mut w, u64::from(largest));
        let base = u128::from(largest);
        for group in numbers.chunks(group_len(largest)) {
            let value = group.iter().fold(0u128, |v, &n| v * base + u128::from(n - 1));
            w.push(value as u64, group_bits(largest, group.len()));
        }
        w.finish()
    }

    /// The puzzle of a version-1 payload, checked.
    pub fn decode(payload: &[u8]) -> Result<Puzzle, EnvelopeError> {
        let mut r = BitReader::new(payload);
        let width = read_gamma(&mut r, "width")?;
        let height = read_gamma(&mut r, "height")?;
        let (width, height) =
            (usize::try_from(width).unwrap_or(usize::MAX), usize::try_from(height).unwrap_or(usize::MAX));
        if !fits(width, height) {
            return Err(EnvelopeError::Puzzle(format!(
                "{width}x{height} is not a size a code holds (sides up to {MAX_SIDE}, at most {} cells)",
                super::MAX_CELLS
            )));
        }
        let largest = read_gamma(&mut r, "largest number")?;
        let largest = u32::try_from(largest)
            .map_err(|_| EnvelopeError::Puzzle(format!("the largest number {largest} is above {}", u32::MAX)))?;
        let cells = width * height;
        let group = group_len(largest);
        let base = u128::from(largest);
        let mut numbers = Vec::with_capacity(cells);
        while numbers.len() < cells {
            let digits = group.min(cells - numbers.len());
            let value = u128::from(r.take(group_bits(largest, digits))?);
            if value >= base.pow(digits as u32) {
                return Err(EnvelopeError::Puzzle(format!(
                    "a number near cell {} is above the largest number {largest}",
                    numbers.len() + 1
                )));
            }
            let start = numbers.len();
            let mut rest = value;
            for _ in 0..digits {
                // Each digit is below `largest`, a u32: the cast cannot truncate.
                numbers.push((rest % base) as u32 + 1);
                rest /= base;
            }
            numbers[start..].reverse();
        }
        if !r.at_end() {
            return Err(EnvelopeError::BadLength("the payload goes on after the last number".into()));
        }
        if !numbers.contains(&largest) {
            return Err(EnvelopeError::Puzzle(format!("the largest number {largest} does not occur")));
        }
        let grid = Grid::from_vec(width, height, numbers).map_err(|e| EnvelopeError::Puzzle(e.to_string()))?;
        Puzzle::from_grid(grid).ok_or_else(|| EnvelopeError::Puzzle("not a puzzle".into()))
    }

    /// How many base-`largest` digits go in one group: the most with `largest`^k ≤ 2⁶⁴
    /// (64 for `largest` = 1, whose digits take no bits).
    pub fn group_len(largest: u32) -> usize {
        if largest <= 2 {
            return 64;
        }
        let limit = 1u128 << 64;
        let base = u128::from(largest);
        let mut k = 1;
        let mut power = base;
        while power * base <= limit {
            power *= base;
            k += 1;
        }
        k
    }

    /// The bits of a group of `digits` base-`largest` digits: the bit length of
    /// `largest`^`digits` − 1.
    pub fn group_bits(largest: u32, digits: usize) -> u32 {
        // digits ≤ group_len(largest), so the power is at most 2⁶⁴.
        let max = u128::from(largest).pow(digits as u32) - 1;
        128 - max.leading_zeros()
    }

    /// Writes `value` ≥ 1 in Elias gamma: its bit length − 1 zero bits, then its bits.
    fn gamma(w: &mut BitWriter, value: u64) {
        let bits = 64 - value.leading_zeros();
        w.push(0, bits - 1);
        w.push(value, bits);
    }

    /// Reads an Elias gamma number of at most 32 bits, naming `what` in errors.
    fn read_gamma(r: &mut BitReader<'_>, what: &str) -> Result<u64, EnvelopeError> {
        let mut zeros = 0;
        while r.take(1)? == 0 {
            zeros += 1;
            if zeros >= 32 {
                return Err(EnvelopeError::Puzzle(format!("the {what} is above {}", u32::MAX)));
            }
        }
        Ok(1 << zeros | r.take(zeros)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn puzzle(width: usize, height: usize, numbers: Vec<u32>) -> Puzzle {
        Puzzle::from_grid(Grid::from_vec(width, height, numbers).unwrap()).unwrap()
    }

    /// A random puzzle: sizes from 1x1 to 30x30 and long thin ones, numbers up to `largest`
    /// (small, the usual max(w, h), or huge).
    fn any_puzzle() -> impl Strategy<Value = Puzzle> {
        let size = prop_oneof![(1usize..=30, 1usize..=30), (1usize..=3, 1usize..=400), (1usize..=400, 1usize..=3)];
        let largest = prop_oneof![Just(1u32), 1u32..=40, 1u32..=1000, 1u32..=u32::MAX, Just(u32::MAX)];
        (size, largest).prop_flat_map(|((w, h), largest)| {
            prop::collection::vec(1..=largest, w * h).prop_map(move |numbers| puzzle(w, h, numbers))
        })
    }

    /// A payload through the envelope, as a decoder would read it.
    fn coded(payload: &[u8]) -> String {
        engine::code::encode(GAME, VERSION, payload)
    }

    /// The Puzzle error's message, or the error.
    fn decode_err(payload: &[u8]) -> String {
        decode(&coded(payload)).unwrap_err().to_string()
    }

    proptest! {
        #[test]
        fn codes_round_trip(p in any_puzzle()) {
            let code = encode(&p).unwrap();
            prop_assert!(engine::code::looks_like_code(&code));
            prop_assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~:".contains(&b)));
            prop_assert_eq!(decode(&code).unwrap(), p);
        }

        #[test]
        fn one_character_changed_is_an_error(p in any_puzzle(), at in any::<prop::sample::Index>(), to in "[A-Za-z0-9_:-]") {
            let code = encode(&p).unwrap();
            let i = at.index(code.len());
            let mut changed = code.clone();
            changed.replace_range(i..=i, &to);
            if changed != code {
                prop_assert!(decode(&changed).is_err(), "{changed}");
            }
        }

        #[test]
        fn any_text_or_payload_decodes_or_says_why_not(text in ".{0,200}", payload in prop::collection::vec(any::<u8>(), 0..60)) {
            if let Ok(p) = decode(&text) {
                prop_assert_eq!(encode(&p).unwrap(), text.trim());
            }
            match decode(&coded(&payload)) {
                Ok(p) => prop_assert_eq!(v1::encode(&p), payload),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }

        #[test]
        fn cut_codes_are_errors(p in any_puzzle(), cut in any::<prop::sample::Index>()) {
            let code = encode(&p).unwrap();
            let keep = cut.index(code.len());
            prop_assert!(decode(&code[..keep]).is_err());
        }
    }

    #[test]
    fn every_single_character_change_is_an_error() {
        let p = puzzle(5, 5, (0..25).map(|i| (i * 3 + i / 5) % 5 + 1).collect());
        let code = encode(&p).unwrap();
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_:";
        let mut tried = 0;
        for i in 0..code.len() {
            for c in alphabet.chars() {
                let mut changed = code.clone();
                changed.replace_range(i..=i, c.encode_utf8(&mut [0; 4]));
                if changed != code {
                    assert!(decode(&changed).is_err(), "{changed}");
                    tried += 1;
                }
            }
        }
        assert_eq!(tried, code.len() * 64);
    }

    #[test]
    fn compact() {
        let four = puzzle(4, 4, (0..16).map(|i| i % 4 + 1).collect());
        assert_eq!(encode(&four).unwrap().len(), 19);
        let big = puzzle(25, 25, (0..625).map(|i| (i * 7 + i / 25) % 25 + 1).collect());
        let code = encode(&big).unwrap();
        assert_eq!(code.len(), 505);
        assert_eq!(decode(&code).unwrap(), big);
    }

    #[test]
    fn extremes_round_trip() {
        for p in [
            puzzle(1, 1, vec![1]),
            puzzle(1, 1, vec![u32::MAX]),
            puzzle(MAX_SIDE, 1, vec![1; MAX_SIDE]),
            puzzle(1000, 1000, vec![1; MAX_CELLS]),
            puzzle(100, 100, (0..10_000).map(|i| i % 100 + 1).collect()),
        ] {
            assert_eq!(decode(&encode(&p).unwrap()).unwrap(), p);
        }
    }

    #[test]
    fn too_big_and_too_long_puzzles_have_no_code() {
        let tall = puzzle(1, MAX_SIDE + 1, vec![1; MAX_SIDE + 1]);
        assert_eq!(encode(&tall).unwrap_err(), CodeError::TooBig { width: 1, height: MAX_SIDE + 1 });
        let wide = puzzle(1001, 1000, vec![1; 1_001_000]);
        assert!(matches!(encode(&wide).unwrap_err(), CodeError::TooBig { .. }));
        let long = puzzle(300, 300, (0..90_000).map(|i| i % 300 + 1).collect());
        let err = encode(&long).unwrap_err();
        assert!(matches!(err, CodeError::TooLong(n) if n > engine::code::MAX_LEN), "{err}");
    }

    /// A payload of `values` (value, bits).
    fn bits(values: &[(u64, u32)]) -> Vec<u8> {
        let mut w = BitWriter::default();
        for &(v, n) in values {
            w.push(v, n);
        }
        w.finish()
    }

    #[test]
    fn bad_payloads_say_what_is_wrong() {
        // 1x1, largest 1, nothing more: the puzzle "1".
        assert_eq!(decode(&coded(&bits(&[(1, 1), (1, 1), (1, 1)]))).unwrap().to_string(), "1\n");
        assert_eq!(decode_err(&[]), "bad code length: the payload is cut short");
        assert_eq!(decode_err(&[0, 0, 0, 0, 0]), "the code's puzzle breaks the rules: the width is above 4294967295");
        // Width 16384.
        let wide = bits(&[(0, 14), (16384, 15), (1, 1), (1, 1)]);
        assert_eq!(
            decode_err(&wide),
            "the code's puzzle breaks the rules: 16384x1 is not a size a code holds (sides up to 10000, at most 1000000 cells)"
        );
        let many = bits(&[(0, 9), (1000, 10), (0, 9), (1001, 10), (1, 1)]);
        assert!(decode_err(&many).contains("1000x1001 is not a size"));
        // 2x1, largest 3 (one group of 2 digits, 4 bits): 9 > 3² − 1.
        assert_eq!(
            decode_err(&bits(&[(2, 3), (1, 1), (3, 3), (9, 4)])),
            "the code's puzzle breaks the rules: a number near cell 1 is above the largest number 3"
        );
        // 2x1, largest 3, digits 0 and 1: numbers 1 2, no 3.
        assert_eq!(
            decode_err(&bits(&[(2, 3), (1, 1), (3, 3), (1, 4)])),
            "the code's puzzle breaks the rules: the largest number 3 does not occur"
        );
        assert_eq!(decode(&coded(&bits(&[(2, 3), (1, 1), (3, 3), (5, 4)]))).unwrap().to_string(), "2 3\n");
        assert_eq!(
            decode_err(&bits(&[(2, 3), (1, 1), (3, 3), (5, 4), (1, 1)])),
            "bad code length: the payload goes on after the last number"
        );
        let mut extra = bits(&[(2, 3), (1, 1), (3, 3), (5, 4)]);
        extra.push(0);
        assert_eq!(decode_err(&extra), "bad code length: the payload goes on after the last number");
        assert_eq!(decode_err(&bits(&[(2, 3), (1, 1), (3, 3)])), "bad code length: the payload is cut short");
    }

    #[test]
    fn foreign_and_odd_texts_are_errors() {
        assert_eq!(decode("").unwrap_err().to_string(), "empty code");
        assert_eq!(decode("1 2\n2 1").unwrap_err().to_string(), "bad character ' ' at position 2 of the code");
        assert_eq!(
            decode(&"a".repeat(1 << 20)).unwrap_err().to_string(),
            "code too long: 1048576 characters, at most 65536"
        );
        let future = engine::code::encode(GAME, 2, &[0]);
        assert_eq!(decode(&future).unwrap_err().to_string(), "unknown hitori code version 2");
        let zero = engine::code::encode(GAME, 0, &[0]);
        assert_eq!(decode(&zero).unwrap_err().to_string(), "unknown hitori code version 0");
    }

    #[test]
    fn group_sizes_fill_64_bits() {
        assert_eq!((v1::group_len(1), v1::group_bits(1, 64)), (64, 0));
        assert_eq!((v1::group_len(2), v1::group_bits(2, 64)), (64, 64));
        assert_eq!((v1::group_len(25), v1::group_bits(25, 13)), (13, 61));
        assert_eq!((v1::group_len(u32::MAX), v1::group_bits(u32::MAX, 2)), (2, 64));
        assert_eq!(v1::group_len(1 << 16), 4);
    }
}
