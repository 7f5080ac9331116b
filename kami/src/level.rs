//! KAMI levels: a rectangle of triangles (some of them holes), each of one of up to 36
//! colours, with an optional name, par and palette.
//!
//! Text: one row of triangles per line, one character per triangle: `.` = hole, `0-9` and
//! `a-z` = colour 0 to 35. Rows of equal length (pad with `.`). Triangle `(r, c)` points
//! right when `r + c` is even (see [`engine::TriangleGrid`]). Header comments
//! `# name: ...`, `# par: N` and `# palette: #rrggbb #rrggbb ...` are read; other `#`
//! lines are ignored. [`Level`]'s `Display` writes this format back (the headers it has,
//! in that order), and parsing it gives the same level.

use std::fmt;
use std::str::FromStr;

use engine::{Grid, ParseError, TriangleGrid};
use serde::{Deserialize, Serialize};

/// The most colours a level may use (`0-9` and `a-z`).
pub const MAX_COLOURS: usize = 36;

/// A colour index, `0..36`.
pub type Colour = u8;

/// The character of a colour: `0-9`, then `a-z`.
///
/// ```
/// assert_eq!(kami::colour_char(3), '3');
/// assert_eq!(kami::colour_char(10), 'a');
/// ```
#[must_use]
pub fn colour_char(colour: Colour) -> char {
    char::from_digit(u32::from(colour), 36).unwrap_or('?')
}

/// The colour of a character, the inverse of [`colour_char`]: `0-9` are colours 0 to 9,
/// `a-z` colours 10 to 35; any other character (capitals, `.`, spaces) is `None`.
///
/// ```
/// assert_eq!(kami::colour_from_char('3'), Some(3));
/// assert_eq!(kami::colour_from_char('a'), Some(10));
/// assert_eq!(kami::colour_from_char('z'), Some(35));
/// assert_eq!(kami::colour_from_char('A'), None);
/// assert_eq!(kami::colour_from_char('.'), None);
/// let c = kami::colour_from_char('k').unwrap();
/// assert_eq!(kami::colour_char(c), 'k');
/// ```
#[must_use]
pub fn colour_from_char(ch: char) -> Option<Colour> {
    match ch {
        '0'..='9' | 'a'..='z' => ch.to_digit(36).map(|d| d as Colour),
        _ => None,
    }
}

/// Why a grid of cells or a palette does not make a level.
///
/// ```
/// let err = kami::Level::from_cells(engine::Grid::new(1, 1, None)).unwrap_err();
/// assert_eq!(err, kami::LevelError::NoTriangles);
/// assert_eq!(err.to_string(), "the level has no triangles");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LevelError {
    /// A colour index of [`MAX_COLOURS`] or more.
    #[error("colour {colour} is out of range (at most {MAX_COLOURS} colours)")]
    ColourOutOfRange {
        /// The colour index.
        colour: Colour,
    },
    /// Every cell is a hole.
    #[error("the level has no triangles")]
    NoTriangles,
    /// A palette entry that is not `#rrggbb`.
    #[error("palette entry {entry:?} is not a #rrggbb colour")]
    PaletteEntry {
        /// The entry.
        entry: String,
    },
    /// A palette with fewer colours than the level uses.
    #[error("the palette has {have} colours, the level uses {needed}")]
    PaletteTooShort {
        /// Entries of the palette.
        have: usize,
        /// Colours the level needs (its largest colour index plus one).
        needed: usize,
    },
    /// The level text does not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// A level.
///
/// ```
/// let level: kami::Level = "# name: stripes\n# par: 1\n0101\n0101\n".parse().unwrap();
/// assert_eq!(level.name.as_deref(), Some("stripes"));
/// assert_eq!(level.par, Some(1));
/// assert_eq!((level.rows(), level.cols()), (2, 4));
/// assert_eq!(level.colours_used(), vec![0, 1]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "LevelRepr", into = "LevelRepr")]
pub struct Level {
    /// The level's name, if it has one.
    pub name: Option<String>,
    /// The known minimum number of moves, if known.
    pub par: Option<u32>,
    /// Display colours as `#rrggbb`, indexed by colour; empty for the default palette.
    pub palette: Vec<String>,
    cells: Grid<Option<Colour>>,
}

/// Serialised form: header fields and the rows of text.
#[derive(Serialize, Deserialize)]
struct LevelRepr {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    par: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    palette: Vec<String>,
    rows: Vec<String>,
}

impl TryFrom<LevelRepr> for Level {
    type Error = LevelError;
    fn try_from(r: LevelRepr) -> Result<Level, LevelError> {
        let mut level = Level::parse(&r.rows.join("\n"))?;
        level.name = r.name;
        level.par = r.par;
        level.set_palette(r.palette)?;
        Ok(level)
    }
}

impl From<Level> for LevelRepr {
    fn from(l: Level) -> LevelRepr {
        let rows = l.grid_text().lines().map(str::to_string).collect();
        LevelRepr { name: l.name, par: l.par, palette: l.palette, rows }
    }
}

impl Level {
    /// Parses the level text format (see the module docs).
    ///
    /// ```
    /// let e = kami::Level::parse("01\n0\n").unwrap_err();
    /// assert_eq!(e.line, 2);
    /// let e = kami::Level::parse("0A\n").unwrap_err();
    /// assert_eq!((e.column, e.message.as_str()), (2, "unknown character 'A' (colours are 0-9 and a-z, holes '.')"));
    /// let e = kami::Level::parse("# par: many\n01\n").unwrap_err();
    /// assert_eq!(e.line, 1);
    /// let e = kami::Level::parse("01\n# palette: #000000\n").unwrap_err();
    /// assert_eq!((e.line, e.message.as_str()), (2, "the palette has 1 colours, the level uses 2"));
    /// assert!(kami::Level::parse("..\n..\n").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Level, ParseError> {
        let mut name = None;
        let mut par = None;
        let (mut palette, mut palette_line) = (Vec::new(), 1);
        for (i, line) in text.lines().enumerate() {
            let Some(comment) = line.trim_start().strip_prefix('#') else { continue };
            if let Some(value) = comment.trim_start().strip_prefix("name:") {
                name = Some(value.trim().to_string());
            } else if let Some(value) = comment.trim_start().strip_prefix("par:") {
                let value = value.trim();
                par = Some(
                    value
                        .parse::<u32>()
                        .map_err(|_| ParseError::new(i + 1, 1, format!("par {value:?} is not a number of moves")))?,
                );
            } else if let Some(value) = comment.trim_start().strip_prefix("palette:") {
                palette = value.split_whitespace().map(str::to_string).collect();
                palette_line = i + 1;
                if let Some(bad) = palette.iter().find(|p| !is_hex_colour(p)) {
                    return Err(ParseError::new(i + 1, 1, format!("palette entry {bad:?} is not a #rrggbb colour")));
                }
            }
        }
        let cells = engine::parse_char_grid(text, |ch| match (ch, colour_from_char(ch)) {
            ('.', _) => Ok(None),
            (_, Some(colour)) => Ok(Some(colour)),
            (_, None) => Err(format!("unknown character {ch:?} (colours are 0-9 and a-z, holes '.')")),
        })?;
        if cells.cells().iter().all(Option::is_none) {
            return Err(ParseError::new(1, 1, "the level has no triangles"));
        }
        let mut level = Level { name, par, palette: Vec::new(), cells };
        level.set_palette(palette).map_err(|e| ParseError::new(palette_line, 1, e.to_string()))?;
        Ok(level)
    }

    /// A level from a grid of cells (`None` = hole), without name, par or palette.
    ///
    /// ```
    /// let cells = engine::Grid::from_vec(2, 1, vec![Some(0), Some(1)]).unwrap();
    /// let level = kami::Level::from_cells(cells).unwrap();
    /// assert_eq!(level.grid_text(), "01\n");
    /// assert!(kami::Level::from_cells(engine::Grid::new(1, 1, Some(36))).is_err());
    /// assert!(kami::Level::from_cells(engine::Grid::new(1, 1, None)).is_err());
    /// ```
    pub fn from_cells(cells: Grid<Option<Colour>>) -> Result<Level, LevelError> {
        if let Some(&colour) = cells.cells().iter().flatten().find(|&&c| usize::from(c) >= MAX_COLOURS) {
            return Err(LevelError::ColourOutOfRange { colour });
        }
        if cells.cells().iter().all(Option::is_none) {
            return Err(LevelError::NoTriangles);
        }
        Ok(Level { name: None, par: None, palette: Vec::new(), cells })
    }

    /// Replaces the cells (same holes), for play.
    pub(crate) fn replace_cells(&mut self, cells: Grid<Option<Colour>>) {
        self.cells = cells;
    }

    /// Sets the palette: `#rrggbb` strings, at least one per colour used (or empty for the
    /// default palette).
    ///
    /// ```
    /// let mut l = kami::Level::parse("01").unwrap();
    /// assert!(l.set_palette(vec!["#ff0000".into()]).is_err()); // colour 1 has none
    /// assert!(l.set_palette(vec!["#ff0000".into(), "#00ff00".into()]).is_ok());
    /// assert!(l.set_palette(vec!["red".into(), "#00ff00".into()]).is_err());
    /// ```
    pub fn set_palette(&mut self, palette: Vec<String>) -> Result<(), LevelError> {
        if let Some(bad) = palette.iter().find(|p| !is_hex_colour(p)) {
            return Err(LevelError::PaletteEntry { entry: bad.clone() });
        }
        let needed = self.colours_used().last().map_or(0, |&c| usize::from(c) + 1);
        if !palette.is_empty() && palette.len() < needed {
            return Err(LevelError::PaletteTooShort { have: palette.len(), needed });
        }
        self.palette = palette;
        Ok(())
    }

    /// Number of rows of triangles.
    ///
    /// ```
    /// assert_eq!(kami::Level::parse("0\n1\n2").unwrap().rows(), 3);
    /// ```
    #[must_use]
    pub fn rows(&self) -> usize {
        self.cells.height()
    }

    /// Number of columns of triangles.
    ///
    /// ```
    /// assert_eq!(kami::Level::parse("012").unwrap().cols(), 3);
    /// ```
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cells.width()
    }

    /// The level's width in the other games' `WxH` terms: triangles a row ([`cols`](Self::cols)).
    ///
    /// ```
    /// let l = kami::Level::parse("012\n345").unwrap();
    /// assert_eq!((l.width(), l.height()), (3, 2));
    /// ```
    #[must_use]
    pub fn width(&self) -> usize {
        self.cells.width()
    }

    /// The level's height in the other games' `WxH` terms: rows of triangles ([`rows`](Self::rows)).
    ///
    /// ```
    /// assert_eq!(kami::Level::parse("0\n1\n2").unwrap().height(), 3);
    /// ```
    #[must_use]
    pub fn height(&self) -> usize {
        self.cells.height()
    }

    /// The colour of every cell (`None` = hole); `x` = column, `y` = row.
    ///
    /// ```
    /// let l = kami::Level::parse("0.").unwrap();
    /// assert_eq!(l.cells().cells(), &[Some(0), None]);
    /// ```
    #[must_use]
    pub fn cells(&self) -> &Grid<Option<Colour>> {
        &self.cells
    }

    /// The triangle topology of the level (holes included as isolated cells).
    ///
    /// ```
    /// use engine::Topology;
    /// let l = kami::Level::parse("00\n.0").unwrap();
    /// let t = l.topology();
    /// assert!(t.is_hole(2));
    /// assert_eq!(t.neighbours(0).count(), 0); // (0,0) points right: up and down are holes or outside
    /// ```
    #[must_use]
    pub fn topology(&self) -> TriangleGrid {
        TriangleGrid::with_holes(self.rows(), self.cols(), |c| self.cells[c].is_none())
    }

    /// The distinct colours present, ascending.
    ///
    /// ```
    /// assert_eq!(kami::Level::parse("2.20").unwrap().colours_used(), vec![0, 2]);
    /// ```
    #[must_use]
    pub fn colours_used(&self) -> Vec<Colour> {
        let mut present = [false; MAX_COLOURS];
        for c in self.cells.cells().iter().flatten() {
            present[usize::from(*c)] = true;
        }
        (0..MAX_COLOURS as Colour).filter(|&c| present[usize::from(c)]).collect()
    }

    /// Number of triangles (holes excluded).
    ///
    /// ```
    /// assert_eq!(kami::Level::parse("0.1").unwrap().triangle_count(), 2);
    /// ```
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.cells.cells().iter().flatten().count()
    }

    /// The grid rows as text, without header.
    ///
    /// ```
    /// assert_eq!(kami::Level::parse("# par: 2\n01\n.1").unwrap().grid_text(), "01\n.1\n");
    /// ```
    #[must_use]
    pub fn grid_text(&self) -> String {
        engine::format_char_grid(&self.cells, |c| c.map_or('.', colour_char))
    }
}

impl fmt::Display for Level {
    /// The level text format, header comments first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = &self.name {
            writeln!(f, "# name: {name}")?;
        }
        if let Some(par) = self.par {
            writeln!(f, "# par: {par}")?;
        }
        if !self.palette.is_empty() {
            writeln!(f, "# palette: {}", self.palette.join(" "))?;
        }
        f.write_str(&self.grid_text())
    }
}

/// Whether `text` is a `#rrggbb` colour.
fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text.bytes().skip(1).all(|b| b.is_ascii_hexdigit())
}

impl fmt::Debug for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Level {}x{}:\n{self}", self.rows(), self.cols())
    }
}

impl FromStr for Level {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Level, ParseError> {
        Level::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character: `colour_from_char` gives a colour exactly for the 36 characters
    /// `colour_char` writes, and the two are inverse.
    #[test]
    fn colour_from_char_inverts_colour_char() {
        let written: Vec<char> = (0..MAX_COLOURS as Colour).map(colour_char).collect();
        assert_eq!(written.iter().collect::<String>(), "0123456789abcdefghijklmnopqrstuvwxyz");
        for ch in '\0'..=char::MAX {
            match colour_from_char(ch) {
                Some(colour) => assert_eq!(colour_char(colour), ch),
                None => assert!(!written.contains(&ch), "{ch:?}"),
            }
        }
    }

    #[test]
    fn text_round_trip_with_header_and_holes() {
        let text = "# name: hole in the middle\n# par: 3\n0a1z\n0..z\n";
        let l = Level::parse(text).unwrap();
        assert_eq!(l.to_string(), text);
        assert_eq!(l.colours_used(), vec![0, 1, 10, 35]);
        let ron = engine::to_ron(&l).unwrap();
        assert_eq!(engine::from_ron::<Level>(&ron).unwrap(), l);
    }

    #[test]
    fn ragged_rows_must_be_padded() {
        let e = Level::parse("012\n01\n").unwrap_err();
        assert_eq!(e.message, "row has 2 cells, the first row has 3");
        assert!(Level::parse("012\n01.\n").is_ok());
    }
}
