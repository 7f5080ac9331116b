//! The `fifteen` binary: see [`fifteen::cli`] and `docs/cli.md`.

fn main() -> std::process::ExitCode {
    fifteen::cli::main()
}
