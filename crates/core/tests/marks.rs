//! `Move::legs`, `Position::victims`/`captures` and the marks query, against positions
//! worked out by hand: the Lion's moves as xbetza.md §7.4 tabulates them (5x5 block,
//! capture-and-continue, igui), the cannon of xiangqi (`mRcpR`: moves as a rook, captures
//! over exactly one screen), a checker's jump (`cafF`: capture a diagonal neighbour and land
//! beyond it) and a swapper (`ucR`: the enemy it lands on is unloaded on its start square,
//! xbetza.md §u, H. G. Muller's comment 39242 on chessvariants.com).

use std::collections::BTreeSet;
use std::sync::Arc;

use fairyboard_core::coord::Coord;
use fairyboard_core::explore::{Extra, Probe};
use fairyboard_core::geometry::Square;
use fairyboard_core::marks::DiagramMark;
use fairyboard_core::{catalogue, Color, MarkKind, Move, Position, Variant};

fn lion() -> Arc<Variant> {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    catalogue::load("lion").expect("variants/lion.txt loads")
}

fn chess() -> Arc<Variant> {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    catalogue::load("chess").expect("variants/chess.txt loads")
}

/// A king each, a cannon, a checker and a swapper.
const PIECES: &str = "files=8\nranks=8\nroyal=1\n\
    king:K:K::a1\ncannon:C:mRcpR::\nchecker:M:cafF::\nswapper:S:ucR::\npawn:P:fW::\n";

fn pieces() -> Arc<Variant> {
    let (v, _) = Variant::from_definition("pieces", PIECES).expect("definition compiles");
    Arc::new(v)
}

fn at(v: &Variant, name: &str) -> Square {
    v.square(name.parse().expect("square name"))
}

fn names(v: &Variant, squares: &[Square]) -> Vec<String> {
    squares.iter().map(|&s| v.coord(s).to_string()).collect()
}

/// The legal move written `uci`.
fn find(pos: &mut Position, uci: &str) -> Move {
    let v = pos.variant().clone();
    pos.legal_moves()
        .into_iter()
        .find(|m| v.uci(m) == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal"))
}

fn victims(pos: &mut Position, uci: &str) -> Vec<String> {
    let m = find(pos, uci);
    let v = pos.variant().clone();
    names(&v, &pos.victims(&m))
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn squares(pos: &mut Position, from: &str, entered: &[&str], kind: MarkKind) -> BTreeSet<String> {
    let v = pos.variant().clone();
    let entered: Vec<Square> = entered.iter().map(|s| at(&v, s)).collect();
    let marks = pos.marks(at(&v, from), &entered);
    names(&v, &marks.squares(kind)).into_iter().collect()
}

#[test]
fn a_plain_capture_takes_the_destination_and_a_quiet_move_nothing() {
    let mut pos = Position::from_fen(chess(), "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(victims(&mut pos, "e4d5"), ["d5"]);
    let quiet = find(&mut pos, "e4e5");
    assert!(!pos.captures(&quiet));
    assert_eq!(&*quiet.legs(), &[at(pos.variant(), "e5")]);
}

#[test]
fn en_passant_takes_the_pawn_beside_the_destination() {
    // After ...d7-d5 the e5 pawn takes d5 by moving to d6.
    let mut pos = Position::from_fen(chess(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(victims(&mut pos, "e5d6"), ["d5"]);
    let m = find(&mut pos, "e5d6");
    assert!(pos.captures_at_end(&m), "SAN writes exd6 with an x");
}

#[test]
fn a_lion_double_capture_takes_both_in_leg_order() {
    // Black pawns on e5 and e6: d4xe5 then xe6 takes both; igui takes e5 and returns.
    let mut pos = Position::from_fen(lion(), "7k/8/4p3/4p3/3L4/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(victims(&mut pos, "d4e5,e5e6"), ["e5", "e6"]);
    let double = find(&mut pos, "d4e5,e5e6");
    let v = pos.variant().clone();
    assert_eq!(names(&v, &double.legs()), ["e5", "e6"]);
    assert!(pos.captures_at_end(&double));
    // Igui (a rifle capture): the Lion ends on its own square, which takes nothing there.
    assert_eq!(victims(&mut pos, "d4e5,e5d4"), ["e5"]);
    let igui = find(&mut pos, "d4e5,e5d4");
    assert!(pos.captures(&igui) && !pos.captures_at_end(&igui));
    // Capture e5, then step on to the empty d6: a locust capture only.
    let on = find(&mut pos, "d4e5,e5d6");
    assert!(pos.captures(&on) && !pos.captures_at_end(&on));
}

#[test]
fn a_checker_jump_takes_the_man_it_passes() {
    // Checker on c3, a black pawn on d4: it takes d4 and lands on e5.
    let mut pos = Position::from_fen(pieces(), "k7/8/8/8/3p4/2M5/8/K7 w - - 0 1").unwrap();
    assert_eq!(victims(&mut pos, "c3d4,d4e5"), ["d4"]);
    let jump = find(&mut pos, "c3d4,d4e5");
    let v = pos.variant().clone();
    assert_eq!(names(&v, &jump.legs()), ["d4", "e5"]);
}

#[test]
fn an_unload_swaps_and_takes_nothing() {
    // Swapper on d3, a black pawn on d6: it goes to d6, the pawn to d3 (a swap).
    let mut pos = Position::from_fen(pieces(), "k7/8/3p4/8/8/3S4/8/K7 w - - 0 1").unwrap();
    let swap = find(&mut pos, "d3d6@d3");
    assert!(swap.unload != 0);
    assert!(!pos.captures(&swap));
    assert!(pos.uses_capture_modality(&swap), "ucR needs capture rights");
    // The board after the swap still holds both pieces.
    pos.make(&swap);
    let v = pos.variant().clone();
    assert!(pos.piece_at(at(&v, "d3")).is_some() && pos.piece_at(at(&v, "d6")).is_some());
}

#[test]
fn lion_marks_before_and_after_the_first_leg() {
    // Lion on d4, a black pawn on e5, kings far away (a1, h8).
    let mut pos = Position::from_fen(lion(), "7k/8/8/4p3/3L4/8/8/K7 w - - 0 1").unwrap();
    // First entry: e5 ends the plain capture, and goes on for the locust moves.
    assert_eq!(
        squares(&mut pos, "d4", &[], MarkKind::Capture),
        set(&["e5"])
    );
    assert_eq!(
        squares(&mut pos, "d4", &[], MarkKind::Transit),
        set(&["e5"])
    );
    assert_eq!(
        squares(&mut pos, "d4", &[], MarkKind::LocustVictim),
        set(&["e5"])
    );
    // The other 23 squares of the 5x5 block, and d4 itself (the turn pass).
    let mut block = BTreeSet::new();
    for f in 'b'..='f' {
        for r in '2'..='6' {
            block.insert(format!("{f}{r}"));
        }
    }
    block.remove("e5");
    assert_eq!(squares(&mut pos, "d4", &[], MarkKind::Move), block);
    // After e5: stop there, or step to any neighbour of e5 (d4 is igui, back home).
    let then = set(&["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]);
    assert_eq!(squares(&mut pos, "d4", &["e5"], MarkKind::Move), then);
    assert_eq!(
        squares(&mut pos, "d4", &["e5"], MarkKind::Stop),
        set(&["e5"])
    );
    assert!(squares(&mut pos, "d4", &["e5"], MarkKind::Capture).is_empty());
}

#[test]
fn cannon_marks_its_screen_and_the_square_behind() {
    // Cannon on d4; black pawns on d6 (screen) and d8 (victim); kings on a1 and h7.
    let mut pos = Position::from_fen(pieces(), "3p4/7k/3p4/8/3C4/8/8/K7 w - - 0 1").unwrap();
    let moves = set(&[
        "d5", "d3", "d2", "d1", "a4", "b4", "c4", "e4", "f4", "g4", "h4",
    ]);
    assert_eq!(squares(&mut pos, "d4", &[], MarkKind::Move), moves);
    assert_eq!(
        squares(&mut pos, "d4", &[], MarkKind::Capture),
        set(&["d8"])
    );
    assert_eq!(
        squares(&mut pos, "d4", &[], MarkKind::HopScreen),
        set(&["d6"])
    );
    assert_eq!(squares(&mut pos, "d4", &[], MarkKind::Hop), set(&["d8"]));
}

#[test]
fn checker_marks_the_victim_first_then_the_landing() {
    let mut pos = Position::from_fen(pieces(), "k7/8/8/8/3p4/2M5/8/K7 w - - 0 1").unwrap();
    assert_eq!(
        squares(&mut pos, "c3", &[], MarkKind::Transit),
        set(&["d4"])
    );
    assert_eq!(
        squares(&mut pos, "c3", &[], MarkKind::LocustVictim),
        set(&["d4"])
    );
    assert!(squares(&mut pos, "c3", &[], MarkKind::Move).is_empty());
    assert!(
        squares(&mut pos, "c3", &[], MarkKind::HopScreen).is_empty(),
        "a victim is no screen"
    );
    assert_eq!(
        squares(&mut pos, "c3", &["d4"], MarkKind::Move),
        set(&["e5"])
    );
}

#[test]
fn illegal_targets_are_marked_and_take_no_other_kind() {
    // The e2 knight is pinned against its king by the e8 rook: its 6 moves are all illegal.
    let mut pos = Position::from_fen(chess(), "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    let v = pos.variant().clone();
    let marks = pos.marks(at(&v, "e2"), &[]);
    assert_eq!(marks.marks.len(), 6);
    assert!(marks.marks.iter().all(|m| m.kind == MarkKind::Illegal));
    assert!(marks.legal.iter().all(|&l| !l));
}

// ---------------------------------------------------------------------------------------
// Move diagrams that explain a piece: lame leapers' blocks, screens among fixed pieces,
// first moves.

/// The squares of a move diagram from d4 of an empty 8x8 board with `kind`.
fn diagram_squares(marks: &[DiagramMark], kind: MarkKind) -> BTreeSet<String> {
    marks
        .iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.at.to_string())
        .collect()
}

fn d4() -> Coord {
    "d4".parse().unwrap()
}

#[test]
fn a_lame_leapers_blocks_are_marked_a_sliders_own_squares_are_not() {
    // Xiangqi horse (xbetza.md: nN is blocked on the orthogonal neighbour in the long
    // direction) and elephant (nA: blocked on the diagonal neighbour).
    let mut horse = Probe::new("nN", 8, 8).unwrap();
    let d = horse.diagram(d4(), true, false);
    assert_eq!(
        diagram_squares(&d, MarkKind::Block),
        set(&["c4", "d3", "d5", "e4"])
    );
    let mut elephant = Probe::new("nA", 8, 8).unwrap();
    let d = elephant.diagram(d4(), true, false);
    assert_eq!(
        diagram_squares(&d, MarkKind::Block),
        set(&["c3", "c5", "e3", "e5"])
    );
    // A rook is blocked only on squares it goes to: nothing more to explore.
    let mut rook = Probe::new("R", 8, 8).unwrap();
    let d = rook.diagram(d4(), true, false);
    assert!(diagram_squares(&d, MarkKind::Block).is_empty());
}

#[test]
fn among_a_fixed_screen_a_cannon_hops_to_the_squares_behind_it() {
    let mut cannon = Probe::new("mRcpR", 8, 8).unwrap();
    // With pairs, every square with a square behind it on the line is a screen.
    let d = cannon.diagram(d4(), true, true);
    assert_eq!(
        diagram_squares(&d, MarkKind::HopScreen),
        set(&["b4", "c4", "d2", "d3", "d5", "d6", "d7", "e4", "f4", "g4"])
    );
    // An enemy fixed on d6: the cannon takes on d7 or d8 over it (captures reached only
    // over a piece), still moves to d5, and
    // the fixed piece itself is no target.
    let screen = Extra {
        at: "d6".parse().unwrap(),
        color: Color::Black,
        royal: false,
        virgin: false,
    };
    let d = cannon.diagram_among(d4(), true, false, &[screen]);
    assert_eq!(
        diagram_squares(&d, MarkKind::HopCapture),
        set(&["d7", "d8"])
    );
    assert!(diagram_squares(&d, MarkKind::Move).contains("d5"));
    assert!(d.iter().all(|m| m.at != screen.at));
    assert!(diagram_squares(&d, MarkKind::Context).is_empty());
}

#[test]
fn first_moves_are_initial() {
    let first = |betza: &str, kind: MarkKind| {
        let mut probe = Probe::new(betza, 8, 8).unwrap();
        diagram_squares(&probe.diagram(d4(), false, false), kind)
    };
    // FIDE pawn: the double step.
    assert_eq!(first("fmWfcFifmnD", MarkKind::Initial), set(&["d6"]));
    // Castling two squares towards an unmoved partner at either end of the rank.
    assert_eq!(first("KisO2", MarkKind::Castle), set(&["b4", "f4"]));
    // A knight's leap as the first move only; a piece without `i` has no first moves.
    assert_eq!(first("KimN", MarkKind::Initial).len(), 8);
    assert!(first("K", MarkKind::Initial).is_empty());
}

#[test]
fn a_capturing_bent_hopper_needs_a_screen_and_a_victim() {
    // Hop over an orthogonal neighbour, then capture one diagonal step outwards (`p` on the
    // first leg, `c` on the second): alone or beside one piece it does nothing, so only
    // pairs find its screens and victims.
    let mut hopper = Probe::new("pacfsW", 8, 8).unwrap();
    let d = hopper.diagram(d4(), true, true);
    assert_eq!(
        diagram_squares(&d, MarkKind::HopScreen),
        set(&["c4", "d3", "d5", "e4"])
    );
    assert_eq!(
        diagram_squares(&d, MarkKind::HopCapture),
        set(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
    assert!(diagram_squares(&d, MarkKind::Move).is_empty());
    assert!(diagram_squares(&d, MarkKind::Hop).is_empty());
}

// ---------------------------------------------------------------------------------------
// Probes of a real variant's type (`Probe::for_type`): what the variant says about the
// piece counts, the extras are neutral, and no royal needs to be on the board.

fn xiangqi() -> Arc<Variant> {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    catalogue::load("xiangqi").expect("variants/xiangqi.txt loads")
}

/// The type named `name` (xiangqi's pawn and soldier share the ID letter P).
fn named(v: &Variant, name: &str) -> usize {
    v.pieces.iter().position(|p| p.name == name).expect(name)
}

/// Every square the piece goes to or takes on, whatever the way or mark.
fn targets(marks: &[DiagramMark]) -> BTreeSet<String> {
    [MarkKind::Move, MarkKind::Capture, MarkKind::Both]
        .iter()
        .flat_map(|&k| diagram_squares(marks, k))
        .collect()
}

#[test]
fn a_palace_piece_reaches_only_palace_squares() {
    // Xiangqi's palace is d1-f3 (chessvariants.com's Xiangqi page). The advisor steps one
    // square diagonally: from d3, c2, c4 and e4 are outside, only e2 is left. The
    // general steps one square orthogonally: from e2 to d2, f2, e1 and e3.
    let v = xiangqi();
    let sq = |s: &str| -> Coord { s.parse().unwrap() };
    let advisor = named(&v, "advisor");
    let mut probe = Probe::for_type(&v, advisor).unwrap();
    let d = probe.diagram(sq("d3"), true, false);
    assert_eq!(targets(&d), set(&["e2"]));
    // The definition's morph board forbids rank 4 (9 squares) and files a-c and g-i of
    // ranks 1-3 (18): those are marked outside (ranks 5-10 are beyond the wall).
    let outside = diagram_squares(&d, MarkKind::Outside);
    assert_eq!(outside.len(), 9 + 18);
    assert!(!outside.contains("e2") && outside.contains("e4"));
    // The bare Betza (`F`) knows no palace: all four diagonal steps.
    let mut bare = Probe::new("F", 9, 10).unwrap();
    assert_eq!(
        targets(&bare.diagram(sq("d3"), true, false)),
        set(&["c2", "c4", "e2", "e4"])
    );
    // The general alone on the board: pseudo-legal moves need no royal anywhere.
    let king = named(&v, "king");
    let mut probe = Probe::for_type(&v, king).unwrap();
    let d = probe.diagram(sq("e2"), true, false);
    assert_eq!(targets(&d), set(&["d2", "e1", "e3", "f2"]));
}

#[test]
fn shared_id_letters_stay_by_type() {
    // Xiangqi's pawn and soldier are both P. The pawn steps forward only and becomes the
    // soldier across the river (ranks 6-10): from e5 its one target e6 promotes. The
    // soldier steps forward or sideways: from e6 to e7, d6 and f6.
    let v = xiangqi();
    let sq = |s: &str| -> Coord { s.parse().unwrap() };
    let mut pawn = Probe::for_type(&v, named(&v, "pawn")).unwrap();
    let d = pawn.diagram(sq("e5"), true, false);
    assert_eq!(targets(&d), set(&["e6"]));
    assert_eq!(diagram_squares(&d, MarkKind::Promotes), set(&["e6"]));
    let mut soldier = Probe::for_type(&v, named(&v, "soldier")).unwrap();
    let d = soldier.diagram(sq("e6"), true, false);
    assert_eq!(targets(&d), set(&["d6", "e7", "f6"]));
    assert!(diagram_squares(&d, MarkKind::Promotes).is_empty());
    // A FIDE pawn on e7 promotes on e8 and on both captures, d8 and f8.
    let c = chess();
    let mut pawn = Probe::for_type(&c, c.type_by_id("P").unwrap()).unwrap();
    let d = pawn.diagram(sq("e7"), true, false);
    assert_eq!(
        diagram_squares(&d, MarkKind::Promotes),
        set(&["d8", "e8", "f8"])
    );
}

#[test]
fn a_real_variant_keeps_its_holes() {
    // A 5x5 board with a hole on c4, mirrored to c2 for Black: a rook on c3 is shut in
    // on its file and slides along its rank only (a3, b3, d3, e3).
    let text = "files=5\nranks=5\nhole::::c4\nrook:R:R::a1\nking:K:K::e1\n";
    let (v, _) = Variant::from_definition("holes", text).expect("compiles");
    let mut rook = Probe::for_type(&v, 0).unwrap();
    let d = rook.diagram("c3".parse().unwrap(), true, false);
    assert_eq!(
        diagram_squares(&d, MarkKind::Both),
        set(&["a3", "b3", "d3", "e3"])
    );
    assert_eq!(d.iter().filter(|m| m.kind != MarkKind::Context).count(), 4);
}

#[test]
fn hoppers_locusts_and_lame_leapers_draw_as_their_betza() {
    // Nothing in these variants changes these pieces' moves, so the probe of the variant
    // draws them exactly as the bare descriptor does (the hand counts of the tests above
    // and of tests/marks.rs in the fairyboard crate hold for both): xiangqi's cannon
    // (`mRcpR`, with screens and victims in pairs), horse (`nN`) and elephant (`nA`) on
    // e5 of the 9x10 board, and a checker (`cafF`) on d4 of the 8x8.
    let v = xiangqi();
    let e5: Coord = "e5".parse().unwrap();
    for (name, pairs) in [("cannon", true), ("horse", false)] {
        let t = named(&v, name);
        let real = Probe::for_type(&v, t).unwrap().diagram(e5, true, pairs);
        let bare = Probe::new(&v.pieces[t].betza, 9, 10)
            .unwrap()
            .diagram(e5, true, pairs);
        assert_eq!(real, bare, "{name}");
    }
    // The cannon from e5 moves to 17 rook squares (e6-e10, e1-e4, a5-d5, f5-i5: 5 + 4 + 4
    // + 4) and captures over a screen on those with a square between (e7-e10, e1-e3,
    // a5-c5, g5-i5: 4 + 3 + 3 + 3 = 13).
    let cannon = named(&v, "cannon");
    let d = Probe::for_type(&v, cannon).unwrap().diagram(e5, true, true);
    assert_eq!(diagram_squares(&d, MarkKind::Move).len(), 17);
    assert_eq!(diagram_squares(&d, MarkKind::HopCapture).len(), 13);
    let p = pieces();
    let checker = p.type_by_id("M").unwrap();
    let real = Probe::for_type(&p, checker)
        .unwrap()
        .diagram(d4(), true, false);
    let bare = Probe::new("cafF", 8, 8).unwrap().diagram(d4(), true, false);
    assert_eq!(real, bare);
    assert_eq!(
        diagram_squares(&real, MarkKind::LocustVictim),
        set(&["c3", "c5", "e3", "e5"])
    );
}

/// A variant with 125 types leaves no room for the probe's two neutral types: its move
/// diagrams still come from the piece's own moves on the variant's board (hand count: a
/// rook on d4 of an empty 8×8 board reaches 7 squares on the file and 7 on the rank).
#[test]
fn a_variant_with_every_type_slot_taken_still_has_move_diagrams() {
    let mut text = String::from("files=8\nranks=8\nking:K:K::e1,e8\nrook:R:R::a1,a8\n");
    for i in 0..123 {
        text.push_str(&format!("filler{i}:F{i}:W::\n"));
    }
    let (v, _) = Variant::from_definition("crowded", &text).unwrap();
    assert_eq!(v.pieces.len(), 125);
    let mut rook = Probe::for_type(&v, 1).expect("a probe for the rook");
    assert_eq!(rook.reach("d4".parse().unwrap(), true, &[]).len(), 14);
}
