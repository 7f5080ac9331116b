//! One-shot pattern database build measurement for the 15-puzzle (blank-last goal):
//! builds every pattern of a partition, printing each table's build time, then writes the
//! database into the cache directory and prints the file's size.
//!
//! ```sh
//! FIFTEEN_PDB_DIR=/tmp/pdb cargo run --release -p fifteen --example build_pdb -- 7-8
//! cargo run --release -p fifteen --example build_pdb -- 7-8 --only 0 --threads 1   # the 7-tile table alone, not written
//! ```
//!
//! The 7-8 partition takes about 2.3 GB of memory while building; run one build at a time.

use std::time::Instant;

use fifteen::pdb::{self, PatternDb};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sizes = args.first().map_or("7-8", String::as_str);
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str);
    let threads: Option<usize> = flag("--threads").map(|t| t.parse().expect("--threads N"));
    let only: Option<usize> = flag("--only").map(|t| t.parse().expect("--only INDEX"));
    let sizes = pdb::parse_sizes(sizes).expect("sizes such as 7-8");
    let patterns = pdb::partition(4, 4, 15, &sizes).expect("a partition of the 15 tiles");
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |t| t.get().min(2)));
    let mut tables = Vec::new();
    let total = Instant::now();
    for (i, p) in patterns.iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let started = Instant::now();
        let mut layers = 0;
        let mut last = 0;
        let verbose = std::env::var_os("FIFTEEN_LAYERS").is_some();
        let db = PatternDb::build_with_threads(4, 4, 15, std::slice::from_ref(p), threads, &mut |done, _| {
            if verbose {
                println!(
                    "  layer {layers}: {} placements first reached, {:.1} s",
                    done - last,
                    started.elapsed().as_secs_f64()
                );
            }
            last = done;
            layers += 1;
        })
        .expect("a valid pattern");
        println!(
            "pattern {i} ({} tiles {p:?}): {:.2} s, {layers} layers, {threads} thread(s)",
            p.len(),
            started.elapsed().as_secs_f64()
        );
        tables.push(db);
    }
    println!("tables built in {:.2} s", total.elapsed().as_secs_f64());
    if only.is_some() {
        return;
    }
    drop(tables);
    let Some(dir) = pdb::default_cache_dir() else {
        println!("no cache directory (set FIFTEEN_PDB_DIR)");
        return;
    };
    let started = Instant::now();
    let (_, status) = PatternDb::load_or_build(&dir, 4, 4, 15, &patterns, &mut |_, _| {}).expect("a valid partition");
    println!("load_or_build into {}: {status:?} in {:.2} s", dir.display(), started.elapsed().as_secs_f64());
    for entry in std::fs::read_dir(&dir).expect("the cache directory").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let sizes_key = sizes.iter().map(ToString::to_string).collect::<Vec<_>>().join("-");
        if name.starts_with(&format!("fifteen-pdb-4x4-b15-{sizes_key}-")) {
            let len = entry.metadata().map_or(0, |m| m.len());
            println!("{name}: {len} bytes ({:.1} MB)", len as f64 / 1e6);
        }
    }
}
