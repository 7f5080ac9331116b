//! The one search budget of the workspace, and the result vocabulary every solver shares.
//!
//! Every search that can run long — the four solvers, and every generator that calls one —
//! takes a [`Budget`]: an optional node limit, an optional time limit, a [`CancelToken`]
//! another thread can trigger, and an optional progress callback. A search turns the budget
//! into a [`Meter`] with [`Budget::start`] and calls [`Meter::tick`] once per node; the
//! meter counts the node against the node limit at once, and reads the clock and the cancel
//! token every [`CHECK_EVERY`] nodes, so a cancelled search stops within a few
//! microseconds of work.
//!
//! The cadence assumes nodes of a few microseconds. A search whose nodes can cost much
//! more (shisen's probing nodes on a 30x16 deal take milliseconds; 1024 of them took 164 ms
//! to notice a cancel) calls [`Meter::check`] itself at those nodes, so that a cancel or a
//! time limit is seen within a few milliseconds there too.
//!
//! What a search answers is a [`Report`]: an [`Outcome`] and the [`Stats`] it spent. The
//! outcome is one of three words every game uses alike:
//!
//! * [`Outcome::Proved`] — the answer, and it is proven: the optimal solution, the exact
//!   verdict (solvable / unsolvable, unique / multiple / none).
//! * [`Outcome::Found`] — a valid answer that is not proven best (a fast, suboptimal
//!   solver).
//! * [`Outcome::GaveUp`] — the budget ran out (the [`StopReason`] says which limit) before
//!   an answer was proven; `proven` holds what the search did establish (a lower bound, the
//!   best answer found so far), in a type of the game's own.
//!
//! ```
//! use engine::{Budget, CancelToken, StopReason};
//!
//! let cancel = CancelToken::new();
//! let budget = Budget::default().with_node_limit(1_000_000).with_cancel(cancel.clone());
//! let mut meter = budget.start();
//! // Another thread (here: this one) cancels the search…
//! cancel.cancel();
//! let mut nodes = 0;
//! while !meter.tick() {
//!     nodes += 1;
//! }
//! // …and the meter says so within CHECK_EVERY nodes.
//! assert!(nodes < engine::budget::CHECK_EVERY);
//! assert_eq!(meter.stopped(), Some(StopReason::Cancelled));
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

pub use crate::outcome::{Outcome, Report, Stats, StopReason};

/// How many nodes a running search counts between two reads of the clock and of the cancel
/// token (a power of two: the check is a mask test).
pub const CHECK_EVERY: u64 = 1024;

/// How often, at most, the progress callback is called during a search.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// A flag that stops the searches holding it: cheap to clone (one shared atomic), and
/// [`cancel`](Self::cancel) may be called from any thread.
///
/// ```
/// let token = engine::CancelToken::new();
/// let seen_by_search = token.clone();
/// std::thread::spawn(move || token.cancel()).join().unwrap();
/// assert!(seen_by_search.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token that is not cancelled.
    ///
    /// ```
    /// assert!(!engine::CancelToken::new().is_cancelled());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        CancelToken::default()
    }

    /// Asks every search holding a clone of this token to stop.
    ///
    /// ```
    /// let token = engine::CancelToken::new();
    /// token.cancel();
    /// assert!(token.is_cancelled());
    /// ```
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](Self::cancel) was called on this token or one of its clones.
    ///
    /// ```
    /// assert!(!engine::CancelToken::new().is_cancelled());
    /// ```
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// A guard that cancels this token when it is dropped (see [`CancelOnDrop`]).
    ///
    /// ```
    /// let token = engine::CancelToken::new();
    /// {
    ///     let _guard = token.cancel_on_drop();
    ///     assert!(!token.is_cancelled());
    /// }
    /// assert!(token.is_cancelled());
    /// ```
    pub fn cancel_on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(self.clone())
    }
}

/// Cancels its [`CancelToken`] when dropped: the searches started for a caller stop when the
/// caller's scope ends for any reason (it returned, it panicked, or its future was dropped
/// half-way because the client went away).
///
/// ```
/// use engine::{Budget, CancelToken, StopReason};
/// let token = CancelToken::new();
/// let budget = Budget::default().with_cancel(token.clone());
/// let search = std::thread::spawn(move || {
///     let mut meter = budget.start();
///     while !meter.tick() {}
///     meter.stopped()
/// });
/// drop(token.cancel_on_drop()); // the caller is gone
/// assert_eq!(search.join().unwrap(), Some(StopReason::Cancelled));
/// ```
#[derive(Debug)]
#[must_use = "the token is cancelled as soon as the guard is dropped"]
pub struct CancelOnDrop(CancelToken);

impl CancelOnDrop {
    /// A guard for `token` (the same as [`CancelToken::cancel_on_drop`]).
    ///
    /// ```
    /// let token = engine::CancelToken::new();
    /// drop(engine::budget::CancelOnDrop::new(token.clone()));
    /// assert!(token.is_cancelled());
    /// ```
    pub fn new(token: CancelToken) -> CancelOnDrop {
        CancelOnDrop(token)
    }

    /// The token the guard cancels.
    ///
    /// ```
    /// let guard = engine::CancelToken::new().cancel_on_drop();
    /// assert!(!guard.token().is_cancelled());
    /// ```
    #[must_use]
    pub fn token(&self) -> &CancelToken {
        &self.0
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// What a running search reports to the progress callback.
///
/// ```
/// let p = engine::Progress { nodes: 5, elapsed: std::time::Duration::ZERO, bound: Some(3), best: None };
/// assert_eq!(p.bound, Some(3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The search's current bound (an IDA* threshold, a proven lower bound), if it has one.
    pub bound: Option<u64>,
    /// The best answer found so far (a length, a number of moves), if any.
    pub best: Option<u64>,
}

/// The progress callback's type: shared by the threads of a search.
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// The limits of one search: nodes, time, a cancel token and a progress callback. `Default`
/// is unlimited, never cancelled, silent.
///
/// ```
/// use std::time::Duration;
/// let budget = engine::Budget::default().with_time_limit(Duration::from_secs(2)).with_node_limit(10);
/// assert_eq!(budget.node_limit(), Some(10));
/// assert_eq!(budget.time_limit(), Some(Duration::from_secs(2)));
/// ```
#[derive(Clone, Default)]
pub struct Budget {
    node_limit: Option<u64>,
    time_limit: Option<Duration>,
    deadline: Option<Instant>,
    cancel: CancelToken,
    progress: Option<ProgressFn>,
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("node_limit", &self.node_limit)
            .field("time_limit", &self.time_limit)
            .field("deadline", &self.deadline)
            .field("cancelled", &self.cancel.is_cancelled())
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Budget {
    /// No limit at all (the same as `Budget::default()`).
    ///
    /// ```
    /// assert_eq!(engine::Budget::unlimited().node_limit(), None);
    /// ```
    #[must_use]
    pub fn unlimited() -> Self {
        Budget::default()
    }

    /// The same budget, stopping after `nodes` nodes.
    ///
    /// ```
    /// assert_eq!(engine::Budget::default().with_node_limit(7).node_limit(), Some(7));
    /// ```
    #[must_use]
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = Some(nodes);
        self
    }

    /// The same budget, stopping `time` after each [`start`](Self::start).
    ///
    /// ```
    /// let b = engine::Budget::default().with_time_limit(std::time::Duration::from_millis(5));
    /// assert_eq!(b.time_limit(), Some(std::time::Duration::from_millis(5)));
    /// ```
    #[must_use]
    pub fn with_time_limit(mut self, time: Duration) -> Self {
        self.time_limit = Some(time);
        self
    }

    /// The same budget, stopping at the instant `deadline` whenever it is started (for a
    /// caller that splits one time limit over several searches).
    ///
    /// ```
    /// let b = engine::Budget::default().with_deadline(std::time::Instant::now());
    /// assert!(b.start().check());
    /// ```
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// The same budget, stopped by `token`.
    ///
    /// ```
    /// let token = engine::CancelToken::new();
    /// let b = engine::Budget::default().with_cancel(token.clone());
    /// token.cancel();
    /// assert!(b.cancel_token().is_cancelled());
    /// ```
    #[must_use]
    pub fn with_cancel(mut self, token: CancelToken) -> Self {
        self.cancel = token;
        self
    }

    /// The same budget, calling `report` at most every [`PROGRESS_EVERY`] while a search
    /// runs, and whenever its bound or best answer changes.
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// let log = seen.clone();
    /// let budget = engine::Budget::default().with_progress(move |p| log.lock().unwrap().push(p.bound));
    /// let mut meter = budget.start();
    /// meter.set_bound(4);
    /// assert_eq!(*seen.lock().unwrap(), vec![Some(4)]);
    /// ```
    #[must_use]
    pub fn with_progress(mut self, report: impl Fn(&Progress) + Send + Sync + 'static) -> Self {
        self.progress = Some(Arc::new(report));
        self
    }

    /// The node limit, if any.
    ///
    /// ```
    /// assert_eq!(engine::Budget::default().node_limit(), None);
    /// ```
    #[must_use]
    pub fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// The time limit, if any.
    ///
    /// ```
    /// assert_eq!(engine::Budget::default().time_limit(), None);
    /// ```
    #[must_use]
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The cancel token.
    ///
    /// ```
    /// assert!(!engine::Budget::default().cancel_token().is_cancelled());
    /// ```
    #[must_use]
    pub fn cancel_token(&self) -> &CancelToken {
        &self.cancel
    }

    /// Starts a search now: a [`Meter`] with nothing spent.
    ///
    /// ```
    /// let meter = engine::Budget::default().start();
    /// assert_eq!(meter.nodes(), 0);
    /// ```
    #[must_use]
    pub fn start(&self) -> Meter {
        let started = Instant::now();
        let by_time = self.time_limit.and_then(|t| started.checked_add(t));
        let deadline = match (by_time, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Meter {
            nodes: 0,
            node_limit: self.node_limit,
            started,
            deadline,
            cancel: self.cancel.clone(),
            progress: self.progress.clone(),
            next_report: started + PROGRESS_EVERY,
            bound: None,
            best: None,
            stopped: None,
        }
    }
}

/// A running search's account of its [`Budget`]: nodes spent, the clock, the cancel token.
///
/// ```
/// let mut meter = engine::Budget::default().with_node_limit(3).start();
/// assert!(!meter.tick() && !meter.tick() && !meter.tick());
/// assert!(meter.tick());
/// assert_eq!(meter.stopped(), Some(engine::StopReason::NodeLimit));
/// assert_eq!(meter.stats().nodes, 4);
/// ```
#[derive(Clone)]
pub struct Meter {
    nodes: u64,
    node_limit: Option<u64>,
    started: Instant,
    deadline: Option<Instant>,
    cancel: CancelToken,
    progress: Option<ProgressFn>,
    next_report: Instant,
    bound: Option<u64>,
    best: Option<u64>,
    stopped: Option<StopReason>,
}

impl fmt::Debug for Meter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Meter")
            .field("nodes", &self.nodes)
            .field("node_limit", &self.node_limit)
            .field("elapsed", &self.elapsed())
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

impl Meter {
    /// Counts one node; whether the search must stop. The node limit is tested at every
    /// node, the clock and the cancel token every [`CHECK_EVERY`] nodes. Once stopped, a
    /// meter stays stopped.
    ///
    /// ```
    /// let mut meter = engine::Budget::default().start();
    /// assert!(!meter.tick());
    /// assert_eq!(meter.nodes(), 1);
    /// ```
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped.is_some() {
            return true;
        }
        if self.node_limit.is_some_and(|n| self.nodes > n) {
            self.stopped = Some(StopReason::NodeLimit);
            return true;
        }
        if self.nodes & (CHECK_EVERY - 1) == 0 {
            return self.check();
        }
        false
    }

    /// Counts `n` nodes at once (work done elsewhere, such as a thread's share); whether
    /// the search must stop. Reads the clock.
    ///
    /// ```
    /// let mut meter = engine::Budget::default().with_node_limit(10).start();
    /// assert!(meter.add(11));
    /// ```
    pub fn add(&mut self, n: u64) -> bool {
        self.nodes += n;
        if self.stopped.is_none() && self.node_limit.is_some_and(|l| self.nodes > l) {
            self.stopped = Some(StopReason::NodeLimit);
        }
        self.check()
    }

    /// Reads the clock and the cancel token now (searches call this between iterations);
    /// whether the search must stop. Calls the progress callback when it is due.
    ///
    /// ```
    /// assert!(!engine::Budget::default().start().check());
    /// ```
    pub fn check(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if self.cancel.is_cancelled() {
            self.stopped = Some(StopReason::Cancelled);
            return true;
        }
        if self.node_limit.is_some_and(|n| self.nodes > n) {
            self.stopped = Some(StopReason::NodeLimit);
            return true;
        }
        if self.deadline.is_some() || self.progress.is_some() {
            let now = Instant::now();
            if self.deadline.is_some_and(|d| now >= d) {
                self.stopped = Some(StopReason::TimeLimit);
                return true;
            }
            if self.progress.is_some() && now >= self.next_report {
                self.next_report = now + PROGRESS_EVERY;
                self.report();
            }
        }
        false
    }

    /// Whether the meter has stopped, without counting or reading anything.
    ///
    /// ```
    /// assert!(!engine::Budget::default().start().is_stopped());
    /// ```
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// Why the search stopped, if it did.
    ///
    /// ```
    /// assert_eq!(engine::Budget::default().start().stopped(), None);
    /// ```
    #[must_use]
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// Stops the meter for `reason` (a search that decides to give up on its own terms).
    ///
    /// ```
    /// let mut meter = engine::Budget::default().start();
    /// meter.stop(engine::StopReason::Cancelled);
    /// assert!(meter.tick());
    /// ```
    pub fn stop(&mut self, reason: StopReason) {
        self.stopped.get_or_insert(reason);
    }

    /// Clears a [`StopReason::NodeLimit`] stop after the caller raised or removed the node
    /// limit with [`set_node_limit`](Self::set_node_limit) (a capped sub-search); other stops
    /// stay.
    ///
    /// ```
    /// let mut meter = engine::Budget::default().start();
    /// meter.set_node_limit(Some(0));
    /// assert!(meter.tick());
    /// meter.set_node_limit(None);
    /// meter.resume();
    /// assert!(!meter.tick());
    /// ```
    pub fn resume(&mut self) {
        if self.stopped == Some(StopReason::NodeLimit) && self.node_limit.is_none_or(|n| self.nodes <= n) {
            self.stopped = None;
        }
    }

    /// Nodes counted so far.
    ///
    /// ```
    /// assert_eq!(engine::Budget::default().start().nodes(), 0);
    /// ```
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The node limit in force.
    ///
    /// ```
    /// assert_eq!(engine::Budget::default().with_node_limit(4).start().node_limit(), Some(4));
    /// ```
    #[must_use]
    pub fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// Replaces the node limit (a search that caps a sub-search, then restores the limit).
    ///
    /// ```
    /// let mut meter = engine::Budget::default().start();
    /// meter.set_node_limit(Some(0));
    /// assert!(meter.tick());
    /// ```
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
    }

    /// Time since the search started.
    ///
    /// ```
    /// assert!(engine::Budget::default().start().elapsed() < std::time::Duration::from_secs(60));
    /// ```
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Records the search's current bound and reports it to the progress callback.
    ///
    /// ```
    /// let mut meter = engine::Budget::default().start();
    /// meter.set_bound(12);
    /// assert_eq!(meter.progress().bound, Some(12));
    /// ```
    pub fn set_bound(&mut self, bound: u64) {
        if self.bound != Some(bound) {
            self.bound = Some(bound);
            self.report();
        }
    }

    /// Records the best answer found so far and reports it to the progress callback.
    ///
    /// ```
    /// let mut meter = engine::Budget::default().start();
    /// meter.set_best(9);
    /// assert_eq!(meter.progress().best, Some(9));
    /// ```
    pub fn set_best(&mut self, best: u64) {
        if self.best != Some(best) {
            self.best = Some(best);
            self.report();
        }
    }

    /// The progress as it stands.
    ///
    /// ```
    /// assert_eq!(engine::Budget::default().start().progress().nodes, 0);
    /// ```
    #[must_use]
    pub fn progress(&self) -> Progress {
        Progress { nodes: self.nodes, elapsed: self.elapsed(), bound: self.bound, best: self.best }
    }

    fn report(&self) {
        if let Some(report) = &self.progress {
            report(&self.progress());
        }
    }

    /// A meter for one of `parts` threads of this search: an equal share of the nodes left,
    /// the same deadline, cancel token and progress callback, nothing counted yet. Add its
    /// nodes back with [`add`](Self::add) when the thread is done.
    ///
    /// ```
    /// let meter = engine::Budget::default().with_node_limit(100).start();
    /// assert_eq!(meter.share(4).node_limit(), Some(25));
    /// ```
    #[must_use]
    pub fn share(&self, parts: usize) -> Meter {
        let parts = parts.max(1) as u64;
        Meter {
            nodes: 0,
            node_limit: self.node_limit.map(|l| l.saturating_sub(self.nodes) / parts),
            stopped: None,
            ..self.clone()
        }
    }

    /// What the search spent: nodes and time.
    ///
    /// ```
    /// assert_eq!(engine::Budget::default().start().stats().nodes, 0);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        Stats { nodes: self.nodes, elapsed: self.elapsed() }
    }

    /// The outcome of a search that stopped: [`Outcome::GaveUp`] with the stop reason
    /// ([`StopReason::NodeLimit`] if the meter was not stopped) and what was `proven`.
    ///
    /// ```
    /// let mut meter = engine::Budget::default().with_node_limit(0).start();
    /// meter.tick();
    /// let outcome: engine::Outcome<(), u32> = meter.gave_up(5);
    /// assert_eq!(outcome, engine::Outcome::GaveUp { reason: engine::StopReason::NodeLimit, proven: 5 });
    /// ```
    #[must_use]
    pub fn gave_up<T, P>(&self, proven: P) -> Outcome<T, P> {
        Outcome::GaveUp { reason: self.stopped.unwrap_or(StopReason::NodeLimit), proven }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guard_cancels_every_clone_when_its_scope_ends_even_by_a_panic() {
        let token = CancelToken::new();
        let seen = token.clone();
        let guard = token.cancel_on_drop();
        assert!(!seen.is_cancelled() && !guard.token().is_cancelled());
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
            let _guard = guard;
            panic!("the caller fails");
        }));
        assert!(unwound.is_err());
        assert!(seen.is_cancelled() && token.is_cancelled());
        // A guard on a token that is already cancelled changes nothing.
        drop(CancelOnDrop::new(seen.clone()));
        assert!(seen.is_cancelled());
    }

    #[test]
    fn time_limit_stops_at_a_check() {
        let mut meter = Budget::default().with_time_limit(Duration::ZERO).start();
        let mut n = 0;
        while !meter.tick() {
            n += 1;
        }
        assert_eq!(n, CHECK_EVERY - 1);
        assert_eq!(meter.stopped(), Some(StopReason::TimeLimit));
    }

    #[test]
    fn progress_is_reported_while_running() {
        use std::sync::Mutex;
        let seen = Arc::new(Mutex::new(0u32));
        let log = seen.clone();
        let budget = Budget::default().with_progress(move |_| *log.lock().unwrap() += 1);
        let mut meter = budget.start();
        let end = Instant::now() + Duration::from_millis(350);
        while Instant::now() < end {
            meter.tick();
        }
        assert!(*seen.lock().unwrap() >= 2);
    }

    #[test]
    fn shares_split_the_nodes_left() {
        let mut meter = Budget::default().with_node_limit(100).start();
        meter.add(20);
        let share = meter.share(2);
        assert_eq!(share.node_limit(), Some(40));
        assert_eq!(share.nodes(), 0);
    }

    #[test]
    fn cancel_from_another_thread() {
        let token = CancelToken::new();
        let budget = Budget::default().with_cancel(token.clone());
        let handle = std::thread::spawn(move || {
            let mut meter = budget.start();
            while !meter.tick() {
                std::hint::black_box(meter.nodes());
            }
            meter.stopped()
        });
        std::thread::sleep(Duration::from_millis(10));
        token.cancel();
        assert_eq!(handle.join().unwrap(), Some(StopReason::Cancelled));
    }
}
