//! Move borrowing (a final `x` leg) in whole positions: borrowed moves attack like any other
//! move, so check, king moves and the legality of every move see them. Expected move lists
//! are worked out by hand (board and reasoning in each test); a brute-force legality oracle
//! (a move is illegal when some reply captures a royal) checks the generator below them.

use std::sync::Arc;

use fairyboard_core::{Color, MoveKind, MoveList, Position, Variant};

/// `Y` moves as a wazir and borrows the moves of any friend a knight's leap away (`WxN`).
const DEFINITION: &str = "files=8\nranks=8\nroyal=1\n\
    king:K:K::e1\nknight:N:N::b1\nrook:R:R::a1\nrelay:Y:WxN::d1\nferz:F:F::c1\n";

fn variant() -> Arc<Variant> {
    let (v, warnings) = Variant::from_definition("relay", DEFINITION).unwrap();
    // Borrowing is generated: no "not generated yet" warning for `x` any more.
    assert!(warnings.is_empty(), "{warnings:?}");
    Arc::new(v)
}

fn position(fen: &str) -> Position {
    Position::from_fen(variant(), fen).unwrap()
}

fn sorted(pos: &Position, list: &MoveList) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|m| pos.variant().uci(m)).collect();
    out.sort();
    out
}

fn legal(pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let generic = {
        let mut g = MoveList::new();
        pos.legal_moves_generic_into(&mut g);
        sorted(pos, &g)
    };
    let moves = sorted(pos, &list);
    assert_eq!(moves, generic, "bitboard and generic generators differ");
    let mut scratch = MoveList::new();
    assert_eq!(pos.count_legal(&mut scratch), moves.len(), "count_legal");
    moves
}

/// The moves of the piece on `sq` (pseudo-legal), as destination squares.
fn targets(pos: &Position, sq: &str) -> Vec<String> {
    let v = pos.variant().clone();
    let mut list = MoveList::new();
    pos.moves_from(v.square(sq.parse().unwrap()), &mut list);
    let mut out: Vec<String> = list.iter().map(|m| v.coord(m.to()).to_string()).collect();
    out.sort();
    out
}

/// Legal moves by brute force: a pseudo-legal move is legal unless some pseudo-legal reply
/// captures one of the mover's royals (on its destination or as a locust victim).
fn brute_legal(pos: &Position) -> Vec<String> {
    let us = pos.side_to_move();
    let mut pseudo = MoveList::new();
    pos.pseudo_moves_into(&mut pseudo);
    let mut out = Vec::new();
    for m in &pseudo {
        let mut after = pos.clone();
        after.make(m);
        let royals: Vec<u16> = after.royals(us).iter().map(|r| r.pack()).collect();
        let mut replies = MoveList::new();
        after.pseudo_moves_into(&mut replies);
        let captured = replies.iter().any(|r| {
            r.kind != MoveKind::Castle
                && royals.iter().any(|&k| r.to == k || r.locust().contains(&k))
        });
        if !captured {
            out.push(pos.variant().uci(m));
        }
    }
    out.sort();
    out
}

/// The generator agrees with the brute-force oracle on every node down to `depth`.
fn agree_below(pos: &mut Position, depth: u32) {
    assert_eq!(legal(pos), brute_legal(pos), "at {}", pos.to_fen());
    if depth == 0 {
        return;
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    for m in &list {
        let undo = pos.make(m);
        agree_below(pos, depth - 1);
        pos.unmake(m, undo);
    }
}

// Board of the first tests (White: K a1, Y d4, N e6; Black: K f5):
//
//   8 . . . . . . . .
//   7 . . . . . . . .
//   6 . . . . N . . .      N e6 attacks c5 c7 d4 d8 f4 f8 g5 g7
//   5 . . . . . k . .      Y d4: wazir c4 d3 d5 e4; borrowed knight moves from d4 (the
//   4 . . . Y . . . .      knight on e6 is a knight's leap away): b3 b5 c2 c6 e2 f3 f5
//   3 . . . . . . . .      K a1: a2 b1 b2
//   2 . . . . . . . .
//   1 K . . . . . . .
//     a b c d e f g h
const CHECK: &str = "8/8/4N3/5k2/3Y4/8/8/K7 b - - 0 1";

#[test]
fn the_relay_moves_as_its_friend() {
    let pos = position(CHECK);
    // Wazir steps plus the knight's moves from d4; f5 is the black king (a capture).
    assert_eq!(
        targets(&pos, "d4"),
        ["b3", "b5", "c2", "c4", "c6", "d3", "d5", "e2", "e4", "f3", "f5"]
    );
}

#[test]
fn a_borrowed_move_gives_check() {
    let mut pos = position(CHECK);
    // f5 is attacked only by the knight move Y borrows from e6.
    assert!(pos.in_check());
    // King moves from f5: e4 (wazir of Y) f4 g5 (knight e6) stay attacked; e5 f6 g4 g6 are
    // free, and so is e6: capturing the lender also ends the borrowed attacks.
    assert_eq!(legal(&mut pos), ["f5e5", "f5e6", "f5f6", "f5g4", "f5g6"]);
    agree_below(&mut pos, 2);
}

#[test]
fn moving_the_lender_into_place_gives_check() {
    // The knight on g5 (d4 to g5 is no knight's leap) lends nothing yet: no check.
    let mut pos = position("8/8/8/5kN1/3Y4/8/8/K7 w - - 0 1");
    let black_to_move = position("8/8/8/5kN1/3Y4/8/8/K7 b - - 0 1");
    assert!(!black_to_move.in_check());
    // Ng5-e6 puts the lender a knight's leap from d4: black is then in check (the CHECK
    // position).
    let m = pos.parse_uci("g5e6").unwrap();
    pos.make(&m);
    assert!(pos.in_check());
    assert_eq!(legal(&mut pos), ["f5e5", "f5e6", "f5f6", "f5g4", "f5g6"]);
}

#[test]
fn the_king_may_not_step_into_a_borrowed_attack() {
    // Black K g3, not in check. Its steps: f3 is attacked only through the knight move Y
    // borrows (d4-f3), f4 by the knight e6 itself; f2 g2 g4 h2 h3 h4 are free.
    let mut pos = position("8/8/4N3/8/3Y4/6k1/8/K7 b - - 0 1");
    assert!(!pos.in_check());
    assert_eq!(
        legal(&mut pos),
        ["g3f2", "g3g2", "g3g4", "g3h2", "g3h3", "g3h4"]
    );
    agree_below(&mut pos, 2);
    // With the knight on e7 (no knight's leap from d4) nothing is lent: f3 is free, and so is
    // f4 (e7 attacks c6 c8 d5 f5 g6 g8).
    let mut pos = position("8/4N3/8/8/3Y4/6k1/8/K7 b - - 0 1");
    assert_eq!(
        legal(&mut pos),
        ["g3f2", "g3f3", "g3f4", "g3g2", "g3g4", "g3h2", "g3h3", "g3h4"]
    );
}

#[test]
fn capturing_the_lender_answers_the_check() {
    // White: K f4, R e1. Black: K h8, Y d5, N e7 (a knight's leap from d5: it lends).
    //
    //   8 . . . . . . . k
    //   7 . . . . n . . .      n e7 attacks c6 c8 d5 f5 g6 g8
    //   6 . . . . . . . .      y d5: wazir c5 d4 d6 e5; borrowed knight moves from d5:
    //   5 . . . y . . . .      b4 b6 c3 c7 e3 e7 f4 f6 -- f4: White is in check
    //   4 . . . . . K . .
    //   3 . . . . . . . .
    //   2 . . . . . . . .
    //   1 . . . . R . . .
    //     a b c d e f g h
    //
    // King steps: e3 (borrowed knight) e5 (wazir) f5 (knight e7) stay attacked; e4 f3 g3 g4
    // g5 are free. A knight's check cannot be blocked, but Rxe7 removes the lender, and with
    // it the check. No other rook move helps.
    let mut pos = position("7k/4n3/8/3y4/5K2/8/8/4R3 w - - 0 1");
    assert!(pos.in_check());
    assert_eq!(
        legal(&mut pos),
        ["e1e7", "f4e4", "f4f3", "f4g3", "f4g4", "f4g5"]
    );
    agree_below(&mut pos, 2);
}

#[test]
fn two_lenders_and_borrowed_captures() {
    // White: K a1, Y d4, R e6 and F b3 (both a knight's leap from d4). Black: K h8, rooks
    // on d7 and g4.
    //
    //   8 . . . . . . . k
    //   7 . . . r . . . .
    //   6 . . . . R . . .
    //   5 . . . . . . . .
    //   4 . . . Y . . r .
    //   3 . F . . . . . .
    //   2 . . . . . . . .
    //   1 K . . . . . . .
    //     a b c d e f g h
    //
    // Y: wazir c4 d3 d5 e4; the rook on e6 lends d5 d6, the capture d7, d3 d2 d1, c4 b4 a4,
    // e4 f4 and the capture g4; the ferz on b3 lends c3 c5 e3 e5.
    let pos = position("7k/3r4/4R3/8/3Y2r1/1F6/8/K7 w - - 0 1");
    assert_eq!(
        targets(&pos, "d4"),
        [
            "a4", "b4", "c3", "c4", "c5", "d1", "d2", "d3", "d5", "d6", "d7", "e3", "e4", "e5",
            "f4", "g4"
        ]
    );
    let mut pos = pos;
    agree_below(&mut pos, 2);
}

#[test]
fn a_pinned_lender() {
    // White: K e1, Y d4, R e6. Black: K a8, R e8. The White rook lends to Y (a knight's
    // leap from d4) and stands between the black rook and the White king: it may only move
    // along the e-file.
    //
    //   8 k . . . r . . .
    //   6 . . . . R . . .
    //   4 . . . Y . . . .
    //   1 . . . . K . . .
    //
    // Legal: Re6 along the file (e7, the capture e8, e5 e4 e3 e2); Y's wazir steps c4 d3 d5
    // e4 and the rook moves it borrows from d4 (a4 b4 c4, d1 d2 d3, d5 d6 d7 d8, e4 f4 g4
    // h4) -- Y is not pinned; the king's e1 steps d1 d2 e2 f1 f2 (none attacked: the rook on
    // e8 is screened by e6).
    let mut pos = position("k3r3/8/4R3/8/3Y4/8/8/4K3 w - - 0 1");
    assert_eq!(
        legal(&mut pos),
        [
            "d4a4", "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "d4d8", "d4e4",
            "d4f4", "d4g4", "d4h4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e6e2", "e6e3", "e6e4",
            "e6e5", "e6e7", "e6e8"
        ]
    );
    agree_below(&mut pos, 2);
}

#[test]
fn white_and_black_borrow_alike() {
    // The CHECK position mirrored (colours swapped, ranks flipped): Black's relay on d5 with
    // its knight on e3 checks the White king on f4.
    let mut pos = position("k7/8/8/3y4/5K2/4n3/8/8 w - - 0 1");
    assert!(pos.in_check());
    assert_eq!(legal(&mut pos), ["f4e3", "f4e4", "f4f3", "f4g3", "f4g5"]);
    assert_eq!(pos.side_to_move(), Color::White);
}
