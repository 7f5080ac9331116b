//! What both searches share: the board as numbered tiles on a grid of cells with its
//! occupancy masks ([`Tiles`], [`TileGrid`]), the line of play with the deepest line found
//! ([`Line`]), how a search ends ([`Step`]) and how it counts its nodes ([`out_of_budget`]).

use engine::{Coord, Meter};

use super::answer::{Partial, Removal};
use crate::board::Board;
use crate::board::Masks;
use crate::path;

/// A tile's number: the board's tiles are numbered `0..n` in row-major order.
pub(super) type Tile = u32;

/// How a search (or a branch of it) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Solved,
    Failed,
    OutOfBudget,
}

/// How many nodes the searches count between two reads of the clock and the cancel token.
/// Their nodes cost microseconds to a millisecond (a node with gravity on a 30x16 board
/// about 0.15 ms unoptimised), so [`engine::budget::CHECK_EVERY`] nodes could take far
/// longer than the 50 ms a cancel must take at most.
const CHECK_CLOCK_EVERY: u64 = 16;

/// Counts a node on `meter`; whether the search must stop (once stopped, always stopped).
pub(super) fn out_of_budget(meter: &mut Meter) -> bool {
    meter.tick() || (meter.nodes() % CHECK_CLOCK_EVERY == 0 && meter.check())
}

/// The cells of a `w` × `h` board in row-major order (cell `y * w + x`), each empty or
/// holding a tile, on an [`engine::Grid`], with one occupancy bit mask per row and per
/// column when the board is small enough ([`Masks::MAX`]); the masks always agree with the
/// cells. Named apart from [`engine::Grid`], which it wraps: the searches address cells by
/// index and read the masks in their hot loops.
#[derive(Clone, Debug)]
pub(super) struct TileGrid {
    /// Per cell: 0 when empty, else the tile's number + 1.
    cells: engine::Grid<u32>,
    masks: Option<Masks>,
    /// Per cell: its column and row (no division in the hot loops).
    xy: Vec<(u32, u32)>,
}

impl TileGrid {
    pub(super) fn width(&self) -> usize {
        self.cells.width()
    }

    /// How many cells the board has.
    pub(super) fn size(&self) -> usize {
        self.cells.len()
    }

    pub(super) fn coord(&self, cell: usize) -> Coord {
        let (x, y) = self.xy[cell];
        Coord::new(x as i32, y as i32)
    }

    /// The column of `cell`.
    pub(super) fn x(&self, cell: usize) -> usize {
        self.xy[cell].0 as usize
    }

    /// The row of `cell`.
    pub(super) fn y(&self, cell: usize) -> usize {
        self.xy[cell].1 as usize
    }

    /// An empty `w` × `h` grid, with masks when it is small enough.
    pub(super) fn new(w: usize, h: usize) -> TileGrid {
        let xy = (0..w * h).map(|cell| ((cell % w) as u32, (cell / w) as u32)).collect();
        TileGrid { cells: engine::Grid::new(w, h, 0), masks: Masks::new(w, h), xy }
    }

    /// The tile at `cell`, if any.
    pub(super) fn tile(&self, cell: usize) -> Option<Tile> {
        self.cells[cell].checked_sub(1)
    }

    /// Puts `tile` (or nothing) at `cell`.
    pub(super) fn set(&mut self, cell: usize, tile: Option<Tile>) {
        self.cells[cell] = tile.map_or(0, |t| t + 1);
        let c = self.coord(cell);
        if let Some(masks) = &mut self.masks {
            masks.set(c, tile.is_some());
        }
    }

    /// Whether the tiles at cells `a` and `b` connect (at most two turns through empty cells
    /// and the ring around the board), through the masks when there are some.
    pub(super) fn connects(&self, a: usize, b: usize) -> bool {
        // A path leaves a cell through an empty neighbour or the ring, unless the two cells
        // are neighbours: a cheap exact test first (most tiles of a full board are enclosed).
        let (lo, hi) = (a.min(b), a.max(b));
        let near = hi - lo == self.cells.width() || (hi - lo == 1 && self.x(hi) != 0);
        if !(near || self.exposed(a) && self.exposed(b)) {
            return false;
        }
        let (ca, cb) = (self.coord(a), self.coord(b));
        if let Some(masks) = &self.masks {
            return masks.connects(ca, cb);
        }
        let w = self.cells.width();
        path::find(w as i32, self.cells.height() as i32, |x, y| self.cells[y as usize * w + x as usize] == 0, ca, cb)
            .is_some()
    }

    /// Whether a path can leave `cell`: it lies on the board's edge or beside an empty cell.
    pub(super) fn exposed(&self, cell: usize) -> bool {
        let (w, x) = (self.cells.width(), self.x(cell));
        x == 0
            || x + 1 == w
            || cell < w
            || cell + w >= self.cells.len()
            || self.cells[cell - 1] == 0
            || self.cells[cell + 1] == 0
            || self.cells[cell - w] == 0
            || self.cells[cell + w] == 0
    }

    /// Calls `visit` with every occupied cell that a path can leave ([`TileGrid::exposed`]), in
    /// row-major order: a few word operations a row on the masks.
    pub(super) fn open_cells(&self, mut visit: impl FnMut(usize)) {
        let Some(masks) = &self.masks else {
            (0..self.cells.len()).filter(|&c| self.cells[c] != 0 && self.exposed(c)).for_each(visit);
            return;
        };
        let h = self.cells.height();
        for y in 0..h {
            let occupied = masks.rows[y];
            // The ring bits (0 and w + 1) are always empty.
            let empty = !occupied;
            let up = if y == 0 { u64::MAX } else { !masks.rows[y - 1] };
            let down = if y + 1 == h { u64::MAX } else { !masks.rows[y + 1] };
            let mut open = occupied & ((empty << 1) | (empty >> 1) | up | down);
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                visit(y * self.cells.width() + bit - 1);
                open &= open - 1;
            }
        }
    }

    /// Whether no tile floats above an empty cell.
    pub(super) fn is_settled(&self) -> bool {
        let w = self.cells.width();
        (w..self.cells.len()).all(|i| self.cells[i] != 0 || self.cells[i - w] == 0)
    }

    /// Lets the tiles of column `x` fall to its bottom, keeping their order; `moved(t, cell)`
    /// hears where every tile of the column stands then.
    pub(super) fn fall(&mut self, x: usize, moved: impl FnMut(Tile, usize)) {
        let w = self.cells.width();
        let mut bottom = self.cells.height();
        for y in (0..self.cells.height()).rev() {
            let t = self.cells[y * w + x];
            if t != 0 {
                bottom -= 1;
                self.cells[y * w + x] = 0;
                self.cells[bottom * w + x] = t;
            }
        }
        self.refresh_column(x, moved);
    }

    /// The cells, to [`TileGrid::restore`] later.
    pub(super) fn save(&self, into: &mut Vec<u32>) {
        into.extend_from_slice(self.cells.cells());
    }

    /// Puts back the cells of `saved` (from [`TileGrid::save`]) that differ from the grid's only
    /// in `columns`; `moved(t, cell)` hears where every tile of those columns stands then.
    pub(super) fn restore(&mut self, saved: &[u32], columns: &[usize], mut moved: impl FnMut(Tile, usize)) {
        self.cells.cells_mut().copy_from_slice(saved);
        for &x in columns {
            self.refresh_column(x, &mut moved);
        }
    }

    /// Brings the masks of column `x` up to date with the cells.
    fn refresh_column(&mut self, x: usize, mut moved: impl FnMut(Tile, usize)) {
        let w = self.cells.width();
        for y in 0..self.cells.height() {
            let t = self.cells[y * w + x];
            if t != 0 {
                moved(t - 1, y * w + x);
            }
            if let Some(masks) = &mut self.masks {
                masks.set(Coord::new(x as i32, y as i32), t != 0);
            }
        }
    }
}

/// The tiles of a board, numbered `0..n` in row-major order, on their grid.
#[derive(Clone, Debug)]
pub(super) struct Tiles {
    pub(super) grid: TileGrid,
    /// Per tile: its cell.
    pub(super) pos: Vec<usize>,
    /// Per matching class: its tiles.
    pub(super) members: Vec<Vec<Tile>>,
}

impl Tiles {
    pub(super) fn new(board: &Board) -> Tiles {
        let mut grid = TileGrid::new(board.width(), board.height());
        let mut pos = Vec::new();
        let mut members = vec![Vec::new(); board.kind_count().max(1)];
        for (i, cell) in board.cells().cells().iter().enumerate() {
            if let Some(kind) = cell {
                members[usize::from(board.class(*kind))].push(pos.len() as Tile);
                pos.push(i);
                grid.set(i, Some(pos.len() as Tile - 1));
            }
        }
        Tiles { grid, pos, members }
    }

    /// How many tiles the board was dealt with.
    pub(super) fn len(&self) -> usize {
        self.pos.len()
    }

    /// Whether tiles `t` and `u` connect where they stand.
    pub(super) fn connects(&self, t: Tile, u: Tile) -> bool {
        self.grid.connects(self.pos[t as usize], self.pos[u as usize])
    }

    /// The cell of tile `t`.
    pub(super) fn cell(&self, t: Tile) -> usize {
        self.pos[t as usize]
    }
}

/// The line of play (removals as cell pairs, as the board stood then), the tiles it leaves,
/// and the deepest line found so far.
pub(super) struct Line {
    pub(super) moves: Vec<(usize, usize)>,
    pub(super) tiles_left: usize,
    best_left: usize,
    best: Vec<(usize, usize)>,
}

impl Line {
    pub(super) fn new(tiles: usize) -> Line {
        Line { moves: Vec::new(), tiles_left: tiles, best_left: tiles, best: Vec::new() }
    }

    /// Records the line as the deepest so far when it leaves fewer tiles (and tells `meter`).
    pub(super) fn note_best(&mut self, meter: &mut Meter) {
        if self.tiles_left < self.best_left {
            self.best_left = self.tiles_left;
            self.best.clone_from(&self.moves);
            meter.set_best(self.tiles_left as u64);
        }
    }

    /// The line and the deepest line as removals on `grid`.
    pub(super) fn into_removals(self, grid: &TileGrid) -> (Vec<Removal>, Partial) {
        let cells = |moves: &[(usize, usize)]| -> Vec<Removal> {
            moves.iter().map(|&(a, b)| (grid.coord(a), grid.coord(b))).collect()
        };
        let best = Partial { tiles_left: self.best_left, removals: cells(&self.best) };
        (cells(&self.moves), best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::SeededRng;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The connection test (the enclosure test, then the bit masks or the path search)
        /// agrees with the path search alone on random boards.
        #[test]
        fn masks_agree_with_the_path_search(w in 1usize..9, h in 1usize..7, fill in 0u64..100, seed: u64) {
            let mut rng = SeededRng::new(seed);
            let mut with = TileGrid::new(w, h);
            for cell in 0..w * h {
                if rng.below(100) < fill {
                    with.set(cell, Some(0));
                }
            }
            let without = TileGrid { masks: None, ..with.clone() };
            for a in 0..w * h {
                for b in 0..w * h {
                    if with.tile(a).is_none() || with.tile(b).is_none() {
                        continue;
                    }
                    let (ca, cb) = (with.coord(a), with.coord(b));
                    let slow = path::find(w as i32, h as i32, |x, y| with.tile(y as usize * w + x as usize).is_none(), ca, cb).is_some();
                    prop_assert_eq!(with.connects(a, b), slow, "{} {} {:?}", a, b, with.cells);
                    prop_assert_eq!(without.connects(a, b), slow, "{} {} {:?}", a, b, with.cells);
                }
            }
        }

        /// The open cells found on the masks are the occupied cells that `exposed` finds.
        #[test]
        fn open_cells_agree_with_exposed(w in 1usize..9, h in 1usize..7, fill in 0u64..100, seed: u64) {
            let mut rng = SeededRng::new(seed);
            let mut grid = TileGrid::new(w, h);
            for cell in 0..w * h {
                if rng.below(100) < fill {
                    grid.set(cell, Some(0));
                }
            }
            let mut open = Vec::new();
            grid.open_cells(|cell| open.push(cell));
            let slow: Vec<usize> = (0..w * h).filter(|&c| grid.tile(c).is_some() && grid.exposed(c)).collect();
            prop_assert_eq!(&open, &slow);
            let mut without = Vec::new();
            TileGrid { masks: None, ..grid.clone() }.open_cells(|cell| without.push(cell));
            prop_assert_eq!(&without, &slow);
        }

        /// Tiles fall to the bottom of their column in order, and a restore brings back the
        /// cells and the masks.
        #[test]
        fn fall_and_restore(w in 1usize..6, h in 1usize..6, fill in 0u64..100, seed: u64) {
            let mut rng = SeededRng::new(seed);
            let mut grid = TileGrid::new(w, h);
            for cell in 0..w * h {
                if rng.below(100) < fill {
                    grid.set(cell, Some(cell as Tile));
                }
            }
            let before = grid.clone();
            let mut saved = Vec::new();
            grid.save(&mut saved);
            let columns: Vec<usize> = (0..w).collect();
            for &x in &columns {
                grid.fall(x, |t, cell| assert_eq!(t as usize % w, cell % w));
            }
            prop_assert!(grid.is_settled());
            let fresh = Masks::of(&{
                let mut g = engine::Grid::new(w, h, None);
                for cell in 0..w * h {
                    if grid.tile(cell).is_some() {
                        g.set(grid.coord(cell), Some(crate::board::Kind(0)));
                    }
                }
                g
            });
            prop_assert_eq!(&grid.masks, &fresh);
            grid.restore(&saved, &columns, |_, _| {});
            prop_assert_eq!(&grid.cells, &before.cells);
            prop_assert_eq!(&grid.masks, &before.masks);
        }
    }
}
