//! How far the evaluation is from a reference engine's scores, and how each weight moves
//! it:
//! `cargo run --release --example score_error -- [--depth D] [--jacobian OUT]
//! [NAME=VALUE...] VARIANT FILE [VARIANT FILE...]`.
//!
//! Each FILE holds one `FEN<TAB>centipawns` a line (the side to move's view), as
//! `bench/label.py` writes them from a strong engine's analysis. Each position is searched
//! to D (default 1: one move and quiescence) and the error of `fairyboard_ai::fit` is
//! printed per file, as it stands and with our scores scaled by the best factor from 0.5
//! to 2.0. `NAME=VALUE` sets a weight of `fairyboard_ai::eval::Weights` (names as
//! `Weights::named` gives them, such as `mobility.mg=150`) for a trial.
//!
//! With `--jacobian OUT`, the quiet positions (static evaluation within 50 centipawns of
//! the depth-D score) go to OUT, one a line: the file's number, the reference score, our
//! static score, and for each weight how many centipawns our static score moves per unit
//! of it (measured by moving the weight alone); the header names each weight with its
//! value (`NAME=VALUE`). `bench/fit_weights.py` fits every weight
//! at once from that file (Texel's method, linearised).
use fairyboard_ai::eval::{Evaluator, Weights};
use fairyboard_ai::fit;
use fairyboard_core::catalogue;
use std::io::Write;

/// A quiet position's static score is within this many centipawns of its searched one.
const QUIET: f64 = 50.0;

fn main() {
    let mut depth = 1;
    let mut jacobian = None;
    let mut pairs = Vec::new();
    let mut rest = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--depth" => depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(1),
            "--jacobian" => jacobian = args.next(),
            _ if a.contains('=') => pairs.push(a),
            _ => rest.push(a),
        }
    }
    let weights = Weights::parse(&pairs.join(" ")).unwrap_or_else(|e| die(&e));
    // The old form, VARIANT FILE DEPTH.
    if rest.len() == 3 {
        if let Ok(d) = rest[2].parse() {
            depth = d;
            rest.pop();
        }
    }
    if rest.is_empty() || rest.len() % 2 != 0 {
        die("usage: score_error [--depth D] [--jacobian OUT] [NAME=VALUE...] VARIANT FILE...");
    }
    let mut out = jacobian.map(|path| {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).expect("jacobian file"));
        let mut w = weights;
        let names: Vec<String> = w.named().iter().map(|(n, v)| format!("{n}={v}")).collect();
        writeln!(f, "file\treference\tscore\t{}", names.join("\t")).expect("write");
        f
    });
    for (set, pair) in rest.chunks(2).enumerate() {
        let variant = catalogue::load(&pair[0])
            .unwrap_or_else(|e| die(&format!("{}: not a catalogue variant: {e:?}", pair[0])));
        let text =
            std::fs::read_to_string(&pair[1]).unwrap_or_else(|e| die(&format!("{}: {e}", pair[1])));
        let labelled = fit::read(&variant, &text, 1);
        for n in &labelled.skipped {
            eprintln!("{} line {n}: not FEN<TAB>centipawns, skipped", pair[1]);
        }
        let scored = fit::score(&variant, &labelled.positions, depth, weights);
        let (best, scale) = (5..=20)
            .map(|k| (fit::error(&scored, k as f64 / 10.0), k as f64 / 10.0))
            .fold((f64::MAX, 1.0), |a, b| if b.0 < a.0 { b } else { a });
        println!(
            "{} positions {} error {:.2} best {:.2} at scale {:.1}",
            pair[0],
            scored.len(),
            fit::error(&scored, 1.0),
            best,
            scale
        );
        let Some(f) = out.as_mut() else {
            continue;
        };
        let base = Evaluator::with_weights(&variant, weights);
        let trials: Vec<(Evaluator, f64)> = (0..weights.clone().named().len())
            .map(|i| {
                let mut w = weights;
                let mut named = w.named();
                let step = (named[i].1.abs() / 4).max(4);
                *named[i].1 += step;
                (Evaluator::with_weights(&variant, w), step as f64)
            })
            .collect();
        for ((pos, reference), (searched, _)) in labelled.positions.iter().zip(&scored) {
            let s = base.evaluate(pos) as f64;
            if (s - searched).abs() > QUIET {
                continue;
            }
            let slopes: Vec<String> = trials
                .iter()
                .map(|(e, step)| format!("{:.3}", (e.evaluate(pos) as f64 - s) / step))
                .collect();
            writeln!(f, "{set}\t{reference}\t{s}\t{}", slopes.join("\t")).expect("write");
        }
    }
}

fn die(message: &str) -> ! {
    eprintln!("score_error: {message}");
    std::process::exit(2);
}
