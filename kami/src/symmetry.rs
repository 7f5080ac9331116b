//! Symmetries of a level, and its canonical key: the same for two levels that are one
//! level up to a symmetry of the rectangle and a renaming of the colours.
//!
//! Triangle `(r, c)` points right when `r + c` is even and touches `(r - 1, c)`,
//! `(r + 1, c)` and, on its flat side, `(r, c - 1)` (right-pointing) or `(r, c + 1)`
//! (left-pointing). A map of the `R × C` rectangle onto itself keeps this tiling exactly
//! when it sends neighbours to neighbours; of the rectangle's four symmetries:
//!
//! * the column mirror `c → C - 1 - c` turns every triangle round (a right-pointing one
//!   must become left-pointing), so it needs `C - 1` odd: `C` even;
//! * the row flip `r → R - 1 - r` keeps the way each triangle points, so it needs `R - 1`
//!   even: `R` odd;
//! * the half turn, both at once, turns every triangle round: `R + C` odd.
//!
//! A single column is the exception: its triangles touch only the ones above and below,
//! so every transform keeps its neighbours (the mirror is the identity there).
//!
//! ([`Transform::is_valid`]; the tests check these conditions against the neighbour
//! relation itself.) Holes go with their cells and stay holes. Colours are only names:
//! renaming them gives the same level. The [`canonical_key`] is the smallest, over the
//! valid transforms, of the transformed level's text with its colours renumbered in order
//! of first appearance (row by row).

use crate::{Colour, Level, MAX_COLOURS, colour_char};

/// A symmetry of the rectangle (valid for some shapes only: [`Transform::is_valid`]).
///
/// ```
/// use kami::symmetry::Transform;
/// // On 3 rows of 4 columns, every one of the four keeps the tiling.
/// assert!(Transform::ALL.iter().all(|t| t.is_valid(3, 4)));
/// assert_eq!(Transform::MirrorColumns.map(3, 4, 0, 0), (0, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Transform {
    /// Every triangle stays where it is.
    Identity,
    /// Column `c` goes to `C - 1 - c` (valid when the column count `C` is even).
    MirrorColumns,
    /// Row `r` goes to `R - 1 - r` (valid when the row count `R` is odd).
    FlipRows,
    /// The half turn: both at once (valid when `R + C` is odd).
    Rotate180,
}

impl Transform {
    /// The four symmetries of a rectangle, the identity first.
    ///
    /// ```
    /// assert_eq!(kami::symmetry::Transform::ALL.len(), 4);
    /// ```
    pub const ALL: [Transform; 4] =
        [Transform::Identity, Transform::MirrorColumns, Transform::FlipRows, Transform::Rotate180];

    /// Whether the transform maps the triangles of a `rows × cols` level onto triangles
    /// pointing the right way, so that neighbours stay neighbours.
    ///
    /// ```
    /// use kami::symmetry::Transform;
    /// assert!(Transform::MirrorColumns.is_valid(5, 2) && !Transform::MirrorColumns.is_valid(5, 3));
    /// assert!(Transform::FlipRows.is_valid(3, 3) && !Transform::FlipRows.is_valid(2, 3));
    /// assert!(Transform::Rotate180.is_valid(2, 3) && !Transform::Rotate180.is_valid(3, 3));
    /// assert!(Transform::ALL.iter().all(|t| t.is_valid(4, 1))); // one column: a path
    /// ```
    #[must_use]
    pub fn is_valid(self, rows: usize, cols: usize) -> bool {
        // One column is a path of triangles, each touching the ones above and below: the
        // mirror leaves it as it is, and the flip and the half turn both reverse it.
        if cols == 1 {
            return true;
        }
        match self {
            Transform::Identity => true,
            Transform::MirrorColumns => cols % 2 == 0,
            Transform::FlipRows => rows % 2 == 1,
            Transform::Rotate180 => (rows + cols) % 2 == 1,
        }
    }

    /// Where triangle `(r, c)` of a `rows × cols` level goes. Each transform is its own
    /// inverse.
    ///
    /// ```
    /// use kami::symmetry::Transform;
    /// assert_eq!(Transform::Rotate180.map(2, 3, 0, 0), (1, 2));
    /// assert_eq!(Transform::FlipRows.map(3, 3, 0, 1), (2, 1));
    /// ```
    #[must_use]
    pub fn map(self, rows: usize, cols: usize, r: usize, c: usize) -> (usize, usize) {
        let flip_r = |r: usize| rows - 1 - r;
        let flip_c = |c: usize| cols - 1 - c;
        match self {
            Transform::Identity => (r, c),
            Transform::MirrorColumns => (r, flip_c(c)),
            Transform::FlipRows => (flip_r(r), c),
            Transform::Rotate180 => (flip_r(r), flip_c(c)),
        }
    }

    /// The level moved by the transform (name, par and palette kept), or `None` when the
    /// transform is not valid for its shape.
    ///
    /// ```
    /// use kami::symmetry::Transform;
    /// let level: kami::Level = "0012\n0112\n".parse().unwrap();
    /// let mirrored = Transform::MirrorColumns.apply(&level).unwrap();
    /// assert_eq!(mirrored.grid_text(), "2100\n2110\n");
    /// assert!(Transform::FlipRows.apply(&level).is_none()); // 2 rows
    /// ```
    #[must_use]
    pub fn apply(self, level: &Level) -> Option<Level> {
        let (rows, cols) = (level.rows(), level.cols());
        if !self.is_valid(rows, cols) {
            return None;
        }
        let cells = level.cells();
        let moved: Vec<Option<Colour>> = (0..rows * cols)
            .map(|i| {
                let (r, c) = self.map(rows, cols, i / cols, i % cols);
                cells.cells()[r * cols + c]
            })
            .collect();
        let mut out = Level::from_cells(engine::Grid::from_vec(cols, rows, moved).ok()?).ok()?;
        out.name.clone_from(&level.name);
        out.par = level.par;
        out.palette.clone_from(&level.palette);
        Some(out)
    }
}

/// The transforms valid for a `rows × cols` level, the identity first.
///
/// ```
/// use kami::symmetry::{Transform, transforms};
/// assert_eq!(transforms(10, 29), vec![Transform::Identity, Transform::Rotate180]);
/// assert_eq!(transforms(29, 10).len(), 4);
/// ```
#[must_use]
pub fn transforms(rows: usize, cols: usize) -> Vec<Transform> {
    Transform::ALL.into_iter().filter(|t| t.is_valid(rows, cols)).collect()
}

/// The canonical key of a level: the same for two levels exactly when one is the other
/// moved by a valid [`Transform`] with its colours renamed (holes staying holes). It is
/// the level text (rows joined by `\n`) of the smallest such form, with colours numbered
/// `0, 1, 2, …` in order of first appearance; name, par and palette do not count.
///
/// ```
/// let a: kami::Level = "0012\n0112\n".parse().unwrap();
/// let b: kami::Level = "1233\n1223\n".parse().unwrap(); // mirrored, colours renamed
/// let c: kami::Level = "0012\n0122\n".parse().unwrap();
/// assert_eq!(kami::symmetry::canonical_key(&a), kami::symmetry::canonical_key(&b));
/// assert_ne!(kami::symmetry::canonical_key(&a), kami::symmetry::canonical_key(&c));
/// assert_eq!(kami::symmetry::canonical_key(&a), "0012\n0112");
/// ```
#[must_use]
pub fn canonical_key(level: &Level) -> String {
    let (rows, cols) = (level.rows(), level.cols());
    transforms(rows, cols).into_iter().map(|t| renumbered_text(level, t)).min().unwrap_or_default()
}

/// The text of `level` moved by `t` (valid for its shape), colours renumbered by first
/// appearance.
fn renumbered_text(level: &Level, t: Transform) -> String {
    let (rows, cols) = (level.rows(), level.cols());
    let cells = level.cells().cells();
    let mut names = [None::<Colour>; MAX_COLOURS];
    let mut next: Colour = 0;
    let mut text = String::with_capacity(rows * (cols + 1));
    for r in 0..rows {
        if r > 0 {
            text.push('\n');
        }
        for c in 0..cols {
            // Each transform is its own inverse: the cell that lands on (r, c).
            let (sr, sc) = t.map(rows, cols, r, c);
            text.push(match cells[sr * cols + sc] {
                None => '.',
                Some(colour) => {
                    let name = names[usize::from(colour)].get_or_insert_with(|| {
                        next += 1;
                        next - 1
                    });
                    colour_char(*name)
                }
            });
        }
    }
    text
}

#[cfg(test)]
mod tests;
