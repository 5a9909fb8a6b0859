//! Estimated piece values, from the moves alone — one measurement for every rule and
//! tool that needs values (the AI's evaluation and piece-square tables, `protected` and
//! `tradeThreshold`, the rules pages' piece tables).
//!
//! Every piece type is put on every square of the board among random blockers (a third of
//! the squares, half of them enemies) and its pseudo-legal moves are counted. The average
//! count is the piece's *mobility*; the value grows with it (faster than linearly, since a
//! long-range piece also controls far squares), and is then corrected for colour-boundness
//! (the share of the board the piece can ever reach), forwardness (pieces that cannot retreat
//! are worth less) and promotion potential. Pawns are the unit (100), worth less when what
//! they promote to is weak (a shatranj ferz); royals are 0 (they are never traded). A
//! definition's own `pieceValue=ID:CENTIPAWNS` replaces the estimate in [`estimate`].
//!
//! ```
//! use fairyboard_core::{catalogue, value};
//! let chess = catalogue::load("chess").unwrap();
//! let v = value::estimate(&chess);
//! let id = |s: &str| chess.type_by_id(s).unwrap();
//! // Near the classic 1 : 3¼ : 3¼ : 5 : 9½.
//! assert_eq!(v[id("P")], 100);
//! assert!((280..360).contains(&v[id("N")]) && (280..360).contains(&v[id("B")]));
//! assert!((450..560).contains(&v[id("R")]) && (880..1000).contains(&v[id("Q")]));
//! // A cannon-queen (moves only by hopping) has no move on an empty board, but is worth
//! // something all the same.
//! let xq = catalogue::load("cv-cannons").unwrap();
//! let values = value::estimate(&xq);
//! assert!(xq.pieces.iter().zip(&values).all(|(p, &v)| p.royal || v > 0));
//! ```

use std::collections::HashSet;
use std::sync::Arc;

use xbetza::rng::SplitMix;

use crate::geometry::Square;
use crate::moves::{MoveKind, MoveList, MAX_VICTIMS};
use crate::position::Position;
use crate::setup::Setup;
use crate::variant::{Color, Variant};

/// The value of a pawn, the unit of every score.
pub const PAWN: i32 = 100;

/// What was measured about one piece type (also shown by tests and tools).
#[derive(Clone, Debug, Default)]
pub struct PieceStats {
    /// Average move count among random blockers.
    pub mobility: f64,
    /// Average move count on the empty board.
    pub empty_mobility: f64,
    /// Share of the board reachable from the centre in any number of moves.
    pub reach: f64,
    /// Share of the empty-board moves that go backwards (of those changing rank).
    pub backward: f64,
    /// Can promote somewhere.
    pub promotes: bool,
    /// The longest move on the empty board, in king steps (Chebyshev distance), initial
    /// moves aside: 1 for a stepper.
    pub longest: u32,
}

impl PieceStats {
    /// Moves like a pawn whatever its name: a stepper that promotes and never goes
    /// backwards (Spartan Chess's hoplite, a Berolina pawn). Its worth is its promotion,
    /// not its few moves, so it is valued as a pawn is (see [`measure`]).
    pub fn pawn_like(&self) -> bool {
        self.promotes && self.backward == 0.0 && self.longest == 1
    }
}

/// Blocker samples per square (more on small boards, fewer on huge ones).
fn samples_per_square(cells: usize, types: usize) -> usize {
    (3000 / (cells * types).max(1)).clamp(2, 6)
}

/// A position with just these pieces (everything else empty), White to move, as a set-up
/// board is read: pieces with initial moves on their start squares unmoved, and with
/// `holdingsType=1` the reserve holding what the board lacks.
fn board_with(variant: &Arc<Variant>, pieces: &[(Square, usize, Color)]) -> Position {
    let mut setup = Setup::empty(variant);
    for &(sq, t, c) in pieces {
        setup.cells[sq] = Some((t, c));
        setup.unmoved[sq] = Setup::unmoved_by_start(variant, sq, t, c);
    }
    if variant.holdings_type == 1 {
        setup.derive_reserve(variant);
    }
    Position::assemble(variant.clone(), &setup)
}

/// Distinct outcomes of a piece's moves (promotion choices count once).
fn distinct_moves(list: &MoveList) -> usize {
    let set: HashSet<(u16, [u16; MAX_VICTIMS], u16)> = list
        .iter()
        .filter(|m| m.kind != MoveKind::Castle)
        .map(|m| (m.to, m.extra, m.unload))
        .collect();
    set.len()
}

/// Everything measured about a variant's pieces.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// Per type.
    pub stats: Vec<PieceStats>,
    /// Per type, in centipawns: the estimate (royals 0), before any `pieceValue`.
    pub values: Vec<i32>,
    /// Per type: the best estimated value it can promote to (its own if none).
    pub best_promotion: Vec<i32>,
    /// `[type][i]`: average mobility among blockers on `variant.playable()[i]`.
    pub square_mobility: Vec<Vec<f64>>,
    /// Per type: a pawn, by its flag or by its moves ([`PieceStats::pawn_like`]).
    pub pawn_like: Vec<bool>,
    /// Per royal type where a side may lose royals while it keeps one: what each royal
    /// beyond a side's last is worth (0 for the rest).
    pub spare_royal: Vec<i32>,
}

/// Measure the variant's pieces (a few thousand move generations; done once per variant).
pub fn measure(variant: &Arc<Variant>) -> Measurement {
    let types = variant.type_count();
    let squares: Vec<Square> = variant.playable().to_vec();
    let n_sq = squares.len().max(1);
    let samples = samples_per_square(n_sq, types);
    // Blockers: a non-royal type (the first), so no royal rule interferes.
    let blocker = (0..types).find(|&t| !variant.pieces[t].royal).unwrap_or(0);
    let mut rng = SplitMix(0x5EED_F00D);
    let mut stats = vec![PieceStats::default(); types];
    // mob[t][i]: mobility among blockers on squares[i].
    let mut mob = vec![vec![0.0f64; n_sq]; types];
    let mut list = MoveList::new();
    for t in 0..types {
        let mut empty_total = 0usize;
        let mut back = 0usize;
        let mut changing = 0usize;
        let mut graph: Vec<Vec<usize>> = vec![Vec::new(); n_sq];
        for (i, &sq) in squares.iter().enumerate() {
            // Empty board.
            let pos = board_with(variant, &[(sq, t, Color::White)]);
            list.clear();
            pos.moves_from(sq, &mut list);
            empty_total += distinct_moves(&list);
            let rank = variant.coord(sq).rank as i32;
            let initial = Setup::unmoved_by_start(variant, sq, t, Color::White);
            for m in &list {
                if !initial {
                    let (a, b) = (variant.coord(sq), variant.coord(m.to()));
                    let d = a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)) as u32;
                    stats[t].longest = stats[t].longest.max(d);
                }
                if m.is_promotion() {
                    stats[t].promotes = true;
                }
                let r = variant.coord(m.to()).rank as i32;
                if r != rank {
                    changing += 1;
                    if r < rank {
                        back += 1;
                    }
                }
                if let Some(j) = squares.iter().position(|&s| s == m.to()) {
                    graph[i].push(j);
                }
            }
            // Among blockers.
            let mut total = 0usize;
            let mut done = 0usize;
            for _ in 0..samples {
                let mut pieces = vec![(sq, t, Color::White)];
                for &other in &squares {
                    if other != sq && rng.below(3) == 0 {
                        let c = if rng.below(2) == 0 {
                            Color::White
                        } else {
                            Color::Black
                        };
                        pieces.push((other, blocker, c));
                    }
                }
                let pos = board_with(variant, &pieces);
                list.clear();
                pos.moves_from(sq, &mut list);
                total += distinct_moves(&list);
                done += 1;
            }
            mob[t][i] = total as f64 / done.max(1) as f64;
        }
        stats[t].empty_mobility = empty_total as f64 / n_sq as f64;
        stats[t].mobility = mob[t].iter().sum::<f64>() / n_sq as f64;
        stats[t].backward = if changing == 0 {
            0.5
        } else {
            back as f64 / changing as f64
        };
        // Reach from the most central square.
        let centre = {
            let g = &variant.geometry;
            let (cf, cr) = (g.files as f64 / 2.0 - 0.5, g.ranks as f64 / 2.0 - 0.5);
            (0..n_sq)
                .min_by(|&a, &b| {
                    let d = |i: usize| {
                        let c = variant.coord(squares[i]);
                        (c.file as f64 - cf).abs() + (c.rank as f64 - cr).abs()
                    };
                    d(a).total_cmp(&d(b))
                })
                .unwrap_or(0)
        };
        let mut seen = vec![false; n_sq];
        let mut stack = vec![centre];
        seen[centre] = true;
        let mut count = 1;
        while let Some(i) = stack.pop() {
            for &j in &graph[i] {
                if !seen[j] {
                    seen[j] = true;
                    count += 1;
                    stack.push(j);
                }
            }
        }
        stats[t].reach = count as f64 / n_sq as f64;
    }

    let pawn_like: Vec<bool> = (0..types)
        .map(|t| {
            let p = &variant.pieces[t];
            !p.royal && (p.pawn || stats[t].pawn_like())
        })
        .collect();
    let mut values = vec![0i32; types];
    for t in 0..types {
        values[t] = if variant.pieces[t].royal {
            0
        } else if pawn_like[t] {
            PAWN
        } else {
            value_from(&stats[t])
        };
    }
    // Promotion potential: part of the gain of the best promotion (non-pawns only;
    // a pawn's potential is in its piece-square table).
    let best_promotion = best_promotions(variant, &values);
    for t in 0..types {
        let p = &variant.pieces[t];
        if !p.royal && !pawn_like[t] && stats[t].promotes {
            let gain = (best_promotion[t] - values[t]).max(0);
            values[t] += gain / 5;
        }
        // A pawn that can only become something weak (a shatranj ferz) is worth less
        // than a chess pawn, relative to the pieces.
        if pawn_like[t] {
            let potential = (best_promotion[t] as f64 / 900.0).min(1.0);
            values[t] = (55.0 + 45.0 * potential).round() as i32;
        }
    }
    // A royal one of several that may be lost (Spartan Chess's second king) is worth
    // what its moves are worth as a common piece: its loss costs that much, not the game.
    let spare_royal = (0..types)
        .map(|t| {
            if variant.pieces[t].royal && !variant.any_royal_loses {
                value_from(&stats[t])
            } else {
                0
            }
        })
        .collect();
    Measurement {
        stats,
        values,
        best_promotion,
        square_mobility: mob,
        pawn_like,
        spare_royal,
    }
}

/// One value per piece type in centipawns (royals 0): the [`measure`]d estimate, or the
/// definition's `pieceValue` where it gives one.
pub fn estimate(variant: &Variant) -> Vec<u32> {
    let arc = Arc::new(variant.clone());
    let mut values = measure(&arc).values;
    for &(t, v) in &variant.piece_values {
        if let Some(x) = values.get_mut(t) {
            *x = v;
        }
    }
    values.into_iter().map(|v| v.max(0) as u32).collect()
}

/// Value from measured statistics, calibrated so that on 8×8 a knight, bishop, rook
/// and queen come out near 3¼, 3¼, 5 and 9½ pawns.
fn value_from(s: &PieceStats) -> i32 {
    let m = s.mobility;
    // Fitted to the classic values of N, R and Q; at least 40 per move for the weak.
    let mut v = (95.0 * m - 110.0).max(40.0 * m);
    // Colour-bound pieces cover part of the board only.
    v *= 0.72 + 0.28 * s.reach.sqrt();
    // Pieces that cannot retreat.
    v *= 0.8 + 0.4 * s.backward.min(0.5);
    if m < 0.05 {
        v = 0.0;
    } else {
        // Short-range defenders (a xiangqi elephant) still guard: never below half a pawn.
        v = v.max(60.0);
    }
    v.round() as i32
}

/// The promotion moves of a lone piece of type `t` (White) on each square of the board.
fn lone_promotions(variant: &Arc<Variant>, t: usize, mut each: impl FnMut(&crate::Move)) {
    let mut list = MoveList::new();
    for &sq in variant.playable() {
        let pos = board_with(variant, &[(sq, t, Color::White)]);
        list.clear();
        pos.moves_from(sq, &mut list);
        list.iter().filter(|m| m.is_promotion()).for_each(&mut each);
    }
}

/// Per type: the best value it can promote to (its own value if none).
fn best_promotions(variant: &Arc<Variant>, values: &[i32]) -> Vec<i32> {
    let types = variant.type_count();
    let mut best = values.to_vec();
    for (t, best_t) in best.iter_mut().enumerate() {
        lone_promotions(variant, t, |m| {
            let to = (m.promotion & 0x7F) as usize;
            if to < types {
                *best_t = (*best_t).max(values[to]);
            }
        });
    }
    best
}

/// Per type: the White squares a move of it promotes on.
pub fn promotion_squares(variant: &Arc<Variant>) -> Vec<Vec<Square>> {
    let mut out = vec![Vec::new(); variant.type_count()];
    for (t, squares) in out.iter_mut().enumerate() {
        lone_promotions(variant, t, |m| {
            if !squares.contains(&m.to()) {
                squares.push(m.to());
            }
        });
    }
    out
}
