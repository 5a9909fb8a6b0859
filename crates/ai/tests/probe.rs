//! Every definition we have — the catalogue and the compatibility corpus of real
//! Interactive Diagram pages — played by the AI: no panic, the start evaluated near even
//! when both armies are alike (the estimate's own start balance is 0), and a legal move
//! at depth 3 from the start and from seeded random positions. The variants we are judged
//! on are not the ones we tune on, so this looks for defects that are general (royalty,
//! odd armies, boards), not per variant.
//!
//! The whole sweep takes a few minutes; run it with
//! `cargo test -p fairyboard-ai --test probe -- --ignored --nocapture`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use fairyboard_ai::eval::{Evaluator, Weights};
use fairyboard_ai::{Limits, NoClock, Options, Searcher};
use fairyboard_core::rng::SplitMix;
use fairyboard_core::{catalogue, Position};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .map(|r| {
            r.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// What went wrong with one definition (empty: nothing).
fn probe(path: &Path, depth: u32, randoms: u64) -> Vec<String> {
    let mut problems = Vec::new();
    let Ok(v) = catalogue::load(&path.to_string_lossy()) else {
        return problems; // refused definitions are the compat corpus test's business
    };
    let e = Evaluator::new(&v);
    let start = Position::start(v.clone());
    // With alike armies only the move is left: the side to move's tempo (a larger one in
    // drop games).
    let weights = Weights::default();
    let tempo = if v.drop_game() {
        weights.drop_tempo
    } else {
        weights.tempo
    };
    let score = e.evaluate(&start) - tempo;
    if e.start_balance() == 0 && score.abs() > 50 {
        problems.push(format!(
            "alike armies, start evaluates {score} besides the move"
        ));
    }
    let mut s = Searcher::new(v.clone(), Options::default());
    let mut positions = vec![start.clone()];
    for seed in 0..randoms {
        let mut rng = SplitMix(seed * 7919 + 1);
        let mut pos = start.clone();
        let plies = 8 + rng.below(24);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.decided().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            pos.make(&m);
        }
        positions.push(pos);
    }
    for (i, pos) in positions.iter_mut().enumerate() {
        if pos.decided().is_some() {
            continue;
        }
        let legal = pos.legal_moves();
        let r = s.search(pos, &[], &Limits::depth(depth), &mut NoClock);
        match r.best {
            None if !legal.is_empty() => problems.push(format!("position {i}: no move")),
            Some(m) if !legal.contains(&m) => {
                problems.push(format!("position {i}: illegal {}", v.uci(&m)))
            }
            _ => {}
        }
    }
    problems
}

#[test]
#[ignore = "a few minutes: every catalogue and corpus definition searched"]
fn every_definition_evaluates_and_searches_sanely() {
    let mut bad = Vec::new();
    for path in files("variants")
        .into_iter()
        .chain(files("tests/compat/corpus"))
    {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let t = std::time::Instant::now();
        let found = catch_unwind(AssertUnwindSafe(|| probe(&path, 3, 3)))
            .unwrap_or_else(|_| vec!["panicked".to_string()]);
        println!("{name}: {:.1}s {found:?}", t.elapsed().as_secs_f64());
        if !found.is_empty() {
            bad.push(format!("{name}: {found:?}"));
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}
