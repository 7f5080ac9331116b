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
//! columns (rows) in both runs are candidates; each candidate's length is known before its
//! middle segment is scanned, and only a candidate that would beat the best so far is
//! scanned. No allocation, `O(W + H)` for the runs plus the scans of improving candidates.
//!
//! [`mod@reference`] keeps the seed article's breadth-first search over (cell, direction, turns
//! left) as the slow, obviously-correct check.

use engine::Coord;

use crate::Board;

/// A connection path: its corner points, ends included, from the first cell to the second.
///
/// ```
/// use engine::Coord;
/// let board = shisen::Board::parse("A . . A").unwrap();
/// let path = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(3, 0)).unwrap();
/// assert_eq!(path.corners(), &[Coord::new(0, 0), Coord::new(3, 0)]);
/// assert_eq!((path.length(), path.turns()), (3, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    points: [Coord; 4],
    count: u8,
    length: u32,
}

impl Path {
    /// Builds a path from corner points (ends included): consecutive points must differ and
    /// lie on one row or column. Repeated points and straight-through corners are dropped.
    /// `None` when a step is diagonal, or more than four corners remain.
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
                length += last.manhattan(p);
                if count >= 2 {
                    let before = points[count - 2];
                    let collinear = (before.x == last.x && last.x == p.x) || (before.y == last.y && last.y == p.y);
                    if collinear {
                        // A straight-through point, or a reversal: a reversal is not a path.
                        let forward = (last.x - before.x).signum() == (p.x - last.x).signum()
                            && (last.y - before.y).signum() == (p.y - last.y).signum();
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
            let step = Coord::new((w[1].x - w[0].x).signum(), (w[1].y - w[0].y).signum());
            let n = w[0].manhattan(w[1]) as i32;
            (1..=n).map(move |i| Coord::new(w[0].x + step.x * i, w[0].y + step.y * i))
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
pub fn shortest_path(board: &Board, a: Coord, b: Coord) -> Option<Path> {
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
    let keep = |best: Option<Path>, candidate: Option<Path>| match (best, candidate) {
        (Some(p), Some(q)) => Some(if q.better_than(&p) { q } else { p }),
        (p, q) => p.or(q),
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    let tiles: Vec<(Coord, u16)> = board.cells().iter().filter_map(|(c, k)| k.map(|k| (c, board.class(k)))).collect();
    let mut pairs = Vec::new();
    for (i, &(a, ka)) in tiles.iter().enumerate() {
        for &(b, kb) in &tiles[i + 1..] {
            if ka == kb
                && let Some(path) = shortest_path(board, a, b)
            {
                pairs.push(Pair { a, b, path });
            }
        }
    }
    pairs
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
    use super::*;

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
