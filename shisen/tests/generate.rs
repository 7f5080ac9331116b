//! Long generation stops when its budget says so.

use std::time::{Duration, Instant};

use engine::{Budget, CancelToken, SeededRng, StopReason};
use shisen::generate::{GenerateError, Spec, generate_within};

#[test]
fn a_generation_cancelled_from_another_thread_stops_within_50_ms() {
    // The largest deal: it takes most of a second or more to build.
    let spec = Spec::default().with_size(100, 100);
    let cancel = CancelToken::new();
    let budget = Budget::default().with_cancel(cancel.clone());
    let run = std::thread::spawn(move || generate_within(&spec, &mut SeededRng::new(3), &budget));
    std::thread::sleep(Duration::from_millis(100));
    assert!(!run.is_finished(), "the generation must still be running when cancelled");
    let start = Instant::now();
    cancel.cancel();
    let result = run.join().unwrap();
    let took = start.elapsed();
    assert!(took < Duration::from_millis(50), "stopped {took:?} after the cancel");
    assert_eq!(result, Err(GenerateError::GaveUp(StopReason::Cancelled)));
}

#[test]
fn a_time_limit_stops_generation() {
    let budget = Budget::default().with_time_limit(Duration::from_millis(20));
    let spec = Spec::default().with_size(100, 100).with_gravity(true);
    let start = Instant::now();
    let result = generate_within(&spec, &mut SeededRng::new(3), &budget);
    assert_eq!(result, Err(GenerateError::GaveUp(StopReason::TimeLimit)));
    assert!(start.elapsed() < Duration::from_millis(200));
}

#[test]
fn a_budget_that_does_not_run_out_changes_nothing() {
    let spec = Spec::default().with_size(14, 6).with_gravity(true);
    let unlimited = shisen::generate::generate(&spec, &mut SeededRng::new(9)).unwrap();
    let budget = Budget::default().with_time_limit(Duration::from_secs(60));
    assert_eq!(generate_within(&spec, &mut SeededRng::new(9), &budget).unwrap(), unlimited);
}
