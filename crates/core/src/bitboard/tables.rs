//! Building a variant's [`Tables`] once, when the variant is compiled: the board's bit
//! numbering ([`Grid`]), then per piece type and colour its leaps, pushes, slides and
//! castling records, then the per-colour summaries the generator reads at every node
//! (set-wise types, danger and e.p. sources).

use super::{
    each, Bits, PieceBits, Push, PushShift, Ray, Shift, SlideGroup, Spot, Tables, ANY, CASTLES,
    LEAPER, NONE, PUSHES, SETWISE, SETWISE_TYPES, SPECIAL,
};
use crate::coord::Coord;
use crate::variant::geometry::{Geometry, Square};
use crate::variant::{Color, Landing, Link, PieceType, Shape, Variant, OFF};
use xbetza::{Flags, Kind};

/// The board's bit numbering: bits `rank · files + file`, holes and off-board cells
/// without a bit.
struct Grid<'a> {
    geometry: &'a Geometry,
    files: i32,
    ranks: i32,
    n: usize,
    /// Per padded cell: its bit, or [`NONE`].
    bit_of: Vec<u8>,
    /// Per bit: the padded square.
    square_of: Vec<Square>,
}

impl<'a> Grid<'a> {
    fn new(v: &'a Variant) -> Grid<'a> {
        let g = &v.geometry;
        let (files, ranks) = (g.files as i32, g.ranks as i32);
        let n = (files * ranks) as usize;
        let mut bit_of = vec![NONE; g.cells];
        let mut square_of = vec![Square::NONE; n];
        for r in 0..ranks {
            for f in 0..files {
                let sq = g.square(Coord::new(f as u8, r as u8));
                let b = (r * files + f) as usize;
                square_of[b] = sq;
                if v.template[sq] != OFF {
                    bit_of[sq] = b as u8;
                }
            }
        }
        Grid {
            geometry: g,
            files,
            ranks,
            n,
            bit_of,
            square_of,
        }
    }

    /// The file and rank of bit `b`.
    fn fr(&self, b: usize) -> (i32, i32) {
        (
            (b % self.files as usize) as i32,
            (b / self.files as usize) as i32,
        )
    }

    /// The bit of (file, rank) when it is a playable square.
    fn at(&self, f: i32, r: i32) -> Option<usize> {
        (f >= 0 && r >= 0 && f < self.files && r < self.ranks)
            .then(|| self.bit_of[self.geometry.square(Coord::new(f as u8, r as u8))])
            .filter(|&b| b != NONE)
            .map(|b| b as usize)
    }

    fn on_board(&self, b: usize) -> bool {
        self.bit_of[self.square_of[b]] != NONE
    }

    /// The squares from `b` along `(dx, dy)`, at most `range` steps, cut at holes and the
    /// edge.
    fn ray<B: Bits>(&self, b: usize, dx: i32, dy: i32, range: u8) -> B {
        let (mut f, mut r) = self.fr(b);
        let mut set = B::default();
        for _ in 0..range {
            f += dx;
            r += dy;
            match self.at(f, r) {
                Some(t) => set |= B::bit(t),
                None => break,
            }
        }
        set
    }

    /// The unlimited ray along `(dx, dy)` from every bit, cut at holes and the edge. Each
    /// ray is the next square's ray plus that square, so the bits are filled from the far
    /// end of the step (one step per bit instead of a walk to the edge from each).
    fn full_rays<B: Bits>(&self, dx: i32, dy: i32) -> Vec<B> {
        let n = self.n;
        if (dx, dy) == (0, 0) {
            return (0..n).map(|b| self.ray(b, 0, 0, u8::MAX)).collect();
        }
        let mut full = vec![B::default(); n];
        // A step that stays on the board goes `dy · files + dx` bits up.
        let up = dy * self.files + dx > 0;
        for i in 0..n {
            let b = if up { n - 1 - i } else { i };
            let (f, r) = self.fr(b);
            if let Some(t) = self.at(f + dx, r + dy) {
                full[b] = B::bit(t) | full[t];
            }
        }
        full
    }

    /// The first `range` squares of `full[b]` (the unlimited rays of `(dx, dy)`): the ray
    /// of the square `range` steps away, when the ray gets there, is cut off.
    fn cut_ray<B: Bits>(&self, full: &[B], b: usize, (dx, dy): (i32, i32), range: u8) -> B {
        if (dx, dy) == (0, 0) || range == 0 {
            return self.ray(b, dx, dy, range);
        }
        let (f, r) = self.fr(b);
        let k = i32::from(range);
        match self.at(f + k * dx, r + k * dy) {
            Some(x) if !(full[b] & B::bit(x)).is_empty() => full[b] & !full[x],
            _ => full[b],
        }
    }

    /// A castling record per bit: the squares that must be empty and the partner's bit.
    /// The partner is the first piece met; it must stand `skip_first` squares in from the
    /// edge (or a hole), so its square is fixed ([`ANY`]: not known in advance).
    fn castle_line<B: Bits>(&self, l: &Link) -> Vec<(B, u8)> {
        (0..self.n)
            .map(|b| {
                if l.dead || l.flags.contains(Flags::WRAP) {
                    return (B::default(), ANY);
                }
                let (mut f, mut r) = self.fr(b);
                let mut line = Vec::new();
                while let Some(x) = self.at(f + l.dx as i32, r + l.dy as i32) {
                    line.push(x);
                    f += l.dx as i32;
                    r += l.dy as i32;
                }
                let k = line.len() as i32 - 1 - l.skip_first as i32;
                // The partner must stand beyond the royal's own step.
                if k < l.range as i32 {
                    return (B::default(), NONE);
                }
                let mut between = B::default();
                for &x in &line[..k as usize] {
                    between |= B::bit(x);
                }
                (between, line[k as usize] as u8)
            })
            .collect()
    }
}

/// The tables being filled, piece type by piece type.
struct Builder<'a, B> {
    grid: Grid<'a>,
    /// The slide directions met so far, each with `n` rays in `full`.
    dirs: Vec<(i32, i32)>,
    full: Vec<B>,
    spots: Vec<Spot<B>>,
    rays: Vec<Ray<B>>,
    groups: [Vec<SlideGroup<B>>; 2],
}

impl<B: Bits> Builder<'_, B> {
    /// What the generator reads of type `t` (`p`) for `color`, filling its spots.
    fn piece(&mut self, t: usize, p: &PieceType, color: Color) -> PieceBits<B> {
        let n = self.grid.n;
        let c = color.index();
        let base = (2 * t + c) * n;
        let mut pb = PieceBits {
            pushes: Vec::new(),
            castles: Vec::new(),
            flags: Flags::empty(),
            special: B::default(),
            shifts: Vec::new(),
            push_shifts: Vec::new(),
        };
        let mut slid = Vec::new();
        for (b, &sq) in self.grid.square_of.iter().enumerate() {
            if self.grid.on_board(b) && p.landing[c][sq] != Landing::Plain {
                pb.special |= B::bit(b);
            }
        }
        // Slides per bit, gathered first so each square's rays are contiguous.
        let mut slides: Vec<Vec<Ray<B>>> = vec![Vec::new(); n];
        for (i, l) in p.linked[c].links.iter().enumerate() {
            if l.kind == Kind::Castle {
                pb.castles.push((i, self.grid.castle_line(l)));
                continue;
            }
            pb.flags = l.flags;
            match l.shape {
                Shape::Leap | Shape::LeapM | Shape::LeapC | Shape::LeapCE => {
                    pb.shifts.push(self.leap(l, base));
                }
                Shape::Push => {
                    let (push, shift) = self.push(l);
                    pb.push_shifts.push(shift);
                    pb.pushes.push(push);
                }
                _ => slid.push(self.slide(l, t, base, &mut slides)),
            }
        }
        let extras = self.classify(t, p, c, &pb, &slid);
        for (b, list) in slides.into_iter().enumerate() {
            let spot = &mut self.spots[base + b];
            spot.first = self.rays.len() as u32;
            self.rays.extend(list);
            spot.end = self.rays.len() as u32;
            spot.extras = extras;
        }
        pb
    }

    /// A leap leg: its destinations in the spots from `base`, and the shift that moves
    /// every piece of the type at once.
    fn leap(&mut self, l: &Link, base: usize) -> Shift<B> {
        let grid = &self.grid;
        let (dx, dy) = (l.dx as i32, l.dy as i32);
        let mut from = B::default();
        for b in (0..grid.n).filter(|&b| grid.on_board(b)) {
            let (f, r) = grid.fr(b);
            let Some(to) = grid.at(f + dx, r + dy) else {
                continue;
            };
            from |= B::bit(b);
            let spot = &mut self.spots[base + b];
            if matches!(l.shape, Shape::Leap | Shape::LeapM) {
                spot.leap_move |= B::bit(to);
            }
            if l.shape != Shape::LeapM {
                spot.leap_capture |= B::bit(to);
            }
            if l.shape == Shape::LeapCE {
                spot.leap_ep |= B::bit(to);
            }
        }
        Shift {
            delta: dy * grid.files + dx,
            from,
            moves: matches!(l.shape, Shape::Leap | Shape::LeapM),
            captures: l.shape != Shape::LeapM,
        }
    }

    /// An initial lame step: per bit its destination and mid square, and as a shift.
    fn push(&self, l: &Link) -> (Push, PushShift<B>) {
        let grid = &self.grid;
        let n = grid.n;
        let (dx, dy) = (l.dx as i32, l.dy as i32);
        let mut push = Push {
            to: vec![NONE; n],
            mid: vec![NONE; n],
            ep_create: l.flags.contains(Flags::EP_CREATE),
        };
        for b in (0..n).filter(|&b| grid.on_board(b)) {
            let (f, r) = grid.fr(b);
            // The generator's mid square truncates towards zero; a mid on the piece's own
            // square is never empty.
            let (to, mid) = (grid.at(f + dx, r + dy), grid.at(f + dx / 2, r + dy / 2));
            if let (Some(to), Some(mid)) = (to, mid) {
                if mid != b {
                    push.to[b] = to as u8;
                    push.mid[b] = mid as u8;
                }
            }
        }
        let mut from = B::default();
        for b in (0..n).filter(|&b| push.to[b] != NONE) {
            from |= B::bit(b);
        }
        let shift = PushShift {
            delta: dy * grid.files + dx,
            mid: (dy / 2) * grid.files + dx / 2,
            from,
        };
        (push, shift)
    }

    /// A slide leg of type `t`: its rays per bit into `slides` (and the capturing reach
    /// into the spots from `base`), and its slide group for set-wise counting.
    fn slide(
        &mut self,
        l: &Link,
        t: usize,
        base: usize,
        slides: &mut [Vec<Ray<B>>],
    ) -> SlideGroup<B> {
        let n = self.grid.n;
        let (dx, dy) = (l.dx as i32, l.dy as i32);
        let mut from = B::default();
        for b in (0..n).filter(|&b| self.grid.on_board(b)) {
            let (f, r) = self.grid.fr(b);
            if self.grid.at(f + dx, r + dy).is_some() {
                from |= B::bit(b);
            }
        }
        let group = SlideGroup {
            delta: dy * self.grid.files + dx,
            from,
            range: l.range,
            moves: l.shape != Shape::SlideC,
            captures: l.shape != Shape::SlideM,
            types: 1u32 << t.min(31),
        };
        let dir = match self.dirs.iter().position(|&d| d == (dx, dy)) {
            Some(d) => d,
            None => {
                self.dirs.push((dx, dy));
                let rays = self.grid.full_rays::<B>(dx, dy);
                self.full.extend(rays);
                self.dirs.len() - 1
            }
        };
        let full = &self.full[dir * n..(dir + 1) * n];
        for (b, list) in slides.iter_mut().enumerate() {
            if !self.grid.on_board(b) {
                continue;
            }
            let r: B = self.grid.cut_ray(full, b, (dx, dy), l.range);
            if r.is_empty() {
                continue;
            }
            let captures = l.shape != Shape::SlideM;
            if captures {
                self.spots[base + b].reach |= r;
            }
            list.push(Ray {
                ray: r,
                full: (dir * n) as u32,
                forward: dy * self.grid.files + dx > 0,
                moves: l.shape != Shape::SlideC,
                captures,
            });
        }
        group
    }

    /// The type's extras bits; a set-wise type's slides join the colour's slide groups.
    fn classify(
        &mut self,
        t: usize,
        p: &PieceType,
        c: usize,
        pb: &PieceBits<B>,
        slid: &[SlideGroup<B>],
    ) -> u8 {
        // Pawn-like types (few leaps, no slides): all pieces of the type at once. Sliders
        // with special landings would need each target's origin: by piece. Pieces with
        // many leaps (knights, kings) are cheaper one by one (measured: set-wise knights
        // cost more instructions in chess and capablanca).
        let setwise = !p.royal
            && pb.castles.is_empty()
            && (slid.is_empty() || pb.special.is_empty())
            && pb.shifts.len() + pb.push_shifts.len() <= 4
            && t < SETWISE_TYPES;
        if setwise {
            for &g in slid {
                match self.groups[c].iter_mut().find(|h: &&mut SlideGroup<B>| {
                    (h.delta, h.range, h.moves, h.captures)
                        == (g.delta, g.range, g.moves, g.captures)
                }) {
                    Some(h) => h.types |= g.types,
                    None => self.groups[c].push(g),
                }
            }
        }
        // Plain leapers (knights): counted inline, without the per-piece closure.
        let leaper = !p.royal
            && slid.is_empty()
            && pb.pushes.is_empty()
            && pb.castles.is_empty()
            && pb.special.is_empty()
            && !p.linked[c].links.iter().any(|l| l.shape == Shape::LeapCE);
        (if pb.pushes.is_empty() { 0 } else { PUSHES })
            | (if leaper { LEAPER } else { 0 })
            | (if pb.castles.is_empty() { 0 } else { CASTLES })
            | (if pb.special.is_empty() { 0 } else { SPECIAL })
            | (if setwise { SETWISE } else { 0 })
    }
}

impl<B: Bits> Tables<B> {
    /// The tables of `v` (see [`Builder::piece`] for one type).
    pub(super) fn build(v: &Variant) -> Tables<B> {
        let grid = Grid::new(v);
        let n = grid.n;
        let mut builder = Builder {
            grid,
            dirs: Vec::new(),
            full: Vec::new(),
            spots: vec![Spot::default(); v.pieces.len() * 2 * n],
            rays: Vec::new(),
            groups: [Vec::new(), Vec::new()],
        };
        let mut pieces = Vec::with_capacity(v.pieces.len());
        for (t, p) in v.pieces.iter().enumerate() {
            let white = builder.piece(t, p, Color::White);
            let black = builder.piece(t, p, Color::Black);
            pieces.push([white, black]);
        }
        let Builder {
            grid,
            full,
            spots,
            rays,
            groups,
            ..
        } = builder;
        let setwise = setwise_types(&spots, pieces.len(), n);
        let moves_are_attacks = moves_are_attacks(&spots, &rays, pieces.len(), n);
        let (danger, ep_from) = danger_and_ep(&spots, pieces.len(), n);
        let mask = grid
            .bit_of
            .iter()
            .map(|&b| if b == NONE { 0 } else { 1u128 << b })
            .collect();
        Tables {
            mask,
            danger,
            ep_from,
            setwise,
            groups,
            n,
            bit_of: grid.bit_of,
            square_of: grid.square_of,
            full,
            spots,
            rays,
            pieces,
            moves_are_attacks,
        }
    }
}

/// Per type, per colour: whether the type's moves land exactly on the squares it attacks
/// that its own side does not hold (every leap and slide both moves and captures; no e.p.,
/// initial steps or castling), so its mobility is a count of its attack set.
fn moves_are_attacks<B: Bits>(
    spots: &[Spot<B>],
    rays: &[Ray<B>],
    types: usize,
    n: usize,
) -> Vec<[bool; 2]> {
    (0..types)
        .map(|t| {
            [0, 1].map(|c| {
                let first = (2 * t + c) * n;
                spots[first..first + n].iter().all(|s| {
                    s.leap_move == s.leap_capture
                        && s.leap_ep.is_empty()
                        && s.extras & (PUSHES | CASTLES) == 0
                        && rays[s.first as usize..s.end as usize]
                            .iter()
                            .all(|r| r.moves && r.captures)
                })
            })
        })
        .collect()
}

/// Per colour: bit `t` set when type `t` is counted set-wise.
fn setwise_types<B: Bits>(spots: &[Spot<B>], types: usize, n: usize) -> [u32; 2] {
    let mut setwise = [0u32; 2];
    for t in 0..types.min(SETWISE_TYPES) {
        for (c, set) in setwise.iter_mut().enumerate() {
            let first = (2 * t + c) * n;
            if spots[first..first + n]
                .iter()
                .any(|s| s.extras & SETWISE != 0)
            {
                *set |= 1 << t;
            }
        }
    }
    setwise
}

/// Per colour, per bit: where a piece of the colour could capture there from on an empty
/// board, and where it could capture e.p. there from.
fn danger_and_ep<B: Bits>(spots: &[Spot<B>], types: usize, n: usize) -> ([Vec<B>; 2], [Vec<B>; 2]) {
    let mut danger = [vec![B::default(); n], vec![B::default(); n]];
    let mut ep_from = [vec![B::default(); n], vec![B::default(); n]];
    for t in 0..types {
        for c in 0..2 {
            for b in 0..n {
                let spot = &spots[(2 * t + c) * n + b];
                each(spot.leap_capture | spot.reach, |x| {
                    danger[c][x] |= B::bit(b)
                });
                each(spot.leap_ep, |x| ep_from[c][x] |= B::bit(b));
            }
        }
    }
    (danger, ep_from)
}
