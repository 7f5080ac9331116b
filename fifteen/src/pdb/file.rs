//! The cache file of a database: its name, its format (a header, the tables, a
//! word-at-a-time checksum), reading it back (a file that does not match exactly is
//! refused) and the cache directory.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use engine::Budget;

use super::db::PatternDb;
use super::error::PdbError;
use super::rank::arrangements;

const MAGIC: &[u8; 8] = b"FIFTNPDB";
/// Version 2: four-bit entries, word-at-a-time checksum.
const VERSION: u32 = 2;
/// Bits per table entry, in the file header.
const ENTRY_BITS: u8 = 4;

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

impl PatternDb {
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
    use super::super::partition::partition_by_sizes;
    use super::*;
    use proptest::prelude::*;

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
