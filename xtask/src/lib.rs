//! Project automation behind `cargo xtask`: fixtures, benchmarks, CI, the demo, the
//! playground's browser tests, the GNU parallel recipe and the workspace's shape (`tidy`).
//!
//! The library part exists so that `cargo test` can run the fixture check and the shape
//! check too (`tests/it/`).

pub mod bench;
pub mod ci;
pub mod demo;
pub mod e2e;
pub mod fixtures;
pub mod scale;
pub mod tidy;

use std::path::{Path, PathBuf};
use std::process::Command;

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

/// Installs Debian `packages` with `apt-get` (as root), after updating the package lists:
/// what the project's checks need on a fresh machine (Chromium, GNU parallel).
///
/// # Errors
/// `apt-get` cannot run or fails.
pub fn apt_install(packages: &[&str]) -> Result<(), String> {
    let apt = |args: &[&str]| -> Result<(), String> {
        let status = Command::new("apt-get")
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .map_err(|e| format!("cannot run apt-get: {e}"))?;
        if status.success() { Ok(()) } else { Err(format!("`apt-get {}` failed", args.join(" "))) }
    };
    apt(&["update", "-q"])?;
    apt(&[&["install", "-y", "-q"], packages].concat())
}

/// The root README's code runs as a doctest, so the shared shape it shows stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
