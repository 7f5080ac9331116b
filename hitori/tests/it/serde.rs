//! Everything a game stores or sends survives RON and JSON, and every text form survives
//! printing and parsing.

use std::fmt::Debug;

use engine::{Budget, Coord, Grid, SeededRng};
use hitori::game::{Game, State};
use hitori::generate::{GenerateError, Generated, Spec};
use hitori::solver::{Options, SolveReport};
use hitori::steps::{Difficulty, Walkthrough};
use hitori::{Cell, Puzzle};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` back from RON and from JSON, equal to itself.
fn round_trips<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let ron = engine::to_ron(value).unwrap();
    assert_eq!(&engine::from_ron::<T>(&ron).unwrap(), value, "{ron}");
    let json = serde_json::to_string(value).unwrap();
    assert_eq!(&serde_json::from_str::<T>(&json).unwrap(), value, "{json}");
}

fn puzzle(w: usize, h: usize, k: u32, seed: u64) -> Puzzle {
    let mut rng = SeededRng::new(seed);
    Puzzle::from_grid(Grid::from_fn(w, h, |_| 1 + rng.below(u64::from(k)) as u32)).unwrap()
}

fn state(p: &Puzzle, seed: u64) -> State {
    let mut rng = SeededRng::new(seed);
    let cells = [Cell::Unknown, Cell::Shaded, Cell::Unshaded];
    State::from_grid(Grid::from_fn(p.width(), p.height(), |_| cells[rng.index(3)])).unwrap()
}

/// A game with some moves made, some undone, some redone.
fn game(p: &Puzzle, seed: u64) -> Game {
    let mut rng = SeededRng::new(seed);
    let mut g = Game::new(p.clone());
    for _ in 0..rng.index(12) {
        match rng.index(5) {
            0 => {
                g.undo();
            }
            1 => {
                g.redo();
            }
            _ => {
                let c = Coord::new(rng.index(p.width()) as i32, rng.index(p.height()) as i32);
                g.cycle(c).unwrap();
            }
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn puzzles_states_and_games(w in 1usize..7, h in 1usize..7, k in 1u32..30, seed in any::<u64>()) {
        let p = puzzle(w, h, k, seed);
        round_trips(&p);
        prop_assert_eq!(&p.to_string().parse::<Puzzle>().unwrap(), &p);
        let s = state(&p, seed);
        round_trips(&s);
        prop_assert_eq!(&s.to_string().parse::<State>().unwrap(), &s);
        let g = game(&p, seed);
        round_trips(&g);
        round_trips(&g.history().to_vec());
        round_trips(&g.violations());
    }

    #[test]
    fn answers_reports_hints_and_walkthroughs(w in 1usize..6, h in 1usize..6, k in 1u32..5, seed in any::<u64>(), nodes in 0u64..3) {
        let p = puzzle(w, h, k, seed);
        let report: SolveReport = hitori::solve(&p, &Options::default());
        round_trips(&report);
        round_trips(&report.outcome);
        round_trips(&report.stats);
        // Reports that gave up, too.
        let capped = hitori::solve(&p, &Options::default().with_budget(Budget::default().with_node_limit(nodes)));
        round_trips(&capped);
        round_trips(&hitori::hint(&p, &State::new(&p)));
        let walk: Walkthrough = hitori::steps::walkthrough(&p);
        round_trips(&walk);
        round_trips(&hitori::solver::static_deductions(&p));
    }

    #[test]
    fn specs_and_generated_puzzles(w in 1usize..7, h in 1usize..7, d in 0usize..5, seed in any::<u64>()) {
        let mut spec = Spec::new(w, h);
        if let Some(&d) = Difficulty::ALL.get(d) {
            spec = spec.with_difficulty(d);
        }
        let back: Spec = engine::from_ron(&engine::to_ron(&spec).unwrap()).unwrap();
        prop_assert_eq!((back.size, back.difficulty), (spec.size, spec.difficulty));
        let back: Spec = serde_json::from_str(&serde_json::to_string(&spec).unwrap()).unwrap();
        prop_assert_eq!((back.size, back.difficulty), (spec.size, spec.difficulty));
        let spec = Spec::new(w, h);
        match hitori::generate::generate_with_solution(&spec, &mut SeededRng::new(seed)) {
            Ok(g) => round_trips::<Generated>(&g),
            Err(e) => round_trips::<GenerateError>(&e),
        }
    }
}

#[test]
fn every_error_and_difficulty_round_trips() {
    for d in Difficulty::ALL {
        round_trips(&d);
        assert_eq!(d.to_string().parse::<Difficulty>(), Ok(d));
    }
    for e in [
        GenerateError::Empty,
        GenerateError::NoUniquePuzzle { width: 1, height: 2 },
        GenerateError::NoPuzzleOfDifficulty { width: 3, height: 3, difficulty: Difficulty::Hard },
        GenerateError::TooSmallForSearch { width: 9, height: 9 },
        GenerateError::GaveUp { reason: engine::StopReason::Cancelled },
    ] {
        round_trips(&e);
    }
}

#[test]
fn serialised_forms_are_readable() {
    let p: Puzzle = "1 1\n2 1\n".parse().unwrap();
    assert_eq!(serde_json::to_string(&p).unwrap(), r#"["1 1","2 1"]"#);
    let mut g = Game::new(p);
    g.cycle(Coord::new(1, 0)).unwrap();
    assert_eq!(
        serde_json::to_string(&g).unwrap(),
        r#"{"puzzle":["1 1","2 1"],"state":[". x",". ."],"done":[{"cell":{"x":1,"y":0},"from":"unknown","to":"shaded"}],"undone":[]}"#
    );
    let step = g.hint().unwrap();
    assert_eq!(
        serde_json::to_string(&step).unwrap(),
        r#"{"cell":{"x":0,"y":0},"state":"unshaded","rule":"shaded_neighbour"}"#
    );
}
