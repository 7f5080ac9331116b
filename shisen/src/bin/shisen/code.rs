//! `shisen code`: the code of each puzzle, or (`--decode`) the board of each code; and the
//! reading of a puzzle given as a board text or a code, for every command that reads one
//! ([`read_puzzle`], [`read_board`]).

use engine::cli::{Failure, Input};
use engine::code::looks_like_code;
use shisen::Board;
use shisen::code::Coded;

/// The comment line that marks a board text as played with gravity.
const GRAVITY_LINE: &str = "# gravity: true";

/// The arguments of `shisen code`.
#[derive(clap::Args)]
pub struct CodeCommand {
    /// Read codes, one a line, and print each one's board instead.
    #[arg(long)]
    decode: bool,
    /// The boards are played with gravity (a board marked `# gravity: true`, or a code
    /// with gravity, is in any case).
    #[arg(long, conflicts_with = "decode")]
    gravity: bool,
    /// Boards separated by blank lines, or codes one a line; `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
}

/// The gravity flag a board text states in a comment line `# gravity: true` (or `false`).
fn gravity_comment(text: &str) -> Option<bool> {
    text.lines().find_map(|line| {
        let value = line.trim().strip_prefix('#')?.trim().strip_prefix("gravity:")?.trim();
        match value {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        }
    })
}

/// The lines of `text` that are neither blank nor comments, with their numbers (from 1).
fn content(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

/// Decodes the code on line `line` of `name`.
fn decode(name: &str, line: usize, text: &str) -> Result<Coded, Failure> {
    shisen::code::decode(text).map_err(|e| Failure(2, format!("{name}:{line}: {e}")))
}

/// A puzzle from `text` (lines `first..` of `name`): a code on its own line, or a board
/// text (with gravity when a comment line says `# gravity: true`).
fn puzzle(name: &str, first: usize, text: &str) -> Result<(Board, bool), Failure> {
    let lines: Vec<(usize, &str)> = content(text).collect();
    if let [(line, code)] = lines[..]
        && looks_like_code(code)
    {
        return Ok(decode(name, first + line - 1, code)?.into_parts());
    }
    let board = Board::parse(text).map_err(|e| Failure(2, e.shifted(first - 1).with_source(name).to_string()))?;
    Ok((board, gravity_comment(text).unwrap_or(false)))
}

/// The puzzle in `source`: a board text or a code (detected), with its gravity flag.
pub(crate) fn read_puzzle(source: &str, input: Input<'_>) -> Result<(Board, bool), Failure> {
    let (name, text) = input.read(source).map_err(|e| Failure(2, e.to_string()))?;
    puzzle(&name, 1, &text)
}

/// The board in `source`, given as its text or its code (its gravity flag unused).
pub(crate) fn read_board(source: &str, input: Input<'_>) -> Result<Board, Failure> {
    read_puzzle(source, input).map(|(board, _)| board)
}

/// The blocks of `text` separated by blank lines, each with the number of its first line.
fn blocks(text: &str) -> Vec<(usize, String)> {
    let mut blocks: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            open = false;
        } else if open {
            let last = blocks.len() - 1;
            blocks[last].1.push_str(line);
            blocks[last].1.push('\n');
        } else {
            blocks.push((i + 1, format!("{line}\n")));
            open = true;
        }
    }
    blocks
}

/// The puzzles of `text`: boards separated by blank lines, and codes one a line.
fn puzzles(name: &str, text: &str) -> Result<Vec<(Board, bool)>, Failure> {
    let mut out = Vec::new();
    for (first, block) in blocks(text) {
        let lines: Vec<(usize, &str)> = content(&block).collect();
        if lines.len() > 1 && lines.iter().all(|(_, l)| looks_like_code(l)) {
            for (line, code) in lines {
                out.push(decode(name, first + line - 1, code)?.into_parts());
            }
        } else if !lines.is_empty() {
            out.push(puzzle(name, first, &block)?);
        }
    }
    Ok(out)
}

/// A board as text, marked `# gravity: true` when played with gravity.
fn board_text(coded: &Coded) -> String {
    let mark = if coded.gravity() { format!("{GRAVITY_LINE}\n") } else { String::new() };
    format!("{mark}{}", coded.board())
}

/// `shisen code`.
pub fn run(args: &CodeCommand, json: bool, input: Input<'_>) -> Result<(u8, String), Failure> {
    let (name, text) = input.read(&args.input).map_err(|e| Failure(2, e.to_string()))?;
    if args.decode {
        let coded = content(&text).map(|(line, code)| decode(&name, line, code)).collect::<Result<Vec<_>, _>>()?;
        if json {
            return Ok((0, coded.iter().map(engine::cli::json_line).collect()));
        }
        return Ok((0, coded.iter().map(board_text).collect::<Vec<_>>().join("\n")));
    }
    let mut out = String::new();
    for (i, (board, gravity)) in puzzles(&name, &text)?.into_iter().enumerate() {
        let code = Coded::new(&board, gravity || args.gravity)
            .map_err(|e| Failure(2, format!("{name}: puzzle {}: {e}", i + 1)))?
            .to_string();
        if json {
            out.push_str(&engine::cli::json_line(&serde_json::json!({ "code": code })));
        } else {
            out.push_str(&code);
            out.push('\n');
        }
    }
    Ok((0, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_their_line_numbers() {
        let text = "# c\nA A\n\n\nB B\nC C\n  \n";
        let got = blocks(text);
        assert_eq!(got, vec![(1, "# c\nA A\n".to_string()), (5, "B B\nC C\n".to_string())]);
    }

    #[test]
    fn the_gravity_comment_is_read() {
        assert_eq!(gravity_comment("# gravity: true\nA A"), Some(true));
        assert_eq!(gravity_comment("#gravity:false\nA A"), Some(false));
        assert_eq!(gravity_comment("# gravity: maybe\nA A"), None);
    }
}
