//! `cargo xtask e2e`: the playground's browser tests. Installs Debian's `chromium` and
//! `chromium-driver` when they are missing, and the npm package `axe-core` (under
//! `target/e2e/node/`, with Debian's `npm` when there is none), builds and starts the
//! playground on a free loopback port, drives headless Chromium through chromedriver (the
//! W3C `WebDriver` protocol, spoken as plain HTTP on the loopback), and keeps a screenshot
//! of each finished game under `target/e2e/`.
//!
//! Each game is played to the end twice: by clicks only, and by the keyboard alone (Tab to
//! the board, then keys sent through `WebDriver` actions, checked with the hooks
//! `data-cursor`, `data-state`, `data-symbol`). The games: a seeded 3x3 fifteen along the
//! solver's moves; a small shisen deal, removing the pairs the hint shows; a 5x5 hitori,
//! shading the cells of its solution; a small kami level at par, tapping its solution's
//! colours and triangles. Then axe-core audits every page (fresh, and each game once won
//! by keys) and fails on any violation of impact serious or critical, and every page is
//! loaded in a phone-sized window (390x844) that must not scroll sideways.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A test: plays a game to the end (or audits the pages) in the browser, returns what it
/// saw (a game's final status text).
type Test = fn(&Browser, &Context) -> Result<String, String>;

/// What the tests share: the playground's URL and axe-core's script.
struct Context {
    server: String,
    axe: String,
}

/// The tests, by name; each game's name is the name of its screenshot.
const TESTS: [(&str, Test); 10] = [
    ("fifteen-clicks", |b, c| fifteen(b, &c.server)),
    ("shisen-clicks", |b, c| shisen(b, &c.server)),
    ("hitori-clicks", |b, c| hitori(b, &c.server)),
    ("kami-clicks", |b, c| kami(b, &c.server)),
    ("fifteen-keys", fifteen_keys),
    ("shisen-keys", shisen_keys),
    ("hitori-keys", hitori_keys),
    ("kami-keys", kami_keys),
    ("axe", audit_pages),
    ("phone", phone),
];

/// The pages, with a small puzzle each (the home page has no board).
const PAGES: [&str; 5] = [
    "/",
    "/fifteen?size=3x3&seed=7",
    "/shisen?size=6x4&seed=11",
    "/hitori?size=5x5&seed=3",
    "/kami?size=5x6&colors=3&regions=8&seed=2026",
];

/// Runs the browser tests.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask e2e".to_string());
    }
    install_browser()?;
    let out = target_dir(root).join("e2e");
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let axe = install_axe(&out.join("node"))?;
    let server = Server::start(root)?;
    let driver = Driver::start()?;
    let browser = Browser::open(&driver.url)?;
    let context = Context { server: server.url.clone(), axe };
    let started = Instant::now();
    let mut failures = Vec::new();
    for (name, test) in TESTS {
        let t = Instant::now();
        // Every test starts in a desktop-sized window (the phone test shrinks it).
        browser.call("POST", "/window/rect", Some(&json!({ "width": 1280, "height": 1000 })))?;
        match test(&browser, &context) {
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
        TESTS.len() - failures.len(),
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

/// axe-core's script: the npm package `axe-core@4` under `dir`, installed with npm when
/// missing (and npm from Debian when there is none). Injected into the pages by the
/// tests only; the playground does not ship it.
fn install_axe(dir: &Path) -> Result<String, String> {
    let script = dir.join("node_modules/axe-core/axe.min.js");
    if !script.exists() {
        let has_npm = Command::new("npm").arg("--version").stdout(Stdio::null()).status().is_ok_and(|s| s.success());
        if !has_npm {
            eprintln!("e2e: installing npm");
            crate::apt_install(&["npm"])?;
        }
        eprintln!("e2e: npm install axe-core@4 into {}", dir.display());
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let status = Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--prefix"])
            .arg(dir)
            .arg("axe-core@4")
            .status()
            .map_err(|e| format!("cannot run npm: {e}"))?;
        if !status.success() {
            return Err("`npm install axe-core@4` failed".to_string());
        }
    }
    std::fs::read_to_string(&script).map_err(|e| format!("cannot read {}: {e}", script.display()))
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
        let browser = Browser { session: format!("{driver}/session/{id}") };
        // axe-core takes a few seconds on a big page.
        browser.call("POST", "/timeouts", Some(&json!({ "script": 120_000 })))?;
        Ok(browser)
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let (status, answer) = http(method, &format!("{}{path}", self.session), body)?;
        if status == 200 { Ok(answer["value"].clone()) } else { Err(format!("webdriver {path}: {status}: {answer}")) }
    }

    fn goto(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", Some(&json!({ "url": url })))?;
        self.wait_idle()
    }

    /// Opens `url`, a page with or without a board, and waits until it is idle.
    fn open_page(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", Some(&json!({ "url": url })))?;
        self.wait_until(
            "return document.readyState === 'complete' && document.body.dataset.busy === '0' \
             && (document.body.dataset.page === 'index' || !!document.querySelector('[data-testid=board]'));",
        )
    }

    fn exec(&self, script: &str) -> Result<Value, String> {
        self.call("POST", "/execute/sync", Some(&json!({ "script": script, "args": [] })))
    }

    /// Runs `script` asynchronously: it ends by calling `arguments[0]` with its answer.
    fn exec_async(&self, script: &str) -> Result<Value, String> {
        self.call("POST", "/execute/async", Some(&json!({ "script": script, "args": [] })))
    }

    /// Sends `keys` to the focused element, one after the other, through `WebDriver`
    /// actions, then waits until idle. A key is a character, a key name (`Tab`, `Enter`,
    /// `Escape`, `ArrowUp`, …) or `Ctrl+` and a key.
    fn keys(&self, keys: &[&str]) -> Result<(), String> {
        let mut actions = Vec::new();
        for key in keys {
            let (ctrl, key) = key.strip_prefix("Ctrl+").map_or((false, *key), |k| (true, k));
            let code = key_code(key)?;
            if ctrl {
                actions.push(json!({ "type": "keyDown", "value": "\u{E009}" }));
            }
            actions.push(json!({ "type": "keyDown", "value": code }));
            actions.push(json!({ "type": "keyUp", "value": code }));
            if ctrl {
                actions.push(json!({ "type": "keyUp", "value": "\u{E009}" }));
            }
        }
        let body = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] });
        self.call("POST", "/actions", Some(&body))?;
        self.call("DELETE", "/actions", None)?;
        self.wait_idle()
    }

    /// Presses Tab until the board has the focus; how many presses it took.
    fn tab_to_board(&self) -> Result<usize, String> {
        for tabs in 1..=60 {
            self.keys(&["Tab"])?;
            if self.exec("return document.activeElement && document.activeElement.id === 'board-box';")? == true {
                return Ok(tabs);
            }
        }
        Err("60 presses of Tab never reached the board".to_string())
    }

    /// The cells the keyboard cursor can stand on, as `[x, y]`, and the cursor's cell.
    /// `cells` is a CSS selector; `x` and `y` name the data attributes of the column and row.
    fn cursor_cells(&self, cells: &str, x: &str, y: &str) -> Result<(Vec<Cell>, Cell), String> {
        let found = self.exec(&format!(
            "const at = (e) => [Number(e.dataset.{x}), Number(e.dataset.{y})];\
             const cursor = document.querySelectorAll('[data-cursor=true]');\
             return {{ cells: [...document.querySelectorAll('{cells}')].map(at),\
                       cursor: cursor.length === 1 ? at(cursor[0]) : null }};"
        ))?;
        let pair = |v: &Value| (v[0].as_i64().unwrap_or(-1), v[1].as_i64().unwrap_or(-1));
        let all = found["cells"].as_array().map(|c| c.iter().map(pair).collect()).unwrap_or_default();
        if found["cursor"].is_null() {
            return Err(format!("no single cell has data-cursor=true: {found}"));
        }
        Ok((all, pair(&found["cursor"])))
    }

    /// Moves the keyboard cursor to `target` with the arrow keys (the shortest way under
    /// the page's rule, [`cursor_step`]) and checks that it got there.
    fn cursor_to(&self, cells: &str, (x, y): (&str, &str), target: (i64, i64)) -> Result<(), String> {
        let (all, from) = self.cursor_cells(cells, x, y)?;
        let path = cursor_path(&all, from, target).ok_or_else(|| format!("no way from {from:?} to {target:?}"))?;
        if !path.is_empty() {
            self.keys(&path)?;
        }
        let (_, at) = self.cursor_cells(cells, x, y)?;
        if at == target { Ok(()) } else { Err(format!("the cursor went to {at:?}, not {target:?} ({path:?})")) }
    }

    /// Waits until `script` returns true (60 s at most).
    fn wait_until(&self, script: &str) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if self.exec(script)? == true {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err("the page stayed busy for 60 s".to_string());
            }
            std::thread::sleep(Duration::from_millis(30));
        }
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

/// The `WebDriver` code of a key: a character, or the named keys the tests use.
fn key_code(key: &str) -> Result<String, String> {
    let code = match key {
        "Tab" => "\u{E004}",
        "Enter" => "\u{E007}",
        "Escape" => "\u{E00C}",
        "Space" => " ",
        "ArrowLeft" => "\u{E012}",
        "ArrowUp" => "\u{E013}",
        "ArrowRight" => "\u{E014}",
        "ArrowDown" => "\u{E015}",
        one if one.chars().count() == 1 => one,
        other => return Err(format!("unknown key {other:?}")),
    };
    Ok(code.to_string())
}

/// A cell of a board as `(x, y)`: column, row.
type Cell = (i64, i64);

/// The arrow keys and their directions.
const ARROWS: [(&str, (i64, i64)); 4] =
    [("ArrowUp", (0, -1)), ("ArrowDown", (0, 1)), ("ArrowLeft", (-1, 0)), ("ArrowRight", (1, 0))];

/// Where the page's cursor goes from `from` with the arrow `(dx, dy)` (`gridCursor` in
/// `play/assets/common.js`): the cell on that side with the least `along + 3 × across`
/// (the first in document order on ties), or nowhere.
fn cursor_step(cells: &[(i64, i64)], from: (i64, i64), (dx, dy): (i64, i64)) -> Option<(i64, i64)> {
    let mut best: Option<((i64, i64), i64)> = None;
    for &(x, y) in cells {
        let (along, across) =
            if dx == 0 { ((y - from.1) * dy, (x - from.0).abs()) } else { ((x - from.0) * dx, (y - from.1).abs()) };
        if along <= 0 {
            continue;
        }
        let score = along + 3 * across;
        if best.is_none_or(|(_, s)| score < s) {
            best = Some(((x, y), score));
        }
    }
    best.map(|(cell, _)| cell)
}

/// The fewest arrow keys that take the cursor from `from` to `to` (breadth-first).
fn cursor_path(cells: &[(i64, i64)], from: (i64, i64), to: (i64, i64)) -> Option<Vec<&'static str>> {
    let mut previous = std::collections::HashMap::from([(from, None)]);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        if at == to {
            let mut keys = Vec::new();
            let mut cell = at;
            while let Some(Some((before, key))) = previous.get(&cell).copied() {
                keys.push(key);
                cell = before;
            }
            keys.reverse();
            return Some(keys);
        }
        for (key, step) in ARROWS {
            if let Some(next) = cursor_step(cells, at, step) {
                previous.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    Some((at, key))
                });
            }
        }
    }
    None
}

/// Runs axe-core on the page on screen: `Err` listing the violations of impact serious or
/// critical, else a summary of the others.
fn audit(browser: &Browser, axe: &str) -> Result<String, String> {
    if browser.exec("return typeof window.axe === 'object';")? != true {
        browser.exec(&format!("{axe}\n;return true;"))?;
    }
    let found = browser.exec_async(
        "const done = arguments[arguments.length - 1];\
         axe.run(document, { resultTypes: ['violations'] })\
           .then((r) => done(r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,\
             nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))))\
           .catch((e) => done({ error: String(e) }));",
    )?;
    let violations = found.as_array().ok_or_else(|| format!("axe failed: {found}"))?;
    let (grave, other): (Vec<&Value>, Vec<&Value>) =
        violations.iter().partition(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")));
    if !grave.is_empty() {
        let list: Vec<String> =
            grave.iter().map(|v| format!("{} ({}): {} at {}", v["id"], v["impact"], v["help"], v["nodes"])).collect();
        return Err(format!("axe: {}", list.join("; ")));
    }
    let names: Vec<String> = other.iter().map(|v| format!("{} ({})", v["id"], v["impact"])).collect();
    Ok(if names.is_empty() { "axe: no violation".to_string() } else { format!("axe: only {}", names.join(", ")) })
}

/// axe-core on every page as it loads, with small and big boards.
fn audit_pages(browser: &Browser, context: &Context) -> Result<String, String> {
    let mut seen = Vec::new();
    for page in PAGES.iter().chain(&BIG_PAGES) {
        browser.open_page(&format!("{}{page}", context.server))?;
        let summary = audit(browser, &context.axe).map_err(|e| format!("{page}: {e}"))?;
        seen.push(format!("{page}: {summary}"));
    }
    Ok(seen.join("; "))
}

/// The pages again with their biggest boards, for the phone-sized window.
const BIG_PAGES: [&str; 3] =
    ["/shisen?size=30x16&seed=1", "/hitori?size=12&seed=1", "/kami?size=10x29&colors=8&regions=24&seed=1"];

/// Every page in a 390x844 window, with small and big boards: nothing may scroll sideways. (The window stays small
/// for the screenshot; the next test starts in a desktop-sized one.)
fn phone(browser: &Browser, context: &Context) -> Result<String, String> {
    browser.call("POST", "/window/rect", Some(&json!({ "width": 390, "height": 844 })))?;
    let mut widths = Vec::new();
    for page in PAGES.iter().chain(&BIG_PAGES) {
        browser.open_page(&format!("{}{page}", context.server))?;
        let size = browser.exec(
            "const d = document.documentElement;\
             return { inner: window.innerWidth, scroll: d.scrollWidth, client: d.clientWidth };",
        )?;
        let (inner, scroll, client) = (size["inner"].as_i64(), size["scroll"].as_i64(), size["client"].as_i64());
        if inner.is_none_or(|w| w > 400) {
            return Err(format!("{page}: the window is not phone-sized: {size}"));
        }
        if scroll > client {
            return Err(format!("{page} scrolls sideways in a 390x844 window: {size}"));
        }
        widths.push(format!("{page} {}", client.unwrap_or_default()));
    }
    Ok(format!("no sideways scrolling at 390 px (client widths: {})", widths.join(", ")))
}

/// A seeded 3x3 fifteen by keys alone: hint and undo by their keys, then the solver's
/// moves as arrow keys (an arrow slides the tile beyond the blank that way).
fn fifteen_keys(browser: &Browser, context: &Context) -> Result<String, String> {
    let server = &context.server;
    browser.goto(&format!("{server}/fifteen?size=3x3&seed=7"))?;
    browser.tab_to_board()?;
    let cursor =
        browser.exec("return [...document.querySelectorAll('[data-cursor=true]')].map(e => e.dataset.value);")?;
    if cursor != json!(["0"]) {
        return Err(format!("the cursor is not on the blank: {cursor}"));
    }
    let tiles = browser.exec(
        "return [...document.querySelectorAll('[data-testid=board] [data-value]')].map(e => Number(e.dataset.value));",
    )?;
    let solution = api(server, "fifteen/solve", &json!({ "width": 3, "height": 3, "tiles": tiles }))?;
    let moves = solution["moves"].as_str().ok_or("no solution")?;
    // The blank moves down when the tile below it slides up: ArrowUp.
    let arrow = |m: char| match m {
        'U' => "ArrowDown",
        'D' => "ArrowUp",
        'L' => "ArrowRight",
        _ => "ArrowLeft",
    };
    browser.keys(&["h"])?;
    if browser.exec("return document.querySelectorAll('[data-hint=\"1\"]').length;")? != 1 {
        return Err("the h key shows no hint".to_string());
    }
    let first = moves.chars().next().ok_or("an empty solution")?;
    browser.keys(&[arrow(first), "u"])?;
    expect_status(browser, "0 moves")?;
    browser.keys(&[arrow(first), "Ctrl+z"])?;
    expect_status(browser, "0 moves")?;
    let keys: Vec<&str> = moves.chars().map(arrow).collect();
    browser.keys(&keys)?;
    let status = expect_status(browser, "solved")?;
    if !status.contains(&format!("{} moves", moves.len())) {
        return Err(format!("status {status:?} does not count {} moves", moves.len()));
    }
    let axe = audit(browser, &context.axe)?;
    Ok(format!("{status} ({axe})"))
}

/// A 6x4 shisen deal by keys alone: `h` for the hint, then the cursor to each tile of
/// the pair and Enter, until the board is cleared; Escape drops a selection.
fn shisen_keys(browser: &Browser, context: &Context) -> Result<String, String> {
    browser.goto(&format!("{}/shisen?size=6x4&seed=11", context.server))?;
    browser.tab_to_board()?;
    let tiles = "[data-testid=board] g.tile";
    for round in 0..12 {
        browser.keys(&["h"])?;
        let pair = browser.exec(
            "return [...document.querySelectorAll('[data-testid=board] [data-hint=\"1\"]')]\
             .map(e => [Number(e.dataset.x), Number(e.dataset.y)]);",
        )?;
        let pair = pair.as_array().filter(|p| p.len() == 2).ok_or_else(|| format!("the hint shows {pair}"))?;
        let cell = |v: &Value| (v[0].as_i64().unwrap_or(-1), v[1].as_i64().unwrap_or(-1));
        let (a, b) = (cell(&pair[0]), cell(&pair[1]));
        browser.cursor_to(tiles, ("x", "y"), a)?;
        browser.keys(&["Enter"])?;
        let selected = "return document.querySelectorAll('[data-selected=true]').length;";
        if browser.exec(selected)? != 1 {
            return Err(format!("Enter did not select {a:?}"));
        }
        if round == 0 {
            browser.keys(&["Escape"])?;
            if browser.exec(selected)? != 0 {
                return Err("Escape did not drop the selection".to_string());
            }
            browser.keys(&["Space"])?;
        }
        browser.cursor_to(tiles, ("x", "y"), b)?;
        browser.keys(&["Enter"])?;
    }
    let status = expect_status(browser, "cleared")?;
    let axe = audit(browser, &context.axe)?;
    Ok(format!("{status} ({axe})"))
}

/// The `data-state` of hitori's cell `(x, y)`.
fn hitori_state(browser: &Browser, (x, y): (i64, i64)) -> Result<String, String> {
    let state = browser.exec(&format!(
        "return document.querySelector('[data-testid=board] [data-x=\"{x}\"][data-y=\"{y}\"]').dataset.state;"
    ))?;
    Ok(state.as_str().unwrap_or("?").to_string())
}

/// A 5x5 hitori by keys alone: Enter cycles a cell through shaded, circled and clear, `u`
/// and Ctrl+Z undo, then the cursor shades each cell of the solution.
fn hitori_keys(browser: &Browser, context: &Context) -> Result<String, String> {
    let server = &context.server;
    browser.goto(&format!("{server}/hitori?size=5x5&seed=3"))?;
    browser.tab_to_board()?;
    let rows = browser.exec(
        "const cells = [...document.querySelectorAll('[data-testid=board] [data-value]')];\
         const rows = [];\
         for (const c of cells) { const y = Number(c.dataset.y); (rows[y] = rows[y] || []).push(c.dataset.value); }\
         return rows.map(r => r.join(' '));",
    )?;
    let solution = api(server, "hitori/solve", &json!({ "rows": rows }))?;
    let marks = solution["solution"].as_array().ok_or_else(|| format!("no solution: {solution}"))?;
    let cells = "[data-testid=board] g.cell";
    let corner = (4, 4);
    browser.cursor_to(cells, ("x", "y"), corner)?;
    for (key, want) in
        [("Enter", "shaded"), ("Space", "circled"), ("Enter", ""), ("Ctrl+z", "circled"), ("u", "shaded"), ("u", "")]
    {
        browser.keys(&[key])?;
        let state = hitori_state(browser, corner)?;
        if state != want {
            return Err(format!("after {key}, data-state is {state:?}, not {want:?}"));
        }
    }
    for (y, row) in marks.iter().enumerate() {
        for (x, mark) in row.as_str().unwrap_or_default().chars().enumerate() {
            if mark == '#' {
                let cell = (x as i64, y as i64);
                browser.cursor_to(cells, ("x", "y"), cell)?;
                browser.keys(&["Enter"])?;
                let state = hitori_state(browser, cell)?;
                if state != "shaded" {
                    return Err(format!("{cell:?} is {state:?} after Enter"));
                }
            }
        }
    }
    let status = expect_status(browser, "solved")?;
    let axe = audit(browser, &context.axe)?;
    Ok(format!("{status} ({axe})"))
}

/// A small kami level at par by keys alone: each move's colour by its digit, the cursor
/// to its triangle, Enter; symbols checked on the palette and the board before and after,
/// and first the symbol toggle, kept by the share link.
fn kami_keys(browser: &Browser, context: &Context) -> Result<String, String> {
    let server = &context.server;
    browser.goto(&format!("{server}/kami?size=5x6&colors=3&regions=8&seed=2026"))?;
    // Every triangle carries its colour's symbol, the palette's button the same one, and
    // no two colours share a symbol.
    let palette = browser.exec(
        "return [...document.querySelectorAll('[data-testid=palette] button')]\
         .map(b => [b.dataset.colour, b.dataset.symbol, b.querySelector('svg')?.dataset.symbol]);",
    )?;
    let palette: Vec<(String, String)> = palette
        .as_array()
        .ok_or("no palette")?
        .iter()
        .map(|p| (p[0].as_str().unwrap_or("").to_string(), p[1].as_str().unwrap_or("").to_string()))
        .collect();
    let symbols: std::collections::BTreeSet<&String> = palette.iter().map(|(_, s)| s).collect();
    if symbols.len() != palette.len() || symbols.contains(&String::new()) {
        return Err(format!("the palette's symbols are not distinct: {palette:?}"));
    }
    let symbol_of = |colour: &str| palette.iter().find(|(c, _)| c == colour).map(|(_, s)| s.clone());
    let check_board = || -> Result<(), String> {
        let board = browser.exec(
            "return [...document.querySelectorAll('[data-testid=board] polygon[data-r]')]\
             .map(p => [p.dataset.value, p.dataset.symbol]);",
        )?;
        for t in board.as_array().ok_or("no triangles")? {
            if symbol_of(t[0].as_str().unwrap_or("")).as_deref() != t[1].as_str() {
                return Err(format!("a triangle of colour {} has symbol {}", t[0], t[1]));
            }
        }
        Ok(())
    };
    check_board()?;
    // The symbol toggle (clicked) is kept by the share link; on again for the game.
    browser.click("[data-testid=symbols]")?;
    let href = browser.exec("return document.querySelector('[data-testid=share]').getAttribute('href');")?;
    let href = href.as_str().unwrap_or_default().to_string();
    if !href.contains("symbols=0") {
        return Err(format!("the share link {href:?} does not keep the symbols off"));
    }
    browser.goto(&format!("{server}{href}"))?;
    let off = browser.exec(
        "return !document.querySelector('#symbols').checked \
         && getComputedStyle(document.querySelector('.kami-symbol')).display === 'none';",
    )?;
    if off != true {
        return Err(format!("{href} shows the symbols"));
    }
    check_board()?;
    browser.click("[data-testid=symbols]")?;
    let href = browser.exec("return document.querySelector('[data-testid=share]').getAttribute('href');")?;
    if href.as_str().is_none_or(|h| h.contains("symbols")) {
        return Err(format!("symbols on, the share link is {href}"));
    }
    let text = browser.exec("return document.querySelector('#paste').value;")?;
    let solution = api(server, "kami/solve", &json!({ "text": text }))?;
    let moves = solution["moves"].as_array().ok_or("no moves")?;
    if solution["optimal"] != true || moves.is_empty() {
        return Err(format!("no optimal solution: {solution}"));
    }
    browser.tab_to_board()?;
    browser.keys(&["h"])?;
    if browser.exec("return document.querySelectorAll('polygon[data-hint=\"1\"]').length;")? != 1 {
        return Err("the h key shows no hint".to_string());
    }
    let triangles = "[data-testid=board] polygon[data-r]";
    for (i, m) in moves.iter().enumerate() {
        let colour = m["colour"].as_str().unwrap_or_default();
        let digit = palette.iter().position(|(c, _)| c == colour).ok_or("a colour not in the palette")? + 1;
        browser.keys(&[&digit.to_string()])?;
        let pressed = browser.exec(&format!(
            "return document.querySelector('[data-testid=colour-{colour}]').getAttribute('aria-pressed');"
        ))?;
        if pressed != "true" {
            return Err(format!("key {digit} did not choose colour {colour}"));
        }
        let target = (m["col"].as_i64().unwrap_or(-1), m["row"].as_i64().unwrap_or(-1));
        browser.cursor_to(triangles, ("c", "r"), target)?;
        browser.keys(&["Enter"])?;
        if i == 0 {
            browser.keys(&["u"])?;
            expect_status(browser, "0 moves")?;
            browser.keys(&["Enter"])?;
        }
        let tapped = browser.exec(&format!(
            "const p = document.querySelector('polygon[data-r=\"{}\"][data-c=\"{}\"]');\
             return [p.dataset.value, p.dataset.symbol];",
            target.1, target.0
        ))?;
        if tapped[0] != colour || tapped[1].as_str() != symbol_of(colour).as_deref() {
            return Err(format!("the tapped triangle shows {tapped}, not colour {colour}"));
        }
    }
    check_board()?;
    let status = expect_status(browser, "solved")?;
    if !status.contains("par made") {
        return Err(format!("status {status:?}: not at par"));
    }
    let axe = audit(browser, &context.axe)?;
    Ok(format!("{status} ({axe})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_follows_lines_and_skips_gaps() {
        // A 3x2 board without (1, 0): right from (0, 0) skips the gap on its row.
        let cells = [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)];
        assert_eq!(cursor_step(&cells, (0, 0), (1, 0)), Some((2, 0)));
        assert_eq!(cursor_step(&cells, (0, 0), (-1, 0)), None);
        // Nothing on the line: the closest cell on that side.
        assert_eq!(cursor_step(&[(0, 0), (3, 1)], (0, 0), (1, 0)), Some((3, 1)));
        assert_eq!(cursor_path(&cells, (0, 0), (1, 1)), Some(vec!["ArrowDown", "ArrowRight"]));
        assert_eq!(cursor_path(&cells, (2, 1), (2, 1)), Some(vec![]));
        assert_eq!(cursor_path(&cells, (0, 0), (5, 5)), None);
    }

    #[test]
    fn keys_have_webdriver_codes() {
        assert_eq!(key_code("Enter").unwrap(), "\u{E007}");
        assert_eq!(key_code("h").unwrap(), "h");
        assert!(key_code("Hyper").is_err());
    }
}
