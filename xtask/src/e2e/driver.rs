//! The machinery: the playground and chromedriver as child processes, HTTP on the
//! loopback, and the `WebDriver` session a test drives.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::cursor::{Cell, cursor_path, key_code};
use super::setup::{CHROMEDRIVER, CHROMIUM, free_port};

/// A child process ended when dropped.
pub(super) struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The playground, built in the dev profile and started on a free port.
pub(super) struct Server {
    pub(super) url: String,
    pub(super) _process: Process,
}

impl Server {
    pub(super) fn start(root: &Path) -> Result<Server, String> {
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
pub(super) struct Driver {
    pub(super) url: String,
    pub(super) _process: Process,
}

impl Driver {
    pub(super) fn start() -> Result<Driver, String> {
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
pub(super) fn http(method: &str, url: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
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

pub(super) fn dechunk(mut data: &[u8]) -> Vec<u8> {
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
pub(super) fn api(server: &str, path: &str, body: &Value) -> Result<Value, String> {
    match http("POST", &format!("{server}/api/{path}"), Some(body))? {
        (200, value) => Ok(value),
        (status, value) => Err(format!("/api/{path} answered {status}: {value}")),
    }
}

pub(super) fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
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
pub(super) struct Browser {
    pub(super) session: String,
}

pub(super) const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    pub(super) fn open(driver: &str) -> Result<Browser, String> {
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

    pub(super) fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let (status, answer) = http(method, &format!("{}{path}", self.session), body)?;
        if status == 200 { Ok(answer["value"].clone()) } else { Err(format!("webdriver {path}: {status}: {answer}")) }
    }

    pub(super) fn goto(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", Some(&json!({ "url": url })))?;
        self.wait_idle()
    }

    /// Opens `url`, a page with or without a board, and waits until it is idle.
    pub(super) fn open_page(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", Some(&json!({ "url": url })))?;
        self.wait_until(
            "return document.readyState === 'complete' && document.body.dataset.busy === '0' \
             && (document.body.dataset.page === 'index' || !!document.querySelector('[data-testid=board]'));",
        )
    }

    pub(super) fn exec(&self, script: &str) -> Result<Value, String> {
        self.call("POST", "/execute/sync", Some(&json!({ "script": script, "args": [] })))
    }

    /// Runs `script` asynchronously: it ends by calling `arguments[0]` with its answer.
    pub(super) fn exec_async(&self, script: &str) -> Result<Value, String> {
        self.call("POST", "/execute/async", Some(&json!({ "script": script, "args": [] })))
    }

    /// Sends `keys` to the focused element, one after the other, through `WebDriver`
    /// actions, then waits until idle. A key is a character, a key name (`Tab`, `Enter`,
    /// `Escape`, `ArrowUp`, …) or `Ctrl+` and a key.
    pub(super) fn keys(&self, keys: &[&str]) -> Result<(), String> {
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
    pub(super) fn tab_to_board(&self) -> Result<usize, String> {
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
    pub(super) fn cursor_cells(&self, cells: &str, x: &str, y: &str) -> Result<(Vec<Cell>, Cell), String> {
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
    /// the page's rule, [`cursor_step`](super::cursor::cursor_step)) and checks that it got there.
    pub(super) fn cursor_to(&self, cells: &str, (x, y): (&str, &str), target: (i64, i64)) -> Result<(), String> {
        let (all, from) = self.cursor_cells(cells, x, y)?;
        let path = cursor_path(&all, from, target).ok_or_else(|| format!("no way from {from:?} to {target:?}"))?;
        if !path.is_empty() {
            self.keys(&path)?;
        }
        let (_, at) = self.cursor_cells(cells, x, y)?;
        if at == target { Ok(()) } else { Err(format!("the cursor went to {at:?}, not {target:?} ({path:?})")) }
    }

    /// Waits until `script` returns true (60 s at most).
    pub(super) fn wait_until(&self, script: &str) -> Result<(), String> {
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
    pub(super) fn wait_idle(&self) -> Result<(), String> {
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

    pub(super) fn find(&self, css: &str) -> Result<String, String> {
        let found = self.call("POST", "/element", Some(&json!({ "using": "css selector", "value": css })))?;
        found[ELEMENT].as_str().map(str::to_string).ok_or_else(|| format!("no element {css}"))
    }

    /// Clicks the element `css` selects (a real pointer click), then waits until idle.
    pub(super) fn click(&self, css: &str) -> Result<(), String> {
        let id = self.find(css)?;
        self.call("POST", &format!("/element/{id}/click"), Some(&json!({})))?;
        self.wait_idle()
    }

    pub(super) fn status(&self) -> Result<String, String> {
        let id = self.find("[data-testid=status]")?;
        let text = self.call("GET", &format!("/element/{id}/text"), None)?;
        Ok(text.as_str().unwrap_or_default().to_string())
    }

    pub(super) fn screenshot(&self, path: &Path) -> Result<(), String> {
        let data = self.call("GET", "/screenshot", None)?;
        let png = base64_decode(data.as_str().unwrap_or_default())?;
        std::fs::write(path, png).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    pub(super) fn close(&self) {
        let _ = http("DELETE", &self.session, None);
    }
}

pub(super) fn expect_status(browser: &Browser, word: &str) -> Result<String, String> {
    let status = browser.status()?;
    if status.contains(word) { Ok(status) } else { Err(format!("status {status:?} does not say {word:?}")) }
}
