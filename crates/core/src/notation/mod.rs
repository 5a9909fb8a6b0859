//! Move notation: Fairy-Stockfish's coordinate notation (`e2e4`, `e7e8q`, `b2h8+`,
//! `P@e4`, castling as king from-to; multi-leg moves as comma-separated legs, XBoard's
//! convention `e4f5,f5e6`), SAN read and write for display and PGN ([`pgn`]: games as
//! text).

pub mod pgn;

use crate::position::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{Color, Variant};
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

    /// The promotion suffix: `+` for a shogi-style promotion, else the type's ID in lower case.
    fn promotion_suffix(&self, m: &Move) -> String {
        let Some(to) = m.promoted_to() else {
            return String::new();
        };
        if self.pieces[to].id == self.pieces[m.piece()].id {
            // A change into a type with the same ID (a xiangqi soldier crossing the river)
            // is no choice of the player: nothing to write.
            return String::new();
        }
        if self.pieces[m.piece()].promoted == Some(to.byte()) {
            "+".to_string()
        } else {
            self.pieces[to].id.to_lowercase()
        }
    }

    /// Fairy-Stockfish coordinate notation.
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
                s
            }
        }
    }
}

impl Position {
    /// The legal move written `text` in coordinate notation.
    pub fn parse_uci(&mut self, text: &str) -> Result<Move, NotationError> {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        let v = self.variant.clone();
        if let Some(m) = list.iter().find(|m| v.uci(m) == text) {
            return Ok(*m);
        }
        // Castling may also be written as the king capturing its partner.
        if let Some(m) = list.iter().find(|m| {
            m.kind == MoveKind::Castle
                && format!("{}{}", v.square_name(m.from()), v.square_name(m.extra(0))) == text
        }) {
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

    /// A readable, SAN-like rendering: piece ID (none for pawns, which show their file
    /// when capturing), disambiguation, `x` for captures (each locust victim too, and `-`
    /// before a non-capturing destination after them), `=X` for promotions, `O-O`-style
    /// castling, `ID@square` drops, `+`/`#` for check and mate.
    pub fn san(&mut self, m: &Move) -> String {
        let v = self.variant.clone();
        let mut s = match m.kind {
            MoveKind::Drop => format!("{}@{}", v.pieces[m.piece()].id, v.square_name(m.to())),
            MoveKind::Castle => {
                if m.to > m.from {
                    "O-O".to_string()
                } else {
                    "O-O-O".to_string()
                }
            }
            _ => {
                let pawn = v.pieces[m.piece()].pawn;
                let captures = self.captures(m);
                // As in SAN, pawns go without their letter, and capture with their file.
                let mut s = if !pawn {
                    v.pieces[m.piece()].id.clone()
                } else if captures {
                    ((b'a' + v.coord(m.from()).file) as char).to_string()
                } else {
                    String::new()
                };
                // Disambiguate among same-type moves to the same square.
                let mut list = MoveList::new();
                self.legal_moves_into(&mut list);
                let rivals: Vec<&Move> = list
                    .iter()
                    .filter(|o| {
                        o.piece == m.piece
                            && o.to == m.to
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
                    s += &format!("={}", v.pieces[to].id);
                }
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
