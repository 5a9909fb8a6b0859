//! Parser tests: errors (position + character), warnings, canonical display, robustness.

use xbetza::ast::{AtomName, Crook, Dir, DirToken, Sep, Term};
use xbetza::{compile, parse, reference_moves, CompileOptions, RefBoard};

fn err(s: &str) -> (usize, Option<char>, String) {
    match parse(s) {
        Ok(d) => panic!("{s:?} parsed: {d:?}"),
        Err(e) => (e.pos, e.ch, e.to_string()),
    }
}

#[test]
fn errors_name_position_and_character() {
    let cases: &[(&str, usize, Option<char>, &str)] = &[
        ("fm3W", 2, Some('3'), "a range must follow an atom"),
        ("[F-R", 4, None, "unclosed '['"),
        ("W)", 1, Some(')'), "unmatched ')'"),
        ("(1,2", 0, Some('('), "unclosed '('"),
        ("Q#", 1, Some('#'), "expected a modifier letter or an atom"),
        ("K300", 1, Some('3'), "range too large"),
        ("zaB", 0, Some('z'), "crooked"),
        ("(0,0)", 0, Some('('), "zero vector"),
        ("KX", 1, Some('X'), "cannot be extended"),
        ("[F-O]", 3, Some('O'), "inside brackets"),
        ("[FaO]", 2, Some('a'), "expected '-', '?' or ']'"),
        ("NN3", 2, Some('3'), "doubled atom"),
        ("W'3", 2, Some('3'), "a range must follow an atom"),
        ("[]", 1, Some(']'), "empty bracket element"),
        ("[F-[R]]", 3, Some('['), "nested"),
        ("afsK(", 4, Some('('), "unclosed '('"),
        ("mcW''", 4, Some('\''), "a prime must follow an atom"),
        ("U3", 1, Some('3'), "U and I take no range"),
        ("isO03", 3, Some('0'), "castling takes no exact range"),
        ("(1,200)", 3, Some('2'), "vector component too large"),
        ("zpB", 0, Some('z'), "cannot be combined"),
        ("é", 0, Some('é'), "expected a modifier letter or an atom"),
        ("mKaO", 3, Some('O'), "multi-leg"),
        ("[F-]", 3, Some(']'), "empty bracket element"),
        ("[F-mE]", 4, Some('E'), "unknown atom"),
        ("zqB", 1, Some('q'), "both crooked"),
        ("W (1,2", 2, Some('('), "unclosed '('"),
        ("()", 0, Some('('), "empty parentheses"),
    ];
    for &(s, pos, ch, reason) in cases {
        let (p, c, msg) = err(s);
        assert_eq!((p, c), (pos, ch), "{s:?}: {msg}");
        assert!(msg.contains(reason), "{s:?}: {msg}");
    }
    assert_eq!(
        err("fm3W").2,
        "unexpected '3' at 2: a range must follow an atom"
    );
    assert_eq!(
        err("[F-R").2,
        "unexpected end at 4: unclosed '[' opened at 0"
    );
}

#[test]
fn errors_inside_groups_point_into_the_source() {
    // the expansion "mafsW3x'" is checked; the error is reported at its source position
    let (p, c, _) = err("maf(s)W3'3");
    assert_eq!((p, c), (9, Some('3')));
}

#[test]
fn warnings() {
    let w = |s: &str| -> Vec<(usize, Option<char>)> {
        parse(s)
            .unwrap()
            .warnings
            .iter()
            .map(|w| (w.pos, w.ch))
            .collect()
    };
    assert_eq!(w("fsF"), vec![(0, Some('f'))]);
    assert_eq!(w("KfsbsB"), vec![(1, Some('f')), (3, Some('b'))]);
    assert_eq!(w("hW"), vec![(0, Some('h'))]);
    assert_eq!(w("fhK"), vec![(0, Some('f'))]);
    assert_eq!(w("hrK"), vec![(0, Some('h'))]);
    assert_eq!(w("NwN"), vec![(1, Some('w'))]);
    assert_eq!(w("NEN"), vec![(1, Some('E'))]);
    assert_eq!(w("fmW x"), vec![(3, Some(' ')), (4, Some('x'))]);
    assert_eq!(w("fO2"), vec![(0, Some('f'))]);
    assert_eq!(w("fsN"), vec![]);
    assert_eq!(w("KisO2"), vec![]);
    // A group's count of "00" is read as 0, no limit, as an atom's range "00" is.
    assert_eq!(w("(paf)00cB"), vec![(5, Some('0'))]);
    assert_eq!(w("N00"), vec![(1, Some('0'))]);
    assert_eq!(w("(paf)0cB"), vec![]);
    // every warning displays with its position
    let d = parse("fsF").unwrap();
    assert!(d.warnings[0].to_string().starts_with("'f' at 0: "));
}

#[test]
fn ast_shape() {
    let d = parse("fcafmF").unwrap();
    let Term::Simple(s) = &d.terms[0] else {
        panic!()
    };
    assert_eq!(s.legs.len(), 2);
    assert_eq!(s.legs[0].dirs, vec![DirToken::Single(Dir::F)]);
    assert!(s.legs[0].modality.c && !s.legs[0].modality.m);
    assert!(s.legs[1].modality.m);
    assert_eq!(s.atom.name, AtomName::Letter('F'));

    let d = parse("mN[xN-N]").unwrap();
    assert_eq!(d.terms.len(), 2);
    let Term::Bracket(b) = &d.terms[1] else {
        panic!()
    };
    assert_eq!(b.elems.len(), 2);
    assert_eq!(b.seps, vec![Sep::Continue]);
    assert!(b.elems[0].legs[0].modality.x);

    let d = parse("hrNfrNrfNfhNffrrN").unwrap();
    let toks: Vec<_> = d
        .terms
        .iter()
        .map(|t| match t {
            Term::Simple(s) => s.legs[0].dirs.clone(),
            _ => vec![],
        })
        .collect();
    assert_eq!(
        toks,
        vec![
            vec![DirToken::Chiral(Dir::R)],
            vec![DirToken::Pair(Dir::F, Dir::R)],
            vec![DirToken::Pair(Dir::R, Dir::F)],
            vec![DirToken::Half(Dir::F)],
            vec![DirToken::Single(Dir::F), DirToken::Single(Dir::R)],
        ]
    );

    // modality letters in any order; separated direction letters do not pair
    assert_eq!(parse("mfW").unwrap(), parse("fmW").unwrap());
    let d = parse("fmrN").unwrap();
    let Term::Simple(s) = &d.terms[0] else {
        panic!()
    };
    assert_eq!(
        s.legs[0].dirs,
        vec![DirToken::Single(Dir::F), DirToken::Single(Dir::R)]
    );

    // z/q: first leg = crooked/circular, later legs = direction tokens
    let d = parse("zBafzK").unwrap();
    let (Term::Simple(a), Term::Simple(b)) = (&d.terms[0], &d.terms[1]) else {
        panic!()
    };
    assert_eq!(a.legs[0].crook, Some(Crook::Zigzag));
    assert_eq!(b.legs[1].dirs, vec![DirToken::ZigWith(Dir::F)]);

    // ranges
    let range = |s: &str| match &parse(s).unwrap().terms[0] {
        Term::Simple(x) => (x.range, x.exact),
        _ => panic!(),
    };
    assert_eq!(range("R"), (0, false));
    assert_eq!(range("WW"), (0, false));
    assert_eq!(range("W12"), (12, false));
    assert_eq!(range("W03"), (3, true));
    assert_eq!(range("N"), (1, false));
    assert_eq!(range("O"), (0, false));
    assert_eq!(range("O2"), (2, false));
}

#[test]
fn canonical_display() {
    let cases = [
        ("NN", "N0"),
        ("WW", "W0"),
        ("N1", "N"),
        ("R", "R"),
        ("NwN", "N1N"),
        ("RR", "R"),
        ("mfW", "fmW"),
        ("fmrN", "ffrmN"),
        ("ifmnD", "ifmnD"),
        ("fmWfceFifmnD", "fmWfceFifmnD"),
        ("[F?R]", "[F?R]"),
        ("mN[xN-N]'", "mN[xN-N]'"),
        ("afs(afz)W", "afs(afz)W"),
        ("B(paf)2cB", "B(paf)2cB"),
        ("(paf)02cB", "(paf)02cB"),
        ("A'D'fW", "A'D'fW"),
        ("(4,1)0", "(4,1)0"),
        ("FX", "FX"),
        ("W003", "W03"),
        ("KisO2", "KisO2"),
        ("zB", "zB"),
        ("afsafzfK", "afsafzfK"),
        ("affzK", "affzK"),
        ("hhrN", "hhrN"),
        ("fmW x", "fmW"),
        ("jjR", "jjR"),
        ("iiW", "iiW"),
    ];
    for (src, shown) in cases {
        let d = parse(src).unwrap();
        assert_eq!(d.to_string(), shown, "{src}");
        assert_eq!(parse(shown).unwrap(), d, "{src} -> {shown}");
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random strings over the notation's alphabet (and some noise) never panic anywhere, and
/// every descriptor that parses displays to text that parses back to the same tree.
#[test]
fn random_text_never_panics_and_round_trips() {
    const ALPHABET: &[char] = &[
        'a', 'a', 'b', 'c', 'd', 'e', 'f', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'm', 'n', 'o',
        'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', 'W', 'F', 'D', 'N', 'A', 'H', 'C',
        'L', 'Z', 'J', 'G', 'K', 'Q', 'R', 'B', 'O', 'U', 'I', 'X', 'Y', 'E', '0', '1', '2', '3',
        '9', '(', ')', ',', '-', '?', '[', ']', '\'', ' ', '#', 'é',
    ];
    let seed: u64 = std::env::var("XBETZA_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x1234_5678_9ABC_DEF1);
    let iters: usize = std::env::var("XBETZA_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30_000);
    let mut rng = Rng(seed | 1);
    let board = {
        let mut b = RefBoard::new(6, 6);
        b.set(
            (2, 3),
            xbetza::Cell::Enemy {
                royal: false,
                virgin: true,
            },
        );
        b.set(
            (1, 1),
            xbetza::Cell::Friend {
                royal: false,
                virgin: true,
            },
        );
        b
    };
    let mut parsed = 0;
    for _ in 0..iters {
        let len = 1 + rng.below(14);
        let s: String = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        let Ok(d) = parse(&s) else { continue };
        parsed += 1;
        let shown = d.to_string();
        let again = parse(&shown).unwrap_or_else(|e| panic!("{s:?} -> {shown:?}: {e}"));
        assert_eq!(d, again, "{s:?} -> {shown:?}");
        if let Ok(p) = compile(&d, &CompileOptions { max_range: 6 }) {
            let _ = p.legs();
        }
        let _ = reference_moves(&d, &board, (3, 2));
    }
    assert!(parsed * 30 > iters, "only {parsed} parsed");
}

#[test]
fn hostile_inputs() {
    for s in [
        "",
        "a",
        "aaaaaaaaaa",
        &"(".repeat(200),
        &")".repeat(10),
        "((((((((((((((((((((((((((((((((((((((((W))))))))))))))))))))))))))))))))))))))))",
        &"[".repeat(50),
        "W99999999999999999999",
        "(99999999999999999999,1)",
        "(-3,-1)",
        "(+2,1)",
        &"f".repeat(10_000),
        &"K".repeat(1000),
    ] {
        if let Ok(d) = parse(s) {
            let _ = compile(&d, &CompileOptions::default());
            let _ = d.to_string();
        }
    }
    // The reference interpreter on hostile terms and hand-built boards.
    let d = parse(&("a".repeat(300) + "W")).unwrap();
    assert!(reference_moves(&d, &RefBoard::new(8, 8), (3, 3)).is_empty());
    let huge = RefBoard {
        files: i32::MAX,
        ranks: i32::MAX,
        cells: Vec::new(),
        ep: None,
        mover_ahead: false,
        types: Default::default(),
    };
    let d = parse("NKisO2mafsW").unwrap();
    let _ = reference_moves(&d, &huge, (i32::MAX - 1, i32::MAX - 1));
    let _ = reference_moves(&d, &RefBoard::new(-5, 3), (0, 0));
    let _ = reference_moves(&d, &RefBoard::new(0, 0), (0, 0));
}

/// Quirks of published diagrams, read the lenient way: the stray character is dropped (at its
/// own position) and the terms around it are kept.
#[test]
fn lenient_reading_keeps_the_terms_around_a_stray_character() {
    // A `*` between two terms (as in a published pawn `fmW*fceF`): our own `fmR*cK`.
    let (d, dropped) = xbetza::parse_lenient("fmR*cK");
    assert_eq!(d.unwrap().to_string(), "fmRcK");
    assert_eq!(dropped.iter().map(|e| e.pos).collect::<Vec<_>>(), [3]);
    // Circular `q` inside a bracket (as in `[F?fqR]`): our own `[W?lqB]` keeps `[W?lB]`.
    let (d, dropped) = xbetza::parse_lenient("[W?lqB]");
    assert_eq!(d.unwrap().to_string(), "[W?lB]");
    assert_eq!(dropped.iter().map(|e| e.pos).collect::<Vec<_>>(), [4]);
}

/// A pasted page of junk in a move field is read in bounded time and reported in bounded
/// lines: 64 KB of characters that are each an error (`#`) with a Rook at the very front and
/// a Knight at position 500, inside the read part. Before the cap the reader read the whole
/// text again for every dropped character (64 K reads of 64 KB).
#[test]
fn lenient_reading_of_a_64_kb_junk_field_is_bounded() {
    let mut junk: Vec<char> = std::iter::once('R')
        .chain(std::iter::repeat_n('#', 64 * 1024 - 1))
        .collect();
    junk[500] = 'N';
    let text: String = junk.into_iter().collect();
    let started = std::time::Instant::now();
    let (d, dropped) = xbetza::parse_lenient(&text);
    let took = started.elapsed();
    // Debug build: well under a second; the old loop read 64 KB 64 K times.
    assert!(took.as_secs() < 5, "took {took:?}");
    // The two atoms inside the first 1024 characters are kept.
    assert_eq!(d.unwrap().to_string(), "RN");
    // One error per reported drop, one that counts the other drops, one for the cut tail.
    assert_eq!(dropped.len(), xbetza::MAX_REPORTED_DROPS + 2);
    assert_eq!(dropped[0].pos, xbetza::MAX_LENIENT_CHARS);
    assert!(dropped[0].reason.contains("is skipped"), "{}", dropped[0]);
    // The first '#' is at 1; each reported drop names its own place in the text.
    assert_eq!(dropped[1].pos, 1);
    assert_eq!(dropped[2].pos, 2);
    let last = dropped.last().unwrap();
    // 1024 read characters: 'R', 'N' and 1022 '#', of which 64 are reported one by one.
    assert!(
        last.reason.starts_with(&format!(
            "{} more unreadable characters",
            1022 - xbetza::MAX_REPORTED_DROPS
        )),
        "{last}"
    );
}
