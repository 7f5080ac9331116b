//! The tests of [`generate`](super): random layouts, reverse play to a region count, and
//! the spec's checks.

use engine::SeededRng;

use super::*;
use crate::{game, solver};

#[test]
fn generated_levels_have_their_proven_par() {
    for seed in 0..6 {
        let options = Spec::new(6, 8).with_colours(3 + (seed as usize % 2)).with_regions(12);
        let level = generate(&options, &mut SeededRng::new(seed)).unwrap();
        let par = level.par.unwrap();
        let moves = solver::optimal(&level).unwrap();
        assert_eq!(moves.len() as u32, par);
        assert_eq!(RegionGraph::new(&level).len(), 12);
        assert_eq!(level.colours_used().len(), options.colours);
    }
}

/// Beyond what random layouts can prove, reverse play gives exactly the regions asked
/// for, every colour used, with the solver's optimum as par (replayed).
#[test]
fn many_regions_are_built_by_reverse_play() {
    for (colours, regions, seed) in [(3, 60, 1), (4, 45, 2), (5, 30, 3), (2, 25, 4)] {
        let options = Spec::new(10, 16).with_colours(colours).with_regions(regions).with_node_limit(300_000);
        let level = generate(&options, &mut SeededRng::new(seed)).unwrap();
        assert_eq!(RegionGraph::new(&level).len(), regions);
        assert_eq!(level.colours_used().len(), colours);
        let moves = solver::optimal(&level).unwrap();
        assert_eq!(moves.len() as u32, level.par.unwrap());
        assert!(game::is_solved(&game::replay(&level, &moves).unwrap()));
    }
    let mut rng = SeededRng::new(5);
    for regions in [3, 10, 40, 70] {
        let options = Spec::new(10, 12).with_colours(3).with_regions(regions);
        let cells = (0..10)
            .find_map(|_| reverse_play_to(&options, 0, &mut rng, &mut || false))
            .unwrap_or_else(|| panic!("{regions} regions"));
        assert_eq!(RegionGraph::new(&Level::from_cells(cells).unwrap()).len(), regions);
    }
}

#[test]
fn bad_options_are_errors() {
    assert!(generate(&Spec { colours: 0, ..Spec::default() }, &mut SeededRng::new(0)).is_err());
    assert!(generate(&Spec::default().with_regions(2).with_colours(3), &mut SeededRng::new(0)).is_err());
    assert!(generate(&Spec { rows: 0, ..Spec::default() }, &mut SeededRng::new(0)).is_err());
    assert!(generate(&Spec::default().with_colours(1).with_regions(2), &mut SeededRng::new(0)).is_err());
}
