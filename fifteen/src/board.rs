//! Sliding-puzzle boards of any width × height, and their text format.
//!
//! A board is a row-major list of tiles, `0` for the blank. Text: one puzzle per line,
//! tiles separated by whitespace or commas; the board is square unless a width is given.
//! Tiles are distinct, exactly one is the blank, and every other tile is in `1..=n` for
//! `n` cells (so the usual `1..n-1` as well as the "missing number" variant, where one of
//! `1..=n` is absent). Tiles fit in a byte: boards up to 16×16.

use std::fmt;

use engine::{Coord, ParseError};
use serde::{Deserialize, Serialize};

/// The largest number of cells a board may have (16 × 16).
pub const MAX_CELLS: usize = 256;

/// A sliding-puzzle position.
///
/// ```
/// use fifteen::Board;
/// let b = Board::parse_line("1 2 3 4 5 6 7 8 0", None).unwrap();
/// assert_eq!((b.width(), b.height()), (3, 3));
/// assert_eq!(b.blank(), 8);
/// assert_eq!(b.to_string(), "1 2 3 4 5 6 7 8 0");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "BoardRepr", into = "BoardRepr")]
pub struct Board {
    width: u8,
    height: u8,
    tiles: Vec<u8>,
}

/// Serialised form: the width and the tiles.
#[derive(Serialize, Deserialize)]
struct BoardRepr {
    width: usize,
    tiles: String,
}

impl TryFrom<BoardRepr> for Board {
    type Error = ParseError;
    fn try_from(r: BoardRepr) -> Result<Board, ParseError> {
        Board::parse_line(&r.tiles, Some(r.width))
    }
}

impl From<Board> for BoardRepr {
    fn from(b: Board) -> BoardRepr {
        BoardRepr { width: b.width(), tiles: b.to_string() }
    }
}

impl Board {
    /// A board from its tiles, row-major, checking the tile rules of the module docs.
    ///
    /// ```
    /// use fifteen::Board;
    /// assert!(Board::new(2, 2, vec![1, 2, 3, 0]).is_ok());
    /// assert_eq!(Board::new(2, 2, vec![1, 1, 3, 0]).unwrap_err(), "tile 1 appears twice");
    /// assert_eq!(Board::new(2, 2, vec![1, 2, 3, 4]).unwrap_err(), "no blank (0)");
    /// ```
    pub fn new(width: usize, height: usize, tiles: Vec<u8>) -> Result<Board, String> {
        let n = tiles.len();
        if width == 0 || height == 0 || width * height != n {
            return Err(format!("{n} tiles do not make a {width}x{height} board"));
        }
        if n < 2 {
            return Err("a board needs at least 2 cells".to_string());
        }
        if n > MAX_CELLS {
            return Err(format!("{n} cells is more than the {MAX_CELLS} supported"));
        }
        if width > usize::from(u8::MAX) || height > usize::from(u8::MAX) {
            return Err(format!("a {width}x{height} board is longer than the 255 cells a side may have"));
        }
        let mut seen = [false; MAX_CELLS + 1];
        for &t in &tiles {
            let t = usize::from(t);
            if t > n {
                return Err(format!("tile {t} is out of range (at most {n} on a {width}x{height} board)"));
            }
            if seen[t] {
                return Err(format!("tile {t} appears twice"));
            }
            seen[t] = true;
        }
        if !seen[0] {
            return Err("no blank (0)".to_string());
        }
        Ok(Board { width: width as u8, height: height as u8, tiles })
    }

    /// Parses one puzzle line: tiles separated by whitespace or commas. Without `width`
    /// the board must be square. Errors name the 1-based column of the offending token
    /// (line 1: callers reading a file shift it with [`ParseError::shifted`]).
    ///
    /// ```
    /// use fifteen::Board;
    /// let b = Board::parse_line("1,2,3, 0,4,5", Some(3)).unwrap();
    /// assert_eq!((b.width(), b.height()), (3, 2));
    /// let e = Board::parse_line("1 2 3 0 4 5", None).unwrap_err();
    /// assert_eq!(e.message, "6 tiles do not make a square board (give a width)");
    /// let e = Board::parse_line("1 2 x 0", None).unwrap_err();
    /// assert_eq!((e.column, e.message.as_str()), (5, "\"x\" is not a tile number"));
    /// assert!(Board::parse_line("1 2 3 0 4 5", Some(4)).is_err());
    /// ```
    pub fn parse_line(line: &str, width: Option<usize>) -> Result<Board, ParseError> {
        let spaced = line.replace(',', " ");
        let mut tiles = Vec::new();
        for (column, token) in engine::tokens_with_columns(&spaced) {
            let t = token.parse::<u16>().map_err(|_| {
                let what =
                    if token.bytes().all(|b| b.is_ascii_digit()) { "is too large" } else { "is not a tile number" };
                ParseError::new(1, column, format!("{token:?} {what}"))
            })?;
            let t = u8::try_from(t)
                .map_err(|_| ParseError::new(1, column, format!("tile {t} is out of range (at most 255)")))?;
            tiles.push(t);
        }
        let n = tiles.len();
        if n == 0 {
            return Err(ParseError::new(1, 1, "no tiles"));
        }
        let (w, h) = match width {
            Some(0) => return Err(ParseError::new(1, 1, "width must be positive")),
            Some(w) if n % w != 0 => {
                return Err(ParseError::new(1, 1, format!("{n} tiles do not fill rows of width {w}")));
            }
            Some(w) => (w, n / w),
            None => {
                let side = (1..=n).find(|s| s * s >= n).unwrap_or(1);
                if side * side != n {
                    return Err(ParseError::new(1, 1, format!("{n} tiles do not make a square board (give a width)")));
                }
                (side, side)
            }
        };
        Board::new(w, h, tiles).map_err(|m| ParseError::new(1, 1, m))
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(fifteen::Board::parse_line("1 0", Some(2)).unwrap().width(), 2);
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(fifteen::Board::parse_line("1 0", Some(1)).unwrap().height(), 2);
    /// ```
    #[must_use]
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The tiles, row-major, `0` = blank.
    ///
    /// ```
    /// assert_eq!(fifteen::Board::parse_line("0 1", Some(2)).unwrap().tiles(), &[0, 1]);
    /// ```
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The index of the blank.
    ///
    /// ```
    /// assert_eq!(fifteen::Board::parse_line("3 1 0 2", None).unwrap().blank(), 2);
    /// ```
    #[must_use]
    pub fn blank(&self) -> usize {
        self.tiles.iter().position(|&t| t == 0).expect("a board always has a blank")
    }

    /// The coordinate of cell `index`.
    ///
    /// ```
    /// use engine::Coord;
    /// let b = fifteen::Board::parse_line("1 2 3 0", None).unwrap();
    /// assert_eq!(b.coord(b.blank()), Coord::new(1, 1));
    /// ```
    #[must_use]
    pub fn coord(&self, index: usize) -> Coord {
        Coord::new((index % self.width()) as i32, (index / self.width()) as i32)
    }

    /// Whether `other` uses exactly the same tiles (then one may be a goal for the other).
    ///
    /// ```
    /// use fifteen::Board;
    /// let a = Board::parse_line("1 2 3 0", None).unwrap();
    /// assert!(a.same_tiles(&Board::parse_line("0 3 2 1", None).unwrap()));
    /// assert!(!a.same_tiles(&Board::parse_line("1 2 4 0", None).unwrap()));
    /// ```
    #[must_use]
    pub fn same_tiles(&self, other: &Board) -> bool {
        let mut a = self.tiles.clone();
        let mut b = other.tiles.clone();
        a.sort_unstable();
        b.sort_unstable();
        self.width == other.width && self.height == other.height && a == b
    }

    /// Moves the blank one step in `direction` (swapping it with that tile); `false` and
    /// no change when the blank is at that edge.
    ///
    /// ```
    /// use fifteen::{Board, Move};
    /// let mut b = Board::parse_line("1 2 3 0", None).unwrap();
    /// assert!(b.apply(Move::Up));
    /// assert_eq!(b.to_string(), "1 0 3 2");
    /// assert!(!b.apply(Move::Up));
    /// ```
    pub fn apply(&mut self, direction: Move) -> bool {
        let blank = self.blank();
        let c = self.coord(blank) + direction.step();
        if c.x < 0 || c.y < 0 || c.x as usize >= self.width() || c.y as usize >= self.height() {
            return false;
        }
        let target = c.y as usize * self.width() + c.x as usize;
        self.tiles.swap(blank, target);
        true
    }

    /// Applies a sequence of moves; `Err(i)` with the index of the first illegal move (the
    /// board keeps the moves before it).
    ///
    /// ```
    /// use fifteen::{Board, Move};
    /// let mut b = Board::parse_line("0 1 2 3", None).unwrap();
    /// assert_eq!(b.replay(&Move::parse_all("RDL").unwrap()), Ok(()));
    /// assert_eq!(b.to_string(), "1 3 0 2");
    /// assert_eq!(b.replay(&[Move::Left]), Err(0));
    /// ```
    pub fn replay(&mut self, moves: &[Move]) -> Result<(), usize> {
        for (i, &m) in moves.iter().enumerate() {
            if !self.apply(m) {
                return Err(i);
            }
        }
        Ok(())
    }
}

impl fmt::Display for Board {
    /// The tiles separated by single spaces, row-major.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}:", self.width, self.height)?;
        for row in self.tiles.chunks(self.width()) {
            writeln!(f, "{row:?}")?;
        }
        Ok(())
    }
}

/// A move, named by the direction the BLANK moves: `U` swaps the blank with the tile above.
///
/// ```
/// use fifteen::Move;
/// assert_eq!(Move::parse_all("UDLR").unwrap(), vec![Move::Up, Move::Down, Move::Left, Move::Right]);
/// assert_eq!(Move::format_all(&[Move::Left, Move::Up]), "LU");
/// assert_eq!(Move::Left.inverse(), Move::Right);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Move {
    /// The blank moves up.
    Up,
    /// The blank moves down.
    Down,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
}

impl Move {
    /// All four moves, in the order `U D L R`.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The step of the blank.
    ///
    /// ```
    /// assert_eq!(fifteen::Move::Up.step(), engine::Coord::UP);
    /// ```
    #[must_use]
    pub fn step(self) -> Coord {
        match self {
            Move::Up => Coord::UP,
            Move::Down => Coord::DOWN,
            Move::Left => Coord::LEFT,
            Move::Right => Coord::RIGHT,
        }
    }

    /// The move that undoes this one.
    ///
    /// ```
    /// assert_eq!(fifteen::Move::Up.inverse(), fifteen::Move::Down);
    /// ```
    #[must_use]
    pub fn inverse(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The letter of the move: `U`, `D`, `L` or `R`.
    ///
    /// ```
    /// assert_eq!(fifteen::Move::Right.letter(), 'R');
    /// ```
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// Parses a string over `UDLR`; `-` is the empty sequence. The error names the
    /// 1-based position of the first other character.
    ///
    /// ```
    /// assert_eq!(fifteen::Move::parse_all("-").unwrap(), vec![]);
    /// assert_eq!(fifteen::Move::parse_all("UX").unwrap_err(), 2);
    /// ```
    pub fn parse_all(text: &str) -> Result<Vec<Move>, usize> {
        if text == "-" {
            return Ok(Vec::new());
        }
        text.chars()
            .enumerate()
            .map(|(i, ch)| match ch {
                'U' => Ok(Move::Up),
                'D' => Ok(Move::Down),
                'L' => Ok(Move::Left),
                'R' => Ok(Move::Right),
                _ => Err(i + 1),
            })
            .collect()
    }

    /// Prints a sequence as letters; the empty sequence prints as `-`.
    ///
    /// ```
    /// assert_eq!(fifteen::Move::format_all(&[]), "-");
    /// ```
    #[must_use]
    pub fn format_all(moves: &[Move]) -> String {
        if moves.is_empty() { "-".to_string() } else { moves.iter().map(|m| m.letter()).collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_rejected() {
        let msg = |line: &str, w| Board::parse_line(line, w).unwrap_err().message;
        assert_eq!(msg("1 2 3 3", None), "tile 3 appears twice");
        assert_eq!(msg("1 2 3 9", None), "tile 9 is out of range (at most 4 on a 2x2 board)");
        assert_eq!(msg("1 2 3 4", None), "no blank (0)");
        assert_eq!(msg("", None), "no tiles");
        assert_eq!(msg("0", None), "a board needs at least 2 cells");
        assert_eq!(msg("1 2 0", Some(2)), "3 tiles do not fill rows of width 2");
        assert_eq!(msg("1 300 0 2", None), "tile 300 is out of range (at most 255)");
        assert_eq!(msg("1 -2 0 3", None), "\"-2\" is not a tile number");
        let strip: Vec<String> = (0..256).map(|t| t.to_string()).collect();
        assert_eq!(msg(&strip.join(" "), Some(256)), "a 256x1 board is longer than the 255 cells a side may have");
        assert!(Board::parse_line(&strip.join(" "), Some(255)).is_err());
        assert!(Board::parse_line(&strip.join(" "), Some(128)).is_ok());
    }

    #[test]
    fn missing_number_variant_parses() {
        // 2x2 with tile 2 absent and 4 present.
        let b = Board::parse_line("4 1 3 0", None).unwrap();
        assert_eq!(b.tiles(), &[4, 1, 3, 0]);
    }

    #[test]
    fn moves_undo() {
        let start = Board::parse_line("1 2 3 4 0 5 6 7 8", None).unwrap();
        for m in Move::ALL {
            let mut b = start.clone();
            assert!(b.apply(m));
            assert!(b.apply(m.inverse()));
            assert_eq!(b, start);
        }
    }

    #[test]
    fn serde_round_trip() {
        let b = Board::parse_line("1 2 3 4 5 0", Some(3)).unwrap();
        let text = engine::to_ron(&b).unwrap();
        assert_eq!(engine::from_ron::<Board>(&text).unwrap(), b);
    }
}
