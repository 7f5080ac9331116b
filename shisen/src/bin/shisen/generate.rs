//! `shisen generate`: a full deal, solvable unless `--any`, as board text or as its code.

use engine::SeededRng;
use engine::cli::{Failure, PuzzleFormat, PuzzleFormatArg, TimeoutArg};
use shisen::generate::{self, Deal, GenerateError, Spec};

use crate::limits::{MAX_COPIES, parse_size};

/// The arguments of `shisen generate`.
#[derive(clap::Args)]
pub(crate) struct GenerateArgs {
    /// Board size, each side from 1 to 100.
    #[arg(long, value_name = "WxH", default_value = "18x8")]
    size: String,
    /// Number of kinds (default: W*H/copies), at most 65536.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(0..=generate::MAX_KINDS as u64))]
    kinds: Option<u64>,
    /// Tiles per kind, even, at most 10000.
    #[arg(long, value_name = "C", default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=MAX_COPIES))]
    copies: u64,
    /// Random seed.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Solvable under gravity.
    #[arg(long)]
    gravity: bool,
    /// A plain uniform deal, solvable or not.
    #[arg(long)]
    any: bool,
    #[command(flatten)]
    timeout: TimeoutArg,
    #[command(flatten)]
    output: PuzzleFormatArg,
}

/// `generate --format code`: the deal's code, or with `--json` the deal's document with a
/// `code` field more.
fn code_answer(deal: &Deal, gravity: bool, json: bool) -> Result<(u8, String), Failure> {
    let code = shisen::code::encode(&deal.board, gravity).map_err(|e| Failure(2, e.to_string()))?;
    if json {
        let mut doc = serde_json::to_value(deal).map_err(|e| Failure(2, e.to_string()))?;
        doc["code"] = serde_json::Value::String(code);
        return Ok((0, engine::cli::json_line(&doc)));
    }
    Ok((0, format!("{code}\n")))
}

/// `shisen generate [--size WxH] [--kinds K] [--copies C] [--seed S] [--gravity] [--any]
/// [--timeout S] [--format text|code]`: a spec the generator cannot deal exits 2, a
/// `--timeout` that runs out exits 3.
pub(crate) fn run(args: &GenerateArgs, json: bool) -> Result<(u8, String), Failure> {
    let size = parse_size(&args.size)?;
    let spec = Spec::default()
        .with_size(size)
        .with_copies(usize::try_from(args.copies).unwrap_or(usize::MAX))
        .with_kinds(args.kinds.map(|k| usize::try_from(k).unwrap_or(usize::MAX)))
        .with_gravity(args.gravity)
        .with_solvable(!args.any);
    let deal = generate::generate_within(&spec, &mut SeededRng::new(args.seed), &args.timeout.budget()).map_err(
        |e| match e {
            GenerateError::Spec(e) => Failure(2, e.to_string()),
            e => Failure(3, e.to_string()),
        },
    )?;
    if args.output.format == PuzzleFormat::Code {
        return code_answer(&deal, args.gravity, json);
    }
    if json {
        return Ok((0, engine::cli::json_line(&deal)));
    }
    Ok((0, deal.board.to_string()))
}
