#![doc = include_str!("../README.md")]

pub mod board;
pub mod fixture;
pub mod game;
pub mod path;

pub use board::{Board, Kind};
pub use path::{Pair, Path};
