//! Running solver and generator calls off the async threads: a bounded pool, a bounded
//! queue, a deadline for every call and a cancel token that fires when the client goes
//! away (the handler's future is dropped).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use engine::CancelToken;
use tokio::sync::Semaphore;

use crate::api::ApiError;

/// What one call may spend: a deadline and a cancel token. Today's game crates take the
/// deadline (each in its own vocabulary, see the game modules); the token is cancelled
/// when the client goes away, for the solvers that take an `engine::Budget`
/// (`Budget::unlimited().with_deadline(limits.deadline).with_cancel(limits.cancel.clone())`).
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    pub(crate) deadline: Instant,
    pub(crate) cancel: CancelToken,
}

impl Limits {
    pub(crate) fn new(time: Duration) -> Self {
        Limits { deadline: Instant::now() + time, cancel: CancelToken::new() }
    }

    /// The time left before the deadline.
    pub(crate) fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }
}

/// The pool: `max_running` permits, `max_waiting` places in the queue.
pub(crate) struct Jobs {
    running: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
    time: Duration,
}

/// Cancels the token when dropped unless disarmed: a handler dropped half-way (the client
/// went away) cancels its call.
struct CancelOnDrop(Option<CancelToken>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(token) = self.0.take() {
            token.cancel();
        }
    }
}

/// Gives a queue place back when dropped.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Jobs {
    pub(crate) fn new(max_running: usize, max_waiting: usize, time: Duration) -> Self {
        Jobs { running: Arc::new(Semaphore::new(max_running.max(1))), waiting: AtomicUsize::new(0), max_waiting, time }
    }

    /// Runs a solver or generator call on the pool, under [`Limits`]; `503` when the queue
    /// is full or no thread frees up in time, `500` when the call panics.
    pub(crate) async fn heavy<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    {
        let permit = {
            let queued = Waiting(&self.waiting);
            if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
                drop(queued);
                return Err(ApiError::busy());
            }
            let permit = tokio::time::timeout(self.time, Arc::clone(&self.running).acquire_owned()).await;
            drop(queued);
            match permit {
                Ok(Ok(permit)) => permit,
                _ => return Err(ApiError::busy()),
            }
        };
        let limits = Limits::new(self.time);
        let mut guard = CancelOnDrop(Some(limits.cancel.clone()));
        // The permit moves into the thread: it is given back when the call really ends,
        // even when the client has gone away.
        let result = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job(&limits)
        })
        .await;
        guard.0 = None;
        result.map_err(|_| ApiError::internal())?
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
