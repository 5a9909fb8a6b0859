//! Structural tests of the compiler output (record counts, order, skips, depths, loops).

use xbetza::{compile_str, program_for, CompileOptions, Flags, Kind, Program, Record, Step};

const MCF: Flags = Flags(Flags::MOVE.0 | Flags::CAPTURE.0 | Flags::FINAL.0);

/// K-system step of slot `s`.
fn king(s: usize) -> Step {
    const V: [(i8, i8); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let (dx, dy) = V[s % 8];
    Step::new(dx, dy)
}

fn leg(step: Step, range: u8, flags: Flags, depth: u8, skip: u16) -> Record {
    Record {
        kind: Kind::Leg,
        flags,
        step,
        range,
        skip_first: 0,
        depth,
        skip,
    }
}

fn lp(target: u16, looped: Record) -> Record {
    Record {
        kind: Kind::Loop { target },
        skip: 0,
        ..looped
    }
}

/// Structural invariants every program must satisfy.
fn check_invariants(p: &Program) {
    let n = p.records.len();
    for (i, r) in p.records.iter().enumerate() {
        let end = i + 1 + r.skip as usize;
        assert!(end <= n, "record {i}: skip past the end");
        // Every record of the subtree is deeper, except trailing loops of this very record.
        for (j, c) in p.records[i + 1..end].iter().enumerate() {
            match c.kind {
                Kind::Loop { target } if target as usize == i => {
                    assert_eq!(c.depth, r.depth);
                    assert_eq!(i + 1 + j, end - 1, "loop of {i} is not last in its subtree");
                }
                _ => assert!(
                    c.depth > r.depth,
                    "record {} inside subtree of {i}",
                    i + 1 + j
                ),
            }
        }
        if r.flags.contains(Flags::FINAL) {
            assert_eq!(r.skip, 0);
        }
        if let Kind::Loop { target } = r.kind {
            let t = &p.records[target as usize];
            assert!(!t.flags.contains(Flags::FINAL));
            assert_eq!(t.depth, r.depth);
            assert_eq!(
                target as usize + t.skip as usize,
                i,
                "loop must close its target's subtree"
            );
        }
        if i + 1 < n && r.skip == 0 && !r.flags.contains(Flags::FINAL) {
            assert!(
                matches!(r.kind, Kind::Loop { .. }),
                "non-final leg {i} without subtree"
            );
        }
    }
}

#[test]
fn knight() {
    let p = program_for("N").unwrap();
    let steps = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let want: Vec<Record> = steps
        .iter()
        .map(|&(dx, dy)| leg(Step::new(dx, dy), 1, MCF, 0, 0))
        .collect();
    assert_eq!(p.records, want);
    assert!(p.is_single_leg());
    check_invariants(&p);
}

#[test]
fn two_king_steps() {
    // 8 first steps, each with 7 continuations (all but straight back): 64 records. (The brief
    // mentioned 72 = 8 + 8*8, but the continuation default omits straight back, §7.2.)
    let p = program_for("aK").unwrap();
    assert_eq!(p.records.len(), 64);
    let mut want = Vec::new();
    for s in 0..8 {
        want.push(leg(king(s), 1, Flags::MOVE, 0, 7));
        for r in [0, 1, 2, 3, 5, 6, 7] {
            want.push(leg(king(s + r), 1, MCF, 1, 0));
        }
    }
    assert_eq!(p.records, want);
    assert_eq!(p.legs(), 2);
    check_invariants(&p);
}

#[test]
fn hook_mover_matches_the_program_rs_example() {
    let p = program_for("masR").unwrap();
    let first = leg(king(0), 0, Flags::MOVE, 0, 3);
    assert_eq!(
        p.records[..4],
        [
            first,
            leg(Step::new(1, 0), 0, MCF, 1, 0),
            leg(Step::new(-1, 0), 0, MCF, 1, 0),
            lp(0, first),
        ]
    );
    assert_eq!(p.records.len(), 16);

    let p = program_for("RmasR").unwrap();
    assert_eq!(p.records.len(), 20);
    for (k, s) in [0usize, 2, 4, 6].into_iter().enumerate() {
        assert_eq!(p.records[k], leg(king(s), 0, MCF, 0, 0));
        let base = 4 + 4 * k;
        let first = leg(king(s), 0, Flags::MOVE, 0, 3);
        assert_eq!(p.records[base], first);
        // right turn (relative slot 2) first, then left turn (relative slot 6)
        assert_eq!(p.records[base + 1], leg(king(s + 2), 0, MCF, 1, 0));
        assert_eq!(p.records[base + 2], leg(king(s + 6), 0, MCF, 1, 0));
        assert_eq!(p.records[base + 3], lp(base as u16, first));
    }
    check_invariants(&p);
}

#[test]
fn king_with_castling() {
    let p = program_for("KisO2").unwrap();
    assert_eq!(p.records.len(), 10);
    for s in 0..8 {
        assert_eq!(p.records[s], leg(king(s), 1, MCF, 0, 0));
    }
    let castle = |dx: i8| Record {
        kind: Kind::Castle,
        flags: Flags::INITIAL | Flags::FINAL,
        step: Step::new(dx, 0),
        range: 2,
        skip_first: 0,
        depth: 0,
        skip: 0,
    };
    assert_eq!(p.records[8], castle(1));
    assert_eq!(p.records[9], castle(-1));
    // j prefixes: partner one square in from the edge; l/r select one side.
    let p = program_for("ijlO3").unwrap();
    assert_eq!(
        p.records,
        vec![Record {
            skip_first: 1,
            range: 3,
            ..castle(-1)
        }]
    );
    check_invariants(&p);
}

#[test]
fn griffon_a_form() {
    let p = program_for("FyafsF").unwrap();
    assert_eq!(p.records.len(), 16);
    for (k, s) in [1usize, 3, 5, 7].into_iter().enumerate() {
        assert_eq!(p.records[k], leg(king(s), 1, MCF, 0, 0));
        let base = 4 + 3 * k;
        // y: stops on empty squares; the following leg is toggled to a slider (range 0) and,
        // being diagonal-relative, converted to a rook step.
        assert_eq!(p.records[base], leg(king(s), 1, Flags::Y, 0, 2));
        assert_eq!(p.records[base + 1], leg(king(s + 1), 0, MCF, 1, 0));
        assert_eq!(p.records[base + 2], leg(king(s + 7), 0, MCF, 1, 0));
    }
    check_invariants(&p);
}

#[test]
fn mao() {
    let p = program_for("mafsW").unwrap();
    assert_eq!(p.records.len(), 12);
    for (k, s) in [0usize, 2, 4, 6].into_iter().enumerate() {
        assert_eq!(p.records[3 * k], leg(king(s), 1, Flags::MOVE, 0, 2));
        assert_eq!(p.records[3 * k + 1], leg(king(s + 1), 1, MCF, 1, 0));
        assert_eq!(p.records[3 * k + 2], leg(king(s + 7), 1, MCF, 1, 0));
    }
    check_invariants(&p);
}

#[test]
fn griffon_bracket_form() {
    let p = program_for("[F?R]").unwrap();
    assert_eq!(p.records.len(), 16);
    for (k, s) in [1usize, 3, 5, 7].into_iter().enumerate() {
        let base = 4 * k;
        // `?`: the final version of the F step, then the non-final one with its subtree.
        assert_eq!(p.records[base], leg(king(s), 1, MCF, 0, 0));
        assert_eq!(p.records[base + 1], leg(king(s), 1, Flags::MOVE, 0, 2));
        // "as straight as possible": the two rook directions at 45°, ascending slots.
        let (a, b) = ((s + 7) % 8, (s + 1) % 8);
        let (lo, hi) = (a.min(b), a.max(b));
        assert_eq!(p.records[base + 2], leg(king(lo), 0, MCF, 1, 0));
        assert_eq!(p.records[base + 3], leg(king(hi), 0, MCF, 1, 0));
    }
    check_invariants(&p);
}

#[test]
fn crooked_bishop() {
    // On boards up to 8x8 a zig-zag bishop path has at most 7 steps; per first direction:
    // final + non-final first step, then per side 5 levels of final + non-final and a final
    // 7th step: 2 + 2 * 11 = 24 records.
    let p = compile_str("zB", &CompileOptions { max_range: 8 }).unwrap();
    assert_eq!(p.records.len(), 96);
    assert!(p
        .records
        .iter()
        .all(|r| r.kind == Kind::Leg && r.range == 1));
    assert_eq!(p.legs(), 7);
    assert_eq!(p.records[0], leg(king(1), 1, MCF, 0, 0));
    assert_eq!(p.records[1], leg(king(1), 1, Flags::MOVE, 0, 22));
    // right-hand zig-zag: (1,-1), (1,1), (1,-1), ...
    assert_eq!(p.records[2], leg(king(3), 1, MCF, 1, 0));
    assert_eq!(p.records[3], leg(king(3), 1, Flags::MOVE, 1, 9));
    assert_eq!(p.records[4], leg(king(1), 1, MCF, 2, 0));
    assert_eq!(p.records[5], leg(king(1), 1, Flags::MOVE, 2, 7));
    assert_eq!(p.records[12], leg(king(1), 1, MCF, 6, 0));
    // left-hand zig-zag starts at record 13
    assert_eq!(p.records[13], leg(king(7), 1, MCF, 1, 0));
    assert_eq!(p.records[14], leg(king(7), 1, Flags::MOVE, 1, 9));
    assert_eq!(p.records[24], leg(king(3), 1, MCF, 0, 0));
    check_invariants(&p);

    // Default options (16x16): 15 steps, 4 * (4 * 15 - 4) records.
    let p = program_for("zB").unwrap();
    assert_eq!(p.records.len(), 224);
    check_invariants(&p);
}

#[test]
fn rose() {
    // Circular knight: 8 first steps; per side up to 7 steps.
    let p = program_for("qN").unwrap();
    assert_eq!(p.records.len(), 8 * (2 + 2 * 11));
    assert_eq!(p.legs(), 7);
    check_invariants(&p);
}

#[test]
fn special_atoms() {
    let p = program_for("U").unwrap();
    assert_eq!(p.records.len(), 1);
    assert_eq!(p.records[0].kind, Kind::Teleport);
    assert_eq!(p.records[0].flags, MCF);
    let p = program_for("bI").unwrap();
    assert_eq!(p.records[0].kind, Kind::Imitate);
    assert_eq!(p.records[0].flags, MCF | Flags::MIRROR);
    let p = program_for("O").unwrap();
    assert_eq!(p.records, vec![leg(Step::new(0, 0), 1, MCF, 0, 0)]);
    let p = program_for("mO").unwrap();
    assert_eq!(p.records[0].flags, Flags::MOVE | Flags::FINAL);
}

#[test]
fn modality_flags() {
    let r = program_for("fmWfceFifmnD").unwrap().records;
    assert_eq!(r.len(), 1 + 2 + 1);
    assert_eq!(r[0].flags, Flags::MOVE | Flags::FINAL);
    assert_eq!(r[1].flags, Flags::CAPTURE | Flags::EP | Flags::FINAL);
    assert_eq!(
        r[3].flags,
        Flags::MOVE | Flags::LAME | Flags::EP_CREATE | Flags::INITIAL | Flags::FINAL
    );
    let r = program_for("jR").unwrap().records;
    assert!(r.iter().all(|x| x.skip_first == 1 && x.flags == MCF));
    let r = program_for("jjN").unwrap().records;
    assert!(r
        .iter()
        .all(|x| x.skip_first == 0 && x.flags == MCF | Flags::JUMP));
    let r = program_for("W03'").unwrap().records;
    assert!(r
        .iter()
        .all(|x| x.range == 3 && x.flags == MCF | Flags::EXACT | Flags::PRIME));
    let r = program_for("fkR").unwrap().records;
    assert_eq!(
        r[0].flags,
        Flags::CAPTURE | Flags::ROYAL_ONLY | Flags::FINAL
    );
    let r = program_for("ckR").unwrap().records;
    assert_eq!(r[0].flags, Flags::CAPTURE | Flags::NON_ROYAL | Flags::FINAL);
    // final-leg t only spares royals; a non-final tp hops friends only
    let r = program_for("tpR").unwrap().records;
    assert_eq!(r[0].flags, MCF | Flags::HOP | Flags::NON_ROYAL);
    let r = program_for("tpafR").unwrap().records;
    assert_eq!(r[0].flags, Flags::HOP | Flags::HOP_FRIEND);
    // a non-final leg with capture and hop roles is one record per role, each with its
    // subtree: 4 directions x 2 roles x (1 + 1 straight continuation)
    let r = program_for("cpafW").unwrap().records;
    assert_eq!(r.len(), 16);
    assert_eq!(r[0].flags, Flags::CAPTURE);
    assert_eq!(r[2].flags, Flags::HOP);
    let r = program_for("gQ").unwrap().records;
    assert_eq!(r[0].flags, MCF | Flags::GRASS);
    // non-final g: hop + toggle (the next leg of a slider becomes a leaper)
    let r = program_for("gafR").unwrap().records;
    assert_eq!(r[0].flags, Flags::HOP | Flags::GRASS);
    assert_eq!((r[1].range, r[0].range), (1, 0));
    // a sliding non-final g leg cannot stop on empty squares: no loop
    assert_eq!(r.len(), 8);
    // iso on a continuation leg after a slide: the leg can stop only once, no loop
    let r = program_for("mRcaibR").unwrap().records;
    assert_eq!(r.len(), 4 + 4 * 2);
    assert_eq!(r[5].flags, MCF | Flags::ISO);
    let r = program_for("A'D'fW").unwrap().records;
    assert!(r[..8].iter().all(|x| x.flags.contains(Flags::PRIME)));
    assert!(!r[8].flags.contains(Flags::PRIME));
}

#[test]
fn non_final_slides_get_loops() {
    // mR3 as first leg: range 3, can stop on up to 3 squares -> loop
    let p = program_for("mafR3").unwrap();
    assert_eq!(p.records.len(), 4 * 3);
    assert_eq!(p.records[2].kind, Kind::Loop { target: 0 });
    // capture-only first leg: a single stop -> no loop
    let p = program_for("cafR").unwrap();
    assert_eq!(p.records.len(), 4 * 2);
    // exact range: a single stop -> no loop
    let p = program_for("mafR03").unwrap();
    assert_eq!(p.records.len(), 4 * 2);
    check_invariants(&p);
}

#[test]
fn repetition_group_is_capped_by_max_range() {
    let opts = |m| CompileOptions { max_range: m };
    // afs(afz)W: k = 0..=max_range expansions, each 4 * 2 paths of 2 + k legs
    let p = compile_str("afs(afz)W", &opts(3)).unwrap();
    let per_k = |k: usize| 4 * (1 + 2 * (k + 1));
    assert_eq!(p.records.len(), (0..=3).map(per_k).sum::<usize>());
    assert_eq!(p.legs(), 5);
    check_invariants(&p);
}

#[test]
fn limits_are_errors_not_panics() {
    // (aK) expands to aK, aKaK (two terms), ...: small. (a)K expands to K, aK, aaK, ...:
    // 8 * 7^k paths, far beyond the record format.
    assert_eq!(program_for("(aK)").map(|p| p.records.len()), Ok(64));
    match program_for("(a)K") {
        Err(e) => assert!(e.to_string().contains("more than"), "{e}"),
        Ok(p) => panic!("(a)K compiled to {} records", p.records.len()),
    }
    let long = "a".repeat(300) + "W";
    assert!(program_for(&long).is_err());
}
