//! What a pack is: its seeds, shard, quotas and threads.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The seeds `A..B` of a pack: every seed from `start` to `end - 1`.
///
/// ```
/// let r: engine::pack::SeedRange = "3..7".parse().unwrap();
/// assert_eq!((r.start, r.end, r.to_string()), (3, 7, "3..7".to_string()));
/// assert!("7..3".parse::<engine::pack::SeedRange>().is_err());
/// assert!("7".parse::<engine::pack::SeedRange>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedRange {
    /// The first seed.
    pub start: u64,
    /// One past the last seed.
    pub end: u64,
}

impl SeedRange {
    /// The seeds `start..end`.
    ///
    /// ```
    /// assert_eq!(engine::pack::SeedRange::new(0, 5).len(), 5);
    /// ```
    #[must_use]
    pub fn new(start: u64, end: u64) -> SeedRange {
        SeedRange { start, end: end.max(start) }
    }

    /// How many seeds the range holds.
    ///
    /// ```
    /// assert!(engine::pack::SeedRange::new(4, 4).is_empty());
    /// ```
    #[must_use]
    pub fn len(&self) -> u64 {
        self.end - self.start
    }

    /// Whether the range holds no seed.
    ///
    /// ```
    /// assert!(!engine::pack::SeedRange::new(4, 5).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

impl fmt::Display for SeedRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl FromStr for SeedRange {
    type Err = String;

    fn from_str(s: &str) -> Result<SeedRange, String> {
        let (a, b) = s.trim().split_once("..").ok_or_else(|| format!("expected A..B, got `{s}`"))?;
        let number = |t: &str| t.trim().parse::<u64>().map_err(|_| format!("`{t}` is not a seed (0 to 2^64-1)"));
        let (start, end) = (number(a)?, number(b)?);
        if start > end {
            return Err(format!("{start}..{end} is empty the wrong way round: expected A <= B"));
        }
        Ok(SeedRange { start, end })
    }
}

/// A shard `I/N` of a seed range: the seeds that are `I` modulo `N`. Shards `0/N` to
/// `N-1/N` of a range never overlap and together hold every seed of it.
///
/// ```
/// let s: engine::pack::Shard = "1/4".parse().unwrap();
/// assert!(s.holds(5) && !s.holds(6));
/// assert!("4/4".parse::<engine::pack::Shard>().is_err());
/// assert!("0/0".parse::<engine::pack::Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// Whether `seed` belongs to this shard.
    ///
    /// ```
    /// assert!(engine::pack::Shard { index: 0, count: 1 }.holds(12345));
    /// ```
    #[must_use]
    pub fn holds(&self, seed: u64) -> bool {
        seed % self.count == self.index
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let (i, n) = s.trim().split_once('/').ok_or_else(|| format!("expected I/N, got `{s}`"))?;
        let number = |t: &str| t.trim().parse::<u64>().map_err(|_| format!("`{t}` is not a whole number"));
        let (index, count) = (number(i)?, number(n)?);
        if count == 0 || index >= count {
            return Err(format!("{index}/{count}: expected 0 <= I < N"));
        }
        Ok(Shard { index, count })
    }
}

/// Which seeds a pack tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seeds {
    /// Every seed of the range (of the shard, if any) is tried once.
    Range(SeedRange),
    /// Seeds from `start` on, until the pack holds `count` entries.
    Count {
        /// Entries wanted.
        count: u64,
        /// The first seed.
        start: u64,
    },
}

/// What a pack is: its seeds, an optional shard, quotas per label, and how many threads
/// make it.
///
/// ```
/// use engine::pack::{Plan, SeedRange, Seeds};
/// let plan = Plan::new(Seeds::Count { count: 10, start: 100 }).with_quota("hard", 4);
/// assert_eq!(plan.seed_at(0, None), Some(100));
/// let sharded = Plan::new(Seeds::Range(SeedRange::new(0, 10))).with_shard("2/4".parse().unwrap());
/// assert_eq!((sharded.seed_at(0, None), sharded.seed_at(1, None), sharded.seed_at(2, None)), (Some(2), Some(6), None));
/// // Going on after seed 2 (a resumed pack):
/// assert_eq!(sharded.seed_at(0, Some(2)), Some(6));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The seeds to try.
    pub seeds: Seeds,
    /// Only the seeds of this shard.
    pub shard: Option<Shard>,
    /// At most this many entries of each label (entries beyond are skipped as `quota
    /// full`; entries of a label without a quota, when there are quotas, as `not in the
    /// mix`). With [`Seeds::Count`] the pack is done when every quota is full.
    pub quotas: BTreeMap<String, u64>,
    /// Threads to make puzzles on (`None`: one per core).
    pub threads: Option<usize>,
}

impl Plan {
    /// A plan over `seeds`, no shard, no quota, one thread per core.
    ///
    /// ```
    /// let plan = engine::pack::Plan::new(engine::pack::Seeds::Count { count: 3, start: 0 });
    /// assert_eq!(plan.threads, None);
    /// ```
    #[must_use]
    pub fn new(seeds: Seeds) -> Plan {
        Plan { seeds, shard: None, quotas: BTreeMap::new(), threads: None }
    }

    /// The same plan, over the seeds of `shard` only.
    ///
    /// ```
    /// let plan = engine::pack::Plan::new(engine::pack::Seeds::Range(engine::pack::SeedRange::new(0, 9)))
    ///     .with_shard(engine::pack::Shard { index: 1, count: 3 });
    /// assert_eq!(plan.seed_count(), Some(3));
    /// ```
    #[must_use]
    pub fn with_shard(mut self, shard: Shard) -> Plan {
        self.shard = Some(shard);
        self
    }

    /// The same plan, on `threads` threads.
    ///
    /// ```
    /// let plan = engine::pack::Plan::new(engine::pack::Seeds::Count { count: 3, start: 0 }).with_threads(2);
    /// assert_eq!(plan.threads, Some(2));
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Plan {
        self.threads = Some(threads.max(1));
        self
    }

    /// The same plan, with at most `quota` entries labelled `label`.
    ///
    /// ```
    /// let plan = engine::pack::Plan::new(engine::pack::Seeds::Count { count: 3, start: 0 }).with_quota("easy", 3);
    /// assert_eq!(plan.quotas["easy"], 3);
    /// ```
    #[must_use]
    pub fn with_quota(mut self, label: impl Into<String>, quota: u64) -> Plan {
        self.quotas.insert(label.into(), quota);
        self
    }

    /// How many seeds a range plan tries (`None` for a count).
    ///
    /// ```
    /// let plan = engine::pack::Plan::new(engine::pack::Seeds::Range("10..20".parse().unwrap()));
    /// assert_eq!(plan.seed_count(), Some(10));
    /// ```
    #[must_use]
    pub fn seed_count(&self) -> Option<u64> {
        match self.seeds {
            Seeds::Range(r) => {
                let (first, step) = self.first_and_step(r.start);
                Some(if first >= r.end { 0 } else { (r.end - first).div_ceil(step) })
            }
            Seeds::Count { .. } => None,
        }
    }

    /// The entries a count plan wants (`None` for a range).
    ///
    /// ```
    /// let plan = engine::pack::Plan::new(engine::pack::Seeds::Count { count: 3, start: 0 });
    /// assert_eq!(plan.wanted(), Some(3));
    /// ```
    #[must_use]
    pub fn wanted(&self) -> Option<u64> {
        match self.seeds {
            Seeds::Range(_) => None,
            Seeds::Count { count, .. } => Some(count),
        }
    }

    /// The `i`-th seed the plan tries after seed `after` (from its first seed when `None`),
    /// or `None` past its end.
    #[must_use]
    pub fn seed_at(&self, i: u64, after: Option<u64>) -> Option<u64> {
        let start = match self.seeds {
            Seeds::Range(r) => r.start,
            Seeds::Count { start, .. } => start,
        };
        let start = match after {
            Some(a) => start.max(a.checked_add(1)?),
            None => start,
        };
        let (first, step) = self.first_and_step(start);
        let seed = first.checked_add(i.checked_mul(step)?)?;
        match self.seeds {
            Seeds::Range(r) if seed >= r.end => None,
            _ => Some(seed),
        }
    }

    /// The first seed at or after `start` in the shard, and the step between seeds.
    fn first_and_step(&self, start: u64) -> (u64, u64) {
        match self.shard {
            Some(s) => {
                let gap = (s.index + s.count - start % s.count) % s.count;
                (start.saturating_add(gap), s.count)
            }
            None => (start, 1),
        }
    }
}
