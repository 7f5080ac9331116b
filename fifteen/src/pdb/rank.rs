//! Ranking the placements of a pattern's tiles (a placement's index in its table), the
//! sizes a database accepts, and the four-bit table entries.

/// The largest board a pattern database accepts.
pub const MAX_PDB_CELLS: usize = 16;

/// The largest pattern table a build may make, in placements (four bytes each while
/// building, half a byte after): an 8-tile pattern of the 15-puzzle has 518,918,400.
pub const MAX_BUILD_STATES: u64 = 518_918_400;

/// The table entry of a placement first reached after `d` pattern moves whose pattern
/// tiles lie `md` steps from home in all (taxicab): `(d - md) / 2`, at most 15.
///
/// `d - md` is even and not negative: every counted move takes one pattern tile one step,
/// changing `md` by one, and from the goal (`d = md = 0`) each step adds one to `d`. The
/// bound read back is `md + 2 * entry`; a saturated entry gives `md + 30 <= d`, below the
/// true count, so it stays admissible (and `md + 2 * entry` never exceeds `d`).
#[inline]
pub(super) fn encode(d: u32, md: u32) -> u8 {
    debug_assert!(d >= md && (d - md) % 2 == 0);
    ((d - md) / 2).min(15) as u8
}

/// Entry `r` of a nibble table.
#[inline]
pub(super) fn nibble(table: &[u8], r: usize) -> u8 {
    table[r >> 1] >> ((r & 1) << 2) & 0xF
}

/// The number of ordered placements of `k` distinct items on `n` cells.
pub(super) fn arrangements(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// Bit counts of every 16-bit mask: the build targets CPUs without a `popcnt`
/// instruction, where `count_ones` is a dozen instructions and ranking dominated the search.
static ONES: [u8; 1 << 16] = {
    let mut t = [0u8; 1 << 16];
    let mut i = 1;
    while i < t.len() {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// Ranks ordered placements of `k` tiles on `n` cells (cells below 16).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Ranker {
    n: usize,
    pub(super) mult: Vec<u64>,
}

impl Ranker {
    pub(super) fn new(n: usize, k: usize) -> Ranker {
        Ranker { n, mult: (0..k).map(|i| arrangements(n - 1 - i, k - 1 - i)).collect() }
    }

    pub(super) fn rank(&self, cells: impl Iterator<Item = u8>) -> u64 {
        let mut used = 0usize;
        let mut r = 0u64;
        for (m, c) in self.mult.iter().zip(cells) {
            let below = ONES[used & ((1usize << c) - 1)];
            r += u64::from(c - below) * m;
            used |= 1 << c;
        }
        r
    }

    pub(super) fn unrank(&self, mut r: u64, out: &mut [u8]) {
        let mut free = (1u32 << self.n) - 1;
        for (m, slot) in self.mult.iter().zip(out.iter_mut()) {
            let mut k = r / m;
            r %= m;
            let mut bits = free;
            while k > 0 {
                bits &= bits - 1;
                k -= 1;
            }
            let c = bits.trailing_zeros();
            *slot = c as u8;
            free &= !(1 << c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibbles_round_trip_and_saturate_below_the_value() {
        let mut table = vec![0u8; 8];
        let mut want = Vec::new();
        for d in 0..16u32 {
            for md in (0..=d).rev().step_by(2) {
                let e = encode(d, md);
                assert_eq!(u32::from(e), (d - md) / 2);
                want.push(e);
            }
        }
        for (r, &e) in want.iter().enumerate().take(16) {
            table[r >> 1] |= e << ((r & 1) * 4);
        }
        for (r, &e) in want.iter().enumerate().take(16) {
            assert_eq!(nibble(&table, r), e);
        }
        // Saturated: the bound read back stays at or below the value.
        for (d, md) in [(31, 1), (40, 0), (90, 10), (255, 3)] {
            let e = encode(d, md);
            assert_eq!(e, 15);
            assert!(md + 2 * u32::from(e) <= d);
        }
    }

    #[test]
    fn ranks_round_trip() {
        let r = Ranker::new(6, 3);
        let mut out = [0u8; 3];
        for i in 0..arrangements(6, 3) {
            r.unrank(i, &mut out);
            assert_eq!(r.rank(out.iter().copied()), i);
        }
    }
}
