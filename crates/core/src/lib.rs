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
//! * [`notation`] — move text: coordinate notation, SAN read and write, PGN.
//! * [`marks`] — what a move does to the squares it touches, for display: the live marks
//!   of a piece being entered leg by leg, the move diagrams of a piece on an empty board
//!   ([`marks::explore`]).
//! * [`game`] — a game's history and results; [`limits`] — the work budgets.
//!
//! Inside the crate every path names its room (`crate::position::fen`). The re-exports
//! below are the crate's public facade for callers in other crates
//! (`fairyboard_core::catalogue`, `fairyboard_core::Position`, ...).

pub use idiagram::coord;
/// The deterministic random numbers (Zobrist keys, shuffles, value sampling, the AI's noise).
pub use xbetza::rng;

mod bitboard;
pub mod game;
pub mod limits;
pub mod marks;
pub mod movegen;
pub mod position;
pub mod rules;
pub mod variant;

pub use movegen::perft;
pub use position::fen;
pub use position::moves;
pub use position::setup;
pub use variant::build;
pub use variant::definition;
pub use variant::value;
pub mod notation;
pub use variant::{catalogue, fast_paths, geometry, shuffle};

pub use idiagram::{Diagnostic, Severity};
pub use marks::explore;
pub use marks::{Mark, MarkKind, Marks};
pub use movegen::Status;
pub use moves::{Move, MoveKind, MoveList, Squares};
pub use notation::pgn;
pub use position::Position;
pub use setup::{Setup, SetupError};
pub use variant::{Color, Variant};
