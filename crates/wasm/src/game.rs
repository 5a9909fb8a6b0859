//! A game behind one diagram: the definition, the record of moves from a start position,
//! and the questions the page asks (what may this piece do, play this, step back).
//!
//! Everything here is plain Rust so it is tested natively; `lib.rs` only turns it into
//! JSON for JavaScript.
//!
//! ```
//! use fairyboard_wasm::game::load;
//! let loaded = load("files=8\nranks=8\nroyal=2\nknight:N:::b1\nking::::e1\n");
//! let mut game = loaded.game.unwrap();
//! let b1 = game.square(1, 0).unwrap();
//! let targets: Vec<String> = game.pick(b1).moves.iter().map(|m| m.uci.clone()).collect();
//! assert_eq!(targets.len(), 3); // a3, c3, d2
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use fairyboard_core::coord::Coord;
use fairyboard_core::definition::check;
use fairyboard_core::explore::{Extra, Probe};
use fairyboard_core::game::Game as CoreGame;
use fairyboard_core::geometry::Square;
use fairyboard_core::marks::{place, Way};
use fairyboard_core::position::PROMO_FROM_HAND;
use fairyboard_core::variant::Symmetry;
use fairyboard_core::{
    pgn, shuffle, Color, MarkKind, Marks, Move, MoveKind, MoveList, Position, Setup, Variant,
};
use idiagram::{Definition, Diagnostic};
use serde::{Deserialize, Serialize};

/// A definition read for display: the parsed definition, its problems, and a game when
/// the rules could be compiled (perhaps with some pieces' moves left out).
pub struct Loaded {
    pub definition: Definition,
    /// The parser's and the build's findings, sorted by line and column.
    pub problems: Vec<Diagnostic>,
    pub game: Option<Game>,
}

/// Parse and compile a definition. Never fails: problems that leave a usable board are
/// warnings (the board is built from what could be understood); only a definition without
/// any piece type has no game.
pub fn load(text: &str) -> Loaded {
    let checked = check("diagram", text);
    Loaded {
        definition: checked.definition,
        problems: checked.diagnostics,
        game: checked.variant.map(|v| Game::new(Arc::new(v))),
    }
}

/// A piece on a square, as the page draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PieceAt {
    /// Index into the piece list.
    pub piece: usize,
    /// 0 White, 1 Black.
    pub color: u8,
}

/// How a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outlook {
    pub over: bool,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub result: String,
    /// Why the game ended (`checkmate`, `stalemate`), empty while it goes on.
    pub reason: String,
    /// The side to move has a royal in danger.
    pub check: bool,
}

/// The board as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardState {
    pub files: u8,
    pub ranks: u8,
    /// Rank-major from rank 1 (index `rank * files + file`); `None` for empty squares.
    pub cells: Vec<Option<PieceAt>>,
    /// Per colour, per piece type.
    pub hands: [Vec<u32>; 2],
    /// 0 White, 1 Black.
    pub side: u8,
    pub fen: String,
    /// Moves played from the record's start to this position.
    pub ply: usize,
    /// Moves in the record (may exceed `ply` after stepping back).
    pub length: usize,
    pub outlook: Outlook,
    /// The last move's squares (from, to), for marking.
    pub last: Option<[[u8; 2]; 2]>,
}

/// A move the picked-up piece can make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveInfo {
    pub uci: String,
    pub san: String,
    /// The squares clicked to enter it: its [legs](Move::legs).
    pub path: Vec<[u8; 2]>,
    /// The type the piece becomes, if it promotes.
    pub promotion: Option<usize>,
    /// Legal; otherwise only pseudo-legal (it leaves a royal in danger).
    pub legal: bool,
    /// `normal`, `castle`, `ep`, `drop`.
    pub kind: &'static str,
}

/// A highlighted square and why.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Mark {
    pub file: u8,
    pub rank: u8,
    /// `move` (to an empty square), `capture`, `both` (move diagrams: moves and captures
    /// there), `locust` (a victim captured on the way), `screen` (a piece hopped over),
    /// `hop` (reached only over a screen), `hover` (a piece here would change the moves),
    /// `illegal` (pseudo-legal only), `transit` (a multi-leg move stops here and goes
    /// on), `stop` (the squares entered so far make a move: click the last one again);
    /// move diagrams also `hop-capture`, `initial`, `castle` and `block` (see
    /// [`Game::move_diagram`]). The names are the core's [`MarkKind::name`].
    pub kind: &'static str,
    /// Move diagrams, on `both`: `slide` when another piece could block it, `leap`
    /// otherwise (the core's [`Way`], as the rules page colours it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub way: Option<&'static str>,
    /// The moves (indices into [`Pickup::moves`]) a click here ends.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ends: Vec<usize>,
    /// The moves a click here continues: they go on from here.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub goes_on: Vec<usize>,
}

/// What a picked-up piece may do.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Pickup {
    pub moves: Vec<MoveInfo>,
    pub marks: Vec<Mark>,
}

/// A move diagram: one piece alone (plus perhaps a hover probe) on an empty board.
#[derive(Clone, Debug, Serialize)]
pub struct MoveDiagram {
    pub piece: usize,
    pub at: [u8; 2],
    /// The piece's colour: 0 White, 1 Black (Black's view of its moves).
    pub color: u8,
    /// The enemy piece materialised by hovering, if any.
    pub probe: Option<([u8; 2], PieceAt)>,
    pub marks: Vec<Mark>,
}

/// A game's start and moves, as [`Game::line`] gives them to another `Game` (the browser AI
/// worker receives it as JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The shuffle number of the start the variant was dealt from, if shuffled.
    pub deal: Option<u64>,
    pub start: Setup,
    /// In coordinate notation.
    pub moves: Vec<String>,
}

/// The game of one diagram.
#[derive(Clone, Debug)]
pub struct Game {
    pub variant: Arc<Variant>,
    /// The definition's variant (a shuffled start has its own) and its own start.
    base: Arc<Variant>,
    setup: Position,
    /// The start of the record, with its shuffle number if shuffled.
    start: Position,
    pub shuffle: Option<u64>,
    /// The shuffle number `variant`'s start was dealt from (kept by free-mode edits, which
    /// start a record without one).
    deal: Option<u64>,
    record: Vec<Move>,
    ply: usize,
    /// The record's start and its first `ply` moves, as the core's game (results with
    /// their reasons, repetition and the move rule).
    line: CoreGame,
}

impl Game {
    pub fn new(variant: Arc<Variant>) -> Game {
        let setup = Position::start(variant.clone());
        Game {
            start: setup.clone(),
            line: CoreGame::from_position(setup.clone()),
            setup,
            shuffle: None,
            deal: None,
            record: Vec::new(),
            ply: 0,
            base: variant.clone(),
            variant,
        }
    }

    fn pos(&self) -> &Position {
        self.line.position()
    }

    fn pos_mut(&mut self) -> &mut Position {
        self.line.position_mut()
    }

    /// The square at a zero-based file and rank, if it is on the board and not a hole.
    pub fn square(&self, file: i32, rank: i32) -> Option<usize> {
        let g = &self.variant.geometry;
        if file < 0 || rank < 0 || file >= g.files as i32 || rank >= g.ranks as i32 {
            return None;
        }
        let sq = self.variant.square(Coord::new(file as u8, rank as u8));
        (!self.variant.is_hole(sq)).then_some(sq.index())
    }

    fn xy(&self, sq: u16) -> [u8; 2] {
        let c = self.variant.coord(Square::unpack(sq));
        [c.file, c.rank]
    }

    pub fn position(&self) -> &Position {
        self.pos()
    }

    pub fn ply(&self) -> usize {
        self.ply
    }

    pub fn state(&mut self) -> BoardState {
        let g = &self.variant.geometry;
        let (files, ranks) = (g.files, g.ranks);
        let mut cells = Vec::with_capacity(files as usize * ranks as usize);
        for rank in 0..ranks {
            for file in 0..files {
                let sq = self.variant.square(Coord::new(file, rank));
                cells.push(self.pos().piece_at(sq).map(|(t, c)| PieceAt {
                    piece: t,
                    color: c as u8,
                }));
            }
        }
        let n = self.variant.pieces.len();
        let hands = [Color::White, Color::Black]
            .map(|c| (0..n).map(|t| self.pos().hand(c, t)).collect::<Vec<u32>>());
        let last = (self.ply > 0).then(|| {
            let m = self.record[self.ply - 1];
            [self.xy(m.from), self.xy(m.to)]
        });
        BoardState {
            files,
            ranks,
            cells,
            hands,
            side: self.pos().side_to_move() as u8,
            fen: self.pos().to_fen(),
            ply: self.ply,
            length: self.record.len(),
            outlook: self.outlook(),
            last,
        }
    }

    /// How the game stands, as the core's rules decide (mate, stalemate as `stalemate=`
    /// says, lost royals, baring, win squares, repetition, the move rule).
    pub fn outlook(&mut self) -> Outlook {
        let check = self.pos().in_check();
        let (over, result, reason) = match self.line.result() {
            None => (false, "*", ""),
            Some(r) => (true, r.pgn(), r.reason.as_str()),
        };
        Outlook {
            over,
            result: result.into(),
            reason: reason.into(),
            check,
        }
    }

    /// The current position with `color` to move (a copy with the turn handed over when
    /// it is the other side's turn: the diagram shows any piece's moves).
    fn position_for(&self, color: Color) -> Position {
        if self.pos().side_to_move() == color {
            self.pos().clone()
        } else {
            rebuild(self.pos(), &[], &[], color).unwrap_or_else(|_| self.pos().clone())
        }
    }

    fn move_info(&self, pos: &mut Position, m: &Move, legal: bool) -> MoveInfo {
        let path: Vec<[u8; 2]> = m.legs().iter().map(|&v| self.xy(v.pack())).collect();
        MoveInfo {
            uci: if legal {
                pos.uci(m)
            } else {
                self.variant.uci(m)
            },
            san: if legal {
                pos.san(m)
            } else {
                self.variant.uci(m)
            },
            path,
            promotion: m
                .is_promotion()
                .then_some((m.promotion & !PROMO_FROM_HAND) as usize),
            legal,
            kind: match m.kind {
                MoveKind::Normal => "normal",
                MoveKind::Castle => "castle",
                MoveKind::EnPassant => "ep",
                MoveKind::Drop => "drop",
            },
        }
    }

    /// The moves of the piece on `sq` (either colour) and the squares to highlight.
    pub fn pick(&self, sq: usize) -> Pickup {
        self.pick_after(sq, &[])
    }

    /// The moves of the piece on `sq` and the squares to highlight after the squares
    /// `entered` were clicked: the core's [marks](Position::marks), one CSS kind per
    /// square (a move's end first, then a locust victim, a transit, a screen, an illegal
    /// target), each with the moves a click there ends or continues.
    pub fn pick_after(&self, sq: usize, entered: &[usize]) -> Pickup {
        let Some((_, color)) = self.pos().piece_at(Square::new(sq)) else {
            return Pickup::default();
        };
        let mut pos = self.position_for(color);
        let answer = pos.marks(
            Square::new(sq),
            &entered.iter().map(|&s| Square::new(s)).collect::<Vec<_>>(),
        );
        let moves = answer
            .moves
            .iter()
            .zip(&answer.legal)
            .map(|(m, &legal)| self.move_info(&mut pos, m, legal))
            .collect();
        let n = entered.len();
        let mut marks: BTreeMap<[u8; 2], Mark> = BTreeMap::new();
        for mark in &answer.marks {
            let xy = self.xy(mark.square.pack());
            let e = marks.entry(xy).or_insert_with(|| Mark {
                file: xy[0],
                rank: xy[1],
                kind: "",
                way: None,
                ends: Vec::new(),
                goes_on: Vec::new(),
            });
            e.kind = css_kind(&answer, mark.square.index());
            match mark.kind {
                MarkKind::Move | MarkKind::Capture | MarkKind::Stop => e.ends.extend(&mark.moves),
                MarkKind::Transit => e.goes_on.extend(&mark.moves),
                // Free mode plays pseudo-legal moves too.
                MarkKind::Illegal => {
                    for &i in &mark.moves {
                        if answer.moves[i].legs().len() == n + 1 {
                            e.ends.push(i);
                        } else {
                            e.goes_on.push(i);
                        }
                    }
                }
                _ => {}
            }
        }
        Pickup {
            moves,
            marks: marks.into_values().collect(),
        }
    }

    /// Drops of piece type `t` from the hand of the side to move.
    pub fn pick_hand(&self, t: usize) -> Pickup {
        let mut pos = self.pos().clone();
        let mut legal = MoveList::new();
        pos.legal_moves_into(&mut legal);
        legal.retain(|m| m.kind == MoveKind::Drop && m.piece as usize == t);
        let mut marks: BTreeMap<[u8; 2], Mark> = BTreeMap::new();
        let moves = legal
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let xy = self.xy(m.to);
                let e = marks.entry(xy).or_insert_with(|| Mark {
                    file: xy[0],
                    rank: xy[1],
                    kind: "move",
                    way: None,
                    ends: Vec::new(),
                    goes_on: Vec::new(),
                });
                e.ends.push(i);
                self.move_info(&mut pos, m, true)
            })
            .collect();
        Pickup {
            moves,
            marks: marks.into_values().collect(),
        }
    }

    /// Why the rules refuse the move `uci` of a piece of `color` (a move the piece could make
    /// were the rules not in the way), in words for the board: the game is over, it is the
    /// other side's turn, or the rule that forbids it as the rules core words it
    /// ([`Position::why_illegal`]: check, castling through an attack, the capture matrix,
    /// iron pieces, a drop that may not mate, ...). `None` when the side to move may play it.
    pub fn refusal(&mut self, uci: &str, color: Color) -> Option<String> {
        if let Some(why) = self.turn_refusal(color) {
            return Some(why);
        }
        let mut legal = MoveList::new();
        self.pos_mut().legal_moves_into(&mut legal);
        if legal.iter().any(|m| self.variant.uci(m) == uci) {
            return None;
        }
        let mut list = MoveList::new();
        self.pos().pseudo_moves_into(&mut list);
        let Some(m) = list.iter().find(|m| self.variant.uci(m) == uci).copied() else {
            return Some(format!("'{uci}' is not a move of that piece"));
        };
        // The rules core words the reason (one wording for every front end); the board
        // shows it as a sentence.
        let why = self.pos_mut().why_illegal(&m)?;
        let mut chars = why.chars();
        Some(chars.next().map_or_else(String::new, |c| {
            c.to_uppercase().chain(chars).collect::<String>()
        }))
    }

    /// The game is over, or it is not `color`'s turn: the words for the board.
    fn turn_refusal(&mut self, color: Color) -> Option<String> {
        let side_name = |c: Color| if c == Color::White { "White" } else { "Black" };
        let outlook = self.outlook();
        if outlook.over {
            return Some(format!(
                "The game is over ({} by {}): tick \"free moves\" to play on",
                outlook.result, outlook.reason
            ));
        }
        let side = self.pos().side_to_move();
        (side != color).then(|| {
            format!(
                "{} to move: it is not {}'s turn",
                side_name(side),
                side_name(color)
            )
        })
    }

    /// Why the rules refuse dropping a piece of type `t` and `color` from the hand on the
    /// empty square `sq`: as [`refusal`](Self::refusal) for drops the move generator makes,
    /// and for the drops it never makes the rule behind it (`dropNoDoubled`, a square the
    /// piece could never leave or may not be dropped on). `None` when the drop is legal.
    pub fn drop_refusal(&mut self, t: usize, color: Color, sq: usize) -> Option<String> {
        let Some(name) = self.variant.pieces.get(t).map(|p| p.name.clone()) else {
            return Some(format!("no piece type {t}"));
        };
        if let Some(why) = self.turn_refusal(color) {
            return Some(why);
        }
        if self.pos().hand(color, t) == 0 {
            return Some(format!("No {name} in hand"));
        }
        if self.pos().piece_at(Square::new(sq)).is_some() {
            return Some(
                "Drops go to empty squares (or onto your own piece, to substitute it)".into(),
            );
        }
        let mut list = MoveList::new();
        self.pos().pseudo_moves_into(&mut list);
        if let Some(m) = list
            .iter()
            .find(|m| m.kind == MoveKind::Drop && m.piece as usize == t && m.to().index() == sq)
        {
            let uci = self.variant.uci(m);
            return self.refusal(&uci, color);
        }
        let file = self.variant.coord(Square::new(sq)).file;
        let doubled = self.variant.pieces[t].no_doubled_drop
            && self.variant.playable().iter().any(|&s| {
                self.variant.coord(s).file == file && self.pos().piece_at(s) == Some((t, color))
            });
        Some(if doubled {
            format!(
                "dropNoDoubled: no second {name} on a file (yours is already on the {}-file)",
                (b'a' + file) as char
            )
        } else {
            format!("A {name} may not be dropped there (it could never move from there, or the rules keep it off that square)")
        })
    }

    /// Play a legal move of the side to move, written in coordinate notation. Returns its
    /// readable form.
    pub fn play(&mut self, uci: &str) -> Result<String, String> {
        let m = self
            .pos_mut()
            .parse_uci(uci.trim())
            .map_err(|e| e.to_string())?;
        let san = self.pos_mut().san(&m);
        self.push(m)?;
        Ok(san)
    }

    fn push(&mut self, m: Move) -> Result<(), String> {
        self.line.play(&m).map_err(|e| e.to_string())?;
        self.record.truncate(self.ply);
        self.record.push(m);
        self.ply += 1;
        Ok(())
    }

    /// Free mode: play the move `uci` of the piece colour `color`, whoever's turn it is
    /// (pseudo-legal moves too). Out of turn, the record restarts from here.
    pub fn play_free(&mut self, uci: &str, color: Color) -> Result<String, String> {
        let uci = uci.trim();
        if self.pos().side_to_move() == color {
            if let Ok(san) = self.play(uci) {
                return Ok(san);
            }
        }
        let mut pos = self.position_for(color);
        let mut list = MoveList::new();
        pos.pseudo_moves_into(&mut list);
        let m = list
            .iter()
            .find(|m| self.variant.uci(m) == uci)
            .copied()
            .ok_or_else(|| format!("move '{uci}': no such move of that piece"))?;
        let san = pos.san(&m);
        pos.make(&m);
        self.begin_at(pos);
        Ok(san)
    }

    /// Free mode: move whatever stands on `from` to `to`, capturing what is there (into a
    /// hand as `holdingsType` says). The side to move becomes the mover's opponent.
    pub fn relocate(&mut self, from: usize, to: usize) -> Result<(), String> {
        let (t, color) = self
            .pos()
            .piece_at(Square::new(from))
            .ok_or_else(|| "no piece on that square".to_string())?;
        if from == to {
            return Ok(());
        }
        let mut hand = Vec::new();
        if let Some((vt, vc)) = self.pos().piece_at(Square::new(to)) {
            let h = self.variant.holdings_type;
            let base = self.variant.pieces[vt].demoted.map_or(vt, |d| d as usize);
            if h < 0 {
                hand.push((vc.flip(), base, 1));
            } else if h > 0 {
                hand.push((vc, base, 1));
            }
        }
        let pos = rebuild(
            self.pos(),
            &[(from, None), (to, Some((t, color)))],
            &hand,
            color.flip(),
        )?;
        self.begin_at(pos);
        Ok(())
    }

    /// Free mode: put a piece of type `t` and `color` on `sq` (from that colour's hand when
    /// `from_hand`; a piece of the same colour there goes back to the hand, as the
    /// Interactive Diagram's substitution), or clear `sq` when `t` is `None`.
    pub fn place(
        &mut self,
        t: Option<usize>,
        color: Color,
        sq: usize,
        from_hand: bool,
    ) -> Result<(), String> {
        let mut hand = Vec::new();
        if let Some(t) = t {
            if t >= self.variant.pieces.len() {
                return Err(format!("no piece type {t}"));
            }
            if from_hand {
                if self.pos().hand(color, t) == 0 {
                    return Err("no such piece in hand".into());
                }
                hand.push((color, t, -1));
                if let Some((vt, vc)) = self.pos().piece_at(Square::new(sq)) {
                    if vc == color {
                        let base = self.variant.pieces[vt].demoted.map_or(vt, |d| d as usize);
                        hand.push((vc, base, 1));
                    }
                }
            }
        }
        let side = if from_hand {
            color.flip()
        } else {
            self.pos().side_to_move()
        };
        let pos = rebuild(self.pos(), &[(sq, t.map(|t| (t, color)))], &hand, side)?;
        self.begin_at(pos);
        Ok(())
    }

    /// Start the record afresh from `pos` (after a free-mode edit).
    fn begin_at(&mut self, pos: Position) {
        self.variant = pos.variant().clone();
        self.start = pos.clone();
        self.line = CoreGame::from_position(pos);
        self.record.clear();
        self.ply = 0;
        self.shuffle = None;
    }

    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let pos = Position::from_fen(self.variant.clone(), fen).map_err(|e| e.to_string())?;
        self.begin_at(pos);
        Ok(())
    }

    /// Show the position after `ply` moves of the record.
    pub fn goto(&mut self, ply: usize) {
        let ply = ply.min(self.record.len());
        while self.ply > ply {
            self.line.undo();
            self.ply -= 1;
        }
        while self.ply < ply {
            let m = self.record[self.ply];
            if self.line.play(&m).is_err() {
                break;
            }
            self.ply += 1;
        }
    }

    /// A new game from the definition's setup; with `shuffle`, that start position number
    /// of the definition's `shuffle=` sets (see `fairyboard_core::shuffle`).
    pub fn restart(&mut self, shuffle: Option<u64>) -> Result<(), String> {
        let pos = match shuffle {
            Some(n) if self.shuffles() => Position::start_shuffled(self.base.clone(), n)
                .map_err(|e| format!("shuffle {{{n}}}: {e}"))?,
            _ => self.setup.clone(),
        };
        self.begin_at(pos);
        if self.shuffles() {
            self.shuffle = shuffle;
        }
        self.deal = self.shuffle;
        Ok(())
    }

    /// A new game from a shuffle number chosen by `seed` (the definition's own setup when
    /// it does not shuffle).
    pub fn restart_random(&mut self, seed: u64) {
        let n = self
            .shuffles()
            .then(|| shuffle::random_number(&self.base, seed));
        // A number from `random_number` is always valid.
        let _ = self.restart(n);
    }

    /// Whether the definition shuffles at Restart.
    pub fn shuffles(&self) -> bool {
        shuffle::count(&self.base).is_ok_and(|n| n > 1)
    }

    /// The record in readable notation: `{n}` for a shuffled start, then the core's
    /// movetext (move numbers, SAN).
    pub fn record_text(&self) -> String {
        let moves = pgn::movetext(&self.start, &self.record);
        match self.shuffle {
            Some(n) if moves.is_empty() => format!("{{{n}}}"),
            Some(n) => format!("{{{n}}} {moves}"),
            None => moves,
        }
    }

    /// Replay a game record (a leading `{n}` picks the shuffle start; the rest is read by the
    /// core's movetext reader: SAN or coordinate moves, numbers, comments and results
    /// skipped). Stops at the first move that does not fit, reporting it; the moves before
    /// it stay played.
    pub fn load_record(&mut self, text: &str) -> Result<usize, String> {
        let text = text.trim();
        let (shuffle, rest) = match text.strip_prefix('{').and_then(|r| r.split_once('}')) {
            Some((n, rest)) if n.trim().parse::<u64>().is_ok() => {
                (n.trim().parse::<u64>().ok(), rest)
            }
            _ => (None, text),
        };
        self.restart(shuffle)?;
        let read = pgn::read_movetext(self.pos(), rest);
        let mut played = 0;
        for m in read.moves {
            self.push(m)?;
            played += 1;
        }
        match read.error {
            None => Ok(played),
            Some(e) => Err(format!("move {} '{}': {}", played + 1, e.text, e.reason)),
        }
    }

    /// The hashes of the positions before the current one, oldest first: the core game's
    /// own history (repetitions), as the protocols hand it to the search.
    pub fn hashes(&self) -> &[u64] {
        self.line.hashes()
    }

    /// The current position (mutable: searches make and unmake moves on it, leaving it as
    /// it was).
    pub fn position_mut(&mut self) -> &mut Position {
        self.pos_mut()
    }

    /// The start of the record as a [`Setup`] (pieces by type index, so types sharing an
    /// ID stay apart) and its moves up to the current one in coordinate notation: enough
    /// for another `Game` of the same definition (the AI worker) to reach the same position
    /// with the same history.
    pub fn line(&self) -> Line {
        Line {
            deal: self.deal,
            start: self.start.to_setup(),
            moves: self.record[..self.ply]
                .iter()
                .map(|m| self.variant.uci(m))
                .collect(),
        }
    }

    /// Set up the position of a [`line`](Self::line): the shuffled start it was dealt
    /// from (for that start's rules: castling, initial moves), its start, then its moves.
    pub fn set_line(&mut self, line: &Line) -> Result<(), String> {
        self.restart(line.deal)?;
        let start = Position::from_setup(self.variant.clone(), line.start.clone())
            .map_err(|e| format!("line start: {e}"))?;
        let shuffle = self.shuffle;
        self.begin_at(start);
        self.shuffle = shuffle;
        for m in &line.moves {
            self.play(m)?;
        }
        Ok(())
    }

    /// The legal moves of the side to move in coordinate notation.
    pub fn legal_uci(&mut self) -> Vec<String> {
        let list = self.pos_mut().legal_moves();
        list.iter().map(|m| self.variant.uci(m)).collect()
    }

    /// The enemy piece hovering materialises, as drawn: a pawn if there is one, else the
    /// first non-royal type. The diagram's answer treats it as a neutral piece (the
    /// probe's, [`Probe::for_type`]), so no power of the drawn type (iron, a spell, a
    /// capture-matrix cell) shows as if it were the probed piece's.
    fn probe_type(&self) -> usize {
        let p = &self.variant.pieces;
        p.iter()
            .position(|t| t.pawn && !t.royal)
            .or_else(|| p.iter().position(|t| !t.royal))
            .unwrap_or(0)
    }

    /// The move diagram of piece type `t` alone on the board, from the core's move diagram
    /// of the piece unmoved in the variant itself ([`Probe::for_type`],
    /// [`Probe::diagram_among`]), on the square the rules page shows it on
    /// ([`place::diagram_square`]: the middle, or the nearest square where it can stand). Each square gets
    /// one kind (the core's [`MarkKind::name`]), the first that applies of `initial` (only
    /// the first move goes here: an initial step or leap), `castle`, `both` (with its slide
    /// or leap way), `move`, `capture`, `hop` and `hop-capture` (moving or taking only over
    /// or through another piece), `locust` and `block` (a piece here blocks a lame leaper),
    /// plus `+hover` (or `hover` alone) where a piece
    /// would change the moves elsewhere: a screen, a victim taken on the way, a block. With
    /// `hover`: an enemy stands on that square and the diagram is the piece's (as one that
    /// has moved) among it: what a capture or a hop over it leads to, what is left when it
    /// blocks. With `black`, the diagram of a Black piece: the board reflected as the
    /// definition turns White's moves into Black's (ranks mirrored, or the board turned
    /// half round with rotational symmetry), the enemy a White piece.
    pub fn move_diagram(
        &self,
        t: usize,
        hover: Option<usize>,
        black: bool,
    ) -> Result<MoveDiagram, String> {
        if t >= self.variant.pieces.len() {
            return Err(format!("no piece type {t}"));
        }
        let v = &self.variant;
        let g = &v.geometry;
        let (files, ranks) = (g.files, g.ranks);
        let rotate = v.symmetry == Symmetry::Rotate;
        // Black's view is White's on the reflected board, reflected back (an involution).
        let view = |c: Coord| -> Coord {
            match (black, rotate) {
                (false, _) => c,
                (true, true) => Coord::new(files - 1 - c.file, ranks - 1 - c.rank),
                (true, false) => Coord::new(c.file, ranks - 1 - c.rank),
            }
        };
        if v.playable().is_empty() {
            return Err("the board has no square".into());
        }
        // The square the rules page shows the piece on too: the middle, or the nearest
        // square where the piece can stand (a xiangqi advisor inside its palace).
        let centre = place::diagram_square(v, t);
        // The piece in the variant itself: its zone, promotions and the rules that change
        // its moves count; the holes are the variant's (mirrored for Black by its symmetry,
        // as Black's view is White's reflected).
        let mut probe = Probe::for_type(v, t).map_err(|e| e.to_string())?;
        let probed = hover
            .filter(|&s| v.playable().contains(&Square::new(s)))
            .map(|s| view(v.coord(Square::new(s))))
            .filter(|&c| c != centre);
        let fixed: Vec<Extra> = probed
            .iter()
            .map(|&at| Extra {
                at,
                color: Color::Black,
                royal: false,
                virgin: false,
            })
            .collect();
        // Pairs of pieces (a screen and a victim) only for pieces that hop: quadratic.
        let pairs = probe.hops() && fixed.is_empty();
        // First moves on the empty board only (the hovered piece might block them).
        let diagram = probe.diagram_among(centre, !fixed.is_empty(), pairs, &fixed);
        let mut kinds: BTreeMap<Coord, BTreeSet<MarkKind>> = BTreeMap::new();
        let mut ways: BTreeMap<Coord, Way> = BTreeMap::new();
        for m in &diagram {
            kinds.entry(m.at).or_default().insert(m.kind);
            if m.kind == MarkKind::Both {
                ways.insert(m.at, m.way);
            }
        }
        let mut marks = Vec::new();
        for (c, k) in kinds {
            let has = |kind: MarkKind| k.contains(&kind);
            let main = [
                MarkKind::Initial,
                MarkKind::Castle,
                MarkKind::Both,
                MarkKind::Move,
                MarkKind::Capture,
                MarkKind::Hop,
                MarkKind::HopCapture,
                MarkKind::LocustVictim,
                MarkKind::Block,
            ]
            .into_iter()
            .find(|&kind| has(kind))
            .map(MarkKind::name);
            // The piece's own square is marked only among a hovered piece (a Lion's
            // capture and return, a pass), where it is a target like the others.
            if c == centre && fixed.is_empty() {
                continue;
            }
            let kind = match (main, has(MarkKind::Context) || has(MarkKind::Block)) {
                (Some(k), true) => k_with_hover(k),
                (Some(k), false) => k,
                (None, true) => "hover",
                (None, false) => continue,
            };
            let shown = view(c);
            marks.push(Mark {
                file: shown.file,
                rank: shown.rank,
                kind,
                way: ways.get(&c).map(|w| match w {
                    Way::Slide => "slide",
                    Way::Leap => "leap",
                }),
                ends: Vec::new(),
                goes_on: Vec::new(),
            });
        }
        marks.sort();
        let side = if black { 1 } else { 0 };
        let shown = view(centre);
        Ok(MoveDiagram {
            piece: t,
            at: [shown.file, shown.rank],
            color: side,
            probe: probed.map(|c| {
                let c = view(c);
                (
                    [c.file, c.rank],
                    PieceAt {
                        piece: self.probe_type(),
                        color: 1 - side,
                    },
                )
            }),
            marks,
        })
    }
}

/// The one CSS kind a square of the core's marks shows: a move's end first (a capture, a
/// move reached only over a screen, a move, a stop), then a locust victim, a transit, a
/// screen, an illegal target.
fn css_kind(answer: &Marks, sq: usize) -> &'static str {
    let kinds: Vec<MarkKind> = answer.kinds_at(Square::new(sq)).collect();
    let has = |k: MarkKind| kinds.contains(&k);
    // The CSS names are the core's (`MarkKind::name`), the one vocabulary of the front ends.
    let kind = if has(MarkKind::Capture) {
        MarkKind::Capture
    } else if has(MarkKind::Move) && has(MarkKind::Hop) {
        MarkKind::Hop
    } else if has(MarkKind::Move) {
        MarkKind::Move
    } else if has(MarkKind::Stop) {
        MarkKind::Stop
    } else if has(MarkKind::LocustVictim) {
        MarkKind::LocustVictim
    } else if has(MarkKind::Transit) {
        MarkKind::Transit
    } else if has(MarkKind::HopScreen) {
        MarkKind::HopScreen
    } else {
        MarkKind::Illegal
    };
    kind.name()
}

/// A target kind that is also a hover (context) square.
fn k_with_hover(kind: &'static str) -> &'static str {
    match kind {
        "both" => "both+hover",
        "move" => "move+hover",
        "capture" => "capture+hover",
        "hop" => "hop+hover",
        "hop-capture" => "hop-capture+hover",
        "initial" => "initial+hover",
        "castle" => "castle+hover",
        "locust" => "locust+hover",
        "block" => "block+hover",
        _ => "hover",
    }
}

/// A position like `pos` with some squares changed, hand counts adjusted and `side` to
/// move, edited as a [`Setup`] so every piece keeps its type (a FEN would turn types that
/// share an ID letter into one). Untouched pieces keep their unmoved marks, so castling
/// stays where it still makes sense; a piece put on a square counts as unmoved only on a
/// start square of its kind ([`Setup::unmoved_by_start`]); e.p. is dropped, the half-move
/// clock restarts and the rules judge the board afresh.
pub fn rebuild(
    pos: &Position,
    edits: &[(usize, Option<(usize, Color)>)],
    hand: &[(Color, usize, i32)],
    side: Color,
) -> Result<Position, String> {
    let v = pos.variant();
    let mut setup = pos.to_setup();
    for &(sq, piece) in edits {
        let sq = Square::new(sq);
        setup.put(sq, piece);
        if let Some((t, c)) = piece {
            setup.unmoved[sq] = Setup::unmoved_by_start(v, sq, t, c);
        }
    }
    for &(c, t, d) in hand {
        setup.add_to_hand(c, t, d);
    }
    setup.side = side;
    setup.ep = None;
    setup.halfmove = 0;
    setup.rules = None;
    Position::from_setup(v.clone(), setup).map_err(|e| e.to_string())
}
