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
