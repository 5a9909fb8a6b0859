//! The compiler: [`Descriptor`] → [`Program`] (see [`crate::program`] for the contract).
//!
//! Every term becomes a forest of path trees appended to one record list:
//!
//! * each leg's direction set is unrolled into one record per concrete step, in ascending
//!   slot order (first legs: absolute slots; continuation legs: relative slots, straight on
//!   first, then clockwise);
//! * a non-final record is followed by the records of its children (the next leg for every
//!   direction); its `skip` is the size of that subtree;
//! * a non-final leg that can stop on more than one square (range ≠ 1, `MOVE` or `Y`, not
//!   `EXACT`, not an effective `ISO`) gets a [`Kind::Loop`] record as the last record of its
//!   subtree;
//! * a bracket element followed by `?` is emitted twice: a final version (default modality
//!   `mc`) and then the non-final version with its subtree;
//! * crooked (`z`) and circular (`q`) moves are unrolled into chains of range-1 legs, each
//!   chain square having a final record and a non-final `MOVE` record that continues the
//!   chain.

use std::collections::HashSet;
use std::fmt;

use crate::ast::{Bracket, Crook, Descriptor, DirToken, Geometry, Modality, Sep, Simple, Term};
use crate::dirs::{
    bit, continuation_set, element_set, first_leg_set, slot_vector, slots, straightest,
};
use crate::parse::parse_internal;
use crate::program::{Flags, Kind, Program, Record, Step};

/// Compiler settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompileOptions {
    /// The largest board side the program will be used on. Caps everything unrolled at
    /// compile time: crooked/circular chains and the number of repetitions of a
    /// parenthesised group (`0..=max_range` copies).
    pub max_range: u8,
}

impl Default for CompileOptions {
    fn default() -> CompileOptions {
        CompileOptions { max_range: 16 }
    }
}

/// Why a descriptor could not be compiled (limits of the record format).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    pub reason: String,
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot compile: {}", self.reason)
    }
}

impl std::error::Error for CompileError {}

fn cerr(reason: impl Into<String>) -> CompileError {
    CompileError {
        reason: reason.into(),
    }
}

/// At most this many records (loop targets and skips are `u16`).
pub const MAX_RECORDS: usize = 65_536;
/// At most this many repetition-group expansions are compiled per descriptor.
pub const MAX_EXPANSIONS: usize = 4096;
/// At most this many records are generated while compiling one descriptor, those of
/// terms [`compile_partial`] leaves out included: a term is only known to break a limit
/// once its records are generated, and each of thousands of repetition-group expansions
/// could otherwise generate [`MAX_RECORDS`] before being dropped (a fuzzed 27-character
/// descriptor took 21 s). A strict [`compile`] stops at its first failure, so it never
/// gets here.
pub const MAX_GENERATED: usize = 4 * MAX_RECORDS;
const MAX_NESTING: usize = 32;
/// At most this many squares visited by one walk of a program from one square, whatever
/// the board holds ([`Program::work_within`] on a `max_range`-sided board). Multi-leg
/// slides multiply: without this limit `(as)W6` would make a generator visit billions of
/// squares (and collect as many moves) from one square of an 8x8 board.
pub const MAX_WORK: u64 = 1 << 18;

/// How much compiling one descriptor may cost before what is left is given up: a
/// descriptor's text does not bound its compilation (a repetition group expands up to
/// `max_range + 1` times, nested groups multiply). [`CompileBudget::DEFAULT`] is what the
/// engine uses; a caller that compiles many untrusted descriptors in a row (the fuzz
/// targets) passes a smaller one to bound the work per descriptor further. Only cost
/// changes with the budget, never the meaning of what compiles within it.
///
/// ```
/// use xbetza::{compile_partial_within, parse, CompileBudget, CompileOptions};
/// let d = parse("(ma)fW").unwrap();
/// let small = CompileBudget { expansions: 2, ..CompileBudget::DEFAULT };
/// let (program, left_out) = compile_partial_within(&d, &CompileOptions { max_range: 8 }, 32, small);
/// // `fW` and `mafW` are kept; the longer expansions are over the budget.
/// assert!(!program.records.is_empty());
/// assert!(left_out.iter().any(|e| e.reason.contains("expansions")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompileBudget {
    /// Records generated, those of terms left out included ([`MAX_GENERATED`]).
    pub generated: usize,
    /// Repetition-group expansions compiled ([`MAX_EXPANSIONS`]).
    pub expansions: usize,
    /// (record, square) evaluations the work check ([`MAX_WORK`]) may spend on the terms
    /// it keeps ([`crate::program::WORK_BOUND_BUDGET`]); past it a term is taken to break
    /// the limit.
    pub evaluations: u64,
    /// Evaluations the work check may spend on terms it then refuses (partial
    /// compilation only).
    pub refused_evaluations: u64,
}

impl CompileBudget {
    /// The engine's budget.
    pub const DEFAULT: CompileBudget = CompileBudget {
        generated: MAX_GENERATED,
        expansions: MAX_EXPANSIONS,
        evaluations: crate::program::WORK_BOUND_BUDGET,
        refused_evaluations: crate::program::REFUSED_BUDGET,
    };
}

impl Default for CompileBudget {
    fn default() -> CompileBudget {
        CompileBudget::DEFAULT
    }
}

/// Compile a parsed descriptor.
///
/// ```
/// use xbetza::{compile, parse, CompileOptions, Kind};
/// let p = compile(&parse("mafsW").unwrap(), &CompileOptions::default()).unwrap();
/// // 4 first steps, each with 2 diagonal continuations
/// assert_eq!(p.records.len(), 12);
/// assert_eq!(p.records[0].skip, 2);
/// assert!(p.records.iter().all(|r| r.kind == Kind::Leg));
/// ```
pub fn compile(d: &Descriptor, options: &CompileOptions) -> Result<Program, CompileError> {
    compile_within(d, options, CompileBudget::DEFAULT)
}

/// [`compile`] within `budget`: a descriptor that needs more fails to compile.
pub fn compile_within(
    d: &Descriptor,
    options: &CompileOptions,
    budget: CompileBudget,
) -> Result<Program, CompileError> {
    let mut c = Compiler {
        out: Vec::new(),
        opts: *options,
        budget,
        expansions: 0,
        generated: 0,
        seen: HashSet::new(),
        partial: None,
    };
    c.descriptor(d, 0)?;
    let program = Program { records: c.out };
    if !crate::program::records_work_within_budget(
        &program.records,
        options.max_range,
        MAX_WORK,
        budget.evaluations,
    ) {
        let side = options.max_range;
        return Err(cerr(format!(
            "the move's paths may visit more than {MAX_WORK} squares from one square of a \
             {side}x{side} board (multi-leg slides, often repeated by a parenthesised group, \
             multiply)"
        )));
    }
    Ok(program)
}

/// Compile what fits: every term (each expansion of a repetition group counts as its own
/// terms) that would break a limit — the record format's, [`MAX_WORK`], or more than
/// `max_legs` legs in a path (the engine's interpreter depth) — is left out, and the
/// program of the other terms is returned with one error per term left out. A piece
/// keeps its ordinary moves when one exotic term is beyond the limits (`(ma)fW` on a
/// 12x10 board keeps its repetitions up to the size that fits).
///
/// ```
/// use xbetza::{compile, compile_partial, parse, CompileOptions};
/// let d = parse("(as)W6K").unwrap();
/// let opts = CompileOptions { max_range: 8 };
/// assert!(compile(&d, &opts).is_err());
/// let (program, left_out) = compile_partial(&d, &opts, 32);
/// assert!(!left_out.is_empty());
/// // The king's moves are kept.
/// assert!(program.records.iter().any(|r| r.step.dx == 1 && r.step.dy == 1));
/// ```
pub fn compile_partial(
    d: &Descriptor,
    options: &CompileOptions,
    max_legs: usize,
) -> (Program, Vec<CompileError>) {
    compile_partial_within(d, options, max_legs, CompileBudget::DEFAULT)
}

/// [`compile_partial`] within `budget`: what the budget does not reach is left out, with
/// an error naming the budget.
pub fn compile_partial_within(
    d: &Descriptor,
    options: &CompileOptions,
    max_legs: usize,
    budget: CompileBudget,
) -> (Program, Vec<CompileError>) {
    let mut c = Compiler {
        out: Vec::new(),
        opts: *options,
        budget,
        expansions: 0,
        generated: 0,
        seen: HashSet::new(),
        partial: Some(Partial {
            max_legs,
            left_out: Vec::new(),
            more: 0,
            work: crate::program::WorkTally::new(
                options.max_range,
                MAX_WORK,
                budget.evaluations,
                budget.refused_evaluations,
            ),
        }),
    };
    // In partial mode every failure is recorded instead of returned.
    let _ = c.descriptor(d, 0);
    let mut left_out = Vec::new();
    if let Some(p) = c.partial {
        left_out = p.left_out;
        if p.more > 0 {
            left_out.push(cerr(format!("{} more terms left out", p.more)));
        }
    }
    (Program { records: c.out }, left_out)
}

struct Compiler {
    out: Vec<Record>,
    opts: CompileOptions,
    budget: CompileBudget,
    expansions: usize,
    /// Records generated so far, including those of terms left out ([`MAX_GENERATED`]).
    generated: usize,
    /// Terms already compiled (a term written twice, e.g. by a repetition group, adds
    /// nothing).
    seen: HashSet<Term>,
    /// [`compile_partial`]: leave out the terms that do not fit.
    partial: Option<Partial>,
}

struct Partial {
    max_legs: usize,
    left_out: Vec<CompileError>,
    /// Failures beyond [`MAX_REPORTED`], counted only.
    more: usize,
    /// The work bound of the terms kept so far.
    work: crate::program::WorkTally,
}

/// At most this many terms left out are reported one by one by [`compile_partial`].
const MAX_REPORTED: usize = 16;

/// One leg of a flattened term.
struct PlanLeg<'a> {
    geo: Geometry,
    range: u8,
    exact: bool,
    modality: Modality,
    dirs: &'a [DirToken],
    /// Default directions are "as straight as possible" (a bracket element after the first
    /// without direction letters).
    straightest: bool,
    /// The first leg of a bracket element after the first (see [`element_set`]).
    element_start: bool,
    /// The path may also end after this leg (bracket `?`).
    may_end: bool,
    prime: bool,
}

/// What a child leg needs to know about its parent.
#[derive(Clone, Copy)]
struct Ctx {
    slot: u8,
    vec: (i32, i32),
    bend: u8,
    /// `g`/`y` range toggles made by earlier legs: 0, or 1 (odd) / 2 (even, at least two).
    toggles: u8,
    slider_before: bool,
}

/// A leg's range after the toggles of [`Ctx::toggles`], applied one after another: a leaper
/// becomes unlimited, anything else a leaper (so `gayafR4` ends with an unlimited slide).
fn toggled_range(range: u8, toggles: u8) -> u8 {
    let once = |r: u8| if r == 1 { 0 } else { 1 };
    match toggles {
        0 => range,
        1 => once(range),
        _ => once(once(range)),
    }
}

pub(crate) fn is_unit(v: (i32, i32)) -> bool {
    v.0.abs().max(v.1.abs()) <= 1
}

/// Flags shared by final and non-final versions of a leg; returns `(flags, skip_first)`.
fn common_flags(m: &Modality, depth: usize, unit: bool, exact: bool, prime: bool) -> (Flags, u8) {
    let mut f = Flags::empty();
    let mut skip_first = 0;
    if depth == 0 {
        if m.i == 1 {
            f |= Flags::INITIAL;
        } else if m.i >= 2 {
            f |= Flags::INITIAL_AHEAD;
        }
    } else if m.i > 0 {
        f |= Flags::ISO;
    }
    if m.n {
        if !unit {
            f |= Flags::LAME;
        }
        f |= Flags::EP_CREATE;
    }
    if m.j > 0 {
        if unit {
            skip_first = m.j;
        } else {
            f |= Flags::JUMP;
        }
    }
    if m.o {
        f |= Flags::WRAP;
    }
    if m.u {
        f |= Flags::UNLOAD;
    }
    if exact {
        f |= Flags::EXACT;
    }
    if prime {
        f |= Flags::PRIME;
    }
    (f, skip_first)
}

/// Destination modality of a final leg (default `mc`).
pub(crate) fn final_modality(m: &Modality) -> Flags {
    let mut f = Flags::FINAL;
    if !(m.m || m.c || m.d || m.e || m.x || m.k) {
        f |= Flags::MOVE | Flags::CAPTURE;
    }
    if m.m {
        f |= Flags::MOVE;
    }
    if m.c {
        f |= Flags::CAPTURE;
    }
    if m.d {
        f |= Flags::DESTROY;
    }
    if m.e {
        f |= Flags::EP;
    }
    if m.x {
        f |= Flags::INDUCE;
    }
    if m.k {
        f |= if m.c {
            Flags::NON_ROYAL
        } else {
            Flags::CAPTURE | Flags::ROYAL_ONLY
        };
    }
    if m.t {
        // Only the capture of a royal is ruled out; screens may be of either colour.
        f |= Flags::NON_ROYAL;
    }
    if m.p {
        f |= Flags::HOP;
    }
    if m.g {
        f |= Flags::GRASS;
    }
    f
}

/// Stop modality of a non-final leg (default `m`). `unit`: the step is one square, where
/// `n` is no lameness test but only asks for an empty stop (making it an e.p. square).
pub(crate) fn nonfinal_modality(m: &Modality, unit: bool) -> Flags {
    let mut f = Flags::empty();
    if !(m.m || m.c || m.d || m.e || m.x || m.k || m.p || m.g || m.y) {
        f |= Flags::MOVE;
    }
    if m.m || (m.n && unit) {
        f |= Flags::MOVE;
    }
    if m.c {
        f |= Flags::CAPTURE;
    }
    if m.d {
        f |= Flags::DESTROY;
    }
    if m.e {
        f |= Flags::EP;
    }
    if m.x {
        f |= Flags::INDUCE;
    }
    if m.k {
        f |= if m.c {
            Flags::NON_ROYAL
        } else {
            Flags::CAPTURE | Flags::ROYAL_ONLY
        };
    }
    if m.p {
        f |= Flags::HOP;
    }
    if m.g {
        f |= Flags::HOP | Flags::GRASS;
    }
    if m.y {
        f |= Flags::Y;
    }
    if m.t && (m.p || m.g) {
        f |= Flags::HOP_FRIEND;
    }
    f
}

/// The stop flags of a non-final leg split by role: an occupied stop may be captured (or
/// destroyed), induced or hopped, and each role the leg allows is a path of its own (`cpafW`
/// over an enemy both captures it and hops it), while the interpreter gives a record one
/// role per stop. A leg with one kind of role keeps its flags in one record; otherwise the
/// record is emitted once per role (empty stops go with the capturing one).
fn stop_roles(all: Flags) -> impl Iterator<Item = Flags> {
    const TAKE: Flags = Flags(
        Flags::MOVE.0
            | Flags::Y.0
            | Flags::CAPTURE.0
            | Flags::DESTROY.0
            | Flags::ROYAL_ONLY.0
            | Flags::NON_ROYAL.0,
    );
    const HOPS: Flags = Flags(Flags::HOP.0 | Flags::GRASS.0 | Flags::HOP_FRIEND.0);
    let roles = [TAKE, Flags::INDUCE, HOPS];
    let present = roles
        .iter()
        .filter(|&&r| all.intersects(r.without(Flags::NON_ROYAL.union(Flags::HOP_FRIEND))))
        .count();
    let split = present > 1;
    let any_role = TAKE.union(Flags::INDUCE).union(HOPS);
    let mut parts = [None; 3];
    if split {
        for (k, role) in roles.iter().enumerate() {
            let part = all.without(any_role.without(*role));
            if part.intersects(role.without(Flags::NON_ROYAL.union(Flags::HOP_FRIEND))) {
                parts[k] = Some(part);
            }
        }
    } else {
        parts[0] = Some(all);
    }
    parts.into_iter().flatten()
}

fn to_step(v: (i32, i32)) -> Result<Step, CompileError> {
    let dx = i8::try_from(v.0).map_err(|_| cerr("step too long"))?;
    let dy = i8::try_from(v.1).map_err(|_| cerr("step too long"))?;
    Ok(Step::new(dx, dy))
}

fn to_depth(d: usize) -> Result<u8, CompileError> {
    u8::try_from(d).map_err(|_| cerr("more than 256 legs in one path"))
}

impl Compiler {
    fn push(&mut self, r: Record) -> Result<usize, CompileError> {
        if self.out.len() >= MAX_RECORDS {
            return Err(cerr(format!("more than {MAX_RECORDS} records")));
        }
        self.generated += 1;
        if self.generated > self.budget.generated {
            return Err(cerr(format!(
                "compiling the move generated more than {} records (with the terms left out)",
                self.budget.generated
            )));
        }
        self.out.push(r);
        Ok(self.out.len() - 1)
    }

    /// Close the subtree of the non-final record at `idx`.
    fn close(&mut self, idx: usize) -> Result<(), CompileError> {
        let size = self.out.len().saturating_sub(idx + 1);
        let skip = u16::try_from(size).map_err(|_| cerr("subtree too large"))?;
        if let Some(r) = self.out.get_mut(idx) {
            r.skip = skip;
        }
        Ok(())
    }

    fn push_loop(&mut self, idx: usize) -> Result<(), CompileError> {
        let target = u16::try_from(idx).map_err(|_| cerr("loop target out of range"))?;
        let Some(&looped) = self.out.get(idx) else {
            return Err(cerr("internal: loop target missing"));
        };
        self.push(Record {
            kind: Kind::Loop { target },
            skip: 0,
            ..looped
        })?;
        Ok(())
    }

    fn descriptor(&mut self, d: &Descriptor, nesting: usize) -> Result<(), CompileError> {
        for term in &d.terms {
            // Past the generation bound every further term would be left out at its first
            // record: stop here (the term that passed it was reported).
            if self.generated > self.budget.generated {
                return Ok(());
            }
            if !matches!(term, Term::Repeat(_)) && !self.seen.insert(term.clone()) {
                continue;
            }
            match term {
                Term::Simple(_) | Term::Bracket(_) => {
                    let mark = self.out.len();
                    let done = match term {
                        Term::Simple(s) => self.simple(s),
                        Term::Bracket(b) => self.bracket(b),
                        Term::Repeat(_) => Ok(()),
                    };
                    if let Err(e) = done.and_then(|()| self.term_fits(mark)) {
                        self.out.truncate(mark);
                        self.fail(self.left_out(term, e))?;
                    }
                }
                Term::Repeat(r) => {
                    if nesting >= MAX_NESTING {
                        let e = cerr("repetition groups nested too deeply");
                        self.fail(self.left_out(term, e))?;
                        continue;
                    }
                    for k in r.counts(usize::from(self.opts.max_range)) {
                        if self.refusals_spent() {
                            // The terms after the group are still compiled.
                            let e = cerr(
                                "its expansions were refused too often to check more of them \
                                 against the work limit",
                            );
                            self.fail(self.left_out(term, e))?;
                            break;
                        }
                        self.expansions += 1;
                        let most = self.budget.expansions;
                        if self.expansions > most + 1 {
                            // Reported when the limit was passed (partial mode goes on).
                            return Ok(());
                        }
                        if self.expansions > most {
                            let e = cerr(format!("more than {most} repetition-group expansions"));
                            return self.fail(self.left_out(term, e));
                        }
                        // Expansions that do not parse (typically k = 0) contribute nothing.
                        if let Ok(sub) = parse_internal(&r.expansion(k), nesting + 1) {
                            self.descriptor(&sub, nesting + 1)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// In partial mode: whether the work check has refused so many terms that no more
    /// repetition-group expansions are tried (see `WorkTally::refusals_spent`).
    fn refusals_spent(&self) -> bool {
        self.partial
            .as_ref()
            .is_some_and(|p| p.work.refusals_spent())
    }

    /// A failure: recorded in partial mode (compilation goes on), returned otherwise.
    fn fail(&mut self, e: CompileError) -> Result<(), CompileError> {
        match &mut self.partial {
            Some(p) if p.left_out.len() < MAX_REPORTED => {
                p.left_out.push(e);
                Ok(())
            }
            Some(p) => {
                p.more += 1;
                Ok(())
            }
            None => Err(e),
        }
    }

    /// The error of a term left out in partial mode names the term.
    fn left_out(&self, term: &Term, e: CompileError) -> CompileError {
        if self.partial.is_some() {
            cerr(format!("'{term}' left out: {}", e.reason))
        } else {
            e
        }
    }

    /// In partial mode: whether the term whose records start at `mark` keeps within the
    /// leg and work limits (the record limits are checked as records are pushed).
    fn term_fits(&mut self, mark: usize) -> Result<(), CompileError> {
        let Some(p) = &mut self.partial else {
            return Ok(());
        };
        if self.out[mark..]
            .iter()
            .any(|r| usize::from(r.depth) >= p.max_legs)
        {
            return Err(cerr(format!("more than {} legs in one path", p.max_legs)));
        }
        if !p.work.admit(&self.out, mark) {
            return Err(cerr(format!(
                "with it the move's paths may visit more than {MAX_WORK} squares from one \
                 square of a {0}x{0} board",
                self.opts.max_range
            )));
        }
        Ok(())
    }

    fn simple(&mut self, s: &Simple) -> Result<(), CompileError> {
        let geo = s.geometry();
        let Some(leg0) = s.legs.first() else {
            return Ok(());
        };
        match geo {
            Geometry::Castle => return self.castle(s),
            Geometry::Teleport | Geometry::Imitate => return self.special(s, geo),
            Geometry::Null => {
                let (common, skip_first) = common_flags(&leg0.modality, 0, true, false, s.prime);
                self.push(Record {
                    kind: Kind::Leg,
                    flags: final_modality(&leg0.modality) | common,
                    step: Step::new(0, 0),
                    range: 1,
                    skip_first,
                    depth: 0,
                    skip: 0,
                })?;
                return Ok(());
            }
            _ => {}
        }
        if let Some(crook) = leg0.crook {
            return self.crooked(s, crook);
        }
        let plan: Vec<PlanLeg> = s
            .legs
            .iter()
            .map(|l| PlanLeg {
                geo,
                range: s.range,
                exact: s.exact,
                modality: l.modality,
                dirs: &l.dirs,
                straightest: false,
                element_start: false,
                may_end: false,
                prime: s.prime,
            })
            .collect();
        self.gen(&plan, 0, None)
    }

    fn bracket(&mut self, b: &Bracket) -> Result<(), CompileError> {
        let prime = b.prime || b.elems.iter().any(|e| e.prime);
        let mut plan = Vec::new();
        for (e_idx, e) in b.elems.iter().enumerate() {
            let geo = e.geometry();
            let may_end = matches!(b.seps.get(e_idx), Some(Sep::MayEnd));
            let n = e.legs.len();
            for (k, l) in e.legs.iter().enumerate() {
                plan.push(PlanLeg {
                    geo,
                    range: e.range,
                    exact: e.exact,
                    modality: l.modality,
                    dirs: &l.dirs,
                    straightest: e_idx > 0 && k == 0 && l.dirs.is_empty(),
                    element_start: e_idx > 0 && k == 0,
                    may_end: may_end && k + 1 == n,
                    prime,
                });
            }
        }
        if plan.is_empty() {
            return Ok(());
        }
        self.gen(&plan, 0, None)
    }

    /// Emit the records of leg `i` (all its directions) and, recursively, their subtrees.
    fn gen(&mut self, plan: &[PlanLeg], i: usize, ctx: Option<Ctx>) -> Result<(), CompileError> {
        let Some(leg) = plan.get(i) else {
            return Ok(());
        };
        let last = i + 1 == plan.len();
        let depth = to_depth(i)?;
        // In partial mode a path longer than the engine takes is left out before its
        // subtree (which grows by a factor of the directions per leg) is generated.
        if let Some(p) = &self.partial {
            if i >= p.max_legs {
                return Err(cerr(format!("more than {} legs in one path", p.max_legs)));
            }
        }
        let dirs: Vec<(u8, u8)> = match ctx {
            None => slots(first_leg_set(leg.geo.system(), leg.dirs))
                .map(|s| (s, 0))
                .collect(),
            Some(c) if leg.straightest => slots(straightest(leg.geo, c.vec))
                .map(|s| (s, s.wrapping_sub(c.slot) & 7))
                .collect(),
            Some(c) if leg.element_start => slots(element_set(
                leg.geo,
                c.slot,
                continuation_set(leg.dirs, leg.geo.eight_fold(), c.bend),
            ))
            .map(|s| (s, s.wrapping_sub(c.slot) & 7))
            .collect(),
            Some(c) => slots(continuation_set(leg.dirs, leg.geo.eight_fold(), c.bend))
                .map(|r| ((c.slot + r) & 7, r))
                .collect(),
        };
        let toggles = ctx.map_or(0, |c| c.toggles);
        let slider_before = ctx.is_some_and(|c| c.slider_before);
        let range = toggled_range(leg.range, toggles);
        let exact = leg.exact && toggles == 0;
        let child_toggles = match (leg.modality.g || leg.modality.y, toggles) {
            (false, t) => t,
            (true, 1) => 2,
            (true, _) => 1,
        };
        for (slot, bend) in dirs {
            let v = slot_vector(leg.geo, slot);
            let step = to_step(v)?;
            let (common, skip_first) = common_flags(&leg.modality, i, is_unit(v), exact, leg.prime);
            if last || leg.may_end {
                self.push(Record {
                    kind: Kind::Leg,
                    flags: final_modality(&leg.modality) | common,
                    step,
                    range,
                    skip_first,
                    depth,
                    skip: 0,
                })?;
            }
            if !last {
                let all = nonfinal_modality(&leg.modality, is_unit(v)) | common;
                let child = Ctx {
                    slot,
                    vec: v,
                    bend,
                    toggles: child_toggles,
                    slider_before: slider_before || range != 1,
                };
                for flags in stop_roles(all) {
                    let idx = self.push(Record {
                        kind: Kind::Leg,
                        flags,
                        step,
                        range,
                        skip_first,
                        depth,
                        skip: 0,
                    })?;
                    self.gen(plan, i + 1, Some(child))?;
                    let iso_effective = flags.contains(Flags::ISO) && slider_before;
                    if range != 1
                        && flags.intersects(Flags::MOVE | Flags::Y)
                        && !exact
                        && !iso_effective
                    {
                        self.push_loop(idx)?;
                    }
                    self.close(idx)?;
                }
            }
        }
        Ok(())
    }

    fn castle(&mut self, s: &Simple) -> Result<(), CompileError> {
        let Some(leg) = s.legs.first() else {
            return Ok(());
        };
        let set = first_leg_set(crate::ast::System::Orthogonal, &leg.dirs);
        let mut flags = Flags::FINAL;
        if leg.modality.i == 1 {
            flags |= Flags::INITIAL;
        } else if leg.modality.i >= 2 {
            flags |= Flags::INITIAL_AHEAD;
        }
        if s.prime {
            flags |= Flags::PRIME;
        }
        for (slot, dx) in [(2u8, 1i8), (6, -1)] {
            if set & bit(slot) != 0 {
                self.push(Record {
                    kind: Kind::Castle,
                    flags,
                    step: Step::new(dx, 0),
                    range: s.range,
                    skip_first: leg.modality.j,
                    depth: 0,
                    skip: 0,
                })?;
            }
        }
        Ok(())
    }

    fn special(&mut self, s: &Simple, geo: Geometry) -> Result<(), CompileError> {
        let Some(leg) = s.legs.first() else {
            return Ok(());
        };
        let mut flags = final_modality(&leg.modality);
        if leg.modality.i == 1 {
            flags |= Flags::INITIAL;
        } else if leg.modality.i >= 2 {
            flags |= Flags::INITIAL_AHEAD;
        }
        if leg.modality.u {
            flags |= Flags::UNLOAD;
        }
        if s.prime {
            flags |= Flags::PRIME;
        }
        let kind = if matches!(geo, Geometry::Teleport) {
            Kind::Teleport
        } else {
            if leg
                .dirs
                .iter()
                .any(|t| matches!(t, DirToken::Single(crate::ast::Dir::B)))
            {
                flags |= Flags::MIRROR;
            }
            Kind::Imitate
        };
        self.push(Record {
            kind,
            flags,
            step: Step::new(0, 0),
            range: 1,
            skip_first: 0,
            depth: 0,
            skip: 0,
        })?;
        Ok(())
    }

    fn crooked(&mut self, s: &Simple, crook: Crook) -> Result<(), CompileError> {
        let Some(leg) = s.legs.first() else {
            return Ok(());
        };
        let geo = s.geometry();
        let set = first_leg_set(geo.system(), &leg.dirs);
        let turn = crooked_turn(geo, crook);
        let m = &leg.modality;
        let final_f = final_modality(m);
        let nonfinal_f = Flags::MOVE;
        for s0 in slots(set) {
            let lens: Vec<(u8, usize)> = [turn, 8 - turn]
                .iter()
                .map(|&t| {
                    (
                        t,
                        crooked_len(geo, crook, s0, t, s.range, self.opts.max_range),
                    )
                })
                .collect();
            let l_max = lens.iter().map(|&(_, l)| l).max().unwrap_or(1);
            if l_max > 256 {
                return Err(cerr("crooked/circular path too long for the record format"));
            }
            self.chain_record(geo, m, s.prime, final_f, s0, 0)?;
            if l_max >= 2 {
                let idx = self.chain_record(geo, m, s.prime, nonfinal_f, s0, 0)?;
                for &(t, len) in &lens {
                    if len >= 2 {
                        self.chain(geo, m, s.prime, crook, s0, t, 2, len)?;
                    }
                }
                self.close(idx)?;
            }
        }
        Ok(())
    }

    /// Steps `k..=len` of a crooked chain (k >= 2) below the non-final record of step k-1.
    #[allow(clippy::too_many_arguments)]
    fn chain(
        &mut self,
        geo: Geometry,
        m: &Modality,
        prime: bool,
        crook: Crook,
        s0: u8,
        turn: u8,
        k: usize,
        len: usize,
    ) -> Result<(), CompileError> {
        let slot = crooked_slot(crook, s0, turn, k);
        let depth = k - 1;
        self.chain_record(geo, m, prime, final_modality(m), slot, depth)?;
        if k < len {
            let idx = self.chain_record(geo, m, prime, Flags::MOVE, slot, depth)?;
            self.chain(geo, m, prime, crook, s0, turn, k + 1, len)?;
            self.close(idx)?;
        }
        Ok(())
    }

    fn chain_record(
        &mut self,
        geo: Geometry,
        m: &Modality,
        prime: bool,
        modality: Flags,
        slot: u8,
        depth: usize,
    ) -> Result<usize, CompileError> {
        let v = slot_vector(geo, slot);
        let (common, skip_first) = common_flags(m, depth, is_unit(v), false, prime);
        self.push(Record {
            kind: Kind::Leg,
            flags: modality | common,
            step: to_step(v)?,
            range: 1,
            skip_first,
            depth: to_depth(depth)?,
            skip: 0,
        })
    }
}

/// Slots turned per step: crooked = 90° (2 slots); circular = one atom member (1 slot for
/// 8-fold atoms, 2 for 4-fold ones).
pub(crate) fn crooked_turn(geo: Geometry, crook: Crook) -> u8 {
    match crook {
        Crook::Zigzag => 2,
        Crook::Circular => {
            if geo.eight_fold() {
                1
            } else {
                2
            }
        }
    }
}

/// The slot of step `k` (1-based) of a crooked chain starting in slot `s0` turning by `turn`.
pub(crate) fn crooked_slot(crook: Crook, s0: u8, turn: u8, k: usize) -> u8 {
    match crook {
        Crook::Zigzag => {
            if k.is_multiple_of(2) {
                (s0 + turn) & 7
            } else {
                s0 & 7
            }
        }
        Crook::Circular => {
            let turns = ((k.saturating_sub(1)) % 8) as u8;
            (s0 + turn.wrapping_mul(turns)) & 7
        }
    }
}

/// Number of steps of a crooked chain the compiler unrolls: the written range (if 2 or
/// more), capped by the longest path that fits on a `max_range` board (circular: one less
/// than a full circle).
fn crooked_len(geo: Geometry, crook: Crook, s0: u8, turn: u8, range: u8, max_range: u8) -> usize {
    let geo_cap = match crook {
        Crook::Circular => usize::from(8 / turn.min(8 - turn).max(1)) - 1,
        Crook::Zigzag => {
            let a = slot_vector(geo, s0);
            let b = slot_vector(geo, (s0 + turn) & 7);
            let p = (a.0 + b.0).abs().max((a.1 + b.1).abs()).max(1);
            let m = i32::from(max_range).max(1);
            let kmax = ((m - 1) / p).max(0) as usize;
            2 * kmax + 1
        }
    };
    if range >= 2 {
        geo_cap.min(usize::from(range))
    } else {
        geo_cap
    }
}
