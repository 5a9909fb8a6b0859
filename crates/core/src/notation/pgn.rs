//! Game records: movetext (numbered SAN, `1. e4 e5 2. Nf3`) written and read, and whole
//! games in PGN, the Portable Game Notation (Steven J. Edwards' 1994 specification,
//! <https://www.saremba.de/chessgml/standards/pgn/pgn-complete.htm>): tag pairs, then the
//! movetext ending in the result, in export format (lines of at most 79 characters).
//!
//! Moves are written with [`Position::san`] and read with [`Position::parse_move`], so a
//! record this module writes reads back to the same moves in any variant.
//!
//! ```
//! use fairyboard_core::{catalogue, pgn, Position};
//! let start = Position::start(catalogue::load("chess").unwrap());
//! let read = pgn::read_movetext(&start, "1. f3 e5 2. g4 Qh4# 0-1");
//! assert!(read.error.is_none());
//! assert_eq!(pgn::movetext(&start, &read.moves), "1. f3 e5 2. g4 Qh4#");
//! ```

use crate::notation::NotationError;
use crate::position::moves::Move;
use crate::position::Position;
use crate::variant::Color;

/// The moves of `moves`, played from `start`, as numbered SAN: `1. e4 e5 2. Nf3`, and
/// `5... Qh4` for a record that starts with Black to move.
pub fn movetext(start: &Position, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    let mut number = pos.fullmove_number();
    for (i, m) in moves.iter().enumerate() {
        let white = pos.side_to_move() == Color::White;
        if white {
            out += &format!("{number}. ");
        } else if i == 0 {
            out += &format!("{number}... ");
        }
        out += &pos.san(m);
        out.push(' ');
        pos.make(m);
        if !white {
            number += 1;
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// What [`read_movetext`] made of a text: the moves up to the first one that does not
/// fit, and why that one does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movetext {
    pub moves: Vec<Move>,
    /// The first token that names no legal move, with its reason (the move number in the
    /// record, 1-based, is `moves.len() + 1`).
    pub error: Option<NotationError>,
}

/// The results a PGN movetext may end with.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Read a movetext (or a whole PGN game) from `start`: SAN or coordinate moves, with
/// move numbers (`12.`, `12...`), tag pairs (`[Event "…"]`), comments (`{…}`, `; …` to the
/// end of the line), variations (`(…)`), numeric annotation glyphs (`$1`) and results
/// skipped. Stops at the first move that does not fit.
pub fn read_movetext(start: &Position, text: &str) -> Movetext {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for token in tokens(text) {
        match pos.parse_move(token) {
            Ok(m) => {
                pos.make(&m);
                moves.push(m);
            }
            Err(error) => {
                return Movetext {
                    moves,
                    error: Some(error),
                }
            }
        }
    }
    Movetext { moves, error: None }
}

/// The move tokens of a movetext, everything else left out.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    // Nesting depth of `(…)` variations; a `{…}` comment, `[…]` tag or `;` comment is
    // skipped by moving `rest` past it.
    let mut depth = 0usize;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let skip_to = |end: char| rest.find(end).map_or(rest.len(), |i| i + end.len_utf8());
        let cut = match c {
            '{' => skip_to('}'),
            '[' => tag_len(rest),
            ';' => skip_to('\n'),
            '(' => {
                depth += 1;
                1
            }
            ')' => {
                depth = depth.saturating_sub(1);
                1
            }
            // Whitespace, and a stray closing bracket or brace.
            c if c.is_whitespace() || c == '}' || c == ']' => c.len_utf8(),
            _ => {
                let end = rest
                    .find(|c: char| c.is_whitespace() || "{}[]();".contains(c))
                    .unwrap_or(rest.len());
                let word = strip_move_number(&rest[..end]);
                if depth == 0
                    && !word.is_empty()
                    && !word.starts_with('$')
                    && !RESULTS.contains(&word)
                {
                    out.push(word);
                }
                end
            }
        };
        rest = &rest[cut..];
    }
    out
}

/// The length of the tag pair `[Name "value"]` at the start of `text`: up to the first `]`
/// outside the quoted value (where `\"` is a quote), or all of `text`.
fn tag_len(text: &str) -> usize {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return i + 1,
            _ => {}
        }
    }
    text.len()
}

/// `12.e4` → `e4`, `12...` → ``; anything else as it is.
fn strip_move_number(token: &str) -> &str {
    let after = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if after.len() < token.len() && after.starts_with('.') {
        after.trim_start_matches('.')
    } else {
        token
    }
}

/// One game in PGN: `tags` in the order given (the caller's Seven Tag Roster and more),
/// `SetUp`/`FEN` added when `start` is not the variant's own start, then the movetext and
/// `result` (`1-0`, `0-1`, `1/2-1/2` or `*`), wrapped to lines of at most 79 characters,
/// and a blank line.
pub fn write_pgn(tags: &[(&str, &str)], start: &Position, moves: &[Move], result: &str) -> String {
    let mut out = String::new();
    let fen = start.to_fen();
    let standard = Position::start(start.variant().clone()).to_fen() == fen;
    let setup = [("SetUp", "1"), ("FEN", fen.as_str())];
    let extra: &[(&str, &str)] = if standard { &[] } else { &setup };
    for (name, value) in tags.iter().chain(extra) {
        // Inside a PGN string, `\` and `"` are escaped with a backslash.
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out += &format!("[{name} \"{value}\"]\n");
    }
    out.push('\n');
    let body = movetext(start, moves);
    let mut line_len = 0;
    for word in body.split_whitespace().chain([result]) {
        if line_len > 0 && line_len + 1 + word.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out += word;
        line_len += word.len();
    }
    out += "\n\n";
    out
}
