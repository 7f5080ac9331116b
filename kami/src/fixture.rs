//! The fixture file format of `fixtures/kami/*.ron`: levels with name, par and palette.

use serde::{Deserialize, Serialize};

use crate::Level;

/// One fixture file.
///
/// ```
/// let file: kami::fixture::FixtureFile =
///     engine::from_ron("(levels: [(name: Some(\"two\"), rows: [\"01\"])])").unwrap();
/// assert_eq!(file.levels[0].triangle_count(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixtureFile {
    /// The levels, in file order.
    pub levels: Vec<Level>,
}

/// The canonical text of a fixture file: parsed (levels validated) and printed in the
/// workspace's RON style.
///
/// ```
/// let tidy = kami::fixture::canonicalize("(levels:[(rows:[\"01\"])])").unwrap();
/// assert_eq!(kami::fixture::canonicalize(&tidy).unwrap(), tidy);
/// ```
///
/// # Errors
/// The text is not RON of a [`FixtureFile`], or a level in it is not valid.
pub fn canonicalize(text: &str) -> Result<String, engine::RonError> {
    engine::canonical_ron::<FixtureFile>(text)
}

/// The fixture files generated from this crate's own APIs, as `(file name, contents)`:
/// `generated.ron`, the project's own level set, made by [`crate::generate::generate`]
/// from fixed seeds, each with its proven par, and `designed.ron`, the first levels of the
/// designed benchmark set ([`crate::generate::bench_set`], built by reverse play with
/// [`crate::generate::design`]; the others take too long to prove in CI).
///
/// ```
/// let files = kami::fixture::generated();
/// assert_eq!(files[0].0, "generated.ron");
/// let file: kami::fixture::FixtureFile = engine::from_ron(&files[0].1).unwrap();
/// assert!(file.levels.iter().all(|l| l.par.is_some()));
/// assert_eq!(files[1].0, "designed.ron");
/// ```
#[must_use]
pub fn generated() -> Vec<(String, String)> {
    use crate::generate::{Spec, generate};
    // (rows, cols, colours, regions, seed): small levels, 29 × 10 ones like the game's, and
    // the deepest that `generate` builds and proves in about a second (190 regions, par 14).
    let specs: [(usize, usize, usize, usize, u64); 8] = [
        (6, 5, 2, 6, 1),
        (8, 6, 3, 12, 2),
        (10, 8, 4, 16, 3),
        (29, 10, 3, 24, 4),
        (29, 10, 4, 30, 5),
        (29, 10, 5, 30, 6),
        (29, 10, 4, 100, 2),
        (29, 10, 3, 190, 1),
    ];
    let levels: Vec<Level> = specs
        .iter()
        .filter_map(|&(rows, cols, colours, regions, seed)| {
            let spec = Spec::new(cols, rows).with_colours(colours).with_regions(regions);
            let mut level = generate(&spec, &mut engine::SeededRng::new(seed)).ok()?;
            level.name = Some(format!("generated {rows}x{cols}, {colours} colours, {regions} regions, seed {seed}"));
            Some(level)
        })
        .collect();
    let file = FixtureFile { levels };
    let text = engine::to_ron(&file).unwrap_or_default();
    // The designed levels the solver proves in well under a second (the others take seconds
    // to minutes: they are in the bench).
    let set = crate::generate::bench_set();
    let designed: Vec<Level> = [0, 1, 2, 3, 6]
        .iter()
        .filter_map(|&i| set.get(i))
        .filter_map(|options| {
            let mut designed = crate::generate::design(options).ok()?;
            let budget = engine::Budget::default().with_node_limit(1_000_000);
            designed.prove(&crate::Options::default().with_budget(budget)).then_some(())?;
            let mut level = designed.level;
            level.name = Some(format!(
                "designed 29x10, {} colours, {} un-moves, seed {}",
                options.colours, options.moves, options.seed
            ));
            Some(level)
        })
        .collect();
    let designed = engine::to_ron(&FixtureFile { levels: designed }).unwrap_or_default();
    vec![("generated.ron".to_string(), text), ("designed.ron".to_string(), designed)]
}
