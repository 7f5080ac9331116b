//! The measurements behind `hitori/docs/grades.md` on the search grade: research run by
//! hand, not checks (every test here is ignored). Slow: run with
//!
//! ```text
//! cargo test --release -p hitori --lib generate::research_tests -- --ignored --nocapture
//! ```

use engine::{Budget, Grid, SeededRng};

use super::graded::renumber;
use super::unique::{is_unique, latin_numbers, maximal_shading};
use crate::board::Puzzle;
use crate::difficulty::Difficulty;
use crate::grader::Grader;
use crate::rules::line_mates;

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
                    // Cell `i`'s own number is 0 (not yet chosen): leaving it out changes nothing.
                    let used: Vec<u32> = line_mates(side, side, i).map(|j| numbers[j]).collect();
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
                let allowed: Vec<[bool; 2]> = (0..self.vars.len()).map(|k| [state(k) == 0, state(k) == 1]).collect();
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
