//! Everything a game stores or sends goes through RON and JSON and comes back equal: boards,
//! paths, pairs, hints, games in progress with their undo and redo history, solver reports,
//! deals and generator specs. And the text forms round-trip through `FromStr` + `Display`.

use std::fmt::Debug;

use engine::{Budget, Coord, SeededRng};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use shisen::game::{Action, Game, MoveError};
use shisen::generate::{Deal, Spec};
use shisen::solver::{self, Options, Partial, Solution};
use shisen::{Board, Pair, Path};

/// `value` through JSON and through RON.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> Result<(), TestCaseError> {
    let json = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&json).unwrap();
    prop_assert_eq!(&back, value, "JSON {}", json);
    let ron = engine::to_ron(value).unwrap();
    let back: T = engine::from_ron(&ron).unwrap();
    prop_assert_eq!(&back, value, "RON {}", ron);
    Ok(())
}

/// A `w` × `h` board with `pairs` pairs of up to `kinds` kinds, the rest empty.
fn board(w: usize, h: usize, pairs: usize, kinds: usize, seed: u64) -> Board {
    let mut rng = SeededRng::new(seed);
    let labels = ["A", "B", "C", "dragon", "x<&>"];
    let mut tokens: Vec<&str> = vec!["."; w * h];
    for p in 0..pairs.min(w * h / 2) {
        tokens[2 * p] = labels[p % kinds];
        tokens[2 * p + 1] = labels[p % kinds];
    }
    rng.shuffle(&mut tokens);
    let rows: Vec<String> = tokens.chunks(w).map(|r| r.join(" ")).collect();
    rows.join("\n").parse().unwrap()
}

/// A game on `board` after `ops` (0: remove a hinted pair, 1: undo, 2: redo, 3: shuffle).
fn played(board: Board, gravity: bool, ops: &[u8], seed: u64) -> Game {
    let mut rng = SeededRng::new(seed);
    let mut game = Game::new(board, gravity);
    for op in ops {
        match op {
            0 => {
                if let Some(pair) = game.hint() {
                    game.remove(pair.a, pair.b).unwrap();
                }
            }
            1 => {
                game.undo();
            }
            2 => {
                game.redo();
            }
            _ => {
                game.shuffle(&mut rng);
            }
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn boards_round_trip(w in 1usize..8, h in 1usize..6, pairs in 0usize..20, kinds in 1usize..6, seed: u64) {
        let b = board(w, h, pairs, kinds, seed);
        round_trip(&b)?;
        prop_assert_eq!(&b.to_string().parse::<Board>().unwrap(), &b);
    }

    #[test]
    fn pairs_paths_and_hints_round_trip(w in 1usize..8, h in 1usize..6, pairs in 0usize..20, kinds in 1usize..6, seed: u64) {
        let b = board(w, h, pairs, kinds, seed);
        let all: Vec<Pair> = shisen::path::hints(&b);
        round_trip(&all)?;
        round_trip(&shisen::hint(&b))?;
        for p in &all {
            round_trip(&p.path)?;
            prop_assert_eq!(p.path.to_string().parse::<Path>().unwrap(), p.path);
        }
    }

    /// Games in progress keep their board, labels of removed kinds, gravity and both
    /// histories: the loaded game undoes and redoes exactly as the saved one.
    #[test]
    fn games_with_history_round_trip(w in 1usize..7, h in 1usize..6, pairs in 0usize..16, kinds in 1usize..6, gravity: bool, ops in proptest::collection::vec(0u8..4, 0..24), seed: u64) {
        let game = played(board(w, h, pairs, kinds, seed), gravity, &ops, seed);
        round_trip(&game)?;
        let mut loaded: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        let mut original = game.clone();
        while original.undo() {
            prop_assert!(loaded.undo());
            prop_assert_eq!(loaded.board(), original.board());
        }
        prop_assert!(!loaded.undo());
        while original.redo() {
            prop_assert!(loaded.redo());
            prop_assert_eq!(loaded.board(), original.board());
        }
        round_trip(&game.history())?;
    }

    #[test]
    fn reports_round_trip(w in 2usize..6, h in 2usize..5, pairs in 1usize..10, kinds in 1usize..4, gravity: bool, nodes in 0u64..200, seed: u64) {
        let b = board(w, h, pairs, kinds, seed);
        let options = Options::default().with_gravity(gravity).with_budget(Budget::default().with_node_limit(nodes));
        let report: Solution = solver::solve(&b, &options);
        round_trip(&report)?;
        round_trip(&report.stats)?;
    }

    #[test]
    fn deals_and_specs_round_trip(w in 1usize..9, h in 1usize..6, gravity: bool, solvable: bool, seed: u64) {
        prop_assume!((w * h) % 2 == 0);
        let spec = Spec::new(w, h).with_copies(2).with_gravity(gravity).with_solvable(solvable);
        round_trip(&spec)?;
        round_trip(&spec.with_kinds(Some(1)))?;
        let deal: Deal = shisen::generate::generate(&spec, &mut SeededRng::new(seed)).unwrap();
        round_trip(&deal)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Game-like JSON with the right fields and arbitrary steps (pairs anywhere, shuffles of
    /// any kinds) loads or is refused, never panics; what loads saves back to the same JSON.
    #[test]
    fn game_like_json_loads_or_is_refused(rows in proptest::collection::vec("[AB. ]{0,5}", 0..4), labels in proptest::collection::vec("[AB]", 0..3), gravity: bool, steps in proptest::collection::vec((any::<bool>(), -1i32..5, -1i32..4, -1i32..5, -1i32..4, proptest::collection::vec(0u16..3, 0..6)), 0..6), split in 0usize..6) {
        let steps: Vec<serde_json::Value> = steps
            .into_iter()
            .map(|(remove, ax, ay, bx, by, kinds)| {
                if remove {
                    serde_json::json!({ "remove": [{ "x": ax, "y": ay }, { "x": bx, "y": by }] })
                } else {
                    serde_json::json!({ "shuffle": kinds })
                }
            })
            .collect();
        let split = split.min(steps.len());
        let value = serde_json::json!({ "start": rows, "labels": labels, "gravity": gravity, "done": steps[..split], "undone": steps[split..] });
        if let Ok(game) = serde_json::from_value::<Game>(value) {
            let again: Game = serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
            prop_assert_eq!(again, game);
        }
    }
}

#[test]
fn moves_errors_and_partial_lines_round_trip() {
    let c = Coord::new;
    let removal = Action::Remove(c(0, 0), c(1, 0));
    round_trip(&vec![removal, Action::Shuffle]).unwrap();
    for e in [MoveError::Outside(c(-1, 0)), MoveError::SameCell, MoveError::EmptyCell(c(2, 1)), MoveError::NoPath] {
        round_trip(&e).unwrap();
    }
    round_trip(&Partial { tiles_left: 4, removals: vec![(c(0, 0), c(0, 1))] }).unwrap();
}

#[test]
fn grouped_games_keep_their_groups() {
    let board = Board::parse_grouped("plum orchid A\nA mum bamboo\n", &[&["plum", "orchid", "mum", "bamboo"]]).unwrap();
    let mut game = Game::new(board, false);
    game.remove(Coord::new(0, 0), Coord::new(1, 0)).unwrap();
    let loaded: Game = engine::from_ron(&engine::to_ron(&game).unwrap()).unwrap();
    assert_eq!(loaded, game);
    assert!(loaded.check(Coord::new(1, 1), Coord::new(2, 1)).is_ok(), "mum and bamboo still match");
}

#[test]
fn stored_games_that_do_not_fit_are_refused() {
    let good = serde_json::to_value(Game::new("A A".parse().unwrap(), false)).unwrap();
    let mut missing_label = good.clone();
    missing_label["labels"] = serde_json::json!(["B"]);
    let err = serde_json::from_value::<Game>(missing_label).unwrap_err();
    assert!(err.to_string().contains("kind \"A\" is not once in the game's label table"), "{err}");
    let mut odd = good;
    odd["start"] = serde_json::json!(["A B"]);
    assert!(serde_json::from_value::<Game>(odd).is_err());
}

/// A history that the rules do not allow from the start board is an error naming the step.
#[test]
fn tampered_histories_are_refused() {
    let mut game = Game::new("A B\nB A\nC C".parse().unwrap(), true);
    game.remove(Coord::new(0, 2), Coord::new(1, 2)).unwrap();
    game.shuffle(&mut SeededRng::new(1));
    game.undo();
    let good = serde_json::to_value(&game).unwrap();
    assert_eq!(serde_json::from_value::<Game>(good.clone()).unwrap(), game);
    let refused = |path: &[&str], index: usize, value: serde_json::Value| {
        let mut bad = good.clone();
        let mut at = &mut bad;
        for key in path {
            at = &mut at[*key];
        }
        at[index] = value;
        serde_json::from_value::<Game>(bad).unwrap_err().to_string()
    };
    let xy = |x: i32, y: i32| serde_json::json!({ "x": x, "y": y });
    let err = refused(&["done"], 0, serde_json::json!({ "remove": [xy(0, 0), xy(1, 1)] }));
    assert!(err.contains("step 1 of the history: the tiles do not connect with at most two turns"), "{err}");
    let err = refused(&["done"], 0, serde_json::json!({ "remove": [xy(0, 0), xy(5, 0)] }));
    assert!(err.contains("step 1 of the history: 5,0 is outside the board"), "{err}");
    let err = refused(&["undone"], 0, serde_json::json!({ "shuffle": [0, 0, 1, 1, 2] }));
    assert!(err.contains("step 2 of the history is not a shuffle of the 4 tiles on the board"), "{err}");
    let err = refused(&["undone"], 0, serde_json::json!({ "shuffle": [0, 0, 0, 1] }));
    assert!(err.contains("step 2 of the history is not a shuffle of the 4 tiles"), "{err}");
    let err = refused(&["undone"], 0, serde_json::json!({ "shuffle": [0, 0, 1, 9] }));
    assert!(err.contains("step 2 of the history is not a shuffle"), "{err}");
}

/// A finished game on a generated `w` × `h` deal (with gravity or not), played along the
/// deal's witness.
fn finished(w: usize, h: usize, gravity: bool) -> Game {
    let spec = Spec::new(w, h).with_gravity(gravity);
    let deal = shisen::generate::generate(&spec, &mut SeededRng::new(1)).unwrap();
    let mut game = Game::new(deal.board, gravity);
    for (a, b) in deal.witness.unwrap() {
        game.remove(a, b).unwrap();
    }
    assert!(game.is_won());
    game
}

/// A saved game holds its start board and its actions, not a board per step: a finished
/// 30x16 game is a few kilobytes of JSON.
#[test]
fn finished_games_are_small() {
    for (w, h) in [(18, 8), (30, 16)] {
        for gravity in [false, true] {
            let game = finished(w, h, gravity);
            let json = serde_json::to_string(&game).unwrap();
            assert!(json.len() < 30 * w * h, "{w}x{h}: {} bytes", json.len());
            let mut loaded: Game = serde_json::from_str(&json).unwrap();
            assert_eq!(loaded, game);
            assert!(loaded.undo());
            assert_eq!(loaded.board().tile_count(), 2);
        }
    }
}
