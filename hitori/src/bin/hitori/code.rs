//! `hitori code`: the one-line code of each puzzle, or (`--decode`) the puzzle of each code,
//! over [`hitori::code`]; and the reading of a puzzle given as text or as its code, which
//! every command that reads a puzzle shares.

use engine::cli::{Failure, Input};
use hitori::Puzzle;
use serde::Serialize;

/// The arguments of `hitori code`.
#[derive(clap::Args)]
pub struct CodeCommand {
    /// Read codes (one per line) and print their puzzles, separated by a blank line.
    #[arg(long)]
    decode: bool,
    /// Puzzle file (puzzles separated by blank lines; a code stands for its puzzle), or with
    /// --decode a file of codes; `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
}

/// `code --json`: one document per puzzle.
#[derive(Serialize)]
struct CodeJson<'a> {
    /// The puzzle's code.
    code: &'a str,
    /// The puzzle, one string per row.
    puzzle: &'a Puzzle,
    width: usize,
    height: usize,
}

/// `hitori code [--decode] [INPUT]`.
pub fn code(args: &CodeCommand, json: bool, read: Input<'_>) -> Result<(u8, String), Failure> {
    let (source, text) = read.read(&args.input).map_err(|e| Failure(2, e.to_string()))?;
    let puzzles = if args.decode { decode_lines(&source, &text)? } else { puzzle_blocks(&source, &text)? };
    if puzzles.is_empty() {
        let what = if args.decode { "code" } else { "puzzle" };
        return Err(Failure(2, format!("{source}: no {what} in the input")));
    }
    let mut answers = Vec::with_capacity(puzzles.len());
    for (line, puzzle) in &puzzles {
        let code = hitori::code::encode(puzzle).map_err(|e| Failure(2, format!("{source}:{line}: {e}")))?;
        answers.push(match (json, args.decode) {
            (true, _) => engine::cli::json_line(&CodeJson {
                code: &code,
                puzzle,
                width: puzzle.width(),
                height: puzzle.height(),
            }),
            (false, false) => code + "\n",
            (false, true) => puzzle.to_string(),
        });
    }
    let separator = if args.decode && !json { "\n" } else { "" };
    Ok((0, answers.join(separator)))
}

/// The puzzles of `text` with the line each starts on: blocks of lines separated by blank
/// lines, each a puzzle's text or a code (blocks of comments only are skipped).
fn puzzle_blocks(source: &str, text: &str) -> Result<Vec<(usize, Puzzle)>, Failure> {
    let lines: Vec<&str> = text.lines().collect();
    let mut puzzles = Vec::new();
    let mut start = 0;
    while start < lines.len() {
        let end = lines[start..].iter().position(|l| l.trim().is_empty()).map_or(lines.len(), |n| start + n);
        let block = lines[start..end].join("\n");
        if let Some((line, _)) = engine::content_lines(&block).next() {
            let puzzle = parse(source, &block, start)?;
            puzzles.push((start + line, puzzle));
        }
        start = end + 1;
    }
    Ok(puzzles)
}

/// The puzzle of each code of `text`, one per content line, with its line number.
fn decode_lines(source: &str, text: &str) -> Result<Vec<(usize, Puzzle)>, Failure> {
    engine::content_lines(text)
        .map(|(line, code)| {
            hitori::code::decode(code).map(|p| (line, p)).map_err(|e| Failure(2, format!("{source}:{line}: {e}")))
        })
        .collect()
}

/// The puzzle of `text` read from `source`: its code, when its only content line looks
/// like one ([`engine::code::looks_like_code`], or holds a `:`, which no puzzle row does:
/// a mistyped code gets the code's error), else its text form.
pub fn parse_puzzle(source: &str, text: &str) -> Result<Puzzle, Failure> {
    parse(source, text, 0)
}

/// [`parse_puzzle`] for text that starts `offset` lines into `source`.
fn parse(source: &str, text: &str, offset: usize) -> Result<Puzzle, Failure> {
    let mut content = engine::content_lines(text);
    if let (Some((line, only)), None) = (content.next(), content.next())
        && (engine::code::looks_like_code(only) || only.contains(':'))
    {
        return hitori::code::decode(only).map_err(|e| Failure(2, format!("{source}:{}: {e}", line + offset)));
    }
    Puzzle::parse(text).map_err(|e| Failure(2, e.shifted(offset).with_source(source).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(decode: bool, stdin: &str, json: bool) -> Result<(u8, String), Failure> {
        code(&CodeCommand { decode, input: "-".into() }, json, Input::stdin(stdin))
    }

    #[test]
    fn codes_of_several_puzzles_and_back() {
        let text = "# two puzzles\n1 1\n1 2\n\n\n# the second\n3 1 2\n1 3 3\n\n# just a comment\n";
        let (code, codes) = run(false, text, false).unwrap();
        assert_eq!((code, codes.as_str()), (0, "hitori:1:SQgm6\nhitori:1:acEg6v\n"));
        let (_, back) = run(true, &codes, false).unwrap();
        assert_eq!(back, "1 1\n1 2\n\n3 1 2\n1 3 3\n");
        // A code in the input stands for its puzzle.
        assert_eq!(run(false, "hitori:1:SQgm6", false).unwrap().1, "hitori:1:SQgm6\n");
        let (_, json) = run(true, "hitori:1:SQgm6\n", true).unwrap();
        assert_eq!(json, "{\"code\":\"hitori:1:SQgm6\",\"puzzle\":[\"1 1\",\"1 2\"],\"width\":2,\"height\":2}\n");
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(run(false, "1 1\n1 2\n\n1 2\n3 x\n", false).unwrap_err().1, "<stdin>:5:3: \"x\" is not a number");
        assert_eq!(
            run(true, "# codes\nhitori:1:SQgm6\nhitori:1:SQgm7\n", false).unwrap_err().1,
            "<stdin>:3: bad check characters: the code was mistyped or cut"
        );
        let kami = engine::code::encode("kami", 1, &[1, 2]);
        assert_eq!(run(true, &kami, false).unwrap_err().1, "<stdin>:1: a kami code, not a hitori code");
        assert_eq!(run(false, "\n# none\n", false).unwrap_err().1, "<stdin>: no puzzle in the input");
        assert_eq!(run(true, "", false).unwrap_err().1, "<stdin>: no code in the input");
        assert_eq!(
            parse_puzzle("f", "# a code\n\n  hitori:1:SQgm7  \n").unwrap_err().1,
            "f:3: bad check characters: the code was mistyped or cut"
        );
        assert_eq!(parse_puzzle("f", "# a code\nhitori:1:SQgm6\n").unwrap().to_string(), "1 1\n1 2\n");
    }
}
