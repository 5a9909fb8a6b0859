//! The rules core of fairyboard: a variant compiled from an Interactive Diagram
//! definition, positions with make/unmake, legal move generation, FEN, notation, perft.
//!
//! The crate is split into rooms, each a folder whose module doc says what it holds and
//! what it may not touch:
//!
//! * [`variant`] — the definition compiled into a [`Variant`]: board geometry, piece types
//!   and their leg programs, the catalogue, shuffles, piece values, the fast-path gate.
//! * [`position`] — the [`Position`] type, make/unmake, [`Setup`], FEN, Zobrist keys.
//! * [`movegen`] — the leg interpreter, move building, attack queries, legality, counting
//!   and perft.
//! * `bitboard` — the bitboard generator the gate picks for plain variants.
//! * [`rules`] — the compiled rule set (capture matrix, spells, baring, ...) and its effects.
//! * [`notation`], [`game`], [`marks`], [`explore`] — move text, game history and results,
//!   the diagram's move marks, piece exploration on an empty board.
//!
//! The old flat paths (`fairyboard_core::fen`, `fairyboard_core::build`, ...) are kept as
//! re-exports below so callers do not change.

pub use idiagram::coord;
/// The deterministic random numbers (Zobrist keys, shuffles, value sampling, the AI's noise).
pub use xbetza::rng;

mod bitboard;
pub mod explore;
pub mod game;
pub mod limits;
pub mod marks;
pub mod movegen;
pub mod pgn;
pub mod position;
pub mod rules;
pub mod variant;

pub(crate) use movegen::attack;
pub use movegen::perft;
pub use position::fen;
pub use position::moves;
pub use position::setup;
pub(crate) use position::zobrist;
pub use variant::build;
pub use variant::definition;
pub use variant::value;
pub mod notation;
pub use variant::{catalogue, fast_paths, geometry, shuffle};

pub use idiagram::{Diagnostic, Severity};
pub use marks::{Mark, MarkKind, Marks};
pub use movegen::Status;
pub use moves::{Move, MoveKind, MoveList, Squares};
pub use position::Position;
pub use setup::{Setup, SetupError};
pub use variant::{Color, Variant};
