//! A dense, row-major rectangular grid.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

use crate::Coord;

/// A `width` × `height` rectangle of cells stored row-major: index = `y * width + x`.
///
/// Cells can be read and written by [`Coord`] (bounds-checked, `None` outside) or by
/// index; `grid[coord]` and `grid[index]` panic outside the grid like slice indexing.
///
/// ```
/// use engine::{Coord, Grid};
/// let mut g = Grid::new(3, 2, 0u8);
/// g[Coord::new(2, 1)] = 7;
/// assert_eq!(g.get(Coord::new(2, 1)), Some(&7));
/// assert_eq!(g.get(Coord::new(3, 0)), None);
/// assert_eq!(g.index_of(Coord::new(2, 1)), Some(5));
/// assert_eq!(g.rows().nth(1), Some(&[0, 0, 7][..]));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "GridRepr<T>", into = "GridRepr<T>")]
#[serde(bound(serialize = "T: Clone + Serialize", deserialize = "T: Deserialize<'de>"))]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

/// The serialised form of a grid: its width and its rows.
#[derive(Serialize, Deserialize)]
struct GridRepr<T> {
    width: usize,
    rows: Vec<Vec<T>>,
}

impl<T> TryFrom<GridRepr<T>> for Grid<T> {
    type Error = GridError;
    fn try_from(repr: GridRepr<T>) -> Result<Self, GridError> {
        if repr.rows.is_empty() {
            return Ok(Grid { width: repr.width, height: 0, cells: Vec::new() });
        }
        if let Some(bad) = repr.rows.iter().position(|r| r.len() != repr.width) {
            return Err(GridError::Ragged { row: bad, len: repr.rows[bad].len(), width: repr.width });
        }
        Grid::from_rows(repr.rows)
    }
}

impl<T: Clone> From<Grid<T>> for GridRepr<T> {
    fn from(grid: Grid<T>) -> Self {
        GridRepr { width: grid.width, rows: grid.rows().map(<[T]>::to_vec).collect() }
    }
}

/// Why cells could not be assembled into a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The number of cells is not `width * height`.
    WrongLength {
        /// Cells expected.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// Row `row` (from 0) has `len` cells where `width` were expected.
    Ragged {
        /// The offending row, from 0.
        row: usize,
        /// Its length.
        len: usize,
        /// The expected length.
        width: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::WrongLength { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            GridError::Ragged { row, len, width } => {
                write!(f, "row {row} has {len} cells, expected {width}")
            }
        }
    }
}

impl std::error::Error for GridError {}

impl<T> Grid<T> {
    /// A grid with every cell set to `fill`.
    ///
    /// ```
    /// let g = engine::Grid::new(4, 3, '.');
    /// assert_eq!((g.width(), g.height(), g.len()), (4, 3, 12));
    /// ```
    #[must_use]
    pub fn new(width: usize, height: usize, fill: T) -> Self
    where
        T: Clone,
    {
        Grid { width, height, cells: vec![fill; width * height] }
    }

    /// A grid whose cell at each coordinate is `f(coord)`, filled row by row.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// let g = Grid::from_fn(3, 2, |c| c.x + 10 * c.y);
    /// assert_eq!(g[Coord::new(2, 1)], 12);
    /// ```
    #[must_use]
    pub fn from_fn(width: usize, height: usize, mut f: impl FnMut(Coord) -> T) -> Self {
        let mut cells = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                cells.push(f(Coord::new(x as i32, y as i32)));
            }
        }
        Grid { width, height, cells }
    }

    /// A grid from its cells in row-major order.
    ///
    /// ```
    /// use engine::Grid;
    /// assert!(Grid::from_vec(2, 2, vec![1, 2, 3, 4]).is_ok());
    /// assert!(Grid::from_vec(2, 2, vec![1, 2, 3]).is_err());
    /// ```
    pub fn from_vec(width: usize, height: usize, cells: Vec<T>) -> Result<Self, GridError> {
        if cells.len() == width * height {
            Ok(Grid { width, height, cells })
        } else {
            Err(GridError::WrongLength { expected: width * height, found: cells.len() })
        }
    }

    /// A grid from a list of rows, which must all have the first row's length.
    ///
    /// ```
    /// use engine::Grid;
    /// let g = Grid::from_rows(vec![vec![1, 2], vec![3, 4]]).unwrap();
    /// assert_eq!(g.cells(), &[1, 2, 3, 4]);
    /// assert!(Grid::from_rows(vec![vec![1, 2], vec![3]]).is_err());
    /// ```
    pub fn from_rows(rows: Vec<Vec<T>>) -> Result<Self, GridError> {
        let width = rows.first().map_or(0, Vec::len);
        let height = rows.len();
        let mut cells = Vec::with_capacity(width * height);
        for (row, cells_of_row) in rows.into_iter().enumerate() {
            if cells_of_row.len() != width {
                return Err(GridError::Ragged { row, len: cells_of_row.len(), width });
            }
            cells.extend(cells_of_row);
        }
        Ok(Grid { width, height, cells })
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(engine::Grid::new(5, 1, 0).width(), 5);
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(engine::Grid::new(5, 1, 0).height(), 1);
    /// ```
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells, `width * height`.
    ///
    /// ```
    /// assert_eq!(engine::Grid::new(5, 2, 0).len(), 10);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the grid has no cells.
    ///
    /// ```
    /// assert!(engine::Grid::new(0, 3, 0).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `c` lies inside the grid.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// let g = Grid::new(2, 2, 0);
    /// assert!(g.contains(Coord::new(1, 1)));
    /// assert!(!g.contains(Coord::new(-1, 0)));
    /// ```
    #[must_use]
    pub fn contains(&self, c: Coord) -> bool {
        c.x >= 0 && c.y >= 0 && (c.x as usize) < self.width && (c.y as usize) < self.height
    }

    /// The row-major index of `c`, or `None` outside the grid.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// assert_eq!(Grid::new(4, 4, 0).index_of(Coord::new(1, 2)), Some(9));
    /// ```
    #[must_use]
    pub fn index_of(&self, c: Coord) -> Option<usize> {
        self.contains(c).then(|| c.y as usize * self.width + c.x as usize)
    }

    /// The coordinate of a row-major index (not checked against the height).
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// assert_eq!(Grid::new(4, 4, 0).coord_of(9), Coord::new(1, 2));
    /// ```
    #[must_use]
    pub fn coord_of(&self, index: usize) -> Coord {
        Coord::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// The cell at `c`, or `None` outside the grid.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// assert_eq!(Grid::new(1, 1, 'a').get(Coord::new(0, 0)), Some(&'a'));
    /// ```
    #[must_use]
    pub fn get(&self, c: Coord) -> Option<&T> {
        self.index_of(c).map(|i| &self.cells[i])
    }

    /// The cell at `c` for writing, or `None` outside the grid.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// let mut g = Grid::new(1, 1, 0);
    /// *g.get_mut(Coord::new(0, 0)).unwrap() += 5;
    /// assert_eq!(g[0], 5);
    /// ```
    pub fn get_mut(&mut self, c: Coord) -> Option<&mut T> {
        self.index_of(c).map(|i| &mut self.cells[i])
    }

    /// Stores `value` at `c` and returns the previous value, or `None` (storing nothing)
    /// when `c` is outside the grid.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// let mut g = Grid::new(2, 1, 0);
    /// assert_eq!(g.set(Coord::new(1, 0), 3), Some(0));
    /// assert_eq!(g.set(Coord::new(2, 0), 3), None);
    /// assert_eq!(g.cells(), &[0, 3]);
    /// ```
    pub fn set(&mut self, c: Coord, value: T) -> Option<T> {
        self.get_mut(c).map(|cell| std::mem::replace(cell, value))
    }

    /// All cells in row-major order.
    ///
    /// ```
    /// assert_eq!(engine::Grid::new(2, 1, 9).cells(), &[9, 9]);
    /// ```
    #[must_use]
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All cells in row-major order, for writing.
    ///
    /// ```
    /// let mut g = engine::Grid::new(2, 1, 0);
    /// g.cells_mut()[1] = 4;
    /// assert_eq!(g.cells(), &[0, 4]);
    /// ```
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Consumes the grid, returning its cells in row-major order.
    ///
    /// ```
    /// assert_eq!(engine::Grid::new(1, 2, 'x').into_cells(), vec!['x', 'x']);
    /// ```
    #[must_use]
    pub fn into_cells(self) -> Vec<T> {
        self.cells
    }

    /// Row `y` as a slice, or `None` past the last row.
    ///
    /// ```
    /// let g = engine::Grid::from_vec(2, 2, vec![1, 2, 3, 4]).unwrap();
    /// assert_eq!(g.row(1), Some(&[3, 4][..]));
    /// ```
    #[must_use]
    pub fn row(&self, y: usize) -> Option<&[T]> {
        (y < self.height).then(|| &self.cells[y * self.width..(y + 1) * self.width])
    }

    /// The rows from top to bottom, each as a slice.
    ///
    /// ```
    /// let g = engine::Grid::from_vec(2, 2, vec![1, 2, 3, 4]).unwrap();
    /// let sums: Vec<i32> = g.rows().map(|r| r.iter().sum()).collect();
    /// assert_eq!(sums, vec![3, 7]);
    /// ```
    #[must_use]
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[T]> + '_ {
        // `chunks_exact(0)` would panic; a zero-width grid has `height` empty rows.
        (0..self.height).map(move |y| &self.cells[y * self.width..(y + 1) * self.width])
    }

    /// Every coordinate in row-major order.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// let coords: Vec<Coord> = Grid::new(2, 2, ()).coords().collect();
    /// assert_eq!(coords[1], Coord::new(1, 0));
    /// assert_eq!(coords[2], Coord::new(0, 1));
    /// ```
    #[must_use]
    pub fn coords(&self) -> impl ExactSizeIterator<Item = Coord> + use<T> {
        let width = self.width.max(1);
        (0..self.cells.len()).map(move |i| Coord::new((i % width) as i32, (i / width) as i32))
    }

    /// Every cell with its coordinate, row-major.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// let g = Grid::from_fn(2, 2, |c| c.x * c.y);
    /// assert_eq!(g.iter().filter(|(_, v)| **v == 1).next(), Some((Coord::new(1, 1), &1)));
    /// ```
    #[must_use]
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Coord, &T)> + '_ {
        self.coords().zip(self.cells.iter())
    }

    /// A grid of the same shape with `f` applied to every cell.
    ///
    /// ```
    /// let g = engine::Grid::new(2, 2, 3).map(|v| v * 2);
    /// assert_eq!(g.cells(), &[6, 6, 6, 6]);
    /// ```
    #[must_use]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid { width: self.width, height: self.height, cells: self.cells.iter().map(f).collect() }
    }

    /// A copy surrounded by a ring `ring` cells wide filled with `fill`: the cell at `c`
    /// moves to `c + (ring, ring)`. Shisen-Sho paths run through such a ring.
    ///
    /// ```
    /// use engine::{Coord, Grid};
    /// let g = Grid::new(2, 1, 'a').padded(1, '.');
    /// assert_eq!((g.width(), g.height()), (4, 3));
    /// assert_eq!(g[Coord::new(1, 1)], 'a');
    /// assert_eq!(g[Coord::new(0, 1)], '.');
    /// ```
    #[must_use]
    pub fn padded(&self, ring: usize, fill: T) -> Grid<T>
    where
        T: Clone,
    {
        let r = ring as i32;
        Grid::from_fn(self.width + 2 * ring, self.height + 2 * ring, |c| {
            self.get(Coord::new(c.x - r, c.y - r)).cloned().unwrap_or_else(|| fill.clone())
        })
    }
}

impl<T> Index<usize> for Grid<T> {
    type Output = T;
    fn index(&self, index: usize) -> &T {
        &self.cells[index]
    }
}

impl<T> IndexMut<usize> for Grid<T> {
    fn index_mut(&mut self, index: usize) -> &mut T {
        &mut self.cells[index]
    }
}

impl<T> Index<Coord> for Grid<T> {
    type Output = T;
    fn index(&self, c: Coord) -> &T {
        match self.index_of(c) {
            Some(i) => &self.cells[i],
            None => panic!("coordinate {c} outside a {}x{} grid", self.width, self.height),
        }
    }
}

impl<T> IndexMut<Coord> for Grid<T> {
    fn index_mut(&mut self, c: Coord) -> &mut T {
        match self.index_of(c) {
            Some(i) => &mut self.cells[i],
            None => panic!("coordinate {c} outside a {}x{} grid", self.width, self.height),
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Grid {}x{} [", self.width, self.height)?;
        for row in self.rows() {
            writeln!(f, "  {row:?}")?;
        }
        write!(f, "]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_coord_round_trip() {
        let g = Grid::new(5, 3, 0);
        for (i, c) in g.coords().enumerate() {
            assert_eq!(g.index_of(c), Some(i));
            assert_eq!(g.coord_of(i), c);
        }
        assert_eq!(g.index_of(Coord::new(5, 0)), None);
        assert_eq!(g.index_of(Coord::new(0, 3)), None);
        assert_eq!(g.index_of(Coord::new(0, -1)), None);
    }

    #[test]
    fn zero_width_grid_has_empty_rows() {
        let g: Grid<u8> = Grid::new(0, 3, 0);
        assert_eq!(g.rows().count(), 3);
        assert!(g.rows().all(<[u8]>::is_empty));
        assert_eq!(g.coords().count(), 0);
    }

    #[test]
    fn serde_round_trip_and_validation() {
        let g = Grid::from_fn(3, 2, |c| c.x + c.y);
        let text = ron::to_string(&g).unwrap();
        assert_eq!(text, "(width:3,rows:[[0,1,2],[1,2,3]])");
        let back: Grid<i32> = ron::from_str(&text).unwrap();
        assert_eq!(back, g);
        assert!(ron::from_str::<Grid<i32>>("(width:3,rows:[[0,1,2],[1,2]])").is_err());
        assert!(ron::from_str::<Grid<i32>>("(width:2,rows:[[0,1,2]])").is_err());
    }

    #[test]
    fn padded_moves_cells_inward() {
        let g = Grid::from_vec(2, 2, vec![1, 2, 3, 4]).unwrap().padded(2, 0);
        assert_eq!((g.width(), g.height()), (6, 6));
        assert_eq!(g.cells().iter().sum::<i32>(), 10);
        assert_eq!(g[Coord::new(3, 3)], 4);
    }
}
