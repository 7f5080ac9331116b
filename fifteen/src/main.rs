//! The `fifteen` binary: see [`fifteen::cli`] and `docs/cli/fifteen.md`.

fn main() -> std::process::ExitCode {
    fifteen::cli::main()
}
