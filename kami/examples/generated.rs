//! Generates levels with [`kami::generate::generate`] and solves each again, timed: one
//! line per level with its colours, regions, seed, the root lower bound, the par, the time
//! `generate` took (building and proving, failed attempts included), and the solve's time
//! and search nodes; with `trace`, also one line per IDA* iteration (its threshold, nodes,
//! with several threads each thread's nodes, transposition table size and time).
//!
//! `cargo run --release -p kami --example generated -- COLOURS REGIONS SEEDS [ROWSxCOLS]
//! [budget=NODES] [threads=N] [trace] [print]` (`SEEDS` like `1,2,5` or `1-4`; `print`
//! adds each level's text; a 29 × 10 board, `generate`'s default budget per attempt, and
//! two threads unless told otherwise).

use std::time::Instant;

use kami::generate::{Spec, generate};
use kami::{Options, RegionGraph, solver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: generated COLOURS REGIONS SEEDS [ROWSxCOLS] [budget=NODES] [threads=N] [trace] [print]";
    let [colours, regions, seeds] = [0, 1, 2].map(|i| args.get(i).unwrap_or_else(|| panic!("{usage}")));
    let colours: usize = colours.parse().expect(usage);
    let regions: usize = regions.parse().expect(usage);
    let seeds: Vec<u64> = match seeds.split_once('-') {
        Some((a, b)) => (a.parse().expect(usage)..=b.parse().expect(usage)).collect(),
        None => seeds.split(',').map(|s| s.parse().expect(usage)).collect(),
    };
    let option = |name: &str| args.iter().find_map(|a| a.strip_prefix(name)?.parse::<u64>().ok());
    let size = args.iter().find_map(|a| {
        let (r, c) = a.split_once('x')?;
        Some((r.parse().ok()?, c.parse().ok()?))
    });
    let trace = args.iter().any(|a| a == "trace");
    let print = args.iter().any(|a| a == "print");
    let threads = option("threads=").map_or(2, |t| t as usize);
    let defaults = Spec::default();
    let (rows, cols) = size.unwrap_or((defaults.rows, defaults.cols));
    println!("colours regions seed  root  par  generate    solve      nodes");
    for seed in seeds {
        let spec = defaults
            .with_size(engine::Size::new(cols, rows))
            .with_colours(colours)
            .with_regions(regions)
            .with_node_limit(option("budget=").unwrap_or(defaults.node_limit));
        let start = Instant::now();
        let level = match generate(&spec, &mut engine::SeededRng::new(seed)) {
            Ok(level) => level,
            Err(e) => {
                println!("{colours:>7} {regions:>7} {seed:>4}  {e} ({:.1} s)", start.elapsed().as_secs_f64());
                continue;
            }
        };
        let generated = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let (report, iterations) =
            solver::solve_traced(&level, &Options::default().with_threads(threads)).expect("a level of few regions");
        let (outcome, nodes) = (report.outcome, report.stats.nodes);
        let solved = start.elapsed().as_secs_f64();
        let engine::Outcome::Proved(moves) = outcome else { unreachable!("no budget was given") };
        assert_eq!(level.par, Some(moves.len() as u32), "the par is the same on every solve");
        println!(
            "{colours:>7} {:>7} {seed:>4} {:>5} {:>4} {generated:>8.2}s {solved:>7.2}s {nodes:>10}",
            RegionGraph::new(&level).len(),
            solver::lower_bound(&level),
            moves.len(),
        );
        if print {
            print!("{level}");
        }
        if trace {
            for it in iterations {
                println!("      {it}");
            }
        }
    }
}
