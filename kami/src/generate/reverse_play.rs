//! Levels built by reverse play: carving blobs out of a board of one colour, so that
//! undoing the carvings solves the level ([`design`]); levels of a requested par
//! ([`with_par`]), the designed benchmark set ([`bench_set`]), and the reverse play that
//! [`generate`](fn@crate::generate) turns to for levels of many regions.

use engine::{Grid, SeededRng, Topology, TriangleGrid};
use serde::{Deserialize, Serialize};

use super::spec::{GenerateError, MAX_REGIONS, MAX_SIDE, MAX_TRIANGLES, Spec};
use crate::solver::{Options, Solved, solve_solved};
use crate::{Colour, Level, MAX_COLOURS, Move, game};

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
pub(super) fn reverse_play_to(
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
    /// assert!(designed.prove(&kami::Options::default()));
    /// assert!(designed.level.par.unwrap() as usize <= designed.solution.len());
    /// ```
    pub fn prove(&mut self, options: &Options) -> bool {
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
/// let designed = with_par(&options, 5, &kami::Options::default(), 20).unwrap();
/// assert_eq!(designed.level.par, Some(5));
/// assert_eq!(designed.solution.len(), 5);
/// assert_eq!(kami::solver::optimal(&designed.level).unwrap().len(), 5);
/// assert!(kami::game::is_solved(&kami::game::replay(&designed.level, &designed.solution).unwrap()));
/// ```
///
/// # Errors
/// [`GenerateError::ParTooSmall`] when `par` cannot bring in the colours,
/// [`GenerateError::ParNotProven`] when no attempt proves it;
/// [`design`]'s errors.
pub fn with_par(
    options: &DesignOptions,
    par: usize,
    solve: &Options,
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
/// let end = kami::game::replay(&designed.level, &designed.solution).unwrap();
/// assert!(kami::game::is_solved(&end));
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
        let replayed = game::replay(&level, &undo).ok();
        assert!(replayed.as_ref().is_some_and(game::is_solved), "bug: the un-moves do not replay to a solved board");
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
    use engine::Budget;

    use super::*;
    use crate::solver;

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
            assert!(game::is_solved(&game::replay(&designed.level, &designed.solution).unwrap()));
            assert!(designed.prove(&Options::default()));
            let par = designed.level.par.unwrap() as usize;
            assert!(par <= moves);
            assert_eq!(solver::bfs_optimum(&designed.level, 200_000).map(|m| m.len()), Some(par));
        }
    }

    /// Levels of a requested par: the solver's optimum and exhaustive search agree on it,
    /// the solution given is that long and replays, and the same seed gives the same level.
    #[test]
    fn levels_of_a_requested_par_have_it() {
        for (i, (par, colours)) in [(1, 2), (2, 3), (3, 2), (3, 4), (4, 3), (4, 2)].into_iter().enumerate() {
            let options =
                DesignOptions { rows: 5, cols: 6, colours, blob: (1, 8), seed: i as u64, ..DesignOptions::default() };
            let designed = with_par(&options, par, &Options::default(), 40).unwrap();
            assert_eq!(designed.level.par, Some(par as u32));
            assert_eq!(designed.solution.len(), par);
            assert!(game::is_solved(&game::replay(&designed.level, &designed.solution).unwrap()));
            assert_eq!(solver::bfs_optimum(&designed.level, 200_000).map(|m| m.len()), Some(par));
            assert_eq!(designed, with_par(&options, par, &Options::default(), 40).unwrap());
        }
        for par in [6, 8] {
            let options = DesignOptions { colours: 4, seed: par as u64, ..DesignOptions::default() };
            let designed = with_par(&options, par, &Options::default(), 20).unwrap();
            assert_eq!(solver::optimal(&designed.level).unwrap().len(), par);
        }
    }

    #[test]
    fn impossible_pars_are_errors() {
        let options = DesignOptions { colours: 4, ..DesignOptions::default() };
        let err = with_par(&options, 2, &Options::default(), 10).unwrap_err();
        assert_eq!(err.to_string(), "a level of 4 colours needs at least 3 moves, not 2");
        // One node per proof proves nothing.
        let limits = Options::default().with_budget(Budget::default().with_node_limit(1));
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
}
