//! Snapshot tests over `fixtures/shisen/*.ron`: one report per file. Each board's
//! expectations (connection lengths, solvability) are asserted, its code pinned and
//! decoded, every witness is replayed through the game rules, and small boards are checked
//! against brute force.

use engine::Coord;
use engine::Outcome;
use serde::Serialize;
use shisen::fixture::FixtureFile;
use shisen::solver::{self, Answer, Options};

/// What a board fixture pins down.
#[derive(Serialize)]
struct BoardReport {
    name: String,
    size: String,
    tiles: usize,
    gravity: bool,
    /// The board as printed back: must equal the fixture's rows.
    rows: Vec<String>,
    /// The puzzle code of the board and its gravity flag: pinned, since a code never
    /// changes (a new format is a new version; `tests/code.rs` keeps the old ones decoding).
    code: String,
    /// Each query: `x1,y1 x2,y2 -> <len> <corners>` or `-> none`.
    queries: Vec<String>,
    /// Every removable pair, as `shisen pairs` prints it.
    pairs: Vec<String>,
    /// `solvable`, `unsolvable` or `unknown`.
    solver: String,
    /// The witness, as `shisen solve` prints it.
    moves: Vec<String>,
}

fn xy(c: Coord) -> String {
    format!("{},{}", c.x, c.y)
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/shisen", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let report: Vec<BoardReport> = file
            .boards
            .iter()
            .map(|nb| {
                let b = &nb.board;
                let queries = nb
                    .queries
                    .iter()
                    .map(|q| {
                        let (a, c) = (Coord::new(q.a.0, q.a.1), Coord::new(q.b.0, q.b.1));
                        let ours = shisen::path::shortest_path(b, a, c);
                        let reference = shisen::path::reference::shortest_path(b, a, c);
                        assert_eq!(ours.map(|p| p.length()), q.length, "{}: {q:?}", nb.name);
                        assert_eq!(reference.map(|p| p.length()), q.length, "{}: {q:?} (reference)", nb.name);
                        match ours {
                            Some(p) => format!("{} {} -> {} {}", xy(a), xy(c), p.length(), p.corners_text()),
                            None => format!("{} {} -> none", xy(a), xy(c)),
                        }
                    })
                    .collect();
                let pairs = shisen::path::removable_pairs(b)
                    .iter()
                    .map(|p| format!("{} {} {} {}", xy(p.a), xy(p.b), p.path.length(), p.path.corners_text()))
                    .collect();
                let report = solver::solve(b, &Options::default().with_gravity(nb.gravity));
                let answer = report.outcome.answer().cloned();
                let moves: Vec<String> = match &answer {
                    Some(Answer::Solvable(moves)) => {
                        let end = solver::replay(b, nb.gravity, moves).unwrap();
                        assert!(end.is_cleared(), "{}", nb.name);
                        moves.iter().map(|&(a, c)| format!("{} {}", xy(a), xy(c))).collect()
                    }
                    _ => Vec::new(),
                };
                if let Some(expected) = nb.solvable {
                    assert_eq!(matches!(answer, Some(Answer::Solvable(_))), expected, "{}", nb.name);
                    assert!(matches!(report.outcome, Outcome::Proved(_)), "{}", nb.name);
                }
                if b.tile_count() <= 12 {
                    let brute = solver::brute_force(b, nb.gravity);
                    assert_eq!(brute.is_some(), matches!(answer, Some(Answer::Solvable(_))), "{}", nb.name);
                }
                let code = shisen::code::encode(b, nb.gravity).unwrap();
                let coded = shisen::code::decode(&code).unwrap();
                assert_eq!((coded.board().to_string(), coded.gravity()), (b.to_string(), nb.gravity), "{}", nb.name);
                BoardReport {
                    name: nb.name.clone(),
                    size: format!("{}x{}", b.width(), b.height()),
                    tiles: b.tile_count(),
                    gravity: nb.gravity,
                    rows: b.rows(),
                    code,
                    queries,
                    pairs,
                    solver: answer.as_ref().map_or("unknown", Answer::word).to_string(),
                    moves,
                }
            })
            .collect();
        // Name snapshots after their fixture file, however many files there are.
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => stem }, {
            insta::assert_ron_snapshot!(report);
        });
    });
}

/// The generated fixture files are what the generator makes today (the deal for a seed
/// has not changed).
#[test]
fn generated_fixtures_are_up_to_date() {
    for (name, text) in shisen::fixture::generated() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/shisen").join(&name);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name}");
    }
}
