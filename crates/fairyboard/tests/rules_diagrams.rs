//! The rules page's move diagrams show every move (issue [pages] item 2) and the page lets
//! the author speak (item 3).
//!
//! Expected squares are counted by hand from the games' published rules: the FIDE Laws
//! (a pawn's double step only from its start square, 3.7; castling two squares towards the
//! rook, 3.8.2), xiangqi as <https://www.chessvariants.com/xiangqi.html> gives it (the
//! horse hobbled by a piece orthogonally next to it, the elephant by one on the diagonal
//! square it crosses, king and advisors inside the 3×3 palace, the cannon capturing over
//! exactly one screen), the grasshopper landing right behind its hurdle
//! (<https://www.chessvariants.com/piececlopedia.dir/grasshopper.html>).

use std::path::PathBuf;

use fairyboard_core::marks::{MarkKind, Symbol, Way};
use fairyboard_core::{catalogue, Variant};
use fairyboard_render::rules_page::{self, Glance, Rules};

fn setup_env() {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants")),
    );
}

fn analyse(name: &str) -> Rules {
    setup_env();
    rules_page::analyse(&catalogue::load(name).expect("compiles"))
}

fn of(text: &str) -> (Variant, Rules) {
    setup_env();
    let (v, _) = Variant::from_definition("test", text).expect("compiles");
    let r = rules_page::analyse(&v);
    (v, r)
}

/// The squares of a diagram carrying `mark`, sorted.
fn with(g: &Glance, mark: Symbol) -> Vec<String> {
    let mut v: Vec<String> = g
        .marks
        .iter()
        .filter(|(_, ms)| ms.contains(&mark))
        .map(|(s, _)| s.clone())
        .collect();
    v.sort();
    v
}

fn piece<'a>(r: &'a Rules, id: &str) -> &'a rules_page::PieceRules {
    r.pieces.iter().find(|p| p.id == id).expect("piece")
}

#[test]
fn the_pawn_double_step_is_marked_initial_and_black_goes_the_other_way() {
    let r = analyse("chess");
    let pawn = piece(&r, "P");
    assert_eq!(pawn.glance.from, "d4");
    assert_eq!(with(&pawn.glance, Symbol::of(MarkKind::Initial)), ["d6"]);
    // Black's pawn, on the mirrored square d5, steps down to d4 and d3 (d3 initial only)
    // and captures on c4 and e4.
    let black = pawn
        .more
        .iter()
        .find(|g| g.black)
        .expect("a diagram for Black");
    assert_eq!(black.from, "d5");
    assert_eq!(with(black, Symbol::of(MarkKind::Move)), ["d3", "d4"]);
    assert_eq!(with(black, Symbol::of(MarkKind::Initial)), ["d3"]);
    assert_eq!(with(black, Symbol::of(MarkKind::Capture)), ["c4", "e4"]);
    // A rook, a knight and a king move alike for both sides: no Black diagram.
    for id in ["R", "N", "K", "Q", "B"] {
        assert!(!piece(&r, id).more.iter().any(|g| g.black), "{id}");
    }
}

#[test]
fn the_king_castles_from_its_start_square() {
    let r = analyse("chess");
    let king = piece(&r, "K");
    // The main diagram from d4 shows no castling: a king there has moved.
    assert!(with(&king.glance, Symbol::of(MarkKind::Castle)).is_empty());
    let castling = king
        .more
        .iter()
        .find(|g| g.caption.contains("Castling"))
        .expect("a castling diagram");
    assert_eq!(castling.from, "e1");
    assert_eq!(with(castling, Symbol::of(MarkKind::Castle)), ["c1", "g1"]);
    // Its king steps from e1: d1 d2 e2 f2 f1.
    assert_eq!(
        with(castling, Symbol::both(Way::Leap)),
        ["d1", "d2", "e2", "f1", "f2"]
    );
    let html = rules_page::fragment(&r);
    assert!(html.contains("<figcaption>Castling, from e1</figcaption>"));
}

#[test]
fn xiangqi_diagrams_show_blocking_squares_and_the_palace() {
    let r = analyse("xiangqi");
    // The horse on e5 is hobbled on e6, e4, d5 and f5.
    let horse = piece(&r, "N");
    assert_eq!(horse.glance.from, "e5");
    assert_eq!(
        with(&horse.glance, Symbol::of(MarkKind::Block)),
        ["d5", "e4", "e6", "f5"]
    );
    // The elephant stays on its side of the river (ranks 1-5): drawn on e3, its eyes are
    // d4, f4, d2, f2 and it goes to c5, g5, c1, g1.
    let elephant = piece(&r, "B");
    assert_eq!(elephant.glance.from, "e3");
    assert_eq!(
        with(&elephant.glance, Symbol::of(MarkKind::Block)),
        ["d2", "d4", "f2", "f4"]
    );
    // Blockable, so drawn as slides, not leaps.
    assert_eq!(
        with(&elephant.glance, Symbol::both(Way::Slide)),
        ["c1", "c5", "g1", "g5"]
    );
    // Beyond the river (ranks 6-10) is outside: 5 ranks of 9.
    let outside = with(&elephant.glance, Symbol::of(MarkKind::Outside));
    assert_eq!(outside.len(), 45);
    assert!(outside.iter().all(|s| s[1..].parse::<u32>().unwrap() >= 6));
    // The advisor inside the palace: the 3×3 of d1-f3 is open; the squares its morph board
    // forbids are marked outside: rank 4 and the six files beside the palace on ranks 1-3
    // (9 + 3 × 6 = 27; the ranks above cannot be reached past rank 4).
    let advisor = piece(&r, "A");
    let outside = with(&advisor.glance, Symbol::of(MarkKind::Outside));
    assert_eq!(outside.len(), 27);
    assert!(!outside.contains(&"e2".to_string()) && outside.contains(&"c2".to_string()));
    // The cannon captures over a screen and never moves over one; its captures are the
    // hop-capture symbol, not the grasshopper's.
    let cannon = piece(&r, "C");
    assert!(!with(&cannon.glance, Symbol::of(MarkKind::HopCapture)).is_empty());
    assert!(with(&cannon.glance, Symbol::of(MarkKind::Hop)).is_empty());
    // The grasshopper moves and captures over a hurdle: both triangles on each landing.
    let g = analyse("grasshopper");
    let hopper = piece(&g, "G");
    assert!(!with(&hopper.glance, Symbol::of(MarkKind::Hop)).is_empty());
    assert_eq!(
        with(&hopper.glance, Symbol::of(MarkKind::HopCapture)),
        with(&hopper.glance, Symbol::of(MarkKind::Hop))
    );
}

#[test]
fn holes_are_never_marked() {
    // A rook on a 5×5 board with a hole on c4, mirrored for Black to c2 (the default
    // symmetry): from the middle, c3, only its rank is open.
    let (_, r) = of("files=5\nranks=5\nhole::::c4\nrook:R:R::a1\nking:K:K::e1\n");
    let rook = piece(&r, "R");
    assert_eq!(rook.glance.from, "c3");
    assert_eq!(
        with(&rook.glance, Symbol::both(Way::Slide)),
        ["a3", "b3", "d3", "e3"]
    );
    assert_eq!(rook.glance.marks.len(), 4);
}

#[test]
fn the_legend_lists_every_symbol_used_with_its_own_shape() {
    for name in ["chess", "xiangqi", "cv-cannons", "grasshopper", "lion"] {
        let r = analyse(name);
        let html = rules_page::fragment(&r);
        let legend = rules_page::legend(&r);
        assert!(!legend.is_empty(), "{name}");
        for m in Symbol::KEY {
            let used = r
                .pieces
                .iter()
                .flat_map(|p| std::iter::once(&p.glance).chain(&p.more))
                .any(|g| g.marks.iter().any(|(_, ms)| ms.contains(&m)));
            assert_eq!(legend.contains(&m), used, "{name}: {m:?}");
            if used {
                assert!(html.contains(m.meaning()), "{name}: {m:?}");
            }
        }
    }
}

#[test]
fn the_author_speaks_in_text_never_in_markup() {
    let text = "title=Four <Kings> & Co\naliases=Quadruple, <i>Vier</i>\n\
        introduction=First paragraph <script>alert(1)</script>\nintroduction=Second paragraph\n\
        notes=A note\nstrategy=Keep the kings safe\nhistory=Invented for this test\n\
        files=4\nranks=4\nlightShade=#123456\ndarkShade=rgb(1, 2, 3)\n\
        rook:R:R::a1\nking:K:K::d1\n";
    let (v, r) = of(text);
    assert_eq!(r.title, "Four <Kings> & Co");
    assert_eq!(r.about.aliases, ["Quadruple", "<i>Vier</i>"]);
    assert_eq!(r.about.introduction.len(), 2);
    let html = rules_page::html(&v);
    assert!(html.contains("<h1>Four &lt;Kings&gt; &amp; Co</h1>"));
    assert!(html.contains("<title>Four &lt;Kings&gt; &amp; Co — rules</title>"));
    assert!(html.contains("Also known as Quadruple and &lt;i&gt;Vier&lt;/i&gt;."));
    assert!(!html.contains("<script>") && !html.contains("<i>Vier"));
    assert!(html.contains("<p>First paragraph &lt;script&gt;alert(1)&lt;/script&gt;</p>"));
    for heading in ["Notes", "Strategy", "History"] {
        assert!(html.contains(&format!(">{heading}</h3>")), "{heading}");
    }
    // The introduction comes before the diagrams, the notes after the rules.
    assert!(html.find("Second paragraph") < html.find("Moves at a glance"));
    assert!(html.find("Moves at a glance") < html.find("A note"));
    // The definition's board colours, in the setup picture and the move diagrams.
    assert!(html.contains("fill=\"#123456\""));
    assert!(html.contains("fill=\"#010203\""));
}

#[test]
fn without_author_text_the_page_uses_the_name_and_its_own_colours() {
    let (v, r) = of("files=4\nranks=4\nlightShade=red\nrook:R:R::a1\nking:K:K::d1\n");
    assert_eq!(r.title, "Test");
    assert!(r.about.introduction.is_empty() && r.about.aliases.is_empty());
    let html = rules_page::html(&v);
    assert!(!html.contains("Also known as"));
    // A colour name is not read (only #rgb, #rrggbb, rgb()): the page keeps its own.
    assert!(!html.contains("red"));
}

#[test]
fn piece_images_come_from_the_licensed_art_never_from_the_web() {
    // A piece whose name the art index does not know but whose image root it does (the
    // format's image field, `Knight`) is drawn with that art, as a real knight is; a piece
    // with neither is a lettered disc. The definition's graphicsDir is never linked.
    let (_, r) = of("files=4\nranks=4\ngraphicsDir=http://images.example/\n\
        strange:X:B:Knight:a1\nknight:N:N::b1\nother:Y:R::c1\nking:K:K::d1\n");
    let unscoped = |i: usize| r.pieces[i].icon_svg.replace(&format!("fbr-i{i}-"), "");
    assert_eq!(unscoped(0), unscoped(1), "drawn as the knight");
    assert_ne!(unscoped(2), unscoped(1));
    let html = rules_page::fragment(&r);
    assert!(!html.contains("images.example"));
    assert!(!html.contains("<image"));
}

#[test]
fn squares_where_a_piece_changes_type_are_marked() {
    // The xiangqi pawn becomes a soldier (with sideways steps) on crossing the river: from
    // e5 its step to e6 changes it; the soldier itself changes no more.
    let r = analyse("xiangqi");
    let pawn = &r.pieces[0];
    assert_eq!(pawn.glance.from, "e5");
    assert_eq!(with(&pawn.glance, Symbol::of(MarkKind::Promotes)), ["e6"]);
    assert!(with(&r.pieces[1].glance, Symbol::of(MarkKind::Promotes)).is_empty());
    // A chess pawn on d4 reaches no promotion square.
    assert!(with(
        &piece(&analyse("chess"), "P").glance,
        Symbol::of(MarkKind::Promotes)
    )
    .is_empty());
}

#[test]
fn nothing_is_marked_on_the_piece_itself() {
    // A Lion's pass (out and back) and igui (capture next to it without moving) end on
    // or act from its own square, where the piece is drawn: no symbol goes there.
    let r = analyse("lion");
    for p in &r.pieces {
        for g in std::iter::once(&p.glance).chain(&p.more) {
            assert!(
                g.marks.iter().all(|(s, _)| *s != g.from),
                "{}: {:?}",
                p.name,
                g.marks
            );
        }
    }
}

/// The squares of a diagram and their symbols, as one text (`c6:slide …`).
fn drawn(g: &Glance) -> Vec<(String, Vec<Symbol>)> {
    g.marks.clone()
}

#[test]
fn one_lame_leaper_is_drawn_alike_however_it_is_written() {
    // The xiangqi horse written as a lame knight (`nN`) and as a step then an outward
    // diagonal step (`afsW`); the elephant as a lame alfil (`nA`) and as two diagonal
    // steps (`afF`). Each pair is one piece, so each pair draws one diagram.
    let (_, r) = of(
        "files=8\nranks=8\nroyal=5\nhorse:H:nN::a1\nmao:M:afsW::b1\n\
        elephant:E:nA::c1\nbishop:B:afF::d1\nking:K:K::h1\n",
    );
    let (h, m) = (piece(&r, "H"), piece(&r, "M"));
    assert_eq!(drawn(&h.glance), drawn(&m.glance));
    let (e, b) = (piece(&r, "E"), piece(&r, "B"));
    assert_eq!(drawn(&e.glance), drawn(&b.glance));
    // From d4, counted by hand: eight knight squares, each blocked by a piece on the
    // orthogonal neighbour it passes; four blocks, and no transit symbol.
    assert_eq!(
        with(&h.glance, Symbol::both(Way::Slide)),
        ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    );
    assert_eq!(
        with(&m.glance, Symbol::of(MarkKind::Block)),
        ["c4", "d3", "d5", "e4"]
    );
    assert!(with(&m.glance, Symbol::of(MarkKind::Transit)).is_empty());
    // The elephant: four alfil squares, the four diagonal neighbours its blocks.
    assert_eq!(
        with(&b.glance, Symbol::both(Way::Slide)),
        ["b2", "b6", "f2", "f6"]
    );
    assert_eq!(
        with(&b.glance, Symbol::of(MarkKind::Block)),
        ["c3", "c5", "e3", "e5"]
    );
    assert!(with(&b.glance, Symbol::of(MarkKind::Transit)).is_empty());
}

#[test]
fn the_page_draws_the_live_diagrams_shapes_and_words() {
    use fairyboard_render::mark_shapes;
    // The browser's key (what `mark_key` sends it) names every symbol the pages draw, in
    // the page legend's very words; the pages' `data-marks` use the same names. Xiangqi's
    // palace pieces have outside squares, the cannons hop.
    let key: Vec<(String, String)> =
        serde_json::from_str(&fairyboard_wasm::mark_key()).expect("JSON");
    let names: Vec<&str> = key.iter().map(|(n, _)| n.as_str()).collect();
    for name in ["chess", "xiangqi", "cv-cannons"] {
        let r = analyse(name);
        for sym in rules_page::legend(&r) {
            assert!(
                key.contains(&(sym.name(), sym.meaning().to_string())),
                "{name}: {sym:?} in {key:?}"
            );
        }
        let html = rules_page::fragment(&r);
        for attr in html.split("data-marks=\"").skip(1) {
            let attr = &attr[..attr.find('"').expect("attribute ends")];
            for entry in attr.split("; ").filter(|e| !e.is_empty()) {
                let (_, sym) = entry.split_once(':').expect("square:name");
                assert!(names.contains(&sym), "{name}: {sym} not in {names:?}");
            }
        }
    }
    let xiangqi = rules_page::legend(&analyse("xiangqi"));
    assert!(
        xiangqi.contains(&Symbol::of(MarkKind::Outside)),
        "{xiangqi:?}"
    );
    // A knight's diagram shows the live diagram's leap star, and the legend the same.
    let r = analyse("chess");
    let knight = piece(&r, "N");
    let star = mark_shapes::shape(Symbol::both(fairyboard_core::marks::Way::Leap)).unwrap();
    assert_eq!(with(&knight.glance, Symbol::both(Way::Leap)).len(), 8);
    assert_eq!(knight.glance_svg.matches(&star).count(), 8);
    let html = rules_page::fragment(&r);
    assert!(html.contains(Symbol::both(Way::Leap).meaning()));
    // A rook's slides are the live diamond, never the star.
    let rook = piece(&r, "R");
    let diamond = mark_shapes::shape(Symbol::both(fairyboard_core::marks::Way::Slide)).unwrap();
    assert_eq!(rook.glance_svg.matches(&diamond).count(), 14);
    assert!(!rook.glance_svg.contains(&star));
}
