//! Solves the designed benchmark set ([`kami::generate::bench_set`]) and prints one line
//! per level: regions, colours, the construction's upper bound, the root lower bound, the
//! outcome (the par, or the proven lower bound and the best length found when the budget
//! ran out), search nodes and time; with `trace`, also one line per IDA* iteration (its
//! threshold, nodes, with several threads each thread's nodes, transposition table size
//! and time).
//!
//! `cargo run --release -p kami --example designed -- [NODE_LIMIT] [LEVEL] [trace] [threads=N]`
//! (default 2 000 000 nodes, every level, one thread; `LEVEL` may be `all`; a node limit of
//! 0 means none).

use std::time::Instant;

use kami::generate::{bench_set, design};
use kami::{Options, RegionGraph, solver};

fn main() {
    let limit = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2_000_000);
    let only: Option<usize> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let trace = std::env::args().skip(3).any(|a| a == "trace");
    let threads = std::env::args().skip(3).find_map(|a| a.strip_prefix("threads=")?.parse().ok()).unwrap_or(1);
    println!("level  regions colours upper root  result      nodes    time");
    for (i, options) in bench_set().iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let designed = design(options).expect("the bench set can be built");
        let level = &designed.level;
        let start = Instant::now();
        let mut budget = engine::Budget::default();
        if limit > 0 {
            budget = budget.with_node_limit(limit);
        }
        let solve_options = Options::default().with_budget(budget).with_threads(threads);
        let (report, iterations) = solver::solve_traced(level, &solve_options).expect("a level of few regions");
        let (outcome, nodes) = (report.outcome, report.stats.nodes);
        let elapsed = start.elapsed().as_secs_f64();
        let result = match outcome {
            engine::Outcome::Proved(m) | engine::Outcome::Found(m) => format!("par {}", m.len()),
            engine::Outcome::GaveUp { proven, .. } => {
                format!("{}..{}", proven.lower_bound, proven.best.map_or("?".to_string(), |b| b.len().to_string()))
            }
        };
        println!(
            "{i:>5} {:>8} {:>7} {:>5} {:>4}  {result:<8} {nodes:>9} {elapsed:>7.3}s",
            RegionGraph::new(level).len(),
            options.colours,
            designed.solution.len(),
            solver::lower_bound(level),
        );
        if trace {
            for it in iterations {
                println!("      {it}");
            }
        }
    }
}
