//! What the commands print: standard output that remembers a failed write, the exit code
//! of several answers, and progress bars.

use std::io::Write;

use engine::cli::Failure;
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
