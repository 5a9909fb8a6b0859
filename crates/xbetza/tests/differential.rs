//! Differential test: a straightforward interpreter of the compiled [`Program`] (written from
//! the contract in `program.rs`, sharing no code with the reference interpreter) must find
//! exactly the moves of `reference_moves` on random positions and random descriptors.

use std::collections::BTreeSet;

use xbetza::{
    compile, parse, reference_moves, Cell, CompileOptions, Flags, Kind, Program, Record, RefBoard,
    RefMove, Square,
};

// ---------------------------------------------------------------------------------------------
// A tiny deterministic RNG.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

// ---------------------------------------------------------------------------------------------
// Contract interpreter.

#[derive(Clone, Copy, Default)]
struct Frame {
    leg_start: Square,
    sq: Square,
    steps: u32,
    ended: bool,
    victim: Option<Square>,
    induced: Option<Square>,
    rec: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Occ {
    Empty,
    Hole,
    Friend(bool),
    Enemy(bool),
}

struct Machine<'a> {
    b: &'a RefBoard,
    from: Square,
}

impl Machine<'_> {
    fn occ(&self, sq: Square) -> Occ {
        if !self.b.on_board(sq) {
            return Occ::Hole;
        }
        if sq == self.from {
            return Occ::Empty;
        }
        match self.b.get(sq) {
            Cell::Off => Occ::Hole,
            Cell::Empty => Occ::Empty,
            Cell::Friend { royal, .. } => Occ::Friend(royal),
            Cell::Enemy { royal, .. } => Occ::Enemy(royal),
        }
    }

    /// One step of a walk; `None` when the walk ends (edge, back at the leg start on a cylinder).
    fn step(&self, r: &Record, leg_start: Square, pos: Square) -> Option<Square> {
        let (dx, dy) = (i32::from(r.step.dx), i32::from(r.step.dy));
        let mut x = pos.0 + dx;
        let y = pos.1 + dy;
        if y < 0 || y >= self.b.ranks {
            return None;
        }
        if x < 0 || x >= self.b.files {
            if !r.flags.contains(Flags::WRAP) {
                return None;
            }
            x = x.rem_euclid(self.b.files);
        }
        if (x, y) == leg_start && (dx, dy) != (0, 0) {
            return None;
        }
        Some((x, y))
    }

    fn mid_ok(&self, r: &Record, prev: Square) -> bool {
        let (dx, dy) = (i32::from(r.step.dx), i32::from(r.step.dy));
        if dx.abs().max(dy.abs()) <= 1 {
            return true;
        }
        let mut mid = (prev.0 + dx / 2, prev.1 + dy / 2);
        if r.flags.contains(Flags::WRAP) {
            mid.0 = mid.0.rem_euclid(self.b.files);
        }
        let occupied = self.occ(mid) != Occ::Empty;
        if occupied {
            !r.flags.contains(Flags::LAME)
        } else {
            !r.flags.contains(Flags::JUMP)
        }
    }

    fn royal_ok(r: &Record, royal: bool) -> bool {
        if r.flags.contains(Flags::ROYAL_ONLY) && !royal {
            return false;
        }
        !(r.flags.contains(Flags::NON_ROYAL) && royal)
    }

    fn limit(&self, r: &Record) -> u32 {
        if r.range == 0 {
            (self.b.files * self.b.ranks) as u32 + 1
        } else {
            u32::from(r.range)
        }
    }

    /// The next stop of a non-final leg: (square, steps, victim?, induced?, ended).
    #[allow(clippy::type_complexity)]
    fn next_stop(
        &self,
        r: &Record,
        leg_start: Square,
        mut pos: Square,
        mut k: u32,
        iso: Option<u32>,
    ) -> Option<(Square, u32, Option<Square>, Option<Square>, bool)> {
        while k < self.limit(r) {
            let prev = pos;
            pos = self.step(r, leg_start, pos)?;
            k += 1;
            let occ = self.occ(pos);
            if occ == Occ::Hole {
                return None;
            }
            if k <= u32::from(r.skip_first) {
                continue;
            }
            if !self.mid_ok(r, prev) {
                return None;
            }
            let len_ok = (!r.flags.contains(Flags::EXACT) || k == u32::from(r.range))
                && iso.is_none_or(|n| n == k);
            let f = r.flags;
            match occ {
                Occ::Empty => {
                    if len_ok && f.intersects(Flags::MOVE | Flags::Y) {
                        return Some((pos, k, None, None, false));
                    }
                }
                Occ::Enemy(royal) => {
                    if len_ok && f.contains(Flags::CAPTURE) && Self::royal_ok(r, royal) {
                        return Some((pos, k, Some(pos), None, true));
                    }
                    if len_ok && f.contains(Flags::HOP) && !f.contains(Flags::HOP_FRIEND) {
                        return Some((pos, k, None, None, true));
                    }
                    return None;
                }
                Occ::Friend(_) => {
                    if len_ok && f.contains(Flags::DESTROY) {
                        return Some((pos, k, Some(pos), None, true));
                    }
                    if len_ok && f.contains(Flags::INDUCE) {
                        return Some((pos, k, None, Some(pos), true));
                    }
                    if len_ok && f.contains(Flags::HOP) {
                        return Some((pos, k, None, None, true));
                    }
                    return None;
                }
                Occ::Hole => return None,
            }
        }
        None
    }

    fn run(&self, p: &Program) -> BTreeSet<RefMove> {
        let virgin = matches!(self.b.get(self.from), Cell::Friend { virgin: true, .. });
        let mut out = BTreeSet::new();
        let mut st = vec![Frame::default(); p.legs().max(1)];
        let mut i = 0;
        while let Some(r) = p.records.get(i) {
            let d = r.depth as usize;
            if d == 0 && !matches!(r.kind, Kind::Loop { .. }) {
                let bad = (r.flags.contains(Flags::INITIAL) && !virgin)
                    || (r.flags.contains(Flags::INITIAL_AHEAD) && !self.b.mover_ahead);
                if bad {
                    i += 1 + r.skip as usize;
                    continue;
                }
            }
            let start = if d == 0 { self.from } else { st[d - 1].sq };
            match r.kind {
                Kind::Leg if !r.flags.contains(Flags::FINAL) => {
                    let iso = self.iso(p, &st, d, r);
                    match self.next_stop(r, start, start, 0, iso) {
                        Some((sq, steps, victim, induced, ended)) => {
                            st[d] = Frame {
                                leg_start: start,
                                sq,
                                steps,
                                ended,
                                victim,
                                induced,
                                rec: i,
                            };
                            i += 1;
                        }
                        None => i += 1 + r.skip as usize,
                    }
                }
                Kind::Leg => {
                    let iso = self.iso(p, &st, d, r);
                    self.final_leg(p, &st, d, r, start, iso, &mut out);
                    i += 1;
                }
                Kind::Loop { target } => {
                    let t = target as usize;
                    let fr = st[d];
                    let Some(tr) = p.records.get(t) else {
                        i += 1;
                        continue;
                    };
                    let iso = self.iso(p, &st, d, tr);
                    let next = if fr.ended {
                        None
                    } else {
                        self.next_stop(tr, fr.leg_start, fr.sq, fr.steps, iso)
                    };
                    match next {
                        Some((sq, steps, victim, induced, ended)) => {
                            st[d] = Frame {
                                sq,
                                steps,
                                ended,
                                victim,
                                induced,
                                ..fr
                            };
                            i = t + 1;
                        }
                        None => i += 1,
                    }
                }
                Kind::Castle => {
                    self.castle(r, &mut out);
                    i += 1;
                }
                Kind::Teleport => {
                    for y in 0..self.b.ranks {
                        for x in 0..self.b.files {
                            if (x, y) != self.from {
                                self.dest(r, (x, y), &[], None, None, &mut out);
                            }
                        }
                    }
                    i += 1;
                }
                Kind::Imitate => i += 1,
            }
        }
        out
    }

    fn iso(&self, p: &Program, st: &[Frame], d: usize, r: &Record) -> Option<u32> {
        if !r.flags.contains(Flags::ISO) {
            return None;
        }
        (0..d)
            .rev()
            .find(|&e| p.records.get(st[e].rec).is_some_and(|x| x.range != 1))
            .map(|e| st[e].steps)
    }

    #[allow(clippy::too_many_arguments)]
    fn final_leg(
        &self,
        p: &Program,
        st: &[Frame],
        d: usize,
        r: &Record,
        start: Square,
        iso: Option<u32>,
        out: &mut BTreeSet<RefMove>,
    ) {
        let victims: Vec<Square> = st[..d].iter().filter_map(|f| f.victim).collect();
        let induced = st[..d].iter().rev().find_map(|f| f.induced);
        let mut unload = None;
        for f in &st[..d] {
            if p.records[f.rec].flags.contains(Flags::UNLOAD) {
                unload = Some(f.leg_start);
            }
        }
        if r.flags.contains(Flags::UNLOAD) {
            unload = Some(start);
        }
        let hopper = r.flags.intersects(Flags::HOP | Flags::GRASS);
        let mut hopped = false;
        let mut grass_last = false;
        let mut pos = start;
        let mut k = 0;
        while k < self.limit(r) {
            let prev = pos;
            let Some(next) = self.step(r, start, pos) else {
                break;
            };
            pos = next;
            k += 1;
            let occ = self.occ(pos);
            if occ == Occ::Hole {
                break;
            }
            if k <= u32::from(r.skip_first) {
                continue;
            }
            if !self.mid_ok(r, prev) {
                break;
            }
            if hopper && !hopped {
                if occ == Occ::Empty {
                    continue;
                }
                if matches!(occ, Occ::Enemy(_)) && r.flags.contains(Flags::HOP_FRIEND) {
                    break;
                }
                hopped = true;
                grass_last = r.flags.contains(Flags::GRASS);
                continue;
            }
            let len_ok = (!r.flags.contains(Flags::EXACT) || k == u32::from(r.range))
                && iso.is_none_or(|n| n == k);
            if len_ok {
                self.dest(r, pos, &victims, unload, induced, out);
            }
            if occ != Occ::Empty || grass_last {
                break;
            }
        }
    }

    fn dest(
        &self,
        r: &Record,
        to: Square,
        victims: &[Square],
        unload: Option<Square>,
        induced: Option<Square>,
        out: &mut BTreeSet<RefMove>,
    ) {
        let mv = |ep: Option<Square>, ind: Option<Square>| RefMove {
            to,
            victims: victims.to_vec(),
            castle_partner: None,
            ep_victim: ep,
            unload,
            induced: ind,
        };
        match self.occ(to) {
            Occ::Hole => {}
            Occ::Empty => {
                if r.flags.contains(Flags::MOVE) {
                    out.insert(mv(None, induced));
                }
                if r.flags.contains(Flags::EP) {
                    if let Some(ep) = &self.b.ep {
                        if ep.squares.contains(&to) {
                            out.insert(mv(Some(ep.victim), induced));
                        }
                    }
                }
            }
            Occ::Enemy(royal) => {
                if r.flags.contains(Flags::CAPTURE) && Self::royal_ok(r, royal) {
                    out.insert(mv(None, induced));
                }
            }
            Occ::Friend(_) => {
                if r.flags.contains(Flags::DESTROY) {
                    out.insert(mv(None, induced));
                }
                if r.flags.contains(Flags::INDUCE) {
                    out.insert(mv(None, Some(to)));
                }
            }
        }
    }

    fn castle(&self, r: &Record, out: &mut BTreeSet<RefMove>) {
        let dx = i32::from(r.step.dx);
        let mut dist = 0;
        let partner = loop {
            dist += 1;
            let sq = (self.from.0 + dx * dist, self.from.1);
            match self.occ(sq) {
                Occ::Empty => {}
                Occ::Hole => break None,
                _ => break Some(sq),
            }
        };
        let Some(p) = partner else { return };
        if !matches!(self.b.get(p), Cell::Friend { virgin: true, .. }) {
            return;
        }
        let mut beyond = 0;
        loop {
            let sq = (p.0 + dx * (beyond + 1), p.1);
            if self.occ(sq) == Occ::Hole {
                break;
            }
            beyond += 1;
        }
        let n = i32::from(r.range);
        if beyond != i32::from(r.skip_first) || n >= dist || n < 1 {
            return;
        }
        out.insert(RefMove {
            to: (self.from.0 + dx * n, self.from.1),
            victims: vec![],
            castle_partner: Some((p, (self.from.0 + dx * (n - 1), self.from.1))),
            ep_victim: None,
            unload: None,
            induced: None,
        });
    }
}

fn interp(p: &Program, b: &RefBoard, from: Square) -> BTreeSet<RefMove> {
    Machine { b, from }.run(p)
}

// ---------------------------------------------------------------------------------------------
// Random descriptors and positions.

const ATOMS: &[&str] = &[
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "Q", "R", "B", "(1,3)", "FX", "NY",
];
const RANGES: &[&str] = &["", "", "", "", "0", "2", "3", "03", "02", "1"];
const DIRS_FIRST: &[&str] = &[
    "", "", "", "f", "b", "l", "r", "v", "s", "fs", "bs", "fr", "rf", "fl", "lv", "fh", "ff", "hr",
    "hl", "ffrr", "bh",
];
const DIRS_CONT: &[&str] = &[
    "", "", "", "f", "b", "l", "r", "v", "s", "fs", "bs", "fr", "fl", "rv", "z", "q", "fz", "fq",
    "fzf", "bz",
];
const MODS: &[&str] = &[
    "", "", "", "m", "c", "mc", "d", "cd", "p", "g", "y", "n", "j", "jj", "i", "t", "tp", "mp",
    "x", "u", "k", "ck", "e", "o", "ce", "mn",
];

fn gen_simple(rng: &mut Rng) -> String {
    let atom = rng.pick(ATOMS);
    let legs = 1 + rng.below(3);
    let mut s = String::new();
    for k in 0..legs {
        if k > 0 {
            s.push('a');
            s.push_str(rng.pick(DIRS_CONT));
        } else {
            s.push_str(rng.pick(DIRS_FIRST));
        }
        s.push_str(rng.pick(MODS));
        if rng.chance(15) {
            s.push_str(rng.pick(MODS));
        }
    }
    s.push_str(atom);
    if !atom.starts_with('(') && rng.chance(10) && !atom.ends_with('X') && !atom.ends_with('Y') {
        s.push_str(atom);
    } else {
        s.push_str(rng.pick(RANGES));
    }
    s
}

fn gen_term(rng: &mut Rng) -> String {
    match rng.below(20) {
        0 => format!(
            "[{}{}{}]",
            gen_simple(rng),
            rng.pick(&["-", "?"]),
            gen_simple(rng)
        ),
        1 => format!(
            "[{}-{}?{}]",
            gen_simple(rng),
            gen_simple(rng),
            gen_simple(rng)
        ),
        2 => rng
            .pick(&[
                "zB", "qN", "zR", "zW3", "fzB", "czB", "qW", "qK", "zN", "mqF", "zQ", "zB2",
            ])
            .to_string(),
        3 => rng
            .pick(&[
                "isO2",
                "O",
                "KisO2",
                "ljsO2",
                "rO1",
                "sO3",
                "U",
                "mU",
                "cU",
                "I",
                "mO",
                "isO2",
                "KisO2",
                "fmWfceF",
                "fceFifmnD",
                "eQ",
                "mceK",
            ])
            .to_string(),
        4 => rng
            .pick(&["afs(afz)W", "(afK)", "m(af)W", "fm(afm)R2", "(afsaf)F"])
            .to_string(),
        _ => gen_simple(rng),
    }
}

fn gen_descriptor(rng: &mut Rng) -> String {
    let n = 1 + rng.below(3);
    (0..n).map(|_| gen_term(rng)).collect()
}

fn gen_board(rng: &mut Rng) -> (RefBoard, Square) {
    let files = 5 + rng.below(6) as i32;
    let ranks = 5 + rng.below(6) as i32;
    let mut b = RefBoard::new(files, ranks);
    let density = 5 + rng.below(40);
    for y in 0..ranks {
        for x in 0..files {
            if rng.below(100) < density {
                let royal = rng.chance(10);
                let virgin = rng.chance(50);
                let cell = match rng.below(9) {
                    0 => Cell::Off,
                    1..=4 => Cell::Friend { royal, virgin },
                    _ => Cell::Enemy { royal, virgin },
                };
                b.set((x, y), cell);
            }
        }
    }
    let from = (
        rng.below(files as usize) as i32,
        rng.below(ranks as usize) as i32,
    );
    b.set(
        from,
        Cell::Friend {
            royal: false,
            virgin: rng.chance(60),
        },
    );
    if rng.chance(25) {
        let e1 = if rng.chance(50) {
            // diagonally in front of the mover, where pawns capture
            let dx = if rng.chance(50) { 1 } else { -1 };
            (
                (from.0 + dx).clamp(0, files - 1),
                (from.1 + 1).clamp(0, ranks - 1),
            )
        } else {
            (
                rng.below(files as usize) as i32,
                rng.below(ranks as usize) as i32,
            )
        };
        let e2 = (e1.0, (e1.1 + 1).min(ranks - 1));
        let victim = (e1.0, (e1.1 - 1).max(0));
        if b.get(e1) == Cell::Empty && e1 != from {
            b.ep = Some(xbetza::EpInfo {
                squares: vec![e1, e2],
                victim,
            });
        }
    }
    b.mover_ahead = rng.chance(30);
    // Castling partners on the mover's rank now and then, often with a clear lane.
    if rng.chance(20) {
        if rng.chance(60) {
            for x in 1..files - 1 {
                if x != from.0 {
                    b.set((x, from.1), Cell::Empty);
                }
            }
        }
        b.set(
            (0, from.1),
            Cell::Friend {
                royal: false,
                virgin: true,
            },
        );
        b.set(
            (files - 1, from.1),
            Cell::Friend {
                royal: false,
                virgin: true,
            },
        );
    }
    (b, from)
}

#[derive(Default, Debug)]
struct Coverage {
    nonempty: usize,
    victims: usize,
    castles: usize,
    ep: usize,
    unload: usize,
    induced: usize,
}

fn check(desc: &str, b: &RefBoard, from: Square) -> Result<(), String> {
    check_cov(desc, b, from, &mut Coverage::default())
}

fn check_cov(desc: &str, b: &RefBoard, from: Square, cov: &mut Coverage) -> Result<(), String> {
    let Ok(d) = parse(desc) else { return Ok(()) };
    let side = b.files.max(b.ranks) as u8;
    let p = match compile(&d, &CompileOptions { max_range: side }) {
        Ok(p) => p,
        // Size limits of the record format (pathological repetition groups).
        Err(e) if e.reason.starts_with("more than") => return Ok(()),
        Err(e) => return Err(format!("{desc}: compile error {e}")),
    };
    let want = reference_moves(&d, b, from);
    let got = interp(&p, b, from);
    cov.nonempty += usize::from(!want.is_empty());
    cov.victims += usize::from(want.iter().any(|m| !m.victims.is_empty()));
    cov.castles += usize::from(want.iter().any(|m| m.castle_partner.is_some()));
    cov.ep += usize::from(want.iter().any(|m| m.ep_victim.is_some()));
    cov.unload += usize::from(want.iter().any(|m| m.unload.is_some()));
    cov.induced += usize::from(want.iter().any(|m| m.induced.is_some()));
    if want != got {
        let missing: Vec<_> = want.difference(&got).map(RefMove::token).collect();
        let extra: Vec<_> = got.difference(&want).map(RefMove::token).collect();
        return Err(format!(
            "{desc} from {from:?} on {}x{}: program misses {missing:?}, has extra {extra:?}\nboard: {:?}",
            b.files, b.ranks, b
        ));
    }
    Ok(())
}

#[test]
fn program_interpreter_agrees_with_reference_on_vectors() {
    let cases = xbetza::vectors::parse_vector_file(include_str!("vectors.txt")).unwrap();
    for c in cases {
        if let Err(e) = check(&c.descriptor, &c.board, c.from) {
            panic!("line {}: {e}", c.line);
        }
    }
}

#[test]
fn program_interpreter_agrees_with_reference_on_random_positions() {
    let seed = std::env::var("XBETZA_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15u64);
    let iters: usize = std::env::var("XBETZA_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4000);
    let mut rng = Rng(seed | 1);
    let mut failures = Vec::new();
    let mut parsed = 0;
    let mut cov = Coverage::default();
    for _ in 0..iters {
        let desc = gen_descriptor(&mut rng);
        let (b, from) = gen_board(&mut rng);
        if parse(&desc).is_ok() {
            parsed += 1;
        }
        if let Err(e) = check_cov(&desc, &b, from, &mut cov) {
            failures.push(e);
            if failures.len() >= 5 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        parsed * 4 > iters * 3,
        "only {parsed} random descriptors parsed"
    );
    // The generator must exercise the interesting outcomes, not just empty move lists.
    assert!(cov.nonempty * 10 > parsed * 4, "{cov:?} of {parsed}");
    let rare = [cov.victims, cov.castles, cov.ep, cov.unload, cov.induced];
    assert!(rare.iter().all(|&n| n * 400 > iters), "{cov:?} of {parsed}");
}
