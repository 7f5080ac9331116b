//! Seeded generation of puzzles with exactly one solution, at any size.
//!
//! 1. A random maximal shading: cells in random order are shaded when they touch no shaded
//!    cell and the [`Connectivity`] check says the rest stays connected, until no cell can
//!    be added.
//! 2. A latin square (rows, columns and symbols shuffled) numbers the unshaded cells, so no
//!    number repeats among them; each shaded cell copies the number of an unshaded cell of
//!    its row or column, so it has a reason to be shaded.
//! 3. The solver proves uniqueness. When it finds a second solution B, every cell shaded in
//!    the intended solution but not in B copies the number of a cell unshaded in both, which
//!    rules B out and keeps the intended solution valid; then it solves again.
//!
//! With a difficulty (`hitori/docs/grades.md` in the repository has the details): the first unique puzzle is kept if it has the grade; otherwise a
//! fresh shading is numbered so the rules below the grade have nothing to start from (no
//! `a x a` from medium on, no `a a` from hard on), and the grader steers it by renumbering
//! one shaded cell at a time. Grades below search prove uniqueness by themselves. A puzzle
//! that needs search is built around a core from a library (module `search`), proven unique
//! by the solver and checked stuck by the grader.
//!
//! Repairs and restarts are bounded and every choice comes from the random stream (each
//! uniqueness proof is capped by a node count, not a clock), so the same seed gives the
//! same puzzle everywhere. The [`Spec`]'s budget only decides whether generation finishes:
//! its clock, cancel token and node limit stop it with [`GenerateError::GaveUp`].

use engine::{Budget, Grid, Meter, Outcome, SeededRng, Size, StopReason};
use serde::{Deserialize, Serialize};

use crate::Puzzle;
use crate::connectivity::Connectivity;
use crate::grader::{Grader, Profile};
use crate::solver::{Answer, solve_in};
use crate::steps::Difficulty;

#[cfg(test)]
mod anneal;
mod search;

/// Restarts with a fresh shading before giving up.
const ATTEMPTS: usize = 40;
/// Branchings allowed for one uniqueness proof.
const NODE_BUDGET: u64 = 20_000;
/// Starting puzzles tried for a wanted difficulty.
pub const GRADED_TRIES: usize = 300;
/// Renumberings tried by [`steer`] on one puzzle, plus one per shaded cell up to as many again.
const STEER_STEPS: usize = 40;

/// Why no puzzle came out.
///
/// ```
/// use hitori::generate::{generate, GenerateError, Spec};
/// let e = generate(&Spec::new(1, 2), &mut engine::SeededRng::new(0)).unwrap_err();
/// assert_eq!(e, GenerateError::NoUniquePuzzle { width: 1, height: 2 });
/// assert_eq!(e.to_string(), "found no puzzle with exactly one solution at 1x2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum GenerateError {
    /// A side is 0.
    #[error("the board must be at least 1x1")]
    Empty,
    /// Every attempt failed (1×2 and 2×1 have no unique puzzle at all).
    #[error("found no puzzle with exactly one solution at {width}x{height}")]
    NoUniquePuzzle {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// No puzzle of the wanted difficulty turned up in [`GRADED_TRIES`] tries.
    #[error("found no {difficulty} puzzle at {width}x{height} in {GRADED_TRIES} tries")]
    NoPuzzleOfDifficulty {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// What was asked for.
        difficulty: Difficulty,
    },
    /// A `search` puzzle was asked for on a board too small for the cores it is built
    /// around (module `search`).
    #[error("search puzzles need both sides at least 7 and one at least 10, not {width}x{height}")]
    TooSmallForSearch {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// The spec's budget ran out (or was cancelled) first.
    #[error("gave up before a puzzle was found ({reason})")]
    GaveUp {
        /// Which limit stopped generation.
        reason: StopReason,
    },
}

/// What to generate: a size, optionally a difficulty, and the budget generation runs under.
/// The budget is not part of the serialised form.
///
/// ```
/// use hitori::generate::Spec;
/// use hitori::steps::Difficulty;
/// let spec = Spec::new(8, 6).with_difficulty(Difficulty::Medium);
/// assert_eq!((spec.size.width, spec.size.height), (8, 6));
/// assert_eq!(Spec::default().size, engine::Size::new(10, 10));
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Spec {
    /// Columns and rows (each at least 1).
    pub size: Size,
    /// The wanted grade ([`crate::steps::grade`]); `None` for any unique puzzle.
    #[serde(default)]
    pub difficulty: Option<Difficulty>,
    /// Time limit, cancel token, node limit (branchings of all uniqueness proofs, and one
    /// node per puzzle graded).
    #[serde(skip)]
    pub budget: Budget,
}

impl Default for Spec {
    /// 10×10, any difficulty, no limit.
    fn default() -> Self {
        Spec::new(10, 10)
    }
}

impl Spec {
    /// A `width` × `height` puzzle of any difficulty, no limit.
    ///
    /// ```
    /// assert_eq!(hitori::generate::Spec::new(3, 4).size, engine::Size::new(3, 4));
    /// ```
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        Spec { size: Size::new(width, height), difficulty: None, budget: Budget::default() }
    }

    /// The same spec with size `size`.
    ///
    /// ```
    /// let spec = hitori::generate::Spec::default().with_size(engine::Size::new(5, 7));
    /// assert_eq!(spec.size.height, 7);
    /// ```
    #[must_use]
    pub fn with_size(mut self, size: Size) -> Self {
        self.size = size;
        self
    }

    /// The same spec, asking for a puzzle of `difficulty`.
    ///
    /// ```
    /// use hitori::steps::Difficulty;
    /// assert_eq!(hitori::generate::Spec::default().with_difficulty(Difficulty::Hard).difficulty, Some(Difficulty::Hard));
    /// ```
    #[must_use]
    pub fn with_difficulty(mut self, difficulty: Difficulty) -> Self {
        self.difficulty = Some(difficulty);
        self
    }

    /// The same spec with `budget`.
    ///
    /// ```
    /// let spec = hitori::generate::Spec::default().with_budget(engine::Budget::default().with_node_limit(9));
    /// assert_eq!(spec.budget.node_limit(), Some(9));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }
}

/// Whether a `search` puzzle can be built at `width`×`height`: some core of the library
/// (module `search`) fits ([`GenerateError::TooSmallForSearch`] otherwise).
///
/// ```
/// assert!(hitori::generate::fits_search(10, 10));
/// assert!(!hitori::generate::fits_search(6, 6));
/// ```
#[must_use]
pub fn fits_search(width: usize, height: usize) -> bool {
    search::fits(width, height)
}

/// A generated puzzle with its one solution (`true` = shaded).
///
/// ```
/// let g = hitori::generate::generate_with_solution(&hitori::generate::Spec::new(4, 4), &mut engine::SeededRng::new(1)).unwrap();
/// assert!(hitori::rules::is_solution(&g.puzzle, &g.solution));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Grid<bool>,
}

/// A puzzle of `spec`'s size with exactly one solution (of `spec`'s difficulty, if it
/// names one), determined by the random stream `rng`: the same seed gives the same puzzle.
///
/// With a difficulty, the first unique puzzle is kept if it has that grade; otherwise
/// puzzles are built for the grade (shaded cells numbered so the rules below it have nothing
/// to start from) and steered towards it by the grader, one renumbered shaded cell at a
/// time, at most [`GRADED_TRIES`] starts in all. The puzzle's grade is then exactly the
/// difficulty: [`crate::steps::grade`] says so.
///
/// ```
/// use engine::SeededRng;
/// use hitori::generate::{generate, Spec};
/// use hitori::steps::{grade, Difficulty};
///
/// let p = generate(&Spec::new(6, 4), &mut SeededRng::new(7)).unwrap();
/// assert_eq!((p.width(), p.height()), (6, 4));
/// assert_eq!(hitori::solver::solve(&p, &Default::default()).outcome.answer().unwrap().class(), "unique");
/// assert_eq!(generate(&Spec::new(6, 4), &mut SeededRng::new(7)).unwrap(), p);
///
/// let medium = generate(&Spec::new(6, 6).with_difficulty(Difficulty::Medium), &mut SeededRng::new(3)).unwrap();
/// assert_eq!(grade(&medium), Difficulty::Medium);
/// ```
pub fn generate(spec: &Spec, rng: &mut SeededRng) -> Result<Puzzle, GenerateError> {
    generate_with_solution(spec, rng).map(|g| g.puzzle)
}

/// [`generate`] within `budget` (instead of the spec's own), the form every game crate
/// offers.
///
/// ```
/// let token = engine::CancelToken::new();
/// token.cancel();
/// let budget = engine::Budget::default().with_cancel(token);
/// let spec = hitori::Spec::new(30, 30);
/// assert!(hitori::generate::generate_within(&spec, &mut engine::SeededRng::new(1), &budget).is_err());
/// ```
pub fn generate_within(spec: &Spec, rng: &mut SeededRng, budget: &Budget) -> Result<Puzzle, GenerateError> {
    generate(&spec.clone().with_budget(budget.clone()), rng)
}

/// [`generate`], also returning the solution.
///
/// ```
/// use hitori::generate::{generate_with_solution, Spec, GenerateError};
/// let g = generate_with_solution(&Spec::new(5, 5), &mut engine::SeededRng::new(1)).unwrap();
/// assert!(hitori::rules::is_solution(&g.puzzle, &g.solution));
///
/// // A cancelled budget stops generation.
/// let token = engine::CancelToken::new();
/// token.cancel();
/// let spec = Spec::new(30, 30).with_budget(engine::Budget::default().with_cancel(token));
/// assert!(matches!(generate_with_solution(&spec, &mut engine::SeededRng::new(1)), Err(GenerateError::GaveUp { .. })));
/// ```
pub fn generate_with_solution(spec: &Spec, rng: &mut SeededRng) -> Result<Generated, GenerateError> {
    generate_with_stats(spec, rng).map(|(g, _)| g)
}

/// What graded generation did: the unique puzzles it started from, how many of them it
/// threw away (renumbering did not reach the grade), and the renumberings it graded.
///
/// ```
/// use hitori::generate::{generate_with_stats, Spec};
/// use hitori::steps::Difficulty;
/// let spec = Spec::new(8, 8).with_difficulty(Difficulty::Medium);
/// let (g, stats) = generate_with_stats(&spec, &mut engine::SeededRng::new(1)).unwrap();
/// assert_eq!(hitori::steps::grade(&g.puzzle), Difficulty::Medium);
/// assert!(stats.thrown_away < stats.puzzles);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Stats {
    /// Unique puzzles generated as starting points (1 without a difficulty).
    pub puzzles: u32,
    /// Starting points abandoned because renumbering did not reach the grade.
    pub thrown_away: u32,
    /// Renumbered puzzles graded.
    pub renumberings: u32,
}

/// [`generate_with_solution`], also telling what the generation did.
///
/// ```
/// use hitori::generate::{generate_with_stats, Spec};
/// let (_, stats) = generate_with_stats(&Spec::new(6, 6), &mut engine::SeededRng::new(2)).unwrap();
/// assert_eq!((stats.puzzles, stats.thrown_away, stats.renumberings), (1, 0, 0));
/// ```
///
/// # Errors
///
/// As [`generate`].
pub fn generate_with_stats(spec: &Spec, rng: &mut SeededRng) -> Result<(Generated, Stats), GenerateError> {
    let mut meter = spec.budget.start();
    let (width, height) = (spec.size.width, spec.size.height);
    let mut stats = Stats::default();
    let Some(difficulty) = spec.difficulty else {
        stats.puzzles = 1;
        return unique(width, height, rng, &mut meter).map(|g| (g, stats));
    };
    if difficulty == Difficulty::NeedsSearch {
        // Built around a core that needs search (see `search`).
        if !search::fits(width, height) {
            return Err(GenerateError::TooSmallForSearch { width, height });
        }
        for _ in 0..GRADED_TRIES {
            out_of_budget(&mut meter)?;
            stats.puzzles += 1;
            if let Some(generated) = search::attempt(width, height, rng, &mut meter)? {
                return Ok((generated, stats));
            }
            stats.thrown_away += 1;
        }
        return Err(GenerateError::NoPuzzleOfDifficulty { width, height, difficulty });
    }
    // The first unique puzzle, as ungraded generation makes it from the first seed drawn:
    // often of the wanted grade already.
    let generated = unique(width, height, &mut SeededRng::new(rng.next_u64()), &mut meter)?;
    stats.puzzles += 1;
    let profile = graded(&generated.puzzle, &mut meter)?;
    if profile.difficulty == difficulty {
        return Ok((generated, stats));
    }
    if difficulty == Difficulty::Easy {
        let mut numbers = generated.puzzle.numbers().clone();
        if let Some(puzzle) =
            steer(&generated.solution, &mut numbers, profile, difficulty, rng, &mut meter, &mut stats)?
        {
            return Ok((Generated { puzzle, solution: generated.solution }, stats));
        }
    }
    stats.thrown_away += 1;
    // Built for the grade: a fresh shading whose shaded cells copy numbers chosen so the
    // rules below the grade have nothing to start from, then steered.
    for _ in 1..GRADED_TRIES {
        out_of_budget(&mut meter)?;
        stats.puzzles += 1;
        let solution = maximal_shading(width, height, rng);
        let mut numbers = latin_numbers(width, height, rng);
        let mut shaded: Vec<usize> = (0..solution.len()).filter(|&i| solution[i]).collect();
        rng.shuffle(&mut shaded);
        for &d in &shaded {
            renumber(&mut numbers, &solution, d, difficulty, rng);
        }
        let puzzle = Puzzle::from_grid(numbers.clone()).expect("numbers are positive");
        let profile = graded(&puzzle, &mut meter)?;
        // Grades below search prove uniqueness by themselves.
        if profile.difficulty == difficulty {
            return Ok((Generated { puzzle, solution }, stats));
        }
        if profile.difficulty != Difficulty::NeedsSearch {
            if let Some(puzzle) = steer(&solution, &mut numbers, profile, difficulty, rng, &mut meter, &mut stats)? {
                return Ok((Generated { puzzle, solution }, stats));
            }
        }
        stats.thrown_away += 1;
    }
    Err(GenerateError::NoPuzzleOfDifficulty { width, height, difficulty })
}

/// Stops generation when the meter has run out.
fn out_of_budget(meter: &mut Meter) -> Result<(), GenerateError> {
    if meter.check() {
        Err(GenerateError::GaveUp { reason: meter.stopped().unwrap_or(StopReason::NodeLimit) })
    } else {
        Ok(())
    }
}

/// The grade profile of `puzzle`, counted as one node (an error when the budget ran out,
/// before or while grading).
fn graded(puzzle: &Puzzle, meter: &mut Meter) -> Result<Profile, GenerateError> {
    meter.add(1);
    out_of_budget(meter)?;
    let mut grader = Grader::new(puzzle).within(meter);
    let profile = grader.profile(puzzle);
    if grader.stopped {
        return Err(GenerateError::GaveUp { reason: meter.stopped().unwrap_or(StopReason::NodeLimit) });
    }
    Ok(profile)
}

/// One uniqueness proof capped at [`NODE_BUDGET`] branchings: `Ok(None)` when the cap ran
/// out, an error when the caller's budget did.
fn prove(puzzle: &Puzzle, meter: &mut Meter) -> Result<Option<Answer>, GenerateError> {
    let outer = meter.node_limit();
    let cap = meter.nodes().saturating_add(NODE_BUDGET);
    meter.set_node_limit(Some(outer.map_or(cap, |o| o.min(cap))));
    let outcome = solve_in(puzzle, meter);
    meter.set_node_limit(outer);
    // Clears a stop by the cap (even one hit by the node that found a second solution);
    // a stop by the caller's own limits stays.
    meter.resume();
    match outcome {
        Outcome::Proved(answer) | Outcome::Found(answer) => Ok(Some(answer)),
        Outcome::GaveUp { reason: StopReason::NodeLimit, .. } if !meter.is_stopped() => Ok(None),
        Outcome::GaveUp { reason, .. } => Err(GenerateError::GaveUp { reason }),
    }
}

/// A unique puzzle of any difficulty.
fn unique(width: usize, height: usize, rng: &mut SeededRng, meter: &mut Meter) -> Result<Generated, GenerateError> {
    if width == 0 || height == 0 {
        return Err(GenerateError::Empty);
    }
    let repairs = 10 + (width * height) / 4;
    for _ in 0..ATTEMPTS {
        out_of_budget(meter)?;
        let mut target = maximal_shading(width, height, rng);
        let mut numbers = latin_numbers(width, height, rng);
        for i in 0..numbers.len() {
            if i % 4096 == 4095 {
                out_of_budget(meter)?;
            }
            if target[i] {
                copy_from_line(&mut numbers, i, rng, |j| !target[j]);
            }
        }
        for _ in 0..repairs {
            out_of_budget(meter)?;
            let puzzle = Puzzle::from_grid(numbers.clone()).expect("numbers are positive");
            match prove(&puzzle, meter)? {
                Some(Answer::Unique(solution)) => {
                    debug_assert_eq!(solution, target);
                    return Ok(Generated { puzzle, solution });
                }
                Some(Answer::Multiple(a, b)) => {
                    let other = if a == target { b } else { a };
                    let mut changed = false;
                    for i in 0..numbers.len() {
                        if target[i] && !other[i] {
                            changed |= copy_from_line(&mut numbers, i, rng, |j| !target[j] && !other[j]);
                        }
                    }
                    if !changed {
                        // `other` shades a superset: aim for it instead, giving its extra
                        // cells a reason to be shaded.
                        for i in 0..numbers.len() {
                            if other[i] && !target[i] {
                                copy_from_line(&mut numbers, i, rng, |j| !other[j]);
                            }
                        }
                        target = other;
                    }
                }
                Some(Answer::None) | None => break,
            }
        }
    }
    Err(GenerateError::NoUniquePuzzle { width, height })
}

/// Whether renumbered `candidate` (grade profile `new`) is a step towards `target` from
/// `old`: its grade is `target`, or it stays on the same side of `target` and the level next
/// to `target` leaves at least as many cells undecided (too easy) or at most as many (too
/// hard). A candidate the rules cannot finish is never a step for grades below search (its
/// uniqueness is unknown).
fn closer(old: &Profile, new: &Profile, target: Difficulty) -> bool {
    let t = target as usize;
    if new.difficulty == target {
        return true;
    }
    if new.difficulty == Difficulty::NeedsSearch {
        return false;
    }
    if old.difficulty < target {
        new.difficulty < target && new.undecided[t - 1] >= old.undecided[t - 1]
    } else {
        new.difficulty > target && new.difficulty <= old.difficulty && new.undecided[t] <= old.undecided[t]
    }
}

/// Whether `puzzle` has exactly the solution `solution` (by a capped proof).
fn is_unique(puzzle: &Puzzle, solution: &Grid<bool>, meter: &mut Meter) -> Result<bool, GenerateError> {
    Ok(matches!(prove(puzzle, meter)?, Some(Answer::Unique(ref s)) if s == solution))
}

/// Whether shaded cell `d` may take `value` for a puzzle of grade `target`: from medium on,
/// no cell two steps away in its row or column has it (no `a x a`, no `a a a`: the easy
/// patterns), and from hard on, no side neighbour has it either (no `a a`: pair isolation
/// and the corner patterns all start from one).
fn allowed(numbers: &Grid<u32>, d: usize, value: u32, target: Difficulty) -> bool {
    let (w, h) = (numbers.width(), numbers.height());
    let (x, y) = (d % w, d / w);
    let mut reach = Vec::with_capacity(2);
    if target >= Difficulty::Medium {
        reach.push(2);
    }
    if target >= Difficulty::Hard {
        reach.push(1);
    }
    reach.into_iter().all(|k| {
        let near = [
            (x >= k).then(|| d - k),
            (x + k < w).then(|| d + k),
            (y >= k).then(|| d - k * w),
            (y + k < h).then(|| d + k * w),
        ];
        near.into_iter().flatten().all(|j| numbers[j] != value)
    })
}

/// Gives shaded cell `d` the number of an unshaded cell of its row or column, one that
/// [`allowed`] accepts if there is one; `false` when the number did not change.
fn renumber(numbers: &mut Grid<u32>, solution: &Grid<bool>, d: usize, target: Difficulty, rng: &mut SeededRng) -> bool {
    let before = numbers[d];
    let snapshot = numbers.clone();
    if !copy_from_line(numbers, d, rng, |j| {
        !solution[j] && snapshot[j] != before && allowed(&snapshot, d, snapshot[j], target)
    }) {
        copy_from_line(numbers, d, rng, |j| !solution[j] && snapshot[j] != before);
    }
    numbers[d] != before
}

/// Steers a puzzle towards `target` keeping its shading `solution`: a shaded cell takes the
/// number of an unshaded cell of its row or column ([`renumber`]; the shading stays a
/// solution), and the change is kept when [`closer`] says so. Every grade below search
/// proves uniqueness by itself (the rules hold in every solution and decide every cell); a
/// search candidate is proved unique by the solver. `Some` once the grade is `target`.
fn steer(
    solution: &Grid<bool>,
    numbers: &mut Grid<u32>,
    mut profile: Profile,
    target: Difficulty,
    rng: &mut SeededRng,
    meter: &mut Meter,
    stats: &mut Stats,
) -> Result<Option<Puzzle>, GenerateError> {
    let shaded: Vec<usize> = (0..solution.len()).filter(|&i| solution[i]).collect();
    if shaded.is_empty() {
        return Ok(None);
    }
    let steps = STEER_STEPS + shaded.len().min(STEER_STEPS);
    for _ in 0..steps {
        let d = shaded[rng.index(shaded.len())];
        let before = numbers[d];
        if !renumber(numbers, solution, d, target, rng) {
            continue;
        }
        stats.renumberings += 1;
        let puzzle = Puzzle::from_grid(numbers.clone()).expect("numbers are positive");
        let new = graded(&puzzle, meter)?;
        let keep = closer(&profile, &new, target)
            && (new.difficulty < Difficulty::NeedsSearch || is_unique(&puzzle, solution, meter)?);
        if !keep {
            numbers[d] = before;
            continue;
        }
        if new.difficulty == target {
            return Ok(Some(puzzle));
        }
        profile = new;
    }
    Ok(None)
}

/// Shades cells in random order while they touch no shaded cell and keep the rest
/// connected (and at least one cell unshaded), until nothing more can be shaded.
fn maximal_shading(width: usize, height: usize, rng: &mut SeededRng) -> Grid<bool> {
    let mut conn = Connectivity::new(width, height);
    let mut order: Vec<usize> = (0..width * height).collect();
    rng.shuffle(&mut order);
    shade_maximally(&mut conn, &order);
    Grid::from_fn(width, height, |c| conn.is_shaded(c.y as usize * width + c.x as usize))
}

/// Shades the cells of `order`, in that order and again until nothing changes, each when it
/// touches no shaded cell and keeps the rest connected (and at least one cell unshaded).
fn shade_maximally(conn: &mut Connectivity, order: &[usize]) {
    let (width, height) = (conn.width(), conn.height());
    let n = width * height;
    loop {
        let before = conn.shaded_count();
        for &i in order {
            let (x, y) = (i % width, i / width);
            let touching = (x > 0 && conn.is_shaded(i - 1))
                || (x + 1 < width && conn.is_shaded(i + 1))
                || (y > 0 && conn.is_shaded(i - width))
                || (y + 1 < height && conn.is_shaded(i + width));
            if !conn.is_shaded(i) && !touching && conn.shaded_count() + 1 < n && !conn.would_disconnect(i) {
                conn.shade(i);
            }
        }
        if conn.shaded_count() == before {
            break;
        }
    }
}

/// A latin rectangle cut from a shuffled cyclic latin square of side max(width, height).
fn latin_numbers(width: usize, height: usize, rng: &mut SeededRng) -> Grid<u32> {
    let m = width.max(height);
    let mut rows: Vec<usize> = (0..m).collect();
    let mut cols: Vec<usize> = (0..m).collect();
    let mut symbols: Vec<u32> = (1..=m as u32).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut symbols);
    Grid::from_fn(width, height, |c| symbols[(rows[c.y as usize] + cols[c.x as usize]) % m])
}

/// Gives cell `i` the number of a random other cell of its row or column for which `ok`
/// holds; `false` when there is none.
fn copy_from_line(numbers: &mut Grid<u32>, i: usize, rng: &mut SeededRng, ok: impl Fn(usize) -> bool) -> bool {
    let (w, h) = (numbers.width(), numbers.height());
    let (x, y) = (i % w, i / w);
    let candidates: Vec<usize> =
        (0..w).map(|x2| y * w + x2).chain((0..h).map(|y2| y2 * w + x)).filter(|&j| j != i && ok(j)).collect();
    match rng.choose(&candidates) {
        Some(&j) => {
            numbers[i] = numbers[j];
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::is_solution;
    use crate::solver::brute_force;
    use crate::solver::tests::answer;

    fn make(w: usize, h: usize, seed: u64) -> Result<Generated, GenerateError> {
        generate_with_solution(&Spec::new(w, h), &mut SeededRng::new(seed))
    }

    fn graded_puzzle(w: usize, h: usize, seed: u64, d: Difficulty) -> Result<Puzzle, GenerateError> {
        generate(&Spec::new(w, h).with_difficulty(d), &mut SeededRng::new(seed))
    }

    #[test]
    fn small_puzzles_are_unique_by_brute_force() {
        for (w, h) in [(1, 1), (1, 3), (3, 1), (2, 2), (2, 3), (3, 3), (4, 3), (4, 4), (5, 4), (5, 5), (1, 6)] {
            for seed in 0..6 {
                let g = make(w, h, seed).unwrap();
                assert!(is_solution(&g.puzzle, &g.solution));
                assert_eq!(brute_force(&g.puzzle, 2), vec![g.solution.clone()], "{:?}", g.puzzle);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(60))]
        #[test]
        fn every_generated_puzzle_has_exactly_its_solution(w in 2usize..12, h in 2usize..12, seed in 0u64..1_000_000) {
            let g = make(w, h, seed).unwrap();
            proptest::prop_assert!(is_solution(&g.puzzle, &g.solution));
            if w * h <= 25 {
                proptest::prop_assert_eq!(brute_force(&g.puzzle, 2), vec![g.solution.clone()]);
            } else {
                proptest::prop_assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()));
            }
        }
    }

    #[test]
    fn fifty_by_fifty_and_beyond() {
        for (w, h) in [(50, 50), (62, 62), (80, 30)] {
            let g = make(w, h, 2026).unwrap();
            assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()));
            assert!(is_solution(&g.puzzle, &g.solution));
        }
    }

    /// Grade `d` means: the rules up to `d` decide every cell and the rules below `d` do
    /// not; the walkthrough uses a rule of grade `d`; the solver proves the puzzle unique.
    fn assert_graded(g: &Generated, d: Difficulty) {
        let p = &g.puzzle;
        let profile = Grader::new(p).profile(p);
        assert_eq!(profile.difficulty, d, "{p:?}");
        if d > Difficulty::Easy {
            assert!(profile.undecided[d as usize - 1] > 0, "{p:?}");
        }
        let w = crate::steps::walkthrough(p);
        assert_eq!(w.difficulty, d);
        let solution = g.solution.map(|&s| crate::Cell::from_shaded(s));
        if d == Difficulty::NeedsSearch {
            // Stuck: every cell the rules decide agrees with the solution, some are left.
            assert!(w.states.cells().iter().zip(solution.cells()).all(|(a, b)| *a == crate::Cell::Unknown || a == b));
            assert!(w.states.cells().contains(&crate::Cell::Unknown));
        } else {
            assert_eq!(w.steps.iter().map(|s| s.rule.difficulty()).max(), Some(d));
            assert_eq!(w.states, solution);
        }
        assert_eq!(answer(p), Answer::Unique(g.solution.clone()));
    }

    #[test]
    fn graded_puzzles_have_their_grade() {
        for d in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            for (side, seeds) in [(4, 0..8), (5, 0..8), (6, 0..8), (8, 0..6), (10, 0..6), (15, 0..3), (25, 0..2)] {
                for seed in seeds {
                    let spec = Spec::new(side, side + seed as usize % 3).with_difficulty(d);
                    let (g, stats) = generate_with_stats(&spec, &mut SeededRng::new(seed)).unwrap();
                    assert_graded(&g, d);
                    assert!(stats.thrown_away < stats.puzzles);
                    assert_eq!(generate_with_stats(&spec, &mut SeededRng::new(seed)).unwrap(), (g, stats));
                }
            }
        }
        for (side, seeds) in [(10, 0..12), (12, 0..6), (15, 0..4), (25, 0..2)] {
            for seed in seeds {
                let spec = Spec::new(side + seed as usize % 3, side).with_difficulty(Difficulty::NeedsSearch);
                let (g, stats) = generate_with_stats(&spec, &mut SeededRng::new(seed)).unwrap();
                assert_graded(&g, Difficulty::NeedsSearch);
                assert_eq!(generate_with_stats(&spec, &mut SeededRng::new(seed)).unwrap(), (g, stats));
            }
        }
        let p = graded_puzzle(6, 6, 11, Difficulty::Medium).unwrap();
        assert_eq!(crate::steps::grade(&p), Difficulty::Medium);
        let err = graded_puzzle(1, 2, 0, Difficulty::Easy).unwrap_err();
        assert_eq!(err, GenerateError::NoUniquePuzzle { width: 1, height: 2 });
    }

    #[test]
    fn graded_fifty_by_fifty() {
        for d in Difficulty::ALL {
            let g = generate_with_solution(&Spec::new(50, 50).with_difficulty(d), &mut SeededRng::new(3)).unwrap();
            assert_graded(&g, d);
        }
    }

    #[test]
    fn search_puzzles_need_a_board_a_core_fits() {
        for (w, h) in [(5, 8), (9, 9), (6, 12)] {
            let e = graded_puzzle(w, h, 1, Difficulty::NeedsSearch).unwrap_err();
            assert_eq!(e, GenerateError::TooSmallForSearch { width: w, height: h });
        }
        let e = GenerateError::TooSmallForSearch { width: 9, height: 9 };
        assert_eq!(e.to_string(), "search puzzles need both sides at least 7 and one at least 10, not 9x9");
        // The bounds of the message are those of the cores.
        assert!(search::fits(7, 10) && search::fits(10, 7) && !search::fits(6, 10) && !search::fits(9, 9));
        let g =
            generate_with_solution(&Spec::new(10, 10).with_difficulty(Difficulty::NeedsSearch), &mut SeededRng::new(1))
                .unwrap();
        assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()));
        assert_eq!(crate::steps::grade(&g.puzzle), Difficulty::NeedsSearch);
    }

    #[test]
    fn impossible_sizes_fail_cleanly() {
        assert_eq!(make(1, 2, 0), Err(GenerateError::NoUniquePuzzle { width: 1, height: 2 }));
        assert_eq!(make(2, 1, 3), Err(GenerateError::NoUniquePuzzle { width: 2, height: 1 }));
        assert_eq!(make(0, 4, 0), Err(GenerateError::Empty));
    }

    #[test]
    fn larger_and_non_square_puzzles_are_unique_and_deterministic() {
        for (w, h, seed) in [(10, 10, 1), (15, 8, 2), (7, 20, 3), (20, 20, 4)] {
            let g = make(w, h, seed).unwrap();
            assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()));
            assert!(is_solution(&g.puzzle, &g.solution));
            assert_eq!(make(w, h, seed).unwrap(), g);
        }
    }

    #[test]
    fn the_budget_stops_generation() {
        use std::time::{Duration, Instant};
        let start = Instant::now();
        let spec = Spec::new(300, 300).with_budget(Budget::default().with_time_limit(Duration::from_millis(100)));
        let e = generate(&spec, &mut SeededRng::new(1)).unwrap_err();
        assert_eq!(e, GenerateError::GaveUp { reason: StopReason::TimeLimit });
        assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
        // Grading a big board reads the clock while it probes.
        for d in [Difficulty::Medium, Difficulty::Hard, Difficulty::NeedsSearch] {
            let start = Instant::now();
            let budget = Budget::default().with_time_limit(Duration::from_millis(300));
            let e = generate(&Spec::new(400, 400).with_difficulty(d).with_budget(budget), &mut SeededRng::new(1));
            assert_eq!(e, Err(GenerateError::GaveUp { reason: StopReason::TimeLimit }));
            assert!(start.elapsed() < Duration::from_secs(5), "{d}: {:?}", start.elapsed());
        }
        let spec = Spec::new(8, 8).with_difficulty(Difficulty::Hard).with_budget(Budget::default().with_node_limit(0));
        // A node limit of 0 stops at the first branching, or lets a puzzle through that
        // needs none.
        match generate(&spec, &mut SeededRng::new(5)) {
            Ok(p) => assert_eq!(crate::steps::grade(&p), Difficulty::Hard),
            Err(e) => assert_eq!(e, GenerateError::GaveUp { reason: StopReason::NodeLimit }),
        }
    }
}

/// The measurements behind hitori/docs/grades.md on the search grade (slow: run with
/// `cargo test --release -p hitori --lib search_evidence -- --ignored --nocapture`).
#[cfg(test)]
mod search_evidence {
    use super::*;

    /// A fresh shading, latin numbers and shaded cells renumbered for `target`.
    fn built(side: usize, target: Difficulty, rng: &mut SeededRng) -> (Grid<bool>, Grid<u32>, Vec<usize>) {
        let solution = maximal_shading(side, side, rng);
        let mut numbers = latin_numbers(side, side, rng);
        let shaded: Vec<usize> = (0..solution.len()).filter(|&i| solution[i]).collect();
        for &d in &shaded {
            renumber(&mut numbers, &solution, d, target, rng);
        }
        (solution, numbers, shaded)
    }

    /// Grades and uniqueness of 3000 built puzzles per size and construction: prints how
    /// many are unique and need search (none has been seen).
    #[test]
    #[ignore = "a measurement of some seconds, for the docs"]
    fn census() {
        let mut rng = SeededRng::new(5);
        let mut meter = Budget::default().start();
        let mut unique_search = 0;
        for side in [6usize, 8, 10, 14] {
            for target in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
                let mut counts = std::collections::BTreeMap::new();
                for _ in 0..3000 {
                    let (solution, numbers, _) = built(side, target, &mut rng);
                    let puzzle = Puzzle::from_grid(numbers).expect("positive");
                    let d = Grader::new(&puzzle).grade(&puzzle);
                    let key = match d {
                        Difficulty::NeedsSearch if is_unique(&puzzle, &solution, &mut meter).unwrap() => {
                            unique_search += 1;
                            "search, unique".to_string()
                        }
                        Difficulty::NeedsSearch => "search, not unique".to_string(),
                        d => d.to_string(),
                    };
                    *counts.entry(key).or_insert(0) += 1;
                }
                println!("{side}x{side}, built for {target}: {counts:?}");
            }
        }
        println!("unique puzzles that need search: {unique_search}");
    }

    /// Like [`census`], with the unshaded cells numbered from a wider alphabet (fewer equal
    /// pairs, so fewer two-cell clauses and more weight on connectivity).
    #[test]
    #[ignore = "a measurement of some seconds, for the docs"]
    fn census_wide() {
        let mut rng = SeededRng::new(9);
        let mut meter = Budget::default().start();
        for side in [6usize, 8, 10, 14] {
            for wide in [1usize, 2, 3] {
                let mut counts = std::collections::BTreeMap::new();
                for _ in 0..2000 {
                    let solution = maximal_shading(side, side, &mut rng);
                    let k = side * wide;
                    let mut numbers = Grid::new(side, side, 0u32);
                    for i in 0..side * side {
                        if solution[i] {
                            continue;
                        }
                        let (x, y) = (i % side, i / side);
                        let used: Vec<u32> = (0..side)
                            .map(|x2| numbers[y * side + x2])
                            .chain((0..side).map(|y2| numbers[y2 * side + x]))
                            .collect();
                        let free: Vec<u32> = (1..=k as u32).filter(|v| !used.contains(v)).collect();
                        numbers[i] = if free.is_empty() { (k + 1 + i) as u32 } else { free[rng.index(free.len())] };
                    }
                    let shaded: Vec<usize> = (0..solution.len()).filter(|&i| solution[i]).collect();
                    for &d in &shaded {
                        renumber(&mut numbers, &solution, d, Difficulty::Hard, &mut rng);
                    }
                    let puzzle = Puzzle::from_grid(numbers).expect("positive");
                    let d = Grader::new(&puzzle).grade(&puzzle);
                    let key = match d {
                        Difficulty::NeedsSearch if is_unique(&puzzle, &solution, &mut meter).unwrap() => {
                            println!("{puzzle}");
                            "search, unique".to_string()
                        }
                        Difficulty::NeedsSearch => "search, not unique".to_string(),
                        d => d.to_string(),
                    };
                    *counts.entry(key).or_insert(0) += 1;
                }
                println!("{side}x{side}, alphabet {wide}x: {counts:?}");
            }
        }
    }

    /// Whether `edges` (sets of regions) join all of `0..regions` into one component.
    fn joins_all(regions: usize, edges: &[&[u8]]) -> bool {
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let mut parent: Vec<usize> = (0..regions).collect();
        for e in edges {
            for &v in &e[1..] {
                let (a, b) = (root(&mut parent, usize::from(e[0])), root(&mut parent, usize::from(v)));
                parent[a] = b;
            }
        }
        let r = root(&mut parent, 0);
        (0..regions).all(|v| root(&mut parent, v) == r)
    }

    /// The regions model of a position the rules are stuck on: the undecided structure is a
    /// set of two-state variables; state `s` of variable `k` leaves unshaded a cell that joins
    /// the regions `vars[k][s]` (the components of the decided unshaded cells). A link
    /// `(k1, t1, k2, t2)` says that the cell variable `k1` shades in state `t1` touches the one
    /// `k2` shades in state `t2`: those states exclude each other (a two-cell clause), and
    /// in the other two states the two unshaded cells join their regions.
    struct Model {
        regions: usize,
        vars: Vec<[Vec<u8>; 2]>,
        links: Vec<(usize, usize, usize, usize)>,
    }

    impl Model {
        /// Whether the states `allowed` (per variable: state 0, state 1) leave the board
        /// connected, with every allowed state's cell unshaded.
        fn open(&self, allowed: &[[bool; 2]]) -> bool {
            let mut edges: Vec<Vec<u8>> = Vec::new();
            for (k, v) in self.vars.iter().enumerate() {
                for s in 0..2 {
                    if allowed[k][s] {
                        edges.push(v[s].clone());
                    }
                }
            }
            for &(k1, t1, k2, t2) in &self.links {
                if allowed[k1][1 - t1] && allowed[k2][1 - t2] {
                    edges.push(vec![self.vars[k1][1 - t1][0], self.vars[k2][1 - t2][0]]);
                }
            }
            let edges: Vec<&[u8]> = edges.iter().map(Vec::as_slice).collect();
            joins_all(self.regions, &edges)
        }

        /// The assignments that break no link and leave the board connected.
        fn connected_assignments(&self) -> usize {
            (0..1usize << self.vars.len())
                .filter(|bits| {
                    let state = |k: usize| bits >> k & 1;
                    if self.links.iter().any(|&(k1, t1, k2, t2)| state(k1) == t1 && state(k2) == t2) {
                        return false;
                    }
                    let allowed: Vec<[bool; 2]> =
                        (0..self.vars.len()).map(|k| [state(k) == 0, state(k) == 1]).collect();
                    self.open(&allowed)
                })
                .count()
        }

        /// Whether a probe decides something: assume one state of one variable, then apply
        /// the links and the cut rule (a state whose cell is needed to keep the board
        /// connected is taken) until nothing changes; a contradiction is a decision.
        fn a_probe_decides(&self) -> bool {
            let n = self.vars.len();
            for k0 in 0..n {
                for s0 in 0..2 {
                    let mut state: Vec<Option<usize>> = vec![None; n];
                    let mut queue = vec![(k0, s0)];
                    let contradiction = 'probe: loop {
                        while let Some((k, s)) = queue.pop() {
                            match state[k] {
                                Some(t) if t != s => break 'probe true,
                                Some(_) => continue,
                                None => state[k] = Some(s),
                            }
                            for &(k1, t1, k2, t2) in &self.links {
                                if (k1, t1) == (k, s) {
                                    queue.push((k2, 1 - t2));
                                }
                                if (k2, t2) == (k, s) {
                                    queue.push((k1, 1 - t1));
                                }
                            }
                        }
                        let allowed: Vec<[bool; 2]> =
                            state.iter().map(|s| [s.is_none_or(|t| t == 0), s.is_none_or(|t| t == 1)]).collect();
                        if !self.open(&allowed) {
                            break true;
                        }
                        for k in (0..n).filter(|&k| state[k].is_none()) {
                            for s in 0..2 {
                                let mut without = allowed.clone();
                                without[k][s] = false;
                                if !self.open(&without) {
                                    queue.push((k, s));
                                }
                            }
                        }
                        if queue.is_empty() {
                            break false;
                        }
                    };
                    if contradiction {
                        return true;
                    }
                }
            }
            false
        }
    }

    /// Random regions models: how many have exactly one connected assignment that no probe
    /// decides. A domino (`a a` side by side) joins the regions above and below it in both
    /// states, so each state adds one region to them: after merging, a two-region edge. A
    /// rectangle (`a a` in two rows, same columns) joins its middle to two more regions in
    /// each state. Links are dominoes whose cells touch.
    #[test]
    #[ignore = "a measurement of some seconds, for the docs"]
    fn regions_models() {
        const MODELS: usize = 3_000_000;
        let mut rng = SeededRng::new(11);
        for (name, rectangles, links) in
            [("dominoes", 0u64, 0usize), ("dominoes, touching", 0, 4), ("mixed", 35, 0), ("rectangles", 100, 0)]
        {
            let (mut unique, mut stuck) = (0, 0);
            for _ in 0..MODELS {
                let regions = 3 + rng.index(6);
                let count = 2 + rng.index(5);
                let mut vars: Vec<[Vec<u8>; 2]> = Vec::new();
                for _ in 0..count {
                    let picks = if rng.below(100) < rectangles { 2 } else { 1 };
                    let hub = rng.index(regions) as u8;
                    let mut states = [Vec::new(), Vec::new()];
                    for state in &mut states {
                        state.push(hub);
                        state.extend((0..picks).map(|_| rng.index(regions) as u8));
                        state.sort_unstable();
                        state.dedup();
                    }
                    vars.push(states);
                }
                let mut model = Model { regions, vars, links: Vec::new() };
                for _ in 0..rng.index(links + 1) {
                    let (k1, k2) = (rng.index(count), rng.index(count));
                    if k1 != k2 {
                        model.links.push((k1, rng.index(2), k2, rng.index(2)));
                    }
                }
                if model.connected_assignments() == 1 {
                    unique += 1;
                    if !model.a_probe_decides() {
                        stuck += 1;
                        println!("{name}: {regions} regions {:?} links {:?}", model.vars, model.links);
                    }
                }
            }
            println!("{name}: {MODELS} models, {unique} with one connected assignment, {stuck} of them stuck");
        }
    }

    /// Hill-climbs hard puzzles towards search: renumberings that keep the puzzle unique and
    /// hard are kept when one probe decides no more cells than before. Prints the fewest
    /// cells one probe still decides (0 would be a search puzzle).
    #[test]
    #[ignore = "a measurement of some seconds, for the docs"]
    fn climb() {
        let mut rng = SeededRng::new(7);
        let mut meter = Budget::default().start();
        for side in [5usize, 7, 9] {
            for run in 0..6 {
                let (solution, mut numbers, shaded) = built(side, Difficulty::Hard, &mut rng);
                let mut best = usize::MAX;
                for _ in 0..20_000 {
                    let d = shaded[rng.index(shaded.len())];
                    let before = numbers[d];
                    if !renumber(&mut numbers, &solution, d, Difficulty::Hard, &mut rng) {
                        continue;
                    }
                    let puzzle = Puzzle::from_grid(numbers.clone()).expect("positive");
                    let p = Grader::new(&puzzle).profile(&puzzle);
                    if p.difficulty == Difficulty::NeedsSearch && is_unique(&puzzle, &solution, &mut meter).unwrap() {
                        println!("{side}x{side} run {run} needs search:\n{puzzle}");
                        best = 0;
                        break;
                    }
                    let score = if p.difficulty == Difficulty::Hard {
                        Grader::new(&puzzle).probe_options().unwrap_or(usize::MAX)
                    } else {
                        usize::MAX
                    };
                    if score <= best {
                        best = score;
                    } else {
                        numbers[d] = before;
                    }
                }
                println!("{side}x{side} run {run}: one probe still decides {best} cells");
            }
        }
    }
}
