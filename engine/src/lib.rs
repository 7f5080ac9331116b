#![doc = include_str!("../README.md")]

pub mod bench;
pub mod budget;
#[cfg(feature = "cli")]
pub mod cli;
pub mod code;
pub mod coord;
pub mod grid;
pub mod outcome;
pub mod pack;
pub mod rng;
pub mod ron_format;
pub mod size;
pub mod svg;
pub mod text;
pub mod topology;
pub mod traverse;
pub mod union_find;

pub use budget::{Budget, CancelOnDrop, CancelToken, Meter, Progress, ProgressFn};
pub use coord::Coord;
pub use grid::{Grid, GridError};
pub use outcome::{Outcome, Report, Stats, StopReason};
pub use rng::SeededRng;
pub use ron_format::{RonError, canonical_ron, from_ron, pretty_config, to_ron};
pub use size::{Size, SizeError, SizeLimits};
pub use text::{
    InputError, ParseError, content_lines, format_char_grid, format_token_grid, parse_char_grid, parse_token_grid,
    read_input, text_rows, token_location, tokens_with_columns,
};

#[doc(hidden)]
pub use serde as __serde;
pub use topology::{Adjacency, Neighbours, SquareGrid, Topology, TriangleGeometry, TriangleGrid};
pub use traverse::{Components, bfs, bfs_reach, components, distances, flood_fill};
pub use union_find::{Checkpoint, UndoUnionFind, UnionFind};
