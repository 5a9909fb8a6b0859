//! Definitions and FENs at the rules core's boundary: every catalogue definition survives
//! a render/parse round trip with unchanged behaviour, bad definitions report every error
//! with its line and piece, and bad FENs name the field and the character.
//!
//! FEN error positions are 0-based character offsets (`FenError::position`), counted by
//! hand in each case.

use std::sync::Arc;

use fairyboard_core::coord::Coord;
use fairyboard_core::fen::FenError;
use fairyboard_core::{catalogue, perft, Color, Position, Variant};

fn catalogue_dir() {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
}

/// What a variant shows from outside: its pieces, start position, moves and perft(2).
#[derive(Debug, PartialEq, Eq)]
struct Behaviour {
    pieces: Vec<(usize, String, String, String, bool)>,
    start_fen: String,
    moves: Vec<String>,
    perft2: u64,
}

fn behaviour(v: Variant) -> Behaviour {
    let v = Arc::new(v);
    let pieces = v
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| (i, p.name.clone(), p.id.clone(), p.betza.clone(), p.royal))
        .collect();
    let mut pos = Position::start(v.clone());
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
    moves.sort();
    Behaviour {
        pieces,
        start_fen: pos.to_fen(),
        moves,
        perft2: perft::perft(&mut pos, 2),
    }
}

#[test]
fn every_catalogue_definition_round_trips_through_its_text() {
    catalogue_dir();
    let names = catalogue::names();
    assert!(names.len() >= 25, "catalogue has {} entries", names.len());
    for name in names {
        let (_, text) = catalogue::read(&name).expect("readable");
        let first = idiagram::parse(&text);
        assert!(first.is_ok(), "{name}: {:?}", first.diagnostics);
        let rendered = first.definition.to_text();
        let second = idiagram::parse(&rendered);
        assert!(
            second.is_ok(),
            "{name}: the rendered text does not parse: {:?}\n{rendered}",
            second.diagnostics
        );
        let build = |d: &idiagram::Definition| {
            let (v, _) = Variant::compile(&name, d).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            behaviour(v)
        };
        let a = build(&first.definition);
        let b = build(&second.definition);
        assert!(!a.moves.is_empty(), "{name}: no moves at the start");
        assert_eq!(a, b, "{name}: behaviour changed by the round trip");
        // Rendering is canonical: rendering the re-parsed definition changes nothing.
        assert_eq!(second.definition.to_text(), rendered, "{name}");
    }
}

const THREE_PROBLEMS: &str = "\
files=8
ranks=8
royal=9
king:K:K::e1
rook:R:R::a1,k1
bishop:B:B!::c1
";

/// None of these stops a board from being built (the Interactive Diagram shows such pages):
/// each is a warning naming line and piece, and what is usable is kept.
#[test]
fn every_definition_problem_is_reported_with_line_and_piece() {
    let (v, warnings) = match Variant::from_definition("bad", THREE_PROBLEMS) {
        Ok(x) => x,
        Err(e) => panic!("refused: {e:#?}"),
    };
    assert_eq!(warnings.len(), 3, "{warnings:#?}");
    let find = |line: usize| {
        warnings
            .iter()
            .find(|e| e.line == line)
            .unwrap_or_else(|| panic!("no warning on line {line} in {warnings:#?}"))
    };
    // royal=9: there are 3 pieces. The value starts at column 7 (`royal=` is 6 characters).
    let royal = find(3);
    assert_eq!(
        (
            royal.column,
            royal.parameter.as_deref(),
            royal.piece.as_deref()
        ),
        (7, Some("royal"), None)
    );
    assert!(royal.message.contains('9'), "{royal}");
    // k1 is off the 8x8 board; `rook:R:R::a1,` is 13 characters.
    let rook = find(5);
    assert_eq!((rook.column, rook.piece.as_deref()), (14, Some("rook")));
    assert!(rook.message.contains("k1"), "{rook}");
    // `B!`: the `!` at 0-based position 1 of the move is skipped, the bishop keeps `B`. The
    // move field starts at column 10 (`bishop:B:` is 9 characters), so the `!` is at 11.
    let bishop = find(6);
    assert_eq!(
        (bishop.column, bishop.piece.as_deref()),
        (11, Some("bishop"))
    );
    assert!(
        bishop.message.contains("'B!'") && bishop.message.contains("'!'"),
        "{bishop}"
    );
    // The bishop moves as `B`: from c1, b2 a3 and d2 e3 f4 g5 h6 (the board is empty there).
    let bishop: Vec<String> = behaviour(v)
        .moves
        .into_iter()
        .filter(|m| m.starts_with("c1"))
        .collect();
    assert_eq!(
        bishop,
        ["c1a3", "c1b2", "c1d2", "c1e3", "c1f4", "c1g5", "c1h6"]
    );
}

/// A Betza warning (an unknown lower-case letter, ignored) points at that letter's own
/// column, also when a character before it was dropped: in `knight:N:%wN::b1` the move field
/// starts at column 10 (`knight:N:` is 9 characters), the `%` (dropped, an error) is at 10
/// and the `w` (ignored, a warning) at 11.
#[test]
fn betza_findings_point_at_their_own_character() {
    let text = "files=8\nranks=8\nknight:N:%wN::b1\nking::::e1\n";
    let (v, warnings) = Variant::from_definition("cols", text).expect("builds");
    let on_knight: Vec<_> = warnings
        .iter()
        .filter(|w| w.piece.as_deref() == Some("knight"))
        .collect();
    let columns: Vec<usize> = on_knight.iter().map(|w| w.column).collect();
    assert_eq!(columns, [10, 11], "{on_knight:#?}");
    assert!(on_knight[0].message.contains("'%'"), "{}", on_knight[0]);
    assert!(on_knight[1].message.contains("'w'"), "{}", on_knight[1]);
    // The knight keeps its move: from b1 to a3, c3 and d2.
    let knight: Vec<String> = behaviour(v)
        .moves
        .into_iter()
        .filter(|m| m.starts_with("b1"))
        .collect();
    assert_eq!(knight, ["b1a3", "b1c3", "b1d2"]);
}

/// A page with more piece types than fairyboard supports (126) still gives a board, as the
/// Interactive Diagram shows every page it can: the first 126 types are kept with one
/// warning on the first type left out, and the others, their squares and the references
/// to them are dropped. Hand count: 130 Wazir types, type i (0-based) on file i mod 24 of
/// rank i div 24 + 1 for White, mirrored for Black; types 126..=129 are left out, so
/// 2 x 126 = 252 pieces start. `royal=1` stays, `royal=130` goes with its type.
#[test]
fn more_types_than_supported_keeps_the_first_126() {
    let mut text = String::from("files=24\nranks=24\nroyal=1\nroyal=130\n");
    for i in 0..130u32 {
        let id = format!(
            "{}{}",
            char::from(b'A' + (i / 26) as u8),
            char::from(b'A' + (i % 26) as u8)
        );
        let square = format!("{}{}", char::from(b'a' + (i % 24) as u8), i / 24 + 1);
        text.push_str(&format!("type{i}:{id}:W::{square}\n"));
    }
    let (v, warnings) = match Variant::from_definition("many", &text) {
        Ok(x) => x,
        Err(e) => panic!("refused: {e:#?}"),
    };
    assert_eq!(v.pieces.len(), 126);
    let cut: Vec<_> = warnings
        .iter()
        .filter(|w| w.message.contains("at most 126"))
        .collect();
    assert_eq!(cut.len(), 1, "{warnings:#?}");
    // The first type left out is `type126`, on line 4 + 126 + 1 = 131.
    assert_eq!(
        (cut[0].piece.as_deref(), cut[0].line),
        (Some("type126"), 131)
    );
    let royal: Vec<usize> = (0..126).filter(|&t| v.pieces[t].royal).collect();
    assert_eq!(royal, [0]);
    let pos = Position::start(Arc::new(v));
    let on_board: usize = [Color::White, Color::Black]
        .iter()
        .map(|&c| pos.pieces(c).len())
        .sum();
    assert_eq!(on_board, 252);
}

/// Rule references the parser never lets through (a definition built in code, or one cut
/// to the supported number of types) are warnings at build time too, not refusals: the
/// reference, the unknown spell and the matrix cell that names no type are left out and
/// the rest of the game stands.
#[test]
fn bad_rule_references_in_a_built_definition_are_warnings() {
    let parsed = idiagram::parse("files=8\nranks=8\nrook::::a1\nking::::e1\n");
    let mut def = parsed.definition;
    def.rules.iron = vec![0, 40];
    def.rules.baring = vec![idiagram::Baring::Piece(9)];
    def.rules.spell = Some("zap".into());
    def.rules.contageous = vec![idiagram::Contagion {
        id: "Z".into(),
        immune: false,
    }];
    let (v, warnings) = match Variant::compile("refs", &def) {
        Ok(x) => x,
        Err(e) => panic!("refused: {e:#?}"),
    };
    let keys: Vec<&str> = warnings
        .iter()
        .filter_map(|w| w.parameter.as_deref())
        .collect();
    assert_eq!(
        keys,
        ["iron", "baring", "contageous", "spell"],
        "{warnings:#?}"
    );
    assert!(warnings.iter().all(|w| !w.is_error()));
    // The rook (type 0) stays iron; the board has its two pieces per side.
    assert_eq!(v.rules.iron, 1);
    assert_eq!(v.pieces.len(), 2);
}

/// Fuzzer find (betza target, out of memory in move generation): a repeated sideways
/// slide `(as)W6` has billions of paths from one square. The repetitions beyond the limit
/// are left out when the variant is built, with a warning of its line and piece; the piece
/// keeps the moves that fit (the zero-repetition term `W6`, a rook on 8x8).
#[test]
fn an_exploding_move_is_cut_back_at_build_time() {
    let text = "royal=2\nsnake:S:(as)W6fh::a1\nking:K:K::e1\n";
    let (v, warnings) = Variant::from_definition("snake", text).expect("builds");
    assert_eq!(v.pieces.len(), 2);
    assert!(
        warnings.iter().any(|w| w.to_string().contains("line 2")
            && w.to_string().contains("'snake'")
            && w.to_string().contains("left out")
            && w.to_string().contains("squares from one square")),
        "{warnings:#?}"
    );
    // The built piece keeps `W6`: from d4, with the kings in the a-file corners, it reaches
    // the board's edges along its rank and file (counted by hand). A single exploration of
    // the descriptor as written is refused instead (it shows a descriptor whole or not).
    let d4 = Coord::new(3, 3);
    let targets = destinations(Arc::new(v), "k7/8/8/8/3S4/8/8/K7 w - - 0 1", d4);
    for sq in ["a4", "d1", "d8", "h4", "c4", "d5"] {
        assert!(targets.iter().any(|t| t == sq), "{sq} in {targets:?}");
    }
    assert!(fairyboard_core::explore::targets_on_empty_board("(as)W6fh", 8, 8, d4).is_err());
}

/// The squares the piece on `from` can reach in the position `fen`.
fn destinations(v: Arc<Variant>, fen: &str, from: Coord) -> Vec<String> {
    let from = v.square(from);
    let mut pos = Position::from_fen(v.clone(), fen).expect("the FEN fits the variant");
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| v.coord(m.to()).to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A repetition that outgrows the compiler on a bigger board: `(ma)fW` on 12x10 unrolls to
/// paths of up to 13 legs, 4 * 3^11 of them. The piece keeps the repetitions that fit and
/// the definition builds with a warning; `fW` (a2) and `mafW` (a3, c1) from a1 are there.
#[test]
fn a_repetition_beyond_the_limits_keeps_what_fits() {
    let text = "files=12\nranks=10\nroyal=2\nwalker:W:(ma)fW::a1\nking:K:K::l1\n";
    let (v, warnings) = Variant::from_definition("walker", text).expect("builds");
    assert_eq!(v.pieces.len(), 2);
    assert!(
        warnings.iter().any(|w| w.to_string().contains("line 4")
            && w.to_string().contains("'walker'")
            && w.to_string().contains("left out")),
        "{warnings:#?}"
    );
    let fen = "k11/12/12/12/12/12/12/12/12/W10K w - - 0 1";
    let targets = destinations(Arc::new(v), fen, Coord::new(0, 0));
    for sq in ["a2", "a3", "c1"] {
        assert!(targets.iter().any(|t| t == sq), "{sq} in {targets:?}");
    }
}

#[test]
fn an_unknown_parameter_is_only_a_warning() {
    let text = "fooBar=1\nroyal=2\nrook:R:R::a1\nking:K:K::e1\n";
    let (v, warnings) = Variant::from_definition("warned", text).expect("builds");
    assert_eq!(v.pieces.len(), 2);
    assert!(
        warnings
            .iter()
            .any(|w| w.to_string().contains("line 1") && w.to_string().contains("fooBar")),
        "{warnings:#?}"
    );
}

fn chess() -> Arc<Variant> {
    catalogue_dir();
    catalogue::load("chess").expect("chess")
}

fn fen_error(fen: &str) -> FenError {
    match Position::from_fen(chess(), fen) {
        Ok(p) => panic!("{fen} parsed as {}", p.to_fen()),
        Err(e) => e,
    }
}

#[test]
fn fen_with_the_wrong_number_of_ranks() {
    // Seven ranks: the board field starts at 0.
    let e = fen_error("8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!((e.field, e.position), ("board", 0));
    assert!(e.message.contains("7 ranks"), "{}", e.message);
    // Ten ranks (nine would be read as a holdings rank).
    let e = fen_error("8/8/8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!((e.field, e.position), ("board", 0));
    assert!(e.message.contains("10 ranks"), "{}", e.message);
    // After leading blanks the board starts at 2.
    let e = fen_error("  8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!((e.field, e.position), ("board", 2));
}

#[test]
fn fen_with_too_many_squares_in_a_rank() {
    // Nine pawns on rank 7: "rnbqkbnr/" is characters 0-8, the pawns 9-17; the ninth
    // pawn (character 17) is the square too many.
    let e = fen_error("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!((e.field, e.position), ("board", 17));
    assert!(e.message.contains("rank 7"), "{}", e.message);
    // "44" on rank 6 is a count of 44 squares, starting at character 18.
    let e = fen_error("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!((e.field, e.position), ("board", 18));
    // Too few: "7" on rank 5 (characters 18-19 are "8/", so the rank starts at 20).
    let e = fen_error("rnbqkbnr/pppppppp/8/7/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!((e.field, e.position), ("board", 20));
    assert!(e.message.contains("rank 5 has 7 squares"), "{}", e.message);
}

#[test]
fn fen_with_an_unknown_piece_letter() {
    // "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/" is 9 + 9 + 8 + 9 = 35 characters; the `Z`
    // replacing the b1 knight is character 36.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RZBQKBNR w KQkq - 0 1");
    assert_eq!((e.field, e.position), ("board", 36));
    assert!(e.message.contains("'Z'"), "{}", e.message);
    assert_eq!(
        e.to_string(),
        "FEN board at character 37: 'Z' is not a piece of this variant"
    );
}

#[test]
fn fen_with_a_bad_side_to_move() {
    // The board is characters 0-42, a blank, then the side at 44.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
    assert_eq!((e.field, e.position), ("side to move", 44));
    assert!(e.message.contains("'x'"), "{}", e.message);
    // Two blanks before the side: 45.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  white KQkq - 0 1");
    assert_eq!((e.field, e.position), ("side to move", 45));
}

#[test]
fn fen_with_a_bad_castling_character() {
    // The castling field starts at 46 ("...RNBQKBNR w " is 43 + 3 characters); `z` is its
    // third character: 48.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQzq - 0 1");
    assert_eq!((e.field, e.position), ("castling", 48));
    assert!(e.message.contains("'z'"), "{}", e.message);
    // A file letter beyond the board (`I` on 8 files) is no right either: 46.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ikq - 0 1");
    assert_eq!((e.field, e.position), ("castling", 46));
}

#[test]
fn good_fens_still_parse() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 12 40",
    ] {
        let pos = Position::from_fen(chess(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_fen(), fen);
    }
}

/// The compatibility corpus: real definitions from the web, read from the shared reference
/// directory beside the workspace (the test is skipped, with a notice, where it is absent).
fn corpus() -> Vec<(String, String)> {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/reference/diagrams"
    );
    let Ok(entries) = std::fs::read_dir(dir) else {
        println!("notice: {dir} is absent; the corpus test is skipped");
        return Vec::new();
    };
    let mut files: Vec<(String, String)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("readable"))
        })
        .collect();
    files.sort();
    files
}

/// A FEN of `files`×`ranks` with the given (square, token) placements, Black to move.
fn fen_with(files: u8, ranks: u8, placed: &[(Coord, String)]) -> String {
    let mut rows = Vec::new();
    for r in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..files {
            match placed.iter().find(|(c, _)| *c == Coord::new(f, r)) {
                Some((_, token)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(token);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} b - - 0 1", rows.join("/"))
}

/// Pieces whose moves all need a hurdle (`p`, `g`) or a victim (`c` only) may have none on
/// an empty board.
fn needs_company(betza: &str) -> bool {
    betza.contains('p') || betza.contains('g') || (betza.contains('c') && !betza.contains('m'))
}

#[test]
fn every_published_definition_loads_and_plays() {
    use fairyboard_core::explore::targets_on_empty_board;
    for (name, text) in corpus() {
        let (v, warnings) = Variant::from_definition(&name, &text)
            .unwrap_or_else(|e| panic!("{name} is refused: {e:#?}"));
        let v = Arc::new(v);
        // The start position has pieces, on the board or in hand.
        let mut pos = Position::start(v.clone());
        let in_hand: u32 = (0..v.pieces.len())
            .map(|t| pos.hand(Color::White, t) + pos.hand(Color::Black, t))
            .sum();
        assert!(
            !pos.pieces(Color::White).is_empty() || in_hand > 0,
            "{name}: no pieces"
        );
        assert!(!pos.legal_moves().is_empty(), "{name}: no legal moves");
        // Every piece with a usable move gets moves on an empty board (a move the definition
        // only partly understood is reported, and skipped here).
        let centre = Coord::new(v.geometry.files / 2, v.geometry.ranks / 2);
        for p in &v.pieces {
            let reported = warnings.iter().any(|w| {
                w.to_string().contains(&format!("(piece '{}')", p.name))
                    && w.to_string().contains("move '")
            });
            if p.betza.is_empty() || reported {
                continue;
            }
            let targets =
                targets_on_empty_board(&p.betza, v.geometry.files, v.geometry.ranks, centre)
                    .unwrap_or_else(|e| panic!("{name}: {} '{}': {e}", p.name, p.betza));
            assert!(
                !targets.is_empty() || needs_company(&p.betza),
                "{name}: {} '{}' has no moves on an empty board",
                p.name,
                p.betza
            );
        }
        // Every page's game has a royal (most through the default: the last type).
        assert!(v.pieces.iter().any(|p| p.royal), "{name}: no royal type");
        royal_in_check_must_answer(&name, &v);
    }
}

/// With a King-like royal (its move has a `K` atom) in check from an enemy piece, every legal
/// move leaves it unattacked. The checker is White (the explorer shows White's moves) and
/// moves in every direction alike (no modifiers), so its targets are squares it attacks.
fn royal_in_check_must_answer(name: &str, v: &Arc<Variant>) {
    use fairyboard_core::explore::targets_on_empty_board;
    let Some(royal) = v
        .pieces
        .iter()
        .position(|p| p.royal && p.betza.contains('K'))
    else {
        println!("notice: {name}: no King-like royal; the check test is skipped");
        return;
    };
    let free = |c: Coord| {
        c.file < v.geometry.files && c.rank < v.geometry.ranks && !v.is_hole(v.square(c))
    };
    // An attacker: the first plain non-royal type that reaches some free square from the centre.
    let s = Coord::new(v.geometry.files / 2, v.geometry.ranks / 2);
    let found = v.pieces.iter().enumerate().find_map(|(t, p)| {
        let plain = p
            .betza
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        if p.royal || p.betza.is_empty() || !plain || !free(s) {
            return None;
        }
        let targets =
            targets_on_empty_board(&p.betza, v.geometry.files, v.geometry.ranks, s).ok()?;
        targets
            .iter()
            .filter(|x| !x.contains(','))
            .filter_map(|x| x.parse::<Coord>().ok())
            .find(|&c| free(c) && c != s)
            .map(|y| (t, y))
    });
    let Some((attacker, y)) = found else {
        println!("notice: {name}: no attacker found for the check test");
        return;
    };
    // White's royal in the free corner farthest from Black's.
    let far = [
        Coord::new(0, 0),
        Coord::new(v.geometry.files - 1, 0),
        Coord::new(0, v.geometry.ranks - 1),
        Coord::new(v.geometry.files - 1, v.geometry.ranks - 1),
    ]
    .into_iter()
    .filter(|&c| free(c) && c != s)
    .max_by_key(|c| (c.file.abs_diff(y.file)).max(c.rank.abs_diff(y.rank)))
    .expect("a free corner");
    let fen = fen_with(
        v.geometry.files,
        v.geometry.ranks,
        &[
            (y, v.fen_token(royal, Color::Black)),
            (s, v.fen_token(attacker, Color::White)),
            (far, v.fen_token(royal, Color::White)),
        ],
    );
    let mut pos = Position::from_fen(v.clone(), &fen).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(pos.in_check(), "{name}: {fen} is not check");
    let moves = pos.legal_moves();
    for m in moves.iter() {
        let undo = pos.make(m);
        // Dropping a spare royal answers too: all royals must be lost (the article's default
        // for `extinction`), so only a lone royal must get out of the attack.
        let royals = pos.royals(Color::Black).to_vec();
        if royals.len() > 1 {
            pos.unmake(m, undo);
            continue;
        }
        let king = royals[0];
        assert!(
            !pos.is_attacked(king, Color::White),
            "{name}: {} leaves the royal in check in {fen}",
            v.uci(m)
        );
        pos.unmake(m, undo);
    }
}

/// The quirks of published definitions, in small definitions of our own (the parser's side is
/// tested in the idiagram crate; here, what the game does with them).
mod quirks {
    use super::*;
    use fairyboard_core::Status;

    fn build(text: &str) -> (Arc<Variant>, Vec<String>) {
        let (v, w) = Variant::from_definition("quirk", text)
            .unwrap_or_else(|e| panic!("refused: {e:#?}\n{text}"));
        (Arc::new(v), w.iter().map(|d| d.to_string()).collect())
    }

    fn start_moves(v: &Arc<Variant>) -> Vec<String> {
        let mut pos = Position::start(v.clone());
        let mut m: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
        m.sort();
        m
    }

    /// Without `royal=` the last type (the king) is royal: check must be answered, and pawns
    /// do not promote to it.
    #[test]
    fn the_default_royal_is_the_king_listed_last() {
        let (v, _) = build("files=4\nranks=4\npawn::::\nknight:N:::\nrook::::\nking::::\n");
        assert!(v.pieces[3].royal && !v.pieces[0].royal);
        // 4 . r . .   White: king a1, pawn c3 (one step from the last rank).
        // 3 . . P .   Black: rook b4, king d1.
        // 2 . . . .
        // 1 K . . k
        let mut pos = Position::from_fen(v.clone(), "1r2/2P1/4/K2k w - - 0 1").expect("fen");
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
        moves.sort();
        // The default promoChoice: knight and rook (not the first type, not the royal king).
        let pawn: Vec<&String> = moves.iter().filter(|m| m.starts_with("c3")).collect();
        assert_eq!(pawn, ["c3b4n", "c3b4r", "c3c4n", "c3c4r"]);
        // The rook covers b1 and b2: the king's only step is a2.
        let king: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1")).collect();
        assert_eq!(king, ["a1a2"]);
    }

    /// A piece listed after a hole line on a hole square stands there; fairyboard keeps the
    /// square playable and says so.
    #[test]
    fn a_piece_on_a_hole_is_placed() {
        let (v, w) = build("files=4\nranks=4\nhole::::a1\nrook::::a1\nking::::d1\n");
        assert!(
            w.iter()
                .any(|w| w.to_string().contains("a1") && w.to_string().contains("stays playable")),
            "{w:?}"
        );
        // The hole a1 mirrors to a4, where Black's rook stands: both squares stay playable.
        // Rook a1: a2 a3, takes on a4; b1 c1 (its king is on d1).
        let m: Vec<String> = start_moves(&v)
            .into_iter()
            .filter(|m| m.starts_with("a1"))
            .collect();
        assert_eq!(m, ["a1a2", "a1a3", "a1a4", "a1b1", "a1c1"]);
    }

    /// Every piece in hand and nothing on the board (a sandbox): pieces are dropped, and the
    /// position is not stalemate.
    #[test]
    fn a_sandbox_starts_with_drops() {
        let (v, _) = build("files=3\nranks=3\nholdingsType=1\nman:M:K:::1\nking:K:K:::1\n");
        let mut pos = Position::start(v.clone());
        assert_eq!(pos.status(), Status::Ongoing);
        // Two types, nine empty squares each.
        assert_eq!(pos.legal_moves().len(), 18);
    }

    /// `promoOffset` past the list: the types it would send there have no promoted form.
    #[test]
    fn promotion_past_the_list_is_none() {
        // Five types, the first three promote by 3: pawn to tokin, silver to its promoted
        // form, gold to number 6, which does not exist.
        let (v, w) = build(
            "files=3\nranks=3\nroyal=0\nmaxPromote=3\npromoOffset=3\npawn:P:fW::a1\nsilver:S:FfW::\ngold:G:WfF::\ntokin:+P:WfF::\nnarigin:+S:WfF::\n",
        );
        assert!(
            w.iter().any(|w| w.to_string().contains("promoOffset")),
            "{w:?}"
        );
        let promoted: Vec<Option<u8>> = v.pieces.iter().map(|p| p.promoted).collect();
        assert_eq!(promoted, [Some(3), Some(4), None, None, None]);
    }
}

/// Hand counts per colour (`:1,0`, as H. G. Muller's Spartan Chess diagram writes them): each
/// side starts with its own army's promotion types in hand, so `*` choices keep each side's
/// promotions to its own army.
#[test]
fn hand_counts_per_colour_limit_each_sides_promotions() {
    let text = "holdingsType=1\nsymmetry=none\npromoChoice=*N*C\n\
                pawn:P:fmW::a7,,h2\nknight:N:N::,,:1,0\ncaptain:C:WD::,,:0,1\n\
                king:K:K::e1,,e8\n";
    let (v, warnings) = Variant::from_definition("hands", text).expect("loads");
    assert!(warnings.is_empty(), "{warnings:?}");
    let v = Arc::new(v);
    let mut pos = Position::start(v.clone());
    let (n, c) = (1, 2);
    assert_eq!(
        [pos.hand(Color::White, n), pos.hand(Color::Black, n)],
        [1, 0]
    );
    assert_eq!(
        [pos.hand(Color::White, c), pos.hand(Color::Black, c)],
        [0, 1]
    );
    // White's pawn on a7 may promote only to the knight it holds.
    let promotions = moves_starting(&mut pos, "a7a8");
    assert_eq!(promotions, ["a7a8n"]);
}

/// A side with no royal on the board may still promote to a type it holds (`*N`): the move
/// marked as taken from the hand is judged like any other (no royal to keep safe), not by
/// its raw promotion code.
#[test]
fn a_promotion_from_hand_without_royals_is_legal() {
    let text = "holdingsType=1\nsymmetry=none\npromoChoice=*N\n\
                pawn:P:fmW::a7,,h2\nknight:N:N::,,:1,0\n";
    let (v, _) = Variant::from_definition("no royals", text).expect("loads");
    let v = Arc::new(v);
    let mut pos = Position::start(v.clone());
    let promotions = moves_starting(&mut pos, "a7a8");
    assert_eq!(promotions, ["a7a8n"]);
}

/// The legal moves of `pos` whose UCI text starts with `prefix`.
fn moves_starting(pos: &mut Position, prefix: &str) -> Vec<String> {
    let v = pos.variant().clone();
    pos.legal_moves()
        .iter()
        .map(|m| v.uci(m))
        .filter(|u| u.starts_with(prefix))
        .collect()
}
