#![doc = include_str!("../README.md")]

pub mod board;
pub mod code;
pub mod error;
pub mod fixture;
pub mod game;
pub mod generate;
pub mod goal;
pub mod heuristic;
pub mod hint;
pub mod pack;
pub mod pdb;
pub mod solvable;
pub mod solver;
pub mod svg;
pub mod symmetry;
pub mod table;

pub use board::{Board, MAX_CELLS, Move};
pub use error::Error;
pub use game::{Game, Puzzle};
pub use generate::{Spec, generate, generate_within};
pub use goal::Goal;
pub use hint::{Hint, hint};
/// The fast solver, also at the crate root: see [`solver::fast`].
pub use solver::fast;
pub use solver::{Answer, Heuristic, Options, solve};
