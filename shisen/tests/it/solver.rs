//! Property tests: the solver against brute force on tiny boards, every witness replayed.

use std::time::{Duration, Instant};

use engine::{Budget, CancelToken, Outcome, SeededRng, StopReason};
use proptest::prelude::*;
use shisen::Board;
use shisen::solver::{self, Answer, Options};

/// The solver's answer with the default budget, `None` when it gave up.
fn answer(board: &Board, gravity: bool) -> Option<Answer> {
    let report = solver::solve(board, &Options::default().with_gravity(gravity));
    assert!(!matches!(report.outcome, Outcome::Found(_)), "the solver proves what it answers");
    report.outcome.into_answer()
}

/// A random `w` × `h` board holding `pairs` pairs of up to `kinds` kinds.
fn tiny_board(w: usize, h: usize, pairs: usize, kinds: usize, seed: u64) -> Board {
    let mut rng = SeededRng::new(seed);
    let mut tokens: Vec<&str> = vec!["."; w * h];
    for p in 0..pairs.min(w * h / 2) {
        let label = ["A", "B", "C", "D"][p % kinds];
        tokens[2 * p] = label;
        tokens[2 * p + 1] = label;
    }
    rng.shuffle(&mut tokens);
    let rows: Vec<String> = tokens.chunks(w).map(|r| r.join(" ")).collect();
    rows.join("\n").parse().unwrap()
}

fn check(board: &Board, gravity: bool) -> Result<(), TestCaseError> {
    let answer = answer(board, gravity);
    let brute = solver::brute_force(board, gravity);
    match (&answer, &brute) {
        (Some(Answer::Solvable(moves)), Some(_)) => {
            let end = solver::replay(board, gravity, moves);
            prop_assert!(end.as_ref().is_ok_and(Board::is_cleared), "{:?} on\n{}", end, board);
        }
        (Some(Answer::Unsolvable), None) => {}
        _ => prop_assert!(false, "solver {:?}, brute force {:?}, gravity {}, on\n{}", answer, brute, gravity, board),
    }
    if let Some(moves) = brute {
        prop_assert!(solver::replay(board, gravity, &moves).is_ok_and(|b| b.is_cleared()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    #[test]
    fn solver_agrees_with_brute_force(w in 2usize..6, h in 2usize..5, pairs in 1usize..5, kinds in 1usize..4, seed: u64, gravity: bool) {
        check(&tiny_board(w, h, pairs, kinds, seed), gravity)?;
    }

    #[test]
    fn full_tiny_boards(w in 2usize..5, h in 2usize..4, kinds in 1usize..4, seed: u64, gravity: bool) {
        prop_assume!(w * h <= 10 && (w * h) % 2 == 0);
        check(&tiny_board(w, h, w * h / 2, kinds, seed), gravity)?;
    }
}

#[test]
fn the_ab_ba_deadlock_is_unsolvable() {
    let board: Board = "A B\nB A".parse().unwrap();
    for gravity in [false, true] {
        assert_eq!(answer(&board, gravity), Some(Answer::Unsolvable));
        assert_eq!(solver::brute_force(&board, gravity), None);
    }
}

#[test]
fn random_full_deals_are_decided_and_witnesses_replay() {
    let mut decided = 0;
    for seed in 0..6 {
        let mut rng = SeededRng::new(seed);
        let labels: Vec<String> = (0..12).map(|k| format!("k{k}")).collect();
        let mut tokens: Vec<&str> = labels.iter().flat_map(|l| std::iter::repeat_n(l.as_str(), 4)).collect();
        rng.shuffle(&mut tokens);
        let rows: Vec<String> = tokens.chunks(8).map(|r| r.join(" ")).collect();
        let board: Board = rows.join("\n").parse().unwrap();
        for gravity in [false, true] {
            match answer(&board, gravity) {
                Some(Answer::Solvable(moves)) => {
                    assert!(solver::replay(&board, gravity, &moves).unwrap().is_cleared());
                    decided += 1;
                }
                Some(Answer::Unsolvable) => decided += 1,
                None => {}
            }
        }
    }
    assert_eq!(decided, 12);
}

#[test]
fn generated_deals_are_confirmed_by_the_solver() {
    for seed in 0..4 {
        for gravity in [false, true] {
            let spec = shisen::generate::Spec::new(8, 4).with_gravity(gravity);
            let deal = shisen::generate::generate(&spec, &mut SeededRng::new(seed)).unwrap();
            let (board, witness) = (deal.board, deal.witness.unwrap());
            assert!(solver::replay(&board, gravity, &witness).unwrap().is_cleared());
            let Some(Answer::Solvable(moves)) = answer(&board, gravity) else {
                panic!("seed {seed} gravity {gravity}:\n{board}");
            };
            assert!(solver::replay(&board, gravity, &moves).unwrap().is_cleared());
        }
    }
}

/// A 30x16 board that cannot be cleared under gravity: X Y / Y X in the bottom-left corner
/// never moves and never connects, and every other tile sits on or under its partner in its
/// column. Those 238 pairs can go in any order (2^238 positions), but the frozen-tile
/// fixpoint proves at the root that the corner never goes.
fn hopeless_under_gravity() -> Board {
    let (w, h) = (30, 16);
    let mut rows = vec![vec![String::new(); w]; h];
    let cells = (0..w).flat_map(|x| (0..if x < 2 { h - 2 } else { h }).step_by(2).map(move |y| (x, y)));
    for (kind, (x, y)) in cells.enumerate() {
        rows[y][x] = format!("k{kind}");
        rows[y + 1][x] = format!("k{kind}");
    }
    for (x, y, label) in [(0, 14, "X"), (1, 14, "Y"), (0, 15, "Y"), (1, 15, "X")] {
        rows[y][x] = label.to_string();
    }
    let text: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    text.join("\n").parse().unwrap()
}

/// A random 24x12 deal (seed 1) that is lost under gravity, but not by the frozen-tile
/// fixpoint at the root nor by probing pairings: the search then meets millions of positions.
fn undecided_under_gravity() -> Board {
    let spec = shisen::generate::Spec::new(24, 12).with_gravity(true);
    shisen::generate::deal_any(&spec, &mut SeededRng::new(1)).unwrap()
}

#[test]
fn a_frozen_corner_is_proven_lost_at_once() {
    let report = solver::solve(&hopeless_under_gravity(), &Options::default().with_gravity(true));
    assert_eq!(report.outcome, Outcome::Proved(Answer::Unsolvable));
    assert_eq!(report.stats.nodes, 1);
}

/// Starts [`solver::solve`] on another thread with a cancel token and a progress callback,
/// waits for its first progress report after [`RUNNING`] of search (deep in the search),
/// cancels it from this thread, and returns the report, the nodes of that progress report and how long the
/// search took to stop. The waits allow seconds, not milliseconds: a loaded machine makes
/// them slower, not wrong; that the search was still running when cancelled is shown by
/// the outcome (a search that finished would not say `Cancelled`).
fn cancel_while_running(board: Board, gravity: bool) -> (solver::Solution, u64, Duration) {
    let cancel = CancelToken::new();
    let (seen, heard) = std::sync::mpsc::channel();
    let budget = Budget::default().with_cancel(cancel.clone()).with_progress(move |p| {
        if p.elapsed >= RUNNING {
            let _ = seen.send(p.nodes);
        }
    });
    let options = Options::default().with_gravity(gravity).with_budget(budget);
    let search = std::thread::spawn(move || solver::solve(&board, &options));
    let nodes = heard.recv_timeout(Duration::from_secs(60)).expect("the search ended before it had run for RUNNING");
    let start = Instant::now();
    cancel.cancel();
    let report = search.join().unwrap();
    (report, nodes, start.elapsed())
}

/// How long the searches run before they are cancelled: long enough to be deep in the
/// search (the deals below take seconds to minutes to decide).
const RUNNING: Duration = Duration::from_millis(300);

/// Solves `board` with a progress callback that cancels the search itself at its first
/// report after [`RUNNING`]; the report and the nodes counted at that moment. No thread
/// and no clock in the assertion.
fn cancel_at_first_progress(board: &Board, gravity: bool) -> (solver::Solution, u64) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    let cancel = CancelToken::new();
    let at = Arc::new(AtomicU64::new(u64::MAX));
    let (token, seen) = (cancel.clone(), at.clone());
    let budget = Budget::default().with_cancel(cancel).with_progress(move |p| {
        if p.elapsed >= RUNNING && !token.is_cancelled() {
            seen.store(p.nodes, Ordering::SeqCst);
            token.cancel();
        }
    });
    let report = solver::solve(board, &Options::default().with_gravity(gravity).with_budget(budget));
    (report, at.load(Ordering::SeqCst))
}

/// How many nodes a search may count after its cancel: it reads the token at least every
/// 16 nodes (`CHECK_CLOCK_EVERY` in `src/solver/common.rs`, and at every node while it
/// probes pairings), and each call that finds the search stopped still counts its node on
/// the way out (without gravity, the greedy games left to run: 18 nodes on the deal below).
/// So the latency of a cancel is a few nodes, whatever the load of the machine.
const NODES_TO_NOTICE: u64 = 64;

#[test]
fn a_search_cancelled_from_another_thread_stops() {
    let (report, seen, took) = cancel_while_running(undecided_under_gravity(), true);
    let Outcome::GaveUp { reason, proven } = report.outcome else { panic!("{:?}", report.outcome) };
    assert_eq!(reason, StopReason::Cancelled);
    assert!(report.stats.nodes >= seen, "{} nodes, {seen} seen before the cancel", report.stats.nodes);
    assert!(took < Duration::from_secs(10), "stopped {took:?} after the cancel");
    // What it found is a real line of play.
    let end = solver::replay(&undecided_under_gravity(), true, &proven.removals).unwrap();
    assert_eq!(end.tile_count(), proven.tiles_left);
    assert!(proven.tiles_left >= 4);
}

#[test]
fn a_cancelled_search_with_gravity_stops_within_a_few_nodes() {
    let (report, at) = cancel_at_first_progress(&undecided_under_gravity(), true);
    assert!(matches!(report.outcome, Outcome::GaveUp { reason: StopReason::Cancelled, .. }), "{:?}", report.outcome);
    assert!(at != u64::MAX, "no progress report");
    assert!(report.stats.nodes <= at + NODES_TO_NOTICE, "{} nodes, cancelled at {at}", report.stats.nodes);
}

#[test]
fn progress_reports_the_fewest_tiles_left() {
    use std::sync::{Arc, Mutex};
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let budget = Budget::default().with_node_limit(20_000).with_progress(move |p| log.lock().unwrap().push(p.best));
    let report = solver::solve(&undecided_under_gravity(), &Options::default().with_gravity(true).with_budget(budget));
    let Outcome::GaveUp { reason: StopReason::NodeLimit, proven } = report.outcome else { panic!() };
    let best: Vec<u64> = seen.lock().unwrap().iter().flatten().copied().collect();
    assert!(best.windows(2).all(|w| w[1] <= w[0]), "{best:?}");
    assert_eq!(best.last().copied(), Some(proven.tiles_left as u64));
}

#[test]
fn a_zero_time_limit_gives_up_at_once() {
    let board: Board = "A B\nA B".parse().unwrap();
    let budget = Budget::default().with_time_limit(Duration::ZERO);
    let report = solver::solve(&board, &Options::default().with_budget(budget));
    assert!(matches!(report.outcome, Outcome::GaveUp { reason: StopReason::TimeLimit, .. }));
}

/// A search without gravity that runs for seconds: a random full 30x16 deal of six copies
/// of each kind (the search probes pairings of classes of four, so six-tile classes keep it
/// busy).
fn busy_without_gravity() -> Board {
    let spec = shisen::generate::Spec::new(30, 16).with_copies(6);
    shisen::generate::deal_any(&spec, &mut SeededRng::new(0)).unwrap()
}

#[test]
fn a_search_without_gravity_cancelled_from_another_thread_stops() {
    let (report, seen, took) = cancel_while_running(busy_without_gravity(), false);
    assert!(matches!(report.outcome, Outcome::GaveUp { reason: StopReason::Cancelled, .. }), "{:?}", report.outcome);
    assert!(report.stats.nodes >= seen, "{} nodes, {seen} seen before the cancel", report.stats.nodes);
    assert!(took < Duration::from_secs(10), "stopped {took:?} after the cancel");
}

#[test]
fn a_cancelled_search_without_gravity_stops_within_a_few_nodes() {
    let (report, at) = cancel_at_first_progress(&busy_without_gravity(), false);
    assert!(matches!(report.outcome, Outcome::GaveUp { reason: StopReason::Cancelled, .. }), "{:?}", report.outcome);
    assert!(at != u64::MAX, "no progress report");
    assert!(report.stats.nodes <= at + NODES_TO_NOTICE, "{} nodes, cancelled at {at}", report.stats.nodes);
}
