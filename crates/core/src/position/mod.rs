//! The position room: the [`Position`] type and make/unmake, [`setup`] (a position as
//! data, by type index), [`fen`], [`moves`] (the move record and move list) and the
//! Zobrist keys. Make/unmake here is the only code that changes a board; what a move is
//! allowed to be is [`crate::movegen`]'s and [`crate::rules`]'s to say.
//!
//! A position of a variant, with make/unmake.
//!
//! ```
//! # use fairyboard_core::{Position, Variant};
//! # fn demo(variant: std::sync::Arc<Variant>) {
//! let mut pos = Position::start(variant);
//! let moves = pos.legal_moves();
//! let undo = pos.make(&moves[0]);
//! pos.unmake(&moves[0], undo);
//! # }
//! ```

pub mod fen;
pub mod moves;
pub mod setup;
pub(crate) mod zobrist;

use std::sync::Arc;

use crate::bitboard::Occupancy;
use crate::game::GameResult;
use crate::position::moves::{Move, MoveKind, MoveList, EP_SECOND, NO_PROMOTION};
use crate::position::setup::Setup;
use crate::rules::effects::Before;
use crate::rules::TypeSet;
use crate::variant::geometry::Square;
use crate::variant::{
    cell_color, cell_type, is_piece, piece_cell, Cell, Color, Role, Variant, EMPTY,
};

/// Set on [`Move::promotion`] when the promoted-to piece is taken from the mover's hand.
pub const PROMO_FROM_HAND: u8 = 0x80;

/// The e.p. state: the square a capturer moves to (and possibly a second one, for
/// longer lame leaps or spec'd FENs) and the piece an e.p. capture removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EnPassant {
    pub square: u16,
    /// A second e.p. square, or 0.
    pub second: u16,
    pub victim: u16,
}

impl EnPassant {
    #[inline]
    pub fn covers(&self, sq: Square) -> bool {
        self.square() == sq || (self.second != 0 && self.second() == sq)
    }
    /// The square a capturer moves to.
    #[inline]
    pub fn square(&self) -> Square {
        Square::unpack(self.square)
    }
    /// The second e.p. square, or [`Square::NONE`].
    #[inline]
    pub fn second(&self) -> Square {
        Square::unpack(self.second)
    }
    /// The square of the piece an e.p. capture removes.
    #[inline]
    pub fn victim(&self) -> Square {
        Square::unpack(self.victim)
    }
}

/// A piece list for one colour: squares, with an index per square for O(1) removal.
#[derive(Clone, Debug)]
pub(crate) struct PieceList {
    pub squares: Vec<Square>,
    /// Per square: the position of its entry in `squares`.
    index: Vec<u16>,
}

impl PieceList {
    fn new(cells: usize) -> PieceList {
        PieceList {
            squares: Vec::with_capacity(64),
            index: vec![u16::MAX; cells],
        }
    }
    #[inline]
    fn add(&mut self, sq: Square) {
        self.index[sq] = self.squares.len() as u16;
        self.squares.push(sq);
    }
    /// The piece on `from` moves to `to` (empty): its entry changes in place.
    #[inline]
    fn relocate(&mut self, from: Square, to: Square) {
        let i = self.index[from];
        self.squares[usize::from(i)] = to;
        self.index[to] = i;
        self.index[from] = u16::MAX;
    }
    #[inline]
    fn remove(&mut self, sq: Square) {
        let i = self.index[sq];
        let last = self.squares.len() - 1;
        let moved = self.squares[last];
        self.squares[usize::from(i)] = moved;
        self.index[moved] = i;
        self.squares.pop();
        self.index[sq] = u16::MAX;
    }
}

/// What [`Position::unmake`] needs to restore.
#[derive(Clone, Debug)]
pub struct Undo {
    /// Changed cells: square, content, and [`Position::flags`] before the move.
    cells: [(u16, Cell, u8); 8],
    n_cells: u8,
    hands: [(u8, u8, i8); 6],
    n_hands: u8,
    ep: Option<EnPassant>,
    halfmove: u32,
    hash: u64,
    pawn_hash: u64,
    last: Option<(u8, u16)>,
    /// Rules-layer state before the move.
    game: GameState,
    /// Changes beyond the fixed arrays (explosions, burning): boxed, so plain moves carry
    /// one null pointer.
    more: Option<Box<Overflow>>,
}

#[derive(Clone, Debug, Default)]
struct Overflow {
    cells: Vec<(u16, Cell, u8)>,
    hands: Vec<(u8, u8, i8)>,
}

/// A win the opponent may still answer: the bared side's or win-square reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Pending {
    /// `by` bared the other side, which now makes its after-move.
    Bared { by: Color },
    /// `by` reached a `+` square.
    WinSquare { by: Color },
}

/// The rules layer's part of a position (all `Copy`, saved whole in [`Undo`]); a
/// [`Setup`] carries it from one position to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameState {
    /// The game is over by a rule the board decides.
    pub decided: Option<GameResult>,
    pub pending: Option<Pending>,
    /// The types captured by the last move (`counterStrike`).
    pub captured_last: TypeSet,
    /// Per colour: the shade (1 + parity) the first `conversion` piece moved to, 0 = none.
    pub conversion: [u8; 2],
}

/// A position: board, hands, side to move, e.p. and virginity state.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Vec<Cell>,
    /// The piece on this square has not moved (initial moves, castling).
    pub(crate) virgin: Vec<bool>,
    /// With `demotePromoted`: the type + 1 the piece on this square promoted from (0: it
    /// did not get its type by promotion).
    pub(crate) promoted: Vec<u8>,
    pub(crate) lists: [PieceList; 2],
    pub(crate) royals: [Vec<Square>; 2],
    pub(crate) hands: [Vec<u32>; 2],
    pub(crate) side: Color,
    pub(crate) ep: Option<EnPassant>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    /// [`pawn_hash`](Self::pawn_hash), kept with `hash`.
    pub(crate) pawn_hash: u64,
    /// The type and destination of the last move's piece.
    pub(crate) last: Option<(u8, u16)>,
    /// Scratch marks for legality (see `movegen`): squares whose stamp is current.
    pub(crate) sensitive: Vec<u32>,
    pub(crate) stamp: u32,
    /// Some square is sensitive to a piece arriving (a hopper's screen line).
    pub(crate) hop_marks: bool,
    pub(crate) game: GameState,
    /// The board as bit sets, for the bitboard generator (kept by [`set_cell`] and the
    /// virginity setters; empty for variants without one).
    ///
    /// [`set_cell`]: Self::set_cell
    pub(crate) bits: Occupancy,
    /// Per colour: the number of pieces in hand (the sum of `hands`), so the bitboard
    /// generator knows at a glance that there is nothing to drop.
    pub(crate) in_hand: [u32; 2],
}

impl PartialEq for Position {
    /// Same placement, virginity, hands, side, e.p. and clocks (piece-list order aside).
    fn eq(&self, other: &Position) -> bool {
        Arc::ptr_eq(&self.variant, &other.variant)
            && self.board == other.board
            && self.variant.playable.iter().all(|&s| {
                self.virgin[s] == other.virgin[s] && self.promoted[s] == other.promoted[s]
            })
            && self.hands == other.hands
            && self.side == other.side
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.hash == other.hash
            && self.pawn_hash == other.pawn_hash
            && self.last == other.last
            && self.game == other.game
    }
}

impl Position {
    /// An empty board of the variant, White to move, nothing in hand.
    pub fn empty(variant: Arc<Variant>) -> Position {
        let cells = variant.geometry.cells;
        let types = variant.pieces.len();
        let mut pos = Position {
            board: variant.template.clone(),
            virgin: vec![false; cells],
            promoted: vec![0; cells],
            lists: [PieceList::new(cells), PieceList::new(cells)],
            royals: [Vec::new(), Vec::new()],
            hands: [vec![0; types], vec![0; types]],
            side: Color::White,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            pawn_hash: 0,
            last: None,
            sensitive: vec![0; cells],
            stamp: 0,
            hop_marks: false,
            game: GameState::default(),
            bits: Occupancy::new(&variant),
            in_hand: [0; 2],
            variant,
        };
        pos.hash = pos.compute_hash();
        pos.pawn_hash = pos.compute_pawn_hash();
        pos
    }

    /// The definition's own setup ([`Setup::start`]): every piece unmoved, White to move.
    pub fn start(variant: Arc<Variant>) -> Position {
        let setup = Setup::start(&variant);
        let order: Vec<Square> = variant.setup.iter().map(|&(sq, _)| sq).collect();
        Position::assemble_in(variant, &setup, order.into_iter())
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The Zobrist hash of the pawns alone (the [`pawn_like`] types, by flag or by their
    /// moves, both colours, where they stand): positions that share it share their pawn
    /// structure, which a search's caches key on (a correction of its evaluation by pawn
    /// structure).
    ///
    /// [`pawn_like`]: crate::variant::PieceType::pawn_like
    pub fn pawn_hash(&self) -> u64 {
        self.pawn_hash
    }
    pub fn cell(&self, sq: Square) -> Cell {
        self.board[sq]
    }
    /// The piece on a square: type and colour.
    pub fn piece_at(&self, sq: Square) -> Option<(usize, Color)> {
        let c = *self.board.get(sq.index())?;
        is_piece(c).then(|| (cell_type(c).index(), cell_color(c)))
    }
    pub fn hand(&self, color: Color, t: usize) -> u32 {
        self.hands[color.index()][t]
    }
    pub fn is_virgin(&self, sq: Square) -> bool {
        self.virgin[sq]
    }
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// Half-moves since the game began, read from the move number (as a FEN states it):
    /// how far into a game a clock schedule is, even for a game set up from a FEN.
    ///
    /// ```
    /// use fairyboard_core::{catalogue, Position};
    /// let chess = catalogue::load("chess").unwrap();
    /// let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    /// assert_eq!(Position::from_fen(chess.clone(), fen).unwrap().game_ply(), 3);
    /// assert_eq!(Position::start(chess).game_ply(), 0);
    /// ```
    pub fn game_ply(&self) -> u32 {
        2 * self.fullmove.saturating_sub(1) + u32::from(self.side_to_move() == Color::Black)
    }
    /// The squares of a colour's royal pieces.
    pub fn royals(&self, color: Color) -> &[Square] {
        &self.royals[color.index()]
    }
    /// The squares of a colour's pieces (in no particular order).
    pub fn pieces(&self, color: Color) -> &[Square] {
        &self.lists[color.index()].squares
    }

    /// The hash computed from scratch (equals [`hash`](Self::hash); for tests).
    pub fn clone_recomputed_hash(&self) -> u64 {
        self.compute_hash()
    }

    /// The pawn hash computed from scratch (equals [`pawn_hash`](Self::pawn_hash); for
    /// tests).
    pub fn recomputed_pawn_hash(&self) -> u64 {
        self.compute_pawn_hash()
    }

    fn compute_pawn_hash(&self) -> u64 {
        let keys = &self.variant.keys;
        let mut h = 0;
        for &sq in &self.variant.playable {
            let c = self.board[sq];
            if is_piece(c) && self.variant.pieces[cell_type(c)].pawn_like {
                h ^= keys.piece(c, sq);
            }
        }
        h
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let keys = &self.variant.keys;
        let mut h = 0;
        for &sq in &self.variant.playable {
            let c = self.board[sq];
            if is_piece(c) {
                h ^= keys.piece(c, sq);
            }
            if self.virgin[sq] {
                h ^= keys.virgin(sq);
            }
            if self.promoted[sq] != 0 {
                h ^= keys.promoted(sq, self.promoted[sq]);
            }
        }
        for c in Color::BOTH {
            for (t, &n) in self.hands[c.index()].iter().enumerate() {
                h ^= keys.hand(Role::new(t), c.index(), n);
            }
        }
        if self.side == Color::Black {
            h ^= keys.side;
        }
        if let Some(ep) = self.ep {
            h ^= keys.ep(ep.square());
        }
        h
    }

    /// Place a piece on an empty square (setup).
    pub(crate) fn put(&mut self, sq: Square, cell: Cell) {
        self.set_cell(sq, cell);
    }

    pub(crate) fn set_virgin(&mut self, sq: Square, v: bool) {
        if self.virgin[sq] != v {
            self.virgin[sq] = v;
            self.bits.set_virgin(sq, v);
            self.hash ^= self.variant.keys.virgin(sq);
        }
    }

    /// Mark the piece on `sq` as promoted from type `from - 1` (0: not promoted).
    pub(crate) fn set_promoted(&mut self, sq: Square, from: u8) {
        let old = self.promoted[sq];
        if old != from {
            let keys = &self.variant.keys;
            if old != 0 {
                self.hash ^= keys.promoted(sq, old);
            }
            if from != 0 {
                self.hash ^= keys.promoted(sq, from);
            }
            self.promoted[sq] = from;
        }
    }

    /// The type the piece on `sq` promoted from, when the variant demotes captured
    /// promoted pieces (`demotePromoted`) and it got its type by promotion.
    pub fn promoted_from(&self, sq: Square) -> Option<usize> {
        self.promoted[sq].checked_sub(1).map(usize::from)
    }

    /// A square's state besides its content, as an undo entry keeps it: bit 0 virginity,
    /// the rest the promoted-from mark.
    #[inline(always)]
    fn flags(&self, sq: Square) -> u8 {
        self.virgin[sq] as u8 | self.promoted[sq] << 1
    }

    /// Set a square's [`flags`](Self::flags) back without touching the hash.
    #[inline(always)]
    fn restore_flags(&mut self, sq: Square, flags: u8) {
        self.restore_virgin(sq, flags & 1 != 0);
        self.promoted[sq] = flags >> 1;
    }

    pub(crate) fn set_hand(&mut self, color: Color, t: Role, n: u32) {
        let keys = &self.variant.keys;
        let old = self.hands[color.index()][t];
        self.hash ^= keys.hand(t, color.index(), old) ^ keys.hand(t, color.index(), n);
        self.hands[color.index()][t] = n;
        self.in_hand[color.index()] = self.in_hand[color.index()] + n - old;
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if self.side != side {
            self.side = side;
            self.hash ^= self.variant.keys.side;
        }
    }

    /// Forget an e.p. square the side to move cannot capture on, so that positions that
    /// differ only by it are the same (one hash, one FEN; see
    /// [`ep_capture_possible`](Self::ep_capture_possible)).
    pub(crate) fn drop_unusable_ep(&mut self) {
        if self.ep.is_some() && !self.ep_capture_possible() {
            self.set_ep(None);
        }
    }

    pub(crate) fn set_ep(&mut self, ep: Option<EnPassant>) {
        if let Some(old) = self.ep {
            self.hash ^= self.variant.keys.ep(old.square());
        }
        if let Some(new) = ep {
            self.hash ^= self.variant.keys.ep(new.square());
        }
        self.ep = ep;
    }

    /// Take back a hand change of `delta` (colour index `c`, type `t`) without the hash.
    #[inline]
    fn restore_hand(&mut self, c: u8, t: u8, delta: i8) {
        let (c, t) = (usize::from(c), Role::from_byte(t));
        let old = self.hands[c][t];
        let n = old.saturating_add_signed(-i32::from(delta));
        self.hands[c][t] = n;
        self.in_hand[c] = self.in_hand[c] + n - old;
    }

    /// Set a virginity flag back without touching the hash (unmake restores it whole).
    #[inline]
    fn restore_virgin(&mut self, sq: Square, v: bool) {
        self.virgin[sq] = v;
        self.bits.set_virgin(sq, v);
    }

    /// Change one cell, keeping piece lists, royal lists, bit sets and the hash in step.
    #[inline]
    fn set_cell(&mut self, sq: Square, new: Cell) {
        let old = self.board[sq];
        if old == new {
            return;
        }
        let keys = &self.variant.keys;
        let pieces = &self.variant.pieces;
        if is_piece(old) {
            self.hash ^= keys.piece(old, sq);
            if pieces[cell_type(old)].pawn_like {
                self.pawn_hash ^= keys.piece(old, sq);
            }
        }
        if is_piece(new) {
            self.hash ^= keys.piece(new, sq);
            if pieces[cell_type(new)].pawn_like {
                self.pawn_hash ^= keys.piece(new, sq);
            }
        }
        self.place(sq, old, new);
    }

    /// [`set_cell`](Self::set_cell) without the hash (for unmake, which restores it whole).
    #[inline]
    fn restore_cell(&mut self, sq: Square, new: Cell) {
        let old = self.board[sq];
        if old != new {
            self.place(sq, old, new);
        }
    }

    /// Replace `old` (the cell's content) by `new`: piece lists, royal lists, bit sets.
    #[inline(always)]
    fn place(&mut self, sq: Square, old: Cell, new: Cell) {
        let variant = &*self.variant;
        if is_piece(old) {
            let c = cell_color(old).index();
            self.lists[c].remove(sq);
            if variant.pieces[cell_type(old)].royal {
                let r = &mut self.royals[c];
                if let Some(i) = r.iter().position(|&s| s == sq) {
                    r.swap_remove(i);
                }
            }
            self.bits.toggle(sq, old);
        }
        if is_piece(new) {
            let c = cell_color(new).index();
            self.lists[c].add(sq);
            if variant.pieces[cell_type(new)].royal {
                self.royals[c].push(sq);
            }
            self.bits.toggle(sq, new);
        }
        self.board[sq] = new;
    }

    /// Move the piece on `from` to the empty `to`: what `change(from, EMPTY)` then
    /// `change(to, piece)` do (the same undo entries), with the piece list entry moved
    /// in place instead of removed and added.
    #[inline]
    fn shift(&mut self, undo: &mut Undo, from: Square, to: Square) {
        let cell = self.board[from];
        for sq in [from, to] {
            let i = undo.n_cells as usize;
            let saved = (sq.pack(), self.board[sq], self.flags(sq));
            if i < undo.cells.len() {
                undo.cells[i] = saved;
                undo.n_cells += 1;
            } else {
                undo.more.get_or_insert_default().cells.push(saved);
            }
        }
        let keys = &self.variant.keys;
        let step = keys.piece(cell, from) ^ keys.piece(cell, to);
        self.hash ^= step;
        if self.variant.pieces[cell_type(cell)].pawn_like {
            self.pawn_hash ^= step;
        }
        self.relocate(from, to);
        self.set_virgin(from, false);
        self.set_virgin(to, false);
        let promoted = self.promoted[from];
        if promoted != 0 || self.promoted[to] != 0 {
            self.set_promoted(from, 0);
            self.set_promoted(to, promoted);
        }
    }

    /// Move the piece on `from` to the empty `to`: board, lists, royals, bit sets (not
    /// the hash).
    #[inline]
    fn relocate(&mut self, from: Square, to: Square) {
        let cell = self.board[from];
        let c = cell_color(cell).index();
        self.lists[c].relocate(from, to);
        if self.variant.pieces[cell_type(cell)].royal {
            for r in self.royals[c].iter_mut() {
                if *r == from {
                    *r = to;
                    break;
                }
            }
        }
        self.bits.relocate(from, to, cell);
        self.board[from] = EMPTY;
        self.board[to] = cell;
    }

    #[inline]
    pub(crate) fn change(&mut self, undo: &mut Undo, sq: Square, new: Cell) {
        let i = undo.n_cells as usize;
        let saved = (sq.pack(), self.board[sq], self.flags(sq));
        if i < undo.cells.len() {
            undo.cells[i] = saved;
            undo.n_cells += 1;
        } else {
            undo.more.get_or_insert_default().cells.push(saved);
        }
        self.set_cell(sq, new);
        self.set_virgin(sq, false);
        if self.promoted[sq] != 0 {
            self.set_promoted(sq, 0);
        }
    }

    pub(crate) fn change_hand(&mut self, undo: &mut Undo, color: Color, t: Role, delta: i8) {
        let i = undo.n_hands as usize;
        if i < undo.hands.len() {
            undo.hands[i] = (color as u8, t.byte(), delta);
            undo.n_hands += 1;
        } else {
            undo.more
                .get_or_insert_default()
                .hands
                .push((color as u8, t.byte(), delta));
        }
        let n = self.hands[color.index()][t];
        self.set_hand(color, t, n.saturating_add_signed(i32::from(delta)));
    }

    /// A captured piece goes where `holdingsType` sends it.
    pub(crate) fn capture(&mut self, undo: &mut Undo, sq: Square) {
        let victim = self.board[sq];
        let holdings = self.variant.holdings_type;
        if holdings != 0 && is_piece(victim) {
            let t = cell_type(victim);
            let base = match self.promoted[sq].checked_sub(1) {
                Some(from) => Role::from_byte(from),
                None => self.variant.pieces[t].demoted.map_or(t, Role::from_byte),
            };
            let owner = if holdings < 0 {
                cell_color(victim).flip()
            } else {
                cell_color(victim)
            };
            self.change_hand(undo, owner, base, 1);
        }
        self.change(undo, sq, EMPTY);
    }

    /// Play a move (which must come from this position's move generator).
    ///
    /// Long on purpose: every perft node runs it, and its steps (lift, locust victims,
    /// relay, unload, land, promotion, e.p. and castling partner, hashes) share the undo
    /// record being filled; the rare parts are already helpers (`change`, `change_hand`).
    pub fn make(&mut self, m: &Move) -> Undo {
        let mut undo = Undo {
            cells: [(0, 0, 0); 8],
            n_cells: 0,
            hands: [(0, 0, 0); 6],
            n_hands: 0,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
            pawn_hash: self.pawn_hash,
            last: self.last,
            game: self.game,
            more: None,
        };
        let us = self.side;
        let ruled = !self.variant.plain_rules;
        let before = if ruled || self.variant.end_rules {
            Some(self.before_move(m))
        } else {
            None
        };
        let from = m.from();
        let to = m.to();
        let mut reset_clock = false;
        match m.kind {
            MoveKind::Drop => {
                let t = m.piece();
                self.change_hand(&mut undo, us, t, -1);
                self.change(&mut undo, to, piece_cell(t, us));
                if self.variant.virgin_on_drop(t, us, to) {
                    self.set_virgin(to, true);
                }
            }
            MoveKind::Castle => {
                let partner_from = m.extra(0);
                let partner_to = m.extra(1);
                let king = self.board[from];
                let partner = self.board[partner_from];
                self.change(&mut undo, from, EMPTY);
                self.change(&mut undo, partner_from, EMPTY);
                self.change(&mut undo, to, king);
                self.change(&mut undo, partner_to, partner);
            }
            MoveKind::EnPassant => {
                let mover = self.board[from];
                for &v in m.locust() {
                    self.capture(&mut undo, Square::unpack(v));
                }
                self.capture(&mut undo, m.extra(0));
                self.change(&mut undo, from, EMPTY);
                self.change(&mut undo, to, mover);
                reset_clock = true;
            }
            MoveKind::Normal => {
                // With induction the relayed friend moves; the piece on `from` stays.
                let from = if m.relay != 0 { m.relay() } else { from };
                let mover = self.board[from];
                for &v in m.locust() {
                    self.capture(&mut undo, Square::unpack(v));
                    reset_clock = true;
                }
                let unloaded = self.board[to];
                if m.unload == 0 && to != from && is_piece(self.board[to]) {
                    self.capture(&mut undo, to);
                    reset_clock = true;
                }
                if m.promotion == NO_PROMOTION
                    && m.unload == 0
                    && to != from
                    && is_piece(mover)
                    && self.board[to] == EMPTY
                {
                    // The common case: one piece changes square.
                    self.shift(&mut undo, from, to);
                    if self.variant.pieces[m.piece()].pawn {
                        reset_clock = true;
                    }
                    return self.finish_make(m, undo, before, reset_clock);
                }
                let carried = self.promoted[from];
                self.change(&mut undo, from, EMPTY);
                let landed = if m.promotion == NO_PROMOTION {
                    mover
                } else {
                    let t = Role::from_byte(m.promotion & !PROMO_FROM_HAND);
                    if m.promotion & PROMO_FROM_HAND != 0 {
                        self.change_hand(&mut undo, us, t, -1);
                    }
                    piece_cell(t, us)
                };
                self.change(&mut undo, to, landed);
                if self.variant.demote_promoted && is_piece(landed) {
                    // A promotion marks the piece with the type it came from (unless that
                    // type is already its demoted form, as a shogi `+` piece has); a
                    // promoted piece moving on keeps its mark.
                    let from_type = cell_type(mover).byte().min(126);
                    let mark = if m.promotion == NO_PROMOTION {
                        carried
                    } else if landed != mover
                        && self.variant.pieces[cell_type(landed)].demoted.is_none()
                        && m.promotion & PROMO_FROM_HAND == 0
                    {
                        from_type + 1
                    } else {
                        0
                    };
                    self.set_promoted(to, mark);
                }
                if m.unload != 0 {
                    // The captured piece is set down again instead of being taken.
                    self.change(&mut undo, m.unload(), unloaded);
                }
                if self.variant.pieces[m.piece()].pawn {
                    reset_clock = true;
                }
            }
        }
        self.finish_make(m, undo, before, reset_clock)
    }

    /// The part of [`make`](Self::make) after the board changes: rules effects, e.p.,
    /// clocks, side, judgement.
    #[inline(always)]
    fn finish_make(
        &mut self,
        m: &Move,
        mut undo: Undo,
        before: Option<Before>,
        mut reset_clock: bool,
    ) -> Undo {
        let us = self.side;
        if !self.variant.plain_rules {
            if let Some(b) = &before {
                if self.apply_effects(&mut undo, m, b) {
                    reset_clock = true;
                }
            }
        }
        let ep = (m.ep_square != 0).then(|| {
            let square = m.ep_square & !EP_SECOND;
            let second = if m.ep_square & EP_SECOND != 0 {
                (2 * square).wrapping_sub(m.from)
            } else {
                0
            };
            EnPassant {
                square,
                second,
                victim: m.to,
            }
        });
        self.set_ep(ep);
        self.halfmove = if reset_clock { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.last = Some((m.piece, m.to));
        self.set_side(us.flip());
        self.drop_unusable_ep();
        if let Some(b) = before {
            if self.variant.end_rules {
                self.judge(us, m, &b);
            }
        }
        undo
    }

    /// Take back a move made with [`make`](Self::make).
    pub fn unmake(&mut self, m: &Move, undo: Undo) {
        let _ = m;
        self.set_side(self.side.flip());
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        if let Some(more) = &undo.more {
            for &(sq, cell, flags) in more.cells.iter().rev() {
                self.restore_cell(Square::unpack(sq), cell);
                self.restore_flags(Square::unpack(sq), flags);
            }
            for &(c, t, d) in more.hands.iter().rev() {
                self.restore_hand(c, t, d);
            }
        }
        let mut i = undo.n_cells as usize;
        while i > 0 {
            let (sq, cell, flags) = undo.cells[i - 1];
            let sq = Square::unpack(sq);
            // A piece that moved from the previous entry's square to this one (`shift`):
            // moved back in one step, the same as restoring both entries.
            if i >= 2 && cell == EMPTY {
                let (back, was, back_flags) = undo.cells[i - 2];
                let back = Square::unpack(back);
                if is_piece(was) && self.board[sq] == was && self.board[back] == EMPTY {
                    self.relocate(sq, back);
                    self.restore_flags(sq, flags);
                    self.restore_flags(back, back_flags);
                    i -= 2;
                    continue;
                }
            }
            self.restore_cell(sq, cell);
            self.restore_flags(sq, flags);
            i -= 1;
        }
        for i in (0..undo.n_hands as usize).rev() {
            let (c, t, d) = undo.hands[i];
            self.restore_hand(c, t, d);
        }
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.last = undo.last;
        self.game = undo.game;
        self.hash = undo.hash;
        self.pawn_hash = undo.pawn_hash;
    }

    /// Pass the turn (a search's null move): only the side and the e.p. state change.
    /// Undo with [`unmake_null`](Self::unmake_null).
    pub fn make_null(&mut self) -> Option<EnPassant> {
        let ep = self.ep;
        self.set_ep(None);
        self.set_side(self.side.flip());
        ep
    }

    /// Take back [`make_null`](Self::make_null).
    pub fn unmake_null(&mut self, ep: Option<EnPassant>) {
        self.set_side(self.side.flip());
        self.set_ep(ep);
    }

    /// A result the board has already decided (royal captured, bared, win square), without
    /// generating moves ([`outcome`](Self::outcome) also finds mate and stalemate).
    pub fn decided(&self) -> Option<crate::game::GameResult> {
        self.game.decided
    }

    /// A win waits for the side to move's one reply (it was bared, or the opponent
    /// reached a win square): its next move decides the game, so a search must not pass
    /// (null move) or stand pat here.
    pub fn result_pending(&self) -> bool {
        self.game.pending.is_some()
    }

    /// All legal moves (allocates; use [`legal_moves_into`](Self::legal_moves_into) in loops).
    pub fn legal_moves(&mut self) -> MoveList {
        let mut list = MoveList::with_capacity(128);
        self.legal_moves_into(&mut list);
        list
    }
}
