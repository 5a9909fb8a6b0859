//! Shuffle games (`shuffle=`): start positions permuted from the definition's setup, each
//! identified by a number, so that `{n}` in a game record reproduces the start exactly.
//!
//! ```
//! use std::sync::Arc;
//! use fairyboard_core::{shuffle, Position, Variant};
//! let text = "files=8\nranks=8\npromoZone=1\nmaxPromote=1\npromoChoice=QRBN\nroyal=6\n\
//!     shuffle=N!BRQK\npawn:P:fmWfceFifmnD::a2-h2\nknight:N:N::b1,g1\nbishop:B:B::c1,f1\n\
//!     rook:R:R::a1,h1\nqueen:Q:Q::d1\nking:K:KisO2::e1\n";
//! let (chess960, _) = Variant::from_definition("chess960", text).unwrap();
//! assert_eq!(shuffle::count(&chess960), Ok(960));
//! // Number 0 is the first valid arrangement in the documented order.
//! let pos = Position::start_shuffled(Arc::new(chess960), 0).unwrap();
//! assert!(pos.to_fen().starts_with("nnbbrqkr/pppppppp/8/8/8/8/PPPPPPPP/NNBBRQKR w"));
//! ```
//!
//! # What a shuffle is (fairyboard's reading of the format)
//!
//! * **Sets** are applied left to right. A set's squares are where the *current* setup
//!   (after the earlier sets) has a piece whose ID is in the set; its pieces are permuted
//!   over those squares. Identical pieces (same type and colour) are indistinguishable:
//!   only distinct arrangements are counted.
//! * **Black** follows White: when Black's pieces of the set stand exactly on the images of
//!   White's (mirror and `symmetry=none`: same file, other side; rotate: point reflection),
//!   Black gets the image of White's arrangement. Otherwise (an asymmetric `symmetry=none`
//!   setup) Black's pieces of the set are shuffled on their own, as a further choice after
//!   White's. Each such choice — White's arrangement of a set, or Black's own — is a *level*.
//! * **Castling** (a type whose program has an `O` record): on each side it castles towards,
//!   the piece standing outermost on that line before the set is applied (up to the board
//!   edge or a hole) is its corner piece. When that corner square is one of the shuffled
//!   squares, the castler must end up with a piece of the corner piece's kind somewhere on
//!   that side — it stays between its corner pieces, as the king between the rooks in
//!   Chess960. This holds for castlers inside the set and for those a set shuffles around
//!   (`shuffle=:NR` on chess moves the rooks but keeps one on each side of the king).
//! * **`!ID`**: placed first, spread as evenly as possible over the square shades: with `k`
//!   such pieces on a set offering `D` dark and `L` light squares, the number on dark
//!   squares must make `|dark − light|` as small as `D`, `L` allow. Several `!` IDs are
//!   placed in the order written, each on the squares the earlier ones left. (Chess960's
//!   bishops: one on each shade.)
//! * **`:ID`**: placed symmetrically: the squares holding that ID are closed under the
//!   file mirror (file `f` ↔ `files−1−f`, same rank), so `shuffle=:NR` swaps N and R on
//!   both wings or on neither.
//!
//! # Numbering
//!
//! A level's squares are ordered a1, b1, …, a2, b2, … (rank, then file); an arrangement is
//! the list of piece types on them, and the valid arrangements are taken in lexicographic
//! order of the types' places in the piece list (arrangement 0 puts the earliest-defined
//! types on the first squares). Shuffle number `n` is the `n`-th sequence of arrangements
//! (one per level) in lexicographic order. When the choices at one level do not change the
//! levels after it (sets without common IDs on different ranks, or without castlers), this
//! is the mixed radix `n = i₁·c₂·c₃·… + i₂·c₃·… + … + i_last`; when they do (`KQ,QBN`:
//! the second set's squares depend on where the first put the queen), the numbers still run
//! from 0 to [`count`]` − 1` without gaps. The number of the definition's own setup is
//! [`original_number`] (it need not be 0).
//!
//! [`count`] counts these sequences: the number of distinct setups when no later set
//! re-permutes pieces of an earlier one; with overlapping sets (`KQ,KQ`) several numbers
//! can give the same setup.
//!
//! # Starting a game
//!
//! [`Position::start_shuffled`] starts from number `n`. The position's variant is
//! [`shuffled_variant`]: the same rules with the shuffled setup as its own, so "unmoved on
//! its start square" (initial moves, castling, drops) and FEN castling rights refer to the
//! shuffled squares, and a FEN of the game reads back with `pos.variant()`. Keep the
//! original variant to shuffle again.
//!
//! # Limits
//!
//! A level with more than [`MAX_CANDIDATES`] candidate arrangements (the multinomial
//! `n!/(k₁!·k₂!·…)` of its pieces) is refused, and so is a shuffle whose levels together
//! need more than [`MAX_CANDIDATES`] candidates examined, or more than `u64::MAX` numbers:
//! errors, never a hang.

use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

use idiagram::ShuffleMark;
use xbetza::rng::splitmix64;
use xbetza::Kind;

use crate::position::Position;
use crate::variant::geometry::Square;
use crate::variant::{
    cell_color, cell_type, is_piece, Cell, Color, Symmetry, Variant, BLACK_BIT, EMPTY, OFF,
};

/// The most candidate arrangements one level may have, and the most a shuffle may examine
/// in all (each is checked against the constraints).
pub const MAX_CANDIDATES: u64 = 10_000_000;

/// Why a shuffle could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShuffleProblem {
    /// The set names an ID that no piece type has.
    UnknownId(String),
    /// No piece with this ID stands on the board at the start.
    NotOnBoard(String),
    /// The ID is written twice in the set, with different marks (`!`, `:`).
    ConflictingMarks(String),
    /// No arrangement satisfies the set's constraints (e.g. `:` on squares that are not
    /// symmetric, or an odd number of `:` pieces without a middle file).
    NoArrangement,
    /// More candidate arrangements than [`MAX_CANDIDATES`] to examine.
    TooMany { candidates: u128 },
    /// More than `u64::MAX` shuffles.
    Overflow,
    /// The number is not below the count of shuffles.
    OutOfRange { n: u64, count: u64 },
}

/// A shuffle problem, with the set it concerns (as written, e.g. `N!BRQK`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleError {
    /// The set's text; `None` when the problem is the number, not a set.
    pub set: Option<String>,
    pub problem: ShuffleProblem,
}

impl fmt::Display for ShuffleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = &self.set {
            write!(f, "shuffle set '{s}': ")?;
        }
        match &self.problem {
            ShuffleProblem::UnknownId(id) => write!(f, "no piece has ID '{id}'"),
            ShuffleProblem::NotOnBoard(id) => {
                write!(f, "no piece with ID '{id}' stands on the board")
            }
            ShuffleProblem::ConflictingMarks(id) => {
                write!(f, "ID '{id}' is written twice with different marks")
            }
            ShuffleProblem::NoArrangement => {
                write!(f, "no arrangement of its pieces satisfies the constraints")
            }
            ShuffleProblem::TooMany { candidates } => write!(
                f,
                "too many arrangements to enumerate ({candidates} candidates; the limit is {MAX_CANDIDATES})"
            ),
            ShuffleProblem::Overflow => write!(f, "more than {} shuffles", u64::MAX),
            ShuffleProblem::OutOfRange { n, count } => write!(
                f,
                "shuffle number {n} is out of range: there are {count} shuffles (0..={})",
                count.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for ShuffleError {}

/// The number of shuffle numbers (see the module docs); 1 without `shuffle=`.
pub fn count(variant: &Variant) -> Result<u64, ShuffleError> {
    Shuffler::new(variant)?.count()
}

/// The setup of shuffle number `n`: the variant's setup squares (in the same order) with
/// the pieces the shuffle puts there.
pub fn setup(variant: &Variant, n: u64) -> Result<Vec<(Square, Cell)>, ShuffleError> {
    Shuffler::new(variant)?.setup(n)
}

/// The number whose setup is the definition's own, if there is one (there is none when the
/// definition's setup breaks a constraint, e.g. both `!` bishops on one shade).
pub fn original_number(variant: &Variant) -> Option<u64> {
    Shuffler::new(variant).ok()?.original_number()
}

/// A valid shuffle number chosen by `seed` (the same seed always gives the same number);
/// 0 when the variant cannot be shuffled ([`count`] fails).
pub fn random_number(variant: &Variant, seed: u64) -> u64 {
    match count(variant) {
        // The high half of a 64×64-bit product maps the mixed seed evenly onto 0..count.
        Ok(c) => ((u128::from(splitmix64(seed)) * u128::from(c)) >> 64) as u64,
        Err(_) => 0,
    }
}

/// The variant with the setup of shuffle number `n` as its own setup: start squares (and so
/// virginity for initial moves, castling and drops, and FEN castling rights) are the
/// shuffled ones. It has no shuffle sets left; shuffle the original to get other numbers.
pub fn shuffled_variant(variant: &Variant, n: u64) -> Result<Variant, ShuffleError> {
    let setup = setup(variant, n)?;
    let mut v = variant.clone();
    for &(sq, cell) in &setup {
        v.setup_cells[sq] = cell;
    }
    v.setup = setup;
    v.shuffle.clear();
    Ok(v)
}

impl Position {
    /// The start position of shuffle number `n` (see [`crate::variant::shuffle`]). Its variant is
    /// [`shuffled_variant`] — the same `Arc` when the setup is the definition's own — so
    /// pieces are unmoved on their shuffled start squares.
    pub fn start_shuffled(variant: Arc<Variant>, n: u64) -> Result<Position, ShuffleError> {
        let shuffled = shuffled_variant(&variant, n)?;
        if shuffled.setup == variant.setup {
            return Ok(Position::start(variant));
        }
        Ok(Position::start(Arc::new(shuffled)))
    }
}

/// One set, resolved to piece types.
#[derive(Debug)]
struct SetPlan {
    text: String,
    /// Per type: its ID is in the set.
    member: Vec<bool>,
    /// The `!` IDs in the order written, as type masks.
    shades: Vec<Vec<bool>>,
    /// The `:` IDs, as type masks.
    symmetric: Vec<Vec<bool>>,
}

/// One level: the squares one colour's pieces of a set are permuted over, and its valid
/// arrangements.
#[derive(Debug)]
struct Group {
    /// Sorted (rank, then file).
    squares: Vec<Square>,
    /// Black's image squares, when Black follows White.
    follow: Option<Vec<Square>>,
    /// Valid arrangements, in lexicographic order.
    arrangements: Vec<Vec<Cell>>,
}

/// Enumerates shuffles of one variant, remembering the levels it has worked out (use one
/// for many numbers of the same variant; the free functions make a fresh one per call).
#[derive(Debug)]
pub struct Shuffler<'a> {
    variant: &'a Variant,
    sets: Vec<SetPlan>,
    /// The definition's setup as a board.
    start: Vec<Cell>,
    /// Per colour, per type: the unit steps of its castling moves.
    castles: [Vec<Vec<isize>>; 2],
    /// Some type castles.
    any_castler: bool,
    /// Every castling move runs along a rank.
    castles_on_ranks: bool,
    /// Per level, per board: the level's group (`None`: nothing to shuffle there).
    groups: Vec<HashMap<Vec<Cell>, Rc<Option<Group>>>>,
    /// Per level, per board: the number of shuffles of the levels from this one on.
    counts: Vec<HashMap<Vec<Cell>, u64>>,
    /// Candidate arrangements examined so far.
    work: u64,
}

impl<'a> Shuffler<'a> {
    /// Resolve the variant's sets (unknown IDs, conflicting marks and IDs not on the board
    /// are errors here).
    pub fn new(variant: &'a Variant) -> Result<Shuffler<'a>, ShuffleError> {
        let types = variant.pieces.len();
        let mut start = variant.template.clone();
        for &(sq, cell) in &variant.setup {
            start[sq] = cell;
        }
        let mut sets = Vec::new();
        for set in &variant.shuffle {
            if set.pieces.is_empty() {
                continue;
            }
            let text = set.to_text();
            let fail = |problem| ShuffleError {
                set: Some(text.clone()),
                problem,
            };
            let mut marks: Vec<(&str, ShuffleMark)> = Vec::new();
            for p in &set.pieces {
                match marks.iter().find(|(id, _)| *id == p.id) {
                    Some(&(_, m)) if m != p.mark => {
                        return Err(fail(ShuffleProblem::ConflictingMarks(p.id.clone())))
                    }
                    Some(_) => {}
                    None => marks.push((&p.id, p.mark)),
                }
            }
            let mut member = vec![false; types];
            let mut shades = Vec::new();
            let mut symmetric = Vec::new();
            for &(id, mark) in &marks {
                let mask: Vec<bool> = variant.pieces.iter().map(|p| p.id == id).collect();
                if !mask.contains(&true) {
                    return Err(fail(ShuffleProblem::UnknownId(id.to_string())));
                }
                let on_board = variant
                    .setup
                    .iter()
                    .any(|&(_, c)| is_piece(c) && mask[cell_type(c)]);
                if !on_board {
                    return Err(fail(ShuffleProblem::NotOnBoard(id.to_string())));
                }
                for (m, &x) in member.iter_mut().zip(&mask) {
                    *m |= x;
                }
                match mark {
                    ShuffleMark::Plain => {}
                    ShuffleMark::Shades => shades.push(mask),
                    ShuffleMark::Symmetric => symmetric.push(mask),
                }
            }
            sets.push(SetPlan {
                text,
                member,
                shades,
                symmetric,
            });
        }
        let castles = [Color::White, Color::Black].map(|c| {
            variant
                .pieces
                .iter()
                .map(|p| {
                    let mut dirs: Vec<isize> = p.linked[c.index()]
                        .links
                        .iter()
                        .filter(|l| l.kind == Kind::Castle && !l.dead)
                        .map(|l| l.off)
                        .collect();
                    dirs.sort_unstable();
                    dirs.dedup();
                    dirs
                })
                .collect::<Vec<_>>()
        });
        let castle_links = || {
            variant.pieces.iter().flat_map(|p| {
                p.linked[0]
                    .links
                    .iter()
                    .filter(|l| l.kind == Kind::Castle && !l.dead)
            })
        };
        let levels = 2 * sets.len();
        Ok(Shuffler {
            variant,
            any_castler: castle_links().next().is_some(),
            castles_on_ranks: castle_links().all(|l| l.dy == 0),
            castles,
            sets,
            start,
            groups: vec![HashMap::new(); levels],
            counts: vec![HashMap::new(); levels],
            work: 0,
        })
    }

    /// The number of shuffle numbers (see the module docs).
    pub fn count(&mut self) -> Result<u64, ShuffleError> {
        let start = self.start.clone();
        self.count_from(0, &start)
    }

    /// The setup of shuffle number `n`.
    pub fn setup(&mut self, n: u64) -> Result<Vec<(Square, Cell)>, ShuffleError> {
        let count = self.count()?;
        if n >= count {
            return Err(ShuffleError {
                set: None,
                problem: ShuffleProblem::OutOfRange { n, count },
            });
        }
        let mut n = n;
        let mut board = self.start.clone();
        for level in 0..self.levels() {
            let group = self.group(level, &board)?;
            let Some(g) = group.as_ref() else { continue };
            if self.independent(level, g, &board) {
                let sub = self.count_from(level + 1, &self.applied(&board, g, 0))?;
                let i = (n / sub) as usize;
                n %= sub;
                board = self.applied(&board, g, i);
            } else {
                for i in 0..g.arrangements.len() {
                    let next = self.applied(&board, g, i);
                    let sub = self.count_from(level + 1, &next)?;
                    if n < sub {
                        board = next;
                        break;
                    }
                    n -= sub;
                }
            }
        }
        Ok(self
            .variant
            .setup
            .iter()
            .map(|&(sq, _)| (sq, board[sq]))
            .collect())
    }

    /// The number of the definition's own setup, if some number gives it.
    pub fn original_number(&mut self) -> Option<u64> {
        let mut n: u64 = 0;
        let mut board = self.start.clone();
        for level in 0..self.levels() {
            let group = self.group(level, &board).ok()?;
            let Some(g) = group.as_ref() else { continue };
            let here: Vec<Cell> = g.squares.iter().map(|&s| board[s]).collect();
            let j = g.arrangements.binary_search(&here).ok()?;
            if self.independent(level, g, &board) {
                let sub = self
                    .count_from(level + 1, &self.applied(&board, g, j))
                    .ok()?;
                n = n.checked_add(sub.checked_mul(j as u64)?)?;
            } else {
                for i in 0..j {
                    let sub = self
                        .count_from(level + 1, &self.applied(&board, g, i))
                        .ok()?;
                    n = n.checked_add(sub)?;
                }
            }
            board = self.applied(&board, g, j);
        }
        // Black following White can overwrite an asymmetric Black setup.
        (board == self.start).then_some(n)
    }

    fn levels(&self) -> usize {
        2 * self.sets.len()
    }

    fn error(&self, level: usize, problem: ShuffleProblem) -> ShuffleError {
        ShuffleError {
            set: Some(self.sets[level / 2].text.clone()),
            problem,
        }
    }

    /// Shuffles of the levels from `level` on, starting from `board`.
    fn count_from(&mut self, level: usize, board: &[Cell]) -> Result<u64, ShuffleError> {
        if level >= self.levels() {
            return Ok(1);
        }
        if let Some(&c) = self.counts[level].get(board) {
            return Ok(c);
        }
        let group = self.group(level, board)?;
        let count = match group.as_ref() {
            None => self.count_from(level + 1, board)?,
            Some(g) if self.independent(level, g, board) => {
                let sub = self.count_from(level + 1, &self.applied(board, g, 0))?;
                sub.checked_mul(g.arrangements.len() as u64)
                    .ok_or_else(|| self.error(level, ShuffleProblem::Overflow))?
            }
            Some(g) => {
                let mut total: u64 = 0;
                for i in 0..g.arrangements.len() {
                    let sub = self.count_from(level + 1, &self.applied(board, g, i))?;
                    total = total
                        .checked_add(sub)
                        .ok_or_else(|| self.error(level, ShuffleProblem::Overflow))?;
                }
                total
            }
        };
        self.counts[level].insert(board.to_vec(), count);
        Ok(count)
    }

    /// The image of a White square on Black's side, by the variant's symmetry.
    fn image(&self, sq: Square) -> Option<Square> {
        let g = &self.variant.geometry;
        let c = g.coord(sq)?;
        let img = match self.variant.symmetry {
            Symmetry::Rotate => c.rotated(g.files, g.ranks),
            Symmetry::Mirror | Symmetry::None => c.mirrored(g.ranks),
        };
        Some(g.square(img))
    }

    /// The same rank's square on the other wing.
    fn file_mirror(&self, sq: Square) -> Option<Square> {
        let g = &self.variant.geometry;
        let c = g.coord(sq)?;
        Some(g.square(crate::coord::Coord::new(g.files - 1 - c.file, c.rank)))
    }

    /// Whether Black's pieces of the set stand on the images of White's, as the same types:
    /// Black then follows White.
    fn black_follows(&self, white: &[Square], black: &[Square], board: &[Cell]) -> bool {
        if white.len() != black.len() {
            return false;
        }
        white.iter().all(|&w| {
            self.image(w)
                .is_some_and(|b| board[b] == (board[w] | BLACK_BIT) && black.contains(&b))
        })
    }

    /// The group of a level on a board (level = 2·set + 0 for White's pieces, + 1 for
    /// Black's own shuffle when Black does not follow White).
    fn group(&mut self, level: usize, board: &[Cell]) -> Result<Rc<Option<Group>>, ShuffleError> {
        if let Some(g) = self.groups[level].get(board) {
            return Ok(g.clone());
        }
        let set = &self.sets[level / 2];
        let of = |color: Color| -> Vec<Square> {
            self.variant
                .playable
                .iter()
                .copied()
                .filter(|&s| {
                    let c = board[s];
                    is_piece(c) && cell_color(c) == color && set.member[cell_type(c)]
                })
                .collect()
        };
        let (white, black) = (of(Color::White), of(Color::Black));
        let follows = self.black_follows(&white, &black, board);
        let (color, squares, follow) = match (level % 2, follows) {
            (0, true) => {
                let images = white.iter().filter_map(|&w| self.image(w)).collect();
                (Color::White, white, Some(images))
            }
            (0, false) => (Color::White, white, None),
            (_, true) => (Color::Black, Vec::new(), None),
            (_, false) => (Color::Black, black, None),
        };
        let group = if squares.is_empty() {
            None
        } else {
            let arrangements = self.arrangements(level, color, &squares, board)?;
            if arrangements.is_empty() {
                return Err(self.error(level, ShuffleProblem::NoArrangement));
            }
            Some(Group {
                squares,
                follow,
                arrangements,
            })
        };
        let group = Rc::new(group);
        self.groups[level].insert(board.to_vec(), group.clone());
        Ok(group)
    }

    /// `board` with arrangement `i` of the group put on its squares (and Black's images).
    fn applied(&self, board: &[Cell], g: &Group, i: usize) -> Vec<Cell> {
        let mut out = board.to_vec();
        for (k, &sq) in g.squares.iter().enumerate() {
            let cell = g.arrangements[i][k];
            out[sq] = cell;
            if let Some(images) = &g.follow {
                out[images[k]] = cell | BLACK_BIT;
            }
        }
        out
    }

    /// Whether the levels after `level` are the same whichever arrangement this level takes
    /// (then the numbers factor as a mixed radix and only one branch is explored). Later
    /// levels see this one's choice through common IDs (their squares) or through castling
    /// constraints on a shared line.
    fn independent(&self, level: usize, g: &Group, board: &[Cell]) -> bool {
        let k = level / 2;
        let set = &self.sets[k];
        let mut ranks: Vec<u8> = g
            .squares
            .iter()
            .chain(g.follow.iter().flatten())
            .map(|&s| self.variant.coord(s).rank)
            .collect();
        ranks.sort_unstable();
        ranks.dedup();
        // Some piece of these types (of this colour) stands on a rank this level changes.
        let shares_rank = |member: &[bool], color: Option<Color>| {
            self.variant.playable.iter().any(|&s| {
                let c = board[s];
                is_piece(c)
                    && member[cell_type(c)]
                    && color.is_none_or(|color| cell_color(c) == color)
                    && ranks.contains(&self.variant.coord(s).rank)
            })
        };
        let castling_reaches = |member: &[bool], color: Option<Color>| {
            self.any_castler && (!self.castles_on_ranks || shares_rank(member, color))
        };
        // The same set's Black level (Black not following) has its own squares, untouched
        // by White's choice; only castling lines can connect them.
        if level.is_multiple_of(2)
            && g.follow.is_none()
            && castling_reaches(&set.member, Some(Color::Black))
        {
            return false;
        }
        self.sets[k + 1..].iter().all(|other| {
            !set.member.iter().zip(&other.member).any(|(a, b)| *a && *b)
                && !castling_reaches(&other.member, None)
        })
    }

    /// The valid arrangements of a group's pieces over its squares, in lexicographic order.
    fn arrangements(
        &mut self,
        level: usize,
        color: Color,
        squares: &[Square],
        board: &[Cell],
    ) -> Result<Vec<Vec<Cell>>, ShuffleError> {
        let mut pool: Vec<(Cell, usize)> = Vec::new();
        let mut cells: Vec<Cell> = squares.iter().map(|&s| board[s]).collect();
        cells.sort_unstable();
        for c in cells {
            match pool.last_mut() {
                Some((last, n)) if *last == c => *n += 1,
                _ => pool.push((c, 1)),
            }
        }
        // n! / (k1! k2! ...), computed as a product of binomials, saturating.
        let mut candidates: u128 = 1;
        let mut placed: u128 = 0;
        for &(_, k) in &pool {
            for i in 1..=k as u128 {
                placed += 1;
                candidates = candidates.saturating_mul(placed) / i;
            }
        }
        if candidates > u128::from(MAX_CANDIDATES)
            || u128::from(self.work) + candidates > u128::from(MAX_CANDIDATES)
        {
            return Err(self.error(
                level,
                ShuffleProblem::TooMany {
                    candidates: candidates.max(u128::from(self.work) + candidates),
                },
            ));
        }
        self.work += candidates as u64;
        let check = Check::new(self, level, color, squares, board);
        let mut out = Vec::new();
        let mut current = Vec::with_capacity(squares.len());
        let mut post = board.to_vec();
        permute(&mut pool, &mut current, &mut |a: &[Cell]| {
            if check.valid(a, &mut post) {
                out.push(a.to_vec());
            }
        });
        Ok(out)
    }
}

/// Every distinct permutation of the pool's cells, in lexicographic order.
fn permute(pool: &mut [(Cell, usize)], current: &mut Vec<Cell>, leaf: &mut dyn FnMut(&[Cell])) {
    if pool.iter().all(|&(_, n)| n == 0) {
        leaf(current);
        return;
    }
    for i in 0..pool.len() {
        if pool[i].1 == 0 {
            continue;
        }
        pool[i].1 -= 1;
        current.push(pool[i].0);
        permute(pool, current, leaf);
        current.pop();
        pool[i].1 += 1;
    }
}

/// The constraints of one group, prepared for checking many arrangements.
struct Check<'s> {
    squares: &'s [Square],
    color: Color,
    board: &'s [Cell],
    /// Per square: dark shade.
    dark: Vec<bool>,
    /// Per square: the index of its file mirror among the squares.
    mirror: Vec<Option<usize>>,
    shades: &'s [Vec<bool>],
    symmetric: &'s [Vec<bool>],
    /// Castling pieces of the group's colour that stay where they are.
    fixed_castlers: Vec<Square>,
    castles: &'s [Vec<isize>],
}

impl<'s> Check<'s> {
    fn new(
        s: &'s Shuffler<'_>,
        level: usize,
        color: Color,
        squares: &'s [Square],
        board: &'s [Cell],
    ) -> Check<'s> {
        let set = &s.sets[level / 2];
        let castles = &s.castles[color.index()];
        let castles_of = |c: Cell| is_piece(c) && !castles[cell_type(c)].is_empty();
        Check {
            squares,
            color,
            board,
            dark: squares
                .iter()
                .map(|&sq| s.variant.coord(sq).is_dark())
                .collect(),
            mirror: squares
                .iter()
                .map(|&sq| {
                    let m = s.file_mirror(sq)?;
                    squares.iter().position(|&x| x == m)
                })
                .collect(),
            shades: &set.shades,
            symmetric: &set.symmetric,
            fixed_castlers: if s.any_castler {
                s.variant
                    .playable
                    .iter()
                    .copied()
                    .filter(|sq| {
                        let c = board[*sq];
                        castles_of(c) && cell_color(c) == color && !squares.contains(sq)
                    })
                    .collect()
            } else {
                Vec::new()
            },
            castles,
        }
    }

    /// Whether arrangement `a` (one cell per square) satisfies every constraint. `post` is
    /// scratch: the board with `a` in place.
    fn valid(&self, a: &[Cell], post: &mut [Cell]) -> bool {
        // `!`: as even over the shades as the squares left allow, in the order written.
        let mut used = vec![false; if self.shades.is_empty() { 0 } else { a.len() }];
        for mask in self.shades {
            let (mut k, mut on_dark, mut dark_free, mut free) = (0i64, 0i64, 0i64, 0i64);
            for i in 0..a.len() {
                if used[i] {
                    continue;
                }
                free += 1;
                dark_free += i64::from(self.dark[i]);
                if mask[cell_type(a[i])] {
                    k += 1;
                    on_dark += i64::from(self.dark[i]);
                    used[i] = true;
                }
            }
            // The feasible numbers on dark squares; the best is the most even of them.
            let (lo, hi) = ((k - (free - dark_free)).max(0), k.min(dark_free));
            let best = (lo..=hi).map(|d| (2 * d - k).abs()).min().unwrap_or(0);
            if (2 * on_dark - k).abs() != best {
                return false;
            }
        }
        // `:`: the squares of each such ID are closed under the file mirror.
        for mask in self.symmetric {
            for i in 0..a.len() {
                if mask[cell_type(a[i])] && self.mirror[i].is_none_or(|j| a[j] != a[i]) {
                    return false;
                }
            }
        }
        if self.castles.iter().all(Vec::is_empty) {
            return true;
        }
        // Castlers stay between their corner pieces.
        for (i, &sq) in self.squares.iter().enumerate() {
            post[sq] = a[i];
        }
        let moved = self
            .squares
            .iter()
            .enumerate()
            .filter(|&(i, _)| !self.castles[cell_type(a[i])].is_empty())
            .map(|(_, &sq)| sq);
        for castler in self.fixed_castlers.iter().copied().chain(moved) {
            let me = post[castler];
            for &off in &self.castles[cell_type(me)] {
                if !self.between(castler, off, me, post) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the castler `me` on `from` still has a piece of its corner piece's kind on
    /// the side `off`. The corner square is the outermost occupied one of the line on that
    /// side — the castler's own square when nothing stands beyond it.
    fn between(&self, from: Square, off: isize, me: Cell, post: &[Cell]) -> bool {
        let line = || {
            let mut cur = from;
            std::iter::from_fn(move || {
                cur += off;
                let c = post[cur];
                (c != OFF).then_some((cur, c))
            })
            .filter(|&(_, c)| c != EMPTY)
        };
        let outer = line().last().map_or(from, |(sq, _)| sq);
        if !self.squares.contains(&outer) {
            // The corner piece does not move: the castler stays between it and the centre.
            return true;
        }
        let corner = self.board[outer];
        if cell_color(corner) != self.color || corner == me {
            return true;
        }
        line().any(|(_, c)| c == corner)
    }
}
