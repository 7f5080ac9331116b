//! The integration tests of hitori, one binary: each module is a topic.

mod cli;
mod pack;
mod parsers;
mod serde;
mod snapshots;
mod svg;
