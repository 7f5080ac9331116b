//! Snapshot tests over `fixtures/kami/*.ron`: one report per file.

use engine::components;
use kami::fixture::FixtureFile;
use serde::Serialize;

/// What a level fixture pins down.
#[derive(Serialize)]
struct LevelReport {
    name: Option<String>,
    par: Option<u32>,
    size: String,
    triangles: usize,
    colours: String,
    /// Connected single-colour regions ("colour shapes").
    regions: usize,
    /// Connected groups of triangles, whatever their colour (separated by holes).
    islands: usize,
}

#[test]
fn fixtures() {
    insta::glob!("../../fixtures/kami", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let report: Vec<LevelReport> = file
            .levels
            .iter()
            .map(|l| {
                let t = l.topology();
                LevelReport {
                    name: l.name.clone(),
                    par: l.par,
                    size: format!("{}x{}", l.rows(), l.cols()),
                    triangles: l.triangle_count(),
                    colours: l.colours_used().into_iter().map(kami::colour_char).collect(),
                    regions: components(&t, |i| l.cells()[i]).count,
                    islands: components(&t, |i| l.cells()[i].map(|_| ())).count,
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
