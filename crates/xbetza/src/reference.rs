//! A deliberately simple, direct interpreter of the AST: the test oracle of the project.
//!
//! It walks the [`Descriptor`] leg by leg on a [`RefBoard`] and collects every move as a
//! [`RefMove`]. It never looks at a compiled [`crate::Program`]; it shares only the pure
//! direction-set functions of [`crate::dirs`] with the compiler. It is written for clarity,
//! not speed (paths are explored by plain recursion).
//!
//! Semantics (the same as the program contract in [`crate::program`]):
//!
//! * White's view: `dy > 0` is forward. The mover stands on `from`; its own square counts as
//!   empty for every leg. Its virginity is the `virgin` flag of the [`Cell::Friend`] on
//!   `from` (anything else there counts as "has moved").
//! * The board is not changed while a move is generated: an enemy captured by an earlier
//!   leg (locust victim) still occupies its square for the later legs of that path.
//! * Walks stop at the board edge (unless `o` wraps them around the left/right edge; such a
//!   walk ends when it would come back to the square the leg started from) and at holes.
//! * Imitator (`I`) moves need the opponent's last move and are not generated here.

use std::collections::BTreeSet;

use crate::ast::{
    Bracket, Crook, Descriptor, DirToken, Geometry, Modality, Sep, Simple, Square, Term,
};
use crate::dirs::{continuation_set, first_leg_set, slot_vector, slots, straightest};
use crate::parse::parse_internal;

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Cell {
    /// A hole: not part of the board.
    Off,
    #[default]
    Empty,
    /// A piece of the mover's side. `virgin` = has not moved yet.
    Friend { royal: bool, virgin: bool },
    /// An opponent's piece.
    Enemy { royal: bool, virgin: bool },
}

/// The current e.p. right: moving to any of `squares` with an `e` leg captures `victim`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EpInfo {
    pub squares: Vec<Square>,
    pub victim: Square,
}

/// A board for the reference interpreter. `cells[rank * files + file]`, zero-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    pub files: i32,
    pub ranks: i32,
    pub cells: Vec<Cell>,
    pub ep: Option<EpInfo>,
    /// For `ii` moves: the mover stands one square in front of its initial square.
    pub mover_ahead: bool,
}

impl RefBoard {
    /// An empty board (sides are clamped to 0..=64).
    pub fn new(files: i32, ranks: i32) -> RefBoard {
        let files = files.clamp(0, 64);
        let ranks = ranks.clamp(0, 64);
        RefBoard {
            files,
            ranks,
            cells: vec![Cell::Empty; (files * ranks) as usize],
            ep: None,
            mover_ahead: false,
        }
    }

    pub fn on_board(&self, sq: Square) -> bool {
        sq.0 >= 0 && sq.1 >= 0 && sq.0 < self.files && sq.1 < self.ranks
    }

    fn index(&self, sq: Square) -> Option<usize> {
        if self.on_board(sq) {
            let i = sq.1.checked_mul(self.files)?.checked_add(sq.0)?;
            usize::try_from(i).ok()
        } else {
            None
        }
    }

    /// The cell at `sq`; [`Cell::Off`] outside the board.
    pub fn get(&self, sq: Square) -> Cell {
        self.index(sq)
            .and_then(|i| self.cells.get(i).copied())
            .unwrap_or(Cell::Off)
    }

    /// Set a cell (ignored outside the board).
    pub fn set(&mut self, sq: Square, cell: Cell) {
        if let Some(c) = self.index(sq).and_then(|i| self.cells.get_mut(i)) {
            *c = cell;
        }
    }
}

/// One move found by [`reference_moves`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RefMove {
    /// The mover's destination (for an induced move: where the induced friend ends).
    pub to: Square,
    /// Squares of pieces removed by non-final legs (`c` enemies, `d` friends), in leg
    /// order. The piece on `to` (a final-leg capture) is *not* listed.
    pub victims: Vec<Square>,
    /// Castling: the partner's square and its destination.
    pub castle_partner: Option<(Square, Square)>,
    /// E.p. capture: the square of the piece removed.
    pub ep_victim: Option<Square>,
    /// `u`: the start square of the (last) unloading leg; the captured piece reappears there.
    pub unload: Option<Square>,
    /// `x`: the friend that makes the remaining legs (non-final `x`) or whose moves are
    /// borrowed (final `x`, then `induced == Some(to)`).
    pub induced: Option<Square>,
}

impl RefMove {
    fn plain(to: Square) -> RefMove {
        RefMove {
            to,
            victims: Vec::new(),
            castle_partner: None,
            ep_victim: None,
            unload: None,
            induced: None,
        }
    }

    /// The token of the test-vector format: `[victim,]*to[/ep-victim][^unload][&induced]`.
    pub fn token(&self) -> String {
        let mut s = String::new();
        for v in &self.victims {
            s.push_str(&square_name(*v));
            s.push(',');
        }
        s.push_str(&square_name(self.to));
        if let Some(v) = self.ep_victim {
            s.push('/');
            s.push_str(&square_name(v));
        }
        if let Some(u) = self.unload {
            s.push('^');
            s.push_str(&square_name(u));
        }
        if let Some(x) = self.induced {
            s.push('&');
            s.push_str(&square_name(x));
        }
        s
    }
}

/// `(0, 0)` → `"a1"`.
pub fn square_name(sq: Square) -> String {
    let file = u8::try_from(sq.0)
        .ok()
        .filter(|&f| f < 26)
        .map(|f| (b'a' + f) as char)
        .unwrap_or('?');
    format!("{file}{}", sq.1.saturating_add(1))
}

/// `"a1"` → `(0, 0)`.
pub fn parse_square(s: &str) -> Option<Square> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let rank: i32 = chars.as_str().parse().ok()?;
    if rank < 1 {
        return None;
    }
    Some((i32::from(f as u8 - b'a'), rank - 1))
}

/// All moves of the piece on `from` described by `d` (White's view).
pub fn reference_moves(d: &Descriptor, board: &RefBoard, from: Square) -> BTreeSet<RefMove> {
    let mut r = Ref {
        board,
        from,
        lifted: from,
        virgin: matches!(board.get(from), Cell::Friend { virgin: true, .. }),
        out: BTreeSet::new(),
        expansions: 0,
    };
    if board.on_board(from) && board.get(from) != Cell::Off {
        r.descriptor(d, 0);
    }
    r.out
}

struct Ref<'a> {
    board: &'a RefBoard,
    from: Square,
    /// The square of the piece that is moving and so counts as empty: the mover, or after
    /// an induction (`x`) the relayed friend (the mover then stays where it is).
    lifted: Square,
    virgin: bool,
    out: BTreeSet<RefMove>,
    expansions: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Occ {
    Empty,
    Hole,
    Friend(bool),
    Enemy(bool),
}

impl Occ {
    fn occupied(self) -> bool {
        !matches!(self, Occ::Empty)
    }
}

/// One leg of a flattened term.
struct RLeg<'a> {
    geo: Geometry,
    range: u8,
    exact: bool,
    modality: &'a Modality,
    dirs: &'a [DirToken],
    straightest: bool,
    may_end: bool,
}

/// What a walk is allowed to do, for one leg in one direction.
#[derive(Clone, Copy)]
struct Walk {
    v: (i32, i32),
    /// 0 = unlimited.
    range: u32,
    /// Required number of steps (exact range and/or iso).
    len: Option<u32>,
    len2: Option<u32>,
    skip_first: u32,
    lame: bool,
    jump: bool,
    wrap: bool,
}

/// The path so far.
#[derive(Clone, Default)]
struct Path {
    victims: Vec<Square>,
    unload: Option<Square>,
    induced: Option<Square>,
}

#[derive(Clone, Copy)]
struct Prev {
    slot: u8,
    vec: (i32, i32),
    bend: u8,
    toggled: bool,
    last_slide: Option<u32>,
}

const MAX_NESTING: usize = 32;
const MAX_EXPANSIONS: usize = 4096;
/// Terms with more legs are ignored (the compiler rejects them).
const MAX_LEGS: usize = 256;

impl<'a> Ref<'a> {
    fn occ(&self, sq: Square) -> Occ {
        if !self.board.on_board(sq) {
            return Occ::Hole;
        }
        if sq == self.lifted {
            return Occ::Empty;
        }
        match self.board.get(sq) {
            Cell::Off => Occ::Hole,
            Cell::Empty => Occ::Empty,
            Cell::Friend { royal, .. } => Occ::Friend(royal),
            Cell::Enemy { royal, .. } => Occ::Enemy(royal),
        }
    }

    fn descriptor(&mut self, d: &Descriptor, nesting: usize) {
        for term in &d.terms {
            match term {
                Term::Simple(s) => self.simple(s),
                Term::Bracket(b) => self.bracket(b),
                Term::Repeat(rep) => {
                    if nesting >= MAX_NESTING {
                        continue;
                    }
                    let cap = self.board.files.max(self.board.ranks).clamp(0, 255) as usize;
                    for k in 0..=cap {
                        self.expansions += 1;
                        if self.expansions > MAX_EXPANSIONS {
                            return;
                        }
                        if let Ok(sub) = parse_internal(&rep.expansion(k), nesting + 1) {
                            self.descriptor(&sub, nesting + 1);
                        }
                    }
                }
            }
        }
    }

    /// `i` / `ii` on the first leg.
    fn initial_ok(&self, m: &Modality) -> bool {
        match m.i {
            0 => true,
            1 => self.virgin,
            _ => self.board.mover_ahead,
        }
    }

    fn simple(&mut self, s: &Simple) {
        let Some(leg0) = s.legs.first() else { return };
        if !self.initial_ok(&leg0.modality) {
            return;
        }
        let geo = s.geometry();
        match geo {
            Geometry::Castle => return self.castle(s),
            Geometry::Teleport => return self.teleport(&leg0.modality),
            Geometry::Imitate => return,
            _ => {}
        }
        if let Some(crook) = leg0.crook {
            return self.crooked(s, crook);
        }
        let legs: Vec<RLeg> = s
            .legs
            .iter()
            .map(|l| RLeg {
                geo,
                range: s.range,
                exact: s.exact,
                modality: &l.modality,
                dirs: &l.dirs,
                straightest: false,
                may_end: false,
            })
            .collect();
        self.explore(&legs, 0, self.from, None, Path::default());
    }

    fn bracket(&mut self, b: &Bracket) {
        let mut legs = Vec::new();
        for (e_idx, e) in b.elems.iter().enumerate() {
            let n = e.legs.len();
            for (k, l) in e.legs.iter().enumerate() {
                legs.push(RLeg {
                    geo: e.geometry(),
                    range: e.range,
                    exact: e.exact,
                    modality: &l.modality,
                    dirs: &l.dirs,
                    straightest: e_idx > 0 && k == 0 && l.dirs.is_empty(),
                    may_end: k + 1 == n && b.seps.get(e_idx) == Some(&Sep::MayEnd),
                });
            }
        }
        let Some(first) = legs.first() else { return };
        if !self.initial_ok(first.modality) {
            return;
        }
        self.explore(&legs, 0, self.from, None, Path::default());
    }

    /// Leg `i` of a path, starting on `pos`.
    fn explore(&mut self, legs: &[RLeg], i: usize, pos: Square, prev: Option<Prev>, path: Path) {
        // Same limit as the compiler (which rejects such terms).
        if legs.len() > MAX_LEGS {
            return;
        }
        let Some(leg) = legs.get(i) else { return };
        let last = i + 1 == legs.len();
        let m = leg.modality;
        // Directions: (absolute slot, turn relative to the previous leg).
        let dirs: Vec<(u8, u8)> = match prev {
            _ if leg.geo == Geometry::Null => vec![(0, 0)],
            None => slots(first_leg_set(leg.geo.system(), leg.dirs))
                .map(|s| (s, 0))
                .collect(),
            Some(p) if leg.straightest => slots(straightest(leg.geo, p.vec))
                .map(|s| (s, (s + 8 - p.slot) % 8))
                .collect(),
            Some(p) => slots(continuation_set(leg.dirs, leg.geo.eight_fold(), p.bend))
                .map(|r| ((p.slot + r) % 8, r))
                .collect(),
        };
        // g / y earlier in the path toggle the range (leaper <-> slider).
        let toggled = prev.is_some_and(|p| p.toggled);
        let range: u32 = match (toggled, leg.range) {
            (false, r) => u32::from(r),
            (true, 1) => 0,
            (true, _) => 1,
        };
        let exact = leg.exact && !toggled;
        // `i` on a later leg: as many steps as the latest earlier sliding leg.
        let iso = if i > 0 && m.i > 0 {
            prev.and_then(|p| p.last_slide)
        } else {
            None
        };
        let mut here = path;
        if m.u {
            here.unload = Some(pos);
        }
        for (slot, bend) in dirs {
            let v = if leg.geo == Geometry::Null {
                (0, 0)
            } else {
                slot_vector(leg.geo, slot)
            };
            let unit = v.0.abs().max(v.1.abs()) <= 1;
            let walk = Walk {
                v,
                range,
                len: if exact { Some(range) } else { None },
                len2: iso,
                skip_first: if unit { u32::from(m.j) } else { 0 },
                lame: m.n && !unit,
                jump: m.j > 0 && !unit,
                wrap: m.o,
            };
            if last || leg.may_end {
                for (to, kind) in self.destinations(pos, &walk, m) {
                    self.emit(to, kind, &here);
                }
            }
            if !last {
                for (stop, steps, role) in self.stops(pos, &walk, m) {
                    let mut next = here.clone();
                    match role {
                        Role::Pass | Role::Hop => {}
                        Role::Capture => next.victims.push(stop),
                        Role::Induce => next.induced = Some(stop),
                    }
                    let p = Prev {
                        slot,
                        vec: v,
                        bend,
                        toggled: toggled ^ (m.g || m.y),
                        last_slide: if range != 1 {
                            Some(steps)
                        } else {
                            prev.and_then(|p| p.last_slide)
                        },
                    };
                    let lifted = self.lifted;
                    if let Role::Induce = role {
                        self.lifted = stop;
                    }
                    self.explore(legs, i + 1, stop, Some(p), next);
                    self.lifted = lifted;
                }
            }
        }
    }

    fn emit(&mut self, to: Square, kind: Dest, path: &Path) {
        let mut mv = RefMove::plain(to);
        mv.victims = path.victims.clone();
        // Only a captured piece can be unloaded: a move to an empty square unloads nothing.
        let captures = to != self.lifted
            && matches!(self.board.get(to), Cell::Friend { .. } | Cell::Enemy { .. });
        mv.unload = path.unload.filter(|_| captures);
        mv.induced = path.induced;
        match kind {
            Dest::Plain => {}
            // An e.p. capture ends a path without locust victims (a move removes at most
            // one piece by e.p., and fairyboard's moves carry it in place of victims).
            Dest::Ep(_) if !path.victims.is_empty() => return,
            Dest::Ep(v) => mv.ep_victim = Some(v),
            // Final-leg `x` (move borrowing) is not generated (see the crate's Decisions).
            Dest::Induce => return,
        }
        self.out.insert(mv);
    }

    /// The squares a walk visits: `(previous square, square, steps taken)`.
    fn walk(&self, start: Square, w: &Walk) -> Vec<(Square, Square, u32)> {
        let mut out = Vec::new();
        let area = u32::try_from(self.board.files.saturating_mul(self.board.ranks).max(1))
            .unwrap_or(u32::MAX);
        let limit = if w.range == 0 { area + 1 } else { w.range };
        let mut pos = start;
        let mut k = 0u32;
        while k < limit {
            k += 1;
            let (Some(mut x), Some(y)) = (pos.0.checked_add(w.v.0), pos.1.checked_add(w.v.1))
            else {
                break;
            };
            if y < 0 || y >= self.board.ranks {
                break;
            }
            if x < 0 || x >= self.board.files {
                if !w.wrap || self.board.files == 0 {
                    break;
                }
                x = x.rem_euclid(self.board.files);
            }
            let next = (x, y);
            if next == start && w.v != (0, 0) {
                break;
            }
            out.push((pos, next, k));
            pos = next;
        }
        out
    }

    /// The lameness test of a long step from `prev`: true when the step may be taken.
    fn mid_ok(&self, prev: Square, w: &Walk) -> bool {
        if !(w.lame || w.jump) {
            return true;
        }
        let mut mid = (
            prev.0.saturating_add(w.v.0 / 2),
            prev.1.saturating_add(w.v.1 / 2),
        );
        if w.wrap && self.board.files > 0 {
            mid.0 = mid.0.rem_euclid(self.board.files);
        }
        let occupied = self.occ(mid).occupied();
        if occupied {
            !w.lame
        } else {
            !w.jump
        }
    }

    fn len_ok(w: &Walk, k: u32) -> bool {
        w.len.is_none_or(|n| n == k) && w.len2.is_none_or(|n| n == k)
    }

    fn may_capture(m: &Modality, royal: bool, final_leg: bool) -> bool {
        let capture = m.c || m.k || (final_leg && !(m.m || m.c || m.d || m.e || m.x || m.k));
        let royal_only = m.k && !m.c;
        let non_royal = (m.k && m.c) || (final_leg && m.t);
        capture && (if royal { !non_royal } else { !royal_only })
    }

    /// Destinations of a final leg.
    fn destinations(&self, start: Square, w: &Walk, m: &Modality) -> Vec<(Square, Dest)> {
        let mut out = Vec::new();
        let given = m.m || m.c || m.d || m.e || m.x || m.k;
        let can_move = m.m || !given;
        let hopper = m.p || m.g;
        let mut hopped = false;
        let mut grass_last = false;
        for (prev, sq, k) in self.walk(start, w) {
            let occ = self.occ(sq);
            if occ == Occ::Hole {
                break;
            }
            if k <= w.skip_first {
                continue;
            }
            if !self.mid_ok(prev, w) {
                break;
            }
            if hopper && !hopped {
                match occ {
                    Occ::Empty => continue,
                    Occ::Enemy(_) if m.t => break,
                    _ => {
                        hopped = true;
                        grass_last = m.g;
                        continue;
                    }
                }
            }
            if Self::len_ok(w, k) {
                match occ {
                    Occ::Empty => {
                        if can_move {
                            out.push((sq, Dest::Plain));
                        }
                        if m.e {
                            if let Some(ep) = &self.board.ep {
                                if ep.squares.contains(&sq) {
                                    out.push((sq, Dest::Ep(ep.victim)));
                                }
                            }
                        }
                    }
                    Occ::Enemy(royal) => {
                        if Self::may_capture(m, royal, true) {
                            out.push((sq, Dest::Plain));
                        }
                    }
                    Occ::Friend(_) => {
                        if m.d {
                            out.push((sq, Dest::Plain));
                        }
                        if m.x {
                            out.push((sq, Dest::Induce));
                        }
                    }
                    Occ::Hole => {}
                }
            }
            if occ.occupied() || grass_last {
                break;
            }
        }
        out
    }

    /// Stops of a non-final leg: `(square, steps taken, what happens there)`.
    fn stops(&self, start: Square, w: &Walk, m: &Modality) -> Vec<(Square, u32, Role)> {
        let mut out = Vec::new();
        let given = m.m || m.c || m.d || m.e || m.x || m.k || m.p || m.g || m.y;
        let stop_empty = m.m || m.y || !given;
        let hop = m.p || m.g;
        for (prev, sq, k) in self.walk(start, w) {
            let occ = self.occ(sq);
            if occ == Occ::Hole {
                break;
            }
            if k <= w.skip_first {
                continue;
            }
            if !self.mid_ok(prev, w) {
                break;
            }
            let ok = Self::len_ok(w, k);
            match occ {
                Occ::Empty => {
                    if ok && stop_empty {
                        out.push((sq, k, Role::Pass));
                    }
                    continue;
                }
                // One role per stop: capture/destroy, else induce, else hop.
                Occ::Enemy(royal) => {
                    if ok && Self::may_capture(m, royal, false) {
                        out.push((sq, k, Role::Capture));
                    } else if ok && hop && !m.t {
                        out.push((sq, k, Role::Hop));
                    }
                }
                Occ::Friend(_) => {
                    if ok && m.d {
                        out.push((sq, k, Role::Capture));
                    } else if ok && m.x {
                        out.push((sq, k, Role::Induce));
                    } else if ok && hop {
                        out.push((sq, k, Role::Hop));
                    }
                }
                Occ::Hole => {}
            }
            break;
        }
        out
    }

    fn castle(&mut self, s: &Simple) {
        let Some(leg) = s.legs.first() else { return };
        let set = first_leg_set(crate::ast::System::Orthogonal, &leg.dirs);
        let n = i32::from(s.range);
        let skip = i32::from(leg.modality.j);
        for (slot, dx) in [(2u8, 1i32), (6, -1)] {
            if set & (1 << slot) == 0 {
                continue;
            }
            // Walk over empty squares to the first piece.
            let mut dist: i32 = 0;
            let partner = loop {
                dist = dist.saturating_add(1);
                let sq = (self.from.0.saturating_add(dx * dist), self.from.1);
                match self.occ(sq) {
                    Occ::Empty => continue,
                    Occ::Hole => break None,
                    _ => break Some(sq),
                }
            };
            let Some(p) = partner else { continue };
            if !matches!(self.board.get(p), Cell::Friend { virgin: true, .. }) {
                continue;
            }
            // Squares beyond the partner up to the edge (or a hole).
            let mut beyond = 0;
            while self.occ((p.0.saturating_add(dx * (beyond + 1)), p.1)) != Occ::Hole
                && beyond <= self.board.files
            {
                beyond += 1;
            }
            if beyond != skip || n >= dist || n < 1 {
                continue;
            }
            let to = (self.from.0.saturating_add(dx * n), self.from.1);
            let partner_to = (self.from.0.saturating_add(dx * (n - 1)), self.from.1);
            let mut mv = RefMove::plain(to);
            mv.castle_partner = Some((p, partner_to));
            self.out.insert(mv);
        }
    }

    fn teleport(&mut self, m: &Modality) {
        for y in 0..self.board.ranks {
            for x in 0..self.board.files {
                let sq = (x, y);
                if sq == self.from {
                    continue;
                }
                let given = m.m || m.c || m.d || m.e || m.x || m.k;
                match self.occ(sq) {
                    Occ::Hole => {}
                    Occ::Empty => {
                        if m.m || !given {
                            self.emit(sq, Dest::Plain, &Path::default());
                        }
                        if m.e {
                            if let Some(ep) = &self.board.ep {
                                if ep.squares.contains(&sq) {
                                    let v = ep.victim;
                                    self.emit(sq, Dest::Ep(v), &Path::default());
                                }
                            }
                        }
                    }
                    Occ::Enemy(royal) => {
                        if Self::may_capture(m, royal, true) {
                            self.emit(sq, Dest::Plain, &Path::default());
                        }
                    }
                    Occ::Friend(_) => {
                        if m.d {
                            self.emit(sq, Dest::Plain, &Path::default());
                        }
                        if m.x {
                            self.emit(sq, Dest::Induce, &Path::default());
                        }
                    }
                }
            }
        }
    }

    /// Crooked (`z`, zig-zag turning 90° alternately) and circular (`q`, turning one member
    /// to the same side each step) paths: every square of the path is a destination.
    fn crooked(&mut self, s: &Simple, crook: Crook) {
        let Some(leg) = s.legs.first() else { return };
        let m = &leg.modality;
        let geo = s.geometry();
        let turn: u8 = match crook {
            Crook::Zigzag => 2,
            Crook::Circular if geo.eight_fold() => 1,
            Crook::Circular => 2,
        };
        let mut cap: u32 = if s.range >= 2 {
            u32::from(s.range)
        } else {
            u32::MAX
        };
        if crook == Crook::Circular {
            cap = cap.min(u32::from(8 / turn) - 1);
        }
        let guard = u32::try_from(self.board.files.saturating_mul(self.board.ranks).max(1))
            .unwrap_or(u32::MAX)
            .saturating_mul(2);
        let walk = Walk {
            v: (0, 0),
            range: 1,
            len: None,
            len2: None,
            skip_first: 0,
            lame: false,
            jump: false,
            wrap: false,
        };
        for s0 in slots(first_leg_set(geo.system(), &leg.dirs)) {
            for t in [turn, 8 - turn] {
                let mut pos = self.from;
                let mut k: u32 = 0;
                while k < cap && k < guard {
                    k += 1;
                    let slot = match crook {
                        Crook::Zigzag if k.is_multiple_of(2) => (s0 + t) % 8,
                        Crook::Zigzag => s0,
                        Crook::Circular => ((u32::from(s0) + u32::from(t) * (k - 1)) % 8) as u8,
                    };
                    let v = slot_vector(geo, slot);
                    let step = Walk { v, ..walk };
                    let dests = self.destinations(pos, &step, m);
                    for (to, kind) in dests {
                        self.emit(to, kind, &Path::default());
                    }
                    let next = (pos.0.saturating_add(v.0), pos.1.saturating_add(v.1));
                    if self.occ(next) != Occ::Empty {
                        break;
                    }
                    pos = next;
                }
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dest {
    Plain,
    Ep(Square),
    Induce,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// An empty square.
    Pass,
    /// A piece removed (enemy with `c`, friend with `d`).
    Capture,
    /// A piece hopped (stays).
    Hop,
    /// A friend induced (`x`).
    Induce,
}
