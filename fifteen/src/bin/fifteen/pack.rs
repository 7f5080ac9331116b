//! `fifteen pack` and `fifteen verify`: the generator options and the length filter of
//! [`fifteen::pack`] beside `engine::cli`'s shared pack arguments. The pattern databases are
//! loaded or built once, before the first seed, and shared by every thread.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use engine::cli::{Failure, Input, PackArgs, RunArgs};
use engine::pack::Made;

use super::args::{GoalArg, GoalParser, parse_size, usage};
use super::output::progress;
use fifteen::pack::{Lengths, Maker, PackEntry, PackSpec, SpecError, pdb_needed, set_verify_pdbs};
use fifteen::pdb::{PdbCache, PdbSlot, default_cache_dir};

/// `fifteen pack --help`'s epilogue.
pub(super) const PACK_HELP: &str = concat!(
    "Seed S gives the board `fifteen generate --seed S` prints first (uniform over the boards\n",
    "that reach the goal, never the goal itself) with its solution: optimal on boards of at\n",
    "most 16 cells, the fast solver's above. One JSON object per line, in seed order: game,\n",
    "seed, puzzle, code (the puzzle code), length, moves, optimal, options. Boards equal up to\n",
    "a symmetry of the grid and a renaming of the tiles are kept once. The same bytes for any\n",
    "--threads.\n\n",
    "Example:\n  fifteen pack --count 1000 --length 40..60 --out pack.jsonl"
);

/// `fifteen verify --help`'s epilogue.
pub(super) const VERIFY_HELP: &str = concat!(
    "Checks each entry: its board is the seed's and reaches the goal, its moves reach the goal\n",
    "in exactly `length` moves, the length is in the filter, its code is the code of the board\n",
    "and the goal, and re-solving gives the same length (optimal boards: a full optimal search\n",
    "under --timeout, `unknown` when it stops).\n",
    "Bad entries are named on stderr as FILE:LINE: reason. Exit 0 all hold, 1 some wrong,\n",
    "2 not a fifteen pack, 3 some unknown.\n\n",
    "Example:\n  fifteen verify pack.jsonl"
);

/// `fifteen pack`.
#[derive(clap::Args, Debug)]
pub(super) struct PackCommand {
    #[command(flatten)]
    pack: PackArgs,
    /// Board size, `WxH`: 2 to 256 cells, each side at most 255.
    #[arg(long, default_value = "4x4")]
    size: String,
    /// The goal: a name or an explicit tile list in quotes.
    #[arg(long, default_value = "blank-last", value_parser = GoalParser)]
    goal: GoalArg,
    /// Only boards whose solution length is from A to B (both included), or exactly N.
    #[arg(long, value_name = "A..B")]
    length: Option<String>,
    /// Where pattern databases are cached (default: `$FIFTEEN_PDB_DIR`, else
    /// `$XDG_CACHE_HOME/puzzle-engines`, else `~/.cache/puzzle-engines`).
    #[arg(long, value_name = "DIR")]
    pdb_dir: Option<PathBuf>,
}

/// `fifteen verify`.
#[derive(clap::Args, Debug)]
pub(super) struct VerifyCommand {
    /// The pack file, `-` for standard input.
    file: String,
    #[command(flatten)]
    run: RunArgs,
    /// Where pattern databases are cached (as for `pack`).
    #[arg(long, value_name = "DIR")]
    pdb_dir: Option<PathBuf>,
}

/// The spec the options ask for, or a one-line usage error.
fn spec(args: &PackCommand) -> Result<PackSpec, Failure> {
    let size = parse_size(&args.size)?;
    let goal = args.goal.goal(Some(size.width))?;
    let lengths = args.length.as_deref().map(str::parse::<Lengths>).transpose().map_err(|e| usage(format!("--{e}")))?;
    let spec = PackSpec::new(size).with_goal(goal).with_lengths(lengths);
    spec.check().map_err(|e| match e {
        SpecError::Goal(e) => usage(format!("--goal: {e}")),
        SpecError::Impossible(m) => usage(format!("--length {}: {m}", args.length.as_deref().unwrap_or(""))),
        e => usage(e.to_string()),
    })?;
    Ok(spec)
}

/// The pack's pattern databases, loaded or built before the first seed (with a progress
/// bar on a terminal).
fn cache(spec: &PackSpec, dir: Option<&PathBuf>) -> Result<PdbCache, Failure> {
    let cache = PdbCache::new(dir.cloned().or_else(default_cache_dir));
    let Some((w, h, b)) = pdb_needed(spec).map_err(|e| usage(e.to_string()))? else { return Ok(cache) };
    let bar = progress(0, "loading or building pattern databases");
    loop {
        match cache.get_or_start(w, h, b) {
            PdbSlot::Ready(_) => break,
            PdbSlot::Failed(e) => return Err(usage(format!("pattern database: {e}"))),
            PdbSlot::Building(p) => {
                bar.set_length(p.total);
                bar.set_position(p.done);
            }
            PdbSlot::Missing => {}
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    bar.finish_and_clear();
    Ok(cache)
}

/// `fifteen pack`: the pack, or the merged shards (with `json`, the summary as one JSON
/// document on stderr); (exit code, standard output).
pub(super) fn pack(args: &PackCommand, json: bool) -> Result<(u8, String), Failure> {
    let spec = spec(args)?;
    let maker = if args.pack.merge.is_empty() {
        let cache = cache(&spec, args.pdb_dir.as_ref())?;
        Some(Maker::new(&spec, &cache).map_err(|e| usage(e.to_string()))?)
    } else {
        None
    };
    let options = spec.options();
    let make = |seed, budget: &engine::Budget| match &maker {
        Some(m) => m.make_entry(seed, budget),
        None => Made::Failed("no maker when merging".into()),
    };
    let same_plan = |e: &PackEntry| {
        if e.options == options {
            Ok(())
        } else {
            let show = |o| serde_json::to_string(o).unwrap_or_default();
            Err(format!("options {}, not {}", show(&e.options), show(&options)))
        }
    };
    engine::cli::pack::<PackEntry>("fifteen", &args.pack, json, "length", BTreeMap::new(), make, same_plan)
}

/// `fifteen verify FILE` (with `json`, one JSON document: entries, hold, wrong and unknown
/// lines, counts per length); (exit code, standard output).
pub(super) fn verify(args: &VerifyCommand, json: bool, input: Input<'_>) -> Result<(u8, String), Failure> {
    // The first verify of the program sets the cache (in-process tests may run several).
    let _ = set_verify_pdbs(PdbCache::new(args.pdb_dir.clone().or_else(default_cache_dir)));
    engine::cli::verify::<PackEntry>(&args.file, &args.run, json, input)
}
