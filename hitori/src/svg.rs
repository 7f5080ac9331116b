//! SVG pictures of puzzles and of the player's marks: one square per cell with its number,
//! shaded cells dark, unshaded ("circled") cells with a ring, and the cells of every broken
//! rule ([`crate::rules::check`]) outlined in red.
//!
//! The root element is `<svg data-testid="board">`; each cell is a `<g>` carrying
//! `data-x`, `data-y` (column and row from 0), `data-value` (the cell's number) and
//! `data-state` (`unknown`, `shaded` or `unshaded`), plus `data-violation="true"` when it
//! breaks a rule — hooks for tests that drive a page built on these pictures.

use std::fmt::Write;

use engine::Coord;

use crate::board::Puzzle;
use crate::game::{Game, GameError, State};
use crate::rules::{Cell, Violation};

/// How to draw.
///
/// ```
/// let options = hitori::svg::SvgOptions::default().with_cell(40.0);
/// assert_eq!(options.cell, 40.0);
/// assert!(options.violations);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// Side of a cell, in SVG units.
    pub cell: f64,
    /// Whether the cells of broken rules are outlined in red.
    pub violations: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions { cell: 32.0, violations: true }
    }
}

impl SvgOptions {
    /// The same options with cells of side `cell`.
    ///
    /// ```
    /// assert_eq!(hitori::svg::SvgOptions::default().with_cell(10.0).cell, 10.0);
    /// ```
    #[must_use]
    pub fn with_cell(mut self, cell: f64) -> Self {
        self.cell = cell;
        self
    }

    /// The same options, marking broken rules or not.
    ///
    /// ```
    /// assert!(!hitori::svg::SvgOptions::default().with_violations(false).violations);
    /// ```
    #[must_use]
    pub fn with_violations(mut self, violations: bool) -> Self {
        self.violations = violations;
        self
    }
}

/// The puzzle alone: every cell undecided.
///
/// ```
/// let svg = hitori::svg::render(&"1 2\n2 1\n".parse().unwrap());
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains(r#"data-testid="board""#));
/// assert_eq!(svg.matches("<rect").count(), 4);
/// assert!(svg.contains(r#"data-x="1" data-y="0" data-value="2""#));
/// ```
#[must_use]
pub fn render(puzzle: &Puzzle) -> String {
    draw(puzzle, &State::new(puzzle), &SvgOptions::default())
}

/// The puzzle with the player's marks and its broken rules, with default options; an error
/// when `state` does not have the puzzle's shape.
///
/// ```
/// let puzzle: hitori::Puzzle = "1 1\n2 1\n".parse().unwrap();
/// let svg = hitori::svg::render_state(&puzzle, &"x x\no .\n".parse().unwrap()).unwrap();
/// assert_eq!(svg.matches(r#"data-state="shaded""#).count(), 2);
/// assert_eq!(svg.matches(r#"data-violation="true""#).count(), 2); // the two shaded cells touch
/// assert!(hitori::svg::render_state(&puzzle, &"x".parse().unwrap()).is_err());
/// ```
pub fn render_state(puzzle: &Puzzle, state: &State) -> Result<String, GameError> {
    render_with(puzzle, state, &SvgOptions::default())
}

/// A game in progress: its puzzle, marks and broken rules, with default options (a game's
/// marks always fit its puzzle).
///
/// ```
/// let mut game = hitori::game::Game::new("1 1\n2 1\n".parse().unwrap());
/// game.cycle(engine::Coord::new(1, 0)).unwrap();
/// let svg = hitori::svg::render_game(&game);
/// assert!(svg.contains(r#"data-x="1" data-y="0" data-value="1" data-state="shaded""#));
/// ```
#[must_use]
pub fn render_game(game: &Game) -> String {
    draw(game.puzzle(), game.state(), &SvgOptions::default())
}

/// The puzzle with the player's marks, drawn with `options`; an error when `state` does not
/// have the puzzle's shape.
///
/// ```
/// use hitori::svg::{render_with, SvgOptions};
/// let puzzle: hitori::Puzzle = "1 1".parse().unwrap();
/// let state: hitori::game::State = "o o".parse().unwrap();
/// let quiet = render_with(&puzzle, &state, &SvgOptions::default().with_violations(false)).unwrap();
/// assert!(!quiet.contains("data-violation"));
/// assert_eq!(quiet.matches("<circle").count(), 2);
/// ```
pub fn render_with(puzzle: &Puzzle, state: &State, options: &SvgOptions) -> Result<String, GameError> {
    let expected = (puzzle.width(), puzzle.height());
    let found = (state.cells().width(), state.cells().height());
    if expected != found {
        return Err(GameError::WrongShape { expected, found });
    }
    Ok(draw(puzzle, state, options))
}

/// The cells named by the broken rules of `state`.
fn broken_cells(puzzle: &Puzzle, state: &State) -> Vec<Coord> {
    let mut out = Vec::new();
    for v in crate::rules::check(puzzle, state.cells()) {
        match v {
            Violation::Repeated { cells, .. } => out.extend(cells),
            Violation::AdjacentShaded { first, second } => out.extend([first, second]),
            Violation::Disconnected { cut_off, .. } => out.push(cut_off),
            Violation::NothingUnshaded => out.extend(state.cells().coords()),
            Violation::WrongShape { .. } => {}
        }
    }
    out
}

fn draw(puzzle: &Puzzle, state: &State, options: &SvgOptions) -> String {
    let s = options.cell;
    let (width, height) = (s * puzzle.width() as f64, s * puzzle.height() as f64);
    let broken = if options.violations { broken_cells(puzzle, state) } else { Vec::new() };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" data-testid="board" width="{width:.2}" height="{height:.2}" viewBox="0 0 {width:.2} {height:.2}" font-family="sans-serif">"#
    );
    let font = s * 0.5;
    for (c, &number) in puzzle.numbers().iter() {
        let cell = state.cells()[c];
        let bad = broken.contains(&c);
        let (x, y) = (f64::from(c.x) * s, f64::from(c.y) * s);
        let violation = if bad { r#" data-violation="true""# } else { "" };
        let _ = writeln!(
            out,
            r#"<g data-x="{}" data-y="{}" data-value="{number}" data-state="{}"{violation}>"#,
            c.x,
            c.y,
            cell.name()
        );
        let (fill, ink) = match cell {
            Cell::Shaded => ("#303030", "#8a8a8a"),
            Cell::Unshaded | Cell::Unknown => ("#ffffff", "#000000"),
        };
        let (stroke, stroke_width) = if bad { ("#d62828", 3.0) } else { ("#808080", 1.0) };
        let inset = stroke_width / 2.0;
        let _ = writeln!(
            out,
            r#"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width:.1}"/>"#,
            x + inset,
            y + inset,
            s - 2.0 * inset,
            s - 2.0 * inset,
        );
        if cell == Cell::Unshaded {
            let ring = if bad { "#d62828" } else { "#2a6fdb" };
            let _ = writeln!(
                out,
                r#"<circle cx="{:.2}" cy="{:.2}" r="{:.2}" fill="none" stroke="{ring}" stroke-width="2.0"/>"#,
                x + s / 2.0,
                y + s / 2.0,
                s * 0.38,
            );
        }
        let ink = if bad && cell != Cell::Shaded { "#d62828" } else { ink };
        // Long numbers shrink to fit the cell.
        let digits = number.to_string().len() as f64;
        let size = if digits > 2.0 { font * 2.0 / digits } else { font };
        let _ = writeln!(
            out,
            r#"<text x="{:.2}" y="{:.2}" font-size="{size:.2}" text-anchor="middle" dominant-baseline="central" fill="{ink}">{number}</text>"#,
            x + s / 2.0,
            y + s / 2.0,
        );
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_broken_rule_marks_its_cells() {
        let p: Puzzle = "1 1 2\n2 3 1\n3 2 2\n".parse().unwrap();
        let marked = |state: &str| {
            let svg = render_state(&p, &state.parse().unwrap()).unwrap();
            svg.lines()
                .filter(|l| l.contains(r#"data-violation="true""#))
                .map(|l| l.split('"').nth(1).unwrap().to_string() + "," + l.split('"').nth(3).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(marked("o o .\n. . .\n. . ."), vec!["0,0", "1,0"]);
        assert_eq!(marked("x . .\nx . .\n. . ."), vec!["0,0", "0,1"]);
        assert_eq!(marked(". x o\n. . x\no . ."), vec!["0,2"]);
        assert!(marked("x . .\n. x .\n. . .").is_empty());
    }

    #[test]
    fn every_cell_has_its_hooks() {
        let p: Puzzle = "10 200 3000\n".parse().unwrap();
        let svg = render(&p);
        for (x, n) in [(0, 10), (1, 200), (2, 3000)] {
            assert!(svg.contains(&format!(r#"data-x="{x}" data-y="0" data-value="{n}" data-state="unknown""#)));
        }
        assert_eq!(svg.matches("<g ").count(), 3);
    }
}
