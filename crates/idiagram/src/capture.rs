//! `captureMatrix=`: what happens when a type moves to an empty square or captures a type.

use std::collections::HashSet;

use crate::diag::{Ctx, Diags};
use crate::lex::Field;

/// One cell of the capture matrix.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CaptureCell {
    /// `.`: normal move/capture.
    #[default]
    Normal,
    /// An upper-case ID: the mover promotes (forced) to that type.
    Promote(String),
    /// A lower-case ID: the mover turns into an enemy piece of that type (the ID as defined,
    /// i.e. upper-case, is stored).
    EnemyPromote(String),
    /// `|`: optional Shogi promotion (`promoOffset`).
    ShogiPromote,
    /// `!`: the capture is illegal.
    Forbidden,
    /// `?`: the capture is illegal (same meaning as `!`; kept apart for faithful rendering).
    ForbiddenAlt,
    /// `%`: illegal if the victim is protected.
    ForbiddenIfProtected,
    /// `^`: may not hop over that type.
    NoHop,
    /// `$`: may neither capture nor hop over that type.
    NoCaptureNoHop,
    /// `0`: kamikaze, the capturer disappears too.
    Kamikaze,
    /// `@`: explosion / burning.
    Explode,
}

impl CaptureCell {
    /// The text of the cell in a matrix row.
    pub fn symbol(&self) -> String {
        match self {
            CaptureCell::Normal => ".".into(),
            CaptureCell::Promote(id) => id.clone(),
            CaptureCell::EnemyPromote(id) => id.to_lowercase(),
            CaptureCell::ShogiPromote => "|".into(),
            CaptureCell::Forbidden => "!".into(),
            CaptureCell::ForbiddenAlt => "?".into(),
            CaptureCell::ForbiddenIfProtected => "%".into(),
            CaptureCell::NoHop => "^".into(),
            CaptureCell::NoCaptureNoHop => "$".into(),
            CaptureCell::Kamikaze => "0".into(),
            CaptureCell::Explode => "@".into(),
        }
    }

    fn from_char(c: char, ids: &HashSet<char>) -> Result<CaptureCell, String> {
        Ok(match c {
            '.' => CaptureCell::Normal,
            '|' => CaptureCell::ShogiPromote,
            '!' => CaptureCell::Forbidden,
            '?' => CaptureCell::ForbiddenAlt,
            '%' => CaptureCell::ForbiddenIfProtected,
            '^' => CaptureCell::NoHop,
            '$' => CaptureCell::NoCaptureNoHop,
            '0' => CaptureCell::Kamikaze,
            '@' => CaptureCell::Explode,
            '"' => return Err("'\"' (repeat the previous row) must stand alone in its row".into()),
            c if c.is_uppercase() && ids.contains(&c) => CaptureCell::Promote(c.to_string()),
            c if c.is_lowercase() => {
                let mut up = c.to_uppercase();
                match (up.next(), up.next()) {
                    (Some(u), None) if ids.contains(&u) => CaptureCell::EnemyPromote(u.to_string()),
                    _ if ids.contains(&c) => CaptureCell::Promote(c.to_string()),
                    _ => return Err(format!("no piece has ID '{}'", c.to_uppercase())),
                }
            }
            c if ids.contains(&c) => CaptureCell::Promote(c.to_string()),
            c if c.is_alphabetic() => return Err(format!("no piece has ID '{c}'")),
            c => {
                return Err(format!(
                    "'{c}' is not a capture-matrix symbol (. ID id | ! ? % ^ $ 0 @ = \" or a count)"
                ))
            }
        })
    }
}

/// Where a move goes, as a capture-matrix column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Target {
    /// An empty square.
    Empty,
    /// An enemy piece of this type (0-based piece index).
    Enemy(usize),
    /// A friendly piece of this type (0-based piece index).
    Friend(usize),
}

/// One row of the matrix: the moving type's cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CaptureRow {
    /// Moving to an empty square.
    pub empty: CaptureCell,
    /// Capturing an enemy of each type, in piece-list order.
    pub enemy: Vec<CaptureCell>,
    /// Capturing a friend of each type, in piece-list order.
    pub friend: Vec<CaptureCell>,
}

impl CaptureRow {
    fn normal(n: usize) -> CaptureRow {
        CaptureRow {
            empty: CaptureCell::Normal,
            enemy: vec![CaptureCell::Normal; n],
            friend: vec![CaptureCell::Normal; n],
        }
    }

    fn cells(&self) -> Vec<CaptureCell> {
        let mut v = Vec::with_capacity(1 + 2 * self.enemy.len());
        v.push(self.empty.clone());
        v.extend(self.enemy.iter().cloned());
        v.extend(self.friend.iter().cloned());
        v
    }

    fn from_cells(cells: Vec<CaptureCell>, n: usize) -> CaptureRow {
        let mut it = cells.into_iter();
        let empty = it.next().unwrap_or_default();
        let enemy: Vec<_> = it.by_ref().take(n).collect();
        let friend: Vec<_> = it.take(n).collect();
        CaptureRow {
            empty,
            enemy,
            friend,
        }
    }
}

static NORMAL: CaptureCell = CaptureCell::Normal;

/// The full matrix, one row per piece type (rows and cells not written are `Normal`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CaptureMatrix {
    pub rows: Vec<CaptureRow>,
}

impl CaptureMatrix {
    /// An all-normal matrix for `n` piece types.
    pub fn normal(n: usize) -> CaptureMatrix {
        CaptureMatrix {
            rows: vec![CaptureRow::normal(n); n],
        }
    }

    /// The cell for piece type `mover` going to `target` (`Normal` when out of range).
    pub fn cell(&self, mover: usize, target: Target) -> &CaptureCell {
        let Some(row) = self.rows.get(mover) else {
            return &NORMAL;
        };
        match target {
            Target::Empty => &row.empty,
            Target::Enemy(v) => row.enemy.get(v).unwrap_or(&NORMAL),
            Target::Friend(v) => row.friend.get(v).unwrap_or(&NORMAL),
        }
    }

    /// Whether any cell satisfies `pred`.
    pub fn any(&self, pred: impl Fn(&CaptureCell) -> bool) -> bool {
        self.rows.iter().any(|r| r.cells().iter().any(&pred))
    }

    /// `names[i]` names the mover of row `i` in diagnostics.
    pub(crate) fn parse(
        field: Field,
        n: usize,
        ids: &HashSet<char>,
        names: &[&str],
        diags: &mut Diags,
        key: &str,
    ) -> CaptureMatrix {
        let width = 1 + 2 * n;
        let mut rows: Vec<Vec<CaptureCell>> = vec![vec![CaptureCell::Normal; width]; n];
        let mut prev = vec![CaptureCell::Normal; width];
        let mut r = 0usize;
        let mut too_many = false;
        let parts = field.split('/');
        for (k, part) in parts.iter().enumerate() {
            let part = part.trim();
            let ctx = match names.get(r) {
                Some(name) => Ctx::piece_param(name, key),
                None => Ctx::param(key),
            };
            if let Some(rest) = part.text.strip_prefix('"') {
                let count = if rest.is_empty() {
                    1
                } else if rest.bytes().all(|b| b.is_ascii_digit()) {
                    rest.parse::<usize>().unwrap_or(usize::MAX)
                } else {
                    diags.warning(
                        part.line,
                        part.col + 1,
                        ctx,
                        format!("'\"' must be followed by a row count, not '{rest}'; the row is read as plain '.' cells"),
                    );
                    1
                };
                if k == 0 {
                    diags.warning(
                        part.line,
                        part.col,
                        ctx,
                        "'\"' in the first row has no previous row; repeats an all-normal row",
                    );
                }
                let take = count.min(n.saturating_sub(r));
                for _ in 0..take {
                    rows[r] = prev.clone();
                    r += 1;
                }
                if count > take && !too_many {
                    too_many = true;
                    diags.warning(
                        part.line,
                        part.col,
                        Ctx::param(key),
                        format!("the matrix has more rows than the {n} piece types; the extra rows are ignored"),
                    );
                }
                continue;
            }
            if r >= n {
                if !part.text.is_empty() && !too_many {
                    too_many = true;
                    diags.warning(
                        part.line,
                        part.col,
                        Ctx::param(key),
                        format!("the matrix has more rows than the {n} piece types; the extra rows are ignored"),
                    );
                }
                continue;
            }
            let row = parse_row(part, n, ids, diags, ctx);
            rows[r] = row.clone();
            prev = row;
            r += 1;
        }
        CaptureMatrix {
            rows: rows
                .into_iter()
                .map(|c| CaptureRow::from_cells(c, n))
                .collect(),
        }
    }

    /// Canonical text: trailing `.` dropped, runs compressed with counts, repeated rows as `"`/`"N`,
    /// trailing all-normal rows dropped.
    pub fn to_text(&self) -> String {
        let texts: Vec<(Vec<CaptureCell>, String)> = self
            .rows
            .iter()
            .map(|r| {
                let c = r.cells();
                let t = row_text(&c);
                (c, t)
            })
            .collect();
        let mut end = texts.len();
        while end > 0 && texts[end - 1].1.is_empty() {
            end -= 1;
        }
        let mut parts: Vec<String> = Vec::new();
        let mut i = 0;
        while i < end {
            let mut j = i + 1;
            while j < end && texts[j].0 == texts[i].0 {
                j += 1;
            }
            parts.push(texts[i].1.clone());
            let reps = j - i - 1;
            if reps == 1 && texts[i].1.is_empty() {
                parts.push(String::new());
            } else if reps == 1 {
                parts.push("\"".into());
            } else if reps > 1 {
                parts.push(format!("\"{reps}"));
            }
            i = j;
        }
        parts.join("/")
    }
}

struct RowBuilder<'a, 'b> {
    cells: Vec<CaptureCell>,
    pos: usize,
    overflow: bool,
    part: Field<'a>,
    n: usize,
    ctx: Ctx<'b>,
}

impl RowBuilder<'_, '_> {
    /// Put `cell` at the current position; false (with one warning per row) when the row is full.
    fn place(&mut self, cell: &CaptureCell, byte: usize, diags: &mut Diags) -> bool {
        if let Some(slot) = self.cells.get_mut(self.pos) {
            *slot = cell.clone();
            self.pos += 1;
            return true;
        }
        if !self.overflow {
            self.overflow = true;
            let n = self.n;
            diags.warning(
                self.part.line,
                self.part.col_at(byte),
                self.ctx,
                format!(
                    "the row has more than {} cells (empty square, {n} enemy and {n} friendly types); the extra cells are ignored",
                    1 + 2 * n
                ),
            );
        }
        false
    }
}

fn parse_row(
    part: Field,
    n: usize,
    ids: &HashSet<char>,
    diags: &mut Diags,
    ctx: Ctx,
) -> Vec<CaptureCell> {
    let width = 1 + 2 * n;
    let mut row = RowBuilder {
        cells: vec![CaptureCell::Normal; width],
        pos: 0,
        overflow: false,
        part,
        n,
        ctx,
    };
    let mut last: Option<CaptureCell> = None;
    let mut seen_eq = false;
    let chars: Vec<(usize, char)> = part.text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (b, c) = chars[i];
        if c.is_ascii_digit() && c != '0' {
            let mut j = i;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            let end = chars.get(j).map_or(part.text.len(), |x| x.0);
            let count = part.text[b..end].parse::<usize>().unwrap_or(usize::MAX);
            let sym = last.clone().unwrap_or(CaptureCell::Normal);
            for _ in 0..count.min(width + 1) {
                if !row.place(&sym, b, diags) {
                    break;
                }
            }
            i = j;
            continue;
        }
        if c == '=' {
            if seen_eq {
                diags.warning(
                    part.line,
                    part.col + i,
                    ctx,
                    "second '=' in the row; it is ignored",
                );
            } else {
                seen_eq = true;
                let (head, tail) = row.cells.split_at_mut(1 + n);
                tail.clone_from_slice(&head[1..]);
                row.pos = 1 + n;
                last = None;
            }
            i += 1;
            continue;
        }
        let cell = match CaptureCell::from_char(c, ids) {
            Ok(cell) => cell,
            Err(msg) => {
                // `i` counts characters: the column without recounting the row.
                diags.warning(
                    part.line,
                    part.col + i,
                    ctx,
                    format!("{msg}; the cell stays '.'"),
                );
                CaptureCell::Normal
            }
        };
        row.place(&cell, b, diags);
        last = Some(cell);
        i += 1;
    }
    row.cells
}

/// The text of one row of cells.
fn row_text(cells: &[CaptureCell]) -> String {
    let mut end = cells.len();
    while end > 0 && cells[end - 1] == CaptureCell::Normal {
        end -= 1;
    }
    let cells = &cells[..end];
    let mut out = String::new();
    let mut i = 0;
    while i < cells.len() {
        let mut j = i + 1;
        while j < cells.len() && cells[j] == cells[i] {
            j += 1;
        }
        let len = j - i;
        // A count directly followed by a '0' (kamikaze) cell would read as part of the count.
        let next_is_zero = cells.get(j) == Some(&CaptureCell::Kamikaze);
        let sym = cells[i].symbol();
        if i == 0 && cells[i] == CaptureCell::Normal && len >= 2 && !next_is_zero {
            out.push_str(&len.to_string());
        } else if len >= 3 && !next_is_zero {
            out.push_str(&sym);
            out.push_str(&(len - 1).to_string());
        } else {
            for _ in 0..len {
                out.push_str(&sym);
            }
        }
        i = j;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str, n: usize) -> (CaptureMatrix, Diags) {
        let ids: HashSet<char> = ['K', 'Q', 'P'].into_iter().collect();
        let mut d = Diags::default();
        let f = Field {
            text: s,
            line: 2,
            col: 15,
        };
        let names: Vec<&str> = (0..n).map(|_| "x").collect();
        let m = CaptureMatrix::parse(f, n, &ids, &names, &mut d, "captureMatrix");
        (m, d)
    }

    #[test]
    fn piece_lab_example() {
        // 13 types: 1-9 normal, 10 explodes on every move, 11 on captures, 12 always, 13 normal.
        let (m, d) = parse("/\"8/@14/.@13/@14", 13);
        assert!(d.list.is_empty(), "{:?}", d.list);
        assert_eq!(m.rows[8], CaptureRow::normal(13));
        let r10 = &m.rows[9];
        assert_eq!(r10.empty, CaptureCell::Explode);
        assert!(r10.enemy.iter().all(|c| *c == CaptureCell::Explode));
        // '@' plus 14 more = 15 cells: the last one is the first friendly victim.
        assert_eq!(r10.friend[0], CaptureCell::Explode);
        assert_eq!(r10.friend[1], CaptureCell::Normal);
        let r11 = &m.rows[10];
        assert_eq!(r11.empty, CaptureCell::Normal);
        assert!(r11.enemy.iter().all(|c| *c == CaptureCell::Explode));
        assert_eq!(r11.friend[0], CaptureCell::Explode);
        assert_eq!(m.rows[12], CaptureRow::normal(13));
        assert_eq!(m.to_text(), "/\"8/@14/.@13/@14");
    }

    #[test]
    fn equals_copy_and_letters() {
        let (m, d) = parse("3!=..q/.Q0/2$/\"", 4);
        assert!(d.list.is_empty(), "{:?}", d.list);
        let r = &m.rows[0];
        assert_eq!(r.empty, CaptureCell::Normal);
        use CaptureCell::Normal as N;
        assert_eq!(r.enemy, vec![N, N, CaptureCell::Forbidden, N]);
        // '=' copied the enemy part, then '..q' overwrote friendly victims 1-3.
        assert_eq!(
            r.friend,
            vec![N, N, CaptureCell::EnemyPromote("Q".into()), N]
        );
        assert_eq!(m.rows[1].enemy[0], CaptureCell::Promote("Q".into()));
        assert_eq!(m.rows[1].enemy[1], CaptureCell::Kamikaze);
        assert_eq!(m.rows[2].enemy[1], CaptureCell::NoCaptureNoHop);
        assert_eq!(m.rows[3], m.rows[2]);
        assert_eq!(m.cell(2, Target::Enemy(1)), &CaptureCell::NoCaptureNoHop);
        assert_eq!(m.cell(9, Target::Empty), &CaptureCell::Normal);
        let t = m.to_text();
        assert_eq!(t, "3!.2q/.Q0/2$/\"");
        let (m2, d2) = parse(&t, 4);
        assert!(d2.list.is_empty());
        assert_eq!(m, m2, "{t}");
    }

    #[test]
    fn counts_before_kamikaze_are_not_merged() {
        let (m, d) = parse("@@@0/..0", 2);
        assert!(d.list.is_empty());
        assert_eq!(m.rows[0].friend[0], CaptureCell::Kamikaze);
        assert_eq!(m.rows[1].empty, CaptureCell::Normal);
        assert_eq!(m.rows[1].enemy[1], CaptureCell::Kamikaze);
        let t = m.to_text();
        assert_eq!(t, "@@@0/..0");
        assert_eq!(parse(&t, 2).0, m, "{t}");
        // A count may contain zeros: "@10" is '@' and ten more (too many for 5 cells).
        let (m, d) = parse("@10", 2);
        assert_eq!(d.list.len(), 1, "{:?}", d.list);
        assert_eq!(m.rows[0].friend[1], CaptureCell::Explode);
    }

    #[test]
    fn errors() {
        let (_, d) = parse("..X/@99/\"x/./.", 2);
        let got: Vec<(usize, String)> = d
            .list
            .iter()
            .map(|x| (x.column, x.message.clone()))
            .collect();
        assert_eq!(got.len(), 4, "{got:?}");
        assert_eq!(got[0].0, 17); // X
        assert!(got[0].1.contains("'X'"));
        assert_eq!(got[1].0, 20); // the count 99 overflows the 5 cells
        assert_eq!(got[2].0, 24); // "x
        assert!(got[3].1.contains("more rows"));
    }
}
