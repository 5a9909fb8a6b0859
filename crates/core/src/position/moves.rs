//! Moves as the generator produces them: small `Copy` values.

use crate::variant::geometry::Square;
use crate::variant::Role;

/// What kind of move, beyond from → to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A move along the piece's legs; `victims` lists locust captures made on the way.
    Normal,
    /// An e.p. capture: the piece on `extra[0]` is removed, after the locust captures of the
    /// legs before (`extra[1..]`, `victims` of them; `caeF` takes a piece and then lands on
    /// the e.p. square).
    EnPassant,
    /// Castling: the partner on `extra[0]` goes to `extra[1]`.
    Castle,
    /// A drop from the hand: `piece` is the dropped type, `from` equals `to`.
    Drop,
}

/// Up to this many pieces removed per move besides a capture on the destination: locust
/// victims, or an e.p. victim and up to `MAX_VICTIMS - 1` locust victims. Paths of four or
/// five legs can take four pieces (`cafcafcafcafW`); a variant whose paths could take more
/// is told so when it is built.
pub const MAX_VICTIMS: usize = 5;

/// A move. Squares are padded-board indices of the variant's [`Geometry`](crate::variant::geometry::Geometry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub kind: MoveKind,
    pub from: u16,
    pub to: u16,
    /// Locust victims (Normal), e.p. victim then locust victims (EnPassant), partner
    /// from/to (Castle).
    pub extra: [u16; MAX_VICTIMS],
    /// Number of locust victims in `extra` for a Normal or EnPassant move; the bit [`EXEMPT`] marks a
    /// move of a primed atom (`'`), exempt from the capture matrix.
    pub victims: u8,
    /// The moving (or dropped) piece type.
    pub piece: u8,
    /// Promotion: the type the piece becomes, or `NO_PROMOTION`.
    pub promotion: u8,
    /// The e.p. square this move creates (a lame double step, a push's first passed
    /// square), or 0 for none; with [`EP_SECOND`] set, the next square along the move's
    /// line is one too (a triple push).
    pub ep_square: u16,
    /// Unload (`u`): the piece captured on `to` reappears on this square; 0 for none.
    pub unload: u16,
    /// Induction (`x`): the friend on this square makes the move instead of the piece on
    /// `from` (`piece` is then the friend's type); 0 for none.
    pub relay: u16,
}

pub const NO_PROMOTION: u8 = u8::MAX;

/// In [`Move::ep_square`]: the square after the e.p. square along the move's line (as far
/// from it as it is from the move's origin) is an e.p. square too. Padded square indices
/// stay far below this bit.
pub const EP_SECOND: u16 = 0x8000;

/// In [`Move::victims`]: the move is exempt from the capture matrix (primed atom). Only set
/// in variants with a capture matrix, so plain variants' moves never carry it.
pub const EXEMPT: u8 = 0x80;

impl Move {
    #[inline]
    pub fn from(&self) -> Square {
        Square::unpack(self.from)
    }
    #[inline]
    pub fn to(&self) -> Square {
        Square::unpack(self.to)
    }
    /// The piece type that moves (or is dropped).
    #[inline]
    pub fn piece(&self) -> Role {
        Role::from_byte(self.piece)
    }
    /// The type a promotion turns the piece into (whether or not it comes from the hand).
    #[inline]
    pub fn promoted_to(&self) -> Option<Role> {
        self.is_promotion()
            .then(|| Role::from_byte(self.promotion & !crate::position::PROMO_FROM_HAND))
    }
    /// The square at `extra[i]` (see [`Move::extra`]).
    #[inline]
    pub fn extra(&self, i: usize) -> Square {
        Square::unpack(self.extra[i])
    }
    /// The relay square of an induction (`x`), or [`Square::NONE`].
    #[inline]
    pub fn relay(&self) -> Square {
        Square::unpack(self.relay)
    }
    /// The square an unloaded piece reappears on (`u`), or [`Square::NONE`].
    #[inline]
    pub fn unload(&self) -> Square {
        Square::unpack(self.unload)
    }
    /// The locust victims of a move, in leg order.
    pub fn locust(&self) -> &[u16] {
        let n = usize::from(self.victims & !EXEMPT);
        match self.kind {
            MoveKind::Normal => &self.extra[..n],
            MoveKind::EnPassant => &self.extra[1..(1 + n).min(MAX_VICTIMS)],
            _ => &[],
        }
    }
    /// The squares the move is entered by after its start, leg by leg: the relay square of
    /// an induction (`x`), each locust victim, then the destination. Coordinate notation
    /// writes one leg per entry (`d4e5,e5d6`), XBoard sends one `put` per entry and the
    /// browser diagram takes one click per entry, so all three follow this one sequence.
    /// Castling, e.p. and drops have the destination alone.
    pub fn legs(&self) -> Squares {
        let mut legs = Squares::default();
        if self.kind == MoveKind::Normal && self.relay != 0 {
            legs.push(self.relay());
        }
        for &v in self.locust() {
            legs.push(Square::unpack(v));
        }
        legs.push(self.to());
        legs
    }
    /// A primed atom's move: the capture matrix does not apply to it.
    pub fn is_exempt(&self) -> bool {
        self.victims & EXEMPT != 0
    }
    pub fn is_promotion(&self) -> bool {
        self.promotion != NO_PROMOTION
    }
}

/// A few squares of one move (its legs, or its victims), kept inline: a move has at most a
/// relay square, [`MAX_VICTIMS`] locust victims and a destination.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Squares {
    squares: [Square; MAX_VICTIMS + 2],
    len: u8,
}

impl Squares {
    pub(crate) fn push(&mut self, sq: Square) {
        self.squares[usize::from(self.len)] = sq;
        self.len += 1;
    }
}

impl std::ops::Deref for Squares {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }
}

/// A reusable move buffer. Generation only pushes; callers keep one per ply so the steady
/// state allocates nothing.
pub type MoveList = Vec<Move>;

/// How many squares a piece's moves reach: moves with the same landing (destination, locust
/// victims and unload square) count once, so promotion choices and routes that end alike
/// are one square reached, and castling is not counted. The value measure and the
/// evaluation's mobility count with this alike, so a piece in a promotion zone is not
/// paid twice for each square it reaches.
pub fn distinct_landings(moves: &[Move]) -> usize {
    // Quadratic, but a piece's list is short, and the destination alone tells most pairs
    // apart before the victims are compared.
    let same = |p: &Move, m: &Move| {
        p.to == m.to && p.unload == m.unload && p.extra == m.extra && p.kind != MoveKind::Castle
    };
    moves
        .iter()
        .enumerate()
        .filter(|&(i, m)| m.kind != MoveKind::Castle && !moves[..i].iter().any(|p| same(p, m)))
        .count()
}
