//! Test helpers: the playground on a free loopback port, and a plain HTTP/1.1 client.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// The storm tests measure how fast the server answers under load, so nothing else in this
/// binary may run beside them: they hold the lock for writing, every other test for reading
/// (those run side by side with each other, never during a storm).
static LOAD: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Held by a test that measures latency: no other test of this binary runs meanwhile.
pub fn alone() -> std::sync::RwLockWriteGuard<'static, ()> {
    LOAD.write().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Held by every other test: they run side by side, but never during a storm test.
pub fn beside_others() -> std::sync::RwLockReadGuard<'static, ()> {
    LOAD.read().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Starts the playground with `config` on 127.0.0.1 (a free port) on a thread of its own;
/// returns `host:port`.
pub fn start(config: play::Config) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap().to_string()).unwrap();
            play::serve(listener, config).await.unwrap();
        });
    });
    rx.recv_timeout(Duration::from_secs(10)).expect("the server starts")
}

/// A response: status, content type and body text.
pub struct Response {
    pub status: u16,
    pub content_type: String,
    /// The `Location` header, if any (a redirect's target).
    pub location: String,
    pub body: String,
}

impl Response {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Sends one request with a raw body and `Connection: close`; reads the whole answer.
pub fn request(host: &str, method: &str, path: &str, content_type: &str, body: &[u8]) -> std::io::Result<Response> {
    let mut stream = TcpStream::connect(host)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let content_type = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-type:").map(|v| v.trim().to_string()))
        .unwrap_or_default();
    let location = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase().starts_with("location:").then(|| l["location:".len()..].trim().to_string())
        })
        .unwrap_or_default();
    Ok(Response { status, content_type, location, body: body.to_string() })
}

/// `GET path`.
pub fn get(host: &str, path: &str) -> Response {
    request(host, "GET", path, "text/plain", b"").expect("GET")
}

/// `POST path` with a JSON body.
pub fn post(host: &str, path: &str, body: &Value) -> Response {
    request(host, "POST", path, "application/json", body.to_string().as_bytes()).expect("POST")
}

/// `POST path` that must answer 200; its JSON.
pub fn ok(host: &str, path: &str, body: &Value) -> Value {
    let r = post(host, path, body);
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    r.json()
}
