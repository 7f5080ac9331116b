//! The solver's behaviour, pinned: for each level below, solved on one thread under a node
//! limit (so the work is the same on every run), the outcome, the par (or the proven lower
//! bound), the number of search nodes and the moves found. The levels are the fixture files
//! (`fixtures/kami/`: hand-made, generated and designed levels) and some of the generated
//! levels of `benches/generated/` (3 to 5 colours, 50 to 130 regions), each proved within
//! [`LIMIT`] nodes, and five searches that run out of nodes first (the lower bound and the
//! best solution found then, by the beam searches or greedy play): the 190-region fixture
//! level, two of the deep set (`benches/deep/`, 190 regions, par 13 and 14) and two
//! generated levels of 130 regions. Every case takes well under a second in the test profile.
//!
//! Any change to the search order, the bounds, the pruning or the budget shows up here as a
//! different node count or other moves. A change that is meant to alter them updates the
//! table, with a note on the entry saying why. To print the table as the code gives it
//! now, run `KAMI_PIN_PRINT=1 cargo test -p kami --test pinned -- --nocapture`.

use kami::fixture::FixtureFile;
use kami::{Level, Options};

/// The node limit of the searches that prove their par.
const LIMIT: u64 = 3_000_000;

/// A level to solve: where it comes from, the name of the level in it (fixture files) or
/// the file's stem (`benches/` directories), and the node limit.
struct Case {
    source: &'static str,
    name: &'static str,
    limit: u64,
    pin: Pin,
}

/// What the solver gives on a [`Case`].
#[derive(Debug, PartialEq, Eq)]
struct Pin {
    /// Whether the par was proved (`false`: the budget ran out).
    proved: bool,
    /// The par, or the lower bound proven when the budget ran out.
    par: u32,
    /// Search nodes counted in the report.
    nodes: u64,
    /// The moves (the optimal solution, or the best found), `;`-separated.
    moves: &'static str,
}

/// Reads the level of a case.
fn level(source: &str, name: &str) -> Level {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if let Some(file) = source.strip_prefix("fixtures/") {
        let path = root.join("../fixtures/kami").join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let fixtures: FixtureFile = engine::from_ron(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        fixtures
            .levels
            .into_iter()
            .find(|l| l.name.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("{}: no level named {name}", path.display()))
    } else {
        let path = root.join(source).join(format!("{name}.txt"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Level::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }
}

/// Solves a case's level on one thread under its node limit.
fn run(source: &str, name: &str, limit: u64) -> (Pin, String) {
    let level = level(source, name);
    let options = Options::default().with_threads(1).with_budget(engine::Budget::default().with_node_limit(limit));
    let report = kami::solve(&level, &options).unwrap_or_else(|e| panic!("{source} {name}: {e}"));
    let (proved, par, moves) = match report.outcome {
        engine::Outcome::Proved(moves) => (true, moves.len() as u32, moves),
        engine::Outcome::GaveUp { proven, .. } => (false, proven.lower_bound, proven.best.unwrap_or_default()),
        engine::Outcome::Found(moves) => panic!("{source} {name}: the solver reports Found({moves:?})"),
    };
    let end = kami::game::replay(&level, &moves).unwrap_or_else(|e| panic!("{source} {name}: {e}"));
    assert!(kami::game::is_solved(&end), "{source} {name}: the moves do not solve the level");
    if proved {
        assert!(level.par.is_none_or(|p| p == par), "{source} {name}: par {par}, the level says {:?}", level.par);
    }
    let moves = moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(";");
    (Pin { proved, par, nodes: report.stats.nodes, moves: "" }, moves)
}

macro_rules! case {
    ($source:literal, $name:literal, $limit:expr, $proved:literal, $par:literal, $nodes:literal, $moves:literal) => {
        Case {
            source: $source,
            name: $name,
            limit: $limit,
            pin: Pin { proved: $proved, par: $par, nodes: $nodes, moves: $moves },
        }
    };
}

/// The pinned table.
#[rustfmt::skip]
const CASES: &[Case] = &[
    case!("fixtures/handmade.ron", "one colour", LIMIT, true, 0, 1, ""),
    case!("fixtures/handmade.ron", "two stripes", LIMIT, true, 1, 2, "0 0 1"),
    case!("fixtures/handmade.ron", "islands", LIMIT, true, 2, 6, "0 1 0;0 3 0"),
    case!("fixtures/handmade.ron", "three colours with a palette", LIMIT, true, 5, 8, "0 1 2;0 1 0;0 1 1;0 1 0;0 1 2"),
    case!("fixtures/generated.ron", "generated 6x5, 2 colours, 6 regions, seed 1", LIMIT, true, 2, 3, "0 3 0;0 3 1"),
    case!("fixtures/generated.ron", "generated 8x6, 3 colours, 12 regions, seed 2", LIMIT, true, 3, 4, "2 3 0;2 3 2;2 3 1"),
    case!("fixtures/generated.ron", "generated 10x8, 4 colours, 16 regions, seed 3", LIMIT, true, 5, 25, "0 0 2;0 3 2;0 3 0;0 3 1;0 3 3"),
    case!("fixtures/generated.ron", "generated 29x10, 3 colours, 24 regions, seed 4", LIMIT, true, 4, 8, "7 5 2;7 5 1;7 5 2;1 5 2"),
    case!("fixtures/generated.ron", "generated 29x10, 4 colours, 30 regions, seed 5", LIMIT, true, 5, 24, "11 3 0;11 3 2;11 3 3;11 3 0;9 0 0"),
    case!("fixtures/generated.ron", "generated 29x10, 5 colours, 30 regions, seed 6", LIMIT, true, 7, 173, "13 6 1;13 6 3;13 6 2;13 6 0;13 6 4;13 6 1;13 6 3"),
    case!("fixtures/generated.ron", "generated 29x10, 4 colours, 100 regions, seed 2", LIMIT, true, 7, 18215, "13 3 2;13 3 1;13 3 2;13 3 0;13 3 3;13 3 1;13 3 2"),
    case!("fixtures/generated.ron", "generated 29x10, 3 colours, 190 regions, seed 1", 5_000, false, 13, 5001, "16 6 2;16 6 0;16 6 1;16 6 0;16 6 2;16 6 1;16 6 0;16 6 2;16 6 0;16 6 2;16 6 0;16 6 1;16 6 2;16 6 0;16 6 1;16 6 2;0 5 2"),
    case!("fixtures/designed.ron", "designed 29x10, 3 colours, 4 un-moves, seed 100", LIMIT, true, 4, 13, "0 5 0;1 1 0;24 5 0;24 5 2"),
    case!("fixtures/designed.ron", "designed 29x10, 4 colours, 5 un-moves, seed 101", LIMIT, true, 5, 7, "0 2 1;9 0 1;9 0 2;9 0 0;9 0 1"),
    case!("fixtures/designed.ron", "designed 29x10, 5 colours, 6 un-moves, seed 102", LIMIT, true, 6, 11, "0 0 4;0 0 3;14 2 3;14 2 2;14 2 1;14 2 0"),
    case!("fixtures/designed.ron", "designed 29x10, 3 colours, 7 un-moves, seed 103", LIMIT, true, 7, 490, "11 7 2;11 7 0;11 7 1;4 8 1;8 8 1;8 8 0;8 8 2"),
    case!("fixtures/designed.ron", "designed 29x10, 3 colours, 10 un-moves, seed 106", LIMIT, true, 7, 158, "0 5 1;10 5 1;14 7 1;14 7 2;24 6 2;24 6 0;24 6 1"),
    case!("benches/generated", "k3-n50-seed01", LIMIT, true, 5, 81, "0 4 2;0 4 0;0 4 1;0 4 0;0 4 2"),
    case!("benches/generated", "k4-n60-seed03", LIMIT, true, 6, 353, "0 5 3;18 1 3;18 1 1;27 8 1;27 8 0;27 8 2"),
    case!("benches/generated", "k5-n60-seed03", LIMIT, true, 6, 96, "0 0 1;0 0 2;0 0 1;0 0 0;0 0 3;0 0 4"),
    case!("benches/generated", "k3-n100-seed09", LIMIT, true, 8, 15237, "6 1 2;6 1 1;6 1 0;6 1 2;6 1 0;24 1 0;24 1 1;24 1 0"),
    case!("benches/generated", "k4-n100-seed06", LIMIT, true, 8, 39466, "6 3 3;13 5 3;13 5 1;13 5 2;13 5 0;13 5 3;13 5 1;13 5 0"),
    case!("benches/generated", "k5-n100-seed02", LIMIT, true, 8, 31519, "3 6 2;24 9 2;24 9 1;0 3 1;0 3 0;0 3 3;0 3 1;0 3 4"),
    case!("benches/generated", "k3-n130-seed01", LIMIT, true, 8, 445, "10 5 0;10 5 1;10 5 2;10 5 0;10 5 1;10 5 2;10 5 0;10 5 1"),
    case!("benches/generated", "k4-n130-seed07", LIMIT, true, 8, 19567, "7 4 0;7 4 2;7 4 1;7 4 2;7 4 3;7 4 1;7 4 2;7 4 0"),
    case!("benches/generated", "k5-n100-seed10", LIMIT, true, 7, 14739, "3 2 1;3 2 3;3 2 2;3 2 0;3 2 1;3 2 0;3 2 1"),
    case!("benches/generated", "k3-n130-seed09", LIMIT, true, 8, 1195, "4 3 0;10 5 0;10 5 1;10 5 0;10 5 2;10 5 1;10 5 0;10 5 1"),
    case!("benches/deep", "k3-n190-seed02", 5_000, false, 12, 5001, "4 2 2;4 2 1;4 2 2;4 2 0;4 2 2;4 2 0;4 2 2;4 2 1;4 2 0;4 2 2;4 2 0;4 2 2;4 2 0;4 2 1;4 2 2;4 2 0;4 2 2;4 2 1;4 2 2;4 2 1;4 2 0;4 2 2"),
    case!("benches/deep", "k3-n190-seed05", 3_000, false, 12, 3001, "15 2 2;15 2 0;15 2 2;15 2 1;15 2 2;15 2 0;15 2 2;15 2 0;15 2 1;15 2 2;15 2 0;15 2 2;15 2 0;15 2 1;15 2 2;0 0 2"),
    case!("benches/generated", "k4-n130-seed02", 20_000, false, 9, 20001, "10 6 2;4 2 2;4 2 0;4 2 2;4 2 1;4 2 0;4 2 2;4 2 3;1 6 1;1 6 0;1 6 2;4 2 0;1 6 1;1 6 0"),
    case!("benches/generated", "k5-n130-seed02", 20_000, false, 10, 20001, "18 7 3;0 7 3;18 7 0;18 7 3;18 7 1;18 7 3;18 7 0;18 7 1;18 7 3;18 7 0;18 7 3;18 7 1;18 7 3;18 7 4;18 7 1;15 2 1"),
];

#[test]
fn the_pinned_levels_give_the_same_par_moves_and_nodes() {
    let print = std::env::var_os("KAMI_PIN_PRINT").is_some();
    let mut differences = Vec::new();
    for case in CASES {
        let started = std::time::Instant::now();
        let (got, moves) = run(case.source, case.name, case.limit);
        if print {
            eprintln!("{} {}: {:?}", case.source, case.name, started.elapsed());
        }
        let limit = if case.limit == LIMIT { "LIMIT".to_string() } else { format!("{}", case.limit) };
        if print {
            println!(
                "    case!({:?}, {:?}, {limit}, {}, {}, {}, {:?}),",
                case.source, case.name, got.proved, got.par, got.nodes, moves
            );
        }
        let same = (got.proved, got.par, got.nodes, moves.as_str())
            == (case.pin.proved, case.pin.par, case.pin.nodes, case.pin.moves);
        if !same {
            differences.push(format!(
                "{} {}: pinned {:?}, got proved {} par {} nodes {} moves {moves:?}",
                case.source, case.name, case.pin, got.proved, got.par, got.nodes
            ));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn the_pinned_table_covers_generated_designed_and_deep_levels() {
    assert!(CASES.len() >= 20);
    let from = |prefix: &str| CASES.iter().filter(|c| c.source.starts_with(prefix)).count();
    assert!(from("fixtures/generated") >= 5 && from("benches/generated") >= 5);
    assert!(from("fixtures/designed") >= 3);
    assert!(from("benches/deep") >= 1);
    assert!(CASES.iter().filter(|c| !c.pin.proved).count() >= 2);
}
