//! `/api/…`: JSON for the catalogue, moves of a position, rules, and definition checks.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use fairyboard_core::{Color, Position, Variant};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::{clip, Problem, Shared, MAX_DIAGNOSTICS};

pub(crate) async fn variants(State(state): State<Shared>) -> Response {
    Json(&state.catalogue().await.summaries).into_response()
}

pub(crate) async fn variant(
    State(state): State<Shared>,
    Path(name): Path<String>,
) -> Result<Json<Value>, Problem> {
    let e = state.entry(&name).await.map_err(Problem::json)?;
    let v: &Variant = &e.variant;
    let pieces: Vec<Value> = v
        .pieces
        .iter()
        .map(|p| {
            json!({
                "name": p.name,
                "id": p.id,
                "betza": p.betza,
                "royal": p.royal,
                "image": p.image,
            })
        })
        .collect();
    Ok(Json(json!({
        "name": e.name,
        "title": e.title(),
        "files": v.geometry.files,
        "ranks": v.geometry.ranks,
        "definition": e.text,
        "pieces": pieces,
        "fen": Position::start(e.variant.clone()).to_fen(),
    })))
}

/// Every piece type of the catalogue, for the Design Wizard's piece picker.
pub(crate) async fn pieces(State(state): State<Shared>) -> Response {
    Json(&state.catalogue().await.pieces).into_response()
}

#[derive(Deserialize)]
pub(crate) struct MovesQuery {
    variant: Option<String>,
    fen: Option<String>,
}

pub(crate) async fn moves(
    State(state): State<Shared>,
    q: Result<Query<MovesQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, Problem> {
    let Query(q) = q.map_err(|e| Problem::bad("(query)", e.body_text()).json())?;
    let name = q
        .variant
        .ok_or_else(|| Problem::bad("variant", "missing: give variant=NAME").json())?;
    let e = state.entry(&name).await.map_err(Problem::json)?;
    let input = q.fen.as_ref().map_or(0, String::len);
    state
        .budget
        .parse(input, move || {
            let mut pos = match &q.fen {
                Some(f) => Position::from_fen(e.variant.clone(), f)
                    .map_err(|err| Problem::bad("fen", format!("'{}': {err}", clip(f))))?,
                None => Position::start(e.variant.clone()),
            };
            let v = e.variant.clone();
            let mut names: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
            names.sort();
            Ok(Json(json!({
                "variant": e.name,
                "fen": pos.to_fen(),
                "side": if pos.side_to_move() == Color::White { "white" } else { "black" },
                "count": names.len(),
                "moves": names,
            })))
        })
        .await
        .and_then(|r| r)
        .map_err(Problem::json)
}

pub(crate) async fn rules(
    State(state): State<Shared>,
    Path(name): Path<String>,
) -> Result<Json<Value>, Problem> {
    let e = state.entry(&name).await.map_err(Problem::json)?;
    let r = state.rules(e).await.map_err(Problem::json)?;
    serde_json::to_value(&*r)
        .map(Json)
        .map_err(|err| Problem::bad("(rules)", err.to_string()).json())
}

/// Why a request body could not be read: 408 when the client was too slow to send it
/// (the body timeout), else the extractor's own status, as JSON naming `(body)`.
fn body_problem(e: axum::extract::rejection::StringRejection) -> Problem {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(&e);
    let mut slow = false;
    while let Some(c) = cause {
        slow |= c.is::<tower_http::timeout::TimeoutError>();
        cause = c.source();
    }
    let status = if slow {
        StatusCode::REQUEST_TIMEOUT
    } else {
        e.status()
    };
    Problem {
        status,
        ..Problem::bad("(body)", e.body_text())
    }
    .json()
}

/// At most [`MAX_DIAGNOSTICS`] of a list, and how many more there were.
fn capped<T>(mut list: Vec<T>) -> (Vec<T>, usize) {
    let more = list.len().saturating_sub(MAX_DIAGNOSTICS);
    list.truncate(MAX_DIAGNOSTICS);
    (list, more)
}

/// `POST /api/check`: the body is a definition; the answer lists its problems as the
/// parser and the build report them (`errors` and `warnings`, each `{severity, line, column,
/// piece, parameter, message}`, as `fairyboard check --json` prints them; at most
/// [`MAX_DIAGNOSTICS`] of each kind, with the count of the rest in `more_errors` /
/// `more_warnings`) and, when it compiles, the start FEN.
pub(crate) async fn check(
    State(state): State<Shared>,
    body: Result<String, axum::extract::rejection::StringRejection>,
) -> Result<Json<Value>, Problem> {
    let body = body.map_err(body_problem)?;
    state
        .budget
        .parse(body.len(), move || {
            let checked = fairyboard_core::definition::check("wizard", &body);
            let (errors, warnings): (Vec<_>, Vec<_>) =
                checked.diagnostics.into_iter().partition(|d| d.is_error());
            let fen = checked
                .variant
                .map(|v| Position::start(Arc::new(v)).to_fen());
            let (errors, more_errors) = capped(errors);
            let (warnings, more_warnings) = capped(warnings);
            let mut out = json!({
                "ok": errors.is_empty(),
                "errors": errors,
                "more_errors": more_errors,
                "warnings": warnings,
                "more_warnings": more_warnings,
            });
            if let Some(fen) = fen {
                out["fen"] = json!(fen);
            }
            Json(out)
        })
        .await
        .map_err(Problem::json)
}
