//! Bad input: every problem is reported with line, column, piece/parameter and reason, and the
//! rest of the definition is still built. Positions are worked out by hand.

use idiagram::{parse, Diagnostic, Severity};

fn summary(d: &Diagnostic) -> (Severity, usize, usize, Option<&str>, Option<&str>) {
    (
        d.severity,
        d.line,
        d.column,
        d.piece.as_deref(),
        d.parameter.as_deref(),
    )
}

const BAD: &str = "files=ten
symmetry=foo
ranks=9
morph=Q
pawn::::a2-h2,j2
warrior:X::warrior:b1
knight:N:::b1
rook:R:R::a1:x
king:K:K::e1
royal=12
promoChoice=QZ
garbage line
fooBar=1
hole::::e1
morph=Q
Files=8
lance:L:fR::h1:1:extra
holdingsType=2
";

#[test]
fn all_errors_are_collected_with_positions() {
    use Severity::Warning as W;
    let p = parse(BAD);
    let got: Vec<_> = p.diagnostics.iter().map(summary).collect();
    assert_eq!(
        got,
        [
            (W, 1, 7, None, Some("files")),
            (W, 2, 10, None, Some("symmetry")),
            (W, 4, 1, None, Some("morph")),
            (W, 5, 15, Some("pawn"), None),
            (W, 6, 11, Some("warrior"), None),
            (W, 7, 12, Some("knight"), None),
            (W, 7, 12, Some("knight"), None),
            (W, 8, 14, Some("rook"), None),
            (W, 10, 7, None, Some("royal")),
            (W, 11, 13, None, Some("promoChoice")),
            (W, 11, 14, None, Some("promoChoice")),
            (W, 12, 1, None, None),
            (W, 13, 1, None, Some("fooBar")),
            // The hole line comes after the king's: e1 and its mirror e9 become holes.
            (W, 14, 1, Some("hole"), None),
            (W, 14, 1, Some("hole"), None),
            (W, 15, 1, None, Some("morph")),
            (W, 16, 1, None, Some("Files")),
            (W, 17, 18, Some("lance"), None),
            (W, 18, 14, None, Some("holdingsType")),
        ]
    );
    let msgs: Vec<&str> = p.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(msgs[0], "'ten' is not a number; the value is ignored");
    assert_eq!(
        msgs[1],
        "'foo' is not one of mirror, rotate, none; the value is ignored"
    );
    assert!(msgs[2].starts_with("morph= must follow the piece line"));
    // files=ten failed, so the board is 8 files by 9 ranks.
    assert_eq!(
        msgs[3],
        "square 'j2' is outside the 8x9 board; it is left out"
    );
    assert_eq!(
        msgs[4],
        "no move given, and 'warrior' is not a name with a default move; the piece is kept without moves"
    );
    assert_eq!(
        msgs[5],
        "square b1 already holds white 'warrior'; the later white 'knight' takes it"
    );
    // Mirrored on 9 ranks, b1 is b9.
    assert_eq!(
        msgs[6],
        "square b9 already holds black 'warrior'; the later black 'knight' takes it"
    );
    assert_eq!(
        msgs[7],
        "hand count 'x' is not a number; none start in hand"
    );
    // The hole line does not count: pawn warrior knight rook king lance.
    assert_eq!(
        msgs[8],
        "there is no piece number 12: the definition has 6 piece types; it is ignored"
    );
    assert_eq!(msgs[9], "no piece has ID 'Q'; it is skipped");
    assert_eq!(msgs[10], "no piece has ID 'Z'; it is skipped");
    assert!(msgs[11].starts_with("'garbage line' is neither a parameter"));
    assert_eq!(msgs[12], "unknown parameter 'fooBar'; kept but not used");
    assert_eq!(
        msgs[13],
        "square e1 is a hole from here on; the 'king' listed there on line 9 is left out"
    );
    assert_eq!(
        msgs[15],
        "morph= follows a 'hole' line; holes take no morph, so it is ignored"
    );
    assert_eq!(
        msgs[16],
        "unknown parameter 'Files' (did you mean 'files'?); kept but not used"
    );
    assert!(msgs[17].contains("this one 7; the extra fields are ignored"));
    assert_eq!(msgs[18], "'2' is not one of -1, 0, 1; the value is ignored");

    // Nothing here stops a board from being built: all are warnings.
    assert!(p.is_ok());
    assert_eq!(p.warnings().count(), 19);
    // Display.
    assert_eq!(
        p.diagnostics[3].to_string(),
        "line 5, column 15 (piece 'pawn'): warning: square 'j2' is outside the 8x9 board; it is left out"
    );
    // What could be built was built.
    let d = &p.definition;
    assert_eq!((d.files, d.ranks), (8, 9));
    assert_eq!(d.pieces.len(), 6);
    assert_eq!(d.pieces[0].white.len(), 8);
    assert_eq!(d.pieces[1].betza, "");
    assert_eq!(d.pieces[3].hand, 0);
    assert_eq!(d.pieces[5].hand, 1);
    assert!(d.royal.is_empty());
    assert_eq!(d.holes.len(), 2);
    assert_eq!(d.params.len(), 2);
    // And it still renders to a text that reads back to the same definition.
    assert_eq!(parse(&d.to_text()).definition, *d);
    // Only a text without any piece type is refused.
    assert!("files=ten".parse::<idiagram::Definition>().is_err());
    assert!("files=ten\nking::::e1"
        .parse::<idiagram::Definition>()
        .is_ok());
}

#[test]
fn morph_and_matrix_errors_name_piece_and_parameter() {
    let text = "files=5\nranks=5\nking::K::c1\nmorph=..X/.....?/\"\"\npawn::fW::a2-e2\n\
                captureMatrix=.K/a/@99/.\n";
    let p = parse(text);
    let got: Vec<_> = p
        .diagnostics
        .iter()
        .map(|d| (summary(d), d.message.as_str()))
        .collect();
    use Severity::Warning as E;
    assert_eq!(
        got,
        [
            // "morph=..X/.....?/\"\"": X at 9, the 6th char of a 5-file rank at 16, '"' at 18.
            (
                (E, 4, 9, Some("king"), Some("morph")),
                "no piece has ID 'X'; the square stays '.'"
            ),
            (
                (E, 4, 16, Some("king"), Some("morph")),
                "rank '.....?' has 6 squares but the board is 5 files wide; the rest is ignored"
            ),
            (
                (E, 4, 18, Some("king"), Some("morph")),
                "'\"' is not a morph symbol (. * 1-9 | ^ ! = + # or a piece ID); the square stays '.'"
            ),
            (
                (E, 4, 19, Some("king"), Some("morph")),
                "'\"' is not a morph symbol (. * 1-9 | ^ ! = + # or a piece ID); the square stays '.'"
            ),
            // "captureMatrix=.K/a/@99/.": row 2 (pawn) 'a', row 3 does not exist.
            (
                (E, 6, 18, Some("pawn"), Some("captureMatrix")),
                "no piece has ID 'A'; the cell stays '.'"
            ),
            (
                (E, 6, 20, None, Some("captureMatrix")),
                "the matrix has more rows than the 2 piece types; the extra rows are ignored"
            ),
        ]
    );
}

#[test]
fn piece_references_and_values() {
    let text = "royal=0\nbaring=0\nbaring=Q\niron=3\niron=3\nstalemate=maybe\nblastZone=Q\n\
                enableAI=7\nnewClick=yes\ntrackPieces=2\ntrackedTypes=2\npromoOffset=2\nmaxPromote=2\n\
                shuffle=N!X\ncontageous=!\nspell=sleep\nsquareSize=big\nking::K::e1\nqueen::Q::d1\n\
                files=8\nfiles=9\n";
    let p = parse(text);
    let got: Vec<(usize, usize, Severity, &str)> = p
        .diagnostics
        .iter()
        .map(|d| (d.line, d.column, d.severity, d.message.as_str()))
        .collect();
    use Severity::Warning as W;
    const E: Severity = W;
    assert_eq!(
        got,
        [
            // royal=0 (line 1) says "no royal type": no diagnostic.
            (
                4,
                6,
                E,
                "there is no piece number 3: the definition has 2 piece types; it is ignored"
            ),
            (
                5,
                6,
                E,
                "there is no piece number 3: the definition has 2 piece types; it is ignored"
            ),
            (6, 11, E, "'maybe' is not one of draw, win, loss; the value is ignored"),
            (7, 11, E, "'Q' is not one of K, W, F, N; the value is ignored"),
            (8, 10, E, "'7' is not one of 0, 1, 2; the value is ignored"),
            (9, 10, E, "'yes' is not a number; the value is ignored"),
            (
                11,
                14,
                E,
                "tracking 2 types from piece 2 needs piece number 3, but there are only 2; the types past the end are not tracked"
            ),
            (
                12,
                13,
                E,
                "piece 1 ('king') would promote to piece number 3, but there are only 2; it has no promoted form"
            ),
            (
                12,
                13,
                E,
                "piece 2 ('queen') would promote to piece number 4, but there are only 2; it has no promoted form"
            ),
            (14, 9, E, "no piece has ID 'N'; it is skipped"),
            (14, 11, E, "no piece has ID 'X'; it is skipped"),
            (15, 12, E, "'!' is not followed by a piece ID; it is skipped"),
            (
                16,
                7,
                E,
                "spell 'sleep' is not known (burn, freeze or protect); no spell is cast"
            ),
            (17, 12, E, "'big' is not a number; the value is ignored"),
            (
                21,
                1,
                W,
                "'files' is given again (first on line 20); the last value counts"
            ),
        ]
    );
    let d = &p.definition;
    // baring=Q: 'Q' is the queen's ID.
    assert_eq!(
        d.rules.baring,
        [idiagram::Baring::AllNonRoyal, idiagram::Baring::Piece(1)]
    );
    assert_eq!(d.files, 9);
    assert_eq!(d.rules.track_pieces, Some(1));
}

#[test]
fn never_panics_on_odd_input() {
    let odd = [
        "",
        "\n\n\n",
        "=",
        ":",
        "::::::::::::",
        "=:=:=",
        "files=",
        "files=99999999999999999999999",
        "files=0\nranks=-3",
        "pawn::::a2-",
        "pawn::::-a2",
        "pawn::::a2-b3-c4",
        "pawn::::a0,a99,A1,é1,a1é",
        "pawn::::,,,,",
        "symmetry=none\npawn::::,,,,a1,,b2",
        "pawn\nmorph=\"/\"/\"",
        "pawn::::\nmorph=////////////////////////////////",
        "pawn::::\nmorph=é象/#+=!^|*123456789",
        "pawn::::\ncaptureMatrix=\"99999999999999999999999/@99999999999999999999999",
        "pawn::::\ncaptureMatrix===/0000/\"x/\"",
        "pawn::::\npromoChoice=!!!***P999999999999999999999/",
        "pawn::::\nshuffle=,,,:!P",
        "royal=18446744073709551616",
        "\u{feff}\r\n#x\r\nfiles=8\r",
        "hole\nhole::::\nhole::::a1\nmorph=Q",
        "a b c d e f g",
        "files=24\nranks=24\npawn::::a1-x24",
        "promoOffset=18446744073709551615\nmaxPromote=18446744073709551615\npawn::::\nmorph=|",
        "trackPieces=1\ntrackedTypes=4294967295\natomicCapture=4294967295\npawn::::",
        "promoZone=255\npromoChoice=P4294967296\npawn::::",
    ];
    let many: String = (0..1200).map(|i| format!("p{i}:P{i}:W::\n")).collect();
    let p = parse(&format!("{many}captureMatrix=@\n"));
    assert_eq!(p.definition.pieces.len(), 1200);
    assert!(p.definition.capture_matrix.is_none());
    let matrix = |d: &&Diagnostic| d.parameter.as_deref() == Some("captureMatrix");
    assert_eq!(p.warnings().filter(matrix).count(), 1);
    for text in odd {
        let p = parse(text);
        let again = parse(&p.definition.to_text());
        assert_eq!(again.definition, p.definition, "{text:?}");
    }
}

#[test]
fn shogi_drop_and_promotion_parameters() {
    // Lines: 1 files, 2 dropNoDoubled, 3 dropNoMate, 4 promoFromZone, 5-6 pieces.
    let ok = parse(
        "files=5\ndropNoDoubled=P\ndropNoMate=1\npromoFromZone=1\npawn:P:fW::a2\nking:K:K::e1\n",
    );
    assert!(ok.diagnostics.is_empty(), "{:?}", ok.diagnostics);
    let r = &ok.definition.rules;
    assert_eq!(r.drop_no_doubled, vec![0]);
    assert_eq!(r.drop_no_mate, vec![0]);
    assert!(r.promo_from_zone);
    // An unknown ID, a number beyond the piece list and a value other than 0/1 are warnings
    // naming the parameter and the value's place.
    let bad = parse("dropNoDoubled=Z\ndropNoMate=7\npromoFromZone=2\npawn:P:fW::a2\n");
    let got: Vec<_> = bad.diagnostics.iter().map(summary).collect();
    assert_eq!(
        got,
        vec![
            (Severity::Warning, 1, 15, None, Some("dropNoDoubled")),
            (Severity::Warning, 2, 12, None, Some("dropNoMate")),
            (Severity::Warning, 3, 15, None, Some("promoFromZone")),
        ]
    );
    assert!(!bad.definition.rules.promo_from_zone);
    assert!(bad.definition.rules.drop_no_doubled.is_empty());
}

#[test]
fn piece_values_for_the_ai() {
    // Lines: 1-2 pieceValue by ID and by number, 3 again for the knight (a warning; the last
    // counts), 4-5 pieces.
    let ok = parse(
        "pieceValue=N:450\npieceValue=2:630\npieceValue=N:460\nknight:N:N::b1\nrook:R:R::a1\n",
    );
    let got: Vec<_> = ok.diagnostics.iter().map(summary).collect();
    assert_eq!(
        got,
        vec![(Severity::Warning, 3, 12, None, Some("pieceValue"))]
    );
    assert_eq!(ok.definition.rules.piece_values, vec![(1, 630), (0, 460)]);
    let again = parse(&ok.definition.to_text());
    assert_eq!(again.definition, ok.definition);
    // No colon, a value that is not a number (its column named), an unknown ID.
    let bad = parse("pieceValue=N\npieceValue=N:lots\npieceValue=Z:100\nknight:N:N::b1\n");
    let got: Vec<_> = bad.diagnostics.iter().map(summary).collect();
    assert_eq!(
        got,
        vec![
            (Severity::Warning, 1, 12, None, Some("pieceValue")),
            (Severity::Warning, 2, 14, None, Some("pieceValue")),
            (Severity::Warning, 3, 12, None, Some("pieceValue")),
        ]
    );
    assert!(bad.definition.rules.piece_values.is_empty());
}

#[test]
fn demote_promoted_parameter() {
    let ok = parse("holdingsType=-1\ndemotePromoted=1\npawn:P:fW::a2\n");
    assert!(ok.diagnostics.is_empty(), "{:?}", ok.diagnostics);
    assert!(ok.definition.rules.demote_promoted);
    assert_eq!(parse(&ok.definition.to_text()).definition, ok.definition);
    // Only 0 and 1: the value's place is named.
    let bad = parse("demotePromoted=yes\npawn:P:fW::a2\n");
    let got: Vec<_> = bad.diagnostics.iter().map(summary).collect();
    assert_eq!(
        got,
        vec![(Severity::Warning, 1, 16, None, Some("demotePromoted"))]
    );
    assert!(!bad.definition.rules.demote_promoted);
}

/// fairyboard's browser parameters: `freeMode=1` and `aiTime=MS` (10..=60000) are read into
/// the appearance; bad values are reported at their value's column and fall back to defaults.
#[test]
fn free_mode_and_ai_time() {
    let good = parse("freeMode=1\naiTime=2500\nking::K::e1\n");
    assert!(good.diagnostics.is_empty(), "{:?}", good.diagnostics);
    let a = good.definition.appearance();
    assert!(a.free_mode);
    assert_eq!(a.ai_time, Some(2500));
    let plain = parse("king::K::e1\n");
    assert!(!plain.definition.appearance().free_mode);
    assert_eq!(plain.definition.appearance().ai_time, None);

    let bad = parse("freeMode=yes\naiTime=5\nking::K::e1\n");
    let got: Vec<(usize, usize, Option<&str>, &str)> = bad
        .diagnostics
        .iter()
        .map(|d| (d.line, d.column, d.parameter.as_deref(), d.message.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (
                1,
                10,
                Some("freeMode"),
                "'yes' is not a number; the value is ignored"
            ),
            (
                2,
                8,
                Some("aiTime"),
                "the AI's thinking time is milliseconds from 10 to 60000; the value is ignored"
            ),
        ]
    );
    let words = parse("aiTime=soon\nking::K::e1\n");
    assert_eq!(words.diagnostics.len(), 1);
    assert_eq!(
        (
            words.diagnostics[0].column,
            words.diagnostics[0].message.as_str()
        ),
        (8, "'soon' is not a number; the value is ignored")
    );
    let a = bad.definition.appearance();
    assert!(!a.free_mode);
    assert_eq!(a.ai_time, None);
}
