//! Board geometry: a padded mailbox.
//!
//! Squares are indices into a board array with `pad` off-board cells on every side, so any
//! step of the variant (at most `pad` squares long in each axis) from an on-board square
//! lands inside the array: off-board is then a cell value, not a bounds test. Holes are
//! off-board cells inside the board rectangle.
//!
//! A [`Square`] is such an index, as its own type: a step is `square + offset`, the
//! displacement between two squares is `a - b` (what attack tables are keyed by), and the
//! per-square arrays (board, virginity, landing rules, ...) are indexed by a square directly.
//!
//! ```
//! use fairyboard_core::geometry::Geometry;
//! use fairyboard_core::coord::Coord;
//! let g = Geometry::new(8, 8, 2);
//! let e2 = g.square(Coord::new(4, 1));
//! let e4 = e2 + g.offset(0, 2);
//! assert_eq!(g.coord(e4), Some(Coord::new(4, 3)));
//! assert_eq!(e4 - e2, g.offset(0, 2));
//! let mut board = vec![0u8; g.cells];
//! board[e4] = 1;
//! assert_eq!(board[e4.index()], 1);
//! ```

use crate::coord::Coord;

/// A padded-board index: a square of a [`Geometry`]'s array.
///
/// A newtype so a square is never confused with a count, a piece type or a bit index, and
/// so the board's index arithmetic (a square plus a step's offset, the offset between two
/// squares) lives here instead of as casts at every use. It wraps a `usize`, the width the
/// board arrays are indexed by, so [`index`](Self::index) and the offset arithmetic cost
/// nothing; moves and piece lists store squares packed as `u16` ([`Square::pack`]).
/// Index 0 is always padding (every board has `pad ≥ 1`), so [`Square::NONE`] marks "no
/// square" in packed fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[repr(transparent)]
pub struct Square(usize);

impl Square {
    /// Index 0: always a padding cell, used as "none" in packed fields.
    pub const NONE: Square = Square(0);

    /// The square at a padded-array index.
    #[inline]
    pub const fn new(index: usize) -> Square {
        Square(index)
    }
    /// The index into the board arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0
    }
    /// A square unpacked from a move's or piece list's `u16` field.
    #[inline]
    pub const fn unpack(packed: u16) -> Square {
        Square(packed as usize)
    }
    /// The square packed into `u16`, as moves and piece lists store it. Boards are at most
    /// [`MAX_SIDE`](crate::coord::MAX_SIDE) squares a side plus padding, so it fits.
    #[inline]
    pub const fn pack(self) -> u16 {
        self.0 as u16
    }
    /// Whether this is a real square, not the [`NONE`](Self::NONE) marker.
    #[inline]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }
}

impl std::ops::Add<isize> for Square {
    type Output = Square;
    /// The square a step's index offset leads to. Steps stay inside the padded array
    /// (the padding is as wide as the longest step), so this cannot leave it.
    #[inline]
    fn add(self, off: isize) -> Square {
        Square(self.0.wrapping_add_signed(off))
    }
}

impl std::ops::AddAssign<isize> for Square {
    #[inline]
    fn add_assign(&mut self, off: isize) {
        self.0 = self.0.wrapping_add_signed(off);
    }
}

impl std::ops::Sub<isize> for Square {
    type Output = Square;
    #[inline]
    fn sub(self, off: isize) -> Square {
        Square(self.0.wrapping_add_signed(off.wrapping_neg()))
    }
}

impl std::ops::SubAssign<isize> for Square {
    #[inline]
    fn sub_assign(&mut self, off: isize) {
        self.0 = self.0.wrapping_add_signed(off.wrapping_neg());
    }
}

impl std::ops::Sub for Square {
    type Output = isize;
    /// The index offset from `other` to `self` (what an attack table is keyed by).
    #[inline]
    fn sub(self, other: Square) -> isize {
        self.0.wrapping_sub(other.0) as isize
    }
}

/// Size and padding of a variant's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
    pub pad: u8,
    /// Cells per padded row.
    pub stride: usize,
    /// Cells in the padded array.
    pub cells: usize,
}

impl Geometry {
    pub fn new(files: u8, ranks: u8, pad: u8) -> Geometry {
        // At least 2·files − 1 wide, so an index difference names one (dx, dy): attack
        // tables are indexed by it, as on a 0x88 board.
        let stride = (files as usize + 2 * pad as usize).max(2 * files as usize - 1);
        let rows = ranks as usize + 2 * pad as usize;
        Geometry {
            files,
            ranks,
            pad,
            stride,
            cells: stride * rows,
        }
    }

    #[inline]
    pub fn square(&self, c: Coord) -> Square {
        Square(
            (c.rank as usize + self.pad as usize) * self.stride
                + c.file as usize
                + self.pad as usize,
        )
    }

    /// The coordinate of a padded index, or `None` outside the board rectangle.
    #[inline]
    pub fn coord(&self, sq: Square) -> Option<Coord> {
        let row = sq.0 / self.stride;
        let col = sq.0 % self.stride;
        let pad = self.pad as usize;
        if row < pad || col < pad {
            return None;
        }
        let (rank, file) = (row - pad, col - pad);
        (rank < self.ranks as usize && file < self.files as usize)
            .then(|| Coord::new(file as u8, rank as u8))
    }

    /// The file (0-based) of an on-board square, without the rank's division.
    #[inline]
    pub fn file(&self, sq: Square) -> usize {
        sq.0 % self.stride - self.pad as usize
    }

    /// The index offset of a step.
    #[inline]
    pub fn offset(&self, dx: i32, dy: i32) -> isize {
        dy as isize * self.stride as isize + dx as isize
    }

    /// Every square of the board rectangle, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks)
            .flat_map(move |r| (0..self.files).map(move |f| self.square(Coord::new(f, r))))
    }

    pub fn contains(&self, file: i32, rank: i32) -> bool {
        file >= 0 && rank >= 0 && file < self.files as i32 && rank < self.ranks as i32
    }

    /// The square `(dx, dy)` from `c` when the files wrap around (a cylinder board, `o` in
    /// XBetza), or `None` past the first or last rank.
    pub fn wrapped(&self, c: Coord, dx: i32, dy: i32) -> Option<Square> {
        let file = (i32::from(c.file) + dx).rem_euclid(i32::from(self.files));
        let rank = i32::from(c.rank) + dy;
        self.contains(file, rank)
            .then(|| self.square(Coord::new(file as u8, rank as u8)))
    }
}

// Per-square arrays (the board, virginity, piece-list indices, landing rules, ...) are
// plain `Vec`s and slices of the padded array's length, indexed by a square directly.
impl<T> std::ops::Index<Square> for [T] {
    type Output = T;
    #[inline]
    fn index(&self, sq: Square) -> &T {
        &self[sq.0]
    }
}

impl<T> std::ops::IndexMut<Square> for [T] {
    #[inline]
    fn index_mut(&mut self, sq: Square) -> &mut T {
        &mut self[sq.0]
    }
}

impl<T> std::ops::Index<Square> for Vec<T> {
    type Output = T;
    #[inline]
    fn index(&self, sq: Square) -> &T {
        &self[sq.0]
    }
}

impl<T> std::ops::IndexMut<Square> for Vec<T> {
    #[inline]
    fn index_mut(&mut self, sq: Square) -> &mut T {
        &mut self[sq.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_arithmetic_none_and_packing() {
        // 8×8 with pad 2: rows of max(8 + 4, 15) = 15 cells, so h8 (file 7, rank 7) is
        // (7 + 2) · 15 + 7 + 2 = 144, and one rank up is +15.
        let g = Geometry::new(8, 8, 2);
        let h8 = g.square(Coord::new(7, 7));
        assert_eq!(h8.index(), 144);
        let h7 = g.square(Coord::new(7, 6));
        assert_eq!(h8 - h7, 15);
        assert_eq!(h7 + 15, h8);
        assert_eq!(h8 - 15isize, h7);
        // Index 0 is padding on every board (pad ≥ 1), so NONE is never a square.
        assert_eq!(g.coord(Square::NONE), None);
        // The largest board the notation allows, padded as far as a build ever pads it
        // (the longest step, at most the board's side), still packs into a move's u16.
        let side = crate::coord::MAX_SIDE;
        let big = Geometry::new(side, side, side);
        let last = Square::new(big.cells - 1);
        assert_eq!(Square::unpack(last.pack()), last);
    }
}
