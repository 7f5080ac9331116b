//! Level packs: one random board per seed with its solution, for `engine::pack`'s runner.
//!
//! A pack is made by a [`PackSpec`] (board size, goal, an optional filter on the solution
//! length). Seed `s` gives the board `fifteen generate --seed s` prints first (uniform over
//! the boards that reach the goal, never the goal itself), solved optimally on boards of at
//! most 16 cells (IDA* with the default pattern databases from 10 cells on, linear
//! conflicts below) and by the fast solver above. A [`Maker`] holds what every seed shares —
//! the goal and the solver's heuristic, its pattern databases loaded or built once — so
//! that all threads of a pack use one copy. [`PackEntry`] is one line of the pack file;
//! its [`engine::pack::Entry`] implementation gives the canonical key
//! ([`crate::symmetry::canonical_key`]), the label (the length) and the re-check.
//!
//! Nothing in an entry depends on the machine or on time: the search has no time or node
//! limit of its own, the pack's budget only stops it ([`Made::Stopped`]).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use engine::pack::{Entry, Fault, Made};
use engine::{Budget, Outcome, SeededRng, Size, SizeLimits};
use serde::{Deserialize, Serialize};

use crate::board::taxicab;
use crate::generate::{self, Spec};
use crate::goal::GoalError;
use crate::pdb::{self, PdbCache, PdbError};
use crate::solvable::{goal_board, is_reachable};
use crate::solver::{Answer, Heuristic, Options, solve};
use crate::symmetry::{Key, canonical_key};
use crate::{Board, Goal, Move, Puzzle};

/// The `game` of every entry.
pub const GAME: &str = "fifteen";

/// Why a pack cannot be made as asked.
///
/// ```
/// use fifteen::pack::{Lengths, SpecError};
/// assert_eq!("9..3".parse::<Lengths>(), Err(SpecError::Lengths("9..3: the first length is larger".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// A size that is not `WxH` with 2 to 256 cells and sides of at most 255.
    #[error("size {0}")]
    Size(String),
    /// A goal that does not read or does not fit the size.
    #[error(transparent)]
    Goal(#[from] GoalError),
    /// A length filter that does not read.
    #[error("length {0}")]
    Lengths(String),
    /// A filter no board of the size meets.
    #[error("{0}")]
    Impossible(String),
    /// The pattern databases cannot be loaded or built.
    #[error("pattern database: {0}")]
    Pdb(#[from] PdbError),
}

/// The length filter: the solution lengths from `min` to `max`, both included. Text: `A..B`
/// or a single length `N` (`N..N`).
///
/// ```
/// use fifteen::pack::Lengths;
/// let l: Lengths = "40..50".parse().unwrap();
/// assert!(l.contains(40) && l.contains(50) && !l.contains(51));
/// assert_eq!("31".parse::<Lengths>().unwrap().to_string(), "31..31");
/// assert!("40..".parse::<Lengths>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lengths {
    /// The shortest length kept.
    pub min: u32,
    /// The longest length kept.
    pub max: u32,
}

impl Lengths {
    /// Whether `length` is in the range.
    ///
    /// ```
    /// assert!(fifteen::pack::Lengths { min: 3, max: 5 }.contains(4));
    /// ```
    #[must_use]
    pub fn contains(self, length: u32) -> bool {
        (self.min..=self.max).contains(&length)
    }
}

impl FromStr for Lengths {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Lengths, SpecError> {
        let bad = |why: &str| SpecError::Lengths(format!("{text}: {why}"));
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad("expected A..B or N, whole numbers"));
        let (min, max) = if let Some((a, b)) = text.split_once("..") {
            (number(a)?, number(b)?)
        } else {
            let n = number(text)?;
            (n, n)
        };
        if min > max {
            return Err(bad("the first length is larger"));
        }
        Ok(Lengths { min, max })
    }
}

impl fmt::Display for Lengths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.min, self.max)
    }
}

/// A size for packs and `fifteen generate`: `WxH`, 2 to [`crate::MAX_CELLS`] cells, sides of
/// at most 255.
///
/// ```
/// use engine::Size;
/// assert_eq!(fifteen::pack::parse_size("4x3"), Ok(Size::new(4, 3)));
/// assert!(fifteen::pack::parse_size("1x1").is_err());
/// assert!(fifteen::pack::parse_size("4by4").is_err());
/// ```
pub fn parse_size(text: &str) -> Result<Size, SpecError> {
    let limits = SizeLimits::new(1, usize::from(u8::MAX)).with_max_cells(crate::MAX_CELLS);
    match Size::parse(text, &limits) {
        Ok(size) if size.cells() >= 2 => Ok(size),
        Err(engine::SizeError::Malformed) => Err(SpecError::Size(format!("{text:?}: expected WxH, such as 4x4"))),
        _ => Err(SpecError::Size(format!("{text}: boards have 2 to {} cells", crate::MAX_CELLS))),
    }
}

/// What a pack is made of: the board size, the goal, the length filter.
///
/// ```
/// use engine::Size;
/// use fifteen::pack::PackSpec;
/// use fifteen::Goal;
/// let spec = PackSpec::new(Size::new(3, 3)).with_goal(Goal::Snake).with_lengths(Some("20..24".parse().unwrap()));
/// assert!(spec.check().is_ok());
/// assert!(PackSpec::new(Size::new(3, 3)).with_lengths(Some("32..40".parse().unwrap())).check().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PackSpec {
    /// The board size (default 4x4).
    pub size: Size,
    /// The goal (default blank-last).
    pub goal: Goal,
    /// Only boards whose solution length is in this range.
    pub lengths: Option<Lengths>,
}

impl Default for PackSpec {
    fn default() -> PackSpec {
        PackSpec::new(Size::new(4, 4))
    }
}

/// The longest optimal solution of the boards of a size with the goal blank in a corner,
/// where it is known (breadth-first searches of the whole state space).
const GODS_NUMBERS: [((usize, usize), u32); 7] =
    [((2, 2), 6), ((2, 3), 21), ((2, 4), 36), ((2, 5), 55), ((3, 3), 31), ((3, 4), 53), ((4, 4), 80)];

impl PackSpec {
    /// Boards of `size`, blank-last, any length.
    ///
    /// ```
    /// let spec = fifteen::pack::PackSpec::new(engine::Size::new(5, 5));
    /// assert_eq!(spec.options().size, "5x5");
    /// ```
    #[must_use]
    pub fn new(size: Size) -> PackSpec {
        PackSpec { size, goal: Goal::BlankLast, lengths: None }
    }

    /// The same spec with `goal`.
    ///
    /// ```
    /// let spec = fifteen::pack::PackSpec::default().with_goal(fifteen::Goal::Spiral);
    /// assert_eq!(spec.options().goal, "spiral");
    /// ```
    #[must_use]
    pub fn with_goal(mut self, goal: Goal) -> PackSpec {
        self.goal = goal;
        self
    }

    /// The same spec with the length filter `lengths`.
    ///
    /// ```
    /// let spec = fifteen::pack::PackSpec::default().with_lengths(Some("50".parse().unwrap()));
    /// assert_eq!(spec.options().length.as_deref(), Some("50..50"));
    /// ```
    #[must_use]
    pub fn with_lengths(mut self, lengths: Option<Lengths>) -> PackSpec {
        self.lengths = lengths;
        self
    }

    /// The goal laid out at the spec's size.
    ///
    /// ```
    /// let goal = fifteen::pack::PackSpec::new(engine::Size::new(2, 2)).goal_board().unwrap();
    /// assert_eq!(goal.to_line(), "1 2 3 0");
    /// ```
    pub fn goal_board(&self) -> Result<Board, SpecError> {
        Ok(self.goal.layout(self.size.width, self.size.height)?)
    }

    /// Whether the entries are proven optimal: boards of at most 16 cells.
    ///
    /// ```
    /// assert!(fifteen::pack::PackSpec::default().optimal());
    /// assert!(!fifteen::pack::PackSpec::new(engine::Size::new(5, 4)).optimal());
    /// ```
    #[must_use]
    pub fn optimal(&self) -> bool {
        self.size.cells() <= pdb::MAX_PDB_CELLS
    }

    /// Checks that the goal fits the size and that some board can meet the length filter
    /// (a board is never the goal: lengths start at 1; the longest lengths of strips and
    /// of small boards with the goal blank in a corner are known).
    ///
    /// ```
    /// use fifteen::pack::PackSpec;
    /// let spec = PackSpec::new(engine::Size::new(1, 5)).with_lengths(Some("5..9".parse().unwrap()));
    /// assert_eq!(spec.check().unwrap_err().to_string(), "no board of the 1x5 strip is more than 4 moves from the goal");
    /// ```
    pub fn check(&self) -> Result<(), SpecError> {
        let goal = self.goal_board()?;
        let Some(lengths) = self.lengths else { return Ok(()) };
        if lengths.max == 0 {
            return Err(SpecError::Impossible("a board is never the goal: lengths start at 1".into()));
        }
        let (w, h) = (self.size.width, self.size.height);
        let longest = if w == 1 || h == 1 {
            Some(((w * h - 1) as u32, format!("board of the {} strip", self.size)))
        } else {
            let (bx, by) = (goal.blank() % w, goal.blank() / w);
            let corner = (bx == 0 || bx == w - 1) && (by == 0 || by == h - 1);
            let sides = (w.min(h), w.max(h));
            let known = GODS_NUMBERS.iter().find(|(s, _)| corner && *s == sides);
            known.map(|&(_, n)| (n, format!("{} board with the goal blank in a corner", self.size)))
        };
        match longest {
            Some((n, what)) if lengths.min > n => {
                Err(SpecError::Impossible(format!("no {what} is more than {n} moves from the goal")))
            }
            _ => Ok(()),
        }
    }

    /// The `options` object of the spec's entries.
    ///
    /// ```
    /// let o = fifteen::pack::PackSpec::default().options();
    /// assert_eq!(serde_json::to_string(&o).unwrap(), r#"{"size":"4x4","goal":"blank-last","length":null}"#);
    /// ```
    #[must_use]
    pub fn options(&self) -> PackOptions {
        PackOptions {
            size: self.size.to_string(),
            goal: self.goal.label(),
            length: self.lengths.map(|l| l.to_string()),
        }
    }
}

/// An entry's `options`: the size `WxH`, the goal (a name or the tiles of an explicit
/// goal, row-major) and the length filter `A..B` (`null` for none).
///
/// ```
/// use fifteen::pack::PackOptions;
/// let o: PackOptions = serde_json::from_str(r#"{"size":"3x2","goal":"snake","length":"5..9"}"#).unwrap();
/// let spec = o.spec().unwrap();
/// assert_eq!((spec.size.width, spec.goal.label()), (3, "snake".to_string()));
/// assert_eq!(spec.options(), o);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PackOptions {
    /// The board size, `WxH`.
    pub size: String,
    /// The goal.
    pub goal: String,
    /// The length filter.
    pub length: Option<String>,
}

impl PackOptions {
    /// The spec these options name, checked ([`PackSpec::check`]).
    ///
    /// ```
    /// let o = fifteen::pack::PackOptions { size: "4x4".into(), goal: "diagonal".into(), length: None };
    /// assert!(o.spec().is_err());
    /// ```
    pub fn spec(&self) -> Result<PackSpec, SpecError> {
        let size = parse_size(&self.size)?;
        let goal = Goal::parse(&self.goal, Some(size.width))?;
        let lengths = self.length.as_deref().map(str::parse).transpose()?;
        let spec = PackSpec::new(size).with_goal(goal).with_lengths(lengths);
        spec.check()?;
        Ok(spec)
    }
}

/// One line of a fifteen pack, its fields in this order.
///
/// ```
/// use engine::pack::{Entry, Made};
/// use fifteen::pack::{Maker, PackSpec};
/// let maker = Maker::new(&PackSpec::new(engine::Size::new(3, 3)), &fifteen::pdb::PdbCache::in_memory()).unwrap();
/// let Made::Entry(entry) = maker.make_entry(7, &engine::Budget::default()) else { panic!() };
/// assert_eq!((entry.game.as_str(), entry.seed, entry.optimal), ("fifteen", 7, true));
/// assert_eq!(entry.moves.len(), entry.length as usize);
/// assert_eq!(entry.label(), entry.length.to_string());
/// assert_eq!(entry.verify(&engine::Budget::default()), Ok(()));
/// let line = engine::pack::to_line(&entry).unwrap();
/// assert!(line.starts_with(r#"{"game":"fifteen","seed":7,"puzzle":""#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackEntry {
    /// `"fifteen"`.
    pub game: String,
    /// The seed the board was generated from.
    pub seed: u64,
    /// The board: tiles row-major separated by single spaces, 0 for the blank (what
    /// `fifteen solve --width W` reads).
    pub puzzle: String,
    /// The puzzle's code: the board and the goal in one line (see [`crate::code`]).
    pub code: String,
    /// The number of moves of `moves`.
    pub length: u32,
    /// The solution: where the blank moves, over `UDLR` (`-` for none).
    pub moves: String,
    /// Whether `length` is proven optimal (boards of at most 16 cells); otherwise it is the
    /// fast solver's.
    pub optimal: bool,
    /// The options the pack was made with.
    pub options: PackOptions,
}

/// What every seed of a pack shares: the spec, the goal and the solver's options (with
/// the pattern databases, loaded once).
///
/// ```
/// use engine::pack::Made;
/// use fifteen::pack::{Maker, PackSpec};
/// let spec = PackSpec::new(engine::Size::new(3, 3)).with_lengths(Some("1..10".parse().unwrap()));
/// let maker = Maker::new(&spec, &fifteen::pdb::PdbCache::in_memory()).unwrap();
/// let made: Vec<_> = (0..20).map(|s| maker.make_entry(s, &engine::Budget::default())).collect();
/// // Random 3x3 boards are about 22 moves from the goal: most seeds are skipped.
/// assert!(made.iter().any(|m| matches!(m, Made::Skipped(_))));
/// ```
#[derive(Clone, Debug)]
pub struct Maker {
    spec: PackSpec,
    goal: Board,
    options: Options,
}

impl Maker {
    /// The maker of `spec`'s entries, after [`PackSpec::check`]; the pattern databases
    /// come from `pdbs` (waiting for them to load or build).
    ///
    /// ```
    /// use fifteen::pack::{Maker, PackSpec};
    /// let spec = PackSpec::new(engine::Size::new(3, 3)).with_lengths(Some("40".parse().unwrap()));
    /// assert!(Maker::new(&spec, &fifteen::pdb::PdbCache::in_memory()).is_err());
    /// ```
    pub fn new(spec: &PackSpec, pdbs: &PdbCache) -> Result<Maker, SpecError> {
        spec.check()?;
        let goal = spec.goal_board()?;
        let options = solver_options(spec, &goal, pdbs)?;
        Ok(Maker { spec: spec.clone(), goal, options })
    }

    /// The spec.
    ///
    /// ```
    /// use fifteen::pack::{Maker, PackSpec};
    /// let spec = PackSpec::new(engine::Size::new(2, 3));
    /// assert_eq!(Maker::new(&spec, &fifteen::pdb::PdbCache::in_memory()).unwrap().spec(), &spec);
    /// ```
    #[must_use]
    pub fn spec(&self) -> &PackSpec {
        &self.spec
    }

    /// The entry of `seed`: its board (as `fifteen generate --seed` makes it) and
    /// solution, [`Made::Skipped`] when the length is outside the filter,
    /// [`Made::Stopped`] when `budget` stopped the search. The same on every machine.
    ///
    /// ```
    /// use engine::pack::Made;
    /// use fifteen::pack::{Maker, PackSpec};
    /// let maker = Maker::new(&PackSpec::new(engine::Size::new(3, 3)), &fifteen::pdb::PdbCache::in_memory()).unwrap();
    /// assert_eq!(maker.make_entry(5, &engine::Budget::default()), maker.make_entry(5, &engine::Budget::default()));
    /// let stopped = engine::Budget::default().with_time_limit(std::time::Duration::ZERO);
    /// assert!(matches!(maker.make_entry(5, &stopped), Made::Stopped(_)));
    /// ```
    #[must_use]
    pub fn make_entry(&self, seed: u64, budget: &Budget) -> Made<PackEntry> {
        let board = match seed_board(&self.spec, seed) {
            Ok(b) => b,
            Err(e) => return Made::Failed(e.to_string()),
        };
        if let Some(l) = self.spec.lengths.filter(|&l| !self.may_meet(&board, l)) {
            return Made::Skipped(format!("length outside {l}"));
        }
        let moves = match solve_board(&board, &self.goal, &self.options, budget) {
            Ok(Ok(moves)) => moves,
            Ok(Err(reason)) => return Made::Stopped(reason),
            Err(e) => return Made::Failed(e),
        };
        let length = moves.len() as u32;
        if let Some(l) = self.spec.lengths.filter(|l| !l.contains(length)) {
            return Made::Skipped(format!("length outside {l}"));
        }
        let code = match crate::code::encode(&board, &self.spec.goal) {
            Ok(code) => code,
            Err(e) => return Made::Failed(e.to_string()),
        };
        Made::Entry(PackEntry {
            game: GAME.to_string(),
            seed,
            puzzle: board.to_line(),
            code,
            length,
            moves: Move::format_all(&moves),
            optimal: self.spec.optimal(),
            options: self.spec.options(),
        })
    }

    /// Whether `board`'s optimal length may lie in `lengths`: the heuristic's lower bound,
    /// raised to the parity of the blank's distance to its goal cell (every move changes
    /// it by one), is at most the filter's longest length. Fast-solver lengths are not
    /// bounded by it.
    fn may_meet(&self, board: &Board, lengths: Lengths) -> bool {
        if !self.spec.optimal() {
            return true;
        }
        let bound = match &self.options.heuristic {
            Heuristic::Pdb(db) => db.heuristic(board, &self.goal),
            _ => crate::heuristic::linear_conflict(board, &self.goal),
        };
        let w = board.width();
        let (b, g) = (board.blank(), self.goal.blank());
        let parity = taxicab(b, g, w) as u32 % 2;
        let mut least = bound.unwrap_or(0).max(lengths.min);
        if least % 2 != parity {
            least += 1;
        }
        least <= lengths.max
    }
}

/// The board of `seed`: the first board `fifteen generate --seed` prints.
fn seed_board(spec: &PackSpec, seed: u64) -> Result<Board, crate::Error> {
    let spec = Spec::default().with_size(spec.size).with_goal(spec.goal.clone());
    generate::generate(&spec, &mut SeededRng::new(seed)).map(|p| p.start().clone())
}

/// The solver of a spec: optimal with pattern databases on 10 to 16 cells, with linear
/// conflicts below; the fast solver above 16 cells.
fn solver_options(spec: &PackSpec, goal: &Board, pdbs: &PdbCache) -> Result<Options, SpecError> {
    let n = spec.size.cells();
    let heuristic = if (10..=pdb::MAX_PDB_CELLS).contains(&n) {
        Heuristic::Pdb(pdbs.wait(goal.width(), goal.height(), goal.blank())?)
    } else {
        Heuristic::LinearConflict
    };
    Ok(Options::default().with_heuristic(heuristic).with_fast(!spec.optimal()))
}

/// A solution of `board` under `budget`: `Ok(Err(reason))` when the budget stopped the
/// search, `Err` when there is none (the board cannot reach the goal).
fn solve_board(
    board: &Board,
    goal: &Board,
    options: &Options,
    budget: &Budget,
) -> Result<Result<Vec<Move>, engine::StopReason>, String> {
    let puzzle = Puzzle::new(board.clone(), goal.clone()).map_err(|e| e.to_string())?;
    let report = solve(&puzzle, &options.clone().with_budget(budget.clone())).map_err(|e| e.to_string())?;
    match report.outcome {
        Outcome::Proved(Answer::Moves(m)) | Outcome::Found(Answer::Moves(m)) => Ok(Ok(m)),
        Outcome::Proved(Answer::Unsolvable) | Outcome::Found(Answer::Unsolvable) => {
            Err("the board cannot reach the goal".into())
        }
        Outcome::GaveUp { reason, .. } => Ok(Err(reason)),
    }
}

/// The pattern databases [`PackEntry::verify`] solves with.
static VERIFY_PDBS: OnceLock<PdbCache> = OnceLock::new();

/// Sets the pattern database cache that [`PackEntry::verify`] uses for the rest of the
/// program (by default [`PdbCache::default`]: the default cache directory); `false` when it
/// was set, or used, already. Every entry of a verify shares its databases.
///
/// ```
/// let first = fifteen::pack::set_verify_pdbs(fifteen::pdb::PdbCache::in_memory());
/// assert!(!fifteen::pack::set_verify_pdbs(fifteen::pdb::PdbCache::in_memory()));
/// # let _ = first;
/// ```
pub fn set_verify_pdbs(cache: PdbCache) -> bool {
    VERIFY_PDBS.set(cache).is_ok()
}

fn verify_pdbs() -> &'static PdbCache {
    VERIFY_PDBS.get_or_init(PdbCache::default)
}

impl PackEntry {
    /// The entry's spec, board and goal, checked against each other.
    fn parts(&self) -> Result<(PackSpec, Board, Board), String> {
        let spec = self.options.spec().map_err(|e| format!("options: {e}"))?;
        let board = Board::parse_line(&self.puzzle, Some(spec.size.width)).map_err(|e| format!("puzzle: {e}"))?;
        if board.height() != spec.size.height {
            return Err(format!("puzzle: {} tiles, not a {} board", board.tiles().len(), spec.size));
        }
        let goal = goal_board(&board, &spec.goal).map_err(|e| format!("puzzle: {e}"))?;
        Ok((spec, board, goal))
    }

    /// Everything but the optimality: the seed's board, the moves replayed to the goal, the
    /// length and the filter.
    fn check_claims(&self, spec: &PackSpec, board: &Board, goal: &Board) -> Result<(), String> {
        if !is_reachable(board, goal) {
            return Err("the puzzle cannot reach the goal".into());
        }
        if seed_board(spec, self.seed).ok().as_ref() != Some(board) {
            return Err(format!("the puzzle is not the board of seed {} with these options", self.seed));
        }
        let moves = Move::parse_all(&self.moves).map_err(|e| format!("moves: {e}"))?;
        if moves.len() != self.length as usize {
            return Err(format!("{} moves, but the length says {}", moves.len(), self.length));
        }
        let mut end = board.clone();
        end.replay(&moves).map_err(|e| format!("moves: {e}"))?;
        if &end != goal {
            return Err(format!("the moves end on {}, not on the goal", end.to_line()));
        }
        if let Some(l) = spec.lengths.filter(|l| !l.contains(self.length)) {
            return Err(format!("length {} is outside the filter {l}", self.length));
        }
        if self.optimal != spec.optimal() {
            return Err(if spec.optimal() {
                "boards of at most 16 cells are proven optimal: optimal must be true".into()
            } else {
                "boards of more than 16 cells are not proven optimal: optimal must be false".into()
            });
        }
        Ok(())
    }

    /// The code holds the board and the goal, and is their code exactly.
    fn check_code(&self, spec: &PackSpec, board: &Board) -> Result<(), String> {
        let code = crate::code::decode(&self.code).map_err(|e| format!("code: {e}"))?;
        if code.board() != board || code.goal() != &spec.goal {
            let (b, g) = (code.board(), code.goal().label());
            return Err(format!(
                "code: holds the {}x{} board {} toward {g}, not the entry's puzzle and goal",
                b.width(),
                b.height(),
                b.to_line()
            ));
        }
        if code.to_string() != self.code {
            return Err(format!("code: not the puzzle's code {code}"));
        }
        Ok(())
    }
}

impl Entry for PackEntry {
    type Key = Key;
    const GAME: &'static str = GAME;

    fn seed(&self) -> u64 {
        self.seed
    }

    /// The canonical key of the board toward the goal (see [`crate::symmetry`]).
    fn key(&self) -> Result<Key, String> {
        let (_, board, goal) = self.parts()?;
        canonical_key(&board, &goal).map_err(|e| e.to_string())
    }

    /// The length.
    fn label(&self) -> String {
        self.length.to_string()
    }

    /// The `code` field.
    fn code(&self) -> Option<&str> {
        Some(&self.code)
    }

    /// Parses the board with the options' size, checks that it is the seed's board and
    /// reaches the goal, replays the moves to the goal in exactly `length` moves, checks the
    /// filter, checks that the code is the board's and the goal's, and re-solves: optimally when `optimal` (the budget may stop it:
    /// [`Fault::Unknown`]), with the fast solver otherwise — the same length either way.
    fn verify(&self, budget: &Budget) -> Result<(), Fault> {
        let (spec, board, goal) = self.parts().map_err(Fault::Wrong)?;
        self.check_claims(&spec, &board, &goal).map_err(Fault::Wrong)?;
        self.check_code(&spec, &board).map_err(Fault::Wrong)?;
        let options = solver_options(&spec, &goal, verify_pdbs()).map_err(|e| Fault::Unknown(e.to_string()))?;
        let solver = if spec.optimal() { "optimal" } else { "fast solver's" };
        match solve_board(&board, &goal, &options, budget) {
            Ok(Ok(moves)) if moves.len() == self.length as usize => Ok(()),
            Ok(Ok(moves)) => {
                Err(Fault::Wrong(format!("length {}: the {solver} length is {}", self.length, moves.len())))
            }
            Ok(Err(reason)) => Err(Fault::Unknown(format!("the optimal search stopped ({reason})"))),
            Err(e) => Err(Fault::Wrong(e)),
        }
    }
}

/// The pattern database a spec's maker waits for, if any: `(width, height, goal blank)`,
/// for a program that shows its build's progress ([`PdbCache::get_or_start`]) first.
///
/// ```
/// use fifteen::pack::{pdb_needed, PackSpec};
/// assert_eq!(pdb_needed(&PackSpec::default()).unwrap(), Some((4, 4, 15)));
/// assert_eq!(pdb_needed(&PackSpec::new(engine::Size::new(3, 3))).unwrap(), None);
/// ```
pub fn pdb_needed(spec: &PackSpec) -> Result<Option<(usize, usize, usize)>, SpecError> {
    let goal = spec.goal_board()?;
    let n = spec.size.cells();
    Ok((10..=pdb::MAX_PDB_CELLS).contains(&n).then(|| (goal.width(), goal.height(), goal.blank())))
}
