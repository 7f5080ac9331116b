//! The integration tests of `fifteen`, one module per topic, linked as one test binary.

mod budget;
mod cli;
mod code;
mod heuristics;
mod pack;
mod parsers;
mod serde;
mod snapshots;
mod solvability;
mod svg;
