//! The engine glue both protocols share (`uci`, `xboard`). Each keeps its game as a
//! [`Game`] — position, history and repetition in one place — and plays, searches and
//! declares results through here, so a move line is judged the same way whichever protocol
//! brings it (e.g. the repetition draw on the third occurrence).

use std::sync::Arc;

use fairyboard_ai::{Control, Limits, Options, SearchResult, Searcher};
use fairyboard_core::game::{Game, GameResult, PlayError};
use fairyboard_core::Move;

/// The searcher with its options, made on the first search and kept (with its hash table)
/// until the variant or an option changes.
pub(crate) struct Thinker {
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

    /// Search the game's current position, with its history for repetitions.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        control: &mut dyn Control,
    ) -> SearchResult {
        let variant = game.position().variant();
        if self
            .searcher
            .as_ref()
            .is_none_or(|s| !Arc::ptr_eq(s.variant(), variant))
        {
            self.searcher = Some(Searcher::new(variant.clone(), self.options));
        }
        let searcher = self.searcher.as_mut().expect("just made");
        let mut pos = game.position().clone();
        searcher.search(&mut pos, game.hashes(), limits, control)
    }
}

/// Play a move in coordinate notation. A drop's piece letter may be lower case (XBoard
/// writes Black's that way). A game already over (board or history) takes no move.
pub(crate) fn play_text(game: &mut Game, text: &str) -> Result<Move, PlayError> {
    match game.play_uci(text) {
        Err(PlayError::Notation(e)) => match text.split_once('@') {
            Some((p, sq)) if p != p.to_uppercase() => game
                .play_uci(&format!("{}@{sq}", p.to_uppercase()))
                .map_err(|_| PlayError::Notation(e)),
            _ => Err(PlayError::Notation(e)),
        },
        r => r,
    }
}

/// A finished game as both protocols declare it: the PGN result and the reason in braces,
/// as XBoard's `RESULT {COMMENT}` command has it.
pub(crate) fn result_text(r: &GameResult) -> String {
    format!("{} {{{}}}", r.pgn(), r.reason.as_str())
}
