//! Checkmate and stalemate detection on hand-checked positions.

use fairyboard_core::{catalogue, Position, Status};

fn pos(variant: &str, fen: &str) -> Position {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    Position::from_fen(catalogue::load(variant).unwrap(), fen).unwrap()
}

#[test]
fn fools_mate_is_checkmate() {
    // 1.f3 e5 2.g4 Qh4#: the white king has no square and nothing can block or capture.
    let mut p = pos(
        "chess",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    );
    assert_eq!(p.status(), Status::Checkmate);
}

#[test]
fn king_in_the_corner_is_stalemate() {
    // Black king a8, white queen b6, white king c8... here: Qb6 covers a7, b7, b8; a8 is not attacked.
    let mut p = pos("chess", "k7/8/1Q6/8/8/8/8/2K5 b - - 0 1");
    assert_eq!(p.status(), Status::Stalemate);
}

#[test]
fn check_with_an_escape_is_ongoing() {
    let mut p = pos("chess", "k7/8/8/8/8/8/8/R3K3 b Q - 0 1");
    assert!(p.in_check());
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn xiangqi_flying_general_helps_checkmate() {
    // Black general e10 in check from the chariot on a10 (b10-d10 empty). Its steps: d10
    // (on the rank, and on the open d-file of the red general on d1: flying general), f10
    // (the chariot sees through e10 once the general leaves), e9 (the chariot on a9).
    let mut p = pos("xiangqi", "R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert_eq!(p.status(), Status::Checkmate);
    // Without the a9 chariot, e9 is free.
    let mut p = pos("xiangqi", "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert_eq!(p.status(), Status::Ongoing);
}
