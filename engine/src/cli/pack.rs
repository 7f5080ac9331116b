//! The `pack` and `verify` commands of the game binaries, written once: the clap
//! arguments ([`PackArgs`], [`RunArgs`]), the output file with `--resume`, `--merge`, the
//! progress bar on a terminal and the summary on standard error. A game passes only its
//! `make` for one seed and the check that a resumed file was made by the same plan.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::time::Instant;

use serde::Serialize;

use super::args::RunArgs;
use super::contract::{Failure, USAGE, json_line};
use super::input::Input;
use crate::pack::{self, Checked, Entry, Made, Plan, SeedRange, Seeds, Shard, Tally};
use crate::{Budget, StopReason};

/// The most entries `--count` asks for.
pub const MAX_COUNT: u64 = 100_000_000;

/// The arguments of `<game> pack`, shared by the four games (their generator options and
/// filters come beside them).
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     pack: engine::cli::PackArgs,
/// }
/// let cli = Cli::try_parse_from(["x", "--seeds", "0..100", "--shard", "1/4", "--out", "p.jsonl"]).unwrap();
/// assert_eq!(cli.pack.plan(Default::default()).unwrap().seed_count(), Some(25));
/// assert!(Cli::try_parse_from(["x", "--seeds", "0..9", "--count", "3"]).is_err());
/// assert!(Cli::try_parse_from(["x", "--count", "3", "--shard", "0/2"]).is_err());
/// assert!(Cli::try_parse_from(["x", "--resume"]).is_err());
/// assert!(Cli::try_parse_from(["x"]).is_err());
/// ```
#[derive(clap::Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct PackArgs {
    /// Try every seed from A to B-1 (a seed whose puzzle fails a filter or repeats an
    /// earlier one gives no entry).
    #[arg(long, value_name = "A..B", conflicts_with = "count", required_unless_present_any = ["count", "merge"])]
    pub seeds: Option<SeedRange>,
    /// Try seeds from --seed-start on until the pack holds N entries.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=MAX_COUNT))]
    pub count: Option<u64>,
    /// The first seed of --count (default 0).
    #[arg(long, value_name = "S", requires = "count")]
    pub seed_start: Option<u64>,
    /// Only the seeds of the range that are I modulo N (with --seeds): shards never overlap.
    #[arg(long, value_name = "I/N", requires = "seeds", conflicts_with = "count")]
    pub shard: Option<Shard>,
    /// Write the pack to FILE (default: standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Go on with the pack in --out: keep its complete lines, drop a torn last line, and
    /// start from the first seed not done.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Merge these pack files (shards) in seed order, dropping later repeats.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["seeds", "count", "shard", "resume"])]
    pub merge: Vec<String>,
    /// `json`: one JSON entry a line (the pack file); `code`: only each entry's puzzle code,
    /// one a line (a level list; it cannot be resumed, merged or verified).
    #[arg(long, value_enum, default_value = "json", conflicts_with = "resume")]
    pub format: Format,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub run: RunArgs,
}

/// What `pack` writes for each entry.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One JSON entry a line.
    #[default]
    Json,
    /// The entry's puzzle code alone.
    Code,
}

/// The line `pack` writes for `entry` in `format`.
fn entry_line<E: Entry>(entry: &E, format: Format) -> std::io::Result<String> {
    match format {
        Format::Json => pack::to_line(entry).map_err(|e| std::io::Error::other(e.to_string())),
        Format::Code => match entry.code() {
            Some(code) => Ok(format!("{code}\n")),
            None => Err(std::io::Error::other(format!("{} entries carry no code", E::GAME))),
        },
    }
}

impl PackArgs {
    /// The plan these arguments ask for, with the game's `quotas` (`None` for `--merge`).
    ///
    /// ```
    /// let args = engine::cli::PackArgs { count: Some(5), seed_start: Some(9), ..Default::default() };
    /// let plan = args.plan(Default::default()).unwrap();
    /// assert_eq!((plan.wanted(), plan.seed_at(0, None)), (Some(5), Some(9)));
    /// ```
    #[must_use]
    pub fn plan(&self, quotas: BTreeMap<String, u64>) -> Option<Plan> {
        let seeds = match (self.seeds, self.count) {
            (Some(range), _) => Seeds::Range(range),
            (None, Some(count)) => Seeds::Count { count, start: self.seed_start.unwrap_or(0) },
            (None, None) => return None,
        };
        let mut plan = Plan::new(seeds);
        plan.shard = self.shard;
        plan.quotas = quotas;
        plan.threads = self.run.threads();
        Some(plan)
    }
}

/// `<game> pack`: makes the pack the arguments ask for with `make` (or merges the
/// `--merge` files), writes it to `--out` or standard output as it goes, and prints the
/// summary on standard error (one JSON document with `json`). `label` names what the
/// summary counts entries by (`grade`, `par`, `length`); `quotas` caps entries per label
/// (a mix); `same_plan` refuses a resumed file made with other options. Exit 0 when the
/// plan is done, 3 when `--timeout` stopped it (resume it later).
///
/// # Errors
/// Exit 2 with one line: a file that cannot be read or written, a resumed file that is
/// not this plan's pack, a plan the game cannot make.
pub fn pack<E: Entry>(
    program: &str,
    args: &PackArgs,
    json: bool,
    label: &str,
    quotas: BTreeMap<String, u64>,
    make: impl Fn(u64, &Budget) -> Made<E> + Sync,
    same_plan: impl Fn(&E) -> Result<(), String>,
) -> Result<(u8, String), Failure> {
    let fail = |m: String| Failure(USAGE, m);
    if !args.merge.is_empty() {
        return merge::<E>(program, args, json, label);
    }
    let plan = args.plan(quotas).ok_or_else(|| fail("pack needs --seeds A..B or --count N".into()))?;
    let mut start = pack::Start::default();
    let mut sink: Box<dyn Write> = match &args.out {
        None => Box::new(std::io::stdout()),
        Some(path) => {
            let mut kept = 0;
            if args.resume && std::path::Path::new(path).exists() {
                let (name, text) = crate::read_input(path).map_err(|e| fail(e.to_string()))?;
                let existing = pack::read_existing::<E>(&name, &text, same_plan).map_err(|e| fail(e.to_string()))?;
                kept = existing.kept as u64;
                start = existing.start;
            }
            let file = OpenOptions::new()
                .create(true)
                .write(true)
                .truncate(!args.resume)
                .open(path)
                .map_err(|e| fail(format!("{path}: cannot write: {e}")))?;
            file.set_len(kept).map_err(|e| fail(format!("{path}: cannot cut the torn line: {e}")))?;
            let mut file = file;
            std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0)).map_err(|e| fail(format!("{path}: {e}")))?;
            Box::new(file)
        }
    };
    let bar = progress_bar(&plan, start.entries());
    let shown = bar.clone();
    let emit = |e: &E| {
        let line = entry_line(e, args.format)?;
        // One write per line: an interrupted pack leaves whole lines and at most one torn one.
        sink.write_all(line.as_bytes())?;
        sink.flush()
    };
    let result = pack::run(&plan, start, &args.run.budget(), make, emit, |t| {
        if let Some(bar) = &shown {
            bar.set_position(if plan.wanted().is_some() { t.entries } else { t.tried });
            bar.set_message(format!("{} entries", t.entries));
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let tally = result.map_err(|e| fail(e.to_string()))?;
    eprintln!("{}", summary(program, label, &tally, json));
    Ok((if tally.stopped.is_some() { 3 } else { 0 }, String::new()))
}

/// A progress bar with rate and ETA on a terminal (nothing on a pipe).
fn progress_bar(plan: &Plan, have: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let (len, unit, at) = match plan.wanted() {
        Some(w) if plan.quotas.is_empty() => (w, "entries", have),
        Some(_) => (plan.quotas.values().sum(), "entries", have),
        None => (plan.seed_count().unwrap_or(0), "seeds", 0),
    };
    let bar = indicatif::ProgressBar::new(len);
    let template = format!("{{bar:30}} {{pos}}/{{len}} {unit}  {{per_sec}}  ETA {{eta}}  {{msg}}");
    bar.set_style(
        indicatif::ProgressStyle::with_template(&template).unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_position(at);
    Some(bar)
}

/// `pack --json`'s summary on standard error.
#[derive(Serialize)]
struct SummaryJson<'a> {
    game: &'a str,
    entries: u64,
    added: u64,
    seeds_tried: u64,
    duplicates: u64,
    skipped: &'a BTreeMap<String, u64>,
    counts: BTreeMap<&'a str, &'a BTreeMap<String, u64>>,
    next_seed: Option<u64>,
    stopped: Option<StopReason>,
    seconds: f64,
    per_second: f64,
}

/// The labels of `counts` in their natural order (numbers by value), as `label n, …`.
fn counts_text(counts: &BTreeMap<String, u64>) -> String {
    let mut pairs: Vec<(&String, &u64)> = counts.iter().collect();
    pairs.sort_by_key(|(l, _)| (l.parse::<u64>().unwrap_or(u64::MAX), *l));
    pairs.iter().map(|(l, n)| format!("{l} {n}")).collect::<Vec<_>>().join(", ")
}

/// The summary of a pack run: one line of text, or one JSON document.
fn summary(program: &str, label: &str, t: &Tally, json: bool) -> String {
    let seconds = t.elapsed.as_secs_f64();
    let per_second = if seconds > 0.0 { t.added as f64 / seconds } else { 0.0 };
    if json {
        let doc = SummaryJson {
            game: program,
            entries: t.entries,
            added: t.added,
            seeds_tried: t.tried,
            duplicates: t.duplicates,
            skipped: &t.skipped,
            counts: BTreeMap::from([(label, &t.counts)]),
            next_seed: t.next_seed,
            stopped: t.stopped,
            seconds,
            per_second,
        };
        return json_line(&doc).trim_end().to_string();
    }
    let mut text = format!(
        "{program} pack: {} entries ({} new) from {} seeds tried, {} repeats dropped",
        t.entries, t.added, t.tried, t.duplicates
    );
    if !t.skipped.is_empty() {
        let _ = write!(text, ", skipped: {}", counts_text(&t.skipped));
    }
    if !t.counts.is_empty() {
        let _ = write!(text, "; {label}: {}", counts_text(&t.counts));
    }
    let _ = write!(text, "; {seconds:.2} s, {per_second:.1} a second");
    if let (Some(reason), Some(next)) = (t.stopped, t.next_seed) {
        let _ = write!(text, "; stopped ({reason}) before seed {next}: go on with --resume");
    }
    text
}

/// `pack --merge FILE…`.
fn merge<E: Entry>(program: &str, args: &PackArgs, json: bool, label: &str) -> Result<(u8, String), Failure> {
    let began = Instant::now();
    let files = args
        .merge
        .iter()
        .map(|f| crate::read_input(f).map_err(|e| Failure(USAGE, e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let mut merged = pack::merge::<E>(&files).map_err(|e| Failure(USAGE, e.to_string()))?;
    if args.format == Format::Code {
        let mut codes = String::new();
        for (i, line) in merged.text.lines().enumerate() {
            let entry = pack::parse_line::<E>("merged pack", i + 1, line).map_err(|e| Failure(USAGE, e.to_string()))?;
            codes += &entry_line(&entry, Format::Code).map_err(|e| Failure(USAGE, e.to_string()))?;
        }
        merged.text = codes;
    }
    let tally = Tally {
        entries: merged.entries,
        duplicates: merged.duplicates,
        counts: merged.counts,
        elapsed: began.elapsed(),
        ..Tally::default()
    };
    let stdout = match &args.out {
        Some(path) => {
            std::fs::write(path, &merged.text).map_err(|e| Failure(USAGE, format!("{path}: cannot write: {e}")))?;
            String::new()
        }
        None => merged.text,
    };
    eprintln!("{}", summary(program, label, &tally, json));
    Ok((0, stdout))
}

/// `verify --json`'s document.
#[derive(Serialize)]
struct VerifyJson<'a> {
    entries: usize,
    hold: usize,
    wrong: Vec<LineJson<'a>>,
    unknown: Vec<LineJson<'a>>,
    counts: &'a BTreeMap<String, u64>,
}

/// A line of a pack and what is wrong with it.
#[derive(Serialize)]
struct LineJson<'a> {
    line: usize,
    reason: &'a str,
}

/// `<game> verify FILE`: re-checks every entry of the pack in `file` on `--threads`
/// threads under `--timeout`, names each bad line on standard error as `FILE:LINE:
/// reason`, and prints `N entries: H hold, W wrong, U unknown` (or a JSON document) on
/// standard output. Exit 0 when every entry holds, 1 when some entry is wrong, 3 when
/// none is wrong but the budget did not re-prove some.
///
/// # Errors
/// Exit 2 with one line: the file cannot be read, or it is not a pack of `E`'s game.
pub fn verify<E: Entry>(file: &str, run: &RunArgs, json: bool, input: Input<'_>) -> Result<(u8, String), Failure> {
    let (name, text) = input.read(file).map_err(|e| Failure(USAGE, e.to_string()))?;
    let Checked { entries, wrong, unknown, counts } =
        pack::verify::<E>(&name, &text, &run.budget(), run.threads()).map_err(|e| Failure(USAGE, e.to_string()))?;
    let mut stderr = std::io::stderr().lock();
    for (line, reason) in wrong.iter().chain(&unknown) {
        let _ = writeln!(stderr, "{name}:{line}: {reason}");
    }
    let code = if !wrong.is_empty() {
        1
    } else if unknown.is_empty() {
        0
    } else {
        3
    };
    let hold = entries - wrong.len() - unknown.len();
    let out = if json {
        json_line(&VerifyJson {
            entries,
            hold,
            wrong: lines_json(&wrong),
            unknown: lines_json(&unknown),
            counts: &counts,
        })
    } else {
        format!("{entries} entries: {hold} hold, {} wrong, {} unknown\n", wrong.len(), unknown.len())
    };
    Ok((code, out))
}

fn lines_json(lines: &[(usize, String)]) -> Vec<LineJson<'_>> {
    lines.iter().map(|(line, reason)| LineJson { line: *line, reason }).collect()
}
