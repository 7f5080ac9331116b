//! What several commands read: a puzzle (as text or as its code) and the player's marks
//! from INPUT and `--state`, a `--size`, a `--difficulty`.

use clap::ValueEnum;
use engine::cli::{Failure, Input};
use engine::{Size, SizeError, SizeLimits};
use hitori::Puzzle;
use hitori::game::State;
use hitori::steps::Difficulty;

/// The sizes `generate --size` (and `pack --size`) accept: sides from 1 to 10000, at most
/// a million cells.
const SIZE_LIMITS: SizeLimits = SizeLimits::new(1, 10_000).with_max_cells(1_000_000).square_shorthand();

/// The difficulty grades, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum DifficultyArg {
    /// Single-cell rules and the `a a a` / `a x a` patterns.
    Easy,
    /// Also pair isolation and the corner patterns.
    Medium,
    /// Also one-step contradictions.
    Hard,
    /// Needs trial and error beyond one step.
    Search,
}

impl From<DifficultyArg> for Difficulty {
    fn from(d: DifficultyArg) -> Difficulty {
        match d {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Medium => Difficulty::Medium,
            DifficultyArg::Hard => Difficulty::Hard,
            DifficultyArg::Search => Difficulty::NeedsSearch,
        }
    }
}

/// `--size` through [`engine::Size::parse`] with [`SIZE_LIMITS`]; malformed sizes and zero
/// sides get the message of a malformed size.
pub(crate) fn parse_size(text: &str) -> Result<Size, Failure> {
    let malformed = || Failure(2, format!("--size {text}: expected N or WxH with positive whole numbers"));
    match Size::parse(text, &SIZE_LIMITS) {
        Ok(size) => Ok(size),
        Err(SizeError::Malformed) => Err(malformed()),
        Err(SizeError::Side { .. })
            if Size::parse(text, &SizeLimits::new(0, usize::MAX).square_shorthand())
                .is_ok_and(|s| s.width == 0 || s.height == 0) =>
        {
            Err(malformed())
        }
        Err(e) => Err(Failure(2, format!("--size {text}: {e}"))),
    }
}

/// The puzzle of INPUT `input`: its text, or its code.
pub(crate) fn read_puzzle(read: Input<'_>, input: &str) -> Result<Puzzle, Failure> {
    let (source, text) = read.read(input).map_err(|e| Failure(2, e.to_string()))?;
    crate::code::parse_puzzle(&source, &text)
}

/// The puzzle and the marks (`--state`, or nothing marked), checked against each other.
pub(crate) fn read_position(read: Input<'_>, input: &str, state: Option<&str>) -> Result<(Puzzle, State), Failure> {
    if state == Some("-") && input == "-" {
        return Err(Failure(2, "--state and INPUT cannot both be standard input".to_string()));
    }
    let puzzle = read_puzzle(read, input)?;
    let Some(path) = state else {
        let state = State::new(&puzzle);
        return Ok((puzzle, state));
    };
    let (source, text) = read.read(path).map_err(|e| Failure(2, e.to_string()))?;
    let state = State::parse(&text).map_err(|e| Failure(2, e.with_source(source.clone()).to_string()))?;
    let (w, h) = (state.cells().width(), state.cells().height());
    if (w, h) != (puzzle.width(), puzzle.height()) {
        let (pw, ph) = (puzzle.width(), puzzle.height());
        return Err(Failure(2, format!("{source}: the state is {w}x{h}, the puzzle is {pw}x{ph}")));
    }
    Ok((puzzle, state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_name_their_limits() {
        assert_eq!(parse_size("12x3").unwrap(), Size::new(12, 3));
        assert_eq!(parse_size("100000").unwrap_err().1, "--size 100000: each side must be from 1 to 10000");
        assert_eq!(parse_size("2000x2000").unwrap_err().1, "--size 2000x2000: at most 1000000 cells");
        assert_eq!(parse_size("0x3").unwrap_err().1, "--size 0x3: expected N or WxH with positive whole numbers");
        assert_eq!(parse_size("3y").unwrap_err().1, "--size 3y: expected N or WxH with positive whole numbers");
    }
}
