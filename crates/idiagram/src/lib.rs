//! The Interactive Diagram definition format (H. G. Muller's `betza.js` diagrams).

pub mod coord;
