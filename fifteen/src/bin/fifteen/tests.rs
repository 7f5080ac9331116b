//! The command line in process: arbitrary argument vectors never panic nor hang, usage
//! errors keep clap's advice, answers go to the given output.

use std::sync::mpsc;
use std::time::Duration;

use engine::cli::Input;
use proptest::prelude::*;

use super::run;

#[test]
fn a_misspelt_command_is_a_usage_error_with_advice() {
    let mut out = Vec::new();
    let (code, err) = run(["fifteen", "slove"], &mut out, Input::stdin(""));
    assert_eq!(code, 2);
    assert!(err.starts_with("fifteen: unrecognized subcommand 'slove'"));
    assert!(err.contains("tip: a similar subcommand exists: 'solve'"));
    assert!(out.is_empty());
}

#[test]
fn answers_go_to_the_output_and_json_is_global() {
    let mut out = Vec::new();
    let (code, err) = run(["fifteen", "check"], &mut out, Input::stdin("1 2 3 0\n2 1 3 0\n"));
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(String::from_utf8(out).unwrap(), "solvable\nunsolvable\n");
    for args in [["fifteen", "check", "--json"], ["fifteen", "--json", "check"]] {
        let mut out = Vec::new();
        let (code, _) = run(args, &mut out, Input::stdin("1 2 3 0\n"));
        assert_eq!(code, 0);
        assert_eq!(String::from_utf8(out).unwrap(), "{\"solvable\":true}\n");
    }
}

/// Runs the command line in process on another thread: its exit code, or a failure when it
/// panics or takes longer than `limit`.
fn run_cli(args: Vec<String>, stdin: String, limit: Duration) -> Result<u8, String> {
    let (send, receive) = mpsc::channel();
    let shown = format!("{args:?} <<< {stdin:?}");
    std::thread::spawn(move || {
        let mut argv = vec!["fifteen".to_string()];
        argv.extend(args);
        let mut out = Vec::new();
        let (code, _) = run(argv, &mut out, Input::stdin(&stdin).with_files());
        let _ = send.send(code);
    });
    match receive.recv_timeout(limit) {
        Ok(code) => Ok(code),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!("{shown}: no answer within {limit:?}")),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(format!("{shown}: panicked")),
    }
}

/// Text that looks like boards: numbers, separators, line breaks, a few odd characters.
fn boardish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => (0u32..300).prop_map(|n| n.to_string()),
            2 => Just(" ".to_string()),
            1 => Just(",".to_string()),
            1 => Just("\n".to_string()),
            1 => Just("#".to_string()),
            1 => prop::sample::select(vec!["-", "x", "\r", "99999999999999999999", "UDLR", "fifteen:1:AgIV0ZgC4"])
                .prop_map(String::from),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

/// Arguments of the command line, and values at and beyond their limits.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "solve", "hint", "check", "generate", "render", "--json", "--fast", "--goal", "--width", "--size",
            "--count", "--seed", "--walk", "--timeout", "--nodes", "--heuristic", "--solution", "--stats", "--help",
            "-", "blank-last", "blank-first", "snake", "spiral", "manhattan", "linear-conflict", "auto", "0", "1", "2",
            "3", "-1", "4x4", "3x3", "2x2", "16x16", "0x0", "1x2", "255x1", "99999999999999999999",
            "18446744073709551615", "1000000", "100000", "0.01", "1e9", "NaN", "1 2 3 0", "1 0 3 2", "x",
        ])
        .prop_map(String::from),
        1 => any::<String>(),
    ]
}

fn stdin() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec!["1 2 3 0\n", "8 6 7 2 5 4 3 0 1\n2 1 3 0\n", "1 2\n", "", "# c\n\n1,0\n"])
            .prop_map(String::from),
        boardish(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_command_lines(args in prop::collection::vec(token(), 0..8), input in stdin()) {
        let code = run_cli(args, input, Duration::from_secs(30)).map_err(TestCaseError::fail)?;
        prop_assert!(code <= 3, "exit code {}", code);
    }

    #[test]
    fn arbitrary_argument_strings(args in prop::collection::vec(any::<String>(), 0..6)) {
        let code = run_cli(args, String::new(), Duration::from_secs(30)).map_err(TestCaseError::fail)?;
        prop_assert!(code <= 3, "exit code {}", code);
    }
}
