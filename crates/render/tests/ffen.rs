//! Fairy-FEN parsing, checked square by square against every example of seed 002 (the
//! PHP Chess Diagrammer's page), read by hand from the notation's rules; plus bad input.

use fairyboard_render::{Diagram, Figure, Item, MarkerShape, PieceRef, Side, SquareContent};
use proptest::prelude::*;

/// Zero-based (file, rank) of a square name like `e4` or `k11`.
fn at(name: &str) -> (usize, usize) {
    let f = (name.as_bytes()[0] - b'a') as usize;
    let r: usize = name[1..].parse().expect("rank");
    (f, r - 1)
}

fn item<'a>(d: &'a Diagram, sq: &str) -> &'a Item {
    let (f, r) = at(sq);
    d.item(f, r).unwrap_or_else(|| panic!("nothing on {sq}"))
}

/// A piece by its Fairy-FEN letter with side and quarter turns.
fn piece(letter: char, side: Side, turns: u8) -> Item {
    Item {
        figure: Figure::Piece(PieceRef::from_letter(letter)),
        side,
        turns,
    }
}

fn count(d: &Diagram) -> usize {
    d.items().count()
}

const W: Side = Side::White;
const B: Side = Side::Black;
const N: Side = Side::Neutral;

#[test]
fn start_position() {
    let d = Diagram::parse_ffen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
    assert_eq!((d.files, d.ranks, count(&d)), (8, 8, 32));
    assert_eq!(*item(&d, "a1"), piece('R', W, 0));
    assert_eq!(*item(&d, "d1"), piece('Q', W, 0));
    assert_eq!(*item(&d, "e1"), piece('K', W, 0));
    assert_eq!(*item(&d, "e8"), piece('k', B, 0));
    assert_eq!(*item(&d, "g8"), piece('n', B, 0));
    assert_eq!(*item(&d, "h2"), piece('p', W, 0).clone_with_side(W));
    assert!(d.item(4, 3).is_none(), "e4 is empty");
    match &item(&d, "d8").figure {
        Figure::Piece(p) => assert_eq!((p.name.as_str(), p.id.as_str()), ("queen", "Q")),
        f => panic!("{f:?}"),
    }
}

trait WithSide {
    fn clone_with_side(&self, side: Side) -> Item;
}
impl WithSide for Item {
    fn clone_with_side(&self, side: Side) -> Item {
        Item {
            side,
            ..self.clone()
        }
    }
}

#[test]
fn rotated_pieces_markers_letters_and_numbers() {
    let d = Diagram::parse_ffen(
        "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR",
    )
    .unwrap();
    assert_eq!((d.files, d.ranks, count(&d)), (8, 8, 64));
    // Rank 7: turns 0 1 2 3 0 1 2 3, all black pawns.
    for (file, turns) in [0u8, 1, 2, 3, 0, 1, 2, 3].into_iter().enumerate() {
        assert_eq!(
            *d.item(file, 6).unwrap(),
            piece('p', B, turns),
            "file {file}"
        );
    }
    // Rank 6: black lower-case letters.
    for (file, c) in "abcdwxyz".chars().enumerate() {
        assert_eq!(d.item(file, 5).unwrap().figure, Figure::Letter(c));
        assert_eq!(d.item(file, 5).unwrap().side, B);
    }
    // Rank 5: neutral pawn pawn rook rook knight knight bishop bishop; case does not matter.
    for (file, c) in "PPRRNNBB".chars().enumerate() {
        assert_eq!(*d.item(file, 4).unwrap(), piece(c, N, 0), "file {file}");
    }
    // Rank 4: markers, black then white, circle square cross triangle.
    let shapes = [
        MarkerShape::Circle,
        MarkerShape::Square,
        MarkerShape::Cross,
        MarkerShape::Triangle,
    ];
    for (file, (shape, side)) in shapes.iter().flat_map(|s| [(*s, B), (*s, W)]).enumerate() {
        let it = d.item(file, 3).unwrap();
        assert_eq!(
            (&it.figure, it.side),
            (&Figure::Marker(shape), side),
            "file {file}"
        );
    }
    // Rank 3: upper-case letters, still black.
    for (file, c) in "ABCDWXYZ".chars().enumerate() {
        assert_eq!(
            *d.item(file, 2).unwrap(),
            Item {
                figure: Figure::Letter(c),
                side: B,
                turns: 0
            }
        );
    }
    // Rank 2: numbers 0 1 2 3 4 (one quote), 11 22 33 (two quotes).
    for (file, v) in [0u8, 1, 2, 3, 4].into_iter().enumerate() {
        assert_eq!(
            d.item(file, 1).unwrap().figure,
            Figure::Number(v),
            "file {file}"
        );
    }
    for (file, v) in [(5, 11u8), (6, 22), (7, 33)] {
        assert_eq!(d.item(file, 1).unwrap().figure, Figure::TwoDigit(v));
    }
    assert_eq!(*item(&d, "e1"), piece('K', W, 0));
}

#[test]
fn f307_aschwanden_11x11() {
    let d = Diagram::parse_ffen(
        "3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2",
    )
    .unwrap();
    assert_eq!((d.files, d.ranks), (11, 11));
    // Top row: d11 black rook turned twice, h11 white knight turned three times.
    assert_eq!(*item(&d, "d11"), piece('r', B, 2));
    assert_eq!(*item(&d, "h11"), piece('N', W, 3));
    // Row 10: a10 n*3, h10 r*2.
    assert_eq!(*item(&d, "a10"), piece('n', B, 3));
    assert_eq!(*item(&d, "h10"), piece('r', B, 2));
    // Row 9: *3N *2b p 3 *2b Q 3.
    assert_eq!(*item(&d, "a9"), piece('N', W, 3));
    assert_eq!(*item(&d, "b9"), piece('b', B, 2));
    assert_eq!(*item(&d, "c9"), piece('p', B, 0));
    assert_eq!(*item(&d, "g9"), piece('b', B, 2));
    assert_eq!(*item(&d, "h9"), piece('Q', W, 0));
    // Row 5: 1 K *3n 5 p 2.
    assert_eq!(*item(&d, "b5"), piece('K', W, 0));
    assert_eq!(*item(&d, "c5"), piece('n', B, 3));
    assert_eq!(*item(&d, "i5"), piece('p', B, 0));
    // Row 2: 3 B *2r k b 2 *3n R.
    assert_eq!(*item(&d, "d2"), piece('B', W, 0));
    assert_eq!(*item(&d, "e2"), piece('r', B, 2));
    assert_eq!(*item(&d, "f2"), piece('k', B, 0));
    assert_eq!(*item(&d, "g2"), piece('b', B, 0));
    assert_eq!(*item(&d, "j2"), piece('n', B, 3));
    assert_eq!(*item(&d, "k2"), piece('R', W, 0));
    // Row 1: 6 *3r b N 2.
    assert_eq!(*item(&d, "g1"), piece('r', B, 3));
    assert_eq!(*item(&d, "h1"), piece('b', B, 0));
    assert_eq!(*item(&d, "i1"), piece('N', W, 0));
    assert!(d.item(9, 0).is_none() && d.item(10, 0).is_none());
    // Items per row: 2 2 5 3 3 2 3 4 3 6 3.
    assert_eq!(count(&d), 36);
}

#[test]
fn t3874_trillon_neutral_pawns() {
    let d = Diagram::parse_ffen("k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8").unwrap();
    assert_eq!((d.files, d.ranks, count(&d)), (8, 8, 13));
    assert_eq!(*item(&d, "a8"), piece('k', B, 0));
    assert_eq!(*item(&d, "c8"), piece('B', W, 0));
    for sq in ["a7", "c6", "c5", "e3"] {
        assert_eq!(*item(&d, sq), piece('p', N, 0), "{sq}");
    }
    assert_eq!(*item(&d, "a6"), piece('K', W, 0));
    assert_eq!(*item(&d, "c7"), piece('P', W, 0));
    assert_eq!(*item(&d, "d7"), piece('P', W, 0));
    assert_eq!(*item(&d, "c3"), piece('p', B, 0));
    assert_eq!(*item(&d, "e2"), piece('P', W, 0));
    assert_eq!(d.items().filter(|(_, _, i)| i.side == N).count(), 4);
}

#[test]
fn g161_petkov_rotated_neutral_queens() {
    let d =
        Diagram::parse_ffen("4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3")
            .unwrap();
    assert_eq!((d.files, d.ranks), (8, 8));
    assert_eq!(*item(&d, "e8"), piece('n', B, 0));
    assert_eq!(*item(&d, "b7"), piece('q', N, 2));
    assert_eq!(*item(&d, "e7"), piece('b', B, 0));
    assert_eq!(*item(&d, "f7"), piece('q', N, 0));
    assert_eq!(*item(&d, "g7"), piece('p', B, 0));
    assert_eq!(*item(&d, "h7"), piece('n', N, 2));
    assert_eq!(*item(&d, "f6"), piece('q', N, 2));
    assert_eq!(*item(&d, "c5"), piece('q', B, 2));
    assert_eq!(*item(&d, "f5"), piece('k', B, 0));
    assert_eq!(*item(&d, "h5"), piece('r', N, 0));
    assert_eq!(*item(&d, "f4"), piece('P', W, 0));
    assert_eq!(*item(&d, "g4"), piece('q', B, 2));
    assert_eq!(*item(&d, "b2"), piece('q', N, 2));
    assert_eq!(*item(&d, "a1"), piece('q', B, 2));
    assert_eq!(*item(&d, "d1"), piece('K', W, 0));
    assert_eq!(*item(&d, "e1"), piece('B', W, 0));
    // Items per row: 1 5 3 5 3 3 1 3.
    assert_eq!(count(&d), 24);
}

#[test]
fn g148_and_g106_black_circles() {
    let d = Diagram::parse_ffen("8/1Q6/4c3/4cc2/8/8/6K1/8").unwrap();
    assert_eq!(count(&d), 5);
    assert_eq!(*item(&d, "b7"), piece('Q', W, 0));
    assert_eq!(*item(&d, "g2"), piece('K', W, 0));
    for sq in ["e6", "e5", "f5"] {
        assert_eq!(
            *item(&d, sq),
            Item {
                figure: Figure::Marker(MarkerShape::Circle),
                side: B,
                turns: 0
            }
        );
    }
    let d = Diagram::parse_ffen("8/1P6/1k6/4cK2/8/8/8/8").unwrap();
    assert_eq!(count(&d), 4);
    assert_eq!(*item(&d, "b7"), piece('P', W, 0));
    assert_eq!(*item(&d, "b6"), piece('k', B, 0));
    assert_eq!(item(&d, "e5").figure, Figure::Marker(MarkerShape::Circle));
    assert_eq!(*item(&d, "f5"), piece('K', W, 0));
}

#[test]
fn numbers_need_one_or_two_quotes() {
    // The seed's own cases: '32 is a 3 then two empty squares, ''32 one square with 32,
    // '2'3 two squares.
    let d = Diagram::parse_ffen("'32").unwrap();
    assert_eq!((d.files, count(&d)), (3, 1));
    assert_eq!(d.item(0, 0).unwrap().figure, Figure::Number(3));
    let d = Diagram::parse_ffen("''32").unwrap();
    assert_eq!((d.files, count(&d)), (1, 1));
    assert_eq!(d.item(0, 0).unwrap().figure, Figure::TwoDigit(32));
    let d = Diagram::parse_ffen("'2'3").unwrap();
    assert_eq!(d.files, 2);
    assert_eq!(d.item(1, 0).unwrap().figure, Figure::Number(3));
    // Rotated letters and numbers.
    let d = Diagram::parse_ffen("*1'q*3''07").unwrap();
    assert_eq!(
        *d.item(0, 0).unwrap(),
        Item {
            figure: Figure::Letter('q'),
            side: B,
            turns: 1
        }
    );
    assert_eq!(
        *d.item(1, 0).unwrap(),
        Item {
            figure: Figure::TwoDigit(7),
            side: B,
            turns: 3
        }
    );
}

#[test]
fn board_sizes() {
    let one = Diagram::parse_ffen("K").unwrap();
    assert_eq!((one.files, one.ranks), (1, 1));
    let tall = Diagram::parse_ffen("1/1/k").unwrap();
    assert_eq!((tall.files, tall.ranks), (1, 3));
    assert!(
        tall.item(0, 0).is_some(),
        "the last row written is the bottom rank"
    );
    let wide = Diagram::parse_ffen("93/5R6").unwrap();
    assert_eq!((wide.files, wide.ranks), (12, 2));
    assert_eq!(*wide.item(5, 0).unwrap(), piece('R', W, 0));
    // 26×26 with a king in each corner, multi-digit runs (the opt-in extension).
    let mut rows = vec!["k24K".to_string()];
    rows.extend(std::iter::repeat_n("26".to_string(), 24));
    rows.push("Q24q".to_string());
    let big = Diagram::parse_ffen_multi_digit(&rows.join("/")).unwrap();
    assert_eq!((big.files, big.ranks, count(&big)), (26, 26, 4));
    assert_eq!(*big.item(25, 25).unwrap(), piece('K', W, 0));
    assert_eq!(*big.item(25, 0).unwrap(), piece('q', B, 0));
    // 64 is the limit.
    assert!(Diagram::parse_ffen_multi_digit("64").is_ok());
    assert!(Diagram::parse_ffen_multi_digit("65").is_err());
    assert!(Diagram::parse_ffen(&"9".repeat(7)).is_ok());
    assert!(Diagram::parse_ffen(&"9".repeat(8)).is_err());
    assert!(Diagram::parse_ffen(&vec!["1"; 65].join("/")).is_err());
}

#[test]
fn other_letters_are_pieces_by_id() {
    let d = Diagram::parse_ffen("Ag").unwrap();
    let a = d.item(0, 0).unwrap();
    assert_eq!(a.side, W);
    assert_eq!(
        a.figure,
        Figure::Piece(PieceRef {
            name: String::new(),
            id: "A".into(),
            image: String::new()
        })
    );
    assert_eq!(d.item(1, 0).unwrap().side, B);
}

/// (input, 1-based position the error must name, a word the message must contain)
const BAD: &[(&str, usize, &str)] = &[
    ("", 1, "empty"),
    ("8/8/9", 5, "9 squares"),
    ("rnbqkbnr/ppp", 10, "3 squares"),
    ("8//8", 3, "empty row"),
    ("/8", 1, "empty row"),
    ("8/", 2, "last row"),
    ("4*4p3", 3, "only *0 to *3"),
    ("4*p3", 2, "rotation digit"),
    ("-'a7", 1, "always black"),
    ("''2k", 1, "two digits"),
    ("7'", 2, "at the end"),
    ("7'%", 3, "not '%'"),
    ("0", 1, "run of 0"),
    ("3#4", 2, "'#'"),
    ("-8", 1, "empty-square count"),
    ("--p7", 2, "second '-'"),
    ("*1*2p7", 3, "second rotation"),
    ("7-", 2, "at the end"),
    ("4 4", 2, "space"),
    ("8/-/8", 3, "not followed by a piece"),
];

#[test]
fn errors_name_position_and_reason() {
    for (text, pos, word) in BAD {
        let e = Diagram::parse_ffen(text).expect_err(text);
        assert_eq!(e.position, *pos, "{text:?}: {e}");
        assert!(
            e.message.contains(word),
            "{text:?}: '{}' lacks '{word}'",
            e.message
        );
        assert!(e.to_string().contains(&format!("character {pos}")));
    }
}

#[test]
fn to_ffen_writes_the_seed_examples_back() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-p-r-r-n-n-b-b/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR",
        "k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8",
        "'32/''322/'2'31",
    ] {
        // Neutral pieces come back in upper case ("case no longer matters"); the example
        // above is written that way.
        let back = Diagram::parse_ffen(text).unwrap().to_ffen();
        let normal = text.replace("-p", "-P").replace("-r", "-R").replace("-n", "-N").replace("-b", "-B");
        assert_eq!(back, normal);
    }
}

#[test]
fn holes_and_empty_squares() {
    let mut d = Diagram::parse_ffen("3/3").unwrap();
    d.set(1, 1, SquareContent::Hole);
    assert_eq!(d.get(1, 1), Some(&SquareContent::Hole));
    assert_eq!(d.get(3, 0), None);
    assert_eq!(d.to_ffen(), "3/3");
}

fn arb_item() -> impl Strategy<Value = Item> {
    let piece = (
        proptest::char::range('A', 'Z'),
        prop_oneof![Just(W), Just(B), Just(N)],
    )
        .prop_map(|(c, side)| {
            let figure = match c {
                'C' => Figure::Marker(MarkerShape::Circle),
                'X' => Figure::Marker(MarkerShape::Cross),
                'S' => Figure::Marker(MarkerShape::Square),
                'T' => Figure::Marker(MarkerShape::Triangle),
                c => Figure::Piece(PieceRef::from_letter(c)),
            };
            (figure, side)
        });
    let letter = prop_oneof![
        proptest::char::range('a', 'z'),
        proptest::char::range('A', 'Z')
    ]
    .prop_map(|c| (Figure::Letter(c), B));
    let number = prop_oneof![
        (0u8..10).prop_map(|v| (Figure::Number(v), B)),
        (0u8..100).prop_map(|v| (Figure::TwoDigit(v), B))
    ];
    (prop_oneof![3 => piece, 1 => letter, 1 => number], 0u8..4).prop_map(
        |((figure, side), turns)| Item {
            figure,
            side,
            turns,
        },
    )
}

fn arb_diagram() -> impl Strategy<Value = Diagram> {
    (1usize..14, 1usize..14).prop_flat_map(|(files, ranks)| {
        proptest::collection::vec(proptest::option::weighted(0.4, arb_item()), files * ranks)
            .prop_map(move |cells| {
                let mut d = Diagram::empty(files, ranks);
                for (i, c) in cells.into_iter().enumerate() {
                    d.squares[i] = c.map_or(SquareContent::Empty, SquareContent::Item);
                }
                d
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,80}") {
        let _ = Diagram::parse_ffen(&s);
    }

    #[test]
    fn near_misses_never_panic(s in "[KQRBNPkqrbnpCXSTcxst0-9/*'\\-]{0,60}") {
        if let Err(e) = Diagram::parse_ffen(&s) {
            prop_assert!(e.position >= 1 && e.position <= s.chars().count().max(1));
        }
    }

    #[test]
    fn writing_and_reading_back_gives_the_same_diagram(d in arb_diagram()) {
        let text = d.to_ffen();
        let back = Diagram::parse_ffen(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, d);
    }
}

#[test]
fn empty_runs_are_read_one_digit_at_a_time() {
    // The diagrammer's rule (seed 002: "a one-digit number specifying the length"): each
    // digit is a run, and runs side by side add up.
    let d = Diagram::parse_ffen("55").unwrap();
    assert_eq!((d.files, count(&d)), (10, 0));
    let d = Diagram::parse_ffen("11").unwrap();
    assert_eq!(d.files, 2);
    let d = Diagram::parse_ffen("k91K/93").unwrap();
    assert_eq!((d.files, d.ranks), (12, 2));
    assert_eq!(*item(&d, "l2"), piece('K', W, 0));
    // '10' is no ten: the 0 is refused with a hint, at its own position.
    let e = Diagram::parse_ffen("k10").unwrap_err().to_string();
    assert!(e.contains("3") && e.contains("55"), "{e}");
    // The opt-in extension reads multi-digit runs.
    let d = Diagram::parse_ffen_multi_digit("k10/11").unwrap();
    assert_eq!((d.files, d.ranks), (11, 2));
    // Written back one digit at a time: twelve empty squares are 93.
    let d = Diagram::parse_ffen_multi_digit("12/5R6").unwrap();
    assert_eq!(d.to_ffen(), "93/5R6");
}

#[test]
fn two_quote_numbers_keep_both_digits() {
    // ''05 is the two-digit number "05" (seed 002: '' denotes a two-digit number).
    let d = Diagram::parse_ffen("''05'5").unwrap();
    assert_eq!(d.files, 2);
    assert_eq!(d.item(0, 0).unwrap().figure, Figure::TwoDigit(5));
    assert_eq!(d.item(1, 0).unwrap().figure, Figure::Number(5));
    assert_eq!(d.to_ffen(), "''05'5");
    let draw = |f: &str| {
        fairyboard_render::render::svg(&Diagram::parse_ffen(f).unwrap(), &Default::default())
    };
    assert_ne!(
        draw("''05"),
        draw("'5"),
        "''05 is drawn with its leading zero"
    );
}

/// The Fairy-FEN budget (`fairyboard_core::limits::MAX_DIAGRAM_BYTES`, 32 KB): one byte
/// over is refused before any reading, the error placed at the first byte past the bound;
/// a text of exactly the bound is read (and refused for what it says, not its length).
#[test]
fn a_fairy_fen_over_the_budget_is_refused_naming_it() {
    let over = "8".repeat(32 * 1024 + 1);
    let e = Diagram::parse_ffen(&over).unwrap_err();
    assert_eq!(e.position, 32 * 1024 + 1);
    assert_eq!(e.message, "longer than 32768 bytes");
    let at = "8".repeat(32 * 1024);
    let e = Diagram::parse_ffen(&at).unwrap_err();
    assert_ne!(e.message, "longer than 32768 bytes", "{e}");
}
