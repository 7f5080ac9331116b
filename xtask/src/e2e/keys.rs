//! Each game played to the end by the keyboard alone, through the cursor hooks.

use serde_json::{Value, json};

use super::audit::audit;
use super::clicks::hitori_shaded;
use super::driver::{Browser, api, expect_status};
use super::setup::Context;

/// A seeded 3x3 fifteen by keys alone: hint and undo by their keys, then the solver's
/// moves as arrow keys (an arrow slides the tile beyond the blank that way).
pub(super) fn fifteen_keys(browser: &Browser, context: &Context) -> Result<String, String> {
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
pub(super) fn shisen_keys(browser: &Browser, context: &Context) -> Result<String, String> {
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
pub(super) fn hitori_state(browser: &Browser, (x, y): (i64, i64)) -> Result<String, String> {
    let state = browser.exec(&format!(
        "return document.querySelector('[data-testid=board] [data-x=\"{x}\"][data-y=\"{y}\"]').dataset.state;"
    ))?;
    Ok(state.as_str().unwrap_or("?").to_string())
}

/// A 5x5 hitori by keys alone: Enter cycles a cell through shaded, circled and clear, `u`
/// and Ctrl+Z undo, then the cursor shades each cell of the solution.
pub(super) fn hitori_keys(browser: &Browser, context: &Context) -> Result<String, String> {
    let server = &context.server;
    browser.goto(&format!("{server}/hitori?size=5x5&seed=3"))?;
    browser.tab_to_board()?;
    let shaded = hitori_shaded(browser, server)?;
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
    for cell in shaded {
        browser.cursor_to(cells, ("x", "y"), cell)?;
        browser.keys(&["Enter"])?;
        let state = hitori_state(browser, cell)?;
        if state != "shaded" {
            return Err(format!("{cell:?} is {state:?} after Enter"));
        }
    }
    let status = expect_status(browser, "solved")?;
    let axe = audit(browser, &context.axe)?;
    Ok(format!("{status} ({axe})"))
}

/// A small kami level at par by keys alone: each move's colour by its digit, the cursor
/// to its triangle, Enter; symbols checked on the palette and the board before and after,
/// and first the symbol toggle, kept by the share link.
pub(super) fn kami_keys(browser: &Browser, context: &Context) -> Result<String, String> {
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
