//! Move notation on hand-checked positions: coordinate notation (`Position::parse_uci`,
//! `Variant::uci`) and the SAN-like display form (`Position::san`: piece ID (none for pawns), disambiguation,
//! `x`, `=X`, `O-O`, `+`/`#`).
//!
//! Every expected string below was worked out by hand from the position's FEN.

use std::sync::Arc;

use fairyboard_core::{catalogue, Position, Variant};

fn variant(name: &str) -> Arc<Variant> {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    catalogue::load(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn at(name: &str, fen: &str) -> Position {
    Position::from_fen(variant(name), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The move `text` in coordinate notation, checked to print back the same, and its SAN.
fn san(pos: &mut Position, text: &str) -> String {
    let m = pos
        .parse_uci(text)
        .unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen()));
    assert_eq!(pos.variant().uci(&m), text, "coordinate round trip");
    pos.san(&m)
}

/// The message of the error for `text`.
fn rejected(pos: &mut Position, text: &str) -> String {
    match pos.parse_uci(text) {
        Ok(m) => panic!("'{text}' parsed as {}", pos.variant().uci(&m)),
        Err(e) => {
            assert_eq!(e.text, text);
            e.to_string()
        }
    }
}

#[test]
fn plain_moves_carry_the_piece_id() {
    let mut pos = Position::start(variant("chess"));
    assert_eq!(san(&mut pos, "e2e4"), "e4");
    assert_eq!(san(&mut pos, "g1f3"), "Nf3");
    assert_eq!(san(&mut pos, "b1c3"), "Nc3");
    // san() leaves the position as it was.
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn captures() {
    // 1.e4 d5: the e-pawn takes on d5 or steps on.
    let mut pos = at(
        "chess",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    );
    assert_eq!(san(&mut pos, "e4d5"), "exd5");
    assert_eq!(san(&mut pos, "e4e5"), "e5");
}

#[test]
fn two_knights_are_told_apart() {
    // Knights b1 and f3 both reach d2: different files.
    let mut pos = at("chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san(&mut pos, "b1d2"), "Nbd2");
    assert_eq!(san(&mut pos, "f3d2"), "Nfd2");
    // Only the b1 knight reaches a3, only the f3 knight reaches g5.
    assert_eq!(san(&mut pos, "b1a3"), "Na3");
    assert_eq!(san(&mut pos, "f3g5"), "Ng5");
    // Knights b3, b5, f5 all reach d4: b3 shares its file with b5 (so the rank: N3d4),
    // f5 shares neither file nor rank with a rival's file (Nfd4), b5 shares the file with
    // b3 and the rank with f5 (the whole square: Nb5d4).
    let mut pos = at("chess", "4k3/8/8/1N3N2/8/1N6/8/4K3 w - - 0 1");
    assert_eq!(san(&mut pos, "b3d4"), "N3d4");
    assert_eq!(san(&mut pos, "f5d4"), "Nfd4");
    assert_eq!(san(&mut pos, "b5d4"), "Nb5d4");
}

#[test]
fn promotions() {
    // e7-e8: a queen on e8 checks the a8 king along the empty rank 8 (a7, b7 free, so no
    // mate); a knight on e8 (d6, f6, c7, g7) does not.
    let mut pos = at("chess", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&mut pos, "e7e8q"), "e8=Q+");
    assert_eq!(san(&mut pos, "e7e8r"), "e8=R+");
    assert_eq!(san(&mut pos, "e7e8b"), "e8=B");
    assert_eq!(san(&mut pos, "e7e8n"), "e8=N");
    // Without the suffix there is no such move.
    let e = rejected(&mut pos, "e7e8");
    assert_eq!(e, "move 'e7e8': no such move in this position");
}

#[test]
fn castling() {
    let mut pos = at("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san(&mut pos, "e1g1"), "O-O");
    assert_eq!(san(&mut pos, "e1c1"), "O-O-O");
    // Also accepted as the king taking its own rook; it is the same move.
    let m = pos.parse_uci("e1h1").unwrap();
    assert_eq!(pos.variant().uci(&m), "e1g1");
    let m = pos.parse_uci("e1a1").unwrap();
    assert_eq!(pos.variant().uci(&m), "e1c1");
    // Black's, with Black to move.
    let mut pos = at("chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(san(&mut pos, "e8g8"), "O-O");
    assert_eq!(san(&mut pos, "e8c8"), "O-O-O");
}

#[test]
fn en_passant() {
    // Black just played e7-e5; the d5 pawn takes on e6 (e.p.); e6 attacks d7/f7, no check.
    let mut pos = at("chess", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2");
    assert_eq!(san(&mut pos, "d5e6"), "dxe6");
    assert_eq!(san(&mut pos, "d5d6"), "d6");
}

#[test]
fn check_and_mate() {
    // Ra8+ (the e8 king escapes to d7/e7/f7).
    let mut pos = at("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&mut pos, "a1a8"), "Ra8+");
    assert_eq!(san(&mut pos, "a1a7"), "Ra7");
    // Back-rank mate: g8 king behind f7/g7/h7, the rook covers f8 and h8.
    let mut pos = at("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san(&mut pos, "a1a8"), "Ra8#");
}

#[test]
fn drops_in_crazyhouse() {
    // Each side has a pawn in hand (the e-pawns are missing).
    let mut pos = at(
        "crazyhouse",
        "rnbqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 1",
    );
    assert_eq!(san(&mut pos, "P@e4"), "P@e4");
    assert_eq!(san(&mut pos, "P@e3"), "P@e3");
    // No knight in hand; a1 is occupied.
    let e = rejected(&mut pos, "N@e4");
    assert!(e.contains("no such move"), "{e}");
    let e = rejected(&mut pos, "P@a1");
    assert!(e.contains("no such move"), "{e}");
}

#[test]
fn shogi_promotion_suffix() {
    // A pawn on e6 steps into the promotion zone (ranks 7-9) on e7: promotion is optional,
    // so there are two moves, `e6e7` and `e6e7+` (the promoted pawn is the tokin, T).
    let mut pos = at("shogi", "4k4/9/9/4P4/9/9/9/9/4K4[-] w 0 1");
    assert_eq!(san(&mut pos, "e6e7"), "e7");
    assert_eq!(san(&mut pos, "e6e7+"), "e7=T");
    let e = rejected(&mut pos, "e6e7t");
    assert!(e.contains("no such move"), "{e}");
    // XBoard forwards a declined promotion with `=` (seen in a real XBoard shogi game:
    // `b2g7=` for a bishop entering the zone unpromoted): the plain move.
    let m = pos.parse_uci("e6e7=").expect("declined promotion");
    assert!(!m.is_promotion());
    assert_eq!(pos.variant().uci(&m), "e6e7");
    // `=` never stands for a promotion, nor makes an impossible move possible.
    let e = rejected(&mut pos, "e6e8=");
    assert!(e.contains("no such move"), "{e}");
}

/// A Chu-Shogi-style Lion (`KNADcaKmcabK`): every square within two steps, plus two
/// single steps in one turn capturing on the first (`caK`), or stepping out and back
/// (`mcabK`: igui, capturing without moving).
const LION: &str = "\
files=8
ranks=8
symmetry=none
maxPromote=0
promoChoice=
royal=1
king:K:K::a1,,h8
lion:L:KNADcaKmcabK::d4
soldier:S:W::,,d5,d6
";

#[test]
fn lion_double_moves_are_comma_separated_legs() {
    let (v, _) = Variant::from_definition("lion", LION).expect("builds");
    let mut pos = Position::start(Arc::new(v));
    // Capture d5, then d6 as well.
    assert_eq!(san(&mut pos, "d4d5,d5d6"), "Lxd5xd6");
    // Capture d5, then step on to the empty e6.
    assert_eq!(san(&mut pos, "d4d5,d5e6"), "Lxd5-e6");
    // Igui: capture d5 and return to d4.
    assert_eq!(san(&mut pos, "d4d5,d5d4"), "Lxd5-d4");
    // The plain leaps: capture d6 by the dabbaba leap, move to e5.
    assert_eq!(san(&mut pos, "d4d6"), "Lxd6");
    assert_eq!(san(&mut pos, "d4e5"), "Le5");
    // A first leg that captures nothing is no locust move.
    let e = rejected(&mut pos, "d4e4,e4e5");
    assert!(e.contains("no such move"), "{e}");
}

#[test]
fn illegal_and_unknown_moves_are_explained() {
    // The e2 knight is pinned by the e7 rook.
    let mut pos = at("chess", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let e = rejected(&mut pos, "e2c3");
    assert_eq!(e, "move 'e2c3': illegal: it leaves your king in check");
    let e = rejected(&mut pos, "e2e5");
    assert_eq!(e, "move 'e2e5': no such move in this position");
    let e = rejected(&mut pos, "zz");
    assert_eq!(e, "move 'zz': no such move in this position");
    let e = rejected(&mut pos, "");
    assert_eq!(e, "move '': no such move in this position");
    // Castling through an attacked square is illegal, not unknown: f1 is covered by the
    // f8 rook.
    let mut pos = at("chess", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    let e = rejected(&mut pos, "e1g1");
    assert_eq!(
        e,
        "move 'e1g1': illegal: the king may not castle through a square the opponent attacks"
    );
}

/// Berolina pawns step diagonally, so two of them can reach one square: from the start,
/// f4 by d2f4 and h2f4 (two squares diagonally), f3 by e2f3 and g2f3. SAN names the file
/// (Fairy-Stockfish prints `Pdf4`); a single pawn's step stays bare. Each SAN reads back
/// as the same move.
#[test]
fn pawns_from_different_files_are_told_apart() {
    let mut pos = Position::start(variant("berolina"));
    for (uci, want) in [
        ("d2f4", "df4"),
        ("h2f4", "hf4"),
        ("e2f3", "ef3"),
        ("g2f3", "gf3"),
    ] {
        assert_eq!(san(&mut pos, uci), want, "{uci}");
        let m = pos
            .parse_san(want)
            .unwrap_or_else(|e| panic!("{want}: {e}"));
        assert_eq!(pos.variant().uci(&m), uci, "{want} reads back");
    }
    // b3 is reached from a2 and c2 alike; a3 only from b2: no rival pawn, no file.
    assert_eq!(san(&mut pos, "a2b3"), "ab3");
    assert_eq!(san(&mut pos, "b2a3"), "a3");
}

/// The same rule in chess changes nothing: `e4` and `exd5` as ever.
#[test]
fn chess_pawns_keep_their_usual_san() {
    let mut pos = at(
        "chess",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    );
    assert_eq!(san(&mut pos, "e4d5"), "exd5");
    assert_eq!(san(&mut pos, "c2c4"), "c4");
}
