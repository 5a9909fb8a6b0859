//! What a move does to the squares it touches, for display: which pieces it takes
//! ([`Position::victims`], [`Position::captures`]) and which squares to mark while a move of
//! one piece is entered leg by leg ([`Position::marks`]).
//!
//! # The vocabulary
//!
//! A move is entered by its [legs](crate::Move::legs): one square per entry (a click in the
//! browser diagram, a `put` in XBoard, a comma-separated leg in coordinate notation). After
//! some legs are entered, every square the next entry may go to gets a [`MarkKind`]:
//!
//! * [`Move`](MarkKind::Move): a move ends here and takes nothing here;
//! * [`Capture`](MarkKind::Capture): a move ends here and takes a piece here (or e.p.);
//! * [`Transit`](MarkKind::Transit): a multi-leg move stops here on its way and goes on;
//! * [`Stop`](MarkKind::Stop): the legs entered so far already make a whole move, ended by
//!   entering the last square again;
//! * [`LocustVictim`](MarkKind::LocustVictim): the piece here is taken on the way (a Lion's
//!   first victim, a checker's jumped man); the square is also a transit;
//! * [`HopScreen`](MarkKind::HopScreen): a piece here is jumped over, and without it a
//!   destination would go; [`Hop`](MarkKind::Hop): such a destination;
//! * [`Illegal`](MarkKind::Illegal): only moves that leave a royal in danger go here.
//!
//! Move diagrams (one piece on an empty board) use [`Both`](MarkKind::Both) for a square
//! the piece moves to and captures on, and [`Context`](MarkKind::Context) for a square where
//! another piece would change the moves elsewhere (a screen, a locust victim). They add
//! what a reader of a rules page needs to tell moves apart that the live marks leave to
//! the position: [`Initial`](MarkKind::Initial) beside a target only an unmoved piece has
//! (a pawn's double step), [`Castle`](MarkKind::Castle) for castling,
//! [`Block`](MarkKind::Block) for a square whose piece blocks a move without being a
//! target itself (a lame leaper's leg square, the xiangqi elephant's eye), and
//! [`HopCapture`](MarkKind::HopCapture) for a target taken over a screen, so that a
//! cannon (captures over a screen) does not look like a grasshopper (moves over one).
//! A diagram of a piece of a real variant ([`Probe::for_type`](explore::Probe::for_type))
//! also marks [`Promotes`](MarkKind::Promotes) beside a target where landing promotes the
//! piece or changes its type (XBoard's magenta), and [`Outside`](MarkKind::Outside) on
//! every square the piece may never stand on (a xiangqi palace's outside).
//!
//! [`MarkKind::name`] and [`MarkKind::meaning`] (with [`Symbol`], a "move or capture"
//! told apart by its [`Way`]) are the one vocabulary: the browser diagram's CSS classes
//! and key and the rules page's symbols and legend are all written from them.
//!
//! The front ends only translate: the browser diagram paints a CSS class per kind, XBoard's
//! `highlight` colour FEN uses its protocol's letters (yellow move, red capture, cyan a
//! transit square, magenta a promotion, green a side victim; see the XBoard protocol,
//! <https://www.gnu.org/software/xboard/engine-intf.html>), and the rules page draws the
//! browser's shapes.

pub mod explore;
pub mod place;

use std::collections::{BTreeMap, BTreeSet};

use xbetza::{Flags, Kind};

use crate::coord::Coord;
use crate::marks::explore::{Extra, Probe, Reach};
use crate::position::moves::{Move, MoveKind, MoveList, Squares};
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{Color, LandingRule, EMPTY};

/// Why a square is marked. See the [module documentation](self) for the vocabulary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkKind {
    /// A move ends here without taking a piece here.
    Move,
    /// A move ends here taking the piece here, or e.p.
    Capture,
    /// Move diagrams: the piece moves here when it is empty and captures an enemy here.
    Both,
    /// A multi-leg move stops here and goes on.
    Transit,
    /// The legs entered so far make a whole move: entering the last square again ends it.
    Stop,
    /// The piece here is taken on the way to another square.
    LocustVictim,
    /// A piece here is jumped over; without it some destination goes.
    HopScreen,
    /// A destination reached only by jumping over a piece.
    Hop,
    /// Move diagrams: a piece here would change the moves elsewhere.
    Context,
    /// Only pseudo-legal moves (leaving a royal in danger) go here.
    Illegal,
    /// Move diagrams: only an unmoved piece goes here (an initial double step or leap);
    /// marked beside the square's [`Move`](MarkKind::Move), [`Capture`](MarkKind::Capture)
    /// or [`Both`](MarkKind::Both).
    Initial,
    /// Move diagrams: castling takes the piece here (it and its partner unmoved, the
    /// squares between empty).
    Castle,
    /// Move diagrams: a piece here blocks a move to another square, and the piece never
    /// goes here itself (a lame leaper's leg square).
    Block,
    /// Move diagrams: a target reached only by jumping over a piece, where the piece
    /// captures; [`Hop`](MarkKind::Hop) alone is a target it moves to over a piece.
    HopCapture,
    /// Move diagrams: landing here promotes the piece or changes its type; marked beside
    /// the square's target kinds.
    Promotes,
    /// Move diagrams: the piece may never stand here (outside its zone or palace).
    Outside,
}

impl MarkKind {
    pub const ALL: [MarkKind; 16] = [
        MarkKind::Move,
        MarkKind::Capture,
        MarkKind::Both,
        MarkKind::Transit,
        MarkKind::Stop,
        MarkKind::LocustVictim,
        MarkKind::HopScreen,
        MarkKind::Hop,
        MarkKind::Context,
        MarkKind::Illegal,
        MarkKind::Initial,
        MarkKind::Castle,
        MarkKind::Block,
        MarkKind::HopCapture,
        MarkKind::Promotes,
        MarkKind::Outside,
    ];

    /// The kind's name: the browser diagram's CSS class is `idg-` and this name, the rules
    /// page's `data-marks` use it too.
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Move => "move",
            MarkKind::Capture => "capture",
            MarkKind::Both => "both",
            MarkKind::Transit => "transit",
            MarkKind::Stop => "stop",
            MarkKind::LocustVictim => "locust",
            MarkKind::HopScreen => "screen",
            MarkKind::Hop => "hop",
            MarkKind::Context => "hover",
            MarkKind::Illegal => "illegal",
            MarkKind::Initial => "initial",
            MarkKind::Castle => "castle",
            MarkKind::Block => "block",
            MarkKind::HopCapture => "hop-capture",
            MarkKind::Promotes => "promotes",
            MarkKind::Outside => "outside",
        }
    }

    /// What the kind means, in words for a legend: the browser diagram's key and the rules
    /// page's legend both say this (see [`Symbol::meaning`], which adds the way of a
    /// "move or capture").
    pub fn meaning(self) -> &'static str {
        match self {
            MarkKind::Move => "Moves here only (no capture)",
            MarkKind::Capture => "Captures here only",
            MarkKind::Both => "Moves or captures here",
            MarkKind::Transit => "First leg of a multi-leg move: the piece stops here and goes on",
            MarkKind::Stop => {
                "The move entered so far is complete: enter this square again to end it"
            }
            MarkKind::LocustVictim => "A piece here is captured on the way (locust capture)",
            MarkKind::HopScreen => "A piece here can be jumped over (a screen or hurdle)",
            MarkKind::Hop => "Moves here only over or through another piece",
            MarkKind::Context => "Hover here: a piece on this square changes the moves",
            MarkKind::Illegal => "Only moves that leave the royal in danger go here",
            MarkKind::Initial => "Only while the piece has not moved yet (its first move)",
            MarkKind::Castle => {
                "Castling: with an unmoved partner at the end of the line, nothing between"
            }
            MarkKind::Block => {
                "A piece here blocks the moves beyond it (the piece cannot go here itself)"
            }
            MarkKind::HopCapture => "Captures here only over another piece",
            MarkKind::Promotes => {
                "Landing here promotes the piece or changes its type (see the remarks)"
            }
            MarkKind::Outside => "The piece may never stand here (outside its zone or palace)",
        }
    }
}

/// One symbol of a move diagram: a [`MarkKind`], and for [`Both`](MarkKind::Both) its
/// [`Way`] (a slide and a leap are drawn apart). The browser diagram's key (its
/// `mark_key`) and the rules page's legend list symbols by these names and meanings, so
/// the two say the same in the same words.
///
/// ```
/// use fairyboard_core::marks::{MarkKind, Symbol, Way};
/// let leap = Symbol::both(Way::Leap);
/// assert_eq!(leap.name(), "both leap");
/// assert!(leap.meaning().contains("nothing can block"));
/// assert_eq!(Symbol::of(MarkKind::Move).name(), "move");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol {
    pub kind: MarkKind,
    /// Only for [`Both`](MarkKind::Both).
    pub way: Option<Way>,
}

impl Symbol {
    /// The symbols of a move diagram's key, in the key's order (the browser's key and the
    /// rules page's legend list those a diagram shows, in this order).
    pub const KEY: [Symbol; 15] = [
        Symbol::both(Way::Slide),
        Symbol::both(Way::Leap),
        Symbol::of(MarkKind::Move),
        Symbol::of(MarkKind::Capture),
        Symbol::of(MarkKind::Hop),
        Symbol::of(MarkKind::HopCapture),
        Symbol::of(MarkKind::Initial),
        Symbol::of(MarkKind::Castle),
        Symbol::of(MarkKind::LocustVictim),
        Symbol::of(MarkKind::HopScreen),
        Symbol::of(MarkKind::Block),
        Symbol::of(MarkKind::Transit),
        Symbol::of(MarkKind::Context),
        Symbol::of(MarkKind::Promotes),
        Symbol::of(MarkKind::Outside),
    ];

    /// A kind drawn alone (for [`Both`](MarkKind::Both), see [`both`](Self::both)).
    pub const fn of(kind: MarkKind) -> Symbol {
        Symbol { kind, way: None }
    }

    /// Move or capture, reached the given way.
    pub const fn both(way: Way) -> Symbol {
        Symbol {
            kind: MarkKind::Both,
            way: Some(way),
        }
    }

    /// The kind's name, then the way's (`both slide`): the browser diagram's CSS classes
    /// without their `idg-` prefix.
    pub fn name(self) -> String {
        match self.way {
            Some(w) => format!("{} {}", self.kind.name(), w.name()),
            None => self.kind.name().to_string(),
        }
    }

    /// What the symbol means, in words for a legend.
    pub fn meaning(self) -> &'static str {
        match (self.kind, self.way) {
            (MarkKind::Both, Some(Way::Slide)) => {
                "Moves or captures here; a piece on the way can block it"
            }
            (MarkKind::Both, Some(Way::Leap)) => {
                "Moves or captures here, leaping: nothing can block it"
            }
            (kind, _) => kind.meaning(),
        }
    }
}

/// One marked square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub square: Square,
    pub kind: MarkKind,
    /// The moves (indices into [`Marks::moves`]) entering this square continues or ends:
    /// for [`Transit`](MarkKind::Transit) the moves that go on from here, for
    /// [`Move`](MarkKind::Move), [`Capture`](MarkKind::Capture) and
    /// [`Stop`](MarkKind::Stop) the moves ended here, for the other kinds the moves that
    /// give the square its role.
    pub moves: Vec<usize>,
}

/// The answer of [`Position::marks`]: the piece's moves and the marks of the next entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Every pseudo-legal move of the piece (drops excluded), legal ones first.
    pub moves: Vec<Move>,
    /// Whether each move of [`moves`](Self::moves) is legal.
    pub legal: Vec<bool>,
    /// The marks, by square then kind; a square may have several kinds.
    pub marks: Vec<Mark>,
}

impl Marks {
    /// The kinds marked on `sq`.
    pub fn kinds_at(&self, sq: Square) -> impl Iterator<Item = MarkKind> + '_ {
        self.marks
            .iter()
            .filter(move |m| m.square == sq)
            .map(|m| m.kind)
    }

    /// The squares marked with `kind`, ascending.
    pub fn squares(&self, kind: MarkKind) -> Vec<Square> {
        self.marks
            .iter()
            .filter(|m| m.kind == kind)
            .map(|m| m.square)
            .collect()
    }
}

impl Position {
    /// The squares whose pieces the move takes off the board (friends included, as the
    /// move makes it): the e.p. victim, each locust victim in leg order, then the
    /// destination when a piece other than the mover stands there and the move does not
    /// unload it elsewhere (`u`: the piece is set down again, not taken). A drop, castling
    /// and a move back to the mover's own square take nothing there. Inlined: a search
    /// asks it of every move it orders, and most take nothing.
    #[inline]
    pub fn victims(&self, m: &Move) -> Squares {
        let mut out = Squares::default();
        match m.kind {
            MoveKind::EnPassant => {
                // Locust victims taken before the e.p. capture (`caeF`), then its victim.
                for &v in m.locust() {
                    out.push(Square::unpack(v));
                }
                out.push(m.extra(0));
            }
            MoveKind::Normal => {
                for &v in m.locust() {
                    out.push(Square::unpack(v));
                }
                let mover = if m.relay != 0 { m.relay } else { m.from };
                if m.unload == 0 && m.to != mover && self.piece_at(m.to()).is_some() {
                    out.push(m.to());
                }
            }
            MoveKind::Castle | MoveKind::Drop => {}
        }
        out
    }

    /// Whether the move takes at least one piece off the board (see [`victims`](Self::victims)).
    pub fn captures(&self, m: &Move) -> bool {
        !self.victims(m).is_empty()
    }

    /// Whether the move takes a piece other than its locust victims: on its destination or
    /// e.p. This is the capture written `x` before the destination in SAN and marked
    /// [`Capture`](MarkKind::Capture) on the destination.
    pub fn captures_at_end(&self, m: &Move) -> bool {
        self.victims(m).len() > m.locust().len()
    }

    /// Whether the move uses its capture modality (`c` rather than `m` in Betza): it
    /// takes a piece, or lands on an occupied square whose piece it unloads elsewhere
    /// (`u`, a swap). Differs from [`captures`](Self::captures) only for unloads, which
    /// need capture rights but take nothing.
    pub fn uses_capture_modality(&self, m: &Move) -> bool {
        self.captures(m) || (m.unload != 0 && self.piece_at(m.to()).is_some())
    }

    /// The marks for the piece on `from` after the squares `entered` (leading legs of its
    /// moves, see [`Move::legs`]) were entered. The piece's side should be the side to
    /// move, since legality is judged for the side to move. Moves whose legs do not begin
    /// with `entered` are left out of the marks (but listed in [`Marks::moves`]).
    pub fn marks(&mut self, from: Square, entered: &[Square]) -> Marks {
        let mut out = Marks::default();
        if self.piece_at(from).is_none() {
            return out;
        }
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.retain(|m| m.from() == from && m.kind != MoveKind::Drop);
        let mut pseudo = MoveList::new();
        self.moves_from(from, &mut pseudo);
        let legal = list.len();
        for m in pseudo {
            if m.kind != MoveKind::Drop && !list[..legal].contains(&m) {
                list.push(m);
            }
        }
        out.legal = (0..list.len()).map(|i| i < legal).collect();
        let n = entered.len();
        let mut marks: BTreeMap<(Square, MarkKind), Vec<usize>> = BTreeMap::new();
        let mut add = |sq: Square, kind: MarkKind, i: usize| {
            let e = marks.entry((sq, kind)).or_default();
            if !e.contains(&i) {
                e.push(i);
            }
        };
        for (i, m) in list.iter().enumerate() {
            let legs = m.legs();
            if legs.len() < n || legs[..n] != *entered {
                continue;
            }
            if legs.len() == n {
                if n > 0 && i < legal {
                    add(entered[n - 1], MarkKind::Stop, i);
                }
                continue;
            }
            let next = legs[n];
            if i >= legal {
                add(next, MarkKind::Illegal, i);
            } else if legs.len() > n + 1 {
                add(next, MarkKind::Transit, i);
                if m.locust().contains(&next.pack()) {
                    add(next, MarkKind::LocustVictim, i);
                }
            } else if self.captures_at_end(m) {
                add(next, MarkKind::Capture, i);
            } else {
                add(next, MarkKind::Move, i);
            }
        }
        if n == 0 {
            for (sq, dest, i) in self.hop_screens(from, &list[..legal]) {
                add(sq, MarkKind::HopScreen, i);
                add(dest, MarkKind::Hop, i);
            }
        }
        out.marks = marks
            .into_iter()
            .map(|((square, kind), moves)| Mark {
                square,
                kind,
                moves,
            })
            .collect();
        out.moves = list;
        out
    }

    /// Pieces jumped over by the piece on `from`: an occupied square on the straight line
    /// between the piece and a destination whose move goes when that piece is lifted.
    /// Each as (screen, destination, index of the move in `moves`).
    fn hop_screens(&self, from: Square, moves: &[Move]) -> Vec<(Square, Square, usize)> {
        let v = self.variant.clone();
        let start = v.coord(from);
        let mut without: BTreeMap<Square, Vec<u16>> = BTreeMap::new();
        let mut out = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            if m.kind != MoveKind::Normal {
                continue;
            }
            for between in line_between(start, v.coord(m.to())) {
                let b = v.square(between);
                // A piece taken on the way is the move's victim, not its screen.
                if self.piece_at(b).is_none() || m.locust().contains(&b.pack()) {
                    continue;
                }
                let targets = without.entry(b).or_insert_with(|| {
                    let mut lifted = self.clone();
                    lifted.put(b, EMPTY);
                    let mut list = MoveList::new();
                    lifted.moves_from(from, &mut list);
                    list.iter().map(|m| m.to).collect()
                });
                if !targets.contains(&m.to) {
                    out.push((b, m.to(), i));
                }
            }
        }
        out
    }
}

/// How a move diagram's square is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Way {
    /// No piece standing between can stop it.
    Leap,
    /// Along a line: a piece on another square can block it, or a piece here blocks others.
    Slide,
}

impl Way {
    /// `slide` or `leap`: the browser diagram's CSS class without its `idg-` prefix.
    pub fn name(self) -> &'static str {
        match self {
            Way::Leap => "leap",
            Way::Slide => "slide",
        }
    }
}

/// One square of a move diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiagramMark {
    pub at: Coord,
    pub kind: MarkKind,
    pub way: Way,
}

impl Probe {
    /// The move diagram of the probed piece on `from` (unmoved unless `moved`) of an
    /// empty board, found by placing one more piece (either colour) on every other square
    /// in turn: [`Move`](MarkKind::Move), [`Capture`](MarkKind::Capture) or
    /// [`Both`](MarkKind::Both) where it goes on the empty board or takes a lone enemy, each
    /// a [`Slide`](Way::Slide) when some other piece blocks it, a piece there blocks
    /// others, or the other squares all taken block it (a Rose's way round one blocker is
    /// still a slide), else a [`Leap`](Way::Leap); [`Block`](MarkKind::Block) on a square that is no target but whose piece
    /// blocks one; [`Hop`](MarkKind::Hop) where it moves only with a piece elsewhere, whose
    /// square is a [`HopScreen`](MarkKind::HopScreen); [`LocustVictim`](MarkKind::LocustVictim)
    /// where an enemy is taken on the way; [`Transit`](MarkKind::Transit) where a first
    /// leg followed by more legs stops (read from the leg program) and no other kind marks
    /// the square; and
    /// [`Context`](MarkKind::Context) on every screen or victim square (another piece
    /// there changes the moves elsewhere). An unmoved piece also gets
    /// [`Initial`](MarkKind::Initial) on the targets a moved one lacks, and
    /// [`Castle`](MarkKind::Castle) where it castles with unmoved partners standing where
    /// its castling moves look for them. With `pairs`, also every pair of enemies (a
    /// screen and a victim), for hoppers that capture only over a screen
    /// ([`HopCapture`](MarkKind::HopCapture)); that is quadratic in the board's squares, so
    /// only worth it for pieces that hop. A probe of a real variant's type
    /// ([`Probe::for_type`]) adds [`Promotes`](MarkKind::Promotes) beside each target
    /// where landing promotes the piece or changes its type, and
    /// [`Outside`](MarkKind::Outside) on every square its morph board forbids.
    pub fn diagram(&mut self, from: Coord, moved: bool, pairs: bool) -> Vec<DiagramMark> {
        self.diagram_among(from, moved, pairs, &[])
    }

    /// The move diagram of the probed piece among `fixed` pieces (a screen or an enemy a
    /// reader of the diagram put there): what follows from them. With no fixed piece it is
    /// [`diagram`](Self::diagram). Otherwise every question is asked with the fixed pieces
    /// on the board and one more enemy at most, and the marks say where the piece goes and
    /// takes: a fixed enemy it takes is a [`Capture`](MarkKind::Capture), one taken on the
    /// way a [`LocustVictim`](MarkKind::LocustVictim); a square reached (moving or taking)
    /// only thanks to a fixed piece, over it or through it, is a [`Hop`](MarkKind::Hop)
    /// (the piece's own square too, when it takes and returns). No screens, blocks or
    /// context: those belong to the diagram without fixed pieces.
    pub fn diagram_among(
        &mut self,
        from: Coord,
        moved: bool,
        pairs: bool,
        fixed: &[Extra],
    ) -> Vec<DiagramMark> {
        let (files, ranks) = (self.variant().geometry.files, self.variant().geometry.ranks);
        let plain = |rs: &[Reach]| -> BTreeSet<Coord> {
            rs.iter()
                .filter(|r| r.victims.is_empty() && !r.castle)
                .map(|r| r.to)
                .collect()
        };
        let piece = |at: Coord, color: Color| Extra {
            at,
            color,
            royal: false,
            virgin: false,
        };
        let with = |more: &[Extra]| -> Vec<Extra> { fixed.iter().chain(more).copied().collect() };
        let held: BTreeSet<Coord> = fixed.iter().map(|e| e.at).collect();
        let among = !fixed.is_empty();
        let alone = self.reach(from, moved, fixed);
        let reached = plain(&alone);
        let moves: BTreeSet<Coord> = reached.difference(&held).copied().collect();
        // What a piece that has moved still reaches: the rest is initial only.
        let mut later = if moved {
            moves.clone()
        } else {
            plain(&self.reach(from, true, fixed))
        };
        let mut captures: BTreeSet<Coord> = fixed
            .iter()
            .filter(|e| e.color == Color::Black && reached.contains(&e.at))
            .map(|e| e.at)
            .collect();
        let mut blockable = BTreeSet::new();
        let mut blockers = BTreeSet::new();
        let mut hops = BTreeSet::new();
        let mut hop_captures = BTreeSet::new();
        let mut screens = BTreeSet::new();
        let mut locust = BTreeSet::new();
        for r in alone.iter().filter(|r| !r.victims.is_empty()) {
            locust.extend(r.victims.iter().copied());
            if !moves.contains(&r.to) {
                hops.insert(r.to);
            }
        }
        let squares: Vec<Coord> = (0..ranks)
            .flat_map(|r| (0..files).map(move |f| Coord::new(f, r)))
            .filter(|&s| {
                s != from && !held.contains(&s) && !self.variant().is_hole(self.variant().square(s))
            })
            .collect();
        for &s in &squares {
            for color in Color::BOTH {
                let rs = self.reach(from, moved, &with(&[piece(s, color)]));
                let dests = plain(&rs);
                if color == Color::Black && dests.contains(&s) {
                    captures.insert(s);
                    if !moved
                        && plain(&self.reach(from, true, &with(&[piece(s, color)]))).contains(&s)
                    {
                        later.insert(s);
                    }
                }
                if among {
                    for d in &moves {
                        if *d != s && !dests.contains(d) {
                            blockable.insert(*d);
                            blockers.insert(s);
                        }
                    }
                    continue;
                }
                if color == Color::Black {
                    for r in rs.iter().filter(|r| r.victims.contains(&s)) {
                        locust.insert(s);
                        if !moves.contains(&r.to) {
                            hops.insert(r.to);
                        }
                    }
                }
                for d in &moves {
                    if *d != s && !dests.contains(d) {
                        blockable.insert(*d);
                        blockers.insert(s);
                    }
                }
                for d in dests {
                    if d != s && !moves.contains(&d) {
                        hops.insert(d);
                        screens.insert(s);
                    }
                }
            }
        }
        if pairs && !among {
            let rays = self.hop_rays(from);
            for &victim in &squares {
                if captures.contains(&victim) {
                    continue;
                }
                for &screen in &squares {
                    // Every screen is wanted (each is a square where a piece matters), but
                    // once a screen and a victim are each known, the pair adds nothing.
                    if victim == screen
                        || rays.as_ref().is_some_and(|r| !r.contains(&screen))
                        || (hop_captures.contains(&victim) && screens.contains(&screen))
                    {
                        continue;
                    }
                    let two = [piece(screen, Color::Black), piece(victim, Color::Black)];
                    let rs = self.reach(from, moved, &two);
                    if rs
                        .iter()
                        .any(|r| r.victims.is_empty() && !r.castle && r.to == victim)
                    {
                        hop_captures.insert(victim);
                        screens.insert(screen);
                    }
                }
            }
        }
        let castles = if moved || among {
            BTreeSet::new()
        } else {
            let partners: Vec<Extra> = self
                .castle_partners(from)
                .into_iter()
                .map(|at| Extra {
                    virgin: true,
                    ..piece(at, Color::White)
                })
                .collect();
            self.reach(from, false, &partners)
                .into_iter()
                .filter(|r| r.castle)
                .map(|r| r.to)
                .collect()
        };
        // A square no single piece blocks may still be blocked by several together (a
        // Rose, `qN`, has a second way round each blocker): it is a leap only when the piece
        // still gets there with every other square taken by a friend (and an enemy on it,
        // for a capture only).
        for &s in moves.union(&captures) {
            if blockable.contains(&s) || blockers.contains(&s) {
                continue;
            }
            let mut crowd: Vec<Extra> = squares
                .iter()
                .filter(|&&o| o != s)
                .map(|&o| piece(o, Color::White))
                .collect();
            if !moves.contains(&s) {
                crowd.push(piece(s, Color::Black));
            }
            if !plain(&self.reach(from, moved, &with(&crowd))).contains(&s) {
                blockable.insert(s);
            }
        }
        let mut out = BTreeSet::new();
        let way = |s: &Coord| {
            if blockable.contains(s) || blockers.contains(s) {
                Way::Slide
            } else {
                Way::Leap
            }
        };
        // Among fixed pieces: what the piece moves to or takes only thanks to them.
        let empty = if among {
            plain(&self.reach(from, moved, &[]))
        } else {
            BTreeSet::new()
        };
        for s in moves.union(&captures) {
            let new_move = among && moves.contains(s) && !empty.contains(s);
            let new_capture = among
                && captures.contains(s)
                && !plain(&self.reach(from, moved, &[piece(*s, Color::Black)])).contains(s);
            let kinds = [
                (new_move, MarkKind::Hop),
                (new_capture, MarkKind::HopCapture),
                (
                    !new_move && !new_capture,
                    match (moves.contains(s), captures.contains(s)) {
                        (true, true) => MarkKind::Both,
                        (true, false) => MarkKind::Move,
                        _ => MarkKind::Capture,
                    },
                ),
            ];
            for (_, kind) in kinds.into_iter().filter(|&(on, _)| on) {
                out.insert(DiagramMark {
                    at: *s,
                    kind,
                    way: way(s),
                });
            }
            if !moved && !later.contains(s) {
                out.insert(DiagramMark {
                    at: *s,
                    kind: MarkKind::Initial,
                    way: way(s),
                });
            }
        }
        let targets: BTreeSet<Coord> = moves
            .iter()
            .chain(&captures)
            .chain(&hops)
            .chain(&hop_captures)
            .chain(&locust)
            .copied()
            .collect();
        let mut add = |set: &BTreeSet<Coord>, kind: MarkKind| {
            for &at in set {
                out.insert(DiagramMark {
                    at,
                    kind,
                    way: way(&at),
                });
            }
        };
        add(&hops, MarkKind::Hop);
        add(&hop_captures, MarkKind::HopCapture);
        add(&locust, MarkKind::LocustVictim);
        if !among {
            add(&screens, MarkKind::HopScreen);
            add(
                &screens.union(&locust).copied().collect(),
                MarkKind::Context,
            );
            // A first leg's stop is drawn only where nothing else marks the square: a lame
            // leaper's leg is its block (`nN` and `afsW` are one horse, drawn alike), a
            // Lion's first step a target and a victim.
            let marked: BTreeSet<Coord> = targets
                .iter()
                .chain(&blockers)
                .chain(&screens)
                .copied()
                .collect();
            add(
                &self.first_legs(from).difference(&marked).copied().collect(),
                MarkKind::Transit,
            );
            add(&castles, MarkKind::Castle);
            add(
                &blockers.difference(&targets).copied().collect(),
                MarkKind::Block,
            );
        }
        // What the variant says about the squares (only a probe of a real variant's type
        // has landing rules): targets where landing promotes, squares never entered.
        let v = self.variant().clone();
        let mover = self.mover();
        let rule = |c: Coord| v.landing_rule(mover, Color::White, v.square(c));
        let promoting: BTreeSet<Coord> = targets
            .iter()
            .chain(&castles)
            .copied()
            .filter(|&c| matches!(rule(c), LandingRule::Promote(_)))
            .collect();
        add(&promoting, MarkKind::Promotes);
        if !among {
            let outside: BTreeSet<Coord> = squares
                .iter()
                .copied()
                .filter(|&c| rule(c) == LandingRule::Forbidden)
                .collect();
            add(&outside, MarkKind::Outside);
        }
        out.into_iter().collect()
    }

    /// The squares a screen may stand on for the piece's hops from `from`: the rays of its
    /// hopping legs, when each is a first leg of unit steps (a cannon, a vao, a
    /// grasshopper, a bent hopper that hops its first step); `None` (anywhere) for any other
    /// hop. Spares the screen-and-victim pairs that cannot hop.
    fn hop_rays(&self, from: Coord) -> Option<BTreeSet<Coord>> {
        let v = self.variant();
        let (files, ranks) = (v.geometry.files as i32, v.geometry.ranks as i32);
        let mut out = BTreeSet::new();
        for r in &v.pieces[self.mover()].program.records {
            if r.kind != Kind::Leg || !r.flags.intersects(Flags::HOP | Flags::GRASS | Flags::JUMP) {
                continue;
            }
            let (dx, dy) = (r.step.dx as i32, r.step.dy as i32);
            if r.depth != 0 || dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
                return None;
            }
            let limit = if r.range == 0 {
                files.max(ranks)
            } else {
                r.range as i32
            };
            for k in 1..=limit {
                let (f, rk) = (from.file as i32 + k * dx, from.rank as i32 + k * dy);
                if f < 0 || rk < 0 || f >= files || rk >= ranks {
                    break;
                }
                out.insert(Coord::new(f as u8, rk as u8));
            }
        }
        Some(out)
    }

    /// Where the castling moves of the piece on `from` look for their partner: on its
    /// rank, as many squares in from the edge as the move says (`skip_first`).
    fn castle_partners(&self, from: Coord) -> Vec<Coord> {
        let v = self.variant();
        let files = v.geometry.files;
        let mut out = Vec::new();
        for r in &v.pieces[self.mover()].program.records {
            if r.kind != Kind::Castle || r.step.dx == 0 {
                continue;
            }
            let file = if r.step.dx < 0 {
                Some(r.skip_first)
            } else {
                files.checked_sub(1 + r.skip_first)
            };
            if let Some(file) = file {
                let at = Coord::new(file, from.rank);
                if at != from && !out.contains(&at) && !v.is_hole(v.square(at)) {
                    out.push(at);
                }
            }
        }
        out
    }

    /// The stops of first legs that more legs follow, from `from` on the empty board.
    fn first_legs(&self, from: Coord) -> BTreeSet<Coord> {
        let v = self.variant();
        let (files, ranks) = (v.geometry.files as i32, v.geometry.ranks as i32);
        let mut out = BTreeSet::new();
        for r in &v.pieces[self.mover()].program.records {
            if r.kind != Kind::Leg
                || r.depth != 0
                || r.flags.contains(Flags::FINAL)
                || !r.flags.intersects(Flags::MOVE | Flags::Y)
            {
                continue;
            }
            let (dx, dy) = (r.step.dx as i32, r.step.dy as i32);
            if (dx, dy) == (0, 0) {
                continue;
            }
            let limit = if r.range == 0 { 64 } else { r.range as i32 };
            for k in 1..=limit {
                let (f, rk) = (from.file as i32 + k * dx, from.rank as i32 + k * dy);
                if f < 0 || rk < 0 || f >= files || rk >= ranks {
                    break;
                }
                if !r.flags.contains(Flags::EXACT) || k == limit {
                    out.insert(Coord::new(f as u8, rk as u8));
                }
            }
        }
        out
    }
}

/// The squares strictly between two squares on a rank, file or diagonal (none otherwise).
pub fn line_between(a: Coord, b: Coord) -> Vec<Coord> {
    let (dx, dy) = (b.file as i32 - a.file as i32, b.rank as i32 - a.rank as i32);
    let n = dx.abs().max(dy.abs());
    if n < 2 || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Vec::new();
    }
    let (sx, sy) = (dx.signum(), dy.signum());
    (1..n)
        .map(|k| {
            Coord::new(
                (a.file as i32 + k * sx) as u8,
                (a.rank as i32 + k * sy) as u8,
            )
        })
        .collect()
}
