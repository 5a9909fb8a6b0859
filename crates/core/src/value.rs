//! Estimated piece values, from the moves alone.
//!
//! A piece's value is its average number of target squares from every square of the
//! board — the squares it reaches on an empty board, together with those it captures on when
//! every other square holds an enemy (so hoppers, which need screens, count too) — scaled so that a knight on 8×8 (5.25 moves on average) is worth about 300 centipawns,
//! with the value scaled down for a piece bound to one square colour (a bishop: 8.75
//! moves → 300), and nothing for royals (they are never traded). Crude, but computed for
//! any definition, and the same numbers serve every rule that needs values.
//!
//! ```
//! use fairyboard_core::{catalogue, value};
//! let chess = catalogue::load("chess").unwrap();
//! let v = value::estimate(&chess);
//! let knight = chess.type_by_id("N").unwrap();
//! let rook = chess.type_by_id("R").unwrap();
//! assert!(v[rook] > v[knight]);
//! // A cannon-queen (moves only by hopping) has no move on an empty board, but is worth
//! // something all the same.
//! let xq = catalogue::load("cv-cannons").unwrap();
//! let values = value::estimate(&xq);
//! assert!(xq.pieces.iter().zip(&values).all(|(p, &v)| p.royal || v > 0));
//! ```

use crate::moves::MoveList;
use crate::position::Position;
use crate::variant::{piece_cell, Color, Variant};

/// Centipawns per average move.
const PER_MOVE: f64 = 300.0 / 5.25;
/// A colour-bound piece reaches half the board: a bishop (8.75 moves) comes out at 300.
const COLOUR_BOUND: f64 = 5.25 / 8.75;

/// One value per piece type (royals 0).
pub fn estimate(variant: &Variant) -> Vec<u32> {
    let arc = std::sync::Arc::new(variant.clone());
    let shade = |sq: usize| variant.coord(sq).is_dark();
    let mut list = MoveList::new();
    (0..variant.pieces.len())
        .map(|t| {
            if variant.pieces[t].royal {
                return 0;
            }
            let mut total = 0usize;
            let mut squares = 0usize;
            // Every move keeps the square colour: the piece is colour-bound.
            let mut bound = true;
            for &sq in variant.playable() {
                let mut pos = Position::empty(arc.clone());
                pos.put(sq, piece_cell(t, Color::White));
                list.clear();
                pos.moves_from(sq, &mut list);
                let mut crowded = Position::empty(arc.clone());
                for &s in variant.playable() {
                    let cell = if s == sq {
                        piece_cell(t, Color::White)
                    } else {
                        piece_cell(t, Color::Black)
                    };
                    crowded.put(s, cell);
                }
                crowded.moves_from(sq, &mut list);
                let mut targets: Vec<u16> = list.iter().map(|m| m.to).collect();
                targets.sort_unstable();
                targets.dedup();
                bound &= targets.iter().all(|&to| shade(to as usize) == shade(sq));
                total += targets.len();
                squares += 1;
            }
            let mut v = total as f64 / squares.max(1) as f64 * PER_MOVE;
            if bound {
                v *= COLOUR_BOUND;
            }
            v.round() as u32
        })
        .collect()
}
