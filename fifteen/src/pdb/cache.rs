//! A program's pattern databases: the default one per board size and goal blank cell,
//! loaded from a cache directory or built on a background thread (one build at a time),
//! with the build's progress readable while it runs.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use super::db::PatternDb;
use super::error::PdbError;
use super::file::default_cache_dir;
use super::partition::default_partition;

/// How far a build has come: placements settled so far out of all placements of the
/// partition's patterns (both 0 before the build's first layer).
///
/// ```
/// let p = fifteen::pdb::BuildProgress { done: 3, total: 12 };
/// assert_eq!(p.fraction(), 0.25);
/// assert_eq!(fifteen::pdb::BuildProgress::default().fraction(), 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BuildProgress {
    /// Placements settled so far.
    pub done: u64,
    /// Placements of all patterns.
    pub total: u64,
}

impl BuildProgress {
    /// `done / total`, 0 while the total is not known yet.
    ///
    /// ```
    /// assert_eq!(fifteen::pdb::BuildProgress { done: 1, total: 2 }.fraction(), 0.5);
    /// ```
    #[must_use]
    pub fn fraction(self) -> f64 {
        if self.total == 0 { 0.0 } else { self.done as f64 / self.total as f64 }
    }
}

/// Where a database of a [`PdbCache`] stands.
///
/// ```
/// use fifteen::pdb::{PdbCache, PdbSlot};
/// let cache = PdbCache::in_memory();
/// assert!(matches!(cache.get(3, 3, 8), PdbSlot::Missing));
/// ```
#[derive(Clone, Debug)]
pub enum PdbSlot {
    /// Not asked for yet ([`PdbCache::get`] never starts a build).
    Missing,
    /// Being loaded or built on a background thread (or waiting for another build to end).
    Building(BuildProgress),
    /// Ready to use.
    Ready(Arc<PatternDb>),
    /// The load and the build failed (the reason); it is not tried again.
    Failed(PdbError),
}

/// A database's place in the cache.
enum Entry {
    Building(Arc<(AtomicU64, AtomicU64)>),
    Ready(Arc<PatternDb>),
    Failed(PdbError),
}

/// The cache's state, shared with its build threads.
#[derive(Default)]
struct Shared {
    /// Databases by width, height and goal blank cell.
    entries: Mutex<HashMap<(usize, usize, usize), Entry>>,
    /// Signalled whenever a build ends.
    ended: Condvar,
    /// Held by the running build: one build at a time.
    building: Mutex<()>,
}

/// The default pattern databases ([`default_partition`]) of a program, by board size and
/// goal blank cell: read from a cache directory when a valid file is there (see
/// [`PatternDb::load_or_build`]), else built on a background thread and written there.
/// Builds run one at a time; while one runs, [`PdbCache::get`] reports its progress, so a
/// user interface can show it and keep answering. Cloning a cache shares it.
///
/// ```
/// use fifteen::pdb::{PdbCache, PdbSlot};
/// use fifteen::{Board, Goal};
/// let cache = PdbCache::in_memory();
/// // The first request starts the build and answers at once.
/// assert!(matches!(cache.get_or_start(3, 3, 8), PdbSlot::Building(_) | PdbSlot::Ready(_)));
/// let db = cache.wait(3, 3, 8).unwrap();
/// assert!(matches!(cache.get(3, 3, 8), PdbSlot::Ready(_)));
/// let goal = Goal::BlankLast.layout(3, 3).unwrap();
/// let board = Board::parse_line("1 2 3 4 5 6 0 7 8", None).unwrap();
/// assert_eq!(db.heuristic(&board, &goal), Some(2));
/// ```
#[derive(Clone)]
pub struct PdbCache {
    dir: Option<PathBuf>,
    shared: Arc<Shared>,
}

impl Default for PdbCache {
    /// A cache in [`default_cache_dir`] (in memory only when there is none).
    fn default() -> PdbCache {
        PdbCache::new(default_cache_dir())
    }
}

impl std::fmt::Debug for PdbCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let entries = lock(&self.shared.entries).len();
        f.debug_struct("PdbCache").field("dir", &self.dir).field("entries", &entries).finish()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl PdbCache {
    /// A cache that reads and writes its files in `dir`, or keeps its databases in memory
    /// only with `None`.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join(format!("fifteen-cache-doc-{}", std::process::id()));
    /// let cache = fifteen::pdb::PdbCache::new(Some(dir.clone()));
    /// cache.wait(2, 2, 3).unwrap();
    /// assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "the database's file");
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    #[must_use]
    pub fn new(dir: Option<PathBuf>) -> PdbCache {
        PdbCache { dir, shared: Arc::default() }
    }

    /// A cache that keeps its databases in memory only.
    ///
    /// ```
    /// assert!(fifteen::pdb::PdbCache::in_memory().dir().is_none());
    /// ```
    #[must_use]
    pub fn in_memory() -> PdbCache {
        PdbCache::new(None)
    }

    /// The directory of the cache's files, `None` for a cache in memory.
    ///
    /// ```
    /// let dir = std::path::PathBuf::from("/tmp/pdbs");
    /// assert_eq!(fifteen::pdb::PdbCache::new(Some(dir.clone())).dir(), Some(dir.as_path()));
    /// ```
    #[must_use]
    pub fn dir(&self) -> Option<&std::path::Path> {
        self.dir.as_deref()
    }

    /// Where the database for a `width`×`height` board with the goal blank at `goal_blank`
    /// stands; never starts a build.
    ///
    /// ```
    /// let cache = fifteen::pdb::PdbCache::in_memory();
    /// assert!(matches!(cache.get(4, 4, 15), fifteen::pdb::PdbSlot::Missing));
    /// ```
    #[must_use]
    pub fn get(&self, width: usize, height: usize, goal_blank: usize) -> PdbSlot {
        self.slot(width, height, goal_blank, false)
    }

    /// Like [`PdbCache::get`], but a missing database starts loading or building on a
    /// background thread (and answers [`PdbSlot::Building`]).
    ///
    /// ```
    /// use fifteen::pdb::{PdbCache, PdbError, PdbSlot};
    /// let cache = PdbCache::in_memory();
    /// assert!(matches!(cache.get_or_start(5, 5, 24), PdbSlot::Building(_) | PdbSlot::Failed(_)));
    /// let err = cache.wait(5, 5, 24).unwrap_err();
    /// assert_eq!(err, PdbError::BoardSize { cells: 25 });
    /// assert!(matches!(cache.get(5, 5, 24), PdbSlot::Failed(PdbError::BoardSize { cells: 25 })));
    /// ```
    #[must_use]
    pub fn get_or_start(&self, width: usize, height: usize, goal_blank: usize) -> PdbSlot {
        self.slot(width, height, goal_blank, true)
    }

    /// The database, once loaded or built (starting it when missing): blocks until then.
    ///
    /// ```
    /// let cache = fifteen::pdb::PdbCache::in_memory();
    /// let a = cache.wait(2, 3, 5).unwrap();
    /// let b = cache.wait(2, 3, 5).unwrap();
    /// assert!(std::sync::Arc::ptr_eq(&a, &b), "built once");
    /// ```
    pub fn wait(&self, width: usize, height: usize, goal_blank: usize) -> Result<Arc<PatternDb>, PdbError> {
        self.slot(width, height, goal_blank, true);
        let mut entries = lock(&self.shared.entries);
        loop {
            match entries.get(&(width, height, goal_blank)) {
                Some(Entry::Ready(db)) => return Ok(Arc::clone(db)),
                Some(Entry::Failed(why)) => return Err(why.clone()),
                _ => entries = self.shared.ended.wait(entries).unwrap_or_else(PoisonError::into_inner),
            }
        }
    }

    fn slot(&self, width: usize, height: usize, goal_blank: usize, start: bool) -> PdbSlot {
        let key = (width, height, goal_blank);
        let mut entries = lock(&self.shared.entries);
        match entries.get(&key) {
            Some(Entry::Ready(db)) => return PdbSlot::Ready(Arc::clone(db)),
            Some(Entry::Failed(why)) => return PdbSlot::Failed(why.clone()),
            Some(Entry::Building(p)) => {
                let (done, total) = (p.0.load(Ordering::Relaxed), p.1.load(Ordering::Relaxed));
                return PdbSlot::Building(BuildProgress { done, total });
            }
            None if !start => return PdbSlot::Missing,
            None => {}
        }
        let progress = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
        entries.insert(key, Entry::Building(Arc::clone(&progress)));
        drop(entries);
        let (shared, dir) = (Arc::clone(&self.shared), self.dir.clone());
        std::thread::spawn(move || {
            let made = {
                let _one_at_a_time = lock(&shared.building);
                let build = || {
                    let patterns = default_partition(width, height, goal_blank);
                    let mut report = |d: u64, t: u64| {
                        progress.0.store(d, Ordering::Relaxed);
                        progress.1.store(t, Ordering::Relaxed);
                    };
                    match &dir {
                        Some(dir) => PatternDb::load_or_build(dir, width, height, goal_blank, &patterns, &mut report)
                            .map(|(db, _)| db),
                        None => PatternDb::build(width, height, goal_blank, &patterns, &mut report),
                    }
                };
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(build)).unwrap_or(Err(PdbError::Panicked))
            };
            let entry = match made {
                Ok(db) => Entry::Ready(Arc::new(db)),
                Err(why) => Entry::Failed(why),
            };
            lock(&shared.entries).insert(key, entry);
            shared.ended.notify_all();
        });
        PdbSlot::Building(BuildProgress::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_seen_while_building_and_the_file_is_read_back() {
        let dir = std::env::temp_dir().join(format!("fifteen-cache-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = PdbCache::new(Some(dir.clone()));
        // A 4x3 board's default partition (6 + 5 tiles) takes a moment to build.
        let mut seen = Vec::new();
        loop {
            match cache.get_or_start(4, 3, 11) {
                PdbSlot::Building(p) => seen.push(p),
                PdbSlot::Ready(_) => break,
                other => panic!("{other:?}"),
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(seen.windows(2).all(|w| w[0].done <= w[1].done), "progress only grows: {seen:?}");
        assert!(seen.iter().all(|p| p.done <= p.total || p.total == 0), "{seen:?}");
        let built = cache.wait(4, 3, 11).unwrap();
        // A second cache on the same directory loads the file: the same database.
        let again = PdbCache::new(Some(dir.clone())).wait(4, 3, 11).unwrap();
        assert_eq!(again, built);
        assert_eq!(*built, PatternDb::build(4, 3, 11, &default_partition(4, 3, 11), &mut |_, _| {}).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn waiting_threads_share_one_build_per_key() {
        let cache = PdbCache::in_memory();
        let dbs: Vec<Arc<PatternDb>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4).map(|_| s.spawn(|| cache.wait(3, 3, 0).unwrap())).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(dbs.windows(2).all(|w| Arc::ptr_eq(&w[0], &w[1])));
        assert_eq!(dbs[0].goal_blank(), 0);
        assert!(matches!(cache.get(3, 3, 8), PdbSlot::Missing), "another goal blank is another database");
        assert!(matches!(cache.clone().get(3, 3, 0), PdbSlot::Ready(_)), "clones share");
    }

    #[test]
    fn impossible_databases_fail_once() {
        let cache = PdbCache::in_memory();
        assert_eq!(cache.wait(3, 3, 9).unwrap_err(), PdbError::BlankOff { cell: 9 });
        assert!(matches!(cache.get(3, 3, 9), PdbSlot::Failed(PdbError::BlankOff { cell: 9 })));
    }
}
