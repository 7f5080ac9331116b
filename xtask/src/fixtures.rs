//! `cargo xtask fixtures [--check]`: generated fixture files and canonical form.
//!
//! Every game crate has a `fixture` module with `canonicalize(text)` (parse a fixture
//! file, print it in the shared RON style) and `generated()` (the files made from the
//! crate's own APIs, deterministically). Writing regenerates the generated files and
//! rewrites hand-written ones in canonical form; checking reports every file that differs.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

/// How one game's fixtures are read and made.
pub struct Game {
    /// Directory name under `fixtures/`.
    pub name: &'static str,
    /// Canonical text of a fixture file of this game.
    pub canonicalize: fn(&str) -> Result<String, String>,
    /// Generated files: `(file name, contents)`.
    pub generated: fn() -> Vec<(String, String)>,
}

/// The four games.
pub const GAMES: [Game; 4] = [
    Game {
        name: "shisen",
        canonicalize: |text| shisen::fixture::canonicalize(text).map_err(|e| e.to_string()),
        generated: shisen::fixture::generated,
    },
    Game {
        name: "hitori",
        canonicalize: |t| hitori::fixture::canonicalize(t).map_err(|e| e.to_string()),
        generated: hitori::fixture::generated,
    },
    Game {
        name: "fifteen",
        canonicalize: |t| fifteen::fixture::canonicalize(t).map_err(|e| e.to_string()),
        generated: fifteen::fixture::generated,
    },
    Game {
        name: "kami",
        canonicalize: |text| kami::fixture::canonicalize(text).map_err(|e| e.to_string()),
        generated: kami::fixture::generated,
    },
];

/// A fixture file that is not as it should be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.what)
    }
}

/// What a fixture file should contain: `Ok(text)` or why it cannot be known.
enum Expected {
    Text(String),
    Invalid(String),
}

/// Every fixture file of every game with what it should contain, sorted by path.
/// Generated files that do not exist yet are included.
fn expected_files(root: &Path) -> Result<Vec<(PathBuf, Option<String>, Expected)>, String> {
    let mut out = Vec::new();
    for game in &GAMES {
        let dir = root.join("fixtures").join(game.name);
        let generated = (game.generated)();
        let mut seen = Vec::new();
        for (name, text) in generated {
            let path = dir.join(&name);
            let current = fs::read_to_string(&path).ok();
            seen.push(path.clone());
            out.push((path, current, Expected::Text(text)));
        }
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(format!("{}: {e}", dir.display())),
        };
        for entry in entries {
            let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
            if path.extension().is_none_or(|e| e != "ron") || seen.contains(&path) {
                continue;
            }
            let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let expected = match (game.canonicalize)(&text) {
                Ok(canonical) => Expected::Text(canonical),
                Err(e) => Expected::Invalid(e),
            };
            out.push((path, Some(text), expected));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// Every fixture file that is stale (generated and out of date or missing), not in
/// canonical form, or not a valid fixture. Empty when all is well.
///
/// ```no_run
/// let problems = xtask::fixtures::check(&xtask::workspace_root()).unwrap();
/// assert!(problems.is_empty());
/// ```
pub fn check(root: &Path) -> Result<Vec<Problem>, String> {
    let mut problems = Vec::new();
    for (path, current, expected) in expected_files(root)? {
        let what = match (current, expected) {
            (_, Expected::Invalid(e)) => format!("not a valid fixture: {e}"),
            (None, Expected::Text(_)) => "missing: run `cargo xtask fixtures`".to_string(),
            (Some(cur), Expected::Text(want)) if cur != want => {
                "stale or not in canonical form: run `cargo xtask fixtures`".to_string()
            }
            _ => continue,
        };
        problems.push(Problem { path, what });
    }
    Ok(problems)
}

/// Writes every generated file and rewrites hand-written ones in canonical form. Returns
/// the files written; invalid files are left alone and reported as an error.
///
/// ```no_run
/// let written = xtask::fixtures::write(&xtask::workspace_root()).unwrap();
/// println!("{} files written", written.len());
/// ```
pub fn write(root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    let mut invalid = Vec::new();
    for (path, current, expected) in expected_files(root)? {
        match expected {
            Expected::Invalid(e) => invalid.push(format!("{}: {e}", path.display())),
            Expected::Text(want) if current.as_deref() != Some(want.as_str()) => {
                if let Some(dir) = path.parent() {
                    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                }
                fs::write(&path, want).map_err(|e| format!("{}: {e}", path.display()))?;
                written.push(path);
            }
            Expected::Text(_) => {}
        }
    }
    if invalid.is_empty() { Ok(written) } else { Err(invalid.join("\n")) }
}

/// Runs `cargo xtask fixtures [--check]`.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    match args {
        [] => {
            let written = write(root)?;
            for path in &written {
                println!("wrote {}", path.strip_prefix(root).unwrap_or(path).display());
            }
            println!("fixtures: {} file(s) written", written.len());
            Ok(())
        }
        [flag] if flag == "--check" => {
            let problems = check(root)?;
            for p in &problems {
                eprintln!("{}: {}", p.path.strip_prefix(root).unwrap_or(&p.path).display(), p.what);
            }
            if problems.is_empty() {
                println!("fixtures: all up to date and canonical");
                Ok(())
            } else {
                Err(format!("{} fixture file(s) need attention", problems.len()))
            }
        }
        _ => Err("usage: cargo xtask fixtures [--check]".to_string()),
    }
}
