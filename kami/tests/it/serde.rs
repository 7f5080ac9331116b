//! Everything a game stores or sends round-trips through RON and JSON: levels, moves,
//! games in progress with their undo history, solver reports, hints, statistics,
//! generator specs.

use std::fmt::Debug;
use std::time::Duration;

use engine::{Outcome, Report, Stats, StopReason};
use kami::generate::{DesignOptions, Designed, Spec};
use kami::hint::Hint;
use kami::{Colour, Game, Level, Move, Proven, SolveError};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` through RON and JSON, each time equal to itself.
fn round_trips<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> Result<(), TestCaseError> {
    let ron = engine::to_ron(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&engine::from_ron::<T>(&ron).map_err(|e| TestCaseError::fail(e.to_string()))?, value);
    let json = serde_json::to_string(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&serde_json::from_str::<T>(&json).map_err(|e| TestCaseError::fail(e.to_string()))?, value);
    Ok(())
}

/// Small random levels (1-5 rows, 1-6 columns, 1-4 colours, some holes), with a name, a
/// par and a palette sometimes.
fn level() -> impl Strategy<Value = Level> {
    (1usize..6, 1usize..7, 1u8..5, 0u32..4).prop_flat_map(|(rows, cols, k, holes)| {
        let cells = proptest::collection::vec((0u8..k, 0u32..10), rows * cols);
        (cells, proptest::option::of("[a-z][a-z ]{0,8}[a-z]"), proptest::option::of(0u32..50), any::<bool>())
            .prop_filter_map("no triangles", move |(cells, name, par, palette)| {
                let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h >= holes).then_some(c)).collect();
                let mut level = Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()?;
                level.name = name;
                level.par = par;
                if palette {
                    level
                        .set_palette((0..k).map(|c| format!("#{:02x}{:02x}80", 40 * c, 255 - 40 * c)).collect())
                        .ok()?;
                }
                Some(level)
            })
    })
}

fn a_move() -> impl Strategy<Value = Move> {
    (0usize..40, 0usize..40, 0u8..36).prop_map(|(r, c, k)| Move::new(r, c, k))
}

fn stats() -> impl Strategy<Value = Stats> {
    (any::<u64>(), 0u64..1_000_000_000).prop_map(|(nodes, ns)| Stats { nodes, elapsed: Duration::from_nanos(ns) })
}

proptest! {
    #[test]
    fn levels_round_trip(level in level()) {
        round_trips(&level)?;
        // And through their text form.
        prop_assert_eq!(level.to_string().parse::<Level>().ok(), Some(level));
    }

    #[test]
    fn moves_round_trip(mv in a_move()) {
        round_trips(&mv)?;
        prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }

    /// A game in progress, with its undo history: loaded, it undoes exactly as the
    /// original does.
    #[test]
    fn games_with_their_history_round_trip(level in level(), taps in proptest::collection::vec((0usize..30, 0u8..4), 0..6)) {
        let mut game = Game::new(&level);
        for (cell, colour) in taps {
            let (r, c) = (cell / level.cols() % level.rows(), cell % level.cols());
            let _ = game.play(Move::new(r, c, colour));
        }
        round_trips(&game)?;
        let json = serde_json::to_string(&game).unwrap();
        let mut loaded: Game = serde_json::from_str(&json).unwrap();
        while let Some(mv) = game.undo() {
            prop_assert_eq!(loaded.undo(), Some(mv));
            prop_assert_eq!(loaded.level(), game.level());
        }
        prop_assert_eq!(loaded.undo(), None);
        prop_assert_eq!(loaded.level(), &level);
    }

    #[test]
    fn reports_round_trip(
        moves in proptest::collection::vec(a_move(), 0..8),
        lower_bound in 0u32..30,
        best in proptest::option::of(proptest::collection::vec(a_move(), 0..8)),
        stats in stats(),
        which in 0u8..4,
    ) {
        let outcome = match which {
            0 => Outcome::Proved(moves),
            1 => Outcome::Found(moves),
            2 => Outcome::GaveUp { reason: StopReason::TimeLimit, proven: Proven { lower_bound, best } },
            _ => Outcome::GaveUp { reason: StopReason::Cancelled, proven: Proven { lower_bound, best } },
        };
        round_trips(&Report { outcome, stats })?;
        round_trips(&stats)?;
        round_trips(&SolveError::TooManyRegions { regions: 20_000, lower_bound })?;
    }

    #[test]
    fn hints_round_trip(next in a_move(), moves_left in 0u32..30, optimal in any::<bool>(), lower_bound in 0u32..30, which in 0u8..3) {
        let hint = match which {
            0 => Hint::Solved,
            1 => Hint::Play { next, moves_left, optimal, lower_bound },
            _ => Hint::Unknown { lower_bound },
        };
        round_trips(&hint)?;
    }

    #[test]
    fn generator_specs_round_trip(rows in 1usize..200, cols in 1usize..200, colours in 1usize..36, regions in 1usize..1000, nodes in any::<u64>(), attempts in 1usize..100, seed in any::<u64>()) {
        let spec = Spec::new(cols, rows).with_colours(colours).with_regions(regions).with_node_limit(nodes).with_attempts(attempts);
        round_trips(&spec)?;
        round_trips(&DesignOptions { rows, cols, colours, moves: regions, blob: (1, attempts), bulk: 5, seed })?;
    }
}

#[test]
fn designed_levels_and_solver_traces_round_trip() {
    let designed: Designed = kami::generate::design(&DesignOptions {
        rows: 6,
        cols: 5,
        colours: 3,
        moves: 3,
        blob: (1, 6),
        ..DesignOptions::default()
    })
    .unwrap();
    round_trips(&designed).unwrap();
    let (report, iterations) = kami::solver::solve_traced(&designed.level, &kami::Options::default()).unwrap();
    round_trips(&report.outcome).unwrap();
    assert!(!iterations.is_empty());
    for it in &iterations {
        let json = serde_json::to_string(it).unwrap();
        let back: kami::solver::Iteration = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, it);
    }
}

#[test]
fn a_saved_game_that_does_not_fit_its_level_is_an_error() {
    let json = r#"{"level":{"rows":["01"]},"history":[[{"row":0,"col":0,"colour":1},[5],0]]}"#;
    let err = serde_json::from_str::<Game>(json).unwrap_err();
    assert!(err.to_string().contains("undo history entry 1 does not fit the level"), "{err}");
}
