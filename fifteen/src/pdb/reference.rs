//! The plain table builder the compact one of `build` is checked against: a 0-1
//! breadth-first search with explicit frontier lists of (packed cells, region) and one byte
//! per placement.

use super::moves::{Moves, occupied};
use super::rank::{Ranker, arrangements, encode};
use crate::board::taxicab;

/// A reference-table entry for a placement the search never reaches (possible only when
/// the pattern holds every tile: then half the placements have the wrong parity).
const UNSEEN: u8 = u8::MAX;

/// The first layer of every placement, by the plain search with frontier lists (one byte
/// per placement, [`UNSEEN`] for unreachable ones). `progress(settled)` after every layer.
fn build_table_reference(
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
    let start_region = moves.region_by_cells(goal_blank as u8, moves.full & !occupied(&cells));
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
                        let reg = moves.region_by_cells(from, free) as u16;
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

/// [`build_table_reference`] in `PatternDb`'s nibble encoding (two entries a
/// byte, low nibble first), with unreachable placements as 0.
pub(super) fn build_nibbles_reference(width: usize, height: usize, goal_blank: usize, pattern: &[u8]) -> Vec<u8> {
    let layers = build_table_reference(width, height, goal_blank, pattern, &mut |_| {});
    let ranker = Ranker::new(width * height, pattern.len());
    let mut cells = vec![0u8; pattern.len()];
    let mut table = vec![0u8; layers.len().div_ceil(2)];
    for (r, &d) in layers.iter().enumerate() {
        if d == UNSEEN {
            continue;
        }
        ranker.unrank(r as u64, &mut cells);
        let md: usize =
            pattern.iter().zip(&cells).map(|(&home, &c)| taxicab(usize::from(home), usize::from(c), width)).sum();
        table[r >> 1] |= encode(u32::from(d), md as u32) << ((r & 1) * 4);
    }
    table
}
