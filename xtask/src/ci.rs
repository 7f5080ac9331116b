//! `cargo xtask ci`: the checks CI runs, in order, stopping at the first failure.

use std::path::Path;
use std::process::Command;

/// The cargo invocations of a CI run, as argument lists.
pub const STEPS: [&[&str]; 3] = [
    &["fmt", "--all", "--check"],
    &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"],
    &["test", "--workspace"],
];

/// The documentation step: every crate's docs, private items included, with rustdoc's
/// warnings (broken or ambiguous intra-doc links) as errors.
pub const DOC: &[&str] = &["doc", "--workspace", "--no-deps", "--document-private-items"];

/// Runs formatting, lints, tests, the docs, the fixture check, the GNU parallel recipe of
/// `docs/scale.md` and the browser tests.
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
    eprintln!("==> RUSTDOCFLAGS=\"-D warnings\" cargo {}", DOC.join(" "));
    let status = Command::new(crate::cargo())
        .args(DOC)
        .env("RUSTDOCFLAGS", "-D warnings")
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("`cargo {}` failed", DOC.join(" ")));
    }
    eprintln!("==> cargo xtask fixtures --check");
    crate::fixtures::run(root, &["--check".to_string()])?;
    eprintln!("==> cargo xtask scale");
    crate::scale::run(root, &[])?;
    eprintln!("==> cargo xtask e2e");
    crate::e2e::run(root, &[])
}
