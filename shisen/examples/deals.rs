//! Prints the deal benchmark as a Markdown table: 100 random (`deal_any`) and 100 generated
//! (solvable) full deals at every KShisen size, with and without gravity, each solved on one
//! thread within one second (seeds `0..count`): the share decided, how many are solvable,
//! the median, p99 and maximum time, and the nodes of the whole class.
//!
//! ```text
//! cargo run --release -p shisen --example deals -- [--count N | --seeds S,S,...] [--limit-ms MS] [--size WxH]... [--gravity|--no-gravity] [--random|--generated]
//! ```
//!
//! The seeds of undecided deals go to stderr; `--seeds` runs only the deals of those seeds
//! (say, the undecided ones of one class, with a longer `--limit-ms`).

#[path = "../benches/support/deals.rs"]
#[allow(dead_code)]
mod deals;

use std::time::Duration;

use deals::{Class, HEAD, Row};

fn main() {
    let mut count = 100;
    let mut seeds: Option<Vec<u64>> = None;
    let mut limit = Duration::from_secs(1);
    let mut sizes: Vec<(usize, usize)> = Vec::new();
    let (mut gravity, mut generated): (Option<bool>, Option<bool>) = (None, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        match arg.as_str() {
            "--count" => count = value().parse().expect("--count N"),
            "--seeds" => seeds = Some(value().split(',').map(|s| s.trim().parse().expect("--seeds S,S,...")).collect()),
            "--limit-ms" => limit = Duration::from_millis(value().parse().expect("--limit-ms MS")),
            "--size" => {
                let v = value();
                let (w, h) = v.split_once('x').expect("--size WxH");
                sizes.push((w.parse().expect("a width"), h.parse().expect("a height")));
            }
            "--gravity" => gravity = Some(true),
            "--no-gravity" => gravity = Some(false),
            "--random" => generated = Some(false),
            "--generated" => generated = Some(true),
            other => panic!("unknown argument {other}"),
        }
    }
    println!("{HEAD}");
    for class in Class::all() {
        if (!sizes.is_empty() && !sizes.contains(&(class.width, class.height)))
            || gravity.is_some_and(|g| g != class.gravity)
            || generated.is_some_and(|g| g != class.generated)
        {
            continue;
        }
        let row = Row::measure_seeds(class, seeds.clone().unwrap_or_else(|| (0..count).collect()), limit);
        println!("{}", row.line());
        let undecided = row.undecided();
        if !undecided.is_empty() {
            eprintln!("{}: undecided seeds {undecided:?}", class.name());
        }
    }
}
