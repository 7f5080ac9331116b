//! The previous name of [`game`], kept for one release: every item here is
//! deprecated and stands for the item of the same name in [`game`].

use crate::game;

/// [`game::Move`].
#[deprecated(note = "use `kami::game::Move`")]
pub type Move = game::Move;
/// [`game::MoveParseError`].
#[deprecated(note = "use `kami::game::MoveParseError`")]
pub type MoveParseError = game::MoveParseError;
/// [`game::MovesParseError`].
#[deprecated(note = "use `kami::game::MovesParseError`")]
pub type MovesParseError = game::MovesParseError;
/// [`game::MoveError`].
#[deprecated(note = "use `kami::game::MoveError`")]
pub type MoveError = game::MoveError;
/// [`game::ReplayError`].
#[deprecated(note = "use `kami::game::ReplayError`")]
pub type ReplayError = game::ReplayError;
/// [`game::Game`].
#[deprecated(note = "use `kami::game::Game`")]
pub type Game = game::Game;
/// [`game::GameError`].
#[deprecated(note = "use `kami::game::GameError`")]
pub type GameError = game::GameError;

/// [`game::parse_moves`].
///
/// # Errors
/// As [`game::parse_moves`].
#[deprecated(note = "use `kami::game::parse_moves`")]
pub fn parse_moves(text: &str) -> Result<Vec<game::Move>, game::MovesParseError> {
    game::parse_moves(text)
}

/// [`game::fill_cells`].
#[deprecated(note = "use `kami::game::fill_cells`")]
#[must_use]
pub fn fill_cells(
    level: &crate::Level,
    topology: &engine::TriangleGrid,
    cell: usize,
    colour: crate::Colour,
) -> Vec<usize> {
    game::fill_cells(level, topology, cell, colour)
}

/// [`game::is_solved`].
#[deprecated(note = "use `kami::game::is_solved`")]
#[must_use]
pub fn is_solved(level: &crate::Level) -> bool {
    game::is_solved(level)
}

/// [`game::replay`].
///
/// # Errors
/// As [`game::replay`].
#[deprecated(note = "use `kami::game::replay`")]
pub fn replay(level: &crate::Level, moves: &[game::Move]) -> Result<crate::Level, game::ReplayError> {
    game::replay(level, moves)
}

/// [`game::coord`].
#[deprecated(note = "use `kami::game::coord`")]
#[must_use]
pub fn coord(level: &crate::Level, cell: usize) -> engine::Coord {
    game::coord(level, cell)
}
