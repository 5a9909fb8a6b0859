//! Move building: what the walkers do with a destination they found. [`Mover`] and
//! [`Arrival`] carry a found move into [`Position::emit`], which applies the landing
//! square's morph and promotion rule; a [`Sink`] decides whether destinations are pushed
//! as moves or only counted.

use crate::position::moves::{Move, MoveKind, MoveList, MAX_VICTIMS, NO_PROMOTION};
use crate::position::{Position, PROMO_FROM_HAND};
use crate::variant::geometry::Square;
use crate::variant::{cell_color, is_piece, Color, Landing, Role};
use xbetza::Flags;

/// The piece a found move belongs to: its type, side and the square it leaves. One value
/// instead of three arguments through the walker's hot functions (`emit`, the sinks).
#[derive(Clone, Copy)]
pub(crate) struct Mover {
    pub(crate) piece: Role,
    pub(crate) color: Color,
    pub(crate) from: Square,
}

/// How a found move ends: its destination and what it carries besides (castling partner
/// or locust victims in `extra`, the e.p. square it creates, whether it lands on a friend,
/// which some landing rules forbid).
#[derive(Clone, Copy)]
pub(crate) struct Arrival {
    pub(crate) to: Square,
    pub(crate) kind: MoveKind,
    pub(crate) extra: [u16; MAX_VICTIMS],
    pub(crate) victims: u8,
    /// The e.p. square the move creates, or [`Square::NONE`].
    pub(crate) ep_square: Square,
    pub(crate) onto_friend: bool,
}

impl Arrival {
    /// A one-step move to `to` (no victims besides the piece there), creating the e.p.
    /// square `ep_square` ([`Square::NONE`]: none).
    #[inline(always)]
    pub(crate) fn step(to: Square, ep_square: Square) -> Arrival {
        Arrival {
            to,
            kind: MoveKind::Normal,
            extra: [0; MAX_VICTIMS],
            victims: 0,
            ep_square,
            onto_friend: false,
        }
    }
}

impl Position {
    /// The e.p. capture landing on `to` (an e.p. square), after the locust captures
    /// `locust` of the path's earlier legs. A piece is removed once: a path that took the
    /// e.p. victim already makes no e.p. capture.
    #[inline]
    pub(crate) fn emit_ep(
        &self,
        out: &mut MoveList,
        flags: Flags,
        who: Mover,
        to: Square,
        locust: &[u16],
    ) {
        if let Some(ep) = self.ep {
            if ep.covers(to) && locust.len() < MAX_VICTIMS && !locust.contains(&ep.victim) {
                let victim = self.board[ep.victim()];
                if is_piece(victim) && cell_color(victim) != who.color {
                    let mut extra = [0; MAX_VICTIMS];
                    extra[0] = ep.victim;
                    extra[1..=locust.len()].copy_from_slice(locust);
                    let at = Arrival {
                        to,
                        kind: MoveKind::EnPassant,
                        extra,
                        victims: locust.len() as u8,
                        ep_square: Square::NONE,
                        onto_friend: false,
                    };
                    self.emit(out, flags, who, at);
                }
            }
        }
    }

    /// Push a one-step move (no locust victims), with the e.p. square it may create.
    #[inline(always)]
    pub(super) fn emit_step(
        &self,
        out: &mut MoveList,
        flags: Flags,
        who: Mover,
        to: Square,
        ep: Square,
    ) {
        self.emit(out, flags, who, Arrival::step(to, ep));
    }

    /// Push a move, applying the landing square's morph/promotion rule.
    #[inline]
    pub(crate) fn emit(&self, out: &mut MoveList, flags: Flags, who: Mover, at: Arrival) {
        let Mover {
            piece: t,
            color,
            from,
        } = who;
        let Arrival {
            to,
            kind,
            extra,
            victims,
            ep_square,
            onto_friend,
        } = at;
        // A primed atom's move is exempt from the capture matrix (marked only where a
        // matrix exists, so plain variants' moves stay the same values).
        let victims = if flags.contains(Flags::PRIME) && !self.variant.rules.matrix_is_empty() {
            victims | crate::position::moves::EXEMPT
        } else {
            victims
        };
        let mut m = Move {
            kind,
            from: from.pack(),
            to: to.pack(),
            extra,
            victims,
            piece: t.byte(),
            promotion: NO_PROMOTION,
            ep_square: ep_square.pack(),
            unload: 0,
            relay: 0,
        };
        let at = self.landing_square(t, color, from, to);
        self.each_landing(flags, t, color, at, onto_friend, |promotion| {
            m.promotion = promotion;
            out.push(m);
        });
    }

    /// The square whose landing rule a move of type `t` from `from` to `to` obeys: `to`,
    /// except that with `promoFromZone` a move from a promoting square to a plain one
    /// promotes as if it ended on its origin (Shogi: a piece may promote when it leaves the
    /// zone).
    #[inline(always)]
    pub(crate) fn landing_square(&self, t: Role, color: Color, from: Square, to: Square) -> Square {
        if self.variant.promo_from_zone {
            let landing = &self.variant.pieces[t].landing[color.index()];
            if landing[to] == Landing::Plain && matches!(landing[from], Landing::Promote(_)) {
                return from;
            }
        }
        to
    }

    /// Call `f` with the promotion code of every move a landing of type `t` on `to` makes:
    /// none (forbidden square), one (plain), or one per promotion choice and deferral.
    #[inline(always)]
    pub(crate) fn each_landing(
        &self,
        flags: Flags,
        t: Role,
        color: Color,
        to: Square,
        onto_friend: bool,
        mut f: impl FnMut(u8),
    ) {
        let piece = &self.variant.pieces[t];
        if flags.contains(Flags::PRIME) || piece.plain_landing[color.index()] {
            f(NO_PROMOTION);
            return;
        }
        match piece.landing[color.index()][to] {
            Landing::Plain => f(NO_PROMOTION),
            Landing::Forbidden => {}
            Landing::NoFriend => {
                if !onto_friend {
                    f(NO_PROMOTION)
                }
            }
            Landing::Promote(r) => {
                let rule = &self.variant.promo_rules[r as usize];
                if rule.may_stay {
                    f(NO_PROMOTION);
                }
                for &(p, from_hand) in &rule.choices {
                    if from_hand {
                        if self.hands[color.index()][Role::from_byte(p)] == 0 {
                            continue;
                        }
                        f(p | PROMO_FROM_HAND);
                    } else {
                        f(p);
                    }
                }
            }
        }
    }
}

/// What the fast walkers do with a destination.
pub(crate) trait Sink {
    /// A one-step move of `who` to `to` (creating the e.p. square `ep`, or
    /// [`Square::NONE`]).
    fn land(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square, ep: Square);
    /// Where moves that are kept as moves go (all of them, or those still to be tested).
    fn moves(&mut self) -> &mut MoveList;
    /// An e.p. capture is always kept as a move: its legality needs a played move.
    #[inline(always)]
    fn en_passant(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square) {
        pos.emit_ep(self.moves(), flags, who, to, &[]);
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn land(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square, ep: Square) {
        pos.emit_step(self, flags, who, to, ep);
    }
    fn moves(&mut self) -> &mut MoveList {
        self
    }
}
