#![doc = include_str!("../README.md")]

pub mod board;
pub mod fixture;
pub mod game;
pub mod generate;
pub mod path;
pub mod solver;
pub mod svg;
pub use board::{Board, Kind};
pub use path::{Pair, Path, hint};
