//! The rules core of fairyboard: a variant compiled from an Interactive Diagram
//! definition, positions with make/unmake, legal move generation, FEN, notation, perft.

pub use idiagram::coord;
/// The deterministic random numbers (Zobrist keys, shuffles, value sampling, the AI's noise).
pub use xbetza::rng;

mod attack;
mod bitboard;
pub mod build;
pub mod catalogue;
pub mod definition;
pub mod explore;
pub mod fast_paths;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod limits;
pub mod marks;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod position;
mod ruled;
pub mod rules;
pub mod setup;
pub mod shuffle;
pub mod value;
pub mod variant;
mod zobrist;

pub use build::{BuildError, VariantSpec};
pub use marks::{Mark, MarkKind, Marks};
pub use movegen::Status;
pub use moves::{Move, MoveKind, MoveList, Squares};
pub use position::Position;
pub use setup::{Setup, SetupError};
pub use variant::{Color, Variant};
