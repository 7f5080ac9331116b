//! `cargo xtask demo`: the project's main job on built-in defaults, for a newcomer.
//!
//! For each game: generate one puzzle from a fixed seed, solve it, print the board and the
//! answer (checked by replaying it through the game's rules). Deterministic: the same
//! output on every machine.

use std::fmt::Write;

use engine::SeededRng;

/// The demo seed.
pub const SEED: u64 = 2026;

/// Runs the demo, printing to stdout.
pub fn run(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask demo".to_string());
    }
    print!("{}", demo_text()?);
    Ok(())
}

/// The demo's whole output: one section per game.
///
/// ```no_run
/// let text = xtask::demo::demo_text().unwrap();
/// assert!(text.contains("fifteen"));
/// ```
pub fn demo_text() -> Result<String, String> {
    Ok([fifteen()?, shisen()?, hitori()?, kami()?].join("\n"))
}

/// A uniformly random solvable 3×3 and 4×4: the 3×3 solved optimally (IDA*), the 4×4 by
/// the fast reduction solver (the optimal 4×4 solver needs a pattern database, built on
/// first use by `fifteen solve`).
fn fifteen() -> Result<String, String> {
    use fifteen::{Goal, Move, fast::solve_fast, generate, solver};
    let fifteen_err = |e: fifteen::Error| e.to_string();
    let mut out = String::new();
    let mut rng = SeededRng::new(SEED);
    let goal = Goal::BlankLast.layout(3, 3).map_err(|e| e.to_string())?;
    let board = generate::uniform(&goal, &mut rng);
    let puzzle = fifteen::Puzzle::new(board.clone(), goal.clone()).map_err(fifteen_err)?;
    let solution = solver::solve(&puzzle, &solver::Options::default()).map_err(fifteen_err)?;
    let moves = solution.outcome.answer().and_then(solver::Answer::moves).ok_or("the 3x3 solver gave up")?;
    let mut replay = board.clone();
    replay.replay(moves).map_err(|e| e.to_string())?;
    if replay != goal {
        return Err("the 3x3 answer does not reach the goal".into());
    }
    let board = board.to_line();
    let _ = writeln!(out, "== fifteen 3x3, seed {SEED}\n{board}\noptimal: {} {}", moves.len(), Move::format_all(moves));
    let goal = Goal::BlankLast.layout(4, 4).map_err(|e| e.to_string())?;
    let board = generate::uniform(&goal, &mut rng);
    let moves = solve_fast(&board, &goal).map_err(fifteen_err)?.ok_or("4x4 unsolvable")?;
    let board = board.to_line();
    let _ = writeln!(out, "== fifteen 4x4\n{board}\nfast (not optimal): {} {}", moves.len(), Move::format_all(&moves));
    Ok(out)
}

/// A solvable 18x8 deal built by construction, decided by the exact solver.
fn shisen() -> Result<String, String> {
    use shisen::generate::{Spec, generate};
    use shisen::solver::{self, Answer, Options};
    let mut out = String::new();
    let spec = Spec::new(18, 8);
    let board = generate(&spec, &mut SeededRng::new(SEED)).map_err(|e| e.to_string())?.board;
    let _ = writeln!(out, "== shisen 18x8, seed {SEED}\n{board}");
    match solver::solve(&board, &Options::default()).outcome.into_answer() {
        Some(Answer::Solvable(moves)) => {
            let end = solver::replay(&board, false, &moves).map_err(|e| e.to_string())?;
            if !end.is_cleared() {
                return Err("the shisen witness does not clear the board".into());
            }
            let line: Vec<String> = moves.iter().map(|(a, b)| format!("{a} {b}")).collect();
            let _ = writeln!(out, "solvable in {} removals: {}", moves.len(), line.join(" | "));
        }
        other => {
            let _ = writeln!(out, "{}", other.as_ref().map_or("unknown", Answer::word));
        }
    }
    Ok(out)
}

/// A 10x10 puzzle with exactly one solution, graded and solved.
fn hitori() -> Result<String, String> {
    let mut out = String::new();
    let puzzle =
        hitori::generate(&hitori::Spec::new(10, 10), &mut engine::SeededRng::new(SEED)).map_err(|e| e.to_string())?;
    let answer =
        hitori::solve(&puzzle, &hitori::Options::default()).outcome.into_answer().ok_or("no budget, no stop")?;
    let _ =
        writeln!(out, "== hitori 10x10, seed {SEED} ({})\n{puzzle}{}", hitori::steps::grade(&puzzle), answer.class());
    for shaded in answer.solutions() {
        out.push_str(&puzzle.format_solution(shaded));
    }
    Ok(out)
}

/// A 10x29 level with 4 colours and its proven par.
fn kami() -> Result<String, String> {
    use kami::generate::{Spec, generate};
    let mut out = String::new();
    let spec = Spec::default().with_colours(4).with_regions(30);
    let level = generate(&spec, &mut engine::SeededRng::new(SEED)).map_err(|e| e.to_string())?;
    let moves = kami::solver::optimal(&level).map_err(|e| e.to_string())?;
    let end = kami::game::replay(&level, &moves).map_err(|e| e.to_string())?;
    if !kami::game::is_solved(&end) {
        return Err("the kami answer does not solve the level".into());
    }
    let taps: Vec<String> =
        moves.iter().map(|m| format!("({}, {}) -> {}", m.row, m.col, kami::colour_char(m.colour))).collect();
    let _ = writeln!(out, "== kami 29x10, seed {SEED}\n{level}optimal: {} moves: {}", moves.len(), taps.join(", "));
    Ok(out)
}
