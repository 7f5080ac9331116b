#![doc = include_str!("../README.md")]

mod api;
mod assets;
mod codes;
mod error;
mod fifteen;
mod hitori;
mod jobs;
mod kami;
mod shisen;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;

/// The port `cargo run -p play` serves on unless `--port` says otherwise.
///
/// ```
/// assert_eq!(play::DEFAULT_PORT, 7878);
/// ```
pub const DEFAULT_PORT: u16 = 7878;

/// How the server spends its machine: every solver and generator call runs on a thread of
/// its own, at most `max_running` at once, each stopped after `solve_time` (a solver) or
/// `generate_time` (a generator); at most `max_waiting` more calls queue for a thread (for
/// at most that long), and the rest are answered `503` at once; request bodies are at
/// most `body_limit` bytes.
///
/// ```
/// let config = play::Config::default();
/// assert_eq!(config.solve_time, std::time::Duration::from_secs(5));
/// assert_eq!(config.generate_time, std::time::Duration::from_secs(30));
/// assert!(config.max_running >= 1 && config.body_limit == 64 * 1024);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The longest a solver call may run.
    pub solve_time: Duration,
    /// The longest a generator call may run (kami levels of many regions take seconds).
    pub generate_time: Duration,
    /// Solver and generator calls running at once.
    pub max_running: usize,
    /// Calls waiting for a thread beyond those.
    pub max_waiting: usize,
    /// The largest request body accepted, in bytes.
    pub body_limit: usize,
}

impl Default for Config {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Config {
            solve_time: Duration::from_secs(5),
            generate_time: Duration::from_secs(30),
            max_running: cores.clamp(1, 4),
            max_waiting: 32,
            body_limit: 64 * 1024,
        }
    }
}

/// The whole web app: the five pages, their scripts and the JSON API under `/api/`
/// (documented in `docs/playground.md`).
///
/// ```
/// let app: axum::Router = play::router(play::Config::default());
/// # let _ = app;
/// ```
pub fn router(config: Config) -> Router {
    let state = Arc::new(api::AppState::new(&config));
    api::routes(state, config.body_limit)
}

/// Serves [`router`] on `listener` until the process ends.
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// let listener = tokio::net::TcpListener::bind(("127.0.0.1", play::DEFAULT_PORT)).await?;
/// play::serve(listener, play::Config::default()).await
/// # }
/// ```
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config)).await
}

/// A seed for a request that gives none (shown in the share link, so the puzzle can be
/// dealt again): six decimal digits from the clock.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos % 1_000_000) as u64
}
