//! Puzzle codes through the command line: `fifteen code` and `--decode`, codes read by every
//! command that reads puzzles, `generate --format code`, and bad codes named by their line.

use engine::cli::run_binary;
use fifteen::code::{Code, decode, encode};
use fifteen::{Board, Goal};
use proptest::prelude::*;

/// Runs `fifteen args` with `stdin`; (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let cache = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fifteen-cli-pdb-v2");
    let ran = run_binary(env!("CARGO_BIN_EXE_fifteen"), args, &[("FIFTEEN_PDB_DIR", &cache)], stdin).unwrap();
    assert_ne!(ran.code, 101, "{args:?} panicked: {}", ran.stderr);
    (ran.code, ran.stdout, ran.stderr)
}

/// Puzzles of several shapes and goals: (tiles, width, goal).
const PUZZLES: [(&str, usize, &str); 5] = [
    ("8 6 7 2 5 4 3 0 1", 3, "blank-last"),
    ("4 1 2 5 0 3", 3, "snake"),
    ("4 1 3 0", 2, "1 4 3 0"),
    ("1 0 2 3", 4, "blank-first"),
    ("5 1 2 0 3 4 6 7 8", 3, "spiral"),
];

/// The code of one puzzle of [`PUZZLES`].
fn code_of(tiles: &str, width: usize, goal: &str) -> String {
    let board = Board::parse_line(tiles, Some(width)).unwrap();
    encode(&board, &Goal::parse(goal, Some(width)).unwrap()).unwrap()
}

#[test]
fn code_and_decode_round_trip() {
    let mut codes = String::new();
    for (tiles, width, goal) in PUZZLES {
        let (code, out, err) = run(&["code", "--width", &width.to_string(), "--goal", goal], tiles);
        assert_eq!((code, err.as_str()), (0, ""));
        assert_eq!(out.trim(), code_of(tiles, width, goal));
        codes.push_str(&out);
    }
    // A code is read as itself: `code` of codes prints them again.
    assert_eq!(run(&["code"], &codes).1, codes);
    // --decode: the tiles, after comments naming a width that is not square and a goal
    // that is not blank-last.
    let (code, out, err) = run(&["code", "--decode"], &format!("# a list\n\n{codes}"));
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "8 6 7 2 5 4 3 0 1\n# width: 3\n# goal: snake\n4 1 2 5 0 3\n# goal: 1 4 3 0\n4 1 3 0\n\
         # width: 4\n# goal: blank-first\n1 0 2 3\n# goal: spiral\n5 1 2 0 3 4 6 7 8\n"
    );
    let (_, json, _) = run(&["code", "--decode", "--json"], &codes);
    let docs: Vec<serde_json::Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(docs[1], serde_json::json!({"width": 3, "height": 2, "tiles": "4 1 2 5 0 3", "goal": "snake"}));
    assert_eq!(docs[2]["goal"], "1 4 3 0");
    let (_, json, _) = run(&["code", "--json"], "8 6 7 2 5 4 3 0 1");
    assert_eq!(json, format!("{{\"code\":\"{}\"}}\n", code_of("8 6 7 2 5 4 3 0 1", 3, "blank-last")));
}

#[test]
fn every_command_reads_codes() {
    for command in [&["solve"][..], &["check"], &["hint"], &["render"], &["render", "--solution"], &["solve", "--json"]]
    {
        for (tiles, width, goal) in PUZZLES {
            let mut with_tiles = command.to_vec();
            let w = width.to_string();
            with_tiles.extend(["--width", &w, "--goal", goal]);
            let expected = run(&with_tiles, tiles);
            let (code, out, err) = run(command, &code_of(tiles, width, goal));
            if command == ["solve", "--json"] {
                // Timings differ: compare the answers.
                let strip = |s: &str| {
                    let mut v: serde_json::Value = serde_json::from_str(s).unwrap();
                    v["seconds"] = serde_json::Value::Null;
                    v
                };
                assert_eq!(strip(&out), strip(&expected.1), "{command:?} {tiles}");
            } else {
                assert_eq!((code, out, err), expected, "{command:?} {tiles}");
            }
        }
    }
    // Codes and tile lines mixed in one input; a code's goal is its own, --goal applies to
    // the tile lines.
    let mixed = format!("{}\n1 2 3 0\n{}\n", code_of("4 1 2 5 0 3", 3, "snake"), code_of("1 0 2 3", 4, "blank-first"));
    let (code, out, err) = run(&["check", "--goal", "blank-last"], &mixed);
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(out, "unsolvable\nsolvable\nsolvable\n");
    let (code, out, _) = run(&["solve", "--goal", "spiral"], &code_of("1 2 3 4 5 6 7 0 8", 3, "blank-last"));
    assert_eq!((code, out.as_str()), (0, "1 R\n"));
}

#[test]
fn generate_prints_codes() {
    let args = ["generate", "--size", "3x2", "--goal", "spiral", "--count", "5", "--seed", "3"];
    let (_, tiles, _) = run(&args, "");
    let mut with_format = args.to_vec();
    with_format.extend(["--format", "code"]);
    let (code, codes, err) = run(&with_format, "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(codes.lines().count(), 5);
    for (line, code) in tiles.lines().zip(codes.lines()) {
        let c = decode(code).unwrap();
        assert_eq!((c.board().to_line(), c.goal()), (line.to_string(), &Goal::Spiral));
    }
    with_format.push("--json");
    let (_, json, _) = run(&with_format, "");
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["code"], codes.lines().next().unwrap());
    assert_eq!(first["tiles"], tiles.lines().next().unwrap());
    // Without --format code, no code field.
    let (_, json, _) = run(&["generate", "--json"], "");
    assert!(!json.contains("code"), "{json}");
    let (code, out, err) = run(&["generate", "--format", "picture"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--format"), "{err}");
}

#[test]
fn bad_codes_exit_2_naming_the_line_and_the_fault() {
    let good = code_of("8 6 7 2 5 4 3 0 1", 3, "blank-last");
    let at = good.len() - 4;
    let typo = format!("{}{}{}", &good[..at], if &good[at..=at] == "A" { "B" } else { "A" }, &good[at + 1..]);
    let huge_payload = engine::code::encode("fifteen", 1, &vec![7; 30_000]);
    let too_big_board = engine::code::encode("fifteen", 1, &[19, 19, 0, 0, 0]);
    let cases = [
        (typo, "bad check characters"),
        (good[..good.len() - 1].to_string(), "bad check characters"),
        (engine::code::encode("kami", 1, &[1, 2, 3]), "a kami code, not a fifteen code"),
        (engine::code::encode("fifteen", 9, &[1, 2, 3]), "unknown fifteen code version 9"),
        (engine::code::encode("fifteen", 1, &[1]), "bad code length"),
        (huge_payload, "bad code length"),
        (too_big_board, "a 20x20 board"),
        (format!("fifteen:1:{}", "A".repeat(1 << 20)), "code too long"),
    ];
    for (bad, message) in &cases {
        for command in [&["solve"][..], &["check"], &["code"], &["code", "--decode"]] {
            let input = format!("{good}\n{bad}\n");
            let (code, out, err) = run(command, &input);
            assert_eq!((code, out.as_str()), (2, ""), "{command:?} {message}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.starts_with("fifteen: <stdin>:2: ") && err.contains(message), "{command:?}: {err}");
        }
    }
    // --decode reads codes only.
    let (code, _, err) = run(&["code", "--decode"], "1 2 3 0\n");
    assert_eq!(code, 2);
    assert!(err.starts_with("fifteen: <stdin>:1: not a puzzle code"), "{err}");
    // Random bytes: exit 2, no panic (checked by `run`).
    let noise: Vec<u8> = (0..4000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let (code, _, _) = run(&["code", "--decode"], &String::from_utf8_lossy(&noise));
    assert_eq!(code, 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any text given to `code --decode` or `check`: an answer or exit 2, never a panic
    /// (checked by `run`).
    #[test]
    fn commands_never_panic_on_arbitrary_codes(text in "(fifteen:1:)?[A-Za-z0-9_:\\- -]{0,80}") {
        for command in [&["code", "--decode"][..], &["check"]] {
            let (code, _, _) = run(command, &text);
            prop_assert!(code == 0 || code == 1 || code == 2, "{code}");
        }
    }

    /// A code read by `fifteen code` comes out as itself.
    #[test]
    fn the_command_prints_what_the_library_encodes(seed in 0u64..1000) {
        let mut rng = engine::SeededRng::new(seed);
        let spec = fifteen::Spec::new(4, 3).with_goal(Goal::Snake);
        let puzzle = fifteen::generate(&spec, &mut rng).unwrap();
        let code = Code::new(puzzle.start().clone(), Goal::Snake).unwrap().to_string();
        let (exit, out, _) = run(&["code", "--width", "4", "--goal", "snake"], &puzzle.start().to_line());
        prop_assert_eq!(exit, 0);
        prop_assert_eq!(out, format!("{code}\n"));
    }
}
