//! `fairyboard match`: referee games between two engines with our rules.
//!
//! XBoard engines (the default) start each game in force mode; an engine's first turn is
//! its clock (`time`/`otim`) and `go`, after which it stays in playing mode and each turn
//! is its clock and the opponent's move, as the XBoard GUI drives engines. UCI engines
//! (`--protocol1/2 uci`, e.g. Fairy-Stockfish in its native protocol) get
//! `setoption name UCI_Variant`, `ucinewgame`, and per turn `position startpos moves ...`
//! with `go wtime ... btime ... winc ... binc ...`. A move our rules do not allow loses
//! the game, as does running out of time, crashing or
//! resigning; results come from the core's game rules (mate, stalemate as the variant
//! scores it, baring, repetition, move rule); fifty moves without capture or pawn move
//! draw in a variant with no move rule of its own (XBoard's default adjudication), and a
//! draw claim is accepted when the position repeated three times or that count is reached.
//!
//! ```text
//! fairyboard match --engine1 "fairyboard xboard" --engine2 "/usr/games/fairymax" \
//!     --variant capablanca --games 20 --tc 10+0.1 --pgn games.pgn
//! ```
//!
//! With `--gauntlet FILE` the same two engines play a match in each variant the file
//! lists (see [`parse_gauntlet`]), and a table sums up score, Elo, draws and forfeits per
//! variant: strength across many games, not in the three a bench was tuned on.
//!
//! With `--openings FILE` (see [`parse_openings`]; `tools/openings.py` makes one) each
//! pair of games starts from the file's next line of moves, one game with each colour:
//! two engines that play the same moves every time would otherwise repeat a few games.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::engine::shift_ranks;
use fairyboard_ai::rules;
use fairyboard_core::game::Game;
use fairyboard_core::{catalogue, pgn, Color, Move, Position, Variant};

/// The protocol an engine speaks.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// The Chess Engine Communication Protocol (XBoard/WinBoard).
    #[default]
    Xboard,
    /// The Universal Chess Interface, with `UCI_Variant` for variants.
    Uci,
}

#[derive(clap::Args, Clone)]
pub struct Args {
    /// The first engine's command line (run by `sh -c`).
    #[arg(long)]
    pub engine1: String,
    /// The second engine's command line.
    #[arg(long)]
    pub engine2: String,
    /// The protocol engine 1 speaks.
    #[arg(long, value_enum, default_value_t = Protocol::Xboard)]
    pub protocol1: Protocol,
    /// The protocol engine 2 speaks.
    #[arg(long, value_enum, default_value_t = Protocol::Xboard)]
    pub protocol2: Protocol,
    /// The variant: a catalogue name or a definition file (the referee's rules).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The variant name sent to the engines (default: the catalogue name; chess → normal).
    #[arg(long)]
    pub engine_variant: Option<String>,
    /// A line sent to engine 1 before each game's `variant` (repeatable), e.g.
    /// `option Variant fairy selects=FIDE-Clobberers`.
    #[arg(long)]
    pub init1: Vec<String>,
    /// As --init1, for engine 2.
    #[arg(long)]
    pub init2: Vec<String>,
    /// Games to play; engine 1 has White in the odd-numbered ones.
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Time control: seconds per game + increment per move.
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Engine 2's time control when it differs from `--tc` (time odds), e.g. `3.33+0.033`
    /// gives engine 2 a third of engine 1's time.
    #[arg(long)]
    pub tc2: Option<String>,
    /// A UCI engine 1 searches this many nodes a move (`go nodes N`), as `--nodes2` for
    /// engine 2: with both, two UCI engines (or one at two budgets) meet at fixed nodes.
    #[arg(long)]
    pub nodes1: Option<u64>,
    /// A UCI engine 2 searches this many nodes a move (`go nodes N`) instead of playing
    /// on its clock; the clock still runs, so give it a generous `--tc2`. With engine 1's
    /// own node budget (`fairyboard xboard --nodes N`) the two engines meet at equal
    /// nodes, which no machine load changes.
    #[arg(long)]
    pub nodes2: Option<u64>,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<String>,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 500)]
    pub max_plies: usize,
    /// Milliseconds an engine may overstep its clock before it loses (pipe latency).
    #[arg(long, default_value_t = 50)]
    pub grace_ms: u64,
    /// Games played at once, each by its own pair of engine processes (at most one per
    /// core, or the engines' clocks measure the machine's load).
    #[arg(long, default_value_t = 1)]
    pub concurrency: u32,
    /// A gauntlet file: one match per variant it lists, then a summary table (the file
    /// sets variant, games, time control and engine lines; the options above are the
    /// defaults it starts from).
    #[arg(long, conflicts_with = "openings")]
    pub gauntlet: Option<String>,
    /// Start the games from these openings (see [`parse_openings`]): one a line, moves in
    /// coordinate notation from the variant's start. Games 2k−1 and 2k play line k (after
    /// the last line the first again), colours swapped, so that every opening is played
    /// from both sides.
    #[arg(long)]
    pub openings: Option<String>,
}

/// An engine process speaking XBoard.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    usermove: bool,
    protocol: Protocol,
}

impl Engine {
    /// Run `cmd` under `sh -c` in a process group of its own (the shell leads it), so that
    /// the engine and anything it starts can be ended together (see `Drop`).
    fn start(cmd: &str, protocol: Protocol) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            child,
            stdin,
            lines: rx,
            name: cmd.to_string(),
            usermove: false,
            protocol,
        };
        if protocol == Protocol::Uci {
            e.send("uci")?;
            let deadline = Instant::now() + Duration::from_secs(10);
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match e.lines.recv_timeout(left) {
                    Ok(line) => {
                        if let Some(n) = line.strip_prefix("id name ") {
                            e.name = n.trim().to_string();
                        }
                        if line.trim() == "uciok" {
                            return Ok(e);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        return Err(format!("engine '{cmd}' sent no 'uciok' within 10 s"))
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(format!("engine '{cmd}' exited during start-up"))
                    }
                }
            }
        }
        e.send("xboard")?;
        e.send("protover 2")?;
        // Features until `done=1` (or a protocol-1 engine's silence).
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match e.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(f) = line.strip_prefix("feature ") {
                        if let Some(i) = f.find("myname=\"") {
                            let rest = &f[i + 8..];
                            if let Some(j) = rest.find('"') {
                                e.name = rest[..j].to_string();
                            }
                        }
                        if f.contains("usermove=1") {
                            e.usermove = true;
                        }
                        if f.contains("done=1") {
                            break;
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("engine '{cmd}' exited during start-up"))
                }
            }
        }
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    /// Our coordinate move to an XBoard engine, its squares as XBoard counts them on a
    /// board of `ranks` ranks ([`shift_ranks`]).
    fn send_move(&mut self, m: &str, ranks: u8) -> Result<(), String> {
        let m = shift_ranks(m, ranks, -1);
        if self.usermove {
            self.send(&format!("usermove {m}"))
        } else {
            self.send(&m)
        }
    }

    /// Synchronise with `ping`/`pong` (XBoard) or `isready`/`readyok` (UCI); engines that
    /// do not answer get five seconds. Returns the XBoard `Error` lines the engine wrote
    /// meanwhile (its answers to the set-up commands before the `ping`).
    fn sync(&mut self, n: u32) -> Vec<String> {
        let (ask, answer) = match self.protocol {
            Protocol::Xboard => (format!("ping {n}"), format!("pong {n}")),
            Protocol::Uci => ("isready".to_string(), "readyok".to_string()),
        };
        let mut errors = Vec::new();
        if self.send(&ask).is_err() {
            return errors;
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            let line = line.trim();
            if line == answer {
                break;
            }
            if line.starts_with("Error") {
                errors.push(line.to_string());
            }
        }
        errors
    }

    /// Tell an XBoard engine the game's result (UCI has no such command).
    fn game_over(&mut self, result: &str, reason: &str) {
        if self.protocol == Protocol::Xboard {
            let _ = self.send(&format!("result {result} {{{reason}}}"));
        }
    }

    /// Ask the engine to quit and give it half a second; then its process group ends
    /// (`Drop`) whether it did or not.
    fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Engine {
    /// However the engine's use ends (a finished match, a failed start, an error), its
    /// whole process group is killed: killing only the `sh -c` that leads it would leave
    /// the engine itself, and whatever it started, running.
    fn drop(&mut self) {
        // The group's ID is the shell's process ID (`process_group(0)`).
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What an engine said when asked to move.
enum Reply {
    Move(String, Duration),
    Resign,
    Claim(String),
    Timeout,
    Gone,
}

fn await_move(engine: &mut Engine, budget: Duration) -> Reply {
    let start = Instant::now();
    let deadline = start + budget;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match engine.lines.recv_timeout(left) {
            Ok(line) => {
                let line = line.trim();
                if let Some(m) = line.strip_prefix("move ") {
                    return Reply::Move(m.trim().to_string(), start.elapsed());
                }
                if let Some(rest) = line.strip_prefix("bestmove ") {
                    let m = rest.split_whitespace().next().unwrap_or("");
                    if m.is_empty() || m == "(none)" || m == "0000" {
                        return Reply::Resign;
                    }
                    return Reply::Move(m.to_string(), start.elapsed());
                }
                if line == "resign" || line.starts_with("tellics resign") {
                    return Reply::Resign;
                }
                if line.starts_with("1-0") || line.starts_with("0-1") || line.starts_with("1/2-1/2")
                {
                    return Reply::Claim(line.to_string());
                }
            }
            Err(RecvTimeoutError::Timeout) => return Reply::Timeout,
            Err(RecvTimeoutError::Disconnected) => return Reply::Gone,
        }
    }
}

/// Find the legal move an engine meant: exact notation, or the one legal move it is a
/// prefix of (an implied promotion), or a drop with its letter in the other case.
fn resolve(pos: &mut Position, text: &str) -> Result<Move, String> {
    if let Ok(m) = pos.parse_uci(text) {
        return Ok(m);
    }
    let v = pos.variant().clone();
    let legal = pos.legal_moves();
    let lower = text.to_lowercase();
    let hits: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            let u = v.uci(m).to_lowercase();
            u == lower || (u.starts_with(&lower) && u.len() == lower.len() + 1)
        })
        .collect();
    if hits.len() == 1 {
        return Ok(*hits[0]);
    }
    Err(match pos.parse_uci(text) {
        Err(e) => e.to_string(),
        Ok(_) => "ambiguous".into(),
    })
}

struct Finished {
    /// 1, ½ or 0 for White.
    result: &'static str,
    reason: String,
    /// The moves played, from the variant's start.
    moves: Vec<Move>,
    /// The engine (0 or 1) that lost by forfeit: time, an illegal move, a false claim,
    /// or leaving.
    forfeit: Option<usize>,
}

#[allow(clippy::too_many_arguments)]
fn play_game(
    engines: &mut [Engine; 2],
    white: usize,
    args: &Args,
    variant_name: &str,
    inits: [&[String]; 2],
    tcs: [Clock; 2],
    game_no: u32,
    opening: &[Move],
) -> Result<Finished, String> {
    let variant = catalogue::load(&args.variant).map_err(|e| e.to_string())?;
    let ranks = variant.geometry.ranks;
    let mut game = Game::new(variant.clone());
    for (i, e) in engines.iter_mut().enumerate() {
        if e.protocol == Protocol::Uci {
            for l in inits[i] {
                e.send(l)?;
            }
            let uci_variant = if variant_name == "normal" {
                "chess"
            } else {
                variant_name
            };
            e.send(&format!("setoption name UCI_Variant value {uci_variant}"))?;
            e.send("ucinewgame")?;
            let _ = e.sync(game_no);
            continue;
        }
        let Clock { base, inc } = tcs[i];
        let mins = base.as_secs() / 60;
        let secs = base.as_secs_f64() - (mins * 60) as f64;
        e.send("new")?;
        e.send("random")?;
        for l in inits[i] {
            e.send(l)?;
        }
        if variant_name != "normal" {
            e.send(&format!("variant {variant_name}"))?;
        }
        e.send(&format!(
            "level 0 {mins}:{:02} {}",
            secs.round() as u64,
            inc.as_secs_f64()
        ))?;
        e.send("force")?;
        e.send("easy")?;
        // An engine that refuses the variant would play another game on its own board
        // (illegal moves, or no move at all): stop here with its words, as XBoard does.
        if let Some(refusal) = e
            .sync(game_no)
            .into_iter()
            .find(|l| l.to_lowercase().contains("variant"))
        {
            return Err(format!(
                "{} refused variant '{variant_name}': {refusal}",
                e.name
            ));
        }
    }
    // The opening's moves: the XBoard engines, still in force mode, are told them; the
    // UCI engines get them in `position startpos moves ...` below.
    let mut moves = Vec::new();
    let mut uci_moves: Vec<String> = Vec::new();
    for m in opening {
        let uci = variant.uci(m);
        for e in engines.iter_mut() {
            if e.protocol == Protocol::Xboard {
                e.send_move(&uci, ranks)?;
            }
        }
        game.play(m)
            .map_err(|e| format!("opening move {uci}: {e}"))?;
        moves.push(*m);
        uci_moves.push(uci);
    }
    // Clocks by colour; each starts from the time control of the engine playing that colour.
    let mut clocks = [tcs[white].base, tcs[1 - white].base];
    // Whether each engine has been sent `go` this game. Until then it is in force mode and
    // gets the moves, its clocks and `go`; after that it stays in playing mode and, as the
    // XBoard GUI does it, gets its clocks and then the opponent's move, which sets it
    // thinking. (Sending `force` after every move and `go` for every turn raced in
    // Fairy-Stockfish's XBoard loop: a fast search's own move was sometimes not applied to
    // its board, and it then answered the next move with "Illegal move".)
    let mut playing = [false, false];
    let mut last_move: [Option<String>; 2] = [None, None];
    let finish = |result: &'static str, reason: String, moves: Vec<Move>| Finished {
        result,
        reason,
        moves,
        forfeit: None,
    };
    let forfeit = |result: &'static str, mover: usize, reason: String, moves: Vec<Move>| Finished {
        result,
        reason,
        moves,
        forfeit: Some(mover),
    };
    loop {
        if let Some(r) = game.result() {
            return Ok(finish(r.pgn(), r.reason.as_str().into(), moves));
        }
        if game.ply() >= args.max_plies {
            return Ok(finish("1/2-1/2", "adjudicated: move limit".into(), moves));
        }
        // Fifty moves without capture or pawn move (or the variant's own count) draw, as
        // XBoard adjudicates by default: both our engine and Fairy-Stockfish score every
        // line past it as a draw, so a game played on would be decided by whichever
        // engine first lets material go in a position it thinks drawn.
        if rules::move_limit_reached(game.position()) {
            return Ok(finish("1/2-1/2", "fifty-move rule".into(), moves));
        }
        let side = game.position().side_to_move();
        let ci = side.index();
        let mover_of = |side: Color| {
            if side == Color::White {
                white
            } else {
                1 - white
            }
        };
        let mover = mover_of(side);
        let loses = if side == Color::White { "0-1" } else { "1-0" };
        let who = engines[mover].name.clone();
        let e = &mut engines[mover];
        let clock_lines = [
            format!("time {}", clocks[ci].as_millis() / 10),
            format!("otim {}", clocks[1 - ci].as_millis() / 10),
        ];
        if e.protocol == Protocol::Uci {
            let (w, b) = (mover_of(Color::White), mover_of(Color::Black));
            let mut position = String::from("position startpos");
            if !uci_moves.is_empty() {
                position.push_str(" moves ");
                position.push_str(&uci_moves.join(" "));
            }
            e.send(&position)?;
            match [args.nodes1, args.nodes2][mover] {
                Some(n) => e.send(&format!("go nodes {n}"))?,
                None => e.send(&format!(
                    "go wtime {} btime {} winc {} binc {}",
                    clocks[Color::White.index()].as_millis(),
                    clocks[Color::Black.index()].as_millis(),
                    tcs[w].inc.as_millis(),
                    tcs[b].inc.as_millis()
                ))?,
            }
        } else if playing[mover] {
            for l in &clock_lines {
                e.send(l)?;
            }
            if let Some(m) = last_move[mover].take() {
                e.send_move(&m, ranks)?;
            }
        } else {
            if let Some(m) = last_move[mover].take() {
                e.send_move(&m, ranks)?;
            }
            for l in &clock_lines {
                e.send(l)?;
            }
            e.send("go")?;
            playing[mover] = true;
        }
        let budget = clocks[ci] + Duration::from_millis(args.grace_ms);
        let reply = await_move(e, budget);
        match reply {
            Reply::Move(text, spent) => {
                // An XBoard engine counts a ten-rank board's ranks from 0 ([`shift_ranks`]).
                let text = if e.protocol == Protocol::Uci {
                    text
                } else {
                    shift_ranks(&text, ranks, 1)
                };
                if spent > clocks[ci] + Duration::from_millis(args.grace_ms) {
                    return Ok(forfeit(loses, mover, format!("{who} lost on time"), moves));
                }
                clocks[ci] = clocks[ci].saturating_sub(spent) + tcs[mover].inc;
                let m = match resolve(game.position_mut(), &text) {
                    Ok(m) => m,
                    Err(why) => {
                        return Ok(forfeit(
                            loses,
                            mover,
                            format!("{who} played an illegal move {text}: {why}"),
                            moves,
                        ))
                    }
                };
                if let Err(e) = game.play(&m) {
                    return Ok(forfeit(loses, mover, format!("{who}: {e}"), moves));
                }
                moves.push(m);
                let uci = variant.uci(&m);
                uci_moves.push(uci.clone());
                last_move[1 - mover] = Some(uci);
            }
            Reply::Resign => return Ok(finish(loses, format!("{who} resigned"), moves)),
            Reply::Timeout => {
                return Ok(forfeit(loses, mover, format!("{who} lost on time"), moves))
            }
            Reply::Gone => return Ok(forfeit(loses, mover, format!("{who} disconnected"), moves)),
            Reply::Claim(text) => {
                // Our rules decide; a draw claim stands on threefold repetition or fifty
                // moves (the usual conventions), a false claim loses.
                if let Some(r) = game.result() {
                    return Ok(finish(r.pgn(), r.reason.as_str().into(), moves));
                }
                let h = game.position().hash();
                let reps = game.hashes().iter().filter(|&&x| x == h).count();
                if text.starts_with("1/2-1/2")
                    && (reps >= 2 || rules::move_limit_reached(game.position()))
                {
                    return Ok(finish(
                        "1/2-1/2",
                        format!("draw claimed by {who}: {text}"),
                        moves,
                    ));
                }
                return Ok(forfeit(
                    loses,
                    mover,
                    format!("{who} made a false claim: {text}"),
                    moves,
                ));
            }
        }
    }
}

/// One engine's time control: seconds per game plus an increment per move.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Clock {
    base: Duration,
    inc: Duration,
}

/// Both engines' time controls: `--tc` for engine 1, `--tc2` (or `--tc`) for engine 2.
fn clocks_of(args: &Args) -> Result<[Clock; 2], String> {
    let (base, inc) = parse_tc(&args.tc)?;
    let (base2, inc2) = match &args.tc2 {
        Some(tc) => parse_tc(tc).map_err(|e| e.replacen("--tc", "--tc2", 1))?,
        None => (base, inc),
    };
    Ok([
        Clock { base, inc },
        Clock {
            base: base2,
            inc: inc2,
        },
    ])
}

fn parse_tc(tc: &str) -> Result<(Duration, Duration), String> {
    let (b, i) = tc.split_once('+').unwrap_or((tc, "0"));
    let b: f64 = b
        .parse()
        .map_err(|_| format!("--tc '{tc}': bad base seconds"))?;
    let i: f64 = i
        .parse()
        .map_err(|_| format!("--tc '{tc}': bad increment"))?;
    if !(b > 0.0 && i >= 0.0 && b < 1e6 && i < 1e4) {
        return Err(format!("--tc '{tc}': out of range"));
    }
    Ok((Duration::from_secs_f64(b), Duration::from_secs_f64(i)))
}

/// Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The score line: points, percentage, Elo with a 95% error bar.
pub(crate) fn summary(name1: &str, name2: &str, scores: &[f64]) -> String {
    let n = scores.len() as f64;
    let points: f64 = scores.iter().sum();
    let wins = scores.iter().filter(|&&s| s == 1.0).count();
    let draws = scores.iter().filter(|&&s| s == 0.5).count();
    let losses = scores.len() - wins - draws;
    if scores.is_empty() {
        return "no games played".into();
    }
    let p = points / n;
    let var = scores.iter().map(|s| (s - p) * (s - p)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let (lo, hi) = (elo(p - 1.96 * se), elo(p + 1.96 * se));
    format!(
        "Score of {name1} vs {name2}: {wins} - {losses} - {draws} [{:.3}] {points}/{n}\n\
         {name1}: {points} points of {n} ({:.1}%), Elo difference {:+.0} +/- {:.0} (95%)",
        p,
        p * 100.0,
        elo(p),
        (hi - lo) / 2.0
    )
}

/// One finished game, as a worker reports it.
struct Played {
    game: u32,
    white: usize,
    names: [String; 2],
    finished: Finished,
}

/// Play games from the shared counter with one pair of engines until none are left or
/// another worker failed; each game is sent to the referee's main thread.
fn worker(
    args: &Args,
    variant_name: &str,
    tcs: [Clock; 2],
    openings: &[Vec<Move>],
    next: &AtomicU32,
    failed: &AtomicBool,
    out: &mpsc::Sender<Result<Played, String>>,
) {
    let started = Engine::start(&args.engine1, args.protocol1)
        .and_then(|a| Engine::start(&args.engine2, args.protocol2).map(|b| [a, b]));
    let mut engines = match started {
        Ok(e) => e,
        Err(e) => {
            failed.store(true, Ordering::SeqCst);
            let _ = out.send(Err(e));
            return;
        }
    };
    let names = [engines[0].name.clone(), engines[1].name.clone()];
    while !failed.load(Ordering::SeqCst) {
        let g = next.fetch_add(1, Ordering::SeqCst);
        if g >= args.games {
            break;
        }
        let white = (g % 2) as usize;
        let inits = [args.init1.as_slice(), args.init2.as_slice()];
        let opening = match openings.len() {
            0 => &[][..],
            n => &openings[(g / 2) as usize % n][..],
        };
        match play_game(
            &mut engines,
            white,
            args,
            variant_name,
            inits,
            tcs,
            g + 1,
            opening,
        ) {
            Ok(f) => {
                for e in engines.iter_mut() {
                    e.game_over(f.result, &f.reason);
                }
                let played = Played {
                    game: g + 1,
                    white,
                    names: names.clone(),
                    finished: f,
                };
                if out.send(Ok(played)).is_err() {
                    break;
                }
            }
            Err(e) => {
                failed.store(true, Ordering::SeqCst);
                let _ = out.send(Err(format!("game {}: {e}", g + 1)));
                break;
            }
        }
    }
    for e in engines {
        e.quit();
    }
}

/// What a match between the two engines came to.
struct Outcome {
    names: [String; 2],
    /// Engine 1's score per game, in the order the games finished.
    scores: Vec<f64>,
    /// Games each engine lost by forfeit.
    forfeits: [u32; 2],
}

pub fn run(args: Args) -> Result<String, String> {
    for (n, nodes, protocol) in [
        (1, args.nodes1, args.protocol1),
        (2, args.nodes2, args.protocol2),
    ] {
        if nodes.is_some() && protocol != Protocol::Uci {
            return Err(format!(
                "--nodes{n} needs --protocol{n} uci (an XBoard engine's node budget is its own option)"
            ));
        }
    }
    if let Some(path) = &args.gauntlet {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let entries = parse_gauntlet(&text, &args).map_err(|e| format!("{path}:{e}"))?;
        return run_gauntlet(&args, &entries);
    }
    let o = play_match(&args)?;
    Ok(summary(&o.names[0], &o.names[1], &o.scores))
}

/// Play the games of one match, reporting each as it finishes.
fn play_match(args: &Args) -> Result<Outcome, String> {
    let tcs = clocks_of(args)?;
    let variant = catalogue::load(&args.variant).map_err(|e| e.to_string())?;
    let variant_name = args.engine_variant.clone().unwrap_or_else(|| {
        let stem = std::path::Path::new(&args.variant)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("chess")
            .to_string();
        if stem == "chess" {
            "normal".into()
        } else {
            stem
        }
    });
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            parse_openings(&text, &variant).map_err(|e| format!("{path}:{e}"))?
        }
        None => Vec::new(),
    };
    let workers = args.concurrency.clamp(1, args.games.max(1));
    let next = AtomicU32::new(0);
    let failed = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let mut names: Option<[String; 2]> = None;
    let mut scores = Vec::new();
    let mut forfeits = [0u32; 2];
    let mut error = None;
    let stdout = std::io::stdout();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (variant_name, openings) = (&variant_name, &openings);
            let (next, failed) = (&next, &failed);
            scope.spawn(move || worker(args, variant_name, tcs, openings, next, failed, &tx));
        }
        drop(tx);
        // Games are reported as they finish (with several workers, not in round order).
        for played in rx {
            let p = match played {
                Ok(p) => p,
                Err(e) => {
                    error.get_or_insert(e);
                    continue;
                }
            };
            let f = &p.finished;
            let white_score = match f.result {
                "1-0" => 1.0,
                "0-1" => 0.0,
                _ => 0.5,
            };
            let s1 = if p.white == 0 {
                white_score
            } else {
                1.0 - white_score
            };
            scores.push(s1);
            if let Some(e) = f.forfeit {
                forfeits[e] += 1;
            }
            let (wn, bn) = (&p.names[p.white], &p.names[1 - p.white]);
            let _ = writeln!(
                stdout.lock(),
                "game {}: {wn} - {bn} {} ({}, {} plies)",
                p.game,
                f.result,
                f.reason,
                f.moves.len()
            );
            let pgn = pgn_game(
                &p,
                &variant,
                [&args.tc, args.tc2.as_ref().unwrap_or(&args.tc)],
            );
            if let Some(path) = &args.pgn {
                let written = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .and_then(|mut file| file.write_all(pgn.as_bytes()));
                if let Err(e) = written {
                    failed.store(true, Ordering::SeqCst);
                    error.get_or_insert(format!("{path}: {e}"));
                }
            }
            let names = names.get_or_insert_with(|| p.names.clone());
            let _ = writeln!(stdout.lock(), "{}", summary(&names[0], &names[1], &scores));
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    let names = names.unwrap_or_else(|| ["engine 1".into(), "engine 2".into()]);
    Ok(Outcome {
        names,
        scores,
        forfeits,
    })
}

/// One game in PGN (the core's writer), from the variant's start. `tcs` are the engines'
/// time controls; when they differ (time odds) the PGN names each side's, as
/// `WhiteTimeControl`/`BlackTimeControl`.
fn pgn_game(p: &Played, variant: &Arc<Variant>, tcs: [&str; 2]) -> String {
    let f = &p.finished;
    let (wn, bn) = (&p.names[p.white], &p.names[1 - p.white]);
    let round = p.game.to_string();
    let (wtc, btc) = (tcs[p.white], tcs[1 - p.white]);
    let mut tags = vec![
        ("Event", "fairyboard match"),
        ("Site", "local"),
        ("Round", round.as_str()),
        ("White", wn.as_str()),
        ("Black", bn.as_str()),
        ("Result", f.result),
        ("Variant", variant.name.as_str()),
        ("TimeControl", wtc),
        ("Termination", f.reason.as_str()),
    ];
    if wtc != btc {
        tags.retain(|(key, _)| *key != "TimeControl");
        tags.push(("WhiteTimeControl", wtc));
        tags.push(("BlackTimeControl", btc));
    }
    pgn::write_pgn(&tags, &Position::start(variant.clone()), &f.moves, f.result)
}

/// One match of a gauntlet.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Entry {
    /// A catalogue name or a definition file.
    variant: String,
    /// The name the engines are told (`as=`), when not derived from the variant.
    engine_variant: Option<String>,
    games: u32,
    tc: String,
    /// Lines sent to both engines before each game's `variant` (`init=`).
    init: Vec<String>,
}

/// An openings file: one opening a line, its moves in coordinate notation (as `moves`
/// and UCI write them) from the variant's start, separated by spaces; empty lines and
/// lines starting with `#` are skipped. Every move must be legal where it is played (and
/// not end the game); a bad one is named by line and column. Fixed openings make a match's
/// games differ (two deterministic engines otherwise repeat a few lines many times over),
/// so a score measures more than those lines.
pub(crate) fn parse_openings(text: &str, variant: &Arc<Variant>) -> Result<Vec<Vec<Move>>, String> {
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut game = Game::new(variant.clone());
        let mut moves = Vec::new();
        let mut rest = line;
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let col = line.len() - rest.len() + 1;
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let word = &rest[..end];
            let at = |why: String| format!("{}:{col}: move '{word}': {why}", n + 1);
            let m = resolve(game.position_mut(), word).map_err(at)?;
            game.play(&m).map_err(|e| at(e.to_string()))?;
            moves.push(m);
            if game.result().is_some() {
                return Err(format!("{}:{col}: move '{word}' ends the game", n + 1));
            }
            rest = &rest[end..];
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err("0:0: no opening listed".into());
    }
    Ok(openings)
}

/// Read a gauntlet file. One match per line: the variant (catalogue name or definition
/// file), then `key=value` settings: `games=N`, `tc=BASE+INC`, `as=NAME` (the variant
/// name the engines are told) and `init=LINE` (the rest of the line, sent to both engines
/// before each game, e.g. `option Variant fairy selects=FIDE-Clobberers`; repeatable). A
/// line of settings alone sets `games` and `tc` for the lines after it. `#` starts a
/// comment line. Errors name the line and column.
pub(crate) fn parse_gauntlet(text: &str, defaults: &Args) -> Result<Vec<Entry>, String> {
    let mut games = defaults.games;
    let mut tc = defaults.tc.clone();
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut entry = None;
        let mut rest = line;
        loop {
            let start = rest.len() - rest.trim_start().len();
            rest = &rest[start..];
            if rest.is_empty() {
                break;
            }
            let col = line.len() - rest.len() + 1;
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let word = &rest[..end];
            let at = |what: String| format!("{n}:{col}: {what}");
            let Some((key, value)) = word.split_once('=') else {
                if entry.is_some() {
                    return Err(at(format!("'{word}': one variant per line")));
                }
                catalogue::load(word).map_err(|e| at(format!("variant '{word}': {e}")))?;
                entry = Some(Entry {
                    variant: word.to_string(),
                    engine_variant: None,
                    games,
                    tc: tc.clone(),
                    init: Vec::new(),
                });
                rest = &rest[end..];
                continue;
            };
            match key {
                "init" => {
                    let value = rest["init=".len()..].trim_end().to_string();
                    match entry.as_mut() {
                        Some(e) if !value.is_empty() => e.init.push(value),
                        Some(_) => return Err(at("init: an empty line".into())),
                        None => return Err(at("init: only after a variant".into())),
                    }
                    break;
                }
                "games" => {
                    let g: u32 =
                        value.parse().ok().filter(|&g| g > 0).ok_or_else(|| {
                            at(format!("games: '{value}' is not a positive number"))
                        })?;
                    match entry.as_mut() {
                        Some(e) => e.games = g,
                        None => games = g,
                    }
                }
                "tc" => {
                    parse_tc(value).map_err(|e| at(format!("tc: {e}")))?;
                    match entry.as_mut() {
                        Some(e) => e.tc = value.to_string(),
                        None => tc = value.to_string(),
                    }
                }
                "as" => match entry.as_mut() {
                    Some(e) if !value.is_empty() => e.engine_variant = Some(value.to_string()),
                    _ => return Err(at("as: a variant name, after a variant".into())),
                },
                _ => {
                    return Err(at(format!(
                        "unknown setting '{key}' (known: games, tc, as, init)"
                    )))
                }
            }
            rest = &rest[end..];
        }
        entries.extend(entry);
    }
    if entries.is_empty() {
        return Err("0:0: no variant listed".into());
    }
    Ok(entries)
}

/// Play each entry's match in turn, then the table.
fn run_gauntlet(args: &Args, entries: &[Entry]) -> Result<String, String> {
    let mut rows = Vec::new();
    for e in entries {
        let mut a = args.clone();
        a.gauntlet = None;
        a.variant = e.variant.clone();
        a.engine_variant = e.engine_variant.clone();
        a.games = e.games;
        a.tc = e.tc.clone();
        a.init1.extend(e.init.iter().cloned());
        a.init2.extend(e.init.iter().cloned());
        println!("== {} ({} games, {})", e.variant, e.games, e.tc);
        let o = play_match(&a)?;
        rows.push((e.variant.clone(), o));
    }
    Ok(gauntlet_table(&rows))
}

/// The summary table: per variant, engine 1's score, Elo, draws and forfeits, then the
/// average of the variants' percentages and the lowest.
fn gauntlet_table(rows: &[(String, Outcome)]) -> String {
    let mut out = String::new();
    if let Some((_, o)) = rows.first() {
        out += &format!("{} against {}\n", o.names[0], o.names[1]);
    }
    out += "| variant | games | W / D / L | score | Elo | forfeits (1 / 2) |\n";
    out += "|---|---|---|---|---|---|\n";
    let mut percents = Vec::new();
    for (variant, o) in rows {
        let n = o.scores.len();
        let wins = o.scores.iter().filter(|&&s| s == 1.0).count();
        let draws = o.scores.iter().filter(|&&s| s == 0.5).count();
        let points: f64 = o.scores.iter().sum();
        let p = if n == 0 { 0.0 } else { points / n as f64 };
        percents.push(p * 100.0);
        out += &format!(
            "| {variant} | {n} | {wins} / {draws} / {} | {points} ({:.1}%) | {:+.0} | {} / {} |\n",
            n - wins - draws,
            p * 100.0,
            elo(p),
            o.forfeits[0],
            o.forfeits[1]
        );
    }
    if !percents.is_empty() {
        let avg = percents.iter().sum::<f64>() / percents.len() as f64;
        let low = percents.iter().copied().fold(f64::INFINITY, f64::min);
        out += &format!(
            "average over {} variants: {avg:.1}% (Elo {:+.0}); lowest {low:.1}%",
            percents.len(),
            elo(avg / 100.0)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn defaults() -> Args {
        Cli::parse_from(["match", "--engine1", "a", "--engine2", "b", "--games", "4"]).args
    }

    #[test]
    fn time_odds_give_engine_2_its_own_clock() {
        let mut a = defaults();
        a.tc = "10+0.1".into();
        a.tc2 = Some("3.5+0.05".into());
        let [one, two] = clocks_of(&a).unwrap();
        assert_eq!(
            (one.base, one.inc),
            (Duration::from_secs(10), Duration::from_millis(100))
        );
        assert_eq!(
            (two.base, two.inc),
            (Duration::from_millis(3500), Duration::from_millis(50))
        );
        a.tc2 = None;
        assert_eq!(clocks_of(&a).unwrap()[1], one);
        a.tc2 = Some("fast".into());
        assert!(clocks_of(&a).unwrap_err().starts_with("--tc2 'fast'"));
    }

    #[test]
    fn a_gauntlet_file_lists_matches_with_settings() {
        let text = "# comment\n\
                    tc=2+0.05\n\
                    chess as=normal\n\
                    \n\
                    games=6\n\
                    shatranj tc=5+0.1 games=8\n\
                    spartan init=option Variant fairy selects=X Y\n";
        let e = parse_gauntlet(text, &defaults()).unwrap();
        assert_eq!(e.len(), 3);
        assert_eq!(
            (e[0].variant.as_str(), e[0].games, e[0].tc.as_str()),
            ("chess", 4, "2+0.05")
        );
        assert_eq!(e[0].engine_variant.as_deref(), Some("normal"));
        assert_eq!((e[1].games, e[1].tc.as_str()), (8, "5+0.1"));
        assert_eq!((e[2].games, e[2].tc.as_str()), (6, "2+0.05"));
        assert_eq!(
            e[2].init,
            vec!["option Variant fairy selects=X Y".to_string()]
        );
    }

    #[test]
    fn a_bad_gauntlet_line_is_named_by_line_and_column() {
        let err = |t: &str| parse_gauntlet(t, &defaults()).unwrap_err();
        assert!(err("chess\nshatranj games=x\n").starts_with("2:10: games:"));
        assert!(err("chess colour=red").starts_with("1:7: unknown setting 'colour'"));
        assert!(err("no-such-game").starts_with("1:1: variant 'no-such-game'"));
        assert!(err("chess tc=fast").starts_with("1:7: tc:"));
        assert!(err("chess shatranj").starts_with("1:7: 'shatranj': one variant"));
        assert!(err("init=x").starts_with("1:1: init: only after a variant"));
        assert!(err("# nothing\n").contains("no variant"));
    }

    #[test]
    fn an_openings_file_lists_legal_lines_and_names_a_bad_move() {
        let v = catalogue::load("chess").unwrap();
        let ok = parse_openings("# two lines\ne2e4 e7e5 g1f3\n\n  d2d4 d7d5\n", &v).unwrap();
        let uci = |line: &[Move]| line.iter().map(|m| v.uci(m)).collect::<Vec<_>>();
        assert_eq!(uci(&ok[0]), ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(uci(&ok[1]), ["d2d4", "d7d5"]);
        let err = |t: &str| parse_openings(t, &v).unwrap_err();
        // The third move is White's again: e4 cannot move from e2 twice.
        assert!(
            err("e2e4 e7e5 e2e4").starts_with("1:11: move 'e2e4'"),
            "{}",
            err("e2e4 e7e5 e2e4")
        );
        assert!(err("d2d4\nd2d4 zz9").starts_with("2:6: move 'zz9'"));
        // Fool's mate as an opening: nothing is left to play.
        assert!(err("f2f3 e7e5 g2g4 d8h4").starts_with("1:16: move 'd8h4' ends the game"));
        assert!(err("# only a comment\n").contains("no opening"));
    }

    #[test]
    fn the_gauntlet_table_sums_up_each_variant() {
        let o = |scores: &[f64], forfeits| Outcome {
            names: ["us".into(), "them".into()],
            scores: scores.to_vec(),
            forfeits,
        };
        let rows = vec![
            ("chess".to_string(), o(&[1.0, 0.5, 1.0, 0.0], [0, 1])),
            ("shatranj".to_string(), o(&[1.0, 1.0, 0.5], [0, 0])),
        ];
        let t = gauntlet_table(&rows);
        // Chess: 2 wins, 1 draw, 1 loss = 2.5/4 = 62.5%; Elo -400·log10(1/0.625 - 1)
        // = +89. Shatranj 2.5/3 = 83.3%. Average (62.5 + 83.33) / 2 = 72.9%.
        assert!(
            t.contains("| chess | 4 | 2 / 1 / 1 | 2.5 (62.5%) | +89 | 0 / 1 |"),
            "{t}"
        );
        assert!(
            t.contains("| shatranj | 3 | 2 / 1 / 0 | 2.5 (83.3%) |"),
            "{t}"
        );
        assert!(t.contains("average over 2 variants: 72.9% "), "{t}");
        assert!(t.contains("lowest 62.5%"), "{t}");
    }
}
