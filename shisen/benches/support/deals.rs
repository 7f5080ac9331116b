//! The deal benchmark shared by `benches/deals.rs` and `examples/deals.rs`: random
//! (`deal_any`) and generated (solvable) full deals at every KShisen size, with and without
//! gravity, each solved within a per-deal time limit on one thread; the share decided and
//! the median, p99 and maximum time per class.

use std::time::{Duration, Instant};

use engine::{Budget, Outcome, SeededRng};
use shisen::Board;
use shisen::generate::{self, Spec};
use shisen::solver::{self, Answer, Options};

/// KShisen's board sizes (four copies of each kind).
pub const SIZES: [(usize, usize); 5] = [(14, 6), (18, 8), (24, 12), (26, 14), (30, 16)];

/// One class of deals: a size, random or generated, with or without gravity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    pub width: usize,
    pub height: usize,
    /// `generate`'s solvable deals (made for the same gravity rule), or `deal_any`'s.
    pub generated: bool,
    pub gravity: bool,
}

impl Class {
    /// Every class: the sizes in order, random before generated, without gravity first.
    pub fn all() -> Vec<Class> {
        let mut classes = Vec::new();
        for (width, height) in SIZES {
            for generated in [false, true] {
                for gravity in [false, true] {
                    classes.push(Class { width, height, generated, gravity });
                }
            }
        }
        classes
    }

    /// `14x6 random gravity` and the like.
    pub fn name(&self) -> String {
        format!(
            "{}x{} {}{}",
            self.width,
            self.height,
            if self.generated { "generated" } else { "random" },
            if self.gravity { " gravity" } else { "" }
        )
    }

    /// The deal of seed `seed`.
    pub fn deal(&self, seed: u64) -> Board {
        let spec = Spec::new(self.width, self.height).with_gravity(self.gravity);
        let mut rng = SeededRng::new(seed);
        if self.generated {
            generate::generate(&spec, &mut rng).expect("a standard layout").board
        } else {
            generate::deal_any(&spec, &mut rng).expect("a KShisen size")
        }
    }

    /// The deals of seeds `0..count`.
    pub fn deals(&self, count: u64) -> Vec<Board> {
        (0..count).map(|seed| self.deal(seed)).collect()
    }
}

/// How one deal came out.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub seed: u64,
    /// `Some(true)`: solvable, `Some(false)`: unsolvable, `None`: gave up.
    pub solvable: Option<bool>,
    pub time: Duration,
    pub nodes: u64,
}

/// Solves `board` within `limit` (one thread).
pub fn solve(board: &Board, gravity: bool, limit: Duration, seed: u64) -> Run {
    let budget = Budget::default().with_time_limit(limit);
    let options = Options::default().with_gravity(gravity).with_budget(budget);
    let start = Instant::now();
    let report = solver::solve(board, &options);
    let time = start.elapsed();
    let solvable = match report.outcome {
        Outcome::Proved(Answer::Solvable(_)) | Outcome::Found(Answer::Solvable(_)) => Some(true),
        Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => Some(false),
        Outcome::GaveUp { .. } => None,
    };
    Run { seed, solvable, time, nodes: report.stats.nodes }
}

/// The runs of one class, summed up.
pub struct Row {
    pub class: Class,
    pub runs: Vec<Run>,
}

impl Row {
    /// Solves the deals of seeds `0..count` of `class`, each within `limit`.
    pub fn measure(class: Class, count: u64, limit: Duration) -> Row {
        Row::measure_seeds(class, 0..count, limit)
    }

    /// Solves the deals of `seeds` of `class`, each within `limit`.
    pub fn measure_seeds(class: Class, seeds: impl IntoIterator<Item = u64>, limit: Duration) -> Row {
        let runs = seeds.into_iter().map(|seed| solve(&class.deal(seed), class.gravity, limit, seed)).collect();
        Row { class, runs }
    }

    /// The `q`-quantile of the times (nearest rank).
    pub fn quantile(&self, q: f64) -> Duration {
        let mut times: Vec<Duration> = self.runs.iter().map(|r| r.time).collect();
        times.sort_unstable();
        let rank = ((q * times.len() as f64).ceil() as usize).clamp(1, times.len().max(1));
        times.get(rank - 1).copied().unwrap_or_default()
    }

    /// A Markdown table row: class, decided, solvable, median, p99, max, nodes.
    pub fn line(&self) -> String {
        let decided = self.runs.iter().filter(|r| r.solvable.is_some()).count();
        let solvable = self.runs.iter().filter(|r| r.solvable == Some(true)).count();
        let nodes: u64 = self.runs.iter().map(|r| r.nodes).sum();
        format!(
            "| {} | {decided}/{} | {solvable} | {} | {} | {} | {nodes} |",
            self.class.name(),
            self.runs.len(),
            ms(self.quantile(0.5)),
            ms(self.quantile(0.99)),
            ms(self.quantile(1.0)),
        )
    }

    /// The seeds of the deals left undecided.
    pub fn undecided(&self) -> Vec<u64> {
        self.runs.iter().filter(|r| r.solvable.is_none()).map(|r| r.seed).collect()
    }
}

/// The head of the Markdown table.
pub const HEAD: &str = "| class | decided | solvable | median | p99 | max | nodes |\n|---|---|---|---|---|---|---|";

/// A duration in milliseconds, to two significant decimals below 10 ms.
pub fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 10.0 { format!("{ms:.2} ms") } else { format!("{ms:.0} ms") }
}
