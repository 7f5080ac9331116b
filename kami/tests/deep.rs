//! The deep level set (`benches/deep/*.txt`, solved by `examples/deep.rs`): every file is a
//! valid 29 × 10 level of 190 regions in 3 colours with its proven par in the header, and
//! the solver's root lower bound does not pass it. (Solving them takes seconds to minutes
//! each, so the example does that, not the tests.)

use kami::{Level, RegionGraph, solver};

#[test]
fn the_deep_level_set_is_what_its_example_says() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/deep");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let level = Level::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let name = path.display();
        assert_eq!((level.rows(), level.cols()), (29, 10), "{name}");
        assert_eq!(RegionGraph::new(&level).len(), 190, "{name}");
        assert_eq!(level.colours_used().len(), 3, "{name}");
        let par = level.par.unwrap_or_else(|| panic!("{name}: no par"));
        assert!((13..=14).contains(&par), "{name}: par {par}");
        assert!(level.name.as_deref().is_some_and(|n| n.starts_with("deep k3-n190 seed")), "{name}");
        assert!(solver::lower_bound(&level) <= par, "{name}");
        count += 1;
    }
    assert_eq!(count, 12);
}
