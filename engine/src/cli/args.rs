//! The clap arguments every game binary shares, declared once: `--json` ([`JsonArg`]),
//! `--timeout` ([`TimeoutArg`]), `--threads` ([`ThreadsArg`]), the two together
//! ([`RunArgs`]) and `generate`'s `--format text|code` ([`PuzzleFormatArg`]). A binary
//! flattens them into its commands
//! (`#[command(flatten)] timeout: TimeoutArg`); a command whose `--timeout` says more than
//! the shared help (what it prints when the time runs out) sets its own help line with
//! `#[command(mut_arg("timeout", |a| a.help("…")))]`, keeping the one parser.

use std::time::{Duration, Instant};

use super::contract::parse_seconds;
use crate::Budget;

/// The most threads `--threads` accepts.
pub const MAX_THREADS: u16 = 256;

/// `--json`: the answer as one JSON document (global: it may come before or after the
/// command).
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     json: engine::cli::JsonArg,
///     #[command(subcommand)]
///     command: Command,
/// }
/// #[derive(clap::Subcommand)]
/// enum Command { Solve }
/// assert!(Cli::try_parse_from(["x", "solve", "--json"]).unwrap().json.json);
/// assert!(Cli::try_parse_from(["x", "--json", "solve"]).unwrap().json.json);
/// assert!(!Cli::try_parse_from(["x", "solve"]).unwrap().json.json);
/// ```
#[derive(clap::Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JsonArg {
    /// Print the answer as one JSON document (fields in docs/cli.md).
    #[arg(long, global = true)]
    pub json: bool,
}

/// `--timeout S`: seconds, decimals allowed (`0.5`); a negative or unreadable value is a
/// usage error.
///
/// ```
/// use clap::Parser;
/// use std::time::Duration;
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     time: engine::cli::TimeoutArg,
/// }
/// let cli = Cli::try_parse_from(["x", "--timeout", "0.25"]).unwrap();
/// assert_eq!(cli.time.timeout, Some(Duration::from_millis(250)));
/// assert!(Cli::try_parse_from(["x", "--timeout", "-1"]).is_err());
/// assert!(Cli::try_parse_from(["x", "--timeout", "soon"]).is_err());
/// ```
#[derive(clap::Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeoutArg {
    /// Give up after this many seconds: exit 3.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

impl TimeoutArg {
    /// A budget whose clock starts with each search it is given to: `--timeout` for every
    /// search (for a command that solves one puzzle after another, each gets the whole time).
    ///
    /// ```
    /// use std::time::Duration;
    /// let t = engine::cli::TimeoutArg { timeout: Some(Duration::from_secs(2)) };
    /// assert_eq!(t.budget().time_limit(), Some(Duration::from_secs(2)));
    /// assert_eq!(engine::cli::TimeoutArg::default().budget().time_limit(), None);
    /// ```
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.timeout.map_or_else(Budget::default, |t| Budget::default().with_time_limit(t))
    }

    /// A budget that stops the whole command `--timeout` from now: one deadline shared by
    /// every search the command starts.
    ///
    /// ```
    /// let t = engine::cli::TimeoutArg { timeout: Some(std::time::Duration::ZERO) };
    /// assert!(t.deadline().start().check());
    /// assert!(!engine::cli::TimeoutArg::default().deadline().start().check());
    /// ```
    #[must_use]
    pub fn deadline(&self) -> Budget {
        match self.timeout {
            Some(t) => Budget::default().with_deadline(Instant::now() + t),
            None => Budget::default(),
        }
    }
}

/// `--threads T`: from 1 to [`MAX_THREADS`]; one per core when not given.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     threads: engine::cli::ThreadsArg,
/// }
/// assert_eq!(Cli::try_parse_from(["x", "--threads", "2"]).unwrap().threads.get(), Some(2));
/// assert!(Cli::try_parse_from(["x", "--threads", "0"]).is_err());
/// assert!(Cli::try_parse_from(["x", "--threads", "257"]).is_err());
/// assert!(Cli::try_parse_from(["x"]).unwrap().threads.or_cores() >= 1);
/// ```
#[derive(clap::Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadsArg {
    /// Threads to work on, 1 to 256 (default: one per core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_THREADS)))]
    pub threads: Option<u16>,
}

impl ThreadsArg {
    /// The threads asked for (`None`: one per core).
    #[must_use]
    pub fn get(&self) -> Option<usize> {
        self.threads.map(usize::from)
    }

    /// The threads asked for, or the machine's core count.
    #[must_use]
    pub fn or_cores(&self) -> usize {
        self.get().unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
    }
}

/// The arguments every long command shares: `--threads` and `--timeout` (one deadline for
/// the whole command).
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     run: engine::cli::RunArgs,
/// }
/// let cli = Cli::try_parse_from(["x", "--threads", "2", "--timeout", "1.5"]).unwrap();
/// assert_eq!(cli.run.threads(), Some(2));
/// assert!(Cli::try_parse_from(["x", "--threads", "0"]).is_err());
/// ```
#[derive(clap::Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub threads: ThreadsArg,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub timeout: TimeoutArg,
}

impl RunArgs {
    /// The threads asked for (`None`: one per core).
    ///
    /// ```
    /// assert_eq!(engine::cli::RunArgs::default().threads(), None);
    /// ```
    #[must_use]
    pub fn threads(&self) -> Option<usize> {
        self.threads.get()
    }

    /// A budget that stops the whole command `--timeout` from now (a deadline shared by
    /// every search the command starts).
    ///
    /// ```
    /// let mut run = engine::cli::RunArgs::default();
    /// run.timeout.timeout = Some(std::time::Duration::ZERO);
    /// assert!(run.budget().start().check());
    /// ```
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.timeout.deadline()
    }
}

/// How a command that makes puzzles prints each one: its text form or its one-line code.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PuzzleFormat {
    /// The game's text form (`board` is read as `text`).
    #[default]
    #[value(alias = "board")]
    Text,
    /// The puzzle's one-line code (`<game>:<version>:…`), read by every command and by
    /// `code --decode`.
    Code,
}

/// `--format text|code`: how `generate` prints each puzzle.
///
/// ```
/// use clap::Parser;
/// use engine::cli::PuzzleFormat;
/// #[derive(Parser)]
/// struct Cli {
///     #[command(flatten)]
///     output: engine::cli::PuzzleFormatArg,
/// }
/// assert_eq!(Cli::try_parse_from(["x"]).unwrap().output.format, PuzzleFormat::Text);
/// assert_eq!(Cli::try_parse_from(["x", "--format", "code"]).unwrap().output.format, PuzzleFormat::Code);
/// assert_eq!(Cli::try_parse_from(["x", "--format", "board"]).unwrap().output.format, PuzzleFormat::Text);
/// assert!(Cli::try_parse_from(["x", "--format", "json"]).is_err());
/// ```
#[derive(clap::Args, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleFormatArg {
    /// Print each puzzle as its text form (`text`) or as its one-line code (`code`).
    #[arg(long, value_name = "F", value_enum, default_value_t = PuzzleFormat::Text)]
    pub format: PuzzleFormat,
}
