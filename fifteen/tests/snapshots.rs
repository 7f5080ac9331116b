//! Snapshot tests over `fixtures/fifteen/*.ron`: one report per file.

use fifteen::fixture::FixtureFile;
use fifteen::{Board, Goal};
use serde::Serialize;

/// What a board fixture pins down.
#[derive(Serialize)]
struct BoardReport {
    name: String,
    size: String,
    /// Blank position as `x,y`.
    blank: String,
    /// Whether the board already is the blank-last goal.
    is_blank_last_goal: bool,
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

#[test]
fn fixtures() {
    insta::glob!("../../fixtures/fifteen", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let report = Report {
            boards: file
                .boards
                .iter()
                .map(|nb| BoardReport {
                    name: nb.name.clone(),
                    size: format!("{}x{}", nb.board.width(), nb.board.height()),
                    blank: nb.board.coord(nb.board.blank()).to_string(),
                    is_blank_last_goal: Goal::BlankLast.layout(nb.board.width(), nb.board.height()).as_ref()
                        == Ok(&nb.board),
                })
                .collect(),
            goals: file
                .goals
                .iter()
                .map(|g| GoalReport {
                    goal: g.goal.to_string(),
                    size: format!("{}x{}", g.layout.width(), g.layout.height()),
                    rows: rows(&g.layout),
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
