//! Building a [`Variant`] from a definition: compile every piece's moves, bind them to the
//! board, and precompute landing (morph/promotion) rules, drop rules and attack tables.

use std::fmt;

use crate::attack::AttackTable;
use crate::coord::Coord;
use crate::geometry::{Geometry, Square};
use crate::movegen::MAX_LEGS;
use crate::moves::MAX_VICTIMS;
use crate::variant::{
    link, piece_cell, Cell, Color, Landing, PieceType, PromoRule, Symmetry, Variant, EMPTY,
    MAX_TYPES, OFF,
};
use xbetza::{Flags, Kind};

/// What landing on a square of a morph board does (White's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MorphSpec {
    Plain,
    /// Instant promotion to the type with this ID.
    Promote(String),
    /// Promotion with a choice from promoChoice set N (0 = the default set).
    Choice(u8),
    /// Optional shogi-style promotion.
    Optional,
    /// Forced shogi-style promotion.
    Forced,
    /// The piece may not go there.
    Forbidden,
    /// The piece may not go there onto a friend.
    NoFriend,
    /// Game-end squares (the rules layer reads them; movement is plain).
    DelayedWin,
    ImmediateWin,
}

/// One entry of a promoChoice set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceSpec {
    pub id: String,
    /// `*`: only while a piece of that type is in the hand (taken from there).
    pub from_hand: bool,
    /// `!`: not on the last rank (with promoOffset: this type must promote).
    pub not_last: bool,
    /// A digit suffix M: only on the last M ranks.
    pub last_ranks: Option<u8>,
}

#[derive(Clone, Debug)]
pub struct PieceSpec {
    pub name: String,
    pub id: String,
    pub betza: String,
    pub image: String,
    pub royal: bool,
    pub white: Vec<Coord>,
    pub black: Vec<Coord>,
    /// Start counts in hand, indexed by colour (White, Black).
    pub hand: [u32; 2],
    /// Indexed `[rank][file]`, White's view.
    pub morph: Option<Vec<Vec<MorphSpec>>>,
    /// Source line, for error messages.
    pub line: usize,
}

/// The rules core's view of a definition.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    pub name: String,
    pub files: u8,
    pub ranks: u8,
    pub symmetry: Symmetry,
    pub holes: Vec<Coord>,
    pub pieces: Vec<PieceSpec>,
    pub promo_zone: u8,
    pub max_promote: usize,
    pub promo_choice: Vec<Vec<ChoiceSpec>>,
    pub promo_offset: Option<usize>,
    pub holdings_type: i8,
    pub any_royal_loses: bool,
    /// Game rules beyond moving (capture matrix aside): royalty, baring, iron, spells,
    /// shuffles... as the definition states them.
    pub rules: idiagram::Rules,
    pub capture_matrix: Option<idiagram::CaptureMatrix>,
    /// `handSwap=1`: a piece in hand may replace a friend with the same ID on the board.
    pub hand_swap: bool,
}

/// The end of the warning for a move character the build skipped.
pub const SKIPPED: &str = "; that character is skipped";

/// A problem building the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    pub line: usize,
    pub piece: Option<String>,
    pub message: String,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}", self.line)?;
        }
        if let Some(p) = &self.piece {
            if self.line > 0 {
                write!(f, " ")?;
            }
            write!(f, "(piece '{p}')")?;
        }
        if self.line > 0 || self.piece.is_some() {
            write!(f, ": ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for BuildError {}

/// The square a White-view coordinate stands for from `color`'s side.
pub(crate) fn for_color(c: Coord, color: Color, files: u8, ranks: u8, symmetry: Symmetry) -> Coord {
    match (color, symmetry) {
        (Color::White, _) => c,
        (Color::Black, Symmetry::Rotate) => Coord::new(files - 1 - c.file, ranks - 1 - c.rank),
        (Color::Black, _) => Coord::new(c.file, ranks - 1 - c.rank),
    }
}

impl Variant {
    /// Compile a variant. Returns it with warnings, or the error that leaves no game to build
    /// (a board or piece count beyond the limits). Everything else is a warning that says what
    /// was kept, as the Interactive Diagram shows every page it can.
    pub fn from_spec(spec: &VariantSpec) -> Result<(Variant, Vec<BuildError>), Vec<BuildError>> {
        let mut warnings = Vec::new();
        let err = |line: usize, piece: Option<&str>, message: String| BuildError {
            line,
            piece: piece.map(str::to_string),
            message,
        };
        if spec.files == 0
            || spec.ranks == 0
            || spec.files > crate::coord::MAX_SIDE
            || spec.ranks > crate::coord::MAX_SIDE
        {
            return Err(vec![err(
                0,
                None,
                format!(
                    "board {}x{} is outside 1x1..{}x{}",
                    spec.files,
                    spec.ranks,
                    crate::coord::MAX_SIDE,
                    crate::coord::MAX_SIDE
                ),
            )]);
        }
        if spec.pieces.len() > MAX_TYPES {
            return Err(vec![err(
                0,
                None,
                format!(
                    "{} piece types; at most {MAX_TYPES} are supported",
                    spec.pieces.len()
                ),
            )]);
        }
        let options = xbetza::CompileOptions {
            max_range: spec.files.max(spec.ranks),
        };
        let mut programs = Vec::new();
        // Moves are read as the Interactive Diagram reads them: what cannot be understood is
        // dropped with a warning and the piece keeps the rest (no moves at all, at worst).
        for p in &spec.pieces {
            let (descriptor, dropped) = xbetza::parse_lenient(&p.betza);
            for e in &dropped {
                warnings.push(err(
                    p.line,
                    Some(&p.name),
                    format!("move '{}': {e}{SKIPPED}", p.betza),
                ));
            }
            let program = match descriptor {
                None => xbetza::Program::default(),
                Some(d) => {
                    for w in &d.warnings {
                        warnings.push(err(
                            p.line,
                            Some(&p.name),
                            format!("move '{}': {w}", p.betza),
                        ));
                    }
                    // A term beyond the limits is left out (with a warning); the piece
                    // keeps the moves that fit.
                    let (prog, left_out) = xbetza::compile_partial(&d, &options, MAX_LEGS);
                    for e in left_out {
                        warnings.push(err(
                            p.line,
                            Some(&p.name),
                            format!("move '{}': {e}", p.betza),
                        ));
                    }
                    if prog.most_victims() > MAX_VICTIMS {
                        warnings.push(err(
                            p.line,
                            Some(&p.name),
                            format!(
                                "move '{}': paths that take more than {MAX_VICTIMS} pieces on \
                                 the way are not generated",
                                p.betza
                            ),
                        ));
                    }
                    prog
                }
            };
            programs.push(program);
        }
        // Padding: the longest step component of any record.
        let pad = programs
            .iter()
            .flat_map(|p| p.records.iter())
            .map(|r| r.step.dx.unsigned_abs().max(r.step.dy.unsigned_abs()))
            .max()
            .unwrap_or(1)
            // A step longer than the board never lands; its records are marked dead.
            .min(spec.files.max(spec.ranks))
            .max(1);
        let geometry = Geometry::new(spec.files, spec.ranks, pad);
        let mut template = vec![OFF; geometry.cells];
        for sq in geometry.squares() {
            template[sq] = EMPTY;
        }
        // A piece listed on a hole stands there in the original, and the square turns back
        // into a hole once it leaves. fairyboard's board cannot change shape during a game, so
        // such a square stays playable (with a warning that says so).
        let occupied: std::collections::HashSet<Coord> = spec
            .pieces
            .iter()
            .flat_map(|p| p.white.iter().chain(&p.black))
            .copied()
            .collect();
        for h in &spec.holes {
            if h.file >= spec.files || h.rank >= spec.ranks {
                warnings.push(err(0, None, format!("hole {h} is off the board; ignored")));
            } else if let Some(p) = spec
                .pieces
                .iter()
                .find(|p| p.white.contains(h) || p.black.contains(h))
                .filter(|_| occupied.contains(h))
            {
                warnings.push(err(
                    p.line,
                    Some(&p.name),
                    format!(
                        "square {h} is a hole but this piece starts there; the piece is placed and the square stays playable"
                    ),
                ));
            } else {
                template[geometry.square(*h)] = OFF;
            }
        }
        let playable: Vec<Square> = geometry
            .squares()
            .filter(|&s| template[s] == EMPTY)
            .collect();

        // Setup.
        let mut setup_cells: Vec<Cell> = vec![EMPTY; geometry.cells];
        let mut setup = Vec::new();
        for (t, p) in spec.pieces.iter().enumerate() {
            for (color, list) in [(Color::White, &p.white), (Color::Black, &p.black)] {
                for c in list {
                    if c.file >= spec.files || c.rank >= spec.ranks {
                        warnings.push(err(
                            p.line,
                            Some(&p.name),
                            format!(
                                "square {c} is off the {}x{} board; the piece is left out there",
                                spec.files, spec.ranks
                            ),
                        ));
                        continue;
                    }
                    let sq = geometry.square(*c);
                    if setup_cells[sq] != EMPTY {
                        warnings.push(err(
                            p.line,
                            Some(&p.name),
                            format!("square {c} was already occupied; this piece replaces it"),
                        ));
                        setup.retain(|&(s, _)| s != sq);
                    }
                    setup_cells[sq] = piece_cell(t, color);
                    setup.push((sq, piece_cell(t, color)));
                }
            }
        }

        // Promotion rules per type, colour and square.
        let n = spec.pieces.len();
        let type_by_id = |id: &str, not: usize| -> Option<usize> {
            spec.pieces
                .iter()
                .enumerate()
                .rev()
                .find(|(i, p)| p.id == id && *i != not)
                .map(|(i, _)| i)
        };
        let promoted_of = |t: usize| -> Option<usize> {
            let off = spec.promo_offset?;
            (t < spec.max_promote && t + off < n).then_some(t + off)
        };
        let mut promo_rules: Vec<PromoRule> = Vec::new();
        let mut rule_index = |rule: PromoRule| -> Landing {
            if rule.choices.is_empty() && rule.may_stay {
                return Landing::Plain;
            }
            let i = promo_rules
                .iter()
                .position(|r| *r == rule)
                .unwrap_or_else(|| {
                    promo_rules.push(rule);
                    promo_rules.len() - 1
                });
            Landing::Promote(i as u16)
        };
        let mut landings: Vec<[Vec<Landing>; 2]> = Vec::with_capacity(n);
        let mut wins: Vec<[Vec<u8>; 2]> = Vec::with_capacity(n);
        for (t, p) in spec.pieces.iter().enumerate() {
            let mut win = [vec![0u8; geometry.cells], vec![0u8; geometry.cells]];
            let mut per_color: [Vec<Landing>; 2] = [
                vec![Landing::Plain; geometry.cells],
                vec![Landing::Plain; geometry.cells],
            ];
            for color in Color::BOTH {
                for &sq in &playable {
                    let c = geometry.coord(sq).unwrap_or(Coord::new(0, 0));
                    // White-view coordinate of this square for this colour.
                    let wv = for_color(c, color, spec.files, spec.ranks, spec.symmetry);
                    let dist = spec.ranks - 1 - wv.rank; // 0 = last rank
                    let choose = |set: usize, err_list: &mut Vec<BuildError>| -> PromoRule {
                        let mut rule = PromoRule {
                            choices: Vec::new(),
                            may_stay: false,
                        };
                        let Some(entries) = spec.promo_choice.get(set) else {
                            if set == 0 {
                                // No choices at all: the piece cannot promote.
                                rule.may_stay = true;
                                return rule;
                            }
                            err_list.push(err(
                                p.line,
                                Some(&p.name),
                                format!("promoChoice has no set {}; no promotion there", set + 1),
                            ));
                            return rule;
                        };
                        for e in entries {
                            if e.not_last && dist == 0 {
                                continue;
                            }
                            if let Some(m) = e.last_ranks {
                                if dist >= m {
                                    continue;
                                }
                            }
                            if e.id == p.id {
                                rule.may_stay = true;
                                continue;
                            }
                            match type_by_id(&e.id, t) {
                                Some(to) => {
                                    if !rule.choices.contains(&(to as u8, e.from_hand)) {
                                        rule.choices.push((to as u8, e.from_hand));
                                    }
                                }
                                None => err_list.push(err(
                                    0,
                                    None,
                                    format!(
                                        "promoChoice names '{}', which no piece has as ID; that choice is left out",
                                        e.id
                                    ),
                                )),
                            }
                        }
                        rule
                    };
                    let mut local_warnings = Vec::new();
                    let landing = if let Some(morph) = &p.morph {
                        let cell = morph
                            .get(wv.rank as usize)
                            .and_then(|r| r.get(wv.file as usize))
                            .cloned()
                            .unwrap_or(MorphSpec::Plain);
                        match cell {
                            MorphSpec::Plain => Landing::Plain,
                            MorphSpec::DelayedWin | MorphSpec::ImmediateWin => {
                                win[color.index()][sq] =
                                    if cell == MorphSpec::DelayedWin { 1 } else { 2 };
                                Landing::Plain
                            }
                            MorphSpec::Forbidden => Landing::Forbidden,
                            MorphSpec::NoFriend => Landing::NoFriend,
                            MorphSpec::Promote(id) => match type_by_id(&id, t) {
                                Some(to) => rule_index(PromoRule {
                                    choices: vec![(to as u8, false)],
                                    may_stay: false,
                                }),
                                None => {
                                    local_warnings.push(err(p.line, Some(&p.name), format!("morph promotes to '{id}', which no other piece has as ID; the square is plain")));
                                    Landing::Plain
                                }
                            },
                            MorphSpec::Choice(set) => {
                                rule_index(choose(set as usize, &mut local_warnings))
                            }
                            MorphSpec::Optional | MorphSpec::Forced => match promoted_of(t) {
                                Some(to) => rule_index(PromoRule {
                                    choices: vec![(to as u8, false)],
                                    may_stay: cell == MorphSpec::Optional,
                                }),
                                None => {
                                    local_warnings.push(err(
                                        p.line,
                                        Some(&p.name),
                                        "morph has a shogi-style promotion ('|' or '^') but this piece has no promoOffset partner; the square is plain".into(),
                                    ));
                                    Landing::Plain
                                }
                            },
                        }
                    } else if t < spec.max_promote && spec.promo_zone > 0 && dist < spec.promo_zone
                    {
                        if let Some(to) = promoted_of(t) {
                            let must = spec
                                .promo_choice
                                .first()
                                .is_some_and(|s| s.iter().any(|e| e.id == p.id && e.not_last));
                            rule_index(PromoRule {
                                choices: vec![(to as u8, false)],
                                may_stay: !must,
                            })
                        } else {
                            rule_index(choose(0, &mut local_warnings))
                        }
                    } else {
                        Landing::Plain
                    };
                    for e in local_warnings {
                        if !warnings.contains(&e) {
                            warnings.push(e);
                        }
                    }
                    per_color[color.index()][sq] = landing;
                }
            }
            landings.push(per_color);
            wins.push(win);
        }

        let mut pieces = Vec::with_capacity(n);
        let mut attack = Vec::with_capacity(n);
        for (t, (p, program)) in spec.pieces.iter().zip(programs).enumerate() {
            let linked = [
                link(&program, &geometry, Color::White, spec.symmetry),
                link(&program, &geometry, Color::Black, spec.symmetry),
            ];
            attack.push([
                AttackTable::build(&linked[0], &geometry),
                AttackTable::build(&linked[1], &geometry),
            ]);
            let mut dead = [vec![false; geometry.cells], vec![false; geometry.cells]];
            for color in Color::BOTH {
                for &sq in &playable {
                    let moves = linked[color.index()].links.iter().any(|l| {
                        l.kind != Kind::Leg
                            || (l.depth == 0 && template[(sq as isize + l.off) as usize] != OFF)
                    });
                    dead[color.index()][sq] = !moves;
                }
            }
            let demoted = spec
                .promo_offset
                .and_then(|off| (t >= off && t - off < spec.max_promote).then(|| (t - off) as u8));
            pieces.push(PieceType {
                name: p.name.clone(),
                id: p.id.clone(),
                betza: p.betza.clone(),
                image: p.image.clone(),
                royal: p.royal,
                promoted: promoted_of(t).map(|x| x as u8),
                demoted,
                // Any type that can turn into another (zone or morph board): its pieces can
                // leave the board without being captured.
                pawn: p.id == "P" || p.name.to_lowercase().contains("pawn"),
                promotes: t < spec.max_promote
                    || landings[t]
                        .iter()
                        .flatten()
                        .any(|l| matches!(l, Landing::Promote(_))),
                has_initial: program
                    .records
                    .iter()
                    .any(|r| r.flags.contains(Flags::INITIAL)),
                program,
                linked,
                plain_landing: [0, 1].map(|c| landings[t][c].iter().all(|l| *l == Landing::Plain)),
                landing: std::mem::take(&mut landings[t]),
                dead,
                no_doubled_drop: spec.rules.drop_no_doubled.contains(&t),
                no_drop_mate: spec.rules.drop_no_mate.contains(&t),
            });
        }
        let mut fen_ids: Vec<(String, u8)> = Vec::new();
        for (t, p) in pieces.iter().enumerate() {
            let token = match p.demoted {
                Some(d) => format!("+{}", pieces[d as usize].id),
                None => p.id.clone(),
            };
            fen_ids.push((token, t as u8));
        }
        fen_ids.sort_by_key(|(s, _)| std::cmp::Reverse(s.chars().count()));
        let mut initial_hand = [vec![0; n], vec![0; n]];
        for (t, p) in spec.pieces.iter().enumerate() {
            initial_hand[0][t] = p.hand[0];
            initial_hand[1][t] = p.hand[1];
        }
        let forward = [Color::White, Color::Black].map(|c| {
            let (dx, dy) = crate::variant::orient(0, 1, c, spec.symmetry);
            geometry.offset(dx, dy)
        });
        let sandbox = setup.is_empty();
        let ids: Vec<&str> = spec.pieces.iter().map(|p| p.id.as_str()).collect();
        let royal: Vec<bool> = spec.pieces.iter().map(|p| p.royal).collect();
        let burn_zone = match &spec.rules.burn_zone {
            None => None,
            Some(d) => match crate::rules::burn_steps(d) {
                Ok(steps) => Some(steps),
                Err(e) => {
                    warnings.push(err(0, None, format!("burnZone '{d}': {e}; nothing burns")));
                    None
                }
            },
        };
        let extra = crate::rules::Extra {
            hand_swap: spec.hand_swap,
            repetition: spec.rules.repetition,
            move_rule: spec.rules.move_rule,
            burn_zone,
        };
        let (mut rules, rule_warnings) = crate::rules::RuleSet::compile(
            &spec.rules,
            spec.capture_matrix.as_ref(),
            &ids,
            &royal,
            &extra,
        )
        .map_err(|e| vec![e])?;
        warnings.extend(rule_warnings.into_iter().map(|w| err(0, None, w)));
        if wins
            .iter()
            .any(|w| w.iter().any(|c| c.iter().any(|&x| x != 0)))
        {
            rules.win = wins;
        }
        let mut variant = Variant {
            // Decided below by the gate, from the finished variant.
            plain_rules: false,
            end_rules: false,
            rules,
            forward,
            name: spec.name.clone(),
            keys: crate::zobrist::Keys::new(n, geometry.cells),
            geometry,
            symmetry: spec.symmetry,
            pieces,
            template,
            playable,
            setup,
            setup_cells,
            initial_hand,
            holdings_type: spec.holdings_type,
            // With holdingsType=1 the hand is a promotion reserve, except on a board that
            // starts empty: such a definition is a sandbox (the Interactive Diagram Piece Lab
            // keeps every piece in hand) and its pieces enter play by being dropped.
            drops: spec.holdings_type != 1 || sandbox,
            promo_from_zone: spec.rules.promo_from_zone,
            piece_values: spec.rules.piece_values.clone(),
            demote_promoted: spec.rules.demote_promoted,
            any_royal_loses: spec.any_royal_loses,
            shuffle: spec.rules.shuffle.clone(),
            // Set from the definition by `definition::check`.
            about: Default::default(),
            shades: [None, None],
            promo_rules,
            attack,
            fen_ids,
            bitboard: None,
        };
        let paths = variant.fast_paths();
        variant.plain_rules = paths.plain_rules.is_ok();
        variant.end_rules = paths.end_rules;
        if paths.bitboard.is_ok() {
            variant.bitboard = crate::bitboard::Generator::build(&variant);
        }
        Ok((variant, warnings))
    }
}
