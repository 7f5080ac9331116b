//! Disjoint sets: a fast union-find and an undoable one for backtracking searches.

/// Disjoint-set forest over `0..len()` with union by size and path halving.
///
/// ```
/// use engine::UnionFind;
/// let mut uf = UnionFind::new(4);
/// assert!(uf.union(0, 1));
/// assert!(!uf.union(1, 0)); // already together
/// assert!(uf.same(0, 1));
/// assert!(!uf.same(0, 2));
/// assert_eq!(uf.set_count(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: Vec<u32>,
    size: Vec<u32>,
    sets: usize,
}

impl UnionFind {
    /// `n` singleton sets.
    ///
    /// ```
    /// assert_eq!(engine::UnionFind::new(3).set_count(), 3);
    /// ```
    #[must_use]
    pub fn new(n: usize) -> Self {
        UnionFind { parent: (0..n as u32).collect(), size: vec![1; n], sets: n }
    }

    /// Number of elements.
    ///
    /// ```
    /// assert_eq!(engine::UnionFind::new(3).len(), 3);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are no elements.
    ///
    /// ```
    /// assert!(engine::UnionFind::new(0).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// Adds a new singleton element and returns it.
    ///
    /// ```
    /// let mut uf = engine::UnionFind::new(2);
    /// assert_eq!(uf.push(), 2);
    /// assert_eq!(uf.set_count(), 3);
    /// ```
    pub fn push(&mut self) -> usize {
        let id = self.parent.len();
        self.parent.push(id as u32);
        self.size.push(1);
        self.sets += 1;
        id
    }

    /// The representative of `x`'s set, halving the path on the way.
    ///
    /// ```
    /// let mut uf = engine::UnionFind::new(3);
    /// uf.union(1, 2);
    /// assert_eq!(uf.find(1), uf.find(2));
    /// ```
    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let grandparent = self.parent[self.parent[x] as usize];
            self.parent[x] = grandparent;
            x = grandparent as usize;
        }
        x
    }

    /// Merges the sets of `a` and `b`; `false` when they were already one set.
    ///
    /// ```
    /// let mut uf = engine::UnionFind::new(2);
    /// assert!(uf.union(0, 1));
    /// assert!(!uf.union(0, 1));
    /// ```
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        if self.size[ra] < self.size[rb] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb] = ra as u32;
        self.size[ra] += self.size[rb];
        self.sets -= 1;
        true
    }

    /// Whether `a` and `b` are in one set.
    ///
    /// ```
    /// let mut uf = engine::UnionFind::new(2);
    /// assert!(!uf.same(0, 1));
    /// ```
    pub fn same(&mut self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }

    /// The number of elements in `x`'s set.
    ///
    /// ```
    /// let mut uf = engine::UnionFind::new(3);
    /// uf.union(0, 2);
    /// assert_eq!(uf.set_size(2), 2);
    /// ```
    pub fn set_size(&mut self, x: usize) -> usize {
        let r = self.find(x);
        self.size[r] as usize
    }

    /// The number of disjoint sets.
    ///
    /// ```
    /// assert_eq!(engine::UnionFind::new(5).set_count(), 5);
    /// ```
    #[must_use]
    pub fn set_count(&self) -> usize {
        self.sets
    }
}

/// A point in an [`UndoUnionFind`]'s history to roll back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Checkpoint(usize);

/// Union-find that can undo unions, for backtracking searches: union by size without path
/// compression (so `find` is O(log n) and takes `&self`), and a history of the links made.
///
/// ```
/// use engine::UndoUnionFind;
/// let mut uf = UndoUnionFind::new(3);
/// uf.union(0, 1);
/// let mark = uf.checkpoint();
/// uf.union(1, 2);
/// assert!(uf.same(0, 2));
/// uf.rollback(mark);
/// assert!(!uf.same(0, 2));
/// assert!(uf.same(0, 1));
/// ```
#[derive(Clone, Debug)]
pub struct UndoUnionFind {
    parent: Vec<u32>,
    size: Vec<u32>,
    sets: usize,
    /// Roots that were linked under another root, most recent last.
    history: Vec<u32>,
}

impl UndoUnionFind {
    /// `n` singleton sets with an empty history.
    ///
    /// ```
    /// assert_eq!(engine::UndoUnionFind::new(4).set_count(), 4);
    /// ```
    #[must_use]
    pub fn new(n: usize) -> Self {
        UndoUnionFind { parent: (0..n as u32).collect(), size: vec![1; n], sets: n, history: Vec::new() }
    }

    /// Number of elements.
    ///
    /// ```
    /// assert_eq!(engine::UndoUnionFind::new(4).len(), 4);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are no elements.
    ///
    /// ```
    /// assert!(engine::UndoUnionFind::new(0).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The representative of `x`'s set (no compression, so the structure is unchanged).
    ///
    /// ```
    /// let mut uf = engine::UndoUnionFind::new(2);
    /// uf.union(0, 1);
    /// assert_eq!(uf.find(0), uf.find(1));
    /// ```
    #[must_use]
    pub fn find(&self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            x = self.parent[x] as usize;
        }
        x
    }

    /// Merges the sets of `a` and `b`; `false` (and nothing recorded) when already one set.
    ///
    /// ```
    /// let mut uf = engine::UndoUnionFind::new(2);
    /// assert!(uf.union(0, 1));
    /// assert!(!uf.union(1, 0));
    /// ```
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        if self.size[ra] < self.size[rb] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb] = ra as u32;
        self.size[ra] += self.size[rb];
        self.sets -= 1;
        self.history.push(rb as u32);
        true
    }

    /// Whether `a` and `b` are in one set.
    ///
    /// ```
    /// assert!(!engine::UndoUnionFind::new(2).same(0, 1));
    /// ```
    #[must_use]
    pub fn same(&self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }

    /// The number of elements in `x`'s set.
    ///
    /// ```
    /// let mut uf = engine::UndoUnionFind::new(3);
    /// uf.union(0, 1);
    /// assert_eq!(uf.set_size(1), 2);
    /// ```
    #[must_use]
    pub fn set_size(&self, x: usize) -> usize {
        self.size[self.find(x)] as usize
    }

    /// The number of disjoint sets.
    ///
    /// ```
    /// assert_eq!(engine::UndoUnionFind::new(2).set_count(), 2);
    /// ```
    #[must_use]
    pub fn set_count(&self) -> usize {
        self.sets
    }

    /// The current point in the history.
    ///
    /// ```
    /// let mut uf = engine::UndoUnionFind::new(2);
    /// let start = uf.checkpoint();
    /// uf.union(0, 1);
    /// assert!(uf.checkpoint() > start);
    /// ```
    #[must_use]
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint(self.history.len())
    }

    /// Undoes every union made since `checkpoint`, most recent first. Rolling back to a
    /// checkpoint already undone does nothing.
    ///
    /// ```
    /// let mut uf = engine::UndoUnionFind::new(3);
    /// let start = uf.checkpoint();
    /// uf.union(0, 1);
    /// uf.union(1, 2);
    /// uf.rollback(start);
    /// assert_eq!(uf.set_count(), 3);
    /// ```
    pub fn rollback(&mut self, checkpoint: Checkpoint) {
        while self.history.len() > checkpoint.0 {
            let child = self.history.pop().expect("history is longer than the checkpoint") as usize;
            let root = self.parent[child] as usize;
            self.size[root] -= self.size[child];
            self.parent[child] = child as u32;
            self.sets += 1;
        }
    }
}
