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
