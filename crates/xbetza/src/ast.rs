//! The syntax tree of a move descriptor, as produced by [`crate::parse()`].
//!
//! The tree keeps what was written (atom letters, direction tokens, modality letters) so that
//! [`Descriptor`]'s `Display` can render it back; the *meaning* of the tree (direction sets,
//! default modalities, ranges) is computed by [`crate::dirs`], [`crate::compile()`] and
//! [`crate::reference`].
//!
//! Ranges are stored resolved: `R`, `W0` and `WW` all have `range == 0`; `N` and `N1` both
//! have `range == 1`. `Display` writes the shortest canonical form (`NN` comes back as
//! `N0`).

use std::fmt;

/// A square of a board: `(file, rank)`, both zero-based (`a1` = `(0, 0)`).
pub type Square = (i32, i32);

/// A direction letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// `f` forward.
    F,
    /// `b` backward.
    B,
    /// `l` left.
    L,
    /// `r` right.
    R,
    /// `v` vertical (f + b).
    V,
    /// `s` sideways (l + r).
    S,
    /// `h` half (only meaningful in combinations).
    H,
}

impl Dir {
    pub fn from_char(c: char) -> Option<Dir> {
        Some(match c {
            'f' => Dir::F,
            'b' => Dir::B,
            'l' => Dir::L,
            'r' => Dir::R,
            'v' => Dir::V,
            's' => Dir::S,
            'h' => Dir::H,
            _ => return None,
        })
    }

    pub fn letter(self) -> char {
        match self {
            Dir::F => 'f',
            Dir::B => 'b',
            Dir::L => 'l',
            Dir::R => 'r',
            Dir::V => 'v',
            Dir::S => 's',
            Dir::H => 'h',
        }
    }

    /// XBoard's direction kind: bit 0 = vertical, bit 1 = horizontal, bit 2 = "pair/half".
    /// `f`,`b` = 1; `l`,`r` = 2; `v` = 1|4; `s` = 2|4; `h` = 4.
    pub fn kind(self) -> u8 {
        match self {
            Dir::F | Dir::B => 1,
            Dir::L | Dir::R => 2,
            Dir::V => 5,
            Dir::S => 6,
            Dir::H => 4,
        }
    }

    /// `f`, `b`, `l` or `r`: the letters that can start a pair.
    pub fn is_simple(self) -> bool {
        self.kind() < 4
    }

    /// Whether `self` followed by `next` forms a pair token (`fr`, `fs`, `lv`, ...): the first
    /// letter is one of `f b l r` and the two letters are of perpendicular kind.
    pub fn pairs_with(self, next: Dir) -> bool {
        self.is_simple() && (self.kind() | next.kind()) & 3 == 3
    }
}

/// One direction token of a leg. Adjacent direction letters are grouped into tokens when the
/// leg is parsed; the tokens of a leg are united.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirToken {
    /// A letter standing alone (a doubled letter such as `ff` is also a single token).
    Single(Dir),
    /// A letter followed by a letter of the perpendicular kind: `fr`, `rf`, `fs`, `lv`, ...
    Pair(Dir, Dir),
    /// `fh`, `bh`, `lh`, `rh`.
    Half(Dir),
    /// `hr` / `hl` at the start of the first leg (chiral sets of oblique atoms).
    Chiral(Dir),
    /// `z` alone in a continuation leg: turn as much as the previous leg did, to the other
    /// side.
    Zig,
    /// `q` alone in a continuation leg: turn as much as the previous leg did, to the same
    /// side.
    Circ,
    /// `fz` / `bz` in a continuation leg: `z` stands for the side (`l` or `r`) opposite to the
    /// previous leg's turn, so `fz` is the 45° turn to the other side (`afsafzW`: the
    /// crooked W-F-W path).
    ZigWith(Dir),
    /// `fq` / `bq`: `q` stands for the side of the previous leg's turn.
    CircWith(Dir),
}

impl DirToken {
    fn first_char(&self) -> char {
        match self {
            DirToken::Single(d)
            | DirToken::Pair(d, _)
            | DirToken::Half(d)
            | DirToken::ZigWith(d)
            | DirToken::CircWith(d) => d.letter(),
            DirToken::Chiral(_) => 'h',
            DirToken::Zig => 'z',
            DirToken::Circ => 'q',
        }
    }
}

/// Modality letters of one leg (order-free).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modality {
    /// `m` move to / stop on an empty square.
    pub m: bool,
    /// `c` capture an enemy.
    pub c: bool,
    /// `d` capture ("destroy") a friend.
    pub d: bool,
    /// `e` en-passant capture.
    pub e: bool,
    /// `x` induction / move borrowing.
    pub x: bool,
    /// `k` royal-only capture (`ck`: non-royal only).
    pub k: bool,
    /// `t` tame (final leg) / friend-only hopping (with `p`/`g`).
    pub t: bool,
    /// `p` hop.
    pub p: bool,
    /// `g` grasshopper hop / range toggle.
    pub g: bool,
    /// `o` cylinder wrap.
    pub o: bool,
    /// `y` range toggle on an empty square.
    pub y: bool,
    /// `n` lame / creates e.p. rights.
    pub n: bool,
    /// `u` unload.
    pub u: bool,
    /// Number of `j` letters.
    pub j: u8,
    /// Number of `i` letters (first leg: 1 = initial, 2 = `ii`; later legs: iso).
    pub i: u8,
}

impl Modality {
    /// True when no letter is set.
    pub fn is_empty(&self) -> bool {
        *self == Modality::default()
    }
}

/// `z` / `q` on the first leg of a single-leg term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Crook {
    /// `z`: crooked (zig-zag, alternately turning 90°).
    Zigzag,
    /// `q`: circular (turning one atom member to the same side at every step).
    Circular,
}

/// The modifiers of one leg (the letters between two `a` separators).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Leg {
    pub dirs: Vec<DirToken>,
    pub modality: Modality,
    /// Only on the first leg of a single-leg term.
    pub crook: Option<Crook>,
}

/// The `X` / `Y` suffix of an extended atom (§3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ext {
    /// Lengthen the leap by 3 along its long axis.
    X,
    /// Lengthen the leap by (2, 2).
    Y,
}

/// The atom as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomName {
    /// One of `W F D N A H C L Z J G K Q R B O U I`.
    Letter(char),
    /// An explicit vector `(x,y)` (as written, signs included).
    Vector(i32, i32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    pub name: AtomName,
    pub ext: Option<Ext>,
}

/// What an atom is geometrically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Geometry {
    /// A 4-fold atom: `(0,n)` images (orthogonal) or `(n,n)` images (diagonal). Continuation
    /// legs convert between the two (W↔F, D↔A, R↔B).
    Square { n: u8, diagonal: bool },
    /// The 8-fold unit atom of `K` and `Q`.
    King,
    /// An 8-fold oblique atom with basic vector `(a, b)`, `0 < a < b`.
    Oblique { a: u8, b: u8 },
    /// `O` without a range: the null move (a (0,0) leap).
    Null,
    /// `O` with a range: castling.
    Castle,
    /// `U`.
    Teleport,
    /// `I`.
    Imitate,
}

/// The direction system used to read the direction letters of a first leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    Orthogonal,
    Diagonal,
    Oblique,
    King,
}

impl Geometry {
    /// The direction system of first-leg modifiers.
    pub fn system(&self) -> System {
        match self {
            Geometry::Square {
                diagonal: false, ..
            } => System::Orthogonal,
            Geometry::Square { diagonal: true, .. } => System::Diagonal,
            Geometry::Oblique { .. } => System::Oblique,
            Geometry::King => System::King,
            _ => System::Orthogonal,
        }
    }

    /// True for 8-fold atoms (K, Q, oblique); false for W/F-class and special atoms.
    pub fn eight_fold(&self) -> bool {
        matches!(self, Geometry::King | Geometry::Oblique { .. })
    }

    /// The direction slots of the atom's own members (bit k = slot k).
    pub fn member_mask(&self) -> u8 {
        match self {
            Geometry::Square {
                diagonal: false, ..
            } => 0x55,
            Geometry::Square { diagonal: true, .. } => 0xAA,
            Geometry::King | Geometry::Oblique { .. } => 0xFF,
            _ => 0,
        }
    }

    /// The step for direction slot `slot` (0..8, clockwise from forward). For 4-fold atoms a
    /// slot of the other parity gives the converted atom (`W` in a diagonal slot is `F`).
    pub fn vector(&self, slot: u8) -> (i32, i32) {
        crate::dirs::slot_vector(*self, slot)
    }
}

impl Atom {
    /// The range an atom has when no digits follow it: 0 for `R`, `B`, `Q` and `O` (bare `O`
    /// is the null move), 1 otherwise.
    pub fn default_range(&self) -> u8 {
        match self.name {
            AtomName::Letter('R' | 'B' | 'Q' | 'O') => 0,
            _ => 1,
        }
    }

    /// The basic vector `(a, b)` with `0 <= a <= b` of a leap atom, or `None` for `K`, `Q`,
    /// `O`, `U`, `I`.
    pub fn base_vector(&self) -> Option<(i32, i32)> {
        let (a, b) = match self.name {
            AtomName::Letter(c) => match c {
                'W' | 'R' => (0, 1),
                'F' | 'B' => (1, 1),
                'D' => (0, 2),
                'N' => (1, 2),
                'A' => (2, 2),
                'H' => (0, 3),
                'C' | 'L' => (1, 3),
                'Z' | 'J' => (2, 3),
                'G' => (3, 3),
                _ => return None,
            },
            AtomName::Vector(x, y) => {
                let (x, y) = (x.abs(), y.abs());
                (x.min(y), x.max(y))
            }
        };
        Some(match self.ext {
            None => (a, b),
            Some(Ext::X) => (a, b + 3),
            Some(Ext::Y) => (a + 2, b + 2),
        })
    }

    /// The geometry of the atom. `range` decides between the null move and castling for `O`.
    pub fn geometry(&self, range: u8) -> Geometry {
        match self.name {
            AtomName::Letter('K' | 'Q') => return Geometry::King,
            AtomName::Letter('O') => {
                return if range == 0 {
                    Geometry::Null
                } else {
                    Geometry::Castle
                }
            }
            AtomName::Letter('U') => return Geometry::Teleport,
            AtomName::Letter('I') => return Geometry::Imitate,
            _ => {}
        }
        match self.base_vector() {
            Some((a, b)) => {
                let a8 = u8::try_from(a).unwrap_or(u8::MAX);
                let b8 = u8::try_from(b).unwrap_or(u8::MAX);
                if a == 0 && b == 0 {
                    Geometry::Null
                } else if a == 0 {
                    Geometry::Square {
                        n: b8,
                        diagonal: false,
                    }
                } else if a == b {
                    Geometry::Square {
                        n: a8,
                        diagonal: true,
                    }
                } else {
                    Geometry::Oblique { a: a8, b: b8 }
                }
            }
            None => Geometry::Null,
        }
    }

    /// True for `O`, `U` and `I`, which cannot take part in multi-leg moves.
    pub fn is_special(&self) -> bool {
        matches!(self.name, AtomName::Letter('O' | 'U' | 'I'))
    }
}

/// A simple term: modifier groups of its legs, one atom, a range and an optional prime.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Simple {
    /// At least one leg; legs after the first were introduced by `a`.
    pub legs: Vec<Leg>,
    pub atom: Atom,
    /// 0 = unlimited, 1 = leaper, n = up to n steps.
    pub range: u8,
    /// `W03`: exactly `range` steps.
    pub exact: bool,
    /// `'` after the atom.
    pub prime: bool,
}

impl Simple {
    pub fn geometry(&self) -> Geometry {
        self.atom.geometry(self.range)
    }
}

/// A separator inside brackets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sep {
    /// `-`: the move must continue.
    Continue,
    /// `?`: the move may end here or continue.
    MayEnd,
}

/// `[A-B?C]`: simple moves made one after another.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bracket {
    pub elems: Vec<Simple>,
    /// `seps[k]` stands between `elems[k]` and `elems[k + 1]`.
    pub seps: Vec<Sep>,
    /// `'` after the closing bracket.
    pub prime: bool,
}

/// A textual repetition group: the union over `k = 0, 1, 2, ...` (up to a cap) of the
/// descriptors `prefix + body * k + suffix`. `prefix` is the text of the term in which the
/// group opens, `suffix` all the text after the closing parenthesis and its count. Always
/// the last term.
///
/// A count after the group limits it as a range limits an atom: `B(paf)2cB` repeats `paf`
/// at most twice (a bishop that captures over up to two pieces, as the jumping generals of
/// large shogi variants are written on their Interactive Diagram pages), and a count with a
/// leading zero, `(paf)02`, exactly twice, as `W03` is exactly three steps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Repeat {
    pub prefix: String,
    pub body: String,
    pub suffix: String,
    /// The count after the group: at most this many repetitions (None: no limit but the
    /// board's, also for a count of 0, as range 0 is an atom's unlimited range).
    pub most: Option<usize>,
    /// The count had a leading zero: exactly `most` repetitions.
    pub exact: bool,
}

impl Repeat {
    /// The repetition counts to expand, where `cap` bounds a group without a count.
    pub fn counts(&self, cap: usize) -> std::ops::RangeInclusive<usize> {
        match self.most {
            Some(n) if self.exact => n..=n,
            Some(n) => 0..=n.min(cap),
            None => 0..=cap,
        }
    }

    /// The text of expansion `k`.
    pub fn expansion(&self, k: usize) -> String {
        let mut s = String::with_capacity(
            self.prefix.len() + self.body.len().saturating_mul(k) + self.suffix.len(),
        );
        s.push_str(&self.prefix);
        for _ in 0..k {
            s.push_str(&self.body);
        }
        s.push_str(&self.suffix);
        s
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    Simple(Simple),
    Bracket(Bracket),
    Repeat(Repeat),
}

/// A non-fatal remark about the descriptor, with the 0-based character position it refers to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    pub pos: usize,
    pub ch: Option<char>,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ch {
            Some(c) => write!(f, "'{c}' at {}: {}", self.pos, self.message),
            None => write!(f, "at {}: {}", self.pos, self.message),
        }
    }
}

/// A parsed move descriptor: the union of its terms.
///
/// Equality compares the terms only (warnings carry positions in the source text).
#[derive(Clone, Debug, Default, Eq)]
pub struct Descriptor {
    pub terms: Vec<Term>,
    pub warnings: Vec<Warning>,
}

impl PartialEq for Descriptor {
    fn eq(&self, other: &Descriptor) -> bool {
        self.terms == other.terms
    }
}

// ---------------------------------------------------------------------------------------------
// Display: canonical notation.

fn write_tokens(out: &mut String, toks: &[DirToken]) {
    for (k, tok) in toks.iter().enumerate() {
        let next = toks.get(k + 1).map(DirToken::first_char);
        match *tok {
            DirToken::Single(d) => {
                let c = d.letter();
                let double = match next {
                    None => false,
                    Some(n) if n == c => true,
                    Some('z' | 'q') => matches!(d, Dir::F | Dir::B),
                    Some(n) => match Dir::from_char(n) {
                        Some(nd) => {
                            (d.is_simple() && (nd == Dir::H || d.pairs_with(nd)))
                                || (k == 0 && d == Dir::H && matches!(nd, Dir::R | Dir::L))
                        }
                        None => false,
                    },
                };
                out.push(c);
                if double {
                    out.push(c);
                }
            }
            DirToken::Pair(a, b) => {
                out.push(a.letter());
                out.push(b.letter());
            }
            DirToken::Half(d) => {
                out.push(d.letter());
                out.push('h');
            }
            DirToken::Chiral(d) => {
                out.push('h');
                out.push(d.letter());
            }
            DirToken::Zig => out.push('z'),
            DirToken::Circ => out.push('q'),
            DirToken::ZigWith(d) => {
                out.push(d.letter());
                out.push('z');
            }
            DirToken::CircWith(d) => {
                out.push(d.letter());
                out.push('q');
            }
        }
    }
}

fn write_leg(out: &mut String, leg: &Leg) {
    let m = &leg.modality;
    for _ in 0..m.i {
        out.push('i');
    }
    write_tokens(out, &leg.dirs);
    for (set, c) in [
        (m.u, 'u'),
        (m.m, 'm'),
        (m.c, 'c'),
        (m.d, 'd'),
        (m.e, 'e'),
        (m.x, 'x'),
        (m.k, 'k'),
        (m.t, 't'),
        (m.p, 'p'),
        (m.g, 'g'),
        (m.o, 'o'),
        (m.y, 'y'),
        (m.n, 'n'),
    ] {
        if set {
            out.push(c);
        }
    }
    for _ in 0..m.j {
        out.push('j');
    }
    match leg.crook {
        Some(Crook::Zigzag) => out.push('z'),
        Some(Crook::Circular) => out.push('q'),
        None => {}
    }
}

impl Simple {
    /// Render; `explicit_range` forces the range digits even when they equal the default
    /// (used to keep `N` followed by another `N` term from reading as `NN`).
    fn render(&self, explicit_range: bool) -> String {
        let mut out = String::new();
        for (k, leg) in self.legs.iter().enumerate() {
            if k > 0 {
                out.push('a');
            }
            write_leg(&mut out, leg);
        }
        match self.atom.name {
            AtomName::Letter(c) => out.push(c),
            AtomName::Vector(x, y) => out.push_str(&format!("({x},{y})")),
        }
        match self.atom.ext {
            Some(Ext::X) => out.push('X'),
            Some(Ext::Y) => out.push('Y'),
            None => {}
        }
        if self.exact {
            out.push_str(&format!("0{}", self.range));
        } else if self.range != self.atom.default_range() || explicit_range {
            out.push_str(&self.range.to_string());
        }
        if self.prime {
            out.push('\'');
        }
        out
    }

    /// True when the rendering of this term could be extended by a following same letter.
    fn open_ended_letter(&self) -> Option<char> {
        match self.atom.name {
            AtomName::Letter(c)
                if !self.atom.is_special()
                    && self.atom.ext.is_none()
                    && !self.exact
                    && !self.prime
                    && self.range == self.atom.default_range() =>
            {
                Some(c)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Simple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl fmt::Display for Bracket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (k, e) in self.elems.iter().enumerate() {
            if k > 0 {
                let sep = match self.seps.get(k - 1) {
                    Some(Sep::MayEnd) => '?',
                    _ => '-',
                };
                write!(f, "{sep}")?;
            }
            write!(f, "{e}")?;
        }
        f.write_str("]")?;
        if self.prime {
            f.write_str("'")?;
        }
        Ok(())
    }
}

impl fmt::Display for Repeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", self.prefix, self.body)?;
        if let Some(n) = self.most {
            write!(f, "{}{n}", if self.exact { "0" } else { "" })?;
        }
        write!(f, "{}", self.suffix)
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Simple(s) => write!(f, "{s}"),
            Term::Bracket(b) => write!(f, "{b}"),
            Term::Repeat(r) => write!(f, "{r}"),
        }
    }
}

impl fmt::Display for Descriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rendered: Vec<String> = self.terms.iter().map(|t| t.to_string()).collect();
        for (k, term) in self.terms.iter().enumerate() {
            match term {
                Term::Simple(s) => {
                    let next_first = rendered.get(k + 1).and_then(|r| r.chars().next());
                    let explicit = match (s.open_ended_letter(), next_first) {
                        (Some(c), Some(n)) => c == n,
                        _ => false,
                    };
                    f.write_str(&s.render(explicit))?;
                }
                _ => f.write_str(rendered.get(k).map(String::as_str).unwrap_or(""))?,
            }
        }
        Ok(())
    }
}
