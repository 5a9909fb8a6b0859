//! The leg program: the compiled, board-independent form of a move descriptor.
//!
//! A [`Program`] is a flat list of [`Record`]s in *pre-order* of the path tree that the
//! compiler unrolls from the notation (seed 003). Every direction set is unrolled: each
//! record has one concrete step vector. Paths that share a prefix share the records of that
//! prefix, so a failing leg skips every path that starts with it.
//!
//! # Walking a program
//!
//! The interpreter keeps one square per leg depth (`reached[d]`). A record at depth `d`
//! starts from `reached[d - 1]` (depth 0 starts from the piece's own square).
//!
//! * [`Kind::Leg`], not [`Flags::FINAL`]: walk the step from the start square looking for
//!   the first *stop* (see below). Found: `reached[d] = stop`, continue with the next
//!   record (the first child). Not found: skip `skip` records (the whole subtree).
//! * [`Kind::Leg`] with [`Flags::FINAL`]: walk the step and emit every destination; then
//!   continue with the next record (`skip` is 0 for final legs).
//! * [`Kind::Loop`]: the last record of the subtree of a non-final leg that can stop on
//!   more than one square (a slide with [`Flags::MOVE`]). It resumes that leg's walk from
//!   `reached[d]` (its `depth` equals the looped leg's depth `d`): another stop found →
//!   `reached[d] = stop` and jump back to `target + 1`; none → continue after the loop.
//!
//! ## Stops of a non-final leg
//! Walking square by square (at most `range` steps, 0 = unlimited; an off-board square or
//! hole ends the walk): an empty square is a stop if the leg has `MOVE` (or `Y`), else it
//! is passed over. The first occupied square always ends the walk; it is a stop if the
//! occupant is an enemy and the leg has `CAPTURE` (locust capture: the enemy is removed),
//! a friend and `DESTROY`, a friend and `INDUCE`, or any piece and `HOP` (the piece stays;
//! with `HOP_FRIEND` only a friend qualifies). The mover's own start square counts as empty.
//! A record gives a stop one role; where the notation allows several (`cpafW`: capture and
//! hop), the compiler emits the leg once per role, each with its own subtree.
//!
//! ## Destinations of a final leg
//! Walking square by square: with `HOP` or `GRASS`, squares before the first occupied
//! square (the screen) are passed over; the screen is passed; after a `GRASS` screen only
//! the very next square can be a destination. Then an empty square is a destination with
//! `MOVE`, an e.p. square with `EP` (as an e.p. capture, after any locust captures of the
//! path, and then not also as a plain move); the first occupied square ends the walk and is a destination with `CAPTURE`
//! (enemy; `ROYAL_ONLY` / `NON_ROYAL` restrict it), `DESTROY` (friend). A friend there
//! with `INDUCE` is no destination but a *lender* (move borrowing): the piece also makes
//! the moves of the lender's type from its own square (see the crate's Decisions).
//!
//! ## Leapers and lameness
//! `LAME` (n) / `JUMP` (j) on a step longer than one square test the *mid square* of each
//! step: `start + (dx / 2, dy / 2)` with division truncating towards zero. `LAME` needs it
//! empty, `JUMP` needs it occupied. `skip_first` (j on unit sliders) passes over that many
//! squares at the start of the walk regardless of their contents.
//!
//! # Example: the hook mover `RmasR`
//! `R` is one term (a rook). `masR` is a two-leg term: a non-final rook slide to an empty
//! square, then a sideways rook slide. For the first direction (0,1) it compiles to
//!
//! ```text
//! [0] Leg  d0 (0,1) range 0  m        skip 3   -- slide up to the first empty stop
//! [1] Leg  d1 (1,0) range 0  mc final skip 0   -- turn right, slide and land
//! [2] Leg  d1 (-1,0) range 0 mc final skip 0   -- turn left
//! [3] Loop d0 target 0                         -- next empty square up: back to [1]
//! ```
//! and likewise for the other three first directions.
//!
//! # Clarifications
//!
//! Edge cases of the rules above, as the `xbetza` compiler emits them and as the reference
//! interpreter ([`crate::reference`]) implements them (the differential tests hold the two
//! to exactly this reading):
//!
//! * **No board changes during generation.** A piece captured by an earlier leg (locust
//!   victim) still occupies its square for the later legs of the same path.
//! * **One role per record at a non-final stop.** An occupied stop is a capture if the
//!   occupant is an enemy and the leg has `CAPTURE` (with `ROYAL_ONLY` / `NON_ROYAL`
//!   applied, as on final legs), else a hop if the leg has `HOP` (and not `HOP_FRIEND`); a
//!   friend is destroyed with `DESTROY`, else induced with `INDUCE`, else hopped with
//!   `HOP`. The compiler gives a record only one kind of role (see above), so every role
//!   the notation allows is generated. `EP` has no effect on non-final legs.
//! * **One move per destination.** On an empty e.p. square a final leg with `EP` makes
//!   the e.p. capture only, with `MOVE` or not. A final leg with `DESTROY` + `INDUCE` both
//!   captures the friend and borrows its moves.
//! * **Counting steps.** `range` counts every square walked, including the `skip_first`
//!   squares and, for final `HOP`/`GRASS` legs, the squares before the screen. The
//!   `skip_first` squares are passed whatever pieces they hold, but a hole (or the board
//!   edge) ends the walk there too: no walk ever passes a hole.
//! * **`EXACT` / `ISO`.** Stops and destinations only at exactly that many steps; an
//!   occupied square before it ends the walk. `ISO` takes the step count of the latest
//!   earlier leg of the path whose record has `range != 1` (the count at its stop); with no
//!   such leg `ISO` has no effect. The compiler omits the `Loop` of a non-final leg with
//!   `EXACT` or an effective `ISO` (it can stop only once).
//! * **Mid squares** (`LAME`/`JUMP`): a hole counts as occupied; the mover's own square as
//!   empty. With `WRAP` the mid square wraps too.
//! * **`WRAP`.** Walks wrap around the left/right edges; a wrapping walk ends when it would
//!   re-enter the square its leg started from.
//! * **`INITIAL` / `INITIAL_AHEAD`** appear on depth-0 records only (`ii` sets
//!   `INITIAL_AHEAD` alone).
//! * **`UNLOAD`**: the move's unload square is the start square of the deepest leg of the
//!   path carrying `UNLOAD`.
//! * **`INDUCE` on a non-final leg**: the later legs start from the friend's square; only
//!   the mover's own square counts as empty.
//! * **`INDUCE` on a final leg** (move borrowing): each friend the leg reaches lends the
//!   program of its type, interpreted from the mover's own square for the mover, without
//!   castling and without that program's own `INDUCE` final legs or `Imitate` records; the
//!   path's other effects (victims, unload, e.p., induction) do not apply to lent moves.
//!   The path's rules still decide whether the friend is reached (so a path with more
//!   locust victims than a move can carry still finds lenders).
//! * **`Loop` records** repeat every field of the looped record except `kind` and `skip`
//!   (`skip` is 0).
//! * **Ranges after `g` / `y`** are already toggled by the compiler for every later leg of
//!   the path (range 1 → 0, any other range → 1, once per toggle: `R4` toggled twice is
//!   unlimited).
//! * **The null move** `O` is a `Leg` record with step `(0, 0)` and range 1: its only square
//!   is the start square, which counts as empty.
//! * **Crooked / circular moves** (`zB`, `qN`) are plain legs of range 1: every square of a
//!   chain has a final record and a non-final `MOVE` record continuing the chain.

use std::collections::HashMap;
use std::fmt;

/// A step vector `(dx, dy)` seen from White: `dx > 0` towards higher files, `dy > 0`
/// forward. Black's steps are derived by the board (mirror or rotation), never here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Step {
    pub dx: i8,
    pub dy: i8,
}

impl Step {
    pub const fn new(dx: i8, dy: i8) -> Step {
        Step { dx, dy }
    }
}

/// What a record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// One leg of a path.
    Leg,
    /// Resume the slide of the non-final leg at record index `target`.
    Loop { target: u16 },
    /// Castling (`O` with a range): the piece moves `range` squares along `step` (which is
    /// `(±1, 0)`) towards the partner, the virgin piece standing `skip_first` squares in
    /// from the board edge (after holes) in that direction; all squares between must be
    /// empty. The partner lands on the square the mover passed last. Always `FINAL`.
    ///
    /// Precisely: walk from the mover along `step` over empty squares to the first piece
    /// (reaching the edge or a hole first: no castling). That piece is the partner if it is
    /// a virgin friendly piece and exactly `skip_first` board squares lie beyond it before
    /// the edge or a hole. The mover must stop short of the partner (`range` < distance to
    /// the partner); it lands on `from + range * step`, the partner on
    /// `from + (range - 1) * step`. `INITIAL` (if set) requires a virgin mover.
    Castle,
    /// The universal leaper `U`: every square except its own, with the modality flags of
    /// the record (judged as the destination of a final leg; holes excluded). Always
    /// `FINAL`.
    Teleport,
    /// The imitator `I`: the moves of the piece type that made the opponent's last move,
    /// restricted by the record's modality flags (default `MOVE | CAPTURE`). Always
    /// `FINAL`. `step` is `(0, 0)`; with [`Flags::MIRROR`] the borrowed moves are mirrored.
    Imitate,
}

/// Modality and bookkeeping bits of a record.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Flags(pub u32);

impl Flags {
    /// `m`: may stop on / move to an empty square.
    pub const MOVE: Flags = Flags(1 << 0);
    /// `c`: may stop on / capture an enemy piece.
    pub const CAPTURE: Flags = Flags(1 << 1);
    /// `d`: may stop on / capture a friendly piece.
    pub const DESTROY: Flags = Flags(1 << 2);
    /// `k` without `c`: a capture is only allowed when the victim is royal.
    pub const ROYAL_ONLY: Flags = Flags(1 << 3);
    /// `ck` together, or `t` on a final leg: a capture is only allowed when the victim is
    /// not royal.
    pub const NON_ROYAL: Flags = Flags(1 << 4);
    /// `e`: may move to the e.p. square, capturing the piece that created it.
    pub const EP: Flags = Flags(1 << 5);
    /// `p`: final leg: hop one screen before any destination; non-final leg: may stop on
    /// an occupied square without capturing it.
    pub const HOP: Flags = Flags(1 << 6);
    /// `g`: final leg: hop one screen and land directly behind it; non-final leg: as
    /// `HOP` (the compiler has already toggled the next leg's range).
    pub const GRASS: Flags = Flags(1 << 7);
    /// `t` with `p`/`g` on a non-final leg: only friendly pieces may be hopped (never on
    /// final legs, where `t` only spares royals).
    pub const HOP_FRIEND: Flags = Flags(1 << 8);
    /// `n` on a step longer than one square: the mid square must be empty.
    pub const LAME: Flags = Flags(1 << 9);
    /// `j` on a step longer than one square: the mid square must be occupied.
    pub const JUMP: Flags = Flags(1 << 10);
    /// The squares this leg passes over (lame leap: the mid square; non-final leg: its
    /// stop) become e.p. squares of the move (`n`).
    pub const EP_CREATE: Flags = Flags(1 << 11);
    /// `i` on the first leg: only a piece that has not moved yet.
    pub const INITIAL: Flags = Flags(1 << 12);
    /// `o`: the walk wraps around the left/right board edges (cylinder board).
    pub const WRAP: Flags = Flags(1 << 13);
    /// This is the last leg of its path.
    pub const FINAL: Flags = Flags(1 << 14);
    /// `i` on a continuation leg: the walk must take exactly as many steps as the latest
    /// earlier sliding leg of the path did.
    pub const ISO: Flags = Flags(1 << 15);
    /// `x`: non-final: stop on a friend, which then makes the remaining legs; final: reach
    /// a friend, whose type's moves the piece then also makes from its own square (move
    /// borrowing).
    pub const INDUCE: Flags = Flags(1 << 16);
    /// `u`: the piece captured by the move reappears on the start square of this leg.
    pub const UNLOAD: Flags = Flags(1 << 17);
    /// `'` after the atom: the move is exempt from `morph` and `captureMatrix` effects.
    pub const PRIME: Flags = Flags(1 << 18);
    /// `y`: non-final leg that stops on empty squares and toggles the next leg's range
    /// (already applied by the compiler); behaves as `MOVE` for stopping.
    pub const Y: Flags = Flags(1 << 19);
    /// The walk must take exactly `range` steps (`W03`).
    pub const EXACT: Flags = Flags(1 << 20);
    /// `ii`: only a piece standing one square in front of its initial square.
    pub const INITIAL_AHEAD: Flags = Flags(1 << 21);
    /// With [`Kind::Imitate`]: mirror the borrowed moves (`b`).
    pub const MIRROR: Flags = Flags(1 << 22);

    /// Every flag with its name, in bit order. Code that must decide something for each
    /// flag (the engine's fast-path gate) goes through this list, so a new flag is one it
    /// cannot overlook.
    pub const NAMED: [(Flags, &'static str); 23] = [
        (Flags::MOVE, "m"),
        (Flags::CAPTURE, "c"),
        (Flags::DESTROY, "d"),
        (Flags::ROYAL_ONLY, "k"),
        (Flags::NON_ROYAL, "nonroyal"),
        (Flags::EP, "e"),
        (Flags::HOP, "p"),
        (Flags::GRASS, "g"),
        (Flags::HOP_FRIEND, "t"),
        (Flags::LAME, "n"),
        (Flags::JUMP, "j"),
        (Flags::EP_CREATE, "epcreate"),
        (Flags::INITIAL, "i"),
        (Flags::WRAP, "o"),
        (Flags::FINAL, "final"),
        (Flags::ISO, "iso"),
        (Flags::INDUCE, "x"),
        (Flags::UNLOAD, "u"),
        (Flags::PRIME, "'"),
        (Flags::Y, "y"),
        (Flags::EXACT, "exact"),
        (Flags::INITIAL_AHEAD, "ii"),
        (Flags::MIRROR, "mirror"),
    ];

    /// The union of every flag in [`Flags::NAMED`].
    pub const ALL: Flags = {
        let mut all = 0;
        let mut i = 0;
        while i < Flags::NAMED.len() {
            all |= Flags::NAMED[i].0 .0;
            i += 1;
        }
        Flags(all)
    };

    pub const fn empty() -> Flags {
        Flags(0)
    }
    pub const fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }
    pub const fn intersects(self, other: Flags) -> bool {
        self.0 & other.0 != 0
    }
    pub const fn union(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }
    pub const fn without(self, other: Flags) -> Flags {
        Flags(self.0 & !other.0)
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::ops::BitOr for Flags {
    type Output = Flags;
    fn bitor(self, rhs: Flags) -> Flags {
        Flags(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Flags {
    fn bitor_assign(&mut self, rhs: Flags) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAnd for Flags {
    type Output = Flags;
    fn bitand(self, rhs: Flags) -> Flags {
        Flags(self.0 & rhs.0)
    }
}

impl fmt::Debug for Flags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Flags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (flag, name) in Flags::NAMED {
            if self.contains(flag) {
                if !first {
                    f.write_str(" ")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        if first {
            f.write_str("-")?;
        }
        Ok(())
    }
}

/// One record of a [`Program`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    pub kind: Kind,
    pub flags: Flags,
    /// The one concrete step of this leg (White's view).
    pub step: Step,
    /// Maximum number of steps; 0 = unlimited; 1 = a leaper.
    pub range: u8,
    /// Squares passed over unconditionally at the start of the walk (`j` on unit sliders;
    /// for [`Kind::Castle`], how far in from the edge the partner stands).
    pub skip_first: u8,
    /// Leg number within its path, 0 for the first leg.
    pub depth: u8,
    /// Number of records directly following this one that belong to its subtree.
    pub skip: u16,
}

/// A compiled move descriptor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub records: Vec<Record>,
}

impl Program {
    /// The deepest leg depth used plus one (the size of the interpreter's `reached` stack).
    pub fn legs(&self) -> usize {
        self.records
            .iter()
            .map(|r| r.depth as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// True when every path is a single leg (a plain leaper/slider/hopper piece).
    pub fn is_single_leg(&self) -> bool {
        self.records.iter().all(|r| r.depth == 0)
    }

    /// Whether a generator walking this program once, from any square of a board whose
    /// sides are at most `side` and whatever the board holds, can be shown to visit at most
    /// `cap` squares.
    ///
    /// Multi-leg paths multiply: `(as)W` unrolled to nine legs (the repetition cap on an
    /// 8×8 board) has a few thousand records but visits millions of squares, one leg
    /// sequence after another. The compiler rejects such programs (see
    /// [`MAX_WORK`](crate::compile::MAX_WORK)).
    ///
    /// Two bounds are tried. The quick one ignores the geometry: a walk covers its whole
    /// range (`side` squares when unlimited), and a non-final slide that can stop several
    /// times (one with a [`Kind::Loop`]) walks its subtree from every square of it. If that
    /// exceeds `cap`, the squares are followed on a `side`×`side` board from every start
    /// square, each square a walk reaches taken to be a possible stop (the subtree of a
    /// leg that stops at most once is walked from the worst of them); following them is
    /// limited to [`WORK_BOUND_BUDGET`] (record, square) evaluations, beyond which the
    /// answer is `false`.
    ///
    /// ```
    /// use xbetza::program_for;
    /// // A rook visits at most 14 squares of an 8x8 board (the quick bound says 32).
    /// let rook = program_for("R").unwrap();
    /// assert!(rook.work_within(8, 14));
    /// assert!(!rook.work_within(8, 13));
    /// // The xiangqi horse: 4 W steps, each trying 2 F steps.
    /// let horse = program_for("mafsW").unwrap();
    /// assert!(horse.work_within(8, 12));
    /// assert!(!horse.work_within(8, 11));
    /// ```
    pub fn work_within(&self, side: u8, cap: u64) -> bool {
        records_work_within(&self.records, side, cap)
    }

    /// The most pieces one path can take besides a capture on its destination: the
    /// non-final legs that may remove the piece they stop on (`CAPTURE` or `DESTROY`), plus
    /// one for a final `EP` leg. `cafcafcafcafW` takes up to 4, `caeF` 2.
    ///
    /// ```
    /// use xbetza::program_for;
    /// assert_eq!(program_for("cafcafcafcafW").unwrap().most_victims(), 4);
    /// assert_eq!(program_for("caeF").unwrap().most_victims(), 2);
    /// assert_eq!(program_for("KNADcaKmcabK").unwrap().most_victims(), 1);
    /// assert_eq!(program_for("Q").unwrap().most_victims(), 0);
    /// ```
    pub fn most_victims(&self) -> usize {
        // `takes[d]`: the current path's leg at depth d may take a piece.
        let mut takes = Vec::new();
        let mut most = 0;
        for r in &self.records {
            let d = usize::from(r.depth);
            match r.kind {
                Kind::Leg if !r.flags.contains(Flags::FINAL) => {
                    takes.resize(d + 1, false);
                    takes[d] = r.flags.intersects(Flags::CAPTURE | Flags::DESTROY);
                }
                Kind::Leg => {
                    let n = takes.iter().take(d).filter(|&&t| t).count();
                    most = most.max(n + usize::from(r.flags.contains(Flags::EP)));
                }
                _ => {}
            }
        }
        most
    }
}

/// [`Program::work_within`] of a record list.
pub(crate) fn records_work_within(records: &[Record], side: u8, cap: u64) -> bool {
    records_work_within_budget(records, side, cap, WORK_BOUND_BUDGET)
}

/// [`records_work_within`] with at most `budget` evaluations (past it: not within).
pub(crate) fn records_work_within_budget(
    records: &[Record],
    side: u8,
    cap: u64,
    budget: u64,
) -> bool {
    let side = side.max(1);
    if quick_bound(records, 0, u64::from(side)) <= cap {
        return true;
    }
    let mut w = WorkBound::new(records, side, cap);
    w.budget = budget;
    for y in 0..w.side {
        for x in 0..w.side {
            match w.siblings(0, records.len(), (x, y)) {
                Some(v) if v <= cap => {}
                _ => return false,
            }
        }
    }
    true
}

/// [`records_work_within`] of a program compiled term by term, each new term checked with
/// the terms kept before it, without evaluating those again: a term's bound from a square
/// does not depend on its siblings, so the program's bound is the per-square sum of its
/// top-level terms', and its evaluations are the sum of theirs. While the geometry-free
/// bound of all kept terms fits, nothing is evaluated (as in `records_work_within`).
/// Same answers as checking the whole program each time, in time linear in the terms
/// instead of quadratic (a repetition group can expand to thousands of terms).
pub(crate) struct WorkTally {
    side: u8,
    cap: u64,
    /// The geometry-free bound of the kept terms.
    quick: u64,
    /// Per square, the kept terms' bound (once `quick` is over the cap); empty before.
    totals: Vec<u64>,
    evaluations: u64,
    /// Evaluations spent on terms that were then refused. Those are not bounded by
    /// [`WORK_BOUND_BUDGET`] (which the kept terms share), so they have a budget of their
    /// own: a fuzzed 19-character nested repetition group had thousands of expansions
    /// refused one after another, each after up to 2^18 evaluations (3.3 s).
    refused: u64,
    /// The budget of `refused`.
    refused_budget: u64,
    /// The budget of `evaluations` (the kept terms').
    budget: u64,
}

/// At most this many evaluations are spent on refused terms, over a whole tally
/// ([`crate::CompileBudget::DEFAULT`]).
pub(crate) const REFUSED_BUDGET: u64 = 1 << 18;
/// Once [`REFUSED_BUDGET`] is spent, each term gets at most this many evaluations: enough
/// for an ordinary term (`Q3`: a few records from each square), so the simple terms after
/// an exploding group are still kept.
const SMALL_TERM_BUDGET: u64 = 1 << 12;

impl WorkTally {
    pub(crate) fn new(side: u8, cap: u64, budget: u64, refused_budget: u64) -> WorkTally {
        WorkTally {
            side: side.max(1),
            cap,
            quick: 0,
            totals: Vec::new(),
            evaluations: 0,
            refused: 0,
            refused_budget,
            budget,
        }
    }

    /// Whether the budget of refused terms is spent: the compiler then stops expanding
    /// repetition groups (their expansions are what keeps being refused).
    pub(crate) fn refusals_spent(&self) -> bool {
        self.refused >= self.refused_budget
    }

    /// Whether `records` (whose records before `mark` are the terms kept so far, already
    /// tallied) stays within the cap; when it does, its new terms are tallied.
    pub(crate) fn admit(&mut self, records: &[Record], mark: usize) -> bool {
        let side = u64::from(self.side);
        let quick = self
            .quick
            .saturating_add(quick_bound(&records[mark..], mark, side));
        if quick <= self.cap {
            self.quick = quick;
            return true;
        }
        // The first time over: the kept terms are evaluated once.
        let (mut totals, mut evaluations) = (self.totals.clone(), self.evaluations);
        let from = if totals.is_empty() {
            totals = vec![0; usize::from(self.side) * usize::from(self.side)];
            0
        } else {
            mark
        };
        let mut w = WorkBound::from_record(records, from, self.side, self.cap);
        w.budget = self.budget.saturating_sub(evaluations);
        if self.refusals_spent() {
            w.budget = w.budget.min(SMALL_TERM_BUDGET);
        }
        let n = i32::from(self.side);
        for y in 0..n {
            for x in 0..n {
                let slot = &mut totals[(y * n + x) as usize];
                match w.siblings(from, records.len(), (x, y)) {
                    Some(v) if slot.saturating_add(v) <= self.cap => *slot += v,
                    _ => {
                        self.refused = self.refused.saturating_add(w.evaluations);
                        return false;
                    }
                }
            }
        }
        evaluations += w.evaluations;
        self.quick = quick;
        self.totals = totals;
        self.evaluations = evaluations;
        true
    }
}

/// At most this many (record, square) evaluations in [`Program::work_within`].
pub const WORK_BOUND_BUDGET: u64 = 1 << 18;

/// The geometry-free bound of the sibling records `records`, which start at index `base`.
fn quick_bound(records: &[Record], base: usize, side: u64) -> u64 {
    let mut total: u64 = 0;
    let mut i = 0;
    while i < records.len() {
        let r = &records[i];
        let reach = match r.range {
            0 => side,
            n => u64::from(n).min(side),
        };
        let mut next = i + 1;
        let v = match r.kind {
            Kind::Loop { .. } => 0,
            Kind::Teleport => side.saturating_mul(side),
            Kind::Castle | Kind::Imitate => side,
            Kind::Leg if r.flags.contains(Flags::FINAL) => reach,
            Kind::Leg => {
                next = (i + 1 + r.skip as usize).min(records.len());
                let kids = &records[i + 1..next];
                let loops = matches!(
                    kids.last(),
                    Some(Record { kind: Kind::Loop { target }, .. }) if *target as usize == base + i
                );
                let stops = if loops { reach } else { 1 };
                reach.saturating_add(stops.saturating_mul(quick_bound(kids, base + i + 1, side)))
            }
        };
        total = total.saturating_add(v);
        i = next;
    }
    total
}

struct WorkBound<'a> {
    records: &'a [Record],
    side: i32,
    /// Values are capped here (`cap + 1`), so a memoised value does not depend on the
    /// path that first computed it.
    limit: u64,
    memo: Memo,
    evaluations: u64,
    /// Evaluations allowed ([`WORK_BOUND_BUDGET`] unless a tally has used some).
    budget: u64,
    /// The first record evaluated: the memo holds the records from here on.
    first: usize,
}

/// Memoised bounds per (record, square): dense when that table is small enough.
enum Memo {
    /// `value + 1` per `record * side² + square`; 0 = not yet known.
    Dense(Vec<u32>),
    Sparse(HashMap<(u32, u8, u8), u64>),
}

/// The dense memo table is used up to this many entries (4 bytes each).
const DENSE_MEMO_ENTRIES: usize = 1 << 22;

impl WorkBound<'_> {
    fn new(records: &[Record], side: u8, cap: u64) -> WorkBound<'_> {
        WorkBound::from_record(records, 0, side, cap)
    }

    /// A bound of the records from `first` on (those before are not evaluated).
    fn from_record(records: &[Record], first: usize, side: u8, cap: u64) -> WorkBound<'_> {
        let squares = usize::from(side) * usize::from(side);
        // Dense values are `u32`: the limit must fit with room for the `+ 1`.
        let memo = match (records.len() - first.min(records.len())).checked_mul(squares) {
            Some(n) if n <= DENSE_MEMO_ENTRIES && cap < u64::from(u32::MAX - 1) => {
                Memo::Dense(vec![0; n])
            }
            _ => Memo::Sparse(HashMap::new()),
        };
        WorkBound {
            records,
            side: i32::from(side),
            limit: cap.saturating_add(1),
            memo,
            evaluations: 0,
            budget: WORK_BOUND_BUDGET,
            first,
        }
    }

    fn recall(&self, i: usize, (x, y): (i32, i32)) -> Option<u64> {
        match &self.memo {
            Memo::Dense(t) => {
                let i = i - self.first;
                let k = (i * self.side as usize + y as usize) * self.side as usize + x as usize;
                t.get(k).and_then(|&v| v.checked_sub(1)).map(u64::from)
            }
            Memo::Sparse(m) => m.get(&(i as u32, x as u8, y as u8)).copied(),
        }
    }

    fn remember(&mut self, i: usize, (x, y): (i32, i32), v: u64) {
        let side = self.side as usize;
        let i = i - self.first;
        match &mut self.memo {
            Memo::Dense(t) => {
                if let Some(slot) = t.get_mut((i * side + y as usize) * side + x as usize) {
                    *slot = u32::try_from(v).unwrap_or(u32::MAX - 1) + 1;
                }
            }
            Memo::Sparse(m) => {
                m.insert((i as u32, x as u8, y as u8), v);
            }
        }
    }

    /// The bound of the sibling subtrees in `records[lo..hi]` from `from`, capped at
    /// `limit`; `None` when the evaluation budget runs out.
    fn siblings(&mut self, lo: usize, hi: usize, from: (i32, i32)) -> Option<u64> {
        let mut total = 0u64;
        let mut i = lo;
        while i < hi.min(self.records.len()) {
            total = total.saturating_add(self.record(i, from)?).min(self.limit);
            i += 1 + self.records[i].skip as usize;
        }
        Some(total)
    }

    /// The bound of record `i` and its subtree from `from` (a square on the board),
    /// capped at `limit`; `None` when the evaluation budget runs out.
    fn record(&mut self, i: usize, from: (i32, i32)) -> Option<u64> {
        if let Some(v) = self.recall(i, from) {
            return Some(v);
        }
        self.evaluations += 1;
        if self.evaluations > self.budget {
            return None;
        }
        let r = self.records[i];
        let v = match r.kind {
            Kind::Loop { .. } => 0,
            Kind::Teleport => (self.side * self.side) as u64,
            Kind::Castle | Kind::Imitate => self.side as u64,
            Kind::Leg => {
                let final_leg = r.flags.contains(Flags::FINAL);
                let end = (i + 1 + r.skip as usize).min(self.records.len());
                // The subtree of a slide that can stop several times ends with its Loop.
                let loops = end > i + 1
                    && matches!(self.records[end - 1].kind, Kind::Loop { target } if target as usize == i);
                let (dx, dy) = (i32::from(r.step.dx), i32::from(r.step.dy));
                let max_steps = match r.range {
                    0 => self.side * self.side,
                    n => i32::from(n),
                };
                if final_leg && !r.flags.contains(Flags::WRAP) {
                    // A leaf: its squares are counted to the edge without walking there.
                    let v = steps_to_edge(from, (dx, dy), self.side)
                        .min(max_steps)
                        .max(0) as u64;
                    self.remember(i, from, v.min(self.limit));
                    return Some(v.min(self.limit));
                }
                let (mut x, mut y) = from;
                let mut v = 0u64;
                let mut worst = 0u64;
                for _ in 0..max_steps {
                    x += dx;
                    y += dy;
                    if r.flags.contains(Flags::WRAP) {
                        x = x.rem_euclid(self.side);
                    }
                    if x < 0 || y < 0 || x >= self.side || y >= self.side || (x, y) == from {
                        break;
                    }
                    v += 1;
                    if !final_leg {
                        let here = self.siblings(i + 1, end, (x, y))?;
                        if loops {
                            v = v.saturating_add(here);
                        } else {
                            worst = worst.max(here);
                        }
                    }
                    if v >= self.limit {
                        break;
                    }
                }
                v.saturating_add(worst).min(self.limit)
            }
        };
        self.remember(i, from, v);
        Some(v)
    }
}

/// How many steps of `(dx, dy)` from `(x, y)` stay on a `side`-sided board (0 for the null
/// step, which lands on its own square).
fn steps_to_edge((x, y): (i32, i32), (dx, dy): (i32, i32), side: i32) -> i32 {
    let axis = |p: i32, d: i32| match d {
        0 => i32::MAX,
        d if d > 0 => (side - 1 - p) / d,
        d => p / -d,
    };
    if (dx, dy) == (0, 0) {
        return 0;
    }
    axis(x, dx).min(axis(y, dy)).max(0)
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.records.iter().enumerate() {
            let indent = "  ".repeat(r.depth as usize);
            match r.kind {
                Kind::Loop { target } => {
                    writeln!(f, "{i:4}: {indent}loop -> {target}")?;
                }
                kind => {
                    let name = match kind {
                        Kind::Leg => "leg",
                        Kind::Castle => "castle",
                        Kind::Teleport => "teleport",
                        Kind::Imitate => "imitate",
                        Kind::Loop { .. } => unreachable!(),
                    };
                    let range = if r.range == 0 {
                        "inf".to_string()
                    } else {
                        r.range.to_string()
                    };
                    write!(
                        f,
                        "{i:4}: {indent}{name} ({},{}) range {range}",
                        r.step.dx, r.step.dy
                    )?;
                    if r.skip_first != 0 {
                        write!(f, " skip-first {}", r.skip_first)?;
                    }
                    writeln!(f, " [{}] skip {}", r.flags, r.skip)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile_partial, parse, CompileOptions};

    /// The top-level terms of a program, each with its own records (loop targets relative
    /// to the term's first record).
    fn terms(records: &[Record]) -> Vec<Vec<Record>> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < records.len() {
            let end = i + 1 + records[i].skip as usize;
            out.push(records[i..end].to_vec());
            for r in out.last_mut().unwrap() {
                if let Kind::Loop { target } = &mut r.kind {
                    *target -= i as u16;
                }
            }
            i = end;
        }
        out
    }

    /// Adding terms one by one to a tally answers as checking the whole program each time:
    /// the same terms kept, for caps below, around and above what the terms need.
    #[test]
    fn tally_answers_as_the_whole_program() {
        for text in ["WFNRBDAK", "(ma)fWcafcafWmafsW", "RmpafsRKN3", "(as)W6K"] {
            let opts = CompileOptions { max_range: 8 };
            let (program, _) = compile_partial(&parse(text).unwrap(), &opts, 32);
            for cap in [5, 14, 30, 60, 200, 5000] {
                let mut kept: Vec<Record> = Vec::new();
                let mut tally = WorkTally::new(8, cap, WORK_BOUND_BUDGET, REFUSED_BUDGET);
                let (mut taken, mut refused) = (0, 0);
                for term in terms(&program.records) {
                    let mark = kept.len();
                    let mut candidate = kept.clone();
                    for mut r in term {
                        if let Kind::Loop { target } = &mut r.kind {
                            *target += mark as u16;
                        }
                        candidate.push(r);
                    }
                    let whole = records_work_within(&candidate, 8, cap);
                    assert_eq!(tally.admit(&candidate, mark), whole, "{text} cap {cap}");
                    if whole {
                        kept = candidate;
                        taken += 1;
                    } else {
                        refused += 1;
                    }
                }
                // Each descriptor has terms to keep and (at small caps) to refuse.
                assert!(taken > 0 || cap < 14, "{text} cap {cap}");
                assert!(refused > 0 || cap >= 30, "{text} cap {cap}");
            }
        }
    }
}
