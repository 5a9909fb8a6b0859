//! The parser: descriptor text → [`Descriptor`].
//!
//! Grammar (xbetza.md §2, with the decisions listed in the crate docs):
//!
//! ```text
//! descriptor := term*
//! term       := simple | '[' simple (('-' | '?') simple)* ']' "'"? | <text with a group '(' ... ')' digits?>
//! simple     := group ('a' group)* atom ext? range? "'"?
//! group      := lower-case letters other than 'a' (directions and modalities, any order)
//! atom       := W F D N A H C L Z J G K Q R B O U I | '(' int ',' int ')'
//! ext        := 'X' | 'Y'
//! range      := digits | the atom letter again
//! ```
//!
//! The digits after a repetition group are its count ([`Repeat`]): `(paf)2` at most twice,
//! `(paf)02` exactly twice.
//!
//! Positions in errors and warnings are 0-based character indices into the input.

use std::fmt;

use crate::ast::{
    Atom, AtomName, Bracket, Crook, Descriptor, Dir, DirToken, Ext, Geometry, Leg, Modality,
    Repeat, Sep, Simple, System, Term, Warning,
};

/// Why a descriptor could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 0-based character index of the offending character (the input length at the end).
    pub pos: usize,
    /// The offending character; `None` at the end of the input.
    pub ch: Option<char>,
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ch {
            Some(c) => write!(f, "unexpected '{c}' at {}: {}", self.pos, self.reason),
            None => write!(f, "unexpected end at {}: {}", self.pos, self.reason),
        }
    }
}

impl std::error::Error for ParseError {}

/// Parse a move descriptor.
///
/// ```
/// let d = xbetza::parse("fmWfceFifmnD").unwrap();
/// assert_eq!(d.terms.len(), 3);
/// assert_eq!(d.to_string(), "fmWfceFifmnD");
///
/// let e = xbetza::parse("fm3W").unwrap_err();
/// assert_eq!((e.pos, e.ch), (2, Some('3')));
/// assert_eq!(e.to_string(), "unexpected '3' at 2: a range must follow an atom");
///
/// // Unknown letters are ignored with a warning.
/// let d = xbetza::parse("NE").unwrap();
/// assert_eq!(d.terms.len(), 1);
/// assert_eq!(d.warnings.len(), 1);
/// ```
pub fn parse(descriptor: &str) -> Result<Descriptor, ParseError> {
    let mut warnings = Vec::new();
    let mut chars = Vec::new();
    let mut end = 0;
    for (i, c) in descriptor.chars().enumerate() {
        end = i + 1;
        if c.is_whitespace() {
            warnings.push(Warning {
                pos: i,
                ch: Some(c),
                message: "whitespace is not part of a descriptor; ignored".into(),
            });
            continue;
        }
        chars.push((i, c));
    }
    parse_chars(chars, end, warnings, 0)
}

/// The longest move text [`parse_lenient`] reads; the rest is skipped with one error.
/// Published moves are a few dozen characters (the longest default, the falcon's, has 34);
/// the cap bounds the drop-and-read-again loop, which reads the text once per dropped
/// character, on a pasted page of junk.
pub const MAX_LENIENT_CHARS: usize = 1024;

/// Dropped characters [`parse_lenient`] reports one by one; past this many, one error counts
/// the rest (a reader is not helped by a thousand lines about one broken field).
pub const MAX_REPORTED_DROPS: usize = 64;

/// Parse a descriptor the way the Interactive Diagram reads one: a character that cannot be
/// understood is dropped and the rest is read again, so a piece keeps every usable part of its
/// move (the original script skips what it cannot use rather than refusing the page). Returns
/// the descriptor of what is left (`None` when nothing is) and, per dropped character, the
/// error that dropped it, with `pos` counted in the original text; the descriptor's warnings
/// are counted there too. Text past [`MAX_LENIENT_CHARS`] is skipped (one error), and past
/// [`MAX_REPORTED_DROPS`] dropped characters one last error counts the others, so the work
/// and the report stay bounded whatever the input.
///
/// ```
/// let (d, dropped) = xbetza::parse_lenient("R%?N");
/// assert_eq!(d.unwrap().to_string(), "RN");
/// assert_eq!(dropped.iter().map(|e| e.pos).collect::<Vec<_>>(), [1, 2]);
/// // A modifier without an atom moves nowhere.
/// let (d, dropped) = xbetza::parse_lenient("f3");
/// assert!(d.unwrap().terms.is_empty());
/// assert_eq!(dropped.len(), 1);
/// // Warnings name the character where the original text has it.
/// let (d, _) = xbetza::parse_lenient("%%Rw");
/// assert_eq!(d.unwrap().warnings[0].pos, 3);
/// ```
pub fn parse_lenient(descriptor: &str) -> (Option<Descriptor>, Vec<ParseError>) {
    let mut kept: Vec<(usize, char)> = descriptor.chars().enumerate().collect();
    let total = kept.len();
    let mut dropped = Vec::new();
    if kept.len() > MAX_LENIENT_CHARS {
        let (pos, ch) = kept[MAX_LENIENT_CHARS];
        dropped.push(ParseError {
            pos,
            ch: Some(ch),
            reason: format!(
                "a move longer than {MAX_LENIENT_CHARS} characters; the rest ({} characters) is skipped",
                total - MAX_LENIENT_CHARS
            ),
        });
        kept.truncate(MAX_LENIENT_CHARS);
    }
    let mut reported = 0;
    // Dropped characters past the reported ones: (first one, how many).
    let mut unreported: Option<(ParseError, usize)> = None;
    let finish = |mut dropped: Vec<ParseError>, unreported: Option<(ParseError, usize)>| {
        if let Some((first, n)) = unreported {
            dropped.push(ParseError {
                reason: format!(
                    "{n} more unreadable characters from here on are skipped ({})",
                    first.reason
                ),
                ..first
            });
        }
        dropped
    };
    while !kept.is_empty() {
        let text: String = kept.iter().map(|&(_, c)| c).collect();
        match parse(&text) {
            Ok(mut d) => {
                // Positions in the text read are positions in what was kept.
                for w in &mut d.warnings {
                    w.pos = kept.get(w.pos).map_or(total, |&(orig, _)| orig);
                }
                return (Some(d), finish(dropped, unreported));
            }
            Err(e) => {
                // At the end of the text the last character is the one left hanging.
                let at = e.pos.min(kept.len() - 1);
                let (orig, ch) = kept.remove(at);
                let error = ParseError {
                    pos: orig,
                    ch: Some(ch),
                    reason: e.reason,
                };
                if reported < MAX_REPORTED_DROPS {
                    reported += 1;
                    dropped.push(error);
                } else {
                    match &mut unreported {
                        Some((_, n)) => *n += 1,
                        None => unreported = Some((error, 1)),
                    }
                }
            }
        }
    }
    (None, finish(dropped, unreported))
}

/// The value of a count written after an atom (its range) or a repetition group, and
/// whether a leading zero makes it exact (`03`: exactly 3). The value is None for zeros
/// alone past the first (`00`); the whole is None over 255.
fn count_value(digits: &str) -> Option<(Option<u8>, bool)> {
    let (body, exact) = if digits.len() > 1 && digits.starts_with('0') {
        (digits.trim_start_matches('0'), true)
    } else {
        (digits, false)
    };
    if body.is_empty() {
        return Some((None, exact));
    }
    if body.len() > 3 {
        return None;
    }
    let v: u32 = body.parse().ok()?;
    u8::try_from(v).ok().map(|v| (Some(v), exact))
}

/// Maximum nesting of repetition groups accepted.
const MAX_GROUP_DEPTH: usize = 32;

pub(crate) fn parse_chars(
    chars: Vec<(usize, char)>,
    end_pos: usize,
    warnings: Vec<Warning>,
    depth: usize,
) -> Result<Descriptor, ParseError> {
    let mut p = Parser {
        chars,
        i: 0,
        end_pos,
        warnings,
        depth,
    };
    let terms = p.descriptor()?;
    Ok(Descriptor {
        terms,
        warnings: p.warnings,
    })
}

/// Parse a descriptor text produced internally (repetition-group expansion). Positions refer
/// to `text`.
pub(crate) fn parse_internal(text: &str, depth: usize) -> Result<Descriptor, ParseError> {
    let chars: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    let end = text.chars().count();
    parse_chars(chars, end, Vec::new(), depth)
}

struct Parser {
    chars: Vec<(usize, char)>,
    i: usize,
    end_pos: usize,
    warnings: Vec<Warning>,
    depth: usize,
}

enum Parsed<T> {
    Done(T),
    /// Nothing usable (ignored with a warning).
    Nothing,
    /// A repetition group opens at this char index.
    Group(usize),
}

#[derive(Default)]
struct LegBuilder {
    runs: Vec<Vec<(char, usize)>>,
    run_open: bool,
    modality: Modality,
    crook: Option<(Crook, usize)>,
    any: bool,
}

impl LegBuilder {
    fn push_dir(&mut self, c: char, pos: usize) {
        if !self.run_open {
            self.runs.push(Vec::new());
            self.run_open = true;
        }
        if let Some(run) = self.runs.last_mut() {
            run.push((c, pos));
        }
        self.any = true;
    }
    fn end_run(&mut self) {
        self.run_open = false;
        self.any = true;
    }
}

fn is_atom_letter(c: char) -> bool {
    matches!(
        c,
        'W' | 'F'
            | 'D'
            | 'N'
            | 'A'
            | 'H'
            | 'C'
            | 'L'
            | 'Z'
            | 'J'
            | 'G'
            | 'K'
            | 'Q'
            | 'R'
            | 'B'
            | 'O'
            | 'U'
            | 'I'
    )
}

/// Group the direction letters of one leg into tokens (see [`DirToken`]).
fn tokenize(runs: &[Vec<(char, usize)>]) -> Vec<(DirToken, usize)> {
    let mut out = Vec::new();
    for (ri, run) in runs.iter().enumerate() {
        let mut j = 0;
        while let Some(&(c, pos)) = run.get(j) {
            let next = run.get(j + 1).map(|&(n, _)| n);
            let next_dir = next.and_then(Dir::from_char);
            if c == 'z' {
                out.push((DirToken::Zig, pos));
                j += 1;
                continue;
            }
            if c == 'q' {
                out.push((DirToken::Circ, pos));
                j += 1;
                continue;
            }
            let Some(d) = Dir::from_char(c) else {
                j += 1;
                continue;
            };
            if ri == 0 && j == 0 && d == Dir::H && matches!(next_dir, Some(Dir::R | Dir::L)) {
                if let Some(nd) = next_dir {
                    out.push((DirToken::Chiral(nd), pos));
                }
                j += 2;
                continue;
            }
            if matches!(d, Dir::F | Dir::B) && matches!(next, Some('z' | 'q')) {
                out.push((
                    if next == Some('z') {
                        DirToken::ZigWith(d)
                    } else {
                        DirToken::CircWith(d)
                    },
                    pos,
                ));
                j += 2;
                continue;
            }
            match next_dir {
                Some(nd) if nd == d => {
                    out.push((DirToken::Single(d), pos));
                    j += 2;
                }
                Some(Dir::H) if d.is_simple() => {
                    out.push((DirToken::Half(d), pos));
                    j += 2;
                }
                Some(nd) if d.pairs_with(nd) => {
                    out.push((DirToken::Pair(d, nd), pos));
                    j += 2;
                }
                _ => {
                    out.push((DirToken::Single(d), pos));
                    j += 1;
                }
            }
        }
    }
    out
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|&(_, c)| c)
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(k).map(|&(_, c)| c)
    }

    fn pos_of(&self, k: usize) -> usize {
        self.chars.get(k).map(|&(p, _)| p).unwrap_or(self.end_pos)
    }

    fn pos(&self) -> usize {
        self.pos_of(self.i)
    }

    fn err_at(&self, k: usize, reason: impl Into<String>) -> ParseError {
        ParseError {
            pos: self.pos_of(k),
            ch: self.peek_at(k),
            reason: reason.into(),
        }
    }

    fn err(&self, reason: impl Into<String>) -> ParseError {
        self.err_at(self.i, reason)
    }

    fn warn(&mut self, pos: usize, ch: Option<char>, message: impl Into<String>) {
        self.warnings.push(Warning {
            pos,
            ch,
            message: message.into(),
        });
    }

    fn descriptor(&mut self) -> Result<Vec<Term>, ParseError> {
        let mut terms = Vec::new();
        while self.i < self.chars.len() {
            let start = self.i;
            let parsed = if self.peek() == Some('[') {
                self.bracket()?
            } else {
                match self.simple(false)? {
                    Parsed::Done(s) => Parsed::Done(Term::Simple(s)),
                    Parsed::Nothing => Parsed::Nothing,
                    Parsed::Group(g) => Parsed::Group(g),
                }
            };
            match parsed {
                Parsed::Done(t) => terms.push(t),
                Parsed::Nothing => {}
                Parsed::Group(open) => {
                    let r = self.repeat(start, open)?;
                    terms.push(Term::Repeat(r));
                    break;
                }
            }
        }
        Ok(terms)
    }

    fn bracket(&mut self) -> Result<Parsed<Term>, ParseError> {
        let open = self.i;
        self.i += 1;
        let mut elems = Vec::new();
        let mut seps = Vec::new();
        loop {
            match self.peek() {
                None => return Err(self.err("unclosed '['")),
                Some(']' | '-' | '?') => return Err(self.err("empty bracket element")),
                Some('[') => return Err(self.err("brackets cannot be nested")),
                _ => {}
            }
            match self.simple(true)? {
                Parsed::Done(s) => elems.push(s),
                Parsed::Group(g) => return Ok(Parsed::Group(g)),
                Parsed::Nothing => return Err(self.err("expected a bracket element")),
            }
            match self.peek() {
                Some('-') => {
                    seps.push(Sep::Continue);
                    self.i += 1;
                }
                Some('?') => {
                    seps.push(Sep::MayEnd);
                    self.i += 1;
                }
                Some(']') => {
                    self.i += 1;
                    break;
                }
                None => {
                    return Err(ParseError {
                        pos: self.end_pos,
                        ch: None,
                        reason: format!("unclosed '[' opened at {}", self.pos_of(open)),
                    })
                }
                Some(_) => return Err(self.err("expected '-', '?' or ']' in brackets")),
            }
        }
        let mut prime = false;
        if self.peek() == Some('\'') {
            prime = true;
            self.i += 1;
        }
        Ok(Parsed::Done(Term::Bracket(Bracket { elems, seps, prime })))
    }

    /// `(x,y)` at char index `k`: `Ok(Some((x, y, index after ')')))`, `Ok(None)` if the
    /// parenthesis is not a vector.
    fn vector_at(&self, k: usize) -> Result<Option<(i32, i32, usize)>, ParseError> {
        if self.peek_at(k) != Some('(') {
            return Ok(None);
        }
        let mut j = k + 1;
        let mut nums = [0i32; 2];
        let mut starts = [0usize; 2];
        for (n, num) in nums.iter_mut().enumerate() {
            starts[n] = j;
            let mut neg = false;
            if let Some(s @ ('-' | '+')) = self.peek_at(j) {
                neg = s == '-';
                j += 1;
            }
            let dstart = j;
            let mut v: i64 = 0;
            while let Some(c) = self.peek_at(j) {
                let Some(d) = c.to_digit(10) else { break };
                v = (v * 10 + i64::from(d)).min(1_000_000);
                j += 1;
            }
            if j == dstart {
                return Ok(None);
            }
            let expected = if n == 0 { ',' } else { ')' };
            if self.peek_at(j) != Some(expected) {
                return Ok(None);
            }
            j += 1;
            if v > 127 {
                return Err(self.err_at(starts[n], "vector component too large (at most 127)"));
            }
            let v = v as i32;
            *num = if neg { -v } else { v };
        }
        if nums == [0, 0] {
            return Err(self.err_at(k, "the zero vector (0,0) is not an atom; use O"));
        }
        Ok(Some((nums[0], nums[1], j)))
    }

    fn simple(&mut self, in_bracket: bool) -> Result<Parsed<Simple>, ParseError> {
        let term_start = self.i;
        let mut legs: Vec<LegBuilder> = vec![LegBuilder::default()];
        let atom_idx;
        let name;
        loop {
            let Some(c) = self.peek() else {
                if in_bracket {
                    return Err(self.err("a bracket element needs an atom"));
                }
                if legs.len() > 1 || legs.iter().any(|l| l.any) {
                    let p = self.pos_of(term_start);
                    let ch = self.peek_at(term_start);
                    self.warn(p, ch, "modifiers without an atom at the end; ignored");
                }
                return Ok(Parsed::Nothing);
            };
            let pos = self.pos();
            let first = legs.len() == 1;
            let Some(leg) = legs.last_mut() else {
                return Err(self.err("internal: no leg"));
            };
            match c {
                'a' => {
                    legs.push(LegBuilder::default());
                    self.i += 1;
                }
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => {
                    leg.push_dir(c, pos);
                    self.i += 1;
                }
                'z' | 'q' => {
                    if first {
                        let kind = if c == 'z' {
                            Crook::Zigzag
                        } else {
                            Crook::Circular
                        };
                        if let Some((k, _)) = leg.crook {
                            if k != kind {
                                return Err(
                                    self.err("a leg cannot be both crooked (z) and circular (q)")
                                );
                            }
                        }
                        leg.crook = Some((kind, pos));
                        leg.end_run();
                    } else {
                        leg.push_dir(c, pos);
                    }
                    self.i += 1;
                }
                'm' | 'c' | 'd' | 'e' | 'x' | 'k' | 't' | 'p' | 'g' | 'o' | 'y' | 'n' | 'u'
                | 'j' | 'i' => {
                    let m = &mut leg.modality;
                    match c {
                        'm' => m.m = true,
                        'c' => m.c = true,
                        'd' => m.d = true,
                        'e' => m.e = true,
                        'x' => m.x = true,
                        'k' => m.k = true,
                        't' => m.t = true,
                        'p' => m.p = true,
                        'g' => m.g = true,
                        'o' => m.o = true,
                        'y' => m.y = true,
                        'n' => m.n = true,
                        'u' => m.u = true,
                        'j' => m.j = m.j.saturating_add(1).min(8),
                        _ => m.i = m.i.saturating_add(1).min(8),
                    }
                    leg.end_run();
                    self.i += 1;
                }
                c if c.is_ascii_lowercase() => {
                    self.warn(pos, Some(c), "unknown modifier letter; ignored");
                    self.i += 1;
                }
                c if is_atom_letter(c) => {
                    atom_idx = self.i;
                    name = AtomName::Letter(c);
                    self.i += 1;
                    break;
                }
                c if c.is_ascii_uppercase() => {
                    if in_bracket {
                        return Err(self.err("unknown atom letter"));
                    }
                    self.warn(pos, Some(c), "unknown atom letter; term ignored");
                    self.i += 1;
                    return Ok(Parsed::Nothing);
                }
                '(' => match self.vector_at(self.i)? {
                    Some((x, y, next)) => {
                        atom_idx = self.i;
                        name = AtomName::Vector(x, y);
                        self.i = next;
                        break;
                    }
                    None => return Ok(Parsed::Group(self.i)),
                },
                ')' => return Err(self.err("unmatched ')'")),
                '\'' => return Err(self.err("a prime must follow an atom")),
                c if c.is_ascii_digit() => return Err(self.err("a range must follow an atom")),
                _ => return Err(self.err("expected a modifier letter or an atom")),
            }
        }

        // Extension.
        let mut ext = None;
        if let (AtomName::Letter(c), Some(e @ ('X' | 'Y'))) = (name, self.peek()) {
            if matches!(c, 'K' | 'Q' | 'R' | 'B' | 'O' | 'U' | 'I') {
                return Err(self.err(format!("'{c}' cannot be extended with X/Y")));
            }
            ext = Some(if e == 'X' { Ext::X } else { Ext::Y });
            self.i += 1;
        } else if let (AtomName::Vector(..), Some('X' | 'Y')) = (name, self.peek()) {
            return Err(self.err("an explicit vector cannot be extended with X/Y"));
        }
        let atom = Atom { name, ext };

        // Range.
        let mut range = atom.default_range();
        let mut exact = false;
        let doubled = match name {
            AtomName::Letter(c) => ext.is_none() && !atom.is_special() && self.peek() == Some(c),
            AtomName::Vector(..) => false,
        };
        if doubled {
            self.i += 1;
            range = 0;
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(self.err("a range cannot follow a doubled atom"));
            }
        } else if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let dstart = self.i;
            let mut digits = String::new();
            while let Some(c) = self.peek().filter(char::is_ascii_digit) {
                digits.push(c);
                self.i += 1;
            }
            if matches!(name, AtomName::Letter('U' | 'I')) {
                return Err(self.err_at(dstart, "U and I take no range"));
            }
            match count_value(&digits) {
                None => return Err(self.err_at(dstart, "range too large (at most 255)")),
                Some((None, _)) => {
                    // "00": read as 0.
                    range = 0;
                    let p = self.pos_of(dstart);
                    self.warn(p, Some('0'), "'00' read as range 0 (unlimited)");
                }
                Some((Some(v), is_exact)) => {
                    range = v;
                    exact = is_exact;
                }
            }
            if exact && matches!(name, AtomName::Letter('O')) {
                return Err(self.err_at(dstart, "castling takes no exact range"));
            }
        }

        let mut prime = false;
        if self.peek() == Some('\'') {
            prime = true;
            self.i += 1;
        }

        // Validation of special atoms and crooked moves.
        let atom_pos = self.pos_of(atom_idx);
        let atom_ch = self.peek_at(atom_idx);
        let mk_err = |reason: &str| ParseError {
            pos: atom_pos,
            ch: atom_ch,
            reason: reason.to_string(),
        };
        if atom.is_special() {
            if in_bracket {
                return Err(mk_err("O, U and I cannot be used inside brackets"));
            }
            if legs.len() > 1 {
                return Err(mk_err("O, U and I cannot be used in multi-leg ('a') moves"));
            }
        }
        let crook = legs.first().and_then(|l| l.crook);
        if let Some((_, zpos)) = crook {
            let zch = legs.first().and_then(|l| l.crook).map(|(k, _)| match k {
                Crook::Zigzag => 'z',
                Crook::Circular => 'q',
            });
            let zerr = |reason: &str| ParseError {
                pos: zpos,
                ch: zch,
                reason: reason.to_string(),
            };
            if legs.len() > 1 {
                return Err(zerr(
                    "crooked/circular (z/q) first legs cannot have further 'a' legs",
                ));
            }
            if in_bracket {
                return Err(zerr(
                    "crooked/circular (z/q) moves cannot be used inside brackets",
                ));
            }
            if atom.is_special() {
                return Err(zerr("crooked/circular (z/q) needs a leap atom"));
            }
            if exact {
                return Err(zerr(
                    "crooked/circular (z/q) moves cannot have an exact range",
                ));
            }
            if let Some(m) = legs.first().map(|l| l.modality) {
                if m.p || m.g || m.y || m.n || m.j > 0 || m.o || m.u {
                    return Err(zerr(
                        "crooked/circular (z/q) cannot be combined with p, g, y, n, j, o or u",
                    ));
                }
            }
        }

        let geo = atom.geometry(range);
        let mut out_legs = Vec::with_capacity(legs.len());
        for (k, lb) in legs.iter().enumerate() {
            let toks = tokenize(&lb.runs);
            self.check_tokens(&toks, geo, k == 0);
            out_legs.push(Leg {
                dirs: toks.iter().map(|&(t, _)| t).collect(),
                modality: lb.modality,
                crook: lb.crook.map(|(c, _)| c),
            });
        }
        Ok(Parsed::Done(Simple {
            legs: out_legs,
            atom,
            range,
            exact,
            prime,
        }))
    }

    fn check_tokens(&mut self, toks: &[(DirToken, usize)], geo: Geometry, first: bool) {
        for &(tok, pos) in toks {
            let ch = match tok {
                DirToken::Single(d)
                | DirToken::Pair(d, _)
                | DirToken::Half(d)
                | DirToken::ZigWith(d)
                | DirToken::CircWith(d) => Some(d.letter()),
                DirToken::Chiral(_) => Some('h'),
                DirToken::Zig => Some('z'),
                DirToken::Circ => Some('q'),
            };
            let msg: Option<&str> = if !first {
                match tok {
                    DirToken::Half(_) => Some("'h' after a direction in a continuation leg is read as the half on that side (K-system)"),
                    DirToken::Chiral(_) => Some("hr/hl have no meaning in a continuation leg; ignored"),
                    _ => None,
                }
            } else {
                match geo {
                    Geometry::Castle => match tok {
                        DirToken::Single(Dir::L | Dir::R | Dir::S) => None,
                        _ => Some("castling only uses l, r and s; direction ignored"),
                    },
                    Geometry::Null => Some("the null move has no directions; ignored"),
                    Geometry::Teleport => Some("U has no directions; ignored"),
                    Geometry::Imitate => match tok {
                        DirToken::Single(Dir::B) => None,
                        _ => Some("I only takes 'b' (mirror); direction ignored"),
                    },
                    _ => match (geo.system(), tok) {
                        (System::Orthogonal, DirToken::Single(Dir::H) | DirToken::Half(_)) => {
                            Some("'h' has no meaning on orthogonal atoms; ignored")
                        }
                        (System::Diagonal, DirToken::Single(Dir::H) | DirToken::Half(_)) => {
                            Some("'h' has no meaning on diagonal atoms; ignored")
                        }
                        (
                            System::Diagonal,
                            DirToken::Pair(Dir::F | Dir::B, Dir::S)
                            | DirToken::Pair(Dir::L | Dir::R, Dir::V),
                        ) => Some("fs/bs/lv/rv on a diagonal atom is read as f/b/l/r"),
                        (System::King, DirToken::Half(_)) => {
                            Some("fh/bh/lh/rh on K/Q is read as the three moves on that side")
                        }
                        (
                            System::Orthogonal | System::Diagonal | System::King,
                            DirToken::Chiral(_),
                        ) => Some("hr/hl only apply to oblique atoms; ignored"),
                        _ => None,
                    },
                }
            };
            if let Some(m) = msg {
                self.warn(pos, ch, m);
            }
        }
    }

    /// A repetition group: `start` = char index of the term start, `open` = index of '('.
    fn repeat(&mut self, start: usize, open: usize) -> Result<Repeat, ParseError> {
        if self.depth >= MAX_GROUP_DEPTH {
            return Err(self.err_at(open, "repetition groups nested too deeply"));
        }
        let mut depth = 0usize;
        let mut close = None;
        for k in open..self.chars.len() {
            match self.peek_at(k) {
                Some('(') => depth += 1,
                Some(')') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        close = Some(k);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else {
            return Err(self.err_at(open, "unclosed '('"));
        };
        if close == open + 1 {
            return Err(self.err_at(open, "empty parentheses"));
        }
        let slice = |a: usize, b: usize| -> Vec<(usize, char)> {
            self.chars.get(a..b).map(<[_]>::to_vec).unwrap_or_default()
        };
        let prefix = slice(start, open);
        let body = slice(open + 1, close);
        // A count right after the group: at most (a leading zero: exactly) that many
        // repetitions, as a range after an atom.
        let mut after = close + 1;
        while self.peek_at(after).is_some_and(|c| c.is_ascii_digit()) {
            after += 1;
        }
        let digits: String = slice(close + 1, after).iter().map(|&(_, c)| c).collect();
        // A count of 0 is no limit, as range 0 is for an atom (`N0`, the nightrider).
        let (most, exact) = match count_value(&digits) {
            _ if digits.is_empty() => (None, false),
            None => return Err(self.err_at(close + 1, "a group's count must be at most 255")),
            Some((None, _) | (Some(0), _)) => (None, false),
            Some((Some(n), exact)) => (Some(usize::from(n)), exact),
        };
        let suffix = slice(after, self.chars.len());
        if digits.len() > 1 && digits.bytes().all(|b| b == b'0') {
            let p = self.pos_of(close + 1);
            self.warn(p, Some('0'), "'00' read as count 0 (unlimited)");
        }
        // Validate the single expansion (it must parse); positions map to the source.
        let mut once = prefix.clone();
        once.extend_from_slice(&body);
        once.extend_from_slice(&suffix);
        let d = parse_chars(once, self.end_pos, Vec::new(), self.depth + 1)?;
        self.warnings.extend(d.warnings);
        let text = |v: &[(usize, char)]| v.iter().map(|&(_, c)| c).collect::<String>();
        let r = Repeat {
            prefix: text(&prefix),
            body: text(&body),
            suffix: text(&suffix),
            most,
            exact,
        };
        self.i = self.chars.len();
        Ok(r)
    }
}
