//! Each game played to the end by clicks only.

use serde_json::json;

use super::driver::{Browser, api, expect_status};

/// A seeded 3x3 fifteen: the board read from the page, solved by the API, played by
/// clicking each tile the solution slides.
pub(super) fn fifteen(browser: &Browser, server: &str) -> Result<String, String> {
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
pub(super) fn shisen(browser: &Browser, server: &str) -> Result<String, String> {
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
pub(super) fn hitori(browser: &Browser, server: &str) -> Result<String, String> {
    browser.goto(&format!("{server}/hitori?size=5x5&seed=3"))?;
    for (x, y) in hitori_shaded(browser, server)? {
        browser.click(&format!("[data-testid=board] [data-x=\"{x}\"][data-y=\"{y}\"]"))?;
    }
    expect_status(browser, "solved")
}

/// The cells `(x, y)` the API's solution shades in the hitori puzzle on the page.
pub(super) fn hitori_shaded(browser: &Browser, server: &str) -> Result<Vec<(i64, i64)>, String> {
    let rows = browser.exec(
        "const cells = [...document.querySelectorAll('[data-testid=board] [data-value]')];\
         const rows = [];\
         for (const c of cells) { const y = Number(c.dataset.y); (rows[y] = rows[y] || []).push(c.dataset.value); }\
         return rows.map(r => r.join(' '));",
    )?;
    let solution = api(server, "hitori/solve", &json!({ "rows": rows }))?;
    let marks = solution["solution"].as_array().ok_or_else(|| format!("no solution: {solution}"))?;
    let mut shaded = Vec::new();
    for (y, row) in (0i64..).zip(marks) {
        for (x, mark) in (0i64..).zip(row.as_str().unwrap_or_default().chars()) {
            if mark == '#' {
                shaded.push((x, y));
            }
        }
    }
    Ok(shaded)
}

/// A small generated kami level at par: its optimal solution tapped colour by colour.
pub(super) fn kami(browser: &Browser, server: &str) -> Result<String, String> {
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
