//! Reader of the shared test-vector table (`crates/xbetza/tests/vectors.txt`).
//!
//! One case per line, `#` starts a comment line:
//!
//! ```text
//! DESCRIPTOR | WxH | FROM | PIECES | EXPECTED
//! ```
//!
//! * `WxH`: board size, e.g. `8x8`.
//! * `FROM`: the mover's square; the mover is a White, non-royal piece, virgin unless
//!   `moved` is listed.
//! * `PIECES`: space-separated, `-` for none: `w:d6` (White piece), `b:d8` (Black piece),
//!   `wk:e1` / `bk:e5` (royal), `hole:e4`, `moved` (the mover has moved), `moved:h1` (the
//!   piece on h1 has moved; list it after the piece), `ep:d6/d5` (e.p. square(s) — several
//!   joined by `,` — and the square of the piece an e.p. capture removes), `ahead` (the mover
//!   stands one square in front of its initial square, for `ii`). All listed pieces are
//!   virgin unless marked `moved:`. A piece may carry its moves, `w:e6=N` (a White knight;
//!   see [`RefBoard::types`]): friends reached by a final `x` leg lend them. A piece
//!   without moves lends nothing.
//! * `EXPECTED`: space-separated tokens, `-` for none. A token is the destination square,
//!   preceded by the squares of locust victims (`e5,d4` = capture e5, end on d4) and followed
//!   by `/victim` for an e.p. capture, `^square` for an unload square and `&square` for an
//!   induced friend. Castling moves are written as the mover's destination.
//!
//! ```
//! use xbetza::vectors::parse_vector_line;
//! let case = parse_vector_line("N | 8x8 | a1 | - | b3 c2", 1).unwrap().unwrap();
//! assert_eq!(case.from, (0, 0));
//! assert_eq!(case.expected.len(), 2);
//! ```

use std::collections::BTreeSet;

use crate::ast::Square;
use crate::reference::{parse_square, Cell, EpInfo, RefBoard, RefMove};

/// One line of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VectorCase {
    /// 1-based line number.
    pub line: usize,
    pub descriptor: String,
    pub board: RefBoard,
    pub from: Square,
    pub expected: BTreeSet<String>,
}

fn sq(s: &str, line: usize) -> Result<Square, String> {
    parse_square(s).ok_or_else(|| format!("line {line}: bad square '{s}'"))
}

/// Parse one line; `Ok(None)` for blank and comment lines.
pub fn parse_vector_line(text: &str, line: usize) -> Result<Option<VectorCase>, String> {
    let t = text.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    let cols: Vec<&str> = t.split('|').map(str::trim).collect();
    let [desc, size, from, pieces, expected] = cols.as_slice() else {
        return Err(format!("line {line}: expected 5 columns separated by '|'"));
    };
    let (w, h) = size
        .split_once('x')
        .ok_or_else(|| format!("line {line}: bad board size '{size}'"))?;
    let w: i32 = w
        .parse()
        .map_err(|_| format!("line {line}: bad board width '{w}'"))?;
    let h: i32 = h
        .parse()
        .map_err(|_| format!("line {line}: bad board height '{h}'"))?;
    let mut board = RefBoard::new(w, h);
    let from = sq(from, line)?;
    if !board.on_board(from) {
        return Err(format!("line {line}: FROM is off the board"));
    }
    board.set(
        from,
        Cell::Friend {
            royal: false,
            virgin: true,
        },
    );
    for tok in pieces.split_whitespace().filter(|&p| p != "-") {
        if tok == "moved" {
            board.set(
                from,
                Cell::Friend {
                    royal: false,
                    virgin: false,
                },
            );
            continue;
        }
        if tok == "ahead" {
            board.mover_ahead = true;
            continue;
        }
        let (kind, rest) = tok
            .split_once(':')
            .ok_or_else(|| format!("line {line}: bad piece token '{tok}'"))?;
        match kind {
            "w" | "wk" | "b" | "bk" => {
                let (at, moves) = match rest.split_once('=') {
                    Some((at, moves)) if !moves.is_empty() => (at, Some(moves)),
                    Some(_) => return Err(format!("line {line}: empty moves in '{tok}'")),
                    None => (rest, None),
                };
                let s = sq(at, line)?;
                if let Some(moves) = moves {
                    board.types.insert(s, moves.to_string());
                }
                let royal = kind.ends_with('k');
                let cell = if kind.starts_with('w') {
                    Cell::Friend {
                        royal,
                        virgin: true,
                    }
                } else {
                    Cell::Enemy {
                        royal,
                        virgin: true,
                    }
                };
                board.set(s, cell);
            }
            "hole" => board.set(sq(rest, line)?, Cell::Off),
            "moved" => {
                let s = sq(rest, line)?;
                let cell = match board.get(s) {
                    Cell::Friend { royal, .. } => Cell::Friend {
                        royal,
                        virgin: false,
                    },
                    Cell::Enemy { royal, .. } => Cell::Enemy {
                        royal,
                        virgin: false,
                    },
                    other => other,
                };
                board.set(s, cell);
            }
            "ep" => {
                let (squares, victim) = rest
                    .split_once('/')
                    .ok_or_else(|| format!("line {line}: bad e.p. token '{tok}'"))?;
                let squares = squares
                    .split(',')
                    .map(|s| sq(s, line))
                    .collect::<Result<Vec<_>, _>>()?;
                board.ep = Some(EpInfo {
                    squares,
                    victim: sq(victim, line)?,
                });
            }
            _ => return Err(format!("line {line}: unknown piece token '{tok}'")),
        }
    }
    let expected = expected
        .split_whitespace()
        .filter(|&e| e != "-")
        .map(str::to_string)
        .collect();
    Ok(Some(VectorCase {
        line,
        descriptor: desc.to_string(),
        board,
        from,
        expected,
    }))
}

/// Parse a whole table.
pub fn parse_vector_file(text: &str) -> Result<Vec<VectorCase>, String> {
    let mut out = Vec::new();
    for (k, l) in text.lines().enumerate() {
        if let Some(c) = parse_vector_line(l, k + 1)? {
            out.push(c);
        }
    }
    Ok(out)
}

/// The tokens of a move set, for comparison with [`VectorCase::expected`].
pub fn tokens(moves: &BTreeSet<RefMove>) -> BTreeSet<String> {
    moves.iter().map(RefMove::token).collect()
}
