//! `cargo xtask <command>`: see `cargo xtask --help`.

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask <command>

commands:
  fixtures [--check]   regenerate generated fixtures and tidy hand-written ones;
                       --check lists stale or untidy files and fails
  bench [options]      run the criterion benches and print a summary table (--help for options)
  ci                   fmt --check, clippy -D warnings, test --workspace, doc, fixtures --check,
                       scale, e2e
  demo                 generate and solve one puzzle per game with a fixed seed
  e2e                  the playground's browser tests in headless Chromium (installs it when missing)
  tidy                 the workspace's shape: no import circle, no source file over 700 lines,
                       the shared names at every game's root, docs without history
  scale                docs/scale.md's GNU parallel recipe for every game: 4 shards merged = one run
                       (installs GNU parallel when missing)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = xtask::workspace_root();
    let result = match args.first().map(String::as_str) {
        Some("fixtures") => xtask::fixtures::run(&root, &args[1..]),
        Some("bench") => xtask::bench::run(&root, &args[1..]),
        Some("ci") => xtask::ci::run(&root, &args[1..]),
        Some("demo") => xtask::demo::run(&args[1..]),
        Some("tidy") => xtask::tidy::run(&root, &args[1..]),
        Some("scale") => xtask::scale::run(&root, &args[1..]),
        Some("e2e") => xtask::e2e::run(&root, &args[1..]),
        Some("-h" | "--help" | "help") | None => {
            print!("{HELP}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command {other:?}; see `cargo xtask --help`")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
