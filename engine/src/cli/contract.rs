//! How every binary ends: parsing its arguments with clap, its answer on standard output
//! with its exit code, or one line on standard error and exit 2.

use std::io::Write;
use std::process::ExitCode;
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

/// Parses `args` (the program name first) into `P`: a usage error is `Err((2, text))` with
/// the [`usage_text`] to print (clap's first line without its `error: ` prefix, then its
/// suggestion and "try --help" lines); `--help`, `--version`, or no command at all for a
/// parser with `arg_required_else_help`, is `Err((0, text))` with the help to print on
/// standard output.
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
/// assert_eq!(line.lines().last(), Some("For more information, try '--help'."));
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
        use clap::error::ErrorKind;
        if matches!(e.kind(), ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand) {
            // No command at all: show the commands, as `--help` would.
            return (0, e.render().to_string());
        }
        if e.use_stderr() { (USAGE, usage_text(&e.render().to_string())) } else { (0, e.to_string()) }
    })
}

/// A clap usage error, cut to what the contract allows: its first line (without the
/// `error: ` prefix), then clap's suggestion lines (`tip: …`) and its closing "try --help"
/// line, if it has them; never the usage block.
///
/// ```
/// let text = "error: unrecognized subcommand 'slove'\n\n  tip: a similar subcommand exists: 'solve'\n\nUsage: fifteen <COMMAND>\n\nFor more information, try '--help'.\n";
/// assert_eq!(
///     engine::cli::usage_text(text),
///     "unrecognized subcommand 'slove'\n  tip: a similar subcommand exists: 'solve'\nFor more information, try '--help'."
/// );
/// ```
#[must_use]
pub fn usage_text(text: &str) -> String {
    let first = first_line(text);
    let mut lines = vec![first.strip_prefix("error: ").unwrap_or(first).to_owned()];
    let rest = text.lines().map(str::trim).filter(|l| !l.is_empty()).skip(1);
    lines.extend(
        rest.filter(|l| l.starts_with("tip:") || l.starts_with("For more information")).map(|l| format!("  {l}")),
    );
    if let Some(last) = lines.last_mut().filter(|l| l.trim_start().starts_with("For more information")) {
        *last = last.trim_start().to_owned();
    }
    lines.join("\n")
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
    parse_from(std::env::args_os()).map_err(|(code, text)| {
        if code == USAGE {
            eprintln!("{program}: {text}");
            ExitCode::from(code)
        } else {
            answer(&text, code)
        }
    })
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
pub fn parse_seconds(text: &str) -> Result<Duration, SecondsError> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(Duration::from_secs_f64(s.min(1e9))),
        _ => Err(SecondsError),
    }
}

/// A `--timeout` value that is not a number of seconds `>= 0`.
///
/// ```
/// assert_eq!(engine::cli::SecondsError.to_string(), "expected a number of seconds >= 0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SecondsError;

impl std::fmt::Display for SecondsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("expected a number of seconds >= 0")
    }
}

impl std::error::Error for SecondsError {}

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

/// One answer as a JSON document on one line, with a final newline (what `--json` prints).
///
/// ```
/// assert_eq!(engine::cli::json_line(&[1, 2]), "[1,2]\n");
/// ```
#[must_use]
pub fn json_line<T: serde::Serialize + ?Sized>(value: &T) -> String {
    // Serialising plain data to a String cannot fail (no maps with non-string keys here).
    let mut text = serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":{:?}}}", e.to_string()));
    text.push('\n');
    text
}
