//! What several commands share: the limit of `--copies` and the `--size` parser.

use engine::cli::Failure;
use engine::{Size, SizeLimits};

/// The most tiles of one kind `--copies` accepts (a 100x100 board).
pub(crate) const MAX_COPIES: u64 = 10_000;

/// Reads `--size WxH` (its limits are the generator spec's, checked after).
pub(crate) fn parse_size(size: &str) -> Result<Size, Failure> {
    let any_size = SizeLimits::new(0, usize::MAX).with_max_cells(usize::MAX);
    Size::parse(size, &any_size).map_err(|_| Failure(2, format!("--size {size:?}: expected WxH, e.g. 18x8")))
}
