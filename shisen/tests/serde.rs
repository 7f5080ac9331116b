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
        let spec = Spec::default().with_size(w, h).with_copies(2).with_gravity(gravity).with_solvable(solvable);
        round_trip(&spec)?;
        round_trip(&spec.with_kinds(Some(1)))?;
        let deal: Deal = shisen::generate::generate(&spec, &mut SeededRng::new(seed)).unwrap();
        round_trip(&deal)?;
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
    odd["board"] = serde_json::json!(["A B"]);
    assert!(serde_json::from_value::<Game>(odd).is_err());
}
