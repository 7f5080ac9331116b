//! Partitions of a board's tiles into patterns: the default one, by group sizes, and the
//! sizes' text form.

use super::error::PdbError;
use super::rank::MAX_PDB_CELLS;

/// The default partition for a board and goal blank cell: [`partition`] with groups of
/// 6 (the 15-puzzle gets the classic compact 6-6-3, which builds in about 10 s of one
/// core and solves random instances in tens of milliseconds).
///
/// ```
/// let p = fifteen::pdb::default_partition(4, 4, 15);
/// assert_eq!(p, vec![vec![0, 4, 5, 8, 9, 12], vec![6, 7, 10, 11, 13, 14], vec![1, 2, 3]]);
/// assert_eq!(fifteen::pdb::default_partition(3, 3, 8).len(), 2);
/// ```
#[must_use]
pub fn default_partition(width: usize, height: usize, goal_blank: usize) -> Vec<Vec<u8>> {
    partition(width, height, goal_blank, &[6; MAX_PDB_CELLS]).unwrap_or_default()
}

/// The compact 4×4 partitions for the blank in the bottom-right corner, by sizes. 7-8 is
/// Korf and Felner's: tiles 3 7 11 12 13 14 15 and 1 2 4 5 6 8 9 10 of the blank-last goal.
const COMPACT_4X4: [(&[usize], &[&[u8]]); 4] = [
    (&[5, 5, 5], &[&[0, 1, 2, 4, 5], &[3, 6, 7, 10, 11], &[8, 9, 12, 13, 14]]),
    (&[6, 6, 3], &[&[0, 4, 5, 8, 9, 12], &[6, 7, 10, 11, 13, 14], &[1, 2, 3]]),
    (&[7, 8], &[&[2, 6, 10, 11, 12, 13, 14], &[0, 1, 3, 4, 5, 7, 8, 9]]),
    (&[8, 7], &[&[0, 1, 3, 4, 5, 7, 8, 9], &[2, 6, 10, 11, 12, 13, 14]]),
];

/// A partition by group sizes: on a 4×4 board with the goal blank in a corner, `5-5-5`,
/// `6-6-3` and `7-8` are the classic compact blocks (mirrored to the blank's corner);
/// otherwise [`partition_by_sizes`] (for `7-8` with the blank elsewhere: the first seven
/// and the last eight tiles in row-major order).
///
/// ```
/// use fifteen::pdb::partition;
/// assert_eq!(partition(4, 4, 15, &[6, 6, 3]).unwrap()[2], vec![1, 2, 3]);
/// assert_eq!(partition(4, 4, 0, &[6, 6, 3]).unwrap()[2], vec![12, 13, 14]);
/// assert_eq!(partition(4, 4, 15, &[7, 8]).unwrap()[0], vec![2, 6, 10, 11, 12, 13, 14]);
/// assert_eq!(partition(4, 4, 0, &[7, 8]).unwrap()[0], vec![1, 2, 3, 4, 5, 9, 13]);
/// assert_eq!(partition(3, 3, 8, &[5, 5]).unwrap(), vec![vec![0, 1, 2, 3, 4], vec![5, 6, 7]]);
/// ```
pub fn partition(width: usize, height: usize, goal_blank: usize, sizes: &[usize]) -> Result<Vec<Vec<u8>>, PdbError> {
    let (bx, by) = (goal_blank % 4, goal_blank / 4);
    let corner = (width, height) == (4, 4) && (bx == 0 || bx == 3) && (by == 0 || by == 3);
    // The sizes as they cut the 15 tiles (the last group may be cut short).
    let mut wanted = Vec::new();
    let mut covered = 0;
    for &s in sizes {
        if covered >= 15 {
            break;
        }
        wanted.push(s.min(15 - covered));
        covered = covered.saturating_add(s);
    }
    if corner {
        if let Some((_, groups)) = COMPACT_4X4.iter().find(|(s, _)| *s == wanted.as_slice()) {
            let mirror = |c: u8| {
                let (x, y) = (c % 4, c / 4);
                let x = if bx == 0 { 3 - x } else { x };
                let y = if by == 0 { 3 - y } else { y };
                y * 4 + x
            };
            return Ok(groups
                .iter()
                .map(|g| {
                    let mut cells: Vec<u8> = g.iter().map(|&c| mirror(c)).collect();
                    cells.sort_unstable();
                    cells
                })
                .collect());
        }
    }
    partition_by_sizes(width, height, goal_blank, sizes)
}

/// A partition given by group sizes (such as `6-6-3`): the cells other than the goal
/// blank, in row-major order, cut into consecutive groups (the last one may be cut
/// short). The sizes must cover every cell.
///
/// ```
/// use fifteen::pdb::partition_by_sizes;
/// let p = partition_by_sizes(4, 4, 0, &[6, 6, 3]).unwrap();
/// assert_eq!(p[2], vec![13, 14, 15]);
/// assert!(partition_by_sizes(4, 4, 15, &[6, 6]).is_err());
/// ```
pub fn partition_by_sizes(
    width: usize,
    height: usize,
    goal_blank: usize,
    sizes: &[usize],
) -> Result<Vec<Vec<u8>>, PdbError> {
    let cells: Vec<u8> = (0..width * height).filter(|&c| c != goal_blank).map(|c| c as u8).collect();
    let mut out = Vec::new();
    let mut at = 0;
    for &s in sizes {
        if at >= cells.len() {
            break;
        }
        if s == 0 {
            return Err(PdbError::EmptyPattern);
        }
        let end = at.saturating_add(s).min(cells.len());
        out.push(cells[at..end].to_vec());
        at = end;
    }
    if at < cells.len() {
        return Err(PdbError::Uncovered { covered: at, tiles: cells.len() });
    }
    Ok(out)
}

/// Parses a partition written as group sizes, `5-5-5`, `6-6-3`, …
///
/// ```
/// assert_eq!(fifteen::pdb::parse_sizes("6-6-3").unwrap(), vec![6, 6, 3]);
/// assert!(fifteen::pdb::parse_sizes("6-x").is_err());
/// ```
pub fn parse_sizes(text: &str) -> Result<Vec<usize>, PdbError> {
    text.split('-')
        .map(|s| {
            s.trim().parse::<usize>().map_err(|_| PdbError::BadSize { part: s.to_string(), text: text.to_string() })
        })
        .collect()
}
