//! The leg interpreter: walks a piece's linked leg program over the board. Single-leg
//! records of a fast shape run in a tight loop (`walk_fast`); everything
//! else walks the pre-order record list with one reached square per leg depth (see
//! `xbetza::program`). Found destinations go to `emit`.

use super::*;
use crate::position::moves::{MoveKind, MoveList, EP_SECOND, MAX_VICTIMS};
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{cell_color, cell_type, Cell, Color, Link, Role, Shape, EMPTY, OFF};
use xbetza::{Flags, Kind};

/// What [`Position::step`] returns off the board: a square no board has.
pub(super) const NO_SQ: Square = Square::new(usize::MAX);

/// What the earlier legs of a path hand to its final leg: where it starts, the square the
/// moving piece left (empty for the walk), the locust victims taken, the e.p. square and
/// unload square made, and the length of the latest slide (for `i` legs; 0: none).
#[derive(Clone, Copy)]
pub(super) struct Trail<'a> {
    pub(super) start: Square,
    pub(super) lifted: Square,
    pub(super) victims: &'a [u16],
    pub(super) ep_square: Square,
    pub(super) unload: Square,
    pub(super) iso: u8,
}

/// The progress of one leg's walk (resumable by loop records).
#[derive(Clone, Copy, Default)]
pub(super) struct Walk {
    /// Where the leg started.
    start: Square,
    cur: Square,
    steps: u8,
    ended: bool,
    /// The stop at this depth captured something (locust victim).
    victim: bool,
    /// The stop is a friend that makes the remaining legs (induction).
    induced: bool,
}

/// The state of a multi-leg walk, one entry per leg depth.
#[derive(Default)]
pub(super) struct Path {
    walks: [Walk; MAX_LEGS],
    /// Steps of the latest sliding leg at each depth (for `i` iso legs).
    slide_len: [u8; MAX_LEGS],
    /// The e.p. square the stop at each depth creates (0: none).
    ep_at: [u16; MAX_LEGS],
    /// The unload square of the stop at each depth (0: none).
    unload_at: [u16; MAX_LEGS],
}

impl Path {
    /// Where a leg at depth `d` starts.
    fn start(&self, d: usize, origin: Square) -> Square {
        if d == 0 {
            origin
        } else {
            self.walks[d - 1].cur
        }
    }

    /// The length of the latest slide before depth `d` (for `i` legs; 0: none).
    fn iso(&self, d: usize) -> u8 {
        if d == 0 {
            0
        } else {
            self.slide_len[d - 1]
        }
    }

    /// The square left empty for a leg at depth `d`: the origin, or after an induction the
    /// square of the friend that moves on.
    fn lifted(&self, d: usize, origin: Square) -> Square {
        (0..d)
            .rev()
            .find(|&k| self.walks[k].induced)
            .map_or(origin, |k| self.walks[k].cur)
    }

    /// Record the stop just reached at depth `d` by leg `l`.
    fn note_stop(&mut self, l: &Link, d: usize) {
        let prev = self.iso(d);
        let w = &self.walks[d];
        self.slide_len[d] = if l.range != 1 { w.steps } else { prev };
        self.ep_at[d] = if l.flags.contains(Flags::EP_CREATE) && !w.victim {
            w.cur.pack()
        } else {
            0
        };
    }
}

impl Position {
    #[inline]
    pub(super) fn capture_ok(&self, flags: Flags, victim: Cell) -> bool {
        if flags.intersects(Flags::ROYAL_ONLY | Flags::NON_ROYAL) {
            // Both restrictions together (`tk`) leave nothing to capture.
            let royal = self.variant.pieces[cell_type(victim)].royal;
            return (royal || !flags.contains(Flags::ROYAL_ONLY))
                && (!royal || !flags.contains(Flags::NON_ROYAL));
        }
        true
    }

    /// The fast walkers: single final legs of a [`Shape`] with a tight loop, generic over
    /// what is done with a destination (push a move, or count it).
    ///
    /// One function on purpose: a `match` with one short loop per shape, inlined into every
    /// sink, so each shape's loop compiles without calls; the arms share nothing to factor.
    #[inline(always)]
    pub(super) fn walk_fast<S: Sink>(
        &self,
        l: &Link,
        from: Square,
        t: Role,
        color: Color,
        sink: &mut S,
    ) {
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
                let to = from + l.off;
                let c = board[to];
                if c == EMPTY || enemy(c) {
                    sink.land(self, l.flags, who, to, Square::NONE);
                }
            }
            Shape::LeapM => {
                let to = from + l.off;
                if board[to] == EMPTY {
                    sink.land(self, l.flags, who, to, Square::NONE);
                }
            }
            Shape::LeapC => {
                let to = from + l.off;
                if enemy(board[to]) {
                    sink.land(self, l.flags, who, to, Square::NONE);
                }
            }
            Shape::LeapCE => {
                let to = from + l.off;
                let c = board[to];
                if enemy(c) {
                    sink.land(self, l.flags, who, to, Square::NONE);
                } else if c == EMPTY && self.ep.is_some_and(|ep| ep.covers(to)) {
                    sink.en_passant(self, l.flags, who, to);
                }
            }
            Shape::LeapLame => {
                let to = from + l.off;
                let c = board[to];
                let mid = from + l.mid;
                if (c == EMPTY || enemy(c)) && board[mid] == EMPTY {
                    let ep = if l.flags.contains(Flags::EP_CREATE) {
                        mid
                    } else {
                        Square::NONE
                    };
                    sink.land(self, l.flags, who, to, ep);
                }
            }
            Shape::Push => {
                if !self.virgin[from] {
                    return;
                }
                let to = from + l.off;
                let mid = from + l.mid;
                if board[to] == EMPTY && board[mid] == EMPTY {
                    let ep = if l.flags.contains(Flags::EP_CREATE) {
                        mid
                    } else {
                        Square::NONE
                    };
                    sink.land(self, l.flags, who, to, ep);
                }
            }
            Shape::Slide | Shape::SlideM | Shape::SlideC => {
                let mut to = from;
                let mut left = l.range;
                loop {
                    to += l.off;
                    let c = board[to];
                    if c == EMPTY {
                        if l.shape != Shape::SlideC {
                            sink.land(self, l.flags, who, to, Square::NONE);
                        }
                        left -= 1;
                        if left == 0 {
                            break;
                        }
                        continue;
                    }
                    if l.shape != Shape::SlideM && enemy(c) {
                        sink.land(self, l.flags, who, to, Square::NONE);
                    }
                    break;
                }
            }
            Shape::Hop => {
                let mut to = from;
                let mut left = l.range;
                let mut screen = false;
                loop {
                    to += l.off;
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
                            sink.land(self, l.flags, who, to, Square::NONE);
                        }
                    } else {
                        if l.flags.intersects(Flags::CAPTURE | Flags::ROYAL_ONLY)
                            && cell_color(c) != color
                            && self.capture_ok(l.flags, c)
                        {
                            sink.land(self, l.flags, who, to, Square::NONE);
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
    pub(super) fn hop_banned(&self, t: Role, color: Color, hurdle: Cell) -> bool {
        let rules = &self.variant.rules;
        rules.hop_bans && {
            let target = if cell_color(hurdle) == color {
                idiagram::Target::Friend(cell_type(hurdle).index())
            } else {
                idiagram::Target::Enemy(cell_type(hurdle).index())
            };
            matches!(
                rules.effect(t.index(), target),
                crate::rules::Effect::NoHop | crate::rules::Effect::NoCaptureNoHop
            )
        }
    }

    /// Whether the piece on `sq` stands one square in front of a start square of its kind
    /// (`ii` moves, e.g. a Wildebeest pawn's second step).
    pub(super) fn stands_ahead(&self, sq: Square, color: Color) -> bool {
        let v = &*self.variant;
        let behind = sq - v.forward[color.index()];
        v.setup_cells.get(behind.index()) == Some(&self.board[sq])
    }

    /// One step of a walk, or `NO_SQ` off the board.
    #[inline]
    pub(super) fn step(&self, cur: Square, l: &Link) -> Square {
        if l.dead {
            return NO_SQ;
        }
        if l.flags.contains(Flags::WRAP) {
            let g = &self.variant.geometry;
            let Some(c) = g.coord(cur) else { return NO_SQ };
            let Some(sq) = g.wrapped(c, l.dx.into(), l.dy.into()) else {
                return NO_SQ;
            };
            return if self.board[sq] == OFF { NO_SQ } else { sq };
        }
        let sq = cur + l.off;
        if self.board[sq] == OFF {
            NO_SQ
        } else {
            sq
        }
    }

    /// The lameness test of a long step from `prev` (`n`: the mid square must be empty,
    /// `j`: occupied; both: never). Holes count as occupied.
    #[inline]
    pub(super) fn mid_ok(&self, prev: Square, l: &Link, lifted: Square) -> bool {
        if !l.flags.intersects(Flags::LAME | Flags::JUMP) {
            return true;
        }
        let m = if l.flags.contains(Flags::WRAP) {
            let g = &self.variant.geometry;
            let Some(c) = g.coord(prev) else { return false };
            let Some(m) = g.wrapped(c, i32::from(l.dx) / 2, i32::from(l.dy) / 2) else {
                return !l.flags.contains(Flags::LAME) && l.flags.contains(Flags::JUMP);
            };
            m
        } else {
            prev + l.mid
        };
        let occupied = m != lifted && self.board[m] != EMPTY;
        if occupied {
            !l.flags.contains(Flags::LAME)
        } else {
            !l.flags.contains(Flags::JUMP)
        }
    }

    /// Continue a non-final leg's walk to its next stop.
    pub(super) fn next_stop(
        &self,
        l: &Link,
        w: &mut Walk,
        who: Mover,
        origin: Square,
        iso: u8,
    ) -> bool {
        let Mover {
            piece: t, color, ..
        } = who;
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
    ///
    /// One loop on purpose: the screen, grasshopper, `i` and exact-range states change
    /// step by step within it, and each stop is decided in place from all of them.
    pub(super) fn final_leg(
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
        // An initial slide that cannot capture, made as the whole move (a pawn's double or
        // triple push, `ifmW3`), gives e.p. rights on the squares it passes, as XBoard
        // does (and Fairy-Max in Mexican Chess, on both squares a triple push passes): the
        // first is the move's e.p. square, a second is flagged ([`EP_SECOND`]).
        let push = l.range != 1
            && nv == 0
            && start == who.from
            && l.flags.contains(Flags::INITIAL | Flags::MOVE)
            && !l
                .flags
                .intersects(Flags::CAPTURE | Flags::ROYAL_ONLY | Flags::DESTROY);
        let mut passed = Square::NONE;
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
                prev + l.mid
            } else if push && steps >= 2 {
                passed
            } else {
                ep_square
            };
            if push && steps == 1 {
                passed = cur;
            }
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
                    let before = out.len();
                    land(out, false);
                    if push && steps >= 3 {
                        for m in &mut out[before..] {
                            m.ep_square |= EP_SECOND;
                        }
                    }
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
                start
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
            if unload.is_some() {
                for m in &mut out[before..] {
                    m.unload = unload.pack();
                }
            }
            return;
        }
    }

    /// The general interpreter: multi-leg paths, hoppers, castling, teleports. Walks the
    /// pre-order records with one [`Path`] entry per leg depth; a final leg ends the path
    /// ([`Self::path_end`]). `path` is scratch: every depth's entry is written when a leg
    /// at that depth starts, before anything deeper reads it, so one `Path` serves all of
    /// a piece's first legs (clearing it per first leg was a quarter of a falcon search).
    pub(super) fn walk_general(
        &self,
        links: &[Link],
        who: Mover,
        out: &mut MoveList,
        lenders: &mut Lenders,
        path: &mut Path,
    ) {
        let Mover {
            color,
            from: origin,
            ..
        } = who;
        let virgin = self.virgin[origin];
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
                    if l.flags.contains(Flags::FINAL) {
                        self.path_end(l, path, who, out, lenders);
                        i += 1;
                        continue;
                    }
                    let start = path.start(d, origin);
                    let iso = path.iso(d);
                    path.walks[d] = Walk {
                        start,
                        cur: start,
                        ..Walk::default()
                    };
                    // After an induction the relayed friend moves: its square is the empty one.
                    let lifted = path.lifted(d, origin);
                    if self.next_stop(l, &mut path.walks[d], who, lifted, iso) {
                        path.note_stop(l, d);
                        path.unload_at[d] = if l.flags.contains(Flags::UNLOAD) {
                            start.pack()
                        } else {
                            0
                        };
                        i += 1;
                    } else {
                        i += 1 + l.skip as usize;
                    }
                }
                Kind::Loop { .. } => {
                    let target = i - l.back as usize;
                    let leg = &links[target];
                    let iso = path.iso(d);
                    let lifted = path.lifted(d, origin);
                    if self.next_stop(leg, &mut path.walks[d], who, lifted, iso) {
                        path.note_stop(leg, d);
                        i = target + 1;
                    } else {
                        i += 1;
                    }
                }
                Kind::Castle => {
                    if !l.flags.contains(Flags::INITIAL) || virgin {
                        self.castle(l, who, out);
                    }
                    i += 1;
                }
                Kind::Teleport => {
                    self.teleport(l, who, out, lenders);
                    i += 1;
                }
                Kind::Imitate => {
                    // Reached only inside a borrowed program (see `links_moves`).
                    i += 1;
                }
            }
        }
    }

    /// The final leg `l` of a path walked so far (`path`) by the piece `who`: the earlier
    /// stops' victims, e.p. and unload squares go into its moves; after an induction the
    /// friend stopped on last makes the leg.
    fn path_end(
        &self,
        l: &Link,
        path: &Path,
        who: Mover,
        out: &mut MoveList,
        lenders: &mut Lenders,
    ) {
        let d = l.depth as usize;
        let walks = &path.walks;
        let start = path.start(d, who.from);
        let iso = path.iso(d);
        let mut victims = [0u16; MAX_LEGS];
        let mut nv = 0;
        let mut ep = 0;
        for (w, &ep_here) in walks[..d].iter().zip(&path.ep_at[..d]) {
            if w.victim {
                victims[nv] = w.cur.pack();
                nv += 1;
            }
            if ep_here != 0 {
                ep = ep_here;
            }
        }
        // Induction: the last friend stopped on makes the rest of the path.
        let relay = (0..d)
            .rev()
            .find(|&k| walks[k].induced)
            .map(|k| walks[k].cur);
        let unload = (0..d)
            .rev()
            .find_map(|k| (path.unload_at[k] != 0).then_some(path.unload_at[k]))
            .unwrap_or(0);
        let (mover, mt) = match relay {
            Some(f) => (f, cell_type(self.board[f])),
            None => (who.from, who.piece),
        };
        let who = Mover { piece: mt, ..who };
        if nv <= MAX_VICTIMS {
            let before = out.len();
            let trail = Trail {
                start,
                lifted: mover,
                victims: &victims[..nv],
                ep_square: Square::unpack(ep),
                unload: Square::unpack(unload),
                iso,
            };
            self.final_leg(l, who, trail, out, lenders);
            if let Some(f) = relay {
                for m in &mut out[before..] {
                    m.relay = f.pack();
                }
            }
        } else if l.flags.contains(Flags::INDUCE) {
            // Too many victims for a move, but borrowing drops the path's effects: only
            // look for lenders.
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
                ep_square: Square::NONE,
                unload: Square::NONE,
                iso,
            };
            self.final_leg(&only, who, trail, out, lenders);
        }
    }

    /// A teleport leg: every playable square but the origin, by the leg's modality.
    fn teleport(&self, l: &Link, who: Mover, out: &mut MoveList, lenders: &mut Lenders) {
        for &sq in &self.variant.playable {
            if sq == who.from {
                continue;
            }
            let c = self.board[sq];
            // As on a final leg, the e.p. square with `e` is the e.p. capture.
            if c == EMPTY && l.flags.contains(Flags::EP) && self.ep.is_some_and(|ep| ep.covers(sq))
            {
                self.emit_ep(out, l.flags, who, sq, &[]);
                continue;
            }
            // Landing on an empty square, an enemy, or a friend (destroyed).
            let landing = if c == EMPTY {
                l.flags.contains(Flags::MOVE).then_some(false)
            } else if cell_color(c) != who.color {
                (l.flags.intersects(Flags::CAPTURE | Flags::ROYAL_ONLY)
                    && self.capture_ok(l.flags, c))
                .then_some(false)
            } else {
                l.flags.contains(Flags::DESTROY).then_some(true)
            };
            if let Some(onto_friend) = landing {
                let at = Arrival {
                    onto_friend,
                    ..Arrival::step(sq, Square::NONE)
                };
                self.emit(out, l.flags, who, at);
            }
            if c != EMPTY && cell_color(c) == who.color && l.flags.contains(Flags::INDUCE) {
                lenders.add(cell_type(c));
            }
        }
    }

    /// Castling of the piece `who`: walk towards the partner at the edge; all squares
    /// between empty.
    pub(crate) fn castle(&self, l: &Link, who: Mover, out: &mut MoveList) {
        let Mover {
            color,
            from: origin,
            ..
        } = who;
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
                beyond += l.off;
                if self.board[beyond] == OFF {
                    return;
                }
            }
            if self.board[beyond + l.off] != OFF {
                return;
            }
            let king_to = origin + l.off * isize::from(l.range);
            let partner_to = king_to - l.off;
            let at = Arrival {
                kind: MoveKind::Castle,
                extra: [cur.pack(), partner_to.pack(), 0, 0, 0],
                ..Arrival::step(king_to, Square::NONE)
            };
            self.emit(out, l.flags, who, at);
            return;
        }
    }
}

/// The types of the friends a piece reached with final `x` legs, each once, in the order
/// met: the types whose moves it borrows. Allocates only when a friend lends.
pub(super) struct Lenders(Vec<Role>);

impl Lenders {
    #[inline]
    pub(super) fn new() -> Lenders {
        Lenders(Vec::new())
    }

    pub(super) fn add(&mut self, t: Role) {
        if !self.0.contains(&t) {
            self.0.push(t);
        }
    }

    pub(super) fn types(&self) -> &[Role] {
        &self.0
    }
}
