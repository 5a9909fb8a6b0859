//! `GET /d`: diagram images, in the spirit of janko.at's `d.php?ff=` links.
//!
//! `ff=FFEN` draws a Fairy-FEN (runs of empty squares one digit at a time; `runs=multi`
//! reads `10` as ten instead); `variant=NAME` (with an optional `fen=FEN`) draws a game
//! position with the variant's own pieces. Style options are those of
//! [`fairyboard_render::DiagramQuery`]. The image is a pure function of the query (and, for
//! `variant=`, of the definition text), so the ETag is a hash of those and a matching
//! `If-None-Match` is answered with 304 before anything is drawn.

use std::time::Instant;

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use fairyboard_core::Position;
use fairyboard_render::{render, Diagram, DiagramQuery, Format, RenderError};

use crate::catalogue::Entry;
use crate::{clip, fnv, Problem, Shared};

/// What to draw.
enum Source {
    Ffen(String),
    Game {
        entry: std::sync::Arc<Entry>,
        fen: Option<String>,
    },
}

pub(crate) async fn diagram(
    State(state): State<Shared>,
    pairs: Result<Query<Vec<(String, String)>>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, Problem> {
    let started = Instant::now();
    let Query(pairs) = pairs.map_err(|e| Problem::bad("(query)", e.body_text()))?;
    let query = DiagramQuery::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(|e| Problem::bad(&e.parameter, e.message))?;
    let last = |k: &str| {
        pairs
            .iter()
            .rev()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
    };
    let source = match (query.ffen.clone(), last("variant")) {
        (Some(ff), None) => Source::Ffen(ff),
        (None, Some(name)) => Source::Game {
            entry: state.entry(&name).await?,
            fen: last("fen"),
        },
        (Some(_), Some(_)) => {
            return Err(Problem::bad(
                "ff",
                "give either ff (a Fairy-FEN) or variant (with fen), not both",
            ))
        }
        (None, None) => {
            return Err(Problem::bad(
                "ff",
                "missing: give ff=FFEN, or variant=NAME (and fen=FEN)",
            ))
        }
    };
    // `runs=multi` opts in to multi-digit empty runs (`10` = ten); by default each digit is
    // a run of its own, as the diagrammer reads them (`55` = ten).
    let multi = last("runs").as_deref() == Some("multi");
    let style = query.style.clone();
    // Parsing (a FEN may hold 130 KB of hand) and layout run as CPU work.
    let input = match &source {
        Source::Ffen(ff) => ff.len(),
        Source::Game { fen, .. } => fen.as_ref().map_or(0, String::len),
    };
    let (diagram, identity, max_age, layout) = state
        .budget
        .parse(input, move || -> Result<_, Problem> {
            let (diagram, identity, max_age) = match source {
                Source::Ffen(ff) => {
                    let parse = if multi {
                        Diagram::parse_ffen_multi_digit
                    } else {
                        Diagram::parse_ffen
                    };
                    let d = parse(&ff).map_err(|e| {
                        Problem::bad("ff", format!("at character {}: {}", e.position, e.message))
                    })?;
                    (d, format!("ff\u{1}{ff}\u{1}{multi}"), 86_400)
                }
                Source::Game { entry, fen } => {
                    let pos = match &fen {
                        Some(f) => Position::from_fen(entry.variant.clone(), f)
                            .map_err(|e| Problem::bad("fen", format!("'{}': {e}", clip(f))))?,
                        None => Position::start(entry.variant.clone()),
                    };
                    (
                        Diagram::from_position(&pos),
                        format!(
                            "v\u{1}{}\u{1}{:x}\u{1}{}",
                            entry.name,
                            entry.text_hash,
                            pos.to_fen()
                        ),
                        300,
                    )
                }
            };
            let layout = render::Layout::new(&diagram, &style);
            Ok((diagram, identity, max_age, layout))
        })
        .await??;
    let etag = format!(
        "\"{:016x}\"",
        fnv(format!(
            "{}\u{1}{identity}\u{1}{:?}\u{1}{:?}",
            env!("CARGO_PKG_VERSION"),
            query.format,
            query.style
        )
        .as_bytes())
    );
    let cache = format!("public, max-age={max_age}");
    if matches_etag(&headers, &etag) {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, etag.clone()),
                (header::CACHE_CONTROL, cache.clone()),
            ],
        )
            .into_response());
    }
    if layout.width > render::MAX_IMAGE_SIDE
        || layout.height > render::MAX_IMAGE_SIDE
        || layout.width as u64 * layout.height as u64 > render::MAX_IMAGE_PIXELS
    {
        return Err(too_large(&RenderError::TooLarge {
            width: layout.width,
            height: layout.height,
        }));
    }
    let format = query.format;
    let style = query.style;
    let pixels = layout.width as u64 * layout.height as u64;
    let drawn = state
        .budget
        .draw(
            pixels,
            started,
            move || -> Result<(Vec<u8>, &'static str), RenderError> {
                match format {
                    Format::Svg => {
                        Ok((render::svg(&diagram, &style).into_bytes(), "image/svg+xml"))
                    }
                    Format::Png => Ok((render::png(&diagram, &style)?, "image/png")),
                }
            },
        )
        .await?;
    let (bytes, content_type) = drawn.map_err(|e| match e {
        RenderError::TooLarge { .. } => too_large(&e),
        RenderError::EmptyBoard => Problem::bad("size", e.to_string()),
        RenderError::Rasterise(m) => Problem {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            ..Problem::bad("(render)", m)
        },
    })?;
    let mut resp = (StatusCode::OK, bytes).into_response();
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    if let Ok(v) = HeaderValue::from_str(&cache) {
        h.insert(header::CACHE_CONTROL, v);
    }
    Ok(resp)
}

/// An image over the renderer's size bounds: 422, naming `size` and the bounds.
fn too_large(e: &RenderError) -> Problem {
    Problem {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        ..Problem::bad("size", format!("{e}: lower size= or draw a smaller board"))
    }
}

/// `GET /favicon.ico`: a white knight on a 32-pixel square, drawn by the renderer once (as
/// PNG; browsers read the format from the bytes, whatever the name says). Without it every
/// page view logs a 404 in the browser's console.
pub(crate) async fn favicon() -> Response {
    static ICON: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let icon = ICON.get_or_init(|| {
        let style = fairyboard_render::Style {
            square_px: 32,
            ..Default::default()
        };
        Diagram::parse_ffen("N")
            .ok()
            .and_then(|d| render::png(&d, &style).ok())
            .unwrap_or_default()
    });
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        icon.clone(),
    )
        .into_response()
}

/// `If-None-Match` holds this ETag (weak comparison, as RFC 9110 asks for this header) or `*`.
fn matches_etag(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim())
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag)
}
