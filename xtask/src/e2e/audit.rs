//! axe-core on every page, and a phone-sized window that must not scroll sideways.

use serde_json::{Value, json};

use super::driver::Browser;
use super::setup::{Context, PAGES};

/// Runs axe-core on the page on screen: `Err` listing the violations of impact serious or
/// critical, else a summary of the others.
pub(super) fn audit(browser: &Browser, axe: &str) -> Result<String, String> {
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
pub(super) fn audit_pages(browser: &Browser, context: &Context) -> Result<String, String> {
    let mut seen = Vec::new();
    for page in PAGES.iter().chain(&BIG_PAGES) {
        browser.open_page(&format!("{}{page}", context.server))?;
        let summary = audit(browser, &context.axe).map_err(|e| format!("{page}: {e}"))?;
        seen.push(format!("{page}: {summary}"));
    }
    Ok(seen.join("; "))
}

/// The pages again with their biggest boards, for the phone-sized window.
pub(super) const BIG_PAGES: [&str; 3] =
    ["/shisen?size=30x16&seed=1", "/hitori?size=12&seed=1", "/kami?size=10x29&colors=8&regions=24&seed=1"];

/// Every page in a 390x844 window, with small and big boards: nothing may scroll sideways. (The window stays small
/// for the screenshot; the next test starts in a desktop-sized one.)
pub(super) fn phone(browser: &Browser, context: &Context) -> Result<String, String> {
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
