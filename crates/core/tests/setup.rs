//! `Setup`: positions as data by piece type index. Piece types that share an ID letter (a
//! pawn, a prince without an ID of its own, a "rook pawn") survive the round trip and move
//! as themselves; every `SetupError` is reported, never a panic. Expected move sets are
//! counted by hand from the Betza strings.

use std::path::PathBuf;
use std::sync::Arc;

use fairyboard_core::coord::Coord;
use fairyboard_core::geometry::Square;
use fairyboard_core::position::EnPassant;
use fairyboard_core::{catalogue, Color, Position, Setup, SetupError, Variant};

/// Three types with ID `P` (the prince takes its name's first letter): a pawn (`fmWfcF`),
/// a prince stepping as a king, a rook pawn running straight forward (`fR`); then the king.
const SHARED: &str = "files=7\nranks=7\nroyal=4\npawn:P:fmWfcF::a2-c2\nprince::K::d2\n\
    rook pawn:P:fR::g2\nking:K:K::d1\n";
const PAWN: usize = 0;
const PRINCE: usize = 1;
const ROOK_PAWN: usize = 2;
const KING: usize = 3;

fn shared() -> Arc<Variant> {
    Arc::new(Variant::from_definition("shared", SHARED).unwrap().0)
}

fn load(name: &str) -> Arc<Variant> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    std::env::set_var("FAIRYBOARD_VARIANTS", dir);
    catalogue::load(name).unwrap()
}

fn at(v: &Variant, name: &str) -> Square {
    v.square(name.parse::<Coord>().unwrap())
}

/// `to_setup` then `from_setup` gives back an equal position (board, marks, hands, side,
/// e.p., clocks, last move, rules state) with the same hash.
fn assert_round_trip(pos: &Position) {
    let again = Position::from_setup(pos.variant().clone(), pos.to_setup()).unwrap();
    assert!(again == *pos, "round trip changed {}", pos.to_fen());
    assert_eq!(again.hash(), pos.hash());
    assert_eq!(again.hash(), again.clone_recomputed_hash());
    let mut royals = again.royals(Color::White).to_vec();
    let mut want = pos.royals(Color::White).to_vec();
    royals.sort();
    want.sort();
    assert_eq!(royals, want);
}

#[test]
fn the_start_and_the_start_setup_agree() {
    let v = shared();
    let start = Position::start(v.clone());
    assert_eq!(start.to_setup(), {
        let mut s = Setup::start(&v);
        s.rules = Some(Default::default());
        s
    });
    assert_round_trip(&start);
    for (square, piece) in [
        ("a2", PAWN),
        ("d2", PRINCE),
        ("g2", ROOK_PAWN),
        ("d1", KING),
    ] {
        assert_eq!(start.piece_at(at(&v, square)), Some((piece, Color::White)));
    }
    // Black mirrors White.
    assert_eq!(start.piece_at(at(&v, "d6")), Some((PRINCE, Color::Black)));
    assert_eq!(
        start.piece_at(at(&v, "g6")),
        Some((ROOK_PAWN, Color::Black))
    );
}

#[test]
fn games_round_trip_at_every_ply() {
    for v in [shared(), load("crazyhouse"), load("shogi"), load("chess")] {
        let mut pos = Position::start(v.clone());
        for ply in 0..40 {
            assert_round_trip(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // A fixed but varied choice: captures and drops come up.
            let m = moves[(ply * 7 + 3) % moves.len()];
            pos.make(&m);
        }
    }
}

#[test]
fn promoted_marks_hands_and_en_passant_survive() {
    let v = load("crazyhouse");
    // A promoted queen on h1 (it returns to a hand as a pawn), pieces in both hands, and an
    // e.p. capture on d6 for White's e5 pawn.
    let fen = "4k3/8/8/3pP3/8/8/8/4K2Q~[PNp] w - d6 0 30";
    let pos = Position::from_fen(v.clone(), fen).unwrap();
    let s = pos.to_setup();
    assert_eq!(s.promoted_from[at(&v, "h1")], Some(0), "the pawn type");
    assert_eq!(s.hands[0][v.type_by_id("N").unwrap()], 1);
    assert_eq!(s.hands[0][0], 1);
    assert_eq!(s.hands[1][0], 1);
    let ep = s.ep.expect("e.p. square");
    assert_eq!(ep.square(), at(&v, "d6"));
    assert_eq!(ep.victim(), at(&v, "d5"));
    assert_eq!(s.fullmove, 30);
    assert_round_trip(&pos);
    assert_eq!(
        Position::from_setup(v, s).unwrap().to_fen(),
        fen,
        "the same FEN again"
    );
}

#[test]
fn shared_id_types_move_as_themselves_in_a_hand_made_position() {
    let v = shared();
    let mut s = Setup::empty(&v);
    let w = Color::White;
    let b = Color::Black;
    for (square, piece) in [
        ("a1", (KING, w)),
        ("b3", (PAWN, w)),
        ("d4", (PRINCE, w)),
        ("f2", (ROOK_PAWN, w)),
        ("g7", (KING, b)),
        ("c4", (PAWN, b)),
        ("f6", (PRINCE, b)),
    ] {
        s.put(at(&v, square), Some(piece));
    }
    let mut pos = Position::from_setup(v.clone(), s).unwrap();
    let mut by_origin = |from: &str| {
        let sq = at(&v, from);
        let mut to: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from() == sq)
            .map(|m| v.coord(m.to()).to_string())
            .collect();
        to.sort();
        to
    };
    // Pawn b3: one step forward, takes the black pawn on c4 diagonally.
    assert_eq!(by_origin("b3"), ["b4", "c4"]);
    // Prince d4: all eight king steps (c4 takes the pawn).
    assert_eq!(
        by_origin("d4"),
        ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    );
    // Rook pawn f2: up the f-file, taking the black prince on f6.
    assert_eq!(by_origin("f2"), ["f3", "f4", "f5", "f6"]);
    // King a1: a2, b1, b2 (b3 is its own pawn).
    assert_eq!(by_origin("a1"), ["a2", "b1", "b2"]);
    assert_eq!(pos.legal_moves().len(), 2 + 8 + 4 + 3);
    assert_round_trip(&pos);
}

/// The error `from_setup` gives after `edit` to the start setup of `v`.
fn error_after(v: &Arc<Variant>, edit: impl FnOnce(&mut Setup)) -> SetupError {
    let mut s = Setup::start(v);
    edit(&mut s);
    Position::from_setup(v.clone(), s).expect_err("the setup is refused")
}

#[test]
fn every_setup_error_is_reported_with_its_place() {
    let v = shared();
    let d4 = at(&v, "d4");
    let d2 = at(&v, "d2");
    let e = error_after(&v, |s| {
        s.cells.pop();
    });
    assert!(matches!(e, SetupError::Size { what: "cells", .. }), "{e:?}");
    let e = error_after(&v, |s| s.hands[1].push(0));
    assert_eq!(
        e.to_string(),
        "Black's hand: 5 entries, the variant needs 4"
    );
    // Index 0 is padding, outside the board.
    let e = error_after(&v, |s| s.cells[0] = Some((PAWN, Color::White)));
    assert!(
        matches!(
            e,
            SetupError::OffBoard {
                square: Square::NONE,
                at: None
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "a piece on square index 0, outside the board"
    );
    let e = error_after(&v, |s| s.cells[d4] = Some((9, Color::Black)));
    assert_eq!(
        e.to_string(),
        "piece type 9 on d4 is not a type of this variant"
    );
    let e = error_after(&v, |s| s.unmoved[d4] = true);
    assert_eq!(e.to_string(), "unmoved mark on the empty square d4");
    let e = error_after(&v, |s| s.promoted_from[d2] = Some(PAWN));
    assert!(
        matches!(e, SetupError::PromotedWithoutDemotion { .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("d2"), "{e}");
    let e = error_after(&v, |s| s.hands[0][PRINCE] = 1);
    assert_eq!(
        e,
        SetupError::HandWithoutHoldings {
            color: Color::White,
            piece: PRINCE
        }
    );
    let e = error_after(&v, |s| s.fullmove = 0);
    assert_eq!(e, SetupError::FullmoveZero);
    // e.p. onto an occupied square, and with no victim of the side that just moved.
    let e = error_after(&v, |s| {
        s.ep = Some(EnPassant {
            square: d2.pack(),
            second: 0,
            victim: d2.pack(),
        })
    });
    assert_eq!(e.to_string(), "e.p.: d2 is occupied");
    let e = error_after(&v, |s| {
        s.ep = Some(EnPassant {
            square: d4.pack(),
            second: 0,
            victim: at(&v, "d5").pack(),
        })
    });
    assert_eq!(
        e.to_string(),
        "e.p.: no piece of the side that just moved on d5"
    );
    let e = error_after(&v, |s| s.last = Some((7, d4)));
    assert!(matches!(e, SetupError::LastMove { .. }), "{e:?}");
    assert!(e.to_string().contains("piece type 7"), "{e}");
    let e = error_after(&v, |s| s.last = Some((PAWN, Square::new(1))));
    assert!(e.to_string().contains("not a square of the board"), "{e}");

    // Holes, promoted marks of unknown types, and hands too big need other variants.
    let holed = Arc::new(
        Variant::from_definition(
            "holed",
            "files=5\nranks=5\nroyal=1\nking:K:K::a1\nhole::::c3\n",
        )
        .unwrap()
        .0,
    );
    let e = error_after(&holed, |s| {
        s.cells[at(&holed, "c3")] = Some((0, Color::White))
    });
    assert_eq!(e.to_string(), "a piece on c3, which is a hole");
    let zh = load("crazyhouse");
    let e2 = at(&zh, "e2");
    let e = error_after(&zh, |s| s.promoted_from[e2] = Some(99));
    assert_eq!(
        e.to_string(),
        "piece type 99 on e2 is not a type of this variant"
    );
    let e = error_after(&zh, |s| {
        s.hands[1][0] = u32::MAX;
        s.hands[1][1] = 1;
    });
    assert_eq!(
        e,
        SetupError::HandTooLarge {
            color: Color::Black
        }
    );
}

#[test]
fn fen_errors_from_the_setup_keep_field_and_place() {
    // Chess has no holdings: a FEN with pieces in hand is refused at the holdings.
    let v = load("chess");
    let e = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").unwrap_err();
    assert_eq!(e.field, "holdings");
    assert_eq!(e.position, 20, "the character after '[' (0-based)");
    assert!(e.message.contains("no holdings"), "{}", e.message);
}

/// More royals than any game can give a side are refused with a typed error that names
/// where they stand; the bound per side is worked out by hand from each variant's rules.
#[test]
fn more_royals_than_a_game_can_have_are_refused() {
    let shogi = load("shogi");
    // Shogi: one king a side, captured pieces change sides, but taking a king ends the game.
    assert_eq!(Setup::royal_limit(&shogi), [Some(1), Some(1)]);
    let e = Position::from_fen(shogi.clone(), "k1k6/9/9/9/9/9/9/9/K1K6[PPP] w - - 0 1")
        .expect_err("two kings a side are refused");
    assert_eq!(e.field, "board");
    assert_eq!(
        e.message,
        "White has 2 royal pieces (a1, c1), but no game of this variant can give a side more than 1"
    );
    // A king in hand counts too (Black: one on the board, one in hand).
    let e = Position::from_fen(shogi.clone(), "k8/9/9/9/9/9/9/9/K8[k] w - - 0 1")
        .expect_err("a second king in hand is refused");
    assert!(
        e.message
            .starts_with("Black has 2 royal pieces (a9, 1 in hand)"),
        "{}",
        e.message
    );
    // The same position with one king a side is fine.
    Position::from_fen(shogi, "k8/9/9/9/9/9/9/9/K8[PPP] w - - 0 1").unwrap();

    // Spartan: Black starts with two kings; the hoplite's king promotion takes one from
    // the hand (`*K`), so it never adds one, and captured kings go back to their owner.
    assert_eq!(Setup::royal_limit(&load("spartan")), [Some(1), Some(2)]);

    let two_kings = |extra: &str| {
        let text =
            format!("files=6\nranks=6\n{extra}pawn:P:fmW::a2\nknight:N:N::b1\nking:K:K::e1,f1\n");
        Variant::from_definition("kings", &text).unwrap().0
    };
    // Two kings each and all must be taken, captures change sides: a side may win all but
    // the last of the other's kings, 2 + 1.
    assert_eq!(
        Setup::royal_limit(&two_kings("holdingsType=-1\n")),
        [Some(3), Some(3)]
    );
    // With extinction (losing one king loses the game) none ever changes sides.
    assert_eq!(
        Setup::royal_limit(&two_kings("holdingsType=-1\nextinction=1\n")),
        [Some(2), Some(2)]
    );
    // A pawn that may promote to a king makes kings without bound.
    assert_eq!(
        Setup::royal_limit(&two_kings("promoZone=1\nmaxPromote=1\npromoChoice=NK\n")),
        [None, None]
    );
    let v = Arc::new(two_kings(""));
    let e = error_after(&v, |s| s.cells[at(&v, "d1")] = Some((2, Color::White)));
    assert_eq!(
        e,
        SetupError::TooManyRoyals {
            color: Color::White,
            found: 3,
            limit: 2,
            squares: ["d1", "e1", "f1"].map(|c| c.parse().unwrap()).to_vec(),
            in_hand: 0,
        }
    );
}

/// A drop game is one where a hand can ever hold a piece that may be dropped: captures go
/// to a hand (`holdingsType=-1`, crazyhouse and shogi). Where captured pieces vanish
/// (`holdingsType=0`, the default) or a hand only keeps promotion choices
/// (`holdingsType=1`, Grand Chess and Spartan), nothing is ever dropped, though
/// `Variant::drops` is true of the first kind (drops would be moves, had a hand pieces).
#[test]
fn a_drop_game_is_one_whose_hands_can_hold_a_piece() {
    for (name, drop_game) in [
        ("chess", false),
        ("capablanca", false),
        ("xiangqi", false),
        ("grand", false),
        ("spartan", false),
        ("crazyhouse", true),
        ("shogi", true),
        ("minishogi", true),
    ] {
        assert_eq!(load(name).drop_game(), drop_game, "{name}");
    }
    let kings = "files=4\nranks=4\nking:K:K::a1,,d4\n";
    for (extra, drop_game) in [
        ("", false),
        ("holdingsType=0\n", false),
        ("holdingsType=1\n", false),
        ("holdingsType=-1\n", true),
    ] {
        let v = Variant::from_definition("kings", &format!("{extra}{kings}"))
            .unwrap()
            .0;
        assert_eq!(v.drop_game(), drop_game, "{extra:?}");
    }
}
