//! Falcon Chess (`variants/falcon.txt`): Fairy-Stockfish has no multi-path piece, so the
//! falcon is checked against counts worked out by hand from the rule (chessvariants.com
//! "Falcon Chess"; H. G. Muller's summary there: the (1,3) and (2,3) squares, each by any of
//! the three shortest paths of king steps, blocked only when all three are).

use fairyboard_core::{catalogue, Position};

/// The legal moves from `from`, as UCI strings, sorted.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let v = catalogue::load("falcon").unwrap();
    let mut p = Position::from_fen(v.clone(), fen).unwrap();
    let mut m: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| v.uci(m))
        .filter(|m| m.starts_with(from))
        .collect();
    m.sort();
    m
}

fn list(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn the_start_position_has_twenty_four_moves() {
    // Ten pawns with one and two steps (20) and two knights with two squares each (4).
    // Every falcon path from d1 and g1 begins on a neighbour, all of them occupied.
    let v = catalogue::load("falcon").unwrap();
    let mut p = Position::start(v);
    assert_eq!(p.legal_moves().len(), 24);
}

#[test]
fn a_falcon_on_an_open_board_reaches_sixteen_squares_once_each() {
    // Falcon e4, kings a1 and j8: (±1,±3), (±2,±3), (±3,±1), (±3,±2) from e4 are all on
    // the 10x8 board; each is one move though three paths lead there.
    let fen = "9k/10/10/10/4F5/10/10/K9 w - - 0 1";
    let want = "e4f7 e4d7 e4f1 e4d1 e4h5 e4b5 e4h3 e4b3 \
                e4g7 e4c7 e4g1 e4c1 e4h6 e4b6 e4h2 e4b2";
    assert_eq!(moves_from(fen, "e4"), list(want));
}

#[test]
fn a_falcon_square_is_lost_only_when_all_three_paths_are_blocked() {
    // Own knights on e5 and f6. The paths to f7 are e5-e6, e5-f6 and f5-f6: all blocked.
    // g7 stays open by f5-g6, d7 by d5-d6; no other path needs e5 or f6 alone.
    let fen = "9k/10/5N4/4N5/4F5/10/10/K9 w - - 0 1";
    let want = "e4d7 e4f1 e4d1 e4h5 e4b5 e4h3 e4b3 \
                e4g7 e4c7 e4g1 e4c1 e4h6 e4b6 e4h2 e4b2";
    assert_eq!(moves_from(fen, "e4"), list(want));
    // An enemy piece on a path square blocks it too, and is not captured on the way: with
    // black pawns on e5 and f6 the falcon still cannot reach f7, nor take e5 or f6.
    let fen = "9k/10/5p4/4p5/4F5/10/10/K9 w - - 0 1";
    assert_eq!(moves_from(fen, "e4"), list(want));
}

#[test]
fn castling_moves_the_king_three_squares() {
    // King f1, rooks a1 and j1, nothing between: f1-c1 and f1-i1.
    let fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let got = moves_from(fen, "f1");
    assert!(got.contains(&"f1c1".to_string()), "{got:?}");
    assert!(got.contains(&"f1i1".to_string()), "{got:?}");
}
