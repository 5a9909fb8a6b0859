//! The piece art's pictures: the SVG files of `art/`, built into the library and inlined as
//! symbols. Which picture draws which piece is decided by [`fairyboard_art::resolve`], the
//! rule the browser diagram uses too (re-exported here with [`Art`]).
//!
//! ```
//! use fairyboard_render::art::{self, Art};
//! match art::resolve("rook", "R", "", Some("xiangqi")) {
//!     Art::Svg { white, .. } => assert!(art::file(white).is_some()),
//!     Art::Disc(_) => unreachable!(),
//! }
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

pub use fairyboard_art::{resolve, Art};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/art_files.rs"));
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

    #[test]
    fn every_index_entry_names_an_embedded_file_that_parses() {
        let mut n = 0;
        for (name, p) in fairyboard_art::pairs() {
            for f in [&p.white, &p.black] {
                assert!(file(f).is_some(), "{name}: {f} is not in art/");
                let s = symbol(f).unwrap_or_else(|| panic!("{f} does not parse"));
                assert_eq!(s.view_box.split(' ').count(), 4, "{f}: {}", s.view_box);
                n += 1;
            }
        }
        assert!(n > 50, "{n} entries");
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
}
