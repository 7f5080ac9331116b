//! Level packs: many generated levels, each with its proven par and an optimal solution,
//! made and re-checked by [`engine::pack`]'s runner (`kami pack`, `kami verify`).
//!
//! An entry ([`PackEntry`]) is one line of JSON: the game, the seed, the level text, its
//! [code](crate::code) (par included), its par, an optimal solution of `par` moves and the
//! [`PackOptions`] that made it.
//! [`make_entry`] gives a seed's entry: the level [`generate`](crate::generate()) makes
//! from that seed (its proofs on the calling thread under a node limit, so the same on
//! every machine and for any number of pack threads), or no entry when its par is outside
//! the par filter. [`PackEntry::verify`](engine::pack::Entry::verify) re-checks everything
//! an entry claims; two levels equal up to a symmetry share a
//! [`canonical_key`](crate::symmetry::canonical_key), so a pack holds each level once.
//!
//! ```
//! use engine::pack::{Entry, Made};
//! use kami::generate::Spec;
//! use kami::pack::{PackOptions, ParRange, make_entry};
//!
//! let options = PackOptions::new(Spec::new(7, 6).with_colours(3).with_regions(9)).with_par(Some(ParRange::new(2, 9)));
//! let Made::Entry(entry) = make_entry(1, &options, &engine::Budget::default()) else { panic!() };
//! assert_eq!(entry.moves.len(), entry.par as usize);
//! assert!(entry.verify(&engine::Budget::default()).is_ok());
//! let line = serde_json::to_string(&entry).unwrap();
//! assert!(line.starts_with(r#"{"game":"kami","seed":1,"puzzle":""#));
//! ```

use std::fmt;
use std::str::FromStr;

use engine::pack::{Entry, Fault, Made};
use engine::{Budget, Outcome, SeededRng};
use serde::{Deserialize, Serialize};

use crate::generate::{GenerateError, Spec, generate_proven};
use crate::{Colour, Level, Move, Options, RegionGraph, SolveError, colour_char, colour_from_char, game};

/// A par filter `A..B`, inclusive at both ends (`6..9` keeps par 6, 7, 8 and 9).
///
/// ```
/// use kami::pack::ParRange;
/// let range: ParRange = "6..9".parse().unwrap();
/// assert!(range.holds(6) && range.holds(9) && !range.holds(10));
/// assert_eq!("7".parse::<ParRange>(), Ok(ParRange::new(7, 7)));
/// assert_eq!(range.to_string(), "6..9");
/// assert!("9..6".parse::<ParRange>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ParRange {
    /// The smallest par kept.
    pub min: u32,
    /// The largest par kept.
    pub max: u32,
}

impl ParRange {
    /// The pars from `min` to `max`, both included.
    ///
    /// ```
    /// assert_eq!(kami::pack::ParRange::new(3, 5).max, 5);
    /// ```
    #[must_use]
    pub fn new(min: u32, max: u32) -> ParRange {
        ParRange { min, max }
    }

    /// Whether the filter keeps a level of par `par`.
    ///
    /// ```
    /// assert!(!kami::pack::ParRange::new(3, 5).holds(2));
    /// ```
    #[must_use]
    pub fn holds(&self, par: u32) -> bool {
        (self.min..=self.max).contains(&par)
    }
}

impl fmt::Display for ParRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.min, self.max)
    }
}

impl FromStr for ParRange {
    type Err = PackOptionsError;

    fn from_str(text: &str) -> Result<ParRange, PackOptionsError> {
        let bad = || PackOptionsError::ParSyntax(text.to_string());
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        let (a, b) = text.split_once("..").unwrap_or((text, text));
        let range = ParRange::new(number(a)?, number(b)?);
        if range.min > range.max {
            return Err(PackOptionsError::ParBackwards(range));
        }
        Ok(range)
    }
}

/// The options of a pack: the generator's [`Spec`] (those of `kami generate`: size,
/// colours, regions) and the par filter. They are stored in every entry, so that a resumed
/// pack is checked against them. In JSON: `rows`, `cols`, `colours`, `regions`, `par`, then
/// the spec's `node_limit` and `attempts` where they differ from [`Spec::default`]'s.
///
/// ```
/// use kami::generate::Spec;
/// let options = kami::pack::PackOptions::new(Spec::new(29, 10).with_regions(24));
/// assert_eq!((options.spec.rows, options.spec.cols, options.spec.colours, options.spec.regions), (10, 29, 4, 24));
/// assert_eq!(options.par, None);
/// assert!(options.validate().is_ok());
/// assert_eq!(
///     serde_json::to_string(&options).unwrap(),
///     r#"{"rows":10,"cols":29,"colours":4,"regions":24,"par":null}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "OptionsJson", into = "OptionsJson")]
#[non_exhaustive]
pub struct PackOptions {
    /// What the generator makes of each seed.
    pub spec: Spec,
    /// Keep only the levels of a par in this range (`None`: every par).
    pub par: Option<ParRange>,
}

impl Default for PackOptions {
    /// `kami generate`'s defaults, and no par filter.
    fn default() -> Self {
        PackOptions::new(Spec::default())
    }
}

/// [`PackOptions`] as JSON: the spec's fields flat, its node limit and attempts only where
/// they are not the default.
#[derive(Serialize, Deserialize)]
struct OptionsJson {
    rows: usize,
    cols: usize,
    colours: usize,
    regions: usize,
    par: Option<ParRange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    node_limit: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    attempts: Option<usize>,
}

impl From<PackOptions> for OptionsJson {
    fn from(o: PackOptions) -> Self {
        let (spec, default) = (o.spec, Spec::default());
        OptionsJson {
            rows: spec.rows,
            cols: spec.cols,
            colours: spec.colours,
            regions: spec.regions,
            par: o.par,
            node_limit: (spec.node_limit != default.node_limit).then_some(spec.node_limit),
            attempts: (spec.attempts != default.attempts).then_some(spec.attempts),
        }
    }
}

impl From<OptionsJson> for PackOptions {
    fn from(o: OptionsJson) -> Self {
        let default = Spec::default();
        let spec = Spec::new(o.cols, o.rows)
            .with_colours(o.colours)
            .with_regions(o.regions)
            .with_node_limit(o.node_limit.unwrap_or(default.node_limit))
            .with_attempts(o.attempts.unwrap_or(default.attempts));
        PackOptions { spec, par: o.par }
    }
}

impl PackOptions {
    /// The options making the levels of `spec`, every par kept.
    ///
    /// ```
    /// use kami::generate::Spec;
    /// let options = kami::pack::PackOptions::new(Spec::new(6, 4).with_colours(3));
    /// assert_eq!((options.spec.cols, options.spec.colours, options.par), (6, 3, None));
    /// ```
    #[must_use]
    pub fn new(spec: Spec) -> Self {
        PackOptions { spec, par: None }
    }

    /// The same options with `rows × cols` triangles.
    ///
    /// ```
    /// #![allow(deprecated)]
    /// assert_eq!(kami::pack::PackOptions::default().with_size(4, 6).spec.cols, 6);
    /// ```
    #[deprecated(note = "build the spec: PackOptions::new(Spec::new(cols, rows))")]
    #[must_use]
    pub fn with_size(mut self, rows: usize, cols: usize) -> Self {
        self.spec = self.spec.with_size(engine::Size::new(cols, rows));
        self
    }

    /// The same options with `colours` colours.
    ///
    /// ```
    /// #![allow(deprecated)]
    /// assert_eq!(kami::pack::PackOptions::default().with_colours(3).spec.colours, 3);
    /// ```
    #[deprecated(note = "build the spec: PackOptions::new(spec.with_colours(colours))")]
    #[must_use]
    pub fn with_colours(mut self, colours: usize) -> Self {
        self.spec = self.spec.with_colours(colours);
        self
    }

    /// The same options with `regions` regions.
    ///
    /// ```
    /// #![allow(deprecated)]
    /// assert_eq!(kami::pack::PackOptions::default().with_regions(24).spec.regions, 24);
    /// ```
    #[deprecated(note = "build the spec: PackOptions::new(spec.with_regions(regions))")]
    #[must_use]
    pub fn with_regions(mut self, regions: usize) -> Self {
        self.spec = self.spec.with_regions(regions);
        self
    }

    /// The same options with the par filter `par`.
    ///
    /// ```
    /// use kami::pack::{PackOptions, ParRange};
    /// assert_eq!(PackOptions::default().with_par(Some(ParRange::new(6, 9))).par, Some(ParRange::new(6, 9)));
    /// ```
    #[must_use]
    pub fn with_par(mut self, par: Option<ParRange>) -> Self {
        self.par = par;
        self
    }

    /// The generator's spec for these options.
    ///
    /// ```
    /// let spec = kami::pack::PackOptions::new(kami::generate::Spec::new(29, 10)).spec();
    /// assert_eq!((spec.rows, spec.cols), (10, 29));
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// Checks the options before a pack starts: the generator's ranges, and a par filter
    /// some level can meet. The generator's levels have no holes, so a level of `N`
    /// regions is one island and its par is at most `N - 1`; a level of `K` colours needs
    /// at least `K - 1` moves.
    ///
    /// ```
    /// use kami::generate::Spec;
    /// use kami::pack::{PackOptions, ParRange};
    /// let options = PackOptions::new(Spec::default().with_colours(4).with_regions(24));
    /// assert!(options.with_par(Some(ParRange::new(6, 9))).validate().is_ok());
    /// assert!(options.with_par(Some(ParRange::new(1, 2))).validate().is_err()); // 4 colours need 3 moves
    /// assert!(options.with_par(Some(ParRange::new(24, 30))).validate().is_err()); // 24 regions: par <= 23
    /// assert!(PackOptions::new(Spec::default().with_colours(0)).validate().is_err());
    /// ```
    ///
    /// # Errors
    /// The first option out of range.
    pub fn validate(&self) -> Result<(), PackOptionsError> {
        self.spec().validate().map_err(PackOptionsError::Generate)?;
        if let Some(range) = self.par {
            let least = u32::try_from(self.spec.colours.saturating_sub(1)).unwrap_or(u32::MAX);
            let most = u32::try_from(self.spec.regions.saturating_sub(1)).unwrap_or(u32::MAX);
            if range.min > range.max || range.max < least || range.min > most {
                return Err(PackOptionsError::ParNeverMet { range, least, most });
            }
        }
        Ok(())
    }
}

/// Why pack options cannot make a pack.
///
/// ```
/// let e = "x".parse::<kami::pack::ParRange>().unwrap_err();
/// assert_eq!(e.to_string(), "--par \"x\": expected A..B or N, whole numbers");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackOptionsError {
    /// The generator refuses the size, colours or regions.
    #[error(transparent)]
    Generate(GenerateError),
    /// A par filter that is not `A..B` or `N`.
    #[error("--par {0:?}: expected A..B or N, whole numbers")]
    ParSyntax(String),
    /// A par filter `A..B` with `A > B`.
    #[error("--par {0}: the range is the wrong way round (expected A <= B)")]
    ParBackwards(ParRange),
    /// A par filter no level of these options meets.
    #[error("--par {range}: no level meets it (these levels have par {least} to {most})")]
    ParNeverMet {
        /// The filter.
        range: ParRange,
        /// The least par of a level of these colours.
        least: u32,
        /// The most par of a level of these regions.
        most: u32,
    },
}

/// A move of an entry's solution, as `kami solve --json` writes moves: row, column and
/// colour character.
///
/// ```
/// let m = kami::pack::PackMove::from(&kami::Move::new(2, 0, 11));
/// assert_eq!(serde_json::to_string(&m).unwrap(), r#"{"row":2,"col":0,"colour":"b"}"#);
/// assert_eq!(kami::Move::try_from(&m), Ok(kami::Move::new(2, 0, 11)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PackMove {
    /// Row of the tapped triangle, from 0.
    pub row: usize,
    /// Column of the tapped triangle, from 0.
    pub col: usize,
    /// The new colour: `0-9`, `a-z`.
    pub colour: String,
}

impl From<&Move> for PackMove {
    fn from(m: &Move) -> PackMove {
        PackMove { row: m.row, col: m.col, colour: colour_char(m.colour).to_string() }
    }
}

impl TryFrom<&PackMove> for Move {
    type Error = String;

    fn try_from(m: &PackMove) -> Result<Move, String> {
        let mut chars = m.colour.chars();
        match (chars.next().and_then(colour_from_char), chars.next()) {
            (Some(colour), None) => Ok(Move::new(m.row, m.col, colour)),
            _ => Err(format!("colour {:?} is not one of 0-9, a-z", m.colour)),
        }
    }
}

/// One entry of a kami pack (fields in this order in the JSON line).
///
/// ```
/// use engine::pack::Entry;
/// let line = r#"{"game":"kami","seed":0,"puzzle":"01","code":"kami:1:qgJATP","par":1,"moves":[{"row":0,"col":1,"colour":"0"}],"options":{"rows":1,"cols":2,"colours":2,"regions":2,"par":null}}"#;
/// let entry: kami::pack::PackEntry = serde_json::from_str(line).unwrap();
/// assert_eq!((entry.par, entry.label()), (1, "1".to_string()));
/// assert_eq!(entry.key(), Ok("01".to_string()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackEntry {
    /// `kami`.
    pub game: String,
    /// The seed the level was generated from.
    pub seed: u64,
    /// The level text `kami solve` reads: rows joined by `\n`, no headers.
    pub puzzle: String,
    /// The level's [code](crate::code), its par included.
    pub code: String,
    /// The proven optimal number of moves.
    pub par: u32,
    /// An optimal solution: `par` moves.
    pub moves: Vec<PackMove>,
    /// The options that made the entry.
    pub options: PackOptions,
}

/// The level text of an entry: the rows of `level`, joined by `\n`.
fn puzzle_text(level: &Level) -> String {
    level.grid_text().trim_end_matches('\n').to_string()
}

/// The entry of `seed`: the level [`generate_proven`] makes of it under the options'
/// spec, with its par and solution; [`Made::Skipped`] when its par is outside the par
/// filter (reason `par outside A..B`) or no level was proven within the generator's node
/// limit; [`Made::Stopped`] when `budget` (its deadline or cancel token) stopped the
/// generation. Only the budget's stop matters: the entry of a seed is the same on every
/// machine.
///
/// ```
/// use engine::pack::Made;
/// use kami::generate::Spec;
/// use kami::pack::{PackOptions, ParRange, make_entry};
/// let options = PackOptions::new(Spec::new(7, 6).with_colours(3).with_regions(9));
/// let Made::Entry(entry) = make_entry(3, &options, &engine::Budget::default()) else { panic!() };
/// let never = options.with_par(Some(ParRange::new(entry.par + 1, 8)));
/// assert!(matches!(make_entry(3, &never, &engine::Budget::default()), Made::Skipped(_)));
/// ```
#[must_use]
pub fn make_entry(seed: u64, options: &PackOptions, budget: &Budget) -> Made<PackEntry> {
    let (level, moves) = match generate_proven(&options.spec(), &mut SeededRng::new(seed), budget) {
        Ok(made) => made,
        Err(GenerateError::GaveUp(reason)) => return Made::Stopped(reason),
        Err(GenerateError::NotFound { .. }) => return Made::Skipped("no level proven".into()),
        Err(e) => return Made::Failed(e.to_string()),
    };
    let par = u32::try_from(moves.len()).unwrap_or(u32::MAX);
    if let Some(range) = options.par.filter(|r| !r.holds(par)) {
        return Made::Skipped(format!("par outside {range}"));
    }
    let mut coded = level.clone();
    coded.par = Some(par);
    let code = match crate::code::encode(&coded) {
        Ok(code) => code,
        Err(e) => return Made::Failed(e.to_string()),
    };
    Made::Entry(PackEntry {
        game: PackEntry::GAME.to_string(),
        seed,
        puzzle: puzzle_text(&level),
        code,
        par,
        moves: moves.iter().map(PackMove::from).collect(),
        options: *options,
    })
}

impl PackEntry {
    /// The entry's level, parsed; only the level text form without headers is accepted.
    fn level(&self) -> Result<Level, String> {
        let level = Level::parse(&self.puzzle).map_err(|e| format!("puzzle: {e}"))?;
        if puzzle_text(&level) != self.puzzle {
            return Err("puzzle: not in the pack's form (rows of the level joined by \\n, no headers)".into());
        }
        Ok(level)
    }

    /// The code decodes to the level and the par of the entry.
    fn check_code(&self, level: &Level) -> Result<(), String> {
        let coded = crate::code::decode(&self.code).map_err(|e| format!("code: {e}"))?;
        if coded.cells() != level.cells() {
            return Err("code: not the code of the puzzle".into());
        }
        if coded.par != Some(self.par) {
            let held = coded.par.map_or_else(|| "no par".to_string(), |p| format!("par {p}"));
            return Err(format!("code: it holds {held}, the entry says par {}", self.par));
        }
        Ok(())
    }

    /// The level agrees with the options: size, colours, regions, par filter.
    fn check_options(&self, level: &Level) -> Result<(), String> {
        let (o, spec) = (&self.options, &self.options.spec);
        o.validate().map_err(|e| format!("options: {e}"))?;
        if (level.rows(), level.cols()) != (spec.rows, spec.cols) {
            return Err(format!(
                "the level has {}x{} triangles, the options say {}x{}",
                level.rows(),
                level.cols(),
                spec.rows,
                spec.cols
            ));
        }
        let used = level.colours_used();
        let expected: Vec<Colour> = (0..spec.colours).filter_map(|c| Colour::try_from(c).ok()).collect();
        if used != expected {
            return Err(format!("the level uses colours {}, the options say {}", chars(&used), chars(&expected)));
        }
        let regions = RegionGraph::new(level).len();
        if regions != spec.regions {
            return Err(format!("the level has {regions} regions, the options say {}", spec.regions));
        }
        if let Some(range) = o.par.filter(|r| !r.holds(self.par)) {
            return Err(format!("par {} is outside the filter {range}", self.par));
        }
        Ok(())
    }

    /// The moves replay through flood fill and solve the level in exactly `par` moves.
    fn check_moves(&self, level: &Level) -> Result<(), String> {
        let moves: Vec<Move> = (1..)
            .zip(&self.moves)
            .map(|(i, m)| Move::try_from(m).map_err(|e| format!("move {i}: {e}")))
            .collect::<Result<_, _>>()?;
        if moves.len() != self.par as usize {
            return Err(format!("par {} but {} moves", self.par, moves.len()));
        }
        let end = game::replay(level, &moves).map_err(|e| format!("moves: {e}"))?;
        if !game::is_solved(&end) {
            return Err(format!("the {} moves do not solve the level", moves.len()));
        }
        Ok(())
    }

    /// The solver proves the par optimal under `budget`.
    fn check_par(&self, level: &Level, budget: &Budget) -> Result<(), Fault> {
        let options = Options::default().with_budget(budget.clone());
        match crate::solve(level, &options) {
            Ok(report) => match report.outcome {
                Outcome::Proved(m) if m.len() == self.par as usize => Ok(()),
                Outcome::Proved(m) | Outcome::Found(m) if m.len() < self.par as usize => {
                    Err(Fault::Wrong(format!("par {} is not optimal: {} moves solve the level", self.par, m.len())))
                }
                Outcome::Proved(m) => {
                    Err(Fault::Wrong(format!("par {} is wrong: the optimum is {}", self.par, m.len())))
                }
                Outcome::Found(_) => Err(Fault::Unknown(format!("par {} was not re-proven", self.par))),
                Outcome::GaveUp { reason, proven } => Err(Fault::Unknown(format!(
                    "par {} not re-proven ({reason}; proven lower bound {})",
                    self.par, proven.lower_bound
                ))),
            },
            Err(SolveError::TooManyRegions { .. }) => {
                Err(Fault::Unknown(format!("par {} not re-proven: an island too big for the search", self.par)))
            }
        }
    }

    /// The level is the one the seed generates under the options.
    fn check_seed(&self, level: &Level, budget: &Budget) -> Result<(), Fault> {
        match generate_proven(&self.options.spec(), &mut SeededRng::new(self.seed), budget) {
            Ok((made, _)) if made.cells() == level.cells() => Ok(()),
            Ok(_) | Err(GenerateError::NotFound { .. }) => Err(Fault::Wrong(format!(
                "the puzzle is not the level of seed {} with these options (made by another version of kami?)",
                self.seed
            ))),
            Err(GenerateError::GaveUp(reason)) => {
                Err(Fault::Unknown(format!("the level of seed {} not regenerated ({reason})", self.seed)))
            }
            Err(e) => Err(Fault::Wrong(format!("options: {e}"))),
        }
    }
}

/// Colours as their characters, e.g. `012`.
fn chars(colours: &[Colour]) -> String {
    colours.iter().map(|&c| colour_char(c)).collect()
}

impl Entry for PackEntry {
    type Key = String;
    const GAME: &'static str = "kami";

    fn seed(&self) -> u64 {
        self.seed
    }

    /// The [`canonical_key`](crate::symmetry::canonical_key) of the level.
    fn key(&self) -> Result<String, String> {
        Ok(crate::symmetry::canonical_key(&self.level()?))
    }

    /// The par.
    fn label(&self) -> String {
        self.par.to_string()
    }

    /// Parses the level, checks that the code decodes to it and the par, checks it
    /// against the options (size, colours, regions, par filter), replays the moves (each a legal tap that changes something, the level
    /// solved after exactly `par` of them), re-proves the par optimal with the solver and
    /// regenerates the seed's level under `budget` (a budget that runs out first:
    /// [`Fault::Unknown`]).
    fn verify(&self, budget: &Budget) -> Result<(), Fault> {
        let level = self.level().map_err(Fault::Wrong)?;
        self.check_code(&level).map_err(Fault::Wrong)?;
        self.check_options(&level).map_err(Fault::Wrong)?;
        self.check_moves(&level).map_err(Fault::Wrong)?;
        self.check_par(&level, budget)?;
        self.check_seed(&level, budget)
    }

    fn code(&self) -> Option<&str> {
        Some(&self.code)
    }
}

#[cfg(test)]
mod tests;
