//! How far the evaluation is from a reference engine's scores:
//! `cargo run --release --example score_error -- VARIANT FILE [DEPTH]`.
//!
//! FILE holds one `FEN<TAB>centipawns` a line (the side to move's view), as
//! `bench/label.py` writes them from a strong engine's analysis. Each position is searched
//! to DEPTH (default 1: one move and quiescence) and the error of `fairyboard_ai::fit` is
//! printed, as it stands and with our scores scaled by the best factor from 0.5 to 2.0.
use fairyboard_ai::fit;
use fairyboard_core::catalogue;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(variant), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: score_error VARIANT FILE [DEPTH]");
        std::process::exit(2);
    };
    let variant = catalogue::load(variant).expect("variant");
    let text = std::fs::read_to_string(file).expect("positions file");
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(1);
    let labelled = fit::read(&variant, &text, 1);
    for n in &labelled.skipped {
        eprintln!("line {n}: not FEN<TAB>centipawns, skipped");
    }
    let scored = fit::score(&variant, &labelled.positions, depth);
    let (best, scale) = (5..=20)
        .map(|k| (fit::error(&scored, k as f64 / 10.0), k as f64 / 10.0))
        .fold((f64::MAX, 1.0), |a, b| if b.0 < a.0 { b } else { a });
    println!(
        "positions {} error {:.2} best {:.2} at scale {:.1}",
        scored.len(),
        fit::error(&scored, 1.0),
        best,
        scale
    );
}
