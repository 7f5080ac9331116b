//! The Shisen-Sho board: a grid of tiles of labelled kinds, with the text format of the
//! command-line contract.
//!
//! Text: one row per line, tokens separated by whitespace; `.` is an empty cell, any other
//! token is the label of a tile kind. Rows have equal length, every kind occurs an even
//! number of times. `#` lines are comments. Positions are `(x, y)`: column from the left,
//! row from the top. Paths may also use the empty ring around the board (`x = -1`, `x = W`,
//! `y = -1`, `y = H`), which is not stored.

use std::fmt;
use std::str::FromStr;

use engine::{Coord, Grid, ParseError};
use serde::{Deserialize, Serialize};

/// Why matching groups do not fit a board ([`Board::with_groups`]); also the message of the
/// [`ParseError`] that [`Board::parse`] gives for a kind with an odd number of tiles.
///
/// ```
/// let b = shisen::Board::parse("A B\nB A").unwrap();
/// let e = b.with_groups(&[&["A"], &["A", "B"]]).unwrap_err();
/// assert_eq!(e, shisen::board::GroupError::TwoGroups { label: "A".into() });
/// assert_eq!(e.to_string(), "kind \"A\" is in two matching groups");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GroupError {
    /// A kind is named in two groups.
    #[error("kind {label:?} is in two matching groups")]
    TwoGroups {
        /// The kind's label.
        label: String,
    },
    /// A kind outside any group has an odd number of tiles.
    #[error("kind {label:?} occurs {count} time{}; every kind needs an even number of tiles", if *count == 1 { "" } else { "s" })]
    OddKind {
        /// The kind's label.
        label: String,
        /// Its tiles on the board.
        count: usize,
    },
    /// A group has an odd number of tiles.
    #[error("the matching group of {label:?} has {count} tiles; every group needs an even number")]
    OddGroup {
        /// The label of the group's first kind.
        label: String,
        /// The group's tiles on the board.
        count: usize,
    },
}

/// A tile kind: an index into the board's label table.
///
/// ```
/// let b: shisen::Board = "A B\nB A".parse().unwrap();
/// let k = b.get(engine::Coord::new(1, 0)).unwrap();
/// assert_eq!(b.label(k), "B");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Kind(pub u16);

/// A board: `width` × `height` cells, each empty or holding a tile of some [`Kind`].
///
/// Kinds are numbered in order of first appearance (row by row); their labels are kept so
/// that printing gives back the input's tokens. Serialised as its rows of text, so a board
/// comes back numbered by first appearance, without the labels of kinds no longer on it
/// (a [`crate::game::Game`] keeps its whole label table).
///
/// ```
/// use engine::Coord;
/// let board: shisen::Board = "# a tiny deal\nA . B\nB . A\n".parse().unwrap();
/// assert_eq!((board.width(), board.height()), (3, 2));
/// assert_eq!(board.tile_count(), 4);
/// assert_eq!(board.get(Coord::new(1, 0)), None);
/// assert_eq!(board.to_string(), "A . B\nB . A\n");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: Grid<Option<Kind>>,
    labels: Vec<String>,
    /// The matching class of each kind (see [`Board::with_groups`]); a kind's own index by default.
    classes: Vec<u16>,
    /// The occupied cells as bit masks (boards up to [`Masks::MAX`] cells a side), kept in step
    /// with `cells` by every mutation: they make path queries a few word operations.
    masks: Option<Masks>,
}

/// Occupied cells as bit masks, one word per row and one per column: cell `(x, y)` is bit
/// `x + 1` of row `y` and bit `y + 1` of column `x`; bit 0 and bit `len + 1` of a line stand
/// for the empty ring around the board and stay clear, like every higher bit. For boards up
/// to [`Masks::MAX`] cells a side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Masks {
    pub(crate) w: u32,
    pub(crate) h: u32,
    pub(crate) rows: Vec<u64>,
    pub(crate) cols: Vec<u64>,
}

impl Masks {
    /// The longest side that fits: 62 cells and the two ring bits make a word.
    pub(crate) const MAX: usize = 62;

    /// Empty masks for a `w` × `h` board, `None` when it is too big for one word a line.
    pub(crate) fn new(w: usize, h: usize) -> Option<Masks> {
        (w <= Masks::MAX && h <= Masks::MAX).then(|| Masks {
            w: w as u32,
            h: h as u32,
            rows: vec![0; h],
            cols: vec![0; w],
        })
    }

    /// The masks of a grid of cells, `None` when it is too big.
    pub(crate) fn of(cells: &Grid<Option<Kind>>) -> Option<Masks> {
        let mut masks = Masks::new(cells.width(), cells.height())?;
        for (c, cell) in cells.iter() {
            if cell.is_some() {
                masks.set(c, true);
            }
        }
        Some(masks)
    }

    /// Marks the in-board cell `cell` occupied or empty.
    pub(crate) fn set(&mut self, cell: Coord, occupied: bool) {
        let (x, y) = (cell.x as usize, cell.y as usize);
        if occupied {
            self.rows[y] |= 1 << (x + 1);
            self.cols[x] |= 1 << (y + 1);
        } else {
            self.rows[y] &= !(1 << (x + 1));
            self.cols[x] &= !(1 << (y + 1));
        }
    }
}

impl Board {
    /// Parses the board text format (see the module docs).
    ///
    /// ```
    /// let err = shisen::Board::parse("A B\nA B B\n").unwrap_err();
    /// assert_eq!(err.line, 2);
    /// let err = shisen::Board::parse("A B A\n").unwrap_err();
    /// assert_eq!((err.line, err.column), (1, 3));
    /// assert!(err.message.contains("\"B\" occurs 1 time"));
    /// ```
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        Board::parse_grouped(text, &[])
    }

    /// Parses a board whose kinds match within `groups`, as in KShisen's "Chinese style":
    /// every kind in a group matches every other kind of that group (any flower matches any
    /// flower). Then a kind may occur an odd number of times, as long as its group has an
    /// even number of tiles. Labels not on the board are ignored. Groups are a rule of the
    /// game, not part of the text format: printing and RON keep the rows only.
    ///
    /// ```
    /// let groups: &[&[&str]] = &[&["plum", "orchid", "mum", "bamboo"]];
    /// let b = shisen::Board::parse_grouped("plum orchid\nmum bamboo\n", groups).unwrap();
    /// assert!(b.matches(shisen::Kind(0), shisen::Kind(3)));
    /// let err = shisen::Board::parse_grouped("plum orchid mum", groups).unwrap_err();
    /// assert!(err.message.contains("has 3 tiles"), "{err}");
    /// assert!(shisen::Board::parse_grouped("a a b b", &[&["a"], &["a", "b"]]).is_err());
    /// ```
    pub fn parse_grouped(text: &str, groups: &[&[&str]]) -> Result<Board, ParseError> {
        let mut labels: Vec<String> = Vec::new();
        let cells = engine::parse_token_grid(text, |token| {
            if token == "." {
                return Ok(None);
            }
            let kind = labels.iter().position(|l| l == token).unwrap_or_else(|| {
                labels.push(token.to_string());
                labels.len() - 1
            });
            u16::try_from(kind).map(|k| Some(Kind(k))).map_err(|_| "more than 65536 tile kinds".to_string())
        })?;
        let classes = (0..labels.len()).map(|k| k as u16).collect();
        let masks = Masks::of(&cells);
        let mut board = Board { cells, labels, classes, masks };
        board.assign_groups(groups).map_err(|e| ParseError::new(1, 1, e.to_string()))?;
        if let Some((error, last)) = board.odd_class() {
            let (line, column) = engine::token_location(text, last).unwrap_or((1, 1));
            return Err(ParseError::new(line, column, error.to_string()));
        }
        Ok(board)
    }

    fn assign_groups(&mut self, groups: &[&[&str]]) -> Result<(), GroupError> {
        let mut grouped = vec![false; self.labels.len()];
        for group in groups {
            let kinds: Vec<usize> =
                group.iter().filter_map(|label| self.labels.iter().position(|l| l == label)).collect();
            let Some(&class) = kinds.iter().min() else { continue };
            for &k in &kinds {
                if std::mem::replace(&mut grouped[k], true) {
                    return Err(GroupError::TwoGroups { label: self.labels[k].clone() });
                }
                self.classes[k] = class as u16;
            }
        }
        Ok(())
    }

    /// The first class with an odd number of tiles: the error and the position of its last tile.
    fn odd_class(&self) -> Option<(GroupError, Coord)> {
        let mut counts = vec![0usize; self.labels.len()];
        let mut last = vec![Coord::default(); self.labels.len()];
        let mut members = vec![0usize; self.labels.len()];
        for k in 0..self.labels.len() {
            members[usize::from(self.classes[k])] += 1;
        }
        for (c, kind) in self.cells.iter() {
            if let Some(kind) = kind {
                let class = usize::from(self.class(*kind));
                counts[class] += 1;
                last[class] = c;
            }
        }
        let class = counts.iter().position(|n| n % 2 == 1)?;
        let (label, count) = (self.labels[class].clone(), counts[class]);
        let error = if members[class] == 1 {
            GroupError::OddKind { label, count }
        } else {
            GroupError::OddGroup { label, count }
        };
        Some((error, last[class]))
    }

    /// The same board with matching groups (see [`Board::parse_grouped`]). Fails when a kind
    /// is in two groups or a group holds an odd number of tiles.
    ///
    /// ```
    /// let b = shisen::Board::parse("plum orchid\norchid plum\n").unwrap();
    /// let b = b.with_groups(&[&["plum", "orchid"]]).unwrap();
    /// assert!(b.matches(shisen::Kind(0), shisen::Kind(1)));
    /// ```
    pub fn with_groups(mut self, groups: &[&[&str]]) -> Result<Board, GroupError> {
        self.classes = (0..self.labels.len()).map(|k| k as u16).collect();
        self.assign_groups(groups)?;
        match self.odd_class() {
            Some((error, _)) => Err(error),
            None => Ok(self),
        }
    }

    /// The matching groups of kinds that match other kinds (see [`Board::with_groups`]), as
    /// labels, in the order of their first kind; empty when every kind matches only itself.
    ///
    /// ```
    /// let b = shisen::Board::parse("plum orchid A\norchid plum A\n").unwrap();
    /// assert!(b.groups().is_empty());
    /// let b = b.with_groups(&[&["plum", "orchid"]]).unwrap();
    /// assert_eq!(b.groups(), vec![vec!["plum".to_string(), "orchid".to_string()]]);
    /// ```
    #[must_use]
    pub fn groups(&self) -> Vec<Vec<String>> {
        let mut groups: Vec<Vec<String>> = vec![Vec::new(); self.labels.len()];
        for (k, &class) in self.classes.iter().enumerate() {
            groups[usize::from(class)].push(self.labels[k].clone());
        }
        groups.retain(|g| g.len() > 1);
        groups
    }

    /// The matching class of a kind: two tiles match when their classes are equal. Without
    /// groups every kind is its own class.
    ///
    /// ```
    /// let b = shisen::Board::parse("A B B A").unwrap();
    /// assert_eq!(b.class(shisen::Kind(1)), 1);
    /// ```
    #[must_use]
    pub fn class(&self, kind: Kind) -> u16 {
        self.classes[usize::from(kind.0)]
    }

    /// Whether tiles of kinds `a` and `b` may be removed together (same kind, or same group).
    ///
    /// ```
    /// let b = shisen::Board::parse("A B B A").unwrap();
    /// assert!(b.matches(shisen::Kind(0), shisen::Kind(0)));
    /// assert!(!b.matches(shisen::Kind(0), shisen::Kind(1)));
    /// ```
    #[must_use]
    pub fn matches(&self, a: Kind, b: Kind) -> bool {
        self.class(a) == self.class(b)
    }

    /// A board of empty cells with the given labels for kinds `0..labels.len()`; fill it
    /// with [`Board::set`].
    ///
    /// ```
    /// let mut b = shisen::Board::empty(2, 1, vec!["A".into()]);
    /// b.set(engine::Coord::new(0, 0), Some(shisen::Kind(0)));
    /// b.set(engine::Coord::new(1, 0), Some(shisen::Kind(0)));
    /// assert_eq!(b.to_string(), "A A\n");
    /// ```
    #[must_use]
    pub fn empty(width: usize, height: usize, labels: Vec<String>) -> Board {
        let classes = (0..labels.len()).map(|k| k as u16).collect();
        Board { cells: Grid::new(width, height, None), labels, classes, masks: Masks::new(width, height) }
    }

    /// An empty `width` × `height` board with this board's labels and matching groups (the
    /// symmetries' transforms).
    pub(crate) fn resized(&self, width: usize, height: usize) -> Board {
        Board {
            cells: Grid::new(width, height, None),
            labels: self.labels.clone(),
            classes: self.classes.clone(),
            masks: Masks::new(width, height),
        }
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(shisen::Board::parse("A A").unwrap().width(), 2);
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        self.cells.width()
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(shisen::Board::parse("A A").unwrap().height(), 1);
    /// ```
    #[must_use]
    pub fn height(&self) -> usize {
        self.cells.height()
    }

    /// The cells, row-major.
    ///
    /// ```
    /// let b = shisen::Board::parse("A . A").unwrap();
    /// assert_eq!(b.cells().cells().iter().filter(|c| c.is_some()).count(), 2);
    /// ```
    #[must_use]
    pub fn cells(&self) -> &Grid<Option<Kind>> {
        &self.cells
    }

    /// Puts back a snapshot of [`Board::cells`] of the same size (the game's undo and redo).
    pub(crate) fn restore(&mut self, cells: &Grid<Option<Kind>>) {
        debug_assert_eq!((cells.width(), cells.height()), (self.width(), self.height()));
        self.cells.clone_from(cells);
        self.masks = Masks::of(&self.cells);
    }

    /// The occupancy bit masks, `None` when the board is too big for them.
    #[inline]
    pub(crate) fn masks(&self) -> Option<&Masks> {
        self.masks.as_ref()
    }

    /// Whether the masks match the cells (a test of every mutation).
    #[cfg(test)]
    pub(crate) fn masks_in_step(&self) -> bool {
        self.masks == Masks::of(&self.cells)
    }

    /// The tile at `c`, `None` for an empty cell or outside the board.
    ///
    /// ```
    /// use engine::Coord;
    /// let b = shisen::Board::parse("A . A").unwrap();
    /// assert!(b.get(Coord::new(0, 0)).is_some());
    /// assert_eq!(b.get(Coord::new(-1, 0)), None);
    /// ```
    #[must_use]
    pub fn get(&self, c: Coord) -> Option<Kind> {
        self.cells.get(c).copied().flatten()
    }

    /// Sets the cell at `c` (empty with `None`); returns the previous content, or `None`
    /// when `c` is outside the board.
    ///
    /// ```
    /// use engine::Coord;
    /// let mut b = shisen::Board::parse("A A").unwrap();
    /// let a = b.get(Coord::new(0, 0));
    /// assert_eq!(b.set(Coord::new(0, 0), None), Some(a));
    /// assert_eq!(b.to_string(), ". A\n");
    /// ```
    pub fn set(&mut self, c: Coord, tile: Option<Kind>) -> Option<Option<Kind>> {
        let old = self.cells.set(c, tile)?;
        if let Some(masks) = &mut self.masks {
            masks.set(c, tile.is_some());
        }
        Some(old)
    }

    /// The label of a kind.
    ///
    /// ```
    /// let b = shisen::Board::parse("dragon dragon").unwrap();
    /// assert_eq!(b.label(shisen::Kind(0)), "dragon");
    /// ```
    #[must_use]
    pub fn label(&self, kind: Kind) -> &str {
        &self.labels[usize::from(kind.0)]
    }

    /// Number of distinct kinds the board was made with (removed ones included).
    ///
    /// ```
    /// assert_eq!(shisen::Board::parse("A B B A").unwrap().kind_count(), 2);
    /// ```
    #[must_use]
    pub fn kind_count(&self) -> usize {
        self.labels.len()
    }

    /// Number of tiles on the board.
    ///
    /// ```
    /// assert_eq!(shisen::Board::parse("A . . A").unwrap().tile_count(), 2);
    /// ```
    #[must_use]
    pub fn tile_count(&self) -> usize {
        self.cells.cells().iter().filter(|c| c.is_some()).count()
    }

    /// How many tiles of each kind are on the board, indexed by kind.
    ///
    /// ```
    /// assert_eq!(shisen::Board::parse("A B B A A A").unwrap().kind_counts(), vec![4, 2]);
    /// ```
    #[must_use]
    pub fn kind_counts(&self) -> Vec<usize> {
        let mut counts = vec![0; self.labels.len()];
        for kind in self.cells.cells().iter().flatten() {
            counts[usize::from(kind.0)] += 1;
        }
        counts
    }

    /// The positions of the tiles of `kind`, row-major.
    ///
    /// ```
    /// use engine::Coord;
    /// let b = shisen::Board::parse("A B\nB A").unwrap();
    /// assert_eq!(b.positions(shisen::Kind(1)), vec![Coord::new(1, 0), Coord::new(0, 1)]);
    /// ```
    #[must_use]
    pub fn positions(&self, kind: Kind) -> Vec<Coord> {
        self.cells.iter().filter(|(_, k)| **k == Some(kind)).map(|(c, _)| c).collect()
    }

    /// Whether no tile is left.
    ///
    /// ```
    /// assert!(shisen::Board::parse(". .").unwrap().is_cleared());
    /// ```
    #[must_use]
    pub fn is_cleared(&self) -> bool {
        self.cells.cells().iter().all(Option::is_none)
    }

    /// The board's rows as text lines (tokens separated by one space).
    ///
    /// ```
    /// assert_eq!(shisen::Board::parse("A  A\n. .").unwrap().rows(), vec!["A A", ". ."]);
    /// ```
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        engine::text_rows(self)
    }
}

impl fmt::Display for Board {
    /// The board text format: one row per line, tokens separated by one space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&engine::format_token_grid(&self.cells, |cell| match cell {
            Some(kind) => self.label(*kind).to_string(),
            None => ".".to_string(),
        }))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{}:\n{self}", self.width(), self.height())
    }
}

impl FromStr for Board {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Board, ParseError> {
        Board::parse(text)
    }
}

// Serde: the rows of the text, as `Display` prints them and `FromStr` reads them back.
// Matching groups (`classes`) are left out, as the text leaves them out: they are a rule of
// the game, given again by `with_groups`.
engine::serde_text_rows!(Board);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_boards_are_rejected_with_positions() {
        assert_eq!(Board::parse("").unwrap_err().message, "no grid rows");
        let e = Board::parse("A A\nB\n").unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (2, "row has 1 cells, the first row has 2"));
        let e = Board::parse("# c\nA B C\nC B A A\n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = Board::parse("A B\nB A\nA C\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1), "{e}");
    }

    #[test]
    fn labels_survive_a_round_trip() {
        let text = "bamboo1 . dot9\ndot9 . bamboo1\n";
        let b = Board::parse(text).unwrap();
        assert_eq!(b.to_string(), text);
        let ron = engine::to_ron(&b).unwrap();
        assert_eq!(engine::from_ron::<Board>(&ron).unwrap(), b);
    }
}
