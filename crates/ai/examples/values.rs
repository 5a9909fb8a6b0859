//! Print the measured piece values of catalogue variants: `cargo run --example values chess`.
use fairyboard_ai::eval::Evaluator;
use fairyboard_core::catalogue;

fn main() {
    for name in std::env::args().skip(1) {
        match catalogue::load(&name) {
            Ok(v) => {
                let t0 = std::time::Instant::now();
                let vals = Evaluator::stats(&v);
                let line: Vec<String> = vals.iter().map(|(id, x)| format!("{id}={x}")).collect();
                println!("{name}: {} ({:?})", line.join(" "), t0.elapsed());
            }
            Err(e) => println!("{name}: {e}"),
        }
    }
}
