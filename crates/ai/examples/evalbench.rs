//! Evaluation cost and identity: `evalbench VARIANT ROUNDS < FENS` evaluates every FEN and
//! every position one legal move after it, `ROUNDS` times, and prints the sum of the
//! scores (a change that keeps the evaluation keeps the sum) and the evaluations made.
//! `evalbench VARIANT ROUNDS walk` takes the positions of 20 seeded random games of 80
//! plies instead (any variant, no FENs needed). Run under `valgrind --tool=callgrind`
//! for instructions an evaluation.
use fairyboard_ai::eval::Evaluator;
use fairyboard_core::rng::SplitMix;
use fairyboard_core::{catalogue, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = catalogue::load(&args[0]).expect("variant");
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(1);
    let eval = Evaluator::new(&variant);
    let mut positions = Vec::new();
    if args.get(2).map(String::as_str) == Some("walk") {
        let mut rng = SplitMix(7);
        for _ in 0..20 {
            let mut pos = Position::start(variant.clone());
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.decided().is_some() {
                    break;
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                pos.make(&m);
                positions.push(pos.clone());
            }
        }
    }
    let walked = !positions.is_empty();
    for line in std::io::stdin().lines().take_while(|_| !walked) {
        let line = line.expect("stdin");
        if line.trim().is_empty() {
            continue;
        }
        let mut pos = Position::from_fen(variant.clone(), line.trim()).expect("fen");
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.make(&m);
            positions.push(child);
        }
        positions.push(pos);
    }
    let mut sum = 0i64;
    for _ in 0..rounds {
        for pos in &positions {
            sum += eval.evaluate(pos) as i64;
        }
    }
    println!(
        "positions {} evaluations {} sum {sum}",
        positions.len(),
        positions.len() * rounds
    );
}
