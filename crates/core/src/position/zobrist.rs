//! Zobrist keys: a position's hash is the XOR of the keys of its parts, so make/unmake
//! update it incrementally.
//!
//! Keys are the SplitMix64 mix of a key index ([`xbetza::rng::splitmix64`]), so hashes are
//! the same on every run.

use xbetza::rng::splitmix64;

use crate::variant::geometry::Square;
use crate::variant::Role;

#[derive(Clone, Debug, Default)]
pub(crate) struct Keys {
    /// Indexed by `cell * cells + square` for piece cells (type and colour).
    pieces: Vec<u64>,
    cells: usize,
    pub side: u64,
}

impl Keys {
    /// Keys for `types` piece types on a board of `cells` cells. Only the rows a position
    /// can read are mixed: virginity (row 0), each type's two colours and e.p. (row 255);
    /// the rest of the 256 rows stay 0 (no cell holds those values). A key does not depend
    /// on `types`, so a hash is the same whatever else the variant defines, and building a
    /// variant costs `2 × types + 2` rows of mixing instead of 256 (a fuzzed definition is
    /// compiled thousands of times a second).
    pub fn new(types: usize, cells: usize) -> Keys {
        let mut pieces = vec![0; 256 * cells];
        let used = |row: usize| {
            let t = row & !(crate::variant::BLACK_BIT as usize);
            row == 0 || row == 255 || (1..=types).contains(&t)
        };
        for row in (0..256).filter(|&r| used(r)) {
            for (sq, key) in pieces[row * cells..(row + 1) * cells]
                .iter_mut()
                .enumerate()
            {
                *key = splitmix64((row * cells + sq) as u64 ^ 0x5EED_0000_0000);
            }
        }
        Keys {
            pieces,
            cells,
            side: splitmix64(0xC0FF_EE00),
        }
    }
    #[inline]
    pub fn piece(&self, cell: u8, sq: Square) -> u64 {
        self.pieces[usize::from(cell) * self.cells + sq.index()]
    }
    #[inline]
    pub fn virgin(&self, sq: Square) -> u64 {
        // Cell values 0 (empty) never carry a piece key: reuse that row for virginity.
        self.pieces[sq]
    }
    #[inline]
    pub fn ep(&self, sq: Square) -> u64 {
        // Row 255 (off-board) never holds a piece either.
        self.pieces[255 * self.cells + sq.index()]
    }
    /// The piece on `sq` got its type by promotion and reverts to type `from - 1` when
    /// captured (`from` is never 0 here).
    #[inline]
    pub fn promoted(&self, sq: Square, from: u8) -> u64 {
        splitmix64(self.pieces[sq] ^ (u64::from(from) << 56) ^ 0x7E_0000_0000)
    }
    pub fn hand(&self, t: Role, color: usize, count: u32) -> u64 {
        if count == 0 {
            0
        } else {
            splitmix64(
                (u64::from(t.byte()) << 40)
                    ^ ((color as u64) << 32)
                    ^ u64::from(count)
                    ^ 0x4A4D_0000_0000_0000,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{piece_cell, Color, Role, OFF};

    /// Every key a position reads is the mix of its index, as when all 256 rows were mixed
    /// (so hashes did not change when the unused rows stopped being filled).
    #[test]
    fn keys_read_by_positions_are_the_mix_of_their_index() {
        let (types, cells) = (3, 12);
        let k = Keys::new(types, cells);
        let mix = |row: usize, sq: usize| splitmix64((row * cells + sq) as u64 ^ 0x5EED_0000_0000);
        for i in 0..cells {
            let sq = Square::new(i);
            for t in 0..types {
                for c in [Color::White, Color::Black] {
                    let cell = piece_cell(Role::new(t), c);
                    assert_eq!(k.piece(cell, sq), mix(cell as usize, i), "{t} {c:?} {i}");
                    assert_ne!(k.piece(cell, sq), 0);
                }
            }
            assert_eq!(k.virgin(sq), mix(0, i));
            assert_eq!(k.ep(sq), mix(OFF as usize, i));
        }
    }
}
