//! The integration tests of shisen, one binary: each module is a topic.

mod cli;
mod code;
mod game;
mod generate;
mod pack;
mod parsers;
mod path;
mod serde;
mod snapshots;
mod solver;
mod svg;
