//! UCI transcripts: the engine binary driven over stdin/stdout. Mates and legal replies
//! are checked by hand or with the rules core, independently of the engine's search.

use std::io::Write;
use std::time::Duration;

mod common;

use common::variants_dir;

/// Feed the chunks with a pause between them, then end the input; collect the output.
fn session(chunks: &[&str], pause: Duration) -> Vec<String> {
    let mut child = common::spawn("uci");
    let mut stdin = child.stdin.take().expect("stdin");
    for (i, c) in chunks.iter().enumerate() {
        if i > 0 {
            std::thread::sleep(pause);
        }
        stdin.write_all(c.as_bytes()).expect("write");
        stdin.flush().expect("flush");
    }
    drop(stdin);
    common::finish(child)
}

fn one(input: &str) -> Vec<String> {
    session(&[input], Duration::ZERO)
}

#[test]
fn uci_lists_options_with_every_catalogue_variant() {
    let out = one("uci\nisready\n");
    assert_eq!(out[0], "id name fairyboard");
    let combo = out
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .expect("UCI_Variant");
    for entry in std::fs::read_dir(variants_dir()).unwrap() {
        let stem = entry.unwrap().path();
        let stem = stem.file_stem().unwrap().to_str().unwrap();
        assert!(combo.contains(&format!(" var {stem}")), "{stem}");
    }
    assert!(out
        .iter()
        .any(|l| l.starts_with("option name VariantFile type string")));
    let ok = out.iter().position(|l| l == "uciok").expect("uciok");
    let ready = out.iter().position(|l| l == "readyok").expect("readyok");
    assert!(ok < ready);
}

#[test]
fn mate_in_one_is_reported_as_mate() {
    let out = one("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    assert!(out.iter().any(|l| l.contains("score mate 1")), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("bestmove a1a8"));
}

#[test]
fn plays_a_legal_move_in_a_chosen_variant() {
    let out = one(
        "setoption name UCI_Variant value shatranj\nposition startpos moves e2e3 d7d6\n\
         go nodes 5000\n",
    );
    let best = out
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("bestmove");
    let v = fairyboard_core::catalogue::load(variants_dir().join("shatranj.txt").to_str().unwrap())
        .unwrap();
    let mut pos = fairyboard_core::Position::start(v);
    for m in ["e2e3", "d7d6"] {
        let m = pos.parse_uci(m).unwrap();
        pos.make(&m);
    }
    assert!(pos.parse_uci(best).is_ok(), "{best}");
}

#[test]
fn a_definition_file_can_be_loaded() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ai/bench/fide-clobberers.txt"
    );
    let out = one(&format!(
        "setoption name VariantFile value {file}\nposition startpos moves e2e4\ngo depth 2\n"
    ));
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    let best = out
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    // Black's first moves: the 8 pawns' 16 pushes, the two fads' (WA) jumps b8-d6/g8-e6
    // etc. — checked with the core.
    let v = fairyboard_core::catalogue::load(file).unwrap();
    let mut pos = fairyboard_core::Position::start(v);
    let m = pos.parse_uci("e2e4").unwrap();
    pos.make(&m);
    assert!(pos.parse_uci(best).is_ok(), "{best}");
}

#[test]
fn bad_input_is_reported_and_the_position_kept() {
    let out = one(
        "setoption name UCI_Variant value nosuch\nposition fen 9/9 w\nposition startpos moves e2e5\n\
         position sideways\nfrobnicate\nsetoption name Hash value lots\ngo depth 1\n",
    );
    let errors = out.iter().filter(|l| l.starts_with("info string")).count();
    assert_eq!(errors, 6, "{out:?}");
    assert!(out
        .iter()
        .any(|l| l == "info string Error (unknown command): frobnicate"));
    // Still chess from the start.
    let best = out
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    let v = fairyboard_core::catalogue::load(variants_dir().join("chess.txt").to_str().unwrap())
        .unwrap();
    let mut pos = fairyboard_core::Position::start(v);
    assert!(pos.parse_uci(best).is_ok());
}

#[test]
fn stop_ends_an_infinite_search() {
    let start = std::time::Instant::now();
    let out = session(
        &["position startpos\ngo infinite\n", "stop\n"],
        Duration::from_millis(500),
    );
    assert!(out.iter().any(|l| l.starts_with("bestmove ")), "{out:?}");
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn movetime_and_clock_searches_answer() {
    let out = one("position startpos\ngo movetime 200\ngo wtime 1000 btime 1000 winc 10 binc 10\n");
    assert_eq!(out.iter().filter(|l| l.starts_with("bestmove ")).count(), 2);
}

/// `go perft` as Stockfish answers it, under the work budget: chess from the start has
/// 20 moves, each answered by 20 (400 paths at depth 2) and 8,902 paths at depth 3 (the
/// published perft table); a `nodes` budget below the count, or a depth over the limit,
/// is an error naming the bound, with no count.
#[test]
fn go_perft_counts_within_the_work_budget() {
    let out = one("position startpos\ngo perft 2\n");
    let rows: Vec<&String> = out.iter().filter(|l| l.ends_with(": 20")).collect();
    assert_eq!(rows.len(), 20, "{out:?}");
    assert!(out.iter().any(|l| l == "e2e4: 20"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("Nodes searched: 400"));
    let out = one("position startpos\ngo perft 3 nodes 8902\n");
    assert_eq!(out.last().map(String::as_str), Some("Nodes searched: 8902"));
    let out = one("position startpos\ngo perft 3 nodes 8901\n");
    assert!(
        !out.iter().any(|l| l.starts_with("Nodes searched")),
        "{out:?}"
    );
    let e = out.last().unwrap();
    assert!(
        e.starts_with("info string error: go perft 3: perft move paths")
            && e.ends_with("is over the limit of 8901"),
        "{out:?}"
    );
    let out = one("go perft 11\n");
    assert_eq!(
        out,
        ["info string error: go perft 11: perft depth of 11 is over the limit of 10"]
    );
    let out = one("go perft x\n");
    assert_eq!(
        out,
        ["info string error: go perft 'x': not a whole number from 1"]
    );
}
