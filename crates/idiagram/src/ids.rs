//! Values made of piece IDs: `promoChoice`, `shuffle`, `contageous`.
//!
//! IDs may have several characters (`+P`, `Ph`) or be non-ASCII; a value is tokenised by the
//! IDs that are defined, longest match first. `,` and whitespace between IDs are ignored.

use crate::diag::{Ctx, Diags};
use crate::lex::Field;

/// Can `id` be written in an ID list (`promoChoice`, `shuffle`, `contageous`) unambiguously?
/// Not when it contains a separator or marker (`,` `/` `*` `!` `:` or whitespace), or starts or
/// ends with a digit (which would read as a rank-count suffix).
pub(crate) fn referable(id: &str) -> bool {
    !id.is_empty()
        && !id.contains([',', '/', '*', '!', ':'])
        && !id.contains(char::is_whitespace)
        && !id.starts_with(|c: char| c.is_ascii_digit())
        && !id.ends_with(|c: char| c.is_ascii_digit())
}

/// The IDs defined by the pieces, for tokenising.
#[derive(Debug, Default)]
pub(crate) struct IdTable {
    /// Distinct non-empty IDs, longest first.
    ids: Vec<String>,
}

impl IdTable {
    pub fn new<'a>(ids: impl IntoIterator<Item = &'a str>) -> IdTable {
        let mut v: Vec<String> = ids
            .into_iter()
            .filter(|s| referable(s))
            .map(str::to_string)
            .collect();
        v.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        v.dedup();
        IdTable { ids: v }
    }

    /// The longest defined ID that `rest` starts with.
    pub fn match_at(&self, rest: &str) -> Option<&str> {
        self.ids
            .iter()
            .find(|id| rest.starts_with(id.as_str()))
            .map(String::as_str)
    }
}

/// One token of an ID list: prefix characters, the ID, an optional number suffix.
#[derive(Debug)]
struct IdToken {
    /// Column of the token's first character.
    col: usize,
    prefixes: String,
    id: String,
    number: Option<u32>,
}

/// Scan `field` into ID tokens. `prefixes` are the marker characters allowed before an ID;
/// `numbers` allows a decimal suffix after an ID.
fn scan(
    field: Field,
    ids: &IdTable,
    prefixes: &[char],
    numbers: bool,
    diags: &mut Diags,
    ctx: Ctx,
) -> Vec<IdToken> {
    let text = field.text;
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < text.len() {
        let rest = &text[pos..];
        let Some(c) = rest.chars().next() else { break };
        if c == ',' || c.is_whitespace() {
            pos += c.len_utf8();
            continue;
        }
        let start = pos;
        let mut pre = String::new();
        while let Some(p) = text[pos..].chars().next() {
            // A prefix character is a prefix unless it begins a longer defined ID.
            if !prefixes.contains(&p)
                || ids
                    .match_at(&text[pos..])
                    .is_some_and(|id| id.len() > p.len_utf8())
            {
                break;
            }
            pre.push(p);
            pos += p.len_utf8();
        }
        let Some(id) = ids.match_at(&text[pos..]) else {
            let bad: String = text[pos..]
                .chars()
                .take_while(|c| *c != ',' && !c.is_whitespace())
                .collect();
            if bad.is_empty() {
                diags.warning(
                    field.line,
                    field.col_at(start),
                    ctx,
                    format!("'{pre}' is not followed by a piece ID; it is skipped"),
                );
            } else {
                let first = bad.chars().next().unwrap_or(' ');
                diags.warning(
                    field.line,
                    field.col_at(pos),
                    ctx,
                    format!("no piece has ID '{first}'; it is skipped"),
                );
                pos += first.len_utf8();
            }
            continue;
        };
        pos += id.len();
        let mut number = None;
        let digits: String = text[pos..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if !digits.is_empty() {
            if numbers {
                match digits.parse::<u32>() {
                    Ok(n) => number = Some(n),
                    Err(_) => diags.warning(
                        field.line,
                        field.col_at(pos),
                        ctx,
                        format!("number '{digits}' after '{id}' is too large; it is ignored"),
                    ),
                }
            } else {
                diags.warning(
                    field.line,
                    field.col_at(pos),
                    ctx,
                    format!("unexpected number '{digits}' after '{id}'; it is ignored"),
                );
            }
            pos += digits.len();
        }
        out.push(IdToken {
            col: field.col_at(start),
            prefixes: pre,
            id: id.to_string(),
            number,
        });
    }
    out
}

/// One promotion choice of `promoChoice`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PromoOption {
    /// The ID promoted to.
    pub id: String,
    /// `*ID`: only when a piece of that type is in the player's hand.
    pub needs_hand: bool,
    /// `!ID`: not on the last rank (typically `!P`, deferral in a deep zone). With
    /// `promoOffset` set it instead means: this type must promote (may not defer).
    pub not_last_rank: bool,
    /// `ID` followed by a number M: only on the last M ranks of the zone.
    pub last_ranks: Option<u32>,
}

impl PromoOption {
    /// A plain choice of `id`.
    pub fn plain(id: impl Into<String>) -> PromoOption {
        PromoOption {
            id: id.into(),
            needs_hand: false,
            not_last_rank: false,
            last_ranks: None,
        }
    }
}

/// `promoChoice`: one or more choice sets (separated by `/` in the text). The first set is the
/// default; a `morph` cell `1`..`9` selects set 1..9 (0-based index 1..9 here). No sets at all
/// means no choices (`promoChoice=`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PromoChoice {
    pub sets: Vec<Vec<PromoOption>>,
}

impl PromoChoice {
    /// All IDs of the first (default) set.
    pub fn default_set(&self) -> &[PromoOption] {
        self.sets.first().map_or(&[], Vec::as_slice)
    }

    /// Parse a `promoChoice` value; `zone` is the promotion-zone depth (a number suffix not
    /// below it gets a warning).
    pub(crate) fn parse(
        field: Field,
        ids: &IdTable,
        zone: u32,
        diags: &mut Diags,
        ctx: Ctx,
    ) -> PromoChoice {
        if field.text.trim().is_empty() {
            return PromoChoice::default();
        }
        let mut sets = Vec::new();
        for set in field.split('/') {
            let mut options = Vec::new();
            for t in scan(set, ids, &['*', '!'], true, diags, ctx) {
                if let Some(m) = t.number {
                    if m >= zone {
                        diags.warning(
                            field.line,
                            t.col,
                            ctx,
                            format!(
                                "'{}{m}' limits the choice to the last {m} ranks, but the promotion zone is only {zone} deep",
                                t.id
                            ),
                        );
                    }
                }
                options.push(PromoOption {
                    id: t.id,
                    needs_hand: t.prefixes.contains('*'),
                    not_last_rank: t.prefixes.contains('!'),
                    last_ranks: t.number,
                });
            }
            sets.push(options);
        }
        // A single empty set is the same as no choices (both render as an empty value).
        if sets.len() == 1 && sets[0].is_empty() {
            sets.clear();
        }
        PromoChoice { sets }
    }

    /// The canonical text: sets joined by `/`, choices by `,`.
    pub fn to_text(&self) -> String {
        self.sets
            .iter()
            .map(|set| {
                set.iter()
                    .map(|o| {
                        let mut s = String::new();
                        if o.not_last_rank {
                            s.push('!');
                        }
                        if o.needs_hand {
                            s.push('*');
                        }
                        s.push_str(&o.id);
                        if let Some(m) = o.last_ranks {
                            s.push_str(&m.to_string());
                        }
                        s
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// How a piece of a shuffle set is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ShuffleMark {
    /// No prefix.
    Plain,
    /// `!ID`: placed first, spread as evenly as possible over the square shades.
    Shades,
    /// `:ID`: placed symmetrically.
    Symmetric,
}

/// One entry of a shuffle set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShufflePiece {
    pub id: String,
    pub mark: ShuffleMark,
}

/// One comma-separated set of `shuffle=`: its pieces are permuted over their start squares.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShuffleSet {
    pub pieces: Vec<ShufflePiece>,
}

impl ShuffleSet {
    /// The set as written in `shuffle=` (`N!BRQK`), for messages about one set.
    pub fn to_text(&self) -> String {
        shuffle_text(std::slice::from_ref(self))
    }
}

pub(crate) fn parse_shuffle(
    field: Field,
    ids: &IdTable,
    diags: &mut Diags,
    ctx: Ctx,
) -> Vec<ShuffleSet> {
    let mut out = Vec::new();
    for set in field.split(',') {
        let set = set.trim();
        if set.text.is_empty() {
            if !field.text.trim().is_empty() {
                diags.warning(set.line, set.col, ctx, "empty shuffle set ignored");
            }
            continue;
        }
        let pieces = scan(set, ids, &['!', ':'], false, diags, ctx)
            .into_iter()
            .map(|t| ShufflePiece {
                id: t.id,
                mark: if t.prefixes.contains(':') {
                    ShuffleMark::Symmetric
                } else if t.prefixes.contains('!') {
                    ShuffleMark::Shades
                } else {
                    ShuffleMark::Plain
                },
            })
            .collect::<Vec<_>>();
        // A set whose IDs were all unknown (reported above) is dropped.
        if !pieces.is_empty() {
            out.push(ShuffleSet { pieces });
        }
    }
    out
}

pub(crate) fn shuffle_text(sets: &[ShuffleSet]) -> String {
    sets.iter()
        .map(|s| {
            s.pieces
                .iter()
                .map(|p| {
                    let m = match p.mark {
                        ShuffleMark::Plain => "",
                        ShuffleMark::Shades => "!",
                        ShuffleMark::Symmetric => ":",
                    };
                    format!("{m}{}", p.id)
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// One entry of `contageous=`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contagion {
    pub id: String,
    /// `!ID`: not contagious itself, but immune to contagion.
    pub immune: bool,
}

pub(crate) fn parse_contagion(
    field: Field,
    ids: &IdTable,
    diags: &mut Diags,
    ctx: Ctx,
) -> Vec<Contagion> {
    scan(field, ids, &['!'], false, diags, ctx)
        .into_iter()
        .map(|t| Contagion {
            id: t.id,
            immune: !t.prefixes.is_empty(),
        })
        .collect()
}

pub(crate) fn contagion_text(list: &[Contagion]) -> String {
    list.iter()
        .map(|c| format!("{}{}", if c.immune { "!" } else { "" }, c.id))
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(s: &str) -> Field<'_> {
        Field {
            text: s,
            line: 1,
            col: 1,
        }
    }

    #[test]
    fn promo_choice_forms() {
        let ids = IdTable::new(["P", "N", "B", "R", "V", "C", "Q", "+P", "Ph"]);
        let mut d = Diags::default();
        let pc = PromoChoice::parse(field("!P*N*B*R*V*C*Q"), &ids, 3, &mut d, Ctx::default());
        assert!(d.list.is_empty());
        assert_eq!(pc.sets.len(), 1);
        assert_eq!(pc.sets[0].len(), 7);
        assert!(pc.sets[0][0].not_last_rank && !pc.sets[0][0].needs_hand);
        assert!(pc.sets[0][6].needs_hand);
        let pc = PromoChoice::parse(field("Q, R2/+P,Ph"), &ids, 3, &mut d, Ctx::default());
        assert!(d.list.is_empty(), "{:?}", d.list);
        assert_eq!(pc.sets[0][1].last_ranks, Some(2));
        assert_eq!(pc.sets[1][0].id, "+P");
        assert_eq!(pc.sets[1][1].id, "Ph");
        assert_eq!(pc.to_text(), "Q,R2/+P,Ph");
        PromoChoice::parse(field("QX"), &ids, 3, &mut d, Ctx::default());
        assert_eq!(d.list.len(), 1);
        assert_eq!(d.list[0].column, 2);
    }

    #[test]
    fn shuffle_and_contagion() {
        let ids = IdTable::new(["N", "B", "R", "Q", "K"]);
        let mut d = Diags::default();
        let s = parse_shuffle(field("N!BRQK,:NR"), &ids, &mut d, Ctx::default());
        assert!(d.list.is_empty());
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].pieces[1].mark, ShuffleMark::Shades);
        assert_eq!(s[1].pieces[0].mark, ShuffleMark::Symmetric);
        assert_eq!(shuffle_text(&s), "N!BRQK,:NR");
        let c = parse_contagion(field("Q,!K"), &ids, &mut d, Ctx::default());
        assert_eq!(contagion_text(&c), "Q,!K");
        parse_contagion(field("Q!"), &ids, &mut d, Ctx::default());
        assert_eq!(d.list.len(), 1);
    }
}
