//! `hitori pack` and `hitori verify`: packs of graded puzzles with their proven solutions,
//! made and re-checked by the engine's pack commands over [`hitori::pack`].

use std::collections::BTreeMap;

use engine::cli::{Failure, Input, PackArgs, RunArgs};
use hitori::pack::{PackEntry, PackOptions, make_entry};
use hitori::steps::Difficulty;

use crate::input::{DifficultyArg, parse_size};

/// The arguments of `hitori pack`.
#[derive(clap::Args)]
pub struct PackCommand {
    #[command(flatten)]
    pack: PackArgs,
    /// Size: `N` for N×N, or `WxH` (sides 1-10000, at most 1000000 cells).
    #[arg(long, default_value = "10")]
    size: String,
    /// Only puzzles of these grades (one, or a comma list); each seed is generated for one
    /// of them.
    #[arg(long, value_name = "D[,D…]", value_enum, value_delimiter = ',', conflicts_with = "mix")]
    difficulty: Vec<DifficultyArg>,
    /// With --count: entries per grade, e.g. `easy=400,medium=400,hard=160,search=40`;
    /// --count must be their sum.
    #[arg(long, value_name = "D=N,…")]
    mix: Option<String>,
}

/// The arguments of `hitori verify`.
#[derive(clap::Args)]
pub struct VerifyCommand {
    /// The pack file (JSON Lines), `-` for standard input.
    file: String,
    #[command(flatten)]
    run: RunArgs,
}

/// `hitori pack`: checks the options, then hands the plan to [`engine::cli::pack`].
pub fn pack(args: &PackCommand, json: bool) -> Result<(u8, String), Failure> {
    let options = options(args)?;
    let quotas = options.quotas();
    let same_plan = |e: &PackEntry| {
        if e.options == options { Ok(()) } else { Err(format!("its options are `{}`, not `{options}`", e.options)) }
    };
    let make = |seed, budget: &engine::Budget| make_entry(seed, &options, budget);
    engine::cli::pack::<PackEntry>("hitori", &args.pack, json, "grade", quotas, make, same_plan)
}

/// `hitori verify FILE`.
pub fn verify(args: &VerifyCommand, json: bool, read: Input<'_>) -> Result<(u8, String), Failure> {
    engine::cli::verify::<PackEntry>(&args.file, &args.run, json, read)
}

/// The pack's options from the flags, checked: a size `generate` accepts, a mix that
/// parses and adds up to `--count`, grades the size can have.
fn options(args: &PackCommand) -> Result<PackOptions, Failure> {
    let fail = |m: String| Failure(2, m);
    let size = parse_size(&args.size)?;
    let mut options = PackOptions::new(size).with_difficulties(args.difficulty.iter().map(|&d| Difficulty::from(d)));
    if let Some(text) = &args.mix {
        let mix = parse_mix(text).map_err(fail)?;
        let sum: u64 = mix.values().fold(0, |a, &b| a.saturating_add(b));
        match args.pack.count {
            _ if !args.pack.merge.is_empty() => {}
            Some(count) if count == sum => {}
            Some(count) => return Err(fail(format!("--count {count}: the mix {text} adds up to {sum}"))),
            None => return Err(fail(format!("--mix {text} needs --count {sum} (the sum of the mix)"))),
        }
        options = options.with_mix(mix);
    }
    options.check().map_err(|e| fail(format!("{options}: {e}")))?;
    Ok(options)
}

/// `easy=400,medium=400,…`: entries per grade, each grade once.
fn parse_mix(text: &str) -> Result<BTreeMap<Difficulty, u64>, String> {
    let bad = |why: &str| format!("--mix {text}: {why}");
    let mut mix = BTreeMap::new();
    for part in text.split(',') {
        let (grade, n) = part.split_once('=').ok_or_else(|| bad("expected GRADE=N,… (e.g. easy=400,hard=100)"))?;
        let grade: Difficulty = grade.trim().parse().map_err(|e| bad(&format!("{:?}: {e}", grade.trim())))?;
        let n: u64 = n.trim().parse().map_err(|_| bad(&format!("{:?} is not a whole number", n.trim())))?;
        if mix.insert(grade, n).is_some() {
            return Err(bad(&format!("{grade} is given twice")));
        }
    }
    Ok(mix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixes_parse_or_say_why_not() {
        assert_eq!(parse_mix("hard=2, easy=1").unwrap(), [(Difficulty::Easy, 1), (Difficulty::Hard, 2)].into());
        assert_eq!(parse_mix("easy").unwrap_err(), "--mix easy: expected GRADE=N,… (e.g. easy=400,hard=100)");
        assert_eq!(
            parse_mix("tricky=3").unwrap_err(),
            "--mix tricky=3: \"tricky\": expected easy, medium, hard or search"
        );
        assert_eq!(parse_mix("easy=-1").unwrap_err(), "--mix easy=-1: \"-1\" is not a whole number");
        assert_eq!(parse_mix("easy=1,easy=2").unwrap_err(), "--mix easy=1,easy=2: easy is given twice");
    }
}
