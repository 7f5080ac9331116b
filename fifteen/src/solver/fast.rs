//! A fast solver for any size that always returns a valid, not necessarily optimal,
//! solution.
//!
//! 1. In the goal, walk the blank to the bottom-right corner (right, then down); solve to
//!    that layout, and walk back at the end.
//! 2. While the unsolved region is larger than 3×3, solve its top row (when it has at
//!    least as many rows as columns) or its left column: each tile but the last two goes
//!    home by a small breadth-first search over (tile cell, blank cell) that never touches
//!    the solved cells; the last two go home together by a search over (both tiles, blank)
//!    inside a 3×3 (or 2×3) window at the end of the line, where the other tiles are
//!    interchangeable, so it always succeeds.
//! 3. The remaining region of at most 3×3 is solved optimally by IDA*.
//!
//! Strips (1×N, N×1) just walk the blank. Each step is a plain search, so the answer is
//! always valid; tests replay it.

use rustc_hash::FxHashMap;

use super::ida::solve_optimal;
use super::options::{Answer, Options};
use crate::board::neighbour;
use crate::solvable::{goal_cells, is_reachable};
use crate::{Board, Error, Move};

/// A valid solution from `start` to `goal`, quickly, for any board size; `Ok(None)` when
/// the goal cannot be reached, an error when the boards do not fit each other.
///
/// ```
/// use engine::SeededRng;
/// use fifteen::{fast::solve_fast, generate::uniform, Goal};
/// let goal = Goal::Spiral.layout(7, 5).unwrap();
/// let start = uniform(&goal, &mut SeededRng::new(4));
/// let moves = solve_fast(&start, &goal).unwrap().unwrap();
/// let mut b = start.clone();
/// b.replay(&moves).unwrap();
/// assert_eq!(b, goal);
/// ```
pub fn solve_fast(start: &Board, goal: &Board) -> Result<Option<Vec<Move>>, Error> {
    if goal_cells(start, goal).is_none() {
        return Err(Error::Mismatch);
    }
    if !is_reachable(start, goal) {
        return Ok(None);
    }
    let (w, h) = (start.width(), start.height());
    if w == 1 || h == 1 || w * h <= 9 {
        // A strip has one solution up to detours; a small board is solved optimally.
        return match solve_optimal(start, goal, &Options::default())?.outcome.into_answer() {
            Some(Answer::Moves(m)) => Ok(Some(m)),
            _ => Err(Error::Internal("the goal cannot be reached")),
        };
    }
    // 1. The goal with its blank walked to the bottom-right corner.
    let mut corner_goal = goal.clone();
    let mut walk = Vec::new();
    let gb = goal.blank();
    walk.extend(std::iter::repeat_n(Move::Right, w - 1 - gb % w));
    walk.extend(std::iter::repeat_n(Move::Down, h - 1 - gb / w));
    corner_goal.replay(&walk).map_err(|_| Error::Internal("walk off the board"))?;
    let cells = goal_cells(start, &corner_goal).ok_or(Error::Internal("relabelling failed"))?;
    let mut r = Reducer { w, h, cells, fixed: vec![false; w * h], moves: Vec::new() };
    r.reduce()?;
    let mut moves = r.moves;
    moves.extend(walk.iter().rev().map(|m| m.inverse()));
    Ok(Some(cancel(moves)))
}

/// Removes every move immediately undone by the next one.
fn cancel(moves: Vec<Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for m in moves {
        if out.last() == Some(&m.inverse()) {
            out.pop();
        } else {
            out.push(m);
        }
    }
    out
}

struct Reducer {
    w: usize,
    h: usize,
    /// Goal cell of the tile in each cell; the blank's goal cell is the last one.
    cells: Vec<u8>,
    fixed: Vec<bool>,
    moves: Vec<Move>,
}

impl Reducer {
    fn blank_label(&self) -> u8 {
        (self.w * self.h - 1) as u8
    }

    fn cell_of(&self, label: u8) -> u8 {
        self.cells.iter().position(|&l| l == label).unwrap_or(0) as u8
    }

    fn play(&mut self, moves: &[Move]) {
        let bl = self.blank_label();
        for &m in moves {
            let b = usize::from(self.cell_of(bl));
            let next = neighbour(b, self.w, self.h, m).expect("planned moves stay on the board");
            self.cells.swap(b, next);
            self.moves.push(m);
        }
    }

    /// Moves the `tracked` tiles (by label) and the blank until `done` holds of their
    /// cells, staying on `allowed` cells; `false` when that is impossible.
    fn place(&mut self, tracked: &[u8], allowed: &[bool], done: &dyn Fn(&[u8]) -> bool) -> bool {
        let mut start: Vec<u8> = tracked.iter().map(|&l| self.cell_of(l)).collect();
        start.push(self.cell_of(self.blank_label()));
        match plan(self.w, self.h, allowed, &start, done) {
            Some(moves) => {
                self.play(&moves);
                true
            }
            None => false,
        }
    }

    fn free(&self) -> Vec<bool> {
        self.fixed.iter().map(|&f| !f).collect()
    }

    fn reduce(&mut self) -> Result<(), Error> {
        let (w, h) = (self.w, self.h);
        let (mut top, mut left) = (0, 0);
        while h - top > 3 || w - left > 3 {
            let (aw, ah) = (w - left, h - top);
            let line: Vec<usize>;
            let window: Vec<usize>;
            if ah >= aw {
                line = (left..w).map(|x| top * w + x).collect();
                window =
                    (top..top + 3).flat_map(|y| (w.saturating_sub(3).max(left)..w).map(move |x| y * w + x)).collect();
                top += 1;
            } else {
                line = (top..h).map(|y| y * w + left).collect();
                window =
                    (h.saturating_sub(3).max(top)..h).flat_map(|y| (left..left + 3).map(move |x| y * w + x)).collect();
                left += 1;
            }
            self.solve_line(&line, &window)?;
        }
        // 3. The rest, optimally.
        let region: Vec<usize> = (top..h).flat_map(|y| (left..w).map(move |x| y * w + x)).collect();
        let local = |cell: u8| region.iter().position(|&c| c == usize::from(cell));
        let bl = self.blank_label();
        let tiles: Option<Vec<u8>> = region
            .iter()
            .map(|&c| {
                let l = self.cells[c];
                if l == bl { Some(0) } else { local(l).map(|i| i as u8 + 1) }
            })
            .collect();
        let tiles = tiles.ok_or(Error::Internal("a tile outside the last region"))?;
        let rw = w - left;
        let sub = Board::new(rw, h - top, tiles)?;
        let sub_goal = Board::new(rw, h - top, (1..region.len() as u8).chain([0]).collect())?;
        match solve_optimal(&sub, &sub_goal, &Options::default())?.outcome.into_answer() {
            Some(Answer::Moves(m)) => {
                self.play(&m);
                Ok(())
            }
            _ => Err(Error::Internal("the last region cannot be solved")),
        }
    }

    /// Puts the tiles of `line` home (in order), the last two together inside `window`.
    fn solve_line(&mut self, line: &[usize], window: &[usize]) -> Result<(), Error> {
        let k = line.len();
        for &target in &line[..k - 2] {
            let t = target as u8;
            if !self.place(&[t], &self.free(), &|s| s[0] == t) {
                return Err(Error::Internal("a tile cannot be placed"));
            }
            self.fixed[target] = true;
        }
        let (a, b) = (line[k - 2] as u8, line[k - 1] as u8);
        let mut in_window = vec![false; self.w * self.h];
        for &c in window {
            in_window[c] = !self.fixed[c];
        }
        let inside = |c: u8| in_window[usize::from(c)];
        let free = self.free();
        let without = |cells: &[u8]| {
            let mut f = free.clone();
            for &c in cells {
                f[usize::from(c)] = false;
            }
            f
        };
        // Gather both tiles and the blank in the window, then finish there; a search over
        // the whole free region is the (never needed so far) fallback.
        let gathered = self.place(&[a], &free, &|s| inside(s[0]))
            && self.place(&[b], &without(&[self.cell_of(a)]), &|s| inside(s[0]))
            && self.place(&[], &without(&[self.cell_of(a), self.cell_of(b)]), &|s| inside(s[0]));
        let done = |s: &[u8]| s[0] == a && s[1] == b;
        let finished = gathered && self.place(&[a, b], &in_window, &done);
        if !finished && !self.place(&[a, b], &free, &done) {
            return Err(Error::Internal("the end of a line cannot be placed"));
        }
        for &c in line {
            self.fixed[c] = true;
        }
        Ok(())
    }
}

/// Breadth-first search over the cells of the tracked tiles and the blank (`state` =
/// tracked cells…, blank cell) on `allowed` cells, to a state where `done` holds. The
/// moves of the blank, or `None`.
fn plan(w: usize, h: usize, allowed: &[bool], start: &[u8], done: &dyn Fn(&[u8]) -> bool) -> Option<Vec<Move>> {
    let pack = |s: &[u8]| s.iter().fold(0u32, |acc, &c| acc << 8 | u32::from(c));
    let k = start.len() - 1;
    if done(start) {
        return Some(Vec::new());
    }
    let mut parent: FxHashMap<u32, (u32, Move)> = FxHashMap::default();
    let first = pack(start);
    parent.insert(first, (first, Move::Up));
    let mut queue = vec![start.to_vec()];
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head].clone();
        head += 1;
        let blank = usize::from(s[k]);
        for m in Move::ALL {
            let Some(c) = neighbour(blank, w, h, m) else { continue };
            if !allowed[c] {
                continue;
            }
            let mut t = s.clone();
            if let Some(i) = t[..k].iter().position(|&p| usize::from(p) == c) {
                t[i] = blank as u8;
            }
            t[k] = c as u8;
            let key = pack(&t);
            if parent.contains_key(&key) {
                continue;
            }
            parent.insert(key, (pack(&s), m));
            if done(&t) {
                let mut moves = Vec::new();
                let mut at = key;
                while at != first {
                    let (p, m) = parent[&at];
                    moves.push(m);
                    at = p;
                }
                moves.reverse();
                return Some(moves);
            }
            queue.push(t);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;
    use engine::SeededRng;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn replays_to_the_goal(seed in any::<u64>(), w in 1usize..10, h in 1usize..10, g in 0usize..5) {
            prop_assume!(w * h >= 2);
            let mut rng = SeededRng::new(seed);
            let goal = match g {
                0 => Goal::BlankLast.layout(w, h).unwrap(),
                1 => Goal::BlankFirst.layout(w, h).unwrap(),
                2 => Goal::Snake.layout(w, h).unwrap(),
                3 => Goal::Spiral.layout(w, h).unwrap(),
                _ => {
                    let mut tiles: Vec<u8> = (0..(w * h) as u8).collect();
                    rng.shuffle(&mut tiles);
                    Board::new(w, h, tiles).unwrap()
                }
            };
            let start = crate::generate::uniform(&goal, &mut rng);
            let moves = solve_fast(&start, &goal).unwrap().unwrap();
            let mut b = start.clone();
            prop_assert_eq!(b.replay(&moves), Ok(()));
            prop_assert_eq!(b, goal);
        }
    }

    #[test]
    fn big_boards_and_unsolvable() {
        let mut rng = SeededRng::new(16);
        let goal = Goal::BlankLast.layout(16, 16).unwrap();
        let start = crate::generate::uniform(&goal, &mut rng);
        let moves = solve_fast(&start, &goal).unwrap().unwrap();
        let mut b = start.clone();
        b.replay(&moves).unwrap();
        assert_eq!(b, goal);
        let swapped = Board::parse_line("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0", None).unwrap();
        assert_eq!(solve_fast(&swapped, &Goal::BlankLast.layout(4, 4).unwrap()), Ok(None));
    }
}
