//! Exact reachability: can a start board be slid into a goal board?
//!
//! Label every tile of the start by the goal cell it belongs to; that gives a permutation
//! of the cells. One move swaps the blank with a neighbour: it flips the permutation's
//! parity and changes the blank's taxicab distance to its goal cell by one. At the goal
//! both are even, so `start → goal` is possible only when the parity of the permutation
//! equals the parity of the blank's taxicab distance — and on boards of at least 2×2 that
//! is also sufficient. A 1×N or N×1 strip only shifts its tiles: the order of the tiles
//! never changes, and every blank position is reachable.
//!
//! [`reference()`] is the seed article's O(n²) inversion-count check, kept for comparison
//! (property tests and the `reference` bench).

use crate::board::taxicab;
use crate::goal::GoalError;
use crate::{Board, Goal};

/// For every cell of `start`, the goal cell of its tile. `None` when the boards do not
/// have the same size and tiles.
///
/// ```
/// use fifteen::{solvable::goal_cells, Board};
/// let start = Board::parse_line("1 2 0 3", None).unwrap();
/// let goal = Board::parse_line("1 2 3 0", None).unwrap();
/// assert_eq!(goal_cells(&start, &goal), Some(vec![0, 1, 3, 2]));
/// ```
#[must_use]
pub fn goal_cells(start: &Board, goal: &Board) -> Option<Vec<u8>> {
    if !start.same_tiles(goal) {
        return None;
    }
    let mut cell_of = [0u8; crate::MAX_CELLS + 1];
    for (i, &t) in goal.tiles().iter().enumerate() {
        cell_of[usize::from(t)] = i as u8;
    }
    Some(start.tiles().iter().map(|&t| cell_of[usize::from(t)]).collect())
}

/// The parity of a permutation of `0..n` (`true` = odd), in O(n) by counting cycles.
///
/// ```
/// use fifteen::solvable::is_odd_permutation;
/// assert!(!is_odd_permutation(&[0, 1, 2]));
/// assert!(is_odd_permutation(&[1, 0, 2]));
/// assert!(!is_odd_permutation(&[1, 2, 0]));
/// ```
#[must_use]
pub fn is_odd_permutation(perm: &[u8]) -> bool {
    let mut seen = vec![false; perm.len()];
    let mut transpositions = 0usize;
    for i in 0..perm.len() {
        let mut j = i;
        let mut len = 0usize;
        while !seen[j] {
            seen[j] = true;
            j = usize::from(perm[j]);
            len += 1;
        }
        transpositions += len.saturating_sub(1);
    }
    transpositions % 2 == 1
}

/// Whether `goal` can be reached from `start` by sliding tiles. Exact for every board size
/// and every goal (any layout of the same tiles); `false` when the boards differ in size or
/// tiles.
///
/// ```
/// use fifteen::{solvable::is_reachable, Board};
/// let goal = Board::parse_line("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", None).unwrap();
/// let swapped = Board::parse_line("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0", None).unwrap();
/// assert!(!is_reachable(&swapped, &goal));
/// let strip = Board::parse_line("1 0 2", Some(3)).unwrap();
/// assert!(is_reachable(&strip, &Board::parse_line("0 1 2", Some(3)).unwrap()));
/// assert!(!is_reachable(&strip, &Board::parse_line("2 1 0", Some(3)).unwrap()));
/// ```
#[must_use]
pub fn is_reachable(start: &Board, goal: &Board) -> bool {
    let (w, h) = (start.width(), start.height());
    if (w, h) != (goal.width(), goal.height()) {
        return false;
    }
    // Both boards hold n distinct tiles: the same set iff every start tile is a goal tile.
    // (`u16`: on a 16×16 board 255 is a cell, not a sentinel.)
    let mut cell_of = [u16::MAX; crate::MAX_CELLS + 1];
    for (i, &t) in goal.tiles().iter().enumerate() {
        cell_of[usize::from(t)] = i as u16;
    }
    if start.tiles().iter().any(|&t| cell_of[usize::from(t)] == u16::MAX) {
        return false;
    }
    if w == 1 || h == 1 {
        let order = |b: &Board| b.tiles().iter().copied().filter(|&t| t != 0).collect::<Vec<_>>();
        return order(start) == order(goal);
    }
    // Parity of the permutation cell -> goal cell of its tile: n minus its cycles.
    let tiles = start.tiles();
    let mut seen = [false; crate::MAX_CELLS];
    let mut cycles = 0;
    for i in 0..tiles.len() {
        if !seen[i] {
            cycles += 1;
            let mut j = i;
            while !seen[j] {
                seen[j] = true;
                j = usize::from(cell_of[usize::from(tiles[j])]);
            }
        }
    }
    let odd = (tiles.len() - cycles) % 2 == 1;
    let (s, g) = (start.blank(), goal.blank());
    odd == (taxicab(s, g, w) % 2 == 1)
}

/// Whether `board` can be slid into `goal`'s layout. An error when the goal does not fit
/// the board (size or tiles).
///
/// ```
/// use fifteen::{solvable::is_solvable, Board, Goal};
/// let b = Board::parse_line("1 2 3 4 5 6 8 7 0", None).unwrap();
/// assert_eq!(is_solvable(&b, &Goal::BlankLast), Ok(false));
/// assert_eq!(is_solvable(&b, &Goal::Snake), Ok(true));
/// ```
pub fn is_solvable(board: &Board, goal: &Goal) -> Result<bool, GoalError> {
    let goal = goal_board(board, goal)?;
    Ok(is_reachable(board, &goal))
}

/// The goal's layout at `board`'s size, checked to hold the same tiles as `board`.
///
/// ```
/// use fifteen::{solvable::goal_board, Board, Goal};
/// let b = Board::parse_line("4 1 3 0", None).unwrap();
/// assert!(goal_board(&b, &Goal::BlankLast).is_err()); // 4 is not a blank-last tile
/// let g = Goal::parse("1 0 3 4", None).unwrap();
/// assert_eq!(goal_board(&b, &g).unwrap().to_line(), "1 0 3 4");
/// ```
pub fn goal_board(board: &Board, goal: &Goal) -> Result<Board, GoalError> {
    let layout = goal.layout(board.width(), board.height())?;
    if layout.same_tiles(board) { Ok(layout) } else { Err(GoalError::OtherTiles { goal: goal.label() }) }
}

/// The seed article's check, verbatim: inversion counts of both lists (blank excluded,
/// O(n²)); on an even width, plus the blank rows. Correct on boards of at least 2×2; on
/// 1×N and N×1 strips it has false positives (see the module docs).
///
/// ```
/// use fifteen::solvable::reference;
/// let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/// assert!(reference(&[1, 2, 3, 4, 5, 6, 7, 0, 8], &goal, 3));
/// assert!(!reference(&[2, 1, 3, 4, 5, 6, 7, 8, 0], &goal, 3));
/// ```
#[must_use]
pub fn reference(start: &[u8], goal: &[u8], width: usize) -> bool {
    fn inversions(list: &[u8]) -> usize {
        let mut count = 0;
        for (i, &n) in list.iter().enumerate() {
            if n <= 1 {
                continue;
            }
            count += list[i + 1..].iter().filter(|&&m| m > 0 && n > m).count();
        }
        count
    }
    let (si, gi) = (inversions(start), inversions(goal));
    if width % 2 == 0 {
        let row = |l: &[u8]| l.iter().position(|&t| t == 0).unwrap_or(0) / width;
        (gi + si + row(goal) + row(start)) % 2 == 0
    } else {
        si % 2 == gi % 2
    }
}
