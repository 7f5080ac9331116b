//! The `shisen` binary against the command-line contract.

use engine::cli::run_binary;

/// Runs `shisen args` with `input` on stdin: (exit code, stdout, stderr).
fn shisen(args: &[&str], input: &str) -> (i32, String, String) {
    let ran = run_binary(env!("CARGO_BIN_EXE_shisen"), args, &[], input).unwrap();
    (ran.code, ran.stdout, ran.stderr)
}

#[test]
fn pairs_lists_shortest_connections_sorted() {
    let (code, out, _) = shisen(&["pairs"], "A B . A\nB C C .\n");
    assert_eq!(code, 0);
    assert_eq!(out, "0,0 3,0 5 0,0;0,-1;3,-1;3,0\n1,1 2,1 1 1,1;2,1\n");
    let (code, out, _) = shisen(&["pairs", "-"], "A B\nB A\n");
    assert_eq!((code, out.as_str()), (0, ""));
}

#[test]
fn solve_answers_with_exit_codes() {
    let (code, out, _) = shisen(&["solve"], "A B\nB A\n");
    assert_eq!((code, out.as_str()), (1, "unsolvable\n"));
    let (code, out, _) = shisen(&["solve", "--gravity"], "B .\nA A\nB .\n");
    // B B around the left of the ring first, then the A A that fell into the bottom row.
    assert_eq!((code, out.as_str()), (0, "solvable\n0,0 0,2\n0,2 1,2\n"));
    let (code, out, _) = shisen(&["solve", "--timeout", "0"], "A B C D\nD C B A\nA B C D\nD C B A\n");
    assert_eq!((code, out.as_str()), (3, "unknown\n"));
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_2() {
    for (args, input, expected) in [
        (&["pairs"][..], "A B\nA\n", "<stdin>:2:1: row has 1 cells"),
        (&["solve"][..], "A B A\n", "kind \"B\" occurs 1 time"),
        (&["solve"][..], "# nothing\n", "no grid rows"),
        (&["pairs", "/nonexistent/board.txt"][..], "", "/nonexistent/board.txt"),
        (&["generate", "--size", "5x3"][..], "", "must fill the 5x3 board"),
        (&["generate", "--copies", "3"][..], "", "copies must be even"),
        (&["generate", "--size", "big"][..], "", "expected WxH"),
        (&["frobnicate"][..], "", "frobnicate"),
    ] {
        let (code, out, err) = shisen(args, input);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        // One line; a usage error may add clap's suggestion and "try --help" lines.
        let first = err.lines().next().unwrap_or_default();
        assert!(first.starts_with("shisen: ") && first.contains(expected), "{args:?}: {err}");
        let extra =
            err.lines().skip(1).all(|l| l.trim_start().starts_with("tip:") || l.starts_with("For more information"));
        assert!(extra, "{args:?}: {err}");
    }
}

#[test]
fn generate_is_deterministic_and_solvable() {
    for gravity in [false, true] {
        let mut args = vec!["generate", "--size", "8x4", "--seed", "2026"];
        if gravity {
            args.push("--gravity");
        }
        let (code, board, _) = shisen(&args, "");
        assert_eq!(code, 0);
        assert_eq!(shisen(&args, "").1, board);
        let parsed: shisen::Board = board.parse().unwrap();
        assert_eq!(parsed.kind_counts(), vec![4; 8]);
        let solve_args: &[&str] = if gravity { &["solve", "--gravity"] } else { &["solve"] };
        let (code, out, _) = shisen(solve_args, &board);
        assert_eq!(code, 0, "{out}");
        let moves: Vec<(engine::Coord, engine::Coord)> = out
            .lines()
            .skip(1)
            .map(|l| {
                let c: Vec<i32> = l.split([' ', ',']).map(|t| t.parse().unwrap()).collect();
                (engine::Coord::new(c[0], c[1]), engine::Coord::new(c[2], c[3]))
            })
            .collect();
        assert!(shisen::solver::replay(&parsed, gravity, &moves).unwrap().is_cleared());
    }
    let (code, any, _) = shisen(&["generate", "--any", "--seed", "1"], "");
    assert_eq!(code, 0);
    assert_eq!(any.lines().count(), 8);
}

/// `shisen args --json` and without: the same exit code, one JSON document on one line.
fn json(args: &[&str], input: &str) -> (i32, serde_json::Value) {
    let (plain_code, _, _) = shisen(args, input);
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let (code, out, err) = shisen(&with_json, input);
    assert_eq!(code, plain_code, "{args:?}: {err}");
    assert_eq!(out.lines().count(), 1, "{args:?}: {out}");
    (code, serde_json::from_str(&out).unwrap())
}

#[test]
fn every_command_answers_in_json() {
    let board = "A B . A\nB C C .\n";
    let (code, pairs) = json(&["pairs"], board);
    assert_eq!(code, 0);
    assert_eq!(pairs["pairs"][1]["length"], 1);
    assert_eq!(pairs["pairs"][0]["path"][1], serde_json::json!({ "x": 0, "y": -1 }));
    let (code, hint) = json(&["hint"], board);
    assert_eq!((code, hint["hint"]["a"].clone()), (0, serde_json::json!({ "x": 1, "y": 1 })));
    let (code, hint) = json(&["hint"], "A B\nB A\n");
    assert_eq!((code, hint["hint"].clone()), (1, serde_json::Value::Null));

    let (code, solved) = json(&["solve", "--gravity"], "B .\nA A\nB .\n");
    assert_eq!((code, solved["answer"].as_str()), (0, Some("solvable")));
    assert_eq!(solved["removals"][0], serde_json::json!([{ "x": 0, "y": 0 }, { "x": 0, "y": 2 }]));
    let (code, solved) = json(&["solve"], "A B\nB A\n");
    assert_eq!(
        (code, solved["answer"].as_str(), solved["removals"].as_array().map(Vec::len)),
        (1, Some("unsolvable"), Some(0))
    );
    let (code, solved) = json(&["solve", "--timeout", "0"], "A B C D\nD C B A\nA B C D\nD C B A\n");
    assert_eq!((code, solved["answer"].as_str(), solved["reason"].as_str()), (3, Some("unknown"), Some("time_limit")));
    assert_eq!(solved["tiles_left"], 16);

    let (code, deal) = json(&["generate", "--size", "8x4", "--seed", "2026"], "");
    assert_eq!(code, 0);
    let rows: Vec<&str> = deal["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert_eq!(format!("{}\n", rows.join("\n")), shisen(&["generate", "--size", "8x4", "--seed", "2026"], "").1);
    assert_eq!(deal["witness"].as_array().map(Vec::len), Some(16));
    let (_, any) = json(&["generate", "--any", "--size", "4x2"], "");
    assert_eq!(any["witness"], serde_json::Value::Null);

    let (code, picture) = json(&["render"], board);
    assert_eq!(code, 0);
    assert_eq!(picture["svg"].as_str(), Some(shisen(&["render"], board).1.as_str()));
}

#[test]
fn hint_is_the_pair_with_the_shortest_connection() {
    assert_eq!(shisen(&["hint"], "A B . A\nB C C .\n"), (0, "1,1 2,1 1 1,1;2,1\n".into(), String::new()));
    assert_eq!(shisen(&["hint"], "A B\nB A\n"), (1, "none\n".into(), String::new()));
}

#[test]
fn no_arguments_print_the_commands_and_help_shows_formats() {
    let (code, out, err) = shisen(&[], "");
    assert_eq!((code, err.as_str()), (0, ""));
    for command in ["pairs", "hint", "solve", "generate", "render", "code"] {
        assert!(out.contains(command), "{out}");
        let (code, help, _) = shisen(&[command, "--help"], "");
        assert_eq!(code, 0);
        assert!(help.contains("Example:") && help.contains(&format!("shisen {command}")), "{help}");
    }
    assert!(shisen(&["pairs", "--help"], "").1.contains("Board text: one row per line"));
}

#[test]
fn arguments_have_limits_that_name_them() {
    for (args, expected) in [
        (&["generate", "--copies", "10001"][..], "'--copies <C>'"),
        (&["generate", "--kinds", "65537"][..], "'--kinds <K>'"),
        (&["generate", "--kinds", "99999999999999999999999"][..], "'--kinds <K>'"),
        (&["generate", "--size", "101x2"][..], "board size 101x2 must be between 1x1 and 100x100"),
        (&["generate", "--size", "99999999999999999999x2"][..], "--size \"99999999999999999999x2\": expected WxH"),
        (&["solve", "--timeout", "-1"][..], "'--timeout <S>'"),
        (&["render", "--path", "0,0,1"][..], "'--path <X1,Y1,X2,Y2>'"),
    ] {
        let (code, out, err) = shisen(args, "A A\n");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.lines().next().unwrap().contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn generate_honours_the_timeout() {
    let (code, out, err) = shisen(&["generate", "--size", "30x16", "--gravity", "--timeout", "0"], "");
    assert_eq!((code, out.as_str()), (3, ""));
    assert_eq!(err, "shisen: no solvable deal found within the budget (time limit)\n");
    let (code, out, _) = shisen(&["generate", "--size", "30x16", "--timeout", "60"], "");
    assert_eq!((code, out.lines().count()), (0, 16));
}

#[test]
fn render_draws_tiles_and_a_connection() {
    let board = "A B A\nC . C\n. B .\n";
    let (code, svg, _) = shisen(&["render"], board);
    assert_eq!(code, 0);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("data-value=").count(), 6);
    let (_, with_path, _) = shisen(&["render", "--path", "0,0,2,0"], board);
    assert!(with_path.contains(r#"points="60,60 60,20 140,20 140,60""#), "{with_path}");
    let (_, with_hint, _) = shisen(&["render", "--hint"], board);
    assert!(with_hint.contains("<polyline"));
    let (code, out, err) = shisen(&["render", "--path", "0,0,0,1"], board);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err, "shisen: --path 0,0,0,1: the tiles are of different kinds\n");
}

/// `shisen code` and `shisen code --decode` are inverses, gravity included.
#[test]
fn code_and_decode_round_trip() {
    let input = "# two boards\nA B . A\nB C C .\n\n\n# gravity: true\ndragon dragon\n";
    let (code, codes, err) = shisen(&["code"], input);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(codes, "shisen:1:CAgADYbwKI\nshisen:1:BAcABBmRyYWdvbsr0\n");
    let (code, boards, _) = shisen(&["code", "--decode"], &codes);
    assert_eq!(code, 0);
    assert_eq!(boards, "A B . A\nB C C .\n\n# gravity: true\ndragon dragon\n");
    assert_eq!(shisen(&["code"], &boards).1, codes);
    // Codes read by `code` come back as they are; --gravity marks every puzzle.
    assert_eq!(shisen(&["code"], &codes).1, codes);
    let (_, marked, _) = shisen(&["code", "--gravity"], "A B . A\nB C C .\n");
    assert_eq!(marked, "shisen:1:CAoADYbwLo\n");
    // JSON: one document per answer.
    let (code, out, _) = shisen(&["code", "--json"], input);
    assert_eq!(code, 0);
    let docs: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(docs[1], serde_json::json!({ "code": "shisen:1:BAcABBmRyYWdvbsr0" }));
    let (_, out, _) = shisen(&["code", "--decode", "--json"], &codes);
    let docs: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(docs[1], serde_json::json!({ "board": ["dragon dragon"], "gravity": true }));
    assert_eq!(shisen(&["code"], ""), (0, String::new(), String::new()));
}

/// Every command that reads a board reads its code the same way; `solve` plays a code
/// with gravity under gravity.
#[test]
fn every_command_reads_a_code() {
    let board = "B .\nA A\nB .\n";
    let plain = shisen(&["code"], board).1;
    let gravity = shisen(&["code", "--gravity"], board).1;
    for command in [&["pairs"][..], &["hint"], &["render", "--hint"], &["solve"]] {
        assert_eq!(shisen(command, &plain), shisen(command, board), "{command:?}");
    }
    let with_gravity = shisen(&["solve", "--gravity"], board);
    assert_eq!(with_gravity.0, 0);
    assert_eq!(shisen(&["solve"], &gravity), with_gravity);
    assert_eq!(shisen(&["solve"], &format!("# gravity: true\n{board}")), with_gravity);
    assert_ne!(shisen(&["solve"], &plain), with_gravity);
    // `generate --format code` prints the code of the deal it prints otherwise.
    let args = ["generate", "--size", "8x4", "--seed", "7", "--gravity"];
    let deal = shisen(&args, "").1;
    let code = shisen(&[&args[..], &["--format", "code"]].concat(), "").1;
    assert_eq!(code, shisen(&["code", "--gravity"], &deal).1);
    let (_, doc) = json(&[&args[..], &["--format", "code"]].concat(), "");
    assert_eq!(doc["code"].as_str(), Some(code.trim()));
    assert_eq!(shisen(&["code", "--decode"], &code).1, format!("# gravity: true\n{deal}"));
}

/// A bad code: exit 2, one line on stderr naming the source, the line and what is wrong.
#[test]
fn bad_codes_exit_2_with_what_is_wrong() {
    let good = shisen(&["code"], "A B . A\nB C C .\n").1;
    let good = good.trim();
    let cases: Vec<(Vec<&str>, String, &str)> = vec![
        (vec!["pairs"], format!("{}x", &good[..good.len() - 1]), "<stdin>:1: bad check characters"),
        (vec!["solve"], good[..good.len() - 3].to_string(), "<stdin>:1: bad check characters"),
        (vec!["hint"], "kami:1:AQIDK5".into(), "<stdin>:1: bad check characters"),
        (vec!["render"], engine::code::encode("kami", 1, &[1]), "<stdin>:1: a kami code, not a shisen code"),
        (vec!["pairs"], engine::code::encode("shisen", 9, &[1]), "<stdin>:1: unknown shisen code version 9"),
        (
            vec!["solve"],
            engine::code::encode("shisen", 1, &[1]),
            "<stdin>:1: bad code length: the payload is cut short",
        ),
        (vec!["code", "--decode"], format!("# c\n{good}\n\nhello"), "<stdin>:4: not a puzzle code"),
        (vec!["code", "--decode"], "x".repeat(1 << 20), "<stdin>:1: code too long: 1048576 characters"),
        (vec!["code"], format!("A A\n\n{good}\n{}", &good[..15]), "<stdin>:4: bad check characters"),
        (vec!["code"], "A A\n\nA B\nB B\n".into(), "<stdin>:3:1: kind \"A\" occurs 1 time"),
        (
            vec!["code"],
            format!("{}\n", "A A ".repeat(60)),
            "<stdin>: puzzle 1: a code holds boards up to 100x100, this one is 120x1",
        ),
        (vec!["code", "--decode", "--gravity"], good.into(), "cannot be used with"),
    ];
    for (args, input, wanted) in cases {
        let (code, out, err) = shisen(&args, &input);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.starts_with("shisen: ") && err.contains(wanted), "{args:?}: {err}");
        assert!(err.lines().count() == 1 || wanted == "cannot be used with", "{err}");
    }
    // Random bytes: never a panic.
    for seed in 0..20u64 {
        let text: String = (0..200).map(|i| char::from(((seed * 31 + i * 17) % 95 + 32) as u8)).collect();
        for command in ["pairs", "solve", "code"] {
            assert_ne!(shisen(&[command], &format!("shisen:1:{text}")).0, 101);
            assert_ne!(shisen(&["code", "--decode"], &text).0, 101);
        }
    }
}
