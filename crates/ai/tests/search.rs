//! Search tests on hand-verified positions. Each expected move or score was worked out by
//! hand (the reasoning is in the comments); mates are also checked with the rules core's
//! own `status()`, independently of the search.

use fairyboard_ai::rules::MATE;
use fairyboard_ai::search::SearchParams;
use std::sync::Arc;

use fairyboard_ai::{mate_in, Control, Limits, NoClock, Options, Searcher};
use fairyboard_core::{catalogue, Move, MoveList, Position, Status, Variant};

fn setup(variant: &str, fen: &str) -> (Searcher, Position) {
    let v = catalogue::load(variant).expect("catalogue variant");
    let pos = Position::from_fen(v.clone(), fen).expect("valid FEN");
    (Searcher::new(v, Options::default()), pos)
}

fn best(variant: &str, fen: &str, depth: u32) -> (String, i32, Move, Position) {
    let (mut s, mut pos) = setup(variant, fen);
    let r = s.search(&mut pos, &[], &Limits::depth(depth), &mut NoClock);
    let m = r.best.expect("a move");
    (pos.variant().uci(&m), r.score, m, pos)
}

fn mates(pos: &mut Position, m: &Move) -> bool {
    let undo = pos.make(m);
    let mate = pos.status() == Status::Checkmate;
    pos.unmake(m, undo);
    mate
}

#[test]
fn chess_back_rank_mate_in_one() {
    // Black: Kg8, pawns f7 g7 h7. White: Ra1, Kg1. Ra8+ cannot be blocked or taken and
    // f8/h8 are on the rook's rank: the only mate.
    let (uci, score, m, mut pos) = best("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3);
    assert_eq!(uci, "a1a8");
    assert_eq!(score, MATE - 1);
    assert!(mates(&mut pos, &m));
}

#[test]
fn chess_mate_in_two_king_and_rook() {
    // Black Ka8; White Kc6, Rh1. No mate in one (Rh8+ Ka7, Ra1+ Kb8 escape). 1.Kb6 leaves
    // only 1...Kb8, then 2.Rh8#. So the score is mate in 3 plies, and after the engine's
    // move every Black reply must allow a mate in one (checked by brute force).
    let (uci, score, m, mut pos) = best("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 5);
    assert_eq!(mate_in(score), Some(3), "best {uci} score {score}");
    assert_every_reply_allows_mate(&mut pos, &m);
}

/// After `m`, the opponent has moves (no stalemate) and every one of them allows a mate in
/// one (brute force with the rules core, independent of the search).
fn assert_every_reply_allows_mate(pos: &mut Position, m: &Move) {
    let uci = pos.variant().uci(m);
    let undo = pos.make(m);
    let mut replies = MoveList::new();
    pos.legal_moves_into(&mut replies);
    assert!(!replies.is_empty(), "{uci} must not stalemate");
    for r in replies.clone() {
        let u = pos.make(&r);
        assert!(
            has_mate_in_one(pos),
            "after {uci} {} no mate in one",
            pos.variant().uci(&r)
        );
        pos.unmake(&r, u);
    }
    pos.unmake(m, undo);
}

#[test]
fn crazyhouse_drop_mate_in_one() {
    // Black Ka8, White Kb6 and a queen in hand: Q@a7, Q@b7 and Q@c8..h8 all mate;
    // whichever the engine picks must mate (verified with status()).
    let (uci, score, m, mut pos) = best("crazyhouse", "k7/8/1K6/8/8/8/8/8[Q] w - - 0 1", 3);
    assert!(uci.starts_with("Q@"), "{uci}");
    assert_eq!(score, MATE - 1);
    assert!(mates(&mut pos, &m));
}

#[test]
fn capablanca_archbishop_mate_in_one() {
    // 10x8. Black Kj8, Ri8, pawns i7 j7; White Ka1, archbishop f5. A f5-h7 (bishop step
    // over g6) checks j8 as a knight; i8, i7, j7 are Black's own, nothing attacks h7, and a
    // knight check cannot be blocked: mate. No other move checks.
    let (uci, score, m, mut pos) = best("capablanca", "8rk/8pp/10/5A4/10/10/10/K9 w - - 0 1", 3);
    assert_eq!(uci, "f5h7");
    assert_eq!(score, MATE - 1);
    assert!(mates(&mut pos, &m));
}

#[test]
fn capablanca_mate_in_two_king_and_rook() {
    // The K+R pattern on the 10x8 board: Black Ka8; White Kc6, Rh1. No mate in one (Rh8+
    // Ka7 and Ra1+ Kb8 escape; no other move checks). 1.Kb6 leaves only 1...Kb8 (a7 and
    // b7 are the king's), then 2.Rh8# (c8 to g8 empty, a8 behind the king on the rank).
    // Mate in 3 plies; every Black reply to the engine's move allows a mate in one.
    let fen = "k9/10/2K7/10/10/10/10/7R2 w - - 0 1";
    let (uci, score, m, mut pos) = best("capablanca", fen, 5);
    assert_eq!(mate_in(score), Some(3), "best {uci} score {score}");
    assert_every_reply_allows_mate(&mut pos, &m);
}

#[test]
fn capablanca_knight_fork_wins_the_queen() {
    // Black Ke8, Qa8; White Kj1, Nb5. Nc7+ attacks e8 and a8 at once. Nothing of Black's
    // reaches c7 (the king is two files away, the queen's lines from a8 miss it) and a
    // knight check cannot be blocked, so the king steps away and Nxa8 wins the queen;
    // from a8 the knight escapes by b6. Any other move leaves Black a queen up.
    let fen = "q3k5/10/10/1N8/10/10/10/9K w - - 0 1";
    let (uci, score, _, _) = best("capablanca", fen, 5);
    assert_eq!(uci, "b5c7");
    assert!(score > 0, "score {score}");
}

#[test]
fn shatranj_knight_fork_wins_the_rook() {
    // Black Kg8, Rc8; White Ke1, Nd5. Ne7+ attacks g8 and c8 at once; the king must step
    // away and the rook falls. No other move wins material.
    let (uci, score, _, _) = best("shatranj", "2r3k1/8/8/3N4/8/8/8/4K3 w - - 0 1", 5);
    assert_eq!(uci, "d5e7");
    assert!(score > 200, "score {score}");
}

#[test]
fn does_not_give_away_the_queen() {
    // Qxd7+ wins a pawn but Kxd7 takes the queen: the engine must keep its queen, and
    // stay about a queen up.
    let (uci, score, _, _) = best("chess", "4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1", 4);
    assert_ne!(uci, "d1d7");
    assert!(score > 600, "score {score}");
}

#[test]
fn takes_a_hanging_rook() {
    // Black's rook on d5 is attacked by the e4 pawn and defended by nothing; taking it
    // leaves White a pawn up (K+P v K), anything else leaves Black a rook for a pawn.
    let (uci, score, _, _) = best("chess", "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1", 4);
    assert_eq!(uci, "e4d5");
    assert!(score > 0);
}

#[test]
fn same_seed_and_depth_give_the_same_search() {
    let v = catalogue::load("capablanca").unwrap();
    let run = || {
        let mut s = Searcher::new(
            v.clone(),
            Options {
                seed: 7,
                ..Options::default()
            },
        );
        let mut pos = Position::start(v.clone());
        let r = s.search(&mut pos, &[], &Limits::depth(6), &mut NoClock);
        (r.best, r.nodes, r.score)
    };
    let a = run();
    let b = run();
    assert_eq!(a, b);
    // A real search, not a cut-short one: depth 6 of the start takes thousands of nodes.
    assert!(a.1 > 1000);
}

#[test]
fn node_limit_is_deterministic_and_respected() {
    let v = catalogue::load("chess").unwrap();
    let run = || {
        let mut s = Searcher::new(v.clone(), Options::default());
        let mut pos = Position::start(v.clone());
        let r = s.search(&mut pos, &[], &Limits::nodes(20_000), &mut NoClock);
        (r.best, r.nodes)
    };
    let a = run();
    assert_eq!(a, run());
    assert!(a.1 <= 20_010 && a.1 >= 19_000, "nodes {}", a.1);
}

#[test]
fn search_leaves_the_position_as_it_was() {
    for (variant, fen) in [
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "crazyhouse",
            "r1bqkb1r/ppp2ppp/2np1n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 0 1",
        ),
        (
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1",
        ),
    ] {
        let (mut s, mut pos) = setup(variant, fen);
        let before = pos.to_fen();
        let hash = pos.hash();
        // A second search reuses the table: its moves must still be legal.
        for depth in [4, 5] {
            let r = s.search(&mut pos, &[], &Limits::depth(depth), &mut NoClock);
            assert_eq!(pos.to_fen(), before, "{variant}");
            assert_eq!(pos.hash(), hash);
            assert_eq!(pos.clone_recomputed_hash(), hash);
            let m = r.best.unwrap();
            assert!(pos.legal_moves().contains(&m));
            // The principal variation is a legal line.
            let mut undos = Vec::new();
            for m in &r.pv {
                assert!(pos.legal_moves().contains(m), "{variant} pv");
                undos.push(pos.make(m));
            }
            for (m, u) in r.pv.iter().zip(undos).rev() {
                pos.unmake(m, u);
            }
        }
    }
}

#[test]
fn no_legal_move_gives_no_best_move() {
    // Stalemate: Black Ka8, White Qb6 Kc1 — Black to move has nothing.
    let (mut s, mut pos) = setup("chess", "k7/8/1Q6/8/8/8/8/2K5 b - - 0 1");
    let r = s.search(&mut pos, &[], &Limits::depth(3), &mut NoClock);
    assert_eq!(r.best, None);
    assert_eq!(r.score, 0);
}

// Shatranj has `baring=0`: a side left with a bare king loses after its one reply,
// unless that reply bares the other side too (a draw). FEN letters: Q ferz, B alfil.

#[test]
fn shatranj_capture_that_bares_wins_at_once() {
    // White Ke1 Ra5 Ph2, Black Ke4 and a ferz on d5 (its last piece). Rxd5 bares
    // Black; its one reply Kxd5 still leaves White the h-pawn, so White wins on the
    // next ply: a win two plies away, seen even at depth 1 because the bared side's
    // reply is searched in quiescence instead of standing pat.
    let (uci, score, _, _) = best("shatranj", "8/8/8/R2q4/4k3/8/7P/4K3 w - - 0 1", 1);
    assert_eq!(uci, "a5d5");
    assert_eq!(score, MATE - 2);
}

#[test]
fn shatranj_does_not_bare_into_a_counter_bare() {
    // Same without the pawn: Rxd5 Kxd5 leaves both kings bare (a draw), while keeping
    // K+R against K+ferz is a large material lead (rook ≈ 5, ferz ≈ 1¼ pawns).
    let (uci, score, _, _) = best("shatranj", "8/8/8/R2q4/4k3/8/8/4K3 w - - 0 1", 4);
    assert_ne!(uci, "a5d5");
    assert!(score > 150, "score {score}");
}

#[test]
fn shatranj_bared_king_counter_bares() {
    // White is bare (its king only) and to move: its reply decides. Black's only
    // piece, a ferz on d2, stands next to the white king: Kxd2 bares Black too, a
    // draw (0); every other move loses.
    let (uci, score, _, _) = best("shatranj", "7k/8/8/8/8/8/3q4/3K4 w - - 0 1", 3);
    assert_eq!(uci, "d1d2");
    assert_eq!(score, 0);
}

#[test]
fn fifty_move_claim_is_a_draw_without_progress() {
    // Shatranj has no move rule of its own, but XBoard opponents claim the fifty-move
    // draw. Clock 99, White (two rooks and a pawn against a knight and a pawn) has no
    // capture and no pawn move (b2 is blocked by b3; rooks on the a- and h-files and
    // the first rank see no black piece): every move completes the fifty moves. The
    // score is the 20 cp contempt of a draw, not White's material lead.
    let (_, score, _, _) = best("shatranj", "4k3/8/6n1/8/8/1p6/1P6/R3K2R w - - 99 60", 4);
    assert_eq!(score, -20);
}

#[test]
fn fifty_move_claim_is_avoided_by_a_pawn_move() {
    // As above with b3 empty: b2-b3 is White's only capture or pawn move, the only
    // move that does not draw, and White is far ahead after it.
    let (uci, score, _, _) = best("shatranj", "4k3/8/6n1/8/8/8/1P6/R3K2R w - - 99 60", 4);
    assert_eq!(uci, "b2b3");
    assert!(score > 300, "score {score}");
}

#[test]
fn evaluation_shrinks_as_the_move_rule_runs_out() {
    // Draw distance: unchanged for the first 40 plies of the 100-ply (fifty-move)
    // count, then scaled by (100 - clock) / 60: half at clock 70, zero at 100.
    let v = catalogue::load("shatranj").unwrap();
    let eval = fairyboard_ai::eval::Evaluator::new(&v);
    let at = |clock: u32| {
        let fen = format!("4k3/8/6n1/8/8/8/1P6/R3K2R w - - {clock} 60");
        eval.evaluate(&Position::from_fen(v.clone(), &fen).unwrap())
    };
    let fresh = at(0);
    assert!(fresh > 500, "{fresh}");
    assert_eq!(at(40), fresh);
    assert_eq!(at(70), fresh * 30 / 60);
    assert_eq!(at(100), 0);
}

#[test]
fn mate_on_the_fiftieth_move_is_not_a_draw() {
    // From a lost game (run 3, game 33): Black Kf3 Rd2, White Kg1 Rh2, clock 99.
    // Rd1 is mate (g1 is checked along the first rank; f1 and h1 are on the rook's
    // line, f2 and g2 next to the black king; the h2 rook cannot reach e1 or f1) and it
    // completes the fifty moves: the mate stands over the move-rule draw.
    let (uci, score, m, mut pos) = best("shatranj", "8/8/8/8/8/5k2/3r3R/6K1 b - - 99 188", 2);
    assert_eq!(uci, "d2d1");
    assert!(mates(&mut pos, &m));
    assert_eq!(score, MATE - 1);
}

/// `pieceValue=` in a definition replaces the estimate, and the search follows it: a rook
/// takes a knight defended by a pawn only when the definition says a knight is worth more
/// than a rook.
#[test]
fn definition_piece_values_steer_the_search() {
    let v = variant_with("chess", "dear-knights", "pieceValue=N:1000");
    let plain = catalogue::load("chess").unwrap();
    let knight = v.type_by_id("N").unwrap();
    let bishop = v.type_by_id("B").unwrap();
    let ours = fairyboard_ai::eval::Evaluator::new(&v);
    let estimated = fairyboard_ai::eval::Evaluator::new(&plain);
    assert_eq!(ours.value(knight), 1000);
    assert!(estimated.value(knight) < 500);
    assert_eq!(ours.value(bishop), estimated.value(bishop));

    // White: K e1, R c1. Black: K e8, N c3 defended by the pawn b4. Rc1xc3 bxc3 trades the
    // rook for the knight: a loss with the usual values, a gain at 1000 for the knight.
    let fen = "4k3/8/8/8/1p6/2n5/8/2R1K3 w - - 0 1";
    let (usual, _, _, _) = best("chess", fen, 3);
    assert_ne!(usual, "c1c3");
    let mut s = Searcher::new(v.clone(), Options::default());
    let mut pos = Position::from_fen(v.clone(), fen).unwrap();
    let r = s.search(&mut pos, &[], &Limits::depth(3), &mut NoClock);
    assert_eq!(v.uci(&r.best.unwrap()), "c1c3");
}

/// The same position with the colours exchanged (board turned upside down, cases swapped,
/// the other side to move) scores the same for the side to move: every evaluation term is
/// colour-blind. Positions come from seeded random play in mirror-symmetric variants
/// without castling or e.p. rights in the FEN.
#[test]
fn evaluation_is_the_same_for_both_colours() {
    use fairyboard_ai::eval::Evaluator;
    fn flipped(fen: &str) -> String {
        let mut parts = fen.split(' ');
        let board = parts.next().unwrap();
        let side = parts.next().unwrap();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| r.chars().map(swap).collect())
            .collect();
        let side = if side == "w" { "b" } else { "w" };
        format!("{} {side} - - 0 1", ranks.join("/"))
    }
    for variant in ["shatranj", "chess", "courier"] {
        let v = catalogue::load(variant).unwrap();
        let eval = Evaluator::new(&v);
        let mut seed = 0x9E37_79B9_u64;
        let mut checked = 0;
        for game in 0..12 {
            let mut pos = Position::start(v.clone());
            let mut list = MoveList::new();
            for ply in 0..(20 + game * 7) {
                pos.legal_moves_into(&mut list);
                if list.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = list[(seed >> 33) as usize % list.len()];
                pos.make(&m);
                if ply % 5 == 4 {
                    let fen = pos.to_fen();
                    let fen: Vec<&str> = fen.split(' ').collect();
                    let plain = format!("{} {} - - 0 1", fen[0], fen[1]);
                    let a = Position::from_fen(v.clone(), &plain).unwrap();
                    let b = Position::from_fen(v.clone(), &flipped(&plain)).unwrap();
                    assert_eq!(
                        eval.evaluate(&a),
                        eval.evaluate(&b),
                        "{variant}: {plain} against {}",
                        flipped(&plain)
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 30, "{variant}: only {checked} positions");
    }
}

/// A definition made from a catalogue one plus extra lines, in a scratch file.
fn variant_with(base: &str, name: &str, extra: &str) -> std::sync::Arc<fairyboard_core::Variant> {
    let (_, text) = catalogue::read(base).expect("catalogue definition");
    let dir = std::env::temp_dir().join(format!("fairyboard-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.txt"));
    std::fs::write(&path, format!("{text}\n{extra}\n")).unwrap();
    catalogue::load(path.to_str().unwrap()).expect("definition")
}

/// Whether the side to move can mate in one (by the rules core alone).
fn has_mate_in_one(pos: &mut Position) -> bool {
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    list.iter().any(|m| mates(pos, m))
}

/// Mighty-Lion Chess: K + Lion against a bare king in the corner. The Lion's jumps (two king
/// steps in any combination: the 5x5 block around it) cover a whole corner at once. Black
/// Ka8; White Kc6, Lf4 (no mate in one, checked by brute force). The search must
/// report mate in 3 plies, and after its move every Black reply must allow a mate in one
/// (brute force with the rules core).
#[test]
fn lion_mate_in_two() {
    let fen = "k7/8/2K5/8/5L2/8/8/8 w - - 0 1";
    let (_, mut start) = setup("lion", fen);
    assert!(
        !has_mate_in_one(&mut start),
        "the position must have no mate in one"
    );
    let (uci, score, m, mut pos) = best("lion", fen, 5);
    assert_eq!(mate_in(score), Some(3), "best {uci} score {score}");
    assert_every_reply_allows_mate(&mut pos, &m);
}

/// Mighty-Lion Chess, mate in one with the Lion: Black Ka8, White Kb6, Le5. The Lion's
/// alfil jump to c7 checks a8 (a knight's distance) and covers a7 (two steps left) and b8
/// (one step); b7 is the white king's. Whatever the engine picks must mate (core's status).
#[test]
fn lion_mate_in_one() {
    let (uci, score, m, mut pos) = best("lion", "k7/8/1K6/4L3/8/8/8/8 w - - 0 1", 3);
    assert_eq!(score, MATE - 1, "best {uci}");
    assert!(mates(&mut pos, &m), "{uci} does not mate");
}

/// The stalemate rule decides whether to stalemate. Black Ka8, pawn a7; White Kc6, pawn a6
/// (blocking). 1.Kc7 takes b7 and b8 from the king and the a-pawn is blocked: Black is
/// stalemated (the core says so). With `stalemate=win` (stalemate wins for the side that
/// gives it, as the Interactive Diagram scores it: the shatranj and xiangqi rule) and with
/// `stalemate=loss` that is the winning move, found at once; with `stalemate=draw` White
/// plays anything else.
#[test]
fn stalemate_rule_decides_whether_to_stalemate() {
    let fen = "k7/p7/P1K5/8/8/8/8/8 w - - 0 1";
    for (name, line) in [
        ("stalemate-win", "stalemate=win"),
        ("stalemate-loss", "stalemate=loss"),
    ] {
        let v = variant_with("chess", name, line);
        let mut s = Searcher::new(v.clone(), Options::default());
        let mut pos = Position::from_fen(v.clone(), fen).unwrap();
        let r = s.search(&mut pos, &[], &Limits::depth(4), &mut NoClock);
        let m = r.best.unwrap();
        assert_eq!(v.uci(&m), "c6c7", "{line}");
        assert_eq!(r.score, MATE - 1, "{line}");
        let undo = pos.make(&m);
        assert_eq!(pos.status(), Status::Stalemate);
        pos.unmake(&m, undo);
    }

    let v = variant_with("chess", "stalemate-draw", "stalemate=draw");
    let mut s = Searcher::new(v.clone(), Options::default());
    let mut pos = Position::from_fen(v.clone(), fen).unwrap();
    let r = s.search(&mut pos, &[], &Limits::depth(4), &mut NoClock);
    let m = r.best.unwrap();
    assert_ne!(v.uci(&m), "c6c7", "stalemating only draws");
    assert!(
        r.score > -MATE + 100,
        "another move keeps the game: {}",
        r.score
    );
    let undo = pos.make(&m);
    assert_ne!(pos.status(), Status::Stalemate);
    pos.unmake(&m, undo);
}

/// A clock that counts how often the search reads it.
struct CountingClock(u64);

impl Control for CountingClock {
    fn now_ms(&mut self) -> f64 {
        self.0 += 1;
        0.0
    }
}

/// A search reads its clock at every node with thousands of moves, not only every 256
/// nodes: in a game whose hands reach every empty square (a 16×16 board, eleven types a
/// hundred each and two kings in hand, as a sandbox page has them) 256 such nodes are
/// slow, a move overran its hard limit by as much again, and 3 s games were lost on time.
/// Counted with a node budget, so the count is exact.
#[test]
fn a_search_reads_its_clock_at_every_node_with_thousands_of_moves() {
    let mut text = String::from("files=16\nranks=16\nholdingsType=1\n");
    for id in "ABCDEFGHIJL".chars() {
        text += &format!("Man {id}:{id}:K:{id}::100\n");
    }
    text += "King:K:K:K::2\n";
    let (v, _) = Variant::from_definition("crowded-hands", &text).expect("the definition loads");
    let v = Arc::new(v);
    let mut pos = Position::start(v.clone());
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    assert!(
        list.len() > 2000,
        "{} moves: the test needs thousands",
        list.len()
    );
    let mut searcher = Searcher::new(v, Options::default());
    let limits = Limits {
        nodes: Some(20_000),
        hard_ms: Some(1e9),
        soft_ms: Some(1e9),
        ..Limits::default()
    };
    let mut clock = CountingClock(0);
    let result = searcher.search(&mut pos, &[], &limits, &mut clock);
    assert!(result.best.is_some());
    assert!(clock.0 > 200, "{} clock reads in 20,000 nodes", clock.0);
}

#[test]
fn search_parameters_parse_by_name_and_bad_pairs_are_named() {
    let p = SearchParams::parse("futility_base=90  lmr_divisor=200\trfp_margin=-5").unwrap();
    assert_eq!(
        (p.futility_base, p.lmr_divisor, p.rfp_margin),
        (90, 200, -5)
    );
    assert_eq!(p.razor_base, SearchParams::default().razor_base);
    assert_eq!(SearchParams::parse("").unwrap(), SearchParams::default());
    for (bad, says) in [
        ("futility=90", "no search parameter is called futility"),
        ("lmr_base", "not NAME=VALUE"),
        ("lmr_base=0.5", "not a whole number"),
        ("lmr_divisor=0", "a divisor must be positive"),
        ("null_margin=-1", "a divisor must be positive"),
    ] {
        let e = SearchParams::parse(bad).unwrap_err();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

/// Each named parameter reaches the search: set far from its default (up or down), the
/// same middle-game search to the same depth visits another number of nodes.
#[test]
fn every_search_parameter_is_named_once_and_changes_the_search() {
    let v = catalogue::load("capablanca").unwrap();
    let fen = "r4k1cnr/ppp2qp1pp/2npbp1p1b/4p5/4P3P1/2NA4C1/PPPP1PPP1P/R3QKB1N1 w Qkq - 3 12";
    let nodes = |search: SearchParams| {
        let mut s = Searcher::new(
            v.clone(),
            Options {
                search,
                ..Options::default()
            },
        );
        let mut pos = Position::from_fen(v.clone(), fen).unwrap();
        s.search(&mut pos, &[], &Limits::depth(9), &mut NoClock)
            .nodes
    };
    let base = nodes(SearchParams::default());
    let mut p = SearchParams::default();
    let names: Vec<&str> = p.named().iter().map(|(n, _)| *n).collect();
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len());
    let set = |name: &str, scale: fn(i32) -> i32| {
        let mut changed = SearchParams::default();
        for (n, value) in changed.named() {
            if n == name {
                *value = scale(*value);
            }
        }
        changed
    };
    for name in names {
        // A pruning margin may bind at this depth only one way, and only when moved far:
        // three times, a third, and a thirtieth.
        let moved = [
            set(name, |v| if v == 0 { 100 } else { 3 * v }),
            set(name, |v| (v / 3).max(1)),
            set(name, |v| (v / 30).max(1)),
        ];
        assert!(
            moved.into_iter().any(|p| nodes(p) != base),
            "{name} does not reach the search"
        );
    }
}
