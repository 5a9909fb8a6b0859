//! Generated rules pages (`fairyboard rules`, `fairyboard_render::rules_page`).
//!
//! Expected values are worked out by hand from the games' rules: move diagrams counted on
//! a board (a knight on d4 has 8 leaps: b3 b5 c2 c6 e2 e6 f3 f5), setups counted from the
//! definitions, an alfil's 8 reachable squares listed as in XBoard's Shatranj page (seed
//! 001: "Bound to 8 squares"), and piece values by applying the documented formula of
//! `fairyboard_core::value` with pencil and paper.

use std::path::PathBuf;
use std::process::Command;

use fairyboard_core::catalogue;
use fairyboard_core::marks::{MarkKind, Symbol, Way};
use fairyboard_render::rules_page::{self, Rules};

fn variants_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"))
}

fn setup_env() {
    // The library reads the catalogue from here (also for the FIDE comparison).
    std::env::set_var("FAIRYBOARD_VARIANTS", variants_dir());
}

fn analyse(name: &str) -> Rules {
    setup_env();
    let v = catalogue::load(name).expect("compiles");
    rules_page::analyse(&v)
}

fn page(name: &str) -> String {
    setup_env();
    let v = catalogue::load(name).expect("compiles");
    rules_page::html(&v)
}

/// The symbols of one piece's move diagram, as the page lists them (`data-marks`).
fn marks_on_page(html: &str, id: &str) -> Vec<(String, String)> {
    let key = format!("data-piece=\"{id}\" data-marks=\"");
    let start = html.find(&key).expect("the piece has a move diagram") + key.len();
    let end = start + html[start..].find('"').expect("attribute ends");
    html[start..end]
        .split("; ")
        .filter(|m| !m.is_empty())
        .map(|m| {
            let (sq, kind) = m.split_once(':').expect("square:name");
            (sq.to_string(), kind.to_string())
        })
        .collect()
}

fn squares_of(marks: &[(String, String)], kind: &str) -> Vec<String> {
    let mut v: Vec<String> = marks
        .iter()
        .filter(|(_, k)| k == kind)
        .map(|(s, _)| s.clone())
        .collect();
    v.sort();
    v
}

#[test]
fn chess_setup_lists_every_piece_like_xboard() {
    let r = analyse("chess");
    let line = |piece: &str| {
        r.setup
            .iter()
            .find(|l| l.piece == piece)
            .unwrap_or_else(|| panic!("no setup line for {piece}"))
    };
    assert_eq!(line("Pawn").count, 16);
    assert_eq!(line("Pawn").squares, "a2-h2, a7-h7");
    assert_eq!(line("Knight").count, 4);
    assert_eq!(line("Knight").squares, "b1, g1, b8, g8");
    assert_eq!(line("Rook").squares, "a1, h1, a8, h8");
    assert_eq!(line("King").squares, "e1, e8");
    assert_eq!(line("Queen").count, 2);
    assert_eq!(r.setup.iter().map(|l| l.count).sum::<usize>(), 32);
    let html = page("chess");
    assert!(html.contains("a2-h2, a7-h7: <b>Pawn</b> (16)"));
}

#[test]
fn knight_has_exactly_eight_orange_leaps_from_d4() {
    let html = page("chess");
    let marks = marks_on_page(&html, "N");
    assert_eq!(
        squares_of(&marks, "both leap"),
        ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    );
    assert_eq!(marks.len(), 8, "nothing but the leaps: {marks:?}");
    // The board is drawn from d4.
    assert!(html.contains("(N) on d4</h4>"));
}

#[test]
fn sliders_pawns_and_king_in_move_diagrams() {
    let html = page("chess");
    let rook = marks_on_page(&html, "R");
    assert_eq!(squares_of(&rook, "both slide").len(), 14);
    assert_eq!(rook.len(), 14);
    let bishop = marks_on_page(&html, "B");
    // From d4: a1 b2 c3, e5 f6 g7 h8, c5 b6 a7, e3 f2 g1 = 13.
    assert_eq!(squares_of(&bishop, "both slide").len(), 13);
    let pawn = marks_on_page(&html, "P");
    // Unmoved on d4: d5 and the double step d6 (move only), c5 and e5 (capture only).
    assert_eq!(squares_of(&pawn, "move"), ["d5", "d6"]);
    assert_eq!(squares_of(&pawn, "capture"), ["c5", "e5"]);
    // The double step is marked as an initial move (FIDE Laws 3.7.2: from its start
    // square only); nothing else is.
    assert_eq!(squares_of(&pawn, "initial"), ["d6"]);
    assert_eq!(pawn.len(), 5);
    let king = marks_on_page(&html, "K");
    assert_eq!(squares_of(&king, "both leap").len(), 8);
    assert_eq!(king.len(), 8);
}

#[test]
fn hoppers_and_multi_leg_moves_get_their_own_symbols() {
    let r = analyse("cv-cannons");
    let cannon = r.pieces.iter().find(|p| p.id == "C").unwrap();
    let kinds = |m: Symbol| {
        cannon
            .glance
            .marks
            .iter()
            .filter(|(_, ms)| ms.contains(&m))
            .count()
    };
    // mRcpR from d4 on 8x8: 14 rook moves (move only). Its captures need a screen and a
    // victim behind it, so every ray square but the first is also a hop target:
    // up d6 d7 d8, down d2 d1, left b4 a4, right f4 g4 h4 = 10.
    assert_eq!(kinds(Symbol::of(MarkKind::Move)), 14);
    assert_eq!(kinds(Symbol::of(MarkKind::HopCapture)), 10);
    assert_eq!(kinds(Symbol::of(MarkKind::Hop)), 0);
    assert_eq!(
        kinds(Symbol::both(Way::Slide))
            + kinds(Symbol::both(Way::Leap))
            + kinds(Symbol::of(MarkKind::Capture)),
        0
    );
    // The grasshopper (gQ) only ever lands right behind a hurdle: no plain targets, and
    // from d4 every square two or more steps away along a queen line can be reached.
    let r = analyse("grasshopper");
    let g = r.pieces.iter().find(|p| p.id == "G").unwrap();
    let hops: Vec<&String> = g
        .glance
        .marks
        .iter()
        .filter(|(_, ms)| {
            ms.contains(&Symbol::of(MarkKind::Hop))
                && ms.contains(&Symbol::of(MarkKind::HopCapture))
        })
        .map(|(s, _)| s)
        .collect();
    // Queen lines from d4 hold 27 squares, 8 of them adjacent: 19 hop targets, where it
    // moves and captures (both symbols: one alone would be a cannon's).
    assert_eq!(hops.len(), 19);
    assert!(g.glance.marks.iter().all(|(_, ms)| {
        ms.contains(&Symbol::of(MarkKind::HopCapture)) == ms.contains(&Symbol::of(MarkKind::Hop))
            && !ms.contains(&Symbol::of(MarkKind::Move))
    }));
    // Its hurdles stand on the queen lines, short of the edge: 27 line squares less the 8
    // that end a line (d8 d1 a4 h4 a1 a7 g1 h8), behind which there is nowhere to land.
    let screens = g
        .glance
        .marks
        .iter()
        .filter(|(_, ms)| ms.contains(&Symbol::of(MarkKind::HopScreen)))
        .count();
    assert_eq!(screens, 27 - 8);
    let r = analyse("cv-lame");
    let zebra = r.pieces.iter().find(|p| p.id == "Z").unwrap();
    // mafsmafW on 9x9, drawn from e5: a first orthogonal step (e6 e4 d5 f5), then two
    // diagonal steps. A piece on a first step's square blocks the move: those squares
    // are blocks (as a lame leaper's are), with no transit symbol besides.
    let marked = |m: Symbol| {
        let mut v: Vec<String> = zebra
            .glance
            .marks
            .iter()
            .filter(|(_, ms)| ms.contains(&m))
            .map(|(s, _)| s.clone())
            .collect();
        v.sort();
        v
    };
    assert!(marked(Symbol::of(MarkKind::Transit)).is_empty());
    let blocks = marked(Symbol::of(MarkKind::Block));
    for s in ["d5", "e4", "e6", "f5"] {
        assert!(blocks.contains(&s.to_string()), "{s}: {blocks:?}");
    }
}

#[test]
fn piece_values_are_near_the_classic_ones_or_the_definitions_own() {
    // The page shows the AI's values in pawns. Chess against the classic 1 : 3¼ : 3¼ : 5 :
    // 9½ (within half a pawn for the minor pieces and the rook, one for the queen).
    let r = analyse("chess");
    let value = |id: &str| r.pieces.iter().find(|p| p.id == id).unwrap().value.unwrap();
    assert_eq!(value("P"), 1.0);
    for (id, classic, within) in [
        ("N", 3.25, 0.5),
        ("B", 3.25, 0.5),
        ("R", 5.0, 0.5),
        ("Q", 9.5, 1.0),
    ] {
        assert!((value(id) - classic).abs() <= within, "{id}: {}", value(id));
    }
    let king = r.pieces.iter().find(|p| p.id == "K").unwrap();
    assert_eq!(king.value, None, "royal pieces have no value");
    // Shatranj's definition gives its own values (pieceValue=N:450, R:630, Q:180, B:110).
    let r = analyse("shatranj");
    let value = |id: &str| r.pieces.iter().find(|p| p.id == id).unwrap().value.unwrap();
    assert_eq!(
        [value("N"), value("R"), value("Q"), value("B")],
        [4.5, 6.3, 1.8, 1.1]
    );
}

#[test]
fn chess_has_no_differences_with_itself() {
    let r = analyse("chess");
    assert_eq!(r.differences.as_deref(), Some(&[][..]));
    let html = page("chess");
    assert!(html.contains("Differences with FIDE"));
    assert!(html.contains("None: the rules are those of FIDE chess."));
}

#[test]
fn capablanca_differences_name_the_new_pieces_and_the_board() {
    let r = analyse("capablanca");
    let d = r.differences.expect("chess is in the catalogue").join("\n");
    assert!(d.contains("10×8 instead of 8×8"), "{d}");
    assert!(d.contains("Archbishop (A, BN)"), "{d}");
    assert!(d.contains("Chancellor (C, RN)"), "{d}");
    assert!(
        d.contains("may also promote to Archbishop or Chancellor"),
        "{d}"
    );
    assert!(d.contains("moves 3 squares towards it"), "{d}");
    assert!(!d.contains("There is no"), "every FIDE piece is there: {d}");
}

#[test]
fn shatranj_page_says_what_xboards_says() {
    let r = analyse("shatranj");
    let alfil = r.pieces.iter().find(|p| p.name == "alfil").unwrap();
    assert!(
        alfil
            .remarks
            .iter()
            .any(|m| m == "Bound to 8 of the 64 squares"),
        "{:?}",
        alfil.remarks
    );
    let d = r.differences.unwrap().join("\n");
    // Compared by moves, never by name: the shatranj pawn has no double step, the king
    // does not castle, alfil and ferz are new pieces.
    assert!(d.contains("Pawn (P, fmWfcF)"), "{d}");
    assert!(d.contains("King (K, K)"), "{d}");
    assert!(d.contains("No castling."), "{d}");
    assert!(
        d.contains("No piece moves as the FIDE Pawn, Bishop, Queen or King does."),
        "{d}"
    );
    let end = r.game_end.join("\n");
    assert!(end.contains("is bared and loses"), "{end}");
    let pawns = r.pawns.join("\n");
    assert!(pawns.contains("no initial double step"), "{pawns}");
    assert!(pawns.contains("must promote to Ferz"), "{pawns}");
}

#[test]
fn chess_sections_castling_promotion_en_passant() {
    let r = analyse("chess");
    let castling = r.castling.join("\n");
    assert!(castling.contains("The King castles with the Rook on a1: moves 2 squares"));
    assert!(castling.contains("The King castles with the Rook on h1: moves 2 squares"));
    assert!(castling.contains("not castle while in check"));
    let promo = r.promotion.join("\n");
    assert!(
        promo.contains(
            "on reaching the last rank (8) must promote to Queen, Rook, Bishop or Knight"
        ),
        "{promo}"
    );
    let pawns = r.pawns.join("\n");
    assert!(
        pawns.contains("moves 1 square straight forward and captures 1 square diagonally forward"),
        "{pawns}"
    );
    assert!(pawns.contains("2 squares straight forward"), "{pawns}");
    assert!(pawns.contains("en passant"), "{pawns}");
    assert!(r.holdings.is_empty());
    let bishop = r.pieces.iter().find(|p| p.id == "B").unwrap();
    assert!(
        bishop.remarks.iter().any(|m| m.starts_with("Colour-bound")),
        "{:?}",
        bishop.remarks
    );
    let html = page("chess");
    for heading in [
        "Pawn peculiarities",
        "Castling",
        "Promotion",
        "Game end",
        "Moves at a glance",
    ] {
        assert!(html.contains(heading), "missing {heading}");
    }
    assert!(!html.contains(">Holdings<"));
}

#[test]
fn confinement_drops_and_shogi_promotion() {
    let r = analyse("xiangqi");
    let king = r.pieces.iter().find(|p| p.id == "K").unwrap();
    assert!(
        king.remarks
            .iter()
            .any(|m| m == "Confined to d1-f3 (White's side)"),
        "{:?}",
        king.remarks
    );
    // The elephant's seven points on its side of the river.
    let elephant = r.pieces.iter().find(|p| p.id == "B").unwrap();
    assert!(
        elephant
            .remarks
            .iter()
            .any(|m| m == "Confined to c1, g1, a3, e3, i3, c5, g5 (White's side)"),
        "{:?}",
        elephant.remarks
    );
    // The soldier only moves forward (and sideways after the river): its moves are not
    // reversible, so it gets no confinement remark.
    let soldier = r.pieces.iter().find(|p| p.name == "pawn").unwrap();
    assert!(!soldier.remarks.iter().any(|m| m.contains("Confined")));
    let r = analyse("crazyhouse");
    assert!(r.holdings.join(" ").contains("drop"));
    let d = r.differences.unwrap().join("\n");
    assert!(d.contains("can be dropped"), "{d}");
    let r = analyse("shogi");
    let pawn = r.pieces.iter().find(|p| p.id == "P").unwrap();
    let remarks = pawn.remarks.join("\n");
    // morph=^/|/| : forced on rank 9, optional on 7-8.
    assert!(remarks.contains("must promote to Tokin"), "{remarks}");
    assert!(
        remarks.contains("On ranks 7-8 may promote to Tokin"),
        "{remarks}"
    );
    // Nifu, pawn-drop mate and promotion on leaving the zone (variants/shogi.txt).
    let holdings = r.holdings.join("\n");
    assert!(
        holdings
            .contains("A Pawn may not be dropped on a file where its owner already has a Pawn."),
        "{holdings}"
    );
    assert!(
        holdings.contains("Dropping a Pawn may give check but not checkmate."),
        "{holdings}"
    );
    assert!(r
        .promotion
        .join(" ")
        .contains("also when it leaves the zone"));
    // Crazyhouse has none of these rules.
    let r = analyse("crazyhouse");
    assert!(!r.holdings.join(" ").contains("file"));
    assert!(!r.promotion.join(" ").contains("leaves the zone"));
}

#[test]
fn every_catalogue_variant_gets_a_page() {
    setup_env();
    for name in catalogue::names() {
        let html = page(&name);
        assert!(html.starts_with("<!DOCTYPE html>"), "{name}");
        assert!(html.contains("Moves at a glance"), "{name}");
        assert!(html.contains("<svg"), "{name}: board images are inline");
        assert!(html.ends_with("</html>\n"), "{name}");
        // Many inline pictures share one document: their ids must not collide, or a
        // `<use href="#id">` would draw another picture's piece.
        let mut ids: Vec<&str> = html
            .split(" id=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "{name}: duplicate ids");
    }
}

#[test]
fn names_from_definitions_are_escaped() {
    setup_env();
    let text = "files=4\nranks=4\nroyal=2\n<b>bold</b>:X:W::a1\nking:K:K::d1\n";
    let (v, _) = fairyboard_core::Variant::from_definition("t", text).expect("compiles");
    let html = rules_page::html(&v);
    assert!(!html.contains("<b>bold</b>"));
    assert!(html.contains("&lt;b&gt;bold&lt;/b&gt;"));
}

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fairyboard"))
        .args(args)
        .env("FAIRYBOARD_VARIANTS", variants_dir())
        .output()
        .expect("the binary runs")
}

#[test]
fn cli_writes_the_page_to_a_file_or_stdout() {
    let path = std::env::temp_dir().join(format!("fairyboard-rules-{}.html", std::process::id()));
    let o = cli(&["rules", "chess", "-o", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty());
    let html = std::fs::read_to_string(&path).expect("written");
    assert!(html.contains("<title>Chess — rules</title>"));
    let _ = std::fs::remove_file(&path);
    let o = cli(&["rules", "knightmate"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("Knightmate"));
    let o = cli(&["rules", "no-such-game"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no variant 'no-such-game'"));
}
