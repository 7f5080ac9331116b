//! `cargo test` runs the workspace checks too, in one binary: the fixtures are current and
//! canonical (`fixtures`), and the workspace is tidy (`tidy`).

mod fixtures;
mod tidy;
