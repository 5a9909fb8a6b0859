//! The binding logic, natively: the answers the web page gets, checked against hand-counted
//! move sets and hand-played games.

use fairyboard_wasm::Diagram;
use serde_json::Value;

const CHESS: &str = include_str!("../../../variants/chess.txt");

fn parse(s: String) -> Value {
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("not JSON ({e}): {s}"))
}

fn sq(name: &str) -> [u64; 2] {
    let b = name.as_bytes();
    [(b[0] - b'a') as u64, name[1..].parse::<u64>().unwrap() - 1]
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

fn pick(d: &Diagram, square: &str) -> Value {
    let [f, r] = sq(square);
    parse(d.pick(f as i32, r as i32))
}

#[test]
fn chess_start_board_and_pawn_targets() {
    let mut d = Diagram::new(CHESS);
    let info = parse(d.info());
    assert_eq!(info["files"], 8);
    assert_eq!(info["pieces"].as_array().unwrap().len(), 6);
    assert_eq!(info["problems"].as_array().unwrap().len(), 0);
    let state = parse(d.state());
    let cells = state["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 64);
    assert_eq!(cells.iter().filter(|c| !c.is_null()).count(), 32);
    assert_eq!(state["side"], 0);
    // e2: one and two steps forward, nothing else.
    assert_eq!(marks(&pick(&d, "e2")), ["e3:move", "e4:move"]);
    // g1 knight: f3, h3.
    assert_eq!(marks(&pick(&d, "g1")), ["f3:move", "h3:move"]);
    // An empty square has nothing.
    assert_eq!(marks(&pick(&d, "e4")), Vec::<String>::new());
    // Off-board input is no square.
    assert_eq!(parse(d.pick(-1, 99))["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn playing_changes_side_and_records_readable_moves() {
    let mut d = Diagram::new(CHESS);
    assert_eq!(parse(d.play("e2e4"))["san"], "e4");
    assert_eq!(parse(d.state())["side"], 1);
    let bad = parse(d.play("e2e4"));
    assert_eq!(bad["ok"], false);
    assert!(bad["error"].as_str().unwrap().contains("e2e4"));
    for m in ["e7e5", "g1f3", "b8c6"] {
        assert_eq!(parse(d.play(m))["ok"], true, "{m}");
    }
    assert_eq!(d.record(), "1. e4 e5 2. Nf3 Nc6");
    d.goto(1);
    let s = parse(d.state());
    assert_eq!(
        (s["ply"].as_u64(), s["length"].as_u64()),
        (Some(1), Some(4))
    );
    assert_eq!(s["side"], 1);
    // Playing from an earlier ply cuts the record there.
    assert_eq!(parse(d.play("c7c5"))["san"], "c5");
    assert_eq!(d.record(), "1. e4 c5");
}

#[test]
fn fools_mate_is_announced_with_its_reason() {
    let mut d = Diagram::new(CHESS);
    let r = parse(d.load_record("1. f3 e5 2. g4 Qh4#"));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["played"], 4);
    let s = parse(d.state());
    assert_eq!(s["outlook"]["result"], "0-1");
    assert_eq!(s["outlook"]["reason"], "checkmate");
    assert_eq!(s["outlook"]["over"], true);
    // The board after the replay: queen on h4 (FEN written by hand).
    assert_eq!(
        s["fen"],
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
}

#[test]
fn a_pasted_game_stops_at_the_first_bad_move() {
    let mut d = Diagram::new(CHESS);
    let r = parse(d.load_record("1. e4 e5 2. Ke3"));
    assert_eq!(r["ok"], false);
    assert_eq!(r["played"], 2);
    assert!(r["error"].as_str().unwrap().contains("Ke3"));
}

#[test]
fn knight_move_diagram_matches_a_hand_count() {
    let d = Diagram::new(CHESS);
    let v = parse(d.move_diagram(1, -1, -1, false));
    // On 8x8 the piece stands on d4; the knight jumps to the eight squares counted by hand,
    // moving or capturing on each.
    assert_eq!(v["at"], serde_json::json!([3, 3]));
    assert_eq!(
        marks(&v),
        ["b3:both", "b5:both", "c2:both", "c6:both", "e2:both", "e6:both", "f3:both", "f5:both"]
    );
}

/// The `way` of each `both` mark of a move diagram (slide or leap), by square.
fn ways(v: &Value) -> Vec<String> {
    v["marks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "both")
        .map(|m| m["way"].as_str().unwrap_or("none").to_string())
        .collect()
}

#[test]
fn move_diagrams_tell_slides_from_leaps_as_the_rules_page_does() {
    // A rook's 14 squares from d4 all lie on lines a piece can block (the adjacent ones
    // block the rest); the knight's 8 jumps cannot be blocked.
    let d = Diagram::new(CHESS);
    let rook = parse(d.move_diagram(3, -1, -1, false));
    assert_eq!(ways(&rook), vec!["slide"; 14]);
    let knight = parse(d.move_diagram(1, -1, -1, false));
    assert_eq!(ways(&knight), vec!["leap"; 8]);
}

#[test]
fn move_diagrams_are_of_the_piece_in_its_variant() {
    // Xiangqi (types: pawn, soldier, horse, elephant, rook, cannon, king, advisor): the
    // advisor steps one square diagonally and may not leave its palace (d1-f3,
    // chessvariants.com's Xiangqi page), so it is shown inside it, on d3, the palace square
    // nearest the middle, where its one step is to e2 (c2, c4 and e4 are outside).
    let d = Diagram::new(include_str!("../../../variants/xiangqi.txt"));
    let advisor = parse(d.move_diagram(7, -1, -1, false));
    assert_eq!(advisor["at"], serde_json::json!(sq("d3")));
    assert_eq!(marks(&advisor), ["e2:both"]);
    // The soldier (ID P, like the pawn) exists only across the river: shown on e6, it
    // steps forward to e7 or sideways to d6 and f6.
    let soldier = parse(d.move_diagram(1, -1, -1, false));
    assert_eq!(soldier["at"], serde_json::json!(sq("e6")));
    assert_eq!(marks(&soldier), ["d6:both", "e7:both", "f6:both"]);
}

#[test]
fn pawn_move_diagram_separates_moves_from_captures() {
    let d = Diagram::new(CHESS);
    let v = parse(d.move_diagram(0, -1, -1, false));
    // The double step to d6 is a first move only (FIDE Laws 3.7: a pawn on its first move
    // may advance two squares).
    assert_eq!(
        marks(&v),
        ["c5:capture", "d5:move", "d6:initial", "e5:capture"]
    );
}

/// Pieces that need more than one lone piece to explain: a cannon and a vao (move as a
/// rook or bishop, capture over exactly one screen), the Xiangqi horse and elephant (lame
/// knight and alfil), a castling king, a king with an initial knight's leap.
const EXPLAINED: &str = "files=8\nranks=8\nroyal=6\npawn:P:fmWfcFifmnD::a2-h2\n\
    cannon:C:mRcpR::b1\nhorse:H:nN::c1\nvao:V:mBcpB::d1\nelephant:E:nA::f1\n\
    king:K:KisO2::e1\nleaper:L:KimN::g1\n";

fn diagram_of(d: &Diagram, t: u32, hover: Option<&str>, black: bool) -> Value {
    let [f, r] = hover.map_or([u64::MAX; 2], sq);
    let (f, r) = if hover.is_some() {
        (f as i32, r as i32)
    } else {
        (-1, -1)
    };
    parse(d.move_diagram(t, f, r, black))
}

fn with_kind(v: &Value, kind: &str) -> Vec<String> {
    marks(v)
        .into_iter()
        .filter(|m| m.ends_with(&format!(":{kind}")))
        .map(|m| m.split(':').next().unwrap().to_string())
        .collect()
}

#[test]
fn a_cannon_offers_its_screens_and_hovering_one_shows_the_captures_behind_it() {
    let d = Diagram::new(EXPLAINED);
    assert_eq!(parse(d.info())["problems"].as_array().unwrap().len(), 0);
    // Cannon on d4: the rook's 14 squares. A piece on any of them but the last of each
    // line is a screen some capture jumps: those 10 react to hovering.
    let v = diagram_of(&d, 1, None, false);
    assert_eq!(marks(&v).len(), 14, "{:?}", marks(&v));
    assert_eq!(with_kind(&v, "move"), ["a4", "d1", "d8", "h4"]);
    assert_eq!(
        with_kind(&v, "move+hover"),
        ["b4", "c4", "d2", "d3", "d5", "d6", "d7", "e4", "f4", "g4"]
    );
    // Hover d6: an enemy there blocks the file upwards and is the screen of captures on
    // d7 and d8; d5 and the other lines are unchanged.
    let h = diagram_of(&d, 1, Some("d6"), false);
    assert_eq!(h["probe"][0], serde_json::json!([3, 5]));
    assert_eq!(with_kind(&h, "hop-capture"), ["d7", "d8"]);
    assert_eq!(
        with_kind(&h, "move"),
        ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "f4", "g4", "h4"]
    );
    assert_eq!(marks(&h).len(), 13);
}

#[test]
fn a_vao_offers_its_diagonal_screens() {
    let d = Diagram::new(EXPLAINED);
    let v = diagram_of(&d, 3, None, false);
    // Bishop lines from d4: 13 squares; the last of each line (a1 a7 g1 h8) screens nothing.
    assert_eq!(marks(&v).len(), 13);
    assert_eq!(with_kind(&v, "move"), ["a1", "a7", "g1", "h8"]);
    // Hover e5: captures over it on f6, g7, h8.
    let h = diagram_of(&d, 3, Some("e5"), false);
    assert_eq!(with_kind(&h, "hop-capture"), ["f6", "g7", "h8"]);
}

#[test]
fn a_bent_hopper_offers_its_screens() {
    // Hop over an orthogonal neighbour, then one diagonal step outwards (a Mao that needs a
    // screen where the Xiangqi horse needs an empty square): nothing on the empty board,
    // the four neighbours to hover; a screen on d5 leads to c6 and e6.
    let d = Diagram::new("files=8\nranks=8\nroyal=2\nhopper:H:pafsW::a1\nking::::h1\n");
    assert_eq!(parse(d.info())["problems"].as_array().unwrap().len(), 0);
    let v = diagram_of(&d, 0, None, false);
    assert_eq!(with_kind(&v, "hover"), ["c4", "d3", "d5", "e4"]);
    let h = diagram_of(&d, 0, Some("d5"), false);
    assert_eq!(marks(&h), ["c6:hop", "e6:hop"]);
    // Capturing only (`c` on the second leg): the same screens; over e4 the victims stand
    // on f3 and f5.
    let d = Diagram::new("files=8\nranks=8\nroyal=2\nhopper:H:pacfsW::a1\nking::::h1\n");
    let v = diagram_of(&d, 0, None, false);
    assert_eq!(with_kind(&v, "hover"), ["c4", "d3", "d5", "e4"]);
    let h = diagram_of(&d, 0, Some("e4"), false);
    assert_eq!(marks(&h), ["f3:hop-capture", "f5:hop-capture"]);
}

#[test]
fn lame_leapers_blocking_squares_are_explorable() {
    let d = Diagram::new(EXPLAINED);
    // Xiangqi horse on d4: the eight knight squares, and the four orthogonal neighbours
    // whose occupant blocks two of them each.
    let v = diagram_of(&d, 2, None, false);
    assert_eq!(
        with_kind(&v, "both"),
        ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    );
    assert_eq!(with_kind(&v, "block+hover"), ["c4", "d3", "d5", "e4"]);
    // A piece on d5 blocks c6 and e6 (xbetza.md's worked example: nN from d4 with d5
    // occupied reaches b3 b5 c2 e2 f3 f5).
    let h = diagram_of(&d, 2, Some("d5"), false);
    assert_eq!(with_kind(&h, "both"), ["b3", "b5", "c2", "e2", "f3", "f5"]);
    assert_eq!(marks(&h).len(), 6);
    // Xiangqi elephant: two diagonal steps, blocked on the square between.
    let e = diagram_of(&d, 4, None, false);
    assert_eq!(with_kind(&e, "both"), ["b2", "b6", "f2", "f6"]);
    assert_eq!(with_kind(&e, "block+hover"), ["c3", "c5", "e3", "e5"]);
}

#[test]
fn initial_moves_are_marked_as_such() {
    let d = Diagram::new(EXPLAINED);
    // Castling: the king goes two squares towards either unmoved partner at the rank's ends.
    let k = diagram_of(&d, 5, None, false);
    assert_eq!(with_kind(&k, "castle"), ["b4", "f4"]);
    assert_eq!(with_kind(&k, "both").len(), 8);
    // A king with a knight's leap as its first move only (moving, not capturing).
    let l = diagram_of(&d, 6, None, false);
    assert_eq!(
        with_kind(&l, "initial"),
        ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    );
    assert_eq!(with_kind(&l, "both").len(), 8);
}

#[test]
fn blacks_view_turns_the_moves_round() {
    let d = Diagram::new(EXPLAINED);
    // Mirror symmetry: Black's pawn stands on d5 (the mirror of d4) and moves down.
    let p = diagram_of(&d, 0, None, true);
    assert_eq!(p["at"], serde_json::json!([3, 4]));
    assert_eq!(p["color"], 1);
    assert_eq!(
        marks(&p),
        ["c4:capture", "d3:initial", "d4:move", "e4:capture"]
    );
    // Black's cannon on d5, hovered on d3: captures on d2 and d1, the enemy a White pawn.
    let h = diagram_of(&d, 1, Some("d3"), true);
    assert_eq!(with_kind(&h, "hop-capture"), ["d1", "d2"]);
    assert_eq!(h["probe"][1]["color"], 0);
    // Rotational symmetry: a piece stepping forward-right only; Black's forward-right is
    // White's backward-left, from e5 (d4 turned half round) to d4.
    let r =
        Diagram::new("files=8\nranks=8\nsymmetry=rotate\nroyal=2\nstep:S:frF::a1\nking::::h1\n");
    assert_eq!(marks(&diagram_of(&r, 0, None, false)), ["e5:both"]);
    let b = diagram_of(&r, 0, None, true);
    assert_eq!(b["at"], serde_json::json!([4, 4]));
    assert_eq!(marks(&b), ["d4:both"]);
}

#[test]
fn grasshopper_screens_and_hops() {
    // Grasshopper on d4, a friendly pawn on d6 as the screen: it lands on d7 only.
    let def = "files=8\nranks=8\nsymmetry=none\nroyal=3\ngrasshopper:G:gQ::d4\npawn::::d6\nking::::a1,,h8\n";
    let d = Diagram::new(def);
    let info = parse(d.info());
    assert_eq!(info["problems"].as_array().unwrap().len(), 0, "{info}");
    let v = pick(&d, "d4");
    let m = marks(&v);
    assert!(m.contains(&"d6:screen".to_string()), "{m:?}");
    assert!(m.contains(&"d7:hop".to_string()), "{m:?}");
    // Nothing else to land on: the other lines have no screen.
    assert_eq!(m.len(), 2, "{m:?}");
    // Move diagram: every square on the queen lines reacts to hovering; with an enemy
    // materialised on f6 (two diagonal steps) it lands on g7.
    let md = parse(d.move_diagram(0, -1, -1, false));
    assert!(marks(&md).contains(&"d5:hover".to_string()));
    let [f, r] = sq("f6");
    let hovered = parse(d.move_diagram(0, f as i32, r as i32, false));
    assert_eq!(marks(&hovered), ["g7:hop"]);
}

#[test]
fn lion_enters_a_two_leg_capture_by_its_intermediate_square() {
    let def = "files=8\nranks=8\nroyal=2\nlion::::d4\nking::::a1\n";
    let mut d = Diagram::new(def);
    // Black's mirrored lion stands on d5, next to White's.
    let v = pick(&d, "d4");
    let moves = v["moves"].as_array().unwrap();
    let two_leg = moves
        .iter()
        .find(|m| m["uci"] == "d4d5,d5d6")
        .expect("capture d5 then step to d6");
    assert_eq!(two_leg["path"], serde_json::json!([[3, 4], [3, 5]]));
    assert_eq!(two_leg["legal"], true);
    // Igui: capture d5 and return to d4.
    assert!(moves.iter().any(|m| m["uci"] == "d4d5,d5d4"));
    assert!(marks(&v).contains(&"d5:capture".to_string()));
    assert_eq!(parse(d.play("d4d5,d5d6"))["ok"], true);
    let s = parse(d.state());
    let cells = s["cells"].as_array().unwrap();
    assert!(cells[4 * 8 + 3].is_null(), "d5 emptied");
    assert_eq!(cells[5 * 8 + 3]["piece"], 0);
    assert_eq!(cells[5 * 8 + 3]["color"], 0);
}

#[test]
fn promotion_offers_each_choice() {
    let mut d = Diagram::new(CHESS);
    assert_eq!(
        parse(d.set_fen("8/4P3/8/8/8/8/8/K6k w - - 0 1"))["ok"],
        true
    );
    let v = pick(&d, "e7");
    let mut promos: Vec<String> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap().to_string())
        .collect();
    promos.sort();
    assert_eq!(promos, ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
}

#[test]
fn illegal_targets_are_marked_as_such() {
    let mut d = Diagram::new(CHESS);
    // The e2 knight is pinned against the king by the e8 rook.
    d.set_fen("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1");
    let v = pick(&d, "e2");
    let m = marks(&v);
    assert_eq!(m.len(), 6, "{m:?}");
    assert!(m.iter().all(|s| s.ends_with(":illegal")), "{m:?}");
}

#[test]
fn crazyhouse_drops_from_the_hand() {
    let text = include_str!("../../../variants/crazyhouse.txt");
    let mut d = Diagram::new(text);
    for m in ["e2e4", "d7d5", "e4d5"] {
        assert_eq!(parse(d.play(m))["ok"], true, "{m}");
    }
    let s = parse(d.state());
    // White holds the captured pawn.
    assert_eq!(s["hands"][0][0], 1);
    d.play("d8d5");
    let s = parse(d.state());
    assert_eq!(s["hands"][1][0], 1);
    // White to move has nothing in hand now? It has the pawn.
    let drops = parse(d.pick_hand(0));
    // Empty squares on ranks 2-7: 48 minus 14 occupied there (7 white pawns on rank 2,
    // 7 black pawns on rank 7, black queen on d5) ... counted: rank2 has 1 empty (e2),
    // ranks 3-6 have 32 squares minus the queen = 31, rank 7 has 1 empty (d7): 33.
    assert_eq!(drops["moves"].as_array().unwrap().len(), 33);
    assert_eq!(parse(d.play("P@e6"))["ok"], true);
}

#[test]
fn free_mode_moves_anything_and_hands_over_the_turn() {
    let mut d = Diagram::new(CHESS);
    // Black moves first, out of turn.
    assert_eq!(parse(d.play_free("e7e5", 1))["ok"], true);
    assert_eq!(parse(d.state())["side"], 0);
    // A move no piece could make.
    let [a, b] = sq("a1");
    let [c, e] = sq("h5");
    assert_eq!(
        parse(d.relocate(a as i32, b as i32, c as i32, e as i32))["ok"],
        true
    );
    let s = parse(d.state());
    assert_eq!(s["side"], 1);
    assert!(s["fen"]
        .as_str()
        .unwrap()
        .starts_with("rnbqkbnr/pppp1ppp/8/4p2R/"));
    // Clear a square, then off-board input is an error, not a panic.
    assert_eq!(parse(d.place(-1, 0, 4, 0, false))["ok"], true);
    assert_eq!(parse(d.relocate(0, 0, 40, 0))["ok"], false);
}

#[test]
fn a_bad_definition_keeps_its_board_and_lists_its_problems() {
    let def = "files=8\nranks=8\nroyal=2\nrook:R:R::a1\nking:K:KisO2::e1\nwarrior:W:xyz!::d1\n";
    let mut d = Diagram::new(def);
    let info = parse(d.info());
    let problems = info["problems"].as_array().unwrap();
    assert!(!problems.is_empty());
    // The unreadable move is skipped, as the Interactive Diagram does: a warning, no error.
    assert!(
        problems.iter().all(|p| p["severity"] == "warning"),
        "{problems:?}"
    );
    let p = &problems[0];
    assert_eq!(p["piece"], "warrior");
    assert_eq!(p["line"], 6);
    // The board still shows every piece.
    assert_eq!(info["playable"], true);
    let s = parse(d.state());
    assert_eq!(
        s["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| !c.is_null())
            .count(),
        6
    );
}

#[test]
fn syntax_errors_name_line_and_column() {
    let d = Diagram::new("files=ten\nrook::::a1,k9\n");
    let info = parse(d.info());
    let p = &info["problems"];
    assert_eq!(p[0]["line"], 1);
    assert_eq!(p[0]["column"], 7);
    assert_eq!(p[1]["line"], 2);
    assert_eq!(p[1]["piece"], "rook");
}

#[test]
fn the_ai_answers_with_legal_moves_and_finds_a_mate_in_one() {
    let mut d = Diagram::new(CHESS);
    for seed in 0..4 {
        let m = d.think(30, seed);
        let legal: Vec<String> = serde_json::from_str(&d.legal_moves()).unwrap();
        assert!(legal.contains(&m), "{m}");
        assert_eq!(parse(d.play(&m))["ok"], true);
    }
    // Back-rank mate: Ra8# is the only mate (king g8 boxed in by its own pawns).
    d.set_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(d.think(300, 1), "a1a8");
    d.play("a1a8");
    let s = parse(d.state());
    assert_eq!(s["outlook"]["reason"], "checkmate");
    assert_eq!(s["outlook"]["result"], "1-0");
}

#[test]
fn a_line_reproduces_the_position_and_its_history() {
    let mut d = Diagram::new(CHESS);
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        d.play(m);
    }
    let line = d.line();
    let mut e = Diagram::new(CHESS);
    assert_eq!(parse(e.set_line(&line))["ok"], true);
    assert_eq!(e.fen(), d.fen());
    // The third occurrence of the start position: a draw by repetition, in both.
    d.play("f6g8");
    e.play("f6g8");
    for x in [&mut d, &mut e] {
        let s = parse(x.state());
        assert_eq!(s["outlook"]["reason"], "repetition");
        assert_eq!(s["outlook"]["result"], "1/2-1/2");
    }
}

#[test]
fn restart_with_a_shuffle_is_recorded_and_replayed_by_its_number() {
    let def = format!("{CHESS}\nshuffle=BN\n");
    let mut d = Diagram::new(&def);
    assert_eq!(parse(d.info())["shuffles"], true);
    d.restart(7);
    let a = d.fen();
    let record = d.record();
    assert!(record.starts_with('{') && record.ends_with('}'), "{record}");
    // Only bishops and knights moved; Black mirrors White.
    let rows: Vec<&str> = a.split(' ').next().unwrap().split('/').collect();
    let (rank8, rank1) = (rows[0], rows[7]);
    assert_eq!(rank1.to_lowercase(), rank8);
    assert_eq!(&rank1[0..1], "R");
    assert_eq!(&rank1[3..5], "QK");
    assert_eq!(&rank1[7..8], "R");
    let mut minors: Vec<char> = [1, 2, 5, 6]
        .iter()
        .map(|&i| rank1.as_bytes()[i] as char)
        .collect();
    minors.sort();
    assert_eq!(minors, ['B', 'B', 'N', 'N']);
    // The number replays the same start, with moves after it.
    let mut e = Diagram::new(&def);
    let r = parse(e.load_record(&format!("{record} 1. e4")));
    assert_eq!(r["ok"], true, "{r}");
    e.goto(0);
    assert_eq!(e.fen(), a);
}

#[test]
fn lion_move_diagram_marks_two_king_steps_and_its_victim_squares() {
    // Lion alone on e4 of 10x8: the 24 squares within two king steps, moving or capturing;
    // the 8 adjacent ones are also victim squares (capture there and go on), so hovering
    // them changes the diagram.
    let def = "files=10\nranks=8\nroyal=2\nlion::::a1\nking::::j1\n";
    let d = Diagram::new(def);
    let v = parse(d.move_diagram(0, -1, -1, false));
    assert_eq!(v["at"], serde_json::json!([4, 3]));
    let m = marks(&v);
    assert_eq!(m.len(), 24, "{m:?}");
    let adjacent = ["d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"];
    for s in &m {
        let (square, kind) = s.split_once(':').unwrap();
        let want = if adjacent.contains(&square) {
            "both+hover"
        } else {
            "both"
        };
        assert_eq!(kind, want, "{s}");
    }
    // Hovering d5: an enemy pawn there, captured directly or on the way. The Lion's own
    // square e4 is a target too (it may step out and back: a pass, or igui on d5).
    let [f, r] = sq("d5");
    let h = parse(d.move_diagram(0, f as i32, r as i32, false));
    assert_eq!(h["probe"][0], serde_json::json!([3, 4]));
    let hm = marks(&h);
    assert!(hm.contains(&"d5:capture".to_string()), "{hm:?}");
    assert!(hm.contains(&"e4:move".to_string()), "{hm:?}");
    assert_eq!(hm.len(), 25, "{hm:?}");
}

#[test]
fn perft_counts_the_published_chess_numbers() {
    // Chess from the start: 20, 400, 8902 (the well-known perft table).
    let mut d = Diagram::new(CHESS);
    assert_eq!(d.perft(1), Ok(20.0));
    assert_eq!(d.perft(3), Ok(8902.0));
    // Over the depth limit of the work budget: an error naming it, not a silently
    // shallower count (as before) nor a frozen page.
    assert_eq!(
        d.perft(11),
        Err("perft depth of 11 is over the limit of 10".to_string())
    );
    assert!(Diagram::new("files=8\nranks=8\nnonsense").perft(1).is_err());
}

#[test]
fn dropping_on_your_own_piece_substitutes_it() {
    // The Interactive Diagram's substitution: the replaced piece goes back to the hand.
    let mut d = Diagram::new(include_str!("../../../variants/crazyhouse.txt"));
    for m in ["e2e4", "d7d5", "e4d5"] {
        d.play(m);
    }
    let [f, r] = sq("g1");
    assert_eq!(parse(d.place(0, 0, f as i32, r as i32, true))["ok"], true);
    let s = parse(d.state());
    assert_eq!(s["cells"][6]["piece"], 0, "a pawn on g1");
    assert_eq!(s["hands"][0][0], 0, "the pawn left the hand");
    assert_eq!(s["hands"][0][1], 1, "the knight went to the hand");
    // Nothing of that kind in hand: refused, board unchanged.
    assert_eq!(parse(d.place(4, 0, 0, 3, true))["ok"], false);
}

/// The reason a refused click gets on the board, for each kind of refusal (FIDE rules: a
/// side moves only in turn, may not leave its king in check, and nothing moves after mate).
#[test]
fn refusals_say_why() {
    let mut d = Diagram::new(CHESS);
    let why = |d: &mut Diagram, uci: &str, color: u8| -> Value { parse(d.refusal(uci, color)) };
    assert_eq!(why(&mut d, "e2e4", 0)["ok"], true);
    assert_eq!(
        why(&mut d, "e7e5", 1)["error"],
        "White to move: it is not Black's turn"
    );
    // 1. e4 d6 2. Bb5+: a7-a6 does not answer the check.
    for m in ["e2e4", "d7d6", "f1b5"] {
        assert_eq!(parse(d.play(m))["ok"], true, "{m}");
    }
    assert_eq!(
        why(&mut d, "a7a6", 1)["error"],
        "It leaves your king in check"
    );
    assert_eq!(why(&mut d, "c7c6", 1)["ok"], true);
    // Fool's mate: after 2... Qh4# no move of White's is allowed.
    let mut d = Diagram::new(CHESS);
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        assert_eq!(parse(d.play(m))["ok"], true, "{m}");
    }
    let over = why(&mut d, "a2a3", 0);
    assert_eq!(over["ok"], false);
    assert!(
        over["error"]
            .as_str()
            .unwrap()
            .starts_with("The game is over (0-1 by checkmate)"),
        "{over}"
    );
}

/// Drops the rules refuse, with the rule: a second pawn on a file under `dropNoDoubled`
/// (Shogi's nifu), a pawn on the last rank where `fW` could never move, a drop out of turn.
#[test]
fn refused_drops_name_their_rule() {
    let mut d = Diagram::new(
        "files=5\nranks=5\nholdingsType=-1\ndropNoDoubled=P\nroyal=2\npawn:P:fW::a2:1\nking:K:K::c1\n",
    );
    let why = |d: &mut Diagram, f: i32, r: i32, color: u8| -> Value {
        parse(d.drop_refusal(0, color, f, r))
    };
    // White's pawn a2 is on the a-file: a3 is refused, b3 is fine.
    assert_eq!(
        why(&mut d, 0, 2, 0)["error"],
        "dropNoDoubled: no second pawn on a file (yours is already on the a-file)"
    );
    assert_eq!(why(&mut d, 1, 2, 0)["ok"], true);
    // b5: the last rank, where a forward stepper is stuck.
    assert!(why(&mut d, 1, 4, 0)["error"]
        .as_str()
        .unwrap()
        .starts_with("A pawn may not be dropped there"));
    assert_eq!(
        why(&mut d, 1, 2, 1)["error"],
        "White to move: it is not Black's turn"
    );
    // a2 holds White's own pawn: that is a substitution, not a drop.
    assert!(why(&mut d, 0, 1, 0)["error"]
        .as_str()
        .unwrap()
        .starts_with("Drops go to empty squares"));
}

#[test]
fn a_lame_horse_shows_the_squares_that_hobble_it() {
    // The xiangqi horse (nN) on d4 of an 8x8 board is blocked by a piece orthogonally
    // next to it (https://www.chessvariants.com/xiangqi.html): c4, d3, d5 and e4 get the
    // rules page's "block" symbol, and hovering there shows the moves it loses.
    let def = "files=8\nranks=8\nroyal=2\nhorse:H:nN::a1\nking:K:K::h1\n";
    let d = Diagram::new(def);
    let v = parse(d.move_diagram(0, -1, -1, false));
    let blocks: Vec<String> = marks(&v)
        .into_iter()
        .filter(|m| m.ends_with(":block+hover"))
        .collect();
    assert_eq!(
        blocks,
        [
            "c4:block+hover",
            "d3:block+hover",
            "d5:block+hover",
            "e4:block+hover"
        ]
    );
}

#[test]
fn every_mark_kind_the_browser_gets_has_its_class_and_style() {
    // One vocabulary: the names the diagram sends are the core's `MarkKind::name`, and the
    // browser diagram has a CSS class (web/idiagram.js) and a style (web/idiagram.css) for
    // each.
    use fairyboard_core::MarkKind;
    let js = include_str!("../../../web/idiagram.js");
    let css = include_str!("../../../web/idiagram.css");
    for k in [
        MarkKind::Move,
        MarkKind::Capture,
        MarkKind::Both,
        MarkKind::Transit,
        MarkKind::Stop,
        MarkKind::LocustVictim,
        MarkKind::HopScreen,
        MarkKind::Hop,
        MarkKind::Context,
        MarkKind::Illegal,
        MarkKind::Block,
        MarkKind::Initial,
        MarkKind::Castle,
        MarkKind::HopCapture,
    ] {
        let name = k.name();
        // A name with a hyphen is a quoted key.
        assert!(
            js.contains(&format!("{name}: 'idg-{name}'"))
                || js.contains(&format!("'{name}': 'idg-{name}'")),
            "{name}"
        );
        assert!(css.contains(&format!(".idg-{name}")), "{name}");
    }
}

/// The game's history is the core game's: after the knights go out and back, the four
/// positions before the current one start with the start position, which is the current
/// one again; stepping back two moves leaves two.
#[test]
fn the_history_handed_to_the_search_is_the_core_games() {
    let mut g = fairyboard_wasm::game::load(CHESS)
        .game
        .expect("chess builds");
    let start = g.position().hash();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        g.play(m).expect("legal");
    }
    assert_eq!(g.hashes().len(), 4);
    assert_eq!(g.hashes()[0], start);
    assert_eq!(g.position().hash(), start);
    assert_ne!(g.hashes()[1], start);
    g.goto(2);
    assert_eq!(g.hashes().len(), 2);
    assert_eq!(g.hashes()[0], start);
}

/// The variant's own rules are named in the refusal, in the rules core's words: `iron` (the
/// Interactive Diagram's "cannot be captured"), FIDE castling (article 3.8.2: not out of,
/// through or into check), and `dropNoMate` (shogi's uchifuzume: no pawn drop that mates).
#[test]
fn refusals_name_the_variants_rule() {
    // A rook on a1 may not take the iron rook on a2; the king's step is fine.
    let mut d = Diagram::new(
        "files=8\nranks=8\nsymmetry=mirror\nroyal=2\niron=R\nrook:R:R::a1\nking:K:K::e1\n",
    );
    assert_eq!(
        parse(d.set_fen("4k3/8/8/8/8/8/r7/R3K3 w - - 0 1"))["ok"],
        true
    );
    let why = |d: &mut Diagram, uci: &str| -> Value { parse(d.refusal(uci, 0)) };
    assert_eq!(
        why(&mut d, "a1a2")["error"],
        "The rook is iron (it cannot be captured)"
    );
    assert_eq!(why(&mut d, "e1f1")["ok"], true);

    // Castling short with the f8 rook on f1's file: through check; with a rook on a1
    // giving check: out of it; with the g8 rook on g1's file: into it.
    for (fen, error) in [
        (
            "4kr2/8/8/8/8/8/8/4K2R w K - 0 1",
            "The king may not castle through a square the opponent attacks",
        ),
        (
            "4k3/8/8/8/8/8/8/r3K2R w K - 0 1",
            "The king may not castle out of check",
        ),
        (
            "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1",
            "The king may not castle into check",
        ),
    ] {
        let mut d = Diagram::new(CHESS);
        assert_eq!(parse(d.set_fen(fen))["ok"], true, "{fen}");
        assert_eq!(why(&mut d, "e1g1")["error"], error, "{fen}");
    }
    // With nothing in the way the same castling is allowed.
    let mut d = Diagram::new(CHESS);
    assert_eq!(
        parse(d.set_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"))["ok"],
        true
    );
    assert_eq!(why(&mut d, "e1g1")["ok"], true);

    // Minishogi: the gold c3 guards c4 and b4/d4, the silvers a4/e4 cover b5/d5, so a pawn
    // dropped on c4 would mate the c5 king; on c2 it is an ordinary drop.
    let mut d = Diagram::new(include_str!("../../../variants/minishogi.txt"));
    assert_eq!(parse(d.set_fen("2k2/S3S/2G2/5/4K[P] w 0 1"))["ok"], true);
    let [f, r] = sq("c4");
    assert_eq!(
        parse(d.drop_refusal(0, 0, f as i32, r as i32))["error"],
        "A pawn may not be dropped to give mate (dropNoMate)"
    );
    let [f, r] = sq("c2");
    assert_eq!(parse(d.drop_refusal(0, 0, f as i32, r as i32))["ok"], true);
}
