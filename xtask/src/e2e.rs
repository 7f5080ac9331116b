//! `cargo xtask e2e`: the playground's browser tests. Installs Debian's `chromium` and
//! `chromium-driver` when they are missing, builds and starts the playground on a free
//! loopback port, drives headless Chromium through chromedriver (the W3C `WebDriver`
//! protocol, spoken as plain HTTP on the loopback), plays each game to the end by clicks
//! only and keeps a screenshot of each finished game under `target/e2e/`.
//!
//! The games: a seeded 3x3 fifteen, clicking the tiles along the solver's moves; a small
//! shisen deal, clicking the pairs the hint button shows; a 5x5 hitori, clicking the
//! shaded cells of its solution; a small kami level at par, tapping its solution's
//! colours and triangles.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A game's test: plays it to the end in the browser, returns the final status text.
type Game = fn(&Browser, &str) -> Result<String, String>;

/// Runs the browser tests.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask e2e".to_string());
    }
    install_browser()?;
    let out = target_dir(root).join("e2e");
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let server = Server::start(root)?;
    let driver = Driver::start()?;
    let browser = Browser::open(&driver.url)?;
    let started = Instant::now();
    let games: [(&str, Game); 4] = [("fifteen", fifteen), ("shisen", shisen), ("hitori", hitori), ("kami", kami)];
    let mut failures = Vec::new();
    for (name, play) in games {
        let t = Instant::now();
        match play(&browser, &server.url) {
            Ok(status) => {
                let shot = out.join(format!("{name}.png"));
                browser.screenshot(&shot)?;
                eprintln!("e2e {name}: ok in {:.1} s: {status:?} ({})", t.elapsed().as_secs_f64(), shot.display());
            }
            Err(e) => {
                let _ = browser.screenshot(&out.join(format!("{name}-failed.png")));
                eprintln!("e2e {name}: FAILED: {e}");
                failures.push(name);
            }
        }
    }
    browser.close();
    eprintln!(
        "e2e: {} passed, {} failed in {:.1} s",
        4 - failures.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    drop(driver);
    drop(server);
    if failures.is_empty() { Ok(()) } else { Err(format!("browser tests failed: {}", failures.join(", "))) }
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// Installs Chromium and its `WebDriver` server from Debian's packages when missing (as root).
fn install_browser() -> Result<(), String> {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return Ok(());
    }
    eprintln!("e2e: installing chromium and chromium-driver");
    crate::apt_install(&["chromium", "chromium-driver"])
}

/// A free loopback port (the OS picks it; it stays free for the moment we need it).
fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

/// A child process ended when dropped.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The playground, built in the dev profile and started on a free port.
struct Server {
    url: String,
    _process: Process,
}

impl Server {
    fn start(root: &Path) -> Result<Server, String> {
        eprintln!("==> cargo build -p play");
        let output = Command::new(crate::cargo())
            .args(["build", "-p", "play", "--message-format=json-render-diagnostics"])
            .current_dir(root)
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !output.status.success() {
            return Err("`cargo build -p play` failed".to_string());
        }
        let binary = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "play")
            .find_map(|m| m["executable"].as_str().map(PathBuf::from))
            .ok_or("cargo did not report the play binary")?;
        let mut child = Command::new(&binary)
            .args(["--port", "0"])
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let process = Process(child);
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).map_err(|e| e.to_string())?;
        let url = line
            .trim()
            .strip_prefix("playground: ")
            .map(|u| u.trim_end_matches('/').to_string())
            .ok_or_else(|| format!("unexpected first line from the playground: {line:?}"))?;
        eprintln!("e2e: playground at {url}");
        Ok(Server { url, _process: process })
    }
}

/// chromedriver on a free port.
struct Driver {
    url: String,
    _process: Process,
}

impl Driver {
    fn start() -> Result<Driver, String> {
        let port = free_port()?;
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start chromedriver: {e}"))?;
        let process = Process(child);
        let url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok((200, status)) = http("GET", &format!("{url}/status"), None) {
                if status["value"]["ready"] == true {
                    break;
                }
            }
            if Instant::now() > deadline {
                return Err("chromedriver did not get ready in 20 s".to_string());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Ok(Driver { url, _process: process })
    }
}

/// One HTTP/1.1 request on the loopback: the status and the JSON body (`null` when empty).
fn http(method: &str, url: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
    let rest = url.strip_prefix("http://").ok_or_else(|| format!("not an http URL: {url}"))?;
    let (host, path) = rest.split_once('/').map_or((rest, "/".to_string()), |(h, p)| (h, format!("/{p}")));
    let mut stream = TcpStream::connect(host).map_err(|e| format!("cannot connect to {host}: {e}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(120))).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).map_err(|e| format!("{method} {url}: {e}"))?;
    // Read the head, then exactly the body (chromedriver keeps connections open).
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let split = loop {
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        let n = stream.read(&mut buf).map_err(|e| format!("{method} {url}: {e}"))?;
        if n == 0 {
            return Err(format!("{method} {url}: the connection closed before the headers ended"));
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status: u16 = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or("no status")?;
    let length =
        head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = head.contains("transfer-encoding: chunked") || head.contains("transfer-encoding:chunked");
    let mut payload = raw[split + 4..].to_vec();
    loop {
        let complete = match length {
            Some(n) => payload.len() >= n,
            None if chunked => payload.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        let n = stream.read(&mut buf).map_err(|e| format!("{method} {url}: {e}"))?;
        if n == 0 {
            break;
        }
        payload.extend_from_slice(&buf[..n]);
    }
    if chunked {
        payload = dechunk(&payload);
    }
    let value = if payload.iter().all(u8::is_ascii_whitespace) {
        Value::Null
    } else {
        serde_json::from_slice(&payload).map_err(|e| format!("{method} {url}: bad JSON: {e}"))?
    };
    Ok((status, value))
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = end + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
    out
}

/// A JSON API call to the playground, which must answer 200.
fn api(server: &str, path: &str, body: &Value) -> Result<Value, String> {
    match http("POST", &format!("{server}/api/{path}"), Some(body))? {
        (200, value) => Ok(value),
        (status, value) => Err(format!("/api/{path} answered {status}: {value}")),
    }
}

fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' | b'\n' | b'\r' => continue,
            _ => return Err("bad base64".to_string()),
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}

/// A `WebDriver` session with headless Chromium.
struct Browser {
    session: String,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    fn open(driver: &str) -> Result<Browser, String> {
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"]
            }
        }}});
        let (status, answer) = http("POST", &format!("{driver}/session"), Some(&capabilities))?;
        let id = answer["value"]["sessionId"].as_str().ok_or_else(|| format!("no session ({status}): {answer}"))?;
        Ok(Browser { session: format!("{driver}/session/{id}") })
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let (status, answer) = http(method, &format!("{}{path}", self.session), body)?;
        if status == 200 { Ok(answer["value"].clone()) } else { Err(format!("webdriver {path}: {status}: {answer}")) }
    }

    fn goto(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", Some(&json!({ "url": url })))?;
        self.wait_idle()
    }

    fn exec(&self, script: &str) -> Result<Value, String> {
        self.call("POST", "/execute/sync", Some(&json!({ "script": script, "args": [] })))
    }

    /// Waits until the page is loaded and no request or animation is running.
    fn wait_idle(&self) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let idle = self.exec(
                "return document.readyState === 'complete' && document.body.dataset.busy === '0' \
                 && !!document.querySelector('[data-testid=board]');",
            )?;
            if idle == true {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err("the page stayed busy for 60 s".to_string());
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    fn find(&self, css: &str) -> Result<String, String> {
        let found = self.call("POST", "/element", Some(&json!({ "using": "css selector", "value": css })))?;
        found[ELEMENT].as_str().map(str::to_string).ok_or_else(|| format!("no element {css}"))
    }

    /// Clicks the element `css` selects (a real pointer click), then waits until idle.
    fn click(&self, css: &str) -> Result<(), String> {
        let id = self.find(css)?;
        self.call("POST", &format!("/element/{id}/click"), Some(&json!({})))?;
        self.wait_idle()
    }

    fn status(&self) -> Result<String, String> {
        let id = self.find("[data-testid=status]")?;
        let text = self.call("GET", &format!("/element/{id}/text"), None)?;
        Ok(text.as_str().unwrap_or_default().to_string())
    }

    fn screenshot(&self, path: &Path) -> Result<(), String> {
        let data = self.call("GET", "/screenshot", None)?;
        let png = base64_decode(data.as_str().unwrap_or_default())?;
        std::fs::write(path, png).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    fn close(&self) {
        let _ = http("DELETE", &self.session, None);
    }
}

fn expect_status(browser: &Browser, word: &str) -> Result<String, String> {
    let status = browser.status()?;
    if status.contains(word) { Ok(status) } else { Err(format!("status {status:?} does not say {word:?}")) }
}

/// A seeded 3x3 fifteen: the board read from the page, solved by the API, played by
/// clicking each tile the solution slides.
fn fifteen(browser: &Browser, server: &str) -> Result<String, String> {
    browser.goto(&format!("{server}/fifteen?size=3x3&seed=7"))?;
    let tiles = browser.exec(
        "return [...document.querySelectorAll('[data-testid=board] [data-value]')].map(e => Number(e.dataset.value));",
    )?;
    let solution = api(server, "fifteen/solve", &json!({ "width": 3, "height": 3, "tiles": tiles }))?;
    let moves = solution["tiles"].as_array().ok_or("no solution")?;
    for tile in moves {
        browser.click(&format!("[data-testid=board] [data-value=\"{tile}\"]"))?;
    }
    let status = expect_status(browser, "solved")?;
    if !status.contains(&format!("{} moves", moves.len())) {
        return Err(format!("status {status:?} does not count {} moves", moves.len()));
    }
    Ok(status)
}

/// A 6x4 shisen deal: the hint button's pair clicked until the board is cleared.
fn shisen(browser: &Browser, server: &str) -> Result<String, String> {
    browser.goto(&format!("{server}/shisen?size=6x4&seed=11"))?;
    for _ in 0..12 {
        browser.click("[data-testid=hint]")?;
        let pair = browser.exec(
            "return [...document.querySelectorAll('[data-testid=board] [data-hint=\"1\"]')].map(e => [e.dataset.x, e.dataset.y]);",
        )?;
        let pair = pair.as_array().filter(|p| p.len() == 2).ok_or_else(|| format!("the hint shows {pair}"))?;
        for cell in pair {
            browser.click(&format!(
                "[data-testid=board] [data-x=\"{}\"][data-y=\"{}\"]",
                cell[0].as_str().unwrap_or(""),
                cell[1].as_str().unwrap_or("")
            ))?;
        }
    }
    expect_status(browser, "cleared")
}

/// A 5x5 hitori: the puzzle read from the page, solved by the API, its shaded cells clicked.
fn hitori(browser: &Browser, server: &str) -> Result<String, String> {
    browser.goto(&format!("{server}/hitori?size=5x5&seed=3"))?;
    let rows = browser.exec(
        "const cells = [...document.querySelectorAll('[data-testid=board] [data-value]')];\
         const rows = [];\
         for (const c of cells) { const y = Number(c.dataset.y); (rows[y] = rows[y] || []).push(c.dataset.value); }\
         return rows.map(r => r.join(' '));",
    )?;
    let solution = api(server, "hitori/solve", &json!({ "rows": rows }))?;
    let marks = solution["solution"].as_array().ok_or_else(|| format!("no solution: {solution}"))?;
    for (y, row) in marks.iter().enumerate() {
        for (x, mark) in row.as_str().unwrap_or_default().chars().enumerate() {
            if mark == '#' {
                browser.click(&format!("[data-testid=board] [data-x=\"{x}\"][data-y=\"{y}\"]"))?;
            }
        }
    }
    expect_status(browser, "solved")
}

/// A small generated kami level at par: its optimal solution tapped colour by colour.
fn kami(browser: &Browser, server: &str) -> Result<String, String> {
    browser.goto(&format!("{server}/kami?size=5x6&colors=3&regions=8&seed=2026"))?;
    let text = browser.exec("return document.querySelector('#paste').value;")?;
    let solution = api(server, "kami/solve", &json!({ "text": text }))?;
    let moves = solution["moves"].as_array().ok_or("no moves")?;
    if solution["optimal"] != true || moves.is_empty() {
        return Err(format!("no optimal solution: {solution}"));
    }
    for m in moves {
        let colour = m["colour"].as_str().unwrap_or_default();
        browser.click(&format!("[data-testid=colour-{colour}]"))?;
        browser.click(&format!("[data-testid=board] polygon[data-r=\"{}\"][data-c=\"{}\"]", m["row"], m["col"]))?;
    }
    let status = expect_status(browser, "solved")?;
    if !status.contains("par made") {
        return Err(format!("status {status:?}: not at par"));
    }
    Ok(status)
}
