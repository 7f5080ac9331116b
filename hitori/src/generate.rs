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
//! Repairs and restarts are bounded and every choice comes from the seed (the solver runs
//! under a node budget, not a clock), so the same seed gives the same puzzle everywhere.

use std::fmt;

use engine::{Grid, SeededRng};

use crate::Puzzle;
use crate::connectivity::Connectivity;
use crate::solver::{Answer, Limits, solve};
use crate::steps::Difficulty;

/// Restarts with a fresh shading before giving up.
const ATTEMPTS: usize = 40;
/// Branchings allowed for one uniqueness proof.
const NODE_BUDGET: u64 = 20_000;
/// Puzzles tried by [`generate_graded`].
const GRADED_TRIES: usize = 300;
/// Puzzles [`generate_graded`] tries to harden.
const HARDEN_TRIES: usize = 20;
/// Mutations tried by [`harden`] on one puzzle.
const HARDEN_STEPS: usize = 60;

/// Why no puzzle came out.
///
/// ```
/// let e = hitori::generate::generate(1, 2, 0).unwrap_err();
/// assert_eq!(e.to_string(), "found no puzzle with exactly one solution at 1x2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// A side is 0.
    Empty,
    /// Every attempt failed (1×2 and 2×1 have no unique puzzle at all).
    NoUniquePuzzle {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// No puzzle of the wanted difficulty turned up (puzzles that need search are rare:
    /// one-step contradictions solve almost everything this generator makes).
    NoPuzzleOfDifficulty {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// What was asked for.
        difficulty: Difficulty,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Empty => write!(f, "the board must be at least 1x1"),
            GenerateError::NoUniquePuzzle { width, height } => {
                write!(f, "found no puzzle with exactly one solution at {width}x{height}")
            }
            GenerateError::NoPuzzleOfDifficulty { width, height, difficulty } => {
                write!(f, "found no {difficulty} puzzle at {width}x{height} in {GRADED_TRIES} tries")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

/// A generated puzzle with its one solution (`true` = shaded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Grid<bool>,
}

/// A `width` × `height` puzzle with exactly one solution, determined by `seed`.
///
/// ```
/// let p = hitori::generate::generate(6, 4, 7).unwrap();
/// assert_eq!((p.width(), p.height()), (6, 4));
/// assert_eq!(hitori::solver::solve(&p, Default::default()).class(), "unique");
/// assert_eq!(hitori::generate::generate(6, 4, 7).unwrap(), p);
/// ```
pub fn generate(width: usize, height: usize, seed: u64) -> Result<Puzzle, GenerateError> {
    generate_with_solution(width, height, seed).map(|g| g.puzzle)
}

/// [`generate`], also returning the solution.
///
/// ```
/// let g = hitori::generate::generate_with_solution(5, 5, 1).unwrap();
/// assert!(hitori::rules::is_solution(&g.puzzle, &g.solution));
/// ```
pub fn generate_with_solution(width: usize, height: usize, seed: u64) -> Result<Generated, GenerateError> {
    if width == 0 || height == 0 {
        return Err(GenerateError::Empty);
    }
    let mut rng = SeededRng::new(seed);
    let repairs = 10 + (width * height) / 4;
    for _ in 0..ATTEMPTS {
        let mut target = maximal_shading(width, height, &mut rng);
        let mut numbers = latin_numbers(width, height, &mut rng);
        for i in 0..numbers.len() {
            if target[i] {
                copy_from_line(&mut numbers, i, &mut rng, |j| !target[j]);
            }
        }
        for _ in 0..repairs {
            let puzzle = Puzzle::from_grid(numbers.clone()).expect("numbers are positive");
            match solve(&puzzle, Limits { time: None, nodes: Some(NODE_BUDGET) }) {
                Answer::Unique(solution) => {
                    debug_assert_eq!(solution, target);
                    return Ok(Generated { puzzle, solution });
                }
                Answer::Multiple(a, b) => {
                    let other = if a == target { b } else { a };
                    let mut changed = false;
                    for i in 0..numbers.len() {
                        if target[i] && !other[i] {
                            changed |= copy_from_line(&mut numbers, i, &mut rng, |j| !target[j] && !other[j]);
                        }
                    }
                    if !changed {
                        // `other` shades a superset: aim for it instead, giving its extra
                        // cells a reason to be shaded.
                        for i in 0..numbers.len() {
                            if other[i] && !target[i] {
                                copy_from_line(&mut numbers, i, &mut rng, |j| !other[j]);
                            }
                        }
                        target = other;
                    }
                }
                Answer::None | Answer::Unknown => break,
            }
        }
    }
    Err(GenerateError::NoUniquePuzzle { width, height })
}

/// Tries for a puzzle of the given [`Difficulty`] (as graded by [`crate::steps::grade`]):
/// generates from seeds derived from `seed` until one matches, at most 300 times; the first
/// 20 that are too easy are also hill-climbed towards the wanted grade by renumbering shaded
/// cells while it stays unique.
///
/// ```
/// use hitori::steps::{grade, Difficulty};
/// let p = hitori::generate::generate_graded(6, 6, 3, Difficulty::Medium).unwrap();
/// assert_eq!(grade(&p), Difficulty::Medium);
/// ```
pub fn generate_graded(
    width: usize,
    height: usize,
    seed: u64,
    difficulty: Difficulty,
) -> Result<Puzzle, GenerateError> {
    let mut rng = SeededRng::new(seed);
    for attempt in 0..GRADED_TRIES {
        let generated = generate_with_solution(width, height, rng.next_u64())?;
        let grade = crate::steps::grade(&generated.puzzle);
        if grade == difficulty {
            return Ok(generated.puzzle);
        }
        if grade < difficulty && attempt < HARDEN_TRIES {
            if let Some(puzzle) = harden(&generated, difficulty, &mut rng) {
                return Ok(puzzle);
            }
        }
    }
    Err(GenerateError::NoPuzzleOfDifficulty { width, height, difficulty })
}

/// Hill-climbs towards a harder puzzle with the same unique solution: a shaded cell copies
/// the number of another unshaded cell of its row or column; the change is kept when the
/// puzzle stays unique and its grade does not drop. `Some` once the grade is `target`.
fn harden(generated: &Generated, target: Difficulty, rng: &mut SeededRng) -> Option<Puzzle> {
    let solution = &generated.solution;
    let shaded: Vec<usize> = (0..solution.len()).filter(|&i| solution[i]).collect();
    if shaded.is_empty() {
        return None;
    }
    let mut numbers = generated.puzzle.numbers().clone();
    let mut grade = crate::steps::grade(&generated.puzzle);
    for _ in 0..HARDEN_STEPS {
        let mut candidate = numbers.clone();
        let d = shaded[rng.index(shaded.len())];
        if !copy_from_line(&mut candidate, d, rng, |j| !solution[j]) || candidate == numbers {
            continue;
        }
        let puzzle = Puzzle::from_grid(candidate.clone()).expect("numbers are positive");
        if solve(&puzzle, Limits { time: None, nodes: Some(NODE_BUDGET) }) != Answer::Unique(solution.clone()) {
            continue;
        }
        let new_grade = crate::steps::grade(&puzzle);
        if new_grade == target {
            return Some(puzzle);
        }
        if new_grade >= grade && new_grade < target {
            numbers = candidate;
            grade = new_grade;
        }
    }
    None
}

/// Shades cells in random order while they touch no shaded cell and keep the rest
/// connected (and at least one cell unshaded), until nothing more can be shaded.
fn maximal_shading(width: usize, height: usize, rng: &mut SeededRng) -> Grid<bool> {
    let mut conn = Connectivity::new(width, height);
    let mut order: Vec<usize> = (0..width * height).collect();
    rng.shuffle(&mut order);
    let n = width * height;
    loop {
        let before = conn.shaded_count();
        for &i in &order {
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
    Grid::from_fn(width, height, |c| conn.is_shaded(c.y as usize * width + c.x as usize))
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

    #[test]
    fn small_puzzles_are_unique_by_brute_force() {
        for (w, h) in [(1, 1), (1, 3), (3, 1), (2, 2), (2, 3), (3, 3), (4, 3), (4, 4), (5, 4), (5, 5), (1, 6)] {
            for seed in 0..6 {
                let g = generate_with_solution(w, h, seed).unwrap();
                assert!(is_solution(&g.puzzle, &g.solution));
                assert_eq!(brute_force(&g.puzzle, 2), vec![g.solution.clone()], "{:?}", g.puzzle);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(60))]
        #[test]
        fn every_generated_puzzle_has_exactly_its_solution(w in 2usize..12, h in 2usize..12, seed in 0u64..1_000_000) {
            let g = generate_with_solution(w, h, seed).unwrap();
            proptest::prop_assert!(is_solution(&g.puzzle, &g.solution));
            if w * h <= 25 {
                proptest::prop_assert_eq!(brute_force(&g.puzzle, 2), vec![g.solution.clone()]);
            } else {
                proptest::prop_assert_eq!(solve(&g.puzzle, Limits::default()), Answer::Unique(g.solution.clone()));
            }
        }
    }

    #[test]
    fn fifty_by_fifty_and_beyond() {
        for (w, h) in [(50, 50), (62, 62), (80, 30)] {
            let g = generate_with_solution(w, h, 2026).unwrap();
            assert_eq!(solve(&g.puzzle, Limits::default()), Answer::Unique(g.solution.clone()));
            assert!(is_solution(&g.puzzle, &g.solution));
        }
    }

    #[test]
    fn graded_puzzles_have_their_grade() {
        for d in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            let p = generate_graded(6, 6, 11, d).unwrap();
            assert_eq!(crate::steps::grade(&p), d);
            assert_eq!(solve(&p, Limits::default()).class(), "unique");
        }
        let err = generate_graded(1, 2, 0, Difficulty::Easy).unwrap_err();
        assert_eq!(err, GenerateError::NoUniquePuzzle { width: 1, height: 2 });
    }

    #[test]
    fn impossible_sizes_fail_cleanly() {
        assert_eq!(generate(1, 2, 0), Err(GenerateError::NoUniquePuzzle { width: 1, height: 2 }));
        assert_eq!(generate(2, 1, 3), Err(GenerateError::NoUniquePuzzle { width: 2, height: 1 }));
        assert_eq!(generate(0, 4, 0), Err(GenerateError::Empty));
    }

    #[test]
    fn larger_and_non_square_puzzles_are_unique_and_deterministic() {
        for (w, h, seed) in [(10, 10, 1), (15, 8, 2), (7, 20, 3), (20, 20, 4)] {
            let g = generate_with_solution(w, h, seed).unwrap();
            assert_eq!(solve(&g.puzzle, Limits::default()), Answer::Unique(g.solution.clone()));
            assert!(is_solution(&g.puzzle, &g.solution));
            assert_eq!(generate(w, h, seed).unwrap(), g.puzzle);
        }
    }
}
