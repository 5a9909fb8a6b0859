//! Legality: whether a pseudo-legal move leaves the mover's royals safe, the legal move
//! list (by the bitboard generator where the gate allows, else the generic one), and
//! checkmate/stalemate [`Status`].

use crate::movegen::attack::Attack;
use crate::position::moves::{Move, MoveKind, MoveList, MAX_VICTIMS, NO_PROMOTION};
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{cell_type, Cell, Color, EMPTY, OFF};

impl Position {
    /// Whether a pseudo-legal move of the side to move is legal.
    pub fn is_legal(&mut self, m: &Move) -> bool {
        self.legal_judged(m, DropMate::Judge)
    }

    /// [`is_legal`](Self::is_legal), with the drop-mate rule judged or not (see
    /// [`DropMate`]).
    fn legal_judged(&mut self, m: &Move, drop_mate: DropMate) -> bool {
        if !self.variant.plain_rules || self.game.decided.is_some() {
            return self.ruled_legal(m, drop_mate);
        }
        let us = self.side;
        if self.royals[us.index()].is_empty() && !self.adds_royal(m) {
            return true;
        }
        if m.kind == MoveKind::Castle
            && self.variant.pieces[m.piece()].royal
            && !self.castle_path_safe(m)
        {
            return false;
        }
        // A lone royal stepping somewhere: is that square attacked with the royal gone?
        if m.kind == MoveKind::Normal
            && m.locust().is_empty()
            && m.unload == 0
            && m.relay == 0
            && !m.is_promotion()
            && self.royals[us.index()].len() == 1
            && self.royals[us.index()][0] == m.from()
        {
            if let Some(attacked) = self.attacked_without(m.to(), us.flip(), m.from()) {
                return !attacked;
            }
        }
        let undo = self.make(m);
        let bad = self.royal_danger(us) || (drop_mate == DropMate::Judge && self.drop_mated(m));
        self.unmake(m, undo);
        !bad
    }

    /// Whether `m` brings a royal onto the board: a royal dropped from hand (Sittuyin's and
    /// Placement Chess's kings start in hand) or a promotion to a royal type. A side with no
    /// royal on the board has nothing to keep safe, except from such a move: a King may not
    /// be put where it stands attacked, as the FIDE Laws (article 3.9) say of any King move.
    fn adds_royal(&self, m: &Move) -> bool {
        let pieces = &self.variant.pieces;
        (m.kind == MoveKind::Drop && pieces[m.piece()].royal)
            || m.promoted_to().is_some_and(|p| pieces[p].royal)
    }

    /// With the move `m` just played: is it a drop that `dropNoMate` forbids because it
    /// checkmates? Only a drop that gives check pays for the look at the reply (on a copy,
    /// so the caller's sensitivity marks stay valid), and the look stops at the first
    /// legal reply.
    pub(crate) fn drop_mated(&self, m: &Move) -> bool {
        if m.kind != MoveKind::Drop || !self.variant.pieces[m.piece()].no_drop_mate {
            return false;
        }
        if !self.in_check() {
            return false;
        }
        !self.clone().has_reply()
    }

    /// Whether the side to move has a legal move, judged without the drop-mate rule.
    ///
    /// Shogi's uchifuzume forbids a pawn drop that checkmates: the question is whether
    /// the pawn's victim has a legal answer, and the answers are ordinary moves and
    /// drops. Judging a checking pawn drop among the answers by the same rule would ask
    /// the question again one ply deeper, for every such answer, which is exponential in
    /// the pawns in hand; so here every answer is judged by the royalty rule alone.
    fn has_reply(&mut self) -> bool {
        if self.game.decided.is_some() {
            return false;
        }
        let mut moves = MoveList::new();
        self.pseudo_moves_into(&mut moves);
        if !self.variant.plain_rules {
            self.expand_rule_moves(&mut moves);
        }
        moves.iter().any(|m| self.legal_judged(m, DropMate::Ignore))
    }

    /// FIDE castling conditions: not out of, through, or into check.
    pub(crate) fn castle_path_safe(&mut self, m: &Move) -> bool {
        let us = self.side;
        let from = m.from();
        let to = m.to();
        if self.is_attacked(from, us.flip()) {
            return false;
        }
        let dir: isize = if to > from { 1 } else { -1 };
        let mut sq = from + dir;
        while sq != to {
            let probe = Move {
                kind: MoveKind::Normal,
                from: from.pack(),
                to: sq.pack(),
                extra: [0; MAX_VICTIMS],
                victims: 0,
                piece: m.piece,
                promotion: NO_PROMOTION,
                ep_square: 0,
                unload: 0,
                relay: 0,
            };
            if self.board[sq] != EMPTY && sq != m.extra(0) {
                return false;
            }
            let undo = self.make(&probe);
            let attacked = self.is_attacked(sq, us.flip());
            self.unmake(&probe, undo);
            if attacked {
                return false;
            }
            sq += dir;
        }
        true
    }

    /// Mark the squares whose change could alter an attack on one of `us`'s royals:
    /// `stamp` where removing a piece matters, `stamp + 1` where adding one does too.
    /// Returns whether `us` is in royal danger now, or `None` when some attack is too
    /// complex to reason about (then every move is tested by make-and-test).
    pub(super) fn mark_sensitive(&mut self, us: Color) -> Option<bool> {
        let them = us.flip();
        self.stamp = self.stamp.wrapping_add(2);
        if self.stamp < 2 {
            self.sensitive.iter_mut().for_each(|s| *s = 0);
            self.stamp = 2;
        }
        let stamp = self.stamp;
        self.hop_marks = false;
        let v = &*self.variant;
        let mut attacked = 0;
        for &r in &self.royals[us.index()] {
            let mut hit = false;
            for &s in &self.lists[them.index()].squares {
                let t = cell_type(self.board[s]);
                let table = &v.attack[t][them.index()];
                match table.get(r - s) {
                    Attack::None => {}
                    Attack::Leap => hit = true,
                    Attack::Ray(off) => {
                        hit |= mark_line(&mut self.sensitive, &self.board, s + off, r, off, stamp)
                    }
                    Attack::Hop(off) => {
                        let mut cur = s + off;
                        let mut screens = 0;
                        while cur != r {
                            self.sensitive[cur] = stamp + 1;
                            screens += usize::from(self.board[cur] != EMPTY);
                            cur += off;
                        }
                        hit |= screens == 1;
                        self.hop_marks = true;
                    }
                    Attack::Grass(off) => {
                        // A piece leaving the line may expose the screen; one arriving
                        // just before the royal may become it.
                        let screen = r - off;
                        let open = mark_line(
                            &mut self.sensitive,
                            &self.board,
                            s + off,
                            screen,
                            off,
                            stamp,
                        );
                        self.sensitive[screen] = stamp + 1;
                        hit |= open && self.board[screen] != EMPTY;
                        self.hop_marks = true;
                    }
                    Attack::Lame(mid) => {
                        let m = &mut self.sensitive[s + mid];
                        *m = (*m).max(stamp);
                        hit |= self.board[s + mid] == EMPTY;
                    }
                    Attack::Paths(set) => {
                        // Removing any piece on a path may open it; marking stops at the
                        // board's edge, beyond which the path cannot go.
                        for path in table.path_set(set) {
                            for &o in path {
                                let sq = s + o;
                                if self.board[sq] == OFF {
                                    break;
                                }
                                let m = &mut self.sensitive[sq];
                                *m = (*m).max(stamp);
                            }
                        }
                        hit |= table.open_path(set, s, |sq| self.board[sq] == EMPTY);
                    }
                    Attack::Complex => return None,
                }
            }
            attacked += usize::from(hit);
        }
        let royals = self.royals[us.index()].len();
        Some(if v.any_royal_loses {
            attacked > 0
        } else {
            royals > 0 && attacked == royals
        })
    }

    /// Every legal move into `out` (cleared first). Plain variants use the bitboard
    /// generator (`bitboard`), everything else the generic one; the two produce the same
    /// moves, though not in the same order.
    pub fn legal_moves_into(&mut self, out: &mut MoveList) {
        if !self.variant.plain_rules || self.game.decided.is_some() {
            return self.ruled_legal_moves(out);
        }
        if self.bitboard_moves(out, false) {
            return;
        }
        self.legal_moves_generic_into(out);
    }

    /// The moves a search tries at a node, into `out` (cleared first), and whether they are
    /// known to be legal. Under the rules layer, whose legality test plays each move, they
    /// are the pseudo-legal moves with the rules' own additions, each to be judged by
    /// [`is_legal`](Self::is_legal) before it is played — most are pruned or cut off first,
    /// and never need judging; as a set, the ones judged legal are
    /// [`legal_moves_into`](Self::legal_moves_into)'s. Elsewhere they are the legal moves.
    pub fn search_moves_into(&mut self, out: &mut MoveList) -> bool {
        if self.variant.plain_rules || self.game.decided.is_some() {
            self.legal_moves_into(out);
            return true;
        }
        self.ruled_candidates_into(out);
        false
    }

    /// Whether `m`, a move remembered from another position with the same hash (a
    /// transposition table's), is one of this position's legal moves, asked without
    /// building them all: the moves of the piece on its square, `scratch` for the list.
    /// None where that cannot tell — the rules layer, drops, moves made by a relayed
    /// friend — and the full list must answer.
    pub fn is_legal_remembered(&mut self, m: &Move, scratch: &mut MoveList) -> Option<bool> {
        if !self.variant.plain_rules
            || self.game.decided.is_some()
            || m.kind == MoveKind::Drop
            || m.relay != 0
        {
            return None;
        }
        let cell = self.board[m.from()];
        if !crate::variant::is_piece(cell) || crate::variant::cell_color(cell) != self.side {
            return Some(false);
        }
        scratch.clear();
        self.moves_from(m.from(), scratch);
        Some(scratch.contains(m) && self.is_legal(m))
    }

    /// The legal moves that capture (take any piece, [`Position::captures`]) or promote,
    /// into `out` (cleared first): what a quiescence search plays. As a set, exactly
    /// [`legal_moves_into`](Self::legal_moves_into)'s moves with that property; plain
    /// variants build only the landings on enemy pieces and promotion squares, so the
    /// quiet moves a quiescence node never plays cost nothing.
    pub fn tactical_moves_into(&mut self, out: &mut MoveList) {
        let tactical = |pos: &Position, m: &Move| m.is_promotion() || pos.captures(m);
        if self.game.decided.is_some() {
            out.clear();
            return;
        }
        let plain = self.variant.plain_rules;
        if plain && self.bitboard_moves(out, true) {
            out.retain(|m| tactical(self, m));
            return;
        }
        // Filter first: legality is the costly test, above all the rules layer's.
        if plain {
            self.pseudo_moves_into(out);
        } else {
            self.ruled_candidates_into(out);
        }
        out.retain(|m| tactical(self, m));
        if plain {
            self.keep_legal(out);
        } else {
            self.keep_ruled_legal(out);
        }
    }

    /// Every legal move into `out` (cleared first) by the generic generator, in generation
    /// order: the reference the bitboard generator is tested against.
    pub fn legal_moves_generic_into(&mut self, out: &mut MoveList) {
        self.pseudo_moves_into(out);
        self.keep_legal(out);
    }

    /// Keep the legal ones of the side to move's pseudo-legal moves `out`, in order.
    fn keep_legal(&mut self, out: &mut MoveList) {
        let us = self.side;
        if self.royals[us.index()].is_empty() {
            // Nothing to keep safe, unless the move brings the side's royal onto the board.
            let mut w = 0;
            for r in 0..out.len() {
                let m = out[r];
                if !self.adds_royal(&m) || self.is_legal(&m) {
                    out[w] = m;
                    w += 1;
                }
            }
            out.truncate(w);
            return;
        }
        // Not in danger now, and the move touches no square that matters: still safe.
        let fast = self.mark_sensitive(us) == Some(false);
        let stamp = self.stamp;
        let mut w = 0;
        for r in 0..out.len() {
            let m = out[r];
            let legal = if fast && self.untouched(&m, stamp) {
                true
            } else {
                self.is_legal(&m)
            };
            if legal {
                out[w] = m;
                w += 1;
            }
        }
        out.truncate(w);
    }

    /// Whether a move leaves every sensitive square (and every royal) alone.
    #[inline]
    pub(super) fn untouched(&self, m: &Move, stamp: u32) -> bool {
        match m.kind {
            MoveKind::Normal => {
                if m.unload != 0 || m.relay != 0 {
                    return false;
                }
                if self.sensitive[m.from()] >= stamp
                    || self.sensitive[m.to()] > stamp
                    || self.variant.pieces[m.piece()].royal
                {
                    return false;
                }
                m.locust()
                    .iter()
                    .all(|&v| self.sensitive[Square::unpack(v)] < stamp)
            }
            MoveKind::Drop => {
                self.sensitive[m.to()] <= stamp && !self.variant.pieces[m.piece()].no_drop_mate
            }
            MoveKind::Castle | MoveKind::EnPassant => false,
        }
    }
}

/// Whether the side to move can play on, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// There are legal moves.
    Ongoing,
    /// No legal move, and a royal is attacked (in danger as the royalty rule says).
    Checkmate,
    /// No legal move, and no royal is in danger.
    Stalemate,
}

impl Position {
    /// Checkmate and stalemate detection (the results they give are the rules layer's).
    pub fn status(&mut self) -> Status {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        if !list.is_empty() {
            Status::Ongoing
        } else if self.royal_danger(self.side) {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }
}

/// Whether a legality test applies the drop-mate rule (`dropNoMate`) to a drop.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum DropMate {
    /// Yes: the drop is illegal when it checkmates.
    Judge,
    /// No: the move is an answer to a drop whose mate is being judged.
    Ignore,
}

/// Mark the squares from `first` up to `end` (excluded), `off` apart, as squares where
/// removing a piece matters (`stamp`, see [`Position::mark_sensitive`]); whether they are
/// all empty. A slider's ray to a royal, a grasshopper's line to its screen.
fn mark_line(
    sensitive: &mut [u32],
    board: &[Cell],
    first: Square,
    end: Square,
    off: isize,
    stamp: u32,
) -> bool {
    let mut cur = first;
    let mut open = true;
    while cur != end {
        let m = &mut sensitive[cur];
        *m = (*m).max(stamp);
        open &= board[cur] == EMPTY;
        cur += off;
    }
    open
}
