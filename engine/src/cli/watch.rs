//! The progress display of a long search on a terminal.

/// How long a search runs before [`watch`] says once what the user can do instead.
pub const ADVICE_AFTER: std::time::Duration = std::time::Duration::from_secs(3);

/// `budget` with a progress display on standard error when it is a terminal: an indicatif
/// spinner with the current bound, best answer, nodes and time, and after [`ADVICE_AFTER`]
/// one line of `advice` (e.g. "no answer yet: --fast gives a quick one, --timeout S stops
/// the search"). When standard error is not a terminal, `budget` is returned unchanged.
/// Drop the returned [`Watch`] when the search is done to clear the spinner.
///
/// ```
/// let (budget, watch) = engine::cli::watch(engine::Budget::default(), "try --timeout");
/// drop(watch);
/// assert_eq!(budget.node_limit(), None);
/// ```
#[must_use]
pub fn watch(budget: crate::Budget, advice: &str) -> (crate::Budget, Watch) {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return (budget, Watch(None));
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let shown = bar.clone();
    let advice = advice.to_owned();
    let advised = std::sync::atomic::AtomicBool::new(false);
    let budget = budget.with_progress(move |p| {
        let bound = p.bound.map(|b| format!("bound {b}  ")).unwrap_or_default();
        let best = p.best.map(|b| format!("best {b}  ")).unwrap_or_default();
        let msg = format!("{bound}{best}{} nodes  {:.1} s", p.nodes, p.elapsed.as_secs_f64());
        shown.set_message(msg);
        shown.tick();
        if p.elapsed >= ADVICE_AFTER && !advice.is_empty() && !advised.swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            shown.println(&advice);
        }
    });
    (budget, Watch(Some(bar)))
}

/// The progress display of [`watch`]: cleared when dropped.
#[derive(Debug)]
pub struct Watch(Option<indicatif::ProgressBar>);

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
