//! What the generators take and how they fail: the [`Spec`] of a random level, its
//! ranges ([`MAX_SIDE`], [`MAX_TRIANGLES`], [`MAX_REGIONS`], [`MAX_ATTEMPTS`]) and their
//! check, and [`GenerateError`].

use engine::StopReason;
use serde::{Deserialize, Serialize};

use crate::MAX_COLOURS;
use crate::level::LevelError;
/// The most rows, and the most columns, [`generate`](fn@crate::generate) accepts.
///
/// ```
/// use kami::generate::{GenerateError, MAX_SIDE, Spec, generate};
/// let spec = Spec::new(1, MAX_SIDE + 1);
/// let err = generate(&spec, &mut engine::SeededRng::new(0)).unwrap_err();
/// assert_eq!(err, GenerateError::TooBig { rows: MAX_SIDE + 1, cols: 1 });
/// ```
pub const MAX_SIDE: usize = 200;

/// The most triangles (`rows × cols`) [`generate`](fn@crate::generate) accepts.
///
/// ```
/// assert!(kami::generate::MAX_TRIANGLES < kami::generate::MAX_SIDE * kami::generate::MAX_SIDE);
/// ```
pub const MAX_TRIANGLES: usize = 10_000;

/// The most regions [`generate`](fn@crate::generate) accepts (far past what the solver proves within the
/// default budget: see the module docs).
///
/// ```
/// use kami::generate::{GenerateError, Spec, generate};
/// let spec = Spec::new(100, 100).with_regions(kami::generate::MAX_REGIONS + 1);
/// let err = generate(&spec, &mut engine::SeededRng::new(0)).unwrap_err();
/// assert_eq!(err.to_string(), "regions must be at most 1000, not 1001");
/// ```
pub const MAX_REGIONS: usize = 1_000;

/// The most layouts [`generate`](fn@crate::generate) tries ([`Spec::attempts`]).
///
/// ```
/// let spec = kami::generate::Spec::default().with_attempts(kami::generate::MAX_ATTEMPTS + 1);
/// assert!(kami::generate::generate(&spec, &mut engine::SeededRng::new(0)).is_err());
/// ```
pub const MAX_ATTEMPTS: usize = 10_000;

/// What to generate (the random seed is the [`SeededRng`](engine::SeededRng) given to [`generate`](fn@crate::generate)).
///
/// ```
/// let spec = kami::generate::Spec::new(5, 6).with_colours(3).with_regions(8);
/// assert_eq!((spec.rows, spec.cols, spec.colours, spec.regions), (6, 5, 3, 8));
/// assert_eq!(kami::generate::Spec::default().rows, 29);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Spec {
    /// Rows of triangles (1 to [`MAX_SIDE`]).
    pub rows: usize,
    /// Columns of triangles (1 to [`MAX_SIDE`]; at most [`MAX_TRIANGLES`] triangles in all).
    pub cols: usize,
    /// Number of colours (all of them are used; 1 to [`MAX_COLOURS`]).
    pub colours: usize,
    /// Number of regions of the level (exactly; from `colours` to the triangle count and
    /// at most [`MAX_REGIONS`]).
    pub regions: usize,
    /// Solver nodes allowed per layout before it is dropped (deterministic, unlike a time
    /// limit: the budget given to [`generate_within`](crate::generate_within) stops the whole generation instead).
    pub node_limit: u64,
    /// Layouts tried before giving up (at most [`MAX_ATTEMPTS`]).
    pub attempts: usize,
}

impl Default for Spec {
    fn default() -> Self {
        Spec { rows: 29, cols: 10, colours: 4, regions: 40, node_limit: 2_000_000, attempts: 50 }
    }
}

impl Spec {
    /// The default spec with `width` triangles a row (columns) and `height` rows. Any
    /// size is a spec: one the generator cannot make is an error of
    /// [`generate`](fn@crate::generate).
    ///
    /// ```
    /// let spec = kami::generate::Spec::new(10, 29);
    /// assert_eq!((spec.cols, spec.rows), (10, 29));
    /// assert_eq!(spec, kami::generate::Spec::default().with_size(engine::Size::new(10, 29)));
    /// ```
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        Spec::default().with_size(engine::Size::new(width, height))
    }

    /// The same spec with `size.width` columns and `size.height` rows of triangles.
    ///
    /// ```
    /// let spec = kami::generate::Spec::default().with_size(engine::Size::new(4, 3));
    /// assert_eq!((spec.rows, spec.cols), (3, 4));
    /// ```
    #[must_use]
    pub fn with_size(mut self, size: engine::Size) -> Self {
        self.rows = size.height;
        self.cols = size.width;
        self
    }

    /// The same spec with `colours` colours.
    ///
    /// ```
    /// assert_eq!(kami::generate::Spec::default().with_colours(3).colours, 3);
    /// ```
    #[must_use]
    pub fn with_colours(mut self, colours: usize) -> Self {
        self.colours = colours;
        self
    }

    /// The same spec with exactly `regions` regions.
    ///
    /// ```
    /// assert_eq!(kami::generate::Spec::default().with_regions(12).regions, 12);
    /// ```
    #[must_use]
    pub fn with_regions(mut self, regions: usize) -> Self {
        self.regions = regions;
        self
    }

    /// The same spec with `nodes` solver nodes per layout.
    ///
    /// ```
    /// assert_eq!(kami::generate::Spec::default().with_node_limit(10).node_limit, 10);
    /// ```
    #[must_use]
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = nodes;
        self
    }

    /// The same spec trying `attempts` layouts.
    ///
    /// ```
    /// assert_eq!(kami::generate::Spec::default().with_attempts(3).attempts, 3);
    /// ```
    #[must_use]
    pub fn with_attempts(mut self, attempts: usize) -> Self {
        self.attempts = attempts;
        self
    }
}

/// Why no level was generated or designed.
///
/// ```
/// use kami::generate::{GenerateError, Spec, generate};
/// let spec = Spec::default().with_colours(0);
/// let err = generate(&spec, &mut engine::SeededRng::new(1)).unwrap_err();
/// assert_eq!(err, GenerateError::Colours { colours: 0 });
/// assert_eq!(err.to_string(), "colours must be 1 to 36, not 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No rows or no columns.
    #[error("the level needs at least one row and one column")]
    Empty,
    /// More than [`MAX_SIDE`] rows or columns, or more than [`MAX_TRIANGLES`] triangles.
    #[error("{rows}x{cols} is too big: at most {MAX_SIDE} rows and columns and {MAX_TRIANGLES} triangles")]
    TooBig {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A colour count out of range (generate: 1 to [`MAX_COLOURS`]).
    #[error("colours must be 1 to {MAX_COLOURS}, not {colours}")]
    Colours {
        /// Colours asked for.
        colours: usize,
    },
    /// A region count below the colours or above the triangles.
    #[error("regions must be between the colour count {colours} and the triangle count {triangles}")]
    Regions {
        /// Colours asked for.
        colours: usize,
        /// Triangles of the level.
        triangles: usize,
    },
    /// More regions than [`MAX_REGIONS`].
    #[error("regions must be at most {MAX_REGIONS}, not {regions}")]
    TooManyRegions {
        /// Regions asked for.
        regions: usize,
    },
    /// One colour with more than one region.
    #[error("one colour makes one region, not {regions}")]
    OneColour {
        /// Regions asked for.
        regions: usize,
    },
    /// More attempts than [`MAX_ATTEMPTS`].
    #[error("attempts must be 1 to {MAX_ATTEMPTS}, not {attempts}")]
    Attempts {
        /// Attempts asked for.
        attempts: usize,
    },
    /// Every attempt failed (no layout of that many regions, or no par proven within the
    /// node limit).
    #[error("no level of {regions} regions could be built and proven within the budget in {attempts} attempts")]
    NotFound {
        /// Regions asked for.
        regions: usize,
        /// Attempts made.
        attempts: usize,
    },
    /// The budget given to [`generate_within`](crate::generate_within) ran out (time limit or cancel token).
    #[error("gave up: {0}")]
    GaveUp(StopReason),
    /// A design's colour count out of range (2 to [`MAX_COLOURS`]).
    #[error("colours must be 2 to {MAX_COLOURS}, not {colours}")]
    DesignColours {
        /// Colours asked for.
        colours: usize,
    },
    /// Too few un-moves to bring in every colour (a design needs `colours − 1`).
    #[error("{moves} un-moves cannot bring in {colours} colours")]
    TooFewUnmoves {
        /// Un-moves asked for.
        moves: usize,
        /// Colours asked for.
        colours: usize,
    },
    /// More un-moves than [`MAX_REGIONS`].
    #[error("at most {MAX_REGIONS} un-moves, not {moves}")]
    TooManyUnmoves {
        /// Un-moves asked for.
        moves: usize,
    },
    /// Blob sizes that are not a range of positive sizes.
    #[error("blob sizes {min}..={max} are not a range of positive sizes")]
    Blob {
        /// The smallest blob asked for.
        min: usize,
        /// The largest blob asked for.
        max: usize,
    },
    /// No design of the options found in 50 attempts.
    #[error("no construction found in 50 attempts (blobs too big for the board?)")]
    NoConstruction,
    /// A par below the colour count minus one (see [`with_par`](crate::generate::with_par)).
    #[error("a level of {colours} colours needs at least {least} moves, not {par}", least = colours.saturating_sub(1))]
    ParTooSmall {
        /// The par asked for.
        par: usize,
        /// Colours asked for.
        colours: usize,
    },
    /// No attempt of [`with_par`](crate::generate::with_par) proved the par asked for.
    #[error("no level of par {par} proven in {attempts} attempts")]
    ParNotProven {
        /// The par asked for.
        par: usize,
        /// Attempts made.
        attempts: usize,
    },
    /// A built level is not a level (no triangles, a colour out of range).
    #[error(transparent)]
    Level(#[from] LevelError),
}

impl Spec {
    /// Checks the spec's ranges as [`generate`](fn@crate::generate) does before it starts (for a command that
    /// validates its options up front).
    ///
    /// ```
    /// use kami::generate::{GenerateError, Spec};
    /// assert_eq!(Spec::default().validate(), Ok(()));
    /// assert_eq!(Spec::default().with_colours(0).validate(), Err(GenerateError::Colours { colours: 0 }));
    /// ```
    ///
    /// # Errors
    /// The first range the spec breaks (see [`GenerateError`]).
    pub fn validate(&self) -> Result<(), GenerateError> {
        check(self)
    }
}

/// Checks a spec's ranges (see [`GenerateError`]).
pub(super) fn check(spec: &Spec) -> Result<(), GenerateError> {
    let Spec { rows, cols, colours, regions, attempts, .. } = *spec;
    if rows == 0 || cols == 0 {
        return Err(GenerateError::Empty);
    }
    if rows > MAX_SIDE || cols > MAX_SIDE || rows * cols > MAX_TRIANGLES {
        return Err(GenerateError::TooBig { rows, cols });
    }
    if colours == 0 || colours > MAX_COLOURS {
        return Err(GenerateError::Colours { colours });
    }
    if regions < colours || regions > rows * cols {
        return Err(GenerateError::Regions { colours, triangles: rows * cols });
    }
    if regions > MAX_REGIONS {
        return Err(GenerateError::TooManyRegions { regions });
    }
    if colours == 1 && regions > 1 {
        return Err(GenerateError::OneColour { regions });
    }
    if attempts > MAX_ATTEMPTS {
        return Err(GenerateError::Attempts { attempts });
    }
    Ok(())
}
