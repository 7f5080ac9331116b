//! The JSON API and the pages, over real HTTP on the loopback.

use crate::common::{beside_others, get, ok, post, request, start};
use serde_json::{Value, json};

fn server() -> String {
    start(play::Config::default())
}

/// Asserts a JSON error answer with `status`; returns its message.
fn error(response: &crate::common::Response, status: u16) -> String {
    assert_eq!(response.status, status, "{}", response.body);
    assert!(response.content_type.starts_with("application/json"), "{}", response.content_type);
    response.json()["error"].as_str().expect("an error message").to_string()
}

#[test]
fn pages_carry_the_test_hooks_and_their_scripts() {
    let _beside = beside_others();
    let host = server();
    let home = get(&host, "/");
    assert_eq!(home.status, 200);
    for game in ["fifteen", "shisen", "hitori", "kami"] {
        assert!(home.body.contains(&format!("href=\"/{game}\"")), "{game}");
        let page = get(&host, &format!("/{game}"));
        assert_eq!(page.status, 200);
        assert!(page.content_type.starts_with("text/html"));
        for hook in [
            "data-testid=\"new\"",
            "data-testid=\"hint\"",
            "data-testid=\"undo\"",
            "data-testid=\"solve\"",
            "data-testid=\"status\"",
            "data-testid=\"share\"",
        ] {
            assert!(page.body.contains(hook), "/{game} lacks {hook}");
        }
        assert!(page.body.contains(&format!("/assets/{game}.js")));
        let script = get(&host, &format!("/assets/{game}.js"));
        assert_eq!(script.status, 200);
        assert!(script.content_type.starts_with("text/javascript"));
        assert!(script.body.contains("'data-testid': 'board'") || script.body.contains("data-testid=board"));
    }
    assert_eq!(get(&host, "/assets/nothing.js").status, 404);
    assert_eq!(get(&host, "/chess").status, 404);
}

#[test]
fn bad_requests_get_json_errors() {
    let _beside = beside_others();
    let host = server();
    let bad_json = request(&host, "POST", "/api/fifteen/new", "application/json", b"{\"size\":").unwrap();
    assert!(error(&bad_json, 400).contains("JSON"));
    let wrong_field = post(&host, "/api/fifteen/new", &json!({ "sise": "3x3" }));
    assert!(error(&wrong_field, 422).contains("sise"));
    let no_type = request(&host, "POST", "/api/fifteen/new", "text/plain", b"{}").unwrap();
    error(&no_type, 415);
    assert!(error(&post(&host, "/api/chess/new", &json!({})), 404).contains("unknown game \"chess\""));
    assert!(error(&post(&host, "/api/kami/teleport", &json!({})), 404).contains("kami has no endpoint"));
    error(&get(&host, "/api/kami/new"), 405);
    let huge = format!("{{\"text\": \"{}\"}}", "0".repeat(100_000));
    error(&request(&host, "POST", "/api/kami/level", "application/json", huge.as_bytes()).unwrap(), 413);
    // Boards too large for the page, and malformed ones.
    assert!(error(&post(&host, "/api/fifteen/new", &json!({ "size": "9x9" })), 400).contains("size"));
    error(&post(&host, "/api/fifteen/solve", &json!({ "width": 20, "height": 20, "tiles": [] })), 400);
    error(&post(&host, "/api/fifteen/solve", &json!({ "width": 2, "height": 2, "tiles": [1, 1, 2, 0] })), 400);
    error(&post(&host, "/api/fifteen/new", &json!({ "size": "3x3", "goal": "sideways" })), 400);
    error(&post(&host, "/api/shisen/new", &json!({ "size": "3x3" })), 400);
    let tall: Vec<String> = (0..40).map(|_| "A A".to_string()).collect();
    error(&post(&host, "/api/shisen/hint", &json!({ "rows": tall })), 400);
    error(&post(&host, "/api/shisen/hint", &json!({ "rows": ["A B", "A"] })), 400);
    error(&post(&host, "/api/hitori/new", &json!({ "size": "26" })), 400);
    error(&post(&host, "/api/hitori/new", &json!({ "size": "5", "difficulty": "brutal" })), 400);
    error(&post(&host, "/api/hitori/check", &json!({ "rows": ["1 2", "2 1"], "states": ["#"] })), 400);
    error(&post(&host, "/api/kami/new", &json!({ "size": "10x29", "colors": 40, "regions": 8 })), 400);
    error(&post(&host, "/api/kami/play", &json!({ "text": "01\n", "row": 9, "col": 0, "colour": "1" })), 400);
    error(&post(&host, "/api/kami/play", &json!({ "text": "01\n", "row": 0, "col": 0, "colour": "Z" })), 400);
    // The server still answers.
    assert_eq!(get(&host, "/").status, 200);
}

/// Slides `tiles` (each next to the blank) on a board.
fn slide_all(board: &mut [u64], width: usize, tiles: &[Value]) {
    for t in tiles {
        let t = t.as_u64().unwrap();
        let (i, b) = (board.iter().position(|&x| x == t).unwrap(), board.iter().position(|&x| x == 0).unwrap());
        let distance = (i % width).abs_diff(b % width) + (i / width).abs_diff(b / width);
        assert_eq!(distance, 1, "tile {t} is not next to the blank");
        board.swap(i, b);
    }
}

fn numbers(v: &Value) -> Vec<u64> {
    v.as_array().unwrap().iter().map(|t| t.as_u64().unwrap()).collect()
}

#[test]
fn fifteen_deals_by_seed_and_solves_optimally_then_fast() {
    let _beside = beside_others();
    let host = server();
    let deal = ok(&host, "/api/fifteen/new", &json!({ "size": "3x3", "seed": 5, "goal": "snake" }));
    assert_eq!(deal, ok(&host, "/api/fifteen/new", &json!({ "size": "3x3", "seed": 5, "goal": "snake" })));
    let mut board = numbers(&deal["tiles"]);
    let answer = ok(&host, "/api/fifteen/solve", &json!({ "width": 3, "height": 3, "tiles": board, "goal": "snake" }));
    assert_eq!(answer["status"], "solved");
    assert_eq!(answer["optimal"], true);
    let tiles = answer["tiles"].as_array().unwrap();
    assert_eq!(Some(tiles.len() as u64), deal["optimum"].as_u64());
    assert_eq!(answer["moves"].as_str().unwrap().len(), tiles.len());
    slide_all(&mut board, 3, tiles);
    assert_eq!(board, numbers(&deal["goal_tiles"]));

    let hint =
        ok(&host, "/api/fifteen/hint", &json!({ "width": 3, "height": 3, "tiles": deal["tiles"], "goal": "snake" }));
    assert_eq!(hint["tiles"].as_array().unwrap().len(), 1);
    assert_eq!(hint["tiles"][0], tiles[0]);

    let swapped = ok(&host, "/api/fifteen/solve", &json!({ "width": 2, "height": 2, "tiles": [2, 1, 3, 0] }));
    assert_eq!(swapped["status"], "unsolvable");

    let big = ok(&host, "/api/fifteen/new", &json!({ "size": "6x5", "seed": 1 }));
    assert_eq!(big["optimum"], Value::Null);
    let mut board = numbers(&big["tiles"]);
    let answer = ok(&host, "/api/fifteen/solve", &json!({ "width": 6, "height": 5, "tiles": board }));
    assert_eq!(answer["optimal"], false);
    slide_all(&mut board, 6, answer["tiles"].as_array().unwrap());
    assert_eq!(board, numbers(&big["goal_tiles"]));
    // Only boards of 10 to 16 cells use a pattern database.
    assert_eq!(get(&host, "/api/fifteen/pdb?size=6x5").json()["state"], "none");
    assert_eq!(get(&host, "/api/fifteen/pdb?size=3x3").json()["state"], "none");
    error(&get(&host, "/api/fifteen/pdb?size=12x12"), 400);
    error(&get(&host, "/api/fifteen/pdb"), 400);
}

#[test]
fn shisen_hints_clear_a_deal_and_moves_draw_paths() {
    let _beside = beside_others();
    let host = server();
    let deal = ok(&host, "/api/shisen/new", &json!({ "size": "8x4", "seed": 4, "gravity": true }));
    assert_eq!(deal["rows"].as_array().unwrap().len(), 4);
    let mut rows = deal["rows"].clone();
    assert_eq!(ok(&host, "/api/shisen/verdict", &json!({ "rows": rows, "gravity": true }))["verdict"], "solvable");
    for _ in 0..16 {
        let hint = ok(&host, "/api/shisen/hint", &json!({ "rows": rows, "gravity": true }));
        assert_eq!(hint["clears"], true, "{hint}");
        let h = &hint["hint"];
        let removal =
            ok(&host, "/api/shisen/remove", &json!({ "rows": rows, "gravity": true, "a": h["a"], "b": h["b"] }));
        assert_eq!(removal["removed"], true);
        assert_eq!(removal["path"], h["path"]);
        rows = removal["rows"].clone();
    }
    let cleared = ok(&host, "/api/shisen/hint", &json!({ "rows": rows }));
    assert_eq!((&cleared["hint"], &cleared["pairs"]), (&Value::Null, &json!(0)));
    // An illegal pair is refused with the library's reason, and the board is unchanged.
    let refused = ok(&host, "/api/shisen/remove", &json!({ "rows": ["A B", "B A"], "a": [0, 0], "b": [1, 1] }));
    assert_eq!(refused["removed"], false);
    assert!(refused["reason"].as_str().is_some());
    assert_eq!(refused["rows"], json!(["A B", "B A"]));
    let solved = ok(&host, "/api/shisen/solve", &json!({ "rows": deal["rows"], "gravity": true }));
    assert_eq!(solved["removals"].as_array().unwrap().len(), 16);
    let shuffled = ok(&host, "/api/shisen/shuffle", &json!({ "rows": deal["rows"], "seed": 3 }));
    assert_eq!(shuffled["has_moves"], true);
}

#[test]
fn hitori_checks_hints_and_solves() {
    let _beside = beside_others();
    let host = server();
    let puzzle = ok(&host, "/api/hitori/new", &json!({ "size": "6", "seed": 2, "difficulty": "easy" }));
    assert_eq!(puzzle["grade"], "easy");
    let rows = &puzzle["rows"];
    let blank: Vec<String> = (0..6).map(|_| "......".to_string()).collect();
    let first = ok(&host, "/api/hitori/check", &json!({ "rows": rows, "states": blank }));
    assert_eq!(first["solved"], false);
    let hint = ok(&host, "/api/hitori/hint", &json!({ "rows": rows, "states": blank }));
    assert!(hint["hint"]["rule"].as_str().is_some_and(|r| !r.is_empty()), "{hint}");
    let solution = ok(&host, "/api/hitori/solve", &json!({ "rows": rows }));
    assert_eq!(solution["class"], "unique");
    let done = ok(&host, "/api/hitori/check", &json!({ "rows": rows, "states": solution["solution"] }));
    assert_eq!((&done["solved"], done["violations"].as_array().unwrap().len()), (&json!(true), 0));
    let touching = ok(&host, "/api/hitori/check", &json!({ "rows": ["1 1", "1 2"], "states": ["##", ".."] }));
    assert_eq!(touching["violations"][0]["cells"], json!([[0, 0], [1, 0]]));
    // A search puzzle is unique; a board too small for one is refused.
    let hard = ok(&host, "/api/hitori/new", &json!({ "size": "10", "seed": 4, "difficulty": "search" }));
    assert_eq!(hard["grade"], "search");
    assert_eq!(ok(&host, "/api/hitori/solve", &json!({ "rows": hard["rows"] }))["class"], "unique");
    let small = post(&host, "/api/hitori/new", &json!({ "size": "6", "difficulty": "search" }));
    assert!(error(&small, 422).contains("at least 7"));
}

#[test]
fn kami_levels_carry_hooks_and_play_to_par() {
    let _beside = beside_others();
    let host = server();
    let level = ok(&host, "/api/kami/new", &json!({ "size": "5x6", "colors": 3, "regions": 8, "seed": 2026 }));
    let svg = level["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg data-testid=\"board\" "));
    assert_eq!(svg.matches("<polygon data-r=").count(), 30);
    assert!(svg.contains(r#"<polygon data-r="5" data-c="4" data-value="#));
    assert_eq!(level["palette"].as_array().unwrap().len(), 3);
    // Colour is never the only cue: each colour has its own symbol, on the palette entry
    // (with an icon) and on every triangle of its colour; the fills are the colour-blind-safe
    // palette's.
    assert_eq!(svg.matches(" data-symbol=").count(), 30);
    for (entry, (symbol, fill)) in level["palette"].as_array().unwrap().iter().zip([
        ("circle", "#0072b2"),
        ("square", "#d55e00"),
        ("triangle", "#f0e442"),
    ]) {
        assert_eq!((entry["symbol"].as_str(), entry["fill"].as_str()), (Some(symbol), Some(fill)), "{entry}");
        assert!(entry["icon"].as_str().unwrap().contains(&format!(r#"data-symbol="{symbol}""#)));
        let value = entry["colour"].as_str().unwrap();
        assert!(svg.contains(&format!(r#"data-value="{value}" data-symbol="{symbol}""#)));
    }
    let par = level["par"].as_u64().unwrap();
    let solution = ok(&host, "/api/kami/solve", &json!({ "text": level["text"] }));
    let moves = solution["moves"].as_array().unwrap();
    assert_eq!((moves.len() as u64, &solution["optimal"]), (par, &json!(true)));
    let mut text = level["text"].clone();
    let mut solved = false;
    for m in moves {
        let played = ok(
            &host,
            "/api/kami/play",
            &json!({ "text": text, "row": m["row"], "col": m["col"], "colour": m["colour"] }),
        );
        assert!(!played["changed"].as_array().unwrap().is_empty());
        assert_eq!(played["changed"][0], json!([m["row"], m["col"]]), "the flood starts at the tapped triangle");
        text = played["text"].clone();
        solved = played["solved"] == true;
    }
    assert!(solved);
    let hint = ok(&host, "/api/kami/hint", &json!({ "text": level["text"] }));
    assert_eq!(hint["moves"].as_array().unwrap().len(), 1);
    assert_eq!(hint["moves_left"].as_u64(), Some(par));
    let pasted = ok(&host, "/api/kami/level", &json!({ "text": "0120\n1201\n" }));
    assert!(pasted["par"].as_u64().is_some());
    assert!(pasted["text"].as_str().unwrap().starts_with("# par: "));
}

#[test]
fn a_generator_past_its_deadline_answers_504_and_the_server_goes_on() {
    let _beside = beside_others();
    let time = std::time::Duration::from_millis(100);
    let config = play::Config { solve_time: time, generate_time: time, ..play::Config::default() };
    let host = start(config);
    // A kami level of 80 regions over 800 triangles takes seconds: far past 100 ms. The
    // generator reads its budget and stops at the deadline itself, well before the pool's
    // second of grace.
    let t = std::time::Instant::now();
    let slow = post(&host, "/api/kami/new", &json!({ "size": "20x40", "colors": 8, "regions": 80, "seed": 1 }));
    assert!(error(&slow, 504).contains("longer than"));
    assert!(t.elapsed() < std::time::Duration::from_millis(900), "stopped after {:?}", t.elapsed());
    assert_eq!(get(&host, "/").status, 200);
    assert_eq!(
        ok(&host, "/api/kami/play", &json!({ "text": "01\n", "row": 0, "col": 0, "colour": "1" }))["solved"],
        true
    );
}

/// Each game's `new` answers its puzzle's code, `open` answers the same puzzle from it,
/// `/api/code` and `/?code=` find the game's page, and bad codes are `400` naming what is
/// wrong.
#[test]
fn codes_open_the_same_puzzle_on_their_page() {
    let _beside = beside_others();
    let host = server();
    let cases = [
        ("fifteen", json!({ "size": "3x3", "seed": 4 }), "tiles"),
        ("shisen", json!({ "size": "8x4", "seed": 4, "gravity": true }), "rows"),
        ("hitori", json!({ "size": "6", "seed": 4 }), "rows"),
        ("kami", json!({ "size": "4x6", "colors": 3, "regions": 6, "seed": 4 }), "text"),
    ];
    for (game, new, board) in cases {
        let dealt = ok(&host, &format!("/api/{game}/new"), &new);
        let code = dealt["code"].as_str().unwrap_or_else(|| panic!("{game}: no code in {dealt}")).to_string();
        assert!(code.starts_with(&format!("{game}:1:")), "{code}");
        let opened = ok(&host, &format!("/api/{game}/open"), &json!({ "code": code }));
        assert_eq!(opened[board], dealt[board], "{game}");
        assert_eq!(opened["code"], dealt["code"], "{game}");
        assert_eq!(opened["seed"], Value::Null, "{game}");
        let found = ok(&host, "/api/code", &json!({ "code": code }));
        assert_eq!(found, json!({ "game": game, "page": format!("/{game}?code={code}") }));
        let redirect = get(&host, &format!("/?code={code}"));
        assert_eq!((redirect.status, redirect.location.as_str()), (303, format!("/{game}?code={code}").as_str()));
        // Another game's page refuses it, naming the game it is for.
        let other = if game == "kami" { "hitori" } else { "kami" };
        let refused = post(&host, &format!("/api/{other}/open"), &json!({ "code": code }));
        assert!(error(&refused, 400).contains(&format!("a {game} code, not a {other} code")), "{}", refused.body);
        // One character changed is an error, not another puzzle.
        let mut typo = code.clone().into_bytes();
        let last = typo.len() - 3;
        typo[last] = if typo[last] == b'A' { b'B' } else { b'A' };
        let typo = String::from_utf8(typo).unwrap();
        let refused = post(&host, &format!("/api/{game}/open"), &json!({ "code": typo }));
        assert!(error(&refused, 400).starts_with("code: "), "{}", refused.body);
    }
    let bad = get(&host, "/?code=chess:1:AAAA");
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("code: "), "{}", bad.body);
    assert!(error(&post(&host, "/api/code", &json!({ "code": "hello" })), 400).contains("not a puzzle code"));
    assert!(error(&post(&host, "/api/code", &json!({ "code": "x".repeat(5000) })), 400).contains("at most 4096"));
    let big = hitori::code::encode(&"1 2\n2 1\n".repeat(20).parse::<hitori::Puzzle>().unwrap());
    let refused = post(&host, "/api/hitori/open", &json!({ "code": big.unwrap() }));
    assert!(error(&refused, 400).contains("up to 25x25"), "{}", refused.body);
}
