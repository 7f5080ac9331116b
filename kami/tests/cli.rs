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
    assert!(kami::play::is_solved(&kami::play::replay(&level, &moves).unwrap()));
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
    let spec =
        kami::generate::Spec::default().with_size(12, 8).with_colours(4).with_regions(40).with_node_limit(200_000);
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
