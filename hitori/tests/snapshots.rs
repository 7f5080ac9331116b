//! Snapshot tests over `fixtures/hitori/*.ron`: one report per file.

use hitori::fixture::FixtureFile;
use serde::Serialize;

/// What a puzzle fixture pins down.
#[derive(Serialize)]
struct PuzzleReport {
    name: String,
    size: String,
    largest_number: u32,
    /// Rows and columns in which some number repeats (the lines that need shading).
    lines_with_repeats: usize,
    rows: Vec<String>,
}

fn has_repeat(values: impl Iterator<Item = u32>) -> bool {
    let mut seen = std::collections::HashSet::new();
    values.into_iter().any(|v| !seen.insert(v))
}

#[test]
fn fixtures() {
    insta::glob!("../../fixtures/hitori", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let report: Vec<PuzzleReport> = file
            .puzzles
            .iter()
            .map(|np| {
                let g = np.puzzle.numbers();
                let rows = g.rows().filter(|r| has_repeat(r.iter().copied())).count();
                let cols = (0..g.width()).filter(|&x| has_repeat(g.rows().map(|r| r[x]))).count();
                PuzzleReport {
                    name: np.name.clone(),
                    size: format!("{}x{}", g.width(), g.height()),
                    largest_number: g.cells().iter().copied().max().unwrap_or(0),
                    lines_with_repeats: rows + cols,
                    rows: np.puzzle.rows(),
                }
            })
            .collect();
        // Name snapshots after their fixture file, however many files there are.
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => stem }, {
            insta::assert_ron_snapshot!(report);
        });
    });
}
