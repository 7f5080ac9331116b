//! Steering a puzzle towards a grade: shaded cells renumbered so the rules below the grade
//! have nothing to start from ([`renumber`]), one change at a time, kept when the grader
//! says it is a step towards the grade ([`steer`]).

use engine::{Grid, Meter, SeededRng};

use super::spec::{GenerateError, Stats};
use super::unique::{copy_from_line, graded, is_unique};
use crate::board::Puzzle;
use crate::difficulty::Difficulty;
use crate::grader::Profile;

/// Renumberings tried by [`steer`] on one puzzle, plus one per shaded cell up to as many again.
const STEER_STEPS: usize = 40;

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
pub(super) fn renumber(
    numbers: &mut Grid<u32>,
    solution: &Grid<bool>,
    d: usize,
    target: Difficulty,
    rng: &mut SeededRng,
) -> bool {
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
pub(super) fn steer(
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
