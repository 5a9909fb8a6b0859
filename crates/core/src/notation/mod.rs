//! Move notation: Fairy-Stockfish's coordinate notation (`e2e4`, `e7e8q`, `b2h8+`,
//! `P@e4`, castling as king from-to; multi-leg moves as comma-separated legs, XBoard's
//! convention `e4f5,f5e6`), SAN read and write for display and PGN ([`pgn`]: games as
//! text).
//!
//! A piece type is named as FEN names it ([`Variant::fen_token`]): drops `P@e4`, promotion
//! suffixes `e7e8q` and SAN letters `Nf3` use the same token, so an ID FEN cannot carry
//! (empty, caseless, with `+`, `/` or digits, or shared by two types) is written with the
//! letter FEN gives it, and two legal moves never print alike.
//!
//! ```
//! use fairyboard_core::{Position, Variant};
//! use std::sync::Arc;
//! // '#' has no case: FEN and move text call the wazir W (its name's first letter).
//! let def = "files=4\nranks=4\nsymmetry=mirror\nroyal=1\nking:K:K::a1\nwazir:#:W::b1\n";
//! let (v, _) = Variant::from_definition("demo", def).unwrap();
//! let mut pos = Position::start(Arc::new(v));
//! let m = pos.parse_uci("b1b2").unwrap();
//! assert_eq!(pos.san(&m), "Wb2");
//! assert_eq!(pos.parse_san("Wb2"), Ok(m));
//! ```

pub mod pgn;

use crate::position::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{Color, LandingRule, Variant};
use std::fmt;

/// A move string that names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub text: String,
    pub reason: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for NotationError {}

impl Variant {
    fn square_name(&self, sq: Square) -> String {
        self.coord(sq).to_string()
    }

    /// The name of piece type `t` in SAN (White's form): the name FEN gives it
    /// ([`Variant::fen_token`]), as coordinate notation uses too, so `Nf3`, `N@e4` and
    /// `e8=Q` name the type FEN names, and IDs FEN cannot carry (empty, caseless, with `+`,
    /// `/` or digits, two types sharing an ID) are written with the letter FEN gives them.
    /// One exception keeps shogi's readable form: a shogi-style promoted type (FEN's `+P`)
    /// is named by its own ID (the tokin's `T`) when that ID could be a FEN token and
    /// names no other type.
    pub fn san_token(&self, t: usize) -> String {
        let token = self.token_of(t);
        let id = &self.pieces[t].id;
        if !token.starts_with('+') || !crate::position::fen::usable_token(id) {
            return token.to_uppercase();
        }
        let up = id.to_uppercase();
        let alone = (0..self.pieces.len()).all(|u| {
            u == t || {
                let other = self.token_of(u);
                other.to_uppercase() != up
                    && !(other.starts_with('+') && self.pieces[u].id.to_uppercase() == up)
            }
        });
        if alone {
            up
        } else {
            token.to_uppercase()
        }
    }

    /// Whether landing on `sq` gives a piece of type `t` (of either colour) a choice:
    /// several types, or promoting or not.
    fn promotion_is_choice(&self, t: usize, sq: Square) -> bool {
        [Color::White, Color::Black].into_iter().any(|c| {
            matches!(self.landing_rule(t, c, sq),
                LandingRule::Promote(r) if r.choices.len() + usize::from(r.may_stay) > 1)
        })
    }

    /// The promotion suffix: `+` for a shogi-style promotion, else the target's FEN token
    /// ([`Variant::fen_token`]) in lower case (`q`, or several letters, or `+p` for a
    /// shogi-style promoted type that is not the mover's own promotion). No
    /// delimiter is needed: a square's name ends in a digit and a token has none, so the
    /// suffix is everything after the last digit. A change into a type of the same name (a
    /// xiangqi soldier crossing the river) is written only where the player could also
    /// have chosen otherwise.
    fn promotion_suffix(&self, m: &Move) -> String {
        let Some(to) = m.promoted_to() else {
            return String::new();
        };
        let target = self.fen_token(to.index(), Color::Black);
        if target == self.fen_token(m.piece().index(), Color::Black)
            && !self.promotion_is_choice(m.piece().index(), m.to())
        {
            return String::new();
        }
        if self.pieces[m.piece()].promoted == Some(to.byte()) {
            "+".to_string()
        } else {
            target
        }
    }

    /// Fairy-Stockfish coordinate notation. A legal move is best written with
    /// [`Position::uci`], which also tells a castling from the king's plain move to the
    /// same square.
    pub fn uci(&self, m: &Move) -> String {
        match m.kind {
            MoveKind::Drop => format!(
                "{}@{}",
                self.fen_token(m.piece().index(), Color::White),
                self.square_name(m.to())
            ),
            MoveKind::Castle => {
                format!("{}{}", self.square_name(m.from()), self.square_name(m.to()))
            }
            // One `fromto` pair per leg, comma-separated (an e.p. capture after locust
            // captures too).
            MoveKind::Normal | MoveKind::EnPassant => {
                let mut s = String::new();
                let mut at = m.from();
                for (k, &leg) in m.legs().iter().enumerate() {
                    if k > 0 {
                        s.push(',');
                    }
                    s += &format!("{}{}", self.square_name(at), self.square_name(leg));
                    at = leg;
                }
                s += &self.promotion_suffix(m);
                s += &self.unload_suffix(m);
                s
            }
        }
    }

    /// `@` and the square where a move's unloaded piece (`u`) is set down again, or
    /// nothing: a capture and the swap that puts the victim back elsewhere go to the same
    /// square, so the unload square tells them apart (`a2a7` takes, `a2a7@a2` swaps).
    fn unload_suffix(&self, m: &Move) -> String {
        if m.unload == 0 {
            String::new()
        } else {
            format!("@{}", self.square_name(m.unload()))
        }
    }
}

impl Position {
    /// The move `m` (legal here) in coordinate notation: [`Variant::uci`], but castling
    /// whose king from-to is also a legal plain move of the king is written as the king
    /// taking its partner (`e1h1`, as Chess960 GUIs write every castling), so each reads
    /// back as itself with [`parse_uci`](Self::parse_uci).
    pub fn uci(&mut self, m: &Move) -> String {
        let v = self.variant.clone();
        let text = v.uci(m);
        if m.kind != MoveKind::Castle {
            return text;
        }
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        if list.iter().any(|o| o != m && v.uci(o) == text) {
            format!("{}{}", v.square_name(m.from()), v.square_name(m.extra(0)))
        } else {
            text
        }
    }

    /// The legal move written `text` in coordinate notation.
    pub fn parse_uci(&mut self, text: &str) -> Result<Move, NotationError> {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        let v = self.variant.clone();
        // A king's plain move and its castling may both be written king from-to (a king
        // that steps two squares): the text is the plain move, and the castling is written
        // as the king taking its partner ([`Position::uci`]).
        let mut hits = list.iter().filter(|m| v.uci(m) == text);
        if let Some(first) = hits.next() {
            let m = std::iter::once(first)
                .chain(hits)
                .find(|m| m.kind != MoveKind::Castle)
                .unwrap_or(first);
            return Ok(*m);
        }
        // XBoard writes a move that may promote but does not with a trailing `=` (in
        // shogi it forwards `b2g7=` for a bishop declining promotion).
        if let Some(bare) = text.strip_suffix('=') {
            if let Some(m) = list.iter().find(|m| !m.is_promotion() && v.uci(m) == bare) {
                return Ok(*m);
            }
        }
        // Castling may also be written as the king capturing its partner.
        if let Some(m) = list.iter().find(|m| {
            m.kind == MoveKind::Castle
                && format!("{}{}", v.square_name(m.from()), v.square_name(m.extra(0))) == text
        }) {
            return Ok(*m);
        }
        // A swap may be written without its unload square (as a GUI that knows nothing of
        // unloading sends it) when no other move reads so.
        let mut bare = list
            .iter()
            .filter(|m| m.unload != 0 && v.uci(m).strip_suffix(&v.unload_suffix(m)) == Some(text));
        if let (Some(m), None) = (bare.next(), bare.next()) {
            return Ok(*m);
        }
        let mut pseudo = MoveList::new();
        self.pseudo_moves_into(&mut pseudo);
        let reason = if let Some(m) = pseudo.iter().find(|m| v.uci(m) == text) {
            let why = self.why_illegal(m);
            format!(
                "illegal: {}",
                why.as_deref().unwrap_or("not a legal move here")
            )
        } else if let Some(r) = self.game.decided {
            format!("the game is over ({r})")
        } else {
            "no such move in this position".to_string()
        };
        Err(NotationError {
            text: text.to_string(),
            reason,
        })
    }

    /// The legal move written `text` in the notation of [`san`](Self::san): check and mate
    /// signs and `!`/`?` annotations are optional, castling may be written with zeros
    /// (`0-0`).
    pub fn parse_san(&mut self, text: &str) -> Result<Move, NotationError> {
        let plain = |s: &str| -> String {
            let s = s.trim_end_matches(['+', '#', '!', '?']);
            match s {
                "0-0" => "O-O".to_string(),
                "0-0-0" => "O-O-O".to_string(),
                _ => s.to_string(),
            }
        };
        let want = plain(text);
        let list = self.legal_moves();
        let found = list.iter().find(|m| plain(&self.san(m)) == want).copied();
        found.ok_or_else(|| NotationError {
            text: text.to_string(),
            reason: match self.game.decided {
                Some(r) => format!("the game is over ({r})"),
                None => "no such move in this position".to_string(),
            },
        })
    }

    /// The legal move written `text` in coordinate notation ([`parse_uci`](Self::parse_uci))
    /// or SAN ([`parse_san`](Self::parse_san)); the coordinate reading's reason is given
    /// when neither fits and the text looks like coordinates (it says why a move is illegal).
    pub fn parse_move(&mut self, text: &str) -> Result<Move, NotationError> {
        let uci = match self.parse_uci(text) {
            Ok(m) => return Ok(m),
            Err(e) => e,
        };
        self.parse_san(text).map_err(|san| {
            if uci.reason.starts_with("illegal") {
                uci
            } else {
                san
            }
        })
    }

    /// A readable, SAN-like rendering: piece name ([`Variant::san_token`]; none for pawns,
    /// which show their file when capturing), disambiguation among moves that would print
    /// alike, `x` for captures (each locust victim too, and `-`
    /// before a non-capturing destination after them), `=X` for promotions, `O-O`-style
    /// castling, `ID@square` drops, `+`/`#` for check and mate.
    pub fn san(&mut self, m: &Move) -> String {
        let v = self.variant.clone();
        let mut s = match m.kind {
            MoveKind::Drop => format!(
                "{}@{}",
                v.san_token(m.piece().index()),
                v.square_name(m.to())
            ),
            MoveKind::Castle => {
                if m.to > m.from {
                    "O-O".to_string()
                } else {
                    "O-O-O".to_string()
                }
            }
            _ => {
                // As in SAN, pawns go without their letter, and capture with their file.
                let letter = |t: usize| {
                    if v.pieces[t].pawn {
                        String::new()
                    } else {
                        v.san_token(t)
                    }
                };
                let pawn = v.pieces[m.piece()].pawn;
                let captures = self.captures(m);
                let mine = letter(m.piece().index());
                let mut s = if !pawn {
                    mine.clone()
                } else if captures {
                    ((b'a' + v.coord(m.from()).file) as char).to_string()
                } else {
                    String::new()
                };
                // Disambiguate among moves to the same square that print the same letter
                // (of one type, or of types that share a name, or pawns of any type).
                let mut list = MoveList::new();
                self.legal_moves_into(&mut list);
                let rivals: Vec<&Move> = list
                    .iter()
                    .filter(|o| {
                        o.to == m.to
                            && (o.piece == m.piece || letter(o.piece().index()) == mine)
                            && o.from != m.from
                            && o.kind != MoveKind::Drop
                    })
                    .collect();
                if !rivals.is_empty() && pawn {
                    // Pawns that reach one square from different files (Berolina pawns'
                    // diagonal steps, `d2f4` and `h2f4`) need their file, as a capture
                    // shows it; from one file, the square too.
                    let c = v.coord(m.from());
                    let same_file = rivals.iter().any(|o| v.coord(o.from()).file == c.file);
                    if same_file {
                        s = c.to_string();
                    } else if !captures {
                        s.push((b'a' + c.file) as char);
                    }
                } else if !rivals.is_empty() {
                    let c = v.coord(m.from());
                    let same_file = rivals.iter().any(|o| v.coord(o.from()).file == c.file);
                    let same_rank = rivals.iter().any(|o| v.coord(o.from()).rank == c.rank);
                    if !same_file {
                        s.push((b'a' + c.file) as char);
                    } else if !same_rank {
                        s += &(c.rank as u32 + 1).to_string();
                    } else {
                        s += &c.to_string();
                    }
                }
                for &x in m.locust() {
                    s += &format!("x{}", v.square_name(Square::unpack(x)));
                }
                let at_end = self.captures_at_end(m);
                if !m.locust().is_empty() && !at_end {
                    s.push('-');
                } else if at_end {
                    s.push('x');
                }
                s += &v.square_name(m.to());
                if let Some(to) = m.promoted_to() {
                    s += &format!("={}", v.san_token(to.index()));
                }
                s += &v.unload_suffix(m);
                s
            }
        };
        let undo = self.make(m);
        if self.in_check() {
            let mut list = MoveList::new();
            self.legal_moves_into(&mut list);
            s.push(if list.is_empty() { '#' } else { '+' });
        }
        self.unmake(m, undo);
        s
    }
}
