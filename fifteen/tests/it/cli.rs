//! The `fifteen` binary against the command-line contract: outputs, exit codes, one-line
//! errors with nothing on stdout. Every printed solution is replayed.

use engine::cli::run_binary;
use fifteen::{Board, Goal, Move};

/// Runs `fifteen args` with `stdin`; (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let cache = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fifteen-cli-pdb-v2");
    let ran = run_binary(env!("CARGO_BIN_EXE_fifteen"), args, &[("FIFTEEN_PDB_DIR", &cache)], stdin).unwrap();
    (ran.code, ran.stdout, ran.stderr)
}

fn replays(board: &str, width: Option<usize>, goal: &Goal, line: &str) -> usize {
    let (len, moves) = line.split_once(' ').unwrap();
    let moves = Move::parse_all(moves).unwrap();
    assert_eq!(moves.len(), len.parse::<usize>().unwrap());
    let mut b = Board::parse_line(board, width).unwrap();
    b.replay(&moves).unwrap();
    assert_eq!(b, goal.layout(b.width(), b.height()).unwrap());
    moves.len()
}

#[test]
fn solve_batch_with_every_answer() {
    let input = "# three puzzles\n8 6 7 2 5 4 3 0 1\n\n1 2 3 4 5 6 7 8 0\n1,2,3,4,5,6,8,7,0\n";
    let (code, out, err) = run(&["solve"], input);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(replays("8 6 7 2 5 4 3 0 1", None, &Goal::BlankLast, lines[0]), 31);
    assert_eq!(lines[1], "0 -");
    assert_eq!(lines[2], "unsolvable");
}

#[test]
fn solve_options() {
    let mut b = Goal::BlankLast.layout(4, 4).unwrap();
    b.replay(&Move::parse_all("UULLDRULDDLURRDRUULLLDR").unwrap()).unwrap();
    let board = b.to_line();
    let board = board.as_str();
    let mut optimal = Vec::new();
    for args in [
        &["solve", "--heuristic", "linear-conflict"][..],
        &["solve", "--heuristic", "manhattan"],
        &["solve", "--fast"],
        &["solve", "--heuristic", "pdb", "--pdb-partition", "3-3-3-3-3"],
    ] {
        let (code, out, err) = run(args, board);
        assert_eq!(code, 0, "{args:?}: {err}");
        let len = replays(board, None, &Goal::BlankLast, out.trim());
        if !args.contains(&"--fast") {
            optimal.push(len);
        }
    }
    assert!(optimal.iter().all(|&l| l == optimal[0] && l <= 23), "{optimal:?}");
    let (code, out, _) = run(&["solve", "--goal", "snake", "--width", "3"], "1 2 3 4 5 0\n1 2 3 5 0 4\n");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "unsolvable");
    replays("1 2 3 5 0 4", Some(3), &Goal::Snake, lines[1]);
    // `7-8` on a board other than 4x4 cuts the cells in row-major order (a 3x3 board: 7
    // tiles and 1), through the same option, partition and builder as on the 4x4.
    for (name, goal) in [("blank-last", Goal::BlankLast), ("spiral", Goal::Spiral)] {
        let mut puzzles = String::new();
        for walk in ["ULLURDDRULDLURRDLU", "LURDLLURRDLDRULU"] {
            let mut b = goal.layout(3, 3).unwrap();
            for m in Move::parse_all(walk).unwrap() {
                let _ = b.apply(m);
            }
            puzzles.push_str(&b.to_line());
            puzzles.push('\n');
        }
        let (code, lc, err) = run(&["solve", "--goal", name, "--heuristic", "linear-conflict"], &puzzles);
        assert_eq!(code, 0, "{err}");
        let (code, pdb, err) =
            run(&["solve", "--goal", name, "--heuristic", "pdb", "--pdb-partition", "7-8"], &puzzles);
        assert_eq!(code, 0, "{err}");
        for ((board, a), b) in puzzles.lines().zip(lc.lines()).zip(pdb.lines()) {
            assert_eq!(replays(board, None, &goal, a), replays(board, None, &goal, b), "{name} {board}");
        }
    }
    let (code, out, _) = run(&["solve", "--goal", "1 0 3 4"], "1 4 3 0\n");
    assert_eq!(code, 0);
    let explicit = Goal::Explicit(Board::parse_line("1 0 3 4", None).unwrap());
    replays("1 4 3 0", None, &explicit, out.trim());
}

#[test]
fn timeout_prints_unknown() {
    let (code, out, _) =
        run(&["solve", "--heuristic", "manhattan", "--timeout", "0.05"], "0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1");
    assert_eq!((code, out.as_str()), (3, "unknown\n"));
}

#[test]
fn check_lines() {
    let (code, out, _) = run(&["check"], "1 2 3 0\n2 1 3 0\n");
    assert_eq!((code, out.as_str()), (1, "solvable\nunsolvable\n"));
    let (code, out, _) = run(&["check", "--width", "4"], "1 0 2 3\n");
    assert_eq!((code, out.as_str()), (0, "solvable\n"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, input, message) in [
        (&["solve"][..], "1 2 3 0\n1 2 3 3\n", "<stdin>:2:1: tile 3 appears twice"),
        (&["solve"], "1 2 3 9", "<stdin>:1:1: tile 9 is out of range (at most 4 on a 2x2 board)"),
        (&["check"], "1 2 x 0", "<stdin>:1:5: \"x\" is not a tile number"),
        (&["check"], "1 2 0", "<stdin>:1:1: 3 tiles do not make a square board (give a width)"),
        (&["check", "--width", "2"], "1 2 0", "<stdin>:1:1: 3 tiles do not fill rows of width 2"),
        (&["solve"], "4 1 3 0", "<stdin>:1: the board's tiles are not the tiles of the goal (blank-last)"),
        (&["solve", "--goal", "sideways"], "1 2 3 0", "--goal: unknown goal"),
        (
            &["solve", "--timeout", "-1"],
            "1 2 3 0",
            "invalid value '-1' for '--timeout <S>': expected a number of seconds >= 0",
        ),
        (&["solve", "--bogus"], "", "unexpected argument"),
        (&["generate", "--size", "3by3"], "", "--size \"3by3\": expected WxH"),
        (&["generate", "--size", "3x3", "--min-moves", "40"], "", "no 3x3 board is more than 31"),
        (&["solve", "/no/such/file"], "", "/no/such/file: cannot read"),
        (
            &["solve", "--heuristic", "pdb"],
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0",
            "at most 16 cells",
        ),
        (&["check", "--width", "0"], "1 2 3 0", "<stdin>:1:1: width must be positive"),
        (&["generate", "--walk", "3", "--min-moves", "5"], "", "a walk of 3 moves never ends 5 moves"),
        (&["generate", "--size", "2x2", "--goal", "1 2 3 0 4 5"], "", "--goal: the goal is 2x3"),
    ] {
        let (code, out, err) = run(args, input);
        assert_eq!(code, 2, "{args:?} {input:?}");
        assert_eq!(out, "", "{args:?} {input:?}");
        // One line; a clap usage error may add its suggestion and "try --help" lines.
        let first = err.lines().next().unwrap_or_default();
        assert!(err.lines().skip(1).all(|l| l.starts_with("  tip:") || l.starts_with("For more information")), "{err}");
        assert!(first.starts_with("fifteen: ") && first.contains(message), "{err}");
    }
}

#[test]
fn generate_is_seeded_and_solvable() {
    let args = ["generate", "--size", "4x3", "--goal", "spiral", "--count", "5", "--seed", "9"];
    let (code, out, _) = run(&args, "");
    assert_eq!(code, 0);
    assert_eq!(run(&args, "").1, out);
    let goal = Goal::Spiral.layout(4, 3).unwrap();
    for line in out.lines() {
        let b = Board::parse_line(line, Some(4)).unwrap();
        assert!(fifteen::solvable::is_reachable(&b, &goal) && b != goal);
    }
    let (code, out, _) = run(&["generate", "--size", "3x3", "--count", "2", "--min-moves", "26", "--seed", "3"], "");
    assert_eq!(code, 0);
    let goal = Goal::BlankLast.layout(3, 3).unwrap();
    for line in out.lines() {
        let b = Board::parse_line(line, None).unwrap();
        let p = fifteen::Puzzle::new(b, goal.clone()).unwrap();
        let s = fifteen::solve(&p, &fifteen::Options::default()).unwrap();
        assert!(s.outcome.answer().and_then(fifteen::Answer::moves).unwrap().len() >= 26);
    }
    // A 2x2 board is at most 6 moves from its goal, and only one board is that far.
    let (code, out, err) = run(&["generate", "--size", "2x2", "--min-moves", "7"], "");
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert_eq!(err.lines().count(), 1);
    let (code, out, _) = run(&["generate", "--size", "2x2", "--min-moves", "6", "--count", "2"], "");
    let table = fifteen::table::DistanceTable::new(&Goal::BlankLast.layout(2, 2).unwrap()).unwrap();
    let far = table.states_at(6)[0].to_line();
    assert_eq!((code, out), (0, format!("{far}\n{far}\n")));
    let (code, out, _) = run(&["generate", "--size", "6x1", "--walk", "3", "--count", "3"], "");
    assert_eq!((code, out.lines().count()), (0, 3));
}

/// Every line of `out` as a JSON document.
fn json_lines(out: &str) -> Vec<serde_json::Value> {
    out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?}: {e}"))).collect()
}

#[test]
fn json_on_every_command_with_the_same_exit_codes() {
    let input = "8 6 7 2 5 4 3 0 1\n1 2 3 4 5 6 7 8 0\n2 1 3 4 5 6 7 8 0\n";
    let (code, out, err) = run(&["solve", "--json"], input);
    assert_eq!(code, 1, "{err}");
    let docs = json_lines(&out);
    assert_eq!(docs.len(), 3);
    assert_eq!(
        (docs[0]["status"].as_str(), docs[0]["length"].as_u64(), docs[0]["optimal"].as_bool()),
        (Some("solved"), Some(31), Some(true))
    );
    replays("8 6 7 2 5 4 3 0 1", None, &Goal::BlankLast, &format!("31 {}", docs[0]["moves"].as_str().unwrap()));
    assert_eq!((docs[1]["length"].as_u64(), docs[1]["moves"].as_str()), (Some(0), Some("-")));
    assert_eq!(docs[2]["status"], "unsolvable");
    let (code, out, _) = run(&["solve", "--json", "--fast"], "8 6 7 2 5 4 3 0 1\n");
    assert_eq!((code, json_lines(&out)[0]["optimal"].as_bool()), (0, Some(false)));
    let (code, out, _) = run(
        &["solve", "--json", "--heuristic", "manhattan", "--nodes", "1000"],
        "0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1",
    );
    let doc = &json_lines(&out)[0];
    assert_eq!((code, doc["status"].as_str(), doc["reason"].as_str()), (3, Some("unknown"), Some("node_limit")));
    assert!(doc["lower_bound"].as_u64().unwrap() >= 58);

    let (code, out, _) = run(&["check", "--json"], "1 2 3 0\n2 1 3 0\n");
    assert_eq!(code, 1);
    assert_eq!(json_lines(&out), vec![serde_json::json!({"solvable": true}), serde_json::json!({"solvable": false})]);

    let (code, out, _) = run(&["hint", "--json"], "1 2 3 4 5 6 7 0 8\n1 2 3 0\n2 1 3 0\n");
    assert_eq!(code, 1);
    let docs = json_lines(&out);
    assert_eq!(
        (docs[0]["status"].as_str(), docs[0]["move"].as_str(), docs[0]["length"].as_u64()),
        (Some("move"), Some("R"), Some(1))
    );
    assert_eq!(docs[1]["status"], "solved");
    assert_eq!(docs[2]["status"], "unsolvable");

    let (code, out, _) = run(&["generate", "--json", "--size", "3x2", "--count", "2", "--seed", "4"], "");
    let docs = json_lines(&out);
    assert_eq!((code, docs.len()), (0, 2));
    let (_, plain, _) = run(&["generate", "--size", "3x2", "--count", "2", "--seed", "4"], "");
    for (doc, line) in docs.iter().zip(plain.lines()) {
        assert_eq!(
            (doc["width"].as_u64(), doc["height"].as_u64(), doc["tiles"].as_str()),
            (Some(3), Some(2), Some(line))
        );
    }

    let (code, out, _) = run(&["render", "--json"], "1 2 3 0\n");
    let docs = json_lines(&out);
    assert_eq!(code, 0);
    assert!(docs[0]["svg"].as_str().unwrap().starts_with("<svg"));
}

#[test]
fn hint_gives_the_next_move_of_an_optimal_solution() {
    let (code, out, err) = run(&["hint"], "8 6 7 2 5 4 3 0 1\n1 2 3 0\n");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let (step, length) = lines[0].split_once(' ').unwrap();
    assert_eq!(length, "31");
    let mut b = Board::parse_line("8 6 7 2 5 4 3 0 1", None).unwrap();
    assert!(b.apply(step.parse().unwrap()));
    let (_, next, _) = run(&["hint"], &b.to_line());
    assert!(next.ends_with(" 30\n"), "{next}");
    assert_eq!(lines[1], "solved");
    let (code, out, _) = run(&["hint", "--timeout", "0"], "0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 ");
    assert_eq!((code, out.as_str()), (3, "unknown\n"));
    // Above 16 cells: the fast solver's first move.
    let (code, out, _) = run(&["generate", "--size", "6x6", "--seed", "2"], "");
    assert_eq!(code, 0);
    let (code, hint, _) = run(&["hint", "--json"], &out);
    let doc = &json_lines(&hint)[0];
    assert_eq!((code, doc["status"].as_str(), doc["optimal"].as_bool()), (0, Some("move"), Some(false)));
}

#[test]
fn no_arguments_and_help_show_commands_formats_and_examples() {
    let (code, out, err) = run(&[], "");
    assert_eq!((code, err.as_str()), (0, ""));
    for command in ["solve", "hint", "check", "generate", "render", "code"] {
        assert!(out.contains(command), "{out}");
        let (code, help, _) = run(&[command, "--help"], "");
        assert_eq!(code, 0);
        assert!(help.contains("Example:") && help.contains("Output:"), "{command}: {help}");
    }
    let (_, help, _) = run(&["solve", "--help"], "");
    for value in ["blank-last", "blank-first", "snake", "spiral", "linear-conflict"] {
        assert!(help.contains(value), "{value}: {help}");
    }
    let (code, out, err) = run(&["slove"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("tip: a similar subcommand exists: 'solve'") && err.contains("try '--help'"), "{err}");
}

#[test]
fn every_size_count_and_length_has_a_limit_named_in_its_error() {
    for (args, message) in [
        (&["generate", "--walk", "99999999999"][..], "--walk 99999999999: at most 1000000 moves"),
        (&["generate", "--count", "100001"], "--count 100001: at most 100000 boards"),
        (&["generate", "--count", "1000", "--walk", "1000000"], "at most 100000000 moves in all"),
        (&["generate", "--size", "100000x100000"], "--size 100000x100000: boards have 2 to 256 cells"),
        (&["generate", "--size", "1x1"], "--size 1x1: boards have 2 to 256 cells"),
        (&["generate", "--size", "99999999999999999999999x2"], "--size \"99999999999999999999999x2\": expected WxH"),
        (&["check", "--width", "100000"], "--width 100000: at most 255"),
    ] {
        let (code, out, err) = run(args, "1 2 3 0\n");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.starts_with("fifteen: ") && err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn long_generation_honours_the_timeout() {
    let started = std::time::Instant::now();
    let (code, out, err) =
        run(&["generate", "--size", "16x16", "--walk", "1000000", "--count", "100", "--timeout", "0.2"], "");
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert!(err.contains("--timeout"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn render_draws_boards_and_solutions() {
    let (code, out, _) = run(&["render"], "1 2 3 0\n");
    assert_eq!(code, 0);
    assert!(out.starts_with("<svg") && out.contains(r#"data-testid="board""#));
    assert_eq!(out.matches("data-value=").count(), 4);
    let (code, out, _) = run(&["render", "--solution"], "1 2 3 4 5 6 0 7 8\n");
    assert_eq!(code, 0);
    assert!(out.contains(r#"data-testid="solution""#));
    assert_eq!(out.matches("data-frame=").count(), 3);
    let (code, out, _) = run(&["render", "--solution"], "2 1 3 0\n");
    assert_eq!(code, 1);
    assert!(out.contains(r#"data-testid="board""#));
}

/// `fifteen solve` on a 6x6 board shows the spinner on a terminal and, after 3 s, the advice.
#[test]
fn a_long_search_shows_progress_and_advice_on_a_terminal() {
    if std::process::Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script` to give the binary a terminal: skipped");
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let input = dir.join("fifteen-6x6.txt");
    let (_, board, _) = run(&["generate", "--size", "6x6", "--seed", "1"], "");
    std::fs::write(&input, board).unwrap();
    let command = format!("{} solve --timeout 3.6 {}", env!("CARGO_BIN_EXE_fifteen"), input.display());
    let ran = std::process::Command::new("script").args(["-qec", &command, "/dev/null"]).output().unwrap();
    let text = String::from_utf8_lossy(&ran.stdout);
    assert!(text.contains("--fast gives a quick answer; --timeout S stops the search"), "{text}");
    assert!(text.contains("nodes"), "{text}");
    assert!(text.contains("unknown"), "{text}");
}
