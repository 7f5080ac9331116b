//! Parsers never panic and never hang: arbitrary strings and bytes fed to every text parser
//! of the crate (boards in both forms, goals, puzzles, moves, pattern sizes, fixture RON,
//! saved games and specs in JSON), and arbitrary argument vectors to the command line, run
//! in process. Each answers `Ok` or `Err`, and what parses prints back to the same value.

use std::sync::mpsc;
use std::time::Duration;

use fifteen::fixture::{FixtureFile, canonicalize};
use fifteen::generate::Spec;
use fifteen::{Board, Game, Goal, Move, Puzzle, pdb};
use proptest::prelude::*;

/// Every parser of the crate on `text`: none panics, and what parses prints back to text
/// that parses to the same value (boards in both forms, goals, puzzles, moves, and the
/// JSON of boards, puzzles and saved games).
fn parse_everything(text: &str) {
    if let Ok(b) = Board::parse_line(text, None) {
        assert_eq!(Board::parse_line(&b.to_line(), Some(b.width())), Ok(b.clone()), "{text:?}");
    }
    for w in [1, 2, 3, 7, 255, 256] {
        if let Ok(b) = Board::parse_line(text, Some(w)) {
            assert_eq!(Board::parse_line(&b.to_line(), Some(w)), Ok(b), "{text:?} at width {w}");
        }
    }
    if let Ok(b) = Board::parse_grid(text) {
        assert_eq!(Board::parse_grid(&b.to_string()), Ok(b), "{text:?}");
    }
    if let Ok(b) = text.parse::<Board>() {
        assert_eq!(b.to_string().parse::<Board>(), Ok(b), "{text:?}");
    }
    let _ = Goal::parse(text, None);
    let _ = Goal::parse(text, Some(3));
    if let Ok(g) = text.parse::<Goal>() {
        assert_eq!(g.to_string().parse::<Goal>(), Ok(g), "{text:?}");
    }
    if let Ok(p) = text.parse::<Puzzle>() {
        assert_eq!(p.to_string().parse::<Puzzle>(), Ok(p), "{text:?}");
    }
    if let Ok(moves) = Move::parse_all(text) {
        assert_eq!(Move::parse_all(&Move::format_all(&moves)), Ok(moves), "{text:?}");
    }
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m), "{text:?}");
    }
    if let Ok(sizes) = pdb::parse_sizes(text) {
        for (w, h, b) in [(4, 4, 15), (3, 3, 0), (2, 5, 9)] {
            let _ = pdb::partition(w, h, b, &sizes);
        }
    }
    let _ = canonicalize(text);
    let _ = engine::from_ron::<FixtureFile>(text);
    if let Ok(game) = serde_json::from_str::<Game>(text) {
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game, "{text:?}");
    }
    if let Ok(p) = serde_json::from_str::<Puzzle>(text) {
        assert_eq!(serde_json::from_str::<Puzzle>(&serde_json::to_string(&p).unwrap()).unwrap(), p, "{text:?}");
    }
    if let Ok(b) = serde_json::from_str::<Board>(text) {
        assert_eq!(serde_json::from_str::<Board>(&serde_json::to_string(&b).unwrap()).unwrap(), b, "{text:?}");
    }
    let _ = serde_json::from_str::<Spec>(text);
    let _ = engine::from_ron::<Game>(text);
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
            1 => prop::sample::select(vec!["-", "x", "\r", "99999999999999999999", "UDLR", "(", ")", "\"", ":"])
                .prop_map(String::from),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn arbitrary_strings(text in any::<String>()) {
        parse_everything(&text);
    }

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn board_like_text(text in boardish()) {
        parse_everything(&text);
        // What parses prints back to the same board.
        if let Ok(b) = text.parse::<Board>() {
            prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        }
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
        let (code, _) = fifteen::cli::run_with_input(argv, &mut out, Some(&stdin));
        let _ = send.send(code);
    });
    match receive.recv_timeout(limit) {
        Ok(code) => Ok(code),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!("{shown}: no answer within {limit:?}")),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(format!("{shown}: panicked")),
    }
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
