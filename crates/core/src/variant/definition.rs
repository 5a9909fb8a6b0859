//! From an Interactive Diagram definition (the `idiagram` crate) to a [`Variant`].

use crate::build::{BuildError, ChoiceSpec, MorphSpec, PieceSpec, VariantSpec, SKIPPED};
use crate::coord::Coord;
use crate::variant::Variant;
use idiagram::{Definition, Diagnostic, MorphCell, Severity};

impl Variant {
    /// Parse and compile a definition text. `Err` lists every error (no game can be built);
    /// `Ok` carries the warnings. Both are [`check`]'s diagnostics as text.
    pub fn from_definition(name: &str, text: &str) -> Result<(Variant, Vec<String>), Vec<String>> {
        let Checked {
            variant,
            diagnostics,
            ..
        } = check(name, text);
        match variant {
            Some(v) => Ok((v, diagnostics.iter().map(|d| d.to_string()).collect())),
            None => Err(diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| d.to_string())
                .collect()),
        }
    }
}

/// Everything an author should know about a definition text: the parser's diagnostics and
/// the build's (moves, squares, promotion), in one list sorted by line and column, plus the
/// variant when one could be built. Build findings carry the column of the piece line's move
/// field when they are about the move, else column 1.
pub fn check(name: &str, text: &str) -> Checked {
    let parsed = idiagram::parse(text);
    let mut all = parsed.diagnostics.clone();
    let spec = spec_of(name, &parsed.definition);
    let (variant, build): (_, Vec<(Severity, BuildError)>) = match Variant::from_spec(&spec) {
        Ok((v, w)) => (
            Some(v),
            w.into_iter().map(|w| (Severity::Warning, w)).collect(),
        ),
        Err(e) => (None, e.into_iter().map(|e| (Severity::Error, e)).collect()),
    };
    let lines: Vec<&str> = text.split('\n').collect();
    // Skipped characters of a move, per line, in the order the build reports them.
    let mut skipped: std::collections::HashMap<usize, std::vec::IntoIter<usize>> =
        Default::default();
    for (severity, b) in build {
        let column = if b.message.starts_with("move '") {
            let field = move_column(lines.get(b.line.wrapping_sub(1)).copied().unwrap_or(""));
            let offset = if b.message.ends_with(SKIPPED) {
                let betza = parsed
                    .definition
                    .pieces
                    .iter()
                    .find(|p| p.line == b.line)
                    .map_or("", |p| p.betza.as_str());
                skipped
                    .entry(b.line)
                    .or_insert_with(|| {
                        let (_, dropped) = xbetza::parse_lenient(betza);
                        let at: Vec<usize> = dropped.iter().map(|e| e.pos).collect();
                        at.into_iter()
                    })
                    .next()
                    .unwrap_or(0)
            } else {
                0
            };
            field + offset
        } else {
            1
        };
        all.push(Diagnostic {
            severity,
            line: b.line,
            column,
            piece: b.piece,
            parameter: None,
            message: b.message,
        });
    }
    all.sort_by_key(|d| (d.line, d.column));
    let ok = all.iter().all(|d| !d.is_error());
    let variant = variant.filter(|_| ok).map(|mut v| {
        let d = &parsed.definition;
        v.about = d.about();
        v.shades = ["lightShade", "darkShade"].map(|k| d.param(k).map(|s| s.trim().to_string()));
        v
    });
    Checked {
        definition: parsed.definition,
        variant,
        diagnostics: all,
    }
}

/// What [`check`] found.
pub struct Checked {
    /// The definition as parsed (always: the parser never fails).
    pub definition: Definition,
    /// The variant, unless an error leaves no game to build.
    pub variant: Option<Variant>,
    /// Sorted by line, then column.
    pub diagnostics: Vec<Diagnostic>,
}

/// The 1-based column of the move (third) field of a piece line, 1 when it has none.
fn move_column(line: &str) -> usize {
    line.char_indices()
        .filter(|&(_, c)| c == ':')
        .nth(1)
        .map_or(1, |(b, _)| line[..b].chars().count() + 2)
}

/// The rules core's view of a parsed definition.
pub fn spec_of(name: &str, d: &Definition) -> VariantSpec {
    let symmetry = d.symmetry;
    let pieces = d
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| PieceSpec {
            name: p.name.clone(),
            id: p.id.clone(),
            betza: p.betza.clone(),
            image: p.image.clone(),
            royal: d.royal.contains(&i),
            white: p.white.clone(),
            black: p.black.clone(),
            hand: [p.hand, p.black_hand.unwrap_or(p.hand)],
            morph: p.morph.as_ref().map(|_| {
                (0..d.ranks)
                    .map(|r| {
                        (0..d.files)
                            .map(|f| {
                                morph_spec(d.morph_cell(
                                    i,
                                    idiagram::Color::White,
                                    Coord::new(f, r),
                                ))
                            })
                            .collect()
                    })
                    .collect()
            }),
            line: p.line,
        })
        .collect();
    let promo_choice = d
        .promo_choice
        .sets
        .iter()
        .map(|set| {
            set.iter()
                .map(|o| ChoiceSpec {
                    id: o.id.clone(),
                    from_hand: o.needs_hand,
                    not_last: o.not_last_rank,
                    last_ranks: o.last_ranks.map(|m| m.min(255) as u8),
                })
                .collect()
        })
        .collect();
    VariantSpec {
        name: name.to_string(),
        files: d.files,
        ranks: d.ranks,
        symmetry,
        holes: d.holes.clone(),
        pieces,
        promo_zone: d.promo_zone,
        max_promote: d.max_promote,
        promo_choice,
        promo_offset: d.promo_offset,
        holdings_type: d.holdings_type,
        any_royal_loses: d.rules.extinction.as_deref().is_some_and(|v| v != "0"),
        rules: d.rules.clone(),
        capture_matrix: d.capture_matrix.clone(),
        hand_swap: d.hand_swap,
    }
}

fn morph_spec(c: &MorphCell) -> MorphSpec {
    match c {
        MorphCell::Normal => MorphSpec::Plain,
        MorphCell::Promote(id) => MorphSpec::Promote(id.clone()),
        MorphCell::Choice => MorphSpec::Choice(0),
        MorphCell::ChoiceSet(n) => MorphSpec::Choice(*n),
        MorphCell::ShogiOptional => MorphSpec::Optional,
        MorphCell::ShogiForced => MorphSpec::Forced,
        MorphCell::Forbidden => MorphSpec::Forbidden,
        MorphCell::NoFriendlyCapture => MorphSpec::NoFriend,
        MorphCell::DelayedWin => MorphSpec::DelayedWin,
        MorphCell::ImmediateWin => MorphSpec::ImmediateWin,
    }
}
