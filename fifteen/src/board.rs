//! Sliding-puzzle boards of any width × height, and their text format.
//!
//! A board is a row-major list of tiles, `0` for the blank. Text: one puzzle per line,
//! tiles separated by whitespace or commas; the board is square unless a width is given.
//! Tiles are distinct, exactly one is the blank, and every other tile is in `1..=n` for
//! `n` cells (so the usual `1..n-1` as well as the "missing number" variant, where one of
//! `1..=n` is absent). Tiles fit in a byte: boards up to 16×16.

use std::fmt;
use std::str::FromStr;

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
/// assert_eq!(b.to_line(), "1 2 3 4 5 6 7 8 0");
/// assert_eq!(b.to_string(), "1 2 3\n4 5 6\n7 8 0\n");
/// assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
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
        BoardRepr { width: b.width(), tiles: b.to_line() }
    }
}

impl Board {
    /// A board from its tiles, row-major, checking the tile rules of the module docs.
    ///
    /// ```
    /// use fifteen::{Board, board::BoardError};
    /// assert!(Board::new(2, 2, vec![1, 2, 3, 0]).is_ok());
    /// assert_eq!(Board::new(2, 2, vec![1, 1, 3, 0]), Err(BoardError::Duplicate { tile: 1 }));
    /// assert_eq!(Board::new(2, 2, vec![1, 2, 3, 4]).unwrap_err().to_string(), "no blank (0)");
    /// ```
    pub fn new(width: usize, height: usize, tiles: Vec<u8>) -> Result<Board, BoardError> {
        let n = tiles.len();
        if width == 0 || height == 0 || width.checked_mul(height) != Some(n) {
            return Err(BoardError::Shape { tiles: n, width, height });
        }
        if n < 2 {
            return Err(BoardError::TooSmall);
        }
        if n > MAX_CELLS {
            return Err(BoardError::TooManyCells { cells: n });
        }
        if width > usize::from(u8::MAX) || height > usize::from(u8::MAX) {
            return Err(BoardError::SideTooLong { width, height });
        }
        let mut seen = [false; MAX_CELLS + 1];
        for &t in &tiles {
            let t = usize::from(t);
            if t > n {
                return Err(BoardError::OutOfRange { tile: t, max: n, width, height });
            }
            if seen[t] {
                return Err(BoardError::Duplicate { tile: t });
            }
            seen[t] = true;
        }
        if !seen[0] {
            return Err(BoardError::NoBlank);
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
        let tiles: Vec<u8> = parse_tokens(line, 1)?.into_iter().map(|(_, t)| t).collect();
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
        Board::new(w, h, tiles).map_err(|e| ParseError::new(1, 1, e.to_string()))
    }

    /// Parses the grid form: one row per line, tiles separated by whitespace or commas,
    /// every row as long as the first. Blank lines and lines starting with `#` are
    /// skipped. Errors name the line and column of the offending token.
    ///
    /// ```
    /// use fifteen::Board;
    /// let b = Board::parse_grid("1 2 3\n4 5 0\n").unwrap();
    /// assert_eq!((b.width(), b.height()), (3, 2));
    /// let e = Board::parse_grid("1 2\n3 0 4\n").unwrap_err();
    /// assert_eq!((e.line, e.column), (2, 5));
    /// ```
    pub fn parse_grid(text: &str) -> Result<Board, ParseError> {
        let mut tiles = Vec::new();
        let mut places = Vec::new();
        let mut width = None;
        let mut height = 0usize;
        for (line_no, line) in engine::content_lines(text) {
            let row = parse_tokens(line, line_no)?;
            let w = row.len();
            match width {
                None => width = Some(w),
                Some(first) if first != w => {
                    let column = row.get(first).map_or(line.chars().count() + 1, |&(c, _)| c);
                    return Err(ParseError::new(line_no, column, format!("a row of {w} tiles after rows of {first}")));
                }
                Some(_) => {}
            }
            if tiles.len() + w > MAX_CELLS {
                let cells = tiles.len() + w;
                return Err(ParseError::new(line_no, 1, BoardError::TooManyCells { cells }.to_string()));
            }
            for (column, t) in row {
                places.push((line_no, column));
                tiles.push(t);
            }
            height += 1;
        }
        let Some(width) = width else { return Err(ParseError::new(1, 1, "no tiles")) };
        Board::new(width, height, tiles.clone()).map_err(|e| {
            let at = match e {
                BoardError::OutOfRange { tile, .. } => tiles.iter().position(|&t| usize::from(t) == tile),
                BoardError::Duplicate { tile } => tiles.iter().rposition(|&t| usize::from(t) == tile),
                _ => None,
            };
            let (line, column) = at.map_or((1, 1), |i| places[i]);
            ParseError::new(line, column, e.to_string())
        })
    }

    /// The one-line form: the tiles separated by single spaces, row-major (what
    /// [`Board::parse_line`] reads back with the board's width).
    ///
    /// ```
    /// let b: fifteen::Board = "1 2 3\n4 5 0\n".parse().unwrap();
    /// assert_eq!(b.to_line(), "1 2 3 4 5 0");
    /// ```
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut out = String::with_capacity(self.tiles.len() * 3);
        for (i, t) in self.tiles.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&t.to_string());
        }
        out
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
    /// assert_eq!(b.to_line(), "1 0 3 2");
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

    /// Applies a sequence of moves; an error naming the first illegal move (its index from
    /// 0; the board keeps the moves before it).
    ///
    /// ```
    /// use fifteen::{Board, Move, board::MoveError};
    /// let mut b = Board::parse_line("0 1 2 3", None).unwrap();
    /// assert_eq!(b.replay(&Move::parse_all("RDL").unwrap()), Ok(()));
    /// assert_eq!(b.to_line(), "1 3 0 2");
    /// assert_eq!(b.replay(&[Move::Left]), Err(MoveError::Illegal { index: 0, step: Move::Left }));
    /// ```
    pub fn replay(&mut self, moves: &[Move]) -> Result<(), MoveError> {
        for (index, &m) in moves.iter().enumerate() {
            if !self.apply(m) {
                return Err(MoveError::Illegal { index, step: m });
            }
        }
        Ok(())
    }

    /// The tile each move slides (the tile the blank swaps with), in order, for `moves`
    /// played from this board; an error naming the first illegal move. The board itself
    /// does not change.
    ///
    /// ```
    /// use fifteen::{Board, Move, board::MoveError};
    /// let b = Board::parse_line("1 2 3 0", None).unwrap();
    /// assert_eq!(b.slid_tiles(&Move::parse_all("ULD").unwrap()), Ok(vec![2, 1, 3]));
    /// assert_eq!(b.slid_tiles(&[Move::Down]), Err(MoveError::Illegal { index: 0, step: Move::Down }));
    /// assert_eq!(b.to_line(), "1 2 3 0");
    /// ```
    pub fn slid_tiles(&self, moves: &[Move]) -> Result<Vec<u8>, MoveError> {
        let mut board = self.clone();
        let mut tiles = Vec::with_capacity(moves.len());
        for (index, &m) in moves.iter().enumerate() {
            let blank = board.blank();
            if !board.apply(m) {
                return Err(MoveError::Illegal { index, step: m });
            }
            tiles.push(board.tiles[blank]);
        }
        Ok(tiles)
    }
}

/// The tiles of one line with their 1-based columns: numbers separated by whitespace or
/// commas, each at most 255. Errors name `line_no` and the column.
fn parse_tokens(line: &str, line_no: usize) -> Result<Vec<(usize, u8)>, ParseError> {
    let spaced = line.replace(',', " ");
    let mut tiles = Vec::new();
    for (column, token) in engine::tokens_with_columns(&spaced) {
        let t = token.parse::<u16>().map_err(|_| {
            let what = if token.bytes().all(|b| b.is_ascii_digit()) { "is too large" } else { "is not a tile number" };
            ParseError::new(line_no, column, format!("{token:?} {what}"))
        })?;
        let t = u8::try_from(t)
            .map_err(|_| ParseError::new(line_no, column, format!("tile {t} is out of range (at most 255)")))?;
        tiles.push((column, t));
    }
    Ok(tiles)
}

impl fmt::Display for Board {
    /// The grid form: one row per line, tiles separated by single spaces, every row
    /// (the last one too) ending in a newline. [`Board::to_line`] gives the one-line form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.tiles.chunks(self.width()) {
            for (i, t) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{t}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = ParseError;

    /// Text with a line break is the grid form ([`Board::parse_grid`]), so what
    /// [`Display`](fmt::Display) prints reads back; text without one is the one-line form
    /// of a square board ([`Board::parse_line`]).
    ///
    /// ```
    /// use fifteen::Board;
    /// let square: Board = "1 2 3 0".parse().unwrap();
    /// assert_eq!((square.width(), square.height()), (2, 2));
    /// let strip: Board = "1 2 3 0\n".parse().unwrap();
    /// assert_eq!((strip.width(), strip.height()), (4, 1));
    /// assert_eq!(strip.to_string().parse::<Board>().unwrap(), strip);
    /// ```
    fn from_str(text: &str) -> Result<Board, ParseError> {
        if text.contains(['\n', '\r']) { Board::parse_grid(text) } else { Board::parse_line(text, None) }
    }
}

/// Why tiles do not make a board.
///
/// ```
/// use fifteen::board::BoardError;
/// assert_eq!(BoardError::NoBlank.to_string(), "no blank (0)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The number of tiles is not width × height (or a side is 0).
    #[error("{tiles} tiles do not make a {width}x{height} board")]
    Shape {
        /// Tiles given.
        tiles: usize,
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
    },
    /// Fewer than 2 cells.
    #[error("a board needs at least 2 cells")]
    TooSmall,
    /// More than [`MAX_CELLS`] cells.
    #[error("{cells} cells is more than the {MAX_CELLS} supported", MAX_CELLS = MAX_CELLS)]
    TooManyCells {
        /// Cells given.
        cells: usize,
    },
    /// A side longer than 255.
    #[error("a {width}x{height} board is longer than the 255 cells a side may have")]
    SideTooLong {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
    },
    /// A tile above the number of cells.
    #[error("tile {tile} is out of range (at most {max} on a {width}x{height} board)")]
    OutOfRange {
        /// The tile.
        tile: usize,
        /// The largest tile allowed.
        max: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A tile given twice.
    #[error("tile {tile} appears twice")]
    Duplicate {
        /// The tile.
        tile: usize,
    },
    /// No `0`.
    #[error("no blank (0)")]
    NoBlank,
}

/// Why moves could not be read or played.
///
/// ```
/// use fifteen::{board::MoveError, Move};
/// assert_eq!(Move::parse_all("UX"), Err(MoveError::BadLetter { position: 2, found: 'X' }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// A character other than `U`, `D`, `L`, `R` (position from 1).
    #[error("character {position} ({found:?}) is not one of U, D, L, R")]
    BadLetter {
        /// 1-based character position.
        position: usize,
        /// The character.
        found: char,
    },
    /// A move that would take the blank off the board (index from 0).
    #[error("move {index} ({step}) takes the blank off the board")]
    Illegal {
        /// 0-based index in the sequence.
        index: usize,
        /// The move.
        step: Move,
    },
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
/// `Display` and `FromStr` use the letter.
///
/// ```
/// use fifteen::Move;
/// assert_eq!(Move::parse_all("UDLR").unwrap(), vec![Move::Up, Move::Down, Move::Left, Move::Right]);
/// assert_eq!("L".parse::<Move>().unwrap().to_string(), "L");
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

    /// The move of a letter `U`, `D`, `L` or `R`.
    ///
    /// ```
    /// assert_eq!(fifteen::Move::from_letter('D'), Some(fifteen::Move::Down));
    /// assert_eq!(fifteen::Move::from_letter('x'), None);
    /// ```
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Move> {
        match letter {
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            _ => None,
        }
    }

    /// Parses a string over `UDLR`; `-` is the empty sequence. The error names the
    /// 1-based position of the first other character.
    ///
    /// ```
    /// use fifteen::{board::MoveError, Move};
    /// assert_eq!(Move::parse_all("-").unwrap(), vec![]);
    /// assert_eq!(Move::parse_all("UX").unwrap_err(), MoveError::BadLetter { position: 2, found: 'X' });
    /// ```
    pub fn parse_all(text: &str) -> Result<Vec<Move>, MoveError> {
        if text == "-" {
            return Ok(Vec::new());
        }
        text.chars()
            .enumerate()
            .map(|(i, ch)| Move::from_letter(ch).ok_or(MoveError::BadLetter { position: i + 1, found: ch }))
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

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<Move, MoveError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Move::from_letter(ch).ok_or(MoveError::BadLetter { position: 1, found: ch }),
            (None, _) => Err(MoveError::BadLetter { position: 1, found: ' ' }),
            (Some(_), Some(ch)) => Err(MoveError::BadLetter { position: 2, found: ch }),
        }
    }
}

/// The taxicab (Manhattan) distance between cells `a` and `b`, row-major indices of a
/// board `width` cells wide: the fewest steps from one to the other.
#[must_use]
#[inline]
pub(crate) fn taxicab(a: usize, b: usize, width: usize) -> usize {
    (a % width).abs_diff(b % width) + (a / width).abs_diff(b / width)
}

/// The cell the blank reaches from `cell` by move `m` on a `w`×`h` board.
#[inline]
pub(crate) fn neighbour(cell: usize, w: usize, h: usize, m: Move) -> Option<usize> {
    let (x, y) = (cell % w, cell / w);
    match m {
        Move::Up => (y > 0).then(|| cell - w),
        Move::Down => (y + 1 < h).then(|| cell + w),
        Move::Left => (x > 0).then(|| cell - 1),
        Move::Right => (x + 1 < w).then(|| cell + 1),
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

    proptest::proptest! {
        /// Each slid tile is the tile that ends where the blank was; a sequence with an
        /// illegal move names the same move as `replay`.
        #[test]
        fn slid_tiles_are_the_tiles_replay_moves(letters in "[UDLR]{0,30}", seed: u64) {
            let mut tiles: Vec<u8> = (0..12).collect();
            engine::SeededRng::new(seed).shuffle(&mut tiles);
            let start = Board::new(4, 3, tiles).unwrap();
            let moves = Move::parse_all(&letters).unwrap();
            let mut board = start.clone();
            match start.slid_tiles(&moves) {
                Ok(slid) => {
                    proptest::prop_assert_eq!(slid.len(), moves.len());
                    for (&m, &tile) in moves.iter().zip(&slid) {
                        let blank = board.blank();
                        proptest::prop_assert!(board.apply(m));
                        proptest::prop_assert_eq!(board.tiles()[blank], tile);
                        proptest::prop_assert_ne!(tile, 0);
                    }
                }
                Err(e) => proptest::prop_assert_eq!(board.replay(&moves), Err(e)),
            }
        }
    }

    #[test]
    fn serde_round_trip() {
        let b = Board::parse_line("1 2 3 4 5 0", Some(3)).unwrap();
        let text = engine::to_ron(&b).unwrap();
        assert_eq!(engine::from_ron::<Board>(&text).unwrap(), b);
    }
}
