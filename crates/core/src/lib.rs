//! The rules core of fairyboard.

pub use idiagram::coord;
