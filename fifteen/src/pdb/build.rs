//! Building one pattern's table: a 0-1 breadth-first search over (placement of the pattern
//! tiles, region of the blank) from the goal, counting only pattern-tile moves.
//!
//! Free moves (the blank swapping with a tile outside the pattern) never change the
//! placement, and the blank reaches every cell of its region of free cells at no cost, so a
//! search state is a placement with a region, and layer `d` holds the states first reached
//! after `d` pattern moves. A placement's entry is the first layer that reaches it.
//!
//! Two builders make identical tables:
//!
//! - [`build_table`], the compact one: no frontier lists. Every placement has one 32-bit
//!   word holding two bits per board cell (the cell's region is unreached, in the even
//!   layer, in the odd layer, or done), so the 518,918,400 placements of an 8-tile pattern
//!   of the 15-puzzle take 2 GB while building. Layer `d` scans the placements in index
//!   order, a chunk of about 131,072 at a time and only the chunks the previous layer
//!   marked, writes the entries of the placements it reaches first, retires the layer's
//!   cells and puts the regions of the successors in the next layer. Placements are
//!   decoded a block at a time (the last few tiles of the ranking vary fastest and come
//!   from a small table) and successors are ranked incrementally. A successor in the same
//!   chunk (the moves of the last tiles of the ranking) is marked at once; one elsewhere
//!   waits; after every round of scanned chunks the waiting successors are sorted by chunk
//!   (a counting sort) and drained chunk by chunk, so the random accesses stay within one
//!   chunk's words.
//!   Threads take chunks from a queue in both phases and own the words of their chunk
//!   while they work on it: no atomic updates, and the result does not depend on the
//!   threads.
//! - [`build_table_reference`], the plain one it is checked against: explicit frontier
//!   lists of (packed cells, region) and one byte per placement.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::{Ranker, arrangements, encode};
use crate::Move;
use crate::table::neighbour;

/// A reference-table entry for a placement the search never reaches (possible only when
/// the pattern holds every tile: then half the placements have the wrong parity).
pub(super) const UNSEEN: u8 = u8::MAX;

/// The largest block of placements decoded from one small table (the last tiles of the
/// ranking).
const MAX_BLOCK: u64 = 4096;

/// About this many placements make one chunk of the scan (the unit of work of a thread
/// and of the dirty marks).
const CHUNK: usize = 1 << 17;

/// The board's move structure.
struct Moves {
    full: u32,
    /// For every cell, the mask of its neighbours.
    neighbours: Vec<u32>,
}

impl Moves {
    fn new(width: usize, height: usize) -> Moves {
        let n = width * height;
        let neighbours = (0..n)
            .map(|c| Move::ALL.iter().filter_map(|&m| neighbour(c, width, height, m)).fold(0u32, |m, e| m | 1 << e))
            .collect();
        Moves { full: (1u32 << n) - 1, neighbours }
    }

    /// The cells the blank reaches from `start` through the cells of `free`.
    fn region(&self, start: u8, free: u32) -> u32 {
        let mut m = 1u32 << start;
        loop {
            let mut grown = m;
            let mut bits = m;
            while bits != 0 {
                grown |= self.neighbours[bits.trailing_zeros() as usize] & free;
                bits &= bits - 1;
            }
            if grown == m {
                return m;
            }
            m = grown;
        }
    }
}

fn occupied(cells: &[u8]) -> u32 {
    cells.iter().fold(0u32, |m, &c| m | 1 << c)
}

/// The first layer of every placement, by the plain search with frontier lists (one byte
/// per placement, [`UNSEEN`] for unreachable ones). `progress(settled)` after every layer.
pub(super) fn build_table_reference(
    width: usize,
    height: usize,
    goal_blank: usize,
    pattern: &[u8],
    progress: &mut dyn FnMut(u64),
) -> Vec<u8> {
    let n = width * height;
    let k = pattern.len();
    let ranker = Ranker::new(n, k);
    let moves = Moves::new(width, height);
    let size = arrangements(n, k) as usize;
    let mut seen = vec![0u16; size];
    let mut table = vec![UNSEEN; size];
    let pack = |cells: &[u8]| cells.iter().rev().fold(0u64, |acc, &c| acc << 4 | u64::from(c));
    let mut cells: Vec<u8> = pattern.to_vec();
    let start_region = moves.region(goal_blank as u8, moves.full & !occupied(&cells));
    seen[ranker.rank(cells.iter().copied()) as usize] = start_region as u16;
    let mut layer: Vec<(u64, u16)> = vec![(pack(&cells), start_region as u16)];
    let mut d = 0u8;
    let mut settled = 0u64;
    while !layer.is_empty() {
        let mut next = Vec::new();
        for &(packed, blank_region) in &layer {
            for (i, c) in cells.iter_mut().enumerate() {
                *c = (packed >> (4 * i) & 0xF) as u8;
            }
            let r = ranker.rank(cells.iter().copied()) as usize;
            if table[r] == UNSEEN {
                table[r] = d;
                settled += 1;
            }
            let occ = occupied(&cells);
            for i in 0..k {
                let from = cells[i];
                let mut targets = moves.neighbours[usize::from(from)] & u32::from(blank_region);
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    cells[i] = to;
                    let nr = ranker.rank(cells.iter().copied()) as usize;
                    if seen[nr] & (1 << from) == 0 {
                        let free = moves.full & !(occ ^ (1 << from) ^ (1 << to));
                        let reg = moves.region(from, free) as u16;
                        seen[nr] |= reg;
                        next.push((pack(&cells), reg));
                    }
                    cells[i] = from;
                }
            }
        }
        progress(settled);
        layer = next;
        d += 1;
    }
    table
}

/// The two-bit cell states of a placement's word: bit `c` of the low half and bit `c` of
/// the high half. Unreached = (0, 0), even layer = (1, 0), odd layer = (0, 1), done = (1, 1).
fn in_layer(word: u32, parity: usize) -> u32 {
    let (lo, hi) = (word & 0xFFFF, word >> 16);
    if parity == 0 { lo & !hi } else { hi & !lo }
}

/// The bits that put the cells of `mask` into the layer of `parity` (from unreached) or
/// make them done (from that layer).
fn layer_bits(mask: u32, parity: usize) -> u32 {
    if parity == 0 { mask } else { mask << 16 }
}

fn reached(word: u32) -> u32 {
    (word | word >> 16) & 0xFFFF
}

fn done(word: u32) -> u32 {
    word & word >> 16 & 0xFFFF
}

/// How the scan decodes placements: block `b` of `block` consecutive indices shares its
/// first `k - t` tiles (the placement `b` of `prefix`), and the last `t` tiles of index
/// `b * block + j` sit at positions `low[j * t ..][..t]` of the sorted cells the prefix
/// leaves free.
struct Layout {
    k: usize,
    t: usize,
    block: usize,
    prefix: Ranker,
    low: Vec<u8>,
}

impl Layout {
    fn new(n: usize, k: usize) -> Layout {
        let mut t = 0;
        while t < k && arrangements(n - k + t + 1, t + 1) <= MAX_BLOCK {
            t += 1;
        }
        let block = arrangements(n - k + t, t) as usize;
        let low_ranker = Ranker::new(n - k + t, t);
        let mut low = vec![0u8; block * t];
        if t > 0 {
            for (j, out) in low.chunks_exact_mut(t).enumerate() {
                low_ranker.unrank(j as u64, out);
            }
        }
        Layout { k, t, block, prefix: Ranker::new(n, k - t), low }
    }

    /// Decodes block `b`'s first tiles into `cells` and its free cells into `free`.
    fn prefix(&self, b: usize, n: usize, cells: &mut [u8], free: &mut Vec<u8>) {
        self.prefix.unrank(b as u64, &mut cells[..self.k - self.t]);
        let used = occupied(&cells[..self.k - self.t]);
        free.clear();
        free.extend((0..n as u8).filter(|&c| used & 1 << c == 0));
    }

    /// Decodes the last tiles of the `j`-th placement of the block.
    fn suffix(&self, j: usize, cells: &mut [u8], free: &[u8]) {
        let t = self.t;
        for (slot, &p) in cells[self.k - t..].iter_mut().zip(&self.low[j * t..(j + 1) * t]) {
            *slot = free[usize::from(p)];
        }
    }
}

/// Placements scanned between two drains. This bounds the memory of the successors that
/// wait (twice: as found, then sorted by chunk): in the densest layers of an 8-tile
/// pattern a placement of the round has about 1.4 active regions with 9 successors each,
/// a third of them in other chunks, 8 bytes each: about 140 MB per 4 M placements.
const ROUND: usize = 1 << 22;

/// A successor in another chunk, waiting for the drain: its rank (bits 0..32), the cell
/// the blank is in (the one the tile left, bits 32..36) and the free cells around it (bits
/// 36..52).
fn pack(rank: usize, from: u8, free: u32) -> u64 {
    rank as u64 | u64::from(from) << 32 | u64::from(free) << 36
}

/// The rank of a packed successor.
fn rank_of(e: u64) -> usize {
    (e & 0xFFFF_FFFF) as usize
}

/// What every thread reads.
struct Search<'a> {
    n: usize,
    dist: &'a [u8],
    ranker: &'a Ranker,
    moves: &'a Moves,
    layout: &'a Layout,
    chunk_len: usize,
    /// Per parity, per chunk: some placement of the chunk has cells in that layer.
    dirty: &'a [Vec<AtomicBool>; 2],
}

/// The scratch space of one thread: the placement being expanded and the successors it
/// found in other chunks in this round.
struct Scratch {
    cells: Vec<u8>,
    free: Vec<u8>,
    /// The pattern tile at every cell, `u8::MAX` for none.
    tile_at: [u8; 16],
    far: Vec<u64>,
}

impl Search<'_> {
    /// Puts the region of the blank at `from` (free cells `free`) of the placement whose
    /// word is `word` into the layer after `parity`, unless it is reached already; whether
    /// it was added.
    fn reach(&self, word: &mut u32, from: u8, free: u32, parity: usize) -> bool {
        if reached(*word) & 1 << from != 0 {
            return false;
        }
        *word |= layer_bits(self.moves.region(from, free), 1 - parity);
        true
    }

    /// Scans chunk `chunk` (its words `states`, its nibbles `table`) in layer `d`: writes
    /// the entries of placements first reached now, retires the layer's cells and puts
    /// their successors in the next layer: at once when they lie in this chunk, else in
    /// the list of successors waiting for the drain. (placements settled, regions added.)
    fn scan_chunk(&self, chunk: usize, d: u32, states: &mut [u32], table: &mut [u8], s: &mut Scratch) -> (u64, u64) {
        let (n, t, block) = (self.n, self.layout.t, self.layout.block);
        let parity = (d & 1) as usize;
        let base = chunk * self.chunk_len;
        let (mut settled, mut added) = (0u64, 0u64);
        for b in 0..states.len() / block {
            let mut decoded = false;
            for j in 0..block {
                let local = b * block + j;
                let w = states[local];
                let current = in_layer(w, parity);
                if current == 0 {
                    continue;
                }
                if !decoded {
                    self.layout.prefix((base + b * block) / block, n, &mut s.cells, &mut s.free);
                    decoded = true;
                }
                if t > 0 {
                    self.layout.suffix(j, &mut s.cells, &s.free);
                }
                let idx = base + local;
                debug_assert_eq!(self.ranker.rank(s.cells.iter().copied()), idx as u64, "{:?}", s.cells);
                if done(w) == 0 {
                    let md: u32 =
                        s.cells.iter().enumerate().map(|(i, &c)| u32::from(self.dist[i * n + usize::from(c)])).sum();
                    settled += 1;
                    table[local >> 1] |= encode(d, md) << ((local & 1) * 4);
                }
                states[local] = w | layer_bits(current, 1 - parity);
                added += self.successors(idx, current, parity, states, s);
            }
        }
        if added > 0 {
            self.dirty[1 - parity][chunk].store(true, Relaxed);
        }
        (settled, added)
    }

    /// The successors of placement `idx` (its tiles in `s.cells`) whose blank has the
    /// cells `current`: every pattern tile next to them moves into them. The rank of a
    /// successor is the placement's plus a difference (the digit of tile `j` is its cell
    /// minus the earlier tiles below it): the moved tile's digit changes by `to - from` less
    /// the earlier tiles strictly between `from` and `to`, and every later tile strictly
    /// between them has one tile fewer below it when the move goes to a higher cell (one
    /// more otherwise). A horizontal move passes no cell: the rank moves by the tile's
    /// multiplier. The regions added to this chunk at once.
    fn successors(&self, idx: usize, current: u32, parity: usize, states: &mut [u32], s: &mut Scratch) -> u64 {
        let occ = occupied(&s.cells);
        for (i, &c) in s.cells.iter().enumerate() {
            s.tile_at[usize::from(c)] = i as u8;
        }
        let base = idx - idx % self.chunk_len;
        let mult = &self.ranker.mult;
        let mut added = 0;
        for (i, &from) in s.cells.iter().enumerate() {
            let mut targets = self.moves.neighbours[usize::from(from)] & current;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mut rank = idx as i64;
                let (lo, hi, sign) = if to > from { (from, to, 1) } else { (to, from, -1) };
                let mut digit = i64::from(hi - lo);
                for c in lo + 1..hi {
                    let tile = s.tile_at[usize::from(c)];
                    if usize::from(tile) < i {
                        digit -= 1;
                    } else if tile != u8::MAX {
                        rank += sign * mult[usize::from(tile)] as i64;
                    }
                }
                rank += sign * digit * mult[i] as i64;
                debug_assert_eq!(rank as u64, {
                    let mut moved = s.cells.clone();
                    moved[i] = to;
                    self.ranker.rank(moved.into_iter())
                });
                let rank = rank as usize;
                let free = self.moves.full & !(occ ^ (1 << from) ^ (1 << to));
                if rank >= base && rank < base + states.len() {
                    added += u64::from(self.reach(&mut states[rank - base], from, free, parity));
                } else {
                    s.far.push(pack(rank, from, free));
                }
            }
        }
        for &c in &s.cells {
            s.tile_at[usize::from(c)] = u8::MAX;
        }
        added
    }

    /// Puts the successors `bucket` found for chunk `chunk` (its words `states`) into the
    /// next layer; the regions added.
    fn drain(&self, chunk: usize, parity: usize, states: &mut [u32], bucket: &[u64]) -> u64 {
        let mut added = 0;
        let base = chunk * self.chunk_len;
        for &e in bucket {
            let word = &mut states[rank_of(e) - base];
            added += u64::from(self.reach(word, (e >> 32 & 0xF) as u8, (e >> 36) as u32 & 0xFFFF, parity));
        }
        if added > 0 {
            self.dirty[1 - parity][chunk].store(true, Relaxed);
        }
        added
    }
}

/// The table of one pattern in [`super::PatternDb`]'s nibble encoding (two entries a byte,
/// low nibble first), by the compact search on `threads` threads. `progress(settled)` after
/// every layer.
pub(super) fn build_table(
    width: usize,
    height: usize,
    goal_blank: usize,
    pattern: &[u8],
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Vec<u8> {
    build_table_with(width, height, goal_blank, pattern, threads, (CHUNK, ROUND), progress)
}

/// [`build_table`] with chunks of about `sizes.0` placements and rounds of about `sizes.1`
/// (small ones let tests cover many chunks and rounds with small patterns).
fn build_table_with(
    width: usize,
    height: usize,
    goal_blank: usize,
    pattern: &[u8],
    threads: usize,
    sizes: (usize, usize),
    progress: &mut dyn FnMut(u64),
) -> Vec<u8> {
    let n = width * height;
    let k = pattern.len();
    let size = arrangements(n, k) as usize;
    let layout = Layout::new(n, k);
    // A whole number of blocks, and even, so that chunks start on a byte of the table.
    let mut chunk_len = sizes.0.div_ceil(layout.block).max(1) * layout.block;
    if chunk_len % 2 == 1 {
        chunk_len *= 2;
    }
    let chunks = size.div_ceil(chunk_len);
    let threads = threads.clamp(1, chunks);
    let mut dist = vec![0u8; k * n];
    for (i, &home) in pattern.iter().enumerate() {
        let home = usize::from(home);
        for c in 0..n {
            dist[i * n + c] = ((home % width).abs_diff(c % width) + (home / width).abs_diff(c / width)) as u8;
        }
    }
    let ranker = Ranker::new(n, k);
    let moves = Moves::new(width, height);
    let dirty: [Vec<AtomicBool>; 2] =
        [(0..chunks).map(|_| AtomicBool::new(false)).collect(), (0..chunks).map(|_| AtomicBool::new(false)).collect()];
    let search = Search { n, dist: &dist, ranker: &ranker, moves: &moves, layout: &layout, chunk_len, dirty: &dirty };
    let mut states = vec![0u32; size];
    let start = ranker.rank(pattern.iter().copied()) as usize;
    states[start] = layer_bits(moves.region(goal_blank as u8, moves.full & !occupied(pattern)), 0);
    dirty[0][start / chunk_len].store(true, Relaxed);
    let mut table = vec![0u8; size.div_ceil(2)];
    let mut scratch: Vec<Scratch> = (0..threads)
        .map(|_| Scratch { cells: vec![0u8; k], free: Vec::with_capacity(n), tile_at: [u8::MAX; 16], far: Vec::new() })
        .collect();
    // The successors of a round found in other chunks, sorted by chunk: chunk `c` has
    // `sorted[starts[c]..starts[c + 1]]`.
    let mut sorted: Vec<u64> = Vec::new();
    let mut starts = vec![0usize; chunks + 1];
    let mut settled = 0u64;
    for d in 0u32.. {
        let parity = (d & 1) as usize;
        let layer: Vec<usize> = (0..chunks).filter(|&c| dirty[parity][c].load(Relaxed)).collect();
        let mut added = 0;
        for round in layer.chunks(sizes.1.div_ceil(chunk_len)) {
            let mut slots: Vec<Option<(&mut [u32], &mut [u8])>> =
                states.chunks_mut(chunk_len).zip(table.chunks_mut(chunk_len / 2)).map(Some).collect();
            let work: Vec<_> = round.iter().filter_map(|&c| slots[c].take().map(|(w, t)| (c, w, t))).collect();
            let queue = Mutex::new(work.into_iter());
            let scanned = run_on(&mut scratch, |s| {
                let (mut settled, mut added) = (0, 0);
                while let Some((c, words, nibbles)) = queue.lock().map_or(None, |mut q| q.next()) {
                    let (s1, a1) = search.scan_chunk(c, d, words, nibbles, s);
                    settled += s1;
                    added += a1;
                }
                (settled, added)
            });
            settled += scanned.0;
            added += scanned.1;
            // A counting sort of every thread's successors by chunk.
            starts.fill(0);
            for e in scratch.iter().flat_map(|s| &s.far) {
                starts[rank_of(*e) / chunk_len + 1] += 1;
            }
            for c in 0..chunks {
                starts[c + 1] += starts[c];
            }
            sorted.resize(starts[chunks], 0);
            let mut cursor = starts.clone();
            for s in &mut scratch {
                for &e in &s.far {
                    let c = rank_of(e) / chunk_len;
                    sorted[cursor[c]] = e;
                    cursor[c] += 1;
                }
                s.far.clear();
            }
            let (sorted_ref, starts_ref) = (&sorted, &starts);
            let work: Vec<_> =
                states.chunks_mut(chunk_len).enumerate().filter(|(c, _)| starts_ref[*c] < starts_ref[c + 1]).collect();
            let queue = Mutex::new(work.into_iter());
            added += run_shared(threads, || {
                let mut added = 0;
                while let Some((c, words)) = queue.lock().map_or(None, |mut q| q.next()) {
                    added += search.drain(c, parity, words, &sorted_ref[starts_ref[c]..starts_ref[c + 1]]);
                }
                added
            });
        }
        progress(settled);
        for flag in &dirty[parity] {
            flag.store(false, Relaxed);
        }
        if added == 0 {
            break;
        }
    }
    table
}

/// Runs `job` once per scratch space, each on its own thread (on this one when there is
/// one), and adds up the answers.
fn run_on(scratch: &mut [Scratch], job: impl Fn(&mut Scratch) -> (u64, u64) + Sync) -> (u64, u64) {
    let add = |a: (u64, u64), b: (u64, u64)| (a.0 + b.0, a.1 + b.1);
    if let [only] = scratch {
        return job(only);
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = scratch.iter_mut().map(|s| scope.spawn(|| job(s))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).fold((0, 0), add)
    })
}

/// Runs `job` on `threads` threads (on this one when `threads` is 1) and adds up the answers.
fn run_shared(threads: usize, job: impl Fn() -> u64 + Sync) -> u64 {
    if threads == 1 {
        return job();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(&job)).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference table in the nibble encoding, with unreachable placements as 0.
    fn reference(width: usize, height: usize, blank: usize, pattern: &[u8]) -> Vec<u8> {
        let layers = build_table_reference(width, height, blank, pattern, &mut |_| {});
        let ranker = Ranker::new(width * height, pattern.len());
        let mut cells = vec![0u8; pattern.len()];
        let mut table = vec![0u8; layers.len().div_ceil(2)];
        for (r, &d) in layers.iter().enumerate() {
            if d != UNSEEN {
                ranker.unrank(r as u64, &mut cells);
                let md: usize = pattern
                    .iter()
                    .zip(&cells)
                    .map(|(&h, &c)| {
                        let (h, c) = (usize::from(h), usize::from(c));
                        (h % width).abs_diff(c % width) + (h / width).abs_diff(c / width)
                    })
                    .sum();
                table[r >> 1] |= encode(u32::from(d), md as u32) << ((r & 1) * 4);
            }
        }
        table
    }

    /// Tiny chunks and rounds: successors cross chunks through the buckets, layers take
    /// many rounds, threads share both phases; the tables stay the reference's.
    #[test]
    fn chunks_and_rounds_do_not_change_the_table() {
        let cases: [(usize, usize, usize, &[u8]); 5] = [
            (4, 4, 15, &[0, 1, 2]),
            (4, 4, 5, &[3, 6, 9, 12]),
            (3, 3, 8, &[0, 1, 2, 3, 4, 5, 6, 7]),
            (4, 2, 0, &[1, 2, 5, 6, 7]),
            (2, 4, 3, &[0, 7, 6]),
        ];
        for (w, h, blank, pattern) in cases {
            let want = reference(w, h, blank, pattern);
            for (threads, chunk, round) in [(1, 2, 2), (2, 6, 12), (3, 64, 200), (2, 1000, 1_000_000)] {
                let got = build_table_with(w, h, blank, pattern, threads, (chunk, round), &mut |_| {});
                assert!(
                    got == want,
                    "{w}x{h} blank {blank} {pattern:?}: {threads} threads, chunks {chunk}, rounds {round}"
                );
            }
        }
    }
}
