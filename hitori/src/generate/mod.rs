//! Seeded generation of puzzles with exactly one solution, at any size.
//!
//! 1. A random maximal shading: cells in random order are shaded when they touch no shaded
//!    cell and the [`Connectivity`](crate::connectivity::Connectivity) check says the rest stays connected, until no cell can
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
//! same puzzle everywhere. The budget ([`generate_within`]) only decides whether generation
//! finishes: its clock, cancel token and node limit stop it with [`GenerateError::GaveUp`].

use engine::{Budget, SeededRng};

use crate::board::Puzzle;
use crate::difficulty::Difficulty;
use graded::{renumber, steer};
use unique::{graded, latin_numbers, maximal_shading, out_of_budget, unique};

#[cfg(test)]
mod anneal;
mod graded;
#[cfg(test)]
mod research_tests;
mod search;
mod spec;
#[cfg(test)]
mod tests;
mod unique;

pub use spec::{GRADED_TRIES, GenerateError, Generated, Spec, Stats};

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
///
/// # Errors
///
/// A [`GenerateError`]: a side of 0, no unique puzzle at the size, no puzzle of the
/// difficulty in [`GRADED_TRIES`] starts, a `search` puzzle on a board too small for it, or
/// the budget ran out ([`generate_within`] takes one).
pub fn generate(spec: &Spec, rng: &mut SeededRng) -> Result<Puzzle, GenerateError> {
    generate_with_solution(spec, rng).map(|g| g.puzzle)
}

/// [`generate`] within `budget`: its clock, cancel token and node limit stop generation
/// with [`GenerateError::GaveUp`] (the spec's own budget, set by the deprecated
/// [`Spec::with_budget`], is not used). The form every game crate offers.
///
/// ```
/// let token = engine::CancelToken::new();
/// token.cancel();
/// let budget = engine::Budget::default().with_cancel(token);
/// let spec = hitori::Spec::new(30, 30);
/// assert!(hitori::generate::generate_within(&spec, &mut engine::SeededRng::new(1), &budget).is_err());
/// ```
///
/// # Errors
///
/// As [`generate`].
pub fn generate_within(spec: &Spec, rng: &mut SeededRng, budget: &Budget) -> Result<Puzzle, GenerateError> {
    generate_with_solution_within(spec, rng, budget).map(|g| g.puzzle)
}

/// [`generate`], also returning the solution.
///
/// ```
/// use hitori::generate::{generate_with_solution, Spec};
/// let g = generate_with_solution(&Spec::new(5, 5), &mut engine::SeededRng::new(1)).unwrap();
/// assert!(hitori::rules::is_solution(&g.puzzle, &g.solution));
/// ```
///
/// # Errors
///
/// As [`generate`].
pub fn generate_with_solution(spec: &Spec, rng: &mut SeededRng) -> Result<Generated, GenerateError> {
    generate_with_solution_within(spec, rng, &spec.budget)
}

/// [`generate_with_solution`] within `budget`, as [`generate_within`].
///
/// ```
/// use hitori::generate::{generate_with_solution_within, GenerateError, Spec};
/// let budget = engine::Budget::default();
/// let g = generate_with_solution_within(&Spec::new(5, 5), &mut engine::SeededRng::new(1), &budget).unwrap();
/// assert!(hitori::rules::is_solution(&g.puzzle, &g.solution));
///
/// // A cancelled budget stops generation.
/// let token = engine::CancelToken::new();
/// token.cancel();
/// let budget = engine::Budget::default().with_cancel(token);
/// let made = generate_with_solution_within(&Spec::new(30, 30), &mut engine::SeededRng::new(1), &budget);
/// assert!(matches!(made, Err(GenerateError::GaveUp { .. })));
/// ```
///
/// # Errors
///
/// As [`generate`].
pub fn generate_with_solution_within(
    spec: &Spec,
    rng: &mut SeededRng,
    budget: &Budget,
) -> Result<Generated, GenerateError> {
    generate_with_stats_within(spec, rng, budget).map(|(g, _)| g)
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
    generate_with_stats_within(spec, rng, &spec.budget)
}

/// [`generate_with_stats`] within `budget`, as [`generate_within`].
///
/// ```
/// use hitori::generate::{generate_with_stats_within, Spec};
/// let budget = engine::Budget::default().with_node_limit(1_000_000);
/// let (_, stats) = generate_with_stats_within(&Spec::new(6, 6), &mut engine::SeededRng::new(2), &budget).unwrap();
/// assert_eq!(stats.puzzles, 1);
/// ```
///
/// # Errors
///
/// As [`generate`].
pub fn generate_with_stats_within(
    spec: &Spec,
    rng: &mut SeededRng,
    budget: &Budget,
) -> Result<(Generated, Stats), GenerateError> {
    let mut meter = budget.start();
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
