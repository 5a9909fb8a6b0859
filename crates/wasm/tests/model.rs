//! The Design Wizard's round trip through Rust: a definition read as a model
//! (`definition_model`) and written back (`write_definition`) is the same definition — the
//! same pieces, squares, zones, rules and parameters as the parser reads from the original.

use fairyboard_wasm::{definition_model, write_definition};
use serde_json::{json, Value};

fn round_trip(text: &str) -> (idiagram::Definition, idiagram::Definition, String) {
    let model: Value = serde_json::from_str(&definition_model(text)).unwrap();
    let edited = json!({
        "definition": model["definition"],
        "promoChoice": model["promoChoice"],
        "morphs": model["morphs"],
        "extra": [],
    });
    let out: Value = serde_json::from_str(&write_definition(&edited.to_string())).unwrap();
    assert_eq!(out["ok"], true, "{out}");
    let written = out["text"].as_str().unwrap().to_string();
    (
        idiagram::parse(text).definition,
        idiagram::parse(&written).definition,
        written,
    )
}

#[test]
fn every_catalogue_definition_survives_the_wizard_round_trip() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (a, b, written) = round_trip(&text);
        let name = path.display();
        // The written symmetry is the one the squares follow, so only what it stands for is
        // compared: every piece with its squares (both armies) and zones, the holes, rules.
        assert_eq!(a.pieces, b.pieces, "{name}\n{written}");
        assert_eq!(a.start_position(), b.start_position(), "{name}");
        assert_eq!((&a.holes, &a.royal), (&b.holes, &b.royal), "{name}");
        assert_eq!(a.rules, b.rules, "{name}");
        assert_eq!(a.promo_choice, b.promo_choice, "{name}");
        assert_eq!(a.capture_matrix, b.capture_matrix, "{name}");
        assert_eq!(a.params, b.params, "{name}");
        seen += 1;
    }
    assert!(seen >= 10, "only {seen} definitions");
}

/// The editor's own text wins where it holds one: its promotion choices, its zones and its
/// further lines; the symmetry follows the squares.
#[test]
fn the_editors_text_fields_are_written_as_given() {
    let model: Value = serde_json::from_str(&definition_model(
        "files=4\nranks=4\npawn::fmW::a2\nking::K::a1\n",
    ))
    .unwrap();
    let mut d = model["definition"].clone();
    // Black's king placed by hand on d4 (a1 turned half round), Black's pawn removed.
    d["pieces"][1]["black"] = json!([{ "file": 3, "rank": 3 }]);
    d["pieces"][0]["black"] = json!([]);
    let edited = json!({
        "definition": d,
        "promoChoice": "K",
        "morphs": ["K", null],
        "extra": ["iron=2"],
    });
    let out: Value = serde_json::from_str(&write_definition(&edited.to_string())).unwrap();
    let text = out["text"].as_str().unwrap();
    assert!(text.contains("\nsymmetry=none\n"), "{text}");
    assert!(text.contains("\npromoChoice=K\n"), "{text}");
    assert!(text.contains("\npawn:P:fmW::a2,,\nmorph=K\n"), "{text}");
    assert!(text.contains("\nking:K:K::a1,,d4\n"), "{text}");
    assert!(text.contains("\niron=2\n"), "{text}");
    let back = idiagram::parse(text).definition;
    assert_eq!(back.rules.iron, vec![1]);
    let lines: Vec<&str> = text.lines().collect();
    let at = |n: &Value| lines[n.as_u64().unwrap() as usize - 1];
    assert!(at(&out["pieceLines"][0]).starts_with("pawn:"));
    assert!(at(&out["pieceLines"][1]).starts_with("king:"));
}

#[test]
fn a_model_that_is_not_one_is_refused_with_the_reason() {
    let out: Value = serde_json::from_str(&write_definition("{\"definition\": 3}")).unwrap();
    assert_eq!(out["ok"], false);
    assert!(
        out["error"].as_str().unwrap().contains("definition model"),
        "{out}"
    );
}
