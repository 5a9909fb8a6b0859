//! How far the evaluation is from a reference engine's scores:
//! `cargo run --release --example score_error -- VARIANT FILE [DEPTH]`.
//!
//! FILE holds one `FEN<TAB>centipawns` a line (the side to move's view), as
//! `bench/label.py` writes them from a strong engine's analysis. Each position is searched
//! to DEPTH (default 1: one move and quiescence, so the score is a quiet one), both scores
//! are turned into win probabilities (1 / (1 + 10^(−cp/400))) and the mean squared
//! difference is printed, ×10⁴, as it stands and with our scores scaled by the best factor
//! from 0.5 to 2.0. The evaluation's weights were fitted by lowering this number
//! (BENCHMARKS.md, run 15): a load-independent measure that takes seconds, where a match
//! takes an hour.
use fairyboard_ai::{Limits, NoClock, Options, Searcher};
use fairyboard_core::{catalogue, Position};

fn win_probability(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(variant), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: score_error VARIANT FILE [DEPTH]");
        std::process::exit(2);
    };
    let variant = catalogue::load(variant).expect("variant");
    let text = std::fs::read_to_string(file).expect("positions file");
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(1);
    let mut searcher = Searcher::new(variant.clone(), Options::default());
    let mut pairs = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let parsed = line.split_once('\t').and_then(|(fen, cp)| {
            let pos = Position::from_fen(variant.clone(), fen).ok()?;
            Some((pos, cp.trim().parse::<f64>().ok()?))
        });
        let Some((mut pos, reference)) = parsed else {
            eprintln!("line {}: not FEN<TAB>centipawns, skipped", n + 1);
            continue;
        };
        searcher.clear();
        let r = searcher.search(&mut pos, &[], &Limits::depth(depth), &mut NoClock);
        pairs.push((r.score as f64, reference));
    }
    let error = |scale: f64| {
        pairs
            .iter()
            .map(|(ours, theirs)| {
                (win_probability(ours * scale) - win_probability(*theirs)).powi(2)
            })
            .sum::<f64>()
            / pairs.len().max(1) as f64
            * 1e4
    };
    let (best, scale) = (5..=20)
        .map(|k| (error(k as f64 / 10.0), k as f64 / 10.0))
        .fold((f64::MAX, 1.0), |a, b| if b.0 < a.0 { b } else { a });
    println!(
        "positions {} error {:.2} best {:.2} at scale {:.1}",
        pairs.len(),
        error(1.0),
        best,
        scale
    );
}
