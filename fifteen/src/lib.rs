#![doc = include_str!("../README.md")]

pub mod board;
pub mod fixture;
pub mod goal;

pub use board::{Board, MAX_CELLS, Move};
pub use goal::Goal;
