//! The database: its tables built from a partition (on threads, within a budget, or by
//! the plain reference builder for tests), and the lookups of the solver.

use engine::{Budget, StopReason};

use super::error::PdbError;
use super::rank::{MAX_BUILD_STATES, MAX_PDB_CELLS, Ranker, arrangements, nibble};
use super::{build, reference};
use crate::Board;
use crate::solvable::goal_cells;

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
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) goal_blank: usize,
    pub(super) patterns: Vec<Vec<u8>>,
    pub(super) tables: Vec<Vec<u8>>,
    /// For each goal cell, its pattern (or `u8::MAX`).
    pub(super) pattern_of: Vec<u8>,
    pub(super) rankers: Vec<Ranker>,
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
            db.tables.push(reference::build_nibbles_reference(width, height, goal_blank, p));
        }
        Ok(db)
    }

    /// A database with the header checked and no tables yet.
    pub(super) fn empty(
        width: usize,
        height: usize,
        goal_blank: usize,
        patterns: &[Vec<u8>],
    ) -> Result<PatternDb, PdbError> {
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
}

#[cfg(test)]
mod tests {
    use super::super::partition::partition;
    use super::*;
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
}
