//! `fairyboard`: a thin command line over the library crates.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use fairyboard_core::coord::Coord;
use fairyboard_core::{catalogue, limits, perft, Position, Variant};

mod cmd;

#[derive(Parser)]
#[command(
    name = "fairyboard",
    version,
    about = "Chess variants from Interactive Diagram definitions"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf nodes of the legal move tree.
    Perft {
        /// A definition file, or a catalogue name (variants/NAME.txt).
        variant: String,
        /// Plies to search.
        depth: u32,
        /// Start from this FEN instead of the definition's setup.
        #[arg(long)]
        fen: Option<String>,
        /// One `move: count` line per root move.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves, sorted, one per line.
    Moves {
        variant: String,
        #[arg(long)]
        fen: Option<String>,
    },
    /// Show a Betza descriptor's compiled leg program and its targets on an empty board.
    Betza {
        descriptor: String,
        /// The piece's square.
        #[arg(long, default_value = "d4")]
        from: String,
        /// Board size, WxH.
        #[arg(long, default_value = "8x8")]
        board: String,
    },
    /// Report every diagnostic of a definition (line, column, what was done); fails only on errors.
    Check(cmd::check::Args),
    /// Replay a game and referee it: final FEN and result, or the first illegal move.
    Play(cmd::play::Args),
    /// Draw a Fairy-FEN or variant position as SVG or PNG.
    Render(cmd::render::Args),
    /// Write a variant's generated rules page (HTML).
    Rules(cmd::rules::Args),
    /// Serve the catalogue website: live diagrams, rules pages, diagram images.
    Serve(cmd::serve::Args),
    /// Play as an engine over the XBoard (CECP) protocol on stdin/stdout.
    Xboard(cmd::xboard::Args),
    /// Play as an engine over the UCI protocol on stdin/stdout.
    Uci(cmd::uci::Args),
    /// Referee a match between two XBoard engines.
    Match(cmd::matches::Args),
}

pub(crate) fn position(variant: &str, fen: Option<&str>) -> Result<Position, String> {
    let v: Arc<Variant> = catalogue::load(variant).map_err(|e| e.to_string())?;
    match fen {
        Some(f) => Position::from_fen(v, f).map_err(|e| e.to_string()),
        None => Ok(Position::start(v)),
    }
}

fn run(cli: Cli) -> Result<String, String> {
    let mut out = String::new();
    match cli.command {
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
        } => {
            let depth = limits::perft_depth(depth).map_err(|e| e.to_string())?;
            let mut pos = position(&variant, fen.as_deref())?;
            let total = if divide {
                let rows = perft::divide(&mut pos, depth);
                for (m, n) in &rows {
                    let _ = writeln!(out, "{m}: {n}");
                }
                rows.iter().map(|(_, n)| n).sum()
            } else {
                perft::perft(&mut pos, depth)
            };
            let _ = writeln!(out, "Nodes searched: {total}");
        }
        Command::Moves { variant, fen } => {
            let mut pos = position(&variant, fen.as_deref())?;
            // Each line as `play` reads it back: a castling that ends where the king's plain
            // step ends (Wildebeest's `isO1`) is written as the king taking its partner,
            // rather than twice the same text.
            let moves = pos.legal_moves();
            let mut names: Vec<String> = moves.iter().map(|m| pos.uci(m)).collect();
            names.sort();
            for n in names {
                let _ = writeln!(out, "{n}");
            }
        }
        Command::Betza {
            descriptor,
            from,
            board,
        } => {
            let (w, h) = board
                .split_once(['x', 'X'])
                .and_then(|(w, h)| Some((w.parse::<u8>().ok()?, h.parse::<u8>().ok()?)))
                .ok_or_else(|| format!("--board '{board}': expected WxH, e.g. 8x8"))?;
            let from: Coord = from.parse().map_err(|e| format!("--from '{from}': {e}"))?;
            let parsed = xbetza::parse(&descriptor).map_err(|e| format!("'{descriptor}': {e}"))?;
            for w in &parsed.warnings {
                eprintln!("warning: {w}");
            }
            let program = xbetza::compile(
                &parsed,
                &xbetza::CompileOptions {
                    max_range: w.max(h),
                },
            )
            .map_err(|e| format!("'{descriptor}': {e}"))?;
            let _ = writeln!(out, "{program}");
            let targets = fairyboard_core::explore::targets_on_empty_board(&descriptor, w, h, from)
                .map_err(|e| e.to_string())?;
            let _ = writeln!(out, "targets from {from}: {}", targets.join(" "));
        }
        Command::Check(args) => return cmd::check::run(args),
        Command::Play(args) => return cmd::play::run(args),
        Command::Render(args) => return cmd::render::run(args),
        Command::Rules(args) => return cmd::rules::run(args),
        Command::Serve(args) => return cmd::serve::run(args),
        Command::Xboard(args) => return cmd::xboard::run(args),
        Command::Uci(args) => return cmd::uci::run(args),
        Command::Match(args) => return cmd::matches::run(args),
    }
    Ok(out)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(text) => {
            // A closed pipe (`fairyboard moves chess | head -3`) is not an error.
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("error: writing output: {e}");
                    ExitCode::FAILURE
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
