//! The seed article's breadth-first search, kept as the slow, obviously-correct reference.

use std::collections::VecDeque;

use engine::Coord;

use super::shape::Path;
use crate::board::Board;

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
/// ends included, or `None`. Kinds are not checked, like `path::shortest_path`.
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
    let tile = |x: i32, y: i32| x >= 1 && y >= 1 && x <= w && y <= h && board.get(Coord::new(x - 1, y - 1)).is_some();
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

/// [`find_path`] as a [`Path`] of corner points.
///
/// ```
/// use engine::Coord;
/// let board = shisen::Board::parse("A . A").unwrap();
/// let p = shisen::path::reference::shortest_path(&board, Coord::new(0, 0), Coord::new(2, 0)).unwrap();
/// assert_eq!(p.length(), 2);
/// ```
#[must_use]
pub fn shortest_path(board: &Board, a: Coord, b: Coord) -> Option<Path> {
    find_path(board, a, b).and_then(|cells| Path::from_corners(&cells))
}
