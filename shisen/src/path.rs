//! Connection paths: the shortest way to join two tiles with at most two turns.
//!
//! Two cells connect when a path of at most three axis-parallel segments joins them through
//! empty cells; the empty ring around the board (`x = -1`, `x = W`, `y = -1`, `y = H`) counts
//! as empty. [`shortest_path`] returns the SHORTEST such path (fewest unit steps) with a
//! deterministic tie-break:
//!
//! 1. fewest unit steps;
//! 2. then fewest turns;
//! 3. then the smallest sequence of corner points compared as `(y, x)` pairs, read from the
//!    first cell to the second.
//!
//! How: every path with at most three segments is either horizontal–vertical–horizontal
//! through some column `c`, or vertical–horizontal–vertical through some row `r` (one- and
//! two-segment paths are the degenerate cases). The first segment lies in the run of empty
//! cells beside the first tile, the last one in the run beside the second tile, so only the
//! columns (rows) in both runs are candidates. The board keeps one occupancy bit mask per row
//! and per column (the ring included, boards up to 62 cells a side), updated by every change
//! of a cell: a run is a leading or trailing zero count, the free candidate columns are one
//! AND of the runs' span with the OR of the rows between the tiles, and the best candidate is
//! picked with a few more bit operations (see `Masks::shortest` in the source). A tile with no
//! empty neighbour is rejected at once. No allocation; bigger boards scan the runs cell by cell.
//!
//! [`mod@reference`] keeps the seed article's breadth-first search over (cell, direction, turns
//! left) as the slow, obviously-correct check.

use std::fmt;
use std::str::FromStr;

use engine::Coord;
use serde::{Deserialize, Serialize};

use crate::board::Masks;
use crate::{Board, Kind};

/// A connection path: its corner points, ends included, from the first cell to the second.
///
/// Text form (`Display` / `FromStr`): the corners as `x,y;x,y;...`, as `shisen pairs` prints
/// them. Serialised as the list of corners.
///
/// ```
/// use engine::Coord;
/// let board = shisen::Board::parse("A . . A").unwrap();
/// let path = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(3, 0)).unwrap();
/// assert_eq!(path.corners(), &[Coord::new(0, 0), Coord::new(3, 0)]);
/// assert_eq!((path.length(), path.turns()), (3, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<Coord>", into = "Vec<Coord>")]
pub struct Path {
    points: [Coord; 4],
    count: u8,
    length: u32,
}

impl Path {
    /// Builds a path from corner points (ends included): consecutive points must differ and
    /// lie on one row or column. Repeated points and straight-through corners are dropped.
    /// `None` when a step is diagonal or turns back, more than four corners remain, or the
    /// length does not fit a `u32`.
    ///
    /// ```
    /// use engine::Coord;
    /// let p = shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(0, 2), Coord::new(0, 3)]).unwrap();
    /// assert_eq!(p.corners(), &[Coord::new(0, 0), Coord::new(0, 3)]);
    /// assert!(shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(1, 1)]).is_none());
    /// ```
    #[must_use]
    pub fn from_corners(corners: &[Coord]) -> Option<Path> {
        let mut points = [Coord::new(0, 0); 4];
        let mut count = 0usize;
        let mut length = 0u32;
        for &p in corners {
            if count > 0 {
                let last = points[count - 1];
                if last == p {
                    continue;
                }
                if last.x != p.x && last.y != p.y {
                    return None;
                }
                length = length.checked_add(last.manhattan(p))?;
                if count >= 2 {
                    let before = points[count - 2];
                    let collinear = (before.x == last.x && last.x == p.x) || (before.y == last.y && last.y == p.y);
                    if collinear {
                        // A straight-through point, or a reversal: a reversal is not a path.
                        let forward =
                            last.x.cmp(&before.x) == p.x.cmp(&last.x) && last.y.cmp(&before.y) == p.y.cmp(&last.y);
                        if !forward {
                            return None;
                        }
                        points[count - 1] = p;
                        continue;
                    }
                }
            }
            if count == 4 {
                return None;
            }
            points[count] = p;
            count += 1;
        }
        (count >= 2).then_some(Path { points, count: count as u8, length })
    }

    /// The corner points, ends included, from the first cell to the second.
    ///
    /// ```
    /// use engine::Coord;
    /// let board = shisen::Board::parse("A .\n. A").unwrap();
    /// let p = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(1, 1)).unwrap();
    /// assert_eq!(p.corners(), &[Coord::new(0, 0), Coord::new(1, 0), Coord::new(1, 1)]);
    /// ```
    #[must_use]
    pub fn corners(&self) -> &[Coord] {
        &self.points[..usize::from(self.count)]
    }

    /// Number of unit steps.
    ///
    /// ```
    /// let p = shisen::path::Path::from_corners(&[engine::Coord::new(0, 0), engine::Coord::new(0, 5)]).unwrap();
    /// assert_eq!(p.length(), 5);
    /// ```
    #[must_use]
    pub fn length(&self) -> u32 {
        self.length
    }

    /// Number of turns (corners minus two).
    ///
    /// ```
    /// use engine::Coord;
    /// let p = shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(0, 5), Coord::new(2, 5)]).unwrap();
    /// assert_eq!(p.turns(), 1);
    /// ```
    #[must_use]
    pub fn turns(&self) -> usize {
        usize::from(self.count) - 2
    }

    /// Every cell the path visits, ends included, in order.
    ///
    /// ```
    /// use engine::Coord;
    /// let p = shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(0, 2)]).unwrap();
    /// assert_eq!(p.cells().collect::<Vec<_>>(), vec![Coord::new(0, 0), Coord::new(0, 1), Coord::new(0, 2)]);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = Coord> + '_ {
        let corners = self.corners();
        std::iter::once(corners[0]).chain(corners.windows(2).flat_map(|w| {
            let (dx, dy) = (w[1].x.cmp(&w[0].x) as i64, w[1].y.cmp(&w[0].y) as i64);
            let (x, y) = (i64::from(w[0].x), i64::from(w[0].y));
            (1..=i64::from(w[0].manhattan(w[1]))).map(move |i| Coord::new((x + dx * i) as i32, (y + dy * i) as i32))
        }))
    }

    /// The corners as `x,y;x,y;...`, the format of `shisen pairs`.
    ///
    /// ```
    /// use engine::Coord;
    /// let p = shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(0, -1), Coord::new(2, -1)]).unwrap();
    /// assert_eq!(p.corners_text(), "0,0;0,-1;2,-1");
    /// ```
    #[must_use]
    pub fn corners_text(&self) -> String {
        self.corners().iter().map(|c| format!("{},{}", c.x, c.y)).collect::<Vec<_>>().join(";")
    }

    /// A path from corner points already in normal form (consecutive ones distinct and on one
    /// line, no straight-through corner): the first `count` of `points`, `length` steps.
    /// Unused points are zeroed, as [`Path::from_corners`] leaves them (paths compare whole).
    fn raw(mut points: [Coord; 4], count: u8, length: u32) -> Path {
        for p in &mut points[usize::from(count)..] {
            *p = Coord::new(0, 0);
        }
        Path { points, count, length }
    }

    /// The tie-break order of the module docs: length, turns, then corners as `(y, x)`.
    fn better_than(&self, other: &Path) -> bool {
        let key = |p: &Path| (p.length, p.count);
        match key(self).cmp(&key(other)) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let yx = |c: &Coord| (c.y, c.x);
                self.corners().iter().map(yx).lt(other.corners().iter().map(yx))
            }
        }
    }
}

/// Why corner points or text do not make a [`Path`].
///
/// ```
/// let err = "0,0;1,1".parse::<shisen::Path>().unwrap_err();
/// assert_eq!(err, shisen::path::PathError::NotAPath);
/// assert_eq!("0,0;x".parse::<shisen::Path>().unwrap_err().to_string(), "\"x\" is not a point x,y");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PathError {
    /// A corner is not written `x,y` with whole numbers.
    #[error("{0:?} is not a point x,y")]
    Point(String),
    /// The points do not make a path of at most three straight segments (see
    /// [`Path::from_corners`]).
    #[error("not a path of at most three straight segments between two cells")]
    NotAPath,
}

impl TryFrom<Vec<Coord>> for Path {
    type Error = PathError;
    fn try_from(corners: Vec<Coord>) -> Result<Path, PathError> {
        Path::from_corners(&corners).ok_or(PathError::NotAPath)
    }
}

impl From<Path> for Vec<Coord> {
    fn from(path: Path) -> Vec<Coord> {
        path.corners().to_vec()
    }
}

impl fmt::Display for Path {
    /// The corners as `x,y;x,y;...` (the same as [`Path::corners_text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.corners().iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{},{}", c.x, c.y)?;
        }
        Ok(())
    }
}

impl FromStr for Path {
    type Err = PathError;

    /// Reads `x,y;x,y;...` (spaces around numbers allowed) through [`Path::from_corners`].
    ///
    /// ```
    /// let p: shisen::Path = "0,0;0,-1;2,-1;2,0".parse().unwrap();
    /// assert_eq!((p.length(), p.to_string().as_str()), (4, "0,0;0,-1;2,-1;2,0"));
    /// ```
    fn from_str(text: &str) -> Result<Path, PathError> {
        let point = |t: &str| {
            let bad = || PathError::Point(t.to_string());
            let (x, y) = t.split_once(',').ok_or_else(bad)?;
            Ok(Coord::new(x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?))
        };
        let corners = text.trim().split(';').map(point).collect::<Result<Vec<Coord>, PathError>>()?;
        Path::from_corners(&corners).ok_or(PathError::NotAPath)
    }
}

/// The shortest connection between cells `a` and `b` of `board` (tie-break in the module
/// docs), whatever they hold; `None` when there is none, when `a == b`, or when either is
/// outside the board. The tiles' kinds are not checked: see [`crate::game`] for the rules.
///
/// ```
/// use engine::Coord;
/// // U around the top border: A at (0,0) and (2,0) with B between them.
/// let board = shisen::Board::parse("A B A\nC B C").unwrap();
/// let p = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(2, 0)).unwrap();
/// assert_eq!(p.corners(), &[Coord::new(0, 0), Coord::new(0, -1), Coord::new(2, -1), Coord::new(2, 0)]);
/// assert_eq!(p.length(), 4);
/// // Paths are geometric: kinds are the rules' business.
/// let d = shisen::Board::parse("A B A\nC B C\n. . .").unwrap();
/// assert!(shisen::path::shortest_path(&d, Coord::new(1, 1), Coord::new(0, 1)).is_some());
/// ```
#[must_use]
#[inline]
pub fn shortest_path(board: &Board, a: Coord, b: Coord) -> Option<Path> {
    match board.masks() {
        Some(masks) => masks.shortest(a, b),
        None => scan(board, a, b),
    }
}

/// [`shortest_path`] on a board too big for bit masks.
#[inline(never)]
fn scan(board: &Board, a: Coord, b: Coord) -> Option<Path> {
    let cells = board.cells().cells();
    let w = board.width();
    find(w as i32, board.height() as i32, |x, y| cells[y as usize * w + x as usize].is_none(), a, b)
}

/// Whether `a` and `b` connect (see [`shortest_path`]).
///
/// ```
/// use engine::Coord;
/// let board = shisen::Board::parse("A B\nB A").unwrap();
/// assert!(!shisen::path::connects(&board, Coord::new(0, 0), Coord::new(1, 1)));
/// assert!(shisen::path::connects(&board, Coord::new(0, 0), Coord::new(1, 0)));
/// ```
#[must_use]
pub fn connects(board: &Board, a: Coord, b: Coord) -> bool {
    shortest_path(board, a, b).is_some()
}

/// Bits `lo..=hi` of a word (`lo <= 63`, `hi <= 63`; none when `lo > hi`).
fn span(lo: u32, hi: u32) -> u64 {
    (u64::MAX >> (63 - hi)) & !((1u64 << lo) - 1)
}

impl Masks {
    /// Nonzero when one of the four neighbours of the in-board cell `(x, y)`, whose row mask
    /// is `row` and column mask `col`, is empty (the ring's bits are clear: a cell beside the
    /// ring is never walled in).
    #[inline]
    fn open_lines(row: u64, col: u64, x: u32, y: u32) -> u64 {
        (!(row >> x) | !(col >> y)) & 0b101
    }

    /// The run of empty cells around bit `at` of a line whose bits `1..=len` are cells and
    /// `0`, `len + 1` the ring: its first and last bit (`at` itself included).
    fn run(line: u64, at: u32, len: u32) -> (u32, u32) {
        let below = line & ((1 << at) - 1);
        let above = line & !((2 << at) - 1);
        // An empty `below` has 64 leading zeros: the run reaches the ring, bit 0.
        (64 - below.leading_zeros(), (above.trailing_zeros() - 1).min(len + 1))
    }

    /// Whether the tiles at the in-board cells `a` and `b` connect with at most two turns
    /// (same answer as [`Masks::shortest`], without finding the path).
    pub(crate) fn connects(&self, a: Coord, b: Coord) -> bool {
        if a == b {
            return false;
        }
        let (ax, ay, bx, by) = (a.x as u32 + 1, a.y as u32 + 1, b.x as u32 + 1, b.y as u32 + 1);
        // Horizontal, vertical through a column, horizontal.
        let (la, ra) = Masks::run(self.rows[a.y as usize], ax, self.w);
        let (lb, rb) = Masks::run(self.rows[b.y as usize], bx, self.w);
        let (lo, hi) = (la.max(lb), ra.min(rb));
        if lo <= hi {
            let between = (ay.min(by) + 1..ay.max(by)).fold(0, |acc, y| acc | self.rows[y as usize - 1]);
            if span(lo, hi) & !between != 0 {
                return true;
            }
        }
        // Vertical, horizontal through a row, vertical.
        let (ua, da) = Masks::run(self.cols[a.x as usize], ay, self.h);
        let (ub, db) = Masks::run(self.cols[b.x as usize], by, self.h);
        let (lo, hi) = (ua.max(ub), da.min(db));
        if lo <= hi {
            let between = (ax.min(bx) + 1..ax.max(bx)).fold(0, |acc, x| acc | self.cols[x as usize - 1]);
            if span(lo, hi) & !between != 0 {
                return true;
            }
        }
        false
    }

    /// [`shortest_path`] on the masks: the same answer, tie-break included, in a few word
    /// operations. In the bit coordinates of the masks (cell `(x, y)` is column bit `x + 1`,
    /// row bit `y + 1`):
    ///
    /// - `through_cols`: the columns `c` whose horizontal–vertical–horizontal path is free:
    ///   `c` in the empty run beside `a` in its row and in the one beside `b`, and no tile in
    ///   column `c` strictly between the two rows (one AND with the OR of those rows);
    /// - `through_rows`: the same for vertical–horizontal–vertical paths through a row `r`.
    ///
    /// Every path with at most two turns is one of these. Candidates between the ends have
    /// the least length: the L shapes (one turn) first, then the smallest column and the
    /// smallest row of the Z shapes; otherwise the nearest column or row outside the ends'
    /// box (a leading or trailing zero count) gives the least detour, and the up to four
    /// candidates at that distance are compared.
    #[inline(always)]
    #[allow(clippy::inline_always)] // the small front of every query: no call on the common exits
    pub(crate) fn shortest(&self, a: Coord, b: Coord) -> Option<Path> {
        // Negative coordinates wrap to huge ones: one comparison per coordinate.
        let (xa, ya, xb, yb) = (a.x as u32, a.y as u32, b.x as u32, b.y as u32);
        if xa >= self.w || ya >= self.h || xb >= self.w || yb >= self.h || a == b {
            return None;
        }
        let (row_a, row_b) = (self.rows[ya as usize], self.rows[yb as usize]);
        let (col_a, col_b) = (self.cols[xa as usize], self.cols[xb as usize]);
        if a.manhattan(b) == 1 {
            return Some(Path::raw([a, b, a, a], 2, 1));
        }
        // A tile whose four neighbours hold tiles connects to none but a neighbour. One branch
        // for both ends (on full boards it is well predicted, two would not be).
        if Masks::open_lines(row_a, col_a, xa, ya).min(Masks::open_lines(row_b, col_b, xb, yb)) == 0 {
            return None;
        }
        self.search(a, b, [row_a, row_b, col_a, col_b])
    }

    /// The rest of [`Masks::shortest`] for two in-board tiles that are not neighbours and not
    /// walled in, given the masks of their rows and columns.
    #[inline(never)]
    fn search(&self, a: Coord, b: Coord, [row_a, row_b, col_a, col_b]: [u64; 4]) -> Option<Path> {
        let (ax, ay, bx, by) = (a.x as u32 + 1, a.y as u32 + 1, b.x as u32 + 1, b.y as u32 + 1);
        // The ends count as occupied, even when empty: a shortest path never passes through them.
        let (row_a, row_b) = if ay == by {
            let ends = (1 << ax) | (1 << bx);
            (row_a | ends, row_b | ends)
        } else {
            (row_a, row_b)
        };
        let (col_a, col_b) = if ax == bx {
            let ends = (1 << ay) | (1 << by);
            (col_a | ends, col_b | ends)
        } else {
            (col_a, col_b)
        };
        // Quick refusal: the row runs of the ends overlap iff the run of the left end reaches
        // the run of the right end (and the same for column runs); most refused queries need
        // only these four run ends.
        let meet = |line_a: u64, line_b: u64, at_a: u32, at_b: u32, len: u32| {
            let (near, far, lo, hi) =
                if at_a < at_b { (line_a, line_b, at_a, at_b) } else { (line_b, line_a, at_b, at_a) };
            lo == hi || Masks::run(near, lo, len).1 >= Masks::run(far, hi, len).0
        };
        if !meet(row_a, row_b, ax, bx, self.w) && !meet(col_a, col_b, ay, by, self.h) {
            return None;
        }
        let (la, ra) = Masks::run(row_a, ax, self.w);
        let (lb, rb) = Masks::run(row_b, bx, self.w);
        let (ua, da) = Masks::run(col_a, ay, self.h);
        let (ub, db) = Masks::run(col_b, by, self.h);
        // Straight: nothing shorter or with fewer turns exists.
        if (ay == by && (bx == ra + 1 || bx + 1 == la)) || (ax == bx && (by == da + 1 || by + 1 == ua)) {
            return Some(Path::raw([a, b, a, a], 2, a.manhattan(b)));
        }
        // Candidate columns lie in both row runs, candidate rows in both column runs; ends on
        // one row (column) that do not see each other have no path through a column (row).
        let (col_lo, col_hi) = (la.max(lb), ra.min(rb));
        let (row_lo, row_hi) = (ua.max(ub), da.min(db));
        let by_cols = ay != by && col_lo <= col_hi;
        let by_rows = ax != bx && row_lo <= row_hi;
        if !by_cols && !by_rows {
            return None;
        }
        // The free ones: no tile strictly between the ends' rows (columns).
        let mut through_cols = 0;
        if by_cols {
            let between = self.rows[ay.min(by) as usize..ay.max(by) as usize - 1].iter().fold(0, |m, row| m | row);
            through_cols = span(col_lo, col_hi) & !between;
        }
        let mut through_rows = 0;
        if by_rows {
            let between = self.cols[ax.min(bx) as usize..ax.max(bx) as usize - 1].iter().fold(0, |m, col| m | col);
            through_rows = span(row_lo, row_hi) & !between;
        }
        if through_cols | through_rows == 0 {
            return None;
        }
        Masks::choose(a, b, through_cols, through_rows)
    }

    /// The best of the candidate paths of [`Masks::search`]: through the columns (bits of
    /// `through_cols`) and the rows (`through_rows`) whose paths are free, not both zero.
    #[inline(never)]
    fn choose(a: Coord, b: Coord, through_cols: u64, through_rows: u64) -> Option<Path> {
        let (ax, ay, bx, by) = (a.x as u32 + 1, a.y as u32 + 1, b.x as u32 + 1, b.y as u32 + 1);
        let (x0, x1, y0, y1) = (ax.min(bx), ax.max(bx), ay.min(by), ay.max(by));
        let (dx, dy) = (x1 - x0, y1 - y0);
        let via_col = |c: u32| {
            let x = c as i32 - 1;
            Path::raw([a, Coord::new(x, a.y), Coord::new(x, b.y), b], 4, ax.abs_diff(c) + c.abs_diff(bx) + dy)
        };
        let via_row = |r: u32| {
            let y = r as i32 - 1;
            Path::raw([a, Coord::new(a.x, y), Coord::new(b.x, y), b], 4, ay.abs_diff(r) + r.abs_diff(by) + dx)
        };
        // Between the ends: the L shapes (column a.x is the same path as row b.y, column b.x
        // as row a.y). Both exist only when the ends differ in both coordinates; the corner
        // on the upper row comes first.
        let inner_cols = through_cols & span(x0, x1);
        let (l_a, l_b) = (inner_cols >> ax & 1 == 1, inner_cols >> bx & 1 == 1);
        if l_a || l_b {
            let corner = if l_a && (!l_b || by < ay) { Coord::new(a.x, b.y) } else { Coord::new(b.x, a.y) };
            return Some(Path::raw([a, corner, b, a], 3, dx + dy));
        }
        // Then the Z shapes: the smallest column and the smallest row are their families' best.
        let z_cols = inner_cols & !(1 << ax) & !(1 << bx);
        let z_rows = through_rows & span(y0, y1) & !(1 << ay) & !(1 << by);
        if z_cols | z_rows != 0 {
            let by_col = (z_cols != 0).then(|| via_col(z_cols.trailing_zeros()));
            let by_row = (z_rows != 0).then(|| via_row(z_rows.trailing_zeros()));
            return keep(by_col, by_row);
        }
        // Detours: the nearest column or row outside the box of the ends, on each side.
        let left = through_cols & ((1 << x0) - 1);
        let right = through_cols & !((2 << x1) - 1);
        let up = through_rows & ((1 << y0) - 1);
        let down = through_rows & !((2 << y1) - 1);
        let nearest_below = |m: u64, at: u32| if m == 0 { u32::MAX } else { at - m.ilog2() };
        let nearest_above = |m: u64, at: u32| if m == 0 { u32::MAX } else { m.trailing_zeros() - at };
        let (dl, dr) = (nearest_below(left, x0), nearest_above(right, x1));
        let (du, dd) = (nearest_below(up, y0), nearest_above(down, y1));
        let d = dl.min(dr).min(du).min(dd);
        let mut best = None;
        if dl == d {
            best = keep(best, Some(via_col(x0 - d)));
        }
        if dr == d {
            best = keep(best, Some(via_col(x1 + d)));
        }
        if du == d {
            best = keep(best, Some(via_row(y0 - d)));
        }
        if dd == d {
            best = keep(best, Some(via_row(y1 + d)));
        }
        best
    }
}

/// The better of two candidate paths in the tie-break order.
fn keep(best: Option<Path>, candidate: Option<Path>) -> Option<Path> {
    match (best, candidate) {
        (Some(p), Some(q)) => Some(if q.better_than(&p) { q } else { p }),
        (p, q) => p.or(q),
    }
}

/// The shortest path on a `w` × `h` board whose in-board cell `(x, y)` is empty iff
/// `empty(x, y)` (only called with `0 <= x < w`, `0 <= y < h`). The engine of
/// [`shortest_path`], shared with the solver's compact boards.
pub(crate) fn find(w: i32, h: i32, empty: impl Fn(i32, i32) -> bool, a: Coord, b: Coord) -> Option<Path> {
    let inside = |c: Coord| c.x >= 0 && c.y >= 0 && c.x < w && c.y < h;
    if a == b || !inside(a) || !inside(b) {
        return None;
    }
    if a.manhattan(b) == 1 {
        return Path::from_corners(&[a, b]);
    }
    let free = |x: i32, y: i32| x < 0 || y < 0 || x >= w || y >= h || empty(x, y);
    // Runs of empty cells beside each end: [left, right] in its row, [up, down] in its column.
    let run = |c: Coord| {
        let (mut l, mut r, mut u, mut d) = (c.x, c.x, c.y, c.y);
        while l > -1 && free(l - 1, c.y) {
            l -= 1;
        }
        while r < w && free(r + 1, c.y) {
            r += 1;
        }
        while u > -1 && free(c.x, u - 1) {
            u -= 1;
        }
        while d < h && free(c.x, d + 1) {
            d += 1;
        }
        (l, r, u, d)
    };
    let (la, ra, ua, da) = run(a);
    if (la, ra, ua, da) == (a.x, a.x, a.y, a.y) {
        return None; // walled in, and not beside b
    }
    let (lb, rb, ub, db) = run(b);
    // Straight: nothing shorter or with fewer turns exists.
    if (a.y == b.y && (b.x == ra + 1 || b.x == la - 1)) || (a.x == b.x && (b.y == da + 1 || b.y == ua - 1)) {
        return Path::from_corners(&[a, b]);
    }
    // Horizontal, vertical through column c, horizontal; and vertical, horizontal through row r, vertical.
    let (col_lo, col_hi) = (la.max(lb), ra.min(rb));
    let (row_lo, row_hi) = (ua.max(ub), da.min(db));
    if col_lo > col_hi && row_lo > row_hi {
        return None; // the runs never meet
    }
    let column = |c: i32| {
        let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
        ((y0 + 1)..y1)
            .all(|y| free(c, y))
            .then(|| Path::from_corners(&[a, Coord::new(c, a.y), Coord::new(c, b.y), b]))?
    };
    let row = |r: i32| {
        let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
        ((x0 + 1)..x1)
            .all(|x| free(x, r))
            .then(|| Path::from_corners(&[a, Coord::new(a.x, r), Coord::new(b.x, r), b]))?
    };
    // Candidates between the two ends all have the least length |dx| + |dy|. The two L
    // shapes (one turn) come first; then the Z shapes, where the smallest column (row) is the
    // best of its family, its first corner being (c, a.y) (or (a.x, r)).
    let (cl, ch) = (col_lo.max(a.x.min(b.x)), col_hi.min(a.x.max(b.x)));
    let (rl, rh) = (row_lo.max(a.y.min(b.y)), row_hi.min(a.y.max(b.y)));
    let mut best = None;
    for c in [a.x, b.x] {
        if (cl..=ch).contains(&c) {
            best = keep(best, column(c));
        }
    }
    if best.is_some() {
        return best;
    }
    best = (cl..=ch).filter(|&c| c != a.x && c != b.x).find_map(column);
    best = keep(best, (rl..=rh).filter(|&r| r != a.y && r != b.y).find_map(row));
    // Then detours, d steps beyond the ends: every candidate at distance d has the same length.
    let mut d = 1;
    while best.is_none() {
        let (left, right) = (a.x.min(b.x) - d, a.x.max(b.x) + d);
        let (up, down) = (a.y.min(b.y) - d, a.y.max(b.y) + d);
        let columns_left = col_lo <= col_hi && (left >= col_lo || right <= col_hi);
        let rows_left = row_lo <= row_hi && (up >= row_lo || down <= row_hi);
        if !columns_left && !rows_left {
            return None;
        }
        for c in [left, right] {
            if (col_lo..=col_hi).contains(&c) {
                best = keep(best, column(c));
            }
        }
        for r in [up, down] {
            if (row_lo..=row_hi).contains(&r) {
                best = keep(best, row(r));
            }
        }
        d += 1;
    }
    best
}

/// A currently removable pair: two matching tiles `a < b` (in `(y, x)` order) and their
/// shortest connection from `a` to `b`.
///
/// ```
/// let board = shisen::Board::parse("A B\nA B").unwrap();
/// let pairs = shisen::path::removable_pairs(&board);
/// assert_eq!(pairs.len(), 2);
/// assert_eq!((pairs[0].a, pairs[0].b), (engine::Coord::new(0, 0), engine::Coord::new(0, 1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pair {
    /// The first tile (smaller `(y, x)`).
    pub a: Coord,
    /// The second tile.
    pub b: Coord,
    /// The shortest connection from `a` to `b`.
    pub path: Path,
}

/// Every currently removable pair (matching tiles that connect), sorted by `(y1, x1, y2, x2)`.
///
/// ```
/// use engine::Coord;
/// let board = shisen::Board::parse("A B\nA B").unwrap();
/// let pairs: Vec<_> = shisen::path::removable_pairs(&board).iter().map(|p| (p.a, p.b)).collect();
/// assert_eq!(pairs, vec![(Coord::new(0, 0), Coord::new(0, 1)), (Coord::new(1, 0), Coord::new(1, 1))]);
/// assert!(shisen::path::removable_pairs(&"A B\nB A".parse().unwrap()).is_empty());
/// ```
#[must_use]
pub fn removable_pairs(board: &Board) -> Vec<Pair> {
    let mut pairs = Vec::new();
    candidate_pairs(board, |a, b| {
        if let Some(path) = shortest_path(board, a, b) {
            pairs.push(Pair { a, b, path });
        }
        false
    });
    pairs.sort_unstable_by_key(|p| (p.a.y, p.a.x, p.b.y, p.b.x));
    pairs
}

/// The hint: the removable pair with the shortest connection (ties: the first by
/// `(y1, x1, y2, x2)`); `None` when no pair can be removed.
///
/// ```
/// use engine::Coord;
/// let board = shisen::Board::parse("A B . A\nB C C .").unwrap();
/// let pair = shisen::hint(&board).unwrap();
/// assert_eq!((pair.a, pair.b, pair.path.length()), (Coord::new(1, 1), Coord::new(2, 1), 1));
/// assert!(shisen::hint(&"A B\nB A".parse().unwrap()).is_none());
/// ```
#[must_use]
pub fn hint(board: &Board) -> Option<Pair> {
    hints(board).into_iter().next()
}

/// Every removable pair, shortest connection first (ties by `(y1, x1, y2, x2)`): the hint
/// list a game shows one at a time.
///
/// ```
/// let board = shisen::Board::parse("A B . A\nB C C .").unwrap();
/// let lengths: Vec<u32> = shisen::path::hints(&board).iter().map(|p| p.path.length()).collect();
/// assert_eq!(lengths, vec![1, 5]);
/// ```
#[must_use]
pub fn hints(board: &Board) -> Vec<Pair> {
    let mut pairs = removable_pairs(board);
    pairs.sort_by_key(|p| p.path.length());
    pairs
}

/// Calls `visit(a, b)`, with `a` before `b` in `(y, x)` order, for every pair of matching
/// tiles that might connect: the neighbours (which always do), then the pairs of tiles that
/// both have an empty neighbour (the ring counts as empty; a tile without one connects to
/// none but its neighbours). Stops at the first `true` and returns whether there was one.
pub(crate) fn candidate_pairs(board: &Board, mut visit: impl FnMut(Coord, Coord) -> bool) -> bool {
    let (w, h) = (board.width(), board.height());
    let cells = board.cells().cells();
    let matching = |p: Option<Kind>, q: Option<Kind>| matches!((p, q), (Some(p), Some(q)) if board.matches(p, q));
    for y in 0..h {
        for x in 0..w {
            let (i, at) = (y * w + x, Coord::new(x as i32, y as i32));
            if x + 1 < w && matching(cells[i], cells[i + 1]) && visit(at, Coord::new(at.x + 1, at.y)) {
                return true;
            }
            if y + 1 < h && matching(cells[i], cells[i + w]) && visit(at, Coord::new(at.x, at.y + 1)) {
                return true;
            }
        }
    }
    for class in open_tiles(board).chunk_by(|p, q| p.0 == q.0) {
        for (i, &(_, a)) in class.iter().enumerate() {
            for &(_, b) in &class[i + 1..] {
                if a.manhattan(b) != 1 && visit(a, b) {
                    return true;
                }
            }
        }
    }
    false
}

/// The tiles of `board` with an empty neighbour (the ring counts as empty), as `(class,
/// position)`, grouped by matching class (a counting sort), row-major within a class.
fn open_tiles(board: &Board) -> Vec<(u16, Coord)> {
    let (w, h) = (board.width(), board.height());
    let mut open = Vec::new();
    let mut push = |at: Coord| {
        if let Some(kind) = board.get(at) {
            open.push((board.class(kind), at));
        }
    };
    if let Some(masks) = board.masks() {
        // Cell (x, y) is bit x + 1 of row y: its row neighbours are the row shifted by one.
        for y in 0..h {
            let occupied = masks.rows[y];
            let up = if y > 0 { masks.rows[y - 1] } else { 0 };
            let down = if y + 1 < h { masks.rows[y + 1] } else { 0 };
            let mut bits = occupied & !((occupied << 1) & (occupied >> 1) & up & down);
            while bits != 0 {
                push(Coord::new(bits.trailing_zeros() as i32 - 1, y as i32));
                bits &= bits - 1;
            }
        }
    } else {
        let (wi, hi) = (w as i32, h as i32);
        let occupied = |c: Coord| c.x >= 0 && c.y >= 0 && c.x < wi && c.y < hi && board.get(c).is_some();
        for at in board.cells().coords() {
            if !Coord::ORTHOGONAL.iter().all(|&d| occupied(at + d)) {
                push(at);
            }
        }
    }
    let mut starts = vec![0usize; board.kind_count() + 1];
    for &(class, _) in &open {
        starts[usize::from(class) + 1] += 1;
    }
    for k in 1..starts.len() {
        starts[k] += starts[k - 1];
    }
    let mut grouped = vec![(0, Coord::new(0, 0)); open.len()];
    for &(class, at) in &open {
        let slot = &mut starts[usize::from(class)];
        grouped[*slot] = (class, at);
        *slot += 1;
    }
    grouped
}

/// The seed article's breadth-first search, kept as the slow, obviously-correct reference.
pub mod reference {
    use std::collections::VecDeque;

    use engine::Coord;

    use crate::Board;

    /// A search node: a cell of the padded board, the turns left, the direction it was
    /// entered by (`None` for the start) and its parent's index in the arena.
    struct Node {
        x: i32,
        y: i32,
        turns_left: i32,
        direction: Option<usize>,
        parent: Option<usize>,
    }

    const DIRECTIONS: [(i32, i32); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

    /// The seed's BFS over (cell, direction, turns left) from `a` to `b`, with its pruning
    /// (adjacent tiles; a tile with no empty neighbour; the distance to `b` must not grow on
    /// the last two segments). Returns every cell of a shortest path with at most two turns,
    /// ends included, or `None`. Kinds are not checked, like [`super::shortest_path`].
    ///
    /// ```
    /// use engine::Coord;
    /// let board = shisen::Board::parse("A B A\nC B C").unwrap();
    /// let cells = shisen::path::reference::find_path(&board, Coord::new(0, 0), Coord::new(2, 0)).unwrap();
    /// assert_eq!(cells.len() - 1, 4);
    /// ```
    #[must_use]
    pub fn find_path(board: &Board, a: Coord, b: Coord) -> Option<Vec<Coord>> {
        let (w, h) = (board.width() as i32, board.height() as i32);
        let inside = |c: Coord| c.x >= 0 && c.y >= 0 && c.x < w && c.y < h;
        if a == b || !inside(a) || !inside(b) {
            return None;
        }
        // The padded field: (x + 1, y + 1) in a (w + 2) × (h + 2) frame.
        let tile =
            |x: i32, y: i32| x >= 1 && y >= 1 && x <= w && y <= h && board.get(Coord::new(x - 1, y - 1)).is_some();
        let (ax, ay, bx, by) = (a.x + 1, a.y + 1, b.x + 1, b.y + 1);
        if a.manhattan(b) == 1 {
            return Some(vec![a, b]);
        }
        let has_empty = |x: i32, y: i32| {
            DIRECTIONS.iter().any(|&(dx, dy)| {
                let (nx, ny) = (x + dx, y + dy);
                nx >= 0 && ny >= 0 && nx <= w + 1 && ny <= h + 1 && !tile(nx, ny)
            })
        };
        if !has_empty(ax, ay) || !has_empty(bx, by) {
            return None;
        }
        let manhattan = |x: i32, y: i32| (x - bx).abs() + (y - by).abs();
        let mut arena = vec![Node { x: ax, y: ay, turns_left: 2, direction: None, parent: None }];
        let mut queue = VecDeque::new();
        let expand = |arena: &mut Vec<Node>, queue: &mut VecDeque<usize>, i: usize| {
            let (x, y, turns, dir) = (arena[i].x, arena[i].y, arena[i].turns_left, arena[i].direction);
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                let turns_left = if dir.is_none_or(|p| p == d) { turns } else { turns - 1 };
                if turns_left < 0 {
                    continue;
                }
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx > w + 1 || ny > h + 1 {
                    continue;
                }
                if turns_left < 2 && manhattan(x, y) < manhattan(nx, ny) {
                    continue;
                }
                arena.push(Node { x: nx, y: ny, turns_left, direction: Some(d), parent: Some(i) });
                queue.push_back(arena.len() - 1);
            }
        };
        expand(&mut arena, &mut queue, 0);
        while let Some(i) = queue.pop_front() {
            let (x, y) = (arena[i].x, arena[i].y);
            if tile(x, y) {
                if (x, y) == (bx, by) {
                    let mut cells = Vec::new();
                    let mut p = Some(i);
                    while let Some(j) = p {
                        cells.push(Coord::new(arena[j].x - 1, arena[j].y - 1));
                        p = arena[j].parent;
                    }
                    cells.reverse();
                    return Some(cells);
                }
                continue;
            }
            expand(&mut arena, &mut queue, i);
        }
        None
    }

    /// [`find_path`] as a [`super::Path`] of corner points.
    ///
    /// ```
    /// use engine::Coord;
    /// let board = shisen::Board::parse("A . A").unwrap();
    /// let p = shisen::path::reference::shortest_path(&board, Coord::new(0, 0), Coord::new(2, 0)).unwrap();
    /// assert_eq!(p.length(), 2);
    /// ```
    #[must_use]
    pub fn shortest_path(board: &Board, a: Coord, b: Coord) -> Option<super::Path> {
        find_path(board, a, b).and_then(|cells| super::Path::from_corners(&cells))
    }
}

#[cfg(test)]
mod tests {
    use engine::SeededRng;
    use proptest::prelude::*;

    use super::*;
    use crate::Kind;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The bit-mask query and the scanning one (used for boards too big for masks) give
        /// the same path, tie-break included, for every pair of cells.
        #[test]
        fn masks_and_scan_agree(w in 1usize..12, h in 1usize..9, fill in 0u64..=100, seed: u64) {
            let mut rng = SeededRng::new(seed);
            let mut board = Board::empty(w, h, vec!["A".into()]);
            for c in board.cells().coords().collect::<Vec<_>>() {
                if rng.chance(fill, 100) {
                    board.set(c, Some(Kind(0)));
                }
            }
            let masks = board.masks().unwrap();
            for a in board.cells().coords() {
                for b in board.cells().coords() {
                    let scanned = scan(&board, a, b);
                    prop_assert_eq!(masks.shortest(a, b), scanned, "{:?} {:?}\n{}", a, b, board);
                    if board.get(a).is_some() && board.get(b).is_some() {
                        prop_assert_eq!(masks.connects(a, b), scanned.is_some());
                    }
                }
            }
            for (a, b) in [(Coord::new(-1, 0), Coord::new(0, 0)), (Coord::new(0, 0), Coord::new(w as i32, 0))] {
                prop_assert_eq!(masks.shortest(a, b), None);
            }
        }
    }

    /// The widest and tallest boards with masks (62 cells and two ring bits fill a word).
    #[test]
    fn masks_at_their_size_limit_agree_with_the_scan() {
        for (w, h) in [(Masks::MAX, 3), (3, Masks::MAX), (Masks::MAX, 2)] {
            let mut rng = SeededRng::new(w as u64);
            let mut board = Board::empty(w, h, vec!["A".into()]);
            for c in board.cells().coords().collect::<Vec<_>>() {
                if rng.chance(2, 3) {
                    board.set(c, Some(Kind(0)));
                }
            }
            let masks = board.masks().unwrap();
            let cells: Vec<Coord> = board.cells().coords().collect();
            let mut found = 0;
            for &a in &cells {
                for &b in &cells {
                    let scanned = scan(&board, a, b);
                    assert_eq!(masks.shortest(a, b), scanned, "{a:?} {b:?}");
                    found += usize::from(scanned.is_some());
                }
            }
            assert!(found > cells.len(), "{found}");
        }
    }

    #[test]
    fn boards_too_big_for_masks_use_the_scan() {
        // 64 columns: the masks would need 66 bits a row.
        let mut text = String::new();
        for y in 0..3 {
            let row: Vec<&str> = (0..64).map(|x| if (x + y) % 3 == 0 { "." } else { "A" }).collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let b = Board::parse(&text).unwrap();
        assert!(b.masks().is_none());
        let tiles: Vec<Coord> = b.cells().coords().filter(|&c| b.get(c).is_some()).collect();
        let mut connected = 0;
        for &p in tiles.iter().step_by(7) {
            for &q in tiles.iter().step_by(5) {
                let ours = shortest_path(&b, p, q);
                assert_eq!(ours.map(|p| p.length()), reference::shortest_path(&b, p, q).map(|p| p.length()));
                connected += usize::from(ours.is_some());
            }
        }
        assert!(connected > 10, "{connected}");
    }

    fn c(x: i32, y: i32) -> Coord {
        Coord::new(x, y)
    }

    #[test]
    fn shapes() {
        let b = Board::parse("A . .\nB B .\nC C A").unwrap();
        let p = shortest_path(&b, c(0, 0), c(2, 2)).unwrap();
        assert_eq!(p.corners(), &[c(0, 0), c(2, 0), c(2, 2)]);
        assert_eq!(p.length(), 4);
        // Z through the middle column, two turns.
        let b = Board::parse("A B .\nC B .\n. B A\nC B .").unwrap();
        let p = shortest_path(&b, c(0, 0), c(2, 2)).unwrap();
        assert_eq!(p.length(), 6);
        assert_eq!(p.turns(), 2);
        // Three turns needed: refused.
        let b = Board::parse(". B B B B B\nB A . B B B\nB B . B B B\nB B . . . B\nB B B B A B\nB B B B B B").unwrap();
        assert!(shortest_path(&b, c(1, 1), c(4, 4)).is_none());
        assert!(reference::find_path(&b, c(1, 1), c(4, 4)).is_none());
        // One cell opened: two turns suffice.
        let b = Board::parse(". . B B B B\nB A . . . B\nB B . B . B\nB B . . . B\nB B B B A B\nB B B B B B").unwrap();
        assert_eq!(shortest_path(&b, c(1, 1), c(4, 4)).map(|p| p.length()), Some(6));
    }

    #[test]
    fn tie_break_prefers_fewer_turns_then_smaller_corners() {
        // Both L shapes have length 2: (1,0) comes before (0,1) in (y, x) order.
        let b = Board::parse("A .\n. A").unwrap();
        let p = shortest_path(&b, c(0, 0), c(1, 1)).unwrap();
        assert_eq!(p.corners(), &[c(0, 0), c(1, 0), c(1, 1)]);
        // A Z of length 4 beats the L around the border (length 6)... and one turn beats two.
        let b = Board::parse(". . .\nA . .\n. . A").unwrap();
        let p = shortest_path(&b, c(0, 1), c(2, 2)).unwrap();
        assert_eq!((p.length(), p.turns()), (3, 1));
        assert_eq!(p.corners(), &[c(0, 1), c(2, 1), c(2, 2)]);
    }

    #[test]
    fn bad_queries() {
        let b = Board::parse("A A").unwrap();
        assert!(shortest_path(&b, c(0, 0), c(0, 0)).is_none());
        assert!(shortest_path(&b, c(0, 0), c(2, 0)).is_none());
        assert!(shortest_path(&b, c(-1, 0), c(1, 0)).is_none());
        assert!(Path::from_corners(&[c(0, 0), c(0, 2), c(0, 1)]).is_none());
        assert!(Path::from_corners(&[c(0, 0)]).is_none());
    }
}
