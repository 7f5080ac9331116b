//! SVG pictures of levels, drawn with [`engine::TriangleGeometry`]: one polygon per
//! triangle in its palette colour, holes left empty, and optionally the move numbers of a
//! solution on the tapped triangles.
//!
//! Hooks for tests and the playground: the root element is `<svg data-testid="board">`,
//! and every triangle's polygon carries `data-r` (row), `data-c` (column) and
//! `data-value` (its colour character, `0-9` or `a-z`).
//!
//! ```
//! let svg = kami::svg::render(&"0a\n".parse().unwrap());
//! assert!(svg.starts_with(r#"<svg data-testid="board" "#));
//! assert!(svg.contains(r#"data-r="0" data-c="1" data-value="a""#));
//! ```

use std::fmt::Write;

use engine::{Coord, TriangleGeometry};

use crate::{Colour, Level, Move, colour_char};

/// How to draw.
///
/// ```
/// let options = kami::svg::SvgOptions::default();
/// assert_eq!(options.side, 24.0);
/// assert!(options.moves.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SvgOptions {
    /// Side length of a triangle, in SVG units.
    pub side: f64,
    /// Moves whose numbers (from 1) are written on their tapped triangles.
    pub moves: Vec<Move>,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions { side: 24.0, moves: Vec::new() }
    }
}

/// The default display colour of `colour` as `#rrggbb`: hues spread by the golden angle.
///
/// ```
/// assert_eq!(kami::svg::default_colour(0), "#cc5252");
/// assert_ne!(kami::svg::default_colour(1), kami::svg::default_colour(2));
/// ```
#[must_use]
pub fn default_colour(colour: Colour) -> String {
    // HSV with s = 0.6, v = 0.8 and hue = colour × 137.5°, in integer arithmetic.
    let hue = f64::from(u32::from(colour) * 1375 % 3600) / 10.0;
    let (v, s) = (0.8, 0.6);
    let c = v * s;
    let x = c * (1.0 - ((hue / 60.0) % 2.0 - 1.0).abs());
    let m = v - c;
    let (r, g, b) = match (hue / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |f: f64| ((f + m) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// An SVG picture of `level` with default options.
///
/// ```
/// let svg = kami::svg::render(&"01\n.1\n".parse().unwrap());
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<polygon").count(), 3); // the hole is not drawn
/// ```
#[must_use]
pub fn render(level: &Level) -> String {
    render_with(level, &SvgOptions::default())
}

/// An SVG picture of `level`: its palette (or the default colours), holes empty, and the
/// numbers of `options.moves` on their tapped triangles.
///
/// ```
/// use kami::svg::{render_with, SvgOptions};
/// let level: kami::Level = "01\n01\n".parse().unwrap();
/// let options = SvgOptions { moves: kami::solver::optimal(&level).unwrap(), ..SvgOptions::default() };
/// let svg = render_with(&level, &options);
/// assert!(svg.contains(">1</text>"));
/// let twice = SvgOptions { moves: vec![kami::Move::new(0, 0, 1), kami::Move::new(0, 0, 0)], ..options };
/// assert!(render_with(&level, &twice).contains(">1,2</text>"));
/// ```
#[must_use]
pub fn render_with(level: &Level, options: &SvgOptions) -> String {
    let geometry = TriangleGeometry::new(options.side);
    let (width, height) = geometry.size(level.rows(), level.cols());
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg data-testid="board" xmlns="http://www.w3.org/2000/svg" width="{width:.2}" height="{height:.2}" viewBox="0 0 {width:.2} {height:.2}">"#
    );
    if let Some(name) = &level.name {
        let _ = writeln!(out, "<title>{}</title>", engine::svg::escape_text(name));
    }
    for (coord, cell) in level.cells().iter() {
        let Some(colour) = *cell else { continue };
        let fill = level.palette.get(usize::from(colour)).cloned().unwrap_or_else(|| default_colour(colour));
        let points: Vec<String> = geometry.vertices(coord).iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
        let (r, c, value) = (coord.y, coord.x, colour_char(colour));
        let _ = writeln!(
            out,
            r#"<polygon data-r="{r}" data-c="{c}" data-value="{value}" points="{}" fill="{fill}" stroke="{fill}" stroke-width="0.5"/>"#,
            points.join(" ")
        );
    }
    // Moves tapping the same triangle share one label: "1,2,3".
    let font = options.side * 0.4;
    let mut labels: Vec<((usize, usize), Vec<String>)> = Vec::new();
    for (i, mv) in options.moves.iter().enumerate() {
        match labels.iter_mut().find(|(at, _)| *at == (mv.row, mv.col)) {
            Some((_, numbers)) => numbers.push((i + 1).to_string()),
            None => labels.push(((mv.row, mv.col), vec![(i + 1).to_string()])),
        }
    }
    for ((row, col), numbers) in labels {
        let v = geometry.vertices(Coord::new(col as i32, row as i32));
        let x = (v[0].0 + v[1].0 + v[2].0) / 3.0;
        let y = (v[0].1 + v[1].1 + v[2].1) / 3.0;
        let _ = writeln!(
            out,
            r##"<text x="{x:.2}" y="{y:.2}" font-size="{font:.2}" text-anchor="middle" dominant-baseline="central" fill="#ffffff" stroke="#000000" stroke-width="0.3">{}</text>"##,
            numbers.join(",")
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_colours_and_names_are_used() {
        let mut level: Level = "# name: a<b\n01\n".parse().unwrap();
        level.set_palette(vec!["#112233".into(), "#445566".into()]).unwrap();
        let svg = render(&level);
        assert!(svg.contains(r##"fill="#112233""##) && svg.contains(r##"fill="#445566""##));
        assert!(svg.contains("<title>a&lt;b</title>"));
    }

    #[test]
    fn default_colours_are_distinct_for_36_colours() {
        let mut all: Vec<String> = (0..36).map(default_colour).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 36);
    }
}
