//! The one parser of board sizes (`WxH`, or `N` for a square board) the games share, with
//! limits that every size argument documents.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A board size: `width` columns by `height` rows. Text form `WxH` (an `N` alone means
/// `NxN`, where the limits allow it).
///
/// ```
/// use engine::Size;
/// let s: Size = "18x8".parse().unwrap();
/// assert_eq!((s.width, s.height), (18, 8));
/// assert_eq!(s.to_string(), "18x8");
/// assert_eq!(s.cells(), 144);
/// assert!("18x".parse::<Size>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Size {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

/// The sizes an argument accepts: each side within `min_side..=max_side`, at most
/// `max_cells` cells, and whether a lone `N` means `NxN`.
///
/// ```
/// let limits = engine::SizeLimits::new(2, 8).with_max_cells(36).square_shorthand();
/// assert_eq!(engine::Size::parse("5", &limits).unwrap(), engine::Size::new(5, 5));
/// assert!(engine::Size::parse("8x8", &limits).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeLimits {
    /// Smallest side.
    pub min_side: usize,
    /// Largest side.
    pub max_side: usize,
    /// Most cells.
    pub max_cells: usize,
    /// Whether `N` alone is read as `NxN`.
    pub square: bool,
}

impl SizeLimits {
    /// Sides from `min_side` to `max_side`, any number of cells up to `max_side²`, `WxH`
    /// only.
    ///
    /// ```
    /// assert_eq!(engine::SizeLimits::new(1, 10).max_cells, 100);
    /// ```
    #[must_use]
    pub const fn new(min_side: usize, max_side: usize) -> Self {
        SizeLimits { min_side, max_side, max_cells: max_side.saturating_mul(max_side), square: false }
    }

    /// The same limits with at most `max_cells` cells.
    ///
    /// ```
    /// assert_eq!(engine::SizeLimits::new(1, 10).with_max_cells(50).max_cells, 50);
    /// ```
    #[must_use]
    pub const fn with_max_cells(mut self, max_cells: usize) -> Self {
        self.max_cells = max_cells;
        self
    }

    /// The same limits, reading `N` alone as `NxN`.
    ///
    /// ```
    /// assert!(engine::SizeLimits::new(1, 10).square_shorthand().square);
    /// ```
    #[must_use]
    pub const fn square_shorthand(mut self) -> Self {
        self.square = true;
        self
    }
}

/// Why a size was refused.
///
/// ```
/// let limits = engine::SizeLimits::new(2, 30);
/// let e = engine::Size::parse("31x2", &limits).unwrap_err();
/// assert_eq!(e.to_string(), "each side must be from 2 to 30");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// Not `WxH` (or `N`) with whole numbers.
    Malformed,
    /// A side outside `min..=max`.
    Side {
        /// Smallest side allowed.
        min: usize,
        /// Largest side allowed.
        max: usize,
    },
    /// More than `max` cells.
    Cells {
        /// Most cells allowed.
        max: usize,
    },
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::Malformed => f.write_str("expected WxH with whole numbers"),
            SizeError::Side { min, max } => write!(f, "each side must be from {min} to {max}"),
            SizeError::Cells { max } => write!(f, "at most {max} cells"),
        }
    }
}

impl std::error::Error for SizeError {}

impl Size {
    /// A `width` by `height` size.
    ///
    /// ```
    /// assert_eq!(engine::Size::new(4, 3).to_string(), "4x3");
    /// ```
    #[must_use]
    pub const fn new(width: usize, height: usize) -> Self {
        Size { width, height }
    }

    /// Number of cells.
    ///
    /// ```
    /// assert_eq!(engine::Size::new(4, 3).cells(), 12);
    /// ```
    #[must_use]
    pub const fn cells(self) -> usize {
        self.width * self.height
    }

    /// Reads `WxH` (or `N`, if `limits.square`) and checks it against `limits`. Malformed
    /// text (including numbers too large for `usize`) is [`SizeError::Malformed`].
    ///
    /// ```
    /// let limits = engine::SizeLimits::new(1, 100);
    /// assert_eq!(engine::Size::parse(" 3X4 ", &limits).unwrap(), engine::Size::new(3, 4));
    /// assert_eq!(engine::Size::parse("0x4", &limits), Err(engine::SizeError::Side { min: 1, max: 100 }));
    /// assert_eq!(engine::Size::parse("99999999999999999999999x4", &limits), Err(engine::SizeError::Malformed));
    /// ```
    ///
    /// # Errors
    /// As described.
    pub fn parse(text: &str, limits: &SizeLimits) -> Result<Size, SizeError> {
        let size = Size::parse_unchecked(text, limits.square)?;
        let side = |n: usize| (limits.min_side..=limits.max_side).contains(&n);
        if !side(size.width) || !side(size.height) {
            return Err(SizeError::Side { min: limits.min_side, max: limits.max_side });
        }
        if size.width.checked_mul(size.height).is_none_or(|c| c > limits.max_cells) {
            return Err(SizeError::Cells { max: limits.max_cells });
        }
        Ok(size)
    }

    fn parse_unchecked(text: &str, square: bool) -> Result<Size, SizeError> {
        let number = |t: &str| {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(SizeError::Malformed);
            }
            t.parse::<usize>().map_err(|_| SizeError::Malformed)
        };
        match text.trim().split_once(['x', 'X']) {
            Some((w, h)) => Ok(Size::new(number(w)?, number(h)?)),
            None if square => {
                let n = number(text)?;
                Ok(Size::new(n, n))
            }
            None => Err(SizeError::Malformed),
        }
    }
}

impl FromStr for Size {
    type Err = SizeError;

    /// `WxH` with positive sides, no other limit.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Size::parse(text, &SizeLimits::new(1, usize::MAX).with_max_cells(usize::MAX))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn never_panics(text in ".{0,24}") {
            let _ = Size::parse(&text, &SizeLimits::new(1, 50).square_shorthand());
        }

        #[test]
        fn round_trips(w in 1usize..1000, h in 1usize..1000) {
            let s = Size::new(w, h);
            prop_assert_eq!(s.to_string().parse::<Size>(), Ok(s));
        }
    }
}
