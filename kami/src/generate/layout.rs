//! Random layouts: a board cut into pieces grown from random seed triangles, each piece
//! coloured avoiding the colours of the pieces it touches where it can.

use engine::{Grid, SeededRng, Topology, TriangleGrid};

use crate::Colour;

/// One random colouring, or `None` when it does not use every colour or some triangle is
/// reached by no piece.
pub(super) fn layout(
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
    // A part of the board that no piece started in (a board whose triangles are not all
    // connected, such as one row of two): no layout from these starts.
    if owner.contains(&usize::MAX) {
        return None;
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
