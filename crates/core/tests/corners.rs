//! Far corners of XBetza in whole positions: moves that take several pieces on the way, an
//! e.p. capture after a locust capture, and the e.p. square reached with `m` and `e`. The
//! expected moves are worked out by hand on the boards drawn in each test; making and
//! unmaking each move must remove exactly the pieces named and restore the position.

use std::sync::Arc;

use fairyboard_core::{MoveKind, MoveList, Position, Variant};

/// A White `locust` (`cafcafcafcafW`: takes up to four pieces in a file), a `hopper`
/// (`caeF`: takes a piece diagonally, then goes on diagonally with an e.p. capture only) and
/// a `walker` (`meF`: diagonal steps to empty squares, or e.p. captures).
const DEFINITION: &str = "files=8\nranks=8\nroyal=1\n\
    king:K:K::e1\nlocust:L:cafcafcafcafW::a1\nhopper:H:caeF::d4\nwalker:Y:meF::h1\n\
    pawn:P:fmWfceFifmnD::\nsergeant:S:mFceF::\n";

fn variant() -> Arc<Variant> {
    let (v, warnings) = Variant::from_definition("corners", DEFINITION).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    Arc::new(v)
}

fn legal(pos: &mut Position) -> MoveList {
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    list
}

/// The legal moves of the piece on `sq`, in coordinate notation, sorted.
fn moves_of(pos: &mut Position, sq: &str) -> Vec<String> {
    let v = pos.variant().clone();
    let from = v.square(sq.parse().unwrap());
    let mut out: Vec<String> = legal(pos)
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| v.uci(m))
        .collect();
    out.sort();
    out
}

/// Make the move written `uci`, check the position after it, unmake it, check the
/// position is back.
fn make_and_back(pos: &mut Position, uci: &str, after: &str) {
    let before = (pos.to_fen(), pos.hash());
    let m = pos.parse_uci(uci).unwrap();
    let undo = pos.make(&m);
    assert_eq!(pos.to_fen(), after, "after {uci}");
    pos.unmake(&m, undo);
    assert_eq!((pos.to_fen(), pos.hash()), before, "after unmaking {uci}");
}

/// Black pawns on a2..a5 in front of the locust on a1 (White king e1, Black king h8): it
/// takes all four and lands on a6, in one move written leg by leg.
#[test]
fn four_locust_victims_in_one_move() {
    let fen = "7k/8/8/p7/p7/p7/p7/L3K3 w - - 0 1";
    let mut pos = Position::from_fen(variant(), fen).unwrap();
    assert_eq!(moves_of(&mut pos, "a1"), ["a1a2,a2a3,a3a4,a4a5,a5a6"]);
    make_and_back(
        &mut pos,
        "a1a2,a2a3,a3a4,a4a5,a5a6",
        "7k/8/L7/8/8/8/8/4K3 b - - 0 1",
    );
}

/// Black pawns on e5 and f5, f5 having just made its double step (e.p. square f6): the
/// hopper on d4 takes e5 and lands on f6, taking f5 e.p. Its other diagonal neighbours are
/// empty, so that is its only move.
#[test]
fn an_en_passant_capture_after_a_locust_capture() {
    let fen = "7k/8/8/4pp2/3H4/8/8/4K3 w - f6 0 1";
    let mut pos = Position::from_fen(variant(), fen).unwrap();
    assert_eq!(moves_of(&mut pos, "d4"), ["d4e5,e5f6"]);
    let m = pos.parse_uci("d4e5,e5f6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
    make_and_back(&mut pos, "d4e5,e5f6", "7k/8/5H2/8/8/8/8/4K3 b - - 0 1");
}

/// The walker on e5 next to a Black pawn that just went d7-d5 (e.p. square d6): d6 is one
/// move, the e.p. capture; d4, f4 and f6 are plain steps.
#[test]
fn the_en_passant_square_is_one_move() {
    let fen = "7k/8/8/3pY3/8/8/8/4K3 w - d6 0 1";
    let mut pos = Position::from_fen(variant(), fen).unwrap();
    assert_eq!(moves_of(&mut pos, "e5"), ["e5d4", "e5d6", "e5f4", "e5f6"]);
    make_and_back(&mut pos, "e5d6", "7k/8/3Y4/8/8/8/8/4K3 b - - 0 1");
}

/// The same with the plain move and the e.p. capture in different terms (`mFceF`), in the
/// bit-set and the generic generator, and in the count.
#[test]
fn the_en_passant_square_is_one_move_across_terms() {
    let fen = "7k/8/8/3pS3/8/8/8/4K3 w - d6 0 1";
    let mut pos = Position::from_fen(variant(), fen).unwrap();
    assert_eq!(moves_of(&mut pos, "e5"), ["e5d4", "e5d6", "e5f4", "e5f6"]);
    let mut generic = MoveList::new();
    pos.legal_moves_generic_into(&mut generic);
    let mut scratch = MoveList::new();
    let n = legal(&mut pos).len();
    assert_eq!((generic.len(), pos.count_legal(&mut scratch)), (n, n));
    let m = pos.parse_uci("e5d6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
}

/// Six locust legs can take six pieces, more than a move carries: the definition builds,
/// and the warning names the line, the piece and the reason.
#[test]
fn more_victims_than_a_move_carries_is_a_warning() {
    let text = "royal=1\nking:K:K::e1\nglutton:G:cafcafcafcafcafcafW::a1\n";
    let (_, warnings) = Variant::from_definition("glutton", text).unwrap();
    assert!(
        warnings.iter().any(|w| w.to_string().contains("line 3")
            && w.to_string().contains("'glutton'")
            && w.to_string().contains("more than 5 pieces")),
        "{warnings:?}"
    );
}
