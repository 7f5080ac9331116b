//! The pack runner against the obvious sequential loop, on a toy game with repeats,
//! filters, quotas and threads that finish out of order.

use super::*;
use crate::{Budget, CancelToken, StopReason};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

/// The toy puzzle of a seed: a number below 60 (so puzzles repeat), its mirror `59 - p`
/// the same puzzle up to symmetry.
fn puzzle_of(seed: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17) % 60
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Toy {
    game: String,
    seed: u64,
    puzzle: u64,
}

impl Entry for Toy {
    type Key = u64;
    const GAME: &'static str = "toy";
    fn seed(&self) -> u64 {
        self.seed
    }
    fn key(&self) -> Result<u64, String> {
        if self.puzzle >= 60 {
            return Err(format!("puzzle {} is out of range", self.puzzle));
        }
        Ok(self.puzzle.min(59 - self.puzzle))
    }
    fn label(&self) -> String {
        ["a", "b", "c"][(self.puzzle % 3) as usize].to_string()
    }
    fn verify(&self, _: &Budget) -> Result<(), Fault> {
        if self.puzzle == puzzle_of(self.seed) {
            Ok(())
        } else {
            Err(Fault::Wrong(format!("seed {} makes puzzle {}", self.seed, puzzle_of(self.seed))))
        }
    }
}

/// The toy game's `make`: seeds whose puzzle is a multiple of 7 are filtered out; each
/// seed takes a little time that depends on it, so threads finish out of order.
fn make(seed: u64, _: &Budget) -> Made<Toy> {
    let p = puzzle_of(seed);
    if seed % 5 == 3 {
        std::thread::sleep(Duration::from_micros(200));
    }
    if p % 7 == 0 { Made::Skipped("multiple of 7".into()) } else { Made::Entry(toy(seed, p)) }
}

fn toy(seed: u64, puzzle: u64) -> Toy {
    Toy { game: "toy".into(), seed, puzzle }
}

/// The pack of `plan` as text, from `start`.
fn pack_text(plan: &Plan, start: Start<u64>) -> (String, Tally) {
    let mut text = String::new();
    let tally = run(
        plan,
        start,
        &Budget::default(),
        make,
        |e: &Toy| {
            text.push_str(&to_line(e).unwrap());
            Ok(())
        },
        |_| {},
    )
    .unwrap();
    (text, tally)
}

/// The obvious sequential pack: every seed in order, first of each key kept.
fn reference(plan: &Plan) -> String {
    let mut keys = HashSet::new();
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut text = String::new();
    let wanted = plan.wanted().map(|c| if plan.quotas.is_empty() { c } else { plan.quotas.values().sum() });
    for i in 0.. {
        if wanted.is_some_and(|w| counts.values().sum::<u64>() >= w) {
            break;
        }
        let Some(seed) = plan.seed_at(i, None) else { break };
        if let Made::Entry(e) = make(seed, &Budget::default()) {
            let label = e.label();
            let have = counts.get(&label).copied().unwrap_or(0);
            let quota_ok = plan.quotas.is_empty() || plan.quotas.get(&label).is_some_and(|&q| have < q);
            if quota_ok && keys.insert(e.key().unwrap()) {
                *counts.entry(label).or_default() += 1;
                text.push_str(&to_line(&e).unwrap());
            }
        }
    }
    text
}

fn plans() -> impl Strategy<Value = Plan> {
    let range = (0u64..50, 0u64..120).prop_map(|(a, n)| Seeds::Range(SeedRange::new(a, a + n)));
    let count = (0u64..30, 0u64..50).prop_map(|(count, start)| Seeds::Count { count, start });
    (prop_oneof![range, count], any::<bool>(), 1usize..4).prop_map(|(seeds, quotas, threads)| {
        let plan = Plan::new(seeds).with_threads(threads);
        if quotas { plan.with_quota("a", 4).with_quota("c", 3) } else { plan }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any number of threads gives the sequential loop's pack, byte for byte.
    #[test]
    fn runs_like_the_sequential_loop(plan in plans()) {
        let (text, tally) = pack_text(&plan, Start::default());
        prop_assert_eq!(&text, &reference(&plan));
        prop_assert_eq!(tally.entries as usize, text.lines().count());
        prop_assert_eq!(tally.stopped, None);
    }

    /// A run cut anywhere (a torn last line included) and resumed gives the same file.
    #[test]
    fn resuming_anywhere_gives_the_same_file(plan in plans(), cut in 0.0f64..1.0) {
        let (full, _) = pack_text(&plan, Start::default());
        let at = (full.len() as f64 * cut) as usize;
        let existing = read_existing::<Toy>("p", &full[..at], |_| Ok(())).unwrap();
        let mut resumed = full[..existing.kept].to_string();
        let (rest, tally) = pack_text(&plan, existing.start);
        resumed.push_str(&rest);
        prop_assert_eq!(&resumed, &full);
        prop_assert_eq!(tally.entries as usize, full.lines().count());
    }

    /// The shards of a range, merged, give one run over the range.
    #[test]
    fn merged_shards_give_one_run(start in 0u64..40, len in 0u64..150, n in 1u64..5) {
        let whole = Plan::new(Seeds::Range(SeedRange::new(start, start + len))).with_threads(2);
        let (full, _) = pack_text(&whole, Start::default());
        let shards: Vec<(String, String)> = (0..n)
            .map(|i| (format!("shard-{i}"), pack_text(&whole.clone().with_shard(Shard { index: i, count: n }), Start::default()).0))
            .collect();
        let merged = merge::<Toy>(&shards).unwrap();
        prop_assert_eq!(&merged.text, &full);
        let total: u64 = (0..n).map(|i| whole.clone().with_shard(Shard { index: i, count: n }).seed_count().unwrap()).sum();
        prop_assert_eq!(total, len);
    }
}

#[test]
fn no_two_entries_share_a_key() {
    let (text, tally) = pack_text(&Plan::new(Seeds::Range(SeedRange::new(0, 500))), Start::default());
    let checked = verify::<Toy>("p", &text, &Budget::default(), Some(2)).unwrap();
    assert_eq!((checked.entries as u64, checked.wrong.len()), (tally.entries, 0));
    assert!(tally.duplicates > 0 && tally.skipped["multiple of 7"] > 0);
    // Thirty keys: the mirror of a multiple of 7 is never one.
    assert_eq!(tally.entries, 30);
}

#[test]
fn a_cancelled_pack_stops_and_says_where_to_go_on() {
    let cancel = CancelToken::new();
    cancel.cancel();
    let budget = Budget::default().with_cancel(cancel);
    let plan = Plan::new(Seeds::Count { count: 10, start: 4 });
    let tally = run(&plan, Start::default(), &budget, make, |_| Ok(()), |_| {}).unwrap();
    assert_eq!((tally.entries, tally.stopped, tally.next_seed), (0, Some(StopReason::Cancelled), Some(4)));
}

#[test]
fn a_failing_game_stops_the_pack() {
    let plan = Plan::new(Seeds::Range(SeedRange::new(0, 100))).with_threads(2);
    let fail = |seed: u64, b: &Budget| if seed == 9 { Made::Failed("too small".into()) } else { make(seed, b) };
    let mut seeds = Vec::new();
    let error = run(
        &plan,
        Start::default(),
        &Budget::default(),
        fail,
        |e: &Toy| {
            seeds.push(e.seed);
            Ok(())
        },
        |_| {},
    );
    assert_eq!(error.unwrap_err().to_string(), "seed 9: too small");
    assert!(seeds.iter().all(|&s| s < 9));
}

#[test]
fn verify_names_each_bad_line() {
    let text = [
        r#"{"game":"toy","seed":1,"puzzle":PUZZLE1}"#.replace("PUZZLE1", &puzzle_of(1).to_string()),
        r#"{"game":"toy","seed":2,"puzzle":99}"#.to_string(),
        r#"{"game":"toy","seed":3,"puzzle":5}"#.to_string(),
        r#"{"game":"toy","seed":2,"puzzle":1}"#.to_string(),
        "not json".to_string(),
    ]
    .join("\n");
    let checked = verify::<Toy>("p.jsonl", &text, &Budget::default(), Some(2)).unwrap();
    let lines: Vec<usize> = checked.wrong.iter().map(|&(l, _)| l).collect();
    assert_eq!(lines, vec![2, 3, 4, 5], "{:?}", checked.wrong);
    assert!(checked.wrong[0].1.contains("out of range"));
    assert!(checked.wrong[2].1.contains("not after seed 3"));
    assert!(checked.wrong[3].1.starts_with("not a pack entry"));
}

#[test]
fn other_games_and_noise_are_not_packs() {
    let other = verify::<Toy>("p", "{\"game\":\"kami\",\"seed\":1}\n", &Budget::default(), None);
    assert_eq!(other.unwrap_err().to_string(), "p:1: an entry of a kami pack, not of a toy pack");
    let noise = verify::<Toy>("p", "\u{1}\u{2}garbage\n\n{", &Budget::default(), None);
    assert_eq!(noise.unwrap_err().to_string(), "p: not a pack (no line is a JSON entry)");
    assert_eq!(verify::<Toy>("p", "", &Budget::default(), None).unwrap().entries, 0);
    let torn = merge::<Toy>(&[("s".into(), "{\"game\":\"toy\",\"seed\":1,\"puzzle\":2}\n{\"ga".into())]);
    assert!(torn.unwrap_err().to_string().starts_with("s:2: torn last line"));
    let stale = read_existing::<Toy>("p", "{\"game\":\"toy\",\"seed\":1,\"puzzle\":2}\n", |_| Err("size 5x5".into()));
    assert_eq!(stale.unwrap_err().to_string(), "p:1: made by another plan: size 5x5");
}
