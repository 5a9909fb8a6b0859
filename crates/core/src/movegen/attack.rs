//! Attack tables: for each piece type and colour, what a piece standing at a given
//! displacement from a square needs in order to capture there.
//!
//! Legality asks "is this royal attacked?" after every candidate move, so the question must
//! be cheap: the table, indexed by the padded index difference (unique because the board
//! stride is at least `2·files − 1`), answers at once for leapers, with a ray walk for
//! sliders, a screen count for cannons and a mid-square test for lame leapers. Anything
//! more exotic (multi-leg paths, grasshoppers, initial-only captures) is marked `Complex`
//! and answered by running that one piece's generator. Borrowed moves (the imitator `I`,
//! final `x` legs) start from the piece's own square and may be any type's: the whole
//! board is `Complex` for them.

use crate::variant::fast_paths::{leg_allows, LegPath};
use crate::variant::geometry::Geometry;
use crate::variant::Linked;
use xbetza::{Flags, Kind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Attack {
    None,
    /// Captures whatever stands there.
    Leap,
    /// Captures along a ray with this step (a square offset); the squares between must
    /// be empty.
    Ray(isize),
    /// A cannon: exactly one occupied square between, along this step.
    Hop(isize),
    /// A lame leap: this offset (from the attacker) must be empty.
    Lame(isize),
    /// Ask the generator.
    Complex,
}

#[derive(Clone, Debug)]
pub(crate) struct AttackTable {
    entries: Vec<Attack>,
    /// Index of displacement zero.
    center: isize,
}

impl AttackTable {
    /// The entry for a target at `diff = target - attacker`.
    #[inline]
    pub fn get(&self, diff: isize) -> Attack {
        let i = diff + self.center;
        // In range for any two on-board squares by construction.
        self.entries
            .get(i as usize)
            .copied()
            .unwrap_or(Attack::None)
    }

    pub fn build(linked: &Linked, g: &Geometry) -> AttackTable {
        let w = g.files as isize;
        let h = g.ranks as isize;
        let stride = g.stride as isize;
        let center = (h - 1) * stride + (w - 1);
        let mut t = AttackTable {
            entries: vec![Attack::None; (2 * center + 1) as usize],
            center,
        };
        let side = g.files.max(g.ranks) as i32;
        let links = &linked.links;
        let mut i = 0;
        while i < links.len() {
            let l = links[i];
            let subtree = &links[i..=i + l.skip as usize];
            i += 1 + l.skip as usize;
            let royal_capture = |f: Flags| {
                (f.contains(Flags::CAPTURE) || f.contains(Flags::ROYAL_ONLY))
                    && !f.contains(Flags::NON_ROYAL)
            };
            // Imitated (`I`) and lent (final `x`) moves are another type's, from anywhere.
            let borrows = subtree
                .iter()
                .any(|r| r.kind == Kind::Imitate || r.flags.contains(Flags::FINAL | Flags::INDUCE));
            if !borrows && !subtree.iter().any(|r| royal_capture(r.flags)) {
                continue;
            }
            let final_single =
                l.kind == Kind::Leg && l.flags.contains(Flags::FINAL) && l.depth == 0;
            // Flags outside the gate's attack list (initial-only, exact, wrapping, ...) need
            // the piece's generator.
            let plain =
                final_single && l.skip_first == 0 && leg_allows(l.kind, l.flags, LegPath::Attack);
            if plain && !l.flags.intersects(Flags::HOP | Flags::LAME) {
                let n = (l.range as i32).min(side);
                for k in 1..=n {
                    let d = (l.dx as i32 * k, l.dy as i32 * k);
                    if d.0.abs() >= w as i32 || d.1.abs() >= h as i32 {
                        break;
                    }
                    let e = if k == 1 {
                        Attack::Leap
                    } else {
                        Attack::Ray(l.off)
                    };
                    t.merge(g.offset(d.0, d.1), e);
                }
            } else if plain && l.flags.contains(Flags::HOP) && !l.flags.contains(Flags::LAME) {
                let n = (l.range as i32).min(side);
                for k in 2..=n {
                    let d = (l.dx as i32 * k, l.dy as i32 * k);
                    if d.0.abs() >= w as i32 || d.1.abs() >= h as i32 {
                        break;
                    }
                    t.merge(g.offset(d.0, d.1), Attack::Hop(l.off));
                }
            } else if plain && l.flags.contains(Flags::LAME) && l.range == 1 {
                t.merge(g.offset(l.dx as i32, l.dy as i32), Attack::Lame(l.mid));
            } else {
                // Everything within reach of the whole path may be attacked.
                let reach: i32 = match l.kind {
                    _ if borrows => side,
                    Kind::Teleport => side,
                    _ => subtree
                        .iter()
                        .filter(|r| r.kind == Kind::Leg)
                        .map(|r| {
                            let len = (r.dx as i32).abs().max((r.dy as i32).abs());
                            len * (r.range as i32).min(side)
                        })
                        .sum(),
                };
                let reach = if l.flags.contains(Flags::WRAP)
                    || subtree.iter().any(|r| r.flags.contains(Flags::WRAP))
                {
                    side
                } else {
                    reach.min(side)
                };
                for dy in -reach..=reach {
                    for dx in -reach..=reach {
                        if dx.abs() < w as i32 && dy.abs() < h as i32 {
                            t.merge(g.offset(dx, dy), Attack::Complex);
                        }
                    }
                }
            }
        }
        t
    }

    fn merge(&mut self, diff: isize, e: Attack) {
        // Displacements beyond the board never occur between two of its squares.
        let Some(slot) = usize::try_from(diff + self.center)
            .ok()
            .and_then(|i| self.entries.get_mut(i))
        else {
            return;
        };
        *slot = match (*slot, e) {
            (Attack::None, e) => e,
            (Attack::Leap, _) | (_, Attack::Leap) => Attack::Leap,
            (a, b) if a == b => a,
            _ => Attack::Complex,
        };
    }
}
