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
//! * [`JsonArg`], [`TimeoutArg`], [`ThreadsArg`] and [`RunArgs`] are the clap arguments
//!   every binary shares (`--json`, `--timeout`, `--threads`), declared once; [`parse_seconds`]
//!   reads a `--timeout` value.
//! * [`fail`] writes `program: message` (its first line only) to standard error.
//! * [`Input`] is where a command reads its INPUT arguments: files and standard input in
//!   the binary, a given text in an in-process test.
//! * [`run_binary`] runs a binary with some standard input, for the binaries' tests.
//! * [`pack()`] and [`verify()`] are the `pack` and `verify` commands of every game, over the
//!   runner of [`crate::pack`]; [`PackArgs`] and [`RunArgs`] their clap arguments
//!   (`--seeds`, `--count`, `--shard`, `--out`, `--resume`, `--merge`, `--threads`,
//!   `--timeout`).

mod args;
mod contract;
mod input;
mod pack;
mod watch;

pub use args::{JsonArg, MAX_THREADS, PuzzleFormat, PuzzleFormatArg, RunArgs, ThreadsArg, TimeoutArg};
pub use contract::{
    Failure, SecondsError, USAGE, answer, fail, first_line, json_line, main, parse, parse_from, parse_seconds,
    usage_text,
};
pub use input::{Input, Ran, run_binary};
pub use pack::{Format, MAX_COUNT, PackArgs, pack, verify};
pub use watch::{ADVICE_AFTER, Watch, watch};
