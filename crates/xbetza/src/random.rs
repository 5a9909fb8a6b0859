//! Random descriptors and boards, for differential tests of move generators against
//! [`reference_moves`](crate::reference_moves). Deterministic from a seed.
//!
//! ```
//! use xbetza::random::{descriptor, board, Rng};
//! let mut rng = Rng::new(7);
//! let d = descriptor(&mut rng);
//! let (b, from) = board(&mut rng);
//! assert!(b.on_board(from) && !d.is_empty());
//! ```

use crate::ast::Square;
use crate::reference::{Cell, EpInfo, RefBoard};

/// The generator these functions draw from (xorshift64, see [`crate::rng`]).
pub use crate::rng::Rng;

const ATOMS: &[&str] = &[
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "Q", "R", "B", "(1,3)", "FX", "NY",
];
const RANGES: &[&str] = &["", "", "", "", "0", "2", "3", "03", "02", "1"];
const DIRS_FIRST: &[&str] = &[
    "", "", "", "f", "b", "l", "r", "v", "s", "fs", "bs", "fr", "rf", "fl", "lv", "fh", "ff", "hr",
    "hl", "ffrr", "bh",
];
const DIRS_CONT: &[&str] = &[
    "", "", "", "f", "b", "l", "r", "v", "s", "fs", "bs", "fr", "fl", "rv", "z", "q", "fz", "fq",
    "fzf", "bz",
];
const MODS: &[&str] = &[
    "", "", "", "m", "c", "mc", "d", "cd", "p", "g", "y", "n", "j", "jj", "i", "t", "tp", "mp",
    "x", "u", "k", "ck", "e", "o", "ce", "mn",
];

fn simple(rng: &mut Rng) -> String {
    let atom = rng.pick(ATOMS);
    let legs = 1 + rng.below(3);
    let mut s = String::new();
    for k in 0..legs {
        if k > 0 {
            s.push('a');
            s.push_str(rng.pick(DIRS_CONT));
        } else {
            s.push_str(rng.pick(DIRS_FIRST));
        }
        s.push_str(rng.pick(MODS));
        if rng.chance(15) {
            s.push_str(rng.pick(MODS));
        }
    }
    s.push_str(atom);
    if !atom.starts_with('(') && rng.chance(10) && !atom.ends_with('X') && !atom.ends_with('Y') {
        s.push_str(atom);
    } else {
        s.push_str(rng.pick(RANGES));
    }
    s
}

fn term(rng: &mut Rng) -> String {
    match rng.below(20) {
        0 => format!("[{}{}{}]", simple(rng), rng.pick(&["-", "?"]), simple(rng)),
        1 => format!("[{}-{}?{}]", simple(rng), simple(rng), simple(rng)),
        2 => rng
            .pick(&[
                "zB", "qN", "zR", "zW3", "fzB", "czB", "qW", "qK", "zN", "mqF", "zQ", "zB2",
            ])
            .to_string(),
        3 => rng
            .pick(&[
                "isO2",
                "O",
                "KisO2",
                "ljsO2",
                "rO1",
                "sO3",
                "U",
                "mU",
                "cU",
                "I",
                "mO",
                "isO2",
                "KisO2",
                "fmWfceF",
                "fceFifmnD",
                "eQ",
                "mceK",
                "xN",
                "WxN",
                "xK",
                "mRxB",
                "xaxN",
                "cxQ",
            ])
            .to_string(),
        4 => rng
            .pick(&["afs(afz)W", "(afK)", "m(af)W", "fm(afm)R2", "(afsaf)F"])
            .to_string(),
        _ => simple(rng),
    }
}

/// A random descriptor of 1-3 terms over every atom, modifier and construct.
pub fn descriptor(rng: &mut Rng) -> String {
    let n = 1 + rng.below(3);
    (0..n).map(|_| term(rng)).collect()
}

/// The moves friends on a random board may have ([`RefBoard::types`]), lent to a mover
/// with a final `x` leg: leapers, sliders, hoppers, a pawn with e.p., multi-leg moves,
/// locusts, induction, castling (never lent), an imitator and borrowers of their own
/// (never chained).
const FRIEND_MOVES: &[&str] = &[
    "N",
    "K",
    "R",
    "B",
    "fmWfceFifmnD",
    "mRcpR",
    "gQ",
    "mafsW",
    "KisO2",
    "xN",
    "WxK",
    "NxaN",
    "I",
    "cdF",
    "O",
    "ucR",
    "fmFfcafmF",
    "iW2",
];

/// A random board (5x5..10x10, holes, both colours, royals, virgins, e.p., castling
/// partners, friends with moves to lend) and the mover's square.
pub fn board(rng: &mut Rng) -> (RefBoard, Square) {
    let files = 5 + rng.below(6) as i32;
    let ranks = 5 + rng.below(6) as i32;
    let mut b = RefBoard::new(files, ranks);
    let density = 5 + rng.below(40);
    for y in 0..ranks {
        for x in 0..files {
            if rng.below(100) < density {
                let royal = rng.chance(10);
                let virgin = rng.chance(50);
                let cell = match rng.below(9) {
                    0 => Cell::Off,
                    1..=4 => Cell::Friend { royal, virgin },
                    _ => Cell::Enemy { royal, virgin },
                };
                b.set((x, y), cell);
            }
        }
    }
    let from = (
        rng.below(files as usize) as i32,
        rng.below(ranks as usize) as i32,
    );
    b.set(
        from,
        Cell::Friend {
            royal: false,
            virgin: rng.chance(60),
        },
    );
    let ahead = rng.chance(30);
    // Castling partners on the mover's rank now and then, often with a clear lane.
    if rng.chance(20) {
        if rng.chance(60) {
            for x in 1..files - 1 {
                if x != from.0 {
                    b.set((x, from.1), Cell::Empty);
                }
            }
        }
        b.set(
            (0, from.1),
            Cell::Friend {
                royal: false,
                virgin: true,
            },
        );
        b.set(
            (files - 1, from.1),
            Cell::Friend {
                royal: false,
                virgin: true,
            },
        );
    }
    if rng.chance(25) {
        let e1 = if rng.chance(50) {
            // diagonally in front of the mover, where pawns capture
            let dx = if rng.chance(50) { 1 } else { -1 };
            (
                (from.0 + dx).clamp(0, files - 1),
                (from.1 + 1).clamp(0, ranks - 1),
            )
        } else {
            (
                rng.below(files as usize) as i32,
                rng.below(ranks as usize) as i32,
            )
        };
        let e2 = (e1.0, (e1.1 + 1).min(ranks - 1));
        let victim = (e1.0, (e1.1 - 1).max(0));
        // The piece an e.p. capture removes is an enemy, as in any real position.
        if b.get(e1) == Cell::Empty && e1 != from && victim != from && victim != e1 {
            b.set(
                victim,
                Cell::Enemy {
                    royal: false,
                    virgin: false,
                },
            );
            b.ep = Some(EpInfo {
                squares: vec![e1, e2],
                victim,
            });
        }
    }
    // `ii` moves: the mover stands one square in front of its start square, which is then
    // empty (the piece left it).
    b.mover_ahead = ahead && from.1 > 0 && b.get((from.0, from.1 - 1)) == Cell::Empty;
    // Most friends get moves to lend, often all the same ones.
    let common = rng.pick(FRIEND_MOVES);
    for y in 0..ranks {
        for x in 0..files {
            if (x, y) != from && matches!(b.get((x, y)), Cell::Friend { .. }) && rng.chance(70) {
                let moves = if rng.chance(50) {
                    common
                } else {
                    rng.pick(FRIEND_MOVES)
                };
                b.types.insert((x, y), moves.to_string());
            }
        }
    }
    (b, from)
}
