//! The runner: seeds to entries on a rayon pool, handed over in seed order.

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::entry::{Entry, Made, PackError};
use super::plan::{Plan, Seeds};
use crate::{Budget, CancelToken, StopReason};

/// Where a run starts: what a resumed pack already holds.
#[derive(Clone, Debug)]
pub struct Start<K> {
    /// The canonical keys already in the pack.
    pub keys: HashSet<K>,
    /// Entries already in the pack, per label.
    pub counts: BTreeMap<String, u64>,
    /// The last seed the pack holds an entry for.
    pub after: Option<u64>,
}

impl<K> Default for Start<K> {
    fn default() -> Start<K> {
        Start { keys: HashSet::new(), counts: BTreeMap::new(), after: None }
    }
}

impl<K> Start<K> {
    /// Entries already in the pack.
    ///
    /// ```
    /// assert_eq!(engine::pack::Start::<u8>::default().entries(), 0);
    /// ```
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.counts.values().sum()
    }
}

/// What a run did: the summary of a pack.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Entries in the pack, resumed ones included.
    pub entries: u64,
    /// Entries this run added.
    pub added: u64,
    /// Seeds this run tried.
    pub tried: u64,
    /// Seeds whose puzzle repeated an earlier entry's (same canonical key).
    pub duplicates: u64,
    /// Seeds that gave no entry, per reason.
    pub skipped: BTreeMap<String, u64>,
    /// Entries of the pack per label (grade, par, length).
    pub counts: BTreeMap<String, u64>,
    /// The first seed this run did not try, if the plan has seeds left: where the pack
    /// would go on.
    pub next_seed: Option<u64>,
    /// Why the run stopped early (`None`: the plan is done).
    pub stopped: Option<StopReason>,
    /// Wall time of this run.
    pub elapsed: Duration,
}

/// A worker's answer for the `index`-th seed.
enum Done<E: Entry> {
    Entry(E, E::Key, String),
    Skipped(String),
    Stopped(StopReason),
    Failed(String),
}

/// Makes the pack `plan` from `start` under `budget`: `make` runs on a rayon pool of
/// `plan.threads` threads, and `emit` receives the entries in seed order, each canonical
/// key at most once (with the keys of `start`), as soon as every earlier seed is done.
/// `progress` sees the tally after each seed. The entries, and so a file written by
/// `emit`, do not depend on the number of threads.
///
/// The budget's deadline and cancel token stop the run: the entries before the first
/// seed not done are all emitted, and [`Tally::next_seed`] says where to go on. A seed
/// for which `make` fails stops the run with [`PackError::Make`].
///
/// # Errors
/// [`PackError::Make`] from `make`, [`PackError::Io`] from `emit` or the thread pool.
pub fn run<E: Entry>(
    plan: &Plan,
    start: Start<E::Key>,
    budget: &Budget,
    make: impl Fn(u64, &Budget) -> Made<E> + Sync,
    mut emit: impl FnMut(&E) -> std::io::Result<()>,
    mut progress: impl FnMut(&Tally),
) -> Result<Tally, PackError> {
    let began = Instant::now();
    let threads = plan.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|i| format!("pack-{i}"))
        .build()
        .map_err(|e| PackError::Io(format!("cannot start {threads} threads: {e}")))?;
    let Start { mut keys, counts, after } = start;
    let mut tally = Tally { entries: counts.values().sum(), counts, ..Tally::default() };
    let wanted = match plan.seeds {
        Seeds::Count { count, .. } if plan.quotas.is_empty() => Some(count),
        Seeds::Count { .. } => Some(plan.quotas.values().sum()),
        Seeds::Range(_) => None,
    };
    let full = |tally: &Tally| wanted.is_some_and(|w| tally.entries >= w);
    tally.next_seed = if full(&tally) { None } else { plan.seed_at(0, after) };
    if tally.next_seed.is_none() {
        tally.elapsed = began.elapsed();
        return Ok(tally);
    }

    // Workers stop on the pack's own token (cancelled when the pack is done or stopped);
    // the caller's token is watched here and passed on.
    let inner = CancelToken::new();
    let worker_budget = budget.clone().with_cancel(inner.clone());
    let next = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, u64, Done<E>)>();
    let mut failure = None;
    pool.in_place_scope(|scope| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let (next, done, make, worker_budget) = (&next, &done, &make, &worker_budget);
            scope.spawn(move |_| {
                while !done.load(Ordering::Acquire) {
                    let i = next.fetch_add(1, Ordering::AcqRel);
                    let Some(seed) = plan.seed_at(i, after) else { break };
                    let result = if budget.cancel_token().is_cancelled() {
                        Done::Stopped(StopReason::Cancelled)
                    } else {
                        make_one(seed, worker_budget, make)
                    };
                    if tx.send((i, seed, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting: BTreeMap<u64, (u64, Done<E>)> = BTreeMap::new();
        let mut want = 0u64;
        'receive: loop {
            let received = rx.recv_timeout(Duration::from_millis(50));
            if budget.cancel_token().is_cancelled() {
                inner.cancel();
            }
            match received {
                Ok((i, seed, result)) => {
                    waiting.insert(i, (seed, result));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            while let Some((seed, result)) = waiting.remove(&want) {
                want += 1;
                let taken = take(plan, &mut tally, &mut keys, seed, result, &mut emit);
                tally.next_seed = plan.seed_at(want, after);
                match taken {
                    Ok(true) if !full(&tally) && tally.next_seed.is_some() => progress(&tally),
                    Ok(stop) => {
                        if stop {
                            if full(&tally) {
                                tally.next_seed = None;
                            }
                            progress(&tally);
                        } else {
                            // The first seed not done: the pack goes on from here.
                            tally.next_seed = Some(seed);
                        }
                        break 'receive;
                    }
                    Err(e) => {
                        tally.next_seed = Some(seed);
                        failure = Some(e);
                        break 'receive;
                    }
                }
            }
        }
        done.store(true, Ordering::Release);
        inner.cancel();
        drop(rx);
    });
    tally.elapsed = began.elapsed();
    match failure {
        Some(e) => Err(e),
        None => Ok(tally),
    }
}

/// The worker's part for one seed: the budget's deadline first, then `make`, then the key.
fn make_one<E: Entry>(seed: u64, budget: &Budget, make: &(impl Fn(u64, &Budget) -> Made<E> + Sync)) -> Done<E> {
    let mut meter = budget.start();
    if meter.check() {
        return Done::Stopped(meter.stopped().unwrap_or(StopReason::Cancelled));
    }
    match make(seed, budget) {
        Made::Entry(e) => match e.key() {
            Ok(key) => {
                let label = e.label();
                Done::Entry(e, key, label)
            }
            Err(m) => Done::Failed(format!("the entry made does not read back: {m}")),
        },
        Made::Skipped(why) => Done::Skipped(why),
        Made::Stopped(reason) => Done::Stopped(reason),
        Made::Failed(m) => Done::Failed(m),
    }
}

/// Takes the next seed's result in seed order: `Ok(true)` to go on, `Ok(false)` when the
/// budget stopped this seed.
fn take<E: Entry>(
    plan: &Plan,
    tally: &mut Tally,
    keys: &mut HashSet<E::Key>,
    seed: u64,
    result: Done<E>,
    emit: &mut impl FnMut(&E) -> std::io::Result<()>,
) -> Result<bool, PackError> {
    match result {
        Done::Stopped(reason) => {
            tally.stopped = Some(reason);
            return Ok(false);
        }
        Done::Failed(message) => return Err(PackError::Make { seed, message }),
        Done::Skipped(why) => *tally.skipped.entry(why).or_default() += 1,
        Done::Entry(entry, key, label) => {
            let have = tally.counts.get(&label).copied().unwrap_or(0);
            if keys.contains(&key) {
                tally.duplicates += 1;
            } else if !plan.quotas.is_empty() && !plan.quotas.contains_key(&label) {
                *tally.skipped.entry("not in the mix".into()).or_default() += 1;
            } else if plan.quotas.get(&label).is_some_and(|&q| have >= q) {
                *tally.skipped.entry("quota full".into()).or_default() += 1;
            } else {
                emit(&entry).map_err(|e| PackError::Io(format!("cannot write the pack: {e}")))?;
                keys.insert(key);
                *tally.counts.entry(label).or_default() += 1;
                tally.entries += 1;
                tally.added += 1;
            }
        }
    }
    tally.tried += 1;
    Ok(true)
}
