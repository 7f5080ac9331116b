//! The search without gravity. Removing tiles only empties cells, so a pair that connects
//! keeps connecting, and any solution stays a solution once some other kind's tiles are gone.
//! So the order of removals hardly matters; what matters is how the tiles of each kind
//! (matching group) pair up. The search commits pairs ("tile t goes with tile u") and,
//! without branching, removes every committed pair that connects, clears every kind whose
//! last two or four tiles can all go now, and pairs a kind's last two uncommitted tiles. It
//! branches on the partner of a tile that has a connecting partner, and remembers every
//! failed position (removed tiles plus commitments). Each position is also checked for doom:
//! the tiles that could ever go are found as a fixpoint (a tile could go once it connects to
//! an allowed partner on the board without the tiles found so far); a tile left over proves
//! the position lost, which settles deadlocks like AB/BA at once. A few seeded greedy games
//! are tried first: they clear most solvable deals at once. When a deal still needs more
//! than a thousand nodes, four careful greedy games follow (each commitment that leaves the
//! position doomed is taken back and the next-best pair tried) and one thorough one (also
//! taking back a commitment that probing pairings proves lost), which find most of the
//! solutions of generated 30x16 deals that the plain ones miss, and then the search goes on
//! probing pairings: each class with four uncommitted tiles has its three pairings checked
//! for doom; no pairing left proves the position lost, one left is committed without
//! branching, and a class left with two is branched on first. This finds the conflicts that a wrong early pairing causes many
//! classes away (a random 18x8 deal that needed 85,000 nodes now needs 170 after the first
//! thousand).

use engine::{Meter, SeededRng};
use rustc_hash::FxHashSet;

use super::answer::{Partial, Removal};
use super::common::{Line, Step, Tile, Tiles, out_of_budget};
use crate::board::Board;

/// No partner committed.
const NONE: Tile = Tile::MAX;

/// Greedy random games tried before the exhaustive search.
pub(super) const PROBES: usize = 4;

/// Careful greedy games (each commitment checked for doom) tried when the search without
/// probing ran out of its nodes, before the search that probes.
const CAREFUL_PROBES: usize = 4;

/// The options a careful greedy game tries at each step before it gives up.
const CAREFUL_OPTIONS: usize = 8;

/// Nodes the search without gravity spends before it starts probing pairings.
const UNPROBED_NODES: u64 = 1000;

/// A step of the no-gravity search, for undoing.
#[derive(Clone, Copy)]
enum Change {
    Removed(Tile, Tile),
    Committed(Tile, Tile),
}

/// The search without gravity. Since pairs that connect keep connecting, what matters is how
/// the tiles of each kind pair up, not the order: the search commits pairs (tile `t` will be
/// removed with tile `u`) and removes greedily every committed pair that connects, every kind
/// whose remaining two or four tiles can all go now, and every kind's last two uncommitted
/// tiles are committed to each other. Positions are keyed by removed tiles and commitments.
pub(super) struct Search {
    tiles: Tiles,
    /// The budget's account: nodes, clock, cancel token, progress.
    pub(super) meter: Meter,
    /// The removals so far (cells) and the deepest line found.
    line: Line,
    removed: Vec<bool>,
    partner: Vec<Tile>,
    trail: Vec<Change>,
    failed: FxHashSet<Box<[u64]>>,
    /// Whether each position's pairings are probed for doom ([`Search::probe_pairings`]).
    probing: bool,
    /// Nodes to spend before probing starts ([`Search::run_in_two_phases`]).
    pub(super) unprobed: u64,
    /// A tile of a class that probing left with two pairings, and its partners in them.
    split: Option<(Tile, Vec<Tile>)>,
    /// Bumped by every change; a class whose `checked` stamp is current needs no new look.
    stamp: u64,
    checked: Vec<u64>,
}

impl Search {
    pub(super) fn new(board: &Board, meter: Meter) -> Search {
        let tiles = Tiles::new(board);
        let n = tiles.len();
        let members_len = tiles.members.len();
        Search {
            tiles,
            meter,
            line: Line::new(n),
            removed: vec![false; n],
            partner: vec![NONE; n],
            trail: Vec::new(),
            failed: FxHashSet::default(),
            probing: false,
            unprobed: UNPROBED_NODES,
            split: None,
            stamp: 0,
            checked: vec![u64::MAX; members_len],
        }
    }

    /// The line found (the winning one after [`Step::Solved`]), the deepest line, and the meter.
    pub(super) fn finish(self) -> (Vec<Removal>, Partial, Meter) {
        let (moves, best) = self.line.into_removals(&self.tiles.grid);
        (moves, best, self.meter)
    }

    fn remove(&mut self, t: Tile, u: Tile) {
        let (a, b) = (self.tiles.pos[t as usize], self.tiles.pos[u as usize]);
        self.tiles.grid.set(a, None);
        self.tiles.grid.set(b, None);
        self.removed[t as usize] = true;
        self.removed[u as usize] = true;
        self.line.tiles_left -= 2;
        self.line.moves.push((a, b));
        self.trail.push(Change::Removed(t, u));
        self.stamp += 1;
    }

    pub(super) fn commit(&mut self, t: Tile, u: Tile) {
        self.partner[t as usize] = u;
        self.partner[u as usize] = t;
        self.trail.push(Change::Committed(t, u));
        self.stamp += 1;
    }

    fn undo_to(&mut self, mark: usize) {
        self.stamp += 1;
        while self.trail.len() > mark {
            match self.trail.pop().expect("a change") {
                Change::Removed(t, u) => {
                    let (a, b) = (self.tiles.pos[t as usize], self.tiles.pos[u as usize]);
                    self.tiles.grid.set(a, Some(t));
                    self.tiles.grid.set(b, Some(u));
                    self.removed[t as usize] = false;
                    self.removed[u as usize] = false;
                    self.line.tiles_left += 2;
                    self.line.moves.pop();
                }
                Change::Committed(t, u) => {
                    self.partner[t as usize] = NONE;
                    self.partner[u as usize] = NONE;
                }
            }
        }
    }

    /// The forced steps, until none applies. Classes already examined since the last change
    /// are skipped.
    pub(super) fn closure(&mut self) {
        let mut live: Vec<Tile> = Vec::new();
        loop {
            let mut changed = false;
            for k in 0..self.tiles.members.len() {
                if self.checked[k] == self.stamp {
                    continue;
                }
                let before = self.stamp;
                self.examine(k, &mut live, &mut changed);
                if self.stamp == before {
                    self.checked[k] = self.stamp;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The forced steps of class `k` (see [`Search::closure`]).
    fn examine(&mut self, k: usize, live: &mut Vec<Tile>, changed: &mut bool) {
        live.clear();
        live.extend(self.tiles.members[k].iter().copied().filter(|&t| !self.removed[t as usize]));
        if live.is_empty() {
            return;
        }
        // Committed pairs that connect.
        let mut any_committed = false;
        for &t in live.iter() {
            let u = self.partner[t as usize];
            if u != NONE {
                any_committed = true;
                if t < u && !self.removed[t as usize] && self.tiles.connects(t, u) {
                    self.remove(t, u);
                    *changed = true;
                }
            }
        }
        if any_committed {
            let free: Vec<Tile> = live
                .iter()
                .copied()
                .filter(|&t| !self.removed[t as usize] && self.partner[t as usize] == NONE)
                .collect();
            if let [t, u] = free[..] {
                self.commit(t, u);
                *changed = true;
            }
            return;
        }
        match live[..] {
            [t, u] => {
                if self.tiles.connects(t, u) {
                    self.remove(t, u);
                    *changed = true;
                } else {
                    self.commit(t, u);
                }
            }
            [p, q, r, s] => {
                for ((a, b), (c, d)) in [((p, q), (r, s)), ((p, r), (q, s)), ((p, s), (q, r))] {
                    for ((a, b), (c, d)) in [((a, b), (c, d)), ((c, d), (a, b))] {
                        if self.tiles.connects(a, b) {
                            let (mark, stamp) = (self.trail.len(), self.stamp);
                            self.remove(a, b);
                            if self.tiles.connects(c, d) {
                                self.remove(c, d);
                                *changed = true;
                                return;
                            }
                            // A trial only: the position is as it was, so is its stamp.
                            self.undo_to(mark);
                            self.stamp = stamp;
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn key(&self) -> Box<[u64]> {
        let mut key = vec![0u64; self.removed.len().div_ceil(64)];
        for (t, &r) in self.removed.iter().enumerate() {
            if r {
                key[t / 64] |= 1 << (t % 64);
            }
        }
        for (t, &u) in self.partner.iter().enumerate() {
            if u != NONE && (t as Tile) < u && !self.removed[t] {
                key.push((t as u64) << 32 | u64::from(u));
            }
        }
        key.into_boxed_slice()
    }

    /// Whether some tile can never be removed, whatever happens: the tiles that could go are
    /// found as a fixpoint, each assumed gone as soon as it connects to an allowed partner
    /// (its committed partner, or any uncommitted tile of its class) on the board without the
    /// tiles found so far. Any real game removes only such tiles (removing tiles never breaks
    /// a connection), so a tile left over proves the position lost.
    pub(super) fn doomed(&self) -> bool {
        self.doom_run(None)
    }

    /// [`Search::doomed`]; with `seen`, also records for each uncommitted tile (of a class of
    /// at most 64 tiles) the allowed partners it connects to when it is found, as a bit set of
    /// indices into its class's members.
    fn doom_run(&self, mut seen: Option<&mut [u64]>) -> bool {
        let mut grid = self.tiles.grid.clone();
        let mut gone = self.removed.clone();
        let mut left = self.line.tiles_left;
        loop {
            let mut changed = false;
            for members in &self.tiles.members {
                for &t in members {
                    if gone[t as usize] {
                        continue;
                    }
                    let p = self.partner[t as usize];
                    let allowed = |u: Tile| u != t && if p == NONE { self.partner[u as usize] == NONE } else { u == p };
                    let a = self.tiles.cell(t);
                    let joins = |u: Tile| allowed(u) && grid.connects(a, self.tiles.cell(u));
                    let reachable = match seen.as_deref_mut() {
                        Some(seen) if p == NONE && members.len() <= 64 => {
                            let set =
                                members.iter().enumerate().filter(|&(_, &u)| joins(u)).fold(0, |s, (i, _)| s | 1 << i);
                            seen[t as usize] = set;
                            set != 0
                        }
                        _ => members.iter().any(|&u| joins(u)),
                    };
                    if reachable {
                        gone[t as usize] = true;
                        grid.set(a, None);
                        left -= 1;
                        changed = true;
                    }
                }
            }
            if left == 0 {
                return false;
            }
            if !changed {
                return true;
            }
        }
    }

    /// Failed-literal probing on pairings: for each class with four uncommitted tiles, the
    /// pairings whose commitment is doomed are ruled out; none left proves the position lost,
    /// one left is committed. Returns whether the position is lost.
    ///
    /// A pairing needs no check when the doom run of the position itself found each of the
    /// four tiles through its partner in that pairing: the same run then clears the board with
    /// the pairing committed.
    fn probe_pairings(&mut self) -> bool {
        let mut seen = vec![0u64; self.tiles.len()];
        loop {
            let mut forced = false;
            let mut fresh = false;
            for k in 0..self.tiles.members.len() {
                if self.meter.check() {
                    // Out of budget: no verdict (the caller's next node stops the search).
                    return false;
                }
                let free: Vec<Tile> =
                    self.tiles.members[k].iter().copied().filter(|&t| !self.removed[t as usize]).collect();
                let [p, q, r, s] = free[..] else { continue };
                if free.iter().any(|&t| self.partner[t as usize] != NONE) {
                    continue;
                }
                if !fresh {
                    if self.doom_run(Some(&mut seen)) {
                        return true;
                    }
                    fresh = true;
                }
                let index = |t: Tile| self.tiles.members[k].iter().position(|&u| u == t).unwrap_or(64);
                let found = |t: Tile, u: Tile| index(u) < 64 && seen[t as usize] & (1 << index(u)) != 0;
                let mut viable = Vec::new();
                for ((a, b), (c, d)) in [((p, q), (r, s)), ((p, r), (q, s)), ((p, s), (q, r))] {
                    if found(a, b) && found(b, a) && found(c, d) && found(d, c) {
                        viable.push(((a, b), (c, d)));
                        continue;
                    }
                    for (x, y) in [(a, b), (c, d)] {
                        self.partner[x as usize] = y;
                        self.partner[y as usize] = x;
                    }
                    let doomed = self.doomed();
                    for t in [a, b, c, d] {
                        self.partner[t as usize] = NONE;
                    }
                    if !doomed {
                        viable.push(((a, b), (c, d)));
                    }
                }
                if viable.len() == 2 && self.split.is_none() {
                    let mut partners: Vec<Tile> = viable
                        .iter()
                        .map(|&((a, b), (c, d))| {
                            if a == p {
                                b
                            } else if b == p {
                                a
                            } else if c == p {
                                d
                            } else {
                                c
                            }
                        })
                        .collect();
                    partners.sort_by_key(|&v| !self.tiles.connects(p, v));
                    self.split = Some((p, partners));
                }
                match viable[..] {
                    [] => return true,
                    [((a, b), (c, d))] => {
                        self.commit(a, b);
                        self.commit(c, d);
                        forced = true;
                        fresh = false;
                        self.split = None;
                    }
                    _ => {}
                }
            }
            if !forced {
                return false;
            }
            self.closure();
            if self.line.tiles_left == 0 {
                return false;
            }
            if self.doomed() {
                return true;
            }
        }
    }

    /// A quick greedy game: commit a random pair that connects (one of the `noise + 1` best
    /// scored), clear what the closure clears, repeat. Keeps the position when it clears the
    /// board; otherwise takes it back. A `careful` game takes back a commitment that leaves
    /// the position doomed and tries the next pair (at most [`CAREFUL_OPTIONS`] a step); a
    /// `thorough` one also one that probing pairings proves lost
    /// ([`Search::probe_pairings`], which may commit forced pairings).
    pub(super) fn probe(&mut self, rng: &mut SeededRng, noise: usize, careful: bool, thorough: bool) -> bool {
        let mark = self.trail.len();
        loop {
            if self.out_of_budget() {
                self.undo_to(mark);
                return false;
            }
            self.closure();
            self.line.note_best(&mut self.meter);
            if self.line.tiles_left == 0 {
                return true;
            }
            // Options: pairs that connect, scored by how far apart the tiles left behind in
            // their class are (closer tiles are likelier to connect later).
            let mut options = Vec::new();
            for k in 0..self.tiles.members.len() {
                let free: Vec<Tile> = self.tiles.members[k]
                    .iter()
                    .copied()
                    .filter(|&t| !self.removed[t as usize] && self.partner[t as usize] == NONE)
                    .collect();
                for (i, &t) in free.iter().enumerate() {
                    for &u in &free[i + 1..] {
                        if self.tiles.connects(t, u) {
                            let rest: Vec<usize> = free
                                .iter()
                                .filter(|&&v| v != t && v != u)
                                .map(|&v| self.tiles.pos[v as usize])
                                .collect();
                            let score = match rest[..] {
                                [v, w] => self.tiles.grid.coord(v).manhattan(self.tiles.grid.coord(w)),
                                _ => 0,
                            };
                            options.push((score, rng.next_u32(), t, u));
                        }
                    }
                }
            }
            if options.is_empty() {
                self.undo_to(mark);
                return false;
            }
            options.sort_unstable();
            let first = rng.index(options.len().min(noise + 1));
            if !careful {
                let (_, _, t, u) = options[first];
                self.commit(t, u);
                continue;
            }
            // Careful: the first option (in the order from the chosen one on) whose commitment
            // leaves the position not doomed.
            let mut placed = false;
            for &(_, _, t, u) in options[first..].iter().chain(&options[..first]).take(CAREFUL_OPTIONS) {
                if self.meter.check() {
                    break;
                }
                let inner = self.trail.len();
                self.commit(t, u);
                self.closure();
                if self.line.tiles_left == 0 || !(self.doomed() || (thorough && self.probe_pairings())) {
                    placed = true;
                    break;
                }
                self.undo_to(inner);
            }
            if !placed {
                self.undo_to(mark);
                return false;
            }
        }
    }

    /// Counts a node; whether the budget ran out (once out, always out). A node that probes
    /// pairings may cost milliseconds, so then the clock and the cancel token are read at
    /// every node (and between the classes [`Search::probe_pairings`] probes).
    fn out_of_budget(&mut self) -> bool {
        out_of_budget(&mut self.meter) || (self.probing && self.meter.check())
    }

    /// The search without probing for up to `unprobed` nodes (most deals need far
    /// fewer), then with probing, which costs more per node but cuts the rare hard deals
    /// down (failed positions found in the first phase stay failed).
    pub(super) fn run_in_two_phases(&mut self) -> Step {
        let overall = self.meter.node_limit();
        let cap = self.meter.nodes().saturating_add(self.unprobed);
        self.meter.set_node_limit(Some(overall.map_or(cap, |n| n.min(cap))));
        let outcome = self.run();
        self.meter.set_node_limit(overall);
        self.meter.resume();
        if outcome != Step::OutOfBudget || self.meter.check() {
            return outcome;
        }
        let mut rng = SeededRng::new(0xca7e);
        if (0..CAREFUL_PROBES).any(|i| self.probe(&mut rng, i.min(2), true, false)) {
            return Step::Solved;
        }
        if self.probe(&mut rng, 0, true, true) {
            return Step::Solved;
        }
        self.probing = true;
        self.run()
    }

    pub(super) fn run(&mut self) -> Step {
        if self.out_of_budget() {
            return Step::OutOfBudget;
        }
        let mark = self.trail.len();
        self.closure();
        self.line.note_best(&mut self.meter);
        if self.line.tiles_left == 0 {
            return Step::Solved;
        }
        let key = self.key();
        if self.failed.contains(&key) {
            self.undo_to(mark);
            return Step::Failed;
        }
        self.split = None;
        if self.doomed() || (self.probing && self.probe_pairings()) {
            self.failed.insert(key);
            self.undo_to(mark);
            return Step::Failed;
        }
        if self.line.tiles_left == 0 {
            return Step::Solved;
        }
        // Branch on a tile of an uncommitted pair that connects now: its partner is one of the
        // other uncommitted tiles of its class (those that connect now first).
        // When probing left a class with two pairings, branch on those two instead.
        let mut choice: Option<(usize, Tile, Vec<Tile>)> = self.split.take().map(|(t, partners)| (0, t, partners));
        for k in 0..self.tiles.members.len() {
            let free: Vec<Tile> = self.tiles.members[k]
                .iter()
                .copied()
                .filter(|&t| !self.removed[t as usize] && self.partner[t as usize] == NONE)
                .collect();
            if choice.as_ref().is_some_and(|c| c.0 <= free.len()) {
                continue;
            }
            'find: for (i, &t) in free.iter().enumerate() {
                for &u in &free[i + 1..] {
                    if self.tiles.connects(t, u) {
                        let mut partners: Vec<Tile> = free.iter().copied().filter(|&v| v != t).collect();
                        partners.sort_by_key(|&v| !self.tiles.connects(t, v));
                        choice = Some((free.len(), t, partners));
                        break 'find;
                    }
                }
            }
        }
        let mut outcome = Step::Failed;
        if let Some((_, t, partners)) = choice {
            for u in partners {
                let inner = self.trail.len();
                self.commit(t, u);
                outcome = self.run();
                if outcome == Step::Solved {
                    return outcome;
                }
                self.undo_to(inner);
                if outcome == Step::OutOfBudget {
                    break;
                }
            }
        }
        if outcome == Step::Failed {
            self.failed.insert(key);
        }
        self.undo_to(mark);
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::super::check::{brute_force, replay};
    use super::super::gravity;
    use super::super::test_support::{deal, meter};
    use super::*;
    use proptest::prelude::*;

    /// The answer of the move search (no pairings), which must decide.
    fn move_search(board: &Board) -> Step {
        let outcome = gravity::Search::new(board, false, meter()).run();
        assert_ne!(outcome, Step::OutOfBudget);
        outcome
    }

    /// The answer of the search that probes pairings from the first node on (no greedy
    /// games first); its witness is replayed.
    fn probing_answer(board: &Board) -> Step {
        let mut search = Search::new(board, meter());
        search.unprobed = 0;
        let outcome = search.run_in_two_phases();
        if outcome == Step::Solved {
            let (moves, _, _) = search.finish();
            assert!(replay(board, false, &moves).unwrap().is_cleared(), "{board}");
        }
        outcome
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Probing pairings from the first node agrees with brute force on tiny boards.
        #[test]
        fn probing_agrees_with_brute_force(w in 2usize..5, h in 2usize..4, copies in 1usize..=2, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0 && w * h <= 12);
            let board = deal(w, h, copies, seed);
            prop_assert_eq!(probing_answer(&board) == Step::Solved, brute_force(&board, false).is_some(), "{}", board);
        }

        /// Probing pairings from the first node agrees with the move search with a
        /// transposition table, on deals too big for brute force.
        #[test]
        fn probing_agrees_with_the_move_search(w in 2usize..7, h in 2usize..5, copies in 1usize..=3, seed: u64) {
            let copies = 2 * copies;
            prop_assume!((w * h) % copies == 0);
            let board = deal(w, h, copies, seed);
            let ours = probing_answer(&board);
            prop_assert_ne!(ours, Step::OutOfBudget);
            prop_assert_eq!(ours == Step::Solved, move_search(&board) == Step::Solved, "{}", board);
        }
    }

    /// Full 6x6, 8x6 and 8x8 deals of four copies: probing pairings from the first node
    /// agrees with the search that never probes (these sizes are the smallest where probing
    /// rules out pairings: a wrong cut, or a branch on too few pairings, would answer
    /// "unsolvable" for a solvable deal).
    #[test]
    fn probing_agrees_with_the_plain_pairing_search() {
        for (w, h) in [(6, 6), (8, 6), (8, 8)] {
            for seed in 0..300 {
                let board = deal(w, h, 4, seed);
                let mut plain = Search::new(&board, meter());
                plain.unprobed = u64::MAX;
                let expected = plain.run_in_two_phases();
                assert_ne!(expected, Step::OutOfBudget);
                assert_eq!(probing_answer(&board), expected, "{board}");
            }
        }
    }

    /// Every pairing that the doom check rules out at the start of a deal is lost: the
    /// search that never probes fails with it committed.
    #[test]
    fn pairings_ruled_out_are_lost() {
        let mut ruled_out = 0;
        for seed in 0..40 {
            let board = deal(8, 6, 4, seed);
            let mut root = Search::new(&board, meter());
            root.closure();
            for k in 0..root.tiles.members.len() {
                let free: Vec<Tile> =
                    root.tiles.members[k].iter().copied().filter(|&t| !root.removed[t as usize]).collect();
                let [p, q, r, s] = free[..] else { continue };
                for ((a, b), (c, d)) in [((p, q), (r, s)), ((p, r), (q, s)), ((p, s), (q, r))] {
                    let mut search = Search::new(&board, meter());
                    search.unprobed = u64::MAX;
                    search.closure();
                    search.commit(a, b);
                    search.commit(c, d);
                    if search.doomed() {
                        ruled_out += 1;
                        assert_eq!(search.run_in_two_phases(), Step::Failed, "seed {seed}\n{board}");
                    }
                }
            }
        }
        assert!(ruled_out > 0);
    }
}
