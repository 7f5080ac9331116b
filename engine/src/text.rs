//! Text grids: parsing with line/column errors, and printing.
//!
//! The games' text formats share a few rules: lines starting with `#` are comments, blank
//! lines are ignored, and a board is either a grid of whitespace-separated tokens (Shisen,
//! Hitori) or a grid of single characters (KAMI). Errors carry the 1-based line and column
//! in the original text (comments counted), and optionally the name of the source file.
//! In JSON a text form travels as the list of its rows ([`rows`], [`serde_text_rows!`](crate::serde_text_rows)).

use std::fmt;

use crate::{Coord, Grid};

/// A parse error at a line and column of a text, with an optional source name.
///
/// Displays as `source:line:column: message`, or `line L, column C: message` when no
/// source is known.
///
/// ```
/// use engine::ParseError;
/// let e = ParseError::new(3, 5, "odd count").with_source("deal.txt");
/// assert_eq!(e.to_string(), "deal.txt:3:5: odd count");
/// assert_eq!(ParseError::new(1, 2, "bad").to_string(), "line 1, column 2: bad");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// File name or other description of the input, if known.
    pub source: Option<String>,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    /// An error at `line`, `column` (both 1-based).
    ///
    /// ```
    /// let e = engine::ParseError::new(2, 1, "empty");
    /// assert_eq!((e.line, e.column), (2, 1));
    /// ```
    #[must_use]
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError { source: None, line, column, message: message.into() }
    }

    /// The same error, naming its source (a file path, `<stdin>`, a fixture name).
    ///
    /// ```
    /// let e = engine::ParseError::new(1, 1, "x").with_source("-");
    /// assert_eq!(e.source.as_deref(), Some("-"));
    /// ```
    #[must_use]
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// The same error with its line moved down by `offset` lines, for text that was cut out
    /// of a larger document.
    ///
    /// ```
    /// assert_eq!(engine::ParseError::new(1, 4, "x").shifted(10).line, 11);
    /// ```
    #[must_use]
    pub fn shifted(mut self, offset: usize) -> Self {
        self.line += offset;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Some(source) => write!(f, "{source}:{}:{}: {}", self.line, self.column, self.message),
            None => write!(f, "line {}, column {}: {}", self.line, self.column, self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// The text named by a command-line INPUT argument could not be read.
///
/// Displays as `source: cannot read: reason`.
#[derive(Debug)]
pub struct InputError {
    /// The source's name (`<stdin>` for standard input).
    pub source_name: String,
    /// What went wrong.
    pub error: std::io::Error,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: cannot read: {}", self.source_name, self.error)
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Reads the text named by a command-line INPUT argument: a file path, or `-` for standard
/// input. Returns the source name to put in error messages (`<stdin>` for `-`) and the
/// text, or an [`InputError`] naming the source.
///
/// ```
/// let path = std::env::temp_dir().join(format!("engine-read-input-{}.txt", std::process::id()));
/// std::fs::write(&path, "1 2\n").unwrap();
/// let (source, text) = engine::read_input(path.to_str().unwrap()).unwrap();
/// assert_eq!((source.as_str(), text.as_str()), (path.to_str().unwrap(), "1 2\n"));
/// std::fs::remove_file(&path).unwrap();
/// assert!(engine::read_input("/no/such/file").unwrap_err().to_string().starts_with("/no/such/file: cannot read: "));
/// ```
pub fn read_input(path: &str) -> Result<(String, String), InputError> {
    let (name, read) = if path == "-" {
        let mut text = String::new();
        ("<stdin>".to_owned(), std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map(|_| text))
    } else {
        (path.to_owned(), std::fs::read_to_string(path))
    };
    match read {
        Ok(text) => Ok((name, text)),
        Err(error) => Err(InputError { source_name: name, error }),
    }
}

/// The lines of `text` that carry content, with their 1-based line numbers: blank lines
/// and lines whose first non-blank character is `#` are skipped, and trailing whitespace
/// (including a `\r`) is removed.
///
/// ```
/// let lines: Vec<_> = engine::content_lines("# title\n\n1 2\r\n3 4\n").collect();
/// assert_eq!(lines, vec![(3, "1 2"), (4, "3 4")]);
/// ```
pub fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim_end();
        let head = line.trim_start();
        (!head.is_empty() && !head.starts_with('#')).then_some((i + 1, line))
    })
}

/// The whitespace-separated tokens of a line with their 1-based character columns.
///
/// ```
/// let t: Vec<_> = engine::tokens_with_columns("  a bc\td").collect();
/// assert_eq!(t, vec![(3, "a"), (5, "bc"), (8, "d")]);
/// ```
pub fn tokens_with_columns(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line.char_indices().peekable();
    std::iter::from_fn(move || {
        while rest.next_if(|(_, ch)| ch.is_whitespace()).is_some() {}
        let &(start, _) = rest.peek()?;
        let mut end = line.len();
        while let Some(&(i, ch)) = rest.peek() {
            if ch.is_whitespace() {
                end = i;
                break;
            }
            rest.next();
        }
        let column = line[..start].chars().count() + 1;
        Some((column, &line[start..end]))
    })
}

/// The 1-based `(line, column)` of the token for cell `c` of a grid parsed by
/// [`parse_token_grid`] from `text`, for errors found after parsing (such as "this kind
/// occurs an odd number of times"). `None` when the text has no such cell.
///
/// ```
/// use engine::Coord;
/// let text = "# deal\nA B\nB  A\n";
/// assert_eq!(engine::token_location(text, Coord::new(1, 1)), Some((3, 4)));
/// assert_eq!(engine::token_location(text, Coord::new(2, 1)), None);
/// ```
#[must_use]
pub fn token_location(text: &str, c: Coord) -> Option<(usize, usize)> {
    let (x, y) = (usize::try_from(c.x).ok()?, usize::try_from(c.y).ok()?);
    let (line_no, line) = content_lines(text).nth(y)?;
    let (column, _) = tokens_with_columns(line).nth(x)?;
    Some((line_no, column))
}

/// Parses a grid of whitespace-separated tokens, one row per content line (see
/// [`content_lines`]). `cell` turns a token into a value or explains why it cannot.
/// All rows must have the first row's length; an input without rows is an error.
///
/// ```
/// let g = engine::parse_token_grid("# tiles\nA B\n. A\n", |t| Ok::<_, String>(t.to_string())).unwrap();
/// assert_eq!((g.width(), g.height()), (2, 2));
/// assert_eq!(g[3], "A");
///
/// let err = engine::parse_token_grid("1 2\n3 x\n", |t| t.parse::<u32>()).unwrap_err();
/// assert_eq!((err.line, err.column), (2, 3));
/// ```
pub fn parse_token_grid<T, E: fmt::Display>(
    text: &str,
    mut cell: impl FnMut(&str) -> Result<T, E>,
) -> Result<Grid<T>, ParseError> {
    parse_rows(text, |line_no, line, cells| {
        for (column, token) in tokens_with_columns(line) {
            cells.push(cell(token).map_err(|m| ParseError::new(line_no, column, m.to_string()))?);
        }
        Ok(())
    })
}

/// Parses a grid of single characters, one row per content line (see [`content_lines`]).
/// `cell` turns a character into a value or explains why it cannot. All rows must have
/// the first row's length; an input without rows is an error.
///
/// ```
/// let g = engine::parse_char_grid("01\n.1\n", |ch| match ch {
///     '.' => Ok(None),
///     '0'..='9' => Ok(Some(ch)),
///     _ => Err(format!("unknown character {ch:?}")),
/// })
/// .unwrap();
/// assert_eq!(g[2], None);
///
/// let err = engine::parse_char_grid("01\n0\n", Ok::<_, String>).unwrap_err();
/// assert_eq!(err.line, 2);
/// ```
pub fn parse_char_grid<T, E: fmt::Display>(
    text: &str,
    mut cell: impl FnMut(char) -> Result<T, E>,
) -> Result<Grid<T>, ParseError> {
    parse_rows(text, |line_no, line, cells| {
        for (i, ch) in line.chars().enumerate() {
            cells.push(cell(ch).map_err(|m| ParseError::new(line_no, i + 1, m.to_string()))?);
        }
        Ok(())
    })
}

/// Shared row loop: `row` appends one line's cells; lengths are checked here.
fn parse_rows<T>(
    text: &str,
    mut row: impl FnMut(usize, &str, &mut Vec<T>) -> Result<(), ParseError>,
) -> Result<Grid<T>, ParseError> {
    let mut cells = Vec::new();
    let mut width = None;
    let mut height = 0;
    for (line_no, line) in content_lines(text) {
        let before = cells.len();
        row(line_no, line, &mut cells)?;
        let len = cells.len() - before;
        match width {
            None => width = Some(len),
            Some(w) if w != len => {
                return Err(ParseError::new(line_no, 1, format!("row has {len} cells, the first row has {w}")));
            }
            Some(_) => {}
        }
        height += 1;
    }
    let Some(width) = width else {
        return Err(ParseError::new(text.lines().count().max(1), 1, "no grid rows"));
    };
    Ok(Grid::from_vec(width, height, cells).expect("every row has `width` cells"))
}

/// Prints a grid as rows of tokens separated by one space, each row ending in `\n`.
///
/// ```
/// let g = engine::Grid::from_vec(2, 2, vec![1, 20, 3, 4]).unwrap();
/// assert_eq!(engine::format_token_grid(&g, |v| v.to_string()), "1 20\n3 4\n");
/// ```
pub fn format_token_grid<T>(grid: &Grid<T>, mut token: impl FnMut(&T) -> String) -> String {
    let mut out = String::new();
    for row in grid.rows() {
        for (i, v) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&token(v));
        }
        out.push('\n');
    }
    out
}

/// Prints a grid as rows of characters, each row ending in `\n`.
///
/// ```
/// let g = engine::Grid::from_vec(3, 1, vec![Some(1u8), None, Some(2)]).unwrap();
/// let text = engine::format_char_grid(&g, |v| v.map_or('.', |d| char::from(b'0' + d)));
/// assert_eq!(text, "1.2\n");
/// ```
pub fn format_char_grid<T>(grid: &Grid<T>, mut ch: impl FnMut(&T) -> char) -> String {
    let mut out = String::new();
    for row in grid.rows() {
        out.extend(row.iter().map(&mut ch));
        out.push('\n');
    }
    out
}

/// The lines of a text form, without their line ends: how a board travels in JSON (a list
/// of rows reads well and diffs line by line).
///
/// ```
/// let g = engine::Grid::from_vec(2, 2, vec![1, 2, 2, 1]).unwrap();
/// let text = engine::format_token_grid(&g, u32::to_string);
/// assert_eq!(engine::text_rows(&text), vec!["1 2", "2 1"]);
/// ```
#[must_use]
pub fn text_rows(value: &impl fmt::Display) -> Vec<String> {
    value.to_string().lines().map(str::to_string).collect()
}

/// Serde of a text form (a type with `Display` and `FromStr`) as the list of its rows, for
/// `#[serde(with = "engine::text::rows")]` on a field; [`serde_text_rows!`](crate::serde_text_rows)
/// gives a whole type that form.
///
/// ```
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Saved {
///     #[serde(with = "engine::text::rows")]
///     size: engine::Size,
/// }
/// let saved = Saved { size: "3x2".parse().unwrap() };
/// assert_eq!(serde_json::to_string(&saved).unwrap(), r#"{"size":["3x2"]}"#);
/// assert!(serde_json::from_str::<Saved>(r#"{"size":["three"]}"#).is_err());
/// ```
pub mod rows {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes `value` as the list of its text's rows.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
        super::text_rows(value).serialize(serializer)
    }

    /// Reads a list of rows and parses them, joined by `\n`, as a `T`.
    ///
    /// # Errors
    /// Not a list of strings, or the parse error of the text (with its line and column).
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let rows = Vec::<String>::deserialize(deserializer)?;
        rows.join("\n").parse().map_err(D::Error::custom)
    }
}

/// Gives a type whose text form round-trips (`Display` and `FromStr`) serde as the list of
/// its text's rows — the JSON form of the games' boards and marks.
///
/// ```
/// use std::fmt;
/// #[derive(Debug, PartialEq)]
/// struct Marks(Vec<String>);
/// impl fmt::Display for Marks {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         self.0.iter().try_for_each(|row| writeln!(f, "{row}"))
///     }
/// }
/// impl std::str::FromStr for Marks {
///     type Err = String;
///     fn from_str(text: &str) -> Result<Marks, String> {
///         if text.contains('?') { return Err("a ? mark".into()); }
///         Ok(Marks(text.lines().map(str::to_string).collect()))
///     }
/// }
/// engine::serde_text_rows!(Marks);
///
/// let marks = Marks(vec!["x o".into(), ". x".into()]);
/// assert_eq!(serde_json::to_string(&marks).unwrap(), r#"["x o",". x"]"#);
/// assert_eq!(serde_json::from_str::<Marks>(r#"["x o",". x"]"#).unwrap(), marks);
/// assert!(serde_json::from_str::<Marks>(r#"["x ?"]"#).unwrap_err().to_string().contains("a ? mark"));
/// ```
#[macro_export]
macro_rules! serde_text_rows {
    ($type:ty) => {
        impl $crate::__serde::Serialize for $type {
            fn serialize<S: $crate::__serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::text::rows::serialize(self, serializer)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $type {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::text::rows::deserialize(deserializer)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(t: &str) -> Result<u32, String> {
        t.parse().map_err(|_| format!("not a number: {t:?}"))
    }

    #[test]
    fn token_errors_point_at_the_token() {
        let err = parse_token_grid("# c\n1 2 3\n4  5 zz\n", number).unwrap_err();
        assert_eq!((err.line, err.column), (3, 6));
        assert!(err.message.contains("zz"));
    }

    #[test]
    fn ragged_rows_are_reported_on_their_line() {
        let err = parse_token_grid("1 2 3\n\n4 5\n", number).unwrap_err();
        assert_eq!(err.line, 3);
        assert_eq!(err.message, "row has 2 cells, the first row has 3");
    }

    #[test]
    fn empty_input_is_an_error() {
        assert_eq!(parse_token_grid("", number).unwrap_err().message, "no grid rows");
        assert_eq!(parse_char_grid("# only\n\n", Ok::<_, String>).unwrap_err().line, 2);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let err = parse_char_grid("ab\né?\n", |c| if c == '?' { Err("unknown") } else { Ok(c) }).unwrap_err();
        assert_eq!((err.line, err.column), (2, 2));
        let t: Vec<_> = tokens_with_columns("é x").collect();
        assert_eq!(t, vec![(1, "é"), (3, "x")]);
    }

    #[test]
    fn print_then_parse_round_trips() {
        let g = parse_token_grid("10 2\n3 44\n", number).unwrap();
        let text = format_token_grid(&g, u32::to_string);
        assert_eq!(parse_token_grid(&text, number).unwrap(), g);
    }
}
