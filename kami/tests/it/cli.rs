//! The `kami` binary against the command-line contract.
#![cfg(feature = "cli")]

use engine::cli::{Ran, run_binary};

fn kami(args: &[&str], stdin: &str) -> Ran {
    run_binary(env!("CARGO_BIN_EXE_kami"), args, &[], stdin).unwrap()
}

#[test]
fn solve_prints_the_optimum_then_replayable_moves() {
    let text = "# name: small\n0120\n1201\n2012\n";
    let out = kami(&["solve", "-"], text);
    assert_eq!(Some(out.code), Some(0));
    let stdout = out.stdout;
    let mut lines = stdout.lines();
    let n: usize = lines.next().unwrap().parse().unwrap();
    let level: kami::Level = text.parse().unwrap();
    let moves: Vec<kami::Move> = lines
        .map(|l| {
            let t: Vec<&str> = l.split(' ').collect();
            kami::Move::new(
                t[0].parse().unwrap(),
                t[1].parse().unwrap(),
                t[2].chars().next().unwrap().to_digit(36).unwrap() as u8,
            )
        })
        .collect();
    assert_eq!(moves.len(), n);
    assert_eq!(n, kami::solver::optimal(&level).unwrap().len());
    assert!(kami::game::is_solved(&kami::game::replay(&level, &moves).unwrap()));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, input) in [
        (&["solve"][..], "012\n01\n"),
        (&["solve", "-"][..], "0A\n"),
        (&["render"][..], ""),
        (&["solve", "--timeout", "-1"][..], "01\n"),
        (&["generate", "--size", "ten"][..], ""),
        (&["frobnicate"][..], ""),
    ] {
        let out = kami(args, input);
        assert_eq!(Some(out.code), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        // One line; a usage error may add clap's suggestion and its "try --help" line.
        let mut lines = out.stderr.lines();
        assert!(lines.next().is_some_and(|l| l.starts_with("kami: ")), "{args:?}");
        assert!(lines.all(|l| l.starts_with("  tip:") || l.starts_with("For more information")), "{args:?}");
    }
}

#[test]
fn a_budget_that_runs_out_reports_bounds_and_exit_3() {
    // A deep level that zero seconds cannot prove.
    let spec = kami::generate::Spec::new(8, 12).with_colours(4).with_regions(40).with_node_limit(200_000);
    let level = kami::generate::generate(&spec, &mut engine::SeededRng::new(3));
    let text = match level {
        Ok(l) => l.grid_text(),
        Err(_) => "0120120\n1201201\n2012012\n0120120\n".to_string(),
    };
    let out = kami(&["solve", "--timeout", "0", "-"], &text);
    assert_eq!(Some(out.code), Some(3));
    let stdout = out.stdout;
    assert!(stdout.starts_with("unknown lb=") && stdout.contains(" best="), "{stdout}");
}

#[test]
fn generate_and_render() {
    let out = kami(&["generate", "--size", "8x6", "--colors", "3", "--regions", "10", "--seed", "9"], "");
    assert_eq!(Some(out.code), Some(0));
    let text = out.stdout;
    let level: kami::Level = text.parse().unwrap();
    assert_eq!(level.par, Some(kami::solver::optimal(&level).unwrap().len() as u32));
    let svg = kami(&["render"], &text);
    assert!(svg.stdout.starts_with("<svg"));
}

/// `--colors` is the flag of the command-line contract; `--colours`, the API's spelling,
/// is the same flag.
#[test]
fn colours_is_the_same_flag_as_colors() {
    let args = |flag: &'static str| ["generate", "--size", "8x6", flag, "3", "--regions", "10", "--seed", "9"];
    let (colors, colours) = (kami(&args("--colors"), ""), kami(&args("--colours"), ""));
    assert_eq!((colours.code, &colours.stdout), (colors.code, &colors.stdout));
    let pack =
        |flag: &'static str| kami(&["pack", "--seeds", "0..3", "--size", "2x3", flag, "2", "--regions", "3"], "");
    let (colors, colours) = (pack("--colors"), pack("--colours"));
    assert_eq!((colours.code, &colours.stdout), (colors.code, &colors.stdout));
    assert_eq!(colors.code, 0);
}

/// A small level and its optimal answer, as `kami solve` prints it.
const SMALL: &str = "0112\n0122\n";

fn json(out: &Ran) -> serde_json::Value {
    assert_eq!(out.stdout.lines().count(), 1, "one JSON document: {}", out.stdout);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", out.stdout))
}

#[test]
fn solve_output_is_the_contract_s() {
    let out = kami(&["solve"], SMALL);
    assert_eq!((out.code, out.stdout.as_str()), (0, "2\n0 1 0\n0 1 2\n"));
    assert!(out.stderr.starts_with("<stdin>: searched for "), "{}", out.stderr);
    let out = kami(&["solve", "--threads", "1"], SMALL);
    assert_eq!((out.code, out.stdout.as_str()), (0, "2\n0 1 0\n0 1 2\n"));
}

#[test]
fn no_arguments_print_the_commands() {
    let out = kami(&[], "");
    assert_eq!(out.code, 0);
    for command in ["solve", "hint", "render", "generate"] {
        assert!(out.stdout.contains(command), "{}", out.stdout);
    }
}

#[test]
fn every_command_s_help_shows_its_format_and_an_example() {
    for command in ["solve", "hint", "render", "generate"] {
        let out = kami(&[command, "--help"], "");
        assert_eq!(out.code, 0, "{command}");
        assert!(out.stdout.contains("Example:\n  "), "{command}: {}", out.stdout);
        assert!(out.stdout.contains("Output:"), "{command}");
        if command != "generate" {
            assert!(out.stdout.contains("Level text:"), "{command}");
        }
    }
}

#[test]
fn json_on_every_command_with_the_same_exit_codes() {
    let solved = json(&kami(&["solve", "--json"], SMALL));
    assert_eq!(solved["answer"], "optimal");
    assert_eq!(solved["length"], 2);
    assert_eq!(solved["moves"][1], serde_json::json!({"row": 0, "col": 1, "colour": "2"}));
    let out = kami(&["--json", "solve", "--timeout", "0"], "0120120\n1201201\n2012012\n0120120\n");
    assert_eq!(out.code, 3);
    let unknown = json(&out);
    assert_eq!((unknown["answer"].as_str(), unknown["reason"].as_str()), (Some("unknown"), Some("time_limit")));
    let hint = json(&kami(&["hint", "--json", "--moves-made", "0 1 0"], SMALL));
    assert_eq!(hint["hint"], "play");
    assert_eq!(hint["move"], serde_json::json!({"row": 0, "col": 0, "colour": "2"}));
    assert_eq!((hint["moves_left"].as_u64(), hint["moves_made"].as_u64()), (Some(1), Some(1)));
    let render = json(&kami(&["render", "--json"], SMALL));
    assert!(render["svg"].as_str().unwrap().starts_with("<svg data-testid=\"board\""));
    let out = kami(&["generate", "--json", "--size", "8x6", "--colors", "3", "--regions", "10", "--seed", "9"], "");
    let generated = json(&out);
    let text = kami(&["generate", "--size", "8x6", "--colors", "3", "--regions", "10", "--seed", "9"], "").stdout;
    assert_eq!(generated["level"].as_str(), Some(text.as_str()));
    assert_eq!(generated["par"], 3);
    // Bad input stays one line on stderr, nothing on stdout, exit 2.
    let out = kami(&["solve", "--json"], "0A\n");
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
}

#[test]
fn hint_takes_moves_made_or_a_saved_game() {
    assert_eq!(kami(&["hint"], SMALL).stdout, "0 1 0\n");
    assert_eq!(kami(&["hint", "--moves-made", "0 1 0"], SMALL).stdout, "0 0 2\n");
    let out = kami(&["hint", "--moves-made", "0 1 0; 0 1 2"], SMALL);
    assert_eq!((out.code, out.stdout.as_str()), (0, "solved\n"));
    // A saved game: the same position.
    let level: kami::Level = SMALL.parse().unwrap();
    let mut game = kami::Game::new(&level);
    game.play(kami::Move::new(0, 1, 0)).unwrap();
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("kami-saved-game.json");
    std::fs::write(&path, serde_json::to_string(&game).unwrap()).unwrap();
    let out = kami(&["hint", path.to_str().unwrap()], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, "0 0 2\n"));
    for (moves, message) in [
        ("0 1", "kami: --moves-made: move 1: expected `r c colour`, for example `0 3 a`"),
        ("0 1 0;9 9 1", "kami: --moves-made: move 2 (9 9 1): the tapped triangle is outside the level"),
    ] {
        let out = kami(&["hint", "--moves-made", moves], SMALL);
        assert_eq!((out.code, out.stdout.as_str(), out.stderr.trim_end()), (2, "", message));
    }
}

#[test]
fn extreme_arguments_get_an_error_naming_their_limit() {
    for (args, message) in [
        (
            &["generate", "--size", "100000x100000"][..],
            "kami: --size \"100000x100000\": at most 200 rows, 200 columns and 10000 triangles",
        ),
        (
            &["generate", "--size", "1x100000000"][..],
            "kami: --size \"1x100000000\": at most 200 rows, 200 columns and 10000 triangles",
        ),
        (
            &["generate", "--size", "100x100", "--regions", "5000"][..],
            "kami: generate: regions must be at most 1000, not 5000",
        ),
        (&["generate", "--colors", "99"][..], "kami: generate: colours must be 1 to 36, not 99"),
    ] {
        let out = kami(args, "");
        assert_eq!((out.code, out.stdout.as_str(), out.stderr.trim_end()), (2, "", message), "{args:?}");
    }
    let out = kami(&["solve", "--threads", "0"], SMALL);
    assert_eq!(out.code, 2);
    assert!(out.stderr.starts_with("kami: invalid value '0' for '--threads <T>'"), "{}", out.stderr);
}

#[test]
fn long_generation_honours_the_timeout() {
    let start = std::time::Instant::now();
    let out = kami(&["generate", "--size", "200x50", "--regions", "50", "--timeout", "0.5"], "");
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    assert_eq!((out.code, out.stdout.as_str(), out.stderr.trim_end()), (3, "", "kami: generate: gave up: time limit"));
}

#[test]
fn render_draws_the_hooks_and_numbers_the_solution() {
    let svg = kami(&["render"], SMALL).stdout;
    assert!(svg.starts_with("<svg data-testid=\"board\""));
    assert_eq!(svg.matches("data-value=").count(), 8);
    assert!(svg.contains(r#"data-r="1" data-c="3" data-value="2""#));
    let out = kami(&["render", "--solution"], SMALL);
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains(">1,2</text>"), "{}", out.stdout);
}
