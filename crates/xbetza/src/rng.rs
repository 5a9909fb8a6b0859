//! The workspace's deterministic pseudo-random numbers, in one place: nothing here is for
//! security, everything must be the same on every run and every platform.
//!
//! * [`splitmix64`] and [`SplitMix`]: Sebastiano Vigna's SplitMix64 (the seeding generator
//!   of the xoshiro family, <https://prng.di.unimi.it/splitmix64.c>). Its output function
//!   is a good 64-bit mixer on its own, so Zobrist keys are `splitmix64` of a key index;
//!   shuffle numbers, piece-value sampling and the AI's noise and move-order tie-breaks draw
//!   from [`SplitMix`].
//! * [`Rng`]: Marsaglia's xorshift64 (shifts 13, 7, 17), the source of the random
//!   descriptors and boards of the differential tests ([`crate::random`]). It stays a
//!   separate stream because stored proptest regressions name seeds of it.
//!
//! The streams are fixed: Zobrist keys, shuffle numbers and recorded test cases depend on
//! them.

/// The golden-ratio increment of SplitMix64.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output for state `x` (one step from `x`): a bijective 64-bit mixer.
#[inline]
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The SplitMix64 generator; the state is public so a seed is just `SplitMix(seed)`.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        let out = splitmix64(self.0);
        self.0 = self.0.wrapping_add(GOLDEN);
        out
    }
    /// A number below `n` (0 when `n` is 0), by remainder.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// The xorshift64 generator of the test-data generators.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_published_sequence() {
        // The first outputs for seed 1234567 as Rosetta Code lists them
        // (rosettacode.org/wiki/Pseudo-random_numbers/Splitmix64).
        let mut r = SplitMix(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
        assert_eq!(r.next_u64(), 9817491932198370423);
        // The mixer alone is the first output from a state: seed 0 gives 0xE220A8397B1DCDAF.
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
    }
}
