//! Snapshot tests over `fixtures/kami/*.ron`: one report per file, and one SVG picture.

use engine::components;
use kami::fixture::FixtureFile;
use kami::{RegionGraph, game, solver};
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
    /// The solver's lower bound at the start.
    lower_bound: u32,
    /// The solver's proven optimum, and its answer as `r c colour` moves.
    optimum: usize,
    answer: Vec<String>,
}

fn read(path: &std::path::Path) -> FixtureFile {
    let text = std::fs::read_to_string(path).unwrap();
    engine::from_ron(&text).unwrap()
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/kami", "*.ron", |path| {
        let file = read(path);
        let report: Vec<LevelReport> = file
            .levels
            .iter()
            .map(|l| {
                let t = l.topology();
                let Some(moves) = solver::optimal(l).ok() else { panic!("no budget was given") };
                // Every answer replays to a solved level, and matches a par that is given.
                assert!(game::is_solved(&game::replay(l, &moves).unwrap()));
                if let Some(par) = l.par {
                    assert_eq!(moves.len() as u32, par, "{:?}", l.name);
                }
                LevelReport {
                    name: l.name.clone(),
                    par: l.par,
                    size: format!("{}x{}", l.rows(), l.cols()),
                    triangles: l.triangle_count(),
                    colours: l.colours_used().into_iter().map(kami::colour_char).collect(),
                    regions: components(&t, |i| l.cells()[i]).count,
                    islands: components(&t, |i| l.cells()[i].map(|_| ())).count,
                    lower_bound: solver::lower_bound(l),
                    optimum: moves.len(),
                    answer: moves.iter().map(ToString::to_string).collect(),
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

#[test]
fn svg_of_a_generated_level_with_its_answer() {
    let file = read(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/kami/generated.ron")));
    let level = &file.levels[1];
    assert!(RegionGraph::new(level).len() > 1);
    let options = kami::svg::SvgOptions { moves: solver::optimal(level).unwrap(), ..kami::svg::SvgOptions::default() };
    insta::assert_snapshot!(kami::svg::render_with(level, &options));
}

/// The generated fixture files are what the crate writes today: generation from a seed is
/// deterministic, and `cargo xtask fixtures --check` agrees.
#[test]
fn generated_fixture_files_are_what_the_crate_writes() {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/kami"));
    for (name, text) in kami::fixture::generated() {
        let on_disk = std::fs::read_to_string(dir.join(&name)).unwrap();
        assert_eq!(text, on_disk, "{name}");
    }
}

/// The code of every fixture level, pinned: a change to the code format fails here unless
/// it is a new version (and the old one still decodes, below).
#[test]
fn codes() {
    insta::glob!("../../../fixtures/kami", "*.ron", |path| {
        let file = read(path);
        let codes: Vec<(Option<String>, String)> = file
            .levels
            .iter()
            .map(|l| {
                let code = kami::code::encode(l).unwrap();
                let back = kami::code::decode(&code).unwrap();
                assert_eq!((back.cells(), back.par), (l.cells(), l.par));
                (l.name.clone(), code)
            })
            .collect();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => stem }, {
            insta::assert_ron_snapshot!(codes);
        });
    });
}

/// A version 1 code written down once: it decodes to this level for ever, whatever the
/// fixtures become.
#[test]
fn a_version_1_code_decodes_for_ever() {
    // `kami generate --size 6x8 --colors 3 --regions 6 --seed 1`: the predicted packing.
    let level = kami::code::decode("kami:1:MIkBRt-3tt32_78ot").unwrap();
    assert_eq!(level.to_string(), "# par: 3\n02211222\n00011222\n02211221\n00222221\n02222222\n00222222\n");
    // `... --size 4x6 --regions 6 --seed 1`: the flat packing.
    let level = kami::code::decode("kami:1:IaQEVgPQ8QIQ2").unwrap();
    assert_eq!(level.to_string(), "# par: 3\n100102\n120102\n122112\n222122\n");
    // Holes and four colours: the flat packing.
    let level = kami::code::decode("kami:1:RJIYrEOATN").unwrap();
    assert_eq!(level.to_string(), "# par: 3\n0.12\n3312\n");
}
