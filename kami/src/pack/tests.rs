//! The entry of a seed, and what `verify` makes of entries changed in every field.

use engine::Budget;
use engine::pack::{Entry, Fault, Made};

use super::*;

fn options() -> PackOptions {
    PackOptions::new(Spec::new(7, 6).with_colours(3).with_regions(10))
}

fn entry(seed: u64) -> PackEntry {
    match make_entry(seed, &options(), &Budget::default()) {
        Made::Entry(e) => e,
        other => panic!("seed {seed}: {other:?}"),
    }
}

#[test]
fn entries_are_deterministic_and_hold() {
    for seed in 0..8 {
        let e = entry(seed);
        assert_eq!(e, entry(seed));
        assert_eq!(e.verify(&Budget::default()), Ok(()));
        assert_eq!(e.moves.len(), e.par as usize);
        assert!(!e.puzzle.ends_with('\n') && !e.puzzle.contains('#'));
    }
}

#[test]
fn a_stopped_budget_stops_make_and_makes_verify_unknown() {
    let cancel = engine::CancelToken::new();
    cancel.cancel();
    let budget = Budget::default().with_cancel(cancel);
    assert!(matches!(make_entry(1, &options(), &budget), Made::Stopped(_)));
    assert!(matches!(entry(1).verify(&budget), Err(Fault::Unknown(_))));
}

/// Each field changed: verify says wrong (never unknown, never a panic).
#[test]
fn tampered_entries_are_wrong() {
    let e = entry(2);
    let wrong = |changed: &PackEntry| matches!(changed.verify(&Budget::default()), Err(Fault::Wrong(_)));
    // Every triangle recoloured to every other colour.
    for i in 0..e.puzzle.len() {
        for colour in ['0', '1', '2', '3', '.', 'x'] {
            let mut t = e.clone();
            if t.puzzle.as_bytes()[i] == b'\n' || t.puzzle.as_bytes()[i] == colour as u8 {
                continue;
            }
            t.puzzle.replace_range(i..=i, &colour.to_string());
            assert!(wrong(&t), "cell {i} to {colour}: {:?}", t.verify(&Budget::default()));
        }
    }
    let mut t = e.clone();
    t.puzzle.push('\n');
    assert!(wrong(&t));
    t.puzzle = format!("# par: {}\n{}", e.par, e.puzzle);
    assert!(wrong(&t));
    for par in [0, e.par - 1, e.par + 1, 99] {
        let mut t = e.clone();
        t.par = par;
        assert!(wrong(&t), "par {par}");
    }
    let mut t = e.clone();
    t.moves.pop();
    assert!(wrong(&t));
    t.par -= 1;
    assert!(wrong(&t));
    for i in 0..e.moves.len() {
        let mut t = e.clone();
        t.moves.swap(i, (i + 1) % e.moves.len());
        if t.moves != e.moves {
            // Another order of the same taps can solve the level too; then it still holds.
            let v = t.verify(&Budget::default());
            assert!(v.is_ok() || matches!(v, Err(Fault::Wrong(_))));
        }
        let mut t = e.clone();
        t.moves[i].colour = "z".into();
        assert!(wrong(&t));
        t.moves[i].colour = "00".into();
        assert!(wrong(&t));
        let mut t = e.clone();
        t.moves[i].row = 100;
        assert!(wrong(&t));
    }
    let mut t = e.clone();
    t.seed += 1;
    assert!(wrong(&t));
    // The code: of another level, of another par, of no par, cut, not a code.
    let level = e.level().unwrap();
    let mut other = level.clone();
    other.par = Some(e.par);
    other.replace_cells(entry(3).level().unwrap().cells().clone());
    let with_par = |par| {
        let mut l = level.clone();
        l.par = par;
        l
    };
    for coded in [other, with_par(Some(e.par + 1)), with_par(None)] {
        let mut t = e.clone();
        t.code = crate::code::encode(&coded).unwrap();
        assert!(wrong(&t), "{}", t.code);
    }
    for code in [&e.code[..e.code.len() - 1], "", &e.puzzle, "hitori:1:AAAA"] {
        let mut t = e.clone();
        t.code = code.to_string();
        assert!(wrong(&t), "{code}");
    }
    for changed in [
        PackOptions::new(e.options.spec.with_regions(11)),
        PackOptions::new(e.options.spec.with_colours(4)),
        PackOptions::new(Spec::new(6, 7).with_colours(3).with_regions(10)),
        e.options.with_par(Some(ParRange::new(e.par + 1, e.par + 2))),
        e.options.with_par(Some(ParRange::new(5, 2))),
    ] {
        let mut t = e.clone();
        t.options = changed;
        assert!(wrong(&t), "{changed:?}");
    }
}

#[test]
fn a_solution_longer_than_the_optimum_is_wrong() {
    // 0 1 0 in a row: par 1 (tap the 1 with 0); two moves also solve it.
    let level: Level = "0110\n0110\n".parse().unwrap();
    let e = PackEntry {
        game: "kami".into(),
        seed: 0,
        puzzle: puzzle_text(&level),
        code: crate::code::encode(&"# par: 2\n0110\n0110\n".parse().unwrap()).unwrap(),
        par: 2,
        moves: vec![PackMove::from(&Move::new(0, 0, 1)), PackMove::from(&Move::new(0, 0, 0))],
        options: PackOptions::new(Spec::new(4, 2).with_colours(2).with_regions(3)),
    };
    assert_eq!(e.verify(&Budget::default()), Err(Fault::Wrong("par 2 is not optimal: 1 moves solve the level".into())));
}
