//! Pack files: JSON Lines read back to resume, merged, verified.

use std::collections::{BTreeMap, HashMap, HashSet};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::entry::{Entry, Fault, PackError};
use super::run::Start;
use crate::Budget;

/// The `game` and `seed` of a line, read before the whole entry.
#[derive(Deserialize)]
struct Head {
    game: String,
    seed: u64,
}

/// Reads one line of a pack file as an entry of `E`'s game.
///
/// # Errors
/// [`PackError::OtherGame`] when the line is another game's entry, [`PackError::Line`]
/// when it is not an entry.
pub fn parse_line<E: Entry>(source: &str, line: usize, text: &str) -> Result<E, PackError> {
    let at = |message: String| PackError::Line { source: source.to_string(), line, message };
    let head: Head = serde_json::from_str(text).map_err(|e| at(format!("not a pack entry: {e}")))?;
    if head.game != E::GAME {
        return Err(PackError::OtherGame { source: source.to_string(), line, game: head.game, expected: E::GAME });
    }
    let entry: E = serde_json::from_str(text).map_err(|e| at(format!("not a {} entry: {e}", E::GAME)))?;
    debug_assert_eq!(entry.seed(), head.seed);
    Ok(entry)
}

/// One entry as a line of a pack file, with its newline.
///
/// # Errors
/// The entry cannot be written as JSON (never for plain data).
pub fn to_line<E: Entry>(entry: &E) -> Result<String, PackError> {
    let mut line = serde_json::to_string(entry).map_err(|e| PackError::Io(e.to_string()))?;
    line.push('\n');
    Ok(line)
}

/// The complete lines of `text` with their numbers (from 1), and whether a torn last line
/// (one without its newline) follows them.
fn complete_lines(text: &str) -> (Vec<(usize, &str)>, bool) {
    let torn = !text.is_empty() && !text.ends_with('\n');
    let mut lines: Vec<(usize, &str)> = text.split('\n').enumerate().map(|(i, l)| (i + 1, l)).collect();
    lines.pop(); // after the last newline: empty, or the torn line
    (lines, torn)
}

/// What an interrupted pack file holds: where a resumed run starts, and how many bytes
/// of the file are complete lines (the rest, a torn last line, is dropped).
#[derive(Clone, Debug)]
pub struct Existing<K> {
    /// The keys, counts and last seed of the entries kept.
    pub start: Start<K>,
    /// The length in bytes of the complete lines kept.
    pub kept: usize,
}

/// Reads the pack file `text` (named `source`) left by an interrupted run: every complete
/// line must be an entry of `E`'s game for which `same_plan` holds, in increasing seed
/// order; a torn last line is dropped.
///
/// ```
/// # use engine::pack::{Entry, Fault};
/// # #[derive(serde::Serialize, serde::Deserialize)]
/// # struct Toy { game: String, seed: u64 }
/// # impl Entry for Toy {
/// #     type Key = u64;
/// #     const GAME: &'static str = "toy";
/// #     fn seed(&self) -> u64 { self.seed }
/// #     fn key(&self) -> Result<u64, String> { Ok(self.seed) }
/// #     fn label(&self) -> String { String::new() }
/// #     fn verify(&self, _: &engine::Budget) -> Result<(), Fault> { Ok(()) }
/// # }
/// let text = "{\"game\":\"toy\",\"seed\":3}\n{\"game\":\"toy\",\"se";
/// let existing = engine::pack::read_existing::<Toy>("p.jsonl", text, |_| Ok(())).unwrap();
/// assert_eq!((existing.kept, existing.start.after), (24, Some(3)));
/// ```
///
/// # Errors
/// A complete line that is not such an entry, naming its line.
pub fn read_existing<E: Entry>(
    source: &str,
    text: &str,
    same_plan: impl Fn(&E) -> Result<(), String>,
) -> Result<Existing<E::Key>, PackError> {
    let (lines, _) = complete_lines(text);
    let mut start = Start::default();
    let mut kept = 0;
    for (line, t) in lines {
        let at = |message: String| PackError::Line { source: source.to_string(), line, message };
        let entry = parse_line::<E>(source, line, t)?;
        same_plan(&entry).map_err(|m| at(format!("made by another plan: {m}")))?;
        if start.after.is_some_and(|a| entry.seed() <= a) {
            return Err(at(format!("seed {} is not after the seed of the line before", entry.seed())));
        }
        start.keys.insert(entry.key().map_err(at)?);
        *start.counts.entry(entry.label()).or_default() += 1;
        start.after = Some(entry.seed());
        kept += t.len() + 1;
    }
    Ok(Existing { start, kept })
}

/// What [`merge`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Merged {
    /// The merged pack, in seed order.
    pub text: String,
    /// Entries in it.
    pub entries: u64,
    /// Entries dropped as a repeat of an earlier seed's puzzle.
    pub duplicates: u64,
    /// Entries of the merged pack per label.
    pub counts: BTreeMap<String, u64>,
}

/// Merges pack files (`(name, text)`, e.g. the shards of one range) into one pack in seed
/// order, keeping of two entries with the same canonical key the one of the smaller seed.
/// Merging the shards `0/N` to `N-1/N` of a range gives the same bytes as one run over the
/// whole range.
///
/// # Errors
/// A line that is not an entry of `E`'s game, or a torn last line (an unfinished shard:
/// resume it first).
pub fn merge<E: Entry>(files: &[(String, String)]) -> Result<Merged, PackError> {
    let mut all = Vec::new();
    for (source, text) in files {
        let (lines, torn) = complete_lines(text);
        if torn {
            return Err(PackError::Line {
                source: source.clone(),
                line: lines.len() + 1,
                message: "torn last line: the shard was interrupted (resume it with --resume first)".into(),
            });
        }
        let parsed: Result<Vec<_>, PackError> = lines
            .into_par_iter()
            .map(|(line, t)| {
                let entry = parse_line::<E>(source, line, t)?;
                let key = entry.key().map_err(|message| PackError::Line { source: source.clone(), line, message })?;
                Ok((entry.seed(), key, entry.label(), t))
            })
            .collect();
        all.extend(parsed?);
    }
    all.sort_by_key(|&(seed, ..)| seed); // stable: equal seeds keep file order
    let mut seen = HashSet::new();
    let mut merged = Merged::default();
    for (_, key, label, line) in all {
        if seen.insert(key) {
            merged.text.push_str(line);
            merged.text.push('\n');
            merged.entries += 1;
            *merged.counts.entry(label).or_default() += 1;
        } else {
            merged.duplicates += 1;
        }
    }
    Ok(merged)
}

/// What [`verify`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checked {
    /// Lines read.
    pub entries: usize,
    /// Entries that do not hold: line number (from 1) and reason.
    pub wrong: Vec<(usize, String)>,
    /// Entries whose claim the budget did not re-prove: line number and reason.
    pub unknown: Vec<(usize, String)>,
    /// Entries per label.
    pub counts: BTreeMap<String, u64>,
}

/// One line of [`verify`]: its seed, key, label and verdict, or why it is no entry.
type Checking<K> = Result<(u64, K, String, Result<(), Fault>), PackError>;

/// Re-checks every line of the pack file `text` (named `source`) on `threads` threads
/// (`None`: one per core): each must be an entry of `E`'s game that holds
/// ([`Entry::verify`] under `budget`), in increasing seed order, and no two may share a
/// canonical key.
///
/// # Errors
/// The file is not a pack of this game: a line is another game's entry, or no line is an
/// entry at all.
pub fn verify<E: Entry>(
    source: &str,
    text: &str,
    budget: &Budget,
    threads: Option<usize>,
) -> Result<Checked, PackError> {
    let mut lines: Vec<(usize, &str)> = text.split('\n').enumerate().map(|(i, l)| (i + 1, l)).collect();
    if lines.last().is_some_and(|(_, l)| l.is_empty()) {
        lines.pop();
    }
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| PackError::Io(format!("cannot start {threads} threads: {e}")))?;
    let checked: Vec<Checking<E::Key>> = pool.install(|| {
        lines
            .par_iter()
            .map(|&(line, t)| {
                let entry = parse_line::<E>(source, line, t)?;
                let key = entry.key().map_err(|message| PackError::Line { source: source.into(), line, message })?;
                Ok((entry.seed(), key, entry.label(), entry.verify(budget)))
            })
            .collect()
    });
    let mut found = Checked { entries: lines.len(), ..Checked::default() };
    let mut any_entry = false;
    let mut last_seed: Option<(u64, usize)> = None;
    let mut seen: HashMap<E::Key, usize> = HashMap::new();
    for (&(line, _), result) in lines.iter().zip(checked) {
        match result {
            Err(e @ PackError::OtherGame { .. }) => return Err(e),
            Err(PackError::Line { message, .. }) => found.wrong.push((line, message)),
            Err(e) => found.wrong.push((line, e.to_string())),
            Ok((seed, key, label, verdict)) => {
                any_entry = true;
                *found.counts.entry(label).or_default() += 1;
                if let Some((before, at)) = last_seed.filter(|&(s, _)| seed <= s) {
                    found.wrong.push((line, format!("seed {seed} is not after seed {before} of line {at}")));
                } else if let Some(&first) = seen.get(&key) {
                    found.wrong.push((line, format!("the same puzzle as line {first}, up to symmetry")));
                } else {
                    match verdict {
                        Ok(()) => {}
                        Err(Fault::Wrong(m)) => found.wrong.push((line, m)),
                        Err(Fault::Unknown(m)) => found.unknown.push((line, m)),
                    }
                }
                last_seed = Some((seed, line));
                seen.entry(key).or_insert(line);
            }
        }
    }
    if !any_entry && !lines.is_empty() {
        return Err(PackError::NotAPack { source: source.to_string() });
    }
    Ok(found)
}
