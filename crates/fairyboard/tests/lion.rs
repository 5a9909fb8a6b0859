//! The Lion of `variants/lion.txt` (Mighty-Lion Chess, XBetza `KNADcaKmcabK`) in the
//! rules core. Expected move sets are counted by hand from the Lion's published moves
//! (chessvariants.org "Mighty-Lion Chess": any square of the 5x5 block, two king steps
//! capturing on the first, igui, turn pass) and the table in xbetza.md §7.4; the trading
//! cases follow the published Lion-trading rule.

use std::collections::BTreeSet;
use std::sync::Arc;

use fairyboard_core::{catalogue, perft, Position, Variant};

fn lion() -> Arc<Variant> {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    catalogue::load("lion").expect("variants/lion.txt loads")
}

fn moves(fen: &str) -> BTreeSet<String> {
    let v = lion();
    let mut pos = Position::from_fen(v.clone(), fen).expect("FEN");
    pos.legal_moves().iter().map(|m| v.uci(m)).collect()
}

fn lion_moves(fen: &str, from: &str) -> BTreeSet<String> {
    moves(fen)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// The 24 squares of the 5x5 block around d4, written as moves from d4.
fn block_d4() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for f in b'b'..=b'f' {
        for r in b'2'..=b'6' {
            if (f, r) != (b'd', b'4') {
                out.insert(format!("d4{}{}", f as char, r as char));
            }
        }
    }
    out
}

#[test]
fn start_position_has_22_moves_and_484_at_depth_2() {
    // 16 pawn moves, Ng1-f3/h3, and the b1 Lion's leaps to a3 b3 c3 d3 (its 5x5 block
    // holds only own pieces otherwise; no pass: every neighbour is occupied). Black is
    // the mirror image, so depth 2 is 22 x 22.
    let v = lion();
    let mut pos = Position::start(v.clone());
    let list: BTreeSet<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
    assert_eq!(list.len(), 22, "{list:?}");
    for m in ["b1a3", "b1b3", "b1c3", "b1d3"] {
        assert!(list.contains(m), "{m} missing: {list:?}");
    }
    assert_eq!(perft::perft(&mut pos, 2), 484);
}

#[test]
fn lion_alone_reaches_the_5x5_block_and_can_pass() {
    // xbetza.md §7.4: d4 on an empty board = the 24 squares around it plus d4 (pass).
    let got = lion_moves("7k/8/8/8/3L4/8/8/K7 w - - 0 1", "d4");
    let mut want = block_d4();
    want.insert("d4d4".into());
    assert_eq!(got, want);
    assert_eq!(got.len(), 25);
}

#[test]
fn lion_next_to_an_enemy_adds_hit_and_run_and_igui() {
    // xbetza.md §7.4: with a black piece on e5, also the locust moves capturing e5 and
    // ending on d5 d6 e4 e6 f4 f5 f6 (caK) or back on d4 (igui, mcabK): 24 + 1 + 8 = 33.
    let got = lion_moves("7k/8/8/4p3/3L4/8/8/K7 w - - 0 1", "d4");
    let mut want = block_d4();
    want.insert("d4d4".into());
    for end in ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"] {
        want.insert(format!("d4e5,e5{end}"));
    }
    assert_eq!(got, want);
    assert_eq!(got.len(), 33);
    // With the white king's a2 b1 b2 the whole position has 36 moves.
    assert_eq!(moves("7k/8/8/4p3/3L4/8/8/K7 w - - 0 1").len(), 36);
}

#[test]
fn a_double_capture_removes_both_victims() {
    let v = lion();
    let mut pos = Position::from_fen(v.clone(), "7k/8/5r2/4q3/3L4/8/8/K7 w - - 0 1").unwrap();
    let m = pos.parse_uci("d4e5,e5f6").expect("Lxe5xf6 is legal");
    pos.make(&m);
    // Queen and rook gone, the Lion on f6, Black to move.
    assert_eq!(pos.to_fen(), "7k/8/5L2/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn igui_captures_without_moving() {
    let v = lion();
    let mut pos = Position::from_fen(v.clone(), "7k/8/8/4p3/3L4/8/8/K7 w - - 0 1").unwrap();
    let m = pos.parse_uci("d4e5,e5d4").expect("igui is legal");
    pos.make(&m);
    assert_eq!(pos.to_fen(), "7k/8/8/8/3L4/8/8/K7 b - - 0 1");
}

#[test]
fn a_protected_lion_cannot_be_taken_from_a_distance() {
    // Black Lion d6 guarded by the c7 pawn: Lxd6 from d4 (two squares away) is illegal.
    let protected = moves("7k/2p5/3l4/8/3L4/8/8/K7 w - - 0 1");
    assert!(!protected.contains("d4d6"), "{protected:?}");
    // Unguarded it may be taken.
    let free = moves("7k/8/3l4/8/3L4/8/8/K7 w - - 0 1");
    assert!(free.contains("d4d6"), "{free:?}");
}

#[test]
fn a_bridge_piece_makes_the_lion_capture_legal() {
    // Any non-pawn between the Lions is a bridge: taking it first allows taking the
    // guarded Lion with the second step.
    for bridge in ['n', 'b', 'r', 'q'] {
        let list = moves(&format!("7k/2p5/3l4/3{bridge}4/3L4/8/8/K7 w - - 0 1"));
        assert!(list.contains("d4d5,d5d6"), "{bridge}: {list:?}");
    }
    // A pawn is no bridge.
    let pawn = moves("7k/2p5/3l4/3p4/3L4/8/8/K7 w - - 0 1");
    assert!(!pawn.contains("d4d5,d5d6"), "{pawn:?}");
    assert!(
        pawn.contains("d4d5,d5d4"),
        "igui on the pawn stays legal: {pawn:?}"
    );
}
