//! `hitori pack` and `hitori verify`, run as the binary: the same bytes for any thread
//! count, resumed after a kill, sharded and merged; every kind of tampering caught on its
//! line; filters and mixes honoured; bad input refused with exit 2, never a panic.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use engine::cli::{Ran, run_binary};
use engine::pack::Entry;
use hitori::pack::PackEntry;
use hitori::steps::Difficulty;
use serde_json::Value;

/// Runs `hitori` with `args` and no standard input.
fn hitori(args: &[&str]) -> Ran {
    run_binary(env!("CARGO_BIN_EXE_hitori"), args, &[], "").expect("the binary runs")
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hitori-pack-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn path(dir: &Path, file: &str) -> String {
    dir.join(file).to_string_lossy().into_owned()
}

/// `hitori pack ARGS --out FILE`, which must succeed; the file's bytes.
fn pack_to(file: &str, args: &[&str]) -> String {
    let mut all = vec!["pack"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", file]);
    let ran = hitori(&all);
    assert_eq!(ran.code, 0, "{all:?}: {}", ran.stderr);
    std::fs::read_to_string(file).expect("the pack was written")
}

fn entries(text: &str) -> Vec<PackEntry> {
    text.lines().map(|l| serde_json::from_str(l).expect("an entry")).collect()
}

/// A 10×10 pack of every grade, some dozens of entries.
const MIXED: [&str; 6] = ["--count", "60", "--mix", "easy=20,medium=20,hard=15,search=5", "--size", "10"];

#[test]
fn the_threads_do_not_change_the_bytes() {
    let dir = scratch("threads");
    let one = pack_to(&path(&dir, "1.jsonl"), &[&MIXED[..], &["--threads", "1"]].concat());
    let two = pack_to(&path(&dir, "2.jsonl"), &[&MIXED[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 60);
    // Standard output holds the same bytes as --out.
    let ran = hitori(&[&["pack"], &MIXED[..], &["--threads", "2"]].concat());
    assert_eq!((ran.code, ran.stdout.as_str()), (0, one.as_str()));
    assert!(ran.stderr.starts_with("hitori pack: 60 entries"), "{}", ran.stderr);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn entries_are_laid_out_as_documented() {
    let text = hitori(&["pack", "--seeds", "0..1", "--size", "3x2"]).stdout;
    let value: Value = serde_json::from_str(text.trim_end()).unwrap();
    let at: Vec<usize> = ["game", "seed", "puzzle", "code", "grade", "solution", "options"]
        .iter()
        .map(|k| text.find(&format!("\"{k}\":")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert!(text.starts_with("{\"game\":\"hitori\",\"seed\":0,\"puzzle\":\""), "{text}");
    assert_eq!(value["options"], serde_json::json!({"size": "3x2", "difficulty": []}));
    let entry: PackEntry = serde_json::from_str(&text).unwrap();
    assert_eq!(entry.puzzle.lines().count(), 2);
    assert!(!entry.puzzle.ends_with('\n'));
    assert_eq!(hitori::code::decode(&entry.code).unwrap(), entry.puzzle.parse().unwrap());
    assert_eq!(entry.solution.iter().map(String::len).collect::<Vec<_>>(), [3, 3]);
}

#[test]
fn verify_passes_a_fresh_pack() {
    let dir = scratch("fresh");
    let file = path(&dir, "p.jsonl");
    pack_to(&file, &MIXED);
    let ran = hitori(&["verify", &file]);
    assert_eq!(
        (ran.code, ran.stdout.as_str(), ran.stderr.as_str()),
        (0, "60 entries: 60 hold, 0 wrong, 0 unknown\n", "")
    );
    let json = hitori(&["verify", &file, "--json", "--threads", "1"]);
    let doc: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!((json.code, &doc["hold"], &doc["counts"]["search"]), (0, &Value::from(60), &Value::from(5)));
    let _ = std::fs::remove_dir_all(dir);
}

/// The number at `(x, y)` of an entry's puzzle text.
fn number_at(entry: &Value, x: usize, y: usize) -> u32 {
    let rows: Vec<&str> = entry["puzzle"].as_str().unwrap().split('\n').collect();
    rows[y].split(' ').nth(x).unwrap().parse().unwrap()
}

/// The puzzle text with the number at `(x, y)` replaced.
fn with_number(entry: &Value, x: usize, y: usize, n: &str) -> Value {
    let rows: Vec<String> = entry["puzzle"]
        .as_str()
        .unwrap()
        .split('\n')
        .enumerate()
        .map(|(r, row)| {
            let mut cells: Vec<&str> = row.split(' ').collect();
            if r == y {
                cells[x] = n;
            }
            cells.join(" ")
        })
        .collect();
    Value::from(rows.join("\n"))
}

/// The first cell of the solution with `mark` (`#` or `.`).
fn first_cell(entry: &Value, mark: char) -> (usize, usize) {
    let rows = entry["solution"].as_array().unwrap();
    for (y, row) in rows.iter().enumerate() {
        if let Some(x) = row.as_str().unwrap().find(mark) {
            return (x, y);
        }
    }
    panic!("no {mark} in the solution");
}

type Tamper = fn(&mut Value);

/// Each kind of tampering with the code, the reason verify must give.
fn code_tamperings() -> Vec<(&'static str, Tamper, &'static str)> {
    vec![
        (
            "the code of another puzzle",
            |e| {
                let other: hitori::Puzzle = with_number(e, 0, 0, "99").as_str().unwrap().parse().unwrap();
                e["code"] = Value::from(hitori::code::encode(&other).unwrap());
            },
            "code: not the puzzle's code",
        ),
        (
            "the code mistyped",
            |e| {
                let code = e["code"].as_str().unwrap();
                let last = if code.ends_with('A') { "B" } else { "A" };
                e["code"] = Value::from(format!("{}{last}", &code[..code.len() - 1]));
            },
            "code: bad check characters",
        ),
        ("the code cut short", |e| e["code"] = Value::from(e["code"].as_str().unwrap()[..20].to_string()), "code: "),
        (
            "the code left out",
            |e| {
                e.as_object_mut().unwrap().remove("code");
            },
            "missing field `code`",
        ),
    ]
}

/// Each kind of tampering, the reason verify must give.
fn tamperings() -> Vec<(&'static str, Tamper, &'static str)> {
    [entry_tamperings(), code_tamperings()].concat()
}

/// Each kind of tampering with the puzzle, the proof and the options, the reason verify
/// must give.
fn entry_tamperings() -> Vec<(&'static str, Tamper, &'static str)> {
    vec![
        (
            "a shaded cell's number made unique",
            |e| {
                // Its shading has no reason left: unshading it is a second solution.
                let (x, y) = first_cell(e, '#');
                e["puzzle"] = with_number(e, x, y, "99");
            },
            "more than one solution",
        ),
        (
            "an unshaded cell's number repeated",
            |e| {
                let row = e["solution"][0].as_str().unwrap().to_string();
                let unshaded: Vec<usize> = row.match_indices('.').map(|(i, _)| i).collect();
                let n = number_at(e, unshaded[0], 0).to_string();
                e["puzzle"] = with_number(e, unshaded[1], 0, &n);
            },
            "is repeated among unshaded cells",
        ),
        ("a number that is no number", |e| e["puzzle"] = with_number(e, 2, 1, "x"), "puzzle: line 2, column"),
        (
            "the puzzle text respaced",
            |e| e["puzzle"] = Value::from(e["puzzle"].as_str().unwrap().replacen(' ', "  ", 1)),
            "not in the pack's text form",
        ),
        (
            "the solution cut short",
            |e| {
                e["solution"].as_array_mut().unwrap().pop();
            },
            "solution: 9 rows, the puzzle has 10",
        ),
        (
            "a solution row cut short",
            |e| {
                let row = e["solution"][4].as_str().unwrap();
                e["solution"][4] = Value::from(&row[1..]);
            },
            "solution: row 5 has 9 cells",
        ),
        (
            "a solution cell flipped",
            |e| {
                let (x, y) = first_cell(e, '.');
                let mut row: Vec<char> = e["solution"][y].as_str().unwrap().chars().collect();
                row[x] = '#';
                e["solution"][y] = Value::from(row.into_iter().collect::<String>());
            },
            "solution: ",
        ),
        (
            "a solution cell made a stranger",
            |e| e["solution"][0] = Value::from(e["solution"][0].as_str().unwrap().replacen('.', "o", 1)),
            "'o' is not # or .",
        ),
        (
            "the grade changed",
            |e| e["grade"] = Value::from(if e["grade"] == "hard" { "medium" } else { "hard" }),
            "grade: the grader says",
        ),
        ("the grade made unknown", |e| e["grade"] = Value::from("tricky"), "not a hitori entry"),
        ("the size in the options changed", |e| e["options"]["size"] = Value::from("9x10"), "the options say 9x10"),
        (
            "the grade left out of the options",
            |e| {
                let grade = e["grade"].clone();
                let mix = e["options"]["mix"].as_object_mut().unwrap();
                mix.remove(grade.as_str().unwrap());
                let rest: Vec<Value> = mix.keys().map(|k| Value::from(k.as_str())).collect();
                e["options"]["difficulty"] = Value::from(rest);
            },
            "is not one the options ask for",
        ),
        ("an unknown field", |e| e["par"] = Value::from(3), "unknown field `par`"),
        ("the seed repeated", |e| e["seed"] = Value::from(0), "seed 0 is not after seed"),
    ]
}

#[test]
fn verify_names_the_line_of_each_tampering() {
    let dir = scratch("tamper");
    let good = pack_to(&path(&dir, "good.jsonl"), &MIXED);
    let lines: Vec<&str> = good.lines().collect();
    for (i, (what, tamper, reason)) in tamperings().into_iter().enumerate() {
        // A different line each time, never the first (the seed test needs one before it).
        let at = 1 + (i * 7) % (lines.len() - 1);
        let mut value: Value = serde_json::from_str(lines[at]).unwrap();
        tamper(&mut value);
        let mut bad = lines.clone();
        let edited = value.to_string();
        assert_ne!(edited, lines[at], "{what}: nothing changed");
        bad[at] = &edited;
        let file = path(&dir, &format!("bad{i}.jsonl"));
        std::fs::write(&file, bad.join("\n") + "\n").unwrap();
        let ran = hitori(&["verify", &file]);
        let wanted = format!("{file}:{}: ", at + 1);
        assert_eq!(ran.code, 1, "{what}: {}", ran.stderr);
        assert_eq!(ran.stderr.lines().count(), 1, "{what}: {}", ran.stderr);
        assert!(ran.stderr.starts_with(&wanted) && ran.stderr.contains(reason), "{what}: {}", ran.stderr);
        assert_eq!(ran.stdout, "60 entries: 59 hold, 1 wrong, 0 unknown\n", "{what}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Starts `hitori pack ARGS --out FILE` and kills it after `delay`.
fn killed_after(file: &str, args: &[&str], delay: Duration) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hitori"))
        .arg("pack")
        .args(args)
        .args(["--out", file])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    std::thread::sleep(delay);
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn a_killed_pack_resumes_to_the_same_bytes() {
    let dir = scratch("resume");
    let args = ["--count", "120", "--size", "30", "--mix", "easy=60,hard=60", "--threads", "2"];
    let whole = pack_to(&path(&dir, "whole.jsonl"), &args);
    let jitter = u64::from(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_millis());
    let resume: Vec<&str> = [&args[..], &["--resume"]].concat();
    for (i, ms) in [0, 20 + jitter % 30, 100 + jitter % 70, 250 + jitter % 100, 450].into_iter().enumerate() {
        let file = path(&dir, &format!("killed{i}.jsonl"));
        killed_after(&file, &args, Duration::from_millis(ms));
        if i == 3 {
            // Killed twice: the second run resumes and is killed again.
            killed_after(&file, &resume, Duration::from_millis(150));
        }
        assert_eq!(pack_to(&file, &resume), whole, "killed after {ms} ms");
    }
    // A file cut in the middle of a line: the torn line is dropped and made again.
    let file = path(&dir, "torn.jsonl");
    let middle = whole.len() / 2;
    assert_ne!(whole.as_bytes()[middle - 1], b'\n');
    std::fs::write(&file, &whole[..middle]).unwrap();
    assert_eq!(pack_to(&file, &resume), whole);
    // A finished pack resumed adds nothing.
    assert_eq!(pack_to(&file, &resume), whole);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn shards_merge_into_the_whole_range() {
    let dir = scratch("shards");
    // 4×4 puzzles repeat now and then: the merge must drop the same repeats as one run.
    let args = ["--seeds", "0..300", "--size", "4"];
    let whole = pack_to(&path(&dir, "whole.jsonl"), &args);
    let mut shards = Vec::new();
    for i in 0..3 {
        let file = path(&dir, &format!("shard{i}.jsonl"));
        pack_to(&file, &[&args[..], &["--shard", &format!("{i}/3")]].concat());
        shards.push(file);
    }
    let merged = path(&dir, "merged.jsonl");
    let mut merge = vec!["pack", "--merge"];
    merge.extend(shards.iter().map(String::as_str));
    merge.extend(["--out", &merged]);
    let ran = hitori(&merge);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), whole);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn no_two_entries_share_a_canonical_key() {
    // 3×3 and 4×4 puzzles repeat often up to symmetry: the summary counts the repeats.
    for size in ["3", "4"] {
        let ran = hitori(&["pack", "--seeds", "0..300", "--size", size, "--json"]);
        assert_eq!(ran.code, 0);
        let summary: Value = serde_json::from_str(&ran.stderr).unwrap();
        let repeats = summary["duplicates"].as_u64().unwrap();
        assert!(repeats > 0, "{}", ran.stderr);
        let entries = entries(&ran.stdout);
        let keys: HashSet<_> = entries.iter().map(|e| e.key().unwrap()).collect();
        assert_eq!(keys.len(), entries.len());
        assert_eq!(entries.len() as u64 + repeats, 300);
    }
}

#[test]
fn filters_and_mixes_are_honoured() {
    let ran = hitori(&["pack", "--seeds", "0..80", "--size", "8", "--difficulty", "medium,hard"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let made = entries(&ran.stdout);
    assert!(made.len() > 40, "{}", ran.stderr);
    assert!(made.iter().all(|e| [Difficulty::Medium, Difficulty::Hard].contains(&e.grade)));
    assert!(made.iter().any(|e| e.grade == Difficulty::Medium) && made.iter().any(|e| e.grade == Difficulty::Hard));
    for e in &made {
        assert_eq!(hitori::steps::grade(&e.puzzle.parse().unwrap()), e.grade);
        assert_eq!(e.options.difficulty, [Difficulty::Medium, Difficulty::Hard]);
    }

    let ran = hitori(&["pack", "--count", "30", "--size", "10x7", "--mix", "search=4,easy=10,hard=16"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let made = entries(&ran.stdout);
    let count = |d| made.iter().filter(|e| e.grade == d).count();
    let counts = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::NeedsSearch].map(count);
    assert_eq!(counts, [10, 0, 16, 4]);
    assert!(made.iter().all(|e| e.puzzle.lines().count() == 7 && e.options.size == engine::Size::new(10, 7)));
    assert!(ran.stderr.contains("grade: easy 10, hard 16, search 4"), "{}", ran.stderr);
}

#[test]
fn verify_refuses_what_is_not_a_hitori_pack() {
    let dir = scratch("notapack");
    let write = |name: &str, bytes: &[u8]| {
        let file = path(&dir, name);
        std::fs::write(&file, bytes).unwrap();
        file
    };
    let noise: Vec<u8> = (0..2000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    for (file, code) in [
        (write("noise.bin", &noise), 2),
        (write("text.txt", b"1 2\n2 1\n"), 2),
        (write("kami.jsonl", b"{\"game\":\"kami\",\"seed\":1}\n"), 2),
        (write("empty.jsonl", b""), 0),
        (path(&dir, "missing.jsonl"), 2),
    ] {
        let ran = hitori(&["verify", &file]);
        assert_eq!(ran.code, code, "{file}: {}", ran.stderr);
        if code == 2 {
            assert_eq!(ran.stderr.lines().count(), 1, "{file}: {}", ran.stderr);
            assert!(ran.stderr.starts_with("hitori: "), "{file}: {}", ran.stderr);
            assert_eq!(ran.stdout, "");
        } else {
            assert_eq!(ran.stdout, "0 entries: 0 hold, 0 wrong, 0 unknown\n");
        }
    }
    // A hitori pack with a line of garbage: that line is wrong, the rest holds.
    let good = hitori(&["pack", "--seeds", "0..3", "--size", "5"]).stdout;
    let file = write("garbage.jsonl", format!("{good}{{\"game\":\"hitori\",\"seed\":9,\"puzzle\":[]}}\n").as_bytes());
    let ran = hitori(&["verify", &file]);
    assert_eq!(ran.code, 1);
    assert!(ran.stderr.starts_with(&format!("{file}:4: not a hitori entry")), "{}", ran.stderr);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_pack_options_exit_2_with_one_line() {
    for (args, says) in [
        (&["--seeds", "9..3"][..], "9..3"),
        (&["--seeds", "0..9", "--shard", "3/3"], "3/3"),
        (&["--seeds", "0..9", "--size", "0"], "--size 0: expected N or WxH"),
        (&["--seeds", "0..9", "--size", "2x1"], "no 2x1 puzzle has exactly one solution"),
        (&["--seeds", "0..9", "--size", "100000"], "each side must be from 1 to 10000"),
        (&["--seeds", "0..9", "--size", "6", "--difficulty", "search"], "search puzzles need"),
        (&["--seeds", "0..9", "--difficulty", "tricky"], "tricky"),
        (&["--count", "5", "--mix", "easy=2,hard=2"], "--count 5: the mix easy=2,hard=2 adds up to 4"),
        (&["--seeds", "0..9", "--mix", "easy=2"], "--mix easy=2 needs --count 2"),
        (&["--count", "2", "--mix", "easy=2,easy=0"], "easy is given twice"),
        (&["--count", "2", "--mix", "easy=2,hard=0"], "--mix hard=0"),
        (&["--count", "2", "--mix", "easy:2"], "expected GRADE=N"),
        (&["--count", "2", "--mix", "easy=2", "--difficulty", "easy"], "cannot be used with"),
        (&["--count", "2", "--threads", "0"], "--threads"),
        (&["--size", "5"], "required arguments were not provided"),
    ] {
        let ran = hitori(&[&["pack"], args].concat());
        assert_eq!(ran.code, 2, "{args:?}: {}", ran.stderr);
        let first = ran.stderr.lines().next().unwrap_or_default();
        assert!(first.starts_with("hitori: ") && first.contains(says), "{args:?}: {}", ran.stderr);
        // Our own messages are one line; clap's may add its "try --help" line.
        assert!(ran.stderr.lines().skip(1).all(|l| l.contains("--help") || l.contains("tip:")), "{}", ran.stderr);
        assert_eq!(ran.stdout, "");
    }
}

#[test]
fn resuming_a_pack_of_other_options_exits_2() {
    let dir = scratch("otherplan");
    let file = path(&dir, "p.jsonl");
    pack_to(&file, &["--seeds", "0..10", "--size", "6"]);
    for other in [&["--size", "7"][..], &["--size", "6", "--difficulty", "easy"]] {
        let ran = hitori(&[&["pack", "--seeds", "0..20", "--out", &file, "--resume"], other].concat());
        assert_eq!(ran.code, 2, "{}", ran.stderr);
        assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
        assert!(ran.stderr.contains(&format!("{file}:1: made by another plan")), "{}", ran.stderr);
    }
    // The file is left as it was, and the same options go on with it.
    let ran = hitori(&["pack", "--seeds", "0..20", "--size", "6", "--out", &file, "--resume"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), hitori(&["pack", "--seeds", "0..20", "--size", "6"]).stdout);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn format_code_lists_the_entries_codes() {
    let dir = scratch("codes");
    let args = ["--seeds", "0..40", "--size", "5"];
    let whole = pack_to(&path(&dir, "whole.jsonl"), &args);
    let codes: Vec<String> = entries(&whole).iter().map(|e| e.code.clone()).collect();
    let listed = hitori(&[&["pack"], &args[..], &["--format", "code"]].concat());
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    assert_eq!(listed.stdout.lines().collect::<Vec<_>>(), codes);
    // The same from the merge of the pack's shards, and every code decodes to its puzzle.
    let shard = path(&dir, "whole.jsonl");
    let merged = hitori(&["pack", "--merge", &shard, "--format", "code"]);
    assert_eq!(merged.stdout, listed.stdout);
    for (code, entry) in codes.iter().zip(entries(&whole)) {
        assert_eq!(hitori::code::decode(code).unwrap().to_string().trim_end(), entry.puzzle);
    }
    // A list of codes cannot be resumed.
    let refused = hitori(&[&["pack"], &args[..], &["--format", "code", "--out", &shard, "--resume"]].concat());
    assert_eq!(refused.code, 2);
    let _ = std::fs::remove_dir_all(dir);
}
