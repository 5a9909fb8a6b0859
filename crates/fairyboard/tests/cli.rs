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

/// Castling to the adjacent square (`isO1`, H. G. Muller's Wildebeest diagram, corpus file
/// 005) ends where the King's plain step ends: King f1, Rooks a1 and k1 on an empty 11x10
/// board has f1e1 and f1g1 both as steps and as castlings. Each is listed once, the castlings
/// as the King taking its Rook (f1a1, f1k1), so every line reads back as its own move.
#[test]
fn moves_writes_each_castling_so_it_reads_back() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/compat/corpus/005_wildebeest-hgm-2017.txt"
    );
    let fen = "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1";
    let out = ok(&["moves", file, "--fen", fen]);
    let king: Vec<&str> = out
        .iter()
        .map(String::as_str)
        .filter(|m| m.starts_with("f1"))
        .collect();
    // Steps: e1 e2 f2 g1 g2. Castlings towards a1 by 1-4 squares: e1 (as f1a1), d1, c1,
    // b1; towards k1: g1 (as f1k1), h1, i1, j1.
    assert_eq!(
        king,
        [
            "f1a1", "f1b1", "f1c1", "f1d1", "f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "f1h1", "f1i1",
            "f1j1", "f1k1"
        ]
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

const ODD_DEFINITION: &str =
    "files=4\nranks=4\nsymmetry=none\nroyal=1\nking:K:K::a1,,d4\nrook:R:R::b2,e9\nbishop:B:B!::c1\n";

#[test]
fn an_odd_definition_still_plays_and_a_pieceless_one_is_refused() {
    // e9 is off the board and `!` is not Betza: both skipped, as the Interactive Diagram does.
    let path = scratch("odd.txt");
    std::fs::write(&path, ODD_DEFINITION).unwrap();
    let moves = ok(&["moves", path.to_str().unwrap()]);
    // The bishop keeps `B`: from c1 it reaches d2 (b2 holds its own rook).
    assert!(moves.contains(&"c1d2".to_string()), "{moves:?}");
    let path = scratch("empty.txt");
    std::fs::write(&path, "files=4\nranks=4\n").unwrap();
    let err = fails(&["moves", path.to_str().unwrap()]);
    assert!(err.contains("no piece types"), "{err}");
}

#[test]
fn check_names_line_column_and_what_was_done() {
    let path = scratch("odd-check.txt");
    std::fs::write(&path, ODD_DEFINITION).unwrap();
    let lines = ok(&["check", path.to_str().unwrap()]);
    // `rook:R:R::b2,e9`: e9 starts at column 14; `bishop:B:B!::c1`: the move starts at
    // column 10, its `!` is at column 11.
    assert_eq!(
        lines,
        [
            "line 6, column 14 (piece 'rook'): warning: square 'e9' is outside the 4x4 board; it is left out",
            "line 7, column 11 (piece 'bishop'): warning: move 'B!': unexpected '!' at 1: expected a modifier letter or an atom; that character is skipped",
            "odd-check: loads (4x4, 3 piece types); 2 warning(s)",
        ]
    );
    // The same for tools, from standard input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(["check", "--json", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(ODD_DEFINITION.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["ok"], true);
    assert_eq!(
        (v["errors"].as_u64(), v["warnings"].as_u64()),
        (Some(0), Some(2))
    );
    let first = &v["diagnostics"][0];
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(6), Some(14))
    );
    assert_eq!(first["severity"], "warning");
    assert_eq!(first["piece"], "rook");
    assert!(first["parameter"].is_null());
}

#[test]
fn check_fails_only_when_nothing_can_be_played() {
    let path = scratch("pieceless.txt");
    std::fs::write(&path, "files=4\nranks=4\nfoo\n").unwrap();
    let o = run(&["check", path.to_str().unwrap()]);
    assert!(!o.status.success());
    let out = stdout_lines(&o);
    assert_eq!(
        out,
        [
            "line 1, column 1: error: the definition has no piece types (lines name:ID:move:image:squares), so there is nothing to play",
            "line 3, column 1: warning: 'foo' is neither a parameter (keyword=value) nor a piece line (name:ID:move:image:squares); it is ignored",
            "pieceless: refused; 1 error(s), 1 warning(s)",
        ]
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("1 error(s)"), "{err}");
}
