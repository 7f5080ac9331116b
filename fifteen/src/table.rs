//! Complete distance tables by breadth-first search, for boards of at most
//! [`MAX_TABLE_CELLS`] cells: the obviously-correct answer every faster algorithm of this
//! crate is checked against, and the full 8-puzzle distance distribution.
//!
//! A state is stored by the rank (Lehmer code) of its permutation of goal cells, one byte
//! per state, so the 9! states of a 3×3 board take 363 kB.

use crate::board::neighbour;
use crate::solvable::goal_cells;
use crate::{Board, Error, Move};

/// The largest board a [`DistanceTable`] accepts (10! states of one byte each).
pub const MAX_TABLE_CELLS: usize = 10;

const UNSEEN: u8 = u8::MAX;

/// The distance to one goal of every state of a small board.
///
/// ```
/// use fifteen::{table::DistanceTable, Board, Goal};
/// let goal = Goal::BlankLast.layout(3, 2).unwrap();
/// let table = DistanceTable::new(&goal).unwrap();
/// assert_eq!(table.reachable(), 360);
/// let b = Board::parse_line("1 2 3 4 0 5", Some(3)).unwrap();
/// assert_eq!(table.distance(&b), Some(1));
/// ```
#[derive(Clone, Debug)]
pub struct DistanceTable {
    goal: Board,
    factorials: Vec<u32>,
    dist: Vec<u8>,
}

impl DistanceTable {
    /// Breadth-first search from `goal` over every state of its board. An error for boards
    /// of more than [`MAX_TABLE_CELLS`] cells or a state farther than 254 moves.
    ///
    /// ```
    /// use fifteen::{table::DistanceTable, Goal};
    /// assert!(DistanceTable::new(&Goal::BlankLast.layout(4, 4).unwrap()).is_err());
    /// ```
    pub fn new(goal: &Board) -> Result<DistanceTable, Error> {
        let n = goal.tiles().len();
        if n > MAX_TABLE_CELLS {
            return Err(Error::TableSize { cells: n, max: MAX_TABLE_CELLS });
        }
        let mut factorials = vec![1u32; n + 1];
        for i in 1..=n {
            factorials[i] = factorials[i - 1] * i as u32;
        }
        let (w, h) = (goal.width(), goal.height());
        let mut table = DistanceTable { goal: goal.clone(), factorials, dist: vec![UNSEEN; 0] };
        table.dist = vec![UNSEEN; table.factorials[n] as usize];
        let blank_label = goal.blank() as u8;
        let identity: Vec<u8> = (0..n as u8).collect();
        let start = table.rank(&identity);
        table.dist[start as usize] = 0;
        let mut queue = vec![start];
        let mut head = 0;
        let mut perm = vec![0u8; n];
        while head < queue.len() {
            let r = queue[head];
            head += 1;
            let d = table.dist[r as usize];
            if d == UNSEEN - 1 {
                return Err(Error::TableDepth);
            }
            table.unrank(r, &mut perm);
            let blank = perm.iter().position(|&l| l == blank_label).unwrap_or(0);
            for m in Move::ALL {
                let Some(next) = neighbour(blank, w, h, m) else { continue };
                perm.swap(blank, next);
                let nr = table.rank(&perm);
                perm.swap(blank, next);
                if table.dist[nr as usize] == UNSEEN {
                    table.dist[nr as usize] = d + 1;
                    queue.push(nr);
                }
            }
        }
        Ok(table)
    }

    /// The goal the distances lead to.
    ///
    /// ```
    /// use fifteen::{table::DistanceTable, Goal};
    /// let g = Goal::Snake.layout(2, 2).unwrap();
    /// assert_eq!(DistanceTable::new(&g).unwrap().goal(), &g);
    /// ```
    #[must_use]
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The fewest moves from `board` to the goal; `None` when the goal cannot be reached
    /// (or `board` does not fit it).
    ///
    /// ```
    /// use fifteen::{table::DistanceTable, Board, Goal};
    /// let t = DistanceTable::new(&Goal::BlankLast.layout(2, 2).unwrap()).unwrap();
    /// assert_eq!(t.distance(&Board::parse_line("1 2 0 3", None).unwrap()), Some(1));
    /// assert_eq!(t.distance(&Board::parse_line("2 1 3 0", None).unwrap()), None);
    /// ```
    #[must_use]
    pub fn distance(&self, board: &Board) -> Option<u8> {
        let perm = goal_cells(board, &self.goal)?;
        let d = self.dist[self.rank(&perm) as usize];
        (d != UNSEEN).then_some(d)
    }

    /// How many states can reach the goal.
    ///
    /// ```
    /// use fifteen::{table::DistanceTable, Goal};
    /// let t = DistanceTable::new(&Goal::BlankLast.layout(4, 1).unwrap()).unwrap();
    /// assert_eq!(t.reachable(), 4);
    /// ```
    #[must_use]
    pub fn reachable(&self) -> usize {
        self.dist.iter().filter(|&&d| d != UNSEEN).count()
    }

    /// `histogram()[d]` = the number of states at distance `d`.
    ///
    /// ```
    /// use fifteen::{table::DistanceTable, Goal};
    /// let t = DistanceTable::new(&Goal::BlankLast.layout(2, 2).unwrap()).unwrap();
    /// assert_eq!(t.histogram(), vec![1, 2, 2, 2, 2, 2, 1]);
    /// ```
    #[must_use]
    pub fn histogram(&self) -> Vec<usize> {
        let mut hist = Vec::new();
        for &d in &self.dist {
            if d != UNSEEN {
                let d = usize::from(d);
                if hist.len() <= d {
                    hist.resize(d + 1, 0);
                }
                hist[d] += 1;
            }
        }
        hist
    }

    /// Every reachable state at distance exactly `d`, as boards.
    ///
    /// ```
    /// use fifteen::{table::DistanceTable, Goal};
    /// let t = DistanceTable::new(&Goal::BlankLast.layout(2, 2).unwrap()).unwrap();
    /// assert_eq!(t.states_at(6).len(), 1);
    /// ```
    #[must_use]
    pub fn states_at(&self, d: u8) -> Vec<Board> {
        let n = self.goal.tiles().len();
        let mut perm = vec![0u8; n];
        let mut out = Vec::new();
        for (r, &dd) in self.dist.iter().enumerate() {
            if dd == d && d != UNSEEN {
                self.unrank(r as u32, &mut perm);
                let tiles = perm.iter().map(|&cell| self.goal.tiles()[usize::from(cell)]).collect();
                if let Ok(b) = Board::new(self.goal.width(), self.goal.height(), tiles) {
                    out.push(b);
                }
            }
        }
        out
    }

    /// Lehmer rank of a permutation of `0..n`.
    fn rank(&self, perm: &[u8]) -> u32 {
        let n = perm.len();
        let mut used = 0u32;
        let mut r = 0u32;
        for (i, &p) in perm.iter().enumerate() {
            let smaller_used = (used & ((1u32 << p) - 1)).count_ones();
            r += (u32::from(p) - smaller_used) * self.factorials[n - 1 - i];
            used |= 1 << p;
        }
        r
    }

    /// The permutation of rank `r`.
    fn unrank(&self, mut r: u32, perm: &mut [u8]) {
        let n = perm.len();
        let mut free = (1u32 << n) - 1;
        for (i, slot) in perm.iter_mut().enumerate() {
            let f = self.factorials[n - 1 - i];
            let mut k = r / f;
            r %= f;
            let mut bits = free;
            while k > 0 {
                bits &= bits - 1;
                k -= 1;
            }
            let p = bits.trailing_zeros();
            *slot = p as u8;
            free &= !(1 << p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;

    #[test]
    fn eight_puzzle_distribution() {
        let t = DistanceTable::new(&Goal::BlankLast.layout(3, 3).unwrap()).unwrap();
        let hist = t.histogram();
        assert_eq!(hist.iter().sum::<usize>(), 181_440);
        assert_eq!(hist.len() - 1, 31);
        assert_eq!(hist[31], 2);
        assert_eq!(hist[0], 1);
        assert_eq!(hist[1], 2);
        let far = t.states_at(31);
        assert_eq!(far.len(), 2);
        for b in &far {
            assert_eq!(t.distance(b), Some(31));
        }
    }

    #[test]
    fn ranks_round_trip() {
        let t = DistanceTable::new(&Goal::BlankLast.layout(2, 2).unwrap()).unwrap();
        let mut perm = [0u8; 4];
        for r in 0..24 {
            t.unrank(r, &mut perm);
            assert_eq!(t.rank(&perm), r);
        }
    }
}
