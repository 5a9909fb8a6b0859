//! From [`Definition`] to canonical text.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::coord::Coord;
use crate::ids;
use crate::squares::black_of;
use crate::{Baring, Definition, Outcome, Symmetry, Zone};

fn list(out: &mut String, key: &str, items: &[usize]) {
    for i in items {
        let _ = writeln!(out, "{key}={}", i + 1);
    }
}

/// A square list, with runs of three or more squares along a rank written as ranges
/// (`a2-h2`); the order of the list is kept. Ranks are numbered from `rank_base` (the
/// `firstRank` the parser read them with, so the text reads back the same).
fn squares(list: &[Coord], rank_base: i32) -> String {
    let sq = |c: &Coord| {
        format!(
            "{}{}",
            char::from(b'a' + c.file),
            i32::from(c.rank) + rank_base
        )
    };
    let mut items = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let mut j = i + 1;
        while j < list.len()
            && list[j].rank == list[i].rank
            && list[j].file as usize == list[i].file as usize + (j - i)
        {
            j += 1;
        }
        if j - i >= 3 {
            items.push(format!("{}-{}", sq(&list[i]), sq(&list[j - 1])));
        } else {
            items.extend(list[i..j].iter().map(sq));
        }
        i = j;
    }
    items.join(",")
}

/// Parts of a definition an editor holds as text rather than typed (the Design Wizard's
/// promotion-choice and zone fields, and its box of further parameter lines). Written in
/// place of the typed values, so the parser reads them as it reads any definition text.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextEdits<'a> {
    /// `None`: the typed `promoChoice`. `Some(None)`: no `promoChoice` line (the format's
    /// default choices). `Some(Some(text))`: that value.
    pub promo_choice: Option<Option<&'a str>>,
    /// Per piece, its `morph=` value (`None`: no morph line); `None` here: the typed morphs.
    pub morphs: Option<&'a [Option<String>]>,
    /// Further lines, written after the parameters and before the holes and pieces.
    pub extra: &'a [String],
}

pub(crate) fn to_text(d: &Definition) -> String {
    to_text_with(d, &TextEdits::default())
}

pub(crate) fn to_text_with(d: &Definition, edits: &TextEdits) -> String {
    let rank_base = crate::squares::rank_base(d.param("firstRank"));
    let mut out = String::new();
    let r = &d.rules;
    let _ = writeln!(out, "files={}", d.files);
    let _ = writeln!(out, "ranks={}", d.ranks);
    let _ = writeln!(out, "symmetry={}", d.symmetry);
    let _ = writeln!(out, "promoZone={}", d.promo_zone);
    let _ = writeln!(out, "maxPromote={}", d.max_promote);
    match edits.promo_choice {
        None => {
            let _ = writeln!(out, "promoChoice={}", d.promo_choice.to_text());
        }
        Some(Some(text)) => {
            let _ = writeln!(out, "promoChoice={text}");
        }
        Some(None) => {}
    }
    if let Some(o) = d.promo_offset {
        let _ = writeln!(out, "promoOffset={o}");
    }
    if d.holdings_type != 0 {
        let _ = writeln!(out, "holdingsType={}", d.holdings_type);
    }
    if d.hand_swap {
        out.push_str("handSwap=1\n");
    }
    if d.royal.is_empty() && !d.pieces.is_empty() {
        // Without it the last type would be royal by default.
        out.push_str("royal=0\n");
    }
    list(&mut out, "royal", &d.royal);
    for b in &r.baring {
        match b {
            Baring::AllNonRoyal => out.push_str("baring=0\n"),
            Baring::Piece(i) => {
                let _ = writeln!(out, "baring={}", i + 1);
            }
        }
    }
    if let Some(e) = &r.extinction {
        let _ = writeln!(out, "extinction={}", crate::html::protect(e));
    }
    if r.counterbare != Outcome::Draw {
        let _ = writeln!(out, "counterbare={}", r.counterbare.as_str());
    }
    if r.stalemate != Outcome::Draw {
        let _ = writeln!(out, "stalemate={}", r.stalemate.as_str());
    }
    list(&mut out, "iron", &r.iron);
    list(&mut out, "antiTrade", &r.anti_trade);
    list(&mut out, "counterStrike", &r.counter_strike);
    list(&mut out, "protected", &r.protected);
    list(&mut out, "dropNoDoubled", &r.drop_no_doubled);
    list(&mut out, "dropNoMate", &r.drop_no_mate);
    if r.promo_from_zone {
        out.push_str("promoFromZone=1\n");
    }
    if r.demote_promoted {
        out.push_str("demotePromoted=1\n");
    }
    for &(t, v) in &r.piece_values {
        let _ = writeln!(out, "pieceValue={}:{v}", t + 1);
    }
    if let Some(t) = r.trade_threshold {
        let _ = writeln!(out, "tradeThreshold={}", t + 1);
    }
    if let Some(c) = r.conversion {
        let _ = writeln!(out, "conversion={}", c + 1);
    }
    if r.atomic_capture != 0 {
        let _ = writeln!(out, "atomicCapture={}", r.atomic_capture);
    }
    if r.blast_zone != Zone::K {
        let _ = writeln!(out, "blastZone={}", r.blast_zone.as_str());
    }
    if let Some(b) = &r.burn_zone {
        let _ = writeln!(out, "burnZone={}", crate::html::protect(b));
    }
    if let Some(t) = r.track_pieces {
        let _ = writeln!(out, "trackPieces={}", t + 1);
    }
    if r.tracked_types != 1 {
        let _ = writeln!(out, "trackedTypes={}", r.tracked_types);
    }
    if let Some(s) = &r.spell {
        let _ = writeln!(out, "spell={}", crate::html::protect(s));
    }
    if r.spell_zone != Zone::K {
        let _ = writeln!(out, "spellZone={}", r.spell_zone.as_str());
    }
    if !r.contageous.is_empty() {
        let _ = writeln!(out, "contageous={}", ids::contagion_text(&r.contageous));
    }
    if !r.shuffle.is_empty() {
        let _ = writeln!(out, "shuffle={}", ids::shuffle_text(&r.shuffle));
    }
    if r.enable_ai != 1 {
        let _ = writeln!(out, "enableAI={}", r.enable_ai);
    }
    if r.new_click {
        out.push_str("newClick=1\n");
    }
    if r.repetition != 3 {
        let _ = writeln!(out, "repetition={}", r.repetition);
    }
    if r.move_rule != 0 {
        let _ = writeln!(out, "moveRule={}", r.move_rule);
    }
    if let Some(m) = &d.capture_matrix {
        let _ = writeln!(out, "captureMatrix={}", m.to_text());
    }
    for p in &d.params {
        let _ = writeln!(out, "{}={}", p.key, crate::html::protect(&p.value));
    }
    for line in edits.extra {
        let _ = writeln!(out, "{line}");
    }
    if !d.holes.is_empty() {
        let holes: Vec<Coord> = match d.symmetry {
            Symmetry::None => d.holes.clone(),
            _ => {
                let set: BTreeSet<Coord> = d.holes.iter().copied().collect();
                d.holes
                    .iter()
                    .copied()
                    .filter(|&h| {
                        let b = black_of(h, d.symmetry, d.files, d.ranks);
                        !set.contains(&b) || h <= b
                    })
                    .collect()
            }
        };
        let _ = writeln!(out, "hole::::{}", squares(&holes, rank_base));
    }
    for (i, p) in d.pieces.iter().enumerate() {
        let sq = match d.symmetry {
            Symmetry::None if !p.black.is_empty() => {
                format!(
                    "{},,{}",
                    squares(&p.white, rank_base),
                    squares(&p.black, rank_base)
                )
            }
            // Black's squares written out (`,,`) when they are not the derived ones.
            _ if !derived_black(d, p) => {
                format!(
                    "{},,{}",
                    squares(&p.white, rank_base),
                    squares(&p.black, rank_base)
                )
            }
            _ => squares(&p.white, rank_base),
        };
        // An image equal to the name is left to the default (keeps lines short, and a name
        // holding `key=` after a space is not written twice on the line).
        let image = if p.image == p.name {
            ""
        } else {
            p.image.as_str()
        };
        let _ = write!(
            out,
            "{}:{}:{}:{}:{}",
            crate::html::protect(&p.name),
            crate::html::protect(&p.id),
            crate::html::protect(&p.betza),
            crate::html::protect(image),
            sq
        );
        match p.black_hand {
            Some(b) if b != p.hand => {
                let _ = write!(out, ":{},{b}", p.hand);
            }
            _ if p.hand != 0 => {
                let _ = write!(out, ":{}", p.hand);
            }
            _ => {}
        }
        out.push('\n');
        match edits.morphs {
            None => {
                if let Some(m) = &p.morph {
                    let _ = writeln!(out, "morph={}", m.to_text());
                }
            }
            Some(texts) => {
                if let Some(Some(m)) = texts.get(i) {
                    let _ = writeln!(out, "morph={m}");
                }
            }
        }
    }
    out
}

/// The symmetry under which Black's squares and the holes are exactly White's reflected:
/// `mirror`, else `rotate`, else `none` (both armies written out).
pub(crate) fn fitting_symmetry(d: &Definition) -> Symmetry {
    [Symmetry::Mirror, Symmetry::Rotate]
        .into_iter()
        .find(|&s| {
            let reflect = |c: Coord| black_of(c, s, d.files, d.ranks);
            let holes: BTreeSet<Coord> = d.holes.iter().copied().collect();
            let same = |a: &[Coord], b: &[Coord]| {
                let a: BTreeSet<Coord> = a.iter().map(|&c| reflect(c)).collect();
                a == b.iter().copied().collect()
            };
            d.holes.iter().all(|&h| holes.contains(&reflect(h)))
                && d.pieces.iter().all(|p| same(&p.white, &p.black))
        })
        .unwrap_or(Symmetry::None)
}

/// Are `p`'s Black squares those its White squares give under the symmetry (as sets)?
fn derived_black(d: &Definition, p: &crate::PieceDef) -> bool {
    let mut derived: Vec<_> = p
        .white
        .iter()
        .map(|&c| black_of(c, d.symmetry, d.files, d.ranks))
        .collect();
    let mut listed = p.black.clone();
    derived.sort();
    listed.sort();
    derived == listed
}
