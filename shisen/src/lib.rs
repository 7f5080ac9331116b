#![doc = include_str!("../README.md")]

pub mod board;
pub mod fixture;

pub use board::{Board, Kind};
