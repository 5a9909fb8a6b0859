//! Piece types that share an ID letter (real definitions do: Tamerlane's pawns are all `P`,
//! and a piece without an ID takes its name's first letter, so a prince beside a pawn is `P`
//! too) stay apart through everything the page does: move diagrams, free-mode edits, and the
//! position the AI worker rebuilds. Expected move sets are counted by hand from the Betza
//! strings (`fmWfcF` a pawn, `K` a king's step, `fR` a forward rook).

use fairyboard_wasm::Diagram;
use serde_json::Value;

/// Three types with ID `P`: a pawn, a prince (no ID given, so `P`) moving as a king, and a
/// "rook pawn" moving straight forward as a rook. Black mirrors White on rank 6 and 7.
const SHARED: &str = "files=7\nranks=7\nroyal=4\npawn:P:fmWfcF::a2-c2\nprince::K::d2\n\
    rook pawn:P:fR::g2\nking:K:K::d1\n";

fn parse(s: String) -> Value {
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("not JSON ({e}): {s}"))
}

fn sq(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    ((b[0] - b'a') as i32, name[1..].parse::<i32>().unwrap() - 1)
}

/// Marks as sorted "square:kind" strings.
fn marks(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v["marks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let f = m["file"].as_u64().unwrap() as u8;
            let r = m["rank"].as_u64().unwrap();
            format!(
                "{}{}:{}",
                (b'a' + f) as char,
                r + 1,
                m["kind"].as_str().unwrap()
            )
        })
        .collect();
    out.sort();
    out
}

fn pick(d: &Diagram, square: &str) -> Vec<String> {
    let (f, r) = sq(square);
    marks(&parse(d.pick(f, r)))
}

/// The piece type and colour on a square, from the page's board state.
fn piece_on(d: &mut Diagram, square: &str) -> Option<(u64, u64)> {
    let (f, r) = sq(square);
    let s = parse(d.state());
    let c = &s["cells"][(r * 7 + f) as usize];
    (!c.is_null()).then(|| (c["piece"].as_u64().unwrap(), c["color"].as_u64().unwrap()))
}

fn sorted_legal(d: &mut Diagram) -> Vec<String> {
    let mut v: Vec<String> = serde_json::from_str(&d.legal_moves()).unwrap();
    v.sort();
    v
}

#[test]
fn the_definition_really_shares_the_id() {
    let d = Diagram::new(SHARED);
    let info = parse(d.info());
    let ids: Vec<&str> = info["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["P", "P", "P", "K"]);
}

#[test]
fn each_shared_id_type_has_its_own_move_diagram() {
    let d = Diagram::new(SHARED);
    // The diagram piece stands on d4 (the middle of 7×7).
    let diagram = |t: u32| {
        let v = parse(d.move_diagram(t, -1, -1, false));
        assert_eq!(v["at"], serde_json::json!([3, 3]));
        marks(&v)
    };
    // Pawn: a step forward without capturing, diagonal forward steps capturing only.
    assert_eq!(diagram(0), ["c5:capture", "d5:move", "e5:capture"]);
    // Prince: one step every way, moving or capturing.
    let king: Vec<String> = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
        .iter()
        .map(|s| format!("{s}:both"))
        .collect();
    assert_eq!(diagram(1), king);
    // Rook pawn: straight forward to the edge.
    assert_eq!(diagram(2), ["d5:both", "d6:both", "d7:both"]);
}

#[test]
fn picking_a_shared_id_piece_shows_its_own_moves() {
    let d = Diagram::new(SHARED);
    // Prince d2 (king d1 and pawn c2 beside it): c1, e1, c3, d3, e3, e2.
    assert_eq!(
        pick(&d, "d2"),
        ["c1:move", "c3:move", "d3:move", "e1:move", "e2:move", "e3:move"]
    );
    // Rook pawn g2: up the g-file to Black's rook pawn on g6.
    assert_eq!(
        pick(&d, "g2"),
        ["g3:move", "g4:move", "g5:move", "g6:capture"]
    );
    // Black's prince on d6 (not Black's turn: the page shows it all the same).
    assert_eq!(
        pick(&d, "d6"),
        ["c5:move", "c7:move", "d5:move", "e5:move", "e6:move", "e7:move"]
    );
}

#[test]
fn free_mode_relocate_and_place_keep_every_type() {
    let mut d = Diagram::new(SHARED);
    let (f, r) = sq("d2");
    let (tf, tr) = sq("d4");
    assert_eq!(parse(d.relocate(f, r, tf, tr))["ok"], true);
    assert_eq!(piece_on(&mut d, "d4"), Some((1, 0)));
    assert_eq!(piece_on(&mut d, "d2"), None);
    // The other `P` pieces are untouched.
    assert_eq!(piece_on(&mut d, "g2"), Some((2, 0)));
    assert_eq!(piece_on(&mut d, "a2"), Some((0, 0)));
    assert_eq!(piece_on(&mut d, "d6"), Some((1, 1)));
    assert_eq!(piece_on(&mut d, "g6"), Some((2, 1)));
    // The relocated prince still steps as a king: all eight squares around d4 are empty.
    assert_eq!(
        pick(&d, "d4"),
        ["c3:move", "c4:move", "c5:move", "d3:move", "d5:move", "e3:move", "e4:move", "e5:move"]
    );
    // Place a White rook pawn on e4: it runs up the empty e-file to e7.
    let (f, r) = sq("e4");
    assert_eq!(parse(d.place(2, 0, f, r, false))["ok"], true);
    assert_eq!(piece_on(&mut d, "e4"), Some((2, 0)));
    assert_eq!(pick(&d, "e4"), ["e5:move", "e6:move", "e7:move"]);
    // And a move after the edits keeps the types too.
    assert_eq!(piece_on(&mut d, "d4"), Some((1, 0)));
    let side = parse(d.state())["side"].as_u64().unwrap();
    assert_eq!(side, 1, "after a White relocation Black moves");
    assert_eq!(parse(d.play("d6c5"))["ok"], true);
    assert_eq!(piece_on(&mut d, "c5"), Some((1, 1)));
    assert_eq!(piece_on(&mut d, "e4"), Some((2, 0)));
}

#[test]
fn the_ai_worker_rebuilds_a_shared_id_position_exactly() {
    let mut d = Diagram::new(SHARED);
    // Free-mode edits make a start no FEN can describe: prince to d4, rook pawn to e3.
    let (f, r) = sq("d2");
    let (tf, tr) = sq("d4");
    assert_eq!(parse(d.relocate(f, r, tf, tr))["ok"], true);
    let (f, r) = sq("e3");
    assert_eq!(parse(d.place(2, 0, f, r, false))["ok"], true);
    assert_eq!(parse(d.play("d6d5"))["ok"], true);
    // The worker: a fresh diagram of the same definition, given the line.
    let mut worker = Diagram::new(SHARED);
    assert_eq!(parse(worker.set_line(&d.line()))["ok"], true);
    assert_eq!(parse(worker.state())["cells"], parse(d.state())["cells"]);
    let legal = sorted_legal(&mut d);
    assert_eq!(sorted_legal(&mut worker), legal);
    // White's prince on d4 may take Black's prince on d5 (a king step); a pawn could not.
    assert!(legal.contains(&"d4d5".to_string()), "{legal:?}");
    for seed in 0..3 {
        let m = worker.think(30, seed);
        assert!(legal.contains(&m), "{m} is not legal here: {legal:?}");
    }
}

#[test]
fn a_line_with_a_bad_start_is_refused_with_a_reason() {
    let d = Diagram::new(SHARED);
    let mut line = parse(d.line());
    // Type 9 does not exist; put it where the prince stands.
    let cells = line["start"]["cells"].as_array_mut().unwrap();
    let at = cells
        .iter()
        .position(|c| c == &serde_json::json!([1, "White"]))
        .expect("the prince's cell");
    cells[at] = serde_json::json!([9, "White"]);
    let mut worker = Diagram::new(SHARED);
    let answer = parse(worker.set_line(&line.to_string()));
    assert_eq!(answer["ok"], false);
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("piece type 9 on d2"), "{error}");
    // Not JSON at all: refused, no panic.
    assert_eq!(parse(worker.set_line("{\"start\": 3"))["ok"], false);
}

#[test]
fn a_line_from_a_shuffled_start_is_rebuilt_on_that_start() {
    let def = format!(
        "{}\nshuffle=RN\n",
        include_str!("../../../variants/chess.txt")
    );
    let mut d = Diagram::new(&def);
    d.restart(7);
    // A free-mode edit after the shuffle: the record starts anew, without a shuffle number.
    assert_eq!(parse(d.relocate(4, 1, 4, 3))["ok"], true);
    let mut worker = Diagram::new(&def);
    assert_eq!(parse(worker.set_line(&d.line()))["ok"], true);
    assert_eq!(worker.fen(), d.fen());
    assert_eq!(sorted_legal(&mut worker), sorted_legal(&mut d));
}
