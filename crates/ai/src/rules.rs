//! How games end, as the search sees them — the one place the AI turns results into
//! scores. The results themselves are the core's ([`Position::outcome`],
//! [`Position::decided`], and the variant's repetition and move rules), so the AI obeys
//! whatever the definition says: stalemate as a win or loss, baring, royal capture by
//! explosion, win squares.
//!
//! [`Position::outcome`]: fairyboard_core::Position::outcome
//! [`Position::decided`]: fairyboard_core::Position::decided

use fairyboard_core::game::GameResult;
use fairyboard_core::Position;

/// A mate score: won `MATE - score` plies from the root.
pub const MATE: i32 = 30_000;
/// Scores beyond this are forced results.
pub const MATE_BOUND: i32 = MATE - 1000;

/// A result as a score for the side to move, `ply` plies from the root (sooner wins
/// score higher, later losses less low).
pub fn result_score(pos: &Position, result: GameResult, ply: usize) -> i32 {
    match result.winner {
        None => 0,
        Some(w) if w == pos.side_to_move() => MATE - ply as i32,
        Some(_) => -MATE + ply as i32,
    }
}

/// The score of a position the board has already decided (no move generation).
#[inline]
pub fn decided_score(pos: &Position, ply: usize) -> Option<i32> {
    pos.decided().map(|r| result_score(pos, r, ply))
}

/// The score of a position whose side to move has no legal move: mate, or stalemate as
/// the variant scores it.
pub fn no_moves_score(pos: &mut Position, ply: usize) -> i32 {
    match pos.outcome() {
        Some(r) => result_score(pos, r, ply),
        None => 0,
    }
}

/// The fifty-move draw XBoard referees and engines (Fairy-Max among them) claim in every
/// variant, whatever its definition says: the AI plans with it when the variant has no
/// move rule of its own, so it makes progress (a capture or pawn move) in time.
pub const CLAIMED_MOVE_RULE: u32 = 50;

/// Moves per side without capture or pawn move after which the game is drawn: the
/// variant's `moveRule=`, or [`CLAIMED_MOVE_RULE`] when it has none.
#[inline]
pub fn move_rule(pos: &Position) -> u32 {
    match pos.variant().rules.move_rule {
        0 => CLAIMED_MOVE_RULE,
        rule => rule,
    }
}

/// A draw by the move rule ([`move_rule`]).
#[inline]
pub fn move_limit_reached(pos: &Position) -> bool {
    pos.halfmove_clock() >= 2 * move_rule(pos)
}
