//! Every call into the `kami` crate: generated and pasted levels with their par, the
//! board as `kami::svg` draws it, moves (the flood in the library's BFS order), hints and
//! solutions.

use std::fmt::Write;

use kami::{Level, Limits as KamiLimits, MAX_COLOURS, Move, Outcome, colour_char, solve_with};
use serde::{Deserialize, Serialize};

use crate::api::ApiError;
use crate::jobs::Limits;

/// The largest generated level: rows and columns of triangles.
const MAX_ROWS: usize = 40;
const MAX_COLS: usize = 20;
/// The most triangles a pasted level may have.
const MAX_TRIANGLES: usize = 60 * 60;
/// The most colours and regions of a generated level.
const MAX_NEW_COLOURS: usize = 8;
const MAX_REGIONS: usize = 80;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewRequest {
    /// `WxH`: columns by rows of triangles.
    size: String,
    colors: usize,
    regions: usize,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelRequest {
    /// A level in the text format (`# par: N` and `# name: ...` headers are read).
    text: String,
}

#[derive(Serialize)]
pub(crate) struct LevelReply {
    /// The level's text, headers included.
    text: String,
    rows: usize,
    cols: usize,
    /// The board as `kami::svg::render` draws it, with the playground's test hooks.
    svg: String,
    /// The proven fewest moves, when known.
    par: Option<u32>,
    /// Each colour's character and display colour, for the palette.
    palette: Vec<PaletteEntry>,
    seed: Option<u64>,
}

#[derive(Serialize)]
pub(crate) struct PaletteEntry {
    colour: char,
    fill: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayRequest {
    text: String,
    row: usize,
    col: usize,
    colour: char,
}

#[derive(Serialize)]
pub(crate) struct PlayReply {
    /// The recoloured triangles `[row, col]`, in the flood's BFS order from the tapped one.
    changed: Vec<[usize; 2]>,
    /// The level after the move.
    text: String,
    solved: bool,
}

#[derive(Serialize)]
pub(crate) struct Tap {
    row: usize,
    col: usize,
    colour: char,
}

#[derive(Serialize)]
pub(crate) struct SolveReply {
    /// The moves (only the first for a hint; none when solved or nothing was found).
    moves: Vec<Tap>,
    /// The moves the whole solution takes from this position.
    moves_left: Option<usize>,
    /// Whether that is proven to be the fewest.
    optimal: bool,
    /// A proven lower bound on the moves left.
    lower_bound: u32,
}

impl SolveReply {
    pub(crate) fn first(mut self) -> SolveReply {
        self.moves.truncate(1);
        self
    }
}

fn level_of(text: &str) -> Result<Level, ApiError> {
    let level = Level::parse(text).map_err(|e| ApiError::bad(format!("level: {e}")))?;
    if level.rows() * level.cols() > MAX_TRIANGLES {
        return Err(ApiError::bad(format!("a level has at most {MAX_TRIANGLES} triangles")));
    }
    Ok(level)
}

/// Today's kami limits for a call: its deadline (the cancel token waits for
/// `engine::Budget`).
fn kami_limits(limits: &Limits) -> KamiLimits {
    KamiLimits { deadline: Some(limits.deadline), ..KamiLimits::default() }
}

fn reply(level: &Level, seed: Option<u64>) -> LevelReply {
    let palette = level
        .colours_used()
        .into_iter()
        .map(|c| PaletteEntry {
            colour: colour_char(c),
            fill: level.palette.get(usize::from(c)).cloned().unwrap_or_else(|| kami::svg::default_colour(c)),
        })
        .collect();
    LevelReply {
        text: level.to_string(),
        rows: level.rows(),
        cols: level.cols(),
        svg: add_test_hooks(&kami::svg::render(level), level),
        par: level.par,
        palette,
        seed,
    }
}

// --- Test hooks for `kami::svg` output: DELETE this function (and its call in `reply`)
// once `kami::svg::render` writes `data-testid="board"` on the `<svg>` and `data-r`,
// `data-c`, `data-value` on every triangle itself. ---
/// Adds `data-testid="board"` to the root element and `data-r`, `data-c` (row, column),
/// `data-x`, `data-y` (column, row) and `data-value` (the colour character) to each
/// triangle's `<polygon>`: `kami::svg` draws one polygon per triangle, holes skipped, in
/// row-major order.
fn add_test_hooks(svg: &str, level: &Level) -> String {
    let mut triangles = level.cells().iter().filter_map(|(c, cell)| cell.map(|colour| (c, colour)));
    let mut out = String::with_capacity(svg.len() * 2);
    let mut rest = svg;
    if let Some(i) = rest.find("<svg ") {
        out.push_str(&rest[..i]);
        out.push_str(r#"<svg data-testid="board" "#);
        rest = &rest[i + 5..];
    }
    while let Some(i) = rest.find("<polygon ") {
        out.push_str(&rest[..i]);
        out.push_str("<polygon ");
        if let Some((c, colour)) = triangles.next() {
            let _ = write!(
                out,
                r#"data-r="{}" data-c="{}" data-x="{}" data-y="{}" data-value="{}" "#,
                c.y,
                c.x,
                c.x,
                c.y,
                colour_char(colour)
            );
        }
        rest = &rest[i + 9..];
    }
    out.push_str(rest);
    out
}
// --- end of the test hooks ---

pub(crate) fn new(req: &NewRequest, limits: &Limits) -> Result<LevelReply, ApiError> {
    let sizes = engine::SizeLimits::new(1, MAX_ROWS).with_max_cells(MAX_ROWS * MAX_COLS);
    let size = engine::Size::parse(&req.size, &sizes).map_err(|e| ApiError::bad(format!("size: {e}")))?;
    if size.width > MAX_COLS {
        return Err(ApiError::bad(format!("a level has at most {MAX_COLS} columns")));
    }
    if !(2..=MAX_NEW_COLOURS).contains(&req.colors) {
        return Err(ApiError::bad(format!("colors must be 2 to {MAX_NEW_COLOURS}")));
    }
    if req.regions > MAX_REGIONS {
        return Err(ApiError::bad(format!("regions must be at most {MAX_REGIONS}")));
    }
    let seed = req.seed.unwrap_or_else(crate::fresh_seed);
    let options = kami::generate::Options {
        rows: size.height,
        cols: size.width,
        colours: req.colors,
        regions: req.regions,
        seed,
        node_limit: 400_000,
        attempts: 12,
    };
    // Today's generator takes a node limit per layout, not the deadline: past it, the pool
    // answers 504 and the call finishes on its thread.
    let _ = limits;
    let level = kami::generate::generate(&options).map_err(ApiError::unprocessable)?;
    Ok(reply(&level, Some(seed)))
}

pub(crate) fn level(req: &LevelRequest, limits: &Limits) -> Result<LevelReply, ApiError> {
    let mut level = level_of(&req.text)?;
    if level.par.is_none() {
        if let Outcome::Optimal(moves) = solve_with(&level, kami_limits(limits)) {
            level.par = Some(moves.len() as u32);
        }
    }
    Ok(reply(&level, None))
}

fn colour_of(ch: char) -> Result<u8, ApiError> {
    match ch.to_digit(36) {
        Some(d) if ch.is_ascii_digit() || ch.is_ascii_lowercase() => {
            if (d as usize) < MAX_COLOURS {
                Ok(d as u8)
            } else {
                Err(ApiError::bad("colour out of range"))
            }
        }
        _ => Err(ApiError::bad(format!("colour {ch:?} is not one of 0-9, a-z"))),
    }
}

pub(crate) fn play(req: &PlayRequest) -> Result<PlayReply, ApiError> {
    let level = level_of(&req.text)?;
    let mut game = kami::Game::new(&level);
    let changed = game
        .play(Move::new(req.row, req.col, colour_of(req.colour)?))
        .map_err(|e| ApiError::bad(format!("move: {e}")))?;
    Ok(PlayReply {
        changed: changed.into_iter().map(|(r, c)| [r, c]).collect(),
        text: game.level().to_string(),
        solved: game.is_solved(),
    })
}

pub(crate) fn solve(req: &LevelRequest, limits: &Limits) -> Result<SolveReply, ApiError> {
    let level = level_of(&req.text)?;
    let (moves, optimal, lower_bound) = match solve_with(&level, kami_limits(limits)) {
        Outcome::Optimal(moves) => {
            let n = moves.len() as u32;
            (Some(moves), true, n)
        }
        Outcome::GaveUp { lower_bound, best } => (best, false, lower_bound),
    };
    Ok(SolveReply {
        moves_left: moves.as_ref().map(Vec::len),
        moves: moves
            .unwrap_or_default()
            .into_iter()
            .map(|m| Tap { row: m.row, col: m.col, colour: colour_char(m.colour) })
            .collect(),
        optimal,
        lower_bound,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hooks_skip_holes_like_the_picture() {
        let level: Level = "0.1\n.12\n".parse().unwrap();
        let svg = add_test_hooks(&kami::svg::render(&level), &level);
        assert!(svg.starts_with(r#"<svg data-testid="board" xmlns="#));
        let hooked: Vec<&str> = svg.match_indices("<polygon data-r=").map(|(i, _)| &svg[i..i + 80]).collect();
        assert_eq!(hooked.len(), 4);
        assert!(hooked[0].starts_with(r#"<polygon data-r="0" data-c="0" data-x="0" data-y="0" data-value="0""#));
        assert!(hooked[1].starts_with(r#"<polygon data-r="0" data-c="2" data-x="2" data-y="0" data-value="1""#));
        assert!(hooked[3].starts_with(r#"<polygon data-r="1" data-c="2" data-x="2" data-y="1" data-value="2""#));
        // Everything else is kami::svg's own text.
        let plain = svg.replace(r#"<svg data-testid="board" "#, "<svg ");
        let stripped: String =
            plain
                .split("<polygon ")
                .enumerate()
                .map(|(i, part)| {
                    if i == 0 {
                        part.to_string()
                    } else {
                        format!("<polygon {}", &part[part.find("points=").unwrap()..])
                    }
                })
                .collect();
        assert_eq!(stripped, kami::svg::render(&level));
    }

    #[test]
    fn colours_are_the_level_characters() {
        assert_eq!(colour_of('0').unwrap(), 0);
        assert_eq!(colour_of('z').unwrap(), 35);
        assert!(colour_of('A').is_err());
        assert!(colour_of('é').is_err());
    }
}
