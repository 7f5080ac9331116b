//! `kami pack` and `kami verify` through the binary: the same bytes for any thread count,
//! after a kill and `--resume`, and from merged shards; `verify` holding on fresh packs
//! and naming the line of every kind of tampering; the filters; bad input and options.
#![cfg(feature = "cli")]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use engine::cli::{Ran, run_binary};
use engine::pack::Entry;
use kami::pack::PackEntry;
use serde_json::{Value, json};

/// The typical pack: 10 × 29 triangles, 4 colours, 24 regions, par 6 to 9.
const OPTIONS: [&str; 8] = ["--size", "10x29", "--colors", "4", "--regions", "24", "--par", "6..9"];

fn kami(args: &[&str]) -> Ran {
    let ran = run_binary(env!("CARGO_BIN_EXE_kami"), args, &[], "").unwrap();
    assert_ne!(ran.code, 101, "{args:?} panicked: {}", ran.stderr);
    ran
}

/// `kami pack ARGS OPTIONS`.
fn pack(args: &[&str]) -> Ran {
    let all: Vec<&str> = ["pack"].iter().chain(args).chain(&OPTIONS).copied().collect();
    kami(&all)
}

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kami-pack-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn entries(text: &str) -> Vec<PackEntry> {
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The pack of seeds `0..60`, made once per test that needs it.
fn fresh_pack(dir: &Path) -> (PathBuf, String) {
    let file = dir.join("fresh.jsonl");
    let ran = pack(&["--seeds", "0..60", "--out", path(&file)]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let text = std::fs::read_to_string(&file).unwrap();
    (file, text)
}

#[test]
fn the_same_bytes_on_one_and_two_threads() {
    let one = pack(&["--seeds", "0..60", "--threads", "1"]);
    let two = pack(&["--seeds", "0..60", "--threads", "2"]);
    assert_eq!((one.code, two.code), (0, 0), "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    assert!(one.stdout.lines().count() >= 24, "{}", one.stdout);
    // The summary is one line on standard error.
    assert!(one.stderr.starts_with("kami pack: ") && one.stderr.lines().count() == 1, "{}", one.stderr);
    let counted = pack(&["--count", "20", "--threads", "2"]);
    assert_eq!(counted.stdout.lines().collect::<Vec<_>>(), one.stdout.lines().take(20).collect::<Vec<_>>());
}

#[test]
fn entries_honour_the_options_and_filter_and_never_repeat_a_level() {
    let dir = scratch("filters");
    let (_, text) = fresh_pack(&dir);
    let all = entries(&text);
    let mut keys = BTreeSet::new();
    let mut seeds = Vec::new();
    for e in &all {
        assert!((6..=9).contains(&e.par), "seed {}: par {}", e.seed, e.par);
        let level: kami::Level = e.puzzle.parse().unwrap();
        assert_eq!((level.rows(), level.cols(), level.colours_used().len()), (10, 29, 4));
        let coded = kami::code::decode(&e.code).unwrap();
        assert_eq!((coded.cells(), coded.par), (level.cells(), Some(e.par)));
        assert!(e.code.len() <= 200, "{}", e.code);
        assert_eq!(kami::RegionGraph::new(&level).len(), 24);
        assert_eq!(e.moves.len(), e.par as usize);
        assert!(keys.insert(kami::symmetry::canonical_key(&level)), "seed {}: a repeat", e.seed);
        seeds.push(e.seed);
    }
    assert!(seeds.windows(2).all(|w| w[0] < w[1]));
    // Tiny levels repeat often: each is kept once, at its first seed.
    let tiny = kami(&["pack", "--seeds", "0..200", "--size", "2x3", "--colors", "2", "--regions", "3"]);
    assert_eq!(tiny.code, 0, "{}", tiny.stderr);
    let tiny = entries(&tiny.stdout);
    let keys: BTreeSet<String> = tiny.iter().map(|e| e.key().unwrap()).collect();
    assert_eq!(keys.len(), tiny.len());
    assert!(tiny.len() >= 2 && tiny.len() < 20, "{}", tiny.len());
    // A single par is a filter of one.
    let seven = kami(&["pack", "--seeds", "0..30", "--size", "10x29", "--regions", "24", "--par", "7"]);
    assert!(!seven.stdout.is_empty() && entries(&seven.stdout).iter().all(|e| e.par == 7));
}

/// A change to an entry's JSON.
type Tamper = Box<dyn Fn(&mut Value)>;

/// Each kind of tampering of the code.
fn code_tamperings() -> Vec<(&'static str, Tamper)> {
    vec![
        (
            "the code of another level",
            Box::new(|v: &mut Value| {
                let mut level = kami::code::decode(v["code"].as_str().unwrap()).unwrap();
                let mut cells = level.cells().clone();
                let first = cells.cells()[0].unwrap();
                cells.cells_mut()[0] = Some(u8::from(first == 0));
                let par = level.par;
                level = kami::Level::from_cells(cells).unwrap();
                level.par = par;
                v["code"] = json!(kami::code::encode(&level).unwrap());
            }),
        ),
        (
            "the code's par changed",
            Box::new(|v: &mut Value| {
                let mut level = kami::code::decode(v["code"].as_str().unwrap()).unwrap();
                level.par = level.par.map(|p| p + 1);
                v["code"] = json!(kami::code::encode(&level).unwrap());
            }),
        ),
        (
            "the code mistyped",
            Box::new(|v: &mut Value| {
                let code = v["code"].as_str().unwrap().to_string();
                let last = if code.ends_with('A') { "B" } else { "A" };
                v["code"] = json!(format!("{}{last}", &code[..code.len() - 1]));
            }),
        ),
    ]
}

/// Each kind of tampering, applied to the third line.
fn tamperings() -> Vec<(&'static str, Tamper)> {
    let cell = |v: &mut Value| {
        let p = v["puzzle"].as_str().unwrap().to_string();
        let (i, ch) = p.char_indices().find(|&(_, c)| c != '\n').unwrap();
        let other = if ch == '0' { '1' } else { '0' };
        v["puzzle"] = json!(format!("{other}{}", &p[i + 1..]));
    };
    vec![
        ("a triangle recoloured", Box::new(cell)),
        (
            "a triangle made a hole",
            Box::new(|v: &mut Value| {
                let p = v["puzzle"].as_str().unwrap().replacen(|c: char| c.is_ascii_digit(), ".", 1);
                v["puzzle"] = json!(p);
            }),
        ),
        (
            "a row dropped",
            Box::new(|v: &mut Value| {
                let p = v["puzzle"].as_str().unwrap();
                v["puzzle"] = json!(p.split_once('\n').unwrap().1);
            }),
        ),
        (
            "a par header",
            Box::new(|v: &mut Value| {
                v["puzzle"] = json!(format!("# par: {}\n{}", v["par"], v["puzzle"].as_str().unwrap()));
            }),
        ),
        ("par lowered", Box::new(|v: &mut Value| v["par"] = json!(v["par"].as_u64().unwrap() - 1))),
        ("par raised", Box::new(|v: &mut Value| v["par"] = json!(v["par"].as_u64().unwrap() + 1))),
        (
            "proof cut short",
            Box::new(|v: &mut Value| {
                v["moves"].as_array_mut().unwrap().pop();
            }),
        ),
        (
            "proof and par cut short",
            Box::new(|v: &mut Value| {
                v["moves"].as_array_mut().unwrap().pop();
                v["par"] = json!(v["par"].as_u64().unwrap() - 1);
            }),
        ),
        (
            "a move's colour changed",
            Box::new(|v: &mut Value| {
                let m = &mut v["moves"][0];
                m["colour"] = json!(if m["colour"] == "0" { "1" } else { "0" });
            }),
        ),
        ("a move's colour not a colour", Box::new(|v: &mut Value| v["moves"][0]["colour"] = json!("Z"))),
        ("a move off the board", Box::new(|v: &mut Value| v["moves"][1]["row"] = json!(99))),
        (
            "a move appended",
            Box::new(|v: &mut Value| {
                let first = v["moves"][0].clone();
                v["moves"].as_array_mut().unwrap().push(first);
                v["par"] = json!(v["par"].as_u64().unwrap() + 1);
            }),
        ),
        ("the seed changed", Box::new(|v: &mut Value| v["seed"] = json!(v["seed"].as_u64().unwrap() - 1))),
        ("the regions changed", Box::new(|v: &mut Value| v["options"]["regions"] = json!(25))),
        ("the colours changed", Box::new(|v: &mut Value| v["options"]["colours"] = json!(5))),
        ("the size changed", Box::new(|v: &mut Value| v["options"]["rows"] = json!(11))),
        (
            "the filter excludes the par",
            Box::new(|v: &mut Value| {
                v["options"]["par"] = json!({"min": 10, "max": 12});
            }),
        ),
        (
            "a field missing",
            Box::new(|v: &mut Value| {
                v.as_object_mut().unwrap().remove("moves");
            }),
        ),
        ("a field of the wrong type", Box::new(|v: &mut Value| v["par"] = json!("seven"))),
    ]
}

#[test]
fn verify_holds_on_a_fresh_pack_and_names_each_tampered_line() {
    let dir = scratch("verify");
    let (file, text) = fresh_pack(&dir);
    let ran = kami(&["verify", path(&file)]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let all = text.lines().count();
    assert_eq!(ran.stdout, format!("{all} entries: {all} hold, 0 wrong, 0 unknown\n"));
    // The tampered files keep the first six lines: quicker to verify.
    let lines: Vec<&str> = text.lines().take(6).collect();
    let n = lines.len();
    let bad = dir.join("bad.jsonl");
    for (what, tamper) in tamperings().into_iter().chain(code_tamperings()) {
        let mut v: Value = serde_json::from_str(lines[2]).unwrap();
        tamper(&mut v);
        let mut changed: Vec<String> = lines.iter().map(ToString::to_string).collect();
        changed[2] = serde_json::to_string(&v).unwrap();
        std::fs::write(&bad, changed.join("\n") + "\n").unwrap();
        let ran = kami(&["verify", "--threads", "2", path(&bad)]);
        assert_eq!(ran.code, 1, "{what}: {} {}", ran.stdout, ran.stderr);
        let prefix = format!("{}:3: ", path(&bad));
        assert!(ran.stderr.starts_with(&prefix) && ran.stderr.lines().count() == 1, "{what}: {}", ran.stderr);
        assert_eq!(ran.stdout, format!("{n} entries: {} hold, 1 wrong, 0 unknown\n", n - 1), "{what}");
    }
    // A line repeated: the same level twice, and its seed not after the one before.
    let mut repeated: Vec<&str> = lines.clone();
    repeated.insert(3, lines[2]);
    std::fs::write(&bad, repeated.join("\n") + "\n").unwrap();
    let ran = kami(&["verify", path(&bad)]);
    assert_eq!(ran.code, 1);
    assert!(ran.stderr.starts_with(&format!("{}:4: ", path(&bad))), "{}", ran.stderr);
    // With --json: the wrong lines as a list.
    let ran = kami(&["verify", "--json", path(&bad)]);
    let doc: Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(doc["wrong"][0]["line"], 4);
    // No time to re-prove: unknown, exit 3.
    let ran = kami(&["verify", "--timeout", "0", path(&file)]);
    assert_eq!(ran.code, 3, "{}", ran.stdout);
}

/// Starts the pack of `args`, kills it after `delay`, then resumes it: the bytes the killed
/// run left, and the resumed run.
fn kill_then_resume(args: &[&str], delay: Duration) -> (u64, Ran) {
    let all: Vec<&str> = ["pack"].iter().chain(args).chain(&OPTIONS).copied().collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kami"))
        .args(&all)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    let _ = child.kill();
    child.wait().unwrap();
    let out = args.iter().position(|&a| a == "--out").map(|i| args[i + 1]).unwrap();
    let written = std::fs::metadata(out).map_or(0, |m| m.len());
    let resumed: Vec<&str> = args.iter().copied().chain(["--resume"]).collect();
    (written, pack(&resumed))
}

#[test]
fn a_killed_or_torn_pack_resumes_to_the_same_bytes() {
    let dir = scratch("resume");
    let whole = dir.join("whole.jsonl");
    let args = |f: &Path| {
        ["--seeds".to_string(), "0..60".into(), "--threads".into(), "2".into(), "--out".into(), path(f).into()]
    };
    let ran = pack(&args(&whole).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(ran.code, 0);
    let expected = std::fs::read(&whole).unwrap();
    for (i, ms) in [0u64, 5, 20, 60, 150, 400].into_iter().enumerate() {
        let file = dir.join(format!("killed-{i}.jsonl"));
        let a = args(&file);
        let (written, ran) =
            kill_then_resume(&a.iter().map(String::as_str).collect::<Vec<_>>(), Duration::from_millis(ms));
        eprintln!("killed after {ms} ms with {written} bytes written");
        assert_eq!(ran.code, 0, "{ms} ms: {}", ran.stderr);
        assert!(std::fs::read(&file).unwrap() == expected, "{ms} ms: not the same bytes");
    }
    // Cut in the middle of a line, and before anything.
    for cut in [expected.len() / 2, 1, 0] {
        let file = dir.join(format!("torn-{cut}.jsonl"));
        std::fs::write(&file, &expected[..cut]).unwrap();
        let a: Vec<String> = args(&file).into_iter().chain(["--resume".to_string()]).collect();
        let ran = pack(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        assert!(std::fs::read(&file).unwrap() == expected, "cut at {cut}");
    }
    // A stopped run (--timeout 0) says so, and resumes too.
    let file = dir.join("timeout.jsonl");
    let ran = pack(&["--seeds", "0..60", "--timeout", "0", "--out", path(&file)]);
    assert_eq!(ran.code, 3, "{}", ran.stderr);
    let a: Vec<String> = args(&file).into_iter().chain(["--resume".to_string()]).collect();
    assert_eq!(pack(&a.iter().map(String::as_str).collect::<Vec<_>>()).code, 0);
    assert!(std::fs::read(&file).unwrap() == expected);
}

#[test]
fn merged_shards_are_one_run() {
    let dir = scratch("shards");
    let (_, whole) = fresh_pack(&dir);
    let mut shards = Vec::new();
    for i in 0..3 {
        let file = dir.join(format!("shard-{i}.jsonl"));
        let ran = pack(&["--seeds", "0..60", "--shard", &format!("{i}/3"), "--out", path(&file)]);
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        shards.push(file);
    }
    let merged = dir.join("merged.jsonl");
    let ran = kami(&["pack", "--merge", path(&shards[0]), path(&shards[1]), path(&shards[2]), "--out", path(&merged)]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), whole);
}

#[test]
fn resuming_with_other_options_is_refused() {
    let dir = scratch("plan");
    let (file, text) = fresh_pack(&dir);
    let ran =
        kami(&["pack", "--seeds", "0..60", "--out", path(&file), "--resume", "--size", "10x29", "--regions", "25"]);
    assert_eq!(ran.code, 2);
    assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
    assert!(ran.stderr.contains(":1: made by another plan"), "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
}

#[test]
fn bad_files_exit_2_and_an_empty_file_is_an_empty_pack() {
    let dir = scratch("bad");
    let file = dir.join("f.jsonl");
    let mut bytes: Vec<u8> = (0..4000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    bytes.push(b'\n');
    for (content, code) in [
        (bytes, 2),
        (b"not json\n".to_vec(), 2),
        (b"{\"game\":\"kami\",\"seed\":1}\n".to_vec(), 2),
        (b"{\"game\":\"hitori\",\"seed\":1,\"puzzle\":\"1 2\\n2 1\"}\n".to_vec(), 2),
        (Vec::new(), 0),
    ] {
        std::fs::write(&file, &content).unwrap();
        let ran = kami(&["verify", path(&file)]);
        assert_eq!(ran.code, code, "{:?}: {}", String::from_utf8_lossy(&content[..content.len().min(40)]), ran.stderr);
        if code == 2 {
            assert!(ran.stdout.is_empty() && ran.stderr.lines().count() == 1, "{}", ran.stderr);
        } else {
            assert_eq!(ran.stdout, "0 entries: 0 hold, 0 wrong, 0 unknown\n");
        }
    }
    assert_eq!(kami(&["verify", path(&dir.join("missing.jsonl"))]).code, 2);
    // A pack of another game is not resumed either.
    std::fs::write(&file, "{\"game\":\"hitori\",\"seed\":1}\n").unwrap();
    assert_eq!(pack(&["--seeds", "0..3", "--out", path(&file), "--resume"]).code, 2);
}

#[test]
fn bad_options_exit_2_with_one_line() {
    let cases: [&[&str]; 13] = [
        &["--seeds", "9..3"],
        &["--seeds", "0..3", "--shard", "3/3"],
        &["--seeds", "0..3", "--size", "0x5"],
        &["--seeds", "0..3", "--size", "300x300"],
        &["--seeds", "0..3", "--size", "big"],
        &["--seeds", "0..3", "--colors", "0"],
        &["--seeds", "0..3", "--colors", "37"],
        &["--seeds", "0..3", "--regions", "5000"],
        &["--seeds", "0..3", "--par", "9..6"],
        &["--seeds", "0..3", "--par", "x"],
        &["--seeds", "0..3", "--par", "1..2"],
        &["--seeds", "0..3", "--regions", "5", "--par", "5..9"],
        &["--count", "3", "--shard", "0/2"],
    ];
    for args in cases {
        let all: Vec<&str> = ["pack"].iter().chain(args).copied().collect();
        let ran = kami(&all);
        assert_eq!(ran.code, 2, "{args:?}: {}", ran.stderr);
        assert!(ran.stdout.is_empty(), "{args:?}");
        let mut lines = ran.stderr.lines();
        assert!(lines.next().is_some_and(|l| l.starts_with("kami: ")), "{args:?}: {}", ran.stderr);
        // clap's usage errors may add their "try --help" line.
        assert!(
            lines.all(|l| l.starts_with("For more information") || l.trim_start().starts_with("tip:")),
            "{args:?}: {}",
            ran.stderr
        );
    }
}
