//! `kami solve`: the optimal number of moves of a level, then its moves.

use std::time::Instant;

use engine::cli::{Failure, ThreadsArg, TimeoutArg};
use serde::Serialize;

use crate::input::{Reader, read_level};
use crate::search::{MoveJson, options, solve_level};

/// `kami solve`'s arguments.
#[derive(clap::Args)]
#[command(mut_arg("timeout", |a| a.help("Give up after this many seconds: `unknown lb=<lower bound> best=<n or ->`, exit 3")))]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    timeout: TimeoutArg,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Level file, `-` for standard input.
    #[arg(default_value = "-")]
    level: String,
}

/// `solve --json`.
#[derive(Serialize)]
struct SolveJson {
    /// `optimal` or `unknown`.
    answer: &'static str,
    /// The optimal solution, or the best found (empty if none).
    moves: Vec<MoveJson>,
    /// The number of moves of `moves` (`null` when there are none and the answer is unknown).
    length: Option<usize>,
    /// A proven lower bound on the optimum (the optimum itself when optimal).
    lower_bound: u32,
    /// Why the search gave up: `time_limit`, `node_limit`, `cancelled` or `too_many_regions`.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    /// Search nodes.
    nodes: u64,
    /// Time spent, in seconds.
    seconds: f64,
}

/// `kami solve [--timeout S] [--threads T] [LEVEL]`.
pub(crate) fn run(args: &SolveArgs, read: &mut Reader<'_>, json: bool) -> Result<(u8, String), Failure> {
    let (name, level) = read_level(read, &args.level)?;
    let start = Instant::now();
    let (optimal, moves, lower_bound, reason, nodes, seconds) =
        solve_level(&level, &options(&args.timeout, args.threads))?;
    eprintln!("{name}: searched for {:.3} s", start.elapsed().as_secs_f64());
    let code = if optimal { 0 } else { 3 };
    if json {
        let doc = SolveJson {
            answer: if optimal { "optimal" } else { "unknown" },
            length: moves.as_ref().map(Vec::len),
            moves: moves.iter().flatten().map(MoveJson::from).collect(),
            lower_bound,
            reason,
            nodes,
            seconds,
        };
        return Ok((code, engine::cli::json_line(&doc)));
    }
    let text = match moves {
        Some(moves) if optimal => {
            let mut lines = vec![moves.len().to_string()];
            lines.extend(moves.iter().map(ToString::to_string));
            lines.join("\n") + "\n"
        }
        best => {
            let best = best.map_or_else(|| "-".to_string(), |b| b.len().to_string());
            format!("unknown lb={lower_bound} best={best}\n")
        }
    };
    Ok((code, text))
}
