//! The canonical key against brute force: every symmetry as quarter turns and a mirror of a
//! plain cell list, every renaming of the kinds as a permutation.

use std::collections::HashSet;

use engine::Coord;
use proptest::prelude::*;

use super::*;
use crate::board::Kind;

/// A board as plain data: width, height, cells row by row (`0` empty, `k` = kind `k - 1`).
type Raw = (usize, usize, Vec<u8>);

/// A quarter turn clockwise, written out: the new row `y` is the old column `y`, read from
/// the bottom up.
fn turn((w, h, cells): &Raw) -> Raw {
    let mut out = Vec::with_capacity(cells.len());
    for y in 0..*w {
        for x in 0..*h {
            out.push(cells[(h - 1 - x) * w + y]);
        }
    }
    (*h, *w, out)
}

/// The left-right mirror, written out: each row reversed.
fn mirror((w, h, cells): &Raw) -> Raw {
    let out = cells.chunks(*w).flat_map(|row| row.iter().rev().copied()).collect();
    (*w, *h, out)
}

/// Every permutation of `1..=k`.
fn permutations(k: u8) -> Vec<Vec<u8>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for p in permutations(k - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, k);
            all.push(q);
        }
    }
    all
}

/// The four turns of `raw` and their mirrors (only the identity and the mirror with gravity).
fn shapes(raw: &Raw, gravity: bool) -> Vec<Raw> {
    if gravity {
        return vec![raw.clone(), mirror(raw)];
    }
    let mut shapes = Vec::new();
    let mut r = raw.clone();
    for _ in 0..4 {
        shapes.push(r.clone());
        shapes.push(mirror(&r));
        r = turn(&r);
    }
    shapes
}

/// Every board the game cannot tell from `raw` by brute force: its shapes under every
/// renaming of `k` kinds.
fn orbit(raw: &Raw, k: u8, gravity: bool) -> HashSet<Raw> {
    let mut all = HashSet::new();
    for (w, h, cells) in shapes(raw, gravity) {
        for p in permutations(k) {
            let renamed = cells.iter().map(|&c| if c == 0 { 0 } else { p[usize::from(c) - 1] }).collect();
            all.insert((w, h, renamed));
        }
    }
    all
}

fn board_of((w, h, cells): &Raw, k: u8) -> Board {
    let labels = (0..k).map(|i| crate::generate::label(usize::from(i))).collect();
    let mut b = Board::empty(*w, *h, labels);
    for (i, &c) in cells.iter().enumerate() {
        let kind = (c > 0).then(|| Kind(u16::from(c) - 1));
        b.set(Coord::new((i % w) as i32, (i / w) as i32), kind);
    }
    b
}

fn raw_of(b: &Board) -> Raw {
    let cells = b.cells().cells().iter().map(|c| c.map_or(0, |k| k.0 as u8 + 1)).collect();
    (b.width(), b.height(), cells)
}

/// Every board of `w` × `h` cells over `k` kinds and empty.
fn all_boards(w: usize, h: usize, k: u8) -> Vec<Raw> {
    let n = w * h;
    let total = (u32::from(k) + 1).pow(n as u32);
    (0..total)
        .map(|mut i| {
            let cells = (0..n)
                .map(|_| {
                    let c = (i % (u32::from(k) + 1)) as u8;
                    i /= u32::from(k) + 1;
                    c
                })
                .collect();
            (w, h, cells)
        })
        .collect()
}

#[test]
fn the_named_symmetries_are_the_brute_force_ones() {
    let raw: Raw = (3, 2, vec![1, 2, 3, 4, 5, 6]);
    let board = board_of(&raw, 6);
    let named: HashSet<Raw> = Symmetry::ALL.iter().map(|s| raw_of(&s.apply(&board))).collect();
    assert_eq!(named, shapes(&raw, false).into_iter().collect::<HashSet<_>>());
    assert_eq!(named.len(), 8);
    assert_eq!(raw_of(&Symmetry::Rotate90.apply(&board)), turn(&raw));
    assert_eq!(raw_of(&Symmetry::MirrorX.apply(&board)), mirror(&raw));
    let gravity: HashSet<Raw> = Symmetry::of_game(true).iter().map(|s| raw_of(&s.apply(&board))).collect();
    assert_eq!(gravity, shapes(&raw, true).into_iter().collect::<HashSet<_>>());
}

/// Exhaustively on tiny boards: keys are equal exactly when brute force finds a symmetry
/// and a renaming that make one board the other. Boards of both orientations (3x2 and 2x3)
/// meet, so the quarter turns are tested between shapes.
#[test]
fn keys_are_equal_iff_brute_force_finds_the_boards_equal() {
    for (shapes, k) in [(&[(3, 2), (2, 3)][..], 2u8), (&[(2, 2)][..], 3), (&[(4, 1), (1, 4), (2, 2)][..], 2)] {
        let boards: Vec<Raw> = shapes.iter().flat_map(|&(w, h)| all_boards(w, h, k)).collect();
        for gravity in [false, true] {
            let keys: Vec<Key> = boards.iter().map(|r| canonical_key(&board_of(r, k), gravity)).collect();
            let orbits: Vec<HashSet<Raw>> = boards.iter().map(|r| orbit(r, k, gravity)).collect();
            let (mut equal, mut different) = (0u64, 0u64);
            for i in 0..boards.len() {
                for j in i..boards.len() {
                    let brute = orbits[i].contains(&boards[j]);
                    assert_eq!(keys[i] == keys[j], brute, "{:?} {:?} gravity {gravity}", boards[i], boards[j]);
                    if brute { equal += 1 } else { different += 1 }
                }
            }
            // Both outcomes occur, and more equal pairs than the boards themselves.
            assert!(equal > boards.len() as u64 && different > 0, "{equal} {different}");
        }
    }
}

#[test]
fn gravity_is_part_of_the_key_and_groups_are_classes() {
    let board: Board = "A B\nB A".parse().unwrap();
    assert_ne!(canonical_key(&board, true), canonical_key(&board, false));
    let grouped = board.clone().with_groups(&[&["A", "B"]]).unwrap();
    assert_eq!(canonical_key(&grouped, false), canonical_key(&"A A\nA A".parse().unwrap(), false));
    assert_ne!(canonical_key(&board, false), canonical_key(&"A A\nA A".parse().unwrap(), false));
}

/// A random board: up to 6x5, up to 5 kinds, some cells empty.
fn any_board() -> impl Strategy<Value = (Raw, u8)> {
    (1usize..=6, 1usize..=5, 1u8..=5).prop_flat_map(|(w, h, k)| {
        (proptest::collection::vec(0..=k, w * h), Just((w, h, k))).prop_map(|(cells, (w, h, k))| ((w, h, cells), k))
    })
}

proptest! {
    /// Any symmetry of the game and any renaming of the kinds keep the key.
    #[test]
    fn symmetries_and_renamings_keep_the_key(
        (raw, k) in any_board(),
        gravity in any::<bool>(),
        s in 0usize..8,
        shift in 0u8..5,
    ) {
        let board = board_of(&raw, k);
        let symmetry = Symmetry::of_game(gravity)[s % Symmetry::of_game(gravity).len()];
        let (w, h, cells) = raw_of(&symmetry.apply(&board));
        let renamed: Raw = (w, h, cells.iter().map(|&c| if c == 0 { 0 } else { (c - 1 + shift) % k + 1 }).collect());
        prop_assert_eq!(canonical_key(&board_of(&renamed, k), gravity), canonical_key(&board, gravity));
    }

    /// The symmetries keep the game: the same number of removable pairs, each with a
    /// shortest connection of the same length (the ring and the turns are kept).
    #[test]
    fn symmetries_keep_the_removable_pairs((raw, k) in any_board(), s in 0usize..8) {
        let board = board_of(&raw, k);
        let moved = Symmetry::ALL[s].apply(&board);
        let lengths = |b: &Board| {
            let mut l: Vec<u32> = crate::path::removable_pairs(b).iter().map(|p| p.path.length()).collect();
            l.sort_unstable();
            l
        };
        prop_assert_eq!(lengths(&board), lengths(&moved));
    }
}
