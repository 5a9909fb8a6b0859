//! How far the evaluation is from a strong engine's scores of the same positions.
//!
//! A match against Fairy-Max takes an hour and moves with the machine's load; this takes
//! seconds and is the same on every run, so the evaluation's weights were fitted by
//! lowering it (BENCHMARKS.md, runs 15 and 16). Positions come labelled one a line,
//! `FEN<TAB>centipawns` from the side to move's view (`bench/label.py` writes them from
//! Fairy-Stockfish's analysis). Each is searched shallowly, so that our score is a quiet
//! one, both scores become win probabilities, and the error is their mean squared
//! difference, ×10⁴: the measure of Texel's tuning method
//! (<https://www.chessprogramming.org/Texel%27s_Tuning_Method>).
//!
//! ```
//! use fairyboard_ai::eval::Weights;
//! use fairyboard_ai::fit::{self, Labelled};
//! use fairyboard_core::catalogue;
//! let chess = catalogue::load("chess").unwrap();
//! let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t20\nnot a line\n";
//! let Labelled { positions, skipped } = fit::read(&chess, text, 1);
//! assert_eq!((positions.len(), skipped), (1, vec![2]));
//! let scored = fit::score(&chess, &positions, 1, Weights::default());
//! // White to move is better at the start, by our score as by Fairy-Stockfish's.
//! assert!(scored[0].0 > 0.0 && scored[0].1 == 20.0);
//! assert!(fit::error(&scored, 1.0) > 0.0);
//! ```

use std::sync::Arc;

use fairyboard_core::{Position, Variant};

use crate::eval::Weights;
use crate::{Limits, NoClock, Options, Searcher};

/// The chance of winning that a score of `cp` centipawns stands for: the logistic curve on
/// which 400 centipawns are ten to one.
pub fn win_probability(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// The usable lines of a labelled file.
pub struct Labelled {
    /// Each position with its reference score, in the file's order.
    pub positions: Vec<(Position, f64)>,
    /// The 1-based numbers of lines read but not `FEN<TAB>centipawns` for this variant.
    pub skipped: Vec<usize>,
}

/// Reads every `step`-th line of `text` (1 reads them all): a line that is not a FEN of
/// `variant`, a tab and a number is skipped and its number kept, never fatal, since a
/// labelling run can leave a truncated last line.
pub fn read(variant: &Arc<Variant>, text: &str, step: usize) -> Labelled {
    let mut labelled = Labelled {
        positions: Vec::new(),
        skipped: Vec::new(),
    };
    for (n, line) in text.lines().enumerate().step_by(step.max(1)) {
        let parsed = line.split_once('\t').and_then(|(fen, cp)| {
            let pos = Position::from_fen(variant.clone(), fen).ok()?;
            Some((pos, cp.trim().parse::<f64>().ok()?))
        });
        match parsed {
            Some(pair) => labelled.positions.push(pair),
            None => labelled.skipped.push(n + 1),
        }
    }
    labelled
}

/// Our score of each position with the evaluation's `weights`, searched to `depth` from a
/// cleared table (1: a move and quiescence), beside the reference score: `(ours, theirs)`
/// in centipawns.
pub fn score(
    variant: &Arc<Variant>,
    positions: &[(Position, f64)],
    depth: u32,
    weights: Weights,
) -> Vec<(f64, f64)> {
    let options = Options {
        weights,
        ..Options::default()
    };
    let mut searcher = Searcher::new(variant.clone(), options);
    positions
        .iter()
        .map(|(pos, reference)| {
            searcher.clear();
            let mut pos = pos.clone();
            let r = searcher.search(&mut pos, &[], &Limits::depth(depth), &mut NoClock);
            (r.score as f64, *reference)
        })
        .collect()
}

/// The mean squared difference of win probabilities, ×10⁴, with our scores multiplied by
/// `scale` (1.0 as they stand; another factor tells whether the evaluation's units are too
/// large or too small as a whole). 0 when there are no pairs.
pub fn error(scored: &[(f64, f64)], scale: f64) -> f64 {
    if scored.is_empty() {
        return 0.0;
    }
    let sum: f64 = scored
        .iter()
        .map(|(ours, theirs)| (win_probability(ours * scale) - win_probability(*theirs)).powi(2))
        .sum();
    sum / scored.len() as f64 * 1e4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_probability_is_a_half_at_zero_and_ten_to_one_at_400() {
        assert!((win_probability(0.0) - 0.5).abs() < 1e-12);
        let p = win_probability(400.0);
        assert!((p / (1.0 - p) - 10.0).abs() < 1e-9);
        assert!((win_probability(-400.0) - (1.0 - p)).abs() < 1e-12);
    }

    #[test]
    fn error_is_the_mean_squared_gap_in_win_probability() {
        // One pair agrees, one is 0.5 against 10/11: ((10/11 − 1/2)² / 2) × 10⁴.
        let gap: f64 = 10.0 / 11.0 - 0.5;
        let expected = gap * gap / 2.0 * 1e4;
        let e = error(&[(100.0, 100.0), (0.0, 400.0)], 1.0);
        assert!((e - expected).abs() < 1e-9, "{e} against {expected}");
        // Doubling our 200 makes it the reference's 400: no error.
        assert!(error(&[(200.0, 400.0)], 2.0) < 1e-12);
        assert_eq!(error(&[], 1.0), 0.0);
    }

    #[test]
    fn unreadable_lines_are_skipped_by_number() {
        let chess = fairyboard_core::catalogue::load("chess").unwrap();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let text = format!("{start}\t20\n{start}\tx\nrubbish\t5\n{start}\n{start}\t-35.5\n");
        let all = read(&chess, &text, 1);
        assert_eq!(all.skipped, vec![2, 3, 4]);
        let refs: Vec<f64> = all.positions.iter().map(|p| p.1).collect();
        assert_eq!(refs, vec![20.0, -35.5]);
        // Every second line: lines 1, 3 and 5.
        let half = read(&chess, &text, 2);
        assert_eq!((half.positions.len(), half.skipped), (2, vec![3]));
    }
}
