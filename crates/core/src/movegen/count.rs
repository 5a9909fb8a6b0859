//! Counting legal moves without building most of them (bulk counting at perft leaves):
//! sinks that count destinations instead of pushing moves.

use super::*;
use crate::position::moves::MoveList;
use crate::position::Position;
use crate::variant::cell_type;
use crate::variant::geometry::Square;
use xbetza::Flags;

impl Position {
    /// The number of legal moves, without building most of them (bulk counting at perft
    /// leaves): by the bitboard generator where it applies, else by the generic one.
    pub fn count_legal(&mut self, scratch: &mut MoveList) -> usize {
        if !self.variant.plain_rules || self.game.decided.is_some() {
            self.ruled_legal_moves(scratch);
            return scratch.len();
        }
        if let Some(n) = self.bitboard_count(scratch) {
            return n;
        }
        self.count_legal_generic(scratch)
    }

    /// [`count_legal`](Self::count_legal) by the generic generator (the reference): a
    /// non-royal piece on no sensitive square whose moves all have fast shapes has its
    /// destinations counted directly.
    pub fn count_legal_generic(&mut self, scratch: &mut MoveList) -> usize {
        let us = self.side;
        if self.royals[us.index()].is_empty() || self.mark_sensitive(us) != Some(false) {
            self.legal_moves_generic_into(scratch);
            return scratch.len();
        }
        let stamp = self.stamp;
        let v = &*self.variant;
        // With a hopper's screen line marked, arriving pieces matter too: no bulk counting.
        let bulk = !self.hop_marks;
        let lone_royal = self.royals[us.index()].len() == 1;
        scratch.clear();
        let mut counter = Counter {
            n: 0,
            deferred: scratch,
        };
        for &sq in &self.lists[us.index()].squares {
            let t = cell_type(self.board[sq]);
            let piece = &v.pieces[t];
            let linked = &piece.linked[us.index()];
            if lone_royal && piece.royal && !linked.dedupe && sq == self.royals[us.index()][0] {
                // The lone royal: each fast step is judged with the royal lifted off the
                // board; castling and anything else goes through full generation.
                let mut royal = RoyalCounter {
                    n: 0,
                    deferred: counter.deferred,
                };
                for l in &linked.links {
                    if l.shape.is_fast() && piece.plain_landing[us.index()] {
                        self.walk_fast(l, sq, t, us, &mut royal);
                    } else {
                        let who = Mover {
                            piece: t,
                            color: us,
                            from: sq,
                        };
                        self.links_moves(std::slice::from_ref(l), who, royal.deferred, false);
                    }
                }
                counter.n += royal.n;
            } else if bulk && linked.fast && !piece.royal && self.sensitive[sq] < stamp {
                let plain = piece.plain_landing[us.index()];
                if let Some(n) = plain
                    .then(|| self.uniform_targets(sq, us, linked))
                    .flatten()
                {
                    counter.n += n;
                } else if plain {
                    let mut plain = PlainCounter {
                        n: 0,
                        deferred: counter.deferred,
                    };
                    for l in &linked.links {
                        self.walk_fast(l, sq, t, us, &mut plain);
                    }
                    counter.n += plain.n;
                } else {
                    for l in &linked.links {
                        self.walk_fast(l, sq, t, us, &mut counter);
                    }
                }
            } else {
                self.piece_moves(sq, t, us, counter.deferred);
            }
        }
        let mut count = counter.n;
        let deferred = counter.deferred;
        self.drop_moves(us, deferred);
        for m in deferred.iter() {
            if self.untouched(m, stamp) || self.is_legal(m) {
                count += 1;
            }
        }
        count
    }
}

/// Counts legal destinations; e.p. captures (whose legality needs a test) are deferred.
pub(super) struct Counter<'a> {
    n: usize,
    deferred: &'a mut MoveList,
}

impl Sink for Counter<'_> {
    #[inline(always)]
    fn land(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square, _ep: Square) {
        let n = &mut self.n;
        let Mover { piece, color, from } = who;
        let at = pos.landing_square(piece, color, from, to);
        pos.each_landing(flags, piece, color, at, false, |_| *n += 1);
    }
    fn moves(&mut self) -> &mut MoveList {
        self.deferred
    }
}

/// Counts destinations of a piece whose landings are all plain; e.p. captures deferred.
pub(super) struct PlainCounter<'a> {
    pub(super) n: usize,
    deferred: &'a mut MoveList,
}

impl<'a> PlainCounter<'a> {
    /// A count from zero that defers into `deferred` (left as it is).
    pub(super) fn new(deferred: &'a mut MoveList) -> PlainCounter<'a> {
        PlainCounter { n: 0, deferred }
    }
}

impl Sink for PlainCounter<'_> {
    #[inline(always)]
    fn land(&mut self, _: &Position, _: Flags, _: Mover, _: Square, _: Square) {
        self.n += 1;
    }
    fn moves(&mut self) -> &mut MoveList {
        self.deferred
    }
}

/// Counts the lone royal's plain steps that land on unattacked squares (judged with the
/// royal lifted); steps whose safety needs a played move are deferred.
pub(super) struct RoyalCounter<'a> {
    n: usize,
    deferred: &'a mut MoveList,
}

impl Sink for RoyalCounter<'_> {
    #[inline(always)]
    fn land(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square, ep: Square) {
        match pos.attacked_without(to, who.color.flip(), who.from) {
            Some(true) => {}
            Some(false) => self.n += 1,
            None => pos.emit_step(self.deferred, flags, who, to, ep),
        }
    }
    fn moves(&mut self) -> &mut MoveList {
        self.deferred
    }
}
