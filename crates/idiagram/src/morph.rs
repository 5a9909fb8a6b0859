//! `morph=`: per-piece board picture of what happens when the piece lands on each square.

use std::collections::HashSet;

use crate::coord::Coord;
use crate::diag::{Ctx, Diags};
use crate::lex::Field;
use crate::{Color, Symmetry};

/// What happens when a piece of the morph's type lands on a square.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MorphCell {
    /// `.`: nothing special.
    #[default]
    Normal,
    /// An ID: instant promotion to the type with that ID (the latest such type in the piece list
    /// that is not the piece itself, see [`crate::Definition::promotion_target`]).
    Promote(String),
    /// `*`: promotion with choice from the first `promoChoice` set.
    Choice,
    /// `1`..`9`: promotion with choice from that extra `promoChoice` set (index into
    /// [`crate::PromoChoice::sets`]).
    ChoiceSet(u8),
    /// `|`: optional Shogi-style promotion (`promoOffset`).
    ShogiOptional,
    /// `^`: forced Shogi-style promotion.
    ShogiForced,
    /// `!`: the piece may not move there.
    Forbidden,
    /// `=`: may not move there if it holds a friendly piece.
    NoFriendlyCapture,
    /// `+`: delayed win (like baring).
    DelayedWin,
    /// `#`: immediate win (like capturing the king).
    ImmediateWin,
}

impl MorphCell {
    /// The text of the cell in a morph picture.
    pub fn symbol(&self) -> String {
        match self {
            MorphCell::Normal => ".".into(),
            MorphCell::Promote(id) => id.clone(),
            MorphCell::Choice => "*".into(),
            MorphCell::ChoiceSet(n) => n.to_string(),
            MorphCell::ShogiOptional => "|".into(),
            MorphCell::ShogiForced => "^".into(),
            MorphCell::Forbidden => "!".into(),
            MorphCell::NoFriendlyCapture => "=".into(),
            MorphCell::DelayedWin => "+".into(),
            MorphCell::ImmediateWin => "#".into(),
        }
    }

    fn from_char(c: char, ids: &HashSet<char>) -> Option<MorphCell> {
        Some(match c {
            '.' => MorphCell::Normal,
            '*' => MorphCell::Choice,
            '1'..='9' => MorphCell::ChoiceSet(c as u8 - b'0'),
            '|' => MorphCell::ShogiOptional,
            '^' => MorphCell::ShogiForced,
            '!' => MorphCell::Forbidden,
            '=' => MorphCell::NoFriendlyCapture,
            '+' => MorphCell::DelayedWin,
            '#' => MorphCell::ImmediateWin,
            '"' => return None,
            c if ids.contains(&c) => MorphCell::Promote(c.to_string()),
            _ => return None,
        })
    }
}

static NORMAL: MorphCell = MorphCell::Normal;

/// A parsed `morph` board: one cell per square, for each colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Morph {
    /// White's view, `white[rank][file]` (rank 0 = the first rank).
    pub white: Vec<Vec<MorphCell>>,
    /// What a black piece meets on each square, `black[rank][file]`: White's picture mirrored
    /// (`symmetry` mirror or none) or rotated (`symmetry=rotate`).
    pub black: Vec<Vec<MorphCell>>,
}

impl Morph {
    /// Build from White's table, deriving Black's per `symmetry`.
    pub fn from_white(white: Vec<Vec<MorphCell>>, symmetry: Symmetry) -> Morph {
        let ranks = white.len();
        let black = (0..ranks)
            .map(|r| {
                let src = &white[ranks - 1 - r];
                match symmetry {
                    Symmetry::Rotate => src.iter().rev().cloned().collect(),
                    Symmetry::Mirror | Symmetry::None => src.clone(),
                }
            })
            .collect();
        Morph { white, black }
    }

    /// The cell a piece of `color` meets on `square` (`Normal` off the table).
    pub fn cell(&self, color: Color, square: Coord) -> &MorphCell {
        let table = match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        };
        table
            .get(square.rank as usize)
            .and_then(|row| row.get(square.file as usize))
            .unwrap_or(&NORMAL)
    }

    /// Whether any cell of White's table satisfies `pred`.
    pub fn any(&self, pred: impl Fn(&MorphCell) -> bool) -> bool {
        self.white.iter().flatten().any(pred)
    }

    pub(crate) fn parse(
        field: Field,
        files: u8,
        ranks: u8,
        symmetry: Symmetry,
        ids: &HashSet<char>,
        diags: &mut Diags,
        ctx: Ctx,
    ) -> Morph {
        let (files, ranks) = (files as usize, ranks as usize);
        let mut white = vec![vec![MorphCell::Normal; files]; ranks];
        let given = if field.text.is_empty() {
            Vec::new()
        } else {
            field.split('/')
        };
        if given.len() > ranks {
            let extra = given[ranks];
            diags.warning(
                extra.line,
                extra.col,
                ctx,
                format!(
                    "the picture has {} ranks but the board only {ranks}; the extra ranks are ignored",
                    given.len()
                ),
            );
        }
        let mut prev = vec![MorphCell::Normal; files];
        for (k, rank) in given.iter().take(ranks).enumerate() {
            let rank = rank.trim();
            let row = if rank.text == "\"" {
                if k == 0 {
                    diags.warning(
                        rank.line,
                        rank.col,
                        ctx,
                        "'\"' on the first rank has no previous rank to repeat; taken as empty",
                    );
                }
                prev.clone()
            } else if rank.text.is_empty() {
                vec![MorphCell::Normal; files]
            } else {
                let mut cells = Vec::new();
                for (b, c) in rank.text.char_indices() {
                    if cells.len() == files {
                        diags.warning(
                            rank.line,
                            rank.col_at(b),
                            ctx,
                            format!(
                                "rank '{}' has {} squares but the board is {files} files wide; the rest is ignored",
                                rank.text,
                                rank.text.chars().count()
                            ),
                        );
                        break;
                    }
                    match MorphCell::from_char(c, ids) {
                        Some(cell) => cells.push(cell),
                        None => {
                            let why = if c.is_alphabetic() {
                                format!("no piece has ID '{c}'; the square stays '.'")
                            } else {
                                format!("'{c}' is not a morph symbol (. * 1-9 | ^ ! = + # or a piece ID); the square stays '.'")
                            };
                            diags.warning(rank.line, rank.col_at(b), ctx, why);
                            cells.push(MorphCell::Normal);
                        }
                    }
                }
                let period = cells.len();
                if period == 0 {
                    vec![MorphCell::Normal; files]
                } else {
                    (0..files).map(|f| cells[f % period].clone()).collect()
                }
            };
            white[ranks - 1 - k] = row.clone();
            prev = row;
        }
        Morph::from_white(white, symmetry)
    }

    /// The canonical picture: highest rank first, each rank shortened to its cyclic period
    /// (empty when all `.`), `"` for a repeated rank, trailing empty ranks dropped.
    pub fn to_text(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut prev: Option<&Vec<MorphCell>> = None;
        for row in self.white.iter().rev() {
            let short = shortest_period(row);
            let text: String = if short.iter().all(|c| *c == MorphCell::Normal) {
                String::new()
            } else {
                short.iter().map(MorphCell::symbol).collect()
            };
            if prev == Some(row) && text.chars().count() > 1 {
                parts.push("\"".into());
            } else {
                parts.push(text);
            }
            prev = Some(row);
        }
        while parts.last().is_some_and(String::is_empty) {
            parts.pop();
        }
        parts.join("/")
    }
}

/// The shortest prefix of `row` whose repetition gives `row` (lengths dividing the row only).
fn shortest_period(row: &[MorphCell]) -> &[MorphCell] {
    let n = row.len();
    for p in 1..n {
        if n.is_multiple_of(p) && (p..n).all(|i| row[i] == row[i % p]) {
            return &row[..p];
        }
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str, files: u8, ranks: u8, sym: Symmetry) -> (Morph, Diags) {
        let mut d = Diags::default();
        let ids: HashSet<char> = ['Q', 'C', 'R', 'N', 'B'].into_iter().collect();
        let f = Field {
            text: s,
            line: 1,
            col: 7,
        };
        let m = Morph::parse(f, files, ranks, sym, &ids, &mut d, Ctx::default());
        (m, d)
    }

    fn row(m: &Morph, rank: usize) -> String {
        m.white[rank].iter().map(MorphCell::symbol).collect()
    }

    #[test]
    fn xiangqi_palace() {
        let (m, d) = parse("//////!/!!!.../\"/\"", 9, 10, Symmetry::Mirror);
        assert!(d.list.is_empty());
        assert_eq!(row(&m, 9), ".........");
        assert_eq!(row(&m, 3), "!!!!!!!!!");
        assert_eq!(row(&m, 2), "!!!...!!!");
        assert_eq!(row(&m, 0), "!!!...!!!");
        // Black sees the picture mirrored: its palace is on ranks 8-10.
        assert_eq!(
            m.cell(Color::Black, "d10".parse().unwrap()),
            &MorphCell::Normal
        );
        assert_eq!(
            m.cell(Color::Black, "a10".parse().unwrap()),
            &MorphCell::Forbidden
        );
        assert_eq!(m.to_text(), "//////!/!!!...!!!/\"/\"");
    }

    #[test]
    fn rotate_and_shortcuts() {
        let (m, d) = parse("RNBQ*BNR/C.", 8, 8, Symmetry::Rotate);
        assert!(d.list.is_empty());
        assert_eq!(row(&m, 7), "RNBQ*BNR");
        assert_eq!(row(&m, 6), "C.C.C.C.");
        // Black's a1 is White's h8.
        assert_eq!(
            m.cell(Color::Black, "a1".parse().unwrap()),
            &MorphCell::Promote("R".into())
        );
        assert_eq!(
            m.cell(Color::Black, "d1".parse().unwrap()),
            &MorphCell::Choice
        );
        assert_eq!(m.to_text(), "RNBQ*BNR/C.");
    }

    #[test]
    fn errors_have_columns() {
        let (_, d) = parse("Q/.X./?/........./////.", 8, 8, Symmetry::Mirror);
        let cols: Vec<usize> = d.list.iter().map(|x| x.column).collect();
        // Extra 9th rank at 7+22, 'X' at 7+3, '?' at 7+6, 9th char of rank 4 at 7+16.
        assert_eq!(cols, vec![7 + 22, 10, 13, 7 + 16]);
    }
}
