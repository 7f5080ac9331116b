//! Graded generation over a set of seeds: median, p99 and max wall time per grade and
//! size, and the share of starting puzzles thrown away.
//!
//! `cargo run --release -p hitori --example graded -- [SEEDS] [SIZE]...`
//! (default: 50 seeds at 10, 15, 20, 25 and 50).
use std::time::Instant;

use hitori::generate::{Spec, generate_with_stats};
use hitori::steps::{Difficulty, grade};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("a number"));
    let seeds = args.next().unwrap_or(50) as u64;
    let mut sizes: Vec<usize> = args.collect();
    if sizes.is_empty() {
        sizes = vec![10, 15, 20, 25, 50];
    }
    println!("| grade | size | median | p99 | max | thrown away | grading (median) |");
    println!("|---|---|---|---|---|---|---|");
    for d in Difficulty::ALL {
        for &side in &sizes {
            let (mut times, mut grading) = (Vec::new(), Vec::new());
            let (mut puzzles, mut thrown, mut failed) = (0, 0, 0);
            for seed in 0..seeds {
                let spec = Spec::new(side, side).with_difficulty(d);
                let t = Instant::now();
                let result = generate_with_stats(&spec, &mut engine::SeededRng::new(seed));
                times.push(t.elapsed().as_secs_f64());
                match result {
                    Ok((g, stats)) => {
                        puzzles += stats.puzzles;
                        thrown += stats.thrown_away;
                        let t = Instant::now();
                        assert_eq!(grade(&g.puzzle), d);
                        grading.push(t.elapsed().as_secs_f64());
                    }
                    Err(_) => failed += 1,
                }
            }
            times.sort_by(f64::total_cmp);
            grading.sort_by(f64::total_cmp);
            // Milliseconds at quantile `q`, with `digits` decimals; a dash when nothing was measured.
            let at = |v: &[f64], q: f64, digits: usize| {
                v.get(((v.len() as f64 - 1.0) * q).ceil() as usize)
                    .map_or_else(|| "—".to_string(), |x| format!("{:.digits$} ms", x * 1e3))
            };
            let fail = if failed > 0 { format!(" ({failed} failed)") } else { String::new() };
            let thrown = if puzzles > 0 { format!("{thrown}/{puzzles}{fail}") } else { format!("—{fail}") };
            println!(
                "| {d} | {side} | {} | {} | {} | {thrown} | {} |",
                at(&times, 0.5, 1),
                at(&times, 0.99, 1),
                at(&times, 1.0, 1),
                at(&grading, 0.5, 2)
            );
        }
    }
}
