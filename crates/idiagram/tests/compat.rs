//! Quirks of definitions published on the web, each reproduced in a small definition of our
//! own: the Interactive Diagram shows such pages, so they parse with warnings (never errors)
//! and the meaning the original gives them. Expected values are worked out by hand.

use idiagram::{parse, Coord, Severity};

fn sq(s: &str) -> Coord {
    s.parse().unwrap()
}

fn squares(list: &[Coord]) -> Vec<String> {
    list.iter().map(Coord::to_string).collect()
}

#[test]
fn double_comma_without_symmetry_none_lists_blacks_squares() {
    // Default symmetry (mirror); Black's squares written out after `,,` as pages do.
    let p = parse("rook:R:R::a1,h1,,a8,h8\nking:K:K::e1,,e8\n");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    let d = &p.definition;
    assert_eq!(squares(&d.pieces[0].white), ["a1", "h1"]);
    assert_eq!(squares(&d.pieces[0].black), ["a8", "h8"]);
    assert_eq!(squares(&d.pieces[1].black), ["e8"]);
    // A Black list that is not the mirror image is placed as written, with a warning at the
    // `,,` (column 14 of `king:K:K::e1,,d8`).
    let p = parse("rook:R:R::a1\nking:K:K::e1,,d8\n");
    let w: Vec<_> = p.warnings().collect();
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!((w[0].line, w[0].column), (2, 13));
    assert_eq!(w[0].piece.as_deref(), Some("king"));
    assert!(
        w[0].message.contains("placed as listed"),
        "{}",
        w[0].message
    );
    assert_eq!(squares(&p.definition.pieces[1].black), ["d8"]);
    // It renders with `,,` and reads back the same.
    let again = parse(&p.definition.to_text());
    assert_eq!(again.definition, p.definition);
}

#[test]
fn promo_offset_past_the_list_leaves_those_types_unpromoted() {
    // Four types, promoOffset=2, maxPromote=3: types 1 and 2 promote to 3 and 4; type 3
    // would promote to number 5, which does not exist.
    let text = "maxPromote=3\npromoOffset=2\npawn:P:fW::a2\nsilver:S:FfW::b1\ntokin:+P:WfF::\nking:K:K::e1\n";
    let p = parse(text);
    assert!(p.is_ok());
    let w: Vec<_> = p.warnings().collect();
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].parameter.as_deref(), Some("promoOffset"));
    assert_eq!((w[0].line, w[0].column), (2, 13));
    assert!(
        w[0].message
            .contains("piece 3 ('tokin') would promote to piece number 5")
            && w[0].message.contains("no promoted form"),
        "{}",
        w[0].message
    );
}

#[test]
fn unknown_keywords_split_the_one_line_form() {
    // Stored on one line as pages do; `theme=` and `succession=` are unknown to the format.
    let p = parse("files=8 theme=wood succession=1 ranks=6 rook::::a1 king::::e1");
    let d = &p.definition;
    assert_eq!((d.files, d.ranks), (8, 6));
    assert_eq!(d.pieces.len(), 2);
    assert_eq!(d.param("theme"), Some("wood"));
    assert_eq!(d.param("succession"), Some("1"));
    let unknown: Vec<_> = p
        .warnings()
        .map(|w| (w.column, w.parameter.as_deref()))
        .collect();
    assert_eq!(unknown, [(9, Some("theme")), (20, Some("succession"))]);
}

#[test]
fn a_later_hole_line_blanks_earlier_pieces() {
    // Pawns listed a2-d2 on a 4x4 board, then a hole on a2 (and its mirror a3): the hole wins
    // there; the other pawns stay.
    let p = parse("files=4\nranks=4\npawn::::a2-d2\nhole::::a2\nking::::b1\n");
    assert!(p.is_ok());
    let d = &p.definition;
    assert_eq!(squares(&d.pieces[0].white), ["b2", "c2", "d2"]);
    assert_eq!(squares(&d.pieces[0].black), ["b3", "c3", "d3"]);
    assert_eq!(squares(&d.holes), ["a2", "a3"]);
    let w: Vec<_> = p.warnings().map(|w| (w.line, w.message.clone())).collect();
    assert_eq!(
        w,
        [
            (
                4,
                "square a2 is a hole from here on; the 'pawn' listed there on line 3 is left out"
                    .to_string()
            ),
            (
                4,
                "square a3 is a hole from here on; the 'pawn' listed there on line 3 is left out"
                    .to_string()
            ),
        ]
    );
    // A piece listed after the hole stands on it: the parser keeps it.
    let p = parse("files=4\nranks=4\nhole::::a2\npawn::::a2-d2\nking::::b1\n");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    assert_eq!(p.definition.pieces[0].white.len(), 4);
    assert!(p.definition.is_hole(sq("a2")));
}

#[test]
fn without_royal_the_last_type_is_royal_and_no_promotion_choice() {
    let p = parse("pawn::::a2-h2\nknight:N:::b1\nqueen::::d1\nking::::e1\n");
    let d = &p.definition;
    assert_eq!(d.royal, [3]);
    // Default promoChoice: every type after the first maxPromote=1 that is not royal.
    let ids: Vec<&str> = d.promo_choice.sets[0]
        .iter()
        .map(|o| o.id.as_str())
        .collect();
    assert_eq!(ids, ["N", "Q"]);
    // royal=0: no royal at all; it renders so and reads back.
    let p = parse("royal=0\nrook::::a1\nking::::e1\n");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    assert!(p.definition.royal.is_empty());
    assert_eq!(parse(&p.definition.to_text()).definition, p.definition);
    // An explicit royal replaces the default.
    assert_eq!(
        parse("royal=1\nking::::e1\nrook::::a1\n").definition.royal,
        [0]
    );
}

#[test]
fn omega_names_have_default_moves() {
    let p = parse("files=10\nranks=10\nwizard::::a1\nchampion::::b1\nking::::e1\n");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    assert_eq!(p.definition.pieces[0].betza, "FC");
    assert_eq!(p.definition.pieces[1].betza, "WAD");
    // A name without a default move: a warning, the piece is kept (numbering intact).
    let p = parse("warrior::::a1\nking::::e1\nroyal=2\n");
    assert!(p.is_ok());
    assert_eq!(p.warnings().count(), 1);
    assert_eq!(p.definition.pieces[0].betza, "");
    assert_eq!(p.definition.royal, [1]);
}

#[test]
fn a_line_with_fewer_than_five_fields_is_skipped_and_takes_no_number() {
    // As Macadamia Shogi's `Hook MoverHRmasR:Nightrider:f3`: 3 fields. The script skips a
    // line that splits into fewer than 5 parts before counting it as a piece, so the King is
    // the 2nd type and, without `royal=`, the royal one (the last type).
    let text = "files=13\nranks=13\nrook::R::a1\nHook MoverHRmasR:Nightrider:f3\nking::K::g1\n";
    let p = parse(text);
    assert!(p.is_ok());
    let w: Vec<_> = p.warnings().collect();
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(
        (w[0].line, w[0].column, w[0].severity),
        (4, 1, Severity::Warning)
    );
    assert_eq!(w[0].piece.as_deref(), Some("Hook MoverHRmasR"));
    assert!(w[0].message.contains("skipped"), "{}", w[0].message);
    let d = &p.definition;
    let names: Vec<&str> = d.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["rook", "king"]);
    assert_eq!(d.royal, [1]);
    // A 4-field line (no square field) is skipped the same way.
    let p = parse("rook::R::a1\nferz:F:F:ferz\nking::K::e1\n");
    assert_eq!(p.definition.pieces.len(), 2);
    assert_eq!(p.definition.royal, [1]);
}

#[test]
fn the_default_king_castles_three_squares_on_boards_wider_than_eight() {
    // The script's DefaultMove gives a nameless-move King KisO3 when files > 8.
    let wide = parse("files=10\nking::::f1\n");
    assert_eq!(wide.definition.pieces[0].betza, "KisO3");
    let plain = parse("files=8\nking::::e1\n");
    assert_eq!(plain.definition.pieces[0].betza, "KisO2");
    let shogi = parse("files=9\nranks=9\nsilver::::c1\ngold::::d1\nlance::::a1\n");
    let moves: Vec<&str> = shogi
        .definition
        .pieces
        .iter()
        .map(|p| p.betza.as_str())
        .collect();
    assert_eq!(moves, ["FfW", "WfF", "fR"]);
}

#[test]
fn only_a_text_without_pieces_is_an_error() {
    let p = parse("files=8\nranks=8\nfoo bar\n");
    let e: Vec<_> = p.errors().collect();
    assert_eq!(e.len(), 1);
    assert!(e[0].message.contains("no piece types"), "{}", e[0].message);
    // Everything else, however odd, is a warning.
    let p = parse("files=99\nsymmetry=sideways\nrook::R?::a1,z9\nking::::e1\nroyal=7\n");
    assert!(p.is_ok(), "{:?}", p.diagnostics);
    assert!(p.warnings().count() >= 4);
}

/// The definition wizard (`web/wizard.html`) has six fields for display parameters: the two
/// square colours, the square size, the coordinates checkbox (`firstRank`) and the image
/// folder and type. The table marks exactly those, and each is a display-only parameter, so
/// a loaded definition's other lines pass through the wizard untouched.
#[test]
fn the_table_names_the_wizards_form_fields() {
    let mut form: Vec<&str> = idiagram::parameters()
        .iter()
        .filter(|p| p.form_field)
        .map(|p| p.name)
        .collect();
    form.sort_unstable();
    assert_eq!(
        form,
        [
            "darkShade",
            "firstRank",
            "graphicsDir",
            "graphicsType",
            "lightShade",
            "squareSize"
        ]
    );
    for p in idiagram::parameters().iter().filter(|p| p.form_field) {
        assert!(
            p.handled.starts_with("display"),
            "{}: {}",
            p.name,
            p.handled
        );
    }
}

/// The parameter table is the parser's one list: every name in it is read (never "unknown"),
/// names are unique, and a name outside it is unknown.
#[test]
fn the_parameter_table_is_what_the_parser_knows() {
    let table = idiagram::parameters();
    let mut names: Vec<&str> = table.iter().map(|p| p.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), table.len(), "duplicate names");
    for p in table.iter().filter(|p| p.name != "morph") {
        let parsed = parse(&format!("{}=1\nking::::e1\n", p.name));
        assert!(
            parsed
                .warnings()
                .all(|w| !w.message.contains("unknown parameter")),
            "{}: {:?}",
            p.name,
            parsed.diagnostics
        );
        assert!(!p.doc.is_empty() && !p.syntax.is_empty() && !p.handled.is_empty());
    }
    let repeatable: Vec<&str> = table
        .iter()
        .filter(|p| p.repeatable)
        .map(|p| p.name)
        .collect();
    // The format's repeatable references (idiagram.md §1) plus fairyboard's three, and
    // fairyboard's author paragraphs (one paragraph per line).
    assert_eq!(
        repeatable,
        [
            "royal",
            "baring",
            "iron",
            "antiTrade",
            "counterStrike",
            "protected",
            "dropNoDoubled",
            "dropNoMate",
            "pieceValue",
            "introduction",
            "notes",
            "strategy",
            "history"
        ]
    );
    let unknown = parse("colour=red\nking::::e1\n");
    assert!(unknown
        .warnings()
        .any(|w| w.message.contains("unknown parameter 'colour'")));
}

fn promo_ids(d: &idiagram::Definition) -> Vec<String> {
    d.promo_choice.sets[0]
        .iter()
        .map(|o| o.id.clone())
        .collect()
}

#[test]
fn spaced_promo_choice_stays_whole_in_the_one_line_form() {
    // IDs separated by spaces, a two-character ID (`M°`) beside the one-letter `M`, and a
    // display parameter after them, all on the one stored line.
    let text = "files=8 promoChoice=Q M° M squareSize=40 queen:Q:Q::d1 \
                marshall:M:RN::b1 monk:M°:BW::c1 king:K:K::e1";
    let p = parse(text);
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    let d = &p.definition;
    assert_eq!(d.pieces.len(), 4);
    assert_eq!(promo_ids(d), ["Q", "M°", "M"]);
    assert_eq!(d.param("squareSize"), Some("40"));
}

#[test]
fn promo_choice_with_an_unknown_id_keeps_the_others() {
    // `Z` names no piece: warned at its own column (`promoChoice=QZR`: Z is column 14).
    let p = parse("promoChoice=QZR\nqueen:Q:Q::d1\nrook:R:R::a1\nking:K:K::e1\n");
    assert!(p.is_ok());
    let w: Vec<_> = p.warnings().collect();
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!((w[0].line, w[0].column), (1, 14));
    assert_eq!(w[0].parameter.as_deref(), Some("promoChoice"));
    assert_eq!(promo_ids(&p.definition), ["Q", "R"]);
}

#[test]
fn hand_counts_per_colour() {
    // `:2,0`: White starts with two in hand, Black none; `:1` is both; `:0,3` Black only.
    let text = "holdingsType=1\nsymmetry=none\nguard:G:WF::,,:2,0\nscout:S:N::,,:0,3\n\
                rook:R:R::a1,,a8:1\nking:K:K::e1,,e8\n";
    let p = parse(text);
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    let d = &p.definition;
    assert_eq!((d.pieces[0].hand, d.pieces[0].black_hand), (2, Some(0)));
    assert_eq!((d.pieces[1].hand, d.pieces[1].black_hand), (0, Some(3)));
    assert_eq!((d.pieces[2].hand, d.pieces[2].black_hand), (1, None));
    // The pair is written back and read the same.
    let again = parse(&d.to_text());
    assert_eq!(again.definition, *d);
    assert!(d.to_text().contains("guard:G:WF:::2,0"), "{}", d.to_text());
    // Equal counts are the single form.
    let same = parse("rook:R:R::a1:3,3\nking:K:K::e1\n");
    assert_eq!(
        (
            same.definition.pieces[0].hand,
            same.definition.pieces[0].black_hand
        ),
        (3, None)
    );
    // Anything else is a warning naming the field.
    let w: Vec<_> = parse("rook:R:R::a1:2,x\nking:K:K::e1\n")
        .warnings()
        .cloned()
        .collect();
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(
        (w[0].line, w[0].column, w[0].piece.as_deref()),
        (1, 14, Some("rook"))
    );
}

#[test]
fn counterbare_lose_is_loss() {
    let p = parse("counterbare=lose\nrook:R:R::a1\nking:K:K::e1\n");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    assert_eq!(p.definition.rules.counterbare, idiagram::Outcome::Loss);
}

#[test]
fn br_tags_end_lines_as_in_phpbb_pastes() {
    // The script keeps the part of each line before `<br>`; pages pasted from phpBB end
    // every line with one. Lines and columns stay the source's.
    let p = parse("files=8<br>\nranks=8<BR/>\nrook::R::a1<br />\nking::K::e1<br>\n");
    assert_eq!(p.diagnostics.len(), 0, "{:?}", p.diagnostics);
    let d = &p.definition;
    assert_eq!((d.files, d.ranks), (8, 8));
    assert_eq!(d.pieces[0].white, [Coord::new(0, 0)]);
    assert_eq!(d.pieces[1].white, [Coord::new(4, 0)]);
    // In a one-line form the tags separate the items.
    let one = parse("files=10<br>ranks=8<br>rook::R::a1<br>king::K::f1");
    assert_eq!((one.definition.files, one.definition.pieces.len()), (10, 2));
    // A bad square after the tag still names its own column.
    let bad = parse("rook::R::a1<br>\nking::K::z9\n");
    let w: Vec<_> = bad.warnings().collect();
    assert_eq!((w.len(), w[0].line, w[0].column), (1, 2, 10), "{w:?}");
}

/// The page's HTML is read as the script reads its element's text (regressions found by the
/// metamorphic test over the real definitions, `crates/fairyboard/tests/compat_corpus/`):
/// paragraphs and a wrapping `<div>` end lines, entities stand for their characters (a
/// capture matrix's `"` written `&quot;` repeats a row), `&nbsp;` is a blank (a name written
/// with one is the name with a blank).
#[test]
fn page_html_is_read_as_the_elements_text() {
    let plain = parse(
        "files=8\nranks=8\nFairy piece:X:N::b1\nking::::e1\ncaptureMatrix=.X/\"\ngraphicsDir=/a?b=1&c=2\n",
    );
    assert!(plain.is_ok());
    let html = [
        // A rich-text editor's paragraphs, no newline between them.
        "<p>files=8</p><p>ranks=8</p><p>Fairy piece:X:N::b1</p><p>king::::e1</p>\
         <p>captureMatrix=.X/&quot;</p><p>graphicsDir=/a?b=1&amp;c=2</p>",
        // The Design Wizard's wrapper, CR LF, no-break spaces, a comment.
        "<div class=\"idiagram\" style=\"float: left;\">\r\n&nbsp;files=8<br />\r\n\
         ranks=8<BR>\r\nFairy&nbsp;piece:X:N::b1\r\nking::::e1<!-- the king -->\r\n\
         captureMatrix=.X/&#34;\r\ngraphicsDir=/a?b=1&#x26;c=2</div>",
        // A no-break space as the script's text content gives it to a page.
        "files=8\nranks=8\nFairy\u{a0}piece:X:N::b1\nking::::e1\ncaptureMatrix=.X/\"\n\
         graphicsDir=/a?b=1&c=2\n",
    ];
    for text in html {
        let p = parse(text);
        assert!(p.diagnostics.is_empty(), "{text}: {:?}", p.diagnostics);
        assert_eq!(p.definition, plain.definition, "{text}");
    }
    // Lines keep their numbers and parts their columns: the bad square is on line 2, in
    // the part after the tags (column 29 of the source line: `<p>` 1-3, `rook::::a1` 4-13,
    // `</p><p>` 14-20, `king::::` 21-28).
    let bad = parse("files=8<br>\n<p>rook::::a1</p><p>king::::z9</p>");
    let w: Vec<_> = bad.warnings().collect();
    assert_eq!((w.len(), w[0].line, w[0].column), (1, 2, 29), "{w:?}");
    // After an entity, a column counts the source's characters: `z9` is at column 18 of
    // `rook:R:R:a&amp;b:z9` (the entity is columns 11-15).
    let ent = parse("files=8\nrook:R:R:a&amp;b:z9\nking::::e1");
    let w: Vec<_> = ent.warnings().collect();
    assert_eq!((w.len(), w[0].line, w[0].column), (1, 2, 18), "{w:?}");
    assert_eq!(ent.definition.pieces[0].image, "a&b");
    // What the entities stood for is written back so that it reads as itself again: an
    // image named `a&amp;b` (written `a&amp;amp;b`) and a literal `<br>` in a value.
    let lit = parse("files=8\nrook:R:R:a&amp;amp;b:a1\nking::::e1\ntheme=x&lt;br>y\n");
    assert_eq!(lit.definition.pieces[0].image, "a&amp;b");
    assert_eq!(lit.definition.param("theme"), Some("x<br>y"));
    assert_eq!(parse(&lit.definition.to_text()).definition, lit.definition);
    // A `<` or `&` that starts no tag or entity is text.
    let lt = parse("files=8\nrook:R:R:a<b&c:a1\nking::::e1");
    assert_eq!(lt.definition.pieces[0].image, "a<b&c");
}

/// A stored one-line form with a garbled piece line (Macadamia Shogi's `Hook MoverHRmasR:
/// Nightrider:f3`, two `:` short) is still split into its items: the garbled line is
/// skipped with its warning, as it is one item a line, instead of the whole text being
/// taken as one unusable item.
#[test]
fn a_garbled_piece_line_does_not_glue_the_one_line_form() {
    let lines = "files=8\nrook::::a1\nHook MoverHRmasR:Nightrider:f3\nking::::e1";
    let one = lines.replace('\n', " ");
    let (a, b) = (parse(lines), parse(&one));
    assert_eq!(a.definition, b.definition);
    assert_eq!(b.definition.pieces.len(), 2);
    let w: Vec<_> = b.warnings().collect();
    assert_eq!((w.len(), w[0].line, w[0].column), (1, 1, 20), "{w:?}");
    // The same text with `<br>` between the items and no newline.
    let br = parse(&lines.replace('\n', "<br>"));
    assert_eq!(br.definition, a.definition);
}

#[test]
fn a_piece_line_without_name_and_image_is_skipped() {
    // The script needs an image; with no name to derive it from the line is dropped before
    // it is counted, so the King stays the 2nd type and the default royal.
    let p = parse("rook::R::a1\n:X:F::b1\nking::K::e1\n");
    let names: Vec<&str> = p
        .definition
        .pieces
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["rook", "king"]);
    assert_eq!(p.definition.royal, [1]);
    let w: Vec<_> = p.warnings().collect();
    assert_eq!((w.len(), w[0].line, w[0].column), (1, 2, 1));
    // With an image the nameless piece is kept.
    let kept = parse("rook::R::a1\n:X:F:ferz:b1\nking::K::e1\n");
    assert_eq!(kept.definition.pieces.len(), 3);
    assert_eq!(kept.definition.pieces[1].id, "X");
}

#[test]
fn a_square_field_of_zero_means_no_squares() {
    // `parts[4] == 0` in the script: `0` (like an empty field) places nothing.
    let p = parse("rook::R::0\nking::K::e1\n");
    assert_eq!(p.diagnostics.len(), 0, "{:?}", p.diagnostics);
    assert!(p.definition.pieces[0].white.is_empty());
}

#[test]
fn br_tags_anywhere_never_panic_and_keep_positions() {
    // `<br>` variants and broken tags dropped at arbitrary byte positions (char boundaries)
    // of a multi-byte definition: parsing never panics and every diagnostic points inside
    // the text.
    let base =
        "files=10\nranks=8\npawn:P:ifmnDfmWfceF::a2-j2\nelephant (象):E:mafF:象:c1\nking::::f1\n";
    let tags = [
        "<br>", "<BR/>", "<br />", "<br", "<bR  >", "<brx>", ">", "<",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    for _ in 0..500 {
        let mut text = base.to_string();
        for _ in 0..1 + next(4) {
            let mut at = next(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.insert_str(at, tags[next(tags.len())]);
        }
        let p = parse(&text);
        let lines = text.split('\n').count();
        for d in &p.diagnostics {
            assert!(
                d.line >= 1 && d.line <= lines && d.column >= 1,
                "{text:?}: {d}"
            );
        }
    }
}

/// A board larger than the 24x24 fairyboard supports is cut to 24 (the script draws any size;
/// Taikyoku Shogi is 36x36), not replaced by the 8x8 default: the pieces within the cut keep
/// their squares and each square beyond it is a warning. `files=0` gives no board, which the
/// script refuses ("Cannot make a diagram"); here the default stays, with a warning.
#[test]
fn a_board_beyond_the_limit_is_cut_to_24() {
    let parsed = parse("files=36\nranks=30\nrook::::a1,x24,y1\nking::::e1\n");
    assert!(parsed.is_ok());
    let def = &parsed.definition;
    assert_eq!((def.files, def.ranks), (24, 24));
    let rook = &def.pieces[0];
    assert_eq!(squares(&rook.white), ["a1", "x24"]);
    let msgs: Vec<String> = parsed.warnings().map(|d| d.to_string()).collect();
    assert_eq!(
        msgs,
        [
            "line 1, column 7 (parameter 'files'): warning: 36 is more than the 24 supported; the board is cut to 24",
            "line 2, column 7 (parameter 'ranks'): warning: 30 is more than the 24 supported; the board is cut to 24",
            "line 3, column 16 (piece 'rook'): warning: square 'y1' is outside the 24x24 board; it is left out",
        ]
    );
    let zero = parse("files=0\nrook::::a1\n");
    assert_eq!(zero.definition.files, 8);
    assert_eq!(zero.warnings().count(), 1);
}

/// Squares are read as the script's `PutPiece` reads them: the rank is JavaScript's
/// `parseInt` of the two characters after the file letter, less `firstRank`. So with
/// `firstRank=0` (the page's coordinates then number the bottom rank 0) `a0` is the bottom
/// left corner, and the canonical text writes the squares the same way back; `b2x` is b2
/// (the `x` ignored, with a warning) and `c02` is c2.
#[test]
fn squares_count_from_first_rank_and_read_the_number_as_the_script_does() {
    let parsed = parse("files=8\nranks=8\nfirstRank=0\nrook::::a0,h0\nking::::e0\n");
    assert!(parsed.is_ok());
    assert_eq!(parsed.warnings().count(), 0, "{:?}", parsed.diagnostics);
    let def = &parsed.definition;
    assert_eq!(squares(&def.pieces[0].white), ["a1", "h1"]);
    assert_eq!(squares(&def.pieces[0].black), ["a8", "h8"]);
    assert_eq!(squares(&def.pieces[1].white), ["e1"]);
    let text = def.to_text();
    assert!(text.contains("rook:R:R::a0,h0"), "{text}");
    assert_eq!(parse(&text).definition, *def);
    // With firstRank=0 the top rank of an 8-rank board is 7: `a8` is off the board.
    let off = parse("files=8\nranks=8\nfirstRank=0\nrook::::a8\nking::::e0\n");
    let msgs: Vec<String> = off.warnings().map(|d| d.to_string()).collect();
    assert_eq!(
        msgs,
        ["line 4, column 9 (piece 'rook'): warning: square 'a8' is outside the 8x8 board; it is left out"]
    );

    let lenient = parse("rook::::b2x,c02\nking::::e1\n");
    assert_eq!(squares(&lenient.definition.pieces[0].white), ["b2", "c2"]);
    let msgs: Vec<String> = lenient.warnings().map(|d| d.to_string()).collect();
    assert_eq!(
        msgs,
        ["line 1, column 9 (piece 'rook'): warning: 'b2x': the text 'x' after the rank is ignored (the Interactive Diagram reads only the number)"]
    );
}

/// Numbers are read as the script reads them, with JavaScript's `parseInt`: the leading
/// integer counts and the rest is ignored (with a warning here), so `files=10px`,
/// `promoZone=2;` and `maxPromote=3.5` give 10, 2 and 3; a value that does not start with
/// digits (`ten`) is still ignored.
#[test]
fn numbers_are_read_as_parse_int_reads_them() {
    let parsed = parse(
        "files=10px\nranks=ten\npromoZone=2;\nmaxPromote=3.5\nrook::::a1\nbishop::::c1\nking::::e1\n",
    );
    let def = &parsed.definition;
    assert_eq!((def.files, def.ranks), (10, 8));
    assert_eq!((def.promo_zone, def.max_promote), (2, 3));
    let msgs: Vec<String> = parsed.warnings().map(|d| d.to_string()).collect();
    assert_eq!(
        msgs,
        [
            "line 1, column 7 (parameter 'files'): warning: '10px': the text after 10 is ignored (the Interactive Diagram reads only the number)",
            "line 2, column 7 (parameter 'ranks'): warning: 'ten' is not a number; the value is ignored",
            "line 3, column 11 (parameter 'promoZone'): warning: '2;': the text after 2 is ignored (the Interactive Diagram reads only the number)",
            "line 4, column 12 (parameter 'maxPromote'): warning: '3.5': the text after 3 is ignored (the Interactive Diagram reads only the number)",
        ]
    );
}

/// Hand counts too are read with `parseInt` (`betza.js` splits the field at `,` and reads
/// the first two parts): `2x` is 2 for both sides, `1,x` is one for White and none for Black;
/// a field without any digits (`x`) puts none in hand, as before.
#[test]
fn hand_counts_are_read_as_parse_int_reads_them() {
    let parsed = parse("rook:::::2x\nbishop:::::1,x\nknight:N::::x\nking::::e1\n");
    let hands: Vec<(u32, Option<u32>)> = parsed
        .definition
        .pieces
        .iter()
        .map(|p| (p.hand, p.black_hand))
        .collect();
    assert_eq!(hands, [(2, None), (1, Some(0)), (0, None), (0, None)]);
    let msgs: Vec<String> = parsed.warnings().map(|d| d.message.clone()).collect();
    assert_eq!(
        msgs,
        [
            "hand count '2x' is read as 2, as the Interactive Diagram reads it",
            "hand count '1,x' is read as 1,0, as the Interactive Diagram reads it",
            "hand count 'x' is not a number or a pair 'white,black'; none start in hand",
        ]
    );
}
