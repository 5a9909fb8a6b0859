//! Games and their results: who won and why.
//!
//! A [`Position`] knows the results its board decides (checkmate, stalemate, a royal lost,
//! baring, win squares: [`Position::outcome`]); a [`Game`] adds what needs the history —
//! repetition and the move rule — and keeps the moves for undo and the record.
//!
//! ```
//! use fairyboard_core::{catalogue, game::{Game, Reason}, Color};
//! let mut game = Game::new(catalogue::load("chess").unwrap());
//! for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     game.play_uci(m).unwrap();
//! }
//! let result = game.result().unwrap();
//! assert_eq!(result.winner, Some(Color::Black));
//! assert_eq!(result.reason, Reason::Checkmate);
//! assert_eq!(result.pgn(), "0-1");
//! ```

use std::fmt;
use std::sync::Arc;

use crate::notation::NotationError;
use crate::position::moves::{Move, MoveList};
use crate::position::{Position, Undo};
use crate::variant::{Color, Variant};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reason {
    Checkmate,
    Stalemate,
    /// A royal piece was captured or destroyed (explosion, burning, locust...).
    RoyalCaptured,
    /// The loser had no piece of a baring type left and could not bare back.
    Bared,
    /// Both sides were bared in turn.
    CounterBared,
    /// A piece reached a win square (morph `+` or `#`).
    WinSquare,
    /// A position occurred for the n-th time (`repetition=`).
    Repetition,
    /// Too many moves without capture or pawn move (`moveRule=`).
    MoveLimit,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::RoyalCaptured => "royal captured",
            Reason::Bared => "bared",
            Reason::CounterBared => "counter-bared",
            Reason::WinSquare => "win square",
            Reason::Repetition => "repetition",
            Reason::MoveLimit => "move limit",
        }
    }
}

/// The end of a game: the winner (`None` for a draw) and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameResult {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl GameResult {
    pub fn win(winner: Color, reason: Reason) -> GameResult {
        GameResult {
            winner: Some(winner),
            reason,
        }
    }
    pub fn draw(reason: Reason) -> GameResult {
        GameResult {
            winner: None,
            reason,
        }
    }
    /// The PGN result token.
    pub fn pgn(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.winner {
            Some(Color::White) => "White wins",
            Some(Color::Black) => "Black wins",
            None => "draw",
        };
        write!(f, "{} ({}, {})", self.pgn(), who, self.reason.as_str())
    }
}

/// The result of a stalemate of `stalemated` (no legal move, not in check) under
/// `stalemate=`. H. G. Muller describes what the Interactive Diagram does
/// (<https://www.chessvariants.com/index/editcomment.php?reply=64003>, 2025): a side with no
/// legal move keeps the lowest score, a loss, and only `stalemate=draw` (the default) turns
/// that into a draw when it is not in check. So `stalemate=win` makes stalemate a win for the
/// side that *gives* it, as in Xiangqi and Chu Shogi ("needed in games without checking
/// rule"). The script has no way for the stalemated side to win; `stalemate=loss`, a value it
/// does not document, reads as a loss of the stalemated side too.
pub(crate) fn stalemate_result(stalemated: Color, o: idiagram::Outcome) -> GameResult {
    match o {
        idiagram::Outcome::Draw => GameResult::draw(Reason::Stalemate),
        idiagram::Outcome::Win | idiagram::Outcome::Loss => {
            GameResult::win(stalemated.flip(), Reason::Stalemate)
        }
    }
}

/// An outcome for a side (`counterbare=`) turned into a result.
pub(crate) fn outcome_for(side: Color, o: idiagram::Outcome, reason: Reason) -> GameResult {
    match o {
        idiagram::Outcome::Draw => GameResult::draw(reason),
        idiagram::Outcome::Win => GameResult::win(side, reason),
        idiagram::Outcome::Loss => GameResult::win(side.flip(), reason),
    }
}

/// Why a move could not be played in a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a move of this variant's notation.
    Notation(NotationError),
    /// The move is not legal here.
    Illegal(String),
    /// The game is already over.
    Over(GameResult),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Notation(e) => write!(f, "{e}"),
            PlayError::Illegal(why) => f.write_str(why),
            PlayError::Over(r) => write!(f, "the game is over: {r}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game: a position with its history.
#[derive(Clone, Debug)]
pub struct Game {
    pos: Position,
    /// Moves played, with what undoes them.
    history: Vec<(Move, Undo)>,
    /// Hashes of the positions before each move (for repetition).
    hashes: Vec<u64>,
    /// The shuffle number of the start position, if shuffled.
    pub shuffle: Option<u64>,
}

impl Game {
    /// A game from the variant's own setup.
    pub fn new(variant: Arc<Variant>) -> Game {
        Game::from_position(Position::start(variant))
    }

    pub fn from_position(pos: Position) -> Game {
        Game {
            pos,
            history: Vec::new(),
            hashes: Vec::new(),
            shuffle: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position, for generating moves (the game's history is unaffected).
    pub fn position_mut(&mut self) -> &mut Position {
        &mut self.pos
    }

    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.history.iter().map(|(m, _)| m)
    }

    /// The hashes of the positions before each move, oldest first: what a search needs to
    /// see repetitions of the game's earlier positions.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The legal moves now (none once the game is over: a position decided by the board
    /// has none of itself, a drawn history is checked here).
    pub fn legal_moves(&mut self) -> MoveList {
        if self.history_draw().is_some() {
            return MoveList::new();
        }
        self.pos.legal_moves()
    }

    /// Play a legal move.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        if !self.legal_moves().contains(m) {
            if let Some(r) = self.result() {
                return Err(PlayError::Over(r));
            }
            let v = self.pos.variant().clone();
            return Err(PlayError::Illegal(format!(
                "{} is not legal here",
                v.uci(m)
            )));
        }
        self.push(m);
        Ok(())
    }

    /// Play a move given in coordinate notation.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, PlayError> {
        self.play_parsed(text, Position::parse_uci)
    }

    /// Play a move given in coordinate notation or SAN ([`Position::parse_move`]), as a
    /// game's moves are copied from a PGN.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        self.play_parsed(text, Position::parse_move)
    }

    fn play_parsed(
        &mut self,
        text: &str,
        parse: fn(&mut Position, &str) -> Result<Move, NotationError>,
    ) -> Result<Move, PlayError> {
        if let Some(r) = self.history_draw() {
            return Err(PlayError::Over(r));
        }
        match parse(&mut self.pos, text) {
            Ok(m) => {
                self.push(&m);
                Ok(m)
            }
            Err(e) => Err(match self.pos.outcome() {
                Some(r) => PlayError::Over(r),
                None => PlayError::Notation(e),
            }),
        }
    }

    /// Record and make a move already known to be legal.
    fn push(&mut self, m: &Move) {
        self.hashes.push(self.pos.hash());
        let undo = self.pos.make(m);
        self.history.push((*m, undo));
    }

    /// Take back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let (m, undo) = self.history.pop()?;
        self.hashes.pop();
        self.pos.unmake(&m, undo);
        Some(m)
    }

    /// How many times the current position occurred before (same hash, same side).
    fn repetitions(&self) -> usize {
        let h = self.pos.hash();
        // Only positions since the last irreversible move can repeat.
        let reversible = (self.pos.halfmove_clock() as usize).min(self.hashes.len());
        self.hashes[self.hashes.len() - reversible..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&x| x == h)
            .count()
    }

    /// The result, once the game is over.
    pub fn result(&mut self) -> Option<GameResult> {
        self.pos.outcome().or_else(|| self.history_draw())
    }

    /// A draw the history decides: repetition or the move rule.
    fn history_draw(&self) -> Option<GameResult> {
        let rules = &self.pos.variant().rules;
        if rules.repetition >= 2 && self.repetitions() + 1 >= rules.repetition as usize {
            return Some(GameResult::draw(Reason::Repetition));
        }
        if rules.move_rule > 0 && self.pos.halfmove_clock() >= 2 * rules.move_rule {
            return Some(GameResult::draw(Reason::MoveLimit));
        }
        None
    }
}
