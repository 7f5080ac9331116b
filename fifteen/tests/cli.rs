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
