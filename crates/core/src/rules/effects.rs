//! The ruled path of move generation and the rules layer's part of make: capture
//! filters, capture effects (promotion by capture, contagion, kamikaze, explosions,
//! burning, spells), game results decided on the board. Variants whose [`RuleSet`]
//! affects no move never come here (see [`Variant::plain_rules`]).
//!
//! Legality here is judged by playing the move: after it, the mover must not have lost a
//! royal, and (unless the opponent lost one) no royal of the mover may be capturable by an
//! opponent's capture that the rules allow and that does not destroy the capturer's own
//! royal. This is the atomic-chess notion of check, and the plain one when nothing explodes.
//!
//! [`RuleSet`]: crate::rules::RuleSet
//! [`Variant::plain_rules`]: crate::Variant::plain_rules

use crate::game::{outcome_for, stalemate_result, GameResult, Reason};
use crate::movegen::DropMate;
use crate::position::moves::{Move, MoveKind, MoveList, MAX_VICTIMS, NO_PROMOTION};
use crate::position::{Pending, Position, Undo};
use crate::rules::{has, Effect, SpellKind, TypeSet};
use crate::variant::geometry::Square;
use crate::variant::{cell_color, cell_type, is_piece, piece_cell, Cell, Color, Role, EMPTY, OFF};
use idiagram::Target;

/// The moves [`Position::captures_hitting_kept`] makes room for at once (see there).
const LIST_ROOM: usize = 40;

/// What make needs to know about a move before the board changes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Before {
    pub mover_type: Role,
    pub from_virgin: bool,
    /// The piece on the destination before the move (not for castling or unload).
    pub dest: Option<Cell>,
    /// Captured pieces other than on the destination: locust and e.p. victims.
    pub others: [(u16, Cell); MAX_VICTIMS],
    pub n_others: usize,
    pub royals: [usize; 2],
    /// A primed atom's move: the capture matrix does not apply.
    pub exempt: bool,
}

impl Before {
    fn victims(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        self.others[..self.n_others]
            .iter()
            .map(|&(s, c)| (Square::unpack(s), c))
    }
}

/// The matrix cell for a move (none for a primed atom's move).
fn effect_of(rules: &crate::rules::RuleSet, b: &Before, t: Role, target: Target) -> Effect {
    if b.exempt {
        Effect::Normal
    } else {
        rules.effect(t.index(), target)
    }
}

fn target(cell: Cell, mover: Color) -> Target {
    if cell_color(cell) == mover {
        Target::Friend(cell_type(cell).index())
    } else {
        Target::Enemy(cell_type(cell).index())
    }
}

impl Position {
    pub(crate) fn before_move(&self, m: &Move) -> Before {
        let mut b = Before {
            mover_type: m.piece(),
            from_virgin: self.virgin[m.from()],
            dest: None,
            others: [(0, EMPTY); MAX_VICTIMS],
            n_others: 0,
            royals: [self.royals[0].len(), self.royals[1].len()],
            exempt: m.is_exempt(),
        };
        match m.kind {
            MoveKind::Castle => {}
            MoveKind::Drop => {
                let c = self.board[m.to()];
                b.dest = is_piece(c).then_some(c);
            }
            // One answer to "what does this move take" (`Position::victims`): the e.p.
            // victim is never on the destination, so it joins the locust victims.
            MoveKind::Normal | MoveKind::EnPassant => {
                for &v in self.victims(m).iter() {
                    if v == m.to() {
                        b.dest = Some(self.board[v]);
                    } else if b.n_others < MAX_VICTIMS {
                        b.others[b.n_others] = (v.pack(), self.board[v]);
                        b.n_others += 1;
                    }
                }
            }
        }
        b
    }

    /// The square `step` away from `sq` as `color` sees it, if on the board.
    fn zone_square(&self, sq: Square, (dx, dy): (i8, i8), color: Color) -> Option<Square> {
        let v = &*self.variant;
        let (dx, dy) = crate::variant::orient(dx, dy, color, v.symmetry);
        let c = v.geometry.coord(sq)?;
        let f = c.file as i32 + dx;
        let r = c.rank as i32 + dy;
        if f < 0 || r < 0 || f >= v.geometry.files as i32 || r >= v.geometry.ranks as i32 {
            return None;
        }
        let s = v
            .geometry
            .square(crate::coord::Coord::new(f as u8, r as u8));
        (v.template[s] != OFF).then_some(s)
    }

    /// A caster of `caster_color` has `sq` in its spell zone.
    fn in_spell_zone(&self, sq: Square, caster_color: Color) -> bool {
        let v = &*self.variant;
        let rules = &v.rules;
        if rules.casters == 0 {
            return false;
        }
        rules.spell_zone.iter().any(|&(dx, dy)| {
            // Zones are point-symmetric, so the caster stands one zone step away.
            self.zone_square(sq, (dx, dy), caster_color)
                .is_some_and(|s| {
                    let c = self.board[s];
                    is_piece(c) && cell_color(c) == caster_color && has(rules.casters, cell_type(c))
                })
        })
    }

    /// The piece on `sq` (of `color`) cannot move: an enemy caster freezes it.
    fn frozen(&self, sq: Square, color: Color) -> bool {
        self.variant.rules.spell == Some(SpellKind::Freeze) && self.in_spell_zone(sq, color.flip())
    }

    /// Whether the rules let `by` make the captures of `m` (matrix `!`/`?`/`$`, iron,
    /// antiTrade, counterStrike, protecting spells). Game rules that need the move played
    /// (`%`, `protected`, royal safety) are judged elsewhere.
    pub(crate) fn capture_allowed(&self, m: &Move, by: Color) -> bool {
        self.captures_allowed(m, &self.before_move(m), by)
    }

    /// [`capture_allowed`](Self::capture_allowed) with the move's [`Before`] at hand.
    fn captures_allowed(&self, m: &Move, b: &Before, by: Color) -> bool {
        let rules = &self.variant.rules;
        let t = b.mover_type;
        let dest = b.dest.map(|c| (m.to(), c));
        for (sq, cell) in dest.into_iter().chain(b.victims()) {
            if !is_piece(cell) {
                continue;
            }
            if m.kind == MoveKind::Drop {
                // A hand swap replaces a friend: not a capture.
                continue;
            }
            let vt = cell_type(cell);
            let e = effect_of(rules, b, t, target(cell, by));
            if matches!(e, Effect::Forbidden | Effect::NoCaptureNoHop)
                || has(rules.iron, vt)
                || (has(rules.anti_trade, t) && has(rules.anti_trade, vt))
                || (has(rules.counter_strike, vt) && has(self.game.captured_last, vt))
                || (rules.spell == Some(SpellKind::Protect)
                    && self.in_spell_zone(sq, cell_color(cell)))
            {
                return false;
            }
        }
        true
    }

    /// Remove the mover after an effect that destroys it.
    fn remove_mover(&mut self, undo: &mut Undo, to: Square, us: Color) {
        let c = self.board[to];
        if is_piece(c) && cell_color(c) == us {
            self.change(undo, to, EMPTY);
        }
    }

    /// The capture matrix's and spells' effects of a move just placed on the board (the
    /// side to move is still the mover). True when they removed a piece (which restarts
    /// the move clock, as a capture does).
    pub(crate) fn apply_effects(&mut self, undo: &mut Undo, m: &Move, b: &Before) -> bool {
        let pieces_before = self.lists[0].squares.len() + self.lists[1].squares.len();
        self.effects(undo, m, b);
        self.lists[0].squares.len() + self.lists[1].squares.len() < pieces_before
    }

    fn effects(&mut self, undo: &mut Undo, m: &Move, b: &Before) {
        let variant = self.variant.clone();
        let rules = &variant.rules;
        let us = self.side;
        let to = m.to();
        let mut captured: TypeSet = 0;
        match m.kind {
            MoveKind::Castle => {
                self.game.captured_last = 0;
                return;
            }
            MoveKind::Drop => {
                // handSwap: the replaced friend goes to the hand.
                if let Some(c) = b.dest {
                    self.change_hand(undo, us, cell_type(c), 1);
                }
                self.game.captured_last = 0;
                return;
            }
            _ => {}
        }
        let t = b.mover_type;
        let dest = match b.dest {
            Some(c) => effect_of(rules, b, t, target(c, us)),
            None => effect_of(rules, b, t, Target::Empty),
        };
        let mut kamikaze = dest == Effect::Kamikaze;
        let mut explode = dest == Effect::Explode;
        let mut becomes: Option<Cell> = match dest {
            Effect::Promote(x) => Some(piece_cell(Role::from_byte(x), us)),
            Effect::EnemyPromote(x) => Some(piece_cell(Role::from_byte(x), us.flip())),
            _ => None,
        };
        for (_, cell) in b.dest.map(|c| (to, c)).into_iter().chain(b.victims()) {
            if !is_piece(cell) {
                continue;
            }
            let vt = cell_type(cell);
            captured |= 1u128 << vt.index().min(127);
            let e = effect_of(rules, b, t, target(cell, us));
            kamikaze |= e == Effect::Kamikaze;
            explode |= e == Effect::Explode;
            if has(rules.contagious, vt) && !has(rules.immune, t) && cell_color(cell) != us {
                becomes = Some(piece_cell(vt, us));
            }
        }
        self.game.captured_last = captured;
        let here = self.board[to];
        if let Some(new) = becomes {
            if is_piece(here) && cell_color(here) == us && new != here {
                self.change(undo, to, new);
            }
        }
        if explode {
            if let Some(zone) = &rules.burn {
                for &step in zone {
                    if let Some(sq) = self.zone_square(to, step, us) {
                        let c = self.board[sq];
                        if is_piece(c) && cell_color(c) != us {
                            self.capture(undo, sq);
                        }
                    }
                }
            } else {
                let spare = rules.atomic_spare as usize;
                for &step in &rules.blast {
                    if let Some(sq) = self.zone_square(to, step, us) {
                        let c = self.board[sq];
                        if !is_piece(c) {
                            continue;
                        }
                        let dies = if spare == 0 {
                            cell_color(c) != us
                        } else {
                            cell_type(c).index() >= spare
                        };
                        if dies {
                            self.capture(undo, sq);
                        }
                    }
                }
                if spare > 0 {
                    self.remove_mover(undo, to, us);
                }
            }
        }
        if kamikaze {
            self.remove_mover(undo, to, us);
        }
        if rules.spell == Some(SpellKind::Burn) {
            let c = self.board[to];
            if is_piece(c) && cell_color(c) == us && self.in_spell_zone(to, us.flip()) {
                self.remove_mover(undo, to, us);
            }
        }
        if let Some(ct) = rules.conversion {
            if t == Role::from_byte(ct) && b.from_virgin && self.game.conversion[us.index()] == 0 {
                self.game.conversion[us.index()] = 1 + self.shade(to);
            }
        }
    }

    /// 0 or 1: the colour of a square.
    fn shade(&self, sq: Square) -> u8 {
        u8::from(self.variant.coord(sq).is_dark())
    }

    /// No piece of a baring type left (with a baring rule).
    fn bare(&self, c: Color) -> bool {
        let baring = self.variant.rules.baring;
        self.lists[c.index()]
            .squares
            .iter()
            .all(|&s| !has(baring, cell_type(self.board[s])))
    }

    /// After `mover` played `m` (side already switched): the game results the board decides.
    pub(crate) fn judge(&mut self, mover: Color, m: &Move, b: &Before) {
        let variant = self.variant.clone();
        let rules = &variant.rules;
        let them = mover.flip();
        let lost = |pos: &Position, c: Color| {
            let before = b.royals[c.index()];
            let now = pos.royals[c.index()].len();
            if variant.any_royal_loses {
                now < before
            } else {
                before > 0 && now == 0
            }
        };
        let pending = self.game.pending.take();
        if lost(self, mover) {
            self.game.decided = Some(GameResult::win(them, Reason::RoyalCaptured));
            return;
        }
        if lost(self, them) {
            self.game.decided = Some(GameResult::win(mover, Reason::RoyalCaptured));
            return;
        }
        let landed = {
            let c = self.board[m.to()];
            if m.kind != MoveKind::Castle && is_piece(c) && cell_color(c) == mover {
                rules.win_mark(cell_type(c).index(), mover.index(), m.to())
            } else {
                0
            }
        };
        let baring = rules.baring != 0;
        match pending {
            Some(Pending::Bared { by }) if by == them => {
                if baring && !self.bare(mover) {
                    // The after-move brought a baring piece back (a drop): play on.
                } else if baring && self.bare(them) {
                    // `counterbare=loss`: a loss for the side bared first, the mover.
                    self.game.decided =
                        Some(outcome_for(mover, rules.counterbare, Reason::CounterBared));
                } else {
                    self.game.decided = Some(GameResult::win(them, Reason::Bared));
                }
                return;
            }
            Some(Pending::WinSquare { by }) if by == them => {
                self.game.decided = Some(if landed == 1 {
                    GameResult::draw(Reason::WinSquare)
                } else {
                    GameResult::win(them, Reason::WinSquare)
                });
                return;
            }
            _ => {}
        }
        if landed == 2 {
            self.game.decided = Some(GameResult::win(mover, Reason::WinSquare));
            return;
        }
        if landed == 1 {
            self.game.pending = Some(Pending::WinSquare { by: mover });
            return;
        }
        if baring {
            match (self.bare(mover), self.bare(them)) {
                (true, true) => {
                    self.game.decided = Some(GameResult::draw(Reason::CounterBared));
                }
                (true, false) => {
                    self.game.decided = Some(GameResult::win(them, Reason::Bared));
                }
                (false, true) => self.game.pending = Some(Pending::Bared { by: mover }),
                (false, false) => {}
            }
        }
    }

    /// The rules state of a position set up from scratch (start or FEN): a side already
    /// bare is judged as if just bared.
    pub(crate) fn init_game_state(&mut self) {
        self.game = Default::default();
        if self.variant.rules.baring == 0 {
            return;
        }
        let stm = self.side;
        match (self.bare(stm), self.bare(stm.flip())) {
            (true, true) => self.game.decided = Some(GameResult::draw(Reason::CounterBared)),
            (true, false) => self.game.pending = Some(Pending::Bared { by: stm.flip() }),
            (false, true) => self.game.decided = Some(GameResult::win(stm, Reason::Bared)),
            (false, false) => {}
        }
    }

    /// Legal moves of a ruled variant (or of a decided position: none).
    pub(crate) fn ruled_legal_moves(&mut self, out: &mut MoveList) {
        out.clear();
        if self.game.decided.is_some() {
            return;
        }
        self.ruled_candidates_into(out);
        self.keep_ruled_legal(out);
    }

    /// The moves the rules layer judges: the pseudo-legal ones with the rules' additions.
    pub(crate) fn ruled_candidates_into(&self, out: &mut MoveList) {
        self.pseudo_moves_into(out);
        self.expand_rule_moves(out);
    }

    /// Keep the moves of `out` the rules layer allows, in order.
    pub(crate) fn keep_ruled_legal(&mut self, out: &mut MoveList) {
        let mut w = 0;
        for r in 0..out.len() {
            let m = out[r];
            if self.ruled_legal(&m, DropMate::Judge) {
                out[w] = m;
                w += 1;
            }
        }
        out.truncate(w);
    }

    /// Moves the rules add: optional promotion by capture (`|`), hand swaps.
    pub(crate) fn expand_rule_moves(&self, out: &mut MoveList) {
        let v = &*self.variant;
        let rules = &v.rules;
        let us = self.side;
        let n = out.len();
        for i in 0..n {
            let m = out[i];
            if m.kind != MoveKind::Normal || m.is_promotion() || m.is_exempt() {
                continue;
            }
            let c = self.board[m.to()];
            let e = if self.captures_at_end(&m) {
                rules.effect(m.piece().index(), target(c, us))
            } else {
                rules.effect(m.piece().index(), Target::Empty)
            };
            if e == Effect::OptionalPromote {
                if let Some(p) = v.pieces[m.piece()].promoted {
                    out.push(Move { promotion: p, ..m });
                }
            }
        }
        if rules.hand_swap {
            for t in 0..v.pieces.len() {
                if self.hands[us.index()][t] == 0 {
                    continue;
                }
                for &sq in &self.lists[us.index()].squares {
                    let u = cell_type(self.board[sq]);
                    if u.index() != t && v.pieces[u].id == v.pieces[t].id {
                        out.push(Move {
                            kind: MoveKind::Drop,
                            from: sq.pack(),
                            to: sq.pack(),
                            extra: [0; MAX_VICTIMS],
                            victims: 0,
                            piece: t as u8,
                            promotion: NO_PROMOTION,
                            ep_square: 0,
                            unload: 0,
                            relay: 0,
                        });
                    }
                }
            }
        }
    }

    /// Whether a pseudo-legal move (with rule moves) of the side to move is legal in a
    /// ruled variant (with the drop-mate rule judged or not, see [`DropMate`]).
    pub(crate) fn ruled_legal(&mut self, m: &Move, drop_mate: DropMate) -> bool {
        let v = self.variant.clone();
        let rules = &v.rules;
        let us = self.side;
        let them = us.flip();
        let b = self.before_move(m);
        if self.game.decided.is_some() || !self.captures_allowed(m, &b, us) {
            return false;
        }
        if m.kind != MoveKind::Drop && self.frozen(m.from(), us) {
            return false;
        }
        if let Some(ct) = rules.conversion {
            let g = self.game.conversion[us.index()];
            if m.piece == ct
                && m.kind == MoveKind::Normal
                && self.virgin[m.from()]
                && g != 0
                && g == 1 + self.shade(m.to())
            {
                return false;
            }
        }
        if m.kind == MoveKind::Castle && v.pieces[m.piece()].royal && !self.castle_path_safe(m) {
            return false;
        }
        // Trading rules judged with the move played: the capturer must not be recapturable.
        let t = b.mover_type;
        let mut guarded = false;
        let mut lion_trade = false;
        let mut gain = 0u32;
        for (_, cell) in b.dest.map(|c| (m.to(), c)).into_iter().chain(b.victims()) {
            if !is_piece(cell) || cell_color(cell) == us || m.kind == MoveKind::Drop {
                continue;
            }
            let vt = cell_type(cell);
            if effect_of(rules, &b, t, target(cell, us)) == Effect::ForbiddenIfProtected {
                guarded = true;
            }
            if has(rules.protected, t) && has(rules.protected, vt) {
                lion_trade = true;
            } else {
                gain += rules.value(&v, vt.index());
            }
        }
        if lion_trade {
            if let Some(th) = rules.trade_threshold {
                if gain >= rules.value(&v, th as usize) {
                    lion_trade = false;
                }
            }
        }
        let undo = self.make(m);
        let ok = match self.game.decided {
            Some(r) if r.reason == Reason::RoyalCaptured && r.winner == Some(them) => false,
            Some(r) if r.reason == Reason::RoyalCaptured => true,
            _ => {
                !self.royal_danger_ruled(us)
                    && !((guarded || lion_trade) && self.capturable(m.to(), them))
                    && !(drop_mate == DropMate::Judge && self.drop_mated(m))
            }
        };
        self.unmake(m, undo);
        ok
    }

    /// After a move: could `by` capture the piece on `sq` by a capture the rules allow?
    fn capturable(&mut self, sq: Square, by: Color) -> bool {
        let c = self.board[sq];
        if !is_piece(c) || cell_color(c) == by {
            return false;
        }
        self.captures_hitting(&[sq], by) != 0
    }

    /// Whether `color` has a royal in danger: capturable by an opponent's capture the
    /// rules allow (as `extinction` says: any royal, or all of them).
    pub(crate) fn royal_danger_ruled(&mut self, color: Color) -> bool {
        if let Some(danger) = self.royal_danger_ruled_kept(color) {
            return danger;
        }
        if self.royals[color.index()].is_empty() {
            return false;
        }
        let royals = self.royals[color.index()].clone();
        let hit = self.captures_hitting(&royals, color.flip());
        self.royal_hit_decides(color, hit)
    }

    /// [`Self::royal_danger_ruled`] without changing the position, where no capture can
    /// cost its maker a royal (then no capture needs playing to be judged); None in the
    /// variants where one can. `in_check` asked the rules layer on a copy of the whole
    /// position: in Mighty-Lion Chess the copies cost 5% of a search's instructions.
    pub(crate) fn royal_danger_ruled_kept(&self, color: Color) -> Option<bool> {
        if self.suicidal() {
            return None;
        }
        let royals = &self.royals[color.index()];
        Some(
            !royals.is_empty()
                && self.royal_hit_decides(
                    color,
                    self.captures_hitting_kept(royals, color.flip(), true, None),
                ),
        )
    }

    /// Whether the royals hit (`hit`, bit per royal of `color`) decide the danger: any
    /// of them, or all, as the royalty rule says.
    fn royal_hit_decides(&self, color: Color, hit: u64) -> bool {
        if self.variant.any_royal_loses {
            hit != 0
        } else {
            hit.count_ones() as usize == self.royals[color.index()].len()
        }
    }

    /// Whether a capture may cost its maker a royal (explosions, burning, destroying the
    /// mover): such a capture is judged by playing it.
    fn suicidal(&self) -> bool {
        self.variant.rules.suicidal
    }

    /// Which of `targets` (bit per index) `by` can capture with a capture the rules allow
    /// and that does not cost `by` a royal of its own.
    fn captures_hitting(&mut self, targets: &[Square], by: Color) -> u64 {
        self.captures_hitting_by(targets, by, true)
    }

    /// [`Self::captures_hitting`], asking the attack table first (`prefilter`) or running
    /// every piece's generator (the definition, which the tests hold the table to).
    fn captures_hitting_by(&mut self, targets: &[Square], by: Color, prefilter: bool) -> u64 {
        let mut doubtful = self.suicidal().then(MoveList::new);
        let hit = self.captures_hitting_kept(targets, by, prefilter, doubtful.as_mut());
        match doubtful {
            Some(list) => self.confirm_hits(targets, by, hit, &list),
            None => hit,
        }
    }

    /// The captures of `doubtful` that hit targets not yet in `hit` and do not cost `by`
    /// a royal (played to see), added to `hit`.
    fn confirm_hits(
        &mut self,
        targets: &[Square],
        by: Color,
        mut hit: u64,
        doubtful: &MoveList,
    ) -> u64 {
        for m in doubtful {
            let hits = Self::hit_bits(&self.victims(m), targets);
            if hits & !hit != 0 && !self.costs_own_royal(m, by) {
                hit |= hits;
            }
        }
        hit
    }

    /// The bits of `targets` (by index) among a move's victims.
    fn hit_bits(victims: &[Square], targets: &[Square]) -> u64 {
        let mut hits = 0u64;
        for (i, t) in targets.iter().enumerate().take(64) {
            if victims.contains(t) {
                hits |= 1 << i;
            }
        }
        hits
    }

    /// The search of [`Self::captures_hitting_by`] over the position as it stands: the
    /// allowed captures that hit a target not yet hit. With `doubtful`, captures that might
    /// cost `by` a royal are left there for [`Self::confirm_hits`] instead of counted.
    fn captures_hitting_kept(
        &self,
        targets: &[Square],
        by: Color,
        prefilter: bool,
        mut doubtful: Option<&mut MoveList>,
    ) -> u64 {
        let mut hit = 0u64;
        let all = if targets.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << targets.len()) - 1
        };
        // Allocated at the first piece the attack table cannot rule out (most calls find
        // none), then with room for a lion's moves at once: a list grown move by move was
        // reallocated several times per call (1.5% of a Mighty-Lion search's
        // instructions). 40 moves stay within the allocator's per-thread cache (blocks up
        // to 1 kB); 64 did not and cost Atomic Chess 6% (BENCHMARKS.md, run 26).
        let mut list = MoveList::new();
        for &s in &self.lists[by.index()].squares {
            // The attack table rules most pieces out without running their generator
            // (the rules here only forbid captures, never add one); `None` asks it.
            if self.frozen(s, by)
                || (prefilter
                    && targets
                        .iter()
                        .all(|&t| self.table_attack(s, by, t) == Some(false)))
            {
                continue;
            }
            list.clear();
            list.reserve(LIST_ROOM);
            self.moves_from(s, &mut list);
            for m in &list {
                if m.kind == MoveKind::Castle {
                    continue;
                }
                let hits = Self::hit_bits(&self.victims(m), targets);
                if hits & !hit == 0 || !self.capture_allowed(m, by) {
                    continue;
                }
                if let Some(d) = doubtful.as_deref_mut() {
                    d.push(*m);
                    continue;
                }
                hit |= hits;
                if hit == all {
                    return hit;
                }
            }
        }
        hit
    }

    /// Playing `m` (a move of `by`) would destroy one of `by`'s royals.
    fn costs_own_royal(&mut self, m: &Move, by: Color) -> bool {
        let side = self.side;
        if side != by {
            self.set_side(by);
        }
        let before = self.royals[by.index()].len();
        let undo = self.make(m);
        let after = self.royals[by.index()].len();
        self.unmake(m, undo);
        if side != by {
            self.set_side(side);
        }
        if self.variant.any_royal_loses {
            after < before
        } else {
            before > 0 && after == 0
        }
    }

    /// Why the move `m` of the side to move (a move its piece can make, as
    /// [`pseudo_moves_into`](Self::pseudo_moves_into) lists them) is not legal, in words
    /// that name the variant's rule and the pieces; `None` when `m` is legal. The one
    /// explanation of a refusal: the notation's errors (`parse_uci`) and the web diagram's
    /// messages both print it, so a rule's wording lives in one place.
    ///
    /// The rules are asked in the order the legality test asks them: the game is over; the
    /// capture matrix, `iron`, `antiTrade`, `counterStrike` or a protecting spell forbid a
    /// capture; a spell freezes the mover; conversion; castling out of or through check;
    /// the move destroys the mover's own royal or leaves one attacked; `dropNoMate`; and
    /// last, by elimination, the trading rules (the capturer could be recaptured).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use fairyboard_core::{MoveList, Position, Variant};
    /// let text = include_str!("../../../../variants/chess.txt");
    /// let (chess, _) = Variant::from_definition("chess", text).unwrap();
    /// // The e2 knight is pinned to its king by the e7 rook.
    /// let fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    /// let mut pos = Position::from_fen(Arc::new(chess), fen).unwrap();
    /// let mut moves = MoveList::new();
    /// pos.pseudo_moves_into(&mut moves);
    /// let nc3 = moves.iter().find(|m| pos.variant().uci(m) == "e2c3").copied().unwrap();
    /// assert_eq!(pos.why_illegal(&nc3).as_deref(), Some("it leaves your king in check"));
    /// let kd1 = moves.iter().find(|m| pos.variant().uci(m) == "e1d1").copied().unwrap();
    /// assert_eq!(pos.why_illegal(&kd1), None);
    /// ```
    pub fn why_illegal(&mut self, m: &Move) -> Option<String> {
        if self.is_legal(m) {
            return None;
        }
        let v = self.variant.clone();
        let rules = &v.rules;
        let us = self.side;
        let them = us.flip();
        if let Some(r) = self.game.decided {
            return Some(format!("the game is over ({r})"));
        }
        let b = self.before_move(m);
        let t = b.mover_type;
        let mover = &v.pieces[t].name;
        for (sq, cell) in b.dest.map(|c| (m.to(), c)).into_iter().chain(b.victims()) {
            if !is_piece(cell) || m.kind == MoveKind::Drop {
                continue;
            }
            let vt = cell_type(cell);
            let victim = &v.pieces[vt].name;
            let e = effect_of(rules, &b, t, target(cell, us));
            let why = if matches!(e, Effect::Forbidden | Effect::NoCaptureNoHop) {
                format!("the capture matrix forbids a {mover} to take a {victim}")
            } else if has(rules.iron, vt) {
                format!("the {victim} is iron (it cannot be captured)")
            } else if has(rules.anti_trade, t) && has(rules.anti_trade, vt) {
                format!("a {mover} may not take a {victim} (antiTrade)")
            } else if has(rules.counter_strike, vt) && has(self.game.captured_last, vt) {
                format!("a {victim} was just captured, so this {victim} may not be (counterStrike)")
            } else if rules.spell == Some(SpellKind::Protect)
                && self.in_spell_zone(sq, cell_color(cell))
            {
                format!("the {victim} is protected by a spell")
            } else {
                continue;
            };
            return Some(why);
        }
        if m.kind != MoveKind::Drop && self.frozen(m.from(), us) {
            return Some(format!("the {mover} is frozen by a spell"));
        }
        if rules.conversion == Some(m.piece) && m.kind == MoveKind::Normal && self.virgin[m.from()]
        {
            let g = self.game.conversion[us.index()];
            if g != 0 && g == 1 + self.shade(m.to()) {
                return Some(format!(
                    "the conversion rule sends this {mover} to the other square colour"
                ));
            }
        }
        let castles = m.kind == MoveKind::Castle && v.pieces[t].royal;
        if castles && self.is_attacked(m.from(), them) {
            return Some(format!("the {mover} may not castle out of check"));
        }
        if castles && !self.castle_path_safe(m) {
            return Some(format!(
                "the {mover} may not castle through a square the opponent attacks"
            ));
        }
        let own = self.royals[us.index()]
            .first()
            .map_or("royal piece", |&r| {
                v.pieces[cell_type(self.board[r])].name.as_str()
            })
            .to_string();
        let undo = self.make(m);
        let why = if matches!(self.game.decided,
            Some(r) if r.reason == Reason::RoyalCaptured && r.winner == Some(them))
        {
            Some(format!("it destroys your own {own}"))
        } else if self.royal_danger_either(us) {
            let royals = self.royals[us.index()].clone();
            let hit = if v.plain_rules {
                royals.iter().position(|&r| self.is_attacked(r, them))
            } else {
                let bits = self.captures_hitting(&royals, them);
                (bits != 0).then(|| bits.trailing_zeros() as usize)
            };
            let royal = hit.map_or(own, |i| {
                v.pieces[cell_type(self.board[royals[i]])].name.clone()
            });
            Some(if castles {
                format!("the {royal} may not castle into check")
            } else {
                format!("it leaves your {royal} in check")
            })
        } else if self.drop_mated(m) {
            Some(format!(
                "a {mover} may not be dropped to give mate (dropNoMate)"
            ))
        } else {
            None
        };
        self.unmake(m, undo);
        // What is left of the legality test is the trading rules: a capture the capture
        // matrix allows only of an unprotected piece (`%`), or a trade of `protected` pieces.
        Some(why.unwrap_or_else(|| {
            format!("the {mover} could be recaptured there, which the trading rules forbid")
        }))
    }

    /// Whether `color`'s royals are in the danger a legal move must not leave them in, by
    /// the test the variant's legality uses (the plain one or the rules layer's).
    fn royal_danger_either(&mut self, color: Color) -> bool {
        if self.variant.plain_rules {
            self.royal_danger(color)
        } else {
            self.royal_danger_ruled(color)
        }
    }

    /// The result of the game as this position decides it (checkmate, stalemate, royal
    /// captured, baring, win squares); `None` while the game goes on. Repetition and the
    /// move rule need the history: see [`crate::game::Game`].
    pub fn outcome(&mut self) -> Option<GameResult> {
        if let Some(r) = self.game.decided {
            return Some(r);
        }
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        if !list.is_empty() {
            return None;
        }
        let side = self.side;
        let in_danger = if self.variant.plain_rules {
            self.royal_danger(side)
        } else {
            self.royal_danger_ruled(side)
        };
        Some(if in_danger {
            GameResult::win(side.flip(), Reason::Checkmate)
        } else {
            stalemate_result(side, self.variant.rules.stalemate)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix;
    use std::sync::Arc;

    /// Random games under rule-heavy definitions: whether a side can capture the other's
    /// royals (and each square next to them) is the same when the attack table rules
    /// pieces out first as when every piece's generator runs.
    #[test]
    fn the_attack_table_prefilter_changes_no_answer() {
        let elven = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/compat/corpus/004_elven-chess-mcmtc.txt"
        ))
        .unwrap();
        let army = "pawn:P:fmWfceFifmnD::a2-h2\nknight:N:N::b1,g1\nbishop:B:B::c1,f1\n\
                    rook:R:R::a1,h1\nqueen:Q:Q::d1\nking:K:KisO2::e1\n";
        let mut defs = vec![elven];
        for rules in [
            "protected=4\ncounterStrike=2\niron=1",
            "captureMatrix=/.^6/./.$6\ntrackPieces=4\nspell=protect",
            "spell=freeze\ntrackPieces=2\ntrackedTypes=1\nspellZone=N",
            "extinction=1\nroyal=2",
        ] {
            defs.push(format!("files=8\nranks=8\n{rules}\n{army}"));
            // Lions instead of bishops: captures only the generator can judge (locust).
            let lions = army.replace("bishop:B:B:", "lion:L:KNADcaKcabK:");
            defs.push(format!("files=8\nranks=8\n{rules}\n{lions}"));
        }
        let mut rng = SplitMix(7);
        let mut checked = 0;
        for def in &defs {
            let (variant, _) = crate::Variant::from_definition("t", def).unwrap();
            let variant = Arc::new(variant);
            for _game in 0..3 {
                let mut pos = Position::start(variant.clone());
                for _ply in 0..40 {
                    // Each piece alone (a set is ruled out only when all its squares
                    // are), and the royals together as check asks.
                    for by in Color::BOTH {
                        let them = by.flip();
                        let mut sets: Vec<Vec<Square>> =
                            pos.pieces(them).iter().map(|&t| vec![t]).collect();
                        sets.push(pos.royals(them).to_vec());
                        for targets in sets {
                            let fast = pos.captures_hitting_by(&targets, by, true);
                            let slow = pos.captures_hitting_by(&targets, by, false);
                            assert_eq!(fast, slow, "{:?} by {by:?}: {}", targets, pos.to_fen());
                            checked += usize::from(slow != 0);
                        }
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    pos.make(&m);
                }
            }
        }
        // Captures were found, not only their absence.
        assert!(checked > 500, "{checked}");
    }
}
