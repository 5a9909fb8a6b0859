//! The work budget (`fairyboard_core::limits`): input at a bound is taken in time linear in
//! its size, input beyond it is refused at once with an error naming the bound.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fairyboard_core::catalogue::{self, LoadError};
use fairyboard_core::geometry::Square;
use fairyboard_core::limits::{MAX_DEFINITION_BYTES, MAX_FEN_BYTES, MAX_IN_HAND};
use fairyboard_core::{Color, Position, Variant};

fn shogi() -> Arc<Variant> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    std::env::set_var("FAIRYBOARD_VARIANTS", dir);
    catalogue::load("shogi").unwrap()
}

const BOARD: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

#[test]
fn a_full_hand_parses_in_linear_time() {
    // 65,535 pawns and 65,535 golds: the most two hands may hold, 128 KB of FEN. Before,
    // each hand character rebuilt the rest of the hand as a string (40 KB took seconds).
    let v = shogi();
    let n = MAX_IN_HAND as usize;
    let fen = format!("{BOARD}[{}{}] w 0 1", "P".repeat(n), "g".repeat(n));
    let start = Instant::now();
    let pos = Position::from_fen(v.clone(), &fen).unwrap();
    let took = start.elapsed();
    let pawn = v.pieces.iter().position(|p| p.id == "P").unwrap();
    let gold = v.pieces.iter().position(|p| p.id == "G").unwrap();
    assert_eq!(pos.hand(Color::White, pawn), MAX_IN_HAND);
    assert_eq!(pos.hand(Color::Black, gold), MAX_IN_HAND);
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn one_piece_more_is_refused_where_it_stands() {
    let v = shogi();
    let n = MAX_IN_HAND as usize;
    let fen = format!("{BOARD}[{}] w 0 1", "P".repeat(n + 1));
    let e = Position::from_fen(v, &fen).unwrap_err();
    assert_eq!(e.field, "holdings");
    // The first character past the bound: the hand opens after the board and '['.
    assert_eq!(e.position, BOARD.len() + 1 + n);
    assert!(e.message.contains("65535"), "{e}");
}

#[test]
fn an_overlong_fen_is_refused_before_parsing() {
    let v = shogi();
    let fen = format!("{BOARD}[{}] w 0 1", "-".repeat(MAX_FEN_BYTES));
    let e = Position::from_fen(v, &fen).unwrap_err();
    assert_eq!(e.field, "length");
    assert!(e.to_string().contains(&MAX_FEN_BYTES.to_string()), "{e}");
}

#[test]
fn an_oversized_definition_file_is_refused_unread() {
    let dir = std::env::temp_dir().join(format!("fairyboard-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.txt");
    let mut text = String::from("files=8\nranks=8\nking:K:K::e1\n");
    while text.len() <= MAX_DEFINITION_BYTES {
        text.push_str("# padding padding padding padding padding padding padding padding\n");
    }
    std::fs::write(&path, &text).unwrap();
    let e = catalogue::load(path.to_str().unwrap()).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(matches!(e, LoadError::TooLarge(..)), "{e}");
    assert!(e.to_string().contains("65536"), "{e}");
}

fn chess() -> Arc<Variant> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    std::env::set_var("FAIRYBOARD_VARIANTS", dir);
    catalogue::load("chess").unwrap()
}

#[test]
fn perft_counts_to_its_budget_and_stops_past_it() {
    use fairyboard_core::limits::LimitError;
    use fairyboard_core::perft::perft_within;
    // Published chess perft from the start: 20, 400, 8,902 paths at depths 1 to 3; and
    // "Kiwipete" (chessprogramming.org, Perft Results, position 2): 48, 2,039.
    let mut pos = Position::start(chess());
    let start = pos.to_fen();
    assert_eq!(perft_within(&mut pos, 3, 8_902), Ok(8_902));
    let e = perft_within(&mut pos, 3, 8_901).unwrap_err();
    assert_eq!(e.what, "perft move paths (counted before stopping)");
    assert_eq!(e.limit, 8_901);
    assert!(e.found > 8_901 && e.found <= 8_902, "{e:?}");
    assert!(e.to_string().ends_with("is over the limit of 8901"), "{e}");
    assert_eq!(
        pos.to_fen(),
        start,
        "a stopped count leaves the position as it was"
    );
    // The budget holds at the root's bulk count too.
    assert_eq!(perft_within(&mut pos, 1, 20), Ok(20));
    assert!(perft_within(&mut pos, 1, 19).is_err());
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut pos = Position::from_fen(chess(), kiwipete).unwrap();
    assert_eq!(perft_within(&mut pos, 2, 2_039), Ok(2_039));
    assert!(matches!(
        perft_within(&mut pos, 2, 2_000),
        Err(LimitError { limit: 2_000, .. })
    ));
    assert_eq!(pos.to_fen(), kiwipete);
}

/// Fuzzer find (variant target, a slow unit: 0.5 s of instrumented CPU for one position's
/// moves, 92 ms in a debug build): a pawn whose leniently read move has thousands of
/// paths, which every legality check sorted again to drop repeats. Attack queries now keep the repeats, which cannot change whether
/// a square is attacked: checked here against the de-duplicated moves of every piece
/// (`moves_from`) on every square holding an enemy, and the legal moves come in well under
/// a second.
#[test]
fn attack_queries_agree_with_the_pieces_moves_and_stay_fast() {
    let text =
        "fihoice=QRBN\nroyal=6\npawn\0\0\0\0\0\0\0\0\0\0:P:fst\u{1}UUUUUUUtarrionemnD::a4-h2\n\
                kice=G\nroyal=1\nking:K:K::c0,,c5\ngnld:GFf:W\u{1}\0\u{11}\0\u{1}\0\0\0enZ\n\
                :n:oed1kiW:awn:P:fs!tironrategymWfceFifminD::a4-h:c2,,c3\n";
    let (v, _) = Variant::from_definition("fuzz", text).expect("builds");
    let mut pos = Position::start(Arc::new(v));
    let squares: Vec<Square> = pos.variant().geometry.squares().collect();
    for by in [Color::White, Color::Black] {
        // Squares holding the other side's pieces: what a royal's square is when asked
        // about (a move generator only captures what stands on a square).
        let theirs = |sq: Square| {
            let c = pos.cell(sq);
            c != 0 && c != 0xFF && (c & 0x80 != 0) == (by == Color::White)
        };
        for &target in squares.iter().filter(|&&sq| theirs(sq)) {
            let expected = squares.iter().any(|&from| {
                let c = pos.cell(from);
                let black = c & 0x80 != 0;
                if c == 0 || c == 0xFF || black != (by == Color::Black) {
                    return false;
                }
                let mut list = fairyboard_core::MoveList::new();
                pos.moves_from(from, &mut list);
                list.iter().any(|m| {
                    m.kind != fairyboard_core::MoveKind::Castle
                        && (m.to() == target
                            || m.locust().iter().any(|&s| usize::from(s) == target.index()))
                })
            });
            assert_eq!(
                pos.is_attacked(target, by),
                expected,
                "{by:?} on {target:?}"
            );
        }
    }
    let start = Instant::now();
    let _ = pos.legal_moves();
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
}

/// Fuzzer find (variant target, a timeout): on a board one file wide a castling move's step
/// is as long as the board, so its link is bound dead with offset 0, and looking for the
/// castling partner walked that offset towards the edge for ever. A dead castling link now
/// has no partner. Hand count for the position: White's king on a1 (own rook on a2 blocks
/// it, castling cannot happen) and rook on a2, which reaches a3–a6 and takes on a7.
#[test]
fn castling_on_a_one_file_board_ends() {
    let text = "files=1\nranks=8\nroyal=1\nking:K:KisO2::a1,,a8\nrook:R:R::a2,,a7\n";
    let (v, _) = Variant::from_definition("one-file", text).unwrap();
    let v = Arc::new(v);
    let mut pos = Position::start(v.clone());
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
    moves.sort();
    assert_eq!(moves, ["a2a3", "a2a4", "a2a5", "a2a6", "a2a7"]);
    assert_eq!(pos.to_fen(), "k/r/1/1/1/1/R/K w - - 0 1");
}

/// A smaller compile budget only leaves more out: with two repetition-group expansions
/// allowed, `(ma)fWK` keeps the king's moves and the first expansions, and the warning
/// names the budget; with the engine's budget nothing is left out.
#[test]
fn a_smaller_compile_budget_leaves_out_with_a_warning() {
    use fairyboard_core::definition::check_parsed_within;
    let text = "files=8\nranks=8\nroyal=1\nking:K:K::e1,,e8\nrunner:R:(ma)fWK::a1,,a8\n";
    let small = xbetza::CompileBudget {
        expansions: 2,
        ..xbetza::CompileBudget::DEFAULT
    };
    let checked = check_parsed_within("budget", idiagram::parse(text), small);
    let v = checked.variant.expect("builds");
    assert!(
        checked.diagnostics.iter().any(|d| d
            .message
            .contains("more than 2 repetition-group expansions")),
        "{:?}",
        checked.diagnostics
    );
    let runner = &v.pieces[1].program.records;
    // K's diagonal step is kept.
    assert!(runner
        .iter()
        .any(|r| r.depth == 0 && r.step.dx == 1 && r.step.dy == 1));
    let full = check_parsed_within("budget", idiagram::parse(text), Default::default());
    assert!(full.diagnostics.is_empty(), "{:?}", full.diagnostics);
}

/// Fuzzer find (variant target, a panic): two types each starting with 3,333,333,333 in
/// hand overflowed the side's count of pieces in hand (a `u32`) when a drop was made; in a
/// build without overflow checks the count would wrap. Start hands are cut so that a side
/// holds at most [`MAX_IN_HAND`] in all, and a drop takes one from it.
#[test]
fn huge_start_hands_are_cut_and_drops_do_not_overflow() {
    let text = "files=4\nranks=4\nholdingsType=-1\nroyal=1\n\
                king:K:K::a1,,d4\nwazir:W:W::-:3333333333\nferz:F:F::-:3333333333\n";
    let (v, _) = Variant::from_definition("hands", text).unwrap();
    let v = Arc::new(v);
    let mut pos = Position::start(v.clone());
    let held = |pos: &Position| pos.hand(Color::White, 1) + pos.hand(Color::White, 2);
    assert_eq!(held(&pos), MAX_IN_HAND);
    let drop = *pos
        .legal_moves()
        .iter()
        .find(|m| m.kind == fairyboard_core::MoveKind::Drop)
        .expect("a drop");
    pos.make(&drop);
    assert_eq!(held(&pos), MAX_IN_HAND - 1);
}
