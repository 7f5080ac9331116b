//! Solves the deep level set (`kami/benches/deep/*.txt`: twelve 29 × 10 levels of 190
//! regions in 3 colours, par 13 and 14, made by [`kami::generate::generate`] on the seeds
//! in their names) and prints one line per level: its root lower bound, the par found
//! (checked against the `# par:` header, which `generate` proved), search nodes and time;
//! with `trace`, also one line per IDA* iteration. The levels are kept as files, not
//! generated again, because which attempts `generate` keeps (and so its level for a seed)
//! depends on the solver's node counts, which change as the solver does.
//!
//! `cargo run --release -p kami --example deep -- [threads=N] [trace] [NAME...]` (two
//! threads unless told otherwise; `NAME` picks levels whose file name contains it).

use std::time::Instant;

use kami::{Level, Options, solver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads = args.iter().find_map(|a| a.strip_prefix("threads=")?.parse().ok()).unwrap_or(2);
    let trace = args.iter().any(|a| a == "trace");
    let names: Vec<&String> = args.iter().filter(|a| !a.starts_with("threads=") && *a != "trace").collect();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/deep");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the deep level set")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .filter(|p| names.is_empty() || names.iter().any(|n| p.to_string_lossy().contains(n.as_str())))
        .collect();
    files.sort();
    println!("level                 root  par      nodes     time");
    let mut total = 0.0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a level file");
        let level = Level::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let start = Instant::now();
        let (report, iterations) =
            solver::solve_traced(&level, &Options::default().with_threads(threads)).expect("a level of few regions");
        let (outcome, nodes) = (report.outcome, report.stats.nodes);
        let seconds = start.elapsed().as_secs_f64();
        total += seconds;
        let engine::Outcome::Proved(moves) = outcome else { unreachable!("no budget") };
        assert_eq!(Some(moves.len() as u32), level.par, "{name}: the par proven by generate");
        println!("{name:<20} {:>5} {:>4} {nodes:>10} {seconds:>7.2}s", solver::lower_bound(&level), moves.len());
        if trace {
            for it in iterations {
                println!("      {it}");
            }
        }
    }
    println!("total {total:.2}s");
}
