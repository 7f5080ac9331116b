//! Additive disjoint pattern databases, for boards of at most 16 cells (the 15-puzzle and
//! everything smaller).
//!
//! Tiles are named by their goal cell (see [`crate::heuristic`]), so a database depends only
//! on the board size, the goal's blank cell and the partition: one database serves
//! blank-last, snake, missing-number … goals that share the blank cell.
//!
//! A pattern is a set of goal cells. Its table holds, for every placement of the pattern's
//! tiles, the fewest moves *of pattern tiles* that bring them home (other tiles are
//! indistinguishable and their moves are free): a 0-1 breadth-first search over
//! (pattern placement, blank region) from the goal. Moves of different patterns' tiles are
//! distinct, so the tables of a partition add up to an admissible bound (tiles outside
//! every pattern count their Manhattan distance, a one-tile pattern).
//!
//! Entries are four bits: a value `h` is at least the pattern tiles' Manhattan distance
//! `md` and of the same parity, so the table stores `(h - md) / 2` (at most 15; saturating
//! only lowers the bound) and a lookup reads `md + 2 * entry`. The table of a k-tile pattern
//! on n cells has n!/(n-k)! entries: 262,080 bytes for 5 tiles on 16 cells, 259 MB for the
//! 8 tiles of the 7-8 partition. The builder keeps four bytes per placement while it runs
//! (on transparent huge pages where the system grants them) and no frontier lists (see the
//! `build` module), on up to two threads.
//!
//! Databases are cached on disk ([`PatternDb::load_or_build`]): a header (magic, version,
//! entry width, size, blank cell, partition), the tables and a word-at-a-time checksum. A
//! file that does not match exactly is rebuilt, never trusted. A [`PdbCache`] keeps a
//! program's default databases, loading or building each on a background thread with its
//! progress readable meanwhile.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use engine::{Budget, StopReason};

use crate::Board;
use crate::solvable::goal_cells;

/// The largest board a pattern database accepts.
pub const MAX_PDB_CELLS: usize = 16;

/// The largest pattern table a build may make, in placements (four bytes each while
/// building, half a byte after): an 8-tile pattern of the 15-puzzle has 518,918,400.
pub const MAX_BUILD_STATES: u64 = 518_918_400;

const MAGIC: &[u8; 8] = b"FIFTNPDB";
/// Version 2: four-bit entries, word-at-a-time checksum.
const VERSION: u32 = 2;
/// Bits per table entry, in the file header.
const ENTRY_BITS: u8 = 4;

mod build;
mod cache;

pub use cache::{BuildProgress, PdbCache, PdbSlot};

/// The table entry of a placement first reached after `d` pattern moves whose pattern
/// tiles lie `md` steps from home in all (taxicab): `(d - md) / 2`, at most 15.
///
/// `d - md` is even and not negative: every counted move takes one pattern tile one step,
/// changing `md` by one, and from the goal (`d = md = 0`) each step adds one to `d`. The
/// bound read back is `md + 2 * entry`; a saturated entry gives `md + 30 <= d`, below the
/// true count, so it stays admissible (and `md + 2 * entry` never exceeds `d`).
fn encode(d: u32, md: u32) -> u8 {
    debug_assert!(d >= md && (d - md) % 2 == 0);
    ((d - md) / 2).min(15) as u8
}

/// Entry `r` of a nibble table.
fn nibble(table: &[u8], r: usize) -> u8 {
    table[r >> 1] >> ((r & 1) << 2) & 0xF
}

/// The number of ordered placements of `k` distinct items on `n` cells.
fn arrangements(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// Bit counts of every 16-bit mask: the build targets CPUs without a `popcnt`
/// instruction, where `count_ones` is a dozen instructions and ranking dominated the search.
static ONES: [u8; 1 << 16] = {
    let mut t = [0u8; 1 << 16];
    let mut i = 1;
    while i < t.len() {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// Ranks ordered placements of `k` tiles on `n` cells (cells below 16).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ranker {
    n: usize,
    mult: Vec<u64>,
}

impl Ranker {
    fn new(n: usize, k: usize) -> Ranker {
        Ranker { n, mult: (0..k).map(|i| arrangements(n - 1 - i, k - 1 - i)).collect() }
    }

    fn rank(&self, cells: impl Iterator<Item = u8>) -> u64 {
        let mut used = 0usize;
        let mut r = 0u64;
        for (m, c) in self.mult.iter().zip(cells) {
            let below = ONES[used & ((1usize << c) - 1)];
            r += u64::from(c - below) * m;
            used |= 1 << c;
        }
        r
    }

    fn unrank(&self, mut r: u64, out: &mut [u8]) {
        let mut free = (1u32 << self.n) - 1;
        for (m, slot) in self.mult.iter().zip(out.iter_mut()) {
            let mut k = r / m;
            r %= m;
            let mut bits = free;
            while k > 0 {
                bits &= bits - 1;
                k -= 1;
            }
            let c = bits.trailing_zeros();
            *slot = c as u8;
            free &= !(1 << c);
        }
    }
}

/// The default partition for a board and goal blank cell: [`partition`] with groups of
/// 6 (the 15-puzzle gets the classic compact 6-6-3, which builds in about 10 s of one
/// core and solves random instances in tens of milliseconds).
///
/// ```
/// let p = fifteen::pdb::default_partition(4, 4, 15);
/// assert_eq!(p, vec![vec![0, 4, 5, 8, 9, 12], vec![6, 7, 10, 11, 13, 14], vec![1, 2, 3]]);
/// assert_eq!(fifteen::pdb::default_partition(3, 3, 8).len(), 2);
/// ```
#[must_use]
pub fn default_partition(width: usize, height: usize, goal_blank: usize) -> Vec<Vec<u8>> {
    partition(width, height, goal_blank, &[6; MAX_PDB_CELLS]).unwrap_or_default()
}

/// The compact 4×4 partitions for the blank in the bottom-right corner, by sizes. 7-8 is
/// Korf and Felner's: tiles 3 7 11 12 13 14 15 and 1 2 4 5 6 8 9 10 of the blank-last goal.
const COMPACT_4X4: [(&[usize], &[&[u8]]); 4] = [
    (&[5, 5, 5], &[&[0, 1, 2, 4, 5], &[3, 6, 7, 10, 11], &[8, 9, 12, 13, 14]]),
    (&[6, 6, 3], &[&[0, 4, 5, 8, 9, 12], &[6, 7, 10, 11, 13, 14], &[1, 2, 3]]),
    (&[7, 8], &[&[2, 6, 10, 11, 12, 13, 14], &[0, 1, 3, 4, 5, 7, 8, 9]]),
    (&[8, 7], &[&[0, 1, 3, 4, 5, 7, 8, 9], &[2, 6, 10, 11, 12, 13, 14]]),
];

/// A partition by group sizes: on a 4×4 board with the goal blank in a corner, `5-5-5`,
/// `6-6-3` and `7-8` are the classic compact blocks (mirrored to the blank's corner);
/// otherwise [`partition_by_sizes`] (for `7-8` with the blank elsewhere: the first seven
/// and the last eight tiles in row-major order).
///
/// ```
/// use fifteen::pdb::partition;
/// assert_eq!(partition(4, 4, 15, &[6, 6, 3]).unwrap()[2], vec![1, 2, 3]);
/// assert_eq!(partition(4, 4, 0, &[6, 6, 3]).unwrap()[2], vec![12, 13, 14]);
/// assert_eq!(partition(4, 4, 15, &[7, 8]).unwrap()[0], vec![2, 6, 10, 11, 12, 13, 14]);
/// assert_eq!(partition(4, 4, 0, &[7, 8]).unwrap()[0], vec![1, 2, 3, 4, 5, 9, 13]);
/// assert_eq!(partition(3, 3, 8, &[5, 5]).unwrap(), vec![vec![0, 1, 2, 3, 4], vec![5, 6, 7]]);
/// ```
pub fn partition(width: usize, height: usize, goal_blank: usize, sizes: &[usize]) -> Result<Vec<Vec<u8>>, PdbError> {
    let (bx, by) = (goal_blank % 4, goal_blank / 4);
    let corner = (width, height) == (4, 4) && (bx == 0 || bx == 3) && (by == 0 || by == 3);
    // The sizes as they cut the 15 tiles (the last group may be cut short).
    let mut wanted = Vec::new();
    let mut covered = 0;
    for &s in sizes {
        if covered >= 15 {
            break;
        }
        wanted.push(s.min(15 - covered));
        covered = covered.saturating_add(s);
    }
    if corner {
        if let Some((_, groups)) = COMPACT_4X4.iter().find(|(s, _)| *s == wanted.as_slice()) {
            let mirror = |c: u8| {
                let (x, y) = (c % 4, c / 4);
                let x = if bx == 0 { 3 - x } else { x };
                let y = if by == 0 { 3 - y } else { y };
                y * 4 + x
            };
            return Ok(groups
                .iter()
                .map(|g| {
                    let mut cells: Vec<u8> = g.iter().map(|&c| mirror(c)).collect();
                    cells.sort_unstable();
                    cells
                })
                .collect());
        }
    }
    partition_by_sizes(width, height, goal_blank, sizes)
}

/// A partition given by group sizes (such as `6-6-3`): the cells other than the goal
/// blank, in row-major order, cut into consecutive groups (the last one may be cut
/// short). The sizes must cover every cell.
///
/// ```
/// use fifteen::pdb::partition_by_sizes;
/// let p = partition_by_sizes(4, 4, 0, &[6, 6, 3]).unwrap();
/// assert_eq!(p[2], vec![13, 14, 15]);
/// assert!(partition_by_sizes(4, 4, 15, &[6, 6]).is_err());
/// ```
pub fn partition_by_sizes(
    width: usize,
    height: usize,
    goal_blank: usize,
    sizes: &[usize],
) -> Result<Vec<Vec<u8>>, PdbError> {
    let cells: Vec<u8> = (0..width * height).filter(|&c| c != goal_blank).map(|c| c as u8).collect();
    let mut out = Vec::new();
    let mut at = 0;
    for &s in sizes {
        if at >= cells.len() {
            break;
        }
        if s == 0 {
            return Err(PdbError::EmptyPattern);
        }
        let end = at.saturating_add(s).min(cells.len());
        out.push(cells[at..end].to_vec());
        at = end;
    }
    if at < cells.len() {
        return Err(PdbError::Uncovered { covered: at, tiles: cells.len() });
    }
    Ok(out)
}

/// Parses a partition written as group sizes, `5-5-5`, `6-6-3`, …
///
/// ```
/// assert_eq!(fifteen::pdb::parse_sizes("6-6-3").unwrap(), vec![6, 6, 3]);
/// assert!(fifteen::pdb::parse_sizes("6-x").is_err());
/// ```
pub fn parse_sizes(text: &str) -> Result<Vec<usize>, PdbError> {
    text.split('-')
        .map(|s| {
            s.trim().parse::<usize>().map_err(|_| PdbError::BadSize { part: s.to_string(), text: text.to_string() })
        })
        .collect()
}

/// Why a pattern database could not be made or read.
///
/// ```
/// use fifteen::pdb::{parse_sizes, PdbError};
/// assert!(matches!(parse_sizes("6-x"), Err(PdbError::BadSize { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdbError {
    /// A group size of 0.
    #[error("a pattern needs at least one tile")]
    EmptyPattern,
    /// Group sizes that do not cover every tile.
    #[error("the pattern sizes cover {covered} of the {tiles} tiles")]
    Uncovered {
        /// Tiles covered.
        covered: usize,
        /// Tiles on the board.
        tiles: usize,
    },
    /// A part of `6-6-3` that is not a number.
    #[error("bad pattern size {part:?} in {text:?} (expected e.g. 5-5-5)")]
    BadSize {
        /// The part.
        part: String,
        /// The whole text.
        text: String,
    },
    /// A board of more than [`MAX_PDB_CELLS`] cells (or fewer than 2).
    #[error("pattern databases take boards of 2 to {MAX_PDB_CELLS} cells, not {cells}", MAX_PDB_CELLS = MAX_PDB_CELLS)]
    BoardSize {
        /// Cells of the board.
        cells: usize,
    },
    /// A goal blank cell off the board.
    #[error("the goal blank cell {cell} is off the board")]
    BlankOff {
        /// The cell.
        cell: usize,
    },
    /// A pattern of more placements than [`MAX_BUILD_STATES`].
    #[error("a {tiles}-tile pattern on {cells} cells is too big to build")]
    TooBig {
        /// Tiles of the pattern.
        tiles: usize,
        /// Cells of the board.
        cells: usize,
    },
    /// A pattern cell off the board or on the goal blank.
    #[error("pattern cell {cell} is off the board or the blank's")]
    BadCell {
        /// The cell.
        cell: usize,
    },
    /// A cell in two patterns.
    #[error("cell {cell} is in two patterns")]
    Overlap {
        /// The cell.
        cell: usize,
    },
    /// A cache file that ends early.
    #[error("truncated file")]
    Truncated,
    /// A file without the magic bytes.
    #[error("not a pattern database file")]
    NotPdb,
    /// A file of another format version.
    #[error("written by another version")]
    Version,
    /// A file of another entry width.
    #[error("entries of {bits} bits instead of 4")]
    EntryBits {
        /// The file's entry width.
        bits: u8,
    },
    /// A file for another size, blank cell or partition.
    #[error("built for another board, goal blank cell or partition")]
    OtherDatabase,
    /// A table of the wrong length.
    #[error("a table has {len} entries instead of {want}")]
    TableLength {
        /// Entries in the file.
        len: u64,
        /// Entries expected.
        want: u64,
    },
    /// A checksum that does not match.
    #[error("checksum mismatch")]
    Checksum,
    /// Bytes after the checksum.
    #[error("trailing bytes")]
    Trailing,
    /// A read error.
    #[error("{message}")]
    Io {
        /// The system's message.
        message: String,
    },
    /// A budget stopped the build.
    #[error("the build stopped: {0}")]
    Stopped(StopReason),
    /// The build thread of a [`PdbCache`] panicked.
    #[error("the build failed unexpectedly")]
    Panicked,
    /// The cache file could not be written.
    #[error("cannot write {path}: {message}")]
    Write {
        /// The file.
        path: String,
        /// The system's message.
        message: String,
    },
}

/// What [`PatternDb::load_or_build`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheStatus {
    /// A valid cache file was read.
    Loaded,
    /// No cache file existed: built and written.
    Built,
    /// A cache file existed but did not check out (the reason): rebuilt and rewritten.
    Rebuilt(PdbError),
    /// Built, but the cache file could not be written (the reason).
    Unwritten(PdbError),
}

/// An additive set of disjoint pattern databases.
///
/// ```
/// use fifteen::{pdb::PatternDb, Board, Goal};
/// let goal = Goal::BlankLast.layout(3, 3).unwrap();
/// let db = PatternDb::build(3, 3, 8, &[vec![0, 1, 2, 3], vec![4, 5, 6, 7]], &mut |_, _| {}).unwrap();
/// let b = Board::parse_line("1 2 3 4 5 6 0 7 8", None).unwrap();
/// assert_eq!(db.heuristic(&b, &goal), Some(2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDb {
    width: usize,
    height: usize,
    goal_blank: usize,
    patterns: Vec<Vec<u8>>,
    tables: Vec<Vec<u8>>,
    /// For each goal cell, its pattern (or `u8::MAX`).
    pattern_of: Vec<u8>,
    rankers: Vec<Ranker>,
}

impl PatternDb {
    /// Builds the tables for a `width`×`height` board whose goal has the blank at
    /// `goal_blank`, for disjoint `patterns` of goal cells, on up to two threads (see
    /// [`PatternDb::build_with_threads`]). `progress(done, total)` is called after every
    /// search layer (placements settled so far, placements of all patterns).
    ///
    /// ```
    /// use fifteen::pdb::PatternDb;
    /// assert!(PatternDb::build(3, 3, 8, &[vec![0, 8]], &mut |_, _| {}).is_err()); // the blank cell
    /// assert!(PatternDb::build(3, 3, 8, &[vec![0], vec![0]], &mut |_, _| {}).is_err()); // overlap
    /// ```
    pub fn build(
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PatternDb, PdbError> {
        // Tables of less than a million placements build in milliseconds on one thread.
        PatternDb::build_within(width, height, goal_blank, patterns, &Budget::default(), progress)
    }

    /// [`PatternDb::build`] on `threads` threads (the tables do not depend on it).
    ///
    /// ```
    /// use fifteen::pdb::PatternDb;
    /// let p = [vec![0, 1, 2], vec![3, 4, 5]];
    /// let one = PatternDb::build_with_threads(3, 3, 8, &p, 1, &mut |_, _| {}).unwrap();
    /// let two = PatternDb::build_with_threads(3, 3, 8, &p, 2, &mut |_, _| {}).unwrap();
    /// assert_eq!(one, two);
    /// ```
    pub fn build_with_threads(
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
        threads: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PatternDb, PdbError> {
        PatternDb::build_tables(width, height, goal_blank, patterns, threads, &Budget::default(), progress)
    }

    /// [`PatternDb::build`] under `budget`: its cancel token and time limit are read after
    /// every round of a search layer (the node limit counts placements settled), and a
    /// build they stop is [`PdbError::Stopped`].
    ///
    /// ```
    /// use fifteen::pdb::{PatternDb, PdbError};
    /// let token = engine::CancelToken::new();
    /// token.cancel();
    /// let budget = engine::Budget::default().with_cancel(token);
    /// let built = PatternDb::build_within(3, 3, 8, &[vec![0, 1, 2, 3]], &budget, &mut |_, _| {});
    /// assert_eq!(built, Err(PdbError::Stopped(engine::StopReason::Cancelled)));
    /// ```
    pub fn build_within(
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
        budget: &Budget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PatternDb, PdbError> {
        PatternDb::empty(width, height, goal_blank, patterns)?;
        let threads = PatternDb::threads_for(width * height, patterns);
        PatternDb::build_tables(width, height, goal_blank, patterns, threads, budget, progress)
    }

    /// Up to two threads for tables of a million placements or more, one below.
    fn threads_for(n: usize, patterns: &[Vec<u8>]) -> usize {
        let biggest = patterns.iter().map(|p| arrangements(n, p.len())).max().unwrap_or(0);
        if biggest < 1 << 20 { 1 } else { std::thread::available_parallelism().map_or(1, |t| t.get().min(2)) }
    }

    fn build_tables(
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
        threads: usize,
        budget: &Budget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PatternDb, PdbError> {
        let mut db = PatternDb::empty(width, height, goal_blank, patterns)?;
        let n = width * height;
        let total: u64 = patterns.iter().map(|p| arrangements(n, p.len())).sum();
        let mut done = 0u64;
        let mut meter = budget.start();
        if meter.check() {
            return Err(PdbError::Stopped(meter.stopped().unwrap_or(StopReason::Cancelled)));
        }
        for p in patterns {
            let size = arrangements(n, p.len());
            let mut counted = 0u64;
            let table = build::build_table(width, height, goal_blank, p, threads, &mut |d| {
                progress(done + d, total);
                meter.add(d.saturating_sub(counted));
                counted = d;
                !meter.check()
            });
            match table {
                Some(t) => db.tables.push(t),
                None => return Err(PdbError::Stopped(meter.stopped().unwrap_or(StopReason::Cancelled))),
            }
            done += size;
        }
        progress(total, total);
        Ok(db)
    }

    /// The same database by the plain search with frontier lists that the compact builder
    /// is checked against (three bytes per placement and more for the frontiers: for tests
    /// and benchmarks of small patterns).
    ///
    /// ```
    /// use fifteen::pdb::PatternDb;
    /// let p = [vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
    /// let fast = PatternDb::build(3, 3, 8, &p, &mut |_, _| {}).unwrap();
    /// assert_eq!(PatternDb::build_reference(3, 3, 8, &p).unwrap(), fast);
    /// ```
    pub fn build_reference(
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
    ) -> Result<PatternDb, PdbError> {
        let mut db = PatternDb::empty(width, height, goal_blank, patterns)?;
        for p in patterns {
            db.tables.push(build::build_nibbles_reference(width, height, goal_blank, p));
        }
        Ok(db)
    }

    /// A database with the header checked and no tables yet.
    fn empty(width: usize, height: usize, goal_blank: usize, patterns: &[Vec<u8>]) -> Result<PatternDb, PdbError> {
        let n = width * height;
        if !(2..=MAX_PDB_CELLS).contains(&n) {
            return Err(PdbError::BoardSize { cells: n });
        }
        if goal_blank >= n {
            return Err(PdbError::BlankOff { cell: goal_blank });
        }
        let mut pattern_of = vec![u8::MAX; n];
        for (i, p) in patterns.iter().enumerate() {
            if p.is_empty() {
                return Err(PdbError::EmptyPattern);
            }
            if arrangements(n, p.len()) > MAX_BUILD_STATES {
                return Err(PdbError::TooBig { tiles: p.len(), cells: n });
            }
            for &c in p {
                let c = usize::from(c);
                if c >= n || c == goal_blank {
                    return Err(PdbError::BadCell { cell: c });
                }
                if pattern_of[c] != u8::MAX {
                    return Err(PdbError::Overlap { cell: c });
                }
                pattern_of[c] = i as u8;
            }
        }
        Ok(PatternDb {
            width,
            height,
            goal_blank,
            patterns: patterns.to_vec(),
            tables: Vec::new(),
            pattern_of,
            rankers: patterns.iter().map(|p| Ranker::new(n, p.len())).collect(),
        })
    }

    /// The board width.
    ///
    /// ```
    /// let db = fifteen::pdb::PatternDb::build(2, 2, 3, &[vec![0]], &mut |_, _| {}).unwrap();
    /// assert_eq!((db.width(), db.height(), db.goal_blank()), (2, 2, 3));
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board height.
    ///
    /// ```
    /// let db = fifteen::pdb::PatternDb::build(2, 2, 3, &[vec![0]], &mut |_, _| {}).unwrap();
    /// assert_eq!(db.height(), 2);
    /// ```
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The goal's blank cell.
    ///
    /// ```
    /// let db = fifteen::pdb::PatternDb::build(2, 2, 0, &[vec![1, 2]], &mut |_, _| {}).unwrap();
    /// assert_eq!(db.goal_blank(), 0);
    /// ```
    #[must_use]
    pub fn goal_blank(&self) -> usize {
        self.goal_blank
    }

    /// The patterns, as goal cells.
    ///
    /// ```
    /// let db = fifteen::pdb::PatternDb::build(2, 2, 0, &[vec![1, 2]], &mut |_, _| {}).unwrap();
    /// assert_eq!(db.patterns(), &[vec![1, 2]]);
    /// ```
    #[must_use]
    pub fn patterns(&self) -> &[Vec<u8>] {
        &self.patterns
    }

    /// Whether this database serves `goal` (same size and blank cell).
    ///
    /// ```
    /// use fifteen::{pdb::PatternDb, Goal};
    /// let db = PatternDb::build(2, 2, 3, &[vec![0, 1]], &mut |_, _| {}).unwrap();
    /// assert!(db.fits(&Goal::BlankLast.layout(2, 2).unwrap()));
    /// assert!(!db.fits(&Goal::BlankFirst.layout(2, 2).unwrap()));
    /// ```
    #[must_use]
    pub fn fits(&self, goal: &Board) -> bool {
        goal.width() == self.width && goal.height() == self.height && goal.blank() == self.goal_blank
    }

    /// The lower bound for `board` to reach `goal`: the Manhattan distance plus twice the
    /// patterns' entries (tiles outside every pattern count their Manhattan distance);
    /// `None` when the database does not serve the goal or the boards do not fit each other.
    ///
    /// ```
    /// use fifteen::{pdb::PatternDb, Board, Goal};
    /// let goal = Goal::BlankLast.layout(2, 2).unwrap();
    /// let db = PatternDb::build(2, 2, 3, &[vec![0, 1, 2]], &mut |_, _| {}).unwrap();
    /// assert_eq!(db.heuristic(&Board::parse_line("0 1 3 2", None).unwrap(), &goal), Some(2));
    /// ```
    #[must_use]
    pub fn heuristic(&self, board: &Board, goal: &Board) -> Option<u32> {
        if !self.fits(goal) {
            return None;
        }
        let cells = goal_cells(board, goal)?;
        let mut pos = vec![0u8; cells.len()];
        for (i, &l) in cells.iter().enumerate() {
            pos[usize::from(l)] = i as u8;
        }
        let extra: u32 = (0..self.patterns.len()).map(|p| u32::from(self.lookup(p, &pos))).sum();
        Some(crate::heuristic::manhattan_cells(&cells, self.width, self.goal_blank) + 2 * extra)
    }

    /// The table entry of pattern `p` given `pos[label]` = the cell of every tile: half
    /// the moves the pattern needs beyond its tiles' Manhattan distance.
    pub(crate) fn lookup(&self, p: usize, pos: &[u8]) -> u8 {
        let r = self.rankers[p].rank(self.patterns[p].iter().map(|&l| pos[usize::from(l)]));
        nibble(&self.tables[p], r as usize)
    }

    /// The index in pattern `p`'s table of the placement `pos` with tile `label` moved to
    /// `cell`.
    pub(crate) fn rank_moved(&self, p: usize, pos: &[u8], label: u8, cell: u8) -> u32 {
        let cells = self.patterns[p].iter().map(|&l| if l == label { cell } else { pos[usize::from(l)] });
        self.rankers[p].rank(cells) as u32
    }

    /// The index of placement `pos` in pattern `p`'s table.
    pub(crate) fn rank(&self, p: usize, pos: &[u8]) -> u32 {
        self.rankers[p].rank(self.patterns[p].iter().map(|&l| pos[usize::from(l)])) as u32
    }

    /// The multiplier of every tile of pattern `p` in its ranking.
    pub(crate) fn multipliers(&self, p: usize) -> &[u64] {
        &self.rankers[p].mult
    }

    /// Entry `r` of pattern `p`'s table.
    pub(crate) fn entry(&self, p: usize, r: u32) -> u8 {
        nibble(&self.tables[p], r as usize)
    }

    /// The cache file name for this size, blank cell and partition.
    fn file_name(width: usize, height: usize, goal_blank: usize, patterns: &[Vec<u8>]) -> String {
        let mut key = Vec::new();
        for p in patterns {
            key.push(p.len() as u8);
            key.extend_from_slice(p);
        }
        let sizes: Vec<String> = patterns.iter().map(|p| p.len().to_string()).collect();
        format!("fifteen-pdb-{width}x{height}-b{goal_blank}-{}-{:016x}.bin", sizes.join("-"), fnv1a(&key))
    }

    /// Serialises the database: header (magic, version, entry width, size, blank cell,
    /// partition), tables (entry count, then two entries a byte) and checksum.
    ///
    /// ```
    /// use fifteen::pdb::PatternDb;
    /// let db = PatternDb::build(2, 2, 3, &[vec![0, 1, 2]], &mut |_, _| {}).unwrap();
    /// let bytes = db.to_bytes();
    /// assert_eq!(PatternDb::from_bytes(&bytes, 2, 2, 3, db.patterns()).unwrap(), db);
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&[
            ENTRY_BITS,
            self.width as u8,
            self.height as u8,
            self.goal_blank as u8,
            self.patterns.len() as u8,
        ]);
        for p in &self.patterns {
            out.push(p.len() as u8);
            out.extend_from_slice(p);
        }
        let n = self.width * self.height;
        for (t, p) in self.tables.iter().zip(&self.patterns) {
            out.extend_from_slice(&arrangements(n, p.len()).to_le_bytes());
            out.extend_from_slice(t);
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a database written by [`PatternDb::to_bytes`], checking that it is intact
    /// (checksum, lengths) and that it is the one expected (size,
    /// blank cell, partition). The error says what did not match.
    ///
    /// ```
    /// use fifteen::pdb::PatternDb;
    /// let db = PatternDb::build(2, 2, 3, &[vec![0, 1, 2]], &mut |_, _| {}).unwrap();
    /// let mut bytes = db.to_bytes();
    /// bytes[30] ^= 1;
    /// assert!(PatternDb::from_bytes(&bytes, 2, 2, 3, db.patterns()).is_err());
    /// ```
    pub fn from_bytes(
        bytes: &[u8],
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
    ) -> Result<PatternDb, PdbError> {
        let mut reader = bytes;
        PatternDb::read_from(&mut reader, width, height, goal_blank, patterns)
    }

    /// [`PatternDb::from_bytes`] from a reader (a cache file: each table is read straight
    /// into its own buffer and the checksum is computed on the way).
    fn read_from(
        reader: &mut impl Read,
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
    ) -> Result<PatternDb, PdbError> {
        let mut sum = Checksum::new();
        let mut read = |buf: &mut [u8], sum: &mut Checksum| -> Result<(), PdbError> {
            reader.read_exact(buf).map_err(|_| PdbError::Truncated)?;
            sum.update(buf);
            Ok(())
        };
        let mut start = [0u8; 13];
        read(&mut start, &mut sum)?;
        if &start[..8] != MAGIC {
            return Err(PdbError::NotPdb);
        }
        if start[8..12] != VERSION.to_le_bytes() {
            return Err(PdbError::Version);
        }
        if start[12] != ENTRY_BITS {
            return Err(PdbError::EntryBits { bits: start[12] });
        }
        let mut expected = PatternDb::empty(width, height, goal_blank, patterns)?;
        let header = expected.to_bytes();
        let header_len = 17 + patterns.iter().map(|p| 1 + p.len()).sum::<usize>();
        let mut rest = vec![0u8; header_len - start.len()];
        read(&mut rest, &mut sum)?;
        if rest[..] != header[start.len()..header_len] {
            return Err(PdbError::OtherDatabase);
        }
        let n = width * height;
        for p in patterns {
            let want = arrangements(n, p.len());
            let mut len = [0u8; 8];
            read(&mut len, &mut sum)?;
            let len = u64::from_le_bytes(len);
            if len != want {
                return Err(PdbError::TableLength { len, want });
            }
            let mut table = vec![0u8; (len as usize).div_ceil(2)];
            read(&mut table, &mut sum)?;
            expected.tables.push(table);
        }
        let mut stored = [0u8; 8];
        reader.read_exact(&mut stored).map_err(|_| PdbError::Truncated)?;
        if sum.finish() != u64::from_le_bytes(stored) {
            return Err(PdbError::Checksum);
        }
        if reader.read(&mut [0u8; 1]).map_err(|e| PdbError::Io { message: e.to_string() })? != 0 {
            return Err(PdbError::Trailing);
        }
        Ok(expected)
    }

    /// Loads the database from `dir` if a valid cache file is there; otherwise builds it
    /// (reporting `progress`) and writes the file (atomically, through a temporary file;
    /// when that fails the database is still returned, with [`CacheStatus::Unwritten`]).
    /// A file that fails any check is rebuilt, never trusted.
    ///
    /// ```
    /// use fifteen::pdb::{CacheStatus, PatternDb};
    /// let dir = std::env::temp_dir().join(format!("fifteen-doc-{}", std::process::id()));
    /// let (a, s) = PatternDb::load_or_build(&dir, 2, 2, 3, &[vec![0, 1, 2]], &mut |_, _| {}).unwrap();
    /// assert_eq!(s, CacheStatus::Built);
    /// let (b, s) = PatternDb::load_or_build(&dir, 2, 2, 3, &[vec![0, 1, 2]], &mut |_, _| {}).unwrap();
    /// assert_eq!((s, a), (CacheStatus::Loaded, b));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn load_or_build(
        dir: &Path,
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(PatternDb, CacheStatus), PdbError> {
        PatternDb::load_or_build_within(dir, width, height, goal_blank, patterns, &Budget::default(), progress)
    }

    /// [`PatternDb::load_or_build`] with the build under `budget` (see
    /// [`PatternDb::build_within`]); loading is never stopped.
    ///
    /// ```
    /// use fifteen::pdb::{PatternDb, PdbError};
    /// let dir = std::env::temp_dir().join(format!("fifteen-doc-within-{}", std::process::id()));
    /// let budget = engine::Budget::default().with_time_limit(std::time::Duration::ZERO);
    /// let built = PatternDb::load_or_build_within(&dir, 3, 3, 8, &[vec![0, 1, 2]], &budget, &mut |_, _| {});
    /// assert_eq!(built.unwrap_err(), PdbError::Stopped(engine::StopReason::TimeLimit));
    /// ```
    pub fn load_or_build_within(
        dir: &Path,
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
        budget: &Budget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(PatternDb, CacheStatus), PdbError> {
        let path = dir.join(PatternDb::file_name(width, height, goal_blank, patterns));
        let status = match fs::File::open(&path) {
            Ok(file) => {
                match PatternDb::read_from(&mut std::io::BufReader::new(file), width, height, goal_blank, patterns) {
                    Ok(db) => return Ok((db, CacheStatus::Loaded)),
                    Err(why) => CacheStatus::Rebuilt(why),
                }
            }
            Err(_) => CacheStatus::Built,
        };
        let db = PatternDb::build_within(width, height, goal_blank, patterns, budget, progress)?;
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        let written = fs::create_dir_all(dir)
            .and_then(|()| fs::File::create(&tmp))
            .and_then(|mut f| f.write_all(&db.to_bytes()).and_then(|()| f.sync_all()))
            .and_then(|()| fs::rename(&tmp, &path));
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            let why = PdbError::Write { path: path.display().to_string(), message: e.to_string() };
            return Ok((db, CacheStatus::Unwritten(why)));
        }
        Ok((db, status))
    }
}

/// The cache directory: `FIFTEEN_PDB_DIR` if set, else `$XDG_CACHE_HOME/puzzle-engines`,
/// else `$HOME/.cache/puzzle-engines`; `None` when none of these is set.
///
/// ```
/// // Whatever the environment, the answer is a path or nothing; it never panics.
/// let _ = fifteen::pdb::default_cache_dir();
/// ```
#[must_use]
pub fn default_cache_dir() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("FIFTEEN_PDB_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("puzzle-engines")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("puzzle-engines")))
}

/// The cache file checksum, eight bytes at a time: `h = (rotl(h, 23) ^ word) * K` with an
/// odd `K`, then the last partial word (zero-padded), the length and a final xor-shift.
/// Every step is a bijection of `h` for a fixed word and of the word for a fixed `h`, so
/// any change confined to one word (a flipped bit, a damaged byte) always changes the sum.
/// About 60 ms for 289 MB.
struct Checksum {
    h: u64,
    pending: [u8; 8],
    fill: usize,
    len: u64,
}

impl Checksum {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;

    fn new() -> Checksum {
        Checksum { h: 0x243F_6A88_85A3_08D3, pending: [0; 8], fill: 0, len: 0 }
    }

    fn step(h: u64, word: [u8; 8]) -> u64 {
        (h.rotate_left(23) ^ u64::from_le_bytes(word)).wrapping_mul(Checksum::K)
    }

    fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.fill > 0 {
            let take = (8 - self.fill).min(bytes.len());
            self.pending[self.fill..self.fill + take].copy_from_slice(&bytes[..take]);
            self.fill += take;
            bytes = &bytes[take..];
            if self.fill < 8 {
                return;
            }
            self.h = Checksum::step(self.h, self.pending);
            self.fill = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut a = [0u8; 8];
            a.copy_from_slice(w);
            self.h = Checksum::step(self.h, a);
        }
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.fill = rest.len();
    }

    fn finish(&self) -> u64 {
        let mut last = [0u8; 8];
        last[..self.fill].copy_from_slice(&self.pending[..self.fill]);
        let h = Checksum::step(Checksum::step(self.h, last), self.len.to_le_bytes());
        h ^ h >> 29
    }
}

/// The [`Checksum`] of `bytes`.
fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::new();
    sum.update(bytes);
    sum.finish()
}

/// 64-bit FNV-1a (of the short partition key in file names).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;
    use crate::table::DistanceTable;
    use proptest::prelude::*;

    fn compare_builders(w: usize, h: usize, blank: usize, patterns: &[Vec<u8>], threads: usize) {
        let reference = PatternDb::build_reference(w, h, blank, patterns).unwrap();
        let mut layers = 0;
        let compact = PatternDb::build_with_threads(w, h, blank, patterns, threads, &mut |_, _| layers += 1).unwrap();
        assert!(layers > 0);
        assert!(compact == reference, "{w}x{h} blank {blank} {patterns:?} on {threads} threads");
    }

    /// The compact builder against the plain one on patterns of 3, 4 and 5 tiles of the
    /// 15-puzzle (up to 524,160 placements: several chunks, so several threads share the
    /// scan) for blanks in a corner, on an edge and inside.
    #[test]
    fn compact_builder_matches_reference_on_4x4() {
        let cases: [(usize, &[&[u8]]); 4] = [
            (15, &[&[0, 1, 2], &[3, 6, 7, 10], &[8, 9, 12, 13, 14]]),
            (0, &[&[1, 5, 6, 10], &[15, 14, 3]]),
            (6, &[&[0, 1, 2, 3, 4], &[15, 11]]),
            (9, &[&[2, 7, 12, 13]]),
        ];
        for (i, (blank, groups)) in cases.into_iter().enumerate() {
            let patterns: Vec<Vec<u8>> = groups.iter().map(|g| g.to_vec()).collect();
            compare_builders(4, 4, blank, &patterns, 1 + i % 3);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
        /// Any board of at most 12 cells, any goal blank, any disjoint patterns of up to
        /// five tiles (all tiles included), any number of threads.
        #[test]
        fn compact_builder_matches_reference(
            (w, h) in (1usize..=4, 1usize..=4).prop_filter("2 to 12 cells", |(w, h)| (2..=12).contains(&(w * h))),
            seed in any::<u64>(),
            threads in 1usize..=3,
        ) {
            let n = w * h;
            let mut rng = engine::SeededRng::new(seed);
            let blank = rng.below(n as u64) as usize;
            let mut cells: Vec<u8> = (0..n as u8).filter(|&c| usize::from(c) != blank).collect();
            rng.shuffle(&mut cells);
            let mut patterns = Vec::new();
            let mut at = 0;
            while at < cells.len() && patterns.len() < 3 {
                let size = (1 + rng.below(5) as usize).min(cells.len() - at);
                let mut p = cells[at..at + size].to_vec();
                p.sort_unstable();
                patterns.push(p);
                at += size;
            }
            compare_builders(w, h, blank, &patterns, threads);
        }
    }

    proptest! {
        /// The checksum read piece by piece (as a cache file is) is the one of the whole,
        /// and one changed byte always changes it.
        #[test]
        fn checksum_in_pieces_and_single_changes(
            bytes in proptest::collection::vec(any::<u8>(), 0..100),
            cuts in proptest::collection::vec(0usize..100, 0..6),
            at in any::<usize>(),
            flip in 1u8..=255,
        ) {
            let whole = checksum(&bytes);
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
            cuts.sort_unstable();
            let mut sum = Checksum::new();
            let mut from = 0;
            for c in cuts.into_iter().chain([bytes.len()]) {
                sum.update(&bytes[from..c]);
                from = c;
            }
            prop_assert_eq!(sum.finish(), whole);
            if !bytes.is_empty() {
                let mut changed = bytes.clone();
                changed[at % bytes.len()] ^= flip;
                prop_assert_ne!(checksum(&changed), whole);
            }
        }
    }

    #[test]
    fn nibbles_round_trip_and_saturate_below_the_value() {
        let mut table = vec![0u8; 8];
        let mut want = Vec::new();
        for d in 0..16u32 {
            for md in (0..=d).rev().step_by(2) {
                let e = encode(d, md);
                assert_eq!(u32::from(e), (d - md) / 2);
                want.push(e);
            }
        }
        for (r, &e) in want.iter().enumerate().take(16) {
            table[r >> 1] |= e << ((r & 1) * 4);
        }
        for (r, &e) in want.iter().enumerate().take(16) {
            assert_eq!(nibble(&table, r), e);
        }
        // Saturated: the bound read back stays at or below the value.
        for (d, md) in [(31, 1), (40, 0), (90, 10), (255, 3)] {
            let e = encode(d, md);
            assert_eq!(e, 15);
            assert!(md + 2 * u32::from(e) <= d);
        }
    }

    #[test]
    fn ranks_round_trip() {
        let r = Ranker::new(6, 3);
        let mut out = [0u8; 3];
        for i in 0..arrangements(6, 3) {
            r.unrank(i, &mut out);
            assert_eq!(r.rank(out.iter().copied()), i);
        }
    }

    /// Every table entry must be at most the true distance of every state it covers, and
    /// on 3×3 small patterns the sum must be admissible for every state.
    #[test]
    fn admissible_on_every_eight_puzzle_state() {
        for goal in [Goal::BlankLast, Goal::Spiral, Goal::BlankFirst] {
            let g = goal.layout(3, 3).unwrap();
            let table = DistanceTable::new(&g).unwrap();
            let partition = partition_by_sizes(3, 3, g.blank(), &[3, 3, 2]).unwrap();
            let db = PatternDb::build(3, 3, g.blank(), &partition, &mut |_, _| {}).unwrap();
            let mut beats_manhattan = 0;
            for d in 0..=31u8 {
                for b in table.states_at(d).iter().step_by(5) {
                    let h = db.heuristic(b, &g).unwrap();
                    assert!(h <= u32::from(d), "{goal} {b}: pdb {h} > true {d}");
                    let md = crate::heuristic::manhattan(b, &g).unwrap();
                    assert!(h >= md, "a pattern database is never below Manhattan");
                    beats_manhattan += usize::from(h > md);
                }
            }
            assert!(beats_manhattan > 0);
        }
    }

    #[test]
    fn partitions_cover_every_tile_once() {
        for blank in 0..16 {
            for sizes in [&[6, 6, 3][..], &[5, 5, 5], &[7, 8], &[8, 7], &[6; 16], &[3; 5]] {
                let p = partition(4, 4, blank, sizes).unwrap();
                let mut cells: Vec<u8> = p.concat();
                cells.sort_unstable();
                let want: Vec<u8> = (0..16).filter(|&c| c != blank as u8).collect();
                assert_eq!(cells, want, "blank {blank} sizes {sizes:?}");
                assert!(PatternDb::empty(4, 4, blank, &p).is_ok());
            }
        }
        // An 8-tile pattern is within the build limit, a 9-tile one is not.
        for blank in 0..16 {
            assert!(PatternDb::empty(4, 4, blank, &partition(4, 4, blank, &[7, 8]).unwrap()).is_ok());
        }
        assert!(PatternDb::empty(4, 4, 15, &partition(4, 4, 15, &[9, 6]).unwrap()).is_err());
    }

    /// On 4×4 boards, small patterns never exceed the optimal length found by IDA* with
    /// linear conflicts (itself checked against breadth-first search on smaller boards).
    #[test]
    fn admissible_on_fifteen_puzzle_samples() {
        let g = Goal::BlankLast.layout(4, 4).unwrap();
        let db = PatternDb::build(4, 4, 15, &partition(4, 4, 15, &[3; 5]).unwrap(), &mut |_, _| {}).unwrap();
        let mut rng = engine::SeededRng::new(5);
        for _ in 0..30 {
            let b = crate::generate::random_walk(&g, 40, &mut rng);
            let s = crate::solver::solve_boards(&b, &g, &crate::Options::default()).unwrap();
            let d = s.outcome.answer().and_then(crate::Answer::moves).unwrap().len() as u32;
            let h = db.heuristic(&b, &g).unwrap();
            assert!(h <= d, "{b}: pdb {h} > {d}");
            assert!(h >= crate::heuristic::manhattan(&b, &g).unwrap());
        }
    }

    #[test]
    fn one_pattern_of_all_tiles_is_exact() {
        let g = Goal::Snake.layout(3, 2).unwrap();
        let table = DistanceTable::new(&g).unwrap();
        let db = PatternDb::build(3, 2, g.blank(), &partition_by_sizes(3, 2, g.blank(), &[5]).unwrap(), &mut |_, _| {})
            .unwrap();
        for d in 0..=u8::try_from(table.histogram().len() - 1).unwrap() {
            for b in table.states_at(d) {
                assert_eq!(db.heuristic(&b, &g), Some(u32::from(d)), "{b}");
            }
        }
    }

    #[test]
    fn cache_round_trip_and_corruption() {
        let dir = std::env::temp_dir().join(format!("fifteen-pdb-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let patterns = partition_by_sizes(4, 4, 15, &[3, 3, 3, 3, 3]).unwrap();
        let build = |patterns: &[Vec<u8>]| PatternDb::load_or_build(&dir, 4, 4, 15, patterns, &mut |_, _| {}).unwrap();
        let (fresh, status) = build(&patterns);
        assert_eq!(status, CacheStatus::Built);
        let (loaded, status) = build(&patterns);
        assert_eq!(status, CacheStatus::Loaded);
        assert_eq!(loaded, fresh);
        let path = dir.join(PatternDb::file_name(4, 4, 15, &patterns));
        // Flip one table byte: the checksum catches it.
        let mut bytes = fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x01;
        fs::write(&path, &bytes).unwrap();
        let (rebuilt, status) = build(&patterns);
        assert_eq!(status, CacheStatus::Rebuilt(PdbError::Checksum));
        assert_eq!(rebuilt, fresh);
        // A truncated file.
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 100]).unwrap();
        assert!(matches!(build(&patterns).1, CacheStatus::Rebuilt(_)));
        // A stale file: another version, with a valid checksum.
        let mut bytes = fs::read(&path).unwrap();
        bytes[8] = 99;
        let body_len = bytes.len() - 8;
        let sum = checksum(&bytes[..body_len]);
        bytes[body_len..].copy_from_slice(&sum.to_le_bytes());
        fs::write(&path, &bytes).unwrap();
        assert_eq!(build(&patterns).1, CacheStatus::Rebuilt(PdbError::Version));
        // Another partition's file under this name is refused too.
        let other = partition_by_sizes(4, 4, 15, &[4, 4, 4, 3]).unwrap();
        let bytes = PatternDb::build(4, 4, 15, &other, &mut |_, _| {}).unwrap().to_bytes();
        assert!(PatternDb::from_bytes(&bytes, 4, 4, 15, &patterns).is_err());
        assert_eq!(build(&patterns).1, CacheStatus::Loaded);
        fs::remove_dir_all(&dir).unwrap();
    }
}
