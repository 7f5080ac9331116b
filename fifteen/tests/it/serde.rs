//! Everything the crate stores or sends goes through RON and JSON and comes back equal:
//! boards, moves, goals, puzzles, games with their undo history, solver reports, hints,
//! statistics and generator specs. Text forms (`FromStr` / `Display`) round-trip too.

use std::time::Duration;

use engine::{Outcome, Report, SeededRng, Stats, StopReason};
use fifteen::generate::{Spec, uniform};
use fifteen::{Answer, Board, Game, Goal, Hint, Move, Puzzle};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` through JSON and through RON.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let json = serde_json::to_string(value).unwrap();
    assert_eq!(&serde_json::from_str::<T>(&json).unwrap(), value, "{json}");
    let ron = engine::to_ron(value).unwrap();
    assert_eq!(&engine::from_ron::<T>(&ron).unwrap(), value, "{ron}");
}

fn size() -> impl Strategy<Value = (usize, usize)> {
    (1usize..7, 1usize..7).prop_filter("at least 2 cells", |(w, h)| w * h >= 2)
}

fn goal() -> impl Strategy<Value = Goal> {
    prop_oneof![Just(Goal::BlankLast), Just(Goal::BlankFirst), Just(Goal::Snake), Just(Goal::Spiral)]
}

/// A random puzzle: a uniform board of a random size and goal, from a seed.
fn puzzle() -> impl Strategy<Value = Puzzle> {
    (size(), goal(), any::<u64>()).prop_map(|((w, h), goal, seed)| {
        let layout = goal.layout(w, h).unwrap();
        Puzzle::new(uniform(&layout, &mut SeededRng::new(seed)), layout).unwrap()
    })
}

fn step() -> impl Strategy<Value = Move> {
    prop_oneof![Just(Move::Up), Just(Move::Down), Just(Move::Left), Just(Move::Right)]
}

fn reason() -> impl Strategy<Value = StopReason> {
    prop_oneof![Just(StopReason::NodeLimit), Just(StopReason::TimeLimit), Just(StopReason::Cancelled)]
}

fn stats() -> impl Strategy<Value = Stats> {
    (any::<u64>(), any::<u32>()).prop_map(|(nodes, nanos)| Stats { nodes, elapsed: Duration::from_nanos(nanos.into()) })
}

proptest! {
    #[test]
    fn boards_and_puzzles(p in puzzle()) {
        round_trip(p.start());
        round_trip(&p);
        prop_assert_eq!(&p.start().to_string().parse::<Board>().unwrap(), p.start());
        prop_assert_eq!(&Board::parse_line(&p.start().to_line(), Some(p.start().width())).unwrap(), p.start());
        prop_assert_eq!(&p.to_string().parse::<Puzzle>().unwrap(), &p);
        let explicit = Goal::Explicit(p.goal().clone());
        round_trip(&explicit);
        prop_assert_eq!(&explicit.to_string().parse::<Goal>().unwrap(), &explicit);
    }

    #[test]
    fn games_keep_their_history(p in puzzle(), steps in prop::collection::vec(step(), 0..40), undos in 0usize..5) {
        let mut game = Game::new(p);
        for s in steps {
            let _ = game.play(s);
        }
        for _ in 0..undos {
            game.undo();
        }
        round_trip(&game);
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.history(), game.history());
        prop_assert_eq!(back.board(), game.board());
    }

    #[test]
    fn moves_and_goals(steps in prop::collection::vec(step(), 0..30), g in goal()) {
        round_trip(&steps);
        for s in &steps {
            prop_assert_eq!(&s.to_string().parse::<Move>().unwrap(), s);
        }
        prop_assert_eq!(&Move::parse_all(&Move::format_all(&steps)).unwrap(), &steps);
        round_trip(&g);
        prop_assert_eq!(g.to_string().parse::<Goal>().unwrap(), g);
    }

    #[test]
    fn reports_and_hints(
        steps in prop::collection::vec(step(), 0..30),
        s in stats(),
        r in reason(),
        bound in any::<u32>(),
        pick in 0u8..4,
    ) {
        let answer = if pick == 0 { Answer::Unsolvable } else { Answer::Moves(steps.clone()) };
        let outcome: Outcome<Answer, u32> = match pick {
            0 | 1 => Outcome::Proved(answer),
            2 => Outcome::Found(answer),
            _ => Outcome::GaveUp { reason: r, proven: bound },
        };
        round_trip(&Report { outcome, stats: s });
        let hint = match (pick, steps.first()) {
            (0, _) => Hint::Unsolvable,
            (_, Some(&step)) => Hint::Slide { step, length: steps.len() },
            (_, None) => Hint::Solved,
        };
        round_trip(&Report { outcome: Outcome::<Hint, u32>::Found(hint), stats: s });
        round_trip(&s);
    }

    #[test]
    fn generator_specs(w in 1usize..20, h in 1usize..20, g in goal(), walk in proptest::option::of(any::<u64>())) {
        let spec = Spec::new(w, h).with_goal(g).with_walk(walk);
        let json = serde_json::to_string(&spec).unwrap();
        let back: Spec = serde_json::from_str(&json).unwrap();
        prop_assert_eq!((back.size, &back.goal, back.walk), (spec.size, &spec.goal, spec.walk));
        let ron = engine::to_ron(&spec).unwrap();
        let back: Spec = engine::from_ron(&ron).unwrap();
        prop_assert_eq!((back.size, &back.goal, back.walk), (spec.size, &spec.goal, spec.walk));
    }
}

#[test]
fn a_saved_game_with_an_illegal_history_is_refused() {
    let json =
        r#"{"puzzle":{"start":{"width":2,"tiles":"1 2 3 0"},"goal":{"width":2,"tiles":"1 2 3 0"}},"history":["Down"]}"#;
    assert!(serde_json::from_str::<Game>(json).is_err());
    let json = r#"{"start":{"width":2,"tiles":"1 2 3 0"},"goal":{"width":2,"tiles":"1 2 4 0"}}"#;
    assert!(serde_json::from_str::<Puzzle>(json).is_err());
}
