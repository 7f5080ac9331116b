//! Pack entries: a solvable deal per seed with its witness, for `shisen pack` and checked
//! again by `shisen verify` (the runner, resume, merge and files are [`engine::pack`]'s).
//!
//! A seed gives the deal [`generate`](crate::generate::generate) makes of it; the
//! construction plays a game backwards, so its witness (the removals in play order) is the
//! proof of solvability and no search is needed. The entry is labelled by the number of
//! pairs removable at the start (fewer is a tighter opening); `min_pairs` and `max_pairs`
//! filter on it. Two seeds whose deals are the same up to a symmetry and a renaming of the
//! kinds ([`crate::symmetry::canonical_key`]) give one entry.

use engine::pack::{Entry, Fault, Made};
use engine::{Budget, Coord, SeededRng};
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::generate::{self, GenerateError, Spec, SpecError};
use crate::solver::{self, Removal};
use crate::symmetry::{self, Key};

/// The generator options and filters of a pack, stored in every entry (`options`) so that a
/// resumed file can be checked against the current ones.
///
/// ```
/// let options = shisen::pack::PackOptions::new(18, 8, true, None, 4).unwrap();
/// assert_eq!((options.size.as_str(), options.kinds), ("18x8", 36));
/// assert!(options.spec().unwrap().gravity);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PackOptions {
    /// The board size, `WxH`.
    pub size: String,
    /// Whether the deals are played (and solvable) with gravity.
    pub gravity: bool,
    /// The number of kinds.
    pub kinds: usize,
    /// Tiles of each kind.
    pub copies: usize,
    /// Only deals with at least this many pairs removable at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_pairs: Option<usize>,
    /// Only deals with at most this many pairs removable at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_pairs: Option<usize>,
}

/// Why pack options describe no pack.
///
/// ```
/// use shisen::pack::{OptionsError, PackOptions};
/// let err = PackOptions::new(18, 8, false, None, 4).unwrap().with_pairs(Some(9), Some(3)).unwrap_err();
/// assert_eq!(err, OptionsError::Pairs { min: 9, max: 3 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum OptionsError {
    /// The deal's numbers (as `shisen generate` checks them).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// `size` is not `WxH`.
    #[error("size {0:?}: expected WxH, e.g. 18x8")]
    Size(String),
    /// The pairs filter admits no deal: `min` above `max`, or above the most pairs a deal of
    /// these kinds can have, or `max` 0 (a solvable deal always has a first pair).
    #[error("no deal has at least {min} and at most {max} pairs removable at the start")]
    Pairs {
        /// The least pairs asked for.
        min: usize,
        /// The most pairs asked for (or the most a deal can have).
        max: usize,
    },
}

impl PackOptions {
    /// Options for solvable full deals of `width` × `height`, `kinds` kinds (`None`: as many
    /// as fill the board) of `copies` tiles, checked as `shisen generate` checks them.
    ///
    /// ```
    /// let err = shisen::pack::PackOptions::new(5, 3, false, None, 4).unwrap_err();
    /// assert_eq!(err.to_string(), "3 kinds x 4 copies must fill the 5x3 board (15 cells)");
    /// ```
    ///
    /// # Errors
    /// The numbers describe no deal.
    pub fn new(
        width: usize,
        height: usize,
        gravity: bool,
        kinds: Option<usize>,
        copies: usize,
    ) -> Result<PackOptions, OptionsError> {
        let spec = Spec::new(width, height).with_kinds(kinds).with_copies(copies).with_gravity(gravity).checked()?;
        Ok(PackOptions {
            size: format!("{width}x{height}"),
            gravity,
            kinds: spec.kinds(),
            copies,
            min_pairs: None,
            max_pairs: None,
        })
    }

    /// The same options with a filter on the pairs removable at the start.
    ///
    /// ```
    /// let options = shisen::pack::PackOptions::new(4, 2, false, None, 2).unwrap();
    /// assert!(options.clone().with_pairs(Some(1), Some(12)).is_ok());
    /// assert!(options.clone().with_pairs(None, Some(0)).is_err()); // a solvable deal has a first pair
    /// assert!(options.with_pairs(Some(5), None).is_err()); // 4 kinds of 2 tiles: at most 4 pairs
    /// ```
    ///
    /// # Errors
    /// [`OptionsError::Pairs`] when no deal can pass the filter.
    pub fn with_pairs(mut self, min: Option<usize>, max: Option<usize>) -> Result<PackOptions, OptionsError> {
        let most = self.kinds.saturating_mul(self.copies.saturating_mul(self.copies.saturating_sub(1)) / 2);
        let (lo, hi) = (min.unwrap_or(1).max(1), max.unwrap_or(most).min(most));
        if lo > hi {
            return Err(OptionsError::Pairs { min: min.unwrap_or(1), max: max.unwrap_or(most).min(most) });
        }
        self.min_pairs = min;
        self.max_pairs = max;
        Ok(self)
    }

    /// The generator spec of these options.
    ///
    /// ```
    /// let spec = shisen::pack::PackOptions::new(14, 6, false, Some(21), 4).unwrap().spec().unwrap();
    /// assert_eq!((spec.width, spec.height, spec.kinds()), (14, 6, 21));
    /// ```
    ///
    /// # Errors
    /// The size is not `WxH` or the numbers describe no deal (options read from a file).
    pub fn spec(&self) -> Result<Spec, OptionsError> {
        let (width, height) = self.dimensions()?;
        Ok(Spec::new(width, height)
            .with_kinds(Some(self.kinds))
            .with_copies(self.copies)
            .with_gravity(self.gravity)
            .checked()?)
    }

    /// The width and height of `size`.
    fn dimensions(&self) -> Result<(usize, usize), OptionsError> {
        let bad = || OptionsError::Size(self.size.clone());
        let (w, h) = self.size.split_once('x').ok_or_else(bad)?;
        let side = |t: &str| t.parse::<usize>().ok().filter(|_| t.bytes().all(|b| b.is_ascii_digit()));
        Ok((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?))
    }

    /// Whether a deal with `pairs` pairs removable at the start passes the filter.
    fn admits(&self, pairs: usize) -> bool {
        self.min_pairs.is_none_or(|m| pairs >= m) && self.max_pairs.is_none_or(|m| pairs <= m)
    }
}

/// One entry of a shisen pack: a solvable deal and its witness. Fields in JSON order.
///
/// ```
/// use engine::pack::{Entry, Made};
/// use shisen::pack::{make_entry, PackOptions};
/// let options = PackOptions::new(6, 4, true, None, 4).unwrap();
/// let Made::Entry(entry) = make_entry(7, &options, &engine::Budget::default()) else { panic!() };
/// assert_eq!((entry.game.as_str(), entry.seed, entry.removals.len()), ("shisen", 7, 12));
/// assert!(entry.verify(&engine::Budget::default()).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackEntry {
    /// Always `shisen`.
    pub game: String,
    /// The seed of the deal.
    pub seed: u64,
    /// The board as `shisen generate` prints it, rows joined by `\n` (no final newline).
    pub puzzle: String,
    /// The puzzle's code ([`crate::code`]): the board and the options' gravity flag.
    pub code: String,
    /// The removals that clear it, in play order, each `x1,y1 x2,y2` as `shisen solve`
    /// prints them (coordinates as the board stands at that moment).
    pub removals: Vec<String>,
    /// The options the pack was made with.
    pub options: PackOptions,
}

/// A removal as `shisen solve` prints it: `x1,y1 x2,y2`.
///
/// ```
/// use engine::Coord;
/// assert_eq!(shisen::pack::removal_text((Coord::new(0, 2), Coord::new(3, 2))), "0,2 3,2");
/// ```
#[must_use]
pub fn removal_text((a, b): Removal) -> String {
    format!("{},{} {},{}", a.x, a.y, b.x, b.y)
}

/// Reads a removal `x1,y1 x2,y2` back (`None` when it is not one).
///
/// ```
/// use engine::Coord;
/// assert_eq!(shisen::pack::parse_removal("0,2 3,2"), Some((Coord::new(0, 2), Coord::new(3, 2))));
/// assert_eq!(shisen::pack::parse_removal("0,2;3,2"), None);
/// ```
#[must_use]
pub fn parse_removal(text: &str) -> Option<Removal> {
    let coord = |t: &str| {
        let (x, y) = t.split_once(',')?;
        Some(Coord::new(x.parse().ok()?, y.parse().ok()?))
    };
    let (a, b) = text.split_once(' ')?;
    Some((coord(a)?, coord(b)?))
}

/// The number of pairs removable on `board` (the label and the filter of a pack).
///
/// ```
/// let board: shisen::Board = "A B . A\nB C C .".parse().unwrap();
/// assert_eq!(shisen::pack::start_pairs(&board), 2);
/// ```
#[must_use]
pub fn start_pairs(board: &Board) -> usize {
    crate::path::removable_pairs(board).len()
}

/// The entry for `seed`: the deal [`generate::generate_within`] makes of it under `budget`
/// (whose deadline or cancel token only stops the pack), with its witness; skipped when
/// the pairs filter refuses it. Deterministic: the same seed and options give the same
/// entry on every machine.
///
/// ```
/// use engine::pack::Made;
/// use shisen::pack::{make_entry, PackOptions};
/// let options = PackOptions::new(4, 2, false, None, 2).unwrap().with_pairs(Some(4), None).unwrap();
/// let made: Vec<bool> = (0..20).map(|s| matches!(make_entry(s, &options, &engine::Budget::default()), Made::Entry(_))).collect();
/// assert!(made.contains(&true) && made.contains(&false));
/// ```
#[must_use]
pub fn make_entry(seed: u64, options: &PackOptions, budget: &Budget) -> Made<PackEntry> {
    let spec = match options.spec() {
        Ok(spec) => spec,
        Err(e) => return Made::Failed(e.to_string()),
    };
    let deal = match generate::generate_within(&spec, &mut SeededRng::new(seed), budget) {
        Ok(deal) => deal,
        Err(GenerateError::GaveUp(reason)) => return Made::Stopped(reason),
        Err(GenerateError::Stuck) => return Made::Skipped("construction stuck".into()),
        Err(GenerateError::Spec(e)) => return Made::Failed(e.to_string()),
    };
    let Some(witness) = deal.witness else {
        return Made::Failed("the generator gave no witness".into());
    };
    let pairs = start_pairs(&deal.board);
    if !options.admits(pairs) {
        return Made::Skipped("pairs filter".into());
    }
    let code = match crate::code::encode(&deal.board, options.gravity) {
        Ok(code) => code,
        Err(e) => return Made::Failed(e.to_string()),
    };
    Made::Entry(PackEntry {
        game: PackEntry::GAME.to_string(),
        seed,
        puzzle: deal.board.rows().join("\n"),
        code,
        removals: witness.into_iter().map(removal_text).collect(),
        options: options.clone(),
    })
}

impl PackEntry {
    /// The board of the entry.
    ///
    /// ```
    /// use engine::pack::Made;
    /// let options = shisen::pack::PackOptions::new(4, 2, false, None, 4).unwrap();
    /// let Made::Entry(e) = shisen::pack::make_entry(1, &options, &engine::Budget::default()) else { panic!() };
    /// assert_eq!(e.board().unwrap().tile_count(), 8);
    /// ```
    ///
    /// # Errors
    /// The puzzle text is not a board (its line and column named).
    pub fn board(&self) -> Result<Board, String> {
        Board::parse(&self.puzzle).map_err(|e| format!("puzzle: {e}"))
    }

    /// Whether the deal agrees with the options: size, kinds, copies and the pairs filter.
    fn check_options(&self, board: &Board) -> Result<(), String> {
        let spec = self.options.spec().map_err(|e| format!("options: {e}"))?;
        let (w, h) = (board.width(), board.height());
        if (w, h) != (spec.width, spec.height) {
            return Err(format!("the board is {w}x{h}, the options say {}", self.options.size));
        }
        if board.kind_count() != self.options.kinds {
            return Err(format!("the board has {} kinds, the options say {}", board.kind_count(), self.options.kinds));
        }
        let counts = board.kind_counts();
        if let Some((k, n)) = counts.iter().enumerate().find(|&(_, &n)| n != self.options.copies) {
            let label = board.label(crate::board::Kind(k as u16));
            return Err(format!("kind {label:?} has {n} tiles, the options say {}", self.options.copies));
        }
        let pairs = start_pairs(board);
        if !self.options.admits(pairs) {
            return Err(format!("{pairs} pairs removable at the start, outside the options' filter"));
        }
        Ok(())
    }

    /// Whether the code holds the puzzle and the options' gravity flag.
    fn check_code(&self, board: &Board) -> Result<(), String> {
        let coded = crate::code::decode(&self.code).map_err(|e| format!("code: {e}"))?;
        if coded.board().to_string() != board.to_string() {
            return Err("the code holds another board than the puzzle".into());
        }
        if coded.gravity() != self.options.gravity {
            return Err(format!("the code says gravity {}, the options {}", coded.gravity(), self.options.gravity));
        }
        Ok(())
    }

    /// Replays the removals: each one legal at its moment, the board empty at the end.
    fn check_removals(&self, board: &Board) -> Result<(), String> {
        let moves = self
            .removals
            .iter()
            .enumerate()
            .map(|(i, t)| parse_removal(t).ok_or_else(|| format!("removal {i}: {t:?} is not x1,y1 x2,y2")))
            .collect::<Result<Vec<Removal>, String>>()?;
        let end = solver::replay(board, self.options.gravity, &moves).map_err(|e| e.to_string())?;
        match end.tile_count() {
            0 => Ok(()),
            n => Err(format!("the removals leave {n} tiles on the board")),
        }
    }
}

impl Entry for PackEntry {
    type Key = Key;
    const GAME: &'static str = "shisen";

    fn seed(&self) -> u64 {
        self.seed
    }

    fn key(&self) -> Result<Key, String> {
        Ok(symmetry::canonical_key(&self.board()?, self.options.gravity))
    }

    /// The number of pairs removable at the start (`?` for a puzzle that does not parse).
    fn label(&self) -> String {
        self.board().map_or_else(|_| "?".to_string(), |b| start_pairs(&b).to_string())
    }

    /// Parses the deal, checks it against the options (size, kinds, copies of each kind,
    /// the pairs filter), replays the removals through the rules (gravity when the options
    /// say so) to an empty board, and checks the code (the same board and gravity flag).
    /// The witness is the whole proof: no search.
    fn verify(&self, _budget: &Budget) -> Result<(), Fault> {
        if self.game != Self::GAME {
            return Err(Fault::Wrong(format!("game {:?}, not {:?}", self.game, Self::GAME)));
        }
        let board = self.board().map_err(Fault::Wrong)?;
        self.check_options(&board).map_err(Fault::Wrong)?;
        self.check_removals(&board).map_err(Fault::Wrong)?;
        self.check_code(&board).map_err(Fault::Wrong)
    }

    fn code(&self) -> Option<&str> {
        Some(&self.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seed: u64, options: &PackOptions) -> PackEntry {
        match make_entry(seed, options, &Budget::default()) {
            Made::Entry(e) => e,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_kind_of_tampering_is_caught() {
        let options = PackOptions::new(6, 4, true, None, 4).unwrap();
        let good = entry(3, &options);
        assert_eq!(good.verify(&Budget::default()), Ok(()));
        let wrong = |e: &PackEntry| match e.verify(&Budget::default()) {
            Err(Fault::Wrong(m)) => m,
            other => panic!("{other:?}"),
        };
        let mut e = good.clone();
        e.removals.pop();
        assert!(wrong(&e).contains("leave 2 tiles"), "{}", wrong(&e));
        let mut e = good.clone();
        e.removals.swap(0, 5);
        assert!(wrong(&e).starts_with("removal "), "{}", wrong(&e));
        let mut e = good.clone();
        e.removals[0] = "0,0".into();
        assert!(wrong(&e).contains("is not x1,y1 x2,y2"));
        let mut e = good.clone();
        e.puzzle = e.puzzle.replacen('A', "Z", 1);
        assert!(wrong(&e).contains("occurs 1 time"), "{}", wrong(&e));
        let mut e = good.clone();
        e.options.copies = 2;
        e.options.kinds = 12;
        assert!(wrong(&e).contains("kinds"), "{}", wrong(&e));
        let mut e = good.clone();
        e.options.size = "4x6".into();
        assert!(wrong(&e).contains("the board is 6x4"), "{}", wrong(&e));
        let mut e = good.clone();
        e.code = crate::code::encode(&e.board().unwrap(), false).unwrap();
        assert_eq!(wrong(&e), "the code says gravity false, the options true");
        let mut e = good.clone();
        e.code.pop();
        assert!(wrong(&e).starts_with("code: bad check characters"), "{}", wrong(&e));
        let mut e = good.clone();
        e.code = crate::code::encode(&entry(4, &options).board().unwrap(), true).unwrap();
        assert_eq!(wrong(&e), "the code holds another board than the puzzle");
        let mut e = good.clone();
        e.options.min_pairs = Some(1000);
        assert!(wrong(&e).contains("filter"), "{}", wrong(&e));
    }

    #[test]
    fn a_swap_of_two_tiles_of_different_kinds_breaks_the_replay() {
        let options = PackOptions::new(6, 4, false, None, 4).unwrap();
        for seed in 0..10 {
            let good = entry(seed, &options);
            let mut rows: Vec<Vec<String>> =
                good.puzzle.lines().map(|l| l.split(' ').map(str::to_string).collect()).collect();
            let (y, x) =
                (1..4).flat_map(|y| (0..6).map(move |x| (y, x))).find(|&(y, x)| rows[y][x] != rows[0][0]).unwrap();
            let (top, rest) = rows.split_at_mut(1);
            std::mem::swap(&mut top[0][0], &mut rest[y - 1][x]);
            let mut e = good.clone();
            e.puzzle = rows.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join("\n");
            assert!(matches!(e.verify(&Budget::default()), Err(Fault::Wrong(_))), "seed {seed}");
        }
    }

    #[test]
    fn options_read_from_a_file_are_checked() {
        let mut options = PackOptions::new(6, 4, false, None, 4).unwrap();
        options.size = "6x".into();
        assert_eq!(options.spec().unwrap_err().to_string(), "size \"6x\": expected WxH, e.g. 18x8");
        options.size = "+6x4".into();
        assert!(options.spec().is_err());
        assert!(matches!(make_entry(0, &options, &Budget::default()), Made::Failed(_)));
    }
}
