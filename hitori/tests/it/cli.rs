//! The `hitori` binary against the command-line contract.

use std::time::{Duration, Instant};

use engine::cli::{Ran, run_binary};

fn run(args: &[&str], stdin: &str) -> Ran {
    run_binary(env!("CARGO_BIN_EXE_hitori"), args, &[], stdin).unwrap()
}

#[test]
fn solve_prints_the_answer_class_and_solutions() {
    let out = run(&["solve"], "# a comment\n1 1\n1 2\n");
    assert_eq!(Some(out.code), Some(0));
    assert_eq!(out.stdout, "unique\n# 1\n1 2\n");
    assert!(out.stderr.is_empty());

    let out = run(&["solve", "-"], "1 1\n");
    assert_eq!(Some(out.code), Some(0));
    assert_eq!(out.stdout, "multiple\n1 #\n\n# 1\n");

    let out = run(&["solve"], "1 1\n1 1\n");
    assert_eq!(Some(out.code), Some(1));
    assert_eq!(out.stdout, "none\n");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, input, expected) in [
        (&["solve"][..], "1 2\n3\n", "hitori: <stdin>:2:1: row has 1 cells, the first row has 2\n"),
        (&["solve"][..], "1 0\n", "hitori: <stdin>:1:3: 0 is not a positive number\n"),
        (&["solve"][..], "1 -4\n", "hitori: <stdin>:1:3: -4 is not a positive number\n"),
        (&["solve"][..], "1 x\n", "hitori: <stdin>:1:3: \"x\" is not a number\n"),
        (&["solve"][..], "# only a comment\n", "hitori: <stdin>:1:1: no grid rows\n"),
        (&["generate", "--size", "0"][..], "", "hitori: --size 0: expected N or WxH with positive whole numbers\n"),
        (&["generate", "--size", "3y"][..], "", "hitori: --size 3y: expected N or WxH with positive whole numbers\n"),
    ] {
        let out = run(args, input);
        assert_eq!(Some(out.code), Some(2), "{args:?} {input:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(out.stderr, expected);
    }
    let out = run(&["solve", "/no/such/file"], "");
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert!(out.stderr.starts_with("hitori: /no/such/file: cannot read: "), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1);
}

#[test]
fn usage_errors_keep_clap_s_advice_and_exit_2() {
    for (args, first) in [
        (
            &["solve", "--timeout", "-1"][..],
            "hitori: invalid value '-1' for '--timeout <S>': expected a number of seconds >= 0",
        ),
        (&["frobnicate"][..], "hitori: unrecognized subcommand 'frobnicate'"),
        (&["solve", "a", "b"][..], "hitori: unexpected argument 'b' found"),
    ] {
        let out = run(args, "");
        assert_eq!(Some(out.code), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(out.stderr.lines().next(), Some(first), "{}", out.stderr);
        assert_eq!(out.stderr.lines().last(), Some("For more information, try '--help'."), "{}", out.stderr);
    }
}

#[test]
fn generate_is_deterministic_and_unique() {
    let a = run(&["generate", "--size", "7x5", "--seed", "9"], "");
    assert_eq!(Some(a.code), Some(0));
    let b = run(&["generate", "--size", "7x5", "--seed", "9"], "");
    assert_eq!(a.stdout, b.stdout);
    let puzzle: hitori::Puzzle = a.stdout.parse().unwrap();
    assert_eq!((puzzle.width(), puzzle.height()), (7, 5));
    let solved = run(&["solve"], &a.stdout);
    assert!(solved.stdout.starts_with("unique\n"));

    let medium = run(&["generate", "--size", "6", "--seed", "1", "--difficulty", "medium"], "");
    assert_eq!(Some(medium.code), Some(0));
    let p: hitori::Puzzle = medium.stdout.parse().unwrap();
    assert_eq!(hitori::steps::grade(&p), hitori::steps::Difficulty::Medium);

    let impossible = run(&["generate", "--size", "1x2"], "");
    assert_eq!(Some(impossible.code), Some(1));
    assert!(impossible.stdout.is_empty());
    assert_eq!(impossible.stderr, "hitori: found no puzzle with exactly one solution at 1x2\n");
}

#[test]
fn big_boards_finish_or_give_up_within_the_timeout() {
    // A 300x300 board of latin rows with many copied numbers: far too much for exhaustive
    // search, so it must answer or say `unknown` (exit 3) within its time limit.
    let mut rng = engine::SeededRng::new(4);
    let side = 300;
    let rows: Vec<String> = (0..side)
        .map(|y| {
            (0..side)
                .map(|x| if rng.chance(1, 4) { 1 + rng.below(side) } else { 1 + (x + y) % side })
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let start = Instant::now();
    let out = run(&["solve", "--timeout", "0.5"], &rows.join("\n"));
    assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
    let first = out.stdout.lines().next().unwrap_or_default().to_string();
    match Some(out.code) {
        Some(3) => assert_eq!(first, "unknown"),
        Some(0 | 1) => assert!(["unique", "multiple", "none"].contains(&first.as_str())),
        other => panic!("exit {other:?}"),
    }
}

#[test]
fn a_timeout_of_zero_gives_up_cleanly() {
    let puzzle = hitori::generate(&hitori::Spec::new(60, 40), &mut engine::SeededRng::new(3)).unwrap().to_string();
    let out = run(&["solve", "--timeout", "0"], &puzzle);
    assert_eq!(Some(out.code), Some(3));
    assert_eq!(out.stdout, "unknown\n");
    let out = run(&["solve", "--timeout", "30"], &puzzle);
    assert_eq!(Some(out.code), Some(0));
    assert!(out.stdout.starts_with("unique\n"));
}

fn json(out: &Ran) -> serde_json::Value {
    assert_eq!(out.stdout.lines().count(), 1, "one JSON document on one line: {}", out.stdout);
    serde_json::from_str(&out.stdout).unwrap()
}

/// A file holding `text`, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("hitori-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn no_arguments_print_the_commands() {
    let out = run(&[], "");
    assert_eq!(out.code, 0);
    for command in ["solve", "generate", "hint", "render", "--json"] {
        assert!(out.stdout.contains(command), "{}", out.stdout);
    }
    assert!(out.stderr.is_empty());
}

#[test]
fn help_shows_the_input_format_and_an_example() {
    for (command, format) in [
        ("solve", "Puzzle text: one row per line"),
        ("generate", "each side from 1 to 10000, at most 1000000 cells"),
        ("hint", "State text (--state)"),
        ("render", "State text (--state)"),
    ] {
        let out = run(&[command, "--help"], "");
        assert_eq!(out.code, 0);
        assert!(out.stdout.contains(format), "{command}: {}", out.stdout);
        assert!(out.stdout.contains("Example:\n  "), "{command}: {}", out.stdout);
    }
    let out = run(&["generate", "--help"], "");
    assert!(out.stdout.contains("easy") && out.stdout.contains("medium") && out.stdout.contains("search"));
    let out = run(&["generate", "--difficulty", "x"], "");
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert_eq!(out.stderr.lines().next(), Some("hitori: invalid value 'x' for '--difficulty <D>'"));
    assert_eq!(out.stderr.lines().last(), Some("For more information, try '--help'."));
}

#[test]
fn sizes_beyond_the_limits_are_named() {
    for (size, message) in [
        ("100000", "hitori: --size 100000: each side must be from 1 to 10000\n"),
        ("100x20000", "hitori: --size 100x20000: each side must be from 1 to 10000\n"),
        ("2000x1000", "hitori: --size 2000x1000: at most 1000000 cells\n"),
        (
            "99999999999999999999999",
            "hitori: --size 99999999999999999999999: expected N or WxH with positive whole numbers\n",
        ),
    ] {
        let out = run(&["generate", "--size", size], "");
        assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (2, "", message));
    }
}

#[test]
fn generation_honours_the_timeout() {
    let start = Instant::now();
    let out = run(&["generate", "--size", "1000", "--timeout", "0.2"], "");
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    assert_eq!((out.code, out.stdout.as_str()), (3, ""));
    assert_eq!(out.stderr, "hitori: gave up before a puzzle was found (time limit)\n");
    let out = run(&["generate", "--size", "1000", "--timeout", "0.2", "--json"], "");
    assert_eq!((out.code, out.stdout.as_str()), (3, ""));
}

#[test]
fn every_command_speaks_json() {
    let out = run(&["solve", "--json"], "1 1\n1 2\n");
    assert_eq!(out.code, 0);
    let v = json(&out);
    assert_eq!(v["answer"], "unique");
    assert_eq!(v["solutions"], serde_json::json!([["# 1", "1 2"]]));
    assert!(v["nodes"].is_u64() && v["seconds"].is_f64());
    let v = json(&run(&["--json", "solve"], "1 1\n"));
    assert_eq!((v["answer"].as_str(), v["solutions"].as_array().map(Vec::len)), (Some("multiple"), Some(2)));
    let out = run(&["solve", "--json"], "1 1\n1 1\n");
    assert_eq!(out.code, 1);
    assert_eq!(json(&out)["solutions"], serde_json::json!([]));
    let puzzle = hitori::generate(&hitori::Spec::new(60, 40), &mut engine::SeededRng::new(3)).unwrap().to_string();
    let out = run(&["solve", "--json", "--timeout", "0"], &puzzle);
    assert_eq!(out.code, 3);
    assert_eq!((json(&out)["answer"].as_str(), json(&out)["reason"].as_str()), (Some("unknown"), Some("time_limit")));

    let out = run(&["generate", "--size", "6x4", "--seed", "2", "--difficulty", "medium", "--json"], "");
    assert_eq!(out.code, 0);
    let v = json(&out);
    assert_eq!((v["width"].as_u64(), v["height"].as_u64(), v["seed"].as_u64()), (Some(6), Some(4), Some(2)));
    assert_eq!(v["difficulty"], "medium");
    let text = run(&["generate", "--size", "6x4", "--seed", "2", "--difficulty", "medium"], "").stdout;
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(v["puzzle"], serde_json::json!(rows));

    let v = json(&run(&["hint", "--json"], "2 1 2\n1 2 1\n"));
    assert_eq!(v["status"], "hint");
    assert_eq!(v["hint"]["rule"], "sandwich");
    assert_eq!((v["hint"]["x"].as_i64(), v["hint"]["y"].as_i64()), (Some(1), Some(0)));
    assert_eq!(v["hint"]["state"], "unshaded");
    assert_eq!(v["hint"]["text"], "1,0 is unshaded (sandwich)");

    let v = json(&run(&["render", "--json"], "1 2\n"));
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
}

#[test]
fn hints_name_their_rule_and_read_the_marks() {
    let out = run(&["hint"], "2 1 2\n1 2 1\n");
    assert_eq!((out.code, out.stdout.as_str()), (0, "1,0 is unshaded (sandwich)\n"));
    let puzzle = TempFile::new("hint-puzzle", "1 1\n2 1\n");
    let marks = TempFile::new("hint-state", "x .\n. .\n");
    let out = run(&["hint", "--state", marks.path(), puzzle.path()], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, "1,0 is unshaded (next to a shaded cell)\n"));
    let out = run(&["hint", "--state", "-", puzzle.path()], "o x\no o\n");
    assert_eq!((out.code, out.stdout.as_str()), (0, "solved\n"));
    let out = run(&["hint", "--state", "-", puzzle.path()], "x x\n. .\n");
    assert_eq!((out.code, out.stdout.as_str()), (1, "broken: shaded cells 0,0 and 1,0 touch\n"));
    let out = run(&["hint"], "1 2\n2 1\n");
    assert_eq!((out.code, out.stdout.as_str()), (1, "none\n"));
    for (state, message) in [
        ("x .\n", "hitori: <stdin>: the state is 2x1, the puzzle is 2x2\n".to_string()),
        ("x #\n. .\n", "hitori: <stdin>:1:3: \"#\" is not x, o or .\n".to_string()),
    ] {
        let out = run(&["hint", "--state", "-", puzzle.path()], state);
        assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (2, "", message.as_str()));
    }
    let out = run(&["hint", "--state", "-"], "");
    assert_eq!((out.code, out.stderr.as_str()), (2, "hitori: --state and INPUT cannot both be standard input\n"));
}

#[test]
fn render_draws_the_board_and_the_marks() {
    let out = run(&["render"], "1 1\n2 1\n");
    assert_eq!(out.code, 0);
    assert!(out.stdout.starts_with("<svg") && out.stdout.ends_with("</svg>\n"));
    assert_eq!(out.stdout, hitori::svg::render(&"1 1\n2 1\n".parse().unwrap()));
    let puzzle = TempFile::new("render-puzzle", "1 1\n2 1\n");
    let out = run(&["render", "--state", "-", puzzle.path()], "x x\n. .\n");
    assert_eq!(out.stdout.matches("data-violation=\"true\"").count(), 2);
}

#[test]
fn seeds_give_the_puzzles_they_always_gave() {
    let out = run(&["generate", "--size", "7x5", "--seed", "9"], "");
    assert_eq!(out.stdout, "5 6 2 4 4 7 3\n2 2 3 7 1 3 1\n1 7 3 7 5 2 4\n3 5 1 4 5 1 3\n3 4 1 3 7 5 6\n");
    // Graded generation builds puzzles for their grade (see hitori/docs/grades.md): the
    // puzzle of this seed changed with it, and is pinned again.
    let out = run(&["generate", "--size", "6", "--seed", "4", "--difficulty", "hard"], "");
    assert_eq!(out.stdout, "6 3 1 5 6 1\n5 2 3 4 1 2\n3 5 4 6 2 2\n2 4 6 5 2 4\n6 2 1 3 4 1\n1 3 2 6 1 3\n");
}

#[test]
fn steps_show_the_rule_that_made_the_grade() {
    let medium_rules = ["(pair isolation)", "(corner triple)", "(corner pairs)"];
    for (grade, rules) in
        [("easy", &[][..]), ("medium", &medium_rules[..]), ("hard", &["(the other choice fails)"][..])]
    {
        for seed in 0..3 {
            let puzzle =
                run(&["generate", "--size", "12", "--seed", &seed.to_string(), "--difficulty", grade], "").stdout;
            let out = run(&["steps"], &puzzle);
            assert_eq!(out.code, 0);
            assert_eq!(out.stdout.lines().last(), Some(format!("grade: {grade}").as_str()));
            assert!(
                rules.is_empty() || out.stdout.lines().any(|l| rules.iter().any(|r| l.ends_with(r))),
                "{}",
                out.stdout
            );
            assert_eq!(out.stdout.lines().count(), 12 * 12 + 1);
            let v = json(&run(&["steps", "--json"], &puzzle));
            assert_eq!(v["grade"], grade);
            assert_eq!(v["steps"].as_array().map(Vec::len), Some(144));
        }
    }
    // A search puzzle: the rules get stuck (exit 1), the solver proves it unique.
    for seed in 0..3 {
        let puzzle = run(&["generate", "--size", "12", "--seed", &seed.to_string(), "--difficulty", "search"], "");
        assert_eq!(puzzle.code, 0, "{}", puzzle.stderr);
        let out = run(&["steps"], &puzzle.stdout);
        assert_eq!((out.code, out.stdout.lines().last()), (1, Some("grade: search")));
        assert!(out.stdout.lines().count() < 12 * 12 + 1);
        assert_eq!(run(&["solve"], &puzzle.stdout).stdout.lines().next(), Some("unique"));
    }
    let out = run(&["generate", "--size", "9", "--difficulty", "search"], "");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (1, "hitori: search puzzles need both sides at least 7 and one at least 10, not 9x9\n")
    );
    let out = run(&["steps"], "1 2\n2 1\n");
    assert_eq!((out.code, out.stdout.as_str()), (1, "grade: search\n"));
    let out = run(&["steps"], "2 1 2\n");
    assert_eq!((out.code, out.stdout.as_str()), (1, "1,0 is unshaded (sandwich)\ngrade: search\n"));
    let out = run(&["steps"], "1 1\n1 2\n");
    let expected = "0,0 is shaded (corner triple)\n1,0 is unshaded (next to a shaded cell)\n0,1 is unshaded (next to a shaded cell)\n1,1 is unshaded (shading it would cut the board)\ngrade: medium\n";
    assert_eq!((out.code, out.stdout.as_str()), (0, expected));
}

#[test]
fn every_command_that_reads_a_puzzle_reads_its_code() {
    let text = run(&["generate", "--size", "6", "--seed", "3"], "").stdout;
    let coded = run(&["generate", "--size", "6", "--seed", "3", "--format", "code"], "");
    assert_eq!(coded.code, 0);
    let code = coded.stdout.trim_end();
    assert!(code.starts_with("hitori:1:") && coded.stdout.lines().count() == 1, "{}", coded.stdout);
    assert_eq!(run(&["code"], &text).stdout, coded.stdout);
    assert_eq!(run(&["code", "--decode"], code).stdout, text);
    for args in [&["solve"][..], &["steps"], &["hint"], &["render"], &["steps", "--json"]] {
        let from_text = run(args, &text);
        let from_code = run(args, &format!("# shared with a friend\n{code}\n"));
        assert_eq!((from_code.code, &from_code.stdout), (from_text.code, &from_text.stdout), "{args:?}");
    }
    let json = run(&["generate", "--size", "6", "--seed", "3", "--format", "code", "--json"], "");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&json.stdout).unwrap()["code"], code);
    let plain = run(&["generate", "--size", "6", "--seed", "3", "--json"], "");
    assert!(!plain.stdout.contains("\"code\""), "{}", plain.stdout);
}

#[test]
fn code_reads_several_puzzles_and_decode_gives_them_back() {
    let puzzles = "1 1\n1 2\n\n# a second one\n3 1 2\n1 3 3\n";
    let codes = run(&["code"], puzzles);
    assert_eq!((codes.code, codes.stdout.as_str()), (0, "hitori:1:SQgm6\nhitori:1:acEg6v\n"));
    let back = run(&["code", "--decode"], &codes.stdout);
    assert_eq!((back.code, back.stdout.as_str()), (0, "1 1\n1 2\n\n3 1 2\n1 3 3\n"));
    let json = run(&["code", "--decode", "--json"], &codes.stdout);
    assert_eq!(json.stdout.lines().count(), 2);
    let first: serde_json::Value = serde_json::from_str(json.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first, serde_json::json!({"code": "hitori:1:SQgm6", "puzzle": ["1 1", "1 2"], "width": 2, "height": 2}));
}

#[test]
fn bad_codes_exit_2_naming_what_is_wrong() {
    let kami = engine::code::encode("kami", 1, &[1, 2, 3]);
    let future = engine::code::encode("hitori", 9, &[1, 2, 3]);
    let cut = engine::code::encode("hitori", 1, &[0b0100_0000]);
    let huge = "hitori:1:".to_string() + &"A".repeat(1 << 20);
    for (code, message) in [
        ("hitori:1:SQgm", "bad check characters"),
        ("hitori:1:SQgn6", "bad check characters"),
        ("hitori:1:SQg!m6", "bad character '!' at position 13 of the code"),
        (kami.as_str(), "a kami code, not a hitori code"),
        (future.as_str(), "unknown hitori code version 9"),
        (cut.as_str(), "bad code length: the payload is cut short"),
        (huge.as_str(), "code too long: 1048585 characters"),
    ] {
        for args in [&["solve"][..], &["render"], &["code", "--decode"]] {
            let out = run(args, code);
            assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?} {code:.40}");
            assert_eq!(out.stderr.lines().count(), 1, "{args:?} {code:.40}: {}", out.stderr);
            assert!(out.stderr.starts_with("hitori: <stdin>:1: ") && out.stderr.contains(message), "{}", out.stderr);
        }
    }
    let junk = run(&["code", "--decode"], "hitori:1:SQgm6\nnot a code at all\n");
    assert_eq!((junk.code, junk.stdout.as_str()), (2, ""));
    assert!(junk.stderr.starts_with("hitori: <stdin>:2: bad character ' '"), "{}", junk.stderr);
    let empty = run(&["code"], "\n");
    assert_eq!((empty.code, empty.stderr.as_str()), (2, "hitori: <stdin>: no puzzle in the input\n"));
}
