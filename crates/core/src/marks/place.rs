//! Where a move diagram shows a piece: a square where the piece can stand in the variant,
//! as near the middle of the board as it can be. The rules page and the browser diagram
//! both ask [`diagram_square`], so a piece is drawn on the same square in both.
//!
//! ```
//! use fairyboard_core::catalogue;
//! use fairyboard_core::marks::place::diagram_square;
//! # std::env::set_var("FAIRYBOARD_VARIANTS", concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"));
//! let xiangqi = catalogue::load("xiangqi").unwrap();
//! let square = |name: &str| {
//!     let t = xiangqi.pieces.iter().position(|p| p.name == name).unwrap();
//!     diagram_square(&xiangqi, t).to_string()
//! };
//! assert_eq!(square("rook"), "e5"); // the middle
//! assert_eq!(square("advisor"), "d3"); // inside its palace
//! assert_eq!(square("soldier"), "e6"); // across the river, where a pawn becomes one
//! ```

use std::collections::BTreeSet;

use crate::coord::Coord;
use crate::marks::explore::Probe;
use crate::variant::{cell_color, cell_type, Color, LandingRule, Variant};

/// The middle of the board, rounded towards White's lower left (d4 on 8×8).
pub fn centre(v: &Variant) -> Coord {
    Coord::new(
        (v.geometry.files.saturating_sub(1)) / 2,
        (v.geometry.ranks.saturating_sub(1)) / 2,
    )
}

/// White's and Black's start squares of type `t`, each by rank then file.
pub fn start_squares(v: &Variant, t: usize) -> [Vec<Coord>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for &(sq, cell) in &v.setup {
        if cell_type(cell).index() == t {
            out[cell_color(cell).index()].push(v.coord(sq));
        }
    }
    for side in &mut out {
        side.sort_by_key(|c| (c.rank, c.file));
    }
    out
}

/// Where White's type `t` may stand: not a hole, not forbidden by its morph board.
pub fn may_stand(v: &Variant, t: usize, c: Coord) -> bool {
    !v.is_hole(v.square(c))
        && v.landing_rule(t, Color::White, v.square(c)) != LandingRule::Forbidden
}

/// The squares White's type `t` may not enter (its morph board's `!`), by rank then file.
pub fn forbidden(v: &Variant, t: usize) -> Vec<Coord> {
    let mut out = Vec::new();
    for rank in 0..v.geometry.ranks {
        for file in 0..v.geometry.files {
            let c = Coord::new(file, rank);
            if v.landing_rule(t, Color::White, v.square(c)) == LandingRule::Forbidden {
                out.push(c);
            }
        }
    }
    out
}

/// The squares White's type `t` can ever reach from its start square (the middle of the
/// board when it has none): a breadth-first search over its empty-board moves in the
/// variant ([`Probe::for_type`]), never landing on a hole or where the morph board
/// forbids. Only for pieces whose moves are all reversible (judged from the middle of a
/// board as large in every direction as the notation's coordinates go); `None` for the
/// others.
pub fn region(v: &Variant, t: usize) -> Option<BTreeSet<Coord>> {
    let mut probe = Probe::for_type(v, t).ok()?;
    let c0 = Coord::new(7, 7);
    let steps: BTreeSet<(i32, i32)> = Probe::new(&v.pieces[t].betza, 15, 15)
        .ok()?
        .reach(c0, true, &[])
        .iter()
        .map(|r| {
            (
                r.to.file as i32 - c0.file as i32,
                r.to.rank as i32 - c0.rank as i32,
            )
        })
        .collect();
    if steps.is_empty() || steps.iter().any(|&(x, y)| !steps.contains(&(-x, -y))) {
        return None;
    }
    let start = start_squares(v, t)[0]
        .first()
        .copied()
        .unwrap_or_else(|| centre(v));
    let mut seen = BTreeSet::from([start]);
    let mut todo = vec![start];
    while let Some(s) = todo.pop() {
        for r in probe.reach(s, true, &[]) {
            if may_stand(v, t, r.to) && seen.insert(r.to) {
                todo.push(r.to);
            }
        }
    }
    Some(seen)
}

/// The square a move diagram shows White's type `t` on: the middle of the board when the
/// piece can get there, else the square nearest to the middle (by distance, then lower
/// rank, then lower file) among those it can: its reachable [`region`] when a morph board
/// confines it (a xiangqi king inside its palace, an elephant on its own side of the
/// river), the squares where it appears when it only comes into play by a forced change of
/// another piece (the xiangqi soldier across the river), else any square it may stand on
/// (not a hole). A colour-bound piece is shown on the middle square all the same.
pub fn diagram_square(v: &Variant, t: usize) -> Coord {
    let c = centre(v);
    let region = if forbidden(v, t).is_empty() {
        None
    } else {
        region(v, t)
    };
    let born = forced_arrival(v, t);
    let fits = |s: Coord| {
        may_stand(v, t, s)
            && region.as_ref().is_none_or(|r| r.contains(&s))
            && born.as_ref().is_none_or(|b| b.contains(&s))
    };
    if fits(c) {
        return c;
    }
    let dist = |s: &Coord| {
        let (df, dr) = (s.file as i32 - c.file as i32, s.rank as i32 - c.rank as i32);
        (df * df + dr * dr, s.rank, s.file)
    };
    let candidates: Vec<Coord> = match &region {
        Some(r) => r.iter().copied().collect(),
        None => (0..v.geometry.ranks)
            .flat_map(|r| (0..v.geometry.files).map(move |f| Coord::new(f, r)))
            .filter(|&s| fits(s))
            .collect(),
    };
    candidates.into_iter().min_by_key(dist).unwrap_or(c)
}

/// The squares where White's type `t` comes into play, when the only way it does is a
/// forced change of another type on landing: a promotion or morph with this one choice and
/// no staying as it was (xiangqi's pawn becomes the soldier on every square across the
/// river). `None` when `t` also starts on the board or in hand, may come from a drop, or is
/// one of several choices or an optional change somewhere (a promotion choice, a shogi
/// promotion the player may decline): such a type can stand anywhere it may go.
fn forced_arrival(v: &Variant, t: usize) -> Option<BTreeSet<Coord>> {
    if !start_squares(v, t)[0].is_empty()
        || v.initial_hand[0].get(t).is_some_and(|&n| n > 0)
        || (v.drops && v.holdings_type != 0)
    {
        return None;
    }
    let mut out = BTreeSet::new();
    for rank in 0..v.geometry.ranks {
        for file in 0..v.geometry.files {
            let c = Coord::new(file, rank);
            for u in (0..v.pieces.len()).filter(|&u| u != t) {
                let LandingRule::Promote(r) = v.landing_rule(u, Color::White, v.square(c)) else {
                    continue;
                };
                if !r.choices.iter().any(|&(p, _)| p as usize == t) {
                    continue;
                }
                if r.may_stay || r.choices.len() != 1 {
                    return None;
                }
                out.insert(c);
            }
        }
    }
    (!out.is_empty()).then_some(out)
}
