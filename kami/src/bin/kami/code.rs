//! `kami code`: the code of each level of INPUT, one a line; `kami code --decode`: the
//! level of each code of INPUT, in the level text format (see `kami::code`).

use engine::cli::Failure;
use kami::Level;
use serde::Serialize;

use crate::input::Reader;

/// `kami code`'s arguments.
#[derive(clap::Args)]
pub(crate) struct CodeCommand {
    /// Read codes, one a line, and print the level of each.
    #[arg(long)]
    decode: bool,
    /// Levels separated by blank lines (or codes, one a line, with --decode); `-` for
    /// standard input.
    #[arg(default_value = "-")]
    input: String,
}

/// `kami code --json`: one document per level.
#[derive(Serialize)]
struct CodeJson {
    /// The level's code.
    code: String,
    /// The level the code holds in the level text format: with its `# par: N` header when
    /// the code holds a par, without name or palette.
    level: String,
    /// The par the code holds, if any.
    par: Option<u32>,
    rows: usize,
    cols: usize,
}

impl CodeJson {
    /// The answer for `level` (its name and palette dropped, as the code drops them).
    fn new(code: String, level: &Level) -> CodeJson {
        let mut kept = level.clone();
        kept.name = None;
        kept.palette.clear();
        CodeJson { code, level: kept.to_string(), par: level.par, rows: level.rows(), cols: level.cols() }
    }
}

/// `kami code [--decode] [INPUT]`.
pub(crate) fn run(args: &CodeCommand, read: &mut Reader<'_>, json: bool) -> Result<(u8, String), Failure> {
    let (name, text) = read(&args.input).map_err(|e| Failure(2, e.to_string()))?;
    let at = |line: usize, e: &dyn std::fmt::Display| Failure(2, format!("{name}:{line}: {e}"));
    let mut answers = Vec::new();
    if args.decode {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let level = kami::code::decode(line).map_err(|e| at(i + 1, &e))?;
            let code = kami::code::encode(&level).map_err(|e| at(i + 1, &e))?;
            answers.push(CodeJson::new(code, &level));
        }
    } else {
        for (first, block) in blocks(&text) {
            let level = if engine::code::looks_like_code(&block) {
                kami::code::decode(&block).map_err(|e| at(first, &e))?
            } else {
                Level::parse(&block).map_err(|mut e| {
                    e.line += first - 1;
                    Failure(2, e.with_source(&name).to_string())
                })?
            };
            let code = kami::code::encode(&level).map_err(|e| at(first, &e))?;
            answers.push(CodeJson::new(code, &level));
        }
    }
    if answers.is_empty() {
        let what = if args.decode { "code" } else { "level" };
        return Err(Failure(2, format!("{name}: no {what} in the input")));
    }
    let out = if json {
        answers.iter().map(engine::cli::json_line).collect()
    } else if args.decode {
        answers.iter().map(|a| a.level.clone()).collect::<Vec<_>>().join("\n")
    } else {
        answers.iter().flat_map(|a| [a.code.as_str(), "\n"]).collect()
    };
    Ok((0, out))
}

/// The levels of a text: blocks of lines separated by blank lines, each with the number of
/// its first line; a block of comments only (headers) belongs to the block after it (and
/// is no level at the end).
fn blocks(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String, bool)> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            match current.take() {
                Some((first, block, true)) => out.push((first, block)),
                // Headers waiting for their rows: the blank line keeps the line numbers.
                Some((first, block, false)) => current = Some((first, block + "\n", false)),
                None => {}
            }
            continue;
        }
        let (_, block, rows) = current.get_or_insert_with(|| (i + 1, String::new(), false));
        block.push_str(line);
        block.push('\n');
        *rows |= !line.trim_start().starts_with('#');
    }
    if let Some((first, block, true)) = current {
        out.push((first, block));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::blocks;

    #[test]
    fn blocks_are_separated_by_blank_lines_and_keep_their_headers() {
        let text = "# par: 1\n\n01\n01\n\n\n# name: b\n0\n# only a comment\n";
        assert_eq!(
            blocks(text),
            vec![(1, "# par: 1\n\n01\n01\n".to_string()), (7, "# name: b\n0\n# only a comment\n".to_string())]
        );
        assert!(blocks("\n\n").is_empty());
        assert!(blocks("# par: 3\n\n# name: x\n").is_empty());
    }
}
