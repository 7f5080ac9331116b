//! Puzzle codes through the binary: `kami code` and `kami code --decode`, every command that
//! reads a level reading its code too, `generate --format code`, and bad codes as one-line
//! errors (exit 2) that say what is wrong.
#![cfg(feature = "cli")]

use engine::cli::{Ran, run_binary};
use serde_json::Value;

fn kami(args: &[&str], stdin: &str) -> Ran {
    let ran = run_binary(env!("CARGO_BIN_EXE_kami"), args, &[], stdin).unwrap();
    assert_ne!(ran.code, 101, "{args:?} panicked: {}", ran.stderr);
    ran
}

/// Two levels separated by a blank line, headers included.
const TWO: &str = "# name: first\n# par: 2\n0112\n0122\n\n\n# palette: #000000 #ffffff\n01.\n10.\n";

#[test]
fn code_prints_one_line_per_level_and_decode_gives_the_levels_back() {
    let ran = kami(&["code"], TWO);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let codes: Vec<&str> = ran.stdout.lines().collect();
    assert_eq!(codes.len(), 2);
    assert!(codes.iter().all(|c| c.starts_with("kami:1:") && c.len() <= 24), "{codes:?}");
    // Back: the levels without name and palette, separated by a blank line.
    let back = kami(&["code", "--decode"], &format!("# codes\n{}\n\n{}\n", codes[0], codes[1]));
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert_eq!(back.stdout, "# par: 2\n0112\n0122\n\n01.\n10.\n");
    // Codes of codes are the same codes.
    assert_eq!(kami(&["code"], &back.stdout).stdout, ran.stdout);
    assert_eq!(kami(&["code"], codes[1]).stdout, format!("{}\n", codes[1]));
    // --json: one document per level.
    let json = kami(&["code", "--json"], TWO);
    let docs: Vec<Value> = json.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(docs.len(), 2);
    assert_eq!(
        (docs[0]["code"].as_str(), docs[0]["par"].as_u64(), docs[1]["par"].is_null()),
        (Some(codes[0]), Some(2), true)
    );
    assert_eq!(docs[0]["level"], "# par: 2\n0112\n0122\n");
    let json = kami(&["code", "--decode", "--json"], codes[0]);
    let doc: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!((doc["rows"].as_u64(), doc["cols"].as_u64()), (Some(2), Some(4)));
}

#[test]
fn every_command_that_reads_a_level_reads_its_code() {
    let text = "# par: 2\n0112\n0122\n";
    let code = kami(&["code"], text).stdout;
    for args in [&["solve"][..], &["render"], &["render", "--solution"], &["hint", "--moves-made", "0 1 0"]] {
        let from_text = kami(args, text);
        let from_code = kami(args, &code);
        assert_eq!(from_text.code, 0, "{args:?}: {}", from_text.stderr);
        assert_eq!((from_code.code, from_code.stdout.lines().next()), (0, from_text.stdout.lines().next()), "{args:?}");
    }
    // From a file too, white space around it.
    let dir = std::env::temp_dir().join(format!("kami-code-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("level.code");
    std::fs::write(&file, format!("\n  {code}\n")).unwrap();
    assert_eq!(kami(&["solve", file.to_str().unwrap()], "").stdout, kami(&["solve"], text).stdout);
}

#[test]
fn generate_prints_its_code_with_the_par() {
    let args = ["generate", "--size", "8x6", "--colors", "3", "--regions", "10", "--seed", "9"];
    let text = kami(&args, "").stdout;
    let code = kami(&[&args[..], &["--format", "code"]].concat(), "");
    assert_eq!(code.code, 0, "{}", code.stderr);
    assert_eq!(code.stdout.lines().count(), 1);
    assert_eq!(code.stdout, kami(&["code"], &text).stdout);
    assert_eq!(kami(&["code", "--decode"], &code.stdout).stdout, text);
    let json: Value = serde_json::from_str(&kami(&[&args[..], &["--json"]].concat(), "").stdout).unwrap();
    assert_eq!(json["code"].as_str(), Some(code.stdout.trim_end()));
    assert_eq!(kami(&[&args[..], &["--format", "svg"]].concat(), "").code, 2);
}

#[test]
fn bad_codes_exit_2_with_one_line_saying_what_is_wrong() {
    let good = kami(&["code"], "0112\n0122\n").stdout.trim_end().to_string();
    let mistyped = format!("{}{}", &good[..good.len() - 1], if good.ends_with('A') { 'B' } else { 'A' });
    let other_game = engine::code::encode("hitori", 1, &[1, 2, 3]);
    let future = engine::code::encode("kami", 9, &[1, 2, 3]);
    let huge = format!("kami:1:{}", "A".repeat(1 << 20));
    for (input, says) in [
        (mistyped.as_str(), "bad check characters"),
        (&good[..good.len() - 3], "bad check characters"),
        (&other_game, "a hitori code, not a kami code"),
        (&future, "unknown kami code version 9"),
        (&huge, "code too long"),
        (&engine::code::encode("kami", 1, &[]), "bad code length"),
        (&engine::code::encode("kami", 1, &[0b1101_0000, 0b0001_0000]), "breaks the rules: the level has no triangles"),
    ] {
        for args in [&["solve"][..], &["render"], &["hint"], &["code"], &["code", "--decode"]] {
            let ran = kami(args, input);
            assert_eq!(ran.code, 2, "{args:?} {says}: {}", ran.stdout);
            assert!(ran.stdout.is_empty() && ran.stderr.lines().count() == 1, "{args:?}: {}", ran.stderr);
            assert!(ran.stderr.contains(says), "{args:?}: {} (expected {says})", ran.stderr);
        }
    }
    // --decode names the line of the bad code; anything that is not a code is one.
    let ran = kami(&["code", "--decode"], &format!("{good}\n\n{mistyped}\n"));
    assert_eq!((ran.code, ran.stderr.starts_with("kami: <stdin>:3: ")), (2, true), "{}", ran.stderr);
    let ran = kami(&["code", "--decode"], "0112\n");
    assert!(ran.code == 2 && ran.stderr.contains("<stdin>:1: not a puzzle code"), "{}", ran.stderr);
    // A bad level in `code` names its line in the input.
    let ran = kami(&["code"], "01\n10\n\n01\n0A\n");
    assert!(ran.code == 2 && ran.stderr.contains("<stdin>:5:2: "), "{}", ran.stderr);
    // Nothing to encode or decode.
    assert_eq!(kami(&["code"], "\n# nothing\n").stderr, "kami: <stdin>: no level in the input\n");
    assert_eq!(kami(&["code", "--decode"], "").stderr, "kami: <stdin>: no code in the input\n");
    // The line of a code given in place of a level.
    let ran = kami(&["solve"], &format!("\n\n{mistyped}\n"));
    assert_eq!(ran.stderr, "kami: <stdin>:3: bad check characters: the code was mistyped or cut\n");
    // Random bytes: exit 2, never a panic.
    let noise: String =
        (0..3000u32).map(|i| char::from(b' ' + (i.wrapping_mul(2_654_435_761) >> 25) as u8 % 95)).collect();
    for args in [&["code"][..], &["code", "--decode"], &["solve"]] {
        assert_eq!(kami(args, &noise).code, 2);
    }
}
