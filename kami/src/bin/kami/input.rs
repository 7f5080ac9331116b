//! Reading a level: from a file or standard input, as its text or its code.

use engine::InputError;
use engine::cli::Failure;
use kami::Level;

/// Reads an INPUT argument: `(source name, text)`.
pub(crate) type Reader<'a> = dyn FnMut(&str) -> Result<(String, String), InputError> + 'a;

/// Reads and parses a level from a path or `-` (stdin); errors name the source and line.
pub(crate) fn read_level(read: &mut Reader<'_>, path: &str) -> Result<(String, Level), Failure> {
    let (name, text) = read(path).map_err(|e| Failure(2, e.to_string()))?;
    let level = parse_level(&name, &text)?;
    Ok((name, level))
}

/// A level from its text or its code (told apart by [`engine::code::looks_like_code`]).
pub(crate) fn parse_level(name: &str, text: &str) -> Result<Level, Failure> {
    if engine::code::looks_like_code(text) {
        // The line the code is on: after the blank lines before it.
        let line = 1 + text[..text.len() - text.trim_start().len()].matches('\n').count();
        kami::code::decode(text).map_err(|e| Failure(2, format!("{name}:{line}: {e}")))
    } else {
        Level::parse(text).map_err(|e| Failure(2, e.with_source(name).to_string()))
    }
}
