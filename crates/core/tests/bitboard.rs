//! Differential test of the bitboard generator against the generic one (the reference):
//! seeded random games from every position of the reference suites (`tests/perft/`) of the
//! variants that have a bitboard generator, comparing at each position the legal move lists
//! (as sets of `Move` values) and the bulk counts of both generators. (Positions with
//! pieces in hand or several royals exercise the fallback to the generic generator.)
//!
//! Coverage is asserted, not assumed: the walks must meet checks, double checks, pinned
//! pieces, e.p. captures (legal and illegal), castling and promotions, and every listed
//! variant must have a bitboard generator (a variant silently dropping out of it would
//! otherwise make this test vacuous).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

#[path = "common/landings.rs"]
mod landings;

use fairyboard_core::geometry::Square;
use fairyboard_core::{catalogue, Color, Move, MoveKind, MoveList, Position, Variant};
use xbetza::random::Rng;

/// Catalogue variants the bitboard generator must cover (boards up to 128 squares, plain
/// leapers and sliders, pawns, castling); others that have one are walked too.
const COVERED: [&str; 15] = [
    "chess",
    "capablanca",
    "gothic",
    "janus",
    "chancellor",
    "amazon",
    "knightmate",
    "courier",
    "losalamos",
    "nightrider",
    "cv-leapers",
    "cv-riders",
    "berolina",
    "grand",
    "makruk",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn variant(name: &str) -> Arc<Variant> {
    std::env::set_var("FAIRYBOARD_VARIANTS", root().join("variants"));
    catalogue::load(name).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// Every (variant, FEN) of the reference suites.
fn suite_positions() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/perft"))
        .expect("tests/perft exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut name = String::new();
        for line in text.lines() {
            if let Some(v) = line.strip_prefix("variant ") {
                name = v.trim().to_string();
            } else if let Some(fen) = line.strip_prefix("epd ") {
                out.push((name.clone(), fen.trim().to_string()));
            }
        }
    }
    out
}

#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    checks: usize,
    double_checks: usize,
    /// Positions where some pseudo-legal move is illegal without the side being in check.
    pins: usize,
    ep: usize,
    ep_illegal: usize,
    castles: usize,
    promotions: usize,
}

fn sorted(list: &MoveList) -> Vec<Move> {
    let mut v = list.clone();
    v.sort();
    v
}

/// Compare both generators on one position; records what the position exercises.
fn compare(pos: &mut Position, cov: &mut Coverage, lists: &mut [MoveList; 3]) {
    let [fast, generic, scratch] = lists;
    pos.legal_moves_into(fast);
    pos.legal_moves_generic_into(generic);
    let (a, b) = (sorted(fast), sorted(generic));
    if a != b {
        let v = pos.variant().clone();
        let only = |x: &[Move], y: &[Move]| -> Vec<String> {
            x.iter()
                .filter(|m| !y.contains(m))
                .map(|m| format!("{} {m:?}", v.uci(m)))
                .collect()
        };
        panic!(
            "{} {}: bitboard only {:?}, generic only {:?}",
            v.name,
            pos.to_fen(),
            only(&a, &b),
            only(&b, &a)
        );
    }
    let count = pos.count_legal(scratch);
    let count_generic = pos.count_legal_generic(scratch);
    assert_eq!(
        (count, count_generic),
        (b.len(), b.len()),
        "{}: counts (bitboard, generic) against the list length",
        pos.to_fen()
    );
    attack_candidates_cover_attackers(pos);
    attack_sets_and_mobility_match(pos);
    cov.positions += 1;
    let checkers = checkers(pos);
    cov.checks += usize::from(checkers > 0);
    cov.double_checks += usize::from(checkers > 1);
    let mut pseudo = MoveList::new();
    pos.pseudo_moves_into(&mut pseudo);
    if checkers == 0
        && pseudo.iter().any(|m| {
            m.kind == MoveKind::Normal
                && !pos.variant().pieces[m.piece as usize].royal
                && !b.contains(m)
        })
    {
        cov.pins += 1;
    }
    cov.ep += usize::from(b.iter().any(|m| m.kind == MoveKind::EnPassant));
    cov.ep_illegal += usize::from(
        pseudo
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant && !b.contains(m)),
    );
    cov.castles += usize::from(b.iter().any(|m| m.kind == MoveKind::Castle));
    cov.promotions += usize::from(b.iter().any(|m| m.is_promotion()));
}

/// [`Position::attack_candidates`] (the bitboard's danger sets) leaves out no attacker:
/// on every square, for both colours, each piece the attack table says attacks it and
/// each piece with a pseudo-legal capture there (generic generator) is a candidate.
fn attack_candidates_cover_attackers(pos: &Position) {
    let v = pos.variant().clone();
    let mut list = MoveList::new();
    let mut captures: Vec<(Square, Square)> = Vec::new();
    for c in Color::BOTH {
        for &s in pos.pieces(c) {
            list.clear();
            pos.moves_from(s, &mut list);
            captures.extend(
                list.iter()
                    .filter(|m| m.kind == MoveKind::Normal && pos.piece_at(m.to()).is_some())
                    .map(|m| (s, m.to())),
            );
        }
    }
    for target in v.geometry.squares() {
        for by in Color::BOTH {
            let candidates: Vec<Square> = pos.attack_candidates(&[target], by).collect();
            for &s in pos.pieces(by) {
                let attacks = pos.table_attack(s, by, target) == Some(true)
                    || captures.contains(&(s, target));
                assert!(
                    !attacks || candidates.contains(&s),
                    "{} {}: the piece on {:?} attacks {:?} but is no candidate",
                    v.name,
                    pos.to_fen(),
                    v.geometry.coord(s),
                    v.geometry.coord(target)
                );
            }
        }
    }
}

/// [`Position::attack_set`] (the bitboard tables, all squares at once) says of every
/// piece and every square what [`Position::table_attack`] says square by square, wherever
/// the attack table can tell; and [`Position::mobility`] counts the piece's moves.
fn attack_sets_and_mobility_match(pos: &Position) {
    let v = pos.variant().clone();
    for c in Color::BOTH {
        // The whole side at once gives each piece, in list order, with its type, its
        // square as a set and the same attack set.
        let mut each = Vec::new();
        assert!(pos.each_attack_set(c, |s, t, at, set| each.push((s, t, at, set))));
        let expected: Vec<_> = pos
            .pieces(c)
            .iter()
            .map(|&s| {
                let t = pos.piece_at(s).expect("a piece").0;
                (
                    s,
                    t,
                    pos.square_set(&[s]),
                    pos.attack_set(s).expect("a set"),
                )
            })
            .collect();
        assert_eq!(
            each,
            expected,
            "{} {}: each_attack_set",
            v.name,
            pos.to_fen()
        );
        for &s in pos.pieces(c) {
            let set = pos
                .attack_set(s)
                .unwrap_or_else(|| panic!("{}: no attack set on a piece", v.name));
            // Asked for its type and side on its square, the tables give the same set.
            let t = pos.piece_at(s).expect("a piece").0;
            assert_eq!(
                pos.attack_set_as(t, c, s),
                Some(set),
                "{} {}: attack_set_as",
                v.name,
                pos.to_fen()
            );
            let mut hits = 0;
            for target in v.geometry.squares() {
                let in_set = !(set & pos.square_set(&[target])).is_empty();
                hits += u32::from(in_set);
                if let Some(attacks) = pos.table_attack(s, c, target) {
                    assert_eq!(
                        in_set,
                        attacks,
                        "{} {}: the piece on {:?} and {:?}",
                        v.name,
                        pos.to_fen(),
                        v.geometry.coord(s),
                        v.geometry.coord(target)
                    );
                }
            }
            assert_eq!(hits, set.count(), "{}: a set bit off the board", v.name);
            // And its mobility (a set count where the tables can tell) is the number of
            // squares its move list reaches.
            let mut list = MoveList::new();
            pos.moves_from(s, &mut list);
            let n = landings::squares_reached(&list);
            assert_eq!(
                pos.mobility(s, &mut list),
                n,
                "{} {}: mobility of the piece on {:?}",
                v.name,
                pos.to_fen(),
                v.geometry.coord(s)
            );
            // The count from the attack set, where the type's moves allow one, agrees.
            assert_eq!(
                pos.mobility_in(s, set, &mut list),
                n,
                "{} {}: mobility from the attack set of the piece on {:?}",
                v.name,
                pos.to_fen(),
                v.geometry.coord(s)
            );
        }
    }
}

/// How many enemy pieces attack the side to move's royal (an independent count: each enemy
/// piece's pseudo-legal moves, generic generator, capturing on the royal's square).
fn checkers(pos: &Position) -> usize {
    let us = pos.side_to_move();
    let Some(&royal) = pos.royals(us).first() else {
        return 0;
    };
    let mut list = MoveList::new();
    pos.pieces(us.flip())
        .iter()
        .filter(|&&s| {
            list.clear();
            pos.moves_from(s, &mut list);
            list.iter()
                .any(|m| m.kind == MoveKind::Normal && m.to() == royal)
        })
        .count()
}

/// Random games from `start`: `games` games of up to `plies` plies, every position compared.
/// Captures and pawn moves are preferred half of the time, so games reach promotions.
fn walk(start: &Position, rng: &mut Rng, games: usize, plies: usize, cov: &mut Coverage) {
    let mut lists = [MoveList::new(), MoveList::new(), MoveList::new()];
    let mut moves = MoveList::new();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            if pos.decided().is_some() {
                // Over by a rule (baring, ...): no generator is asked.
                break;
            }
            compare(&mut pos, cov, &mut lists);
            pos.legal_moves_generic_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            let lively: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    m.kind != MoveKind::Normal
                        || pos.piece_at(m.to()).is_some()
                        || pos.variant().pieces[m.piece as usize].pawn
                })
                .collect();
            let m = if !lively.is_empty() && rng.chance(50) {
                lively[rng.below(lively.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.make(&m);
        }
    }
}

#[test]
fn bitboard_generator_matches_generic_on_random_games() {
    let seed = std::env::var("FAIRYBOARD_BITBOARD_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_B17B_0A2Du64);
    let games: usize = std::env::var("FAIRYBOARD_BITBOARD_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let mut per_variant: BTreeMap<String, Coverage> = BTreeMap::new();
    let mut total = Coverage::default();
    for name in COVERED {
        let v = variant(name);
        assert!(
            v.has_bitboard_generator(),
            "{name}: expected the bitboard generator"
        );
    }
    for (name, fen) in suite_positions() {
        let v = variant(&name);
        if !v.has_bitboard_generator() {
            continue;
        }
        let start = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        // Each position's walk has its own seed (from its FEN), so a suite added to
        // tests/perft leaves the other walks, and the coverage they reach, as they were.
        let fen_hash = fen.bytes().fold(0xCBF2_9CE4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01B3)
        });
        let mut rng = Rng::new(seed ^ fen_hash);
        let cov = per_variant.entry(name).or_default();
        walk(&start, &mut rng, games, 120, cov);
    }
    for (name, c) in &per_variant {
        assert!(c.positions > 100, "{name}: only {} positions", c.positions);
        total.positions += c.positions;
        total.checks += c.checks;
        total.double_checks += c.double_checks;
        total.pins += c.pins;
        total.ep += c.ep;
        total.ep_illegal += c.ep_illegal;
        total.castles += c.castles;
        total.promotions += c.promotions;
    }
    for name in COVERED {
        assert!(per_variant.contains_key(name), "{name}: no suite positions");
    }
    let c = &total;
    assert!(
        c.checks > 100
            && c.double_checks > 5
            && c.pins > 100
            && c.ep > 10
            && c.ep_illegal > 0
            && c.castles > 100
            && c.promotions > 50,
        "too little coverage: {c:?}"
    );
}

/// The chess suite's own tricky positions, where pins, e.p. and promotions meet: the
/// bitboard generator's move lists against the generic generator's, one ply down too.
#[test]
fn bitboard_generator_matches_generic_on_chess_suite_children() {
    let mut cov = Coverage::default();
    let mut lists = [MoveList::new(), MoveList::new(), MoveList::new()];
    for (name, fen) in suite_positions() {
        if !name.starts_with("chess") {
            continue;
        }
        let mut pos = Position::from_fen(variant(&name), &fen).unwrap();
        compare(&mut pos, &mut cov, &mut lists);
        for m in pos.legal_moves() {
            let undo = pos.make(&m);
            compare(&mut pos, &mut cov, &mut lists);
            pos.unmake(&m, undo);
        }
    }
    assert!(cov.positions > 1000, "{cov:?}");
}

/// Variants the generator must leave to the generic path: hoppers, lame leapers,
/// grasshoppers, capture rules. (Drops and several royals are decided per position.)
#[test]
fn generic_only_variants_have_no_bitboard_generator() {
    for name in ["xiangqi", "cv-cannons", "cv-lame", "grasshopper", "atomic"] {
        assert!(
            !variant(name).has_bitboard_generator(),
            "{name}: should use the generic generator"
        );
    }
}

/// [`Position::attack_set_as`] answers for a type and side on any square, occupied or not,
/// with the pieces as they stand: the squares from which such a piece would check a king
/// there. Counted by hand.
#[test]
fn attack_set_as_is_a_types_attacks_from_any_square() {
    let v = catalogue::load("chess").unwrap();
    let pos = Position::from_fen(v.clone(), "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1").unwrap();
    let sq = |name: &str| v.square(name.parse().unwrap());
    let set = |names: &[&str]| pos.square_set(&names.iter().map(|n| sq(n)).collect::<Vec<_>>());
    let queen = v.type_by_id("Q").unwrap();
    let knight = v.type_by_id("N").unwrap();
    // A queen on g1 (where the king stands): the first rank, and the three pawns in front
    // (its own side's pieces are squares it defends).
    assert_eq!(
        pos.attack_set_as(queen, Color::White, sq("g1")),
        Some(set(&[
            "a1", "b1", "c1", "d1", "e1", "f1", "h1", "f2", "g2", "h2"
        ]))
    );
    // A knight on the empty square e4.
    assert_eq!(
        pos.attack_set_as(knight, Color::Black, sq("e4")),
        Some(set(&["d2", "f2", "c3", "g3", "c5", "g5", "d6", "f6"]))
    );
    // No such type.
    assert_eq!(
        pos.attack_set_as(v.type_count(), Color::White, sq("e4")),
        None
    );
}
