//! Property tests: the fast path finder against the seed's BFS and against brute force.

use engine::Coord;
use proptest::prelude::*;
use shisen::path::{self, Path, reference};
use shisen::{Board, Kind};

/// A board with tiles where `filled` says, all of one kind (paths ignore kinds).
fn board_of(w: usize, h: usize, filled: &[bool]) -> Board {
    let mut b = Board::empty(w, h, vec!["A".into()]);
    for (i, &f) in filled.iter().enumerate() {
        if f {
            b.set(Coord::new((i % w) as i32, (i / w) as i32), Some(Kind(0)));
        }
    }
    b
}

fn free(b: &Board, c: Coord) -> bool {
    let (w, h) = (b.width() as i32, b.height() as i32);
    c.x >= -1 && c.y >= -1 && c.x <= w && c.y <= h && b.get(c).is_none()
}

/// Checks that `p` is a legal connection from `a` to `b`: ends, axis-parallel segments, at
/// most three of them, empty cells between the ends, length = sum of segment lengths.
fn assert_valid(board: &Board, a: Coord, b: Coord, p: &Path) {
    let corners = p.corners();
    assert_eq!((corners[0], corners[corners.len() - 1]), (a, b));
    assert!(corners.len() <= 4, "{corners:?}");
    let mut sum = 0;
    for w in corners.windows(2) {
        assert!(w[0] != w[1] && (w[0].x == w[1].x || w[0].y == w[1].y), "{corners:?}");
        sum += w[0].manhattan(w[1]);
    }
    assert_eq!(sum, p.length());
    let cells: Vec<Coord> = p.cells().collect();
    assert_eq!(cells.len() as u32, p.length() + 1);
    for c in &cells[1..cells.len() - 1] {
        assert!(free(board, *c), "path {corners:?} crosses {c:?} on\n{board}");
    }
}

/// Brute force: every corner list a, p, q, b over the padded frame, kept if legal; the best
/// by (length, turns, corners in (y, x) order).
fn brute(board: &Board, a: Coord, b: Coord) -> Option<Path> {
    let (w, h) = (board.width() as i32, board.height() as i32);
    let frame: Vec<Coord> = (-1..=h).flat_map(|y| (-1..=w).map(move |x| Coord::new(x, y))).collect();
    let mut best: Option<Path> = None;
    let key = |p: &Path| (p.length(), p.turns(), p.corners().iter().map(|c| (c.y, c.x)).collect::<Vec<_>>());
    for &p in &frame {
        for &q in &frame {
            let Some(path) = Path::from_corners(&[a, p, q, b]) else { continue };
            let cells: Vec<Coord> = path.cells().collect();
            if cells.len() < 2 || cells[0] != a || cells[cells.len() - 1] != b {
                continue;
            }
            if cells[1..cells.len() - 1].iter().all(|&c| free(board, c))
                && best.as_ref().is_none_or(|bp| key(&path) < key(bp))
            {
                best = Some(path);
            }
        }
    }
    best
}

fn boards() -> impl Strategy<Value = (usize, usize, Vec<bool>, Vec<(usize, usize)>)> {
    (1usize..=9, 1usize..=7, 0u32..=100).prop_flat_map(|(w, h, density)| {
        let n = w * h;
        (
            Just(w),
            Just(h),
            proptest::collection::vec(proptest::bool::weighted(f64::from(density) / 100.0), n),
            proptest::collection::vec((0..n, 0..n), 12),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn ours_agrees_with_the_seed_bfs((w, h, mut filled, queries) in boards()) {
        for &(i, j) in &queries {
            filled[i] = true;
            filled[j] = true;
        }
        let board = board_of(w, h, &filled);
        for &(i, j) in &queries {
            let a = Coord::new((i % w) as i32, (i / w) as i32);
            let b = Coord::new((j % w) as i32, (j / w) as i32);
            let ours = path::shortest_path(&board, a, b);
            let theirs = reference::shortest_path(&board, a, b);
            prop_assert_eq!(ours.map(|p| p.length()), theirs.map(|p| p.length()), "{:?} {:?}\n{}", a, b, board);
            if let Some(p) = &ours {
                assert_valid(&board, a, b, p);
            }
            if let Some(p) = &theirs {
                assert_valid(&board, a, b, p);
            }
            prop_assert_eq!(path::connects(&board, a, b), ours.is_some());
        }
    }

    #[test]
    fn ours_is_the_documented_best((w, h, mut filled, queries) in boards()) {
        for &(i, j) in &queries[..3] {
            filled[i] = true;
            filled[j] = true;
        }
        let board = board_of(w, h, &filled);
        for &(i, j) in &queries[..3] {
            let a = Coord::new((i % w) as i32, (i / w) as i32);
            let b = Coord::new((j % w) as i32, (j / w) as i32);
            prop_assert_eq!(path::shortest_path(&board, a, b), brute(&board, a, b), "{:?} {:?}\n{}", a, b, board);
        }
    }

    #[test]
    fn removable_pairs_are_all_matching_connected_pairs(text in "[AB.]{12}") {
        // A kind must occur an even number of times: the last tile of an odd kind is cleared,
        // so that every case parses (none is skipped).
        let mut cells: Vec<u8> = text.into_bytes();
        for kind in [b'A', b'B'] {
            if cells.iter().map(|&c| usize::from(c == kind)).sum::<usize>() % 2 == 1 {
                let last = cells.iter().rposition(|&c| c == kind).unwrap();
                cells[last] = b'.';
            }
        }
        let rows: Vec<String> = cells.chunks(4).map(|r| r.iter().map(|&c| (c as char).to_string()).collect::<Vec<_>>().join(" ")).collect();
        let board = Board::parse(&rows.join("\n")).unwrap();
        let pairs = path::removable_pairs(&board);
        let mut expected = Vec::new();
        for (a, ka) in board.cells().iter() {
            for (b, kb) in board.cells().iter() {
                if (a.y, a.x) < (b.y, b.x) && ka.is_some() && ka == kb && reference::find_path(&board, a, b).is_some() {
                    expected.push((a, b));
                }
            }
        }
        prop_assert_eq!(pairs.iter().map(|p| (p.a, p.b)).collect::<Vec<_>>(), expected);
    }

    /// The hint list on random boards of several kinds (matching groups included, and boards
    /// too wide for the bit masks) is every pair of matching tiles that the seed's BFS joins,
    /// with our shortest path; `has_moves` agrees.
    #[test]
    fn hint_list_is_every_matching_pair_the_reference_joins(w in prop_oneof![1usize..10, 63usize..66], h in 1usize..6, kinds in 1usize..6, fill in 0u64..=100, grouped: bool, seed: u64) {
        let mut rng = engine::SeededRng::new(seed);
        let labels: Vec<String> = (0..kinds).map(|k| format!("K{k}")).collect();
        let mut board = Board::empty(w, h, labels.clone());
        let cells: Vec<Coord> = board.cells().coords().collect();
        let mut tiles: Vec<Coord> = cells.iter().copied().filter(|_| rng.chance(fill, 100)).collect();
        tiles.truncate(tiles.len() / 2 * 2);
        rng.shuffle(&mut tiles);
        for (i, &c) in tiles.iter().enumerate() {
            board.set(c, Some(Kind((i / 2 % kinds) as u16)));
        }
        if grouped {
            let group: Vec<&str> = labels.iter().take(2).map(String::as_str).collect();
            board = board.with_groups(&[&group]).unwrap();
        }
        let mut expected = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                let (Some(ka), Some(kb)) = (board.get(a), board.get(b)) else { continue };
                if board.matches(ka, kb) && reference::find_path(&board, a, b).is_some() {
                    expected.push((a, b, path::shortest_path(&board, a, b).unwrap()));
                }
            }
        }
        let pairs: Vec<_> = path::removable_pairs(&board).iter().map(|p| (p.a, p.b, p.path)).collect();
        prop_assert_eq!(&pairs, &expected, "{}", board);
        prop_assert_eq!(shisen::game::has_moves(&board), !expected.is_empty());
    }
}
