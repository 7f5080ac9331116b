//! What the games' SVG pictures share: escaping text for XML.

/// `text` with the five XML special characters escaped (`&`, `<`, `>`, `"`, `'`): safe in
/// element text and in attribute values.
///
/// ```
/// assert_eq!(engine::svg::escape("<a&\"b'>"), "&lt;a&amp;&quot;b&apos;&gt;");
/// ```
#[must_use]
pub fn escape(text: &str) -> String {
    escape_chars(text, true)
}

/// `text` with `&`, `<` and `>` escaped: enough for element text (a `<title>`), where
/// quotes may stay as they are.
///
/// ```
/// assert_eq!(engine::svg::escape_text("<a&\"b'>"), "&lt;a&amp;\"b'&gt;");
/// ```
#[must_use]
pub fn escape_text(text: &str) -> String {
    escape_chars(text, false)
}

/// `&`, `<`, `>` escaped, and the two quotes when `quotes` is set.
fn escape_chars(text: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if quotes => out.push_str("&quot;"),
            '\'' if quotes => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unescaping the five entities (`&amp;` last) gives the text back, and no special
    /// character is left outside an entity.
    #[test]
    fn escaping_round_trips() {
        let unescape = |s: &str| {
            s.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&")
        };
        for text in ["", "plain", "a&b", "&amp;", "<<>>", "\"'\"", "ü & 漢 < x"] {
            assert_eq!(unescape(&escape(text)), text);
            assert_eq!(unescape(&escape_text(text)), text);
            assert!(!escape(text).contains(['<', '>', '"', '\'']), "{text}");
            assert!(!escape_text(text).contains(['<', '>']), "{text}");
            assert_eq!(escape_text(text).contains('"'), text.contains('"'));
        }
    }
}
