//! The solver of `solve`, `hint` and `render --solution`, with the pattern databases it
//! builds or loads.

use std::path::PathBuf;
use std::sync::Arc;

use engine::Budget;
use engine::cli::Failure;

use super::args::{HeuristicArg, SearchArgs, usage};
use super::output::progress;
use fifteen::pdb::{self, CacheStatus, PatternDb};
use fifteen::solver::{Heuristic, Options, solve};
use fifteen::{Board, Hint, Puzzle, hint};

/// What the long searches advise after a few seconds without an answer.
const ADVICE: &str = "fifteen: no answer yet: --fast gives a quick answer; --timeout S stops the search";

/// The solver of `solve`, `hint` and `render --solution`, with the pattern databases it
/// has built or loaded.
pub(super) struct Solver<'a> {
    search: &'a SearchArgs,
    sizes: Vec<usize>,
    cache: Option<PathBuf>,
    dbs: Vec<Arc<PatternDb>>,
}

impl<'a> Solver<'a> {
    pub(super) fn new(search: &'a SearchArgs) -> Result<Solver<'a>, Failure> {
        let sizes = pdb::parse_sizes(&search.pdb_partition).map_err(|e| usage(e.to_string()))?;
        let cache = if search.no_pdb_cache { None } else { search.pdb_dir.clone().or_else(pdb::default_cache_dir) };
        Ok(Solver { search, sizes, cache, dbs: Vec::new() })
    }

    pub(super) fn budget(&self) -> Budget {
        // Each puzzle gets the whole --timeout.
        let mut budget = self.search.timeout.budget();
        if let Some(n) = self.search.nodes {
            budget = budget.with_node_limit(n);
        }
        budget
    }

    pub(super) fn options(&mut self, goal: &Board, fast: bool) -> Result<Options, Failure> {
        let heuristic = if fast { Heuristic::default() } else { self.heuristic(goal)? };
        Ok(Options::default()
            .with_heuristic(heuristic)
            .with_reflect(!self.search.no_pdb_reflect)
            .with_fast(fast)
            .with_budget(self.budget()))
    }

    /// Solves one puzzle; with `watch`, an optimal search shows a spinner on a terminal.
    pub(super) fn solve(&mut self, puzzle: &Puzzle, watch: bool) -> Result<fifteen::solver::Solution, Failure> {
        let mut options = self.options(puzzle.goal(), self.search.fast)?;
        let mut _watch = None;
        if watch && !self.search.fast {
            let (budget, w) = engine::cli::watch(options.budget.clone(), ADVICE);
            options = options.with_budget(budget);
            _watch = Some(w);
        }
        solve(puzzle, &options).map_err(|e| usage(e.to_string()))
    }

    pub(super) fn hint(&mut self, puzzle: &Puzzle) -> Result<engine::Report<Hint, u32>, Failure> {
        let fast = self.search.fast || puzzle.start().tiles().len() > pdb::MAX_PDB_CELLS;
        let options = self.options(puzzle.goal(), fast)?;
        let (budget, _watch) = engine::cli::watch(options.budget.clone(), ADVICE);
        hint(puzzle, &options.with_budget(budget)).map_err(|e| usage(e.to_string()))
    }

    /// The heuristic for one goal: pattern databases are built (or loaded) once per board
    /// size and goal blank cell.
    pub(super) fn heuristic(&mut self, goal: &Board) -> Result<Heuristic, Failure> {
        let n = goal.tiles().len();
        let use_pdb = match self.search.heuristic {
            HeuristicArg::Manhattan => return Ok(Heuristic::Manhattan),
            HeuristicArg::LinearConflict => return Ok(Heuristic::LinearConflict),
            HeuristicArg::Pdb => true,
            HeuristicArg::Auto => (10..=pdb::MAX_PDB_CELLS).contains(&n),
        };
        if !use_pdb {
            return Ok(Heuristic::LinearConflict);
        }
        if n > pdb::MAX_PDB_CELLS {
            return Err(usage(format!(
                "pattern databases take boards of at most {} cells, not {n}: use --heuristic linear-conflict or --fast",
                pdb::MAX_PDB_CELLS
            )));
        }
        if let Some(db) = self.dbs.iter().find(|db| db.fits(goal)) {
            return Ok(Heuristic::Pdb(Arc::clone(db)));
        }
        let patterns = pdb::partition(goal.width(), goal.height(), goal.blank(), &self.sizes)
            .map_err(|e| usage(format!("--pdb-partition: {e}")))?;
        let db = Arc::new(load_db(goal, &patterns, self.cache.as_ref())?);
        self.dbs.push(Arc::clone(&db));
        Ok(Heuristic::Pdb(db))
    }
}

/// Loads a pattern database from the cache or builds it, with a progress bar.
pub(super) fn load_db(goal: &Board, patterns: &[Vec<u8>], cache: Option<&PathBuf>) -> Result<PatternDb, Failure> {
    let (w, h, b) = (goal.width(), goal.height(), goal.blank());
    let bar = progress(0, "building pattern databases");
    let mut report = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let result = match cache {
        Some(dir) => PatternDb::load_or_build(dir, w, h, b, patterns, &mut report).map(|(db, status)| {
            match status {
                CacheStatus::Rebuilt(why) => eprintln!("fifteen: rebuilt the pattern database cache ({why})"),
                CacheStatus::Unwritten(why) => eprintln!("fifteen: pattern database not cached: {why}"),
                CacheStatus::Loaded | CacheStatus::Built => {}
            }
            db
        }),
        None => PatternDb::build(w, h, b, patterns, &mut report),
    };
    bar.finish_and_clear();
    result.map_err(|e| usage(format!("pattern database: {e}")))
}
