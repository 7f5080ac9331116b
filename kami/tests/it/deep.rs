//! The level sets kept as files for timing (solving most of them takes too long for the
//! tests, so the examples do that): the deep level set (`benches/deep/*.txt`, solved by
//! `examples/deep.rs`), where every file is a valid 29 × 10 level of 190 regions in 3
//! colours with its proven par in the header and the solver's root lower bound does not
//! pass it, and the generated levels (`benches/generated/*.txt`, below).

use std::path::PathBuf;

use kami::{Level, RegionGraph, solver};

/// Every file of `benches/<dir>`, with its level.
fn level_files(dir: &str) -> Vec<(PathBuf, Level)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches").join(dir);
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let level = Level::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            (path, level)
        })
        .collect()
}

#[test]
fn the_deep_level_set_is_what_its_example_says() {
    let files = level_files("deep");
    for (path, level) in &files {
        let name = path.display();
        assert_eq!((level.rows(), level.cols()), (29, 10), "{name}");
        assert_eq!(RegionGraph::new(level).len(), 190, "{name}");
        assert_eq!(level.colours_used().len(), 3, "{name}");
        let par = level.par.unwrap_or_else(|| panic!("{name}: no par"));
        assert!((13..=14).contains(&par), "{name}: par {par}");
        assert!(level.name.as_deref().is_some_and(|n| n.starts_with("deep k3-n190 seed")), "{name}");
        assert!(solver::lower_bound(level) <= par, "{name}");
    }
    assert_eq!(files.len(), 12);
}

/// The frozen generated levels (`benches/generated/*.txt`, timed by `examples/targets.rs`
/// and the solve bench): every file is a valid 29 × 10 level with the colours and regions
/// of its name (`k3-n130-seed02`: 3 colours, 130 regions, seed 2) and its proven par in the
/// header; the solver's root lower bound does not pass the par, and on the quick ones (par
/// at most 8) the solver proves that par again.
#[test]
fn the_generated_level_files_are_what_their_names_say() {
    let files = level_files("generated");
    for (path, level) in &files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let name = path.display();
        let parts: Vec<u64> =
            stem.split('-').map(|p| p.trim_start_matches(char::is_alphabetic).parse().unwrap()).collect();
        let [colours, regions, seed] = parts[..] else { panic!("{name}: not named kK-nN-seedS") };
        assert_eq!((level.rows(), level.cols()), (29, 10), "{name}");
        assert_eq!(level.colours_used().len() as u64, colours, "{name}");
        assert_eq!(RegionGraph::new(level).len() as u64, regions, "{name}");
        let header = format!("generated k{colours}-n{regions} seed {seed}, ");
        assert!(level.name.as_deref().is_some_and(|n| n.starts_with(&header)), "{name}");
        let par = level.par.unwrap_or_else(|| panic!("{name}: no par"));
        assert!(solver::lower_bound(level) <= par, "{name}");
        if par <= 8 {
            assert_eq!(solver::optimal(level).unwrap().len() as u32, par, "{name}");
        }
    }
    assert_eq!(files.len(), 78);
}
