//! Property tests without extra dependencies: a small deterministic generator builds random
//! definitions; each must survive `parse(to_text(d)) == d`, also in the one-line stored form.
//! Random edits of the rendered texts must never panic and must round-trip after parsing.

use idiagram::coord::MAX_SIDE;
use idiagram::{
    parse, Baring, CaptureCell, CaptureMatrix, CaptureRow, Contagion, Coord, Definition, Morph,
    MorphCell, Outcome, Param, PieceDef, PromoChoice, PromoOption, ShuffleMark, ShufflePiece,
    ShuffleSet, Symmetry, Zone,
};

/// xorshift64*.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn text(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }
}

const NAMES: &[&str] = &[
    "pawn",
    "knight",
    "shatranj pawn",
    "Knight (Horse)",
    "promoted lance",
    "Éléphant",
    "dragon king",
    "ü",
    "Rook",
    "a b c",
    "(x)",
    "象棋",
    "Lion",
    "man",
];
const IDS: &[&str] = &[
    "A", "B", "C", "D", "K", "N", "P", "Q", "R", "W", "+P", "+R", "Ph", "象", "馬", "Xy", "é",
];
const MOVES: &[&str] = &[
    "fmWfceFifmnD",
    "N",
    "KisO2",
    "mRcpR",
    "(4,1)",
    "afafsKafsafzfK",
    "FyafsF",
    "W",
    "[F?R]",
    "mN[xN-N]",
];
const IMAGES: &[&str] = &[
    "pawn",
    "cardinal",
    "/graphics.dir/cazaux/shako/Pion%",
    "http://example.com/x.png",
    "white pawn",
];
const PARAMS: &[(&str, &str)] = &[
    ("squareSize", "35"),
    ("graphicsDir", "/graphics.dir/alfaerie/"),
    ("lightShade", "#FFFFC0"),
    ("lightShade", "rgb(1, 2, 3)"),
    ("satellite", "x"),
    ("useMarkers", "1"),
    ("firstRank", "0"),
    ("myExtra", "some value"),
];

fn square(rng: &mut Rng, files: u8, ranks: u8) -> Coord {
    Coord::new(
        rng.below(files as usize) as u8,
        rng.below(ranks as usize) as u8,
    )
}

fn squares(rng: &mut Rng, files: u8, ranks: u8) -> Vec<Coord> {
    let mut v = Vec::new();
    for _ in 0..rng.below(4) {
        v.push(square(rng, files, ranks));
    }
    if rng.chance(30) {
        // A run along a rank (rendered as a range).
        let start = square(rng, files, ranks);
        let len = rng.range(1, (files - start.file) as usize);
        v.extend((0..len).map(|i| Coord::new(start.file + i as u8, start.rank)));
    }
    v
}

fn black_of(c: Coord, sym: Symmetry, files: u8, ranks: u8) -> Coord {
    match sym {
        Symmetry::Rotate => c.rotated(files, ranks),
        _ => c.mirrored(ranks),
    }
}

/// Unique random indices below `n`.
fn subset(rng: &mut Rng, n: usize, max: usize) -> Vec<usize> {
    let mut v = Vec::new();
    for _ in 0..rng.below(max + 1) {
        let i = rng.below(n);
        if !v.contains(&i) {
            v.push(i);
        }
    }
    v
}

fn generate(rng: &mut Rng, one_line: bool) -> Definition {
    let files = if rng.chance(80) {
        rng.range(5, 16) as u8
    } else {
        rng.range(1, MAX_SIDE as usize) as u8
    };
    let ranks = if rng.chance(80) {
        rng.range(5, 16) as u8
    } else {
        rng.range(1, MAX_SIDE as usize) as u8
    };
    let symmetry = *rng.pick(&[Symmetry::Mirror, Symmetry::Rotate, Symmetry::None]);
    let n = rng.range(1, 48);
    let mut pieces = Vec::new();
    for _ in 0..n {
        let mut image = *rng.pick(IMAGES);
        if one_line && image.contains(' ') {
            image = "pawn";
        }
        let white = squares(rng, files, ranks);
        let black = match symmetry {
            Symmetry::None => squares(rng, files, ranks),
            _ => white
                .iter()
                .map(|&c| black_of(c, symmetry, files, ranks))
                .collect(),
        };
        let (name, id, mv) = (rng.text(NAMES), rng.text(IDS), rng.text(MOVES));
        let mut p = PieceDef::new(name, id, mv);
        p.image = image.to_string();
        p.white = white;
        p.black = black;
        p.hand = if rng.chance(20) {
            rng.range(1, 99) as u32
        } else {
            0
        };
        // Per-colour counts (`:h,b`) are kept only when Black's differs.
        if rng.chance(10) {
            let b = rng.range(0, 99) as u32;
            p.black_hand = (b != p.hand).then_some(b);
        }
        pieces.push(p);
    }
    let single: Vec<String> = pieces
        .iter()
        .map(|p| p.id.clone())
        .filter(|id| id.chars().count() == 1)
        .collect();
    let upper: Vec<String> = single
        .iter()
        .filter(|id| id.chars().all(|c| c.is_ascii_uppercase()))
        .cloned()
        .collect();
    for p in pieces.iter_mut() {
        if rng.chance(30) {
            let white = (0..ranks)
                .map(|_| {
                    let period = rng.range(1, 3);
                    let cells: Vec<MorphCell> = (0..period)
                        .map(|_| match rng.below(12) {
                            0 if !single.is_empty() => {
                                MorphCell::Promote(rng.pick(&single).clone())
                            }
                            1 => MorphCell::Choice,
                            2 => MorphCell::ChoiceSet(rng.range(1, 9) as u8),
                            3 => MorphCell::ShogiOptional,
                            4 => MorphCell::ShogiForced,
                            5 => MorphCell::Forbidden,
                            6 => MorphCell::NoFriendlyCapture,
                            7 => MorphCell::DelayedWin,
                            8 => MorphCell::ImmediateWin,
                            _ => MorphCell::Normal,
                        })
                        .collect();
                    (0..files as usize)
                        .map(|f| cells[f % period].clone())
                        .collect()
                })
                .collect();
            p.morph = Some(Morph::from_white(white, symmetry));
        }
    }
    let ids_of = |rng: &mut Rng| pieces[rng.below(n)].id.clone();
    let mut promo_choice = PromoChoice::default();
    for _ in 0..rng.below(4) {
        let mut set = Vec::new();
        for _ in 0..rng.below(5) {
            set.push(PromoOption {
                id: ids_of(rng),
                needs_hand: rng.chance(20),
                not_last_rank: rng.chance(20),
                last_ranks: if rng.chance(20) {
                    Some(rng.range(0, 12) as u32)
                } else {
                    None
                },
            });
        }
        promo_choice.sets.push(set);
    }
    if promo_choice.sets.len() == 1 && promo_choice.sets[0].is_empty() {
        promo_choice.sets.clear();
    }
    let capture_matrix = if rng.chance(30) {
        let cell = |rng: &mut Rng| match rng.below(16) {
            0 if !upper.is_empty() => CaptureCell::Promote(rng.pick(&upper).clone()),
            1 if !upper.is_empty() => CaptureCell::EnemyPromote(rng.pick(&upper).clone()),
            2 => CaptureCell::ShogiPromote,
            3 => CaptureCell::Forbidden,
            4 => CaptureCell::ForbiddenAlt,
            5 => CaptureCell::ForbiddenIfProtected,
            6 => CaptureCell::NoHop,
            7 => CaptureCell::NoCaptureNoHop,
            8 => CaptureCell::Kamikaze,
            9 => CaptureCell::Explode,
            _ => CaptureCell::Normal,
        };
        let mut rows = Vec::new();
        for _ in 0..n {
            if rng.chance(30) {
                if let Some(prev) = rows.last().cloned() {
                    rows.push(prev);
                    continue;
                }
            }
            let empty = cell(rng);
            let enemy: Vec<CaptureCell> = (0..n).map(|_| cell(rng)).collect();
            let friend = if rng.chance(30) {
                enemy.clone()
            } else {
                (0..n).map(|_| cell(rng)).collect()
            };
            rows.push(CaptureRow {
                empty,
                enemy,
                friend,
            });
        }
        Some(CaptureMatrix { rows })
    } else {
        None
    };
    let mut holes: Vec<Coord> = Vec::new();
    if rng.chance(20) {
        for _ in 0..rng.range(1, 5) {
            let h = square(rng, files, ranks);
            holes.push(h);
            if symmetry != Symmetry::None {
                holes.push(black_of(h, symmetry, files, ranks));
            }
        }
        holes.sort();
        holes.dedup();
    }
    let mut rules = idiagram::Rules::default();
    if rng.chance(20) {
        rules.baring.push(Baring::AllNonRoyal);
    }
    for i in subset(rng, n, 2) {
        rules.baring.push(Baring::Piece(i));
    }
    rules.extinction = rng.chance(10).then(|| "1".to_string());
    rules.counterbare = *rng.pick(&[Outcome::Draw, Outcome::Win, Outcome::Loss]);
    rules.stalemate = *rng.pick(&[Outcome::Draw, Outcome::Win, Outcome::Loss]);
    rules.iron = subset(rng, n, 2);
    rules.anti_trade = subset(rng, n, 2);
    rules.counter_strike = subset(rng, n, 1);
    rules.protected = subset(rng, n, 2);
    rules.trade_threshold = rng.chance(10).then(|| rng.below(n));
    rules.conversion = rng.chance(10).then(|| rng.below(n));
    rules.atomic_capture = rng.below(4) as u32;
    rules.blast_zone = *rng.pick(&[Zone::K, Zone::W, Zone::F, Zone::N]);
    rules.burn_zone = rng.chance(10).then(|| "KN".to_string());
    if rng.chance(15) {
        let t = rng.below(n);
        rules.track_pieces = Some(t);
        rules.tracked_types = rng.range(1, n - t) as u32;
    }
    rules.spell = rng.chance(10).then(|| "burn".to_string());
    rules.spell_zone = *rng.pick(&[Zone::K, Zone::W, Zone::F, Zone::N]);
    for _ in 0..rng.below(3) {
        rules.contageous.push(Contagion {
            id: ids_of(rng),
            immune: rng.chance(30),
        });
    }
    for _ in 0..rng.below(3) {
        let mut set = ShuffleSet::default();
        for _ in 0..rng.range(1, 4) {
            set.pieces.push(ShufflePiece {
                id: ids_of(rng),
                mark: *rng.pick(&[
                    ShuffleMark::Plain,
                    ShuffleMark::Shades,
                    ShuffleMark::Symmetric,
                ]),
            });
        }
        rules.shuffle.push(set);
    }
    rules.enable_ai = rng.below(3) as u8;
    rules.new_click = rng.chance(20);
    let mut params = Vec::new();
    for _ in 0..rng.below(4) {
        let (k, v) = *rng.pick(PARAMS);
        if one_line && v.contains(' ') {
            continue;
        }
        params.push(Param {
            key: k.into(),
            value: v.into(),
            line: 0,
        });
    }
    Definition {
        files,
        ranks,
        symmetry,
        pieces,
        holes,
        royal: subset(rng, n, 2),
        promo_zone: rng.below(ranks as usize + 1) as u8,
        max_promote: rng.below(n + 1),
        promo_choice,
        promo_offset: rng.chance(20).then(|| rng.range(1, 10)),
        holdings_type: rng.range(0, 2) as i8 - 1,
        hand_swap: rng.chance(10),
        capture_matrix,
        rules,
        params,
    }
}

#[test]
fn generated_definitions_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..1000 {
        let one_line = case % 2 == 1;
        let d = generate(&mut rng, one_line);
        let text = d.to_text();
        let p = parse(&text);
        assert_eq!(p.definition, d, "case {case}:\n{text}");
        assert_eq!(p.definition.to_text(), text, "case {case}");
        if one_line {
            let line = text.replace('\n', " ");
            let q = parse(&line);
            assert_eq!(q.definition, d, "case {case} (one line):\n{line}");
        }
    }
}

const CASES: usize = 2000;

const EDIT_CHARS: &[char] = &[
    ':', '=', ',', '-', '/', '"', '!', '*', '#', '@', '0', '1', '9', 'a', 'P', 'z', ' ', '\n',
    '象', '+', '%', '|', '^', '.', '$', '?',
];

#[test]
fn edited_texts_never_panic_and_round_trip() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut inexpressible = 0;
    for case in 0..CASES {
        let d = generate(&mut rng, false);
        let mut chars: Vec<char> = if case % 5 == 4 {
            // Pure noise.
            (0..rng.below(200)).map(|_| *rng.pick(EDIT_CHARS)).collect()
        } else {
            d.to_text().chars().collect()
        };
        for _ in 0..rng.range(1, 12) {
            let at = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 if at < chars.len() => chars[at] = *rng.pick(EDIT_CHARS),
                _ => chars.insert(at, *rng.pick(EDIT_CHARS)),
            }
        }
        let text: String = chars.into_iter().collect();
        let p = parse(&text);
        for diag in &p.diagnostics {
            assert!(diag.line >= 1 && diag.column >= 1, "case {case}: {diag}");
            let _ = diag.to_string();
        }
        let rendered = p.definition.to_text();
        // A field value holding a space followed by `knownKeyword=…` or `a:b:c:d` makes its
        // line look like several items of the one-line stored form: such (edited, garbled)
        // values cannot be written back. Skip those cases, but count them.
        if rendered.lines().any(|l| {
            let one = parse(l);
            one.all_params.len() + one.definition.pieces.len() > 1
        }) {
            inexpressible += 1;
            continue;
        }
        let q = parse(&rendered);
        assert!(
            q.definition == p.definition,
            "case {case}:\n--- edited\n{text}\n--- rendered\n{rendered}\n--- rendered again\n{}",
            q.definition.to_text()
        );
    }
    assert!(
        inexpressible * 100 <= CASES,
        "{inexpressible} inexpressible cases"
    );
}
