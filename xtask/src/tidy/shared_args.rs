//! The command-line arguments every binary shares (`--json`, `--timeout`, `--threads`) are
//! declared once, in `engine::cli` (`JsonArg`, `TimeoutArg`, `ThreadsArg`, `RunArgs`): a
//! game binary flattens those groups. This finds a clap field that declares one of them by
//! hand again.

/// The shared arguments, by field name, and the group that declares each.
pub const SHARED_ARGS: [(&str, &str); 3] =
    [("json", "JsonArg"), ("timeout", "TimeoutArg"), ("threads", "ThreadsArg or RunArgs")];

/// The lines (from 1) of `text` where a clap field declares a shared argument by hand: an
/// `#[arg(…)]` attribute whose field is named `json`, `timeout` or `threads`; with the group
/// to flatten instead.
///
/// ```
/// let by_hand = "struct A {\n    /// Seconds.\n    #[arg(long, value_name = \"S\")]\n    timeout: Option<f64>,\n}\n";
/// assert_eq!(xtask::tidy::shared_args::declared_by_hand(by_hand), vec![(4, "TimeoutArg")]);
/// let flattened = "struct A {\n    #[command(flatten)]\n    timeout: engine::cli::TimeoutArg,\n}\n";
/// assert!(xtask::tidy::shared_args::declared_by_hand(flattened).is_empty());
/// let other = "#[arg(long)]\npub seed: u64,\n";
/// assert!(xtask::tidy::shared_args::declared_by_hand(other).is_empty());
/// ```
#[must_use]
pub fn declared_by_hand(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    let mut in_arg = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with("#[arg(") {
            in_arg = true;
            continue;
        }
        if line.starts_with("///") || line.starts_with("//") || line.starts_with("#[") || line.is_empty() {
            continue;
        }
        if in_arg {
            let field = line.strip_prefix("pub(super) ").or_else(|| line.strip_prefix("pub(crate) "));
            let field = field.or_else(|| line.strip_prefix("pub ")).unwrap_or(line);
            let name = field.split(':').next().unwrap_or("").trim();
            if let Some((_, group)) = SHARED_ARGS.iter().find(|(arg, _)| *arg == name) {
                found.push((i + 1, *group));
            }
        }
        in_arg = false;
    }
    found
}
