//! `fifteen pack` and `fifteen verify` through the binary: the same bytes for any number of
//! threads, after kills and resumes, and from merged shards; every kind of tampering named
//! by its line; filters, canonical keys and bad input.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use engine::cli::{Ran, run_binary};
use engine::pack::Entry;
use fifteen::pack::PackEntry;
use fifteen::{Board, Goal, Move};
use serde_json::Value;

/// The pattern database cache of the binary's tests (shared with `cli.rs`, a module of the same test binary).
fn pdb_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("fifteen-cli-pdb-v2")
}

/// Runs `fifteen args`.
fn fifteen(args: &[&str]) -> Ran {
    let ran = run_binary(env!("CARGO_BIN_EXE_fifteen"), args, &[("FIFTEEN_PDB_DIR", &pdb_dir())], "").unwrap();
    assert_ne!(ran.code, 101, "{args:?} panicked: {}", ran.stderr);
    ran
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fifteen-pack-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The pack `args` asks for on standard output (exit 0).
fn pack(args: &[&str]) -> String {
    let mut all = vec!["pack"];
    all.extend_from_slice(args);
    let ran = fifteen(&all);
    assert_eq!(ran.code, 0, "{all:?}: {}", ran.stderr);
    assert!(ran.stderr.starts_with("fifteen pack: "), "{}", ran.stderr);
    ran.stdout
}

fn entries(text: &str) -> Vec<PackEntry> {
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn threads_give_the_same_bytes() {
    let one = pack(&["--size", "3x3", "--seeds", "0..60", "--threads", "1"]);
    let two = pack(&["--size", "3x3", "--seeds", "0..60", "--threads", "2"]);
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 60);
    // 4x4 with the pattern databases, loaded once for both threads.
    let one = pack(&["--seeds", "0..6", "--threads", "1"]);
    let two = pack(&["--seeds", "0..6", "--threads", "2"]);
    assert_eq!(one, two);
    for e in entries(&one) {
        assert!(e.optimal && (30..=80).contains(&e.length), "{e:?}");
        assert_eq!(e.options.size, "4x4");
    }
    // Big boards: the fast solver, not proven optimal.
    let one = pack(&["--size", "5x4", "--seeds", "0..4", "--threads", "1"]);
    assert_eq!(one, pack(&["--size", "5x4", "--seeds", "0..4", "--threads", "2"]));
    assert!(entries(&one).iter().all(|e| !e.optimal));
}

#[test]
fn entries_replay_and_are_the_generated_boards() {
    let text = pack(&["--size", "3x3", "--goal", "snake", "--seeds", "10..20"]);
    let generated = fifteen(&["generate", "--size", "3x3", "--goal", "snake", "--seed", "10"]).stdout;
    let first = entries(&text).remove(0);
    assert_eq!(first.puzzle, generated.trim(), "seed 10's board is the first board of generate --seed 10");
    for e in entries(&text) {
        let mut board = Board::parse_line(&e.puzzle, Some(3)).unwrap();
        let code = fifteen::code::decode(&e.code).unwrap();
        assert_eq!((code.board(), code.goal()), (&board, &Goal::Snake));
        board.replay(&Move::parse_all(&e.moves).unwrap()).unwrap();
        assert_eq!(board, Goal::Snake.layout(3, 3).unwrap());
        assert_eq!(e.moves.len(), e.length as usize);
    }
    let line = text.lines().next().unwrap();
    assert!(line.starts_with(r#"{"game":"fifteen","seed":10,"puzzle":""#), "{line}");
    assert!(line.contains(&format!(r#"","code":"{}","length":"#, first.code)), "{line}");
    // `--format code`: the codes alone, one a line, in the same order.
    let codes = pack(&["--size", "3x3", "--goal", "snake", "--seeds", "10..20", "--format", "code"]);
    let expected: Vec<String> = entries(&text).into_iter().map(|e| e.code).collect();
    assert_eq!(codes.lines().collect::<Vec<_>>(), expected);
    assert!(line.ends_with(r#","optimal":true,"options":{"size":"3x3","goal":"snake","length":null}}"#), "{line}");
    // The optimal length is `solve`'s.
    let solved = run_binary(env!("CARGO_BIN_EXE_fifteen"), &["solve", "--goal", "snake"], &[], &first.puzzle).unwrap();
    assert_eq!(solved.stdout.split(' ').next().unwrap(), first.length.to_string());
}

/// A change to an entry.
type Edit<'a> = Box<dyn Fn(&mut Value) + 'a>;

/// Writes `text` to `path`, runs `verify` on it: (exit code, stderr).
fn verify_text(path: &Path, text: &str) -> (i32, String) {
    std::fs::write(path, text).unwrap();
    let ran = fifteen(&["verify", path_str(path)]);
    (ran.code, ran.stderr)
}

#[test]
fn verify_catches_every_kind_of_tampering_on_its_line() {
    let dir = scratch("tamper");
    let file = dir.join("pack.jsonl");
    let text = pack(&["--size", "3x3", "--seeds", "0..8", "--length", "10..28"]);
    assert!(text.lines().count() >= 6);
    let (code, err) = verify_text(&file, &text);
    assert_eq!((code, err.as_str()), (0, ""));
    let ran = fifteen(&["verify", path_str(&file)]);
    assert!(ran.stdout.ends_with("hold, 0 wrong, 0 unknown\n"), "{}", ran.stdout);

    // Line 3 tampered with in each way; the reason names file and line.
    let third: Value = serde_json::from_str(text.lines().nth(2).unwrap()).unwrap();
    let length = third["length"].as_u64().unwrap();
    let moves = third["moves"].as_str().unwrap().to_string();
    let puzzle = third["puzzle"].as_str().unwrap().to_string();
    let mut tiles: Vec<String> = puzzle.split(' ').map(String::from).collect();
    let blank = tiles.iter().position(|t| t == "0").unwrap();
    let (a, b) = if blank < 2 { (7, 8) } else { (0, 1) };
    let mut swapped = tiles.clone();
    swapped.swap(a, b); // two tiles swapped: the board cannot reach the goal
    let slid = if blank % 3 > 0 { blank - 1 } else { blank + 1 };
    tiles.swap(blank, slid); // one tile slid: another, solvable board
    // The code of line 2's puzzle, of this puzzle toward the snake goal, and one mistyped.
    let second: Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    let other_code = second["code"].as_str().unwrap().to_string();
    let board = Board::parse_line(&puzzle, Some(3)).unwrap();
    let snake_code = fifteen::code::encode(&board, &Goal::Snake).unwrap();
    let code = third["code"].as_str().unwrap();
    assert_eq!(fifteen::code::encode(&board, &Goal::BlankLast).unwrap(), code);
    let at = "fifteen:1:".len() + 2;
    let typo = if &code[at..=at] == "A" { "B" } else { "A" };
    let mistyped = format!("{}{typo}{}", &code[..at], &code[at + 1..]);
    let flipped = |m: &str| {
        let c = if m.starts_with('U') { "D" } else { "U" };
        format!("{c}{}", &m[1..])
    };
    let edits: Vec<(&str, Edit)> = vec![
        ("two tiles swapped", Box::new(|v| v["puzzle"] = swapped.join(" ").into())),
        ("a tile slid", Box::new(|v| v["puzzle"] = tiles.join(" ").into())),
        ("a tile renamed", Box::new(|v| v["puzzle"] = puzzle.replacen('8', "9", 1).into())),
        ("moves cut short", Box::new(|v| v["moves"] = moves[..moves.len() - 1].into())),
        ("moves and length cut short", {
            let m = moves.clone();
            Box::new(move |v| {
                v["moves"] = m[..m.len() - 2].into();
                v["length"] = (length - 2).into();
            })
        }),
        ("first move altered", Box::new(|v| v["moves"] = flipped(&moves).into())),
        ("moves longer, length too", {
            let m = moves.clone();
            Box::new(move |v| {
                v["moves"] = format!("{m}UD").into();
                v["length"] = (length + 2).into();
            })
        }),
        ("length changed", Box::new(|v| v["length"] = (length + 1).into())),
        ("optimal false", Box::new(|v| v["optimal"] = false.into())),
        ("filter that excludes it", Box::new(|v| v["options"]["length"] = format!("{}..28", length + 1).into())),
        ("size changed", Box::new(|v| v["options"]["size"] = "9x1".into())),
        ("goal changed", Box::new(|v| v["options"]["goal"] = "spiral".into())),
        ("seed changed", Box::new(|v| v["seed"] = (v["seed"].as_u64().unwrap() * 1000 + 999).into())),
        ("moves not moves", Box::new(|v| v["moves"] = "UDX".into())),
        ("no length", Box::new(|v| v["length"] = Value::Null)),
        ("code mistyped", Box::new(|v| v["code"] = mistyped.clone().into())),
        ("code of another line", Box::new(|v| v["code"] = other_code.clone().into())),
        ("code toward another goal", Box::new(|v| v["code"] = snake_code.clone().into())),
        ("code of another game", Box::new(|v| v["code"] = engine::code::encode("kami", 1, &[1, 2, 3]).into())),
        ("code of a future version", Box::new(|v| v["code"] = engine::code::encode("fifteen", 9, &[1]).into())),
        ("code not a code", Box::new(|v| v["code"] = puzzle.clone().into())),
        ("no code", Box::new(|v| v["code"] = Value::Null)),
    ];
    for (what, edit) in &edits {
        let mut v = third.clone();
        edit(&mut v);
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines[2] = v.to_string();
        if what == &"seed changed" {
            lines.truncate(3); // keep the seeds increasing
        }
        let (exit, err) = verify_text(&file, &(lines.join("\n") + "\n"));
        assert_eq!(exit, 1, "{what}: {err}");
        let expected = format!("{}:3: ", path_str(&file));
        assert!(err.starts_with(&expected) && err.lines().count() == 1, "{what}: {err}");
        if what.starts_with("code") {
            assert!(err.contains("code"), "{what}: {err}");
        }
    }
    // A repeated line, and lines out of seed order.
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(3, lines[2]);
    let (code, err) = verify_text(&file, &(lines.join("\n") + "\n"));
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("{}:4: seed", path_str(&file))), "{err}");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(1, 2);
    let (code, err) = verify_text(&file, &(lines.join("\n") + "\n"));
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("{}:3: seed", path_str(&file))), "{err}");
}

#[test]
fn verify_with_a_timeout_is_unknown_not_wrong() {
    let dir = scratch("unknown");
    let file = dir.join("pack.jsonl");
    std::fs::write(&file, pack(&["--seeds", "0..2"])).unwrap();
    let ran = fifteen(&["verify", path_str(&file), "--timeout", "0"]);
    assert_eq!(ran.code, 3, "{}", ran.stderr);
    assert!(ran.stdout.ends_with("0 wrong, 2 unknown\n"), "{}", ran.stdout);
    let ran = fifteen(&["verify", path_str(&file), "--json"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let doc: Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(doc["hold"], 2);
}

/// Starts `fifteen args` and kills it after `delay`.
fn killed_after(args: &[&str], delay: Duration) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fifteen"))
        .args(args)
        .env("FIFTEEN_PDB_DIR", pdb_dir())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn killed_and_resumed_packs_are_the_uninterrupted_pack() {
    let dir = scratch("resume");
    let whole = dir.join("whole.jsonl");
    let plan = ["pack", "--size", "3x3", "--seeds", "0..4000", "--threads", "2", "--out"];
    let with_out = |p: &Path| {
        let mut args = plan.to_vec();
        args.push(path_str(p));
        args.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let args = with_out(&whole);
    let ran = fifteen(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let expected = std::fs::read(&whole).unwrap();
    let mut cut_short = 0;
    for (i, ms) in [0u64, 15, 60, 150, 400].into_iter().enumerate() {
        let file = dir.join(format!("killed-{i}.jsonl"));
        let args = with_out(&file);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        killed_after(&args, Duration::from_millis(ms));
        let before = std::fs::read(&file).map_or(0, |b| b.len());
        if before < expected.len() {
            cut_short += 1;
        }
        let mut resume = args.clone();
        resume.push("--resume");
        let ran = fifteen(&resume);
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        assert!(std::fs::read(&file).unwrap() == expected, "killed after {ms} ms ({before} bytes written)");
    }
    assert!(cut_short > 0, "no kill came before the end");
    // A file cut in the middle of a line.
    let file = dir.join("torn.jsonl");
    let mut at = expected.len() / 2;
    while expected[at - 1] == b'\n' {
        at += 1;
    }
    std::fs::write(&file, &expected[..at]).unwrap();
    let mut resume = with_out(&file);
    resume.push("--resume".into());
    let ran = fifteen(&resume.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(std::fs::read(&file).unwrap() == expected);
    // A run stopped by --timeout exits 3 and goes on with --resume.
    let file = dir.join("stopped.jsonl");
    let mut stopped = with_out(&file);
    stopped.extend(["--timeout".to_string(), "0".to_string()]);
    let ran = fifteen(&stopped.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(ran.code, 3, "{}", ran.stderr);
    assert!(ran.stderr.contains("go on with --resume"), "{}", ran.stderr);
    stopped.truncate(stopped.len() - 2);
    stopped.push("--resume".into());
    let ran = fifteen(&stopped.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(std::fs::read(&file).unwrap() == expected);
}

#[test]
fn merged_shards_are_one_run_and_keys_are_unique() {
    let dir = scratch("shards");
    // 2x3 boards repeat often (359 of them): repeats across shards are dropped by the merge.
    let whole = pack(&["--size", "2x3", "--seeds", "0..300"]);
    let mut files = Vec::new();
    for i in 0..3 {
        let file = dir.join(format!("shard-{i}.jsonl"));
        let shard = format!("{i}/3");
        let ran = fifteen(&["pack", "--size", "2x3", "--seeds", "0..300", "--shard", &shard, "--out", path_str(&file)]);
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        files.push(file);
    }
    let merged = dir.join("merged.jsonl");
    let ran = fifteen(&[
        "pack",
        "--merge",
        path_str(&files[0]),
        path_str(&files[1]),
        path_str(&files[2]),
        "--out",
        path_str(&merged),
    ]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), whole);
    let list = entries(&whole);
    let keys: HashSet<_> = list.iter().map(|e| e.key().unwrap()).collect();
    assert_eq!(keys.len(), list.len());
    assert!(list.len() < 250, "repeats were dropped: {}", list.len());
    // The 2x3 blank-last board has no symmetry keeping its blank corner: every board is
    // its own class, so the entries are exactly the distinct boards.
    let distinct: HashSet<&str> = whole.lines().map(|l| l.split("\"puzzle\":").nth(1).unwrap()).collect();
    assert_eq!(distinct.len(), list.len());
    // 3x3: the transpose keeps the blank corner; a pack never holds a board and its mirror.
    let list = entries(&pack(&["--size", "3x3", "--seeds", "0..500"]));
    let keys: HashSet<_> = list.iter().map(|e| e.key().unwrap()).collect();
    assert_eq!(keys.len(), list.len());
    // 2x2: the 11 boards make 6 classes, one per length.
    let list = entries(&pack(&["--size", "2x2", "--seeds", "0..200"]));
    let lengths: Vec<u32> =
        list.iter().map(|e| e.length).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    assert_eq!((list.len(), lengths), (6, vec![1, 2, 3, 4, 5, 6]));
}

#[test]
fn filters_are_honoured() {
    for (size, filter, goal) in [("3x3", "20..22", "blank-last"), ("3x3", "24", "spiral"), ("2x4", "30..36", "snake")] {
        let list = entries(&pack(&["--size", size, "--length", filter, "--goal", goal, "--count", "12"]));
        assert_eq!(list.len(), 12);
        let lengths: fifteen::pack::Lengths = filter.parse().unwrap();
        for e in &list {
            assert!(lengths.contains(e.length), "{e:?}");
            assert_eq!(e.options.length.as_deref(), Some(lengths.to_string().as_str()));
            assert_eq!(e.options.goal, goal);
        }
    }
}

/// Asserts exit 2, one line on stderr (and clap's "try --help" line for usage errors),
/// nothing on stdout.
fn refused(args: &[&str]) -> String {
    let ran = fifteen(args);
    assert_eq!(ran.code, 2, "{args:?}: {}", ran.stderr);
    assert_eq!(ran.stdout, "", "{args:?}");
    let lines: Vec<&str> = ran.stderr.lines().collect();
    assert!(lines[0].starts_with("fifteen: "), "{args:?}: {}", ran.stderr);
    assert!(lines.len() == 1 || lines[1..].iter().all(|l| l.contains("--help") || l.is_empty()), "{}", ran.stderr);
    lines[0].to_string()
}

#[test]
fn bad_input_exits_2_without_a_panic() {
    let dir = scratch("bad");
    let file = dir.join("f.jsonl");
    let f = path_str(&file);
    let mut noise = Vec::new();
    let mut x = 2_463_534_242u32;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        noise.push(x as u8);
    }
    std::fs::write(&file, &noise).unwrap();
    refused(&["verify", f]);
    std::fs::write(&file, "{\"game\":\"kami\",\"seed\":1}\n").unwrap();
    assert!(refused(&["verify", f]).contains("kami"));
    std::fs::write(&file, "").unwrap();
    let ran = fifteen(&["verify", f]);
    assert_eq!((ran.code, ran.stdout.as_str()), (0, "0 entries: 0 hold, 0 wrong, 0 unknown\n"));
    refused(&["verify", path_str(&dir.join("missing.jsonl"))]);
    // A line of this game that is not an entry: not a pack alone, a wrong line after an entry.
    std::fs::write(&file, "{\"game\":\"fifteen\",\"seed\":1}\n").unwrap();
    refused(&["verify", f]);
    let good = pack(&["--size", "2x2", "--seeds", "0..1"]);
    std::fs::write(&file, format!("{good}{{\"game\":\"fifteen\",\"seed\":1}}\n")).unwrap();
    let ran = fifteen(&["verify", f]);
    assert_eq!(ran.code, 1);
    assert!(ran.stderr.starts_with(&format!("{f}:2: ")), "{}", ran.stderr);

    for args in [
        &["pack", "--seeds", "9..3"][..],
        &["pack", "--seeds", "0..9", "--shard", "3/3"],
        &["pack", "--count", "3", "--size", "1x1"],
        &["pack", "--count", "3", "--size", "4by4"],
        &["pack", "--count", "3", "--size", "17x16"],
        &["pack", "--count", "3", "--size", "3x3", "--length", "40"],
        &["pack", "--count", "3", "--length", "81..90"],
        &["pack", "--count", "3", "--length", "0"],
        &["pack", "--count", "3", "--length", "5..3"],
        &["pack", "--count", "3", "--length", "x"],
        &["pack", "--count", "3", "--goal", "diagonal"],
        &["pack", "--count", "3", "--size", "3x3", "--goal", "1 2 3 0"],
        &["pack", "--count", "3", "--seeds", "0..4"],
        &["pack"],
        &["pack", "--merge", "/no/such/file"],
    ] {
        refused(args);
    }
    assert_eq!(
        refused(&["pack", "--count", "3", "--size", "3x3", "--length", "40"]),
        "fifteen: --length 40: no 3x3 board with the goal blank in a corner is more than 31 moves from the goal"
    );
}

#[test]
fn resume_refuses_a_file_of_other_options() {
    let dir = scratch("other");
    let file = dir.join("p.jsonl");
    let f = path_str(&file);
    assert_eq!(fifteen(&["pack", "--size", "3x3", "--seeds", "0..5", "--out", f]).code, 0);
    for other in
        [&["--size", "3x3", "--length", "20..22"][..], &["--size", "3x3", "--goal", "snake"], &["--size", "3x2"]]
    {
        let mut args = vec!["pack", "--seeds", "0..10", "--out", f, "--resume"];
        args.extend_from_slice(other);
        let line = refused(&args);
        assert!(line.contains("made by another plan"), "{line}");
    }
    let ran = fifteen(&["pack", "--size", "3x3", "--seeds", "0..10", "--out", f, "--resume"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), pack(&["--size", "3x3", "--seeds", "0..10"]));
}

#[test]
fn the_lower_bound_skips_only_boards_outside_the_filter() {
    use engine::pack::Made;
    use fifteen::pack::{Maker, PackSpec};
    let cache = fifteen::pdb::PdbCache::in_memory(); // nothing written to disk
    let budget = engine::Budget::default();
    // 3x3: linear conflicts; 2x5: pattern databases.
    for (size, filters) in
        [((3, 3), ["20..22", "24", "1..12", "25..31"]), ((2, 5), ["30..34", "37", "1..20", "40..55"])]
    {
        let spec = PackSpec::new(engine::Size::new(size.0, size.1));
        let all = Maker::new(&spec, &cache).unwrap();
        let (mut kept, mut skipped) = (0, 0);
        for filter in filters {
            let lengths: fifteen::pack::Lengths = filter.parse().unwrap();
            let some = Maker::new(&spec.clone().with_lengths(Some(lengths)), &cache).unwrap();
            for seed in 0..150 {
                match (all.make_entry(seed, &budget), some.make_entry(seed, &budget)) {
                    (Made::Entry(a), Made::Entry(b)) => {
                        assert!(lengths.contains(a.length));
                        assert_eq!((a.puzzle, a.moves), (b.puzzle, b.moves));
                        kept += 1;
                    }
                    (Made::Entry(a), Made::Skipped(why)) => {
                        assert!(!lengths.contains(a.length), "{size:?} {filter} seed {seed}: {}", a.length);
                        assert_eq!(why, format!("length outside {lengths}"));
                        skipped += 1;
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
        assert!(skipped > 50 && kept > 50, "{size:?}: {kept} kept, {skipped} skipped");
    }
}
