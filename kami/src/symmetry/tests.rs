//! The canonical key against brute force: the transforms that keep the tiling found from
//! the neighbour relation itself, and equality up to symmetry found by trying every such
//! transform with every renaming of the colours.

use std::collections::{BTreeMap, BTreeSet};

use engine::{SeededRng, Topology, TriangleGrid};
use proptest::prelude::*;

use super::*;
use crate::testutil::level_strategy;

/// The neighbour pairs of the full `rows × cols` rectangle, as cell indices `r * cols + c`.
fn adjacency(rows: usize, cols: usize) -> BTreeSet<(usize, usize)> {
    let grid = TriangleGrid::new(rows, cols);
    (0..rows * cols).flat_map(|a| grid.neighbours(a).map(move |b| (a, b))).collect()
}

/// The transforms of [`Transform::ALL`] that send the neighbour pairs exactly onto the
/// neighbour pairs (found without [`Transform::is_valid`]).
fn brute_transforms(rows: usize, cols: usize) -> Vec<Transform> {
    let pairs = adjacency(rows, cols);
    let moved = |t: Transform, i: usize| {
        let (r, c) = t.map(rows, cols, i / cols, i % cols);
        r * cols + c
    };
    Transform::ALL
        .into_iter()
        .filter(|&t| pairs.iter().map(|&(a, b)| (moved(t, a), moved(t, b))).collect::<BTreeSet<_>>() == pairs)
        .collect()
}

/// Every permutation of `0..n`.
fn permutations(n: usize) -> Vec<Vec<Colour>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for smaller in permutations(n - 1) {
        for at in 0..=smaller.len() {
            let mut p = smaller.clone();
            p.insert(at, (n - 1) as Colour);
            out.push(p);
        }
    }
    out
}

/// `level` with colour `c` renamed `perm[c]` (colours past `perm` kept).
fn renamed(level: &Level, perm: &[Colour]) -> Level {
    let cells = level.cells().map(|cell| cell.map(|c| perm.get(usize::from(c)).copied().unwrap_or(c)));
    Level::from_cells(cells).unwrap()
}

/// Whether `a` and `b` are one level up to a tiling-keeping transform (found by brute
/// force) and a renaming of the colours `0..k`.
fn brute_equal(a: &Level, b: &Level, k: usize) -> bool {
    if (a.rows(), a.cols()) != (b.rows(), b.cols()) {
        return false;
    }
    let perms = permutations(k);
    brute_transforms(a.rows(), a.cols()).into_iter().any(|t| {
        let moved = apply_any(t, a);
        perms.iter().any(|p| renamed(&moved, p).cells() == b.cells())
    })
}

/// `t` applied to `a` by its formula alone (the brute force checked it keeps the tiling).
fn apply_any(t: Transform, a: &Level) -> Level {
    let (rows, cols) = (a.rows(), a.cols());
    let cells: Vec<Option<Colour>> = (0..rows * cols)
        .map(|i| {
            let (r, c) = t.map(rows, cols, i / cols, i % cols);
            a.cells().cells()[r * cols + c]
        })
        .collect();
    Level::from_cells(engine::Grid::from_vec(cols, rows, cells).unwrap()).unwrap()
}

/// A random level of `rows × cols` with colours `0..k` and some holes.
fn random_level(rng: &mut SeededRng, rows: usize, cols: usize, k: usize) -> Level {
    loop {
        let cells: Vec<Option<Colour>> =
            (0..rows * cols).map(|_| (!rng.chance(1, 5)).then(|| rng.index(k) as Colour)).collect();
        if let Ok(level) = Level::from_cells(engine::Grid::from_vec(cols, rows, cells).unwrap()) {
            return level;
        }
    }
}

#[test]
fn the_valid_transforms_are_those_that_keep_neighbours() {
    for rows in 1..9 {
        for cols in 1..9 {
            assert_eq!(brute_transforms(rows, cols), transforms(rows, cols), "{rows}x{cols}");
        }
    }
    // Each shape class occurs: only the identity, and all four.
    assert_eq!(transforms(2, 3), vec![Transform::Identity, Transform::Rotate180]);
    assert_eq!(transforms(2, 5).len(), 2);
    assert_eq!(transforms(4, 4), vec![Transform::Identity, Transform::MirrorColumns]);
    assert_eq!(transforms(3, 3), vec![Transform::Identity, Transform::FlipRows]);
    assert_eq!(transforms(3, 4).len(), 4);
}

/// Every level of the tiny shapes with two colours and holes: the levels sharing a key
/// are exactly the brute-force orbit (every valid transform × every renaming). Every kind
/// of shape occurs: one column, the identity with one other transform (the mirror on 2x2,
/// the flip on 1x3 and 3x3, the half turn on 2x3) and all four (1x2, 1x4, 3x2); the 3x4
/// levels (3^12 of them, seconds) are `keys_are_the_orbits_on_every_3x4_level`'s, ignored.
#[test]
fn keys_are_the_orbits_on_every_tiny_level() {
    for (rows, cols) in [(1, 2), (1, 3), (2, 1), (4, 1), (2, 2), (2, 3), (3, 2), (3, 3), (1, 4)] {
        keys_are_the_orbits(rows, cols);
    }
}

/// `keys_are_the_orbits_on_every_tiny_level` on the 531 441 levels of 3x4:
/// `cargo test -p kami --lib -- --ignored`.
#[test]
#[ignore = "seconds: 3^12 levels, each against its brute-force orbit"]
fn keys_are_the_orbits_on_every_3x4_level() {
    keys_are_the_orbits(3, 4);
}

/// Every level of `rows × cols` with two colours and holes: the levels sharing a key are
/// exactly the brute-force orbit.
fn keys_are_the_orbits(rows: usize, cols: usize) {
    let n = rows * cols;
    let mut by_key: BTreeMap<String, BTreeSet<Vec<Option<Colour>>>> = BTreeMap::new();
    let mut levels = Vec::new();
    for code in 0..3usize.pow(n as u32) {
        let cells: Vec<Option<Colour>> =
            (0..n).map(|i| [None, Some(0), Some(1)][code / 3usize.pow(i as u32) % 3]).collect();
        let Ok(level) = Level::from_cells(engine::Grid::from_vec(cols, rows, cells.clone()).unwrap()) else {
            continue;
        };
        by_key.entry(canonical_key(&level)).or_default().insert(cells);
        levels.push(level);
    }
    let (mut bigger_classes, perms) = (0, permutations(2));
    for level in &levels {
        let orbit: BTreeSet<Vec<Option<Colour>>> = brute_transforms(rows, cols)
            .into_iter()
            .flat_map(|t| perms.iter().map(move |p| (t, p)))
            .map(|(t, p)| renamed(&apply_any(t, level), p).cells().cells().to_vec())
            .collect();
        bigger_classes += usize::from(orbit.len() > 1);
        assert_eq!(by_key[&canonical_key(level)], orbit, "{rows}x{cols}: {level:?}");
    }
    assert!(bigger_classes > 0);
}

/// Random pairs on small shapes, half of them made equal by a transform and a renaming
/// (and some of those then changed in one cell): the keys agree with the brute force, and
/// both answers occur many times.
#[test]
fn keys_agree_with_brute_force_on_random_pairs() {
    let mut rng = SeededRng::new(7);
    let (mut equal, mut unequal) = (0, 0);
    for _ in 0..3000 {
        let (rows, cols, k) = (1 + rng.index(4), 1 + rng.index(5), 1 + rng.index(4));
        let a = random_level(&mut rng, rows, cols, k);
        let b = if rng.chance(1, 2) {
            let valid = transforms(rows, cols);
            let t = valid[rng.index(valid.len())];
            let mut perm = permutations(k).swap_remove(rng.index((1..=k).product()));
            perm.truncate(k);
            let mut b = renamed(&t.apply(&a).unwrap(), &perm);
            if rng.chance(1, 4) {
                let mut cells = b.cells().clone();
                let i = rng.index(rows * cols);
                cells.cells_mut()[i] = Some(rng.index(k) as Colour);
                if let Ok(changed) = Level::from_cells(cells) {
                    b = changed;
                }
            }
            b
        } else {
            random_level(&mut rng, rows, cols, k)
        };
        let same = brute_equal(&a, &b, k);
        assert_eq!(canonical_key(&a) == canonical_key(&b), same, "{a:?} {b:?}");
        if same {
            equal += 1;
        } else {
            unequal += 1;
        }
    }
    assert!(equal > 1000 && unequal > 500, "{equal} equal, {unequal} unequal");
}

proptest! {
    /// Any valid transform and any renaming of the colours keep the key; the key is itself
    /// a level with the same key.
    #[test]
    fn symmetries_keep_the_key(level in level_strategy(), which in 0usize..4, shift in 0u8..36) {
        let valid = transforms(level.rows(), level.cols());
        let t = valid[which % valid.len()];
        let perm: Vec<Colour> = (0..36).map(|c| (c + shift) % 36).collect();
        let moved = renamed(&t.apply(&level).unwrap(), &perm);
        let key = canonical_key(&level);
        prop_assert_eq!(canonical_key(&moved), key.clone());
        let again: Level = key.parse().unwrap();
        prop_assert_eq!(canonical_key(&again), key);
    }
}
