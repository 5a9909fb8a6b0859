//! Crazyhouse's promoted pieces (fairyboard's `demotePromoted=1`, Fairy-Stockfish's `X~`
//! FEN mark) on the catalogue's crazyhouse. Every expected FEN was written by hand from the
//! rule: a piece that got its type by promotion goes back to a hand as a pawn when captured.

use std::path::PathBuf;
use std::sync::Arc;

use fairyboard_core::{catalogue, Position, Variant};

fn load(name: &str) -> Arc<Variant> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    std::env::set_var("FAIRYBOARD_VARIANTS", dir);
    catalogue::load(name).unwrap()
}

/// Play `uci` (which must be legal) and return the FEN after it, checking that unmaking
/// restores the position and its hash exactly.
fn play(v: &Arc<Variant>, fen: &str, uci: &str) -> String {
    let mut pos = Position::from_fen(v.clone(), fen).unwrap();
    let m = *pos
        .legal_moves()
        .iter()
        .find(|m| v.uci(m) == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {fen}"));
    let before = pos.clone();
    let undo = pos.make(&m);
    assert_eq!(pos.hash(), pos.clone_recomputed_hash(), "hash after {uci}");
    let after = pos.to_fen();
    pos.unmake(&m, undo);
    assert!(pos == before, "unmake of {uci} in {fen}");
    assert_eq!(pos.to_fen(), fen);
    after
}

#[test]
fn captured_promoted_queen_returns_as_a_pawn() {
    let v = load("crazyhouse");
    // Black rook h8 takes White's promoted queen h1 (with check along rank 1): Black's
    // hand gets a pawn, not a queen.
    let fen = "4k2r/8/8/8/8/8/8/4K2Q~[] b - - 0 1";
    assert_eq!(play(&v, fen, "h8h1"), "4k3/8/8/8/8/8/8/4K2r[p] w - - 0 2");
    // The same capture of a queen that did not promote gives a queen.
    assert_eq!(
        play(&v, "4k2r/8/8/8/8/8/8/4K2Q[] b - - 0 1", "h8h1"),
        "4k3/8/8/8/8/8/8/4K2r[q] w - - 0 2"
    );
}

#[test]
fn the_mark_is_made_by_promotion_and_moves_with_the_piece() {
    let v = load("crazyhouse");
    // a7a8q: the new queen is marked; a7a8n likewise.
    assert_eq!(
        play(&v, "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8q"),
        "Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    );
    assert_eq!(
        play(&v, "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8n"),
        "N~3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    );
    // A promoted queen moves on (h1h5) and keeps its mark; the square it left has none.
    assert_eq!(
        play(&v, "4k3/8/8/8/8/8/8/4K2Q~[] w - - 0 1", "h1h5"),
        "4k3/8/8/7Q~/8/8/8/4K3[] b - - 1 1"
    );
    // A pawn taking a piece and promoting on the way: the captured rook goes to the hand
    // as a rook, the new knight is marked.
    assert_eq!(
        play(&v, "1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7b8n"),
        "1N~2k3/8/8/8/8/8/8/4K3[R] b - - 0 1"
    );
}

#[test]
fn fen_mark_round_trips_and_counts_in_equality_and_hash() {
    let v = load("crazyhouse");
    let marked = Position::from_fen(v.clone(), "4k3/8/8/8/8/8/8/4K2Q~[] w - - 0 1").unwrap();
    let plain = Position::from_fen(v.clone(), "4k3/8/8/8/8/8/8/4K2Q[] w - - 0 1").unwrap();
    assert_eq!(marked.to_fen(), "4k3/8/8/8/8/8/8/4K2Q~[] w - - 0 1");
    assert!(marked != plain);
    assert_ne!(marked.hash(), plain.hash());
    assert_eq!(marked.hash(), marked.clone_recomputed_hash());
    // In chess (no demotePromoted) the mark is accepted and dropped.
    let chess = load("chess");
    let p = Position::from_fen(chess, "4k3/8/8/8/8/8/8/4K2Q~ w - - 0 1").unwrap();
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4K2Q w - - 0 1");
}
