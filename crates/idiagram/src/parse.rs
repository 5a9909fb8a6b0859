//! From text to [`Definition`]: read every item first, then resolve with the final parameters.

use std::collections::{HashMap, HashSet};
use std::str::FromStr;

use crate::capture::{CaptureCell, CaptureMatrix};
use crate::coord::{Coord, MAX_SIDE};
use crate::diag::{Ctx, Diags};
use crate::ids::{self, IdTable, PromoChoice, PromoOption};
use crate::lex::{self, Field, Shape};
use crate::morph::{Morph, MorphCell};
use crate::names::{default_betza_for, default_id};
use crate::params::{self, DisplayCheck, Read};
use crate::squares::{self, Sq};
use crate::{Baring, Color, Definition, Outcome, Param, Parsed, PieceDef, Symmetry, Zone};

/// The largest number of piece types a `captureMatrix` is built for (it has n x (2n+1) cells).
const MAX_MATRIX_TYPES: usize = 1000;

/// Every general parameter keyword this crate knows (the names of [`crate::parameters`]).
/// Code that must decide something for each parameter (the engine's fast-path gate) checks
/// itself against this list.
pub fn parameter_names() -> impl Iterator<Item = &'static str> {
    crate::params::parameters().iter().map(|p| p.name)
}

/// Is `key` a parameter keyword this crate knows (typed, display-only or `morph`)?
pub(crate) fn is_known(key: &str) -> bool {
    params::lookup(key).is_some()
}

/// A piece line as read.
struct RawPiece<'a> {
    item: Field<'a>,
    fields: Vec<Field<'a>>,
    morph: Option<Field<'a>>,
}

impl RawPiece<'_> {
    fn name(&self) -> &str {
        self.fields.first().map_or("", |f| f.text)
    }
    fn is_hole(&self) -> bool {
        self.name().eq_ignore_ascii_case("hole")
    }
}

/// Split a piece item into its `:` fields (trimmed), rejoining a URL image (`http://…`).
fn piece_fields(item: Field) -> Vec<Field> {
    let text = item.text;
    let mut cuts: Vec<usize> = text
        .char_indices()
        .filter(|(_, c)| *c == ':')
        .map(|(i, _)| i)
        .collect();
    if cuts.len() >= 5 {
        let image = text[cuts[2] + 1..cuts[3]].trim();
        if text[cuts[3] + 1..].starts_with("//")
            && !image.is_empty()
            && image.chars().all(|c| c.is_ascii_alphabetic())
        {
            cuts.remove(3);
        }
    }
    item.cut_at(&cuts).iter().map(Field::trim).collect()
}

fn suggestion(key: &str) -> Option<&'static str> {
    if key.eq_ignore_ascii_case("contagious") {
        return Some("contageous");
    }
    params::parameters()
        .iter()
        .map(|p| p.name)
        .find(|k| k.eq_ignore_ascii_case(key))
}

/// The parse state.
struct State<'a> {
    diags: Diags,
    def: Definition,
    all_params: Vec<Param>,
    /// Line of the first occurrence of each non-repeatable known parameter.
    seen: HashMap<&'a str, usize>,
    promo_choice: Option<Field<'a>>,
    capture_matrix: Option<(Field<'a>, Field<'a>)>,
    contageous: Option<Field<'a>>,
    shuffle: Option<Field<'a>>,
    promo_offset_at: Option<Field<'a>>,
    promo_zone_at: Option<Field<'a>>,
    max_promote_at: Option<Field<'a>>,
    atomic_at: Option<Field<'a>>,
    tracked_at: Option<Field<'a>>,
    /// Piece-reference parameters: (key, value) in order.
    refs: Vec<(Field<'a>, Field<'a>)>,
}

/// One item of a definition text (a parameter or a piece line) as the parser splits the text,
/// with the line and 1-based character column where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub line: usize,
    pub column: usize,
    pub text: String,
}

/// The items of a definition text, in order, as [`parse`] reads them: lines split at
/// newlines and `<br>` tags, the one-line stored form split into its items, comments and
/// blank lines left out. Tools use it to turn a stored one-line definition into one item a
/// line:
///
/// ```
/// let items = idiagram::items("files=10 ranks=8 great rook:G:R::a1 king::::e1");
/// let texts: Vec<&str> = items.iter().map(|i| i.text.as_str()).collect();
/// assert_eq!(texts, ["files=10", "ranks=8", "great rook:G:R::a1", "king::::e1"]);
/// assert_eq!((items[2].line, items[2].column), (1, 18));
/// ```
pub fn items(text: &str) -> Vec<Item> {
    let lines = crate::html::page_lines(text);
    lex::items_of(lines.iter().map(|l| (l.line, l.col, &*l.text)))
        .into_iter()
        .map(|f| Item {
            line: f.line,
            column: f.col,
            text: f.text.to_string(),
        })
        .collect()
}

/// Parse a definition text. Never fails: returns what could be built plus every diagnostic.
pub fn parse(text: &str) -> Parsed {
    let lines = crate::html::page_lines(text);
    let mut st = State {
        diags: Diags::default(),
        def: Definition::default(),
        all_params: Vec::new(),
        seen: HashMap::new(),
        promo_choice: None,
        capture_matrix: None,
        contageous: None,
        shuffle: None,
        promo_offset_at: None,
        promo_zone_at: None,
        max_promote_at: None,
        atomic_at: None,
        tracked_at: None,
        refs: Vec::new(),
    };

    // Phase 1: items.
    let mut params: Vec<(Field, Field)> = Vec::new();
    let mut raw: Vec<RawPiece> = Vec::new();
    for item in lex::items_of(lines.iter().map(|l| (l.line, l.col, &*l.text))) {
        match lex::shape(item.text) {
            Shape::Param(e) => {
                let key = item.sub(0, e).trim();
                let value = item.sub(e + 1, item.text.len()).trim();
                st.all_params.push(Param {
                    key: key.text.to_string(),
                    value: value.text.to_string(),
                    line: key.line,
                });
                if key.text == "morph" {
                    match raw.last_mut() {
                        None => st.diags.warning(
                            key.line,
                            key.col,
                            Ctx::param("morph"),
                            "morph= must follow the piece line it applies to; there is no piece before it, so it is ignored",
                        ),
                        Some(p) if p.is_hole() => st.diags.warning(
                            key.line,
                            key.col,
                            Ctx::param("morph"),
                            "morph= follows a 'hole' line; holes take no morph, so it is ignored",
                        ),
                        Some(p) => {
                            if let Some(old) = p.morph {
                                st.diags.warning(
                                    key.line,
                                    key.col,
                                    Ctx::piece_param(p.name(), "morph"),
                                    format!(
                                        "second morph for this piece (the first is on line {}); the last one counts",
                                        old.line
                                    ),
                                );
                            }
                            p.morph = Some(value);
                        }
                    }
                } else {
                    params.push((key, value));
                }
            }
            Shape::Piece => raw.push(RawPiece {
                item,
                fields: piece_fields(item),
                morph: None,
            }),
            Shape::Other => st.diags.warning(
                item.line,
                item.col,
                Ctx::default(),
                format!(
                    "'{}' is neither a parameter (keyword=value) nor a piece line (name:ID:move:image:squares); it is ignored",
                    item.text
                ),
            ),
        }
    }

    // Phase 2: parameters that need no pieces.
    for &(key, value) in &params {
        st.param(key, value);
    }

    // Phase 3: pieces and holes.
    let (files, ranks, symmetry) = (st.def.files, st.def.ranks, st.def.symmetry);
    // Square lists count ranks from `firstRank` (the script subtracts it from each rank).
    let rank_base = squares::rank_base(st.def.param("firstRank"));
    let mut hole_set: Vec<Coord> = Vec::new();
    let mut piece_raw: Vec<&RawPiece> = Vec::new();
    let mut squares_at: Vec<(Vec<Sq>, Vec<Sq>)> = Vec::new();
    for rp in &raw {
        let name = rp.name();
        let ctx = Ctx::piece(name);
        if rp.is_hole() {
            if rp.fields.len() < 5 {
                st.diags.warning(
                    rp.item.line,
                    rp.item.col,
                    ctx,
                    "hole line without a square field",
                );
            }
            let (w, b) = squares::parse_field(
                rp.fields.get(4).copied(),
                symmetry,
                files,
                ranks,
                rank_base,
                &mut st.diags,
                ctx,
            );
            // A later hole line wins over the pieces listed before it: the original builds
            // the board line by line, so the hole blanks the square (a piece listed after a
            // hole stands on it instead).
            let blanked: HashSet<Coord> = w.iter().chain(&b).map(|s| s.coord).collect();
            for (i, (pw, pb)) in squares_at.iter_mut().enumerate() {
                let piece: &mut PieceDef = &mut st.def.pieces[i];
                for (list, coords) in [(pw, &mut piece.white), (pb, &mut piece.black)] {
                    for s in list.iter().filter(|s| blanked.contains(&s.coord)) {
                        st.diags.warning(
                            rp.item.line,
                            rp.item.col,
                            ctx,
                            format!(
                                "square {} is a hole from here on; the '{}' listed there on line {} is left out",
                                s.coord, piece.name, s.line
                            ),
                        );
                    }
                    list.retain(|s| !blanked.contains(&s.coord));
                    coords.retain(|c| !blanked.contains(c));
                }
            }
            hole_set.extend(blanked);
            continue;
        }
        // The script requires an image: a line with neither a name nor an image is skipped
        // before it gets a number, like a line with too few fields.
        if rp.fields.len() >= 5 && name.is_empty() && rp.fields[3].text.is_empty() {
            st.diags.warning(
                rp.item.line,
                rp.item.col,
                ctx,
                "a piece line with neither a name nor an image is skipped and takes no piece \
                 number, as in the Interactive Diagram (which needs an image for every piece)",
            );
            continue;
        }
        // The script splits a line at ':' and skips it when fewer than five parts come out,
        // before counting it as a piece: such a line is no piece and takes no number.
        if rp.fields.len() < 5 {
            st.diags.warning(
                rp.item.line,
                rp.item.col,
                ctx,
                format!(
                    "a piece line has 5 or 6 fields (name:ID:move:image:squares[:hand]), this one {}; \
                     the line is skipped and takes no piece number, as in the Interactive Diagram",
                    rp.fields.len()
                ),
            );
            continue;
        }
        let piece = st.piece(rp);
        let sq = squares::parse_field(
            rp.fields.get(4).copied(),
            symmetry,
            files,
            ranks,
            rank_base,
            &mut st.diags,
            ctx,
        );
        let mut piece = piece;
        piece.white = sq.0.iter().map(|s| s.coord).collect();
        piece.black = sq.1.iter().map(|s| s.coord).collect();
        st.def.pieces.push(piece);
        piece_raw.push(rp);
        squares_at.push(sq);
    }
    hole_set.sort();
    hole_set.dedup();
    st.def.holes = hole_set;

    // Overlapping squares.
    let mut taken: HashMap<Coord, (usize, Color)> = HashMap::new();
    for (i, (w, b)) in squares_at.iter().enumerate() {
        for (color, list) in [(Color::White, w), (Color::Black, b)] {
            for s in list {
                if let Some(&(j, c)) = taken.get(&s.coord) {
                    let msg = if j == i && c == color {
                        format!("square {} is listed twice", s.coord)
                    } else {
                        format!(
                            "square {} already holds {} '{}'; the later {} '{}' takes it",
                            s.coord,
                            color_name(c),
                            st.def.pieces[j].name,
                            color_name(color),
                            st.def.pieces[i].name
                        )
                    };
                    st.diags
                        .warning(s.line, s.col, Ctx::piece(&st.def.pieces[i].name), msg);
                }
                taken.insert(s.coord, (i, color));
            }
        }
    }

    // Phase 4: everything that refers to pieces.
    let id_table = IdTable::new(st.def.pieces.iter().map(|p| p.id.as_str()));
    let single_ids: HashSet<char> = st
        .def
        .pieces
        .iter()
        .filter_map(|p| {
            let mut c = p.id.chars();
            match (c.next(), c.next()) {
                (Some(ch), None) => Some(ch),
                _ => None,
            }
        })
        .collect();

    for (i, rp) in piece_raw.iter().enumerate() {
        if let Some(value) = rp.morph {
            let ctx = Ctx::piece_param(rp.name(), "morph");
            let m = Morph::parse(
                value,
                files,
                ranks,
                symmetry,
                &single_ids,
                &mut st.diags,
                ctx,
            );
            let mut warned = HashSet::new();
            for cell in m.white.iter().flatten() {
                if let MorphCell::Promote(id) = cell {
                    if st.def.promotion_target(id, i).is_none() && warned.insert(id.clone()) {
                        st.diags.warning(
                            value.line,
                            value.col,
                            ctx,
                            format!(
                                "no other type has ID '{id}', so the piece cannot promote to it"
                            ),
                        );
                    }
                }
            }
            st.def.pieces[i].morph = Some(m);
        }
    }

    for &(key, value) in &st.refs.clone() {
        st.reference(key, value);
    }
    // Without any `royal=` the last piece type is royal (see the crate docs, "Decisions").
    if !st.refs.iter().any(|(k, _)| k.text == "royal") && !st.def.pieces.is_empty() {
        st.def.royal = vec![st.def.pieces.len() - 1];
    }
    if st.def.pieces.is_empty() {
        let (line, col) = raw.first().map_or((1, 1), |r| (r.item.line, r.item.col));
        st.diags.error(
            line,
            col,
            Ctx::default(),
            "the definition has no piece types (lines name:ID:move:image:squares), so there is nothing to play",
        );
    }

    let n = st.def.pieces.len();
    match st.promo_choice {
        Some(f) => {
            st.def.promo_choice = PromoChoice::parse(
                f,
                &id_table,
                st.def.promo_zone as u32,
                &mut st.diags,
                Ctx::param("promoChoice"),
            );
        }
        None => {
            // The script's default is `promoChoice=QNRB`: the types with one of those IDs.
            // A definition without any of them would leave its pawns nothing to become;
            // then every non-royal type that does not promote itself is offered instead.
            let candidate = |i: usize, p: &crate::PieceDef| {
                i >= st.def.max_promote && !st.def.royal.contains(&i) && ids::referable(&p.id)
            };
            let fide = |p: &crate::PieceDef| ["Q", "N", "R", "B"].contains(&p.id.as_str());
            let any_fide = st
                .def
                .pieces
                .iter()
                .enumerate()
                .any(|(i, p)| candidate(i, p) && fide(p));
            let mut seen = HashSet::new();
            let set: Vec<PromoOption> = st
                .def
                .pieces
                .iter()
                .enumerate()
                .filter(|&(i, p)| {
                    candidate(i, p) && (!any_fide || fide(p)) && seen.insert(p.id.clone())
                })
                .map(|(_, p)| PromoOption::plain(p.id.clone()))
                .collect();
            st.def.promo_choice = PromoChoice {
                sets: if set.is_empty() {
                    Vec::new()
                } else {
                    vec![set]
                },
            };
        }
    }
    if let Some(f) = st.contageous {
        st.def.rules.contageous =
            ids::parse_contagion(f, &id_table, &mut st.diags, Ctx::param("contageous"));
    }
    if let Some(f) = st.shuffle {
        st.def.rules.shuffle =
            ids::parse_shuffle(f, &id_table, &mut st.diags, Ctx::param("shuffle"));
    }
    if let Some((key, f)) = st.capture_matrix.filter(|(key, _)| {
        n <= MAX_MATRIX_TYPES || {
            st.diags.warning(
                key.line,
                key.col,
                Ctx::param("captureMatrix"),
                format!("a capture matrix for {n} piece types is too large (at most {MAX_MATRIX_TYPES}); it is ignored"),
            );
            false
        }
    }) {
        let names: Vec<&str> = st.def.pieces.iter().map(|p| p.name.as_str()).collect();
        st.def.capture_matrix = Some(CaptureMatrix::parse(
            f,
            n,
            &single_ids,
            &names,
            &mut st.diags,
            key.text,
        ));
    }

    st.checks(&piece_raw);

    let mut diagnostics = st.diags.list;
    // Columns after a decoded HTML entity point at the source's characters again.
    if lines.iter().any(|l| !l.shifts.is_empty()) {
        for d in &mut diagnostics {
            d.column = crate::html::source_column(&lines, d.line, d.column);
        }
        for p in &mut st.def.pieces {
            p.move_column = crate::html::source_column(&lines, p.line, p.move_column);
        }
    }
    diagnostics.sort_by_key(|d| (d.line, d.column));
    Parsed {
        definition: st.def,
        diagnostics,
        all_params: st.all_params,
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A number as the script reads it with JavaScript's `parseInt`: the whole value, or else
/// the leading integer of it (`10px` is 10, `3;` is 3, `2.5` is 2), the rest ignored with a
/// warning. A value without a leading integer is ignored (warning).
fn number<T: FromStr>(value: Field, key: &str, diags: &mut Diags) -> Option<T> {
    let text = value.text.trim_start();
    let sign = usize::from(text.starts_with(['+', '-']));
    let digits = text[sign..].bytes().take_while(u8::is_ascii_digit).count();
    let lead = &text[..sign + digits];
    match value.text.parse::<T>() {
        Ok(v) => Some(v),
        Err(_) if digits > 0 && lead.trim_start_matches('+').parse::<T>().is_ok() => {
            diags.warning(
                value.line,
                value.col,
                Ctx::param(key),
                format!(
                    "'{}': the text after {lead} is ignored (the Interactive Diagram reads only the number)",
                    value.text
                ),
            );
            lead.trim_start_matches('+').parse::<T>().ok()
        }
        Err(_) => {
            let msg = if value.text.is_empty() {
                "missing value".to_string()
            } else if value.text.bytes().all(|b| b.is_ascii_digit()) {
                format!("'{}' is out of range", value.text)
            } else {
                format!("'{}' is not a number", value.text)
            };
            diags.warning(
                value.line,
                value.col,
                Ctx::param(key),
                format!("{msg}; the value is ignored"),
            );
            None
        }
    }
}

/// An integer that must be one of `allowed`.
fn choice_int(value: Field, key: &str, allowed: &[i64], diags: &mut Diags) -> Option<i64> {
    let v = number::<i64>(value, key, diags)?;
    if allowed.contains(&v) {
        Some(v)
    } else {
        let list: Vec<String> = allowed.iter().map(i64::to_string).collect();
        diags.warning(
            value.line,
            value.col,
            Ctx::param(key),
            format!(
                "'{}' is not one of {}; the value is ignored",
                value.text,
                list.join(", ")
            ),
        );
        None
    }
}

fn zone(value: Field, key: &str, diags: &mut Diags) -> Option<Zone> {
    match value.text {
        "K" => Some(Zone::K),
        "W" => Some(Zone::W),
        "F" => Some(Zone::F),
        "N" => Some(Zone::N),
        other => {
            diags.warning(
                value.line,
                value.col,
                Ctx::param(key),
                format!("'{other}' is not one of K, W, F, N; the value is ignored"),
            );
            None
        }
    }
}

fn outcome(value: Field, key: &str, diags: &mut Diags) -> Option<Outcome> {
    match value.text.to_ascii_lowercase().as_str() {
        "draw" => Some(Outcome::Draw),
        "win" => Some(Outcome::Win),
        // H. G. Muller's own Chak diagram writes `counterbare=lose`.
        "loss" | "lose" => Some(Outcome::Loss),
        _ => {
            diags.warning(
                value.line,
                value.col,
                Ctx::param(key),
                format!(
                    "'{}' is not one of draw, win, loss; the value is ignored",
                    value.text
                ),
            );
            None
        }
    }
}

impl<'a> State<'a> {
    /// Read one general parameter through the table of [`params`]: simple values are stored
    /// by the table's setter, the others by [`own`](Self::own).
    fn param(&mut self, key: Field<'a>, value: Field<'a>) {
        let k = key.text;
        let spec = params::lookup(k);
        if spec.is_some_and(|p| !p.repeatable) {
            if let Some(first) = self.seen.get(k) {
                self.diags.warning(
                    key.line,
                    key.col,
                    Ctx::param(k),
                    format!("'{k}' is given again (first on line {first}); the last value counts"),
                );
            } else {
                self.seen.insert(k, key.line);
            }
        }
        let d = &mut self.diags;
        let def = &mut self.def;
        let Some(spec) = spec else {
            let hint = suggestion(k)
                .map(|s| format!(" (did you mean '{s}'?)"))
                .unwrap_or_default();
            d.warning(
                key.line,
                key.col,
                Ctx::param(k),
                format!("unknown parameter '{k}'{hint}; kept but not used"),
            );
            def.params.push(Param {
                key: k.to_string(),
                value: value.text.to_string(),
                line: key.line,
            });
            return;
        };
        match spec.read {
            Read::Choice(allowed, set) => {
                if let Some(v) = choice_int(value, k, allowed, d) {
                    set(def, v);
                }
            }
            Read::Count(set) => {
                if let Some(v) = number::<u32>(value, k, d) {
                    set(def, v);
                }
            }
            Read::Zone(set) => {
                if let Some(z) = zone(value, k, d) {
                    set(def, z);
                }
            }
            Read::Outcome(set) => {
                if let Some(o) = outcome(value, k, d) {
                    set(def, o);
                }
            }
            Read::Text(set) => set(def, value.text.to_string()),
            Read::Display(check) => {
                match check {
                    DisplayCheck::PositiveNumber => {
                        if number::<u32>(value, k, d) == Some(0) {
                            d.warning(
                                value.line,
                                value.col,
                                Ctx::param(k),
                                "must be positive; the value is ignored",
                            );
                        }
                    }
                    DisplayCheck::Integer => {
                        number::<i32>(value, k, d);
                    }
                    DisplayCheck::ZeroOrOne => {
                        choice_int(value, k, &[0, 1], d);
                    }
                    DisplayCheck::Milliseconds => {
                        if number::<u32>(value, k, d).is_some_and(|v| !(10..=60_000).contains(&v)) {
                            d.warning(
                                value.line,
                                value.col,
                                Ctx::param(k),
                                "the AI's thinking time is milliseconds from 10 to 60000; the value is ignored",
                            );
                        }
                    }
                    DisplayCheck::None => {}
                }
                def.params.push(Param {
                    key: k.to_string(),
                    value: value.text.to_string(),
                    line: key.line,
                });
            }
            Read::Own => self.own(key, value),
        }
    }

    /// The parameters that need more than a setter: they record where they were written,
    /// check against other values, or are read after the pieces.
    fn own(&mut self, key: Field<'a>, value: Field<'a>) {
        let k = key.text;
        let d = &mut self.diags;
        let def = &mut self.def;
        match k {
            "files" | "ranks" => {
                if let Some(v) = number::<u32>(value, k, d) {
                    // A larger board is cut to the largest supported one (its pieces beyond
                    // are left out, each with a warning): that keeps more of a page than the
                    // 8x8 default would. No board at all (0) keeps the default.
                    let side = v.min(MAX_SIDE as u32);
                    if v == 0 {
                        d.warning(
                            value.line,
                            value.col,
                            Ctx::param(k),
                            format!("{v} is outside 1..={MAX_SIDE}; the value is ignored"),
                        );
                    } else {
                        if v > MAX_SIDE as u32 {
                            d.warning(
                                value.line,
                                value.col,
                                Ctx::param(k),
                                format!(
                                    "{v} is more than the {MAX_SIDE} supported; the board is cut to {MAX_SIDE}"
                                ),
                            );
                        }
                        if k == "files" {
                            def.files = side as u8;
                        } else {
                            def.ranks = side as u8;
                        }
                    }
                }
            }
            "symmetry" => match value.text.to_ascii_lowercase().as_str() {
                "mirror" => def.symmetry = Symmetry::Mirror,
                "rotate" => def.symmetry = Symmetry::Rotate,
                "none" => def.symmetry = Symmetry::None,
                _ => d.warning(
                    value.line,
                    value.col,
                    Ctx::param(k),
                    format!(
                        "'{}' is not one of mirror, rotate, none; the value is ignored",
                        value.text
                    ),
                ),
            },
            "promoZone" => {
                if let Some(v) = number::<u8>(value, k, d) {
                    def.promo_zone = v;
                    self.promo_zone_at = Some(value);
                }
            }
            "maxPromote" => {
                if let Some(v) = number::<usize>(value, k, d) {
                    def.max_promote = v;
                    self.max_promote_at = Some(value);
                }
            }
            "promoOffset" => {
                if let Some(v) = number::<usize>(value, k, d) {
                    if v == 0 {
                        d.warning(
                            value.line,
                            value.col,
                            Ctx::param(k),
                            "promoOffset=0 makes a piece promote to itself",
                        );
                    }
                    def.promo_offset = Some(v);
                    self.promo_offset_at = Some(value);
                }
            }
            "atomicCapture" => {
                if let Some(v) = number::<u32>(value, k, d) {
                    def.rules.atomic_capture = v;
                    self.atomic_at = Some(value);
                }
            }
            "repetition" => {
                if let Some(v) = number::<u32>(value, k, d) {
                    if v == 1 {
                        d.warning(
                            value.line,
                            value.col,
                            Ctx::param(k),
                            "repetition=1 would end every game at once (use 0 for off, or 2 and up); the value is ignored",
                        );
                    } else {
                        def.rules.repetition = v;
                    }
                }
            }
            "trackedTypes" => {
                if let Some(v) = number::<u32>(value, k, d) {
                    if v == 0 {
                        d.warning(
                            value.line,
                            value.col,
                            Ctx::param(k),
                            "at least one type must be tracked; the value is ignored",
                        );
                    } else {
                        def.rules.tracked_types = v;
                        self.tracked_at = Some(value);
                    }
                }
            }
            "spell" => {
                // `burn` is documented; `freeze` and `protect` are fairyboard's choices for
                // the lost values (see the core crate's `rules` module).
                if matches!(value.text, "burn" | "freeze" | "protect") {
                    def.rules.spell = Some(value.text.to_string());
                } else {
                    d.warning(
                        value.line,
                        value.col,
                        Ctx::param(k),
                        format!(
                            "spell '{}' is not known (burn, freeze or protect); no spell is cast",
                            value.text
                        ),
                    );
                }
            }
            "promoChoice" => self.promo_choice = Some(value),
            "captureMatrix" => self.capture_matrix = Some((key, value)),
            "contageous" => self.contageous = Some(value),
            "shuffle" => self.shuffle = Some(value),
            "royal" | "baring" | "iron" | "antiTrade" | "counterStrike" | "protected"
            | "tradeThreshold" | "conversion" | "trackPieces" | "dropNoDoubled" | "dropNoMate"
            | "pieceValue" => self.refs.push((key, value)),
            // Every `Read::Own` parameter has an arm above; `morph` is read with its piece.
            _ => {}
        }
    }

    /// Build a piece from its fields (squares are filled in by the caller).
    fn piece(&mut self, rp: &RawPiece) -> PieceDef {
        let f = &rp.fields;
        let name = rp.name();
        let ctx = Ctx::piece(name);
        let d = &mut self.diags;
        let nf = f.len();
        if nf > 6 {
            d.warning(
                f[6].line,
                f[6].col,
                ctx,
                format!(
                    "a piece line has 5 or 6 fields (name:ID:move:image:squares[:hand]), this one {nf}; the extra fields are ignored"
                ),
            );
        }
        if name.is_empty() {
            d.warning(
                rp.item.line,
                rp.item.col,
                ctx,
                "the piece has no name; it is kept unnamed",
            );
        }
        let get = |i: usize| f.get(i).map(|x| x.text).filter(|t| !t.is_empty());
        let id = get(1).map_or_else(|| default_id(name), str::to_string);
        let betza = match get(2) {
            Some(b) => b.to_string(),
            None => match default_betza_for(name, self.def.files) {
                Some(b) => b.to_string(),
                None => {
                    let (line, col) = f
                        .get(2)
                        .map_or((rp.item.line, rp.item.col), |x| (x.line, x.col));
                    d.warning(
                        line,
                        col,
                        ctx,
                        format!("no move given, and '{name}' is not a name with a default move; the piece is kept without moves"),
                    );
                    String::new()
                }
            },
        };
        if let Some(idf) = f
            .get(1)
            .filter(|x| !x.text.is_empty() && !ids::referable(x.text))
        {
            d.warning(
                idf.line,
                idf.col,
                ctx,
                format!(
                    "ID '{}' cannot be used in promoChoice, shuffle or contageous (it contains one of , / * ! or a space, or starts or ends with a digit)",
                    idf.text
                ),
            );
        }
        let image = get(3).unwrap_or(name).to_string();
        let (hand, black_hand) = match f.get(5) {
            Some(h) if !h.text.is_empty() => {
                let counts: Vec<Option<u32>> = h
                    .text
                    .split(',')
                    .map(|c| c.trim().parse::<u32>().ok())
                    .collect();
                // The script reads `parseInt` of the first two parts (`2x` is 2, a part
                // without digits none) and ignores any further ones.
                let leading = |c: &str| -> Option<u32> {
                    let c = c.trim();
                    let n = c.bytes().take_while(u8::is_ascii_digit).count();
                    c[..n].parse().ok()
                };
                let lenient: Vec<Option<u32>> = h.text.split(',').take(2).map(leading).collect();
                match (counts.as_slice(), lenient.as_slice()) {
                    ([Some(n)], _) => (*n, None),
                    // `:3,3` is stored as `:3` (one canonical form).
                    ([Some(w), Some(b)], _) => (*w, (w != b).then_some(*b)),
                    (_, [Some(w)]) => {
                        d.warning(
                            h.line,
                            h.col,
                            ctx,
                            format!(
                                "hand count '{}' is read as {w}, as the Interactive Diagram reads it",
                                h.text
                            ),
                        );
                        (*w, None)
                    }
                    (_, [w, b]) if w.is_some() || b.is_some() => {
                        let (w, b) = (w.unwrap_or(0), b.unwrap_or(0));
                        d.warning(
                            h.line,
                            h.col,
                            ctx,
                            format!(
                                "hand count '{}' is read as {w},{b}, as the Interactive Diagram reads it",
                                h.text
                            ),
                        );
                        (w, (w != b).then_some(b))
                    }
                    _ => {
                        d.warning(
                            h.line,
                            h.col,
                            ctx,
                            format!(
                                "hand count '{}' is not a number or a pair 'white,black'; none start in hand",
                                h.text
                            ),
                        );
                        (0, None)
                    }
                }
            }
            _ => (0, None),
        };
        PieceDef {
            name: name.to_string(),
            id,
            betza,
            image,
            white: Vec::new(),
            black: Vec::new(),
            hand,
            black_hand,
            morph: None,
            line: rp.item.line,
            move_column: f.get(2).map_or(rp.item.col, |x| x.col),
        }
    }

    /// Resolve a piece-reference parameter.
    fn reference(&mut self, key: Field<'a>, mut value: Field<'a>) {
        let k = key.text;
        let ctx = Ctx::param(k);
        let n = self.def.pieces.len();
        let d = &mut self.diags;
        // `pieceValue=ID:CENTIPAWNS`: the reference is the part before the last colon.
        let mut centipawns = 0;
        if k == "pieceValue" {
            let Some(colon) = value.text.rfind(':') else {
                d.warning(
                    value.line,
                    value.col,
                    ctx,
                    "expected ID:CENTIPAWNS (a piece ID or number, a colon, a value with a pawn = 100); it is ignored",
                );
                return;
            };
            let number = &value.text[colon + 1..];
            match number.parse::<i32>() {
                Ok(v) if (0..=100_000).contains(&v) => centipawns = v,
                _ => {
                    d.warning(
                        value.line,
                        value.col_at(colon + 1),
                        ctx,
                        format!(
                            "'{number}' is not a value in centipawns (0 to 100000); it is ignored"
                        ),
                    );
                    return;
                }
            }
            value = Field {
                text: &value.text[..colon],
                ..value
            };
        }
        let t = value.text;
        let idx: Option<usize> = if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            match t.parse::<usize>() {
                Ok(0) if k == "baring" => {
                    if !self.def.rules.baring.contains(&Baring::AllNonRoyal) {
                        self.def.rules.baring.push(Baring::AllNonRoyal);
                    }
                    return;
                }
                Ok(v) if (1..=n).contains(&v) => Some(v - 1),
                // `royal=0`: no royal type at all (overrides the default, the last type).
                Ok(0) if k == "royal" => return,
                Ok(0) => {
                    d.warning(
                        value.line,
                        value.col,
                        ctx,
                        "piece numbers start at 1; it is ignored",
                    );
                    None
                }
                _ => {
                    d.warning(
                        value.line,
                        value.col,
                        ctx,
                        format!("there is no piece number {t}: the definition has {n} piece types; it is ignored"),
                    );
                    None
                }
            }
        } else {
            let found: Vec<usize> = (0..n).filter(|&i| self.def.pieces[i].id == t).collect();
            match found.as_slice() {
                [] => {
                    d.warning(
                        value.line,
                        value.col,
                        ctx,
                        format!("'{t}' is neither a piece number nor a piece ID; it is ignored"),
                    );
                    None
                }
                [one] => Some(*one),
                [.., last] => {
                    d.warning(
                        value.line,
                        value.col,
                        ctx,
                        format!(
                            "ID '{t}' is used by {} types; the last one ('{}', number {}) is meant",
                            found.len(),
                            self.def.pieces[*last].name,
                            last + 1
                        ),
                    );
                    Some(*last)
                }
            }
        };
        let Some(i) = idx else { return };
        let r = &mut self.def.rules;
        let list = match k {
            "pieceValue" => {
                if r.piece_values.iter().any(|&(p, _)| p == i) {
                    d.warning(
                        value.line,
                        value.col,
                        ctx,
                        format!(
                            "piece {} is given a value again; the last one counts",
                            i + 1
                        ),
                    );
                    r.piece_values.retain(|&(p, _)| p != i);
                }
                r.piece_values.push((i, centipawns));
                return;
            }
            "royal" => &mut self.def.royal,
            "baring" => {
                if r.baring.contains(&Baring::Piece(i)) {
                    d.warning(
                        value.line,
                        value.col,
                        ctx,
                        format!("piece {} is listed again", i + 1),
                    );
                } else {
                    r.baring.push(Baring::Piece(i));
                }
                return;
            }
            "iron" => &mut r.iron,
            "antiTrade" => &mut r.anti_trade,
            "counterStrike" => &mut r.counter_strike,
            "protected" => &mut r.protected,
            "dropNoDoubled" => &mut r.drop_no_doubled,
            "dropNoMate" => &mut r.drop_no_mate,
            "tradeThreshold" => {
                r.trade_threshold = Some(i);
                return;
            }
            "conversion" => {
                r.conversion = Some(i);
                return;
            }
            "trackPieces" => {
                r.track_pieces = Some(i);
                return;
            }
            _ => return,
        };
        if list.contains(&i) {
            d.warning(
                value.line,
                value.col,
                ctx,
                format!("piece {} is listed again", i + 1),
            );
        } else {
            list.push(i);
        }
    }

    /// Consistency checks over the finished definition.
    fn checks(&mut self, raw: &[&RawPiece]) {
        let def = &self.def;
        let d = &mut self.diags;
        let n = def.pieces.len();
        if let Some(v) = self.promo_zone_at {
            if def.promo_zone > def.ranks {
                d.warning(
                    v.line,
                    v.col,
                    Ctx::param("promoZone"),
                    format!(
                        "the zone ({}) is deeper than the board ({} ranks)",
                        def.promo_zone, def.ranks
                    ),
                );
            }
        }
        if let Some(v) = self.max_promote_at {
            if def.max_promote > n {
                d.warning(
                    v.line,
                    v.col,
                    Ctx::param("maxPromote"),
                    format!("there are only {n} piece types"),
                );
            }
        }
        if let Some(v) = self.atomic_at {
            if def.rules.atomic_capture as usize > n {
                d.warning(
                    v.line,
                    v.col,
                    Ctx::param("atomicCapture"),
                    format!("there are only {n} piece types"),
                );
            }
        }
        if let Some(t) = def.rules.track_pieces {
            let last = t.saturating_add(def.rules.tracked_types as usize);
            if last > n {
                let at = self.tracked_at.or_else(|| {
                    self.refs
                        .iter()
                        .rev()
                        .find(|(k, _)| k.text == "trackPieces")
                        .map(|(_, v)| *v)
                });
                if let Some(v) = at {
                    d.warning(
                        v.line,
                        v.col,
                        Ctx::param("trackedTypes"),
                        format!(
                            "tracking {} types from piece {} needs piece number {last}, but there are only {n}; the types past the end are not tracked",
                            def.rules.tracked_types,
                            t + 1
                        ),
                    );
                }
            }
        }
        // Shogi-style promotion.
        let shogi_cell =
            |m: &MorphCell| matches!(m, MorphCell::ShogiOptional | MorphCell::ShogiForced);
        let shogi_capture = |i: usize| {
            def.capture_matrix.as_ref().is_some_and(|cm| {
                cm.rows.get(i).is_some_and(|r| {
                    std::iter::once(&r.empty)
                        .chain(&r.enemy)
                        .chain(&r.friend)
                        .any(|c| *c == CaptureCell::ShogiPromote)
                })
            })
        };
        for (i, p) in def.pieces.iter().enumerate() {
            let morph_shogi = p.morph.as_ref().is_some_and(|m| m.any(shogi_cell));
            let uses = morph_shogi || shogi_capture(i);
            match def.promo_offset {
                None if uses => {
                    let (line, col) = raw
                        .get(i)
                        .and_then(|r| r.morph)
                        .map_or((p.line, 1), |m| (m.line, m.col));
                    d.warning(
                        line,
                        col,
                        Ctx::piece(&p.name),
                        "Shogi-style promotion ('|' or '^') without promoOffset",
                    );
                }
                Some(off) if (uses || i < def.max_promote) && i.saturating_add(off) >= n => {
                    if let Some(v) = self.promo_offset_at {
                        d.warning(
                            v.line,
                            v.col,
                            Ctx::param("promoOffset"),
                            format!(
                                "piece {} ('{}') would promote to piece number {}, but there are only {n}; it has no promoted form",
                                i + 1,
                                p.name,
                                i.saturating_add(off).saturating_add(1)
                            ),
                        );
                    }
                }
                _ => {}
            }
            if let Some(m) = &p.morph {
                let sets = def.promo_choice.sets.len();
                let mut warned = HashSet::new();
                for cell in m.white.iter().flatten() {
                    if let MorphCell::ChoiceSet(k) = cell {
                        if *k as usize >= sets && warned.insert(*k) {
                            let (line, col) = raw
                                .get(i)
                                .and_then(|r| r.morph)
                                .map_or((p.line, 1), |m| (m.line, m.col));
                            d.warning(
                                line,
                                col,
                                Ctx::piece_param(&p.name, "morph"),
                                format!("promoChoice has no set {k} (it has {sets})"),
                            );
                        }
                    }
                }
            }
        }
    }
}
