//! FEN in and out, compatible with Fairy-Stockfish for the same game: holdings in
//! brackets, `+X` for shogi-style promoted types, ranks of any count, castling rights and
//! the e.p. square.
//!
//! ```
//! # use fairyboard_core::Position;
//! # fn demo(pos: &Position) {
//! let fen = pos.to_fen();
//! let again = Position::from_fen(pos.variant().clone(), &fen).unwrap();
//! assert_eq!(again.to_fen(), fen);
//! # }
//! ```

use std::fmt;
use std::sync::Arc;

use crate::coord::Coord;
use crate::limits::{MAX_FEN_BYTES, MAX_IN_HAND};
use crate::position::moves::{MoveKind, MoveList};
use crate::position::setup::{Setup, SetupError};
use crate::position::{EnPassant, Position};
use crate::variant::geometry::Square;
use crate::variant::{cell_color, cell_type, piece_cell, Color, Role, Variant, EMPTY, OFF};
use xbetza::Kind;

/// Why a FEN was rejected: which field, where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub field: &'static str,
    /// Character offset into the FEN.
    pub position: usize,
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "FEN {} at character {}: {}",
            self.field,
            self.position + 1,
            self.message
        )
    }
}

impl std::error::Error for FenError {}

/// Castling rights as written in a FEN: per colour, the partner files allowed.
#[derive(Clone, Debug, Default)]
struct Rights {
    /// `None` = every partner (the setup); else per colour the sides/files allowed.
    given: Option<[Vec<Side>; 2]>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// Towards higher files (K).
    High,
    /// Towards lower files (Q).
    Low,
    /// The partner on this file.
    File(u8),
}

impl Position {
    /// Parse a FEN for this variant (into a [`Setup`], then [`Position::from_setup`]).
    pub fn from_fen(variant: Arc<Variant>, fen: &str) -> Result<Position, FenError> {
        let (setup, hold_at) = Setup::parse_fen(&variant, fen)?;
        Position::from_setup(variant, setup).map_err(|e| {
            let (field, position) = match e {
                SetupError::HandWithoutHoldings { .. } | SetupError::HandTooLarge { .. } => {
                    ("holdings", hold_at)
                }
                _ => ("board", fen.len() - fen.trim_start().len()),
            };
            FenError {
                field,
                position,
                message: e.to_string(),
            }
        })
    }
}

impl Setup {
    /// The setup a FEN describes, and the character offset of its holdings.
    fn parse_fen(variant: &Variant, fen: &str) -> Result<(Setup, usize), FenError> {
        let err = |field: &'static str, position: usize, message: String| FenError {
            field,
            position,
            message,
        };
        // The bound counts one byte a held piece; a game whose tokens are longer gets as
        // many times it. A capture puts a piece in hand unpromoted, so a `+` adds nothing
        // there (the board allowance covers it on the board), unless a start hand holds
        // the promoted type.
        let held = |t: u8| variant.initial_hand.iter().any(|h| h[t as usize] > 0);
        let longest = (variant.fen_ids.iter())
            .map(|f| {
                let form = |s: &str| {
                    if held(f.t) {
                        s.len()
                    } else {
                        s.trim_start_matches('+').len()
                    }
                };
                form(&f.white).max(form(&f.black))
            })
            .max()
            .unwrap_or(1)
            .max(1);
        let limit = MAX_FEN_BYTES.saturating_mul(longest);
        if fen.len() > limit {
            return Err(err(
                "length",
                limit,
                format!("{} bytes, over the limit of {limit}", fen.len()),
            ));
        }
        let mut pos = Setup::empty(variant);
        let g = &variant.geometry;
        let fen_trim = fen.trim_start();
        let lead = fen.len() - fen_trim.len();
        let board_end = fen_trim.find(char::is_whitespace).unwrap_or(fen_trim.len());
        let board_text = &fen_trim[..board_end];
        // Holdings: `[..]` after the board, or an extra rank beyond the board's ranks.
        let (placement, holdings, hold_at) = match board_text.find('[') {
            Some(i) => {
                let close = board_text[i..]
                    .find(']')
                    .map(|j| i + j)
                    .ok_or_else(|| err("holdings", lead + i, "'[' without ']'".into()))?;
                if close + 1 != board_text.len() {
                    return Err(err(
                        "holdings",
                        lead + close + 1,
                        "text after the holdings".into(),
                    ));
                }
                (
                    &board_text[..i],
                    Some(&board_text[i + 1..close]),
                    lead + i + 1,
                )
            }
            None => {
                let rows = board_text.split('/').count();
                if rows == g.ranks as usize + 1 {
                    let i = board_text.rfind('/').unwrap_or(0);
                    (&board_text[..i], Some(&board_text[i + 1..]), lead + i + 1)
                } else {
                    (board_text, None, 0)
                }
            }
        };
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != g.ranks as usize {
            return Err(err(
                "board",
                lead,
                format!("{} ranks given, the board has {}", rows.len(), g.ranks),
            ));
        }
        let mut offset = lead;
        for (i, row) in rows.iter().enumerate() {
            let rank = g.ranks as usize - 1 - i;
            let mut file = 0usize;
            let chars: Vec<(usize, char)> = row.char_indices().collect();
            let mut k = 0;
            while k < chars.len() {
                let (at, ch) = chars[k];
                let here = offset + at;
                if ch.is_ascii_digit() {
                    let mut n = 0usize;
                    while k < chars.len() && chars[k].1.is_ascii_digit() {
                        n = n * 10 + chars[k].1.to_digit(10).unwrap_or(0) as usize;
                        if n > 64 {
                            return Err(err("board", here, "empty-square count too large".into()));
                        }
                        k += 1;
                    }
                    if n == 0 {
                        return Err(err("board", here, "empty-square count 0".into()));
                    }
                    file += n;
                    if file > g.files as usize {
                        return Err(err(
                            "board",
                            here,
                            format!("rank {} has more than {} squares", rank + 1, g.files),
                        ));
                    }
                    continue;
                }
                if ch == '*' {
                    // A hole (Fairy-Stockfish writes walls this way).
                    file += 1;
                    if file > g.files as usize {
                        return Err(err(
                            "board",
                            here,
                            format!("rank {} has more than {} squares", rank + 1, g.files),
                        ));
                    }
                    k += 1;
                    continue;
                }
                let (t, color, len) = variant.match_piece(&row[at..]).ok_or_else(|| {
                    err(
                        "board",
                        here,
                        format!("'{ch}' is not a piece of this variant"),
                    )
                })?;
                k += len;
                // `~` marks a promoted piece (Fairy-Stockfish's crazyhouse FENs). With
                // `demotePromoted` it is kept: the piece returns to a hand as the type
                // that promotes (the first of the `maxPromote` types); elsewhere a capture
                // does not care, and the mark is accepted and dropped.
                let mut promoted = false;
                if k < chars.len() && chars[k].1 == '~' {
                    promoted = true;
                    k += 1;
                }
                if file >= g.files as usize {
                    return Err(err(
                        "board",
                        here,
                        format!("rank {} has more than {} squares", rank + 1, g.files),
                    ));
                }
                let sq = g.square(Coord::new(file as u8, rank as u8));
                if variant.template[sq] == OFF {
                    return Err(err(
                        "board",
                        here,
                        format!("{} is a hole", Coord::new(file as u8, rank as u8)),
                    ));
                }
                let t = variant.resolve_duplicate(t, color, Some(sq));
                pos.cells[sq] = Some((t, color));
                if promoted && variant.demote_promoted {
                    pos.promoted_from[sq] = variant.pieces.iter().position(|p| p.promotes);
                }
                file += 1;
            }
            if file != g.files as usize {
                return Err(err(
                    "board",
                    offset,
                    format!(
                        "rank {} has {} squares, the board has {}",
                        rank + 1,
                        file,
                        g.files
                    ),
                ));
            }
            offset += row.len() + 1;
        }
        if let Some(h) = holdings {
            let mut held = [0u32; 2];
            let mut k = 0;
            let chars: Vec<(usize, char)> = h.char_indices().collect();
            while k < chars.len() {
                let (at, ch) = chars[k];
                if ch == '-' {
                    k += 1;
                    continue;
                }
                let (t, color, len) = variant.match_piece(&h[at..]).ok_or_else(|| {
                    err(
                        "holdings",
                        hold_at + at,
                        format!("'{ch}' is not a piece of this variant"),
                    )
                })?;
                k += len;
                held[color.index()] += 1;
                if held[color.index()] > MAX_IN_HAND {
                    return Err(err(
                        "holdings",
                        hold_at + at,
                        SetupError::HandTooLarge { color }.to_string(),
                    ));
                }
                // A hand holds the types its FEN names: a capture puts a promoted piece
                // in hand as its unpromoted type, but a definition's start hand may hold
                // a promoted one (`+P`), and it must read back as itself.
                let t = variant.resolve_duplicate(t, color, None);
                pos.add_to_hand(color, t, 1);
            }
        }
        // Remaining fields.
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut at = lead + board_end;
        for part in fen[lead + board_end..].split(' ') {
            if !part.is_empty() {
                fields.push((at, part));
            }
            at += part.len() + 1;
        }
        let mut it = fields.into_iter().peekable();
        match it.next() {
            None => {}
            Some((_, "w")) => pos.side = Color::White,
            Some((_, "b")) => pos.side = Color::Black,
            Some((p, s)) => return Err(err("side to move", p, format!("'{s}' is not w or b"))),
        }
        let numeric = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let mut rights = Rights {
            given: Some([Vec::new(), Vec::new()]),
        };
        if let Some(&(p, s)) = it.peek() {
            if !numeric(s) {
                it.next();
                if s != "-" {
                    let r = parse_rights(s, g.files).map_err(|(i, ch)| {
                        err("castling", p + i, format!("'{ch}' is not a castling right"))
                    })?;
                    rights.given = Some(r);
                }
            }
        }
        let mut ep_text = None;
        if let Some(&(p, s)) = it.peek() {
            if !numeric(s) {
                it.next();
                if s != "-" {
                    ep_text = Some((p, s));
                }
            }
        }
        if let Some((p, s)) = it.next() {
            pos.halfmove = s
                .parse()
                .map_err(|_| err("half-move clock", p, format!("'{s}' is not a number")))?;
        }
        if let Some((p, s)) = it.next() {
            pos.fullmove = s
                .parse()
                .map_err(|_| err("move number", p, format!("'{s}' is not a number")))?;
            if pos.fullmove == 0 {
                pos.fullmove = 1;
            }
        }
        if let Some((p, s)) = it.next() {
            return Err(err("end", p, format!("unexpected '{s}'")));
        }
        // Fairy-Stockfish keeps no reserve for these games and writes `[]`: derive it then.
        let hand_given = holdings.is_some_and(|h| h.chars().any(|c| c != '-'));
        if variant.holdings_type == 1 && !hand_given {
            pos.derive_reserve(variant);
        }
        pos.apply_virginity(variant, &rights);
        if let Some((p, s)) = ep_text {
            // The e.p. square (and a second one after a triple push), then optionally the
            // piece the capture removes (Fairy-Stockfish writes that one too when it is not
            // straight behind, as after a Berolina step).
            let squares = split_squares(s)
                .ok_or_else(|| err("e.p.", p, format!("'{s}' is not a square list")))?;
            let them = pos.side.flip();
            let mut square = None;
            let mut second = None;
            let mut victim = None;
            for c in squares {
                if c.file >= g.files || c.rank >= g.ranks {
                    return Err(err("e.p.", p, format!("{c} is off the board")));
                }
                let sq = g.square(c);
                match pos.piece_at(sq) {
                    None if variant.template[sq] == EMPTY => {
                        if square.is_none() {
                            square = Some(sq);
                        } else if second.is_none() {
                            second = Some(sq);
                        }
                    }
                    Some((_, c)) if c == them => victim = Some(sq),
                    _ => {}
                }
            }
            if let Some(sq) = square {
                let ahead = sq + variant.forward[them.index()];
                let enemy_at = |v: Square| pos.piece_at(v).is_some_and(|(_, c)| c == them);
                let victim = victim.or_else(|| {
                    [ahead, ahead - 1, ahead + 1]
                        .into_iter()
                        .find(|&v| enemy_at(v))
                });
                if let Some(victim) = victim {
                    pos.ep = Some(EnPassant {
                        square: sq.pack(),
                        second: second.map_or(0, |s| s.pack()),
                        victim: victim.pack(),
                    });
                }
            }
        }
        Ok((pos, hold_at))
    }

    /// With `holdingsType=1` a captured piece returns to its owner's hand and leaves it
    /// only by promotion, so a type's hand is its setup count minus its count on the
    /// board. Fairy-Stockfish FENs of such games carry no holdings; derive them.
    pub(crate) fn derive_reserve(&mut self, v: &Variant) {
        // One pass over the setup and one over the board (the value measurement sets up
        // thousands of boards; a pass per type made it the larger part of a 16×16 game's
        // engine start).
        let types = v.pieces.len();
        let mut start = vec![0u32; 2 * types];
        for &(_, cell) in &v.setup {
            start[cell_color(cell).index() * types + cell_type(cell).index()] += 1;
        }
        let mut now = vec![0u32; 2 * types];
        for &(t, color) in self.cells.iter().flatten() {
            now[color.index() * types + t] += 1;
        }
        for color in Color::BOTH {
            let ci = color.index();
            for t in 0..types {
                if v.pieces[t].promotes {
                    continue;
                }
                let start = start[ci * types + t] + v.initial_hand[ci][t];
                self.hands[ci][t] = start.saturating_sub(now[ci * types + t]);
            }
        }
    }

    /// Every piece of the setup that can use its virginity is unmoved.
    pub(crate) fn mark_start_unmoved(&mut self, variant: &Variant) {
        self.apply_virginity(variant, &Rights { given: None });
    }

    /// Mark unmoved pieces: pieces with initial moves on their start squares, and castling
    /// pieces and partners as the rights say.
    fn apply_virginity(&mut self, variant: &Variant, rights: &Rights) {
        for &sq in &variant.playable {
            self.unmoved[sq] = self.cells[sq]
                .is_some_and(|(t, color)| Setup::unmoved_by_start(variant, sq, t, color));
        }
        let mut castlers = Vec::new();
        for color in Color::BOTH {
            let allowed = rights.given.as_ref().map(|r| &r[color.index()]);
            for &sq in &variant.playable {
                let Some((t, c)) = self.cells[sq] else {
                    continue;
                };
                if c != color {
                    continue;
                }
                let links = &variant.pieces[t].linked[color.index()].links;
                if !links.iter().any(|l| l.kind == Kind::Castle) {
                    continue;
                }
                if variant.setup_cells[sq] != piece_cell(Role::new(t), color)
                    || allowed.is_some_and(|a| a.is_empty())
                {
                    continue;
                }
                let mut any = false;
                for l in links.iter().filter(|l| l.kind == Kind::Castle) {
                    let owner = |s: Square| self.piece_at(s).map(|(_, c)| c);
                    let Some(partner) = castle_partner(variant, sq, l, owner) else {
                        continue;
                    };
                    let file = variant.coord(partner).file;
                    let ok = match allowed {
                        None => true,
                        Some(a) => a.iter().any(|s| match s {
                            Side::High => l.dx > 0,
                            Side::Low => l.dx < 0,
                            Side::File(f) => *f == file,
                        }),
                    };
                    if ok {
                        castlers.push(partner);
                        any = true;
                    }
                }
                if any {
                    castlers.push(sq);
                }
            }
        }
        for sq in castlers {
            self.unmoved[sq] = true;
        }
    }
}

/// The rights of a FEN's castling field: per colour, `K`/`Q` (every castler towards the
/// higher or lower files) or the partner's file letter. `Err` has the offending character
/// and its offset.
fn parse_rights(s: &str, files: u8) -> Result<[Vec<Side>; 2], (usize, char)> {
    let mut r = [Vec::new(), Vec::new()];
    for (i, ch) in s.char_indices() {
        let color = if ch.is_ascii_uppercase() { 0 } else { 1 };
        let side = match ch.to_ascii_uppercase() {
            'K' => Side::High,
            'Q' => Side::Low,
            c @ 'A'..='X' if (c as u8 - b'A') < files => Side::File(c as u8 - b'A'),
            _ => return Err((i, ch)),
        };
        r[color].push(side);
    }
    Ok(r)
}

/// One castling right: the castler's square, its partner's, and whether it castles towards
/// the higher files.
type Right = (Square, Square, bool);

/// Every castling right of a board, per colour: the pieces with castling moves that are
/// unmoved, with each castling link's partner ([`castle_partner`]) unmoved too. The one
/// definition of what a FEN's castling field describes: [`Position::to_fen`] prints it,
/// and checks that [`Position::from_fen`] reads its text back to the same rights.
fn castling_rights(
    variant: &Variant,
    piece_at: impl Fn(Square) -> Option<(usize, Color)>,
    unmoved: impl Fn(Square) -> bool,
) -> [Vec<Right>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for &sq in &variant.playable {
        let Some((t, color)) = piece_at(sq) else {
            continue;
        };
        if !unmoved(sq) {
            continue;
        }
        let links = &variant.pieces[t].linked[color.index()].links;
        for l in links.iter().filter(|l| l.kind == Kind::Castle) {
            let owner = |s: Square| piece_at(s).map(|(_, c)| c);
            if let Some(p) = castle_partner(variant, sq, l, owner) {
                if unmoved(p) && !out[color.index()].contains(&(sq, p, l.dx > 0)) {
                    out[color.index()].push((sq, p, l.dx > 0));
                }
            }
        }
    }
    out
}

/// The castling partner of the piece on `sq` for the castling link `l`: the friendly piece
/// nearest the board edge (or a hole) in the link's direction, whatever stands between.
/// `owner` tells the colour of the piece on a square. A dead link (a step as long as the
/// board, bound with offset 0: castling on a one-file board) has no partner; walking its
/// offset would never reach the edge.
fn castle_partner(
    variant: &Variant,
    sq: Square,
    l: &crate::variant::Link,
    owner: impl Fn(Square) -> Option<Color>,
) -> Option<Square> {
    let off = l.off;
    if l.dead || off == 0 {
        return None;
    }
    let color = owner(sq)?;
    let mut edge = sq;
    while variant.template[edge + off] != OFF {
        edge += off;
    }
    let mut cur = edge;
    while cur != sq && owner(cur).is_none() {
        cur -= off;
    }
    (cur != sq && owner(cur) == Some(color)).then_some(cur)
}

impl Position {
    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        let v = &*self.variant;
        let g = &v.geometry;
        let mut s = String::new();
        for rank in (0..g.ranks).rev() {
            let mut empty = 0;
            for file in 0..g.files {
                let sq = g.square(Coord::new(file, rank));
                let c = self.board[sq];
                if c == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                if c == OFF {
                    s.push('*');
                } else {
                    s += &v.fen_token(cell_type(c).index(), cell_color(c));
                    if self.promoted[sq] != 0 {
                        s.push('~');
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        if v.has_holdings() {
            s.push('[');
            for color in Color::BOTH {
                for (t, &n) in self.hands[color.index()].iter().enumerate() {
                    for _ in 0..n {
                        s += &v.fen_token(t, color);
                    }
                }
            }
            s.push(']');
        }
        s.push(' ');
        s.push(if self.side == Color::White { 'w' } else { 'b' });
        s.push(' ');
        let castling = self.castling_string();
        s += if castling.is_empty() { "-" } else { &castling };
        s.push(' ');
        match self.ep_for_fen() {
            Some(ep) => {
                s += &v.coord(ep.square()).to_string();
                if ep.second().is_some() {
                    s += &v.coord(ep.second()).to_string();
                }
                let them = self.side.flip();
                if ep.second().is_some() || ep.victim() != ep.square() + v.forward[them.index()] {
                    s += &v.coord(ep.victim()).to_string();
                }
            }
            None => s.push('-'),
        }
        s += &format!(" {} {}", self.halfmove, self.fullmove);
        s
    }

    /// The castling field: the rights as `KQkq` letters when reading those back gives the
    /// same rights, else as the partners' file letters (several castlers on one side can
    /// make the letters say more than the position has), else `KQkq` letters anyway.
    fn castling_string(&self) -> String {
        let v = &*self.variant;
        let rights = castling_rights(v, |s| self.piece_at(s), |s| self.virgin[s]);
        let form = |by_file: bool| {
            let mut out = String::new();
            for color in Color::BOTH {
                let mut letters: Vec<char> = rights[color.index()]
                    .iter()
                    .map(|&(_, partner, high)| match (by_file, high) {
                        (true, _) => (b'A' + v.coord(partner).file) as char,
                        (false, true) => 'K',
                        (false, false) => 'Q',
                    })
                    .collect();
                letters.sort();
                letters.dedup();
                out.extend(letters.into_iter().map(|ch| match color {
                    Color::White => ch,
                    Color::Black => ch.to_ascii_lowercase(),
                }));
            }
            out
        };
        let sides = form(false);
        if rights.iter().all(|r| r.is_empty()) {
            return sides;
        }
        for text in [sides.clone(), form(true)] {
            if self.castling_reads_back(&text, &rights) {
                return text;
            }
        }
        sides
    }

    /// Whether [`Position::from_fen`] reads `text` on this board as exactly `rights`.
    fn castling_reads_back(&self, text: &str, rights: &[Vec<Right>; 2]) -> bool {
        let v = &*self.variant;
        let Ok(given) = parse_rights(text, v.geometry.files) else {
            return false;
        };
        let mut s = Setup::empty(v);
        for &sq in &v.playable {
            s.cells[sq] = self.piece_at(sq);
        }
        s.apply_virginity(v, &Rights { given: Some(given) });
        castling_rights(v, |sq| s.piece_at(sq), |sq| s.unmoved[sq]) == *rights
    }

    /// The e.p. square, written only when some e.p. capture is possible (as Fairy-Stockfish).
    fn ep_for_fen(&self) -> Option<EnPassant> {
        let ep = self.ep?;
        let mut list = MoveList::new();
        self.pseudo_moves_into(&mut list);
        list.iter()
            .any(|m| m.kind == MoveKind::EnPassant)
            .then_some(ep)
    }
}

fn split_squares(s: &str) -> Option<Vec<Coord>> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if !b[i].is_ascii_lowercase() {
            return None;
        }
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        out.push(s[start..i].parse().ok()?);
    }
    Some(out)
}

impl Variant {
    /// The FEN token of a piece (see [`fen_tokens`]).
    pub fn fen_token(&self, t: usize, color: Color) -> String {
        let token = self.token_of(t);
        match color {
            Color::White => token.to_uppercase(),
            Color::Black => token.to_lowercase(),
        }
    }

    /// Type `t`'s token as [`fen_tokens`] gave it (White's form).
    pub(crate) fn token_of(&self, t: usize) -> &str {
        self.fen_ids
            .iter()
            .find(|f| f.t as usize == t)
            .map_or("", |f| f.white.as_str())
    }

    /// The piece whose FEN token starts `text`: type, colour and token length in chars.
    ///
    /// Called once per piece of a FEN, so both forms are made once, with the variant.
    pub(crate) fn match_piece(&self, text: &str) -> Option<(usize, Color, usize)> {
        for f in &self.fen_ids {
            // Forms that are one text tell no colour (an empty letter).
            if f.white == f.black {
                continue;
            }
            if text.starts_with(f.white.as_str()) {
                return Some((f.t as usize, Color::White, f.chars));
            }
            if text.starts_with(f.black.as_str()) {
                return Some((f.t as usize, Color::Black, f.chars));
            }
        }
        None
    }

    /// Several types may share an ID (so a FEN token): a xiangqi soldier before and after the river (the
    /// one a morph board turns the first into on this square is meant), or Spartan chess's
    /// two kings (the one this colour has in its setup is meant).
    pub(crate) fn resolve_duplicate(&self, t: usize, color: Color, sq: Option<Square>) -> usize {
        let token = self.token_of(t);
        // Called for every piece a FEN names: one pass over the tokens, no allocation.
        let sharing = || {
            (self.fen_ids.iter())
                .filter(move |f| f.white == token)
                .map(|f| f.t as usize)
        };
        if sharing().nth(1).is_none() {
            return t;
        }
        let first = sharing().min().unwrap_or(t);
        if let Some(sq) = sq {
            if let crate::variant::Landing::Promote(r) =
                self.pieces[first].landing[color.index()][sq]
            {
                let rule = &self.promo_rules[r as usize];
                if let [(to, _)] = rule.choices[..] {
                    if self.token_of(to as usize) == token && !rule.may_stay {
                        return to as usize;
                    }
                }
            }
        }
        let fielded = |i: usize| {
            self.setup
                .iter()
                .any(|&(_, c)| c == piece_cell(Role::new(i), color))
                || self.initial_hand[color.index()][i] > 0
        };
        sharing().filter(|&i| fielded(i)).min().unwrap_or(first)
    }

    /// Whether FENs of this variant carry holdings.
    pub fn has_holdings(&self) -> bool {
        self.holdings_type != 0 || self.initial_hand.iter().any(|h| h.iter().any(|&n| n > 0))
    }

    /// Whether pieces can ever be dropped in this game: drops are moves ([`Variant::drops`],
    /// which is also true of a game whose captures vanish, `holdingsType=0`) and a hand
    /// can hold something (captures go there, or the game starts with pieces in hand).
    /// What a search must know (passing is no safe test where a drop may answer anything)
    /// and what XBoard is told.
    pub fn drop_game(&self) -> bool {
        self.drops && self.has_holdings()
    }
}

/// Characters with a meaning of their own in a FEN's board or holdings field: empty-square
/// counts, rank separators, holdings brackets and their `-`, the promoted marks `+` and
/// `~`, holes `*`, and the blanks that end the field.
fn fen_syntax(c: char) -> bool {
    c.is_ascii_digit()
        || c.is_whitespace()
        || c.is_control()
        || matches!(c, '/' | '[' | ']' | '~' | '*' | '+' | '-')
}

/// Whether `id` can be a FEN token as it is: not empty, no FEN syntax, every character's
/// case pair is one character each way (so White's and Black's forms have the same length
/// and turn back into each other), and at least one character has case (so the colours
/// differ).
pub(crate) fn usable_token(id: &str) -> bool {
    !id.is_empty()
        && id.chars().all(|c| {
            let (up, low) = (single(c.to_uppercase()), single(c.to_lowercase()));
            !fen_syntax(c)
                && matches!((up, low), (Some(u), Some(l))
                    if single(l.to_uppercase()) == Some(u) && single(u.to_lowercase()) == Some(l))
        })
        && id.to_uppercase() != id.to_lowercase()
}

fn single(mut it: impl Iterator<Item = char>) -> Option<char> {
    let c = it.next()?;
    it.next().is_none().then_some(c)
}

/// Whether greedy reading (longest token first, as [`Variant::match_piece`] reads) can
/// split a run of pieces written with `tokens` (one colour's forms) other than as written:
/// that happens when one token is another followed by text that begins a run of tokens
/// (`CA` against `C` then `A`, or `NRB` against `N`, `RB...`).
fn ambiguous(tokens: &[String]) -> bool {
    // Whether `w` is a prefix of some run of tokens (depth bounded by its length).
    fn starts_run(w: &str, tokens: &[String]) -> bool {
        w.is_empty()
            || tokens.iter().any(|t| {
                t.starts_with(w) || (w.starts_with(t.as_str()) && starts_run(&w[t.len()..], tokens))
            })
    }
    tokens.iter().any(|long| {
        tokens.iter().any(|short| {
            short.len() < long.len()
                && long.starts_with(short.as_str())
                && starts_run(&long[short.len()..], tokens)
        })
    })
}

/// Why a piece's ID is not its FEN token (see [`fen_tokens`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unusable {
    Empty,
    /// The ID contains this FEN syntax character.
    Syntax(char),
    /// No upper and lower case to tell White from Black (or a case pair FEN cannot hold).
    Caseless,
    /// It reads as the token of this earlier type (same letters in another case, or the
    /// same ID with both types in one side's setup).
    Clash(usize),
    /// Next to other tokens it could be read as a different run of pieces.
    Ambiguous,
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unusable::Empty => write!(f, "it is empty"),
            Unusable::Syntax(c) => write!(f, "it contains {c:?}, which FEN uses itself"),
            Unusable::Caseless => {
                write!(f, "it has no upper and lower case to tell White from Black")
            }
            Unusable::Clash(_) => write!(f, "it reads the same as another piece's"),
            Unusable::Ambiguous => write!(
                f,
                "next to other pieces' IDs it could be read as different pieces"
            ),
        }
    }
}

/// What a piece type is called in FEN: its ID in upper case for White and lower case for
/// Black, or `+` and its unpromoted type's token for a shogi-style promoted type.
///
/// Interactive Diagram pages allow any text as an ID; one that FEN cannot carry (see
/// [`Unusable`]) is given a letter instead, one no other token starts with: the first
/// free of the ID's own letters, the name's first letter, then `A`, `B`, ... So every
/// position reads back as itself, while every ID that FEN can carry stays as it is
/// (a catalogue game's FEN does not change). Several types may share an ID on purpose
/// (a xiangqi soldier before and after the river, Spartan chess's kings): they keep it
/// while no side fields two of them, as [`Variant::resolve_duplicate`] tells them apart.
///
/// `ids[t]` is type `t`'s ID, `demoted[t]` its unpromoted type, `name[t]` its name, and
/// `fielded(t, side)` whether side 0 (White) or 1 (Black) has the type in its setup or
/// hand. Returns each type's token (White's form) and the types given a letter, why.
pub(crate) fn fen_tokens(
    ids: &[&str],
    names: &[&str],
    demoted: &[Option<u8>],
    fielded: impl Fn(usize, usize) -> bool,
) -> (Vec<String>, Vec<(usize, Unusable)>) {
    let n = ids.len();
    let base = |t: usize| match demoted[t] {
        Some(d) if (d as usize) < n && demoted[d as usize].is_none() => Some(d as usize),
        _ => None,
    };
    let mut token: Vec<Option<String>> = vec![None; n];
    let mut refused = Vec::new();
    // The ID's upper-case forms kept so far, deduplicated.
    let mut kept: Vec<String> = Vec::new();
    for t in (0..n).filter(|&t| base(t).is_none()) {
        let id = ids[t];
        let why = if id.is_empty() {
            Some(Unusable::Empty)
        } else if let Some(c) = id.chars().find(|&c| fen_syntax(c)) {
            Some(Unusable::Syntax(c))
        } else if !usable_token(id) {
            Some(Unusable::Caseless)
        } else {
            let up = id.to_uppercase();
            let clash = (0..t).find(|&u| {
                token[u].as_deref() == Some(up.as_str())
                    && (ids[u] != id || (0..2).any(|side| fielded(u, side) && fielded(t, side)))
            });
            match clash {
                Some(u) => Some(Unusable::Clash(u)),
                None if !kept.contains(&up) && {
                    let mut with = kept.clone();
                    with.push(up.clone());
                    ambiguous(&with)
                } =>
                {
                    Some(Unusable::Ambiguous)
                }
                None => {
                    if !kept.contains(&up) {
                        kept.push(up.clone());
                    }
                    token[t] = Some(up);
                    None
                }
            }
        };
        if let Some(why) = why {
            refused.push((t, why));
        }
    }
    for &(t, _) in &refused {
        let own = ids[t].chars().chain(names[t].chars().take(1));
        let letters = ('A'..='\u{24ff}').filter(|c| c.is_uppercase());
        // A free letter starts no token, and must not end one either: with `OGL` and
        // `OGLD` kept, a `D` would let `OGLD` read as `OGL` then `D` (a fuzzed definition).
        let free = own.flat_map(char::to_uppercase).chain(letters).find(|&c| {
            usable_token(c.encode_utf8(&mut [0; 4]))
                && !kept.iter().any(|k| k.starts_with(c))
                && !ambiguous(&[kept.as_slice(), &[c.to_string()]].concat())
        });
        // More than a thousand letters are free for at most `MAX_TYPES` types.
        let letter = free.map(String::from).unwrap_or_default();
        kept.push(letter.clone());
        token[t] = Some(letter);
    }
    let tokens = (0..n)
        .map(|t| match base(t) {
            Some(d) => format!("+{}", token[d].as_deref().unwrap_or_default()),
            None => token[t].clone().unwrap_or_default(),
        })
        .collect();
    (tokens, refused)
}
