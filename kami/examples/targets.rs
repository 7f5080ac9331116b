//! Times the solver against the speed targets on our own 29 × 10 levels, and prints
//! one line per level and a summary per target:
//!
//! - par at most 10 within 0.1 s;
//! - par 14 to 17 within 10 s;
//! - every level within 30 s (the aim).
//!
//! The levels:
//!
//! - `benches/generated/*.txt`: levels of [`kami::generate::generate`] for 3 to 5
//!   colours, 100 and 130 regions and seeds 1 to 12, and the other generated levels of the
//!   solve bench;
//! - `benches/deep/*.txt`: the deep level set (190 regions, 3 colours, par 13 and 14);
//! - the designed benchmark set ([`kami::generate::bench_set`], built by
//!   [`kami::generate::design`], which does not depend on the solver);
//! - `designed-m10/`: 24 more levels of [`kami::generate::design`], 4 and 5 colours,
//!   10 un-moves (so par at most 10), the default blobs and seeds 1000 to 1011: levels of
//!   par 7 to 10 built like the designed set, 110 to 125 regions.
//!
//! The generated levels are kept as files, not generated again: which attempts `generate`
//! keeps, and so its level for a seed, depends on the solver's node counts, which change
//! as the solver does. A time is the median of `runs` solves (one solve when the first
//! takes a second or more); a solve that runs past `timeout` seconds reports the bounds it
//! proved.
//!
//! `cargo run --release -p kami --example targets -- [threads=N] [runs=N] [timeout=S]
//! [NAME...]` (two threads, five runs and 60 s unless told otherwise; `NAME` picks the
//! levels whose name contains it, like `k4-n130`, `generated/`, `deep/`, `designed/` or
//! `designed-m10/`).

use std::path::Path;
use std::time::{Duration, Instant};

use engine::Outcome;
use kami::generate::{DesignOptions, bench_set, design};
use kami::{Level, Move, Options, Proven, RegionGraph};

/// A level to time, with its name (the par proven when it was made, if known, is in the
/// level).
struct Entry {
    name: String,
    level: Level,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| args.iter().find_map(|a| a.strip_prefix(name)?.parse::<u64>().ok());
    let threads = option("threads=").map_or(2, |t| t as usize);
    let runs = option("runs=").unwrap_or(5).max(1);
    let timeout = Duration::from_secs(option("timeout=").unwrap_or(60));
    let names: Vec<&String> = args.iter().filter(|a| !a.contains('=')).collect();
    let wanted = |name: &str| names.is_empty() || names.iter().any(|n| name.contains(n.as_str()));

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches");
    let mut entries: Vec<Entry> = ["generated", "deep"].iter().flat_map(|dir| files(&root.join(dir))).collect();
    let set = bench_set().into_iter().enumerate().map(|(i, options)| (format!("designed/{i:02}"), options));
    let m10 = [4, 5].into_iter().flat_map(|colours| {
        (1000..1012).map(move |seed| {
            let options = DesignOptions { colours, moves: 10, seed, ..DesignOptions::default() };
            (format!("designed-m10/k{colours}-seed{seed}"), options)
        })
    });
    for (name, options) in set.chain(m10) {
        let level = design(&options).expect("the designed levels can be built").level;
        entries.push(Entry { name, level });
    }
    entries.retain(|e| wanted(&e.name));

    println!("level                        regions colours  par  target      time      nodes");
    // Per target: (met, levels).
    let (mut shallow, mut deep, mut all) = ((0, 0), (0, 0), (0, 0));
    for Entry { name, level } in entries {
        let (outcome, nodes, seconds) = timed(&level, threads, runs, timeout);
        let regions = RegionGraph::new(&level).len();
        let colours = level.colours_used().len();
        let (par, proven) = match &outcome {
            Outcome::Proved(moves) | Outcome::Found(moves) => {
                let par = moves.len() as u32;
                assert!(level.par.is_none_or(|p| p == par), "{name}: par {par}, the file says {:?}", level.par);
                (format!("{par:>4}"), Some(par))
            }
            Outcome::GaveUp { proven: kami::Proven { lower_bound, best: Some(best) }, .. } => {
                (format!("{lower_bound}–{}", best.len()), None)
            }
            Outcome::GaveUp { proven: kami::Proven { lower_bound, best: None }, .. } => {
                (format!("≥ {lower_bound}"), None)
            }
        };
        let limit = match proven {
            Some(p) if p <= 10 => Some((0.1, &mut shallow)),
            Some(p) if (14..=17).contains(&p) => Some((10.0, &mut deep)),
            _ => None,
        };
        let target = match limit {
            Some((limit, counts)) => {
                let met = seconds <= limit;
                counts.0 += u32::from(met);
                counts.1 += 1;
                format!("{limit:>4} s {}", if met { "met" } else { "miss" })
            }
            None => "—".to_string(),
        };
        all.0 += u32::from(proven.is_some() && seconds <= 30.0);
        all.1 += 1;
        println!("{name:<28} {regions:>6} {colours:>7} {par:>4}  {target:<10} {seconds:>7.3}s {nodes:>10}");
    }
    println!("par ≤ 10 within 0.1 s: {} of {}", shallow.0, shallow.1);
    println!("par 14–17 within 10 s: {} of {}", deep.0, deep.1);
    println!("proven within 30 s: {} of {}", all.0, all.1);
}

/// The levels of the `.txt` files in `dir`, sorted by name.
fn files(dir: &Path) -> Vec<Entry> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a level file");
            let level = Level::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let dir = dir.file_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            Entry { name: format!("{dir}/{stem}"), level }
        })
        .collect()
}

/// The outcome of solving `level` on `threads` threads within `timeout`, its search nodes,
/// and the median time of `runs` solves (one when the first takes a second or more).
fn timed(level: &Level, threads: usize, runs: u64, timeout: Duration) -> (Outcome<Vec<Move>, Proven>, u64, f64) {
    let mut times = Vec::new();
    let mut result = None;
    for _ in 0..runs {
        let start = Instant::now();
        let options =
            Options::default().with_budget(engine::Budget::default().with_time_limit(timeout)).with_threads(threads);
        let report = kami::solve(level, &options).expect("a level of few regions");
        let (outcome, nodes) = (report.outcome, report.stats.nodes);
        let seconds = start.elapsed().as_secs_f64();
        times.push(seconds);
        result.get_or_insert((outcome, nodes));
        if seconds >= 1.0 {
            break;
        }
    }
    times.sort_by(f64::total_cmp);
    let (outcome, nodes) = result.expect("at least one run");
    (outcome, nodes, times[times.len() / 2])
}
