//! Iterative-deepening principal-variation search.
//!
//! Alpha-beta with a null window after the first move and an aspiration window at the
//! root, a transposition table, quiescence over every move that captures material
//! (locust and multiple captures included) except captures that lose it, move ordering
//! (TT move, MVV-LVA with capture history, escapes of threatened pieces, killers,
//! counter moves, history and continuation history — after the moves one, two and four
//! plies before — with a malus for moves that did not cut, losing captures last; a
//! stored cut by a quiet move teaches them as a searched one does),
//! internal iterative reduction, and the pruning of the Stockfish family, scaled to
//! centipawns: reverse futility to depth 7, null move (R = 3 + depth/3 + surplus; never
//! in check or with little material: zugzwang; never while a result
//! waits for the side to move's reply), late-move pruning, futility and static-exchange
//! pruning of quiet moves by their reduced depth, pruning of quiet moves with a poor
//! history near the leaves, static-exchange pruning of losing captures, late-move
//! reductions by history and two plies more at expected cut nodes (the null-window
//! children of a node, alternating down the tree), razoring (whose quiescence also tries
//! quiet checks, so a sacrificial mate survives it), a singular extension of the stored
//! move (a multi-cut when even without it the node reaches beta, and a ply less for it
//! when other moves come near its bound and it is expected to cut anyway), a ply less for
//! the moves after one that raised alpha, quiet check evasions after the second pruned in
//! quiescence once one escaped mate, and a check extension on the principal variation.
//! ("Improving" — a better static evaluation than two plies before — makes pruning less
//! eager.) Against the plain search of BENCHMARKS.md run 15 it reaches depth 11 of the
//! Capablanca start with a third of the nodes that one needed for depth 10 (run 16).
//! Static evaluations are cached by position key. The stored move is searched before
//! the others are generated where the core can tell it is legal without them
//! ([`Position::is_legal_remembered`]).
//!
//! A bared side's one reply is searched in quiescence like a check evasion, so a capture
//! that bares is seen as the win (or, when the reply bares back, the draw) it is. Draws by repetition and by the move rule
//! ([`rules::move_rule`]: the XBoard fifty-move claim when the variant has none) cost the
//! searching side a small contempt; a mate given with the move that completes the count
//! still counts as a mate.
//!
//! Time comes from the caller's [`Control`], never from the system clock directly, so
//! the same search runs natively and in a browser; limited by depth or nodes only, it
//! never reads the clock and is fully deterministic.

use std::sync::Arc;

use fairyboard_core::geometry::Square;
use fairyboard_core::{Color, Move, MoveKind, MoveList, Position, Variant};

use crate::eval::{Evaluator, Weights};
use crate::rules::{self, MATE, MATE_BOUND};
use crate::think::{Control, Limits};
use crate::tt::{Bound, Table};
use fairyboard_core::rng::SplitMix;

/// The deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 100;
const INF: i32 = MATE + 1;
/// Centipawns a repetition or move-rule draw costs the root side.
const CONTEMPT: i32 = 20;
/// A royal's value in a static exchange (it takes last, and only unattacked).
const SEE_ROYAL: i32 = 100_000;
/// The attackers of one square a static exchange counts per side.
const SEE_MAX: usize = 16;
/// The bound of a history score (see [`Searcher::reward`]).
const HISTORY_MAX: i32 = 16_384;
/// The ordering score of a quiet move that takes a threatened piece where it is not
/// threatened ([`Searcher::threatened`]), plus the piece's value: after captures that
/// keep material and promotions, before the killers (near the leaves only the first few
/// quiet moves are searched, and a killer from a sibling seldom saves a hanging piece).
const ESCAPE: i32 = 820_000;
/// The threatened pieces [`Searcher::threatened`] keeps (in board order; the rest wait).
const THREATENED_MAX: usize = 8;
/// A move's flag: it captures material ([`Evaluator::captured`]).
const CAPTURE: u8 = 1;
/// A move's flag: a capture whose static exchange is not yet in its score.
const PENDING: u8 = 2;
/// A move's flag: the list is sorted from this move on ([`Searcher::sort_rest`]).
const SORTED: u8 = 4;
/// A move's flag: a quiet move not yet scored ([`Searcher::score_quiets`]); it stands
/// at [`UNSCORED`] meanwhile.
const DEFERRED: u8 = 8;
/// The stand-in score of a deferred quiet move: below every real score, so no pick takes
/// it before the quiet moves are scored.
const UNSCORED: i32 = i32::MIN;
/// A list with more moves than this left to pick (drop games, whose hands reach every
/// empty square) has the rest sorted once instead of picked one by one: selection costs
/// the square of the list's length at a node that tries every move, and in a 16×16 drop
/// game with 3,300 moves a node it took half the search's time (BENCHMARKS.md, run 43).
/// Chess-sized lists never get here, so their searches are unchanged.
const SORT_REST: usize = 128;
/// Moves picked one by one before a long list's rest is sorted: most nodes that cut do
/// so within them, before any sorting is paid for.
const SORT_AFTER: usize = 3;
/// A node with more moves than this reads the clock at once (see
/// [`Searcher::check_limits`]).
const LONG_LIST: usize = 256;
/// The largest continuation-history table (entries of 2 bytes): 8 MB.
const CONTINUATION_MAX: usize = 1 << 22;
/// Entries of the evaluation cache (a power of two; 16 bytes each).
const EVAL_CACHE: usize = 1 << 18;
/// Entries per side of the correction history (see [`Searcher::corrected`]).
const CORRECTION_SIZE: usize = 1 << 14;
/// An entry's bound (Stockfish's): new findings move an entry less the nearer it is.
const CORRECTION_LIMIT: i32 = 1024;
/// The correction applied is the entry over this: at most 64 centipawns. Twice as much
/// (8) scored no better at the fast third (BENCHMARKS.md, run 36).
const CORRECTION_GRAIN: i32 = 16;

/// The squares of a node's threatened pieces ([`Searcher::threatened`]).
struct Threatened {
    squares: [Square; THREATENED_MAX],
    len: usize,
}

impl Threatened {
    fn contains(&self, sq: &Square) -> bool {
        self.squares[..self.len].contains(sq)
    }
}

/// Progress after an iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    /// Side to move's view, centipawns (or a mate score, see [`mate_in`]).
    pub score: i32,
    pub nodes: u64,
    pub ms: f64,
    pub pv: Vec<Move>,
}

/// Plies to mate for a mate score (positive: we mate), or None.
pub fn mate_in(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(MATE - score)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// None when the side to move has no legal move.
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// Settings of a searcher.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub hash_mb: usize,
    /// Orders equal root moves and seeds evaluation noise: same seed, same game.
    pub seed: u64,
    /// Evaluation noise in centipawns (0 = none).
    pub noise: i32,
    /// The evaluation's weights (a trial's, or the fitted defaults).
    pub weights: Weights,
    /// The search's margins and reductions (a trial's, or the defaults).
    pub search: SearchParams,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: 16,
            seed: 0,
            noise: 0,
            weights: Weights::default(),
            search: SearchParams::default(),
        }
    }
}

/// The search's pruning margins and reductions, by name: the numbers a tuner varies
/// (`tools/spsa.py`). Margins are centipawns; the late-move reduction's two numbers are
/// hundredths of a ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Reverse futility: a node this far above beta per ply of depth (one ply less when
    /// improving) returns its static estimate.
    pub rfp_margin: i32,
    /// Razoring: a node `razor_base + razor_depth × depth²` below alpha asks quiescence
    /// whether a capture helps.
    pub razor_base: i32,
    pub razor_depth: i32,
    /// Null move: a ply more reduction per this much of the estimate over beta (up to 3).
    pub null_margin: i32,
    /// Near the leaves (reduced depth under 6) a quiet move whose history and
    /// continuation histories sum below this many times the depth is pruned: moves that
    /// keep failing elsewhere (BENCHMARKS.md, run 29).
    pub history_prune: i32,
    /// Futility: a quiet move is pruned where the estimate plus
    /// `futility_base + futility_depth × reduced depth` stays at or under alpha.
    pub futility_base: i32,
    pub futility_depth: i32,
    /// A quiet move losing more than `see_quiet_square × d² + see_quiet_depth × d` by its
    /// static exchange (d the reduced depth) is pruned.
    pub see_quiet_square: i32,
    pub see_quiet_depth: i32,
    /// A capture losing more than this times the depth by its static exchange is pruned
    /// near the leaves.
    pub see_capture: i32,
    /// The late-move reduction `lmr_base + ln(depth) × ln(moves) / lmr_divisor`, both in
    /// hundredths of a ply.
    pub lmr_base: i32,
    pub lmr_divisor: i32,
    /// A ply less (more) reduction per this much history above (below) zero, up to two.
    pub lmr_history: i32,
    /// Plies more a late move is reduced at an expected cut node (one searched with a
    /// null window as the reply to a move of an expected all node): there the first move
    /// tried usually cuts, and later ones seldom matter (Stockfish's `cutNode`;
    /// BENCHMARKS.md, run 29).
    pub cut_node_reduction: i32,
    /// Singular extension: the stored move is singular when every other move falls this
    /// many centipawns a ply of depth under its stored score.
    pub singular_margin: i32,
    /// Quiescence: a capture that cannot lift the standing score to within this of alpha
    /// is not tried (delta pruning).
    pub delta_margin: i32,
    /// Double extension: away from the principal variation, a singular stored move whose
    /// alternatives all fall this many centipawns under the singular bound is searched
    /// two plies deeper (0: never; at most [`MAX_DOUBLES`] on a path, so the search cannot
    /// run away).
    pub double_margin: i32,
    /// The previous quiet move's history learns from the static estimates: it moves by
    /// this times the depth times how much the estimate rose for the side that made it
    /// (at most ±1000; 0: not at all). A move that improves the position is tried earlier
    /// next time, before any search has judged it (Stockfish's).
    pub eval_history: i32,
}

/// Double extensions a path may hold (see [`SearchParams::double_margin`]).
const MAX_DOUBLES: u8 = 3;

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            rfp_margin: 100,
            razor_base: 200,
            razor_depth: 250,
            null_margin: 200,
            history_prune: 2000,
            futility_base: 120,
            futility_depth: 110,
            see_quiet_square: 25,
            see_quiet_depth: 20,
            see_capture: 150,
            lmr_base: 50,
            lmr_divisor: 225,
            lmr_history: 12_000,
            cut_node_reduction: 2,
            singular_margin: 2,
            delta_margin: 200,
            double_margin: 50,
            eval_history: 8,
        }
    }
}

impl SearchParams {
    /// The defaults with `NAME=VALUE` pairs set (as [`Weights::parse`]). An unknown name
    /// is an error, as is a divisor set to 0 or less.
    pub fn parse(text: &str) -> Result<SearchParams, String> {
        let mut p = SearchParams::default();
        crate::named::set_by_name(p.named(), text, "search parameter")?;
        for (name, value) in [
            ("null_margin", p.null_margin),
            ("lmr_divisor", p.lmr_divisor),
            ("lmr_history", p.lmr_history),
        ] {
            if value <= 0 {
                return Err(format!("{name}={value}: a divisor must be positive"));
            }
        }
        Ok(p)
    }

    /// Every parameter by name, for a tool that varies them.
    pub fn named(&mut self) -> Vec<(&'static str, &mut i32)> {
        let SearchParams {
            rfp_margin,
            razor_base,
            razor_depth,
            null_margin,
            history_prune,
            futility_base,
            futility_depth,
            see_quiet_square,
            see_quiet_depth,
            see_capture,
            lmr_base,
            lmr_divisor,
            lmr_history,
            cut_node_reduction,
            singular_margin,
            delta_margin,
            double_margin,
            eval_history,
        } = self;
        vec![
            ("rfp_margin", rfp_margin),
            ("razor_base", razor_base),
            ("razor_depth", razor_depth),
            ("null_margin", null_margin),
            ("history_prune", history_prune),
            ("futility_base", futility_base),
            ("futility_depth", futility_depth),
            ("see_quiet_square", see_quiet_square),
            ("see_quiet_depth", see_quiet_depth),
            ("see_capture", see_capture),
            ("lmr_base", lmr_base),
            ("lmr_divisor", lmr_divisor),
            ("lmr_history", lmr_history),
            ("cut_node_reduction", cut_node_reduction),
            ("singular_margin", singular_margin),
            ("delta_margin", delta_margin),
            ("double_margin", double_margin),
            ("eval_history", eval_history),
        ]
    }

    /// Plies a late quiet move is searched shallower: grows with the logarithms of both
    /// the depth and the move's place in the ordering (the usual shape; later moves of a
    /// deep search rarely matter, and a reduced search that fails high is repeated at
    /// full depth).
    fn late_move_reduction(&self, depth: i32, searched: usize) -> i32 {
        let d = (depth.max(1) as f64).ln();
        let n = (searched.max(1) as f64).ln();
        (self.lmr_base as f64 / 100.0 + d * n / (self.lmr_divisor as f64 / 100.0)) as i32
    }
}

/// A searcher for one variant; keeps its table and history between moves.
pub struct Searcher {
    variant: Arc<Variant>,
    pub eval: Evaluator,
    tt: Table,
    options: Options,
    killers: Vec<[Option<Move>; 2]>,
    /// `[side][type][square]` flattened.
    history: Vec<i32>,
    /// The reply that refuted a move last time, by `[type][square]` of the move.
    counter: Vec<Option<Move>>,
    /// Continuation history: how often a quiet move (type, destination) cut after the
    /// move one or two plies earlier (type, destination), `[earlier][move]` flattened;
    /// empty where a variant's pieces and squares make the table too large.
    continuation: Vec<i16>,
    /// Per ply: the static evaluation (−INF in check), for "improving".
    static_evals: Vec<i32>,
    /// Per ply: the move a singular-extension search leaves out (see [`Searcher::pvs`]).
    excluded: Vec<Option<Move>>,
    /// The move made at each ply of the path (None: a null move), for counter moves.
    played: Vec<Option<Move>>,
    /// Per ply: whether the move made there was quiet (see [`Searcher::learn_estimates`]).
    played_quiet: Vec<bool>,
    /// Per ply: how many double extensions the path to it holds.
    doubles: Vec<u8>,
    /// Per ply: the quiet moves tried so far (history malus when a later one cuts).
    quiets: Vec<Vec<Move>>,
    /// Per ply: the captures tried so far (capture-history malus when a later move cuts).
    captures: Vec<Vec<Move>>,
    /// Capture history: how often a capture (type, destination, victim type or none)
    /// cut, `[type][square][victim]` flattened; it orders captures of equal victims.
    capture_history: Vec<i16>,
    lists: Vec<MoveList>,
    scores: Vec<Vec<i32>>,
    /// Per ply, per move: [`CAPTURE`], and [`PENDING`] while a capture's score is still
    /// its optimistic bound (see [`Searcher::score_moves`]).
    flags: Vec<Vec<u8>>,
    /// Per ply: whether some move of the list is still [`DEFERRED`].
    deferred: Vec<bool>,
    /// The highest score a quiet move can get ([`Searcher::quiet_ceiling`]), for this
    /// search's evaluation.
    quiet_ceiling: i32,
    /// Hashes of the game before the root and of the search path.
    path: Vec<u64>,
    nodes: u64,
    stopped: bool,
    start_ms: f64,
    limits: Limits,
    /// What a draw by repetition or move rule is worth to the side that searches.
    root_draw: i32,
    /// Static evaluations by position key (see [`Searcher::evaluate`]).
    eval_cache: Vec<(u64, i32)>,
    /// Correction history: by side to move and pawn placement, how far searches found
    /// the static evaluation off (see [`Searcher::corrected`]). The core's pawn hash and
    /// the evaluation count the same types as pawns ([`PieceType::pawn_like`]).
    ///
    /// [`PieceType::pawn_like`]: fairyboard_core::variant::PieceType::pawn_like
    correction: Vec<i32>,
}

impl Searcher {
    pub fn new(variant: Arc<Variant>, options: Options) -> Searcher {
        let mut eval = Evaluator::with_weights(&variant, options.weights);
        eval.set_noise(options.seed, options.noise);
        let cells = variant.geometry.cells;
        let types = variant.type_count();
        Searcher {
            eval,
            tt: Table::new(options.hash_mb),
            options,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * types * cells],
            counter: vec![None; types * cells],
            continuation: if (types * cells).pow(2) <= CONTINUATION_MAX {
                vec![0; (types * cells).pow(2)]
            } else {
                Vec::new()
            },
            static_evals: vec![-INF; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            played: vec![None; MAX_PLY + 2],
            played_quiet: vec![false; MAX_PLY + 2],
            doubles: vec![0; MAX_PLY + 2],
            quiets: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            captures: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(32)).collect(),
            capture_history: vec![0; types * cells * (types + 1)],
            lists: (0..MAX_PLY + 2)
                .map(|_| MoveList::with_capacity(128))
                .collect(),
            scores: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            flags: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            deferred: vec![false; MAX_PLY + 2],
            quiet_ceiling: i32::MAX,
            path: Vec::new(),
            nodes: 0,
            stopped: false,
            start_ms: 0.0,
            limits: Limits::default(),
            root_draw: -CONTEMPT,
            eval_cache: vec![(0, 0); EVAL_CACHE],
            correction: vec![0; 2 * CORRECTION_SIZE],
            variant,
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// Forget everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.counter.iter_mut().for_each(|c| *c = None);
        self.continuation.iter_mut().for_each(|c| *c = 0);
        self.capture_history.iter_mut().for_each(|c| *c = 0);
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
        self.correction.iter_mut().for_each(|c| *c = 0);
    }

    /// The slot of the correction history for this side to move and pawn placement:
    /// positions that share their pawns share most of what the evaluation misjudges
    /// (pawn structure, and the piece play it allows).
    fn correction_slot(&self, pos: &Position) -> usize {
        let key = pos.pawn_hash() as usize;
        pos.side_to_move().index() * CORRECTION_SIZE + (key & (CORRECTION_SIZE - 1))
    }

    /// The static evaluation corrected by what searches of positions with the same pawns
    /// found (Stockfish's correction history): an evaluation that keeps misjudging a
    /// structure misleads every pruning decision taken from it.
    fn corrected(&self, slot: usize, raw: i32) -> i32 {
        if raw.abs() >= MATE_BOUND {
            return raw;
        }
        (raw + self.correction[slot] / CORRECTION_GRAIN).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Move the slot's entry toward a search's finding (`diff`: its score less the
    /// static evaluation), by more the deeper the search; the entry stays within
    /// [`CORRECTION_LIMIT`] and older findings fade as new ones come.
    fn learn_correction(&mut self, slot: usize, diff: i32, depth: i32) {
        let bonus = (diff * depth / 8).clamp(-CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4);
        let e = &mut self.correction[slot];
        *e += bonus - *e * bonus.abs() / CORRECTION_LIMIT;
    }

    /// The static evaluation, remembered by position key: the same position is evaluated
    /// again and again (each iteration of the deepening, the main search's estimate and
    /// quiescence's stand-pat), and the evaluation with its per-piece mobility and king
    /// danger is the largest single cost of a node (BENCHMARKS.md, run 12). The key
    /// mixes in the move-rule count, which the evaluation reads (draw distance).
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let key = pos.hash() ^ (pos.halfmove_clock() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let score = self.eval.evaluate(pos);
        *slot = (key, score);
        score
    }

    /// A quiet move's slot in the history, for the side to move in `pos`.
    fn hist_index(&self, pos: &Position, m: &Move) -> usize {
        self.history_slot(pos.side_to_move(), m)
    }

    /// A quiet move's slot in the history, `[side][type][destination]`.
    fn history_slot(&self, side: Color, m: &Move) -> usize {
        let cells = self.variant.geometry.cells;
        let types = self.variant.type_count();
        (side.index() * types + m.piece as usize) * cells + m.to().index()
    }

    /// Search `pos` (left as it was) within `limits`; `history` holds the hashes of the
    /// game's earlier positions, oldest first (repetitions).
    pub fn search(
        &mut self,
        pos: &mut Position,
        history: &[u64],
        limits: &Limits,
        ctl: &mut dyn Control,
    ) -> SearchResult {
        self.nodes = 0;
        self.stopped = false;
        self.limits = limits.clone();
        self.quiet_ceiling = self.quiet_ceiling();
        self.start_ms = if limits.hard_ms.is_some() || limits.soft_ms.is_some() {
            ctl.now_ms()
        } else {
            0.0
        };
        self.tt.next_generation();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        for h in self.history.iter_mut() {
            *h /= 2;
        }
        self.path.clear();
        self.path.extend_from_slice(history);
        // Contempt: a draw is a little worse than even for the side that searches (so it
        // plays on when it can), and no better than the start for a side the estimates
        // rate behind there: with different armies the designer meant the game to be
        // even, so a lead the estimates see in the other army is no reason to settle.
        let balance = match pos.side_to_move() {
            Color::White => self.eval.start_balance(),
            Color::Black => -self.eval.start_balance(),
        };
        self.root_draw = -CONTEMPT + balance.min(0);

        let mut root = MoveList::new();
        pos.legal_moves_into(&mut root);
        let mut result = SearchResult {
            best: root.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if root.is_empty() {
            result.score = rules::no_moves_score(pos, 0);
            return result;
        }
        // Seeded shuffle, then captures first: equal moves are tried in a seed's order.
        let mut rng = SplitMix(self.options.seed ^ 0xA5A5_5A5A);
        for i in (1..root.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            root.swap(i, j);
        }
        let mut root_scores: Vec<i32> = root
            .iter()
            .map(|m| self.eval.captured(pos, m).unwrap_or(-10_000))
            .collect();
        sort_by_scores(&mut root, &mut root_scores);
        if root.len() == 1 && limits.depth.is_none() && limits.nodes.is_none() {
            // Only one move: no need to think (with a clock).
            result.depth = 1;
            return result;
        }

        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 4).max(1) as i32;
        // The last two iterations' best move and score (time management, below).
        let mut last: Option<(Option<Move>, i32)> = None;
        for depth in 1..=max_depth {
            // Aspiration: from depth 5 search a window around the last score, widening it
            // on the side that fails; a move that fails high is searched first again.
            let mut window = 40;
            let aspire = depth >= 5 && result.score.abs() < MATE_BOUND;
            let (mut lo, mut hi) = if aspire {
                (result.score - window, result.score + window)
            } else {
                (-INF, INF)
            };
            let mut new_scores;
            loop {
                let (best_this, scores) = self.root_pass(pos, &root, depth, lo, hi, ctl);
                new_scores = scores;
                if let Some((m, s)) = best_this {
                    // A move that beat the previous best in a full-window search is
                    // trustworthy even when the iteration was cut short (and a root move
                    // failing high is better than the previous best).
                    result.best = Some(m);
                    result.score = s;
                    if s < hi {
                        self.tt.store(pos.hash(), Some(m), s, depth, Bound::Exact);
                    }
                }
                if self.stopped {
                    break;
                }
                match best_this {
                    None if lo > -INF => {
                        lo = (lo - window).max(-INF);
                    }
                    Some((m, s)) if s >= hi && hi < INF => {
                        hi = (hi + window).min(INF);
                        if let Some(i) = root.iter().position(|r| *r == m) {
                            root[..=i].rotate_right(1);
                        }
                    }
                    _ => break,
                }
                window *= 2;
                if window > 600 {
                    (lo, hi) = (-INF, INF);
                }
            }
            if self.stopped {
                break;
            }
            result.depth = depth as u32;
            result.pv = self.extract_pv(pos, result.best);
            result.pv.truncate(depth as usize);
            // Best first, then the rest by this iteration's scores.
            sort_by_scores(&mut root, &mut new_scores);
            let ms = if self.limits.soft_ms.is_some() {
                ctl.now_ms() - self.start_ms
            } else {
                0.0
            };
            ctl.info(&Info {
                depth: depth as u32,
                score: result.score,
                nodes: self.nodes,
                ms,
                pv: result.pv.clone(),
            });
            if let Some(soft) = self.limits.soft_ms {
                // The next iteration takes about twice this one: start it only while it
                // can end near the soft limit, or, when the search is still changing its
                // mind (a new best move, or a score that fell), near the hard limit.
                let unstable = depth >= 5
                    && last.is_some_and(|(m, s)| m != result.best || result.score < s - 25);
                if ms >= soft * if unstable { 1.0 } else { 0.6 } {
                    break;
                }
            }
            last = Some((result.best, result.score));
            if ctl.should_stop() {
                break;
            }
            // A forced mate found: deeper search cannot improve it.
            if result.score.abs() > MATE_BOUND && depth > (MATE - result.score.abs()) + 1 {
                break;
            }
        }
        result.nodes = self.nodes;
        if result.pv.is_empty() {
            result.pv = result.best.into_iter().collect();
        }
        result
    }

    /// One pass over the root moves within `(alpha, beta)`: the best move that raised
    /// alpha (None: all failed low) and each move's score for the next ordering. Stops at
    /// the first move that reaches `beta`.
    fn root_pass(
        &mut self,
        pos: &mut Position,
        root: &MoveList,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ctl: &mut dyn Control,
    ) -> (Option<(Move, i32)>, Vec<i32>) {
        let mut best_this: Option<(Move, i32)> = None;
        let mut new_scores = vec![-INF; root.len()];
        for (i, &m) in root.iter().enumerate() {
            self.path.push(pos.hash());
            self.played[0] = Some(m);
            self.played_quiet[0] = false;
            let undo = pos.make(&m);
            let gives_check = pos.in_check_in_place();
            let child = depth - 1 + gives_check as i32;
            let mut score = -INF;
            if i > 0 {
                score = -self.pvs(
                    pos,
                    child,
                    -alpha - 1,
                    -alpha,
                    1,
                    gives_check,
                    true,
                    true,
                    ctl,
                );
            }
            if (i == 0 || score > alpha) && !self.stopped {
                score = -self.pvs(pos, child, -beta, -alpha, 1, gives_check, true, false, ctl);
            }
            pos.unmake(&m, undo);
            self.path.pop();
            if self.stopped {
                break;
            }
            new_scores[i] = score;
            if score > alpha {
                alpha = score;
                best_this = Some((m, score));
                if score >= beta {
                    break;
                }
            }
        }
        (best_this, new_scores)
    }

    fn extract_pv(&mut self, pos: &mut Position, first: Option<Move>) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut undos = Vec::new();
        let mut next = first;
        let mut seen = Vec::new();
        while let Some(m) = next {
            if pv.len() >= 32 || seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
            let mut list = MoveList::new();
            pos.legal_moves_into(&mut list);
            if !list.contains(&m) {
                break;
            }
            undos.push(pos.make(&m));
            pv.push(m);
            next = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        }
        for (m, u) in pv.iter().zip(undos).rev() {
            pos.unmake(m, u);
        }
        pv
    }

    /// Every 256 nodes: the clock and the stop request. In the slowest catalogue variants
    /// (Mighty-Lion Chess, whose lion moves twice per turn) 2048 nodes took 200 ms, too
    /// slow for UCI's `stop` and a hard time limit; at 256 a stop took 8 ms there, and a
    /// clock read costs nothing next to 256 nodes.
    #[inline]
    fn check_limits(&mut self, control: &mut dyn Control) {
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.stopped = true;
            }
        }
        if self.nodes & 255 == 0 {
            self.check_clock(control);
        }
    }

    /// The hard time limit and the stop request, now: [`Searcher::check_limits`] every 256
    /// nodes, and a node with a [`LONG_LIST`] of moves at once (256 such nodes are slow:
    /// in a 16×16 drop game a move overran its hard limit by as much again, and games
    /// were lost on time; BENCHMARKS.md, run 43).
    fn check_clock(&mut self, control: &mut dyn Control) {
        if let Some(hard) = self.limits.hard_ms {
            if control.now_ms() - self.start_ms >= hard {
                self.stopped = true;
            }
        }
        if control.should_stop() {
            self.stopped = true;
        }
    }

    /// Whether the search must stop before a node's moves are searched: a list of more
    /// than [`LONG_LIST`] moves reads the clock now, since 256 such nodes (some 3,300
    /// moves each in a 16×16 drop game) overran the hard limit (BENCHMARKS.md, run 43).
    fn out_of_time_for_long_list(&mut self, ply: usize, control: &mut dyn Control) -> bool {
        let long = self.lists[ply].len() > LONG_LIST;
        if long {
            self.check_clock(control);
        }
        long && self.stopped
    }

    /// Repetition of a position of the search path or game (a draw), within the reversible
    /// moves since the last capture or pawn move.
    fn repeated(&self, pos: &Position) -> bool {
        let h = pos.hash();
        let n = self.path.len();
        let window = (pos.halfmove_clock() as usize).min(n);
        let mut i = 2;
        while i <= window {
            if self.path[n - i] == h {
                return true;
            }
            i += 2;
        }
        false
    }

    /// A capture's balance when both sides go on taking on the destination while it pays
    /// (a static exchange evaluation): each side's pieces that attack the square, least
    /// valuable first, as the core's attack table sees them (no x-rays through the
    /// square's line). A one-step look (does the opponent recapture?) called a bishop
    /// taking a knight that only a queen defends a loss, and a knight defended only by
    /// a queen safe from a bishop and a rook: quiescence then pruned the capture that wins
    /// a piece (BENCHMARKS.md, run 11). A royal may take only when nothing attacks it
    /// there; the mover, when a royal, risks nothing (a legal move never leaves it en
    /// prise) unless it is one of several its side may lose (then its spare value).
    fn exchange(&self, pos: &Position, m: &Move, gained: i32) -> i32 {
        let us = pos.side_to_move();
        let them = us.flip();
        let piece = m.piece as usize;
        let risked = match self.eval.spare_royal_worth(pos, piece, us) {
            Some(worth) => worth,
            None => self.eval.value(piece),
        };
        if gained >= risked {
            return gained;
        }
        let to = m.to();
        // Each side's attackers by value (a royal that may not be lost: `SEE_ROYAL`); past
        // `SEE_MAX` attackers of one square the rest make no difference.
        let attackers = |side: Color, skip: Square, unknown: &mut bool| {
            let mut values = [0i32; SEE_MAX];
            let mut n = 0;
            for sq in pos.attack_candidates(&[to], side) {
                if sq == skip || sq == to || n == SEE_MAX {
                    continue;
                }
                match pos.table_attack(sq, side, to) {
                    Some(true) => {
                        let Some((t, _)) = pos.piece_at(sq) else {
                            continue;
                        };
                        values[n] = if self.variant.pieces[t].royal {
                            self.eval
                                .spare_royal_worth(pos, t, side)
                                .unwrap_or(SEE_ROYAL)
                        } else {
                            self.eval.value(t)
                        };
                        n += 1;
                    }
                    Some(false) => {}
                    None => *unknown = true,
                }
            }
            values[..n].sort_unstable();
            (values, n)
        };
        let mut unknown = false;
        let theirs = attackers(them, to, &mut unknown);
        if theirs.1 == 0 {
            // Only the generator can tell for some pieces: the one-step answer.
            return if unknown && pos.is_attacked(to, them) {
                gained - risked
            } else {
                gained
            };
        }
        let ours = attackers(us, m.from(), &mut unknown);
        let lists = [&theirs.0[..theirs.1], &ours.0[..ours.1]];
        let mut next = [0usize; 2];
        let mut gain = [0i32; 2 * SEE_MAX + 1];
        gain[0] = gained;
        let mut d = 0;
        let mut on_square = risked;
        let mut side = 0;
        while let Some(&taker) = lists[side].get(next[side]) {
            // A royal may not take onto an attacked square.
            if taker == SEE_ROYAL && next[1 - side] < lists[1 - side].len() {
                break;
            }
            d += 1;
            gain[d] = on_square - gain[d - 1];
            on_square = taker;
            next[side] += 1;
            side = 1 - side;
        }
        // Each side stops taking when going on would cost it more than stopping.
        for d in (1..=d).rev() {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        }
        gain[0]
    }

    /// Order the moves of ply's list: the TT move, captures that win or keep material
    /// (most valuable victim first, then least valuable attacker), promotions, escapes of
    /// threatened pieces (the most valuable first), killers, the counter move, quiet moves
    /// by history, and captures that lose material last.
    ///
    /// A capture's static exchange (the costliest part) waits until [`Searcher::pick`]
    /// would take it: meanwhile it stands at the score it has if the exchange keeps
    /// material, which is at least its real score; so picking gives the same order, and
    /// when an earlier move cuts, the rest are never computed.
    ///
    /// The quiet moves wait too ([`DEFERRED`]) until a pick could take one: at a node
    /// that a capture or promotion cuts, they are never scored (Stockfish's move picker
    /// scores its quiet moves only after the good captures). Their scores then read the
    /// history as the captures' searches left it.
    fn score_moves(&mut self, pos: &Position, ply: usize, tt_move: Option<Move>) {
        let list = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let mut flags = std::mem::take(&mut self.flags[ply]);
        scores.clear();
        flags.clear();
        for m in &list {
            let captured = self.eval.captured(pos, m);
            let (s, flag) = match captured {
                _ if Some(*m) == tt_move => {
                    (2_000_000, if captured.is_some() { CAPTURE } else { 0 })
                }
                Some(v) => {
                    let s = Self::keeping_score(self.eval.value(m.piece as usize), v)
                        + self.capture_history[self.capture_index(pos, m)] as i32 / 32;
                    (s, CAPTURE | PENDING)
                }
                None if m.is_promotion() => (900_000, 0),
                None => (UNSCORED, DEFERRED),
            };
            scores.push(s);
            flags.push(flag);
        }
        self.deferred[ply] = flags.contains(&DEFERRED);
        self.lists[ply] = list;
        self.scores[ply] = scores;
        self.flags[ply] = flags;
    }

    /// Give ply's deferred quiet moves one flat score, below the captures that keep
    /// material and above those that lose it, in the list's order (see
    /// [`Searcher::score_moves`]).
    fn flat_quiets(&mut self, ply: usize) {
        for j in 0..self.flags[ply].len() {
            if self.flags[ply][j] & DEFERRED != 0 {
                self.scores[ply][j] = 0;
                self.flags[ply][j] &= !DEFERRED;
            }
        }
        self.deferred[ply] = false;
    }

    /// The highest score a quiet move can get: an escape of the most valuable piece that
    /// can be threatened ([`Searcher::threatened`] leaves royals out). Killers, the counter
    /// move and history all stay below [`ESCAPE`].
    fn quiet_ceiling(&self) -> i32 {
        let most = (0..self.variant.type_count())
            .filter(|&t| !self.variant.pieces[t].royal)
            .map(|t| self.eval.value(t))
            .max()
            .unwrap_or(0);
        ESCAPE + most.max(0)
    }

    /// Score ply's deferred quiet moves from `from` on (see [`Searcher::score_moves`]).
    fn score_quiets(&mut self, pos: &Position, ply: usize, from: usize) {
        let counter = match ply.checked_sub(1).and_then(|p| self.played[p]) {
            Some(prev) => self.counter[self.counter_index(&prev)],
            None => None,
        };
        // Found at the first quiet move (a node with none never pays for the scan).
        let mut threatened = None;
        let rows = self.continuation_rows(ply);
        for j in from..self.lists[ply].len() {
            if self.flags[ply][j] & DEFERRED == 0 {
                continue;
            }
            let m = self.lists[ply][j];
            let s = if let Some(score) = self.escape_score(pos, &m, &mut threatened) {
                score
            } else if self.killers[ply][0] == Some(m) {
                800_000
            } else if self.killers[ply][1] == Some(m) {
                790_000
            } else if counter == Some(m) {
                780_000
            } else {
                self.quiet_score(pos, &rows, &m)
            };
            self.scores[ply][j] = s;
            self.flags[ply][j] &= !DEFERRED;
        }
        self.deferred[ply] = false;
    }

    /// The side to move's pieces (not royals, which the rules guard, nor pawns, whose
    /// step forward opens more lines than it saves material, nor pieces the evaluation
    /// values at nothing) that are threatened, by the attack table: attacked
    /// by an enemy piece worth less, or attacked and undefended. Moving such a piece away
    /// is the reply that matters most, yet a quiet move ordered by history alone comes
    /// late, and near the leaves late quiet moves are pruned: a depth-3 search of
    /// Capablanca chess after 1. d3 c5 rated 2. Axi7 at +8.8 pawns, a fork of rook and
    /// chancellor (neither defended, the chancellor worth more than the archbishop) that
    /// 2... Ci6 meets. Stockfish orders escapes from cheaper attackers first among quiet
    /// moves (its move picker's `threatenedPieces`).
    fn threatened(&self, pos: &Position) -> Threatened {
        let us = pos.side_to_move();
        let them = us.flip();
        let mut found = Threatened {
            squares: [Square::new(0); THREATENED_MAX],
            len: 0,
        };
        for &sq in pos.pieces(us) {
            let Some((t, _)) = pos.piece_at(sq) else {
                continue;
            };
            let worth = self.eval.value(t);
            if self.variant.pieces[t].royal || self.eval.is_pawn(t) || worth <= 0 {
                continue;
            }
            let (cheaper, attacked) = self.attackers_of(pos, them, sq, worth, None);
            if cheaper || (attacked && !self.attackers_of(pos, us, sq, 0, Some(sq)).1) {
                found.squares[found.len] = sq;
                found.len += 1;
                if found.len == THREATENED_MAX {
                    break;
                }
            }
        }
        found
    }

    /// Whether pieces of `by` (but the one on `skip`) attack `sq`, by the attack table
    /// (pieces only the generator can judge are not asked): (one that is not royal and is
    /// worth less than `worth` does, any does).
    fn attackers_of(
        &self,
        pos: &Position,
        by: Color,
        sq: Square,
        worth: i32,
        skip: Option<Square>,
    ) -> (bool, bool) {
        let mut any = false;
        for from in pos.attack_candidates(&[sq], by) {
            if Some(from) == skip || pos.table_attack(from, by, sq) != Some(true) {
                continue;
            }
            any = true;
            if pos
                .piece_at(from)
                .is_some_and(|(t, _)| !self.variant.pieces[t].royal && self.eval.value(t) < worth)
            {
                return (true, true);
            }
        }
        (false, any)
    }

    /// The ordering score of the quiet move `m` if it is an escape (see [`ESCAPE`]); the
    /// node's threatened pieces are found on the first call.
    fn escape_score(
        &self,
        pos: &Position,
        m: &Move,
        threatened: &mut Option<Threatened>,
    ) -> Option<i32> {
        let threatened = threatened.get_or_insert_with(|| self.threatened(pos));
        (threatened.contains(&m.from()) && self.escapes(pos, m))
            .then(|| ESCAPE + self.eval.value(m.piece as usize))
    }

    /// Whether the quiet move `m` of a threatened piece lands where it is not threatened
    /// (judged before the move: a line it opens or closes is not seen).
    fn escapes(&self, pos: &Position, m: &Move) -> bool {
        let worth = self.eval.value(m.piece as usize);
        let us = pos.side_to_move();
        let (cheaper, attacked) = self.attackers_of(pos, us.flip(), m.to(), worth, None);
        !cheaper && (!attacked || self.attackers_of(pos, us, m.to(), 0, Some(m.from())).1)
    }

    /// The score of a capture of `gained` by a piece worth `attacker` whose static
    /// exchange keeps material: by victim, then attacker.
    fn keeping_score(attacker: i32, gained: i32) -> i32 {
        1_000_000 + gained * 16 - attacker / 16
    }

    /// The real score of the pending capture at `j` of ply's list: unchanged when its
    /// static exchange keeps material, else last, by the exchange.
    fn resolve(&mut self, pos: &Position, ply: usize, j: usize) {
        let m = self.lists[ply][j];
        let gained = self.eval.captured(pos, &m).unwrap_or(0);
        let balance = self.exchange(pos, &m, gained);
        if balance < 0 {
            self.scores[ply][j] = -1_000_000 + balance;
        }
        self.flags[ply][j] &= !PENDING;
    }

    /// A capture's capture-history slot: mover's type and destination, and the type
    /// standing there (or none: an e.p. or locust capture).
    fn capture_index(&self, pos: &Position, m: &Move) -> usize {
        let types = self.variant.type_count();
        let victim = pos.piece_at(m.to()).map_or(types, |(t, _)| t);
        self.counter_index(m) * (types + 1) + victim
    }

    /// Capture history after a cut at `ply`: a bonus for the capture that cut (if it
    /// was one), a malus for the captures tried before it.
    fn reward_captures(&mut self, pos: &Position, ply: usize, best: &Move, depth: i32) {
        let bonus = stat_bonus(depth);
        for i in 0..self.captures[ply].len() {
            let m = self.captures[ply][i];
            let slot = self.capture_index(pos, &m);
            let c = self.capture_history[slot] as i32;
            self.capture_history[slot] = if m == *best {
                c + bonus - c * bonus / HISTORY_MAX
            } else {
                c - bonus - c * bonus / HISTORY_MAX
            } as i16;
        }
    }

    /// Neither a capture nor a promotion: what the quiet-move histories learn from.
    fn is_quiet(&self, pos: &Position, m: &Move) -> bool {
        !m.is_promotion() && self.eval.captured(pos, m).is_none()
    }

    fn counter_index(&self, m: &Move) -> usize {
        m.piece as usize * self.variant.geometry.cells + m.to().index()
    }

    /// Where the continuation-history rows of a quiet move at `ply` begin: after the
    /// move one, two and four plies before (None where there was none, a null move, or no
    /// table). A move's slot in a row is its [`Searcher::counter_index`]; the rows are
    /// found once for all the moves of a node.
    fn continuation_rows(&self, ply: usize) -> [Option<usize>; 3] {
        if self.continuation.is_empty() {
            return [None; 3];
        }
        let size = self.counter.len();
        let earlier = |back: usize| {
            let p = ply.checked_sub(back)?;
            let prev = self.played[p]?;
            Some(self.counter_index(&prev) * size)
        };
        [earlier(1), earlier(2), earlier(4)]
    }

    /// A quiet move's ordering score: its history plus its continuation histories (in
    /// the node's `rows`, [`Searcher::continuation_rows`]).
    fn quiet_score(&self, pos: &Position, rows: &[Option<usize>; 3], m: &Move) -> i32 {
        let mut s = self.history[self.hist_index(pos, m)];
        let this = self.counter_index(m);
        for row in rows.iter().flatten() {
            s += self.continuation[row + this] as i32;
        }
        s
    }

    /// Move the continuation histories of `m` in the node's `rows` by `bonus` (negative: a
    /// malus), with gravity.
    fn learn_continuation(&mut self, rows: &[Option<usize>; 3], m: &Move, bonus: i32) {
        let this = self.counter_index(m);
        for row in rows.iter().flatten() {
            let slot = &mut self.continuation[row + this];
            let c = *slot as i32;
            *slot = (c + bonus - c * bonus.abs() / HISTORY_MAX) as i16;
        }
    }

    /// The previous move's history learns from the static estimates at `ply` and the ply
    /// before it (see [`SearchParams::eval_history`]): a quiet move after which the mover's
    /// estimate rose is tried earlier next time, one after which it fell later. Not after
    /// a capture (the estimate sees the material, not the move) or a null move, nor where
    /// either side was in check (no estimate).
    fn learn_estimates(&mut self, pos: &Position, ply: usize, depth: i32) {
        let k = self.options.search.eval_history;
        if k == 0 || ply < 2 || !self.played_quiet[ply - 1] {
            return;
        }
        let (before, after) = (self.static_evals[ply - 1], self.static_evals[ply]);
        let Some(prev) = self.played[ply - 1] else {
            return;
        };
        if before == -INF || after == -INF {
            return;
        }
        // `before` is the mover's view, `after` its opponent's: their sum is what the move
        // lost for the mover.
        let bonus = (-depth * k * (before + after)).clamp(-1000, 1000);
        let h = self.history_slot(pos.side_to_move().flip(), &prev);
        self.history[h] += bonus - self.history[h] * bonus.abs() / HISTORY_MAX;
    }

    /// History with gravity: a bonus for the move that cut, a malus for the quiet moves
    /// tried before it; values stay within ±[`HISTORY_MAX`] so old lessons fade.
    fn reward(&mut self, pos: &Position, ply: usize, best: &Move, depth: i32) {
        let bonus = stat_bonus(depth);
        let h = self.hist_index(pos, best);
        self.history[h] += bonus - self.history[h] * bonus / HISTORY_MAX;
        let rows = self.continuation_rows(ply);
        self.learn_continuation(&rows, best, bonus);
        for i in 0..self.quiets[ply].len() {
            let m = self.quiets[ply][i];
            if m != *best {
                let h = self.hist_index(pos, &m);
                self.history[h] -= bonus + self.history[h] * bonus / HISTORY_MAX;
                self.learn_continuation(&rows, &m, -bonus);
            }
        }
        if let Some(prev) = ply.checked_sub(1).and_then(|p| self.played[p]) {
            let c = self.counter_index(&prev);
            self.counter[c] = Some(*best);
        }
    }

    /// The next best move of ply's list (selection sort step). A pending capture that
    /// comes out best is resolved and the search repeated: the first best by real scores
    /// is then the same as if every score had been real from the start (the others'
    /// bounds are at least their real scores).
    #[inline]
    fn pick(&mut self, pos: &Position, ply: usize, i: usize) -> Move {
        if self.flags[ply][i] & SORTED != 0 {
            return self.lists[ply][i];
        }
        if i >= SORT_AFTER && self.scores[ply].len() - i > SORT_REST {
            self.sort_rest(pos, ply, i);
            return self.lists[ply][i];
        }
        loop {
            // The first of the highest scores (ties keep the list's order): the highest
            // first, in a pass the compiler vectorises, then where it stands.
            let scores = &self.scores[ply][i..];
            let top = scores.iter().copied().max().unwrap_or(i32::MIN);
            let best = i + scores.iter().position(|&s| s == top).unwrap_or(0);
            if self.flags[ply][best] & PENDING != 0 {
                self.resolve(pos, ply, best);
                continue;
            }
            // A quiet move could outrank the best scored one: score them all now.
            if top <= self.quiet_ceiling && self.deferred[ply] {
                self.score_quiets(pos, ply, i);
                continue;
            }
            self.lists[ply].swap(i, best);
            self.scores[ply].swap(i, best);
            self.flags[ply].swap(i, best);
            return self.lists[ply][i];
        }
    }

    /// Sort ply's list from `i` on by score, best first (ties keep their order), every
    /// pending capture resolved first, and mark it [`SORTED`] (see [`SORT_REST`]).
    fn sort_rest(&mut self, pos: &Position, ply: usize, i: usize) {
        let n = self.scores[ply].len();
        self.score_quiets(pos, ply, i);
        for j in i..n {
            if self.flags[ply][j] & PENDING != 0 {
                self.resolve(pos, ply, j);
            }
        }
        let mut rest: Vec<(i32, Move, u8)> = (i..n)
            .map(|j| (self.scores[ply][j], self.lists[ply][j], self.flags[ply][j]))
            .collect();
        rest.sort_by_key(|r| std::cmp::Reverse(r.0));
        for (j, (s, m, f)) in rest.into_iter().enumerate() {
            self.scores[ply][i + j] = s;
            self.lists[ply][i + j] = m;
            self.flags[ply][i + j] = f | SORTED;
        }
    }

    /// The main search of a node: `depth` plies (then quiescence) in `(alpha, beta)`.
    /// `cut_node`: a null-window node expected to fail high (see
    /// [`SearchParams::cut_node_reduction`]). The PV's nodes are not; the null-window
    /// children of a PV node or of an expected all node are, and the children of a cut
    /// node are not.
    #[allow(clippy::too_many_arguments)]
    fn pvs(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        allow_null: bool,
        cut_node: bool,
        ctl: &mut dyn Control,
    ) -> i32 {
        if let Some(s) = rules::decided_score(pos, ply) {
            return s;
        }
        let draw = if ply.is_multiple_of(2) {
            self.root_draw
        } else {
            -self.root_draw
        };
        if self.repeated(pos) {
            return draw;
        }
        if rules::move_limit_reached(pos) {
            // A mate (or a stalemate the variant scores) given with the move that
            // completes the count stands: the draw needs a move to claim it before.
            let mut list = std::mem::take(&mut self.lists[ply]);
            pos.legal_moves_into(&mut list);
            let stuck = list.is_empty();
            self.lists[ply] = list;
            return if stuck {
                rules::no_moves_score(pos, ply)
            } else {
                draw
            };
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, false, ctl);
        }
        self.nodes += 1;
        self.check_limits(ctl);
        if self.stopped {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let excluded = self.excluded[ply];
        let tt_entry = self.tt.probe(key);
        let tt_move = tt_entry.and_then(|e| e.mv);
        if let Some(e) = tt_entry {
            if excluded.is_none() && !pv_node && e.depth as i32 >= depth {
                if let Some(s) = tt_cut(&e, ply, alpha, beta) {
                    // A stored cut by a quiet move teaches the histories as a searched
                    // one does (Stockfish's update on a table cut).
                    if let Some(m) = e.mv.filter(|m| s >= beta && self.is_quiet(pos, m)) {
                        if self.killers[ply][0] != Some(m) {
                            self.killers[ply][1] = self.killers[ply][0];
                            self.killers[ply][0] = Some(m);
                        }
                        self.quiets[ply].clear();
                        self.reward(pos, ply, &m, depth);
                    }
                    return s;
                }
            }
        }
        // No stored move to start from: a shallower search of this node costs less than
        // a badly ordered full one (internal iterative reduction).
        if tt_move.is_none() && depth >= 4 && !in_check {
            depth -= 1;
        }
        let slot = self.correction_slot(pos);
        let static_eval = if in_check {
            -INF
        } else {
            let raw = self.evaluate(pos);
            self.corrected(slot, raw)
        };
        self.static_evals[ply] = static_eval;
        if !in_check && excluded.is_none() {
            self.learn_estimates(pos, ply, depth);
        }
        // Improving: better than two plies ago, when this side last moved; pruning is
        // then less eager (a position getting better is more likely to cut).
        let improving = !in_check
            && ply >= 2
            && self.static_evals[ply - 2] != -INF
            && static_eval > self.static_evals[ply - 2];
        // The search's margins and reductions (a tuner's trial, or the defaults).
        let p = self.options.search;
        // Reverse futility: far enough above beta that no quiet try will fall below it.
        if !pv_node
            && !in_check
            && depth <= 7
            && beta.abs() < MATE_BOUND
            && static_eval - p.rfp_margin * (depth - improving as i32) >= beta
        {
            return static_eval;
        }
        // Razoring: far below alpha near the leaves, only a capture could help; when
        // quiescence confirms the fail low, it stands.
        if !pv_node
            && !in_check
            && depth <= 3
            && static_eval + p.razor_base + p.razor_depth * depth * depth <= alpha
        {
            let q = self.quiesce(pos, alpha, alpha + 1, ply, true, ctl);
            if self.stopped {
                return 0;
            }
            if q <= alpha {
                return q;
            }
        }
        // Null move: not in check, not with little material, and not while a result
        // waits for this side's reply (passing would skip the reply that decides the game:
        // a bared side would escape its loss). Drop games too: a piece in hand is a move
        // wherever the board offers only bad ones, so zugzwang is rarer still there
        // (BENCHMARKS.md, run 27: crazyhouse, shogi and minishogi all gained).
        if allow_null
            && excluded.is_none()
            && !pv_node
            && !in_check
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && !pos.result_pending()
            && self.has_pieces(pos)
        {
            let r = 3 + depth / 3 + ((static_eval - beta) / p.null_margin).min(3);
            self.played[ply] = None;
            self.doubles[ply + 1] = self.doubles[ply];
            let ep = pos.make_null();
            self.path.push(key);
            let s = -self.pvs(
                pos,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                false,
                false,
                !cut_node,
                ctl,
            );
            self.path.pop();
            pos.unmake_null(ep);
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return if s > MATE_BOUND { beta } else { s };
            }
        }

        // Singular extension: when every move but the stored one falls clearly short of
        // its stored lower bound in a shallow search without it, the stored move is
        // searched a ply deeper; when even without it the node reaches beta, it cuts
        // (several moves do: multi-cut). The search without it runs at this ply before
        // this node's own move list is made.
        // The stored move's extension: a ply deeper when singular, a ply shallower when
        // other moves also come near its bound and it is expected to cut anyway.
        let mut tt_extension = 0;
        if let Some(e) = tt_entry {
            let tt_score = from_tt(e.score, ply);
            if excluded.is_none()
                && depth >= 7
                && e.mv.is_some()
                && matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.depth as i32 >= depth - 3
                && tt_score.abs() < MATE_BOUND
            {
                let singular_beta = tt_score - p.singular_margin * depth;
                self.excluded[ply] = e.mv;
                let v = self.pvs(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    in_check,
                    false,
                    cut_node,
                    ctl,
                );
                self.excluded[ply] = None;
                if self.stopped {
                    return 0;
                }
                if v < singular_beta {
                    tt_extension = 1;
                    if !pv_node
                        && p.double_margin > 0
                        && v < singular_beta - p.double_margin
                        && self.doubles[ply] < MAX_DOUBLES
                    {
                        tt_extension = 2;
                    }
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if tt_score >= beta || cut_node {
                    tt_extension = -1;
                }
            }
        }

        // The stored move is tried before the others are built when the core can tell
        // it is legal here without them: where it cuts, they never are (`staged`: the
        // rest wait until it has been searched). Under the rules layer the moves are
        // judged legal one by one as they come up (`judged`: all are known legal).
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut scratch = std::mem::take(&mut self.lists[ply + 1]);
        let remembered = match tt_move {
            Some(m) if excluded.is_none() => pos.is_legal_remembered(&m, &mut scratch),
            _ => None,
        };
        self.lists[ply + 1] = scratch;
        let mut staged = remembered == Some(true);
        let judged = if staged {
            list.clear();
            list.push(tt_move.expect("a remembered move"));
            true
        } else {
            pos.search_moves_into(&mut list)
        };
        self.lists[ply] = list;
        if self.lists[ply].is_empty() {
            return rules::no_moves_score(pos, ply);
        }
        if self.out_of_time_for_long_list(ply, ctl) {
            return 0;
        }
        // Some move is known to be legal (the excluded one is).
        let mut legal_seen = judged || excluded.is_some();
        self.score_moves(pos, ply, tt_move);
        let tt_capture = tt_move.is_some_and(|m| self.eval.captured(pos, &m).is_some());
        let mut n = self.lists[ply].len();
        let mut best = -INF;
        let mut best_move = None;
        let orig_alpha = alpha;
        // Late quiet moves: after this many tries the rest are hopeless (they were
        // ordered last for a reason).
        let late_quiets = (3 + depth * depth) / (2 - improving as i32);
        let mut searched = 0;
        self.quiets[ply].clear();
        self.captures[ply].clear();
        let mut next = 0;
        loop {
            if next == 1 && staged {
                // The stored move did not cut: now the rest, the stored one first as
                // `pick` would have left it.
                staged = false;
                let mut list = std::mem::take(&mut self.lists[ply]);
                pos.search_moves_into(&mut list);
                self.lists[ply] = list;
                self.score_moves(pos, ply, tt_move);
                if let Some(at) = self.lists[ply].iter().position(|m| Some(*m) == tt_move) {
                    self.lists[ply].swap(0, at);
                    self.scores[ply].swap(0, at);
                    self.flags[ply].swap(0, at);
                }
                n = self.lists[ply].len();
                if self.out_of_time_for_long_list(ply, ctl) {
                    return 0;
                }
            }
            if next >= n {
                break;
            }
            let i = next;
            next += 1;
            let m = self.pick(pos, ply, i);
            if Some(m) == excluded {
                continue;
            }
            let order = self.scores[ply][i];
            let capture = self.flags[ply][i] & CAPTURE != 0;
            let quiet = !capture && !m.is_promotion();
            // A quiet move's static exchange, before it is made (lazily: it costs a
            // scan of both sides' attackers).
            let prunable = best > -MATE_BOUND && searched > 0;
            let base_reduction = p.late_move_reduction(depth, searched);
            let lmr_depth = (depth - 1 - base_reduction).max(0);
            // Pruned by its place or by futility (a check is never pruned as a quiet move,
            // so its exchange is not needed: the check extension no longer asks for it).
            let cheap_skip = prunable
                && quiet
                && ((depth <= 8 && searched as i32 >= late_quiets)
                    || (lmr_depth < 6 && order < -p.history_prune * depth)
                    || (!in_check
                        && lmr_depth < 7
                        && static_eval + p.futility_base + p.futility_depth * lmr_depth <= alpha));
            let wants_exchange = prunable && quiet && lmr_depth < 7;
            let gives_check = pos.gives_check(&m);
            let quiet_loss = if wants_exchange && !cheap_skip && !gives_check {
                self.exchange(pos, &m, 0)
            } else {
                0
            };
            // Pruning is decided before the move is made: most pruned moves are never
            // played.
            if prunable {
                let skip = if quiet && !gives_check {
                    cheap_skip
                        || quiet_loss
                            < -p.see_quiet_square * lmr_depth * lmr_depth
                                - p.see_quiet_depth * lmr_depth
                } else {
                    // A capture that loses material by its static exchange (its order
                    // score says by how much), near the leaves.
                    // And at the last ply, one that keeps failing here (capture history),
                    // unless it checks (Stockfish's).
                    (capture
                        && depth <= 6
                        && order < 0
                        && order + 1_000_000 < -p.see_capture * depth)
                        || (capture
                            && !gives_check
                            && lmr_depth < 1
                            && self.capture_history[self.capture_index(pos, &m)] < 0)
                };
                if skip {
                    continue;
                }
            }
            if !judged {
                if !pos.is_legal(&m) {
                    continue;
                }
                legal_seen = true;
            }
            self.path.push(key);
            self.played[ply] = Some(m);
            self.played_quiet[ply] = quiet;
            let undo = pos.make(&m);
            // A check is searched a ply deeper on the principal variation only: extended
            // everywhere (when it kept material) it cost a fifth to a third more nodes
            // a depth and lost 34.5–65.5 in self-play (BENCHMARKS.md, run 29).
            let extension = if gives_check && pv_node {
                1
            } else if Some(m) == tt_move {
                tt_extension
            } else {
                0
            };
            let new_depth = depth - 1 + extension;
            self.doubles[ply + 1] = self.doubles[ply] + (extension == 2) as u8;
            debug_assert!(self.doubles[ply + 1] <= MAX_DOUBLES, "doubles bounded");
            let mut reduction = 0;
            // Late quiet moves and losing captures are searched shallower, and at an
            // expected cut node any late capture (the first move usually cuts there).
            if depth >= 3
                && searched >= 2
                && !in_check
                && !gives_check
                && (quiet || order < 0 || cut_node)
            {
                reduction = base_reduction;
                if pv_node {
                    reduction -= 1;
                }
                if !improving {
                    reduction += 1;
                }
                if tt_capture {
                    reduction += 1;
                }
                if cut_node {
                    reduction += p.cut_node_reduction;
                }
                // Escapes, killers and the counter move less; by history otherwise.
                if order >= 780_000 {
                    reduction -= 1;
                } else if quiet {
                    reduction -= (order / p.lmr_history).clamp(-2, 2);
                }
                reduction = reduction.clamp(0, new_depth - 1);
            }
            let mut score;
            if searched == 0 {
                score = -self.pvs(
                    pos,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    gives_check,
                    true,
                    !pv_node && !cut_node,
                    ctl,
                );
            } else {
                score = -self.pvs(
                    pos,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    gives_check,
                    true,
                    reduction > 0 || !cut_node,
                    ctl,
                );
                if score > alpha && reduction > 0 {
                    score = -self.pvs(
                        pos,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        gives_check,
                        true,
                        !cut_node,
                        ctl,
                    );
                    // What the full search found about a reduced quiet move teaches its
                    // continuation histories, cut or not (Stockfish's).
                    if quiet && !self.stopped {
                        let bonus = stat_bonus(new_depth);
                        let rows = self.continuation_rows(ply);
                        let bonus = if score > alpha { bonus } else { -bonus };
                        self.learn_continuation(&rows, &m, bonus);
                    }
                }
                if score > alpha && score < beta {
                    score = -self.pvs(
                        pos,
                        new_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        gives_check,
                        true,
                        false,
                        ctl,
                    );
                }
            }
            pos.unmake(&m, undo);
            self.path.pop();
            searched += 1;
            if self.stopped {
                return 0;
            }
            if quiet {
                self.quiets[ply].push(m);
            } else if capture {
                self.captures[ply].push(m);
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score < beta && depth > 2 && depth < 12 && score.abs() < MATE_BOUND {
                        // A move raised alpha: the rest need less to refute them.
                        depth -= 1;
                    }
                    if score >= beta {
                        if quiet {
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                            self.reward(pos, ply, &m, depth);
                        }
                        self.reward_captures(pos, ply, &m, depth);
                        break;
                    }
                }
            }
        }
        if searched == 0 {
            // No legal move at all (the ones pruned unjudged judged now): mate or
            // stalemate.
            if !legal_seen && !self.lists[ply].iter().any(|m| pos.is_legal(m)) {
                return rules::no_moves_score(pos, ply);
            }
            // Every move was pruned (or left out): the static estimate stands.
            return alpha;
        }
        // The correction history learns from this node's result where it bounds the
        // static evaluation's error (not from a fail high at or below it, nor a fail low
        // at or above it), and where a capture did not decide it (the evaluation is not
        // meant to see captures).
        let raised = alpha > orig_alpha;
        if excluded.is_none()
            && !in_check
            && best.abs() < MATE_BOUND
            && !(raised && best_move.is_some_and(|m| !self.is_quiet(pos, &m)))
            && !(best >= beta && best <= static_eval)
            && (raised || best < static_eval)
        {
            self.learn_correction(slot, best - static_eval, depth);
        }
        if excluded.is_none() {
            let bound = bound_of(best, beta, alpha > orig_alpha);
            self.tt
                .store(key, best_move, to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Whether the side to move has pieces besides royals and pawns (null move is safe).
    fn has_pieces(&self, pos: &Position) -> bool {
        let us = pos.side_to_move();
        let mut material = 0;
        for &sq in pos.pieces(us) {
            if let Some((t, _)) = pos.piece_at(sq) {
                let p = &self.variant.pieces[t];
                if !p.royal && !p.pawn {
                    material += self.eval.value(t);
                }
            }
        }
        material >= 400
    }

    /// Captures and promotions until the position is quiet. With `checks`, quiet
    /// checking moves too at this first ply: razoring hands a node to quiescence, and
    /// one blind to checks would razor away every sacrificial mate (a queen given for a
    /// smothered mate leaves the side far below alpha, with only a quiet check to play).
    /// Board moves only: trying every drop from a full hand would cost more than the
    /// razoring saves.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        checks: bool,
        ctl: &mut dyn Control,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits(ctl);
        if self.stopped {
            return 0;
        }
        // Delta pruning's margin: a capture that cannot lift the score to within it of
        // alpha is not tried.
        let delta = self.options.search.delta_margin;
        if let Some(s) = rules::decided_score(pos, ply) {
            return s;
        }
        // In check, or bared (a result waits for this reply): every move, no standing
        // pat — the reply decides the game, which the static evaluation cannot see.
        let forced = pos.result_pending() || pos.in_check_in_place();
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        // The table: any stored bound settles a quiescence node (whose depth is 0), and
        // its move goes first. Not one that looks at checks: a bound stored by a search
        // blind to them is not an answer for it.
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if let Some(s) = tt_cut(&e, ply, alpha, beta).filter(|_| !checks || e.depth > 0) {
                return s;
            }
        }
        let orig_alpha = alpha;
        let mut best_move = None;
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut best;
        // The side's standing score (none in a forced node).
        let mut stand = -INF;
        if forced {
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                self.lists[ply] = list;
                return rules::no_moves_score(pos, ply);
            }
            best = -INF;
        } else {
            let raw = self.evaluate(pos);
            stand = self.corrected(self.correction_slot(pos), raw);
            if stand >= beta {
                self.lists[ply] = list;
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
            best = stand;
            // Without checks only captures and promotions are played: the core builds
            // just those, legal.
            if checks {
                pos.pseudo_moves_into(&mut list);
            } else {
                pos.tactical_moves_into(&mut list);
            }
            let eval = &self.eval;
            let margin = stand + delta;
            list.retain(|m| match eval.captured(pos, m) {
                Some(v) => checks || margin + v > alpha || m.is_promotion(),
                None => m.kind != MoveKind::Drop && (checks || m.is_promotion()),
            });
        }
        self.lists[ply] = list;
        self.score_moves(pos, ply, tt_move);
        if checks {
            // The quiet moves are played here only if they check: they follow the captures
            // in the order they were built, unscored (as Stockfish's quiet checks).
            self.flat_quiets(ply);
        }
        let n = self.lists[ply].len();
        // In check: once a reply has kept the side from being mated, quiet evasions after
        // the second are not worth a look (Stockfish's quiet-evasion pruning).
        let in_check = forced && !pos.result_pending();
        let mut quiet_evasions = 0;
        for i in 0..n {
            let m = self.pick(pos, ply, i);
            // The list's flag says whether it captures; what it takes is asked only where
            // the margin below needs it.
            let capture = self.flags[ply][i] & CAPTURE != 0;
            if in_check && !capture && !m.is_promotion() {
                if best > -MATE_BOUND && quiet_evasions >= 2 {
                    continue;
                }
                quiet_evasions += 1;
            }
            // A quiet move, a capture that cannot lift the score to alpha, and one that
            // loses material (ordered last) are not worth a look here — unless they give
            // check when `checks` asks for those.
            let check_only = !forced
                && !m.is_promotion()
                && (!capture
                    || self.scores[ply][i] < 0
                    || (checks
                        && self
                            .eval
                            .captured(pos, &m)
                            .is_some_and(|v| stand + delta + v <= alpha)));
            if check_only && !checks {
                continue;
            }
            // Asked of the bit sets before the (costlier) legality test, and without
            // playing the move where they can tell.
            if check_only && !pos.gives_check(&m) {
                continue;
            }
            if !forced && checks && !pos.is_legal(&m) {
                continue;
            }
            let undo = pos.make(&m);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, false, ctl);
            pos.unmake(&m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = bound_of(best, beta, alpha > orig_alpha);
        self.tt.store(key, best_move, to_tt(best, ply), 0, bound);
        best
    }
}

/// What a search at `depth` teaches the histories: Stockfish's bonus (its version 14),
/// nearly linear in the depth, so shallow cuts, the most numerous, weigh more than by the
/// square of the depth we used before (BENCHMARKS.md, run 55).
fn stat_bonus(depth: i32) -> i32 {
    let d = depth.clamp(1, 14);
    6 * d * d + 229 * d - 215
}

fn sort_by_scores(list: &mut MoveList, scores: &mut [i32]) {
    let mut pairs: Vec<(i32, Move)> = scores.iter().copied().zip(list.iter().copied()).collect();
    // Stable: equal scores keep their order (the seed's shuffle).
    pairs.sort_by_key(|p| std::cmp::Reverse(p.0));
    for (i, (s, m)) in pairs.into_iter().enumerate() {
        list[i] = m;
        scores[i] = s;
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// What a search result `best` is for the table: a lower bound when it failed high, exact
/// when it raised alpha, else an upper bound.
fn bound_of(best: i32, beta: i32, raised_alpha: bool) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if raised_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The stored score of `e` if its bound settles the window `alpha..beta` (an exact
/// score, a lower bound at or above beta, an upper bound at or below alpha): the one
/// cut-off rule of the main search and of quiescence.
fn tt_cut(e: &crate::tt::Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::think::NoClock;
    use fairyboard_core::catalogue;

    fn searcher(variant: &str, fen: &str) -> (Searcher, Position) {
        let v = catalogue::load(variant).unwrap();
        let pos = Position::from_fen(v.clone(), fen).unwrap();
        (Searcher::new(v, Options::default()), pos)
    }

    #[test]
    fn the_correction_moves_toward_what_searches_find_and_stays_bounded() {
        let (mut s, pos) = searcher("chess", "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let slot = s.correction_slot(&pos);
        assert_eq!(s.corrected(slot, 37), 37, "nothing learnt yet");
        // A depth-8 search found 400 more than the static estimate: the bonus is
        // 400 · 8 / 8 = 400, cut to a quarter of the limit (256); the entry 256 corrects
        // by 256 / 16 = 16.
        s.learn_correction(slot, 400, 8);
        assert_eq!(s.corrected(slot, 37), 37 + 16);
        // Again: 256 + 256 − 256 · 256 / 1024 = 448, a correction of 28.
        s.learn_correction(slot, 400, 8);
        assert_eq!(s.corrected(slot, 37), 37 + 28);
        // However often, never past the limit's share (1024 / 16 = 64).
        for _ in 0..200 {
            s.learn_correction(slot, 5_000, 30);
        }
        let c = s.corrected(slot, 0);
        assert!((60..=64).contains(&c), "saturated at {c}");
        // A depth-4 search that found 300 less pulls it back (bonus −300 · 4 / 8 = −150).
        s.learn_correction(slot, -300, 4);
        assert!(s.corrected(slot, 0) < c);
        // Mate scores are never corrected.
        assert_eq!(s.corrected(slot, MATE - 3), MATE - 3);
    }

    #[test]
    fn spartan_hoplites_key_the_correction_as_pawns_do() {
        // Spartan Chess: the hoplites (h) are pawns by their moves, not by name or ID. A
        // hoplite step moves the correction to another entry; a general's move does not,
        // and a correction learnt there applies.
        let (mut s, a) = searcher("spartan", "1g2k3/hhh5/8/8/8/8/PPP5/4K3 w - - 0 1");
        let v = a.variant().clone();
        let general_moved = Position::from_fen(v.clone(), "4k3/hhh5/2g5/8/8/8/PPP5/4K3 w - - 0 1");
        let hoplite_moved = Position::from_fen(v, "1g2k3/hh6/2h5/8/8/8/PPP5/4K3 w - - 0 1");
        let slot = s.correction_slot(&a);
        assert_eq!(slot, s.correction_slot(&general_moved.unwrap()));
        assert_ne!(slot, s.correction_slot(&hoplite_moved.unwrap()));
        s.learn_correction(slot, 400, 8);
        assert_eq!(s.corrected(slot, 37), 37 + 16);
    }

    #[test]
    fn positions_share_a_correction_by_side_and_pawns() {
        let (s, a) = searcher("chess", "4k3/pp6/8/8/8/2N5/PP6/4K3 w - - 0 1");
        let same_pawns =
            Position::from_fen(a.variant().clone(), "3k4/pp6/8/8/8/8/PP3N2/3K4 w - - 0 1").unwrap();
        let other_side =
            Position::from_fen(a.variant().clone(), "4k3/pp6/8/8/8/2N5/PP6/4K3 b - - 0 1").unwrap();
        let pawn_moved =
            Position::from_fen(a.variant().clone(), "4k3/pp6/8/8/8/1PN5/P7/4K3 w - - 0 1").unwrap();
        assert_eq!(s.correction_slot(&a), s.correction_slot(&same_pawns));
        assert_ne!(s.correction_slot(&a), s.correction_slot(&other_side));
        assert_ne!(s.correction_slot(&a), s.correction_slot(&pawn_moved));
    }

    #[test]
    fn a_quiet_move_reaches_the_continuation_histories_of_one_two_and_four_plies_back() {
        let (mut s, mut pos) = searcher("chess", "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");
        let moves: Vec<Move> = ["a2a3", "a7a6", "b2b3", "b7b6", "c2c3"]
            .iter()
            .map(|uci| {
                let m = find(&mut pos, uci);
                pos.make(&m);
                m
            })
            .collect();
        for (ply, m) in moves.iter().enumerate() {
            s.played[ply] = Some(*m);
        }
        let size = s.counter.len();
        let row = |a: &Move| s.counter_index(a) * size;
        // A move at ply 4 follows b7b6 (ply 3), b2b3 (ply 2) and a2a3 (ply 0).
        assert_eq!(
            s.continuation_rows(4),
            [
                Some(row(&moves[3])),
                Some(row(&moves[2])),
                Some(row(&moves[0]))
            ]
        );
        // Near the root the missing plies have none; after a null move, none for it.
        assert_eq!(s.continuation_rows(1)[1..], [None, None]);
        s.played[2] = None;
        assert_eq!(s.continuation_rows(4)[1], None);
    }

    #[test]
    fn a_quiet_move_after_which_the_estimate_rose_for_its_side_is_tried_earlier() {
        let (mut s, mut pos) = searcher("chess", "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");
        let first = find(&mut pos, "a2a3");
        pos.make(&first);
        let reply = find(&mut pos, "b7b6");
        let reply_slot = s.hist_index(&pos, &reply);
        pos.make(&reply);
        s.played[0] = Some(first);
        s.played[1] = Some(reply);
        s.played_quiet[1] = true;
        let k = s.options.search.eval_history;
        assert!(k > 0);
        // Black stood at −30 before b7b6 and White stands at −20 after it: Black gained
        // 50, so at depth 2 its history rises by 2·k·50 (from 0, no gravity yet).
        s.static_evals[1] = -30;
        s.static_evals[2] = -20;
        s.learn_estimates(&pos, 2, 2);
        assert_eq!(s.history[reply_slot], (2 * k * 50).min(1000));
        // White at +400 after it: Black lost 370, a malus (at most 1000 a time).
        s.history[reply_slot] = 0;
        s.static_evals[2] = 400;
        s.learn_estimates(&pos, 2, 3);
        assert_eq!(s.history[reply_slot], -(3 * k * 370).min(1000));
        // Not after a capture, nor where either side had no estimate (in check).
        s.history[reply_slot] = 0;
        s.played_quiet[1] = false;
        s.learn_estimates(&pos, 2, 3);
        s.played_quiet[1] = true;
        s.static_evals[1] = -INF;
        s.learn_estimates(&pos, 2, 3);
        assert_eq!(s.history[reply_slot], 0);
    }

    #[test]
    fn a_stored_cut_by_a_quiet_move_makes_it_a_killer_with_a_history() {
        let (mut s, mut pos) = searcher("chess", "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");
        let m = find(&mut pos, "d2d4");
        let h = s.hist_index(&pos, &m);
        assert_eq!(s.history[h], 0);
        // A lower bound of 300 found at depth 6: a null window at 100 is cut by it.
        s.tt.store(pos.hash(), Some(m), 300, 6, Bound::Lower);
        let got = s.pvs(&mut pos, 4, 99, 100, 2, false, true, true, &mut NoClock);
        assert_eq!(got, 300);
        assert_eq!(s.killers[2][0], Some(m));
        assert!(s.history[h] > 0, "history {}", s.history[h]);
        // A stored cut by a capture teaches nothing to the quiet histories.
        let (mut s, mut pos) = searcher("chess", "4k3/ppp5/3p4/4P3/8/8/PPP5/4K3 w - - 0 1");
        let x = find(&mut pos, "e5d6");
        s.tt.store(pos.hash(), Some(x), 300, 6, Bound::Lower);
        s.pvs(&mut pos, 4, 99, 100, 2, false, true, true, &mut NoClock);
        assert_eq!(s.killers[2][0], None);
    }

    fn find(pos: &mut Position, uci: &str) -> Move {
        let v = pos.variant().clone();
        pos.legal_moves()
            .into_iter()
            .find(|m| v.uci(m) == uci)
            .unwrap_or_else(|| panic!("{uci} is legal"))
    }

    #[test]
    fn exchange_sees_a_defended_victim() {
        // White queen d1 and pawn c4; Black pawn d5 defended by the e6 pawn, knight b5
        // undefended, pawn h5 undefended.
        let (s, mut pos) = searcher("chess", "4k3/8/4p3/1n1p3p/2P5/8/8/3QK3 w - - 0 1");
        let q = s.eval.value(pos.variant().type_by_id("Q").unwrap());
        let p = s.eval.value(pos.variant().type_by_id("P").unwrap());
        let n = s.eval.value(pos.variant().type_by_id("N").unwrap());
        for (uci, expected) in [
            ("d1d5", 2 * p - q), // the queen takes a defended pawn: e6xd5 wins her, c4xd5
            ("c4d5", p),         // a pawn takes it: the recapture costs only the pawn back
            ("c4b5", n),         // an undefended knight
            ("d1h5", p),         // an undefended pawn
        ] {
            let m = find(&mut pos, uci);
            let gained = s.eval.captured(&pos, &m).unwrap();
            assert_eq!(s.exchange(&pos, &m, gained), expected, "{uci}");
        }
    }

    #[test]
    fn the_exchange_goes_on_while_it_pays() {
        // The black knight on d5 is defended only by the queen on d8. The bishop on b3
        // takes it: the queen may not take back, since the rook on d1 would take her.
        let (s, mut pos) = searcher("chess", "3qk3/8/8/3n4/8/1B6/8/3RK3 w - - 0 1");
        let value = |id: &str| s.eval.value(pos.variant().type_by_id(id).unwrap());
        let (n, b) = (value("N"), value("B"));
        assert!(
            b > n,
            "the estimates rate the bishop higher (else no question)"
        );
        let m = find(&mut pos, "b3d5");
        assert_eq!(s.exchange(&pos, &m, n), n);
        // Without the rook the queen takes back: a bishop for a knight.
        let (s, mut pos) = searcher("chess", "3qk3/8/8/3n4/8/1B6/8/4K3 w - - 0 1");
        let m = find(&mut pos, "b3d5");
        assert_eq!(s.exchange(&pos, &m, n), n - b);
        // A king defends only where nothing else attacks: with the king on e6 beside d5
        // (the queen gone) and the rook on d1, Kxd5 would walk into the rook.
        let (s, mut pos) = searcher("chess", "8/8/4k3/3n4/8/1B6/8/3RK3 w - - 0 1");
        let m = find(&mut pos, "b3d5");
        assert_eq!(s.exchange(&pos, &m, n), n);
        // Without the rook the king takes back.
        let (s, mut pos) = searcher("chess", "8/8/4k3/3n4/8/1B6/8/4K3 w - - 0 1");
        let m = find(&mut pos, "b3d5");
        assert_eq!(s.exchange(&pos, &m, n), n - b);
    }

    #[test]
    fn one_of_two_kings_capturing_a_defended_man_risks_itself() {
        // Spartan Chess, Black kings c8 and h8; White pawn b7 defended by the bishop on c6.
        // Kc8xb7 is legal (the h8 king is safe), but Bxb7 then takes a king that is worth
        // a piece while its side has two: the exchange loses (a pawn for a king). The h8
        // king alone would risk nothing (a legal move never leaves a lone royal en prise).
        let (s, mut pos) = searcher("spartan", "2k4k/1P6/2B5/8/8/8/8/K7 b - - 0 1");
        let m = find(&mut pos, "c8b7");
        let gained = s.eval.captured(&pos, &m).unwrap();
        let king = m.piece as usize;
        let spare = s.eval.spare_royal_worth(&pos, king, Color::Black).unwrap();
        assert!(
            spare > gained,
            "a king of two {spare} is worth more than a pawn {gained}"
        );
        assert_eq!(s.exchange(&pos, &m, gained), gained - spare);
        // And White taking a king of two counts that king's spare worth, not a mate.
        let (s, mut pos) = searcher("spartan", "2k4k/1P6/2B5/8/8/8/8/K7 w - - 0 1");
        let m = find(&mut pos, "b7c8q");
        assert_eq!(s.eval.captured(&pos, &m), Some(spare));
    }

    #[test]
    fn a_quiet_check_onto_a_guarded_square_loses_the_checker() {
        // The knight on e4 checks from d6 (no black piece reaches d6) or from f6, where
        // the g7 pawn takes it: the static exchange of the quiet move (nothing gained)
        // is 0 and minus a knight.
        let (s, mut pos) = searcher("chess", "4k3/6p1/8/8/4N3/8/8/4K3 w - - 0 1");
        let n = s.eval.value(pos.variant().type_by_id("N").unwrap());
        let m = find(&mut pos, "e4d6");
        assert_eq!(s.exchange(&pos, &m, 0), 0);
        let m = find(&mut pos, "e4f6");
        assert_eq!(s.exchange(&pos, &m, 0), -n);
    }

    #[test]
    fn a_sacrificial_check_still_mates() {
        // Mates in two that give the queen first (Fairy-Stockfish: "mate 2" for both):
        // the smothered mate 1. Qg8+ Rxg8 2. Nf7# (pv d5g8 f8g8 h6f7), and the back-rank
        // mate 1. Qe8+ Rxe8 2. Rxe8# (pv e2e8 d8e8 e1e8). The queen's check loses it by
        // the static exchange, and after the recapture the side is a queen below alpha:
        // neither the pruning nor the razoring near the leaves may drop the mate that
        // follows, which a three-ply search sees.
        for (fen, first) in [
            ("5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1", "d5g8"),
            ("3r2k1/5ppp/8/8/8/8/4Q3/4R1K1 w - - 0 1", "e2e8"),
        ] {
            let (mut s, mut pos) = searcher("chess", fen);
            let r = s.search(&mut pos, &[], &Limits::depth(3), &mut NoClock);
            let v = pos.variant().clone();
            assert_eq!(r.best.map(|m| v.uci(&m)), Some(first.to_string()), "{fen}");
            assert_eq!(mate_in(r.score), Some(3), "{fen}");
        }
    }

    /// Quiet moves scored only when a pick could take one ([`DEFERRED`]) come out in the
    /// order scoring every move at once gives, while the history stands still: positions
    /// with winning and losing captures, a promotion, threatened pieces and a killer, the
    /// history filled with arbitrary values.
    #[test]
    fn deferred_quiet_scores_pick_the_order_eager_scores_do() {
        use fairyboard_core::rng::SplitMix;
        for (variant, fen, killer) in [
            (
                "chess",
                "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3",
                "b1c3",
            ),
            (
                "chess",
                "4k3/1P6/8/3n4/2P1p3/4B3/5PPP/R3K2R w KQ - 0 1",
                "a1a7",
            ),
            (
                "capablanca",
                "rnabqkbc1r/p1p3pppp/1p1p3n2/4pp4/3P6/2PA1P1N2/PP2P1PPPP/RN1BQKBC1R w KQkq - 0 6",
                "h3g5",
            ),
        ] {
            let (mut s, mut pos) = searcher(variant, fen);
            let mut rng = SplitMix(0x0DE7_E44D);
            for h in s.history.iter_mut() {
                *h = rng.below(2 * HISTORY_MAX as u64) as i32 - HISTORY_MAX;
            }
            s.killers[1][0] = Some(find(&mut pos, killer));
            let ceiling = s.quiet_ceiling();
            let mut order = |ceiling: i32| -> Vec<Move> {
                s.quiet_ceiling = ceiling;
                pos.legal_moves_into(&mut s.lists[1]);
                s.score_moves(&pos, 1, None);
                let first = s.pick(&pos, 1, 0);
                let waiting = s.deferred[1];
                let n = s.lists[1].len();
                let mut picked = vec![first];
                picked.extend((1..n).map(|i| s.pick(&pos, 1, i)));
                if ceiling == i32::MAX {
                    assert!(!waiting, "{fen}: every score is real at the first pick");
                } else {
                    assert!(waiting, "{fen}: a capture is picked first, the quiets wait");
                }
                picked
            };
            let eager = order(i32::MAX);
            let lazy = order(ceiling);
            assert_eq!(lazy, eager, "{fen}");
        }
    }

    #[test]
    fn losing_captures_are_ordered_after_quiet_moves() {
        let (mut s, mut pos) = searcher("chess", "4k3/8/4p3/1n1p3p/2P5/8/8/3QK3 w - - 0 1");
        let losing = find(&mut pos, "d1d5");
        pos.legal_moves_into(&mut s.lists[1]);
        s.score_moves(&pos, 1, None);
        let n = s.lists[1].len();
        let order: Vec<Move> = (0..n).map(|i| s.pick(&pos, 1, i)).collect();
        assert_eq!(order.last(), Some(&losing));
        assert_eq!(order[0], find(&mut pos, "c4b5"), "the knight first");
    }

    #[test]
    fn a_side_the_estimates_rate_behind_at_the_start_does_not_settle_for_a_draw() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/fide-clobberers.txt");
        let v = catalogue::load(path).unwrap();
        let mut s = Searcher::new(v.clone(), Options::default());
        // The armies' sums differ (BENCHMARKS.md, "Piece values"): whichever side they
        // rate behind keeps its draw score at the start's balance, the other the contempt.
        let balance = s.eval.start_balance();
        assert_ne!(balance, 0);
        let mut pos = Position::start(v.clone());
        s.search(&mut pos, &[], &Limits::depth(1), &mut NoClock);
        assert_eq!(s.root_draw, -CONTEMPT + balance.min(0), "White to move");
        let m = pos.legal_moves()[0];
        pos.make(&m);
        s.search(&mut pos, &[], &Limits::depth(1), &mut NoClock);
        assert_eq!(s.root_draw, -CONTEMPT + (-balance).min(0), "Black to move");
        // Alike armies: the plain contempt.
        let (mut s, mut pos) = searcher("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        s.search(&mut pos, &[], &Limits::depth(1), &mut NoClock);
        assert_eq!(s.root_draw, -CONTEMPT);
    }

    #[test]
    fn a_threatened_piece_escapes_only_to_safe_squares() {
        // 1. e4 Nf6 2. e5: the pawn, worth less, attacks the knight. g8, d5 and e4 are
        // safe; h5 and g4 are on the queen's diagonal d1-h5 with no defender.
        let (s, mut pos) = searcher(
            "chess",
            "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        );
        let t = s.threatened(&pos);
        let f6 = find(&mut pos, "f6g8").from();
        assert_eq!(&t.squares[..t.len], &[f6]);
        for (uci, escapes) in [
            ("f6g8", true),
            ("f6d5", true),
            ("f6e4", true),
            ("f6h5", false),
            ("f6g4", false),
        ] {
            let m = find(&mut pos, uci);
            assert_eq!(s.escapes(&pos, &m), escapes, "{uci}");
        }
        // Nothing of White's is threatened: the e5 pawn is attacked but pawns are not
        // counted, and the rest stand unattacked.
        let (s, pos) = searcher(
            "chess",
            "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        );
        assert_eq!(s.threatened(&pos).len, 0);
    }

    #[test]
    fn a_fork_is_not_counted_won_while_a_piece_can_step_away() {
        // Capablanca chess after 1. d3 c5: 2. Axi7 forks the rook on j8 and the
        // chancellor on h8, neither defended, but 2... Ci6 saves the chancellor and
        // attacks the archbishop, and 3. Axj8 Cxj8 trades it for rook and pawn. Before
        // escapes were ordered first, searches to depth 2 and 3 called 2. Axi7 +8.8
        // pawns, the reply pruned as a late quiet move. Fairy-Stockfish (depth 14) rates
        // the position +2.61 for White, with 2. Axi7 and the pawn won and the pieces
        // chased; the bound, two thirds of what the evaluation pays for a chancellor in
        // the middle game, is well under a chancellor won.
        let (mut s, mut pos) = searcher(
            "capablanca",
            "rnabqkbcnr/pp1ppppppp/10/2p7/10/3P6/PPP1PPPPPP/RNABQKBCNR w KQkq - 0 2",
        );
        let chancellor = s.variant().type_by_id("C").unwrap();
        let bound = s.eval.value(chancellor) * Weights::default().piece_value.0 / 100 * 2 / 3;
        for depth in 2..=3 {
            s.clear();
            let r = s.search(&mut pos, &[], &Limits::depth(depth), &mut NoClock);
            assert!(
                r.score < bound,
                "depth {depth}: {} against {bound}",
                r.score
            );
        }
    }

    /// Picking from a list long enough to have its rest sorted gives what picking one
    /// by one gives: every move once, by score, best first. The scores are drawn from a
    /// few values, so ties abound.
    #[test]
    fn a_long_list_is_picked_best_first_as_a_short_one_is() {
        let (mut s, mut pos) = searcher(
            "crazyhouse",
            "r3k2r/8/8/8/8/8/8/R3K2R[QRBNPqrbnp] w - - 0 1",
        );
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        let n = list.len();
        assert!(n > SORT_AFTER + SORT_REST + 10, "{n} moves");
        let ply = 3;
        let mut rng = SplitMix(7);
        s.lists[ply] = list.clone();
        s.scores[ply] = (0..n).map(|_| rng.below(40) as i32).collect();
        s.flags[ply] = vec![0; n];
        let mut want = s.scores[ply].clone();
        want.sort_unstable_by(|a, b| b.cmp(a));
        let mut got = Vec::new();
        let mut moves = Vec::new();
        for i in 0..n {
            moves.push(s.pick(&pos, ply, i));
            got.push(s.scores[ply][i]);
        }
        assert_eq!(got, want);
        let key = |m: &Move| format!("{m:?}");
        let mut a: Vec<String> = moves.iter().map(key).collect();
        let mut b: Vec<String> = list.iter().map(key).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "every move once");
    }
}
