//! Start-square lists: `b1,g1`, ranges `a2-h2`, rectangles `d4-e5`, `white,,black`.

use crate::coord::Coord;
use crate::diag::{Ctx, Diags};
use crate::lex::Field;
use crate::Symmetry;

/// A square with the source position it came from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sq {
    pub coord: Coord,
    pub line: usize,
    pub col: usize,
}

/// One square, read as the Interactive Diagram's script reads it (`PutPiece` in
/// `betza.js`): a file letter, then the number in the next two characters the way
/// JavaScript's `parseInt` reads it (leading digits; `b2x` is b2, `c02` is c2), less the
/// board's `firstRank` (`rank_base`, 1 unless `firstRank` says otherwise: with
/// `firstRank=0` the bottom rank is written `a0`, as the page's coordinates show it).
/// Text after the number is ignored with a warning; a square off the board is left out.
fn square(
    f: Field,
    files: u8,
    ranks: u8,
    rank_base: i32,
    diags: &mut Diags,
    ctx: Ctx,
) -> Option<Coord> {
    let text = f.text;
    let mut chars = text.chars();
    let not_square = |diags: &mut Diags, why: String| {
        let msg = if text.is_empty() {
            "missing square in range; the range is left out".to_string()
        } else {
            format!("'{text}' is not a square: {why}; it is left out")
        };
        diags.warning(f.line, f.col, ctx, msg);
        None
    };
    let file = match chars.next() {
        None => return not_square(diags, String::new()),
        Some(c) if c.is_ascii_lowercase() => c as u8 - b'a',
        Some(c) => return not_square(diags, format!("'{c}' is not a file letter (a-z)")),
    };
    let rest = chars.as_str();
    let digits: String = rest
        .chars()
        .take(2)
        .take_while(char::is_ascii_digit)
        .collect();
    if digits.is_empty() {
        let shown = if rest.is_empty() { "''" } else { rest };
        return not_square(diags, format!("{shown} does not start with a rank number"));
    }
    let number: i32 = digits.parse().unwrap_or(0);
    let tail = &rest[digits.len()..];
    if !tail.is_empty() {
        diags.warning(
            f.line,
            f.col,
            ctx,
            format!(
                "'{text}': the text '{tail}' after the rank is ignored (the Interactive Diagram reads only the number)"
            ),
        );
    }
    let rank = number - rank_base;
    if file >= files || rank < 0 || rank >= i32::from(ranks) {
        diags.warning(
            f.line,
            f.col,
            ctx,
            format!("square '{text}' is outside the {files}x{ranks} board; it is left out"),
        );
        return None;
    }
    Some(Coord::new(file, rank as u8))
}

/// The rank number of the bottom rank in square lists: `firstRank` when it is a number
/// from 0 to 24 (the script subtracts it from every rank it reads), else 1.
pub(crate) fn rank_base(first_rank: Option<&str>) -> i32 {
    first_rank
        .and_then(|v| v.trim().parse::<i32>().ok())
        .filter(|b| (0..=i32::from(crate::coord::MAX_SIDE)).contains(b))
        .unwrap_or(1)
}

/// Parse a comma-separated list of squares and ranges.
pub(crate) fn parse_list(
    field: Field,
    files: u8,
    ranks: u8,
    rank_base: i32,
    diags: &mut Diags,
    ctx: Ctx,
) -> Vec<Sq> {
    let mut out = Vec::new();
    if field.text.trim().is_empty() {
        return out;
    }
    for item in field.split(',') {
        let item = item.trim();
        if item.text.is_empty() {
            diags.warning(
                item.line,
                item.col,
                ctx,
                "empty item in the square list ignored",
            );
            continue;
        }
        let parts = item.split('-');
        match parts.as_slice() {
            [one] => {
                if let Some(c) = square(one.trim(), files, ranks, rank_base, diags, ctx) {
                    out.push(Sq {
                        coord: c,
                        line: item.line,
                        col: item.col,
                    });
                }
            }
            [a, b] => {
                let a = square(a.trim(), files, ranks, rank_base, diags, ctx);
                let b = square(b.trim(), files, ranks, rank_base, diags, ctx);
                if let (Some(a), Some(b)) = (a, b) {
                    let (f1, f2) = (a.file.min(b.file), a.file.max(b.file));
                    let (r1, r2) = (a.rank.min(b.rank), a.rank.max(b.rank));
                    for r in r1..=r2 {
                        for f in f1..=f2 {
                            out.push(Sq {
                                coord: Coord::new(f, r),
                                line: item.line,
                                col: item.col,
                            });
                        }
                    }
                }
            }
            _ => diags.warning(
                item.line,
                item.col,
                ctx,
                format!(
                    "'{}' is not a square or a range like a2-h2; it is left out",
                    item.text
                ),
            ),
        }
    }
    out
}

/// Black's square for White's `c` under `symmetry` (`none` has no derived squares; the mirror is
/// returned for it).
pub(crate) fn black_of(c: Coord, symmetry: Symmetry, files: u8, ranks: u8) -> Coord {
    match symmetry {
        Symmetry::Rotate => c.rotated(files, ranks),
        Symmetry::Mirror | Symmetry::None => c.mirrored(ranks),
    }
}

/// The squares of a piece line's square field, for White and for Black.
pub(crate) fn parse_field(
    field: Option<Field>,
    symmetry: Symmetry,
    files: u8,
    ranks: u8,
    rank_base: i32,
    diags: &mut Diags,
    ctx: Ctx,
) -> (Vec<Sq>, Vec<Sq>) {
    let Some(field) = field else {
        return (Vec::new(), Vec::new());
    };
    // The script compares the field with 0 the JavaScript way, so `0` means no squares.
    if field.text.trim() == "0" {
        return (Vec::new(), Vec::new());
    }
    match symmetry {
        Symmetry::None => match field.split_once(",,") {
            Some((w, b)) => {
                if let Some(i) = b.text.find(",,") {
                    diags.warning(
                        b.line,
                        b.col_at(i),
                        ctx,
                        "only one ',,' may separate White's squares from Black's; the later one is read as an empty item",
                    );
                }
                let white = parse_list(w, files, ranks, rank_base, diags, ctx);
                let black = parse_list(b, files, ranks, rank_base, diags, ctx);
                (white, black)
            }
            // A leading empty item is the separator too: no White squares (`,a8,h8`).
            None if field.text.trim_start().starts_with(',') => {
                let at = field.text.find(',').unwrap_or(0);
                let rest = field.sub(at + 1, field.text.len());
                (
                    Vec::new(),
                    parse_list(rest, files, ranks, rank_base, diags, ctx),
                )
            }
            None => (
                parse_list(field, files, ranks, rank_base, diags, ctx),
                Vec::new(),
            ),
        },
        Symmetry::Mirror | Symmetry::Rotate => match field.split_once(",,") {
            // `,,` says "White's squares, then Black's" whatever the symmetry, so the lists are
            // taken as written; only a Black list that differs from the derived one is worth a
            // note (Black's moves still follow the symmetry).
            Some((w, b)) => {
                let white = parse_list(w, files, ranks, rank_base, diags, ctx);
                let black = parse_list(b, files, ranks, rank_base, diags, ctx);
                let derived_sqs = derive(&white, symmetry, files, ranks);
                let mut derived: Vec<Coord> = white
                    .iter()
                    .map(|s| black_of(s.coord, symmetry, files, ranks))
                    .collect();
                let mut listed: Vec<Coord> = black.iter().map(|s| s.coord).collect();
                derived.sort();
                listed.sort();
                if derived != listed {
                    let i = field.text.find(",,").unwrap_or(0);
                    diags.warning(
                        field.line,
                        field.col_at(i),
                        ctx,
                        format!(
                            "Black's squares after ',,' are not the {} of White's; they are placed as listed (Black's moves still follow symmetry={})",
                            if symmetry == Symmetry::Rotate { "rotation" } else { "mirror image" },
                            symmetry.as_str()
                        ),
                    );
                    (white, black)
                } else {
                    (white, derived_sqs)
                }
            }
            None => {
                let white = parse_list(field, files, ranks, rank_base, diags, ctx);
                let black = derive(&white, symmetry, files, ranks);
                (white, black)
            }
        },
    }
}

/// Black's squares derived from White's, in White's order.
fn derive(white: &[Sq], symmetry: Symmetry, files: u8, ranks: u8) -> Vec<Sq> {
    white
        .iter()
        .map(|s| Sq {
            coord: black_of(s.coord, symmetry, files, ranks),
            ..*s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(s: &str, files: u8, ranks: u8) -> (Vec<String>, Vec<(usize, String)>) {
        let mut d = Diags::default();
        let f = Field {
            text: s,
            line: 1,
            col: 1,
        };
        let v = parse_list(f, files, ranks, 1, &mut d, Ctx::default());
        (
            v.iter().map(|s| s.coord.to_string()).collect(),
            d.list
                .iter()
                .map(|x| (x.column, x.message.clone()))
                .collect(),
        )
    }

    #[test]
    fn ranges_and_rectangles() {
        assert_eq!(list("a2-c2", 8, 8).0, ["a2", "b2", "c2"]);
        assert_eq!(list("d4-e5", 8, 8).0, ["d4", "e4", "d5", "e5"]);
        assert_eq!(list("e5-d4", 8, 8).0, ["d4", "e4", "d5", "e5"]);
        assert_eq!(list("b1, g1", 8, 8).0, ["b1", "g1"]);
        assert_eq!(list("p16", 16, 16).0, ["p16"]);
    }

    #[test]
    fn bad_squares() {
        let (ok, errs) = list("a1,k1,b2-z2,a,,x", 10, 8);
        assert_eq!(ok, ["a1"]);
        assert_eq!(errs.len(), 5, "{errs:?}");
        assert_eq!(errs[0].0, 4);
        assert!(errs[0].1.contains("'k1' is outside the 10x8 board"));
        assert_eq!(errs[1].0, 10);
        assert!(errs[1].1.contains("'z2'"));
        assert_eq!(errs[2].0, 13);
        assert_eq!(errs[3].0, 15); // empty item
        assert_eq!(errs[4].0, 16);
    }
}
