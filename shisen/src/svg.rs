//! SVG pictures of boards: one rounded square per tile with its kind's label, nothing for an
//! empty cell, and optionally a connection path drawn as its corner polyline, through the
//! empty ring around the board when it goes there.
//!
//! The picture has a margin of one cell on every side, where the ring lies. Hooks for tests
//! and scripts: the root element is `<svg data-testid="board">` (with `data-width` and
//! `data-height`); every tile is a `<g>` with `data-x`, `data-y` (its cell) and
//! `data-value` (its kind's label as in the text format); a path is a `<polyline
//! data-testid="path">`.

use std::fmt::Write as _;

use engine::Coord;

use crate::board::Board;
use crate::path::Path;

/// Side of a cell, in SVG units.
pub const CELL: u32 = 40;

/// The fill colour of kind number `kind`: hues spread by the golden angle, light enough for
/// black labels.
///
/// ```
/// assert_eq!(shisen::svg::colour(0), "hsl(0,65%,82%)");
/// assert_ne!(shisen::svg::colour(1), shisen::svg::colour(2));
/// ```
#[must_use]
pub fn colour(kind: u16) -> String {
    format!("hsl({},65%,82%)", u32::from(kind) * 1375 % 3600 / 10)
}

/// `text` with the five XML special characters escaped: [`engine::svg::escape`], kept
/// under this name too.
///
/// ```
/// assert_eq!(shisen::svg::escape("<a&\"b'>"), "&lt;a&amp;&quot;b&apos;&gt;");
/// ```
pub use engine::svg::escape;

/// The centre of cell `c` (the ring included: `x = -1` is the left margin).
fn centre(c: Coord) -> (i64, i64) {
    let half = i64::from(CELL) / 2;
    ((i64::from(c.x) + 1) * i64::from(CELL) + half, (i64::from(c.y) + 1) * i64::from(CELL) + half)
}

/// An SVG picture of `board`, with `path` drawn over it when given (see the module docs).
///
/// ```
/// use engine::Coord;
/// let board: shisen::Board = "A B A\nC . C\n. B .\n".parse().unwrap();
/// let svg = shisen::svg::render(&board, None);
/// assert!(svg.starts_with("<svg") && svg.contains(r#"data-testid="board""#));
/// assert_eq!(svg.matches("data-value=").count(), 6); // no element for an empty cell
/// assert!(svg.contains(r#"data-x="2" data-y="1" data-value="C""#));
///
/// let path = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(2, 0)).unwrap();
/// let svg = shisen::svg::render(&board, Some(&path));
/// assert!(svg.contains(r#"<polyline data-testid="path" points="60,60 60,20 140,20 140,60""#));
/// ```
#[must_use]
pub fn render(board: &Board, path: Option<&Path>) -> String {
    let (w, h) = (board.width(), board.height());
    let (width, height) = ((w as u64 + 2) * u64::from(CELL), (h as u64 + 2) * u64::from(CELL));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" data-testid="board" data-width="{w}" data-height="{h}" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(out, r##"<rect width="{width}" height="{height}" fill="#2f5d3a"/>"##);
    let font = CELL / 2;
    for (c, cell) in board.cells().iter() {
        let Some(kind) = *cell else { continue };
        let (cx, cy) = centre(c);
        let (x, y) = (cx - i64::from(CELL) / 2 + 2, cy - i64::from(CELL) / 2 + 2);
        let label = escape(board.label(kind));
        let side = CELL - 4;
        let _ = writeln!(
            out,
            r##"<g data-x="{}" data-y="{}" data-value="{label}"><rect x="{x}" y="{y}" width="{side}" height="{side}" rx="5" fill="{}" stroke="#333333"/><text x="{cx}" y="{cy}" font-size="{font}" font-family="sans-serif" text-anchor="middle" dominant-baseline="central">{label}</text></g>"##,
            c.x,
            c.y,
            colour(kind.0),
        );
    }
    if let Some(path) = path {
        let points: Vec<String> = path
            .corners()
            .iter()
            .map(|&c| {
                let (x, y) = centre(c);
                format!("{x},{y}")
            })
            .collect();
        let _ = writeln!(
            out,
            r##"<polyline data-testid="path" points="{}" fill="none" stroke="#e03030" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>"##,
            points.join(" ")
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_escaped_and_every_tile_has_hooks() {
        let board: Board = "<a> & . &\n<a> x x .\n".parse().unwrap();
        let svg = render(&board, None);
        assert!(svg.contains(r#"data-value="&lt;a&gt;""#), "{svg}");
        assert_eq!(svg.matches("<g data-x=").count(), board.tile_count());
        assert!(!svg.contains("<polyline"));
    }
}
