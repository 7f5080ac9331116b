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
//! loaded in a phone-sized window (390x844) that must not scroll sideways. Last, each
//! game's shared `?code=` link, opened through `/?code=`, must show the same board.

mod audit;
mod clicks;
mod codes;
mod cursor;
mod driver;
mod keys;
mod setup;

use std::path::Path;
use std::time::Instant;

use serde_json::json;

use audit::{audit_pages, phone};
use clicks::{fifteen, hitori, kami, shisen};
use codes::codes;
use driver::{Browser, Driver, Server};
use keys::{fifteen_keys, hitori_keys, kami_keys, shisen_keys};
use setup::{Context, install_axe, install_browser, target_dir};

/// A test: plays a game to the end (or audits the pages) in the browser, returns what it
/// saw (a game's final status text).
type Test = fn(&Browser, &Context) -> Result<String, String>;

/// The tests, by name; each game's name is the name of its screenshot.
const TESTS: [(&str, Test); 11] = [
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
    ("codes", codes),
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
