//! `fifteen generate`: boards by uniform sampling or random walks, at a least optimal
//! length on request, as tiles or codes.

use std::sync::Arc;

use engine::cli::{Failure, PuzzleFormat, PuzzleFormatArg, TimeoutArg, json_line};
use engine::{Budget, Outcome, SeededRng, StopReason};
use fifteen::code::Code;
use fifteen::generate::{MAX_WALK, Spec, generate_within};
use fifteen::pdb;
use fifteen::solver::{Answer, Heuristic, Options, solve};
use fifteen::{Board, Goal, Puzzle};
use serde::Serialize;

use super::args::{GoalArg, GoalParser, parse_size, usage};
use super::output::Output;
use super::search::load_db;

/// The most boards `fifteen generate --count` makes.
const MAX_COUNT: usize = 100_000;

/// The most moves all the walks of one `fifteen generate --walk` make together
/// (`--count` × `--walk`).
const MAX_WALK_TOTAL: u64 = 100_000_000;

/// `fifteen generate`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("timeout", |a| a.help("Give up after this many seconds (exit 3, nothing printed)")))]
pub(super) struct GenerateArgs {
    /// Board size, `WxH`: 2 to 256 cells, each side at most 255.
    #[arg(long, default_value = "4x4")]
    size: String,
    /// The goal: a name or an explicit tile list in quotes.
    #[arg(long, default_value = "blank-last", value_parser = GoalParser)]
    goal: GoalArg,
    /// Number of boards (at most 100000).
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Random seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The seed article's method instead: this many random moves from the goal (at most
    /// 1000000).
    #[arg(long, value_name = "K")]
    walk: Option<u64>,
    /// Only boards at least this many moves from the goal (boards of at most 16 cells).
    #[arg(long, value_name = "K")]
    min_moves: Option<u32>,
    #[command(flatten)]
    timeout: TimeoutArg,
    #[command(flatten)]
    output: PuzzleFormatArg,
}

/// Runs `fifteen generate`: every board or nothing (a failure prints none).
pub(super) fn run(args: &GenerateArgs, json: bool, out: &mut Output) -> Result<u8, Failure> {
    let (puzzles, goal) = generate_puzzles(args)?;
    out.emit(&board_lines(&puzzles, &goal, args.output.format, json)?);
    Ok(0)
}

/// What `generate` prints for `puzzles` toward `goal`: one line each, the tiles or the code,
/// or one JSON document each.
fn board_lines(puzzles: &[Puzzle], goal: &Goal, format: PuzzleFormat, json: bool) -> Result<String, Failure> {
    let mut text = String::new();
    for puzzle in puzzles {
        let board = puzzle.start();
        let code = match format {
            PuzzleFormat::Text => None,
            PuzzleFormat::Code => {
                Some(Code::new(board.clone(), goal.clone()).map_err(|e| usage(e.to_string()))?.to_string())
            }
        };
        if json {
            text.push_str(&json_line(&BoardJson::new(board).with_code(code)));
        } else {
            text.push_str(&code.unwrap_or_else(|| board.to_line()));
            text.push('\n');
        }
    }
    Ok(text)
}

/// `fifteen generate --json`.
#[derive(Serialize)]
struct BoardJson {
    width: usize,
    height: usize,
    tiles: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
}

impl BoardJson {
    fn new(board: &Board) -> BoardJson {
        BoardJson { width: board.width(), height: board.height(), tiles: board.to_line(), code: None }
    }

    fn with_code(self, code: Option<String>) -> BoardJson {
        BoardJson { code, ..self }
    }
}

/// The puzzles `generate` asks for and their goal, or a failure (nothing is printed then).
fn generate_puzzles(args: &GenerateArgs) -> Result<(Vec<Puzzle>, Goal), Failure> {
    let GenerateArgs { count, walk, min_moves, .. } = *args;
    let size = parse_size(&args.size)?;
    let goal_spec = args.goal.goal(Some(size.width))?;
    let goal = goal_spec.layout(size.width, size.height).map_err(|e| usage(format!("--goal: {e}")))?;
    if count > MAX_COUNT {
        return Err(usage(format!("--count {count}: at most {MAX_COUNT} boards")));
    }
    if let Some(steps) = walk.filter(|&s| s > MAX_WALK) {
        return Err(usage(format!("--walk {steps}: at most {MAX_WALK} moves")));
    }
    if let Some(steps) = walk.filter(|&s| s.saturating_mul(count as u64) > MAX_WALK_TOTAL) {
        return Err(usage(format!("--count {count} --walk {steps}: at most {MAX_WALK_TOTAL} moves in all")));
    }
    if let (Some(steps), Some(k)) = (walk, min_moves) {
        if u64::from(k) > steps {
            return Err(usage(format!("a walk of {steps} moves never ends {k} moves from the goal")));
        }
    }
    // One deadline for the whole run: every walk and every --min-moves search shares it.
    let budget = args.timeout.deadline();
    let mut searcher = match min_moves {
        Some(k) => Some(MinMoves::new(&goal, k, budget.clone())?),
        None => None,
    };
    let spec = Spec::default().with_size(size).with_goal(goal_spec.clone()).with_walk(walk);
    let mut rng = SeededRng::new(args.seed);
    let mut meter = budget.start();
    let gave_up = |reason: StopReason| Failure(3, format!("generation stopped: {reason} (--timeout)"));
    let mut out = Vec::new();
    for _ in 0..count {
        let mut tries = 0;
        let puzzle = loop {
            if meter.check() {
                return Err(gave_up(meter.stopped().unwrap_or(StopReason::TimeLimit)));
            }
            let p = match generate_within(&spec, &mut rng, &budget) {
                Ok(p) => p,
                Err(fifteen::Error::GaveUp(reason)) => return Err(gave_up(reason)),
                Err(e) => return Err(usage(e.to_string())),
            };
            match searcher.as_mut().map_or(Ok(true), |s| s.accepts(&p)) {
                Ok(true) => break p,
                Ok(false) => {}
                Err(reason) => return Err(gave_up(reason)),
            }
            tries += 1;
            if tries == MIN_MOVES_TRIES {
                // Nothing on stdout: the boards found so far are dropped with the rest.
                return Err(Failure(
                    3,
                    format!("no board at least {} moves from the goal in {tries} tries", min_moves.unwrap_or(0)),
                ));
            }
        };
        out.push(puzzle);
    }
    Ok((out, goal_spec))
}

/// How many random boards `--min-moves` looks at for one board before giving up.
const MIN_MOVES_TRIES: usize = 10_000;

/// The `--min-moves` filter: an optimal search with pattern databases.
struct MinMoves {
    k: u32,
    options: Options,
}

impl MinMoves {
    fn new(goal: &Board, k: u32, budget: Budget) -> Result<MinMoves, Failure> {
        let n = goal.tiles().len();
        if n > pdb::MAX_PDB_CELLS {
            return Err(usage(format!("--min-moves takes boards of at most {} cells", pdb::MAX_PDB_CELLS)));
        }
        if goal.width() == 1 || goal.height() == 1 {
            if k as usize >= n {
                return Err(usage(format!("no board of this strip is {k} moves from the goal")));
            }
        } else if n == 9 && k > 31 {
            return Err(usage("no 3x3 board is more than 31 moves from the goal"));
        } else if n == 16 && k > 80 {
            return Err(usage("no 4x4 board is more than 80 moves from the goal"));
        }
        let patterns = pdb::default_partition(goal.width(), goal.height(), goal.blank());
        let cache = pdb::default_cache_dir();
        let db = load_db(goal, &patterns, cache.as_ref())?;
        let options = Options::default().with_heuristic(Heuristic::Pdb(Arc::new(db))).with_budget(budget);
        Ok(MinMoves { k, options })
    }

    /// Whether `puzzle` is at least `k` moves from its goal; why the search stopped, if it did.
    fn accepts(&self, puzzle: &Puzzle) -> Result<bool, StopReason> {
        match solve(puzzle, &self.options).map(|r| r.outcome) {
            Ok(Outcome::GaveUp { reason, .. }) => Err(reason),
            Ok(o) => Ok(o.answer().and_then(Answer::moves).is_some_and(|m| m.len() as u32 >= self.k)),
            Err(_) => Ok(false),
        }
    }
}
