//! Seeded random levels with a proven par.
//!
//! A level of `rows × cols` triangles with exactly `regions` regions: first, up to
//! [`RANDOM_ATTEMPTS`] random layouts, each cut into `regions` pieces grown from random
//! seed triangles, each piece coloured avoiding the colours of the pieces it touches where
//! it can (a layout where two pieces of one colour touch has fewer regions and is
//! dropped). Random layouts of many regions have a par too deep to prove quickly, so then
//! levels are built by reverse play (see [`design`]), stopping at exactly `regions`
//! regions; their par is at most the number of un-moves. Each level is solved optimally
//! within a node budget (deterministic, unlike a time limit); a level the solver cannot
//! prove within the budget is dropped and the next one tried.
//!
//! On 29 × 10 boards with the default budget, levels of up to 130 regions with 5 colours,
//! 150 with 4 and 190 with 3 were generated with their proven par (par 9–14) in 0.7–45 s
//! on the seeds measured (one seed fails at 130 regions with 5 colours and at 150 with 4);
//! past that, most attempts cannot be proven within the budget, or (200 regions with 3
//! colours) most build no layout of exactly that many regions (see `kami/README.md`).

use std::time::Instant;

use engine::{Budget, SeededRng, StopReason};

use crate::solver::{Options, Solved, solve_solved};
use crate::{Level, Move, RegionGraph};

use layout::layout;
use reverse_play::reverse_play_to;
use spec::check;

mod layout;
mod reverse_play;
mod spec;
#[cfg(test)]
mod tests;

pub use reverse_play::{DesignOptions, Designed, bench_set, design, with_par};
pub use spec::{GenerateError, MAX_ATTEMPTS, MAX_REGIONS, MAX_SIDE, MAX_TRIANGLES, Spec};

/// A random level with its proven optimum as `par` ([`generate_within`] with no budget
/// beyond [`Spec::node_limit`]).
///
/// The same spec and seed give the same level on every run of one version of this crate.
/// Across versions they may not: a layout is kept when the solver proves its par within
/// [`Spec::node_limit`], and a solver that spends fewer nodes keeps layouts an older one
/// dropped (in November 2026, seeds 1, 3 and 4 of 29 × 10 levels with 4 colours and 130
/// regions changed this way, to levels whose proofs take about five times as long). A game
/// that needs the same levels after an upgrade stores the levels, not the seeds.
///
/// ```
/// use kami::generate::{generate, Spec};
/// let spec = Spec::new(5, 6).with_colours(3).with_regions(8);
/// let level = generate(&spec, &mut engine::SeededRng::new(2026)).unwrap();
/// assert_eq!(level, generate(&spec, &mut engine::SeededRng::new(2026)).unwrap()); // same seed, same level
/// assert_eq!(level.par, Some(kami::solver::optimal(&level).unwrap().len() as u32));
/// assert_eq!(level.colours_used().len(), 3);
/// assert_eq!(kami::RegionGraph::new(&level).len(), 8);
/// ```
///
/// # Errors
/// A spec out of range, or no level found in [`Spec::attempts`] attempts.
pub fn generate(spec: &Spec, rng: &mut SeededRng) -> Result<Level, GenerateError> {
    generate_within(spec, rng, &Budget::default())
}

/// [`generate`] within `budget`: its time limit (counted from this call), deadline and
/// cancel token stop the whole generation ([`GenerateError::GaveUp`]); its node limit, if
/// any, caps each layout's proof below [`Spec::node_limit`]. The level for a seed is the
/// same as [`generate`]'s when the budget does not run out.
///
/// ```
/// use kami::generate::{GenerateError, Spec, generate_within};
/// let cancel = engine::CancelToken::new();
/// cancel.cancel();
/// let budget = engine::Budget::default().with_cancel(cancel);
/// let err = generate_within(&Spec::default(), &mut engine::SeededRng::new(1), &budget).unwrap_err();
/// assert_eq!(err, GenerateError::GaveUp(engine::StopReason::Cancelled));
/// ```
///
/// # Errors
/// As [`generate`], and [`GenerateError::GaveUp`] when the budget runs out.
pub fn generate_within(spec: &Spec, rng: &mut SeededRng, budget: &Budget) -> Result<Level, GenerateError> {
    generate_proven(spec, rng, budget).map(|(level, _)| level)
}

/// [`generate_within`] with the proof: the level (its `par` set) and the optimal solution
/// the solver found, of `par` moves. The same level as [`generate_within`] for the same
/// spec, seed and budget; the solution is the same on every run (the proofs search on the
/// calling thread only, under a node limit).
///
/// ```
/// use kami::generate::{Spec, generate_proven};
/// let spec = Spec::new(5, 6).with_colours(3).with_regions(8);
/// let (level, moves) = generate_proven(&spec, &mut engine::SeededRng::new(2026), &engine::Budget::default()).unwrap();
/// assert_eq!(level.par, Some(moves.len() as u32));
/// assert!(kami::game::is_solved(&kami::game::replay(&level, &moves).unwrap()));
/// ```
///
/// # Errors
/// As [`generate_within`].
pub fn generate_proven(spec: &Spec, rng: &mut SeededRng, budget: &Budget) -> Result<(Level, Vec<Move>), GenerateError> {
    check(spec)?;
    let Spec { rows, cols, colours, regions, .. } = *spec;
    let mut overall = budget.clone();
    if let Some(time) = budget.time_limit() {
        overall = overall.with_deadline(Instant::now() + time);
    }
    let node_limit = budget.node_limit().map_or(spec.node_limit, |n| n.min(spec.node_limit));
    let proof = Options::default().with_budget(overall.clone().with_node_limit(node_limit));
    let mut meter = overall.start();
    for attempt in 0..spec.attempts.max(1) {
        if meter.check() {
            return Err(GenerateError::GaveUp(meter.stopped().unwrap_or(StopReason::Cancelled)));
        }
        let cells = if attempt < RANDOM_ATTEMPTS || colours < 2 {
            layout(rows, cols, colours, regions, rng)
        } else {
            reverse_play_to(spec, (attempt - RANDOM_ATTEMPTS) / 4, rng, &mut || meter.check())
        };
        let Some(cells) = cells else { continue };
        let mut level = Level::from_cells(cells)?;
        if RegionGraph::new(&level).len() != regions {
            continue;
        }
        match solve_solved(&level, &proof) {
            (Solved::Optimal(moves), _) => {
                level.par = Some(moves.len() as u32);
                return Ok((level, moves));
            }
            (_, Some(reason)) if reason != StopReason::NodeLimit => return Err(GenerateError::GaveUp(reason)),
            _ => {}
        }
    }
    Err(GenerateError::NotFound { regions, attempts: spec.attempts.max(1) })
}

/// Random layouts tried before [`generate`] turns to reverse play.
pub const RANDOM_ATTEMPTS: usize = 2;
