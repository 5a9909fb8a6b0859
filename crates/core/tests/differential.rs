//! Differential test: the engine's compiled leg-program interpreter against the slow,
//! direct interpreter of the notation (`xbetza::reference_moves`), on random descriptors
//! and random positions (`xbetza::random`, whose friends carry moves to lend to final-`x`
//! borrowers), plus the worked vectors.

mod common;

use std::collections::BTreeSet;

use common::scene_of;
use fairyboard_core::movegen::MAX_LEGS;
use fairyboard_core::moves::MAX_VICTIMS;
use xbetza::random::{board, descriptor, Rng};
use xbetza::{compile, parse, reference_moves, CompileOptions, RefBoard, Square};

#[derive(Default, Debug)]
struct Coverage {
    nonempty: usize,
    victims: usize,
    castles: usize,
    ep: usize,
    unload: usize,
    induced: usize,
    /// Cases where friends lent moves (final-leg `x`): the reference's moves change when
    /// the friends' moves are taken away.
    borrowed: usize,
}

/// Compare one descriptor on one board; `Ok(None)` when it does not compile.
fn compare(desc: &str, b: &RefBoard, from: Square, cov: &mut Coverage) -> Result<(), String> {
    let Ok(d) = parse(desc) else { return Ok(()) };
    // Beyond the limits (record format, work, legs, victims per move) the engine keeps the
    // moves that fit, with a build warning: nothing to compare.
    let side = b.files.max(b.ranks).clamp(1, 255) as u8;
    match compile(&d, &CompileOptions { max_range: side }) {
        Ok(p) if p.legs() <= MAX_LEGS && p.most_victims() <= MAX_VICTIMS => {}
        _ => return Ok(()),
    }
    let scene = scene_of(desc, b, from);
    let got: BTreeSet<String> = match scene.targets() {
        Ok(t) => t.into_iter().collect(),
        Err(e) => return Err(format!("{desc}: {e:?}")),
    };
    let want_moves = reference_moves(&d, b, from);
    cov.nonempty += usize::from(!want_moves.is_empty());
    cov.victims += usize::from(want_moves.iter().any(|m| !m.victims.is_empty()));
    cov.castles += usize::from(want_moves.iter().any(|m| m.castle_partner.is_some()));
    cov.ep += usize::from(want_moves.iter().any(|m| m.ep_victim.is_some()));
    cov.unload += usize::from(want_moves.iter().any(|m| m.unload.is_some()));
    cov.induced += usize::from(want_moves.iter().any(|m| m.induced.is_some()));
    if !b.types.is_empty() {
        let mut bare = b.clone();
        bare.types.clear();
        cov.borrowed += usize::from(reference_moves(&d, &bare, from) != want_moves);
    }
    let want: BTreeSet<String> = want_moves.iter().map(|m| m.token()).collect();
    if want != got {
        let missing: Vec<_> = want.difference(&got).collect();
        let extra: Vec<_> = got.difference(&want).collect();
        return Err(format!(
            "{desc} from {from:?} on {}x{}: engine misses {missing:?}, has extra {extra:?}\nboard: {b:?}",
            b.files, b.ranks
        ));
    }
    Ok(())
}

#[test]
fn engine_agrees_with_reference_on_random_positions() {
    let seed = std::env::var("FAIRYBOARD_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15u64);
    let iters: usize = std::env::var("FAIRYBOARD_DIFF_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let mut rng = Rng::new(seed);
    let mut failures = Vec::new();
    let mut parsed = 0;
    let mut cov = Coverage::default();
    for _ in 0..iters {
        let desc = descriptor(&mut rng);
        let (b, from) = board(&mut rng);
        parsed += usize::from(parse(&desc).is_ok());
        if let Err(e) = compare(&desc, &b, from, &mut cov) {
            failures.push(e);
            if failures.len() >= 5 {
                break;
            }
        }
    }
    eprintln!("{cov:?} of {parsed}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        parsed * 4 > iters * 3,
        "only {parsed} random descriptors parsed"
    );
    // The generator must exercise the interesting outcomes, not just empty move lists.
    assert!(cov.nonempty * 10 > parsed * 4, "{cov:?} of {parsed}");
    let rare = [
        cov.victims,
        cov.castles,
        cov.ep,
        cov.unload,
        cov.induced,
        cov.borrowed,
    ];
    assert!(
        rare.iter().all(|&n| n * 1000 > iters),
        "{cov:?} of {parsed}"
    );
}
