//! Seeded random levels with a proven par.
//!
//! A level of `rows × cols` triangles is cut into `regions` pieces grown at random from
//! random seed triangles; each piece gets a colour, avoiding the colours of the pieces it
//! touches where it can, so most pieces stay separate regions. The level is then solved
//! optimally within a node budget (deterministic, unlike a time limit); a layout the solver
//! cannot prove within the budget is dropped and the next one tried.

use engine::{Grid, SeededRng, Topology, TriangleGrid};

use crate::{Colour, Level, Limits, MAX_COLOURS, Outcome, solve_with};

/// What to generate.
///
/// ```
/// let options = kami::generate::Options { seed: 7, ..kami::generate::Options::default() };
/// assert_eq!((options.rows, options.cols), (29, 10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Rows of triangles.
    pub rows: usize,
    /// Columns of triangles.
    pub cols: usize,
    /// Number of colours (all of them are used).
    pub colours: usize,
    /// Number of pieces grown; the level has at most this many regions.
    pub regions: usize,
    /// The random seed.
    pub seed: u64,
    /// Solver nodes allowed per layout before it is dropped.
    pub node_limit: u64,
    /// Layouts tried before giving up.
    pub attempts: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { rows: 29, cols: 10, colours: 4, regions: 40, seed: 0, node_limit: 2_000_000, attempts: 50 }
    }
}

/// A random level with its proven optimum as `par`.
///
/// ```
/// use kami::generate::{generate, Options};
/// let options = Options { rows: 6, cols: 5, colours: 3, regions: 8, seed: 2026, ..Options::default() };
/// let level = generate(&options).unwrap();
/// assert_eq!(level, generate(&options).unwrap()); // same seed, same level
/// assert_eq!(level.par, Some(kami::solve(&level).len() as u32));
/// assert_eq!(level.colours_used().len(), 3);
/// ```
pub fn generate(options: &Options) -> Result<Level, String> {
    let Options { rows, cols, colours, regions, .. } = *options;
    if rows == 0 || cols == 0 {
        return Err("the level needs at least one row and one column".into());
    }
    if colours == 0 || colours > MAX_COLOURS {
        return Err(format!("colours must be 1 to {MAX_COLOURS}, not {colours}"));
    }
    if regions < colours || regions > rows * cols {
        return Err(format!(
            "regions must be between the colour count {colours} and the triangle count {}",
            rows * cols
        ));
    }
    let mut rng = SeededRng::new(options.seed);
    for _ in 0..options.attempts.max(1) {
        let Some(cells) = layout(rows, cols, colours, regions, &mut rng) else { continue };
        let mut level = Level::from_cells(cells)?;
        let limits = Limits { node_limit: Some(options.node_limit), deadline: None };
        if let Outcome::Optimal(moves) = solve_with(&level, limits) {
            level.par = Some(moves.len() as u32);
            return Ok(level);
        }
    }
    Err(format!("no layout could be solved within the budget in {} attempts", options.attempts.max(1)))
}

/// One random colouring, or `None` when it does not use every colour.
fn layout(
    rows: usize,
    cols: usize,
    colours: usize,
    regions: usize,
    rng: &mut SeededRng,
) -> Option<Grid<Option<Colour>>> {
    let topology = TriangleGrid::new(rows, cols);
    let n = rows * cols;
    let mut owner = vec![usize::MAX; n];
    let mut cells: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut cells);
    let mut frontier = Vec::new();
    for (piece, &cell) in cells[..regions].iter().enumerate() {
        owner[cell] = piece;
        frontier.extend(topology.neighbours(cell).map(|nb| (nb, piece)));
    }
    while !frontier.is_empty() {
        let (cell, piece) = frontier.swap_remove(rng.index(frontier.len()));
        if owner[cell] == usize::MAX {
            owner[cell] = piece;
            frontier.extend(topology.neighbours(cell).filter(|&nb| owner[nb] == usize::MAX).map(|nb| (nb, piece)));
        }
    }
    // Which pieces touch.
    let mut touching = vec![Vec::new(); regions];
    for cell in 0..n {
        for nb in topology.neighbours(cell) {
            if owner[nb] != owner[cell] {
                touching[owner[cell]].push(owner[nb]);
            }
        }
    }
    let mut order: Vec<usize> = (0..regions).collect();
    rng.shuffle(&mut order);
    let mut colour = vec![usize::MAX; regions];
    for (i, &piece) in order.iter().enumerate() {
        // The first `colours` pieces take each colour once, so every colour is used.
        let pick = if i < colours {
            i
        } else {
            let free: Vec<usize> = (0..colours).filter(|c| !touching[piece].iter().any(|&t| colour[t] == *c)).collect();
            match rng.choose(&free) {
                Some(&c) => c,
                None => rng.index(colours),
            }
        };
        colour[piece] = pick;
    }
    let grid = Grid::from_vec(cols, rows, owner.iter().map(|&p| Some(colour[p] as Colour)).collect()).ok()?;
    Some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RegionGraph, solver};

    #[test]
    fn generated_levels_have_their_proven_par() {
        for seed in 0..6 {
            let options =
                Options { rows: 8, cols: 6, colours: 3 + (seed as usize % 2), regions: 12, seed, ..Options::default() };
            let level = generate(&options).unwrap();
            let par = level.par.unwrap();
            let moves = solver::solve(&level);
            assert_eq!(moves.len() as u32, par);
            assert!(RegionGraph::new(&level).len() <= 12);
            assert_eq!(level.colours_used().len(), options.colours);
        }
    }

    #[test]
    fn bad_options_are_errors() {
        assert!(generate(&Options { colours: 0, ..Options::default() }).is_err());
        assert!(generate(&Options { regions: 2, colours: 3, ..Options::default() }).is_err());
        assert!(generate(&Options { rows: 0, ..Options::default() }).is_err());
    }
}
