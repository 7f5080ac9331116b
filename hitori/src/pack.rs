//! Packs of Hitori puzzles: the entry for a seed, with its grade and its proven solution.
//!
//! A pack entry is one line of JSON, its fields in this order: `game` (`"hitori"`),
//! `seed`, `puzzle` (the puzzle text, rows joined by `\n`), `code` (the puzzle's code,
//! [`crate::code`]), `grade` (what
//! [`crate::steps::grade`] says), `solution` (one string per row, `#` shaded, `.`
//! unshaded) and `options` (the [`PackOptions`] the pack was made with). [`make_entry`]
//! makes the entry of a seed — the same on every machine — and [`PackEntry`] implements
//! [`engine::pack::Entry`], so the engine's runner makes, resumes, merges and verifies
//! packs of them. Repeats are found by [`crate::symmetry::canonical_key`].
//!
//! ```
//! use engine::Budget;
//! use engine::pack::{Entry, Made};
//! use hitori::pack::{make_entry, PackOptions};
//! use hitori::steps::Difficulty;
//!
//! let options = PackOptions::new(engine::Size::new(6, 6)).with_difficulties([Difficulty::Medium]);
//! let Made::Entry(entry) = make_entry(3, &options, &Budget::default()) else { panic!() };
//! assert_eq!((entry.game.as_str(), entry.seed, entry.grade), ("hitori", 3, Difficulty::Medium));
//! assert_eq!(entry.verify(&Budget::default()), Ok(()));
//! ```

use std::collections::BTreeMap;
use std::fmt;

use engine::pack::{Entry, Fault, Made};
use engine::{Budget, Grid, Outcome, SeededRng, Size};
use serde::{Deserialize, Serialize};

use crate::board::Puzzle;
use crate::code::CodeError;
use crate::generate::{GenerateError, Spec, fits_search, generate_with_solution_within};
use crate::solver::{Answer, Options, solve};
use crate::steps::{Difficulty, grade};
use crate::symmetry::{Key, canonical_key};

/// What a pack is made of: the board size, the grades asked for (empty: any grade), and
/// the mix — how many entries of each grade a `--count` pack holds (empty: no mix). Stored
/// in every entry as `options`, so a resumed pack can be checked against the options.
///
/// ```
/// use std::collections::BTreeMap;
/// use hitori::pack::PackOptions;
/// use hitori::steps::Difficulty::{Easy, Hard};
///
/// let o = PackOptions::new(engine::Size::new(10, 10)).with_mix(BTreeMap::from([(Hard, 1), (Easy, 3)]));
/// assert_eq!(o.difficulty, vec![Easy, Hard]);
/// assert_eq!(o.to_string(), "--size 10x10 --difficulty easy,hard --mix easy=3,hard=1");
/// assert_eq!(serde_json::to_string(&o).unwrap(), r#"{"size":"10x10","difficulty":["easy","hard"],"mix":{"easy":3,"hard":1}}"#);
/// assert_eq!(o.check(), Ok(()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct PackOptions {
    /// The board size, as `"WxH"` in JSON.
    #[serde(with = "size_text")]
    pub size: Size,
    /// The grades asked for, easiest first, no repeats; empty for any grade.
    pub difficulty: Vec<Difficulty>,
    /// Entries wanted per grade (with `--count`); empty for no mix.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mix: BTreeMap<Difficulty, u64>,
}

/// `size` as `"WxH"`.
mod size_text {
    use engine::Size;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(size: &Size, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(size)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Size, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(|e| D::Error::custom(format!("size {text:?}: {e}")))
    }
}

/// Options a pack cannot be made with (or that an entry cannot have been made with).
///
/// ```
/// use hitori::pack::{PackOptions, PackOptionsError};
/// use hitori::steps::Difficulty;
/// let o = PackOptions::new(engine::Size::new(5, 5)).with_difficulties([Difficulty::NeedsSearch]);
/// assert!(matches!(o.check(), Err(PackOptionsError::TooSmallForSearch(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackOptionsError {
    /// A `search` grade on a board too small for the cores search puzzles are built around.
    #[error("search puzzles need both sides at least 7 and one at least 10, not {0}")]
    TooSmallForSearch(Size),
    /// 1×2 and 2×1 boards have no puzzle with exactly one solution.
    #[error("no {0} puzzle has exactly one solution")]
    NoUniquePuzzle(Size),
    /// A grade of the mix asks for no entry.
    #[error("--mix {0}=0: every grade of the mix needs at least 1 entry")]
    ZeroQuota(Difficulty),
    /// The grade list is not sorted easiest first without repeats, or not the mix's grades.
    #[error("the difficulty list {0:?} is not the sorted grades of the mix")]
    Difficulties(Vec<Difficulty>),
}

impl PackOptions {
    /// Puzzles of `size`, any grade, no mix.
    ///
    /// ```
    /// let o = hitori::pack::PackOptions::new(engine::Size::new(8, 6));
    /// assert_eq!(o.to_string(), "--size 8x6");
    /// ```
    #[must_use]
    pub fn new(size: Size) -> PackOptions {
        PackOptions { size, difficulty: Vec::new(), mix: BTreeMap::new() }
    }

    /// The same options asking for the grades `grades` (sorted, repeats dropped; none: any
    /// grade).
    ///
    /// ```
    /// use hitori::steps::Difficulty::{Easy, Hard};
    /// let o = hitori::pack::PackOptions::new(engine::Size::new(8, 8)).with_difficulties([Hard, Easy, Hard]);
    /// assert_eq!(o.difficulty, vec![Easy, Hard]);
    /// ```
    #[must_use]
    pub fn with_difficulties(mut self, grades: impl IntoIterator<Item = Difficulty>) -> PackOptions {
        self.difficulty = grades.into_iter().collect();
        self.difficulty.sort_unstable();
        self.difficulty.dedup();
        self
    }

    /// The same options with the mix `mix` (entries per grade): the grades asked for become
    /// the mix's grades.
    ///
    /// ```
    /// use hitori::steps::Difficulty::Medium;
    /// let o = hitori::pack::PackOptions::new(engine::Size::new(8, 8)).with_mix([(Medium, 5)].into());
    /// assert_eq!(o.difficulty, vec![Medium]);
    /// ```
    #[must_use]
    pub fn with_mix(mut self, mix: BTreeMap<Difficulty, u64>) -> PackOptions {
        self.difficulty = mix.keys().copied().collect();
        self.mix = mix;
        self
    }

    /// Checks that puzzles of these options can be made: the grade list is sorted (and is
    /// the mix's grades, with a mix), each grade of the mix wants an entry, `search` fits
    /// the size, and the size has unique puzzles.
    ///
    /// ```
    /// let o = hitori::pack::PackOptions::new(engine::Size::new(2, 1));
    /// assert_eq!(o.check().unwrap_err().to_string(), "no 2x1 puzzle has exactly one solution");
    /// ```
    ///
    /// # Errors
    /// The first of those that fails.
    pub fn check(&self) -> Result<(), PackOptionsError> {
        let sorted = self.difficulty.windows(2).all(|w| w[0] < w[1]);
        if !sorted || (!self.mix.is_empty() && !self.mix.keys().eq(&self.difficulty)) {
            return Err(PackOptionsError::Difficulties(self.difficulty.clone()));
        }
        if let Some((&d, _)) = self.mix.iter().find(|&(_, &n)| n == 0) {
            return Err(PackOptionsError::ZeroQuota(d));
        }
        let Size { width, height } = self.size;
        if self.difficulty.contains(&Difficulty::NeedsSearch) && !fits_search(width, height) {
            return Err(PackOptionsError::TooSmallForSearch(self.size));
        }
        if width.min(height) == 1 && width.max(height) == 2 {
            return Err(PackOptionsError::NoUniquePuzzle(self.size));
        }
        Ok(())
    }

    /// Whether an entry of grade `grade` belongs in the pack.
    ///
    /// ```
    /// use hitori::steps::Difficulty::{Easy, Hard};
    /// let o = hitori::pack::PackOptions::new(engine::Size::new(8, 8));
    /// assert!(o.allows(Hard));
    /// assert!(!o.with_difficulties([Easy]).allows(Hard));
    /// ```
    #[must_use]
    pub fn allows(&self, grade: Difficulty) -> bool {
        self.difficulty.is_empty() || self.difficulty.contains(&grade)
    }

    /// The grade generated for `seed`: `None` (any grade) when no grade is asked for, else
    /// one of the grades, chosen by the golden-ratio sequence `seed · φ mod 1` over the
    /// grades weighted by the mix (equal weights without one). Consecutive seeds, and the
    /// seeds of one shard, spread over the grades in proportion, so quotas fill at about
    /// the same pace.
    ///
    /// ```
    /// use hitori::steps::Difficulty::{Easy, Hard};
    /// let o = hitori::pack::PackOptions::new(engine::Size::new(8, 8)).with_mix([(Easy, 3), (Hard, 1)].into());
    /// let easy = (0..400).filter(|&s| o.target(s) == Some(Easy)).count();
    /// assert!((295..=305).contains(&easy));
    /// assert_eq!(hitori::pack::PackOptions::new(engine::Size::new(8, 8)).target(7), None);
    /// ```
    #[must_use]
    pub fn target(&self, seed: u64) -> Option<Difficulty> {
        let weight = |d: &Difficulty| if self.mix.is_empty() { 1 } else { self.mix.get(d).copied().unwrap_or(0) };
        let total: u128 = self.difficulty.iter().map(|d| u128::from(weight(d))).sum();
        // 2^64 / φ, odd: seed · φ mod 1 as a 64-bit fraction (a Weyl sequence).
        let fraction = u128::from(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let point = (fraction * total) >> 64;
        let mut below = 0;
        self.difficulty.iter().copied().find(|d| {
            below += u128::from(weight(d));
            point < below
        })
    }

    /// The engine's quotas for the mix: entries per grade name.
    ///
    /// ```
    /// use hitori::steps::Difficulty::Easy;
    /// let o = hitori::pack::PackOptions::new(engine::Size::new(8, 8)).with_mix([(Easy, 3)].into());
    /// assert_eq!(o.quotas(), [("easy".to_string(), 3)].into());
    /// ```
    #[must_use]
    pub fn quotas(&self) -> BTreeMap<String, u64> {
        self.mix.iter().map(|(d, &n)| (d.to_string(), n)).collect()
    }
}

impl fmt::Display for PackOptions {
    /// The options as `pack` flags: `--size WxH [--difficulty D,…] [--mix D=N,…]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--size {}", self.size)?;
        if !self.difficulty.is_empty() {
            let list: Vec<String> = self.difficulty.iter().map(ToString::to_string).collect();
            write!(f, " --difficulty {}", list.join(","))?;
        }
        if !self.mix.is_empty() {
            let list: Vec<String> = self.mix.iter().map(|(d, n)| format!("{d}={n}")).collect();
            write!(f, " --mix {}", list.join(","))?;
        }
        Ok(())
    }
}

/// One puzzle of a pack with its proof: the grade and the only solution. The fields are
/// the JSON line's, in its order.
///
/// ```
/// use engine::pack::Entry;
/// let line = r##"{"game":"hitori","seed":0,"puzzle":"1 1\n1 2","code":"hitori:1:SQgm6","grade":"medium","solution":["#.",".."],"options":{"size":"2x2","difficulty":[]}}"##;
/// let entry: hitori::pack::PackEntry = serde_json::from_str(line).unwrap();
/// assert_eq!(entry.verify(&engine::Budget::default()), Ok(()));
/// assert_eq!(serde_json::to_string(&entry).unwrap(), line);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackEntry {
    /// Always `"hitori"`.
    pub game: String,
    /// The seed the puzzle was generated from.
    pub seed: u64,
    /// The puzzle text: numbers separated by one space, rows joined by `\n`.
    pub puzzle: String,
    /// The puzzle's code ([`crate::code::encode`]).
    pub code: String,
    /// The grade: the hardest rule a person needs ([`crate::steps::grade`]).
    pub grade: Difficulty,
    /// The only solution, one string per row: `#` shaded, `.` unshaded.
    pub solution: Vec<String>,
    /// The options the pack was made with.
    pub options: PackOptions,
}

impl PackEntry {
    /// The entry of `seed` for `puzzle`, its grade and its solution (`true` = shaded).
    ///
    /// ```
    /// let p = hitori::Puzzle::parse("1 1\n1 2").unwrap();
    /// let shaded = engine::Grid::from_vec(2, 2, vec![true, false, false, false]).unwrap();
    /// let o = hitori::pack::PackOptions::new(engine::Size::new(2, 2));
    /// let e = hitori::pack::PackEntry::new(5, &p, hitori::steps::Difficulty::Medium, &shaded, o).unwrap();
    /// assert_eq!((e.puzzle.as_str(), e.solution.join("/")), ("1 1\n1 2", "#./..".to_string()));
    /// assert_eq!(e.code, "hitori:1:SQgm6");
    /// ```
    ///
    /// # Errors
    /// The puzzle has no code: it is too big, or its code would be too long.
    pub fn new(
        seed: u64,
        puzzle: &Puzzle,
        grade: Difficulty,
        solution: &Grid<bool>,
        options: PackOptions,
    ) -> Result<Self, CodeError> {
        let solution = solution
            .cells()
            .chunks(solution.width().max(1))
            .map(|row| row.iter().map(|&shaded| if shaded { '#' } else { '.' }).collect())
            .collect();
        Ok(PackEntry {
            game: PackEntry::GAME.to_string(),
            seed,
            puzzle: puzzle_text(puzzle),
            code: crate::code::encode(puzzle)?,
            grade,
            solution,
            options,
        })
    }

    /// The puzzle, parsed.
    ///
    /// ```
    /// let line = r##"{"game":"hitori","seed":0,"puzzle":"1 1\n1 2","code":"hitori:1:SQgm6","grade":"medium","solution":["#.",".."],"options":{"size":"2x2","difficulty":[]}}"##;
    /// let entry: hitori::pack::PackEntry = serde_json::from_str(line).unwrap();
    /// assert_eq!(entry.parsed_puzzle().unwrap().width(), 2);
    /// ```
    ///
    /// # Errors
    /// The puzzle text does not parse, or is not in the form [`PackEntry::new`] writes.
    pub fn parsed_puzzle(&self) -> Result<Puzzle, String> {
        let puzzle = Puzzle::parse(&self.puzzle).map_err(|e| format!("puzzle: {e}"))?;
        if puzzle_text(&puzzle) != self.puzzle {
            return Err("puzzle: not in the pack's text form (one space between numbers, rows joined by \\n)".into());
        }
        Ok(puzzle)
    }

    /// The solution, parsed against the puzzle's size.
    fn parsed_solution(&self, width: usize, height: usize) -> Result<Grid<bool>, String> {
        if self.solution.len() != height {
            return Err(format!("solution: {} rows, the puzzle has {height}", self.solution.len()));
        }
        let mut cells = Vec::with_capacity(width * height);
        for (y, row) in self.solution.iter().enumerate() {
            if row.chars().count() != width {
                return Err(format!(
                    "solution: row {} has {} cells, the puzzle has {width}",
                    y + 1,
                    row.chars().count()
                ));
            }
            for c in row.chars() {
                match c {
                    '#' => cells.push(true),
                    '.' => cells.push(false),
                    other => return Err(format!("solution: row {}: {other:?} is not # or .", y + 1)),
                }
            }
        }
        Grid::from_vec(width, height, cells).map_err(|e| format!("solution: {e}"))
    }
}

/// The puzzle text of a pack entry: the rows joined by `\n`, no final newline.
fn puzzle_text(puzzle: &Puzzle) -> String {
    puzzle.rows().join("\n")
}

impl Entry for PackEntry {
    type Key = Key;
    const GAME: &'static str = "hitori";

    fn seed(&self) -> u64 {
        self.seed
    }

    fn key(&self) -> Result<Key, String> {
        Ok(canonical_key(&self.parsed_puzzle()?))
    }

    fn label(&self) -> String {
        self.grade.to_string()
    }

    /// Parses the puzzle and the solution, checks the options (and that they fit the
    /// puzzle and the grade), that the solution obeys the rules, that the solver proves it
    /// the only one within `budget`, that the grader gives the claimed grade, and that the
    /// code is the puzzle's.
    fn verify(&self, budget: &Budget) -> Result<(), Fault> {
        let wrong = Fault::Wrong;
        let puzzle = self.parsed_puzzle().map_err(wrong)?;
        self.options.check().map_err(|e| wrong(format!("options: {e}")))?;
        let size = Size::new(puzzle.width(), puzzle.height());
        if size != self.options.size {
            return Err(wrong(format!("the puzzle is {size}, the options say {}", self.options.size)));
        }
        if !self.options.allows(self.grade) {
            return Err(wrong(format!("grade {} is not one the options ask for ({})", self.grade, self.options)));
        }
        let shaded = self.parsed_solution(size.width, size.height).map_err(wrong)?;
        if let Some(v) = crate::rules::check_shading(&puzzle, &shaded).first() {
            return Err(wrong(format!("solution: {v}")));
        }
        match solve(&puzzle, &Options::default().with_budget(budget.clone())).outcome {
            Outcome::Proved(Answer::Unique(s)) | Outcome::Found(Answer::Unique(s)) if s == shaded => {}
            Outcome::Proved(Answer::Multiple(..)) | Outcome::Found(Answer::Multiple(..)) => {
                return Err(wrong("the puzzle has more than one solution".into()));
            }
            Outcome::Proved(_) | Outcome::Found(_) => {
                return Err(wrong("the solver's solution is not the entry's".into()));
            }
            Outcome::GaveUp { reason, .. } => {
                return Err(Fault::Unknown(format!("uniqueness not re-proven ({reason})")));
            }
        }
        let graded = grade(&puzzle);
        if graded != self.grade {
            return Err(wrong(format!("grade: the grader says {graded}, the entry says {}", self.grade)));
        }
        match crate::code::decode(&self.code) {
            Ok(coded) if coded == puzzle && crate::code::encode(&puzzle).is_ok_and(|c| c == self.code) => Ok(()),
            Ok(_) => Err(wrong("code: not the puzzle's code".into())),
            Err(e) => Err(wrong(format!("code: {e}"))),
        }
    }

    fn code(&self) -> Option<&str> {
        Some(&self.code)
    }
}

/// The entry of `seed` for a pack of `options`: the grade for the seed
/// ([`PackOptions::target`]), a puzzle of that grade generated from
/// `SeededRng::new(seed)` with its solution, and its grade from the grader. The same seed
/// and options give the same entry on every machine; `budget` only stops the work
/// ([`Made::Stopped`]).
///
/// A seed for which no puzzle of its grade turns up, or whose puzzle grades outside the
/// options, is [`Made::Skipped`]; options that [`PackOptions::check`] refuses, and a
/// puzzle with no code (too big, or a code too long: [`crate::code::encode`]), are
/// [`Made::Failed`].
///
/// ```
/// use engine::{Budget, pack::Made};
/// use hitori::pack::{make_entry, PackOptions};
/// let options = PackOptions::new(engine::Size::new(5, 4));
/// let Made::Entry(a) = make_entry(9, &options, &Budget::default()) else { panic!() };
/// assert_eq!(make_entry(9, &options, &Budget::default()), Made::Entry(a));
/// let bad = PackOptions::new(engine::Size::new(1, 2));
/// assert!(matches!(make_entry(9, &bad, &Budget::default()), Made::Failed(_)));
/// ```
#[must_use]
pub fn make_entry(seed: u64, options: &PackOptions, budget: &Budget) -> Made<PackEntry> {
    if let Err(e) = options.check() {
        return Made::Failed(e.to_string());
    }
    let mut spec = Spec::default().with_size(options.size);
    if let Some(d) = options.target(seed) {
        spec = spec.with_difficulty(d);
    }
    let generated = match generate_with_solution_within(&spec, &mut SeededRng::new(seed), budget) {
        Ok(g) => g,
        Err(GenerateError::GaveUp { reason }) => return Made::Stopped(reason),
        Err(GenerateError::NoPuzzleOfDifficulty { difficulty, .. }) => {
            return Made::Skipped(format!("no {difficulty} puzzle found"));
        }
        Err(e) => return Made::Failed(e.to_string()),
    };
    let graded = grade(&generated.puzzle);
    if !options.allows(graded) {
        return Made::Skipped(format!("graded {graded}"));
    }
    match PackEntry::new(seed, &generated.puzzle, graded, &generated.solution, options.clone()) {
        Ok(entry) => Made::Entry(entry),
        Err(e) => Made::Failed(format!("{}: {e}", options.size)),
    }
}
