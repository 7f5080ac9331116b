//! `fifteen code`: the code of each puzzle of the input, or (`--decode`) the tiles of each
//! code.

use std::fmt::Write;

use engine::cli::{Failure, Input, json_line};
use serde::Serialize;

use super::args::{InputArgs, read_codes, usage};
use fifteen::Goal;
use fifteen::code::Code;

/// `fifteen code --help`'s epilogue.
pub(super) const CODE_HELP: &str = concat!(
    "Input: one puzzle per line, as for `fifteen solve` (a line may be a code already: it is\n",
    "read with its own size and goal). With --decode, one code per line.\n\n",
    "Output: one code per puzzle, `fifteen:1:` and letters, digits, - and _ (4x4: 23 characters);\n",
    "every command that reads puzzles reads codes too. With --decode, the tiles of each code,\n",
    "row-major, after a comment `# width: W` when the board is not square and `# goal: G` when\n",
    "the goal is not blank-last.\n\n",
    "Example:\n  echo '8 6 7 2 5 4 3 0 1' | fifteen code\n  fifteen:1:AgIV0ZgC4"
);

/// `fifteen code`.
#[derive(clap::Args, Debug)]
pub(super) struct CodeCommand {
    #[command(flatten)]
    input: InputArgs,
    /// Read codes and print their puzzles.
    #[arg(long)]
    decode: bool,
}

/// `fifteen code --decode --json`.
#[derive(Serialize)]
struct DecodedJson {
    width: usize,
    height: usize,
    tiles: String,
    goal: String,
}

/// `fifteen code --json`.
#[derive(Serialize)]
struct CodeJson {
    code: String,
}

/// `fifteen code` (with `json`, one document per puzzle: `{"code"}`, or with --decode
/// `{"width", "height", "tiles", "goal"}`); (exit code, standard output).
pub(super) fn code(args: &CodeCommand, json: bool, source: Input<'_>) -> Result<(u8, String), Failure> {
    let mut text = String::new();
    if args.decode {
        for code in decoded(&args.input, source)? {
            let board = code.board();
            if json {
                text.push_str(&json_line(&DecodedJson {
                    width: board.width(),
                    height: board.height(),
                    tiles: board.to_line(),
                    goal: code.goal().label(),
                }));
            } else {
                if board.width() != board.height() {
                    let _ = writeln!(text, "# width: {}", board.width());
                }
                if code.goal() != &Goal::BlankLast {
                    let _ = writeln!(text, "# goal: {}", code.goal().label());
                }
                text.push_str(&board.to_line());
                text.push('\n');
            }
        }
    } else {
        for code in read_codes(&args.input, source)? {
            let code = code.to_string();
            text.push_str(&if json { json_line(&CodeJson { code }) } else { code + "\n" });
        }
    }
    Ok((0, text))
}

/// Every code of the input; the first line that is not one is a failure naming the source
/// and line.
fn decoded(args: &InputArgs, source: Input<'_>) -> Result<Vec<Code>, Failure> {
    let (source, text) = source.read(&args.input).map_err(|e| usage(e.to_string()))?;
    let mut out = Vec::new();
    for (line_no, line) in engine::content_lines(&text) {
        if !engine::code::looks_like_code(line) {
            return Err(usage(format!("{source}:{line_no}: not a puzzle code (expected fifteen:<version>:<code>)")));
        }
        out.push(fifteen::code::decode(line).map_err(|e| usage(format!("{source}:{line_no}: {e}")))?);
    }
    Ok(out)
}
