//! kami's integration tests, one binary: the command line (`cli`, `code`, `pack`), the
//! solver against exhaustive search and pinned levels (`solver`, `pinned`, `deep`,
//! `budget`), parsers, serde, pictures, the fixture snapshots, and the solver's layers.

mod budget;
mod cli;
mod code;
mod deep;
mod layers;
mod pack;
mod parsers;
mod pinned;
mod serde;
mod snapshots;
mod solver;
mod svg;
