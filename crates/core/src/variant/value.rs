//! Estimated piece values, from the moves alone — one measurement for every rule and
//! tool that needs values (the AI's evaluation and piece-square tables, `protected` and
//! `tradeThreshold`, the rules pages' piece tables).
//!
//! Every piece type is put on every square of the board among random blockers (a third of
//! the squares, half of them enemies) and its pseudo-legal moves are counted. The average
//! count is the piece's *mobility*; the value grows with it (faster than linearly, since a
//! long-range piece also controls far squares, and slower again past a queen), and is then
//! corrected for slow king steps, colour-boundness (the share of the board the piece can
//! ever reach), forwardness (the share of its moves that go forward), the share of its
//! moves that could also capture (a cannon's quiet slides cannot), the mix of leaps
//! with other moves (an archbishop's knight leaps cover its bishop's other colour) and promotion
//! potential; the formula is fitted to published values of many pieces (see `value_from`). Pawns are the unit (100), worth less when what
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

use std::sync::Arc;

use xbetza::rng::SplitMix;

use crate::position::moves::{distinct_landings, MoveKind, MoveList};
use crate::position::setup::Setup;
use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{Color, PieceType, Variant};

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
    /// Moves on the empty board from the most central square.
    pub targets: f64,
    /// Share of the empty-board moves that go to a neighbouring square (king steps).
    pub step_share: f64,
    /// Average mobility among blockers on the central half of the squares.
    pub centre_mobility: f64,
    /// Share of the empty-board moves that stay on their rank.
    pub sideways: f64,
    /// Share of the board reachable from the centre in at most two moves (empty board).
    pub reach2: f64,
    /// Share of the moves among blockers that land where the piece could also capture
    /// (1 for a piece that captures as it moves; a cannon's quiet slides do not count).
    pub capture_share: f64,
    /// The same share on the empty board (0 for a cannon: nothing to hop over).
    pub empty_capture_share: f64,
    /// Share of the empty-board moves from the centre that are leaps: two or more king
    /// steps long and still there when every other square holds an enemy.
    pub leap_share: f64,
    /// How many of the 8 neighbouring squares its empty-board moves reach from the centre.
    pub neighbours: u32,
}

/// Per type: a pawn by its flag or by its moves, whatever its name (Spartan Chess's
/// hoplite, a Berolina pawn): not royal, and on the empty board it promotes somewhere,
/// every move that changes rank goes forward (for White; at least one does), and every
/// move from a square where it has no initial moves is one king step. Its worth is its
/// promotion, not its few moves, so [`measure`] values it as a pawn, and the evaluation
/// treats it as one ([`PieceType::pawn_like`] keeps the answer).
///
/// Only a type that can promote at all is set up on a board, so a variant without such
/// fairy pawns pays nothing.
///
/// ```
/// use fairyboard_core::catalogue;
///
/// let spartan = catalogue::load("spartan").unwrap();
/// // Persians' pawns by flag; the hoplite (H) by its moves; no officer or king.
/// let like: Vec<&str> = spartan
///     .pieces
///     .iter()
///     .filter(|p| p.pawn_like)
///     .map(|p| p.id.as_str())
///     .collect();
/// assert_eq!(like, ["P", "H"]);
/// ```
pub fn pawn_like(variant: &Variant) -> Vec<bool> {
    let candidate = |p: &PieceType| !p.royal && !p.pawn && (p.promotes || p.promoted.is_some());
    if !variant.pieces.iter().any(candidate) {
        return variant.pieces.iter().map(|p| !p.royal && p.pawn).collect();
    }
    let arc = Arc::new(variant.clone());
    let mut list = MoveList::new();
    (0..variant.type_count())
        .map(|t| {
            let p = &variant.pieces[t];
            if p.royal || p.pawn {
                return !p.royal;
            }
            if !candidate(p) {
                return false;
            }
            let (mut promotes, mut forward, mut backward, mut longest) = (false, 0, 0, 0);
            for &sq in variant.playable() {
                let pos = board_with(&arc, &[(sq, t, Color::White)]);
                list.clear();
                pos.moves_from(sq, &mut list);
                let initial = Setup::unmoved_by_start(variant, sq, t, Color::White);
                let from = variant.coord(sq);
                for m in &list {
                    let to = variant.coord(m.to());
                    if !initial {
                        longest = longest
                            .max(from.file.abs_diff(to.file).max(from.rank.abs_diff(to.rank)));
                    }
                    promotes |= m.is_promotion();
                    if to.rank > from.rank {
                        forward += 1;
                    } else if to.rank < from.rank {
                        backward += 1;
                    }
                }
            }
            promotes && forward > 0 && backward == 0 && longest == 1
        })
        .collect()
}

/// Blocker samples per square (more on small boards, fewer on huge ones). Every piece type
/// meets the same samples, so that two types' values differ by their moves, not by luck.
fn samples_per_square(cells: usize) -> usize {
    (2000 / cells.max(1)).clamp(3, 8)
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

/// Of the piece on `sq`'s moves in `list` (castling aside): how many land where it could
/// capture, and how many there are. The first counts the captures themselves and quiet
/// moves to squares it attacks (by the attack table; a square only the generator could
/// judge counts as one it attacks).
fn capturing_moves(pos: &Position, sq: Square, list: &MoveList) -> (usize, usize) {
    let moves = list.iter().filter(|m| m.kind != MoveKind::Castle);
    let capturing = moves
        .clone()
        .filter(|m| {
            !m.locust().is_empty()
                || m.kind == MoveKind::EnPassant
                || pos.piece_at(m.to()).is_some()
                || pos.table_attack(sq, Color::White, m.to()) != Some(false)
        })
        .count();
    (capturing, moves.count())
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
    /// Per type: a pawn, by its flag or by its moves ([`PieceType::pawn_like`]).
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
    let samples = samples_per_square(n_sq);
    // Blockers: a non-royal type (the first), so no royal rule interferes.
    let blocker = (0..types).find(|&t| !variant.pieces[t].royal).unwrap_or(0);
    let mut rng = SplitMix(0x5EED_F00D);
    // layouts[i][k]: the blockers of sample k around squares[i] (a third of the other
    // squares, half of them enemies).
    let layouts: Vec<Vec<Vec<(Square, usize, Color)>>> = squares
        .iter()
        .map(|&sq| {
            (0..samples)
                .map(|_| {
                    let mut pieces = Vec::new();
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
                    pieces
                })
                .collect()
        })
        .collect();
    let mut stats = vec![PieceStats::default(); types];
    // mob[t][i]: mobility among blockers on squares[i].
    let mut mob = vec![vec![0.0f64; n_sq]; types];
    let mut list = MoveList::new();
    // Manhattan distance of squares[i] from the board's centre.
    let centre_distance = |i: usize| {
        let g = &variant.geometry;
        let (cf, cr) = (g.files as f64 / 2.0 - 0.5, g.ranks as f64 / 2.0 - 0.5);
        let c = variant.coord(squares[i]);
        (c.file as f64 - cf).abs() + (c.rank as f64 - cr).abs()
    };
    // Chebyshev distance (king steps) between two squares.
    let king_steps = |from: Square, to: Square| {
        let (a, b) = (variant.coord(from), variant.coord(to));
        a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)) as u32
    };
    for t in 0..types {
        let mut empty_total = 0usize;
        // Moves that land where the piece could capture (see `capturing_moves`), and all
        // moves counted alike, on the empty board and among blockers.
        let (mut empty_capturing, mut empty_moves) = (0usize, 0usize);
        let (mut capturing, mut moves) = (0usize, 0usize);
        let mut back = 0usize;
        let mut changing = 0usize;
        let mut steps = 0usize;
        let mut graph: Vec<Vec<usize>> = vec![Vec::new(); n_sq];
        for (i, &sq) in squares.iter().enumerate() {
            // Empty board.
            let pos = board_with(variant, &[(sq, t, Color::White)]);
            list.clear();
            pos.moves_from(sq, &mut list);
            empty_total += distinct_landings(&list);
            let (c, n) = capturing_moves(&pos, sq, &list);
            (empty_capturing, empty_moves) = (empty_capturing + c, empty_moves + n);
            let rank = variant.coord(sq).rank as i32;
            let initial = Setup::unmoved_by_start(variant, sq, t, Color::White);
            for m in &list {
                if !initial {
                    let d = king_steps(sq, m.to());
                    stats[t].longest = stats[t].longest.max(d);
                    if d == 1 {
                        steps += 1;
                    }
                }
                if m.is_promotion() {
                    stats[t].promotes = true;
                }
                let r = variant.coord(m.to()).rank as i32;
                if r == rank {
                    stats[t].sideways += 1.0;
                } else {
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
            for layout in &layouts[i] {
                let mut pieces = vec![(sq, t, Color::White)];
                pieces.extend_from_slice(layout);
                let pos = board_with(variant, &pieces);
                list.clear();
                pos.moves_from(sq, &mut list);
                total += distinct_landings(&list);
                let (c, n) = capturing_moves(&pos, sq, &list);
                (capturing, moves) = (capturing + c, moves + n);
                done += 1;
            }
            mob[t][i] = total as f64 / done.max(1) as f64;
        }
        stats[t].empty_mobility = empty_total as f64 / n_sq as f64;
        stats[t].mobility = mob[t].iter().sum::<f64>() / n_sq as f64;
        let share = |capturing: usize, moves: usize| {
            if moves == 0 {
                1.0
            } else {
                capturing as f64 / moves as f64
            }
        };
        stats[t].capture_share = share(capturing, moves);
        stats[t].empty_capture_share = share(empty_capturing, empty_moves);
        stats[t].backward = if changing == 0 {
            0.5
        } else {
            back as f64 / changing as f64
        };
        // Reach from the most central square.
        let centre = (0..n_sq)
            .min_by(|&a, &b| centre_distance(a).total_cmp(&centre_distance(b)))
            .unwrap_or(0);
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
        // The centre's distinct empty-board targets (indices into `squares`, sorted).
        let mut to = graph[centre].clone();
        to.sort_unstable();
        to.dedup();
        stats[t].targets = to.len() as f64;
        stats[t].neighbours = to
            .iter()
            .filter(|&&j| king_steps(squares[centre], squares[j]) == 1)
            .count() as u32;
        stats[t].leap_share = {
            let mut pieces = vec![(squares[centre], t, Color::White)];
            pieces.extend(
                squares
                    .iter()
                    .filter(|&&o| o != squares[centre])
                    .map(|&o| (o, blocker, Color::Black)),
            );
            let pos = board_with(variant, &pieces);
            list.clear();
            pos.moves_from(squares[centre], &mut list);
            let mut leaps: Vec<usize> = list
                .iter()
                .filter(|m| king_steps(squares[centre], m.to()) >= 2)
                .filter_map(|m| squares.iter().position(|&s| s == m.to()))
                .filter(|j| to.binary_search(j).is_ok())
                .collect();
            leaps.sort_unstable();
            leaps.dedup();
            leaps.len() as f64 / to.len().max(1) as f64
        };
        stats[t].step_share = steps as f64 / empty_total.max(1) as f64;
        stats[t].sideways /= empty_total.max(1) as f64;
        stats[t].reach2 = {
            let mut near = vec![false; n_sq];
            near[centre] = true;
            for &j in &graph[centre] {
                near[j] = true;
                for &k in &graph[j] {
                    near[k] = true;
                }
            }
            near.iter().filter(|&&b| b).count() as f64 / n_sq as f64
        };
        let mut by_centre: Vec<usize> = (0..n_sq).collect();
        by_centre.sort_by(|&a, &b| centre_distance(a).total_cmp(&centre_distance(b)));
        let half = by_centre.len().div_ceil(2);
        stats[t].centre_mobility =
            by_centre[..half].iter().map(|&i| mob[t][i]).sum::<f64>() / half as f64;
    }

    let pawn_like: Vec<bool> = variant.pieces.iter().map(|p| p.pawn_like).collect();
    let mut values = vec![0i32; types];
    for t in 0..types {
        values[t] = if variant.pieces[t].royal {
            0
        } else if pawn_like[t] {
            PAWN
        } else {
            value_from(&stats[t], n_sq)
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
    // what its moves are worth as a common piece, and half as much again: while a side has
    // two, an attack on one is no check, so the spare also shields its side from mate
    // (Streetman rates the Spartan second king "5−", a commoner about 3).
    let spare_royal = (0..types)
        .map(|t| {
            if variant.pieces[t].royal && !variant.any_royal_loses {
                value_from(&stats[t], n_sq) * 3 / 2
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

/// Weight of the leap mix in [`value_from`]: at most this fraction more, for a piece
/// whose moves are half leaps. Fitted with the formula's other constants held: over the
/// published values in BENCHMARKS.md's table it lowers the error (RMS of the logarithm)
/// from 0.085 to 0.078, most where the formula was furthest off, the archbishop (Muller's
/// 8¾: 7.97 → 8.3) and the fad and cleric of the Clobberers (−13% → −9%). The best fit
/// is 0.07 (0.077); above 0.05 the Clobberers' start, designed even by Betza, rates more
/// than a pawn for them.
const LEAP_MIX: f64 = 0.05;

/// Value from measured statistics on a board of `cells` playable squares.
///
/// The shape and its constants are fitted (least squares on the logarithm) to published
/// values of some seventy pieces on 8×8, 10×8 and 12×8 boards, not to chess alone: H. G.
/// Muller's table of common pieces in Fairy-Max's `fmax.ini` (ferz 1.5, wazir 1.25, knight
/// 3.25, dabbaba 1, alfil 0.8, camel 2.25, zebra 1.75, commoner 2.6, bishop 3.5, rook 5,
/// nightrider 5.6, queen 9.5, archbishop 8.75, marshall 9, amazon 11.5, ...), Kaufman's
/// chess values, Muller's Capablanca values, Streetman's Spartan values and `fmax.ini`'s
/// values of the Fairy-Max games' own pieces (BENCHMARKS.md,
/// "Piece values", has the table and sources). What each term stands for:
///
/// - *mobility*, a third of the way from the count among blockers to the empty board's
///   count: long-range pieces gain as the board empties, which the count among blockers
///   misses (a bishop is worth a knight though it has a move more among blockers, and
///   more than that on an open board);
/// - *king steps* count a little less: a stepper is slow to reach the action;
/// - *saturation*: past a queen, more moves add less (an amazon is not worth two rooks
///   and a bishop: lesser pieces chase it);
/// - *board size*: the same count is worth less on a larger board, where a move covers a
///   smaller share of the squares;
/// - *colour binding*: a piece that reaches a part of the board only is worth less;
/// - *forwardness*: forward moves attack, sideways and backward ones mostly defend (a ferz,
///   two forward moves of four, outvalues a wazir with one, though colour-bound; a piece
///   that cannot retreat needs no further discount);
/// - *capture share*: where most of a piece's moves land on squares it could not capture
///   on (a cannon's quiet slides), the count shrinks towards half (see `counted` below);
/// - *leap mix*: leaps mixed with steps or slides that leave king directions open are
///   worth more than their count ([`LEAP_MIX`]).
fn value_from(s: &PieceStats, cells: usize) -> i32 {
    // Moves count in full while at least half of them land where the piece could also
    // capture (a Spartan lieutenant's sideways steps, which only move, are worth nearly
    // full moves: Fairy-Max's `fmax.ini` rates it above a knight); below that, capture
    // power is what limits the piece, and the count shrinks with it down to half (a
    // cannon's quiet slides: xiangqi's cannon is worth about a horse, half a chariot).
    let counted = |mobility: f64, share: f64| mobility * (0.5 + share.clamp(0.0, 1.0)).min(1.0);
    let mobility = counted(s.mobility, s.capture_share);
    let empty_mobility = counted(s.empty_mobility, s.empty_capture_share);
    let open = mobility + 0.30 * (empty_mobility - mobility).max(0.0);
    let mut m = open * (1.0 - 0.11 * s.step_share.min(1.0));
    m /= 1.0 + 0.016 * m;
    let mut v = 47.8 * m.powf(1.28) * (64.0 / cells.max(1) as f64).powf(0.30);
    v *= 1.0 - 0.42 * (1.0 - s.reach.sqrt());
    let forward = (1.0 - s.sideways) * (1.0 - s.backward);
    v *= 1.0 + 0.83 * (forward - 0.5);
    // Leaps mixed with steps or slides: a compound whose parts cover each other's holes
    // (the archbishop's knight leaps reach the colour its bishop slides cannot, the
    // fad's alfil leaps jump what blocks its wazir steps) outvalues its move count, as
    // long as its other moves leave king directions uncovered (an amazon's queen moves
    // cover them all: its knight leaps add no more than their count).
    let holes = ((8.0 - s.neighbours as f64) / 4.0).clamp(0.0, 1.0);
    v *= 1.0 + LEAP_MIX * 4.0 * s.leap_share * (1.0 - s.leap_share) * holes;
    if mobility < 0.05 {
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
            let Some(to) = m.promoted_to() else { return };
            if to.index() < types {
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
