//! The move-diagram kinds a rules page needs beyond the live marks (`Probe::diagram`):
//! initial-only targets, castling, a lame leaper's blocking squares, and hops that move
//! against hops that capture. Expected squares are counted by hand on an 8x8 board from
//! the pieces' rules: the chess pawn's double step (FIDE Laws 3.7), the king's castling
//! two squares towards the rook (FIDE Laws 3.8), the xiangqi horse and elephant blocked on
//! the square next to them ("hobbling the horse", "blocking the elephant's eye", see
//! <https://www.chessvariants.com/xiangqi.html>), the cannon capturing over one screen and
//! the grasshopper landing right behind its hurdle
//! (<https://www.chessvariants.com/piececlopedia.dir/grasshopper.html>).

use std::collections::BTreeSet;

use fairyboard_core::explore::Probe;
use fairyboard_core::MarkKind;

fn kinds(betza: &str, from: &str, moved: bool, pairs: bool, kind: MarkKind) -> BTreeSet<String> {
    let mut probe = Probe::new(betza, 8, 8).expect("descriptor compiles");
    probe
        .diagram(from.parse().expect("square"), moved, pairs)
        .into_iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.at.to_string())
        .collect()
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_pawn_double_step_is_initial_only() {
    let pawn = "fmWfceFifmnD";
    assert_eq!(
        kinds(pawn, "d4", false, false, MarkKind::Initial),
        set(&["d6"])
    );
    assert_eq!(
        kinds(pawn, "d4", false, false, MarkKind::Move),
        set(&["d5", "d6"])
    );
    // A pawn that has moved has no initial target.
    assert!(kinds(pawn, "d4", true, false, MarkKind::Initial).is_empty());
    // A knight has none either.
    assert!(kinds("N", "d4", false, false, MarkKind::Initial).is_empty());
}

#[test]
fn the_king_castles_two_squares_towards_either_partner() {
    let king = "KisO2";
    assert_eq!(
        kinds(king, "e1", false, false, MarkKind::Castle),
        set(&["c1", "g1"])
    );
    // From the middle of the board it still castles along its rank.
    assert_eq!(
        kinds(king, "d4", false, false, MarkKind::Castle),
        set(&["b4", "f4"])
    );
    // Castling is not a king step, and a moved king does not castle.
    assert!(!kinds(king, "e1", false, false, MarkKind::Both).contains("c1"));
    assert!(kinds(king, "e1", true, false, MarkKind::Castle).is_empty());
}

#[test]
fn lame_leapers_show_the_square_that_blocks_them() {
    // The horse is hobbled by a piece orthogonally next to it.
    assert_eq!(
        kinds("nN", "d4", true, false, MarkKind::Block),
        set(&["c4", "d3", "d5", "e4"])
    );
    // The elephant's eye: the diagonal neighbour.
    assert_eq!(
        kinds("nA", "d4", true, false, MarkKind::Block),
        set(&["c3", "c5", "e3", "e5"])
    );
    // A rook's blockers are its own targets, a knight has none.
    assert!(kinds("R", "d4", true, false, MarkKind::Block).is_empty());
    assert!(kinds("N", "d4", true, false, MarkKind::Block).is_empty());
}

#[test]
fn a_cannon_hops_to_capture_and_a_grasshopper_hops_to_move_or_capture() {
    // mRcpR on d4: captures two or more squares away on its lines, over a screen.
    let far = set(&["d6", "d7", "d8", "d2", "d1", "b4", "a4", "f4", "g4", "h4"]);
    assert_eq!(kinds("mRcpR", "d4", true, true, MarkKind::HopCapture), far);
    assert!(kinds("mRcpR", "d4", true, true, MarkKind::Hop).is_empty());
    // Its screens: every square of its lines with a square behind it (14 less the 4 that
    // end a line: d8 d1 a4 h4).
    let screens = kinds("mRcpR", "d4", true, true, MarkKind::HopScreen);
    assert_eq!(screens.len(), 10);
    assert!(screens.contains("d5") && screens.contains("d7") && !screens.contains("d8"));
    // gQ on d4: every queen-line square two or more steps away (27 - 8 = 19), moving
    // there and capturing there.
    let moves = kinds("gQ", "d4", true, true, MarkKind::Hop);
    assert_eq!(moves.len(), 19);
    assert!(moves.contains("d6") && moves.contains("a1") && !moves.contains("d5"));
    assert_eq!(kinds("gQ", "d4", true, true, MarkKind::HopCapture), moves);
}
