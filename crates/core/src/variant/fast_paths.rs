//! The one gate of the fast paths: which variants, and which leg records of their pieces,
//! may skip the general machinery.
//!
//! The general machinery — the leg interpreter of `movegen`, the rules layer's filters and
//! effects (`ruled`), running a piece's generator to answer "is this royal attacked?" —
//! handles every definition. The fast paths each handle a subset, and a definition outside
//! that subset must never reach them, or moves are silently wrong:
//!
//! | fast path | what it is | decided |
//! |---|---|---|
//! | [`LegPath::Walker`] | the tight loops for single final legs (`Shape` other than `General`), which also count moves without building them | per leg record |
//! | [`LegPath::Uniform`] | counting a piece's moves in one loop when every leg is a plain leap or a plain slide | per leg record |
//! | [`LegPath::Attack`] | the attack table's closed-form entries (leap, ray, cannon hop, grasshopper, lame leap) | per leg record |
//! | [`LegPath::Bitboard`] and [`FastPaths::bitboard`] | the bitboard tables (`bitboard`): attack sets and attack questions | per leg record, per piece, per variant |
//! | [`FastPaths::bitboard_moves`] | the bitboard generator's moves, from those tables | per variant (and per position: one royal, an empty hand) |
//! | [`FastPaths::plain_rules`] | generation without the rules layer | per variant |
//! | [`LegPath::AttackPath`] | the attack table's closed-form entries for multi-leg paths through empty squares (a falcon, a lame griffon): the squares each path crosses | per leg record of the path |
//! | [`LegPath::EpReach`] ([`ep_reach`]) | deciding whether an e.p. square is usable by asking only the pieces near it | per leg record |
//! | [`plain_onto_ep_square`] | a type's moves counted by steps although a plain move may land on its own e.p. capture square | per piece |
//!
//! Every decision is an allow-list that names each input: every leg flag ([`FLAG_RULES`],
//! checked at compile time against [`Flags::NAMED`]), every leg kind (an exhaustive
//! `match`), every field of [`Variant`], [`PieceType`] and [`RuleSet`] (destructured without
//! `..`, so a new field does not compile until it is classified here), and every general
//! parameter of the format ([`PARAMETERS`], which a test holds to the parser's own list).
//! A new flag, kind, field or parameter therefore starts on the general path, not on a fast
//! path that ignores it.

use xbetza::{Flags, Kind};

use crate::rules::RuleSet;
use crate::variant::{Link, PieceType, Shape, Variant};

/// A fast path decided per leg record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegPath {
    /// The fast walkers of single final legs (and counting without building moves).
    Walker = 0,
    /// One loop counting a piece whose legs are all plain leaps or all plain slides.
    Uniform = 1,
    /// A closed-form attack-table entry instead of running the piece's generator.
    Attack = 2,
    /// The bitboard generator.
    Bitboard = 3,
    /// A bounded e.p. reach: whether an e.p. square can be used is asked only of the
    /// pieces whose e.p. legs can reach it from where they stand ([`ep_reach`]). A record
    /// allowed here takes e.p. only through its own `EP` flag, at most its own extent away.
    EpReach = 4,
    /// A leg of a multi-leg path in the attack table: the piece attacks the path's end
    /// when every square the path stops on or crosses before it is empty. Non-final legs
    /// must also stop only on empty squares (a structural test beside the flags).
    AttackPath = 5,
}

impl LegPath {
    pub const ALL: [LegPath; 6] = [
        LegPath::Walker,
        LegPath::Uniform,
        LegPath::Attack,
        LegPath::Bitboard,
        LegPath::EpReach,
        LegPath::AttackPath,
    ];
}

/// How one leg flag bears on each per-record fast path.
#[derive(Clone, Copy, Debug)]
pub struct FlagRule {
    pub flag: Flags,
    /// Allowed on [`LegPath::Walker`], `Uniform`, `Attack`, `Bitboard`, `EpReach`,
    /// `AttackPath` (in that order).
    pub allowed: [bool; 6],
    /// Why, in a few words.
    pub why: &'static str,
}

const fn rule(flag: Flags, allowed: [bool; 6], why: &'static str) -> FlagRule {
    FlagRule { flag, allowed, why }
}

const Y: bool = true;
const N: bool = false;

/// Every leg flag, in the order of [`Flags::NAMED`] (checked below at compile time), with the
/// fast paths that implement it. On [`LegPath::EpReach`] a flag is allowed when a leg with it
/// still lands within its own step times range (hops, grasshoppers, jumps over occupied
/// squares, cylinder wraps, borrowed and mirrored moves, exact counts and `y` legs do not). A flag a path does not implement sends the record to the
/// general machinery on that path.
pub const FLAG_RULES: [FlagRule; Flags::NAMED.len()] = [
    rule(
        Flags::MOVE,
        [Y, Y, Y, Y, Y, Y],
        "moving to empty squares: every path",
    ),
    rule(
        Flags::CAPTURE,
        [Y, Y, Y, Y, Y, Y],
        "capture by replacement: every path",
    ),
    rule(
        Flags::DESTROY,
        [N, N, Y, N, Y, Y],
        "capturing friends: no walker does; no attack on the enemy royal either",
    ),
    rule(
        Flags::ROYAL_ONLY,
        [Y, N, Y, N, Y, Y],
        "k: walkers and attack table test the victim; counting loop and bitboards do not",
    ),
    rule(
        Flags::NON_ROYAL,
        [Y, N, Y, N, Y, Y],
        "ck/t: the walkers test the victim; the attack table leaves such legs out",
    ),
    rule(
        Flags::EP,
        [Y, N, Y, Y, Y, Y],
        "a pawn's e.p. capture (LeapCE); it never takes a royal",
    ),
    rule(
        Flags::HOP,
        [Y, N, Y, N, N, N],
        "the cannon: a walker (Hop) and an attack entry; bitboards have no screens",
    ),
    rule(
        Flags::GRASS,
        [N, N, Y, N, N, N],
        "grasshopper landing: the interpreter, and an attack entry (the square before the target is the screen)",
    ),
    rule(
        Flags::HOP_FRIEND,
        [N, N, N, N, N, N],
        "friendly screens: interpreter only",
    ),
    rule(
        Flags::LAME,
        [Y, N, Y, Y, Y, N],
        "lame leaps (LeapLame, Push, attack Lame); bitboards only in the pawn's Push",
    ),
    rule(
        Flags::JUMP,
        [N, N, N, N, N, N],
        "an occupied mid square: interpreter only",
    ),
    rule(
        Flags::EP_CREATE,
        [Y, N, Y, Y, Y, Y],
        "a double step leaving an e.p. square; changes no capture",
    ),
    rule(
        Flags::INITIAL,
        [Y, N, N, Y, Y, N],
        "unmoved pieces only: the Push walker and bitboards test it; attack entries do not",
    ),
    rule(
        Flags::WRAP,
        [N, N, N, N, N, N],
        "cylinder walks: interpreter only",
    ),
    rule(
        Flags::FINAL,
        [Y, Y, Y, Y, Y, Y],
        "bookkeeping: the last leg of its path",
    ),
    rule(
        Flags::ISO,
        [N, N, Y, N, Y, N],
        "no effect on a first leg (the only attack entries); walkers take no ISO legs",
    ),
    rule(
        Flags::INDUCE,
        [N, N, N, N, N, N],
        "induction and borrowed moves: interpreter only",
    ),
    rule(
        Flags::UNLOAD,
        [N, N, N, N, N, N],
        "unloading the victim: interpreter only",
    ),
    rule(
        Flags::PRIME,
        [Y, Y, Y, Y, Y, Y],
        "exempt from morph and captureMatrix: landing code and the piece-level prime check see it",
    ),
    rule(
        Flags::Y,
        [N, N, N, N, N, Y],
        "non-final legs only: interpreter only, and attack paths, where it stops on empty squares as `m` does",
    ),
    rule(
        Flags::EXACT,
        [N, N, N, N, N, N],
        "exact step counts: interpreter only",
    ),
    rule(
        Flags::INITIAL_AHEAD,
        [N, N, N, N, Y, N],
        "ii: needs the piece one square ahead of its start, which only the interpreter tests",
    ),
    rule(
        Flags::MIRROR,
        [N, N, N, N, N, N],
        "imitator mirroring: interpreter only",
    ),
];

// Compile-time check: one rule per named flag, in the same order.
const _: () = {
    let mut i = 0;
    while i < FLAG_RULES.len() {
        assert!(FLAG_RULES[i].flag.0 == Flags::NAMED[i].0 .0);
        i += 1;
    }
};

/// The flags a per-record path implements.
pub const fn allowed_flags(path: LegPath) -> Flags {
    let mut mask = 0;
    let mut i = 0;
    while i < FLAG_RULES.len() {
        if FLAG_RULES[i].allowed[path as usize] {
            mask |= FLAG_RULES[i].flag.0;
        }
        i += 1;
    }
    Flags(mask)
}

const ALLOWED: [Flags; 6] = [
    allowed_flags(LegPath::Walker),
    allowed_flags(LegPath::Uniform),
    allowed_flags(LegPath::Attack),
    allowed_flags(LegPath::Bitboard),
    allowed_flags(LegPath::EpReach),
    allowed_flags(LegPath::AttackPath),
];

/// Whether a path implements records of this kind.
pub fn kind_allows(kind: Kind, path: LegPath) -> bool {
    match kind {
        Kind::Leg => true,
        // Resuming a slide after a non-final leg: the interpreter's walk state (an attack
        // path's non-final legs are single steps).
        Kind::Loop { .. } => false,
        // Castling captures nothing (no attack entry, no e.p.); the bitboard generator
        // castles.
        Kind::Castle => matches!(path, LegPath::Bitboard | LegPath::EpReach),
        // The universal leaper and the imitator reach anywhere: interpreter only.
        Kind::Teleport | Kind::Imitate => false,
    }
}

/// Whether a path implements a record of this kind with these flags (the record's other
/// properties — depth, shape — are the path's own business).
#[inline]
pub fn leg_allows(kind: Kind, flags: Flags, path: LegPath) -> bool {
    kind_allows(kind, path) && ALLOWED[path as usize].contains(flags)
}

/// Whether a path implements a record of this walker shape.
pub(crate) fn shape_allows(shape: Shape, path: LegPath) -> bool {
    match shape {
        Shape::Leap | Shape::Slide => true,
        Shape::LeapM
        | Shape::LeapC
        | Shape::LeapCE
        | Shape::Push
        | Shape::SlideM
        | Shape::SlideC => path != LegPath::Uniform,
        // Lame leaps and cannons: bitboards have no mid-square or screen masks.
        Shape::LeapLame | Shape::Hop => matches!(path, LegPath::Walker | LegPath::Attack),
        Shape::General => false,
    }
}

/// How a general parameter of the format bears on the fast paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamRole {
    /// Seen by the gate: it can refuse a fast path (the text says which and when).
    Gated(&'static str),
    /// Changes nothing any fast path computes (the text says why).
    Neutral(&'static str),
}

/// Every general parameter of the format (and fairyboard's own), with its role. A test holds
/// this list to the parser's ([`idiagram::parameter_names`]).
pub const PARAMETERS: &[(&str, ParamRole)] = {
    use ParamRole::{Gated, Neutral};
    &[
        ("files", Gated("bitboards: at most 128 squares")),
        ("ranks", Gated("bitboards: at most 128 squares")),
        (
            "symmetry",
            Neutral("only orients Black's steps before the records are linked"),
        ),
        ("promoZone", Gated("bitboards: a royal changed by landing")),
        ("maxPromote", Gated("bitboards: a royal changed by landing")),
        ("promoChoice", Gated("bitboards: promotion into a royal")),
        (
            "promoOffset",
            Gated("bitboards: a royal changed by landing"),
        ),
        (
            "morph",
            Gated("bitboards: a royal changed by landing; plain rules: win squares end games only"),
        ),
        (
            "holdingsType",
            Neutral("drops: the bitboard generator stands aside while the mover holds pieces"),
        ),
        ("handSwap", Gated("plain rules: refused")),
        (
            "captureMatrix",
            Gated("plain rules: refused when some cell is not plain"),
        ),
        (
            "royal",
            Gated("bitboards: one royal per side at run time, royals not changed by landing"),
        ),
        (
            "baring",
            Neutral("ends games only (a decided position leaves the fast paths)"),
        ),
        (
            "extinction",
            Neutral("counts royals: the bitboard generator wants exactly one"),
        ),
        ("counterbare", Neutral("ends games only")),
        (
            "stalemate",
            Neutral("the result of a position without moves"),
        ),
        ("iron", Gated("plain rules: refused")),
        ("antiTrade", Gated("plain rules: refused")),
        ("counterStrike", Gated("plain rules: refused")),
        ("protected", Gated("plain rules: refused")),
        (
            "tradeThreshold",
            Neutral("only with protected or %, which refuse plain rules"),
        ),
        ("conversion", Gated("plain rules: refused")),
        (
            "atomicCapture",
            Neutral("only with @ in a captureMatrix, which refuses plain rules"),
        ),
        ("blastZone", Neutral("only with @ in a captureMatrix")),
        ("burnZone", Neutral("only with @ in a captureMatrix")),
        ("trackPieces", Gated("plain rules: refused with spell")),
        ("trackedTypes", Gated("plain rules: refused with spell")),
        ("spell", Gated("plain rules: refused with trackPieces")),
        ("spellZone", Neutral("only with spell and trackPieces")),
        (
            "contageous",
            Gated("plain rules: refused by a contagious type"),
        ),
        ("shuffle", Neutral("start squares only")),
        ("enableAI", Neutral("interface only")),
        ("newClick", Neutral("interface only")),
        ("freeMode", Neutral("interface only")),
        ("aiTime", Neutral("interface only")),
        ("repetition", Neutral("a draw the game's history decides")),
        ("moveRule", Neutral("a draw the game's history decides")),
        (
            "dropNoDoubled",
            Neutral("drops only, which the bitboard generator leaves to the generic one"),
        ),
        ("dropNoMate", Neutral("drops only")),
        (
            "promoFromZone",
            Gated("bitboards: refused (a landing depends on the origin too)"),
        ),
        ("pieceValue", Neutral("the AI's piece values")),
        (
            "demotePromoted",
            Neutral("what goes to the hand on a capture (make/unmake)"),
        ),
        ("squareSize", Neutral("display only")),
        ("graphicsDir", Neutral("display only")),
        ("graphicsType", Neutral("display only")),
        ("whitePrefix", Neutral("display only")),
        ("blackPrefix", Neutral("display only")),
        ("lightShade", Neutral("display only")),
        ("darkShade", Neutral("display only")),
        ("startShade", Neutral("display only")),
        ("rimColor", Neutral("display only")),
        ("coordColor", Neutral("display only")),
        ("firstRank", Neutral("display only")),
        ("borders", Neutral("display only")),
        ("background", Neutral("display only")),
        ("holeColor", Neutral("display only")),
        ("useMarkers", Neutral("display only")),
        ("satellite", Neutral("display only")),
        ("title", Neutral("display only")),
        ("aliases", Neutral("display only")),
        ("introduction", Neutral("display only")),
        ("notes", Neutral("display only")),
        ("strategy", Neutral("display only")),
        ("history", Neutral("display only")),
    ]
};

/// The role of a general parameter, `None` for a name the gate does not know.
pub fn parameter_role(name: &str) -> Option<ParamRole> {
    PARAMETERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, role)| role)
}

/// Which per-variant fast paths a variant may take; `Err` carries the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastPaths {
    /// Moves need no rules-layer filter or effect (see [`Variant::plain_rules`]).
    pub plain_rules: Result<(), String>,
    /// Some rule besides checkmate and stalemate can end the game (positions carry a decided
    /// result): not a fast path, but decided from the same fields.
    pub end_rules: bool,
    /// The bitboard tables may be built: attack sets ([`Variant::has_attack_sets`]) and
    /// attack questions answer from them.
    pub bitboard: Result<(), String>,
    /// The bitboard generator may list moves too (while the mover has one royal and an
    /// empty hand, checked per position): the tables, and no rule that makes a landing
    /// depend on more than the tables know.
    pub bitboard_moves: Result<(), String>,
}

/// The rule-set part of the gate: `Err` names the first rule that changes which moves exist
/// or what they do.
fn rules_gate(rules: &RuleSet) -> (Result<(), String>, bool) {
    let RuleSet {
        n: _,
        matrix,
        iron,
        anti_trade,
        counter_strike,
        protected,
        // Only consulted for `protected` / `%` captures, which refuse below.
        trade_threshold: _,
        // Explosions and burning come from `@` cells, which refuse below.
        atomic_spare: _,
        blast: _,
        burn: _,
        contagious,
        // Immunity only matters against a contagious type.
        immune: _,
        baring,
        counterbare: _,
        // The result of a position without moves, whichever path found none.
        stalemate: _,
        spell,
        casters,
        spell_zone: _,
        conversion,
        hand_swap,
        // History draws: `game::Game`.
        repetition: _,
        move_rule: _,
        // Derived from the matrix.
        hop_bans: _,
        suicidal: _,
        win,
        // A cache for `tradeThreshold`.
        values: _,
    } = rules;
    let refusal = if !matrix.is_empty() {
        Some("captureMatrix")
    } else if *iron != 0 {
        Some("iron")
    } else if *anti_trade != 0 {
        Some("antiTrade")
    } else if *counter_strike != 0 {
        Some("counterStrike")
    } else if *protected != 0 {
        Some("protected")
    } else if *contagious != 0 {
        Some("contageous")
    } else if spell.is_some() && *casters != 0 {
        Some("spell")
    } else if conversion.is_some() {
        Some("conversion")
    } else if *hand_swap {
        Some("handSwap")
    } else {
        None
    };
    let plain = match refusal {
        Some(p) => Err(format!("{p} changes which moves exist or what they do")),
        None => Ok(()),
    };
    let ends = *baring != 0 || !win.is_empty() || plain.is_err();
    (plain, ends)
}

/// The piece-level part of the bitboard gate.
fn piece_bitboard(p: &PieceType) -> Result<(), String> {
    let PieceType {
        name,
        id: _,
        betza: _,
        image: _,
        royal,
        // Read through the linked records below.
        program: _,
        // FEN and hand bookkeeping.
        promoted: _,
        demoted: _,
        // Landing rules are read through `plain_landing` and the per-target masks.
        promotes: _,
        landing: _,
        // The half-move clock and the pawn hash.
        pawn: _,
        pawn_like: _,
        // Initial moves are tested per record (`INITIAL` in `FLAG_RULES`).
        has_initial: _,
        linked,
        plain_landing,
        // Drops only.
        dead: _,
        no_doubled_drop: _,
        no_drop_mate: _,
    } = p;
    if *royal && !plain_landing.iter().all(|&b| b) {
        return Err(format!(
            "the royal {name} changes type on landing (it may stop being royal)"
        ));
    }
    for linked in linked {
        if linked.dedupe {
            return Err(format!("{name} can reach a square by two paths"));
        }
        let mut prime = None;
        for l in &linked.links {
            let ok = leg_allows(l.kind, l.flags, LegPath::Bitboard)
                && match l.kind {
                    Kind::Castle => l.depth == 0 && l.skip == 0,
                    _ => {
                        // All or none of a piece's moves exempt from morph: one landing mask.
                        let p = l.flags.contains(Flags::PRIME);
                        shape_allows(l.shape, LegPath::Bitboard) && *prime.get_or_insert(p) == p
                    }
                };
            if !ok {
                return Err(format!(
                    "{name} has a leg the bitboard generator does not implement ({:?} {:?} {})",
                    l.kind, l.shape, l.flags
                ));
            }
        }
    }
    Ok(())
}

/// How far from an e.p. square a piece of a type can stand and still capture there, in king
/// steps: the longest extent of its e.p. legs; `0` for a type that never takes e.p.;
/// `u8::MAX` (ask every piece) for a type with any record the gate does not allow on
/// [`LegPath::EpReach`] — an allow-list, so a new kind or flag that could take e.p. some other
/// way is asked everywhere, never skipped. Only the pieces within their reach are generated
/// to decide whether an e.p. square is usable (FIDE 9.2.2: a square no capture can use is not
/// part of the position).
pub(crate) fn ep_reach(links: &[Link]) -> u8 {
    let mut reach = 0u8;
    for l in links {
        if !leg_allows(l.kind, l.flags, LegPath::EpReach) {
            return u8::MAX;
        }
        if !l.flags.contains(Flags::EP) {
            continue;
        }
        // An e.p. capture at the end of a longer path is as far as the path goes.
        if l.depth > 0 || !l.flags.contains(Flags::FINAL) {
            return u8::MAX;
        }
        let step = l.dx.unsigned_abs().max(l.dy.unsigned_abs()) as u32;
        let extent = step
            .saturating_mul(l.range as u32)
            .saturating_add(l.skip_first as u32);
        reach = reach.max(extent.min(u8::MAX as u32) as u8);
    }
    reach
}

/// Whether a type may reach one of its e.p. capture squares (`LeapCE` steps) with a plain
/// move too (`mFceF`): that is one move, the e.p. capture (see `xbetza`'s Decisions), which
/// the per-piece pass of the generic generator leaves out of the plain moves — so such a
/// type is generated piece by piece, never counted by steps (`Linked::fast`) and its
/// moves are deduplicated.
pub(crate) fn plain_onto_ep_square(links: &[Link]) -> bool {
    links.iter().filter(|e| e.shape == Shape::LeapCE).any(|e| {
        links.iter().any(|m| match m.shape {
            Shape::Leap | Shape::LeapM | Shape::Push => (m.dx, m.dy) == (e.dx, e.dy),
            Shape::Slide | Shape::SlideM => (1..=i32::from(m.range)).any(|k| {
                (k * i32::from(m.dx), k * i32::from(m.dy)) == (i32::from(e.dx), i32::from(e.dy))
            }),
            // The other shapes never land on a LeapCE step's square by a plain move of
            // the same step: General records are generated piece by piece anyway.
            _ => false,
        })
    })
}

impl Variant {
    /// Which fast paths this variant may take, and why not. Computed from every field of the
    /// variant: the single place that decides (see the module docs of `fast_paths`).
    pub fn fast_paths(&self) -> FastPaths {
        let Variant {
            name: _,
            geometry,
            // Steps are oriented before linking.
            symmetry: _,
            pieces,
            // Holes: the bitboard tables leave them out.
            template: _,
            playable: _,
            // The start position and its hand.
            setup: _,
            setup_cells: _,
            initial_hand: _,
            // Drops: the bitboard generator stands aside while the mover holds pieces.
            holdings_type: _,
            drops: _,
            // The generator's promotions look at the landing only.
            promo_from_zone,
            piece_values: _,
            demote_promoted: _,
            // The bitboard generator needs exactly one royal, checked per position.
            any_royal_loses: _,
            // Outputs of this gate.
            plain_rules: _,
            end_rules: _,
            bitboard: _,
            bitboard_moves: _,
            rules,
            shuffle: _,
            // Display only.
            about: _,
            shades: _,
            promo_rules,
            keys: _,
            // Built per record through `leg_allows(.., LegPath::Attack)`.
            attack: _,
            forward: _,
            fen_ids: _,
            // What was compiled: read only by move-diagram probes.
            source: _,
        } = self;
        let (plain_rules, end_rules) = rules_gate(rules);
        let bitboard = (|| {
            plain_rules.clone()?;
            let squares = geometry.files as usize * geometry.ranks as usize;
            if squares > 128 {
                return Err(format!("{squares} squares (bitboards hold at most 128)"));
            }
            let royal_choice = promo_rules
                .iter()
                .flat_map(|r| &r.choices)
                .any(|&(p, _)| pieces.get(p as usize).is_none_or(|p| p.royal));
            if royal_choice {
                return Err("a promotion into a royal changes the number of royals".into());
            }
            pieces.iter().try_for_each(piece_bitboard)
        })();
        let bitboard_moves = bitboard.clone().and_then(|()| {
            if *promo_from_zone {
                Err("promoFromZone: a landing depends on the origin too".to_string())
            } else {
                Ok(())
            }
        });
        FastPaths {
            plain_rules,
            end_rules,
            bitboard,
            bitboard_moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_bit_is_classified() {
        // Every bit a flag can have is either named (and then ruled here) or unused by the
        // compiler (checked on random descriptors below).
        let ruled: u32 = FLAG_RULES.iter().fold(0, |m, r| m | r.flag.0);
        assert_eq!(ruled, Flags::ALL.0);
        for bit in 0..32 {
            let f = Flags(1 << bit);
            if Flags::ALL.contains(f) {
                assert_eq!(
                    FLAG_RULES.iter().filter(|r| r.flag == f).count(),
                    1,
                    "bit {bit}"
                );
            }
        }
        let mut rng = xbetza::random::Rng::new(11);
        for _ in 0..2000 {
            let d = xbetza::random::descriptor(&mut rng);
            let Ok(parsed) = xbetza::parse(&d) else {
                continue;
            };
            let Ok(program) = xbetza::compile(&parsed, &xbetza::CompileOptions { max_range: 7 })
            else {
                continue;
            };
            for r in &program.records {
                assert!(
                    Flags::ALL.contains(r.flags),
                    "{d}: flag bits {:#x} have no name",
                    r.flags.0 & !Flags::ALL.0
                );
            }
        }
    }

    #[test]
    fn every_parameter_is_classified() {
        for name in idiagram::parameter_names() {
            assert!(
                parameter_role(name).is_some(),
                "parameter {name} is not classified by the fast-path gate"
            );
        }
        for (name, _) in PARAMETERS {
            assert!(
                idiagram::parameter_names().any(|n| n == *name),
                "the gate names {name}, which the parser does not know"
            );
        }
    }

    #[test]
    fn ep_reach_is_bounded_only_for_allowed_records() {
        use crate::variant::Color;
        let reach = |v: &Variant, id: &str| {
            let t = v.pieces.iter().position(|p| p.id == id).unwrap();
            v.pieces[t].linked[Color::White.index()].ep_reach
        };
        // Chess: the pawn captures e.p. one diagonal step away (FIDE 3.7.d); the others
        // never do (the king's castling takes nothing).
        let chess = crate::variant::catalogue::load("chess").unwrap();
        assert_eq!(reach(&chess, "P"), 1);
        for id in ["N", "B", "R", "Q", "K"] {
            assert_eq!(reach(&chess, id), 0, "{id}");
        }
        // A grasshopper lands beyond its screen, further than its step times range: the
        // gate does not allow GRASS on EpReach, so the type is asked everywhere.
        let text = "files=8\nranks=8\nroyal=1\nking:K:K::e1\npawn:P:fmWfceF::a2\n\
                    hopper:G:gQ::d1\nhorse:H:nN::b1\n";
        let (v, _) = Variant::from_definition("gate", text).unwrap();
        assert_eq!(reach(&v, "P"), 1);
        assert_eq!(reach(&v, "G"), u8::MAX);
        // A lame leaper lands within its own step: allowed, and it takes nothing e.p.
        assert_eq!(reach(&v, "H"), 0);
    }
}
