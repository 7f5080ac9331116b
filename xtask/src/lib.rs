//! Project automation behind `cargo xtask`: fixtures, benchmarks, CI, the demo and the
//! playground's browser tests.
//!
//! The library part exists so that `cargo test` can run the fixture check too
//! (`tests/fixtures.rs`).

pub mod bench;
pub mod ci;
pub mod demo;
pub mod e2e;
pub mod fixtures;

use std::path::{Path, PathBuf};

/// The workspace root (the parent of this crate's directory).
///
/// ```
/// assert!(xtask::workspace_root().join("Cargo.toml").exists());
/// ```
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives inside the workspace").to_path_buf()
}

/// The `cargo` to run: the one that runs us (`$CARGO`), else `cargo` from the path.
///
/// ```
/// assert!(!xtask::cargo().is_empty());
/// ```
#[must_use]
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}

/// The root README's code runs as a doctest, so the shared shape it shows stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
