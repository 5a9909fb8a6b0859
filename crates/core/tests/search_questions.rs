//! The questions a search asks of moves, against their definitions, on random games in
//! every catalogue variant and in rule sets of the rules layer (so the bitboard tables,
//! the generic generator and the ruled path all answer):
//! - [`Position::tactical_moves_into`] (what a quiescence search plays) is, as a set, the
//!   legal moves that take a piece or promote;
//! - [`Position::gives_check`] of every legal move is whether the opponent is in check
//!   after playing it;
//! - [`Position::search_moves_into`], judged by [`Position::is_legal`] where it says the
//!   moves are not known legal, gives the legal moves;
//! - [`Position::is_legal_remembered`], where it answers, says of this position's moves
//!   and of those of the positions one and two plies before whether they are legal here.

use std::collections::BTreeSet;

use fairyboard_core::{catalogue, Move, MoveList, Position, Variant};
use xbetza::random::Rng;

/// The definition: every legal move that captures or promotes.
fn expected(pos: &mut Position) -> BTreeSet<Move> {
    let mut all = MoveList::new();
    pos.legal_moves_into(&mut all);
    all.into_iter()
        .filter(|m| m.is_promotion() || pos.captures(m))
        .collect()
}

/// What a walk met: positions, tactical moves, checking moves, and answers of
/// [`Position::is_legal_remembered`] (legal, not legal).
struct Met {
    positions: usize,
    seen: usize,
    checks: usize,
    remembered: [usize; 2],
}

/// Walk `games` random games of up to `plies` plies, preferring captures and promotions
/// half of the time (so games reach them).
fn walk(v: &std::sync::Arc<Variant>, seed: u64, games: usize, plies: usize) -> Met {
    let mut rng = Rng::new(seed);
    let (mut positions, mut seen, mut checks) = (0, 0, 0);
    let mut remembered = [0; 2];
    let mut list = MoveList::new();
    let mut tactical = MoveList::new();
    let mut scratch = MoveList::new();
    for _ in 0..games {
        let mut pos = Position::start(v.clone());
        // The legal moves of the last two positions: stored moves from elsewhere.
        let mut before: [Vec<Move>; 2] = [Vec::new(), Vec::new()];
        for _ in 0..plies {
            pos.tactical_moves_into(&mut tactical);
            let got: BTreeSet<Move> = tactical.iter().copied().collect();
            assert_eq!(
                got.len(),
                tactical.len(),
                "{} {}: a tactical move listed twice",
                v.name,
                pos.to_fen()
            );
            let want = expected(&mut pos);
            if got != want {
                let show = |x: &BTreeSet<Move>, y: &BTreeSet<Move>| -> Vec<String> {
                    x.difference(y).map(|m| v.uci(m)).collect()
                };
                panic!(
                    "{} {}: only tactical {:?}, only legal {:?}",
                    v.name,
                    pos.to_fen(),
                    show(&got, &want),
                    show(&want, &got)
                );
            }
            positions += 1;
            seen += want.len();
            // The search's moves, judged where they are not known legal, are the legal ones.
            let judged = pos.search_moves_into(&mut list);
            let searched: BTreeSet<Move> = list
                .clone()
                .into_iter()
                .filter(|m| judged || pos.is_legal(m))
                .collect();
            pos.legal_moves_into(&mut list);
            let legal: BTreeSet<Move> = list.iter().copied().collect();
            assert_eq!(
                searched,
                legal,
                "{} {}: the search's moves",
                v.name,
                pos.to_fen()
            );
            for m in &list {
                let undo = pos.make(m);
                let played = pos.in_check();
                pos.unmake(m, undo);
                checks += usize::from(played);
                assert_eq!(
                    pos.gives_check(m),
                    played,
                    "{} {}: does {} give check",
                    v.name,
                    pos.to_fen(),
                    v.uci(m)
                );
            }
            for m in list.iter().chain(before[0].iter()).chain(before[1].iter()) {
                let Some(legal) = pos.is_legal_remembered(m, &mut scratch) else {
                    continue;
                };
                assert_eq!(
                    legal,
                    list.contains(m),
                    "{} {}: is {} legal here",
                    v.name,
                    pos.to_fen(),
                    v.uci(m)
                );
                remembered[usize::from(!legal)] += 1;
            }
            before.swap(0, 1);
            before[0] = list.to_vec();
            if list.is_empty() {
                break;
            }
            let m = if !tactical.is_empty() && rng.below(2) == 0 {
                tactical[rng.below(tactical.len())]
            } else {
                list[rng.below(list.len())]
            };
            pos.make(&m);
        }
    }
    Met {
        positions,
        seen,
        checks,
        remembered,
    }
}

#[test]
fn tactical_moves_and_checks_answer_as_defined_in_every_catalogue_variant() {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    let (mut variants, mut checking) = (0, 0);
    for name in catalogue::names() {
        let v = catalogue::load(&name).unwrap();
        let met = walk(&v, 0x7AC7_1CA1 ^ variants as u64, 3, 120);
        assert!(met.positions > 0, "{name}: no position walked");
        // A walk that meets no capture at all would test nothing.
        assert!(met.seen > 0, "{name}: no capture or promotion met");
        // Plain rules: stored moves are judged without the full list, both ways.
        if v.plain_rules() {
            assert!(
                met.remembered[0] > 0 && met.remembered[1] > 0,
                "{name}: remembered moves judged {:?}",
                met.remembered
            );
        }
        checking += usize::from(met.checks > 0);
        variants += 1;
    }
    assert!(
        checking * 10 >= variants * 9,
        "checks met in only {checking} variants"
    );
    assert!(variants >= 30, "only {variants} catalogue variants");
}

#[test]
fn tactical_moves_and_checks_follow_the_rules_layer() {
    // Captures that explode, promote by capture and are refused by the capture matrix.
    let pieces = "pawn:P:fmWfceFifmnD::a2-h2\nknight:N:N::b1,g1\nbishop:B:B::c1,f1\nrook:R:R::a1,h1\nqueen:Q:Q::d1\nking:K:KisO2::e1\n";
    for rules in [
        "captureMatrix=/.Q/.@6/.....0/....r\natomicCapture=1\nblastZone=K",
        "iron=1\nantiTrade=5\ncounterStrike=2\nprotected=4\ntradeThreshold=3",
        "promoChoice=QRBN|",
    ] {
        let text = format!(
            "files=8\nranks=8\nsymmetry=mirror\npromoZone=1\nmaxPromote=1\npromoChoice=QRBN\nroyal=6\n{rules}\n{pieces}"
        );
        let (v, _) = Variant::from_definition("ruled", &text).expect("definition");
        let v = std::sync::Arc::new(v);
        let met = walk(&v, 11, 4, 150);
        assert!(met.seen > 0, "{rules}: no capture met");
    }
}
