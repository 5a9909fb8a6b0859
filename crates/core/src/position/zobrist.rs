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
    pub fn new(types: usize, cells: usize) -> Keys {
        let n = 256 * cells;
        let _ = types;
        Keys {
            pieces: (0..n as u64)
                .map(|i| splitmix64(i ^ 0x5EED_0000_0000))
                .collect(),
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
