//! Pseudo-legal generation's entry points: every piece of the side to move, drops, and
//! the dispatch of a piece's leg program to the fast walkers, the general interpreter
//! (`walk`), imitation and move borrowing.

use super::walk::{Lenders, Path, Trail};
use super::*;
use crate::position::moves::{Move, MoveKind, MoveList, MAX_VICTIMS, NO_PROMOTION};
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{
    cell_color, cell_type, is_piece, Cell, Color, Landing, Link, Role, Shape, EMPTY, OFF,
};
use xbetza::{Flags, Kind};

/// One move per destination on the e.p. square: where a piece reaches it both by an e.p.
/// capture and by a plain move of another term (`mFceF`), the move there is the e.p.
/// capture, as within one leg (see the crate `xbetza`'s Decisions). `out[start..]` are one
/// piece's moves.
pub(super) fn drop_plain_onto_ep(out: &mut MoveList, start: usize) {
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
            self.piece_moves(sq, cell_type(self.board[sq]), us, out);
        }
        self.drop_moves(us, out);
    }

    /// Whether the side to move has an e.p. capture among its pseudo-legal moves. An e.p.
    /// square counts only then — in the hash, the FEN and so for repetition — as in the
    /// FIDE Laws (9.2.2: positions are the same when "the possible moves of all the pieces"
    /// are) and Fairy-Stockfish, which keeps an e.p. square only when a capture there is
    /// possible. Only types whose program can take e.p. (or borrows or imitates moves that
    /// might) are generated.
    pub(crate) fn ep_capture_possible(&self) -> bool {
        if self.ep.is_none() {
            return false;
        }
        let us = self.side;
        let ep = self.ep.expect("checked above");
        let targets = [ep.square(), ep.second()];
        let targets = &targets[..if ep.second().is_some() { 2 } else { 1 }];
        let mut list = MoveList::new();
        let can_take_from = |sq: Square, t: Role, list: &mut MoveList| {
            list.clear();
            self.piece_moves(sq, t, us, list);
            list.iter().any(|m| m.kind == MoveKind::EnPassant)
        };
        // Short reach (a pawn's diagonal): look only at the squares around the e.p. squares.
        let widest = self
            .variant
            .pieces
            .iter()
            .map(|p| p.linked[us.index()].ep_reach)
            .max()
            .unwrap_or(0);
        if widest == 0 {
            return false;
        }
        let geometry = &self.variant.geometry;
        if widest <= 2 && widest <= geometry.pad {
            let r = i32::from(widest);
            for &target in targets {
                for dy in -r..=r {
                    for dx in -r..=r {
                        let sq = target + geometry.offset(dx, dy);
                        let c = self.board[sq];
                        if !is_piece(c) || cell_color(c) != us {
                            continue;
                        }
                        let t = cell_type(c);
                        let reach = self.variant.pieces[t].linked[us.index()].ep_reach;
                        if i32::from(reach) < dx.abs().max(dy.abs()) {
                            continue;
                        }
                        if can_take_from(sq, t, &mut list) {
                            return true;
                        }
                    }
                }
            }
            return false;
        }
        for &sq in &self.lists[us.index()].squares {
            let t = cell_type(self.board[sq]);
            let reach = self.variant.pieces[t].linked[us.index()].ep_reach;
            if reach == 0 {
                continue;
            }
            if reach != u8::MAX {
                let from = self.variant.coord(sq);
                let near = targets.iter().any(|&target| {
                    let to = self.variant.coord(target);
                    from.file.abs_diff(to.file).max(from.rank.abs_diff(to.rank)) <= reach
                });
                if !near {
                    continue;
                }
            }
            if can_take_from(sq, t, &mut list) {
                return true;
            }
        }
        false
    }

    /// The pseudo-legal moves of the piece on `sq` (any colour), appended to `out`.
    pub fn moves_from(&self, sq: Square, out: &mut MoveList) {
        let c = self.board[sq];
        if is_piece(c) {
            self.piece_moves(sq, cell_type(c), cell_color(c), out);
        }
    }

    /// How many squares the pseudo-legal moves of the piece on `sq` (any colour) reach — its
    /// mobility, as an evaluation counts it. Pieces whose moves are all plain leaps and slides are counted
    /// on the board without building moves; anything else is generated into `scratch` and
    /// its landings counted ([`distinct_landings`](crate::position::moves::distinct_landings):
    /// promotion choices and castling do not add squares).
    pub fn mobility(&self, sq: Square, scratch: &mut MoveList) -> usize {
        let c = self.board[sq];
        if !is_piece(c) {
            return 0;
        }
        let (t, us) = (cell_type(c), cell_color(c));
        let piece = &self.variant.pieces[t];
        let linked = &piece.linked[us.index()];
        scratch.clear();
        if linked.fast && piece.plain_landing[us.index()] && !linked.dedupe {
            if let Some(n) = self.uniform_targets(sq, us, linked) {
                return n;
            }
            // Mixed fast links (a chancellor's rook slides and knight leaps): each landing
            // is one move, counted without building it; e.p. captures land in `scratch`.
            // Bulk counting ([`Position::count_legal_generic`]) counts the same way.
            let mut plain = super::count::PlainCounter::new(scratch);
            for l in &linked.links {
                self.walk_fast(l, sq, t, us, &mut plain);
            }
            return plain.n + scratch.len();
        }
        self.piece_moves(sq, t, us, scratch);
        crate::position::moves::distinct_landings(scratch)
    }

    /// The targets of a piece all of whose links are plain leaps, or all plain slides
    /// (`linked.uniform`), counted on the board without building moves: empty squares and
    /// enemies. `None` for any other piece. Shared by bulk counting and [`Self::mobility`].
    #[inline(always)]
    pub(super) fn uniform_targets(
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
                    .filter(|l| open(board[sq + l.off]))
                    .count(),
            ),
            Some(Shape::Slide) => {
                let mut n = 0;
                for l in &linked.links {
                    let mut to = sq;
                    let mut left = l.range;
                    loop {
                        to += l.off;
                        let c = board[to];
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

    pub(super) fn drop_moves(&self, us: Color, out: &mut MoveList) {
        let v = &*self.variant;
        if !v.drops {
            return;
        }
        let g = &v.geometry;
        // Files fit the `dropNoDoubled` mask below.
        const _: () = assert!(idiagram::coord::MAX_SIDE as u32 <= 128);
        for (t, &n) in self.hands[us.index()].iter().enumerate() {
            let t = Role::new(t);
            if n == 0 {
                continue;
            }
            let dead = &v.pieces[t].dead[us.index()];
            let landing = &v.pieces[t].landing[us.index()];
            // `dropNoDoubled`: the files that already hold one of our pieces of this type.
            let mut doubled = 0u128;
            if v.pieces[t].no_doubled_drop {
                for &sq in &self.lists[us.index()].squares {
                    if cell_type(self.board[sq]) == t {
                        doubled |= 1 << g.file(sq);
                    }
                }
            }
            for &sq in &v.playable {
                if self.board[sq] == EMPTY
                    && !dead[sq]
                    && landing[sq] != Landing::Forbidden
                    && doubled & (1 << g.file(sq)) == 0
                {
                    out.push(Move {
                        kind: MoveKind::Drop,
                        from: sq.pack(),
                        to: sq.pack(),
                        extra: [0; MAX_VICTIMS],
                        victims: 0,
                        piece: t.byte(),
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
    pub(super) fn piece_moves(&self, sq: Square, t: Role, color: Color, out: &mut MoveList) {
        let linked = &self.variant.pieces[t].linked[color.index()];
        let start = out.len();
        self.piece_moves_with_repeats(sq, t, color, out);
        if linked.dedupe && out.len() - start > 1 {
            // Two paths to the same result are one move. So are a lame leap that creates
            // e.p. rights and a plain leap beside it (`ifmnDifmD`): no notation can tell
            // them apart, and the mover, free to take the plain path, keeps the one without
            // rights (sorted first: the e.p. square is compared last, 0 for none).
            let tail = &mut out[start..];
            let without_ep = |m: &Move| Move { ep_square: 0, ..*m };
            tail.sort_unstable_by_key(|m| (without_ep(m), m.ep_square));
            let mut w = 1;
            for r in 1..tail.len() {
                if without_ep(&tail[r]) != without_ep(&tail[w - 1]) {
                    tail[w] = tail[r];
                    w += 1;
                }
            }
            out.truncate(start + w);
        }
    }

    /// [`Self::piece_moves`] without removing moves two paths reach alike: enough for
    /// asking whether any move captures on a square (an attack query). Sorting a piece's
    /// thousands of paths again for every legality check took half a second for one
    /// position's moves in a fuzzed definition.
    pub(super) fn piece_moves_with_repeats(
        &self,
        sq: Square,
        t: Role,
        color: Color,
        out: &mut MoveList,
    ) {
        let linked = &self.variant.pieces[t].linked[color.index()];
        let start = out.len();
        let who = Mover {
            piece: t,
            color,
            from: sq,
        };
        self.links_moves(&linked.links, who, out, false);
        if self.ep.is_some() {
            drop_plain_onto_ep(out, start);
        }
    }

    /// The moves of a (linked) program for the piece `who`. `borrowed`: the
    /// program is another type's, imitated (`I`) or lent (a final `x` leg); its own
    /// imitation and borrowing are then skipped (borrowing does not chain, and an imitator
    /// copying an imitator would never end).
    pub(super) fn links_moves(
        &self,
        links: &[Link],
        who: Mover,
        out: &mut MoveList,
        borrowed: bool,
    ) {
        let Mover {
            piece: t,
            color,
            from: sq,
        } = who;
        // The types of the friends reached by final `x` legs (move borrowing).
        let mut lenders = Lenders::new();
        let mut path: Option<Path> = None;
        let mut i = 0;
        while i < links.len() {
            let l = &links[i];
            if l.shape.is_fast() {
                self.walk_fast(l, sq, t, color, out);
                i += 1;
            } else if l.kind == Kind::Castle {
                if !l.flags.contains(Flags::INITIAL) || self.virgin[sq] {
                    self.castle(l, who, out);
                }
                i += 1;
            } else if l.kind == Kind::Imitate {
                if !borrowed {
                    self.imitate(l, who, out);
                }
                i += 1;
            } else if l.kind == Kind::Leg && l.skip == 0 && l.flags.contains(Flags::FINAL) {
                // A single final leg: no interpreter state needed.
                let blocked = (l.flags.contains(Flags::INITIAL) && !self.virgin[sq])
                    || (l.flags.contains(Flags::INITIAL_AHEAD) && !self.stands_ahead(sq, color));
                if !blocked {
                    let trail = Trail {
                        start: sq,
                        lifted: sq,
                        victims: &[],
                        ep_square: Square::NONE,
                        unload: Square::NONE,
                        iso: 0,
                    };
                    self.final_leg(l, who, trail, out, &mut lenders);
                }
                i += 1;
            } else {
                // A first leg with its whole subtree of continuations.
                let end = i + 1 + l.skip as usize;
                let path = path.get_or_insert_with(Path::default);
                self.walk_general(&links[i..end], who, out, &mut lenders, path);
                i = end;
            }
        }
        if !borrowed {
            for &lender in lenders.types() {
                self.lent_moves(lender, color, who, out);
            }
        }
    }

    /// Moves made by the piece `who` with another type's program (`lender`, linked for
    /// `orientation`): imitated or borrowed moves. They start from `who.from` and are
    /// the mover's moves (its type, its landing rules); castling is not borrowed, nor is
    /// anything the lender would imitate or borrow in turn.
    pub(super) fn lent_moves(
        &self,
        lender: Role,
        orientation: Color,
        who: Mover,
        out: &mut MoveList,
    ) {
        let links = &self.variant.pieces[lender].linked[orientation.index()].links;
        let before = out.len();
        self.links_moves(links, who, out, true);
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
    pub(super) fn imitate(&self, l: &Link, who: Mover, out: &mut MoveList) {
        let Some((last, _)) = self.last else { return };
        let orientation = if l.flags.contains(Flags::MIRROR) {
            who.color.flip()
        } else {
            who.color
        };
        let before = out.len();
        self.lent_moves(Role::from_byte(last), orientation, who, out);
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
}
