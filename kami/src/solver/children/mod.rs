//! A node's children: its candidate moves and the tests that cut a child before it is
//! played, as free functions of the node (and of what each reads besides: the
//! [`Problem`], the node's tap filter and colour sets, the scratch buffers, the
//! transposition table through [`Table`]).
//!
//! `parent` holds the tests read off the parent's distance matrix before a child is
//! built (the radius and colour-radius test, the tap filters: the regions a child must tap
//! to bring the radius or a critical pair's potential down), and what the search records
//! of a move for the partial-order reduction (`Last`, `Swap` with its proof,
//! `kept_colours`), a child's table keys (`ChildKey`, `context_key`) and a node's
//! candidate moves (`Moves`); `moves` lists the moves (neighbour colours, leaves last,
//! the reduction, the tap filter, the colour look-ahead); `cuts` holds the cuts of a child
//! before it is played, run in order by [`cut_before_playing`]. Built on `node` and
//! `bounds`.

pub(super) mod cuts;
pub(super) mod moves;
mod parent;

pub(super) use cuts::{child_key, child_structure, colour_sets, cut_before_playing, merged_set, solved, tap_filter};
pub(super) use moves::{moves, moves_with};
pub(super) use parent::{
    ChildKey, Last, Moves, Problem, Swap, Table, TapFilter, colour_radius_cut, context_key, in_child, kept_colours,
    pair_taps, radius_taps, radius_test_applies,
};

#[cfg(test)]
mod tests;
