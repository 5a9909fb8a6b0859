//! Positions of played games labelled with the games' results, for fitting the evaluation
//! to what wins (Texel's tuning method on results,
//! <https://www.chessprogramming.org/Texel%27s_Tuning_Method>):
//! `cargo run --release --example game_positions -- VARIANT STEP [--names] FILE.pgn... > OUT.tsv`.
//!
//! Every `STEP`-th ply from ply 12 on (the offset turns with the game's number, so the
//! samples do not all fall on one side's moves) is written as `FEN<TAB>label`, the label
//! being the result from the side to move's view in the centipawns `fairyboard_ai::fit`
//! reads: 10000 for a win, 0 for a draw, −10000 for a loss (win probabilities 1, ½, 0).
//! Games of another variant, without a result, or with a move our rules do not find
//! (written as a `stop` line on stderr) end where they stop being usable.
//!
//! With `--names` before the files each line gets a third column, the side to move's
//! player (the PGN's `White` or `Black` tag): a fit on results can then tell a term that
//! wins games from one that only marks the stronger engine's positions
//! (`bench/eval_terms.py results`).
//!
//! With `--quiet` (before `--names`, if both) only quiet positions are written: not in
//! check, reached by a move that took nothing, and left by one that takes nothing. A
//! position in the middle of an exchange shows a piece up that the next move takes back,
//! so without it a fit learns that material predicts results less than it does.
use fairyboard_core::{catalogue, pgn, Color, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: game_positions VARIANT STEP [--quiet] [--names] FILE.pgn...");
        std::process::exit(2);
    }
    let variant = catalogue::load(&args[0]).expect("variant");
    let step: usize = args[1].parse().expect("STEP");
    let mut rest = &args[2..];
    let mut flag = |name: &str| {
        let set = rest.first().is_some_and(|a| a == name);
        if set {
            rest = &rest[1..];
        }
        set
    };
    let quiet = flag("--quiet");
    let names = flag("--names");
    let files = rest;
    let mut game_no = 0usize;
    let (mut games, mut written) = (0, 0);
    for file in files {
        let text = std::fs::read_to_string(file).expect("pgn");
        for block in text.split("[Event ").skip(1) {
            game_no += 1;
            let tag = |name: &str| {
                block.lines().find_map(|l| {
                    l.strip_prefix(&format!("[{name} \""))
                        .and_then(|r| r.strip_suffix("\"]"))
                })
            };
            if tag("Variant").is_some_and(|v| !v.eq_ignore_ascii_case(&args[0])) {
                continue;
            }
            let white = match tag("Result") {
                Some("1-0") => 1,
                Some("0-1") => -1,
                Some("1/2-1/2") => 0,
                _ => continue,
            };
            games += 1;
            let start = Position::start(variant.clone());
            let read = pgn::read_movetext(&start, &format!("[Event {block}"));
            if let Some(e) = &read.error {
                eprintln!("{file} game {game_no}: stop at {}: {}", e.text, e.reason);
            }
            let mut pos = start;
            for (ply, m) in (1..).zip(&read.moves) {
                let took = pos.captures(m);
                pos.make(m);
                let calm = || {
                    !took
                        && !pos.in_check()
                        && read.moves.get(ply).is_none_or(|next| !pos.captures(next))
                };
                if ply >= 12 && (ply + game_no).is_multiple_of(step) && (!quiet || calm()) {
                    let white_to_move = pos.side_to_move() == Color::White;
                    let label = if white_to_move { white } else { -white } * 10000;
                    if names {
                        let mover = tag(if white_to_move { "White" } else { "Black" });
                        println!("{}\t{label}\t{}", pos.to_fen(), mover.unwrap_or("?"));
                    } else {
                        println!("{}\t{label}", pos.to_fen());
                    }
                    written += 1;
                }
            }
        }
    }
    eprintln!("{games} games, {written} positions");
}
