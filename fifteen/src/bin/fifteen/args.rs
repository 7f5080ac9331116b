//! The options the commands share, parsed in one place: the input (`--width`, `--goal`,
//! the file), the search (`--heuristic`, `--fast`, the pattern databases, the budget), the
//! board format, `--size`, and reading the puzzles of the input.

use std::ffi::OsStr;
use std::path::PathBuf;

use clap::ValueEnum;
use clap::builder::{PossibleValue, TypedValueParser};
use engine::Size;
use engine::cli::{Failure, Input, TimeoutArg};

use fifteen::code::Code;
use fifteen::{Board, Goal, Puzzle};

#[derive(clap::Args, Debug)]
pub(super) struct InputArgs {
    /// The goal: a name or an explicit tile list in quotes (square unless --width is given).
    #[arg(long, default_value = "blank-last", value_parser = GoalParser)]
    pub(super) goal: GoalArg,
    /// Board width (square boards otherwise), at most 255.
    #[arg(long)]
    pub(super) width: Option<usize>,
    /// Input file, `-` for standard input.
    #[arg(default_value = "-")]
    pub(super) input: String,
}

#[derive(clap::Args, Debug)]
#[command(mut_arg("timeout", |a| a.help("Give up on a puzzle after this many seconds (prints `unknown`, exit 3)")))]
pub(super) struct SearchArgs {
    /// A valid, not necessarily optimal solution, quickly, for any size.
    #[arg(long)]
    pub(super) fast: bool,
    #[command(flatten)]
    pub(super) timeout: TimeoutArg,
    /// Give up on a puzzle after expanding this many search nodes.
    #[arg(long, value_name = "N")]
    pub(super) nodes: Option<u64>,
    /// The lower bound of the optimal search; `auto` uses pattern databases on boards
    /// of 10 to 16 cells and linear conflicts otherwise.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Auto)]
    pub(super) heuristic: HeuristicArg,
    /// Pattern sizes: on a 4x4 board with the goal blank in a corner, `6-6-3`, `5-5-5`
    /// and `7-8` are the classic compact blocks (`7-8` is the fastest to solve with but
    /// takes minutes and about 2.5 GB of memory to build once, then a 289 MB cache
    /// file); otherwise the non-blank goal cells are cut in row-major order.
    #[arg(long, value_name = "SIZES", default_value = "6-6-3")]
    pub(super) pdb_partition: String,
    /// Where pattern databases are cached (default: `$FIFTEEN_PDB_DIR`, else
    /// `$XDG_CACHE_HOME/puzzle-engines`, else `~/.cache/puzzle-engines`).
    #[arg(long, value_name = "DIR")]
    pub(super) pdb_dir: Option<PathBuf>,
    /// Build pattern databases in memory only.
    #[arg(long)]
    pub(super) no_pdb_cache: bool,
    /// Do not also look up the transposed position in the pattern databases (done by
    /// default on square boards whose goal blank lies on the main diagonal).
    #[arg(long)]
    pub(super) no_pdb_reflect: bool,
}

/// The lower bound of the optimal search.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum HeuristicArg {
    /// Pattern databases on boards of 10 to 16 cells, linear conflicts otherwise.
    Auto,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases (boards of at most 16 cells).
    Pdb,
}

/// The named goals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum NamedGoal {
    /// 1 2 .. n-1 0.
    BlankLast,
    /// 0 1 .. n-1.
    BlankFirst,
    /// Rows alternate direction, the blank at the end of the path.
    Snake,
    /// Clockwise inward from the top-left corner, the blank at the centre.
    Spiral,
}

/// A `--goal` value: a name, or a tile list read once the width is known.
#[derive(Clone, Debug)]
pub(super) enum GoalArg {
    Named(NamedGoal),
    List(String),
}

/// Accepts the named goals (listed by `--help`) and tile lists; anything else is an error
/// in the contract's words.
#[derive(Clone, Copy)]
pub(super) struct GoalParser;

impl TypedValueParser for GoalParser {
    type Value = GoalArg;

    fn parse_ref(&self, _: &clap::Command, _: Option<&clap::Arg>, value: &OsStr) -> Result<GoalArg, clap::Error> {
        let text = value.to_string_lossy();
        if let Ok(named) = NamedGoal::from_str(text.trim(), false) {
            return Ok(GoalArg::Named(named));
        }
        if text.trim().starts_with(|c: char| c.is_ascii_digit()) {
            return Ok(GoalArg::List(text.into_owned()));
        }
        let message = Goal::parse(&text, None).err().map_or_else(|| "bad goal".to_string(), |e| e.to_string());
        Err(clap::Error::raw(clap::error::ErrorKind::ValueValidation, format!("--goal: {message}\n")))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            NamedGoal::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value)
                .chain([PossibleValue::new("\"<tiles>\"").help("an explicit goal: tiles row-major, 0 for the blank")]),
        ))
    }
}

impl GoalArg {
    pub(super) fn goal(&self, width: Option<usize>) -> Result<Goal, Failure> {
        match self {
            GoalArg::Named(NamedGoal::BlankLast) => Ok(Goal::BlankLast),
            GoalArg::Named(NamedGoal::BlankFirst) => Ok(Goal::BlankFirst),
            GoalArg::Named(NamedGoal::Snake) => Ok(Goal::Snake),
            GoalArg::Named(NamedGoal::Spiral) => Ok(Goal::Spiral),
            GoalArg::List(text) => Goal::parse(text, width).map_err(|e| usage(format!("--goal: {e}"))),
        }
    }
}

pub(super) fn usage(message: impl Into<String>) -> Failure {
    Failure(2, message.into())
}

/// The `--size` of `generate` and `pack`: 2 to [`fifteen::MAX_CELLS`] cells, sides at most 255.
pub(super) fn parse_size(text: &str) -> Result<Size, Failure> {
    fifteen::pack::parse_size(text).map_err(|e| usage(format!("--{e}")))
}

/// Every puzzle of the input; the first bad line is a failure naming the source, line and
/// column.
pub(super) fn read_puzzles(args: &InputArgs, source: Input<'_>) -> Result<Vec<Puzzle>, Failure> {
    let codes = read_codes(args, source)?;
    codes
        .into_iter()
        .map(|c| {
            let (board, goal) = c.into_parts();
            Puzzle::with_goal(board, &goal).map_err(|e| usage(e.to_string()))
        })
        .collect()
}

/// Every puzzle of the input with its goal: a line of tiles (read with `--width`, toward
/// `--goal`) or a puzzle code (its own size and goal). The first bad line is a failure
/// naming the source and line (and the column, in a line of tiles).
pub(super) fn read_codes(args: &InputArgs, source: Input<'_>) -> Result<Vec<Code>, Failure> {
    if let Some(w) = args.width.filter(|&w| w > usize::from(u8::MAX)) {
        return Err(usage(format!("--width {w}: at most 255")));
    }
    let goal = args.goal.goal(args.width)?;
    let (source, text) = source.read(&args.input).map_err(|e| usage(e.to_string()))?;
    let mut out = Vec::new();
    for (line_no, line) in engine::content_lines(&text) {
        let at_line = |e: fifteen::Error| usage(format!("{source}:{line_no}: {e}"));
        if engine::code::looks_like_code(line) {
            out.push(fifteen::code::decode(line).map_err(at_line)?);
            continue;
        }
        let board = Board::parse_line(line, args.width)
            .map_err(|e| usage(e.shifted(line_no - 1).with_source(source.clone()).to_string()))?;
        out.push(Code::new(board, goal.clone()).map_err(at_line)?);
    }
    Ok(out)
}
