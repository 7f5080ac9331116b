//! The keyboard cursor's model: `WebDriver` key codes, and the path of arrow keys from one
//! cell to another as the pages' cursor moves.

/// The `WebDriver` code of a key: a character, or the named keys the tests use.
pub(super) fn key_code(key: &str) -> Result<String, String> {
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
pub(super) type Cell = (i64, i64);

/// The arrow keys and their directions.
pub(super) const ARROWS: [(&str, (i64, i64)); 4] =
    [("ArrowUp", (0, -1)), ("ArrowDown", (0, 1)), ("ArrowLeft", (-1, 0)), ("ArrowRight", (1, 0))];

/// Where the page's cursor goes from `from` with the arrow `(dx, dy)` (`gridCursor` in
/// `play/assets/common.js`): the cell on that side with the least `along + 3 × across`
/// (the first in document order on ties), or nowhere.
pub(super) fn cursor_step(cells: &[(i64, i64)], from: (i64, i64), (dx, dy): (i64, i64)) -> Option<(i64, i64)> {
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
pub(super) fn cursor_path(cells: &[(i64, i64)], from: (i64, i64), to: (i64, i64)) -> Option<Vec<&'static str>> {
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
