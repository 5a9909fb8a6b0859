//! Royalty other than one king: extinction royalty (`extinction=`: with several royals,
//! losing any one of them loses, so every royal is protected like a king) and a royal
//! piece that does not move as a king (Knightmate's royal knight). Every expected answer
//! was worked out by hand; the reasoning is in the comments. Baring is covered in
//! `search.rs` (Shatranj).

use std::sync::Arc;

use fairyboard_ai::rules::{MATE, MATE_BOUND};
use fairyboard_ai::{Limits, NoClock, Options, Searcher};
use fairyboard_core::{catalogue, Position, Status, Variant};

/// FIDE chess with `extinction=1` and a second king in each army (on b1 instead of the
/// queen's knight, b8 for Black), so that a position may give a side two kings (a setup
/// with more royals than the game can ever give a side is refused); losing either king
/// loses the game.
fn extinction_chess() -> Arc<Variant> {
    two_king_chess("extinction=1\n")
}

/// The same two-king chess without extinction (all royals must go): the comparison.
fn two_king_chess_plain() -> Arc<Variant> {
    two_king_chess("")
}

fn two_king_chess(extra: &str) -> Arc<Variant> {
    let (_, text) = catalogue::read("chess").expect("catalogue chess");
    let text = text
        .replace("knight:N:N::b1,g1", "knight:N:N::g1")
        .replace("king:K:KisO2::e1", "king:K:KisO2::b1,e1");
    assert!(
        text.contains("king:K:KisO2::b1,e1"),
        "the catalogue's chess changed"
    );
    let (v, _) = Variant::from_definition("two-king-chess", &format!("{text}\n{extra}"))
        .expect("valid definition");
    Arc::new(v)
}

fn at(variant: Arc<Variant>, fen: &str) -> Position {
    Position::from_fen(variant, fen).expect("valid FEN")
}

/// The engine's move (UCI) and score at `depth`.
fn best(mut pos: Position, depth: u32) -> (String, i32) {
    let mut s = Searcher::new(pos.variant().clone(), Options::default());
    let r = s.search(&mut pos, &[], &Limits::depth(depth), &mut NoClock);
    let m = r.best.expect("a move");
    (pos.variant().uci(&m), r.score)
}

fn legal_ucis(pos: &mut Position) -> Vec<String> {
    let mut ucis: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.variant().uci(m))
        .collect();
    ucis.sort();
    ucis
}

#[test]
fn extinction_one_attacked_royal_of_two_is_check_and_must_be_saved() {
    // Black: kings a8 and h5. White: Kd6, Ra1 (attacks a8 up the open a-file). Under
    // extinction royalty an attack on either king is check. Ka8's squares: a7 (the rook's
    // file), b7 and b8 (the white king on d6 covers c5-e7 only): both free. Moving the h5
    // king leaves a8 attacked, and nothing can block the a-file. So the legal moves are
    // exactly Kb7 and Kb8, and neither loses anything at once.
    let mut pos = at(extinction_chess(), "k7/8/3K4/7k/8/8/8/R7 b - - 0 1");
    assert!(pos.in_check(), "one royal of two attacked is check");
    assert_eq!(legal_ucis(&mut pos), ["a8b7", "a8b8"]);
    let (uci, score) = best(pos, 4);
    assert!(uci == "a8b7" || uci == "a8b8", "{uci}");
    assert!(score.abs() < MATE_BOUND, "nothing forced: {score}");
}

#[test]
fn extinction_mates_one_royal_of_two() {
    // Black: kings a8 and h5. White: Kc7, Re1. Ra1 (the rook along the first rank)
    // attacks the a8 king: a7 is on the rook's file, b7 and b8 are covered by Kc7, the h5
    // king cannot help and Black has nothing to block the a-file with. Under extinction
    // that is mate, though the h5 king is free. Nothing else mates: Re8 attacks a8 along
    // the eighth rank but a7 is free; Re5 and Rh1 attack h5, which has the g-file.
    let fen = "k7/2K5/8/7k/8/8/8/4R3 w - - 0 1";
    let (uci, score) = best(at(extinction_chess(), fen), 3);
    assert_eq!(uci, "e1a1");
    assert_eq!(score, MATE - 1);
    let mut pos = at(extinction_chess(), fen);
    let m = pos.parse_uci("e1a1").expect("legal");
    pos.make(&m);
    assert_eq!(pos.status(), Status::Checkmate);

    // Without extinction (the default: all royals must go), attacking one of two kings
    // is not check, and the same move mates nothing.
    let mut plain = at(two_king_chess_plain(), fen);
    let m = plain.parse_uci("e1a1").expect("legal");
    plain.make(&m);
    assert!(!plain.in_check());
}

#[test]
fn extinction_a_piece_pinned_to_either_royal_stays_put() {
    // White: kings d1 and h1, bishop d2. Black: king a8, rook d8, queen g5. The bishop
    // could take the queen (d2-e3-f4-g5), but it stands between the rook and the d1 king:
    // under extinction leaving d1 attacked is leaving a royal en prise, so the bishop may
    // not move at all (every bishop move leaves the d-file). The kings' moves: h1-g1 and
    // h1-g2 step onto the queen's g-file; h1-h2 is free; d1 goes to c1 (the queen's
    // diagonal to c1 is shut by the bishop), c2, e1 and e2, none of them on a line of the
    // queen or the rook. Five legal moves, and the search plays one of them, knowing it
    // stands worse (a bishop against a queen and a rook; whether it is lost by force is
    // not asserted).
    let fen = "k2r4/8/8/6q1/8/8/3B4/3K3K w - - 0 1";
    let mut pos = at(extinction_chess(), fen);
    assert!(!pos.in_check());
    let moves = legal_ucis(&mut pos);
    assert_eq!(moves, ["d1c1", "d1c2", "d1e1", "d1e2", "h1h2"]);
    let (uci, score) = best(pos, 4);
    assert!(moves.contains(&uci), "{uci}");
    assert!(score < -300, "{score}");

    // Without extinction one king of two may be left attacked: Bxg5 is legal there.
    let mut plain = at(two_king_chess_plain(), fen);
    assert!(legal_ucis(&mut plain).contains(&"d2g5".to_string()));
}

/// Knightmate: the royal piece `K` moves as a knight, the `M` (mann) as a king.
fn knightmate(fen: &str) -> Position {
    at(catalogue::load("knightmate").expect("catalogue"), fen)
}

#[test]
fn knightmate_royal_knight_is_mated_in_one() {
    // Black: royal knight a8, pawn a7. White: royal knight e1, mann b5, bishop e5, rook
    // h1. The royal knight on a8 goes to b6 or c7 only; the mann on b5 covers b6 and the
    // bishop covers c7 (via d6). Rh8 attacks a8 along the empty eighth rank; Black can
    // neither take the rook nor block (the pawn on a7 only moves down the a-file): mate.
    // Nothing else checks: the a-file is shut by the a7 pawn, the bishop stands on the
    // other colour from a8, and no white piece reaches b6 or c7 with a knight's move.
    let fen = "n7/p7/8/1M2B3/8/8/8/4N2R w - - 0 1";
    let fen = fen.replace('n', "k").replace('N', "K");
    let (uci, score) = best(knightmate(&fen), 3);
    assert_eq!(uci, "h1h8");
    assert_eq!(score, MATE - 1);
}

#[test]
fn knightmate_royal_knight_never_moves_into_attack() {
    // Black to move: royal knight a8 in check from a rook on h8 (the eighth rank is
    // empty between them); a black pawn on a7. The knight's squares are b6 (covered by
    // the white mann on b5) and c7 (free). The pawn's moves leave the check. So the only
    // legal move is Kc7, and the search plays it.
    let mut pos = knightmate("k6R/p7/8/1M6/8/8/8/4K3 b - - 0 1");
    assert!(pos.in_check());
    assert_eq!(legal_ucis(&mut pos), ["a8c7"]);
    let (uci, _) = best(pos, 3);
    assert_eq!(uci, "a8c7");
}
