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
//!   order (only chunks marked dirty by the previous layer), expands the regions of the
//!   current layer and marks the successors' regions in the next one; one successor check
//!   touches one word. Placements are decoded a block at a time (the last few tiles of the
//!   ranking vary fastest and come from a small table), and the scan is shared by threads
//!   that take chunks from a queue; words are updated with `fetch_or` only, so the order of
//!   the threads' updates never changes the result.
//! - [`build_table_reference`], the plain one it is checked against: explicit frontier
//!   lists of (packed cells, region) and one byte per placement.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};

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
const CHUNK: usize = 1 << 16;

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

/// A successor waiting for its word to be checked: placement, the cell the blank is in
/// (the one the tile left), the free cells around it, and the word as loaded.
#[derive(Clone, Copy, Default)]
struct Pending {
    rank: u32,
    from: u8,
    free: u32,
    word: u32,
}

/// Successors are checked in batches of this many: first every word is loaded (no
/// branch depends on a load, so the loads overlap), then the unreached ones are marked.
const BATCH: usize = 256;

/// What the scan shares between threads.
struct Shared<'a> {
    n: usize,
    k: usize,
    pattern: &'a [u8],
    ranker: Ranker,
    moves: Moves,
    layout: Layout,
    chunk_len: usize,
    /// More than one thread: words are updated with `fetch_or` (else load and store).
    concurrent: bool,
    states: Vec<AtomicU32>,
    /// Per parity, per chunk: some placement of the chunk has cells in that layer.
    dirty: [Vec<AtomicBool>; 2],
    /// `dist[i * n + c]`: taxicab distance of pattern tile `i` at cell `c` from home.
    dist: Vec<u8>,
}

/// The scratch space of one thread.
struct Scratch {
    cells: Vec<u8>,
    free: Vec<u8>,
    /// The pattern tile at every cell, `u8::MAX` for none.
    tile_at: [u8; 16],
    pending: Vec<Pending>,
}

impl Shared<'_> {
    /// Scans one chunk in layer `d`, writing the entries of placements first reached now
    /// into `table` (the chunk's nibbles) and putting their successors in the next layer:
    /// (placements settled, regions added to the next layer).
    fn scan_chunk(&self, chunk: usize, d: u32, table: &mut [u8], s: &mut Scratch) -> (u64, u64) {
        let (n, t) = (self.n, self.layout.t);
        let parity = (d & 1) as usize;
        let base = chunk * self.chunk_len;
        let end = (base + self.chunk_len).min(self.states.len());
        let block = self.layout.block;
        let (mut settled, mut added) = (0u64, 0u64);
        let mut start = base;
        while start < end {
            let mut decoded = false;
            for (j, word) in self.states[start..start + block].iter().enumerate() {
                let w = word.load(Relaxed);
                let current = in_layer(w, parity);
                if current == 0 {
                    continue;
                }
                if !decoded {
                    self.layout.prefix(start / block, n, &mut s.cells, &mut s.free);
                    decoded = true;
                }
                if t > 0 {
                    self.layout.suffix(j, &mut s.cells, &s.free);
                }
                let idx = start + j;
                debug_assert_eq!(self.ranker.rank(s.cells.iter().copied()), idx as u64, "{:?}", s.cells);
                if done(w) == 0 {
                    let md: u32 =
                        s.cells.iter().enumerate().map(|(i, &c)| u32::from(self.dist[i * n + usize::from(c)])).sum();
                    settled += 1;
                    table[(idx - base) >> 1] |= encode(d, md) << ((idx & 1) * 4);
                }
                self.successors(idx, current, s);
                if s.pending.len() + 4 * self.k > BATCH {
                    added += self.flush(&mut s.pending, parity);
                }
            }
            start += block;
        }
        added += self.flush(&mut s.pending, parity);
        (settled, added)
    }

    /// Queues the successors of placement `idx` (its tiles in `s.cells`) whose blank has
    /// the cells `current`: every pattern tile next to them moves into them. The rank of a
    /// successor is the placement's plus a difference (digit of tile `j` = its cell minus
    /// the earlier tiles below it): the moved tile's digit changes by `to - from` less the
    /// earlier tiles strictly between `from` and `to`, and every later tile strictly
    /// between them gains (moving up) or loses one below it (none for a horizontal move).
    fn successors(&self, idx: usize, current: u32, s: &mut Scratch) {
        let occ = occupied(&s.cells);
        for (i, &c) in s.cells.iter().enumerate() {
            s.tile_at[usize::from(c)] = i as u8;
        }
        let mult = &self.ranker.mult;
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
                s.pending.push(Pending {
                    rank: rank as u32,
                    from,
                    free: self.moves.full & !(occ ^ (1 << from) ^ (1 << to)),
                    word: 0,
                });
            }
        }
        for &c in &s.cells {
            s.tile_at[usize::from(c)] = u8::MAX;
        }
    }

    /// Checks the queued successors: the regions not reached yet go into the next layer.
    fn flush(&self, pending: &mut Vec<Pending>, parity: usize) -> u64 {
        for p in pending.iter_mut() {
            p.word = self.states[p.rank as usize].load(Relaxed);
        }
        let mut added = 0;
        for p in pending.iter() {
            if reached(p.word) & 1 << p.from != 0 {
                continue;
            }
            let rank = p.rank as usize;
            let word = &self.states[rank];
            let bits = layer_bits(self.moves.region(p.from, p.free), 1 - parity);
            let old = if self.concurrent {
                word.fetch_or(bits, Relaxed)
            } else {
                let old = word.load(Relaxed);
                if reached(old) & 1 << p.from == 0 {
                    word.store(old | bits, Relaxed);
                }
                old
            };
            if reached(old) & 1 << p.from == 0 {
                added += 1;
                let flag = &self.dirty[1 - parity][rank / self.chunk_len];
                if !flag.load(Relaxed) {
                    flag.store(true, Relaxed);
                }
            }
        }
        pending.clear();
        added
    }

    /// After layer `d`: the cells of the layer in one chunk become done.
    fn retire_chunk(&self, chunk: usize, parity: usize) {
        let base = chunk * self.chunk_len;
        let end = (base + self.chunk_len).min(self.states.len());
        for word in &self.states[base..end] {
            let w = word.load(Relaxed);
            let current = in_layer(w, parity);
            if current != 0 {
                word.store(w | layer_bits(current, 1 - parity), Relaxed);
            }
        }
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
    let n = width * height;
    let k = pattern.len();
    let size = arrangements(n, k) as usize;
    let layout = Layout::new(n, k);
    // A whole number of blocks, and even, so that chunks start on a byte of the table.
    let mut chunk_len = CHUNK.div_ceil(layout.block).max(1) * layout.block;
    if chunk_len % 2 == 1 {
        chunk_len *= 2;
    }
    let chunks = size.div_ceil(chunk_len);
    let threads = threads.clamp(1, chunks);
    let mut dist = vec![0u8; k * n];
    for (i, &home) in pattern.iter().enumerate() {
        for c in 0..n {
            let (h, c2) = (usize::from(home), c);
            dist[i * n + c] = ((h % width).abs_diff(c2 % width) + (h / width).abs_diff(c2 / width)) as u8;
        }
    }
    let shared = Shared {
        n,
        k,
        pattern,
        ranker: Ranker::new(n, k),
        moves: Moves::new(width, height),
        layout,
        chunk_len,
        concurrent: threads > 1,
        states: (0..size).map(|_| AtomicU32::new(0)).collect(),
        dirty: [
            (0..chunks).map(|_| AtomicBool::new(false)).collect(),
            (0..chunks).map(|_| AtomicBool::new(false)).collect(),
        ],
        dist,
    };
    let start = shared.ranker.rank(shared.pattern.iter().copied()) as usize;
    let start_region = shared.moves.region(goal_blank as u8, shared.moves.full & !occupied(pattern));
    shared.states[start].store(layer_bits(start_region, 0), Relaxed);
    shared.dirty[0][start / chunk_len].store(true, Relaxed);
    let mut table = vec![0u8; size.div_ceil(2)];
    let mut settled = 0u64;
    for d in 0u32.. {
        let parity = (d & 1) as usize;
        let work = Mutex::new(table.chunks_mut(chunk_len / 2).enumerate());
        let totals = (AtomicU64::new(0), AtomicU64::new(0));
        let scan = || {
            let mut scratch = Scratch {
                cells: vec![0u8; k],
                free: Vec::with_capacity(n),
                tile_at: [u8::MAX; 16],
                pending: Vec::new(),
            };
            scratch.pending.reserve(BATCH);
            let (mut s, mut a) = (0, 0);
            loop {
                let next = work.lock().map_or(None, |mut w| w.next());
                let Some((chunk, part)) = next else { break };
                if shared.dirty[parity][chunk].load(Relaxed) {
                    let (s1, a1) = shared.scan_chunk(chunk, d, part, &mut scratch);
                    s += s1;
                    a += a1;
                }
            }
            totals.0.fetch_add(s, Relaxed);
            totals.1.fetch_add(a, Relaxed);
        };
        // Every thread has finished the scan before any cell of the layer is retired, so
        // the words change by plain stores then.
        let queue = AtomicUsize::new(0);
        let retire = || {
            loop {
                let chunk = queue.fetch_add(1, Relaxed);
                if chunk >= chunks {
                    break;
                }
                if shared.dirty[parity][chunk].load(Relaxed) {
                    shared.retire_chunk(chunk, parity);
                }
            }
        };
        run_on(threads, scan);
        run_on(threads, retire);
        settled += totals.0.load(Relaxed);
        progress(settled);
        for flag in &shared.dirty[parity] {
            flag.store(false, Relaxed);
        }
        if totals.1.load(Relaxed) == 0 {
            break;
        }
    }
    table
}

/// Runs `job` on `threads` threads (on this one when `threads` is 1) and waits for them.
fn run_on(threads: usize, job: impl Fn() + Sync) {
    if threads == 1 {
        job();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(&job);
            }
        });
    }
}
