//! The import graph of one crate target (a library, a binary, an integration test): its
//! modules, read from the file layout, and the edges their `use` lines draw; then its
//! circles.
//!
//! A module is a file (`src/a.rs` or `src/a/mod.rs` is `a`, `src/a/b.rs` is `a::b`); an
//! inline `mod tests { … }` belongs to the file that holds it, as does a `tests.rs` beside
//! it (`src/a/tests.rs` tests `a`), so a module's tests may use only what the module itself
//! may. An edge `a → b` is a `use` of `a` that names an item of `b`: `crate::…`, `super::…`,
//! `self::…` and, in a root or `mod.rs`, a child's name. A name re-exported by a module
//! (`pub use b::Item;` in `a`) is followed to where it is defined, so a facade that
//! re-exports its children draws no circle by itself.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One module: its path (`""` for the target's root) and its source files (the file, and a
/// `tests.rs` beside it).
#[derive(Debug, Default)]
pub struct Module {
    /// Its files: the module's own, then its tests' (`tests.rs`, `tests/…`).
    pub files: Vec<PathBuf>,
    /// Each file with its text and how many modules deep it sits in the module (0 for the
    /// module's own file, 1 for its `tests.rs`).
    pub parts: Vec<(PathBuf, String, usize)>,
}

/// The modules of a target whose root file is `root` (`lib.rs`, `main.rs`, a test file),
/// by path.
#[must_use]
pub fn modules(root: &Path) -> BTreeMap<String, Module> {
    let mut out = BTreeMap::new();
    let dir = root.parent().unwrap_or(Path::new("."));
    add(&mut out, String::new(), root, 0);
    collect(&mut out, dir, root, "", 0);
    out
}

fn add(out: &mut BTreeMap<String, Module>, path: String, file: &Path, depth: usize) {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let module = out.entry(path).or_default();
    module.files.push(file.to_path_buf());
    module.parts.push((file.to_path_buf(), text, depth));
}

/// The child modules `file` declares (`mod x;`), found beside it, recursively.
fn collect(out: &mut BTreeMap<String, Module>, dir: &Path, file: &Path, path: &str, depth: usize) {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    for name in declared(&text) {
        let child = if path.is_empty() { name.clone() } else { format!("{path}::{name}") };
        let flat = dir.join(format!("{name}.rs"));
        let nested = dir.join(&name).join("mod.rs");
        let (found, child_dir) = if flat.exists() {
            (flat, dir.join(&name))
        } else if nested.exists() {
            (nested, dir.join(&name))
        } else {
            continue;
        };
        if name == "tests" || depth > 0 {
            // A module's tests (and their own modules) are part of it, one level down.
            add(out, path.to_string(), &found, depth + 1);
            collect(out, &child_dir, &found, path, depth + 1);
        } else {
            add(out, child.clone(), &found, 0);
            collect(out, &child_dir, &found, &child, 0);
        }
    }
}

/// The modules `text` declares with `mod name;` (not inline ones).
#[must_use]
pub fn declared(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//"))
        .filter_map(|l| {
            let l =
                l.strip_prefix("pub(crate) ").or(l.strip_prefix("pub(super) ")).or(l.strip_prefix("pub ")).unwrap_or(l);
            let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_string())
        })
        .collect()
}

/// The `use` statements of `text`, each on one line without spaces (` as ` written `@`),
/// with the line of its start, whether it is `pub`, and how many inline modules (`mod
/// tests { … }`) it sits in.
#[must_use]
pub fn uses(text: &str) -> Vec<Use> {
    let mut out = Vec::new();
    let mut open: Option<Use> = None;
    // The indentation of each inline module being read.
    let mut inline: Vec<usize> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        let indent = line.len() - line.trim_start().len();
        if inline.last().is_some_and(|&at| indent == at && trimmed.starts_with('}')) {
            inline.pop();
        } else if is_inline_module(trimmed) {
            inline.push(indent);
        }
        if let Some(u) = open.as_mut() {
            u.tree.push_str(trimmed);
        } else {
            let (rest, public) = match trimmed.split_once("use ") {
                Some(("", rest)) => (rest, false),
                Some((vis, rest)) if vis.starts_with("pub") && vis.ends_with(' ') && !vis.trim_end().contains(' ') => {
                    (rest, true)
                }
                _ => continue,
            };
            open = Some(Use { line: i + 1, tree: rest.to_string(), public, depth: inline.len() });
        }
        if open.as_ref().is_some_and(|u| u.tree.ends_with(';')) {
            if let Some(mut u) = open.take() {
                u.tree = u.tree.trim_end_matches(';').replace(" as ", "@").replace(' ', "");
                out.push(u);
            }
        }
    }
    out
}

/// One `use` statement (see [`uses`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Use {
    /// Its first line, from 1.
    pub line: usize,
    /// The use tree, without spaces, ` as ` written `@`.
    pub tree: String,
    /// Whether it re-exports (`pub use`, `pub(crate) use`).
    pub public: bool,
    /// How many inline modules it sits in.
    pub depth: usize,
}

/// Whether a line opens an inline module: `mod name {`, maybe `pub`.
fn is_inline_module(line: &str) -> bool {
    let line = line.strip_prefix("pub(crate) ").or(line.strip_prefix("pub ")).unwrap_or(line);
    line.strip_prefix("mod ").is_some_and(|rest| rest.trim_end().ends_with('{'))
}

/// The paths a `use` tree names: `a::{b, c::d}` is `a::b` and `a::c::d`.
#[must_use]
pub fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else { return vec![tree.to_string()] };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.len().saturating_sub(1)];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).flat_map(|p| expand(&format!("{prefix}{p}"))).collect()
}

/// A path segment standing for an inline module.
const INLINE: &str = "<inline>";

/// The module a path names from module `at`, with the item's name after it (`None` for a
/// path outside the crate).
fn resolve(path: &str, at: &str, depth: usize, modules: &BTreeMap<String, Module>) -> Option<(String, Option<String>)> {
    let path = path.split('@').next().unwrap_or(path);
    let mut segments: Vec<&str> = path.split("::").collect();
    let mut base: Vec<String> = if at.is_empty() { Vec::new() } else { at.split("::").map(str::to_string).collect() };
    // Inline modules (a file's tests) are part of the file's module.
    base.extend(std::iter::repeat_n(INLINE.to_string(), depth));
    match segments.first().copied() {
        Some("crate") => {
            base.clear();
            segments.remove(0);
        }
        Some("self") => {
            segments.remove(0);
        }
        Some("super") => {
            while segments.first() == Some(&"super") {
                segments.remove(0);
                base.pop()?;
            }
        }
        Some(first) => {
            let child = if at.is_empty() { first.to_string() } else { format!("{at}::{first}") };
            if !modules.contains_key(&child) {
                return None;
            }
        }
        None => return None,
    }
    base.retain(|b| b != INLINE);
    let mut module = base.join("::");
    let mut item = None;
    for (i, seg) in segments.iter().enumerate() {
        let next = if module.is_empty() { (*seg).to_string() } else { format!("{module}::{seg}") };
        if modules.contains_key(&next) {
            module = next;
        } else {
            item = Some(segments[i..].join("::"));
            break;
        }
    }
    Some((module, item))
}

/// The edges of the graph: `(from, to, file, line)`, re-exports followed to the module
/// that defines the item.
#[must_use]
pub fn edges(modules: &BTreeMap<String, Module>) -> Vec<(String, String, PathBuf, usize)> {
    // What each module re-exports: item name → the module it comes from.
    let mut exports: BTreeMap<(String, String), String> = BTreeMap::new();
    for (name, module) in modules {
        for u in module.parts.iter().flat_map(|(_, text, depth)| uses(text).into_iter().map(move |u| (u, *depth))) {
            let (u, depth) = u;
            if !u.public {
                continue;
            }
            for path in expand(&u.tree) {
                if let Some((target, Some(item))) = resolve(&path, name, u.depth + depth, modules) {
                    let item_name =
                        path.split('@').next().unwrap_or(&path).rsplit("::").next().unwrap_or(&item).to_string();
                    let alias = path.split('@').nth(1).map_or(item_name, str::to_string);
                    exports.insert((name.clone(), alias), target);
                }
            }
        }
    }
    let mut out = Vec::new();
    for (name, module) in modules {
        for (file, text, depth) in &module.parts {
            for u in uses(text) {
                let line = u.line;
                for path in expand(&u.tree) {
                    let Some((mut target, item)) = resolve(&path, name, u.depth + depth, modules) else { continue };
                    // Follow re-exports (a few steps at most).
                    if let Some(item) = item {
                        let first = item.split("::").next().unwrap_or_default().to_string();
                        for _ in 0..4 {
                            match exports.get(&(target.clone(), first.clone())) {
                                Some(from) if *from != target => target.clone_from(from),
                                _ => break,
                            }
                        }
                    }
                    if target != *name {
                        out.push((name.clone(), target, file.clone(), line));
                    }
                }
            }
        }
    }
    out
}

/// The circles of the graph: each strongly connected set of more than one module, with one
/// edge of it (file and line) to show.
#[must_use]
pub fn circles(modules: &BTreeMap<String, Module>) -> Vec<(Vec<String>, PathBuf, usize)> {
    let edges = edges(modules);
    let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (a, b, ..) in &edges {
        next.entry(a).or_default().insert(b);
    }
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(m) = stack.pop() {
            for &n in next.get(m).into_iter().flatten() {
                if seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&str, BTreeSet<&str>> = modules.keys().map(|m| (m.as_str(), reach(m))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for m in modules.keys() {
        if done.contains(m.as_str()) || !reachable[m.as_str()].contains(m.as_str()) {
            continue;
        }
        let set: Vec<String> = modules
            .keys()
            .filter(|o| reachable[m.as_str()].contains(o.as_str()) && reachable[o.as_str()].contains(m.as_str()))
            .cloned()
            .collect();
        for s in &set {
            done.insert(s.clone());
        }
        let shown = edges.iter().find(|(a, b, ..)| set.contains(a) && set.contains(b));
        let (file, line) = shown.map_or((PathBuf::new(), 0), |(_, _, f, l)| (f.clone(), *l));
        out.push((set, file, line));
    }
    out
}
