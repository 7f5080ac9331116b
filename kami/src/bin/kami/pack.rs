//! `kami pack` and `kami verify`: packs of generated levels with their proven par, made and
//! checked by `engine::cli`'s shared commands with `kami::pack`'s entries.

use std::collections::BTreeMap;

use engine::cli::{Failure, Input, PackArgs, RunArgs};
use kami::pack::{PackEntry, PackOptions, ParRange, make_entry};

/// `kami pack`'s arguments: the shared pack arguments, `generate`'s options and the par
/// filter.
#[derive(clap::Args)]
pub(crate) struct PackCommand {
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    level: crate::generate::LevelArgs,
    /// Keep only levels whose proven par is A to B (both included), or exactly N.
    #[arg(long, value_name = "A..B|N")]
    par: Option<String>,
}

/// `kami verify`'s arguments.
#[derive(clap::Args)]
pub(crate) struct VerifyCommand {
    #[command(flatten)]
    run: RunArgs,
    /// The pack file (JSON Lines), `-` for standard input.
    file: String,
}

/// The pack options the arguments ask for, checked: a one-line error (exit 2) otherwise.
fn options(args: &PackCommand) -> Result<PackOptions, Failure> {
    let spec = args.level.spec()?;
    let par = args.par.as_deref().map(str::parse::<ParRange>).transpose().map_err(|e| Failure(2, e.to_string()))?;
    let options = PackOptions::new(spec).with_par(par);
    options.validate().map_err(|e| Failure(2, format!("pack: {e}")))?;
    Ok(options)
}

/// The options as the flags that ask for them.
fn flags(o: &PackOptions) -> String {
    let par = o.par.map(|p| format!(" --par {p}")).unwrap_or_default();
    let s = &o.spec;
    format!("--size {}x{} --colors {} --regions {}{par}", s.rows, s.cols, s.colours, s.regions)
}

/// `kami pack`.
pub(crate) fn pack(args: &PackCommand, json: bool) -> Result<(u8, String), Failure> {
    let options = options(args)?;
    let make = |seed, budget: &engine::Budget| make_entry(seed, &options, budget);
    let same_plan = |entry: &PackEntry| {
        if entry.options == options {
            Ok(())
        } else {
            Err(format!("{}, not {}", flags(&entry.options), flags(&options)))
        }
    };
    engine::cli::pack::<PackEntry>("kami", &args.pack, json, "par", BTreeMap::new(), make, same_plan)
}

/// `kami verify`.
pub(crate) fn verify(args: &VerifyCommand, json: bool) -> Result<(u8, String), Failure> {
    engine::cli::verify::<PackEntry>(&args.file, &args.run, json, Input::process())
}
