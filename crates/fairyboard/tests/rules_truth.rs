//! Rules pages never state a false rule (issue 17). Each false statement once measured on
//! the pages is a regression test here, with the expected words worked out by hand from
//! the games' published rules (chessvariants.com's Xiangqi, Shogi, Fischer Random and
//! Atomic pages) and the definitions in `variants/`; and every catalogue variant's page is
//! compared with its compiled rule set (royalty, stalemate, repetition, move rule, baring,
//! shuffle, promotion per piece, drops, capture matrix, iron and protected pieces).

use std::path::PathBuf;

use fairyboard_core::marks::{MarkKind, Symbol, Way};
use fairyboard_core::variant::LandingRule;
use fairyboard_core::{catalogue, Color, Variant};
use fairyboard_render::rules_page::{self, Rules};

fn setup_env() {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants")),
    );
}

/// A file of the compatibility corpus (`tests/compat/corpus/`), compiled.
fn corpus(file: &str) -> std::sync::Arc<fairyboard_core::Variant> {
    setup_env();
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/compat/corpus"
    ))
    .join(file);
    catalogue::load(path.to_str().expect("a UTF-8 path")).expect("compiles")
}

fn analyse(name: &str) -> Rules {
    setup_env();
    rules_page::analyse(&catalogue::load(name).expect("compiles"))
}

/// Every sentence of the page, one string.
fn all_words(r: &Rules) -> String {
    let mut s: Vec<String> = Vec::new();
    s.extend(r.shuffle.iter().cloned());
    s.extend(r.pawns.iter().cloned());
    s.extend(r.castling.iter().cloned());
    s.extend(r.promotion.iter().cloned());
    s.extend(r.holdings.iter().cloned());
    s.extend(r.game_end.iter().cloned());
    s.extend(r.differences.iter().flatten().cloned());
    for p in &r.pieces {
        s.extend(p.remarks.iter().cloned());
    }
    s.join("\n")
}

fn marks_of(r: &Rules, id: &str) -> (String, Vec<(String, Vec<Symbol>)>) {
    let p = r.pieces.iter().find(|p| p.id == id).expect("piece");
    (p.glance.from.clone(), p.glance.marks.clone())
}

fn title(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[test]
fn a_definition_without_royal_line_is_described_by_its_own_royalty() {
    setup_env();
    // A King-like last piece and no `royal=`: whatever royalty the parser gives it, the
    // page must say that and nothing else, and never offer a royal piece as a promotion.
    let text = "files=8\nranks=8\npromoZone=1\nmaxPromote=1\n\
        pawn:P:fmWfcF::a2-h2\nrook:R:R::a1,h1\nking:K:K::e1\n";
    let (v, _) = Variant::from_definition("noroyal", text).expect("compiles");
    let r = rules_page::analyse(&v);
    let end = r.game_end.join("\n");
    let royal: Vec<&str> = v
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.name.as_str())
        .collect();
    if royal.is_empty() {
        assert!(
            end.contains("No piece of this definition is royal"),
            "{end}"
        );
        assert!(end.contains("a side without a legal move"), "{end}");
    } else {
        assert!(!end.contains("royal: there is no check"), "{end}");
        for name in &royal {
            assert!(end.contains(&title(name)), "{end}");
        }
        let promo = r.promotion.join("\n");
        assert!(
            !promo.contains("King"),
            "a royal is no promotion choice: {promo}"
        );
        let king = r.pieces.iter().find(|p| p.id == "K").unwrap();
        assert_eq!(king.value, None);
    }
    for p in &r.pieces {
        assert_eq!(
            p.royal,
            v.pieces.iter().any(|q| q.id == p.id && q.royal),
            "{}",
            p.name
        );
    }
}

#[test]
fn shogi_pieces_are_never_compared_with_the_chess_pawns_choices() {
    let r = analyse("shogi");
    let words = all_words(&r);
    assert!(!words.contains("cannot promote to"), "{words}");
    // The Bishop promotes to the Horse only (promoOffset pairs, variants/shogi.txt).
    let promo = r.promotion.join("\n");
    assert!(
        promo.contains("The Bishop on ranks 7-9 may promote to Horse."),
        "{promo}"
    );
}

#[test]
fn no_piece_is_listed_twice() {
    setup_env();
    for name in catalogue::names() {
        let r = analyse(&name);
        let mut setup: Vec<&str> = r.setup.iter().map(|l| l.piece.as_str()).collect();
        let n = setup.len();
        setup.sort();
        setup.dedup();
        assert_eq!(setup.len(), n, "{name}: setup lines");
        // No list in any sentence repeats an item ("X, Y or X").
        for sentence in all_words(&r).split(['\n', ';', '(']) {
            let items: Vec<&str> = sentence
                .split([',', ':', ';'])
                .flat_map(|s| s.split(" or ").flat_map(|s| s.split(" and ")))
                .map(|s| s.trim().trim_end_matches('.'))
                .filter(|s| s.len() > 2 && s.chars().next().is_some_and(char::is_uppercase))
                .collect();
            let mut sorted = items.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), items.len(), "{name}: {sentence}");
        }
    }
}

#[test]
fn chess960_says_its_setup_is_shuffled_and_how() {
    let r = analyse("chess960");
    let shuffle = r.shuffle.join("\n");
    // Fischer Random: 960 start positions, bishops on opposite colours, king between the
    // rooks, Black mirroring White.
    assert!(
        shuffle.contains("There are 960 possible start positions."),
        "{shuffle}"
    );
    assert!(
        shuffle
            .contains("The Bishops are spread as evenly as possible over light and dark squares."),
        "{shuffle}"
    );
    assert!(
        shuffle.contains("The King stays between the pieces it castles with."),
        "{shuffle}"
    );
    assert!(shuffle.contains("mirror image"), "{shuffle}");
    assert!(shuffle.contains("a1-h1"), "{shuffle}");
    let d = r.differences.unwrap();
    assert!(d.iter().any(|s| s.contains("shuffled")), "{d:?}");
    setup_env();
    let html = rules_page::html(&catalogue::load("chess960").unwrap());
    assert!(!html.contains("the rules are those of FIDE chess"));
}

#[test]
fn xiangqi_states_its_own_rules() {
    let r = analyse("xiangqi");
    let words = all_words(&r);
    // Stalemate loses in xiangqi (variants/xiangqi.txt: stalemate=loss).
    assert!(
        words.contains("Stalemate (no legal move, not in check) loses for the stalemated side"),
        "{words}"
    );
    assert!(!words.contains("is a draw.\nStalemate"));
    assert!(
        !words.contains("King has no initial double step"),
        "{words}"
    );
    assert!(!words.contains("plays the part"), "{words}");
    assert!(!words.contains("as the Knight does"), "{words}");
    // The horse is lame: every one of its eight squares from e5 can be blocked.
    let (from, horse) = marks_of(&r, "N");
    assert_eq!(from, "e5");
    let slides: Vec<_> = horse
        .iter()
        .filter(|(_, m)| m == &[Symbol::both(Way::Slide)])
        .collect();
    assert_eq!(slides.len(), 8, "{horse:?}");
    // The rest are the four squares that hobble it.
    assert!(
        horse
            .iter()
            .all(|(_, m)| m == &[Symbol::both(Way::Slide)] || m == &[Symbol::of(MarkKind::Block)]),
        "{horse:?}"
    );
    // Palace pieces are shown inside the palace, on squares they can reach: the king on
    // e3 steps to d3, f3 and e2; the advisor on d3 only to e2; the elephant on e3 (its
    // square nearest the middle, with c5 and g5) to c1, g1, c5 and g5.
    // (Targets only: the page also hatches the squares outside and marks blocking ones.)
    let squares = |m: Vec<(String, Vec<Symbol>)>| {
        m.into_iter()
            .filter(|(_, k)| {
                !k.contains(&Symbol::of(MarkKind::Outside))
                    && !k.contains(&Symbol::of(MarkKind::Block))
            })
            .map(|(s, _)| s)
            .collect::<Vec<_>>()
    };
    let (from, king) = marks_of(&r, "K");
    assert_eq!(from, "e3");
    assert_eq!(squares(king), ["d3", "f3", "e2"]);
    let (from, advisor) = marks_of(&r, "A");
    assert_eq!(from, "d3");
    assert_eq!(squares(advisor), ["e2"]);
    let (from, elephant) = marks_of(&r, "B");
    assert_eq!(from, "e3");
    assert_eq!(squares(elephant), ["c5", "g5", "c1", "g1"]);
    // The soldier that may step sideways (ID P, like the pawn) exists only across the
    // river: the pawn must turn into it on ranks 6-10. It is shown on e6, the square of
    // that region nearest the middle, never on e5 where only the pawn stands; from e6 it
    // steps forward to e7 or sideways to d6 and f6 (chessvariants.com's Xiangqi page).
    let soldier = r
        .pieces
        .iter()
        .find(|p| p.name == "soldier")
        .expect("soldier");
    assert_eq!(soldier.glance.from, "e6");
    let mut targets = squares(soldier.glance.marks.clone());
    targets.sort();
    assert_eq!(targets, ["d6", "e7", "f6"]);
}

#[test]
fn a_rose_is_not_unblockable() {
    setup_env();
    let text = "files=8\nranks=8\nroyal=2\nrose:O:qN::a1\nking:K:K::e1\n";
    let (v, _) = Variant::from_definition("rose", text).expect("compiles");
    let r = rules_page::analyse(&v);
    let (from, marks) = marks_of(&r, "O");
    assert_eq!(from, "d4");
    // Only the first knight leap (b3 b5 c2 c6 e2 e6 f3 f5) cannot be blocked; every
    // further square of the circle needs the squares before it empty.
    let knight = ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"];
    for (sq, m) in &marks {
        if knight.contains(&sq.as_str()) {
            assert!(m.contains(&Symbol::both(Way::Leap)), "{sq}: {m:?}");
        } else {
            assert!(!m.contains(&Symbol::both(Way::Leap)), "{sq}: {m:?}");
        }
    }
    assert!(marks.len() > 8, "{marks:?}");
    // The browser's move diagram (the same core answer) draws the same leaps and slides.
    let d = fairyboard_wasm::Diagram::new(text);
    let live: serde_json::Value =
        serde_json::from_str(&d.move_diagram(0, -1, -1, false)).expect("JSON");
    assert_eq!(live["at"], serde_json::json!([3, 3]), "d4");
    let ways = |way: &str| -> Vec<String> {
        let mut v: Vec<String> = live["marks"]
            .as_array()
            .expect("marks")
            .iter()
            .filter(|m| {
                m["way"] == way && m["kind"].as_str().is_some_and(|k| k.starts_with("both"))
            })
            .map(|m| {
                let f = m["file"].as_u64().unwrap() as u8;
                format!("{}{}", (b'a' + f) as char, m["rank"].as_u64().unwrap() + 1)
            })
            .collect();
        v.sort();
        v
    };
    let page = |mark: Symbol| -> Vec<String> {
        let mut v: Vec<String> = marks
            .iter()
            .filter(|(_, m)| m.contains(&mark))
            .map(|(s, _)| s.clone())
            .collect();
        v.sort();
        v
    };
    assert_eq!(ways("leap"), knight);
    assert_eq!(ways("leap"), page(Symbol::both(Way::Leap)));
    assert_eq!(ways("slide"), page(Symbol::both(Way::Slide)));
}

#[test]
fn atomic_explains_explosions() {
    let r = analyse("atomic");
    let end = r.game_end.join("\n");
    // atomicCapture=1: both colours die around the capture except the first type (pawns),
    // and the capturer always goes; '@' on every capture (variants/atomic.txt).
    assert!(
        end.contains("When any piece captures any enemy piece, the capture explodes."),
        "{end}"
    );
    assert!(
        end.contains(
            "Explosion: the capturer, its victim and every piece of either colour on the 8 squares around the capture square disappear, except Pawns standing around it."
        ),
        "{end}"
    );
}

/// White's promotion choices of type `t` and whether staying is allowed, straight from
/// the compiled landing rules.
fn promotions(v: &Variant, t: usize) -> Vec<(Vec<usize>, bool)> {
    let mut out = Vec::new();
    for &sq in v.playable() {
        if let LandingRule::Promote(rule) = v.landing_rule(t, Color::White, sq) {
            let choices = rule.choices.iter().map(|&(x, _)| x as usize).collect();
            out.push((choices, rule.may_stay));
        }
    }
    out
}

#[test]
fn every_catalogue_page_agrees_with_its_rule_set() {
    setup_env();
    for name in catalogue::names() {
        let v = catalogue::load(&name).expect("compiles");
        let r = rules_page::analyse(&v);
        let end = r.game_end.join("\n");
        let words = all_words(&r);
        let rules = &v.rules;
        // Royalty.
        let royals: Vec<String> = v
            .pieces
            .iter()
            .filter(|p| p.royal)
            .map(|p| title(&p.name))
            .collect();
        if royals.is_empty() {
            assert!(
                end.contains("No piece of this definition is royal"),
                "{name}: {end}"
            );
        } else {
            assert!(!end.contains("is royal: there is no check"), "{name}");
            for n in &royals {
                assert!(end.contains(n.as_str()), "{name}: {n} in {end}");
            }
        }
        for (p, q) in r.pieces.iter().zip(&v.pieces) {
            assert_eq!(p.royal, q.royal, "{name}: {}", q.name);
            assert_eq!(p.value.is_none(), q.royal, "{name}: {}", q.name);
        }
        // Stalemate.
        let stalemate = match rules.stalemate {
            fairyboard_core::rules::RuleOutcome::Draw => "is a draw",
            // H. G. Muller (chessvariants.com comment 64003): the Diagram scores a side without
            // a legal move as lost unless `stalemate=draw`, so `win` is a win for the side that
            // stalemates; no value lets the stalemated side win.
            fairyboard_core::rules::RuleOutcome::Loss
            | fairyboard_core::rules::RuleOutcome::Win => {
                "loses for the stalemated side (a win for the side that gives it)"
            }
        };
        assert!(
            end.contains(&format!(
                "Stalemate (no legal move, not in check) {stalemate}."
            )),
            "{name}: {end}"
        );
        // Repetition and move count.
        assert_eq!(
            end.contains("occurrence of the same position"),
            rules.repetition > 0,
            "{name}"
        );
        assert_eq!(
            end.contains(&format!("{} moves by each side", rules.move_rule)),
            rules.move_rule > 0,
            "{name}"
        );
        // Baring, and what bares the opponent back on the next move does.
        assert_eq!(
            end.contains("is bared and loses"),
            rules.baring != 0,
            "{name}"
        );
        if rules.baring != 0 {
            let counter = match rules.counterbare {
                fairyboard_core::rules::RuleOutcome::Draw => "then it is a draw",
                fairyboard_core::rules::RuleOutcome::Win => "then the counter-barer wins",
                fairyboard_core::rules::RuleOutcome::Loss => "even then it loses",
            };
            assert!(end.contains(counter), "{name}: {end}");
        }
        // The very occurrence of a position that draws.
        if rules.repetition > 0 {
            let n = rules.repetition;
            let th = match n {
                1 => "1st".to_string(),
                2 => "2nd".to_string(),
                3 => "3rd".to_string(),
                n => format!("{n}th"),
            };
            assert!(
                end.contains(&format!("The {th} occurrence of the same position")),
                "{name}: {end}"
            );
        }
        // Castling is described exactly for the variants whose pieces castle.
        let castles = v.pieces.iter().any(|p| {
            p.program
                .records
                .iter()
                .any(|r| r.kind == xbetza::Kind::Castle)
        });
        assert_eq!(!r.castling.is_empty(), castles, "{name}: {:?}", r.castling);
        // Confinement: a piece its morph board keeps off some square says so.
        for (t, p) in v.pieces.iter().enumerate() {
            let kept_off = v
                .playable()
                .iter()
                .any(|&sq| v.landing_rule(t, Color::White, sq) == LandingRule::Forbidden);
            let remarks = r.pieces[t].remarks.join("\n");
            assert_eq!(
                remarks.contains("Confined to") || remarks.contains("May not go to"),
                kept_off,
                "{name}: {}: {remarks}",
                p.name
            );
        }
        // Trading: a protected piece's remark names the threshold when there is one.
        for (t, p) in v.pieces.iter().enumerate() {
            let remarks = r.pieces[t].remarks.join("\n");
            let protected = t < 128 && rules.protected >> t & 1 == 1;
            let threshold = rules
                .trade_threshold
                .map(|th| format!("worth at least a {}", title(&v.pieces[th as usize].name)));
            match (&threshold, protected) {
                (Some(words), true) => {
                    assert!(remarks.contains(words.as_str()), "{name}: {}", p.name)
                }
                _ => assert!(!remarks.contains("worth at least"), "{name}: {}", p.name),
            }
        }
        // Drops: demotion of promoted pieces, drop mates and doubled drops, per piece.
        let holdings = r.holdings.join("\n");
        assert_eq!(
            holdings.contains("goes to the hand as the type it promoted from"),
            v.demote_promoted && v.holdings_type == -1,
            "{name}: {holdings}"
        );
        let drops = v.holdings_type == -1;
        for p in &v.pieces {
            let t = title(&p.name);
            assert_eq!(
                holdings.contains(&format!("Dropping a {t} may give check but not checkmate.")),
                drops && p.no_drop_mate,
                "{name}: {t}"
            );
            assert_eq!(
                holdings.contains(&format!(
                    "A {t} may not be dropped on a file where its owner already has a {t}."
                )),
                drops && p.no_doubled_drop,
                "{name}: {t}"
            );
        }
        assert_eq!(
            holdings.contains("in place of a friendly piece"),
            rules.hand_swap,
            "{name}"
        );
        // Black's zone: mirrored, or turned half round with rotational symmetry.
        let promo_words = r.promotion.join("\n");
        if v.symmetry == fairyboard_core::variant::Symmetry::Rotate {
            assert!(!promo_words.contains("mirror image"), "{name}");
        }
        // Promotion on leaving the zone.
        assert_eq!(
            r.promotion
                .join("\n")
                .contains("also when it leaves the zone"),
            v.promo_from_zone && !r.promotion.is_empty(),
            "{name}"
        );
        // Every page has a legend, in the live diagram's words.
        let legend = rules_page::legend(&r);
        let html = rules_page::fragment(&r);
        assert!(!legend.is_empty(), "{name}");
        assert!(html.contains("class=\"fbr-legend\""), "{name}");
        for m in legend {
            assert!(html.contains(m.meaning()), "{name}: {m:?}");
        }
        // Shuffle.
        assert_eq!(r.shuffle.is_empty(), v.shuffle.is_empty(), "{name}");
        // Promotion per piece: the piece's own choices, each named, forced or optional.
        let promo = r.promotion.join("\n");
        for (t, p) in v.pieces.iter().enumerate() {
            let groups = promotions(&v, t);
            let line = promo
                .lines()
                .find(|l| l.starts_with(&format!("The {} ", title(&p.name))));
            if groups.is_empty() {
                assert!(line.is_none(), "{name}: {} does not promote", p.name);
                continue;
            }
            let line = line.unwrap_or_else(|| panic!("{name}: {} promotes", p.name));
            for (choices, may_stay) in groups {
                for c in choices {
                    assert!(line.contains(&title(&v.pieces[c].name)), "{name}: {line}");
                }
                let verb = if may_stay {
                    " may promote to "
                } else {
                    " must promote to "
                };
                assert!(line.contains(verb), "{name}: {line}");
            }
        }
        // Drops.
        assert_eq!(
            holdings.contains("drop"),
            v.holdings_type == -1,
            "{name}: {holdings}"
        );
        // Capture matrix, iron and protected pieces in plain words.
        if !rules.matrix_is_empty() {
            assert!(end.contains("When "), "{name}: {end}");
            assert!(!end.contains("capture matrix"), "{name}: {end}");
        }
        for (t, p) in v.pieces.iter().enumerate() {
            let remarks = r.pieces[t].remarks.join("\n");
            let iron = t < 128 && rules.iron >> t & 1 == 1;
            assert_eq!(remarks.contains("Iron"), iron, "{name}: {}", p.name);
            let protected = t < 128 && rules.protected >> t & 1 == 1;
            assert_eq!(
                remarks.contains("Protected"),
                protected,
                "{name}: {}",
                p.name
            );
        }
        // Nothing is compared with chess by name.
        assert!(!words.contains("plays the part"), "{name}");
        // "The X cannot promote to Y or Z": X really has neither choice.
        for sentence in words.lines() {
            let Some(rest) = sentence.strip_prefix("The ") else {
                continue;
            };
            let Some((who, whom)) = rest.split_once(" cannot promote to ") else {
                continue;
            };
            let t = v
                .pieces
                .iter()
                .position(|p| title(&p.name) == who)
                .expect(who);
            let choices: Vec<String> = promotions(&v, t)
                .into_iter()
                .flat_map(|(c, _)| c)
                .map(|c| title(&v.pieces[c].name))
                .collect();
            for x in whom.trim_end_matches('.').split([',', ' ']) {
                assert!(!choices.contains(&x.to_string()), "{name}: {sentence}");
            }
        }
        if name != "chess" {
            assert!(
                !words.contains("the rules are those of FIDE chess"),
                "{name}"
            );
        }
    }
}

#[test]
fn the_piece_name_list_wraps() {
    // The names are written side by side without spaces between the links, so only a
    // wrapping flex row lets 20+ names break onto more lines (shogi has 14, a 40-piece
    // variant's row was 1886 px wide in a 1200 px window).
    assert!(rules_page::CSS.contains(".fbr-names{display:flex;flex-wrap:wrap"));
}

/// Rules no catalogue game uses, each stated from the compiled rule set: a spell of each
/// kind (with the pieces that cast it and its zone), the conversion rule, hand swaps and
/// the Lion's trading threshold.
#[test]
fn rarer_rules_are_stated_from_the_rule_set() {
    setup_env();
    let base = "files=8\nranks=8\nroyal=3\nwizard:W:K::a1\nrook:R:R::b1\nking:K:K::e1\n";
    for (spell, words) in [
        ("burn", "burning spell on the 8 squares around them: an enemy piece that ends its move there is removed"),
        ("freeze", "freezing spell on the 8 squares around them: an enemy piece standing there cannot move"),
        ("protect", "protecting spell on the 8 squares around them: a friendly piece standing there cannot be captured"),
    ] {
        let text = format!("{base}spell={spell}\ntrackPieces=W\n");
        let (v, _) = Variant::from_definition("spell", &text).expect("compiles");
        let r = rules_page::analyse(&v);
        let end = r.game_end.join("\n");
        assert!(end.contains(&format!("The Wizards cast a {words}.")), "{spell}: {end}");
    }
    // A spell zone of the 4 orthogonal neighbours (`W`) is named as such.
    let text = format!("{base}spell=freeze\nspellZone=W\ntrackPieces=W\n");
    let (v, _) = Variant::from_definition("spell", &text).expect("compiles");
    let end = rules_page::analyse(&v).game_end.join("\n");
    assert!(
        end.contains("on the 4 orthogonally adjacent squares around them"),
        "{end}"
    );
    // The capture matrix's column for moves that take nothing: a move there is no
    // capture ("captures an empty square" would be), and exploding there is the move's.
    let (v, _) =
        Variant::from_definition("boom", &format!("{base}captureMatrix=/@@\n")).expect("compiles");
    let end = rules_page::analyse(&v).game_end.join("\n");
    assert!(
        end.contains(
            "When a Rook moves to an empty square or captures an enemy Wizard, the move explodes."
        ),
        "{end}"
    );
    assert!(!end.contains("captures an empty square"), "{end}");
    // With rotational symmetry Black's promotion zone is White's turned half round, not
    // its mirror image (on a 5-file board with a hole on a1, Black's hole is e5).
    let (v, _) = Variant::from_definition(
        "turned",
        "files=5\nranks=5\nsymmetry=rotate\npromoZone=1\nmaxPromote=1\npromoChoice=Q\nroyal=3\n\
         pawn:P:fW::b2\nqueen:Q:Q::c1\nking:K:K::d1\nhole::::a1\n",
    )
    .expect("compiles");
    let promo = rules_page::analyse(&v).promotion.join("\n");
    assert!(promo.contains("turned half round"), "{promo}");
    assert!(!promo.contains("mirror image"), "{promo}");
    // Conversion: the rook's remark, no other's.
    let (v, _) =
        Variant::from_definition("conv", &format!("{base}conversion=R\n")).expect("compiles");
    let r = rules_page::analyse(&v);
    let said = |t: usize| {
        r.pieces[t]
            .remarks
            .join(" ")
            .contains("its first move to a square of the colour")
    };
    assert!(said(1) && !said(0) && !said(2));
    // Hand swap, in the holdings.
    let (v, _) = Variant::from_definition("swap", &format!("{base}holdingsType=-1\nhandSwap=1\n"))
        .expect("compiles");
    let holdings = rules_page::analyse(&v).holdings.join("\n");
    assert!(
        holdings
            .contains("in place of a friendly piece on the board of another type with the same ID"),
        "{holdings}"
    );
    // The Lion's threshold: a Lion takes a guarded Lion only when what else it takes is
    // worth at least the threshold type (the catalogue's lion says which).
    let lion = catalogue::load("lion").expect("compiles");
    let th = lion
        .rules
        .trade_threshold
        .expect("the lion has a threshold") as usize;
    let r = rules_page::analyse(&lion);
    let remarks: String = r
        .pieces
        .iter()
        .flat_map(|p| p.remarks.clone())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        remarks.contains(&format!(
            "unless the other pieces it captures in the same move are worth at least a {}",
            title(&lion.pieces[th].name)
        )),
        "{remarks}"
    );
}

/// Every piece of every catalogue game that has a move string has a move diagram with
/// marks: the page never shows a bare piece for a piece that moves (a diagram probed from
/// a square it cannot stand on, or a probe that failed, would be empty).
#[test]
fn every_moving_piece_has_marks_in_its_diagram() {
    setup_env();
    for name in catalogue::names() {
        let r = analyse(&name);
        for p in &r.pieces {
            let betza = p.betza.trim();
            if betza.is_empty() || betza == "-" {
                continue;
            }
            assert!(
                !p.glance.marks.is_empty(),
                "{name}: {} ({betza}) from {} has an empty diagram",
                p.name,
                p.glance.from
            );
        }
    }
}

/// Castling to the adjacent square (`isO1`, H. G. Muller's Wildebeest diagram, corpus file
/// 005): Wildebeest Chess (R. Wayne Schmittberger; https://en.wikipedia.org/wiki/Wildebeest_chess)
/// lets the King move 1 to 4 squares towards the Rook, the Rook going to the square the King
/// crossed, or, after a one-square move, to the square the King left. The page once said
/// "moves 1 squares towards it, the Rook landing on the square it passed" (there is none).
#[test]
fn castling_next_to_the_rook_lands_the_rook_where_the_king_was() {
    let v = corpus("005_wildebeest-hgm-2017.txt");
    let words = rules_page::analyse(&v).castling.join("\n");
    assert!(
        words.contains(
            "The King castles with the Rook on k1: moves 1 square towards it, the Rook landing on the square it left."
        ),
        "{words}"
    );
    assert!(
        words.contains(
            "The King castles with the Rook on a1: moves 4 squares towards it, the Rook landing on the square it passed."
        ),
        "{words}"
    );
    assert!(!words.contains("1 squares"), "{words}");
    // And the board does so: King f1 castles short by one square (written as the King
    // taking its Rook, as a plain step f1g1 reads otherwise): King g1, Rook f1.
    let mut game = fairyboard_core::game::Game::from_position(
        fairyboard_core::Position::from_fen(
            v.clone(),
            "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1",
        )
        .unwrap(),
    );
    game.play_uci("f1k1").unwrap();
    assert!(
        game.position()
            .to_fen()
            .starts_with("r4k4r/11/11/11/11/11/11/11/11/R4RK4 b"),
        "{}",
        game.position().to_fen()
    );
}

/// A piece with Queen moves plus moves that take up a friendly piece (Odin's Rune Chess's
/// Valkyrie, `QudQafudQ` in H. G. Muller's diagram, corpus file 016: it may also pick up a
/// friend and set it down elsewhere) does not move "exactly as the Queen": those moves leave
/// no mark on an empty board, and the page once said so.
#[test]
fn a_queen_that_relocates_friends_is_not_the_fide_queen() {
    let v = corpus("016_odins-rune-chess-hgm-2020.txt");
    let d = rules_page::analyse(&v)
        .differences
        .expect("compared with chess")
        .join("\n");
    assert!(
        !d.contains("Valkyrie (V) moves exactly as the Queen"),
        "{d}"
    );
    assert!(d.contains("Valkyrie (V, QudQafudQ)"), "{d}");
    // The plain pieces are still recognised.
    assert!(!d.contains("Rook (R, R)"), "{d}");
}
