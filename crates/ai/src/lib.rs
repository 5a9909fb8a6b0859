//! The fairyboard AI: alpha-beta search over the rules core, for any defined variant.
//!
//! ```
//! use fairyboard_ai::{Limits, NoClock, Options, Searcher};
//! use fairyboard_core::{catalogue, Position};
//! let variant = catalogue::load("chess").unwrap();
//! let mut searcher = Searcher::new(variant.clone(), Options::default());
//! let mut pos = Position::start(variant);
//! let result = searcher.search(&mut pos, &[], &Limits::depth(3), &mut NoClock);
//! assert!(result.best.is_some());
//! ```

pub mod eval;
pub mod fit;
pub mod named;
pub mod rules;
pub mod search;
pub mod think;
pub mod tt;

pub use search::{mate_in, Info, Options, SearchResult, Searcher};
#[cfg(not(target_arch = "wasm32"))]
pub use think::Stopwatch;
pub use think::{Control, Limits, NoClock, Thinker};
