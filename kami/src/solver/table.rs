//! The transposition table: proven lower bounds on the moves a state still needs,
//! keyed by state (and context), shrunk by dropping the smallest bounds when full, and
//! shared by the threads of a search behind sharded locks.

use std::sync::{Mutex, MutexGuard, PoisonError};

use rustc_hash::FxHashMap;

/// Drops the transposition table entries with the smallest bounds (the subtrees nearest
/// the leaves, the cheapest to search again) until at most `keep` are left. Entries are
/// proven lower bounds, so dropping any of them only loses information.
pub(super) fn shrink_table(table: &mut FxHashMap<u128, u8>, keep: usize) {
    let mut counts = [0usize; 256];
    for &b in table.values() {
        counts[usize::from(b)] += 1;
    }
    let mut left = table.len();
    let mut floor = 0;
    while left > keep && floor < counts.len() {
        left -= counts[floor];
        floor += 1;
    }
    table.retain(|_, b| usize::from(*b) >= floor);
}

/// Raises `table`'s bound for `key` to `bound` (saturating at 255), first halving the
/// table (`shrink_table`) when it holds `limit` entries and not `key`.
pub(super) fn raise_bound(table: &mut FxHashMap<u128, u8>, key: u128, bound: u32, limit: usize) {
    if table.len() >= limit && !table.contains_key(&key) {
        shrink_table(table, limit / 2);
    }
    let entry = table.entry(key).or_insert(0);
    *entry = (*entry).max(u8::try_from(bound).unwrap_or(u8::MAX));
}

/// `table`'s bound for `key` (0 when it has none).
pub(super) fn bound_of(table: &FxHashMap<u128, u8>, key: u128) -> u32 {
    table.get(&key).map_or(0, |&k| u32::from(k))
}

/// One transposition table for every thread of a search without a node limit (module
/// docs, [Threads](super#threads)): [`SHARDS`] maps behind locks, a key's shard given by
/// its high bits (keys are Zobrist hashes, so the shards fill evenly). Each shard keeps at
/// most its share of the table limit, shrunk like a thread's own table (`shrink_table`).
pub(super) struct SharedTable {
    shards: Vec<Mutex<FxHashMap<u128, u8>>>,
}

/// The shards of a [`SharedTable`]: enough that two threads seldom wait for one another
/// (and more threads not often).
pub(super) const SHARDS: usize = 64;

impl SharedTable {
    /// The entries of `table`, shared.
    pub(super) fn new(table: FxHashMap<u128, u8>) -> Self {
        let mut shards: Vec<FxHashMap<u128, u8>> = (0..SHARDS).map(|_| FxHashMap::default()).collect();
        for (key, bound) in table {
            shards[Self::shard(key)].insert(key, bound);
        }
        SharedTable { shards: shards.into_iter().map(Mutex::new).collect() }
    }

    fn shard(key: u128) -> usize {
        (key >> 64) as usize % SHARDS
    }

    /// The shard of `key`, locked. A thread that panicked holding it (which the caller then
    /// resumes) left only proven bounds in it, so a poisoned lock is taken as it is.
    fn lock(&self, key: u128) -> MutexGuard<'_, FxHashMap<u128, u8>> {
        self.shards[Self::shard(key)].lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The table's bound for `key` (0 when it has none).
    pub(super) fn stored(&self, key: u128) -> u32 {
        bound_of(&self.lock(key), key)
    }

    /// Raises the table's bound for `key` to `bound` (saturating at 255), first halving
    /// its shard when that holds its share of `limit` entries.
    pub(super) fn store(&self, key: u128, bound: u32, limit: usize) {
        raise_bound(&mut self.lock(key), key, bound, (limit / SHARDS).max(1));
    }

    /// The number of entries.
    pub(super) fn len(&self) -> usize {
        self.shards.iter().map(|s| s.lock().unwrap_or_else(PoisonError::into_inner).len()).sum()
    }

    /// The entries as one table again.
    pub(super) fn into_table(self) -> FxHashMap<u128, u8> {
        let mut table = FxHashMap::default();
        for shard in self.shards {
            table.extend(shard.into_inner().unwrap_or_else(PoisonError::into_inner));
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_the_table_keeps_the_largest_bounds() {
        let mut table: FxHashMap<u128, u8> = (0..100u128).map(|k| (k, (k % 10) as u8)).collect();
        shrink_table(&mut table, 35);
        // Bounds 0 to 6 go (70 entries); 7, 8 and 9 stay.
        assert_eq!(table.len(), 30);
        assert!(table.iter().all(|(&k, &b)| b >= 7 && u128::from(b) == k % 10));
        shrink_table(&mut table, 100);
        assert_eq!(table.len(), 30);
    }

    #[test]
    fn a_shared_table_keeps_the_largest_bound_of_each_key_and_gives_it_back() {
        // Keys spread over the shards by their high bits, as Zobrist keys are.
        let key = |k: u128| k << 64 | k;
        let shared = SharedTable::new((0..100u128).map(|k| (key(k), 1)).collect());
        assert_eq!(shared.len(), 100);
        std::thread::scope(|scope| {
            for t in 0..2u32 {
                let shared = &shared;
                scope.spawn(move || {
                    for k in 0..200u128 {
                        shared.store(key(k), t + (k % 7) as u32, 1 << 22);
                    }
                });
            }
        });
        assert_eq!(shared.len(), 200);
        assert_eq!(shared.stored(key(3)), 4);
        assert_eq!(shared.stored(key(500)), 0);
        // Bounds saturate at 255.
        shared.store(key(500), 1_000, 1 << 22);
        assert_eq!(shared.stored(key(500)), 255);
        // Beyond its share of the limit, a shard drops its smallest bounds.
        let small = SharedTable::new(FxHashMap::default());
        for k in 0..10_000u128 {
            small.store(key(k), (k % 10) as u32, 64 * SHARDS);
        }
        assert!(small.len() <= 64 * SHARDS);
        let table = small.into_table();
        assert!(table.iter().all(|(&k, &b)| u128::from(b) == (k & u128::from(u64::MAX)) % 10));
        assert!(table.values().any(|&b| b == 9));
    }
}
