//! The board's move structure for the table builders: every cell's neighbours as masks, and
//! the blank's region of free cells flooded on the bitboard.

use crate::Move;
use crate::board::neighbour;

/// The board's move structure.
pub(super) struct Moves {
    pub(super) full: u32,
    pub(super) width: u32,
    /// The cells outside the first column (where a step right may land) and outside the
    /// last one (where a step left may land).
    pub(super) not_first_column: u32,
    pub(super) not_last_column: u32,
    /// For every cell, the mask of its neighbours.
    pub(super) neighbours: Vec<u32>,
}

impl Moves {
    pub(super) fn new(width: usize, height: usize) -> Moves {
        let n = width * height;
        let neighbours = (0..n)
            .map(|c| Move::ALL.iter().filter_map(|&m| neighbour(c, width, height, m)).fold(0u32, |m, e| m | 1 << e))
            .collect();
        let column = |x: usize| (0..height).fold(0u32, |m, y| m | 1 << (y * width + x));
        let full = (1u32 << n) - 1;
        Moves {
            full,
            width: width as u32,
            not_first_column: full & !column(0),
            not_last_column: full & !column(width - 1),
            neighbours,
        }
    }

    /// The cells the blank reaches from `start` through the cells of `free` (which holds
    /// `start`): the whole reached set steps in the four directions at once until it
    /// stops growing.
    pub(super) fn region(&self, start: u8, free: u32) -> u32 {
        let mut m = 1u32 << start;
        loop {
            let grown = m | (self.step(m) & free);
            if grown == m {
                return m;
            }
            m = grown;
        }
    }

    /// The cells next to those of `m` (possibly some of `m` too, never off the board).
    pub(super) fn step(&self, m: u32) -> u32 {
        ((m << 1 & self.not_first_column) | (m >> 1 & self.not_last_column) | m << self.width | m >> self.width)
            & self.full
    }

    /// [`Moves::region`] cell by cell through the neighbour lists (for the reference
    /// builder, and to check the fast one).
    pub(super) fn region_by_cells(&self, start: u8, free: u32) -> u32 {
        let mut m = 1u32 << start;
        loop {
            let mut grown = m;
            let mut bits = m;
            while bits != 0 {
                grown |= self.neighbours[bits.trailing_zeros() as usize] & free;
                bits &= bits - 1;
            }
            if grown == m {
                return m;
            }
            m = grown;
        }
    }
}

pub(super) fn occupied(cells: &[u8]) -> u32 {
    cells.iter().fold(0u32, |m, &c| m | 1 << c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit-parallel flood against the cell-by-cell one, on every board shape of 2 to
    /// 16 cells, from every free start cell, for every set of free cells on boards of up
    /// to 12 cells and a spread sample of them on bigger ones.
    #[test]
    fn region_flood_matches_cell_by_cell() {
        for (w, h) in (1..=16).flat_map(|w| (1..=16).map(move |h| (w, h))).filter(|(w, h)| (2..=16).contains(&(w * h)))
        {
            let n = w * h;
            let moves = Moves::new(w, h);
            let step = if n <= 12 { 1 } else { 97 };
            for free in (0..1u32 << n).step_by(step) {
                for start in (0..n as u8).filter(|&c| free & 1 << c != 0) {
                    let want = moves.region_by_cells(start, free);
                    assert_eq!(moves.region(start, free), want, "{w}x{h} from {start} through {free:#b}");
                }
            }
        }
    }
}
