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
