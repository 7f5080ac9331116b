//! Command-line plumbing shared by the four game binaries (feature `cli`).
//!
//! The workspace's command-line contract fixes how every binary ends: the answer on
//! standard output with exit code 0, 1 or 3, or exactly **one line** on standard error and
//! exit code 2 for bad input or usage (nothing on standard output). This module is that
//! contract in code, so the binaries cannot drift apart:
//!
//! * [`main`] is the whole life of a binary, built from the pieces below.
//! * [`parse`] reads the arguments with clap; a usage error becomes `program: message` on
//!   one line and exit 2, `--help` and `--version` print and exit 0.
//! * [`answer`] writes an answer to standard output with its exit code.
//! * [`parse_seconds`] reads a `--timeout` value.
//! * [`fail`] writes `program: message` (its first line only) to standard error.
//! * [`run_binary`] runs a binary with some standard input, for the binaries' tests.

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

/// The exit code for bad input or usage.
pub const USAGE: u8 = 2;

/// A command that failed: its exit code and a one-line message for standard error.
///
/// ```
/// let f = engine::cli::Failure(2, "bad --size".into());
/// assert_eq!((f.0, f.1.as_str()), (2, "bad --size"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure(pub u8, pub String);

/// The whole life of a binary: [`parse`] the arguments into `P`, run `command`, then print
/// its answer (exit code and standard output) with [`answer`] or its [`Failure`] with
/// [`fail`].
///
/// ```no_run
/// use clap::Parser;
/// use engine::cli::Failure;
///
/// #[derive(Parser)]
/// struct Args {
///     n: i64,
/// }
///
/// fn main() -> std::process::ExitCode {
///     engine::cli::main("demo", |args: Args| {
///         if args.n < 0 { Err(Failure(2, format!("{}: expected a count", args.n))) } else { Ok((0, format!("{}\n", args.n))) }
///     })
/// }
/// ```
pub fn main<P: clap::Parser>(program: &str, command: impl FnOnce(P) -> Result<(u8, String), Failure>) -> ExitCode {
    let args = match parse(program) {
        Ok(args) => args,
        Err(code) => return code,
    };
    match command(args) {
        Ok((code, text)) => answer(&text, code),
        Err(Failure(code, message)) => fail(program, code, &message),
    }
}

/// The first non-blank line of `text`, trimmed (`"error"` if there is none): the one line a
/// binary may print on standard error.
///
/// ```
/// assert_eq!(engine::cli::first_line("\n  error: bad --size\n\nUsage: x\n"), "error: bad --size");
/// assert_eq!(engine::cli::first_line(""), "error");
/// ```
#[must_use]
pub fn first_line(text: &str) -> &str {
    text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("error")
}

/// Parses `args` (the program name first) into `P`: a usage error is `Err((2, line))` with
/// the one line to print (clap's first line, without its `error: ` prefix), `--help` or `--version` is `Err((0, text))` with the text to
/// print on standard output.
///
/// ```
/// use clap::Parser;
///
/// #[derive(Parser)]
/// struct Args {
///     #[arg(long)]
///     seed: u64,
/// }
///
/// let args: Args = engine::cli::parse_from(["demo", "--seed", "7"]).unwrap();
/// assert_eq!(args.seed, 7);
/// let (code, line) = engine::cli::parse_from::<Args, _, _>(["demo", "--seed", "x"]).err().unwrap();
/// assert_eq!(code, 2);
/// assert!(line.starts_with("invalid value 'x' for '--seed <SEED>'"));
/// assert!(!line.contains('\n'));
/// let (code, help) = engine::cli::parse_from::<Args, _, _>(["demo", "--help"]).err().unwrap();
/// assert_eq!(code, 0);
/// assert!(help.contains("--seed"));
/// ```
///
/// # Errors
/// As described: `(2, one line)` for bad usage, `(0, text)` for help and version.
pub fn parse_from<P, I, T>(args: I) -> Result<P, (u8, String)>
where
    P: clap::Parser,
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    P::try_parse_from(args).map_err(|e| {
        if e.use_stderr() {
            let text = e.to_string();
            let line = first_line(&text);
            (USAGE, line.strip_prefix("error: ").unwrap_or(line).to_owned())
        } else {
            (0, e.to_string())
        }
    })
}

/// Parses the process's arguments into `P` for the binary `program`, or prints what the
/// contract says (one line `program: message` on standard error, or the help text) and
/// returns the exit code to end with.
///
/// ```no_run
/// use clap::Parser;
///
/// #[derive(Parser)]
/// struct Args {
///     seed: u64,
/// }
///
/// fn main() -> std::process::ExitCode {
///     let args: Args = match engine::cli::parse("demo") {
///         Ok(args) => args,
///         Err(code) => return code,
///     };
///     engine::cli::answer(&format!("{}\n", args.seed), 0)
/// }
/// ```
///
/// # Errors
/// The exit code when the program must stop: 2 after a usage error, 0 after help or version.
pub fn parse<P: clap::Parser>(program: &str) -> Result<P, ExitCode> {
    parse_from(std::env::args_os())
        .map_err(|(code, text)| if code == USAGE { fail(program, code, &text) } else { answer(&text, code) })
}

/// Parses a `--timeout`-style number of seconds (a clap `value_parser`): finite and `>= 0`;
/// values beyond 10⁹ s are capped there.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(engine::cli::parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
/// assert_eq!(engine::cli::parse_seconds("1e99"), Ok(Duration::from_secs(1_000_000_000)));
/// assert!(engine::cli::parse_seconds("-1").is_err());
/// assert!(engine::cli::parse_seconds("NaN").is_err());
/// assert!(engine::cli::parse_seconds("soon").is_err());
/// ```
///
/// # Errors
/// Not a number, negative, or not finite.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(Duration::from_secs_f64(s.min(1e9))),
        _ => Err("expected a number of seconds >= 0".to_owned()),
    }
}

/// Writes `text` to standard output and returns exit code `code` (2 if standard output
/// cannot be written, e.g. a closed pipe).
///
/// ```
/// let code = engine::cli::answer("", 1);
/// assert_eq!(code, std::process::ExitCode::from(1));
/// ```
#[must_use]
pub fn answer(text: &str, code: u8) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::from(code),
        Err(_) => ExitCode::from(USAGE),
    }
}

/// Writes `program: message` to standard error, the message cut to its [`first_line`], and
/// returns exit code `code`.
///
/// ```
/// let code = engine::cli::fail("demo", 2, "bad input\nmore detail");
/// assert_eq!(code, std::process::ExitCode::from(2));
/// ```
#[must_use]
pub fn fail(program: &str, code: u8, message: &str) -> ExitCode {
    eprintln!("{program}: {}", first_line(message));
    ExitCode::from(code)
}

/// What a finished process printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ran {
    /// The exit code (`-1` if the process was killed by a signal).
    pub code: i32,
    /// Standard output, lossily decoded.
    pub stdout: String,
    /// Standard error, lossily decoded.
    pub stderr: String,
}

/// Runs the binary at `path` with `args`, extra environment variables `env` and `stdin` as
/// its standard input, and waits for it. A binary that exits before reading its input
/// (a usage error) is not an error.
///
/// ```
/// # #[cfg(unix)] {
/// let ran = engine::cli::run_binary("cat", &["-"], &[], "hello\n").unwrap();
/// assert_eq!((ran.code, ran.stdout.as_str(), ran.stderr.as_str()), (0, "hello\n", ""));
/// # }
/// ```
///
/// # Errors
/// The binary cannot be started or waited for.
pub fn run_binary(path: impl AsRef<OsStr>, args: &[&str], env: &[(&str, &Path)], stdin: &str) -> std::io::Result<Ran> {
    let mut child = Command::new(path)
        .args(args)
        .envs(env.iter().map(|&(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut input) = child.stdin.take() {
        // A broken pipe only means the binary did not read all of its input.
        let _ = input.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output()?;
    Ok(Ran {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    })
}
