//! Every call into the `hitori` crate: generating unique puzzles by size and difficulty,
//! checking a shading against the rules, the next deduction (with its rule) and the
//! solution.

use engine::{Budget, Coord, Grid, Outcome, SeededRng, SizeLimits};
use hitori::game::State;
use hitori::generate::{GenerateError, Spec};
use hitori::rules::{Violation, is_solution};
use hitori::solver;
use hitori::steps::Difficulty;
use hitori::{Cell, Puzzle as Board};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Sides the page offers.
const SIZES: SizeLimits = SizeLimits::new(5, 25).square_shorthand();
/// The largest puzzle the other calls take.
const MAX_SIDE: usize = 25;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewRequest {
    size: String,
    #[serde(default)]
    seed: Option<u64>,
    /// `easy`, `medium`, `hard` or `any` (the default).
    #[serde(default)]
    difficulty: Option<String>,
}

#[derive(Serialize)]
pub(crate) struct Puzzle {
    width: usize,
    height: usize,
    /// The numbers, one row per line, separated by one space.
    rows: Vec<String>,
    /// The seed that made it (`null` for a puzzle opened from its code).
    seed: Option<u64>,
    /// The asked difficulty (`any` when none was asked).
    difficulty: String,
    /// The grade of the puzzle made.
    grade: String,
    /// The puzzle's code (`hitori:1:…`): what the share link carries.
    code: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PuzzleRequest {
    rows: Vec<String>,
}

/// A puzzle and the player's marks: one string per row, one character per cell: `#`
/// shaded, `o` circled (kept), `.` not decided.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StatesRequest {
    rows: Vec<String>,
    states: Vec<String>,
}

#[derive(Serialize)]
pub(crate) struct Broken {
    /// The rule broken, as the library words it.
    message: String,
    /// The cells that break it.
    cells: Vec<[i32; 2]>,
}

#[derive(Serialize)]
pub(crate) struct CheckReply {
    violations: Vec<Broken>,
    /// Whether the shaded cells are the puzzle's solution.
    solved: bool,
}

#[derive(Serialize)]
pub(crate) struct Hint {
    cell: [i32; 2],
    /// `shaded` or `unshaded`.
    state: &'static str,
    /// The rule's name.
    rule: &'static str,
    /// The whole deduction in words.
    text: String,
}

#[derive(Serialize)]
pub(crate) struct HintReply {
    /// The easiest next deduction, or `null` when the rules find none (or the marks break
    /// a rule).
    hint: Option<Hint>,
}

#[derive(Serialize)]
pub(crate) struct SolveReply {
    /// `unique`, `multiple`, `none` or `unknown`.
    class: &'static str,
    /// A solution as marks (`#` shaded, `o` kept), when one was found.
    solution: Option<Vec<String>>,
}

fn puzzle_of(rows: &[String]) -> Result<Board, ApiError> {
    if rows.len() > MAX_SIDE {
        return Err(ApiError::bad(format!("a puzzle has at most {MAX_SIDE} rows")));
    }
    let puzzle = Board::parse(&rows.join("\n")).map_err(|e| ApiError::bad(format!("puzzle: {e}")))?;
    if puzzle.width() > MAX_SIDE {
        return Err(ApiError::bad(format!("a puzzle has at most {MAX_SIDE} columns")));
    }
    Ok(puzzle)
}

fn states_of(puzzle: &Board, rows: &[String]) -> Result<State, ApiError> {
    let (w, h) = (puzzle.width(), puzzle.height());
    if rows.len() != h || rows.iter().any(|r| r.chars().count() != w) {
        return Err(ApiError::bad(format!("states must be {h} rows of {w} characters")));
    }
    let mut cells = Vec::with_capacity(w * h);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            cells.push(match ch {
                '#' => Cell::Shaded,
                'o' => Cell::Unshaded,
                '.' => Cell::Unknown,
                other => {
                    return Err(ApiError::bad(format!("states: {other:?} at row {y}, column {x} is not #, o or .")));
                }
            });
        }
    }
    Grid::from_vec(w, h, cells)
        .ok()
        .and_then(State::from_grid)
        .ok_or_else(|| ApiError::bad(format!("states must be {h} rows of {w} characters")))
}

fn xy(c: Coord) -> [i32; 2] {
    [c.x, c.y]
}

/// A validated `new` request: the size, the difficulty asked (by name and as a
/// difficulty) and the seed.
pub(crate) struct NewWork {
    size: engine::Size,
    asked: String,
    difficulty: Option<Difficulty>,
    seed: u64,
}

/// Reads a `new` request (its size and difficulty) before it may wait for a thread.
pub(crate) fn read_new(req: &NewRequest) -> Result<NewWork, ApiError> {
    let size = crate::error::parse_size(&req.size, &SIZES)?;
    let asked = req.difficulty.as_deref().unwrap_or("any");
    let difficulty = match asked {
        "any" => None,
        name => Some(name.parse::<Difficulty>().map_err(|e| ApiError::bad(format!("difficulty: {e}, or any")))?),
    };
    Ok(NewWork { size, asked: asked.to_string(), difficulty, seed: req.seed.unwrap_or_else(crate::fresh_seed) })
}

pub(crate) fn new(work: &NewWork, budget: &Budget) -> Result<Puzzle, ApiError> {
    let (size, difficulty, seed) = (work.size, work.difficulty, work.seed);
    let mut spec = Spec::default().with_size(size);
    if let Some(d) = difficulty {
        spec = spec.with_difficulty(d);
    }
    let puzzle = match hitori::generate_within(&spec, &mut SeededRng::new(seed), budget) {
        Ok(puzzle) => puzzle,
        Err(GenerateError::GaveUp { reason }) => return Err(ApiError::stopped(reason)),
        Err(e) => return Err(ApiError::unprocessable(e.to_string())),
    };
    reply(&puzzle, Some(seed), work.asked.clone())
}

/// The answer for `puzzle`: its rows, grade and code.
fn reply(puzzle: &Board, seed: Option<u64>, difficulty: String) -> Result<Puzzle, ApiError> {
    Ok(Puzzle {
        width: puzzle.width(),
        height: puzzle.height(),
        rows: puzzle.rows(),
        seed,
        difficulty,
        grade: hitori::steps::grade(puzzle).to_string(),
        code: hitori::code::encode(puzzle).map_err(crate::codes::bad_code)?,
    })
}

/// Reads a code's puzzle before it may wait for a thread: `400` for a bad code or a
/// puzzle larger than the page plays.
pub(crate) fn read_code(req: &crate::codes::CodeRequest) -> Result<Board, ApiError> {
    let puzzle = hitori::code::decode(crate::codes::code_of(req)?).map_err(crate::codes::bad_code)?;
    if puzzle.width() > MAX_SIDE || puzzle.height() > MAX_SIDE {
        return Err(ApiError::bad(format!(
            "code: a {}x{} puzzle; the playground plays up to {MAX_SIDE}x{MAX_SIDE}",
            puzzle.width(),
            puzzle.height()
        )));
    }
    Ok(puzzle)
}

/// The puzzle of a code, graded, as `new` answers.
pub(crate) fn open(puzzle: &Board) -> Result<Puzzle, ApiError> {
    reply(puzzle, None, "any".to_string())
}

pub(crate) fn check(req: &StatesRequest) -> Result<CheckReply, ApiError> {
    let puzzle = puzzle_of(&req.rows)?;
    let states = states_of(&puzzle, &req.states)?;
    let violations = hitori::rules::check(&puzzle, states.cells())
        .into_iter()
        .map(|v| {
            let cells = match &v {
                Violation::Repeated { cells, .. } => cells.iter().copied().map(xy).collect(),
                Violation::AdjacentShaded { first, second } => vec![xy(*first), xy(*second)],
                Violation::Disconnected { cut_off, .. } => vec![xy(*cut_off)],
                _ => Vec::new(),
            };
            Broken { message: v.to_string(), cells }
        })
        .collect();
    let shaded = states.cells().map(|&c| c == Cell::Shaded);
    Ok(CheckReply { violations, solved: is_solution(&puzzle, &shaded) })
}

/// Reads a request's puzzle and marks before it may wait for a thread.
pub(crate) fn read_states(req: &StatesRequest) -> Result<(Board, State), ApiError> {
    let puzzle = puzzle_of(&req.rows)?;
    let states = states_of(&puzzle, &req.states)?;
    Ok((puzzle, states))
}

/// Reads a request's puzzle before it may wait for a thread.
pub(crate) fn read_puzzle(req: &PuzzleRequest) -> Result<Board, ApiError> {
    puzzle_of(&req.rows)
}

pub(crate) fn hint(puzzle: &Board, states: &State) -> HintReply {
    HintReply {
        hint: hitori::hint(puzzle, states).map(|step| Hint {
            cell: xy(step.cell),
            state: if step.state == Cell::Shaded { "shaded" } else { "unshaded" },
            rule: step.rule.name(),
            text: step.to_string(),
        }),
    }
}

pub(crate) fn solve(puzzle: &Board, budget: &Budget) -> SolveReply {
    let report = solver::solve(puzzle, &solver::Options::default().with_budget(budget.clone()));
    let marks = |s: &Grid<bool>| -> Vec<String> {
        s.rows().map(|row| row.iter().map(|&shaded| if shaded { '#' } else { 'o' }).collect()).collect()
    };
    match &report.outcome {
        Outcome::Proved(answer) | Outcome::Found(answer) => {
            SolveReply { class: answer.class(), solution: answer.solutions().first().map(|s| marks(s)) }
        }
        Outcome::GaveUp { .. } => SolveReply { class: "unknown", solution: None },
    }
}
