//! The command line's contract: output formats of `perft`, `moves` and `betza`, and bad
//! input (unknown variants, path tricks, malformed FENs, Betza strings and definitions)
//! ending with a non-zero exit and a message that names the problem.
//!
//! Expected values are worked out by hand or taken from chessprogramming.org/Perft_Results.

use std::path::PathBuf;
use std::process::{Command, Output};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The 20 legal first moves of chess, in coordinate notation, sorted.
const CHESS_START_MOVES: [&str; 20] = [
    "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4",
    "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4",
];

fn variants_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"))
}

/// A scratch folder of this test binary (the process id keeps parallel runs apart).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyboard-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir.join(name)
}

/// Run the binary from an empty folder (so no `./variants` is picked up and relative
/// paths lead nowhere) with the catalogue set to the workspace's.
fn run(args: &[&str]) -> Output {
    let cwd = scratch("cwd");
    std::fs::create_dir_all(&cwd).expect("cwd");
    Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(args)
        .current_dir(&cwd)
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("the binary runs")
}

fn stdout_lines(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

fn ok(args: &[&str]) -> Vec<String> {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    stdout_lines(&o)
}

/// Runs `args`, expects failure, returns stderr.
fn fails(args: &[&str]) -> String {
    let o = run(args);
    assert!(
        !o.status.success(),
        "{args:?} should fail; stdout:\n{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(!err.trim().is_empty(), "{args:?}: no message");
    err
}

#[test]
fn perft_ends_with_the_node_count() {
    let out = ok(&["perft", "chess", "3"]);
    assert_eq!(out.last().map(String::as_str), Some("Nodes searched: 8902"));
}

#[test]
fn perft_divide_lists_each_root_move() {
    let out = ok(&["perft", "chess", "2", "--divide"]);
    assert_eq!(out.len(), 21, "{out:?}");
    let expected: Vec<String> = CHESS_START_MOVES
        .iter()
        .map(|m| format!("{m}: 20"))
        .collect();
    assert_eq!(out[..20], expected[..]);
    assert_eq!(out[20], "Nodes searched: 400");
}

#[test]
fn perft_from_a_fen() {
    // Kiwipete: 48 moves (chessprogramming.org/Perft_Results, position 2).
    let out = ok(&["perft", "chess", "--fen", KIWIPETE, "1"]);
    assert_eq!(out.last().map(String::as_str), Some("Nodes searched: 48"));
}

#[test]
fn moves_lists_the_sorted_legal_moves() {
    assert_eq!(ok(&["moves", "chess"]), CHESS_START_MOVES);
}

#[test]
fn moves_accepts_a_definition_file() {
    // 4x4: White king a1 and rook b2, Black king d4. King: a2, b1 (b2 is its own rook);
    // rook: a2, b1, b3, b4, c2, d2. Nothing is pinned or attacked.
    let path = scratch("tiny.txt");
    std::fs::write(
        &path,
        "files=4\nranks=4\nsymmetry=none\nmaxPromote=0\nroyal=1\nking:K:K::a1,,d4\nrook:R:R::b2\n",
    )
    .unwrap();
    let out = ok(&["moves", path.to_str().unwrap()]);
    assert_eq!(
        out,
        ["a1a2", "a1b1", "b2a2", "b2b1", "b2b3", "b2b4", "b2c2", "b2d2"]
    );
}

#[test]
fn betza_lists_the_targets() {
    let out = ok(&["betza", "N", "--from", "d4"]);
    assert_eq!(
        out.last().map(String::as_str),
        Some("targets from d4: b3 b5 c2 c6 e2 e6 f3 f5")
    );
}

#[test]
fn unknown_variant_is_named() {
    let err = fails(&["perft", "nosuchgame", "1"]);
    assert!(err.contains("'nosuchgame'"), "{err}");
    let err = fails(&["moves", "nosuchgame"]);
    assert!(err.contains("'nosuchgame'"), "{err}");
}

#[test]
fn a_name_cannot_climb_out_of_the_catalogue() {
    // Joined onto the catalogue folder this would be variants/../variants/chess.txt, a real
    // file; as a name it must be refused (and from the scratch folder it is no file).
    for name in ["../variants/chess", "../chess", "chess/../chess", "./chess"] {
        let err = fails(&["perft", name, "1"]);
        assert!(err.contains(&format!("'{name}'")), "{name}: {err}");
    }
}

#[test]
fn malformed_fen_names_field_and_position() {
    // `X` in the last rank: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN" is 9 + 9 + 8 + 9 + 7
    // = 42 characters, so the X is character 43 (1-based).
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1";
    let err = fails(&["moves", "chess", "--fen", fen]);
    assert!(err.contains("FEN board at character 43"), "{err}");
    assert!(err.contains("'X'"), "{err}");
    // Side to move `x`: the board is 43 characters, then a space: character 45.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
    let err = fails(&["perft", "chess", "--fen", fen, "1"]);
    assert!(err.contains("FEN side to move at character 45"), "{err}");
}

#[test]
fn bad_betza_names_the_character() {
    // `!` is at 0-based position 3 of `fmW!`.
    let err = fails(&["betza", "fmW!"]);
    assert!(err.contains("'!'"), "{err}");
    assert!(err.contains("at 3"), "{err}");
}

#[test]
fn bad_definition_lists_every_error_with_its_line() {
    let path = scratch("bad.txt");
    std::fs::write(
        &path,
        "files=4\nranks=4\nsymmetry=none\nroyal=1\nking:K:K::a1,,d4\nrook:R:R::b2,e9\nbishop:B:B!::c1\n",
    )
    .unwrap();
    let err = fails(&["moves", path.to_str().unwrap()]);
    assert!(err.contains("2 error(s)"), "{err}");
    let rook = err
        .lines()
        .find(|l| l.contains("line 6"))
        .unwrap_or_else(|| panic!("no line 6 in {err}"));
    assert!(rook.contains("'rook'") && rook.contains("e9"), "{rook}");
    let bishop = err
        .lines()
        .find(|l| l.contains("line 7"))
        .unwrap_or_else(|| panic!("no line 7 in {err}"));
    assert!(
        bishop.contains("'bishop'") && bishop.contains("'!'"),
        "{bishop}"
    );
}
