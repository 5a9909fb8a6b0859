//! The piece art: `art/index.json` and the SVG files it names, built into the library.
//!
//! A piece is looked up by what its definition says about it (see `art/MANIFEST.md` for the
//! index format, shared with the web front end): the variant's own table first, then the
//! common table, by piece name, then by image root (`wKing.png` → `king`), through the
//! alias table; by ID only for a piece without a name (a Fairy-FEN letter), because IDs
//! mean different pieces in different games (`C` is a chancellor, a cannon or a camel).
//! What is not found is drawn as a lettered disc.
//!
//! ```
//! use fairyboard_render::art::{self, Art};
//! use fairyboard_render::PieceRef;
//! let rook = PieceRef { name: "rook".into(), id: "R".into(), image: String::new() };
//! match art::resolve(&rook, Some("xiangqi")) {
//!     Art::Svg { white, .. } => assert_eq!(white, "xiangqi-euro/red_chariot.svg"),
//!     Art::Disc(_) => unreachable!(),
//! }
//! let odd = PieceRef { name: "wildebeest".into(), id: "W".into(), image: String::new() };
//! assert_eq!(art::resolve(&odd, None), Art::Disc('W'));
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::ffen::PieceRef;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/art_files.rs"));
}

/// The text of `art/index.json`, for a server that hands it to the browser.
pub fn index_json() -> &'static str {
    embedded::INDEX_JSON
}

/// An SVG file of the art folder by its path inside `art/` (e.g. `greenchess/king-w.svg`).
pub fn file(path: &str) -> Option<&'static str> {
    embedded::FILES
        .binary_search_by(|(p, _)| (*p).cmp(path))
        .ok()
        .map(|i| embedded::FILES[i].1)
}

/// Every art file path, sorted.
pub fn files() -> impl Iterator<Item = &'static str> {
    embedded::FILES.iter().map(|(p, _)| *p)
}

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

/// `art/index.json`, as read (unknown fields are for the web front end and ignored here).
#[derive(Debug, Deserialize)]
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
        let idx: Index =
            serde_json::from_str(embedded::INDEX_JSON).expect("art/index.json is valid (tested)");
        debug_assert_eq!(idx.format, 1);
        idx
    })
}

/// How a piece is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Art {
    /// Picture files inside `art/`, one per side.
    Svg {
        white: &'static str,
        black: &'static str,
    },
    /// No picture: a disc with this letter (white disc for White, black for Black).
    Disc(char),
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

/// The root of an image field: directory, extension and a colour prefix removed
/// (`/graphics.dir/wKing.png` → `king`, `WhitePawn` → `pawn`, `bird` → `bird`). The
/// returned list holds the bare root first, then the root with a colour prefix removed.
fn image_roots(image: &str) -> Vec<String> {
    let file = image.rsplit('/').next().unwrap_or(image);
    let stem = file
        .split(['.', '?'])
        .next()
        .unwrap_or(file)
        .replace('%', "");
    let mut roots = vec![normalize(&stem)];
    for prefix in ["white", "black", "w", "b"] {
        if stem.len() > prefix.len() && stem.to_lowercase().starts_with(prefix) {
            roots.push(normalize(&stem[prefix.len()..]));
        }
    }
    roots.retain(|r| !r.is_empty());
    roots
}

fn pair_art(p: &Pair) -> Option<Art> {
    // Resolve to the embedded `&'static str` paths (an index naming a missing file is a
    // bug caught by the tests; at run time it just falls through to the next rule).
    let w = embedded::FILES.iter().find(|(f, _)| *f == p.white)?.0;
    let b = embedded::FILES.iter().find(|(f, _)| *f == p.black)?.0;
    Some(Art::Svg { white: w, black: b })
}

fn by_key(key: &str, variant: Option<&VariantArt>) -> Option<Art> {
    let idx = index();
    if let Some(v) = variant {
        if let Some(p) = v.pieces.get(key) {
            return pair_art(p);
        }
        if let Some(p) = v
            .aliases
            .get(key)
            .and_then(|a| v.pieces.get(a).or(idx.pieces.get(a)))
        {
            return pair_art(p);
        }
    }
    if let Some(p) = idx.pieces.get(key) {
        return pair_art(p);
    }
    idx.aliases
        .get(key)
        .and_then(|a| idx.pieces.get(a))
        .and_then(pair_art)
}

/// The art for a piece of a variant (catalogue name), following the rules in the module docs.
pub fn resolve(piece: &PieceRef, variant: Option<&str>) -> Art {
    let idx = index();
    let v = variant.and_then(|name| idx.variants.get(name));
    let mut keys = vec![normalize(&piece.name)];
    keys.extend(image_roots(&piece.image));
    for key in keys.iter().filter(|k| !k.is_empty()) {
        if let Some(a) = by_key(key, v) {
            return a;
        }
    }
    if keys[0].is_empty() {
        let id = piece.id.trim_start_matches(['+', '!']).to_ascii_uppercase();
        if let Some(a) = idx.ids.get(&id).and_then(|k| by_key(k, v)) {
            return a;
        }
    }
    let letter = piece
        .id
        .chars()
        .find(|c| c.is_alphanumeric())
        .or_else(|| piece.name.chars().find(|c| c.is_alphanumeric()))
        .unwrap_or('?');
    Art::Disc(letter.to_ascii_uppercase())
}

/// One art file ready to be inlined as an SVG `<symbol>`: its view box and its drawing with
/// everything that is not picture (comments, editor metadata, scripts) removed and its
/// internal ids marked with `{ID}` so that several files can share one document.
#[derive(Clone, Debug)]
pub(crate) struct Symbol {
    pub view_box: String,
    body: String,
}

impl Symbol {
    /// The body with internal ids prefixed by `prefix` (unique per symbol in a document).
    pub fn body(&self, prefix: &str) -> String {
        self.body.replace("{ID}", prefix)
    }
}

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";

/// Elements that never draw anything we want (or could run code).
const SKIPPED: [&str; 6] = ["metadata", "title", "desc", "script", "foreignObject", "a"];

fn escape(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

/// `url(#x)` → `url(#{ID}x)` in an attribute value.
fn prefix_refs(value: &str) -> String {
    value
        .replace("url(#", "url(#{ID}")
        .replace("url('#", "url('#{ID}")
}

fn write_element(node: roxmltree::Node, out: &mut String) {
    for child in node.children() {
        if child.is_text() {
            if matches!(node.tag_name().name(), "text" | "tspan" | "style") {
                escape(child.text().unwrap_or(""), out);
            }
            continue;
        }
        if !child.is_element() {
            continue;
        }
        let tag = child.tag_name();
        if tag.namespace() != Some(SVG_NS) || SKIPPED.contains(&tag.name()) {
            continue;
        }
        let _ = write!(out, "<{}", tag.name());
        for a in child.attributes() {
            let (ns, name) = (a.namespace(), a.name());
            let value = a.value();
            let keep = match ns {
                None => !name.starts_with("on"),
                Some(XLINK_NS) => name == "href",
                _ => false,
            };
            if !keep {
                continue;
            }
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            if name == "id" {
                out.push_str("{ID}");
                escape(value, out);
            } else if name == "href" {
                if let Some(local) = value.strip_prefix('#') {
                    out.push_str("#{ID}");
                    escape(local, out);
                } else {
                    // External or data references are not followed.
                    out.push('#');
                }
            } else {
                // Editors leave long runs of spaces in path data; one is enough.
                let compact = value.split_whitespace().collect::<Vec<_>>().join(" ");
                escape(&prefix_refs(&compact), out);
            }
            out.push('"');
        }
        if child.has_children() {
            out.push('>');
            write_element(child, out);
            let _ = write!(out, "</{}>", tag.name());
        } else {
            out.push_str("/>");
        }
    }
}

fn length(v: Option<&str>) -> Option<f64> {
    v?.trim().trim_end_matches("px").parse().ok()
}

fn make_symbol(text: &str) -> Option<Symbol> {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, opts).ok()?;
    let root = doc.root_element();
    let view_box = match root.attribute("viewBox") {
        Some(vb) => vb
            .split([' ', ','])
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" "),
        None => format!(
            "0 0 {} {}",
            length(root.attribute("width"))?,
            length(root.attribute("height"))?
        ),
    };
    let mut body = String::new();
    // Presentation attributes on the root element apply to the whole picture.
    let root_style: Vec<(&str, &str)> = root
        .attributes()
        .filter(|a| a.namespace().is_none())
        .filter(|a| {
            matches!(
                a.name(),
                "fill"
                    | "stroke"
                    | "stroke-width"
                    | "style"
                    | "fill-rule"
                    | "stroke-linejoin"
                    | "stroke-linecap"
            )
        })
        .map(|a| (a.name(), a.value()))
        .collect();
    if !root_style.is_empty() {
        body.push_str("<g");
        for (n, v) in &root_style {
            let _ = write!(body, " {n}=\"");
            escape(&prefix_refs(v), &mut body);
            body.push('"');
        }
        body.push('>');
    }
    write_element(root, &mut body);
    if !root_style.is_empty() {
        body.push_str("</g>");
    }
    Some(Symbol { view_box, body })
}

/// The inlinable form of an art file (parsed once per process).
pub(crate) fn symbol(path: &str) -> Option<&'static Symbol> {
    static SYMBOLS: OnceLock<HashMap<&'static str, Symbol>> = OnceLock::new();
    SYMBOLS
        .get_or_init(|| {
            embedded::FILES
                .iter()
                .filter_map(|(p, text)| Some((*p, make_symbol(text)?)))
                .collect()
        })
        .get(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(name: &str, id: &str, image: &str) -> PieceRef {
        PieceRef {
            name: name.into(),
            id: id.into(),
            image: image.into(),
        }
    }

    #[test]
    fn every_index_entry_names_an_embedded_file_that_parses() {
        let idx = index();
        let tables = std::iter::once(&idx.pieces).chain(idx.variants.values().map(|v| &v.pieces));
        let mut n = 0;
        for t in tables {
            for (name, p) in t {
                for f in [&p.white, &p.black] {
                    assert!(file(f).is_some(), "{name}: {f} is not in art/");
                    let s = symbol(f).unwrap_or_else(|| panic!("{f} does not parse"));
                    assert_eq!(s.view_box.split(' ').count(), 4, "{f}: {}", s.view_box);
                    n += 1;
                }
            }
        }
        assert!(n > 50, "{n} entries");
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
    fn lookup_order() {
        // Name in the common table.
        assert_eq!(
            resolve(&piece("queen", "Q", ""), Some("chess")),
            Art::Svg {
                white: "greenchess/queen-w.svg",
                black: "greenchess/queen-b.svg"
            }
        );
        // The variant's own table wins over the common one: a shogi "horse" is a dragon horse.
        assert_eq!(
            resolve(&piece("horse", "H", ""), Some("shogi")),
            Art::Svg {
                white: "shogi-ryoko-lishogi/standard/ryoko_1kanji/0UM.svg",
                black: "shogi-ryoko-lishogi/standard/ryoko_1kanji/1UM.svg"
            }
        );
        // Alias: a mann is a commoner.
        assert!(matches!(
            resolve(&piece("Mann", "M", ""), None),
            Art::Svg {
                white: "greenchess/commonr-w.svg",
                ..
            }
        ));
        // Image field as the ID's page writes it.
        assert!(matches!(
            resolve(
                &piece("Shah", "X", "/graphics.dir/alfaerie/wKing.png"),
                None
            ),
            Art::Svg {
                white: "greenchess/king-w.svg",
                ..
            }
        ));
        assert!(matches!(
            resolve(&piece("x", "Y", "WhiteRook"), None),
            Art::Svg {
                white: "greenchess/rook-w.svg",
                ..
            }
        ));
        // By ID when the name says nothing.
        assert!(matches!(
            resolve(&piece("", "N", ""), None),
            Art::Svg {
                white: "greenchess/knight-w.svg",
                ..
            }
        ));
        // Fallback.
        assert_eq!(resolve(&piece("wildebeest", "W", ""), None), Art::Disc('W'));
        assert_eq!(resolve(&piece("camel", "", ""), None), Art::Disc('C'));
        // A named piece is never drawn by its ID alone: cv-leapers' camel `C` is no chancellor.
        assert_eq!(
            resolve(&piece("camel", "C", ""), Some("cv-leapers")),
            Art::Disc('C')
        );
    }

    #[test]
    fn symbols_are_cleaned_and_ids_prefixed() {
        let s = symbol("greenchess/king-w.svg").expect("king");
        assert_eq!(s.view_box, "0 0 45 45");
        let b = s.body("k-");
        assert!(!b.contains("<!--") && !b.contains("DOCTYPE"));
        assert!(b.contains("<path"));
        let shogi =
            symbol("shogi-ryoko-lishogi/standard/ryoko_1kanji/0OU.svg").expect("shogi king");
        let b = shogi.body("s1-");
        assert!(b.contains("id=\"s1-0OU_svg__a\""), "{}", &b[..200]);
        assert!(!b.contains("url(#0OU"), "every reference is prefixed too");
    }

    #[test]
    fn image_roots_strip_paths_extensions_and_colours() {
        assert_eq!(image_roots("/g/wKing.png"), vec!["wking", "king"]);
        assert_eq!(image_roots("bird"), vec!["bird", "ird"]);
        assert_eq!(
            image_roots("WhitePawn.gif?x=1"),
            vec!["whitepawn", "pawn", "hitepawn"]
        );
    }
}
