//! The HTML pages: home (catalogue), a variant, the Design Wizard and the Fairy-FEN editor.
//! Pages are plain HTML built here around front-end files of `web/` compiled in (the site's
//! style sheet and the editor's markup inlined; the catalogue's search script and the
//! editor's script served from `/site/`, as the page's Content-Security-Policy runs no
//! inline script); the live diagrams come from the served `web/` modules
//! (`<div class="idiagram">` + `/web/idiagram.js`).

use std::fmt::Write as _;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use fairyboard_render::rules_page::{self, esc};

use crate::{Problem, Shared};

/// The catalogue's search box script.
const HOME_JS: &str = include_str!("../../../web/home.js");
/// The Fairy-FEN editor's form and image, and its script.
const EDITOR_HTML: &str = include_str!("../../../web/editor.html");
const EDITOR_JS: &str = include_str!("../../../web/editor.js");

/// The site frame's style sheet (inlined: a page needs no second request to look right).
const SITE_CSS: &str = include_str!("../../../web/site.css");

/// The site's frame around a page body.
fn layout(title: &str, body: &str, extra_head: &str) -> Html<String> {
    Html(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{} — fairyboard</title>\n<style>\n{SITE_CSS}</style>\n{extra_head}</head>\n<body>\n\
         <header><a class=\"brand\" href=\"/\">fairyboard</a><a href=\"/\">Catalogue</a>\
         <a href=\"/wizard\">Design Wizard</a><a href=\"/editor\">Fairy-FEN editor</a></header>\n\
         <main>\n{body}</main>\n</body>\n</html>\n",
        esc(title)
    ))
}

/// An HTML error page for a problem met while building a page.
fn problem_page(p: Problem) -> (axum::http::StatusCode, Html<String>) {
    let status = p.status;
    let body = format!(
        "<h1>{}</h1>\n<p>{}: {}</p>\n<p><a href=\"/\">Back to the catalogue</a></p>\n",
        status.as_u16(),
        esc(&p.parameter),
        esc(&p.message)
    );
    (status, layout("Error", &body, ""))
}

pub(crate) async fn home(State(state): State<Shared>) -> Html<String> {
    let catalogue = state.catalogue().await;
    let list = &catalogue.summaries;
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<h1>Chess variants</h1>\n<p>{} games, each from a short Interactive Diagram definition. \
         Pick one for its live diagram and rules.</p>\n\
         <input id=\"search\" type=\"search\" placeholder=\"Search by name or size (e.g. 10x8)\" autofocus>\n\
         <ul class=\"cards\" id=\"cards\">",
        list.len()
    );
    for s in list {
        let keys = format!(
            "{} {} {}x{}",
            s.name.to_lowercase(),
            s.title.to_lowercase(),
            s.files,
            s.ranks
        );
        let _ = writeln!(
            body,
            "<li data-search=\"{}\"><a href=\"/variants/{name}\">\
             <img src=\"/d?variant={name}&amp;size=24&amp;fmt=svg\" alt=\"{}\" loading=\"lazy\">\
             <b>{}</b></a><div class=\"meta\">{}×{} board · {} pieces · {} piece types</div></li>",
            esc(&keys),
            esc(&s.title),
            esc(&s.title),
            s.files,
            s.ranks,
            s.pieces,
            s.piece_types,
            name = esc(&s.name),
        );
    }
    let _ = write!(
        body,
        "</ul>\n<p id=\"none\" hidden>No variant matches.</p>\n<script src=\"/site/home.js\"></script>\n"
    );
    layout("Catalogue", &body, "")
}

pub(crate) async fn variant(
    State(state): State<Shared>,
    Path(name): Path<String>,
) -> Result<Html<String>, (axum::http::StatusCode, Html<String>)> {
    let entry = state.entry(&name).await.map_err(problem_page)?;
    let rules = state.rules(entry.clone()).await.map_err(problem_page)?;
    let page = state
        .budget
        .cpu(move || variant_page(&entry, &rules))
        .await
        .map_err(problem_page)?;
    Ok(page)
}

/// A variant's page: live diagram, rules, definition.
fn variant_page(entry: &crate::catalogue::Entry, rules: &rules_page::Rules) -> Html<String> {
    let title = entry.title();
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<div class=\"variant-page\">\n<h1>{}</h1>\n<p class=\"meta\">{}×{} board · \
         <a href=\"/api/variants/{n}\">definition (JSON)</a> · <a href=\"/api/rules/{n}\">rules (JSON)</a> · \
         <a href=\"/d?variant={n}&amp;coords=1\">setup image</a></p>",
        esc(&title),
        entry.variant.geometry.files,
        entry.variant.geometry.ranks,
        n = esc(&entry.name)
    );
    let _ = writeln!(
        body,
        "<h2>Live diagram</h2>\n<p class=\"meta\">Drag or click the pieces; picking one up shows where it can go.</p>\n\
         <div class=\"live\"><div class=\"idiagram\" data-variant=\"{n}\">{}</div></div>\n\
         <noscript><img src=\"/d?variant={n}&amp;coords=1\" alt=\"setup\"></noscript>",
        esc(&entry.text),
        n = esc(&entry.name)
    );
    let _ = writeln!(body, "<h2>Rules</h2>\n{}", rules_page::fragment(rules));
    let _ = writeln!(
        body,
        "<h2>Definition</h2>\n<pre class=\"definition\">{}</pre>\n</div>",
        esc(&entry.text)
    );
    let head = format!(
        "<style>\n{}</style>\n<script type=\"module\" src=\"/web/idiagram.js\"></script>\n",
        rules_page::CSS
    );
    layout(&title, &body, &head)
}

/// The Design Wizard: `web/wizard.html`, compiled in so the page always matches this
/// server. Its modules (`/web/wizard.js`, the WebAssembly rules core) come from the served
/// `web/` folder and its piece picker from [`/api/pieces`](crate::api::pieces).
pub(crate) async fn wizard() -> Html<&'static str> {
    Html(include_str!("../../../web/wizard.html"))
}

/// The Fairy-FEN editor: type a position, see the image `/d` draws, copy its link.
pub(crate) async fn editor() -> Html<String> {
    let body = format!("{EDITOR_HTML}<script src=\"/site/editor.js\"></script>\n");
    layout("Fairy-FEN editor", &body, "")
}

/// `GET /site/FILE`: the pages' own scripts, compiled in with the pages that use them.
pub(crate) async fn script(Path(file): Path<String>) -> Response {
    let js = match file.as_str() {
        "home.js" => HOME_JS,
        "editor.js" => EDITOR_JS,
        _ => return Problem::not_found("(path)", "no such page").into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        js,
    )
        .into_response()
}
