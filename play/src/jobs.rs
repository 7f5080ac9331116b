//! Running solver and generator calls off the async threads: a bounded pool, a bounded
//! queue, and an `engine::Budget` for every call: a deadline, and a cancel token that
//! fires when the client goes away (the handler's future is dropped), so the search stops
//! and gives its thread back.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use engine::{Budget, CancelToken};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The budget of one call: `time` from now, and a cancel token that fires when the call's
/// handler ends (the client went away, or the answer is sent). Every solver and generator
/// of the game crates reads both.
fn budget(time: Duration, cancel: &CancelToken) -> Budget {
    Budget::unlimited().with_deadline(Instant::now() + time).with_cancel(cancel.clone())
}

/// How long after the deadline a call is given up on.
const GRACE: Duration = Duration::from_secs(1);

/// The pool: `max_running` permits, `max_waiting` places in the queue.
pub(crate) struct Jobs {
    running: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
}

/// Gives a queue place back when dropped.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Jobs {
    pub(crate) fn new(max_running: usize, max_waiting: usize) -> Self {
        Jobs { running: Arc::new(Semaphore::new(max_running.max(1))), waiting: AtomicUsize::new(0), max_waiting }
    }

    /// Runs a solver or generator call on the pool, under a [`Budget`] of `time` whose
    /// cancel token fires when this future is dropped; `503` when the queue is full or no
    /// thread frees up within `time`, `504` when it runs a second past its deadline, `500`
    /// when it panics.
    pub(crate) async fn heavy<T, F>(&self, time: Duration, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> Result<T, ApiError> + Send + 'static,
    {
        let permit = {
            let queued = Waiting(&self.waiting);
            if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
                drop(queued);
                return Err(ApiError::busy());
            }
            let permit = tokio::time::timeout(time, Arc::clone(&self.running).acquire_owned()).await;
            drop(queued);
            match permit {
                Ok(Ok(permit)) => permit,
                _ => return Err(ApiError::busy()),
            }
        };
        let cancel = CancelToken::new();
        let budget = budget(time, &cancel);
        // Cancelled when this future ends for any reason: the answer is sent, the call ran
        // out of time, or the client went away and the handler was dropped. The search
        // then stops within a few microseconds of work and gives its thread back.
        let _cancel = cancel.cancel_on_drop();
        // The permit moves into the thread: it is given back when the call really ends,
        // even when the client has gone away.
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job(&budget)
        });
        // Searches stop at the deadline; one that overruns it anyway is answered `504` a
        // moment later (its token is cancelled then) and finishes on its thread.
        let result = tokio::time::timeout(time + GRACE, task).await;
        match result {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => Err(ApiError::internal()),
            Err(_) => Err(ApiError::timeout(time)),
        }
    }

    /// Runs a quick call (a move, a rule check) on a blocking thread so that a panic in it
    /// becomes a `500`, never a dead server.
    pub(crate) async fn quick<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        tokio::task::spawn_blocking(job).await.map_err(|_| ApiError::internal())?
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use engine::StopReason;

    use super::*;

    /// A search that runs until its budget stops it, and says why and when.
    fn endless(budget: &Budget, stopped: &mpsc::Sender<(StopReason, Instant)>) {
        let mut meter = budget.start();
        while !meter.tick() {}
        let _ = stopped.send((meter.stopped().unwrap_or(StopReason::NodeLimit), Instant::now()));
    }

    #[test]
    fn a_dropped_call_cancels_its_search_and_frees_its_thread() {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        let jobs = Jobs::new(1, 4);
        let (tx, rx) = mpsc::channel();
        runtime.block_on(async {
            let call = jobs.heavy(Duration::from_secs(60), move |budget| {
                endless(budget, &tx);
                Ok(())
            });
            // The client goes away after 50 ms: the handler's future is dropped.
            assert!(tokio::time::timeout(Duration::from_millis(50), call).await.is_err());
        });
        let dropped = Instant::now();
        let (reason, at) = rx.recv_timeout(Duration::from_secs(5)).expect("the search stops");
        assert_eq!(reason, StopReason::Cancelled);
        assert!(at.saturating_duration_since(dropped) < Duration::from_millis(50));
        // The one thread is free again: the next call runs at once.
        let next = runtime.block_on(jobs.heavy(Duration::from_secs(1), |_| Ok(7)));
        assert_eq!(next.unwrap(), 7);
    }

    #[test]
    fn a_call_stops_at_its_deadline() {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        let jobs = Jobs::new(1, 4);
        let (tx, rx) = mpsc::channel();
        let started = Instant::now();
        let answer = runtime.block_on(jobs.heavy(Duration::from_millis(100), move |budget| {
            endless(budget, &tx);
            Ok(())
        }));
        assert!(answer.is_ok());
        let (reason, at) = rx.recv().unwrap();
        assert_eq!(reason, StopReason::TimeLimit);
        assert!(at.duration_since(started) < Duration::from_millis(500));
    }
}
