//! Properties under every rule of the rules layer: random games in rule-heavy variants,
//! where after every legal move make/unmake restores the position exactly (board, hands,
//! clocks, rule state, hash) and the incremental hash equals a recomputed one.

use std::sync::Arc;

use fairyboard_core::{MoveList, Position, Variant};
use proptest::prelude::*;
use xbetza::random::Rng;

const PIECES: &str = "pawn:P:fmWfceFifmnD::a2-h2\nknight:N:N::b1,g1\nbishop:B:B::c1,f1\nrook:R:R::a1,h1\nqueen:Q:Q::d1\nking:K:KisO2::e1\n";

/// Chess armies under different rule sets; together they use every rule parameter.
fn rule_sets() -> Vec<(&'static str, Arc<Variant>)> {
    let defs: [(&str, &str); 5] = [
        (
            "matrix",
            // knights promote to queens when taking a pawn, bishops explode, rooks are
            // kamikaze against queens, queens turn into enemy rooks when taking a rook.
            "captureMatrix=/.Q/.@6/.....0/....r\natomicCapture=1\nblastZone=K",
        ),
        (
            "trading",
            "iron=1\nantiTrade=5\ncounterStrike=2\nprotected=4\ntradeThreshold=3\ncontageous=B!Q",
        ),
        (
            "spells",
            "trackPieces=2\ntrackedTypes=1\nspell=freeze\nspellZone=N\nbaring=0\nstalemate=win",
        ),
        (
            "burning",
            "captureMatrix=/./@\nburnZone=K\ntrackPieces=3\nspell=burn\ncounterbare=loss\nbaring=2",
        ),
        (
            "hops",
            "captureMatrix=/.^6/./.$6\ntrackPieces=4\nspell=protect\nconversion=3\nmoveRule=10",
        ),
    ];
    defs.iter()
        .map(|(name, rules)| {
            let text = format!(
                "files=8\nranks=8\nsymmetry=mirror\npromoZone=1\nmaxPromote=1\npromoChoice=QRBN\nroyal=6\n{rules}\n{PIECES}"
            );
            let (v, _) = Variant::from_definition(name, &text)
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            (*name, Arc::new(v))
        })
        .collect()
}

fn walk(name: &str, v: &Arc<Variant>, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start(v.clone());
    let mut list = MoveList::new();
    for ply in 0..plies {
        pos.legal_moves_into(&mut list);
        if list.is_empty() {
            prop_assert!(
                pos.outcome().is_some(),
                "{} ply {}: no moves, no result",
                name,
                ply
            );
            break;
        }
        for m in list.clone() {
            let before = pos.clone();
            let undo = pos.make(&m);
            prop_assert_eq!(
                pos.hash(),
                pos.clone_recomputed_hash(),
                "{} ply {}: hash after {}",
                name,
                ply,
                v.uci(&m)
            );
            prop_assert_eq!(
                pos.pawn_hash(),
                pos.recomputed_pawn_hash(),
                "{} ply {}: pawn hash after {}",
                name,
                ply,
                v.uci(&m)
            );
            pos.unmake(&m, undo);
            prop_assert!(
                pos == before,
                "{} ply {}: unmake of {}",
                name,
                ply,
                v.uci(&m)
            );
        }
        let m = list[rng.below(list.len())];
        pos.make(&m);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, failure_persistence: None, .. ProptestConfig::default() })]
    #[test]
    fn make_unmake_is_exact_under_every_rule(seed in any::<u64>()) {
        for (name, v) in rule_sets() {
            walk(name, &v, seed, 60)?;
        }
    }
}

#[test]
fn every_rule_set_really_is_ruled() {
    for (name, v) in rule_sets() {
        assert!(!v.plain_rules(), "{name} should take the ruled path");
    }
}

/// Random games in every catalogue variant, played to their end (or 400 plies) through
/// [`Game`]: every result must be consistent with the final position.
#[test]
fn random_games_end_with_consistent_results() {
    use fairyboard_core::catalogue;
    use fairyboard_core::game::{Game, Reason};
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    let mut ended = 0;
    for name in catalogue::names() {
        let v = catalogue::load(&name).unwrap();
        for seed in 1..=3u64 {
            let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut game = Game::new(v.clone());
            for _ in 0..400 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                game.play(&m).unwrap();
            }
            let Some(result) = game.result() else {
                continue;
            };
            ended += 1;
            let mut pos = game.position().clone();
            let no_moves = pos.legal_moves().is_empty();
            match result.reason {
                Reason::Checkmate => {
                    assert!(no_moves && pos.in_check(), "{name}: checkmate without mate");
                    assert_eq!(result.winner, Some(pos.side_to_move().flip()), "{name}");
                }
                Reason::Stalemate => {
                    assert!(no_moves && !pos.in_check(), "{name}: stalemate in check")
                }
                Reason::Repetition | Reason::MoveLimit => {
                    assert!(result.winner.is_none(), "{name}")
                }
                Reason::RoyalCaptured
                | Reason::Bared
                | Reason::CounterBared
                | Reason::WinSquare => {
                    assert!(no_moves, "{name}: decided position with moves")
                }
            }
            // A game over refuses further moves.
            assert!(game.legal_moves().is_empty(), "{name}");
        }
    }
    assert!(ended >= 10, "only {ended} random games ended");
}
