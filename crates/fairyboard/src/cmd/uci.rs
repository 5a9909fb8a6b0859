//! `fairyboard uci`: the engine over UCI on stdin/stdout, with Fairy-Stockfish's
//! `UCI_Variant` option (every catalogue name) and `VariantFile` to load a definition.
//! Moves use the core's coordinate notation (`e7e8q`, `P@e4`, legs as `e4f5,f5e6`).
//!
//! ```text
//! > uci
//! < id name fairyboard
//! < option name UCI_Variant type combo default chess var amazon var atomic ...
//! < uciok
//! > setoption name UCI_Variant value shatranj
//! > position startpos moves e2e3
//! > go depth 5
//! < info depth 1 score cp 10 nodes 21 time 0 pv b8c6
//! < bestmove b8c6
//! > go perft 1
//! < a7a5: 1
//! < ...
//! < Nodes searched: 20
//! ```
//!
//! `go perft` counts under the work budget of [`fairyboard_core::limits`] (depth and paths).

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use fairyboard_ai::{mate_in, Limits, Options, Stopwatch, Thinker};
use fairyboard_core::game::Game;
use fairyboard_core::{catalogue, limits, Color, Position, Variant};

use super::engine::{play_text, result_text, Commands, Input};

#[derive(clap::Args)]
pub struct Args {
    /// Hash table size in megabytes (the `Hash` option overrides it).
    #[arg(long, default_value_t = 32)]
    pub hash: usize,
}

struct Uci {
    variant: Arc<Variant>,
    variant_name: String,
    /// The position of the last `position` command with the moves that led to it.
    game: Game,
    thinker: Thinker,
    stop: Arc<AtomicBool>,
}

fn say(line: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

impl Uci {
    fn identify(&self) {
        say("id name fairyboard");
        say("id author the fairyboard authors");
        let vars: String = catalogue::names()
            .iter()
            .map(|n| format!(" var {n}"))
            .collect();
        say(&format!(
            "option name UCI_Variant type combo default {}{vars}",
            self.variant_name
        ));
        say("option name VariantFile type string default <empty>");
        say(&format!(
            "option name Hash type spin default {} min 1 max 4096",
            self.thinker.options().hash_mb
        ));
        say("option name Seed type spin default 0 min 0 max 2147483647");
        say("uciok");
    }

    fn set_variant(&mut self, name_or_path: &str) {
        match catalogue::load(name_or_path) {
            Ok(v) => {
                self.variant_name = name_or_path.to_string();
                self.game = Game::new(v.clone());
                self.variant = v;
                self.thinker.reset();
            }
            Err(e) => {
                let first = e.to_string().lines().next().unwrap_or("").to_string();
                say(&format!(
                    "info string error: variant '{name_or_path}': {first}"
                ));
            }
        }
    }

    fn setoption(&mut self, rest: &str) {
        // name <id> [value <x>]
        let Some(after) = rest.strip_prefix("name ") else {
            say(&format!(
                "info string error: setoption {rest}: expected 'name'"
            ));
            return;
        };
        let (name, value) = match after.find(" value ") {
            Some(i) => (after[..i].trim(), after[i + 7..].trim()),
            None => (after.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => self.set_variant(value),
            "variantfile" => {
                if !value.is_empty() && value != "<empty>" {
                    self.set_variant(value)
                }
            }
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => {
                    let options = self.thinker.options();
                    self.thinker.set_options(Options {
                        hash_mb: mb,
                        ..options
                    });
                }
                _ => say(&format!("info string error: Hash '{value}': 1 to 4096")),
            },
            "seed" => match value.parse::<u64>() {
                Ok(seed) => {
                    let options = self.thinker.options();
                    self.thinker.set_options(Options { seed, ..options });
                }
                _ => say(&format!("info string error: Seed '{value}': a number")),
            },
            _ => say(&format!("info string error: no option '{name}'")),
        }
    }

    /// `position startpos|fen FEN [moves ...]`; on any error the old position stays.
    fn position(&mut self, rest: &str) {
        let (setup, moves) = match rest.find(" moves") {
            Some(i) => (&rest[..i], rest[i + 6..].trim()),
            None => (rest, ""),
        };
        let setup = setup.trim();
        let pos = if setup == "startpos" {
            Position::start(self.variant.clone())
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            match Position::from_fen(self.variant.clone(), fen.trim()) {
                Ok(p) => p,
                Err(e) => {
                    say(&format!("info string error: {e}"));
                    return;
                }
            }
        } else {
            say(&format!(
                "info string error: position {rest}: expected startpos or fen"
            ));
            return;
        };
        let mut game = Game::from_position(pos);
        for text in moves.split_whitespace() {
            if let Err(e) = play_text(&mut game, text) {
                say(&format!("info string error: illegal move: {e}"));
                return;
            }
        }
        self.game = game;
    }

    /// `go perft DEPTH [nodes N]` (as Stockfish and Fairy-Stockfish answer it): each root
    /// move with its count, then `Nodes searched: TOTAL`. The work budget bounds it: the
    /// depth by [`limits::MAX_PERFT_DEPTH`], the paths counted by
    /// [`limits::MAX_PERFT_PATHS`] or a smaller `nodes`; past either the answer is an
    /// `info string error` naming the bound, and nothing else.
    fn perft(&mut self, words: &[&str]) {
        let text = words.get(1).copied().unwrap_or("");
        let depth = match text.parse::<u32>() {
            Ok(d) if d >= 1 => d,
            _ => {
                say(&format!(
                    "info string error: go perft '{text}': not a whole number from 1"
                ));
                return;
            }
        };
        let mut budget = limits::MAX_PERFT_PATHS;
        if let Some(i) = words.iter().position(|w| *w == "nodes") {
            let text = words.get(i + 1).copied().unwrap_or("");
            match go_value("nodes", text) {
                Ok(n) => budget = budget.min(n as u64),
                Err(why) => {
                    say(&format!("info string error: go nodes '{text}': {why}"));
                    return;
                }
            }
        }
        let mut pos = self.game.position().clone();
        let counted = limits::perft_depth(depth)
            .and_then(|d| fairyboard_core::perft::divide_within(&mut pos, d, budget));
        match counted {
            Ok(rows) => {
                for (m, n) in &rows {
                    say(&format!("{m}: {n}"));
                }
                say("");
                say(&format!(
                    "Nodes searched: {}",
                    rows.iter().map(|(_, n)| n).sum::<u64>()
                ));
            }
            Err(e) => say(&format!("info string error: go perft {depth}: {e}")),
        }
    }

    fn go(&mut self, rest: &str) {
        let words: Vec<&str> = rest.split_whitespace().collect();
        if words.first() == Some(&"perft") {
            return self.perft(&words);
        }
        // Each value is checked; a bad one is reported and ignored (the search runs on the
        // other limits), except a negative clock, which is reported and read as 0 (the
        // clock has run out: move at once).
        let value = |key: &str| -> Option<f64> {
            let i = words.iter().position(|w| *w == key)?;
            let text = words.get(i + 1).copied().unwrap_or("");
            match go_value(key, text) {
                Ok(v) => Some(v),
                Err(why) => {
                    say(&format!("info string error: go {key} '{text}': {why}"));
                    (why == NEGATIVE && key.ends_with("time")).then_some(0.0)
                }
            }
        };
        let mut limits = Limits::default();
        if let Some(d) = value("depth") {
            limits.depth = Some(d as u32);
        }
        if let Some(n) = value("nodes") {
            limits.nodes = Some(n as u64);
        }
        if let Some(ms) = value("movetime") {
            limits.hard_ms = Some(ms.max(1.0));
            limits.soft_ms = Some(ms.max(1.0));
        }
        let white = self.game.position().side_to_move() == Color::White;
        let (time, inc) = if white {
            (value("wtime"), value("winc"))
        } else {
            (value("btime"), value("binc"))
        };
        if let Some(t) = time {
            let to_go = value("movestogo").map(|m| m as u32);
            let c = Limits::clock(
                t,
                inc.unwrap_or(0.0),
                to_go,
                self.game.position().game_ply(),
            );
            limits.hard_ms = c.hard_ms;
            limits.soft_ms = c.soft_ms;
        }
        // A game over by its board or its history (repetition, move rule) is declared as
        // XBoard declares it, and there is no move to search.
        if let Some(r) = self.game.result() {
            say(&format!("info string {}", result_text(&r)));
            say("bestmove (none)");
            return;
        }
        let variant = self.variant.clone();
        let mut control = Stopwatch::new(self.stop.clone(), |info, ms| {
            let score = match mate_in(info.score) {
                Some(p) if p > 0 => format!("mate {}", (p + 1) / 2),
                Some(p) => format!("mate -{}", (-p + 1) / 2),
                None => format!("cp {}", info.score),
            };
            let pv: Vec<String> = info.pv.iter().map(|m| variant.uci(m)).collect();
            say(&format!(
                "info depth {} score {score} nodes {} time {} pv {}",
                info.depth,
                info.nodes,
                ms as u64,
                pv.join(" ")
            ));
        });
        let r = self.thinker.search(
            self.game.position(),
            self.game.hashes(),
            &limits,
            &mut control,
        );
        // `go infinite` waits for `stop` before answering, as the protocol asks.
        if words.contains(&"infinite") {
            while !self.stop.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
        match r.best {
            Some(m) => say(&format!("bestmove {}", self.game.position_mut().uci(&m))),
            None => say("bestmove (none)"),
        }
    }
}

pub fn run(args: Args) -> Result<String, String> {
    let stop = Arc::new(AtomicBool::new(false));
    let variant = catalogue::load("chess").map_err(|e| e.to_string())?;
    let mut uci = Uci {
        game: Game::new(variant.clone()),
        variant,
        variant_name: "chess".into(),
        thinker: Thinker::new(Options {
            hash_mb: args.hash,
            ..Options::default()
        }),
        stop: stop.clone(),
    };
    let mut input = Input::stdin(
        stop,
        Commands {
            interrupts: |cmd| matches!(cmd, "stop" | "quit"),
            searches: |cmd| cmd == "go",
            during_search: |cmd| (cmd == "isready").then_some("readyok"),
            say,
        },
    );
    while let Some(line) = input.next() {
        let line = match line {
            Ok(line) => line,
            Err(too_long) => {
                say(&format!("info string error: {too_long}"));
                continue;
            }
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd {
            "" | "stop" | "ponderhit" | "debug" | "register" => {}
            "uci" => uci.identify(),
            "isready" => say("readyok"),
            "ucinewgame" => uci.thinker.clear(),
            "setoption" => uci.setoption(rest),
            "position" => uci.position(rest),
            "go" => uci.go(rest),
            "quit" => break,
            _ => say(&format!("info string Error (unknown command): {cmd}")),
        }
    }
    Ok(String::new())
}

/// Why a negative value is refused (a clock reads it as 0).
const NEGATIVE: &str = "negative";

/// A `go` parameter's value, checked against its kind and the work budget
/// ([`limits`]): depths and counts are whole numbers from 1, times finite milliseconds
/// from 0 up to [`limits::MAX_SEARCH_MS`].
fn go_value(key: &str, text: &str) -> Result<f64, String> {
    let v: f64 = text.parse().map_err(|_| "not a number".to_string())?;
    if !v.is_finite() {
        return Err("not a finite number".into());
    }
    if v < 0.0 {
        return Err(NEGATIVE.into());
    }
    match key {
        "depth" | "nodes" | "movestogo" => {
            if v.fract() != 0.0 || v < 1.0 {
                return Err("not a whole number from 1".into());
            }
            if key == "depth" {
                limits::search_depth(v.min(f64::from(u32::MAX)) as u32)
                    .map_err(|e| e.to_string())?;
            } else if v > 1e15 {
                return Err("too large".into());
            }
        }
        _ => {
            if v > limits::MAX_SEARCH_MS {
                return Err(format!(
                    "over the limit of {} ms (a day)",
                    limits::MAX_SEARCH_MS
                ));
            }
        }
    }
    Ok(v)
}
