//! Unique puzzles of any difficulty, and the building blocks graded generation shares: a
//! maximal shading, latin numbers, a number copied along a line, a capped uniqueness proof
//! and a metered grade.

use engine::{Grid, Meter, Outcome, SeededRng, StopReason};

use super::spec::{GenerateError, Generated};
use crate::board::Puzzle;
use crate::connectivity::Connectivity;
use crate::grader::{Grader, Profile};
use crate::rules::line_mates;
use crate::solver::{Answer, solve_in};

/// Restarts with a fresh shading before giving up.
pub(super) const ATTEMPTS: usize = 40;
/// Branchings allowed for one uniqueness proof.
const NODE_BUDGET: u64 = 20_000;

/// Stops generation when the meter has run out.
pub(super) fn out_of_budget(meter: &mut Meter) -> Result<(), GenerateError> {
    if meter.check() {
        Err(GenerateError::GaveUp { reason: meter.stopped().unwrap_or(StopReason::NodeLimit) })
    } else {
        Ok(())
    }
}

/// The grade profile of `puzzle`, counted as one node (an error when the budget ran out,
/// before or while grading).
pub(super) fn graded(puzzle: &Puzzle, meter: &mut Meter) -> Result<Profile, GenerateError> {
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
pub(super) fn prove(puzzle: &Puzzle, meter: &mut Meter) -> Result<Option<Answer>, GenerateError> {
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
pub(super) fn unique(
    width: usize,
    height: usize,
    rng: &mut SeededRng,
    meter: &mut Meter,
) -> Result<Generated, GenerateError> {
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

/// Whether `puzzle` has exactly the solution `solution` (by a capped proof).
pub(super) fn is_unique(puzzle: &Puzzle, solution: &Grid<bool>, meter: &mut Meter) -> Result<bool, GenerateError> {
    Ok(matches!(prove(puzzle, meter)?, Some(Answer::Unique(ref s)) if s == solution))
}

/// Shades cells in random order while they touch no shaded cell and keep the rest
/// connected (and at least one cell unshaded), until nothing more can be shaded.
pub(super) fn maximal_shading(width: usize, height: usize, rng: &mut SeededRng) -> Grid<bool> {
    let mut conn = Connectivity::new(width, height);
    let mut order: Vec<usize> = (0..width * height).collect();
    rng.shuffle(&mut order);
    shade_maximally(&mut conn, &order);
    Grid::from_fn(width, height, |c| conn.is_shaded(c.y as usize * width + c.x as usize))
}

/// Shades the cells of `order`, in that order and again until nothing changes, each when it
/// touches no shaded cell and keeps the rest connected (and at least one cell unshaded).
pub(super) fn shade_maximally(conn: &mut Connectivity, order: &[usize]) {
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
pub(super) fn latin_numbers(width: usize, height: usize, rng: &mut SeededRng) -> Grid<u32> {
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
pub(super) fn copy_from_line(
    numbers: &mut Grid<u32>,
    i: usize,
    rng: &mut SeededRng,
    ok: impl Fn(usize) -> bool,
) -> bool {
    let candidates: Vec<usize> = line_mates(numbers.width(), numbers.height(), i).filter(|&j| ok(j)).collect();
    match rng.choose(&candidates) {
        Some(&j) => {
            numbers[i] = numbers[j];
            true
        }
        None => false,
    }
}
