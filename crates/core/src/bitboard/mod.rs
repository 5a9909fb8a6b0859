//! The bitboard room: bit sets ([`Bits`], [`Occupancy`]), the per-variant tables
//! ([`Tables`]), and the generator itself (`generate`: checks and pins, piece targets,
//! royal moves, pushes, castling, set-wise counting). Chosen by the fast-path gate; it
//! must produce exactly the generic generator's moves and may not know any rule beyond
//! plain movement.
//!
//! A bitboard generator for plain variants: the fast path of legal move generation.
//!
//! Most catalogue games (chess, capablanca, gothic, knightmate, ...) need nothing of the
//! general leg interpreter: every piece is a set of plain leaps and slides with `m`/`c`
//! modality, pawn-shaped legs (a capture with e.p., an initial lame double step), castling;
//! one royal; replacement capture. For those, legality has a closed form: a non-royal move
//! is legal when it resolves the (single) check and keeps a pinned piece on its pin line, a
//! royal step when its destination is unattacked with the royal lifted. With the board as a
//! set of bits per colour that is a handful of masks per node, and moves at a perft leaf are
//! counted by popcount without being built.
//!
//! The generator is chosen once, when the variant is built, for boards of at most 64 squares
//! (`u64`) or 128 squares (`u128`), when the fast-path gate allows it
//! ([`Variant::fast_paths`]: plain rules, and every leg within the shapes below). It produces exactly the moves of the generic generator
//! (the reference; `tests/bitboard.rs` compares the two on random games). The few moves
//! whose legality depends on more than the mover's masks (e.p., castling) are generated
//! aside and judged on the occupancy after the move ([`deferred_safe`]: the conditions of
//! the generic [`Position::is_legal`], which answers what it does not cover).
//!
//! The position keeps its board as bit sets too ([`Occupancy`]: per colour, per piece type,
//! unmoved pieces), updated by every cell change in make/unmake, so a node starts from
//! them instead of walking the piece lists.
//!
//! Bits are numbered `rank · files + file`. Along any step `(dx, dy)` with `|dx| < files`
//! the bit index changes by the same non-zero amount each step, so on a ray the nearest
//! blocker is the lowest set bit (index increasing) or the highest (decreasing), and the
//! squares behind it are the blocker's own ray in that direction:
//!
//! ```text
//! ray from a1 towards h8, blockers on d4 and f6:  a1·b2·c3·[d4]·e5·[f6]·g7·h8
//! nearest blocker = lowest bit (d4);  attacks = ray(a1) & !ray(d4) = b2 c3 d4
//! ```

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};
use std::sync::Arc;

mod generate;
mod tables;

use generate::generate;

use crate::movegen::{Arrival, Mover};
use crate::position::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{cell_color, cell_type, is_piece, Cell, Color, Role, Variant, EMPTY};
use xbetza::Flags;

/// A set of board squares, one bit per square.
pub(crate) trait Bits:
    Copy
    + Default
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const SIZE: usize;
    fn bit(i: usize) -> Self;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// Index of the lowest set bit (the set must not be empty).
    fn lowest(self) -> usize;
    /// Index of the highest set bit (the set must not be empty).
    fn highest(self) -> usize;
    /// The set without its lowest bit.
    fn pop_lowest(self) -> Self;
    /// Every square moved by `d` bit positions (towards higher bits when positive).
    fn shift(self, d: i32) -> Self;
    /// Every square moved `n` bit positions up (`n` below the width).
    fn up(self, n: u32) -> Self;
    /// Every square moved `n` bit positions down.
    fn down(self, n: u32) -> Self;
    /// The set from the position's [`Occupancy`] (kept as `u128` for both widths).
    fn narrow(wide: u128) -> Self;
    /// The set in the position's [`Occupancy`] width.
    fn wide(self) -> u128;
    #[inline]
    fn has(self, i: usize) -> bool {
        !(self & Self::bit(i)).is_empty()
    }
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const SIZE: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn highest(self) -> usize {
                Self::SIZE - 1 - self.leading_zeros() as usize
            }
            #[inline(always)]
            fn pop_lowest(self) -> Self {
                self & (self - 1)
            }
            #[inline(always)]
            fn shift(self, d: i32) -> Self {
                if d >= 0 {
                    self << d
                } else {
                    self >> -d
                }
            }
            #[inline(always)]
            fn up(self, n: u32) -> Self {
                self << n
            }
            #[inline(always)]
            fn down(self, n: u32) -> Self {
                self >> n
            }
            #[inline(always)]
            fn narrow(wide: u128) -> Self {
                // Only the board's bits are ever set: nothing is cut.
                wide as $t
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
        }
    };
}
bits!(u64);
bits!(u128);

/// The squares of a set, lowest first.
#[inline]
fn each<B: Bits>(mut set: B, mut f: impl FnMut(usize)) {
    while !set.is_empty() {
        f(set.lowest());
        set = set.pop_lowest();
    }
}

/// No square (off the board or a hole).
const NONE: u8 = u8::MAX;
/// Not known in advance (see [`PieceBits::castles`]).
const ANY: u8 = u8::MAX - 1;

/// One slide of a piece from one square.
#[derive(Clone, Copy, Debug)]
struct Ray<B> {
    /// The squares within range along the step (cut at holes and the edge).
    ray: B,
    /// Where the unlimited rays of this step start in [`Tables::full`].
    full: u32,
    /// The bit index grows along the ray: the nearest blocker is the lowest bit.
    forward: bool,
    moves: bool,
    captures: bool,
}

/// A piece of one type and colour on one square: everything the generator reads per node.
#[derive(Clone, Copy, Debug, Default)]
struct Spot<B> {
    /// Destinations of leaps that may move there (`m`).
    leap_move: B,
    /// Destinations of leaps that may capture there (`c`): also the squares attacked.
    leap_capture: B,
    /// Destinations of leaps that may capture e.p. there.
    leap_ep: B,
    /// Every square a capturing slide could reach on an empty board.
    reach: B,
    /// The piece's slides from here: `Tables::rays[first..end]`.
    first: u32,
    end: u32,
    /// What else to look at for this type and colour ([`PUSHES`], [`CASTLES`], [`SPECIAL`],
    /// [`SETWISE`]), so plain pieces never touch their [`PieceBits`].
    extras: u8,
}

/// The type has initial lame steps.
const PUSHES: u8 = 1;
/// The type has castling records.
const CASTLES: u8 = 2;
/// Some landing of the type is not plain (promotion, morph).
const SPECIAL: u8 = 4;
/// The type is counted by [`count_setwise`] when not pinned.
const SETWISE: u8 = 8;
/// The type is a plain leaper, not royal: only `leap_move`/`leap_capture` to look at.
const LEAPER: u8 = 16;
/// Types beyond this index are always counted piece by piece.
const SETWISE_TYPES: usize = 32;

/// A leap of a set-wise counted type: every piece of the type leaps at once (a shift).
#[derive(Clone, Copy, Debug)]
struct Shift<B> {
    /// The bit index change of the step.
    delta: i32,
    /// Squares from which the step lands on the board.
    from: B,
    moves: bool,
    captures: bool,
}

/// The slides of one step, range and modality shared by set-wise counted types: all their
/// pieces slide at once (a fill). Rays of one step never overlap, since every slider is
/// itself a blocker of the others on its line.
#[derive(Clone, Copy, Debug)]
struct SlideGroup<B> {
    delta: i32,
    /// Squares from which one step lands on the board.
    from: B,
    range: u8,
    moves: bool,
    captures: bool,
    /// The types (bit per type) with this slide.
    types: u32,
}

/// An initial lame step of a set-wise counted type.
#[derive(Clone, Copy, Debug)]
struct PushShift<B> {
    delta: i32,
    mid: i32,
    from: B,
}

/// An initial lame step to an empty square (a pawn's double step).
#[derive(Clone, Debug)]
struct Push {
    /// Per bit: the destination and the square that must be empty, or [`NONE`].
    to: Vec<u8>,
    mid: Vec<u8>,
    /// The step makes its mid square an e.p. square.
    ep_create: bool,
}

/// What is read of a piece type beyond its spots: pushes, castling, landing.
#[derive(Clone, Debug)]
struct PieceBits<B> {
    pushes: Vec<Push>,
    /// Castling records: the index in the linked program, and per bit the squares that
    /// must be empty and the partner's square ([`NONE`]: no partner can stand there;
    /// [`ANY`]: ask the generic walker).
    castles: Vec<(usize, Vec<(B, u8)>)>,
    /// The modality bits that matter for landing (the prime).
    flags: Flags,
    /// Squares where landing is not plain (promotion, morph): counted one by one.
    special: B,
    /// The leaps and pushes, for set-wise counting (types with [`SETWISE`]).
    shifts: Vec<Shift<B>>,
    push_shifts: Vec<PushShift<B>>,
}

/// The precomputed tables of a variant for one bit width.
#[derive(Clone, Debug)]
pub(crate) struct Tables<B> {
    /// Squares in the board rectangle (bits in use).
    n: usize,
    /// Per padded cell: its bit, or [`NONE`] off the board and on holes.
    bit_of: Vec<u8>,
    /// Per bit: the padded square (holes included, never used).
    square_of: Vec<Square>,
    /// Per padded cell: its bit as a set (empty off the board and on holes), shared with
    /// every position's [`Occupancy`].
    mask: Arc<[u128]>,
    /// Per step direction, per bit: every square along the step to the edge or a hole.
    full: Vec<B>,
    /// Per (type, colour, bit), at `(2·type + colour)·n + bit`.
    spots: Vec<Spot<B>>,
    rays: Vec<Ray<B>>,
    /// Per piece type, per colour.
    pieces: Vec<[PieceBits<B>; 2]>,
    /// Per colour: bit `t` is set when type `t` is counted set-wise ([`SETWISE`]).
    setwise: [u32; 2],
    /// Per colour: the slides of the set-wise types.
    groups: [Vec<SlideGroup<B>>; 2],
    /// Per colour, per bit: the squares from which some piece of the colour could capture
    /// there on an empty board.
    danger: [Vec<B>; 2],
    /// Per colour, per bit: the squares from which some piece of the colour could capture
    /// e.p. there.
    ep_from: [Vec<B>; 2],
    /// Per type, per colour: its moves land on its attack set less its own side's
    /// squares ([`Position::mobility_in`]).
    moves_are_attacks: Vec<[bool; 2]>,
}

/// The bitboard generator of a variant, when it has one.
#[derive(Clone, Debug)]
pub(crate) enum Generator {
    Small(Box<Tables<u64>>),
    Wide(Box<Tables<u128>>),
}

impl Variant {
    /// Whether legal moves come from the bitboard generator (when the side to move has one
    /// royal and nothing in hand); otherwise the generic generator answers.
    pub fn has_bitboard_generator(&self) -> bool {
        self.bitboard_moves && self.plain_rules
    }

    /// Whether [`Position::attack_set`] answers for this variant's pieces (it has the
    /// bitboard tables, whatever its rules).
    pub fn has_attack_sets(&self) -> bool {
        self.bitboard.is_some()
    }

    /// Whether a piece of type `t` and side `c` moves exactly where its attack set says
    /// it could capture (every leap and slide both moves and captures), so that its
    /// mobility is its [`Position::attack_set`] less its own side's squares
    /// ([`Position::mobility_in`]). False without bitboard tables, and for a type outside
    /// them. Fixed for the variant: an evaluation can ask it once a type.
    pub fn moves_are_attacks(&self, t: usize, c: Color) -> bool {
        let row = match &self.bitboard {
            Some(Generator::Small(tables)) => tables.moves_are_attacks.get(t),
            Some(Generator::Wide(tables)) => tables.moves_are_attacks.get(t),
            None => None,
        };
        row.is_some_and(|r| r[c.index()])
    }
}

impl Generator {
    /// The generator for a variant the gate lets on this path ([`Variant::fast_paths`]), in
    /// the narrowest width that holds the board.
    pub(crate) fn build(v: &Variant) -> Option<Generator> {
        let squares = v.geometry.files as usize * v.geometry.ranks as usize;
        if squares <= 64 {
            Some(Generator::Small(Box::new(Tables::build(v))))
        } else if squares <= 128 {
            Some(Generator::Wide(Box::new(Tables::build(v))))
        } else {
            None
        }
    }
}

/// The board as sets of squares in the generator's bit numbering, kept by every change of
/// a cell (make, unmake, setup) so that a node reads its occupancy instead of walking the
/// piece lists (a perft leaf's count starts from these). Stored as `u128` for both widths;
/// variants without a bitboard generator keep nothing (`mask` empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Occupancy {
    /// Per padded cell: its bit as a set (see [`Tables::mask`]); empty: nothing is kept.
    mask: Arc<[u128]>,
    /// Per colour: the squares of its pieces.
    colour: [u128; 2],
    /// Per piece type: the squares of its pieces, both colours.
    kinds: Vec<u128>,
    /// Squares whose piece has not moved (the `virgin` flags, on the board's squares).
    virgin: u128,
}

impl Occupancy {
    /// Empty sets for a variant (nothing kept unless it has a bitboard generator).
    pub(crate) fn new(v: &Variant) -> Occupancy {
        let mask = match &v.bitboard {
            Some(Generator::Small(t)) => t.mask.clone(),
            Some(Generator::Wide(t)) => t.mask.clone(),
            None => Arc::from([]),
        };
        Occupancy {
            mask,
            colour: [0; 2],
            kinds: vec![0; v.pieces.len()],
            virgin: 0,
        }
    }

    /// `cell` (a piece) appears on or leaves `sq`: its bit flips.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, sq: Square, cell: Cell) {
        if let Some(&m) = self.mask.get(sq.index()) {
            self.colour[cell_color(cell).index()] ^= m;
            self.kinds[cell_type(cell)] ^= m;
        }
    }

    /// `cell` (a piece) moves from `from` to `to`.
    #[inline(always)]
    pub(crate) fn relocate(&mut self, from: Square, to: Square, cell: Cell) {
        if let (Some(&a), Some(&b)) = (self.mask.get(from.index()), self.mask.get(to.index())) {
            let m = a | b;
            self.colour[cell_color(cell).index()] ^= m;
            self.kinds[cell_type(cell)] ^= m;
        }
    }

    #[inline(always)]
    pub(crate) fn set_virgin(&mut self, sq: Square, virgin: bool) {
        if let Some(&m) = self.mask.get(sq.index()) {
            if virgin {
                self.virgin |= m;
            } else {
                self.virgin &= !m;
            }
        }
    }

    /// The sets of `pos` built from its mailbox board, to check the kept ones against.
    pub(crate) fn rebuilt(pos: &Position) -> Occupancy {
        let mut occ = Occupancy::new(&pos.variant);
        for sq in (0..occ.mask.len()).map(Square::new) {
            let c = pos.board[sq];
            if is_piece(c) {
                occ.toggle(sq, c);
            }
            occ.set_virgin(sq, pos.virgin[sq]);
        }
        occ
    }
}

impl<B: Bits> Tables<B> {
    /// The squares a slide reaches (up to and including the first piece) given `occ`.
    #[inline(always)]
    fn slide(&self, r: &Ray<B>, occ: B) -> B {
        let blockers = r.ray & occ;
        if blockers.is_empty() {
            return r.ray;
        }
        let first = if r.forward {
            blockers.lowest()
        } else {
            blockers.highest()
        };
        r.ray & !self.full[r.full as usize + first]
    }

    #[inline(always)]
    fn bit(&self, sq: Square) -> usize {
        usize::from(self.bit_of[sq])
    }

    #[inline(always)]
    fn spot(&self, t: Role, color: Color, b: usize) -> &Spot<B> {
        &self.spots[(2 * t.index() + color.index()) * self.n + b]
    }

    #[inline(always)]
    fn rays_of(&self, spot: &Spot<B>) -> &[Ray<B>] {
        &self.rays[spot.first as usize..spot.end as usize]
    }

    /// Whether `them` attacks the square of bit `target`, with the occupancy `occ`.
    /// `theirs`: the squares of `them`'s pieces.
    fn attacked(&self, pos: &Position, them: Color, theirs: B, target: usize, occ: B) -> bool {
        let tb = B::bit(target);
        let mut near = theirs & self.danger[them.index()][target];
        while !near.is_empty() {
            let b = near.lowest();
            near = near.pop_lowest();
            let s = self.square_of[b];
            let spot = self.spot(cell_type(pos.board[s]), them, b);
            if !(spot.leap_capture & tb).is_empty() {
                return true;
            }
            for r in self.rays_of(spot) {
                if r.captures && r.ray.has(target) {
                    let between = r.ray & !self.full[r.full as usize + target] & !tb;
                    if (between & occ).is_empty() {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The squares from which some piece of `by` could capture on one of `targets` on an
    /// empty board, in the position's width (nothing for a hole).
    fn danger_of(&self, by: Color, targets: &[Square]) -> u128 {
        let mut set = B::default();
        for &t in targets {
            if let Some(&b) = self.bit_of.get(t.index()) {
                if usize::from(b) < self.n {
                    set |= self.danger[by.index()][usize::from(b)];
                }
            }
        }
        set.wide()
    }

    /// Every square `them` attacks, with the occupancy `occ`.
    fn attacks(&self, pos: &Position, them: Color, occ: B) -> B {
        let mut attacked = B::default();
        for &s in &pos.lists[them.index()].squares {
            attacked |= self.attacks_from(cell_type(pos.board[s]), them, self.bit(s), occ);
        }
        attacked
    }

    /// The squares a piece of type `t` and colour `color` on bit `b` attacks (its capturing
    /// leaps, and its capturing slides up to and including the first piece), with the
    /// occupancy `occ`.
    #[inline(always)]
    fn attacks_from(&self, t: Role, color: Color, b: usize, occ: B) -> B {
        let spot = self.spot(t, color, b);
        let mut attacked = spot.leap_capture;
        if !spot.reach.is_empty() {
            for r in self.rays_of(spot) {
                if r.captures {
                    attacked |= self.slide(r, occ);
                }
            }
        }
        attacked
    }
}

/// A set of squares of one position, in its bitboard numbering: what
/// [`Position::attack_set`] and [`Position::square_set`] answer. Sets of the same variant
/// combine and count; their bits mean nothing elsewhere.
///
/// ```
/// # use fairyboard_core::{catalogue, coord::Coord, Position};
/// let variant = catalogue::load("chess").unwrap();
/// let pos = Position::start(variant.clone());
/// let sq = |file, rank| variant.square(Coord::new(file, rank));
/// // The knight on g1 attacks e2 (its own pawn: it defends it), f3 and h3.
/// let knight = pos.attack_set(sq(6, 0)).unwrap();
/// assert_eq!(knight.count(), 3);
/// assert!(!(knight & pos.square_set(&[sq(5, 2)])).is_empty());
/// assert!((knight & pos.square_set(&[sq(6, 2)])).is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareSet(u128);

impl SquareSet {
    /// How many squares the set holds.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitand(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitor(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    /// Every square not in the set (and bits beyond the board: meet it with a set of
    /// squares on the board before counting).
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

impl BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, other: SquareSet) {
        self.0 |= other.0;
    }
}

impl Position {
    /// The squares the piece on `sq` attacks, where it could capture an enemy piece (its
    /// own side's pieces there are squares it defends), from the bitboard tables: the same
    /// answer [`Position::table_attack`] gives square by square, for all of them in a few
    /// set operations. None on an empty square, and where the variant has no bitboard
    /// tables ([`Variant::has_attack_sets`]).
    #[inline]
    pub fn attack_set(&self, sq: Square) -> Option<SquareSet> {
        let cell = self.board[sq];
        if !is_piece(cell) {
            return None;
        }
        self.attack_set_as(cell_type(cell).index(), cell_color(cell), sq)
    }

    /// The squares a piece of type `t` and side `c` would attack from `sq` with the
    /// pieces as they stand, whatever is on `sq`: for a piece whose moves are the same
    /// mirrored left to right, the squares from which an enemy piece of that type attacks
    /// `sq` (its checking squares when a royal stands there). None where the variant has
    /// no bitboard tables, and for a type or square outside them.
    #[inline]
    pub fn attack_set_as(&self, t: usize, c: Color, sq: Square) -> Option<SquareSet> {
        if t >= self.variant.type_count() {
            return None;
        }
        let occ = self.bits.colour[0] | self.bits.colour[1];
        let role = crate::variant::Role::new(t);
        match &self.variant.bitboard {
            Some(Generator::Small(tables)) => {
                let b = *tables.bit_of.get(sq.index())?;
                (usize::from(b) < tables.n).then(|| {
                    SquareSet(
                        tables
                            .attacks_from(role, c, usize::from(b), u64::narrow(occ))
                            .wide(),
                    )
                })
            }
            Some(Generator::Wide(tables)) => {
                let b = *tables.bit_of.get(sq.index())?;
                (usize::from(b) < tables.n)
                    .then(|| SquareSet(tables.attacks_from(role, c, usize::from(b), occ)))
            }
            None => None,
        }
    }

    /// Every piece of side `c` with its [`Position::attack_set`], in the order of
    /// [`Position::pieces`]: `f(square, type, the square as a set, its attacks)`. The
    /// tables are looked up once for the side, not once a piece (an evaluation asks this
    /// of every piece). False, and nothing called, where the variant has no bitboard
    /// tables.
    pub fn each_attack_set(
        &self,
        c: Color,
        mut f: impl FnMut(Square, usize, SquareSet, SquareSet),
    ) -> bool {
        fn each<B: Bits>(
            pos: &Position,
            tables: &Tables<B>,
            c: Color,
            f: &mut impl FnMut(Square, usize, SquareSet, SquareSet),
        ) {
            let occ = B::narrow(pos.bits.colour[0] | pos.bits.colour[1]);
            for &sq in pos.pieces(c) {
                let t = cell_type(pos.board[sq]);
                let b = tables.bit(sq);
                let attacks = tables.attacks_from(t, c, b, occ).wide();
                f(
                    sq,
                    t.index(),
                    SquareSet(B::bit(b).wide()),
                    SquareSet(attacks),
                );
            }
        }
        match &self.variant.bitboard {
            Some(Generator::Small(tables)) => each(self, tables, c, &mut f),
            Some(Generator::Wide(tables)) => each(self, tables, c, &mut f),
            None => return false,
        }
        true
    }

    /// [`Position::mobility`] of the piece on `sq` from its [`Position::attack_set`]
    /// `attacks`, when its type's moves land exactly there (every leap and slide both moves
    /// and captures): a count of the set without its own side's squares, no board walk.
    /// Otherwise the board walk answers.
    pub fn mobility_in(&self, sq: Square, attacks: SquareSet, scratch: &mut MoveList) -> usize {
        let cell = self.board[sq];
        if is_piece(cell) {
            let (t, c) = (cell_type(cell).index(), cell_color(cell));
            if self.variant.moves_are_attacks(t, c) {
                return self.moves_in_attacks(c, attacks);
            }
        }
        self.mobility(sq, scratch)
    }

    /// The moves of a piece of side `c` whose moves are its attacks
    /// ([`Variant::moves_are_attacks`]) with the attack set `attacks`: the set less its
    /// own side's squares. What [`Position::mobility_in`] answers for such a piece, for a
    /// caller that has asked the type once.
    #[inline]
    pub fn moves_in_attacks(&self, c: Color, attacks: SquareSet) -> usize {
        (attacks & !self.side_set(c)).count() as usize
    }

    /// Whether playing `m` puts the opponent in check ([`Position::in_check`] after it).
    /// Where the bitboard tables can tell — plain rules, one enemy royal, a move that only
    /// leaves one square and lands on another (promoting or not) — it is answered from the
    /// sets without playing the move: the landed piece's attacks with the occupancy after
    /// it, and the side's other pieces' attacks through the square left (a discovered
    /// check). Anything else is played and looked at. A search asks this of every move it
    /// might prune, most of which it then never plays. The sets' answer assumes the side to
    /// move gives no check already (true of every position reached by legal moves): a
    /// move far from the enemy royal's lines is answered no without a look.
    pub fn gives_check(&mut self, m: &Move) -> bool {
        if let Some(check) = self.check_by_sets(m) {
            return check;
        }
        let undo = self.make(m);
        let check = self.in_check_in_place();
        self.unmake(m, undo);
        check
    }

    /// [`Position::gives_check`] from the bit sets, where they can tell.
    fn check_by_sets(&self, m: &Move) -> Option<bool> {
        let v = &*self.variant;
        if !v.plain_rules
            || self.game.decided.is_some()
            || m.kind != MoveKind::Normal
            || m.unload != 0
            || m.relay != 0
            || !m.locust().is_empty()
        {
            return None;
        }
        let us = self.side;
        let &[royal] = &self.royals[us.flip().index()][..] else {
            return None;
        };
        let (from, to) = (m.from(), m.to());
        let landed = match m.promoted_to() {
            Some(t) => t,
            // A landing that changes the piece some other way (a morph).
            None if v.pieces[m.piece()].landing[us.index()][to.index()]
                != crate::variant::Landing::Plain =>
            {
                return None
            }
            None => m.piece(),
        };
        if to == royal {
            // The last royal taken: nothing is left to be in check.
            return Some(false);
        }
        Some(match &v.bitboard {
            Some(Generator::Small(t)) => check_after(self, t, from, to, landed, royal),
            Some(Generator::Wide(t)) => check_after(self, t, from, to, landed, royal),
            None => return None,
        })
    }

    /// The squares `c`'s pieces stand on, as a set to meet an [`Position::attack_set`]
    /// (empty where the variant has no bitboard generator).
    #[inline]
    pub fn side_set(&self, c: Color) -> SquareSet {
        SquareSet(self.bits.colour[c.index()])
    }

    /// `squares` as a set to meet an [`Position::attack_set`] (squares off the board and
    /// holes are left out; empty where the variant has no bitboard generator).
    #[inline]
    pub fn square_set(&self, squares: &[Square]) -> SquareSet {
        set_of(&self.bits.mask, squares)
    }

    /// The squares of `c`'s pieces of type `t`, as a set (empty where the variant has no
    /// bitboard generator).
    #[inline]
    pub fn type_set(&self, t: usize, c: Color) -> SquareSet {
        let kind = self.bits.kinds.get(t).copied().unwrap_or(0);
        SquareSet(kind & self.bits.colour[c.index()])
    }
}

impl Variant {
    /// `squares` as a set, as [`Position::square_set`] makes it for any position of the
    /// variant: for tables built once per variant (an evaluator's zones).
    pub fn square_set(&self, squares: &[Square]) -> SquareSet {
        match &self.bitboard {
            Some(Generator::Small(t)) => set_of(&t.mask, squares),
            Some(Generator::Wide(t)) => set_of(&t.mask, squares),
            None => SquareSet::default(),
        }
    }
}

/// The union of the cells' bits (cells off the board or on holes add nothing).
fn set_of(mask: &[u128], squares: &[Square]) -> SquareSet {
    SquareSet(
        squares
            .iter()
            .filter_map(|sq| mask.get(sq.index()))
            .fold(0, |set, &m| set | m),
    )
}

/// The squares of one side's pieces that may attack a square, from
/// [`Position::attack_candidates`]: a superset of the attackers, in no promised order.
pub struct Candidates<'a> {
    /// Without a bitboard generator: every piece of the side.
    list: std::slice::Iter<'a, Square>,
    /// With one: the pieces standing where their side could capture from, as bits.
    bits: u128,
    /// Per bit: its square (empty without a bitboard generator).
    square_of: &'a [Square],
}

impl Iterator for Candidates<'_> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.bits != 0 {
            let b = self.bits.trailing_zeros() as usize;
            self.bits &= self.bits - 1;
            return Some(self.square_of[b]);
        }
        self.list.next().copied()
    }
}

impl Position {
    /// The pieces of `by` that may attack one of `targets`: the one prefilter of every
    /// "who attacks this square" question (check, static exchange, king danger). With a
    /// bitboard generator only pieces standing where some piece of `by` could capture a
    /// target on an empty board (its danger sets); a king's ring then costs a few table
    /// reads instead of one per enemy piece and target. Without one, every piece of `by`.
    /// Which of them really attack is for [`Position::table_attack`] (or the generator).
    #[inline]
    pub fn attack_candidates(&self, targets: &[Square], by: Color) -> Candidates<'_> {
        let (danger, square_of) = match &self.variant.bitboard {
            Some(Generator::Small(t)) => (t.danger_of(by, targets), &t.square_of[..]),
            Some(Generator::Wide(t)) => (t.danger_of(by, targets), &t.square_of[..]),
            None => {
                return Candidates {
                    list: self.pieces(by).iter(),
                    bits: 0,
                    square_of: &[],
                }
            }
        };
        Candidates {
            list: [].iter(),
            bits: danger & self.bits.colour[by.index()],
            square_of,
        }
    }
}

/// Legal destinations found at once, for [`Targets::add`]: one value instead of five
/// arguments through the sinks (all inlined, so it costs nothing).
#[derive(Clone, Copy)]
struct Landings<'a, B> {
    /// The tables of the moving type and side.
    pb: &'a PieceBits<B>,
    /// The moving type.
    t: Role,
    /// The square left ([`Square::NONE`] for a whole set-wise type, which only counts).
    from: Square,
    /// The destinations, all legal and plain.
    targets: B,
    /// The e.p. square the moves create, or [`Square::NONE`].
    ep: Square,
}

/// What the generator does with legal destinations: count them or push moves.
trait Targets<B: Bits> {
    /// Unpinned pieces of [`SETWISE`] types are left to [`count_setwise`].
    const SETWISE: bool;
    /// Only landings that can capture or promote are wanted (a quiescence search's
    /// moves): targets are narrowed to enemy pieces and special landings, and castling
    /// is skipped.
    const TACTICAL: bool = false;
    /// The destinations of `found`, in `pos` (whose bit numbering `tables` gives).
    fn add(&mut self, pos: &Position, tables: &Tables<B>, found: Landings<B>);
    /// Moves whose legality is judged by playing them (e.p., castling).
    fn deferred(&mut self) -> &mut MoveList;
    /// Legal destinations counted set-wise, all plain (only when
    /// [`SETWISE`](Self::SETWISE)).
    fn add_set(&mut self, targets: B);
}

/// Bit-sliced counters: adds sets of squares with a few logic operations each, and counts
/// at the end (a popcount is costly without a hardware instruction).
#[derive(Clone, Copy, Default)]
struct Tally<B> {
    ones: B,
    twos: B,
    fours: B,
    /// Carries out of the counters (eights).
    n: usize,
}

impl<B: Bits> Tally<B> {
    #[inline(always)]
    fn add(&mut self, x: B) {
        let c1 = self.ones & x;
        self.ones = self.ones ^ x;
        let c2 = self.twos & c1;
        self.twos = self.twos ^ c1;
        let c4 = self.fours & c2;
        self.fours = self.fours ^ c2;
        if !c4.is_empty() {
            self.n += 8 * c4.count() as usize;
        }
    }

    fn total(&self) -> usize {
        self.n
            + self.ones.count() as usize
            + 2 * self.twos.count() as usize
            + 4 * self.fours.count() as usize
    }
}

struct Count<'a, B> {
    /// Promotion choices and other special landings.
    n: usize,
    tally: Tally<B>,
    deferred: &'a mut MoveList,
}

impl<B: Bits> Targets<B> for Count<'_, B> {
    const SETWISE: bool = true;
    #[inline(always)]
    fn add(&mut self, pos: &Position, tables: &Tables<B>, found: Landings<B>) {
        let Landings { pb, t, targets, .. } = found;
        self.tally.add(targets & !pb.special);
        let special = targets & pb.special;
        if !special.is_empty() {
            let n = &mut self.n;
            each(special, |b| {
                let to = tables.square_of[b];
                pos.each_landing(pb.flags, t, pos.side, to, false, |_| *n += 1);
            });
        }
    }
    fn deferred(&mut self) -> &mut MoveList {
        self.deferred
    }
    #[inline(always)]
    fn add_set(&mut self, targets: B) {
        self.tally.add(targets);
    }
}

impl<B: Bits> Targets<B> for MoveList {
    const SETWISE: bool = false;
    #[inline(always)]
    fn add(&mut self, pos: &Position, tables: &Tables<B>, found: Landings<B>) {
        let Landings {
            pb,
            t,
            from,
            targets,
            ep,
        } = found;
        each(targets, |b| {
            let to = tables.square_of[b];
            let who = Mover {
                piece: t,
                color: pos.side,
                from,
            };
            pos.emit(self, pb.flags, who, Arrival::step(to, ep));
        });
    }
    fn deferred(&mut self) -> &mut MoveList {
        self
    }
    /// Never called: moves are not counted set-wise.
    fn add_set(&mut self, _: B) {}
}

/// A move list that takes only the landings that can capture or promote
/// ([`Targets::TACTICAL`]).
struct Tactical<'a>(&'a mut MoveList);

impl<B: Bits> Targets<B> for Tactical<'_> {
    const SETWISE: bool = false;
    const TACTICAL: bool = true;
    #[inline(always)]
    fn add(&mut self, pos: &Position, tables: &Tables<B>, found: Landings<B>) {
        self.0.add(pos, tables, found);
    }
    fn deferred(&mut self) -> &mut MoveList {
        self.0
    }
    fn add_set(&mut self, _: B) {}
}

/// Pins of the side to move: at most this many are tracked (more: generic path).
const MAX_PINS: usize = 16;

impl Position {
    /// Whether the bitboard generator answers for this position (see the module docs).
    #[inline]
    fn bitboard_ready(&self) -> bool {
        let v = &*self.variant;
        let us = self.side.index();
        v.bitboard_moves
            && v.plain_rules
            && self.royals[us].len() == 1
            && !(v.drops && self.in_hand[us] > 0)
    }

    /// The legal moves by the bitboard generator, when it applies (`false`: it does not,
    /// and `out` is untouched). `tactical`: only those that may capture or promote, a
    /// superset of the captures and promotions (special landings include morphs).
    pub(crate) fn bitboard_moves(&mut self, out: &mut MoveList, tactical: bool) -> bool {
        if !self.bitboard_ready() {
            return false;
        }
        out.clear();
        let done = match (self.variant.bitboard.as_ref(), tactical) {
            (Some(Generator::Small(t)), false) => generate(self, t, out),
            (Some(Generator::Wide(t)), false) => generate(self, t, out),
            (Some(Generator::Small(t)), true) => generate(self, t, &mut Tactical(out)),
            (Some(Generator::Wide(t)), true) => generate(self, t, &mut Tactical(out)),
            (None, _) => false,
        };
        if !done {
            out.clear();
            return false;
        }
        // Normal moves are legal as generated; e.p. and castling are tested.
        let mut w = 0;
        for r in 0..out.len() {
            let m = out[r];
            if m.kind == MoveKind::Normal || self.deferred_legal(&m) {
                out[w] = m;
                w += 1;
            }
        }
        out.truncate(w);
        true
    }

    /// Whether a deferred move (e.p. capture, castling) is legal: in closed form from the
    /// bit sets when possible, else by the generic [`Position::is_legal`].
    fn deferred_legal(&mut self, m: &Move) -> bool {
        let variant = Arc::clone(&self.variant);
        let known = match variant.bitboard.as_ref() {
            Some(Generator::Small(t)) => deferred_safe(self, t, m),
            Some(Generator::Wide(t)) => deferred_safe(self, t, m),
            None => None,
        };
        known.unwrap_or_else(|| self.is_legal(m))
    }

    /// The number of legal moves by the bitboard generator, when it applies.
    pub(crate) fn bitboard_count(&mut self, scratch: &mut MoveList) -> Option<usize> {
        if !self.bitboard_ready() {
            return None;
        }
        scratch.clear();
        let done = match self.variant.bitboard.as_ref() {
            Some(Generator::Small(t)) => {
                let mut count = Count {
                    n: 0,
                    tally: Tally::default(),
                    deferred: &mut *scratch,
                };
                generate(self, t, &mut count).then(|| count.n + count.tally.total())
            }
            Some(Generator::Wide(t)) => {
                let mut count = Count {
                    n: 0,
                    tally: Tally::default(),
                    deferred: &mut *scratch,
                };
                generate(self, t, &mut count).then(|| count.n + count.tally.total())
            }
            None => None,
        };
        let mut n = done?;
        for m in scratch.iter() {
            n += usize::from(self.deferred_legal(m));
        }
        Some(n)
    }
}

/// Whether the enemy royal on `royal` is attacked after the side to move's piece on
/// `from` lands on `to` as `landed` (capturing whatever stood there).
fn check_after<B: Bits>(
    pos: &Position,
    tables: &Tables<B>,
    from: Square,
    to: Square,
    landed: Role,
    royal: Square,
) -> bool {
    let us = pos.side;
    let (fb, tb, kb) = (tables.bit(from), tables.bit(to), tables.bit(royal));
    // A piece checks from a square whence some type of its side could take the royal on
    // an empty board, and a slide it leaves open runs through such a square (a piece of
    // the slider's type standing there would reach the royal the same way): a move that
    // neither lands on nor leaves one gives no check, without a look at the occupancy.
    // This holds where the side to move gives no check already, as in every position
    // reached by legal moves.
    let near = tables.danger[us.index()][kb];
    if !near.has(fb) && !near.has(tb) {
        return false;
    }
    let occ = B::narrow(pos.bits.colour[0] | pos.bits.colour[1]);
    let occ = (occ & !B::bit(fb)) | B::bit(tb);
    if tables.attacks_from(landed, us, tb, occ).has(kb) {
        return true;
    }
    // The side's other pieces, through the square left (the destination held an enemy
    // piece or nothing, so it is none of theirs). Their leaps do not change, and a piece
    // landing can only block their slides: only a slide opened through the square left can
    // newly check, and it runs through a square of `near`.
    if !near.has(fb) {
        return false;
    }
    let others = B::narrow(pos.bits.colour[us.index()]) & !B::bit(fb) & !B::bit(tb);
    tables.attacked(pos, us, others, kb, occ)
}

/// Whether the side to move's royal is safe after an e.p. capture or castling, by the
/// conditions of the generic [`Position::is_legal`] on the bit sets: for a royal castling,
/// not attacked on its square nor on any square it passes (each probed with the royal
/// standing there); then not attacked after the move. `None` for what it does not cover
/// (squares off the bit numbering, a royal's e.p. capture, a castling royal not on `from`).
fn deferred_safe<B: Bits>(pos: &Position, tables: &Tables<B>, m: &Move) -> Option<bool> {
    let us = pos.side;
    let them = us.flip();
    let bit = |sq: Square| {
        tables
            .bit_of
            .get(sq.index())
            .copied()
            .filter(|&b| b != NONE)
            .map(usize::from)
    };
    let ours = B::narrow(pos.bits.colour[us.index()]);
    let theirs = B::narrow(pos.bits.colour[them.index()]);
    let occ = ours | theirs;
    let royal_sq = pos.royals[us.index()][0];
    let king = bit(royal_sq)?;
    let (from, to) = (bit(m.from())?, bit(m.to())?);
    let (from_bit, to_bit) = (B::bit(from), B::bit(to));
    match m.kind {
        MoveKind::EnPassant => {
            if m.from() == royal_sq || !m.locust().is_empty() {
                return None;
            }
            let victim = B::bit(bit(m.extra(0))?);
            let after = (occ & !from_bit & !victim) | to_bit;
            Some(!tables.attacked(pos, them, theirs & !victim, king, after))
        }
        MoveKind::Castle => {
            let partner_from = B::bit(bit(m.extra(0))?);
            let partner_to = B::bit(bit(m.extra(1))?);
            let moves_royal = m.from() == royal_sq;
            if pos.variant.pieces[m.piece()].royal {
                if !moves_royal || m.to == m.from {
                    return None;
                }
                if tables.attacked(pos, them, theirs, king, occ) {
                    return Some(false);
                }
                let dir: isize = if m.to > m.from { 1 } else { -1 };
                let mut s = m.from() + dir;
                while s != m.to() {
                    if pos.board[s] != EMPTY && s != m.extra(0) {
                        return Some(false);
                    }
                    let b = bit(s)?;
                    if tables.attacked(pos, them, theirs, b, (occ & !from_bit) | B::bit(b)) {
                        return Some(false);
                    }
                    s += dir;
                }
            }
            let landed = to_bit | partner_to;
            let after = (occ & !from_bit & !partner_from) | landed;
            let royal_after = if moves_royal { to } else { king };
            Some(!tables.attacked(pos, them, theirs & !landed, royal_after, after))
        }
        _ => None,
    }
}

/// Step all pieces of `front` at once (`step`: one step of the slide) until every ray is
/// blocked or out of range: the squares reached, blockers included.
#[inline(always)]
fn fill<B: Bits>(mut front: B, from: B, empty: B, range: u8, step: impl Fn(B) -> B) -> B {
    let mut reach = B::default();
    let mut left = range;
    loop {
        front = step(front & from);
        reach |= front;
        front &= empty;
        left -= 1;
        if front.is_empty() || left == 0 {
            return reach;
        }
    }
}

#[cfg(test)]
mod tests {
    //! The bit sets kept by make/unmake against a rebuild from the mailbox board, on seeded
    //! random games with random take-backs.

    use super::*;
    use crate::variant::catalogue;
    use xbetza::random::Rng;

    fn variant(name: &str) -> Arc<Variant> {
        std::env::set_var(
            "FAIRYBOARD_VARIANTS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
        );
        catalogue::load(name).unwrap_or_else(|e| panic!("{name}: {e:?}"))
    }

    /// What a walk met, so the test cannot pass without exercising each kind of change.
    #[derive(Default, Debug)]
    struct Met {
        captures: usize,
        drops: usize,
        promotions: usize,
        castles: usize,
        ep: usize,
        takebacks: usize,
    }

    fn walk(name: &str, seed: u64, games: usize, plies: usize, met: &mut Met) {
        let v = variant(name);
        assert!(
            v.bitboard.is_some(),
            "{name}: no bitboard generator, nothing kept"
        );
        let mut rng = Rng::new(seed);
        for _ in 0..games {
            let mut pos = Position::start(v.clone());
            let start = pos.clone();
            assert_eq!(pos.bits, Occupancy::rebuilt(&pos), "{name}: start");
            let mut line: Vec<(Move, crate::position::Undo)> = Vec::new();
            for ply in 0..plies {
                if !line.is_empty() && rng.chance(25) {
                    // Take back one to three moves.
                    for _ in 0..1 + rng.below(3) {
                        if let Some((m, undo)) = line.pop() {
                            pos.unmake(&m, undo);
                            met.takebacks += 1;
                        }
                    }
                } else {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len())];
                    met.drops += usize::from(m.kind == MoveKind::Drop);
                    met.castles += usize::from(m.kind == MoveKind::Castle);
                    met.ep += usize::from(m.kind == MoveKind::EnPassant);
                    met.promotions += usize::from(m.is_promotion());
                    met.captures +=
                        usize::from(m.kind == MoveKind::Normal && is_piece(pos.cell(m.to())));
                    let undo = pos.make(&m);
                    line.push((m, undo));
                }
                assert_eq!(
                    pos.bits,
                    Occupancy::rebuilt(&pos),
                    "{name} seed {seed} ply {ply}: kept sets differ from the board"
                );
                for c in 0..2 {
                    let total: u32 = pos.hands[c].iter().sum();
                    assert_eq!(pos.in_hand[c], total, "{name} seed {seed} ply {ply}: hand");
                }
            }
            while let Some((m, undo)) = line.pop() {
                pos.unmake(&m, undo);
            }
            assert!(
                pos == start,
                "{name}: unmaking everything restores the start"
            );
            assert_eq!(pos.bits, start.bits, "{name}: start sets after unmaking");
        }
    }

    #[test]
    fn kept_bit_sets_match_the_board_after_random_make_and_unmake() {
        let mut met = Met::default();
        // Castling and e.p. (chess, capablanca), drops with promoted pieces demoting in
        // hand (crazyhouse), promotion to many types on a 10×10 board (grand, `u128`),
        // pawn promotion by zone and no double step (makruk).
        for (i, name) in ["chess", "capablanca", "crazyhouse", "grand", "makruk"]
            .into_iter()
            .enumerate()
        {
            walk(name, 0x5EED + i as u64, 40, 160, &mut met);
        }
        assert!(met.captures > 100, "{met:?}");
        assert!(met.drops > 10, "{met:?}");
        assert!(met.promotions > 5, "{met:?}");
        assert!(met.castles > 5, "{met:?}");
        assert!(met.ep > 0, "{met:?}");
        assert!(met.takebacks > 100, "{met:?}");
    }

    #[test]
    fn variants_without_a_generator_keep_nothing() {
        let v = variant("xiangqi");
        assert!(v.bitboard.is_none());
        let mut pos = Position::start(v);
        let m = pos.legal_moves()[0];
        let undo = pos.make(&m);
        assert_eq!(pos.bits.colour, [0; 2]);
        assert!(pos.bits.kinds.iter().all(|&k| k == 0));
        pos.unmake(&m, undo);
    }
}
