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
pub mod rules;
pub mod search;
pub mod tt;

pub use search::{mate_in, Control, Info, Limits, NoClock, Options, SearchResult, Searcher};

/// A native stopwatch [`Control`] with a shared stop flag (protocol front ends). Not on
/// wasm32, where the page supplies `performance.now()` through its own [`Control`].
#[cfg(not(target_arch = "wasm32"))]
pub mod native {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Instant;

    use crate::{Control, Info};

    /// Receives each iteration's report and the milliseconds spent.
    type OnInfo<'a> = Box<dyn FnMut(&Info, f64) + 'a>;

    pub struct Stopwatch<'a> {
        start: Instant,
        stop: Arc<AtomicBool>,
        on_info: OnInfo<'a>,
    }

    impl<'a> Stopwatch<'a> {
        /// `on_info` gets each iteration's report and the milliseconds spent.
        pub fn new(stop: Arc<AtomicBool>, on_info: impl FnMut(&Info, f64) + 'a) -> Stopwatch<'a> {
            Stopwatch {
                start: Instant::now(),
                stop,
                on_info: Box::new(on_info),
            }
        }
    }

    impl Control for Stopwatch<'_> {
        fn now_ms(&mut self) -> f64 {
            self.start.elapsed().as_secs_f64() * 1000.0
        }
        fn should_stop(&mut self) -> bool {
            self.stop.load(Ordering::Relaxed)
        }
        fn info(&mut self, info: &Info) {
            let ms = self.now_ms();
            (self.on_info)(info, ms);
        }
    }
}
