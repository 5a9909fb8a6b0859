//! `fairyboard xboard`: the engine over the XBoard protocol (CECP v2) on stdin/stdout.
//!
//! Any catalogue variant can be played, also in GUIs that never heard of it: on
//! `variant NAME` the engine sends `setup (PIECETOCHAR) WxH+S_PARENT FEN` and one
//! `piece LETTER& BETZA` line per piece type (both colours, in the Betza dialect XBoard
//! reads), so XBoard learns the board, the start position and every piece's moves.
//! Multi-leg moves travel as comma-separated legs (`e4f5,f5e6`), as in the core's
//! notation. On a board of exactly ten ranks squares are written as XBoard's protocol
//! counts them, from rank 0 (xiangqi's `h2e2` is our h3-e3). A game XBoard knows by name
//! but starts from another array goes by another name (`courier-traditional`).
//!
//! When the user picks up a piece, `lift SQ` is answered with a `highlight` colour FEN
//! of its targets (yellow quiet, red capture, magenta promotion, cyan a square where a
//! multi-leg move goes on). XBoard enters a Lion's double move leg by leg: dropping on a
//! cyan square sends `put SQ` + `lift SQ`, answered with the next leg's targets from
//! there; `hover SQ` over a transit square shows that next leg too. Checked against
//! XBoard 4.9.1 under Xvfb (`scripts/xboard-check.sh`).
//!
//! ```text
//! > variant lion
//! > setboard 7k/8/8/4p3/3L4/8/8/K7 w - - 0 1
//! > lift d4
//! < highlight 8/8/1YYYYY2/1YYYCY2/1YY1YY2/1YYYYY2/1YYYYY2/8
//! > put e5
//! > lift e5
//! < highlight 8/8/3YYY2/3Y1Y2/3RYY2/8/8/8
//! > put d6
//! < highlight 8/8/8/8/8/8/8/8
//! > usermove d4e5,e5d6
//! ```
//!
//! ```text
//! > xboard
//! > protover 2
//! < feature setboard=1 usermove=1 ping=1 memory=1 ... done=1
//! > variant shatranj
//! < setup (PNBRQ...) 8x8+0_shatranj rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
//! > usermove e2e3
//! < move ...
//! ```

use std::io::Write;
use std::ops::Range;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use fairyboard_ai::eval::Weights;
use fairyboard_ai::rules;
use fairyboard_ai::search::SearchParams;
use fairyboard_ai::{mate_in, Limits, Options, Stopwatch, Thinker};
use fairyboard_core::game::{Game, PlayError};
use fairyboard_core::geometry::Square;
use fairyboard_core::{catalogue, limits, Color, MarkKind, Marks, Position, Variant};

use super::engine::{play_text, result_text, shift_fen, shift_ranks, Commands, Input};

#[derive(clap::Args)]
pub struct Args {
    /// Extra variants: `NAME=FILE` makes `variant NAME` load the definition FILE
    /// (repeatable), e.g. to play a pairing another engine knows by a different name.
    #[arg(long = "alias", value_name = "NAME=FILE")]
    pub aliases: Vec<String>,
    /// Seed: orders equal moves and seeds evaluation noise.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Evaluation noise in centipawns (varies play between games).
    #[arg(long, default_value_t = 0)]
    pub noise: i32,
    /// Hash table size in megabytes (the GUI's `memory` overrides it).
    #[arg(long, default_value_t = 32)]
    pub hash: usize,
    /// Search each move to this many nodes, whatever the clock says: fixed-node matches
    /// measure a search change independently of the machine's load (a referee's clock
    /// must then be generous).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Evaluation weights to try, `NAME=VALUE` separated by spaces (names as
    /// `score_error --jacobian` lists them, e.g. "mobility.mg=150 tempo=25"): a match
    /// between two settings needs no rebuild.
    #[arg(long, value_parser = parse_weights, default_value = "")]
    pub weights: Weights,
    /// Search parameters to try, `NAME=VALUE` separated by spaces (names as
    /// `SearchParams::named` lists them, e.g. "futility_base=100 lmr_divisor=200"): what
    /// a tuner (`tools/spsa.py`) varies between games.
    #[arg(long, value_parser = parse_search, default_value = "")]
    pub search: SearchParams,
}

fn parse_weights(text: &str) -> Result<Weights, String> {
    Weights::parse(text)
}

fn parse_search(text: &str) -> Result<SearchParams, String> {
    SearchParams::parse(text)
}

/// XBoard's piece types in its own order; the king is always last.
const XBOARD_SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// Variants XBoard knows by these names (ours → theirs).
///
/// A game XBoard knows by name is started from XBoard's own array, whatever `setup`
/// says (its protocol: the setup FEN is ignored where the GUI knows the start). Our
/// courier has the traditional array and XBoard's the one of Fairy-Max, so ours goes by
/// another name: under `courier` a real XBoard game forfeited our first rook move.
fn xboard_name(name: &str) -> &str {
    match name {
        "chess" => "normal",
        "courier" => COURIER,
        other => other,
    }
}

/// The name XBoard knows our (traditional) courier by ([`xboard_name`]).
const COURIER: &str = "courier-traditional";

/// Our catalogue name of a variant XBoard asks for (the inverse of [`xboard_name`]),
/// and of the one game XBoard and Fairy-Max know by a name the catalogue spells
/// otherwise: Great Shatranj is their `great` (every other `Game:` of Fairy-Max 5.0b's
/// fmax.ini that the catalogue holds has the catalogue's name). Before, `variant great`
/// was refused and the engine went on in chess: 20 forfeits in run 17's gauntlet.
fn catalogue_name(xboard: &str) -> &str {
    match xboard {
        "normal" => "chess",
        COURIER => "courier",
        "great" => "great-shatranj",
        other => other,
    }
}

/// XBoard variants whose rules can be the parent of a `setup`: only games whose start
/// is XBoard's own (see [`xboard_name`]).
const KNOWN_PARENTS: &[&str] = &[
    "normal",
    "capablanca",
    "gothic",
    "janus",
    "shatranj",
    "makruk",
    "knightmate",
    "berolina",
    "spartan",
    "crazyhouse",
    "shogi",
    "xiangqi",
    "grand",
];

/// A piece's moves as XBoard reads Betza: the canonical form of the notation. XBoard
/// reads each move as prefixes, one atom and a range digit, directions before
/// modalities (`fmF`, not `mfF`: it took `mfF` for all four diagonals), and a rider as a
/// range (`N0`, not `NN`, which it read as a plain knight and so refused a nightrider's
/// two-leap move in a real game). The canonical printer writes exactly that order. A
/// one-leg move of a one-square atom (W, F, K and their riders) loses its `n`: XBoard
/// generates nothing for `nW` (there is no square halfway to check), so it refused
/// Mexican Chess's triple push `ifmnW3` in a real game; where `n` means something to us
/// on such a move, the e.p. rights of an initial push, XBoard gives them anyway. A
/// description that does not parse is passed on as written.
fn xboard_betza(betza: &str) -> String {
    use xbetza::ast::{Geometry, Term};
    let Ok(mut d) = xbetza::parse::parse(betza) else {
        return betza.to_string();
    };
    for term in &mut d.terms {
        if let Term::Simple(s) = term {
            let unit = matches!(s.geometry(), Geometry::King | Geometry::Square { n: 1, .. });
            if unit && s.legs.len() == 1 {
                s.legs[0].modality.n = false;
            }
        }
    }
    d.to_string()
}

/// The commands that interrupt a search in progress.
fn interrupts(cmd: &str) -> bool {
    matches!(
        cmd,
        "?" | "quit"
            | "force"
            | "new"
            | "result"
            | "undo"
            | "remove"
            | "setboard"
            | "variant"
            | "exit"
    )
}

struct Clock {
    /// Moves per session (0 = all), base in ms, increment in ms.
    mps: u32,
    base_ms: f64,
    inc_ms: f64,
    /// Fixed time per move (`st`), ms.
    per_move_ms: Option<f64>,
    depth: Option<u32>,
    /// Our clock (from `time`), ms.
    left_ms: Option<f64>,
    /// Nodes per move from the command line (`--nodes`): overrides every clock.
    nodes: Option<u64>,
}

pub(crate) struct Engine<'w> {
    out: Box<dyn Write + 'w>,
    aliases: Vec<(String, String)>,
    name: String,
    variant: Arc<Variant>,
    /// Position, history and repetition.
    game: Game,
    thinker: Thinker,
    force: bool,
    /// The colour the engine plays (when not in force mode).
    engine_side: Color,
    post: bool,
    clock: Clock,
    stop: Arc<AtomicBool>,
    /// The piece the user holds in the GUI (`lift`), for `hover` and multi-leg entry.
    lifted: Option<Lift>,
    /// The army pairing chosen with `option Variant fairy selects=NAME` (Fairy-Max names
    /// its Chess with Different Armies games so): the variant `fairy` is then the
    /// catalogue game of that name in lower case (FIDE-Nutters: `fide-nutters`); a pairing
    /// the catalogue lacks falls back to `--alias fairy=FILE`.
    fairy_selects: Option<String>,
}

/// A piece picked up in the GUI: where it stands, and the transit squares of a
/// multi-leg move entered so far (XBoard sends `put SQ` + `lift SQ` on a cyan square).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Lift {
    from: Square,
    path: Vec<Square>,
}

/// What the loop does after a command.
#[derive(PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    Quit,
}

impl<'w> Engine<'w> {
    pub(crate) fn new(
        args: &Args,
        out: Box<dyn Write + 'w>,
        stop: Arc<AtomicBool>,
    ) -> Result<Engine<'w>, String> {
        let mut aliases = Vec::new();
        for a in &args.aliases {
            let (n, f) = a
                .split_once('=')
                .ok_or_else(|| format!("--alias '{a}': expected NAME=FILE"))?;
            aliases.push((n.to_string(), f.to_string()));
        }
        let variant = catalogue::load("chess").map_err(|e| e.to_string())?;
        Ok(Engine {
            out,
            aliases,
            name: "normal".into(),
            game: Game::new(variant.clone()),
            variant,
            thinker: Thinker::new(Options {
                hash_mb: args.hash,
                seed: args.seed,
                noise: args.noise,
                weights: args.weights,
                search: args.search,
            }),
            force: false,
            engine_side: Color::Black,
            post: false,
            clock: Clock {
                mps: 0,
                base_ms: 300_000.0,
                inc_ms: 0.0,
                per_move_ms: None,
                depth: None,
                left_ms: None,
                nodes: args.nodes,
            },
            stop,
            lifted: None,
            fairy_selects: None,
        })
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
    }

    fn load(&self, name: &str) -> Result<Arc<Variant>, String> {
        if let ("fairy", Some(game)) = (name, &self.fairy_selects) {
            if let Ok(v) = catalogue::load(game) {
                return Ok(v);
            }
        }
        if let Some((_, file)) = self.aliases.iter().find(|(n, _)| n == name) {
            return catalogue::load(file).map_err(|e| e.to_string());
        }
        catalogue::load(catalogue_name(name)).map_err(|e| e.to_string())
    }

    fn features(&mut self) {
        let mut names: Vec<String> = vec!["normal".into()];
        names.extend(
            catalogue::names()
                .into_iter()
                .filter(|n| n != "chess")
                .map(|n| xboard_name(&n).to_string()),
        );
        names.extend(self.aliases.iter().map(|(n, _)| n.clone()));
        names.dedup();
        self.send(&format!(
            "feature setboard=1 usermove=1 ping=1 memory=1 sigint=0 sigterm=0 highlight=1 \
             colors=0 san=0 time=1 draw=0 reuse=1 analyze=0 myname=\"fairyboard\" variants=\"{}\"",
            names.join(",")
        ));
        self.send("feature done=1");
    }

    /// The `setup` line and `piece` lines that teach a GUI the variant.
    pub(crate) fn setup_lines(variant: &Variant, name: &str) -> Vec<String> {
        let n = XBOARD_SLOTS.len();
        let slots: Vec<char> = XBOARD_SLOTS.chars().collect();
        let mut assigned: Vec<Option<usize>> = vec![None; n];
        let single: Vec<Option<char>> = variant
            .pieces
            .iter()
            .map(|p| {
                let mut c = p.id.chars();
                match (c.next(), c.next()) {
                    (Some(ch), None) if ch.is_ascii_alphabetic() => Some(ch.to_ascii_uppercase()),
                    _ => None,
                }
            })
            .collect();
        let xname = xboard_name(name);
        let parent = if KNOWN_PARENTS.contains(&xname) {
            xname
        } else {
            "fairy"
        };
        let drops = variant.drop_game();
        let order: Vec<usize> = (0..variant.pieces.len())
            .filter(|&t| single[t].is_some())
            .collect();
        // A drop game XBoard does not know (parent `fairy`) is laid out as XBoard's holdings
        // work: only the first S slots (S = the holdings size) go into a hand, and a
        // shogi-style promotion turns slot i into slot i + 11. So the types a hand can hold
        // (unpromoted, not royal) take the first slots and their promoted forms the slot 11
        // further. Laid out by letter instead, real XBoard refused minishogi's first silver
        // move and its drops.
        let held: Vec<usize> = if drops && parent == "fairy" {
            order
                .iter()
                .copied()
                .filter(|&t| !variant.pieces[t].royal && variant.pieces[t].demoted.is_none())
                .take(n - 1)
                .collect()
        } else {
            Vec::new()
        };
        let first = held.len();
        // Royals take the king's slot; held types a slot among the first; the rest the slot
        // of their own letter, else any free one after the held types'.
        for &t in &order {
            if variant.pieces[t].royal && assigned[n - 1].is_none() {
                assigned[n - 1] = Some(t);
            }
        }
        let taken = |a: &Vec<Option<usize>>, t: usize| a.contains(&Some(t));
        let used_letter =
            |a: &Vec<Option<usize>>, ch: char| a.iter().flatten().any(|&u| single[u] == Some(ch));
        // Types into free slots of `range`: first each into the slot of its own letter,
        // then into any. A letter already placed is not placed again (types sharing it are
        // one piece to XBoard).
        let fill = |assigned: &mut Vec<Option<usize>>, types: &[usize], range: Range<usize>| {
            for pass in 0..2 {
                for &t in types {
                    let ch = single[t].unwrap_or('?');
                    if taken(assigned, t) || used_letter(assigned, ch) {
                        continue;
                    }
                    if let Some(i) = range
                        .clone()
                        .find(|&i| (pass == 1 || slots[i] == ch) && assigned[i].is_none())
                    {
                        assigned[i] = Some(t);
                    }
                }
            }
        };
        fill(&mut assigned, &held, 0..first);
        for &t in &order {
            let base = variant.pieces[t].demoted.map(usize::from);
            let Some(i) = base.and_then(|b| assigned.iter().position(|&a| a == Some(b))) else {
                continue;
            };
            let ch = single[t].unwrap_or('?');
            if first > 0
                && i + 11 < n - 1
                && assigned[i + 11].is_none()
                && !taken(&assigned, t)
                && !used_letter(&assigned, ch)
            {
                assigned[i + 11] = Some(t);
            }
        }
        fill(&mut assigned, &order, first..n - 1);
        let half = |upper: bool| -> String {
            assigned
                .iter()
                .map(|a| match a {
                    Some(t) => {
                        let c = single[*t].unwrap_or('.');
                        if upper {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        }
                    }
                    None => '.',
                })
                .collect()
        };
        let holdings = match (drops, first) {
            (false, _) => 0,
            (true, 0) => variant.type_count(),
            (true, held) => held,
        };
        let fen = shift_fen(
            &Position::start(Arc::new(variant.clone())).to_fen(),
            variant.geometry.ranks,
            -1,
        );
        let mut lines = vec![format!(
            "setup ({}{}) {}x{}+{}_{} {}",
            half(true),
            half(false),
            variant.geometry.files,
            variant.geometry.ranks,
            holdings,
            parent,
            fen
        )];
        for t in assigned.iter().flatten() {
            let p = &variant.pieces[*t];
            if !p.betza.is_empty() {
                lines.push(format!(
                    "piece {}& {}",
                    single[*t].unwrap_or('?'),
                    xboard_betza(&p.betza)
                ));
            }
        }
        lines
    }

    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let variant = self.load(name)?;
        self.name = name.to_string();
        self.variant = variant.clone();
        self.game = Game::new(variant.clone());
        self.thinker.reset();
        if name != "normal" {
            for line in Self::setup_lines(&variant, name) {
                self.send(&line);
            }
        }
        Ok(())
    }

    fn limits(&self) -> Limits {
        if let Some(n) = self.clock.nodes {
            return Limits::nodes(n);
        }
        if let Some(d) = self.clock.depth {
            let mut l = Limits::depth(d);
            if let Some(ms) = self.clock.per_move_ms {
                l.hard_ms = Some(ms);
                l.soft_ms = Some(ms);
            }
            return l;
        }
        if let Some(ms) = self.clock.per_move_ms {
            return Limits::movetime((ms - 50.0).max(10.0));
        }
        let left = self.clock.left_ms.unwrap_or(self.clock.base_ms);
        let to_go = if self.clock.mps > 0 {
            let ours = self.game.ply() as u32 / 2;
            Some(self.clock.mps - ours % self.clock.mps)
        } else {
            None
        };
        Limits::clock(
            left,
            self.clock.inc_ms,
            to_go,
            self.game.position().game_ply(),
        )
    }

    /// Report a finished game, if it is, or claim the draw the search plans with: fifty
    /// moves without capture or pawn move where the variant has no count of its own
    /// ([`rules::move_limit_reached`]). Past it the search scores every quiet line as a
    /// draw and would play any of them, so a GUI that does not adjudicate the rule must
    /// be told.
    fn announce_result(&mut self) -> bool {
        if let Some(r) = self.game.result() {
            let text = result_text(&r);
            self.send(&text);
            true
        } else if rules::move_limit_reached(self.game.position()) {
            self.send("1/2-1/2 {fifty-move rule}");
            true
        } else {
            false
        }
    }

    /// Think and play a move for the side to move. Every call answers: with a move, or
    /// with the result of a game that is over (a GUI that sends `go` waits for one).
    fn think(&mut self) {
        if self.announce_result() {
            return;
        }
        let limits = self.limits();
        let post = self.post;
        let stop = self.stop.clone();
        let variant = self.variant.clone();
        let mut lines: Vec<String> = Vec::new();
        let result = {
            let mut control = Stopwatch::new(stop, |info, ms| {
                if post {
                    let score = match mate_in(info.score) {
                        Some(p) if p > 0 => 100_000 + (p + 1) / 2,
                        Some(p) => -100_000 - (-p + 1) / 2,
                        None => info.score,
                    };
                    let pv: Vec<String> = info
                        .pv
                        .iter()
                        .map(|m| shift_ranks(&variant.uci(m), variant.geometry.ranks, -1))
                        .collect();
                    lines.push(format!(
                        "{} {} {} {} {}",
                        info.depth,
                        score,
                        (ms / 10.0) as u64,
                        info.nodes,
                        pv.join(" ")
                    ));
                }
            });
            self.thinker.search(
                self.game.position(),
                self.game.hashes(),
                &limits,
                &mut control,
            )
        };
        for l in lines {
            self.send(&l);
        }
        // A search stopped before its first iteration ended has no best move: any legal
        // move answers then (a position without one has a result, announced above).
        let best = result
            .best
            .or_else(|| self.game.position_mut().legal_moves().first().copied());
        let Some(m) = best else {
            if !self.announce_result() {
                self.send("Error (no move): the position has no legal move and no result");
            }
            return;
        };
        let text = self.game.position_mut().uci(&m);
        if let Err(e) = self.game.play(&m) {
            self.send(&format!("Error (internal): {e}"));
            return;
        }
        let text = shift_ranks(&text, self.variant.geometry.ranks, -1);
        self.send(&format!("move {text}"));
        self.announce_result();
    }

    fn user_move(&mut self, text: &str) {
        let ours = shift_ranks(text, self.variant.geometry.ranks, 1);
        if let Err(e) = play_text(&mut self.game, &ours) {
            let why = match e {
                PlayError::Notation(e) => e.reason,
                PlayError::Over(r) => format!("the game is over: {}", r.pgn()),
                e => e.to_string(),
            };
            self.send(&format!("Illegal move ({why}): {text}"));
            return;
        }
        if self.announce_result() {
            return;
        }
        if !self.force && self.game.position().side_to_move() == self.engine_side {
            self.think();
        }
    }

    fn square(&self, text: &str) -> Option<Square> {
        let ours = shift_ranks(text, self.variant.geometry.ranks, 1);
        let c: fairyboard_core::coord::Coord = ours.parse().ok()?;
        let g = &self.variant.geometry;
        (c.file < g.files && c.rank < g.ranks).then(|| self.variant.square(c))
    }

    /// The core's marks for the lifted piece after the legs entered so far.
    fn core_marks(&mut self, lift: &Lift) -> Marks {
        self.game.position_mut().marks(lift.from, &lift.path)
    }

    /// Whether `sq` is where a multi-leg move of the lifted piece stops on the way and
    /// goes on (a [`Transit`](MarkKind::Transit) mark, cyan for XBoard).
    fn is_transit(&mut self, lift: &Lift, sq: Square) -> bool {
        self.core_marks(lift)
            .kinds_at(sq)
            .any(|k| k == MarkKind::Transit)
    }

    /// The core's marks for the next leg of the lifted piece in XBoard's colours: cyan
    /// (`C`) a transit square (the GUI waits for the next leg there; clicking it again
    /// ends the move on it), magenta (`M`) a promotion, red (`R`) a capture (the GUI
    /// then sends `hover`), yellow (`Y`) a move; the first of these wins on a square.
    /// Illegal targets, screens and stops get no colour. The way back to the start
    /// square (igui, capture-and-return) is red, as XBoard itself marks it for its own
    /// Lion; a turn pass (step out and back) cannot be entered as a drop on the start.
    fn leg_marks(&mut self, lift: &Lift) -> Vec<Option<char>> {
        let marks = self.core_marks(lift);
        let mut out: Vec<Option<char>> = vec![None; self.variant.geometry.cells];
        let rank = |c: char| match c {
            'C' => 4,
            'M' => 3,
            'R' => 2,
            _ => 1,
        };
        let entered = !lift.path.is_empty();
        for mark in &marks.marks {
            let colour = match mark.kind {
                _ if mark.square == lift.from && !entered => continue,
                MarkKind::Transit => 'C',
                MarkKind::Move | MarkKind::Capture if mark.square == lift.from => 'R',
                MarkKind::Move | MarkKind::Capture
                    if mark.moves.iter().any(|&i| marks.moves[i].is_promotion()) =>
                {
                    'M'
                }
                MarkKind::Capture => 'R',
                MarkKind::Move => 'Y',
                _ => continue,
            };
            let e = &mut out[mark.square];
            if e.is_none_or(|old| rank(old) < rank(colour)) {
                *e = Some(colour);
            }
        }
        out
    }

    /// The `highlight` answer to `hover SQ` while a piece is lifted: on a transit square
    /// the continuation legs from there; on a move's end the same marks as before with
    /// the pieces it takes off its legs (an e.p. victim) green, XBoard's convention.
    fn hover_marks(&mut self, lift: &Lift, sq: Square) -> Vec<Option<char>> {
        if self.is_transit(lift, sq) {
            let mut next = lift.clone();
            next.path.push(sq);
            return self.leg_marks(&next);
        }
        let mut out = self.leg_marks(lift);
        let marks = self.core_marks(lift);
        let pos = self.game.position();
        for mark in marks
            .marks
            .iter()
            .filter(|m| m.square == sq && matches!(m.kind, MarkKind::Move | MarkKind::Capture))
        {
            for &i in &mark.moves {
                let m = &marks.moves[i];
                let legs = m.legs();
                for &v in pos.victims(m).iter().filter(|v| !legs.contains(v)) {
                    out[v] = Some('G');
                }
            }
        }
        out
    }

    /// Marks as XBoard's colour FEN: the board part of a FEN with colour letters.
    fn colour_fen(&self, marks: &[Option<char>]) -> String {
        let g = &self.variant.geometry;
        let mut s = String::new();
        for rank in (0..g.ranks).rev() {
            let mut run = 0;
            for file in 0..g.files {
                let sq = self
                    .variant
                    .square(fairyboard_core::coord::Coord::new(file, rank));
                match marks[sq] {
                    Some(c) => {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        s.push(c);
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    fn send_marks(&mut self, marks: &[Option<char>]) {
        let fen = self.colour_fen(marks);
        self.send(&format!("highlight {fen}"));
    }

    /// `lift SQ`: a fresh pick-up, or (after `put` on a transit square) the same piece
    /// going on from there.
    fn lift(&mut self, sq: Square) {
        let lift = match self.lifted.take() {
            Some(l) if l.path.last() == Some(&sq) => l,
            _ => Lift {
                from: sq,
                path: Vec::new(),
            },
        };
        let marks = self.leg_marks(&lift);
        self.lifted = Some(lift);
        self.send_marks(&marks);
    }

    /// `put SQ`: on a transit square the move goes on (XBoard follows with `lift SQ`);
    /// anywhere else the move is complete and the marks are cleared.
    fn put(&mut self, sq: Square) {
        if let Some(mut lift) = self.lifted.take() {
            if self.is_transit(&lift, sq) {
                lift.path.push(sq);
                self.lifted = Some(lift);
                return;
            }
        }
        let none = vec![None; self.variant.geometry.cells];
        self.send_marks(&none);
    }

    fn parse_time(text: &str) -> Option<f64> {
        // Minutes, or minutes:seconds.
        match text.split_once(':') {
            Some((m, s)) => {
                Some(m.parse::<f64>().ok()? * 60_000.0 + s.parse::<f64>().ok()? * 1000.0)
            }
            None => Some(text.parse::<f64>().ok()? * 60_000.0),
        }
    }

    pub(crate) fn handle(&mut self, line: &str) -> Flow {
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let bad_arg = |what: &str| format!("Error ({what}): {line}");
        match cmd {
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "otim" | "cores" | "exclude" | "include"
            | "egtpath" | "?" | "." | "bk" | "hint" | "nps" | "white" | "black" => {}
            "protover" => self.features(),
            "option" => {
                if let Some(game) = rest.strip_prefix("Variant fairy selects=") {
                    self.fairy_selects = Some(game.trim().to_lowercase());
                }
            }
            "new" => {
                self.force = false;
                self.engine_side = Color::Black;
                self.clock.depth = None;
                if let Err(e) = self.set_variant("normal") {
                    self.send(&format!("Error (new): {e}"));
                }
                self.thinker.reset();
            }
            "variant" => {
                if let Err(e) = self.set_variant(rest) {
                    let first = e.lines().next().unwrap_or("").to_string();
                    self.send(&format!("Error (unknown variant): {rest}: {first}"));
                }
            }
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.game.position().side_to_move();
                self.think();
            }
            "playother" => {
                self.force = false;
                self.engine_side = self.game.position().side_to_move().flip();
            }
            "usermove" => self.user_move(rest),
            "undo" => {
                self.game.undo();
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
            }
            "result" => self.force = true,
            "setboard" => match Position::from_fen(
                self.variant.clone(),
                &shift_fen(rest, self.variant.geometry.ranks, 1),
            ) {
                Ok(pos) => {
                    self.game = Game::from_position(pos);
                }
                Err(e) => self.send(&format!("tellusererror Illegal position: {e}")),
            },
            "level" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let parsed = (parts.len() == 3)
                    .then(|| {
                        Some((
                            parts[0].parse::<u32>().ok()?,
                            Self::parse_time(parts[1])?,
                            parts[2].parse::<f64>().ok()?,
                        ))
                    })
                    .flatten();
                let parsed = parsed.filter(|&(_, base, inc)| {
                    clock_ms(base).is_ok() && clock_ms(inc * 1000.0).is_ok()
                });
                match parsed {
                    Some((mps, base, inc)) => {
                        self.clock.mps = mps;
                        self.clock.base_ms = base;
                        self.clock.inc_ms = inc * 1000.0;
                        self.clock.per_move_ms = None;
                        self.clock.left_ms = None;
                    }
                    None => self.send(&bad_arg("bad level")),
                }
            }
            "st" => match rest.parse::<f64>().map(|s| clock_ms(s * 1000.0)) {
                Ok(Ok(ms)) if ms > 0.0 => self.clock.per_move_ms = Some(ms),
                Ok(Err(why)) => self.send(&bad_arg(&format!("bad st: {why}"))),
                _ => self.send(&bad_arg("bad st")),
            },
            "sd" => match rest.parse::<u32>() {
                Ok(d) if d > 0 => match limits::search_depth(d) {
                    Ok(d) => self.clock.depth = Some(d),
                    Err(e) => self.send(&bad_arg(&format!("bad sd: {e}"))),
                },
                _ => self.send(&bad_arg("bad sd")),
            },
            // Our clock in centiseconds. A negative clock (XBoard lets it run below zero
            // when flags are off) is reported and read as empty: move at once.
            "time" => match rest.parse::<f64>().map(|cs| clock_ms(cs * 10.0)) {
                Ok(Ok(ms)) => self.clock.left_ms = Some(ms),
                Ok(Err(why)) => {
                    self.send(&bad_arg(&format!("bad time: {why}")));
                    if why == NEGATIVE {
                        self.clock.left_ms = Some(0.0);
                    }
                }
                _ => self.send(&bad_arg("bad time")),
            },
            "memory" => match rest.parse::<usize>() {
                Ok(mb) => {
                    let options = self.thinker.options();
                    self.thinker.set_options(Options {
                        hash_mb: mb.clamp(1, 4096),
                        ..options
                    });
                }
                _ => self.send(&bad_arg("bad memory")),
            },
            "ping" => self.send(&format!("pong {rest}")),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "lift" => match self.square(rest) {
                Some(sq) => self.lift(sq),
                None => self.send(&bad_arg("bad square")),
            },
            "hover" => match (self.square(rest), self.lifted.clone()) {
                (Some(sq), Some(lift)) => {
                    let marks = self.hover_marks(&lift, sq);
                    self.send_marks(&marks);
                }
                (Some(_), None) => {}
                (None, _) => self.send(&bad_arg("bad square")),
            },
            "put" => match self.square(rest) {
                Some(sq) => self.put(sq),
                None => self.send(&bad_arg("bad square")),
            },
            "quit" | "exit" => return Flow::Quit,
            _ => {
                // Without usermove=1 support a bare move could come; we asked for it, so
                // anything else is unknown.
                self.send(&format!("Error (unknown command): {cmd}"));
            }
        }
        Flow::Continue
    }
}

/// Why a negative time is refused.
const NEGATIVE: &str = "negative";

/// A time from the GUI, in ms, checked: finite, not negative, at most a day
/// ([`limits::MAX_SEARCH_MS`]).
fn clock_ms(ms: f64) -> Result<f64, &'static str> {
    if !ms.is_finite() {
        Err("not a finite number")
    } else if ms < 0.0 {
        Err(NEGATIVE)
    } else if ms > limits::MAX_SEARCH_MS {
        Err("longer than a day")
    } else {
        Ok(ms)
    }
}

pub fn run(args: Args) -> Result<String, String> {
    let stop = Arc::new(AtomicBool::new(false));
    let stdout = std::io::stdout();
    let mut engine = Engine::new(&args, Box::new(stdout.lock()), stop.clone())?;
    let mut input = Input::stdin(
        stop,
        Commands {
            interrupts,
            searches: |_| false,
            during_search: |_| None,
            say: |_| {},
        },
    );
    while let Some(line) = input.next() {
        let line = match line {
            Ok(line) => line,
            Err(too_long) => {
                engine.send(&format!("Error (line too long): {too_long}"));
                continue;
            }
        };
        if engine.handle(&line) == Flow::Quit {
            break;
        }
    }
    Ok(String::new())
}
