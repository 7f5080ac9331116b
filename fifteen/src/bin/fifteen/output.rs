//! What the commands print: standard output that remembers a failed write, the verdict of
//! a search (the words `solve`, `hint` and `render` share), the exit code of several
//! answers, and progress bars.

use std::io::Write;

use engine::cli::Failure;
use engine::{Outcome, StopReason};
use indicatif::{ProgressBar, ProgressStyle};

/// Standard output, remembering a failed write (a closed pipe).
pub(super) struct Output<'a> {
    pub(super) out: &'a mut dyn Write,
    pub(super) failed: bool,
}

impl Output<'_> {
    pub(super) fn emit(&mut self, text: &str) {
        if self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()).is_err() {
            self.failed = true;
        }
    }
}

/// Prints a command's standard output; its exit code.
pub(super) fn printed(result: Result<(u8, String), Failure>, out: &mut Output) -> Result<u8, Failure> {
    let (code, text) = result?;
    out.emit(&text);
    Ok(code)
}

/// How a search ended, in the words the text and JSON answers of `solve`, `hint` and
/// `render` share: the status, the exit code, the answer found, whether it is proven, and,
/// when the search gave up, why and the lower bound it proved.
pub(super) struct Verdict<'a, T> {
    /// `unknown` when the search gave up, else what `named` calls the answer.
    pub(super) status: &'static str,
    /// 0 answered, 1 unsolvable, 3 gave up.
    pub(super) code: u8,
    /// The answer, unless the search gave up.
    pub(super) answer: Option<&'a T>,
    /// Whether the answer is proven (optimal).
    pub(super) optimal: bool,
    /// The lower bound a search that gave up proved.
    pub(super) lower_bound: Option<u32>,
    /// Why the search gave up.
    pub(super) reason: Option<StopReason>,
}

impl<T> Verdict<'_, T> {
    /// The verdict of `outcome`; `named` gives an answer's status and exit code.
    pub(super) fn of(outcome: &Outcome<T, u32>, named: impl Fn(&T) -> (&'static str, u8)) -> Verdict<'_, T> {
        match outcome {
            Outcome::Proved(a) | Outcome::Found(a) => {
                let (status, code) = named(a);
                Verdict { status, code, answer: Some(a), optimal: outcome.is_proved(), lower_bound: None, reason: None }
            }
            Outcome::GaveUp { reason, proven } => Verdict {
                status: "unknown",
                code: 3,
                answer: None,
                optimal: false,
                lower_bound: Some(*proven),
                reason: Some(*reason),
            },
        }
    }
}

/// The larger exit code, 3 (gave up) above 1 (unsolvable).
pub(super) fn worse(a: u8, b: u8) -> u8 {
    a.max(b)
}

pub(super) fn progress(total: u64, message: &'static str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(message);
    bar
}
