//! The lowest layer of the solver: one island's region graph as bitsets, the search
//! states (nodes) over it with their distance matrices, and the primitives on both
//! (bitset iteration, the matrix update when a move merges regions, the merged set's row,
//! byte-parallel scans of a row, the colour counts after a move). It imports nothing
//! else from the solver.

use std::sync::OnceLock;

use engine::SeededRng;
use rustc_hash::FxHashMap;

use crate::{Colour, MAX_COLOURS, RegionGraph};

/// One island's region graph as bitsets over its regions (numbered `0..n` locally).
pub(super) struct Island {
    pub(super) n: usize,
    pub(super) words: usize,
    /// Local region number → region number in the level's graph.
    pub(super) global: Vec<u32>,
    pub(super) colours: Vec<Colour>,
    pub(super) adjacency: Vec<u64>,
    /// Zobrist keys, `[region * MAX_COLOURS + colour]`.
    pub(super) zobrist: Vec<u128>,
    /// The start node, built once (its distance matrix takes a breadth-first search from
    /// every region) and cloned by [`Island::root`].
    start: OnceLock<Node>,
}

/// A state of one island during search. Each current region is represented by one of its
/// original regions (its "rep"); `adj`, `members` and `col` are meaningful for reps only.
#[derive(Clone)]
pub(super) struct Node {
    pub(super) alive: Vec<u64>,
    pub(super) adj: Vec<u64>,
    pub(super) members: Vec<u64>,
    pub(super) col: Vec<Colour>,
    pub(super) count: usize,
    /// How many current regions have each colour.
    pub(super) counts: [u32; MAX_COLOURS],
    pub(super) hash: u128,
    /// Distances between regions (`n × n`, saturating at 255, see [`Island::apply`]);
    /// empty for islands of more than [`MATRIX_LIMIT`] regions.
    pub(super) dist: Vec<u8>,
    /// The radius of the region graph (from `dist`; 0 when `dist` is empty).
    pub(super) radius: u32,
    /// The eccentricity of each alive region (from `dist`; stale for dead regions).
    pub(super) ecc: Vec<u8>,
}

impl Node {
    /// Copies everything but the distance matrix (sized, contents left stale).
    pub(super) fn copy_structure(&mut self, from: &Node) {
        self.alive.clone_from(&from.alive);
        self.adj.clone_from(&from.adj);
        self.members.clone_from(&from.members);
        self.col.clone_from(&from.col);
        self.count = from.count;
        self.counts = from.counts;
        self.hash = from.hash;
        self.radius = from.radius;
        self.dist.resize(from.dist.len(), 0);
        self.ecc.resize(from.ecc.len(), 0);
    }
}

/// Islands up to this many regions keep a distance matrix in every search node.
pub(super) const MATRIX_LIMIT: usize = 1024;

/// The indices of the set bits of a bitset, in increasing order.
pub(super) fn bits(words: &[u64]) -> Bits<'_> {
    Bits { words, at: 0, word: words.first().copied().unwrap_or(0) }
}

/// The iterator of [`bits`]: the word being read (its bits already returned cleared) and
/// its index.
pub(super) struct Bits<'a> {
    words: &'a [u64],
    at: usize,
    word: u64,
}

impl Iterator for Bits<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            self.at += 1;
            self.word = *self.words.get(self.at)?;
        }
        let b = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(self.at * 64 + b)
    }
}

/// The index of the first set bit of a bitset (`usize::MAX` when none is set).
pub(super) fn first_bit(words: &[u64]) -> usize {
    bits(words).next().unwrap_or(usize::MAX)
}

impl Island {
    pub(super) fn new(graph: &RegionGraph, regions: &[u32]) -> Self {
        let mut local = FxHashMap::default();
        for (i, &r) in regions.iter().enumerate() {
            local.insert(r, i);
        }
        let adjacency: Vec<Vec<usize>> =
            regions.iter().map(|&r| graph.neighbours(r as usize).iter().map(|nb| local[nb]).collect()).collect();
        let colours = regions.iter().map(|&r| graph.colour(r as usize)).collect();
        Island::from_adjacency(regions.to_vec(), colours, &adjacency)
    }

    /// An island from its regions' numbers in the level (`global`), colours and neighbour
    /// lists (local numbers; symmetric, neighbours of different colours).
    pub(super) fn from_adjacency(global: Vec<u32>, colours: Vec<Colour>, neighbours: &[Vec<usize>]) -> Self {
        let n = global.len();
        let words = n.div_ceil(64).max(1);
        let mut adjacency = vec![0u64; n * words];
        for (i, list) in neighbours.iter().enumerate() {
            for &j in list {
                adjacency[i * words + j / 64] |= 1 << (j % 64);
            }
        }
        // Seeded, so hashes (and the search) are the same on every run.
        let mut rng = SeededRng::new(0x6b61_6d69);
        let zobrist =
            (0..n * MAX_COLOURS).map(|_| u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())).collect();
        Island { n, words, global, colours, adjacency, zobrist, start: OnceLock::new() }
    }

    /// The search node of the island's start (a clone of one built once).
    pub(super) fn root(&self) -> Node {
        self.start.get_or_init(|| self.build_root()).clone()
    }

    /// The search node after playing `path` (`(local rep, colour)` moves) from the start.
    pub(super) fn played(&self, path: &[(u32, Colour)]) -> Node {
        let mut node = self.root();
        let mut merged = vec![0u64; self.words];
        for &(r, x) in path {
            self.apply(&mut node, r as usize, x, &mut merged);
        }
        node
    }

    fn build_root(&self) -> Node {
        let w = self.words;
        let mut alive = vec![0u64; w];
        let mut members = vec![0u64; self.n * w];
        let mut hash = 0u128;
        let mut counts = [0u32; MAX_COLOURS];
        for i in 0..self.n {
            counts[usize::from(self.colours[i])] += 1;
            alive[i / 64] |= 1 << (i % 64);
            members[i * w + i / 64] |= 1 << (i % 64);
            hash ^= self.zobrist[i * MAX_COLOURS + usize::from(self.colours[i])];
        }
        let mut node = Node {
            alive,
            adj: self.adjacency.clone(),
            members,
            col: self.colours.clone(),
            count: self.n,
            counts,
            hash,
            dist: Vec::new(),
            radius: 0,
            ecc: Vec::new(),
        };
        if self.n <= MATRIX_LIMIT {
            let n = self.n;
            let mut dist = vec![u8::MAX; n * n];
            let mut queue = Vec::with_capacity(n);
            for u in 0..n {
                let row = &mut dist[u * n..(u + 1) * n];
                row[u] = 0;
                queue.clear();
                queue.push(u);
                let mut head = 0;
                while head < queue.len() {
                    let a = queue[head];
                    head += 1;
                    for b in bits(&self.adjacency[a * w..(a + 1) * w]) {
                        if row[b] == u8::MAX && b != u {
                            row[b] = row[a].saturating_add(1);
                            queue.push(b);
                        }
                    }
                }
            }
            node.ecc = (0..n).map(|u| dist[u * n..(u + 1) * n].iter().copied().max().unwrap_or(0)).collect();
            node.radius = node.ecc.iter().copied().min().map_or(0, u32::from);
            node.dist = dist;
        }
        node
    }

    /// Recolours the current region of rep `r` to `x`, merging its `x` neighbours into it,
    /// distance matrix included.
    pub(super) fn apply(&self, node: &mut Node, r: usize, x: Colour, merged: &mut [u64]) {
        self.apply_structure(node, r, x, merged);
        if !node.dist.is_empty() {
            node.radius = merge_distances(&mut node.dist, &mut node.ecc, self.n, &node.alive, r, merged);
        }
    }

    /// Fills the distance matrix of `child`, played from `parent` by tapping `r` (see
    /// [`Island::apply_structure`]; the merged set in `merged`), from the parent's by the
    /// merge rule, `ds` receiving the merged set's row (see [`merged_row`]).
    pub(super) fn child_matrix(&self, parent: &Node, child: &mut Node, r: usize, merged: &[u64], ds: &mut [u8]) {
        if parent.dist.is_empty() {
            return;
        }
        merged_row(&parent.dist, self.n, merged, ds);
        child.radius = merge_distances_into(&parent.dist, &mut child.dist, &mut child.ecc, self.n, &child.alive, r, ds);
    }

    /// [`Island::apply`] without the distance matrix (left stale); `merged` is left holding
    /// the regions merged, `r` included.
    pub(super) fn apply_structure(&self, node: &mut Node, r: usize, x: Colour, merged: &mut [u64]) {
        let w = self.words;
        let old = node.col[r];
        merged.fill(0);
        for s in bits(&node.adj[r * w..(r + 1) * w]) {
            if node.col[s] == x {
                merged[s / 64] |= 1 << (s % 64);
            }
        }
        for i in bits(&node.members[r * w..(r + 1) * w]) {
            node.hash ^=
                self.zobrist[i * MAX_COLOURS + usize::from(old)] ^ self.zobrist[i * MAX_COLOURS + usize::from(x)];
        }
        for s in bits(merged) {
            for k in 0..w {
                let a = node.adj[s * w + k];
                node.adj[r * w + k] |= a;
                let m = node.members[s * w + k];
                node.members[r * w + k] |= m;
            }
        }
        for (k, m) in merged.iter().enumerate() {
            node.adj[r * w + k] &= !m;
            node.alive[k] &= !m;
        }
        node.adj[r * w + r / 64] &= !(1 << (r % 64));
        let merges = merged.iter().map(|m| m.count_ones()).sum::<u32>();
        node.count -= merges as usize;
        move_counts(&mut node.counts, old, x, merges);
        // Each neighbour `t` of the merged region (never `r` itself) drops the merged
        // regions from its row and gains `r`; `r`'s row is read a word at a time.
        for k in 0..w {
            let mut word = node.adj[r * w + k];
            while word != 0 {
                let t = k * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                for (a, m) in node.adj[t * w..(t + 1) * w].iter_mut().zip(merged.iter()) {
                    *a &= !m;
                }
                node.adj[t * w + r / 64] |= 1 << (r % 64);
            }
        }
        node.col[r] = x;
        merged[r / 64] |= 1 << (r % 64);
    }

    /// The island's colour after playing `path` from the start.
    pub(super) fn final_colour(&self, path: &[(u32, Colour)]) -> Colour {
        path.last().map_or(self.colours[0], |&(_, c)| c)
    }
}

/// Updates the distance matrix after the regions `merged` (a bitset, including `r`) became
/// one region represented by `r`, and returns the new radius.
///
/// A path in the new graph either avoids the merged vertex (a path of the old graph) or
/// passes through it once, so `d'(u, v) = min(d(u, v), d(u, S) + d(S, v))` with
/// `d(u, S) = min over s ∈ S of d(u, s)`. Saturating at 255 keeps every entry equal to
/// `min(true distance, 255)`: a true distance below 255 is one of the two terms, both
/// exact. Rows of dead regions are left alone; columns of dead regions hold the distance to
/// the region they merged into (they follow the same rule), so the largest entry of an
/// alive row is its eccentricity.
pub(super) fn merge_distances(
    dist: &mut [u8],
    ecc: &mut [u8],
    n: usize,
    alive: &[u64],
    r: usize,
    merged: &[u64],
) -> u32 {
    let mut ds = vec![u8::MAX; n];
    merged_row(dist, n, merged, &mut ds);
    let src = dist.to_vec();
    merge_distances_into(&src, dist, ecc, n, alive, r, &ds)
}

/// `ds[v]` = the distance from the merged set to `v`: the least of the rows of `merged`.
pub(super) fn merged_row(dist: &[u8], n: usize, merged: &[u64], ds: &mut [u8]) {
    ds.fill(u8::MAX);
    for s in bits(merged) {
        for (d, &x) in ds.iter_mut().zip(&dist[s * n..(s + 1) * n]) {
            *d = (*d).min(x);
        }
    }
}

/// [`merge_distances`] from the matrix `src` into `dst` (rows of alive regions only), with
/// the merged set's row `ds` already computed by [`merged_row`].
pub(super) fn merge_distances_into(
    src: &[u8],
    dst: &mut [u8],
    eccs: &mut [u8],
    n: usize,
    alive: &[u64],
    r: usize,
    ds: &[u8],
) -> u32 {
    let mut radius = u32::MAX;
    for u in bits(alive) {
        let row = &mut dst[u * n..(u + 1) * n];
        let du = ds[u];
        let mut ecc = 0u8;
        if u == r {
            row.copy_from_slice(ds);
            ecc = ds.iter().copied().max().unwrap_or(0);
        } else {
            for ((d, &old), &x) in row.iter_mut().zip(&src[u * n..(u + 1) * n]).zip(ds) {
                *d = old.min(du.saturating_add(x));
                ecc = ecc.max(*d);
            }
        }
        eccs[u] = ecc;
        radius = radius.min(u32::from(ecc));
    }
    radius
}

/// The entries `(w, d)` of a distance row, from index `from` on, with `d ≥ at_least`.
/// Most entries of a row are far below the distances the pair scans look for, so the row
/// is read eight bytes at a time and only chunks holding a candidate are looked into.
pub(super) fn entries_at_least(row: &[u8], from: usize, at_least: u32) -> AtLeast<'_> {
    match u8::try_from(at_least) {
        Ok(threshold) => AtLeast { row, chunk: from, next: from, mask: 0, threshold },
        // No byte reaches it.
        Err(_) => AtLeast { row, chunk: 0, next: row.len(), mask: 0, threshold: u8::MAX },
    }
}

/// The iterator of [`entries_at_least`].
pub(super) struct AtLeast<'a> {
    pub(super) row: &'a [u8],
    /// The start of the chunk `mask` describes, and of the next chunk.
    pub(super) chunk: usize,
    pub(super) next: usize,
    /// The high bit of byte `i` is set when `row[chunk + i]` may be a candidate.
    pub(super) mask: u64,
    pub(super) threshold: u8,
}

/// Bytes `0x01` and `0x80`, for comparing eight bytes at once.
pub(super) const LOW_BYTES: u64 = 0x0101_0101_0101_0101;

pub(super) const HIGH_BYTES: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` set when that byte is at least `t ≤ 128`: for a
/// byte `b < 128`, `(b | 0x80) − t` (no borrow, as `t ≤ 128`) has its high bit set
/// exactly when `b ≥ t`; a byte `b ≥ 128 ≥ t` has its own high bit set.
pub(super) fn bytes_at_least(word: u64, t: u8) -> u64 {
    debug_assert!(t <= 128);
    (((word | HIGH_BYTES).wrapping_sub(u64::from(t) * LOW_BYTES)) | word) & HIGH_BYTES
}

impl Iterator for AtLeast<'_> {
    type Item = (usize, u8);

    fn next(&mut self) -> Option<(usize, u8)> {
        loop {
            while self.mask != 0 {
                let w = self.chunk + (self.mask.trailing_zeros() / 8) as usize;
                self.mask &= self.mask - 1;
                // Thresholds above 128 are compared at 128 first.
                if self.row[w] >= self.threshold {
                    return Some((w, self.row[w]));
                }
            }
            let rest = self.row.get(self.next..).filter(|r| !r.is_empty())?;
            let take = rest.len().min(8);
            let word = rest.first_chunk::<8>().map_or_else(
                || {
                    let mut bytes = [0u8; 8];
                    bytes[..take].copy_from_slice(rest);
                    u64::from_le_bytes(bytes)
                },
                |chunk| u64::from_le_bytes(*chunk),
            );
            let mut mask = bytes_at_least(word, self.threshold.min(128));
            if take < 8 {
                mask &= (1u64 << (8 * take)) - 1;
            }
            (self.chunk, self.next, self.mask) = (self.next, self.next + take, mask);
        }
    }
}

/// The colour counts after a move tapping a region of colour `a` into `x` that merges
/// `merges` regions of colour `x` (its number of `x` neighbours), in place.
pub(super) fn move_counts(counts: &mut [u32; MAX_COLOURS], a: Colour, x: Colour, merges: u32) {
    counts[usize::from(a)] -= 1;
    counts[usize::from(x)] = counts[usize::from(x)] + 1 - merges;
}

/// A solution of one island: `(local rep, colour)` moves.
pub(super) type Path = Vec<(u32, Colour)>;

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// `entries_at_least` yields exactly the entries at or above the threshold, in
        /// order, whatever the row length, start and threshold.
        #[test]
        fn entries_at_least_matches_a_plain_scan(
            row in proptest::collection::vec(any::<u8>(), 0..40),
            from in 0usize..45,
            at_least in 0u32..300,
        ) {
            let fast: Vec<(usize, u8)> = entries_at_least(&row, from, at_least).collect();
            let slow: Vec<(usize, u8)> =
                row.iter().copied().enumerate().skip(from).filter(|&(_, d)| u32::from(d) >= at_least).collect();
            prop_assert_eq!(fast, slow);
        }
    }
}
