//! Reachability, the distance table and the generators checked against a plain
//! breadth-first search over boards (`engine::bfs_reach` with `Board::apply`) on every
//! small board size and every kind of goal.

use engine::SeededRng;
use fifteen::solvable::{is_reachable, reference};
use fifteen::table::DistanceTable;
use fifteen::{Board, Goal, Move};
use proptest::prelude::*;
use rustc_hash::FxHashMap;

/// Every state reachable from `goal`, with its distance, by the obviously-correct search.
fn reach(goal: &Board) -> FxHashMap<Board, usize> {
    engine::bfs_reach(goal, |b: &Board| {
        Move::ALL
            .into_iter()
            .filter_map(|m| {
                let mut next = b.clone();
                next.apply(m).then_some(next)
            })
            .collect::<Vec<_>>()
    })
    .into_iter()
    .collect()
}

/// Every arrangement of `tiles` (Heap's algorithm).
fn permutations(tiles: &[u8]) -> Vec<Vec<u8>> {
    fn heap(k: usize, a: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if k <= 1 {
            out.push(a.clone());
            return;
        }
        for i in 0..k - 1 {
            heap(k - 1, a, out);
            if k % 2 == 0 { a.swap(i, k - 1) } else { a.swap(0, k - 1) }
        }
        heap(k - 1, a, out);
    }
    let mut out = Vec::new();
    heap(tiles.len(), &mut tiles.to_vec(), &mut out);
    out
}

/// Every kind of goal at one size: the named ones, a random explicit layout, and the
/// "missing number" variants (one of `1..=n` replaced by the blank).
fn goals(w: usize, h: usize, rng: &mut SeededRng) -> Vec<Board> {
    let n = w * h;
    let mut out: Vec<Board> = [Goal::BlankLast, Goal::BlankFirst, Goal::Snake, Goal::Spiral]
        .iter()
        .map(|g| g.layout(w, h).unwrap())
        .collect();
    let mut tiles: Vec<u8> = (0..n).map(|t| t as u8).collect();
    rng.shuffle(&mut tiles);
    out.push(Board::new(w, h, tiles).unwrap());
    // The missing-number variant needs tile n, which fits in a byte below 256 cells.
    for missing in [1, n / 2, n - 1].into_iter().filter(|_| n < 256) {
        let tiles = (1..=n as u8).map(|t| if usize::from(t) == missing { 0 } else { t }).collect();
        out.push(Board::new(w, h, tiles).unwrap());
    }
    out
}

#[test]
fn exact_on_every_state_of_small_boards() {
    let mut rng = SeededRng::new(11);
    let sizes = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (1, 2), (2, 1), (1, 5), (5, 1), (1, 6), (6, 1)];
    for (w, h) in sizes {
        for goal in goals(w, h, &mut rng) {
            let reached = reach(&goal);
            let table = DistanceTable::new(&goal).unwrap();
            assert_eq!(table.reachable(), reached.len(), "{goal}");
            let strip = w == 1 || h == 1;
            for tiles in permutations(goal.tiles()) {
                let b = Board::new(w, h, tiles).unwrap();
                let truth = reached.get(&b).copied();
                assert_eq!(is_reachable(&b, &goal), truth.is_some(), "{w}x{h}: {b} -> {goal}");
                assert_eq!(table.distance(&b).map(usize::from), truth, "{w}x{h}: {b} -> {goal}");
                if !strip {
                    assert_eq!(reference(b.tiles(), goal.tiles(), w), truth.is_some(), "reference {b} -> {goal}");
                }
            }
            // Half the arrangements of a 2-D board reach the goal; a strip only shifts.
            let all = permutations(goal.tiles()).len();
            assert_eq!(reached.len(), if strip { w * h } else { all / 2 });
        }
    }
}

#[test]
fn reference_has_false_positives_on_strips() {
    let goal = Board::parse_line("1 2 3 0", Some(4)).unwrap();
    let b = Board::parse_line("2 3 1 0", Some(4)).unwrap();
    assert!(!is_reachable(&b, &goal));
    assert!(reference(b.tiles(), goal.tiles(), 4));
}

#[test]
fn boards_of_other_tiles_are_never_reachable() {
    let goal = Goal::BlankLast.layout(2, 2).unwrap();
    assert!(!is_reachable(&Board::parse_line("4 1 3 0", None).unwrap(), &goal));
    assert!(!is_reachable(&Board::parse_line("1 2 0", Some(3)).unwrap(), &goal));
}

#[test]
fn eight_puzzle_table_matches_plain_bfs() {
    let goal = Goal::BlankLast.layout(3, 3).unwrap();
    let reached = reach(&goal);
    let table = DistanceTable::new(&goal).unwrap();
    assert_eq!(reached.len(), 181_440);
    assert_eq!(reached.values().max(), Some(&31));
    assert_eq!(reached.values().filter(|&&d| d == 31).count(), 2);
    for (b, &d) in reached.iter().step_by(13) {
        assert_eq!(table.distance(b).map(usize::from), Some(d));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// 3×3 boards against the distance table for every kind of goal.
    #[test]
    fn three_by_three_sampled(seed in any::<u64>(), goal_index in 0usize..8) {
        let mut rng = SeededRng::new(seed);
        let goal = goals(3, 3, &mut SeededRng::new(seed / 3))[goal_index].clone();
        let table = DistanceTable::new(&goal).unwrap();
        for _ in 0..200 {
            let mut tiles = goal.tiles().to_vec();
            rng.shuffle(&mut tiles);
            let b = Board::new(3, 3, tiles).unwrap();
            let truth = table.distance(&b).is_some();
            prop_assert_eq!(is_reachable(&b, &goal), truth);
            prop_assert_eq!(reference(b.tiles(), goal.tiles(), 3), truth);
        }
    }

    /// Larger boards: one random move keeps reachability, one swap of two tiles breaks it
    /// (on 2-D boards); the seed's check agrees.
    #[test]
    fn moves_keep_and_swaps_break(seed in any::<u64>(), w in 2usize..17, h in 2usize..17) {
        let mut rng = SeededRng::new(seed);
        let all = goals(w, h, &mut rng);
        let goal = all[rng.index(all.len())].clone();
        let b = fifteen::generate::uniform(&goal, &mut rng);
        prop_assert!(is_reachable(&b, &goal));
        prop_assert!(reference(b.tiles(), goal.tiles(), w));
        let mut tiles = b.tiles().to_vec();
        let nonblank: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i] != 0).collect();
        tiles.swap(nonblank[0], nonblank[nonblank.len() - 1]);
        let swapped = Board::new(w, h, tiles).unwrap();
        prop_assert!(!is_reachable(&swapped, &goal));
        prop_assert!(!reference(swapped.tiles(), goal.tiles(), w));
    }
}
