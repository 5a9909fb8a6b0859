//! Hand-written definitions in the style of chessvariants.com diagrams, exercising every feature
//! of the format. Expected values are worked out by hand from the texts.

use idiagram::{
    parse, Baring, CaptureCell, CaptureRow, Color, Contagion, Coord, Definition, MorphCell,
    Outcome, PromoOption, ShuffleMark, Symmetry, Target,
};

fn sq(s: &str) -> Coord {
    s.parse().unwrap()
}

fn names(list: &[Coord]) -> Vec<String> {
    list.iter().map(Coord::to_string).collect()
}

fn clean(text: &str) -> Definition {
    let p = parse(text);
    assert!(
        p.diagnostics.is_empty(),
        "{}",
        p.diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let rendered = p.definition.to_text();
    let q = parse(&rendered);
    assert!(q.diagnostics.is_empty(), "{:?}\n{rendered}", q.diagnostics);
    assert_eq!(q.definition, p.definition, "{rendered}");
    p.definition
}

/// The demo diagram of the Interactive Diagram article, in its stored one-line form.
const DEMO: &str = "files=10 graphicsDir=/membergraphics/MSinteractivedia/ graphicsType=png squareSize=36 whitePrefix=White blackPrefix=Black symmetry=mirror satellite=demo firstRank=1 royal=8 Pawn::::a2-j2 Knight:N:::b1,i1 Bishop::::d1,g1 Rook::::a1,j1 Archbishop::::c1 Chancellor::::h1 Queen::::e1 King::::f1 Lion:::::2";

#[test]
fn seed_demo_one_line() {
    let d = clean(DEMO);
    assert_eq!((d.files, d.ranks, d.symmetry), (10, 8, Symmetry::Mirror));
    let got: Vec<(&str, &str, &str, &str, u32)> = d
        .pieces
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.id.as_str(),
                p.betza.as_str(),
                p.image.as_str(),
                p.hand,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("Pawn", "P", "fmWfceFifmnD", "Pawn", 0),
            ("Knight", "N", "N", "Knight", 0),
            ("Bishop", "B", "B", "Bishop", 0),
            ("Rook", "R", "R", "Rook", 0),
            ("Archbishop", "A", "BN", "Archbishop", 0),
            ("Chancellor", "C", "RN", "Chancellor", 0),
            ("Queen", "Q", "Q", "Queen", 0),
            // The script's default King castles three squares on a board wider than 8.
            ("King", "K", "KisO3", "King", 0),
            ("Lion", "L", "KNADcaKcabKmabK", "Lion", 2),
        ]
    );
    assert_eq!(d.royal, vec![7]);
    assert_eq!(names(&d.pieces[0].white).len(), 10);
    assert_eq!(names(&d.pieces[0].black)[9], "j7");
    assert_eq!(names(&d.pieces[1].black), ["b8", "i8"]);
    assert!(d.pieces[8].white.is_empty());
    let pc: Vec<&str> = d
        .promo_choice
        .default_set()
        .iter()
        .map(|o| o.id.as_str())
        .collect();
    // No promoChoice: the script's default QNRB (not the Archbishop, Chancellor or Lion).
    assert_eq!(pc, ["N", "B", "R", "Q"]);
    let keys: Vec<(&str, &str)> = d
        .params
        .iter()
        .map(|p| (p.key.as_str(), p.value.as_str()))
        .collect();
    assert_eq!(
        keys,
        [
            ("graphicsDir", "/membergraphics/MSinteractivedia/"),
            ("graphicsType", "png"),
            ("squareSize", "36"),
            ("whitePrefix", "White"),
            ("blackPrefix", "Black"),
            ("satellite", "demo"),
            ("firstRank", "1"),
        ]
    );
    let a = d.appearance();
    assert_eq!(a.square_size, Some(36));
    assert_eq!(a.first_rank, Some(1));
    assert_eq!(a.satellite, "demo");
    assert!(a.borders && !a.use_markers);
    assert_eq!(
        d.image_file(0, Color::White).unwrap(),
        "/membergraphics/MSinteractivedia/WhitePawn.png"
    );
    assert_eq!(
        d.image_file(8, Color::Black).unwrap(),
        "/membergraphics/MSinteractivedia/BlackLion.png"
    );
    // The same definition on separate lines is the same definition.
    let lines = DEMO.replace(' ', "\n");
    assert_eq!(parse(&lines).definition, d);
    // And the canonical text, put back on one line, too.
    let one = d.to_text().replace('\n', " ");
    assert_eq!(parse(&one).definition, d);
}

#[test]
fn one_line_positions() {
    // Columns count from the start of the stored line.
    let p = parse("files=10 ranks=x Pawn::::a2-k2");
    let got: Vec<(usize, usize, Option<&str>, Option<&str>)> = p
        .diagnostics
        .iter()
        .map(|d| (d.line, d.column, d.piece.as_deref(), d.parameter.as_deref()))
        .collect();
    assert_eq!(
        got,
        [(1, 16, None, Some("ranks")), (1, 29, Some("Pawn"), None)]
    );
    assert!(p.diagnostics[1]
        .message
        .contains("square 'k2' is outside the 10x8 board"));
}

/// A made-up 16x16 variant with 46 piece types.
const MENAGERIE: &str = r#"# Grand Menagerie: a made-up 16x16 variant in the style of chessvariants.com diagrams.
files=16
ranks=16
squareSize=35
graphicsDir=/graphics.dir/alfaerie/
whitePrefix=w
blackPrefix=b
graphicsType=gif
lightShade=#FFFFC0
darkShade=#C0C080
holeColor=#404040
firstRank=1
useMarkers=1
satellite=menagerie
promoZone=4
maxPromote=3
promoChoice=!P*N*B*R*Q+P3/Ph,象
holdingsType=1
pawn::::a4-p4
morph=*/"/"/1
shatranj pawn:S:fmWfcF:pawn:a5,p5
morph=Q
Pion:+P:fmWfcF:/graphics.dir/cazaux/shako/Pion%::2
rook::::a1,p1
knight:N:::b1,o1
bishop::::c1,n1
Archbishop (Cardinal):A:BN:cardinal:d1,m1
Chancellor (Marshall):M:RN:marshall:e1,l1
giraffe:Gi:::f1,k1
queen::::g1
king::KisO4:king:h1
amazon::::i1
lion::::j1
zebra::::a2,p2
camel::::b2,o2
alfil:E:::c2,n2
dabbaba:D:::d2,m2
wazir::::e2,l2
ferz::::f2,k2
commoner::::g2
man:+K:::j2
centaur:Ce:::h2
gnu:U:::i2
wildebeest:Wb:::a3,p3
nightrider:Nr:::b3,o3
grasshopper::::c3-f3,k3-n3
cannon::::g3,j3
elephant (象):象:FA:elephant:h3,i3
horse (Xiangqi):馬:nN:horse:
falcon:Fa:afafsKafsafzfK::
hook mover:H:RmasR:hook:
griffon:Gr:FyafsF::
manticore:Ma:WyafsW::
dragon king:DK:RF:dragon:
dragon horse:DH:BW:horse:
copper general:Cu:vWfF:copper:
silver general:Si:FfW:silver:
gold general:Go:WfF:gold:
drunk elephant:DE:FfsW:elephant:
blind tiger:BT:FbsW:tiger:
ferocious leopard:FL:FvW:leopard:
kirin:Ki:FD::
phoenix:Ph:WA::
crooked bishop:Cb:zB::
checker:Ch:fmFfcafmF:::1
duck:Du:mQ:duck::1
hole::::h8-i9
royal=11
baring=0
iron=Du
stalemate=win
counterbare=loss
captureMatrix=/"9/..!/"/@
enableAI=0
shuffle=N!BRQ,:Gi
contageous=Ph,!K
"#;

#[test]
fn menagerie_16x16() {
    let d = clean(MENAGERIE);
    assert_eq!((d.files, d.ranks, d.symmetry), (16, 16, Symmetry::Mirror));
    assert_eq!(d.pieces.len(), 46);
    let p = |i: usize| &d.pieces[i];
    // Names with spaces and parentheses, explicit and default fields.
    assert_eq!(p(1).name, "shatranj pawn");
    assert_eq!(p(6).name, "Archbishop (Cardinal)");
    assert_eq!((p(6).id.as_str(), p(6).image.as_str()), ("A", "cardinal"));
    assert_eq!(p(27).name, "elephant (象)");
    // '+' and non-ASCII and multi-character IDs.
    assert_eq!(p(2).id, "+P");
    assert_eq!(p(20).id, "+K");
    assert_eq!(p(27).id, "象");
    assert_eq!(p(28).id, "馬");
    assert_eq!(p(24).id, "Nr");
    // '%' image.
    assert_eq!(p(2).image, "/graphics.dir/cazaux/shako/Pion%");
    // Default moves from names (amazon..giraffe are the "probably recognised" ones).
    let moves: Vec<&str> = [
        11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 8,
    ]
    .iter()
    .map(|&i| p(i).betza.as_str())
    .collect();
    assert_eq!(
        moves,
        [
            "QN",
            "KNADcaKcabKmabK",
            "Z",
            "C",
            "A",
            "D",
            "W",
            "F",
            "K",
            "K",
            "KN",
            "NC",
            "NC",
            "NN",
            "gQ",
            "mRcpR",
            "(4,1)"
        ]
    );
    assert_eq!(p(10).betza, "KisO4");
    // Default IDs: first letter of the name, upper-cased.
    let dids: Vec<&str> = [0, 3, 5, 9, 10, 11, 12, 13, 14, 17, 18, 19, 25, 26]
        .iter()
        .map(|&i| p(i).id.as_str())
        .collect();
    assert_eq!(
        dids,
        ["P", "R", "B", "Q", "K", "A", "L", "Z", "C", "W", "F", "C", "G", "C"]
    );
    // Duplicate IDs: the latest type with an ID is the one promoted to (never the mover).
    assert_eq!(d.piece_by_id("A"), Some(11));
    assert_eq!(d.promotion_target("A", 11), Some(6));
    assert_eq!(d.piece_by_id("C"), Some(26));
    // Hand-only pieces.
    assert_eq!((p(2).hand, p(2).white.len()), (2, 0));
    assert_eq!((p(44).hand, p(45).hand), (1, 1));
    assert!(p(44).white.is_empty() && p(44).black.is_empty());
    // Squares and their mirror on 16 ranks (rank r -> 17 - r).
    assert_eq!(names(&p(10).white), ["h1"]);
    assert_eq!(names(&p(10).black), ["h16"]);
    assert_eq!(names(&p(0).black)[15], "p13");
    assert_eq!(
        names(&p(25).white),
        ["c3", "d3", "e3", "f3", "k3", "l3", "m3", "n3"]
    );
    assert_eq!(
        names(&p(25).black),
        ["c14", "d14", "e14", "f14", "k14", "l14", "m14", "n14"]
    );
    assert_eq!(names(&p(1).black), ["a12", "p12"]);
    // 16 + 16 + 16 + 16 pawns + 2 shatranj pawns per side.
    assert_eq!(d.start_position().len(), 132);
    // Holes h8-i9, symmetric under the mirror.
    assert_eq!(names(&d.holes), ["h8", "h9", "i8", "i9"]);
    assert!(d.is_hole(sq("i9")) && !d.is_hole(sq("g8")));
    // Promotion.
    assert_eq!((d.promo_zone, d.max_promote), (4, 3));
    assert_eq!(d.holdings_type, 1);
    let o = |id: &str, hand: bool, not_last: bool, last: Option<u32>| PromoOption {
        id: id.into(),
        needs_hand: hand,
        not_last_rank: not_last,
        last_ranks: last,
    };
    assert_eq!(
        d.promo_choice.sets,
        vec![
            vec![
                o("P", false, true, None),
                o("N", true, false, None),
                o("B", true, false, None),
                o("R", true, false, None),
                o("Q", true, false, None),
                o("+P", false, false, Some(3)),
            ],
            vec![o("Ph", false, false, None), o("象", false, false, None)],
        ]
    );
    let pawn = p(0).morph.as_ref().unwrap();
    assert_eq!(pawn.cell(Color::White, sq("a16")), &MorphCell::Choice);
    assert_eq!(pawn.cell(Color::White, sq("p14")), &MorphCell::Choice);
    assert_eq!(pawn.cell(Color::White, sq("g13")), &MorphCell::ChoiceSet(1));
    assert_eq!(pawn.cell(Color::White, sq("g12")), &MorphCell::Normal);
    assert_eq!(pawn.cell(Color::Black, sq("a1")), &MorphCell::Choice);
    assert_eq!(pawn.cell(Color::Black, sq("a4")), &MorphCell::ChoiceSet(1));
    assert_eq!(
        d.morph_cell(1, Color::White, sq("c16")),
        &MorphCell::Promote("Q".into())
    );
    assert_eq!(d.promotion_target("Q", 1), Some(9));
    // Parameters after the pieces.
    assert_eq!(d.royal, vec![10]);
    assert_eq!(d.rules.baring, vec![Baring::AllNonRoyal]);
    assert_eq!(d.rules.iron, vec![45]);
    assert_eq!(d.rules.stalemate, Outcome::Win);
    assert_eq!(d.rules.counterbare, Outcome::Loss);
    assert_eq!(d.rules.enable_ai, 0);
    let shuffle: Vec<Vec<(&str, ShuffleMark)>> = d
        .rules
        .shuffle
        .iter()
        .map(|s| s.pieces.iter().map(|x| (x.id.as_str(), x.mark)).collect())
        .collect();
    assert_eq!(
        shuffle,
        [
            vec![
                ("N", ShuffleMark::Plain),
                ("B", ShuffleMark::Shades),
                ("R", ShuffleMark::Plain),
                ("Q", ShuffleMark::Plain)
            ],
            vec![("Gi", ShuffleMark::Symmetric)]
        ]
    );
    assert_eq!(
        d.rules.contageous,
        [
            Contagion {
                id: "Ph".into(),
                immune: false
            },
            Contagion {
                id: "K".into(),
                immune: true
            }
        ]
    );
    // captureMatrix=/"9/..!/"/@ : rows 1-10 normal, the king (11) may not capture shatranj
    // pawns (victim 2), the amazon (12) repeats that row, the lion (13) explodes on empty squares.
    let m = d.capture_matrix.as_ref().unwrap();
    assert_eq!(m.rows.len(), 46);
    assert_eq!(m.rows[9], m.rows[45]);
    assert_eq!(m.cell(10, Target::Enemy(1)), &CaptureCell::Forbidden);
    assert_eq!(m.cell(10, Target::Enemy(0)), &CaptureCell::Normal);
    assert_eq!(m.cell(10, Target::Friend(1)), &CaptureCell::Normal);
    assert_eq!(m.rows[11], m.rows[10]);
    assert_eq!(m.cell(12, Target::Empty), &CaptureCell::Explode);
    assert_eq!(m.cell(12, Target::Enemy(0)), &CaptureCell::Normal);
    // Display parameters, as written and in order.
    let keys: Vec<&str> = d.params.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "squareSize",
            "graphicsDir",
            "whitePrefix",
            "blackPrefix",
            "graphicsType",
            "lightShade",
            "darkShade",
            "holeColor",
            "firstRank",
            "useMarkers",
            "satellite"
        ]
    );
    assert_eq!(d.param("holeColor"), Some("#404040"));
    assert_eq!(d.appearance().hole_color, "#404040");
    assert!(d.appearance().use_markers);
}

#[test]
fn percent_images() {
    let d = clean(
        "graphicsDir=\ngraphicsType=\nwhitePrefix=-w.gif\nblackPrefix=-b.gif\n\
         Pion:P:fmWfcF:/graphics.dir/cazaux/shako/Pion%:a2-h2\n\
         wazir:W::http://example.com/pieces/wazir.png:d1\n",
    );
    assert_eq!(
        d.image_file(0, Color::White).unwrap(),
        "/graphics.dir/cazaux/shako/Pion-w.gif"
    );
    assert_eq!(
        d.image_file(0, Color::Black).unwrap(),
        "/graphics.dir/cazaux/shako/Pion-b.gif"
    );
    // An image URL keeps its "http:" (the field split does not cut it).
    assert_eq!(d.pieces[1].image, "http://example.com/pieces/wazir.png");
    assert_eq!(names(&d.pieces[1].white), ["d1"]);
    assert_eq!(d.image_file(7, Color::White), None);
}

#[test]
fn rotate_with_holes_on_5x5() {
    let d = clean(
        "files=5\nranks=5\nsymmetry=rotate\nHole::::a3\npawn::::a2-e2\nking::K::c1\nrook::::a1\nroyal=K\n",
    );
    assert_eq!(d.symmetry, Symmetry::Rotate);
    assert_eq!(names(&d.holes), ["a3", "e3"]);
    assert_eq!(d.pieces.len(), 3);
    assert_eq!(names(&d.pieces[0].black), ["e4", "d4", "c4", "b4", "a4"]);
    assert_eq!(names(&d.pieces[1].black), ["c5"]);
    assert_eq!(names(&d.pieces[2].black), ["e5"]);
    // royal=K by ID; 'hole' does not count in the numbering.
    assert_eq!(d.royal, vec![1]);
}

#[test]
fn symmetry_none_given_after_the_pieces() {
    let d =
        clean("files=6\nranks=6\nhole::::c3,,d4\nking::K::a1,,f6\nqueen::::,,d1\nsymmetry=none\n");
    assert_eq!(d.symmetry, Symmetry::None);
    assert_eq!(names(&d.holes), ["c3", "d4"]);
    assert_eq!(names(&d.pieces[0].white), ["a1"]);
    assert_eq!(names(&d.pieces[0].black), ["f6"]);
    assert!(d.pieces[1].white.is_empty());
    assert_eq!(names(&d.pieces[1].black), ["d1"]);
    assert_eq!(d.pieces[1].betza, "Q");
}

#[test]
fn boards_from_5x5_to_max_side() {
    for side in [5u8, 9, 12, 16, 20, idiagram::coord::MAX_SIDE] {
        let last = (b'a' + side - 1) as char;
        let text = format!("files={side}\nranks={side}\nrook::::a1,{last}1\nking::::{last}2\n");
        let d = clean(&text);
        assert_eq!((d.files, d.ranks), (side, side));
        assert_eq!(
            names(&d.pieces[0].black),
            [format!("a{side}"), format!("{last}{side}")]
        );
        assert_eq!(names(&d.pieces[1].black), [format!("{last}{}", side - 1)]);
    }
    let p = parse(&format!("files={}\n", idiagram::coord::MAX_SIDE + 1));
    assert_eq!(p.errors().count(), 1);
}

#[test]
fn duplicate_and_overlapping_squares_warn_and_later_wins() {
    let p = parse("knight::N::b1,b1\nbishop::B::b1,c1\n");
    assert!(p.is_ok());
    let w: Vec<(usize, usize, String)> = p
        .warnings()
        .map(|d| (d.line, d.column, d.message.clone()))
        .collect();
    assert_eq!(
        w,
        [
            (1, 15, "square b1 is listed twice".to_string()),
            (1, 15, "square b8 is listed twice".to_string()),
            (
                2,
                12,
                "square b1 already holds white 'knight'; the later white 'bishop' takes it"
                    .to_string()
            ),
            (
                2,
                12,
                "square b8 already holds black 'knight'; the later black 'bishop' takes it"
                    .to_string()
            ),
        ]
    );
    let d = &p.definition;
    assert_eq!(names(&d.pieces[0].white), ["b1", "b1"]);
    let start = d.start_position();
    assert_eq!(start.len(), 4);
    assert_eq!((start[0].square, start[0].piece), (sq("b1"), 1));
    assert_eq!(parse(&d.to_text()).definition, *d);
}

#[test]
fn capture_matrix_friendly_part() {
    let d = clean("wazir::::a1\nferz::::b1\ncannon::pR::c1\ncaptureMatrix=.!=!/2$/.w1\n");
    let m = d.capture_matrix.as_ref().unwrap();
    // Row 1 ".!=!": enemy wazirs are iron for the wazir; '=' copies that to the friendly part,
    // and the '!' after it forbids friendly wazir captures again (no change).
    assert_eq!(
        m.rows[0],
        CaptureRow {
            empty: CaptureCell::Normal,
            enemy: vec![
                CaptureCell::Forbidden,
                CaptureCell::Normal,
                CaptureCell::Normal
            ],
            friend: vec![
                CaptureCell::Forbidden,
                CaptureCell::Normal,
                CaptureCell::Normal
            ],
        }
    );
    // Row 2 "2$": two '.' cells (empty square, wazir), then '$' for the ferz.
    assert_eq!(m.cell(1, Target::Enemy(0)), &CaptureCell::Normal);
    assert_eq!(m.cell(1, Target::Enemy(1)), &CaptureCell::NoCaptureNoHop);
    // Row 3 ".w1": capturing a wazir or a ferz turns the cannon into an enemy wazir.
    assert_eq!(
        m.cell(2, Target::Enemy(0)),
        &CaptureCell::EnemyPromote("W".into())
    );
    assert_eq!(
        m.cell(2, Target::Enemy(1)),
        &CaptureCell::EnemyPromote("W".into())
    );
    assert_eq!(m.cell(2, Target::Enemy(2)), &CaptureCell::Normal);
}
