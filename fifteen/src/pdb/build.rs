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
//!   order, a chunk at a time and only the chunks the previous layer marked, writes the
//!   entries of the placements it reaches first, retires the layer's cells and puts the
//!   regions of the successors in the next layer. A chunk is the group of placements that
//!   share their first few tiles (154,440 placements, 618 KB of words, for the 8-tile
//!   pattern of 7-8: the first three tiles fixed), so the moves of the other tiles always
//!   stay in the chunk. Placements are decoded a block at a time (the last few tiles of
//!   the ranking vary fastest and come from a small table), successors are ranked
//!   incrementally (a difference summed over the cells a vertical move passes) and the
//!   blank's region is flooded on the bitboard (the whole set steps in four directions at
//!   once). A successor by a move of a later tile is marked at once; one by a move of the
//!   first tiles waits. After every round of scanned chunks each thread sorts the
//!   successors it found by chunk (a counting sort of its own list, in parallel, dividing
//!   by one multiplication), and every chunk is then drained from all the threads' lists,
//!   so the random accesses stay within one chunk's words.
//!   Threads take chunks from a queue in both phases and own the words of their chunk
//!   while they work on it: no atomic updates, and the result does not depend on the
//!   threads. The words and the sorted lists live on transparent huge pages where the
//!   system grants them (an anonymous map advised `MADV_HUGEPAGE` on Linux; elsewhere, or
//!   when mapping or the advice fails, an ordinary vector or ordinary pages): 2 MB pages
//!   make the scattered accesses miss the TLB far less often. `FIFTEEN_PDB_PHASES=1`
//!   prints where every table's time went (scan, sorting, drain) and how many successors
//!   were found in their own chunk or elsewhere, and how many of them were new.
//! - `build_table_reference` of [`super::reference`], the plain one it is checked against:
//!   explicit frontier lists of (packed cells, region) and one byte per placement.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use super::buffer::Buffer;
use super::moves::{Moves, occupied};
use super::rank::{Ranker, arrangements, encode};
use crate::board::taxicab;

/// The largest block of placements decoded from one small table (the last tiles of the
/// ranking).
const MAX_BLOCK: u64 = 4096;

/// A chunk of the scan (the unit of work of a thread and of the dirty marks) is the first
/// group of placements sharing their first tiles that has at most twice this many.
const CHUNK: usize = 1 << 17;

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

/// Division of 32-bit numbers by a fixed divisor `d` (at least 2, below 2^32) by one
/// multiplication: `x / d` is the high half of `x * ceil(2^64 / d)`. The multiplier exceeds
/// `2^64 / d` by less than 1, so the product exceeds `x * 2^64 / d` by less than `x < 2^32`,
/// that is by less than `2^64 / d` in the high half's units: the fraction `x / d`
/// gains less than `1 / d` and never crosses the next integer.
struct Divider {
    multiplier: u64,
}

impl Divider {
    fn new(d: u64) -> Divider {
        debug_assert!((2..1 << 32).contains(&d));
        Divider { multiplier: u64::MAX / d + 1 }
    }

    fn quotient(&self, x: u64) -> u64 {
        debug_assert!(x < 1 << 32);
        ((u128::from(x) * u128::from(self.multiplier)) >> 64) as u64
    }
}

/// What every thread reads.
struct Search<'a> {
    n: usize,
    dist: &'a [u8],
    ranker: &'a Ranker,
    moves: &'a Moves,
    layout: &'a Layout,
    chunk_len: usize,
    /// The tiles whose moves may leave the chunk (the first ones of the ranking).
    far_tiles: usize,
    /// The ranking multiplier of every tile.
    mult: Vec<i64>,
    /// Per parity, per chunk: some placement of the chunk has cells in that layer.
    dirty: &'a [Vec<AtomicBool>; 2],
}

/// The scratch space of one thread: the placement being expanded and the successors it
/// found in other chunks in this round, as found and then sorted by chunk.
struct Scratch {
    cells: Vec<u8>,
    free: Vec<u8>,
    /// The pattern tile at every cell, `u8::MAX` for none, and its ranking multiplier (0
    /// for none).
    tile_at: [u8; 16],
    mult_at: [i64; 16],
    /// The cells of the marked tiles, of the marked first tiles (whose moves wait), and
    /// the Manhattan distance of the tiles a block shares.
    occupied: u32,
    far_cells: u32,
    prefix_md: u32,
    far: Vec<u64>,
    /// `far` sorted by chunk: chunk `c` has `sorted[starts[c]..starts[c + 1]]`.
    sorted: Buffer<u64>,
    starts: Vec<usize>,
    cursor: Vec<usize>,
    /// Successors found in their own chunk so far, and how many of them were new.
    local: u64,
    local_added: u64,
    /// Time spent sorting `far`.
    sorting: Duration,
}

impl Scratch {
    fn new(k: usize, n: usize, chunks: usize) -> Scratch {
        Scratch {
            cells: vec![0u8; k],
            free: Vec::with_capacity(n),
            tile_at: [u8::MAX; 16],
            mult_at: [0; 16],
            occupied: 0,
            far_cells: 0,
            prefix_md: 0,
            far: Vec::new(),
            sorted: Buffer::zeroed(0),
            starts: vec![0; chunks + 1],
            cursor: vec![0; chunks + 1],
            local: 0,
            local_added: 0,
            sorting: Duration::ZERO,
        }
    }

    /// Sorts the successors found in other chunks by chunk (a counting sort) into
    /// `sorted` and `starts`, and empties `far`.
    fn sort_far(&mut self, chunk_len: usize) {
        let started = Instant::now();
        let divide = Divider::new(chunk_len as u64);
        let chunk_of = |e: u64| divide.quotient(rank_of(e) as u64) as usize;
        self.starts.fill(0);
        for &e in &self.far {
            self.starts[chunk_of(e) + 1] += 1;
        }
        for c in 1..self.starts.len() {
            self.starts[c] += self.starts[c - 1];
        }
        if self.sorted.len() < self.far.len() {
            self.sorted = Buffer::zeroed(self.far.len().max(self.sorted.len() + self.sorted.len() / 2));
        }
        let sorted = self.sorted.as_mut_slice();
        self.cursor.copy_from_slice(&self.starts);
        for &e in &self.far {
            let at = &mut self.cursor[chunk_of(e)];
            sorted[*at] = e;
            *at += 1;
        }
        self.far.clear();
        self.sorting += started.elapsed();
    }

    /// The sorted successors of chunk `c`.
    fn bucket(&self, c: usize) -> &[u64] {
        &self.sorted.as_slice()[self.starts[c]..self.starts[c + 1]]
    }
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
        let (n, t, block, k) = (self.n, self.layout.t, self.layout.block, self.layout.k);
        let parity = (d & 1) as usize;
        let base = chunk * self.chunk_len;
        let (mut settled, mut added) = (0u64, 0u64);
        for b in 0..states.len() / block {
            let mut decoded = false;
            for group in (0..block).step_by(64) {
                // The placements of the next 64 with cells in this layer, as a mask: a
                // branch per placement found, not per placement looked at. (Expanding one
                // only adds cells to the next layer, so the mask stays right.)
                let end = (group + 64).min(block);
                let mut active = 0u64;
                for (j, &w) in states[b * block + group..b * block + end].iter().enumerate() {
                    active |= u64::from(in_layer(w, parity) != 0) << j;
                }
                while active != 0 {
                    let j = group + active.trailing_zeros() as usize;
                    active &= active - 1;
                    let local = b * block + j;
                    let w = states[local];
                    let current = in_layer(w, parity);
                    if !decoded {
                        self.layout.prefix((base + b * block) / block, n, &mut s.cells, &mut s.free);
                        self.mark(s, 0..k - t, true);
                        decoded = true;
                    }
                    if t > 0 {
                        self.layout.suffix(j, &mut s.cells, &s.free);
                    }
                    let idx = base + local;
                    debug_assert_eq!(self.ranker.rank(s.cells.iter().copied()), idx as u64, "{:?}", s.cells);
                    if done(w) == 0 {
                        let md: u32 = s.prefix_md
                            + (k - t..k).map(|i| u32::from(self.dist[i * n + usize::from(s.cells[i])])).sum::<u32>();
                        settled += 1;
                        table[local >> 1] |= encode(d, md) << ((local & 1) * 4);
                    }
                    states[local] = w | layer_bits(current, 1 - parity);
                    self.mark(s, k - t..k, false);
                    let (a, l) = self.successors(idx, base, current, parity, states, s);
                    unmark(s, k - t..k);
                    added += a;
                    s.local += l;
                    s.local_added += a;
                }
            }
            if decoded {
                unmark(s, 0..k - t);
            }
        }
        if added > 0 {
            self.dirty[1 - parity][chunk].store(true, Relaxed);
        }
        (settled, added)
    }

    /// Notes the tiles `range` of `s.cells` in `s`: the tile and multiplier at their
    /// cells, the occupied cells, the cells of the first tiles and, for the tiles a block
    /// shares (`shared`), their Manhattan distance.
    fn mark(&self, s: &mut Scratch, range: std::ops::Range<usize>, shared: bool) {
        if shared {
            s.prefix_md = 0;
        }
        for i in range {
            let c = s.cells[i];
            s.tile_at[usize::from(c)] = i as u8;
            s.mult_at[usize::from(c)] = self.mult[i];
            s.occupied |= 1 << c;
            if i < self.far_tiles {
                s.far_cells |= 1 << c;
            }
            if shared {
                s.prefix_md += u32::from(self.dist[i * self.n + usize::from(c)]);
            }
        }
    }

    /// The successors of placement `idx` (its tiles in `s.cells`, marked) whose blank has the
    /// cells `current`: every pattern tile next to them moves into them. The rank of a
    /// successor is the placement's plus a difference (the digit of tile `j` is its cell
    /// minus the earlier tiles below it): the moved tile's digit changes by `to - from` less
    /// the earlier tiles strictly between `from` and `to`, and every later tile strictly
    /// between them has one tile fewer below it when the move goes to a higher cell (one
    /// more otherwise). A horizontal move passes no cell: the rank moves by the tile's
    /// multiplier. (The regions added to this chunk at once, the successors in this chunk.)
    fn successors(
        &self,
        idx: usize,
        base: usize,
        current: u32,
        parity: usize,
        states: &mut [u32],
        s: &mut Scratch,
    ) -> (u64, u64) {
        let (occ, far_cells) = (s.occupied, s.far_cells);
        // Room for every move of the first tiles (four each at most), grown by a quarter
        // rather than doubled: the lists of a round are the builder's only memory beyond
        // its words and table.
        let room = 4 * self.far_tiles;
        if s.far.capacity() - s.far.len() < room {
            s.far.reserve_exact(room + s.far.len() / 4 + 1024);
        }
        let mult = &self.mult;
        let (mut added, mut local) = (0, 0);
        // Only the pattern tiles next to the layer's cells move: first those of the first
        // tiles (their successors wait), then the others (marked at once).
        let next_to = self.moves.step(current) & occ;
        for (movers, far) in [(next_to & far_cells, true), (next_to & !far_cells, false)] {
            let mut movers = movers;
            while movers != 0 {
                let from = movers.trailing_zeros() as u8;
                movers &= movers - 1;
                let i = usize::from(s.tile_at[usize::from(from)]);
                let mut targets = self.moves.neighbours[usize::from(from)] & current;
                let m = mult[i];
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let (lo, hi) = if to > from { (from, to) } else { (to, from) };
                    // Every cell strictly between: an earlier tile lowers the moved tile's
                    // digit, a later one shifts its own (an empty cell has multiplier 0).
                    let mut delta = i64::from(hi - lo) * m;
                    for c in usize::from(lo) + 1..usize::from(hi) {
                        delta += if usize::from(s.tile_at[c]) < i { -m } else { s.mult_at[c] };
                    }
                    let rank = if to > from { idx as i64 + delta } else { idx as i64 - delta };
                    debug_assert_eq!(rank as u64, {
                        let mut moved = s.cells.clone();
                        moved[i] = to;
                        self.ranker.rank(moved.into_iter())
                    });
                    let rank = rank as usize;
                    let free = self.moves.full & !(occ ^ (1 << from) ^ (1 << to));
                    if far {
                        s.far.push(pack(rank, from, free));
                    } else {
                        added += u64::from(self.reach(&mut states[rank - base], from, free, parity));
                        local += 1;
                    }
                }
            }
        }
        (added, local)
    }

    /// Puts the successors every thread found for chunk `chunk` (its words `states`) into
    /// the next layer; the regions added.
    fn drain(&self, chunk: usize, parity: usize, states: &mut [u32], scratch: &[Scratch]) -> u64 {
        let mut added = 0;
        let base = chunk * self.chunk_len;
        for &e in scratch.iter().flat_map(|s| s.bucket(chunk)) {
            let word = &mut states[rank_of(e) - base];
            added += u64::from(self.reach(word, (e >> 32 & 0xF) as u8, (e >> 36) as u32 & 0xFFFF, parity));
        }
        if added > 0 {
            self.dirty[1 - parity][chunk].store(true, Relaxed);
        }
        added
    }
}

/// The table of one pattern in `PatternDb`'s nibble encoding (two entries a byte,
/// low nibble first), by the compact search on `threads` threads. `progress(settled)` after
/// every round of a layer (at most [`ROUND`] placements); when it answers `false` the build
/// stops and gives `None`.
pub(super) fn build_table(
    width: usize,
    height: usize,
    goal_blank: usize,
    pattern: &[u8],
    threads: usize,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Option<Vec<u8>> {
    let report = std::env::var_os("FIFTEEN_PDB_PHASES").is_some_and(|v| !v.is_empty());
    let (table, phases) = build_table_with(width, height, goal_blank, pattern, threads, (CHUNK, ROUND), progress);
    if report {
        eprintln!("{pattern:?}: {phases}");
    }
    table
}

/// `dist[i * n + c]`: the taxicab distance from cell `c` to the home of pattern tile `i`.
fn home_distances(width: usize, n: usize, pattern: &[u8]) -> Vec<u8> {
    let mut dist = vec![0u8; pattern.len() * n];
    for (i, &home) in pattern.iter().enumerate() {
        let home = usize::from(home);
        for c in 0..n {
            dist[i * n + c] = taxicab(home, c, width) as u8;
        }
    }
    dist
}

/// [`build_table`] with chunks chosen for about `sizes.0` placements (see [`CHUNK`]) and rounds of about `sizes.1`
/// (small ones let tests cover many chunks and rounds with small patterns).
fn build_table_with(
    width: usize,
    height: usize,
    goal_blank: usize,
    pattern: &[u8],
    threads: usize,
    sizes: (usize, usize),
    progress: &mut dyn FnMut(u64) -> bool,
) -> (Option<Vec<u8>>, Phases) {
    let n = width * height;
    let k = pattern.len();
    let size = arrangements(n, k) as usize;
    let layout = Layout::new(n, k);
    // A chunk is the group of placements that share their first `far_tiles` tiles (the
    // first group at most twice the wanted size; a whole number of blocks, as the last `t`
    // tiles are never among the first), doubled when odd so that chunks start on a byte of
    // the table. The moves of the other tiles stay in the chunk; those of the first ones
    // are sent through the drain (they may land in the same chunk: that is fine).
    let far_tiles =
        (0..=k - layout.t).find(|&q| arrangements(n - q, k - q) as usize <= 2 * sizes.0).unwrap_or(k - layout.t);
    let mut chunk_len = arrangements(n - far_tiles, k - far_tiles) as usize;
    if chunk_len % 2 == 1 {
        chunk_len *= 2;
    }
    let chunks = size.div_ceil(chunk_len);
    let threads = threads.clamp(1, chunks);
    let dist = home_distances(width, n, pattern);
    let ranker = Ranker::new(n, k);
    let moves = Moves::new(width, height);
    let dirty: [Vec<AtomicBool>; 2] =
        [(0..chunks).map(|_| AtomicBool::new(false)).collect(), (0..chunks).map(|_| AtomicBool::new(false)).collect()];
    let search = Search {
        n,
        dist: &dist,
        ranker: &ranker,
        moves: &moves,
        layout: &layout,
        chunk_len,
        far_tiles,
        mult: ranker.mult.iter().map(|&m| m as i64).collect(),
        dirty: &dirty,
    };
    let mut state_buffer = Buffer::<u32>::zeroed(size);
    let states = state_buffer.as_mut_slice();
    let start = ranker.rank(pattern.iter().copied()) as usize;
    states[start] = layer_bits(moves.region(goal_blank as u8, moves.full & !occupied(pattern)), 0);
    dirty[0][start / chunk_len].store(true, Relaxed);
    let mut table = vec![0u8; size.div_ceil(2)];
    let mut scratch: Vec<Scratch> = (0..threads).map(|_| Scratch::new(k, n, chunks)).collect();
    let mut phases = Phases::default();
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
            let scan_started = Instant::now();
            let scanned = run_on(&mut scratch, |s| {
                let (mut settled, mut added) = (0, 0);
                while let Some((c, words, nibbles)) = queue.lock().map_or(None, |mut q| q.next()) {
                    let (s1, a1) = search.scan_chunk(c, d, words, nibbles, s);
                    settled += s1;
                    added += a1;
                }
                s.sort_far(chunk_len);
                (settled, added)
            });
            settled += scanned.0;
            added += scanned.1;
            phases.scan += scan_started.elapsed();
            let drain_started = Instant::now();
            let scratch_ref = &scratch;
            let work: Vec<_> = states
                .chunks_mut(chunk_len)
                .enumerate()
                .filter(|(c, _)| scratch_ref.iter().any(|s| s.starts[*c] < s.starts[c + 1]))
                .collect();
            let queue = Mutex::new(work.into_iter());
            let drained = run_shared(threads, || {
                let mut added = 0;
                while let Some((c, words)) = queue.lock().map_or(None, |mut q| q.next()) {
                    added += search.drain(c, parity, words, scratch_ref);
                }
                added
            });
            added += drained;
            phases.far += scratch_ref.iter().map(|s| s.starts[chunks] as u64).sum::<u64>();
            phases.far_added += drained;
            phases.drain += drain_started.elapsed();
            if !progress(settled) {
                return (None, phases);
            }
        }
        for flag in &dirty[parity] {
            flag.store(false, Relaxed);
        }
        if added == 0 {
            break;
        }
    }
    for s in &scratch {
        phases.sorting += s.sorting;
        phases.local += s.local;
        phases.local_added += s.local_added;
    }
    (Some(table), phases)
}

/// Where a build's time went (wall time of each phase; sorting is thread time inside the
/// scan) and how many successors it generated: in their own chunk or in another, and how
/// many of each were new. `FIFTEEN_PDB_PHASES=1` prints it for every table built.
#[derive(Clone, Debug, Default)]
struct Phases {
    scan: Duration,
    sorting: Duration,
    drain: Duration,
    local: u64,
    local_added: u64,
    far: u64,
    far_added: u64,
}

impl fmt::Display for Phases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = |x: u64| x as f64 / 1e6;
        let (scan, sorting, drain) = (self.scan.as_secs_f64(), self.sorting.as_secs_f64(), self.drain.as_secs_f64());
        write!(f, "scan {scan:.2} s (sorting {sorting:.2} s of thread time), drain {drain:.2} s; ")?;
        write!(f, "successors {:.1}M in their chunk ({:.1}M new), ", m(self.local), m(self.local_added))?;
        write!(f, "{:.1}M in another ({:.1}M new)", m(self.far), m(self.far_added))
    }
}

/// Takes back [`Search::mark`] for the tiles `range`.
fn unmark(s: &mut Scratch, range: std::ops::Range<usize>) {
    for i in range {
        let c = s.cells[i];
        s.tile_at[usize::from(c)] = u8::MAX;
        s.mult_at[usize::from(c)] = 0;
        s.occupied &= !(1 << c);
        s.far_cells &= !(1 << c);
    }
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
    use super::super::reference::build_nibbles_reference;
    use super::*;
    proptest::proptest! {
        /// The multiplying divider against plain division, for any 32-bit dividend and any
        /// divisor from 2 to 2^32 - 1.
        #[test]
        fn divider_matches_division(x in 0u64..1 << 32, d in 2u64..1 << 32, small in 2u64..1000) {
            for d in [d, small, 131_670, 132_000] {
                proptest::prop_assert_eq!(Divider::new(d).quotient(x), x / d);
                proptest::prop_assert_eq!(Divider::new(d).quotient(x - x % d), x / d);
            }
        }
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
            let want = build_nibbles_reference(w, h, blank, pattern);
            for (threads, chunk, round) in [(1, 2, 2), (2, 6, 12), (3, 64, 200), (2, 1000, 1_000_000)] {
                let (got, _) = build_table_with(w, h, blank, pattern, threads, (chunk, round), &mut |_| true);
                assert!(
                    got.as_ref() == Some(&want),
                    "{w}x{h} blank {blank} {pattern:?}: {threads} threads, chunks {chunk}, rounds {round}"
                );
            }
        }
    }
}
