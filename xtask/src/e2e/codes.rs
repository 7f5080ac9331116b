//! Puzzle codes in the browser: each game's page shows its puzzle's code and points the
//! share link at it; the link, opened through `/?code=…`, lands on the game's page with
//! the same board; and the "open a code" box of one game opens another game's code on that
//! game's page.

use serde_json::Value;

use super::driver::Browser;
use super::setup::{Context, PAGES};

/// The board on screen: every cell's position and value, in document order.
const BOARD: &str = "return [...document.querySelectorAll('[data-testid=board] [data-value]')]\
    .map((e) => ['x', 'y', 'r', 'c'].map((k) => e.getAttribute('data-' + k)).join(',') + '=' + e.getAttribute('data-value'))\
    .join(' ');";

/// What a page shows: its path, the code on screen, the code its share link carries, and
/// the board.
const SHOWN: &str = "const share = document.querySelector('[data-testid=share]').getAttribute('href');\
    return [location.pathname, document.querySelector('[data-testid=code]').textContent,\
    new URL(share, location.href).searchParams.get('code') || ''];";

fn text(value: &Value, i: usize) -> String {
    value[i].as_str().unwrap_or_default().to_string()
}

/// The page's path, its code, the share link's code and its board.
fn shown(browser: &Browser) -> Result<(String, String, String, String), String> {
    let parts = browser.exec(SHOWN)?;
    let board = browser.exec(BOARD)?.as_str().unwrap_or_default().to_string();
    Ok((text(&parts, 0), text(&parts, 1), text(&parts, 2), board))
}

/// Waits until the page at `path` has loaded its board and is idle.
fn wait_for_page(browser: &Browser, path: &str) -> Result<(), String> {
    browser.wait_until(&format!(
        "return location.pathname === '{path}' && document.readyState === 'complete' \
         && document.body.dataset.busy === '0' && !!document.querySelector('[data-testid=board] [data-value]');"
    ))
}

pub(super) fn codes(browser: &Browser, context: &Context) -> Result<String, String> {
    let mut opened = Vec::new();
    for page in PAGES.iter().skip(1) {
        browser.open_page(&format!("{}{page}", context.server))?;
        let (path, code, shared, board) = shown(browser)?;
        let game = path.trim_start_matches('/');
        if !code.starts_with(&format!("{game}:1:")) || board.is_empty() {
            return Err(format!("{page}: code {code:?} and board {board:?} on screen"));
        }
        if shared != code {
            return Err(format!("{page}: the share link carries {shared:?}, not the code on screen {code:?}"));
        }
        // The shared link, through the home page's redirect, shows the same board.
        browser.call(
            "POST",
            "/url",
            Some(&serde_json::json!({ "url": format!("{}/?code={code}", context.server) })),
        )?;
        wait_for_page(browser, &path)?;
        let (again_path, again_code, _, again_board) = shown(browser)?;
        if (again_path.as_str(), again_code.as_str()) != (path.as_str(), code.as_str()) || again_board != board {
            return Err(format!("/?code={code} showed {again_path} {again_code:?} with another board"));
        }
        opened.push((path, code, board));
    }
    // Another game's code pasted into hitori's box opens on that game's page.
    let (kami_path, kami_code, kami_board) =
        opened.iter().find(|(p, ..)| p == "/kami").cloned().ok_or("no kami page")?;
    browser.open_page(&format!("{}/hitori?size=5x5&seed=3", context.server))?;
    browser.exec(&format!("document.querySelector('[data-testid=code-input]').value = {kami_code:?};"))?;
    let button = browser.find("[data-testid=open-code]")?;
    browser.call("POST", &format!("/element/{button}/click"), Some(&serde_json::json!({})))?;
    wait_for_page(browser, &kami_path)?;
    let (_, code, _, board) = shown(browser)?;
    if code != kami_code || board != kami_board {
        return Err(format!("the pasted kami code opened {code:?} with another board"));
    }
    let lengths: Vec<String> = opened.iter().map(|(p, c, _)| format!("{} {}", &p[1..], c.len())).collect();
    Ok(format!("4 shared codes reopened the same boards (code lengths: {})", lengths.join(", ")))
}
