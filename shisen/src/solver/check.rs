//! The slow, obviously-correct checks: [`brute_force`] through the game rules and the
//! seed's breadth-first search, and [`replay`] of a witness through the game rules.

use engine::Coord;

use super::answer::Removal;
use crate::board::Board;
use crate::path;

/// Brute force for tiny boards: tries every removable pair in every position, through the
/// game rules and the seed's BFS, with no memory and no shortcuts. Exponential: for tests.
///
/// ```
/// let board: shisen::Board = "A B\nB A\nC C".parse().unwrap();
/// assert!(shisen::solver::brute_force(&board, false).is_none());
/// assert_eq!(shisen::solver::brute_force(&"A B\nA B".parse().unwrap(), true).unwrap().len(), 2);
/// ```
#[must_use]
pub fn brute_force(board: &Board, gravity: bool) -> Option<Vec<Removal>> {
    if board.is_cleared() {
        return Some(Vec::new());
    }
    let tiles: Vec<(Coord, crate::board::Kind)> = board.cells().iter().filter_map(|(c, k)| k.map(|k| (c, k))).collect();
    for (i, &(a, ka)) in tiles.iter().enumerate() {
        for &(b, kb) in &tiles[i + 1..] {
            if board.matches(ka, kb) && path::reference::find_path(board, a, b).is_some() {
                let mut next = board.clone();
                next.set(a, None);
                next.set(b, None);
                if gravity {
                    crate::game::apply_gravity(&mut next);
                }
                if let Some(mut rest) = brute_force(&next, gravity) {
                    rest.insert(0, (a, b));
                    return Some(rest);
                }
            }
        }
    }
    None
}

/// Plays `moves` on `board` through the game rules; the final board, or the first illegal
/// removal and why.
///
/// ```
/// use engine::Coord;
/// let board: shisen::Board = "A A".parse().unwrap();
/// let end = shisen::solver::replay(&board, false, &[(Coord::new(0, 0), Coord::new(1, 0))]).unwrap();
/// assert!(end.is_cleared());
/// ```
pub fn replay(board: &Board, gravity: bool, moves: &[Removal]) -> Result<Board, ReplayError> {
    let mut game = crate::game::Game::new(board.clone(), gravity);
    for (index, &(a, b)) in moves.iter().enumerate() {
        game.remove(a, b).map_err(|source| ReplayError { index, source })?;
    }
    Ok(game.board().clone())
}

/// A removal of a witness that the rules refuse ([`replay`]).
///
/// ```
/// use engine::Coord;
/// use shisen::game::MoveError;
/// let board: shisen::Board = "A B\nB A".parse().unwrap();
/// let err = shisen::solver::replay(&board, false, &[(Coord::new(0, 0), Coord::new(1, 1))]).unwrap_err();
/// assert_eq!((err.index, err.source), (0, MoveError::NoPath));
/// assert_eq!(err.to_string(), "removal 0: the tiles do not connect with at most two turns");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("removal {index}: {source}")]
pub struct ReplayError {
    /// The index of the refused removal in the list, from 0.
    pub index: usize,
    /// Why the rules refuse it.
    #[source]
    pub source: crate::game::MoveError,
}
