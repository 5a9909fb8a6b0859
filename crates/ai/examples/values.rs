//! Print the measured piece values of catalogue variants (a definition's own `pieceValue`
//! after a slash), with the start position's evaluation for the side to move and the
//! armies' material difference: `cargo run --example values chess spartan`.
use fairyboard_ai::eval::Evaluator;
use fairyboard_core::{catalogue, value, Position};

fn main() {
    for name in std::env::args().skip(1) {
        match catalogue::load(&name) {
            Ok(v) => {
                let t0 = std::time::Instant::now();
                let estimates = value::measure(&v).values;
                let e = Evaluator::new(&v);
                let line: Vec<String> = v
                    .pieces
                    .iter()
                    .enumerate()
                    .map(|(t, p)| match e.value(t) {
                        x if x == estimates[t] => format!("{}={x}", p.id),
                        x => format!("{}={}/{x}", p.id, estimates[t]),
                    })
                    .collect();
                let start = Position::start(v.clone());
                println!(
                    "{name}: {} start={} balance={} ({:?})",
                    line.join(" "),
                    e.evaluate(&start),
                    e.start_balance(),
                    t0.elapsed()
                );
            }
            Err(e) => println!("{name}: {e}"),
        }
    }
}
