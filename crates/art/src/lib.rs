//! Which picture draws a piece: the one rule behind every board fairyboard shows, the SVG
//! renderer's (catalogue thumbnails, rules pages) and the browser diagram's (through the
//! wasm bindings), so one piece never looks different in two places.
//!
//! A piece is looked up by what its definition says about it, in `art/index.json` (format in
//! `art/MANIFEST.md`): the variant's own table first, then the common table, by piece name,
//! then by image root (`wKing.png` → `king`), each through the alias tables. The ID letter
//! is used only for a piece without a name (a bare Fairy-FEN letter): IDs mean different
//! pieces in different games (`C` is a chancellor, a cannon or a camel; an Interactive
//! Diagram author may call an `N` a "Nuke"), so a named piece the index does not know is a
//! lettered disc, never some other piece's picture.
//!
//! This crate holds only the index (a few kilobytes), not the pictures, so the browser build
//! stays small; the renderer embeds the files themselves.
//!
//! ```
//! use fairyboard_art::{resolve, Art};
//! match resolve("rook", "R", "", Some("xiangqi")) {
//!     Art::Svg { white, .. } => assert_eq!(white, "xiangqi-euro/red_chariot.svg"),
//!     Art::Disc(_) => unreachable!(),
//! }
//! assert_eq!(resolve("wildebeest", "W", "", None), Art::Disc('W'));
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// The text of `art/index.json`.
pub const INDEX_JSON: &str = include_str!("../../../art/index.json");

/// A white and a black picture, as paths inside `art/`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Pair {
    pub white: String,
    pub black: String,
}

#[derive(Debug, Deserialize)]
struct VariantArt {
    #[serde(default)]
    pieces: HashMap<String, Pair>,
    #[serde(default)]
    aliases: HashMap<String, String>,
}

/// `art/index.json`, as read (descriptive fields are ignored).
#[derive(Debug, Default, Deserialize)]
struct Index {
    format: u32,
    pieces: HashMap<String, Pair>,
    #[serde(default)]
    aliases: HashMap<String, String>,
    #[serde(default)]
    ids: HashMap<String, String>,
    #[serde(default)]
    variants: HashMap<String, VariantArt>,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        // The index is part of the build and checked by this crate's tests; a broken one, or
        // one of a format this code does not know, would only mean discs, never a panic.
        serde_json::from_str::<Index>(INDEX_JSON)
            .ok()
            .filter(|idx| idx.format == 1)
            .unwrap_or_default()
    })
}

/// How a piece is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Art {
    /// Picture files inside `art/`, one per side.
    Svg {
        white: &'static str,
        black: &'static str,
    },
    /// No picture: a disc with this letter (white disc for White, black for Black).
    Disc(char),
}

/// Every picture pair the index names (common and per-variant tables), with its key: lets
/// the renderer check that each names a file it embeds.
pub fn pairs() -> impl Iterator<Item = (&'static str, &'static Pair)> {
    let idx = index();
    idx.pieces
        .iter()
        .chain(idx.variants.values().flat_map(|v| v.pieces.iter()))
        .map(|(k, p)| (k.as_str(), p))
}

/// The index's key form of a name: lower case, `_`/`-`/spaces collapsed to one space.
pub fn normalize(name: &str) -> String {
    let mut out = String::new();
    for word in name
        .split(|c: char| c == '_' || c == '-' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&word.to_lowercase());
    }
    out
}

/// The roots of an image field: directory, extension and a colour prefix removed
/// (`/graphics.dir/wKing.png` → `king`, `WhitePawn` → `pawn`, `bird` → `bird`). The bare
/// root comes first, then the root without a colour prefix. A one-letter prefix counts only
/// before a capital (`wKing`): in `bird` or `brook` the `b` is part of the word.
fn image_roots(image: &str) -> Vec<String> {
    let file = image.rsplit('/').next().unwrap_or(image);
    let stem = file
        .split(['.', '?'])
        .next()
        .unwrap_or(file)
        .replace('%', "");
    let mut roots = vec![normalize(&stem)];
    let lower = stem.to_lowercase();
    for prefix in ["white", "black"] {
        if lower.len() > prefix.len() && lower.starts_with(prefix) {
            roots.push(normalize(&stem[prefix.len()..]));
        }
    }
    let mut chars = stem.chars();
    if let (Some('w' | 'b' | 'W' | 'B'), Some(next)) = (chars.next(), chars.next()) {
        if next.is_uppercase() {
            roots.push(normalize(&stem[1..]));
        }
    }
    roots.retain(|r| !r.is_empty());
    roots
}

fn pair_art(p: &'static Pair) -> Art {
    Art::Svg {
        white: &p.white,
        black: &p.black,
    }
}

fn by_key(key: &str, variant: Option<&'static VariantArt>) -> Option<Art> {
    let idx = index();
    if let Some(v) = variant {
        if let Some(p) = v.pieces.get(key) {
            return Some(pair_art(p));
        }
        if let Some(p) = v
            .aliases
            .get(key)
            .and_then(|a| v.pieces.get(a).or(idx.pieces.get(a)))
        {
            return Some(pair_art(p));
        }
    }
    if let Some(p) = idx.pieces.get(key) {
        return Some(pair_art(p));
    }
    idx.aliases
        .get(key)
        .and_then(|a| idx.pieces.get(a))
        .map(pair_art)
}

/// The art of a piece with this name, ID and image field in a variant (catalogue name, or
/// none), following the rules in the crate docs.
pub fn resolve(name: &str, id: &str, image: &str, variant: Option<&str>) -> Art {
    let idx = index();
    let v = variant.and_then(|name| idx.variants.get(name));
    let name_key = normalize(name);
    let mut keys = vec![name_key.clone()];
    keys.extend(image_roots(image));
    for key in keys.iter().filter(|k| !k.is_empty()) {
        if let Some(a) = by_key(key, v) {
            return a;
        }
    }
    if name_key.is_empty() {
        let id_key = id.trim_start_matches(['+', '!']).to_ascii_uppercase();
        if let Some(a) = idx.ids.get(&id_key).and_then(|k| by_key(k, v)) {
            return a;
        }
    }
    Art::Disc(disc_letter(name, id))
}

/// The letter of a piece's disc: the first letter or digit of its ID, else of its name.
pub fn disc_letter(name: &str, id: &str) -> char {
    id.chars()
        .find(|c| c.is_alphanumeric())
        .or_else(|| name.chars().find(|c| c.is_alphanumeric()))
        .unwrap_or('?')
        .to_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn white(art: Art) -> Option<&'static str> {
        match art {
            Art::Svg { white, .. } => Some(white),
            Art::Disc(_) => None,
        }
    }

    #[test]
    fn the_index_is_consistent() {
        let idx = index();
        assert_eq!(idx.format, 1, "art/index.json does not parse as format 1");
        assert!(pairs().count() > 25, "{} pairs", pairs().count());
        for (alias, target) in &idx.aliases {
            assert!(
                idx.pieces.contains_key(target),
                "alias {alias} → {target} is not a piece"
            );
        }
        for (id, target) in &idx.ids {
            assert!(
                idx.pieces.contains_key(target),
                "ID {id} → {target} is not a piece"
            );
        }
    }

    #[test]
    fn named_pieces_never_fall_back_to_their_id() {
        // "Nuke" with the knight's letter: no picture is called nuke, so a disc N.
        assert_eq!(resolve("Nuke", "N", "Nuke", None), Art::Disc('N'));
        // "elf" with the alfil's letter E: a disc, not the elephant.
        assert_eq!(resolve("elf", "E", "elf", None), Art::Disc('E'));
        // A wizard (W) has no picture; its leading w is no colour prefix.
        assert_eq!(resolve("wizard", "W", "wizard", None), Art::Disc('W'));
        // Nor is the b of "brook" (which is no rook).
        assert_eq!(resolve("brook", "B", "brook", None), Art::Disc('B'));
        // cv-leapers' camel C is no chancellor.
        assert_eq!(
            resolve("camel", "C", "", Some("cv-leapers")),
            Art::Disc('C')
        );
    }

    #[test]
    fn lookup_order() {
        // By name, any case.
        assert_eq!(
            white(resolve("Knight", "N", "", None)),
            Some("greenchess/knight-w.svg")
        );
        assert_eq!(
            resolve("queen", "Q", "", Some("chess")),
            Art::Svg {
                white: "greenchess/queen-w.svg",
                black: "greenchess/queen-b.svg"
            }
        );
        // The name wins over the ID: a knight lettered S is still a knight.
        assert_eq!(
            white(resolve("knight", "S", "", None)),
            Some("greenchess/knight-w.svg")
        );
        // The variant's own table wins over the common one: a shogi "horse" is a dragon horse.
        assert_eq!(
            white(resolve("horse", "H", "", Some("shogi"))),
            Some("shogi-ryoko-lishogi/standard/ryoko_1kanji/0UM.svg")
        );
        // Alias: a mann is a commoner; "Crowned_Knight" a centaur.
        assert_eq!(
            white(resolve("Mann", "M", "", None)),
            Some("greenchess/commonr-w.svg")
        );
        assert_eq!(
            white(resolve("Crowned_Knight", "X", "", None)),
            Some("greenchess/centaur-w.svg")
        );
        // Image field as the Interactive Diagram's pages write it.
        assert_eq!(
            white(resolve(
                "Shah",
                "X",
                "/graphics.dir/alfaerie/wKing.png",
                None
            )),
            Some("greenchess/king-w.svg")
        );
        assert_eq!(
            white(resolve("x", "Y", "WhiteRook", None)),
            Some("greenchess/rook-w.svg")
        );
        // By ID only when there is no name (a bare Fairy-FEN letter).
        assert_eq!(
            white(resolve("", "N", "", None)),
            Some("greenchess/knight-w.svg")
        );
        assert_eq!(
            white(resolve("", "+p", "", None)),
            Some("greenchess/pawn-w.svg")
        );
        // Discs: the ID's letter, else the name's.
        assert_eq!(resolve("wildebeest", "W", "", None), Art::Disc('W'));
        assert_eq!(resolve("camel", "", "", None), Art::Disc('C'));
        assert_eq!(resolve("", "", "", None), Art::Disc('?'));
    }

    #[test]
    fn image_roots_strip_paths_extensions_and_colours() {
        assert_eq!(image_roots("/g/wKing.png"), vec!["wking", "king"]);
        assert_eq!(image_roots("bird"), vec!["bird"]);
        assert_eq!(image_roots("WhitePawn.gif?x=1"), vec!["whitepawn", "pawn"]);
        assert_eq!(image_roots("bKnight"), vec!["bknight", "knight"]);
    }
}
