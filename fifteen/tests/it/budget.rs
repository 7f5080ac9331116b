//! The solver under `engine::Budget`: cancelled from another thread, it stops soon and says
//! so, with the lower bound it proved; cancelled at the start, within one check of the
//! token.

use std::time::{Duration, Instant};

use engine::{Budget, CancelToken, Outcome, StopReason};
use fifteen::{Board, Goal, Heuristic, Options, Puzzle, solve};

/// The reversed 15-puzzle with Manhattan distance alone: minutes of search.
fn a_long_search(budget: Budget) -> (Puzzle, Options) {
    let board = Board::parse_line("0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1", None).unwrap();
    let puzzle = Puzzle::with_goal(board, &Goal::BlankLast).unwrap();
    (puzzle, Options::default().with_heuristic(Heuristic::Manhattan).with_budget(budget))
}

/// Cancelled from another thread while it runs, the search stops and says so, with the
/// lower bound it proved. The margin (2 s for a check every `CHECK_EVERY` nodes of a few
/// microseconds) holds on a loaded machine: the latency itself is a bench's measure, and
/// the cadence is checked by node count below.
#[test]
fn a_cancelled_search_stops_and_says_so() {
    let token = CancelToken::new();
    let (puzzle, options) = a_long_search(Budget::default().with_cancel(token.clone()));
    let search = std::thread::spawn(move || solve(&puzzle, &options).unwrap());
    std::thread::sleep(Duration::from_millis(200));
    let cancelled = Instant::now();
    token.cancel();
    let report = search.join().unwrap();
    let took = cancelled.elapsed();
    assert!(took < Duration::from_secs(2), "stopped {took:?} after the cancel");
    let Outcome::GaveUp { reason: StopReason::Cancelled, proven } = report.outcome else {
        panic!("{:?}", report.outcome)
    };
    // At least the Manhattan distance of the start (the first iteration's bound).
    assert!(proven >= 58, "{proven}");
    assert!(report.stats.nodes > 0);
}

/// The cancel token is read every `CHECK_EVERY` nodes: a search cancelled before it starts
/// stops before it has searched more, whatever the machine's load.
#[test]
fn a_search_cancelled_at_the_start_stops_within_one_check() {
    let token = CancelToken::new();
    token.cancel();
    let (puzzle, options) = a_long_search(Budget::default().with_cancel(token));
    let report = solve(&puzzle, &options).unwrap();
    let Outcome::GaveUp { reason: StopReason::Cancelled, proven } = report.outcome else {
        panic!("{:?}", report.outcome)
    };
    assert!(proven >= 58, "{proven}");
    assert!(report.stats.nodes <= engine::budget::CHECK_EVERY, "{} nodes", report.stats.nodes);
}

#[test]
fn the_fast_solver_and_a_generous_budget_answer() {
    let board = Board::parse_line("8 6 7 2 5 4 3 0 1", None).unwrap();
    let puzzle = Puzzle::with_goal(board, &Goal::BlankLast).unwrap();
    let budget = Budget::default().with_time_limit(Duration::from_secs(60)).with_node_limit(10_000_000);
    let optimal = solve(&puzzle, &Options::default().with_budget(budget)).unwrap();
    assert!(matches!(optimal.outcome, Outcome::Proved(_)));
    let fast = solve(&puzzle, &Options::default().with_fast(true)).unwrap();
    assert!(matches!(fast.outcome, Outcome::Found(_)));
}

#[test]
fn a_cancelled_pattern_database_build_stops_after_its_round() {
    use fifteen::pdb::{PatternDb, PdbError, default_partition};
    let token = CancelToken::new();
    let budget = Budget::default().with_cancel(token.clone());
    let build = std::thread::spawn(move || {
        PatternDb::build_within(4, 4, 15, &default_partition(4, 4, 15), &budget, &mut |_, _| {})
    });
    std::thread::sleep(Duration::from_millis(100));
    let cancelled = Instant::now();
    token.cancel();
    let built = build.join().unwrap();
    // Read after every round of a layer (at most 4M placements): well under a second on a
    // quiet machine; the margin holds on a loaded one.
    assert!(cancelled.elapsed() < Duration::from_secs(5), "{:?}", cancelled.elapsed());
    assert_eq!(built.unwrap_err(), PdbError::Stopped(StopReason::Cancelled));
}
