//! The catalogue as the server holds it: read from the catalogue folder and compiled once,
//! on the first request that needs it, then shared by every request (`/` and
//! `/api/variants` used to compile all definitions per request). Definitions edited on disk
//! are seen after a restart.
//!
//! A URL's variant name is looked up here and only here: the set of names is the folder's
//! `NAME.txt` files, so no name can reach another file (a `config` next to the server, or a
//! `chess` file shadowing the catalogue's chess).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use axum::http::StatusCode;
use fairyboard_core::catalogue as folder;
use fairyboard_core::Variant;
use serde::Serialize;

use crate::{clip, Problem};

/// One compiled catalogue entry.
pub(crate) struct Entry {
    pub name: String,
    pub text: String,
    pub variant: Arc<Variant>,
    /// FNV-1a of the text: part of ETags and cache keys.
    pub text_hash: u64,
}

impl Entry {
    /// The definition's `title=`, else its `# name:` line, else the catalogue name.
    pub fn title(&self) -> String {
        self.variant
            .about
            .title
            .clone()
            .unwrap_or_else(|| crate::title_of(&self.name, &self.text))
    }
}

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

/// The whole catalogue, compiled.
#[derive(Default)]
pub(crate) struct Catalogue {
    entries: BTreeMap<String, Arc<Entry>>,
    /// Entries that could not be read or compiled, with the reason (a 500 names it).
    broken: BTreeMap<String, String>,
    /// Every loadable entry, in name order (the home page and `/api/variants`).
    pub summaries: Vec<Summary>,
    /// Every piece type (`/api/pieces`).
    pub pieces: Vec<CataloguePiece>,
}

impl Catalogue {
    /// Read and compile every `NAME.txt` of `dir`.
    pub fn load(dir: &Path) -> Catalogue {
        let mut entries = BTreeMap::new();
        let mut broken = BTreeMap::new();
        let mut texts = Vec::new();
        for name in folder::names_in(dir) {
            let text = match folder::read_entry(dir, &name) {
                Ok(t) => t,
                Err(e) => {
                    broken.insert(name, e.to_string());
                    continue;
                }
            };
            texts.push((name.clone(), text.clone()));
            match Variant::from_definition(&name, &text) {
                Ok((v, _)) => {
                    let entry = Entry {
                        text_hash: crate::fnv(text.as_bytes()),
                        name: name.clone(),
                        text,
                        variant: Arc::new(v),
                    };
                    entries.insert(name, Arc::new(entry));
                }
                Err(errs) => {
                    let why = errs
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("; ");
                    broken.insert(name, why);
                }
            }
        }
        let summaries = entries
            .values()
            .map(|e| Summary {
                name: e.name.clone(),
                title: e.title(),
                files: e.variant.geometry.files,
                ranks: e.variant.geometry.ranks,
                piece_types: e.variant.pieces.len(),
                pieces: e.variant.setup.len(),
            })
            .collect();
        Catalogue {
            entries,
            broken,
            summaries,
            pieces: pieces_of(&texts),
        }
    }

    /// The entry a URL names: 400 for a malformed name, 404 for a name not in the
    /// catalogue, 500 (naming the problem) for a broken definition.
    pub fn get(&self, name: &str) -> Result<Arc<Entry>, Problem> {
        if !folder::is_valid_name(name) {
            return Err(Problem::bad(
                "variant",
                format!(
                    "'{}' is not a catalogue name (lower-case letters, digits, '-' and '_')",
                    clip(name)
                ),
            ));
        }
        if let Some(e) = self.entries.get(name) {
            return Ok(e.clone());
        }
        match self.broken.get(name) {
            Some(why) => Err(Problem {
                status: StatusCode::INTERNAL_SERVER_ERROR,
                ..Problem::bad(
                    "variant",
                    format!("the catalogue's definition of '{name}' has errors: {why}"),
                )
            }),
            None => Err(Problem::not_found(
                "variant",
                format!("no variant '{name}' in the catalogue"),
            )),
        }
    }
}

/// Every piece type of every definition, one entry per name (case-insensitive) and move:
/// the same Knight in twenty games is one choice, a Knight with another move is another.
/// Sorted by name, then move.
fn pieces_of(texts: &[(String, String)]) -> Vec<CataloguePiece> {
    let mut out: Vec<CataloguePiece> = Vec::new();
    for (name, text) in texts {
        for p in idiagram::parse(text).definition.pieces {
            let key = p.name.to_lowercase();
            match out
                .iter_mut()
                .find(|c| c.name.to_lowercase() == key && c.betza == p.betza)
            {
                Some(c) => {
                    if !c.variants.contains(name) {
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
