//! The canonical key against brute force: every puzzle of the 2×2, 2×3 and 3×2 boards, with
//! the goal's blank on every cell, grouped by key and by the orbits built directly from the
//! definition (a symmetry of the grid, then a renaming of the tiles); random puzzles of
//! every shape keep their key under every symmetry and renaming.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::*;
use crate::table::DistanceTable;

/// A puzzle of the brute force: (width, height, start tiles, goal tiles).
type Puzzle = (usize, usize, Vec<u8>, Vec<u8>);

/// The goal of a `w`×`h` board with the blank on `blank`: tiles 1.. row-major around it.
fn goal_with_blank(w: usize, h: usize, blank: usize) -> Vec<u8> {
    let mut next = 0u8;
    (0..w * h)
        .map(|c| {
            if c == blank {
                0
            } else {
                next += 1;
                next
            }
        })
        .collect()
}

/// Every arrangement of `tiles`.
fn permutations(tiles: &[u8]) -> Vec<Vec<u8>> {
    if tiles.len() <= 1 {
        return vec![tiles.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..tiles.len() {
        let mut rest = tiles.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// The orbit of a puzzle, straight from the definition: turn the start and the goal by each
/// symmetry, then rename the tiles so that the turned goal becomes the goal of that size
/// with its blank where the turned goal's blank is (a renaming keeps the blank a blank).
fn orbit((w, h, start, goal): &Puzzle) -> BTreeSet<Puzzle> {
    let (w, h) = (*w, *h);
    let mut out = BTreeSet::new();
    for s in Symmetry::ALL {
        let turned = s.apply(&Board::new(w, h, start.clone()).unwrap());
        let turned_goal = s.apply(&Board::new(w, h, goal.clone()).unwrap());
        let (nw, nh) = s.size(w, h);
        let target = goal_with_blank(nw, nh, turned_goal.blank());
        // The tile of turned-goal cell c is renamed to the tile of target cell c.
        let mut rename = [0u8; 256];
        for (c, &t) in turned_goal.tiles().iter().enumerate() {
            rename[usize::from(t)] = target[c];
        }
        let renamed: Vec<u8> = turned.tiles().iter().map(|&t| rename[usize::from(t)]).collect();
        out.insert((nw, nh, renamed, target));
    }
    out
}

fn key_of((w, h, start, goal): &Puzzle) -> Key {
    canonical_key(&Board::new(*w, *h, start.clone()).unwrap(), &Board::new(*w, *h, goal.clone()).unwrap()).unwrap()
}

/// Every puzzle of the 2x2, 2x3 and 3x2 boards with the goal blank on every cell.
fn every_small_puzzle() -> Vec<Puzzle> {
    let mut all = Vec::new();
    for (w, h) in [(2, 2), (3, 2), (2, 3)] {
        for blank in 0..w * h {
            let goal = goal_with_blank(w, h, blank);
            for start in permutations(&goal) {
                all.push((w, h, start, goal.clone()));
            }
        }
    }
    all
}

#[test]
fn keys_are_equal_exactly_on_brute_force_orbits() {
    let all = every_small_puzzle();
    assert_eq!(all.len(), 4 * 24 + 2 * 6 * 720);
    let mut by_key: BTreeMap<Key, BTreeSet<Puzzle>> = BTreeMap::new();
    for p in &all {
        by_key.entry(key_of(p)).or_default().insert(p.clone());
    }
    // For every puzzle: the puzzles with its key are exactly its orbit, so for every pair,
    // keys equal <=> some symmetry and renaming map one onto the other.
    let (mut equal, mut unequal) = (0u64, 0u64);
    for p in &all {
        let orbit = orbit(p);
        assert!(orbit.contains(p));
        assert_eq!(by_key[&key_of(p)], orbit, "{p:?}");
        equal += orbit.len() as u64 - 1;
        unequal += (all.len() - orbit.len()) as u64;
    }
    eprintln!("{equal} equal and {unequal} unequal ordered pairs");
    assert!(equal > 10_000 && unequal > 10_000, "both outcomes occur: {equal} equal, {unequal} unequal pairs");
}

#[test]
fn puzzles_with_one_key_have_one_optimal_length() {
    let mut lengths: BTreeMap<Key, Option<u8>> = BTreeMap::new();
    let mut shared = 0;
    for (w, h) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
        for blank in 0..w * h {
            let goal = Board::new(w, h, goal_with_blank(w, h, blank)).unwrap();
            let table = DistanceTable::new(&goal).unwrap();
            let starts: Vec<Vec<u8>> = if w * h == 9 {
                // A sample of the 3x3 boards: every state at distance 8.
                table.states_at(8).iter().map(|b| b.tiles().to_vec()).collect()
            } else {
                permutations(goal.tiles())
            };
            for start in starts {
                let start = Board::new(w, h, start).unwrap();
                let d = table.distance(&start);
                if let Some(before) = lengths.insert(canonical_key(&start, &goal).unwrap(), d) {
                    assert_eq!(before, d, "{start:?}");
                    shared += 1;
                }
            }
        }
    }
    assert!(shared > 1000, "{shared}");
}

/// A random puzzle of any shape from 1x2 to 5x5: (start, goal).
fn any_puzzle() -> impl Strategy<Value = (Board, Board)> {
    (1usize..=5, 1usize..=5)
        .prop_filter("two cells at least", |(w, h)| w * h >= 2)
        .prop_flat_map(|(w, h)| {
            let tiles: Vec<u8> = (0..(w * h) as u8).collect();
            (Just(w), Just(h), Just(tiles.clone()).prop_shuffle(), Just(tiles).prop_shuffle())
        })
        .prop_map(|(w, h, s, g)| (Board::new(w, h, s).unwrap(), Board::new(w, h, g).unwrap()))
}

proptest! {
    #[test]
    fn every_symmetry_and_renaming_keeps_the_key(
        (start, goal) in any_puzzle(),
        s in proptest::sample::select(Symmetry::ALL.to_vec()),
        shift in 1u8..=255,
    ) {
        let key = canonical_key(&start, &goal).unwrap();
        let (ts, tg) = (s.apply(&start), s.apply(&goal));
        prop_assert_eq!(&canonical_key(&ts, &tg).unwrap(), &key);
        // Rename the tiles 1..n among themselves (a rotation of their names); 0 stays.
        let n = start.tiles().len() as u8 - 1;
        let rename = |b: &Board| {
            let tiles = b.tiles().iter().map(|&t| if t == 0 { 0 } else { (t - 1 + shift % n) % n + 1 }).collect();
            Board::new(b.width(), b.height(), tiles).unwrap()
        };
        prop_assert_eq!(&canonical_key(&rename(&ts), &rename(&tg)).unwrap(), &key);
        // The key is one of the puzzle's own eight encodings, and the identity's is not smaller.
        let bytes = key.as_bytes();
        prop_assert_eq!(bytes.len(), start.tiles().len() + 3);
        let f = goal_cells(&start, &goal).unwrap();
        let mut own = vec![start.width() as u8, start.height() as u8, goal.blank() as u8];
        own.extend(f);
        prop_assert!(bytes <= own.as_slice());
    }

    #[test]
    fn different_tiles_or_sizes_are_refused((start, goal) in any_puzzle()) {
        let other = Symmetry::Transpose.apply(&goal);
        if other.width() != goal.width() {
            prop_assert_eq!(canonical_key(&start, &other), Err(Error::Mismatch));
        }
    }
}
