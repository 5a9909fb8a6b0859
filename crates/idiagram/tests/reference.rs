//! The reference definitions (copied from the project's perft reference set into tests/data/)
//! load without any diagnostic, round-trip, and have the values worked out by hand below.

use idiagram::{parse, Baring, Color, Coord, Definition, MorphCell, PromoOption, Symmetry};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn load(name: &str) -> Definition {
    let p = parse(&data(name));
    assert!(
        p.diagnostics.is_empty(),
        "{name}: {}",
        p.diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
    p.definition
}

fn sq(s: &str) -> Coord {
    s.parse().unwrap()
}

fn names(list: &[Coord]) -> Vec<String> {
    list.iter().map(Coord::to_string).collect()
}

fn ids(set: &[PromoOption]) -> Vec<&str> {
    set.iter().map(|o| o.id.as_str()).collect()
}

#[test]
fn every_reference_file_loads_cleanly_and_round_trips() {
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let p = parse(&text);
        assert!(p.diagnostics.is_empty(), "{path:?}: {:?}", p.diagnostics);
        assert!(!p.definition.pieces.is_empty(), "{path:?}");
        let rendered = p.definition.to_text();
        let q = parse(&rendered);
        assert!(q.diagnostics.is_empty(), "{path:?}: {:?}", q.diagnostics);
        assert_eq!(q.definition, p.definition, "{path:?}\n{rendered}");
        // Rendering is canonical: a second round gives the same text.
        assert_eq!(q.definition.to_text(), rendered);
        count += 1;
    }
    assert_eq!(count, 18);
}

#[test]
fn chess() {
    let d = load("chess.txt");
    assert_eq!((d.files, d.ranks, d.symmetry), (8, 8, Symmetry::Mirror));
    assert_eq!(d.pieces.len(), 6);
    assert_eq!(d.royal, vec![5]);
    assert_eq!(d.promo_zone, 1);
    assert_eq!(d.max_promote, 1);
    assert_eq!(ids(d.promo_choice.default_set()), ["Q", "R", "B", "N"]);
    let pawn = &d.pieces[0];
    assert_eq!(
        (pawn.name.as_str(), pawn.id.as_str(), pawn.betza.as_str()),
        ("pawn", "P", "fmWfceFifmnD")
    );
    // Empty image field: the name.
    assert_eq!(pawn.image, "pawn");
    assert_eq!(
        names(&pawn.white),
        ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]
    );
    assert_eq!(
        names(&pawn.black),
        ["a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"]
    );
    assert_eq!(names(&d.pieces[5].black), ["e8"]);
    assert_eq!(d.start_position().len(), 32);
    assert!(d.holes.is_empty());
    assert!(d.params.is_empty());
}

#[test]
fn kiwipete_symmetry_none() {
    let d = load("chess-kiwipete.txt");
    assert_eq!(d.symmetry, Symmetry::None);
    let pawn = &d.pieces[0];
    assert_eq!(
        names(&pawn.white),
        ["d5", "e4", "a2", "b2", "c2", "f2", "g2", "h2"]
    );
    assert_eq!(
        names(&pawn.black),
        ["a7", "c7", "d7", "f7", "e6", "g6", "b4", "h3"]
    );
    assert_eq!(names(&d.pieces[4].white), ["f3"]);
    assert_eq!(names(&d.pieces[4].black), ["e7"]);
    assert_eq!(names(&d.pieces[5].black), ["e8"]);
    // r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R: 32 pieces.
    assert_eq!(d.start_position().len(), 32);
}

#[test]
fn pos3_empty_square_fields() {
    let d = load("chess-pos3.txt");
    assert!(d.pieces[1].white.is_empty() && d.pieces[1].black.is_empty());
    assert_eq!(names(&d.pieces[3].white), ["b4"]);
    assert_eq!(names(&d.pieces[3].black), ["h5"]);
    assert_eq!(d.start_position().len(), 10);
}

#[test]
fn makruk_rotate() {
    let d = load("makruk.txt");
    assert_eq!(d.symmetry, Symmetry::Rotate);
    assert_eq!(d.promo_zone, 3);
    assert_eq!(ids(d.promo_choice.default_set()), ["M"]);
    // King d1 -> e8, met e1 -> d8, khon c1,f1 -> f8,c8.
    assert_eq!(names(&d.pieces[5].black), ["e8"]);
    assert_eq!(names(&d.pieces[4].black), ["d8"]);
    assert_eq!(names(&d.pieces[2].black), ["f8", "c8"]);
    // Pawns a3..h3 -> h6..a6, in that order.
    assert_eq!(
        names(&d.pieces[0].black),
        ["h6", "g6", "f6", "e6", "d6", "c6", "b6", "a6"]
    );
    assert_eq!(d.black_square(sq("b1")), sq("g8"));
}

#[test]
fn shogi() {
    let d = load("shogi.txt");
    assert_eq!((d.files, d.ranks), (9, 9));
    assert_eq!(d.pieces.len(), 14);
    assert_eq!(d.holdings_type, -1);
    assert_eq!(d.max_promote, 6);
    assert_eq!(d.promo_offset, Some(8));
    assert_eq!(d.royal, vec![7]);
    // No promoChoice: every non-royal type after the first maxPromote=6, one per ID.
    assert_eq!(
        ids(d.promo_choice.default_set()),
        ["G", "T", "U", "V", "X", "H", "D"]
    );
    assert_eq!(d.pieces[9].name, "promoted lance");
    assert_eq!(d.pieces[9].image, "promoted lance");
    assert!(d.pieces[13].white.is_empty());
    // Pawn: morph=^/|/| -> rank 9 forced, ranks 8 and 7 optional, rest normal.
    let pawn = d.pieces[0].morph.as_ref().unwrap();
    assert_eq!(pawn.cell(Color::White, sq("e9")), &MorphCell::ShogiForced);
    assert_eq!(pawn.cell(Color::White, sq("a7")), &MorphCell::ShogiOptional);
    assert_eq!(pawn.cell(Color::White, sq("a6")), &MorphCell::Normal);
    // Black (rotate): its last rank is rank 1.
    assert_eq!(pawn.cell(Color::Black, sq("i1")), &MorphCell::ShogiForced);
    assert_eq!(pawn.cell(Color::Black, sq("e3")), &MorphCell::ShogiOptional);
    assert_eq!(pawn.cell(Color::Black, sq("e4")), &MorphCell::Normal);
    let knight = d.pieces[2].morph.as_ref().unwrap();
    assert_eq!(knight.cell(Color::White, sq("b8")), &MorphCell::ShogiForced);
    assert_eq!(
        knight.cell(Color::White, sq("b7")),
        &MorphCell::ShogiOptional
    );
    assert!(d.pieces[6].morph.is_none());
    // Bishop b2, rook h2 -> h8, b8.
    assert_eq!(names(&d.pieces[4].black), ["h8"]);
    assert_eq!(names(&d.pieces[5].black), ["b8"]);
    assert_eq!(d.start_position().len(), 40);
}

#[test]
fn xiangqi() {
    let d = load("xiangqi.txt");
    assert_eq!((d.files, d.ranks), (9, 10));
    assert_eq!(d.pieces.len(), 8);
    assert_eq!(d.royal, vec![6]);
    // Two types share ID P; promotion to P from the pawn picks the other one.
    assert_eq!(d.pieces[1].id, "P");
    assert_eq!(d.promotion_target("P", 0), Some(1));
    assert_eq!(d.promotion_target("P", 1), Some(0));
    assert_eq!(d.piece_by_id("P"), Some(1));
    let pawn = d.pieces[0].morph.as_ref().unwrap();
    assert_eq!(
        pawn.cell(Color::White, sq("a6")),
        &MorphCell::Promote("P".into())
    );
    assert_eq!(pawn.cell(Color::White, sq("a5")), &MorphCell::Normal);
    assert_eq!(
        pawn.cell(Color::Black, sq("c5")),
        &MorphCell::Promote("P".into())
    );
    assert_eq!(pawn.cell(Color::Black, sq("c6")), &MorphCell::Normal);
    let elephant = d.pieces[3].morph.as_ref().unwrap();
    assert_eq!(elephant.cell(Color::White, sq("c6")), &MorphCell::Forbidden);
    assert_eq!(elephant.cell(Color::White, sq("c5")), &MorphCell::Normal);
    let king = d.pieces[6].morph.as_ref().unwrap();
    assert_eq!(king.cell(Color::White, sq("e1")), &MorphCell::Normal);
    assert_eq!(king.cell(Color::White, sq("f3")), &MorphCell::Normal);
    assert_eq!(king.cell(Color::White, sq("c2")), &MorphCell::Forbidden);
    assert_eq!(king.cell(Color::White, sq("g1")), &MorphCell::Forbidden);
    assert_eq!(king.cell(Color::White, sq("e4")), &MorphCell::Forbidden);
    assert_eq!(king.cell(Color::White, sq("e5")), &MorphCell::Normal);
    // Black's palace is d8-f10.
    assert_eq!(king.cell(Color::Black, sq("e10")), &MorphCell::Normal);
    assert_eq!(king.cell(Color::Black, sq("d8")), &MorphCell::Normal);
    assert_eq!(king.cell(Color::Black, sq("e7")), &MorphCell::Forbidden);
    assert_eq!(king.cell(Color::Black, sq("a9")), &MorphCell::Forbidden);
    assert_eq!(
        d.morph_cell(7, Color::Black, sq("c8")),
        &MorphCell::Forbidden
    );
    assert_eq!(d.morph_cell(4, Color::Black, sq("c8")), &MorphCell::Normal);
    // No promoChoice given: the script's default QNRB, so the types with those IDs (after the
    // first maxPromote ones, one per ID): Horse N, Elephant B, Rook R.
    assert_eq!(ids(d.promo_choice.default_set()), ["N", "B", "R"]);
}

#[test]
fn shatranj_and_crazyhouse_rules() {
    let d = load("shatranj.txt");
    assert_eq!(d.rules.baring, vec![Baring::AllNonRoyal]);
    assert_eq!(d.pieces[2].betza, "A");
    let d = load("crazyhouse.txt");
    assert_eq!(d.holdings_type, -1);
    let d = load("capablanca.txt");
    assert_eq!(d.files, 10);
    assert_eq!(d.pieces[7].betza, "KisO3");
    assert_eq!(names(&d.pieces[0].black)[9], "j7");
}
