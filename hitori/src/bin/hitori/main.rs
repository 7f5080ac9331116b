//! The `hitori` command: `solve`, `generate`, `hint` and `render` Hitori puzzles, share
//! them as codes (`code`: module `code`; every command that reads a puzzle also reads its
//! code), make packs of them (`pack`, `verify`: module `pack`), as in the workspace's
//! command-line contract (`docs/cli.md`).
//!
//! Exit codes: 0 answered, 1 no solution (or no puzzle of that kind exists, or no hint),
//! 2 bad input or usage (one line on stderr, nothing on stdout; clap's suggestion and a
//! "try --help" line may follow a usage error), 3 the `--timeout` ran out.

mod code;
mod pack;

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use engine::cli::{Failure, Input};
use engine::{Budget, Outcome, SeededRng, Size, SizeError, SizeLimits, StopReason};
use hitori::game::State;
use hitori::generate::{GenerateError, Spec, generate};
use hitori::solver::{Answer, Options, solve};
use hitori::steps::Difficulty;
use hitori::{Cell, Puzzle};
use serde::Serialize;

/// The sizes `generate --size` accepts: sides from 1 to 10000, at most a million cells.
const SIZE_LIMITS: SizeLimits = SizeLimits::new(1, 10_000).with_max_cells(1_000_000).square_shorthand();

/// Hitori ("Singles"): prove puzzles unique, generate unique puzzles, give hints, draw them.
#[derive(Parser)]
#[command(name = "hitori", version, arg_required_else_help = true)]
#[command(after_help = "The full reference: docs/cli.md in the repository.")]
struct Cli {
    /// Print the answer as one JSON document (fields in docs/cli.md).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

/// How `generate` prints its puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The puzzle text: one row per line.
    #[default]
    Text,
    /// The puzzle's one-line code (`hitori:1:…`).
    Code,
}

/// The difficulty grades, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum DifficultyArg {
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

#[derive(Subcommand)]
enum Command {
    /// `unique`, `multiple` or `none`, then the solution (and a second one for `multiple`).
    #[command(after_help = concat!(
        "Puzzle text: one row per line, positive whole numbers separated by whitespace, every row\n",
        "as long as the first; lines starting with `#` are comments, blank lines are ignored.\n\n",
        "Output: `unique`, `multiple` or `none`, then each solution with `#` for a shaded cell.\n\n",
        "Example:\n  printf '1 1\\n1 2\\n' | hitori solve\n  unique\n  # 1\n  1 2",
    ))]
    Solve {
        /// Give up after this many seconds: prints `unknown`, exit 3.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Puzzle file, `-` for standard input.
        #[arg(default_value = "-")]
        input: String,
    },
    /// A puzzle with exactly one solution, in the puzzle text format.
    #[command(after_help = concat!(
        "Output: the puzzle text (one row per line, numbers separated by one space), or with\n",
        "--format code its one-line code (`hitori:1:…`, read by every command and `code --decode`).\n",
        "Sizes: N (N x N) or WxH, each side from 1 to 10000, at most 1000000 cells.\n\n",
        "Example:\n  hitori generate --size 5 --seed 3 --difficulty medium",
    ))]
    Generate {
        /// Size: `N` for N×N, or `WxH` (sides 1-10000, at most 1000000 cells).
        #[arg(long, default_value = "10")]
        size: String,
        /// Random seed: the same seed gives the same puzzle.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The hardest rule a person needs for it.
        #[arg(long, value_name = "D", value_enum)]
        difficulty: Option<DifficultyArg>,
        /// Give up after this many seconds: exit 3.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Print the puzzle as `text` or as its one-line `code`.
        #[arg(long, value_name = "F", value_enum, default_value = "text")]
        format: Format,
    },
    /// The next deduction from the marks so far, with the rule that makes it.
    #[command(after_help = concat!(
        "Puzzle text: one row per line, positive whole numbers separated by whitespace.\n",
        "State text (--state): the player's marks, in the puzzle's shape: `x` shaded, `o` unshaded\n",
        "(circled), `.` undecided, separated by whitespace. Without --state nothing is marked.\n\n",
        "Output: `X,Y is shaded|unshaded (rule)` (exit 0); `solved` (exit 0); `broken: <rule>`\n",
        "when the marks break a rule, or `none` when no rule decides another cell (exit 1).\n\n",
        "Example:\n  printf '2 1 2\\n1 2 1\\n' | hitori hint\n  1,0 is unshaded (sandwich)",
    ))]
    Hint {
        /// The player's marks (state text file, `-` for standard input).
        #[arg(long, value_name = "FILE")]
        state: Option<String>,
        /// Puzzle file, `-` for standard input.
        #[arg(default_value = "-")]
        input: String,
    },
    /// Every deduction from an empty board, easiest rule first, then the grade.
    #[command(after_help = concat!(
        "Puzzle text: one row per line, positive whole numbers separated by whitespace.\n\n",
        "Output: one line per deduction, `X,Y is shaded|unshaded (rule)`, in the order a person\n",
        "would make them (always the easiest rule that applies), then `grade: easy|medium|hard`\n",
        "(exit 0): the hardest rule used; or `grade: search` when the rules get stuck (exit 1).\n\n",
        "Example:\n  printf '1 1\\n1 2\\n' | hitori steps\n  0,0 is shaded (corner triple)\n  ...\n  grade: medium",
    ))]
    Steps {
        /// Give up after this many seconds: prints `unknown`, exit 3.
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = engine::cli::parse_seconds)]
        timeout: Option<Duration>,
        /// Puzzle file, `-` for standard input.
        #[arg(default_value = "-")]
        input: String,
    },
    /// An SVG picture of the puzzle (and of the marks, with broken rules in red).
    #[command(after_help = concat!(
        "Puzzle text: one row per line, positive whole numbers separated by whitespace.\n",
        "State text (--state): `x` shaded, `o` unshaded (circled), `.` undecided.\n\n",
        "Output: one SVG document (`<svg data-testid=\"board\">`, one `<g data-x data-y data-value>`\n",
        "per cell).\n\n",
        "Example:\n  hitori generate --size 5 | hitori render > puzzle.svg",
    ))]
    Render {
        /// The player's marks (state text file, `-` for standard input).
        #[arg(long, value_name = "FILE")]
        state: Option<String>,
        /// Puzzle file, `-` for standard input.
        #[arg(default_value = "-")]
        input: String,
    },
    /// The one-line code of each puzzle, or (--decode) the puzzle of each code.
    #[command(after_help = concat!(
        "Input: puzzles in the puzzle text form separated by blank lines (a code stands for its\n",
        "puzzle); with --decode one code per line (`#` comments and blank lines skipped).\n\n",
        "Output: one code per line, `hitori:1:` then letters, digits, `-` and `_`; with --decode\n",
        "the puzzle text of each code, puzzles separated by a blank line. Every command that reads\n",
        "a puzzle also reads its code.\n\n",
        "Examples:\n  hitori generate --size 5 --seed 3 | hitori code\n  echo hitori:1:SQgm6 | hitori code --decode",
    ))]
    Code(code::CodeCommand),
    /// Many graded puzzles with their proven solutions, as JSON Lines, in seed order.
    #[command(after_help = concat!(
        "Output: one JSON object per line: game, seed, puzzle (rows joined by \\n), code (its\n",
        "one-line code), grade, solution (one string per row, `#` shaded, `.` unshaded), options.\n",
        "The summary goes to standard error. The same options give the same bytes for any\n",
        "--threads.\n\n",
        "Examples:\n  hitori pack --count 1000 --mix easy=400,medium=400,hard=160,search=40 --out pack.jsonl\n",
        "  hitori pack --seeds 0..5000 --shard 1/4 --difficulty hard --out shard1.jsonl",
    ))]
    Pack(pack::PackCommand),
    /// Re-checks every entry of a pack: rules, uniqueness, grade, code, options.
    #[command(after_help = concat!(
        "Output: `N entries: H hold, W wrong, U unknown`; each bad entry on standard error as\n",
        "`FILE:LINE: reason`. Exit 0 all hold, 1 some wrong, 3 some not re-proven in --timeout,\n",
        "2 not a hitori pack.\n\n",
        "Example:\n  hitori verify pack.jsonl",
    ))]
    Verify(pack::VerifyCommand),
}

fn main() -> ExitCode {
    engine::cli::main("hitori", |cli: Cli| run(cli, Input::process()))
}

/// One command: its exit code and standard output, or a failure.
fn run(cli: Cli, read: Input<'_>) -> Result<(u8, String), Failure> {
    let json = cli.json;
    match cli.command {
        Command::Solve { timeout, input } => {
            let puzzle = read_puzzle(read, &input)?;
            Ok(solve_command(&puzzle, timeout, json))
        }
        Command::Generate { size, seed, difficulty, timeout, format } => {
            generate_command(&size, seed, difficulty.map(Difficulty::from), timeout, format, json)
        }
        Command::Hint { state, input } => {
            let (puzzle, state) = read_position(read, &input, state.as_deref())?;
            Ok(hint_command(&puzzle, &state, json))
        }
        Command::Steps { timeout, input } => {
            let puzzle = read_puzzle(read, &input)?;
            Ok(steps_command(&puzzle, timeout, json))
        }
        Command::Render { state, input } => {
            let (puzzle, state) = read_position(read, &input, state.as_deref())?;
            let svg = hitori::svg::render_state(&puzzle, &state).map_err(|e| Failure(2, e.to_string()))?;
            Ok((0, if json { engine::cli::json_line(&RenderJson { svg: &svg }) } else { svg }))
        }
        Command::Code(args) => code::code(&args, json, read),
        Command::Pack(args) => pack::pack(&args, json),
        Command::Verify(args) => pack::verify(&args, json, read),
    }
}

fn budget(timeout: Option<Duration>) -> Budget {
    timeout.map_or_else(Budget::default, |t| Budget::default().with_time_limit(t))
}

/// `solve --json`.
#[derive(Serialize)]
struct SolveJson {
    /// `unique`, `multiple`, `none` or `unknown`.
    answer: &'static str,
    /// Each solution in the solution text format, one string per row.
    solutions: Vec<Vec<String>>,
    /// Why the search gave up (`unknown` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<StopReason>,
    /// Branchings made.
    nodes: u64,
    /// Time spent, in seconds.
    seconds: f64,
}

fn solve_command(puzzle: &Puzzle, timeout: Option<Duration>, json: bool) -> (u8, String) {
    let (budget, watch) = engine::cli::watch(budget(timeout), "no answer yet: --timeout S stops the search");
    let report = solve(puzzle, &Options::default().with_budget(budget));
    drop(watch);
    let rows = |s: &engine::Grid<bool>| puzzle.format_solution(s).lines().map(str::to_string).collect::<Vec<_>>();
    let (code, answer, solutions, reason) = match &report.outcome {
        Outcome::Proved(a) | Outcome::Found(a) => {
            (u8::from(*a == Answer::None), a.class(), a.solutions().into_iter().map(rows).collect(), None)
        }
        Outcome::GaveUp { reason, proven } => (3, "unknown", proven.iter().map(rows).collect(), Some(*reason)),
    };
    if json {
        let doc = SolveJson {
            answer,
            solutions,
            reason,
            nodes: report.stats.nodes,
            seconds: report.stats.elapsed.as_secs_f64(),
        };
        return (code, engine::cli::json_line(&doc));
    }
    if reason.is_some() {
        return (code, "unknown\n".to_string());
    }
    let shown: Vec<String> = solutions.iter().map(|rows| rows.join("\n") + "\n").collect();
    (code, format!("{answer}\n{}", shown.join("\n")))
}

/// `generate --json`.
#[derive(Serialize)]
struct GenerateJson<'a> {
    /// The puzzle, one string per row.
    puzzle: &'a Puzzle,
    width: usize,
    height: usize,
    seed: u64,
    /// The difficulty asked for, if any.
    difficulty: Option<Difficulty>,
    /// The puzzle's code (`--format code` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'a str>,
}

fn generate_command(
    size_text: &str,
    seed: u64,
    difficulty: Option<Difficulty>,
    timeout: Option<Duration>,
    format: Format,
    json: bool,
) -> Result<(u8, String), Failure> {
    let size = parse_size(size_text)?;
    let (budget, watch) = engine::cli::watch(budget(timeout), "no puzzle yet: --timeout S stops generating");
    let mut spec = Spec::new(size.width, size.height).with_budget(budget);
    if let Some(d) = difficulty {
        spec = spec.with_difficulty(d);
    }
    let result = generate(&spec, &mut SeededRng::new(seed));
    drop(watch);
    let code = |puzzle: &Puzzle| match format {
        Format::Text => Ok(None),
        Format::Code => hitori::code::encode(puzzle).map(Some).map_err(|e| Failure(2, format!("--format code: {e}"))),
    };
    match result {
        Ok(puzzle) if json => Ok((
            0,
            engine::cli::json_line(&GenerateJson {
                puzzle: &puzzle,
                width: size.width,
                height: size.height,
                seed,
                difficulty,
                code: code(&puzzle)?.as_deref(),
            }),
        )),
        Ok(puzzle) => Ok((0, code(&puzzle)?.map_or_else(|| puzzle.to_string(), |c| c + "\n"))),
        Err(e @ GenerateError::Empty) => Err(Failure(2, format!("--size {size_text}: {e}"))),
        Err(e @ GenerateError::GaveUp { .. }) => Err(Failure(3, e.to_string())),
        Err(e) => Err(Failure(1, e.to_string())),
    }
}

/// `--size` through [`engine::Size::parse`] with [`SIZE_LIMITS`]; malformed sizes and zero
/// sides keep the message they always had.
fn parse_size(text: &str) -> Result<Size, Failure> {
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

/// `hint --json`.
#[derive(Serialize)]
struct HintJson {
    /// `hint`, `solved`, `broken` or `none`.
    status: &'static str,
    /// The deduction (`status` = `hint`).
    hint: Option<HintStep>,
    /// The rules the marks break, as text.
    violations: Vec<String>,
}

#[derive(Serialize)]
struct HintStep {
    x: i32,
    y: i32,
    /// `shaded` or `unshaded`.
    state: Cell,
    /// The rule's identifier, e.g. `sandwich`.
    rule: hitori::steps::Rule,
    /// Its name in words.
    rule_name: &'static str,
    /// The difficulty class of the rule.
    difficulty: Difficulty,
    /// The line the text output prints.
    text: String,
}

fn hint_command(puzzle: &Puzzle, state: &State, json: bool) -> (u8, String) {
    let violations: Vec<String> = hitori::rules::check(puzzle, state.cells()).iter().map(ToString::to_string).collect();
    let step = if violations.is_empty() { hitori::hint(puzzle, state) } else { None };
    let solved = violations.is_empty()
        && !state.cells().cells().contains(&Cell::Unknown)
        && hitori::rules::is_solution(puzzle, &state.cells().map(|&c| c == Cell::Shaded));
    let (code, status, text) = match (&step, violations.first()) {
        (Some(step), _) => (0, "hint", format!("{step}\n")),
        (None, Some(first)) => (1, "broken", format!("broken: {first}\n")),
        (None, None) if solved => (0, "solved", "solved\n".to_string()),
        (None, None) => (1, "none", "none\n".to_string()),
    };
    if !json {
        return (code, text);
    }
    let hint = step.as_ref().map(hint_step);
    (code, engine::cli::json_line(&HintJson { status, hint, violations }))
}

/// `steps --json`.
#[derive(Serialize)]
struct StepsJson {
    /// The deductions, in order (the ones made before the budget ran out, for `unknown`).
    steps: Vec<HintStep>,
    /// The grade (`easy`, `medium`, `hard`, `search`), or `unknown` when the timeout hit.
    grade: String,
}

fn hint_step(s: &hitori::steps::Step) -> HintStep {
    HintStep {
        x: s.cell.x,
        y: s.cell.y,
        state: s.state,
        rule: s.rule,
        rule_name: s.rule.name(),
        difficulty: s.rule.difficulty(),
        text: s.to_string(),
    }
}

fn steps_command(puzzle: &Puzzle, timeout: Option<Duration>, json: bool) -> (u8, String) {
    let (budget, watch) = engine::cli::watch(budget(timeout), "still deducing: --timeout S stops it");
    let report = hitori::steps::walkthrough_within(puzzle, &budget);
    drop(watch);
    let (code, steps, grade) = match report.outcome {
        Outcome::Proved(w) | Outcome::Found(w) => {
            (u8::from(w.difficulty == Difficulty::NeedsSearch), w.steps, w.difficulty.to_string())
        }
        Outcome::GaveUp { proven, .. } => (3, proven, "unknown".to_string()),
    };
    if json {
        let doc = StepsJson { steps: steps.iter().map(hint_step).collect(), grade };
        return (code, engine::cli::json_line(&doc));
    }
    if code == 3 {
        return (code, "unknown\n".to_string());
    }
    let mut lines: Vec<String> = steps.iter().map(ToString::to_string).collect();
    lines.push(format!("grade: {grade}"));
    (code, lines.join("\n") + "\n")
}

/// `render --json`.
#[derive(Serialize)]
struct RenderJson<'a> {
    svg: &'a str,
}

fn read_puzzle(read: Input<'_>, input: &str) -> Result<Puzzle, Failure> {
    let (source, text) = read.read(input).map_err(|e| Failure(2, e.to_string()))?;
    code::parse_puzzle(&source, &text)
}

/// The puzzle and the marks (`--state`, or nothing marked), checked against each other.
fn read_position(read: Input<'_>, input: &str, state: Option<&str>) -> Result<(Puzzle, State), Failure> {
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
    use proptest::prelude::*;

    /// Runs the command line `args` in-process, with `stdin` as standard input and no file
    /// readable; the time limit is capped at one second so no case can hang.
    fn run_args(args: &[String], stdin: &str) -> Result<(u8, String), Failure> {
        let mut argv = vec!["hitori".to_string()];
        argv.extend(args.iter().cloned());
        let mut cli: Cli = match engine::cli::parse_from(argv) {
            Ok(cli) => cli,
            Err((code, text)) => return Err(Failure(code, text)),
        };
        let cap = Some(Duration::from_secs(1));
        match &mut cli.command {
            Command::Solve { timeout, .. } | Command::Generate { timeout, .. } | Command::Steps { timeout, .. } => {
                *timeout = (*timeout).min(cap).or(cap);
            }
            Command::Hint { .. }
            | Command::Render { .. }
            | Command::Code(_)
            | Command::Pack(_)
            | Command::Verify(_) => {}
        }
        run(cli, Input::stdin(stdin))
    }

    /// A value for a flag: plausible ones, extreme ones, anything.
    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "-",
                "0",
                "1",
                "3",
                "5x4",
                "2x1",
                "0x3",
                "100000",
                "9999x100",
                "easy",
                "code",
                "text",
                "medium",
                "hard",
                "search",
                "0.01",
                "0.3",
                "-1",
                "nan",
                "1e99",
                "18446744073709551615",
                "x",
                "",
            ])
            .prop_map(str::to_string),
            "[0-9xX.]{1,7}",
            ".{0,12}",
        ]
    }

    /// Flags with values (mostly the command's own), lone flags and stray words.
    fn words(command: &'static str) -> impl Strategy<Value = Vec<String>> {
        let own: Vec<&'static str> = match command {
            "solve" | "steps" => vec!["--timeout"],
            "generate" => vec!["--size", "--seed", "--difficulty", "--timeout", "--format"],
            "code" => vec!["--decode"],
            "hint" | "render" => vec!["--state"],
            _ => vec!["--timeout", "--size", "--seed", "--difficulty", "--state"],
        };
        prop_oneof![
            4 => (prop::sample::select(own), value()).prop_map(|(flag, v)| vec![flag.to_string(), v]),
            1 => (prop::sample::select(vec!["--timeout", "--size", "--seed", "--difficulty", "--state"]), value())
                .prop_map(|(flag, v)| vec![flag.to_string(), v]),
            1 => prop::sample::select(vec!["--json", "--help", "--version", "-", "--", "-h"]).prop_map(|w| vec![w.to_string()]),
            1 => value().prop_map(|v| vec![v]),
        ]
    }

    /// A command (mostly a real one) and what follows it.
    fn command_line() -> impl Strategy<Value = Vec<String>> {
        prop::sample::select(vec!["solve", "generate", "hint", "steps", "render", "code", "help", "--json", ""])
            .prop_flat_map(|command| {
                prop::collection::vec(words(command), 0..4).prop_map(move |rest| {
                    let mut args = vec![command.to_string()];
                    args.extend(rest.into_iter().flatten());
                    args
                })
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn any_argument_vector_answers_or_fails_cleanly(
            args in command_line(),
            stdin in prop_oneof![
                ".{0,40}",
                "([1-4] ){1,3}\n([1-4] ){1,3}\n",
                "([xo.] ){1,3}\n",
                "hitori:1:SQgm6",
                "hitori:1:[A-Za-z0-9_-]{0,12}\n",
            ],
        ) {
            match run_args(&args, &stdin) {
                Ok((code, _)) => prop_assert!([0, 1, 3].contains(&code)),
                Err(Failure(code, message)) => {
                    prop_assert!([0, 1, 2, 3].contains(&code));
                    prop_assert!(!message.is_empty());
                }
            }
        }

        #[test]
        fn any_bytes_as_puzzle_or_state(bytes in prop::collection::vec(any::<u8>(), 0..80), code in any::<bool>(), command in 0usize..6) {
            let mut text = String::from_utf8_lossy(&bytes).into_owned();
            if code {
                text = format!("hitori:1:{}", text.replace(|c: char| c.is_whitespace(), ""));
            }
            let args: Vec<String> = match command {
                0 => vec!["solve".into()],
                1 => vec!["hint".into()],
                2 => vec!["render".into(), "--json".into()],
                3 => vec!["code".into()],
                4 => vec!["code".into(), "--decode".into()],
                _ => vec!["solve".into(), "--json".into()],
            };
            if let Ok((code, out)) = run_args(&args, &text) {
                prop_assert!([0, 1, 3].contains(&code));
                prop_assert!(!out.is_empty());
            }
        }
    }

    #[test]
    fn sizes_name_their_limits() {
        assert_eq!(parse_size("12x3").unwrap(), Size::new(12, 3));
        assert_eq!(parse_size("100000").unwrap_err().1, "--size 100000: each side must be from 1 to 10000");
        assert_eq!(parse_size("2000x2000").unwrap_err().1, "--size 2000x2000: at most 1000000 cells");
        assert_eq!(parse_size("0x3").unwrap_err().1, "--size 0x3: expected N or WxH with positive whole numbers");
        assert_eq!(parse_size("3y").unwrap_err().1, "--size 3y: expected N or WxH with positive whole numbers");
    }
}
