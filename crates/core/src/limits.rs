//! The work budget for input from outside: how big a definition, a FEN or a hand may be,
//! and how deep one perft or search request may go. Everything that takes such input
//! (the catalogue loader, FEN parsing, the command line, the UCI and XBoard engines, the
//! server, the WebAssembly module) reads its bound here, so a request that would take
//! minutes is refused at once with an error that names the bound, instead of blocking a
//! protocol loop or a server thread.
//!
//! The numbers are far above any real game: Interactive Diagram definitions published on
//! chessvariants.com are a few kilobytes, and chess's perft at depth 10 already counts
//! about 69 trillion move paths (the published value is 69,352,859,712,417), so a perft
//! request is also bounded by the paths it counts ([`MAX_PERFT_PATHS`]).
//!
//! The README's "Work budgets" section lists every budget of the project in one table
//! (these and the compiler's, the renderer's and the server's), with who enforces each,
//! what is answered past it, and the test that checks it.

use std::fmt;

/// The longest definition text accepted, in bytes.
pub const MAX_DEFINITION_BYTES: usize = 64 * 1024;

/// The most pieces one hand may hold: far beyond any game, and far enough below the
/// counters' limit that captures can never overflow them.
pub const MAX_IN_HAND: u32 = 65_535;

/// The longest FEN accepted, in bytes: two full hands and the largest board fit. For a game
/// whose longest piece token has more than one byte, this times that length.
pub const MAX_FEN_BYTES: usize = 2 * MAX_IN_HAND as usize + 16 * 1024;

/// The longest Fairy-FEN (a drawn diagram, the renderer's format) accepted, in bytes: a
/// full 64×64 board of rotated neutral pieces fits easily.
pub const MAX_DIAGRAM_BYTES: usize = 32 * 1024;

/// The longest command line the UCI and XBoard engines read, in bytes: a `position fen`
/// with the longest FEN and a long game's moves fits many times over. A longer line is
/// skipped (never held in memory whole) and answered with an error.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The deepest perft one request may ask for.
pub const MAX_PERFT_DEPTH: u32 = 10;

/// The most move paths one perft request may count (UCI `go perft`, the WebAssembly
/// module's `perft`): chess's depth 6 (119,060,324) fits, depth 7 (3,195,901,860) does not.
/// Counting stops, with an error, as soon as the count passes it, so a request's work is
/// bounded whatever the variant's branching. The command line's `perft` has no such
/// budget (only [`MAX_PERFT_DEPTH`]): it runs in the user's own process, stopped by Ctrl-C.
pub const MAX_PERFT_PATHS: u64 = 1_000_000_000;

/// The deepest fixed-depth search one request may ask for (UCI `go depth`, XBoard `sd`).
pub const MAX_SEARCH_DEPTH: u32 = 90;

/// The longest time one search may be given, in milliseconds (a day): a UCI `movetime`
/// or clock beyond it is refused as absurd rather than taken at its word.
pub const MAX_SEARCH_MS: f64 = 24.0 * 3600.0 * 1000.0;

/// A request beyond one of the bounds above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitError {
    /// What was too large ("definition", "perft depth", ...).
    pub what: &'static str,
    /// How large it was.
    pub found: u64,
    /// The bound.
    pub limit: u64,
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} is over the limit of {}",
            self.what, self.found, self.limit
        )
    }
}

impl std::error::Error for LimitError {}

fn within(what: &'static str, found: u64, limit: u64) -> Result<(), LimitError> {
    if found > limit {
        Err(LimitError { what, found, limit })
    } else {
        Ok(())
    }
}

/// A definition text's size (bytes) against [`MAX_DEFINITION_BYTES`].
pub fn definition_size(bytes: u64) -> Result<(), LimitError> {
    within(
        "definition size (bytes)",
        bytes,
        MAX_DEFINITION_BYTES as u64,
    )
}

/// A perft depth against [`MAX_PERFT_DEPTH`].
pub fn perft_depth(depth: u32) -> Result<u32, LimitError> {
    within("perft depth", u64::from(depth), u64::from(MAX_PERFT_DEPTH)).map(|()| depth)
}

/// A search depth against [`MAX_SEARCH_DEPTH`].
pub fn search_depth(depth: u32) -> Result<u32, LimitError> {
    within(
        "search depth",
        u64::from(depth),
        u64::from(MAX_SEARCH_DEPTH),
    )
    .map(|()| depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_inclusive_and_errors_name_them() {
        assert_eq!(perft_depth(MAX_PERFT_DEPTH), Ok(MAX_PERFT_DEPTH));
        let e = perft_depth(MAX_PERFT_DEPTH + 1).unwrap_err();
        assert_eq!(e.to_string(), "perft depth of 11 is over the limit of 10");
        assert!(definition_size(64 * 1024).is_ok());
        assert!(definition_size(64 * 1024 + 1).is_err());
        assert!(search_depth(91).is_err());
    }
}
