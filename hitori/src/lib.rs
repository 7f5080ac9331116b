#![doc = include_str!("../README.md")]

pub mod board;
pub mod connectivity;
pub mod fixture;
pub mod generate;
pub mod rules;
pub mod solver;
pub mod steps;

pub use board::Puzzle;
pub use rules::Cell;
