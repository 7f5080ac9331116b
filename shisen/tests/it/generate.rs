//! Long generation stops when its budget says so.

use std::time::{Duration, Instant};

use engine::{Budget, CancelToken, SeededRng, StopReason};
use shisen::generate::{GenerateError, Spec, generate_within};

/// The generation of the largest deal on another thread, cancelled from this one once it
/// has reported progress after 100 ms of work (it is under way). The waits allow seconds, not milliseconds: a
/// loaded machine makes them slower, not wrong; that the generation was still running when
/// cancelled is shown by its result.
#[test]
fn a_generation_cancelled_from_another_thread_stops() {
    // The largest deal: it takes most of a second or more to build.
    let spec = Spec::new(100, 100);
    let cancel = CancelToken::new();
    let (seen, heard) = std::sync::mpsc::channel();
    let budget = Budget::default().with_cancel(cancel.clone()).with_progress(move |p| {
        if p.elapsed >= Duration::from_millis(100) {
            let _ = seen.send(p.nodes);
        }
    });
    let run = std::thread::spawn(move || generate_within(&spec, &mut SeededRng::new(3), &budget));
    heard.recv_timeout(Duration::from_secs(60)).expect("the generation ended within 100 ms");
    let start = Instant::now();
    cancel.cancel();
    let result = run.join().unwrap();
    let took = start.elapsed();
    assert_eq!(result, Err(GenerateError::GaveUp(StopReason::Cancelled)));
    assert!(took < Duration::from_secs(10), "stopped {took:?} after the cancel");
}

#[test]
fn a_time_limit_stops_generation() {
    let budget = Budget::default().with_time_limit(Duration::from_millis(20));
    let spec = Spec::new(100, 100).with_gravity(true);
    let start = Instant::now();
    let result = generate_within(&spec, &mut SeededRng::new(3), &budget);
    assert_eq!(result, Err(GenerateError::GaveUp(StopReason::TimeLimit)));
    // Seconds, not milliseconds: the limit is read within a few nodes, the machine may be busy.
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_budget_that_does_not_run_out_changes_nothing() {
    let spec = Spec::new(14, 6).with_gravity(true);
    let unlimited = shisen::generate::generate(&spec, &mut SeededRng::new(9)).unwrap();
    let budget = Budget::default().with_time_limit(Duration::from_secs(60));
    assert_eq!(generate_within(&spec, &mut SeededRng::new(9), &budget).unwrap(), unlimited);
}
