//! Building a [`Variant`] straight from the parsed [`Definition`] (the one model of a
//! variant's text): compile every piece's moves, bind them to the board, and precompute
//! landing (morph/promotion) rules, drop rules and attack tables. Problems come back as the
//! parser's own [`Diagnostic`]s, so a definition's readers see one kind of finding.

use idiagram::{Definition, Diagnostic, MorphCell};

use crate::coord::Coord;
use crate::movegen::attack::AttackTable;
use crate::movegen::MAX_LEGS;
use crate::position::moves::MAX_VICTIMS;
use crate::variant::geometry::{Geometry, Square};
use crate::variant::{
    link, piece_cell, Cell, Color, Landing, PieceType, PromoRule, Role, Symmetry, Variant, EMPTY,
    MAX_TYPES, OFF,
};
use xbetza::{Flags, Kind};

/// `def` with only its first `n` piece types: the others and every numbered reference to
/// them (royalty, rule parameters, values) are dropped. References by ID that no kept type
/// has are left to the build, which skips them with a warning as for any unknown ID.
fn first_types(def: &Definition, n: usize) -> Definition {
    let mut d = def.clone();
    d.pieces.truncate(n);
    let keep = |list: &mut Vec<usize>| list.retain(|&t| t < n);
    keep(&mut d.royal);
    let r = &mut d.rules;
    for list in [
        &mut r.iron,
        &mut r.anti_trade,
        &mut r.counter_strike,
        &mut r.protected,
        &mut r.drop_no_doubled,
        &mut r.drop_no_mate,
    ] {
        keep(list);
    }
    for one in [
        &mut r.trade_threshold,
        &mut r.conversion,
        &mut r.track_pieces,
    ] {
        *one = one.filter(|&t| t < n);
    }
    r.baring
        .retain(|b| !matches!(b, idiagram::Baring::Piece(t) if *t >= n));
    r.piece_values.retain(|&(t, _)| t < n);
    d
}

/// The square a White-view coordinate stands for from `color`'s side.
pub(crate) fn for_color(c: Coord, color: Color, files: u8, ranks: u8, symmetry: Symmetry) -> Coord {
    match (color, symmetry) {
        (Color::White, _) => c,
        (Color::Black, Symmetry::Rotate) => Coord::new(files - 1 - c.file, ranks - 1 - c.rank),
        (Color::Black, _) => Coord::new(c.file, ranks - 1 - c.rank),
    }
}

impl Variant {
    /// Compile the variant `name` from a parsed definition. Returns it with warnings, or the
    /// errors that leave no game to build (a board or piece count beyond the limits, a rule
    /// naming a piece that does not exist). Everything else is a warning that says what was
    /// kept, as the Interactive Diagram shows every page it can. Findings about a piece carry
    /// its line (and, for its move, the column of the move character); findings about a
    /// parameter name it (the caller places them, see [`crate::variant::definition::check`]).
    pub fn compile(
        name: &str,
        def: &Definition,
    ) -> Result<(Variant, Vec<Diagnostic>), Vec<Diagnostic>> {
        Variant::compile_within(name, def, xbetza::CompileBudget::DEFAULT)
    }

    /// [`Variant::compile`] with each piece's move compiled within `budget` (what the
    /// budget does not reach is left out, with a warning, as a move beyond the limits is):
    /// for callers that build many untrusted definitions in a row (the fuzz targets).
    pub fn compile_within(
        name: &str,
        def: &Definition,
        budget: xbetza::CompileBudget,
    ) -> Result<(Variant, Vec<Diagnostic>), Vec<Diagnostic>> {
        let mut warnings: Vec<Diagnostic> = Vec::new();
        // A finding about piece `p` on its line, column 1 (the line as a whole).
        let about = |p: &idiagram::PieceDef, message: String| {
            Diagnostic::warning(message)
                .at(p.line, if p.line > 0 { 1 } else { 0 })
                .in_piece(&p.name)
        };
        // A finding about piece `p`'s move, at `offset` characters into the move field.
        let about_move = |p: &idiagram::PieceDef, offset: usize, message: String| {
            Diagnostic::warning(format!("move '{}': {message}", p.betza))
                .at(
                    p.line,
                    if p.line > 0 {
                        p.move_column + offset
                    } else {
                        0
                    },
                )
                .in_piece(&p.name)
        };
        if def.files == 0
            || def.ranks == 0
            || def.files > crate::coord::MAX_SIDE
            || def.ranks > crate::coord::MAX_SIDE
        {
            return Err(vec![Diagnostic::error(format!(
                "board {}x{} is outside 1x1..{}x{}",
                def.files,
                def.ranks,
                crate::coord::MAX_SIDE,
                crate::coord::MAX_SIDE
            ))
            .in_parameter(
                if def.files == 0 || def.files > crate::coord::MAX_SIDE {
                    "files"
                } else {
                    "ranks"
                },
            )]);
        }
        // More types than a board cell can name: the first MAX_TYPES are kept, as the
        // Interactive Diagram keeps every usable part of a page (the largest Shogi variants
        // list hundreds); the others, their squares and every reference to them are left out.
        let trimmed;
        let def: &Definition = if def.pieces.len() > MAX_TYPES {
            let first_out = &def.pieces[MAX_TYPES];
            warnings.push(about(
                first_out,
                format!(
                    "{} piece types; at most {MAX_TYPES} are supported, so the first {MAX_TYPES} are kept and the other {} (from this one on) are left out",
                    def.pieces.len(),
                    def.pieces.len() - MAX_TYPES
                ),
            ));
            trimmed = first_types(def, MAX_TYPES);
            &trimmed
        } else {
            def
        };
        let options = xbetza::CompileOptions {
            max_range: def.files.max(def.ranks),
        };
        let mut programs = Vec::new();
        // Moves are read as the Interactive Diagram reads them: what cannot be understood is
        // dropped with a warning and the piece keeps the rest (no moves at all, at worst).
        for p in &def.pieces {
            let (descriptor, dropped) = xbetza::parse_lenient(&p.betza);
            for e in &dropped {
                warnings.push(about_move(
                    p,
                    e.pos,
                    format!("{e}; that character is skipped"),
                ));
            }
            let program = match descriptor {
                None => xbetza::Program::default(),
                Some(d) => {
                    // Each warning at its own character (positions in the move field as
                    // written, `parse_lenient` maps them past dropped characters).
                    for w in &d.warnings {
                        warnings.push(about_move(p, w.pos, w.to_string()));
                    }
                    // A term beyond the limits is left out (with a warning); the piece
                    // keeps the moves that fit. Such findings are about a term, which the
                    // message names, so they point at the move field's start.
                    let (prog, left_out) =
                        xbetza::compile_partial_within(&d, &options, MAX_LEGS, budget);
                    for e in left_out {
                        warnings.push(about_move(p, 0, e.to_string()));
                    }
                    if prog.most_victims() > MAX_VICTIMS {
                        warnings.push(about_move(
                            p,
                            0,
                            format!(
                                "paths that take more than {MAX_VICTIMS} pieces on the way \
                                 are not generated"
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
            .min(def.files.max(def.ranks))
            .max(1);
        let geometry = Geometry::new(def.files, def.ranks, pad);
        let mut template = vec![OFF; geometry.cells];
        for sq in geometry.squares() {
            template[sq] = EMPTY;
        }
        // A piece listed on a hole stands there in the original, and the square turns back
        // into a hole once it leaves. fairyboard's board cannot change shape during a game, so
        // such a square stays playable (with a warning that says so).
        let occupied: std::collections::HashSet<Coord> = def
            .pieces
            .iter()
            .flat_map(|p| p.white.iter().chain(&p.black))
            .copied()
            .collect();
        for h in &def.holes {
            if h.file >= def.files || h.rank >= def.ranks {
                warnings.push(
                    Diagnostic::warning(format!("hole {h} is off the board; ignored"))
                        .in_piece("hole"),
                );
            } else if let Some(p) = def
                .pieces
                .iter()
                .find(|p| p.white.contains(h) || p.black.contains(h))
                .filter(|_| occupied.contains(h))
            {
                warnings.push(about(
                    p,
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
        for (t, p) in def.pieces.iter().enumerate() {
            for (color, list) in [(Color::White, &p.white), (Color::Black, &p.black)] {
                for c in list {
                    if c.file >= def.files || c.rank >= def.ranks {
                        warnings.push(about(
                            p,
                            format!(
                                "square {c} is off the {}x{} board; the piece is left out there",
                                def.files, def.ranks
                            ),
                        ));
                        continue;
                    }
                    let sq = geometry.square(*c);
                    if setup_cells[sq] != EMPTY {
                        warnings.push(about(
                            p,
                            format!("square {c} was already occupied; this piece replaces it"),
                        ));
                        setup.retain(|&(s, _)| s != sq);
                    }
                    setup_cells[sq] = piece_cell(Role::new(t), color);
                    setup.push((sq, piece_cell(Role::new(t), color)));
                }
            }
        }

        // Promotion rules per type, colour and square.
        let n = def.pieces.len();
        let type_by_id = |id: &str, not: usize| -> Option<usize> {
            def.pieces
                .iter()
                .enumerate()
                .rev()
                .find(|(i, p)| p.id == id && *i != not)
                .map(|(i, _)| i)
        };
        let promoted_of = |t: usize| -> Option<usize> {
            let off = def.promo_offset?;
            (t < def.max_promote && t + off < n).then_some(t + off)
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
        for (t, p) in def.pieces.iter().enumerate() {
            let mut win = [vec![0u8; geometry.cells], vec![0u8; geometry.cells]];
            let mut per_color: [Vec<Landing>; 2] = [
                vec![Landing::Plain; geometry.cells],
                vec![Landing::Plain; geometry.cells],
            ];
            for color in Color::BOTH {
                for &sq in &playable {
                    let c = geometry.coord(sq).unwrap_or(Coord::new(0, 0));
                    // White-view coordinate of this square for this colour.
                    let wv = for_color(c, color, def.files, def.ranks, def.symmetry);
                    let dist = def.ranks - 1 - wv.rank; // 0 = last rank
                    let choose = |set: usize, err_list: &mut Vec<Diagnostic>| -> PromoRule {
                        let mut rule = PromoRule {
                            choices: Vec::new(),
                            may_stay: false,
                        };
                        let Some(entries) = def.promo_choice.sets.get(set) else {
                            if set == 0 {
                                // No choices at all: the piece cannot promote.
                                rule.may_stay = true;
                                return rule;
                            }
                            err_list.push(
                                about(
                                    p,
                                    format!(
                                        "promoChoice has no set {}; no promotion there",
                                        set + 1
                                    ),
                                )
                                .in_parameter("morph"),
                            );
                            return rule;
                        };
                        for e in entries {
                            if e.not_last_rank && dist == 0 {
                                continue;
                            }
                            if let Some(m) = e.last_ranks {
                                if u32::from(dist) >= m {
                                    continue;
                                }
                            }
                            if e.id == p.id {
                                rule.may_stay = true;
                                continue;
                            }
                            match type_by_id(&e.id, t) {
                                Some(to) => {
                                    if !rule.choices.contains(&(to as u8, e.needs_hand)) {
                                        rule.choices.push((to as u8, e.needs_hand));
                                    }
                                }
                                None => err_list.push(
                                    Diagnostic::warning(format!(
                                        "promoChoice names '{}', which no piece has as ID; that choice is left out",
                                        e.id
                                    ))
                                    .in_parameter("promoChoice"),
                                ),
                            }
                        }
                        rule
                    };
                    let mut local_warnings = Vec::new();
                    let landing = if let Some(morph) = &p.morph {
                        let cell = morph.cell(Color::White, wv);
                        match cell {
                            MorphCell::Normal => Landing::Plain,
                            MorphCell::DelayedWin | MorphCell::ImmediateWin => {
                                win[color.index()][sq] =
                                    if *cell == MorphCell::DelayedWin { 1 } else { 2 };
                                Landing::Plain
                            }
                            MorphCell::Forbidden => Landing::Forbidden,
                            MorphCell::NoFriendlyCapture => Landing::NoFriend,
                            MorphCell::Promote(id) => match type_by_id(id, t) {
                                Some(to) => rule_index(PromoRule {
                                    choices: vec![(to as u8, false)],
                                    may_stay: false,
                                }),
                                None => {
                                    local_warnings.push(about(p, format!("morph promotes to '{id}', which no other piece has as ID; the square is plain")).in_parameter("morph"));
                                    Landing::Plain
                                }
                            },
                            MorphCell::Choice => rule_index(choose(0, &mut local_warnings)),
                            MorphCell::ChoiceSet(set) => {
                                rule_index(choose(*set as usize, &mut local_warnings))
                            }
                            MorphCell::ShogiOptional | MorphCell::ShogiForced => {
                                match promoted_of(t) {
                                    Some(to) => rule_index(PromoRule {
                                        choices: vec![(to as u8, false)],
                                        may_stay: *cell == MorphCell::ShogiOptional,
                                    }),
                                    None => {
                                        local_warnings.push(about(
                                        p,
                                        "morph has a shogi-style promotion ('|' or '^') but this piece has no promoOffset partner; the square is plain".into(),
                                    ).in_parameter("morph"));
                                        Landing::Plain
                                    }
                                }
                            }
                        }
                    } else if t < def.max_promote && def.promo_zone > 0 && dist < def.promo_zone {
                        if let Some(to) = promoted_of(t) {
                            let must = def
                                .promo_choice
                                .default_set()
                                .iter()
                                .any(|e| e.id == p.id && e.not_last_rank);
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
        for (t, (p, program)) in def.pieces.iter().zip(programs).enumerate() {
            let linked = [
                link(&program, &geometry, Color::White, def.symmetry),
                link(&program, &geometry, Color::Black, def.symmetry),
            ];
            attack.push([
                AttackTable::build(&linked[0], &geometry),
                AttackTable::build(&linked[1], &geometry),
            ]);
            let mut dead = [vec![false; geometry.cells], vec![false; geometry.cells]];
            for color in Color::BOTH {
                for &sq in &playable {
                    let moves = linked[color.index()].links.iter().any(|l| {
                        l.kind != Kind::Leg || (l.depth == 0 && template[sq + l.off] != OFF)
                    });
                    dead[color.index()][sq] = !moves;
                }
            }
            let demoted = def
                .promo_offset
                .and_then(|off| (t >= off && t - off < def.max_promote).then(|| (t - off) as u8));
            pieces.push(PieceType {
                name: p.name.clone(),
                id: p.id.clone(),
                betza: p.betza.clone(),
                image: p.image.clone(),
                royal: def.royal.contains(&t),
                promoted: promoted_of(t).map(|x| x as u8),
                demoted,
                // Any type that can turn into another (zone or morph board): its pieces can
                // leave the board without being captured.
                pawn: p.id == "P" || p.name.to_lowercase().contains("pawn"),
                // By its moves: set below, once the variant can set up a board.
                pawn_like: false,
                promotes: t < def.max_promote
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
                no_doubled_drop: def.rules.drop_no_doubled.contains(&t),
                no_drop_mate: def.rules.drop_no_mate.contains(&t),
            });
        }
        // A hand holds at most `MAX_IN_HAND` pieces (a FEN of the start must read back):
        // counts beyond that are cut, with a warning on the piece where the cut begins.
        let mut initial_hand = [vec![0; n], vec![0; n]];
        let mut held = [0u32; 2];
        for (t, p) in def.pieces.iter().enumerate() {
            for (side, want) in [p.hand, p.black_hand.unwrap_or(p.hand)]
                .into_iter()
                .enumerate()
            {
                let room = crate::limits::MAX_IN_HAND - held[side];
                if want > room {
                    warnings.push(about(
                        p,
                        format!(
                            "{} starts with {want} in hand; a hand holds at most {} pieces, so {room} are kept",
                            if side == 0 { "White" } else { "Black" },
                            crate::limits::MAX_IN_HAND
                        ),
                    ));
                }
                initial_hand[side][t] = want.min(room);
                held[side] += want.min(room);
            }
        }
        let fielded = |t: usize, side: usize| {
            let color = if side == 0 {
                Color::White
            } else {
                Color::Black
            };
            initial_hand[side][t] > 0
                || setup
                    .iter()
                    .any(|&(_, c)| c == piece_cell(Role::new(t), color))
        };
        let ids: Vec<&str> = def.pieces.iter().map(|p| p.id.as_str()).collect();
        let names: Vec<&str> = def.pieces.iter().map(|p| p.name.as_str()).collect();
        let demoted: Vec<Option<u8>> = pieces.iter().map(|p| p.demoted).collect();
        let (tokens, refused) = crate::position::fen::fen_tokens(&ids, &names, &demoted, fielded);
        for (t, why) in refused {
            let p = &def.pieces[t];
            let why = match why {
                crate::position::fen::Unusable::Clash(u) => format!(
                    "it reads the same as the ID of {} (line {})",
                    def.pieces[u].name, def.pieces[u].line
                ),
                other => other.to_string(),
            };
            let token = &tokens[t];
            warnings.push(about(
                p,
                format!(
                    "ID {:?} cannot be written in a FEN ({why}); FEN writes this piece as '{}' for White and '{}' for Black",
                    p.id,
                    token,
                    token.to_lowercase()
                ),
            ));
        }
        let mut fen_ids: Vec<crate::variant::FenToken> = tokens
            .into_iter()
            .enumerate()
            .map(|(t, s)| crate::variant::FenToken {
                white: s.to_uppercase(),
                black: s.to_lowercase(),
                chars: s.chars().count(),
                t: t as u8,
            })
            .collect();
        fen_ids.sort_by_key(|f| std::cmp::Reverse(f.chars));
        let forward = [Color::White, Color::Black].map(|c| {
            let (dx, dy) = crate::variant::orient(0, 1, c, def.symmetry);
            geometry.offset(dx, dy)
        });
        let sandbox = setup.is_empty();
        let royal: Vec<bool> = (0..n).map(|t| def.royal.contains(&t)).collect();
        let burn_zone = match &def.rules.burn_zone {
            None => None,
            Some(d) => match crate::rules::burn_steps(d) {
                Ok(steps) => Some(steps),
                Err(e) => {
                    warnings.push(
                        Diagnostic::warning(format!("burnZone '{d}': {e}; nothing burns"))
                            .in_parameter("burnZone"),
                    );
                    None
                }
            },
        };
        let extra = crate::rules::Extra {
            hand_swap: def.hand_swap,
            repetition: def.rules.repetition,
            move_rule: def.rules.move_rule,
            burn_zone,
        };
        let (mut rules, rule_warnings) = crate::rules::RuleSet::compile(
            &def.rules,
            def.capture_matrix.as_ref(),
            &ids,
            &royal,
            &extra,
        );
        warnings.extend(rule_warnings);
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
            bitboard_moves: false,
            rules,
            forward,
            name: name.to_string(),
            keys: crate::position::zobrist::Keys::new(n, geometry.cells),
            geometry,
            symmetry: def.symmetry,
            pieces,
            template,
            playable,
            setup,
            setup_cells,
            initial_hand,
            holdings_type: def.holdings_type,
            // With holdingsType=1 the hand is a promotion reserve, except on a board that
            // starts empty: such a definition is a sandbox (the Interactive Diagram Piece Lab
            // keeps every piece in hand) and its pieces enter play by being dropped.
            drops: def.holdings_type != 1 || sandbox,
            promo_from_zone: def.rules.promo_from_zone,
            piece_values: def.rules.piece_values.clone(),
            demote_promoted: def.rules.demote_promoted,
            // `extinction=` has no published value syntax; any value but 0 switches it on.
            any_royal_loses: def.rules.extinction.as_deref().is_some_and(|v| v != "0"),
            shuffle: def.rules.shuffle.clone(),
            about: def.about(),
            shades: ["lightShade", "darkShade"].map(|k| def.param(k).map(|s| s.trim().to_string())),
            promo_rules,
            attack,
            fen_ids,
            bitboard: None,
            source: std::sync::Arc::new(def.clone()),
        };
        let paths = variant.fast_paths();
        variant.plain_rules = paths.plain_rules.is_ok();
        variant.end_rules = paths.end_rules;
        if paths.bitboard.is_ok() {
            variant.bitboard = crate::bitboard::Generator::build(&variant);
        }
        variant.bitboard_moves = paths.bitboard_moves.is_ok() && variant.bitboard.is_some();
        let pawn_like = super::value::pawn_like(&variant);
        for (p, like) in variant.pieces.iter_mut().zip(pawn_like) {
            p.pawn_like = like;
        }
        Ok((variant, warnings))
    }
}
