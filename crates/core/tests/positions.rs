//! Properties of positions under random play in every catalogue variant: make/unmake
//! restores the position exactly, the incremental hash equals a recomputed one, FEN
//! round-trips, the legal moves agree with a make-and-test filter of the pseudo-legal
//! ones, and each piece's mobility count agrees with its generated moves.

use std::sync::Arc;

#[path = "common/landings.rs"]
mod landings;

use fairyboard_core::{catalogue, MoveList, Position, Variant};
use proptest::prelude::*;
use xbetza::random::Rng;

fn variants() -> Vec<(String, Arc<Variant>)> {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    catalogue::names()
        .into_iter()
        .filter_map(|n| catalogue::load(&n).ok().map(|v| (n, v)))
        .collect()
}

#[test]
fn every_catalogue_variant_loads() {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    let names = catalogue::names();
    assert!(names.len() >= 25, "catalogue has {} entries", names.len());
    let mut failures = Vec::new();
    for n in &names {
        if let Err(e) = catalogue::load(n) {
            failures.push(e.to_string());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn walk(name: &str, v: &Arc<Variant>, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start(v.clone());
    let mut list = MoveList::new();
    let mut pseudo = MoveList::new();
    for ply in 0..plies {
        pos.legal_moves_into(&mut list);
        // Legal = pseudo-legal moves that survive make-and-test.
        pos.pseudo_moves_into(&mut pseudo);
        let filtered: Vec<_> = pseudo
            .clone()
            .into_iter()
            .filter(|m| pos.is_legal(m))
            .collect();
        prop_assert_eq!(
            filtered.len(),
            list.len(),
            "{} ply {}: legal count",
            name,
            ply
        );
        // The evaluation's mobility count (fast paths for plain leapers and sliders)
        // equals the number of squares the generator's pseudo-legal moves reach for each
        // piece (a promotion choice is no further square).
        let mut scratch = MoveList::new();
        for color in fairyboard_core::Color::BOTH {
            for &sq in pos.pieces(color) {
                pseudo.clear();
                pos.moves_from(sq, &mut pseudo);
                prop_assert_eq!(
                    pos.mobility(sq, &mut scratch),
                    landings::squares_reached(&pseudo),
                    "{} ply {}: mobility of the piece on {}",
                    name,
                    ply,
                    v.coord(sq)
                );
            }
        }
        if list.is_empty() {
            break;
        }
        let fen = pos.to_fen();
        let again = Position::from_fen(v.clone(), &fen)
            .map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
        prop_assert_eq!(
            again.to_fen(),
            fen.clone(),
            "{} ply {}: FEN round trip",
            name,
            ply
        );
        let m = list[rng.below(list.len())];
        let before = pos.clone();
        let undo = pos.make(&m);
        prop_assert_eq!(
            pos.hash(),
            pos.clone_recomputed_hash(),
            "{} ply {}: hash after {}",
            name,
            ply,
            v.uci(&m)
        );
        prop_assert_eq!(
            pos.pawn_hash(),
            pos.recomputed_pawn_hash(),
            "{} ply {}: pawn hash after {}",
            name,
            ply,
            v.uci(&m)
        );
        let after = pos.clone();
        pos.unmake(&m, undo);
        prop_assert!(
            pos == before,
            "{} ply {}: unmake of {} did not restore {}",
            name,
            ply,
            v.uci(&m),
            fen
        );
        let undo = pos.make(&m);
        prop_assert!(pos == after);
        let _ = undo;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]
    #[test]
    fn random_play_keeps_positions_consistent(seed in any::<u64>(), plies in 1usize..80) {
        for (name, v) in variants() {
            walk(&name, &v, seed, plies)?;
        }
    }
}

/// The mobility count of pieces that mix slides and leaps (counted landing by landing
/// since BENCHMARKS.md's run 13), against hand counts on Capablanca's 10×8 board.
#[test]
fn mixed_slides_and_leaps_count_their_moves() {
    let v = catalogue::load("capablanca").unwrap();
    let mut scratch = MoveList::new();
    let e4 = v.square(fairyboard_core::coord::Coord::new(4, 3));
    // Chancellor (rook + knight) on e4, kings on e1 and e8: up to e8's king (4, the last
    // a capture), down to e2 (2), four squares to the left and five to the right (9),
    // and eight knight leaps: 23.
    let pos = Position::from_fen(v.clone(), "4k5/10/10/10/4C5/10/10/4K5 w - - 0 1").unwrap();
    assert_eq!(pos.mobility(e4, &mut scratch), 23);
    // Archbishop (bishop + knight): diagonals of 4, 4, 3 and 3 squares, and eight leaps.
    let pos = Position::from_fen(v, "4k5/10/10/10/4A5/10/10/4K5 w - - 0 1").unwrap();
    assert_eq!(pos.mobility(e4, &mut scratch), 22);
}

/// A promotion choice is no further square reached: a shogi silver on e7, inside its
/// promotion zone, has two moves to each of its five squares (promoting or not), and its
/// mobility is five, as the value measure counts it (it was ten, so the evaluation paid a
/// piece in the zone twice for its room).
#[test]
fn promotion_choices_count_once_in_mobility() {
    let v = catalogue::load("shogi").unwrap();
    let pos = Position::from_fen(v.clone(), "4k4/9/4S4/9/9/9/9/9/4K4[-] w 0 1").unwrap();
    let e7 = v.square(fairyboard_core::coord::Coord::new(4, 6));
    let mut list = MoveList::new();
    pos.moves_from(e7, &mut list);
    assert_eq!(
        list.len(),
        10,
        "five squares, each with and without promotion"
    );
    assert_eq!(pos.mobility(e7, &mut list), 5);
}

/// The pawn hash follows the pawns only — by flag (chess) or by their moves (Spartan
/// Chess's hoplites, `PieceType::pawn_like`): a piece's move keeps it, a pawn's step and a
/// capture of a pawn change it, and taking them back restores it.
#[test]
fn the_pawn_hash_sees_pawns_only() {
    // (variant, position, a piece's move, then pawn-changing moves)
    let cases = [
        (
            "chess",
            "4k3/3p4/8/4N3/8/8/4P3/4K3 w - - 0 1",
            "e5c6",
            &["e2e4", "e5d7"][..],
        ),
        (
            "spartan",
            "1g2k3/hhh5/8/8/8/8/PPP5/4K3 b - - 0 1",
            "b8c8",
            &["a7b6"][..],
        ),
    ];
    for (name, fen, piece_move, pawn_moves) in cases {
        let v = catalogue::load(name).unwrap();
        let mut pos = Position::from_fen(v.clone(), fen).unwrap();
        let start = pos.pawn_hash();
        assert_ne!(start, 0);
        let find = |pos: &mut Position, uci: &str| {
            pos.legal_moves()
                .into_iter()
                .find(|m| v.uci(m) == uci)
                .unwrap_or_else(|| panic!("{name}: {uci} is legal"))
        };
        let m = find(&mut pos, piece_move);
        let undo = pos.make(&m);
        assert_eq!(pos.pawn_hash(), start, "{name}: {piece_move}");
        assert_ne!(pos.hash(), pos.pawn_hash());
        pos.unmake(&m, undo);
        for &uci in pawn_moves {
            let m = find(&mut pos, uci);
            let undo = pos.make(&m);
            assert_ne!(pos.pawn_hash(), start, "{name}: {uci}");
            assert_eq!(pos.pawn_hash(), pos.recomputed_pawn_hash());
            pos.unmake(&m, undo);
            assert_eq!(pos.pawn_hash(), start);
        }
    }
}
