//! What the tests need around them: Chromium and axe-core (installed when missing), the
//! pages they open, and what every test is given.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub(super) const CHROMIUM: &str = "/usr/bin/chromium";
pub(super) const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// What the tests share: the playground's URL and axe-core's script.
pub(super) struct Context {
    pub(super) server: String,
    pub(super) axe: String,
}

/// The pages, with a small puzzle each (the home page has no board).
pub(super) const PAGES: [&str; 5] = [
    "/",
    "/fifteen?size=3x3&seed=7",
    "/shisen?size=6x4&seed=11",
    "/hitori?size=5x5&seed=3",
    "/kami?size=5x6&colors=3&regions=8&seed=2026",
];

pub(super) fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// Installs Chromium and its `WebDriver` server from Debian's packages when missing (as root).
pub(super) fn install_browser() -> Result<(), String> {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return Ok(());
    }
    eprintln!("e2e: installing chromium and chromium-driver");
    crate::apt_install(&["chromium", "chromium-driver"])
}

/// axe-core's script: the npm package `axe-core@4` under `dir`, installed with npm when
/// missing (and npm from Debian when there is none). Injected into the pages by the
/// tests only; the playground does not ship it.
pub(super) fn install_axe(dir: &Path) -> Result<String, String> {
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
pub(super) fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}
