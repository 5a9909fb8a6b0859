//! From an Interactive Diagram definition (the `idiagram` crate) to a [`Variant`].

use crate::build::{BuildError, ChoiceSpec, MorphSpec, PieceSpec, VariantSpec};
use crate::coord::Coord;
use crate::variant::{Symmetry, Variant};
use idiagram::{Definition, MorphCell};

impl Variant {
    /// Parse and compile a definition text. `Err` lists every error (definition syntax
    /// and move compilation alike); `Ok` carries the warnings.
    pub fn from_definition(name: &str, text: &str) -> Result<(Variant, Vec<String>), Vec<String>> {
        let parsed = idiagram::parse(text);
        let mut errors: Vec<String> = parsed.errors().map(|d| d.to_string()).collect();
        let mut warnings: Vec<String> = parsed.warnings().map(|d| d.to_string()).collect();
        let spec = spec_of(name, &parsed.definition);
        match Variant::from_spec(&spec) {
            Ok((v, w)) if errors.is_empty() => {
                warnings.extend(w.iter().map(BuildError::to_string));
                Ok((v, warnings))
            }
            Ok(_) => Err(errors),
            Err(e) => {
                errors.extend(e.iter().map(BuildError::to_string));
                Err(errors)
            }
        }
    }
}

/// The rules core's view of a parsed definition.
pub fn spec_of(name: &str, d: &Definition) -> VariantSpec {
    let symmetry = match d.symmetry {
        idiagram::Symmetry::Mirror => Symmetry::Mirror,
        idiagram::Symmetry::Rotate => Symmetry::Rotate,
        idiagram::Symmetry::None => Symmetry::None,
    };
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
            hand: p.hand,
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
