//! The plain-variant generator proper, cut along what a node needs: the checks and pins
//! against the side to move's royal ([`Node::checks_and_pins`]), one piece's targets with the royal's
//! own safety test, pawn pushes and castling ([`Node::piece`]), and the set-wise count of
//! whole piece types ([`Node::setwise`]). Everything is inlined into [`generate`], so the
//! cut costs no calls at run time.

use super::{
    each, fill, Bits, Landings, Occupancy, PieceBits, Spot, Tables, Targets, ANY, CASTLES, LEAPER,
    MAX_PINS, NONE, PUSHES, SETWISE_TYPES,
};
use crate::movegen::{Arrival, Mover};
use crate::position::moves::MoveKind;
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{cell_type, Color, Role};
use xbetza::Flags;

/// Generate the side to move's moves into `out`: legal ones through [`Targets::add`], e.p.
/// and castling into [`Targets::deferred`]. `false` when the position is beyond the
/// generator (too many pins); nothing meaningful has been produced then.
///
/// When counting, unpinned pieces of `SETWISE` types are counted type by type (leaps as
/// shifts, slides as fills); the rest piece by piece.
#[inline(always)]
pub(super) fn generate<B: Bits, O: Targets<B>>(
    pos: &Position,
    tables: &Tables<B>,
    out: &mut O,
) -> bool {
    // Checked on one node in 64 (by hash), to keep debug-build perft suites fast; the unit
    // tests check every ply of their games.
    debug_assert!(
        pos.hash & 63 != 0 || pos.bits == Occupancy::rebuilt(pos),
        "kept bit sets out of step"
    );
    let mut node = Node::new(pos, tables);
    if !node.checks_and_pins() {
        return false;
    }
    if !O::SETWISE {
        for &s in &pos.lists[node.us.index()].squares {
            node.piece(out, s, true);
        }
        return true;
    }
    node.setwise(out);
    true
}

/// What every piece's moves at one node depend on: the bit sets of both sides, the e.p.
/// squares, where a non-royal move may land to answer a check, and the pins.
struct Node<'a, B> {
    pos: &'a Position,
    tables: &'a Tables<B>,
    us: Color,
    them: Color,
    ours: B,
    theirs: B,
    occ: B,
    empty: B,
    ep_set: B,
    /// The royal's bit.
    king: usize,
    king_bit: B,
    /// Where a non-royal piece may land: anywhere, the single check's line, or nowhere
    /// (double check).
    answer: B,
    pinned: B,
    /// Each pinned piece with the line it must stay on.
    pins: [(B, B); MAX_PINS],
    n_pins: usize,
}

impl<'a, B: Bits> Node<'a, B> {
    /// The node's bit sets; its checks and pins are found by [`Node::checks_and_pins`].
    #[inline(always)]
    fn new(pos: &'a Position, tables: &'a Tables<B>) -> Node<'a, B> {
        let us = pos.side;
        let them = us.flip();
        let bits = &pos.bits;
        let ours = B::narrow(bits.colour[us.index()]);
        let theirs = B::narrow(bits.colour[them.index()]);
        let occ = ours | theirs;
        let empty = !occ;
        let king = tables.bit(pos.royals[us.index()][0]);
        let ep_set = match pos.ep {
            Some(ep) => {
                let mut set = B::default();
                for sq in [ep.square(), ep.second()] {
                    if sq.is_some() && tables.bit_of.get(sq.index()).is_some_and(|&b| b != NONE) {
                        set |= B::bit(tables.bit(sq));
                    }
                }
                set & empty
            }
            None => B::default(),
        };
        Node {
            pos,
            tables,
            us,
            them,
            ours,
            theirs,
            occ,
            empty,
            ep_set,
            king,
            king_bit: B::bit(king),
            answer: B::default(),
            pinned: B::default(),
            pins: [(B::default(), B::default()); MAX_PINS],
            n_pins: 0,
        }
    }

    /// Find the checks and pins against the royal: only pieces that could reach it on an
    /// empty board matter. `false` with more pins than tracked.
    #[inline(always)]
    fn checks_and_pins(&mut self) -> bool {
        let (tables, board) = (self.tables, &self.pos.board);
        let (king, king_bit) = (self.king, self.king_bit);
        let mut checkers = 0u32;
        // Where a non-royal move must land to answer the check.
        let mut evasion = B::default();
        let mut enemies = self.theirs & tables.danger[self.them.index()][king];
        while !enemies.is_empty() {
            let b = enemies.lowest();
            enemies = enemies.pop_lowest();
            let s = tables.square_of[b];
            let spot = tables.spot(cell_type(board[s]), self.them, b);
            if ((spot.leap_capture | spot.reach) & king_bit).is_empty() {
                continue;
            }
            if !(spot.leap_capture & king_bit).is_empty() {
                checkers += 1;
                evasion |= B::bit(b);
                continue;
            }
            // Exactly one capturing slide reaches the royal (records never overlap).
            let Some(r) = tables
                .rays_of(spot)
                .iter()
                .find(|r| r.captures && r.ray.has(king))
            else {
                continue;
            };
            let between = r.ray & !tables.full[r.full as usize + king] & !king_bit;
            let blockers = between & self.occ;
            if blockers.is_empty() {
                checkers += 1;
                evasion |= between | B::bit(b);
            } else if blockers.pop_lowest().is_empty() && !(blockers & self.ours).is_empty() {
                if self.n_pins == MAX_PINS {
                    return false;
                }
                self.pinned |= blockers;
                self.pins[self.n_pins] = (blockers, between | B::bit(b));
                self.n_pins += 1;
            }
        }
        self.answer = match checkers {
            0 => !B::default(),
            1 => evasion,
            _ => B::default(),
        };
        true
    }

    /// Where the non-royal piece on bit `b` may land: the check's answer, narrowed to its
    /// pin line when pinned.
    #[inline(always)]
    fn allowed(&self, b: usize) -> B {
        let mut a = self.answer;
        if self.pinned.has(b) {
            for &(p, line) in &self.pins[..self.n_pins] {
                if p.has(b) {
                    a &= line;
                }
            }
        }
        a
    }

    /// One piece's moves; `whole`: all of them, else only its e.p. captures.
    #[inline(always)]
    fn piece<O: Targets<B>>(&self, out: &mut O, from: Square, whole: bool) {
        let (pos, tables, us) = (self.pos, self.tables, self.us);
        let t = cell_type(pos.board[from]);
        let b = tables.bit(from);
        let spot = tables.spot(t, us, b);
        let pb = &tables.pieces[t][us.index()];
        let who = Mover {
            piece: t,
            color: us,
            from,
        };
        let ep_targets = spot.leap_ep & self.ep_set;
        if !ep_targets.is_empty() {
            each(ep_targets, |e| {
                let to = tables.square_of[e];
                pos.emit_ep(out.deferred(), pb.flags, who, to, &[]);
            });
        }
        if !whole {
            return;
        }
        let mut targets = self.targets(spot);
        if O::TACTICAL {
            targets &= self.theirs | pb.special;
        }
        let allowed = if b == self.king {
            self.royal_safe(spot, targets)
        } else {
            self.allowed(b)
        };
        targets &= allowed;
        if !targets.is_empty() {
            let found = Landings {
                pb,
                t,
                from,
                targets,
                ep: Square::NONE,
            };
            out.add(pos, tables, found);
        }
        if spot.extras & PUSHES != 0 && pos.virgin[from] {
            // A double step captures nothing: tactical only where it promotes.
            let allowed = if O::TACTICAL {
                allowed & pb.special
            } else {
                allowed
            };
            self.pushes(out, pb, who, b, allowed);
        }
        if spot.extras & CASTLES != 0 && !O::TACTICAL {
            self.castles(out, pb, who, b);
        }
    }

    /// The squares a piece's leaps and slides from `spot` reach, by modality.
    #[inline(always)]
    fn targets(&self, spot: &Spot<B>) -> B {
        let mut targets = (spot.leap_move & self.empty) | (spot.leap_capture & self.theirs);
        for r in self.tables.rays_of(spot) {
            let reach = self.tables.slide(r, self.occ);
            if r.moves {
                targets |= reach & self.empty;
            }
            if r.captures {
                targets |= reach & self.theirs;
            }
        }
        targets
    }

    /// Of the royal's `targets`, those not attacked with the royal lifted (a step away
    /// from a slider along its line stays attacked).
    #[inline(always)]
    fn royal_safe(&self, spot: &Spot<B>, targets: B) -> B {
        let lifted = self.occ ^ self.king_bit;
        if spot.extras & PUSHES != 0 {
            !self.tables.attacks(self.pos, self.them, lifted)
        } else {
            let mut safe = B::default();
            each(targets, |x| {
                if !self
                    .tables
                    .attacked(self.pos, self.them, self.theirs, x, lifted)
                {
                    safe |= B::bit(x);
                }
            });
            safe
        }
    }

    /// An unmoved piece's initial double steps (both squares empty), landing in `allowed`.
    #[inline(always)]
    fn pushes<O: Targets<B>>(
        &self,
        out: &mut O,
        pb: &PieceBits<B>,
        who: Mover,
        b: usize,
        allowed: B,
    ) {
        for push in &pb.pushes {
            let (to, mid) = (push.to[b], push.mid[b]);
            if to == NONE
                || !(self.occ & (B::bit(to as usize) | B::bit(mid as usize))).is_empty()
                || !allowed.has(to as usize)
            {
                continue;
            }
            let ep = if push.ep_create {
                self.tables.square_of[usize::from(mid)]
            } else {
                Square::NONE
            };
            let to = B::bit(to as usize);
            let found = Landings {
                pb,
                t: who.piece,
                from: who.from,
                targets: to,
                ep,
            };
            out.add(self.pos, self.tables, found);
        }
    }

    /// Castling moves of the piece `who` on bit `b`, deferred (their legality needs the
    /// squares passed).
    #[inline(always)]
    fn castles<O: Targets<B>>(&self, out: &mut O, pb: &PieceBits<B>, who: Mover, b: usize) {
        let (pos, tables) = (self.pos, self.tables);
        let Mover { piece: t, from, .. } = who;
        for (i, per_bit) in &pb.castles {
            let (between, partner) = per_bit[b];
            let possible = partner == ANY
                || (partner != NONE
                    && self.ours.has(partner as usize)
                    && (between & self.occ).is_empty());
            if !possible {
                continue;
            }
            let l = &pos.variant.pieces[t].linked[self.us.index()].links[*i];
            if l.flags.contains(Flags::INITIAL) && !pos.virgin[from] {
                continue;
            }
            if partner == ANY {
                pos.castle(l, who, out.deferred());
                continue;
            }
            // What the walker finds: the unmoved partner first on the line.
            let partner_sq = tables.square_of[usize::from(partner)];
            if pos.virgin[partner_sq] {
                let king_to = from + l.off * isize::from(l.range);
                let partner_to = king_to - l.off;
                let at = Arrival {
                    kind: MoveKind::Castle,
                    extra: [partner_sq.pack(), partner_to.pack(), 0, 0, 0],
                    ..Arrival::step(king_to, Square::NONE)
                };
                pos.emit(out.deferred(), l.flags, who, at);
            }
        }
    }

    /// Counting: the royal, pinned pieces and types not counted set-wise piece by piece
    /// (plain leapers inline), then every unpinned piece of a set-wise type at once.
    #[inline(always)]
    fn setwise<O: Targets<B>>(&self, out: &mut O) {
        let (tables, board, us) = (self.tables, &self.pos.board, self.us);
        let bits = &self.pos.bits;
        // Every piece of ours not counted set-wise.
        let others = {
            let mut setwise = B::default();
            let mut types = tables.setwise[us.index()];
            while types != 0 {
                setwise |= B::narrow(bits.kinds[types.trailing_zeros() as usize]);
                types &= types - 1;
            }
            self.ours & !setwise
        };
        let mut leapers = B::default();
        each(others | (self.pinned & self.ours), |b| {
            let s = tables.square_of[b];
            if tables.spot(cell_type(board[s]), us, b).extras & LEAPER == 0 {
                self.piece(out, s, true);
            } else {
                leapers |= B::bit(b);
            }
        });
        if !self.ep_set.is_empty() {
            // The pieces that could capture e.p. (the others did above).
            let mut capturers = B::default();
            each(self.ep_set, |x| capturers |= tables.ep_from[us.index()][x]);
            each(capturers & self.ours & !others & !self.pinned, |b| {
                self.piece(out, tables.square_of[b], false)
            });
        }
        each(leapers, |b| {
            let spot = tables.spot(cell_type(board[tables.square_of[b]]), us, b);
            let reach = (spot.leap_move & self.empty) | (spot.leap_capture & self.theirs);
            out.add_set(reach & self.allowed(b));
        });
        self.setwise_types(out);
    }

    /// Where every unpinned piece of each set-wise type lands: leaps and pushes as shifts
    /// of the whole set, slides as fills per slide group.
    #[inline(always)]
    fn setwise_types<O: Targets<B>>(&self, out: &mut O) {
        let (tables, us) = (self.tables, self.us);
        let bits = &self.pos.bits;
        let (empty, theirs, answer) = (self.empty, self.theirs, self.answer);
        let virgin = B::narrow(bits.virgin) & self.ours;
        let free = !self.pinned;
        let mut present = 0u32;
        // Per set-wise type present: its unpinned pieces (read again by the slide groups).
        let mut sets = [B::default(); SETWISE_TYPES];
        let mut types = tables.setwise[us.index()];
        while types != 0 {
            let t = Role::new(types.trailing_zeros() as usize);
            types &= types - 1;
            let set = B::narrow(bits.kinds[t]) & self.ours & free;
            if set.is_empty() {
                continue;
            }
            present |= 1 << t.index();
            sets[t] = set;
            let pb = &tables.pieces[t][us.index()];
            for sh in &pb.shifts {
                let mut land = B::default();
                if sh.moves {
                    land |= empty;
                }
                if sh.captures {
                    land |= theirs;
                }
                let targets = (set & sh.from).shift(sh.delta) & land & answer;
                let found = Landings {
                    pb,
                    t,
                    from: Square::NONE,
                    targets,
                    ep: Square::NONE,
                };
                out.add(self.pos, tables, found);
            }
            for ps in &pb.push_shifts {
                // Unmoved pieces whose destination and mid square are both empty.
                let ready = set & virgin & ps.from & empty.shift(-ps.mid) & empty.shift(-ps.delta);
                let targets = ready.shift(ps.delta) & answer;
                let found = Landings {
                    pb,
                    t,
                    from: Square::NONE,
                    targets,
                    ep: Square::NONE,
                };
                out.add(self.pos, tables, found);
            }
        }
        for g in &tables.groups[us.index()] {
            if g.types & present == 0 {
                continue;
            }
            let mut set = B::default();
            let mut types = g.types & present;
            while types != 0 {
                set |= sets[types.trailing_zeros() as usize];
                types &= types - 1;
            }
            // The step's direction is tested once, not at every step of the fill.
            let reach = if g.delta >= 0 {
                let d = g.delta as u32;
                fill(set, g.from, empty, g.range, |x| x.up(d))
            } else {
                let d = g.delta.unsigned_abs();
                fill(set, g.from, empty, g.range, |x| x.down(d))
            };
            let mut land = B::default();
            if g.moves {
                land |= empty;
            }
            if g.captures {
                land |= theirs;
            }
            out.add_set(reach & land & answer);
        }
    }
}
