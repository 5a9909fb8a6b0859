//! `/api/…`: JSON for the catalogue, moves of a position, rules, and definition checks.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::Json;
use fairyboard_core::{catalogue, Color, Position, Variant};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::{clip, load, rules_of, Problem, Shared};

/// One catalogue entry in the list.
#[derive(Serialize)]
pub(crate) struct Summary {
    pub name: String,
    pub title: String,
    pub files: u8,
    pub ranks: u8,
    /// Piece types in the definition.
    pub piece_types: usize,
    /// Pieces on the board at the start (both sides).
    pub pieces: usize,
}

/// Every loadable catalogue entry (broken definitions are left out).
pub(crate) fn summaries() -> Vec<Summary> {
    catalogue::names()
        .iter()
        .filter_map(|n| load(n).ok())
        .map(|e| Summary {
            title: e.title(),
            files: e.variant.geometry.files,
            ranks: e.variant.geometry.ranks,
            piece_types: e.variant.pieces.len(),
            pieces: e.variant.setup.len(),
            name: e.name,
        })
        .collect()
}

pub(crate) async fn variants() -> Json<Vec<Summary>> {
    Json(
        tokio::task::spawn_blocking(summaries)
            .await
            .unwrap_or_default(),
    )
}

pub(crate) async fn variant(Path(name): Path<String>) -> Result<Json<Value>, Problem> {
    let e = load(&name).map_err(Problem::json)?;
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

/// One piece type of the catalogue, for the Design Wizard's piece picker.
#[derive(Serialize)]
pub(crate) struct CataloguePiece {
    pub name: String,
    pub id: String,
    /// The move as the definition resolves it (a name's default move filled in).
    pub betza: String,
    pub image: String,
    /// The catalogue entries that define it, sorted.
    pub variants: Vec<String>,
}

/// Every piece type of every catalogue definition, one entry per name (case-insensitive)
/// and move: the same Knight in twenty games is one choice, a Knight with another move is
/// another. Sorted by name, then move.
pub(crate) fn catalogue_pieces() -> Vec<CataloguePiece> {
    let mut out: Vec<CataloguePiece> = Vec::new();
    for name in catalogue::names() {
        let Ok((_, text)) = catalogue::read(&name) else {
            continue;
        };
        for p in idiagram::parse(&text).definition.pieces {
            let key = p.name.to_lowercase();
            match out
                .iter_mut()
                .find(|c| c.name.to_lowercase() == key && c.betza == p.betza)
            {
                Some(c) => {
                    if !c.variants.contains(&name) {
                        c.variants.push(name.clone());
                    }
                }
                None => out.push(CataloguePiece {
                    name: p.name,
                    id: p.id,
                    betza: p.betza,
                    image: p.image,
                    variants: vec![name.clone()],
                }),
            }
        }
    }
    out.sort_by(|a, b| (a.name.to_lowercase(), &a.betza).cmp(&(b.name.to_lowercase(), &b.betza)));
    out
}

pub(crate) async fn pieces() -> Json<Vec<CataloguePiece>> {
    Json(
        tokio::task::spawn_blocking(catalogue_pieces)
            .await
            .unwrap_or_default(),
    )
}

#[derive(Deserialize)]
pub(crate) struct MovesQuery {
    variant: Option<String>,
    fen: Option<String>,
}

pub(crate) async fn moves(
    q: Result<Query<MovesQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, Problem> {
    let Query(q) = q.map_err(|e| Problem::bad("(query)", e.body_text()).json())?;
    let name = q
        .variant
        .ok_or_else(|| Problem::bad("variant", "missing: give variant=NAME").json())?;
    let e = load(&name).map_err(Problem::json)?;
    let mut pos = match &q.fen {
        Some(f) => Position::from_fen(e.variant.clone(), f)
            .map_err(|err| Problem::bad("fen", format!("'{}': {err}", clip(f))).json())?,
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
}

pub(crate) async fn rules(
    State(state): State<Shared>,
    Path(name): Path<String>,
) -> Result<Json<Value>, Problem> {
    let e = Arc::new(load(&name).map_err(Problem::json)?);
    let r = rules_of(&state, e).await;
    serde_json::to_value(&*r)
        .map(Json)
        .map_err(|err| Problem::bad("(rules)", err.to_string()).json())
}

/// `POST /api/check`: the body is a definition; the answer lists its problems as the
/// parser and the build report them (`errors` and `warnings`, each `{severity, line, column,
/// piece, parameter, message}`, as `fairyboard check --json` prints them) and, when it
/// compiles, the start FEN.
pub(crate) async fn check(body: String) -> Json<Value> {
    let result = tokio::task::spawn_blocking(move || {
        let checked = fairyboard_core::definition::check("wizard", &body);
        let (errors, warnings): (Vec<_>, Vec<_>) =
            checked.diagnostics.iter().partition(|d| d.is_error());
        let fen = checked
            .variant
            .map(|v| Position::start(Arc::new(v)).to_fen());
        json!({ "ok": errors.is_empty(), "errors": errors, "warnings": warnings, "fen": fen })
    })
    .await
    .unwrap_or_else(|e| {
        let d = idiagram::Diagnostic::error(e.to_string());
        json!({ "ok": false, "errors": [d], "warnings": [] })
    });
    Json(result)
}
