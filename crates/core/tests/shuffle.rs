//! Shuffle setups (`shuffle=`): counts worked out by hand or taken from the Chess960
//! literature (960 start positions), arrangements checked against the rules of the set, and
//! numbers checked against the order documented in `fairyboard_core::shuffle` (worked by
//! hand in the comments).

use std::collections::HashSet;
use std::sync::Arc;

use fairyboard_core::coord::Coord;
use fairyboard_core::geometry::Square;
use fairyboard_core::shuffle::{self, ShuffleProblem, Shuffler};
use fairyboard_core::variant::{cell_color, cell_type, is_piece, Cell};
use fairyboard_core::{catalogue, perft, Color, Position, Variant};
use idiagram::{ShuffleMark, ShufflePiece, ShuffleSet};
use proptest::prelude::*;

const CHESS: &str = include_str!("../../../variants/chess.txt");

/// The chess definition with a `shuffle=` line.
fn chess_with(shuffle: &str) -> Variant {
    variant(&format!("shuffle={shuffle}\n{CHESS}"))
}

fn variant(text: &str) -> Variant {
    Variant::from_definition("test", text)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .0
}

/// One rank of a setup as IDs, files a.. in order, `.` for an empty square; Black's pieces
/// in lower case.
fn rank(v: &Variant, setup: &[(Square, Cell)], r: u8) -> String {
    (0..v.geometry.files)
        .map(|f| {
            let sq = v.square(Coord::new(f, r));
            match setup.iter().find(|&&(s, _)| s == sq) {
                Some(&(_, c)) if is_piece(c) => {
                    let id = v.pieces[cell_type(c)].id.clone();
                    if cell_color(c) == Color::Black {
                        id.to_lowercase()
                    } else {
                        id
                    }
                }
                _ => ".".to_string(),
            }
        })
        .collect()
}

/// Whether a first rank (8 letters) is a Chess960 start: the pieces of chess, bishops on
/// opposite shades, the king between the rooks. Written from the published rules, not from
/// the shuffle code.
fn is_chess960(row: &str) -> bool {
    let mut letters: Vec<char> = row.chars().collect();
    let at = |c: char| -> Vec<usize> {
        row.chars()
            .enumerate()
            .filter(|&(_, x)| x == c)
            .map(|(i, _)| i)
            .collect()
    };
    letters.sort_unstable();
    let (b, r, k) = (at('B'), at('R'), at('K'));
    letters.iter().collect::<String>() == "BBKNNQRR"
        && b[0] % 2 != b[1] % 2
        && r[0] < k[0]
        && k[0] < r[1]
}

/// Every Chess960 first rank, by brute force over all orderings of the eight pieces.
fn all_chess960() -> HashSet<String> {
    fn rec(left: &mut Vec<char>, cur: &mut String, out: &mut HashSet<String>) {
        if left.is_empty() {
            if is_chess960(cur) {
                out.insert(cur.clone());
            }
            return;
        }
        for i in 0..left.len() {
            let c = left.remove(i);
            cur.push(c);
            rec(left, cur, out);
            cur.pop();
            left.insert(i, c);
        }
    }
    let mut out = HashSet::new();
    rec(
        &mut "RNBQKBNR".chars().collect(),
        &mut String::new(),
        &mut out,
    );
    out
}

#[test]
fn chess960_has_exactly_the_960_published_setups() {
    let v = chess_with("N!BRQK");
    let expected = all_chess960();
    // The published number of Chess960 start positions.
    assert_eq!(expected.len(), 960);
    let mut sh = Shuffler::new(&v).unwrap();
    assert_eq!(sh.count(), Ok(960));
    let mut seen = HashSet::new();
    for n in 0..960 {
        let s = sh.setup(n).unwrap();
        let white = rank(&v, &s, 0);
        assert!(is_chess960(&white), "{n}: {white}");
        // Black mirrors White: same files.
        assert_eq!(rank(&v, &s, 7), white.to_lowercase(), "{n}");
        assert_eq!(rank(&v, &s, 1), "PPPPPPPP");
        assert_eq!(rank(&v, &s, 6), "pppppppp");
        assert_eq!(s.len(), v.setup.len());
        assert!(seen.insert(white), "{n} repeats a setup");
    }
    assert_eq!(seen, expected);
}

#[test]
fn chess960_numbers_follow_the_documented_order() {
    let v = chess_with("N!BRQK");
    // Types in piece-list order: N < B < R < Q < K. The lexicographically first valid rank:
    // N N B B (c1 dark, d1 light), then R Q K R is the first order of {R,R,Q,K} with K
    // between the rooks (RRQK, RRKQ, RQRK fail).
    assert_eq!(rank(&v, &shuffle::setup(&v, 0).unwrap(), 0), "NNBBRQKR");
    // The last: Q first (K cannot be first, nor second after Q), R, K, R, then the largest
    // order of {N,N,B,B} on e1-h1 with bishops on e1 (dark) and f1 (light).
    assert_eq!(rank(&v, &shuffle::setup(&v, 959).unwrap(), 0), "QRKRBBNN");
    // Orthodox chess, RNBQKBNR, counted by hand: ranks starting with N (240: 3 dark x 4
    // light bishop squares x 5 queen squares x 4 knight squares) or B (240: 4 x 6 x 10);
    // RNN... (18); RNBN... (6); RNBB... (12); RNBQN... (2); RNBQKN... (1): 519 before it.
    assert_eq!(shuffle::original_number(&v), Some(519));
    let s = shuffle::setup(&v, 519).unwrap();
    assert_eq!(s, v.setup);
}

#[test]
fn chess960_starts_are_legal_unmoved_positions() {
    let v = Arc::new(chess_with("N!BRQK"));
    let mut sh = Shuffler::new(&v).unwrap();
    for n in 0..960 {
        let setup = sh.setup(n).unwrap();
        let mut pos = Position::start_shuffled(v.clone(), n).unwrap();
        let row = rank(&v, &setup, 0);
        // Rank 2 is full, so only pawns (16 moves) and knights move: a knight on b1..g1 has
        // two squares on rank 3, one on the a or h file has one. Nothing castles (no empty
        // squares beside the king).
        let knights: u64 = row
            .chars()
            .enumerate()
            .filter(|&(_, c)| c == 'N')
            .map(|(f, _)| if f == 0 || f == 7 { 1 } else { 2 })
            .sum();
        let moves = 16 + knights;
        assert_eq!(pos.legal_moves().len() as u64, moves, "{n}: {row}");
        // No first move of White reaches Black's half: Black has the same moves after each.
        assert_eq!(perft::perft(&mut pos, 2), moves * moves, "{n}: {row}");
        // The king is unmoved on its shuffled square, for both colours.
        let file = row.find('K').unwrap() as u8;
        for r in [0, 7] {
            assert!(pos.is_virgin(v.square(Coord::new(file, r))), "{n}: {row}");
        }
        // The FEN of the start reads back as the same position.
        let back = Position::from_fen(pos.variant().clone(), &pos.to_fen()).unwrap();
        assert_eq!(back, pos, "{n}: {}", pos.to_fen());
    }
}

#[test]
fn the_original_number_starts_the_definitions_own_position() {
    let v = Arc::new(chess_with("N!BRQK"));
    let pos = Position::start_shuffled(v.clone(), 519).unwrap();
    assert_eq!(pos, Position::start(v));
}

#[test]
fn capablanca_with_the_chess960_rules() {
    // Ten squares, five of each shade: 5 x 5 bishop pairs, then Q, A, C on three of the
    // eight left (8 x 7 x 6), two knights on the five left (10), R K R in the last three.
    let text = include_str!("../../../variants/capablanca.txt");
    let v = variant(&format!("shuffle=N!BRQKAC\n{text}"));
    let mut sh = Shuffler::new(&v).unwrap();
    assert_eq!(sh.count(), Ok(25 * 336 * 10));
    for n in [0, 1, 41_999, 83_999] {
        let row = rank(&v, &sh.setup(n).unwrap(), 0);
        let b: Vec<usize> = row.match_indices('B').map(|(i, _)| i).collect();
        let r: Vec<usize> = row.match_indices('R').map(|(i, _)| i).collect();
        let k = row.find('K').unwrap();
        assert!(b[0] % 2 != b[1] % 2 && r[0] < k && k < r[1], "{n}: {row}");
    }
}

#[test]
fn colon_nr_swaps_both_wings_or_neither() {
    let v = chess_with(":NR");
    // Knights on a symmetric pair of {a1,b1,g1,h1}: {a1,h1} or {b1,g1}. Both keep a rook on
    // each side of the king.
    assert_eq!(shuffle::count(&v), Ok(2));
    let s0 = shuffle::setup(&v, 0).unwrap();
    assert_eq!(rank(&v, &s0, 0), "NRBQKBRN");
    assert_eq!(rank(&v, &s0, 7), "nrbqkbrn");
    assert_eq!(rank(&v, &shuffle::setup(&v, 1).unwrap(), 0), "RNBQKBNR");
    assert_eq!(shuffle::original_number(&v), Some(1));
}

#[test]
fn a_king_outside_the_set_keeps_a_rook_on_each_side() {
    // RN over a1,b1,g1,h1: 4!/(2!2!) = 6 orders, but the king on e1 needs a rook on each
    // wing: {RN, NR} x {RN, NR} = 4 (RRNN and NNRR are out).
    let v = chess_with("RN");
    assert_eq!(shuffle::count(&v), Ok(4));
    let rows: HashSet<String> = (0..4)
        .map(|n| rank(&v, &shuffle::setup(&v, n).unwrap(), 0))
        .collect();
    let expected: HashSet<String> = ["NRBQKBNR", "NRBQKBRN", "RNBQKBNR", "RNBQKBRN"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(rows, expected);
}

#[test]
fn two_sets_multiply_bn_then_kq() {
    let v = chess_with("BN,KQ");
    // 4!/(2!2!) = 6 orders of the minors on b1,c1,f1,g1, times K/Q on d1,e1: 12.
    assert_eq!(shuffle::count(&v), Ok(12));
    // Numbers run set by set: n = (minors' index) * 2 + (K/Q index). Minors in order NNBB,
    // NBNB, NBBN, BNNB, BNBN, BBNN; Q before K on d1,e1 first (Q precedes K in the list).
    let minors = ["NNBB", "NBNB", "NBBN", "BNNB", "BNBN", "BBNN"];
    let royals = ["QK", "KQ"];
    let mut seen = HashSet::new();
    for n in 0..12u64 {
        let m = minors[(n / 2) as usize].as_bytes();
        let k = royals[(n % 2) as usize].as_bytes();
        let expected: String = [b'R', m[0], m[1], k[0], k[1], m[2], m[3], b'R']
            .iter()
            .map(|&b| b as char)
            .collect();
        let s = shuffle::setup(&v, n).unwrap();
        assert_eq!(rank(&v, &s, 0), expected, "{n}");
        assert_eq!(rank(&v, &s, 7), expected.to_lowercase(), "{n}");
        assert!(seen.insert(expected));
    }
    assert_eq!(shuffle::original_number(&v), Some(4));
}

#[test]
fn a_later_set_may_depend_on_an_earlier_one() {
    // KQ,QBN: the queen's square depends on the first set. 2 x 5!/(2!2!) = 60 setups, all
    // different (the king stays where the first set put it).
    let v = chess_with("KQ,QBN");
    assert_eq!(shuffle::count(&v), Ok(60));
    let mut sh = Shuffler::new(&v).unwrap();
    let mut seen = HashSet::new();
    for n in 0..60 {
        let s = sh.setup(n).unwrap();
        let row = rank(&v, &s, 0);
        assert!(row.starts_with('R') && row.ends_with('R'), "{row}");
        assert!(matches!(row.find('K'), Some(3 | 4)), "{row}");
        seen.insert(row);
    }
    assert_eq!(seen.len(), 60);
    // KQ,KQ: four sequences of choices, but only two setups.
    let v = chess_with("KQ,KQ");
    assert_eq!(shuffle::count(&v), Ok(4));
    let rows: HashSet<String> = (0..4)
        .map(|n| rank(&v, &shuffle::setup(&v, n).unwrap(), 0))
        .collect();
    assert_eq!(rows.len(), 2);
}

/// Bishops and knights on a1..h1 (a king out of the way on e3).
fn minor_rank(shuffle: &str, bishops: &str, knights: &str) -> Variant {
    variant(&format!(
        "files=8\nranks=8\nroyal=3\nshuffle={shuffle}\n\
         bishop:B:B::{bishops}\nknight:N:N::{knights}\nking:K:K::e3\n"
    ))
}

#[test]
fn bang_spreads_bishops_over_the_shades() {
    // Two bishops among eight squares: C(8,2) = 28 placements, 4 x 4 = 16 on opposite shades.
    let plain = minor_rank("BN", "c1,f1", "a1,b1,d1,e1,g1,h1");
    assert_eq!(shuffle::count(&plain), Ok(28));
    let v = minor_rank("!BN", "c1,f1", "a1,b1,d1,e1,g1,h1");
    assert_eq!(shuffle::count(&v), Ok(16));
    for n in 0..16 {
        let row = rank(&v, &shuffle::setup(&v, n).unwrap(), 0);
        let b: Vec<usize> = row.match_indices('B').map(|(i, _)| i).collect();
        assert_ne!(b[0] % 2, b[1] % 2, "{row}");
    }
    // Three bishops: 2 + 1 either way, C(8,3) - 2 x C(4,3) = 56 - 8 = 48.
    let v = minor_rank("!BN", "c1,d1,f1", "a1,b1,e1,g1,h1");
    assert_eq!(shuffle::count(&v), Ok(48));
    // Squares a1 c1 e1 g1 (dark) and b1 (light): two bishops take one of each, 4 ways
    // (of C(5,2) = 10); three take the light square and two dark ones, C(4,2) = 6.
    let v = minor_rank("!BN", "a1,c1", "b1,e1,g1");
    assert_eq!(shuffle::count(&v), Ok(4));
    let v = minor_rank("!BN", "a1,b1,c1", "e1,g1");
    assert_eq!(shuffle::count(&v), Ok(6));
}

#[test]
fn colon_without_a_symmetric_placement_is_an_error() {
    // Knights on a1, b1 and a bishop on c1: no knight placement is closed under a1<->h1.
    let v = minor_rank(":NB", "c1", "a1,b1");
    let e = shuffle::count(&v).unwrap_err();
    assert_eq!(e.problem, ShuffleProblem::NoArrangement);
    assert_eq!(e.set.as_deref(), Some(":NB"));
}

#[test]
fn black_follows_by_the_symmetry() {
    // Rotate: Black's king starts on d8, and Black's rank is White's read backwards.
    let text = CHESS.replace("symmetry=mirror", "symmetry=rotate");
    let v = variant(&format!("shuffle=N!BRQK\n{text}"));
    let mut sh = Shuffler::new(&v).unwrap();
    assert_eq!(sh.count(), Ok(960));
    for n in (0..960).step_by(7) {
        let s = sh.setup(n).unwrap();
        let white = rank(&v, &s, 0);
        assert!(is_chess960(&white), "{white}");
        let reversed: String = white.chars().rev().collect();
        assert_eq!(rank(&v, &s, 7), reversed.to_lowercase());
    }
}

/// Chess with both armies listed (`symmetry=none`), Black's first rank as given.
fn chess_none(black_rank: &str) -> Variant {
    let files = "abcdefgh";
    let squares = |id: char| -> String {
        black_rank
            .chars()
            .zip(files.chars())
            .filter(|&(c, _)| c == id)
            .map(|(_, f)| format!("{f}8"))
            .collect::<Vec<_>>()
            .join(",")
    };
    variant(&format!(
        "files=8\nranks=8\nsymmetry=none\npromoZone=1\nmaxPromote=1\npromoChoice=QRBN\n\
         royal=6\nshuffle=N!BRQK\n\
         pawn:P:fmWfceFifmnD::a2-h2,,a7-h7\nknight:N:N::b1,g1,,{}\nbishop:B:B::c1,f1,,{}\n\
         rook:R:R::a1,h1,,{}\nqueen:Q:Q::d1,,{}\nking:K:KisO2::e1,,{}\n",
        squares('N'),
        squares('B'),
        squares('R'),
        squares('Q'),
        squares('K')
    ))
}

#[test]
fn symmetry_none_follows_a_mirrored_black_and_shuffles_an_other_one_apart() {
    let v = chess_none("RNBQKBNR");
    assert_eq!(shuffle::count(&v), Ok(960));
    let s = shuffle::setup(&v, 0).unwrap();
    assert_eq!(rank(&v, &s, 7), "nnbbrqkr");
    // Black's king and queen swapped: Black is not White's image, so each side gets its own
    // Chess960 rank: 960 x 960, numbered n = white * 960 + black.
    let v = chess_none("RNBKQBNR");
    assert_eq!(shuffle::count(&v), Ok(921_600));
    let s = shuffle::setup(&v, 0).unwrap();
    assert_eq!(rank(&v, &s, 0), "NNBBRQKR");
    assert_eq!(rank(&v, &s, 7), "nnbbrqkr");
    // Black's second arrangement: after NNBB+RQKR, the next order of {R,R,Q,K} is RKRQ.
    let s = shuffle::setup(&v, 1).unwrap();
    assert_eq!(rank(&v, &s, 0), "NNBBRQKR");
    assert_eq!(rank(&v, &s, 7), "nnbbrkrq");
    let s = shuffle::setup(&v, 921_599).unwrap();
    assert_eq!(rank(&v, &s, 0), "QRKRBBNN");
    assert_eq!(rank(&v, &s, 7), "qrkrbbnn");
    let n = shuffle::original_number(&v).expect("the definition's own setup has a number");
    assert_eq!(n / 960, 519);
    assert_eq!(shuffle::setup(&v, n).unwrap(), v.setup);
}

#[test]
fn numbers_out_of_range_are_errors() {
    let v = Arc::new(chess_with("N!BRQK"));
    for n in [960, 961, u64::MAX] {
        let e = shuffle::setup(&v, n).unwrap_err();
        assert_eq!(e.problem, ShuffleProblem::OutOfRange { n, count: 960 });
        assert!(e.to_string().contains(&n.to_string()), "{e}");
        assert!(Position::start_shuffled(v.clone(), n).is_err());
    }
    // Without shuffle sets there is one setup, number 0.
    let chess = chess_with("");
    assert_eq!(shuffle::count(&chess), Ok(1));
    assert_eq!(shuffle::setup(&chess, 0).unwrap(), chess.setup);
    assert_eq!(shuffle::original_number(&chess), Some(0));
    assert!(shuffle::setup(&chess, 1).is_err());
}

#[test]
fn a_set_of_pieces_not_on_the_board_is_an_error_naming_it() {
    // The hawk is only in hand.
    let v = variant(&format!("shuffle=HN\n{CHESS}\nhawk:H:BN:bird::1\n"));
    let e = shuffle::count(&v).unwrap_err();
    assert_eq!(e.set.as_deref(), Some("HN"));
    assert_eq!(e.problem, ShuffleProblem::NotOnBoard("H".into()));
    let text = e.to_string();
    assert!(text.contains("'HN'") && text.contains("'H'"), "{text}");
    assert_eq!(shuffle::random_number(&v, 5), 0);
    // An ID no piece has (the parser refuses it in a definition; here set directly).
    let mut v = chess_with("N!BRQK");
    v.shuffle.push(ShuffleSet {
        pieces: vec![ShufflePiece {
            id: "Z".into(),
            mark: ShuffleMark::Plain,
        }],
    });
    let e = shuffle::count(&v).unwrap_err();
    assert_eq!(e.problem, ShuffleProblem::UnknownId("Z".into()));
    // The same ID with two marks.
    let e = shuffle::count(&chess_with("!BBN")).unwrap_err();
    assert_eq!(e.problem, ShuffleProblem::ConflictingMarks("B".into()));
}

#[test]
fn too_many_arrangements_are_refused_not_enumerated() {
    // Eleven different pieces on a1..k1: 11! = 39,916,800 orders, over the 10^7 limit.
    let ids = "ABCDEFGHIJL";
    let mut text = String::from("files=11\nranks=8\nroyal=12\nshuffle=ABCDEFGHIJL\n");
    for (f, id) in ids.chars().enumerate() {
        text += &format!("piece{id}:{id}:W::{}1\n", (b'a' + f as u8) as char);
    }
    text += "king:K:K::f3\n";
    let v = variant(&text);
    let e = shuffle::count(&v).unwrap_err();
    assert_eq!(
        e.problem,
        ShuffleProblem::TooMany {
            candidates: 39_916_800
        }
    );
    assert!(shuffle::setup(&v, 0).is_err());
}

#[test]
fn random_numbers_are_valid_and_reproducible() {
    let v = chess_with("N!BRQK");
    let numbers: Vec<u64> = (0..200).map(|s| shuffle::random_number(&v, s)).collect();
    assert!(numbers.iter().all(|&n| n < 960));
    assert_eq!(
        numbers,
        (0..200)
            .map(|s| shuffle::random_number(&v, s))
            .collect::<Vec<_>>()
    );
    let distinct: HashSet<u64> = numbers.iter().copied().collect();
    // 200 draws from 960 numbers: about 180 distinct are expected; far fewer means a bias.
    assert!(distinct.len() > 150, "{}", distinct.len());
}

#[test]
fn the_catalogue_has_chess960() {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    let v = catalogue::load("chess960").unwrap();
    assert_eq!(shuffle::count(&v), Ok(960));
    assert_eq!(shuffle::original_number(&v), Some(519));
    // The definition's own setup is orthodox chess.
    assert_eq!(
        Position::start(v.clone()).to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

/// Every first rank one shuffle set can make of chess, by brute force from the rules as
/// the module documents them: the set's pieces permuted over their squares; a `!` ID as
/// even over the shades as the squares allow; a `:` ID on mirror-image files; the king with a
/// rook on each side (the rooks start in the corners).
fn chess_oracle(letters: &[(char, char)]) -> HashSet<String> {
    let original: Vec<char> = "RNBQKBNR".chars().collect();
    let in_set = |c: char| letters.iter().any(|&(l, _)| l == c);
    let squares: Vec<usize> = (0..8).filter(|&i| in_set(original[i])).collect();
    let mut out = HashSet::new();
    // Every permutation of the set's squares (duplicates collapse in the set).
    fn perms(items: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
        if k == items.len() {
            out.push(items.clone());
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            perms(items, k + 1, out);
            items.swap(k, i);
        }
    }
    let mut all = Vec::new();
    perms(&mut squares.clone(), 0, &mut all);
    for p in all {
        let mut row = original.clone();
        for (to, from) in squares.iter().zip(&p) {
            row[*to] = original[*from];
        }
        let ok = letters.iter().all(|&(l, mark)| match mark {
            '!' => {
                let k = squares.iter().filter(|&&i| row[i] == l).count() as i64;
                let dark_free = squares.iter().filter(|&&i| i % 2 == 0).count() as i64;
                let light_free = squares.len() as i64 - dark_free;
                let on_dark = squares
                    .iter()
                    .filter(|&&i| row[i] == l && i % 2 == 0)
                    .count() as i64;
                let best = ((k - light_free).max(0)..=k.min(dark_free))
                    .map(|d| (2 * d - k).abs())
                    .min()
                    .unwrap();
                (2 * on_dark - k).abs() == best
            }
            ':' => (0..8).all(|i| row[i] != l || row[7 - i] == l),
            _ => true,
        });
        let k = row.iter().position(|&c| c == 'K').unwrap();
        let between = row[..k].contains(&'R') && row[k + 1..].contains(&'R');
        if ok && between {
            out.insert(row.into_iter().collect());
        }
    }
    out
}

/// A shuffle set of chess's first-rank pieces: each of N, B, R, Q, K in or out, with a mark
/// (at most one `!`, whose order against another `!` the oracle does not model).
fn chess_set() -> impl Strategy<Value = Vec<(char, char)>> {
    proptest::collection::vec((any::<bool>(), 0..3u8), 5).prop_flat_map(|picks| {
        let mut letters = Vec::new();
        let mut bang = false;
        for (&(take, mark), l) in picks.iter().zip(['N', 'B', 'R', 'Q', 'K']) {
            if take {
                let mark = match mark {
                    1 if !bang => {
                        bang = true;
                        '!'
                    }
                    2 => ':',
                    _ => ' ',
                };
                letters.push((l, mark));
            }
        }
        if letters.is_empty() {
            letters.push(('N', ' '));
        }
        Just(letters).prop_shuffle()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_number_always_gives_the_same_setup(n in 0u64..960, m in 0u64..960) {
        let v = chess_with("N!BRQK");
        let a = shuffle::setup(&v, n).unwrap();
        prop_assert_eq!(&a, &shuffle::setup(&v, n).unwrap());
        prop_assert!(is_chess960(&rank(&v, &a, 0)));
        if n != m {
            prop_assert_ne!(a, shuffle::setup(&v, m).unwrap());
        }
    }

    #[test]
    fn numbers_past_the_count_are_refused(n in 960u64..) {
        let v = chess_with("N!BRQK");
        prop_assert!(shuffle::setup(&v, n).is_err());
    }

    #[test]
    fn one_set_on_chess_gives_exactly_the_brute_force_ranks(letters in chess_set()) {
        let text: String = letters
            .iter()
            .map(|&(l, m)| if m == ' ' { l.to_string() } else { format!("{m}{l}") })
            .collect();
        let v = chess_with(&text);
        let expected = chess_oracle(&letters);
        match shuffle::count(&v) {
            Err(e) => {
                prop_assert!(expected.is_empty(), "{}: {}", text, e);
                prop_assert_eq!(e.problem, ShuffleProblem::NoArrangement);
            }
            Ok(count) => {
                let mut sh = Shuffler::new(&v).unwrap();
                let rows: HashSet<String> = (0..count)
                    .map(|n| rank(&v, &sh.setup(n).unwrap(), 0))
                    .collect();
                prop_assert_eq!(rows.len() as u64, count, "{}", text);
                prop_assert_eq!(rows, expected, "{}", text);
                let n = shuffle::original_number(&v).unwrap();
                prop_assert_eq!(shuffle::setup(&v, n).unwrap(), v.setup.clone());
            }
        }
    }
}
