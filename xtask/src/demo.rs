//! `cargo xtask demo`: the project's main job on built-in defaults, for a newcomer.
//!
//! For each game it shows what the engine can do today with a fixed seed. It grows with
//! the game issues: each one adds "generate a puzzle, solve it, print board and answer".

use std::fmt::Write;

use engine::{SeededRng, components};

/// The demo seed: the same output on every machine.
pub const SEED: u64 = 2026;

/// Runs the demo, printing to stdout.
pub fn run(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask demo".to_string());
    }
    print!("{}", demo_text()?);
    Ok(())
}

/// The demo's whole output.
///
/// ```
/// let text = xtask::demo::demo_text().unwrap();
/// assert!(text.contains("fifteen"));
/// assert_eq!(text, xtask::demo::demo_text().unwrap()); // deterministic
/// ```
pub fn demo_text() -> Result<String, String> {
    let mut out = String::new();
    let mut rng = SeededRng::new(SEED);

    // fifteen: scramble the 4x4 goal by a seeded random walk.
    let goal = fifteen::Goal::BlankLast.layout(4, 4)?;
    let mut board = goal.clone();
    let mut walk = Vec::new();
    while walk.len() < 30 {
        let m = fifteen::Move::ALL[rng.index(4)];
        if walk.last().is_some_and(|&last: &fifteen::Move| last == m.inverse()) {
            continue;
        }
        if board.apply(m) {
            walk.push(m);
        }
    }
    writeln!(
        out,
        "== fifteen (seed {SEED})\nscrambled by {}: {board}\n(the optimal solver arrives with its issue)\n",
        fifteen::Move::format_all(&walk)
    )
    .map_err(|e| e.to_string())?;

    // shisen: a small hand-made board.
    let deal: shisen::Board = "A B C . D\nD C B A .\n".parse().map_err(|e: engine::ParseError| e.to_string())?;
    writeln!(
        out,
        "== shisen\n{deal}{} tiles of {} kinds (paths, solver and generator arrive with their issue)\n",
        deal.tile_count(),
        deal.kind_count()
    )
    .map_err(|e| e.to_string())?;

    // hitori: a seeded random grid of numbers (not yet a puzzle with one solution).
    let numbers = engine::Grid::from_fn(5, 5, |_| rng.below(5) as u32 + 1);
    let puzzle = hitori::Puzzle::from_grid(numbers).ok_or("empty grid")?;
    writeln!(out, "== hitori\n{puzzle}(unique-puzzle generator and solver arrive with their issue)\n")
        .map_err(|e| e.to_string())?;

    // kami: a seeded random level and its colour regions.
    let rows: Vec<String> =
        (0..6).map(|_| (0..5).map(|_| kami::colour_char(rng.below(3) as u8)).collect::<String>()).collect();
    let level = kami::Level::parse(&rows.join("\n")).map_err(|e| e.to_string())?;
    let regions = components(&level.topology(), |i| level.cells()[i]).count;
    writeln!(
        out,
        "== kami\n{level}{} triangles, {regions} colour regions (par solver arrives with its issue)",
        level.triangle_count()
    )
    .map_err(|e| e.to_string())?;
    Ok(out)
}
