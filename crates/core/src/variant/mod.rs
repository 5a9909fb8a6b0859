//! The variant room: a definition compiled once into a [`Variant`]. [`definition`] reads
//! Interactive Diagram text into the parser's `idiagram::Definition` and [`build`] compiles
//! that model straight into a [`Variant`] (the one seam; a new definition
//! parameter or piece modifier's binding to the board starts in [`build`]); [`geometry`]
//! is the board and its [`Square`] type, [`Role`] a piece type (an index
//! into [`Variant::pieces`]), [`catalogue`] the shipped games, [`shuffle`] and [`value`] the start
//! shuffles and piece values, [`fast_paths`] the gate that picks the generators. Nothing
//! here looks at a position being played.
//!
//! A compiled variant: board, piece types with their linked leg programs, promotion and
//! drop rules, all precomputed so move generation only reads tables.

pub mod build;
pub mod catalogue;
pub mod definition;
pub mod fast_paths;
pub mod geometry;
pub mod shuffle;
pub mod value;

use crate::coord::Coord;
use crate::variant::fast_paths::{leg_allows, shape_allows, LegPath};
use crate::variant::geometry::{Geometry, Square};
use xbetza::{Flags, Kind, Program};

/// White or Black: the definition format's own type, so parser and rules core share one.
pub use idiagram::Color;

/// How Black's side is derived from White's (setup, moves, morph boards): the definition
/// format's own type, so parser and rules core share one. With `None` setups are listed
/// separately and moves are mirrored.
pub use idiagram::Symmetry;

/// Board cell values. 0 is empty, [`OFF`] is outside the board or a hole; a piece is
/// `type + 1`, with [`BLACK_BIT`] for Black.
pub type Cell = u8;
pub const EMPTY: Cell = 0;
pub const OFF: Cell = 0xFF;
pub const BLACK_BIT: Cell = 0x80;
/// Piece types per variant (cell encoding limit).
pub const MAX_TYPES: usize = 126;

/// A piece type of a variant: an index into [`Variant::pieces`] (below [`MAX_TYPES`]).
///
/// A newtype so a type is not confused with a square, a count or a hand index, and so the
/// narrowing to the byte that cells, moves and undo records store happens here only. The
/// per-type arrays (`Variant::pieces`, value tables, ...) are indexed by it directly.
/// Public interfaces that hand types to other crates ([`Position::piece_at`](crate::Position::piece_at),
/// [`Setup`](crate::Setup), hands) keep plain `usize` indices ([`Role::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Role(u8);

impl Role {
    /// The type with this index (below [`MAX_TYPES`], which the variant build enforces).
    #[inline]
    pub const fn new(index: usize) -> Role {
        debug_assert!(index < MAX_TYPES);
        Role(index as u8)
    }
    /// The type stored as a byte (a move's `piece`, a promotion choice, a FEN ID's type).
    #[inline]
    pub const fn from_byte(byte: u8) -> Role {
        Role(byte)
    }
    /// The index into [`Variant::pieces`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The type as the byte moves and undo records store.
    #[inline]
    pub const fn byte(self) -> u8 {
        self.0
    }
}

impl From<Role> for usize {
    #[inline]
    fn from(r: Role) -> usize {
        r.index()
    }
}

impl<T> std::ops::Index<Role> for [T] {
    type Output = T;
    #[inline]
    fn index(&self, r: Role) -> &T {
        &self[r.index()]
    }
}

impl<T> std::ops::IndexMut<Role> for [T] {
    #[inline]
    fn index_mut(&mut self, r: Role) -> &mut T {
        &mut self[r.index()]
    }
}

impl<T> std::ops::Index<Role> for Vec<T> {
    type Output = T;
    #[inline]
    fn index(&self, r: Role) -> &T {
        &self[r.index()]
    }
}

impl<T> std::ops::IndexMut<Role> for Vec<T> {
    #[inline]
    fn index_mut(&mut self, r: Role) -> &mut T {
        &mut self[r.index()]
    }
}

#[inline]
pub fn piece_cell(t: Role, c: Color) -> Cell {
    (t.0 + 1) | if c == Color::Black { BLACK_BIT } else { 0 }
}
#[inline]
pub fn cell_type(cell: Cell) -> Role {
    Role((cell & !BLACK_BIT) - 1)
}
#[inline]
pub fn cell_color(cell: Cell) -> Color {
    if cell & BLACK_BIT != 0 {
        Color::Black
    } else {
        Color::White
    }
}
/// True for a cell holding a piece.
#[inline]
pub fn is_piece(cell: Cell) -> bool {
    cell != EMPTY && cell != OFF
}

/// A record of a leg program bound to a board: the step is an index offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Link {
    pub kind: Kind,
    pub flags: Flags,
    pub off: isize,
    /// Offset from a step's start square to its mid square (lame/jumping leaps).
    pub mid: isize,
    /// Steps allowed; `u8::MAX` for unlimited.
    pub range: u8,
    pub skip_first: u8,
    pub depth: u8,
    pub skip: u16,
    pub dx: i8,
    pub dy: i8,
    /// Which walker runs this record (see `movegen`).
    pub shape: Shape,
    /// For loop records: how many records back the looped leg is.
    pub back: u16,
    /// The step is longer than the board: the leg never lands.
    pub dead: bool,
}

/// The walker a record needs. The first group are single final legs with few enough
/// conditions to have a tight loop of their own (and to be counted without building moves);
/// the rest go through the general walkers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// One step, move or capture.
    Leap,
    /// One step to an empty square.
    LeapM,
    /// One step that captures.
    LeapC,
    /// One step that captures, directly or e.p. (a pawn's diagonal).
    LeapCE,
    /// One lame step (mid square empty), move or capture (xiangqi horse, elephant).
    LeapLame,
    /// An initial lame step to an empty square (a pawn's double step), maybe creating e.p.
    Push,
    /// Repeated steps, move or capture, stopping at the first piece.
    Slide,
    /// Repeated steps to empty squares.
    SlideM,
    /// Repeated steps ending in a capture.
    SlideC,
    /// A hopper: over exactly one screen, then moves and/or a capture (cannon).
    Hop,
    /// A first leg with its subtree: the general interpreter.
    General,
}

impl Shape {
    /// Walked by the fast walkers (and countable without building moves).
    pub fn is_fast(self) -> bool {
        self != Shape::General
    }
}

/// A program bound to the board for one colour.
#[derive(Clone, Debug, Default)]
pub(crate) struct Linked {
    pub links: Vec<Link>,
    /// Different paths may produce the same move: deduplicate.
    pub dedupe: bool,
    /// Every record has a fast shape: its moves can be counted without building them.
    pub fast: bool,
    /// Every record is a plain leap (`Some(Leap)`) or a plain slide (`Some(Slide)`):
    /// counted by a loop with no per-record dispatch.
    pub uniform: Option<Shape>,
    /// How far (in king steps) from its square this type can capture en passant:
    /// `u8::MAX` when a path could take it anywhere (multi-leg, borrowed or wrapping
    /// e.p. moves), 0 when it cannot. After a double step, only pieces within this reach of
    /// the e.p. square need generating to know whether the square is usable
    /// ([`crate::position::Position::ep_capture_possible`]); without the filter, every
    /// double step in a perft or search generated all pawn moves.
    pub ep_reach: u8,
}

/// A promotion possibility on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromoRule {
    /// The types the piece may become; `true` = only while one is in the mover's hand
    /// (it is then taken from there).
    pub choices: Vec<(u8, bool)>,
    /// The move may also leave the piece as it is.
    pub may_stay: bool,
}

/// Per square: what landing there does to a piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Landing {
    Plain,
    /// `!` in a morph board: may not go there.
    Forbidden,
    /// `=`: may not go there onto a friend.
    NoFriend,
    /// Promotion per rule index.
    Promote(u16),
}

/// The public view of a square's landing rule ([`Variant::landing_rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LandingRule<'a> {
    Plain,
    /// The piece may not go there (morph `!`).
    Forbidden,
    /// The piece may not go there onto a friend (morph `=`).
    NoFriend,
    Promote(&'a PromoRule),
}

/// Everything about one piece type.
#[derive(Clone, Debug)]
pub struct PieceType {
    pub name: String,
    pub id: String,
    pub betza: String,
    pub image: String,
    pub royal: bool,
    pub program: Program,
    /// Shogi-style promoted form (promoOffset), for FEN `+X` and demotion in hand.
    pub promoted: Option<u8>,
    /// The unpromoted form, when this type is some type's shogi-style promotion.
    pub demoted: Option<u8>,
    /// One of the first `maxPromote` types (it promotes in the zone).
    pub promotes: bool,
    /// A pawn (ID `P` or a name with "pawn"): its moves reset the half-move clock, as in FEN.
    pub pawn: bool,
    /// A pawn by its flag or by its moves, whatever its name (Spartan Chess's hoplite, a
    /// Berolina pawn): a non-royal stepper that promotes and never goes backwards
    /// ([`value::pawn_like`]). The pawn hash ([`Position::pawn_hash`]) covers these, so an
    /// evaluation's pawn structure and the hash describe the same pieces.
    ///
    /// [`Position::pawn_hash`]: crate::Position::pawn_hash
    pub pawn_like: bool,
    /// Some move needs the piece unmoved (`i`).
    pub has_initial: bool,
    pub(crate) linked: [Linked; 2],
    /// Per colour, per padded square.
    pub(crate) landing: [Vec<Landing>; 2],
    /// Per colour: every landing is plain (no lookup needed).
    pub(crate) plain_landing: [bool; 2],
    /// Per colour, per padded square: a drop there is pointless (the piece could never
    /// move again), so it is not allowed.
    pub(crate) dead: [Vec<bool>; 2],
    /// `dropNoDoubled`: no drop on a file where the owner already has a piece of this type
    /// (Shogi's nifu; the promoted form is another type, so it does not count).
    pub no_doubled_drop: bool,
    /// `dropNoMate`: a drop of this type may not checkmate (Shogi's uchifuzume).
    pub no_drop_mate: bool,
}

impl PieceType {
    /// Whether the type castles (its moves include an `O` leg): an evaluation that
    /// credits a royal with the shelter it may still castle into asks this.
    pub fn castles(&self) -> bool {
        self.linked[0]
            .links
            .iter()
            .any(|l| l.kind == Kind::Castle && !l.dead)
    }
}

/// A ready-to-play variant.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub geometry: Geometry,
    pub symmetry: Symmetry,
    pub pieces: Vec<PieceType>,
    /// Board template: `OFF` on padding and holes, `EMPTY` elsewhere.
    pub(crate) template: Vec<Cell>,
    /// Every playable square.
    pub(crate) playable: Vec<Square>,
    pub setup: Vec<(Square, Cell)>,
    /// The setup as a board (for virginity of pieces on their start squares).
    pub(crate) setup_cells: Vec<Cell>,
    pub initial_hand: [Vec<u32>; 2],
    /// -1: captures change colour into the capturer's hand; 1: back to the owner's hand; 0: gone.
    pub holdings_type: i8,
    /// Drops are moves (false when the hand is only a promotion reserve).
    pub drops: bool,
    /// `promoFromZone=1`: a move that starts on a promoting square of the piece's morph may
    /// promote as if it ended there (Shogi's promotion when leaving the zone).
    pub promo_from_zone: bool,
    /// fairyboard's `pieceValue=ID:CENTIPAWNS`: the definition's own piece values (type,
    /// centipawns), which the AI uses instead of its estimates.
    pub piece_values: Vec<(usize, i32)>,
    /// fairyboard's `demotePromoted=1`: a piece that got its type by promotion goes to the
    /// hand as the type it promoted from when captured (Crazyhouse; FEN marks it `X~`).
    pub demote_promoted: bool,
    /// One lost royal loses (otherwise all royals must be gone).
    pub any_royal_loses: bool,
    /// No rule beyond moving and capturing by replacement applies (no capture matrix,
    /// explosion, iron, spell, ... of the [rules] layer): generators specialised for plain
    /// games may be used only when this holds. Set from [`Variant::fast_paths`].
    pub(crate) plain_rules: bool,
    /// Some rule besides checkmate and stalemate can end the game (baring, win squares,
    /// royals lost to explosions...): positions carry a decided result.
    pub(crate) end_rules: bool,
    /// The bitboard generator may list this variant's moves (its tables alone may be built
    /// where it may not: [`FastPaths::bitboard_moves`](crate::variant::fast_paths::FastPaths::bitboard_moves)).
    /// Set from [`Variant::fast_paths`].
    pub(crate) bitboard_moves: bool,
    /// The compiled rules layer.
    pub rules: crate::rules::RuleSet,
    /// `shuffle=`: the sets permuted over their start squares (see `shuffle`).
    pub shuffle: Vec<idiagram::ShuffleSet>,
    /// The author's words for the rules page (fairyboard's `title`, `aliases`,
    /// `introduction`, ... parameters): display only, plain text.
    pub about: idiagram::About,
    /// The definition's `lightShade` and `darkShade`, as written: display only.
    pub shades: [Option<String>; 2],
    pub(crate) promo_rules: Vec<PromoRule>,
    pub(crate) keys: crate::position::zobrist::Keys,
    pub(crate) attack: Vec<[crate::movegen::attack::AttackTable; 2]>,
    /// The index offset of one step forward, per colour.
    pub(crate) forward: [isize; 2],
    /// Every type's FEN token, longest first (the order FEN is read in).
    pub(crate) fen_ids: Vec<FenToken>,
    /// The bitboard generator, when the fast-path gate allows it ([`Variant::fast_paths`];
    /// chosen once here; see `bitboard`).
    pub(crate) bitboard: Option<crate::bitboard::Generator>,
    /// The definition compiled (its first [`MAX_TYPES`] types): a move diagram's probe
    /// compiles it again with neutral pieces added ([`Probe::for_type`]).
    ///
    /// [`Probe::for_type`]: crate::marks::explore::Probe::for_type
    pub(crate) source: std::sync::Arc<idiagram::Definition>,
}

impl Variant {
    /// The index offset of one step forward for `color` on the padded board (as the
    /// variant's symmetry orients its pieces).
    pub fn forward(&self, color: Color) -> isize {
        self.forward[color.index()]
    }

    #[inline]
    pub fn coord(&self, sq: Square) -> Coord {
        self.geometry.coord(sq).unwrap_or(Coord::new(0, 0))
    }
    #[inline]
    pub fn square(&self, c: Coord) -> Square {
        self.geometry.square(c)
    }
    pub fn type_count(&self) -> usize {
        self.pieces.len()
    }
    /// Index of the (last) piece type with this ID.
    pub fn type_by_id(&self, id: &str) -> Option<usize> {
        self.pieces.iter().rposition(|p| p.id == id)
    }
    /// See the field: true when only moving and replacement capture apply.
    pub fn plain_rules(&self) -> bool {
        self.plain_rules
    }
    pub fn is_hole(&self, sq: Square) -> bool {
        self.template.get(sq.index()) == Some(&OFF)
    }
    pub fn playable(&self) -> &[Square] {
        &self.playable
    }

    /// What landing on `sq` does to a piece of type `t` and colour `color` (ignoring
    /// moves exempt by `'`): for describing the rules (rules pages), not for generation.
    pub fn landing_rule(&self, t: usize, color: Color, sq: Square) -> LandingRule<'_> {
        match self.pieces[t].landing[color.index()].get(sq.index()) {
            Some(Landing::Forbidden) => LandingRule::Forbidden,
            Some(Landing::NoFriend) => LandingRule::NoFriend,
            Some(Landing::Promote(r)) => LandingRule::Promote(&self.promo_rules[*r as usize]),
            _ => LandingRule::Plain,
        }
    }

    /// A dropped piece counts as unmoved when it lands on a start square of its own kind
    /// and has initial moves (a pawn dropped on its second rank may double-step, as in
    /// Fairy-Stockfish); castling partners never regain castling by a drop.
    pub(crate) fn virgin_on_drop(&self, t: Role, color: Color, sq: Square) -> bool {
        self.pieces[t].has_initial
            && self.setup_cells.get(sq.index()) == Some(&piece_cell(t, color))
    }
}

/// Transform a White step into the given colour's step.
pub(crate) fn orient(dx: i8, dy: i8, color: Color, symmetry: Symmetry) -> (i32, i32) {
    match (color, symmetry) {
        (Color::White, _) => (dx as i32, dy as i32),
        (Color::Black, Symmetry::Rotate) => (-(dx as i32), -(dy as i32)),
        (Color::Black, _) => (dx as i32, -(dy as i32)),
    }
}

/// Bind a program to a board for one colour.
pub(crate) fn link(
    program: &Program,
    geometry: &Geometry,
    color: Color,
    symmetry: Symmetry,
) -> Linked {
    let mut links = Vec::with_capacity(program.records.len());
    for (i, r) in program.records.iter().enumerate() {
        let back = match r.kind {
            Kind::Loop { target } => (i - target as usize) as u16,
            _ => 0,
        };
        let (dx, dy) = orient(r.step.dx, r.step.dy, color, symmetry);
        // A step at least as long as the board can never land (and the padding is not
        // sized for it): such a leg always fails.
        let dead = dx.unsigned_abs() >= geometry.files as u32
            || dy.unsigned_abs() >= geometry.ranks as u32;
        let (dx, dy) = if dead { (0, 0) } else { (dx, dy) };
        let off = geometry.offset(dx, dy);
        // Mid square of one step, truncating towards zero.
        let mid = geometry.offset(dx / 2, dy / 2);
        // A single final leg from the piece's own square, with flags the walkers implement.
        let basic = leg_allows(r.kind, r.flags, LegPath::Walker)
            && r.depth == 0
            && r.flags.contains(Flags::FINAL)
            && r.skip_first == 0
            // A null step lands on the start square, which counts as empty: general path.
            && (dx, dy) != (0, 0);
        // `k` (royal victims only) and `ck`/`t` (non-royal only) restrict a capture; the fast
        // walkers check that per victim, so they count as capture rights here.
        let mut modal = r
            .flags
            .without(Flags::FINAL)
            .without(Flags::PRIME)
            .without(Flags::NON_ROYAL);
        if modal.contains(Flags::ROYAL_ONLY) {
            modal = modal.without(Flags::ROYAL_ONLY) | Flags::CAPTURE;
        }
        let (m, c, e) = (Flags::MOVE, Flags::CAPTURE, Flags::EP);
        let leaper = r.range == 1;
        let shape = if !basic || dead {
            Shape::General
        } else if modal == m | c {
            if leaper {
                Shape::Leap
            } else {
                Shape::Slide
            }
        } else if modal == m {
            if leaper {
                Shape::LeapM
            } else {
                Shape::SlideM
            }
        } else if modal == c {
            if leaper {
                Shape::LeapC
            } else {
                Shape::SlideC
            }
        } else if modal == c | e && leaper {
            Shape::LeapCE
        } else if (modal == m | c | Flags::LAME || modal == m | c | Flags::LAME | Flags::EP_CREATE)
            && leaper
        {
            Shape::LeapLame
        } else if leaper
            && (modal == Flags::INITIAL | m | Flags::LAME
                || modal == Flags::INITIAL | m | Flags::LAME | Flags::EP_CREATE)
        {
            Shape::Push
        } else if !leaper
            && (modal == c | Flags::HOP || modal == m | c | Flags::HOP || modal == m | Flags::HOP)
        {
            Shape::Hop
        } else {
            Shape::General
        };
        links.push(Link {
            shape,
            kind: r.kind,
            flags: r.flags,
            off,
            mid,
            range: if r.range == 0 { u8::MAX } else { r.range },
            skip_first: r.skip_first,
            depth: r.depth,
            skip: r.skip,
            dx: dx as i8,
            dy: dy as i8,
            back,
            dead,
        });
    }
    // A plain move onto an e.p. capture square of the same type is left out by the
    // generic generator's per-piece pass (the move there is the e.p. capture): such types
    // are generated piece by piece, never counted by steps.
    let ep_overlap = fast_paths::plain_onto_ep_square(&links);
    Linked {
        // Multi-leg paths, overlapping rides and borrowed (imitated or lent by a final `x`
        // leg) moves can repeat a move.
        dedupe: program.records.iter().any(|r| {
            r.depth > 0 || r.kind == Kind::Imitate || r.flags.contains(Flags::FINAL | Flags::INDUCE)
        }) || overlapping(&links)
            || ep_overlap,
        fast: links.iter().all(|l| l.shape.is_fast()) && !ep_overlap,
        uniform: [Shape::Leap, Shape::Slide].into_iter().find(|&shape| {
            shape_allows(shape, LegPath::Uniform)
                && !links.is_empty()
                && links
                    .iter()
                    .all(|l| l.shape == shape && leg_allows(l.kind, l.flags, LegPath::Uniform))
        }),
        ep_reach: fast_paths::ep_reach(&links),
        links,
    }
}

/// Whether two single-leg records can reach the same square (e.g. `WR`, `W2D`).
fn overlapping(links: &[Link]) -> bool {
    let max = i32::from(crate::coord::MAX_SIDE);
    let rays: Vec<Ray> = links
        .iter()
        .filter(|l| l.kind == Kind::Leg)
        .map(|l| {
            (
                i32::from(l.dx),
                i32::from(l.dy),
                i32::from(l.range).min(max),
            )
        })
        .collect();
    rays.iter()
        .enumerate()
        .any(|(i, &a)| rays[i + 1..].iter().any(|&b| rays_meet(a, b)))
}

/// A step and how many times it may be repeated.
type Ray = (i32, i32, i32);

/// Whether `k·a = j·b` for some `k` in `1..=na` and `j` in `1..=nb`: for each `k`, the one
/// `j` that could work is read off a non-zero coordinate of `b` (so a pair of rides costs
/// `na` steps, not `na·nb`: many-term definitions compile without a quadratic stall).
fn rays_meet((ax, ay, na): Ray, (bx, by, nb): Ray) -> bool {
    (1..=na).any(|k| {
        let (x, y) = (k * ax, k * ay);
        let j = match (bx, by) {
            (0, 0) => return (x, y) == (0, 0) && nb >= 1,
            (0, by) => y / by,
            (bx, _) => x / bx,
        };
        (1..=nb).contains(&j) && (j * bx, j * by) == (x, y)
    })
}

/// A piece type's FEN token in both colours' forms ([`crate::position::fen`] decides the
/// tokens). Both forms are kept because reading a FEN compares them once per piece, and a
/// hand may hold 131,070.
#[derive(Clone, Debug)]
pub(crate) struct FenToken {
    /// White's form (upper case).
    pub white: String,
    /// Black's form (lower case).
    pub black: String,
    /// Length in chars (both forms have it).
    pub chars: usize,
    /// The piece type.
    pub t: u8,
}
