//! Seeded random levels with a proven par.
//!
//! A level of `rows × cols` triangles with exactly `regions` regions: first, up to
//! [`RANDOM_ATTEMPTS`] random layouts, each cut into `regions` pieces grown from random
//! seed triangles, each piece coloured avoiding the colours of the pieces it touches where
//! it can (a layout where two pieces of one colour touch has fewer regions and is
//! dropped). Random layouts of many regions have a par too deep to prove quickly, so then
//! levels are built by reverse play (see [`design`]), stopping at exactly `regions`
//! regions; their par is at most the number of un-moves. Each level is solved optimally
//! within a node budget (deterministic, unlike a time limit); a level the solver cannot
//! prove within the budget is dropped and the next one tried.
//!
//! On 29 × 10 boards with the default budget, levels of up to 130 regions with 5 colours,
//! 150 with 4 and 190 with 3 were generated with their proven par (par 9–14) in 0.7–45 s
//! on the seeds measured (one seed fails at 130 regions with 5 colours and at 150 with 4);
//! past that, most attempts cannot be proven within the budget, or (200 regions with 3
//! colours) most build no layout of exactly that many regions (see `kami/README.md`).

use std::time::Instant;

use engine::{Budget, Grid, SeededRng, StopReason, Topology, TriangleGrid};
use serde::{Deserialize, Serialize};

use crate::level::LevelError;
use crate::solver::{SolveOptions, Solved, solve_solved};
use crate::{Colour, Level, MAX_COLOURS, Move, RegionGraph, play};

/// The most rows, and the most columns, [`generate`] accepts.
///
/// ```
/// use kami::generate::{GenerateError, MAX_SIDE, Spec, generate};
/// let spec = Spec::default().with_size(MAX_SIDE + 1, 1);
/// let err = generate(&spec, &mut engine::SeededRng::new(0)).unwrap_err();
/// assert_eq!(err, GenerateError::TooBig { rows: MAX_SIDE + 1, cols: 1 });
/// ```
pub const MAX_SIDE: usize = 200;

/// The most triangles (`rows × cols`) [`generate`] accepts.
///
/// ```
/// assert!(kami::generate::MAX_TRIANGLES < kami::generate::MAX_SIDE * kami::generate::MAX_SIDE);
/// ```
pub const MAX_TRIANGLES: usize = 10_000;

/// The most regions [`generate`] accepts (far past what the solver proves within the
/// default budget: see the module docs).
///
/// ```
/// use kami::generate::{GenerateError, Spec, generate};
/// let spec = Spec::default().with_size(100, 100).with_regions(kami::generate::MAX_REGIONS + 1);
/// let err = generate(&spec, &mut engine::SeededRng::new(0)).unwrap_err();
/// assert_eq!(err.to_string(), "regions must be at most 1000, not 1001");
/// ```
pub const MAX_REGIONS: usize = 1_000;

/// The most layouts [`generate`] tries ([`Spec::attempts`]).
///
/// ```
/// let spec = kami::generate::Spec::default().with_attempts(kami::generate::MAX_ATTEMPTS + 1);
/// assert!(kami::generate::generate(&spec, &mut engine::SeededRng::new(0)).is_err());
/// ```
pub const MAX_ATTEMPTS: usize = 10_000;

/// What to generate (the random seed is the [`SeededRng`] given to [`generate`]).
///
/// ```
/// let spec = kami::generate::Spec::default().with_size(6, 5).with_colours(3).with_regions(8);
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
    /// limit: the budget given to [`generate_within`] stops the whole generation instead).
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
    /// The same spec with `rows × cols` triangles.
    ///
    /// ```
    /// assert_eq!(kami::generate::Spec::default().with_size(3, 4).cols, 4);
    /// ```
    #[must_use]
    pub fn with_size(mut self, rows: usize, cols: usize) -> Self {
        self.rows = rows;
        self.cols = cols;
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
    /// The budget given to [`generate_within`] ran out (time limit or cancel token).
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
    /// A par below the colour count minus one (see [`with_par`]).
    #[error("a level of {colours} colours needs at least {least} moves, not {par}", least = colours.saturating_sub(1))]
    ParTooSmall {
        /// The par asked for.
        par: usize,
        /// Colours asked for.
        colours: usize,
    },
    /// No attempt of [`with_par`] proved the par asked for.
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

/// A random level with its proven optimum as `par` ([`generate_within`] with no budget
/// beyond [`Spec::node_limit`]).
///
/// The same spec and seed give the same level on every run of one version of this crate.
/// Across versions they may not: a layout is kept when the solver proves its par within
/// [`Spec::node_limit`], and a solver that spends fewer nodes keeps layouts an older one
/// dropped (in November 2026, seeds 1, 3 and 4 of 29 × 10 levels with 4 colours and 130
/// regions changed this way, to levels whose proofs take about five times as long). A game
/// that needs the same levels after an upgrade stores the levels, not the seeds.
///
/// ```
/// use kami::generate::{generate, Spec};
/// let spec = Spec::default().with_size(6, 5).with_colours(3).with_regions(8);
/// let level = generate(&spec, &mut engine::SeededRng::new(2026)).unwrap();
/// assert_eq!(level, generate(&spec, &mut engine::SeededRng::new(2026)).unwrap()); // same seed, same level
/// assert_eq!(level.par, Some(kami::solver::optimal(&level).unwrap().len() as u32));
/// assert_eq!(level.colours_used().len(), 3);
/// assert_eq!(kami::RegionGraph::new(&level).len(), 8);
/// ```
///
/// # Errors
/// A spec out of range, or no level found in [`Spec::attempts`] attempts.
pub fn generate(spec: &Spec, rng: &mut SeededRng) -> Result<Level, GenerateError> {
    generate_within(spec, rng, &Budget::default())
}

impl Spec {
    /// Checks the spec's ranges as [`generate`] does before it starts (for a command that
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
fn check(spec: &Spec) -> Result<(), GenerateError> {
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

/// [`generate`] within `budget`: its time limit (counted from this call), deadline and
/// cancel token stop the whole generation ([`GenerateError::GaveUp`]); its node limit, if
/// any, caps each layout's proof below [`Spec::node_limit`]. The level for a seed is the
/// same as [`generate`]'s when the budget does not run out.
///
/// ```
/// use kami::generate::{GenerateError, Spec, generate_within};
/// let cancel = engine::CancelToken::new();
/// cancel.cancel();
/// let budget = engine::Budget::default().with_cancel(cancel);
/// let err = generate_within(&Spec::default(), &mut engine::SeededRng::new(1), &budget).unwrap_err();
/// assert_eq!(err, GenerateError::GaveUp(engine::StopReason::Cancelled));
/// ```
///
/// # Errors
/// As [`generate`], and [`GenerateError::GaveUp`] when the budget runs out.
pub fn generate_within(spec: &Spec, rng: &mut SeededRng, budget: &Budget) -> Result<Level, GenerateError> {
    generate_proven(spec, rng, budget).map(|(level, _)| level)
}

/// [`generate_within`] with the proof: the level (its `par` set) and the optimal solution
/// the solver found, of `par` moves. The same level as [`generate_within`] for the same
/// spec, seed and budget; the solution is the same on every run (the proofs search on the
/// calling thread only, under a node limit).
///
/// ```
/// use kami::generate::{Spec, generate_proven};
/// let spec = Spec::default().with_size(6, 5).with_colours(3).with_regions(8);
/// let (level, moves) = generate_proven(&spec, &mut engine::SeededRng::new(2026), &engine::Budget::default()).unwrap();
/// assert_eq!(level.par, Some(moves.len() as u32));
/// assert!(kami::play::is_solved(&kami::play::replay(&level, &moves).unwrap()));
/// ```
///
/// # Errors
/// As [`generate_within`].
pub fn generate_proven(spec: &Spec, rng: &mut SeededRng, budget: &Budget) -> Result<(Level, Vec<Move>), GenerateError> {
    check(spec)?;
    let Spec { rows, cols, colours, regions, .. } = *spec;
    let mut overall = budget.clone();
    if let Some(time) = budget.time_limit() {
        overall = overall.with_deadline(Instant::now() + time);
    }
    let node_limit = budget.node_limit().map_or(spec.node_limit, |n| n.min(spec.node_limit));
    let proof = SolveOptions::default().with_budget(overall.clone().with_node_limit(node_limit));
    let mut meter = overall.start();
    for attempt in 0..spec.attempts.max(1) {
        if meter.check() {
            return Err(GenerateError::GaveUp(meter.stopped().unwrap_or(StopReason::Cancelled)));
        }
        let cells = if attempt < RANDOM_ATTEMPTS || colours < 2 {
            layout(rows, cols, colours, regions, rng)
        } else {
            reverse_play_to(spec, (attempt - RANDOM_ATTEMPTS) / 4, rng, &mut || meter.check())
        };
        let Some(cells) = cells else { continue };
        let mut level = Level::from_cells(cells)?;
        if RegionGraph::new(&level).len() != regions {
            continue;
        }
        match solve_solved(&level, &proof) {
            (Solved::Optimal(moves), _) => {
                level.par = Some(moves.len() as u32);
                return Ok((level, moves));
            }
            (_, Some(reason)) if reason != StopReason::NodeLimit => return Err(GenerateError::GaveUp(reason)),
            _ => {}
        }
    }
    Err(GenerateError::NotFound { regions, attempts: spec.attempts.max(1) })
}

/// Random layouts tried before [`generate`] turns to reverse play.
pub const RANDOM_ATTEMPTS: usize = 2;

/// Most un-moves [`reverse_play_to`] plans: levels of par up to 8 are proven within the
/// default budget on 29 × 10 boards (see `kami/README.md`).
const MOST_PLANNED: usize = 8;

/// Un-moves [`reverse_play_to`] may add past its plan to reach the goal.
const MORE_UNMOVES: usize = 32;

/// Regions each later planned un-move is left to add in [`reverse_play_to`].
const LATER_SHARE: usize = 3;

/// A level of exactly `options.regions` regions built by reverse play (see [`design`]).
/// The plan has `regions / 3` un-moves, at most [`MOST_PLANNED`] and at least one per
/// colour after the first (`shrink` fewer, down to that, for attempts after failed ones).
/// Each un-move carves the candidate blob that brings the region count closest to the goal
/// less a few regions for each planned un-move still to come (the first blobs cut the most
/// regions: later ones find smaller regions to cut), never past the goal; un-moves go on
/// past the plan until the goal is met. `None` when no blob fits or the goal is out of
/// reach.
fn reverse_play_to(
    options: &Spec,
    shrink: usize,
    rng: &mut SeededRng,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Grid<Option<Colour>>> {
    let Spec { rows, cols, colours, regions, .. } = *options;
    let n = rows * cols;
    let design = DesignOptions { rows, cols, colours, moves: 0, blob: (1, n), bulk: 0, seed: 0 };
    let topology = TriangleGrid::new(rows, cols);
    let mut cells = vec![rng.index(colours) as Colour; n];
    let plan = (regions / 3).min(MOST_PLANNED).saturating_sub(shrink).max(colours - 1);
    let mut count = 1;
    for unmove in 0..plan + MORE_UNMOVES {
        let missing = colours - used_colours(&cells);
        if count == regions && missing == 0 {
            return Grid::from_vec(cols, rows, cells.into_iter().map(Some).collect()).ok();
        }
        // Each colour still missing needs an un-move of its own, which adds a region.
        let cap = regions.checked_sub(missing.saturating_sub(1))?;
        let later = plan.saturating_sub(unmove + 1) * LATER_SHARE;
        let want = regions.saturating_sub(later).max(count + 1).min(cap);
        count = carve(&topology, &mut cells, &design, Pick::Near { want, cap }, (rng, stop))?.2;
    }
    None
}

/// The number of colours a board uses.
fn used_colours(cells: &[Colour]) -> usize {
    let mut used = [false; MAX_COLOURS];
    for &c in cells {
        used[usize::from(c)] = true;
    }
    used.iter().filter(|&&u| u).count()
}

/// One random colouring, or `None` when it does not use every colour or some triangle is
/// reached by no piece.
fn layout(
    rows: usize,
    cols: usize,
    colours: usize,
    regions: usize,
    rng: &mut SeededRng,
) -> Option<Grid<Option<Colour>>> {
    let topology = TriangleGrid::new(rows, cols);
    let n = rows * cols;
    let mut owner = vec![usize::MAX; n];
    let mut cells: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut cells);
    let mut frontier = Vec::new();
    for (piece, &cell) in cells[..regions].iter().enumerate() {
        owner[cell] = piece;
        frontier.extend(topology.neighbours(cell).map(|nb| (nb, piece)));
    }
    while !frontier.is_empty() {
        let (cell, piece) = frontier.swap_remove(rng.index(frontier.len()));
        if owner[cell] == usize::MAX {
            owner[cell] = piece;
            frontier.extend(topology.neighbours(cell).filter(|&nb| owner[nb] == usize::MAX).map(|nb| (nb, piece)));
        }
    }
    // A part of the board that no piece started in (a board whose triangles are not all
    // connected, such as one row of two): no layout from these starts.
    if owner.contains(&usize::MAX) {
        return None;
    }
    // Which pieces touch.
    let mut touching = vec![Vec::new(); regions];
    for cell in 0..n {
        for nb in topology.neighbours(cell) {
            if owner[nb] != owner[cell] {
                touching[owner[cell]].push(owner[nb]);
            }
        }
    }
    let mut order: Vec<usize> = (0..regions).collect();
    rng.shuffle(&mut order);
    let mut colour = vec![usize::MAX; regions];
    for (i, &piece) in order.iter().enumerate() {
        // The first `colours` pieces take each colour once, so every colour is used.
        let pick = if i < colours {
            i
        } else {
            let free: Vec<usize> = (0..colours).filter(|c| !touching[piece].iter().any(|&t| colour[t] == *c)).collect();
            match rng.choose(&free) {
                Some(&c) => c,
                None => rng.index(colours),
            }
        };
        colour[piece] = pick;
    }
    let grid = Grid::from_vec(cols, rows, owner.iter().map(|&p| Some(colour[p] as Colour)).collect()).ok()?;
    Some(grid)
}

/// What to build by reverse play (see [`design`]).
///
/// ```
/// let options = kami::generate::DesignOptions { seed: 7, ..kami::generate::DesignOptions::default() };
/// assert_eq!((options.rows, options.cols, options.moves), (29, 10, 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DesignOptions {
    /// Rows of triangles.
    pub rows: usize,
    /// Columns of triangles.
    pub cols: usize,
    /// Number of colours (all of them are used).
    pub colours: usize,
    /// Number of un-moves: the level is solvable in at most this many moves.
    pub moves: usize,
    /// Each carved blob has between `blob.0` and `blob.1` triangles.
    pub blob: (usize, usize),
    /// Percent chance that a blob grows into a triangle touching it on two or three sides;
    /// 0 keeps every blob a thin tree of triangles (combs and stripes that cut many regions).
    pub bulk: u32,
    /// The random seed.
    pub seed: u64,
}

impl Default for DesignOptions {
    fn default() -> Self {
        DesignOptions { rows: 29, cols: 10, colours: 4, moves: 8, blob: (3, 250), bulk: 0, seed: 0 }
    }
}

/// A level built by reverse play, with the moves that undo the construction.
///
/// ```
/// let designed = kami::generate::design(&kami::generate::DesignOptions::default()).unwrap();
/// assert_eq!(designed.solution.len(), 8);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Designed {
    /// The level (without par: see [`Designed::prove`]).
    pub level: Level,
    /// A solution of the level, replayed through flood fill: its length is an upper bound
    /// on the par.
    pub solution: Vec<Move>,
}

impl Designed {
    /// Proves the par with the solver under `options` and stores it in the level; `false`
    /// (and no par) when the budget ran out.
    ///
    /// ```
    /// use kami::generate::{design, DesignOptions};
    /// let options = DesignOptions { rows: 8, cols: 6, colours: 3, moves: 3, blob: (3, 10), ..DesignOptions::default() };
    /// let mut designed = design(&options).unwrap();
    /// assert!(designed.prove(&kami::SolveOptions::default()));
    /// assert!(designed.level.par.unwrap() as usize <= designed.solution.len());
    /// ```
    pub fn prove(&mut self, options: &SolveOptions) -> bool {
        if let (Solved::Optimal(moves), _) = solve_solved(&self.level, options) {
            self.level.par = Some(moves.len() as u32);
            true
        } else {
            false
        }
    }
}

/// A designed level whose proven par is exactly `par`, with an optimal solution, for a
/// game's difficulty curve. Reverse play ([`design`], from `options` but for its `moves`)
/// starts with `par` un-moves. Later un-moves often undo part of earlier ones, so the par
/// can fall short: the next attempt then makes one more un-move (up to `2 · par + 4`); an
/// attempt whose proof runs out of `solve`'s budget (a node limit per proof; a deadline ends
/// every proof after it) tries the next seed. Deterministic for a given `options.seed`, a
/// budget without a deadline and a thread count; an error after `attempts` attempts.
///
/// ```
/// use kami::generate::{with_par, DesignOptions};
/// let options = DesignOptions { rows: 12, cols: 8, colours: 3, seed: 5, ..DesignOptions::default() };
/// let designed = with_par(&options, 5, &kami::SolveOptions::default(), 20).unwrap();
/// assert_eq!(designed.level.par, Some(5));
/// assert_eq!(designed.solution.len(), 5);
/// assert_eq!(kami::solver::optimal(&designed.level).unwrap().len(), 5);
/// assert!(kami::play::is_solved(&kami::play::replay(&designed.level, &designed.solution).unwrap()));
/// ```
///
/// # Errors
/// [`GenerateError::ParTooSmall`] when `par` cannot bring in the colours,
/// [`GenerateError::ParNotProven`] when no attempt proves it;
/// [`design`]'s errors.
pub fn with_par(
    options: &DesignOptions,
    par: usize,
    solve: &SolveOptions,
    attempts: usize,
) -> Result<Designed, GenerateError> {
    if par + 1 < options.colours {
        return Err(GenerateError::ParTooSmall { par, colours: options.colours });
    }
    let most = 2 * par + 4;
    let mut moves = par;
    for attempt in 0..attempts {
        let seed = options.seed.wrapping_add(attempt as u64);
        let mut designed = design(&DesignOptions { moves, seed, ..*options })?;
        match solve_solved(&designed.level, solve).0 {
            Solved::Optimal(optimal) if optimal.len() == par => {
                designed.level.par = Some(par as u32);
                designed.solution = optimal;
                return Ok(designed);
            }
            Solved::Optimal(short) if short.len() < par => moves = (moves + 1).min(most),
            _ => {}
        }
    }
    Err(GenerateError::ParNotProven { par, attempts })
}

/// The benchmark set of designed 29 × 10 levels: 3 to 5 colours, 4 to 16 un-moves (so par
/// at most 4 to 16), about 85 to 140 regions. The benches and the `designed` example solve
/// these.
///
/// ```
/// let set = kami::generate::bench_set();
/// assert_eq!(set.len(), 12);
/// assert!(set.iter().all(|o| (o.rows, o.cols) == (29, 10) && (3..=5).contains(&o.colours)));
/// ```
#[must_use]
pub fn bench_set() -> Vec<DesignOptions> {
    [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16]
        .iter()
        .enumerate()
        .map(|(i, &moves)| DesignOptions {
            colours: 3 + i % 3,
            moves,
            seed: 100 + i as u64,
            ..DesignOptions::default()
        })
        .collect()
}

/// A level built by reverse play from a board of one colour: `moves` times, a connected
/// blob `S` of triangles is carved out of one current region of colour `a` and painted a
/// new colour `b` that no triangle next to `S` has. Then `S` is exactly one region of the
/// new level (it touches no other `b` triangle), and tapping it with `a` restores the
/// board before the un-move exactly (`S` merges back into the region it came from and
/// touches no other `a` triangle, since that region was a whole region). So undoing the
/// un-moves in reverse order solves the level: the par is at most `moves`, and
/// [`Designed::solution`] is such a solution (replayed before it is returned). Blobs grow
/// as thin random trees (see [`DesignOptions::bulk`]) so that one blob cuts its region
/// into many pieces, like the stripes, rings and combs of designed levels: many regions,
/// small par.
///
/// ```
/// use kami::generate::{design, DesignOptions};
/// let options = DesignOptions { colours: 5, moves: 10, seed: 3, ..DesignOptions::default() };
/// let designed = design(&options).unwrap();
/// assert_eq!(designed, design(&options).unwrap()); // same seed, same level
/// assert_eq!(designed.level.colours_used().len(), 5);
/// let end = kami::play::replay(&designed.level, &designed.solution).unwrap();
/// assert!(kami::play::is_solved(&end));
/// assert!(kami::RegionGraph::new(&designed.level).len() > 40);
/// ```
///
/// # Errors
/// [`GenerateError::Empty`] and [`GenerateError::TooBig`] for the size;
/// [`GenerateError::DesignColours`], [`GenerateError::TooFewUnmoves`],
/// [`GenerateError::TooManyUnmoves`] and [`GenerateError::Blob`] for options no design can
/// meet; [`GenerateError::NoConstruction`] when 50 attempts build none.
pub fn design(options: &DesignOptions) -> Result<Designed, GenerateError> {
    let DesignOptions { rows, cols, colours, moves, blob, seed, .. } = *options;
    if rows == 0 || cols == 0 {
        return Err(GenerateError::Empty);
    }
    if rows > MAX_SIDE || cols > MAX_SIDE || rows * cols > MAX_TRIANGLES {
        return Err(GenerateError::TooBig { rows, cols });
    }
    if !(2..=MAX_COLOURS).contains(&colours) {
        return Err(GenerateError::DesignColours { colours });
    }
    if moves + 1 < colours {
        return Err(GenerateError::TooFewUnmoves { moves, colours });
    }
    if moves > MAX_REGIONS {
        return Err(GenerateError::TooManyUnmoves { moves });
    }
    if blob.0 == 0 || blob.0 > blob.1 {
        return Err(GenerateError::Blob { min: blob.0, max: blob.1 });
    }
    let topology = TriangleGrid::new(rows, cols);
    let mut rng = SeededRng::new(seed);
    'attempt: for _ in 0..50 {
        let mut cells = vec![rng.index(colours) as Colour; rows * cols];
        let mut undo = Vec::with_capacity(moves);
        for _ in 0..moves {
            let Some((first, old, _)) = carve(&topology, &mut cells, options, Pick::Most, (&mut rng, &mut || false))
            else {
                continue 'attempt;
            };
            undo.push(Move::new(first / cols, first % cols, old));
        }
        if used_colours(&cells) < colours {
            continue;
        }
        let Ok(grid) = Grid::from_vec(cols, rows, cells.into_iter().map(Some).collect()) else {
            unreachable!("rows × cols cells")
        };
        let level = Level::from_cells(grid)?;
        undo.reverse();
        let replayed = play::replay(&level, &undo).ok();
        assert!(replayed.as_ref().is_some_and(play::is_solved), "bug: the un-moves do not replay to a solved board");
        return Ok(Designed { level, solution: undo });
    }
    Err(GenerateError::NoConstruction)
}

/// Candidate blobs grown per un-move; [`Pick`] says which one is carved.
const CANDIDATES: usize = 64;

/// Which candidate blob [`carve`] carves.
#[derive(Clone, Copy)]
enum Pick {
    /// The one leaving the most regions.
    Most,
    /// The one leaving a region count closest to `want` (the earliest on ties), never
    /// above `cap`.
    Near { want: usize, cap: usize },
}

/// One un-move: grows [`CANDIDATES`] blobs, each out of a random triangle's region and
/// for a colour absent around it, and carves the one `pick` picks. Returns the blob's first
/// triangle (row-major), its old colour and the board's region count after the carving, or
/// `None` when 1000 tries found no blob of the minimum size that `pick` allows.
fn carve(
    topology: &TriangleGrid,
    cells: &mut [Colour],
    options: &DesignOptions,
    pick: Pick,
    (rng, stop): (&mut SeededRng, &mut dyn FnMut() -> bool),
) -> Option<(usize, Colour, usize)> {
    let n = cells.len();
    let mut in_blob = vec![false; n];
    let mut best: Option<(usize, Vec<usize>, Colour, Colour)> = None;
    let mut found = 0;
    for _ in 0..1000 {
        if found == CANDIDATES {
            break;
        }
        if stop() {
            return None;
        }
        let start = rng.index(n);
        let old = cells[start];
        let mut others: Vec<Colour> = (0..options.colours as Colour).filter(|&c| c != old).collect();
        // Colours not on the board yet first, so every colour gets used.
        others.sort_by_key(|&c| cells.contains(&c));
        let new = if cells.contains(&others[0]) { *rng.choose(&others)? } else { others[0] };
        let allowed = |cell: usize| cells[cell] == old && topology.neighbours(cell).all(|nb| cells[nb] != new);
        if !allowed(start) {
            continue;
        }
        let size = rng.range_inclusive(options.blob.0 as i64, options.blob.1 as i64) as usize;
        let mut blob = vec![start];
        in_blob[start] = true;
        let mut frontier: Vec<usize> = topology.neighbours(start).collect();
        while blob.len() < size && !frontier.is_empty() {
            // Mostly the newest frontier triangles: long snakes with side branches.
            let pick = frontier.len() - 1 - rng.index(frontier.len().min(4));
            let cell = frontier.swap_remove(pick);
            if in_blob[cell] || !allowed(cell) {
                continue;
            }
            let touching = topology.neighbours(cell).filter(|&nb| in_blob[nb]).count();
            if touching > 1 && !rng.chance(u64::from(options.bulk), 100) {
                continue;
            }
            in_blob[cell] = true;
            blob.push(cell);
            frontier.extend(topology.neighbours(cell).filter(|&nb| !in_blob[nb]));
        }
        for &cell in &blob {
            in_blob[cell] = false;
        }
        if blob.len() < options.blob.0 {
            continue;
        }
        found += 1;
        for &cell in &blob {
            cells[cell] = new;
        }
        let regions = engine::components(topology, |i| Some(cells[i])).count;
        for &cell in &blob {
            cells[cell] = old;
        }
        let better = match pick {
            Pick::Most => best.as_ref().is_none_or(|b| regions > b.0),
            Pick::Near { want, cap } => {
                regions <= cap && best.as_ref().is_none_or(|b| regions.abs_diff(want) < b.0.abs_diff(want))
            }
        };
        if better {
            best = Some((regions, blob, old, new));
        }
    }
    let (regions, blob, old, new) = best?;
    for &cell in &blob {
        cells[cell] = new;
    }
    Some((blob.iter().copied().min().unwrap_or(0), old, regions))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RegionGraph, solver};

    #[test]
    fn generated_levels_have_their_proven_par() {
        for seed in 0..6 {
            let options = Spec::default().with_size(8, 6).with_colours(3 + (seed as usize % 2)).with_regions(12);
            let level = generate(&options, &mut SeededRng::new(seed)).unwrap();
            let par = level.par.unwrap();
            let moves = solver::optimal(&level).unwrap();
            assert_eq!(moves.len() as u32, par);
            assert_eq!(RegionGraph::new(&level).len(), 12);
            assert_eq!(level.colours_used().len(), options.colours);
        }
    }

    /// Small designed levels: the construction replays to a solved board, and the proven par
    /// (checked against exhaustive BFS) never exceeds the number of un-moves.
    #[test]
    fn designed_levels_are_solved_by_their_construction() {
        for seed in 0..40 {
            let moves = 1 + seed as usize % 4;
            let colours = 2 + seed as usize % 3;
            let options = DesignOptions {
                rows: 4,
                cols: 5,
                colours: colours.min(moves + 1),
                moves,
                blob: (1, 6),
                seed,
                ..DesignOptions::default()
            };
            let mut designed = design(&options).unwrap();
            assert_eq!(designed.solution.len(), moves);
            assert!(play::is_solved(&play::replay(&designed.level, &designed.solution).unwrap()));
            assert!(designed.prove(&SolveOptions::default()));
            let par = designed.level.par.unwrap() as usize;
            assert!(par <= moves);
            assert_eq!(solver::bfs_optimum(&designed.level, 200_000).map(|m| m.len()), Some(par));
        }
    }

    /// Beyond what random layouts can prove, reverse play gives exactly the regions asked
    /// for, every colour used, with the solver's optimum as par (replayed).
    #[test]
    fn many_regions_are_built_by_reverse_play() {
        for (colours, regions, seed) in [(3, 60, 1), (4, 45, 2), (5, 30, 3), (2, 25, 4)] {
            let options =
                Spec::default().with_size(16, 10).with_colours(colours).with_regions(regions).with_node_limit(300_000);
            let level = generate(&options, &mut SeededRng::new(seed)).unwrap();
            assert_eq!(RegionGraph::new(&level).len(), regions);
            assert_eq!(level.colours_used().len(), colours);
            let moves = solver::optimal(&level).unwrap();
            assert_eq!(moves.len() as u32, level.par.unwrap());
            assert!(play::is_solved(&play::replay(&level, &moves).unwrap()));
        }
        let mut rng = SeededRng::new(5);
        for regions in [3, 10, 40, 70] {
            let options = Spec::default().with_size(12, 10).with_colours(3).with_regions(regions);
            let cells = (0..10)
                .find_map(|_| reverse_play_to(&options, 0, &mut rng, &mut || false))
                .unwrap_or_else(|| panic!("{regions} regions"));
            assert_eq!(RegionGraph::new(&Level::from_cells(cells).unwrap()).len(), regions);
        }
    }

    /// Levels of a requested par: the solver's optimum and exhaustive search agree on it,
    /// the solution given is that long and replays, and the same seed gives the same level.
    #[test]
    fn levels_of_a_requested_par_have_it() {
        for (i, (par, colours)) in [(1, 2), (2, 3), (3, 2), (3, 4), (4, 3), (4, 2)].into_iter().enumerate() {
            let options =
                DesignOptions { rows: 5, cols: 6, colours, blob: (1, 8), seed: i as u64, ..DesignOptions::default() };
            let designed = with_par(&options, par, &SolveOptions::default(), 40).unwrap();
            assert_eq!(designed.level.par, Some(par as u32));
            assert_eq!(designed.solution.len(), par);
            assert!(play::is_solved(&play::replay(&designed.level, &designed.solution).unwrap()));
            assert_eq!(solver::bfs_optimum(&designed.level, 200_000).map(|m| m.len()), Some(par));
            assert_eq!(designed, with_par(&options, par, &SolveOptions::default(), 40).unwrap());
        }
        for par in [6, 8] {
            let options = DesignOptions { colours: 4, seed: par as u64, ..DesignOptions::default() };
            let designed = with_par(&options, par, &SolveOptions::default(), 20).unwrap();
            assert_eq!(solver::optimal(&designed.level).unwrap().len(), par);
        }
    }

    #[test]
    fn impossible_pars_are_errors() {
        let options = DesignOptions { colours: 4, ..DesignOptions::default() };
        let err = with_par(&options, 2, &SolveOptions::default(), 10).unwrap_err();
        assert_eq!(err.to_string(), "a level of 4 colours needs at least 3 moves, not 2");
        // One node per proof proves nothing.
        let limits = SolveOptions::default().with_budget(Budget::default().with_node_limit(1));
        assert!(with_par(&options, 8, &limits, 3).is_err());
    }

    #[test]
    fn bad_design_options_are_errors() {
        let err = |options: DesignOptions| design(&options).unwrap_err();
        assert_eq!(
            err(DesignOptions { colours: 1, ..DesignOptions::default() }),
            GenerateError::DesignColours { colours: 1 }
        );
        assert_eq!(
            err(DesignOptions { colours: 5, moves: 3, ..DesignOptions::default() }),
            GenerateError::TooFewUnmoves { moves: 3, colours: 5 }
        );
        assert_eq!(err(DesignOptions { rows: 0, ..DesignOptions::default() }), GenerateError::Empty);
        assert_eq!(
            err(DesignOptions { blob: (5, 4), ..DesignOptions::default() }),
            GenerateError::Blob { min: 5, max: 4 }
        );
        assert_eq!(
            err(DesignOptions { rows: 1, cols: 2, blob: (3, 3), ..DesignOptions::default() }),
            GenerateError::NoConstruction
        );
        assert_eq!(
            err(DesignOptions { rows: 1, cols: 2, blob: (3, 3), ..DesignOptions::default() }).to_string(),
            "no construction found in 50 attempts (blobs too big for the board?)"
        );
    }

    #[test]
    fn bad_options_are_errors() {
        assert!(generate(&Spec { colours: 0, ..Spec::default() }, &mut SeededRng::new(0)).is_err());
        assert!(generate(&Spec::default().with_regions(2).with_colours(3), &mut SeededRng::new(0)).is_err());
        assert!(generate(&Spec { rows: 0, ..Spec::default() }, &mut SeededRng::new(0)).is_err());
        assert!(generate(&Spec::default().with_colours(1).with_regions(2), &mut SeededRng::new(0)).is_err());
    }
}
