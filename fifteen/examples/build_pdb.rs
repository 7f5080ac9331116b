//! One-shot pattern database build measurement for the 15-puzzle (blank-last goal): loads
//! the database from the cache directory or builds and writes it, printing the time per
//! table and the file's size.
//!
//! ```sh
//! FIFTEEN_PDB_DIR=/tmp/pdb /usr/bin/time -v cargo run --release -p fifteen --example build_pdb -- 7-8
//! cargo run --release -p fifteen --example build_pdb -- 7-8 --only 0 --threads 1   # one table, in memory
//! cargo run --release -p fifteen --example build_pdb -- 6-6-3 --only 0 --reference # the plain builder
//! ```
//!
//! `FIFTEEN_LAYERS=1` prints every search layer; `FIFTEEN_PDB_PHASES=1` prints every table's
//! scan, sort and drain times and successor counts (local or in another chunk, new or not).
//! The 7-8 partition takes about 2.4 GB of memory while building: run one such build at a
//! time.

use std::time::Instant;

use fifteen::pdb::{self, PatternDb};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sizes_arg = args.first().map_or("7-8", String::as_str);
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str);
    let threads: Option<usize> = flag("--threads").map(|t| t.parse().expect("--threads N"));
    let only: Option<usize> = flag("--only").map(|t| t.parse().expect("--only INDEX"));
    let sizes = pdb::parse_sizes(sizes_arg).expect("sizes such as 7-8");
    let patterns = pdb::partition(4, 4, 15, &sizes).expect("a partition of the 15 tiles");
    let verbose = std::env::var_os("FIFTEEN_LAYERS").is_some();
    let started = Instant::now();
    // Placements of the tables before each one, to tell when a table is finished.
    let n_tables: Vec<u64> = patterns.iter().map(|p| (0..p.len() as u64).map(|i| 16 - i).product()).collect();
    let mut bounds = Vec::new();
    let mut acc = 0;
    for &t in &n_tables {
        acc += t;
        bounds.push(acc);
    }
    let mut last = 0;
    let mut table_started = 0.0;
    let mut report = |done: u64, _total: u64| {
        let now = started.elapsed().as_secs_f64();
        if verbose {
            println!("  {} placements settled, {now:.1} s", done - last);
        }
        last = done;
        if let Some(i) = bounds.iter().position(|&b| b == done) {
            if only.is_none() {
                println!("table {i} ({} tiles): done at {now:.2} s ({:.2} s)", patterns[i].len(), now - table_started);
                table_started = now;
            }
        }
    };
    if let Some(i) = only {
        let one = std::slice::from_ref(&patterns[i]);
        if args.iter().any(|a| a == "--reference") {
            PatternDb::build_reference(4, 4, 15, one).expect("a valid pattern");
        } else {
            let threads = threads.unwrap_or(1);
            PatternDb::build_with_threads(4, 4, 15, one, threads, &mut report).expect("a valid pattern");
        }
        println!("table {i} ({} tiles {:?}): {:.2} s", patterns[i].len(), patterns[i], started.elapsed().as_secs_f64());
        return;
    }
    let Some(dir) = pdb::default_cache_dir() else {
        println!("no cache directory (set FIFTEEN_PDB_DIR)");
        return;
    };
    let (_, status) = PatternDb::load_or_build(&dir, 4, 4, 15, &patterns, &mut report).expect("a valid partition");
    println!("{sizes_arg} into {}: {status:?} in {:.2} s", dir.display(), started.elapsed().as_secs_f64());
    let key =
        format!("fifteen-pdb-4x4-b15-{}-", patterns.iter().map(|p| p.len().to_string()).collect::<Vec<_>>().join("-"));
    for entry in std::fs::read_dir(&dir).expect("the cache directory").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&key) {
            let len = entry.metadata().map_or(0, |m| m.len());
            println!("{name}: {len} bytes ({:.1} MB)", len as f64 / 1e6);
        }
    }
}
