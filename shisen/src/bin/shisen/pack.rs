//! `shisen pack` and `shisen verify`: packs of solvable deals with their witnesses, as
//! JSON Lines (the runner, resume, shards, merge and the summary are `engine::cli`'s).

use std::collections::BTreeMap;

use engine::cli::{Failure, Input, PackArgs, RunArgs};
use shisen::generate;
use shisen::pack::{PackEntry, PackOptions, make_entry};

/// What the summary counts entries by: the pairs removable at the start.
const LABEL: &str = "pairs";

/// The arguments of `shisen pack`: the pack's seeds and files, then `generate`'s options
/// and the filter.
#[derive(clap::Args)]
pub struct PackCommand {
    #[command(flatten)]
    pack: PackArgs,
    /// Board size, each side from 1 to 100.
    #[arg(long, value_name = "WxH", default_value = "18x8")]
    size: String,
    /// Number of kinds (default: W*H/copies), at most 65536.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(0..=generate::MAX_KINDS as u64))]
    kinds: Option<u64>,
    /// Tiles per kind, even, at most 10000.
    #[arg(long, value_name = "C", default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=crate::limits::MAX_COPIES))]
    copies: u64,
    /// Deals solvable under gravity (tiles fall toward larger y after each removal).
    #[arg(long)]
    gravity: bool,
    /// Only deals with at least N pairs removable at the start.
    #[arg(long, value_name = "N")]
    min_pairs: Option<usize>,
    /// Only deals with at most N pairs removable at the start.
    #[arg(long, value_name = "N")]
    max_pairs: Option<usize>,
}

/// The arguments of `shisen verify`.
#[derive(clap::Args)]
pub struct VerifyCommand {
    /// The pack file (JSON Lines), `-` for standard input.
    file: String,
    #[command(flatten)]
    run: RunArgs,
}

/// The options of a pack, checked as `shisen generate` checks them (exit 2 with one line).
fn options(args: &PackCommand) -> Result<PackOptions, Failure> {
    let size = crate::limits::parse_size(&args.size)?;
    let kinds = args.kinds.map(|k| usize::try_from(k).unwrap_or(usize::MAX));
    let copies = usize::try_from(args.copies).unwrap_or(usize::MAX);
    PackOptions::new(size.width, size.height, args.gravity, kinds, copies)
        .and_then(|o| o.with_pairs(args.min_pairs, args.max_pairs))
        .map_err(|e| Failure(2, e.to_string()))
}

/// `shisen pack`.
pub fn pack(args: &PackCommand, json: bool) -> Result<(u8, String), Failure> {
    let options = options(args)?;
    let same_plan = |e: &PackEntry| {
        if e.options == options {
            Ok(())
        } else {
            let text = |o: &PackOptions| serde_json::to_string(o).unwrap_or_default();
            Err(format!("its options {} are not {}", text(&e.options), text(&options)))
        }
    };
    let make = |seed, budget: &engine::Budget| make_entry(seed, &options, budget);
    engine::cli::pack::<PackEntry>("shisen", &args.pack, json, LABEL, BTreeMap::new(), make, same_plan)
}

/// `shisen verify FILE`.
pub fn verify(args: &VerifyCommand, json: bool, input: Input<'_>) -> Result<(u8, String), Failure> {
    engine::cli::verify::<PackEntry>(&args.file, &args.run, json, input)
}
