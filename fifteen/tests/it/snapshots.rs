//! Snapshot tests over `fixtures/fifteen/*.ron`: one report per file. Every answer in a
//! report is computed here and checked: solutions are replayed to the goal, the optimal
//! length is compared across heuristics and against the fast solver.

use engine::{Budget, Outcome};
use fifteen::fast::solve_fast;
use fifteen::fixture::{FixtureFile, NamedBoard};
use fifteen::solvable::{goal_board, is_reachable, reference};
use fifteen::{Answer, Board, Goal, Heuristic, Move, Options, Puzzle, solve};
use serde::Serialize;

/// What a board fixture pins down.
#[derive(Serialize)]
struct BoardReport {
    name: String,
    size: String,
    goal: String,
    /// Blank position as `x,y`.
    blank: String,
    /// `solvable`, `unsolvable`, or why the goal does not fit.
    solvable: String,
    /// The optimal solution on boards of at most 16 cells: `<length> <moves>`.
    optimal: Option<String>,
    /// Length of the fast solver's (replayed) solution.
    fast_length: Option<usize>,
}

/// What a goal-layout fixture pins down: the layout as rows.
#[derive(Serialize)]
struct GoalReport {
    goal: String,
    size: String,
    rows: Vec<String>,
}

#[derive(Serialize)]
struct Report {
    boards: Vec<BoardReport>,
    goals: Vec<GoalReport>,
}

fn rows(b: &Board) -> Vec<String> {
    b.tiles().chunks(b.width()).map(|r| r.iter().map(|t| format!("{t:>2}")).collect::<Vec<_>>().join(" ")).collect()
}

fn replay(board: &Board, moves: &[Move], goal: &Board) {
    let mut b = board.clone();
    b.replay(moves).unwrap();
    assert_eq!(&b, goal, "a solution of {board} does not reach the goal");
}

fn board_report(nb: &NamedBoard) -> BoardReport {
    let board = &nb.board;
    let goal_spec = nb.goal.clone().unwrap_or(Goal::BlankLast);
    let mut report = BoardReport {
        name: nb.name.clone(),
        size: format!("{}x{}", board.width(), board.height()),
        goal: goal_spec.label(),
        blank: board.coord(board.blank()).to_string(),
        solvable: String::new(),
        optimal: None,
        fast_length: None,
    };
    let goal = match goal_board(board, &goal_spec) {
        Ok(g) => g,
        Err(e) => {
            report.solvable = e.to_string();
            return report;
        }
    };
    let solvable = is_reachable(board, &goal);
    if board.width() > 1 && board.height() > 1 {
        assert_eq!(reference(board.tiles(), goal.tiles(), board.width()), solvable, "{}", nb.name);
    }
    report.solvable = if solvable { "solvable" } else { "unsolvable" }.to_string();
    let fast = solve_fast(board, &goal).unwrap();
    assert_eq!(fast.is_some(), solvable);
    if let Some(moves) = &fast {
        replay(board, moves, &goal);
        report.fast_length = Some(moves.len());
    }
    if board.tiles().len() <= 16 {
        let puzzle = Puzzle::new(board.clone(), goal.clone()).unwrap();
        let lc = solve(&puzzle, &Options::default()).unwrap().outcome;
        let md = Options::default()
            .with_heuristic(Heuristic::Manhattan)
            .with_budget(Budget::default().with_node_limit(2_000_000));
        match (&lc, solve(&puzzle, &md).unwrap().outcome) {
            (Outcome::Proved(Answer::Moves(a)), Outcome::Proved(Answer::Moves(b))) => {
                assert_eq!(a.len(), b.len(), "{}", nb.name);
            }
            (Outcome::Proved(Answer::Unsolvable), other) => assert_eq!(other, Outcome::Proved(Answer::Unsolvable)),
            (_, Outcome::GaveUp { .. }) => {}
            (a, b) => panic!("{}: {a:?} vs {b:?}", nb.name),
        }
        if let Outcome::Proved(Answer::Moves(moves)) = &lc {
            replay(board, moves, &goal);
            assert!(moves.len() <= report.fast_length.unwrap_or(usize::MAX));
            report.optimal = Some(format!("{} {}", moves.len(), Move::format_all(moves)));
        }
    }
    report
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/fifteen", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let report = Report {
            boards: file.boards.iter().map(board_report).collect(),
            goals: file
                .goals
                .iter()
                .map(|g| {
                    // The layout is recomputed from the goal's name and size, and must be
                    // the one the fixture holds.
                    let (w, h) = (g.layout.width(), g.layout.height());
                    let layout = g.goal.layout(w, h).unwrap();
                    assert_eq!(layout, g.layout, "{} {w}x{h}", g.goal.label());
                    GoalReport { goal: g.goal.label(), size: format!("{w}x{h}"), rows: rows(&layout) }
                })
                .collect(),
        };
        // Name snapshots after their fixture file, however many files there are.
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => stem }, {
            insta::assert_ron_snapshot!(report);
        });
    });
}

#[test]
fn generated_fixture_files_are_up_to_date() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/fifteen");
    for (name, text) in fifteen::fixture::generated() {
        let on_disk = std::fs::read_to_string(dir.join(&name)).unwrap();
        assert_eq!(on_disk, text, "{name} differs from what `cargo xtask fixtures` writes");
    }
}

/// The code of each fixture puzzle (the board toward its goal; each goal layout toward its
/// goal), pinned: a change to the code format fails here unless it is a new version.
#[derive(Serialize)]
struct CodeReport {
    /// `name: code` for each board, or why the goal does not fit it.
    boards: Vec<String>,
    /// `goal WxH: code` for each goal layout.
    goals: Vec<String>,
}

#[test]
fn fixture_codes() {
    insta::glob!("../../../fixtures/fifteen", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let coded = |board: &Board, goal: &Goal| match fifteen::code::encode(board, goal) {
            Ok(code) => {
                let back = fifteen::code::decode(&code).unwrap();
                assert_eq!((back.board(), back.goal()), (board, goal), "{code}");
                code
            }
            Err(e) => format!("no code: {e}"),
        };
        let report = CodeReport {
            boards: file
                .boards
                .iter()
                .map(|nb| format!("{}: {}", nb.name, coded(&nb.board, nb.goal.as_ref().unwrap_or(&Goal::BlankLast))))
                .collect(),
            goals: file
                .goals
                .iter()
                .map(|g| {
                    let (w, h) = (g.layout.width(), g.layout.height());
                    format!("{} {w}x{h}: {}", g.goal.label(), coded(&g.layout, &g.goal))
                })
                .collect(),
        };
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => stem }, {
            insta::assert_ron_snapshot!(report);
        });
    });
}

/// What the solver says about each goal layout of `goals.ron`, recomputed here: whether
/// the blank-last layout of its size slides into it, and on boards of at most 9 cells the
/// optimal length (its solution replayed to the layout) and the fast solver's.
#[derive(Serialize)]
struct GoalDistance {
    goal: String,
    size: String,
    reachable_from_blank_last: bool,
    optimal_from_blank_last: Option<usize>,
    fast_from_blank_last: Option<usize>,
}

#[test]
fn goal_layouts_from_blank_last() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/fifteen/goals.ron");
    let file: FixtureFile = engine::from_ron(&std::fs::read_to_string(path).unwrap()).unwrap();
    let report: Vec<GoalDistance> = file
        .goals
        .iter()
        .map(|g| {
            let (w, h) = (g.layout.width(), g.layout.height());
            let start = Goal::BlankLast.layout(w, h).unwrap();
            let target = g.goal.layout(w, h).unwrap();
            let reachable = is_reachable(&start, &target);
            let fast = solve_fast(&start, &target).unwrap();
            assert_eq!(fast.is_some(), reachable);
            if let Some(moves) = &fast {
                replay(&start, moves, &target);
            }
            let optimal = (reachable && w * h <= 9).then(|| {
                let puzzle = Puzzle::new(start.clone(), target.clone()).unwrap();
                let outcome = solve(&puzzle, &Options::default()).unwrap().outcome;
                let Outcome::Proved(Answer::Moves(moves)) = outcome else { panic!("{outcome:?}") };
                replay(&start, &moves, &target);
                moves.len()
            });
            GoalDistance {
                goal: g.goal.label(),
                size: format!("{w}x{h}"),
                reachable_from_blank_last: reachable,
                optimal_from_blank_last: optimal,
                fast_from_blank_last: fast.as_ref().filter(|_| w * h <= 9).map(Vec::len),
            }
        })
        .collect();
    insta::assert_ron_snapshot!(report);
}
