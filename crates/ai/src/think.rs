//! The search driver every front end shares: what a search may spend ([`Limits`], with the
//! time allocation from a chess clock), how it learns the time and a stop request
//! ([`Control`]; [`Stopwatch`] natively), and the [`Thinker`] that keeps one [`Searcher`]
//! with its hash table from move to move.
//!
//! The UCI and XBoard protocols of the command line and the browser's bindings all drive
//! the search through here, so a clock is read, a move's time is allotted and the searcher
//! is kept (or made afresh for a new variant) the same way whichever front end asks. The
//! iterative deepening itself is [`Searcher::search`]; this module decides how long it runs.
//!
//! ```
//! use fairyboard_ai::{Limits, NoClock, Options, Thinker};
//! use fairyboard_core::{catalogue, Position};
//! let variant = catalogue::load("chess").unwrap();
//! let mut thinker = Thinker::new(Options::default());
//! let pos = Position::start(variant);
//! let result = thinker.search(&pos, &[], &Limits::depth(2), &mut NoClock);
//! assert!(result.best.is_some());
//! // 5 minutes on the clock, 2 s increment, 40 moves to the control: well under a tenth of it.
//! let limits = Limits::clock(300_000.0, 2_000.0, Some(40), 0);
//! assert!(limits.soft_ms.unwrap() < 30_000.0);
//! assert!(limits.hard_ms.unwrap() >= limits.soft_ms.unwrap());
//! ```

use std::sync::Arc;

use fairyboard_core::Position;

use crate::search::{Info, Options, SearchResult, Searcher};

/// What the search may use; `None` = no limit of that kind. With no limit at all it
/// searches to [`MAX_PLY`](crate::search::MAX_PLY) (stopped only by [`Control::should_stop`]).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop in the middle of an iteration after this many milliseconds.
    pub hard_ms: Option<f64>,
    /// Start no new iteration after this many milliseconds.
    pub soft_ms: Option<f64>,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
    /// A fixed time per move.
    pub fn movetime(ms: f64) -> Limits {
        Limits {
            hard_ms: Some(ms),
            soft_ms: Some(ms),
            ..Limits::default()
        }
    }
    /// Time for one move from a clock: `left_ms` on it, `inc_ms` added per move,
    /// `moves_to_go` moves until the next time control (None: the rest of the game), and
    /// `ply` half-moves played so far ([`Position::game_ply`]).
    pub fn clock(left_ms: f64, inc_ms: f64, moves_to_go: Option<u32>, ply: u32) -> Limits {
        // Keep a reserve for pipes and a busy machine.
        let left = (left_ms - 60.0 - left_ms * 0.03).max(1.0);
        let (soft, hard) = match moves_to_go {
            Some(mtg) => {
                let mtg = mtg.clamp(1, 30) as f64;
                let soft = (left / (mtg + 3.0) + inc_ms * 0.7).min(left * 0.3);
                (soft, (soft * 2.5).min(left * 0.3))
            }
            None => {
                // Sudden death: Stockfish's schedule (`src/timeman.cpp` in its sources):
                // of the time left over a 50-move horizon, a share that grows with the
                // game's ply, 0.0084 + 0.0042·√(ply + 3), and at most 4–7 times that for
                // a move whose search keeps changing its mind. Ours is 1.35 times its
                // share because our search stops earlier on it (a new iteration starts
                // only before 0.6 of it once the best move has settled). So scaled,
                // against Fairy-Stockfish at a third of our clock we spend 3.1–3.4 times
                // its time in moves 6–25, where games are decided; the fixed 14-move
                // horizon this replaces spent 3.3–3.5 times its time in moves 1–10 and
                // 2.2–2.8 in moves 11–25 (BENCHMARKS.md, run 57).
                let horizon = 50.0;
                // The pool: the clock and the horizon's increments, less 10 ms a move
                // for the pipes (Stockfish's default move overhead).
                let overhead = 10.0;
                let pool = (left + inc_ms * (horizon - 1.0) - overhead * (horizon + 2.0)).max(1.0);
                let ply = ply as f64;
                let share = (0.0084 + 0.0042 * (ply + 3.0).sqrt()).min(0.2 * left / pool);
                let optimum = share * pool;
                let stretch = (4.0 + ply / 12.0).min(7.0);
                (
                    (optimum * 1.35).min(left * 0.3),
                    (optimum * stretch).min(left * 0.5),
                )
            }
        };
        Limits {
            hard_ms: Some(hard.max(soft).max(1.0)),
            soft_ms: Some(soft.max(1.0)),
            ..Limits::default()
        }
    }
}

/// The caller's side of a search: the clock, a stop request and progress reports.
pub trait Control {
    /// Milliseconds since any fixed origin (only differences are used).
    fn now_ms(&mut self) -> f64;
    /// Asked every few thousand nodes: stop as soon as possible.
    fn should_stop(&mut self) -> bool {
        false
    }
    /// Called after each completed iteration.
    fn info(&mut self, _info: &Info) {}
}

/// A control with no clock: for searches limited by depth or nodes only.
pub struct NoClock;

impl Control for NoClock {
    fn now_ms(&mut self) -> f64 {
        0.0
    }
}

/// A native stopwatch [`Control`] with a shared stop flag, for the protocol front ends: the
/// flag is raised by the thread that reads the GUI's commands. Not on wasm32, where the page
/// supplies its own clock through a [`Control`].
#[cfg(not(target_arch = "wasm32"))]
pub struct Stopwatch<'a> {
    start: std::time::Instant,
    stop: Arc<std::sync::atomic::AtomicBool>,
    on_info: OnInfo<'a>,
}

/// Receives each iteration's report and the milliseconds spent.
#[cfg(not(target_arch = "wasm32"))]
type OnInfo<'a> = Box<dyn FnMut(&Info, f64) + 'a>;

#[cfg(not(target_arch = "wasm32"))]
impl<'a> Stopwatch<'a> {
    /// `on_info` gets each iteration's report and the milliseconds spent.
    pub fn new(
        stop: Arc<std::sync::atomic::AtomicBool>,
        on_info: impl FnMut(&Info, f64) + 'a,
    ) -> Stopwatch<'a> {
        Stopwatch {
            start: std::time::Instant::now(),
            stop,
            on_info: Box::new(on_info),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Control for Stopwatch<'_> {
    fn now_ms(&mut self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }
    fn should_stop(&mut self) -> bool {
        self.stop.load(std::sync::atomic::Ordering::Relaxed)
    }
    fn info(&mut self, info: &Info) {
        let ms = self.now_ms();
        (self.on_info)(info, ms);
    }
}

/// The searcher with its options, made on the first search and kept (with its hash table)
/// until the variant or an option changes: what a front end holds between moves, so that
/// one move's search reuses what the last one learnt.
pub struct Thinker {
    options: Options,
    searcher: Option<Searcher>,
}

impl Thinker {
    pub fn new(options: Options) -> Thinker {
        Thinker {
            options,
            searcher: None,
        }
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// Change the search options (the next search starts a fresh searcher).
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
        self.searcher = None;
    }

    /// Forget the searcher (a new variant or game).
    pub fn reset(&mut self) {
        self.searcher = None;
    }

    /// Forget what earlier searches learnt, keeping the hash table's memory.
    pub fn clear(&mut self) {
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
    }

    /// Search `pos` on a copy, with the game's earlier position keys (`history`, oldest
    /// first) for repetitions. A position of another variant than the last search's gets a
    /// fresh searcher.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        control: &mut dyn Control,
    ) -> SearchResult {
        let variant = pos.variant();
        if self
            .searcher
            .as_ref()
            .is_none_or(|s| !Arc::ptr_eq(s.variant(), variant))
        {
            self.searcher = Some(Searcher::new(variant.clone(), self.options));
        }
        let searcher = self.searcher.as_mut().expect("just made");
        let mut pos = pos.clone();
        searcher.search(&mut pos, history, limits, control)
    }
}

#[cfg(test)]
mod tests {
    use super::Limits;

    #[test]
    fn sudden_death_follows_the_schedule_worked_by_hand() {
        // 10 s + 0.1 at the first move: 9,640 ms after the reserve, a pool of
        // 9,640 + 49 × 100 − 52 × 10 = 14,020 ms, a share of 0.0084 + 0.0042 × √3 =
        // 0.015675, so 219.8 ms, and 1.35 times that is 296.7 ms.
        let l = Limits::clock(10_000.0, 100.0, None, 0);
        let soft = l.soft_ms.unwrap();
        assert!((soft - 296.7).abs() < 0.5, "{soft}");
        // At ply 61 the share is 0.0084 + 0.0042 × 8 = 0.042, so 588.8 ms, and the
        // stretch 4 + 61/12 is over its cap of 7: 4,121.8 ms, under half the clock.
        let l = Limits::clock(10_000.0, 100.0, None, 61);
        let (soft, hard) = (l.soft_ms.unwrap(), l.hard_ms.unwrap());
        assert!((soft - 588.84 * 1.35).abs() < 0.5, "{soft}");
        assert!((hard - 4_121.9).abs() < 0.5, "{hard}");
    }

    #[test]
    fn an_allotment_stays_inside_the_clock() {
        for left in [5.0, 70.0, 400.0, 3_330.0, 10_000.0, 600_000.0] {
            for inc in [0.0, 33.0, 100.0, 5_000.0] {
                for to_go in [None, Some(1), Some(40)] {
                    for ply in [0, 1, 20, 61, 150, 1_000] {
                        let l = Limits::clock(left, inc, to_go, ply);
                        let (soft, hard) = (l.soft_ms.unwrap(), l.hard_ms.unwrap());
                        assert!(soft >= 1.0 && hard >= soft, "{left} {inc} {to_go:?} {ply}");
                        // Never more than half of what is left (a tiny clock gets 1 ms).
                        assert!(
                            hard <= (left * 0.5).max(1.0),
                            "{left} {inc} {to_go:?} {ply}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn later_moves_get_a_larger_share_of_the_same_clock() {
        let soft = |ply| Limits::clock(5_000.0, 100.0, None, ply).soft_ms.unwrap();
        assert!(soft(10) < soft(30) && soft(30) < soft(60));
    }
}
