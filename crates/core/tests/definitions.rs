//! Definitions and FENs at the rules core's boundary: every catalogue definition survives
//! a render/parse round trip with unchanged behaviour, bad definitions report every error
//! with its line and piece, and bad FENs name the field and the character.
//!
//! FEN error positions are 0-based character offsets (`FenError::position`), counted by
//! hand in each case.

use std::sync::Arc;

use fairyboard_core::definition::spec_of;
use fairyboard_core::fen::FenError;
use fairyboard_core::{catalogue, perft, Position, Variant};

fn catalogue_dir() {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
}

/// What a variant shows from outside: its pieces, start position, moves and perft(2).
#[derive(Debug, PartialEq, Eq)]
struct Behaviour {
    pieces: Vec<(usize, String, String, String, bool)>,
    start_fen: String,
    moves: Vec<String>,
    perft2: u64,
}

fn behaviour(v: Variant) -> Behaviour {
    let v = Arc::new(v);
    let pieces = v
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| (i, p.name.clone(), p.id.clone(), p.betza.clone(), p.royal))
        .collect();
    let mut pos = Position::start(v.clone());
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
    moves.sort();
    Behaviour {
        pieces,
        start_fen: pos.to_fen(),
        moves,
        perft2: perft::perft(&mut pos, 2),
    }
}

#[test]
fn every_catalogue_definition_round_trips_through_its_text() {
    catalogue_dir();
    let names = catalogue::names();
    assert!(names.len() >= 25, "catalogue has {} entries", names.len());
    for name in names {
        let (_, text) = catalogue::read(&name).expect("readable");
        let first = idiagram::parse(&text);
        assert!(first.is_ok(), "{name}: {:?}", first.diagnostics);
        let rendered = first.definition.to_text();
        let second = idiagram::parse(&rendered);
        assert!(
            second.is_ok(),
            "{name}: the rendered text does not parse: {:?}\n{rendered}",
            second.diagnostics
        );
        let build = |d: &idiagram::Definition| {
            let (v, _) =
                Variant::from_spec(&spec_of(&name, d)).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            behaviour(v)
        };
        let a = build(&first.definition);
        let b = build(&second.definition);
        assert!(!a.moves.is_empty(), "{name}: no moves at the start");
        assert_eq!(a, b, "{name}: behaviour changed by the round trip");
        // Rendering is canonical: rendering the re-parsed definition changes nothing.
        assert_eq!(second.definition.to_text(), rendered, "{name}");
    }
}

const THREE_ERRORS: &str = "\
files=8
ranks=8
royal=9
king:K:K::e1
rook:R:R::a1,k1
bishop:B:B!::c1
";

#[test]
fn every_definition_error_is_reported_with_line_and_piece() {
    let errors = match Variant::from_definition("bad", THREE_ERRORS) {
        Ok(_) => panic!("a definition with three errors built"),
        Err(e) => e,
    };
    assert_eq!(errors.len(), 3, "{errors:#?}");
    let find = |needle: &str| {
        errors
            .iter()
            .find(|e| e.contains(needle))
            .unwrap_or_else(|| panic!("no error with {needle:?} in {errors:#?}"))
    };
    // royal=9: there are 3 pieces. The value starts at column 7.
    let royal = find("line 3");
    assert!(royal.contains("'royal'") && royal.contains('9'), "{royal}");
    // k1 is off the 8x8 board.
    let rook = find("line 5");
    assert!(rook.contains("'rook'") && rook.contains("k1"), "{rook}");
    // `B!`: the `!` at 0-based position 1 of the move.
    let bishop = find("line 6");
    assert!(
        bishop.contains("'bishop'") && bishop.contains("'B!'") && bishop.contains("'!'"),
        "{bishop}"
    );
}

/// Fuzzer find (betza target, out of memory in move generation): a repeated sideways
/// slide `(as)W6` has billions of paths from one square. The repetitions beyond the limit
/// are left out when the variant is built, with a warning of its line and piece; the piece
/// keeps the moves that fit (the zero-repetition term `W6`, a rook on 8x8).
#[test]
fn an_exploding_move_is_cut_back_at_build_time() {
    let text = "royal=2\nsnake:S:(as)W6fh::a1\nking:K:K::e1\n";
    let (v, warnings) = Variant::from_definition("snake", text).expect("builds");
    assert_eq!(v.pieces.len(), 2);
    assert!(
        warnings.iter().any(|w| w.contains("line 2")
            && w.contains("'snake'")
            && w.contains("left out")
            && w.contains("squares from one square")),
        "{warnings:#?}"
    );
    let d4 = fairyboard_core::coord::Coord::new(3, 3);
    let targets =
        fairyboard_core::explore::targets_on_empty_board("(as)W6fh", 8, 8, d4).expect("explores");
    for sq in ["a4", "d1", "d8", "h4", "c4", "d5"] {
        assert!(targets.iter().any(|t| t == sq), "{sq} in {targets:?}");
    }
}

/// A repetition that outgrows the compiler on a bigger board: `(ma)fW` on 12x10 unrolls to
/// paths of up to 13 legs, 4 * 3^11 of them. The piece keeps the repetitions that fit and
/// the definition builds with a warning; `fW` (a2) and `mafW` (a3, c1) from a1 are there.
#[test]
fn a_repetition_beyond_the_limits_keeps_what_fits() {
    let text = "files=12\nranks=10\nroyal=2\nwalker:W:(ma)fW::a1\nking:K:K::l1\n";
    let (v, warnings) = Variant::from_definition("walker", text).expect("builds");
    assert_eq!(v.pieces.len(), 2);
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("line 4") && w.contains("'walker'") && w.contains("left out")),
        "{warnings:#?}"
    );
    let a1 = fairyboard_core::coord::Coord::new(0, 0);
    let targets =
        fairyboard_core::explore::targets_on_empty_board("(ma)fW", 12, 10, a1).expect("explores");
    for sq in ["a2", "a3", "c1"] {
        assert!(targets.iter().any(|t| t == sq), "{sq} in {targets:?}");
    }
}

#[test]
fn an_unknown_parameter_is_only_a_warning() {
    let text = "fooBar=1\nroyal=2\nrook:R:R::a1\nking:K:K::e1\n";
    let (v, warnings) = Variant::from_definition("warned", text).expect("builds");
    assert_eq!(v.pieces.len(), 2);
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("line 1") && w.contains("fooBar")),
        "{warnings:#?}"
    );
}

fn chess() -> Arc<Variant> {
    catalogue_dir();
    catalogue::load("chess").expect("chess")
}

fn fen_error(fen: &str) -> FenError {
    match Position::from_fen(chess(), fen) {
        Ok(p) => panic!("{fen} parsed as {}", p.to_fen()),
        Err(e) => e,
    }
}

#[test]
fn fen_with_the_wrong_number_of_ranks() {
    // Seven ranks: the board field starts at 0.
    let e = fen_error("8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!((e.field, e.position), ("board", 0));
    assert!(e.message.contains("7 ranks"), "{}", e.message);
    // Ten ranks (nine would be read as a holdings rank).
    let e = fen_error("8/8/8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!((e.field, e.position), ("board", 0));
    assert!(e.message.contains("10 ranks"), "{}", e.message);
    // After leading blanks the board starts at 2.
    let e = fen_error("  8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!((e.field, e.position), ("board", 2));
}

#[test]
fn fen_with_too_many_squares_in_a_rank() {
    // Nine pawns on rank 7: "rnbqkbnr/" is characters 0-8, the pawns 9-17; the ninth
    // pawn (character 17) is the square too many.
    let e = fen_error("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!((e.field, e.position), ("board", 17));
    assert!(e.message.contains("rank 7"), "{}", e.message);
    // "44" on rank 6 is a count of 44 squares, starting at character 18.
    let e = fen_error("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!((e.field, e.position), ("board", 18));
    // Too few: "7" on rank 5 (characters 18-19 are "8/", so the rank starts at 20).
    let e = fen_error("rnbqkbnr/pppppppp/8/7/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!((e.field, e.position), ("board", 20));
    assert!(e.message.contains("rank 5 has 7 squares"), "{}", e.message);
}

#[test]
fn fen_with_an_unknown_piece_letter() {
    // "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/" is 9 + 9 + 8 + 9 = 35 characters; the `Z`
    // replacing the b1 knight is character 36.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RZBQKBNR w KQkq - 0 1");
    assert_eq!((e.field, e.position), ("board", 36));
    assert!(e.message.contains("'Z'"), "{}", e.message);
    assert_eq!(
        e.to_string(),
        "FEN board at character 37: 'Z' is not a piece of this variant"
    );
}

#[test]
fn fen_with_a_bad_side_to_move() {
    // The board is characters 0-42, a blank, then the side at 44.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
    assert_eq!((e.field, e.position), ("side to move", 44));
    assert!(e.message.contains("'x'"), "{}", e.message);
    // Two blanks before the side: 45.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  white KQkq - 0 1");
    assert_eq!((e.field, e.position), ("side to move", 45));
}

#[test]
fn fen_with_a_bad_castling_character() {
    // The castling field starts at 46 ("...RNBQKBNR w " is 43 + 3 characters); `z` is its
    // third character: 48.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQzq - 0 1");
    assert_eq!((e.field, e.position), ("castling", 48));
    assert!(e.message.contains("'z'"), "{}", e.message);
    // A file letter beyond the board (`I` on 8 files) is no right either: 46.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ikq - 0 1");
    assert_eq!((e.field, e.position), ("castling", 46));
}

#[test]
fn good_fens_still_parse() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 12 40",
    ] {
        let pos = Position::from_fen(chess(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_fen(), fen);
    }
}
