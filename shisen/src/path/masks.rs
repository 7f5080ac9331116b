//! The bit-mask query: [`Masks::shortest`] and [`Masks::connects`] answer from the board's
//! occupancy masks (one word per row and per column, the ring included) in a few word
//! operations.

use engine::Coord;

use super::shape::{Path, keep};
use crate::board::Masks;

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

    /// `path::shortest_path` on the masks: the same answer, tie-break included, in a few word
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
