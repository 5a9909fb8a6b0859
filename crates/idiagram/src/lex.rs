//! Splitting a definition text into items (one parameter or piece line each), keeping positions.

/// A piece of source text with the line and 1-based character column where it starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Field<'a> {
    pub text: &'a str,
    pub line: usize,
    pub col: usize,
}

impl<'a> Field<'a> {
    /// Column of the character that starts at byte offset `byte` of this field.
    pub fn col_at(&self, byte: usize) -> usize {
        let byte = byte.min(self.text.len());
        self.col + self.text.get(..byte).map_or(0, |s| s.chars().count())
    }

    /// The sub-field `text[start..end]` (byte offsets on char boundaries; clamped, never panics).
    pub fn sub(&self, start: usize, end: usize) -> Field<'a> {
        let end = end.min(self.text.len());
        let start = start.min(end);
        Field {
            text: self.text.get(start..end).unwrap_or(""),
            line: self.line,
            col: self.col_at(start),
        }
    }

    pub fn trim(&self) -> Field<'a> {
        let lead = self.text.len() - self.text.trim_start().len();
        let trimmed = self.text.trim();
        self.sub(lead, lead + trimmed.len())
    }

    /// Split at every occurrence of `sep` (like `str::split`), keeping positions.
    pub fn split(&self, sep: char) -> Vec<Field<'a>> {
        let seps: Vec<usize> = self
            .text
            .char_indices()
            .filter(|&(_, c)| c == sep)
            .map(|(i, _)| i)
            .collect();
        self.cut_at(&seps)
    }

    /// The fields between separators that start at the byte offsets `seps` (ascending; the
    /// separator character belongs to neither side). The columns are counted in one pass:
    /// a line of a million separators costs a million steps, not a million squared.
    pub fn cut_at(&self, seps: &[usize]) -> Vec<Field<'a>> {
        let mut out = Vec::with_capacity(seps.len() + 1);
        let mut start = 0;
        let mut col = self.col;
        for &s in seps {
            let s = s.clamp(start, self.text.len());
            let text = self.text.get(start..s).unwrap_or("");
            out.push(Field {
                text,
                line: self.line,
                col,
            });
            let sep_len = self
                .text
                .get(s..)
                .and_then(|rest| rest.chars().next())
                .map_or(0, char::len_utf8);
            col += text.chars().count() + usize::from(sep_len > 0);
            start = s + sep_len;
        }
        out.push(Field {
            text: self.text.get(start..).unwrap_or(""),
            line: self.line,
            col,
        });
        out
    }

    /// Split at the first occurrence of `pat`.
    pub fn split_once(&self, pat: &str) -> Option<(Field<'a>, Field<'a>)> {
        let i = self.text.find(pat)?;
        Some((self.sub(0, i), self.sub(i + pat.len(), self.text.len())))
    }
}

/// Is `key` shaped like a parameter keyword (a letter followed by letters, digits, `_`)?
pub(crate) fn is_keyword(key: &str) -> bool {
    let mut chars = key.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// What an item looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `key=value`, with the byte offset of the `=`.
    Param(usize),
    /// Contains `:` — a piece line.
    Piece,
    /// Neither.
    Other,
}

pub(crate) fn shape(text: &str) -> Shape {
    let eq = text.find('=');
    let colon = text.find(':');
    match (eq, colon) {
        (Some(e), None) => Shape::Param(e),
        (Some(e), Some(c)) if e < c && is_keyword(text[..e].trim()) => Shape::Param(e),
        (_, Some(_)) => Shape::Piece,
        (None, None) => Shape::Other,
    }
}

/// Would `text` stand on its own as an item of the space-separated stored form? A parameter
/// needs a keyword-shaped key (letters, digits, `_`), known or not: pages carry keywords the
/// original script ignores (`theme=`, `succession=`), and refusing to split at them would glue
/// the rest of the line into the value before them.
fn well_formed(text: &str) -> bool {
    match shape(text) {
        Shape::Param(e) => is_keyword(text[..e].trim()),
        Shape::Piece => text.matches(':').count() >= 3,
        Shape::Other => false,
    }
}

/// Split a definition into items. Lines are split at newlines and line-breaking HTML tags
/// (see `html`); blank lines and lines starting with `#` are skipped. A line holding several
/// whitespace-separated items (the stored form `files=10 Pawn::::a2-j2 …`) is split into them
/// when it starts with a known parameter and every resulting item is well formed (a
/// `keyword=…` or a text with at least three `:`), or when at least two of them are piece
/// lines (a stored form with a garbled piece line among them); a token without `=` or `:`
/// belongs to the token after it (piece names with spaces).
#[cfg(test)]
pub(crate) fn items(text: &str) -> Vec<Field<'_>> {
    // Tests pass texts without markup, whose lines borrow from the text.
    let lines = crate::html::page_lines(text);
    let lines: Vec<(usize, usize, &str)> = lines
        .iter()
        .map(|l| match &l.text {
            std::borrow::Cow::Borrowed(t) => (l.line, l.col, *t),
            std::borrow::Cow::Owned(_) => panic!("lex tests take texts without markup"),
        })
        .collect();
    items_of(lines)
}

/// [`items`] of lines already freed of markup: `(line, column, text)` each.
pub(crate) fn items_of<'a>(
    lines: impl IntoIterator<Item = (usize, usize, &'a str)>,
) -> Vec<Field<'a>> {
    let mut out = Vec::new();
    for (line_no, col, line) in lines {
        let whole = Field {
            text: line,
            line: line_no,
            col,
        };
        let trimmed = whole.trim();
        if trimmed.text.is_empty() || trimmed.text.starts_with('#') {
            continue;
        }
        // Tokens as byte ranges.
        let mut tokens: Vec<(usize, usize)> = Vec::new();
        let mut start: Option<usize> = None;
        for (b, c) in line.char_indices() {
            if c.is_whitespace() {
                if let Some(s) = start.take() {
                    tokens.push((s, b));
                }
            } else if start.is_none() {
                start = Some(b);
            }
        }
        if let Some(s) = start {
            tokens.push((s, line.len()));
        }
        // Groups: runs of tokens ending in a token with '=' or ':'.
        let mut groups: Vec<(usize, usize)> = Vec::new();
        let mut pending: Option<usize> = None;
        let mut pending_end = 0;
        for &(s, e) in &tokens {
            let tok = &line[s..e];
            // A known `keyword=` token always starts an item: loose tokens before it end the
            // previous parameter's value (`promoChoice=A Q M … graphicsDir=…`), as they did on
            // the line the stored copy lost. Piece names with spaces only come before pieces.
            let starts_param = matches!(
                shape(tok),
                Shape::Param(k) if crate::parse::is_known(tok[..k].trim())
            );
            if starts_param && pending.is_some() {
                if let Some(last) = groups.last_mut() {
                    last.1 = pending_end;
                    pending = None;
                }
            }
            let begin = *pending.get_or_insert(s);
            if tok.contains('=') || tok.contains(':') {
                groups.push((begin, e));
                pending = None;
            } else {
                pending_end = e;
            }
        }
        if pending.is_some() {
            if let (Some(last), Some(&(_, e))) = (groups.last_mut(), tokens.last()) {
                last.1 = e;
            }
        }
        // A piece item cut short by a blank inside a later field (an image name with a space,
        // `alfil:A:A:old elephant:c1,f1`) takes the groups after it while it has fewer than
        // four `:`, when that makes it a piece line (four or five `:`, no parameter taken in).
        // A garbled line (`Hook MoverHRmasR:Nightrider:f3`) followed by a whole piece line
        // would pass five `:` and stays alone.
        let colons = |(s, e): (usize, usize)| line[s..e].matches(':').count();
        let mut merged: Vec<(usize, usize)> = Vec::with_capacity(groups.len());
        let mut i = 0;
        while i < groups.len() {
            let mut g = groups[i];
            i += 1;
            if shape(&line[g.0..g.1]) == Shape::Piece && colons(g) < 4 {
                let (mut j, mut total) = (i, colons(g));
                while j < groups.len()
                    && total < 4
                    && shape(&line[groups[j].0..groups[j].1]) == Shape::Piece
                {
                    total += colons(groups[j]);
                    j += 1;
                }
                if j > i && (4..=5).contains(&total) {
                    g.1 = groups[j - 1].1;
                    i = j;
                }
            }
            merged.push(g);
        }
        let mut groups = merged;
        // The one-line stored form starts with a parameter (`files=10 …`); other lines are one
        // item each, whatever their fields contain.
        let one_line = groups.first().is_some_and(|&(s, e)| {
            matches!(shape(&line[s..e]), Shape::Param(e) if crate::parse::is_known(line[s..s + e].trim()))
        });
        if !one_line {
            out.push(trimmed);
            continue;
        }
        // There, an item starting with '#' (after well-formed items) starts a comment, as a
        // line would.
        let mut effective = trimmed;
        if let Some(k) = groups.iter().position(|&(s, _)| line[s..].starts_with('#')) {
            if groups[..k].iter().all(|&(s, e)| well_formed(&line[s..e])) {
                effective = whole.sub(0, groups[k].0).trim();
                groups.truncate(k);
            }
        }
        let pieces = groups
            .iter()
            .filter(|&&(s, e)| shape(&line[s..e]) == Shape::Piece && well_formed(&line[s..e]))
            .count();
        if groups.len() > 1
            && (pieces >= 2 || groups.iter().all(|&(s, e)| well_formed(&line[s..e])))
        {
            out.extend(groups.iter().map(|&(s, e)| whole.sub(s, e)));
        } else if !effective.text.is_empty() {
            out.push(effective);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<(String, usize, usize)> {
        items(s)
            .into_iter()
            .map(|f| (f.text.to_string(), f.line, f.col))
            .collect()
    }

    #[test]
    fn one_line_form() {
        assert_eq!(texts("files=8 fooBar=1 Lion:::::2").len(), 3);
        assert_eq!(texts("man:P:W:white paw=n:a4,b1").len(), 1);
        assert_eq!(texts("pawn::::a2-h2 knight:N:::b1,g1").len(), 1);
        let t = texts("files=10 shatranj pawn:P:fmWfcF:pawn: Lion:::::2");
        assert_eq!(
            t,
            vec![
                ("files=10".to_string(), 1, 1),
                ("shatranj pawn:P:fmWfcF:pawn:".to_string(), 1, 10),
                ("Lion:::::2".to_string(), 1, 39),
            ]
        );
    }

    #[test]
    fn image_names_with_blanks_stay_in_their_item() {
        let t = texts("files=8 alfil:A:A:old elephant:c1,f1 rook::R:rook image:a1 king::::e1");
        let items: Vec<&str> = t.iter().map(|i| i.0.as_str()).collect();
        assert_eq!(
            items,
            [
                "files=8",
                "alfil:A:A:old elephant:c1,f1",
                "rook::R:rook image:a1",
                "king::::e1"
            ]
        );
        // A garbled line before a whole piece line stays alone.
        let t = texts("files=8 Hook MoverHRmasR:Nightrider:f3 Pawn::fW::a4 king::::e1");
        assert_eq!(t[1].0, "Hook MoverHRmasR:Nightrider:f3");
        assert_eq!(t.len(), 4);
    }

    #[test]
    fn spaced_values_end_at_the_next_known_parameter() {
        // A value with spaces (IDs listed as `A Q M`) stays with its parameter when the next
        // item is a known parameter; a piece keeps its spaced name.
        let t = texts("files=8 promoChoice=Q R B N squareSize=40 great rook:G:R::a1,,a8");
        assert_eq!(
            t,
            vec![
                ("files=8".to_string(), 1, 1),
                ("promoChoice=Q R B N".to_string(), 1, 9),
                ("squareSize=40".to_string(), 1, 29),
                ("great rook:G:R::a1,,a8".to_string(), 1, 43),
            ]
        );
    }

    #[test]
    fn lines_are_not_split_when_pieces_would_break() {
        assert_eq!(texts("rook : R : R : : a1,h1").len(), 1);
        assert_eq!(texts("lightShade=rgb(1, 2, 3)").len(), 1);
        assert_eq!(texts("  rook::::a1, h1 \r\n# comment\n\nx=1").len(), 2);
        assert_eq!(texts("\u{feff}files=8")[0].0, "files=8");
        let t = texts("files=8 ranks=6 #x:y:z:w: a=1");
        assert_eq!(t.len(), 2);
        assert_eq!(t[1].0, "ranks=6");
        assert_eq!(texts("files=8 #x:y:z:w:")[0].0, "files=8");
        assert_eq!(
            texts("lightShade=#fff darkShade= #000")[1].0,
            "darkShade= #000"
        );
    }

    #[test]
    fn field_helpers() {
        let f = Field {
            text: "  é:b ",
            line: 3,
            col: 5,
        };
        let t = f.trim();
        assert_eq!((t.text, t.col), ("é:b", 7));
        let parts = t.split(':');
        assert_eq!((parts[1].text, parts[1].col), ("b", 9));
        assert_eq!(shape("a=b:c"), Shape::Param(1));
        assert_eq!(shape("x y=b:c"), Shape::Piece);
        assert_eq!(shape("name"), Shape::Other);
    }
}
