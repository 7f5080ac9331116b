//! "Would shading this cell cut the unshaded cells apart?" in near O(1), by planar duality.
//!
//! The unshaded cells with their side-by-side contacts form a plane graph. Shading a cell
//! removes a vertex; by Euler's formula (V − E + F = 1 + C) the number of connected areas C
//! changes by `deg − k`, where `deg` is the number of unshaded side neighbours of the cell
//! and `k` the number of distinct faces among the four lattice corners of the cell. A face
//! is either a corner with no shaded cell around it (a face of its own), or the set of
//! corners touched by one 8-connected group of shaded cells, where every group touching
//! the border is one face with the OUTSIDE. So [`Connectivity`] keeps the shaded cells plus
//! one OUTSIDE node in an [`engine::UndoUnionFind`], joining each shaded cell with its
//! shaded neighbours in all eight directions and with OUTSIDE on the border.
//!
//! With no two shaded cells side by side (a valid Hitori state, and the cell's own side
//! neighbours unshaded), this is the seed's rule: shading `c` disconnects exactly when two
//! of {`c`'s shaded diagonal neighbours, OUTSIDE if `c` is on the border} already share a
//! root — except on boards one cell wide, where a middle cell touches the OUTSIDE on two
//! opposite sides, which the corner count handles and the simplified rule does not. The
//! implementation uses the exact corner count, valid for any shading.
//!
//! [`reference_would_disconnect`] is the obviously-correct depth-first search the fast
//! check is tested and benchmarked against.

use engine::{Checkpoint, Coord, Grid, UndoUnionFind};

/// The shaded cells of a board and the dual union-find over them, with undo.
///
/// Invariant assumed by [`Connectivity::would_disconnect`]: the cells that are not shaded
/// are connected. It holds for the empty shading and is kept by shading only cells for
/// which `would_disconnect` is `false`.
///
/// ```
/// use hitori::connectivity::Connectivity;
/// // 3x3: shade the top-middle cell; then the middle-left cell would cut off the corner.
/// let mut c = Connectivity::new(3, 3);
/// c.shade(1);
/// assert!(c.would_disconnect(3));
/// assert!(!c.would_disconnect(8));
/// let mark = c.checkpoint();
/// c.shade(8);
/// c.rollback(mark);
/// assert!(!c.is_shaded(8));
/// ```
#[derive(Clone, Debug)]
pub struct Connectivity {
    width: usize,
    height: usize,
    shaded: Vec<bool>,
    uf: UndoUnionFind,
    trail: Vec<u32>,
}

/// A point in a [`Connectivity`]'s history to roll back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    uf: Checkpoint,
    trail: usize,
}

impl Connectivity {
    /// A `width` × `height` board with nothing shaded.
    ///
    /// ```
    /// let c = hitori::connectivity::Connectivity::new(4, 2);
    /// assert_eq!((c.width(), c.height()), (4, 2));
    /// ```
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        let n = width * height;
        Connectivity { width, height, shaded: vec![false; n], uf: UndoUnionFind::new(n + 1), trail: Vec::new() }
    }

    /// A board with the given cells shaded (any shading, connected or not).
    ///
    /// ```
    /// let g = engine::Grid::from_vec(4, 1, vec![true, false, false, false]).unwrap();
    /// let c = hitori::connectivity::Connectivity::from_shading(&g);
    /// assert!(c.is_shaded(0));
    /// assert!(c.would_disconnect(2));
    /// assert!(!c.would_disconnect(1));
    /// ```
    #[must_use]
    pub fn from_shading(shaded: &Grid<bool>) -> Self {
        let mut c = Connectivity::new(shaded.width(), shaded.height());
        for (i, &s) in shaded.cells().iter().enumerate() {
            if s {
                c.shade(i);
            }
        }
        c
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(hitori::connectivity::Connectivity::new(4, 2).width(), 4);
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(hitori::connectivity::Connectivity::new(4, 2).height(), 2);
    /// ```
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether cell `index` (row-major) is shaded.
    ///
    /// ```
    /// assert!(!hitori::connectivity::Connectivity::new(2, 2).is_shaded(3));
    /// ```
    #[must_use]
    pub fn is_shaded(&self, index: usize) -> bool {
        self.shaded[index]
    }

    /// The number of shaded cells.
    ///
    /// ```
    /// let mut c = hitori::connectivity::Connectivity::new(2, 2);
    /// c.shade(0);
    /// assert_eq!(c.shaded_count(), 1);
    /// ```
    #[must_use]
    pub fn shaded_count(&self) -> usize {
        self.trail.len()
    }

    fn outside(&self) -> usize {
        self.width * self.height
    }

    fn cell(&self, x: i32, y: i32) -> Option<usize> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
    }

    /// Whether shading the unshaded cell `index` would split the cells that are not shaded
    /// into two or more areas (assuming they are connected now). `false` for a shaded cell
    /// and for the last unshaded cell.
    ///
    /// ```
    /// // 1x3: the middle cell is a cut, the ends are not.
    /// let c = hitori::connectivity::Connectivity::new(3, 1);
    /// assert!(c.would_disconnect(1));
    /// assert!(!c.would_disconnect(0));
    /// ```
    #[must_use]
    pub fn would_disconnect(&self, index: usize) -> bool {
        if self.shaded[index] {
            return false;
        }
        let (x, y) = ((index % self.width) as i32, (index / self.width) as i32);
        let mut degree = 0;
        for d in Coord::ORTHOGONAL {
            if self.cell(x + d.x, y + d.y).is_some_and(|n| !self.shaded[n]) {
                degree += 1;
            }
        }
        // Faces at the four corners: `None` = a corner with no shaded cell around it.
        let mut roots = [usize::MAX; 4];
        let mut distinct = 0;
        let mut lonely = 0;
        for d in Coord::DIAGONAL {
            let around = [self.cell(x + d.x, y), self.cell(x, y + d.y), self.cell(x + d.x, y + d.y)];
            let root = if around.iter().any(Option::is_none) {
                Some(self.uf.find(self.outside()))
            } else {
                around.iter().flatten().find(|&&n| self.shaded[n]).map(|&n| self.uf.find(n))
            };
            match root {
                None => lonely += 1,
                Some(r) => {
                    if !roots[..distinct].contains(&r) {
                        roots[distinct] = r;
                        distinct += 1;
                    }
                }
            }
        }
        degree > lonely + distinct
    }

    /// Shades cell `index` (nothing happens if it is shaded already), joining it with its shaded
    /// neighbours in all eight directions and with OUTSIDE on the border.
    ///
    /// ```
    /// let mut c = hitori::connectivity::Connectivity::new(3, 3);
    /// c.shade(0);
    /// c.shade(4);
    /// assert!(c.would_disconnect(2)); // 0, 4 and 2 would close cell 1 in
    /// ```
    pub fn shade(&mut self, index: usize) {
        if self.shaded[index] {
            return;
        }
        self.shaded[index] = true;
        self.trail.push(index as u32);
        let (x, y) = ((index % self.width) as i32, (index / self.width) as i32);
        for d in Coord::ALL8 {
            match self.cell(x + d.x, y + d.y) {
                Some(n) if self.shaded[n] => {
                    self.uf.union(index, n);
                }
                Some(_) => {}
                None => {
                    self.uf.union(index, self.outside());
                }
            }
        }
    }

    /// The current point in the history.
    ///
    /// ```
    /// let mut c = hitori::connectivity::Connectivity::new(2, 2);
    /// let m = c.checkpoint();
    /// c.shade(0);
    /// c.rollback(m);
    /// assert_eq!(c.shaded_count(), 0);
    /// ```
    #[must_use]
    pub fn checkpoint(&self) -> Mark {
        Mark { uf: self.uf.checkpoint(), trail: self.trail.len() }
    }

    /// Unshades every cell shaded since `mark` and undoes its unions, restoring exactly
    /// the state at `mark`.
    ///
    /// ```
    /// let mut c = hitori::connectivity::Connectivity::new(3, 1);
    /// let m = c.checkpoint();
    /// c.shade(0);
    /// assert!(!c.would_disconnect(1));
    /// c.rollback(m);
    /// assert!(!c.is_shaded(0));
    /// ```
    pub fn rollback(&mut self, mark: Mark) {
        while self.trail.len() > mark.trail {
            let i = self.trail.pop().expect("trail is longer than the mark") as usize;
            self.shaded[i] = false;
        }
        self.uf.rollback(mark.uf);
    }
}

/// The obviously-correct check: shade `index` and search the other cells that are not
/// shaded depth-first from one of them; `true` when some are not reached. Allocates and
/// visits the whole board, O(W·H) per query.
///
/// ```
/// use hitori::connectivity::reference_would_disconnect;
/// let shaded = [false, true, false, false, false, false, false, false, false];
/// assert!(reference_would_disconnect(3, 3, &shaded, 3));
/// assert!(!reference_would_disconnect(3, 3, &shaded, 8));
/// ```
#[must_use]
pub fn reference_would_disconnect(width: usize, height: usize, shaded: &[bool], index: usize) -> bool {
    if shaded[index] {
        return false;
    }
    let open = |i: usize| i != index && !shaded[i];
    let total = (0..width * height).filter(|&i| open(i)).count();
    let Some(start) = (0..width * height).find(|&i| open(i)) else {
        return false;
    };
    let mut seen = vec![false; width * height];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        let (x, y) = (i % width, i / width);
        let mut next = Vec::with_capacity(4);
        if x > 0 {
            next.push(i - 1);
        }
        if x + 1 < width {
            next.push(i + 1);
        }
        if y > 0 {
            next.push(i - width);
        }
        if y + 1 < height {
            next.push(i + width);
        }
        for n in next {
            if open(n) && !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    reached < total
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::SeededRng;
    use proptest::prelude::*;

    /// A random shading built by shading cells in random order while the reference says the
    /// rest stays connected; `valid` also keeps shaded cells apart; stops after `limit` cells.
    fn random_shading(w: usize, h: usize, seed: u64, valid: bool, limit: usize) -> Vec<bool> {
        let mut rng = SeededRng::new(seed);
        let mut order: Vec<usize> = (0..w * h).collect();
        rng.shuffle(&mut order);
        let mut shaded = vec![false; w * h];
        let mut count = 0;
        for i in order {
            if count == limit {
                break;
            }
            let (x, y) = (i % w, i / w);
            let touching = (x > 0 && shaded[i - 1])
                || (x + 1 < w && shaded[i + 1])
                || (y > 0 && shaded[i - w])
                || (y + 1 < h && shaded[i + w]);
            let remaining = shaded.iter().filter(|&&s| !s).count();
            if (valid && touching) || remaining == 1 || reference_would_disconnect(w, h, &shaded, i) {
                continue;
            }
            shaded[i] = true;
            count += 1;
        }
        shaded
    }

    fn answers(c: &Connectivity) -> Vec<bool> {
        (0..c.width * c.height).map(|i| c.would_disconnect(i)).collect()
    }

    proptest! {
        #[test]
        fn union_find_matches_dfs(w in 1usize..9, h in 1usize..9, seed in any::<u64>(), valid in any::<bool>(),
                                  limit in 0usize..40) {
            let shaded = random_shading(w, h, seed, valid, limit);
            let c = Connectivity::from_shading(&Grid::from_vec(w, h, shaded.clone()).unwrap());
            for i in 0..w * h {
                prop_assert_eq!(c.would_disconnect(i), reference_would_disconnect(w, h, &shaded, i), "cell {}", i);
            }
        }

        #[test]
        fn rollback_restores_exactly(w in 1usize..8, h in 1usize..8, seed in any::<u64>(), limit in 0usize..20) {
            let shaded = random_shading(w, h, seed, true, limit);
            let mut c = Connectivity::from_shading(&Grid::from_vec(w, h, shaded.clone()).unwrap());
            let before = format!("{c:?}");
            let before_answers = answers(&c);
            let mark = c.checkpoint();
            let more = random_shading(w, h, seed ^ 1, false, 64);
            for (i, &s) in more.iter().enumerate() {
                if s && !c.is_shaded(i) {
                    c.shade(i);
                }
            }
            c.rollback(mark);
            prop_assert_eq!(format!("{c:?}"), before);
            prop_assert_eq!(answers(&c), before_answers);
        }
    }

    #[test]
    fn one_wide_boards_need_the_corner_count() {
        // The simplified diagonal rule would miss this: the middle of a column is a cut.
        let c = Connectivity::new(1, 5);
        assert!(c.would_disconnect(2));
        assert!(!c.would_disconnect(0));
        let one = Connectivity::new(1, 1);
        assert!(!one.would_disconnect(0));
    }
}
