//! The rules room: everything a definition says beyond how pieces move.
//!
//! [`set`] compiles the definition's rule parameters into a [`RuleSet`] once per variant
//! (the capture matrix, iron and trading rules, spells, royalty, baring, win squares); the
//! game-end side (`Position::outcome`) and the move filters and effects applied on the ruled
//! path live beside it. A new rules parameter is declared in the format's parameter table
//! (`idiagram::params`: name, value syntax, one line of doc; the parser reads it from
//! there), compiled into the [`RuleSet`] in [`set`], applied in `effects`, and classified in
//! the fast-path gate's [`PARAMETERS`](crate::variant::fast_paths::PARAMETERS), whose test
//! fails until it is.
//!
//! This room reads positions and moves but generates none: pseudo-legal moves come from
//! [`crate::movegen`], and which variants may skip the rules entirely is the fast-path
//! gate's decision ([`crate::variant::fast_paths`]).

pub(crate) mod effects;
pub mod set;

pub(crate) use set::{burn_steps, has, Extra};
pub use set::{Effect, RuleOutcome, RuleSet, SpellKind, TypeSet, ZoneSteps};
