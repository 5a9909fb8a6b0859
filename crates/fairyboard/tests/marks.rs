//! One answer, three translations: the core's marks for a Lion (`KNADcaKmcabK`, two king
//! steps capturing on the first), a cannon (`mRcpR`, captures over one screen) and a
//! checker (`cafF`, jumps a diagonal neighbour) as the browser diagram (wasm), XBoard's
//! `highlight` colours and the rules page's move diagrams show them. Every square set is
//! counted by hand from the pieces' published moves (xbetza.md §7.4 for the Lion, the
//! xiangqi cannon, the checker's jump), so each front end is checked against the same
//! expectation and, through it, against the others.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use fairyboard_core::explore::Probe;
use fairyboard_core::marks::{MarkKind, Symbol, Way};
use fairyboard_core::{Position, Variant};
use fairyboard_render::rules_page;
use fairyboard_wasm::Diagram;
use serde_json::Value;

const DEFINITION: &str = "files=8\nranks=8\nroyal=1\nking:K:K::a1\n\
    lion:L:KNADcaKmcabK::\ncannon:C:mRcpR::\nchecker:M:cafF::\npawn:P:fW::\n";

/// Lion d4, a black pawn on e5.
const LION: &str = "7k/8/8/4p3/3L4/8/8/K7 w - - 0 1";
/// Cannon d4, black pawns on d6 (the screen) and d8 (the victim).
const CANNON: &str = "3p4/7k/3p4/8/3C4/8/8/K7 w - - 0 1";
/// Checker c3, a black pawn on d4.
const CHECKER: &str = "k7/8/8/8/3p4/2M5/8/K7 w - - 0 1";

fn variant() -> Arc<Variant> {
    let (v, _) = Variant::from_definition("marks", DEFINITION).expect("compiles");
    Arc::new(v)
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The squares of the 5x5 block around d4 but d4.
fn block_d4() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for f in 'b'..='f' {
        for r in '2'..='6' {
            out.insert(format!("{f}{r}"));
        }
    }
    out.remove("d4");
    out
}

fn union(a: &BTreeSet<String>, b: &[&str]) -> BTreeSet<String> {
    a.iter().cloned().chain(set(b)).collect()
}

fn minus(a: &BTreeSet<String>, b: &[&str]) -> BTreeSet<String> {
    a.difference(&set(b)).cloned().collect()
}

// ---------------------------------------------------------------------------------------
// The core

fn core(fen: &str, from: &str, entered: &[&str], kind: MarkKind) -> BTreeSet<String> {
    let v = variant();
    let mut pos = Position::from_fen(v.clone(), fen).expect("FEN");
    let sq = |s: &str| v.square(s.parse().expect("square"));
    let entered: Vec<_> = entered.iter().map(|s| sq(s)).collect();
    let marks = pos.marks(sq(from), &entered);
    marks
        .squares(kind)
        .into_iter()
        .map(|s| v.coord(s).to_string())
        .collect()
}

// ---------------------------------------------------------------------------------------
// The browser diagram (wasm)

fn xy(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    (
        (b[0] - b'a') as i32,
        s[1..].parse::<i32>().expect("rank") - 1,
    )
}

fn name(file: u64, rank: u64) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// The wasm marks of `kind` in a pick (after `entered` clicks).
fn wasm(fen: &str, from: &str, entered: &[&str], kind: &str) -> BTreeSet<String> {
    let mut d = Diagram::new(DEFINITION);
    let r: Value = serde_json::from_str(&d.set_fen(fen)).unwrap();
    assert_eq!(r["ok"], true, "{r}");
    let (f, r) = xy(from);
    let flat: Vec<i32> = entered
        .iter()
        .flat_map(|s| {
            let (f, r) = xy(s);
            [f, r]
        })
        .collect();
    let pick: Value = serde_json::from_str(&d.pick_after(f, r, &flat)).unwrap();
    marks_of(&pick, kind)
}

fn marks_of(v: &Value, kind: &str) -> BTreeSet<String> {
    v["marks"]
        .as_array()
        .expect("marks")
        .iter()
        .filter(|m| m["kind"] == kind)
        .map(|m| name(m["file"].as_u64().unwrap(), m["rank"].as_u64().unwrap()))
        .collect()
}

// ---------------------------------------------------------------------------------------
// XBoard

/// The `highlight` boards of a session on the definition, after `setboard fen`.
fn xboard(fen: &str, commands: &str) -> Vec<Vec<(String, char)>> {
    // One directory per session: tests run in parallel.
    static SESSIONS: AtomicUsize = AtomicUsize::new(0);
    let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("fairyboard-marks-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("marks.txt"), DEFINITION).unwrap();
    // The engine starts in chess.
    let chess = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/chess.txt"
    ));
    std::fs::copy(chess, dir.join("chess.txt")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .arg("xboard")
        .env("FAIRYBOARD_VARIANTS", PathBuf::from(&dir))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let input = format!("xboard\nprotover 2\nvariant marks\nforce\nsetboard {fen}\n{commands}");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("finishes");
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("highlight "))
        .map(colours)
        .collect()
}

/// A colour FEN as (square, colour letter) pairs.
fn colours(fen: &str) -> Vec<(String, char)> {
    let mut out = Vec::new();
    for (i, row) in fen.split('/').enumerate() {
        let rank = 8 - i as u64;
        let mut file = 0;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as u64;
            } else {
                out.push((name(file, rank - 1), c));
                file += 1;
            }
        }
    }
    out
}

fn coloured(board: &[(String, char)], colour: char) -> BTreeSet<String> {
    board
        .iter()
        .filter(|(_, c)| *c == colour)
        .map(|(s, _)| s.clone())
        .collect()
}

// ---------------------------------------------------------------------------------------
// Positions: core, wasm and XBoard

#[test]
fn lion_marks_agree_before_and_after_the_first_leg() {
    // First click: e5 ends the plain capture and goes on (locust); 23 other squares of the
    // block and d4 itself (a pass) end quiet moves.
    let quiet = union(&minus(&block_d4(), &["e5"]), &["d4"]);
    assert_eq!(core(LION, "d4", &[], MarkKind::Move), quiet);
    assert_eq!(core(LION, "d4", &[], MarkKind::Capture), set(&["e5"]));
    assert_eq!(core(LION, "d4", &[], MarkKind::Transit), set(&["e5"]));
    assert_eq!(core(LION, "d4", &[], MarkKind::LocustVictim), set(&["e5"]));
    assert_eq!(wasm(LION, "d4", &[], "move"), quiet);
    assert_eq!(wasm(LION, "d4", &[], "capture"), set(&["e5"]));
    // After e5: stop there, or a second king step (d4: igui, back home).
    let second = set(&["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]);
    assert_eq!(core(LION, "d4", &["e5"], MarkKind::Move), second);
    assert_eq!(core(LION, "d4", &["e5"], MarkKind::Stop), set(&["e5"]));
    assert_eq!(wasm(LION, "d4", &["e5"], "move"), second);
    assert_eq!(wasm(LION, "d4", &["e5"], "stop"), set(&["e5"]));
    // XBoard: the transit cyan, quiet moves yellow but the start (no pass by dropping
    // there); then the second leg yellow, the way home red.
    let boards = xboard(LION, "lift d4\nput e5\nlift e5\n");
    assert_eq!(coloured(&boards[0], 'C'), set(&["e5"]));
    assert_eq!(coloured(&boards[0], 'Y'), minus(&quiet, &["d4"]));
    assert_eq!(coloured(&boards[1], 'Y'), minus(&second, &["d4"]));
    assert_eq!(coloured(&boards[1], 'R'), set(&["d4"]));
}

#[test]
fn cannon_marks_agree() {
    // Rook moves up to the screen on d6; the capture on d8 over it.
    let quiet = set(&[
        "d5", "d3", "d2", "d1", "a4", "b4", "c4", "e4", "f4", "g4", "h4",
    ]);
    assert_eq!(core(CANNON, "d4", &[], MarkKind::Move), quiet);
    assert_eq!(core(CANNON, "d4", &[], MarkKind::Capture), set(&["d8"]));
    assert_eq!(core(CANNON, "d4", &[], MarkKind::HopScreen), set(&["d6"]));
    assert_eq!(wasm(CANNON, "d4", &[], "move"), quiet);
    assert_eq!(wasm(CANNON, "d4", &[], "capture"), set(&["d8"]));
    assert_eq!(wasm(CANNON, "d4", &[], "screen"), set(&["d6"]));
    let boards = xboard(CANNON, "lift d4\n");
    assert_eq!(coloured(&boards[0], 'Y'), quiet);
    assert_eq!(coloured(&boards[0], 'R'), set(&["d8"]));
    assert_eq!(boards[0].len(), 12, "nothing else is coloured");
}

#[test]
fn checker_marks_agree() {
    // The jumped man is the first click (taken on the way), the landing square the second.
    assert_eq!(core(CHECKER, "c3", &[], MarkKind::Transit), set(&["d4"]));
    assert_eq!(
        core(CHECKER, "c3", &[], MarkKind::LocustVictim),
        set(&["d4"])
    );
    assert_eq!(core(CHECKER, "c3", &["d4"], MarkKind::Move), set(&["e5"]));
    assert_eq!(wasm(CHECKER, "c3", &[], "locust"), set(&["d4"]));
    assert_eq!(wasm(CHECKER, "c3", &["d4"], "move"), set(&["e5"]));
    let boards = xboard(CHECKER, "lift c3\nput d4\nlift d4\n");
    assert_eq!(boards[0], [("d4".to_string(), 'C')]);
    assert_eq!(boards[1], [("e5".to_string(), 'Y')]);
}

// ---------------------------------------------------------------------------------------
// Move diagrams: core, rules page and wasm

/// The core's diagram of piece type `t` of the variant on d4 of its empty 8x8 board:
/// squares per kind.
fn diagram(t: usize, moved: bool, pairs: bool, kind: MarkKind) -> BTreeSet<String> {
    let v = variant();
    let mut probe = Probe::for_type(&v, t).unwrap();
    probe
        .diagram("d4".parse().unwrap(), moved, pairs)
        .into_iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.at.to_string())
        .collect()
}

/// The rules page's glance of piece type `t`: squares per symbol.
fn glance(t: usize, symbol: Symbol) -> BTreeSet<String> {
    let rules = rules_page::analyse(&variant());
    rules.pieces[t]
        .glance
        .marks
        .iter()
        .filter(|(_, marks)| marks.contains(&symbol))
        .map(|(s, _)| s.clone())
        .collect()
}

/// The wasm move diagram of piece type `t`: squares per kind.
fn wasm_diagram(t: usize, kind: &str) -> BTreeSet<String> {
    let d = Diagram::new(DEFINITION);
    let v: Value = serde_json::from_str(&d.move_diagram(t as u32, -1, -1, false)).unwrap();
    assert_eq!(v["at"], serde_json::json!([3, 3]), "d4");
    marks_of(&v, kind)
}

#[test]
fn lion_diagram_agrees() {
    let adjacent = set(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]);
    let outer = minus(
        &block_d4(),
        &["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"],
    );
    // Every square of the block moves and captures; nothing can block a Lion.
    assert_eq!(diagram(1, false, false, MarkKind::Both), block_d4());
    assert_eq!(glance(1, Symbol::both(Way::Leap)), block_d4());
    assert!(glance(1, Symbol::both(Way::Slide)).is_empty());
    // An adjacent enemy is taken on the way. The Lion's first king step goes on there,
    // but those squares are targets and victims already: no transit symbol besides.
    assert_eq!(diagram(1, false, false, MarkKind::LocustVictim), adjacent);
    assert_eq!(glance(1, Symbol::of(MarkKind::LocustVictim)), adjacent);
    assert!(diagram(1, false, false, MarkKind::Transit).is_empty());
    assert!(glance(1, Symbol::of(MarkKind::Transit)).is_empty());
    // The browser shows the same: both everywhere, hover where a victim changes it.
    assert_eq!(wasm_diagram(1, "both+hover"), adjacent);
    assert_eq!(wasm_diagram(1, "both"), outer);
}

#[test]
fn cannon_diagram_agrees() {
    let rook = set(&[
        "d1", "d2", "d3", "d5", "d6", "d7", "d8", "a4", "b4", "c4", "e4", "f4", "g4", "h4",
    ]);
    // Over a screen it captures two or more squares away on its lines.
    let hops = set(&["d6", "d7", "d8", "d2", "d1", "b4", "a4", "f4", "g4", "h4"]);
    assert_eq!(diagram(2, false, false, MarkKind::Move), rook);
    assert_eq!(glance(2, Symbol::of(MarkKind::Move)), rook);
    assert_eq!(diagram(2, false, true, MarkKind::HopCapture), hops);
    assert_eq!(glance(2, Symbol::of(MarkKind::HopCapture)), hops);
    // It never moves over a screen: a cannon does not look like a grasshopper.
    assert!(diagram(2, false, true, MarkKind::Hop).is_empty());
    assert!(
        glance(2, Symbol::of(MarkKind::Capture)).is_empty()
            && glance(2, Symbol::both(Way::Slide)).is_empty()
    );
    // The browser: every rook square a move; a piece on any of them with a square behind
    // it is a screen, so those react to hovering (the last square of each line does not).
    let last = set(&["a4", "d1", "d8", "h4"]);
    assert_eq!(wasm_diagram(2, "move"), last);
    assert_eq!(
        wasm_diagram(2, "move+hover"),
        rook.difference(&last).cloned().collect()
    );
}

#[test]
fn checker_diagram_agrees() {
    let victims = set(&["c3", "c5", "e3", "e5"]);
    let landings = set(&["b2", "b6", "f2", "f6"]);
    assert_eq!(diagram(3, false, false, MarkKind::LocustVictim), victims);
    assert_eq!(glance(3, Symbol::of(MarkKind::LocustVictim)), victims);
    assert_eq!(diagram(3, false, false, MarkKind::Hop), landings);
    assert_eq!(glance(3, Symbol::of(MarkKind::Hop)), landings);
    // No move and no capture of its own; each victim square reacts to hovering, and the
    // browser shows the landings as the rules page does (reached only over a piece).
    assert!(diagram(3, false, false, MarkKind::Move).is_empty());
    assert_eq!(wasm_diagram(3, "locust+hover"), victims);
    assert_eq!(wasm_diagram(3, "hop"), landings);
}
