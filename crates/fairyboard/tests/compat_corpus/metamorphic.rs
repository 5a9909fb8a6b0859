//! Metamorphic robustness over the real definitions: every way a page or a copy-paste changes
//! a definition's text without changing its game must leave the game as it was.
//!
//! The oracle is the untransformed text: its own reading (the pieces with names, IDs and
//! moves, the board and holes, the start position, the rules, perft(2) from the start) is an
//! independent reading of the same game, so no expected value comes from the transformed
//! reading. The real definitions are the corpus files copied from pages (names without
//! `-own`) and the shared reference set; our re-creations (`-own`) go through the same
//! transformations as further cases. Each transformation stands for a class that real
//! pages show:
//!
//! * **whitespace**: CR LF line ends, a byte-order mark, trailing blanks and tabs, blank
//!   lines, indentation;
//! * **HTML**: lines ended or separated by `<br>` / `<br/>` / `<br />` (phpBB pastes, edited
//!   pages), each line a `<p>…</p>` paragraph (a rich-text editor), blanks written `&nbsp;`,
//!   the text HTML-escaped (`&amp;` `&lt;` `&gt;` `&quot;`, as a page's source shows it), the
//!   whole wrapped in `<div class="idiagram">…</div>` (what the Design Wizard emits), and all
//!   of these at once;
//! * **stored form**: a multi-line definition written as the one-line stored form (also with
//!   tabs and runs of blanks between the items), and a one-line one split into one item a
//!   line;
//! * **order**: the general parameters before the first piece put in another order (their
//!   order means nothing: every value is read before anything is resolved; `startShade` is
//!   kept after `darkShade`, as the article asks);
//! * **unknown parameter**: `theme=classic` or `foo=bar` put among the parameters or after
//!   the pieces: exactly one new warning, on that line, naming it;
//! * **repeated parameter**: each non-repeatable parameter given once more *before* its line
//!   with another value: the later line counts, so the game is unchanged; and each such
//!   line written twice with its own value (warnings only on the repeated lines);
//! * **case**: piece names (which give the default moves, and `hole`) and the `symmetry`,
//!   `stalemate` and `counterbare` values in other case: the script matches those without
//!   regard to case (keywords and IDs are case-sensitive and are left alone).

use std::collections::BTreeMap;
use std::sync::Arc;

use fairyboard_core::perft::perft;
use fairyboard_core::Position;
use idiagram::{Definition, Diagnostic};

use super::entries;

/// A corpus definition: its name, whether it is copied from a page (not an `-own`
/// re-creation), and its text without the `#` header lines.
struct Corpus {
    name: String,
    real: bool,
    body: String,
}

/// Every corpus definition: the real ones and, as further cases of the same classes, our
/// re-creations of page quirks.
fn corpus_definitions() -> Vec<Corpus> {
    entries()
        .into_iter()
        .map(|e| Corpus {
            real: !e.name.contains("-own"),
            body: e
                .text
                .lines()
                .filter(|l| !l.trim_start().starts_with('#'))
                .collect::<Vec<_>>()
                .join("\n"),
            name: e.name,
        })
        .collect()
}

/// A diagnostic's text without its position or the line numbers it cites (which move when
/// lines are added), so that two readings can be compared.
fn gist(d: &Diagnostic) -> String {
    let mut out = String::new();
    let mut words = d.message.split(' ').peekable();
    while let Some(w) = words.next() {
        out.push_str(w);
        out.push(' ');
        if w.ends_with("line") || w.ends_with("column") {
            words.next_if(|n| n.starts_with(|c: char| c.is_ascii_digit()));
        }
    }
    format!(
        "{:?} {:?} {:?} {}",
        d.severity,
        d.piece,
        d.parameter,
        out.trim_end()
    )
}

/// The game a text describes, as far as it can be compared between two texts.
struct Game {
    /// The definition with the untyped parameters as a map (the last value of each key counts),
    /// so their order does not matter.
    def: Definition,
    diagnostics: Vec<Diagnostic>,
    /// Start FEN, every type (name, ID, move, royal), the playable squares, perft(2).
    played: Option<(
        String,
        Vec<String>,
        Vec<fairyboard_core::geometry::Square>,
        u64,
    )>,
}

/// Read a text: parsed only, or (`play`) also built into a variant and played from the start.
fn read(text: &str, play: bool) -> Game {
    let (mut def, diagnostics, variant) = if play {
        let c = fairyboard_core::definition::check("metamorphic", text);
        (c.definition, c.diagnostics, c.variant)
    } else {
        let p = idiagram::parse(text);
        (p.definition, p.diagnostics, None)
    };
    let mut last: BTreeMap<String, String> = BTreeMap::new();
    for p in def.params.drain(..) {
        last.insert(p.key, p.value);
    }
    // Positions in the text are not part of the game.
    for p in &mut def.pieces {
        p.line = 0;
        p.move_column = 0;
    }
    def.params = last
        .into_iter()
        .map(|(key, value)| idiagram::Param {
            key,
            value,
            line: 0,
        })
        .collect();
    let played = match variant {
        Some(v) => {
            let v = Arc::new(v);
            let mut pos = Position::start(v.clone());
            let types = v
                .pieces
                .iter()
                .map(|p| format!("{}:{}:{}:{}", p.name, p.id, p.betza, p.royal))
                .collect();
            let fen = pos.to_fen();
            // perft(2), or perft(1) where the start has hundreds of moves (the piece lab's
            // hands drop anywhere on 16x16: millions of positions at depth 2).
            let depth = if perft(&mut pos, 1) > 400 { 1 } else { 2 };
            let n = perft(&mut pos, depth);
            Some((fen, types, v.playable().to_vec(), n))
        }
        _ => None,
    };
    Game {
        def,
        diagnostics,
        played,
    }
}

/// What a transformation may add to the diagnostics.
#[derive(Clone, Copy, PartialEq)]
enum Allowed {
    /// Nothing: the same diagnostics (position aside).
    Same,
    /// Exactly one warning, on this line, naming this unknown parameter.
    Unknown(usize, &'static str),
    /// Warnings on these lines only (the repeated parameters and the values they repeat).
    OnLines,
}

struct Case {
    what: String,
    text: String,
    allowed: Allowed,
    /// Lines a warning may be on (for `Allowed::OnLines`).
    lines: Vec<usize>,
    /// Piece names and images compared without regard to case.
    any_case: bool,
}

fn case(what: &str, text: String) -> Case {
    Case {
        what: what.to_string(),
        text,
        allowed: Allowed::Same,
        lines: Vec::new(),
        any_case: false,
    }
}

/// HTML-escape a text as a page's source shows it.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Is this item a general parameter (not a piece line)? The same rule as the format's: an
/// `=` with a keyword before it, ahead of any `:`.
fn param_key(item: &str) -> Option<&str> {
    let (key, _) = item.split_once('=')?;
    let key = key.trim();
    let keyword = key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (keyword && !key.contains(':')).then_some(key)
}

/// Blanks beside a `:`, `,` or `=` (a definition typed loosely, `rook : R : …`): on one line
/// with other items those blanks could not be told from the ones between items, so such a
/// text has no one-line stored form (pages show none).
fn loose(items: &[String]) -> bool {
    items.iter().any(|i| {
        [" :", ": ", " ,", ", ", " =", "= "]
            .iter()
            .any(|p| i.contains(p))
    })
}

/// Every transformed text of one definition.
fn cases(body: &str) -> Vec<Case> {
    let items: Vec<String> = idiagram::items(body).into_iter().map(|i| i.text).collect();
    let lines = items.join("\n");
    let mut out = Vec::new();
    let one_line = !body.trim().contains('\n');
    // The stored form each way.
    if one_line {
        out.push(case("split into one item a line", lines.clone()));
    } else if items.first().and_then(|i| param_key(i)).is_some() && !loose(&items) {
        out.push(case("one-line stored form", items.join(" ")));
        out.push(case(
            "one-line stored form with tabs and runs of blanks",
            items.join(" \t  "),
        ));
    }
    let forms: Vec<(&str, &str)> = if one_line {
        vec![("", body), (" (item lines)", &lines)]
    } else {
        vec![("", body)]
    };
    for (form, text) in forms {
        let per_line = |f: &dyn Fn(usize, &str) -> String, sep: &str| {
            text.split('\n')
                .enumerate()
                .map(|(i, l)| f(i, l))
                .collect::<Vec<_>>()
                .join(sep)
        };
        let brs = ["<br>", "<br/>", "<br />", "<BR>"];
        let mut add = |what: &str, t: String| out.push(case(&format!("{what}{form}"), t));
        add("CR LF line ends", text.replace('\n', "\r\n"));
        add("a byte-order mark first", format!("\u{feff}{text}"));
        add(
            "trailing blanks",
            per_line(&|_, l| format!("{l} \t "), "\n"),
        );
        add(
            "blank lines",
            format!("\n\n{}\n\n", text.replace('\n', "\n\n \n")),
        );
        add(
            "indentation",
            per_line(&|i, l| format!("{}{l}", ["   ", "\t", " \t "][i % 3]), "\n"),
        );
        add(
            "<br> at line ends",
            per_line(&|i, l| format!("{l}{}", brs[i % 4]), "\n"),
        );
        add(
            "lines separated by <br> only",
            per_line(&|_, l| l.to_string(), "<br>"),
        );
        add(
            "<p> paragraphs",
            per_line(&|_, l| format!("<p>{l}</p>"), "\n"),
        );
        add(
            "<p> paragraphs on one line",
            per_line(&|_, l| format!("<p>{l}</p>"), ""),
        );
        add("&nbsp; blanks", text.replace(' ', "&nbsp;"));
        // A text that already holds markup (a phpBB paste's `<br>`) is page source: escaping
        // it would turn its tags into text.
        let markup = text.contains('<');
        if !markup {
            add("HTML-escaped", escape(text));
        }
        add(
            "in <div class=\"idiagram\">",
            format!("<div class=\"idiagram\">\n{text}\n</div>"),
        );
        add(
            "in a styled <div> on the same lines",
            format!("<div class=\"idiagram\" style=\"float: left; margin: 40px;\">{text}</div>"),
        );
        let esc = |l: &str| if markup { l.to_string() } else { escape(l) };
        add(
            "all of the page's HTML at once",
            format!(
                "<div class=\"idiagram\">\r\n{}\r\n</div>",
                per_line(&|i, l| format!("&nbsp; {}{}", esc(l), brs[i % 4]), "\r\n")
            ),
        );
    }
    // The parameters before the first piece, in another order.
    let first_piece = items.iter().position(|i| param_key(i).is_none());
    let head = first_piece.unwrap_or(items.len());
    let reorder = |desc: bool| {
        let mut params: Vec<&String> = items[..head].iter().collect();
        // Stable: lines of one key (`royal=2`, `royal=10`) keep their order.
        params.sort_by_key(|i| param_key(i).unwrap_or(""));
        if desc {
            params.sort_by(|a, b| param_key(b).cmp(&param_key(a)));
            // startShade applies after darkShade: keep that order.
            let at = |k: &str| params.iter().position(|i| param_key(i) == Some(k));
            if let (Some(d), Some(s)) = (at("darkShade"), at("startShade")) {
                if s < d {
                    let moved = params.remove(s);
                    params.insert(d, moved);
                }
            }
        }
        params
            .into_iter()
            .chain(&items[head..])
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    };
    out.push(case("parameters sorted", reorder(false)));
    out.push(case("parameters in reverse order", reorder(true)));
    // An unknown parameter: first, among the parameters, after the last piece.
    for (at, key) in [(0, "theme"), (head / 2, "foo"), (items.len(), "foo")] {
        let mut v = items.clone();
        v.insert(
            at,
            format!("{key}={}", if key == "theme" { "classic" } else { "bar" }),
        );
        out.push(Case {
            allowed: Allowed::Unknown(at + 1, key),
            ..case(
                &format!("unknown '{key}=' on line {}", at + 1),
                v.join("\n"),
            )
        });
    }
    // Each non-repeatable known parameter given once more before its line, with another value.
    let mut v: Vec<String> = Vec::new();
    let mut lines_added = Vec::new();
    for item in &items {
        if let Some(key) = param_key(item).filter(|k| repeats_to_last(k)) {
            v.push(format!(
                "{key}={}",
                decoy(key, &item[item.find('=').unwrap() + 1..])
            ));
            lines_added.push(v.len());
            lines_added.push(v.len() + 1);
        }
        v.push(item.clone());
    }
    out.push(Case {
        allowed: Allowed::OnLines,
        lines: lines_added,
        ..case(
            "each parameter given twice (an earlier decoy)",
            v.join("\n"),
        )
    });
    // Each such line written twice, the same value both times (a copy-paste slip).
    let mut v: Vec<String> = Vec::new();
    let mut lines_added = Vec::new();
    for item in &items {
        v.push(item.clone());
        if param_key(item).is_some_and(repeats_to_last) {
            v.push(item.clone());
            lines_added.push(v.len());
        }
    }
    out.push(Case {
        allowed: Allowed::OnLines,
        lines: lines_added,
        ..case("each parameter line twice", v.join("\n"))
    });
    // Case where the script ignores it.
    let recased: Vec<String> = items
        .iter()
        .map(|i| match param_key(i) {
            Some(k @ ("symmetry" | "stalemate" | "counterbare")) => {
                format!("{k}={}", i[k.len() + 1..].trim().to_uppercase())
            }
            Some(_) => i.clone(),
            None => match i.split_once(':') {
                Some((name, rest)) => format!("{}:{rest}", name.to_uppercase()),
                None => i.clone(),
            },
        })
        .collect();
    out.push(Case {
        any_case: true,
        ..case(
            "piece names and rule values upper-cased",
            recased.join("\n"),
        )
    });
    out
}

/// Known, non-repeatable parameters, whose last value counts. (`morph` belongs to the
/// piece before it and moves with it.)
fn repeats_to_last(key: &str) -> bool {
    key != "morph"
        && idiagram::parameters()
            .iter()
            .any(|p| p.name == key && !p.repeatable)
}

/// Another value for a parameter (it must lose to the line after it).
fn decoy(key: &str, value: &str) -> String {
    match key {
        "symmetry" => if value.trim() == "none" {
            "rotate"
        } else {
            "none"
        }
        .into(),
        "stalemate" | "counterbare" => if value.trim() == "win" { "draw" } else { "win" }.into(),
        "promoChoice" | "shuffle" | "contageous" | "captureMatrix" => String::new(),
        _ => match value.trim().parse::<i64>() {
            Ok(n) => (n + 1).to_string(),
            Err(_) => "decoy".into(),
        },
    }
}

fn lower_names(def: &mut Definition) {
    for p in &mut def.pieces {
        p.name = p.name.to_lowercase();
        p.image = p.image.to_lowercase();
    }
}

/// What differs between two readings, `None` when they are the same game.
fn difference(orig: &Game, got: &Game, c: &Case) -> Option<String> {
    if got.diagnostics.iter().any(|d| d.is_error()) {
        let e: Vec<String> = got
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.to_string())
            .collect();
        return Some(format!("new errors: {e:?}"));
    }
    let (mut a, mut b) = (orig.def.clone(), got.def.clone());
    if c.any_case {
        lower_names(&mut a);
        lower_names(&mut b);
    }
    // An unknown parameter the page already has (real pages carry `theme=`) is written
    // again before the page's own line, which counts; a new one is kept and not used.
    if let Allowed::Unknown(_, key) = c.allowed {
        if !a.params.iter().any(|p| p.key == key) {
            b.params.retain(|p| p.key != key);
        }
    }
    if a != b {
        return Some(first_difference(&a, &b));
    }
    if let (Some(x), Some(y)) = (&orig.played, &got.played) {
        let types = |t: &[String]| -> Vec<String> {
            t.iter()
                .map(|s| {
                    if c.any_case {
                        s.to_lowercase()
                    } else {
                        s.clone()
                    }
                })
                .collect()
        };
        if (&x.0, types(&x.1), &x.2, x.3) != (&y.0, types(&y.1), &y.2, y.3) {
            return Some(format!(
                "same definition, different game: start {} / {}, perft(2) {} / {}",
                x.0, y.0, x.3, y.3
            ));
        }
    }
    let norm = |d: &Diagnostic| {
        let g = gist(d);
        if c.any_case {
            g.to_lowercase()
        } else {
            g
        }
    };
    let mut before: Vec<String> = orig.diagnostics.iter().map(norm).collect();
    let mut extra = Vec::new();
    for d in &got.diagnostics {
        match before.iter().position(|g| *g == norm(d)) {
            Some(i) => {
                before.remove(i);
            }
            None => extra.push(d),
        }
    }
    let missing = before;
    let fine = match c.allowed {
        Allowed::Same => extra.is_empty() && missing.is_empty(),
        // One warning more, and the transformed text has it on the inserted line (when the
        // page already has the key, the new line's warning may be matched to the page's).
        Allowed::Unknown(line, key) => {
            let named = |d: &Diagnostic| d.message.contains(&format!("'{key}'"));
            missing.is_empty()
                && extra.len() == 1
                && named(extra[0])
                && got
                    .diagnostics
                    .iter()
                    .any(|d| d.line == line && named(d) && norm(d) == norm(extra[0]))
        }
        Allowed::OnLines => extra.iter().all(|d| c.lines.contains(&d.line)),
    };
    (!fine).then(|| {
        format!(
            "diagnostics changed: new {:?}, gone {missing:?}",
            extra.iter().map(|d| d.to_string()).collect::<Vec<_>>()
        )
    })
}

/// Where two definitions first differ, for the failure message: the piece lists by name when
/// they differ, else the first differing stretch of their debug texts.
fn first_difference(a: &Definition, b: &Definition) -> String {
    if a.pieces.len() != b.pieces.len() {
        let names = |d: &Definition| d.pieces.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
        return format!("piece types {:?} became {:?}", names(a), names(b));
    }
    let (x, y) = (format!("{a:?}"), format!("{b:?}"));
    let at = x
        .char_indices()
        .zip(y.chars())
        .find(|((_, p), q)| p != q)
        .map_or(x.len().min(y.len()), |((i, _), _)| i);
    let from = x[..at].char_indices().rev().nth(60).map_or(0, |(i, _)| i);
    let cut = |s: &str| {
        s.get(from..)
            .unwrap_or("")
            .chars()
            .take(160)
            .collect::<String>()
    };
    format!("definition differs: …{} / …{}", cut(&x), cut(&y))
}

#[test]
fn real_definitions_survive_what_pages_and_copy_paste_do_to_them() {
    let started = std::time::Instant::now();
    let reals = corpus_definitions();
    let real = reals.iter().filter(|r| r.real).count();
    assert!(
        real >= 21,
        "expected the 21 real corpus definitions at least, found {real}"
    );
    let mut failures = Vec::new();
    let mut count = 0;
    let mut full_count = 0;
    for (k, r) in reals.iter().enumerate() {
        let orig = [read(&r.body, false), read(&r.body, true)];
        assert!(orig[1].played.is_some(), "{} does not load", r.name);
        let cases = cases(&r.body);
        let last = cases.len() - 1;
        for (i, c) in cases.into_iter().enumerate() {
            count += 1;
            // Every text is parsed; a quarter of them (a different quarter for each file,
            // and always the text with every piece of HTML at once) are also built and
            // played to perft(2): a Variant is a function of the Definition, so equal
            // definitions already make equal games, and this keeps the test to seconds.
            let full = i % 4 == k % 4 || c.what.starts_with("all of") || i == last;
            full_count += usize::from(full);
            let got = read(&c.text, full);
            if let Some(why) = difference(&orig[usize::from(full)], &got, &c) {
                failures.push(format!("{} / {}: {why}", r.name, c.what));
            }
        }
    }
    // The comparison can fail: a text without its last piece line, or with the board one
    // file wider, is another game, and must be told apart from the original.
    for r in reals.iter().step_by(7) {
        let items: Vec<String> = idiagram::items(&r.body)
            .into_iter()
            .map(|i| i.text)
            .collect();
        let last_piece = items.iter().rposition(|i| param_key(i).is_none()).unwrap();
        let fewer: Vec<&String> = items
            .iter()
            .enumerate()
            .filter_map(|(i, t)| (i != last_piece).then_some(t))
            .collect();
        let files = idiagram::parse(&r.body).definition.files;
        let wider = format!(
            "{}\nfiles={}",
            items
                .iter()
                .filter(|i| param_key(i) != Some("files"))
                .cloned()
                .collect::<Vec<_>>()
                .join("\n"),
            files + 1
        );
        let fewer = fewer.into_iter().cloned().collect::<Vec<_>>().join("\n");
        for (what, text) in [
            ("without its last piece line", fewer),
            ("one file wider", wider),
        ] {
            let orig = read(&r.body, true);
            let c = case(what, text);
            assert!(
                difference(&orig, &read(&c.text, true), &c).is_some(),
                "{} {what} reads as the same game: the comparison is blind",
                r.name
            );
        }
    }
    eprintln!(
        "metamorphic: {count} transformed texts of {} definitions ({real} real; {full_count} played), {} differ ({:.1} s)",
        reals.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
