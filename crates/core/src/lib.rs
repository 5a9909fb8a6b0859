//! The rules core of fairyboard.

pub mod coord;
