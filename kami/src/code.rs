//! Puzzle codes: one line that holds a level and its par, `kami:1:…`, to share the level
//! itself instead of the seed that made it (the envelope, its alphabet and its 12-bit check
//! are [`engine::code`]'s; this module packs the payload).
//!
//! A code keeps the triangles (every hole and every colour index, exactly) and the par when
//! the level has one; it drops the name and the palette (display matters, not the puzzle).
//! [`decode`] gives back a level whose text form is the original's without the `# name:`
//! and `# palette:` headers.
//!
//! Version 1 payload, bits most significant first:
//!
//! | field | bits | meaning |
//! |---|---|---|
//! | rows, cols | Elias γ each | at least 1; at most [`MAX_CELLS`] cells (holes included) in all |
//! | par | 1, then Elias γ of par + 1 | whether the level has a par, and which |
//! | holes | 1 | whether some cell is a hole |
//! | top | 6 | the highest colour index used (0 to 35); the symbols are the colours `0..=top`, then the hole when there are holes |
//! | packing | 1 | 0 = flat, 1 = predicted (below) |
//! | cells | | row by row, in the packing named |
//!
//! then zero bits to the byte. Flat: groups of `g` cells as one number in base `n` (the
//! symbol count) of `⌈log₂ nᵍ⌉` bits, `g` the group size (at most 27) that wastes the least
//! per cell, a shorter last group. Predicted: per cell, a bit 1 if it is its left
//! neighbour's symbol (when it has one), else a bit 1 if it is the symbol above (when that
//! is another one), else the symbol's rank among the symbols left out of both, in
//! `⌈log₂ k⌉` bits for `k` such symbols. The encoder writes the shorter packing (flat on a
//! tie), so a level has exactly one code, and [`decode`] accepts only that one.
//!
//! Levels of a few regions (every generated level) take the predicted packing: a 10x29
//! level of 4 colours and 24 regions takes 80 to 90 characters, of 8 colours and 40
//! regions 100 to 110, of 12 colours and 60 regions 125 to 135; a 4x4 level of up to 4
//! colours, with holes or not, at most 24.
//!
//! ```
//! let level: kami::Level = "# name: corner\n# par: 3\n0.12\n3312\n".parse().unwrap();
//! let code = kami::code::encode(&level).unwrap();
//! assert_eq!(code, "kami:1:RJIYrEOATN");
//! let back = kami::code::decode(&code).unwrap();
//! assert_eq!(back.to_string(), "# par: 3\n0.12\n3312\n"); // the name does not travel
//! assert_eq!(back.cells(), level.cells());
//! ```

use engine::Grid;
use engine::code::{BitReader, BitWriter, CodeError as EnvelopeError};

use crate::{Colour, Level, MAX_COLOURS};

/// The game's name at the front of its codes.
pub const GAME: &str = "kami";

/// The newest payload format: what [`encode`] writes. Older ones decode for ever.
pub const VERSION: u32 = 1;

/// The most cells (rows × columns, holes included) a code holds: its worst case (every
/// cell one of 37 symbols) stays well under [`engine::code::MAX_LEN`] characters.
pub const MAX_CELLS: usize = 1 << 16;

/// Bits of the `top` field.
const TOP_BITS: u32 = 6;

/// Why a level has no code, or a text is not the code of a kami level.
///
/// ```
/// use kami::code::{CodeError, decode};
/// let err = decode(&engine::code::encode("hitori", 1, &[1, 2, 3])).unwrap_err();
/// assert_eq!(err.to_string(), "a hitori code, not a kami code");
/// assert!(matches!(err, CodeError::Code(engine::code::CodeError::OtherGame { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CodeError {
    /// The text is not a kami code, or its payload is not a level: what is wrong.
    #[error(transparent)]
    Code(#[from] EnvelopeError),
    /// A level of more than [`MAX_CELLS`] cells.
    #[error("a code holds levels of at most {MAX_CELLS} cells, this one is {rows}x{cols}")]
    TooBig {
        /// Rows of the level.
        rows: usize,
        /// Columns of the level.
        cols: usize,
    },
}

/// The code of `level`: its triangles and its par (not its name or palette).
///
/// ```
/// let level: kami::Level = "0.\n12".parse().unwrap();
/// let code = kami::code::encode(&level).unwrap();
/// assert!(code.starts_with("kami:1:") && code.len() <= 24);
/// assert_eq!(kami::code::decode(&code).unwrap(), level);
/// ```
///
/// # Errors
/// [`CodeError::TooBig`] for a level of more than [`MAX_CELLS`] cells.
pub fn encode(level: &Level) -> Result<String, CodeError> {
    if level.rows().saturating_mul(level.cols()) > MAX_CELLS {
        return Err(CodeError::TooBig { rows: level.rows(), cols: level.cols() });
    }
    Ok(engine::code::encode(GAME, VERSION, &payload(level)))
}

/// The level of a code (surrounding white space ignored), with its par if the code holds
/// one, without name or palette.
///
/// ```
/// use kami::code::decode;
/// assert_eq!(decode("kami:1:RJIYrEOATN").unwrap().to_string(), "# par: 3\n0.12\n3312\n");
/// let err = decode("kami:1:RJIYrEOATn").unwrap_err();
/// assert_eq!(err.to_string(), "bad check characters: the code was mistyped or cut");
/// assert_eq!(decode("kami:7:AAAA").unwrap_err().to_string(), "bad check characters: the code was mistyped or cut");
/// let future = engine::code::encode("kami", 7, &[0]);
/// assert_eq!(decode(&future).unwrap_err().to_string(), "unknown kami code version 7");
/// ```
///
/// # Errors
/// What is wrong: not a code, another game's, an unknown version, a payload cut short or
/// too long, or a level that breaks the rules (no triangle, a size above [`MAX_CELLS`], a
/// colour above 35), each a [`CodeError::Code`].
pub fn decode(text: &str) -> Result<Level, CodeError> {
    let code = engine::code::decode_for(GAME, VERSION, text)?;
    let level = read_v1(&code.payload)?;
    if payload(&level) != code.payload {
        return Err(puzzle("the payload is not the one the encoder writes for its level (another packing)").into());
    }
    Ok(level)
}

/// The version 1 payload of `level` (at most [`MAX_CELLS`] cells).
fn payload(level: &Level) -> Vec<u8> {
    let (symbols, n) = symbols(level);
    let top = level.colours_used().last().copied().unwrap_or(0);
    let holes = level.cells().cells().iter().any(Option::is_none);
    let mut w = BitWriter::default();
    gamma(&mut w, level.rows() as u64);
    gamma(&mut w, level.cols() as u64);
    match level.par {
        Some(par) => {
            w.push(1, 1);
            gamma(&mut w, u64::from(par) + 1);
        }
        None => w.push(0, 1),
    }
    w.push(u64::from(holes), 1);
    w.push(u64::from(top), TOP_BITS);
    let (flat, flat_bits) = flat(&symbols, n);
    let (predicted, predicted_bits) = predicted(&symbols, level.cols(), n);
    let (mode, fields) = if predicted_bits < flat_bits { (1, predicted) } else { (0, flat) };
    w.push(mode, 1);
    for (value, bits) in fields {
        w.push(value, bits);
    }
    w.finish()
}

/// The cells as symbols (a colour is its index, a hole `top + 1`) and the symbol count.
fn symbols(level: &Level) -> (Vec<u8>, u64) {
    let top = level.colours_used().last().copied().unwrap_or(0);
    let holes = level.cells().cells().iter().any(Option::is_none);
    let symbols = level.cells().cells().iter().map(|c| c.unwrap_or(top + 1)).collect();
    (symbols, u64::from(top) + 1 + u64::from(holes))
}

/// Writes `n >= 1` in Elias γ: `⌊log₂ n⌋` zero bits, then `n` in binary.
fn gamma(w: &mut BitWriter, n: u64) {
    let bits = 64 - n.leading_zeros();
    w.push(0, bits - 1);
    w.push(n, bits);
}

/// Bits of a number below `m` (`m >= 1`): `⌈log₂ m⌉`.
fn bits_below(m: u64) -> u32 {
    64 - (m - 1).leading_zeros()
}

/// The flat group size for `n` symbols: the `g` (at most 27, with `nᵍ` below 2⁶⁴) with
/// the fewest bits per cell, the smallest on a tie.
fn group_size(n: u64) -> u32 {
    let bits = |g: u32| n.checked_pow(g).map(|size| u64::from(bits_below(size)));
    (2..=27u32).fold(1, |best, g| match (bits(g), bits(best)) {
        (Some(this), Some(that)) if this * u64::from(best) < that * u64::from(g) => g,
        _ => best,
    })
}

/// The flat packing: `(value, bits)` fields and their total bits.
fn flat(symbols: &[u8], n: u64) -> (Vec<(u64, u32)>, u64) {
    let mut out = Vec::new();
    for group in symbols.chunks(group_size(n) as usize) {
        let value = group.iter().fold(0u64, |v, &s| v * n + u64::from(s));
        out.push((value, bits_below(n.pow(group.len() as u32))));
    }
    let total = out.iter().map(|&(_, b)| u64::from(b)).sum();
    (out, total)
}

/// The neighbours that predict cell `i` of a grid `cols` wide: left, then above when it
/// differs.
fn predictors(cells: &[u8], i: usize, cols: usize) -> (Option<u8>, Option<u8>) {
    let left = (i % cols > 0).then(|| cells[i - 1]);
    let above = (i >= cols).then(|| cells[i - cols]).filter(|&a| Some(a) != left);
    (left, above)
}

/// The predicted packing: `(value, bits)` fields and their total bits.
fn predicted(symbols: &[u8], cols: usize, n: u64) -> (Vec<(u64, u32)>, u64) {
    let mut out = Vec::new();
    for (i, &s) in symbols.iter().enumerate() {
        let (left, above) = predictors(symbols, i, cols);
        if let Some(l) = left {
            out.push((u64::from(s == l), 1));
            if s == l {
                continue;
            }
        }
        if let Some(a) = above {
            out.push((u64::from(s == a), 1));
            if s == a {
                continue;
            }
        }
        let out_of = n - u64::from(left.is_some()) - u64::from(above.is_some());
        let rank = u64::from(s) - u64::from(left.is_some_and(|l| l < s)) - u64::from(above.is_some_and(|a| a < s));
        out.push((rank, bits_below(out_of)));
    }
    let total = out.iter().map(|&(_, b)| u64::from(b)).sum();
    (out, total)
}

/// A payload that does not make a level.
fn puzzle(message: impl Into<String>) -> EnvelopeError {
    EnvelopeError::Puzzle(message.into())
}

/// Reads an Elias γ number of at most `max_bits` bits.
fn read_gamma(r: &mut BitReader<'_>, max_bits: u32, what: &str) -> Result<u64, EnvelopeError> {
    let mut zeros = 0;
    while r.take(1)? == 0 {
        zeros += 1;
        if zeros >= max_bits {
            return Err(puzzle(format!("the {what} is too large")));
        }
    }
    Ok(1 << zeros | r.take(zeros)?)
}

/// Reads a version 1 payload.
fn read_v1(payload: &[u8]) -> Result<Level, EnvelopeError> {
    let mut r = BitReader::new(payload);
    let rows = read_gamma(&mut r, 17, "number of rows")?;
    let cols = read_gamma(&mut r, 17, "number of columns")?;
    let (rows, cols) = (usize::try_from(rows).unwrap_or(usize::MAX), usize::try_from(cols).unwrap_or(usize::MAX));
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(puzzle(format!("a {rows}x{cols} level: a code holds at most {MAX_CELLS} cells")));
    }
    let par = if r.take(1)? == 1 {
        let par = read_gamma(&mut r, 34, "par")? - 1;
        Some(u32::try_from(par).map_err(|_| puzzle(format!("par {par} is too large")))?)
    } else {
        None
    };
    let holes = r.take(1)? == 1;
    let top = r.take(TOP_BITS)?;
    if top >= MAX_COLOURS as u64 {
        return Err(puzzle(format!("colour {top} is out of range (at most {MAX_COLOURS} colours)")));
    }
    let n = top + 1 + u64::from(holes);
    let symbols = if r.take(1)? == 1 {
        read_predicted(&mut r, rows * cols, cols, n)?
    } else {
        read_flat(&mut r, rows * cols, n)?
    };
    if !r.at_end() {
        return Err(EnvelopeError::BadLength("the payload is longer than its level".into()));
    }
    let top = top as Colour;
    let cells: Vec<Option<Colour>> = symbols.iter().map(|&s| (s <= top).then_some(s)).collect();
    let grid = Grid::from_vec(cols, rows, cells).map_err(|e| puzzle(e.to_string()))?;
    let mut level = Level::from_cells(grid).map_err(|e| puzzle(e.to_string()))?;
    if holes && !level.cells().cells().contains(&None) {
        return Err(puzzle("the code says the level has holes, but no cell is one"));
    }
    if !level.cells().cells().contains(&Some(top)) {
        return Err(puzzle(format!("the code says colour {top} is the highest, but no triangle has it")));
    }
    level.par = par;
    Ok(level)
}

/// Reads `count` cells of `n` symbols in the flat packing.
fn read_flat(r: &mut BitReader<'_>, count: usize, n: u64) -> Result<Vec<u8>, EnvelopeError> {
    let g = group_size(n) as usize;
    let mut symbols = Vec::with_capacity(count);
    while symbols.len() < count {
        let len = g.min(count - symbols.len());
        let size = n.pow(len as u32);
        let mut value = r.take(bits_below(size))?;
        if value >= size {
            return Err(puzzle(format!("cells {} to {}: no such symbols", symbols.len() + 1, symbols.len() + len)));
        }
        let start = symbols.len();
        for _ in 0..len {
            symbols.push((value % n) as u8);
            value /= n;
        }
        symbols[start..].reverse();
    }
    Ok(symbols)
}

/// Reads `count` cells of `n` symbols, `cols` to a row, in the predicted packing.
fn read_predicted(r: &mut BitReader<'_>, count: usize, cols: usize, n: u64) -> Result<Vec<u8>, EnvelopeError> {
    let mut symbols: Vec<u8> = Vec::with_capacity(count);
    for i in 0..count {
        let (left, above) = predictors(&symbols, i, cols);
        if let Some(l) = left {
            if r.take(1)? == 1 {
                symbols.push(l);
                continue;
            }
        }
        if let Some(a) = above {
            if r.take(1)? == 1 {
                symbols.push(a);
                continue;
            }
        }
        let out_of = n - u64::from(left.is_some()) - u64::from(above.is_some());
        if out_of == 0 {
            return Err(puzzle(format!("cell {}: no symbol left to name", i + 1)));
        }
        let rank = r.take(bits_below(out_of))?;
        if rank >= out_of {
            return Err(puzzle(format!("cell {}: no such symbol", i + 1)));
        }
        // The rank-th symbol of 0..n without the predictors.
        let symbol =
            (0..n).filter(|&s| Some(s) != left.map(u64::from) && Some(s) != above.map(u64::from)).nth(rank as usize);
        symbols.push(symbol.map_or(0, |s| s as u8));
    }
    Ok(symbols)
}

#[cfg(test)]
mod tests;
