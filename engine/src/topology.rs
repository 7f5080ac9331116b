//! Cell adjacency: square grids (4 or 8 neighbours, optional padding ring) and the
//! triangle grid of KAMI, plus the triangle geometry used to draw it.
//!
//! Graph algorithms in [`crate::traverse`] work on cell *indices* through the
//! [`Topology`] trait, so one flood fill serves every game.

use serde::{Deserialize, Serialize};

use crate::Coord;

/// At most eight neighbour indices, returned without allocating.
///
/// ```
/// use engine::{SquareGrid, Topology};
/// let n: Vec<usize> = SquareGrid::new(3, 3).neighbours(0).collect();
/// assert_eq!(n, vec![1, 3]);
/// ```
#[derive(Clone, Debug)]
pub struct Neighbours {
    items: [usize; 8],
    len: u8,
    next: u8,
}

impl Neighbours {
    fn new() -> Self {
        Neighbours { items: [0; 8], len: 0, next: 0 }
    }

    fn push(&mut self, index: usize) {
        self.items[usize::from(self.len)] = index;
        self.len += 1;
    }
}

impl Iterator for Neighbours {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.items[usize::from(self.next - 1)]
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::from(self.len - self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Neighbours {}

/// A set of cells `0..cell_count()` with a symmetric neighbour relation.
///
/// ```
/// use engine::{SquareGrid, Topology};
/// let t = SquareGrid::new(2, 2);
/// assert_eq!(t.cell_count(), 4);
/// assert!(t.neighbours(3).all(|n| t.neighbours(n).any(|m| m == 3)));
/// ```
pub trait Topology {
    /// Number of cells; cells are the indices `0..cell_count()`.
    fn cell_count(&self) -> usize;
    /// The neighbours of `cell`, in a fixed order.
    fn neighbours(&self, cell: usize) -> Neighbours;
}

/// Which cells of a square grid touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Adjacency {
    /// Edge neighbours only (up, right, down, left).
    Four,
    /// Edge and corner neighbours (king moves).
    Eight,
}

/// A `width` × `height` square grid, optionally surrounded by a ring of `padding` extra
/// cells on every side (Shisen-Sho connections run through such an empty ring).
///
/// Board coordinates keep their meaning with padding: the board's top-left cell is still
/// `(0, 0)`, and the ring has `x` or `y` in `-padding..0` or past the board. Indices are
/// row-major over the padded rectangle.
///
/// ```
/// use engine::{Coord, SquareGrid, Topology};
/// let t = SquareGrid::new(3, 2).with_padding(1);
/// assert_eq!(t.cell_count(), 5 * 4);
/// let corner = t.index(Coord::new(-1, -1)).unwrap();
/// assert_eq!(corner, 0);
/// assert!(t.is_padding(corner));
/// assert_eq!(t.coord(t.index(Coord::new(2, 1)).unwrap()), Coord::new(2, 1));
/// assert_eq!(t.index(Coord::new(4, 0)), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SquareGrid {
    width: usize,
    height: usize,
    adjacency: Adjacency,
    padding: usize,
}

impl SquareGrid {
    /// A 4-neighbour grid without padding.
    ///
    /// ```
    /// let t = engine::SquareGrid::new(4, 3);
    /// assert_eq!((t.width(), t.height()), (4, 3));
    /// ```
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        SquareGrid { width, height, adjacency: Adjacency::Four, padding: 0 }
    }

    /// The same grid with 8-neighbour (king move) adjacency.
    ///
    /// ```
    /// use engine::{SquareGrid, Topology};
    /// assert_eq!(SquareGrid::new(3, 3).with_diagonals().neighbours(4).count(), 8);
    /// ```
    #[must_use]
    pub fn with_diagonals(mut self) -> Self {
        self.adjacency = Adjacency::Eight;
        self
    }

    /// The same grid surrounded by a ring of `padding` cells on every side.
    ///
    /// ```
    /// use engine::{SquareGrid, Topology};
    /// assert_eq!(SquareGrid::new(2, 2).with_padding(2).cell_count(), 36);
    /// ```
    #[must_use]
    pub fn with_padding(mut self, padding: usize) -> Self {
        self.padding = padding;
        self
    }

    /// Board width, without the padding.
    ///
    /// ```
    /// assert_eq!(engine::SquareGrid::new(4, 3).with_padding(1).width(), 4);
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height, without the padding.
    ///
    /// ```
    /// assert_eq!(engine::SquareGrid::new(4, 3).with_padding(1).height(), 3);
    /// ```
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Width of the padded rectangle, `width + 2 * padding`.
    ///
    /// ```
    /// assert_eq!(engine::SquareGrid::new(4, 3).with_padding(1).outer_width(), 6);
    /// ```
    #[must_use]
    pub fn outer_width(&self) -> usize {
        self.width + 2 * self.padding
    }

    /// Height of the padded rectangle, `height + 2 * padding`.
    ///
    /// ```
    /// assert_eq!(engine::SquareGrid::new(4, 3).with_padding(1).outer_height(), 5);
    /// ```
    #[must_use]
    pub fn outer_height(&self) -> usize {
        self.height + 2 * self.padding
    }

    /// The adjacency in use.
    ///
    /// ```
    /// use engine::{Adjacency, SquareGrid};
    /// assert_eq!(SquareGrid::new(1, 1).adjacency(), Adjacency::Four);
    /// ```
    #[must_use]
    pub fn adjacency(&self) -> Adjacency {
        self.adjacency
    }

    /// The index of board coordinate `c` (ring included), or `None` outside.
    ///
    /// ```
    /// use engine::{Coord, SquareGrid};
    /// assert_eq!(SquareGrid::new(3, 3).index(Coord::new(1, 1)), Some(4));
    /// assert_eq!(SquareGrid::new(3, 3).index(Coord::new(-1, 1)), None);
    /// ```
    #[must_use]
    pub fn index(&self, c: Coord) -> Option<usize> {
        let p = self.padding as i32;
        let (x, y) = (c.x + p, c.y + p);
        (x >= 0 && y >= 0 && (x as usize) < self.outer_width() && (y as usize) < self.outer_height())
            .then(|| y as usize * self.outer_width() + x as usize)
    }

    /// The board coordinate of an index (ring cells have negative or too-large coordinates).
    ///
    /// ```
    /// use engine::{Coord, SquareGrid};
    /// assert_eq!(SquareGrid::new(3, 3).with_padding(1).coord(0), Coord::new(-1, -1));
    /// ```
    #[must_use]
    pub fn coord(&self, index: usize) -> Coord {
        let w = self.outer_width().max(1);
        let p = self.padding as i32;
        Coord::new((index % w) as i32 - p, (index / w) as i32 - p)
    }

    /// Whether an index lies in the padding ring rather than on the board.
    ///
    /// ```
    /// use engine::{Coord, SquareGrid};
    /// let t = SquareGrid::new(2, 2).with_padding(1);
    /// assert!(!t.is_padding(t.index(Coord::new(0, 0)).unwrap()));
    /// assert!(t.is_padding(t.index(Coord::new(2, 0)).unwrap()));
    /// ```
    #[must_use]
    pub fn is_padding(&self, index: usize) -> bool {
        let c = self.coord(index);
        c.x < 0 || c.y < 0 || c.x as usize >= self.width || c.y as usize >= self.height
    }
}

impl Topology for SquareGrid {
    fn cell_count(&self) -> usize {
        self.outer_width() * self.outer_height()
    }

    fn neighbours(&self, cell: usize) -> Neighbours {
        let mut out = Neighbours::new();
        let c = self.coord(cell);
        let steps: &[Coord] = match self.adjacency {
            Adjacency::Four => &Coord::ORTHOGONAL,
            Adjacency::Eight => &Coord::ALL8,
        };
        for &d in steps {
            if let Some(i) = self.index(c + d) {
                out.push(i);
            }
        }
        out
    }
}

/// The triangle grid of KAMI: `rows` × `cols` triangles, some of which may be holes.
///
/// Triangle `(r, c)` — stored as `Coord { x: c, y: r }` — points right when `r + c` is
/// even and left when odd. Its neighbours are `(r - 1, c)`, `(r + 1, c)`, and `(r, c - 1)`
/// when it points right or `(r, c + 1)` when it points left, where those are triangles
/// (inside the grid and not holes). Indices are row-major: `r * cols + c`. A hole is a cell
/// index with no neighbours that no other cell lists.
///
/// ```
/// use engine::{Coord, TriangleGrid, Topology};
/// let t = TriangleGrid::new(3, 2);
/// assert!(TriangleGrid::points_right(Coord::new(0, 0)));
/// // (r 1, c 1) points right: neighbours (0,1), (2,1) and (1,0).
/// let n: Vec<usize> = t.neighbours(t.index(Coord::new(1, 1)).unwrap()).collect();
/// assert_eq!(n, vec![1, 5, 2]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TriangleGrid {
    rows: usize,
    cols: usize,
    holes: Vec<bool>,
}

impl TriangleGrid {
    /// A full grid of `rows` × `cols` triangles.
    ///
    /// ```
    /// use engine::{TriangleGrid, Topology};
    /// assert_eq!(TriangleGrid::new(29, 10).cell_count(), 290);
    /// ```
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Self {
        TriangleGrid { rows, cols, holes: vec![false; rows * cols] }
    }

    /// A grid where `is_hole(coord)` marks the cells without a triangle.
    ///
    /// ```
    /// use engine::{Coord, TriangleGrid, Topology};
    /// let t = TriangleGrid::with_holes(2, 2, |c| c == Coord::new(1, 0));
    /// assert!(t.is_hole(1));
    /// assert_eq!(t.neighbours(0).count(), 1); // (0,0): (1,0) below; (0,1) is the hole
    /// ```
    #[must_use]
    pub fn with_holes(rows: usize, cols: usize, mut is_hole: impl FnMut(Coord) -> bool) -> Self {
        let mut holes = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                holes.push(is_hole(Coord::new(c as i32, r as i32)));
            }
        }
        TriangleGrid { rows, cols, holes }
    }

    /// Number of rows of triangles.
    ///
    /// ```
    /// assert_eq!(engine::TriangleGrid::new(29, 10).rows(), 29);
    /// ```
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns of triangles.
    ///
    /// ```
    /// assert_eq!(engine::TriangleGrid::new(29, 10).cols(), 10);
    /// ```
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether triangle `c` (`x` = column, `y` = row) points right: `row + column` even.
    ///
    /// ```
    /// use engine::{Coord, TriangleGrid};
    /// assert!(!TriangleGrid::points_right(Coord::new(1, 0)));
    /// assert!(TriangleGrid::points_right(Coord::new(1, 1)));
    /// ```
    #[must_use]
    pub fn points_right(c: Coord) -> bool {
        (c.x + c.y).rem_euclid(2) == 0
    }

    /// The index of the cell at `c` (hole or not), or `None` outside the rectangle.
    ///
    /// ```
    /// use engine::{Coord, TriangleGrid};
    /// assert_eq!(TriangleGrid::new(3, 4).index(Coord::new(1, 2)), Some(9));
    /// ```
    #[must_use]
    pub fn index(&self, c: Coord) -> Option<usize> {
        (c.x >= 0 && c.y >= 0 && (c.x as usize) < self.cols && (c.y as usize) < self.rows)
            .then(|| c.y as usize * self.cols + c.x as usize)
    }

    /// The coordinate (`x` = column, `y` = row) of an index.
    ///
    /// ```
    /// use engine::{Coord, TriangleGrid};
    /// assert_eq!(TriangleGrid::new(3, 4).coord(9), Coord::new(1, 2));
    /// ```
    #[must_use]
    pub fn coord(&self, index: usize) -> Coord {
        let w = self.cols.max(1);
        Coord::new((index % w) as i32, (index / w) as i32)
    }

    /// Whether the cell at `index` is a hole (no triangle).
    ///
    /// ```
    /// assert!(!engine::TriangleGrid::new(1, 1).is_hole(0));
    /// ```
    #[must_use]
    pub fn is_hole(&self, index: usize) -> bool {
        self.holes[index]
    }

    /// The three neighbour coordinates of a triangle, whether or not they exist: up, down,
    /// then left (pointing right) or right (pointing left).
    ///
    /// ```
    /// use engine::{Coord, TriangleGrid};
    /// let n = TriangleGrid::neighbour_coords(Coord::new(0, 0));
    /// assert_eq!(n, [Coord::new(0, -1), Coord::new(0, 1), Coord::new(-1, 0)]);
    /// ```
    #[must_use]
    pub fn neighbour_coords(c: Coord) -> [Coord; 3] {
        let side = if Self::points_right(c) { Coord::LEFT } else { Coord::RIGHT };
        [c + Coord::UP, c + Coord::DOWN, c + side]
    }
}

impl Topology for TriangleGrid {
    fn cell_count(&self) -> usize {
        self.rows * self.cols
    }

    fn neighbours(&self, cell: usize) -> Neighbours {
        let mut out = Neighbours::new();
        if self.holes[cell] {
            return out;
        }
        for n in Self::neighbour_coords(self.coord(cell)) {
            if let Some(i) = self.index(n).filter(|&i| !self.holes[i]) {
                out.push(i);
            }
        }
        out
    }
}

/// Where triangles go on screen (SVG coordinates: origin top-left, `y` down).
///
/// Triangles are equilateral with side `side`, laid in columns `side·√3/2` wide (the
/// height of a triangle) and rows at half-side steps. The anchor of triangle `(r, c)` is
/// the middle of its left side (or its left tip): `x = c·h`, `y = (r/2 + 1/2)·side`.
///
/// ```
/// use engine::{Coord, TriangleGeometry};
/// let g = TriangleGeometry::new(2.0);
/// let [a, b, c] = g.vertices(Coord::new(0, 0)); // points right
/// assert_eq!(a, (0.0, 0.0));
/// assert_eq!(c, (0.0, 2.0));
/// assert!((b.0 - 3f64.sqrt()).abs() < 1e-12 && b.1 == 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TriangleGeometry {
    /// Side length of every triangle.
    pub side: f64,
}

impl TriangleGeometry {
    /// Geometry for triangles of side `side`.
    ///
    /// ```
    /// assert_eq!(engine::TriangleGeometry::new(10.0).side, 10.0);
    /// ```
    #[must_use]
    pub fn new(side: f64) -> Self {
        TriangleGeometry { side }
    }

    /// Column width: the height of a triangle, `side·√3/2`.
    ///
    /// ```
    /// let w = engine::TriangleGeometry::new(2.0).column_width();
    /// assert!((w - 3f64.sqrt()).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn column_width(&self) -> f64 {
        self.side * 3f64.sqrt() / 2.0
    }

    /// The three vertices of triangle `c` (`x` = column, `y` = row), clockwise on screen.
    /// Pointing right: top-left, right tip, bottom-left. Pointing left: left tip,
    /// top-right, bottom-right.
    ///
    /// ```
    /// use engine::{Coord, TriangleGeometry};
    /// let g = TriangleGeometry::new(2.0);
    /// // (r 0, c 1) points left; its tip touches the tip of (r 0, c 0).
    /// let [tip, top, bottom] = g.vertices(Coord::new(1, 0));
    /// assert_eq!(top.1, 0.0);
    /// assert_eq!(bottom.1, 2.0);
    /// assert_eq!(tip.1, 1.0);
    /// ```
    #[must_use]
    pub fn vertices(&self, c: Coord) -> [(f64, f64); 3] {
        let h = self.column_width();
        let s = self.side;
        let x = f64::from(c.x) * h;
        let y = (f64::from(c.y) + 1.0) * s / 2.0;
        if TriangleGrid::points_right(c) {
            [(x, y - s / 2.0), (x + h, y), (x, y + s / 2.0)]
        } else {
            [(x, y), (x + h, y - s / 2.0), (x + h, y + s / 2.0)]
        }
    }

    /// Width and height of the picture of a `rows` × `cols` grid.
    ///
    /// ```
    /// let (w, h) = engine::TriangleGeometry::new(2.0).size(3, 2);
    /// assert!((w - 2.0 * 3f64.sqrt()).abs() < 1e-12);
    /// assert_eq!(h, 4.0);
    /// ```
    #[must_use]
    pub fn size(&self, rows: usize, cols: usize) -> (f64, f64) {
        (cols as f64 * self.column_width(), (rows as f64 + 1.0) * self.side / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared_vertices(g: TriangleGeometry, a: Coord, b: Coord) -> usize {
        let close = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 1e-9 && (p.1 - q.1).abs() < 1e-9;
        let va = g.vertices(a);
        let vb = g.vertices(b);
        va.iter().filter(|p| vb.iter().any(|q| close(**p, *q))).count()
    }

    #[test]
    fn triangle_neighbours_share_an_edge_and_others_do_not() {
        let t = TriangleGrid::new(7, 6);
        let g = TriangleGeometry::new(1.0);
        for a in 0..t.cell_count() {
            let n: Vec<usize> = t.neighbours(a).collect();
            for b in 0..t.cell_count() {
                let shared = shared_vertices(g, t.coord(a), t.coord(b));
                if a == b {
                    continue;
                }
                assert_eq!(n.contains(&b), shared == 2, "{:?} {:?}", t.coord(a), t.coord(b));
            }
        }
    }

    #[test]
    fn padding_ring_neighbours() {
        let t = SquareGrid::new(2, 1).with_padding(1);
        let i = t.index(Coord::new(0, 0)).unwrap();
        let n: Vec<Coord> = t.neighbours(i).map(|j| t.coord(j)).collect();
        assert_eq!(n, vec![Coord::new(0, -1), Coord::new(1, 0), Coord::new(0, 1), Coord::new(-1, 0)]);
    }

    #[test]
    fn picture_contains_every_vertex() {
        let g = TriangleGeometry::new(3.0);
        let (w, h) = g.size(5, 4);
        for r in 0..5 {
            for c in 0..4 {
                for (x, y) in g.vertices(Coord::new(c, r)) {
                    assert!((-1e-9..=w + 1e-9).contains(&x) && (-1e-9..=h + 1e-9).contains(&y));
                }
            }
        }
    }
}
