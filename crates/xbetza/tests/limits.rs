//! Compile limits: descriptors whose path trees explode are rejected with a
//! [`CompileError`] instead of making a generator walk (and collect) billions of paths.

use xbetza::{compile, parse, CompileOptions, Program};

fn compiled(s: &str, max_range: u8) -> Result<Program, String> {
    let d = parse(s).map_err(|e| e.to_string())?;
    compile(&d, &CompileOptions { max_range }).map_err(|e| e.to_string())
}

/// Fuzzer find (betza target, out of memory): `(as)W6` repeats a sideways-turning W6 slide
/// up to 8 more times on an 8x8 board; every square of every slide is a stop, so one
/// generation from d4 walks on the order of 10^9 paths.
#[test]
fn repeated_turning_slides_are_rejected() {
    for s in ["(as)W6fh", "(as)W6", "(as)R", "(as)W3"] {
        let e = compiled(s, 8).expect_err(s);
        assert!(e.contains("squares from one square"), "{s}: {e}");
    }
}

/// The limit does not touch ordinary pieces, nor repetition groups whose paths stay small.
#[test]
fn ordinary_and_small_repeated_moves_still_compile() {
    for s in [
        "R",
        "Q",
        "KNADcaKmcabK",
        "mafsW",
        "RmasR",
        "afs(afz)W",
        "(afz)W",
        "(af)W",
        "U",
        "KisO2",
        "BsRaFcaKcafKcafsmK",
    ] {
        for side in [8u8, 12, 16, 24] {
            assert!(
                compiled(s, side).is_ok(),
                "{s} on {side}: {:?}",
                compiled(s, side)
            );
        }
    }
}

/// Hand-checked bounds of [`Program::work_within`]: a rook visits at most 7 + 7 squares of
/// an 8x8 board; a queen from a centre square (d4/e4/d5/e5) at most 7 + 7 + 7 + 6 = 27.
#[test]
fn work_bounds_by_hand() {
    let rook = compiled("R", 8).unwrap();
    assert!(rook.work_within(8, 14));
    assert!(!rook.work_within(8, 13));
    let queen = compiled("Q", 8).unwrap();
    assert!(queen.work_within(8, 27));
    assert!(!queen.work_within(8, 26));
    // A knight: at most 8 squares.
    let knight = compiled("N", 8).unwrap();
    assert!(knight.work_within(8, 8));
    assert!(!knight.work_within(8, 7));
    // `mafR`: a rook slide to an empty square, then one more rook slide straight on. A
    // direction with n squares ahead costs n first-leg squares plus (n-1) + ... + 0 for
    // the second leg: n(n+1)/2. From a1: 28 + 28 = 56; from b1: 28 + 21 + 1 = 50; from d4:
    // 10 + 6 + 6 + 10 = 32. The worst is a corner: 56.
    let straight = compiled("mafR", 8).unwrap();
    assert!(straight.work_within(8, 56));
    assert!(!straight.work_within(8, 55));
}

/// Partial compilation keeps what fits: ordinary pieces compile as with [`compile`]; a
/// repetition beyond the limits keeps its small expansions (`(ma)fW` on a 12-square side:
/// 4 * 3^(k-1) paths of k + 1 legs; `fW` is one record, `mafW` four W steps with one
/// straight step each); the report of terms left out stays short.
#[test]
fn partial_compilation_keeps_what_fits() {
    use xbetza::compile_partial;
    for s in ["R", "KNADcaKmcabK", "mafsW", "fmWfceFifmnD"] {
        let d = parse(s).unwrap();
        let opts = CompileOptions { max_range: 8 };
        let (p, left_out) = compile_partial(&d, &opts, 32);
        assert!(left_out.is_empty(), "{s}: {left_out:?}");
        assert_eq!(Some(p), compile(&d, &opts).ok(), "{s}");
    }
    let d = parse("(ma)fW").unwrap();
    let opts = CompileOptions { max_range: 12 };
    assert!(compile(&d, &opts).is_err());
    let (p, left_out) = compile_partial(&d, &opts, 32);
    assert!(!left_out.is_empty());
    assert!(left_out.len() <= 17, "{left_out:?}");
    // fW: a depth-0 final record (0, 1); mafW: depth-1 records exist.
    assert!(p
        .records
        .iter()
        .any(|r| r.depth == 0 && r.step.dx == 0 && r.step.dy == 1 && r.skip == 0));
    assert!(p.records.iter().any(|r| r.depth == 1));
    // A path deeper than the engine's 32 legs is left out, shorter ones kept.
    let (p, left_out) = compile_partial(
        &parse("(af)W").unwrap(),
        &CompileOptions { max_range: 40 },
        32,
    );
    assert!(p.legs() <= 32 && p.legs() >= 30, "{}", p.legs());
    assert!(
        left_out
            .iter()
            .any(|e| e.reason.contains("more than 32 legs")),
        "{left_out:?}"
    );
}

/// `s` read leniently and compiled partially on an 8x8 board as a definition's move is
/// (at most 32 legs): the program, the terms left out, the characters dropped, and the
/// time both took.
fn lenient_partial(
    s: &str,
) -> (
    Program,
    Vec<xbetza::CompileError>,
    usize,
    std::time::Duration,
) {
    let start = std::time::Instant::now();
    let (d, dropped) = xbetza::parse_lenient(s);
    let d = d.expect("kept");
    let (p, left_out) = xbetza::compile_partial(&d, &CompileOptions { max_range: 8 }, 32);
    (p, left_out, dropped.len(), start.elapsed())
}

/// Whether `p` keeps a first leg of step `(dx, dy)` and `range`.
fn has_first_leg(p: &Program, dx: i8, dy: i8, range: u8) -> bool {
    p.records
        .iter()
        .any(|r| r.depth == 0 && r.step.dx == dx && r.step.dy == dy && r.range == range)
}

/// Fuzzer find (betza target, a 21 s input): read leniently, the control characters
/// dropped, `NL(a2'4(a'a)1n)Q3` nests a repetition group in one; its thousands of
/// expansions each generated up to the record limit before being left out. Now the
/// records generated per descriptor are bounded ([`xbetza::compile::MAX_EXPANSIONS`]), so
/// it compiles in well under a second (a debug build) and keeps the simple pieces.
#[test]
fn nested_repetition_of_long_paths_compiles_fast() {
    let (p, left_out, dropped, took) = lenient_partial("NL(a2'4\u{0}(a\u{1}'a)1\u{0}\u{0}n)Q3");
    assert!(dropped > 0);
    assert!(took < std::time::Duration::from_secs(3), "{took:?}");
    assert!(!left_out.is_empty());
    // N (1,2) and L (1,3) leaps, Q3 (a diagonal slide of range 3) kept.
    assert!(
        has_first_leg(&p, 1, 2, 1) && has_first_leg(&p, 1, 3, 1) && has_first_leg(&p, 1, 1, 3),
        "{:?}",
        p.records.len()
    );
}

/// Fuzzer find (betza target, a 12 s timeout): `г(a4(b3c)1n)Q3` with NULs between, read
/// leniently, nests a repetition group in one whose expansions the work check refuses one
/// after another, each after evaluating up to 2^18 (record, square) pairs: 3.3 s in a
/// release build. Evaluations of refused terms now have a budget of their own, after which
/// the group's remaining expansions are left out and the terms after it still compiled.
/// (The find had a `1` after the inner group, which is now its count: at most one
/// repetition. Without it the inner group is unlimited, as the find was read then.)
#[test]
fn refused_expansions_have_a_bounded_cost_and_keep_later_terms() {
    let (p, left_out, _, took) = lenient_partial("\u{433}(a4\u{0}(b3\u{0}c)\u{0}\u{0}n)Q3");
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
    assert!(
        left_out
            .iter()
            .any(|e| e.reason.contains("refused too often")),
        "{left_out:?}"
    );
    // Q3, after the group: a diagonal slide of range 3 from the first leg.
    assert!(has_first_leg(&p, 1, 1, 3), "Q3 left out: {left_out:?}");
}
