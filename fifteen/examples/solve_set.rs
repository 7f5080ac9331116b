//! Solves the fixed seeded set of uniformly random 4×4 instances of the `solve` bench
//! (seed 2026) with one partition's pattern databases, loaded from (or built into) the
//! cache directory, and prints nodes and time per instance; every solution is replayed.
//!
//! ```sh
//! FIFTEEN_PDB_DIR=/tmp/pdb cargo run --release -p fifteen --example solve_set -- 7-8 100
//! cargo run --release -p fifteen --example solve_set -- 6-6-3 100 --no-reflect
//! ```

use std::sync::Arc;
use std::time::Instant;

use engine::SeededRng;
use fifteen::Goal;
use fifteen::generate::uniform;
use fifteen::pdb::{self, PatternDb};
use fifteen::{Answer, Heuristic, Options, Puzzle, solve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sizes = pdb::parse_sizes(args.first().map_or("7-8", String::as_str)).expect("sizes such as 7-8");
    let count: usize = args.get(1).map_or(100, |c| c.parse().expect("a count"));
    let reflect = !args.iter().any(|a| a == "--no-reflect");
    let goal = Goal::BlankLast.layout(4, 4).expect("4x4");
    let mut rng = SeededRng::new(2026);
    let boards: Vec<_> = (0..count).map(|_| uniform(&goal, &mut rng)).collect();
    let patterns = pdb::partition(4, 4, 15, &sizes).expect("a partition");
    let dir = pdb::default_cache_dir().expect("a cache directory: set FIFTEEN_PDB_DIR");
    let started = Instant::now();
    let (db, status) = PatternDb::load_or_build(&dir, 4, 4, 15, &patterns, &mut |_, _| {}).expect("a database");
    println!("{status:?} in {:.2} s", started.elapsed().as_secs_f64());
    let options = Options::default().with_heuristic(Heuristic::Pdb(Arc::new(db))).with_reflect(reflect);
    let started = Instant::now();
    let (mut nodes, mut length) = (0u64, 0usize);
    for b in &boards {
        let puzzle = Puzzle::new(b.clone(), goal.clone()).expect("the goal fits");
        let s = solve(&puzzle, &options).expect("the database fits");
        let moves = s.outcome.answer().and_then(Answer::moves).expect("uniform boards are solvable");
        let mut replay = b.clone();
        replay.replay(moves).expect("legal moves");
        assert_eq!(replay, goal);
        nodes += s.stats.nodes;
        length += moves.len();
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{count} instances: mean length {:.2}, {:.0} nodes and {:.2} ms per instance, {secs:.3} s in all",
        length as f64 / count as f64,
        nodes as f64 / count as f64,
        secs * 1000.0 / count as f64
    );
}
