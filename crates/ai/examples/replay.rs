//! Replay the games of a PGN file (the match runner's SAN) and print, every `STEP`
//! plies and at the end, the ply, the halfmove clock, the FEN and a fixed-depth search
//! score: `cargo run --release --example replay -- VARIANT FILE.pgn GAME [STEP [DEPTH]]`.
//! A tool for reading lost games, not part of the library.
use fairyboard_ai::{Limits, NoClock, Options, Searcher};
use fairyboard_core::{catalogue, pgn, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = catalogue::load(&args[0]).expect("variant");
    let text = std::fs::read_to_string(&args[1]).expect("pgn");
    let game: usize = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(1);
    let step: usize = args.get(3).and_then(|g| g.parse().ok()).unwrap_or(20);
    let depth: u32 = args.get(4).and_then(|g| g.parse().ok()).unwrap_or(6);
    let block = text.split("[Event ").nth(game).expect("no such game");
    let mut pos = Position::start(variant.clone());
    let mut searcher = Searcher::new(variant.clone(), Options::default());
    let mut hashes = Vec::new();
    let mut ply = 0;
    let show = |pos: &mut Position, ply: usize, searcher: &mut Searcher, hashes: &[u64]| {
        let r = searcher.search(pos, hashes, &Limits::depth(depth), &mut NoClock);
        println!(
            "ply {ply} clock {} score {} best {} fen {}",
            pos.halfmove_clock(),
            r.score,
            r.best.map(|m| variant.uci(&m)).unwrap_or_default(),
            pos.to_fen()
        );
    };
    let read = pgn::read_movetext(&pos, &format!("[Event {block}"));
    for m in &read.moves {
        hashes.push(pos.hash());
        pos.make(m);
        ply += 1;
        if ply % step == 0 {
            show(&mut pos, ply, &mut searcher, &hashes);
        }
    }
    if let Some(e) = &read.error {
        println!("stop at {}: {}", e.text, e.reason);
    }
    show(&mut pos, ply, &mut searcher, &hashes);
}
