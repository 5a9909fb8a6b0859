//! Reading SAN (`Position::parse_san`, `parse_move`) and game records (`pgn::movetext`,
//! `pgn::read_movetext`, `pgn::write_pgn`) on hand-checked positions. Every expected move
//! and record below was worked out by hand from the FEN or the moves, as a chess player
//! writes them (PGN: Steven J. Edwards' 1994 specification).

use std::sync::Arc;

use fairyboard_core::{catalogue, pgn, Position, Variant};

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

/// The coordinate notation of the move SAN `text` names.
fn read(pos: &mut Position, text: &str) -> String {
    let m = pos
        .parse_san(text)
        .unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen()));
    pos.variant().uci(&m)
}

#[test]
fn disambiguated_moves_read_back() {
    // Knights b1 and f3 both reach d2 (files differ).
    let mut pos = at("chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(read(&mut pos, "Nbd2"), "b1d2");
    assert_eq!(read(&mut pos, "Nfd2"), "f3d2");
    assert_eq!(read(&mut pos, "Na3"), "b1a3");
    // Ambiguous without the file: no move.
    let e = pos.parse_san("Nd2").unwrap_err();
    assert_eq!(e.to_string(), "move 'Nd2': no such move in this position");
    // Knights b3, b5, f5 all reach d4: by rank, by file, by the whole square.
    let mut pos = at("chess", "4k3/8/8/1N3N2/8/1N6/8/4K3 w - - 0 1");
    assert_eq!(read(&mut pos, "N3d4"), "b3d4");
    assert_eq!(read(&mut pos, "Nfd4"), "f5d4");
    assert_eq!(read(&mut pos, "Nb5d4"), "b5d4");
}

#[test]
fn promotions_castling_and_check_signs() {
    // The queen on e8 checks the a8 king; the sign may be left out, or be `#` by mistake.
    let mut pos = at("chess", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(read(&mut pos, "e8=Q+"), "e7e8q");
    assert_eq!(read(&mut pos, "e8=Q"), "e7e8q");
    assert_eq!(read(&mut pos, "e8=N!?"), "e7e8n");
    assert!(pos.parse_san("e8").is_err(), "a promotion needs its piece");
    let mut pos = at("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(read(&mut pos, "O-O"), "e1g1");
    assert_eq!(read(&mut pos, "0-0-0"), "e1c1");
}

#[test]
fn drops_and_shogi_promotions() {
    let mut pos = at(
        "crazyhouse",
        "rnbqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 1",
    );
    assert_eq!(read(&mut pos, "P@e4"), "P@e4");
    assert!(pos.parse_san("N@e4").is_err(), "no knight in hand");
    // A shogi pawn entering the zone may promote (to the tokin, T) or not.
    let mut pos = at("shogi", "4k4/9/9/4P4/9/9/9/9/4K4[-] w 0 1");
    assert_eq!(read(&mut pos, "e7=T"), "e6e7+");
    assert_eq!(read(&mut pos, "e7"), "e6e7");
}

#[test]
fn multi_leg_lion_moves_read_back() {
    // A Chu-Shogi-style Lion on d4 with black soldiers on d5 and d6.
    let def = "files=8\nranks=8\nsymmetry=none\nmaxPromote=0\npromoChoice=\nroyal=1\n\
               king:K:K::a1,,h8\nlion:L:KNADcaKmcabK::d4\nsoldier:S:W::,,d5,d6\n";
    let (v, _) = Variant::from_definition("lion", def).expect("builds");
    let mut pos = Position::start(Arc::new(v));
    assert_eq!(read(&mut pos, "Lxd5xd6"), "d4d5,d5d6");
    assert_eq!(read(&mut pos, "Lxd5-e6"), "d4d5,d5e6");
    assert_eq!(read(&mut pos, "Lxd5-d4"), "d4d5,d5d4");
    assert_eq!(read(&mut pos, "Lxd6"), "d4d6");
}

#[test]
fn parse_move_takes_either_notation_and_says_why_a_move_is_illegal() {
    let mut pos = Position::start(variant("chess"));
    let m = pos.parse_move("e2e4").unwrap();
    assert_eq!(pos.variant().uci(&m), "e2e4");
    let m = pos.parse_move("Nf3").unwrap();
    assert_eq!(pos.variant().uci(&m), "g1f3");
    // The e2 knight is pinned by the e7 rook: the coordinate reading's reason is kept.
    let mut pos = at("chess", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let e = pos.parse_move("e2c3").unwrap_err();
    assert!(e.reason.starts_with("illegal"), "{e}");
    let e = pos.parse_move("Nc3").unwrap_err();
    assert_eq!(e.reason, "no such move in this position");
}

#[test]
fn movetext_numbers_moves_from_the_start_position() {
    let start = Position::start(variant("chess"));
    let read = pgn::read_movetext(&start, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    assert_eq!(read.error, None);
    let uci: Vec<String> = read.moves.iter().map(|m| start.variant().uci(m)).collect();
    assert_eq!(uci, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]);
    assert_eq!(
        pgn::movetext(&start, &read.moves),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
    );
    // Black to move at move 7: `7...` before Black's move, then White's `8.`.
    let start = at("chess", "4k3/8/8/8/8/8/8/R3K3 b - - 0 7");
    let read = pgn::read_movetext(&start, "7... Kd7 8. Ra7+");
    assert_eq!(read.error, None);
    assert_eq!(pgn::movetext(&start, &read.moves), "7... Kd7 8. Ra7+");
}

#[test]
fn movetext_reading_skips_tags_comments_variations_and_glyphs() {
    let start = Position::start(variant("chess"));
    let text = "[Event \"a [bracketed] test\"]\n[Result \"1-0\"]\n\n\
                1.e4 {best by test (so they say)} e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 $1 ; to the end\n\
                2... Nc6 1-0\n";
    let read = pgn::read_movetext(&start, text);
    assert_eq!(read.error, None);
    let uci: Vec<String> = read.moves.iter().map(|m| start.variant().uci(m)).collect();
    assert_eq!(uci, ["e2e4", "e7e5", "g1f3", "b8c6"]);
    // Stray closing brackets and an unclosed comment are passed over, not stuck on.
    let read = pgn::read_movetext(&start, "1. e4 ] e5 } 2. Nf3 {unclosed Nc6");
    assert_eq!(read.error, None);
    assert_eq!(read.moves.len(), 3);
}

#[test]
fn movetext_reading_stops_at_the_first_bad_move() {
    let start = Position::start(variant("chess"));
    let read = pgn::read_movetext(&start, "1. e4 e5 2. Ke3 Nc6");
    assert_eq!(read.moves.len(), 2);
    let e = read.error.expect("Ke3 is no move");
    assert_eq!(e.text, "Ke3");
    // Nothing to read is no error.
    assert_eq!(pgn::read_movetext(&start, " * ").moves.len(), 0);
}

#[test]
fn pgn_games_have_tags_movetext_and_result() {
    let start = Position::start(variant("chess"));
    let moves = pgn::read_movetext(&start, "f3 e5 g4 Qh4#").moves;
    let text = pgn::write_pgn(
        &[("Event", "a \"quoted\" name"), ("Result", "0-1")],
        &start,
        &moves,
        "0-1",
    );
    assert_eq!(
        text,
        "[Event \"a \\\"quoted\\\" name\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
    );
    // From a set-up position the FEN goes with the game.
    let start = at("chess", "4k3/8/8/8/8/8/8/R3K3 b - - 0 7");
    let moves = pgn::read_movetext(&start, "Kd7 Ra7+").moves;
    assert_eq!(
        pgn::write_pgn(&[], &start, &moves, "*"),
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 7\"]\n\n7... Kd7 8. Ra7+ *\n\n"
    );
}

#[test]
fn long_movetext_wraps_below_80_columns_and_reads_back() {
    // Knights out and back, 15 times each: 60 plies, 30 numbered moves.
    let start = Position::start(variant("chess"));
    let round = "Nf3 Nf6 Ng1 Ng8 ";
    let moves = pgn::read_movetext(&start, &round.repeat(15)).moves;
    assert_eq!(moves.len(), 60);
    let text = pgn::write_pgn(&[], &start, &moves, "1/2-1/2");
    let body = text.trim_start_matches('\n').trim_end();
    assert!(body.lines().count() > 1);
    for line in body.lines() {
        assert!(line.len() <= 79, "{} columns: {line}", line.len());
        assert!(!line.starts_with(' ') && !line.ends_with(' '), "{line:?}");
    }
    assert!(body.starts_with("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3"));
    assert!(body.ends_with("30. Ng1 Ng8 1/2-1/2"));
    let again = pgn::read_movetext(&start, body);
    assert_eq!(again.error, None);
    assert_eq!(again.moves, moves);
}
