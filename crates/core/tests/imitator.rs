//! The imitator `I` moves as the piece that made the last move (expected targets by hand).

use std::sync::Arc;

use fairyboard_core::{MoveList, Position, Variant};

const DEFINITION: &str =
    "files=8\nranks=8\nroyal=1\nking:K:K::e1\nknight:N:N::b1\nimitator:I:I::d4\n";

fn targets_after(black_move: &str) -> Vec<String> {
    let (v, _) = Variant::from_definition("imitator", DEFINITION).unwrap();
    let v = Arc::new(v);
    let mut pos = Position::from_fen(v.clone(), "4k3/8/8/1n6/3I4/8/8/4K3 b - - 0 1").unwrap();
    let m = pos.parse_uci(black_move).unwrap();
    pos.make(&m);
    let d4 = v.square("d4".parse().unwrap());
    let mut list = MoveList::new();
    pos.moves_from(d4, &mut list);
    let mut out: Vec<String> = list.iter().map(|m| v.coord(m.to()).to_string()).collect();
    out.sort();
    out
}

#[test]
fn imitates_the_last_moved_piece() {
    // After a black knight move the imitator on d4 leaps like a knight...
    assert_eq!(
        targets_after("b5c7"),
        ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    );
    // ...and after a black king move it steps like a king.
    assert_eq!(
        targets_after("e8d8"),
        ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    );
}

#[test]
fn nothing_to_imitate_at_the_start() {
    let (v, _) = Variant::from_definition("imitator", DEFINITION).unwrap();
    let v = Arc::new(v);
    let pos = Position::start(v.clone());
    let mut list = MoveList::new();
    pos.moves_from(v.square("d4".parse().unwrap()), &mut list);
    assert!(list.is_empty());
}
