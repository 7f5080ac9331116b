//! Admissible lower bounds on the number of moves to a goal.
//!
//! Everything works on *goal cells*: each tile is named by the cell it belongs to in the
//! goal ([`crate::solvable::goal_cells`]), so one heuristic serves every goal layout.
//!
//! - Manhattan distance: the sum over tiles of the taxicab distance to the goal cell.
//! - Linear conflict: in each row, the tiles that belong in that row must end in their goal
//!   order; the fewest of them that must leave the row to let the rest pass is the row's
//!   length minus the longest increasing subsequence of their goal columns, and each of
//!   those needs 2 vertical moves beyond its Manhattan distance. Likewise for columns.
//!   (Adding 2 per conflicting *pair* would overestimate: one tile stepping aside can
//!   resolve several pairs.)

use crate::Board;
use crate::board::taxicab;
use crate::solvable::goal_cells;

/// The Manhattan distance of `board` to `goal`; `None` when they do not fit each other.
///
/// ```
/// use fifteen::{heuristic::manhattan, Board, Goal};
/// let goal = Goal::BlankLast.layout(3, 3).unwrap();
/// let b = Board::parse_line("1 2 3 4 5 6 0 7 8", None).unwrap();
/// assert_eq!(manhattan(&b, &goal), Some(2));
/// ```
#[must_use]
pub fn manhattan(board: &Board, goal: &Board) -> Option<u32> {
    let cells = goal_cells(board, goal)?;
    Some(manhattan_cells(&cells, board.width(), goal.blank()))
}

/// Manhattan distance plus the linear conflicts (see the module docs); `None` when the
/// boards do not fit each other.
///
/// ```
/// use fifteen::{heuristic::{linear_conflict, manhattan}, Board, Goal};
/// let goal = Goal::BlankLast.layout(3, 3).unwrap();
/// let b = Board::parse_line("3 2 1 4 5 6 7 8 0", None).unwrap();
/// assert_eq!(manhattan(&b, &goal), Some(4));
/// assert_eq!(linear_conflict(&b, &goal), Some(8)); // two of 3 2 1 must leave the row
/// ```
#[must_use]
pub fn linear_conflict(board: &Board, goal: &Board) -> Option<u32> {
    let cells = goal_cells(board, goal)?;
    let (w, h) = (board.width(), board.height());
    let gb = goal.blank() as u8;
    let md = manhattan_cells(&cells, w, goal.blank());
    let lines: u32 = (0..h).map(|r| row_conflicts(&cells, w, gb, r)).sum::<u32>()
        + (0..w).map(|c| column_conflicts(&cells, w, h, gb, c)).sum::<u32>();
    Some(md + 2 * lines)
}

/// Manhattan distance of goal-cell labels (the label `goal_blank` is the blank).
pub(crate) fn manhattan_cells(cells: &[u8], w: usize, goal_blank: usize) -> u32 {
    cells
        .iter()
        .enumerate()
        .filter(|&(_, &l)| usize::from(l) != goal_blank)
        .map(|(i, &l)| {
            let l = usize::from(l);
            taxicab(i, l, w) as u32
        })
        .sum()
}

/// Tiles that must leave row `r` (see the module docs).
pub(crate) fn row_conflicts(cells: &[u8], w: usize, goal_blank: u8, r: usize) -> u32 {
    let mut seq = [0u8; 16];
    let mut len = 0;
    for &l in &cells[r * w..(r + 1) * w] {
        if l != goal_blank && usize::from(l) / w == r && len < seq.len() {
            seq[len] = (usize::from(l) % w) as u8;
            len += 1;
        }
    }
    (len - lis(&seq[..len])) as u32
}

/// Tiles that must leave column `c` (see the module docs).
pub(crate) fn column_conflicts(cells: &[u8], w: usize, h: usize, goal_blank: u8, c: usize) -> u32 {
    let mut seq = [0u8; 16];
    let mut len = 0;
    for y in 0..h {
        let l = cells[y * w + c];
        if l != goal_blank && usize::from(l) % w == c && len < seq.len() {
            seq[len] = (usize::from(l) / w) as u8;
            len += 1;
        }
    }
    (len - lis(&seq[..len])) as u32
}

/// Length of the longest strictly increasing subsequence (patience sorting).
fn lis(seq: &[u8]) -> usize {
    let mut tails = [0u8; 16];
    let mut len = 0;
    for &v in seq {
        let at = tails[..len].partition_point(|&t| t < v);
        tails[at] = v;
        if at == len {
            len += 1;
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;
    use crate::table::DistanceTable;

    /// Longest increasing subsequence by trying every subset.
    fn lis_slow(seq: &[u8]) -> usize {
        (0u32..1 << seq.len())
            .filter(|mask| {
                let picked: Vec<u8> = (0..seq.len()).filter(|i| mask >> i & 1 == 1).map(|i| seq[i]).collect();
                picked.windows(2).all(|p| p[0] < p[1])
            })
            .map(u32::count_ones)
            .max()
            .unwrap_or(0) as usize
    }

    proptest::proptest! {
        #[test]
        fn lis_matches_subsets(seq in proptest::collection::vec(0u8..8, 0..10)) {
            proptest::prop_assert_eq!(lis(&seq), lis_slow(&seq));
        }
    }

    #[test]
    fn heuristics_are_admissible_on_every_small_state() {
        for (w, h) in [(3, 3), (2, 3), (3, 2), (4, 2), (2, 4)] {
            for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral] {
                let g = goal.layout(w, h).unwrap();
                let table = DistanceTable::new(&g).unwrap();
                let mut max_gap = 0u32;
                for d in 0..=u8::try_from(table.histogram().len() - 1).unwrap() {
                    for b in table.states_at(d).iter().step_by(if w * h == 9 { 7 } else { 1 }) {
                        let md = manhattan(b, &g).unwrap();
                        let lc = linear_conflict(b, &g).unwrap();
                        assert!(md <= lc && lc <= u32::from(d), "{goal} {b}: md {md} lc {lc} true {d}");
                        assert_eq!(md % 2, u32::from(d) % 2);
                        max_gap = max_gap.max(lc - md);
                    }
                }
                assert!(max_gap >= 2, "linear conflicts never fired on {goal} {w}x{h}");
            }
        }
    }
}
