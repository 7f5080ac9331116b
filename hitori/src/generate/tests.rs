//! The tests of [`super`] (generation of every grade, sizes, budgets, determinism).

use engine::{Budget, SeededRng, StopReason};

use crate::generate::*;
use crate::grader::Grader;
use crate::rules::is_solution;
use crate::solver::tests::answer;
use crate::solver::{Answer, brute_force};

fn make(w: usize, h: usize, seed: u64) -> Result<Generated, GenerateError> {
    generate_with_solution(&Spec::new(w, h), &mut SeededRng::new(seed))
}

fn graded_puzzle(w: usize, h: usize, seed: u64, d: Difficulty) -> Result<Puzzle, GenerateError> {
    generate(&Spec::new(w, h).with_difficulty(d), &mut SeededRng::new(seed))
}

#[test]
fn small_puzzles_are_unique_by_brute_force() {
    for (w, h) in [(1, 1), (1, 3), (3, 1), (2, 2), (2, 3), (3, 3), (4, 3), (4, 4), (5, 4), (5, 5), (1, 6)] {
        for seed in 0..6 {
            let g = make(w, h, seed).unwrap();
            assert!(is_solution(&g.puzzle, &g.solution));
            assert_eq!(brute_force(&g.puzzle, 2), vec![g.solution.clone()], "{:?}", g.puzzle);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(60))]
    #[test]
    fn every_generated_puzzle_has_exactly_its_solution(w in 2usize..12, h in 2usize..12, seed in 0u64..1_000_000) {
        let g = make(w, h, seed).unwrap();
        proptest::prop_assert!(is_solution(&g.puzzle, &g.solution));
        if w * h <= 25 {
            proptest::prop_assert_eq!(brute_force(&g.puzzle, 2), vec![g.solution.clone()]);
        } else {
            proptest::prop_assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()));
        }
    }
}

#[test]
fn walkthroughs_of_unique_puzzles_reach_the_solution() {
    for seed in 0..40 {
        let spec = Spec::new(3 + seed as usize % 5, 3 + seed as usize / 5 % 5);
        let g = generate_with_solution(&spec, &mut engine::SeededRng::new(seed)).unwrap();
        let w = crate::steps::walkthrough(&g.puzzle);
        if w.difficulty != Difficulty::NeedsSearch {
            assert_eq!(w.states, g.solution.map(|&s| crate::rules::Cell::from_shaded(s)));
        }
        // Every recorded step agrees with the one solution.
        for step in &w.steps {
            assert_eq!(step.state, crate::rules::Cell::from_shaded(g.solution[step.cell]), "{step} in {:?}", g.puzzle);
        }
    }
}

/// The fast grader ([`crate::grader`]) agrees with the walkthrough on generated puzzles
/// (on random ones: the grader's own test).
#[test]
fn the_grader_agrees_with_the_walkthrough_on_generated_puzzles() {
    for seed in 0..60u64 {
        let side = 4 + seed as usize % 9;
        let p = generate(&Spec::new(side, side), &mut SeededRng::new(seed)).unwrap();
        assert_eq!(crate::grader::grade(&p), crate::steps::walkthrough(&p).difficulty, "{p:?}");
    }
}

#[test]
fn fifty_by_fifty_and_beyond() {
    for (w, h) in [(50, 50), (62, 62), (80, 30)] {
        let g = make(w, h, 2026).unwrap();
        assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()));
        assert!(is_solution(&g.puzzle, &g.solution));
    }
}

/// Grade `d` means: the rules up to `d` decide every cell and the rules below `d` do
/// not; the walkthrough uses a rule of grade `d`; the solver proves the puzzle unique.
fn assert_graded(g: &Generated, d: Difficulty) {
    let p = &g.puzzle;
    let profile = Grader::new(p).profile(p);
    assert_eq!(profile.difficulty, d, "{p:?}");
    if d > Difficulty::Easy {
        assert!(profile.undecided[d as usize - 1] > 0, "{p:?}");
    }
    let w = crate::steps::walkthrough(p);
    assert_eq!(w.difficulty, d);
    let solution = g.solution.map(|&s| crate::rules::Cell::from_shaded(s));
    if d == Difficulty::NeedsSearch {
        // Stuck: every cell the rules decide agrees with the solution, some are left.
        assert!(
            w.states.cells().iter().zip(solution.cells()).all(|(a, b)| *a == crate::rules::Cell::Unknown || a == b)
        );
        assert!(w.states.cells().contains(&crate::rules::Cell::Unknown));
    } else {
        assert_eq!(w.steps.iter().map(|s| s.rule.difficulty()).max(), Some(d));
        assert_eq!(w.states, solution);
    }
    assert_eq!(answer(p), Answer::Unique(g.solution.clone()));
}

#[test]
fn graded_puzzles_have_their_grade() {
    for d in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
        for (side, seeds) in [(4, 0..8), (5, 0..8), (6, 0..8), (8, 0..6), (10, 0..6), (15, 0..3), (25, 0..2)] {
            for seed in seeds {
                let spec = Spec::new(side, side + seed as usize % 3).with_difficulty(d);
                let (g, stats) = generate_with_stats(&spec, &mut SeededRng::new(seed)).unwrap();
                assert_graded(&g, d);
                assert!(stats.thrown_away < stats.puzzles);
                assert_eq!(generate_with_stats(&spec, &mut SeededRng::new(seed)).unwrap(), (g, stats));
            }
        }
    }
    for (side, seeds) in [(10, 0..12), (12, 0..6), (15, 0..4), (25, 0..2)] {
        for seed in seeds {
            let spec = Spec::new(side + seed as usize % 3, side).with_difficulty(Difficulty::NeedsSearch);
            let (g, stats) = generate_with_stats(&spec, &mut SeededRng::new(seed)).unwrap();
            assert_graded(&g, Difficulty::NeedsSearch);
            assert_eq!(generate_with_stats(&spec, &mut SeededRng::new(seed)).unwrap(), (g, stats));
        }
    }
    let p = graded_puzzle(6, 6, 11, Difficulty::Medium).unwrap();
    assert_eq!(crate::steps::grade(&p), Difficulty::Medium);
    let err = graded_puzzle(1, 2, 0, Difficulty::Easy).unwrap_err();
    assert_eq!(err, GenerateError::NoUniquePuzzle { width: 1, height: 2 });
}

#[test]
fn graded_fifty_by_fifty() {
    for d in Difficulty::ALL {
        let g = generate_with_solution(&Spec::new(50, 50).with_difficulty(d), &mut SeededRng::new(3)).unwrap();
        assert_graded(&g, d);
    }
}

#[test]
fn search_puzzles_need_a_board_a_core_fits() {
    for (w, h) in [(5, 8), (9, 9), (6, 12)] {
        let e = graded_puzzle(w, h, 1, Difficulty::NeedsSearch).unwrap_err();
        assert_eq!(e, GenerateError::TooSmallForSearch { width: w, height: h });
    }
    let e = GenerateError::TooSmallForSearch { width: 9, height: 9 };
    assert_eq!(e.to_string(), "search puzzles need both sides at least 7 and one at least 10, not 9x9");
    // The bounds of the message are those of the cores.
    assert!(search::fits(7, 10) && search::fits(10, 7) && !search::fits(6, 10) && !search::fits(9, 9));
    let g = generate_with_solution(&Spec::new(10, 10).with_difficulty(Difficulty::NeedsSearch), &mut SeededRng::new(1))
        .unwrap();
    assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()));
    assert_eq!(crate::steps::grade(&g.puzzle), Difficulty::NeedsSearch);
}

#[test]
fn impossible_sizes_fail_cleanly() {
    assert_eq!(make(1, 2, 0), Err(GenerateError::NoUniquePuzzle { width: 1, height: 2 }));
    assert_eq!(make(2, 1, 3), Err(GenerateError::NoUniquePuzzle { width: 2, height: 1 }));
    assert_eq!(make(0, 4, 0), Err(GenerateError::Empty));
}

#[test]
fn larger_and_non_square_puzzles_are_unique_and_deterministic() {
    for (w, h, seed) in [(10, 10, 1), (15, 8, 2), (7, 20, 3), (20, 20, 4)] {
        let g = make(w, h, seed).unwrap();
        assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()));
        assert!(is_solution(&g.puzzle, &g.solution));
        assert_eq!(make(w, h, seed).unwrap(), g);
    }
}

#[test]
fn the_budget_stops_generation() {
    use std::time::{Duration, Instant};
    let start = Instant::now();
    let budget = Budget::default().with_time_limit(Duration::from_millis(100));
    let e = generate_within(&Spec::new(300, 300), &mut SeededRng::new(1), &budget).unwrap_err();
    assert_eq!(e, GenerateError::GaveUp { reason: StopReason::TimeLimit });
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    // Grading a big board reads the clock while it probes.
    for d in [Difficulty::Medium, Difficulty::Hard, Difficulty::NeedsSearch] {
        let start = Instant::now();
        let budget = Budget::default().with_time_limit(Duration::from_millis(300));
        let e = generate_within(&Spec::new(400, 400).with_difficulty(d), &mut SeededRng::new(1), &budget);
        assert_eq!(e, Err(GenerateError::GaveUp { reason: StopReason::TimeLimit }));
        assert!(start.elapsed() < Duration::from_secs(5), "{d}: {:?}", start.elapsed());
    }
    let spec = Spec::new(8, 8).with_difficulty(Difficulty::Hard);
    // A node limit of 0 stops at the first branching, or lets a puzzle through that
    // needs none.
    match generate_within(&spec, &mut SeededRng::new(5), &Budget::default().with_node_limit(0)) {
        Ok(p) => assert_eq!(crate::steps::grade(&p), Difficulty::Hard),
        Err(e) => assert_eq!(e, GenerateError::GaveUp { reason: StopReason::NodeLimit }),
    }
}

#[test]
#[allow(deprecated)]
fn the_spec_budget_is_honoured_and_the_given_one_wins() {
    let token = engine::CancelToken::new();
    token.cancel();
    let cancelled = Budget::default().with_cancel(token);
    let gave_up = Err(GenerateError::GaveUp { reason: StopReason::Cancelled });
    let spec = Spec::new(6, 6).with_budget(cancelled.clone());
    assert_eq!(generate(&spec, &mut SeededRng::new(1)), gave_up);
    assert_eq!(generate_with_solution(&spec, &mut SeededRng::new(1)).map(|g| g.puzzle), gave_up);
    // The `_within` forms run under the budget they are given, not the spec's.
    let free = generate_within(&spec, &mut SeededRng::new(1), &Budget::default());
    assert_eq!(free, generate(&Spec::new(6, 6), &mut SeededRng::new(1)));
    assert_eq!(generate_within(&Spec::new(6, 6), &mut SeededRng::new(1), &cancelled), gave_up);
}
