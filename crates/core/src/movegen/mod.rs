//! Move generation: the interpreter of linked leg programs, and legality.
//!
//! Single-leg records (leapers, sliders, pawns' lame double steps) run in a tight loop;
//! everything else goes through the general interpreter, which walks the pre-order record
//! list with one reached square per leg depth (see `xbetza::program`).

pub(crate) mod attack;
pub mod perft;

use crate::attack::Attack;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind, MoveList, MAX_VICTIMS, NO_PROMOTION};
use crate::position::{Position, PROMO_FROM_HAND};
use crate::variant::{
    cell_color, cell_type, is_piece, Cell, Color, Landing, Link, Shape, EMPTY, OFF,
};
use xbetza::{Flags, Kind};

/// The deepest leg program the interpreter supports.
pub const MAX_LEGS: usize = 32;

const NO_SQ: usize = usize::MAX;

/// The piece a found move belongs to: its type, side and the square it leaves. One value
/// instead of three arguments through the walker's hot functions (`emit`, the sinks).
#[derive(Clone, Copy)]
pub(crate) struct Mover {
    pub(crate) piece: usize,
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
    pub(crate) ep_square: u16,
    pub(crate) onto_friend: bool,
}

impl Arrival {
    /// A one-step move to `to` (no victims besides the piece there), creating the e.p.
    /// square `ep_square` (0: none).
    #[inline(always)]
    pub(crate) fn step(to: Square, ep_square: u16) -> Arrival {
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

/// What the earlier legs of a path hand to its final leg: where it starts, the square the
/// moving piece left (empty for the walk), the locust victims taken, the e.p. square and
/// unload square made, and the length of the latest slide (for `i` legs; 0: none).
#[derive(Clone, Copy)]
struct Trail<'a> {
    start: Square,
    lifted: Square,
    victims: &'a [u16],
    ep_square: u16,
    unload: u16,
    iso: u8,
}

/// The progress of one leg's walk (resumable by loop records).
#[derive(Clone, Copy, Default)]
struct Walk {
    /// Where the leg started.
    start: usize,
    cur: usize,
    steps: u8,
    ended: bool,
    /// The stop at this depth captured something (locust victim).
    victim: bool,
    /// The stop is a friend that makes the remaining legs (induction).
    induced: bool,
}

/// One move per destination on the e.p. square: where a piece reaches it both by an e.p.
/// capture and by a plain move of another term (`mFceF`), the move there is the e.p.
/// capture, as within one leg (see the crate `xbetza`'s Decisions). `out[start..]` are one
/// piece's moves.
fn drop_plain_onto_ep(out: &mut MoveList, start: usize) {
    let Some(ep) = out[start..]
        .iter()
        .position(|m| m.kind == MoveKind::EnPassant)
    else {
        return;
    };
    let captures: Vec<Move> = out[start + ep..]
        .iter()
        .filter(|m| m.kind == MoveKind::EnPassant)
        .copied()
        .collect();
    let same = |m: &Move, e: &Move| {
        m.kind == MoveKind::Normal
            && (m.from, m.to, m.relay, m.unload, m.promotion)
                == (e.from, e.to, e.relay, e.unload, e.promotion)
            && m.locust() == e.locust()
    };
    let mut w = start;
    for r in start..out.len() {
        let m = out[r];
        if !captures.iter().any(|e| same(&m, e)) {
            out[w] = m;
            w += 1;
        }
    }
    out.truncate(w);
}

impl Position {
    /// Every pseudo-legal move of the side to move (moves that may leave a royal attacked).
    pub fn pseudo_moves_into(&self, out: &mut MoveList) {
        out.clear();
        let us = self.side;
        for &sq in &self.lists[us.index()].squares {
            let sq = sq as usize;
            self.piece_moves(sq, cell_type(self.board[sq]), us, out);
        }
        self.drop_moves(us, out);
    }

    /// The pseudo-legal moves of the piece on `sq` (any colour), appended to `out`.
    pub fn moves_from(&self, sq: Square, out: &mut MoveList) {
        let c = self.board[sq];
        if is_piece(c) {
            self.piece_moves(sq, cell_type(c), cell_color(c), out);
        }
    }

    /// How many pseudo-legal moves the piece on `sq` (any colour) has — its mobility, as an
    /// evaluation counts it. Plain leapers and sliders are counted on the board without
    /// building moves; anything else is generated into `scratch` and counted (promotion
    /// choices count once each, as in [`Position::moves_from`]).
    pub fn mobility(&self, sq: Square, scratch: &mut MoveList) -> usize {
        let c = self.board[sq];
        if !is_piece(c) {
            return 0;
        }
        let (t, us) = (cell_type(c), cell_color(c));
        let piece = &self.variant.pieces[t];
        let linked = &piece.linked[us.index()];
        if linked.fast && piece.plain_landing[us.index()] && !linked.dedupe {
            if let Some(n) = self.uniform_targets(sq, us, linked) {
                return n;
            }
        }
        scratch.clear();
        self.piece_moves(sq, t, us, scratch);
        scratch.len()
    }

    /// The targets of a piece all of whose links are plain leaps, or all plain slides
    /// (`linked.uniform`), counted on the board without building moves: empty squares and
    /// enemies. `None` for any other piece. Shared by bulk counting and [`Self::mobility`].
    #[inline(always)]
    fn uniform_targets(
        &self,
        sq: Square,
        us: Color,
        linked: &crate::variant::Linked,
    ) -> Option<usize> {
        let board = &self.board;
        let open = |c: Cell| c == EMPTY || (c != OFF && cell_color(c) != us);
        match linked.uniform {
            Some(Shape::Leap) => Some(
                linked
                    .links
                    .iter()
                    .filter(|l| open(board[(sq as isize + l.off) as usize]))
                    .count(),
            ),
            Some(Shape::Slide) => {
                let mut n = 0;
                for l in &linked.links {
                    let mut to = sq as isize;
                    let mut left = l.range;
                    loop {
                        to += l.off;
                        let c = board[to as usize];
                        if c != EMPTY {
                            n += usize::from(open(c));
                            break;
                        }
                        n += 1;
                        left -= 1;
                        if left == 0 {
                            break;
                        }
                    }
                }
                Some(n)
            }
            _ => None,
        }
    }

    fn drop_moves(&self, us: Color, out: &mut MoveList) {
        let v = &*self.variant;
        if !v.drops {
            return;
        }
        let (stride, pad) = (v.geometry.stride, v.geometry.pad as usize);
        // Files fit the `dropNoDoubled` mask below.
        const _: () = assert!(idiagram::coord::MAX_SIDE as u32 <= 128);
        for (t, &n) in self.hands[us.index()].iter().enumerate() {
            if n == 0 {
                continue;
            }
            let dead = &v.pieces[t].dead[us.index()];
            let landing = &v.pieces[t].landing[us.index()];
            // `dropNoDoubled`: the files that already hold one of our pieces of this type.
            let mut doubled = 0u128;
            if v.pieces[t].no_doubled_drop {
                for &sq in &self.lists[us.index()].squares {
                    if cell_type(self.board[sq as usize]) == t {
                        doubled |= 1 << (sq as usize % stride - pad);
                    }
                }
            }
            for &sq in &v.playable {
                if self.board[sq] == EMPTY
                    && !dead[sq]
                    && landing[sq] != Landing::Forbidden
                    && doubled & (1 << (sq % stride - pad)) == 0
                {
                    out.push(Move {
                        kind: MoveKind::Drop,
                        from: sq as u16,
                        to: sq as u16,
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

    #[inline]
    fn piece_moves(&self, sq: Square, t: usize, color: Color, out: &mut MoveList) {
        let linked = &self.variant.pieces[t].linked[color.index()];
        let start = out.len();
        self.links_moves(&linked.links, sq, t, color, out, false);
        if self.ep.is_some() {
            drop_plain_onto_ep(out, start);
        }
        if linked.dedupe && out.len() - start > 1 {
            let tail = &mut out[start..];
            tail.sort_unstable();
            let mut w = 1;
            for r in 1..tail.len() {
                if tail[r] != tail[w - 1] {
                    tail[w] = tail[r];
                    w += 1;
                }
            }
            out.truncate(start + w);
        }
    }

    /// The moves of a (linked) program for the piece of type `t` on `sq`. `borrowed`: the
    /// program is another type's, imitated (`I`) or lent (a final `x` leg); its own
    /// imitation and borrowing are then skipped (borrowing does not chain, and an imitator
    /// copying an imitator would never end).
    fn links_moves(
        &self,
        links: &[Link],
        sq: Square,
        t: usize,
        color: Color,
        out: &mut MoveList,
        borrowed: bool,
    ) {
        // The types of the friends reached by final `x` legs (move borrowing).
        let mut lenders = Lenders::new();
        let mut i = 0;
        while i < links.len() {
            let l = &links[i];
            if l.shape.is_fast() {
                self.walk_fast(l, sq, t, color, out);
                i += 1;
            } else if l.kind == Kind::Castle {
                if !l.flags.contains(Flags::INITIAL) || self.virgin[sq] {
                    self.castle(l, sq, t, color, out);
                }
                i += 1;
            } else if l.kind == Kind::Imitate {
                if !borrowed {
                    self.imitate(l, sq, t, color, out);
                }
                i += 1;
            } else if l.kind == Kind::Leg && l.skip == 0 && l.flags.contains(Flags::FINAL) {
                // A single final leg: no interpreter state needed.
                let blocked = (l.flags.contains(Flags::INITIAL) && !self.virgin[sq])
                    || (l.flags.contains(Flags::INITIAL_AHEAD) && !self.stands_ahead(sq, color));
                if !blocked {
                    let who = Mover {
                        piece: t,
                        color,
                        from: sq,
                    };
                    let trail = Trail {
                        start: sq,
                        lifted: sq,
                        victims: &[],
                        ep_square: 0,
                        unload: 0,
                        iso: 0,
                    };
                    self.final_leg(l, who, trail, out, &mut lenders);
                }
                i += 1;
            } else {
                // A first leg with its whole subtree of continuations.
                let end = i + 1 + l.skip as usize;
                self.walk_general(&links[i..end], sq, t, color, out, &mut lenders);
                i = end;
            }
        }
        if !borrowed {
            for &lender in lenders.types() {
                self.lent_moves(lender as usize, color, sq, t, color, out);
            }
        }
    }

    /// Moves made by the piece of type `t` on `sq` with another type's program (`lender`,
    /// linked for `orientation`): imitated or borrowed moves. They start from `sq` and are
    /// the mover's moves (its type, its landing rules); castling is not borrowed, nor is
    /// anything the lender would imitate or borrow in turn.
    fn lent_moves(
        &self,
        lender: usize,
        orientation: Color,
        sq: Square,
        t: usize,
        color: Color,
        out: &mut MoveList,
    ) {
        let links = &self.variant.pieces[lender].linked[orientation.index()].links;
        let before = out.len();
        self.links_moves(links, sq, t, color, out, true);
        let mut w = before;
        for r in before..out.len() {
            if out[r].kind != MoveKind::Castle {
                out[w] = out[r];
                w += 1;
            }
        }
        out.truncate(w);
    }

    /// The imitator (`I`): the moves of the type that made the last move, made by this
    /// piece; the record's modality keeps moves (`m`) and/or captures (`c`); `b` mirrors
    /// them (the other side's orientation).
    fn imitate(&self, l: &Link, sq: Square, t: usize, color: Color, out: &mut MoveList) {
        let Some((last, _)) = self.last else { return };
        let orientation = if l.flags.contains(Flags::MIRROR) {
            color.flip()
        } else {
            color
        };
        let before = out.len();
        self.lent_moves(last as usize, orientation, sq, t, color, out);
        let moves_ok = l.flags.contains(Flags::MOVE);
        let captures_ok = l.flags.intersects(Flags::CAPTURE | Flags::ROYAL_ONLY);
        let mut w = before;
        for r in before..out.len() {
            let m = out[r];
            let ok = if self.uses_capture_modality(&m) {
                captures_ok
            } else {
                moves_ok
            };
            if ok {
                out[w] = m;
                w += 1;
            }
        }
        out.truncate(w);
    }

    #[inline]
    fn capture_ok(&self, flags: Flags, victim: Cell) -> bool {
        if flags.intersects(Flags::ROYAL_ONLY | Flags::NON_ROYAL) {
            // Both restrictions together (`tk`) leave nothing to capture.
            let royal = self.variant.pieces[cell_type(victim)].royal;
            return (royal || !flags.contains(Flags::ROYAL_ONLY))
                && (!royal || !flags.contains(Flags::NON_ROYAL));
        }
        true
    }

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
                let victim = self.board[ep.victim as usize];
                if is_piece(victim) && cell_color(victim) != who.color {
                    let mut extra = [0; MAX_VICTIMS];
                    extra[0] = ep.victim;
                    extra[1..=locust.len()].copy_from_slice(locust);
                    let at = Arrival {
                        to,
                        kind: MoveKind::EnPassant,
                        extra,
                        victims: locust.len() as u8,
                        ep_square: 0,
                        onto_friend: false,
                    };
                    self.emit(out, flags, who, at);
                }
            }
        }
    }

    /// Push a one-step move (no locust victims), with the e.p. square it may create.
    #[inline(always)]
    fn emit_step(&self, out: &mut MoveList, flags: Flags, who: Mover, to: Square, ep: u16) {
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
            victims | crate::moves::EXEMPT
        } else {
            victims
        };
        let mut m = Move {
            kind,
            from: from as u16,
            to: to as u16,
            extra,
            victims,
            piece: t as u8,
            promotion: NO_PROMOTION,
            ep_square,
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
    pub(crate) fn landing_square(
        &self,
        t: usize,
        color: Color,
        from: Square,
        to: Square,
    ) -> Square {
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
        t: usize,
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
                        if self.hands[color.index()][p as usize] == 0 {
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

    /// The fast walkers: single final legs of a [`Shape`] with a tight loop, generic over
    /// what is done with a destination (push a move, or count it).
    #[inline(always)]
    fn walk_fast<S: Sink>(&self, l: &Link, from: Square, t: usize, color: Color, sink: &mut S) {
        let who = Mover {
            piece: t,
            color,
            from,
        };
        let board = &self.board;
        let enemy = |c: Cell| {
            c != EMPTY && c != OFF && cell_color(c) != color && self.capture_ok(l.flags, c)
        };
        match l.shape {
            Shape::Leap => {
                let to = (from as isize + l.off) as usize;
                let c = board[to];
                if c == EMPTY || enemy(c) {
                    sink.land(self, l.flags, who, to, 0);
                }
            }
            Shape::LeapM => {
                let to = (from as isize + l.off) as usize;
                if board[to] == EMPTY {
                    sink.land(self, l.flags, who, to, 0);
                }
            }
            Shape::LeapC => {
                let to = (from as isize + l.off) as usize;
                if enemy(board[to]) {
                    sink.land(self, l.flags, who, to, 0);
                }
            }
            Shape::LeapCE => {
                let to = (from as isize + l.off) as usize;
                let c = board[to];
                if enemy(c) {
                    sink.land(self, l.flags, who, to, 0);
                } else if c == EMPTY && self.ep.is_some_and(|ep| ep.covers(to)) {
                    sink.en_passant(self, l.flags, who, to);
                }
            }
            Shape::LeapLame => {
                let to = (from as isize + l.off) as usize;
                let c = board[to];
                let mid = (from as isize + l.mid) as usize;
                if (c == EMPTY || enemy(c)) && board[mid] == EMPTY {
                    let ep = if l.flags.contains(Flags::EP_CREATE) {
                        mid as u16
                    } else {
                        0
                    };
                    sink.land(self, l.flags, who, to, ep);
                }
            }
            Shape::Push => {
                if !self.virgin[from] {
                    return;
                }
                let to = (from as isize + l.off) as usize;
                let mid = (from as isize + l.mid) as usize;
                if board[to] == EMPTY && board[mid] == EMPTY {
                    let ep = if l.flags.contains(Flags::EP_CREATE) {
                        mid as u16
                    } else {
                        0
                    };
                    sink.land(self, l.flags, who, to, ep);
                }
            }
            Shape::Slide | Shape::SlideM | Shape::SlideC => {
                let mut to = from;
                let mut left = l.range;
                loop {
                    to = (to as isize + l.off) as usize;
                    let c = board[to];
                    if c == EMPTY {
                        if l.shape != Shape::SlideC {
                            sink.land(self, l.flags, who, to, 0);
                        }
                        left -= 1;
                        if left == 0 {
                            break;
                        }
                        continue;
                    }
                    if l.shape != Shape::SlideM && enemy(c) {
                        sink.land(self, l.flags, who, to, 0);
                    }
                    break;
                }
            }
            Shape::Hop => {
                let mut to = from;
                let mut left = l.range;
                let mut screen = false;
                loop {
                    to = (to as isize + l.off) as usize;
                    let c = board[to];
                    if c == OFF {
                        break;
                    }
                    if !screen {
                        screen = c != EMPTY;
                        if screen && self.hop_banned(t, color, c) {
                            break;
                        }
                    } else if c == EMPTY {
                        if l.flags.contains(Flags::MOVE) {
                            sink.land(self, l.flags, who, to, 0);
                        }
                    } else {
                        if l.flags.intersects(Flags::CAPTURE | Flags::ROYAL_ONLY)
                            && cell_color(c) != color
                            && self.capture_ok(l.flags, c)
                        {
                            sink.land(self, l.flags, who, to, 0);
                        }
                        break;
                    }
                    left -= 1;
                    if left == 0 {
                        break;
                    }
                }
            }
            Shape::General => {}
        }
    }

    /// The capture matrix forbids a piece of type `t` to hop over `hurdle` (`^`, `$`).
    #[inline]
    fn hop_banned(&self, t: usize, color: Color, hurdle: Cell) -> bool {
        let rules = &self.variant.rules;
        rules.hop_bans && {
            let target = if cell_color(hurdle) == color {
                idiagram::Target::Friend(cell_type(hurdle))
            } else {
                idiagram::Target::Enemy(cell_type(hurdle))
            };
            matches!(
                rules.effect(t, target),
                crate::rules::Effect::NoHop | crate::rules::Effect::NoCaptureNoHop
            )
        }
    }

    /// Whether the piece on `sq` stands one square in front of a start square of its kind
    /// (`ii` moves, e.g. a Wildebeest pawn's second step).
    fn stands_ahead(&self, sq: Square, color: Color) -> bool {
        let v = &*self.variant;
        let behind = (sq as isize - v.forward[color.index()]) as usize;
        v.setup_cells.get(behind) == Some(&self.board[sq])
    }

    /// One step of a walk, or `NO_SQ` off the board.
    #[inline]
    fn step(&self, cur: Square, l: &Link) -> Square {
        if l.dead {
            return NO_SQ;
        }
        if l.flags.contains(Flags::WRAP) {
            let g = &self.variant.geometry;
            let Some(c) = g.coord(cur) else { return NO_SQ };
            let f = (c.file as i32 + l.dx as i32).rem_euclid(g.files as i32);
            let r = c.rank as i32 + l.dy as i32;
            if !g.contains(f, r) {
                return NO_SQ;
            }
            let sq = g.square(crate::coord::Coord::new(f as u8, r as u8));
            return if self.board[sq] == OFF { NO_SQ } else { sq };
        }
        let sq = (cur as isize + l.off) as usize;
        if self.board[sq] == OFF {
            NO_SQ
        } else {
            sq
        }
    }

    /// The lameness test of a long step from `prev` (`n`: the mid square must be empty,
    /// `j`: occupied; both: never). Holes count as occupied.
    #[inline]
    fn mid_ok(&self, prev: Square, l: &Link, lifted: Square) -> bool {
        if !l.flags.intersects(Flags::LAME | Flags::JUMP) {
            return true;
        }
        let m = if l.flags.contains(Flags::WRAP) {
            let g = &self.variant.geometry;
            let Some(c) = g.coord(prev) else { return false };
            let f = (c.file as i32 + l.dx as i32 / 2).rem_euclid(g.files as i32);
            let r = c.rank as i32 + l.dy as i32 / 2;
            if !g.contains(f, r) {
                return !l.flags.contains(Flags::LAME) && l.flags.contains(Flags::JUMP);
            }
            g.square(crate::coord::Coord::new(f as u8, r as u8))
        } else {
            (prev as isize + l.mid) as usize
        };
        let occupied = m != lifted && self.board[m] != EMPTY;
        if occupied {
            !l.flags.contains(Flags::LAME)
        } else {
            !l.flags.contains(Flags::JUMP)
        }
    }

    /// Continue a non-final leg's walk to its next stop.
    fn next_stop(
        &self,
        l: &Link,
        w: &mut Walk,
        t: usize,
        color: Color,
        origin: Square,
        iso: u8,
    ) -> bool {
        if w.ended {
            return false;
        }
        loop {
            if w.steps >= l.range {
                return false;
            }
            let prev = w.cur;
            let next = self.step(prev, l);
            if next == NO_SQ || (l.flags.contains(Flags::WRAP) && next == w.start) {
                return false;
            }
            w.cur = next;
            w.steps += 1;
            if l.flags.contains(Flags::ISO) && iso > 0 && w.steps > iso {
                return false;
            }
            if w.steps <= l.skip_first {
                continue;
            }
            if !self.mid_ok(prev, l, origin) {
                return false;
            }
            let c = if next == origin {
                EMPTY
            } else {
                self.board[next]
            };
            let must_go_on = (l.flags.contains(Flags::EXACT) && w.steps < l.range)
                || (l.flags.contains(Flags::ISO) && iso > 0 && w.steps < iso);
            if c == EMPTY {
                if must_go_on {
                    continue;
                }
                if l.flags.intersects(Flags::MOVE | Flags::Y) {
                    w.victim = false;
                    w.induced = false;
                    return true;
                }
                if l.flags.contains(Flags::ISO) && iso > 0 {
                    return false;
                }
                continue;
            }
            w.ended = true;
            if must_go_on {
                return false;
            }
            let friend = cell_color(c) == color;
            if !friend && l.flags.contains(Flags::CAPTURE) && self.capture_ok(l.flags, c) {
                w.victim = true;
                w.induced = false;
                return true;
            }
            if friend && l.flags.contains(Flags::DESTROY) {
                w.victim = true;
                w.induced = false;
                return true;
            }
            if friend && l.flags.contains(Flags::INDUCE) {
                w.victim = false;
                w.induced = true;
                return true;
            }
            if l.flags.intersects(Flags::HOP | Flags::GRASS)
                && (friend || !l.flags.contains(Flags::HOP_FRIEND))
                && !self.hop_banned(t, color, c)
            {
                w.victim = false;
                w.induced = false;
                return true;
            }
            return false;
        }
    }

    /// Walk a final leg of the piece `who` after the `trail` of its earlier legs, and emit
    /// its destinations.
    fn final_leg(
        &self,
        l: &Link,
        who: Mover,
        trail: Trail,
        out: &mut MoveList,
        lenders: &mut Lenders,
    ) {
        let Mover {
            piece: t, color, ..
        } = who;
        let Trail {
            start,
            lifted,
            victims,
            ep_square,
            unload,
            iso,
        } = trail;
        let mut extra = [0u16; MAX_VICTIMS];
        extra[..victims.len()].copy_from_slice(victims);
        let nv = victims.len() as u8;
        let mut cur = start;
        let mut steps = 0u8;
        let mut screen = !l.flags.intersects(Flags::HOP | Flags::GRASS);
        let mut after_grass = false;
        let mut limit = l.range;
        loop {
            if steps >= limit {
                return;
            }
            let prev = cur;
            cur = self.step(prev, l);
            if cur == NO_SQ || (l.flags.contains(Flags::WRAP) && cur == start) {
                return;
            }
            steps += 1;
            if steps <= l.skip_first {
                continue;
            }
            if !self.mid_ok(prev, l, lifted) {
                return;
            }
            // A lame leap marked `n` makes its mid square an e.p. square.
            let ep_square = if l.flags.contains(Flags::EP_CREATE)
                && l.flags.contains(Flags::LAME)
                && l.range == 1
            {
                (prev as isize + l.mid) as u16
            } else {
                ep_square
            };
            let c = if cur == lifted {
                EMPTY
            } else {
                self.board[cur]
            };
            if !screen {
                if c != EMPTY {
                    if l.flags.contains(Flags::HOP_FRIEND) && cell_color(c) != color {
                        return;
                    }
                    if self.hop_banned(t, color, c) {
                        return;
                    }
                    screen = true;
                    if l.flags.contains(Flags::GRASS) {
                        after_grass = true;
                        limit = limit.min(steps.saturating_add(1));
                    }
                }
                continue;
            }
            let _ = after_grass;
            if l.flags.contains(Flags::ISO) && iso > 0 && steps > iso {
                return;
            }
            let must_go_on = (l.flags.contains(Flags::EXACT) && steps < l.range)
                || (l.flags.contains(Flags::ISO) && iso > 0 && steps < iso);
            // A destination here, onto a friend or not.
            let land = |out: &mut MoveList, onto_friend: bool| {
                let at = Arrival {
                    to: cur,
                    kind: MoveKind::Normal,
                    extra,
                    victims: nv,
                    ep_square,
                    onto_friend,
                };
                self.emit(out, l.flags, who, at)
            };
            if c == EMPTY {
                if must_go_on {
                    continue;
                }
                // With `e` the move to the e.p. square is the e.p. capture (once: not also
                // a plain move with the same from and to).
                if l.flags.contains(Flags::EP) && self.ep.is_some_and(|ep| ep.covers(cur)) {
                    self.emit_ep(out, l.flags, who, cur, victims);
                } else if l.flags.contains(Flags::MOVE) {
                    land(out, false);
                }
                if l.flags.contains(Flags::ISO) && iso > 0 {
                    return;
                }
                continue;
            }
            if must_go_on {
                return;
            }
            let unload = if l.flags.contains(Flags::UNLOAD) {
                start as u16
            } else {
                unload
            };
            let before = out.len();
            if cell_color(c) != color {
                if l.flags.intersects(Flags::CAPTURE | Flags::ROYAL_ONLY)
                    && self.capture_ok(l.flags, c)
                {
                    land(out, false);
                }
            } else {
                if l.flags.contains(Flags::DESTROY) {
                    land(out, true);
                }
                if l.flags.contains(Flags::INDUCE) {
                    // Move borrowing: this friend lends its type's moves.
                    lenders.add(cell_type(c));
                }
            }
            if unload != 0 {
                for m in &mut out[before..] {
                    m.unload = unload;
                }
            }
            return;
        }
    }

    /// The general interpreter: multi-leg paths, hoppers, castling, teleports.
    fn walk_general(
        &self,
        links: &[Link],
        origin: Square,
        t: usize,
        color: Color,
        out: &mut MoveList,
        lenders: &mut Lenders,
    ) {
        let virgin = self.virgin[origin];
        let mut walks = [Walk::default(); MAX_LEGS];
        // Steps of the latest sliding leg at each depth (for `i` iso legs).
        let mut slide_len = [0u8; MAX_LEGS];
        let mut ep_at = [0u16; MAX_LEGS];
        let mut unload_at = [0u16; MAX_LEGS];
        let mut i = 0;
        while i < links.len() {
            let l = &links[i];
            let d = l.depth as usize;
            match l.kind {
                Kind::Leg => {
                    if d == 0
                        && ((l.flags.contains(Flags::INITIAL) && !virgin)
                            || (l.flags.contains(Flags::INITIAL_AHEAD)
                                && !self.stands_ahead(origin, color)))
                    {
                        i += 1 + l.skip as usize;
                        continue;
                    }
                    let start = if d == 0 { origin } else { walks[d - 1].cur };
                    let iso = if d == 0 { 0 } else { slide_len[d - 1] };
                    if l.flags.contains(Flags::FINAL) {
                        let mut victims = [0u16; MAX_LEGS];
                        let mut nv = 0;
                        let mut ep = 0;
                        for k in 0..d {
                            if walks[k].victim {
                                victims[nv] = walks[k].cur as u16;
                                nv += 1;
                            }
                            if ep_at[k] != 0 {
                                ep = ep_at[k];
                            }
                        }
                        // Induction: the last friend stopped on makes the rest of the path.
                        let relay = (0..d)
                            .rev()
                            .find(|&k| walks[k].induced)
                            .map(|k| walks[k].cur);
                        let unload = (0..d)
                            .rev()
                            .find_map(|k| (unload_at[k] != 0).then_some(unload_at[k]))
                            .unwrap_or(0);
                        let (mover, mt) = match relay {
                            Some(f) => (f, cell_type(self.board[f])),
                            None => (origin, t),
                        };
                        let who = Mover {
                            piece: mt,
                            color,
                            from: origin,
                        };
                        if nv <= MAX_VICTIMS {
                            let before = out.len();
                            let trail = Trail {
                                start,
                                lifted: mover,
                                victims: &victims[..nv],
                                ep_square: ep,
                                unload,
                                iso,
                            };
                            self.final_leg(l, who, trail, out, lenders);
                            if let Some(f) = relay {
                                for m in &mut out[before..] {
                                    m.relay = f as u16;
                                }
                            }
                        } else if l.flags.contains(Flags::INDUCE) {
                            // Too many victims for a move, but borrowing drops the path's
                            // effects: only look for lenders.
                            let mut only = *l;
                            only.flags = l.flags.without(
                                Flags::MOVE
                                    | Flags::CAPTURE
                                    | Flags::ROYAL_ONLY
                                    | Flags::DESTROY
                                    | Flags::EP
                                    | Flags::UNLOAD,
                            );
                            let trail = Trail {
                                start,
                                lifted: mover,
                                victims: &[],
                                ep_square: 0,
                                unload: 0,
                                iso,
                            };
                            self.final_leg(&only, who, trail, out, lenders);
                        }
                        i += 1;
                    } else {
                        walks[d] = Walk {
                            start,
                            cur: start,
                            ..Walk::default()
                        };
                        // After an induction the relayed friend moves: its square is the empty one.
                        let lifted = (0..d)
                            .rev()
                            .find(|&k| walks[k].induced)
                            .map_or(origin, |k| walks[k].cur);
                        if self.next_stop(l, &mut walks[d], t, color, lifted, iso) {
                            self.note_stop(l, d, &walks, &mut slide_len, &mut ep_at);
                            unload_at[d] = if l.flags.contains(Flags::UNLOAD) {
                                start as u16
                            } else {
                                0
                            };
                            i += 1;
                        } else {
                            i += 1 + l.skip as usize;
                        }
                    }
                }
                Kind::Loop { .. } => {
                    let target = i - l.back as usize;
                    let leg = &links[target];
                    let iso = if d == 0 { 0 } else { slide_len[d - 1] };
                    let lifted = (0..d)
                        .rev()
                        .find(|&k| walks[k].induced)
                        .map_or(origin, |k| walks[k].cur);
                    if self.next_stop(leg, &mut walks[d], t, color, lifted, iso) {
                        self.note_stop(leg, d, &walks, &mut slide_len, &mut ep_at);
                        i = target + 1;
                    } else {
                        i += 1;
                    }
                }
                Kind::Castle => {
                    if !l.flags.contains(Flags::INITIAL) || virgin {
                        self.castle(l, origin, t, color, out);
                    }
                    i += 1;
                }
                Kind::Teleport => {
                    let who = Mover {
                        piece: t,
                        color,
                        from: origin,
                    };
                    for &sq in &self.variant.playable {
                        if sq == origin {
                            continue;
                        }
                        let c = self.board[sq];
                        // As on a final leg, the e.p. square with `e` is the e.p. capture.
                        if c == EMPTY
                            && l.flags.contains(Flags::EP)
                            && self.ep.is_some_and(|ep| ep.covers(sq))
                        {
                            self.emit_ep(out, l.flags, who, sq, &[]);
                            continue;
                        }
                        // Landing on an empty square, an enemy, or a friend (destroyed).
                        let landing = if c == EMPTY {
                            l.flags.contains(Flags::MOVE).then_some(false)
                        } else if cell_color(c) != color {
                            (l.flags.intersects(Flags::CAPTURE | Flags::ROYAL_ONLY)
                                && self.capture_ok(l.flags, c))
                            .then_some(false)
                        } else {
                            l.flags.contains(Flags::DESTROY).then_some(true)
                        };
                        if let Some(onto_friend) = landing {
                            let at = Arrival {
                                onto_friend,
                                ..Arrival::step(sq, 0)
                            };
                            self.emit(out, l.flags, who, at);
                        }
                        if c != EMPTY && cell_color(c) == color && l.flags.contains(Flags::INDUCE) {
                            lenders.add(cell_type(c));
                        }
                    }
                    i += 1;
                }
                Kind::Imitate => {
                    // Reached only inside a borrowed program (see `links_moves`).
                    i += 1;
                }
            }
        }
    }

    fn note_stop(
        &self,
        l: &Link,
        d: usize,
        walks: &[Walk; MAX_LEGS],
        slide_len: &mut [u8; MAX_LEGS],
        ep_at: &mut [u16; MAX_LEGS],
    ) {
        let prev = if d == 0 { 0 } else { slide_len[d - 1] };
        slide_len[d] = if l.range != 1 { walks[d].steps } else { prev };
        ep_at[d] = if l.flags.contains(Flags::EP_CREATE) && !walks[d].victim {
            walks[d].cur as u16
        } else {
            0
        };
    }

    /// Castling: walk towards the partner at the edge; all squares between empty.
    pub(crate) fn castle(
        &self,
        l: &Link,
        origin: Square,
        t: usize,
        color: Color,
        out: &mut MoveList,
    ) {
        let mut cur = origin;
        let mut dist = 0u8;
        loop {
            cur = self.step(cur, l);
            if cur == NO_SQ {
                return;
            }
            dist += 1;
            let c = self.board[cur];
            if c == EMPTY {
                continue;
            }
            // The first piece met must be the unmoved friendly partner at the edge.
            if cell_color(c) != color || !self.virgin[cur] || dist <= l.range {
                return;
            }
            let mut beyond = cur;
            for _ in 0..l.skip_first {
                beyond = (beyond as isize + l.off) as usize;
                if self.board[beyond] == OFF {
                    return;
                }
            }
            if self.board[(beyond as isize + l.off) as usize] != OFF {
                return;
            }
            let king_to = (origin as isize + l.off * l.range as isize) as usize;
            let partner_to = (king_to as isize - l.off) as usize;
            let who = Mover {
                piece: t,
                color,
                from: origin,
            };
            let at = Arrival {
                kind: MoveKind::Castle,
                extra: [cur as u16, partner_to as u16, 0, 0, 0],
                ..Arrival::step(king_to, 0)
            };
            self.emit(out, l.flags, who, at);
            return;
        }
    }

    /// Whether the piece on `from` could capture on `target` in this position.
    fn piece_captures(&self, from: Square, target: Square) -> bool {
        let mut list = MoveList::new();
        self.moves_from(from, &mut list);
        list.iter().any(|m| {
            m.kind != MoveKind::Castle
                && (m.to() == target || m.locust().iter().any(|&v| v as usize == target))
        })
    }

    /// Whether a piece of `by` attacks `target` (could capture a royal standing there).
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        self.lists[by.index()].squares.iter().any(|&s| {
            let s = s as usize;
            match self.table_attack(s, by, target) {
                Some(hit) => hit,
                None => self.piece_captures(s, target),
            }
        })
    }

    /// Whether the piece of `by` on `from` attacks `target` (could capture a royal there),
    /// as far as the attack table tells: `None` when only running the piece's generator
    /// can (multi-leg paths, grasshoppers, borrowed moves). The cheap question an
    /// evaluation asks of many squares (a royal's surroundings).
    #[inline]
    pub fn table_attack(&self, from: Square, by: Color, target: Square) -> Option<bool> {
        let board = &self.board;
        let t = cell_type(board[from]);
        let diff = target as isize - from as isize;
        Some(match self.variant.attack[t][by.index()].get(diff) {
            Attack::None => false,
            Attack::Leap => true,
            Attack::Ray(off) => {
                let off = off as isize;
                let mut cur = from as isize + off;
                while cur as usize != target && board[cur as usize] == EMPTY {
                    cur += off;
                }
                cur as usize == target
            }
            Attack::Hop(off) => {
                let off = off as isize;
                let mut cur = from as isize + off;
                let mut screens = 0;
                while cur as usize != target {
                    if board[cur as usize] != EMPTY {
                        screens += 1;
                        if screens > 1 {
                            break;
                        }
                    }
                    cur += off;
                }
                screens == 1 && cur as usize == target
            }
            Attack::Lame(mid) => board[(from as isize + mid as isize) as usize] == EMPTY,
            Attack::Complex => return None,
        })
    }

    /// Whether `by` attacks `target` once the piece on `lifted` has gone (a royal moving
    /// there). `None` when some attack can only be judged by playing the move.
    fn attacked_without(&self, target: Square, by: Color, lifted: Square) -> Option<bool> {
        let v = &*self.variant;
        let board = &self.board;
        let empty = |sq: usize| sq == lifted || board[sq] == EMPTY;
        for &s in &self.lists[by.index()].squares {
            let s = s as usize;
            if s == target {
                // Captured by the move.
                continue;
            }
            let t = cell_type(board[s]);
            match v.attack[t][by.index()].get(target as isize - s as isize) {
                Attack::None => {}
                Attack::Leap => return Some(true),
                Attack::Ray(off) => {
                    let off = off as isize;
                    let mut cur = s as isize + off;
                    while cur as usize != target && empty(cur as usize) {
                        cur += off;
                    }
                    if cur as usize == target {
                        return Some(true);
                    }
                }
                Attack::Hop(off) => {
                    let off = off as isize;
                    let mut cur = s as isize + off;
                    let mut screens = 0;
                    while cur as usize != target {
                        if !empty(cur as usize) {
                            screens += 1;
                        }
                        cur += off;
                    }
                    if screens == 1 {
                        return Some(true);
                    }
                }
                Attack::Lame(mid) => {
                    let mid = mid as isize;
                    if empty((s as isize + mid) as usize) {
                        return Some(true);
                    }
                }
                Attack::Complex => return None,
            }
        }
        Some(false)
    }

    /// Whether the side to move has a royal under attack.
    pub fn in_check(&self) -> bool {
        if !self.variant.plain_rules {
            return self.clone().royal_danger_ruled(self.side);
        }
        let us = self.side;
        self.royals[us.index()]
            .iter()
            .any(|&r| self.is_attacked(r as usize, us.flip()))
    }

    /// After `color` moved: does the move leave it in royal danger?
    pub(crate) fn royal_danger(&self, color: Color) -> bool {
        let royals = &self.royals[color.index()];
        if royals.is_empty() {
            // Extinction royalty: having lost every royal is not something a move can
            // avoid by being illegal; the game is over.
            return false;
        }
        let them = color.flip();
        if self.variant.any_royal_loses {
            royals.iter().any(|&r| self.is_attacked(r as usize, them))
        } else {
            royals.iter().all(|&r| self.is_attacked(r as usize, them))
        }
    }

    /// Whether a pseudo-legal move of the side to move is legal.
    pub fn is_legal(&mut self, m: &Move) -> bool {
        if !self.variant.plain_rules || self.game.decided.is_some() {
            return self.ruled_legal(m);
        }
        let us = self.side;
        if self.royals[us.index()].is_empty() {
            return true;
        }
        if m.kind == MoveKind::Castle
            && self.variant.pieces[m.piece as usize].royal
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
            && self.royals[us.index()][0] == m.from
        {
            if let Some(attacked) = self.attacked_without(m.to(), us.flip(), m.from()) {
                return !attacked;
            }
        }
        let undo = self.make(m);
        let bad = self.royal_danger(us) || self.drop_mated(m);
        self.unmake(m, undo);
        !bad
    }

    /// With the move `m` just played: is it a drop that `dropNoMate` forbids because it
    /// checkmates? Only a drop that gives check pays for the look at the reply (on a copy,
    /// so the caller's sensitivity marks stay valid).
    pub(crate) fn drop_mated(&self, m: &Move) -> bool {
        if m.kind != MoveKind::Drop || !self.variant.pieces[m.piece as usize].no_drop_mate {
            return false;
        }
        if !self.in_check() {
            return false;
        }
        let mut reply = self.clone();
        let mut moves = MoveList::new();
        reply.legal_moves_into(&mut moves);
        moves.is_empty()
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
        let mut sq = from as isize + dir;
        while sq as usize != to {
            let probe = Move {
                kind: MoveKind::Normal,
                from: from as u16,
                to: sq as u16,
                extra: [0; MAX_VICTIMS],
                victims: 0,
                piece: m.piece,
                promotion: NO_PROMOTION,
                ep_square: 0,
                unload: 0,
                relay: 0,
            };
            if self.board[sq as usize] != EMPTY && sq as usize != m.extra[0] as usize {
                return false;
            }
            let undo = self.make(&probe);
            let attacked = self.is_attacked(sq as usize, us.flip());
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
    fn mark_sensitive(&mut self, us: Color) -> Option<bool> {
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
            let r = r as isize;
            let mut hit = false;
            for &s in &self.lists[them.index()].squares {
                let s = s as isize;
                let t = cell_type(self.board[s as usize]);
                match v.attack[t][them.index()].get(r - s) {
                    Attack::None => {}
                    Attack::Leap => hit = true,
                    Attack::Ray(off) => {
                        let off = off as isize;
                        let mut cur = s + off;
                        let mut open = true;
                        while cur != r {
                            let m = &mut self.sensitive[cur as usize];
                            *m = (*m).max(stamp);
                            open &= self.board[cur as usize] == EMPTY;
                            cur += off;
                        }
                        hit |= open;
                    }
                    Attack::Hop(off) => {
                        let off = off as isize;
                        let mut cur = s + off;
                        let mut screens = 0;
                        while cur != r {
                            self.sensitive[cur as usize] = stamp + 1;
                            screens += usize::from(self.board[cur as usize] != EMPTY);
                            cur += off;
                        }
                        hit |= screens == 1;
                        self.hop_marks = true;
                    }
                    Attack::Lame(mid) => {
                        let mid = mid as isize;
                        let m = &mut self.sensitive[(s + mid) as usize];
                        *m = (*m).max(stamp);
                        hit |= self.board[(s + mid) as usize] == EMPTY;
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
        if self.bitboard_moves(out) {
            return;
        }
        self.legal_moves_generic_into(out);
    }

    /// Every legal move into `out` (cleared first) by the generic generator, in generation
    /// order: the reference the bitboard generator is tested against.
    pub fn legal_moves_generic_into(&mut self, out: &mut MoveList) {
        self.pseudo_moves_into(out);
        let us = self.side;
        if self.royals[us.index()].is_empty() {
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
            let sq = sq as usize;
            let t = cell_type(self.board[sq]);
            let piece = &v.pieces[t];
            let linked = &piece.linked[us.index()];
            if lone_royal
                && piece.royal
                && !linked.dedupe
                && sq == self.royals[us.index()][0] as usize
            {
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
                        self.links_moves(std::slice::from_ref(l), sq, t, us, royal.deferred, false);
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

    /// Whether a move leaves every sensitive square (and every royal) alone.
    #[inline]
    fn untouched(&self, m: &Move, stamp: u32) -> bool {
        match m.kind {
            MoveKind::Normal => {
                if m.unload != 0 || m.relay != 0 {
                    return false;
                }
                let from = m.from as usize;
                if self.sensitive[from] >= stamp
                    || self.sensitive[m.to as usize] > stamp
                    || self.variant.pieces[m.piece as usize].royal
                {
                    return false;
                }
                m.locust()
                    .iter()
                    .all(|&v| self.sensitive[v as usize] < stamp)
            }
            MoveKind::Drop => {
                self.sensitive[m.to as usize] <= stamp
                    && !self.variant.pieces[m.piece as usize].no_drop_mate
            }
            MoveKind::Castle | MoveKind::EnPassant => false,
        }
    }
}

/// What the fast walkers do with a destination.
pub(crate) trait Sink {
    /// A one-step move of `who` to `to` (creating the e.p. square `ep`, 0: none).
    fn land(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square, ep: u16);
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
    fn land(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square, ep: u16) {
        pos.emit_step(self, flags, who, to, ep);
    }
    fn moves(&mut self) -> &mut MoveList {
        self
    }
}

/// Counts legal destinations; e.p. captures (whose legality needs a test) are deferred.
struct Counter<'a> {
    n: usize,
    deferred: &'a mut MoveList,
}

impl Sink for Counter<'_> {
    #[inline(always)]
    fn land(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square, _ep: u16) {
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
struct PlainCounter<'a> {
    n: usize,
    deferred: &'a mut MoveList,
}

impl Sink for PlainCounter<'_> {
    #[inline(always)]
    fn land(&mut self, _: &Position, _: Flags, _: Mover, _: Square, _: u16) {
        self.n += 1;
    }
    fn moves(&mut self) -> &mut MoveList {
        self.deferred
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

/// Counts the lone royal's plain steps that land on unattacked squares (judged with the
/// royal lifted); steps whose safety needs a played move are deferred.
struct RoyalCounter<'a> {
    n: usize,
    deferred: &'a mut MoveList,
}

impl Sink for RoyalCounter<'_> {
    #[inline(always)]
    fn land(&mut self, pos: &Position, flags: Flags, who: Mover, to: Square, ep: u16) {
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

/// The types of the friends a piece reached with final `x` legs, each once, in the order
/// met: the types whose moves it borrows. Allocates only when a friend lends.
struct Lenders(Vec<u8>);

impl Lenders {
    #[inline]
    fn new() -> Lenders {
        Lenders(Vec::new())
    }

    fn add(&mut self, t: usize) {
        let t = t as u8;
        if !self.0.contains(&t) {
            self.0.push(t);
        }
    }

    fn types(&self) -> &[u8] {
        &self.0
    }
}
