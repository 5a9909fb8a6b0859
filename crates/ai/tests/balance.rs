//! Starts that are even by design evaluate near even: every catalogue variant (alike armies,
//! or different armies balanced by their inventor, as Spartan Chess). The margin is a pawn
//! and a half for the side to move: alike armies differ only by the move (a tenth of a
//! pawn), and a designer's balance is known to a pawn or so (Spartan Chess: Streetman's
//! values make the armies 39½ against 40½ pawns).

use fairyboard_ai::eval::Evaluator;
use fairyboard_core::{catalogue, Position};

#[test]
fn every_catalogue_start_evaluates_within_a_pawn_and_a_half_of_even() {
    let mut off = Vec::new();
    for name in catalogue::names() {
        let v = catalogue::load(&name).expect("catalogue variant");
        let e = Evaluator::new(&v);
        let score = e.evaluate(&Position::start(v));
        if score.abs() > 150 {
            off.push(format!("{name}: {score}"));
        }
    }
    assert!(off.is_empty(), "starts rated uneven: {off:?}");
}

#[test]
fn alike_armies_differ_only_by_the_move() {
    // With the same army on both sides the material terms cancel exactly; what remains
    // is the side to move's tempo.
    for name in [
        "chess",
        "capablanca",
        "shatranj",
        "makruk",
        "courier",
        "janus",
    ] {
        let v = catalogue::load(name).unwrap();
        let e = Evaluator::new(&v);
        assert_eq!(e.start_balance(), 0, "{name}");
        let score = e.evaluate(&Position::start(v));
        assert!((0..=30).contains(&score), "{name}: {score}");
    }
}
