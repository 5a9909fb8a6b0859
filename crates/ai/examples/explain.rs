//! What each evaluation term adds to a position's score:
//! `cargo run --release --example explain -- VARIANT FEN`.
//!
//! Prints the static score (side to move's view) and, for every named weight, how much
//! the score changes when that weight alone is set to 0 — the term's share.
use fairyboard_ai::eval::{Evaluator, Weights};
use fairyboard_core::{catalogue, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(fen)) = (args.first(), args.get(1)) else {
        eprintln!("usage: explain VARIANT FEN");
        std::process::exit(2);
    };
    let variant = catalogue::load(name).expect("variant");
    let pos = Position::from_fen(variant.clone(), fen).expect("fen");
    let full = Evaluator::new(&variant).evaluate(&pos);
    println!("score {full}");
    let mut names = Weights::default();
    let names: Vec<&str> = names.named().into_iter().map(|(n, _)| n).collect();
    for n in names {
        let mut w = Weights::default();
        for (m, v) in w.named() {
            if m == n {
                *v = 0;
            }
        }
        let share = full - Evaluator::with_weights(&variant, w).evaluate(&pos);
        if share != 0 {
            println!("{n:24} {share:+}");
        }
    }
}
