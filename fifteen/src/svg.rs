//! SVG pictures of boards: a board as a grid of numbered tiles with the blank left dark,
//! and a solution as a strip of frames, one board per position from the start to the goal.
//!
//! Hooks for tests: the root element of a board is `<svg data-testid="board">` (a
//! solution's is `<svg data-testid="solution">`, its frames `<g data-frame="k">`); every
//! cell carries `data-x` (column from the left), `data-y` (row from the top) and
//! `data-value` (the tile number, `0` for the blank).

use std::fmt::Write;

use crate::board::MoveError;
use crate::{Board, Move};

/// How to draw.
///
/// ```
/// let options = fifteen::svg::SvgOptions::default();
/// assert_eq!((options.cell, options.columns), (40.0, 8));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// Side of a cell, in SVG units.
    pub cell: f64,
    /// Frames per row of a solution strip.
    pub columns: usize,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions { cell: 40.0, columns: 8 }
    }
}

impl SvgOptions {
    /// The same options with cells of side `cell`.
    ///
    /// ```
    /// assert_eq!(fifteen::svg::SvgOptions::default().with_cell(10.0).cell, 10.0);
    /// ```
    #[must_use]
    pub fn with_cell(mut self, cell: f64) -> Self {
        self.cell = cell;
        self
    }

    /// The same options with `columns` frames per row of a solution strip (at least 1).
    ///
    /// ```
    /// assert_eq!(fifteen::svg::SvgOptions::default().with_columns(3).columns, 3);
    /// ```
    #[must_use]
    pub fn with_columns(mut self, columns: usize) -> Self {
        self.columns = columns.max(1);
        self
    }
}

const GAP: f64 = 2.0;
const TILE: &str = "#f4d9a8";
const EDGE: &str = "#8a6d3b";
const BLANK: &str = "#3b3b3b";

/// An SVG picture of `board` with default options.
///
/// ```
/// let board = fifteen::Board::parse_line("1 2 3 0", None).unwrap();
/// let svg = fifteen::svg::render(&board);
/// assert!(svg.starts_with("<svg") && svg.contains(r#"data-testid="board""#));
/// assert!(svg.contains(r#"data-x="1" data-y="1" data-value="0""#));
/// assert_eq!(svg.matches("data-value=").count(), 4);
/// ```
#[must_use]
pub fn render(board: &Board) -> String {
    render_with(board, &SvgOptions::default())
}

/// An SVG picture of `board`.
///
/// ```
/// use fifteen::svg::{render_with, SvgOptions};
/// let board = fifteen::Board::parse_line("1 2 3 0", None).unwrap();
/// let svg = render_with(&board, &SvgOptions::default().with_cell(10.0));
/// assert!(svg.contains(r#"width="20" height="20""#));
/// ```
#[must_use]
pub fn render_with(board: &Board, options: &SvgOptions) -> String {
    let (w, h) = board_size(board, options);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" data-testid="board" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    cells(&mut out, board, options, "");
    out.push_str("</svg>\n");
    out
}

/// A strip of frames: `board`, then the board after each of `moves`, `options.columns`
/// frames a row, each frame titled with its move number and letter. An error names the
/// first move that leaves the board.
///
/// ```
/// use fifteen::{svg::{render_solution, SvgOptions}, Board, Move};
/// let board = Board::parse_line("1 2 0 3", None).unwrap();
/// let svg = render_solution(&board, &Move::parse_all("R").unwrap(), &SvgOptions::default()).unwrap();
/// assert!(svg.contains(r#"data-testid="solution""#));
/// assert_eq!(svg.matches("data-frame=").count(), 2);
/// assert!(render_solution(&board, &[Move::Down], &SvgOptions::default()).is_err());
/// ```
pub fn render_solution(board: &Board, moves: &[Move], options: &SvgOptions) -> Result<String, MoveError> {
    let mut frames = vec![board.clone()];
    let mut b = board.clone();
    for (index, &step) in moves.iter().enumerate() {
        if !b.apply(step) {
            return Err(MoveError::Illegal { index, step });
        }
        frames.push(b.clone());
    }
    let (fw, fh) = board_size(board, options);
    let label = options.cell * 0.5;
    let (frame_w, frame_h) = (fw + options.cell * 0.5, fh + label + options.cell * 0.5);
    let columns = options.columns.max(1).min(frames.len());
    let rows = frames.len().div_ceil(columns);
    let (w, h) = (frame_w * columns as f64, frame_h * rows as f64);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" data-testid="solution" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    for (k, frame) in frames.iter().enumerate() {
        let (x, y) = (frame_w * (k % columns) as f64, frame_h * (k / columns) as f64);
        let title = if k == 0 { "start".to_string() } else { format!("{k}: {}", moves[k - 1]) };
        let _ = writeln!(out, r#"<g data-frame="{k}" transform="translate({x} {y})">"#);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" font-family="sans-serif" text-anchor="middle">{title}</text>"#,
            fw / 2.0,
            label * 0.8,
            label * 0.7
        );
        let _ = writeln!(out, r#"<g transform="translate(0 {label})">"#);
        cells(&mut out, frame, options, "");
        out.push_str("</g>\n</g>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}

fn board_size(board: &Board, options: &SvgOptions) -> (f64, f64) {
    (board.width() as f64 * options.cell, board.height() as f64 * options.cell)
}

/// One `<g>` per cell: a rounded square and, for a tile, its number.
fn cells(out: &mut String, board: &Board, options: &SvgOptions, indent: &str) {
    let c = options.cell;
    let font = c * 0.45;
    for (i, &t) in board.tiles().iter().enumerate() {
        let (x, y) = (i % board.width(), i / board.width());
        let (px, py) = (x as f64 * c, y as f64 * c);
        let _ = write!(out, r#"{indent}<g data-x="{x}" data-y="{y}" data-value="{t}">"#);
        if t == 0 {
            let _ = write!(out, r#"<rect x="{px}" y="{py}" width="{c}" height="{c}" fill="{BLANK}"/>"#);
        } else {
            let side = c - 2.0 * GAP;
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{side}" height="{side}" rx="{}" fill="{TILE}" stroke="{EDGE}"/>"#,
                px + GAP,
                py + GAP,
                c * 0.1
            );
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{font}" font-family="sans-serif" text-anchor="middle" dominant-baseline="central">{t}</text>"#,
                px + c / 2.0,
                py + c / 2.0
            );
        }
        out.push_str("</g>\n");
    }
}
