//! Why a pattern database could not be made or read.

use engine::StopReason;

use super::rank::MAX_PDB_CELLS;

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
    /// A pattern of more placements than [`MAX_BUILD_STATES`](super::rank::MAX_BUILD_STATES).
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
    /// The build thread of a `PdbCache` panicked.
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
