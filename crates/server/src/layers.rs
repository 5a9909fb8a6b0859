//! What every request passes through: the access log, security headers, the CORS opening of
//! the embeddable files, the folders never served, and the request-target bound.

use std::time::Instant;

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::MAX_QUERY;

/// The site's own pages run only their own scripts (`/site/…`, `/web/…`) and the diagram's
/// WebAssembly; styles may be inline (the pages inline their style sheets); images may be
/// `blob:` (the editor's preview) or `data:`; only the site itself may frame them (the
/// wizard's preview frame). See MDN's Content-Security-Policy reference for each directive.
pub const PAGE_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; worker-src 'self' blob:; \
    connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'self'";

/// An SVG opened on its own is a document that could run script: the diagrams and the art
/// never need any.
pub const IMAGE_POLICY: &str =
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";

/// One structured line on stderr per request: method, path (not the query, which may be
/// 40 KB of FEN), status and time in milliseconds.
pub(crate) async fn access_log(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let resp = next.run(req).await;
    log_line(format_args!(
        "access method={method} path={} status={} ms={:.1}",
        crate::clip(&path),
        resp.status().as_u16(),
        started.elapsed().as_secs_f64() * 1000.0
    ));
    resp
}

/// One structured line on stderr for a server-side failure.
pub(crate) fn log_error(what: &str, message: &str) {
    log_line(format_args!("error what={what} message={message:?}"));
}

/// Write one log line, ignoring failure: a closed or full stderr (a supervisor that stopped
/// reading it) must never turn into a failed request, as `eprintln!`'s panic would.
fn log_line(line: std::fmt::Arguments) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// `nosniff` on everything; the page policy and a same-origin framing rule on the site's
/// pages. The embeddable files (`/web/`, `/art/`) and the images are meant to be used by
/// other sites' pages, so they get no framing rule; SVG gets a script-free policy.
pub(crate) async fn security_headers(req: Request, next: Next) -> Response {
    let embeddable = {
        let p = req.uri().path();
        p.starts_with("/web/") || p.starts_with("/art/")
    };
    let mut resp = next.run(req).await;
    let kind = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let h = resp.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if kind.starts_with("image/svg+xml") {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(IMAGE_POLICY),
        );
    } else if kind.starts_with("text/html") && !embeddable {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(PAGE_POLICY),
        );
        h.insert(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("SAMEORIGIN"),
        );
    }
    resp
}

/// The browser tests (`web/tests/`, with their `node_modules`) and dot-files live in the
/// served folders but are not part of the site: 404, whatever the spelling (percent-encoded,
/// any case).
pub(crate) async fn hide_test_folders(req: Request, next: Next) -> Response {
    let path = req.uri().path();
    if path.starts_with("/web/") || path.starts_with("/art/") {
        let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
        let hidden = decoded.split(['/', '\\']).any(|seg| {
            let seg = seg.to_ascii_lowercase();
            seg == "tests" || seg == "node_modules" || (seg.starts_with('.') && seg.len() > 1)
        });
        if hidden {
            return crate::Problem::not_found("(path)", "no such page").into_response();
        }
    }
    next.run(req).await
}

/// Refuse over-long request targets before any handler runs.
pub(crate) async fn limit_target(req: Request, next: Next) -> Response {
    let len = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    if len > MAX_QUERY {
        return (
            StatusCode::PAYLOAD_TOO_LARGE,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("(query): the request target is {len} bytes, more than {MAX_QUERY}\n"),
        )
            .into_response();
    }
    next.run(req).await
}

/// `/web/` and `/art/` may be read by pages of any origin: an author's page elsewhere
/// includes `/web/dist/idiagram.js`, which imports modules, fetches the WebAssembly and the
/// art index, and starts its AI worker from here — all requests the browser makes in CORS
/// mode. The files are public and carry no credentials, so `*` is safe.
pub(crate) async fn open_to_all_origins(req: Request, next: Next) -> Response {
    let shared = {
        let path = req.uri().path();
        path.starts_with("/web/") || path.starts_with("/art/")
    };
    let mut resp = next.run(req).await;
    if shared {
        resp.headers_mut().insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            header::HeaderValue::from_static("*"),
        );
    }
    resp
}
