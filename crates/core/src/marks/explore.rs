//! Exploring a single piece: its targets from a square, on an otherwise empty board or
//! among a few other pieces. A [`Scene`] and [`Probe::new`] take a bare Betza descriptor
//! (`fairyboard betza`, the explain page, the worked-example tests); [`Probe::for_type`]
//! takes a piece type of a real variant, whose move diagrams the rules page and the
//! browser diagram draw.

use std::sync::Arc;

use xbetza::Flags;

use crate::coord::Coord;
use crate::position::moves::{MoveKind, MoveList};
use crate::position::{EnPassant, Position};
use crate::variant::geometry::Square;
use crate::variant::{Color, Symmetry, Variant};
use idiagram::{Definition, Diagnostic, PieceDef};

/// Another piece on the board of an exploration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extra {
    pub at: Coord,
    pub color: Color,
    pub royal: bool,
    /// Has not moved (castling partners).
    pub virgin: bool,
}

/// A scene: a White piece moving by `descriptor` from `from` among `extras`.
#[derive(Clone, Debug)]
pub struct Scene {
    pub descriptor: String,
    pub files: u8,
    pub ranks: u8,
    pub from: Coord,
    pub extras: Vec<Extra>,
    pub holes: Vec<Coord>,
    /// The mover has moved before (no initial moves, no castling).
    pub moved: bool,
    /// E.p. squares and the piece a capture there removes.
    pub ep: Option<(Vec<Coord>, Coord)>,
    /// The mover stands one square in front of its start square (for `ii` moves).
    pub ahead: bool,
    /// The moves of extra pieces, by square (an extra not listed has no moves). They
    /// matter to a mover that borrows moves (a final `x` leg) from friends.
    pub types: Vec<(Coord, String)>,
}

impl Scene {
    /// The targets as sorted tokens: a destination square, or the locust victims and the
    /// destination joined by commas (`e5,d4`).
    pub fn targets(&self) -> Result<Vec<String>, Vec<Diagnostic>> {
        let piece = |name: &str,
                     id: &str,
                     betza: &str,
                     royal: bool,
                     white: Vec<Coord>,
                     black: Vec<Coord>| {
            (
                PieceDef {
                    white,
                    black,
                    ..PieceDef::new(name, id, betza)
                },
                royal,
            )
        };
        let moves_of = |at: Coord| -> &str {
            self.types
                .iter()
                .find(|(c, _)| *c == at)
                .map_or("", |(_, m)| m.as_str())
        };
        let pick = |color: Color, royal: bool, moves: &str| -> Vec<Coord> {
            self.extras
                .iter()
                .filter(|e| e.color == color && e.royal == royal && moves_of(e.at) == moves)
                .map(|e| e.at)
                .collect()
        };
        // With `ahead`, the setup has the mover one square behind where it now stands.
        let start = if self.ahead && self.from.rank > 0 {
            Coord::new(self.from.file, self.from.rank - 1)
        } else {
            self.from
        };
        let mut pieces = vec![
            piece("mover", "M", &self.descriptor, false, vec![start], vec![]),
            piece(
                "piece",
                "X",
                "",
                false,
                pick(Color::White, false, ""),
                pick(Color::Black, false, ""),
            ),
            piece(
                "royal",
                "Y",
                "",
                true,
                pick(Color::White, true, ""),
                pick(Color::Black, true, ""),
            ),
        ];
        // One more type per distinct (moves, royalty) of the extras that have moves.
        let mut kinds: Vec<(&str, bool)> = Vec::new();
        for e in &self.extras {
            let moves = moves_of(e.at);
            if !moves.is_empty() && !kinds.contains(&(moves, e.royal)) {
                kinds.push((moves, e.royal));
            }
        }
        for (k, &(moves, royal)) in kinds.iter().enumerate() {
            pieces.push(piece(
                &format!("type{k}"),
                &format!("T{k}"),
                moves,
                royal,
                pick(Color::White, royal, moves),
                pick(Color::Black, royal, moves),
            ));
        }
        let def = scene_definition(self.files, self.ranks, &self.holes, pieces);
        for p in &def.pieces {
            strict_move(&p.betza, self.files, self.ranks)?;
        }
        let (variant, _) = Variant::compile("explore", &def)?;
        let variant = Arc::new(variant);
        let mut pos = Position::start(variant.clone());
        let from = variant.square(self.from);
        if start != self.from {
            let cell = pos.cell(variant.square(start));
            pos.put(variant.square(start), crate::variant::EMPTY);
            pos.put(from, cell);
        }
        pos.set_virgin(from, !self.moved);
        for e in &self.extras {
            pos.set_virgin(variant.square(e.at), e.virgin);
        }
        if let Some((squares, victim)) = &self.ep {
            if let Some(sq) = squares.first() {
                pos.set_ep(Some(EnPassant {
                    square: variant.square(*sq).pack(),
                    second: squares.get(1).map_or(0, |s| variant.square(*s).pack()),
                    victim: variant.square(*victim).pack(),
                }));
            }
        }
        let mut list = MoveList::new();
        pos.moves_from(from, &mut list);
        let mut out: Vec<String> = list
            .iter()
            .map(|m| {
                let name = |s: u16| variant.coord(Square::unpack(s)).to_string();
                let mut parts: Vec<String> = m.locust().iter().map(|&v| name(v)).collect();
                parts.push(name(m.to));
                let mut token = parts.join(",");
                if m.kind == MoveKind::EnPassant {
                    token += &format!("/{}", name(m.extra[0]));
                }
                if m.unload != 0 {
                    token += &format!("^{}", name(m.unload));
                }
                if m.relay != 0 {
                    token += &format!("&{}", name(m.relay));
                }
                token
            })
            .collect();
        out.sort();
        out.dedup();
        Ok(out)
    }
}

/// The definition of an exploration board: `pieces` (with their royalty) listed for both
/// sides separately, no promotion, and every royal piece counting (capturing any one loses),
/// so a scene with several royals reads each as a king.
fn scene_definition(
    files: u8,
    ranks: u8,
    holes: &[Coord],
    pieces: Vec<(PieceDef, bool)>,
) -> Definition {
    let mut holes = holes.to_vec();
    holes.sort();
    holes.dedup();
    Definition {
        files,
        ranks,
        symmetry: Symmetry::None,
        royal: (0..pieces.len()).filter(|&i| pieces[i].1).collect(),
        pieces: pieces.into_iter().map(|(p, _)| p).collect(),
        holes,
        promo_zone: 0,
        max_promote: 0,
        rules: idiagram::Rules {
            extinction: Some("1".into()),
            ..Default::default()
        },
        ..Definition::default()
    }
}

/// Targets of a descriptor from `from` on an empty `files`×`ranks` board.
pub fn targets_on_empty_board(
    descriptor: &str,
    files: u8,
    ranks: u8,
    from: Coord,
) -> Result<Vec<String>, ExploreError> {
    Scene {
        descriptor: descriptor.into(),
        files,
        ranks,
        from,
        extras: vec![],
        holes: vec![],
        moved: false,
        ep: None,
        ahead: false,
        types: vec![],
    }
    .targets()
    .map_err(ExploreError)
}

/// An exploration shows one descriptor as written, so a descriptor that a definition would
/// only partly keep (characters skipped, too many paths, too many legs) is refused here.
fn strict_move(descriptor: &str, files: u8, ranks: u8) -> Result<(), Vec<Diagnostic>> {
    let options = xbetza::CompileOptions {
        max_range: files.max(ranks),
    };
    let refuse =
        |message: String| vec![Diagnostic::error(format!("move '{descriptor}': {message}"))];
    match xbetza::compile_str(descriptor, &options) {
        Ok(p) if p.legs() > crate::movegen::MAX_LEGS => Err(refuse(format!(
            "more than {} legs",
            crate::movegen::MAX_LEGS
        ))),
        Ok(_) => Ok(()),
        Err(e) => Err(refuse(e.to_string())),
    }
}

/// Errors building an exploration scene.
#[derive(Debug)]
pub struct ExploreError(pub Vec<Diagnostic>);

impl std::fmt::Display for ExploreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ExploreError {}

/// Where one move of a probed piece goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reach {
    /// Locust victims captured on the way, in leg order.
    pub victims: Vec<Coord>,
    pub to: Coord,
    /// The move is castling (`to` is the castler's square after it).
    pub castle: bool,
}

/// One piece probed many times on an otherwise empty board. A [`Scene`] compiles a
/// variant per question; a probe compiles it once and only places and lifts pieces
/// between questions, so a rules page can ask the thousands of "what if a piece stood
/// there" questions that classify a piece's moves (slide or leap, hop, locust) cheaply.
///
/// A probe of a piece type of a real variant ([`for_type`](Self::for_type)) asks the
/// variant itself, so everything it says about the piece counts (its zone, its promotions,
/// its flags and the rules that change moves); [`new`](Self::new) probes a bare Betza
/// descriptor. Either way the other pieces of a question ([`Extra`]) are neutral: they
/// have no moves and no rule names them, so they only block, screen and get taken.
///
/// ```
/// use fairyboard_core::explore::{Extra, Probe};
/// use fairyboard_core::{coord::Coord, Color};
/// let mut rook = Probe::new("R", 8, 8).unwrap();
/// let d4: Coord = "d4".parse().unwrap();
/// assert_eq!(rook.reach(d4, true, &[]).len(), 14);
/// // A friend on d6 blocks d6, d7 and d8.
/// let friend = Extra { at: "d6".parse().unwrap(), color: Color::White, royal: false, virgin: false };
/// assert_eq!(rook.reach(d4, true, &[friend]).len(), 11);
/// ```
pub struct Probe {
    variant: Arc<Variant>,
    pos: Position,
    list: MoveList,
    /// The probed piece's type.
    mover: usize,
    /// The type of the extras, royal ones and the others: neutral.
    plain: usize,
    royal: usize,
}

impl Probe {
    /// A `files`×`ranks` board (no holes) for a White piece moving by `descriptor`.
    pub fn new(descriptor: &str, files: u8, ranks: u8) -> Result<Probe, ExploreError> {
        Probe::with_holes(descriptor, files, ranks, &[])
    }

    /// A `files`×`ranks` board with `holes` (squares no piece may enter or pass, as in
    /// the variant being shown) for a White piece moving by `descriptor`.
    pub fn with_holes(
        descriptor: &str,
        files: u8,
        ranks: u8,
        holes: &[Coord],
    ) -> Result<Probe, ExploreError> {
        let def = scene_definition(
            files,
            ranks,
            holes,
            vec![
                (PieceDef::new("mover", "M", descriptor), false),
                (PieceDef::new("piece", "X", ""), false),
                (PieceDef::new("royal", "Y", ""), true),
            ],
        );
        strict_move(descriptor, files, ranks).map_err(ExploreError)?;
        let (variant, _) = Variant::compile("probe", &def).map_err(ExploreError)?;
        let variant = Arc::new(variant);
        Ok(Probe {
            pos: Position::empty(variant.clone()),
            variant,
            list: MoveList::new(),
            mover: 0,
            plain: 1,
            royal: 2,
        })
    }

    /// A White piece of type `t` of the variant `v` on its empty board: the variant
    /// itself, compiled again with two neutral types added after its own (no moves, no
    /// rule naming them, one royal), which the questions' [`Extra`]s are. Types keep their
    /// indices, so two types sharing an ID letter (xiangqi's pawn and soldier) stay apart.
    /// The moves are pseudo-legal (no royal needs to be on the board, none is in check);
    /// a square the piece may not enter (a morph board's `!`) is never reached, and a
    /// landing that promotes is a move there all the same.
    ///
    /// Neutral extras rather than one of the variant's own types: any of those may have
    /// powers (iron, immune, a spell, a capture-matrix cell, moves a borrower copies) that
    /// would show in the diagram as if they were the probed piece's.
    ///
    /// ```
    /// use fairyboard_core::explore::Probe;
    /// use fairyboard_core::Variant;
    /// // An advisor confined to a 3×3 palace on a 5×5 board: from the palace's middle
    /// // it reaches the palace's four corners, none of the squares beyond.
    /// let text = "files=5\nranks=5\nking:K:K::e1\nadvisor:A:F::c1\n\
    ///     morph=!!!!!/!...!/!...!/!...!/!!!!!\n";
    /// let (v, _) = Variant::from_definition("palace", text).unwrap();
    /// let mut advisor = Probe::for_type(&v, 1).unwrap();
    /// assert_eq!(advisor.reach("c3".parse().unwrap(), true, &[]).len(), 4);
    /// ```
    pub fn for_type(v: &Variant, t: usize) -> Result<Probe, ExploreError> {
        let refuse = |message: String| ExploreError(vec![Diagnostic::error(message)]);
        if t >= v.pieces.len() {
            return Err(refuse(format!("no piece type {t}")));
        }
        let mut def = (*v.source).clone();
        let n = def.pieces.len();
        if n + 2 > crate::variant::MAX_TYPES {
            // No room for the neutral pieces: the piece's own moves on the variant's
            // board and holes still draw a diagram (without the variant's other rules),
            // which is better than none for a page with that many types.
            let g = &v.geometry;
            let holes: Vec<Coord> = g
                .squares()
                .filter(|&sq| v.is_hole(sq))
                .map(|sq| v.coord(sq))
                .collect();
            return Probe::with_holes(&v.pieces[t].betza, g.files, g.ranks, &holes);
        }
        // IDs no type has (an ID names a type in FEN; these never appear in one).
        let taken: Vec<String> = def.pieces.iter().map(|p| p.id.to_uppercase()).collect();
        let mut free = ('A'..='Z')
            .map(String::from)
            .chain(('A'..='Z').flat_map(|a| ('a'..='z').map(move |b| format!("{a}{b}"))))
            .filter(|id| !taken.contains(&id.to_uppercase()));
        let (plain_id, royal_id) = match (free.next(), free.next()) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(refuse("no free piece ID for the probe".into())),
        };
        def.pieces.push(PieceDef::new("probe piece", &plain_id, ""));
        def.pieces.push(PieceDef::new("probe royal", &royal_id, ""));
        def.royal.push(n + 1);
        let (variant, _) = Variant::compile(&v.name, &def).map_err(ExploreError)?;
        if variant.pieces.len() != n + 2 {
            return Err(refuse("the probe's neutral pieces were not kept".into()));
        }
        let variant = Arc::new(variant);
        Ok(Probe {
            pos: Position::empty(variant.clone()),
            variant,
            list: MoveList::new(),
            mover: t,
            plain: n,
            royal: n + 1,
        })
    }

    /// Whether the probed piece hops over or jumps other pieces (`p`, `g`, `j`): only then
    /// can two pieces (a screen and a victim) make a move that no single piece makes, the
    /// question [`diagram`](Self::diagram)'s `pairs` asks.
    pub fn hops(&self) -> bool {
        self.variant.pieces[self.mover]
            .program
            .records
            .iter()
            .any(|r| r.flags.intersects(Flags::HOP | Flags::GRASS | Flags::JUMP))
    }

    /// The probe's variant: the probed piece is type [`mover`](Self::mover).
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The probed piece's type in [`variant`](Self::variant) (0 for a bare descriptor, the
    /// type's own index for [`for_type`](Self::for_type)).
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// The moves of the piece standing on `from` (unmoved unless `moved`) among `others`,
    /// sorted and without repeats. Squares off the board are ignored.
    pub fn reach(&mut self, from: Coord, moved: bool, others: &[Extra]) -> Vec<Reach> {
        let (files, ranks) = (self.variant.geometry.files, self.variant.geometry.ranks);
        if !from.on_board(files, ranks) {
            return vec![];
        }
        let at = |c: Coord| self.variant.square(c);
        let placed: Vec<Coord> = others
            .iter()
            .filter(|e| e.at != from && e.at.on_board(files, ranks))
            .map(|e| e.at)
            .collect();
        let mover = at(from);
        self.pos.put(
            mover,
            crate::variant::piece_cell(crate::variant::Role::new(self.mover), Color::White),
        );
        self.pos.set_virgin(mover, !moved);
        for e in others.iter().filter(|e| placed.contains(&e.at)) {
            let t = if e.royal { self.royal } else { self.plain };
            let sq = at(e.at);
            self.pos.put(
                sq,
                crate::variant::piece_cell(crate::variant::Role::new(t), e.color),
            );
            self.pos.set_virgin(sq, e.virgin);
        }
        self.list.clear();
        self.pos.moves_from(mover, &mut self.list);
        let variant = &self.variant;
        let mut out: Vec<Reach> = self
            .list
            .iter()
            .map(|m| Reach {
                victims: m
                    .locust()
                    .iter()
                    .map(|&v| variant.coord(Square::unpack(v)))
                    .collect(),
                to: variant.coord(m.to()),
                castle: m.kind == MoveKind::Castle,
            })
            .collect();
        // Leave the board empty for the next question.
        for c in placed.iter().copied().chain([from]) {
            let sq = at(c);
            self.pos.put(sq, crate::variant::EMPTY);
            self.pos.set_virgin(sq, false);
        }
        out.sort();
        out.dedup();
        out
    }
}
