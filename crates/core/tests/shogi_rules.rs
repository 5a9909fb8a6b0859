//! Shogi's drop and promotion rules (fairyboard's `dropNoDoubled`, `dropNoMate`,
//! `promoFromZone`) on the catalogue's minishogi, 5×5. Every expected list was worked out
//! by hand from the board drawn in the comment (ranks top to bottom, White moves up);
//! the uchifuzume position is also one of Fairy-Stockfish's listed positions
//! (`tests/perft/minishogi.perft`, block `minishogi-pos-02`), whose 35 moves include the
//! mating pawn drop that shogi's rules forbid.

use std::path::PathBuf;
use std::sync::Arc;

use fairyboard_core::{catalogue, Position, Variant};

fn minishogi() -> Arc<Variant> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    std::env::set_var("FAIRYBOARD_VARIANTS", dir);
    catalogue::load("minishogi").unwrap()
}

fn moves(fen: &str) -> Vec<String> {
    let v = minishogi();
    let mut p = Position::from_fen(v.clone(), fen).unwrap();
    let mut m: Vec<String> = p.legal_moves().iter().map(|m| v.uci(m)).collect();
    m.sort();
    m
}

fn list(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

// 5 . . k . .     White: S a4, S e4, G c3, K e1, a pawn in hand. Black: k c5.
// 4 S . . . S     P@c4 checks; the king's squares b5/d5 (silvers), b4/d4 (gold) are
// 3 . . G . .     covered and the pawn is guarded by the gold: a pawn-drop mate.
// 2 . . . . .
// 1 . . . . K
//   a b c d e
const UCHIFUZUME: &str = "2k2/S3S/2G2/5/4K[P] w 0 1";

#[test]
fn a_pawn_drop_may_not_mate() {
    // Fairy-Stockfish's 35 moves for this position, without P@c4.
    let fsf = "P@a1 P@a2 P@a3 P@b1 P@b2 P@b3 P@b4 P@c1 P@c2 P@c4 P@d1 P@d2 P@d3 P@d4 P@e2 P@e3 \
               a4a5 a4a5+ a4b3 a4b5 a4b5+ c3b3 c3b4 c3c2 c3c4 c3d3 c3d4 e1d1 e1d2 e1e2 e4d3 \
               e4d5 e4d5+ e4e5 e4e5+";
    let want: Vec<String> = list(fsf).into_iter().filter(|m| m != "P@c4").collect();
    assert_eq!(moves(UCHIFUZUME), want);
}

#[test]
fn a_pawn_drop_may_check_and_another_piece_may_mate() {
    // Without the gold the pawn on c4 is unguarded: check, but the king takes it.
    assert!(moves("2k2/S3S/5/5/4K[P] w 0 1").contains(&"P@c4".to_string()));
    // A gold dropped on c4 mates the same way; only pawns are bound by the rule.
    let gold = moves("2k2/S3S/2G2/5/4K[G] w 0 1");
    assert!(gold.contains(&"G@c4".to_string()), "{gold:?}");
    let v = minishogi();
    let mut p = Position::from_fen(v.clone(), "2k2/S3S/2G2/5/4K[G] w 0 1").unwrap();
    let drop = p.parse_uci("G@c4").unwrap();
    p.make(&drop);
    assert!(p.legal_moves().is_empty(), "the gold drop mates");
}

// 5 . . k . .     White: P a2, K e1, a pawn in hand. Black: k c5.
// 4 . . . . .     Pawn drops: not on file a (nifu), not on rank 5 (it could never move):
// 3 . . . . .     files b-e, ranks 1-4, minus e1 = 15 squares.
// 2 P . . . .
// 1 . . . . K
#[test]
fn no_second_pawn_on_a_file() {
    let drops = |fen: &str| -> Vec<String> {
        moves(fen)
            .into_iter()
            .filter(|m| m.starts_with("P@"))
            .collect()
    };
    let mut want = Vec::new();
    for f in ['b', 'c', 'd', 'e'] {
        for r in 1..=4 {
            if (f, r) != ('e', 1) {
                want.push(format!("P@{f}{r}"));
            }
        }
    }
    want.sort();
    assert_eq!(drops("2k2/5/5/P4/4K[P] w 0 1"), want);
    // A tokin is not a pawn: with it on a2 instead, a1, a3 and a4 are open too.
    want.extend(["P@a1", "P@a3", "P@a4"].map(String::from));
    want.sort();
    assert_eq!(drops("2k2/5/5/+P4/4K[P] w 0 1"), want);
}

// 5 . S . . .     White: S b5 (in its zone, the last rank), K e1. Black: k c3.
// 4 . . . . .     The silver can only step back diagonally (a4, c4) and may promote doing
// 3 . . k . .     so because it leaves the zone; the king has d1 and e2 (d2 touches the
// 2 . . . . .     black king).
// 1 . . . . K
#[test]
fn a_piece_may_promote_when_it_leaves_the_zone() {
    assert_eq!(
        moves("1S3/5/2k2/5/4K[] w 0 1"),
        list("b5a4 b5a4+ b5c4 b5c4+ e1d1 e1e2")
    );
}

fn shogi_moves(fen: &str) -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    std::env::set_var("FAIRYBOARD_VARIANTS", dir);
    let v = catalogue::load("shogi").unwrap();
    let mut p = Position::from_fen(v.clone(), fen).unwrap();
    let mut m: Vec<String> = p.legal_moves().iter().map(|m| v.uci(m)).collect();
    m.sort();
    m
}

// 9 . . . . k . . . .     White: S c8, S g8, G e7, K a1, a pawn in hand. Black: k e9.
// 8 . . S . . . S . .     P@e8 checks; d9/f9 are covered by the silvers, d8/f8 by the
// 7 . . . . G . . . .     gold, which also guards e8: uchifuzume, forbidden. Without
//   ...                   the gold the king takes the pawn, so the drop is allowed.
// 1 K . . . . . . . .
#[test]
fn a_pawn_drop_may_not_mate_on_the_full_board() {
    let mated = shogi_moves("4k4/2S3S2/4G4/9/9/9/9/9/K8[P] w 0 1");
    assert!(!mated.contains(&"P@e8".to_string()), "{mated:?}");
    assert!(mated.contains(&"P@e6".to_string()), "{mated:?}");
    let free = shogi_moves("4k4/2S3S2/9/9/9/9/9/9/K8[P] w 0 1");
    assert!(free.contains(&"P@e8".to_string()), "{free:?}");
}

// 9 k . . . . . . . .     One king a side, nothing else on the board, pawns in hand.
// 8 . . . . . . . . .     White's moves, counted by hand: a1 steps to a2, b1, b2 (3); a
//   ...                   pawn drops on any empty square of ranks 1-8 (not the last
// 1 K . . . . . . . .     rank, no pawn yet on any file): 72 - 1 = 71. P@a8 checks, but
//                         the king takes it (or steps aside): no mate, so all 74 stand.
//
// Before, each checking drop asked whether every reply of the other side was legal,
// and each of those replies that was itself a checking pawn drop asked again: with
// four pawns a side this took over 20 s. Now the answers to a drop are judged by the
// royalty rule alone, so the list takes milliseconds; 20 s is a generous bound on a
// busy machine. (The first report had two kings a side, which Shogi can never reach:
// such a FEN is now refused, see `Setup::royal_limit`.)
#[test]
fn checking_pawn_drops_do_not_recurse() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(shogi_moves("k8/9/9/9/9/9/9/9/K8[PPPPPPpppppp] w - - 0 1"));
    });
    let moves = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the move list took more than 20 s");
    assert_eq!(moves.len(), 74, "{moves:?}");
    assert_eq!(moves.iter().filter(|m| m.starts_with("P@")).count(), 71);
    assert!(moves.contains(&"P@a8".to_string()));
}

/// A King in hand may not be dropped where it stands attacked (Sittuyin's and Placement
/// Chess's kings start in hand; the compatibility corpus found such drops accepted because a
/// side with no royal on the board had nothing to keep safe). 4x4, White to move with only a
/// King in hand, a Black Rook on a4: the Rook sweeps a1-a3 and b4-d4, so of the 15 empty
/// squares the 9 in files b-d, ranks 1-3 remain.
#[test]
fn a_king_is_not_dropped_into_attack() {
    let text = "files=4\nranks=4\nsymmetry=none\nrook:R:R::,,a4\nking:K:K:::1\n";
    let (v, _) = Variant::from_definition("drop", text).expect("loads");
    let v = Arc::new(v);
    let mut p = Position::start(v.clone());
    let mut got: Vec<String> = p.legal_moves().iter().map(|m| v.uci(m)).collect();
    got.sort();
    assert_eq!(
        got,
        list("K@b1 K@b2 K@b3 K@c1 K@c2 K@c3 K@d1 K@d2 K@d3"),
        "in {}",
        p.to_fen()
    );
}
