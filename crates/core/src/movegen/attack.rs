//! Attack tables: for each piece type and colour, what a piece standing at a given
//! displacement from a square needs in order to capture there.
//!
//! Legality asks "is this royal attacked?" after every candidate move, so the question must
//! be cheap: the table, indexed by the padded index difference (unique because the board
//! stride is at least `2·files − 1`), answers at once for leapers, with a ray walk for
//! sliders, a screen count for cannons and grasshoppers, a mid-square test for lame leapers and, for
//! multi-leg paths that only pass over empty squares (a falcon's three king-step paths, a
//! griffon's turn), the squares each path crosses: the target is attacked when every square
//! of one path is empty. Anything more exotic (locust stops, initial-only captures) is marked `Complex` and answered by running that one piece's generator.
//! Borrowed moves (the imitator `I`, final `x` legs) start from the piece's own square and
//! may be any type's: the whole board is `Complex` for them.
//!
//! ```text
//! falcon afsafK... : target (1,3) ← paths [(0,1) (1,2)] | [(0,1) (0,2)] | [(1,1) (1,2)]
//! ```

use crate::variant::fast_paths::{leg_allows, LegPath};
use crate::variant::geometry::{Geometry, Square};
use crate::variant::{Link, Linked};
use xbetza::{Flags, Kind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Attack {
    None,
    /// Captures whatever stands there.
    Leap,
    /// Captures along a ray with this step (a square offset); the squares between must
    /// be empty.
    Ray(isize),
    /// A cannon: exactly one occupied square between, along this step.
    Hop(isize),
    /// A grasshopper: the square just before the target (along this step) is occupied,
    /// and every square before that is empty.
    Grass(isize),
    /// A lame leap: this offset (from the attacker) must be empty.
    Lame(isize),
    /// Multi-leg paths: one of the table's path sets ([`AttackTable::open_path`]).
    Paths(u32),
    /// Ask the generator.
    Complex,
}

#[derive(Clone, Debug)]
pub(crate) struct AttackTable {
    entries: Vec<Attack>,
    /// Index of displacement zero.
    center: isize,
    /// For [`Attack::Paths`]: the alternative paths to one displacement, each the offsets
    /// (from the attacker) of the squares it crosses, in walking order.
    paths: Vec<Vec<Vec<isize>>>,
}

/// Paths from one subtree above this many make the table no faster than the generator.
const MAX_PATHS: usize = 4096;

impl AttackTable {
    /// The entry for a target at `diff = target - attacker`.
    #[inline]
    pub fn get(&self, diff: isize) -> Attack {
        let i = diff + self.center;
        // In range for any two on-board squares by construction.
        self.entries
            .get(i as usize)
            .copied()
            .unwrap_or(Attack::None)
    }

    /// Whether entry `e` of this table (from [`Self::get`]) lets the attacker on `from`
    /// capture on `target`, with `empty` telling which squares are empty (the board as it
    /// stands, or with a royal lifted off it); `None` for [`Attack::Complex`], which only
    /// the piece's generator can answer. The one evaluation of the closed forms.
    #[inline]
    pub fn hits(
        &self,
        e: Attack,
        from: Square,
        target: Square,
        empty: impl Fn(Square) -> bool,
    ) -> Option<bool> {
        Some(match e {
            Attack::None => false,
            Attack::Leap => true,
            Attack::Ray(off) => {
                let mut cur = from + off;
                while cur != target && empty(cur) {
                    cur += off;
                }
                cur == target
            }
            Attack::Hop(off) => {
                let mut cur = from + off;
                let mut screens = 0;
                while cur != target && screens < 2 {
                    screens += usize::from(!empty(cur));
                    cur += off;
                }
                screens == 1 && cur == target
            }
            Attack::Grass(off) => {
                let screen = target - off;
                let mut cur = from + off;
                while cur != screen && empty(cur) {
                    cur += off;
                }
                cur == screen && !empty(screen)
            }
            Attack::Lame(mid) => empty(from + mid),
            Attack::Paths(set) => self.open_path(set, from, empty),
            Attack::Complex => return None,
        })
    }

    /// Whether one of the paths of set `set` (an [`Attack::Paths`]) from `from` crosses
    /// only squares that `empty` accepts. The squares are tested in walking order, so no
    /// test leaves the padded board: each square is one step from the one before, which
    /// was on the board (off-board cells are never empty).
    #[inline]
    pub fn open_path(&self, set: u32, from: Square, empty: impl Fn(Square) -> bool) -> bool {
        self.paths[set as usize]
            .iter()
            .any(|p| p.iter().all(|&o| empty(from + o)))
    }

    /// The paths of set `set`, for marking the squares whose change matters.
    pub fn path_set(&self, set: u32) -> &[Vec<isize>] {
        &self.paths[set as usize]
    }

    pub fn build(linked: &Linked, g: &Geometry) -> AttackTable {
        let w = g.files as isize;
        let h = g.ranks as isize;
        let stride = g.stride as isize;
        let center = (h - 1) * stride + (w - 1);
        let mut t = AttackTable {
            entries: vec![Attack::None; (2 * center + 1) as usize],
            center,
            paths: Vec::new(),
        };
        let side = g.files.max(g.ranks) as i32;
        let links = &linked.links;
        let mut i = 0;
        while i < links.len() {
            let l = links[i];
            let subtree = &links[i..=i + l.skip as usize];
            i += 1 + l.skip as usize;
            let royal_capture = |f: Flags| {
                (f.contains(Flags::CAPTURE) || f.contains(Flags::ROYAL_ONLY))
                    && !f.contains(Flags::NON_ROYAL)
            };
            // Imitated (`I`) and lent (final `x`) moves are another type's, from anywhere.
            let borrows = subtree
                .iter()
                .any(|r| r.kind == Kind::Imitate || r.flags.contains(Flags::FINAL | Flags::INDUCE));
            if !borrows && !subtree.iter().any(|r| royal_capture(r.flags)) {
                continue;
            }
            let final_single =
                l.kind == Kind::Leg && l.flags.contains(Flags::FINAL) && l.depth == 0;
            // Flags outside the gate's attack list (initial-only, exact, wrapping, ...) need
            // the piece's generator.
            let plain =
                final_single && l.skip_first == 0 && leg_allows(l.kind, l.flags, LegPath::Attack);
            if plain && !l.flags.intersects(Flags::HOP | Flags::GRASS | Flags::LAME) {
                let n = (l.range as i32).min(side);
                for k in 1..=n {
                    let d = (l.dx as i32 * k, l.dy as i32 * k);
                    if d.0.abs() >= w as i32 || d.1.abs() >= h as i32 {
                        break;
                    }
                    let e = if k == 1 {
                        Attack::Leap
                    } else {
                        Attack::Ray(l.off)
                    };
                    t.merge(g.offset(d.0, d.1), e);
                }
            } else if plain
                && l.flags.intersects(Flags::HOP | Flags::GRASS)
                && !l.flags.contains(Flags::HOP | Flags::GRASS)
                && !l.flags.contains(Flags::LAME)
            {
                // A cannon over one screen anywhere before the target, or a grasshopper
                // landing directly behind it; either way the target is at most `range`
                // steps away (the landing is the last step the interpreter counts).
                let e = if l.flags.contains(Flags::GRASS) {
                    Attack::Grass(l.off)
                } else {
                    Attack::Hop(l.off)
                };
                let n = (l.range as i32).min(side);
                for k in 2..=n {
                    let d = (l.dx as i32 * k, l.dy as i32 * k);
                    if d.0.abs() >= w as i32 || d.1.abs() >= h as i32 {
                        break;
                    }
                    t.merge(g.offset(d.0, d.1), e);
                }
            } else if plain && l.flags.contains(Flags::LAME) && l.range == 1 {
                t.merge(g.offset(l.dx as i32, l.dy as i32), Attack::Lame(l.mid));
            } else if let Some(paths) = (!borrows && l.depth == 0)
                .then(|| empty_paths(subtree, g))
                .flatten()
            {
                for (end, squares) in paths {
                    t.merge_path(g.offset(end.0, end.1), squares);
                }
            } else {
                // Everything within reach of the whole path may be attacked.
                let reach: i32 = match l.kind {
                    _ if borrows => side,
                    Kind::Teleport => side,
                    _ => subtree
                        .iter()
                        .filter(|r| r.kind == Kind::Leg)
                        .map(|r| {
                            let len = (r.dx as i32).abs().max((r.dy as i32).abs());
                            len * (r.range as i32).min(side)
                        })
                        .sum(),
                };
                let reach = if l.flags.contains(Flags::WRAP)
                    || subtree.iter().any(|r| r.flags.contains(Flags::WRAP))
                {
                    side
                } else {
                    reach.min(side)
                };
                for dy in -reach..=reach {
                    for dx in -reach..=reach {
                        if dx.abs() < w as i32 && dy.abs() < h as i32 {
                            t.merge(g.offset(dx, dy), Attack::Complex);
                        }
                    }
                }
            }
        }
        t
    }

    /// Add one path to the entry at `diff`: a path crossing nothing is a leap, a lame
    /// leap's mid square is a one-square path, and paths to one displacement form a set.
    fn merge_path(&mut self, diff: isize, squares: Vec<isize>) {
        if squares.is_empty() {
            return self.merge(diff, Attack::Leap);
        }
        let Some(slot) = usize::try_from(diff + self.center)
            .ok()
            .filter(|&i| i < self.entries.len())
        else {
            return;
        };
        let set = match self.entries[slot] {
            Attack::None => {
                self.paths.push(Vec::new());
                self.paths.len() - 1
            }
            Attack::Paths(set) => set as usize,
            Attack::Lame(mid) => {
                self.paths.push(vec![vec![mid]]);
                self.paths.len() - 1
            }
            Attack::Leap => return,
            _ => {
                self.entries[slot] = Attack::Complex;
                return;
            }
        };
        if !self.paths[set].contains(&squares) {
            self.paths[set].push(squares);
        }
        self.entries[slot] = Attack::Paths(set as u32);
    }

    fn merge(&mut self, diff: isize, e: Attack) {
        // Displacements beyond the board never occur between two of its squares.
        let Some(slot) = usize::try_from(diff + self.center)
            .ok()
            .and_then(|i| self.entries.get_mut(i))
        else {
            return;
        };
        *slot = match (*slot, e) {
            (Attack::None, e) => e,
            (Attack::Leap, _) | (_, Attack::Leap) => Attack::Leap,
            (a, b) if a == b => a,
            (Attack::Paths(_), Attack::Lame(mid)) => return self.merge_path(diff, vec![mid]),
            _ => Attack::Complex,
        };
    }
}

/// A capturing path: its end (file and rank displacement) and the offsets of the squares
/// it crosses, in walking order.
type PathEnd = ((i32, i32), Vec<isize>);

/// The capturing paths of a first leg's subtree whose non-final legs are single steps to
/// empty squares: each path's end (displacement in files and ranks) and the offsets of
/// the squares it crosses, in walking order (the attacker's own square, left empty by
/// the move, is not among them). `None` when some leg needs the generator: a locust or
/// hopping stop, a loop, a flag [`LegPath::AttackPath`] does not implement, or too many
/// paths.
fn empty_paths(subtree: &[Link], g: &Geometry) -> Option<Vec<PathEnd>> {
    let mut out = Vec::new();
    let mut crossed = Vec::new();
    walk_paths(subtree, 0, (0, 0), &mut crossed, g, &mut out)?;
    Some(out)
}

/// One record of [`empty_paths`] and its continuations, reached at `at` after crossing
/// `crossed` (file and rank displacements).
fn walk_paths(
    links: &[Link],
    i: usize,
    at: (i32, i32),
    crossed: &mut Vec<(i32, i32)>,
    g: &Geometry,
    out: &mut Vec<PathEnd>,
) -> Option<()> {
    let l = &links[i];
    if !leg_allows(l.kind, l.flags, LegPath::AttackPath) || l.skip_first != 0 {
        return None;
    }
    if out.len() > MAX_PATHS {
        return None;
    }
    let (w, h) = (g.files as i32, g.ranks as i32);
    let on_board = |p: (i32, i32)| p.0.abs() < w && p.1.abs() < h;
    let step = (i32::from(l.dx), i32::from(l.dy));
    if l.dead {
        return Some(());
    }
    let offsets = |squares: &[(i32, i32)]| -> Vec<isize> {
        squares
            .iter()
            .filter(|&&p| p != (0, 0))
            .map(|&(x, y)| g.offset(x, y))
            .collect()
    };
    if l.flags.contains(Flags::FINAL) {
        let captures = (l.flags.contains(Flags::CAPTURE) || l.flags.contains(Flags::ROYAL_ONLY))
            && !l.flags.contains(Flags::NON_ROYAL);
        if !captures {
            return Some(());
        }
        let side = w.max(h);
        let mut path = crossed.clone();
        let mut cur = at;
        for _ in 0..(l.range as i32).min(side) {
            cur = (cur.0 + step.0, cur.1 + step.1);
            if !on_board(cur) {
                break;
            }
            // A path that crosses its own end finds the victim in its way.
            if cur != (0, 0) && !path.contains(&cur) {
                out.push((cur, offsets(&path)));
            }
            path.push(cur);
        }
        return Some(());
    }
    // A non-final leg: one step that stops only on an empty square.
    let stops_empty = l.flags.intersects(Flags::MOVE | Flags::Y)
        && !l.flags.intersects(
            Flags::CAPTURE | Flags::DESTROY | Flags::ROYAL_ONLY | Flags::NON_ROYAL | Flags::EP,
        );
    if l.range != 1 || !stops_empty {
        return None;
    }
    let next = (at.0 + step.0, at.1 + step.1);
    if !on_board(next) {
        return Some(());
    }
    crossed.push(next);
    let end = i + l.skip as usize;
    let mut c = i + 1;
    while c <= end {
        walk_paths(links, c, next, crossed, g, out)?;
        c += 1 + links[c].skip as usize;
    }
    crossed.pop();
    Some(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use xbetza::random::{descriptor, Rng};

    use super::*;
    use crate::position::Position;
    use crate::variant::{cell_color, cell_type, Variant};

    /// Pieces whose paths cross empty squares: the falcon (chessvariants.com "Falcon
    /// Chess", as fmax.ini writes it), lame leaps by two routes, bent riders, and
    /// mixtures with plain leaps; and grasshoppers, with a short range too.
    const PATH_PIECES: &[&str] = &[
        "gQ",
        "gR3",
        "gBmW",
        "afsafKafafsKaflafrKafraflK",
        "afsW",
        "afsWafsF",
        "afsF",
        "yafsF",
        "yafsW",
        "afsafsW",
        "afsWD",
        "mafsWcK",
        "afsWnN",
    ];

    /// A random 8×8 position with both kings, some `X` pieces of each colour and some
    /// blockers, as a FEN.
    fn random_fen(rng: &mut Rng) -> String {
        let mut cells = [' '; 64];
        let mut put = |rng: &mut Rng, c: char| loop {
            let i = rng.below(64);
            if cells[i] == ' ' {
                cells[i] = c;
                break;
            }
        };
        put(rng, 'K');
        put(rng, 'k');
        for _ in 0..1 + rng.below(3) {
            put(rng, 'X');
            put(rng, 'x');
        }
        for _ in 0..rng.below(24) {
            let c = if rng.below(2) == 0 { 'P' } else { 'p' };
            put(rng, c);
        }
        let ranks: Vec<String> = cells
            .chunks(8)
            .rev()
            .map(|row| {
                let mut s = String::new();
                let mut gap = 0;
                for &c in row {
                    if c == ' ' {
                        gap += 1;
                    } else {
                        if gap > 0 {
                            s += &gap.to_string();
                            gap = 0;
                        }
                        s.push(c);
                    }
                }
                if gap > 0 {
                    s += &gap.to_string();
                }
                s
            })
            .collect();
        format!("{} w - - 0 1", ranks.join("/"))
    }

    /// The table's closed-form answer against running the piece's generator: whether an
    /// `X` attacks the enemy king, on random positions, for path pieces and random
    /// descriptors. Returns how many `Paths` and `Grass` answers were compared.
    fn compare(desc: &str, rng: &mut Rng, positions: usize) -> usize {
        let text = format!(
            "files=8\nranks=8\nroyal=1\npromoZone=0\nking:K:K::e1\n\
             blocker:P:W::a3\npiece:X:{desc}::c1\n"
        );
        let Ok((v, _)) = Variant::from_definition("paths", &text) else {
            return 0;
        };
        let v = Arc::new(v);
        let mut paths = 0;
        for _ in 0..positions {
            let fen = random_fen(rng);
            let p = Position::from_fen(v.clone(), &fen).unwrap();
            for from in v.geometry.squares() {
                let c = p.board[from];
                if !crate::variant::is_piece(c) || v.pieces[cell_type(c)].id != "X" {
                    continue;
                }
                let by = cell_color(c);
                let king = p.royals[by.flip().index()][0];
                let table = &v.attack[cell_type(c)][by.index()];
                paths += usize::from(matches!(
                    table.get(king - from),
                    Attack::Paths(_) | Attack::Grass(_)
                ));
                if let Some(hit) = p.table_attack(from, by, king) {
                    assert_eq!(
                        hit,
                        p.piece_captures(from, king),
                        "{desc} in {fen}: table says {hit} for the piece on {:?}",
                        v.geometry.coord(from)
                    );
                }
            }
        }
        paths
    }

    #[test]
    fn path_and_grasshopper_entries_agree_with_the_generator() {
        let mut rng = Rng::new(0x5EED_FA1C);
        let mut paths = 0;
        for desc in PATH_PIECES {
            let n = compare(desc, &mut rng, 400);
            assert!(n > 20, "{desc}: only {n} path answers compared");
            paths += n;
        }
        for _ in 0..600 {
            let desc = descriptor(&mut rng);
            paths += compare(&desc, &mut rng, 10);
        }
        assert!(paths > 1000, "{paths}");
    }

    #[test]
    fn the_falcon_attacks_by_three_paths_with_no_generator() {
        let v = crate::variant::catalogue::load("falcon").unwrap();
        let f = v.pieces.iter().position(|p| p.id == "F").unwrap();
        let table = &v.attack[f][0];
        let g = &v.geometry;
        // (1,3): by (0,1)(0,2), (0,1)(1,2) and (1,1)(1,2) — three paths of two squares.
        let Attack::Paths(set) = table.get(g.offset(1, 3)) else {
            panic!("(1,3) is not a path entry");
        };
        let mut got: Vec<Vec<isize>> = table.path_set(set).to_vec();
        got.sort();
        let mut want = vec![
            vec![g.offset(0, 1), g.offset(0, 2)],
            vec![g.offset(0, 1), g.offset(1, 2)],
            vec![g.offset(1, 1), g.offset(1, 2)],
        ];
        want.sort();
        assert_eq!(got, want);
        // Nothing the falcon does needs its generator to answer an attack.
        for dy in -7..=7 {
            for dx in -9..=9 {
                assert_ne!(table.get(g.offset(dx, dy)), Attack::Complex, "({dx},{dy})");
            }
        }
    }
}
