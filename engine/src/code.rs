//! Puzzle codes: one line that holds a puzzle itself, not the seed that made it.
//!
//! A code is `<game>:<version>:<payload><check>`: the game's name (lowercase letters), the
//! version of the game's payload format (decimal), the payload (bytes the game packs, in the
//! URL-safe base64 alphabet `A-Z a-z 0-9 - _`, no padding) and two check characters (12
//! bits) computed over everything before them. Codes use only letters, digits and `-_:`, so
//! they travel unescaped in a URL query, a chat message or a level list.
//!
//! The check is a weighted sum of the characters modulo the prime 4093 with a different
//! non-zero weight at every position: changing one character, or swapping two neighbours,
//! always changes it (the difference is a non-zero weight difference times a non-zero
//! character difference, both below the prime); any other corruption goes unnoticed with a
//! chance of about 1 in 4,093.
//!
//! This module owns the envelope and its errors; a game owns only its payload's packing
//! ([`BitWriter`] and [`BitReader`] help) and the versions it reads. A released format
//! decodes for ever: a change is a new version beside the old.
//!
//! ```
//! use engine::code::{self, Code};
//!
//! let text = code::encode("demo", 1, &[1, 2, 3]);
//! assert_eq!(text, "demo:1:AQIDK5");
//! let c: Code = code::decode(&text).unwrap();
//! assert_eq!((c.game.as_str(), c.version, c.payload.as_slice()), ("demo", 1, &[1u8, 2, 3][..]));
//! // One character changed: an error, not another puzzle.
//! assert_eq!(code::decode("demo:1:AQIEK5").unwrap_err(), code::CodeError::BadCheck);
//! ```

use std::fmt;

/// The payload alphabet: URL-safe base64.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The modulus of the check: the largest prime below 4096 = 64².
const CHECK_MODULUS: u64 = 4093;

/// The longest code [`decode`] reads (characters): far above any puzzle's, far below what
/// would cost time to refuse.
pub const MAX_LEN: usize = 1 << 16;

/// A decoded code: which game, which version of its payload format, and the payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    /// The game's name.
    pub game: String,
    /// The version of the game's payload format.
    pub version: u32,
    /// The bytes the game packed.
    pub payload: Vec<u8>,
}

/// Why a text is not a code, or not a code of the puzzle its game expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing but white space.
    Empty,
    /// More than [`MAX_LEN`] characters.
    TooLong(usize),
    /// Not `<game>:<version>:<payload>`.
    Shape(String),
    /// A character outside the code alphabet, at this position (from 1).
    BadCharacter(usize, char),
    /// The check characters do not match: a character was mistyped or lost.
    BadCheck,
    /// A code of another game than the one reading it.
    OtherGame {
        /// The game the code names.
        found: String,
        /// The game reading it.
        expected: String,
    },
    /// A game no reader knows.
    UnknownGame(String),
    /// A version of the game's format this build does not know.
    UnknownVersion {
        /// The game.
        game: String,
        /// The version the code names.
        version: u32,
    },
    /// The payload is cut short or too long for what it says it holds.
    BadLength(String),
    /// The payload decodes to a puzzle that breaks the game's rules.
    Puzzle(String),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty => f.write_str("empty code"),
            CodeError::TooLong(n) => write!(f, "code too long: {n} characters, at most {MAX_LEN}"),
            CodeError::Shape(m) => write!(f, "not a puzzle code: {m}"),
            CodeError::BadCharacter(at, c) => write!(f, "bad character {c:?} at position {at} of the code"),
            CodeError::BadCheck => f.write_str("bad check characters: the code was mistyped or cut"),
            CodeError::OtherGame { found, expected } => write!(f, "a {found} code, not a {expected} code"),
            CodeError::UnknownGame(g) => write!(f, "unknown game {g:?} in the code"),
            CodeError::UnknownVersion { game, version } => write!(f, "unknown {game} code version {version}"),
            CodeError::BadLength(m) => write!(f, "bad code length: {m}"),
            CodeError::Puzzle(m) => write!(f, "the code's puzzle breaks the rules: {m}"),
        }
    }
}

impl std::error::Error for CodeError {}

/// The code of `payload` for `game` (lowercase letters) in format `version`.
///
/// ```
/// assert_eq!(engine::code::encode("demo", 2, &[]), "demo:2:gV");
/// ```
#[must_use]
pub fn encode(game: &str, version: u32, payload: &[u8]) -> String {
    let mut text = format!("{game}:{version}:");
    for chunk in payload.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        let chars = chunk.len() + 1;
        for i in 0..chars {
            text.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    let check = check(&text);
    text.push(char::from(ALPHABET[(check >> 6) as usize]));
    text.push(char::from(ALPHABET[(check & 63) as usize]));
    text
}

/// The 12-bit check of `text`: a weighted sum of its bytes modulo 4093.
fn check(text: &str) -> u64 {
    text.bytes()
        .enumerate()
        .fold(0, |sum, (i, b)| (sum + (i as u64 % (CHECK_MODULUS - 1) + 1) * u64::from(b)) % CHECK_MODULUS)
}

/// Whether `text` (trimmed) has the shape of a code — `<letters>:<digits>:` and code
/// characters only — so that a reader can tell a code from a puzzle's text form.
///
/// ```
/// assert!(engine::code::looks_like_code(" kami:1:AbC-_9 \n"));
/// assert!(!engine::code::looks_like_code("1 2 3\n4 5 6"));
/// assert!(!engine::code::looks_like_code("# par: 3"));
/// ```
#[must_use]
pub fn looks_like_code(text: &str) -> bool {
    let text = text.trim();
    let mut parts = text.splitn(3, ':');
    let (Some(game), Some(version), Some(rest)) = (parts.next(), parts.next(), parts.next()) else { return false };
    !game.is_empty()
        && game.bytes().all(|b| b.is_ascii_lowercase())
        && !version.is_empty()
        && version.bytes().all(|b| b.is_ascii_digit())
        && rest.bytes().all(|b| ALPHABET.contains(&b))
}

/// Decodes a code (surrounding white space ignored) into its game, version and payload,
/// checking its shape, alphabet and check characters.
///
/// ```
/// use engine::code::{decode, CodeError};
/// assert_eq!(decode("").unwrap_err(), CodeError::Empty);
/// assert!(matches!(decode("hello").unwrap_err(), CodeError::Shape(_)));
/// assert_eq!(decode("hello world").unwrap_err(), CodeError::BadCharacter(6, ' '));
/// assert_eq!(decode("demo:1:AQ!DK5").unwrap_err(), CodeError::BadCharacter(10, '!'));
/// assert_eq!(decode("demo:1:AQIDK").unwrap_err(), CodeError::BadCheck);
/// ```
///
/// # Errors
/// What is wrong with the text, as a [`CodeError`].
pub fn decode(text: &str) -> Result<Code, CodeError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(CodeError::Empty);
    }
    if text.len() > MAX_LEN {
        return Err(CodeError::TooLong(text.chars().count()));
    }
    if let Some((at, c)) = text.chars().enumerate().find(|&(_, c)| !(c.is_ascii_alphanumeric() || "-_:".contains(c))) {
        return Err(CodeError::BadCharacter(at + 1, c));
    }
    let mut parts = text.splitn(3, ':');
    let (Some(game), Some(version), Some(body)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(CodeError::Shape("expected <game>:<version>:<payload>".into()));
    };
    if game.is_empty() || !game.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(CodeError::Shape(format!("{game:?} is not a game name")));
    }
    let version: u32 = version.parse().map_err(|_| CodeError::Shape(format!("{version:?} is not a version number")))?;
    if let Some((at, _)) = text.match_indices(':').nth(2) {
        return Err(CodeError::BadCharacter(at + 1, ':'));
    }
    if body.len() < 2 {
        return Err(CodeError::BadCheck);
    }
    let (data, sum) = body.split_at(body.len() - 2);
    let value = |b: u8| ALPHABET.iter().position(|&a| a == b).map_or(0, |p| p as u64);
    let given = value(sum.as_bytes()[0]) << 6 | value(sum.as_bytes()[1]);
    if given != check(&text[..text.len() - 2]) {
        return Err(CodeError::BadCheck);
    }
    if data.len() % 4 == 1 {
        return Err(CodeError::BadLength(format!("{} payload characters cannot hold whole bytes", data.len())));
    }
    let mut payload = Vec::with_capacity(data.len() * 3 / 4);
    for chunk in data.as_bytes().chunks(4) {
        let n = chunk.iter().enumerate().fold(0u64, |n, (i, &b)| n | value(b) << (18 - 6 * i));
        // The bits of the last character past the payload's last byte are zero: one
        // spelling for every payload.
        let padding = 8 - 2 * chunk.len() as u32;
        if padding > 0 && (n >> (24 - 6 * chunk.len() as u32)) & ((1 << padding) - 1) != 0 {
            return Err(CodeError::BadLength("the last payload character holds bits past the payload".into()));
        }
        for i in 0..chunk.len() - 1 {
            payload.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Ok(Code { game: game.to_string(), version, payload })
}

/// Decodes a code of `game`, refusing another game's code and versions above `latest`.
///
/// ```
/// use engine::code::{decode_for, encode, CodeError};
/// let c = encode("demo", 1, &[7]);
/// assert_eq!(decode_for("demo", 1, &c).unwrap().payload, vec![7]);
/// assert!(matches!(decode_for("kami", 1, &c).unwrap_err(), CodeError::OtherGame { .. }));
/// let future = encode("demo", 9, &[7]);
/// assert!(matches!(decode_for("demo", 1, &future).unwrap_err(), CodeError::UnknownVersion { version: 9, .. }));
/// ```
///
/// # Errors
/// As [`decode`], or the code is another game's, or of an unknown version.
pub fn decode_for(game: &str, latest: u32, text: &str) -> Result<Code, CodeError> {
    let code = decode(text)?;
    if code.game != game {
        return Err(CodeError::OtherGame { found: code.game, expected: game.to_string() });
    }
    if code.version == 0 || code.version > latest {
        return Err(CodeError::UnknownVersion { game: code.game, version: code.version });
    }
    Ok(code)
}

/// Packs values of a few bits each into bytes, most significant bit first.
///
/// ```
/// use engine::code::{BitReader, BitWriter};
/// let mut w = BitWriter::default();
/// w.push(5, 3);
/// w.push(1000, 10);
/// let bytes = w.finish();
/// assert_eq!(bytes.len(), 2);
/// let mut r = BitReader::new(&bytes);
/// assert_eq!((r.take(3).unwrap(), r.take(10).unwrap()), (5, 1000));
/// assert!(r.take(8).is_err());
/// ```
#[derive(Clone, Debug, Default)]
pub struct BitWriter {
    bytes: Vec<u8>,
    bits: u32,
}

impl BitWriter {
    /// Appends the low `bits` bits of `value` (at most 64).
    ///
    /// ```
    /// let mut w = engine::code::BitWriter::default();
    /// w.push(1, 1);
    /// assert_eq!(w.finish(), vec![0b1000_0000]);
    /// ```
    pub fn push(&mut self, value: u64, bits: u32) {
        for i in (0..bits.min(64)).rev() {
            if self.bits % 8 == 0 {
                self.bytes.push(0);
            }
            if value >> i & 1 == 1 {
                let last = self.bytes.len() - 1;
                self.bytes[last] |= 0x80 >> (self.bits % 8);
            }
            self.bits += 1;
        }
    }

    /// The bytes written, the last one padded with zero bits.
    ///
    /// ```
    /// assert!(engine::code::BitWriter::default().finish().is_empty());
    /// ```
    #[must_use]
    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

/// Reads back what a [`BitWriter`] wrote.
#[derive(Clone, Debug)]
pub struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> BitReader<'a> {
    /// A reader at the first bit of `bytes`.
    ///
    /// ```
    /// assert_eq!(engine::code::BitReader::new(&[0xff]).take(4).unwrap(), 15);
    /// ```
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, at: 0 }
    }

    /// The next `bits` bits (at most 64) as a number.
    ///
    /// # Errors
    /// [`CodeError::BadLength`] when the bytes end first.
    pub fn take(&mut self, bits: u32) -> Result<u64, CodeError> {
        let mut value = 0;
        for _ in 0..bits.min(64) {
            let byte =
                self.bytes.get(self.at / 8).ok_or_else(|| CodeError::BadLength("the payload is cut short".into()))?;
            value = value << 1 | u64::from(byte >> (7 - self.at % 8) & 1);
            self.at += 1;
        }
        Ok(value)
    }

    /// Whether every bit left is padding (fewer than 8, all zero): a payload with more is
    /// too long for what it says it holds.
    ///
    /// ```
    /// let mut r = engine::code::BitReader::new(&[0b1010_0000]);
    /// r.take(3).unwrap();
    /// assert!(r.at_end());
    /// ```
    #[must_use]
    pub fn at_end(&self) -> bool {
        let left = self.bytes.len() * 8 - self.at.min(self.bytes.len() * 8);
        left < 8 && (self.at..self.bytes.len() * 8).all(|i| self.bytes[i / 8] >> (7 - i % 8) & 1 == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn codes_round_trip(game in "[a-z]{1,8}", version in 0u32..1000, payload in proptest::collection::vec(any::<u8>(), 0..200)) {
            let text = encode(&game, version, &payload);
            prop_assert!(looks_like_code(&text));
            prop_assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_:".contains(&b)));
            prop_assert_eq!(decode(&text).unwrap(), Code { game, version, payload });
        }

        #[test]
        fn one_character_changed_or_two_swapped_is_caught(payload in proptest::collection::vec(any::<u8>(), 1..100), at in any::<prop::sample::Index>(), to in any::<prop::sample::Index>()) {
            let text = encode("demo", 1, &payload);
            let start = "demo:1:".len();
            let mut bytes = text.clone().into_bytes();
            let i = start + at.index(bytes.len() - start);
            bytes[i] = ALPHABET[to.index(64)];
            if bytes != text.as_bytes() {
                prop_assert!(decode(std::str::from_utf8(&bytes).unwrap()).is_err());
            }
            let mut swapped = text.clone().into_bytes();
            let j = start + at.index(swapped.len() - start - 1);
            swapped.swap(j, j + 1);
            if swapped != text.as_bytes() {
                prop_assert!(decode(std::str::from_utf8(&swapped).unwrap()).is_err());
            }
        }

        #[test]
        fn decoding_never_panics(text in ".{0,300}") {
            let _ = decode(&text);
            let _ = looks_like_code(&text);
        }

        #[test]
        fn bits_round_trip(values in proptest::collection::vec((any::<u64>(), 0u32..=64), 0..50)) {
            let mut w = BitWriter::default();
            for &(v, bits) in &values {
                w.push(v, bits);
            }
            let bytes = w.finish();
            let mut r = BitReader::new(&bytes);
            for &(v, bits) in &values {
                let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
                prop_assert_eq!(r.take(bits).unwrap(), v & mask);
            }
            prop_assert!(r.at_end());
        }
    }

    #[test]
    fn huge_and_foreign_texts_are_errors() {
        let huge = "a".repeat(1 << 20);
        assert_eq!(decode(&huge).unwrap_err(), CodeError::TooLong(1 << 20));
        assert!(matches!(decode("demo:x:AAAA").unwrap_err(), CodeError::Shape(_)));
        assert!(matches!(decode("Demo:1:AAAA").unwrap_err(), CodeError::Shape(_)));
        assert_eq!(decode("demo:1:AA:AA").unwrap_err(), CodeError::BadCharacter(10, ':'));
        assert_eq!(decode("demo:1:x").unwrap_err(), CodeError::BadCheck);
        let text = encode("demo", 1, &[1, 2, 3, 4]);
        assert!(decode(&text[..text.len() - 1]).is_err());
        assert!(decode(&text[..text.len() - 3]).is_err());
        // One spelling per payload: bits past the payload in its last character are refused.
        let one = encode("demo", 1, &[0xff]);
        assert_eq!(one, format!("demo:1:_w{}", &one[9..]));
        let other = format!("demo:1:_x{}", {
            let t = "demo:1:_x";
            let c = check(t);
            format!("{}{}", char::from(ALPHABET[(c >> 6) as usize]), char::from(ALPHABET[(c & 63) as usize]))
        });
        assert!(matches!(decode(&other).unwrap_err(), CodeError::BadLength(_)));
    }
}
