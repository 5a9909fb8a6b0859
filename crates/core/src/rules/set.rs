//! The rules layer: everything a definition says beyond how pieces move — the capture
//! matrix, explosions and burning, iron and trading rules, spells, royalty, baring, win
//! squares, and the draw rules fairyboard adds.
//!
//! A [`RuleSet`] is compiled once per variant from the definition's parameters. Variants
//! whose rule set changes no move keep the fast generator untouched
//! ([`crate::Variant::plain_rules`], decided with every other fast path in
//! [`crate::variant::fast_paths`]); the others generate pseudo-legal moves with the same leg
//! interpreter and then pass every move through [`RuleSet`]'s filters and effects (see
//! `movegen`'s ruled path).
//!
//! ```
//! use fairyboard_core::{Position, Variant};
//! use std::sync::Arc;
//! let text = "files=3\nranks=3\niron=2\nking:K:K::a1\nwall:W:W::b2\n";
//! let v = Arc::new(Variant::from_definition("iron demo", text).unwrap().0);
//! let mut pos = Position::from_fen(v.clone(), "2k/1w1/K2 w - - 0 1").unwrap();
//! // The king may not take the iron wall on b2.
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
//! assert!(!moves.contains(&"a1b2".to_string()));
//! ```
//!
//! # Every general parameter of the format, and where it lives
//!
//! | parameters | handled by |
//! |---|---|
//! | `files`, `ranks`, `symmetry`, `hole` | the board ([`crate::variant::geometry`], [`crate::variant::build`]) |
//! | `promoZone`, `maxPromote`, `promoChoice`, `promoOffset`, `morph` promotions, `!`, `=` | promotion and landing rules ([`crate::variant::build`]) |
//! | `holdingsType`, hand counts | captures to hand and drops ([`crate::position`]) |
//! | `dropNoDoubled`, `dropNoMate`, `promoFromZone` (fairyboard's own: Shogi's nifu, pawn-drop mate, promotion on leaving the zone) | drop generation, legality and landing in [`crate::movegen`] (Shogi stays a plain variant; `promoFromZone` keeps it off the bitboard generator: [`crate::variant::fast_paths`]) |
//! | `demotePromoted` (fairyboard's own: Crazyhouse) | captures to hand ([`crate::position`]): a piece marked as promoted returns as the type it promoted from; FEN `X~` |
//! | `pieceValue` (fairyboard's own) | no rule: the AI's piece values (`fairyboard_ai::eval`) |
//! | `handSwap` | here: hand swap moves (a drop onto a friend with the same ID) |
//! | `captureMatrix`, `atomicCapture`, `blastZone`, `burnZone` | here: [`Effect`] |
//! | `iron`, `antiTrade`, `counterStrike`, `protected`, `tradeThreshold`, `contageous` | here |
//! | `trackPieces`, `trackedTypes`, `spell`, `spellZone` | here: [`SpellKind`] |
//! | `conversion` | here (first moves of the type go to different shades) |
//! | `royal`, `extinction` | royal types and "any royal loses" ([`crate::variant::build`]) |
//! | `baring`, `counterbare`, `stalemate`, morph `+` and `#` | here, results in [`crate::game`] |
//! | `shuffle` | [`crate::variant::shuffle`] |
//! | `repetition`, `moveRule` (fairyboard's own) | [`crate::game::Game`] |
//! | `squareSize`, `graphicsDir`, `graphicsType`, `whitePrefix`, `blackPrefix`, `lightShade`, `darkShade`, `startShade`, `rimColor`, `coordColor`, `firstRank`, `borders`, `background`, `holeColor`, `useMarkers`, `satellite`, `enableAI`, `newClick` | display and interface only: not rules (kept in the definition for the web diagram) |
//!
//! # Decisions (where the format's documentation is silent)
//!
//! * `iron`: a piece of an iron type cannot be captured at all (the ID article's "by any
//!   other piece"); `antiTrade` forbids captures between two antiTrade types of either kind.
//! * The capture-matrix cell that decides a move's effect is that of its destination
//!   (an empty square or the piece taken there); locust victims are checked for `!`/`?`/`$`
//!   and `%` like the destination, and a `0` or `@` on any victim applies to the move.
//! * `@` with `burnZone` set burns: every enemy piece on a square of the burn zone around the
//!   destination (the zone's squares on an empty board) is removed and the burner stays.
//!   Without `burnZone`, `@` explodes as `atomicCapture` and `blastZone` say, centred on the
//!   destination.
//! * `protected`/`%`: "recapture possible" means the opponent has a legal reply capturing
//!   on the destination. `tradeThreshold`: the capture is then still allowed when the other
//!   pieces the move takes are worth at least the threshold type (values from
//!   [`crate::variant::value`]).
//! * Spells (`trackPieces`, `trackedTypes`, `spellZone`): every piece of a tracked type casts
//!   the spell on the zone around it (no limit of two per type). `burn`: a piece that ends a
//!   move in an enemy caster's zone is removed at once. `freeze`: an enemy piece in the
//!   zone cannot move (it still captures nothing and gives no check). `protect`: a friendly
//!   piece in the zone cannot be captured. Any other value is an error.
//! * `+` win squares: reaching one wins unless the opponent's reply captures a royal or
//!   also reaches a `+` square of its own (then a draw, as counter-baring).
//! * A side is bared when it has no piece of a baring type left (`baring=0`: no non-royal
//!   piece). The side that bares the other wins after the bared side's reply, unless that
//!   reply bares it back (`counterbare`: draw, or a loss for the side bared first) or takes
//!   a royal. A move that bares its own side loses at once.
//! * `repetition=N` (fairyboard): the N-th occurrence of a position is a draw (default 3,
//!   0 = off). `moveRule=N` (fairyboard): N moves by each side without a capture or a pawn
//!   move is a draw (default 0 = off). Both need the game's history: see [`crate::game`].

use idiagram::{Baring, CaptureCell, CaptureMatrix, Outcome, Rules, Target, Zone};

use crate::variant::geometry::Square;
use idiagram::Diagnostic;

/// A set of piece types (the engine supports up to 126).
pub type TypeSet = u128;

#[inline]
pub(crate) fn has(set: TypeSet, t: impl Into<usize>) -> bool {
    let t: usize = t.into();
    t < 128 && set >> t & 1 != 0
}

fn set_of(types: &[usize]) -> TypeSet {
    types
        .iter()
        .filter(|&&t| t < 128)
        .fold(0, |s, &t| s | 1u128 << t)
}

/// What a capture-matrix cell does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Normal,
    /// The mover becomes this type (forced).
    Promote(u8),
    /// The mover becomes an enemy piece of this type.
    EnemyPromote(u8),
    /// The mover may promote shogi-style (to its `promoOffset` partner).
    OptionalPromote,
    /// The capture is illegal.
    Forbidden,
    /// Illegal when the victim is protected (could be recaptured).
    ForbiddenIfProtected,
    /// May not hop over this type (captures are normal).
    NoHop,
    /// May neither capture nor hop over this type.
    NoCaptureNoHop,
    /// The mover disappears too.
    Kamikaze,
    /// Explosion (or burning, with `burnZone`).
    Explode,
}

/// The kinds of spell a tracked piece can cast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpellKind {
    Burn,
    Freeze,
    Protect,
}

impl SpellKind {
    pub fn parse(text: &str) -> Option<SpellKind> {
        match text {
            "burn" => Some(SpellKind::Burn),
            "freeze" => Some(SpellKind::Freeze),
            "protect" => Some(SpellKind::Protect),
            _ => None,
        }
    }
}

/// A square-set around a piece, as (file, rank) offsets.
pub type ZoneSteps = Vec<(i8, i8)>;

pub(crate) fn zone_steps(z: Zone) -> ZoneSteps {
    let w = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let f = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    match z {
        Zone::K => w.iter().chain(f.iter()).copied().collect(),
        Zone::W => w.to_vec(),
        Zone::F => f.to_vec(),
        Zone::N => vec![
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ],
    }
}

/// A game's result as the rules see it: who won, or a draw.
pub use idiagram::Outcome as RuleOutcome;

/// The compiled rules of a variant.
#[derive(Clone, Debug, Default)]
pub struct RuleSet {
    pub(crate) n: usize,
    /// `(1 + 2n)` cells per moving type; empty without a capture matrix.
    pub(crate) matrix: Vec<Effect>,
    pub iron: TypeSet,
    pub anti_trade: TypeSet,
    pub counter_strike: TypeSet,
    pub protected: TypeSet,
    pub trade_threshold: Option<u8>,
    /// `atomicCapture`: 0 = only enemies die and the capturer survives; N > 0 = both
    /// colours die except the first N types, and the capturer always dies.
    pub atomic_spare: u32,
    pub blast: ZoneSteps,
    /// `burnZone`: with it, `@` burns instead of exploding.
    pub burn: Option<ZoneSteps>,
    pub contagious: TypeSet,
    pub immune: TypeSet,
    /// Types that count for baring (empty: no baring rule).
    pub baring: TypeSet,
    pub counterbare: Outcome,
    pub stalemate: Outcome,
    pub spell: Option<SpellKind>,
    pub casters: TypeSet,
    pub spell_zone: ZoneSteps,
    pub conversion: Option<u8>,
    pub hand_swap: bool,
    /// `repetition=`: the occurrence of a position that draws (0 = never).
    pub repetition: u32,
    /// `moveRule=`: moves per side without capture or pawn move that draw (0 = never).
    pub move_rule: u32,
    /// Some matrix cell bans hopping over a type.
    pub hop_bans: bool,
    /// A capture may cost its maker a royal (explosions that take the capturer,
    /// kamikaze, burning): such captures are judged by playing them. Asked for every
    /// check test, so kept rather than found by scanning the matrix each time (three
    /// scans per test cost Atomic Chess 4% of a search; BENCHMARKS.md, run 26).
    pub(crate) suicidal: bool,
    /// Per type, per colour, per padded square: 1 = `+` (delayed win), 2 = `#` (immediate
    /// win). Empty when no morph board has win squares.
    pub win: Vec<[Vec<u8>; 2]>,
    /// Piece values, computed when a rule first needs them (`tradeThreshold`).
    pub(crate) values: std::sync::OnceLock<Vec<u32>>,
}

impl RuleSet {
    /// Compile the definition's rule parameters for `n` piece types. `royal[t]` says which
    /// types are royal (for `baring=0`).
    pub(crate) fn compile(
        rules: &Rules,
        matrix: Option<&CaptureMatrix>,
        ids: &[&str],
        royal: &[bool],
        extra: &Extra,
    ) -> (RuleSet, Vec<Diagnostic>) {
        let n = ids.len();
        // Every finding here is about one parameter (placed in the text by the caller). None
        // stops the build: a reference to a piece that does not exist is left out, as the
        // Interactive Diagram's script sets a flag on a type number nothing uses. (The parser
        // already drops such references from a text; these findings are for definitions
        // built otherwise, or cut to the supported number of types.)
        let warn = |key: &str, message: String| Diagnostic::warning(message).in_parameter(key);
        let mut warnings = Vec::new();
        // A capture-matrix cell naming no type: warned once, and the cell is plain.
        let plain_cell = |warnings: &mut Vec<Diagnostic>, message: String| {
            let w = warn("captureMatrix", message);
            if !warnings.contains(&w) {
                warnings.push(w);
            }
            Effect::Normal
        };
        let within =
            |list: &[usize]| -> Vec<usize> { list.iter().copied().filter(|&t| t < n).collect() };
        let type_of = |id: &str| ids.iter().rposition(|&i| i == id);
        let mut set = RuleSet {
            n,
            iron: set_of(&within(&rules.iron)),
            anti_trade: set_of(&within(&rules.anti_trade)),
            counter_strike: set_of(&within(&rules.counter_strike)),
            protected: set_of(&within(&rules.protected)),
            trade_threshold: rules.trade_threshold.filter(|&t| t < n).map(|t| t as u8),
            atomic_spare: rules.atomic_capture,
            blast: zone_steps(rules.blast_zone),
            counterbare: rules.counterbare,
            stalemate: rules.stalemate,
            spell_zone: zone_steps(rules.spell_zone),
            conversion: rules.conversion.filter(|&t| t < n).map(|t| t as u8),
            hand_swap: extra.hand_swap,
            repetition: extra.repetition,
            move_rule: extra.move_rule,
            ..RuleSet::default()
        };
        let refs: [(&str, &[usize]); 7] = [
            ("iron", &rules.iron),
            ("antiTrade", &rules.anti_trade),
            ("counterStrike", &rules.counter_strike),
            ("protected", &rules.protected),
            ("tradeThreshold", rules.trade_threshold.as_slice()),
            ("conversion", rules.conversion.as_slice()),
            ("trackPieces", rules.track_pieces.as_slice()),
        ];
        for (key, list) in refs {
            for &t in list.iter().filter(|&&t| t >= n) {
                warnings.push(warn(
                    key,
                    format!(
                        "{key} names piece number {}, but only {n} pieces are defined; that reference is left out",
                        t + 1
                    ),
                ));
            }
        }
        for (t, &r) in royal.iter().enumerate() {
            if r && has(set.iron, t) {
                warnings.push(Diagnostic::warning(format!(
                    "piece '{}' is both royal and iron: iron wins (it can never be captured, so it can never be checked)",
                    ids[t]
                )).in_parameter("iron"));
            }
        }
        for b in &rules.baring {
            match *b {
                Baring::AllNonRoyal => {
                    for (t, &r) in royal.iter().enumerate() {
                        if !r && t < 128 {
                            set.baring |= 1 << t;
                        }
                    }
                }
                Baring::Piece(t) if t < n => set.baring |= 1u128 << t.min(127),
                Baring::Piece(t) => warnings.push(warn(
                    "baring",
                    format!(
                        "baring names piece number {}, but only {n} pieces are defined; that reference is left out",
                        t + 1
                    ),
                )),
            }
        }
        for c in &rules.contageous {
            let Some(t) = type_of(&c.id) else {
                warnings.push(warn(
                    "contageous",
                    format!(
                        "contageous names '{}', which no piece has as ID; it is left out",
                        c.id
                    ),
                ));
                continue;
            };
            if c.immune {
                set.immune |= 1u128 << t.min(127);
            } else {
                set.contagious |= 1u128 << t.min(127);
            }
        }
        if let Some(kind) = &rules.spell {
            set.spell = SpellKind::parse(kind);
            if set.spell.is_none() {
                warnings.push(warn(
                    "spell",
                    format!(
                        "spell '{kind}' is not known (fairyboard knows burn, freeze and protect); no spell is cast"
                    ),
                ));
            }
        }
        if let Some(first) = rules.track_pieces {
            let count = rules.tracked_types.max(1) as usize;
            for t in first..(first + count).min(n) {
                set.casters |= 1u128 << t.min(127);
            }
            if set.spell.is_none() {
                warnings.push(
                    Diagnostic::warning(
                        "trackPieces without spell: the tracked pieces cast no spell",
                    )
                    .in_parameter("trackPieces"),
                );
            }
        } else if set.spell.is_some() {
            warnings.push(
                Diagnostic::warning("spell without trackPieces: no piece casts it")
                    .in_parameter("spell"),
            );
        }
        if let Some(zone) = &extra.burn_zone {
            set.burn = Some(zone.clone());
        }
        if let Some(m) = matrix {
            let width = 1 + 2 * n;
            set.matrix = vec![Effect::Normal; n * width];
            for mover in 0..n {
                for col in 0..width {
                    let target = if col == 0 {
                        Target::Empty
                    } else if col <= n {
                        Target::Enemy(col - 1)
                    } else {
                        Target::Friend(col - 1 - n)
                    };
                    let effect = match m.cell(mover, target) {
                        CaptureCell::Normal => Effect::Normal,
                        CaptureCell::Promote(id) => match type_of(id) {
                            Some(t) => Effect::Promote(t as u8),
                            None => plain_cell(&mut warnings, format!("captureMatrix promotes to '{id}', which no piece has as ID; that cell is plain")),
                        },
                        CaptureCell::EnemyPromote(id) => match type_of(id) {
                            Some(t) => Effect::EnemyPromote(t as u8),
                            None => plain_cell(&mut warnings, format!("captureMatrix turns a piece into '{id}', which no piece has as ID; that cell is plain")),
                        },
                        CaptureCell::ShogiPromote => Effect::OptionalPromote,
                        CaptureCell::Forbidden | CaptureCell::ForbiddenAlt => Effect::Forbidden,
                        CaptureCell::ForbiddenIfProtected => Effect::ForbiddenIfProtected,
                        CaptureCell::NoHop => Effect::NoHop,
                        CaptureCell::NoCaptureNoHop => Effect::NoCaptureNoHop,
                        CaptureCell::Kamikaze => Effect::Kamikaze,
                        CaptureCell::Explode => Effect::Explode,
                    };
                    if matches!(effect, Effect::NoHop | Effect::NoCaptureNoHop) {
                        set.hop_bans = true;
                    }
                    set.matrix[mover * width + col] = effect;
                }
            }
            if set.matrix.iter().all(|&e| e == Effect::Normal) {
                set.matrix.clear();
            }
        }
        set.suicidal = set.may_destroy_mover() || set.spell == Some(SpellKind::Burn);
        (set, warnings)
    }

    /// The matrix cell for `mover` going to `target`.
    #[inline]
    pub fn effect(&self, mover: usize, target: Target) -> Effect {
        if self.matrix.is_empty() {
            return Effect::Normal;
        }
        let width = 1 + 2 * self.n;
        let col = match target {
            Target::Empty => 0,
            Target::Enemy(v) => 1 + v,
            Target::Friend(v) => 1 + self.n + v,
        };
        if mover >= self.n || col >= width {
            return Effect::Normal;
        }
        self.matrix[mover * width + col]
    }

    pub fn matrix_is_empty(&self) -> bool {
        self.matrix.is_empty()
    }

    /// A capture can destroy the capturer (kamikaze, explosions that take the capturer).
    pub fn may_destroy_mover(&self) -> bool {
        // Burning and `atomicCapture=0` explosions only take enemies.
        self.matrix.contains(&Effect::Kamikaze)
            || (self.burn.is_none()
                && self.atomic_spare > 0
                && self.matrix.contains(&Effect::Explode))
    }

    /// The estimated value of type `t` ([`crate::variant::value::estimate`]).
    pub fn value(&self, v: &crate::Variant, t: usize) -> u32 {
        self.values
            .get_or_init(|| crate::variant::value::estimate(v))
            .get(t)
            .copied()
            .unwrap_or(0)
    }

    /// The win mark (0, 1 = `+`, 2 = `#`) for type `t` of colour `c` landing on `sq`.
    #[inline]
    pub fn win_mark(&self, t: usize, c: usize, sq: Square) -> u8 {
        self.win
            .get(t)
            .and_then(|w| w[c].get(sq.index()))
            .copied()
            .unwrap_or(0)
    }
}

/// Rule inputs that do not live in [`Rules`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Extra {
    pub hand_swap: bool,
    pub repetition: u32,
    pub move_rule: u32,
    pub burn_zone: Option<ZoneSteps>,
}

/// The squares of a `burnZone` descriptor around a piece: every target its first legs reach
/// on an empty board (ranges capped at 7 steps).
pub(crate) fn burn_steps(descriptor: &str) -> Result<ZoneSteps, String> {
    let parsed = xbetza::parse(descriptor).map_err(|e| e.to_string())?;
    let program = xbetza::compile(&parsed, &xbetza::CompileOptions { max_range: 7 })
        .map_err(|e| e.to_string())?;
    let mut steps: ZoneSteps = Vec::new();
    for r in program.records.iter().filter(|r| r.depth == 0) {
        let range = if r.range == 0 { 7 } else { r.range.min(7) };
        for k in 1..=range as i8 {
            let s = (r.step.dx * k, r.step.dy * k);
            if s != (0, 0) && !steps.contains(&s) {
                steps.push(s);
            }
        }
    }
    if steps.is_empty() {
        return Err("it reaches no square".into());
    }
    Ok(steps)
}
