//! `cargo xtask bench`: runs the criterion benchmarks crate by crate and summarises this run's
//! medians as a Markdown table grouped by crate (printed, and written to
//! `target/bench-summary.md`).
//!
//! One `cargo bench --no-run` builds every bench target (as one `cargo bench` would); then each
//! crate's bench executables run, as `cargo bench` runs them, with `CRITERION_HOME` set to
//! `target/criterion/CRATE`, so criterion leaves one `new/benchmark.json` +
//! `new/estimates.json` pair per benchmark under that crate's directory: the summary lists the
//! pairs written by this run, with the crate they come from, and compares every benchmark
//! with the `reference` function of the same crate, group and parameter, if there is one.
//!
//! `--quick` passes criterion's own `--quick` (sample until the estimate is stable, or for one
//! second) and sets [`QUICK_ENV`] for the benchmarks, which then trim their slowest cases.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

use serde_json::Value;

/// Usage text of `cargo xtask bench`, printed for `--help` / `-h`.
pub const HELP: &str = "\
Usage: cargo xtask bench [--quick] [-p CRATE]... [--save NAME | --baseline NAME]

Builds the bench targets (`cargo bench --bench '*' --no-run`, so only bench targets), runs
them crate by crate and prints a Markdown table of this run's medians, grouped by crate,
comparing each benchmark with the `reference` of its group. The table is also written to
target/bench-summary.md, with the time of the build and of each crate's run. Criterion keeps
each crate's results and baselines under target/criterion/CRATE.

Options:
      --quick            A rough picture of the whole workspace in a few minutes (about 3 on
                         two cores, once built): criterion's `--quick` sampling (each
                         benchmark runs until its estimate is stable, or for about 1 s, or
                         once if one iteration takes longer), and PUZZLE_BENCH_QUICK=1, with
                         which a bench keeps one or two of its slowest cases (kami's solve
                         group: the seed's best-first reference on one level, no designed
                         par-10 level). Without it every case runs, with criterion's full
                         sampling, which takes far longer.
  -p, --package CRATE    Benchmark only CRATE (repeatable; default: every workspace crate
                         with bench targets)
      --save NAME        Save the results as criterion baseline NAME
      --baseline NAME    Compare against the saved criterion baseline NAME
  -h, --help             Print this help
";

/// The environment variable `--quick` sets (to `1`) for the benchmarks (see [`engine::bench`]).
pub use engine::bench::QUICK_ENV;

/// The function id that other benchmarks in a group are compared against.
const REFERENCE: &str = "reference";

/// Runs `cargo xtask bench [--quick] [-p CRATE]... [--save NAME | --baseline NAME]`.
/// `root` is the workspace root; `args` are the arguments after `bench`.
///
/// # Errors
///
/// A one-line message if the arguments are invalid, `cargo bench` cannot be started or fails,
/// a benchmark fails, or the summary cannot be written. Finding no results is not an error.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let Some(options) = parse_args(args)? else {
        print!("{HELP}");
        return Ok(());
    };
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());

    // One build of every bench target, as one `cargo bench` would do it (so features are
    // unified over the crates asked for, and a second run builds nothing).
    let build = build_args(&options);
    eprintln!("running: cargo {}", build.iter().map(|a| shell_quote(a)).collect::<Vec<_>>().join(" "));
    let clock = Instant::now();
    let output = Command::new(&cargo)
        .args(&build)
        .current_dir(root)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run `{}`: {e}", cargo.to_string_lossy()))?;
    if !output.status.success() {
        return Err(format!("`cargo bench --no-run` failed ({})", output.status));
    }
    let mut timings = vec![("build".to_owned(), clock.elapsed())];
    let executables = bench_executables(&String::from_utf8_lossy(&output.stdout));

    let target = target_dir(root);
    let criterion = criterion_dir(root, &target);
    let run_args = run_args(&options);
    let mut records = Vec::new();
    let mut packages: Vec<&str> = executables.iter().map(|e| e.package.as_str()).collect();
    packages.sort_unstable();
    packages.dedup();
    for package in packages {
        let home = criterion.join(package);
        let (started, clock) = (SystemTime::now(), Instant::now());
        for bench in executables.iter().filter(|e| e.package == package) {
            let quick = if options.quick { format!("{QUICK_ENV}=1 ") } else { String::new() };
            eprintln!(
                "running ({package}): {quick}{} {}",
                bench.executable.display(),
                run_args.iter().map(|a| shell_quote(a)).collect::<Vec<_>>().join(" ")
            );
            // As `cargo bench` runs it: in its package's directory.
            let mut command = Command::new(&bench.executable);
            command.args(&run_args).current_dir(&bench.dir).env("CRITERION_HOME", &home);
            if options.quick {
                command.env(QUICK_ENV, "1");
            } else {
                command.env_remove(QUICK_ENV);
            }
            let status = command.status().map_err(|e| format!("cannot run `{}`: {e}", bench.executable.display()))?;
            if !status.success() {
                return Err(format!("benchmark `{}` of `{package}` failed ({status})", bench.executable.display()));
            }
        }
        timings.push((package.to_owned(), clock.elapsed()));
        records.extend(scan(&home, started).into_iter().map(|r| Record { krate: package.to_owned(), ..r }));
    }

    let body = if records.is_empty() {
        format!("No benchmark results from this run were found in `{}`.\n", criterion.display())
    } else {
        build_table(records)
    };
    println!();
    print!("{body}");

    let path = target.join("bench-summary.md");
    let summary = format!("# Benchmark summary\n\n{}\n\n{}\n\n{body}", describe(&options), describe_timings(&timings));
    fs::create_dir_all(&target)
        .and_then(|()| fs::write(&path, summary))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    eprintln!("{}", describe_timings(&timings));
    eprintln!("summary written to {}", path.display());
    Ok(())
}

/// A bench executable built by `cargo bench --no-run`, with its crate's name and directory.
#[derive(Debug, PartialEq, Eq)]
struct BenchExecutable {
    /// The crate's name.
    package: String,
    /// The crate's directory, where `cargo bench` runs the executable.
    dir: PathBuf,
    /// The executable.
    executable: PathBuf,
}

/// The bench executables in cargo's JSON messages (`--message-format=json`, one message per
/// line), in the order they were reported.
fn bench_executables(messages: &str) -> Vec<BenchExecutable> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|m| m.get("reason").and_then(Value::as_str) == Some("compiler-artifact"))
        .filter(|m| {
            m.pointer("/target/kind")
                .and_then(Value::as_array)
                .is_some_and(|kinds| kinds.iter().any(|k| k.as_str() == Some("bench")))
        })
        .filter_map(|m| {
            let text = |key: &str| m.get(key).and_then(Value::as_str);
            Some(BenchExecutable {
                package: package_name(text("package_id")?)?,
                dir: Path::new(text("manifest_path")?).parent()?.to_path_buf(),
                executable: PathBuf::from(text("executable")?),
            })
        })
        .collect()
}

/// The crate name in a cargo package id: `path+file:///dir/kami#0.1.0` (the name is the
/// directory's), `path+file:///dir#kami@0.1.0`, or the older `kami 0.1.0 (path+file:///dir)`.
fn package_name(id: &str) -> Option<String> {
    if let Some((url, fragment)) = id.split_once('#') {
        let name = match fragment.split_once('@') {
            Some((name, _)) => name,
            None => url.trim_end_matches('/').rsplit('/').next()?,
        };
        (!name.is_empty()).then(|| name.to_owned())
    } else {
        id.split_whitespace().next().map(str::to_owned)
    }
}

/// The line saying how long the build and each crate's benchmarks took, and all of them.
fn describe_timings(timings: &[(String, Duration)]) -> String {
    let total: Duration = timings.iter().map(|(_, t)| *t).sum();
    let each = timings.iter().map(|(p, t)| format!("`{p}` {:.0} s", t.as_secs_f64())).collect::<Vec<_>>().join(", ");
    format!("Time: {:.0} s in all; {each}.", total.as_secs_f64())
}

/// What `cargo xtask bench` was asked to do.
#[derive(Debug, Default, PartialEq, Eq)]
struct Options {
    /// Shorten warm-up and measurement for rough but fast numbers.
    quick: bool,
    /// Crates to benchmark; empty means the whole workspace.
    packages: Vec<String>,
    /// How the run relates to criterion's saved baselines.
    baseline: Baseline,
}

/// How a run relates to criterion's saved baselines.
#[derive(Debug, Default, PartialEq, Eq)]
enum Baseline {
    /// Neither `--save` nor `--baseline`: criterion compares with its previous run.
    #[default]
    Default,
    /// `--save NAME`: save the results as baseline `NAME`.
    Save(String),
    /// `--baseline NAME`: compare against the saved baseline `NAME`.
    Compare(String),
}

/// Parses the arguments after `bench`; `Ok(None)` means help was asked for.
///
/// Long options also accept the `--option=value` form.
fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut options = Options::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (arg.as_str(), None),
        };
        // The option's value: inline after `=`, or the next argument (which must not be a flag).
        let mut value = |what: &str| {
            inline
                .or_else(|| args.next().map(String::as_str))
                .filter(|v| !v.is_empty() && !v.starts_with('-'))
                .map(str::to_owned)
                .ok_or_else(|| format!("`{flag}` needs a {what}"))
        };
        match flag {
            "-h" | "--help" if inline.is_none() => return Ok(None),
            "--quick" if inline.is_none() => options.quick = true,
            "-p" | "--package" => options.packages.push(value("crate name")?),
            "--save" | "--baseline" => {
                let name = value("baseline name")?;
                options.baseline = match (&options.baseline, flag) {
                    (Baseline::Default, "--save") => Baseline::Save(name),
                    (Baseline::Default, _) => Baseline::Compare(name),
                    (Baseline::Save(_), "--save") | (Baseline::Compare(_), "--baseline") => {
                        return Err(format!("`{flag}` was given more than once"));
                    }
                    _ => return Err("`--save` and `--baseline` are mutually exclusive".to_owned()),
                };
            }
            _ => return Err(format!("unknown argument `{arg}` (see `cargo xtask bench --help`)")),
        }
    }
    Ok(Some(options))
}

/// The arguments for `cargo` that build the bench targets `options` asks for, without
/// running them, reporting the executables as JSON on stdout.
///
/// `--bench '*'` selects only `[[bench]]` targets. (`--benches` would also build the
/// library's libtest harness in bench mode, which rejects criterion flags such as
/// `--noplot`.)
fn build_args(options: &Options) -> Vec<String> {
    let mut args = vec!["bench"];
    if options.packages.is_empty() {
        args.push("--workspace");
    }
    for package in &options.packages {
        args.extend(["-p", package]);
    }
    args.extend(["--bench", "*", "--no-run", "--message-format=json-render-diagnostics"]);
    args.into_iter().map(str::to_owned).collect()
}

/// The arguments for each bench executable, as `cargo bench -- ARGS` would pass them.
///
/// In quick mode criterion samples each benchmark until its estimate is stable or for about
/// a second (`--quick`, `--measurement-time 1`); a benchmark whose first iteration takes
/// longer runs once.
fn run_args(options: &Options) -> Vec<String> {
    let mut args = vec!["--bench", "--noplot"];
    match &options.baseline {
        Baseline::Default => {}
        Baseline::Save(name) => args.extend(["--save-baseline", name]),
        Baseline::Compare(name) => args.extend(["--baseline", name]),
    }
    if options.quick {
        args.extend(["--quick", "--measurement-time", "1"]);
    }
    args.into_iter().map(str::to_owned).collect()
}

/// Quotes `arg` for display if a shell would otherwise mangle it.
fn shell_quote(arg: &str) -> String {
    if !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:".contains(c)) {
        arg.to_owned()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

/// Cargo's target directory: `$CARGO_TARGET_DIR` (relative to `root`) if set, else `root/target`.
fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), |dir| root.join(dir))
}

/// Where criterion should keep its results: `$CRITERION_HOME` (relative to `root`) if set, else
/// `criterion` in the target directory.
///
/// `run` passes this directory's `CRATE` subdirectory to each crate's benchmarks as
/// `CRITERION_HOME`, so results land where they are looked for even if criterion's own
/// `cargo metadata` lookup fails (it would then fall back to the package's directory), and
/// two crates' groups of the same name never share a directory. It is made absolute because
/// bench binaries run in their package's directory.
fn criterion_dir(root: &Path, target: &Path) -> PathBuf {
    let dir = std::env::var_os("CRITERION_HOME").map_or_else(|| target.join("criterion"), |home| root.join(home));
    std::path::absolute(&dir).unwrap_or(dir)
}

/// The summary line saying how the benchmarks were run.
fn describe(options: &Options) -> String {
    let mode = if options.quick {
        "Quick run (`--quick`: criterion's quick sampling, the slowest cases trimmed)"
    } else {
        "Full run"
    };
    let scope = if options.packages.is_empty() {
        "the whole workspace".to_owned()
    } else {
        options.packages.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
    };
    let baseline = match &options.baseline {
        Baseline::Default => "no baseline options".to_owned(),
        Baseline::Save(name) => format!("saved as baseline `{name}` (`--save {name}`)"),
        Baseline::Compare(name) => format!("compared against baseline `{name}` (`--baseline {name}`)"),
    };
    format!("{mode} of {scope}; {baseline}.")
}

/// One benchmark's result, read from criterion's `new/benchmark.json` and `new/estimates.json`.
#[derive(Debug, Clone, PartialEq)]
struct Record {
    /// The crate whose benchmark this is (empty until `run` sets it).
    krate: String,
    /// The benchmark group.
    group_id: String,
    /// The function within the group, if any.
    function_id: Option<String>,
    /// The parameter value, if any.
    value_str: Option<String>,
    /// `group/function/value`, as criterion prints it.
    full_id: String,
    /// Median time per iteration, in nanoseconds.
    median_ns: f64,
}

/// Builds a [`Record`] from the contents of `benchmark.json` and `estimates.json`.
fn parse_record(benchmark: &str, estimates: &str) -> Result<Record, String> {
    let benchmark: Value = serde_json::from_str(benchmark).map_err(|e| format!("benchmark.json: {e}"))?;
    let estimates: Value = serde_json::from_str(estimates).map_err(|e| format!("estimates.json: {e}"))?;
    let text = |key: &str| benchmark.get(key).and_then(Value::as_str).map(str::to_owned);
    Ok(Record {
        krate: String::new(),
        group_id: text("group_id").ok_or("benchmark.json: no string `group_id`")?,
        function_id: text("function_id"),
        value_str: text("value_str"),
        full_id: text("full_id").ok_or("benchmark.json: no string `full_id`")?,
        median_ns: estimates
            .pointer("/median/point_estimate")
            .and_then(Value::as_f64)
            .filter(|m| m.is_finite() && *m >= 0.0)
            .ok_or("estimates.json: no finite `median.point_estimate`")?,
    })
}

/// Reads the record in criterion's `new` directory `dir`, or `None` if its `estimates.json`
/// was last modified before `since`.
fn read_new_dir(dir: &Path, since: SystemTime) -> Result<Option<Record>, String> {
    let read = |name: &str| fs::read_to_string(dir.join(name)).map_err(|e| format!("{name}: {e}"));
    let modified = fs::metadata(dir.join("estimates.json"))
        .and_then(|m| m.modified())
        .map_err(|e| format!("estimates.json: {e}"))?;
    if modified < since {
        return Ok(None);
    }
    parse_record(&read("benchmark.json")?, &read("estimates.json")?).map(Some)
}

/// Collects, in no particular order, the records of all benchmarks under `dir` whose
/// `new/estimates.json` was modified at or after `since`. Unreadable results are skipped
/// with a note on stderr; a missing `dir` yields no records.
fn scan(dir: &Path, since: SystemTime) -> Vec<Record> {
    let mut records = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == ErrorKind::NotFound => continue,
            Err(e) => {
                eprintln!("note: skipping {}: {e}", dir.display());
                continue;
            }
        };
        for entry in entries.flatten() {
            if !entry.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            let path = entry.path();
            if entry.file_name() == "new" && path.join("benchmark.json").is_file() {
                match read_new_dir(&path, since) {
                    Ok(Some(record)) => records.push(record),
                    Ok(None) => {}
                    Err(e) => eprintln!("note: skipping {}: {e}", path.display()),
                }
            } else {
                pending.push(path);
            }
        }
    }
    records
}

/// Orders parameter values: absent first, then numbers (numerically), then other text.
///
/// Putting all numbers before all text, rather than comparing a number with a non-number as
/// text, keeps this a total order, which sorting needs.
fn compare_values(a: Option<&str>, b: Option<&str>) -> Ordering {
    /// The value's class (absent, number, text) and numeric value.
    fn rank(value: Option<&str>) -> (u8, f64) {
        match value {
            None => (0, 0.0),
            Some(text) => text.parse().map_or((2, 0.0), |number| (1, number)),
        }
    }
    let ((class_a, number_a), (class_b, number_b)) = (rank(a), rank(b));
    class_a.cmp(&class_b).then(number_a.total_cmp(&number_b)).then_with(|| a.cmp(&b))
}

/// Table order: by crate, then group, then parameter value, then function with `reference`
/// last.
fn compare_records(a: &Record, b: &Record) -> Ordering {
    let function = |r: &Record| (r.function_id.as_deref() == Some(REFERENCE), r.function_id.clone());
    a.krate
        .cmp(&b.krate)
        .then_with(|| a.group_id.cmp(&b.group_id))
        .then_with(|| compare_values(a.value_str.as_deref(), b.value_str.as_deref()))
        .then_with(|| function(a).cmp(&function(b)))
        .then_with(|| a.full_id.cmp(&b.full_id))
}

/// Formats a duration in nanoseconds to 3 significant digits: `812 ns`, `3.41 µs`, `12.0 ms`, `1.52 s`.
fn format_median(ns: f64) -> String {
    const UNITS: [(&str, f64); 4] = [("ns", 1.0), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)];
    if !ns.is_finite() {
        return format!("{ns} ns");
    }
    // The first unit in which the value rounds to less than 1000, or seconds.
    let (unit, x) = UNITS
        .iter()
        .map(|&(unit, scale)| (unit, ns / scale))
        .find(|&(_, x)| x.abs() < 999.5)
        .unwrap_or(("s", ns / 1e9));
    let decimals = match x.abs() {
        x if x >= 99.95 => 0,
        x if x >= 9.995 => 1,
        x if x >= 0.9995 => 2,
        _ => 3,
    };
    format!("{x:.decimals$} {unit}")
}

/// The reference medians, keyed by (crate, group, value).
type References<'a> = HashMap<(&'a str, &'a str, Option<&'a str>), f64>;

/// The "vs reference" cell of `record`, given the reference medians of this run.
fn ratio(record: &Record, references: &References<'_>) -> String {
    if record.function_id.as_deref() == Some(REFERENCE) {
        return REFERENCE.to_owned();
    }
    match references.get(&(record.krate.as_str(), record.group_id.as_str(), record.value_str.as_deref())) {
        Some(&reference) if reference > 0.0 && record.median_ns > 0.0 => {
            let speedup = reference / record.median_ns;
            if speedup >= 1.0 {
                format!("{speedup:.2}× faster")
            } else {
                format!("{:.2}× slower", record.median_ns / reference)
            }
        }
        _ => "–".to_owned(),
    }
}

/// Builds the Markdown table `| crate | benchmark | median | vs reference |`, sorted by
/// [`compare_records`], so that each crate's rows come together.
fn build_table(mut records: Vec<Record>) -> String {
    records.sort_by(compare_records);
    let mut references = References::new();
    for record in records.iter().filter(|r| r.function_id.as_deref() == Some(REFERENCE)) {
        references
            .entry((record.krate.as_str(), record.group_id.as_str(), record.value_str.as_deref()))
            .or_insert(record.median_ns);
    }
    let rows = records.iter().map(|record| {
        format!(
            "| {} | {} | {} | {} |\n",
            record.krate.replace('|', r"\|"),
            record.full_id.replace('|', r"\|"),
            format_median(record.median_ns),
            ratio(record, &references)
        )
    });
    format!("| crate | benchmark | median | vs reference |\n|---|---|---:|---|\n{}", rows.collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Parses string literals as command-line arguments.
    fn parse(args: &[&str]) -> Result<Option<Options>, String> {
        parse_args(&args.iter().map(|&a| a.to_owned()).collect::<Vec<_>>())
    }

    /// A record with the median in nanoseconds; `full_id` is built as criterion does.
    fn record(group: &str, function: Option<&str>, value: Option<&str>, median_ns: f64) -> Record {
        let full_id = [Some(group), function, value].into_iter().flatten().collect::<Vec<_>>().join("/");
        Record {
            krate: String::new(),
            group_id: group.to_owned(),
            function_id: function.map(str::to_owned),
            value_str: value.map(str::to_owned),
            full_id,
            median_ns,
        }
    }

    #[test]
    fn parses_arguments() {
        assert_eq!(parse(&[]), Ok(Some(Options::default())));
        assert_eq!(
            parse(&["--quick", "-p", "engine", "--package", "kami", "--save", "main"]),
            Ok(Some(Options {
                quick: true,
                packages: vec!["engine".into(), "kami".into()],
                baseline: Baseline::Save("main".into()),
            }))
        );
        assert_eq!(
            parse(&["--package=hitori", "--baseline=main"]),
            Ok(Some(Options {
                packages: vec!["hitori".into()],
                baseline: Baseline::Compare("main".into()),
                ..Options::default()
            }))
        );
        assert_eq!(parse(&["--quick", "-h"]), Ok(None));
        assert_eq!(parse(&["--help"]), Ok(None));
    }

    #[test]
    fn rejects_bad_arguments() {
        let err = parse(&["--save", "a", "--baseline", "b"]).unwrap_err();
        assert!(err.contains("mutually exclusive"), "{err}");
        let err = parse(&["--baseline", "a", "--save", "b"]).unwrap_err();
        assert!(err.contains("mutually exclusive"), "{err}");
        let err = parse(&["--save", "a", "--save", "b"]).unwrap_err();
        assert!(err.contains("more than once"), "{err}");
        let err = parse(&["--frobnicate"]).unwrap_err();
        assert!(err.contains("unknown argument `--frobnicate`"), "{err}");
        assert!(!err.contains('\n'));
        assert!(parse(&["--quick=yes"]).is_err());
        assert!(parse(&["-p"]).unwrap_err().contains("needs a crate name"));
        assert!(parse(&["--save", "--quick"]).unwrap_err().contains("needs a baseline name"));
        assert!(parse(&["--save="]).is_err());
    }

    #[test]
    fn builds_cargo_arguments() {
        let build = "bench --workspace --bench * --no-run --message-format=json-render-diagnostics";
        assert_eq!(build_args(&Options::default()).join(" "), build);
        assert_eq!(run_args(&Options::default()), ["--bench", "--noplot"]);
        let options = Options {
            quick: true,
            packages: vec!["engine".into(), "kami".into()],
            baseline: Baseline::Compare("main".into()),
        };
        assert_eq!(
            build_args(&options).join(" "),
            "bench -p engine -p kami --bench * --no-run --message-format=json-render-diagnostics"
        );
        assert_eq!(run_args(&options).join(" "), "--bench --noplot --baseline main --quick --measurement-time 1");
        let options = Options { baseline: Baseline::Save("x".into()), ..Options::default() };
        assert_eq!(run_args(&options).join(" "), "--bench --noplot --save-baseline x");
        assert_eq!(shell_quote("*"), "'*'");
        assert_eq!(shell_quote("--noplot"), "--noplot");
    }

    #[test]
    fn describes_the_run() {
        assert_eq!(describe(&Options::default()), "Full run of the whole workspace; no baseline options.");
        let options =
            Options { quick: true, packages: vec!["a".into(), "b".into()], baseline: Baseline::Save("x".into()) };
        assert_eq!(
            describe(&options),
            "Quick run (`--quick`: criterion's quick sampling, the slowest cases trimmed) of `a`, `b`; \
             saved as baseline `x` (`--save x`)."
        );
        let timings = [("engine".to_owned(), Duration::from_millis(4_400)), ("kami".into(), Duration::from_secs(90))];
        assert_eq!(describe_timings(&timings), "Time: 94 s in all; `engine` 4 s, `kami` 90 s.");
    }

    #[test]
    fn lists_the_bench_executables() {
        let messages = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/engine#0.1.0","manifest_path":"/w/engine/Cargo.toml","target":{"kind":["lib"],"name":"engine"},"executable":null}
{"reason":"compiler-artifact","package_id":"path+file:///w/engine#0.1.0","manifest_path":"/w/engine/Cargo.toml","target":{"kind":["bench"],"name":"engine"},"executable":"/t/release/deps/engine-1"}
not json
{"reason":"build-finished","success":true}
{"reason":"compiler-artifact","package_id":"path+file:///w/games/kami2#kami@0.1.0","manifest_path":"/w/games/kami2/Cargo.toml","target":{"kind":["bench"],"name":"solve"},"executable":"/t/release/deps/solve-2","fresh":true}"#;
        let bench = |package: &str, dir: &str, executable: &str| BenchExecutable {
            package: package.to_owned(),
            dir: PathBuf::from(dir),
            executable: PathBuf::from(executable),
        };
        assert_eq!(
            bench_executables(messages),
            [
                bench("engine", "/w/engine", "/t/release/deps/engine-1"),
                bench("kami", "/w/games/kami2", "/t/release/deps/solve-2")
            ]
        );
        assert!(bench_executables("").is_empty());
    }

    #[test]
    fn reads_package_ids() {
        assert_eq!(package_name("path+file:///work/main/kami#0.1.0").as_deref(), Some("kami"));
        assert_eq!(package_name("path+file:///work/main/games/k#kami@0.1.0").as_deref(), Some("kami"));
        assert_eq!(package_name("kami 0.1.0 (path+file:///work/main/kami)").as_deref(), Some("kami"));
        assert_eq!(
            package_name("registry+https://github.com/rust-lang/crates.io-index#serde@1.0.0").as_deref(),
            Some("serde")
        );
        assert_eq!(package_name(""), None);
        assert_eq!(package_name("#0.1.0"), None);
    }

    #[test]
    fn formats_medians() {
        assert_eq!(format_median(812.0), "812 ns");
        assert_eq!(format_median(3_414.0), "3.41 µs");
        assert_eq!(format_median(12.04e6), "12.0 ms");
        assert_eq!(format_median(1.523e9), "1.52 s");
        assert_eq!(format_median(99.96), "100 ns");
        assert_eq!(format_median(999.6), "1.00 µs");
        assert_eq!(format_median(9.996e3), "10.0 µs");
        assert_eq!(format_median(0.4567), "0.457 ns");
        assert_eq!(format_median(5.0), "5.00 ns");
        assert_eq!(format_median(1234e9), "1234 s");
    }

    #[test]
    fn orders_values_numerically_then_as_text() {
        assert_eq!(compare_values(Some("2"), Some("10")), Ordering::Less);
        assert_eq!(compare_values(Some("b"), Some("a")), Ordering::Greater);
        assert_eq!(compare_values(None, Some("1")), Ordering::Less);
        assert_eq!(compare_values(Some("10"), Some("1x")), Ordering::Less);
        assert_eq!(compare_values(Some("1x"), Some("2")), Ordering::Greater);
    }

    #[test]
    fn builds_table_grouped_by_crate_with_ratios() {
        let of = |krate: &str, record: Record| Record { krate: krate.to_owned(), ..record };
        let records = vec![
            of("kami", record("cc", Some("slow"), Some("10"), 2_000.0)),
            of("kami", record("cc", Some("reference"), Some("10"), 1_000.0)),
            of("kami", record("cc", Some("fast"), Some("10"), 250.0)),
            of("kami", record("cc", Some("fast"), Some("2"), 100.0)),
            of("kami", record("cc", Some("reference"), Some("2"), 150.0)),
            of("kami", record("aa", Some("alone"), None, 3.41e6)),
            of("engine", record("bb", Some("fast"), None, 5.0e8)),
            of("engine", record("bb", Some("reference"), None, 1.0e9)),
            of("engine", record("dd", None, Some("7"), 1.0)),
            of("engine", record("dd", Some("reference"), Some("8"), 1.0)),
            // The same group and value in another crate: compared with its own crate only.
            of("kami", record("bb", Some("fast"), None, 2.0e9)),
        ];
        let expected = "\
| crate | benchmark | median | vs reference |
|---|---|---:|---|
| engine | bb/fast | 500 ms | 2.00× faster |
| engine | bb/reference | 1.00 s | reference |
| engine | dd/7 | 1.00 ns | – |
| engine | dd/reference/8 | 1.00 ns | reference |
| kami | aa/alone | 3.41 ms | – |
| kami | bb/fast | 2.00 s | – |
| kami | cc/fast/2 | 100 ns | 1.50× faster |
| kami | cc/reference/2 | 150 ns | reference |
| kami | cc/fast/10 | 250 ns | 4.00× faster |
| kami | cc/slow/10 | 2.00 µs | 2.00× slower |
| kami | cc/reference/10 | 1.00 µs | reference |
";
        assert_eq!(build_table(records), expected);
    }

    #[test]
    fn parses_criterion_files() {
        let benchmark = r#"{"group_id":"g","function_id":null,"value_str":"3","throughput":null,
            "full_id":"g/3","directory_name":"g/3","title":"g/3"}"#;
        let estimates = r#"{"mean":{"point_estimate":9.0},"median":{"point_estimate":8.5,"standard_error":0.1}}"#;
        assert_eq!(parse_record(benchmark, estimates), Ok(record("g", None, Some("3"), 8.5)));
        assert!(parse_record("{", estimates).is_err());
        assert!(parse_record(benchmark, r#"{"median":{}}"#).is_err());
        assert!(parse_record(r#"{"full_id":"x"}"#, estimates).is_err());
    }

    /// A directory under the system temp directory, removed on drop.
    struct TempDir(PathBuf);

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    /// Writes a fake criterion result under `root/dir`, in its `new` directory or `subdir`.
    fn write_result(root: &Path, dir: &str, subdir: &str, benchmark: &str, median_ns: f64) -> PathBuf {
        let dir = root.join(dir).join(subdir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("benchmark.json"), benchmark).unwrap();
        fs::write(dir.join("estimates.json"), format!(r#"{{"median":{{"point_estimate":{median_ns}}}}}"#)).unwrap();
        dir.join("estimates.json")
    }

    #[test]
    fn scans_only_fresh_results() {
        let unique = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().as_nanos();
        let temp = TempDir(std::env::temp_dir().join(format!("xtask-bench-{}-{unique}", std::process::id())));
        let root = temp.0.join("criterion");
        let fresh = r#"{"group_id":"g","function_id":"reference","value_str":"10","full_id":"g/reference/10"}"#;
        let stale = r#"{"group_id":"g","function_id":"old","value_str":"10","full_id":"g/old/10"}"#;
        write_result(&root, "g/reference/10", "new", fresh, 1_500.0);
        write_result(&root, "g/reference/10", "base", stale, 1.0);
        let stale_estimates = write_result(&root, "g/old/10", "new", stale, 2_000.0);
        let hour_ago = SystemTime::now() - Duration::from_secs(3600);
        fs::File::options().write(true).open(stale_estimates).unwrap().set_modified(hour_ago).unwrap();
        write_result(&root, "g/broken", "new", "{not json", 1.0);
        fs::create_dir_all(root.join("report")).unwrap();

        let since = SystemTime::now() - Duration::from_secs(60);
        assert_eq!(scan(&root, since), vec![record("g", Some("reference"), Some("10"), 1_500.0)]);
        assert_eq!(scan(&root, hour_ago - Duration::from_secs(60)).len(), 2);
        assert!(scan(&temp.0.join("missing"), since).is_empty());
    }
}
