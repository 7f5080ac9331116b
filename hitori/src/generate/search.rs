//! Puzzles that need search: a core from a library in a corner, and the board built around
//! it.
//!
//! A core is a `k`×`k` block of numbers with one shading that is its only solution, and
//! that the rules of [`crate::steps`] cannot finish, when the cells right of it and below it
//! (column `k` and row `k`) are unshaded: its right and bottom sides open onto one region.
//! The cores of `cores.txt` were found by annealing (see `hitori/docs/grades.md`) and are
//! checked by the tests.
//!
//! Around a core (mirrored at random across its diagonal):
//!
//! 1. column `k` and row `k` are unshaded; the other cells outside the core get a maximal
//!    shading, as in ungraded generation, with the core's shaded cells already in place;
//! 2. a latin square of side `max(width, height)` whose top left `k`×`k` block is a
//!    subsquare numbers the board: the core's numbers are mapped onto the subsquare's, the
//!    unshaded cells outside take the square's, so they repeat nowhere among the unshaded
//!    cells of their lines and no core cell of their lines has them, and no rule ties a
//!    cell outside the core to one in it; each shaded cell outside copies an unshaded cell
//!    outside, of its row or column;
//! 3. the solver proves uniqueness, second solutions are ruled out as in ungraded
//!    generation, and the grader checks that the rules are stuck.
//!
//! When the rules decide the outside cells (column `k` and row `k` unshaded among them)
//! without the core, the board's rules know about the core what they knew with column `k`
//! and row `k` given, and get stuck on it; the final check does not rely on this.

use engine::{Grid, Meter, SeededRng};

use super::spec::{GenerateError, Generated};
use super::unique::{copy_from_line, graded, prove, shade_maximally};
use crate::board::Puzzle;
use crate::connectivity::Connectivity;
use crate::difficulty::Difficulty;
use crate::solver::Answer;

/// The library: cores separated by blank lines, a row a line, shaded cells marked `*`;
/// lines starting with `#` are comments (the seed of the annealing tool, `anneal.rs`, that
/// found the core).
const CORES: &str = include_str!("cores.txt");

/// One core: its side, numbers and only solution, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Core {
    pub(crate) side: usize,
    pub(crate) numbers: Vec<u32>,
    pub(crate) shaded: Vec<bool>,
}

impl Core {
    /// Whether the core fits a `width`×`height` board: with its column and row beside it
    /// and one more (with the board's edge as the next column, too few outside puzzles come
    /// out unique), and with numbers `1..=max(width, height)` enough for a latin square with
    /// the core's numbers as a subsquare (twice the core's side).
    fn fits(&self, width: usize, height: usize) -> bool {
        self.side + 2 <= width.min(height) && 2 * self.side <= width.max(height)
    }

    /// The core mirrored across its main diagonal (still opening right and down).
    fn transposed(&self) -> Core {
        let k = self.side;
        let at = |i: usize| (i % k) * k + i / k;
        Core {
            side: k,
            numbers: (0..k * k).map(|i| self.numbers[at(i)]).collect(),
            shaded: (0..k * k).map(|i| self.shaded[at(i)]).collect(),
        }
    }
}

/// The cores of the library.
pub(crate) fn cores() -> Vec<Core> {
    CORES
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let rows: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();
            let side = rows.len();
            let mut numbers = Vec::with_capacity(side * side);
            let mut shaded = Vec::with_capacity(side * side);
            for row in rows {
                for token in row.split_whitespace() {
                    let (n, s) = token.strip_suffix('*').map_or((token, false), |n| (n, true));
                    numbers.push(n.parse().expect("the core library holds numbers"));
                    shaded.push(s);
                }
            }
            assert_eq!(numbers.len(), side * side, "a core is square");
            Core { side, numbers, shaded }
        })
        .collect()
}

/// Whether a core of the library fits a `width`×`height` board (with its column and row
/// beside it).
pub(super) fn fits(width: usize, height: usize) -> bool {
    cores().iter().any(|c| c.fits(width, height))
}

/// Tries to build a puzzle that needs search of `width`×`height` around a random core
/// that fits: `Ok(None)` when none fits or this attempt failed (the caller tries again).
pub(super) fn attempt(
    width: usize,
    height: usize,
    rng: &mut SeededRng,
    meter: &mut Meter,
) -> Result<Option<Generated>, GenerateError> {
    let fitting: Vec<Core> = cores().into_iter().filter(|c| c.fits(width, height)).collect();
    let Some(core) = rng.choose(&fitting) else {
        return Ok(None);
    };
    let core = if rng.chance(1, 2) { core.transposed() } else { core.clone() };
    let k = core.side;
    let m = width.max(height);
    let inside = |i: usize| i % width < k && i / width < k;
    let rim = |i: usize| (i % width <= k && i / width == k) || (i % width == k && i / width <= k);

    // The core's values onto the subsquare of a latin square, which numbers the rest.
    let Some((square, subsquare)) = latin_with_subsquare(m, k, rng, meter) else {
        return Ok(None);
    };
    let mut numbers = Grid::from_fn(width, height, |c| square[c.y as usize * m + c.x as usize]);
    let mut conn = Connectivity::new(width, height);
    for y in 0..k {
        for x in 0..k {
            let c = y * k + x;
            numbers[y * width + x] = subsquare[core.numbers[c] as usize - 1];
            if core.shaded[c] {
                conn.shade(y * width + x);
            }
        }
    }

    // 1. A maximal shading of the rest, the rim left unshaded.
    let mut order: Vec<usize> = (0..width * height).filter(|&i| !inside(i) && !rim(i)).collect();
    rng.shuffle(&mut order);
    shade_maximally(&mut conn, &order);
    let target = Grid::from_fn(width, height, |c| conn.is_shaded(c.y as usize * width + c.x as usize));
    let n = width * height;

    // 2. Numbers outside: the latin square's for unshaded cells, copies for shaded ones.
    for i in 0..n {
        if target[i] && !inside(i) && !copy_from_line(&mut numbers, i, rng, |j| !inside(j) && !target[j]) {
            return Ok(None);
        }
    }

    // 3. Uniqueness, repaired outside the core, then the grade.
    for _ in 0..10 + n / 4 {
        let puzzle = Puzzle::from_grid(numbers.clone()).expect("numbers are positive");
        match prove(&puzzle, meter)? {
            Some(Answer::Unique(solution)) => {
                if solution != target || graded(&puzzle, meter)?.difficulty != Difficulty::NeedsSearch {
                    return Ok(None);
                }
                return Ok(Some(flipped(&Generated { puzzle, solution }, rng)));
            }
            Some(Answer::Multiple(a, b)) => {
                let other = if a == target { b } else { a };
                let mut changed = false;
                for i in 0..n {
                    if target[i] && !other[i] && !inside(i) {
                        changed |= copy_from_line(&mut numbers, i, rng, |j| !inside(j) && !target[j] && !other[j]);
                    }
                }
                if !changed {
                    return Ok(None);
                }
            }
            Some(Answer::None) | None => return Ok(None),
        }
    }
    Ok(None)
}

/// A latin square of side `m` (`m >= 2k`) on `1..=m` whose top left `k`×`k` block holds
/// the `k` numbers of the returned subsquare only, so the other cells of its rows and
/// columns never do.
///
/// The first `k` rows are that block beside a cyclic `k`×`(m - k)` latin rectangle of the
/// other numbers; every further row is a perfect matching of the columns with the numbers
/// they miss (one exists by Hall's theorem: the graph is regular), found by augmenting
/// paths from the columns in random order. `None` when the meter stops first.
fn latin_with_subsquare(m: usize, k: usize, rng: &mut SeededRng, meter: &mut Meter) -> Option<(Vec<u32>, Vec<u32>)> {
    let mut symbols: Vec<u32> = (1..=m as u32).collect();
    rng.shuffle(&mut symbols);
    let mut square = vec![0usize; m * m];
    for y in 0..k {
        for x in 0..m {
            square[y * m + x] = if x < k { (x + y) % k } else { k + (x - k + y) % (m - k) };
        }
    }
    // missing[x][s]: symbol s is not yet in column x.
    let mut missing = vec![vec![true; m]; m];
    for y in 0..k {
        for x in 0..m {
            missing[x][square[y * m + x]] = false;
        }
    }
    let mut columns: Vec<usize> = (0..m).collect();
    for y in k..m {
        if meter.check() {
            return None;
        }
        // holder[s]: the column taking symbol s in this row.
        let mut holder: Vec<Option<usize>> = vec![None; m];
        rng.shuffle(&mut columns);
        for &x in &columns {
            let mut seen = vec![false; m];
            let found = augment(x, &missing, &mut holder, &mut seen);
            debug_assert!(found, "a latin rectangle always extends by a row");
        }
        for (s, &x) in holder.iter().enumerate() {
            let x = x.expect("a perfect matching");
            square[y * m + x] = s;
            missing[x][s] = false;
        }
    }
    Some((square.into_iter().map(|s| symbols[s]).collect(), symbols[..k].to_vec()))
}

/// Kuhn's augmenting path from column `x` in the graph "column misses symbol".
fn augment(x: usize, missing: &[Vec<bool>], holder: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for s in 0..missing.len() {
        if missing[x][s] && !seen[s] {
            seen[s] = true;
            if holder[s].is_none_or(|x2| augment(x2, missing, holder, seen)) {
                holder[s] = Some(x);
                return true;
            }
        }
    }
    false
}

/// The puzzle mirrored left to right and top to bottom at random, so the core lands in
/// any corner.
fn flipped(g: &Generated, rng: &mut SeededRng) -> Generated {
    let (w, h) = (g.solution.width(), g.solution.height());
    let (fx, fy) = (rng.chance(1, 2), rng.chance(1, 2));
    let at = |i: usize| {
        let (x, y) = (i % w, i / w);
        let (x, y) = (if fx { w - 1 - x } else { x }, if fy { h - 1 - y } else { y });
        y * w + x
    };
    let numbers = Grid::from_vec(w, h, (0..w * h).map(|i| g.puzzle.numbers()[at(i)]).collect()).expect("same shape");
    let solution = Grid::from_vec(w, h, (0..w * h).map(|i| g.solution[at(i)]).collect()).expect("same shape");
    Generated { puzzle: Puzzle::from_grid(numbers).expect("numbers are positive"), solution }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grader::Grader;
    use crate::rules::{Cell, is_solution};
    use crate::solver::tests::answer;
    use crate::steps::walkthrough;

    /// The core on a board one larger, column `k` and row `k` numbered apart from
    /// everything (`1000 + index`), with the facts that they are unshaded.
    fn framed(core: &Core) -> (Puzzle, Vec<(usize, Cell)>) {
        let (k, s) = (core.side, core.side + 1);
        let numbers = Grid::from_vec(
            s,
            s,
            (0..s * s)
                .map(|i| if i % s < k && i / s < k { core.numbers[i / s * k + i % s] } else { 1000 + i as u32 })
                .collect(),
        )
        .unwrap();
        let rim = (0..s * s).filter(|&i| i % s == k || i / s == k).map(|i| (i, Cell::Unshaded)).collect();
        (Puzzle::from_grid(numbers).unwrap(), rim)
    }

    /// Every shading of the framed core with the rim unshaded that is a solution, by trying
    /// every shading of the core cells (pruned: no two shaded side by side, no number twice
    /// among the unshaded cells of a line so far).
    fn brute_force_framed(puzzle: &Puzzle, k: usize) -> Vec<Vec<bool>> {
        fn go(p: &Puzzle, k: usize, shaded: &mut Vec<bool>, i: usize, out: &mut Vec<Vec<bool>>) {
            let s = k + 1;
            if i == s * s {
                if is_solution(p, &Grid::from_vec(s, s, shaded.clone()).unwrap()) {
                    out.push(shaded.clone());
                }
                return;
            }
            let (x, y) = (i % s, i / s);
            if x == k || y == k {
                return go(p, k, shaded, i + 1, out);
            }
            let n = p.numbers().cells();
            let repeats = (0..x).any(|x2| !shaded[y * s + x2] && n[y * s + x2] == n[i])
                || (0..y).any(|y2| !shaded[y2 * s + x] && n[y2 * s + x] == n[i]);
            if !repeats {
                go(p, k, shaded, i + 1, out);
            }
            let touches = (x > 0 && shaded[i - 1]) || (y > 0 && shaded[i - s]);
            if !touches {
                shaded[i] = true;
                go(p, k, shaded, i + 1, out);
                shaded[i] = false;
            }
        }
        let mut out = Vec::new();
        go(puzzle, k, &mut vec![false; (k + 1) * (k + 1)], 0, &mut out);
        out
    }

    #[test]
    fn every_core_has_one_solution_that_the_rules_cannot_reach() {
        let cores = cores();
        assert!(cores.len() >= 2);
        for core in &cores {
            for core in [core.clone(), core.transposed()] {
                let (puzzle, rim) = framed(&core);
                let k = core.side;
                let solutions = brute_force_framed(&puzzle, k);
                assert_eq!(solutions.len(), 1, "{puzzle}");
                let s = k + 1;
                let stored: Vec<bool> =
                    (0..s * s).map(|i| i % s < k && i / s < k && core.shaded[i / s * k + i % s]).collect();
                assert_eq!(solutions[0], stored, "{puzzle}");
                let profile = Grader::new(&puzzle).assuming(&rim).profile(&puzzle);
                assert_eq!(profile.difficulty, Difficulty::NeedsSearch, "{puzzle}");
                assert!(core.numbers.iter().all(|&v| v >= 1 && v as usize <= k), "numbers 1..=k");
            }
        }
    }

    #[test]
    fn search_puzzles_are_unique_and_need_search() {
        let mut meter = engine::Budget::default().start();
        for (w, h, seed) in
            [(10, 10, 1), (11, 11, 2), (12, 12, 3), (7, 10, 4), (12, 9, 5), (9, 14, 6), (15, 15, 7), (20, 20, 8)]
        {
            let mut rng = SeededRng::new(seed);
            let g = (0..300).find_map(|_| attempt(w, h, &mut rng, &mut meter).unwrap()).expect("a search puzzle");
            assert!(is_solution(&g.puzzle, &g.solution));
            assert_eq!(answer(&g.puzzle), Answer::Unique(g.solution.clone()), "{}", g.puzzle);
            assert_eq!(walkthrough(&g.puzzle).difficulty, Difficulty::NeedsSearch, "{}", g.puzzle);
        }
    }

    proptest::proptest! {
        /// The square is latin, and its top left block holds only the subsquare's numbers.
        #[test]
        fn latin_squares_have_their_subsquare(k in 1usize..7, extra in 0usize..8, seed: u64) {
            let m = 2 * k + extra;
            let mut meter = engine::Budget::default().start();
            let (square, subsquare) = latin_with_subsquare(m, k, &mut SeededRng::new(seed), &mut meter).unwrap();
            let all: Vec<u32> = (1..=m as u32).collect();
            for (_, cells) in crate::rules::lines(m, m) {
                let mut values: Vec<u32> = cells.map(|i| square[i]).collect();
                values.sort_unstable();
                proptest::prop_assert_eq!(&values, &all);
            }
            proptest::prop_assert_eq!(subsquare.len(), k);
            for y in 0..k {
                for x in 0..k {
                    proptest::prop_assert!(subsquare.contains(&square[y * m + x]));
                }
            }
        }
    }

    #[test]
    fn small_boards_have_no_core() {
        assert!(!fits(5, 5));
        assert!(!fits(5, 30));
        assert!(!fits(9, 9));
        assert!(!fits(6, 10));
        assert!(fits(7, 10));
    }
}
