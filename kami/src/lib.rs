#![doc = include_str!("../README.md")]

pub mod fixture;
pub mod level;

pub use level::{Colour, Level, MAX_COLOURS, colour_char};
