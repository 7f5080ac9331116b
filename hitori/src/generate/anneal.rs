//! The search that finds the cores of `cores.txt` (a tool, run as an ignored test):
//!
//! ```text
//! CORE_SIDE=5 CORE_SEEDS=300..380 cargo test --release -p hitori --lib generate::anneal -- --ignored --nocapture
//! ```
//!
//! prints, for each seed that finds one within `CORE_EVALS` evaluations (default
//! 4,000,000), a core in the library's format.
//!
//! Simulated annealing over the numbers of a `k`×`k` block framed as the core sits on a
//! board: column `k` and row `k` numbered apart and known unshaded. A state's energy:
//!
//! - 50 with no solution;
//! - `n` (2 to 12) with `n` solutions, counted by a branching search on the
//!   [`Propagator`] (capped at 12);
//! - below 1 with one solution that the rules finish: `1 - 0.9 * u / cells`, where `u` is
//!   what the medium closure leaves undecided (probing has more to do);
//! - 0 with one solution that the rules cannot finish: a core.
//!
//! One cell is renumbered a step, at a temperature falling from 0.62 to 0.02 over 20,000
//! steps, then a new random block. About one core in 2 to 5 million evaluations at 5×5
//! (some 10 to 40 s); none were found at 6×6 and 7×7 in 200 s each.

use engine::{Grid, SeededRng};

use crate::board::Puzzle;
use crate::difficulty::Difficulty;
use crate::grader::Grader;
use crate::propagate::Propagator;
use crate::rules::Cell;

/// Solutions below the propagator's state, up to `cap`; the first one kept in `first`.
fn count(p: &mut Propagator, cap: usize, found: &mut usize, first: &mut Option<Vec<Cell>>) {
    if *found >= cap || !p.propagate(|| false) {
        return;
    }
    let Some(i) = p.state.iter().position(|&s| s == Cell::Unknown) else {
        *found += 1;
        first.get_or_insert_with(|| p.state.clone());
        return;
    };
    for v in [Cell::Unshaded, Cell::Shaded] {
        let mark = p.mark();
        if p.assign(i, v) {
            count(p, cap, found, first);
        }
        p.undo(mark);
        if *found >= cap {
            return;
        }
    }
}

/// The framed block: `side + 1` square, the frame numbered `1000 + index`.
struct Frame {
    side: usize,
    rim: Vec<(usize, Cell)>,
    block: Vec<usize>,
}

impl Frame {
    fn new(k: usize) -> Frame {
        let s = k + 1;
        let on_rim = |i: usize| i % s == k || i / s == k;
        Frame {
            side: k,
            rim: (0..s * s).filter(|&i| on_rim(i)).map(|i| (i, Cell::Unshaded)).collect(),
            block: (0..s * s).filter(|&i| !on_rim(i)).collect(),
        }
    }

    fn puzzle(&self, numbers: &[u32]) -> Puzzle {
        let s = self.side + 1;
        Puzzle::from_grid(Grid::from_vec(s, s, numbers.to_vec()).expect("square")).expect("positive")
    }

    /// Solutions (up to `cap`) with the rim unshaded, and the first.
    fn solutions(&self, puzzle: &Puzzle, cap: usize) -> (usize, Option<Vec<Cell>>) {
        let mut p = Propagator::new(puzzle);
        p.queue.extend_from_slice(&self.rim);
        let (mut found, mut first) = (0, None);
        count(&mut p, cap, &mut found, &mut first);
        (found, first)
    }

    fn energy(&self, puzzle: &Puzzle) -> f64 {
        let (found, _) = self.solutions(puzzle, 12);
        if found == 0 {
            return 50.0;
        }
        if found >= 2 {
            return found as f64;
        }
        let profile = Grader::new(puzzle).assuming(&self.rim).profile(puzzle);
        if profile.difficulty == Difficulty::NeedsSearch {
            return 0.0;
        }
        let cells = (self.side + 1) * (self.side + 1);
        1.0 - 0.9 * profile.undecided[1] as f64 / cells as f64
    }

    /// The core in the library's format (`*` after a shaded cell's number).
    fn format(&self, numbers: &[u32], solution: &[Cell]) -> String {
        let (k, s) = (self.side, self.side + 1);
        let row = |y: usize| {
            let cell = |x: usize| {
                let i = y * s + x;
                format!("{}{}", numbers[i], if solution[i] == Cell::Shaded { "*" } else { "" })
            };
            (0..k).map(cell).collect::<Vec<_>>().join(" ")
        };
        (0..k).map(row).collect::<Vec<_>>().join("\n")
    }
}

/// Anneals from `seed` for at most `evals` evaluations; the core found, if any.
fn anneal(frame: &Frame, seed: u64, evals: usize) -> Option<String> {
    const STEPS: usize = 20_000;
    let (k, s) = (frame.side, frame.side + 1);
    let mut rng = SeededRng::new(seed);
    let mut spent = 0;
    while spent < evals {
        let mut numbers: Vec<u32> = (0..s * s)
            .map(|i| if i % s == k || i / s == k { 1000 + i as u32 } else { 1 + rng.below(k as u64) as u32 })
            .collect();
        let mut energy = frame.energy(&frame.puzzle(&numbers));
        for step in 0..STEPS {
            let t = 0.6 * (1.0 - step as f64 / STEPS as f64) + 0.02;
            let i = frame.block[rng.index(frame.block.len())];
            let old = numbers[i];
            numbers[i] = 1 + rng.below(k as u64) as u32;
            if numbers[i] == old {
                continue;
            }
            let puzzle = frame.puzzle(&numbers);
            let e = frame.energy(&puzzle);
            spent += 1;
            if e == 0.0 {
                let (_, solution) = frame.solutions(&puzzle, 2);
                return Some(frame.format(&numbers, &solution.expect("one solution")));
            }
            if e <= energy || (rng.below(1_000_000) as f64 / 1e6) < ((energy - e) / t).exp() {
                energy = e;
            } else {
                numbers[i] = old;
            }
        }
    }
    None
}

#[test]
#[ignore = "a tool: finds cores for cores.txt"]
fn cores() {
    let var = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
    let k: usize = var("CORE_SIDE", "5").parse().expect("CORE_SIDE: a number");
    let evals: usize = var("CORE_EVALS", "4000000").parse().expect("CORE_EVALS: a number");
    let seeds = var("CORE_SEEDS", "300..310");
    let (first, last) = seeds.split_once("..").expect("CORE_SEEDS: first..last");
    let frame = Frame::new(k);
    for seed in first.parse::<u64>().expect("a seed")..last.parse::<u64>().expect("a seed") {
        match anneal(&frame, seed, evals) {
            Some(core) => println!("seed {seed}:\n{core}\n"),
            None => println!("seed {seed}: none"),
        }
    }
}
