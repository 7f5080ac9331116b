//! Snapshot tests over `fixtures/hitori/*.ron`: one report per file, with the solver's
//! answer (replayed through the rules) and the human-style grade.

use hitori::fixture::FixtureFile;
use hitori::rules::is_solution;
use hitori::solver::{Options, brute_force, solve};
use serde::Serialize;

/// What a puzzle fixture pins down.
#[derive(Serialize)]
struct PuzzleReport {
    name: String,
    size: String,
    largest_number: u32,
    /// Rows and columns in which some number repeats (the lines that need shading).
    lines_with_repeats: usize,
    rows: Vec<String>,
    /// `unique`, `multiple` or `none`.
    answer: String,
    /// The solution(s) the solver printed, in the solution text format.
    solutions: Vec<Vec<String>>,
    /// The human-style grade and the number of steps of its walkthrough.
    difficulty: String,
    steps: usize,
    first_step: Option<String>,
}

fn has_repeat(values: impl Iterator<Item = u32>) -> bool {
    let mut seen = std::collections::HashSet::new();
    values.into_iter().any(|v| !seen.insert(v))
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/hitori", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let report: Vec<PuzzleReport> = file
            .puzzles
            .iter()
            .map(|np| {
                let p = &np.puzzle;
                let g = p.numbers();
                let rows = g.rows().filter(|r| has_repeat(r.iter().copied())).count();
                let cols = (0..g.width()).filter(|&x| has_repeat(g.rows().map(|r| r[x]))).count();
                let answer = solve(p, &Options::default()).outcome.into_answer().expect("no budget, an answer");
                for s in answer.solutions() {
                    assert!(is_solution(p, s), "{}", np.name);
                }
                if g.len() <= 25 {
                    let expected = match brute_force(p, 2).len() {
                        0 => "none",
                        1 => "unique",
                        _ => "multiple",
                    };
                    assert_eq!(answer.class(), expected, "{}", np.name);
                }
                let walk = hitori::steps::walkthrough(p);
                PuzzleReport {
                    name: np.name.clone(),
                    size: format!("{}x{}", g.width(), g.height()),
                    largest_number: g.cells().iter().copied().max().unwrap_or(0),
                    lines_with_repeats: rows + cols,
                    rows: p.rows(),
                    answer: answer.class().to_string(),
                    solutions: answer
                        .solutions()
                        .iter()
                        .map(|s| p.format_solution(s).lines().map(str::to_string).collect())
                        .collect(),
                    difficulty: walk.difficulty.to_string(),
                    steps: walk.steps.len(),
                    first_step: walk.steps.first().map(ToString::to_string),
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

/// A fixture puzzle's code, pinned.
#[derive(Serialize)]
struct CodeReport {
    name: String,
    code: String,
}

/// The code of each fixture puzzle: a change to the code format fails here unless it is a
/// new version (and the old version still decodes, see below).
#[test]
fn codes() {
    insta::glob!("../../../fixtures/hitori", "*.ron", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file: FixtureFile = engine::from_ron(&text).unwrap();
        let report: Vec<CodeReport> = file
            .puzzles
            .iter()
            .map(|np| {
                let code = hitori::code::encode(&np.puzzle).unwrap();
                assert_eq!(hitori::code::decode(&code).unwrap(), np.puzzle, "{}", np.name);
                CodeReport { name: np.name.clone(), code }
            })
            .collect();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => stem }, {
            insta::assert_ron_snapshot!(report);
        });
    });
}

/// Version-1 codes written down once: they decode to the same puzzles for ever, whatever
/// the fixtures become.
#[test]
fn version_1_codes_decode_for_ever() {
    let known = [
        ("hitori:1:SQgm6", "1 1\n1 2\n"),
        ("hitori:1:acEg6v", "3 1 2\n1 3 3\n"),
        ("hitori:1:EYAe-", "1 1 1 1 1 1 1 1\n"),
        ("hitori:1:IQjxww48QL", "2 4 3 1\n4 3 1 2\n3 1 2 4\n1 2 4 3\n"),
    ];
    for (code, text) in known {
        assert_eq!(hitori::code::decode(code).unwrap().to_string(), text, "{code}");
    }
}
