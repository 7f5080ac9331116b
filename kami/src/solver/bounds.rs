//! The admissible lower bounds of a search node (colour, radius, pair and final-colour
//! bounds; proven in `kami/docs/solver.md`, *Lower bounds*).

use super::node::{Island, Node, bits, entries_at_least, move_counts};
use crate::{Colour, MAX_COLOURS};

/// Scratch buffers for the heuristic and moves.
pub(super) struct Scratch {
    pub(super) ds: Vec<u8>,
    /// A merged set of regions, listed.
    pub(super) set: Vec<usize>,
    pub(super) reach: Vec<u64>,
    pub(super) next: Vec<u64>,
    pub(super) acc: Vec<u64>,
    pub(super) merged: Vec<u64>,
    pub(super) centres: Vec<u64>,
    pub(super) masks: Vec<u64>,
    /// The regions the pair scans read.
    pub(super) far: Far,
    /// The regions a dead-end child may tap (see `children::dead_end_cut`).
    pub(super) live: Vec<usize>,
    /// One byte per region (see `children::dead_end_cut`).
    pub(super) dense: Vec<u8>,
    /// The buffers of `children::grandchildren_cut`.
    pub(super) grand: Grand,
}

/// The buffers of `children::grandchildren_cut`.
#[derive(Default)]
pub(super) struct Grand {
    /// The recorded pairs `(u, w, d'(u, w), colour'(u), colour'(w))` as they are in the child.
    pub(super) pairs: Vec<(usize, usize, u8, Colour, Colour)>,
    /// The child's neighbours of the region it taps.
    pub(super) near: Vec<usize>,
    /// The regions the grandchild merges, but `S` (see `children::grandchildren_cut`).
    pub(super) merged: Vec<usize>,
}

impl Scratch {
    pub(super) fn new(island: &Island) -> Self {
        let size = island.n * island.words;
        Scratch {
            ds: vec![0; island.n],
            set: Vec::new(),
            reach: vec![0; size],
            next: vec![0; size],
            acc: vec![0; island.words],
            merged: vec![0; island.words],
            centres: vec![0; island.words],
            masks: Vec::new(),
            far: Far::default(),
            live: Vec::new(),
            dense: Vec::new(),
            grand: Grand::default(),
        }
    }
}

/// The largest of the colour, radius, pair and final-colour bounds (`kami/docs/solver.md`, *Lower bounds*), the
/// radius computed only up to `cap` (any bound `≥ cap` is reported as at least `cap`).
pub(super) fn heuristic(island: &Island, node: &Node, target: Option<Colour>, cap: u32, scratch: &mut Scratch) -> u32 {
    let counts = node.counts;
    let plain = colour_bound(&counts, target);
    if node.count <= 2 {
        return plain.max(u32::from(node.count == 2));
    }
    if plain >= cap {
        return plain;
    }
    let other = if node.dist.is_empty() {
        bfs_radius(island, node, cap, scratch)
    } else if node.radius < cap && plain <= node.radius {
        // The pair bound is at most the radius plus one: only worth it when it can count.
        node.radius.max(pair_bound(node, island.n, target, &mut scratch.far))
    } else {
        node.radius
    };
    // The colour look-ahead adds at most one: only worth it when that can count.
    let ahead = plain + 1 > other && !single_within_one_move(island, node, &counts, target, &mut scratch.masks);
    let h = (plain + u32::from(ahead)).max(other);
    // The final-colour bound exceeds `h` by at most one; in a search it is tested only when
    // that decides a cut, and always when the full value is asked for (`cap` unbounded).
    let wanted = h + 1 == cap || cap == u32::MAX;
    if node.dist.is_empty() || !wanted {
        return h;
    }
    // The colour-radius bound adds one to a tight radius for every final colour but those
    // some centre sees alone at its eccentricity (`lone_far_colours`).
    let lone = if node.radius == h { lone_far_colours(node, island.n) } else { !0 };
    let cut = match target {
        Some(t) => lone >> t & 1 == 0,
        None => final_colour_cuts(node, island.n, &counts, (h + 1, lone), &mut scratch.far),
    };
    h + u32::from(cut)
}

/// The colour-radius bound's open colours (`kami/docs/solver.md`, *Colour-radius
/// bound*): the colours `c` such that some centre `u` (eccentricity equal to the radius
/// `R`) has every region at distance `R` of colour `c`, as a bitset. For every other colour `c`, every region `u` has
/// `max over v of d(u, v) + [colour(v) ≠ c] ≥ R + 1`.
pub(super) fn lone_far_colours(node: &Node, n: usize) -> u64 {
    let radius = node.radius;
    let mut lone = 0u64;
    for u in bits(&node.alive) {
        if u32::from(node.ecc[u]) != radius {
            continue;
        }
        let far = entries_at_least(&node.dist[u * n..(u + 1) * n], 0, radius)
            .filter(|&(w, _)| node.alive[w / 64] >> (w % 64) & 1 == 1)
            .map(|(w, _)| node.col[w]);
        lone |= lone_colour(far);
    }
    lone
}

/// Whether the final-colour bound (`kami/docs/solver.md`, *Lower bounds*) is at least `cap`: for every present
/// colour `c`, the colour bound with target `c` or the pair bound with target `c` reaches
/// `cap` (the caller knows the radius is below it).
pub(super) fn final_colour_cuts(
    node: &Node,
    n: usize,
    counts: &[u32; MAX_COLOURS],
    (cap, lone): (u32, u64),
    regions: &mut Far,
) -> bool {
    // The colours whose pair bound must reach `cap`, as a bitset: those the colour bound
    // and the colour-radius bound leave open.
    let mut open = open_colours(counts, cap) & lone;
    if open == 0 {
        return true;
    }
    // `⌈φ_c / 2⌉ ≥ cap` takes `φ_c ≥ 2·cap − 1`, so `d ≥ 2·cap − 3`.
    let need = 2 * cap - 1;
    let far = need.saturating_sub(2);
    regions.fill(node, far);
    for (i, &u) in regions.list.iter().enumerate() {
        let row = &node.dist[u * n..(u + 1) * n];
        let cu = usize::from(node.col[u]);
        for &w in &regions.list[i + 1..] {
            let d = u32::from(row[w]);
            if d < far {
                continue;
            }
            open &= !colours_met(d, cu, usize::from(node.col[w]), need);
            if open == 0 {
                return true;
            }
        }
    }
    open == 0
}

/// Whether a pair at distance `d` with end colours `cu`, `cw` in a child cuts it at the
/// potential `critical` (`2·left − 1` for a child with `left − 1` moves left): its pair
/// potential reaches `critical`, or (without a target) every final colour still in `open`
/// has met a pair whose final-colour potential reaches it, this one included (`open`
/// loses the colours this pair meets; see [`colours_met`]).
pub(super) fn pair_reaches(
    target: Option<Colour>,
    (d, cu, cw): (u32, Colour, Colour),
    critical: u32,
    open: &mut u64,
) -> bool {
    if d + pair_delta(target, cu, cw) >= critical {
        return true;
    }
    if target.is_some() {
        return false;
    }
    *open &= !colours_met(d, usize::from(cu), usize::from(cw), critical);
    *open == 0
}

/// The colours `c` (as a bitset) for which a pair at distance `d` with end colours `cu`
/// and `cw` has a final-colour potential `d + [cu ≠ c] + [cw ≠ c]` of at least `need`:
/// colours other than the two ends get `d + 2`, the ends' colours less.
pub(super) fn colours_met(d: u32, cu: usize, cw: usize, need: u32) -> u64 {
    if d >= need || (d + 1 >= need && cu != cw) {
        !0
    } else if d + 2 >= need {
        !((1u64 << cu) | (1u64 << cw))
    } else {
        0
    }
}

/// The colour-distance bound (`kami/docs/solver.md`, *Lower bounds*): the largest, over pairs of alive regions
/// `u, w`, of `⌈(d(u, w) + δ(u, w)) / 2⌉`, where `δ` is 1 when their colours differ
/// (without a target) or the number of the two not of the target colour (with one).
/// Saturated matrix entries are at most the true distances, so the bound stays a lower
/// bound.
pub(super) fn pair_bound(node: &Node, n: usize, target: Option<Colour>, far: &mut Far) -> u32 {
    let slack = if target.is_some() { 2 } else { 1 };
    let mut best = bits(&node.alive).map(|u| u32::from(node.ecc[u])).max().unwrap_or(0);
    // Only pairs at distance above `best − slack` can beat it; `best` only grows.
    let least = (best + 1).saturating_sub(slack);
    far.fill(node, least);
    for (i, &u) in far.list.iter().enumerate() {
        if u32::from(node.ecc[u]) + slack <= best {
            // No pair with `u` beats the best: `d(u, w) + δ ≤ ecc(u) + slack`.
            continue;
        }
        let row = &node.dist[u * n..(u + 1) * n];
        let cu = node.col[u];
        for &w in &far.list[i + 1..] {
            let d = row[w];
            // Distances first; most pairs cannot beat the best.
            if u32::from(d) + slack <= best {
                continue;
            }
            let cw = node.col[w];
            best = best.max(u32::from(d) + pair_delta(target, cu, cw));
        }
    }
    best.div_ceil(2)
}

/// The colour part `δ` of a pair's potential (`kami/docs/solver.md`, *Pair bound*): with a target,
/// how many of the pair's colours `cu`, `cw` are not the target; without, whether they
/// differ.
pub(super) fn pair_delta(target: Option<Colour>, cu: Colour, cw: Colour) -> u32 {
    match target {
        Some(t) => u32::from(cu != t) + u32::from(cw != t),
        None => u32::from(cu != cw),
    }
}

/// Whether some colour other than the target has one region now or after one move (see
/// the colour bound in `kami/docs/solver.md`): a colour with one or two regions, or a region
/// touching every region of some other colour.
pub(super) fn single_within_one_move(
    island: &Island,
    node: &Node,
    counts: &[u32; MAX_COLOURS],
    target: Option<Colour>,
    masks: &mut Vec<u64>,
) -> bool {
    let free = |c: usize| Some(c as Colour) != target;
    if counts.iter().enumerate().any(|(c, &m)| (m == 1 || m == 2) && free(c)) {
        return true;
    }
    let w = island.words;
    colour_region_masks(node, w, masks);
    (0..MAX_COLOURS)
        .filter(|&x| counts[x] > 0 && free(x))
        .any(|x| covered_outside((node, w), &masks[x * w..(x + 1) * w], None, None))
}

/// The regions of each colour of `node`, as bitsets of `w` words, colour after colour.
pub(super) fn colour_region_masks(node: &Node, w: usize, masks: &mut Vec<u64>) {
    masks.clear();
    masks.resize(MAX_COLOURS * w, 0);
    for s in bits(&node.alive) {
        let c = usize::from(node.col[s]);
        masks[c * w + s / 64] |= 1 << (s % 64);
    }
}

/// The regions of each colour of a node, and the regions touching all of them (for
/// [`single_within_one_move_after`]), as bitsets of `w` words, colour after colour.
#[derive(Default)]
pub(super) struct ColourSets {
    /// Whether the sets are those of the current node at their depth.
    pub(super) ready: bool,
    /// Whether the node itself has a colour other than the target with one region now
    /// or after one move (`single_within_one_move`).
    pub(super) near: bool,
    /// The colours present, and those with one or two regions (bitsets).
    present: u64,
    few: u64,
    masks: Vec<u64>,
    /// The regions next to every region of the colour: the intersection of their rows,
    /// adjacency being symmetric.
    covers: Vec<u64>,
}

impl ColourSets {
    /// Computes the sets of `node` (`w` words per bitset).
    pub(super) fn fill(&mut self, node: &Node, w: usize, target: Option<Colour>) {
        (self.present, self.few) = (0, 0);
        for (c, &m) in node.counts.iter().enumerate() {
            self.present |= u64::from(m > 0) << c;
            self.few |= u64::from(m.wrapping_sub(1) < 2) << c;
        }
        colour_region_masks(node, w, &mut self.masks);
        self.covers.clear();
        self.covers.resize(MAX_COLOURS * w, u64::MAX);
        for c in bits(&[self.present]) {
            let cover = &mut self.covers[c * w..(c + 1) * w];
            for s in bits(&self.masks[c * w..(c + 1) * w]) {
                for (a, &b) in cover.iter_mut().zip(&node.adj[s * w..(s + 1) * w]) {
                    *a &= b;
                }
            }
        }
        let free = self.present & !target.map_or(0, |t| 1u64 << t);
        self.near =
            self.few & free != 0 || bits(&[free]).any(|c| self.covers[c * w..(c + 1) * w].iter().any(|&a| a != 0));
        self.ready = true;
    }

    /// The set the move tapping `r` to colour `x` merges (`r` and its neighbours of colour
    /// `x`), as a bitset into `out`, from the node's sets (`w` words per bitset).
    pub(super) fn merged_by(&self, node: &Node, w: usize, r: usize, x: Colour, out: &mut [u64]) {
        let (row, mask) = (&node.adj[r * w..(r + 1) * w], &self.masks[usize::from(x) * w..(usize::from(x) + 1) * w]);
        for ((o, &a), &m) in out.iter_mut().zip(row).zip(mask) {
            *o = a & m;
        }
        out[r / 64] |= 1 << (r % 64);
    }
}

/// [`single_within_one_move`] of the child of `node` by the move tapping `r` to colour
/// `x` (colour counts `child`), read off the node's structure without building the child:
/// `merged` is the set `S` the move merges (a bitset: `r` and its neighbours of colour
/// `x`) and `sets` the node's [`ColourSets`]; `around` is a buffer of `w` words.
///
/// The child's regions are the node's outside `S`, with their colours, and `S` as one
/// region `S'` of colour `x`. The child's neighbours of a region `t` outside `S` are the
/// node's outside `S`, plus `S'` when `t` touches `S`; those of `S'` are the neighbours of
/// `S` outside it (`around`). For a colour `y` with at least three regions in the child
/// (fewer are caught by the counts), let `Y` be the node's regions of colour `y` outside
/// `S`: they are the child's regions of colour `y`, with `S'` when `y = x`. (`S` holds no
/// region of colour `y` unless `y` is `x` or `r`'s colour `a`.)
///
/// * A region `t` outside `S` touches every region of colour `y` in the child when it is
///   next to every region of `Y` in the node (the intersection of their rows, adjacency
///   being symmetric: the node's for colour `y` when `S` holds none of it), and when
///   `y = x`, also next to `S` (in `around`).
/// * `S'`, when `y ≠ x` (else it has the colour), when `around` holds `Y`.
pub(super) fn single_within_one_move_after(
    (node, w): (&Node, usize),
    (r, x, merged): (usize, Colour, &[u64]),
    child: &[u32; MAX_COLOURS],
    target: Option<Colour>,
    (sets, around): (&ColourSets, &mut [u64]),
) -> bool {
    // The child's counts differ from the node's for `a` and `x` only.
    let (a, x) = (usize::from(node.col[r]), usize::from(x));
    let (mut open, mut few) = (sets.present, sets.few);
    for c in [a, x] {
        let m = child[c];
        open = open & !(1 << c) | u64::from(m > 0) << c;
        few = few & !(1 << c) | u64::from(m.wrapping_sub(1) < 2) << c;
    }
    let free = !target.map_or(0, |t| 1u64 << t);
    if few & free != 0 {
        return true;
    }
    open &= free;
    let outside = |row: &[u64]| row.iter().zip(merged).any(|(&t, &m)| t & !m != 0);
    // The colours `S` holds none of, first: their common neighbours are the node's.
    let plain = open & !(1 << a) & !(1 << x);
    if bits(&[plain]).any(|y| outside(&sets.covers[y * w..(y + 1) * w])) {
        return true;
    }
    set_neighbours((node, w), merged, around);
    let held = |around: &[u64], y: usize| {
        let mask = &sets.masks[y * w..(y + 1) * w];
        (0..w).all(|k| mask[k] & !merged[k] & !around[k] == 0)
    };
    if bits(&[plain]).any(|y| held(around, y)) {
        return true;
    }
    if open >> a & 1 == 1
        && (covered_outside((node, w), &sets.masks[a * w..(a + 1) * w], Some(merged), None) || held(around, a))
    {
        return true;
    }
    open >> x & 1 == 1 && covered_outside((node, w), &sets.masks[x * w..(x + 1) * w], Some(merged), Some(around))
}

/// The neighbours of the regions of `set` (a bitset of `w` words) outside it, into `out`.
pub(super) fn set_neighbours((node, w): (&Node, usize), set: &[u64], out: &mut [u64]) {
    out.fill(0);
    for s in bits(set) {
        for (t, &b) in out.iter_mut().zip(&node.adj[s * w..(s + 1) * w]) {
            *t |= b;
        }
    }
    for (t, &m) in out.iter_mut().zip(set) {
        *t &= !m;
    }
}

/// Whether a region outside `skip` (and in `near`), if given, is next to every region of
/// `mask` outside `skip`, which must hold one: such a region is a neighbour of the first
/// of them, so only those are tried.
fn covered_outside((node, w): (&Node, usize), mask: &[u64], skip: Option<&[u64]>, near: Option<&[u64]>) -> bool {
    let has = |set: &[u64], t: usize| set[t / 64] >> (t % 64) & 1 == 1;
    let wanted = |k: usize| mask[k] & !skip.map_or(0, |skip| skip[k]);
    let Some(s0) = (0..w).find_map(|k| (wanted(k) != 0).then(|| k * 64 + wanted(k).trailing_zeros() as usize)) else {
        return false;
    };
    bits(&node.adj[s0 * w..(s0 + 1) * w]).any(|t| {
        skip.is_none_or(|skip| !has(skip, t))
            && near.is_none_or(|near| has(near, t))
            && (0..w).all(|k| wanted(k) & !node.adj[t * w + k] == 0)
    })
}

/// The colour bound (`kami/docs/solver.md`, *Lower bounds*) from the number of regions of each colour.
pub(super) fn colour_bound(counts: &[u32; MAX_COLOURS], target: Option<Colour>) -> u32 {
    let mut k = counts.iter().filter(|&&c| c > 0).count() as u32;
    if let Some(t) = target {
        if counts[usize::from(t)] == 0 {
            k += 1;
        }
    }
    let single = counts.iter().enumerate().any(|(c, &n)| n == 1 && Some(c as Colour) != target);
    match k {
        0 | 1 => 0,
        _ if single => k - 1,
        _ => k,
    }
}

/// The present colours `c` (as a bitset) whose colour bound with target `c` is below
/// `cap`: the same as testing [`colour_bound`]`(counts, Some(c))` for each, in one pass.
/// With a present target `c` the bound is `K − 1` when a colour other than `c` has one
/// region, else `K` (0 when `K ≤ 1`).
pub(super) fn open_colours(counts: &[u32; MAX_COLOURS], cap: u32) -> u64 {
    let (present, singles) = colour_masks(counts);
    let k = present.count_ones();
    if k <= 1 {
        return if cap > 0 { present } else { 0 };
    }
    match cap.cmp(&k) {
        // Every bound, `K − 1` or `K`, is below the cap.
        std::cmp::Ordering::Greater => present,
        // Only the colours `c` with a single region of another colour get `K − 1 < cap`.
        std::cmp::Ordering::Equal => match singles.count_ones() {
            0 => 0,
            1 => present & !singles,
            _ => present,
        },
        std::cmp::Ordering::Less => 0,
    }
}

/// The colour bound of the child in which a region of colour `a` turned `x` and merged
/// with `merges` neighbours of colour `x`, from the parent's colour counts: the same value
/// as [`colour_bound`] on the child's counts (only `a` and `x` change), in constant time
/// without a target.
pub(super) fn child_colour_bound(
    counts: &[u32; MAX_COLOURS],
    present: u32,
    singles: u32,
    a: Colour,
    x: Colour,
    merges: u32,
    target: Option<Colour>,
) -> u32 {
    if target.is_some() {
        return colour_bound(&moved_counts(counts, a, x, merges), target);
    }
    let (a, x) = (usize::from(a), usize::from(x));
    let (ma, mx) = (counts[a] - 1, counts[x] + 1 - merges);
    let k = present - u32::from(ma == 0) + u32::from(counts[x] == 0);
    let singles =
        singles - u32::from(counts[a] == 1) - u32::from(counts[x] == 1) + u32::from(ma == 1) + u32::from(mx == 1);
    match k {
        0 | 1 => 0,
        _ if singles > 0 => k - 1,
        _ => k,
    }
}

/// The colour counts after a region of colour `a` turned `x` and merged with `merges`
/// neighbours of colour `x`.
pub(super) fn moved_counts(counts: &[u32; MAX_COLOURS], a: Colour, x: Colour, merges: u32) -> [u32; MAX_COLOURS] {
    let mut child = *counts;
    move_counts(&mut child, a, x, merges);
    child
}

/// The number of colours present and of colours with exactly one region.
pub(super) fn colour_summary(counts: &[u32; MAX_COLOURS]) -> (u32, u32) {
    let (present, singles) = colour_masks(counts);
    (present.count_ones(), singles.count_ones())
}

/// The colours present and the colours with exactly one region, as bitsets (one pass).
pub(super) fn colour_masks(counts: &[u32; MAX_COLOURS]) -> (u64, u64) {
    let (mut present, mut singles) = (0u64, 0u64);
    for (c, &m) in counts.iter().enumerate() {
        present |= u64::from(m > 0) << c;
        singles |= u64::from(m == 1) << c;
    }
    (present, singles)
}

/// The radius of the node's region graph by bit-parallel breadth-first search from every
/// region at once, computed only up to `cap`.
pub(super) fn bfs_radius(island: &Island, node: &Node, cap: u32, scratch: &mut Scratch) -> u32 {
    let w = island.words;
    // Radius: after `d` rounds, reach[u] = the regions within distance d of u.
    for u in bits(&node.alive) {
        scratch.reach[u * w..(u + 1) * w].fill(0);
        scratch.reach[u * w + u / 64] |= 1 << (u % 64);
    }
    let mut d = 0;
    while d < cap {
        scratch.acc.copy_from_slice(&node.alive);
        for u in bits(&node.alive) {
            for k in 0..w {
                scratch.acc[k] &= scratch.reach[u * w + k];
            }
        }
        if scratch.acc.iter().any(|&a| a != 0) {
            break;
        }
        for u in bits(&node.alive) {
            for k in 0..w {
                scratch.next[u * w + k] = scratch.reach[u * w + k];
            }
            for v in bits(&node.adj[u * w..(u + 1) * w]) {
                for k in 0..w {
                    scratch.next[u * w + k] |= scratch.reach[v * w + k];
                }
            }
        }
        std::mem::swap(&mut scratch.reach, &mut scratch.next);
        d += 1;
    }
    d
}

/// The colours of `far` (the regions at a centre's eccentricity) as a one-bit set when
/// they are all one colour, else 0 (stopping at the second colour): a centre's lone far
/// colour (see `bounds::lone_far_colours`).
pub(super) fn lone_colour(far: impl Iterator<Item = Colour>) -> u64 {
    let mut seen = 0u64;
    for c in far {
        seen |= 1 << c;
        if !seen.is_power_of_two() {
            return 0;
        }
    }
    seen
}

/// The alive regions of eccentricity at least some distance, in index order: the only
/// possible ends of a pair at that distance (the pair scans read only their rows' entries
/// for each other).
#[derive(Default)]
pub(super) struct Far {
    pub(super) list: Vec<usize>,
    /// The pairs [`pair_taps`](super::children::pair_taps) records below the critical potential, which it lists after
    /// the critical ones.
    pub(super) near: Vec<(u16, u16, u8)>,
}

impl Far {
    /// Fills in the alive regions of `node` whose eccentricity is at least `at_least`.
    pub(super) fn fill(&mut self, node: &Node, at_least: u32) {
        self.list.clear();
        self.list.extend(bits(&node.alive).filter(|&u| u32::from(node.ecc[u]) >= at_least));
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::solver::reference::bfs_optimum;
    use crate::solver::test_support::{big_level_strategy, colour_counts, random_play, reachable_islands};
    use crate::testutil::level_strategy;
    use crate::{Level, RegionGraph};

    proptest! {
        /// `open_colours` lists exactly the present colours whose colour bound with that
        /// colour as the target is below the cap.
        #[test]
        fn open_colours_matches_the_colour_bound(
            few in proptest::collection::vec(0u32..4, 6),
            cap in 0u32..8,
        ) {
            let mut counts = [0u32; MAX_COLOURS];
            counts[..few.len()].copy_from_slice(&few);
            let slow = (0..MAX_COLOURS)
                .filter(|&c| counts[c] > 0 && colour_bound(&counts, Some(c as Colour)) < cap)
                .fold(0u64, |open, c| open | 1 << c);
            prop_assert_eq!(open_colours(&counts, cap), slow);
        }
    }

    /// A random connected coloured graph with 2 to 10 vertices and 2 to 4 colours (a random
    /// spanning tree plus random extra edges, any shape: not only triangle levels),
    /// contracted into regions: the regions' colours and neighbour lists.
    fn graph_strategy() -> impl Strategy<Value = (Vec<Colour>, Vec<Vec<usize>>)> {
        (2usize..11, 2u8..5).prop_flat_map(|(n, k)| {
            let colours = proptest::collection::vec(0u8..k, n);
            let tree = proptest::collection::vec(0usize..1000, n);
            let extra = proptest::collection::vec(0u8..3, n * (n - 1) / 2);
            (colours, tree, extra).prop_map(move |(colours, tree, extra)| {
                let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (tree[v] % v, v)).collect();
                let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b)));
                edges.extend(pairs.zip(&extra).filter(|&(_, &e)| e == 0).map(|(p, _)| p));
                let mut sets = engine::UnionFind::new(n);
                for &(a, b) in &edges {
                    if colours[a] == colours[b] {
                        sets.union(a, b);
                    }
                }
                let mut region = vec![usize::MAX; n];
                let mut region_colours = Vec::new();
                for v in 0..n {
                    let root = sets.find(v);
                    if region[root] == usize::MAX {
                        region[root] = region_colours.len();
                        region_colours.push(colours[v]);
                    }
                    region[v] = region[root];
                }
                let mut adjacency = vec![Vec::new(); region_colours.len()];
                for &(a, b) in &edges {
                    let (ra, rb) = (region[a], region[b]);
                    if ra != rb && !adjacency[ra].contains(&rb) {
                        adjacency[ra].push(rb);
                        adjacency[rb].push(ra);
                    }
                }
                (region_colours, adjacency)
            })
        })
    }

    /// The exact number of moves to flood a coloured graph into one region, to any colour
    /// (`None` key) and to each colour of `palette`, by breadth-first search over colourings.
    fn graph_distances(
        colours: &[Colour],
        adjacency: &[Vec<usize>],
        palette: &[Colour],
    ) -> Vec<(Option<Colour>, usize)> {
        let n = colours.len();
        let component = |state: &[Colour], v: usize| {
            let mut out = vec![v];
            let mut head = 0;
            while head < out.len() {
                for &u in &adjacency[out[head]] {
                    if state[u] == state[v] && !out.contains(&u) {
                        out.push(u);
                    }
                }
                head += 1;
            }
            out
        };
        let mut found: Vec<(Option<Colour>, usize)> = Vec::new();
        let mut layer = vec![colours.to_vec()];
        let mut seen: rustc_hash::FxHashSet<Vec<Colour>> = layer.iter().cloned().collect();
        for depth in 0.. {
            for state in &layer {
                if component(state, 0).len() == n {
                    if found.is_empty() {
                        found.push((None, depth));
                    }
                    if !found.iter().any(|&(t, _)| t == Some(state[0])) {
                        found.push((Some(state[0]), depth));
                    }
                }
            }
            if found.len() == palette.len() + 1 {
                return found;
            }
            let mut next = Vec::new();
            for state in &layer {
                for v in 0..n {
                    let comp = component(state, v);
                    for &c in palette {
                        if c != state[v] {
                            let mut s = state.clone();
                            for &g in &comp {
                                s[g] = c;
                            }
                            if seen.insert(s.clone()) {
                                next.push(s);
                            }
                        }
                    }
                }
            }
            layer = next;
        }
        unreachable!("every colouring of a connected graph can be flooded")
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

        /// On random coloured graphs of any shape, the pair bound and the whole heuristic
        /// never exceed the exact distance found by exhaustive breadth-first search, with
        /// and without a target colour.
        #[test]
        fn bounds_never_exceed_the_exact_distance_on_random_graphs((colours, adjacency) in graph_strategy()) {
            let mut palette = colours.clone();
            palette.sort_unstable();
            palette.dedup();
            let island = Island::from_adjacency((0..colours.len() as u32).collect(), colours.clone(), &adjacency);
            let node = island.root();
            let mut scratch = Scratch::new(&island);
            for (target, exact) in graph_distances(&colours, &adjacency, &palette) {
                let pair = pair_bound(&node, island.n, target, &mut Far::default());
                prop_assert!(pair as usize <= exact, "pair bound {} > exact {} for {:?}: {:?} {:?}", pair, exact, target, colours, adjacency);
                let radius = plain_colour_radius(&colours, &adjacency, target);
                prop_assert!(radius as usize <= exact, "colour radius {} > exact {} for {:?}: {:?} {:?}", radius, exact, target, colours, adjacency);
                prop_assert!(heuristic(&island, &node, target, u32::MAX, &mut scratch) >= radius);
                let h = heuristic(&island, &node, target, u32::MAX, &mut scratch);
                prop_assert!(h as usize <= exact, "bound {} > exact {} for {:?}: {:?} {:?}", h, exact, target, colours, adjacency);
            }
        }
    }

    /// The colour-radius bound (`kami/docs/solver.md`, *Lower bounds*) computed plainly, by breadth-first search from
    /// every region: the least over regions `u` of the largest `d(u, v) + [colour(v) ≠ c]`,
    /// for the target `c`, or the least over the present colours without one.
    fn plain_colour_radius(colours: &[Colour], adjacency: &[Vec<usize>], target: Option<Colour>) -> u32 {
        let n = colours.len();
        let distances: Vec<Vec<u32>> = (0..n)
            .map(|s| {
                let mut d = vec![u32::MAX; n];
                d[s] = 0;
                let mut queue = std::collections::VecDeque::from([s]);
                while let Some(u) = queue.pop_front() {
                    for &v in &adjacency[u] {
                        if d[v] == u32::MAX {
                            d[v] = d[u] + 1;
                            queue.push_back(v);
                        }
                    }
                }
                d
            })
            .collect();
        let radius_for = |c: Colour| {
            let ecc = |u: usize| (0..n).map(|v| distances[u][v] + u32::from(colours[v] != c)).max().unwrap_or(0);
            (0..n).map(ecc).min().unwrap_or(0)
        };
        match target {
            Some(t) => radius_for(t),
            None => colours.iter().map(|&c| radius_for(c)).min().unwrap_or(0),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

        /// The lower bound (colour bound with its one-move look-ahead, radius), with and
        /// without a target colour, never exceeds the exact distance, on every state
        /// reachable from small one-island levels.
        #[test]
        fn bounds_never_exceed_the_exact_distance_on_reachable_states(level in level_strategy()) {
            for (here, island, exact) in reachable_islands(&level, 8, 60) {
                let node = island.root();
                let mut scratch = Scratch::new(&island);
                for (target, exact) in exact {
                    let h = heuristic(&island, &node, target, u32::MAX, &mut scratch);
                    prop_assert!(h as usize <= exact, "bound {} > exact {} for target {:?} on\n{}", h, exact, target, here);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// On bigger levels, through random play, with and without a target colour: the
        /// colour look-ahead of every child read off its parent (`single_within_one_move_after`)
        /// is the look-ahead of the child built, and the parent's `ColourSets::near` its own.
        #[test]
        fn look_ahead_read_off_the_parent_is_the_childs(level in big_level_strategy(), picks in proptest::collection::vec(0usize..1000, 0..12)) {
            let palette = level.colours_used();
            random_play(&level, &picks, &palette, |island, node, moves| {
                let w = island.words;
                let (mut sets, mut masks, mut merged) = (ColourSets::default(), Vec::new(), vec![0u64; w]);
                let mut around = vec![0u64; w];
                for target in std::iter::once(None).chain(palette.iter().map(|&c| Some(c))) {
                    sets.fill(node, w, target);
                    prop_assert_eq!(sets.near, single_within_one_move(island, node, &node.counts, target, &mut masks));
                    for &(r, x) in moves {
                        let mut child = node.clone();
                        island.apply(&mut child, r, x, &mut merged);
                        let built = single_within_one_move(island, &child, &child.counts, target, &mut masks);
                        // The merged set `S`: `r` and the neighbours `apply` merged into it.
                        merged[r / 64] |= 1 << (r % 64);
                        let mut by = vec![0u64; w];
                        sets.merged_by(node, w, r, x, &mut by);
                        prop_assert_eq!(&by, &merged);
                        let read = single_within_one_move_after(
                            (node, w), (r, x, &merged), &child.counts, target, (&sets, &mut around),
                        );
                        prop_assert_eq!(read, built, "move ({}, {}), target {:?}", r, x, target);
                    }
                }
                Ok(())
            })?;
        }
    }

    /// Levels where the colour bound's one-move look-ahead is the best bound and exact.
    #[test]
    fn colour_look_ahead_is_tight_on_small_levels() {
        for text in ["02120\n00112\n01002\n22101\n", "010\n021\n202\n012\n"] {
            let level: Level = text.parse().unwrap();
            let graph = RegionGraph::new(&level);
            let island = Island::new(&graph, &graph.islands()[0]);
            let node = island.root();
            let counts = colour_counts(&node);
            let plain = colour_bound(&counts, None);
            assert!(!single_within_one_move(&island, &node, &counts, None, &mut Vec::new()), "{text}");
            let h = heuristic(&island, &node, None, u32::MAX, &mut Scratch::new(&island));
            assert_eq!(h, plain + 1, "{text}");
            assert!(node.radius < h, "{text}");
            assert_eq!(bfs_optimum(&level, 100_000).unwrap().len(), h as usize, "{text}");
        }
    }
}
