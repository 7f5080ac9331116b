//! A request storm: 200 concurrent solve requests on hard kami levels while the home page
//! must keep answering within a second; every request gets an answer (a solution found in
//! time, or `503` when the pool and its queue are full), and the server is still whole
//! afterwards; malformed requests sent while the pool and its queue are full are refused
//! (`400`/`422`) at once, never `503`. Loopback only, bounded in count and time.

use std::time::{Duration, Instant};

use crate::common::{alone, get, ok, post, start};
use serde_json::json;

/// A 29x10 level of random colours (a few hundred regions: far beyond any solver's reach
/// in the time allowed), from a small linear congruential generator.
fn hard_level(seed: u64) -> String {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    let mut text = String::new();
    for _ in 0..29 {
        for _ in 0..10 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            text.push(char::from(b'0' + ((state >> 33) % 4) as u8));
        }
        text.push('\n');
    }
    text
}

#[test]
fn two_hundred_solves_leave_the_home_page_answering() {
    let _alone = alone();
    let config = play::Config {
        solve_time: Duration::from_millis(400),
        max_running: 2,
        max_waiting: 16,
        ..play::Config::default()
    };
    let host = start(config);
    let started = Instant::now();
    let clients: Vec<_> = (0..200u64)
        .map(|i| {
            let host = host.clone();
            std::thread::spawn(move || post(&host, "/api/kami/solve", &json!({ "text": hard_level(i % 7) })))
        })
        .collect();
    let mut slowest = Duration::ZERO;
    let mut probes = 0;
    while clients.iter().any(|c| !c.is_finished()) && started.elapsed() < Duration::from_secs(60) {
        let t = Instant::now();
        assert_eq!(get(&host, "/").status, 200);
        slowest = slowest.max(t.elapsed());
        probes += 1;
        std::thread::sleep(Duration::from_millis(50));
    }
    let (mut answered, mut busy) = (0, 0);
    for client in clients {
        let response = client.join().expect("no client panics");
        match response.status {
            200 => {
                let body = response.json();
                assert!(body["optimal"] == false && body["lower_bound"].as_u64().is_some(), "{body}");
                answered += 1;
            }
            503 => {
                assert!(response.json()["error"].as_str().unwrap().contains("busy"));
                busy += 1;
            }
            other => panic!("status {other}: {}", response.body),
        }
    }
    assert_eq!(answered + busy, 200);
    assert!(answered >= 2, "some solves ran ({answered} answered, {busy} busy)");
    assert!(probes >= 1);
    assert!(slowest < Duration::from_secs(1), "the home page took {slowest:?} during the storm");
    // Whole afterwards: a small level is solved at once.
    let small = ok(&host, "/api/kami/solve", &json!({ "text": "0011\n0011\n" }));
    assert_eq!(small["moves"].as_array().unwrap().len(), 1);
}

/// Sends a hard kami solve and returns the open connection without reading the answer.
fn send_hard_solve(host: &str, seed: u64) -> std::net::TcpStream {
    use std::io::Write;
    let body = json!({ "text": hard_level(seed) }).to_string();
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    let head = format!(
        "POST /api/kami/solve HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    stream
}

#[test]
fn a_hard_solve_runs_to_its_deadline() {
    let _alone = alone();
    // What the next test cancels really is long: with a client that waits, the search
    // holds its thread until the deadline and answers what it found by then.
    let config = play::Config { solve_time: Duration::from_millis(1500), max_running: 1, ..play::Config::default() };
    let host = start(config);
    let t = Instant::now();
    let answer = ok(&host, "/api/kami/solve", &json!({ "text": hard_level(3) }));
    assert!(t.elapsed() >= Duration::from_millis(1400), "answered in {:?}", t.elapsed());
    assert_eq!(answer["optimal"], false);
}

#[test]
fn solves_whose_clients_hang_up_free_the_pool_at_once() {
    let _alone = alone();
    // A deadline of a minute: only the cancel token can give the threads back quickly.
    let config = play::Config {
        solve_time: Duration::from_secs(60),
        max_running: 2,
        max_waiting: 32,
        ..play::Config::default()
    };
    let host = start(config);
    let streams: Vec<_> = (0..30).map(|i| send_hard_solve(&host, i)).collect();
    // Two searches run, the rest wait for a thread; then every client hangs up.
    std::thread::sleep(Duration::from_millis(500));
    drop(streams);
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    let small = ok(&host, "/api/kami/solve", &json!({ "text": "0011\n0011\n" }));
    assert_eq!(small["moves"].as_array().unwrap().len(), 1);
    assert!(t.elapsed() < Duration::from_secs(2), "the pool took {:?} to free up", t.elapsed());
}

#[test]
fn clients_that_go_away_do_not_stop_the_server() {
    let _alone = alone();
    let config = play::Config { solve_time: Duration::from_millis(300), max_running: 1, ..play::Config::default() };
    let host = start(config);
    for i in 0..20 {
        // Send a hard solve and hang up at once.
        use std::io::Write;
        let body = json!({ "text": hard_level(i) }).to_string();
        let mut stream = std::net::TcpStream::connect(&host).unwrap();
        let head = format!(
            "POST /api/kami/solve HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body.as_bytes()).unwrap();
    }
    let t = Instant::now();
    assert_eq!(get(&host, "/").status, 200);
    assert!(t.elapsed() < Duration::from_secs(1));
    // The pool frees up: within a few deadlines a small solve gets its thread.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let r = post(&host, "/api/kami/solve", &json!({ "text": "01\n" }));
        if r.status == 200 {
            break;
        }
        assert_eq!(r.status, 503, "{}", r.body);
        assert!(Instant::now() < deadline, "the pool never freed up");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn malformed_requests_are_refused_at_once_while_the_pool_is_full() {
    let _alone = alone();
    let config =
        play::Config { solve_time: Duration::from_secs(20), max_running: 2, max_waiting: 4, ..play::Config::default() };
    let host = start(config);
    // Two hard solves run, four wait: the pool and its queue are full (the clients stay
    // connected until the end of the test).
    let streams: Vec<_> = (0..6).map(|i| send_hard_solve(&host, i)).collect();
    std::thread::sleep(Duration::from_millis(500));
    let full = post(&host, "/api/kami/solve", &json!({ "text": hard_level(9) }));
    assert_eq!(full.status, 503, "valid work meets the full pool: {}", full.body);
    let bad_json: [(&str, &str); 10] = [
        ("/api/kami/solve", "{"),
        ("/api/kami/hint", "{\"text\": 3}"),
        ("/api/kami/level", "[]"),
        ("/api/kami/new", "{\"size\": \"5x5\"}"),
        ("/api/hitori/solve", "{\"rows\": \"1 2\"}"),
        ("/api/hitori/hint", "not json"),
        ("/api/shisen/solve", "{\"rows\": [], \"extra\": 1}"),
        ("/api/shisen/verdict", "{\"rows\": [1]}"),
        ("/api/fifteen/solve", "{\"width\": 3}"),
        ("/api/fifteen/hint", "\"text\""),
    ];
    let bad_board = [
        ("/api/kami/solve", json!({ "text": "01\n0\n" })),
        ("/api/kami/hint", json!({ "text": "0A1\n" })),
        ("/api/kami/level", json!({ "text": "0".repeat(61 * 61) })),
        ("/api/hitori/solve", json!({ "rows": ["1 2", "3"] })),
        ("/api/hitori/hint", json!({ "rows": ["1 2", "2 1"], "states": ["#"] })),
        ("/api/hitori/solve", json!({ "rows": ["x y", "1 2"] })),
        ("/api/shisen/solve", json!({ "rows": ["A A", "B"] })),
        ("/api/shisen/hint", json!({ "rows": vec!["A A B B"; 17] })),
        ("/api/fifteen/solve", json!({ "width": 3, "height": 3, "tiles": [1, 1, 2, 3, 4, 5, 6, 7, 8] })),
        ("/api/fifteen/hint", json!({ "width": 9, "height": 9, "tiles": [] })),
    ];
    let bad_size = [
        ("/api/kami/new", json!({ "size": "99x99", "colors": 4, "regions": 10 })),
        ("/api/kami/new", json!({ "size": "5x5", "colors": 9, "regions": 10 })),
        ("/api/kami/new", json!({ "size": "5x5", "colors": 3, "regions": 999 })),
        ("/api/kami/new", json!({ "size": "x", "colors": 3, "regions": 10 })),
        ("/api/hitori/new", json!({ "size": "3" })),
        ("/api/hitori/new", json!({ "size": "8", "difficulty": "impossible" })),
        ("/api/shisen/new", json!({ "size": "5x5" })),
        ("/api/shisen/new", json!({ "size": "40x40" })),
        ("/api/fifteen/new", json!({ "size": "9x9" })),
        ("/api/fifteen/new", json!({ "size": "3x3", "goal": "sideways" })),
    ];
    let mut sent: Vec<(&str, String)> = bad_json.iter().map(|(path, body)| (*path, (*body).to_string())).collect();
    sent.extend(bad_board.iter().chain(&bad_size).map(|(path, body)| (*path, body.to_string())));
    assert_eq!(sent.len(), 30);
    for (path, body) in &sent {
        let t = Instant::now();
        let r = crate::common::request(&host, "POST", path, "application/json", body.as_bytes()).expect("POST");
        assert!(matches!(r.status, 400 | 422), "{path} {body}: {} {}", r.status, r.body);
        assert!(r.json()["error"].is_string(), "{path}: {}", r.body);
        assert!(t.elapsed() < Duration::from_secs(1), "{path} took {:?}", t.elapsed());
    }
    drop(streams);
}
