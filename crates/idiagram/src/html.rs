//! The page around a definition: HTML markup and entities as a page's source (or its
//! copy-paste) carries them, read the way the Interactive Diagram reads the text of its
//! `<div class="idiagram">` element.
//!
//! The script takes the text content of that element (the article: "write a small definition
//! … between a HTML tag pair that has the attribute class=\"idiagram\""), so markup is not
//! part of the definition: line-breaking tags (`<br>`, `<p>`, `<div>`, list items, table
//! cells …) end a line, comments are dropped, and entities stand for their character
//! (`&amp;` is `&`, `&quot;` is `"`, `&nbsp;` a blank). Other tags (inline ones such as
//! `<b>`, which pages do not put inside a definition) and a `<` or `&` that does not start
//! such a tag or entity stay as written: author text such as a `title=` may hold them.
//!
//! ```text
//! <div class="idiagram">files=8<br>ranks=8<br>
//! &nbsp;rook::::a1,h1</div>
//! ```
//!
//! is the two-parameter, one-piece definition `files=8`, `ranks=8`, `rook::::a1,h1`. Lines
//! keep the source's numbers (a line split at a tag gives several lines with one number) and
//! each part starts at its source column; within a part an entity counts as one column, and
//! [`source_column`] finds the source's column again for the diagnostics.

use std::borrow::Cow;

/// One line of definition text: its 1-based source line, the source column where it starts,
/// and its text with markup removed and entities decoded.
pub(crate) struct PageLine<'a> {
    pub line: usize,
    pub col: usize,
    pub text: Cow<'a, str>,
    /// Decoded entities: `(column, extra)`, the column of the character an entity became
    /// (counted as the parser counts, from `col`) and how many more source characters the
    /// entity had. Columns after it are that much further right in the source.
    pub shifts: Vec<(usize, usize)>,
}

/// The source column of column `col` of line `line` as the parser counts it: the same, but
/// for the characters after a decoded entity (see [`PageLine::shifts`]).
pub(crate) fn source_column(lines: &[PageLine], line: usize, col: usize) -> usize {
    let part = lines.iter().rev().find(|l| l.line == line && l.col <= col);
    col + part.map_or(0, |p| {
        p.shifts
            .iter()
            .filter(|&&(at, _)| at < col)
            .map(|&(_, extra)| extra)
            .sum()
    })
}

/// Tags that end a line: the elements a page (or a rich-text editor) puts between the lines
/// of a definition.
const BREAKS: &[&str] = &[
    "br",
    "p",
    "div",
    "pre",
    "li",
    "ul",
    "ol",
    "tr",
    "td",
    "th",
    "table",
    "tbody",
    "blockquote",
    "center",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
];

/// The lines of a definition text: split at newlines (a CR before one and a byte-order mark
/// at the start dropped), then at line-breaking tags, with other markup removed and entities
/// decoded. A line without `<`, `&` or a no-break space is passed through as it is.
pub(crate) fn page_lines(text: &str) -> Vec<PageLine<'_>> {
    let mut out = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let mut line = raw.strip_suffix('\r').unwrap_or(raw);
        if i == 0 {
            line = line.strip_prefix('\u{feff}').unwrap_or(line);
        }
        if line.contains(['<', '&', '\u{a0}']) {
            split_markup(line, i + 1, &mut out);
        } else {
            out.push(PageLine {
                line: i + 1,
                col: 1,
                text: Cow::Borrowed(line),
                shifts: Vec::new(),
            });
        }
    }
    out
}

/// What markup starts at the `<` that begins `rest`: `Some((bytes, breaks))` for a
/// line-breaking tag (`breaks`) or a comment of that many bytes; `None` for a plain `<`.
fn tag(rest: &str) -> Option<(usize, bool)> {
    if let Some(body) = rest.strip_prefix("<!--") {
        return body.find("-->").map(|j| (4 + j + 3, false));
    }
    let end = rest.find('>')?;
    if rest[1..end].contains('<') {
        return None;
    }
    let inner = rest[1..end].trim_start();
    let inner = inner.strip_prefix('/').unwrap_or(inner);
    let name_len = inner
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let after = &inner[name_len..];
    if name_len == 0 || !(after.is_empty() || after.starts_with([' ', '\t', '/'])) {
        return None;
    }
    let name = inner[..name_len].to_ascii_lowercase();
    BREAKS.contains(&name.as_str()).then_some((end + 1, true))
}

/// The character an entity at the start of `rest` (which begins with `&`) stands for, and
/// its length in bytes; `None` when `rest` does not start with a known entity.
fn entity(rest: &str) -> Option<(char, usize)> {
    let semi = rest.get(..12.min(rest.len())).unwrap_or(rest).find(';')?;
    let name = &rest[1..semi];
    let ch = match name {
        // A no-break space separates like a blank (and a name written with one is the name
        // with a blank).
        "nbsp" => ' ',
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        _ => {
            let code = match name.strip_prefix('#') {
                Some(hex) if hex.starts_with(['x', 'X']) => u32::from_str_radix(&hex[1..], 16),
                Some(dec) => dec.parse::<u32>(),
                None => return None,
            };
            let ch = char::from_u32(code.ok()?)?;
            if ch == '\u{a0}' {
                ' '
            } else {
                ch
            }
        }
    };
    Some((ch, semi + 1))
}

fn split_markup<'a>(line: &'a str, line_no: usize, out: &mut Vec<PageLine<'a>>) {
    let mut cur = String::new();
    let mut shifts = Vec::new();
    let mut cur_col = 1;
    let mut col = 1;
    let mut b = 0;
    while b < line.len() {
        let rest = &line[b..];
        let ch = rest.chars().next().unwrap_or(' ');
        let (skip, emit): (usize, Option<char>) = match ch {
            '<' => match tag(rest) {
                Some((len, breaks)) => {
                    if breaks {
                        out.push(PageLine {
                            line: line_no,
                            col: cur_col,
                            text: Cow::Owned(std::mem::take(&mut cur)),
                            shifts: std::mem::take(&mut shifts),
                        });
                        cur_col = col + rest[..len].chars().count();
                    }
                    (len, None)
                }
                None => (1, Some('<')),
            },
            '&' => match entity(rest) {
                Some((c, len)) => (len, Some(c)),
                None => (1, Some('&')),
            },
            '\u{a0}' => (ch.len_utf8(), Some(' ')),
            c => (c.len_utf8(), Some(c)),
        };
        if let Some(c) = emit {
            if cur.is_empty() && cur_col < col {
                // Text after a dropped comment at the start of a part starts here.
                cur_col = col;
            }
            let chars = rest[..skip].chars().count();
            if chars > 1 {
                // The parser's column of this character: the part's start plus the characters
                // before it in the decoded part.
                shifts.push((cur_col + cur.chars().count(), chars - 1));
            }
            cur.push(c);
        }
        col += rest[..skip].chars().count();
        b += skip;
    }
    out.push(PageLine {
        line: line_no,
        col: cur_col,
        text: Cow::Owned(cur),
        shifts,
    });
}

/// A text as a definition must write it to be read back as itself: each `&` that would
/// start an entity written `&amp;`, each `<` that would start a line-breaking tag or a
/// comment written `&lt;`. Other text (nearly all) is returned as it is.
pub(crate) fn protect(text: &str) -> Cow<'_, str> {
    let needs = |b: usize| {
        let rest = &text[b..];
        (rest.starts_with('&') && entity(rest).is_some())
            || (rest.starts_with('<') && tag(rest).is_some())
    };
    if !text.char_indices().any(|(b, _)| needs(b)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for (b, c) in text.char_indices() {
        match c {
            '&' if needs(b) => out.push_str("&amp;"),
            '<' if needs(b) => out.push_str("&lt;"),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<(usize, usize, String)> {
        page_lines(s)
            .into_iter()
            .map(|l| (l.line, l.col, l.text.into_owned()))
            .collect()
    }

    #[test]
    fn tags_break_lines_and_entities_decode() {
        assert_eq!(
            lines("<div class=\"idiagram\">files=8<br/>ranks=8</div>"),
            vec![
                (1, 1, String::new()),
                (1, 23, "files=8".into()),
                (1, 35, "ranks=8".into()),
                (1, 48, String::new()),
            ]
        );
        assert_eq!(
            lines("big rook:R:R::a1&amp;b &lt;x&gt;\u{a0}&quot;&#65;&#x42;&nbsp;"),
            vec![(1, 1, "big rook:R:R::a1&b <x> \"AB ".into())]
        );
        // Not markup: kept as written.
        assert_eq!(
            lines("a<b c<brx> & &foo; <i>x</i> <br"),
            vec![(1, 1, "a<b c<brx> & &foo; <i>x</i> <br".into())]
        );
        assert_eq!(lines("x<!-- note -->y")[0].2, "xy");
        // Columns after an entity are found in the source again.
        let l = page_lines("a&amp;b<br>c&lt;&gt;d");
        assert_eq!(l[0].shifts, [(2, 4)]);
        assert_eq!(l[1].shifts, [(13, 3), (14, 3)]);
        assert_eq!(source_column(&l, 1, 3), 7); // b
        assert_eq!(source_column(&l, 1, 15), 21); // d
        assert_eq!(source_column(&l, 1, 13), 13); // the '<' itself
        assert_eq!(lines("\u{feff}a\r\nb")[1], (2, 1, "b".into()));
        // What a definition holds is written so that it reads back as itself.
        for t in [
            "a&amp;b",
            "x<br>y",
            "<!--c-->",
            "&#65;&",
            "plain & <i> text",
        ] {
            let written = protect(t);
            assert_eq!(lines(&written)[0].2, t, "{written}");
        }
        assert!(matches!(protect("a & b <i>"), Cow::Borrowed(_)));
    }
}
