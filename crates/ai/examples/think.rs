//! Search a position and print each iteration:
//! `cargo run --release --example think -- VARIANT DEPTH [FEN]`; `DEPTH` may be `nN`
//! instead, a budget of N nodes (as `fairyboard xboard --nodes N` plays).
//!
//! With `-` for the FEN it reads one FEN a line from stdin, searches each afresh (a new
//! searcher, as a game's first move) and prints one `best MOVE score S nodes N` line per
//! position and the total nodes: the load-independent measure of a search change
//! (nodes to a depth, and which moves it picks).
//!
//! `FAIRYBOARD_WEIGHTS="NAME=VALUE ..."` in the environment sets evaluation weights, as
//! `fairyboard xboard --weights` does (a trial build's picks without a rebuild),
//! `FAIRYBOARD_SEARCH="NAME=VALUE ..."` search parameters (as `--search`), and
//! `FAIRYBOARD_HASH=MB` the hash table's size.
use fairyboard_ai::{Control, Info, Limits, NoClock, Options, Searcher};
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
    let options = Options {
        weights: fairyboard_ai::eval::Weights::parse(
            &std::env::var("FAIRYBOARD_WEIGHTS").unwrap_or_default(),
        )
        .expect("FAIRYBOARD_WEIGHTS"),
        search: fairyboard_ai::search::SearchParams::parse(
            &std::env::var("FAIRYBOARD_SEARCH").unwrap_or_default(),
        )
        .expect("FAIRYBOARD_SEARCH"),
        hash_mb: std::env::var("FAIRYBOARD_HASH")
            .ok()
            .and_then(|h| h.parse().ok())
            .unwrap_or(Options::default().hash_mb),
        ..Options::default()
    };
    let variant = catalogue::load(&args[0]).expect("variant");
    let limits = match args.get(1).and_then(|d| d.strip_prefix('n')) {
        Some(n) => Limits::nodes(n.parse().expect("nodes")),
        None => Limits::depth(args.get(1).and_then(|d| d.parse().ok()).unwrap_or(6)),
    };
    if args.get(2).map(String::as_str) == Some("-") {
        let start = std::time::Instant::now();
        let mut total = 0;
        for line in std::io::stdin().lines() {
            let line = line.expect("stdin");
            if line.trim().is_empty() {
                continue;
            }
            let mut pos = Position::from_fen(variant.clone(), line.trim()).expect("fen");
            let mut s = Searcher::new(variant.clone(), options);
            let r = s.search(&mut pos, &[], &limits, &mut NoClock);
            total += r.nodes;
            println!(
                "best {} score {} nodes {} depth {}",
                r.best.map(|m| variant.uci(&m)).unwrap_or_default(),
                r.score,
                r.nodes,
                r.depth
            );
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "total nodes {total} time {secs:.1}s nps {:.0}",
            total as f64 / secs
        );
        return;
    }
    let mut pos = match args.get(2) {
        Some(f) => Position::from_fen(variant.clone(), f).expect("fen"),
        None => Position::start(variant.clone()),
    };
    let mut s = Searcher::new(variant.clone(), options);
    let mut timer = Timer(std::time::Instant::now());
    let r = s.search(&mut pos, &[], &limits, &mut timer);
    let pv: Vec<String> = r.pv.iter().map(|m| variant.uci(m)).collect();
    println!(
        "best {} score {} nodes {} pv {}",
        r.best.map(|m| variant.uci(&m)).unwrap_or_default(),
        r.score,
        r.nodes,
        pv.join(" ")
    );
}
