//! Search a position and print each iteration:
//! `cargo run --release --example think -- VARIANT DEPTH [FEN]`.
use fairyboard_ai::{Control, Info, Limits, Options, Searcher};
use fairyboard_core::{catalogue, Position};

struct Timer(std::time::Instant);

impl Control for Timer {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn info(&mut self, info: &Info) {
        println!(
            "depth {} score {} nodes {} time {:.0}ms nps {:.0} pv {}",
            info.depth,
            info.score,
            info.nodes,
            self.now_ms(),
            info.nodes as f64 / (self.now_ms() / 1000.0).max(1e-9),
            info.pv.len()
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = catalogue::load(&args[0]).expect("variant");
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(6);
    let mut pos = match args.get(2) {
        Some(f) => Position::from_fen(variant.clone(), f).expect("fen"),
        None => Position::start(variant.clone()),
    };
    let mut s = Searcher::new(variant.clone(), Options::default());
    let mut timer = Timer(std::time::Instant::now());
    let r = s.search(&mut pos, &[], &Limits::depth(depth), &mut timer);
    let pv: Vec<String> = r.pv.iter().map(|m| variant.uci(m)).collect();
    println!(
        "best {} score {} nodes {} pv {}",
        r.best.map(|m| variant.uci(&m)).unwrap_or_default(),
        r.score,
        r.nodes,
        pv.join(" ")
    );
}
