//! "What is this move" has one answer: in any position, the legal moves' coordinate
//! notation ([`Variant::uci`]) and SAN ([`Position::san`]) are pairwise different, and each
//! reads back ([`Position::parse_uci`], [`Position::parse_san`]) as the move that printed
//! it. Both parsers find a move by printing every legal move and comparing text, so two
//! moves that print alike leave the second one impossible to enter.
//!
//! The property is checked over the catalogue (start positions and a few seeded random
//! plies) in CI. Definitions kept elsewhere (pages, fuzzed definitions) are checked by the
//! ignored `definitions_in_dirs`, which prints failure counts by class:
//!
//! ```text
//! NOTATION_DIRS=dir1:dir2 cargo test --release -p fairyboard-core \
//!     --test notation_unique -- --ignored --nocapture definitions_in_dirs
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fairyboard_core::rng::SplitMix;
use fairyboard_core::{catalogue, Move, MoveKind, Position, Variant};

/// SAN as [`Position::parse_san`] compares it: check and mate signs and annotations off,
/// castling with zeros read as with letters.
fn plain(s: &str) -> String {
    match s.trim_end_matches(['+', '#', '!', '?']) {
        "0-0" => "O-O".to_string(),
        "0-0-0" => "O-O-O".to_string(),
        p => p.to_string(),
    }
}

/// What tells two moves apart that print alike: the first field they differ in.
fn class(a: &Move, b: &Move) -> String {
    if a.kind != b.kind {
        return format!("{:?} vs {:?}", a.kind, b.kind);
    }
    let kind = format!("{:?}", a.kind);
    let what = if a.piece != b.piece && a.kind == MoveKind::Drop {
        "dropped type"
    } else if a.promotion != b.promotion {
        match (a.promoted_to(), b.promoted_to()) {
            (Some(x), Some(y)) if x == y => "promotion from hand or not",
            (Some(_), Some(_)) => "promotion choice",
            _ => "promotion or not",
        }
    } else if a.from != b.from || a.relay != b.relay {
        "origin"
    } else if a.locust() != b.locust() || a.extra != b.extra {
        "path"
    } else if a.to != b.to {
        "destination"
    } else if a.unload != b.unload {
        "unload square"
    } else if a.piece != b.piece {
        "moving type"
    } else if a.ep_square != b.ep_square {
        "e.p. square created"
    } else if a.is_exempt() != b.is_exempt() {
        "exempt from the capture matrix"
    } else {
        "other fields"
    };
    format!("{kind}: {what}")
}

/// One clash: the notation, its class, the two texts and the position.
#[derive(Debug)]
struct Failure {
    notation: &'static str,
    class: String,
    texts: (String, String),
    fen: String,
    moves: (Move, Move),
}

/// The property in `pos`: every legal move's coordinate text and SAN is its own and reads
/// back as it. SAN is left out above `san_cap` moves (it is quadratic in the move count).
fn check(pos: &mut Position, san_cap: usize) -> Vec<Failure> {
    let list: Vec<Move> = pos.legal_moves().to_vec();
    let mut out = Vec::new();
    let fen = pos.to_fen();
    let mut report = |notation, a: &Move, b: &Move, ta: &str, tb: &str| {
        out.push(Failure {
            notation,
            class: class(a, b),
            texts: (ta.to_string(), tb.to_string()),
            fen: fen.clone(),
            moves: (*a, *b),
        })
    };
    let uci: Vec<String> = list.iter().map(|m| pos.uci(m)).collect();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, text) in uci.iter().enumerate() {
        if let Some(&j) = seen.get(text.as_str()) {
            if list[i] != list[j] {
                report("uci", &list[j], &list[i], text, text);
            }
            continue;
        }
        seen.insert(text, i);
        match pos.parse_uci(text) {
            Ok(m) if m == list[i] => {}
            Ok(m) => {
                let back = pos.uci(&m);
                report("uci", &list[i], &m, text, &back)
            }
            Err(e) => report("uci", &list[i], &list[i], text, &e.to_string()),
        }
    }
    if list.len() > san_cap {
        return out;
    }
    let san: Vec<String> = list.iter().map(|m| pos.san(m)).collect();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (i, text) in san.iter().enumerate() {
        match seen.get(&plain(text)) {
            Some(&j) if list[i] != list[j] => report("san", &list[j], &list[i], &san[j], text),
            Some(_) => {}
            None => {
                seen.insert(plain(text), i);
            }
        }
    }
    // The parser itself, on a few moves (each parse prints every move's SAN).
    for i in (0..list.len()).step_by(list.len() / 4 + 1) {
        match pos.parse_san(&san[i]) {
            Ok(m) if m == list[i] => {}
            Ok(m) => {
                let back = pos.san(&m);
                report("san", &list[i], &m, &san[i], &back)
            }
            Err(e) => report("san", &list[i], &list[i], &san[i], &e.to_string()),
        }
    }
    out
}

/// The property at the start and along `games` seeded random games of `plies` moves,
/// until `budget` is spent.
fn check_games(
    v: &Arc<Variant>,
    games: u64,
    plies: usize,
    san_cap: usize,
    budget: Duration,
) -> Vec<Failure> {
    let t0 = Instant::now();
    let start = Position::start(v.clone());
    let mut out = check(&mut start.clone(), san_cap);
    for g in 0..games {
        let mut rng = SplitMix(0x4E07_A710 ^ g);
        let mut pos = start.clone();
        for _ in 0..plies {
            if t0.elapsed() > budget {
                return out;
            }
            let list = pos.legal_moves();
            if list.is_empty() || pos.decided().is_some() {
                break;
            }
            let m = list[rng.below(list.len() as u64) as usize];
            pos.make(&m);
            out.extend(check(&mut pos, san_cap));
        }
    }
    out
}

/// Every catalogue variant, and the small definitions of the classes found, at the start
/// and along two seeded random games of six plies.
#[test]
fn catalogue_moves_read_back() {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    let mut failures = Vec::new();
    let own = [
        PLUS_IDS,
        CASELESS_PAIR,
        TWO_PAWNS,
        SAME_ID_TOKIN,
        LEAPING_KING,
        SWAPPER,
    ];
    let mut all: Vec<(String, Arc<Variant>)> = own
        .iter()
        .map(|text| ("own".to_string(), build(text).variant().clone()))
        .collect();
    for name in catalogue::names() {
        let v = catalogue::load(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
        all.push((name, v));
    }
    for (name, v) in all {
        for f in check_games(&v, 2, 6, 120, Duration::from_secs(5)) {
            failures.push(format!("{name}: {f:?}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Counts by class over the definition files in `NOTATION_DIRS` (colon-separated
/// directories or files): how many positions clash, in how many definitions, with one
/// example each.
#[test]
#[ignore]
fn definitions_in_dirs() {
    let dirs = std::env::var("NOTATION_DIRS").expect("NOTATION_DIRS names the directories");
    let mut files = Vec::new();
    for d in dirs.split(':') {
        let p = std::path::Path::new(d);
        if p.is_dir() {
            let mut here: Vec<_> = std::fs::read_dir(p)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_none_or(|e| e == "txt"))
                .collect();
            here.sort();
            files.extend(here);
        } else {
            files.push(p.to_path_buf());
        }
    }
    let env = |k: &str, d: u64| std::env::var(k).map_or(d, |s| s.parse().unwrap());
    let (games, budget_ms, every) = (
        env("NOTATION_GAMES", 2),
        env("NOTATION_MS", 1500),
        env("NOTATION_EVERY", 1),
    );
    let files: Vec<_> = files.into_iter().step_by(every as usize).collect();
    let t0 = Instant::now();
    let (mut built, mut skipped, mut clean) = (0, 0, 0);
    // (notation, class) → (failures, definitions, example)
    let mut by_class: BTreeMap<(&str, String), (usize, usize, String)> = BTreeMap::new();
    for (k, path) in files.iter().enumerate() {
        if k % 500 == 0 {
            eprintln!("{k} files, {:?}", t0.elapsed());
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            skipped += 1;
            continue;
        };
        if text.len() > 20_000 {
            skipped += 1;
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let result = std::panic::catch_unwind(|| {
            let (v, _) = Variant::from_definition("x", &text).ok()?;
            if v.geometry.cells > 1200 || v.pieces.len() > 60 {
                return None;
            }
            let v = Arc::new(v);
            Some(check_games(
                &v,
                games,
                6,
                250,
                Duration::from_millis(budget_ms),
            ))
        });
        let failures = match result {
            Ok(Some(f)) => f,
            Ok(None) => {
                skipped += 1;
                continue;
            }
            Err(_) => {
                let e = by_class.entry(("panic", String::new())).or_default();
                e.0 += 1;
                e.1 += 1;
                e.2 = name.clone();
                continue;
            }
        };
        built += 1;
        if failures.is_empty() {
            clean += 1;
        }
        let mut here: BTreeMap<(&str, String), usize> = BTreeMap::new();
        for f in &failures {
            *here.entry((f.notation, f.class.clone())).or_default() += 1;
            let e = by_class.entry((f.notation, f.class.clone())).or_default();
            if e.2.is_empty() {
                e.2 = format!("{name}: {:?} in {}", f.texts, f.fen);
                if std::env::var("NOTATION_MOVES").is_ok() {
                    e.2 += &format!("\n    {:?}\n    {:?}", f.moves.0, f.moves.1);
                }
            }
        }
        for (k, n) in here {
            let e = by_class.entry(k).or_default();
            e.0 += n;
            e.1 += 1;
        }
    }
    println!(
        "{} files: {built} checked ({clean} clean), {skipped} skipped",
        files.len()
    );
    for ((notation, class), (n, defs, example)) in &by_class {
        println!("{notation:4} {class:40} {n:7} clashes in {defs:5} definitions; e.g. {example}");
    }
}

/// Two promotion choices whose IDs contain FEN's promoted mark.
const PLUS_IDS: &str = "files=4\nranks=6\nsymmetry=mirror\npromoZone=1\nmaxPromote=1\nroyal=2\n\
         pawn:P:fmW::c5\nking:K:K::a1\nqueen:Q+:Q::\nnightrider:q+:NN::\n";

/// Two types sharing a caseless ID, on the board and in hand.
const CASELESS_PAIR: &str = "files=4\nranks=4\nsymmetry=mirror\nroyal=1\n\
         king:K:K::a1\nwazir:#:W::b1:1\nferz:#:F::c1:1\n";

/// Pawns of two types (both written without a letter in SAN).
const TWO_PAWNS: &str = "files=4\nranks=6\nsymmetry=mirror\nroyal=1\n\
         king:K:K::a1\npawn:P:fmW::b2\nberolina pawn:B:fmF::c2\n";

/// A shogi-style promoted type repeating its base type's ID.
const SAME_ID_TOKIN: &str =
    "files=4\nranks=6\nsymmetry=mirror\npromoZone=2\nmaxPromote=1\npromoOffset=2\nroyal=2\n\
         pawn:P:fW::b4\nking:K:K::a1\ntokin:P:WfF::\n";

/// A king that also leaps two squares (`D`) and castles (`isO2`).
const LEAPING_KING: &str = "files=8\nranks=8\nsymmetry=mirror\nroyal=1\n\
         king:K:KDisO2::e1\nrook:R:R::a1,h1\n";

/// A rook that may also swap places with an enemy on its lines (`ucR`).
const SWAPPER: &str = "files=5\nranks=5\nsymmetry=mirror\nroyal=1\n\
         king:K:K::d2\nswapper:S:RucR::b1\n";

/// Builds a definition (the warnings are not looked at here).
fn build(text: &str) -> Position {
    let (v, _) = Variant::from_definition("test", text).expect("the definition builds");
    Position::start(Arc::new(v))
}

/// The legal move written `uci`, checked to read back from its SAN `san` (check marks
/// included) and to be the only move printing either.
fn both_ways(pos: &mut Position, uci: &str, san: &str) -> Move {
    let list = pos.legal_moves();
    let hits: Vec<&Move> = list.iter().filter(|m| pos.uci(m) == uci).collect();
    assert_eq!(hits.len(), 1, "moves written {uci}");
    let m = *hits[0];
    assert_eq!(pos.parse_uci(uci), Ok(m), "{uci}");
    assert_eq!(pos.san(&m), san, "SAN of {uci}");
    assert_eq!(pos.parse_san(san), Ok(m), "{san}");
    m
}

/// The name of the type a move leaves on its destination.
fn lands_as(pos: &Position, m: &Move) -> String {
    let mut after = pos.clone();
    after.make(m);
    let (t, _) = after.piece_at(m.to()).expect("a piece lands");
    after.variant().pieces[t].name.clone()
}

#[test]
fn promotion_choices_whose_ids_fen_cannot_carry_are_written_with_their_fen_letters() {
    // "Q+" and "q+" contain FEN's promoted mark: FEN names the two promotion choices by
    // their first letters (Q, then the name's N as Q is taken), and so do the promotion
    // suffixes, where the IDs in lower case would both have read `q+`.
    let mut pos = build(PLUS_IDS);
    assert_eq!(pos.to_fen(), "k3/2P1/4/4/2p1/K3 w - - 0 1");
    // The queen on c6 checks along the sixth rank.
    let m = both_ways(&mut pos, "c5c6q", "c6=Q+");
    assert_eq!(lands_as(&pos, &m), "queen");
    let m = both_ways(&mut pos, "c5c6n", "c6=N");
    assert_eq!(lands_as(&pos, &m), "nightrider");
}

#[test]
fn pieces_sharing_a_caseless_id_move_and_drop_under_their_fen_letters() {
    // '#' has no case: FEN names the wazir and the ferz by their names' first letters, W
    // and F. Both reach b2, and one of each waits in hand to be dropped there.
    let mut pos = build(CASELESS_PAIR);
    assert_eq!(pos.to_fen(), "kwf1/4/4/KWF1[WFwf] w - - 0 1");
    both_ways(&mut pos, "b1b2", "Wb2");
    both_ways(&mut pos, "c1b2", "Fb2");
    both_ways(&mut pos, "a1b2", "Kb2");
    let m = both_ways(&mut pos, "W@b2", "W@b2");
    assert_eq!(lands_as(&pos, &m), "wazir");
    let m = both_ways(&mut pos, "F@b2", "F@b2");
    assert_eq!(lands_as(&pos, &m), "ferz");
}

#[test]
fn pawns_of_two_types_reaching_one_square_show_their_files() {
    // A pawn steps b2-b3, a Berolina pawn c2-b3 (both are pawns: no letter in SAN), so
    // each shows its file; the Berolina pawn's c2-d3 needs none.
    let mut pos = build(TWO_PAWNS);
    both_ways(&mut pos, "b2b3", "bb3");
    both_ways(&mut pos, "c2b3", "cb3");
    both_ways(&mut pos, "c2d3", "d3");
}

#[test]
fn a_shogi_promotion_into_a_type_of_the_same_id_is_still_a_choice() {
    // The promoted pawn repeats the pawn's ID P; FEN writes it +P. Entering the zone
    // (ranks 5 and 6) the pawn may promote or not: `b4b5+` and `b4b5`. The promoted
    // pawn gives check (its forward diagonal step reaches a6).
    let mut pos = build(SAME_ID_TOKIN);
    let m = both_ways(&mut pos, "b4b5+", "b5=+P+");
    assert_eq!(lands_as(&pos, &m), "tokin");
    let m = both_ways(&mut pos, "b4b5", "b5");
    assert_eq!(lands_as(&pos, &m), "pawn");
}

#[test]
fn castling_that_a_king_leap_also_writes_is_written_as_taking_the_partner() {
    // The king's dabbaba leap e1-g1 and its castling with the h1 rook both go e1 to g1:
    // the leap keeps `e1g1`, the castling is written as the king taking its rook, `e1h1`
    // (the form parse_uci always read). Likewise e1-c1 and the castling with a1.
    let mut pos = build(LEAPING_KING);
    assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = both_ways(&mut pos, "e1g1", "Kg1");
    assert_eq!(m.kind, MoveKind::Normal);
    let m = both_ways(&mut pos, "e1h1", "O-O");
    assert_eq!(m.kind, MoveKind::Castle);
    let m = both_ways(&mut pos, "e1c1", "Kc1");
    assert_eq!(m.kind, MoveKind::Normal);
    let m = both_ways(&mut pos, "e1a1", "O-O-O");
    assert_eq!(m.kind, MoveKind::Castle);
}

#[test]
fn a_swap_is_told_from_a_capture_by_its_unload_square() {
    // The swapper on b1 takes Black's on b5 as a rook, or swaps places with it (`ucR`:
    // the victim reappears on b1): `@b1` says where.
    let mut pos = build(SWAPPER);
    assert_eq!(pos.to_fen(), "1s3/3k1/5/3K1/1S3 w - - 0 1");
    let m = both_ways(&mut pos, "b1b5", "Sxb5");
    assert_eq!(pos.variant().uci(&m), "b1b5");
    // The swap takes nothing, so its SAN has no `x`.
    both_ways(&mut pos, "b1b5@b1", "Sb5@b1");
    let swap = pos.parse_uci("b1b5@b1").unwrap();

    let mut after = pos.clone();
    after.make(&swap);
    let fen = after.to_fen();
    assert!(fen.starts_with("1S3/3k1/5/3K1/1s3 b "), "{fen}");
}

#[test]
fn a_lone_swap_may_be_entered_without_its_unload_square() {
    // This swapper only swaps (`ucR`): `b1b5` names no other move, so it is the swap, as a
    // GUI that knows nothing of unloading would send it; the swap is written `b1b5@b1`.
    let mut pos = build(&SWAPPER.replace("RucR", "ucR"));
    let swap = both_ways(&mut pos, "b1b5@b1", "Sb5@b1");
    assert_eq!(pos.parse_uci("b1b5"), Ok(swap));
}

/// A pawn with a lame double step that creates e.p. rights (`ifmnD`) and a plain one
/// beside it (`ifmD`).
const TWO_DOUBLE_STEPS: &str = "files=8\nranks=8\nsymmetry=mirror\nroyal=2\n\
         pawn:P:fmWfceFifmnDifmD::d2,,e4\nking:K:K::e1\n";

#[test]
fn a_lame_double_step_beside_a_plain_one_is_one_move_without_rights() {
    // By hand: the pawn on d2 goes to d3 or d4, the king to d1, e2, f1 or f2 — six moves.
    // The two double steps reach d4 alike; no notation tells them apart, so there is one
    // move, and it is the plain one: Black's pawn on e4 then has no e.p. capture on d3.
    let mut pos = build(TWO_DOUBLE_STEPS);
    let texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
    assert_eq!(
        texts.iter().filter(|t| *t == "d2d4").count(),
        1,
        "{texts:?}"
    );
    assert_eq!(texts.len(), 6, "{texts:?}");
    let m = both_ways(&mut pos, "d2d4", "d4");
    assert_eq!(m.ep_square, 0);
    pos.make(&m);
    assert!(pos.to_fen().contains(" b - "), "{}", pos.to_fen());
    let black: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
    assert!(!black.contains(&"e4d3".to_string()), "{black:?}");
}
