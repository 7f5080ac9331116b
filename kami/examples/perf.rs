//! Scratch: solver timings on generated 29x10 levels.
use std::time::Instant;
fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let (colours, regions, seeds) = (args[0], args[1], args[2]);
    for seed in 0..seeds as u64 {
        let options = kami::generate::Options {
            colours,
            regions,
            seed,
            node_limit: 20_000_000,
            attempts: 1,
            ..Default::default()
        };
        let t = Instant::now();
        let r = kami::generate::generate(&options);
        let g = kami::RegionGraph::new(r.as_ref().map_or(&"0".parse().unwrap(), |l| l));
        println!(
            "seed {seed} k{colours} n{} par {:?} lb {} {:.3}s",
            g.len(),
            r.as_ref().map(|l| l.par),
            r.as_ref().map_or(0, kami::solver::lower_bound),
            t.elapsed().as_secs_f64()
        );
    }
}
