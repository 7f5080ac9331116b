//! Snapshot tests over `fixtures/shisen/*.ron`: one report per file.

use serde::Serialize;
use shisen::fixture::FixtureFile;

/// What a board fixture pins down.
#[derive(Serialize)]
struct BoardReport {
    name: String,
    size: String,
    tiles: usize,
    /// `(label, count)` per kind, in order of first appearance.
    kinds: Vec<(String, usize)>,
    /// The board as printed back: must equal the fixture's rows.
    rows: Vec<String>,
}

#[test]
fn fixtures() {
    insta::glob!("../../fixtures/shisen", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let report: Vec<BoardReport> = file
            .boards
            .iter()
            .map(|nb| {
                let b = &nb.board;
                BoardReport {
                    name: nb.name.clone(),
                    size: format!("{}x{}", b.width(), b.height()),
                    tiles: b.tile_count(),
                    kinds: b
                        .kind_counts()
                        .into_iter()
                        .enumerate()
                        .map(|(k, n)| (b.label(shisen::Kind(k as u16)).to_string(), n))
                        .collect(),
                    rows: b.rows(),
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
