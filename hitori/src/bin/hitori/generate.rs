//! `hitori generate`: a puzzle with exactly one solution, as text or as its code.

use engine::SeededRng;
use engine::cli::{Failure, PuzzleFormat, PuzzleFormatArg, TimeoutArg};
use hitori::Puzzle;
use hitori::generate::{GenerateError, Spec, generate_within};
use hitori::steps::Difficulty;
use serde::Serialize;

use crate::input::{DifficultyArg, parse_size};

/// The arguments of `hitori generate`.
#[derive(clap::Args)]
pub(crate) struct GenerateArgs {
    /// Size: `N` for N×N, or `WxH` (sides 1-10000, at most 1000000 cells).
    #[arg(long, default_value = "10")]
    size: String,
    /// Random seed: the same seed gives the same puzzle.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The hardest rule a person needs for it.
    #[arg(long, value_name = "D", value_enum)]
    difficulty: Option<DifficultyArg>,
    #[command(flatten)]
    pub(crate) timeout: TimeoutArg,
    #[command(flatten)]
    output: PuzzleFormatArg,
}

/// `generate --json`.
#[derive(Serialize)]
struct GenerateJson<'a> {
    /// The puzzle, one string per row.
    puzzle: &'a Puzzle,
    width: usize,
    height: usize,
    seed: u64,
    /// The difficulty asked for, if any.
    difficulty: Option<Difficulty>,
    /// The puzzle's code (`--format code` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'a str>,
}

/// `hitori generate [--size N|WxH] [--seed S] [--difficulty D] [--timeout S] [--format F]`.
pub(crate) fn run(args: &GenerateArgs, json: bool) -> Result<(u8, String), Failure> {
    let size = parse_size(&args.size)?;
    let difficulty = args.difficulty.map(Difficulty::from);
    let (budget, watch) = engine::cli::watch(args.timeout.budget(), "no puzzle yet: --timeout S stops generating");
    let mut spec = Spec::default().with_size(size);
    if let Some(d) = difficulty {
        spec = spec.with_difficulty(d);
    }
    let result = generate_within(&spec, &mut SeededRng::new(args.seed), &budget);
    drop(watch);
    let code = |puzzle: &Puzzle| match args.output.format {
        PuzzleFormat::Text => Ok(None),
        PuzzleFormat::Code => {
            hitori::code::encode(puzzle).map(Some).map_err(|e| Failure(2, format!("--format code: {e}")))
        }
    };
    match result {
        Ok(puzzle) if json => Ok((
            0,
            engine::cli::json_line(&GenerateJson {
                puzzle: &puzzle,
                width: size.width,
                height: size.height,
                seed: args.seed,
                difficulty,
                code: code(&puzzle)?.as_deref(),
            }),
        )),
        Ok(puzzle) => Ok((0, code(&puzzle)?.map_or_else(|| puzzle.to_string(), |c| c + "\n"))),
        Err(e @ GenerateError::Empty) => Err(Failure(2, format!("--size {}: {e}", args.size))),
        Err(e @ GenerateError::GaveUp { .. }) => Err(Failure(3, e.to_string())),
        Err(e) => Err(Failure(1, e.to_string())),
    }
}
