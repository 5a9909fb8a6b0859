//! Board geometry: a padded mailbox.
//!
//! Squares are indices into a board array with `pad` off-board cells on every side, so any
//! step of the variant (at most `pad` squares long in each axis) from an on-board square
//! lands inside the array: off-board is then a cell value, not a bounds test. Holes are
//! off-board cells inside the board rectangle.
//!
//! ```
//! use fairyboard_core::geometry::Geometry;
//! use fairyboard_core::coord::Coord;
//! let g = Geometry::new(8, 8, 2);
//! let e2 = g.square(Coord::new(4, 1));
//! let e4 = e2 + g.offset(0, 2) as usize;
//! assert_eq!(g.coord(e4), Some(Coord::new(4, 3)));
//! ```

use crate::coord::Coord;

/// A padded-board index.
pub type Square = usize;

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
        (c.rank as usize + self.pad as usize) * self.stride + c.file as usize + self.pad as usize
    }

    /// The coordinate of a padded index, or `None` outside the board rectangle.
    #[inline]
    pub fn coord(&self, sq: Square) -> Option<Coord> {
        let row = sq / self.stride;
        let col = sq % self.stride;
        let pad = self.pad as usize;
        if row < pad || col < pad {
            return None;
        }
        let (rank, file) = (row - pad, col - pad);
        (rank < self.ranks as usize && file < self.files as usize)
            .then(|| Coord::new(file as u8, rank as u8))
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
}
