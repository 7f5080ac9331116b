//! The symmetries of a Hitori puzzle, and its canonical key.
//!
//! Two puzzles are the same up to symmetry when one turns into the other by one of the 8
//! symmetries of the rectangle (a quarter turn makes a `W`×`H` board `H`×`W`) followed by
//! a renaming of the numbers: the rules only ever ask whether two numbers are equal, so a
//! one-to-one renaming keeps every solution, grade and walkthrough.
//!
//! The canonical key picks one representative of each class: for each of the 8
//! symmetries, the numbers are renamed `1, 2, 3, …` in order of first appearance in
//! row-major order, and the smallest `(height, width, numbers)` wins. Renaming by first
//! appearance sends every renaming of a board to the same sequence, so two puzzles have
//! the same key exactly when they are the same up to symmetry (the tests check this
//! against a brute-force search over symmetries and renamings).

use engine::{Coord, Grid};
use serde::{Deserialize, Serialize};

use crate::board::Puzzle;

/// One of the 8 symmetries of the rectangle: transpose first (if `transpose`), then mirror
/// left–right (`flip_x`) and top–bottom (`flip_y`) — described by where each cell of the
/// result comes from.
///
/// ```
/// use hitori::symmetry::Symmetry;
/// assert_eq!(Symmetry::ALL.len(), 8);
/// let p = hitori::Puzzle::parse("1 2 3\n4 5 6").unwrap();
/// let turned = Symmetry { transpose: true, flip_x: true, flip_y: false }.apply(&p);
/// assert_eq!(turned.to_string(), "4 1\n5 2\n6 3\n"); // a quarter turn clockwise
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Symmetry {
    /// Swap rows and columns (a `W`×`H` board becomes `H`×`W`).
    pub transpose: bool,
    /// Then mirror left–right.
    pub flip_x: bool,
    /// Then mirror top–bottom.
    pub flip_y: bool,
}

impl Symmetry {
    /// The 8 symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = {
        let mut all = [Symmetry { transpose: false, flip_x: false, flip_y: false }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Symmetry { transpose: i & 4 != 0, flip_x: i & 1 != 0, flip_y: i & 2 != 0 };
            i += 1;
        }
        all
    };

    /// The size `(width, height)` of a `width`×`height` board after this symmetry.
    ///
    /// ```
    /// use hitori::symmetry::Symmetry;
    /// assert_eq!(Symmetry::ALL[4].size(3, 2), (2, 3));
    /// ```
    #[must_use]
    pub fn size(self, width: usize, height: usize) -> (usize, usize) {
        if self.transpose { (height, width) } else { (width, height) }
    }

    /// The cell of the original `width`×`height` board that lands at `(x, y)` of the
    /// result.
    ///
    /// ```
    /// use hitori::symmetry::Symmetry;
    /// let mirror = Symmetry { transpose: false, flip_x: true, flip_y: false };
    /// assert_eq!(mirror.source(0, 1, 3, 2), (2, 1));
    /// ```
    #[must_use]
    pub fn source(self, x: usize, y: usize, width: usize, height: usize) -> (usize, usize) {
        let (w, h) = self.size(width, height);
        let a = if self.flip_x { w - 1 - x } else { x };
        let b = if self.flip_y { h - 1 - y } else { y };
        if self.transpose { (b, a) } else { (a, b) }
    }

    /// The puzzle seen through this symmetry.
    ///
    /// ```
    /// use hitori::symmetry::Symmetry;
    /// let p = hitori::Puzzle::parse("1 2\n3 4").unwrap();
    /// assert_eq!(Symmetry::ALL[3].apply(&p).to_string(), "4 3\n2 1\n"); // a half turn
    /// ```
    #[must_use]
    pub fn apply(self, puzzle: &Puzzle) -> Puzzle {
        let (width, height) = (puzzle.width(), puzzle.height());
        let (w, h) = self.size(width, height);
        let numbers = Grid::from_fn(w, h, |c| {
            let (x, y) = self.source(c.x as usize, c.y as usize, width, height);
            puzzle.numbers()[Coord::new(x as i32, y as i32)]
        });
        Puzzle::from_grid(numbers).unwrap_or_else(|| puzzle.clone())
    }
}

/// The canonical key of a puzzle: equal for two puzzles exactly when they are the same up
/// to a symmetry of the rectangle and a renaming of the numbers. Ordered by
/// `(height, width, numbers)`.
///
/// ```
/// let a = hitori::Puzzle::parse("5 5 7\n7 9 5").unwrap();
/// let key = hitori::symmetry::canonical_key(&a);
/// assert_eq!((key.height, key.width, key.numbers.as_slice()), (2, 3, &[1, 1, 2, 2, 3, 1][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Key {
    /// Rows of the representative.
    pub height: usize,
    /// Columns of the representative.
    pub width: usize,
    /// Its numbers in row-major order, renamed `1, 2, …` in order of first appearance.
    pub numbers: Vec<u32>,
}

/// The [`Key`] of `puzzle`: the smallest `(height, width, numbers)` over the 8 symmetries,
/// each renamed in order of first appearance. Linear in the board for each symmetry.
///
/// ```
/// use hitori::symmetry::{canonical_key, Symmetry};
/// let p = hitori::Puzzle::parse("1 2 2\n3 1 2").unwrap();
/// let q = hitori::Puzzle::parse("8 4\n4 6\n6 6").unwrap(); // a quarter turn, renamed
/// assert_eq!(canonical_key(&p), canonical_key(&q));
/// for s in Symmetry::ALL {
///     assert_eq!(canonical_key(&s.apply(&p)), canonical_key(&p));
/// }
/// assert_ne!(canonical_key(&p), canonical_key(&hitori::Puzzle::parse("1 2 3\n3 1 2").unwrap()));
/// ```
#[must_use]
pub fn canonical_key(puzzle: &Puzzle) -> Key {
    let (width, height) = (puzzle.width(), puzzle.height());
    // Dense names 0..k for the numbers, so each renaming is a table lookup.
    let mut values: Vec<u32> = puzzle.numbers().cells().to_vec();
    values.sort_unstable();
    values.dedup();
    let dense: Vec<usize> =
        puzzle.numbers().cells().iter().map(|n| values.binary_search(n).unwrap_or_default()).collect();
    let mut best: Option<Key> = None;
    let mut renamed = vec![0u32; values.len()];
    for s in Symmetry::ALL {
        let (w, h) = s.size(width, height);
        renamed.fill(0);
        let mut next = 0;
        let mut numbers = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                let (sx, sy) = s.source(x, y, width, height);
                let d = dense[sy * width + sx];
                if renamed[d] == 0 {
                    next += 1;
                    renamed[d] = next;
                }
                numbers.push(renamed[d]);
            }
        }
        let key = Key { height: h, width: w, numbers };
        if best.as_ref().is_none_or(|b| key < *b) {
            best = Some(key);
        }
    }
    best.unwrap_or(Key { height, width, numbers: Vec::new() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Brute force: some symmetry and some one-to-one renaming turn `a` into `b`.
    fn same_up_to_symmetry(a: &Puzzle, b: &Puzzle) -> bool {
        Symmetry::ALL.into_iter().any(|s| {
            let t = s.apply(a);
            if (t.width(), t.height()) != (b.width(), b.height()) {
                return false;
            }
            let mut forward = std::collections::HashMap::new();
            let mut backward = std::collections::HashMap::new();
            t.numbers()
                .cells()
                .iter()
                .zip(b.numbers().cells())
                .all(|(&x, &y)| *forward.entry(x).or_insert(y) == y && *backward.entry(y).or_insert(x) == x)
        })
    }

    fn puzzle(width: usize, height: usize, cells: Vec<u32>) -> Puzzle {
        Puzzle::from_grid(Grid::from_vec(width, height, cells).unwrap()).unwrap()
    }

    /// A puzzle of up to 4×4 with numbers from 1 to `k`.
    fn small_puzzle(max_side: usize, k: u32) -> impl Strategy<Value = Puzzle> {
        (1..=max_side, 1..=max_side)
            .prop_flat_map(move |(w, h)| prop::collection::vec(1..=k, w * h).prop_map(move |cells| puzzle(w, h, cells)))
    }

    /// A one-to-one renaming of the numbers `1..=perm.len()` of `p`: `n` becomes
    /// `perm[n - 1] * 1000 + shift`.
    fn renamed(p: &Puzzle, perm: &[u32], shift: u32) -> Puzzle {
        let numbers = p.numbers().map(|&n| perm[n as usize - 1] * 1000 + shift);
        Puzzle::from_grid(numbers).unwrap()
    }

    #[test]
    fn the_symmetries_are_eight_different_maps() {
        let p = puzzle(3, 2, vec![1, 2, 3, 4, 5, 6]);
        let images: std::collections::HashSet<String> = Symmetry::ALL.iter().map(|s| s.apply(&p).to_string()).collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn every_pair_of_2x2_and_1x4_boards_agrees_with_brute_force() {
        // All 2×2, 4×1 and 1×4 boards over the numbers 1..=4, every pair.
        let mut boards = Vec::new();
        for (w, h) in [(2, 2), (4, 1), (1, 4)] {
            for code in 0..256u32 {
                boards.push(puzzle(w, h, (0..4).map(|i| (code >> (2 * i)) % 4 + 1).collect()));
            }
        }
        let keys: Vec<Key> = boards.iter().map(canonical_key).collect();
        let (mut equal, mut different) = (0, 0);
        for i in 0..boards.len() {
            for j in i..boards.len() {
                let same = keys[i] == keys[j];
                assert_eq!(same, same_up_to_symmetry(&boards[i], &boards[j]), "{:?} {:?}", boards[i], boards[j]);
                if same { equal += 1 } else { different += 1 }
            }
        }
        assert!(equal > 1000 && different > 1000, "{equal} equal, {different} different pairs");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn a_symmetry_and_a_renaming_keep_the_key(
            p in small_puzzle(6, 9),
            s in 0usize..8,
            perm in Just((1..=9u32).collect::<Vec<_>>()).prop_shuffle(),
            shift in 0u32..5,
        ) {
            let q = renamed(&Symmetry::ALL[s].apply(&p), &perm, shift);
            prop_assert_eq!(canonical_key(&q), canonical_key(&p));
        }

        #[test]
        fn keys_are_equal_iff_brute_force_finds_a_symmetry(
            a in small_puzzle(3, 3),
            b in small_puzzle(3, 3),
            s in 0usize..8,
            perm in Just(vec![1u32, 2, 3]).prop_shuffle(),
            build_equal in any::<bool>(),
        ) {
            // Half the pairs are built equal, half drawn at random (mostly different; the
            // test below counts both outcomes on pairs drawn the same way).
            let b = if build_equal { renamed(&Symmetry::ALL[s].apply(&a), &perm, 0) } else { b };
            let same = canonical_key(&a) == canonical_key(&b);
            prop_assert_eq!(same, same_up_to_symmetry(&a, &b));
        }
    }

    #[test]
    fn random_pairs_hit_both_outcomes() {
        // The property test above, counted: its pairs are equal and different often.
        let mut rng = engine::SeededRng::new(5);
        let (mut equal, mut different) = (0, 0);
        for _ in 0..2000 {
            let (w, h) = (rng.below(3) as usize + 1, rng.below(3) as usize + 1);
            let a = puzzle(w, h, (0..w * h).map(|_| rng.below(3) as u32 + 1).collect());
            let s = Symmetry::ALL[rng.below(8) as usize];
            let mut b = s.apply(&a);
            if rng.below(2) == 0 {
                let mut cells = b.numbers().cells().to_vec();
                let i = rng.below(cells.len() as u64) as usize;
                cells[i] = rng.below(3) as u32 + 1;
                b = puzzle(b.width(), b.height(), cells);
            }
            let same = canonical_key(&a) == canonical_key(&b);
            assert_eq!(same, same_up_to_symmetry(&a, &b));
            if same { equal += 1 } else { different += 1 }
        }
        assert!(equal > 500 && different > 300, "{equal} equal, {different} different");
    }
}
