//! What the workspace's criterion benches share: whether a quick run is asked for.
//!
//! `cargo xtask bench --quick` runs every bench with criterion's `--quick` and with
//! [`QUICK_ENV`] (`PUZZLE_BENCH_QUICK`) set to `1`; a bench whose inputs take long (many
//! deals, a slow reference) reads [`quick`] and measures fewer of them.

use std::ffi::OsStr;

/// The environment variable that asks the benches for a quick run.
pub const QUICK_ENV: &str = "PUZZLE_BENCH_QUICK";

/// Whether [`QUICK_ENV`] asks for a quick run: set, not empty and not `0`.
///
/// ```
/// // `cargo xtask bench --quick` sets PUZZLE_BENCH_QUICK=1; a bench picks its inputs:
/// let deals = if engine::bench::quick() { 5 } else { 100 };
/// assert!(deals == 5 || deals == 100);
/// ```
#[must_use]
pub fn quick() -> bool {
    asks_quick(std::env::var_os(QUICK_ENV).as_deref())
}

/// Whether a value of [`QUICK_ENV`] asks for a quick run.
fn asks_quick(value: Option<&OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_not_zero_is_quick() {
        let quick = |v: Option<&str>| asks_quick(v.map(OsStr::new));
        assert!(quick(Some("1")) && quick(Some("yes")) && quick(Some("00")));
        assert!(!quick(None) && !quick(Some("")) && !quick(Some("0")));
    }
}
