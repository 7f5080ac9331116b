//! Test helpers shared by the modules' unit tests (test builds only).

use proptest::prelude::*;

use crate::{Colour, Level};

/// Random small levels: 1-5 rows, 1-6 columns, 1-4 colours, some holes (so islands too).
pub(crate) fn level_strategy() -> impl Strategy<Value = Level> {
    (1usize..6, 1usize..7, 1u8..5, 0u32..4).prop_flat_map(|(rows, cols, k, hole_weight)| {
        proptest::collection::vec((0u8..k, 0u32..10), rows * cols).prop_filter_map("no triangles", move |cells| {
            let cells: Vec<Option<Colour>> = cells.into_iter().map(|(c, h)| (h >= hole_weight).then_some(c)).collect();
            Level::from_cells(engine::Grid::from_vec(cols, rows, cells).ok()?).ok()
        })
    })
}
