//! `cargo xtask ci`: the checks CI runs, in order, stopping at the first failure.

use std::path::Path;
use std::process::Command;

/// The cargo invocations of a CI run, as argument lists.
pub const STEPS: [&[&str]; 3] = [
    &["fmt", "--all", "--check"],
    &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"],
    &["test", "--workspace"],
];

/// Runs formatting, lints, tests, the fixture check and the browser tests.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask ci".to_string());
    }
    for step in STEPS {
        eprintln!("==> cargo {}", step.join(" "));
        let status = Command::new(crate::cargo())
            .args(step)
            .current_dir(root)
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("`cargo {}` failed", step.join(" ")));
        }
    }
    eprintln!("==> cargo xtask fixtures --check");
    crate::fixtures::run(root, &["--check".to_string()])?;
    eprintln!("==> cargo xtask e2e");
    crate::e2e::run(root, &[])
}
