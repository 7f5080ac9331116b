//! Removable pairs and hints: the matching tiles that connect, found by trying only the
//! tiles with an empty neighbour.

use engine::Coord;
use serde::{Deserialize, Serialize};

use super::connect::shortest_path;
use super::shape::Path;
use crate::board::{Board, Kind};

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
