//! Direction sets: which of the eight direction slots a leg may use.
//!
//! Slots are numbered clockwise from forward (White's view):
//!
//! | slot | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 |
//! |---|---|---|---|---|---|---|---|---|
//! | K-system name | f | fr | r | br | b | bl | l | fl |
//! | 4-fold atom `(0,n)`/`(n,n)` | (0,n) | (n,n) | (n,0) | (n,-n) | (0,-n) | (-n,-n) | (-n,0) | (-n,n) |
//! | oblique `(a,b)`, `a<b` | (a,b) "rf" | (b,a) "fr" | (b,-a) "br" | (a,-b) "rb" | (-a,-b) "lb" | (-b,-a) "bl" | (-b,a) "fl" | (-a,b) "lf" |
//!
//! A direction set is a `u8` with bit `k` standing for slot `k`. Orthogonal atoms live on the
//! even slots, diagonal atoms on the odd slots; `K`, `Q` and oblique atoms use all eight.
//!
//! First legs read their direction letters in the system of their atom
//! ([`first_leg_set`]); continuation legs always use the K-system *relative* to the
//! previous leg ([`continuation_set`], then [`rotate`] by the previous slot).
//! These functions are pure and shared by the compiler and the reference interpreter.

use crate::ast::{Dir, DirToken, Geometry, System};

/// All eight slots.
pub const ALL: u8 = 0xFF;
/// Default relative set of a continuation leg of an 8-fold atom: everything but straight back.
pub const CONT_DEFAULT_8: u8 = 0xEF;
/// Default relative set of a continuation leg of a 4-fold atom: straight on, left, right.
pub const CONT_DEFAULT_4: u8 = 0x45;

/// "Narrow" sets (XBoard `dirs2`): oblique single letters, orthogonal atoms.
pub fn narrow(d: Dir) -> u8 {
    match d {
        Dir::F => 0x81,
        Dir::B => 0x18,
        Dir::L => 0x60,
        Dir::R => 0x06,
        Dir::S => 0x66,
        Dir::V => 0x99,
        Dir::H => 0xFF,
    }
}

/// "Wide" sets (XBoard `dirs1`) of `f b l r`: the half of the 8 slots on that side.
/// `s`, `v` and `h` give all slots (used by the diagonal system, where `fs` = `f`).
pub fn wide(d: Dir) -> u8 {
    match d {
        Dir::F => 0xC3,
        Dir::B => 0x3C,
        Dir::L => 0xF0,
        Dir::R => 0x0F,
        Dir::S | Dir::V | Dir::H => 0xFF,
    }
}

/// K-system "wide" sets (XBoard `dirs3`): the three slots on a side.
pub fn wide3(d: Dir) -> u8 {
    match d {
        Dir::F => 0x83,
        Dir::B => 0x38,
        Dir::L => 0xE0,
        Dir::R => 0x0E,
        Dir::S => 0xEE,
        Dir::V => 0xBB,
        Dir::H => 0xFF,
    }
}

/// K-system single sets (XBoard `dirs4`).
pub fn single(d: Dir) -> u8 {
    match d {
        Dir::F => 0x01,
        Dir::B => 0x10,
        Dir::L => 0x40,
        Dir::R => 0x04,
        Dir::S => 0x44,
        Dir::V => 0x11,
        Dir::H => 0xFF,
    }
}

/// The slots one token selects in a direction system (before masking to the atom's
/// members). Tokens without meaning in a system select nothing (the parser warns about them).
pub fn token_bits(sys: System, tok: DirToken) -> u8 {
    match sys {
        System::Orthogonal => match tok {
            DirToken::Single(Dir::H) => 0,
            DirToken::Single(d) | DirToken::Half(d) => narrow(d),
            DirToken::Pair(a, b) => narrow(a) | narrow(b),
            DirToken::Chiral(_)
            | DirToken::Zig
            | DirToken::Circ
            | DirToken::ZigWith(_)
            | DirToken::CircWith(_) => 0,
        },
        System::Diagonal => match tok {
            DirToken::Single(Dir::H) => 0,
            DirToken::Single(d) | DirToken::Half(d) => wide(d),
            DirToken::Pair(a, b) => wide(a) & wide(b),
            DirToken::Chiral(_)
            | DirToken::Zig
            | DirToken::Circ
            | DirToken::ZigWith(_)
            | DirToken::CircWith(_) => 0,
        },
        System::Oblique => match tok {
            DirToken::Single(d) => narrow(d),
            DirToken::Pair(a, b) => wide(a) & narrow(b),
            DirToken::Half(d) => wide(d),
            DirToken::Chiral(Dir::R) => 0x55,
            DirToken::Chiral(_) => 0xAA,
            DirToken::Zig | DirToken::Circ | DirToken::ZigWith(_) | DirToken::CircWith(_) => 0,
        },
        System::King => match tok {
            DirToken::Single(d) => single(d),
            DirToken::Pair(a, b) => wide3(a) & wide3(b),
            DirToken::Half(d) => wide3(d),
            DirToken::Chiral(_)
            | DirToken::Zig
            | DirToken::Circ
            | DirToken::ZigWith(_)
            | DirToken::CircWith(_) => 0,
        },
    }
}

/// The absolute direction set of a first leg of an atom of system `sys`: the union of the
/// tokens, masked to the atom's slots; no letters (or nothing selected) = all directions.
pub fn first_leg_set(sys: System, toks: &[DirToken]) -> u8 {
    let mask = match sys {
        System::Orthogonal => 0x55,
        System::Diagonal => 0xAA,
        System::Oblique | System::King => 0xFF,
    };
    let set = toks.iter().fold(0u8, |acc, &t| acc | token_bits(sys, t)) & mask;
    if set == 0 {
        mask
    } else {
        set
    }
}

/// The *relative* direction set of a continuation leg (K-system): slot 0 = straight on.
/// `prev_bend` is the relative slot the previous leg turned by (0 for a first leg).
/// `z` alone selects the mirror image of that turn, `q` alone the same turn; in `fz`, `bz`,
/// `fq`, `bq` the `z`/`q` stands for a side letter: the side opposite to (`z`) or the same as
/// (`q`) the previous turn, or both sides when the previous leg did not turn sideways.
/// No letters = [`CONT_DEFAULT_8`] or [`CONT_DEFAULT_4`].
pub fn continuation_set(toks: &[DirToken], eight_fold: bool, prev_bend: u8) -> u8 {
    let bend = prev_bend & 7;
    // The side of the previous turn: Some(true) = right, Some(false) = left.
    let side = match bend {
        1..=3 => Some(true),
        5..=7 => Some(false),
        _ => None,
    };
    let side_letter = |same: bool| match side {
        Some(right) if right == same => Dir::R,
        Some(_) => Dir::L,
        None => Dir::S,
    };
    let mut set = 0u8;
    for &t in toks {
        set |= match t {
            DirToken::Zig => bit((8 - bend) & 7),
            DirToken::Circ => bit(bend),
            DirToken::ZigWith(d) => wide3(d) & wide3(side_letter(false)),
            DirToken::CircWith(d) => wide3(d) & wide3(side_letter(true)),
            other => token_bits(System::King, other),
        };
    }
    if set == 0 {
        if eight_fold {
            CONT_DEFAULT_8
        } else {
            CONT_DEFAULT_4
        }
    } else {
        set
    }
}

/// The absolute direction set of the first leg of a bracket element after the first:
/// `relative` (a [`continuation_set`], K-system, slot 0 = straight on) turned to follow
/// `prev_slot`, keeping the element's own atom. For a 4-fold atom a direction that is not
/// one of its members (a straight-on `f` for an `F` after a `W` step) stands for the two
/// members next to it, as the atom's own letters would read in that frame (`fF` = the two
/// forward diagonals, `lF` = the left pair): `[W-fF]` is the Mao, like `[W-F]`. Other
/// atoms keep the continuation-leg reading.
pub fn element_set(geo: Geometry, prev_slot: u8, relative: u8) -> u8 {
    let abs = rotate(relative, prev_slot);
    let members = geo.member_mask();
    if !matches!(geo, Geometry::Square { .. }) {
        return abs;
    }
    let others = abs & !members;
    (abs & members) | ((rotate(others, 1) | rotate(others, 7)) & members)
}

/// The set with bit `slot & 7`.
pub fn bit(slot: u8) -> u8 {
    1u8 << (slot & 7)
}

/// Rotate a set clockwise by `by` slots.
pub fn rotate(set: u8, by: u8) -> u8 {
    set.rotate_left(u32::from(by & 7))
}

/// The slots of a set, ascending.
pub fn slots(set: u8) -> impl Iterator<Item = u8> {
    (0u8..8).filter(move |&k| set & bit(k) != 0)
}

/// The step vector of slot `slot` of an atom. 4-fold atoms answer both parities (a slot of
/// the other parity is the converted atom: `(0,n)` ↔ `(n,n)`); special atoms give `(0,0)`.
pub fn slot_vector(geo: Geometry, slot: u8) -> (i32, i32) {
    let slot = slot & 7;
    match geo {
        Geometry::Square { n, .. } => square_vector(i32::from(n), slot),
        Geometry::King => square_vector(1, slot),
        Geometry::Oblique { a, b } => {
            let (a, b) = (i32::from(a), i32::from(b));
            match slot {
                0 => (a, b),
                1 => (b, a),
                2 => (b, -a),
                3 => (a, -b),
                4 => (-a, -b),
                5 => (-b, -a),
                6 => (-b, a),
                _ => (-a, b),
            }
        }
        Geometry::Null | Geometry::Castle | Geometry::Teleport | Geometry::Imitate => (0, 0),
    }
}

fn square_vector(n: i32, slot: u8) -> (i32, i32) {
    match slot & 7 {
        0 => (0, n),
        1 => (n, n),
        2 => (n, 0),
        3 => (n, -n),
        4 => (0, -n),
        5 => (-n, -n),
        6 => (-n, 0),
        _ => (-n, n),
    }
}

/// The members of `geo` that deviate least from the direction `prev` ("as straight as
/// possible", the default direction of a bracket element after the first): the slots whose
/// vector makes the smallest angle with `prev`. All slots of the atom if `prev` is `(0,0)`.
pub fn straightest(geo: Geometry, prev: (i32, i32)) -> u8 {
    let mask = geo.member_mask();
    if prev == (0, 0) || mask == 0 {
        return mask;
    }
    // Compare cos(angle) = dot / (|u| |v|) through sign(dot) * dot^2 / |v|^2 (|u| is common).
    let score = |slot: u8| -> (i64, i64) {
        let v = slot_vector(geo, slot);
        let dot = i64::from(v.0) * i64::from(prev.0) + i64::from(v.1) * i64::from(prev.1);
        let len2 = i64::from(v.0) * i64::from(v.0) + i64::from(v.1) * i64::from(v.1);
        (dot.signum() * dot * dot, len2.max(1))
    };
    // a/b > c/d  <=>  a*d > c*b (b, d > 0)
    let better = |x: (i64, i64), y: (i64, i64)| {
        (x.0 as i128) * (y.1 as i128) > (y.0 as i128) * (x.1 as i128)
    };
    let same = |x: (i64, i64), y: (i64, i64)| {
        (x.0 as i128) * (y.1 as i128) == (y.0 as i128) * (x.1 as i128)
    };
    let mut best: Option<(i64, i64)> = None;
    for s in slots(mask) {
        let sc = score(s);
        best = match best {
            Some(b) if !better(sc, b) => Some(b),
            _ => Some(sc),
        };
    }
    let Some(best) = best else { return mask };
    slots(mask)
        .filter(|&s| same(score(s), best))
        .fold(0u8, |acc, s| acc | bit(s))
}

/// The slot of the direction of a step vector among the eight compass directions, if it has
/// one (orthogonal or diagonal vectors only).
pub fn compass_slot(v: (i32, i32)) -> Option<u8> {
    let (x, y) = (v.0.signum(), v.1.signum());
    if v.0 != 0 && v.1 != 0 && v.0.abs() != v.1.abs() {
        return None;
    }
    Some(match (x, y) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        (-1, 1) => 7,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::DirToken::*;

    #[test]
    fn oblique_table() {
        let sys = System::Oblique;
        assert_eq!(first_leg_set(sys, &[Single(Dir::F)]), 0x81);
        assert_eq!(first_leg_set(sys, &[Pair(Dir::F, Dir::S)]), 0x42);
        assert_eq!(first_leg_set(sys, &[Half(Dir::F)]), 0xC3);
        assert_eq!(first_leg_set(sys, &[Pair(Dir::F, Dir::R)]), 0x02);
        assert_eq!(first_leg_set(sys, &[Pair(Dir::R, Dir::F)]), 0x01);
        assert_eq!(first_leg_set(sys, &[Chiral(Dir::R)]), 0x55);
        assert_eq!(first_leg_set(sys, &[]), 0xFF);
    }

    #[test]
    fn king_system() {
        assert_eq!(first_leg_set(System::King, &[Pair(Dir::F, Dir::S)]), 0x82);
        assert_eq!(first_leg_set(System::King, &[Pair(Dir::L, Dir::V)]), 0xA0);
        assert_eq!(continuation_set(&[], true, 0), 0xEF);
        assert_eq!(continuation_set(&[], false, 0), 0x45);
        assert_eq!(continuation_set(&[Zig], true, 1), 0x80);
        assert_eq!(continuation_set(&[Circ], true, 1), 0x02);
        assert_eq!(continuation_set(&[ZigWith(Dir::F)], false, 1), 0x80);
        assert_eq!(continuation_set(&[ZigWith(Dir::F)], false, 7), 0x02);
        assert_eq!(continuation_set(&[CircWith(Dir::F)], false, 7), 0x80);
        assert_eq!(continuation_set(&[ZigWith(Dir::F)], false, 0), 0x82);
    }

    #[test]
    fn straight_defaults() {
        let f = Geometry::Square {
            n: 1,
            diagonal: true,
        };
        let w = Geometry::Square {
            n: 1,
            diagonal: false,
        };
        assert_eq!(straightest(w, (0, 1)), 0x01);
        assert_eq!(straightest(f, (0, 1)), 0x82);
        assert_eq!(straightest(w, (1, 1)), 0x05);
        assert_eq!(straightest(Geometry::Oblique { a: 1, b: 2 }, (0, 1)), 0x81);
        assert_eq!(straightest(Geometry::King, (1, 2)), 0x02);
    }
}
