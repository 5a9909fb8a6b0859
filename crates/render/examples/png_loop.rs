//! Renders the `/d` default diagram (8×8 start position, 40-pixel squares) as PNG many
//! times, for a profiler: `valgrind --tool=callgrind target/release/examples/png_loop 200`
//! gives the instructions per image independent of machine load.

use fairyboard_render::{render, Diagram, Style};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let ffen = std::env::args()
        .nth(2)
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_string());
    let style = Style::default();
    let mut bytes = 0;
    for _ in 0..n {
        let d = Diagram::parse_ffen(&ffen).expect("a valid Fairy-FEN");
        bytes += render::png(&d, &style).expect("renders").len();
    }
    println!("{n} images, {} bytes each", bytes / n.max(1));
}
