//! The `fifteen` command: `solve`, `check` and `generate` sliding puzzles, exactly as in
//! the workspace's command-line contract.
//!
//! Exit codes: 0 answered, 1 some puzzle is unsolvable, 2 bad input or usage (one line on
//! stderr, nothing on stdout), 3 some puzzle ran out of time or budget.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use engine::SeededRng;
use engine::cli::Failure;
use fifteen::fast::solve_fast;
use fifteen::pdb::{self, CacheStatus, PatternDb};
use fifteen::solvable::{goal_board, is_reachable};
use fifteen::solver::{Heuristic, Outcome, SolveOptions, solve};
use fifteen::{Board, Goal, Move, generate};
use indicatif::{ProgressBar, ProgressStyle};

/// Sliding puzzles of any size: solvability, optimal and fast solving, generation.
#[derive(Parser)]
#[command(name = "fifteen", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve one puzzle per line: `<length> <moves>`, `unsolvable` or `unknown`.
    Solve {
        #[command(flatten)]
        input: InputArgs,
        /// A valid, not necessarily optimal solution, quickly, for any size.
        #[arg(long)]
        fast: bool,
        /// Give up on a puzzle after this many seconds (prints `unknown`, exit 3).
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Give up on a puzzle after expanding this many search nodes.
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// The lower bound of the optimal search; `auto` uses pattern databases on boards
        /// of 10 to 16 cells and linear conflicts otherwise.
        #[arg(long, value_enum, default_value_t = HeuristicArg::Auto)]
        heuristic: HeuristicArg,
        /// Pattern sizes: on a 4x4 board with the goal blank in a corner, `6-6-3`, `5-5-5`
        /// and `7-8` are the classic compact blocks (`7-8` is the fastest to solve with but
        /// takes minutes and about 2.5 GB of memory to build once, then a 289 MB cache
        /// file); otherwise the non-blank goal cells are cut in row-major order.
        #[arg(long, value_name = "SIZES", default_value = "6-6-3")]
        pdb_partition: String,
        /// Where pattern databases are cached (default: `$FIFTEEN_PDB_DIR`, else
        /// `$XDG_CACHE_HOME/puzzle-engines`, else `~/.cache/puzzle-engines`).
        #[arg(long, value_name = "DIR")]
        pdb_dir: Option<PathBuf>,
        /// Build pattern databases in memory only.
        #[arg(long)]
        no_pdb_cache: bool,
        /// Do not also look up the transposed position in the pattern databases (done by
        /// default on square boards whose goal blank lies on the main diagonal).
        #[arg(long)]
        no_pdb_reflect: bool,
        /// Print search statistics (nodes, time) to stderr.
        #[arg(long)]
        stats: bool,
    },
    /// `solvable` or `unsolvable`, one line per puzzle.
    Check {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Random boards that can reach the goal, uniform over them, never the goal itself.
    Generate {
        /// Board size, `WxH`.
        #[arg(long, default_value = "4x4")]
        size: String,
        /// `blank-last`, `blank-first`, `snake`, `spiral` or an explicit tile list.
        #[arg(long, default_value = "blank-last")]
        goal: String,
        /// Number of boards.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Random seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The seed article's method instead: this many random moves from the goal.
        #[arg(long, value_name = "K")]
        walk: Option<usize>,
        /// Only boards at least this many moves from the goal (boards of at most 16 cells).
        #[arg(long, value_name = "K")]
        min_moves: Option<u32>,
    },
}

#[derive(clap::Args)]
struct InputArgs {
    /// `blank-last`, `blank-first`, `snake`, `spiral` or an explicit tile list.
    #[arg(long, default_value = "blank-last")]
    goal: String,
    /// Board width (square boards otherwise).
    #[arg(long)]
    width: Option<usize>,
    /// Input file, `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
}

#[derive(Clone, Copy, ValueEnum)]
enum HeuristicArg {
    Auto,
    Manhattan,
    LinearConflict,
    Pdb,
}

fn usage(message: impl Into<String>) -> Failure {
    Failure(2, message.into())
}

fn main() -> ExitCode {
    // Answers are written as they come (batches), so only the exit code is left to give.
    engine::cli::main("fifteen", |cli: Cli| run(cli.command).map(|code| (code, String::new())))
}

fn run(command: Command) -> Result<u8, Failure> {
    match command {
        Command::Check { input } => {
            let puzzles = read_puzzles(&input)?;
            let mut out = String::new();
            let mut code = 0;
            for (board, goal) in &puzzles {
                if is_reachable(board, goal) {
                    out.push_str("solvable\n");
                } else {
                    out.push_str("unsolvable\n");
                    code = 1;
                }
            }
            emit(&out);
            Ok(code)
        }
        Command::Solve {
            input,
            fast,
            timeout,
            nodes,
            heuristic,
            pdb_partition,
            pdb_dir,
            no_pdb_cache,
            no_pdb_reflect,
            stats,
        } => {
            let sizes = pdb::parse_sizes(&pdb_partition).map_err(usage)?;
            let puzzles = read_puzzles(&input)?;
            let cache = if no_pdb_cache { None } else { pdb_dir.or_else(pdb::default_cache_dir) };
            let mut dbs: Vec<Arc<PatternDb>> = Vec::new();
            let bar = (puzzles.len() > 1).then(|| progress(puzzles.len() as u64, "solving"));
            let mut code = 0u8;
            let stdout = std::io::stdout();
            for (board, goal) in &puzzles {
                let line = if fast {
                    if let Some(moves) = solve_fast(board, goal).map_err(usage)? {
                        answer(&moves)
                    } else {
                        code = code.max(1);
                        "unsolvable".to_string()
                    }
                } else {
                    let heuristic = choose_heuristic(heuristic, goal, &sizes, cache.as_ref(), &mut dbs)?;
                    let options = SolveOptions { heuristic, node_limit: nodes, timeout, reflect: !no_pdb_reflect };
                    let started = std::time::Instant::now();
                    let solution = solve(board, goal, &options).map_err(usage)?;
                    if stats {
                        eprintln!("fifteen: {} nodes, {:.3} s", solution.nodes, started.elapsed().as_secs_f64());
                    }
                    match solution.outcome {
                        Outcome::Solved(moves) => answer(&moves),
                        Outcome::Unsolvable => {
                            code = code.max(1);
                            "unsolvable".to_string()
                        }
                        Outcome::Unknown => {
                            code = 3;
                            "unknown".to_string()
                        }
                    }
                };
                let _ = writeln!(stdout.lock(), "{line}");
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            Ok(code)
        }
        Command::Generate { size, goal, count, seed, walk, min_moves } => {
            generate_boards(&size, &goal, count, seed, walk, min_moves)
        }
    }
}

/// `fifteen generate`.
fn generate_boards(
    size: &str,
    goal: &str,
    count: usize,
    seed: u64,
    walk: Option<usize>,
    min_moves: Option<u32>,
) -> Result<u8, Failure> {
    let (w, h) = parse_size(size)?;
    let goal_spec = Goal::parse(goal, Some(w)).map_err(|m| usage(format!("--goal: {m}")))?;
    let goal = goal_spec.layout(w, h).map_err(|m| usage(format!("--goal: {m}")))?;
    if let (Some(steps), Some(k)) = (walk, min_moves) {
        if k as usize > steps {
            return Err(usage(format!("a walk of {steps} moves never ends {k} moves from the goal")));
        }
    }
    let mut searcher = match min_moves {
        Some(k) => Some(MinMoves::new(&goal, k)?),
        None => None,
    };
    let mut rng = SeededRng::new(seed);
    let mut out = String::new();
    for _ in 0..count {
        let mut tries = 0;
        let board = loop {
            let b = match walk {
                Some(steps) => generate::random_walk(&goal, steps, &mut rng),
                None => generate::uniform(&goal, &mut rng),
            };
            if searcher.as_mut().is_none_or(|s| s.accepts(&b, &goal)) {
                break b;
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
        out.push_str(&board.to_string());
        out.push('\n');
    }
    emit(&out);
    Ok(0)
}

/// How many random boards `--min-moves` looks at for one board before giving up.
const MIN_MOVES_TRIES: usize = 10_000;

/// The `--min-moves` filter: an optimal search with pattern databases.
struct MinMoves {
    k: u32,
    options: SolveOptions,
}

impl MinMoves {
    fn new(goal: &Board, k: u32) -> Result<MinMoves, Failure> {
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
        Ok(MinMoves { k, options: SolveOptions { heuristic: Heuristic::Pdb(Arc::new(db)), ..SolveOptions::default() } })
    }

    fn accepts(&self, board: &Board, goal: &Board) -> bool {
        solve(board, goal, &self.options)
            .ok()
            .and_then(|s| s.outcome.moves().map(|m| m.len() as u32 >= self.k))
            .unwrap_or(false)
    }
}

fn answer(moves: &[Move]) -> String {
    format!("{} {}", moves.len(), Move::format_all(moves))
}

fn emit(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

fn progress(total: u64, message: &'static str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(message);
    bar
}

fn parse_size(text: &str) -> Result<(usize, usize), Failure> {
    let bad = || usage(format!("--size {text:?}: expected WxH, such as 4x4"));
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h) = (w.trim().parse::<usize>().map_err(|_| bad())?, h.trim().parse::<usize>().map_err(|_| bad())?);
    if w == 0 || h == 0 || w * h < 2 || w * h > fifteen::MAX_CELLS {
        return Err(usage(format!("--size {text}: boards have 2 to {} cells", fifteen::MAX_CELLS)));
    }
    Ok((w, h))
}

/// Every puzzle of the input with its goal board; the first bad line is a failure naming
/// the source, line and column.
fn read_puzzles(args: &InputArgs) -> Result<Vec<(Board, Board)>, Failure> {
    let goal = Goal::parse(&args.goal, args.width).map_err(|m| usage(format!("--goal: {m}")))?;
    let (source, text) = engine::read_input(&args.input).map_err(|e| usage(e.to_string()))?;
    let mut out = Vec::new();
    for (line_no, line) in engine::content_lines(&text) {
        let board = Board::parse_line(line, args.width)
            .map_err(|e| usage(e.shifted(line_no - 1).with_source(source.clone()).to_string()))?;
        let goal = goal_board(&board, &goal).map_err(|m| usage(format!("{source}:{line_no}: {m}")))?;
        out.push((board, goal));
    }
    Ok(out)
}

/// The heuristic for one puzzle: pattern databases are built (or loaded) once per board
/// size and goal blank cell.
fn choose_heuristic(
    arg: HeuristicArg,
    goal: &Board,
    sizes: &[usize],
    cache: Option<&PathBuf>,
    dbs: &mut Vec<Arc<PatternDb>>,
) -> Result<Heuristic, Failure> {
    let n = goal.tiles().len();
    let use_pdb = match arg {
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
    if let Some(db) = dbs.iter().find(|db| db.fits(goal)) {
        return Ok(Heuristic::Pdb(Arc::clone(db)));
    }
    let patterns = pdb::partition(goal.width(), goal.height(), goal.blank(), sizes)
        .map_err(|m| usage(format!("--pdb-partition: {m}")))?;
    let db = Arc::new(load_db(goal, &patterns, cache)?);
    dbs.push(Arc::clone(&db));
    Ok(Heuristic::Pdb(db))
}

/// Loads a pattern database from the cache or builds it, with a progress bar.
fn load_db(goal: &Board, patterns: &[Vec<u8>], cache: Option<&PathBuf>) -> Result<PatternDb, Failure> {
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
    result.map_err(|m| usage(format!("pattern database: {m}")))
}
