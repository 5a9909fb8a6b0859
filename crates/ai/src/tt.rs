//! The transposition table, keyed by the core's Zobrist hash ([`Position::hash`]).
//!
//! Stored moves are hints only: the search plays a TT move only if it is in the freshly
//! generated legal list, so a hash collision can cost time but never an illegal move.
//!
//! [`Position::hash`]: fairyboard_core::Position::hash

use fairyboard_core::Move;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    generation: u8,
}

/// A fixed-size, always-addressable table (one entry per slot).
pub struct Table {
    slots: Vec<Option<Entry>>,
    generation: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least 1024 entries).
    pub fn new(mb: usize) -> Table {
        let size = std::mem::size_of::<Option<Entry>>();
        let n = ((mb.max(1) << 20) / size).max(1024);
        Table {
            slots: vec![None; n],
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.generation = 0;
    }

    /// A new search begins: older entries become preferred victims.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Store, keeping a deeper entry of this search for another position, and a much
    /// deeper one of the same position against a bound.
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let generation = self.generation;
        if let Some(old) = self.slots[i] {
            if old.key != key && old.generation == generation && old.depth as i32 > depth + 2 {
                return;
            }
            // The same position searched much deeper keeps its entry against a shallow
            // bound (a quiescence result must not erase a main-search one).
            if old.key == key && old.depth as i32 > depth + 3 && bound != Bound::Exact {
                return;
            }
        }
        let mv = mv.or_else(|| self.slots[i].filter(|e| e.key == key).and_then(|e| e.mv));
        self.slots[i] = Some(Entry {
            key,
            mv,
            score,
            depth: depth.clamp(-100, 1000) as i16,
            bound,
            generation,
        });
    }
}
