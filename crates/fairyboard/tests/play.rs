//! `fairyboard play`: games refereed to their results. Every game below was played through
//! by hand; the expected FENs and results are written from that, not from the program.

use std::process::{Command, Output};

fn play(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .arg("play")
        .args(args)
        .env(
            "FAIRYBOARD_VARIANTS",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
        )
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn scholars_mate_is_a_white_win_by_checkmate() {
    let o = play(&[
        "chess",
        "--moves",
        "1. e2e4 e7e5 2. f1c4 b8c6 3. d1h5 g8f6 4. h5f7",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n1-0 {checkmate}\n"
    );
}

#[test]
fn a_game_copied_from_a_pgn_in_san_plays_as_in_coordinates() {
    // The same scholar's mate as PGN writes it, then mixed with coordinates.
    let want =
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n1-0 {checkmate}\n";
    for moves in [
        "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
        "1. e4 e7e5 2. Bc4 b8c6 3. d1h5 Nf6 4. Qxf7",
    ] {
        let o = play(&["chess", "--moves", moves]);
        assert!(o.status.success(), "{moves}: {}", stderr(&o));
        assert_eq!(stdout(&o), want, "{moves}");
    }
    // A SAN move that is not legal here is named with its ply.
    let o = play(&["chess", "--moves", "1. e4 e5 2. Qh5 Qxh5"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("ply 4") && err.contains("Qxh5"), "{err}");
}

#[test]
fn an_unfinished_game_prints_only_the_fen() {
    let o = play(&["chess", "--moves", "e2e4"]);
    assert!(o.status.success());
    // The e.p. field names a square only when a capture there is possible (as
    // Fairy-Stockfish writes it): no black pawn stands next to e4.
    assert_eq!(
        stdout(&o),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    );
}

#[test]
fn the_first_illegal_move_stops_the_replay_with_its_ply() {
    // 3... Qe7 puts the queen on e7, so 6... Ke7 is no move at all; 1... Qh4 runs over the
    // pawn on e7; 1. e5 is no pawn move.
    let o = play(&["chess", "--moves", "e2e4 e7e5 g1f3 d8e7 f3e5 e8e7"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("ply 6") && err.contains("e8e7"), "{err}");
    let o = play(&["chess", "--moves", "e2e4 d8h4"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("ply 2: d8h4"), "{}", stderr(&o));
    let o = play(&["chess", "--moves", "e2e5"]);
    assert!(
        stderr(&o).contains("ply 1: e2e5: no such move"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn moves_after_the_end_are_refused() {
    // Fool's mate, then one more move.
    let o = play(&["chess", "--moves", "f2f3 e7e5 g2g4 d8h4 a2a3"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("ply 5"), "{}", stderr(&o));
}

#[test]
fn atomic_explosion_ends_the_game() {
    // From a FEN: the white queen takes e7 next to the black king, which explodes.
    let o = play(&[
        "atomic",
        "--fen",
        "4k3/4p3/8/8/8/8/4Q3/K7 w - - 0 1",
        "--moves",
        "e2e7",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "8/8/8/8/8/8/8/K7 b - - 0 1\n1-0 {royal captured}\n"
    );
}

#[test]
fn shatranj_bare_king_loses_after_the_after_move() {
    // White K e1, R a1; Black k e8, n a8. Rxa8 bares Black (its only piece is gone);
    // Black's after-move Ke8-d7 cannot bare White: White wins.
    let o = play(&[
        "shatranj",
        "--fen",
        "n3k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "--moves",
        "a1a8 e8d7",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "R7/3k4/8/8/8/8/8/4K3 w - - 1 2\n1-0 {bared}\n");
}

#[test]
fn bad_arguments_are_errors() {
    let o = play(&["nosuchvariant", "--moves", "e2e4"]);
    assert!(!o.status.success());
    let o = play(&["chess", "--fen", "not a fen", "--moves", ""]);
    assert!(!o.status.success());
    let o = play(&["chess", "--shuffle", "5"]);
    assert!(!o.status.success(), "chess has no shuffle rule");
}

#[test]
fn shuffle_numbers_reproduce_the_start() {
    let a = play(&["chess960", "--shuffle", "17"]);
    let b = play(&["chess960", "--shuffle", "17"]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn threefold_repetition_draws_chess() {
    // The knights go out and back twice: the start position stands for the third time.
    let o = play(&[
        "chess",
        "--moves",
        "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5\n1/2-1/2 {repetition}\n"
    );
}

#[test]
fn shatranj_stalemate_loses_for_the_stalemated_side() {
    // Black k a8 and p a7 (blocked by the white pawn a6); Kd7-c7 takes b7 and b8 away.
    // Black is not in check and cannot move: in shatranj that loses.
    let o = play(&[
        "shatranj",
        "--fen",
        "k7/p2K4/P7/8/8/8/8/8 w - - 0 1",
        "--moves",
        "d7c7",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "k7/p1K5/P7/8/8/8/8/8 b - - 1 1\n1-0 {stalemate}\n"
    );
}

/// Three types share the ID `P` (a pawn, a prince stepping as a king, a rook pawn running
/// forward as a rook; the definition of the browser test page `shared-ids.txt`). The
/// command line keeps each type's own moves from the start and through a game: FEN cannot
/// tell them apart, so nothing on the way may go through it.
#[test]
fn shared_id_types_keep_their_own_moves_on_the_command_line() {
    let dir = std::env::temp_dir().join(format!("fairyboard-shared-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("shared.txt");
    std::fs::write(
        &file,
        "files=7\nranks=7\nroyal=4\npawn:P:fmWfcF::a2-c2\nprince::K::d2\n\
         rook pawn:P:fR::g2\nking:K:K::d1\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    // By hand, White on a 7×7 board (Black mirrored on ranks 6 and 7): the pawns one step
    // each (a3 b3 c3); the prince as a king from d2 (c1 c3 d3 e1 e2 e3; c2 and d1 are
    // friends); the rook pawn up the g-file to Black's rook pawn on g6 (g3 g4 g5, g6 takes);
    // the king from d1 (c1 e1 e2). 16 moves.
    let moves = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(["moves", file])
        .output()
        .unwrap();
    assert!(moves.status.success(), "{}", stderr(&moves));
    let mut want = vec![
        "a2a3", "b2b3", "c2c3", "d2c1", "d2c3", "d2d3", "d2e1", "d2e2", "d2e3", "g2g3", "g2g4",
        "g2g5", "g2g6", "d1c1", "d1e1", "d1e2",
    ];
    want.sort();
    assert_eq!(stdout(&moves).lines().collect::<Vec<_>>(), want);
    // d3c4 is a king step only the prince has; g2g5 a slide only the rook pawn has, after
    // both sides' princes moved. A pawn-for-prince mix-up refuses one of them.
    let o = play(&[file, "--moves", "d2d3 d6d5 d3c4 d5c4 g2g5"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
}
