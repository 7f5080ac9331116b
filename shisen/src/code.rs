//! Puzzle codes: one line that holds a board and its gravity rule, `shisen:1:…`, to share
//! the puzzle itself instead of the seed that made it (the envelope, its alphabet and its
//! 12-bit check are [`engine::code`]'s; this module packs the payload).
//!
//! Version 1 payload, bits most significant first:
//!
//! | field | bits | meaning |
//! |---|---|---|
//! | width, height | 7 + 7 | 1 to [`MAX_SIDE`] each |
//! | gravity | 1 | tiles fall toward larger y after each removal |
//! | labels | 2 | 0 = standard: the kinds are labelled `A`, `B`, …, `Z`, `AA`, … up to the K-th such label, in any order; 1 = other letter labels; 2 = any labels |
//! | kinds K | 13 | the kinds on the board, at most width × height / 2 |
//! | label table | | labels 1: a width b (5 bits), then K label numbers of b bits (`A` = 0, `Z` = 25, `AA` = 26, …); labels 2: K labels, each its length in bytes (8-bit groups of 7 bits, lowest first, high bit = more follow) and its UTF-8 bytes; labels 0: none |
//! | cells | w × h × bitlen(K) | row by row: 0 = empty, n + 1 = the kind labelled by number n (labels 0) or the n-th label of the table (labels 1 and 2: listed in order of first appearance) |
//!
//! then zero bits to the byte. An 18x8 deal of 36 kinds takes 161 characters. The round
//! trip is exact: the decoded board prints the same text (labels included). Matching groups
//! ([`Board::with_groups`]) and kinds no longer on the board are not part of a code, as
//! they are not part of the text form. Decoding checks everything — sizes, kinds (each an
//! even number of tiles), labels, trailing bits — and accepts only the payload the encoder
//! writes, so a board has exactly one code.
//!
//! ```
//! use shisen::code::Coded;
//! let board: shisen::Board = "A B . A\nB C C .".parse().unwrap();
//! let code = Coded::new(&board, true).unwrap().to_string();
//! assert_eq!(code, "shisen:1:CAoADYbwLo");
//! let back: Coded = code.parse().unwrap();
//! assert_eq!((back.board(), back.gravity()), (&board, true));
//! ```

use std::fmt;
use std::str::FromStr;

use engine::Coord;
use engine::code::{BitReader, BitWriter, CodeError as EnvelopeError};
use serde::{Deserialize, Serialize};

use crate::board::{Board, Kind};

/// The game's name at the front of its codes.
pub const GAME: &str = "shisen";

/// The newest payload format: what [`Coded`] writes. Older ones decode for ever.
pub const VERSION: u32 = 1;

/// The longest side a code holds (the generator's limit).
pub const MAX_SIDE: usize = crate::generate::MAX_SIDE;

/// The widest label number of the letter labels (`labels` = 1).
const MAX_NUMBER_BITS: u32 = 31;

/// Why a board has no code, or a text is not the code of a shisen board.
///
/// ```
/// use shisen::code::{CodeError, decode};
/// let err = decode(&engine::code::encode("kami", 1, &[1, 2, 3])).unwrap_err();
/// assert_eq!(err.to_string(), "a kami code, not a shisen code");
/// assert!(matches!(err, CodeError::Code(engine::code::CodeError::OtherGame { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CodeError {
    /// The text is not a shisen code, or its payload is not a board: what is wrong.
    #[error(transparent)]
    Code(#[from] EnvelopeError),
    /// A board with a side above [`MAX_SIDE`].
    #[error("a code holds boards up to {max}x{max}, this one is {width}x{height}", max = MAX_SIDE)]
    TooBig {
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A board whose text form does not read back (a kind with an odd number of tiles, a
    /// label with white space): it is no puzzle to share.
    #[error("the board's text does not read back: {0}")]
    Unwritable(engine::ParseError),
    /// Labels so long that the code would pass [`engine::code::MAX_LEN`] characters.
    #[error("the code would be {0} characters long, more than a code may be")]
    TooLong(usize),
}

/// What a code holds: a board and whether it is played with gravity. [`Display`](fmt::Display)
/// writes the code, [`FromStr`] reads one (any version).
///
/// ```
/// use shisen::code::Coded;
/// let coded: Coded = "shisen:1:CAoADYbwLo".parse().unwrap();
/// assert_eq!(coded.board().to_string(), "A B . A\nB C C .\n");
/// assert!(coded.gravity());
/// assert_eq!(coded.to_string(), "shisen:1:CAoADYbwLo");
/// ```
///
/// Serialised as `{"board": [rows], "gravity": bool}`; reading one checks it as
/// [`Coded::new`] does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Parts")]
pub struct Coded {
    board: Board,
    gravity: bool,
}

/// A [`Coded`] as read by serde, before its checks.
#[derive(Deserialize)]
struct Parts {
    board: Board,
    gravity: bool,
}

impl TryFrom<Parts> for Coded {
    type Error = CodeError;
    fn try_from(parts: Parts) -> Result<Coded, CodeError> {
        Coded::new(&parts.board, parts.gravity)
    }
}

impl Coded {
    /// The code's content for `board` played with or without `gravity`; the board is kept
    /// as its text reads back (without matching groups or kinds no longer on it).
    ///
    /// ```
    /// use shisen::code::{CodeError, Coded};
    /// let board = shisen::Board::parse(&"A A ".repeat(51)).unwrap();
    /// assert!(matches!(Coded::new(&board, false), Err(CodeError::TooBig { width: 102, height: 1 })));
    /// ```
    ///
    /// # Errors
    /// The board is too big for a code, its text does not read back, or its labels make the
    /// code too long.
    pub fn new(board: &Board, gravity: bool) -> Result<Coded, CodeError> {
        let (width, height) = (board.width(), board.height());
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(CodeError::TooBig { width, height });
        }
        let board = Board::parse(&board.to_string()).map_err(CodeError::Unwritable)?;
        let coded = Coded { board, gravity };
        let len = coded.to_string().len();
        if len > engine::code::MAX_LEN {
            return Err(CodeError::TooLong(len));
        }
        Ok(coded)
    }

    /// The board.
    ///
    /// ```
    /// let coded = shisen::code::Coded::new(&"A A".parse().unwrap(), false).unwrap();
    /// assert_eq!(coded.board().tile_count(), 2);
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the board is played with gravity.
    ///
    /// ```
    /// assert!(!shisen::code::Coded::new(&"A A".parse().unwrap(), false).unwrap().gravity());
    /// ```
    #[must_use]
    pub fn gravity(&self) -> bool {
        self.gravity
    }

    /// The board and the gravity flag.
    ///
    /// ```
    /// let (board, gravity) = shisen::code::Coded::new(&"A A".parse().unwrap(), true).unwrap().into_parts();
    /// assert_eq!((board.to_string().as_str(), gravity), ("A A\n", true));
    /// ```
    #[must_use]
    pub fn into_parts(self) -> (Board, bool) {
        (self.board, self.gravity)
    }
}

/// The code of `board` played with or without `gravity` ([`Coded::new`], then its text).
///
/// ```
/// let board: shisen::Board = "A A".parse().unwrap();
/// assert_eq!(shisen::code::encode(&board, false).unwrap(), "shisen:1:BAQABwUS");
/// ```
///
/// # Errors
/// As [`Coded::new`].
pub fn encode(board: &Board, gravity: bool) -> Result<String, CodeError> {
    Coded::new(board, gravity).map(|c| c.to_string())
}

/// The board and gravity flag of a code (surrounding white space ignored), any version.
///
/// ```
/// use engine::code::CodeError as Envelope;
/// use shisen::code::{decode, CodeError};
/// assert_eq!(decode("shisen:1:BAQABwUS").unwrap().board().to_string(), "A A\n");
/// assert_eq!(decode("shisen:1:BAQABwUT").unwrap_err(), CodeError::Code(Envelope::BadCheck));
/// assert!(matches!(decode("shisen:7:AAAA").unwrap_err(), CodeError::Code(Envelope::BadCheck)));
/// let future = engine::code::encode("shisen", 7, &[0]);
/// assert_eq!(decode(&future).unwrap_err().to_string(), "unknown shisen code version 7");
/// ```
///
/// # Errors
/// The text is not a code, not a shisen code, of an unknown version, or its payload is not
/// a board; the error says which.
pub fn decode(text: &str) -> Result<Coded, CodeError> {
    let code = engine::code::decode_for(GAME, VERSION, text)?;
    match code.version {
        1 => Ok(v1::decode(&code.payload)?),
        version => Err(EnvelopeError::UnknownVersion { game: code.game, version }.into()),
    }
}

impl fmt::Display for Coded {
    /// The code, in the newest format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&engine::code::encode(GAME, VERSION, &v1::encode(&self.board, self.gravity)))
    }
}

impl FromStr for Coded {
    type Err = CodeError;
    fn from_str(text: &str) -> Result<Coded, CodeError> {
        decode(text)
    }
}

/// The number of a letter label (`A` = 0, …, `Z` = 25, `AA` = 26, …: the inverse of
/// [`crate::generate::label`]), `None` for other labels and numbers of more than 31 bits.
fn letter_number(label: &str) -> Option<u32> {
    if label.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for b in label.bytes() {
        if !b.is_ascii_uppercase() {
            return None;
        }
        value = value.checked_mul(26)?.checked_add(u64::from(b - b'A') + 1)?;
        if value > 1 << MAX_NUMBER_BITS {
            return None;
        }
    }
    u32::try_from(value - 1).ok()
}

/// The number of bits that hold the numbers `0..=n`.
fn bits_for(n: u64) -> u32 {
    u64::BITS - n.leading_zeros()
}

/// Format version 1 (see the module docs).
mod v1 {
    use super::{
        BitReader, BitWriter, Board, Coded, Coord, EnvelopeError, Kind, MAX_NUMBER_BITS, MAX_SIDE, bits_for,
        letter_number,
    };

    /// The bits of the width, the height and the kind count.
    const SIDE_BITS: u32 = 7;
    const KINDS_BITS: u32 = 13;

    /// How the labels are stored.
    const STANDARD: u64 = 0;
    const LETTERS: u64 = 1;
    const NAMED: u64 = 2;

    /// The payload of a board whose text reads back (as [`Coded::new`] ensures).
    pub(super) fn encode(board: &Board, gravity: bool) -> Vec<u8> {
        let mut w = BitWriter::default();
        let kinds = board.kind_count();
        w.push(board.width() as u64, SIDE_BITS);
        w.push(board.height() as u64, SIDE_BITS);
        w.push(u64::from(gravity), 1);
        let labels: Vec<&str> = (0..kinds).map(|k| board.label(Kind(k as u16))).collect();
        let numbers: Option<Vec<u32>> = labels.iter().map(|l| letter_number(l)).collect();
        // The value of each kind in the cells: its letter number (standard labels) or its
        // place in order of first appearance (the board's own numbering).
        let values: Vec<u64> = match numbers {
            Some(numbers) if numbers.iter().all(|&n| (n as usize) < kinds) => {
                w.push(STANDARD, 2);
                w.push(kinds as u64, KINDS_BITS);
                numbers.into_iter().map(u64::from).collect()
            }
            Some(numbers) => {
                w.push(LETTERS, 2);
                w.push(kinds as u64, KINDS_BITS);
                let bits = bits_for(u64::from(numbers.iter().copied().max().unwrap_or(0)));
                w.push(u64::from(bits), 5);
                for &n in &numbers {
                    w.push(u64::from(n), bits);
                }
                (0..kinds as u64).collect()
            }
            None => {
                w.push(NAMED, 2);
                w.push(kinds as u64, KINDS_BITS);
                for label in labels {
                    push_length(&mut w, label.len());
                    for b in label.bytes() {
                        w.push(u64::from(b), 8);
                    }
                }
                (0..kinds as u64).collect()
            }
        };
        let bits = bits_for(kinds as u64);
        for cell in board.cells().cells() {
            w.push(cell.map_or(0, |k| values[usize::from(k.0)] + 1), bits);
        }
        w.finish()
    }

    /// A length, 7 bits a group from the lowest, the high bit of a group set when more follow.
    fn push_length(w: &mut BitWriter, mut n: usize) {
        loop {
            let more = n >= 0x80;
            w.push((n & 0x7f) as u64 | if more { 0x80 } else { 0 }, 8);
            n >>= 7;
            if !more {
                break;
            }
        }
    }

    /// Reads a length written by [`push_length`] (at most 32 bits).
    fn take_length(r: &mut BitReader<'_>) -> Result<usize, EnvelopeError> {
        let mut n: u64 = 0;
        for shift in (0..35).step_by(7) {
            let group = r.take(8)?;
            n |= (group & 0x7f) << shift;
            if group & 0x80 == 0 {
                return usize::try_from(n).map_err(|_| puzzle(format!("a label of {n} bytes")));
            }
        }
        Err(puzzle("a label length of more than 32 bits".into()))
    }

    fn puzzle(message: String) -> EnvelopeError {
        EnvelopeError::Puzzle(message)
    }

    /// Reads a number of `bits` bits that must be at most `max`, naming it `what`.
    fn take_at_most(r: &mut BitReader<'_>, bits: u32, max: u64, what: &str) -> Result<u64, EnvelopeError> {
        let n = r.take(bits)?;
        if n > max {
            return Err(puzzle(format!("{what} is {n}, at most {max}")));
        }
        Ok(n)
    }

    /// The board and gravity flag of a version 1 payload.
    pub(super) fn decode(payload: &[u8]) -> Result<Coded, EnvelopeError> {
        let mut r = BitReader::new(payload);
        let width = r.take(SIDE_BITS)? as usize;
        let height = r.take(SIDE_BITS)? as usize;
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(puzzle(format!("a {width}x{height} board; sides are from 1 to {MAX_SIDE}")));
        }
        let gravity = r.take(1)? == 1;
        let mode = take_at_most(&mut r, 2, NAMED, "the label format")?;
        let kinds = take_at_most(&mut r, KINDS_BITS, (width * height / 2) as u64, "the number of kinds")? as usize;
        let labels = read_labels(&mut r, mode, kinds)?;
        let bits = bits_for(kinds as u64);
        let mut board = Board::empty(width, height, labels);
        let mut counts = vec![0usize; kinds];
        let mut seen = 0;
        for y in 0..height {
            for x in 0..width {
                let value = r.take(bits)? as usize;
                if value > kinds {
                    return Err(puzzle(format!("cell {x},{y} holds kind {value} of {kinds}")));
                }
                if value == 0 {
                    continue;
                }
                if mode != STANDARD && value > seen + 1 {
                    let label = board.label(Kind((value - 1) as u16)).to_string();
                    return Err(puzzle(format!("cell {x},{y} holds {label:?} before the kind listed before it")));
                }
                seen = seen.max(value);
                counts[value - 1] += 1;
                board.set(Coord::new(x as i32, y as i32), Some(Kind((value - 1) as u16)));
            }
        }
        if !r.at_end() {
            return Err(EnvelopeError::BadLength("bits left over after the last cell".into()));
        }
        for (k, &n) in counts.iter().enumerate() {
            if n % 2 == 1 || n == 0 {
                let label = board.label(Kind(k as u16));
                return Err(puzzle(format!(
                    "kind {label:?} has {n} tiles; every kind needs an even number, at least 2"
                )));
            }
        }
        let text = board.to_string();
        let board =
            Board::parse(&text).map_err(|e| puzzle(format!("its board text does not read back: {}", e.message)))?;
        if board.to_string() != text || (board.width(), board.height()) != (width, height) {
            return Err(puzzle("its board text does not read back the same".into()));
        }
        if encode(&board, gravity) != payload {
            return Err(puzzle("the labels are not written the way the encoder writes them".into()));
        }
        Ok(Coded { board, gravity })
    }

    /// The label table of `kinds` kinds in format `mode`.
    fn read_labels(r: &mut BitReader<'_>, mode: u64, kinds: usize) -> Result<Vec<String>, EnvelopeError> {
        match mode {
            LETTERS => {
                let bits = take_at_most(r, 5, u64::from(MAX_NUMBER_BITS), "the width of the label numbers")? as u32;
                (0..kinds).map(|_| Ok(crate::generate::label(r.take(bits)? as usize))).collect()
            }
            NAMED => {
                let mut labels: Vec<String> = Vec::new();
                let mut known = std::collections::HashSet::new();
                for k in 1..=kinds {
                    let len = take_length(r)?;
                    let mut bytes = Vec::new();
                    for _ in 0..len {
                        bytes.push(r.take(8)? as u8);
                    }
                    let label = String::from_utf8(bytes).map_err(|_| puzzle(format!("label {k} is not UTF-8")))?;
                    if label.is_empty() || label == "." || label.contains(char::is_whitespace) {
                        return Err(puzzle(format!("label {label:?} is not a token of the board text")));
                    }
                    if !known.insert(label.clone()) {
                        return Err(puzzle(format!("label {label:?} names two kinds")));
                    }
                    labels.push(label);
                }
                Ok(labels)
            }
            _ => Ok((0..kinds).map(crate::generate::label).collect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letter_numbers_invert_the_generator_labels() {
        for k in (0..5000).chain([475_253, 475_254, 12_356_629]) {
            assert_eq!(letter_number(&crate::generate::label(k)), Some(k as u32), "{k}");
        }
        for bad in ["", "a", "A1", "Ä", "ZZZZZZZZ"] {
            assert_eq!(letter_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_label_format_round_trips() {
        for text in ["A B\nB A", "B A\nA B", "C . C", "dragon . dragon .\nA A B B", ". .\n. .", "ü #x #x ü"] {
            let board = Board::parse(text).unwrap();
            let coded = Coded::new(&board, false).unwrap();
            let back = decode(&coded.to_string()).unwrap();
            assert_eq!(back.board().to_string(), board.to_string(), "{text}");
            assert_eq!(back, coded);
        }
    }
}
