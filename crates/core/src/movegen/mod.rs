//! Move generation: the interpreter of linked leg programs, and legality.
//!
//! Single-leg records (leapers, sliders, pawns' lame double steps) run in a tight loop;
//! everything else goes through the general interpreter, which walks the pre-order record
//! list with one reached square per leg depth (see `xbetza::program`).

//!
//! The room's files: `generate` (entry points: every piece, drops, imitation and
//! borrowing), `walk` (the leg interpreter), `emit` (building a found move),
//! `check` (attack queries), `legal` (legality, the legal move list, [`Status`]),
//! `count` (bulk counting), `attack` (the attack table), [`perft`].
//!
//! This room reads positions and never changes one except by make/unmake
//! ([`crate::position`]); rule effects beyond movement are [`crate::rules`]'s, and plain
//! variants' legal moves come from the bitboard generator.

pub(crate) mod attack;
mod check;
mod count;
mod emit;
mod generate;
mod legal;
pub mod perft;
mod walk;

pub use crate::bitboard::{Candidates, SquareSet};
pub(crate) use emit::{Arrival, Mover, Sink};
pub(crate) use legal::DropMate;
pub use legal::Status;

/// The deepest leg program the interpreter supports.
pub const MAX_LEGS: usize = 32;
