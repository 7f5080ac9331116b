//! The fixture file format of `fixtures/hitori/*.ron`: named puzzles stored as text rows.

use serde::{Deserialize, Serialize};

use crate::board::Puzzle;

/// One fixture file.
///
/// ```
/// let file: hitori::fixture::FixtureFile =
///     engine::from_ron("(puzzles: [(name: \"tiny\", puzzle: [\"1 1\", \"1 2\"])])").unwrap();
/// assert_eq!(file.puzzles[0].puzzle.width(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureFile {
    /// The puzzles, in file order.
    pub puzzles: Vec<NamedPuzzle>,
}

/// A puzzle with a name saying what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedPuzzle {
    /// What the puzzle is about.
    pub name: String,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// The canonical text of a fixture file: parsed (puzzles validated) and printed in the
/// workspace's RON style.
///
/// ```
/// let tidy = hitori::fixture::canonicalize("(puzzles:[(name:\"t\",puzzle:[\"1  1\"])])").unwrap();
/// assert_eq!(hitori::fixture::canonicalize(&tidy).unwrap(), tidy);
/// ```
pub fn canonicalize(text: &str) -> Result<String, engine::RonError> {
    engine::canonical_ron::<FixtureFile>(text)
}

/// The fixture files generated from this crate's own APIs, as `(file name, contents)`:
/// `generated.ron`, seeded unique puzzles of several sizes and shapes.
///
/// ```
/// let files = hitori::fixture::generated();
/// assert_eq!(files[0].0, "generated.ron");
/// assert!(hitori::fixture::canonicalize(&files[0].1).is_ok());
/// ```
#[must_use]
pub fn generated() -> Vec<(String, String)> {
    let specs: [(usize, usize, u64); 8] =
        [(2, 2, 1), (1, 5, 2), (4, 4, 3), (6, 3, 4), (5, 8, 5), (8, 8, 6), (10, 10, 7), (15, 12, 8)];
    let puzzles = specs
        .iter()
        .filter_map(|&(w, h, seed)| {
            let spec = crate::generate::Spec::new(w, h);
            let puzzle = crate::generate::generate(&spec, &mut engine::SeededRng::new(seed)).ok()?;
            Some(NamedPuzzle { name: format!("generated {w}x{h}, seed {seed}"), puzzle })
        })
        .collect();
    let text = engine::to_ron(&FixtureFile { puzzles }).unwrap_or_default();
    vec![("generated.ron".to_string(), text)]
}

#[cfg(test)]
mod tests {
    #[test]
    fn generated_puzzles_are_the_committed_ones() {
        // The same seeds give the same puzzles: generation is deterministic across versions
        // of the generator's signature and budget.
        let committed = include_str!("../../fixtures/hitori/generated.ron");
        assert_eq!(super::generated(), vec![("generated.ron".to_string(), committed.to_string())]);
    }
}
