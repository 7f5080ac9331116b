//! The solver's modules only import downward: each module of `src/solver/` imports only
//! the layers below it in [`LAYERS`], so there is no import cycle among them (read from
//! their `use super::…` and `use crate::solver::…` lines, and the `use <module>::…` lines
//! of `mod.rs`; names that are not modules are items of `mod.rs`). The test modules count
//! as part of their layer: a module's inline `mod tests { … }` and the files of a module
//! that is a directory (`children/tests.rs`), whose `super::…` names the module itself;
//! so a layer's tests, too, use only that layer and the layers below it.

use std::collections::{BTreeMap, BTreeSet};

/// The layers of `src/solver/`, bottom up: `reference` (the seed's best-first search and
/// exhaustive breadth-first search, on levels), `node` (the island, its nodes, bitsets,
/// distance-matrix primitives), `test_support` (test builds only: random levels, random
/// play, brute force), `bounds` (pure functions of a node), `children` (a node's moves and
/// the cuts of its children), `table`, `tuning`, `budget`, `dfs` (one IDA* iteration),
/// `parallel` (an iteration on threads), `beam`, `driver` (iterations, probes, beams),
/// `mod.rs` (`solve`), and `solve_tests` (test builds only: the tests of `mod.rs`).
const LAYERS: [&str; 14] = [
    "reference",
    "node",
    "test_support",
    "bounds",
    "children",
    "table",
    "tuning",
    "budget",
    "dfs",
    "parallel",
    "beam",
    "driver",
    "mod",
    "solve_tests",
];

/// The imports of one module's source: the sibling modules (or `mod` for items of
/// `mod.rs`) named by its `use` lines. `modules` are the sibling modules' names; `is_mod`
/// tells whether the source is `mod.rs` (whose `use` lines name its child modules
/// directly), `nested` whether it is a submodule of a module that is a directory
/// (`children/moves.rs`: its `super::…` names its own module's items, `super::super::…`
/// and `crate::solver::…` the siblings). The `use` lines of an inline `mod … { … }` (a
/// module's tests) are read as nested.
fn imports(source: &str, modules: &BTreeSet<String>, is_mod: bool, nested: bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    // Join multi-line `use` statements into one line each.
    let mut statements = Vec::new();
    let mut open: Option<(String, bool)> = None;
    // The indentation of the inline module being read, if any.
    let mut inline: Option<usize> = None;
    for line in source.lines() {
        let trimmed = line.trim();
        let indent = line.len() - line.trim_start().len();
        if inline.is_some_and(|at| indent == at && trimmed == "}") {
            inline = None;
        } else if inline.is_none() && is_inline_module(trimmed) {
            inline = Some(indent);
        }
        let nested = nested || inline.is_some();
        if let Some((text, _)) = open.as_mut() {
            text.push(' ');
            text.push_str(trimmed);
        } else if let Some(rest) = trimmed.strip_prefix("pub(super) use ").or(trimmed.strip_prefix("pub(crate) use ")) {
            open = Some((rest.to_string(), nested));
        } else if let Some(rest) = trimmed.strip_prefix("pub use ").or(trimmed.strip_prefix("use ")) {
            open = Some((rest.to_string(), nested));
        }
        if open.as_ref().is_some_and(|(t, _)| t.ends_with(';')) {
            statements.push(open.take().unwrap_or_default());
        }
    }
    for (statement, nested) in statements {
        let path = statement.trim_end_matches(';').replace(' ', "");
        let sibling = if nested {
            path.strip_prefix("super::super::").or(path.strip_prefix("crate::solver::"))
        } else {
            path.strip_prefix("super::").or(path.strip_prefix("crate::solver::"))
        };
        let rest = if let Some(rest) = sibling {
            rest.to_string()
        } else if is_mod && modules.contains(path.split("::").next().unwrap_or_default()) {
            path
        } else {
            continue;
        };
        // `a::…` or `{a::…, B, c}`: the first segment of each element.
        let inner = rest.strip_prefix('{').map_or(rest.as_str(), |r| r.strip_suffix('}').unwrap_or(r));
        let firsts: Vec<&str> = if rest.starts_with('{') {
            top_level_elements(inner).into_iter().map(|e| e.split("::").next().unwrap_or_default()).collect()
        } else {
            vec![inner.split("::").next().unwrap_or_default()]
        };
        for first in firsts {
            if modules.contains(first) {
                out.insert(first.to_string());
            } else if !is_mod && first != "self" && first != "*" {
                out.insert("mod".to_string());
            }
        }
    }
    out
}

/// Whether a trimmed line opens an inline module (`mod tests {`, `pub(super) mod x {`).
fn is_inline_module(trimmed: &str) -> bool {
    let rest = trimmed.strip_prefix("pub(super) ").or(trimmed.strip_prefix("pub(crate) ")).unwrap_or(trimmed);
    rest.strip_prefix("mod ").and_then(|r| r.strip_suffix(" {")).is_some_and(|name| !name.contains(' '))
}

/// The elements of a brace group's inside, split at its top-level commas.
fn top_level_elements(inner: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0usize, 0usize, Vec::new());
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&inner[start..]);
    out.into_iter().filter(|e| !e.is_empty()).collect()
}

/// An import cycle of `graph` (module → modules it imports), as the modules along it, if
/// there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        at: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, bool>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(at) {
            Some(true) => return None,
            Some(false) => {
                let from = path.iter().position(|m| m == at).unwrap_or(0);
                let mut found = path[from..].to_vec();
                found.push(at.to_string());
                return Some(found);
            }
            None => {}
        }
        state.insert(at.to_string(), false);
        path.push(at.to_string());
        for next in graph.get(at).into_iter().flatten() {
            if let Some(found) = visit(next, graph, state, path) {
                return Some(found);
            }
        }
        path.pop();
        state.insert(at.to_string(), true);
        None
    }
    let mut state = BTreeMap::new();
    graph.keys().find_map(|m| visit(m, graph, &mut state, &mut Vec::new()))
}

/// The sources of `src/solver/`: each module's name with its files' sources, and whether
/// each file is nested (a module that is a directory, `children/`, is its `mod.rs` and
/// its other files, nested).
fn solver_sources() -> BTreeMap<String, Vec<(String, bool)>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/solver");
    let mut sources: BTreeMap<String, Vec<(String, bool)>> = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            sources.entry(name).or_default().push((std::fs::read_to_string(&path).unwrap(), false));
        } else if path.is_dir() {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            for file in std::fs::read_dir(&path).unwrap() {
                let file = file.unwrap().path();
                if file.extension().is_some_and(|e| e == "rs") {
                    let nested = file.file_stem().is_none_or(|s| s != "mod");
                    sources.entry(name.clone()).or_default().push((std::fs::read_to_string(&file).unwrap(), nested));
                }
            }
        }
    }
    sources
}

/// The import graph of `src/solver/`.
fn solver_graph() -> BTreeMap<String, BTreeSet<String>> {
    let sources = solver_sources();
    let modules: BTreeSet<String> = sources.keys().filter(|m| *m != "mod").cloned().collect();
    sources
        .iter()
        .map(|(name, files)| {
            let all = files.iter().flat_map(|(source, nested)| imports(source, &modules, name == "mod", *nested));
            (name.clone(), all.filter(|m| m != name).collect())
        })
        .collect()
}

#[test]
fn the_solver_modules_have_no_import_cycle() {
    let graph = solver_graph();
    assert!(graph.len() >= 10, "{graph:?}");
    // The parser sees the imports: the driver imports the depth-first search, which
    // imports the nodes, and mod.rs imports the driver.
    assert!(graph["driver"].contains("dfs") && graph["dfs"].contains("node") && graph["mod"].contains("driver"));
    assert!(graph["node"].is_empty(), "node imports {:?}", graph["node"]);
    assert_eq!(cycle(&graph), None, "an import cycle among the solver's modules");
}

#[test]
fn each_module_imports_only_the_layers_below_it() {
    let graph = solver_graph();
    let modules: BTreeSet<&str> = graph.keys().map(String::as_str).collect();
    assert_eq!(modules, BTreeSet::from(LAYERS), "every module of src/solver/ has its place in LAYERS");
    let layer = |m: &str| LAYERS.iter().position(|l| *l == m).unwrap_or(usize::MAX);
    for (module, imports) in &graph {
        for import in imports {
            assert!(layer(import) < layer(module), "{module} imports {import}, which is not below it");
        }
    }
    // The test modules' use lines are read: the tests of bounds (inline) and of children
    // (`children/tests.rs`) use the shared test support, and those of bounds the
    // exhaustive search of `reference`.
    assert!(graph["bounds"].contains("test_support") && graph["bounds"].contains("reference"));
    assert!(graph["children"].contains("test_support"));
}

#[test]
fn the_cycle_check_finds_cycles_through_groups_and_mod_items() {
    let modules: BTreeSet<String> = ["a", "b", "c"].into_iter().map(String::from).collect();
    let a = imports("use super::b::X;\nuse crate::Colour;\n", &modules, false, false);
    let b = imports("use super::{\n    Path,\n    c::{Y, Z},\n};\n", &modules, false, false);
    let c = imports("pub(super) use super::a::W;\n", &modules, false, false);
    let m = imports("use a::W;\npub use b::X;\nuse rustc_hash::FxHashMap;\n", &modules, true, false);
    assert_eq!(a, BTreeSet::from(["b".to_string()]));
    assert_eq!(b, BTreeSet::from(["mod".to_string(), "c".to_string()]));
    assert_eq!(m, BTreeSet::from(["a".to_string(), "b".to_string()]));
    // A nested file's `super::` names its own module; `super::super::` and
    // `crate::solver::` the siblings.
    let nested = imports(
        "use super::{moves::Z, Y};\nuse super::super::b::X;\nuse crate::solver::c::W;\n",
        &modules,
        false,
        true,
    );
    assert_eq!(nested, BTreeSet::from(["b".to_string(), "c".to_string()]));
    // An inline test module's `super::…` names its own module.
    let inline = "use super::b::X;\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::helper;\n    use crate::solver::c::W;\n}\nuse super::a::V;\n";
    assert_eq!(
        imports(inline, &modules, false, false),
        BTreeSet::from(["a".to_string(), "b".to_string(), "c".to_string()])
    );
    let mut graph: BTreeMap<String, BTreeSet<String>> =
        [("a", a), ("b", b), ("c", c.clone()), ("mod", m)].into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    let found = cycle(&graph).expect("a → b → c → a");
    assert_eq!(found.first(), found.last());
    assert_eq!(found.len(), 4);
    graph.insert("c".into(), BTreeSet::new());
    // b imports an item of mod.rs, which imports a and b: still a cycle (mod → b → mod).
    assert!(cycle(&graph).is_some());
    graph.get_mut("b").unwrap().remove("mod");
    assert_eq!(cycle(&graph), None);
}
