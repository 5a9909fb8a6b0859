//! `fairyboard play`: replay a game and referee it.
//!
//! Prints the final FEN, then the result as a PGN token with its reason when the game is
//! over. The first illegal move stops the replay with its ply number and the reason, and
//! the command fails.

use std::fmt::Write as _;

use fairyboard_core::game::{Game, PlayError};
use fairyboard_core::{catalogue, Position};

#[derive(clap::Args)]
pub struct Args {
    /// A definition file, or a catalogue name (variants/NAME.txt).
    variant: String,
    /// Start from this FEN instead of the definition's setup.
    #[arg(long)]
    fen: Option<String>,
    /// Start from shuffle number N of the definition's `shuffle=` rule.
    #[arg(long, conflicts_with = "fen")]
    shuffle: Option<u64>,
    /// The moves, in coordinate notation or SAN as a PGN writes them, separated by spaces
    /// (move numbers like `1.` and a trailing result token are ignored).
    #[arg(long, default_value = "")]
    moves: String,
}

pub fn run(args: Args) -> Result<String, String> {
    let variant = catalogue::load(&args.variant).map_err(|e| e.to_string())?;
    let start = match (&args.fen, args.shuffle) {
        (Some(f), _) => Position::from_fen(variant.clone(), f).map_err(|e| e.to_string())?,
        (None, Some(n)) => Position::start_shuffled(variant.clone(), n)
            .map_err(|e| format!("--shuffle {n}: {e}"))?,
        (None, None) => Position::start(variant.clone()),
    };
    let mut game = Game::from_position(start);
    game.shuffle = args.shuffle;
    for (i, text) in args
        .moves
        .split_whitespace()
        .filter(|t| !is_move_number(t) && !is_result(t))
        .enumerate()
    {
        let ply = i + 1;
        if let Err(e) = game.play_text(text) {
            let why = match &e {
                PlayError::Notation(n) => n.reason.clone(),
                other => other.to_string(),
            };
            return Err(format!("ply {ply}: {text}: {why}"));
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "{}", game.position().to_fen());
    if let Some(r) = game.result() {
        let _ = writeln!(out, "{} {{{}}}", r.pgn(), r.reason.as_str());
    }
    Ok(out)
}

fn is_move_number(t: &str) -> bool {
    t.ends_with('.') && t.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit())
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}
