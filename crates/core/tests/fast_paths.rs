//! The fast-path gate (`Variant::fast_paths`) on catalogue variants and on a leg flag the
//! attack table once took for plain. Expected values: which rules each catalogue game has
//! is read from its definition (chess: moves and replacement capture only; shogi:
//! `promoFromZone`; atomic: a `captureMatrix` of `@` cells; xiangqi: the lame horse and the
//! cannon), and the move lists are worked out by hand from the diagrams in the comments.

use std::sync::Arc;

use fairyboard_core::{catalogue, Position, Variant};

#[test]
fn chess_takes_every_fast_path() {
    let paths = catalogue::load("chess").unwrap().fast_paths();
    assert_eq!(paths.plain_rules, Ok(()));
    assert_eq!(paths.bitboard, Ok(()));
    assert_eq!(paths.bitboard_moves, Ok(()));
    assert!(!paths.end_rules);
}

#[test]
fn refusals_name_their_reason() {
    let shogi = catalogue::load("shogi").unwrap().fast_paths();
    assert_eq!(shogi.plain_rules, Ok(()));
    // Shogi's tables answer attack questions; its moves stay with the generic generator.
    assert_eq!(shogi.bitboard, Ok(()));
    assert!(shogi.bitboard_moves.unwrap_err().contains("promoFromZone"));
    assert!(catalogue::load("shogi").unwrap().has_attack_sets());
    assert!(!catalogue::load("shogi").unwrap().has_bitboard_generator());

    let atomic = catalogue::load("atomic").unwrap().fast_paths();
    assert!(atomic.plain_rules.unwrap_err().contains("captureMatrix"));
    assert!(atomic.bitboard.is_err());
    assert!(atomic.end_rules);

    // Plain rules, but the horse's lame leap and the cannon's hop have no bitboard masks.
    let xiangqi = catalogue::load("xiangqi").unwrap().fast_paths();
    assert_eq!(xiangqi.plain_rules, Ok(()));
    assert!(xiangqi.bitboard.unwrap_err().contains("leg"));
}

/// A 4×4 board: kings, and a hunter that captures diagonally only while it stands one
/// square in front of its start square (`ii`); Black's hunter starts on c4.
fn hunters() -> Arc<Variant> {
    let text = "files=4\nranks=4\nroyal=1\npromoZone=0\nking:K:K::a1\nhunter:X:iicF::c1\n";
    Arc::new(Variant::from_definition("hunters", text).unwrap().0)
}

fn king_moves(fen: &str) -> Vec<String> {
    let v = hunters();
    let mut p = Position::from_fen(v.clone(), fen).unwrap();
    let mut m: Vec<String> = p.legal_moves().iter().map(|m| v.uci(m)).collect();
    m.sort();
    m
}

#[test]
fn a_hunter_away_from_its_start_attacks_nothing() {
    // 4 . . . k
    // 3 . x . .     x on b3: not one square in front of c4, so it captures nothing and
    // 2 . . . .     a2 is safe. The king may go to a2, b1 and b2.
    // 1 K . . .
    //   a b c d
    assert_eq!(
        king_moves("3k/1x2/4/K3 w - - 0 1"),
        ["a1a2", "a1b1", "a1b2"]
    );
}

#[test]
fn a_hunter_one_square_ahead_attacks_its_diagonals() {
    // 4 . . . k
    // 3 . . x .     x on c3, one square in front of c4: it attacks b2 and d2.
    // 2 . . . .     The king may go to a2 and b1, not b2.
    // 1 K . . .
    assert_eq!(king_moves("3k/2x1/4/K3 w - - 0 1"), ["a1a2", "a1b1"]);
}
