//! The scan: [`find`] walks the runs of empty cells beside the two ends cell by cell, for
//! boards too big for bit masks and for the solver's compact boards.

use engine::Coord;

use super::shape::{Path, keep};
use crate::board::Board;

/// `path::shortest_path` on a board too big for bit masks.
#[inline(never)]
pub(super) fn scan(board: &Board, a: Coord, b: Coord) -> Option<Path> {
    let cells = board.cells().cells();
    let w = board.width();
    find(w as i32, board.height() as i32, |x, y| cells[y as usize * w + x as usize].is_none(), a, b)
}

/// The shortest path on a `w` × `h` board whose in-board cell `(x, y)` is empty iff
/// `empty(x, y)` (only called with `0 <= x < w`, `0 <= y < h`). The engine of
/// `path::shortest_path`, shared with the solver's compact boards.
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
