//! The pages and their scripts, built into the binary: no CDN, no front-end build step.

use axum::response::Html;

const LAYOUT: &str = include_str!("../assets/layout.html");

/// Each page: its name, title and body (the script has the page's name).
const PAGES: [(&str, &str, &str); 6] = [
    ("index", "Puzzle playground", include_str!("../assets/index.html")),
    ("fifteen", "Fifteen", include_str!("../assets/fifteen.html")),
    ("shisen", "Shisen-Sho", include_str!("../assets/shisen.html")),
    ("hitori", "Hitori", include_str!("../assets/hitori.html")),
    ("kami", "Kami", include_str!("../assets/kami.html")),
    ("missing", "Not found", "<p>No such page. The games are listed on the <a href=\"/\">home page</a>.</p>"),
];

/// The static files under `/assets/`: name, content type, text.
const FILES: [(&str, &str, &str); 6] = [
    ("play.css", "text/css; charset=utf-8", include_str!("../assets/play.css")),
    ("common.js", "text/javascript; charset=utf-8", include_str!("../assets/common.js")),
    ("fifteen.js", "text/javascript; charset=utf-8", include_str!("../assets/fifteen.js")),
    ("shisen.js", "text/javascript; charset=utf-8", include_str!("../assets/shisen.js")),
    ("hitori.js", "text/javascript; charset=utf-8", include_str!("../assets/hitori.js")),
    ("kami.js", "text/javascript; charset=utf-8", include_str!("../assets/kami.js")),
];

/// A page by name (the home page for an unknown one).
pub(crate) fn page(name: &str) -> Html<String> {
    let (name, title, body) = PAGES.iter().find(|p| p.0 == name).copied().unwrap_or(PAGES[0]);
    let script = if FILES.iter().any(|f| f.0 == format!("{name}.js")) {
        format!(r#"<script src="/assets/{name}.js"></script>"#)
    } else {
        String::new()
    };
    Html(
        LAYOUT
            .replace("{{title}}", title)
            .replace("{{page}}", name)
            .replace("{{body}}", body)
            .replace("{{script}}", &script),
    )
}

/// A page of one message (`title` as heading and title, `text` below it), escaped.
pub(crate) fn message_page(title: &str, text: &str) -> Html<String> {
    let body = format!(
        "<h1>{}</h1>\n<p>{}</p>\n<p><a href=\"/\">The games</a></p>",
        engine::svg::escape_text(title),
        engine::svg::escape_text(text)
    );
    Html(
        LAYOUT
            .replace("{{title}}", &engine::svg::escape_text(title))
            .replace("{{page}}", "message")
            .replace("{{body}}", &body)
            .replace("{{script}}", ""),
    )
}

/// A static file: its content type and text.
pub(crate) fn asset(name: &str) -> Option<(&'static str, &'static str)> {
    FILES.iter().find(|f| f.0 == name).map(|f| (f.1, f.2))
}
