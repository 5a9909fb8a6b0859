//! A position as plain data, for building and editing positions: every square's piece by
//! *type index* and colour, unmoved and promoted-from marks, hands, side to move, e.p.,
//! clocks and the rules state.
//!
//! Why not FEN: a FEN names pieces by their ID letters, and real Interactive Diagram
//! definitions give several types one ID (Tamerlane's many "Pawn of X" are all `P`; a piece
//! without an ID of its own takes its name's first letter, so a prince beside a pawn is `P`
//! too). Reading such a FEN back picks one type per letter, so an edit made by writing and
//! parsing FEN silently turns pieces into other pieces. A [`Setup`] names types by index, so
//! [`Position::to_setup`], an edit, and [`Position::from_setup`] keep every piece what it was.
//! FEN parsing is one producer of a `Setup` ([`Position::from_fen`]); free-mode edits, move
//! diagrams and value estimates are others.
//!
//! ```
//! use fairyboard_core::{Color, Position, Variant};
//! use std::sync::Arc;
//! // Two types share the ID `P`: a pawn and a prince (a king-like piece).
//! let text = "files=5\nranks=5\nroyal=3\npawn:P:fmW::a2\nprince:P:K::e2\nking:K:K::c1\n";
//! let variant = Arc::new(Variant::from_definition("demo", text).unwrap().0);
//! let mut setup = Position::start(variant.clone()).to_setup();
//! let e2 = variant.square("e2".parse().unwrap());
//! let e3 = variant.square("e3".parse().unwrap());
//! setup.put(e2, None);
//! setup.put(e3, Some((1, Color::White))); // the prince, by type index
//! let pos = Position::from_setup(variant, setup).unwrap();
//! assert_eq!(pos.piece_at(e3), Some((1, Color::White)));
//! ```

use std::fmt;
use std::sync::Arc;

use crate::coord::Coord;
use crate::limits::MAX_IN_HAND;
use crate::position::{EnPassant, GameState, Position};
use crate::rules::Effect;
use crate::variant::geometry::Square;
use crate::variant::{
    cell_color, cell_type, is_piece, piece_cell, Color, Landing, Role, Variant, OFF,
};

/// A position as data. Squares are the variant's square indices ([`Variant::square`]);
/// the per-square vectors cover every index (padding and holes included, always empty).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Per square: the piece's type index and colour.
    pub cells: Vec<Option<(usize, Color)>>,
    /// Per square: the piece there has not moved (initial moves, castling).
    pub unmoved: Vec<bool>,
    /// Per square: the type the piece there promoted from (with `demotePromoted` only).
    pub promoted_from: Vec<Option<usize>>,
    /// Per colour, per type: pieces in hand.
    pub hands: [Vec<u32>; 2],
    pub side: Color,
    pub ep: Option<EnPassant>,
    pub halfmove: u32,
    /// Starts at 1.
    pub fullmove: u32,
    /// The type and destination of the last move's piece (what an imitator copies).
    pub last: Option<(usize, Square)>,
    /// The rules layer's state carried over from a position; `None` judges the board
    /// afresh, as a FEN is (a side already bare counts as just bared).
    pub rules: Option<GameState>,
}

/// Why a [`Setup`] does not fit its variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A per-square or per-type list has the wrong length (`what` names it).
    Size {
        what: &'static str,
        expected: usize,
        found: usize,
    },
    /// A piece stands on a hole or outside the board.
    OffBoard { square: Square, at: Option<Coord> },
    /// A type index the variant does not have (`at`: the square it stands on, if any).
    UnknownType {
        piece: usize,
        square: Option<Square>,
        at: Option<Coord>,
    },
    /// An unmoved or promoted-from mark on a square without a piece.
    MarkOnEmpty {
        mark: &'static str,
        square: Square,
        at: Option<Coord>,
    },
    /// A promoted-from mark in a variant that does not demote (`demotePromoted`).
    PromotedWithoutDemotion { square: Square, at: Option<Coord> },
    /// Pieces in hand in a variant without holdings.
    HandWithoutHoldings { color: Color, piece: usize },
    /// More than [`MAX_IN_HAND`] pieces in one hand.
    HandTooLarge { color: Color },
    /// Move numbers start at 1.
    FullmoveZero,
    /// The e.p. state does not fit the board.
    EnPassant { reason: String },
    /// The last move's type or square does not fit.
    LastMove { reason: String },
    /// More royal pieces (board and hand) than any game of the variant can give a side:
    /// see [`Setup::royal_limit`]. `squares` are where the board's royals stand.
    TooManyRoyals {
        color: Color,
        found: u32,
        limit: u32,
        squares: Vec<Coord>,
        in_hand: u32,
    },
}

fn place(square: Square, at: &Option<Coord>) -> String {
    match at {
        Some(c) => c.to_string(),
        None => format!("square index {} (off the board)", square.index()),
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Size {
                what,
                expected,
                found,
            } => write!(f, "{what}: {found} entries, the variant needs {expected}"),
            SetupError::OffBoard { square, at } => match at {
                Some(c) => write!(f, "a piece on {c}, which is a hole"),
                None => write!(
                    f,
                    "a piece on square index {}, outside the board",
                    square.index()
                ),
            },
            SetupError::UnknownType { piece, square, at } => match square {
                Some(s) => write!(
                    f,
                    "piece type {piece} on {} is not a type of this variant",
                    place(*s, at)
                ),
                None => write!(f, "piece type {piece} is not a type of this variant"),
            },
            SetupError::MarkOnEmpty { mark, square, at } => {
                write!(f, "{mark} mark on the empty square {}", place(*square, at))
            }
            SetupError::PromotedWithoutDemotion { square, at } => write!(
                f,
                "promoted-from mark on {}, but the variant does not demote (demotePromoted)",
                place(*square, at)
            ),
            SetupError::HandWithoutHoldings { color, piece } => write!(
                f,
                "{color:?} holds piece type {piece} in hand, but the variant has no holdings"
            ),
            SetupError::HandTooLarge { color } => {
                write!(f, "{color:?}'s hand holds more than {MAX_IN_HAND} pieces")
            }
            SetupError::FullmoveZero => write!(f, "move number 0 (they start at 1)"),
            SetupError::EnPassant { reason } => write!(f, "e.p.: {reason}"),
            SetupError::LastMove { reason } => write!(f, "last move: {reason}"),
            SetupError::TooManyRoyals {
                color,
                found,
                limit,
                squares,
                in_hand,
            } => {
                let mut at: Vec<String> = squares.iter().map(|c| c.to_string()).collect();
                if *in_hand > 0 {
                    at.push(format!("{in_hand} in hand"));
                }
                write!(
                    f,
                    "{color:?} has {found} royal pieces ({}), but no game of this variant can give a side more than {limit}",
                    at.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// An empty board of the variant: nothing in hand, White to move, move 1.
    pub fn empty(variant: &Variant) -> Setup {
        let cells = variant.geometry.cells;
        let types = variant.pieces.len();
        Setup {
            cells: vec![None; cells],
            unmoved: vec![false; cells],
            promoted_from: vec![None; cells],
            hands: [vec![0; types], vec![0; types]],
            side: Color::White,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            last: None,
            rules: None,
        }
    }

    /// The definition's own setup: its pieces and initial hands, every piece that can use
    /// its virginity unmoved, White to move.
    pub fn start(variant: &Variant) -> Setup {
        let mut s = Setup::empty(variant);
        for &(sq, cell) in &variant.setup {
            if is_piece(cell) {
                s.cells[sq] = Some((cell_type(cell).index(), cell_color(cell)));
            }
        }
        s.hands = variant.initial_hand.clone();
        s.mark_start_unmoved(variant);
        s
    }

    /// The piece on a square (none off the board).
    pub fn piece_at(&self, sq: Square) -> Option<(usize, Color)> {
        self.cells.get(sq.index()).copied().flatten()
    }

    /// Put a piece on `sq` (or clear it with `None`): a new arrival, so the square's
    /// unmoved and promoted-from marks are cleared. Squares outside the lists are ignored
    /// (and [`Position::from_setup`] reports pieces on holes).
    pub fn put(&mut self, sq: Square, piece: Option<(usize, Color)>) {
        if let Some(c) = self.cells.get_mut(sq.index()) {
            *c = piece;
            self.unmoved[sq] = false;
            self.promoted_from[sq] = None;
        }
    }

    /// Change a hand count by `delta` (not below 0).
    pub fn add_to_hand(&mut self, color: Color, t: usize, delta: i32) {
        if let Some(n) = self.hands[color.index()].get_mut(t) {
            *n = n.saturating_add_signed(delta);
        }
    }

    /// Whether a piece counts as unmoved when it stands on `sq` in a set-up position: it
    /// has initial moves (or is the `conversion` type, whose first move that rule
    /// restricts) and stands on a start square of its own kind.
    pub fn unmoved_by_start(variant: &Variant, sq: Square, t: usize, color: Color) -> bool {
        t < variant.pieces.len()
            && (variant.pieces[t].has_initial || variant.rules.conversion == Some(t as u8))
            && variant.setup_cells.get(sq.index()) == Some(&piece_cell(Role::new(t), color))
    }

    /// Check the setup against the variant (see [`SetupError`] for what is checked).
    pub fn check(&self, variant: &Variant) -> Result<(), SetupError> {
        let cells = variant.geometry.cells;
        let types = variant.pieces.len();
        let size = |what, found| {
            if found == cells {
                Ok(())
            } else {
                Err(SetupError::Size {
                    what,
                    expected: cells,
                    found,
                })
            }
        };
        size("cells", self.cells.len())?;
        size("unmoved marks", self.unmoved.len())?;
        size("promoted-from marks", self.promoted_from.len())?;
        for (c, h) in self.hands.iter().enumerate() {
            if h.len() != types {
                return Err(SetupError::Size {
                    what: if c == 0 {
                        "White's hand"
                    } else {
                        "Black's hand"
                    },
                    expected: types,
                    found: h.len(),
                });
            }
        }
        let at = |sq: Square| variant.geometry.coord(sq);
        for sq in (0..cells).map(Square::new) {
            match self.cells[sq] {
                Some((t, _)) => {
                    if variant.template[sq] == OFF {
                        return Err(SetupError::OffBoard {
                            square: sq,
                            at: at(sq),
                        });
                    }
                    if t >= types {
                        return Err(SetupError::UnknownType {
                            piece: t,
                            square: Some(sq),
                            at: at(sq),
                        });
                    }
                }
                None => {
                    let mark = if self.unmoved[sq] {
                        "unmoved"
                    } else if self.promoted_from[sq].is_some() {
                        "promoted-from"
                    } else {
                        continue;
                    };
                    return Err(SetupError::MarkOnEmpty {
                        mark,
                        square: sq,
                        at: at(sq),
                    });
                }
            }
            if let Some(from) = self.promoted_from[sq] {
                if !variant.demote_promoted {
                    return Err(SetupError::PromotedWithoutDemotion {
                        square: sq,
                        at: at(sq),
                    });
                }
                if from >= types {
                    return Err(SetupError::UnknownType {
                        piece: from,
                        square: Some(sq),
                        at: at(sq),
                    });
                }
            }
        }
        for color in Color::BOTH {
            let hand = &self.hands[color.index()];
            if !variant.has_holdings() {
                if let Some(t) = hand.iter().position(|&n| n > 0) {
                    return Err(SetupError::HandWithoutHoldings { color, piece: t });
                }
            }
            if hand.iter().map(|&n| u64::from(n)).sum::<u64>() > u64::from(MAX_IN_HAND) {
                return Err(SetupError::HandTooLarge { color });
            }
        }
        if self.fullmove == 0 {
            return Err(SetupError::FullmoveZero);
        }
        let playable = |sq: Square| variant.template.get(sq.index()).is_some_and(|&c| c != OFF);
        let named = |sq: Square| match at(sq) {
            Some(c) => c.to_string(),
            None => format!("square index {}", sq.index()),
        };
        if let Some(ep) = self.ep {
            let (square, second, victim) = (ep.square(), ep.second(), ep.victim());
            let reason = if !playable(square) {
                Some(format!("{} is not a square of the board", named(square)))
            } else if self.cells[square].is_some() {
                Some(format!("{} is occupied", named(square)))
            } else if second.is_some() && !playable(second) {
                Some(format!("{} is not a square of the board", named(second)))
            } else if !playable(victim)
                || self.cells[victim].map(|(_, c)| c) != Some(self.side.flip())
            {
                Some(format!(
                    "no piece of the side that just moved on {}",
                    named(victim)
                ))
            } else {
                None
            };
            if let Some(reason) = reason {
                return Err(SetupError::EnPassant { reason });
            }
        }
        let limits = Setup::royal_limit(variant);
        for color in Color::BOTH {
            let Some(limit) = limits[color.index()] else {
                continue;
            };
            let squares: Vec<Coord> = (0..cells)
                .map(Square::new)
                .filter(|&sq| {
                    self.cells[sq].is_some_and(|(t, c)| c == color && variant.pieces[t].royal)
                })
                .filter_map(at)
                .collect();
            let in_hand: u32 = self.hands[color.index()]
                .iter()
                .enumerate()
                .filter(|&(t, _)| variant.pieces[t].royal)
                .map(|(_, &n)| n)
                .sum();
            let found = squares.len() as u32 + in_hand;
            if found > limit {
                return Err(SetupError::TooManyRoyals {
                    color,
                    found,
                    limit,
                    squares,
                    in_hand,
                });
            }
        }
        if let Some((t, sq)) = self.last {
            if t >= types {
                return Err(SetupError::LastMove {
                    reason: format!("piece type {t} is not a type of this variant"),
                });
            }
            if !playable(sq) {
                return Err(SetupError::LastMove {
                    reason: format!("{} is not a square of the board", named(sq)),
                });
            }
        }
        Ok(())
    }
}

impl Setup {
    /// The most royal pieces (on the board and in hand) each side can ever have in a game
    /// of this variant, per colour; `None` when there is no such bound.
    ///
    /// Why: a position no game can reach is not worth an answer, and some are costly ones
    /// (every royal of a side must be guarded at every node, and a hand full of pawns
    /// beside two kings a side made a Shogi search crawl). Royals are never made from
    /// nothing: a side starts with its royals (board and initial hand), and only these
    /// add more:
    /// * a promotion to a royal type (a promotion choice, a Shogi-style promoted form,
    ///   the demoted form a captured piece goes to hand as, a capture-matrix promotion):
    ///   then the count is unbounded, as Chu Shogi's drunk elephant becoming a prince (a
    ///   choice taken from the hand, as Spartan's `*K`, only moves a royal it counts);
    /// * a captured royal changing colour into the capturer's hand (`holdings=-1`), which
    ///   only happens when losing one royal does not end the game (no `extinction`, and
    ///   the side had more than one): the capturer may gain all of the opponent's royals
    ///   but the last.
    ///
    /// One royal a side is always allowed, even when the start position has none: a
    /// definition drawn without its royal (a test board, a puzzle that is set up by FEN)
    /// still takes a position with a king each, which costs nothing to search.
    ///
    /// ```
    /// use fairyboard_core::{Setup, Variant};
    /// let text = "files=5\nranks=5\nking:K:K:e1:e5\npawn:P:fmW:a2:a4\n";
    /// let v = Variant::from_definition("demo", text).unwrap().0;
    /// assert_eq!(Setup::royal_limit(&v), [Some(1), Some(1)]);
    /// ```
    pub fn royal_limit(variant: &Variant) -> [Option<u32>; 2] {
        let pieces = &variant.pieces;
        let royal = |t: usize| pieces.get(t).is_some_and(|p| p.royal);
        // The promotion rules that can make a royal (few, usually none): only then are the
        // per-square landing tables looked through for a non-royal piece that uses one.
        let makes_royal: Vec<bool> = variant
            .promo_rules
            .iter()
            .map(|rule| {
                rule.choices
                    .iter()
                    .any(|&(x, from_hand)| !from_hand && royal(x as usize))
            })
            .collect();
        let any_rule = makes_royal.contains(&true);
        let made_by_promotion = pieces.iter().any(|p| {
            !p.royal
                && (p.promoted.is_some_and(|x| royal(x as usize))
                    || p.demoted.is_some_and(|x| royal(x as usize))
                    || (any_rule
                        && p.landing
                            .iter()
                            .flatten()
                            .any(|l| matches!(l, Landing::Promote(r) if makes_royal[*r as usize]))))
        });
        let n = variant.rules.n;
        let width = 1 + 2 * n;
        let made_by_capture = variant
            .rules
            .matrix
            .iter()
            .enumerate()
            .any(|(i, e)| match *e {
                Effect::Promote(x) => !royal(i / width) && royal(x as usize),
                Effect::EnemyPromote(x) => royal(x as usize),
                _ => false,
            });
        if made_by_promotion || made_by_capture {
            return [None, None];
        }
        let mut start = [0u32; 2];
        for &(_, cell) in &variant.setup {
            if is_piece(cell) && royal(cell_type(cell).index()) {
                start[cell_color(cell).index()] += 1;
            }
        }
        for (c, hand) in variant.initial_hand.iter().enumerate() {
            for (t, &n) in hand.iter().enumerate() {
                if royal(t) {
                    start[c] = start[c].saturating_add(n);
                }
            }
        }
        let captured_royals_change_sides = variant.holdings_type < 0 && !variant.any_royal_loses;
        let won = |other: usize| {
            if captured_royals_change_sides {
                start[other].saturating_sub(1)
            } else {
                0
            }
        };
        [
            Some((start[0] + won(1)).max(1)),
            Some((start[1] + won(0)).max(1)),
        ]
    }
}

impl Position {
    /// The position a [`Setup`] describes, with hashes, piece lists, royals and bit sets
    /// built as every position's are; checked first, so bad input is an error.
    pub fn from_setup(variant: Arc<Variant>, setup: Setup) -> Result<Position, SetupError> {
        setup.check(&variant)?;
        Ok(Position::assemble(variant, &setup))
    }

    /// Build a checked (or known-good) setup through the position's own setters, pieces
    /// in reading order (from the top rank down, as a FEN lists them).
    pub(crate) fn assemble(variant: Arc<Variant>, setup: &Setup) -> Position {
        let g = &variant.geometry;
        let order = (0..g.ranks)
            .rev()
            .flat_map(|r| (0..g.files).map(move |f| g.square(Coord::new(f, r))));
        Position::assemble_in(variant.clone(), setup, order)
    }

    /// [`assemble`](Self::assemble) with the pieces entered in the given square order
    /// (the order of the piece lists, so of move generation).
    pub(crate) fn assemble_in(
        variant: Arc<Variant>,
        setup: &Setup,
        order: impl Iterator<Item = Square>,
    ) -> Position {
        let mut pos = Position::empty(variant);
        for sq in order {
            if let Some((t, c)) = setup.cells[sq] {
                pos.put(sq, piece_cell(Role::new(t), c));
                pos.set_virgin(sq, setup.unmoved[sq]);
                if let Some(from) = setup.promoted_from[sq] {
                    pos.set_promoted(sq, from.min(126) as u8 + 1);
                }
            }
        }
        for c in Color::BOTH {
            for (t, &n) in setup.hands[c.index()].iter().enumerate() {
                pos.set_hand(c, Role::new(t), n);
            }
        }
        pos.set_side(setup.side);
        pos.set_ep(setup.ep);
        pos.halfmove = setup.halfmove;
        pos.fullmove = setup.fullmove;
        pos.last = setup.last.map(|(t, sq)| (t as u8, sq.pack()));
        match setup.rules {
            Some(state) => pos.game = state,
            None => pos.init_game_state(),
        }
        pos.drop_unusable_ep();
        pos
    }

    /// This position as a [`Setup`] (with its rules state, so
    /// [`from_setup`](Self::from_setup) gives back an equal position).
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::empty(&self.variant);
        for &sq in &self.variant.playable {
            let c = self.board[sq];
            if is_piece(c) {
                s.cells[sq] = Some((cell_type(c).index(), cell_color(c)));
                s.unmoved[sq] = self.virgin[sq];
                s.promoted_from[sq] = self.promoted_from(sq);
            }
        }
        s.hands = self.hands.clone();
        s.side = self.side;
        s.ep = self.ep;
        s.halfmove = self.halfmove;
        s.fullmove = self.fullmove;
        s.last = self
            .last
            .map(|(t, sq)| (usize::from(t), Square::unpack(sq)));
        s.rules = Some(self.game);
        s
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        pos.to_setup()
    }
}
