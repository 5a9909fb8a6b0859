//! XBetza move notation: parse a descriptor into an AST, compile it into a leg program.

pub mod program;

pub use program::{Flags, Kind, Program, Record, Step};
