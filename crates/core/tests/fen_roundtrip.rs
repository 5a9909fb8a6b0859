//! "What is this position" has one answer: the FEN a position prints reads back as the same
//! position, whatever IDs a definition gives its pieces. Interactive Diagram pages allow any
//! text as an ID; one FEN cannot carry (no letter case, or FEN's own characters) is written
//! with a free letter, and the author is told which. Expected FENs below are derived by
//! hand from each definition (square lists, mirror symmetry, the letter rule).

use std::sync::Arc;

use fairyboard_core::{Position, Variant};

/// The variant and the build's warning messages.
fn build(text: &str) -> (Arc<Variant>, Vec<String>) {
    let (v, warnings) = Variant::from_definition("test", text).expect("the definition builds");
    (
        Arc::new(v),
        warnings.iter().map(|d| d.to_string()).collect(),
    )
}

/// The build warning that names piece `name`.
fn warning_for<'a>(warnings: &'a [String], name: &str) -> &'a str {
    let quoted = format!("'{name}'");
    warnings
        .iter()
        .find(|w| w.contains(&quoted))
        .unwrap_or_else(|| panic!("no warning for {name}: {warnings:?}"))
}

/// The legal moves in coordinate notation, sorted.
fn moves(pos: &mut Position) -> Vec<String> {
    let v = pos.variant().clone();
    let mut out: Vec<String> = pos.legal_moves().iter().map(|m| v.uci(m)).collect();
    out.sort();
    out
}

/// `pos` prints `fen`, and reading it back gives the same FEN and the same legal moves.
fn assert_reads_back(pos: &mut Position, fen: &str) {
    assert_eq!(pos.to_fen(), fen);
    let mut again = Position::from_fen(pos.variant().clone(), fen)
        .unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
    assert_eq!(again.to_fen(), fen);
    assert_eq!(moves(&mut again), moves(pos), "{fen}");
}

#[test]
fn caseless_ids_get_a_letter_for_both_sides() {
    let (v, warnings) = build(
        "files=4\nranks=4\nsymmetry=mirror\nroyal=1\n\
         king:K:K::a1\nplus:+:W::b1\nhash:#:F::c1\n",
    );
    // '+' is FEN's promoted mark and '#' has no case: the names' first letters are free.
    let mut pos = Position::start(v);
    assert_reads_back(&mut pos, "kph1/4/4/KPH1 w - - 0 1");
    let plus = warning_for(&warnings, "plus");
    assert!(
        plus.contains("line 6") && plus.contains("'P' for White"),
        "{plus}"
    );
    let hash = warning_for(&warnings, "hash");
    assert!(
        hash.contains("line 7") && hash.contains("'h' for Black"),
        "{hash}"
    );
    // A move of the renamed wazir reads back too (not a pawn: the clock counts on).
    let mut after = pos.clone();
    let m = after
        .legal_moves()
        .iter()
        .copied()
        .find(|m| after.variant().uci(m) == "b1b2")
        .expect("the wazir steps forward");
    after.make(&m);
    assert_reads_back(&mut after, "kph1/4/1P2/K1H1 b - - 1 1");
}

#[test]
fn ids_with_a_slash_or_a_digit_get_a_free_letter() {
    let (v, warnings) = build(
        "files=5\nranks=5\nsymmetry=mirror\nroyal=1\n\
         king:K:K::a1\nknight:N:N::b1\nwazir:W2:W::c1\nferz:N/2:F::d1\n",
    );
    // "W2": its own W is free. "N/2": N is the knight's, so the name's F.
    let mut pos = Position::start(v);
    assert_reads_back(&mut pos, "knwf1/5/5/5/KNWF1 w - - 0 1");
    let ferz = warning_for(&warnings, "ferz");
    assert!(ferz.contains("line 8") && ferz.contains("'/'"), "{ferz}");
}

#[test]
fn ids_fen_can_carry_are_kept() {
    // A two-letter ID and a mixed-case one stay as written (upper case for White).
    let (v, warnings) = build(
        "files=4\nranks=4\nsymmetry=mirror\nroyal=1\n\
         king:K:K::a1\ncamel:Ca:C::b1\nwazir:W:W::c1\n",
    );
    assert!(warnings.iter().all(|w| !w.contains("FEN")), "{warnings:?}");
    assert_reads_back(&mut Position::start(v), "kcaw1/4/4/KCAW1 w - - 0 1");
}

#[test]
fn an_id_read_as_a_run_of_others_gets_a_letter() {
    // "CA" printed would read as a C then an A: the later-listed one is given a letter.
    let (v, _) = build(
        "files=5\nranks=5\nsymmetry=mirror\nroyal=1\n\
         king:K:K::a1\ncamel:C:C::b1\nalfil:A:A::c1\ncaliph:CA:CA::d1\n",
    );
    // caliph's own letters C and A are taken, its name starts with C: B is the first free.
    assert_reads_back(&mut Position::start(v), "kcab1/5/5/5/KCAB1 w - - 0 1");
}

#[test]
fn three_castling_royals_a_side_keep_their_rights() {
    let (v, _) = build(
        "files=8\nranks=8\nsymmetry=mirror\nroyal=1\n\
         king:K:KisO2::b1,e1,g1\nqueen:Q:Q::d1\n",
    );
    // Each king's partner is the friendly piece nearest the edge it castles to: b1 with g1
    // (K side), e1 with g1 and b1, g1 with b1 (Q side). So both sides castle both ways.
    let mut pos = Position::start(v);
    assert_reads_back(&mut pos, "1k1qk1k1/8/8/8/8/8/8/1K1QK1K1 w KQkq - 0 1");
    // The b-kings step up: the e-king keeps castling with the g-king (K), while its Q-side
    // partner is now the queen, which has no right; the g-king's too.
    play(&mut pos, &["b1b2", "b8b7"]);
    assert_reads_back(&mut pos, "3qk1k1/1k6/8/8/8/8/1K6/3QK1K1 w Kk - 2 2");
}

/// Plays moves given in coordinate notation.
fn play(pos: &mut Position, line: &[&str]) {
    for text in line {
        let v = pos.variant().clone();
        let m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| v.uci(m) == *text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", pos.to_fen()));
        pos.make(&m);
    }
}

#[test]
fn castling_rights_letters_say_no_more_than_the_position_has() {
    // Two castling kings a side, on ranks 1 and 2, each with its own rook partner.
    let (v, _) = build(
        "files=8\nranks=8\nsymmetry=mirror\nroyal=1\n\
         king:K:KisO2::e1,e2\nrook:R:R::h1,g2\n",
    );
    let mut pos = Position::start(v);
    // At the start both kings castle towards h: K says it for both.
    assert_reads_back(&mut pos, "4k2r/4k1r1/8/8/8/8/4K1R1/4K2R w Kk - 0 1");
    // The g-rooks go away and come back: only e1 and e8 keep a right. `K` would give e2
    // its right back (its partner stands where `K` looks), so the partners' files are
    // written: h for White's, h for Black's.
    play(&mut pos, &["g2g3", "g7g6", "g3g2", "g6g7"]);
    assert_reads_back(&mut pos, "4k2r/4k1r1/8/8/8/8/4K1R1/4K2R w Hh - 4 3");
}

#[test]
fn a_start_hand_past_the_limit_is_cut_so_its_fen_reads_back() {
    let (v, warnings) = build(
        "files=3\nranks=3\nsymmetry=mirror\nroyal=1\n\
         king:K:K::a1\nwazir:W:W::-:70000\n",
    );
    let cut = warning_for(&warnings, "wazir");
    assert!(cut.contains("70000") && cut.contains("65535"), "{cut}");
    let mut pos = Position::start(v);
    assert_eq!(pos.hand(fairyboard_core::Color::White, 1), 65_535);
    let fen = format!(
        "k2/3/K2[{}{}] w - - 0 1",
        "W".repeat(65_535),
        "w".repeat(65_535)
    );
    assert_reads_back(&mut pos, &fen);
}

/// Fuzzer find (the `variant` target's round trip): a letter given to an ID FEN cannot
/// carry must not end a token either. Here `dragon` repeats `ogl` with both sides fielding
/// both, so it gets a letter; its own letters O, G, L are taken (or start `OGL`), and its
/// name's D would let `OGLD` read as `OGL` then `D`, so it gets the first free letter, A.
#[test]
fn a_given_letter_does_not_complete_another_token() {
    let (v, warnings) = build(
        "files=6\nranks=6\nsymmetry=mirror\nroyal=1\n\
         king:K:K::a1\ngold:G:WF::b1\nlance:L:fR::c1\nogl:ogl:W::d1\n\
         ogld:ogld:F::e1\ndragon:ogl:N::f1\n",
    );
    let mut pos = Position::start(v);
    assert_reads_back(&mut pos, "kglogloglda/6/6/6/6/KGLOGLOGLDA w - - 0 1");
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("'dragon'") && w.contains("'A' for White")),
        "{warnings:?}"
    );
}

/// Fuzzer find (the `variant` target's round trip, `promoOffset=1`): a hand holds the
/// types its FEN names. A start hand may hold a promoted type, written `+` and its
/// unpromoted type's token (`+P`), or a type promoted twice, which has its own token
/// (`D`); reading either back as the type it was promoted from turned `[+P+p]` into
/// `[Pp]` and `[Dd]` into `[+P+p]`, and the drops with it.
#[test]
fn promoted_types_in_a_start_hand_read_back_as_themselves() {
    // pawn (type 0) promotes to tokin (type 2, `+P`): `promoOffset=2`, `maxPromote=1`.
    let (v, _) = build(
        "files=4\nranks=4\nsymmetry=mirror\nroyal=2\npromoZone=1\npromoOffset=2\nmaxPromote=1\n\
         pawn:P:fW::b2\nking:K:K::a1\ntokin:T:WfF:::1\n",
    );
    let mut pos = Position::start(v);
    assert_reads_back(&mut pos, "k3/1p2/1P2/K3[+P+p] w - - 0 1");
    // The tokin in hand drops on every empty square: 16 less the two kings and two pawns.
    let drops = moves(&mut pos).iter().filter(|m| m.contains('@')).count();
    assert_eq!(drops, 12);

    // pawn → tokin → dragon (`promoOffset=1`, `maxPromote=2`): the dragon's unpromoted
    // type is itself promoted, so the dragon keeps its own token `D`.
    let (v, _) = build(
        "files=4\nranks=4\nsymmetry=mirror\nroyal=4\npromoZone=1\npromoOffset=1\nmaxPromote=2\n\
         pawn:P:fW::b2\ntokin:T:WfF::\ndragon:D:WF:::1\nking:K:K::a1\n",
    );
    let mut pos = Position::start(v);
    assert_reads_back(&mut pos, "k3/1p2/1P2/K3[Dd] w - - 0 1");
}

/// The FEN length bound allows one byte a held piece, times the longest token; a `+` counts
/// only for a type a start hand holds (a capture puts pieces in hand unpromoted). Two full
/// hands of tokins, `+P` and `+p`, are 262,140 bytes and must read back.
#[test]
fn full_start_hands_of_a_promoted_type_read_back() {
    let (v, _) = build(
        "files=4\nranks=4\nsymmetry=mirror\nroyal=2\npromoZone=1\npromoOffset=2\nmaxPromote=1\n\
         pawn:P:fW::b2\nking:K:K::a1\ntokin:T:WfF:::70000\n",
    );
    let pos = Position::start(v);
    let fen = format!(
        "k3/1p2/1P2/K3[{}{}] w - - 0 1",
        "+P".repeat(65_535),
        "+p".repeat(65_535)
    );
    assert_eq!(pos.to_fen(), fen);
    let again = Position::from_fen(pos.variant().clone(), &fen).expect("reads back");
    assert_eq!(again.to_fen(), fen);
    // One more byte than the bound is still refused.
    let limit = 2 * fairyboard_core::limits::MAX_FEN_BYTES;
    let long = format!("{fen}{}", " ".repeat(limit + 1 - fen.len()));
    let e = Position::from_fen(pos.variant().clone(), &long).unwrap_err();
    assert_eq!(e.field, "length");
}

/// A triple push (Mexican Chess's pawn, `ifmnW3`) gives e.p. rights on both squares it
/// passes, as Fairy-Max plays the game: the FEN lists both and the pawn that may be taken,
/// and reads back with the capture still there. Black's c-pawn goes c9-c6 past the white
/// pawn on d6, which may take it on c7 (the second square passed) but not on c8.
#[test]
fn a_triple_push_keeps_both_e_p_squares_through_the_fen() {
    let v = fairyboard_core::catalogue::load("mexican").expect("mexican is in the catalogue");
    let mut pos = Position::from_fen(v.clone(), "5k4/2p7/10/10/3P6/10/10/10/10/5K4 b - - 0 1")
        .expect("the FEN reads");
    let push = pos
        .legal_moves()
        .into_iter()
        .find(|m| v.uci(m) == "c9c6")
        .expect("the triple push is legal");
    pos.make(&push);
    assert_reads_back(&mut pos, "5k4/10/10/10/2pP6/10/10/10/10/5K4 w - c8c7c6 0 2");
    let legal = moves(&mut pos);
    assert!(legal.contains(&"d6c7".to_string()), "{legal:?}");
    assert!(!legal.contains(&"d6c8".to_string()), "{legal:?}");
}
