//! Generated rules pages, in the manner of XBoard's per-variant pages (seeds 001/004):
//! the setup, "moves at a glance" boards, a piece table with estimated values, sections
//! for pawns, castling, promotion, holdings and game end, and the differences with FIDE
//! chess (the catalogue's `chess`). Nothing is written per variant: every sentence is
//! derived from the compiled [`Variant`] (its pieces, leg programs, landing rules and rule
//! set), and every move diagram from the piece's moves in the variant on an empty board.
//!
//! ```
//! use fairyboard_core::catalogue;
//! use fairyboard_render::rules_page;
//! let shatranj = catalogue::load("shatranj").unwrap();
//! let rules = rules_page::analyse(&shatranj);
//! let alfil = rules.pieces.iter().find(|p| p.name == "alfil").unwrap();
//! assert!(alfil.remarks.contains(&"Bound to 8 of the 64 squares".to_string()));
//! let page: String = rules_page::html(&shatranj);
//! assert!(page.contains("Moves at a glance"));
//! ```
//!
//! # How moves are classified
//!
//! The rules core draws the move diagram ([`Probe::diagram`]) in the vocabulary the live
//! diagram and XBoard's highlights share ([`fairyboard_core::marks`]), and the page draws
//! the core's own symbols ([`Symbol`]) by their own names: a page's `data-marks` lists
//! `square:name` entries (`d6:both leap; e5:move`), the browser diagram's CSS classes
//! without `idg-`. The core puts the piece on a square of an empty board of the variant's size
//! and asks for its moves with one more piece placed on every other square in turn:
//!
//! * a destination reached on the empty board is a *move*; a square where a lone enemy is
//!   captured is a *capture*; both together are "move or capture", drawn as a *slide*
//!   (yellow diamond) when the core reports that pieces elsewhere can block it or a piece
//!   there blocks others, else as a *leap* (orange star): `both slide`, `both leap`;
//! * a destination that appears only when a piece stands elsewhere is a *hop* target;
//!   a square whose enemy is captured on the way to another square is a *locust victim*;
//! * the stops of a first leg that is followed by more legs (read from the compiled leg
//!   program) are *transit* squares where nothing else marks the square (a lame leaper's leg
//!   square is its block, so `nN` and `afsW` draw the same horse);
//! * an unmoved piece's extra targets (a pawn's double step) are *initial*; castling is
//!   drawn from the castler's start square in a diagram of its own; a square whose piece
//!   would block a move without being a target (a lame leaper's leg) is a *block*; a hop
//!   target says whether the piece moves there, captures there (a cannon) or both (a
//!   grasshopper), and its possible hurdles are *screens*;
//! * squares the piece may never stand on (a palace's outside, across a river) are hatched
//!   (*outside*), holes drawn as holes, squares where landing promotes or changes the piece
//!   marked (*promotes*);
//! * a piece whose moves Black cannot read off White's diagram turned round (anything with
//!   a forward) gets a second diagram with Black's piece.
//!
//! Every symbol has its own shape as well as its colour, the very shapes and colours of
//! the live diagram ([`crate::mark_shapes`]); the legend lists the symbols a page uses in
//! the words of the live diagram's key ([`Symbol::meaning`]).
//!
//! # The author's words
//!
//! fairyboard's parameters `title`, `aliases`, `introduction`, `notes`, `strategy` and
//! `history` (see [`idiagram::parameters`]) head and annotate the page as escaped text; the
//! definition's `lightShade`/`darkShade` colour its boards; piece pictures come only from
//! the licensed art ([`crate::art`]), chosen by name or image root, never from a URL.
//!
//! # Estimated values
//!
//! The piece table shows [`fairyboard_core::value::estimate`] in pawns — the same values
//! the AI plays with: measured from the piece's moves among random blockers on every square
//! (a chess knight comes to about 3, a rook 5, a queen 9½), scaled down for colour-bound and
//! forward-only pieces, raised by promotion potential; the definition's `pieceValue` where
//! it gives one; royal pieces have none.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use fairyboard_core::coord::Coord;
use fairyboard_core::explore::Probe;
use fairyboard_core::marks::place::{centre, diagram_square, forbidden, region, start_squares};
use fairyboard_core::marks::{DiagramMark, MarkKind, Symbol, Way};
use fairyboard_core::rules::{Effect, RuleOutcome as Outcome, SpellKind, TypeSet};
use fairyboard_core::variant::{cell_color, cell_type, LandingRule, PromoRule};
use fairyboard_core::{catalogue, value, Color, Variant};
use idiagram::About;
use idiagram::ShuffleMark;
use idiagram::Target;
use serde::Serialize;
use xbetza::{Flags, Kind};

use crate::Rgb;

#[path = "rules_page_svg.rs"]
mod svg;

/// A piece's moves from one square of an empty board.
#[derive(Clone, Debug, Serialize)]
pub struct Glance {
    pub files: u8,
    pub ranks: u8,
    /// What the picture shows, when it is not the piece's main diagram ("Black's moves",
    /// "Castling from e1"); empty for the main one.
    pub caption: String,
    /// The piece shown is Black's.
    pub black: bool,
    /// Where the piece stands.
    pub from: String,
    /// Marked squares, in board order, each with its symbols: the core's, the very
    /// symbols of the browser diagram (in the JSON by their names, [`Symbol::name`]). A
    /// square may carry several (a grasshopper's landing moves and captures over a piece:
    /// both triangles).
    #[serde(serialize_with = "symbol_names")]
    pub marks: Vec<(String, Vec<Symbol>)>,
}

/// Glance marks in the JSON: each symbol by its name (`both leap`, `hop-capture`).
fn symbol_names<S: serde::Serializer>(
    marks: &[(String, Vec<Symbol>)],
    s: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(marks.len()))?;
    for (square, symbols) in marks {
        let names: Vec<String> = symbols.iter().map(|m| m.name()).collect();
        seq.serialize_element(&(square, names))?;
    }
    seq.end()
}

/// Everything the page says about one piece type.
#[derive(Clone, Debug, Serialize)]
pub struct PieceRules {
    pub name: String,
    pub id: String,
    pub betza: String,
    pub royal: bool,
    /// Estimated value in pawns (see the module docs); `None` for royal pieces.
    pub value: Option<f64>,
    pub remarks: Vec<String>,
    pub glance: Glance,
    /// More diagrams where the main one cannot show everything: Black's moves when they
    /// are not White's turned around in the reader's mind (a pawn's forward), castling
    /// from the castler's start square.
    pub more: Vec<Glance>,
    /// The move diagram (inline SVG).
    #[serde(skip)]
    pub glance_svg: String,
    /// The pictures of [`more`](Self::more).
    #[serde(skip)]
    pub more_svg: Vec<String>,
    /// The piece's picture (inline SVG).
    #[serde(skip)]
    pub icon_svg: String,
}

/// One line of the setup: a piece type and where it stands.
#[derive(Clone, Debug, Serialize)]
pub struct SetupLine {
    pub piece: String,
    pub count: usize,
    pub squares: String,
}

/// A variant's rules, as the page presents them (also served as JSON).
#[derive(Clone, Debug, Serialize)]
pub struct Rules {
    pub name: String,
    /// The heading: the definition's `title=`, else the name with a capital.
    pub title: String,
    /// The author's words (`aliases=`, `introduction=`, `notes=`, `strategy=`,
    /// `history=`): plain text, escaped on the page.
    pub about: Author,
    /// The board's light and dark squares: the definition's `lightShade`/`darkShade`
    /// where they are colours the page can read (`#rgb`, `#rrggbb`, `rgb(r, g, b)`).
    #[serde(skip)]
    pub shades: [Option<Rgb>; 2],
    pub files: u8,
    pub ranks: u8,
    pub setup: Vec<SetupLine>,
    /// How the setup is shuffled (`shuffle=`); empty when it is fixed.
    pub shuffle: Vec<String>,
    pub pieces: Vec<PieceRules>,
    pub pawns: Vec<String>,
    pub castling: Vec<String>,
    pub promotion: Vec<String>,
    pub holdings: Vec<String>,
    pub game_end: Vec<String>,
    /// `None` when the catalogue has no `chess` to compare with.
    pub differences: Option<Vec<String>>,
    /// The picture of the setup (inline SVG).
    #[serde(skip)]
    pub setup_svg: String,
}

/// The author's words on the page (from the definition's [`About`]).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Author {
    pub aliases: Vec<String>,
    pub introduction: Vec<String>,
    pub notes: Vec<String>,
    pub strategy: Vec<String>,
    pub history: Vec<String>,
}

impl From<&About> for Author {
    fn from(a: &About) -> Author {
        Author {
            aliases: a.aliases.clone(),
            introduction: a.introduction.clone(),
            notes: a.notes.clone(),
            strategy: a.strategy.clone(),
            history: a.history.clone(),
        }
    }
}

/// A standalone rules page.
pub fn html(v: &Variant) -> String {
    document(&analyse(v))
}

/// A whole HTML document around [`fragment`].
pub fn document(rules: &Rules) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{} — rules</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
        esc(&rules.title),
        fragment(rules)
    )
}

/// The style sheet the fragment needs (scoped to `.fbr`).
pub const CSS: &str = "\
.fbr{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:0 1rem;color:#222;overflow-wrap:anywhere}
.fbr h1{margin-bottom:.5rem}
.fbr svg{max-width:100%;height:auto}
.fbr-aliases{margin-top:0;color:#555;font-style:italic}
.fbr-top{display:flex;flex-wrap:wrap;gap:1rem 2rem;align-items:flex-start}
.fbr-top>*{min-width:0;max-width:100%}
.fbr table{border-collapse:collapse}
.fbr-scroll{overflow-x:auto;max-width:100%}
.fbr-pieces td,.fbr-pieces th{border:1px solid #999;padding:.3rem .5rem;vertical-align:top}
.fbr-pieces th{background:#eee}
.fbr-pieces td:first-child svg{width:36px}
.fbr-names{display:flex;flex-wrap:wrap;gap:.2rem .8rem}
.fbr-names a{white-space:nowrap}
.fbr-glance{display:none}
.fbr-glance:target{display:block}
.fbr-glances:has(.fbr-glance:target) .fbr-hint{display:none}
.fbr-views{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.fbr-views>*{min-width:0;max-width:100%;margin:0}
.fbr-views figcaption{font-size:.9rem;color:#555}
.fbr-hint{color:#666;font-style:italic}
.fbr-legend td{padding:.15rem .5rem}
.fbr-legend td:first-child svg{width:28px}
.fbr-note{color:#555;font-size:.9rem}
.fbr code{font-size:.95em}
@media (max-width:30rem){.fbr{padding:0 .4rem}.fbr-pieces td,.fbr-pieces th{padding:.2rem .25rem}}
";

/// Analyse a variant for its page.
pub fn analyse(v: &Variant) -> Rules {
    let fide = catalogue::load("chess").ok();
    let shades = v.shades.clone().map(|s| s.as_deref().and_then(shade));
    let values = value::estimate(v);
    let mut pieces = Vec::new();
    for (t, p) in v.pieces.iter().enumerate() {
        let (glance, more, value) = match Probe::for_type(v, t) {
            Ok(mut probe) => {
                let (g, more) = glances(v, t, &mut probe);
                (g, more, (!p.royal).then(|| values[t] as f64 / 100.0))
            }
            Err(_) => (
                Glance {
                    files: v.geometry.files,
                    ranks: v.geometry.ranks,
                    caption: String::new(),
                    black: false,
                    from: centre(v).to_string(),
                    marks: vec![],
                },
                vec![],
                None,
            ),
        };
        pieces.push(PieceRules {
            glance_svg: svg::glance(v, t, &glance, shades, &format!("fbr-g{t}")),
            more_svg: more
                .iter()
                .enumerate()
                .map(|(k, g)| svg::glance(v, t, g, shades, &format!("fbr-g{t}v{k}")))
                .collect(),
            more,
            icon_svg: svg::piece_icon(v, t),
            name: p.name.clone(),
            id: p.id.clone(),
            betza: p.betza.clone(),
            royal: p.royal,
            value,
            remarks: remarks(v, t),
            glance,
        });
    }
    Rules {
        name: v.name.clone(),
        title: v.about.title.clone().unwrap_or_else(|| title(&v.name)),
        about: Author::from(&v.about),
        shades,
        files: v.geometry.files,
        ranks: v.geometry.ranks,
        setup: setup_lines(v),
        shuffle: shuffle_section(v),
        pawns: pawn_section(v),
        castling: castling_section(v),
        promotion: promotion_section(v),
        holdings: holdings_section(v),
        game_end: game_end_section(v),
        differences: fide.as_deref().map(|f| differences(v, f)),
        setup_svg: svg::setup(v, shades),
        pieces,
    }
}

/// The page body (a `<div class="fbr">`), for embedding with [`CSS`].
pub fn fragment(r: &Rules) -> String {
    let mut h = String::new();
    let _ = writeln!(h, "<div class=\"fbr\">");
    let _ = writeln!(h, "<h1>{}</h1>", esc(&r.title));
    if !r.about.aliases.is_empty() {
        let _ = writeln!(
            h,
            "<p class=\"fbr-aliases\">Also known as {}.</p>",
            esc(&join_and(&r.about.aliases))
        );
    }
    prose(&mut h, "introduction", None, &r.about.introduction);
    let _ = writeln!(h, "<div class=\"fbr-top\">");
    let _ = writeln!(h, "<div class=\"fbr-board\">{}</div>", r.setup_svg);
    let _ = writeln!(h, "<div><h3>Initial setup</h3>\n<ul class=\"fbr-setup\">");
    for l in &r.setup {
        let _ = writeln!(
            h,
            "<li>{}: <b>{}</b> ({})</li>",
            esc(&l.squares),
            esc(&l.piece),
            l.count
        );
    }
    let _ = writeln!(h, "</ul>");
    if !r.shuffle.is_empty() {
        let _ = writeln!(
            h,
            "<p class=\"fbr-shuffle\"><b>Shuffled setup.</b></p>\n<ul>"
        );
        for line in &r.shuffle {
            let _ = writeln!(h, "<li>{}</li>", esc(line));
        }
        let _ = writeln!(h, "</ul>");
    }
    let _ = writeln!(
        h,
        "<p>Board: {} files × {} ranks.</p></div>\n</div>",
        r.files, r.ranks
    );

    let _ = writeln!(h, "<h3 id=\"fbr-glance\">Moves at a glance</h3>");
    let _ = writeln!(
        h,
        "<p>Click a piece to see its moves on an empty board, from the square named with it.</p>"
    );
    let _ = write!(h, "<p class=\"fbr-names\">");
    for (i, p) in r.pieces.iter().enumerate() {
        let _ = write!(h, "<a href=\"#fbr-moves-{i}\">{}</a>", esc(&p.name));
    }
    let _ = writeln!(h, "</p>\n<div class=\"fbr-glances\">");
    let _ = writeln!(h, "<p class=\"fbr-hint\">(no piece chosen yet)</p>");
    for (i, p) in r.pieces.iter().enumerate() {
        let _ = writeln!(
            h,
            "<div class=\"fbr-glance\" id=\"fbr-moves-{i}\" data-piece=\"{}\" data-marks=\"{}\">\n<h4>{} ({}) on {}</h4>\n<div class=\"fbr-views\"><div>{}</div>",
            esc(&p.id),
            svg::marks_attr(&p.glance),
            esc(&p.name),
            esc(&p.betza),
            esc(&p.glance.from),
            p.glance_svg
        );
        for (g, pic) in p.more.iter().zip(&p.more_svg) {
            let _ = writeln!(
                h,
                "<figure data-marks=\"{}\">{pic}<figcaption>{}</figcaption></figure>",
                svg::marks_attr(g),
                esc(&g.caption)
            );
        }
        let _ = writeln!(h, "</div></div>");
    }
    let _ = writeln!(h, "</div>\n<table class=\"fbr-legend\">");
    for m in legend(r) {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td></tr>",
            svg::legend_symbol(m),
            esc(m.meaning())
        );
    }
    let _ = writeln!(h, "</table>");

    let _ = writeln!(
        h,
        "<h3>Pieces</h3>\n<div class=\"fbr-scroll\"><table class=\"fbr-pieces\">"
    );
    let _ = writeln!(
        h,
        "<tr><th></th><th>Piece</th><th>ID</th><th>Value</th><th>Moves (Betza)</th><th>Remarks</th></tr>"
    );
    for (i, p) in r.pieces.iter().enumerate() {
        let value = p.value.map_or("–".to_string(), |v| format!("{v:.1}"));
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td><a href=\"#fbr-moves-{i}\">{}</a></td><td>{}</td><td>{value}</td><td><code>{}</code></td><td>{}</td></tr>",
            p.icon_svg,
            esc(&p.name),
            esc(&p.id),
            esc(&p.betza),
            p.remarks.iter().map(|s| esc(s)).collect::<Vec<_>>().join("<br>")
        );
    }
    let _ = writeln!(
        h,
        "</table></div>\n<p class=\"fbr-note\">Values in pawns, as the built-in AI plays with them: \
         estimated from each piece's moves among random blockers on every square (less for a \
         piece bound to one square colour or unable to retreat, more for one that promotes), \
         unless the definition gives its own.</p>"
    );

    for (heading, items) in [
        ("Pawn peculiarities", &r.pawns),
        ("Castling", &r.castling),
        ("Promotion", &r.promotion),
        ("Holdings", &r.holdings),
        ("Game end", &r.game_end),
    ] {
        section(&mut h, heading, items);
    }
    prose(&mut h, "notes", Some("Notes"), &r.about.notes);
    prose(&mut h, "strategy", Some("Strategy"), &r.about.strategy);
    prose(&mut h, "history", Some("History"), &r.about.history);
    if let Some(diff) = &r.differences {
        if diff.is_empty() {
            section(
                &mut h,
                "Differences with FIDE",
                &["None: the rules are those of FIDE chess.".to_string()],
            );
        } else {
            section(&mut h, "Differences with FIDE", diff);
        }
    }
    let _ = writeln!(h, "</div>");
    h
}

/// The symbols the page's move diagrams use, in the order of the browser diagram's key
/// ([`Symbol::KEY`]): the legend lists these (every page has one, and no entry for a
/// symbol it never draws).
pub fn legend(r: &Rules) -> Vec<Symbol> {
    let used: BTreeSet<Symbol> = r
        .pieces
        .iter()
        .flat_map(|p| std::iter::once(&p.glance).chain(&p.more))
        .flat_map(|g| g.marks.iter().flat_map(|(_, ms)| ms.iter().copied()))
        .collect();
    Symbol::KEY
        .into_iter()
        .filter(|m| used.contains(m))
        .collect()
}

/// The author's paragraphs, as text: the definition's words never become markup.
fn prose(h: &mut String, class: &str, heading: Option<&str>, paragraphs: &[String]) {
    if paragraphs.is_empty() {
        return;
    }
    let _ = writeln!(h, "<section class=\"fbr-author fbr-{class}\">");
    if let Some(heading) = heading {
        let _ = writeln!(h, "<h3 id=\"fbr-{class}\">{heading}</h3>");
    }
    for p in paragraphs {
        let _ = writeln!(h, "<p>{}</p>", esc(p));
    }
    let _ = writeln!(h, "</section>");
}

/// A board colour of the definition (`lightShade=#f0d9b5`, `rgb(240, 217, 181)`); `None`
/// for anything else (a colour name, a malformed value), which leaves the page's own.
fn shade(s: &str) -> Option<Rgb> {
    let s = s.trim();
    if let Some(inner) = s.strip_prefix("rgb(").and_then(|r| r.strip_suffix(')')) {
        let v: Vec<u8> = inner
            .split(',')
            .map(|x| x.trim().parse::<u8>())
            .collect::<Result<_, _>>()
            .ok()?;
        return match v.as_slice() {
            &[r, g, b] => Some(Rgb(r, g, b)),
            _ => None,
        };
    }
    s.starts_with('#').then(|| Rgb::parse(s)).flatten()
}

fn section(h: &mut String, heading: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let id = heading.to_lowercase().replace(' ', "-");
    let _ = writeln!(h, "<h3 id=\"fbr-{id}\">{heading}</h3>\n<ul>");
    for i in items {
        let _ = writeln!(h, "<li>{}</li>", esc(i));
    }
    let _ = writeln!(h, "</ul>");
}

/// HTML-escape text.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// `capablanca` → `Capablanca`, `cv-lame` → `Cv-lame`.
pub fn title(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn cap_name(name: &str) -> String {
    title(name)
}

// ---------------------------------------------------------------------------------------
// Probing moves

/// The squares a move diagram marks as reached by a move (moving), and by a capture.
fn moves_and_captures(marks: &[DiagramMark]) -> (BTreeSet<Coord>, BTreeSet<Coord>) {
    let (mut moves, mut captures) = (BTreeSet::new(), BTreeSet::new());
    for m in marks {
        if matches!(m.kind, MarkKind::Move | MarkKind::Both) {
            moves.insert(m.at);
        }
        if matches!(m.kind, MarkKind::Capture | MarkKind::Both) {
            captures.insert(m.at);
        }
    }
    (moves, captures)
}

/// The symbols drawn on one square, from the core's kinds there: one of "move or
/// capture" (with its way), move, capture, then the others in a fixed order.
fn symbols(kinds: &BTreeSet<MarkKind>, way: Way) -> Vec<Symbol> {
    let has = |k: MarkKind| kinds.contains(&k);
    let mut out = Vec::new();
    if has(MarkKind::Both) {
        out.push(Symbol::both(way));
    } else if has(MarkKind::Move) {
        out.push(Symbol::of(MarkKind::Move));
    } else if has(MarkKind::Capture) {
        out.push(Symbol::of(MarkKind::Capture));
    }
    for kind in [
        MarkKind::Hop,
        MarkKind::HopCapture,
        MarkKind::Castle,
        MarkKind::Initial,
        MarkKind::LocustVictim,
        MarkKind::HopScreen,
        MarkKind::Block,
        MarkKind::Transit,
        MarkKind::Promotes,
        MarkKind::Outside,
    ] {
        if has(kind) {
            out.push(Symbol::of(kind));
        }
    }
    out
}

/// The piece's main move diagram and the others it needs (see [`PieceRules::more`]).
fn glances(v: &Variant, t: usize, probe: &mut Probe) -> (Glance, Vec<Glance>) {
    let from = diagram_square(v, t);
    let home = start_squares(v, t)[0].first().copied();
    let castles = !castlings(v, t).is_empty();
    // Castling is shown from the start square, where it can happen.
    let main = glance(v, t, probe, from, castles && home == Some(from));
    let mut more = Vec::new();
    if let Some(black) = black_view(v, t, &main) {
        more.push(black);
    }
    if let (true, Some(home)) = (castles, home) {
        if home != from {
            let mut g = glance(v, t, probe, home, true);
            g.caption = format!("Castling, from {home}");
            more.push(g);
        }
    }
    (main, more)
}

/// The move diagram of type `t` on `from`, from the core's diagram of the piece in the
/// variant itself ([`Probe::for_type`]): squares it may never stand on come hatched, with
/// no target, and targets where landing promotes with a crown, as the core marks them.
fn glance(v: &Variant, t: usize, probe: &mut Probe, from: Coord, castling: bool) -> Glance {
    let (files, ranks) = (v.geometry.files, v.geometry.ranks);
    let hopper = has_flag(v, t, Flags::HOP | Flags::GRASS | Flags::JUMP);
    let diagram = probe.diagram(from, false, hopper);
    let mut kinds: BTreeMap<Coord, (BTreeSet<MarkKind>, Way)> = BTreeMap::new();
    for m in &diagram {
        // The piece's own square gets no symbol (the piece is drawn there).
        if m.at == from {
            continue;
        }
        if m.kind == MarkKind::Castle && !castling {
            continue;
        }
        let e = kinds.entry(m.at).or_insert((BTreeSet::new(), m.way));
        e.0.insert(m.kind);
        if matches!(m.kind, MarkKind::Both) {
            e.1 = m.way;
        }
    }
    let mut marks: BTreeMap<(u8, u8), Vec<Symbol>> = BTreeMap::new();
    for (s, (ks, way)) in kinds {
        let sym = symbols(&ks, way);
        if !sym.is_empty() {
            // Board order: top rank first, then files left to right.
            marks.insert((ranks - 1 - s.rank, s.file), sym);
        }
    }
    Glance {
        files,
        ranks,
        caption: String::new(),
        black: false,
        from: from.to_string(),
        marks: marks
            .into_iter()
            .map(|((top, file), m)| (Coord::new(file, ranks - 1 - top).to_string(), m))
            .collect(),
    }
}

/// Whether Black's moves of type `t` differ from White's turned as the definition's
/// symmetry turns them (mirrored ranks, or rotated), so that a reader cannot get Black's
/// moves by reading White's diagram from the other side (a pawn moves up for White and
/// down for Black; a rook's diagram serves both). Judged from the middle of a 15×15 board,
/// where the board's edges do not cut the pattern.
fn one_sided(v: &Variant, t: usize) -> bool {
    let rotate = matches!(v.symmetry, idiagram::Symmetry::Rotate);
    let Ok(mut probe) = Probe::new(&v.pieces[t].betza, 15, 15) else {
        return false;
    };
    let c0 = Coord::new(7, 7);
    let pattern: BTreeSet<(i32, i32, MarkKind)> = probe
        .diagram(c0, false, false)
        .iter()
        .map(|m| {
            (
                m.at.file as i32 - c0.file as i32,
                m.at.rank as i32 - c0.rank as i32,
                m.kind,
            )
        })
        .collect();
    pattern.iter().any(|&(dx, dy, k)| {
        let turned = if rotate { (-dx, -dy, k) } else { (dx, -dy, k) };
        !pattern.contains(&turned)
    })
}

/// Black's diagram: White's turned as the definition's symmetry turns Black's moves.
fn black_view(v: &Variant, t: usize, white: &Glance) -> Option<Glance> {
    if !one_sided(v, t) {
        return None;
    }
    let (files, ranks) = (v.geometry.files, v.geometry.ranks);
    let rotate = matches!(v.symmetry, idiagram::Symmetry::Rotate);
    let turn = |c: Coord| {
        if rotate {
            Coord::new(files - 1 - c.file, ranks - 1 - c.rank)
        } else {
            Coord::new(c.file, ranks - 1 - c.rank)
        }
    };
    let bfrom = turn(white.from.parse().ok()?);
    let mut marks: Vec<(Coord, Vec<Symbol>)> = white
        .marks
        .iter()
        .filter_map(|(n, m)| Some((turn(n.parse().ok()?), m.clone())))
        .collect();
    marks.sort_by_key(|(c, _)| (std::cmp::Reverse(c.rank), c.file));
    Some(Glance {
        files,
        ranks,
        caption: format!("Black's moves, from {bfrom}"),
        black: true,
        from: bfrom.to_string(),
        marks: marks.into_iter().map(|(c, m)| (c.to_string(), m)).collect(),
    })
}

// ---------------------------------------------------------------------------------------
// Setup

fn setup_lines(v: &Variant) -> Vec<SetupLine> {
    let mut out = Vec::new();
    for (t, p) in v.pieces.iter().enumerate() {
        let [w, b] = start_squares(v, t);
        let mut parts = Vec::new();
        if !w.is_empty() {
            parts.push(squares_text(&w));
        }
        if !b.is_empty() {
            parts.push(squares_text(&b));
        }
        let hand: u32 = v.initial_hand.iter().map(|h| h[t]).sum();
        if hand > 0 {
            parts.push(format!("{hand} in hand"));
        }
        if parts.is_empty() {
            continue;
        }
        out.push(SetupLine {
            piece: cap_name(&p.name),
            count: w.len() + b.len() + hand as usize,
            squares: parts.join(", "),
        });
    }
    out
}

/// The shuffle in words, from the compiled `shuffle=` sets: which pieces are permuted over
/// which squares, the placement rules of `!` and `:` pieces, castlers kept between their
/// corner pieces, and how many start positions result (fairyboard's reading of the
/// format, see [`fairyboard_core::shuffle`]).
fn shuffle_section(v: &Variant) -> Vec<String> {
    if v.shuffle.is_empty() {
        return vec![];
    }
    let mut out = vec![
        "The diagram shows the definition's own arrangement; each game starts from a shuffled one."
            .to_string(),
    ];
    let type_of = |id: &str| v.pieces.iter().rposition(|p| p.id == id);
    for set in &v.shuffle {
        let types: Vec<usize> = set.pieces.iter().filter_map(|p| type_of(&p.id)).collect();
        let names: Vec<String> = types
            .iter()
            .map(|&t| {
                let name = cap_name(&v.pieces[t].name);
                match start_squares(v, t)[0].len() {
                    1 => name,
                    _ => plural_name(&name),
                }
            })
            .collect();
        let mut squares: Vec<Coord> = types
            .iter()
            .flat_map(|&t| start_squares(v, t)[0].clone())
            .collect();
        squares.sort_by_key(|c| (c.rank, c.file));
        squares.dedup();
        out.push(format!(
            "White's {} are placed at random on {}.",
            join_and(&dedup(names)),
            squares_text(&squares)
        ));
        for p in &set.pieces {
            let Some(t) = type_of(&p.id) else { continue };
            let name = plural_name(&cap_name(&v.pieces[t].name));
            match p.mark {
                ShuffleMark::Shades => out.push(format!(
                    "The {name} are spread as evenly as possible over light and dark squares."
                )),
                ShuffleMark::Symmetric => out.push(format!(
                    "The {name} stand symmetrically: on a file and on its mirror file."
                )),
                ShuffleMark::Plain => {}
            }
        }
    }
    for t in 0..v.pieces.len() {
        if !castlings(v, t).is_empty() {
            out.push(format!(
                "The {} stays between the pieces it castles with.",
                cap_name(&v.pieces[t].name)
            ));
        }
    }
    out.push(if mirrored_setup(v) {
        "Black's setup is the mirror image of White's.".to_string()
    } else {
        "Black's pieces are shuffled on their own.".to_string()
    });
    if let Ok(n) = fairyboard_core::shuffle::count(v) {
        out.push(format!("There are {n} possible start positions."));
    }
    out
}

/// `Knight` → `Knights`, `Rhinoceros` → `Rhinoceroses`, `King (persian)` →
/// `Kings (persian)`: the plural goes on the name before any bracketed remark.
fn plural_name(name: &str) -> String {
    let (word, rest) = match name.find(" (") {
        Some(i) => name.split_at(i),
        None => (name, ""),
    };
    let lower = word.to_lowercase();
    let ending = if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        "es"
    } else {
        "s"
    };
    format!("{word}{ending}{rest}")
}

/// The list without repeats, in first-seen order.
fn dedup(items: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for i in items {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// A square list in words: a full rectangle as `d1-f3`, otherwise runs of three or more
/// squares along a rank as `a2-h2` and single squares.
fn squares_text(squares: &[Coord]) -> String {
    if squares.is_empty() {
        return String::new();
    }
    let set: BTreeSet<(u8, u8)> = squares.iter().map(|c| (c.rank, c.file)).collect();
    let (r0, r1) = (
        set.iter().map(|s| s.0).min().unwrap_or(0),
        set.iter().map(|s| s.0).max().unwrap_or(0),
    );
    let (f0, f1) = (
        set.iter().map(|s| s.1).min().unwrap_or(0),
        set.iter().map(|s| s.1).max().unwrap_or(0),
    );
    let area = (r1 - r0 + 1) as usize * (f1 - f0 + 1) as usize;
    if r1 > r0 && f1 > f0 && area == set.len() {
        return format!("{}-{}", Coord::new(f0, r0), Coord::new(f1, r1));
    }
    let mut parts = Vec::new();
    let list: Vec<(u8, u8)> = set.into_iter().collect();
    let mut i = 0;
    while i < list.len() {
        let mut j = i;
        while j + 1 < list.len() && list[j + 1].0 == list[i].0 && list[j + 1].1 == list[j].1 + 1 {
            j += 1;
        }
        let a = Coord::new(list[i].1, list[i].0);
        if j - i >= 2 {
            parts.push(format!("{a}-{}", Coord::new(list[j].1, list[j].0)));
        } else {
            for &(rank, file) in &list[i..=j] {
                parts.push(Coord::new(file, rank).to_string());
            }
        }
        i = j + 1;
    }
    parts.join(", ")
}

// ---------------------------------------------------------------------------------------
// Rules in words

fn has_flag(v: &Variant, t: usize, f: Flags) -> bool {
    v.pieces[t]
        .program
        .records
        .iter()
        .any(|r| r.flags.intersects(f))
}

/// A castling move: steps, direction, and the partner it castles with.
struct Castle {
    steps: u8,
    /// −1 towards file a, +1 towards the last file.
    dir: i8,
    partner: Option<(usize, Coord)>,
}

fn castlings(v: &Variant, t: usize) -> Vec<Castle> {
    let home = start_squares(v, t)[0].first().copied();
    let mut out: Vec<Castle> = Vec::new();
    for r in &v.pieces[t].program.records {
        if r.kind != Kind::Castle || r.step.dx == 0 {
            continue;
        }
        let dir = r.step.dx.signum();
        // The partner stands `skip_first` squares in from the edge the move heads for.
        let partner = home.and_then(|h| {
            let files = v.geometry.files;
            let file = if dir < 0 {
                r.skip_first
            } else {
                files.checked_sub(1 + r.skip_first)?
            };
            let c = Coord::new(file, h.rank);
            v.setup
                .iter()
                .find(|(sq, cell)| v.coord(*sq) == c && cell_color(*cell) == Color::White)
                .map(|&(_, cell)| (cell_type(cell).index(), c))
        });
        if !out.iter().any(|c| c.dir == dir && c.steps == r.range) {
            out.push(Castle {
                steps: r.range,
                dir,
                partner,
            });
        }
    }
    out
}

fn castling_text(v: &Variant, t: usize, c: &Castle) -> String {
    let side = if c.dir < 0 {
        "towards file a"
    } else {
        "towards the last file"
    };
    // `O1` (Wildebeest's `isO1`): the castler steps next to its partner and passes no
    // square; the partner jumps over it to the square the castler left.
    let (steps, lands) = if c.steps == 1 {
        ("1 square".to_string(), "the square it left")
    } else {
        (format!("{} squares", c.steps), "the square it passed")
    };
    match c.partner {
        // A shuffle may put another piece on the edge square: name the square, and the
        // piece only as the one of the shown arrangement.
        Some((p, sq)) if !v.shuffle.is_empty() => format!(
            "castles with the unmoved piece on {sq} (in the shown arrangement the {}): moves {steps} towards it, the other piece landing on {lands}",
            cap_name(&v.pieces[p].name),
        ),
        Some((p, sq)) => format!(
            "castles with the {} on {sq}: moves {steps} towards it, the {} landing on {lands}",
            cap_name(&v.pieces[p].name),
            cap_name(&v.pieces[p].name)
        ),
        None => format!("castles {steps} {side} with an unmoved friendly piece"),
    }
    .replace("castles", &format!("The {} castles", cap_name(&v.pieces[t].name)))
}

/// A White-side step in words.
fn step_words(dx: i32, dy: i32) -> String {
    let fwd = |dy: i32| if dy > 0 { "forward" } else { "backward" };
    let n = |k: i32| {
        if k == 1 {
            "1 square".to_string()
        } else {
            format!("{k} squares")
        }
    };
    if dx == 0 {
        format!("{} straight {}", n(dy.abs()), fwd(dy))
    } else if dy == 0 {
        format!("{} sideways", n(dx.abs()))
    } else if dx.abs() == dy.abs() {
        format!("{} diagonally {}", n(dx.abs()), fwd(dy))
    } else {
        format!("a ({},{}) leap {}", dx.abs(), dy.abs(), fwd(dy))
    }
}

/// Distinct phrases for the steps from `from` to `to` squares.
fn steps_words(from: Coord, to: &BTreeSet<Coord>) -> String {
    let mut phrases: Vec<String> = Vec::new();
    for c in to {
        let p = step_words(
            c.file as i32 - from.file as i32,
            c.rank as i32 - from.rank as i32,
        );
        if !phrases.contains(&p) {
            phrases.push(p);
        }
    }
    join_or(&phrases)
}

/// `a, b or c`, each item once.
fn join_with(items: &[String], last: &str) -> String {
    match dedup(items.to_vec()).as_slice() {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., z] => format!("{} {last} {z}", rest.join(", ")),
    }
}

fn join_or(items: &[String]) -> String {
    join_with(items, "or")
}

fn join_and(items: &[String]) -> String {
    join_with(items, "and")
}

/// Promotion rules of White's type `t`, grouped by rank: (ranks from the far end, squares,
/// rule).
fn promotions(v: &Variant, t: usize) -> Vec<(Vec<Coord>, PromoRule)> {
    let mut groups: Vec<(Vec<Coord>, PromoRule)> = Vec::new();
    for rank in (0..v.geometry.ranks).rev() {
        for file in 0..v.geometry.files {
            let c = Coord::new(file, rank);
            if let LandingRule::Promote(rule) = v.landing_rule(t, Color::White, v.square(c)) {
                match groups.iter_mut().find(|(_, r)| r == rule) {
                    Some((sq, _)) => sq.push(c),
                    None => groups.push((vec![c], rule.clone())),
                }
            }
        }
    }
    groups
}

/// Where on the board: "rank 8", "ranks 8-10", or the squares.
fn where_text(v: &Variant, squares: &[Coord]) -> String {
    let ranks: BTreeSet<u8> = squares.iter().map(|c| c.rank).collect();
    let full = ranks
        .iter()
        .all(|r| squares.iter().filter(|c| c.rank == *r).count() == v.geometry.files as usize);
    let (lo, hi) = (
        *ranks.iter().next().unwrap_or(&0),
        *ranks.iter().last().unwrap_or(&0),
    );
    if full && (hi - lo + 1) as usize == ranks.len() {
        if lo == hi {
            if hi + 1 == v.geometry.ranks {
                return format!("on reaching the last rank ({})", hi + 1);
            }
            return format!("on rank {}", hi + 1);
        }
        return format!("on ranks {}-{}", lo + 1, hi + 1);
    }
    format!("on {}", squares_text(squares))
}

fn promo_text(v: &Variant, t: usize, squares: &[Coord], rule: &PromoRule) -> String {
    let names: Vec<String> = rule
        .choices
        .iter()
        .map(|&(to, _)| cap_name(&v.pieces[to as usize].name))
        .collect();
    let from_hand = !rule.choices.is_empty() && rule.choices.iter().all(|&(_, h)| h);
    let verb = if rule.may_stay { "may" } else { "must" };
    let mut s = format!(
        "{} {verb} promote to {}",
        where_text(v, squares),
        join_or(&names)
    );
    if from_hand {
        s += " (only to a piece of its own side that is in hand: one that was captured)";
        if !rule.may_stay {
            s += "; with none in hand it may not go there";
        }
    }
    let _ = t;
    s
}

fn remarks(v: &Variant, t: usize) -> Vec<String> {
    let p = &v.pieces[t];
    let mut out = Vec::new();
    if p.royal {
        out.push(
            if v.any_royal_loses || v.pieces.iter().filter(|q| q.royal).count() < 2 {
                "Royal: it may not be left in check, and losing it loses the game".to_string()
            } else {
                "Royal: the game is lost when all royal pieces are gone".to_string()
            },
        );
    }
    for c in castlings(v, t) {
        out.push(castling_text(v, t, &c));
    }
    if p.has_initial {
        out.push("Has extra moves while it has not moved yet".into());
    }
    if has_flag(v, t, Flags::EP) {
        out.push("Captures en passant".into());
    }
    if has_flag(v, t, Flags::HOP | Flags::GRASS) {
        out.push("Some moves jump over another piece (a hurdle)".into());
    }
    for (squares, rule) in promotions(v, t) {
        let mut s = promo_text(v, t, &squares, &rule);
        if let Some(first) = s.get(..1) {
            s = first.to_uppercase() + &s[1..];
        }
        out.push(s);
    }
    if let Some(base) = p.demoted {
        out.push(format!(
            "Promoted form of the {}",
            cap_name(&v.pieces[base as usize].name)
        ));
    }
    let [w, b] = start_squares(v, t);
    let in_hand = v.initial_hand.iter().any(|h| h[t] > 0);
    if w.is_empty() && b.is_empty() && !in_hand {
        out.push("Not in the setup: appears only by promotion".into());
    }
    if v.drops && v.holdings_type != 0 && !p.royal {
        out.push("When captured it changes sides and can be dropped".into());
    }
    let rules = &v.rules;
    for (set, text) in [
        (rules.iron, "Iron: no piece can capture it"),
        (
            rules.anti_trade,
            "May not capture, nor be captured by, another such piece",
        ),
        (
            rules.counter_strike,
            "Cannot be captured right after a piece of its type was",
        ),
        (
            rules.contagious,
            "Contagious: a piece that captures it turns into its type",
        ),
    ] {
        if has(set, t) {
            out.push(text.into());
        }
    }
    if has(rules.protected, t) {
        let mut text = "Protected: after it captures a protected piece, it may not be left where it can be taken back".to_string();
        if let Some(th) = rules
            .trade_threshold
            .filter(|&th| (th as usize) < v.pieces.len())
        {
            let _ = write!(
                text,
                ", unless the other pieces it captures in the same move are worth at least a {}",
                cap_name(&v.pieces[th as usize].name)
            );
        }
        out.push(text);
    }
    if rules.conversion == Some(t as u8) {
        out.push(
            "Once one of its kind has made its first move, no other of its kind may make its first move to a square of the colour that one went to"
                .into(),
        );
    }
    if has(rules.baring, t) && !all_non_royal(v, rules.baring) {
        out.push("Counts for baring".into());
    }
    if let Some(bound) = bound_text(v, t) {
        out.push(bound);
    }
    out
}

/// Confined by the morph board (xiangqi's palace), colour-bound or bound by its own moves
/// (alfil), from [`region`]. Irreversible movers only get the forbidden squares listed.
fn bound_text(v: &Variant, t: usize) -> Option<String> {
    let forbidden = forbidden(v, t);
    let Some(seen) = region(v, t) else {
        return (!forbidden.is_empty())
            .then(|| format!("May not go to {} (White's side)", squares_text(&forbidden)));
    };
    let start = start_squares(v, t)[0]
        .first()
        .copied()
        .unwrap_or_else(|| centre(v));
    let total = v.playable().len();
    if seen.len() >= total {
        return None;
    }
    if !forbidden.is_empty() {
        let region: Vec<Coord> = seen.iter().copied().collect();
        return Some(format!(
            "Confined to {} (White's side)",
            squares_text(&region)
        ));
    }
    let one_colour = seen
        .iter()
        .all(|c| (c.file + c.rank) % 2 == (start.file + start.rank) % 2);
    Some(if one_colour && seen.len() * 2 >= total - 1 {
        "Colour-bound: it only reaches squares of one colour".into()
    } else {
        format!("Bound to {} of the {total} squares", seen.len())
    })
}

fn pawn_section(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    let ep_anywhere = (0..v.pieces.len()).any(|t| has_flag(v, t, Flags::EP_CREATE));
    for (t, p) in v.pieces.iter().enumerate().filter(|(_, p)| p.pawn) {
        let Ok(mut probe) = Probe::new(&p.betza, v.geometry.files, v.geometry.ranks) else {
            continue;
        };
        let from = centre(v);
        let (moves, captures) = moves_and_captures(&probe.diagram(from, true, false));
        let name = cap_name(&p.name);
        let only_moves: BTreeSet<Coord> = moves.difference(&captures).copied().collect();
        let only_caps: BTreeSet<Coord> = captures.difference(&moves).copied().collect();
        if !only_moves.is_empty() && !only_caps.is_empty() {
            out.push(format!(
                "The {name} moves differently from how it captures: it moves {} and captures {}.",
                steps_words(from, &only_moves),
                steps_words(from, &only_caps)
            ));
        }
        if p.has_initial {
            let unmoved: BTreeSet<Coord> = probe
                .reach(from, false, &[])
                .into_iter()
                .map(|r| r.to)
                .filter(|c| !moves.contains(c))
                .collect();
            if !unmoved.is_empty() {
                out.push(format!(
                    "From its start square (not moved yet) the {name} may also move {}, provided nothing is in the way.",
                    steps_words(from, &unmoved)
                ));
            }
            if has_flag(v, t, Flags::EP_CREATE) {
                out.push(format!(
                    "On the move right after such an initial move, an enemy that could have captured the {name} on a square it passed may capture it there (en passant)."
                ));
            }
        } else {
            out.push(format!(
                "The {name} has no initial double step{}.",
                if ep_anywhere {
                    ""
                } else {
                    ", so there is no en passant capture"
                }
            ));
        }
        for (squares, rule) in promotions(v, t) {
            out.push(format!("The {name} {}.", promo_text(v, t, &squares, &rule)));
        }
    }
    out
}

fn castling_section(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    for (t, p) in v.pieces.iter().enumerate() {
        let cs = castlings(v, t);
        if cs.is_empty() {
            continue;
        }
        for c in &cs {
            out.push(castling_text(v, t, c) + ".");
        }
        out.push(format!(
            "Both pieces must not have moved before and every square between them must be empty{}.",
            if p.royal {
                format!(
                    "; the {} may not castle while in check, across an attacked square or into check",
                    cap_name(&p.name)
                )
            } else {
                String::new()
            }
        ));
    }
    out
}

fn promotion_section(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    for (t, p) in v.pieces.iter().enumerate() {
        let groups = promotions(v, t);
        if groups.is_empty() {
            continue;
        }
        let texts: Vec<String> = groups
            .iter()
            .map(|(sq, rule)| promo_text(v, t, sq, rule))
            .collect();
        out.push(format!("The {} {}.", cap_name(&p.name), texts.join("; ")));
    }
    if !out.is_empty() && v.promo_from_zone {
        out.push(
            "A move that starts on a square where the piece could promote may promote too, also when it leaves the zone."
                .into(),
        );
    }
    if !out.is_empty() && v.symmetry == fairyboard_core::variant::Symmetry::Rotate {
        out.push(
            "Squares are named from White's side; Black's zone is White's turned half round (the board rotated by 180 degrees)."
                .into(),
        );
    } else if !out.is_empty() && v.symmetry != fairyboard_core::variant::Symmetry::None {
        out.push("Ranks are counted from White's side; Black's zone is the mirror image.".into());
    }
    out
}

fn holdings_section(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    match v.holdings_type {
        -1 => out.push(
            "A captured piece changes sides and goes to the capturer's hand; instead of moving, a player may drop a piece from the hand on an empty square."
                .into(),
        ),
        1 => out.push(
            "A captured piece goes back to its owner's hand, where it serves only as a promotion choice."
                .into(),
        ),
        _ => {}
    }
    if v.rules.hand_swap {
        out.push(
            "Instead of moving, a player may put a piece from the hand in place of a friendly piece on the board of another type with the same ID; the replaced piece leaves the game."
                .into(),
        );
    }
    if v.holdings_type == -1 && v.demote_promoted {
        out.push(
            "A captured piece that got its type by promotion goes to the hand as the type it promoted from."
                .into(),
        );
    }
    if v.holdings_type == -1 {
        let demotes: Vec<String> = v
            .pieces
            .iter()
            .filter_map(|p| p.demoted.map(|b| (p, b)))
            .map(|(p, b)| {
                format!(
                    "{} becomes a {}",
                    cap_name(&p.name),
                    cap_name(&v.pieces[b as usize].name)
                )
            })
            .collect();
        if !demotes.is_empty() {
            out.push(format!(
                "Promoted pieces go to the hand unpromoted: {}.",
                join_and(&demotes)
            ));
        }
        for p in v.pieces.iter().filter(|p| p.no_doubled_drop) {
            let name = cap_name(&p.name);
            out.push(format!(
                "A {name} may not be dropped on a file where its owner already has a {name}."
            ));
        }
        for p in v.pieces.iter().filter(|p| p.no_drop_mate) {
            out.push(format!(
                "Dropping a {} may give check but not checkmate.",
                cap_name(&p.name)
            ));
        }
    }
    for c in Color::BOTH {
        let hand: Vec<String> = v.initial_hand[c.index()]
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(t, &n)| {
                let name = cap_name(&v.pieces[t].name);
                if n == 1 {
                    format!("1 {name}")
                } else {
                    format!("{n} {}", plural_name(&name))
                }
            })
            .collect();
        if !hand.is_empty() {
            out.push(format!(
                "{} starts with {} in hand.",
                if c == Color::White { "White" } else { "Black" },
                join_and(&hand)
            ));
        }
    }
    out
}

/// What a stalemate does under `stalemate=`: `win` (and the undocumented `loss`) make it a
/// win for the side that gives it, as the Interactive Diagram scores it (the core's
/// `stalemate_result` says why).
fn outcome_for_stalemated(o: Outcome) -> &'static str {
    match o {
        Outcome::Draw => "is a draw",
        Outcome::Win | Outcome::Loss => {
            "loses for the stalemated side (a win for the side that gives it)"
        }
    }
}

/// The names of the royal types.
fn royal_names(v: &Variant) -> Vec<String> {
    v.pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| cap_name(&p.name))
        .collect()
}

fn game_end_section(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    let royals = royal_names(v);
    if royals.is_empty() {
        let mut ends = vec![format!(
            "a side without a legal move (this {})",
            outcome_for_stalemated(v.rules.stalemate)
        )];
        if v.rules.baring != 0 {
            ends.push("baring (below)".into());
        }
        if !v.rules.win.is_empty() {
            ends.push("reaching a goal square (below)".into());
        }
        out.push(format!(
            "No piece of this definition is royal: there is no check and no checkmate. The game ends by {}.",
            join_or(&ends)
        ));
    } else {
        let who = join_or(&royals);
        out.push(format!("It is not allowed to leave your {who} in check."));
        if royals.len() > 1 && !v.any_royal_loses {
            out.push(format!(
                "With several royal pieces ({}), only the last one counts: a side loses when all of them are gone or the last is checkmated.",
                join_and(&royals)
            ));
        } else if royals.len() > 1 {
            out.push(format!(
                "Losing any one royal piece ({}) loses the game.",
                join_and(&royals)
            ));
        } else {
            out.push(format!("The game is won by checkmating the enemy {who}."));
        }
    }
    let rules = &v.rules;
    out.push(format!(
        "Stalemate (no legal move, not in check) {}.",
        outcome_for_stalemated(rules.stalemate)
    ));
    if rules.baring != 0 {
        let who = if all_non_royal(v, rules.baring) {
            "pieces other than royal ones".to_string()
        } else {
            join_and(&names_in(v, rules.baring))
        };
        out.push(format!(
            "A side that has lost all its {who} is bared and loses, unless on its next move it bares the opponent too ({}).",
            match rules.counterbare {
                Outcome::Draw => "then it is a draw",
                Outcome::Win => "then the counter-barer wins",
                Outcome::Loss => "even then it loses",
            }
        ));
    }
    let mut win_squares = Vec::new();
    for (t, p) in v.pieces.iter().enumerate() {
        let squares: Vec<Coord> = (0..v.geometry.ranks)
            .flat_map(|r| (0..v.geometry.files).map(move |f| Coord::new(f, r)))
            .filter(|c| rules.win_mark(t, Color::White.index(), v.square(*c)) != 0)
            .collect();
        if !squares.is_empty() {
            win_squares.push(format!(
                "a {} reaching {}",
                cap_name(&p.name),
                squares_text(&squares)
            ));
        }
    }
    if !win_squares.is_empty() {
        out.push(format!(
            "Reaching a goal square wins (White's side; mirrored for Black): {}.",
            join_or(&win_squares)
        ));
    }
    out.extend(matrix_words(v));
    if let (Some(spell), true) = (rules.spell, rules.casters != 0) {
        let casters: Vec<String> = names_in(v, rules.casters)
            .iter()
            .map(|n| plural_name(n))
            .collect();
        let who = join_and(&casters);
        let zone = zone_words(&rules.spell_zone);
        out.push(match spell {
            SpellKind::Burn => format!(
                "The {who} cast a burning spell on {zone} around them: an enemy piece that ends its move there is removed."
            ),
            SpellKind::Freeze => format!(
                "The {who} cast a freezing spell on {zone} around them: an enemy piece standing there cannot move."
            ),
            SpellKind::Protect => format!(
                "The {who} cast a protecting spell on {zone} around them: a friendly piece standing there cannot be captured."
            ),
        });
    }
    if rules.repetition > 0 {
        out.push(format!(
            "The {} occurrence of the same position is a draw.",
            ordinal(rules.repetition)
        ));
    }
    if rules.move_rule > 0 {
        out.push(format!(
            "{} moves by each side without a capture or a pawn move are a draw.",
            rules.move_rule
        ));
    }
    out
}

/// The capture matrix's words for its column of moves that take nothing.
const EMPTY_SQUARE: &str = "an empty square";

/// The capture matrix in plain words: for each effect, which movers have it on which
/// targets (`any piece` when a whole row or column shares it), and what an explosion or a
/// burn takes away.
fn matrix_words(v: &Variant) -> Vec<String> {
    let rules = &v.rules;
    let n = v.pieces.len();
    if rules.matrix_is_empty() {
        return vec![];
    }
    let name = |t: usize| cap_name(&v.pieces[t].name);
    let mut out = Vec::new();
    // Per effect and target set: the movers.
    let mut groups: Vec<(Effect, Vec<String>, Vec<usize>)> = Vec::new();
    for mover in 0..n {
        let mut by_effect: Vec<(Effect, Vec<String>)> = Vec::new();
        let targets = std::iter::once((Target::Empty, EMPTY_SQUARE.to_string()))
            .chain((0..n).map(|t| (Target::Enemy(t), format!("an enemy {}", name(t)))))
            .chain((0..n).map(|t| (Target::Friend(t), format!("a friendly {}", name(t)))));
        let mut enemies_with: Vec<(Effect, usize)> = Vec::new();
        for (target, words) in targets {
            let e = rules.effect(mover, target);
            if e == Effect::Normal {
                continue;
            }
            if let Target::Enemy(_) = target {
                match enemies_with.iter_mut().find(|(x, _)| *x == e) {
                    Some((_, k)) => *k += 1,
                    None => enemies_with.push((e, 1)),
                }
            }
            match by_effect.iter_mut().find(|(x, _)| *x == e) {
                Some((_, w)) => w.push(words),
                None => by_effect.push((e, vec![words])),
            }
        }
        for (e, mut words) in by_effect {
            if enemies_with.iter().any(|&(x, k)| x == e && k == n) {
                words.retain(|w| !w.starts_with("an enemy "));
                words.insert(0, "any enemy piece".into());
            }
            match groups.iter_mut().find(|(x, k, _)| *x == e && *k == words) {
                Some((_, _, m)) => m.push(mover),
                None => groups.push((e, words, vec![mover])),
            }
        }
    }
    let mut explodes = false;
    for (e, words, movers) in groups {
        // The matrix's column for a move that takes nothing is "an empty square": a move
        // there is no capture, so it is named apart ("moves to an empty square or
        // captures …").
        let all = join_or(&words);
        let empty = words.iter().any(|w| w == EMPTY_SQUARE);
        let pieces: Vec<String> = words.into_iter().filter(|w| w != EMPTY_SQUARE).collect();
        let targets = join_or(&pieces);
        let captures = match (empty, pieces.is_empty()) {
            (true, true) => "moves to an empty square".to_string(),
            (true, false) => format!("moves to an empty square or captures {targets}"),
            (false, _) => format!("captures {targets}"),
        };
        let holding = match (empty, pieces.is_empty()) {
            (true, true) => "an empty square".to_string(),
            (true, false) => format!("an empty square or a square holding {targets}"),
            (false, _) => format!("a square holding {targets}"),
        };
        let who = if movers.len() == n {
            "any piece".to_string()
        } else {
            format!(
                "a {}",
                join_or(&movers.iter().map(|&t| name(t)).collect::<Vec<_>>())
            )
        };
        let s = match e {
            Effect::Normal => continue,
            Effect::Promote(x) => {
                format!("When {who} {captures}, it becomes a {}.", name(x as usize))
            }
            Effect::EnemyPromote(x) => format!(
                "When {who} {captures}, it turns into an enemy {}.",
                name(x as usize)
            ),
            Effect::OptionalPromote => format!("When {who} {captures}, it may promote."),
            Effect::Forbidden => {
                format!("{} may not go to {holding}.", title(&who))
            }
            Effect::ForbiddenIfProtected => format!(
                "{} may not capture {all} that another piece protects (could capture back).",
                title(&who)
            ),
            Effect::NoHop => format!("{} may not jump over {all}.", title(&who)),
            Effect::NoCaptureNoHop => {
                format!("{} may neither capture nor jump over {all}.", title(&who))
            }
            Effect::Kamikaze => {
                format!("When {who} {captures}, it disappears together with its victim.")
            }
            Effect::Explode => {
                explodes = true;
                format!(
                    "When {who} {captures}, the {} {}.",
                    if empty { "move" } else { "capture" },
                    if rules.burn.is_some() {
                        "burns"
                    } else {
                        "explodes"
                    }
                )
            }
        };
        out.push(s);
    }
    if explodes {
        out.push(match &rules.burn {
            Some(zone) => format!(
                "Burning: the enemy pieces on {} around the capture square are removed too; the capturer stays.",
                zone_words(zone)
            ),
            None if rules.atomic_spare == 0 => format!(
                "Explosion: the enemy pieces on {} around the capture square are removed too; the capturer stays.",
                zone_words(&rules.blast)
            ),
            None => {
                let spared: Vec<String> = (0..(rules.atomic_spare as usize).min(n))
                    .map(|t| plural_name(&name(t)))
                    .collect();
                format!(
                    "Explosion: the capturer, its victim and every piece of either colour on {} around the capture square disappear{}.",
                    zone_words(&rules.blast),
                    if spared.is_empty() {
                        String::new()
                    } else {
                        format!(", except {} standing around it", join_and(&spared))
                    }
                )
            }
        });
    }
    out
}

/// A zone of steps around a square in words.
fn zone_words(zone: &[(i8, i8)]) -> String {
    let set: BTreeSet<(i8, i8)> = zone.iter().copied().collect();
    let orth = zone.iter().all(|&(x, y)| x == 0 || y == 0);
    let diag = zone.iter().all(|&(x, y)| x.abs() == y.abs());
    let king = zone.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1);
    let knight = zone
        .iter()
        .all(|&(x, y)| x.abs().min(y.abs()) == 1 && x.abs().max(y.abs()) == 2);
    match set.len() {
        8 if king => "the 8 squares".into(),
        4 if king && orth => "the 4 orthogonally adjacent squares".into(),
        4 if king && diag => "the 4 diagonally adjacent squares".into(),
        8 if knight => "the 8 squares a knight's leap away".into(),
        k => format!("{k} squares"),
    }
}

fn has(set: TypeSet, t: usize) -> bool {
    t < 128 && set >> t & 1 == 1
}

/// The set holds exactly the non-royal types (`baring=0`).
fn all_non_royal(v: &Variant, set: TypeSet) -> bool {
    (0..v.pieces.len()).all(|t| has(set, t) != v.pieces[t].royal)
}

fn names_in(v: &Variant, set: TypeSet) -> Vec<String> {
    (0..v.pieces.len())
        .filter(|&t| has(set, t))
        .map(|t| cap_name(&v.pieces[t].name))
        .collect()
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

// ---------------------------------------------------------------------------------------
// Differences with FIDE

/// What a piece does, independent of its name and of the board: its move diagram (every
/// mark with how it is reached, so a lame horse differs from a knight) for a moved and an
/// unmoved piece in the middle of a 15×15 board, and whether it is royal.
#[derive(PartialEq, Eq)]
struct Signature {
    royal: bool,
    moved: BTreeSet<(i32, i32, MarkKind, bool)>,
    unmoved: BTreeSet<(i32, i32, MarkKind, bool)>,
    castles: bool,
    /// Some move takes or uses a friendly piece (`d`, `x`): on the empty probe board it
    /// leaves no mark, so a Queen with such moves (`QudQ`, Odin's Rune Chess) would read as
    /// the FIDE Queen.
    friendly: bool,
}

fn signature(betza: &str, royal: bool) -> Option<Signature> {
    const N: u8 = 15;
    let mut probe = Probe::new(betza, N, N).ok()?;
    let c = Coord::new(N / 2, N / 2);
    let mut rel = |moved: bool| -> BTreeSet<(i32, i32, MarkKind, bool)> {
        probe
            .diagram(c, moved, false)
            .iter()
            .map(|m| {
                (
                    m.at.file as i32 - c.file as i32,
                    m.at.rank as i32 - c.rank as i32,
                    m.kind,
                    m.way == Way::Slide,
                )
            })
            .collect()
    };
    let (moved, unmoved) = (rel(true), rel(false));
    let records = &probe.variant().pieces[0].program.records;
    let castles = records.iter().any(|r| r.kind == Kind::Castle);
    let friendly = records
        .iter()
        .any(|r| r.flags.contains(Flags::DESTROY) || r.flags.contains(Flags::INDUCE));
    Some(Signature {
        royal,
        moved,
        unmoved,
        castles,
        friendly,
    })
}

fn differences(v: &Variant, fide: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    let (f, r) = (v.geometry.files, v.geometry.ranks);
    let (ff, fr) = (fide.geometry.files, fide.geometry.ranks);
    if (f, r) != (ff, fr) {
        out.push(format!("The board is {f}×{r} instead of {ff}×{fr}."));
    }
    let holes = v.playable().len() < f as usize * r as usize;
    if holes {
        out.push(format!(
            "The board has {} holes.",
            f as usize * r as usize - v.playable().len()
        ));
    }
    let sig: Vec<Option<Signature>> = v
        .pieces
        .iter()
        .map(|p| signature(&p.betza, p.royal))
        .collect();
    let fsig: Vec<Option<Signature>> = fide
        .pieces
        .iter()
        .map(|p| signature(&p.betza, p.royal))
        .collect();
    // The FIDE type each type plays as: exactly the same moves (never judged by name).
    let twin: Vec<Option<usize>> = (0..v.pieces.len())
        .map(|t| (0..fide.pieces.len()).find(|&u| sig[t].is_some() && sig[t] == fsig[u]))
        .collect();
    let mut new_pieces = Vec::new();
    for (t, p) in v.pieces.iter().enumerate() {
        match twin[t] {
            None => new_pieces.push(format!("{} ({}, {})", cap_name(&p.name), p.id, p.betza)),
            Some(u) => {
                let fp = &fide.pieces[u];
                if !fp.name.eq_ignore_ascii_case(&p.name) {
                    out.push(format!(
                        "The {} ({}) moves exactly as the {} does.",
                        cap_name(&p.name),
                        p.id,
                        cap_name(&fp.name)
                    ));
                }
            }
        }
    }
    if !new_pieces.is_empty() {
        out.push(format!(
            "Pieces that move unlike any FIDE chess piece: {}.",
            join_and(&new_pieces)
        ));
    }
    let missing: Vec<String> = (0..fide.pieces.len())
        .filter(|u| !twin.contains(&Some(*u)))
        .map(|u| cap_name(&fide.pieces[u].name))
        .collect();
    if !missing.is_empty() {
        out.push(format!(
            "No piece moves as the FIDE {} does.",
            join_or(&missing)
        ));
    }
    // Setup, on a board of the same size.
    if (f, r) == (ff, fr) {
        for (t, p) in v.pieces.iter().enumerate() {
            let Some(u) = twin[t] else { continue };
            let mine = start_squares(v, t)[0].clone();
            let theirs = start_squares(fide, u)[0].clone();
            if mine != theirs && !mine.is_empty() {
                out.push(format!(
                    "{} on {} instead of {}.",
                    plural(&cap_name(&p.name), mine.len()),
                    squares_text(&mine),
                    squares_text(&theirs)
                ));
            }
        }
    }
    if !mirrored_setup(v) {
        out.push("The two armies are not mirror images of each other.".into());
    }
    // Castling.
    let castles: Vec<String> = (0..v.pieces.len())
        .flat_map(|t| castlings(v, t).into_iter().map(move |c| (t, c)))
        .map(|(t, c)| castling_text(v, t, &c))
        .collect();
    let fcastles: Vec<String> = (0..fide.pieces.len())
        .flat_map(|t| castlings(fide, t).into_iter().map(move |c| (t, c)))
        .map(|(t, c)| castling_text(fide, t, &c))
        .collect();
    if castles.is_empty() && !fcastles.is_empty() {
        out.push("No castling.".into());
    } else if castles != fcastles && !castles.is_empty() {
        out.push(format!("Castling: {}.", castles.join("; ")));
    }
    // Promotion of the pieces that play as the FIDE pawn.
    let fpawn = (0..fide.pieces.len()).find(|&u| !promotions(fide, u).is_empty());
    let fchoices: BTreeSet<String> = fpawn
        .map(|u| promo_names(fide, u, &|x| cap_name(&fide.pieces[x].name)))
        .unwrap_or_default();
    for (t, p) in v.pieces.iter().enumerate() {
        let groups = promotions(v, t);
        // Only a piece that moves as the FIDE pawn is compared with the pawn's choices.
        if groups.is_empty() || fpawn.is_none() || twin[t] != fpawn {
            continue;
        }
        let choices = promo_names(v, t, &|x| match twin[x] {
            Some(u) => cap_name(&fide.pieces[u].name),
            None => cap_name(&v.pieces[x].name),
        });
        let mut mapped: BTreeSet<String> = BTreeSet::new();
        let mut added = Vec::new();
        for c in &choices {
            mapped.insert(c.clone());
            if !fchoices.contains(c) {
                added.push(c.clone());
            }
        }
        let removed: Vec<String> = fchoices.difference(&mapped).cloned().collect();
        let name = cap_name(&p.name);
        if !added.is_empty() {
            out.push(format!(
                "The {name} may also promote to {}.",
                join_or(&added)
            ));
        }
        if !removed.is_empty() {
            out.push(format!(
                "The {name} cannot promote to {}.",
                join_or(&removed)
            ));
        }
        let zone: BTreeSet<u8> = groups
            .iter()
            .flat_map(|(sq, _)| sq.iter().map(|c| v.geometry.ranks - 1 - c.rank))
            .collect();
        if zone.len() > 1 {
            out.push(format!(
                "The {name} promotes in a zone of the last {} ranks.",
                zone.len()
            ));
        }
    }
    match (v.holdings_type, v.drops) {
        (-1, true) => {
            out.push("Captured pieces change sides and can be dropped back on the board.".into())
        }
        (1, _) => {
            out.push("Captured pieces go back to their owner's hand as promotion reserve.".into())
        }
        _ => {}
    }
    if !v.shuffle.is_empty() && fide.shuffle.is_empty() {
        out.push("The setup is shuffled at the start of each game (see the initial setup).".into());
    }
    let royals = royal_names(v);
    let froyals = fide.pieces.iter().filter(|p| p.royal).count();
    if royals.is_empty() && froyals > 0 {
        out.push("No piece is royal: there is no check and no checkmate.".into());
    } else if royals.len() > 1 && royals.len() != froyals {
        out.push(format!("The royal pieces are the {}.", join_and(&royals)));
    }
    let (rules, frules) = (&v.rules, &fide.rules);
    if rules.repetition != frules.repetition {
        out.push(match rules.repetition {
            0 => "Repeating a position is no draw.".to_string(),
            n => format!("The {} occurrence of a position is a draw.", ordinal(n)),
        });
    }
    if rules.move_rule != frules.move_rule {
        out.push(match rules.move_rule {
            0 => "There is no draw by a number of moves without capture or pawn move.".to_string(),
            n => format!("{n} moves by each side without a capture or a pawn move are a draw."),
        });
    }
    for (mine, theirs, text) in [
        (
            rules.anti_trade,
            frules.anti_trade,
            "Some pieces may not be traded for each other.",
        ),
        (
            rules.counter_strike,
            frules.counter_strike,
            "Some pieces cannot be captured right after one of their type was.",
        ),
        (
            rules.protected,
            frules.protected,
            "Some pieces may not capture a protected piece of their kind.",
        ),
        (
            rules.contagious | rules.immune,
            frules.contagious | frules.immune,
            "Some captures change the capturer's type (contagion).",
        ),
        (
            rules.casters,
            frules.casters,
            "Some pieces cast spells on the squares around them.",
        ),
    ] {
        if mine != 0 && theirs == 0 {
            out.push(text.into());
        }
    }
    if rules.stalemate != frules.stalemate {
        out.push(format!(
            "Stalemate {} (in FIDE chess it {}).",
            outcome_for_stalemated(rules.stalemate),
            outcome_for_stalemated(frules.stalemate)
        ));
    }
    if rules.baring != 0 && frules.baring == 0 {
        out.push("A bare royal piece loses (baring rule).".into());
    }
    if !rules.matrix_is_empty() && frules.matrix_is_empty() {
        out.push("Some captures have special effects (see the game end rules).".into());
    }
    if rules.iron != 0 && frules.iron == 0 {
        out.push("Some pieces cannot be captured (iron).".into());
    }
    if !rules.win.is_empty() && frules.win.is_empty() {
        out.push("Reaching certain squares wins.".into());
    }
    out
}

fn plural(name: &str, n: usize) -> String {
    if n == 1 {
        format!("The {name} starts")
    } else {
        format!("The {name}s start")
    }
}

/// The names of the promotion choices of `t`, as `name` calls them (FIDE's name for a
/// piece that plays as a FIDE piece).
fn promo_names(v: &Variant, t: usize, name: &dyn Fn(usize) -> String) -> BTreeSet<String> {
    promotions(v, t)
        .iter()
        .flat_map(|(_, r)| r.choices.iter().map(|&(to, _)| to as usize))
        .map(name)
        .collect()
}

/// Black's setup is White's mirrored (or turned, for `symmetry=rotate`), type for type.
fn mirrored_setup(v: &Variant) -> bool {
    let (f, r) = (v.geometry.files, v.geometry.ranks);
    let mut white = BTreeSet::new();
    let mut black = BTreeSet::new();
    for &(sq, cell) in &v.setup {
        let c = v.coord(sq);
        let t = cell_type(cell).index();
        if cell_color(cell) == Color::White {
            white.insert((c.mirrored(r), t));
            white.insert((c.rotated(f, r), t + 1000));
        } else {
            black.insert((c, t));
        }
    }
    let mirror: BTreeSet<_> = white.iter().filter(|x| x.1 < 1000).copied().collect();
    let rotate: BTreeSet<_> = white
        .iter()
        .filter(|x| x.1 >= 1000)
        .map(|&(c, t)| (c, t - 1000))
        .collect();
    black == mirror || black == rotate
}

#[cfg(test)]
mod tests {
    use super::plural_name;

    /// English plurals, the bracketed remark of a corpus name left after the noun.
    #[test]
    fn plurals_go_on_the_noun() {
        assert_eq!(plural_name("Lion"), "Lions");
        assert_eq!(plural_name("Rhinoceros"), "Rhinoceroses");
        assert_eq!(plural_name("Capture-Only Nuke"), "Capture-Only Nukes");
        assert_eq!(plural_name("King (persian)"), "Kings (persian)");
    }
}
