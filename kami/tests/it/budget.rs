//! The solver under an `engine::Budget`: cancelled from another thread, stopped by its
//! limits, reporting progress.

use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use engine::{Budget, CancelToken, Outcome, StopReason};
use kami::{Level, Options};

/// A deep level (190 regions, par 14) whose proof takes seconds.
fn deep() -> Level {
    let text = include_str!("../../benches/deep/k3-n190-seed10.txt");
    text.parse().unwrap()
}

/// How long a stopped search may take to return. A search reads its cancel token and the
/// clock every [`engine::budget::CHECK_EVERY`] nodes, a few milliseconds on a quiet machine; the
/// margin holds on a loaded one.
const STOPS_WITHIN: Duration = Duration::from_secs(10);

/// Nodes the search has counted when the test cancels it: far into the search (so the
/// cancel token is read in the middle of an iteration) and far from its end (its proof
/// takes millions of nodes), whatever the machine's speed.
const CANCEL_AFTER: u64 = 20_000;

#[test]
fn a_solve_cancelled_from_another_thread_stops_with_what_it_proved() {
    for threads in [1, 2] {
        let cancel = CancelToken::new();
        let (sender, nodes) = mpsc::channel();
        let budget = Budget::default().with_cancel(cancel.clone()).with_progress(move |p| {
            let _ = sender.send(p.nodes);
        });
        let options = Options::default().with_budget(budget).with_threads(threads);
        let level = deep();
        let handle = std::thread::spawn(move || kami::solve(&level, &options));
        // The progress callback reports the nodes at least every `engine::budget::PROGRESS_EVERY`.
        let under_way = nodes.iter().find(|&n| n >= CANCEL_AFTER);
        assert!(under_way.is_some(), "{threads} threads: the search ended before {CANCEL_AFTER} nodes");
        let start = Instant::now();
        cancel.cancel();
        let report = handle.join().unwrap().unwrap();
        let stopped = start.elapsed();
        let Outcome::GaveUp { reason, proven } = report.outcome else {
            panic!("{threads} threads: a cancelled search proved the level")
        };
        assert_eq!(reason, StopReason::Cancelled);
        assert!(stopped < STOPS_WITHIN, "{threads} threads: {stopped:?}");
        // What was proven still holds: a replayable best answer, no shorter than the bound.
        let best = proven.best.unwrap();
        assert!(proven.lower_bound as usize <= best.len());
        assert!(kami::game::is_solved(&kami::game::replay(&deep(), &best).unwrap()));
    }
}

#[test]
fn limits_stop_the_search_with_their_reason() {
    let level = deep();
    let nodes = Options::default().with_budget(Budget::default().with_node_limit(1_000));
    let report = kami::solve(&level, &nodes).unwrap();
    assert!(matches!(report.outcome, Outcome::GaveUp { reason: StopReason::NodeLimit, .. }));
    assert!(report.stats.nodes <= 1_001);
    let time = Options::default().with_budget(Budget::default().with_time_limit(Duration::from_millis(50)));
    let report = kami::solve(&level, &time).unwrap();
    assert!(matches!(report.outcome, Outcome::GaveUp { reason: StopReason::TimeLimit, .. }));
    assert!(report.stats.elapsed < STOPS_WITHIN);
}

#[test]
fn progress_reports_rising_bounds_and_the_final_par() {
    let level: Level = "0120120\n1201201\n2012012\n0120120\n".parse().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    let budget = Budget::default().with_progress(move |p| log.lock().unwrap().push(p.bound));
    let report = kami::solve(&level, &Options::default().with_budget(budget)).unwrap();
    let Outcome::Proved(moves) = report.outcome else { panic!("no limit") };
    let bounds: Vec<u64> = seen.lock().unwrap().iter().flatten().copied().collect();
    assert!(!bounds.is_empty());
    assert!(bounds.windows(2).all(|w| w[0] <= w[1]), "{bounds:?}");
    assert!(*bounds.last().unwrap() <= moves.len() as u64);
}
