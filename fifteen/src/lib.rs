#![doc = include_str!("../README.md")]

pub mod board;
pub mod fast;
pub mod fixture;
pub mod generate;
pub mod goal;
pub mod heuristic;
pub mod pdb;
pub mod solvable;
pub mod solver;
pub mod table;

pub use board::{Board, MAX_CELLS, Move};
pub use goal::Goal;
