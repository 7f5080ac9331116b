//! `cargo xtask bench`: runs the criterion benchmarks and summarises this run's medians as a
//! Markdown table (printed, and written to `target/bench-summary.md`).
//!
//! Criterion leaves one `new/benchmark.json` + `new/estimates.json` pair per benchmark under
//! `target/criterion/`; the summary lists the pairs written by this run, and compares every
//! benchmark with the `reference` function of the same group and parameter, if there is one.
//! `CRITERION_HOME` is set for the benchmarks so that criterion writes where the scan looks.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use serde_json::Value;

/// Usage text of `cargo xtask bench`, printed for `--help` / `-h`.
pub const HELP: &str = "\
Usage: cargo xtask bench [--quick] [-p CRATE]... [--save NAME | --baseline NAME]

Runs the criterion benchmarks (`cargo bench --bench '*'`, so only bench targets) and prints a
Markdown table of this run's medians, comparing each benchmark with its group's `reference`.
The table is also written to target/bench-summary.md.

Options:
      --quick            Rough numbers fast: 0.5 s warm-up, 1 s measurement, 10 samples
  -p, --package CRATE    Benchmark only CRATE (repeatable; default: the whole workspace)
      --save NAME        Save the results as criterion baseline NAME
      --baseline NAME    Compare against the saved criterion baseline NAME
  -h, --help             Print this help
";

/// The function id that other benchmarks in a group are compared against.
const REFERENCE: &str = "reference";

/// Runs `cargo xtask bench [--quick] [-p CRATE]... [--save NAME | --baseline NAME]`.
/// `root` is the workspace root; `args` are the arguments after `bench`.
///
/// # Errors
///
/// A one-line message if the arguments are invalid, `cargo bench` cannot be started or fails,
/// or the summary cannot be written. Finding no results is not an error.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let Some(options) = parse_args(args)? else {
        print!("{HELP}");
        return Ok(());
    };
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let cargo_args = cargo_args(&options);
    eprintln!("running: cargo {}", cargo_args.iter().map(|a| shell_quote(a)).collect::<Vec<_>>().join(" "));

    let target = target_dir(root);
    let criterion = criterion_dir(root, &target);
    let started = SystemTime::now();
    let status = Command::new(&cargo)
        .args(&cargo_args)
        .current_dir(root)
        .env("CRITERION_HOME", &criterion)
        .status()
        .map_err(|e| format!("cannot run `{}`: {e}", cargo.to_string_lossy()))?;
    if !status.success() {
        return Err(format!("`cargo bench` failed ({status})"));
    }

    let records = scan(&criterion, started);
    let body = if records.is_empty() {
        format!("No benchmark results from this run were found in `{}`.\n", criterion.display())
    } else {
        build_table(records)
    };
    println!();
    print!("{body}");

    let path = target.join("bench-summary.md");
    let summary = format!("# Benchmark summary\n\n{}\n\n{body}", describe(&options));
    fs::create_dir_all(&target)
        .and_then(|()| fs::write(&path, summary))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    eprintln!("summary written to {}", path.display());
    Ok(())
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

/// The arguments for `cargo` that run the benchmarks described by `options`.
///
/// `--bench '*'` selects only `[[bench]]` targets. (`--benches` would also run the library's
/// libtest harness in bench mode, which rejects criterion flags such as `--noplot`.)
fn cargo_args(options: &Options) -> Vec<String> {
    let mut args = vec!["bench"];
    if options.packages.is_empty() {
        args.push("--workspace");
    }
    for package in &options.packages {
        args.extend(["-p", package]);
    }
    args.extend(["--bench", "*", "--", "--noplot"]);
    match &options.baseline {
        Baseline::Default => {}
        Baseline::Save(name) => args.extend(["--save-baseline", name]),
        Baseline::Compare(name) => args.extend(["--baseline", name]),
    }
    if options.quick {
        args.extend(["--warm-up-time", "0.5", "--measurement-time", "1", "--sample-size", "10"]);
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
/// `run` passes this to criterion as `CRITERION_HOME`, so results land where they are looked for
/// even if criterion's own `cargo metadata` lookup fails (it would then fall back to the
/// package's directory). It is made absolute because bench binaries run in their package's
/// directory.
fn criterion_dir(root: &Path, target: &Path) -> PathBuf {
    let dir = std::env::var_os("CRITERION_HOME").map_or_else(|| target.join("criterion"), |home| root.join(home));
    std::path::absolute(&dir).unwrap_or(dir)
}

/// The summary line saying how the benchmarks were run.
fn describe(options: &Options) -> String {
    let mode = if options.quick { "Quick run (`--quick`)" } else { "Full run" };
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

/// Table order: by group, then parameter value, then function with `reference` last.
fn compare_records(a: &Record, b: &Record) -> Ordering {
    let function = |r: &Record| (r.function_id.as_deref() == Some(REFERENCE), r.function_id.clone());
    a.group_id
        .cmp(&b.group_id)
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

/// The "vs reference" cell of `record`, given the reference medians by (group, value).
fn ratio(record: &Record, references: &HashMap<(&str, Option<&str>), f64>) -> String {
    if record.function_id.as_deref() == Some(REFERENCE) {
        return REFERENCE.to_owned();
    }
    match references.get(&(record.group_id.as_str(), record.value_str.as_deref())) {
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

/// Builds the Markdown table `| benchmark | median | vs reference |`, sorted by
/// [`compare_records`].
fn build_table(mut records: Vec<Record>) -> String {
    records.sort_by(compare_records);
    let mut references = HashMap::new();
    for record in records.iter().filter(|r| r.function_id.as_deref() == Some(REFERENCE)) {
        references.entry((record.group_id.as_str(), record.value_str.as_deref())).or_insert(record.median_ns);
    }
    let rows = records.iter().map(|record| {
        format!(
            "| {} | {} | {} |\n",
            record.full_id.replace('|', r"\|"),
            format_median(record.median_ns),
            ratio(record, &references)
        )
    });
    format!("| benchmark | median | vs reference |\n|---|---:|---|\n{}", rows.collect::<String>())
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
        assert_eq!(cargo_args(&Options::default()), ["bench", "--workspace", "--bench", "*", "--", "--noplot"]);
        let options =
            Options { quick: true, packages: vec!["engine".into()], baseline: Baseline::Compare("main".into()) };
        assert_eq!(
            cargo_args(&options).join(" "),
            "bench -p engine --bench * -- --noplot --baseline main \
             --warm-up-time 0.5 --measurement-time 1 --sample-size 10"
        );
        let options = Options { baseline: Baseline::Save("x".into()), ..Options::default() };
        assert!(cargo_args(&options).join(" ").ends_with("--noplot --save-baseline x"));
        assert_eq!(shell_quote("*"), "'*'");
        assert_eq!(shell_quote("--noplot"), "--noplot");
    }

    #[test]
    fn describes_the_run() {
        assert_eq!(describe(&Options::default()), "Full run of the whole workspace; no baseline options.");
        let options =
            Options { quick: true, packages: vec!["a".into(), "b".into()], baseline: Baseline::Save("x".into()) };
        assert_eq!(describe(&options), "Quick run (`--quick`) of `a`, `b`; saved as baseline `x` (`--save x`).");
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
    fn builds_table_with_ratios() {
        let records = vec![
            record("cc", Some("slow"), Some("10"), 2_000.0),
            record("cc", Some("reference"), Some("10"), 1_000.0),
            record("cc", Some("fast"), Some("10"), 250.0),
            record("cc", Some("fast"), Some("2"), 100.0),
            record("cc", Some("reference"), Some("2"), 150.0),
            record("aa", Some("alone"), None, 3.41e6),
            record("bb", Some("fast"), None, 5.0e8),
            record("bb", Some("reference"), None, 1.0e9),
            record("dd", None, Some("7"), 1.0),
            record("dd", Some("reference"), Some("8"), 1.0),
        ];
        let expected = "\
| benchmark | median | vs reference |
|---|---:|---|
| aa/alone | 3.41 ms | – |
| bb/fast | 500 ms | 2.00× faster |
| bb/reference | 1.00 s | reference |
| cc/fast/2 | 100 ns | 1.50× faster |
| cc/reference/2 | 150 ns | reference |
| cc/fast/10 | 250 ns | 4.00× faster |
| cc/slow/10 | 2.00 µs | 2.00× slower |
| cc/reference/10 | 1.00 µs | reference |
| dd/7 | 1.00 ns | – |
| dd/reference/8 | 1.00 ns | reference |
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
