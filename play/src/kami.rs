//! Every call into the `kami` crate: generated and pasted levels with their par, the
//! board as `kami::svg` draws it, moves (the flood in the library's BFS order), hints and
//! solutions.

use engine::{Budget, Outcome, SeededRng};
use kami::generate::generate_within;
use kami::{GenerateError, Hint, Level, Move, Options, SolveError, Spec, colour_char};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

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
    /// The board as `kami::svg::render_with` draws it with symbols and the colour-blind-safe
    /// palette (with its test hooks).
    svg: String,
    /// The proven fewest moves, when known.
    par: Option<u32>,
    /// Each colour's character and display colour, for the palette.
    palette: Vec<PaletteEntry>,
    seed: Option<u64>,
    /// The level's code (`kami:1:…`, the par included): what the share link carries;
    /// `null` only for a level too large for a code, which the page never plays.
    code: Option<String>,
}

#[derive(Serialize)]
pub(crate) struct PaletteEntry {
    colour: char,
    fill: String,
    /// The colour's symbol's name (`kami::svg::Symbol::name`).
    symbol: String,
    /// The symbol as a small SVG picture for the colour's button.
    icon: String,
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

/// Reads a request's level (the text format, at most [`MAX_TRIANGLES`] triangles) before it
/// may wait for a thread.
pub(crate) fn read_level(req: &LevelRequest) -> Result<Level, ApiError> {
    level_of(&req.text)
}

fn level_of(text: &str) -> Result<Level, ApiError> {
    let level = Level::parse(text).map_err(|e| ApiError::bad(format!("level: {e}")))?;
    if level.rows() * level.cols() > MAX_TRIANGLES {
        return Err(ApiError::bad(format!("a level has at most {MAX_TRIANGLES} triangles")));
    }
    Ok(level)
}

/// The solver's options for a call: its budget, on the calling thread.
fn options(budget: &Budget) -> Options {
    Options::default().with_budget(budget.clone())
}

fn tap(m: Move) -> Tap {
    Tap { row: m.row, col: m.col, colour: colour_char(m.colour) }
}

/// How the page draws levels: every colour's symbol on its triangles, and colours that
/// stay apart under the common colour-vision deficiencies.
fn svg_options() -> kami::svg::SvgOptions {
    kami::svg::SvgOptions::default().with_symbols(true).with_safe_palette(true)
}

fn reply(level: &Level, seed: Option<u64>) -> LevelReply {
    let options = svg_options();
    let palette = level
        .colours_used()
        .into_iter()
        .map(|c| {
            let fill = kami::svg::fill(level, c, &options);
            PaletteEntry {
                colour: colour_char(c),
                symbol: kami::svg::symbol(c).name(),
                icon: kami::svg::icon(c, &fill, 22.0),
                fill,
            }
        })
        .collect();
    LevelReply {
        text: level.to_string(),
        rows: level.rows(),
        cols: level.cols(),
        svg: kami::svg::render_with(level, &options),
        par: level.par,
        palette,
        seed,
        code: kami::code::encode(level).ok(),
    }
}

/// Reads a code's level before it may wait for a thread: `400` for a bad code or a level
/// larger than the page plays.
pub(crate) fn read_code(req: &crate::codes::CodeRequest) -> Result<Level, ApiError> {
    let level = kami::code::decode(crate::codes::code_of(req)?).map_err(crate::codes::bad_code)?;
    if level.rows() * level.cols() > MAX_TRIANGLES {
        return Err(ApiError::bad(format!("code: a level has at most {MAX_TRIANGLES} triangles on the playground")));
    }
    Ok(level)
}

/// A validated `new` request: the generator's spec and the seed.
pub(crate) struct NewWork {
    spec: Spec,
    seed: u64,
}

/// Reads a `new` request (its size, colours and regions) before it may wait for a thread.
pub(crate) fn read_new(req: &NewRequest) -> Result<NewWork, ApiError> {
    let sizes = engine::SizeLimits::new(1, MAX_ROWS).with_max_cells(MAX_ROWS * MAX_COLS);
    let size = crate::error::parse_size(&req.size, &sizes)?;
    if size.width > MAX_COLS {
        return Err(ApiError::bad(format!("a level has at most {MAX_COLS} columns")));
    }
    if !(2..=MAX_NEW_COLOURS).contains(&req.colors) {
        return Err(ApiError::bad(format!("colors must be 2 to {MAX_NEW_COLOURS}")));
    }
    if req.regions > MAX_REGIONS {
        return Err(ApiError::bad(format!("regions must be at most {MAX_REGIONS}")));
    }
    let spec = Spec::default()
        .with_size(size)
        .with_colours(req.colors)
        .with_regions(req.regions)
        .with_node_limit(400_000)
        .with_attempts(12);
    Ok(NewWork { spec, seed: req.seed.unwrap_or_else(crate::fresh_seed) })
}

pub(crate) fn new(work: &NewWork, budget: &Budget) -> Result<LevelReply, ApiError> {
    let NewWork { spec, seed } = work;
    let seed = *seed;
    let level = match generate_within(spec, &mut SeededRng::new(seed), budget) {
        Ok(level) => level,
        Err(GenerateError::GaveUp(reason)) => return Err(ApiError::stopped(reason)),
        Err(e) => return Err(ApiError::unprocessable(e.to_string())),
    };
    Ok(reply(&level, Some(seed)))
}

pub(crate) fn level(mut level: Level, budget: &Budget) -> LevelReply {
    if level.par.is_none() {
        if let Ok(report) = kami::solve(&level, &options(budget)) {
            if let Outcome::Proved(moves) = report.outcome {
                level.par = u32::try_from(moves.len()).ok();
            }
        }
    }
    reply(&level, None)
}

fn colour_of(ch: char) -> Result<u8, ApiError> {
    kami::colour_from_char(ch).ok_or_else(|| ApiError::bad(format!("colour {ch:?} is not one of 0-9, a-z")))
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

pub(crate) fn solve(level: &Level, budget: &Budget) -> Result<SolveReply, ApiError> {
    let (moves, optimal, lower_bound) = match kami::solve(level, &options(budget)) {
        Ok(report) => match report.outcome {
            Outcome::Proved(moves) => {
                let n = u32::try_from(moves.len()).unwrap_or(u32::MAX);
                (Some(moves), true, n)
            }
            Outcome::Found(moves) => (Some(moves), false, kami::solver::lower_bound(level)),
            Outcome::GaveUp { proven, .. } => (proven.best, false, proven.lower_bound),
        },
        Err(SolveError::TooManyRegions { lower_bound, .. }) => (None, false, lower_bound),
        Err(e) => return Err(ApiError::unprocessable(e.to_string())),
    };
    Ok(SolveReply {
        moves_left: moves.as_ref().map(Vec::len),
        moves: moves.unwrap_or_default().into_iter().map(tap).collect(),
        optimal,
        lower_bound,
    })
}

/// The next move: `kami::hint`, the first move of the best solution found within the
/// budget, with the moves that solution takes.
pub(crate) fn hint(level: &Level, budget: &Budget) -> SolveReply {
    match kami::hint(level, &options(budget)) {
        Hint::Solved => SolveReply { moves: Vec::new(), moves_left: Some(0), optimal: true, lower_bound: 0 },
        Hint::Play { next, moves_left, optimal, lower_bound } => {
            SolveReply { moves: vec![tap(next)], moves_left: usize::try_from(moves_left).ok(), optimal, lower_bound }
        }
        Hint::Unknown { lower_bound } => {
            SolveReply { moves: Vec::new(), moves_left: None, optimal: false, lower_bound }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_the_level_characters() {
        assert_eq!(colour_of('0').unwrap(), 0);
        assert_eq!(colour_of('z').unwrap(), 35);
        assert!(colour_of('A').is_err());
        assert!(colour_of('é').is_err());
    }
}
