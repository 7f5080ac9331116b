//! What a child reads off its parent before it is built: the radius and colour-radius
//! tests and the tap filters (read off the parent's distance matrix), and what the search
//! records of a move for the partial-order reduction and the table (`Last`, `Swap` with
//! its proof, `kept_colours`, `ChildKey`, `context_key`), with the [`Problem`] and the
//! [`Table`] the cuts read. See [`children`](super).

use crate::Colour;
use crate::solver::bounds::{Far, lone_colour, pair_delta};
use crate::solver::node::{Island, Node, bits, entries_at_least};

/// What the moves and the child tests of one search read besides the node: the island,
/// the target colour of a search that must end in one, and the level's palette (the
/// colours a move may use).
#[derive(Clone, Copy)]
pub(in crate::solver) struct Problem<'a> {
    pub(in crate::solver) island: &'a Island,
    pub(in crate::solver) target: Option<Colour>,
    pub(in crate::solver) palette: &'a [Colour],
}

/// The transposition table as the child tests see it (see [`cut_before_playing`](super::cut_before_playing)): a
/// proven lower bound stored for a key (0 when none is), and raising one.
pub(in crate::solver) trait Table {
    /// The bound stored for `key` (0 when none is).
    fn stored(&self, key: u128) -> u32;
    /// Raises the bound stored for `key` to `bound`.
    fn store(&mut self, key: u128, bound: u32);
}

/// Whether the child by the merge of the regions `merged` (a bitset, recoloured `x`) has
/// a radius above `limit`, or of exactly `limit` with no colour of `open` among its lone
/// far colours (see `bounds::lone_far_colours`: the colours some centre sees alone at
/// distance `limit`), so that its radius or colour-radius bound exceeds `limit` for every
/// final colour of `open`.
///
/// Read off the current matrix without changing it, by the rule of [`merge_distances`](crate::solver::node::merge_distances),
/// given the merged set's row `ds` (see [`merged_row`](crate::solver::node::merged_row)): the merged region and every
/// remaining region of `centres` is tried as a centre of the child, those of the smallest
/// eccentricity first (the likeliest to decide "no"). Exact when `centres` holds every
/// alive region that could be a centre of eccentricity at most `limit` (all alive regions,
/// or the set [`radius_taps`] found). Regions whose eccentricity exceeds `limit + 2` are
/// skipped: a merge of a set of diameter at most 2 shortens no distance by more than 2.
pub(in crate::solver) fn colour_radius_cut(
    node: &Node,
    n: usize,
    (merged, x): (&[u64], Colour),
    limit: u32,
    (centres, open): (&[u64], u64),
    ds: &[u8],
    witnesses: Option<&mut CentreWitnesses>,
) -> bool {
    let (dist, eccs, alive) = (&node.dist[..], &node.ecc[..], &node.alive[..]);
    let Ok(limit) = u8::try_from(limit) else { return false };
    // Whether a centre of the child, whose row of the parent's matrix is `row` (`ds`
    // itself for the merged region, with `du = 0`) and whose distance to the merged set is
    // `du`, leaves the child within the bound: an eccentricity below `limit`, or at it with
    // one far colour, of `open`.
    let within = |row: &[u8], du: u8| {
        let child = |(&d, &s): (&u8, &u8)| d.min(du.saturating_add(s));
        let ecc = row.iter().zip(ds).map(child).fold(0u8, u8::max);
        if ecc != limit {
            return ecc < limit;
        }
        let far = row.iter().zip(ds).enumerate().filter_map(|(v, (&d, &s))| {
            let at = d.min(du.saturating_add(s)) == limit && alive[v / 64] >> (v % 64) & 1 == 1;
            at.then(|| if s == 0 { x } else { node.col[v] })
        });
        lone_colour(far) & open != 0
    };
    if within(ds, 0) {
        return false;
    }
    let has = |set: &[u64], u: usize| set[u / 64] >> (u % 64) & 1 == 1;
    // Whether region `u` (alive, not merged, of eccentricity at most `limit + 2`) is a
    // centre of the child within the bound.
    let centre = |u: usize, witnesses: Option<(u16, u16)>| {
        let (row, du) = (&dist[u * n..(u + 1) * n], ds[u]);
        if let Some((v, w)) = witnesses.filter(|&(v, _)| v != NO_WITNESS) {
            // The witnesses of `u` (see `CentreWitnesses`) read in the child.
            let at = |v: u16| row[usize::from(v)].min(du.saturating_add(ds[usize::from(v)]));
            let colour = |v: u16| if ds[usize::from(v)] == 0 { x } else { node.col[usize::from(v)] };
            if eccs[u] > limit && at(v) > limit {
                return false;
            }
            if w != NO_WITNESS && at(v) == limit && at(w) == limit && colour(v) != colour(w) {
                return false;
            }
        }
        within(row, du)
    };
    if let Some(ws) = witnesses {
        // The candidates listed once for the node, in the same order as below.
        for i in 0..ws.order.len() {
            let u = ws.order[i];
            if has(centres, u) && !has(merged, u) && centre(u, Some(ws.of(node, n, u))) {
                return false;
            }
        }
        return true;
    }
    // The regions whose eccentricity is at most `limit` first, then the others.
    for near in [true, false] {
        for (k, (&a, &c)) in alive.iter().zip(centres).enumerate() {
            let mut word = a & c & !merged[k];
            while word != 0 {
                let u = k * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if (eccs[u] <= limit) != near || u32::from(eccs[u]) > u32::from(limit) + 2 {
                    continue;
                }
                if centre(u, None) {
                    return false;
                }
            }
        }
    }
    true
}

/// No second witness (see [`CentreWitnesses`]).
pub(in crate::solver) const NO_WITNESS: u16 = u16::MAX;

/// For [`colour_radius_cut`] at a node whose radius is at least `limit`: the regions that
/// may be centres of a child within `limit`, in the order the cut tries them, and their
/// witnesses.
#[derive(Default)]
pub(in crate::solver) struct CentreWitnesses {
    /// The alive regions of eccentricity at most `limit`, then those of eccentricity
    /// `limit + 1` or `limit + 2`, each in index order (no distance shrinks by more than 2
    /// in a merge, so no other region can be a child's centre within `limit`).
    pub(in crate::solver) order: Vec<usize>,
    /// `of[u]` for each region `u` of `order`, once the method `of` found it: a
    /// region `v` at distance `ecc(u)` and, when `ecc(u) = limit`, a region `w` at distance
    /// `limit` of another colour than `v`'s (`NO_WITNESS` if there is none). In a child
    /// where `v` is still farther than `limit` from `u`, or `v` and `w` are both still at
    /// `limit` in two colours, `u` cannot be a centre within the bound (its eccentricity
    /// exceeds `limit`, or equals it with two far colours), which the cut then knows
    /// without reading `u`'s row. Witnesses only save work: the cut reads the row whenever
    /// they do not settle `u`. They are found for a region when a child first tries it as
    /// a centre (most regions never are, when the tap filter lists the centres).
    pub(in crate::solver) of: Vec<Option<(u16, u16)>>,
    /// The limit they are found for.
    pub(in crate::solver) limit: u8,
}

impl CentreWitnesses {
    /// Lists the candidate centres at `node` for `limit`; their witnesses are found when
    /// first needed (by the method `of`).
    pub(in crate::solver) fn fill(&mut self, node: &Node, n: usize, limit: u32) {
        self.order.clear();
        self.of.clear();
        self.of.resize(n, None);
        let Ok(limit) = u8::try_from(limit) else { return };
        self.limit = limit;
        let ecc = |u: usize| u32::from(node.ecc[u]);
        let limit = u32::from(limit);
        self.order.extend(bits(&node.alive).filter(|&u| ecc(u) <= limit));
        self.order.extend(bits(&node.alive).filter(|&u| ecc(u) > limit && ecc(u) <= limit + 2));
    }

    /// The witnesses of the region `u` of `order` (see the field `of`), found once.
    pub(in crate::solver) fn of(&mut self, node: &Node, n: usize, u: usize) -> (u16, u16) {
        if let Some(of) = self.of[u] {
            return of;
        }
        let ecc = node.ecc[u];
        let alive_at = |v: usize| node.alive[v / 64] >> (v % 64) & 1 == 1;
        let row = &node.dist[u * n..(u + 1) * n];
        let mut far = entries_at_least(row, 0, u32::from(ecc)).map(|(v, _)| v).filter(|&v| alive_at(v));
        let of = match far.next() {
            Some(v) => {
                let w = if ecc == self.limit { far.find(|&w| node.col[w] != node.col[v]) } else { None };
                (v as u16, w.map_or(NO_WITNESS, |w| w as u16))
            }
            None => (NO_WITNESS, NO_WITNESS),
        };
        self.of[u] = Some(of);
        of
    }
}

/// The regions `r` whose tap may leave a region graph of radius at most `limit`, into
/// `taps`; `false` when that is every alive region (nothing to filter).
///
/// A tap of `r` merges a set `S ⊆ N[r]`, so `d(u, S) ≥ d(u, r) − 1` for every region `u`.
/// Write `F_u = {v : d(u, v) > limit}`. After the merge the distances are
/// `d'(u, v) = min(d(u, v), d(u, S) + d(S, v))`, and no distance shrinks by more than 2.
/// If the new radius is at most `limit`, some centre has eccentricity at most `limit`:
/// either a region `u ∉ S`, and then every `v ∈ F_u` has `d(u, S) + d(S, v) ≤ limit`, so
/// `d(u, r) + d(r, v) ≤ limit + 2`; or the merged region, and then `u = r` has
/// `d(r, v) ≤ d(S, v) + 1 ≤ limit + 1` for every `v`. In both cases `ecc(u) ≤ limit + 2`
/// and `d(u, r) + max over v ∈ F_u of d(r, v) ≤ limit + 2`: only regions `r` passing that
/// test for some such `u` are kept. Saturated matrix entries (255) are at most the true
/// distances, so the test only keeps more. Dead regions' columns repeat their region's
/// distances, so `v` ranges over alive regions. `out` also records which regions `u`
/// passed the test for each `r`: the only regions other than the merged one that can be a
/// centre after a tap of `r` (for [`colour_radius_cut`]).
pub(in crate::solver) fn radius_taps(node: &Node, n: usize, limit: u32, out: &mut TapFilter, far: &mut [u8]) -> bool {
    let (dist, eccs, alive) = (&node.dist[..], &node.ecc[..], &node.alive[..]);
    out.centres.clear();
    out.ok.clear();
    out.complete = false;
    let Ok(reach) = u8::try_from(limit + 2) else {
        out.taps.copy_from_slice(alive);
        return false;
    };
    out.any.clear();
    out.any.resize(n, 0);
    for u in bits(alive) {
        if eccs[u] > reach {
            continue;
        }
        let row_u = &dist[u * n..(u + 1) * n];
        far.fill(0);
        // `F_u`: a scan of the row eight entries at a time (most are within `limit`).
        for (v, _) in entries_at_least(row_u, 0, limit + 1) {
            if alive[v / 64] >> (v % 64) & 1 == 1 {
                for (f, &d) in far.iter_mut().zip(&dist[v * n..(v + 1) * n]) {
                    *f = (*f).max(d);
                }
            }
        }
        let at = out.ok.len();
        out.ok.resize(at + n, 0);
        let (ok, any, far) = (&mut out.ok[at..at + n], &mut out.any[..n], &far[..n]);
        for i in 0..n {
            ok[i] = u8::from(row_u[i].saturating_add(far[i]) <= reach);
            any[i] |= ok[i];
        }
        out.centres.push(u);
    }
    let mut all = true;
    for (k, &a) in alive.iter().enumerate() {
        let mut word = a;
        let mut taps = 0u64;
        while word != 0 {
            let r = k * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            taps |= u64::from(out.any[r]) << (r % 64);
        }
        out.taps[k] = taps;
        all &= taps == a;
    }
    out.complete = true;
    !all
}

/// The tap filter of one search node: what [`radius_taps`] and [`pair_taps`] found.
#[derive(Default)]
pub(in crate::solver) struct TapFilter {
    /// The regions whose tap may leave the radius at most `limit` (and, once
    /// [`tap_filter`](super::tap_filter) is done, the pair bound within the moves left too).
    pub(in crate::solver) taps: Vec<u64>,
    /// The regions `u` that may be centres after some tap.
    pub(in crate::solver) centres: Vec<usize>,
    /// `ok[i * n + r]`: whether `centres[i]` passed the test for a tap of `r`.
    pub(in crate::solver) ok: Vec<u8>,
    /// `any[r]`: whether some centre passed the test for `r`.
    pub(in crate::solver) any: Vec<u8>,
    /// Whether `centres` and `ok` hold every possible centre (see [`radius_taps`]).
    pub(in crate::solver) complete: bool,
    /// `keep[r]`: whether a tap of `r` may lower every pair potential that must drop (see
    /// [`pair_taps`]).
    pub(in crate::solver) keep: Vec<u8>,
    /// Pairs `(u, w, d(u, w))` whose potential is critical, then some within 2 of it (see
    /// [`pair_taps`]), for [`pair_cut`](super::cuts::pair_cut).
    pub(in crate::solver) pairs: Vec<(u16, u16, u8)>,
    /// The regions [`pair_taps`] reads (a buffer).
    pub(in crate::solver) far: Far,
    /// The centre witnesses for the limit `left − 1`, when `witnessed`.
    pub(in crate::solver) witnesses: CentreWitnesses,
    pub(in crate::solver) witnessed: bool,
    /// `keys[r]`: the smallest original region of each alive region `r` (the canonical
    /// order of the partial-order reduction), when `keyed` (see [`dead_end_cut`](super::cuts::dead_end_cut)).
    pub(in crate::solver) keys: Vec<usize>,
    pub(in crate::solver) keyed: bool,
}

impl TapFilter {
    /// The possible centres after a tap of `r`, as a bitset into `out`.
    pub(in crate::solver) fn centres_of(&self, r: usize, n: usize, out: &mut [u64]) {
        out.fill(0);
        for (i, &u) in self.centres.iter().enumerate() {
            out[u / 64] |= u64::from(self.ok[i * n + r]) << (u % 64);
        }
    }
}

/// Marks in `keep` the regions `r` whose tap may leave a pair bound of at most `left − 1`;
/// `false` when no pair needs to drop (then every region may).
///
/// For the child's pair bound to be at most `left − 1`, every pair `u, w` whose potential
/// `φ = d(u, w) + δ` (`kami/docs/solver.md`, *Pair bound*, with or without a target) is at least `2·left − 1` must
/// see it drop. A tap of `r` merges `S ⊆ N[r]`. `δ` (or the target indicators) changes
/// only when `u`'s or `w`'s region is `r`, and then `d(u, r) + d(r, w) = d(u, w)`. The
/// distance drops only when `d(u, S) + d(S, w) < d(u, w)` (for `u ∈ S`, read `d(u, S) = 0`,
/// and then `d(u, r) ≤ 1`), and `d(u, S) ≥ d(u, r) − 1`, `d(S, w) ≥ d(r, w) − 1`. So in every
/// case `d(u, r) + d(r, w) ≤ d(u, w) + 1`: `r` lies on or next to a shortest `u`–`w` path,
/// for every such pair. A pair with `φ = 2·left` must drop by 2, and then `r` lies on a
/// shortest path, `d(u, r) + d(r, w) ≤ d(u, w)`: if `u`'s region is `r` that holds with
/// equality (and likewise for `w`); otherwise `δ` and the indicators stay, so the distance
/// drops by 2, which for `u, w ∉ S` means `d(u, r) − 1 + d(r, w) − 1 ≤ d(u, S) + d(S, w) =
/// d − 2`, and for `u ∈ S` (so `d(u, r) = 1`) means `d(r, w) − 1 ≤ d(S, w) = d − 2`.
/// Saturated entries (255) only keep more regions.
pub(in crate::solver) fn pair_taps(
    node: &Node,
    n: usize,
    left: u32,
    target: Option<Colour>,
    keep: &mut Vec<u8>,
    pairs: &mut Vec<(u16, u16, u8)>,
    far: &mut Far,
) -> bool {
    let critical = 2 * left - 1;
    // The most `δ` (or the target indicators) add; pairs within 2 of critical are also
    // recorded, while there is room and after the critical ones, for the final-colour
    // test of `pair_cut`.
    let filter_slack = if target.is_some() { 2 } else { 1 };
    keep.clear();
    keep.resize(n, 1);
    pairs.clear();
    far.near.clear();
    // A pair within 2 of critical has both ends of eccentricity at least `critical − 2`:
    // only those regions are read (in index order, so the pairs come in row order).
    far.fill(node, critical.saturating_sub(2));
    let mut any = false;
    // The least distance of a pair worth a look: within 2 of critical while pairs are
    // recorded, within what `δ` can add once the record is full.
    let mut least = critical.saturating_sub(2);
    for (i, &u) in far.list.iter().enumerate() {
        if u32::from(node.ecc[u]) < least {
            // Every pair with `u` has `d ≤ ecc(u)`.
            continue;
        }
        let row_u = &node.dist[u * n..(u + 1) * n];
        let cu = node.col[u];
        for &w in &far.list[i + 1..] {
            let d = row_u[w];
            // Distances first (a byte compare); most pairs are too close.
            if u32::from(d) < least {
                continue;
            }
            let cw = node.col[w];
            let delta = pair_delta(target, cu, cw);
            let recorded = pairs.len() + far.near.len();
            if u32::from(d) + delta < critical {
                if recorded < CRITICAL_PAIRS {
                    far.near.push((u as u16, w as u16, d));
                    if recorded + 1 == CRITICAL_PAIRS {
                        least = critical.saturating_sub(filter_slack);
                    }
                }
                continue;
            }
            // A critical pair takes the place of the last near one.
            if pairs.len() < CRITICAL_PAIRS {
                pairs.push((u as u16, w as u16, d));
                if recorded == CRITICAL_PAIRS {
                    far.near.pop();
                } else if recorded + 1 == CRITICAL_PAIRS {
                    least = critical.saturating_sub(filter_slack);
                }
            }
            any = true;
            // A drop of 2 (needed when `φ = 2·left`) takes a region on a shortest path.
            let lens = if u32::from(d) + delta > critical { d } else { d.saturating_add(1) };
            for ((k, &a), &b) in keep.iter_mut().zip(row_u).zip(&node.dist[w * n..(w + 1) * n]) {
                *k &= u8::from(a.saturating_add(b) <= lens);
            }
        }
    }
    pairs.extend_from_slice(&far.near);
    any
}

/// The most pairs [`pair_taps`] records for [`pair_cut`](super::cuts::pair_cut): those of critical potential
/// first, then those within 2 of it (the first ones found of each; fewer only miss cuts).
/// Hundreds of pairs may qualify at a node, a few dozen of them critical: taken in row
/// order alone, most critical pairs would be left out. Keeping more pairs costs more than
/// it cuts (`kami/docs/solver.md`, *Measured and not kept*).
pub(in crate::solver) const CRITICAL_PAIRS: usize = 64;

/// Whether the per-child radius test applies at a node with `left` moves left: it has a
/// distance matrix and a radius of at least `left − 1` (a child's radius is at most its
/// parent's, so below that no child can reach the limit `left − 1`; at `left − 1` only
/// the colour-radius part can cut, see [`colour_radius_cut`]).
pub(in crate::solver) fn radius_test_applies(node: &Node, left: u32) -> bool {
    !node.dist.is_empty() && left >= 2 && node.radius + 1 >= left
}

/// The candidate moves of a node (see [`moves()`](super::moves())).
pub(in crate::solver) struct Moves {
    /// `(merges, region, colour)`, in search order.
    pub(in crate::solver) list: Vec<(u32, usize, Colour)>,
    /// A lower bound on the moves after each child left out by the tap filter, plus one
    /// (`u32::MAX` if none was).
    pub(in crate::solver) floor: u32,
    /// Whether the partial-order reduction left out some move.
    pub(in crate::solver) skipped: bool,
    /// The moves left out by the look-ahead (see [`moves_with`](super::moves_with)).
    pub(in crate::solver) ahead_cut: u32,
}

/// The move that led to a search node, for the partial-order reduction: `key` is the
/// smallest original region of the tapped region (the canonical order of moves), `rep` the
/// tapped region's index in the parent (which the node keeps for the merged region), and
/// `context` the part of the node's table key that names the move (see
/// [`context_key`]).
#[derive(Clone, Copy)]
pub(in crate::solver) struct Last {
    pub(in crate::solver) key: usize,
    pub(in crate::solver) rep: usize,
    pub(in crate::solver) context: u128,
}

/// The colours (a bitset) to which [`Swap`] may keep a move of a region with an earlier
/// key touching the merged region, after a tap of a region of colour `a` into `x`: every
/// other colour is skipped.
pub(in crate::solver) fn kept_colours(a: Colour, x: Colour) -> u64 {
    1 << a | 1 << x
}

/// The partial-order reduction at a node `C` reached from its parent `P` by the move `l`
/// that tapped region `A` (of colour `a`) and recoloured it to `x`.
///
/// A move `m` of `C` that taps a region `v` with an earlier key than `A`'s is skipped when
/// playing `m` before `l` from `P` reaches `C`'s child by `m` through moves the search of
/// `P` generates: that sequence is searched instead (`P` tries `m`, and `l` after it is
/// not skipped, its key being later). A move only recolours the original regions of the
/// tapped region, so two moves give the same state in either order when each one's region
/// is the same before and after the other. With `v` a region of `C` other than the merged
/// one (so `v` is a region of `P` untouched by `l`) and `m` recolouring it to `y`:
///
/// * `A` is unchanged by `m` unless `v` touches `A` and `y = a` (then they merge), and `v`
///   is unchanged by `l` (it is a region of `C`). So unless `v` touches `A` and `y = a`,
///   both orders give `C`'s child by `m`.
/// * `v` not touching the merged region in `C` touches no region of it in `P`: its
///   neighbours and their colours are the same in both, so `m` is generated in `P` as in
///   `C` (a leaf in one is a leaf in the other, and `C` has at least three regions: `v`, its
///   neighbour and the merged one). `m` merges `v` with regions outside the merged
///   region, so `A` keeps its neighbours of colour `x` and, if it touches the merged set
///   of `m`, has at least two neighbours after it: `l` is still generated. So every move
///   of such a `v` is skipped.
/// * `v` touching the merged region and `y` neither `a` nor `x`: `v`'s neighbours of colour
///   `y` lie outside the merged region (all `x` in `C`), so `m` is generated in `P` as in
///   `C` (a neighbour colour there, or the target absent from both), and `v` has at least
///   two neighbours in `C` (one of colour `y`, and the merged region) so it is no leaf in
///   `P`; `l` is generated after `m` as above. Skipped.
/// * `y = a`: skipped when `v` does not touch `A` in `P` and `a` is present in `C` (then
///   `v` has a neighbour of colour `a` outside the merged region, in `P` too, and the merged
///   set of `m`, all of colour `a`, cannot touch `A` without being part of it).
/// * `y = x`: skipped when `P` generates `m` (`v` has a neighbour of colour `x` in `P` and
///   is no leaf there, or `x` is the target absent from `P`) and `l` after it (`A` keeps a
///   neighbour of colour `x`; it must not become a leaf, that is have every neighbour in
///   the merged set of `m`, while three regions or more are left), read off `P`.
///
/// So the moves kept are those of regions with a later key, of the merged region, and of
/// regions touching it to the colours `a` and `x` (some of those skipped as above). Which
/// moves are skipped depends on `P`, not only on `C`: the table keys a node by its state
/// and `context_key` of the two states.
///
/// The search enumerates exactly the generated sequences with no skipped move, and so
/// finds a shortest one: among the shortest generated solutions (they exist by the
/// neighbour-colour and leaves-last rules), the least by the sequence of keys skips
/// nothing, as a skipped move and the move before it, swapped, would give a generated
/// solution as short with a lesser key sequence.
pub(in crate::solver) struct Swap<'a> {
    parent: &'a Node,
    pub(in crate::solver) key: usize,
    pub(in crate::solver) rep: usize,
    a: Colour,
    x: Colour,
}

impl<'a> Swap<'a> {
    /// The reduction at `node`, reached from `parent` by the move `last`.
    pub(in crate::solver) fn new(parent: &'a Node, node: &Node, last: Last) -> Self {
        Swap { parent, key: last.key, rep: last.rep, a: parent.col[last.rep], x: node.col[last.rep] }
    }

    /// Whether region `v` of the node touches the merged region.
    pub(in crate::solver) fn touches(&self, node: &Node, w: usize, v: usize) -> bool {
        node.adj[v * w + self.rep / 64] >> (self.rep % 64) & 1 == 1
    }

    /// Whether the move of region `v` of the node (an earlier key than the last move's,
    /// touching the merged region) to colour `y` is searched (see [`Swap`]); `target`
    /// whether the search has a target colour.
    pub(in crate::solver) fn keeps(&self, node: &Node, w: usize, v: usize, y: Colour, target: bool) -> bool {
        if kept_colours(self.a, self.x) >> y & 1 == 0 {
            return false;
        }
        let p = self.parent;
        let row = &p.adj[v * w..(v + 1) * w];
        if y == self.a {
            let touches_a = row[self.rep / 64] >> (self.rep % 64) & 1 == 1;
            return touches_a || node.counts[usize::from(y)] == 0;
        }
        // `m` = `v` to `x` from the parent, then `l`.
        let degree: u32 = row.iter().map(|a| a.count_ones()).sum();
        let merged = bits(row).filter(|&s| p.col[s] == y).count();
        // Generated as the target's move (`x` absent from the parent), or to a neighbour
        // colour by a region that is no leaf there.
        let m_generated =
            (target && p.counts[usize::from(y)] == 0) || (merged > 0 && (target || degree >= 2 || p.count < 3));
        if !m_generated {
            return true;
        }
        // `l` after `m`: `A` becomes a leaf when every neighbour of it is `v` or one of
        // `v`'s neighbours of colour `x`.
        let in_m = |s: usize| s == v || (row[s / 64] >> (s % 64) & 1 == 1 && p.col[s] == y);
        let leaf = bits(&p.adj[self.rep * w..(self.rep + 1) * w]).all(in_m);
        leaf && !target && p.count - merged >= 3
    }
}

/// The transposition table keys of a child (see [`child_key`](super::child_key)): `key` is the one
/// `dfs` computes at the child (its state in the context of its move), `state` the state's
/// key alone (its context-free entry), `tapped` the smallest original region of the tapped
/// region and `context` the key's part that names the move (see
/// [`context_key`]; both for the child's [`Last`]).
pub(in crate::solver) struct ChildKey {
    pub(in crate::solver) key: u128,
    pub(in crate::solver) state: u128,
    pub(in crate::solver) tapped: usize,
    pub(in crate::solver) context: u128,
}

/// The part of a node's table key that names its context, the move that led to it (see
/// [`Swap`]), from the keys of the parent's state and of its own: a
/// node is keyed by `state ^ context_key(parent, state)`. Their difference names the
/// original regions the move recoloured and their colours before and after, which with
/// the node's state gives the parent, and so the moves the reduction skips. A bijective
/// mix (odd multipliers and xor-shifts), so that the key is no linear combination of
/// Zobrist values that a state's own key could equal.
pub(in crate::solver) fn context_key(parent: u128, state: u128) -> u128 {
    const ODD: [u128; 2] = [0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835, 0xd6e8_feb8_6659_fd93_2545_f491_4f6c_dd1d];
    let mut k = (parent ^ state).wrapping_mul(ODD[0]);
    k ^= k >> 64;
    k = k.wrapping_mul(ODD[1]);
    k ^ k >> 61
}

/// A recorded pair `(u, w, d(u, w))` of the node in its child by a move merging a set `S`
/// into colour `x` (`ds` the distances from `S`): the child's distance
/// `min(d(u, w), d(u, S) + d(S, w))` and the ends' colours (`x` on `S`).
pub(in crate::solver) fn in_child(
    node: &Node,
    ds: &[u8],
    x: Colour,
    (u, w, d): (u16, u16, u8),
) -> (u8, Colour, Colour) {
    let (u, w) = (usize::from(u), usize::from(w));
    let colour = |v: usize| if ds[v] == 0 { x } else { node.col[v] };
    (d.min(ds[u].saturating_add(ds[w])), colour(u), colour(w))
}
