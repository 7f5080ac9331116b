//! Puzzle codes on the playground: the one reader that knows the four games. A code
//! (`<game>:<version>:…`, see `engine::code`) names its game; [`locate`] checks it with that
//! game's own decoder and gives the game's page, so `/?code=…` opens any game's code on
//! the right page and `POST /api/code` tells a client where a code belongs.

use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// A request that carries a code: `{"code": "hitori:1:…"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CodeRequest {
    pub(crate) code: String,
}

/// Where a code belongs: its game and the page that opens it.
#[derive(Debug, Serialize)]
pub(crate) struct Located {
    pub(crate) game: &'static str,
    pub(crate) page: String,
}

/// The longest code the playground reads (a 25x25 hitori takes about 500 characters).
const MAX_CODE: usize = 4096;

/// `400` for a code that does not decode, naming what is wrong.
pub(crate) fn bad_code(error: impl std::fmt::Display) -> ApiError {
    ApiError::bad(format!("code: {error}"))
}

/// The code of a request, trimmed; `400` when it is too long to be a playground puzzle.
pub(crate) fn code_of(req: &CodeRequest) -> Result<&str, ApiError> {
    trimmed(&req.code)
}

/// `code` trimmed; `400` when it is too long to be a playground puzzle.
fn trimmed(code: &str) -> Result<&str, ApiError> {
    let code = code.trim();
    if code.len() > MAX_CODE {
        return Err(bad_code(format!("{} characters, at most {MAX_CODE} on the playground", code.len())));
    }
    Ok(code)
}

/// Which game `code` is for, checked by that game's decoder, and the page that opens it.
pub(crate) fn locate(code: &str) -> Result<Located, ApiError> {
    let code = trimmed(code)?;
    let envelope = engine::code::decode(code).map_err(bad_code)?;
    let game = match envelope.game.as_str() {
        "fifteen" => fifteen::code::decode(code).map(|_| "fifteen").map_err(bad_code),
        "shisen" => shisen::code::decode(code).map(|_| "shisen").map_err(bad_code),
        "hitori" => hitori::code::decode(code).map(|_| "hitori").map_err(bad_code),
        "kami" => kami::code::decode(code).map(|_| "kami").map_err(bad_code),
        other => Err(bad_code(engine::code::CodeError::UnknownGame(other.to_string()))),
    }?;
    Ok(Located { game, page: format!("/{game}?code={code}") })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_code_finds_its_page() {
        let mut rng = engine::SeededRng::new(3);
        let puzzle = hitori::generate(&hitori::Spec::new(5, 5), &mut rng).unwrap();
        let code = hitori::code::encode(&puzzle).unwrap();
        let found = locate(&format!(" {code}\n")).unwrap();
        assert_eq!((found.game, found.page), ("hitori", format!("/hitori?code={code}")));
        let board: shisen::Board = "A B . A\nB C C .\n".parse().unwrap();
        assert_eq!(locate(&shisen::code::encode(&board, true).unwrap()).unwrap().game, "shisen");
        let level = kami::Level::parse("0112\n0122\n").unwrap();
        assert_eq!(locate(&kami::code::encode(&level).unwrap()).unwrap().game, "kami");
        let tiles = fifteen::Board::parse_line("1 2 3 0 4 5 6 7 8", None).unwrap();
        let goal = fifteen::goal::Goal::BlankLast;
        assert_eq!(locate(&fifteen::code::encode(&tiles, &goal).unwrap()).unwrap().game, "fifteen");
    }

    #[test]
    fn bad_codes_say_what_is_wrong() {
        let message = |code: &str| locate(code).unwrap_err().message().to_string();
        assert!(message("chess:1:AAAA").contains("code: "), "{}", message("chess:1:AAAA"));
        assert!(message("hitori:1:AQIDK5").contains("bad check characters"));
        assert!(message("hello").contains("not a puzzle code"));
        assert!(message(&"a".repeat(5000)).contains("at most 4096"));
        let other = engine::code::encode("chess", 1, &[1, 2]);
        assert!(message(&other).contains("unknown game \"chess\""), "{}", message(&other));
    }
}
