//! What each evaluation term adds to a position's score:
//! `cargo run --release --example explain -- VARIANT FEN`.
//!
//! Prints the static score (side to move's view) and, for every named weight, how much
//! the score changes when that weight alone is set to 0 — the term's share.
//!
//! With `-` for the FEN it reads `FEN<TAB>centipawns` lines (as `bench/label.py` writes
//! them) from stdin and prints `static<TAB>centipawns<TAB>FEN` for each: the data for
//! looking at where the evaluation and a reference engine part.
//!
//! With `--terms` for the FEN it reads one FEN a line from stdin and prints
//! `FEN<TAB>score<TAB>name=share ...` (White's view, every term that is not 0): the shares
//! of many positions at once, for comparing them with a reference engine's own terms.
//!
//! `FAIRYBOARD_WEIGHTS="NAME=VALUE ..."` in the environment sets the weights (a trial's),
//! as for the `think` example.
use fairyboard_ai::eval::{Evaluator, Weights};
use fairyboard_core::{catalogue, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(fen)) = (args.first(), args.get(1)) else {
        eprintln!("usage: explain VARIANT FEN");
        std::process::exit(2);
    };
    let variant = catalogue::load(name).expect("variant");
    let base = std::env::var("FAIRYBOARD_WEIGHTS").unwrap_or_default();
    let weights = Weights::parse(&base).expect("FAIRYBOARD_WEIGHTS");
    if fen == "-" {
        let eval = Evaluator::with_weights(&variant, weights);
        for line in std::io::stdin().lines().map_while(Result::ok) {
            let Some((fen, score)) = line.split_once('\t') else {
                continue;
            };
            match Position::from_fen(variant.clone(), fen) {
                Ok(pos) => println!("{}\t{score}\t{fen}", eval.evaluate(&pos)),
                Err(e) => eprintln!("{fen}: {e}"),
            }
        }
        return;
    }
    // One evaluator without each named term: a term's share is the score it takes away.
    let mut names = Weights::default();
    let without: Vec<(&str, Evaluator)> = names
        .named()
        .into_iter()
        .map(|(n, _)| {
            let w = Weights::parse(&format!("{base} {n}=0")).expect("a named weight");
            (n, Evaluator::with_weights(&variant, w))
        })
        .collect();
    let full = Evaluator::with_weights(&variant, weights);
    if fen == "--terms" {
        for line in std::io::stdin().lines().map_while(Result::ok) {
            let fen = line.trim();
            let pos = match Position::from_fen(variant.clone(), fen) {
                Ok(pos) => pos,
                Err(e) => {
                    eprintln!("{fen}: {e}");
                    continue;
                }
            };
            let white = if pos.side_to_move() == fairyboard_core::Color::White {
                1
            } else {
                -1
            };
            let score = full.evaluate(&pos);
            let mut row = format!("{fen}\t{}\t", white * score);
            for (n, e) in &without {
                let share = score - e.evaluate(&pos);
                if share != 0 {
                    row += &format!("{n}={} ", white * share);
                }
            }
            println!("{}", row.trim_end());
        }
        return;
    }
    let pos = Position::from_fen(variant.clone(), fen).expect("fen");
    let score = full.evaluate(&pos);
    println!("score {score}");
    for (n, e) in &without {
        let share = score - e.evaluate(&pos);
        if share != 0 {
            println!("{n:24} {share:+}");
        }
    }
}
