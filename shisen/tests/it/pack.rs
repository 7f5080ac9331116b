//! `shisen pack` and `shisen verify` through the binary: the same bytes on any number of
//! threads, after a kill and a resume, from shards merged; every kind of tampering caught
//! on its line; filters honoured; bad input refused with exit 2, never a panic.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use engine::cli::run_binary;
use engine::pack::Entry;
use serde_json::Value;
use shisen::pack::PackEntry;

const SHISEN: &str = env!("CARGO_BIN_EXE_shisen");

/// Runs `shisen args`: (exit code, stdout, stderr).
fn shisen(args: &[&str]) -> (i32, String, String) {
    let ran = run_binary(SHISEN, args, &[], "").unwrap();
    assert_ne!(ran.code, 101, "panic: shisen {args:?}\n{}", ran.stderr);
    (ran.code, ran.stdout, ran.stderr)
}

/// A fresh scratch file path for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("shisen-pack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A pack on stdout, which must succeed.
fn pack(args: &[&str]) -> String {
    let mut all = vec!["pack"];
    all.extend_from_slice(args);
    let (code, out, err) = shisen(&all);
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("shisen pack: "), "{err}");
    out
}

fn entries_of(text: &str) -> Vec<PackEntry> {
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn the_same_bytes_on_one_and_two_threads() {
    let args = ["--seeds", "0..48", "--size", "10x6", "--gravity"];
    let one = pack(&[&args[..], &["--threads", "1"]].concat());
    let two = pack(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 48);
    let plain = pack(&["--seeds", "0..30", "--size", "8x4", "--threads", "2"]);
    assert_eq!(plain, pack(&["--seeds", "0..30", "--size", "8x4", "--threads", "1"]));
}

/// Applies `tamper` to the JSON of line `line` (from 1) of `pack`.
fn tampered(pack: &str, line: usize, tamper: impl Fn(&mut Value)) -> String {
    let mut lines: Vec<String> = pack.lines().map(str::to_string).collect();
    let mut value: Value = serde_json::from_str(&lines[line - 1]).unwrap();
    tamper(&mut value);
    lines[line - 1] = serde_json::to_string(&value).unwrap();
    lines.join("\n") + "\n"
}

/// The puzzle's rows as tokens.
fn tokens(v: &Value) -> Vec<Vec<String>> {
    v["puzzle"].as_str().unwrap().lines().map(|l| l.split(' ').map(str::to_string).collect()).collect()
}

fn set_tokens(v: &mut Value, rows: &[Vec<String>]) {
    v["puzzle"] = Value::from(rows.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join("\n"));
}

fn removals(v: &mut Value) -> &mut Vec<Value> {
    v["removals"].as_array_mut().unwrap()
}

/// A tampering of one entry of an 8x4 pack.
type Tamper = Box<dyn Fn(&mut Value)>;

/// Each kind of tampering, with what `verify` says about it.
fn tamper_cases() -> Vec<(&'static str, Tamper)> {
    vec![
        // Two tiles of different kinds swapped: the counts still agree, the replay does not.
        (
            "removal",
            Box::new(|v| {
                let mut rows = tokens(v);
                let at = rows[1].iter().position(|t| *t != rows[0][0]).unwrap();
                let (top, rest) = rows.split_at_mut(1);
                std::mem::swap(&mut top[0][0], &mut rest[0][at]);
                set_tokens(v, &rows);
            }),
        ),
        // A tile relabelled: a kind with an odd count.
        (
            "every kind needs an even number of tiles",
            Box::new(|v| {
                let mut rows = tokens(v);
                rows[2][3] = "ZZ".into();
                set_tokens(v, &rows);
            }),
        ),
        // The first row twice more: counts stay even, the size does not.
        (
            "the board is 8x6, the options say 8x4",
            Box::new(|v| {
                let mut rows = tokens(v);
                rows.push(rows[0].clone());
                rows.push(rows[0].clone());
                set_tokens(v, &rows);
            }),
        ),
        ("the removals leave 2 tiles", Box::new(|v| drop(removals(v).pop()))),
        ("the removals leave 16 tiles", Box::new(|v| removals(v).truncate(8))),
        (
            "removal ",
            Box::new(|v| {
                let r = removals(v);
                r.swap(3, 15);
            }),
        ),
        ("removal 0: ", Box::new(|v| removals(v)[0] = Value::from("0,0 0,0"))),
        ("removal 5: \"5,1\" is not x1,y1 x2,y2", Box::new(|v| removals(v)[5] = Value::from("5,1"))),
        ("removal 16: ", Box::new(|v| removals(v).push(Value::from("0,0 1,0")))),
        (
            "the board has 8 kinds, the options say 16",
            Box::new(|v| {
                v["options"]["kinds"] = Value::from(16);
                v["options"]["copies"] = Value::from(2);
            }),
        ),
        ("options: 8 kinds x 2 copies must fill the 8x4 board", Box::new(|v| v["options"]["copies"] = Value::from(2))),
        ("the board is 8x4, the options say 4x8", Box::new(|v| v["options"]["size"] = Value::from("4x8"))),
        ("outside the options' filter", Box::new(|v| v["options"]["max_pairs"] = Value::from(1))),
        ("puzzle: line 1, column 1: no grid rows", Box::new(|v| v["puzzle"] = Value::from(""))),
        ("not a shisen entry", Box::new(|v| v["removals"] = Value::from(3))),
        (
            "code: bad check characters",
            Box::new(|v| v["code"] = Value::from(v["code"].as_str().unwrap().replace("shisen:1:", "shisen:1:A"))),
        ),
        (
            "code: a kami code, not a shisen code",
            Box::new(|v| v["code"] = Value::from(engine::code::encode("kami", 1, &[1]))),
        ),
        (
            "the code holds another board than the puzzle",
            Box::new(|v| {
                let rows: Vec<String> = tokens(v).into_iter().rev().map(|r| r.join(" ")).collect();
                let board: shisen::Board = rows.join("\n").parse().unwrap();
                let gravity = v["options"]["gravity"].as_bool().unwrap();
                v["code"] = Value::from(shisen::code::encode(&board, gravity).unwrap());
            }),
        ),
        (
            "the code says gravity",
            Box::new(|v| {
                let board: shisen::Board = v["puzzle"].as_str().unwrap().parse().unwrap();
                let gravity = v["options"]["gravity"].as_bool().unwrap();
                v["code"] = Value::from(shisen::code::encode(&board, !gravity).unwrap());
            }),
        ),
    ]
}

#[test]
fn verify_holds_on_a_fresh_pack_and_catches_each_tampering_on_its_line() {
    for gravity in [true, false] {
        let mut args = vec!["--seeds", "0..12", "--size", "8x4"];
        if gravity {
            args.push("--gravity");
        }
        let good = pack(&args);
        let file = scratch(&format!("tamper-{gravity}.jsonl"));
        let name = file.to_str().unwrap();
        std::fs::write(&file, &good).unwrap();
        let (code, out, err) = shisen(&["verify", name]);
        assert_eq!((code, out.as_str(), err.as_str()), (0, "12 entries: 12 hold, 0 wrong, 0 unknown\n", ""));

        let cases = tamper_cases();
        for (i, (reason, tamper)) in cases.iter().enumerate() {
            let line = i % 12 + 1;
            std::fs::write(&file, tampered(&good, line, tamper)).unwrap();
            let (code, out, err) = shisen(&["verify", name]);
            assert_eq!(code, 1, "{reason}: {out} {err}");
            assert_eq!(out, "12 entries: 11 hold, 1 wrong, 0 unknown\n", "{reason}: {err}");
            let prefix = format!("{name}:{line}: ");
            assert!(err.starts_with(&prefix) && err.contains(reason), "gravity {gravity}, wanted {reason:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }

        // The gravity flag flipped: the removals were played with the other rule.
        std::fs::write(&file, tampered(&good, 4, |v| v["options"]["gravity"] = Value::from(!gravity))).unwrap();
        let (code, _, err) = shisen(&["verify", name]);
        assert_eq!(code, 1, "{err}");
        assert!(err.starts_with(&format!("{name}:4: removal")), "{err}");

        // A line repeated: the seed order breaks.
        let mut lines: Vec<&str> = good.lines().collect();
        lines.insert(5, lines[4]);
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let (code, _, err) = shisen(&["verify", name]);
        assert_eq!(code, 1);
        assert!(err.starts_with(&format!("{name}:6: seed 4 is not after seed 4 of line 5")), "{err}");

        // Another seed's deal under a new seed number, mirrored: the same puzzle up to symmetry.
        let mirrored = tampered(&good, 1, |v| {
            let rows: Vec<Vec<String>> = tokens(v).into_iter().map(|r| r.into_iter().rev().collect()).collect();
            set_tokens(v, &rows);
            v["seed"] = Value::from(100);
            v["removals"] = Value::from(Vec::<String>::new());
        });
        let first = mirrored.lines().next().unwrap().to_string();
        std::fs::write(&file, format!("{good}{first}\n")).unwrap();
        let (code, _, err) = shisen(&["verify", name]);
        assert_eq!(code, 1);
        assert!(err.starts_with(&format!("{name}:13: the same puzzle as line 1, up to symmetry")), "{err}");
    }
}

/// Starts `shisen args` and kills it after `delay`.
fn killed_after(args: &[&str], delay: Duration) {
    let mut child = Command::new(SHISEN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    child.kill().unwrap();
    let _ = child.wait();
}

#[test]
fn a_killed_pack_resumes_to_the_same_bytes() {
    let whole = scratch("whole.jsonl");
    let part = scratch("part.jsonl");
    let (whole_name, part_name) = (whole.to_str().unwrap(), part.to_str().unwrap());
    let plan = ["--seeds", "0..700", "--gravity", "--threads", "2"];
    let (code, _, err) = shisen(&[&["pack", "--out", whole_name][..], &plan].concat());
    assert_eq!(code, 0, "{err}");
    let expected = std::fs::read(&whole).unwrap();
    assert_eq!(String::from_utf8_lossy(&expected).lines().count(), 700);
    let mut interrupted = 0;
    for millis in [0, 3, 40, 150, 300] {
        let _ = std::fs::remove_file(&part);
        let args = [&["pack", "--out", part_name][..], &plan].concat();
        killed_after(&args, Duration::from_millis(millis));
        if std::fs::read(&part).map_or(true, |b| b.len() < expected.len()) {
            interrupted += 1;
        }
        let (code, _, err) = shisen(&[&args[..], &["--resume"]].concat());
        assert_eq!(code, 0, "after {millis} ms: {err}");
        assert!(std::fs::read(&part).unwrap() == expected, "after {millis} ms");
    }
    assert!(interrupted >= 2, "only {interrupted} kills came before the end");

    // A finished file cut in the middle of a line.
    for cut in [expected.len() / 3, expected.len() / 2 + 7, expected.len() - 1, 5] {
        std::fs::write(&part, &expected[..cut]).unwrap();
        let (code, _, err) = shisen(&[&["pack", "--out", part_name][..], &plan, &["--resume"]].concat());
        assert_eq!(code, 0, "{err}");
        assert!(std::fs::read(&part).unwrap() == expected, "cut at {cut}");
    }
}

#[test]
fn resuming_a_file_made_with_other_options_is_refused() {
    let file = scratch("other.jsonl");
    let name = file.to_str().unwrap();
    let (code, _, err) = shisen(&["pack", "--seeds", "0..5", "--size", "6x4", "--out", name]);
    assert_eq!(code, 0, "{err}");
    for other in [&["--gravity"][..], &["--size", "4x6"], &["--copies", "2"], &["--min-pairs", "2"]] {
        let args = [&["pack", "--seeds", "0..9", "--size", "6x4", "--out", name, "--resume"][..], other].concat();
        let args: Vec<&str> = if other[0] == "--size" {
            args.iter().enumerate().filter(|&(i, _)| !(i == 3 || i == 4)).map(|(_, a)| *a).collect()
        } else {
            args
        };
        let (code, out, err) = shisen(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{other:?}: {err}");
        assert!(err.contains(":1: made by another plan"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // The same options go on.
    let (code, _, err) = shisen(&["pack", "--seeds", "0..9", "--size", "6x4", "--out", name, "--resume"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), pack(&["--seeds", "0..9", "--size", "6x4"]));
}

#[test]
fn shards_merge_into_the_whole_run() {
    let plan = ["--seeds", "0..60", "--size", "10x6", "--gravity"];
    let whole = pack(&plan);
    let mut names = Vec::new();
    for i in 0..3 {
        let file = scratch(&format!("shard-{i}.jsonl"));
        let name = file.to_str().unwrap().to_string();
        let shard = format!("{i}/3");
        let (code, _, err) = shisen(&[&["pack", "--shard", &shard, "--out", &name][..], &plan].concat());
        assert_eq!(code, 0, "{err}");
        names.push(name);
    }
    let mut args = vec!["pack", "--merge"];
    args.extend(names.iter().map(String::as_str));
    let (code, merged, err) = shisen(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, whole);
}

#[test]
fn tiny_boards_repeat_and_no_two_entries_share_a_key() {
    for gravity in [false, true] {
        let mut args = vec!["--seeds", "0..80", "--size", "3x2", "--copies", "2", "--json"];
        if gravity {
            args.push("--gravity");
        }
        let (code, out, err) = shisen(&[&["pack"][..], &args].concat());
        assert_eq!(code, 0, "{err}");
        let summary: Value = serde_json::from_str(err.trim()).unwrap();
        let repeats = summary["duplicates"].as_u64().unwrap();
        let entries = entries_of(&out);
        assert!(repeats > 0 && entries.len() > 1, "{err}");
        assert_eq!(entries.len() as u64 + repeats, 80, "{err}");
        let keys: HashSet<_> = entries.iter().map(|e| e.key().unwrap()).collect();
        assert_eq!(keys.len(), entries.len());
    }
    // A pack of the default size: every key distinct too.
    let entries = entries_of(&pack(&["--seeds", "0..40", "--gravity"]));
    let keys: HashSet<_> = entries.iter().map(|e| e.key().unwrap()).collect();
    assert_eq!(keys.len(), 40);
}

#[test]
fn the_pairs_filter_is_honoured() {
    let (code, out, err) = shisen(&["pack", "--seeds", "0..60", "--gravity", "--min-pairs", "28", "--max-pairs", "32"]);
    assert_eq!(code, 0, "{err}");
    let entries = entries_of(&out);
    assert!(!entries.is_empty() && entries.len() < 60, "{err}");
    assert!(err.contains("skipped: pairs filter "), "{err}");
    for e in &entries {
        let pairs = shisen::pack::start_pairs(&e.board().unwrap());
        assert!((28..=32).contains(&pairs), "seed {}: {pairs}", e.seed);
        assert_eq!(e.label(), pairs.to_string());
        assert_eq!((e.options.min_pairs, e.options.max_pairs), (Some(28), Some(32)));
    }
    // --count fills up with seeds that pass.
    let out = pack(&["--count", "5", "--seed-start", "10", "--size", "8x4", "--min-pairs", "6"]);
    let entries = entries_of(&out);
    assert_eq!(entries.len(), 5);
    assert!(entries.iter().all(|e| shisen::pack::start_pairs(&e.board().unwrap()) >= 6 && e.seed >= 10));
}

#[test]
fn json_summary_counts_by_pairs() {
    let (code, out, err) = shisen(&["pack", "--seeds", "0..10", "--size", "6x4", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 10);
    let summary: Value = serde_json::from_str(err.trim()).unwrap();
    assert_eq!(summary["entries"], 10);
    let counts = summary["counts"]["pairs"].as_object().unwrap();
    assert_eq!(counts.values().map(|n| n.as_u64().unwrap()).sum::<u64>(), 10);
}

#[test]
fn bad_files_and_bad_options_exit_2() {
    let file = scratch("bad.jsonl");
    let name = file.to_str().unwrap();
    let mut noise: Vec<u8> = (0..2000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    noise.push(b'\n');
    for (content, code) in
        [(noise, 2), (Vec::new(), 0), (b"{\"game\":\"kami\",\"seed\":1}\n".to_vec(), 2), (b"not json\n\n".to_vec(), 2)]
    {
        std::fs::write(&file, &content).unwrap();
        let (got, out, err) = shisen(&["verify", name]);
        assert_eq!(got, code, "{err}");
        if code == 2 {
            assert_eq!((out.as_str(), err.lines().count()), ("", 1), "{err}");
        } else {
            assert_eq!(out, "0 entries: 0 hold, 0 wrong, 0 unknown\n");
        }
    }
    let (code, _, err) = shisen(&["verify", "/nonexistent/pack.jsonl"]);
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");

    // Our own checks: one line.
    for (args, message) in [
        (&["--size", "5x3"][..], "must fill the 5x3 board"),
        (&["--size", "big"], "expected WxH"),
        (&["--size", "0x4"], "must be between 1x1 and 100x100"),
        (&["--copies", "3"], "copies must be even"),
        (&["--kinds", "7"], "7 kinds x 4 copies must fill"),
        (&["--min-pairs", "9", "--max-pairs", "3"], "no deal has at least 9 and at most 3 pairs"),
        (&["--max-pairs", "0"], "at most 0 pairs"),
        (&["--min-pairs", "217"], "no deal has at least 217"),
    ] {
        let (code, out, err) = shisen(&[&["pack", "--seeds", "0..5"][..], args].concat());
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains(message) && err.lines().count() == 1, "{args:?}: {err}");
    }
    // The shared arguments: clap's usage errors (a first line, then maybe a hint).
    for args in
        [&["--seeds", "9..3"][..], &["--seeds", "0..9", "--shard", "3/3"], &["--count", "2", "--shard", "0/2"], &[]]
    {
        let (code, out, err) = shisen(&[&["pack"][..], args].concat());
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(!err.is_empty());
    }
}
