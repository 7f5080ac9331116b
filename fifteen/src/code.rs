//! Puzzle codes: a board and its goal in one short line that travels in a URL or a chat
//! message, `fifteen:1:<payload><check>` (the envelope is `engine::code`'s: the game, the
//! format version, the payload in URL-safe base64 and two check characters).
//!
//! The payload of version 1, most significant bit first:
//!
//! | bits | what |
//! |---|---|
//! | 8 | the width − 1 |
//! | 8 | the height − 1 |
//! | 3 | the goal: 0 blank-last, 1 blank-first, 2 snake, 3 spiral, 4 explicit |
//! | ⌈log₂ n⌉ | explicit goals only: `n − m`, where `m` is the number of `1..=n` the tiles leave out (`n` for the usual tiles, anything else for the "missing number" variant) |
//! | ⌈log₂ n!⌉ | explicit goals only: the goal's tiles as a permutation rank |
//! | ⌈log₂ n!⌉ | the board's tiles as a permutation rank |
//!
//! where `n` is the number of cells, and then zero bits up to a whole byte. A permutation
//! rank numbers the `n!` orders of the tiles (the blank and the goal's other tiles, taken
//! in increasing order) in the factorial number system: the first tile's index among the
//! tiles left, times `(n−1)!`, plus the second's among the rest, times `(n−2)!`, and so on.
//! A 4×4 board with a named goal takes 64 bits, so 23 characters in all; a 16×16 board
//! takes about 300. Named goals take the tiles `1..n−1` and the blank, so a board of the
//! "missing number" variant travels with an explicit goal.
//!
//! Decoding checks everything — the envelope, the size (2 to 256 cells, sides of at most
//! 255), the goal tag, the missing number, that each rank is below `n!`, and that no bits
//! but the padding are left — and names what is wrong; it never panics. A board that
//! cannot reach its goal is still a board: a code may hold one.
//!
//! ```
//! use fifteen::code::{self, Code};
//! use fifteen::{Board, Goal};
//! let board = Board::parse_line("15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0", None).unwrap();
//! let text = code::encode(&board, &Goal::BlankLast).unwrap();
//! assert_eq!(text, "fifteen:1:AwMTB3d1f_8cG");
//! assert!(text.len() <= 24);
//! let decoded: Code = text.parse().unwrap();
//! assert_eq!((decoded.board(), decoded.goal()), (&board, &Goal::BlankLast));
//! assert_eq!(decoded.to_string(), text);
//! ```

use std::fmt;
use std::str::FromStr;

use engine::code::{BitReader, BitWriter, CodeError};

use crate::solvable::goal_board;
use crate::{Board, Error, Goal, MAX_CELLS};

/// The game name at the front of every code.
///
/// ```
/// let board = fifteen::Board::parse_line("1 0", Some(2)).unwrap();
/// let code = fifteen::code::encode(&board, &fifteen::Goal::BlankLast).unwrap();
/// assert!(code.starts_with(fifteen::code::GAME));
/// ```
pub const GAME: &str = "fifteen";

/// The latest payload format: what [`encode`] writes. [`decode`] reads every version up to
/// it.
///
/// ```
/// let board = fifteen::Board::parse_line("1 0", Some(2)).unwrap();
/// let code = fifteen::code::encode(&board, &fifteen::Goal::BlankLast).unwrap();
/// assert!(code.starts_with(&format!("fifteen:{}:", fifteen::code::VERSION)));
/// ```
pub const VERSION: u32 = 1;

/// The goal tags of version 1, in tag order.
const NAMED: [Goal; 4] = [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral];

/// The tag of an explicit goal.
const EXPLICIT: u64 = 4;

/// A board and the goal it is played toward, checked to fit each other: what a code holds.
/// `Display` prints the code, `FromStr` reads it.
///
/// ```
/// use fifteen::code::Code;
/// use fifteen::{Board, Goal};
/// let board = Board::parse_line("4 1 2 5 0 3", Some(3)).unwrap();
/// let code = Code::new(board.clone(), Goal::Snake).unwrap();
/// let text = code.to_string();
/// assert_eq!(text.parse::<Code>().unwrap(), code);
/// assert_eq!(code.into_parts(), (board, Goal::Snake));
/// // A missing-number board needs an explicit goal with the same tiles.
/// let odd = Board::parse_line("4 1 3 0", None).unwrap();
/// assert!(Code::new(odd.clone(), Goal::BlankLast).is_err());
/// assert!(Code::new(odd, Goal::parse("1 4 3 0", None).unwrap()).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    board: Board,
    goal: Goal,
}

impl Code {
    /// The code of `board` toward `goal`; an error when the goal does not fit the board
    /// (another size, other tiles).
    ///
    /// ```
    /// use fifteen::{code::Code, Board, Goal};
    /// let goal = Goal::parse("1 2 3 0 4 5", Some(3)).unwrap();
    /// let e = Code::new(Board::parse_line("1 2 3 0", None).unwrap(), goal).unwrap_err();
    /// assert_eq!(e.to_string(), "the goal is 3x2, the puzzle 2x2");
    /// ```
    ///
    /// # Errors
    /// [`Error::Goal`] when the goal cannot be laid out at the board's size or has other
    /// tiles.
    pub fn new(board: Board, goal: Goal) -> Result<Code, Error> {
        goal_board(&board, &goal)?;
        Ok(Code { board, goal })
    }

    /// The board.
    ///
    /// ```
    /// let code: fifteen::code::Code = "fifteen:1:AQAQ-1".parse().unwrap();
    /// assert_eq!(code.board().to_line(), "1 0");
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The goal.
    ///
    /// ```
    /// let code: fifteen::code::Code = "fifteen:1:AQAQ-1".parse().unwrap();
    /// assert_eq!(code.goal(), &fifteen::Goal::BlankLast);
    /// ```
    #[must_use]
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// The board and the goal.
    ///
    /// ```
    /// let code: fifteen::code::Code = "fifteen:1:AQAQ-1".parse().unwrap();
    /// let (board, goal) = code.into_parts();
    /// assert_eq!((board.width(), goal), (2, fifteen::Goal::BlankLast));
    /// ```
    #[must_use]
    pub fn into_parts(self) -> (Board, Goal) {
        (self.board, self.goal)
    }
}

impl fmt::Display for Code {
    /// The code, in the latest version.
    ///
    /// ```
    /// use fifteen::{code::Code, Board, Goal};
    /// let code = Code::new(Board::parse_line("0 1", Some(2)).unwrap(), Goal::BlankFirst).unwrap();
    /// assert_eq!(code.to_string().parse::<Code>().unwrap(), code);
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&engine::code::encode(GAME, VERSION, &payload(&self.board, &self.goal)))
    }
}

impl FromStr for Code {
    type Err = Error;

    /// [`decode`].
    ///
    /// ```
    /// let code: fifteen::code::Code = " fifteen:1:AQAQ-1\n".parse().unwrap();
    /// assert_eq!(code.board().to_line(), "1 0");
    /// assert!("fifteen:1:AQAQ-".parse::<fifteen::code::Code>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Code, Error> {
        decode(text)
    }
}

/// The code of `board` toward `goal`.
///
/// ```
/// use fifteen::{code, Board, Goal};
/// let board = Board::parse_line("1 0", Some(2)).unwrap();
/// assert_eq!(code::encode(&board, &Goal::BlankLast).unwrap(), "fifteen:1:AQAQ-1");
/// assert!(code::encode(&board, &Goal::parse("1 2 3 0", None).unwrap()).is_err());
/// ```
///
/// # Errors
/// As [`Code::new`]: the goal does not fit the board.
pub fn encode(board: &Board, goal: &Goal) -> Result<String, Error> {
    Ok(Code::new(board.clone(), goal.clone())?.to_string())
}

/// Reads a code (surrounding white space ignored): the board and its goal.
///
/// ```
/// use engine::code::CodeError;
/// use fifteen::{code, Error};
/// let code = code::decode("fifteen:1:AQAQ-1").unwrap();
/// assert_eq!(code.board().to_line(), "1 0");
/// assert_eq!(code::decode("fifteen:1:AQAQ-2"), Err(Error::Code(CodeError::BadCheck)));
/// let kami = engine::code::encode("kami", 1, &[1, 2, 3]);
/// assert_eq!(code::decode(&kami).unwrap_err().to_string(), "a kami code, not a fifteen code");
/// assert_eq!(code::decode("1 2 3 0").unwrap_err().to_string(), "bad character ' ' at position 2 of the code");
/// ```
///
/// # Errors
/// [`Error::Code`] naming what is wrong: the envelope (shape, characters, check), another
/// game's code, an unknown version, a payload cut short or too long, or a puzzle that
/// breaks the rules.
pub fn decode(text: &str) -> Result<Code, Error> {
    let code = engine::code::decode_for(GAME, VERSION, text)?;
    // Version 1 is the only version so far: `decode_for` refused the others.
    let (board, goal) = read_v1(&code.payload)?;
    Ok(Code { board, goal })
}

/// Version 1's payload of a board and a goal that fit it.
fn payload(board: &Board, goal: &Goal) -> Vec<u8> {
    let (w, h) = (board.width(), board.height());
    let n = w * h;
    let missing = missing_number(board.tiles());
    let rank_bits = rank_bits(n);
    let mut bits = BitWriter::default();
    bits.push(w as u64 - 1, 8);
    bits.push(h as u64 - 1, 8);
    match goal {
        Goal::Explicit(layout) => {
            bits.push(EXPLICIT, 3);
            bits.push((n - missing) as u64, width_of(n - 1));
            push_rank(&mut bits, &rank(&indices(layout.tiles(), missing)), rank_bits);
        }
        named => bits.push(NAMED.iter().position(|g| g == named).unwrap_or(0) as u64, 3),
    }
    push_rank(&mut bits, &rank(&indices(board.tiles(), missing)), rank_bits);
    bits.finish()
}

/// Reads version 1's payload.
fn read_v1(payload: &[u8]) -> Result<(Board, Goal), CodeError> {
    let mut bits = BitReader::new(payload);
    let w = bits.take(8)? as usize + 1;
    let h = bits.take(8)? as usize + 1;
    let n = w * h;
    if !(2..=MAX_CELLS).contains(&n) || w > usize::from(u8::MAX) || h > usize::from(u8::MAX) {
        return Err(CodeError::Puzzle(format!(
            "a {w}x{h} board: boards have 2 to {MAX_CELLS} cells and sides of at most 255"
        )));
    }
    let rank_bits = rank_bits(n);
    let tag = bits.take(3)?;
    let (goal, missing) = if tag == EXPLICIT {
        let offset = bits.take(width_of(n - 1))? as usize;
        if offset >= n {
            return Err(CodeError::Puzzle(format!("the missing number {n} - {offset} is not in 1..={n}")));
        }
        let missing = n - offset;
        if missing < n && n > usize::from(u8::MAX) {
            return Err(CodeError::Puzzle(format!("tile {n} is too large: a {n}-cell board leaves out {n}")));
        }
        let tiles = tiles(&unrank(take_rank(&mut bits, rank_bits)?, n, "goal")?, missing);
        let layout = Board::new(w, h, tiles).map_err(|e| CodeError::Puzzle(format!("goal: {e}")))?;
        (Goal::Explicit(layout), missing)
    } else {
        let named = usize::try_from(tag).ok().and_then(|t| NAMED.get(t));
        let goal = named.cloned().ok_or_else(|| CodeError::Puzzle(format!("unknown goal tag {tag}")))?;
        (goal, n)
    };
    let tiles = tiles(&unrank(take_rank(&mut bits, rank_bits)?, n, "board")?, missing);
    if !bits.at_end() {
        return Err(CodeError::BadLength(format!("more than a {w}x{h} board's bits")));
    }
    let board = Board::new(w, h, tiles).map_err(|e| CodeError::Puzzle(e.to_string()))?;
    goal_board(&board, &goal).map_err(|e| CodeError::Puzzle(e.to_string()))?;
    Ok((board, goal))
}

/// The number of `1..=n` that `tiles` (`n` distinct tiles, one blank) leave out.
fn missing_number(tiles: &[u8]) -> usize {
    let n = tiles.len();
    n * (n + 1) / 2 - tiles.iter().map(|&t| usize::from(t)).sum::<usize>()
}

/// Each tile's index among the tiles in increasing order (the blank first, `missing` left
/// out).
fn indices(tiles: &[u8], missing: usize) -> Vec<usize> {
    tiles.iter().map(|&t| usize::from(t)).map(|t| if t > missing { t - 1 } else { t }).collect()
}

/// The tiles of `indices` (the inverse of [`indices`]); tiles above 255 (no board has
/// them) become 0, which the board's check refuses.
fn tiles(indices: &[usize], missing: usize) -> Vec<u8> {
    indices.iter().map(|&i| if i >= missing { i + 1 } else { i }).map(|t| u8::try_from(t).unwrap_or(0)).collect()
}

/// The number of bits that hold every number up to `max`.
fn width_of(max: usize) -> u32 {
    usize::BITS - max.leading_zeros()
}

/// The number of bits a rank of `n` things takes: the width of `n! − 1`.
fn rank_bits(n: usize) -> u32 {
    let mut factorial = vec![1u32];
    for k in 2..=n {
        mul_add(&mut factorial, k as u32, 0);
    }
    let width = bit_width(&factorial);
    let power_of_two = factorial.iter().map(|l| l.count_ones()).sum::<u32>() == 1;
    if power_of_two { width - 1 } else { width }
}

/// The rank of the permutation `p` of `0..n` in the factorial number system, as base-2³²
/// limbs, least significant first.
fn rank(p: &[usize]) -> Vec<u32> {
    let n = p.len();
    let mut limbs = Vec::new();
    for (i, &x) in p.iter().enumerate() {
        let smaller_after = p[i + 1..].iter().filter(|&&y| y < x).count();
        mul_add(&mut limbs, (n - i) as u32, smaller_after as u32);
    }
    limbs
}

/// The permutation of `0..n` of `rank`; an error naming `what` when the rank is `n!` or
/// more.
fn unrank(mut rank: Vec<u32>, n: usize, what: &str) -> Result<Vec<usize>, CodeError> {
    let mut digits = vec![0usize; n];
    for i in (0..n).rev() {
        digits[i] = div_rem(&mut rank, (n - i) as u32) as usize;
    }
    if !rank.is_empty() {
        return Err(CodeError::Puzzle(format!("the {what}'s tiles are not a permutation (rank {n}! or more)")));
    }
    let mut left: Vec<usize> = (0..n).collect();
    Ok(digits.into_iter().map(|d| left.remove(d)).collect())
}

/// Writes the low `bits` bits of `limbs`, most significant first.
fn push_rank(out: &mut BitWriter, limbs: &[u32], bits: u32) {
    for i in (0..bits).rev() {
        let limb = limbs.get((i / 32) as usize).copied().unwrap_or(0);
        out.push(u64::from(limb >> (i % 32) & 1), 1);
    }
}

/// Reads a number of `bits` bits as limbs (without leading zero limbs).
fn take_rank(input: &mut BitReader<'_>, bits: u32) -> Result<Vec<u32>, CodeError> {
    let mut limbs = vec![0u32; bits.div_ceil(32) as usize];
    for i in (0..bits).rev() {
        if input.take(1)? == 1 {
            limbs[(i / 32) as usize] |= 1 << (i % 32);
        }
    }
    trim(&mut limbs);
    Ok(limbs)
}

/// `limbs = limbs × m + a`.
fn mul_add(limbs: &mut Vec<u32>, m: u32, a: u32) {
    let mut carry = u64::from(a);
    for limb in limbs.iter_mut() {
        let v = u64::from(*limb) * u64::from(m) + carry;
        *limb = v as u32;
        carry = v >> 32;
    }
    if carry > 0 {
        limbs.push(carry as u32);
    }
}

/// `limbs /= d` (`d > 0`); the remainder.
fn div_rem(limbs: &mut Vec<u32>, d: u32) -> u32 {
    let d = u64::from(d.max(1));
    let mut rem = 0u64;
    for limb in limbs.iter_mut().rev() {
        let v = rem << 32 | u64::from(*limb);
        *limb = (v / d) as u32;
        rem = v % d;
    }
    trim(limbs);
    rem as u32
}

/// Drops leading zero limbs.
fn trim(limbs: &mut Vec<u32>) {
    while limbs.last() == Some(&0) {
        limbs.pop();
    }
}

/// The number of bits of the number `limbs` (0 for zero).
fn bit_width(limbs: &[u32]) -> u32 {
    limbs.iter().rposition(|&l| l != 0).map_or(0, |i| i as u32 * 32 + (32 - limbs[i].leading_zeros()))
}

#[cfg(test)]
mod tests;
