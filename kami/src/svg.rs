//! SVG pictures of levels, drawn with [`engine::TriangleGeometry`]: one polygon per
//! triangle in its palette colour, holes left empty, and optionally the move numbers of a
//! solution on the tapped triangles and a symbol per colour on every triangle, so that
//! colour is never the only cue ([`SvgOptions::symbols`]; no two colours share a
//! symbol, see [`Symbol`]). [`SAFE_PALETTE`] is a palette whose colours stay apart under
//! protanopia, deuteranopia and tritanopia ([`SvgOptions::safe_palette`]).
//!
//! Hooks for tests and the playground: the root element is `<svg data-testid="board">`,
//! and every triangle's polygon carries `data-r` (row), `data-c` (column) and
//! `data-value` (its colour character, `0-9` or `a-z`); with symbols, also
//! `data-symbol` (the symbol's [`Symbol::name`]), and the symbol itself is a
//! `<use id="kami-symbol-at-R-C" href="#kami-symbol-V">` of a `<symbol>` defined once
//! per colour (`pointer-events="none"`, so taps reach the triangle).
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
    /// Whether every triangle shows its colour's [`Symbol`] (off by default).
    #[serde(default)]
    pub symbols: bool,
    /// Whether colours without a palette entry take [`safe_colour`] rather than
    /// [`default_colour`] (off by default).
    #[serde(default)]
    pub safe_palette: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions { side: 24.0, moves: Vec::new(), symbols: false, safe_palette: false }
    }
}

impl SvgOptions {
    /// The same options with symbols on or off.
    ///
    /// ```
    /// assert!(kami::svg::SvgOptions::default().with_symbols(true).symbols);
    /// ```
    #[must_use]
    pub fn with_symbols(mut self, symbols: bool) -> Self {
        self.symbols = symbols;
        self
    }

    /// The same options with the colour-blind-safe default colours on or off.
    ///
    /// ```
    /// assert!(kami::svg::SvgOptions::default().with_safe_palette(true).safe_palette);
    /// ```
    #[must_use]
    pub fn with_safe_palette(mut self, safe: bool) -> Self {
        self.safe_palette = safe;
        self
    }
}

/// Eight colours that stay apart under the three common colour-vision deficiencies: the
/// Okabe–Ito set (blue, vermillion, yellow, sky blue, reddish purple, orange, bluish
/// green, black), ordered so that the first `k` are as far apart as possible for every
/// `k`. Simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009) keep
/// every pair of the first `k` at least 16 CIE76 ΔE apart, and at least 24 for `k ≤ 4`
/// (the unit tests of this module check it).
///
/// ```
/// assert_eq!(kami::svg::SAFE_PALETTE[0], "#0072b2");
/// ```
pub const SAFE_PALETTE: [&str; 8] =
    ["#0072b2", "#d55e00", "#f0e442", "#56b4e9", "#cc79a7", "#e69f00", "#009e73", "#000000"];

/// The colour-blind-safe display colour of `colour`: [`SAFE_PALETTE`] for the first eight
/// colours, [`default_colour`] for the others.
///
/// ```
/// assert_eq!(kami::svg::safe_colour(1), "#d55e00");
/// assert_eq!(kami::svg::safe_colour(20), kami::svg::default_colour(20));
/// ```
#[must_use]
pub fn safe_colour(colour: Colour) -> String {
    SAFE_PALETTE.get(usize::from(colour)).map_or_else(|| default_colour(colour), |c| (*c).to_string())
}

/// The display colour of `colour` in `level` as `options` draw it: the level's palette
/// entry, else [`safe_colour`] or [`default_colour`] as [`SvgOptions::safe_palette`] says.
///
/// ```
/// use kami::svg::{fill, SvgOptions};
/// let level: kami::Level = "01\n".parse().unwrap();
/// assert_eq!(fill(&level, 0, &SvgOptions::default()), "#cc5252");
/// assert_eq!(fill(&level, 0, &SvgOptions::default().with_safe_palette(true)), "#0072b2");
/// ```
#[must_use]
pub fn fill(level: &Level, colour: Colour, options: &SvgOptions) -> String {
    level
        .palette
        .get(usize::from(colour))
        .cloned()
        .unwrap_or_else(|| if options.safe_palette { safe_colour(colour) } else { default_colour(colour) })
}

/// The symbol drawn on a colour's triangles: eight shapes for the first eight colours,
/// then the colour's own character, so no two colours share a symbol.
///
/// ```
/// use kami::svg::{symbol, Symbol};
/// assert_eq!(symbol(0), Symbol::Circle);
/// assert_eq!(symbol(7).name(), "ring");
/// assert_eq!(symbol(10).name(), "glyph-a");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// A filled disc.
    Circle,
    /// A filled square.
    Square,
    /// A filled triangle, point up.
    Triangle,
    /// A filled square on its point.
    Diamond,
    /// A plus sign.
    Cross,
    /// A five-pointed star.
    Star,
    /// A horizontal bar.
    Bar,
    /// A circle's outline.
    Ring,
    /// A character (the colour's own, `8`, `9`, `a` … `z`).
    Glyph(char),
}

/// The shapes of the first colours, in colour order.
const SHAPES: [Symbol; 8] = [
    Symbol::Circle,
    Symbol::Square,
    Symbol::Triangle,
    Symbol::Diamond,
    Symbol::Cross,
    Symbol::Star,
    Symbol::Bar,
    Symbol::Ring,
];

/// The symbol of `colour` (see [`Symbol`]).
///
/// ```
/// assert_eq!(kami::svg::symbol(1), kami::svg::Symbol::Square);
/// ```
#[must_use]
pub fn symbol(colour: Colour) -> Symbol {
    SHAPES.get(usize::from(colour)).copied().unwrap_or_else(|| Symbol::Glyph(colour_char(colour)))
}

impl Symbol {
    /// The symbol's name, the `data-symbol` hook: `circle`, `square`, `triangle`,
    /// `diamond`, `cross`, `star`, `bar`, `ring`, or `glyph-` and the character.
    ///
    /// ```
    /// assert_eq!(kami::svg::Symbol::Star.name(), "star");
    /// assert_eq!(kami::svg::Symbol::Glyph('z').name(), "glyph-z");
    /// ```
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Symbol::Circle => "circle".into(),
            Symbol::Square => "square".into(),
            Symbol::Triangle => "triangle".into(),
            Symbol::Diamond => "diamond".into(),
            Symbol::Cross => "cross".into(),
            Symbol::Star => "star".into(),
            Symbol::Bar => "bar".into(),
            Symbol::Ring => "ring".into(),
            Symbol::Glyph(ch) => format!("glyph-{ch}"),
        }
    }

    /// The symbol's shape in `ink`, as SVG elements in the box from `-1,-1` to `1,1`.
    ///
    /// ```
    /// assert!(kami::svg::Symbol::Circle.shape("#000000").starts_with("<circle"));
    /// ```
    #[must_use]
    pub fn shape(self, ink: &str) -> String {
        let polygon = |points: &str| format!(r#"<polygon points="{points}" fill="{ink}"/>"#);
        match self {
            Symbol::Circle => format!(r#"<circle r="0.8" fill="{ink}"/>"#),
            Symbol::Square => format!(r#"<rect x="-0.68" y="-0.68" width="1.36" height="1.36" fill="{ink}"/>"#),
            Symbol::Triangle => polygon("0,-0.9 0.82,0.68 -0.82,0.68"),
            Symbol::Diamond => polygon("0,-0.95 0.95,0 0,0.95 -0.95,0"),
            Symbol::Cross => polygon(
                "-0.26,-0.9 0.26,-0.9 0.26,-0.26 0.9,-0.26 0.9,0.26 0.26,0.26 0.26,0.9 -0.26,0.9 -0.26,0.26 -0.9,0.26 -0.9,-0.26 -0.26,-0.26",
            ),
            Symbol::Star => polygon(
                "0,-0.95 0.24,-0.32 0.9,-0.29 0.38,0.12 0.56,0.77 0,0.4 -0.56,0.77 -0.38,0.12 -0.9,-0.29 -0.24,-0.32",
            ),
            Symbol::Bar => format!(r#"<rect x="-0.92" y="-0.3" width="1.84" height="0.6" fill="{ink}"/>"#),
            Symbol::Ring => format!(r#"<circle r="0.66" fill="none" stroke="{ink}" stroke-width="0.3"/>"#),
            Symbol::Glyph(ch) => format!(
                r#"<text x="0" y="0" font-size="1.7" font-family="sans-serif" font-weight="700" text-anchor="middle" dominant-baseline="central" fill="{ink}">{}</text>"#,
                engine::svg::escape_text(&ch.to_string())
            ),
        }
    }
}

/// The ink that stands out on `fill` (`#rrggbb`): black on light colours, white on dark
/// ones (whichever has the higher WCAG contrast); black when `fill` is not `#rrggbb`.
///
/// ```
/// assert_eq!(kami::svg::ink("#f0e442"), "#000000");
/// assert_eq!(kami::svg::ink("#0072b2"), "#ffffff");
/// ```
#[must_use]
pub fn ink(fill: &str) -> &'static str {
    match relative_luminance(fill) {
        // Contrast with black (l + 0.05) / 0.05 against white 1.05 / (l + 0.05).
        Some(l) if (l + 0.05) * (l + 0.05) < 0.05 * 1.05 => "#ffffff",
        _ => "#000000",
    }
}

/// The linear RGB of `#rrggbb` (sRGB decoded), or `None`.
fn linear_rgb(hex: &str) -> Option<[f64; 3]> {
    let digits = hex.strip_prefix('#').filter(|d| d.len() == 6 && d.is_ascii())?;
    let mut out = [0.0; 3];
    for (i, channel) in out.iter_mut().enumerate() {
        let byte = u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).ok()?;
        let c = f64::from(byte) / 255.0;
        *channel = if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
    }
    Some(out)
}

/// WCAG relative luminance of `#rrggbb`.
fn relative_luminance(hex: &str) -> Option<f64> {
    linear_rgb(hex).map(|[r, g, b]| 0.2126 * r + 0.7152 * g + 0.0722 * b)
}

/// A small stand-alone picture of `colour`'s symbol in the ink that stands out on `fill`
/// (for a palette button whose background is `fill`), `size` units wide, hidden from
/// screen readers (the button names the colour), with `data-symbol`.
///
/// ```
/// let icon = kami::svg::icon(2, "#f0e442", 20.0);
/// assert!(icon.contains(r#"data-symbol="triangle""#) && icon.contains("#000000"));
/// ```
#[must_use]
pub fn icon(colour: Colour, fill: &str, size: f64) -> String {
    let symbol = symbol(colour);
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 2 2" width="{size}" height="{size}" aria-hidden="true" focusable="false" data-symbol="{}">{}</svg>"#,
        symbol.name(),
        symbol.shape(ink(fill))
    )
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

/// An SVG picture of `level`: its palette (or the default colours), holes empty, the
/// numbers of `options.moves` on their tapped triangles and, with `options.symbols`, each
/// colour's symbol on its triangles.
///
/// ```
/// use kami::svg::{render_with, SvgOptions};
/// let level: kami::Level = "01\n01\n".parse().unwrap();
/// let options = SvgOptions { moves: kami::solver::optimal(&level).unwrap(), ..SvgOptions::default() };
/// let svg = render_with(&level, &options);
/// assert!(svg.contains(">1</text>"));
/// let twice = SvgOptions { moves: vec![kami::Move::new(0, 0, 1), kami::Move::new(0, 0, 0)], ..options };
/// assert!(render_with(&level, &twice).contains(">1,2</text>"));
/// let marked = render_with(&level, &SvgOptions::default().with_symbols(true));
/// assert!(marked.contains(r#"data-value="1" data-symbol="square""#));
/// assert!(marked.contains(r##"<use id="kami-symbol-at-0-1" href="#kami-symbol-1""##));
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
    if options.symbols {
        symbol_defs(&mut out, level, options);
    }
    for (coord, cell) in level.cells().iter() {
        let Some(colour) = *cell else { continue };
        let fill = fill(level, colour, options);
        let points: Vec<String> = geometry.vertices(coord).iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
        let (r, c, value) = (coord.y, coord.x, colour_char(colour));
        let symbol =
            if options.symbols { format!(r#" data-symbol="{}""#, symbol(colour).name()) } else { String::new() };
        let _ = writeln!(
            out,
            r#"<polygon data-r="{r}" data-c="{c}" data-value="{value}"{symbol} points="{}" fill="{fill}" stroke="{fill}" stroke-width="0.5"/>"#,
            points.join(" ")
        );
    }
    if options.symbols {
        symbol_uses(&mut out, level, geometry, options.side);
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

/// One `<symbol id="kami-symbol-V">` per colour of the level, in the ink that stands out
/// on the colour's fill.
fn symbol_defs(out: &mut String, level: &Level, options: &SvgOptions) {
    out.push_str("<defs>\n");
    for colour in level.colours_used() {
        let shape = symbol(colour).shape(ink(&fill(level, colour, options)));
        let _ =
            writeln!(out, r#"<symbol id="kami-symbol-{}" viewBox="-1 -1 2 2">{shape}</symbol>"#, colour_char(colour));
    }
    out.push_str("</defs>\n");
}

/// The symbol of every triangle, centred on it, inside its inscribed circle.
fn symbol_uses(out: &mut String, level: &Level, geometry: TriangleGeometry, side: f64) {
    // The inscribed circle's radius is side / (2√3) ≈ 0.289 side; the symbols fill about
    // 0.9 of their box.
    let half = side * 0.26;
    for (coord, cell) in level.cells().iter() {
        let Some(colour) = *cell else { continue };
        let v = geometry.vertices(coord);
        let x = (v[0].0 + v[1].0 + v[2].0) / 3.0 - half;
        let y = (v[0].1 + v[1].1 + v[2].1) / 3.0 - half;
        let size = 2.0 * half;
        let _ = writeln!(
            out,
            r##"<use id="kami-symbol-at-{}-{}" href="#kami-symbol-{}" class="kami-symbol" x="{x:.2}" y="{y:.2}" width="{size:.2}" height="{size:.2}" pointer-events="none" aria-hidden="true"/>"##,
            coord.y,
            coord.x,
            colour_char(colour)
        );
    }
}

#[cfg(test)]
mod vision;

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
    fn symbols_are_distinct_for_36_colours() {
        let mut names: Vec<String> = (0..36).map(|c| symbol(c).name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 36);
    }

    #[test]
    fn every_triangle_carries_its_symbol() {
        let level: Level = "0a.\n.12\n".parse().unwrap();
        let svg = render_with(&level, &SvgOptions::default().with_symbols(true).with_safe_palette(true));
        assert_eq!(svg.matches("<polygon data-r").count(), 4);
        assert_eq!(svg.matches(" data-symbol=").count(), 4);
        assert_eq!(svg.matches("<use id=").count(), 4);
        assert_eq!(svg.matches("<symbol id=").count(), 4);
        for (value, name) in [('0', "circle"), ('a', "glyph-a"), ('1', "square"), ('2', "triangle")] {
            assert!(svg.contains(&format!(r#"data-value="{value}" data-symbol="{name}""#)), "{value}: {svg}");
        }
        // White ink on the dark blue, black on the yellow.
        assert!(svg.contains(r##"<symbol id="kami-symbol-0" viewBox="-1 -1 2 2"><circle r="0.8" fill="#ffffff"/>"##));
        assert!(svg.contains(r##"<symbol id="kami-symbol-2" viewBox="-1 -1 2 2"><polygon points="0,-0.9 0.82,0.68 -0.82,0.68" fill="#000000"/>"##));
        // Without symbols, the picture has none of it.
        let plain = render(&level);
        assert!(!plain.contains("data-symbol") && !plain.contains("<use") && !plain.contains("<defs>"));
    }

    #[test]
    fn ink_is_black_or_white_by_contrast() {
        assert_eq!(ink("#000000"), "#ffffff");
        assert_eq!(ink("#ffffff"), "#000000");
        assert_eq!(ink("#e69f00"), "#000000");
        assert_eq!(ink("#0072b2"), "#ffffff");
        assert_eq!(ink("red"), "#000000");
    }

    #[test]
    fn default_colours_are_distinct_for_36_colours() {
        let mut all: Vec<String> = (0..36).map(default_colour).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 36);
    }
}
