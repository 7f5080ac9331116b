//! `cargo xtask tidy`: the workspace's shape, checked. It fails, naming file and line, when
//!
//! * a crate's modules import each other in a circle — in every target of every crate: the
//!   library, the binaries, the integration tests; a module's tests count as part of it
//!   ([`graph`] says how the graph is read);
//! * a source file that is not a test has more than [`MAX_LINES`] lines before its tests;
//! * a game crate's root does not export one of the names every game shares ([`SHARED`]);
//! * a binary declares `--json`, `--timeout` or `--threads` by hand instead of flattening
//!   the group `engine::cli` declares once ([`shared_args`]);
//! * a README or a file in a `docs/` folder compares with the past: the phrases of
//!   [`HISTORY`] ("no longer", "now needs", "previously", "was 99", "(before)", "3 before",
//!   a `before` table column), outside code (inline or fenced) and quoted examples. Docs
//!   say what is true now; git keeps the history.
//!
//! The same check runs as a plain test (`tests/tidy.rs`), so `cargo test` runs it too.

pub mod graph;
pub mod shared_args;

use std::fmt;
use std::path::{Path, PathBuf};

/// The most lines a non-test source file has before its tests.
pub const MAX_LINES: usize = 700;

/// The crates checked.
pub const CRATES: [&str; 7] = ["engine", "shisen", "hitori", "fifteen", "kami", "play", "xtask"];

/// The game crates, whose roots export the shared names.
pub const GAMES: [&str; 4] = ["shisen", "hitori", "fifteen", "kami"];

/// The names every game crate's root exports.
pub const SHARED: [&str; 9] =
    ["solve", "generate", "generate_within", "hint", "Options", "Spec", "Error", "Game", "svg"];

/// Phrases that compare with the past (lowercase; `#` stands for a number).
pub const HISTORY: [&str; 7] = ["no longer", "now needs", "previously", "was #", "(before)", "# before", "| before |"];

/// One thing tidy found: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file, relative to the workspace root.
    pub file: PathBuf,
    /// The line, from 1 (0 when the problem is the whole file).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)
    }
}

/// Runs `cargo xtask tidy`: prints each problem and fails when there is any.
///
/// # Errors
/// A one-line summary when tidy found problems.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask tidy".to_string());
    }
    let problems = check(root);
    for p in &problems {
        eprintln!("{p}");
    }
    if problems.is_empty() { Ok(()) } else { Err(format!("tidy found {} problems", problems.len())) }
}

/// Every problem of the workspace at `root`.
#[must_use]
pub fn check(root: &Path) -> Vec<Problem> {
    let mut problems = Vec::new();
    for krate in CRATES {
        let dir = root.join(krate);
        for target in targets(&dir) {
            let modules = graph::modules(&target);
            for (set, file, line) in graph::circles(&modules) {
                let names: Vec<String> =
                    set.iter().map(|m| if m.is_empty() { "(root)".into() } else { m.clone() }).collect();
                problems.push(Problem {
                    file: relative(root, &file),
                    line,
                    message: format!("import circle in {}: {}", relative(root, &target).display(), names.join(" ↔ ")),
                });
            }
        }
        for file in rust_files(&dir.join("src")) {
            if is_test_file(&file) {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            if krate != "engine" {
                for (line, group) in shared_args::declared_by_hand(&text) {
                    problems.push(Problem {
                        file: relative(root, &file),
                        line,
                        message: format!("a shared argument declared by hand: flatten engine::cli::{group}"),
                    });
                }
            }
            let lines = text.lines().take_while(|l| !l.starts_with("#[cfg(test)]")).count();
            if lines > MAX_LINES {
                problems.push(Problem {
                    file: relative(root, &file),
                    line: MAX_LINES + 1,
                    message: format!(
                        "{lines} lines before its tests, more than {MAX_LINES}: split it along its concerns"
                    ),
                });
            }
        }
    }
    for game in GAMES {
        let lib = root.join(game).join("src/lib.rs");
        let text = std::fs::read_to_string(&lib).unwrap_or_default();
        for name in SHARED {
            if !exports(&text, name) {
                problems.push(Problem {
                    file: relative(root, &lib),
                    line: 1,
                    message: format!("the crate root does not export `{name}`, a name every game shares"),
                });
            }
        }
    }
    for doc in docs(root) {
        let text = std::fs::read_to_string(&doc).unwrap_or_default();
        for (line, phrase) in history(&text) {
            problems.push(Problem {
                file: relative(root, &doc),
                line,
                message: format!("{phrase:?} compares with the past: say what is true now (git keeps the history)"),
            });
        }
    }
    problems
}

fn relative(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

/// The root files of a crate's targets: `src/lib.rs`, `src/main.rs`, each binary of
/// `src/bin/`, each integration test and bench.
fn targets(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> =
        ["src/lib.rs", "src/main.rs"].iter().map(|f| dir.join(f)).filter(|f| f.exists()).collect();
    for sub in ["src/bin", "tests", "benches", "examples"] {
        let Ok(entries) = std::fs::read_dir(dir.join(sub)) else { continue };
        let mut found: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter_map(|p| if p.is_dir() { Some(p.join("main.rs")).filter(|m| m.exists()) } else { Some(p) })
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .collect();
        found.sort();
        out.extend(found);
    }
    out
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return out };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Test sources: a `tests.rs`, a `*_tests.rs`, a `test_support.rs`, or a file under a
/// `tests` folder.
fn is_test_file(file: &Path) -> bool {
    let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    name == "tests"
        || name.ends_with("_tests")
        || name == "test_support"
        || file.components().any(|c| c.as_os_str() == "tests")
}

/// Whether the crate root `text` exports `name`: an item, a module or a re-export of it.
///
/// ```
/// assert!(xtask::tidy::exports("pub use solver::{Options, solve};\n", "solve"));
/// assert!(xtask::tidy::exports("pub mod svg;\n", "svg"));
/// assert!(xtask::tidy::exports("pub use play::Game as Game;\n", "Game"));
/// assert!(!xtask::tidy::exports("pub use solver::SolveOptions;\n", "Options"));
/// ```
#[must_use]
pub fn exports(text: &str, name: &str) -> bool {
    graph::uses(text).iter().filter(|u| u.public).flat_map(|u| graph::expand(&u.tree)).any(|p| {
        let shown = p.split('@').nth(1).unwrap_or_else(|| p.rsplit("::").next().unwrap_or(&p));
        shown == name
    }) || text.lines().map(str::trim).any(|l| {
        ["pub fn ", "pub mod ", "pub struct ", "pub enum ", "pub type ", "pub trait ", "pub const "]
            .iter()
            .filter_map(|k| l.strip_prefix(k))
            .any(|rest| rest.split(|c: char| !c.is_alphanumeric() && c != '_').next() == Some(name))
    })
}

/// The READMEs and the files of `docs/` folders in the workspace.
fn docs(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![root.join("README.md")];
    for krate in CRATES {
        out.push(root.join(krate).join("README.md"));
        out.extend(markdown(&root.join(krate).join("docs")));
    }
    out.extend(markdown(&root.join("docs")));
    out.retain(|p| p.exists());
    out
}

fn markdown(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    out.sort();
    out
}

/// The lines of a Markdown `text` that compare with the past, with the phrase: code blocks,
/// inline code and quoted examples (`"…"`, `> …`) are not read.
///
/// ```
/// let found = xtask::tidy::history("It no longer scans.\n`no longer` is fine\n> was 99\nThe total was 99.\n");
/// assert_eq!(found, vec![(1, "no longer"), (4, "was #")]);
/// ```
#[must_use]
pub fn history(text: &str) -> Vec<(usize, &'static str)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.trim_start().starts_with('>') {
            continue;
        }
        let prose = unquoted(line).to_lowercase();
        let numbered: String = prose.chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect();
        let numbered = numbered.replace("##", "#").replace("##", "#").replace("#,#", "#").replace("#.#", "#");
        if let Some(phrase) = HISTORY.iter().find(|p| contains_phrase(&numbered, p)) {
            out.push((i + 1, *phrase));
        }
    }
    out
}

/// `line` without its inline code and double-quoted parts.
fn unquoted(line: &str) -> String {
    let mut out = String::new();
    let (mut code, mut quote) = (false, false);
    for c in line.chars() {
        match c {
            '`' if !quote => code = !code,
            '"' | '“' | '”' if !code => quote = !quote,
            _ if !code && !quote => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether `text` holds `phrase` as whole words.
fn contains_phrase(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}
